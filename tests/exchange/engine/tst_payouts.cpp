// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// A provider's earnings and payouts (ExchangeEngine, exchangeengine_payouts.cpp) and the provider
// workspace's reads (exchangeengine_providerstats.cpp): earnings kept apart from the spendable
// balance, every payout step balanced, audited where support acts, refused without a change, and
// verified at start.

#include "fixtures/enginefixture.h"
#include "fixtures/schemafixture.h"

#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {
const QString H100 = u"h100-sxm"_s;
} // namespace

class TestPayouts : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<EngineFixture> f;
    qint64 provider = 0, other = 0, customer = 0, agent = 0;
    qint64 listing = 0;

    // One 2-GPU rental of `hours` at 3.00 from the provider's listing: 5.40 earned per hour.
    void rent(qint32 hours)
    {
        QVERIFY(f->bid(customer, H100, 2, hours, 300, OrderKind::BuyNow).ok());
    }
    void verified()
    {
        QVERIFY2(f->engine->checkInvariants().isEmpty(),
                 qPrintable(f->engine->checkInvariants().join(u'\n')));
        const LedgerReport report = LedgerVerifier::verify(f->engine->database(), true);
        QVERIFY2(report.ok, qPrintable(report.problem));
        QCOMPARE(f->engine->ledger().total(), Cents(0));
    }

private slots:
    void init();
    void cleanup() { f.reset(); }

    void earningsAreKeptApartFromAvailable();
    void requestMovesEarningsToPending_data();
    void requestMovesEarningsToPending();
    void requestRefusalsChangeNothing_data();
    void requestRefusalsChangeNothing();
    void requestedPayoutsAreCapped();
    void paidLeavesTheExchangeAudited();
    void rejectedReturnsToEarnings();
    void settlementRefusalsChangeNothing_data();
    void settlementRefusalsChangeNothing();
    void listsAreOwnAndByState();
    void requestedPayoutSurvivesRestart();
    void verifierRefusesPendingWithoutPayout();
    void migratesVersion4DatabaseKeepingData();

    void hostedRentalsNewestFirstAndPaged();
    void hostedRentalsAreTheProvidersOnly();
    void statsPerDay_data();
    void statsPerDay();
    void utilisationCountsTimeRentedUpToNow();
    void statsRefusals();
};

void TestPayouts::init()
{
    f = std::make_unique<EngineFixture>();
    provider = f->newAccount(u"p@provider.io"_s, Role::Provider, u"TR"_s);
    other = f->newAccount(u"o@provider.io"_s, Role::Provider, u"TR"_s);
    customer = f->funded(u"c@x.io"_s, 1'000'000, u"US"_s);
    agent = f->newAccount(u"agent@everx.io"_s, Role::Support);
    listing = f->list(provider, H100, 8, 300);
    QVERIFY(provider && other && customer && agent && listing);
}

void TestPayouts::earningsAreKeptApartFromAvailable()
{
    rent(3);
    const MarketRules::HourSplit split = MarketRules::hourSplit(2, 300, 0, 1000);
    QCOMPARE(f->engine->balance(provider).earnings, split.providerEarnings);
    QCOMPARE(f->engine->balance(provider).available, Cents(0));
    f->advanceHours(2);
    QCOMPARE(f->engine->balance(provider).earnings, 3 * split.providerEarnings);
    // Earnings are not spendable: a bid needs the prepaid balance.
    const Result<OrderPlaced> bid = f->bid(provider, u"h200"_s, 1, 1, 100);
    QCOMPARE(bid.code(), ErrorCode::InsufficientFunds);
    verified();
}

void TestPayouts::requestMovesEarningsToPending_data()
{
    QTest::addColumn<Cents>("amount");
    QTest::newRow("minimum") << MarketRules::MinPayoutCents;
    QTest::newRow("part") << Cents(1'000);
    QTest::newRow("all of it") << Cents(3 * 540);
}

void TestPayouts::requestMovesEarningsToPending()
{
    QFETCH(Cents, amount);
    rent(3);
    f->advanceHours(2);
    const Cents earned = f->engine->balance(provider).earnings;
    QCOMPARE(earned, Cents(3 * 540));
    const Result<Payout> p = f->engine->requestPayout(provider, amount);
    QVERIFY2(p.ok(), p.ok() ? "" : qPrintable(p.error().message));
    QCOMPARE(p->state, PayoutState::Requested);
    QCOMPARE(p->amountCents, amount);
    QCOMPARE(p->providerId, provider);
    QCOMPARE(f->engine->balance(provider).earnings, earned - amount);
    QCOMPARE(f->engine->balance(provider).payoutPending, amount);
    QCOMPARE(f->engine->balance(provider).available, Cents(0));
    const EngineChanges changes = f->engine->takeChanges();
    QCOMPARE(changes.payouts.size(), 1);
    QVERIFY(changes.accounts.contains(provider));
    QCOMPARE(f->engine->requestedPayouts(provider).size(), 1);
    verified();
}

void TestPayouts::requestRefusalsChangeNothing_data()
{
    QTest::addColumn<int>("who"); // 0 provider, 1 customer, 2 support
    QTest::addColumn<Cents>("amount");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("more than earned") << 0 << Cents(540 + 1) << ErrorCode::InsufficientFunds;
    QTest::newRow("below the minimum") << 0 << Cents(99) << ErrorCode::InvalidArgument;
    QTest::newRow("zero") << 0 << Cents(0) << ErrorCode::InvalidArgument;
    QTest::newRow("negative") << 0 << Cents(-500) << ErrorCode::InvalidArgument;
    QTest::newRow("absurd") << 0 << Cents(std::numeric_limits<qint64>::max())
                            << ErrorCode::InvalidArgument;
    QTest::newRow("customer") << 1 << Cents(100) << ErrorCode::Forbidden;
    QTest::newRow("support") << 2 << Cents(100) << ErrorCode::Forbidden;
}

void TestPayouts::requestRefusalsChangeNothing()
{
    QFETCH(int, who);
    QFETCH(Cents, amount);
    QFETCH(ErrorCode, code);
    rent(1);
    f->engine->takeChanges();
    const QString before = stateFingerprint(*f->engine);
    const qint64 actor = who == 0 ? provider : who == 1 ? customer : agent;
    const Result<Payout> p = f->engine->requestPayout(actor, amount);
    QCOMPARE(p.code(), code);
    QCOMPARE(stateFingerprint(*f->engine), before);
    QVERIFY(f->engine->takeChanges().payouts.isEmpty());
    QVERIFY(f->engine->requestedPayouts().isEmpty());
}

void TestPayouts::requestedPayoutsAreCapped()
{
    rent(10);
    f->advanceHours(9);
    for (int i = 0; i < MarketRules::MaxRequestedPayouts; ++i)
        QVERIFY(f->engine->requestPayout(provider, 100).ok());
    const QString before = stateFingerprint(*f->engine);
    QCOMPARE(f->engine->requestPayout(provider, 100).code(), ErrorCode::RateLimited);
    QCOMPARE(stateFingerprint(*f->engine), before);
    verified();
}

void TestPayouts::paidLeavesTheExchangeAudited()
{
    rent(2);
    f->advanceHours(1);
    const Payout p = *f->engine->requestPayout(provider, 1'000);
    const Cents payoutsBefore = f->engine->ledger().balance(Ledger::SystemAccount, Bucket::Payouts);
    f->engine->takeChanges();
    const Result<Payout> paid =
        f->engine->markPayoutPaid(agent, p.id, u" SEPA-2026-0042 "_s, u"bank transfer sent"_s);
    QVERIFY2(paid.ok(), paid.ok() ? "" : qPrintable(paid.error().message));
    QCOMPARE(paid->state, PayoutState::Paid);
    QCOMPARE(paid->reference, u"SEPA-2026-0042"_s);
    QCOMPARE(paid->reason, u"bank transfer sent"_s);
    QCOMPARE(paid->agentId, agent);
    QVERIFY(paid->settledMs > 0);
    QCOMPARE(f->engine->balance(provider).payoutPending, Cents(0));
    QCOMPARE(f->engine->balance(provider).earnings, Cents(80));
    QCOMPARE(f->engine->ledger().balance(Ledger::SystemAccount, Bucket::Payouts),
             payoutsBefore + 1'000);
    QCOMPARE(f->engine->takeChanges().payouts.size(), 1);
    const QList<AuditRecord> audit = f->engine->database().audit(provider);
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit[0].actorId, agent);
    QCOMPARE(audit[0].action, u"payout_paid"_s);
    QVERIFY(audit[0].detail.contains(u"10.00 USD"_s));
    QVERIFY(audit[0].detail.contains(u"SEPA-2026-0042"_s));
    QVERIFY(audit[0].detail.contains(u"bank transfer sent"_s));
    // And its fields, which the desk words in its user's language.
    QCOMPARE(audit[0].payoutId, p.id);
    QCOMPARE(audit[0].amount, Cents(1'000));
    QCOMPARE(audit[0].currency, Currency::USD);
    QCOMPARE(audit[0].reference, u"SEPA-2026-0042"_s);
    QCOMPARE(audit[0].reason, u"bank transfer sent"_s);
    // The ledger says it too, in one balanced transaction.
    const QList<LedgerEntry> entries = f->engine->database().entries(provider);
    QCOMPARE(entries.last().kind, u"payout_paid"_s);
    QCOMPARE(entries.last().bucket, Bucket::PayoutPending);
    QCOMPARE(entries.last().amount, Cents(-1'000));
    QVERIFY(f->engine->requestedPayouts().isEmpty());
    verified();
}

void TestPayouts::rejectedReturnsToEarnings()
{
    rent(2);
    f->advanceHours(1);
    const Payout p = *f->engine->requestPayout(provider, 1'000);
    const Result<Payout> rejected = f->engine->rejectPayout(agent, p.id, u"account under review"_s);
    QVERIFY(rejected.ok());
    QCOMPARE(rejected->state, PayoutState::Rejected);
    QCOMPARE(rejected->reference, QString());
    QCOMPARE(f->engine->balance(provider).earnings, Cents(1'080));
    QCOMPARE(f->engine->balance(provider).payoutPending, Cents(0));
    QCOMPARE(f->engine->ledger().balance(Ledger::SystemAccount, Bucket::Payouts), Cents(0));
    const QList<AuditRecord> audit = f->engine->database().audit(provider);
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit[0].action, u"payout_rejected"_s);
    QVERIFY(audit[0].detail.contains(u"account under review"_s));
    QCOMPARE(audit[0].payoutId, p.id);
    QCOMPARE(audit[0].amount, Cents(1'000));
    QCOMPARE(audit[0].reference, QString());
    verified();
}

void TestPayouts::settlementRefusalsChangeNothing_data()
{
    QTest::addColumn<int>("who"); // 0 agent, 1 the provider, 2 a customer
    QTest::addColumn<int>("which"); // 0 the requested payout, 1 a settled one, 2 none
    QTest::addColumn<bool>("paid"); // markPayoutPaid, else rejectPayout
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<ErrorCode>("code");
    const QString ref = u"T-1"_s, why = u"checked"_s;
    QTest::newRow("provider pays itself") << 1 << 0 << true << ref << why << ErrorCode::Forbidden;
    QTest::newRow("customer rejects") << 2 << 0 << false << ref << why << ErrorCode::Forbidden;
    QTest::newRow("unknown payout") << 0 << 2 << true << ref << why << ErrorCode::UnknownPayout;
    QTest::newRow("paid twice") << 0 << 1 << true << ref << why << ErrorCode::InvalidState;
    QTest::newRow("rejected once paid") << 0 << 1 << false << ref << why << ErrorCode::InvalidState;
    QTest::newRow("no reason") << 0 << 0 << true << ref << u"  "_s << ErrorCode::InvalidArgument;
    QTest::newRow("no reference") << 0 << 0 << true << u""_s << why << ErrorCode::InvalidArgument;
    QTest::newRow("long reference")
        << 0 << 0 << true << QString(65, u'x') << why << ErrorCode::InvalidArgument;
    QTest::newRow("control in reference")
        << 0 << 0 << true << u"T\u001b1"_s << why << ErrorCode::InvalidArgument;
    QTest::newRow("long reason") << 0 << 0 << false << ref << QString(501, u'x')
                                 << ErrorCode::InvalidArgument;
}

void TestPayouts::settlementRefusalsChangeNothing()
{
    QFETCH(int, who);
    QFETCH(int, which);
    QFETCH(bool, paid);
    QFETCH(QString, reference);
    QFETCH(QString, reason);
    QFETCH(ErrorCode, code);
    rent(3);
    f->advanceHours(2);
    const Payout settled = *f->engine->requestPayout(provider, 200);
    QVERIFY(f->engine->markPayoutPaid(agent, settled.id, u"T-0"_s, u"paid"_s).ok());
    const Payout requested = *f->engine->requestPayout(provider, 300);
    f->engine->takeChanges();
    const qint64 id = which == 0 ? requested.id : which == 1 ? settled.id : 999;
    const qint64 actor = who == 0 ? agent : who == 1 ? provider : customer;
    const QString before = stateFingerprint(*f->engine);
    const qsizetype auditBefore = f->engine->database().audit(provider).size();
    const Result<Payout> r = paid ? f->engine->markPayoutPaid(actor, id, reference, reason)
                                  : f->engine->rejectPayout(actor, id, reason);
    QCOMPARE(r.code(), code);
    QCOMPARE(stateFingerprint(*f->engine), before);
    QCOMPARE(f->engine->database().audit(provider).size(), auditBefore);
    QCOMPARE(f->engine->database().payout(requested.id)->state, PayoutState::Requested);
    QVERIFY(f->engine->takeChanges().payouts.isEmpty());
    verified();
}

void TestPayouts::listsAreOwnAndByState()
{
    rent(5);
    f->advanceHours(4);
    const Payout a = *f->engine->requestPayout(provider, 100);
    const Payout b = *f->engine->requestPayout(provider, 200);
    const Payout c = *f->engine->requestPayout(provider, 300);
    QVERIFY(f->engine->markPayoutPaid(agent, a.id, u"T-1"_s, u"sent"_s).ok());
    QVERIFY(f->engine->rejectPayout(agent, b.id, u"no"_s).ok());

    const Result<QList<Payout>> mine = f->engine->providerPayouts(provider, {});
    QVERIFY(mine.ok());
    QCOMPARE(mine->size(), 3);
    QCOMPARE(mine->at(0).id, c.id); // newest first
    QCOMPARE(mine->at(2).id, a.id);
    const Result<QList<Payout>> page = f->engine->providerPayouts(provider, {{}, c.id, 1});
    QCOMPARE(page->size(), 1);
    QCOMPARE(page->at(0).id, b.id);
    QCOMPARE(f->engine->providerPayouts(other, {})->size(), 0);
    QCOMPARE(f->engine->providerPayouts(customer, {}).code(), ErrorCode::Forbidden);
    QCOMPARE(f->engine->providerPayouts(agent, {}).code(), ErrorCode::Forbidden);

    const Result<QList<Payout>> queue =
        f->engine->payoutQueue(agent, {PayoutState::Requested, 0, 100});
    QVERIFY(queue.ok());
    QCOMPARE(queue->size(), 1);
    QCOMPARE(queue->at(0).id, c.id);
    QCOMPARE(f->engine->payoutQueue(agent, {PayoutState::Paid, 0, 100})->at(0).reference, u"T-1"_s);
    QCOMPARE(f->engine->payoutQueue(provider, {PayoutState::Requested, 0, 100}).code(),
             ErrorCode::Forbidden);
}

void TestPayouts::requestedPayoutSurvivesRestart()
{
    rent(2);
    f->advanceHours(1);
    const Payout p = *f->engine->requestPayout(provider, 700);
    const QString before = stateFingerprint(*f->engine);
    QVERIFY(f->reopen());
    QCOMPARE(stateFingerprint(*f->engine), before);
    QCOMPARE(f->engine->requestedPayouts().size(), 1);
    QCOMPARE(f->engine->balance(provider).payoutPending, Cents(700));
    QVERIFY(f->engine->markPayoutPaid(agent, p.id, u"T-9"_s, u"sent"_s).ok());
    // Ids go on after a restart.
    QCOMPARE(f->engine->requestPayout(provider, 100)->id, p.id + 1);
    verified();
}

void TestPayouts::verifierRefusesPendingWithoutPayout()
{
    rent(2);
    f->advanceHours(1);
    QVERIFY(f->engine->requestPayout(provider, 700).ok());
    f->engine->close();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tamper"_s);
        db.setDatabaseName(f->path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        // The payout row says it was paid, but the ledger still holds it as pending.
        QVERIFY(q.exec(u"UPDATE payouts SET state = 1"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"tamper"_s);
    QVERIFY(!f->reopen());
    QVERIFY(f->engine->ledgerRefused());
    QCOMPARE(f->engine->ledgerReport().badAccount, std::optional<qint64>(provider));
    QVERIFY2(f->engine->ledgerReport().problem.contains(u"payouts pending"_s),
             qPrintable(f->engine->ledgerReport().problem));
}

void TestPayouts::migratesVersion4DatabaseKeepingData()
{
    // A database of schema 4 with earnings in it, as the engine before payouts left it: made
    // with today's engine, then taken back to 4 (what schema 6 added, removed).
    rent(2);
    f->advanceHours(1);
    f->engine->close();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"downgrade"_s);
        db.setDatabaseName(f->path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        for (const QString &sql : test::statementsBackToSchema4())
            QVERIFY2(q.exec(sql), qPrintable(sql + u": "_s + q.lastError().text()));
        QVERIFY(q.exec(u"UPDATE schema_version SET version = 4"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"downgrade"_s);
    QVERIFY(f->reopen());
    QCOMPARE(f->engine->database().schemaVersion(), Database::SchemaVersion);
    QCOMPARE(f->engine->balance(provider).earnings, Cents(1'080));
    QCOMPARE(f->engine->listings(provider).size(), 1);
    QCOMPARE(f->engine->runningRentals(provider).size(), 1);
    // The new parts work on it.
    const Result<Payout> p = f->engine->requestPayout(provider, 1'000);
    QVERIFY(p.ok());
    QVERIFY(f->engine->markPayoutPaid(agent, p->id, u"T-1"_s, u"sent"_s).ok());
    QVERIFY(f->engine->removeListing(other, listing).code() == ErrorCode::NotOwner);
    QCOMPARE(f->engine->providerStats(provider, {7})->todayCents, Cents(1'080));
    verified();
}

void TestPayouts::hostedRentalsNewestFirstAndPaged()
{
    rent(2);
    f->advanceHours(1);
    rent(1);
    f->advanceHours(3); // both ended
    rent(4); // running
    const Result<QList<HostedRental>> all = f->engine->hostedRentals(provider, {});
    QVERIFY(all.ok());
    QCOMPARE(all->size(), 3);
    QCOMPARE(all->at(0).state, RentalState::Running);
    QCOMPARE(all->at(0).hours, 4);
    QCOMPARE(all->at(0).hoursBilled, 1);
    QCOMPARE(all->at(0).earnedCents, Cents(540));
    QCOMPARE(all->at(1).state, RentalState::Ended);
    QCOMPARE(all->at(1).earnedCents, Cents(540));
    QCOMPARE(all->at(2).earnedCents, Cents(1'080));
    QCOMPARE(all->at(2).listingId, listing);
    QVERIFY(all->at(0).id > all->at(1).id && all->at(1).id > all->at(2).id);
    const Result<QList<HostedRental>> page = f->engine->hostedRentals(provider, {all->at(0).id, 1});
    QCOMPARE(page->size(), 1);
    QCOMPARE(page->at(0).id, all->at(1).id);
}

void TestPayouts::hostedRentalsAreTheProvidersOnly()
{
    rent(2);
    QCOMPARE(f->engine->hostedRentals(other, {})->size(), 0);
    QCOMPARE(f->engine->hostedRentals(customer, {}).code(), ErrorCode::Forbidden);
    QCOMPARE(f->engine->hostedRentals(agent, {}).code(), ErrorCode::Forbidden);
    QCOMPARE(f->engine->providerStats(customer, {7}).code(), ErrorCode::Forbidden);
}

void TestPayouts::statsPerDay_data()
{
    QTest::addColumn<int>("days");
    QTest::newRow("7") << 7;
    QTest::newRow("30") << 30;
    QTest::newRow("90") << 90;
}

void TestPayouts::statsPerDay()
{
    QFETCH(int, days);
    // T0 is midnight UTC. The listing (8 GPUs) was made at T0; 2 GPUs rented for 3 h at 22:00 of
    // day 0 bill hours at 22:00 and 23:00 of day 0 and 00:00 of day 1.
    f->advanceHours(22);
    rent(3);
    f->advanceHours(2); // day 1, 00:00: the third hour is billed
    f->advanceHours(12); // day 1, 12:00
    const Result<ProviderStats> s = f->engine->providerStats(provider, {days});
    QVERIFY(s.ok());
    QCOMPARE(s->days.size(), days);
    const StatsDay &today = s->days.last();
    const StatsDay &yesterday = s->days.at(days - 2);
    QCOMPARE(today.dayMs, T0 + MarketRules::DayMs);
    QCOMPARE(yesterday.dayMs, T0);
    QCOMPARE(yesterday.earningsCents, Cents(2 * 540));
    QCOMPARE(yesterday.rentedGpuHours, qint64(4));
    QCOMPARE(yesterday.listedGpuMinutes, qint64(8 * 24 * 60));
    QCOMPARE(yesterday.utilisationBp, qint32(4 * 10'000 / (8 * 24))); // 2.08 %, rounded down
    QCOMPARE(today.earningsCents, Cents(540));
    QCOMPARE(today.rentedGpuHours, qint64(2));
    QCOMPARE(today.listedGpuMinutes, qint64(8 * 12 * 60)); // listed until now
    QCOMPARE(today.utilisationBp, qint32(2 * 10'000 / (8 * 12)));
    QCOMPARE(s->days.first().earningsCents, Cents(0));
    QCOMPARE(s->days.first().listedGpuMinutes, qint64(0)); // before the listing
    QCOMPARE(s->todayCents, Cents(540));
    QCOMPARE(s->last7DaysCents, Cents(3 * 540));
    QCOMPARE(s->last30DaysCents, Cents(3 * 540));
    QCOMPARE(s->last90DaysCents, Cents(3 * 540));
    QCOMPARE(yesterday.rentedGpuMinutes, qint64(2 * 120));
    QCOMPARE(today.rentedGpuMinutes, qint64(2 * 60)); // ended at 01:00
    QCOMPARE(s->listings.size(), 1);
    QCOMPARE(s->listings[0].listingId, listing);
    QCOMPARE(s->listings[0].earningsCents, Cents(3 * 540));

    // A removed listing is listed until its removal and keeps its earnings.
    QVERIFY(f->engine->removeListing(provider, listing).ok());
    f->advanceHours(6);
    const Result<ProviderStats> later = f->engine->providerStats(provider, {days});
    QCOMPARE(later->days.last().listedGpuMinutes, qint64(8 * 12 * 60));
    QCOMPARE(later->listings[0].earningsCents, Cents(3 * 540));
}

void TestPayouts::utilisationCountsTimeRentedUpToNow()
{
    // Half an hour after a 2-GPU rental of 3 h began on the 8-GPU listing made at T0: its first
    // hour is billed (2 GPU-hours), but 2 x 30 GPU-minutes were used, of 8 x 30 listed.
    rent(3);
    f->advanceHours(0.5);
    const Result<ProviderStats> s = f->engine->providerStats(provider, {7});
    QVERIFY(s.ok());
    const StatsDay &today = s->days.last();
    QCOMPARE(today.rentedGpuHours, qint64(2));
    QCOMPARE(today.rentedGpuMinutes, qint64(2 * 30));
    QCOMPARE(today.listedGpuMinutes, qint64(8 * 30));
    QCOMPARE(today.utilisationBp, qint32(2'500)); // 25 %, not the 50 % the billed hour says
    // Stopped early, it is used no longer.
    const QList<Rental> rentals = f->engine->database().providerRentals(provider, 0, 10);
    QCOMPARE(rentals.size(), 1);
    QVERIFY(f->engine->stopRental(customer, rentals.first().id).ok());
    f->advanceHours(0.5);
    const Result<ProviderStats> later = f->engine->providerStats(provider, {7});
    QCOMPARE(later->days.last().rentedGpuMinutes, qint64(2 * 30));
    QCOMPARE(later->days.last().utilisationBp, qint32(2 * 30 * 10'000 / (8 * 60)));
}

void TestPayouts::statsRefusals()
{
    for (const int days : {0, 1, 8, 31, 365, -7})
        QCOMPARE(f->engine->providerStats(provider, {days}).code(), ErrorCode::InvalidArgument);
}

QTEST_GUILESS_MAIN(TestPayouts)
#include "tst_payouts.moc"
