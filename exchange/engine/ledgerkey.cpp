// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/ledgerkey.h"

#include "engine/passwordhasher.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace everx {

namespace {

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

} // namespace

std::optional<QByteArray> LedgerKey::load(const QString &path, QString *error)
{
    auto fail = [&](const QString &message) -> std::optional<QByteArray> {
        if (error)
            *error = QStringLiteral("ledger key %1: %2").arg(path, message);
        return std::nullopt;
    };
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return fail(systemError());
    struct stat st = {};
    if (::fstat(fd, &st) != 0) {
        const QString message = systemError();
        ::close(fd);
        return fail(message);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(QStringLiteral("is not a regular file"));
    }
    if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
        ::close(fd);
        return fail(QStringLiteral("is accessible to its group or to others (mode %1); "
                                   "make it readable by its owner only: chmod 600")
                        .arg(st.st_mode & 07777, 4, 8, QChar(u'0')));
    }
    QByteArray key(Size + 1, '\0');
    qsizetype got = 0;
    while (got < key.size()) {
        const ssize_t n = ::read(fd, key.data() + got, size_t(key.size() - got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += n;
    }
    ::close(fd);
    if (got != Size)
        return fail(QStringLiteral("holds %1 bytes, not %2").arg(got).arg(Size));
    key.truncate(Size);
    return key;
}

std::optional<LedgerKey::Loaded> LedgerKey::loadOrCreate(const QString &path, QString *error)
{
    if (QFileInfo::exists(path) || QFileInfo(path).isSymLink()) {
        std::optional<QByteArray> key = load(path, error);
        if (!key)
            return std::nullopt;
        return Loaded {*key, false};
    }
    auto fail = [&](const QString &message) -> std::optional<Loaded> {
        if (error)
            *error = QStringLiteral("ledger key %1: %2").arg(path, message);
        return std::nullopt;
    };
    const QByteArray key = PasswordHasher::randomBytes(Size);
    if (key.size() != Size)
        return fail(QStringLiteral("no randomness for a new key"));
    QDir().mkpath(QFileInfo(path).absolutePath());
    // O_EXCL: two processes starting at once never both write a key; 0600 from the start, so the
    // key is never readable by others, not even for a moment.
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return fail(systemError());
    qsizetype written = 0;
    while (written < key.size()) {
        const ssize_t n = ::write(fd, key.constData() + written, size_t(key.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        written += n;
    }
    const bool synced = written == key.size() && ::fsync(fd) == 0;
    const QString message = systemError();
    ::close(fd);
    if (!synced) {
        QFile::remove(path);
        return fail(message);
    }
    return Loaded {key, true};
}

} // namespace everx
