// ExchangeEngine's accounts: an account created, a sign-in checked, sign-up, a changed password,
// support's decisions on an account (suspend, reactivate, a provider's application), and the reads
// of an account, its tax rate and its balance.

#include "engine/exchangeengine.h"

#include "market/passwordrules.h"
#include "market/textrules.h"

#include <QtCore/QRegularExpression>

namespace everx {

using namespace MarketRules;

namespace {

// A display name or company: one line of TextRules, 1 to MaxNameLength characters.
std::optional<Error> nameProblem(const QString &field, const QString &value)
{
    if (value.isEmpty() || value.size() > MaxNameLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("%1 needs 1 to %2 characters").arg(field).arg(MaxNameLength));
    if (const QString why = TextRules::problem(value); !why.isEmpty())
        return err(ErrorCode::InvalidArgument, field + QStringLiteral(": ") + why);
    return std::nullopt;
}

} // namespace

Result<Account> ExchangeEngine::createAccount(const NewAccount &request,
                                              const AccountProfile &profile)
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    static const QRegularExpression emailPattern(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
    const QString email = request.email.trimmed().toLower();
    if (email.size() > MaxEmailLength || !emailPattern.match(email).hasMatch())
        return err(ErrorCode::InvalidArgument, QStringLiteral("not an email address"));
    if (request.password.size() < MinPasswordLength || request.password.size() > MaxPasswordLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("the password must have %1 to %2 characters")
                       .arg(MinPasswordLength)
                       .arg(MaxPasswordLength));
    if (auto e = newAccountRefusal(email, request.country))
        return *e;
    const QString hash = PasswordHasher::hash(request.password, m_passwordLog2N);
    if (hash.isEmpty())
        return err(ErrorCode::Storage, QStringLiteral("could not hash the password"));

    advance();
    Account a;
    a.email = email;
    a.role = request.role;
    a.country = request.country.trimmed().toUpper();
    a.passwordHash = hash;
    a.name = profile.name.trimmed();
    a.company = request.role == Role::Provider ? profile.company.trimmed() : QString();
    return storeNewAccount(a);
}

std::optional<Error> ExchangeEngine::newAccountRefusal(const QString &email,
                                                       const QString &country) const
{
    if (!m_taxes->contains(country.trimmed().toUpper()))
        return err(ErrorCode::UnknownCountry,
                   QStringLiteral("no tax rate for country \"%1\"").arg(country.left(8)));
    if (m_accountByEmail.contains(email))
        return err(ErrorCode::DuplicateAccount,
                   QStringLiteral("an account with this email exists"));
    return std::nullopt;
}

Result<Account> ExchangeEngine::storeNewAccount(Account account)
{
    begin();
    account.id = ++m_lastAccountId;
    account.createdMs = m_now;
    m_accounts.insert(account.id, account);
    m_accountByEmail.insert(account.email, account.id);
    m_dirtyAccounts.insert(account.id);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the account could not be stored"));
    return account;
}

Result<Account> ExchangeEngine::authenticate(const QString &email, const QString &password) const
{
    const SignInCheck check = signInCheck(email);
    return signInResult(check.accountId, PasswordHasher::verify(password, check.passwordHash));
}

ExchangeEngine::SignInCheck ExchangeEngine::signInCheck(const QString &email) const
{
    const auto id = m_accountByEmail.constFind(email.trimmed().toLower());
    if (id == m_accountByEmail.cend()) {
        // Verified all the same, so that timing does not tell which emails exist. Made once,
        // at the engine's cost (the first unknown email pays for it).
        static const QString dummy =
            PasswordHasher::hash(QStringLiteral("dummy-password"), m_passwordLog2N);
        return {0, dummy};
    }
    return {*id, m_accounts[*id].passwordHash};
}

Result<Account> ExchangeEngine::signInResult(qint64 accountId, bool verified) const
{
    const auto a = m_accounts.constFind(accountId);
    if (!verified || a == m_accounts.cend())
        return err(ErrorCode::AuthenticationFailed, QStringLiteral("wrong email or password"));
    // Told only to whoever knows the password. A pending provider signs in (and is refused
    // every provider operation); a suspended or rejected account does not.
    if (a->state == AccountState::Suspended || a->state == AccountState::Rejected)
        return *stateRefusal(*a);
    return *a;
}

std::optional<Account> ExchangeEngine::account(qint64 id) const
{
    const auto it = m_accounts.constFind(id);
    return it == m_accounts.cend() ? std::nullopt : std::optional<Account>(*it);
}

std::optional<Account> ExchangeEngine::accountByEmail(const QString &email) const
{
    const auto id = m_accountByEmail.constFind(email.trimmed().toLower());
    return id == m_accountByEmail.cend() ? std::nullopt : account(*id);
}

std::optional<int> ExchangeEngine::taxBasisPoints(qint64 accountId) const
{
    const auto it = m_accounts.constFind(accountId);
    return it == m_accounts.cend() ? std::nullopt : m_taxes->basisPoints(it->country);
}

Balance ExchangeEngine::balance(qint64 accountId) const
{
    return {m_ledger.balance(accountId, Bucket::Available),
            m_ledger.balance(accountId, Bucket::Held),
            m_ledger.balance(accountId, Bucket::Earnings),
            m_ledger.balance(accountId, Bucket::PayoutPending)};
}

std::optional<Error> ExchangeEngine::stateRefusal(const Account &account)
{
    switch (account.state) {
    case AccountState::Active:
        return std::nullopt;
    case AccountState::Pending:
        return err(ErrorCode::AccountPending,
                   QStringLiteral("the provider application waits for support's approval"));
    case AccountState::Suspended:
        return err(ErrorCode::AccountSuspended, QStringLiteral("the account is suspended"));
    case AccountState::Rejected:
        return err(ErrorCode::AccountRejected,
                   QStringLiteral("the provider application was rejected"));
    }
    return err(ErrorCode::Internal, QStringLiteral("unknown account state"));
}

std::optional<Error> ExchangeEngine::checkSignUp(const SignUpRequest &request) const
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    static const QRegularExpression emailPattern(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
    const QString email = request.email.trimmed().toLower();
    if (email.size() > MaxEmailLength || !emailPattern.match(email).hasMatch())
        return err(ErrorCode::InvalidArgument, QStringLiteral("email: not an email address"));
    if (const QString why = TextRules::problem(email); !why.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("email: ") + why);
    if (const auto problem = PasswordRules::check(request.password);
        problem != PasswordRules::Problem::None)
        return err(ErrorCode::WeakPassword, PasswordRules::describe(problem));
    if (auto e = nameProblem(QStringLiteral("name"), request.name.trimmed()))
        return e;
    if (request.role == Role::Support)
        return err(ErrorCode::Forbidden,
                   QStringLiteral("support accounts are made by the operator, not by sign-up"));
    if (request.role == Role::Provider) {
        if (auto e = nameProblem(QStringLiteral("company"), request.company.trimmed()))
            return e;
    } else if (!request.company.trimmed().isEmpty()) {
        return err(ErrorCode::InvalidArgument, QStringLiteral("company: only for a provider"));
    }
    return newAccountRefusal(email, request.country);
}

Result<Account> ExchangeEngine::signUp(const SignUpRequest &request, const QString &passwordHash)
{
    advance();
    if (auto e = checkSignUp(request))
        return *e;
    if (passwordHash.isEmpty())
        return err(ErrorCode::Storage, QStringLiteral("could not hash the password"));
    Account a;
    a.email = request.email.trimmed().toLower();
    a.role = request.role;
    a.country = request.country.trimmed().toUpper();
    a.passwordHash = passwordHash;
    a.name = request.name.trimmed();
    a.company = request.role == Role::Provider ? request.company.trimmed() : QString();
    a.state = request.role == Role::Provider ? AccountState::Pending : AccountState::Active;
    return storeNewAccount(a);
}

Result<Account> ExchangeEngine::setPasswordHash(qint64 actor, const QString &passwordHash)
{
    advance();
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    const auto it = m_accounts.find(actor);
    if (it == m_accounts.end())
        return err(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(actor));
    // A pending provider may change the password it signs in with; a suspended one may not.
    if (it->state == AccountState::Suspended || it->state == AccountState::Rejected)
        return *stateRefusal(*it);
    if (passwordHash.isEmpty())
        return err(ErrorCode::Storage, QStringLiteral("could not hash the password"));
    begin();
    it->passwordHash = passwordHash;
    m_dirtyAccounts.insert(actor);
    // A failed commit reloads the accounts from the database, which still has the old hash.
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the new password could not be stored"));
    return m_accounts.value(actor);
}

std::optional<Error> ExchangeEngine::checkDecision(qint64 actor, qint64 target,
                                                   const QString &reason, Account **out)
{
    advance();
    if (auto e = checkActor(actor, {Role::Support}))
        return e;
    const auto t = m_accounts.find(target);
    if (t == m_accounts.end())
        return err(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(target));
    if (t->role == Role::Support)
        return err(ErrorCode::Forbidden,
                   QStringLiteral("support accounts are the operator's to manage"));
    const QString why = reason.trimmed();
    if (why.isEmpty() || why.size() > MaxReasonLength)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("a decision needs a reason of 1 to %1 characters").arg(MaxReasonLength));
    if (const QString problem = TextRules::problem(why, TextRules::Lines::Many); !problem.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("reason: ") + problem);
    *out = &*t;
    return std::nullopt;
}

Result<Account> ExchangeEngine::storeDecision(Account &target, const QString &action,
                                              const QString &detail, qint64 actor)
{
    m_dirtyAccounts.insert(target.id);
    m_newAudit.append(AuditRecord {++m_lastAuditId, m_now, actor, action, target.id, detail});
    const qint64 id = target.id;
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the decision could not be stored"));
    return m_accounts.value(id);
}

Result<Account> ExchangeEngine::suspendAccount(qint64 actor, qint64 target, const QString &reason)
{
    Account *account = nullptr;
    if (auto e = checkDecision(actor, target, reason, &account))
        return *e;
    if (account->state != AccountState::Active)
        return err(ErrorCode::InvalidState,
                   account->state == AccountState::Pending
                       ? QStringLiteral("a pending application is approved or rejected instead")
                       : QStringLiteral("the account is not active"));
    begin();
    // Its bids leave the books and their holds return to available; rentals run on.
    QList<qint64> orderIds;
    for (const BidOrder &o : std::as_const(m_orders)) {
        if (o.accountId == target)
            orderIds.append(o.id);
    }
    std::sort(orderIds.begin(), orderIds.end());
    for (const qint64 id : std::as_const(orderIds)) {
        BidOrder &order = m_orders[id];
        withdrawBid(order);
        releaseOrderHold(order, QStringLiteral("release"));
        closeOrder(order, OrderState::Cancelled, QStringLiteral("cancelled"));
    }
    // Its listings stop offering; a reactivated provider resumes them by hand.
    int paused = 0;
    for (Listing &l : m_listings) {
        if (l.providerId != target || l.state != ListingState::Active)
            continue;
        withdrawAsks(l);
        l.state = ListingState::Paused;
        touchListing(l);
        ++paused;
    }
    account->state = AccountState::Suspended;
    return storeDecision(*account, QStringLiteral("suspend"),
                         QStringLiteral("%1 bids cancelled, %2 listings paused: %3")
                             .arg(orderIds.size())
                             .arg(paused)
                             .arg(reason.trimmed()),
                         actor);
}

Result<Account> ExchangeEngine::reactivateAccount(qint64 actor, qint64 target,
                                                  const QString &reason)
{
    Account *account = nullptr;
    if (auto e = checkDecision(actor, target, reason, &account))
        return *e;
    if (account->state != AccountState::Suspended)
        return err(ErrorCode::InvalidState, QStringLiteral("the account is not suspended"));
    begin();
    account->state = AccountState::Active;
    return storeDecision(*account, QStringLiteral("reactivate"), reason.trimmed(), actor);
}

Result<Account> ExchangeEngine::decideApplication(qint64 actor, qint64 target, bool approve,
                                                  const QString &reason)
{
    Account *account = nullptr;
    if (auto e = checkDecision(actor, target, reason, &account))
        return *e;
    if (account->role != Role::Provider || account->state != AccountState::Pending)
        return err(ErrorCode::InvalidState,
                   QStringLiteral("account %1 has no pending provider application").arg(target));
    begin();
    account->state = approve ? AccountState::Active : AccountState::Rejected;
    return storeDecision(*account,
                         approve ? QStringLiteral("application_approved")
                                 : QStringLiteral("application_rejected"),
                         reason.trimmed(), actor);
}

} // namespace everx
