// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Paid top-ups in the engine (ExchangeEngine::requestTopUp, confirmTopUp, pendingTopUps): a
// request records a pending payment at the quoted rate and credits nothing; a confirmation that
// names its reference, currency and amount credits it once with one balanced entry; a second
// confirmation is a duplicate and credits nothing; a wrong amount or currency, an unknown
// reference and an expired payment are refused with nothing changed; pending payments expire at
// their time and survive a restart. On SQLite, and on PostgreSQL when EVERX_TEST_PG_URL is set.

#include "fixtures/enginefixture.h"
#include "fixtures/pgfixture.h"

#include <QtCore/QRegularExpression>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

Cents externalFunding(const ExchangeEngine &e)
{
    return e.ledger().balance(Ledger::SystemAccount, Bucket::ExternalFunding);
}

} // namespace

class TestTopUps : public QObject
{
    Q_OBJECT

private:
    // An engine on the row's database: SQLite in a temporary folder, or an emptied PostgreSQL
    // database (EVERX_TEST_PG_URL); nullptr if that cannot be had.
    static std::unique_ptr<EngineFixture> fixture();

private slots:
    void requestIsPendingAndCreditsNothing_data();
    void requestIsPendingAndCreditsNothing();
    void confirmCreditsOnceWithOneBalancedEntry_data();
    void confirmCreditsOnceWithOneBalancedEntry();
    void wrongConfirmationIsRefused_data();
    void wrongConfirmationIsRefused();
    void expiredPaymentCannotBeConfirmed_data();
    void expiredPaymentCannotBeConfirmed();
    void pendingPaymentsSurviveRestart_data();
    void pendingPaymentsSurviveRestart();
    void pendingPerAccountAreCapped();
    void onlyCustomersAndProvidersAsk();
};

std::unique_ptr<EngineFixture> TestTopUps::fixture()
{
    QFETCH(QString, database);
    if (database == u"postgresql") {
        const QString url = test::pgUrl();
        if (url.isEmpty() || !test::dropExchangeTables(url))
            return nullptr;
        return std::make_unique<EngineFixture>(false, url);
    }
    return std::make_unique<EngineFixture>();
}

// Each test runs on both databases.
#define DATABASES()                                                                                \
    QTest::addColumn<QString>("database");                                                         \
    QTest::newRow("sqlite") << u"sqlite"_s;                                                        \
    if (!qEnvironmentVariableIsEmpty("EVERX_TEST_PG_URL"))                                         \
        QTest::newRow("postgresql") << u"postgresql"_s;

void TestTopUps::requestIsPendingAndCreditsNothing_data()
{
    DATABASES()
}

void TestTopUps::requestIsPendingAndCreditsNothing()
{
    auto f = fixture();
    QVERIFY(f && f->engine->isOpen());
    const qint64 me = f->newAccount(u"me@example.com"_s, Role::Customer);
    const qint64 entriesBefore = f->engine->ledger().lastEntryId();

    const Result<Payment> p = f->engine->requestTopUp(me, Currency::EUR, 10'000);
    QVERIFY2(p, p ? "" : qPrintable(p.error().message));
    QCOMPARE(p->state, PaymentState::Pending);
    QVERIFY2(QRegularExpression(u"^pay_[a-z2-7]{26}$"_s).match(p->reference).hasMatch(),
             qPrintable(p->reference));
    QCOMPARE(p->accountId, me);
    QCOMPARE(p->currency, Currency::EUR);
    QCOMPARE(p->amountMinor, 10'000);
    QCOMPARE(p->rateMicros, *FxRates::builtIn().usdPerUnitMicros(Currency::EUR));
    QCOMPARE(p->creditedCents, Money::convert(10'000, p->rateMicros));
    QCOMPARE(p->createdMs, T0);
    QCOMPARE(p->expiresMs, T0 + MarketRules::TopUpExpiryMs);

    // Nothing credited, nothing posted.
    QCOMPARE(f->engine->balance(me).available, 0);
    QCOMPARE(f->engine->ledger().lastEntryId(), entriesBefore);
    QCOMPARE(f->engine->pendingTopUps(me).size(), 1);
    QCOMPARE(f->engine->pendingTopUps(me).first().reference, p->reference);
    // Two requests, two references.
    const Result<Payment> q = f->engine->requestTopUp(me, Currency::EUR, 10'000);
    QVERIFY(q);
    QVERIFY(q->reference != p->reference);
    const EngineChanges changes = f->engine->takeChanges();
    QCOMPARE(changes.payments.size(), 2);
}

void TestTopUps::confirmCreditsOnceWithOneBalancedEntry_data()
{
    DATABASES()
}

void TestTopUps::confirmCreditsOnceWithOneBalancedEntry()
{
    auto f = fixture();
    QVERIFY(f && f->engine->isOpen());
    const qint64 me = f->newAccount(u"me@example.com"_s, Role::Customer);
    // Another payment first, so that this one's id is not the account's.
    QVERIFY(f->engine->requestTopUp(me, Currency::USD, 1'000));
    const Payment p = *f->engine->requestTopUp(me, Currency::GBP, 25'000);
    QVERIFY(p.id != me);
    const qint64 lastEntry = f->engine->ledger().lastEntryId();
    f->clock.advance(60'000);

    const Result<PaymentReceipt> r = f->engine->confirmTopUp({p.reference, Currency::GBP, 25'000});
    QVERIFY2(r, r ? "" : qPrintable(r.error().message));
    QVERIFY(!r->duplicate);
    QCOMPARE(r->payment.state, PaymentState::Credited);
    QCOMPARE(r->payment.settledMs, T0 + 60'000);
    QCOMPARE(r->balance.available, p.creditedCents);
    QCOMPARE(f->engine->balance(me).available, p.creditedCents);
    QCOMPARE(externalFunding(*f->engine), -p.creditedCents);
    // It no longer waits; only the other one does.
    QCOMPARE(f->engine->pendingTopUps(me).size(), 1);
    QVERIFY(f->engine->pendingTopUps(me).first().id != p.id);
    // One balanced transaction of two entries, a "topup" like today's, with the quoted rate.
    const QList<LedgerEntry> mine = f->engine->database().entries(me);
    QCOMPARE(mine.size(), 1);
    QCOMPARE(mine.first().kind, u"topup"_s);
    QCOMPARE(mine.first().refId, p.id);
    // Its ref is the payment, its memo names the payment's reference: the customer's statement
    // and the ledger meet on it.
    QCOMPARE(mine.first().memo, u"GBP 250.00 at %1 %2"_s.arg(p.rateMicros).arg(p.reference));
    QCOMPARE(f->engine->ledger().lastEntryId(), lastEntry + 2);
    QVERIFY(f->engine->checkInvariants().isEmpty());

    // Again: the same answer, nothing more credited, also after a restart.
    for (int round = 0; round < 2; ++round) {
        const Result<PaymentReceipt> again =
            f->engine->confirmTopUp({p.reference, Currency::GBP, 25'000});
        QVERIFY(again);
        QVERIFY(again->duplicate);
        QCOMPARE(again->payment.reference, p.reference);
        QCOMPARE(again->payment.state, PaymentState::Credited);
        QCOMPARE(f->engine->balance(me).available, p.creditedCents);
        QCOMPARE(f->engine->ledger().lastEntryId(), lastEntry + 2);
        QVERIFY(f->reopen());
    }
}

void TestTopUps::wrongConfirmationIsRefused_data()
{
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("reference"); // "" for the payment's own
    QTest::addColumn<int>("currency");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<ErrorCode>("code");
    const int eur = int(Currency::EUR), usd = int(Currency::USD);
    QStringList databases {u"sqlite"_s};
    if (!qEnvironmentVariableIsEmpty("EVERX_TEST_PG_URL"))
        databases << u"postgresql"_s;
    for (const QString &db : databases) {
        auto row = [&](const char *name) -> QTestData & {
            return QTest::newRow(qPrintable(db + u": "_s + QLatin1String(name))) << db;
        };
        row("amount short") << QString() << eur << qint64(9'999) << ErrorCode::InvalidArgument;
        row("amount over") << QString() << eur << qint64(10'001) << ErrorCode::InvalidArgument;
        row("currency") << QString() << usd << qint64(10'000) << ErrorCode::InvalidArgument;
        row("unknown reference") << u"pay_aaaaaaaaaaaaaaaaaaaaaaaaaa"_s << eur << qint64(10'000)
                                 << ErrorCode::UnknownPayment;
        row("empty reference") << u" "_s << eur << qint64(10'000) << ErrorCode::UnknownPayment;
    }
}

void TestTopUps::wrongConfirmationIsRefused()
{
    QFETCH(QString, reference);
    QFETCH(int, currency);
    QFETCH(qint64, amount);
    QFETCH(ErrorCode, code);
    auto f = fixture();
    QVERIFY(f && f->engine->isOpen());
    const qint64 me = f->newAccount(u"me@example.com"_s, Role::Customer);
    const Payment p = *f->engine->requestTopUp(me, Currency::EUR, 10'000);
    f->engine->takeChanges();
    const qint64 lastEntry = f->engine->ledger().lastEntryId();

    const Result<PaymentReceipt> r = f->engine->confirmTopUp(
        {reference.isEmpty() ? p.reference : reference.trimmed(), Currency(currency), amount});
    QVERIFY(!r);
    QCOMPARE(r.code(), code);
    QCOMPARE(f->engine->balance(me).available, 0);
    QCOMPARE(f->engine->ledger().lastEntryId(), lastEntry);
    QVERIFY(f->engine->takeChanges().isEmpty());
    // Still pending, and the right confirmation still credits it.
    QCOMPARE(f->engine->pendingTopUps(me).size(), 1);
    QVERIFY(f->engine->confirmTopUp({p.reference, Currency::EUR, 10'000}));
    QCOMPARE(f->engine->balance(me).available, p.creditedCents);
}

void TestTopUps::expiredPaymentCannotBeConfirmed_data()
{
    DATABASES()
}

void TestTopUps::expiredPaymentCannotBeConfirmed()
{
    auto f = fixture();
    QVERIFY(f && f->engine->isOpen());
    const qint64 me = f->newAccount(u"me@example.com"_s, Role::Customer);
    const Payment p = *f->engine->requestTopUp(me, Currency::USD, 5'000);
    QCOMPARE(f->engine->nextEventMs().value_or(0), p.expiresMs);
    f->engine->takeChanges();

    // A millisecond before, it is still pending.
    f->clock.set(p.expiresMs - 1);
    QCOMPARE(f->engine->advance(), 0);
    QCOMPARE(f->engine->pendingTopUps(me).size(), 1);
    // At its time the expiry event runs (the service's tick calls advance()).
    f->clock.set(p.expiresMs);
    QCOMPARE(f->engine->advance(), 1);
    QVERIFY(f->engine->pendingTopUps(me).isEmpty());
    const EngineChanges changes = f->engine->takeChanges();
    QCOMPARE(changes.payments.size(), 1);
    QCOMPARE(changes.payments.first().state, PaymentState::Expired);
    QCOMPARE(changes.payments.first().settledMs, p.expiresMs);

    // A confirmation after the expiry credits nothing: the payment is late, for support.
    const Result<PaymentReceipt> late =
        f->engine->confirmTopUp({p.reference, Currency::USD, 5'000});
    QVERIFY(late);
    QCOMPARE(late->payment.state, PaymentState::Late);
    QVERIFY(!late->duplicate);
    QCOMPARE(f->engine->balance(me).available, 0);
    // Also after a restart: no longer pending, and a repeat changes nothing.
    QVERIFY(f->reopen());
    QVERIFY(f->engine->pendingTopUps(me).isEmpty());
    const Result<PaymentReceipt> again =
        f->engine->confirmTopUp({p.reference, Currency::USD, 5'000});
    QVERIFY(again && again->duplicate);
    QCOMPARE(again->payment.state, PaymentState::Late);
    QCOMPARE(f->engine->balance(me).available, 0);

    // A confirmation that arrives after the time, before any tick ran, is late too.
    const Payment q = *f->engine->requestTopUp(me, Currency::USD, 5'000);
    f->clock.set(q.expiresMs + 1);
    const Result<PaymentReceipt> afterTime =
        f->engine->confirmTopUp({q.reference, Currency::USD, 5'000});
    QVERIFY(afterTime);
    QCOMPARE(afterTime->payment.state, PaymentState::Late);
    QCOMPARE(f->engine->balance(me).available, 0);
}

void TestTopUps::pendingPaymentsSurviveRestart_data()
{
    DATABASES()
}

void TestTopUps::pendingPaymentsSurviveRestart()
{
    auto f = fixture();
    QVERIFY(f && f->engine->isOpen());
    const qint64 me = f->newAccount(u"me@example.com"_s, Role::Customer);
    const Payment a = *f->engine->requestTopUp(me, Currency::EUR, 1'000);
    f->clock.advance(1'000);
    const Payment b = *f->engine->requestTopUp(me, Currency::GBP, 2'000);
    QVERIFY(f->reopen());

    const QList<Payment> pending = f->engine->pendingTopUps(me);
    QCOMPARE(pending.size(), 2);
    QCOMPARE(pending[0].reference, a.reference);
    QCOMPARE(pending[0].creditedCents, a.creditedCents);
    QCOMPARE(pending[0].rateMicros, a.rateMicros);
    QCOMPARE(pending[0].expiresMs, a.expiresMs);
    QCOMPARE(pending[1].reference, b.reference);
    QCOMPARE(pending[1].currency, Currency::GBP);
    // The expiry is scheduled again, and ids continue after the stored ones.
    QCOMPARE(f->engine->nextEventMs().value_or(0), a.expiresMs);
    const Payment c = *f->engine->requestTopUp(me, Currency::EUR, 1'000);
    QCOMPARE(c.id, b.id + 1);
    QVERIFY(f->engine->confirmTopUp({b.reference, Currency::GBP, 2'000}));
    QCOMPARE(f->engine->balance(me).available, b.creditedCents);
}

void TestTopUps::pendingPerAccountAreCapped()
{
    EngineFixture f;
    const qint64 me = f.newAccount(u"me@example.com"_s, Role::Customer);
    const qint64 other = f.newAccount(u"other@example.com"_s, Role::Customer);
    for (int i = 0; i < MarketRules::MaxPendingTopUps; ++i)
        QVERIFY(f.engine->requestTopUp(me, Currency::USD, 100));
    const Result<Payment> more = f.engine->requestTopUp(me, Currency::USD, 100);
    QVERIFY(!more);
    QCOMPARE(more.code(), ErrorCode::RateLimited);
    QCOMPARE(f.engine->pendingTopUps(me).size(), MarketRules::MaxPendingTopUps);
    QVERIFY(f.engine->requestTopUp(other, Currency::USD, 100)); // per account
    // A credited one frees its place.
    const Payment first = f.engine->pendingTopUps(me).first();
    QVERIFY(f.engine->confirmTopUp({first.reference, Currency::USD, 100}));
    QVERIFY(f.engine->requestTopUp(me, Currency::USD, 100));
}

void TestTopUps::onlyCustomersAndProvidersAsk()
{
    EngineFixture f;
    const qint64 support = f.newAccount(u"support@example.com"_s, Role::Support);
    const qint64 provider = f.newAccount(u"provider@example.com"_s, Role::Provider);
    QCOMPARE(f.engine->requestTopUp(support, Currency::USD, 100).code(), ErrorCode::Forbidden);
    QCOMPARE(f.engine->requestTopUp(12345, Currency::USD, 100).code(), ErrorCode::UnknownAccount);
    QCOMPARE(f.engine->requestTopUp(provider, Currency::USD, 0).code(), ErrorCode::InvalidArgument);
    QCOMPARE(f.engine->requestTopUp(provider, Currency::USD, MarketRules::MaxTopUpMinor + 1).code(),
             ErrorCode::InvalidArgument);
    QVERIFY(f.engine->requestTopUp(provider, Currency::USD, MarketRules::MaxTopUpMinor));
}

QTEST_GUILESS_MAIN(TestTopUps)
#include "tst_topups.moc"
