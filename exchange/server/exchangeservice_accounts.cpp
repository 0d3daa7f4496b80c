// ExchangeService's account operations (docs/protocol.md "Operations"): account.get, auth.signup,
// account.password, auth.logoutAll and support's decisions on an account. Part of the service,
// in a file of its own. Passwords are verified and hashed on the HashingPool's threads, like
// auth.login's, never on the exchange thread.

#include "server/exchangeservice.h"

#include "market/passwordrules.h"
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
    // A sign-up signs in: the address's sign-in limits count it.
    const QString address = c.peerAddress();
    const qint64 now = m_monotonic.elapsed();
    if (auto refused = addressRefusal(address, now))
        return *refused;
    // Everything but the hash is judged here, so that no hash is made for a refusal.
    if (auto refused = m_engine.checkSignUp(*request))
        return *refused;
    if (pendingSignIns() >= m_hashing->capacity())
        return busy();
    const PendingReply to = deferReply();
    const bool queued =
        m_hashing->hash(request->password, m_engine.passwordLog2N(), this,
                        [this, to, address, account = *request](const QString &hash) {
                            settleInFlight();
                            const Result<Account> made = m_engine.isOpen()
                                ? m_engine.signUp(account, hash)
                                : Result<Account>(err(ErrorCode::Storage,
                                                      QStringLiteral("the exchange is closed")));
                            if (made)
                                m_addressSignIns[address].push_back(m_monotonic.elapsed());
                            if (!made || !to.connection) {
                                answer(to, made ? Result<Reply>(QJsonObject()) : made.error());
                                return;
                            }
                            answer(to, signIn(*to.connection, *made));
                            publishChanges();
                        });
    if (!queued)
        answer(to, busy());
    return QJsonObject();
}

Result<Reply> ExchangeService::changePassword(ServerConnection &c, const QJsonObject &args)
{
    const Result<PasswordChange> request = Wire::passwordChangeFromJson(args);
    if (!request)
        return request.error();
    if (const auto problem = PasswordRules::check(request->replacement);
        problem != PasswordRules::Problem::None)
        return err(ErrorCode::WeakPassword, PasswordRules::describe(problem));
    const std::optional<Account> account = m_engine.account(c.accountId());
    if (!account)
        return err(ErrorCode::UnknownAccount, QStringLiteral("no such account"));
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
    // The engine refuses its every operation already; its connections are signed out now.
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
    if (done->state == AccountState::Rejected) {
        m_sessions->revokeAccount(done->id);
        endAccountSessions(done->id);
    }
    return Wire::wrap(*done);
}

} // namespace everx
