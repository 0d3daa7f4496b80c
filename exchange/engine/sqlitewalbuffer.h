// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>

namespace everx::SqliteWalBuffer {

// An SQLite VFS over the system's default one that gathers the writes to a write-ahead log and
// sends them to the file in one call when SQLite syncs it. SQLite writes each frame of a commit
// in two calls (its 24-byte header, then the page), so a batch that changes 160 pages cost 320
// pwrite calls; through this VFS it costs one. Every other file (the database, its shared
// memory, journals) is the default VFS's own, untouched.
//
// A commit is still on disk before SQLite says it is: the gathered frames are written before
// the sync that makes them durable, and before anything reads, sizes, truncates or closes the
// log. It relies on SQLite syncing the log at every commit before it publishes the commit to
// other connections, which PRAGMA synchronous=FULL does in WAL mode: open only such
// connections through it (Database does, for a durable writer on a file).
//
// Registered with SQLite (not as the default) on the first call; thread-safe.
const char *vfsName();

// The URI that opens `path` through this VFS (for QSQLITE_OPEN_URI): an absolute file: URI,
// its special characters escaped, with vfs= added.
QString uriFor(const QString &path);

// Writes to logs opened through this VFS since the process started: as SQLite made them, and
// as they reached the file. For tests and benchmarks.
struct Counters
{
    qint64 gathered = 0;
    qint64 written = 0;
};
Counters counters();

} // namespace everx::SqliteWalBuffer
