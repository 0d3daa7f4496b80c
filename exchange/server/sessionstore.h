// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/clock.h"
#include "engine/database.h"

#include <QtCore/QByteArray>
#include <QtCore/QHash>
#include <QtCore/QString>

namespace everx {

// Signed-in sessions (docs/security.md "Sessions"). The database holds them, so that a token
// survives a restart of the server; it stores only the token's SHA-256 (the session's key),
// never the token. Memory is a cache of the sessions used since the start, by key: a token that
// is not in it (after a restart) is looked up in the database once.
//
// A session expires idleMs after its last use (expiresMs). Memory knows the last use at once;
// the database learns it at flush() (prune() and close call it), not on every request, so that
// a request costs no write. After a crash a session may therefore expire up to one prune
// interval early; it never lives longer than idleMs after its last use.
//
// Time is the given clock's, which must be wall time (the same after a restart).
// Not thread-safe: the service's thread, with the engine that owns the database.
class SessionStore final
{
public:
    SessionStore(Database &database, const Clock &clock, qint64 idleMs);
    Q_DISABLE_COPY_MOVE(SessionStore)

    // The key a token is stored and cached by: its SHA-256.
    static QByteArray key(const QString &token);

    // A new session of the account, stored before this returns: its token (32 random bytes,
    // base64url), or a null string if the database refused it.
    QString create(qint64 accountId, const QString &address = {});
    // The account of a live session for this token, now used; 0 for an unknown or expired one
    // (an expired one is deleted). *failed is set when the database could not be read.
    qint64 resume(const QString &token, bool *failed);
    // Marks the session of this key used now; false if it is unknown or has expired (then it
    // is forgotten and deleted).
    bool use(const QByteArray &key);
    // Deletes the session (sign-out); nothing for an unknown key.
    void revoke(const QByteArray &key);
    // Deletes every session of the account but keepKey's (empty: every one): sign-out
    // everywhere, a changed password, a suspension. False if the database refused; memory
    // forgets them all the same, so that this process accepts none of them again. Moves the
    // account's credentials version.
    bool revokeAccount(qint64 accountId, const QByteArray &keepKey = {});
    // The account's credentials version: it moves with every revokeAccount(), that is whenever
    // a password change, auth.logoutAll, a suspension or a rejection ends the account's
    // sessions. A sign-in reads it when its password check starts and is refused if it moved by
    // the time the check ends (docs/security.md "Sessions"). In memory: a check does not outlive
    // the process either.
    quint64 credentialsVersion(qint64 accountId) const
    {
        return m_credentialsVersions.value(accountId);
    }
    // Writes every cached session's last use that the database does not have yet.
    bool flush();
    // Drops expired sessions from memory and from the database (after a flush, so that no
    // session alive in memory loses its row).
    void prune();

    // The live sessions of an account as support sees them (no token, no hash), newest first,
    // with their last use as memory knows it.
    QList<SessionInfo> sessionsOf(qint64 accountId);

    qsizetype cachedCount() const { return m_cache.size(); }

private:
    struct Cached
    {
        StoredSession stored; // as memory knows it
        qint64 writtenExpiresMs = 0; // as the database has it
    };
    bool expired(const StoredSession &s) const { return m_clock.nowMs() > s.expiresMs; }
    void forget(const QByteArray &key);

    Database &m_database;
    const Clock &m_clock;
    qint64 m_idleMs;
    QHash<QByteArray, Cached> m_cache;
    QHash<qint64, quint64> m_credentialsVersions; // accounts whose sessions were ever revoked
};

} // namespace everx
