// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's accounts: an account created, a sign-in checked, sign-up and the confirmation of
// its email (docs/protocol.md "Identities"), a changed password,
// support's decisions on an account (suspend, reactivate, a provider's application), and the reads
// of an account, its tax rate and its balance.

#include "engine/exchangeengine.h"

#include "market/passwordrules.h"
#include "market/textrules.h"

#include <QtCore/QCryptographicHash>
#include <QtCore/QRandomGenerator>

namespace everx {

using namespace MarketRules;

namespace {

// A display name or company: 1 to MaxNameLength characters, one line of TextRules, and
// TextRules::nameProblem's rules.
std::optional<Error> profileProblem(const QString &field, const QString &value)
{
    if (value.isEmpty() || value.size() > MaxNameLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("%1 needs 1 to %2 characters").arg(field).arg(MaxNameLength));
    if (const QString why = TextRules::problem(value); !why.isEmpty())
        return err(ErrorCode::InvalidArgument, field + QStringLiteral(": ") + why);
    if (const QString why = TextRules::nameProblem(value); !why.isEmpty())
        return err(ErrorCode::InvalidArgument, field + QStringLiteral(": ") + why);
    return std::nullopt;
}

// What an account keeps of its verification code: the SHA-256 of the account's id and the code,
// in hex (a copy of the database tells no code without trying them all).
QString verificationHashOf(qint64 accountId, QStringView code)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(QStringLiteral("%1:%2").arg(accountId).arg(code).toUtf8(),
                                 QCryptographicHash::Sha256)
            .toHex());
}

// Compared in constant time.
bool sameHash(const QString &a, const QString &b)
{
    if (a.size() != b.size())
        return false;
    char16_t diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= a.at(i).unicode() ^ b.at(i).unicode();
    return diff == 0;
}

} // namespace

qint64 ExchangeEngine::accountIdByEmail(const QString &email) const
{
    const QString canonical = TextRules::canonicalEmail(email);
    if (!canonical.isEmpty()) {
        if (const auto it = m_accountByEmail.constFind(canonical); it != m_accountByEmail.cend())
            return *it;
    }
    // An address kept as stored before the rules (indexAccount), spelled as it was.
    return m_accountByEmail.value(email.trimmed().toLower(), 0);
}

void ExchangeEngine::indexAccount(const Account &account)
{
    // Accounts from before the rules are stored lower-case and trimmed: their one spelling, when
    // they have one that no earlier account took, finds them; else their stored email does.
    const QString canonical = TextRules::canonicalEmail(account.email);
    const bool own = !canonical.isEmpty() && !m_accountByEmail.contains(canonical);
    m_accountByEmail.insert(own ? canonical : account.email, account.id);
    if (!canonical.isEmpty())
        m_accountsByConfusable.insert(TextRules::confusableKey(canonical), account.id);
}

QString ExchangeEngine::newVerificationCode(Account &account)
{
    const quint32 bound = [] {
        quint32 b = 1;
        for (int i = 0; i < VerificationCodeDigits; ++i)
            b *= 10;
        return b;
    }();
    const QString code = QString::number(QRandomGenerator::system()->bounded(bound))
                             .rightJustified(VerificationCodeDigits, u'0');
    account.verificationHash = verificationHashOf(account.id, code);
    account.verificationExpiresMs = m_now + VerificationCodeLifeMs;
    account.verificationFailures = 0;
    return code;
}

Result<Account> ExchangeEngine::createAccount(const NewAccount &request,
                                              const AccountProfile &profile)
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    QString why;
    const QString email = TextRules::canonicalEmail(request.email, &why);
    if (email.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("email: ") + why);
    if (request.password.size() < MinPasswordLength || request.password.size() > MaxPasswordLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("the password must have %1 to %2 characters")
                       .arg(MinPasswordLength)
                       .arg(MaxPasswordLength));
    const QString country = request.country.trimmed().toUpper();
    if (!m_taxes->contains(country))
        return err(ErrorCode::UnknownCountry,
                   QStringLiteral("no tax rate for country \"%1\"").arg(request.country.left(8)));
    const std::pair<QString, QString> fields[] = {
        {QStringLiteral("name"), profile.name.trimmed()},
        {QStringLiteral("company"), profile.company.trimmed()},
    };
    for (const auto &[field, value] : fields) {
        if (value.isEmpty())
            continue; // the operator's and the sandbox's accounts may have none
        if (auto e = profileProblem(field, value))
            return *e;
    }
    if (accountIdByEmail(email) != 0)
        return err(ErrorCode::DuplicateAccount,
                   QStringLiteral("an account with this email exists"));
    if (const qint64 stored = m_db.accountIdByEmail(email); stored != 0)
        return stored < 0
            ? err(ErrorCode::Storage, QStringLiteral("the accounts could not be read"))
            : err(ErrorCode::DuplicateAccount, QStringLiteral("an account with this email exists"));
    const QString hash = PasswordHasher::hash(request.password, m_passwordLog2N);
    if (hash.isEmpty())
        return err(ErrorCode::Storage, QStringLiteral("could not hash the password"));

    advance();
    begin();
    Account a;
    a.id = ++m_lastAccountId;
    a.email = email;
    a.role = request.role;
    a.country = country;
    a.passwordHash = hash;
    a.createdMs = m_now;
    a.name = profile.name.trimmed();
    a.company = request.role == Role::Provider ? profile.company.trimmed() : QString();
    m_accounts.insert(a.id, a);
    indexAccount(a);
    m_dirtyAccounts.insert(a.id);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the account could not be stored"));
    return a;
}

Result<Account> ExchangeEngine::authenticate(const QString &email, const QString &password) const
{
    const SignInCheck check = signInCheck(email);
    return signInResult(check.accountId, PasswordHasher::verify(password, check.passwordHash));
}

ExchangeEngine::SignInCheck ExchangeEngine::signInCheck(const QString &email) const
{
    const qint64 id = accountIdByEmail(email);
    if (id == 0) {
        // Verified all the same, so that timing does not tell which emails exist. Made once,
        // at the engine's cost (the first unknown email pays for it).
        static const QString dummy =
            PasswordHasher::hash(QStringLiteral("dummy-password"), m_passwordLog2N);
        return {0, dummy};
    }
    return {id, m_accounts[id].passwordHash};
}

Result<Account> ExchangeEngine::signInResult(qint64 accountId, bool verified) const
{
    const auto a = m_accounts.constFind(accountId);
    if (!verified || a == m_accounts.cend())
        return err(ErrorCode::AuthenticationFailed, QStringLiteral("wrong email or password"));
    // Told only to whoever knows the password. A pending provider and an unverified account
    // sign in (and are refused what they may not do yet); a suspended or rejected one does not.
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
    const qint64 id = accountIdByEmail(email);
    return id == 0 ? std::nullopt : account(id);
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
    case AccountState::Unverified:
        return err(ErrorCode::AccountUnverified,
                   QStringLiteral("confirm your email address first, with the code mailed to it"));
    }
    return err(ErrorCode::Internal, QStringLiteral("unknown account state"));
}

std::optional<Error> ExchangeEngine::checkSignUp(const SignUpRequest &request) const
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    QString why;
    const QString email = TextRules::canonicalEmail(request.email, &why);
    if (email.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("email: ") + why);
    if (const auto problem = PasswordRules::check(request.password, email);
        problem != PasswordRules::Problem::None)
        return err(ErrorCode::WeakPassword, PasswordRules::describe(problem));
    if (auto e = profileProblem(QStringLiteral("name"), request.name.trimmed()))
        return e;
    if (request.role == Role::Support)
        return err(ErrorCode::Forbidden,
                   QStringLiteral("support accounts are made by the operator, not by sign-up"));
    if (request.role == Role::Provider) {
        if (auto e = profileProblem(QStringLiteral("company"), request.company.trimmed()))
            return e;
    } else if (!request.company.trimmed().isEmpty()) {
        return err(ErrorCode::InvalidArgument, QStringLiteral("company: only for a provider"));
    }
    const QString country = request.country.trimmed().toUpper();
    if (!m_taxes->contains(country))
        return err(ErrorCode::UnknownCountry,
                   QStringLiteral("no tax rate for country \"%1\"").arg(request.country.left(8)));
    return std::nullopt;
}

Result<ExchangeEngine::SignUpOutcome> ExchangeEngine::signUp(const SignUpRequest &request,
                                                             const QString &passwordHash)
{
    advance();
    if (auto e = checkSignUp(request))
        return *e;
    if (passwordHash.isEmpty())
        return err(ErrorCode::Storage, QStringLiteral("could not hash the password"));
    const QString email = TextRules::canonicalEmail(request.email);
    SignUpOutcome out;
    qint64 existing = accountIdByEmail(email);
    if (existing == 0) {
        // A mixed-script confusable of an account's address is that account's identity.
        const QList<qint64> alike = m_accountsByConfusable.values(TextRules::confusableKey(email));
        for (const qint64 id : alike) {
            if (!TextRules::shareScript(m_accounts.value(id).email, email)) {
                existing = id;
                break;
            }
        }
    }
    if (existing != 0) {
        Account &a = m_accounts[existing];
        if (a.state != AccountState::Unverified || a.email != email) {
            out.kind = SignUpOutcome::Kind::Taken;
            out.account = a;
            return out;
        }
        begin();
        a.passwordHash = passwordHash;
        a.role = request.role;
        a.country = request.country.trimmed().toUpper();
        a.name = request.name.trimmed();
        a.company = request.role == Role::Provider ? request.company.trimmed() : QString();
        // A code mailed less than MailIntervalMs ago stands (a second click mails nothing);
        // else a fresh one replaces it.
        const qint64 issuedMs = a.verificationExpiresMs - VerificationCodeLifeMs;
        if (a.verificationHash.isEmpty() || m_now - issuedMs >= MailIntervalMs
            || a.verificationFailures > 0)
            out.code = newVerificationCode(a);
        m_dirtyAccounts.insert(existing);
        if (!commit())
            return err(ErrorCode::Storage, QStringLiteral("the account could not be stored"));
        out.kind = SignUpOutcome::Kind::Renewed;
        out.account = m_accounts.value(existing);
        return out;
    }
    // The database's own comparison too: an address it holds in another spelling than memory
    // (SQLite drops a leading byte-order mark from UTF-16 text) would fail the commit, reload
    // the engine and refuse every request of the batch; here it refuses this one.
    if (const qint64 stored = m_db.accountIdByEmail(email); stored != 0)
        return stored < 0
            ? err(ErrorCode::Storage, QStringLiteral("the accounts could not be read"))
            : err(ErrorCode::DuplicateAccount, QStringLiteral("an account with this email exists"));
    begin();
    Account a;
    a.id = ++m_lastAccountId;
    a.email = email;
    a.role = request.role;
    a.country = request.country.trimmed().toUpper();
    a.passwordHash = passwordHash;
    a.createdMs = m_now;
    a.name = request.name.trimmed();
    a.company = request.role == Role::Provider ? request.company.trimmed() : QString();
    a.state = AccountState::Unverified;
    out.code = newVerificationCode(a);
    m_accounts.insert(a.id, a);
    indexAccount(a);
    m_dirtyAccounts.insert(a.id);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the account could not be stored"));
    out.account = a;
    return out;
}

Result<Account> ExchangeEngine::verifyEmail(qint64 accountId, const QString &code)
{
    advance();
    const Result<Account *> found = openAccount(accountId);
    if (!found)
        return found.error();
    Account *const it = *found;
    if (it->state != AccountState::Unverified)
        return err(ErrorCode::InvalidState,
                   QStringLiteral("the email address is confirmed already"));
    if (it->verificationHash.isEmpty() || it->verificationFailures >= MaxVerificationFailures
        || m_clock.nowMs() >= it->verificationExpiresMs)
        return err(ErrorCode::VerificationFailed,
                   QStringLiteral("the code has expired or was tried too often; sign up again "
                                  "for a new one"));
    begin();
    if (!sameHash(verificationHashOf(accountId, code), it->verificationHash)) {
        const int left = MaxVerificationFailures - ++it->verificationFailures;
        m_dirtyAccounts.insert(accountId);
        if (!commit())
            return err(ErrorCode::Storage, QStringLiteral("the attempt could not be stored"));
        return err(ErrorCode::VerificationFailed,
                   left > 0 ? QStringLiteral("wrong code; %1 more tries").arg(left)
                            : QStringLiteral("wrong code; sign up again for a new one"));
    }
    it->state = it->role == Role::Provider ? AccountState::Pending : AccountState::Active;
    it->verificationHash.clear();
    it->verificationExpiresMs = 0;
    it->verificationFailures = 0;
    m_dirtyAccounts.insert(accountId);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the confirmation could not be stored"));
    return m_accounts.value(accountId);
}

Result<Account> ExchangeEngine::setPasswordHash(qint64 actor, const QString &passwordHash)
{
    advance();
    const Result<Account *> found = openAccount(actor);
    if (!found)
        return found.error();
    Account *const it = *found;
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
                                              const QString &detail, qint64 actor,
                                              const QString &reason, qint32 bidsCancelled,
                                              qint32 listingsPaused)
{
    m_dirtyAccounts.insert(target.id);
    AuditRecord audit {++m_lastAuditId, m_now, actor, action, target.id, detail};
    audit.reason = reason;
    audit.bidsCancelled = bidsCancelled;
    audit.listingsPaused = listingsPaused;
    m_newAudit.append(audit);
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
    // Its windows ahead are cancelled without a fee: a suspended customer's, and those on a
    // suspended provider's listings (their customers get all of their holds back).
    QList<qint64> reservations;
    for (const Rental &r : std::as_const(m_rentals)) {
        if (r.state == RentalState::Reserved && (r.customerId == target || r.providerId == target))
            reservations.append(r.id);
    }
    std::sort(reservations.begin(), reservations.end());
    for (const qint64 id : std::as_const(reservations))
        cancelReservation(m_rentals[id], 0);
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
                         actor, reason.trimmed(), qint32(orderIds.size()), qint32(paused));
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
    return storeDecision(*account, QStringLiteral("reactivate"), reason.trimmed(), actor,
                         reason.trimmed());
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
    Result<Account> decided = storeDecision(*account,
                                            approve ? QStringLiteral("application_approved")
                                                    : QStringLiteral("application_rejected"),
                                            reason.trimmed(), actor, reason.trimmed());
    if (decided)
        m_changes.applications.append(*decided); // the provider's desk is told
    return decided;
}

} // namespace everx
