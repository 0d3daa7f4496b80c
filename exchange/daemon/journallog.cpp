// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "daemon/journallog.h"

#include <QtCore/QList>

#include <sys/stat.h>
#include <unistd.h>

namespace everx {

namespace {

bool s_journal = false;

void writeAll(const QByteArray &bytes)
{
    const char *data = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(STDERR_FILENO, data, size_t(left));
        if (n <= 0)
            return; // nowhere left to complain to
        data += n;
        left -= n;
    }
}

void handler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (s_journal) {
        writeAll(JournalLog::journalLine(type, context.category, message));
        return;
    }
    writeAll(qFormatLogMessage(type, context, message).toLocal8Bit() + '\n');
}

} // namespace

int JournalLog::priority(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg:
        return 7; // LOG_DEBUG
    case QtInfoMsg:
        return 6; // LOG_INFO
    case QtWarningMsg:
        return 4; // LOG_WARNING
    case QtCriticalMsg:
        return 3; // LOG_ERR
    case QtFatalMsg:
        return 2; // LOG_CRIT
    }
    return 6;
}

QByteArray JournalLog::journalLine(QtMsgType type, const char *category, const QString &message)
{
    const QByteArray prefix = '<' + QByteArray::number(priority(type)) + '>';
    QByteArray head;
    // "default" is Qt's name for uncategorised messages (qDebug() and friends).
    if (category && *category && qstrcmp(category, "default") != 0)
        head = QByteArray(category) + ": ";
    QByteArray out;
    // journald takes each line as an entry of its own: each gets the priority.
    const QList<QByteArray> lines = message.toUtf8().split('\n');
    for (const QByteArray &line : lines)
        out += prefix + head + line + '\n';
    return out;
}

bool JournalLog::streamMatches(const QByteArray &journalStream, int fd)
{
    const qsizetype colon = journalStream.indexOf(':');
    if (colon <= 0)
        return false;
    bool okDev = false, okIno = false;
    const qulonglong dev = journalStream.left(colon).toULongLong(&okDev);
    const qulonglong ino = journalStream.mid(colon + 1).toULongLong(&okIno);
    struct stat st = {};
    if (!okDev || !okIno || ::fstat(fd, &st) != 0)
        return false;
    return qulonglong(st.st_dev) == dev && qulonglong(st.st_ino) == ino;
}

void JournalLog::install()
{
    s_journal = streamMatches(qgetenv("JOURNAL_STREAM"), STDERR_FILENO);
    qInstallMessageHandler(handler);
}

} // namespace everx
