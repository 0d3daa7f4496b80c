// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/walcheckpointer.h"

#include <sqlite3.h>

namespace everx {

WalCheckpointer::WalCheckpointer(const QString &path, bool durable)
{
    const QByteArray name = path.toUtf8();
    if (sqlite3_open_v2(name.constData(), &m_db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
        sqlite3_close(std::exchange(m_db, nullptr));
        return;
    }
    // A checkpoint syncs as the connection that runs it is set to: as the writer is.
    const char *sync = durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=OFF";
    if (sqlite3_exec(m_db, sync, nullptr, nullptr, nullptr) != SQLITE_OK
        || sqlite3_busy_timeout(m_db, 100) != SQLITE_OK) {
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
        sqlite3_close(std::exchange(m_db, nullptr));
        return;
    }
    m_thread = std::thread([this] { run(); });
}

WalCheckpointer::~WalCheckpointer()
{
    if (m_thread.joinable()) {
        {
            const std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_one();
        m_thread.join();
    }
    sqlite3_close(m_db);
}

void WalCheckpointer::request()
{
    {
        const std::lock_guard lock(m_mutex);
        m_requested = true;
    }
    m_wake.notify_one();
}

void WalCheckpointer::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_requested || m_stopping; });
        if (m_stopping)
            return;
        m_requested = false;
        lock.unlock();
        // Not OK when another connection's checkpoint was running: the next ask tries again.
        if (sqlite3_wal_checkpoint_v2(m_db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr)
            == SQLITE_OK)
            m_checkpoints.fetch_add(1, std::memory_order_relaxed);
        lock.lock();
    }
}

} // namespace everx
