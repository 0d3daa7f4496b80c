// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/sessionstore.h"

#include "engine/passwordhasher.h"

#include <QtCore/QCryptographicHash>
#include <QtCore/QLoggingCategory>

namespace everx {

Q_LOGGING_CATEGORY(lcSessions, "everx.exchange.sessions")

SessionStore::SessionStore(Database &database, const Clock &clock, qint64 idleMs)
    : m_database(database)
    , m_clock(clock)
    , m_idleMs(idleMs)
{ }

QByteArray SessionStore::key(const QString &token)
{
    return QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256);
}

QString SessionStore::create(qint64 accountId, const QString &address)
{
    const QString token = QString::fromLatin1(PasswordHasher::randomBytes(32).toBase64(
        QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    const qint64 now = m_clock.nowMs();
    const StoredSession s {key(token), accountId, now, now, now + m_idleMs, address.left(64)};
    if (!m_database.insertSession(s)) {
        qCWarning(lcSessions) << "could not store a session:" << m_database.lastError();
        return {};
    }
    m_cache.insert(s.tokenHash, {s, s.expiresMs});
    return token;
}

qint64 SessionStore::resume(const QString &token, bool *failed)
{
    *failed = false;
    const QByteArray k = key(token);
    if (!m_cache.contains(k)) {
        const std::optional<StoredSession> stored = m_database.session(k, failed);
        if (!stored)
            return 0;
        m_cache.insert(k, {*stored, stored->expiresMs});
    }
    return use(k) ? m_cache.value(k).stored.accountId : 0;
}

bool SessionStore::use(const QByteArray &key)
{
    const auto it = m_cache.find(key);
    if (it == m_cache.end())
        return false;
    if (expired(it->stored)) {
        forget(key);
        return false;
    }
    it->stored.lastSeenMs = m_clock.nowMs();
    it->stored.expiresMs = it->stored.lastSeenMs + m_idleMs;
    return true;
}

void SessionStore::revoke(const QByteArray &key)
{
    if (key.isEmpty())
        return;
    forget(key);
}

void SessionStore::forget(const QByteArray &key)
{
    m_cache.remove(key);
    if (!m_database.deleteSession(key))
        qCWarning(lcSessions) << "could not delete a session:" << m_database.lastError();
}

bool SessionStore::revokeAccount(qint64 accountId, const QByteArray &keepKey)
{
    ++m_credentialsVersions[accountId];
    for (auto it = m_cache.begin(); it != m_cache.end();) {
        if (it->stored.accountId == accountId && it.key() != keepKey)
            it = m_cache.erase(it);
        else
            ++it;
    }
    if (m_database.deleteAccountSessions(accountId, keepKey) < 0) {
        qCWarning(lcSessions) << "could not revoke an account's sessions:"
                              << m_database.lastError();
        return false;
    }
    return true;
}

bool SessionStore::flush()
{
    QList<StoredSession> lagging;
    for (const Cached &c : std::as_const(m_cache)) {
        if (c.writtenExpiresMs != c.stored.expiresMs)
            lagging.append(c.stored);
    }
    if (!m_database.touchSessions(lagging)) {
        qCWarning(lcSessions) << "could not store sessions' last use:" << m_database.lastError();
        return false;
    }
    for (const StoredSession &s : std::as_const(lagging))
        m_cache[s.tokenHash].writtenExpiresMs = s.expiresMs;
    return true;
}

void SessionStore::prune()
{
    for (auto it = m_cache.begin(); it != m_cache.end();) {
        if (expired(it->stored))
            it = m_cache.erase(it);
        else
            ++it;
    }
    // A failed flush keeps rows that memory still needs: prune the database another time.
    if (flush() && m_database.deleteExpiredSessions(m_clock.nowMs()) < 0)
        qCWarning(lcSessions) << "could not prune sessions:" << m_database.lastError();
}

QList<SessionInfo> SessionStore::sessionsOf(qint64 accountId)
{
    // No flush: inside a group-commit batch the store's own transaction could not begin; the
    // cache below has every use the table may not have yet.
    QList<SessionInfo> out;
    for (const StoredSession &s : m_database.sessionsOf(accountId)) {
        // Memory knows a use the database may not have yet (a failed flush).
        const auto cached = m_cache.constFind(s.tokenHash);
        const StoredSession &current = cached == m_cache.cend() ? s : cached->stored;
        if (!expired(current))
            out.append({accountId, current.createdMs, current.lastSeenMs, current.expiresMs,
                        current.address});
    }
    return out;
}

} // namespace everx
