// Accounts over the protocol: sign-up (open or closed, its refusals, the address limit), a
// changed password, sign-out everywhere, and support's suspension, reactivation and decision on
// a provider's application, with their effects on bids, holds, listings and sessions.

#include "fixtures/serverfixture.h"

#include "market/passwordrules.h"

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

ServerFixture::Configure openSignUp(int signInsPerMinute = 60)
{
    return [signInsPerMinute](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.signUpOpen = true;
        o.signInsPerAddressPerMinute = signInsPerMinute;
    };
}

QJsonObject signUpArgs(const QString &email, const QString &role = u"customer"_s,
                       const QString &company = {})
{
    QJsonObject o {{u"email"_s, email},
                   {u"password"_s, u"a long passphrase"_s},
                   {u"name"_s, u"Ayu Lestari"_s},
                   {u"country"_s, u"ID"_s},
                   {u"role"_s, role}};
    if (!company.isEmpty())
        o.insert(u"company"_s, company);
    return o;
}

QJsonObject reason(qint64 accountId, const QString &why = u"chargeback fraud"_s)
{
    return {{u"accountId"_s, accountId}, {u"reason"_s, why}};
}

QString stateOf(const QJsonObject &reply)
{
    return RawClient::result(reply).value(u"account"_s).toObject().value(u"state"_s).toString();
}

QJsonObject credentials(const QString &email, const QString &password)
{
    return {{u"email"_s, email}, {u"password"_s, password}};
}

} // namespace

class TestServerAccounts : public QObject
{
    Q_OBJECT

private slots:
    void passwordRulesHaveTheirList();
    void customerSignsUpActiveAndSignedIn();
    void providerSignsUpPendingUntilApproved();
    void rejectedProviderCannotSignIn();
    void signUpRefusals_data();
    void signUpRefusals();
    void signUpIsClosedOnAServerByDefault();
    void signUpCountsAgainstTheAddressLimit();
    void changingThePasswordEndsOtherSessions();
    void passwordChangeRefusals();
    void logoutAllEndsEverySession();
    void suspensionCancelsBidsPausesListingsEndsSessions();
    void suspendedSessionCannotTrade();
    void suspensionRefusedChangesNothing();
    void reactivationKeepsListingsPaused();
};

void TestServerAccounts::passwordRulesHaveTheirList()
{
    QVERIFY(PasswordRules::commonCount() >= 50);
    QCOMPARE(PasswordRules::check(u"short"), PasswordRules::Problem::TooShort);
    QCOMPARE(PasswordRules::check(u"Password123"), PasswordRules::Problem::Common);
    QCOMPARE(PasswordRules::check(QString(257, u'x')), PasswordRules::Problem::TooLong);
    QCOMPARE(PasswordRules::check(u"a long passphrase"), PasswordRules::Problem::None);
}

void TestServerAccounts::customerSignsUpActiveAndSignedIn()
{
    ServerFixture f(false, openSignUp());
    RawClient c(f);
    QVERIFY(c.waitConnected());
    const QJsonObject reply = c.call(u"auth.signup"_s, signUpArgs(u"Ayu@X.io"_s));
    QCOMPARE(RawClient::errorCode(reply), QString());
    QVERIFY(!RawClient::result(reply).value(u"token"_s).toString().isEmpty());
    QCOMPARE(stateOf(reply), u"active"_s);
    const QJsonObject account = RawClient::result(reply).value(u"account"_s).toObject();
    QCOMPARE(account.value(u"email"_s).toString(), u"ayu@x.io"_s);
    QCOMPARE(account.value(u"name"_s).toString(), u"Ayu Lestari"_s);
    QCOMPARE(account.value(u"country"_s).toString(), u"ID"_s);
    QCOMPARE(account.value(u"role"_s).toString(), u"customer"_s);
    // Signed in on this connection, and able to sign in again with the password.
    QCOMPARE(RawClient::errorCode(c.call(u"account.get"_s)), QString());
    RawClient again(f);
    QVERIFY(again.waitConnected());
    QCOMPARE(RawClient::errorCode(
                 again.call(u"auth.login"_s, credentials(u"ayu@x.io"_s, u"a long passphrase"_s))),
             QString());
    // A customer trades at once.
    QCOMPARE(RawClient::errorCode(c.call(u"order.place"_s,
                                         {{u"clientOrderId"_s, u"s1"_s},
                                          {u"gpu"_s, u"h200"_s},
                                          {u"kind"_s, u"limit"_s},
                                          {u"gpus"_s, 1},
                                          {u"hours"_s, 1},
                                          {u"price"_s, u"1.00"_s}})),
             u"insufficient_funds"_s); // not account_pending: it has no money yet
}

void TestServerAccounts::providerSignsUpPendingUntilApproved()
{
    ServerFixture f(false, openSignUp());
    ExchangeEngine &e = f.service->engine();
    f.account(u"support@x.io"_s, Role::Support);
    RawClient provider(f);
    QVERIFY(provider.waitConnected());
    const QJsonObject reply =
        provider.call(u"auth.signup"_s, signUpArgs(u"gpu@x.io"_s, u"provider"_s, u"Nusa GPU"_s));
    QCOMPARE(RawClient::errorCode(reply), QString());
    QCOMPARE(stateOf(reply), u"pending"_s);
    QCOMPARE(RawClient::result(reply).value(u"account"_s).toObject().value(u"company"_s),
             u"Nusa GPU"_s);
    const qint64 id = e.accountByEmail(u"gpu@x.io"_s)->id;
    const QJsonObject listing {{u"gpu"_s, u"h200"_s},
                               {u"gpus"_s, 2},
                               {u"region"_s, u"ap-southeast"_s},
                               {u"endpoint"_s, u"ssh gpu@203.0.113.9"_s},
                               {u"price"_s, u"4.00"_s}};
    // Signed in, watching, but no provider operation yet.
    QCOMPARE(RawClient::errorCode(provider.call(u"listing.add"_s, listing)), u"account_pending"_s);
    QVERIFY(e.listings(id).isEmpty());

    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(u"support@x.io"_s));
    QJsonObject decision = reason(id, u"company checked"_s);
    decision.insert(u"decision"_s, u"approve"_s);
    const QJsonObject approved = support.call(u"support.application"_s, decision);
    QCOMPARE(RawClient::errorCode(approved), QString());
    QCOMPARE(stateOf(approved), u"active"_s);
    // Decided once: a second decision is refused.
    QCOMPARE(RawClient::errorCode(support.call(u"support.application"_s, decision)),
             u"invalid_state"_s);
    const QList<AuditRecord> audit = e.database().audit(id);
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit.first().action, u"application_approved"_s);
    QCOMPARE(audit.first().detail, u"company checked"_s);

    QCOMPARE(RawClient::errorCode(provider.call(u"listing.add"_s, listing)), QString());
    QCOMPARE(e.listings(id).size(), 1);
}

void TestServerAccounts::rejectedProviderCannotSignIn()
{
    ServerFixture f(false, openSignUp());
    ExchangeEngine &e = f.service->engine();
    f.account(u"support@x.io"_s, Role::Support);
    RawClient provider(f);
    QVERIFY(provider.waitConnected());
    QCOMPARE(RawClient::errorCode(provider.call(
                 u"auth.signup"_s, signUpArgs(u"gpu@x.io"_s, u"provider"_s, u"Nusa GPU"_s))),
             QString());
    const qint64 id = e.accountByEmail(u"gpu@x.io"_s)->id;
    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(u"support@x.io"_s));
    QJsonObject decision = reason(id, u"no such company"_s);
    decision.insert(u"decision"_s, u"reject"_s);
    QCOMPARE(stateOf(support.call(u"support.application"_s, decision)), u"rejected"_s);
    // Its session ended with the decision, and it cannot sign in again.
    QCOMPARE(RawClient::errorCode(provider.call(u"account.get"_s)), u"unauthenticated"_s);
    QCOMPARE(RawClient::errorCode(provider.call(
                 u"auth.login"_s, credentials(u"gpu@x.io"_s, u"a long passphrase"_s))),
             u"account_rejected"_s);
    // A wrong password says nothing about the state.
    QCOMPARE(RawClient::errorCode(
                 provider.call(u"auth.login"_s, credentials(u"gpu@x.io"_s, u"wrong wrong"_s))),
             u"authentication_failed"_s);
}

void TestServerAccounts::signUpRefusals_data()
{
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<QString>("expected");
    const QJsonObject good = signUpArgs(u"new@x.io"_s);
    auto with = [&good](const QString &key, const QJsonValue &value) {
        QJsonObject o = good;
        if (value.isUndefined())
            o.remove(key);
        else
            o.insert(key, value);
        return o;
    };
    QTest::newRow("short password") << with(u"password"_s, u"nine char"_s) << u"weak_password"_s;
    QTest::newRow("common password") << with(u"password"_s, u"qwertyuiop"_s) << u"weak_password"_s;
    QTest::newRow("common, other case")
        << with(u"password"_s, u"PassWord123"_s) << u"weak_password"_s;
    QTest::newRow("unknown country") << with(u"country"_s, u"XX"_s) << u"unknown_country"_s;
    QTest::newRow("support role") << with(u"role"_s, u"support"_s) << u"forbidden"_s;
    QTest::newRow("unknown role") << with(u"role"_s, u"admin"_s) << u"invalid_argument"_s;
    QTest::newRow("provider without company")
        << with(u"role"_s, u"provider"_s) << u"invalid_argument"_s;
    QTest::newRow("customer with company")
        << with(u"company"_s, u"Acme"_s) << u"invalid_argument"_s;
    QTest::newRow("no name") << with(u"name"_s, QJsonValue::Undefined) << u"invalid_argument"_s;
    QTest::newRow("empty name") << with(u"name"_s, u"  "_s) << u"invalid_argument"_s;
    QTest::newRow("name too long") << with(u"name"_s, QString(101, u'a')) << u"invalid_argument"_s;
    QTest::newRow("name with a control character")
        << with(u"name"_s, u"Ayu\u001b[31m"_s) << u"invalid_argument"_s;
    QTest::newRow("name with a bidi override")
        << with(u"name"_s, u"Ayu\u202Egnp.exe"_s) << u"invalid_argument"_s;
    QTest::newRow("not an email") << with(u"email"_s, u"ayu"_s) << u"invalid_argument"_s;
    QTest::newRow("duplicate email") << with(u"email"_s, u"Taken@x.io"_s) << u"duplicate_account"_s;
    QTest::newRow("unknown field") << with(u"admin"_s, true) << u"invalid_argument"_s;
    QTest::newRow("password not a string")
        << with(u"password"_s, 1234567890) << u"invalid_argument"_s;
}

void TestServerAccounts::signUpRefusals()
{
    QFETCH(QJsonObject, args);
    QFETCH(QString, expected);
    ServerFixture f(false, openSignUp());
    ExchangeEngine &e = f.service->engine();
    f.account(u"taken@x.io"_s, Role::Customer);
    const QString before = stateFingerprint(e);
    RawClient c(f);
    QVERIFY(c.waitConnected());
    const QJsonObject reply = c.call(u"auth.signup"_s, args);
    QCOMPARE(RawClient::errorCode(reply), expected);
    // Nothing was made, and the connection is not signed in.
    QVERIFY(!e.accountByEmail(u"new@x.io"_s));
    QVERIFY(!e.account(2));
    QCOMPARE(stateFingerprint(e), before);
    QCOMPARE(RawClient::errorCode(c.call(u"account.get"_s)), u"unauthenticated"_s);
}

void TestServerAccounts::signUpIsClosedOnAServerByDefault()
{
    ServerFixture f(false);
    QVERIFY(!f.service->signUpOpen());
    RawClient c(f);
    QVERIFY(c.waitConnected());
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(u"new@x.io"_s))),
             u"signup_closed"_s);
    QVERIFY(!f.service->engine().accountByEmail(u"new@x.io"_s));
}

void TestServerAccounts::signUpCountsAgainstTheAddressLimit()
{
    ServerFixture f(false, openSignUp(2));
    RawClient c(f);
    QVERIFY(c.waitConnected());
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(u"a@x.io"_s))), QString());
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(u"b@x.io"_s))), QString());
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(u"c@x.io"_s))),
             u"rate_limited"_s);
    QVERIFY(!f.service->engine().accountByEmail(u"c@x.io"_s));
}

void TestServerAccounts::changingThePasswordEndsOtherSessions()
{
    ServerFixture f(false);
    f.account(u"c@x.io"_s, Role::Customer);
    RawClient mine(f), other(f);
    QVERIFY(mine.waitConnected() && other.waitConnected());
    QVERIFY(mine.login(u"c@x.io"_s));
    QVERIFY(other.login(u"c@x.io"_s));
    const QJsonObject reply =
        mine.call(u"account.password"_s,
                  {{u"current"_s, u"correct horse"_s}, {u"password"_s, u"a new passphrase"_s}});
    QCOMPARE(RawClient::errorCode(reply), QString());
    QCOMPARE(RawClient::errorCode(mine.call(u"account.get"_s)), QString());
    QCOMPARE(RawClient::errorCode(other.call(u"account.get"_s)), u"unauthenticated"_s);
    RawClient fresh(f);
    QVERIFY(fresh.waitConnected());
    QVERIFY(!fresh.login(u"c@x.io"_s)); // the old password
    QCOMPARE(RawClient::errorCode(
                 fresh.call(u"auth.login"_s, credentials(u"c@x.io"_s, u"a new passphrase"_s))),
             QString());
}

void TestServerAccounts::passwordChangeRefusals()
{
    ServerFixture f(false);
    f.account(u"c@x.io"_s, Role::Customer);
    const QString hash = f.service->engine().accountByEmail(u"c@x.io"_s)->passwordHash;
    RawClient c(f);
    QVERIFY(c.waitConnected());
    QVERIFY(c.login(u"c@x.io"_s));
    QCOMPARE(RawClient::errorCode(c.call(
                 u"account.password"_s,
                 {{u"current"_s, u"wrong horse"_s}, {u"password"_s, u"a new passphrase"_s}})),
             u"authentication_failed"_s);
    QCOMPARE(RawClient::errorCode(
                 c.call(u"account.password"_s,
                        {{u"current"_s, u"correct horse"_s}, {u"password"_s, u"1234567890"_s}})),
             u"weak_password"_s);
    QCOMPARE(RawClient::errorCode(c.call(u"account.password"_s, {{u"current"_s, u"x"_s}})),
             u"invalid_argument"_s);
    QCOMPARE(f.service->engine().accountByEmail(u"c@x.io"_s)->passwordHash, hash);
    QCOMPARE(RawClient::errorCode(c.call(u"account.get"_s)), QString());
}

void TestServerAccounts::logoutAllEndsEverySession()
{
    ServerFixture f(false);
    f.account(u"c@x.io"_s, Role::Customer);
    f.account(u"d@x.io"_s, Role::Customer);
    RawClient mine(f), other(f), stranger(f);
    QVERIFY(mine.waitConnected() && other.waitConnected() && stranger.waitConnected());
    QVERIFY(mine.login(u"c@x.io"_s));
    QVERIFY(stranger.login(u"d@x.io"_s));
    const QString token =
        RawClient::result(other.call(u"auth.login"_s, credentials(u"c@x.io"_s, u"correct horse"_s)))
            .value(u"token"_s)
            .toString();
    QVERIFY(!token.isEmpty());
    QCOMPARE(RawClient::errorCode(mine.call(u"auth.logoutAll"_s)), QString());
    QCOMPARE(RawClient::errorCode(mine.call(u"account.get"_s)), u"unauthenticated"_s);
    QCOMPARE(RawClient::errorCode(other.call(u"account.get"_s)), u"unauthenticated"_s);
    // The token is gone from the store too, not only from the connections.
    RawClient later(f);
    QVERIFY(later.waitConnected());
    QCOMPARE(RawClient::errorCode(later.call(u"auth.resume"_s, {{u"token"_s, token}})),
             u"authentication_failed"_s);
    // Another account's session is untouched.
    QCOMPARE(RawClient::errorCode(stranger.call(u"account.get"_s)), QString());
}

void TestServerAccounts::suspensionCancelsBidsPausesListingsEndsSessions()
{
    ServerFixture f(false);
    ExchangeEngine &e = f.service->engine();
    const qint64 customer = f.account(u"c@x.io"_s, Role::Customer);
    const qint64 provider = f.account(u"p@x.io"_s, Role::Provider);
    f.account(u"support@x.io"_s, Role::Support);
    QVERIFY(e.topUp(customer, Currency::USD, 100'000).ok());
    QVERIFY(e.topUp(provider, Currency::USD, 100'000).ok());
    const auto listing =
        e.addListing(provider, {u"h100-sxm"_s, 4, u"eu"_s, u"ssh gpu@203.0.113.7"_s, 300});
    QVERIFY(listing.ok());
    // A running rental (which runs on) and two resting bids (which are cancelled).
    const auto rental = e.placeBid(customer, {u"h100-sxm"_s, OrderKind::BuyNow, 1, 3, 300, 0, {}});
    QVERIFY(rental.ok() && rental->rentals.size() == 1);
    QVERIFY(e.placeBid(customer, {u"h200"_s, OrderKind::Limit, 2, 5, 100, 0, {}}).ok());
    QVERIFY(e.placeBid(customer, {u"b200"_s, OrderKind::Limit, 1, 2, 150, 0, {}}).ok());
    QCOMPARE(e.openOrders(customer).size(), 2);
    const Balance before = e.balance(customer);
    const Cents rentalHold = [&] {
        Cents held = before.held;
        for (const BidOrder &o : e.openOrders(customer))
            held -= o.heldCents;
        return held;
    }();

    RawClient victim(f), support(f), watcher(f);
    QVERIFY(victim.waitConnected() && support.waitConnected() && watcher.waitConnected());
    QVERIFY(victim.login(u"c@x.io"_s));
    QVERIFY(support.login(u"support@x.io"_s));
    QCOMPARE(RawClient::errorCode(watcher.call(u"subscribe"_s, {{u"channel"_s, u"book.h200"_s}})),
             QString());
    QVERIFY(!watcher.waitPush(u"book.h200"_s, u"snapshot"_s).isEmpty());
    const qsizetype pushesBefore = watcher.pushes.size();

    const QJsonObject reply = support.call(u"support.suspend"_s, reason(customer));
    QCOMPARE(RawClient::errorCode(reply), QString());
    QCOMPARE(stateOf(reply), u"suspended"_s);
    // Bids cancelled, their holds released in balanced entries; the rental's hold stays.
    QVERIFY(e.openOrders(customer).isEmpty());
    const Balance after = e.balance(customer);
    QCOMPARE(after.held, rentalHold);
    QCOMPARE(after.available + after.held, before.available + before.held);
    QCOMPARE(e.runningRentals(customer).size(), 1);
    QVERIFY(e.checkInvariants().isEmpty());
    // The bids left the book for everyone watching.
    QVERIFY(!watcher.waitPush(u"book.h200"_s, u"delta"_s, pushesBefore).isEmpty());
    // The session ended; a new sign-in is refused.
    QCOMPARE(RawClient::errorCode(victim.call(u"account.get"_s)), u"unauthenticated"_s);
    QCOMPARE(RawClient::errorCode(
                 victim.call(u"auth.login"_s, credentials(u"c@x.io"_s, u"correct horse"_s))),
             u"account_suspended"_s);
    const QList<AuditRecord> audit = e.database().audit(customer);
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit.first().action, u"suspend"_s);
    QVERIFY(audit.first().detail.endsWith(u"chargeback fraud"_s));

    // A provider's suspension pauses its listing: its ask leaves the book.
    QVERIFY(e.book(u"h100-sxm"_s)->bestAsk().has_value());
    QCOMPARE(RawClient::errorCode(support.call(u"support.suspend"_s, reason(provider))), QString());
    QCOMPARE(e.listing(listing->id)->state, ListingState::Paused);
    QVERIFY(!e.book(u"h100-sxm"_s)->bestAsk().has_value());
    QCOMPARE(e.runningRentals(provider).size(), 1); // the rental runs to its end
    // After a restart the state is still there.
    QVERIFY(f.restart());
    QCOMPARE(f.service->engine().account(customer)->state, AccountState::Suspended);
}

void TestServerAccounts::suspendedSessionCannotTrade()
{
    // The engine checks the state at every operation, whatever session the caller has.
    ServerFixture f(false);
    ExchangeEngine &e = f.service->engine();
    const qint64 customer = f.account(u"c@x.io"_s, Role::Customer);
    const qint64 support = f.account(u"support@x.io"_s, Role::Support);
    QVERIFY(e.topUp(customer, Currency::USD, 10'000).ok());
    QVERIFY(e.suspendAccount(support, customer, u"fraud"_s).ok());
    const auto bid = e.placeBid(customer, {u"h200"_s, OrderKind::Limit, 1, 1, 100, 0, {}});
    QCOMPARE(bid.code(), ErrorCode::AccountSuspended);
    QCOMPARE(e.requestTopUp(customer, Currency::USD, 1000).code(), ErrorCode::AccountSuspended);
    QCOMPARE(e.setPasswordHash(customer, u"x"_s).code(), ErrorCode::AccountSuspended);
}

void TestServerAccounts::suspensionRefusedChangesNothing()
{
    ServerFixture f(false);
    ExchangeEngine &e = f.service->engine();
    const qint64 customer = f.account(u"c@x.io"_s, Role::Customer);
    const qint64 support = f.account(u"support@x.io"_s, Role::Support);
    const qint64 other = f.account(u"other@x.io"_s, Role::Support);
    QVERIFY(e.topUp(customer, Currency::USD, 10'000).ok());
    QVERIFY(e.placeBid(customer, {u"h200"_s, OrderKind::Limit, 1, 1, 100, 0, {}}).ok());
    const QString before = stateFingerprint(e);
    QCOMPARE(e.suspendAccount(customer, customer, u"x"_s).code(), ErrorCode::Forbidden);
    QCOMPARE(e.suspendAccount(support, other, u"x"_s).code(), ErrorCode::Forbidden);
    QCOMPARE(e.suspendAccount(support, 999, u"x"_s).code(), ErrorCode::UnknownAccount);
    QCOMPARE(e.suspendAccount(support, customer, u"  "_s).code(), ErrorCode::InvalidArgument);
    QCOMPARE(e.suspendAccount(support, customer, u"a\u202Eb"_s).code(), ErrorCode::InvalidArgument);
    QCOMPARE(e.reactivateAccount(support, customer, u"x"_s).code(), ErrorCode::InvalidState);
    QCOMPARE(stateFingerprint(e), before);
    QCOMPARE(e.account(customer)->state, AccountState::Active);
    QVERIFY(e.database().audit(customer).isEmpty());
}

void TestServerAccounts::reactivationKeepsListingsPaused()
{
    ServerFixture f(false);
    ExchangeEngine &e = f.service->engine();
    const qint64 provider = f.account(u"p@x.io"_s, Role::Provider);
    f.account(u"support@x.io"_s, Role::Support);
    const auto listing =
        e.addListing(provider, {u"h200"_s, 2, u"eu"_s, u"ssh gpu@203.0.113.7"_s, 300});
    QVERIFY(listing.ok());
    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(u"support@x.io"_s));
    QCOMPARE(RawClient::errorCode(support.call(u"support.suspend"_s, reason(provider))), QString());
    const QJsonObject back = support.call(u"support.reactivate"_s, reason(provider, u"cleared"_s));
    QCOMPARE(RawClient::errorCode(back), QString());
    QCOMPARE(stateOf(back), u"active"_s);
    QCOMPARE(e.listing(listing->id)->state, ListingState::Paused);
    RawClient p(f);
    QVERIFY(p.waitConnected());
    QVERIFY(p.login(u"p@x.io"_s));
    QCOMPARE(RawClient::errorCode(p.call(u"listing.resume"_s, {{u"listingId"_s, listing->id}})),
             QString());
    const QList<AuditRecord> audit = e.database().audit(provider);
    QCOMPARE(audit.size(), 2);
    QCOMPARE(audit.last().action, u"reactivate"_s);
}

QTEST_GUILESS_MAIN(TestServerAccounts)
#include "tst_serveraccounts.moc"
