// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The market and money rules of docs/architecture.md "The market" and "Money and the ledger", one
// rule at a time.

#include "fixtures/enginefixture.h"

#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;

namespace {
const QString H100 = QStringLiteral("h100-sxm");
const QString H200 = QStringLiteral("h200");
} // namespace

class TestExchangeEngine : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<EngineFixture> f;
    qint64 p1 = 0, p2 = 0, de = 0, us = 0, support = 0;

private slots:
    void init();
    void cleanup();
    void openOrdersAreCappedPerAccount();

    void createAccountRefusesBadInput_data();
    void createAccountRefusesBadInput();
    void signUpKeepsOneIdentityPerMailbox();
    void leadingByteOrderMarkIsRefusedNotReloaded();
    void storedDuplicateIsARefusalNotAReload();
    void authenticate();
    void topUpConverts_data();
    void topUpConverts();
    void topUpRefusesBadInput_data();
    void topUpRefusesBadInput();

    void listingRefusesBadInput_data();
    void listingRefusesBadInput();
    void bidRefusesBadInputAndChangesNothing_data();
    void bidRefusesBadInputAndChangesNothing();

    void buyNowSweepsBestOffersFirst();
    void buyNowRemainderIsReleased();
    void buyNowWithNoOffersPlacesNothing();
    void priceTimePriority();
    void restingBidTradesAtItsOwnPrice();
    void partialFillsAcrossListings();
    void priceImprovementIsReleasedAtOnce();
    void hourlyCapture_data();
    void hourlyCapture();
    void booksSizedFromWhatTheyLoad();
    void rentalBillsEveryHourAndEnds();
    void stopEarlyBillsStartedHourAndReleasesTheRest();
    void clockJumpProcessesEventsAtTheirTime();
    void cancelReleasesTheHold();
    void cancelRefusals();
    void bidExpires();
    void selfTradeIncomingBid();
    void selfTradeIncomingAsk();
    void listingLifecycle();
    void rentalEndingOnPausedListingStaysIdle();
    void clientOrderIdIsIdempotent();
    void supportAdjustment();
    void hashChainDetectsTampering();
    void storageFailureChangesNothing();
    void unreadableDatabaseClosesTheEngine();
    void batchCommitsOnce();
    void failedBatchUndoesEveryOperation();
    void pipelinedBatchesCommitInTurn();
    void failedHandOffFailsWhatBuiltOnIt();
};

void TestExchangeEngine::init()
{
    f = std::make_unique<EngineFixture>();
    p1 = f->newAccount(QStringLiteral("p1@provider.io"), Role::Provider, QStringLiteral("TR"));
    p2 = f->newAccount(QStringLiteral("p2@provider.io"), Role::Provider, QStringLiteral("ID"));
    de = f->funded(QStringLiteral("de@customer.io"), 100'000, QStringLiteral("DE")); // 19 % VAT
    us = f->funded(QStringLiteral("us@customer.io"), 100'000, QStringLiteral("US")); // no tax
    support =
        f->newAccount(QStringLiteral("help@everx.cloud"), Role::Support, QStringLiteral("DE"));
    QVERIFY(p1 && p2 && de && us && support);
}

void TestExchangeEngine::cleanup()
{
    if (f && f->engine->isOpen()) {
        const QStringList problems = f->engine->checkInvariants();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
    f.reset();
}

// --- accounts and money in --------------------------------------------------------------

void TestExchangeEngine::createAccountRefusesBadInput_data()
{
    QTest::addColumn<QString>("email");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("country");
    QTest::addColumn<QString>("code");
    QTest::newRow("not an email") << "nobody"
                                  << "long enough"
                                  << "DE"
                                  << "invalid_argument";
    QTest::newRow("two @") << "a@b@c.io"
                           << "long enough"
                           << "DE"
                           << "invalid_argument";
    QTest::newRow("short password") << "x@y.io"
                                    << "short"
                                    << "DE"
                                    << "invalid_argument";
    QTest::newRow("unknown country") << "x@y.io"
                                     << "long enough"
                                     << "XX"
                                     << "unknown_country";
    QTest::newRow("duplicate, other case") << "DE@Customer.io"
                                           << "long enough"
                                           << "DE"
                                           << "duplicate_account";
}

void TestExchangeEngine::createAccountRefusesBadInput()
{
    QFETCH(QString, email);
    QFETCH(QString, password);
    QFETCH(QString, country);
    QFETCH(QString, code);
    const QString before = stateFingerprint(*f->engine);
    const auto r = f->engine->createAccount({email, password, Role::Customer, country});
    QVERIFY(!r.ok());
    QCOMPARE(errorCodeName(r.code()), code);
    QCOMPARE(stateFingerprint(*f->engine), before);
    QCOMPARE(f->engine->accountByEmail(QStringLiteral("x@y.io")).has_value(), false);
}

// docs/protocol.md "Identities". The security review's spellings of one mailbox, each of which
// became an account of its own, signed up one after the other: the first makes the account,
// "+tag" another (its own address, which support sees beside it), and every other spelling is
// refused or is that account's identity (Taken: its owner would be told).
void TestExchangeEngine::signUpKeepsOneIdentityPerMailbox()
{
    ExchangeEngine &e = *f->engine;
    int failedCommits = 0;
    e.setCommitObserver([&failedCommits](qint64, bool ok) { failedCommits += ok ? 0 : 1; });
    using Kind = ExchangeEngine::SignUpOutcome::Kind;
    struct Spelling
    {
        const char16_t *email;
        std::optional<Kind> outcome; // nullopt: refused invalid_argument
    };
    const Spelling spellings[] = {
        {u"irfan@example.com", Kind::Created},
        {u"Irfan@EXAMPLE.com", Kind::Taken},
        {u"irfan@example.com.", Kind::Taken},
        {u"irfan+gpu@example.com", Kind::Created},
        {u"\u0456rfan@example.com", std::nullopt}, // Cyrillic і among Latin letters
        {u"\uff49\uff52\uff46\uff41\uff4e@example.com", Kind::Taken}, // fullwidth
        {u"irfan@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com", Kind::Taken},
        {u"\U0001d422\U0001d42b\U0001d41f\U0001d41a\U0001d427@example.com", Kind::Taken},
        {u"ir\u200bfan@example.com", std::nullopt}, // zero-width space
        {u"ir\u200dfan@example.com", std::nullopt}, // zero-width joiner
        {u"ir\u00adfan@example.com", std::nullopt}, // soft hyphen
        {u"\u200eirfan@example.com", std::nullopt}, // left-to-right mark
        {u"irfan@\u202eexample.com", std::nullopt}, // right-to-left override
        {u"\ufeffirfan@example.com", std::nullopt}, // the storage_error and reload
        {u"irfan\u2060@example.com", std::nullopt}, // word joiner
    };
    const qsizetype before =
        e.database().searchAccounts(QString(), std::nullopt, 0, 200, nullptr).size();
    for (const Spelling &s : spellings) {
        // Not QString::fromUtf16, which drops a leading U+FEFF as a byte-order mark.
        const QString email = QStringView(s.email).toString();
        SignUpRequest request {email,
                               QStringLiteral("violet meadow 42"),
                               Role::Customer,
                               QStringLiteral("ID"),
                               QStringLiteral("Irfan"),
                               {}};
        const auto made = e.signUp(request, QStringLiteral("hash"));
        if (!s.outcome) {
            QVERIFY2(!made && made.code() == ErrorCode::InvalidArgument,
                     qPrintable(QString::fromLatin1(email.toUtf8().toHex(' ')) + u' '
                                + (made ? QStringLiteral("accepted") : made.error().message)));
            continue;
        }
        QVERIFY2(made, qPrintable(email + u' ' + (made ? QString() : made.error().message)));
        QVERIFY2(made->kind == *s.outcome, qPrintable(email));
        // Confirmed at once: the later spellings meet an account that owns its address.
        if (made->kind == Kind::Created)
            QVERIFY(e.verifyEmail(made->account.id, made->code));
    }
    const QList<qint64> all = e.database().searchAccounts(QString(), std::nullopt, 0, 200, nullptr);
    QCOMPARE(all.size(), before + 2);
    QCOMPARE(e.accountByEmail(QStringLiteral("IRFAN@example.com."))->email,
             QStringLiteral("irfan@example.com"));
    // Support finds both addresses by either, and by a lookalike the rules refuse.
    for (const char16_t *query :
         {u"irfan@example.com", u"irfan+gpu@example.com", u"\u0456rfan@example.com"}) {
        qint64 total = 0;
        e.database().searchAccounts(QString::fromUtf16(query), std::nullopt, 0, 50, &total);
        QVERIFY2(total == 2, qPrintable(QString::fromUtf16(query)));
    }
    // A whole-script double (Cyrillic letters only) of another account is that account.
    QVERIFY(f->newAccount(QStringLiteral("cop@example.com"), Role::Customer));
    const auto cyrillic = e.signUp({QString::fromUtf16(u"\u0441\u043e\u0440@example.com"),
                                    QStringLiteral("violet meadow 42"),
                                    Role::Customer,
                                    QStringLiteral("ID"),
                                    QStringLiteral("Cop"),
                                    {}},
                                   QStringLiteral("hash"));
    QVERIFY(cyrillic && cyrillic->kind == Kind::Taken);
    QCOMPARE(cyrillic->account.email, QStringLiteral("cop@example.com"));
    QCOMPARE(failedCommits, 0);
}

void TestExchangeEngine::leadingByteOrderMarkIsRefusedNotReloaded()
{
    // SQLite drops a leading U+FEFF from UTF-16 text: the mark passed the memory's duplicate
    // check, the unique index refused the commit, and the engine reloaded, 273 times in 20 s.
    ExchangeEngine &e = *f->engine;
    int failedCommits = 0;
    e.setCommitObserver([&failedCommits](qint64, bool ok) { failedCommits += ok ? 0 : 1; });
    const QString before = stateFingerprint(e);
    const QString marked = QChar(0xfeff) + QStringLiteral("de@customer.io");
    const auto signedUp = e.signUp({marked,
                                    QStringLiteral("violet meadow 42"),
                                    Role::Customer,
                                    QStringLiteral("DE"),
                                    QStringLiteral("Mark"),
                                    {}},
                                   QStringLiteral("hash"));
    QCOMPARE(signedUp.code(), ErrorCode::InvalidArgument);
    const auto created = e.createAccount(
        {marked, QStringLiteral("long enough"), Role::Customer, QStringLiteral("DE")});
    QCOMPARE(created.code(), ErrorCode::InvalidArgument);
    QCOMPARE(failedCommits, 0);
    QCOMPARE(stateFingerprint(e), before);
}

void TestExchangeEngine::storedDuplicateIsARefusalNotAReload()
{
    // An address the database holds in a spelling memory does not know (here one written
    // behind the engine's back) fails the sign-up that would break the unique index at commit:
    // duplicate_account for that request, no storage error, no reload.
    ExchangeEngine &e = *f->engine;
    QSqlQuery q(QSqlDatabase::database(e.database().connectionName()));
    QVERIFY(q.exec(
        QStringLiteral("INSERT INTO accounts (id, email, role, country, password_hash, created_ms)"
                       " VALUES (9999, 'ghost@example.com', 0, 'DE', 'x', 0)")));
    int failedCommits = 0;
    e.setCommitObserver([&failedCommits](qint64, bool ok) { failedCommits += ok ? 0 : 1; });
    const QString before = stateFingerprint(e);
    const auto made = e.signUp({QStringLiteral("ghost@example.com"),
                                QStringLiteral("violet meadow 42"),
                                Role::Customer,
                                QStringLiteral("DE"),
                                QStringLiteral("Ghost"),
                                {}},
                               QStringLiteral("hash"));
    QCOMPARE(made.code(), ErrorCode::DuplicateAccount);
    QCOMPARE(failedCommits, 0);
    QCOMPARE(stateFingerprint(e), before);
    // A reload would have read the row: memory is as it was.
    QVERIFY(!e.accountByEmail(QStringLiteral("ghost@example.com")));
    QVERIFY(e.accountByEmail(QStringLiteral("de@customer.io")));
}

void TestExchangeEngine::authenticate()
{
    const auto ok = f->engine->authenticate(QStringLiteral(" DE@customer.IO "),
                                            QStringLiteral("correct horse"));
    QVERIFY(ok.ok());
    QCOMPARE(ok->id, de);
    QVERIFY(!ok->passwordHash.contains(QStringLiteral("correct horse")));
    QVERIFY(ok->passwordHash.startsWith(QStringLiteral("scrypt$")));
    const auto wrong =
        f->engine->authenticate(QStringLiteral("de@customer.io"), QStringLiteral("battery staple"));
    QCOMPARE(wrong.code(), ErrorCode::AuthenticationFailed);
    const auto unknown =
        f->engine->authenticate(QStringLiteral("who@where.io"), QStringLiteral("correct horse"));
    QCOMPARE(unknown.code(), ErrorCode::AuthenticationFailed);
    QCOMPARE(unknown.error().message, wrong.error().message); // no hint which emails exist
}

void TestExchangeEngine::topUpConverts_data()
{
    QTest::addColumn<int>("currency");
    QTest::addColumn<qint64>("paid");
    QTest::addColumn<Cents>("credited");
    QTest::addColumn<QString>("memo");
    QTest::newRow("USD 100.00") << int(Currency::USD) << qint64(10'000) << Cents(10'000)
                                << "USD 100.00 at 1000000";
    // 100.00 EUR at 1.0842 = 108.42 USD
    QTest::newRow("EUR 100.00") << int(Currency::EUR) << qint64(10'000) << Cents(10'842)
                                << "EUR 100.00 at 1084200";
    // 0.05 EUR at 1.0842 = 0.05421 -> 0.05 USD
    QTest::newRow("EUR 0.05") << int(Currency::EUR) << qint64(5) << Cents(5)
                              << "EUR 0.05 at 1084200";
    // 33.33 GBP at 1.2685 = 42.279105 -> 42.28 USD
    QTest::newRow("GBP 33.33") << int(Currency::GBP) << qint64(3'333) << Cents(4'228)
                               << "GBP 33.33 at 1268500";
}

void TestExchangeEngine::topUpConverts()
{
    QFETCH(int, currency);
    QFETCH(qint64, paid);
    QFETCH(Cents, credited);
    QFETCH(QString, memo);
    const Cents before = f->engine->balance(us).available;
    const auto r = f->engine->topUp(us, Currency(currency), paid);
    QVERIFY(r.ok());
    QCOMPARE(r->creditedCents, credited);
    QCOMPARE(f->engine->balance(us).available, before + credited);
    const QList<LedgerEntry> entries = f->engine->database().entries(us);
    QCOMPARE(entries.last().kind, QStringLiteral("topup"));
    QCOMPARE(entries.last().memo, memo); // the ledger keeps what was paid and the rate
    QCOMPARE(entries.last().amount, credited);
}

void TestExchangeEngine::topUpRefusesBadInput_data()
{
    QTest::addColumn<int>("who");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("code");
    QTest::newRow("zero") << 0 << qint64(0) << "invalid_argument";
    QTest::newRow("negative") << 0 << qint64(-500) << "invalid_argument";
    QTest::newRow("absurd") << 0 << MarketRules::MaxTopUpMinor + 1 << "invalid_argument";
    QTest::newRow("support") << 1 << qint64(500) << "forbidden";
    QTest::newRow("stranger") << 2 << qint64(500) << "unknown_account";
}

void TestExchangeEngine::topUpRefusesBadInput()
{
    QFETCH(int, who);
    QFETCH(qint64, amount);
    QFETCH(QString, code);
    const qint64 actor = who == 0 ? us : who == 1 ? support : 987'654;
    const QString before = stateFingerprint(*f->engine);
    const auto r = f->engine->topUp(actor, Currency::EUR, amount);
    QVERIFY(!r.ok());
    QCOMPARE(errorCodeName(r.code()), code);
    QCOMPARE(stateFingerprint(*f->engine), before);
}

// --- validation of listings and bids ----------------------------------------------------

void TestExchangeEngine::listingRefusesBadInput_data()
{
    QTest::addColumn<bool>("asCustomer");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("count");
    QTest::addColumn<Cents>("price");
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("endpoint");
    QTest::addColumn<QString>("code");
    QTest::newRow("unknown gpu") << false << "h900" << 8 << Cents(300) << "eu"
                                 << "ssh x"
                                 << "unknown_gpu";
    QTest::newRow("zero gpus") << false << "h200" << 0 << Cents(300) << "eu"
                               << "ssh x"
                               << "invalid_argument";
    QTest::newRow("negative gpus") << false << "h200" << -3 << Cents(300) << "eu"
                                   << "ssh x"
                                   << "invalid_argument";
    QTest::newRow("absurd gpus") << false << "h200" << 257 << Cents(300) << "eu"
                                 << "ssh x"
                                 << "invalid_argument";
    QTest::newRow("free") << false << "h200" << 8 << Cents(0) << "eu"
                          << "ssh x"
                          << "invalid_argument";
    QTest::newRow("negative price") << false << "h200" << 8 << Cents(-1) << "eu"
                                    << "ssh x"
                                    << "invalid_argument";
    QTest::newRow("absurd price") << false << "h200" << 8 << MarketRules::MaxPriceCents + 1 << "eu"
                                  << "ssh x"
                                  << "invalid_argument";
    QTest::newRow("no region") << false << "h200" << 8 << Cents(300) << "  "
                               << "ssh x"
                               << "invalid_argument";
    QTest::newRow("no endpoint") << false << "h200" << 8 << Cents(300) << "eu"
                                 << ""
                                 << "invalid_argument";
    QTest::newRow("customer") << true << "h200" << 8 << Cents(300) << "eu"
                              << "ssh x"
                              << "forbidden";
}

void TestExchangeEngine::listingRefusesBadInput()
{
    QFETCH(bool, asCustomer);
    QFETCH(QString, gpu);
    QFETCH(int, count);
    QFETCH(Cents, price);
    QFETCH(QString, region);
    QFETCH(QString, endpoint);
    QFETCH(QString, code);
    const QString before = stateFingerprint(*f->engine);
    const auto r =
        f->engine->addListing(asCustomer ? de : p1, {gpu, count, region, endpoint, price});
    QVERIFY(!r.ok());
    QCOMPARE(errorCodeName(r.code()), code);
    QCOMPARE(stateFingerprint(*f->engine), before);
    QVERIFY(f->engine->listings().isEmpty());
}

void TestExchangeEngine::bidRefusesBadInputAndChangesNothing_data()
{
    QTest::addColumn<int>("who"); // 0 de, 1 support
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("hours");
    QTest::addColumn<Cents>("price");
    QTest::addColumn<qint64>("expiresIn");
    QTest::addColumn<QString>("clientId");
    QTest::addColumn<QString>("code");
    const int L = int(OrderKind::Limit), B = int(OrderKind::BuyNow);
    QTest::newRow("unknown gpu") << 0 << "x100" << L << 1 << 1 << Cents(300) << qint64(0) << ""
                                 << "unknown_gpu";
    QTest::newRow("zero gpus") << 0 << "h200" << L << 0 << 1 << Cents(300) << qint64(0) << ""
                               << "invalid_argument";
    QTest::newRow("negative gpus") << 0 << "h200" << L << -2 << 1 << Cents(300) << qint64(0) << ""
                                   << "invalid_argument";
    QTest::newRow("absurd gpus") << 0 << "h200" << L << 1025 << 1 << Cents(300) << qint64(0) << ""
                                 << "invalid_argument";
    QTest::newRow("zero hours") << 0 << "h200" << L << 1 << 0 << Cents(300) << qint64(0) << ""
                                << "invalid_argument";
    QTest::newRow("absurd hours") << 0 << "h200" << L << 1 << 721 << Cents(300) << qint64(0) << ""
                                  << "invalid_argument";
    QTest::newRow("zero price") << 0 << "h200" << L << 1 << 1 << Cents(0) << qint64(0) << ""
                                << "invalid_argument";
    QTest::newRow("negative price") << 0 << "h200" << L << 1 << 1 << Cents(-300) << qint64(0) << ""
                                    << "invalid_argument";
    QTest::newRow("price beyond cap")
        << 0 << "h200" << L << 1 << 1 << Cents(100'001) << qint64(0) << ""
        << "invalid_argument";
    QTest::newRow("expired already") << 0 << "h200" << L << 1 << 1 << Cents(300) << qint64(-1) << ""
                                     << "invalid_argument";
    QTest::newRow("expiry too far")
        << 0 << "h200" << L << 1 << 1 << Cents(300) << qint64(31LL * 24 * MarketRules::HourMs) << ""
        << "invalid_argument";
    QTest::newRow("buy now with expiry")
        << 0 << "h200" << B << 1 << 1 << Cents(300) << qint64(MarketRules::HourMs) << ""
        << "invalid_argument";
    QTest::newRow("client id with space")
        << 0 << "h200" << L << 1 << 1 << Cents(300) << qint64(0) << "a b"
        << "invalid_argument";
    QTest::newRow("client id too long") << 0 << "h200" << L << 1 << 1 << Cents(300) << qint64(0)
                                        << QString(65, u'k') << "invalid_argument";
    // 100 GPUs x 10 h x (300 + 57 VAT) = 357,000.00 > 1,000.00 available
    QTest::newRow("insufficient funds")
        << 0 << "h200" << L << 100 << 10 << Cents(300) << qint64(0) << ""
        << "insufficient_funds";
    QTest::newRow("support may not trade")
        << 1 << "h200" << L << 1 << 1 << Cents(300) << qint64(0) << ""
        << "forbidden";
}

void TestExchangeEngine::bidRefusesBadInputAndChangesNothing()
{
    QFETCH(int, who);
    QFETCH(QString, gpu);
    QFETCH(int, kind);
    QFETCH(int, gpus);
    QFETCH(int, hours);
    QFETCH(Cents, price);
    QFETCH(qint64, expiresIn);
    QFETCH(QString, clientId);
    QFETCH(QString, code);
    f->list(p1, H200, 4, 280); // something to trade against, so that a wrongly accepted bid would
    const QString before = stateFingerprint(*f->engine);
    BidRequest r {gpu,     OrderKind(kind), gpus,
                  hours,   price,           expiresIn == 0 ? 0 : f->clock.nowMs() + expiresIn,
                  clientId};
    const auto result = f->engine->placeBid(who == 0 ? de : support, r);
    QVERIFY(!result.ok());
    QCOMPARE(errorCodeName(result.code()), code);
    QVERIFY(!result.error().message.isEmpty());
    QCOMPARE(stateFingerprint(*f->engine), before);
}

// --- matching ---------------------------------------------------------------------------

void TestExchangeEngine::buyNowSweepsBestOffersFirst()
{
    const qint64 a = f->list(p1, H100, 4, 300);
    const qint64 b = f->list(p2, H100, 4, 320);
    f->list(p1, H100, 4, 350);
    const auto r = f->bid(us, H100, 6, 2, 330, OrderKind::BuyNow);
    QVERIFY(r.ok());
    QCOMPARE(r->rentals.size(), 2);
    QCOMPARE(r->rentals[0].listingId, a);
    QCOMPARE(r->rentals[0].gpus, 4);
    QCOMPARE(r->rentals[0].priceCents, Cents(300)); // trades at the resting offer's price
    QCOMPARE(r->rentals[1].listingId, b);
    QCOMPARE(r->rentals[1].gpus, 2);
    QCOMPARE(r->rentals[1].priceCents, Cents(320));
    QCOMPARE(r->order.state, OrderState::Filled);
    QCOMPARE(r->order.heldCents, Cents(0));

    const OrderBook *book = f->engine->book(H100);
    QCOMPARE(book->bestAsk(), std::optional<qint32>(320));
    QCOMPARE(book->quantityAt(Side::Ask, 320), qint64(2));
    QCOMPARE(book->quantityAt(Side::Ask, 350), qint64(4));
    QVERIFY(!book->bestBid());

    // Reserved for the rentals: 4x2x300 + 2x2x320 = 3680; the first hour (1840) is captured.
    QCOMPARE(f->engine->balance(us).available, Cents(100'000 - 3'680));
    QCOMPARE(f->engine->balance(us).held, Cents(3'680 - 1'840));
    // Providers earn price x GPUs less the 10 % platform fee, into earnings, not available.
    QCOMPARE(f->engine->balance(p1).earnings, Cents(1'200 - 120));
    QCOMPARE(f->engine->balance(p2).earnings, Cents(640 - 64));
    QCOMPARE(f->engine->ledger().bucketTotal(Bucket::PlatformFees), Cents(184));
    QCOMPARE(f->engine->ledger().bucketTotal(Bucket::TaxPayable), Cents(0));
}

void TestExchangeEngine::buyNowRemainderIsReleased()
{
    f->list(p1, H100, 2, 300);
    f->list(p2, H100, 2, 400); // above the cap
    const auto r = f->bid(us, H100, 5, 3, 310, OrderKind::BuyNow);
    QVERIFY(r.ok());
    QCOMPARE(r->rentals.size(), 1);
    QCOMPARE(r->order.filled, 2);
    QCOMPARE(r->order.state, OrderState::Cancelled);
    QCOMPARE(r->order.closeReason, QStringLiteral("ioc_remainder"));
    QVERIFY(!f->engine->book(H100)->bestBid()); // buy now never rests
    QCOMPARE(f->engine->balance(us).held, Cents(2 * 2 * 300)); // two unbilled hours
    QCOMPARE(f->engine->balance(us).available, Cents(100'000 - 2 * 3 * 300));
}

void TestExchangeEngine::buyNowWithNoOffersPlacesNothing()
{
    const auto r = f->bid(us, H100, 1, 1, 500, OrderKind::BuyNow);
    QVERIFY(r.ok());
    QVERIFY(r->rentals.isEmpty());
    QCOMPARE(r->order.filled, 0);
    QCOMPARE(r->order.state, OrderState::Cancelled);
    QCOMPARE(f->engine->balance(us).available, Cents(100'000));
    QCOMPARE(f->engine->balance(us).held, Cents(0));
}

void TestExchangeEngine::priceTimePriority()
{
    const qint64 early = f->list(p1, H100, 2, 300);
    const qint64 late = f->list(p2, H100, 2, 300);
    const qint64 cheap = f->list(p2, H100, 2, 290);
    const auto r = f->bid(us, H100, 3, 1, 300, OrderKind::BuyNow);
    QVERIFY(r.ok());
    QCOMPARE(r->rentals.size(), 2);
    QCOMPARE(r->rentals[0].listingId, cheap); // better price first
    QCOMPARE(r->rentals[1].listingId, early); // then the older order at the same price
    QCOMPARE(r->rentals[1].gpus, 1);
    QCOMPARE(f->engine->askSlices(early).value(0).quantity, 1); // keeps its place with 1 left
    QCOMPARE(f->engine->askSlices(late).value(0).quantity, 2);
}

void TestExchangeEngine::restingBidTradesAtItsOwnPrice()
{
    // DE: 19 % VAT on 5.00 is 0.95 per GPU-hour; the bid holds 4 x 3 x 5.95 = 71.40.
    const auto bid = f->bid(de, H200, 4, 3, 500);
    QVERIFY(bid.ok());
    QCOMPARE(bid->order.state, OrderState::Open);
    QCOMPARE(bid->order.heldCents, Cents(7'140));
    QCOMPARE(f->engine->balance(de).held, Cents(7'140));
    QCOMPARE(f->engine->book(H200)->bestBid(), std::optional<qint32>(500));

    // A listing at 4.50 crosses the resting bid: the trade is at the bid's 5.00.
    const qint64 l = f->list(p1, H200, 6, 450);
    const QList<Rental> rentals = f->engine->runningRentals(de);
    QCOMPARE(rentals.size(), 1);
    QCOMPARE(rentals[0].priceCents, Cents(500));
    QCOMPARE(rentals[0].gpus, 4);
    QCOMPARE(rentals[0].listingId, l);
    QVERIFY(!f->engine->openOrder(bid->order.id));
    QCOMPARE(f->engine->listing(l)->rentedGpus, 4);
    QCOMPARE(f->engine->book(H200)->quantityAt(Side::Ask, 450), qint64(2));
    // First hour captured: 4 x 5.95 = 23.80 from the hold; the provider gets 20.00 - 2.00 fee.
    QCOMPARE(f->engine->balance(de).held, Cents(7'140 - 2'380));
    QCOMPARE(f->engine->balance(p1).earnings, Cents(1'800));
    QCOMPARE(f->engine->ledger().bucketTotal(Bucket::TaxPayable), Cents(380));
    const EngineChanges changes = f->engine->takeChanges();
    QVERIFY(!changes.trades.isEmpty());
    QCOMPARE(changes.trades.last().aggressor, quint8(1)); // the ask hit the resting bid
}

void TestExchangeEngine::partialFillsAcrossListings()
{
    const auto bid = f->bid(us, H200, 8, 2, 400);
    QVERIFY(bid.ok());
    f->list(p1, H200, 4, 400);
    QCOMPARE(f->engine->openOrder(bid->order.id)->remaining, 4);
    QCOMPARE(f->engine->openOrder(bid->order.id)->filled, 4);
    QCOMPARE(f->engine->book(H200)->quantityAt(Side::Bid, 400), qint64(4));
    f->list(p2, H200, 4, 380);
    QVERIFY(!f->engine->openOrder(bid->order.id));
    const QList<Rental> rentals = f->engine->runningRentals(us);
    QCOMPARE(rentals.size(), 2);
    QCOMPARE(rentals[0].gpus + rentals[1].gpus, 8);
    QCOMPARE(rentals[1].priceCents, Cents(400));
    QCOMPARE(f->engine->database().order(bid->order.id)->state, OrderState::Filled);
}

void TestExchangeEngine::priceImprovementIsReleasedAtOnce()
{
    f->list(p1, H100, 2, 300);
    // Hold 2 x 5 x (4.00 + 0.76) = 47.60; fills at 3.00: the rental needs 2 x 5 x 3.57 = 35.70.
    const auto r = f->bid(de, H100, 2, 5, 400);
    QVERIFY(r.ok());
    QCOMPARE(r->order.state, OrderState::Filled);
    QCOMPARE(f->engine->balance(de).available, Cents(100'000 - 3'570));
    QCOMPARE(f->engine->balance(de).held, Cents(3'570 - 714));
    bool improvement = false;
    for (const LedgerEntry &e : f->engine->database().entries(de))
        improvement = improvement || (e.kind == u"price_improvement" && e.amount == 1'190);
    QVERIFY(improvement);
}

void TestExchangeEngine::hourlyCapture_data()
{
    QTest::addColumn<QString>("country");
    QTest::addColumn<Cents>("price");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("feeBp");
    // The rounding cases are tst_marketrules'; here the engine posts what MarketRules computes.
    QTest::newRow("DE 8.99 x3, 10 %") << "DE" << Cents(899) << 3 << 1000;
    QTest::newRow("ID 8.99 x1") << "ID" << Cents(899) << 1 << 1000;
    QTest::newRow("TR 8.99 x2") << "TR" << Cents(899) << 2 << 1000;
    QTest::newRow("US no tax") << "US" << Cents(899) << 1 << 1000;
    QTest::newRow("fee tie 2.5 -> 2") << "US" << Cents(25) << 1 << 1000;
    QTest::newRow("DE small, no fee") << "DE" << Cents(50) << 1 << 0;
}

// At start each book gets the market's price range and an order pool with room for what it
// loads and as much again, so that trading on from there does not grow it at once.
void TestExchangeEngine::booksSizedFromWhatTheyLoad()
{
    const qint64 buyer = f->funded(QStringLiteral("many@x.io"), 10'000'000);
    constexpr int Bids = 700;
    for (int i = 0; i < Bids; ++i)
        QVERIFY(f->bid(buyer, H100, 1, 1, 100 + i % 50, OrderKind::Limit).ok());
    QVERIFY(f->reopen());
    const OrderBook *h100 = f->engine->book(H100);
    QCOMPARE(h100->orderCount(), Bids);
    QVERIFY2(h100->capacity() >= 2 * Bids, qPrintable(QString::number(h100->capacity())));
    QCOMPARE(h100->maxPrice(), qint32(MarketRules::MaxPriceCents));
    const OrderBook *h200 = f->engine->book(H200);
    QCOMPARE(h200->orderCount(), 0);
    QCOMPARE(h200->capacity(), 1024);
}

void TestExchangeEngine::hourlyCapture()
{
    QFETCH(QString, country);
    QFETCH(Cents, price);
    QFETCH(int, gpus);
    QFETCH(int, feeBp);
    const MarketRules::HourSplit split =
        MarketRules::hourSplit(gpus, price, *TaxTable::builtIn().basisPoints(country), feeBp);
    QVERIFY(f->reopen(false, feeBp));
    const qint64 buyer = f->funded(QStringLiteral("buyer@x.io"), 100'000, country);
    f->list(p1, H100, gpus, price);
    const Cents providerBefore = f->engine->balance(p1).earnings;
    QVERIFY(f->bid(buyer, H100, gpus, 2, price, OrderKind::BuyNow).ok());
    QCOMPARE(f->engine->ledger().bucketTotal(Bucket::TaxPayable), split.taxPayable);
    QCOMPARE(f->engine->ledger().bucketTotal(Bucket::PlatformFees), split.platformFee);
    QCOMPARE(f->engine->balance(p1).earnings - providerBefore, split.providerEarnings);
    QCOMPARE(f->engine->balance(buyer).held, split.customerGross); // the second hour
    f->advanceHours(1);
    QCOMPARE(f->engine->ledger().bucketTotal(Bucket::TaxPayable), 2 * split.taxPayable);
    QCOMPARE(f->engine->ledger().bucketTotal(Bucket::PlatformFees), 2 * split.platformFee);
    QCOMPARE(f->engine->balance(buyer).held, Cents(0));
}

void TestExchangeEngine::rentalBillsEveryHourAndEnds()
{
    const qint64 l = f->list(p1, H100, 2, 300);
    QVERIFY(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).ok());
    // Per hour: customer 2 x 3.57 = 7.14; provider 6.00 - 0.60; tax 1.14.
    QCOMPARE(f->engine->balance(p1).earnings, Cents(540));
    f->advanceHours(0.5);
    QCOMPARE(f->engine->balance(p1).earnings, Cents(540)); // nothing until the hour starts
    f->advanceHours(0.5);
    QCOMPARE(f->engine->balance(p1).earnings, Cents(1'080));
    QCOMPARE(f->engine->runningRentals(de)[0].hoursBilled, 2);
    f->advanceHours(1);
    QCOMPARE(f->engine->balance(p1).earnings, Cents(1'620));
    QCOMPARE(f->engine->balance(de).held, Cents(0));
    QCOMPARE(f->engine->runningRentals(de).size(), 1);
    QVERIFY(!f->engine->book(H100)->bestAsk()); // still rented
    f->advanceHours(1);
    QVERIFY(f->engine->runningRentals(de).isEmpty());
    QCOMPARE(f->engine->listing(l)->rentedGpus, 0);
    QCOMPARE(f->engine->book(H100)->quantityAt(Side::Ask, 300), qint64(2)); // back in the book
    QCOMPARE(f->engine->balance(de).available, Cents(100'000 - 3 * 714));
    QCOMPARE(f->engine->balance(p1).earnings, Cents(1'620));
}

void TestExchangeEngine::stopEarlyBillsStartedHourAndReleasesTheRest()
{
    const qint64 l = f->list(p1, H100, 2, 300);
    const auto r = f->bid(de, H100, 2, 5, 300, OrderKind::BuyNow);
    QVERIFY(r.ok());
    const qint64 other = f->list(p2, H100, 2, 300); // rests while l is rented
    f->advanceHours(1.5); // hours 1 and 2 captured
    const auto stopped = f->engine->stopRental(de, r->rentals[0].id);
    QVERIFY(stopped.ok());
    QCOMPARE(stopped->state, RentalState::Stopped);
    QCOMPARE(stopped->hoursBilled, 2);
    QCOMPARE(f->engine->balance(de).held, Cents(0));
    QCOMPARE(f->engine->balance(de).available, Cents(100'000 - 2 * 714));
    // The GPUs rejoin at the back of their level, behind the listing that rested meanwhile.
    const auto asks = f->engine->book(H100)->orders(Side::Ask);
    QCOMPARE(asks.size(), size_t(2));
    QCOMPARE(asks[0].owner, p2);
    QCOMPARE(asks[1].owner, p1);
    QCOMPARE(f->engine->listing(l)->rentedGpus, 0);
    Q_UNUSED(other);
    // Stopping it again is refused.
    QCOMPARE(f->engine->stopRental(de, r->rentals[0].id).code(), ErrorCode::InvalidState);
    QCOMPARE(f->engine->stopRental(us, r->rentals[0].id).code(), ErrorCode::UnknownRental);
}

void TestExchangeEngine::clockJumpProcessesEventsAtTheirTime()
{
    f->list(p1, H100, 1, 300);
    QVERIFY(f->bid(us, H100, 1, 2, 300, OrderKind::BuyNow).ok());
    QVERIFY(f->bid(de, H100, 1, 3, 320).ok()); // rests, waits for the GPU
    f->advanceHours(10); // one jump past everything
    // The first rental ended at T0+2h; de's bid filled then, ran 3 hours and ended at T0+5h.
    QVERIFY(f->engine->runningRentals().isEmpty());
    QCOMPARE(f->engine->balance(us).available, Cents(100'000 - 600));
    QCOMPARE(f->engine->balance(de).available, Cents(100'000 - 3 * (320 + 61)));
    QCOMPARE(f->engine->balance(de).held, Cents(0));
    const QList<Trade> trades = f->engine->database().trades(H100, 0);
    QCOMPARE(trades.size(), 2);
    QCOMPARE(trades[1].timeMs, T0 + 2 * MarketRules::HourMs);
    QCOMPARE(trades[1].priceCents, Cents(320));
    QCOMPARE(f->engine->book(H100)->quantityAt(Side::Ask, 300), qint64(1));
}

void TestExchangeEngine::cancelReleasesTheHold()
{
    const auto r = f->bid(de, H200, 2, 2, 500);
    QVERIFY(r.ok());
    QCOMPARE(f->engine->balance(de).held, Cents(2 * 2 * 595));
    const auto c = f->engine->cancelOrder(de, r->order.id);
    QVERIFY(c.ok());
    QCOMPARE(c->state, OrderState::Cancelled);
    QCOMPARE(f->engine->balance(de).held, Cents(0));
    QCOMPARE(f->engine->balance(de).available, Cents(100'000));
    QVERIFY(!f->engine->book(H200)->bestBid());
}

void TestExchangeEngine::cancelRefusals()
{
    const auto r = f->bid(de, H200, 2, 2, 500);
    QVERIFY(r.ok());
    const QString before = stateFingerprint(*f->engine);
    QCOMPARE(f->engine->cancelOrder(us, r->order.id).code(), ErrorCode::NotOwner);
    QCOMPARE(f->engine->cancelOrder(support, r->order.id).code(), ErrorCode::Forbidden);
    QCOMPARE(f->engine->cancelOrder(de, 4242).code(), ErrorCode::UnknownOrder);
    QCOMPARE(stateFingerprint(*f->engine), before);
    QVERIFY(f->engine->cancelOrder(de, r->order.id).ok());
    QCOMPARE(f->engine->cancelOrder(de, r->order.id).code(), ErrorCode::InvalidState);
}

void TestExchangeEngine::bidExpires()
{
    BidRequest req {H200, OrderKind::Limit, 1, 1, 500, f->clock.nowMs() + 2 * MarketRules::HourMs,
                    {}};
    const auto r = f->engine->placeBid(de, req);
    QVERIFY(r.ok());
    f->advanceHours(1);
    QVERIFY(f->engine->openOrder(r->order.id));
    f->advanceHours(1.5);
    QVERIFY(!f->engine->openOrder(r->order.id));
    QCOMPARE(f->engine->database().order(r->order.id)->state, OrderState::Expired);
    QCOMPARE(f->engine->balance(de).held, Cents(0));
    QVERIFY(!f->engine->book(H200)->bestBid());
    // A listing after expiry does not trade with it.
    f->list(p1, H200, 1, 400);
    QVERIFY(f->engine->runningRentals().isEmpty());
}

void TestExchangeEngine::selfTradeIncomingBid()
{
    QVERIFY(f->engine->topUp(p1, Currency::USD, 100'000).ok());
    f->list(p1, H100, 2, 300);
    f->list(p2, H100, 2, 310);
    // p1 bids 3 at 3.20: passes over its own 3.00, takes p2's two at 3.10; the last GPU would
    // cross its own offer, so the rest of the bid is cancelled instead of resting crossed.
    const auto r = f->bid(p1, H100, 3, 1, 320);
    QVERIFY(r.ok());
    QCOMPARE(r->rentals.size(), 1);
    QCOMPARE(r->rentals[0].providerId, p2);
    QCOMPARE(r->order.state, OrderState::Cancelled);
    QCOMPARE(r->order.closeReason, QStringLiteral("self_trade"));
    QCOMPARE(f->engine->book(H100)->quantityAt(Side::Ask, 300), qint64(2));
    QVERIFY(!f->engine->book(H100)->bestBid());
    QVERIFY(!f->engine->book(H100)->isCrossed());
}

void TestExchangeEngine::selfTradeIncomingAsk()
{
    QVERIFY(f->engine->topUp(p1, Currency::USD, 100'000).ok());
    const auto own = f->bid(p1, H100, 2, 1, 280);
    const auto theirs = f->bid(us, H100, 1, 1, 270);
    QVERIFY(own.ok() && theirs.ok());
    // p1 lists at 2.50: it skips its own bid, fills us at 2.70, and its own bid, which would
    // now cross its offer, gives way.
    const qint64 l = f->list(p1, H100, 3, 250);
    QCOMPARE(f->engine->runningRentals(us).size(), 1);
    QVERIFY(!f->engine->openOrder(own->order.id));
    QCOMPARE(f->engine->database().order(own->order.id)->closeReason, QStringLiteral("self_trade"));
    QCOMPARE(f->engine->balance(p1).held, Cents(0));
    QCOMPARE(f->engine->book(H100)->quantityAt(Side::Ask, 250), qint64(2));
    QVERIFY(!f->engine->book(H100)->isCrossed());
    QCOMPARE(f->engine->listing(l)->rentedGpus, 1);
}

void TestExchangeEngine::listingLifecycle()
{
    const qint64 l = f->list(p1, H200, 4, 400);
    const OrderBook *book = f->engine->book(H200);
    QCOMPARE(f->engine->pauseListing(p2, l).code(), ErrorCode::NotOwner);
    QCOMPARE(f->engine->pauseListing(de, l).code(), ErrorCode::Forbidden);
    QCOMPARE(f->engine->pauseListing(p1, 999).code(), ErrorCode::UnknownListing);
    QVERIFY(f->engine->pauseListing(p1, l).ok());
    QVERIFY(!book->bestAsk());
    QCOMPARE(f->engine->pauseListing(p1, l).code(), ErrorCode::InvalidState);
    QVERIFY(f->engine->resumeListing(p1, l).ok());
    QCOMPARE(book->quantityAt(Side::Ask, 400), qint64(4));
    QCOMPARE(f->engine->resumeListing(p1, l).code(), ErrorCode::InvalidState);

    const qint64 other = f->list(p2, H200, 1, 380);
    QVERIFY(f->engine->repriceListing(p1, l, 380).ok());
    QCOMPARE(book->quantityAt(Side::Ask, 400), qint64(0));
    QCOMPARE(book->quantityAt(Side::Ask, 380), qint64(5));
    QCOMPARE(book->orders(Side::Ask).front().owner, p2); // repricing goes to the back
    QCOMPARE(f->engine->repriceListing(p1, l, 0).code(), ErrorCode::InvalidArgument);

    QVERIFY(f->bid(us, H200, 2, 4, 380, OrderKind::BuyNow).ok()); // p2's 1 and 1 of p1's
    QCOMPARE(f->engine->removeListing(p1, l).code(), ErrorCode::ListingHasRentals);
    QVERIFY(f->engine->listing(l));
    QVERIFY(f->engine->removeListing(p2, other).code() == ErrorCode::ListingHasRentals);
    f->advanceHours(4); // rentals end
    QVERIFY(f->engine->removeListing(p1, l).ok());
    QVERIFY(!f->engine->listing(l));
    QCOMPARE(book->quantityAt(Side::Ask, 380), qint64(1));
    QCOMPARE(f->engine->pauseListing(p1, l).code(), ErrorCode::UnknownListing);
}

void TestExchangeEngine::rentalEndingOnPausedListingStaysIdle()
{
    const qint64 l = f->list(p1, H200, 2, 400);
    QVERIFY(f->bid(us, H200, 1, 1, 400, OrderKind::BuyNow).ok());
    QVERIFY(f->engine->pauseListing(p1, l).ok()); // running rental goes on
    QCOMPARE(f->engine->runningRentals(us).size(), 1);
    f->advanceHours(1);
    QVERIFY(f->engine->runningRentals(us).isEmpty());
    QVERIFY(!f->engine->book(H200)->bestAsk());
    QVERIFY(f->engine->resumeListing(p1, l).ok());
    QCOMPARE(f->engine->book(H200)->quantityAt(Side::Ask, 400), qint64(2));
}

void TestExchangeEngine::clientOrderIdIsIdempotent()
{
    const auto first = f->bid(de, H200, 2, 2, 500, OrderKind::Limit, QStringLiteral("retry-1"));
    QVERIFY(first.ok());
    QVERIFY(!first->duplicate);
    const Balance afterFirst = f->engine->balance(de);
    const auto again = f->bid(de, H200, 2, 2, 500, OrderKind::Limit, QStringLiteral("retry-1"));
    QVERIFY(again.ok());
    QVERIFY(again->duplicate);
    QCOMPARE(again->order.id, first->order.id);
    QCOMPARE(f->engine->openOrders(de).size(), 1);
    QCOMPARE(f->engine->balance(de).held, afterFirst.held);
    // Another account may use the same key; the same account may not reuse it for another order.
    QVERIFY(!f->bid(us, H200, 1, 1, 500, OrderKind::Limit, QStringLiteral("retry-1"))->duplicate);
    QCOMPARE(f->bid(de, H200, 3, 2, 500, OrderKind::Limit, QStringLiteral("retry-1")).code(),
             ErrorCode::InvalidArgument);
    // Still idempotent after the order closed and after a restart.
    QVERIFY(f->engine->cancelOrder(de, first->order.id).ok());
    QVERIFY(f->reopen());
    const auto late = f->bid(de, H200, 2, 2, 500, OrderKind::Limit, QStringLiteral("retry-1"));
    QVERIFY(late.ok() && late->duplicate);
    QCOMPARE(late->order.state, OrderState::Cancelled);
    QCOMPARE(f->engine->balance(de).held, Cents(1 * 1 * 0)); // nothing held again
}

void TestExchangeEngine::supportAdjustment()
{
    QCOMPARE(f->engine->adjustBalance(de, us, 500, QStringLiteral("why not")).code(),
             ErrorCode::Forbidden);
    QCOMPARE(f->engine->adjustBalance(support, us, 500, QStringLiteral("   ")).code(),
             ErrorCode::InvalidArgument);
    QCOMPARE(f->engine->adjustBalance(support, us, 0, QStringLiteral("nothing")).code(),
             ErrorCode::InvalidArgument);
    QCOMPARE(f->engine->adjustBalance(support, us, -100'001, QStringLiteral("too much")).code(),
             ErrorCode::InsufficientFunds);
    QCOMPARE(f->engine->adjustBalance(support, support, 5, QStringLiteral("self")).code(),
             ErrorCode::UnknownAccount);
    QCOMPARE(f->engine->balance(us).available, Cents(100'000));

    const auto r =
        f->engine->adjustBalance(support, us, -2'500, QStringLiteral("refund reversed: ticket 88"));
    QVERIFY(r.ok());
    QCOMPARE(r->available, Cents(97'500));
    QCOMPARE(f->engine->ledger().bucketTotal(Bucket::Adjustments), Cents(2'500));
    const QList<AuditRecord> audit = f->engine->database().audit(us);
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit[0].actorId, support);
    QCOMPARE(audit[0].action, QStringLiteral("adjustment"));
    QVERIFY(audit[0].detail.contains(QStringLiteral("ticket 88")));
    QVERIFY(audit[0].detail.contains(QStringLiteral("-25.00")));
    QCOMPARE(f->engine->database().entries(us).last().memo,
             QStringLiteral("refund reversed: ticket 88"));
}

void TestExchangeEngine::hashChainDetectsTampering()
{
    f->list(p1, H100, 2, 300);
    QVERIFY(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).ok());
    f->advanceHours(3);
    qint64 bad = -1;
    const qint64 count = f->engine->database().verifyChain(&bad);
    QVERIFY(count > 10);
    QCOMPARE(count, f->engine->ledger().lastEntryId());
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tamper"));
        db.setDatabaseName(f->path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral(
            "UPDATE ledger_entries SET amount_cents = amount_cents + 1 WHERE id = 5")));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tamper"));
    QCOMPARE(f->engine->database().verifyChain(&bad), qint64(-1));
    QCOMPARE(bad, qint64(5));
    f->engine->close(); // the tampered database fails the sum check in cleanup otherwise
}

void TestExchangeEngine::storageFailureChangesNothing()
{
    f->list(p1, H100, 2, 300);
    const QString before = stateFingerprint(*f->engine);
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("break"));
        db.setDatabaseName(f->path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        // The database refuses the next trade, as a full disk would, after the order's other
        // rows were written in the same transaction.
        QVERIFY(q.exec(QStringLiteral("CREATE TRIGGER refuse BEFORE INSERT ON trades"
                                      " BEGIN SELECT RAISE(ABORT, 'disk full'); END")));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("break"));
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("statement failed|prepare failed")));
    QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(QStringLiteral("commit failed")));
    const auto r = f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow);
    QVERIFY(!r.ok());
    QCOMPARE(r.code(), ErrorCode::Storage);
    QCOMPARE(stateFingerprint(*f->engine), before); // memory was reloaded from what is durable
    QCOMPARE(f->engine->balance(de).available, Cents(100'000));
    QVERIFY(f->engine->isOpen());
}

void TestExchangeEngine::unreadableDatabaseClosesTheEngine()
{
    f->list(p1, H100, 2, 300);
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("break"));
        db.setDatabaseName(f->path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("DROP TABLE trades"))); // the reload cannot read it either
    }
    QSqlDatabase::removeDatabase(QStringLiteral("break"));
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("statement failed|prepare failed")));
    QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(QStringLiteral("commit failed")));
    QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(QStringLiteral("reload failed")));
    QCOMPARE(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).code(), ErrorCode::Storage);
    QVERIFY(!f->engine->isOpen());
    QCOMPARE(f->engine->topUp(de, Currency::USD, 100).code(), ErrorCode::Storage);
    QCOMPARE(f->engine
                 ->createAccount({QStringLiteral("n@x.io"), QStringLiteral("long enough"),
                                  Role::Customer, QStringLiteral("DE")})
                 .code(),
             ErrorCode::Storage);
    QVERIFY(f->engine->book(H100) == nullptr);
}

// An account may hold maxOpenOrders open bids; the next is refused too_many_orders and changes
// nothing; a closed one frees its place; the count survives a restart.
void TestExchangeEngine::openOrdersAreCappedPerAccount()
{
    EngineFixture g;
    auto reopen = [&g] {
        g.engine = std::make_unique<ExchangeEngine>(g.clock);
        ExchangeEngine::Options o;
        o.database.location = g.path;
        o.passwordLog2N = 4;
        o.maxOpenOrders = 3;
        return g.engine->open(o);
    };
    QVERIFY(reopen());
    const qint64 a = g.funded(QStringLiteral("cap@x.io"), 1'000'000);
    const qint64 b = g.funded(QStringLiteral("other@x.io"), 1'000'000);
    auto bid = [&g](qint64 account, int i) {
        BidRequest r;
        r.gpu = QStringLiteral("h100-sxm");
        r.quantity = 1;
        r.hours = 1;
        r.limitCents = 100 + i;
        r.clientOrderId = QStringLiteral("cap-%1").arg(i);
        return g.engine->placeBid(account, r);
    };
    QList<qint64> ids;
    for (int i = 0; i < 3; ++i) {
        const Result<OrderPlaced> p = bid(a, i);
        QVERIFY(p);
        ids.append(p->order.id);
    }
    const Balance before = g.engine->balance(a);
    const Result<OrderPlaced> refused = bid(a, 3);
    QVERIFY(!refused);
    QCOMPARE(refused.code(), ErrorCode::TooManyOrders);
    QCOMPARE(g.engine->openOrders(a).size(), 3);
    QCOMPARE(g.engine->balance(a).available, before.available);
    // A retry of an order already placed is still answered (idempotency comes first).
    const Result<OrderPlaced> retry = bid(a, 1);
    QVERIFY(retry);
    QVERIFY(retry->duplicate);
    // The cap is per account.
    QVERIFY(bid(b, 10));
    // A cancelled order frees its place.
    QVERIFY(g.engine->cancelOrder(a, ids.first()));
    QVERIFY(bid(a, 4));
    QCOMPARE(bid(a, 5).code(), ErrorCode::TooManyOrders);
    // After a restart the open orders are counted from the database.
    QVERIFY(reopen());
    QCOMPARE(bid(a, 6).code(), ErrorCode::TooManyOrders);
    QVERIFY(g.engine->checkInvariants().isEmpty());
}

// Group commit: the operations of a batch are answered one by one, each sees the writes of the
// ones before it (a retried client order id, a cancel of an order placed in the batch), and
// one database commit makes them all durable.
void TestExchangeEngine::batchCommitsOnce()
{
    f->list(p1, H100, 4, 300);
    int commits = 0;
    f->engine->setCommitObserver([&commits](qint64, bool ok) { commits += ok ? 1 : 1000; });
    f->engine->takeChanges();
    f->engine->beginBatch();
    QVERIFY(f->engine->inBatch());
    const auto bought = f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow);
    QVERIFY(bought.ok());
    const auto resting = f->bid(us, H200, 1, 2, 450, OrderKind::Limit, QStringLiteral("k-1"));
    QVERIFY(resting.ok());
    const auto retried = f->bid(us, H200, 1, 2, 450, OrderKind::Limit, QStringLiteral("k-1"));
    QVERIFY(retried.ok() && retried->duplicate); // read back from the open transaction
    QCOMPARE(retried->order.id, resting->order.id);
    QVERIFY(f->engine->topUp(us, Currency::USD, 5'000).ok());
    const auto placed = f->bid(de, H200, 1, 1, 400);
    QVERIFY(placed.ok());
    QVERIFY(f->engine->cancelOrder(de, placed->order.id).ok());
    QCOMPARE(commits, 0); // nothing is durable yet
    QVERIFY(f->engine->commitBatch());
    QVERIFY(!f->engine->inBatch());
    QCOMPARE(commits, 1);
    const EngineChanges changes = f->engine->takeChanges();
    QCOMPARE(changes.trades.size(), 1);
    QVERIFY(!changes.entries.isEmpty()); // committed entries are published after the commit
    const QString after = stateFingerprint(*f->engine);
    QVERIFY(f->reopen());
    QCOMPARE(stateFingerprint(*f->engine), after);
    const auto late = f->bid(us, H200, 1, 2, 450, OrderKind::Limit, QStringLiteral("k-1"));
    QVERIFY(late.ok() && late->duplicate);
    // A batch in which nothing wrote commits nothing.
    int empty = 0;
    f->engine->setCommitObserver([&empty](qint64, bool) { ++empty; });
    f->engine->beginBatch();
    QVERIFY(f->engine->openOrders(de).isEmpty()); // a read only
    QVERIFY(f->engine->commitBatch());
    QCOMPARE(empty, 0);
}

// Pipelined commit: a batch handed to the writer thread returns at once, its changes taken, and
// is durable only once settled. The next batch builds on it meanwhile without waiting (a
// retried client order id is found among the handed-off orders, an order of it is cancelled),
// and the writer commits both in turn.
void TestExchangeEngine::pipelinedBatchesCommitInTurn()
{
    using enum ExchangeEngine::BatchCommit;
    f->list(p1, H100, 4, 300);
    int commits = 0;
    f->engine->setCommitObserver([&commits](qint64, bool ok) { commits += ok ? 1 : 1000; });
    f->engine->takeChanges();
    f->engine->database().setWriterPaused(true);
    f->engine->beginBatch(Pipelined);
    QVERIFY(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).ok());
    const auto resting = f->bid(us, H200, 1, 2, 450, OrderKind::Limit, QStringLiteral("k-1"));
    QVERIFY(resting.ok());
    QVERIFY(f->engine->commitBatch());
    QVERIFY(f->engine->batchHandedOff());
    const EngineChanges changes = f->engine->takeChanges();
    QCOMPARE(changes.trades.size(), 1);
    QVERIFY(!changes.entries.isEmpty());
    QVERIFY(!f->engine->settle(false).has_value()); // not written: nothing to say yet
    QCOMPARE(commits, 0);

    f->engine->beginBatch(Pipelined);
    const auto retried = f->bid(us, H200, 1, 2, 450, OrderKind::Limit, QStringLiteral("k-1"));
    QVERIFY(retried.ok() && retried->duplicate);
    QCOMPARE(retried->order.id, resting->order.id);
    QVERIFY(f->engine->cancelOrder(us, resting->order.id).ok());
    f->engine->database().setWriterPaused(false);
    QVERIFY(f->engine->commitBatch()); // the first settles, the second is handed off
    QCOMPARE(f->engine->takeSettled(), std::optional<bool>(true));
    QVERIFY(f->engine->batchHandedOff());
    QCOMPARE(f->engine->settle(), std::optional<bool>(true));
    QVERIFY(!f->engine->batchHandedOff());
    QCOMPARE(commits, 2);
    const QString after = stateFingerprint(*f->engine);
    QVERIFY(f->reopen());
    QCOMPARE(stateFingerprint(*f->engine), after);
    QVERIFY(f->engine->openOrders(us).isEmpty());
    QCOMPARE(f->engine->runningRentals(de).size(), 1);
}

// A batch handed off whose commit fails takes down what built on it: the next batch, or an
// operation outside a batch, fails too, and the engine reloads what is durable.
void TestExchangeEngine::failedHandOffFailsWhatBuiltOnIt()
{
    using enum ExchangeEngine::BatchCommit;
    f->list(p1, H100, 4, 300);
    f->engine->takeChanges();
    const QString before = stateFingerprint(*f->engine);
    const QRegularExpression failed(QStringLiteral("commit failed"));

    f->engine->database().failNextCommit();
    QTest::ignoreMessage(QtCriticalMsg, failed);
    f->engine->beginBatch(Pipelined);
    QVERIFY(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).ok());
    QVERIFY(f->engine->commitBatch()); // handed off: its fate is not known yet
    f->engine->beginBatch(Pipelined);
    QVERIFY(f->bid(us, H200, 1, 2, 450).ok());
    QVERIFY(!f->engine->commitBatch());
    QCOMPARE(f->engine->takeSettled(), std::optional<bool>(false));
    QVERIFY(f->engine->isOpen());
    QCOMPARE(stateFingerprint(*f->engine), before);
    QVERIFY(f->engine->takeChanges().isEmpty());

    f->engine->database().failNextCommit();
    QTest::ignoreMessage(QtCriticalMsg, failed); // the hand-off's
    QTest::ignoreMessage(QtCriticalMsg, failed); // the top-up's
    f->engine->beginBatch(Pipelined);
    QVERIFY(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).ok());
    QVERIFY(f->engine->commitBatch());
    QCOMPARE(f->engine->topUp(us, Currency::USD, 5'000).code(), ErrorCode::Storage);
    QCOMPARE(f->engine->settle(), std::optional<bool>(false));
    QCOMPARE(stateFingerprint(*f->engine), before);
    QVERIFY(f->reopen());
    QCOMPARE(stateFingerprint(*f->engine), before);

    // The exchange goes on.
    f->engine->beginBatch(Pipelined);
    QVERIFY(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).ok());
    QVERIFY(f->engine->commitBatch());
    QCOMPARE(f->engine->settle(), std::optional<bool>(true));
    QCOMPARE(f->engine->runningRentals(de).size(), 1);
}

// A batch whose commit fails is undone as a whole: every operation of it, though each was
// answered, is gone from memory and from the database, and none of its changes is published.
void TestExchangeEngine::failedBatchUndoesEveryOperation()
{
    f->list(p1, H100, 4, 300);
    const auto kept = f->bid(us, H200, 1, 2, 450);
    QVERIFY(kept.ok());
    f->engine->takeChanges();
    const QString before = stateFingerprint(*f->engine);
    f->engine->beginBatch();
    QVERIFY(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).ok());
    QVERIFY(f->engine->cancelOrder(us, kept->order.id).ok());
    QVERIFY(f->engine->topUp(de, Currency::EUR, 1'000).ok());
    QVERIFY(f->engine->addListing(p2, {H200, 2, QStringLiteral("eu"), QStringLiteral("ssh x"), 600})
                .ok());
    QVERIFY(stateFingerprint(*f->engine) != before);
    f->engine->database().failNextCommit();
    QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(QStringLiteral("commit failed")));
    QVERIFY(!f->engine->commitBatch());
    QVERIFY(f->engine->isOpen());
    QCOMPARE(stateFingerprint(*f->engine), before);
    QVERIFY(f->engine->takeChanges().isEmpty());
    QVERIFY(f->engine->openOrder(kept->order.id).has_value());
    QVERIFY(f->reopen());
    QCOMPARE(stateFingerprint(*f->engine), before);
    // The exchange goes on: the next batch commits.
    f->engine->beginBatch();
    QVERIFY(f->bid(de, H100, 2, 3, 300, OrderKind::BuyNow).ok());
    QVERIFY(f->engine->commitBatch());
    QCOMPARE(f->engine->runningRentals(de).size(), 1);
}

QTEST_GUILESS_MAIN(TestExchangeEngine)
#include "tst_exchangeengine.moc"
