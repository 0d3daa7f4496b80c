// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeService's account operations (docs/protocol.md "Operations"): account.get, auth.signup
// and auth.verify with the mail that confirms an address (docs/protocol.md "Identities"),
// account.password, auth.logoutAll and support's decisions on an account. Part of the service,
// in a file of its own. Passwords are verified and hashed on the HashingPool's threads, like
// auth.login's, never on the exchange thread.

#include "server/exchangeservice.h"

#include "market/passwordrules.h"
#include "market/textrules.h"
#include "server/serverconnection.h"

#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

namespace everx {

namespace {

Error busy()
{
    return err(ErrorCode::RateLimited,
               QStringLiteral("the server is busy with other sign-ins; try again shortly"));
}

} // namespace

void ExchangeService::endAccountSessions(qint64 accountId, const QByteArray &keepKey)
{
    const auto connections = findChildren<ServerConnection *>(Qt::FindDirectChildrenOnly);
    for (ServerConnection *c : connections) {
        if (c->accountId() == accountId && (keepKey.isEmpty() || c->sessionKey() != keepKey))
            endSession(*c);
    }
}

void ExchangeService::sessionEventAfterReply(qint64 accountId, QLatin1StringView event,
                                             const QJsonObject &data)
{
    HeldFrame held {{}, Protocol::encodeEvent(event, data)};
    const auto connections = findChildren<ServerConnection *>(Qt::FindDirectChildrenOnly);
    for (ServerConnection *c : connections) {
        if (c->accountId() == accountId && !c->isClosed())
            held.to.append(c);
    }
    if (!held.to.isEmpty())
        m_afterReply.push_back(std::move(held));
}

Result<Reply> ExchangeService::accountGet(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::AccountGet); !none)
        return none.error();
    return Wire::toJson(
        AccountSummary {*m_engine.account(c.accountId()), m_engine.balance(c.accountId())});
}

Result<Reply> ExchangeService::signUp(ServerConnection &c, const QJsonObject &args)
{
    if (!signUpOpen())
        return err(ErrorCode::SignupClosed,
                   QStringLiteral("this exchange does not take sign-ups; ask its operator"));
    const Result<SignUpRequest> request = Wire::signUpFromJson(args);
    if (!request)
        return request.error();
    // A sign-up counts as a sign-in of the address.
    const QString address = c.peerAddress();
    const qint64 now = m_monotonic.elapsed();
    if (auto refused = addressRefusal(address, now))
        return *refused;
    // The request itself is judged here, so that no hash is made for a refusal; whether the
    // address has an account is not, nor told (docs/security.md "Access").
    if (auto refused = m_engine.checkSignUp(*request))
        return *refused;
    if (pendingSignIns() >= m_hashing->capacity())
        return busy();
    const PendingReply to = deferReply();
    const bool queued =
        m_hashing->hash(request->password, m_engine.passwordLog2N(), this,
                        [this, to, address, account = *request](const QString &hash) {
                            settleInFlight();
                            // Counted whatever comes of it, as a sign-in is: every sign-up costs a
                            // hash.
                            m_addressSignIns[address].push_back(m_monotonic.elapsed());
                            answer(to, finishSignUp(account, hash));
                            publishChanges();
                        });
    if (!queued)
        answer(to, busy());
    return QJsonObject();
}

Result<Reply> ExchangeService::finishSignUp(const SignUpRequest &request, const QString &hash)
{
    if (!m_engine.isOpen())
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    using Kind = ExchangeEngine::SignUpOutcome::Kind;
    const Result<ExchangeEngine::SignUpOutcome> made = m_engine.signUp(request, hash);
    const QString email = TextRules::canonicalEmail(request.email);
    SignUpReceipt receipt {email, std::nullopt};
    const QString server = m_options.serverName;
    if (made && made->kind != Kind::Taken) {
        // No code when the one mailed a moment ago stands (a second click).
        if (!made->code.isEmpty())
            receipt.sandboxMail = deliver(
                {email, QStringLiteral("Your code to confirm your address on %1").arg(server),
                 QStringLiteral("Your confirmation code: %1\n\nEnter it in the desk to confirm "
                                "this address; it is valid for 24 hours. If you did not open an "
                                "account on %2, ignore this mail: without the code nothing is "
                                "done with your address.")
                     .arg(made->code, server),
                 made->code});
    } else if (made || made.code() == ErrorCode::DuplicateAccount) {
        // The address has an account: its owner is told, and the answer is the same.
        const QString owner = made ? made->account.email : email;
        receipt.sandboxMail = deliver(
            {owner, QStringLiteral("Someone tried to open an account with your address"),
             QStringLiteral("Someone tried to open a new account on %1 with this address, which "
                            "already has one. Nothing was changed. If it was you, sign in with "
                            "your password instead. If it was not, you need do nothing; your "
                            "account and its password are as they were.")
                 .arg(server),
             QString()});
    } else {
        return made.error();
    }
    return Wire::toJson(receipt);
}

std::optional<Mail> ExchangeService::deliver(const Mail &mail)
{
    // The sandbox has no mailbox: the desk is shown what would have been sent.
    if (!m_mailer)
        return m_options.sandbox ? std::optional<Mail>(mail) : std::nullopt;
    const qint64 now = m_monotonic.elapsed();
    if (m_lastMailMs.size() > 4096)
        m_lastMailMs.removeIf([now](const auto &entry) {
            return now - entry.value() >= MarketRules::MailIntervalMs;
        });
    // At most one mail a MailIntervalMs to one address: sign-ups from many addresses do not
    // flood one mailbox with notices (a code is limited by the engine: it stands that long).
    const auto last = m_lastMailMs.constFind(mail.to);
    if (mail.code.isEmpty() && last != m_lastMailMs.cend()
        && now - *last < MarketRules::MailIntervalMs)
        return std::nullopt;
    m_lastMailMs.insert(mail.to, now);
    m_mailer->send(mail);
    return std::nullopt;
}

Result<Reply> ExchangeService::verifyEmail(ServerConnection &c, const QJsonObject &args)
{
    const Result<EmailVerification> request = Wire::emailVerificationFromJson(args);
    if (!request)
        return request.error();
    // Throttled as auth.login is, under the same key: the password is checked first, and a
    // wrong one counts as a failed sign-in of the email (docs/security.md "Access").
    const QString email = request->email.trimmed().toLower();
    const QString address = c.peerAddress();
    const qint64 now = m_monotonic.elapsed();
    if (auto refused = addressRefusal(address, now))
        return *refused;
    if (pendingSignIns() >= m_hashing->capacity())
        return busy();
    const PendingReply to = deferReply();
    const ExchangeEngine::SignInCheck check = m_engine.signInCheck(request->email);
    auto verify = [this, to, email, address, check, request = *request] {
        const bool queued = m_hashing->verify(
            request.password, check.passwordHash, this,
            [this, to, email, address, accountId = check.accountId, code = request.code](
                bool verified) { finishVerify(to, email, address, accountId, verified, code); });
        if (!queued)
            answer(to, busy());
    };
    const qint64 delay = signInDelay(email, now);
    if (delay <= 0) {
        verify();
    } else {
        ++m_heldSignIns;
        QTimer::singleShot(std::chrono::milliseconds(delay), this, [this, verify] {
            --m_heldSignIns;
            verify();
        });
    }
    return QJsonObject();
}

void ExchangeService::finishVerify(const PendingReply &to, const QString &email,
                                   const QString &address, qint64 accountId, bool verified,
                                   const QString &code)
{
    settleInFlight(); // the account as it is durable
    if (!m_engine.isOpen()) {
        answer(to, err(ErrorCode::Storage, QStringLiteral("the exchange is closed")));
        return;
    }
    const Result<Account> known = m_engine.signInResult(accountId, verified);
    if (!known) {
        if (known.code() == ErrorCode::AuthenticationFailed)
            recordFailure(email, address, accountId);
        answer(to, known.error());
        return;
    }
    m_emailFailures.remove(email);
    const Result<Account> confirmed = m_engine.verifyEmail(accountId, code);
    if (!confirmed) {
        answer(to, confirmed.error());
        publishChanges();
        return;
    }
    m_addressSignIns[address].push_back(m_monotonic.elapsed());
    answer(to, to.connection ? signIn(*to.connection, *confirmed) : Result<Reply>(QJsonObject()));
    publishChanges();
}

Result<Reply> ExchangeService::changePassword(ServerConnection &c, const QJsonObject &args)
{
    const Result<PasswordChange> request = Wire::passwordChangeFromJson(args);
    if (!request)
        return request.error();
    const std::optional<Account> account = m_engine.account(c.accountId());
    if (!account)
        return err(ErrorCode::UnknownAccount, QStringLiteral("no such account"));
    if (const auto problem = PasswordRules::check(request->replacement, account->email);
        problem != PasswordRules::Problem::None)
        return err(ErrorCode::WeakPassword, PasswordRules::describe(problem));
    // A wrong current password is a failed sign-in of the account's email, held and counted
    // alike (docs/security.md "Access"): a stolen token does not make guessing cheap.
    const QString email = throttleKey(account->email);
    const QString address = c.peerAddress();
    if (auto refused = addressRefusal(address, m_monotonic.elapsed()))
        return *refused;
    if (pendingSignIns() + 1 >= m_hashing->capacity())
        return busy();
    // One check at a time per session, so that guesses cannot be sent side by side to skip the
    // delays.
    const QByteArray keep = c.sessionKey();
    if (m_passwordChecks.contains(keep))
        return err(ErrorCode::RateLimited,
                   QStringLiteral("a password change of this session is under way; wait for its"
                                  " answer"));
    // Verify the current password, then hash the new one: two turns of the pool.
    const PendingReply to = deferReply();
    const qint64 accountId = account->id;
    m_passwordChecks.insert(keep);
    auto finish = [this, to, keep](const Result<Reply> &result) {
        m_passwordChecks.remove(keep);
        answer(to, result);
    };
    verifyThrottled(
        email, request->current, account->passwordHash,
        [this, finish, accountId, keep, email, address,
         replacement = request->replacement](std::optional<bool> verified) {
            settleInFlight();
            if (!verified)
                return finish(busy());
            if (!m_sessions || !m_sessions->use(keep)) // ended while it waited
                return finish(err(ErrorCode::Unauthenticated,
                                  QStringLiteral("the session has ended; sign in again")));
            if (!*verified)
                return finish(currentPasswordFailed(email, address, accountId, keep));
            currentPasswordVerified(email, keep);
            const bool hashing = m_hashing->hash(
                replacement, m_engine.passwordLog2N(), this,
                [this, finish, accountId, keep](const QString &hash) {
                    settleInFlight();
                    if (!m_engine.isOpen())
                        return finish(
                            err(ErrorCode::Storage, QStringLiteral("the exchange is closed")));
                    const Result<Account> changed = m_engine.setPasswordHash(accountId, hash);
                    if (!changed)
                        return finish(changed.error());
                    // Whoever knew the old password is signed out; this session stays.
                    const bool revoked = m_sessions->revokeAccount(accountId, keep);
                    endAccountSessions(accountId, keep);
                    finish(revoked ? Result<Reply>(QJsonObject())
                                   : Result<Reply>(
                                       err(ErrorCode::Storage,
                                           QStringLiteral("the password is changed, but other "
                                                          "sessions could not be revoked; sign out "
                                                          "everywhere"))));
                });
            if (!hashing)
                finish(busy());
        });
    return QJsonObject();
}

Result<Reply> ExchangeService::logoutAll(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::AuthLogoutAll); !none)
        return none.error();
    const qint64 accountId = c.accountId();
    const bool revoked = m_sessions->revokeAccount(accountId);
    endAccountSessions(accountId);
    if (!revoked)
        return err(ErrorCode::Storage,
                   QStringLiteral("the sessions could not all be revoked; try again"));
    return QJsonObject();
}

Result<Reply> ExchangeService::supportSuspend(ServerConnection &c, const QJsonObject &args)
{
    const Result<AccountAction> request = Wire::accountActionFromJson(args, Op::SupportSuspend);
    if (!request)
        return request.error();
    const Result<Account> done =
        m_engine.suspendAccount(c.accountId(), request->accountId, request->reason);
    if (!done)
        return done.error();
    // The engine refuses its every operation already. Its connections are told why, after this
    // reply and once it is durable, and signed out now: their later requests, even in this
    // batch, are answered as signed out (docs/protocol.md "Session events").
    sessionEventAfterReply(done->id, SessionEvent::AccountSuspended,
                           Wire::sessionEventData(request->reason.trimmed()));
    m_sessions->revokeAccount(done->id);
    endAccountSessions(done->id);
    return Wire::wrap(*done);
}

Result<Reply> ExchangeService::supportReactivate(ServerConnection &c, const QJsonObject &args)
{
    const Result<AccountAction> request = Wire::accountActionFromJson(args, Op::SupportReactivate);
    if (!request)
        return request.error();
    const Result<Account> done =
        m_engine.reactivateAccount(c.accountId(), request->accountId, request->reason);
    if (!done)
        return done.error();
    return Wire::wrap(*done);
}

Result<Reply> ExchangeService::supportApplication(ServerConnection &c, const QJsonObject &args)
{
    const Result<ApplicationDecision> request = Wire::applicationDecisionFromJson(args);
    if (!request)
        return request.error();
    const Result<Account> done = m_engine.decideApplication(c.accountId(), request->accountId,
                                                            request->approve, request->reason);
    if (!done)
        return done.error();
    // A rejected provider's tokens go now; its connections are signed out once they have been
    // told (publishChanges()).
    if (done->state == AccountState::Rejected)
        m_sessions->revokeAccount(done->id);
    return Wire::wrap(*done);
}

} // namespace everx
