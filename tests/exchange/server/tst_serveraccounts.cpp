// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Accounts over the protocol: sign-up (open or closed, its refusals, the address limit, the same
// answer for an address that has an account) and the code that confirms the address, a changed
// password, sign-out everywhere, and support's suspension, reactivation and decision on a
// provider's application, with their effects on bids, holds, listings and sessions.

#include "fixtures/serverfixture.h"

#include "market/passwordrules.h"
#include "market/textrules.h"
#include "server/mailer.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

// Takes the service's mail instead of a relay (tst_servermail sends it through a real one).
class RecordingMailer final : public Mailer
{
public:
    QList<Mail> mails;
    void send(const Mail &mail) override
    {
        mails.append(mail);
        Q_EMIT sent(mail.to, true, QString());
    }
    QString lastCode() const { return mails.isEmpty() ? QString() : mails.last().code; }
};

ServerFixture::Configure openSignUp(RecordingMailer *mailer, int signInsPerMinute = 60)
{
    return [mailer, signInsPerMinute](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.signUpOpen = true;
        o.signInsPerAddressPerMinute = signInsPerMinute;
        o.mailer = mailer;
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

QJsonObject verification(const QString &email, const QString &code,
                         const QString &password = u"a long passphrase"_s)
{
    return {{u"email"_s, email}, {u"password"_s, password}, {u"code"_s, code}};
}

// A request's frame with every character past ASCII as a JSON escape (\uXXXX): what a hostile
// client sends. (Qt's JSON reader drops a raw U+FEFF inside a string; an escaped one it keeps.)
QString escapedRequest(qint64 id, const QString &op, const QJsonObject &args)
{
    const QString frame = Protocol::encodeRequest(id, op, args);
    QString out;
    for (const QChar c : frame)
        out +=
            c.unicode() < 0x80 ? QString(c) : u"\\u%1"_s.arg(c.unicode(), 4, 16, QLatin1Char('0'));
    return out;
}

// The account channel's events a client was pushed, as "type" and, for an account, its state or,
// for a notification, its kind: "account:active", "notification:application_approved".
QStringList accountEvents(const RawClient &c)
{
    QStringList out;
    for (const QJsonObject &push : c.pushes) {
        if (push.value(u"ch"_s).toString() != Channel::AccountName
            || push.value(u"type"_s).toString() != u"event"_s)
            continue;
        const QJsonObject data = push.value(u"data"_s).toObject();
        const QString type = data.value(u"type"_s).toString();
        if (type == AccountEvent::Account)
            out << type + u':' + data.value(u"account"_s).toObject().value(u"state"_s).toString();
        else if (type == AccountEvent::Notification)
            out << type + u':' + data.value(u"kind"_s).toString();
        else
            out << type;
    }
    return out;
}

// Signs up and confirms the address with the mailed code; the reply of auth.verify.
QJsonObject signUpAndVerify(RawClient &c, RecordingMailer &mailer, const QJsonObject &args)
{
    const QJsonObject sent = c.call(u"auth.signup"_s, args);
    if (!RawClient::errorCode(sent).isEmpty())
        return sent;
    return c.call(u"auth.verify"_s,
                  verification(args.value(u"email"_s).toString(), mailer.lastCode()));
}

} // namespace

class TestServerAccounts : public QObject
{
    Q_OBJECT

private slots:
    void passwordRulesHaveTheirList();
    void customerSignsUpUnverifiedUntilTheCode();
    void providerSignsUpPendingUntilApproved();
    void rejectedProviderCannotSignIn();
    void signUpRefusals_data();
    void signUpRefusals();
    void signUpAnswersTheSameForATakenAddress_data();
    void signUpAnswersTheSameForATakenAddress();
    void signUpAgainRenewsAnUnverifiedAccount();
    void wrongCodesAreCountedThenRefused();
    void verifyNeedsThePassword();
    void signUpIsClosedOnAServerByDefault();
    void signUpCountsAgainstTheAddressLimit();
    void changingThePasswordEndsOtherSessions();
    void passwordChangeRefusals();
    void logoutAllEndsEverySession();
    void suspensionCancelsBidsPausesListingsEndsSessions();
    void suspensionTellsEveryConnectionOfTheAccountAtOnce();
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

void TestServerAccounts::customerSignsUpUnverifiedUntilTheCode()
{
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer));
    RawClient c(f);
    QVERIFY(c.waitConnected());
    const QJsonObject reply = c.call(u"auth.signup"_s, signUpArgs(u"Ayu@X.io"_s));
    QCOMPARE(RawClient::errorCode(reply), QString());
    // No token: the answer says only where the mail went, and carries no mail off the sandbox.
    QCOMPARE(RawClient::result(reply), (QJsonObject {{u"email"_s, u"ayu@x.io"_s}}));
    QCOMPARE(RawClient::errorCode(c.call(u"account.get"_s)), u"unauthenticated"_s);
    QCOMPARE(mailer.mails.size(), 1);
    QCOMPARE(mailer.mails.first().to, u"ayu@x.io"_s);
    const QString code = mailer.lastCode();
    QCOMPARE(code.size(), 6);
    QVERIFY(mailer.mails.first().text.contains(code));
    const std::optional<Account> made = f.service->engine().accountByEmail(u"ayu@x.io"_s);
    QVERIFY(made);
    QCOMPARE(made->state, AccountState::Unverified);
    QVERIFY(made->verificationHash.size() == 64 && !made->verificationHash.contains(code));

    // Unverified: it signs in and watches, but neither tops up nor trades.
    RawClient watcher(f);
    QVERIFY(watcher.waitConnected());
    const QJsonObject signedIn =
        watcher.call(u"auth.login"_s, credentials(u"ayu@x.io"_s, u"a long passphrase"_s));
    QCOMPARE(RawClient::errorCode(signedIn), QString());
    QCOMPARE(stateOf(signedIn), u"unverified"_s);
    QCOMPARE(RawClient::errorCode(watcher.call(u"account.get"_s)), QString());
    QCOMPARE(RawClient::errorCode(watcher.call(u"subscribe"_s, {{u"channel"_s, u"book.h200"_s}})),
             QString());
    const QJsonObject order {{u"clientOrderId"_s, u"s1"_s},
                             {u"gpu"_s, u"h200"_s},
                             {u"kind"_s, u"limit"_s},
                             {u"gpus"_s, 1},
                             {u"hours"_s, 1},
                             {u"price"_s, u"1.00"_s}};
    QCOMPARE(RawClient::errorCode(watcher.call(u"order.place"_s, order)), u"account_unverified"_s);
    QCOMPARE(RawClient::errorCode(watcher.call(
                 u"wallet.topup"_s, {{u"currency"_s, u"USD"_s}, {u"amount"_s, u"10.00"_s}})),
             u"account_unverified"_s);

    // The code confirms the address and signs in; the customer is active and trades.
    const QJsonObject wrong =
        c.call(u"auth.verify"_s,
               verification(u"ayu@x.io"_s, code == u"000000"_s ? u"000001"_s : u"000000"_s));
    QCOMPARE(RawClient::errorCode(wrong), u"verification_failed"_s);
    const QJsonObject confirmed = c.call(u"auth.verify"_s, verification(u"AYU@x.io"_s, code));
    QCOMPARE(RawClient::errorCode(confirmed), QString());
    QVERIFY(!RawClient::result(confirmed).value(u"token"_s).toString().isEmpty());
    QCOMPARE(stateOf(confirmed), u"active"_s);
    const QJsonObject account = RawClient::result(confirmed).value(u"account"_s).toObject();
    QCOMPARE(account.value(u"email"_s).toString(), u"ayu@x.io"_s);
    QCOMPARE(account.value(u"name"_s).toString(), u"Ayu Lestari"_s);
    QCOMPARE(account.value(u"country"_s).toString(), u"ID"_s);
    QCOMPARE(account.value(u"role"_s).toString(), u"customer"_s);
    QCOMPARE(RawClient::errorCode(c.call(u"order.place"_s, order)),
             u"insufficient_funds"_s); // not account_unverified: it has no money yet
    // A code is used once.
    QCOMPARE(RawClient::errorCode(c.call(u"auth.verify"_s, verification(u"ayu@x.io"_s, code))),
             u"invalid_state"_s);
    // After a restart the state is still there.
    QVERIFY(f.restart());
    QCOMPARE(f.service->engine().accountByEmail(u"ayu@x.io"_s)->state, AccountState::Active);
}

void TestServerAccounts::providerSignsUpPendingUntilApproved()
{
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer));
    ExchangeEngine &e = f.service->engine();
    f.account(u"support@x.io"_s, Role::Support);
    RawClient provider(f);
    QVERIFY(provider.waitConnected());
    const QJsonObject reply =
        signUpAndVerify(provider, mailer, signUpArgs(u"gpu@x.io"_s, u"provider"_s, u"Nusa GPU"_s));
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
    QCOMPARE(RawClient::errorCode(
                 provider.call(u"subscribe"_s, {{u"channel"_s, QString(Channel::AccountName)}})),
             QString());
    QVERIFY(!provider.waitPush(Channel::AccountName, u"snapshot"_s).isEmpty());

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
    // The provider's desk is told at once, the account before the notification; its reason is
    // support's own.
    QTRY_COMPARE(accountEvents(provider),
                 QStringList({u"account:active"_s, u"notification:application_approved"_s}));
    for (const QJsonObject &push : std::as_const(provider.pushes))
        QVERIFY(!QJsonDocument(push).toJson().contains("company checked"));

    // The same session lists now, without signing in again.
    QCOMPARE(RawClient::errorCode(provider.call(u"listing.add"_s, listing)), QString());
    QCOMPARE(e.listings(id).size(), 1);
}

void TestServerAccounts::rejectedProviderCannotSignIn()
{
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer));
    ExchangeEngine &e = f.service->engine();
    f.account(u"support@x.io"_s, Role::Support);
    RawClient provider(f);
    QVERIFY(provider.waitConnected());
    QCOMPARE(RawClient::errorCode(signUpAndVerify(
                 provider, mailer, signUpArgs(u"gpu@x.io"_s, u"provider"_s, u"Nusa GPU"_s))),
             QString());
    const qint64 id = e.accountByEmail(u"gpu@x.io"_s)->id;
    QCOMPARE(RawClient::errorCode(
                 provider.call(u"subscribe"_s, {{u"channel"_s, QString(Channel::AccountName)}})),
             QString());
    QVERIFY(!provider.waitPush(Channel::AccountName, u"snapshot"_s).isEmpty());
    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(u"support@x.io"_s));
    QJsonObject decision = reason(id, u"no such company"_s);
    decision.insert(u"decision"_s, u"reject"_s);
    QCOMPARE(stateOf(support.call(u"support.application"_s, decision)), u"rejected"_s);
    // It is told before its session ends: the account, then the notification.
    QTRY_COMPARE(accountEvents(provider),
                 QStringList({u"account:rejected"_s, u"notification:application_rejected"_s}));
    // Then the session event, which every connection of the account gets, without support's
    // reason.
    QTRY_COMPARE(provider.events.size(), 1);
    const std::optional<Protocol::Frame> told = Protocol::decode(
        QString::fromUtf8(QJsonDocument(provider.events.first()).toJson(QJsonDocument::Compact)));
    QVERIFY(told && told->kind == Protocol::FrameKind::Event);
    QCOMPARE(told->event, QString(SessionEvent::AccountRejected));
    QVERIFY(told->data.isEmpty());
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
    // docs/protocol.md "Identities": the review's spellings that made accounts of their own.
    QTest::newRow("email with a zero-width space")
        << with(u"email"_s, u"ne\u200bw@x.io"_s) << u"invalid_argument"_s;
    QTest::newRow("email with a leading U+FEFF")
        << with(u"email"_s, u"\ufeffnew@x.io"_s) << u"invalid_argument"_s;
    QTest::newRow("email with a bidi mark")
        << with(u"email"_s, u"new@x.io\u200f"_s) << u"invalid_argument"_s;
    QTest::newRow("email mixing Latin and Cyrillic")
        << with(u"email"_s, u"n\u0435w@x.io"_s) << u"invalid_argument"_s;
    QTest::newRow("password of spaces")
        << with(u"password"_s, QString(12, u' ')) << u"weak_password"_s;
    QTest::newRow("password of one character")
        << with(u"password"_s, u"xxxxxxxxxxxx"_s) << u"weak_password"_s;
    QTest::newRow("password holding the mailbox")
        << with(u"password"_s, u"my new passphrase"_s) << u"weak_password"_s;
    QTest::newRow("name of invisible characters")
        << with(u"name"_s, u"\u200b\u3164"_s) << u"invalid_argument"_s;
    QTest::newRow("name starting with a bidi mark")
        << with(u"name"_s, u"\u200fAyu"_s) << u"invalid_argument"_s;
    QTest::newRow("name stacking marks")
        << with(u"name"_s, u"A\u0301\u0302\u0303yu"_s) << u"invalid_argument"_s;
    const auto provider = [&with](const QString &company) {
        QJsonObject o = with(u"role"_s, u"provider"_s);
        o.insert(u"company"_s, company);
        return o;
    };
    QTest::newRow("company of invisible characters")
        << provider(u"\u2800\u2800"_s) << u"invalid_argument"_s;
    QTest::newRow("company starting with a bidi mark")
        << provider(u"\u202bNusa"_s) << u"invalid_argument"_s;
    QTest::newRow("unknown field") << with(u"admin"_s, true) << u"invalid_argument"_s;
    QTest::newRow("password not a string")
        << with(u"password"_s, 1234567890) << u"invalid_argument"_s;
}

void TestServerAccounts::signUpRefusals()
{
    QFETCH(QJsonObject, args);
    QFETCH(QString, expected);
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer));
    ExchangeEngine &e = f.service->engine();
    f.account(u"taken@x.io"_s, Role::Customer);
    const QString before = stateFingerprint(e);
    RawClient c(f);
    QVERIFY(c.waitConnected());
    const QJsonObject reply = c.sendRaw(escapedRequest(c.nextId++, u"auth.signup"_s, args));
    QCOMPARE(RawClient::errorCode(reply), expected);
    // Nothing was made, and the connection is not signed in.
    QVERIFY(!e.accountByEmail(u"new@x.io"_s));
    QVERIFY(!e.account(2));
    QCOMPARE(stateFingerprint(e), before);
    QCOMPARE(RawClient::errorCode(c.call(u"account.get"_s)), u"unauthenticated"_s);
    QVERIFY(mailer.mails.isEmpty());
}

void TestServerAccounts::signUpAnswersTheSameForATakenAddress_data()
{
    QTest::addColumn<QString>("email");
    QTest::addColumn<QString>("owner"); // who is told
    QTest::newRow("the same spelling") << u"taken@x.io"_s << u"taken@x.io"_s;
    QTest::newRow("capitals and a final dot") << u"TAKEN@X.io."_s << u"taken@x.io"_s;
    QTest::newRow("fullwidth letters")
        << u"\uff54\uff41\uff4b\uff45\uff4e@x.io"_s << u"taken@x.io"_s;
    // A whole-script double: Cyrillic letters only, each one like a Latin one.
    QTest::newRow("Cyrillic lookalike") << u"\u0441\u043e\u0440@x.io"_s << u"cop@x.io"_s;
}

void TestServerAccounts::signUpAnswersTheSameForATakenAddress()
{
    QFETCH(QString, email);
    QFETCH(QString, owner);
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer));
    ExchangeEngine &e = f.service->engine();
    const qint64 taken = f.account(u"taken@x.io"_s, Role::Customer);
    f.account(u"cop@x.io"_s, Role::Customer);
    const QString hash = e.account(taken)->passwordHash;
    const QString before = stateFingerprint(e);
    RawClient c(f);
    QVERIFY(c.waitConnected());
    const QJsonObject reply = c.call(u"auth.signup"_s, signUpArgs(email));
    // Answered as a new address is: no error, no token, the address as spelt.
    QCOMPARE(RawClient::errorCode(reply), QString());
    QCOMPARE(RawClient::result(reply).keys(), QStringList {u"email"_s});
    QCOMPARE(RawClient::result(reply).value(u"email"_s).toString(),
             TextRules::canonicalEmail(email));
    // The owner is told instead, with no code; nothing changed.
    QCOMPARE(mailer.mails.size(), 1);
    QCOMPARE(mailer.mails.first().to, owner);
    QVERIFY(mailer.mails.first().code.isEmpty());
    QVERIFY(mailer.mails.first().subject.contains(u"Someone tried"_s));
    QCOMPARE(e.account(taken)->passwordHash, hash);
    QCOMPARE(stateFingerprint(e), before);
    QVERIFY(!e.account(3));
    // A second try within the minute tells the owner no more.
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(email))), QString());
    QCOMPARE(mailer.mails.size(), 1);
}

void TestServerAccounts::signUpAgainRenewsAnUnverifiedAccount()
{
    // An address nobody confirmed is nobody's: signing up again replaces the password, and a
    // fresh code goes to the mailbox (after MailIntervalMs; a second click mails nothing).
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer));
    RawClient c(f);
    QVERIFY(c.waitConnected());
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(u"ayu@x.io"_s))), QString());
    const QString first = mailer.lastCode();
    QJsonObject again = signUpArgs(u"ayu@x.io"_s);
    again.insert(u"password"_s, u"another passphrase"_s);
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, again)), QString());
    QCOMPARE(mailer.mails.size(), 1); // the first code stands
    f.clock.advance(MarketRules::MailIntervalMs);
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, again)), QString());
    QCOMPARE(mailer.mails.size(), 2);
    const QString second = mailer.lastCode();
    QCOMPARE(f.service->engine().accountByEmail(u"ayu@x.io"_s)->id, 1);
    if (first != second)
        QCOMPARE(
            RawClient::errorCode(c.call(
                u"auth.verify"_s, verification(u"ayu@x.io"_s, first, u"another passphrase"_s))),
            u"verification_failed"_s);
    QCOMPARE(RawClient::errorCode(c.call(u"auth.verify"_s, verification(u"ayu@x.io"_s, second))),
             u"authentication_failed"_s); // the old password
    QCOMPARE(RawClient::errorCode(c.call(
                 u"auth.verify"_s, verification(u"ayu@x.io"_s, second, u"another passphrase"_s))),
             QString());
}

void TestServerAccounts::wrongCodesAreCountedThenRefused()
{
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer));
    RawClient c(f);
    QVERIFY(c.waitConnected());
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(u"ayu@x.io"_s))), QString());
    const QString code = mailer.lastCode();
    const QString wrong = code == u"123456"_s ? u"654321"_s : u"123456"_s;
    for (int i = 0; i < MarketRules::MaxVerificationFailures; ++i)
        QCOMPARE(RawClient::errorCode(c.call(u"auth.verify"_s, verification(u"ayu@x.io"_s, wrong))),
                 u"verification_failed"_s);
    // Used up: the right code no longer confirms, and the account stays unverified.
    QCOMPARE(RawClient::errorCode(c.call(u"auth.verify"_s, verification(u"ayu@x.io"_s, code))),
             u"verification_failed"_s);
    QCOMPARE(f.service->engine().accountByEmail(u"ayu@x.io"_s)->state, AccountState::Unverified);
    // Malformed codes are refused before anything is looked at.
    for (const QString &bad :
         {u"12345"_s, u"1234567"_s, u"12a456"_s, u"\uff11\uff12\uff13\uff14\uff15\uff16"_s})
        QCOMPARE(RawClient::errorCode(c.call(u"auth.verify"_s, verification(u"ayu@x.io"_s, bad))),
                 u"invalid_argument"_s);
    // An expired code too: sign up again for a new one.
    f.clock.advance(MarketRules::VerificationCodeLifeMs);
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(u"ayu@x.io"_s))), QString());
    QCOMPARE(RawClient::errorCode(
                 c.call(u"auth.verify"_s, verification(u"ayu@x.io"_s, mailer.lastCode()))),
             QString());
}

void TestServerAccounts::verifyNeedsThePassword()
{
    // Whoever reads the mail but does not know the password confirms nothing, and the failure
    // counts as a failed sign-in of the email.
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer));
    RawClient c(f);
    QVERIFY(c.waitConnected());
    QCOMPARE(RawClient::errorCode(c.call(u"auth.signup"_s, signUpArgs(u"ayu@x.io"_s))), QString());
    QCOMPARE(RawClient::errorCode(
                 c.call(u"auth.verify"_s,
                        verification(u"ayu@x.io"_s, mailer.lastCode(), u"not the passphrase"_s))),
             u"authentication_failed"_s);
    QCOMPARE(f.service->engine().database().signInFailures(1, 10).size(), 1);
    QCOMPARE(f.service->engine().accountByEmail(u"ayu@x.io"_s)->state, AccountState::Unverified);
    // An unknown email answers the same.
    QCOMPARE(RawClient::errorCode(
                 c.call(u"auth.verify"_s, verification(u"nobody@x.io"_s, mailer.lastCode()))),
             u"authentication_failed"_s);
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
    // Every sign-up that was hashed counts, an address that has an account too: trying the
    // addresses of others is a sign-in's cost.
    RecordingMailer mailer;
    ServerFixture f(false, openSignUp(&mailer, 2));
    f.account(u"b@x.io"_s, Role::Customer);
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

void TestServerAccounts::suspensionTellsEveryConnectionOfTheAccountAtOnce()
{
    // Two desks of one customer on two I/O threads, one following its account channel and one
    // not, and a desk of another customer: support suspends the first customer.
    ServerFixture f(
        false, [](ExchangeService::Options &, ExchangeServer::Options &so) { so.ioThreads = 2; });
    ExchangeEngine &e = f.service->engine();
    const qint64 customer = f.account(u"c@x.io"_s, Role::Customer);
    f.account(u"other@x.io"_s, Role::Customer);
    f.account(u"support@x.io"_s, Role::Support);
    QVERIFY(e.topUp(customer, Currency::USD, 50'000).ok());
    // One after the other, so that each goes to the I/O thread serving fewer: one each.
    RawClient first(f);
    QVERIFY(first.waitConnected());
    QTRY_COMPARE(f.server->ioThreadLoad(), (std::vector<int> {1, 0}));
    RawClient second(f);
    QVERIFY(second.waitConnected());
    QTRY_COMPARE(f.server->ioThreadLoad(), (std::vector<int> {1, 1}));
    RawClient other(f), support(f), stranger(f);
    for (RawClient *c : {&other, &support, &stranger})
        QVERIFY(c->waitConnected());
    const auto token = [](RawClient &c, const QString &email) {
        return RawClient::result(c.call(u"auth.login"_s, credentials(email, u"correct horse"_s)))
            .value(u"token"_s)
            .toString();
    };
    const QString firstToken = token(first, u"c@x.io"_s);
    const QString secondToken = token(second, u"c@x.io"_s);
    QVERIFY(!firstToken.isEmpty() && !secondToken.isEmpty());
    QVERIFY(other.login(u"other@x.io"_s));
    QVERIFY(support.login(u"support@x.io"_s));
    for (RawClient *c : {&first, &other}) {
        QCOMPARE(RawClient::errorCode(
                     c->call(u"subscribe"_s, {{u"channel"_s, QString(Channel::AccountName)}})),
                 QString());
        QVERIFY(!c->waitPush(Channel::AccountName, u"snapshot"_s).isEmpty());
    }
    const QJsonObject bid {{u"clientOrderId"_s, u"t-1"_s},
                           {u"gpu"_s, u"h200"_s},
                           {u"kind"_s, u"limit"_s},
                           {u"gpus"_s, 1},
                           {u"hours"_s, 2},
                           {u"price"_s, u"1.00"_s}};
    QCOMPARE(RawClient::errorCode(first.call(u"order.place"_s, bid)), QString());
    const qsizetype firstRepliesBefore = first.replies.size();
    const qsizetype otherPushesBefore = other.pushes.size();

    const QString why = u"chargeback under review\nticket 4711"_s;
    QCOMPARE(RawClient::errorCode(support.call(u"support.suspend"_s, reason(customer, why))),
             QString());
    // Both desks of the account are told at once, without asking, and why.
    for (RawClient *c : {&first, &second}) {
        QTRY_COMPARE_WITH_TIMEOUT(c->events.size(), 1, 5000);
        const std::optional<Protocol::Frame> event = Protocol::decode(
            QString::fromUtf8(QJsonDocument(c->events.first()).toJson(QJsonDocument::Compact)));
        QVERIFY(event);
        QCOMPARE(event->kind, Protocol::FrameKind::Event);
        QCOMPARE(event->event, QString(SessionEvent::AccountSuspended));
        QCOMPARE(Wire::sessionEventReasonFromJson(event->data), std::optional<QString>(why));
    }
    QCOMPARE(first.replies.size(), firstRepliesBefore); // nothing asked, nothing answered
    // Their sessions are over: each next request is refused as signed out, and neither token
    // resumes, on their own connections or on another.
    QCOMPARE(RawClient::errorCode(first.call(u"account.get"_s)), u"unauthenticated"_s);
    QCOMPARE(RawClient::errorCode(second.call(u"order.place"_s, bid)), u"unauthenticated"_s);
    for (const QString &t : {firstToken, secondToken}) {
        QCOMPARE(RawClient::errorCode(stranger.call(u"auth.resume"_s, {{u"token"_s, t}})),
                 u"authentication_failed"_s);
        QCOMPARE(RawClient::errorCode(first.call(u"auth.resume"_s, {{u"token"_s, t}})),
                 u"authentication_failed"_s);
    }
    // The connections stay open, signed out: public channels still answer.
    QCOMPARE(RawClient::errorCode(second.call(u"subscribe"_s, {{u"channel"_s, u"ticker"_s}})),
             QString());
    QCOMPARE(first.closeCode, -1);
    QCOMPARE(second.closeCode, -1);
    // The other account's desk was told nothing and is still signed in; the support agent, who
    // acted, neither.
    QVERIFY(other.events.isEmpty());
    QVERIFY(support.events.isEmpty());
    QVERIFY(stranger.events.isEmpty());
    QCOMPARE(RawClient::errorCode(other.call(u"account.get"_s)), QString());
    for (qsizetype i = otherPushesBefore; i < other.pushes.size(); ++i)
        QVERIFY(!QJsonDocument(other.pushes.at(i)).toJson().contains("suspend"));
    QCOMPARE(e.account(customer)->state, AccountState::Suspended);
    QVERIFY(e.openOrders(customer).isEmpty());
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
