// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's pipelined commit (ExchangeEngine::beginBatch(BatchCommit::Pipelined)): the writer
// thread that writes and commits a transaction handed off by the engine's thread, and the hand-off
// and settling on that side.

#include "engine/database.h"

#include <QtCore/QElapsedTimer>

#include <utility>

namespace everx {

void Database::beginDeferred()
{
    Q_ASSERT(!m_deferredBegin);
    m_deferredBegin = true;
}

void Database::handOff()
{
    Q_ASSERT(!m_handedOff);
    WriteJob job;
    job.begin = std::exchange(m_deferredBegin, false);
    job.fail = m_flushFailed; // its error is in m_lastError
    if (std::exchange(m_failNextCommit, false)) {
        job.fail = true;
        m_lastError = QStringLiteral("commit failed on purpose (failNextCommit)");
    }
    m_handedOffClientOrders = std::exchange(m_bufferedClientOrders, {});
    job.writes = takeBuffer();
    m_flushFailed = false;
    if (!m_writer.joinable()) {
        m_stopping = false;
        m_writer = std::thread([this] { runWriter(); });
    }
    {
        const std::lock_guard lock(m_writerMutex);
        m_job = std::move(job);
        m_jobDone = false;
    }
    m_handedOff = true;
    m_waited = false;
    m_writerWake.notify_all();
}

void Database::waitForWriter()
{
    if (!m_handedOff || m_waited)
        return;
    std::unique_lock lock(m_writerMutex);
    m_writerWake.wait(lock, [this] { return m_jobDone; });
    m_waited = true;
}

bool Database::written()
{
    if (!m_handedOff || m_waited)
        return true;
    const std::lock_guard lock(m_writerMutex);
    return m_jobDone;
}

bool Database::settle(qint64 *nanos)
{
    if (!m_handedOff)
        return true;
    waitForWriter();
    m_handedOff = false;
    m_handedOffClientOrders.clear();
    m_writtenJob.reset();
    if (nanos)
        *nanos = m_jobNanos;
    return m_jobOk;
}

void Database::runWriter()
{
    for (;;) {
        WriteJob job;
        {
            std::unique_lock lock(m_writerMutex);
            m_writerWake.wait(lock, [this] { return m_stopping || (m_job && !m_writerPaused); });
            if (!m_job)
                return; // stopping, and nothing left to write
            job = std::move(*m_job);
            m_job.reset();
        }
        QElapsedTimer timer;
        timer.start();
        bool ok = !job.fail;
        const bool begun = ok && (!job.begin || execRaw("BEGIN"));
        ok = begun
            && (m_pg ? writePostgres(job.writes.askDeletes, job.writes.tables)
                     : writeSqlite(job.writes.askDeletes, job.writes.tables))
            && execRaw("COMMIT");
        if (!ok && (begun || !job.begin)) {
            const QString error = m_lastError;
            execRaw("ROLLBACK"); // the transaction is over either way; the first error stays
            m_lastError = error;
        }
        const qint64 nanos = timer.nsecsElapsed();
        {
            const std::lock_guard lock(m_writerMutex);
            // Freed on the engine's thread, which allocated it: a free() here would take the
            // allocator's lock of that thread's arena at every row, against its malloc()s.
            m_writtenJob = std::move(job);
            m_jobDone = true;
            m_jobOk = ok;
            m_jobNanos = nanos;
        }
        m_writerWake.notify_all();
        if (m_written)
            m_written();
    }
}

void Database::setWriterPaused(bool paused)
{
    {
        const std::lock_guard lock(m_writerMutex);
        m_writerPaused = paused;
    }
    m_writerWake.notify_all();
}

void Database::stopWriter()
{
    if (!m_writer.joinable())
        return;
    setWriterPaused(false);
    settle(); // its outcome is the caller's no more: it closes
    {
        const std::lock_guard lock(m_writerMutex);
        m_stopping = true;
    }
    m_writerWake.notify_all();
    m_writer.join();
}

} // namespace everx
