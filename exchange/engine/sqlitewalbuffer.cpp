// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/sqlitewalbuffer.h"

#include <QtCore/QFileInfo>
#include <QtCore/QUrl>

#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

namespace everx::SqliteWalBuffer {

namespace {

constexpr char Name[] = "everx-walbuffer";
// A transaction that spills more than this before its commit sends it in pieces of this size.
constexpr std::size_t MaxGathered = std::size_t(8) << 20;

std::atomic<qint64> s_gathered {0};
std::atomic<qint64> s_written {0};
sqlite3_vfs *s_base = nullptr; // the default VFS, whose files these are
sqlite3_vfs s_vfs {};

// What SQLite holds for a log opened through this VFS: the default VFS's own file follows it in
// the same allocation (szOsFile covers both).
struct LogFile
{
    sqlite3_file base; // first: SQLite sees this
    sqlite3_file *real = nullptr;
    sqlite3_int64 start = 0; // the file offset of gathered's first byte
    std::vector<char> gathered;
};

constexpr std::size_t RealOffset = (sizeof(LogFile) + 15) & ~std::size_t(15);

LogFile *logOf(sqlite3_file *file)
{
    return reinterpret_cast<LogFile *>(file);
}

// The default VFS writes at most 128 KiB - 1 in one call (unix's seekAndWriteFd masks the
// length with 0x1ffff: a multiple of 128 KiB would be written as nothing, and reported a full
// disk), so the gathered bytes go out in pieces of 124 KiB.
constexpr std::size_t MaxWrite = 124 * 1024;

int flush(LogFile *f)
{
    int rc = SQLITE_OK;
    for (std::size_t at = 0; at < f->gathered.size() && rc == SQLITE_OK; at += MaxWrite) {
        const std::size_t piece = std::min(MaxWrite, f->gathered.size() - at);
        rc = f->real->pMethods->xWrite(f->real, f->gathered.data() + at, int(piece),
                                       f->start + sqlite3_int64(at));
        s_written.fetch_add(1, std::memory_order_relaxed);
    }
    f->gathered.clear(); // keeps its capacity for the next commit
    return rc;
}

int logClose(sqlite3_file *file)
{
    LogFile *f = logOf(file);
    const int flushed = flush(f);
    const int closed = f->real->pMethods->xClose(f->real);
    f->~LogFile();
    return flushed != SQLITE_OK ? flushed : closed;
}

int logRead(sqlite3_file *file, void *data, int amount, sqlite3_int64 offset)
{
    LogFile *f = logOf(file);
    if (const int rc = flush(f); rc != SQLITE_OK)
        return rc;
    return f->real->pMethods->xRead(f->real, data, amount, offset);
}

// Appends to the gathered bytes, or writes into them (SQLite rewrites a frame of the open
// transaction in place); a write elsewhere sends what was gathered first.
int logWrite(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset)
{
    LogFile *f = logOf(file);
    s_gathered.fetch_add(1, std::memory_order_relaxed);
    const sqlite3_int64 end = f->start + sqlite3_int64(f->gathered.size());
    if (!f->gathered.empty() && (offset < f->start || offset > end)) {
        if (const int rc = flush(f); rc != SQLITE_OK)
            return rc;
    }
    if (f->gathered.empty())
        f->start = offset;
    const std::size_t at = std::size_t(offset - f->start);
    if (at + std::size_t(amount) > f->gathered.size())
        f->gathered.resize(at + std::size_t(amount));
    std::memcpy(f->gathered.data() + at, data, std::size_t(amount));
    return f->gathered.size() >= MaxGathered ? flush(f) : SQLITE_OK;
}

int logTruncate(sqlite3_file *file, sqlite3_int64 size)
{
    LogFile *f = logOf(file);
    if (const int rc = flush(f); rc != SQLITE_OK)
        return rc;
    return f->real->pMethods->xTruncate(f->real, size);
}

int logSync(sqlite3_file *file, int flags)
{
    LogFile *f = logOf(file);
    if (const int rc = flush(f); rc != SQLITE_OK)
        return rc;
    return f->real->pMethods->xSync(f->real, flags);
}

int logFileSize(sqlite3_file *file, sqlite3_int64 *size)
{
    LogFile *f = logOf(file);
    if (const int rc = flush(f); rc != SQLITE_OK)
        return rc;
    return f->real->pMethods->xFileSize(f->real, size);
}

int logFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pages)
{
    LogFile *f = logOf(file);
    if (const int rc = flush(f); rc != SQLITE_OK)
        return rc;
    return f->real->pMethods->xFetch(f->real, offset, amount, pages);
}

// The rest is the default VFS's, on its own file.
int logLock(sqlite3_file *file, int lock)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xLock(r, lock);
}

int logUnlock(sqlite3_file *file, int lock)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xUnlock(r, lock);
}

int logCheckReservedLock(sqlite3_file *file, int *out)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xCheckReservedLock(r, out);
}

int logFileControl(sqlite3_file *file, int op, void *arg)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xFileControl(r, op, arg);
}

int logSectorSize(sqlite3_file *file)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xSectorSize(r);
}

int logDeviceCharacteristics(sqlite3_file *file)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xDeviceCharacteristics(r);
}

int logShmMap(sqlite3_file *file, int region, int size, int extend, void volatile **out)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xShmMap(r, region, size, extend, out);
}

int logShmLock(sqlite3_file *file, int offset, int n, int flags)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xShmLock(r, offset, n, flags);
}

void logShmBarrier(sqlite3_file *file)
{
    sqlite3_file *r = logOf(file)->real;
    r->pMethods->xShmBarrier(r);
}

int logShmUnmap(sqlite3_file *file, int deleteFlag)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xShmUnmap(r, deleteFlag);
}

int logUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *page)
{
    sqlite3_file *r = logOf(file)->real;
    return r->pMethods->xUnfetch(r, offset, page);
}

const sqlite3_io_methods s_logMethods = {
    3,
    logClose,
    logRead,
    logWrite,
    logTruncate,
    logSync,
    logFileSize,
    logLock,
    logUnlock,
    logCheckReservedLock,
    logFileControl,
    logSectorSize,
    logDeviceCharacteristics,
    logShmMap,
    logShmLock,
    logShmBarrier,
    logShmUnmap,
    logFetch,
    logUnfetch,
};

int vfsOpen(sqlite3_vfs *, const char *name, sqlite3_file *file, int flags, int *outFlags)
{
    if (!(flags & SQLITE_OPEN_WAL)) // the default VFS's file, as it is
        return s_base->xOpen(s_base, name, file, flags, outFlags);
    LogFile *f = new (file) LogFile;
    f->base.pMethods = nullptr; // until the real file is open: SQLite closes only opened files
    f->real = reinterpret_cast<sqlite3_file *>(reinterpret_cast<char *>(file) + RealOffset);
    const int rc = s_base->xOpen(s_base, name, f->real, flags, outFlags);
    if (rc != SQLITE_OK || !f->real->pMethods || f->real->pMethods->iVersion < 3) {
        if (rc == SQLITE_OK && f->real->pMethods)
            f->real->pMethods->xClose(f->real);
        f->~LogFile();
        return rc != SQLITE_OK ? rc : SQLITE_CANTOPEN;
    }
    f->base.pMethods = &s_logMethods;
    return SQLITE_OK;
}

void registerOnce()
{
    s_base = sqlite3_vfs_find(nullptr);
    if (!s_base)
        return;
    s_vfs = *s_base;
    s_vfs.pNext = nullptr;
    s_vfs.zName = Name;
    s_vfs.szOsFile = int(RealOffset) + s_base->szOsFile;
    s_vfs.xOpen = vfsOpen;
    sqlite3_vfs_register(&s_vfs, 0);
}

} // namespace

const char *vfsName()
{
    static std::once_flag once;
    std::call_once(once, registerOnce);
    return s_base ? Name : nullptr;
}

QString uriFor(const QString &path)
{
    QUrl url = QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath());
    url.setQuery(QStringLiteral("vfs=") + QLatin1StringView(vfsName()));
    return url.toString(QUrl::FullyEncoded);
}

Counters counters()
{
    return {s_gathered.load(std::memory_order_relaxed), s_written.load(std::memory_order_relaxed)};
}

} // namespace everx::SqliteWalBuffer
