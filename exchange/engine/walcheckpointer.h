// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

struct sqlite3;

namespace everx {

// Copies an SQLite database's write-ahead log back into the database file on a thread of its
// own, through a connection of its own, when asked. SQLite's own automatic checkpoint runs in
// the commit that fills the log, on the writer's thread: some 20 ms of reading the log, writing
// the database and syncing it, every 40 MiB of log, which was the p99 of a request's reply.
//
// Each checkpoint is PASSIVE (it copies what no reader still needs and never waits for the
// writer) and syncs the way the writer does: with durable, the log before copying and the
// database after, so that the writer may start the log over only once the copy is on disk.
//
// Threading: constructed and destroyed on the engine's thread, asked by the commit's WAL hook on
// whichever thread commits (the engine's, or Database's writer thread); the destructor waits
// for a checkpoint that runs.
class WalCheckpointer final
{
public:
    // Opens `path` (an SQLite file already in WAL mode) with the default VFS; see error() if
    // it could not.
    WalCheckpointer(const QString &path, bool durable);
    ~WalCheckpointer();
    WalCheckpointer(const WalCheckpointer &) = delete;
    WalCheckpointer &operator=(const WalCheckpointer &) = delete;

    bool isRunning() const { return m_thread.joinable(); }
    QString error() const { return m_error; }

    // A checkpoint as soon as the thread is free (asks made while one runs make one more).
    void request();
    // Checkpoints that ran to the end.
    qint64 checkpoints() const { return m_checkpoints.load(std::memory_order_relaxed); }

private:
    void run();

    sqlite3 *m_db = nullptr;
    QString m_error;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_requested = false;
    bool m_stopping = false;
    std::atomic<qint64> m_checkpoints {0};
    std::thread m_thread; // last: starts once the rest is ready
};

} // namespace everx
