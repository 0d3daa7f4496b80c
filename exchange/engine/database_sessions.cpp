// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's sessions and failed sign-ins (docs/security.md "Sessions"): stored, touched, read
// and pruned outside the engine's transactions, each statement its own.

#include "engine/database.h"
#include "engine/database_p.h"

#include "market/marketrules.h"

namespace everx {

using namespace DatabasePrivate;

bool Database::insertSession(const StoredSession &s)
{
    QSqlQuery &q =
        prepared(SSessionInsert,
                 "INSERT INTO sessions (token_hash, account_id, created_ms, last_seen_ms,"
                 " expires_ms, address) VALUES (?, ?, ?, ?, ?, ?)");
    q.bindValue(0, QString::fromLatin1(s.tokenHash.toHex()));
    q.bindValue(1, s.accountId);
    q.bindValue(2, s.createdMs);
    q.bindValue(3, s.lastSeenMs);
    q.bindValue(4, s.expiresMs);
    q.bindValue(5, text(s.address));
    return exec(q);
}

std::optional<StoredSession> Database::session(const QByteArray &tokenHash, bool *failed)
{
    QSqlQuery &q = prepared(SSessionRead,
                            "SELECT account_id, created_ms, last_seen_ms, expires_ms, address FROM"
                            " sessions WHERE token_hash = ?");
    q.bindValue(0, QString::fromLatin1(tokenHash.toHex()));
    const bool ok = exec(q);
    if (failed)
        *failed = !ok;
    if (!ok)
        return std::nullopt;
    std::optional<StoredSession> found;
    if (q.next()) {
        found = StoredSession {tokenHash,
                               q.value(0).toLongLong(),
                               q.value(1).toLongLong(),
                               q.value(2).toLongLong(),
                               q.value(3).toLongLong(),
                               q.value(4).toString()};
    }
    q.finish(); // a reused statement must not hold SQLite's read lock
    return found;
}

bool Database::touchSessions(const QList<StoredSession> &sessions)
{
    if (sessions.isEmpty())
        return true;
    if (!begin())
        return false;
    QSqlQuery &q = prepared(SSessionTouch,
                            "UPDATE sessions SET last_seen_ms = ?, expires_ms = ? WHERE"
                            " token_hash = ?");
    bool ok = true;
    for (const StoredSession &s : sessions) {
        q.bindValue(0, s.lastSeenMs);
        q.bindValue(1, s.expiresMs);
        q.bindValue(2, QString::fromLatin1(s.tokenHash.toHex()));
        ok = ok && exec(q);
    }
    if (ok && commit())
        return true;
    rollback();
    return false;
}

bool Database::deleteSession(const QByteArray &tokenHash)
{
    QSqlQuery &q = prepared(SSessionDelete, "DELETE FROM sessions WHERE token_hash = ?");
    q.bindValue(0, QString::fromLatin1(tokenHash.toHex()));
    return exec(q);
}

qint64 Database::deleteAccountSessions(qint64 accountId, const QByteArray &keepHash)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?"));
    q.bindValue(0, accountId);
    // '' for "keep none" (a null string would bind as NULL, and "<> NULL" matches no row).
    q.bindValue(1, text(QString::fromLatin1(keepHash.toHex())));
    if (!exec(q))
        return -1;
    return q.numRowsAffected();
}

qint64 Database::deleteExpiredSessions(qint64 nowMs)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("DELETE FROM sessions WHERE expires_ms < ?"));
    q.bindValue(0, nowMs);
    if (!exec(q))
        return -1;
    return q.numRowsAffected();
}

bool Database::insertSignInFailure(const SignInFailure &f)
{
    QSqlQuery &q = prepared(SSignInFailure,
                            "INSERT INTO signin_failures (email, account_id, address, time_ms)"
                            " VALUES (?, ?, ?, ?)");
    q.bindValue(0, text(f.email.left(MarketRules::MaxEmailLength)));
    q.bindValue(1, f.accountId);
    q.bindValue(2, text(f.address.left(64)));
    q.bindValue(3, f.timeMs);
    return exec(q);
}

qint64 Database::deleteSignInFailuresBefore(qint64 beforeMs)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("DELETE FROM signin_failures WHERE time_ms < ?"));
    q.bindValue(0, beforeMs);
    if (!exec(q))
        return -1;
    return q.numRowsAffected();
}

QList<SignInFailure> Database::signInFailures(qint64 accountId, int limit)
{
    QList<SignInFailure> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT email, account_id, address, time_ms FROM signin_failures"
                             " WHERE account_id = ? ORDER BY time_ms DESC LIMIT ?"));
    q.bindValue(0, accountId);
    q.bindValue(1, limit);
    if (exec(q)) {
        while (q.next())
            out.append({q.value(0).toString(), q.value(1).toLongLong(), q.value(2).toString(),
                        q.value(3).toLongLong()});
    }
    return out;
}

QList<StoredSession> Database::sessionsOf(qint64 accountId)
{
    QList<StoredSession> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT token_hash, created_ms, last_seen_ms, expires_ms, address"
                             " FROM sessions WHERE account_id = ? ORDER BY created_ms DESC"));
    q.bindValue(0, accountId);
    if (exec(q)) {
        while (q.next())
            out.append({QByteArray::fromHex(q.value(0).toString().toLatin1()), accountId,
                        q.value(1).toLongLong(), q.value(2).toLongLong(), q.value(3).toLongLong(),
                        q.value(4).toString()});
    }
    return out;
}

} // namespace everx
