// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QString>
#include <QtCore/QtGlobal>

namespace everx {

// Log lines for the systemd journal (docs/architecture.md "Trust and operations"), without
// libsystemd.
//
// Under systemd, stderr is a stream to journald and JOURNAL_STREAM holds its "device:inode".
// When that matches stderr, every line carries the sd-daemon priority prefix (<3> critical,
// <4> warning, <6> info, <7> debug; sd-daemon(3)) and no time stamp, which the journal adds;
// journalctl -p then filters by it. Anywhere else the usual format applies (qFormatLogMessage,
// so QT_MESSAGE_PATTERN still works).
//
// Threading: install() once from main() before other threads start; the handler itself is
// thread-safe (one write(2) per message).
class JournalLog final
{
public:
    JournalLog() = delete;

    // Installs the message handler, journal or not as stderr says.
    static void install();

    // Whether JOURNAL_STREAM ("device:inode", decimal) names the file open at fd.
    static bool streamMatches(const QByteArray &journalStream, int fd);
    // The sd-daemon priority of a Qt message type (syslog numbering: 2 critical ... 7 debug).
    static int priority(QtMsgType type);
    // One message as the journal wants it: every line prefixed with <priority> and ending in a
    // newline, the category (if any) before the text.
    static QByteArray journalLine(QtMsgType type, const char *category, const QString &message);
};

} // namespace everx
