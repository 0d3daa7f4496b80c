// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's fencing of a PostgreSQL writer (docs/operations.md "Two machines"): the session's
// timeouts that let a stopped writer's lock go within a bound, the check that the writer still
// holds its lock in its own session, made before every write of the engine's records and by the
// heartbeat, and what happens once it does not.

#include "engine/database.h"
#include "engine/database_p.h"

#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>

#include <libpq-fe.h>

namespace everx {

using namespace DatabasePrivate;

namespace {

// The writer lock as pg_locks shows it, held by this session: a bigint key is its high half in
// classid, its low half in objid, and 1 in objsubid. One row, this backend's pid, while the lock
// is held; none once it is not.
QByteArray fenceSql()
{
    const auto key = quint64(WriterLockKey);
    return "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
           " AND pid = pg_backend_pid() AND classid = "
        + QByteArray::number(key >> 32) + " AND objid = " + QByteArray::number(key & 0xffff'ffffU)
        + " AND objsubid = 1";
}

} // namespace

bool Database::startFencing(const Options &options, QString *error)
{
    QSqlQuery q(connection());
    if (!q.exec(QStringLiteral("SELECT pg_backend_pid()")) || !q.next()) {
        if (error)
            *error = q.lastError().text();
        return false;
    }
    m_fencePid = q.value(0).toLongLong();
    if (options.fenceTimeoutMs <= 0)
        return true;
    // The server's side of the bound: the backend's socket gives up on a peer that no longer
    // answers. The idle timeouts wait for the first heartbeat (armFence()), once the engine has
    // opened: a long first verification computes between statements, idle to the server.
    m_fenceTimeoutMs = options.fenceTimeoutMs;
    const QString ms = QString::number(options.fenceTimeoutMs);
    const QString probe = QString::number(std::max(1, options.fenceTimeoutMs / 2'000));
    const QString interval = QString::number(std::max(1, options.fenceTimeoutMs / 6'000));
    const QStringList settings = {
        QStringLiteral("SET tcp_user_timeout = ") + ms,
        QStringLiteral("SET tcp_keepalives_idle = ") + probe,
        QStringLiteral("SET tcp_keepalives_interval = ") + interval,
        QStringLiteral("SET tcp_keepalives_count = 3"),
    };
    for (const QString &sql : settings) {
        if (!q.exec(sql)) {
            if (error)
                *error = q.lastError().text();
            return false;
        }
    }
    return true;
}

bool Database::sendFenceCheck()
{
    static const QByteArray sql = fenceSql();
    return PQsendQueryParams(m_pg, sql.constData(), 0, nullptr, nullptr, nullptr, nullptr, 0) == 1;
}

bool Database::takeFenceResult(PGresult *result, FenceCheck *check)
{
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_SINGLE_TUPLE && status != PGRES_TUPLES_OK) {
        check->done = true;
        check->problem = result ? QString::fromUtf8(PQresultErrorMessage(result)).trimmed()
                                : QString::fromUtf8(PQerrorMessage(m_pg)).trimmed();
        if (check->problem.isEmpty())
            check->problem = QStringLiteral("no answer");
        return false;
    }
    for (int row = 0; row < PQntuples(result); ++row) {
        ++check->rows;
        check->matched =
            check->matched || QByteArray(PQgetvalue(result, row, 0)).toLongLong() == m_fencePid;
    }
    if (status == PGRES_SINGLE_TUPLE)
        return true; // more to come
    check->done = true;
    if (check->rows == 1 && check->matched)
        return true;
    check->problem = QStringLiteral("the lock is not held");
    return false;
}

void Database::fence(const QString &why)
{
    if (m_fenced.exchange(true, std::memory_order_acq_rel))
        return;
    m_lastError = QStringLiteral("the writer lock's session is gone: ") + why;
    qCCritical(lcDatabase).noquote()
        << QStringLiteral("fenced: this server no longer holds the writer lock of backend %1 (%2);"
                          " nothing more is written")
               .arg(m_fencePid)
               .arg(why);
    if (m_fencedCallback)
        m_fencedCallback(why);
}

void Database::fenceIfDisconnected()
{
    if (m_pg && m_fencePid != 0 && PQstatus(m_pg) == CONNECTION_BAD)
        fence(QStringLiteral("the connection to the database is lost: ") + m_lastError.trimmed());
}

bool Database::heartbeat()
{
    if (!m_pg || m_fencePid == 0)
        return true;
    if (isFenced())
        return false;
    if (m_handedOff && !written())
        return true; // the writer's transaction keeps the session busy
    waitForWriter();
    const PGTransactionStatusType status = PQtransactionStatus(m_pg);
    if (status == PQTRANS_ACTIVE || status == PQTRANS_INERROR)
        return true; // a statement runs, or a failed transaction waits for its rollback
    while (PGresult *left = PQgetResult(m_pg))
        PQclear(left);
    // The session ends once idle past the bound, in a transaction or not: a frozen writer's kernel
    // still answers keepalives, so only this frees its lock. Set outside a transaction, which
    // would undo it if rolled back.
    if (!m_fenceArmed && m_fenceTimeoutMs > 0 && status == PQTRANS_IDLE) {
        const QByteArray ms = QByteArray::number(m_fenceTimeoutMs);
        const QByteArray sql = "SET idle_session_timeout = " + ms
            + "; SET idle_in_transaction_session_timeout = " + ms;
        PGresult *set = PQexec(m_pg, sql.constData());
        const bool armed = PQresultStatus(set) == PGRES_COMMAND_OK;
        PQclear(set);
        if (!armed) {
            fence(QString::fromUtf8(PQerrorMessage(m_pg)).trimmed());
            return false;
        }
        m_fenceArmed = true;
    }
    FenceCheck check;
    if (sendFenceCheck()) {
        while (PGresult *result = PQgetResult(m_pg)) {
            if (!check.done)
                takeFenceResult(result, &check);
            PQclear(result);
        }
    }
    const bool holds = check.done && check.problem.isEmpty();
    if (!holds)
        fence(check.done ? check.problem : QString::fromUtf8(PQerrorMessage(m_pg)).trimmed());
    return holds;
}

} // namespace everx
