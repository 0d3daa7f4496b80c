// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeService's sign-in and sessions (docs/protocol.md "Operations"): auth.login, auth.resume,
// auth.demo and auth.logout, the sessions they open and end, and sign-in throttling
// (docs/security.md "Access"). Part of the service (exchangeservice.h).

#include "server/exchangeservice.h"

#include "sandbox/sandbox.h"
#include "server/serverconnection.h"

#include "wire/wirecodec.h"

namespace everx {

using namespace MarketRules;

namespace {

// Drops the times older than windowMs; how many are left.
qsizetype recent(QHash<QString, std::deque<qint64>> &map, const QString &key, qint64 windowMs,
                 qint64 now)
{
    auto it = map.find(key);
    if (it == map.end())
        return 0;
    while (!it->empty() && now - it->front() > windowMs)
        it->pop_front();
    if (it->empty()) {
        map.erase(it);
        return 0;
    }
    return qsizetype(it->size());
}

constexpr qint64 MinuteMs = 60'000;

} // namespace

qint64 ExchangeService::signInDelay(const QString &email, qint64 now) const
{
    const auto it = m_emailFailures.constFind(email);
    if (it == m_emailFailures.cend() || now - it->lastMs > m_options.signInWindowMs)
        return 0;
    const int over = it->count - m_options.signInFreeFailures;
    if (over <= 0)
        return 0;
    const qint64 delay = std::min(m_options.signInMaxDelayMs,
                                  m_options.signInFirstDelayMs << std::min(over - 1, 30));
    return std::max<qint64>(0, it->lastMs + delay - now);
}

void ExchangeService::recordFailure(const QString &email, const QString &address, qint64 accountId)
{
    const qint64 now = m_monotonic.elapsed();
    EmailFailures &f = m_emailFailures[email];
    f.count = now - f.lastMs > m_options.signInWindowMs ? 1 : f.count + 1;
    f.lastMs = now;
    m_addressFailures[address].push_back(now);
    // Kept for support's inspector too (memory forgets after the window, and at a restart).
    if (m_engine.isOpen()
        && !m_engine.database().insertSignInFailure({email, accountId, address, wallMs()}))
        qCWarning(lcService) << "could not store a failed sign-in:"
                             << m_engine.database().lastError();
}

qint64 ExchangeService::wallMs() const
{
    return (m_options.sessionClock ? *m_options.sessionClock : m_systemClock).nowMs();
}

void ExchangeService::prune()
{
    const qint64 now = m_monotonic.elapsed();
    if (m_sessions && m_engine.isOpen()) {
        m_sessions->prune();
        if (m_engine.database().deleteSignInFailuresBefore(wallMs() - SignInFailureRetentionMs) < 0)
            qCWarning(lcService) << "could not prune failed sign-ins:"
                                 << m_engine.database().lastError();
    }
    for (auto it = m_emailFailures.begin(); it != m_emailFailures.end();) {
        if (now - it->lastMs > m_options.signInWindowMs)
            it = m_emailFailures.erase(it);
        else
            ++it;
    }
    for (auto it = m_passwordChangeFailures.begin(); it != m_passwordChangeFailures.end();) {
        if (now - it->lastMs > m_options.signInWindowMs)
            it = m_passwordChangeFailures.erase(it);
        else
            ++it;
    }
    for (auto *map : {&m_addressFailures, &m_addressSignIns}) {
        const qint64 window = map == &m_addressFailures ? m_options.signInWindowMs : MinuteMs;
        for (const QString &address : map->keys())
            recent(*map, address, window, now);
    }
}

std::optional<Error> ExchangeService::addressRefusal(const QString &address, qint64 now)
{
    if (recent(m_addressFailures, address, m_options.signInWindowMs, now)
        >= m_options.signInFailuresPerAddress)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("too many failed sign-ins from this address; try again in"
                                  " %1 minutes")
                       .arg(m_options.signInWindowMs / MinuteMs));
    if (recent(m_addressSignIns, address, MinuteMs, now) >= m_options.signInsPerAddressPerMinute)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("too many sign-ins from this address; try again in a minute"));
    return std::nullopt;
}

qsizetype ExchangeService::throttleEntryCount() const
{
    return m_emailFailures.size() + m_addressFailures.size() + m_addressSignIns.size();
}

Result<Reply> ExchangeService::signIn(ServerConnection &c, const Account &account)
{
    const QString token = m_sessions->create(account.id, c.peerAddress());
    if (token.isNull())
        return err(ErrorCode::Storage,
                   QStringLiteral("the session could not be stored; try again"));
    // The connection's previous session (another account of the sandbox) ends, with its
    // account channel: the new account must not go on receiving the old one's events.
    m_sessions->revoke(c.sessionKey());
    endSession(c);
    c.setSession(account.id, SessionStore::key(token));
    updateWatching(c);
    return Wire::toJson(SignIn {token, account, m_engine.taxBasisPoints(account.id).value_or(0)});
}

QString ExchangeService::throttleKey(const QString &email)
{
    return email.trimmed().toLower();
}

void ExchangeService::verifyThrottled(const QString &email, const QString &password,
                                      const QString &passwordHash,
                                      std::function<void(std::optional<bool>)> done)
{
    auto verify = [this, password, passwordHash, done] {
        const bool queued = m_hashing->verify(password, passwordHash, this,
                                              [done](bool verified) { done(verified); });
        if (!queued)
            done(std::nullopt);
    };
    const qint64 delay = signInDelay(email, m_monotonic.elapsed());
    if (delay <= 0) {
        verify();
        return;
    }
    ++m_heldSignIns;
    QTimer::singleShot(std::chrono::milliseconds(delay), this, [this, verify] {
        --m_heldSignIns;
        verify();
    });
}

Result<Reply> ExchangeService::login(ServerConnection &c, const QJsonObject &args)
{
    const Result<Credentials> request = Wire::credentialsFromJson(args);
    if (!request)
        return request.error();
    const QString email = throttleKey(request->email);
    const QString address = c.peerAddress();
    const qint64 now = m_monotonic.elapsed();
    if (auto refused = addressRefusal(address, now))
        return *refused;
    if (pendingSignIns() >= m_hashing->capacity())
        return err(ErrorCode::RateLimited,
                   QStringLiteral("the server is busy with other sign-ins; try again shortly"));

    // Answered from finishLogin(), once the pool has verified the password. What the check
    // started from (the hash, the credentials version) is compared again when it ends.
    const PendingReply to = deferReply();
    const ExchangeEngine::SignInCheck check = m_engine.signInCheck(email);
    const quint64 version = m_sessions->credentialsVersion(check.accountId);
    verifyThrottled(email, request->password, check.passwordHash,
                    [this, to, email, address, check, version](std::optional<bool> verified) {
                        if (!verified) {
                            answer(to,
                                   err(ErrorCode::RateLimited,
                                       QStringLiteral("the server is busy with other sign-ins;"
                                                      " try again shortly")));
                            return;
                        }
                        finishLogin(to, email, address, check, version, *verified);
                    });
    return QJsonObject();
}

void ExchangeService::finishLogin(const PendingReply &to, const QString &email,
                                  const QString &address, const ExchangeEngine::SignInCheck &check,
                                  quint64 version, bool verified)
{
    settleInFlight(); // the account as it is durable
    if (verified && check.accountId != 0 && m_engine.isOpen() && m_sessions) {
        // The password was right when the check started. A password change, auth.logoutAll, a
        // suspension or a rejection meanwhile ended every session the account had: this one,
        // which started before, is refused with them (docs/security.md "Sessions"). Not a
        // failure of the email: the password was right.
        const std::optional<Account> current = m_engine.account(check.accountId);
        if (!current || current->passwordHash != check.passwordHash
            || m_sessions->credentialsVersion(check.accountId) != version) {
            answer(to,
                   err(ErrorCode::AuthenticationFailed,
                       QStringLiteral("the account's password or sessions changed while this"
                                      " sign-in was checked; sign in again")));
            return;
        }
    }
    const qint64 accountId = check.accountId;
    const Result<Account> account = m_engine.isOpen()
        ? m_engine.signInResult(accountId, verified)
        : Result<Account>(err(ErrorCode::Storage, QStringLiteral("the exchange is closed")));
    if (!account && account.code() == ErrorCode::AuthenticationFailed) {
        recordFailure(email, address, accountId);
    } else if (account) {
        m_emailFailures.remove(email);
        m_addressSignIns[address].push_back(m_monotonic.elapsed());
    }
    if (!to.connection) { // closed meanwhile: the outcome still counts, nobody to tell
        answer(to, account ? Result<Reply>(QJsonObject()) : account.error());
        return;
    }
    answer(to, account ? signIn(*to.connection, *account) : account.error());
}

Error ExchangeService::currentPasswordFailed(const QString &email, const QString &address,
                                             qint64 accountId, const QByteArray &sessionKey)
{
    recordFailure(email, address, accountId);
    EmailFailures &f = m_passwordChangeFailures[sessionKey];
    ++f.count;
    f.lastMs = m_monotonic.elapsed();
    if (f.count < MarketRules::PasswordChangeFailuresPerSession)
        return err(ErrorCode::AuthenticationFailed,
                   QStringLiteral("the current password is wrong"));
    // Whoever holds this token guesses: the token stops working, on every connection using it.
    m_passwordChangeFailures.remove(sessionKey);
    m_sessions->revoke(sessionKey);
    const auto connections = findChildren<ServerConnection *>(Qt::FindDirectChildrenOnly);
    for (ServerConnection *c : connections) {
        if (!sessionKey.isEmpty() && c->sessionKey() == sessionKey)
            endSession(*c);
    }
    return err(ErrorCode::AuthenticationFailed,
               QStringLiteral("the current password was wrong %1 times: this session has ended;"
                              " sign in again")
                   .arg(MarketRules::PasswordChangeFailuresPerSession));
}

void ExchangeService::currentPasswordVerified(const QString &email, const QByteArray &sessionKey)
{
    m_emailFailures.remove(email);
    m_passwordChangeFailures.remove(sessionKey);
}

Result<Reply> ExchangeService::resume(ServerConnection &c, const QJsonObject &args)
{
    const Result<QString> token = Wire::resumeTokenFromJson(args);
    if (!token)
        return token.error();
    // From memory, or from the database after a restart.
    bool failed = false;
    const qint64 accountId = m_sessions->resume(*token, &failed);
    if (failed)
        return err(ErrorCode::Storage, QStringLiteral("the session could not be read; try again"));
    const std::optional<Account> account =
        accountId == 0 ? std::nullopt : m_engine.account(accountId);
    if (!account)
        return err(ErrorCode::AuthenticationFailed,
                   QStringLiteral("unknown or expired session; sign in again"));
    if (account->state == AccountState::Suspended || account->state == AccountState::Rejected) {
        m_sessions->revoke(SessionStore::key(*token));
        return *ExchangeEngine::stateRefusal(*account);
    }
    // A signed-in connection's earlier session ends, as at any sign-in (signIn()).
    const QByteArray key = SessionStore::key(*token);
    if (c.sessionKey() != key)
        m_sessions->revoke(c.sessionKey());
    endSession(c);
    c.setSession(account->id, key);
    updateWatching(c);
    return Wire::resumeReply(*account, m_engine.taxBasisPoints(account->id).value_or(0));
}

Result<Reply> ExchangeService::demo(ServerConnection &c, const QJsonObject &args)
{
    const Result<Role> role = Wire::demoRoleFromJson(args);
    if (!role)
        return role.error();
    if (!m_options.sandbox || !m_sandbox)
        return err(ErrorCode::Forbidden, QStringLiteral("demo accounts exist in the sandbox only"));
    const std::optional<Account> account = m_engine.account(m_sandbox->demoAccount(*role));
    if (!account)
        return err(ErrorCode::UnknownAccount,
                   QStringLiteral("the sandbox has no demo %1").arg(Wire::roleName(*role)));
    // The password is the sandbox's to know; the account's state is checked as at auth.login.
    const Result<Account> admitted = m_engine.signInResult(account->id, true);
    if (!admitted)
        return admitted.error();
    return signIn(c, *admitted);
}

Result<Reply> ExchangeService::logout(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::AuthLogout); !none)
        return none.error();
    m_sessions->revoke(c.sessionKey());
    endSession(c);
    return QJsonObject();
}

void ExchangeService::endSession(ServerConnection &c)
{
    const QString mine = privateChannel(c.accountId());
    if (c.subscriptions().remove(mine))
        m_channels[mine].subscribers.remove(&c);
    c.setSession(0, {});
    updateWatching(c);
}

} // namespace everx
