// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The sandbox market (exchange/sandbox.h): demo accounts, synthetic providers and customers, the
// price process and the backfilled history, all through the engine's public operations.

#include "fixtures/enginefixture.h"

#include "engine/marketdata.h"
#include "sandbox/sandbox.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QTimeZone>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 DayMs = 24 * MarketRules::HourMs;

SandboxOptions smallOptions(quint32 seed = 20261130)
{
    SandboxOptions o;
    o.seed = seed;
    o.backfillDays = 3; // the default 42 is measured once, in firstStartWithDefaultBackfill
    return o;
}

QList<Trade> historyTrades(ExchangeEngine &e)
{
    QList<Trade> out;
    for (const Trade &t : e.database().trades(QString(), 0)) {
        if (t.aggressor == HistoryPrint)
            out << t;
    }
    return out;
}

QList<Trade> liveTrades(ExchangeEngine &e)
{
    QList<Trade> out;
    for (const Trade &t : e.database().trades(QString(), 0)) {
        if (t.aggressor != HistoryPrint)
            out << t;
    }
    return out;
}

QStringList describe(const QList<Trade> &trades)
{
    QStringList out;
    for (const Trade &t : trades)
        out << QStringLiteral("%1 %2 %3 $%4 q%5 h%6 o%7 l%8 r%9 a%10")
                   .arg(t.id)
                   .arg(t.gpu)
                   .arg(t.timeMs)
                   .arg(t.priceCents)
                   .arg(t.quantity)
                   .arg(t.hours)
                   .arg(t.orderId)
                   .arg(t.listingId)
                   .arg(t.rentalId)
                   .arg(int(t.aggressor));
    return out;
}

// Whether a price is plausible for a GPU: within half and twice its seed "from" price.
bool inBand(const GpuModel &g, Cents price)
{
    return price * 2 >= g.fromPriceCents && price <= g.fromPriceCents * 2;
}

qsizetype accountCount(ExchangeEngine &e)
{
    QString error;
    const std::optional<StoredState> s = e.database().load(&error);
    return s ? s->accounts.size() : -1;
}

// Steps the market with the clock moving `minutes` before each step.
void run(EngineFixture &f, Sandbox &s, int steps, qint64 minutes = 3)
{
    for (int i = 0; i < steps; ++i) {
        f.clock.advance(minutes * MinuteMs);
        s.step();
    }
}

} // namespace

class TestSandbox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void demoAccounts();
    void everyGpuHasAsksAndBids();
    void windowsAreReservedWhereWorkIsBusiest();
    void serversOfEverySizeAndClusters();
    void historyForEveryGpu();
    void demoProviderHasAPast();
    void stepsTradeAndKeepInvariants();
    void aStepCommitsOnce();
    void refusalsDoNotStopTheMarket();
    void secondPrepareCreatesNothing();
    void sameSeedSameMarket();
    void timerSteps();
    void firstStartWithDefaultBackfill();
};

void TestSandbox::demoProviderHasAPast()
{
    SandboxOptions o = smallOptions();
    o.backfillDays = 14;
    EngineFixture f;
    Sandbox s(*f.engine, o);
    QString error;
    QVERIFY2(s.prepare(&error), qPrintable(error));
    const qint64 demo = s.demoAccount(Role::Provider);
    // Weeks of ended rentals, so that the charts are full at first launch.
    const Result<QList<HostedRental>> rentals =
        f.engine->hostedRentals(demo, {0, MarketRules::MaxPageSize});
    QVERIFY(rentals.ok());
    QVERIFY2(rentals->size() >= 40, qPrintable(QString::number(rentals->size())));
    const Result<ProviderStats> stats = f.engine->providerStats(demo, {30});
    QVERIFY(stats.ok());
    int daysWithEarnings = 0;
    for (const StatsDay &d : stats->days) {
        daysWithEarnings += d.earningsCents > 0 ? 1 : 0;
        QVERIFY(d.utilisationBp >= 0 && d.utilisationBp <= 10'000);
    }
    QVERIFY2(daysWithEarnings >= 12, qPrintable(QString::number(daysWithEarnings)));
    QVERIFY(stats->last7DaysCents > 0);
    // One payout paid, one waiting for support; earnings left over.
    const Result<QList<Payout>> payouts = f.engine->providerPayouts(demo, {});
    QCOMPARE(payouts->size(), 2);
    QCOMPARE(payouts->at(0).state, PayoutState::Requested);
    QCOMPARE(payouts->at(1).state, PayoutState::Paid);
    QVERIFY(f.engine->balance(demo).earnings > 0);
    QCOMPARE(f.engine->balance(demo).payoutPending, payouts->at(0).amountCents);
    QCOMPARE(f.engine->balance(demo).available, 0);
    QVERIFY2(f.engine->checkInvariants().isEmpty(),
             qPrintable(f.engine->checkInvariants().join(u'\n')));
    const LedgerReport report = LedgerVerifier::verify(f.engine->database(), true);
    QVERIFY2(report.ok, qPrintable(report.problem));

    // Seeded: the same past again.
    EngineFixture g;
    Sandbox t(*g.engine, o);
    QVERIFY(t.prepare(&error));
    const Result<QList<HostedRental>> again =
        g.engine->hostedRentals(t.demoAccount(Role::Provider), {0, MarketRules::MaxPageSize});
    QCOMPARE(again->size(), rentals->size());
    QCOMPARE(again->last().startedMs, rentals->last().startedMs);
    QCOMPARE(g.engine->balance(t.demoAccount(Role::Provider)).earnings,
             f.engine->balance(demo).earnings);
}

void TestSandbox::demoAccounts()
{
    EngineFixture f;
    Sandbox s(*f.engine, smallOptions());
    QVERIFY(!s.isPrepared());
    QString error;
    QVERIFY2(s.prepare(&error), qPrintable(error));
    QVERIFY(s.isPrepared());

    QCOMPARE(Sandbox::demoEmail(Role::Customer), QStringLiteral("customer@sandbox.everx.cloud"));
    QCOMPARE(Sandbox::demoEmail(Role::Provider), QStringLiteral("provider@sandbox.everx.cloud"));
    QCOMPARE(Sandbox::demoEmail(Role::Support), QStringLiteral("support@sandbox.everx.cloud"));
    for (const Role role : {Role::Customer, Role::Provider, Role::Support}) {
        const std::optional<Account> a = f.engine->accountByEmail(Sandbox::demoEmail(role));
        QVERIFY(a);
        QCOMPARE(a->role, role);
        QCOMPARE(a->country, QStringLiteral("DE"));
        QCOMPARE(s.demoAccount(role), a->id);
        const Result<Account> signedIn = f.engine->authenticate(
            Sandbox::demoEmail(role), QString::fromLatin1(Sandbox::DemoPassword));
        QVERIFY(signedIn.ok());
        QCOMPARE(signedIn->id, a->id);
    }
    // The demo customer starts with 5,000.00 USD and nothing held; the others with nothing.
    const Balance customer = f.engine->balance(s.demoAccount(Role::Customer));
    QCOMPARE(customer.available, 500'000);
    QCOMPARE(customer.held, 0);
    QCOMPARE(f.engine->balance(s.demoAccount(Role::Support)).available, 0);
    QCOMPARE(f.engine->balance(s.demoAccount(Role::Provider)).available, 0);

    // A second support agent, and something for the first to approve: its goodwill credit to
    // the demo customer waits above the dual-control threshold (nothing moved yet).
    const Result<Account> second = f.engine->authenticate(
        Sandbox::secondSupportEmail(), QString::fromLatin1(Sandbox::DemoPassword));
    QVERIFY(second.ok());
    QCOMPARE(second->role, Role::Support);
    QCOMPARE(s.secondSupportAgent(), second->id);
    const QList<PendingAdjustment> pending = f.engine->pendingAdjustments();
    QCOMPARE(pending.size(), 1);
    QCOMPARE(pending[0].requestedBy, second->id);
    QCOMPARE(pending[0].accountId, s.demoAccount(Role::Customer));
    QVERIFY(pending[0].amountCents > f.engine->dualControlThreshold());

    // Each demo account has a name, the provider its company, as support's search finds them.
    QCOMPARE(f.engine->account(s.demoAccount(Role::Customer))->name,
             QStringLiteral("Dewi Lestari"));
    QCOMPARE(f.engine->account(s.demoAccount(Role::Provider))->company,
             QStringLiteral("Rheinland GPU Hosting"));
    QVERIFY(!f.engine->account(s.demoAccount(Role::Support))->name.isEmpty());
    QVERIFY(!second->name.isEmpty());
    // And a provider's application waits for an agent: pending, with its company, signed in to
    // with the demo password.
    const Result<Account> applicant = f.engine->authenticate(
        Sandbox::applicantEmail(), QString::fromLatin1(Sandbox::DemoPassword));
    QVERIFY(applicant.ok());
    QCOMPARE(applicant->role, Role::Provider);
    QCOMPARE(applicant->state, AccountState::Pending);
    QCOMPARE(applicant->company, QStringLiteral("Anadolu Bulut Bilişim"));

    // Synthetic traders exist beside them, with roles to match; nobody knows their passwords.
    const std::optional<Account> provider =
        f.engine->accountByEmail(QStringLiteral("provider-1@sandbox.everx.cloud"));
    QVERIFY(provider && provider->role == Role::Provider);
    const std::optional<Account> customer1 =
        f.engine->accountByEmail(QStringLiteral("customer-1@sandbox.everx.cloud"));
    QVERIFY(customer1 && customer1->role == Role::Customer);
    // Funded: what is not available is held, by its bids and the windows it reserved ahead.
    const Balance funded = f.engine->balance(customer1->id);
    QVERIFY(funded.available + funded.held >= 2'000'000);
    QVERIFY(!f.engine->authenticate(customer1->email, QString::fromLatin1(Sandbox::DemoPassword)));
    QVERIFY(accountCount(*f.engine) > 3 + 10);
    QVERIFY(f.engine->checkInvariants().isEmpty());
}

void TestSandbox::windowsAreReservedWhereWorkIsBusiest()
{
    // At first start customers have planned runs ahead: windows reserved in the next 14 days,
    // starting more often by day on weekdays (08:00 to 20:00 UTC) than at night or at weekends,
    // so that what a run costs by start has the shape of a real market.
    EngineFixture f;
    Sandbox s(*f.engine, smallOptions());
    QVERIFY(s.prepare());
    const qint64 now = f.clock.nowMs();
    int busy = 0, quiet = 0, windows = 0;
    for (const Rental &r : f.engine->runningRentals()) {
        if (r.state != RentalState::Reserved)
            continue;
        ++windows;
        QVERIFY(r.startedMs > now && r.startedMs % MarketRules::HourMs == 0);
        QVERIFY(r.startedMs < now + 15 * MarketRules::DayMs);
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(r.startedMs, QTimeZone::utc());
        const bool weekday = at.date().dayOfWeek() <= 5;
        const bool day = at.time().hour() >= 8 && at.time().hour() < 20;
        (weekday && day ? busy : quiet) += 1;
    }
    QVERIFY2(windows >= 500, qPrintable(QString::number(windows)));
    // Weekday days are 60 of the 168 hours of a week: per hour they take more starts.
    QVERIFY2(busy * 108 > quiet * 60 * 13 / 10, qPrintable(u"%1 %2"_s.arg(busy).arg(quiet)));
    QVERIFY(f.engine->checkInvariants().isEmpty());
}

void TestSandbox::everyGpuHasAsksAndBids()
{
    EngineFixture f;
    Sandbox s(*f.engine, smallOptions());
    QVERIFY(s.prepare());
    for (const GpuModel &g : f.engine->catalog().gpus()) {
        const OrderBook *book = f.engine->book(g.id);
        QVERIFY2(book && book->bestAsk(), qPrintable(g.id));
        QVERIFY2(book->orders(Side::Ask).size() >= 4, qPrintable(g.id)); // several servers
        // Opening bids at first start: every book two-sided, bids resting under the offers and
        // at most 4 % (and a cent of rounding) under the mid.
        QVERIFY2(book->bestBid(), qPrintable(g.id));
        QVERIFY2(*book->bestBid() < *book->bestAsk(), qPrintable(g.id));
        QVERIFY2(*book->bestBid() * 100 >= s.mid(g.id) * 96 - 100, qPrintable(g.id));
        // Asks near the process's mid, which is near the seeds' price.
        QVERIFY2(*book->bestAsk() >= s.mid(g.id), qPrintable(g.id));
        QVERIFY2(*book->bestAsk() <= s.mid(g.id) * 105 / 100 + 1, qPrintable(g.id));
        QVERIFY2(inBand(g, s.mid(g.id)), qPrintable(g.id));
        QVERIFY2(s.mid(g.id) * 10 >= g.fromPriceCents * 8, qPrintable(g.id));
        QVERIFY2(s.mid(g.id) * 10 <= g.fromPriceCents * 13, qPrintable(g.id));
    }
    QCOMPARE(s.mid(QStringLiteral("no-such-gpu")), 0);

    // The demo provider lists 8 H100 SXM and 4 RTX 4090, idle and on the book.
    const QList<Listing> demo = f.engine->listings(s.demoAccount(Role::Provider));
    QCOMPARE(demo.size(), 2);
    QCOMPARE(demo[0].gpu, QStringLiteral("h100-sxm"));
    QCOMPARE(demo[0].gpuCount, 8);
    QCOMPARE(demo[1].gpu, QStringLiteral("rtx-4090"));
    QCOMPARE(demo[1].gpuCount, 4);
    for (const Listing &l : demo) {
        QCOMPARE(l.state, ListingState::Active);
        const GpuModel *g = f.engine->catalog().find(l.gpu);
        QVERIFY(l.askCents * 10 >= g->fromPriceCents * 9
                && l.askCents * 10 <= g->fromPriceCents * 13);
    }
    // Synthetic providers list several servers each.
    const std::optional<Account> p1 =
        f.engine->accountByEmail(QStringLiteral("provider-1@sandbox.everx.cloud"));
    QVERIFY(f.engine->listings(p1->id).size() >= 3);
    QVERIFY(f.engine->listings().size() >= 15 * 3 + 2);
}

void TestSandbox::serversOfEverySizeAndClusters()
{
    EngineFixture f;
    Sandbox s(*f.engine, smallOptions());
    QVERIFY(s.prepare());
    // Servers of 1, 2, 4 and 8 GPUs, so that the books keep blocks of every size.
    QSet<qint32> sizes;
    QHash<QString, QList<Listing>> clusters;
    for (const Listing &l : f.engine->listings()) {
        sizes.insert(l.gpuCount);
        if (!l.cluster.isEmpty())
            clusters[l.cluster].append(l);
    }
    QCOMPARE(sizes, (QSet<qint32> {1, 2, 4, 8}));
    // Two providers' clusters: 4 x 8 H100 SXM and 2 x 8 MI300X, InfiniBand at 400 Gb/s.
    QCOMPARE(clusters.value(u"h100-ib-1"_s).size(), 4);
    QCOMPARE(clusters.value(u"mi300x-ib-1"_s).size(), 2);
    for (const QList<Listing> &members : std::as_const(clusters)) {
        for (const Listing &l : members) {
            QCOMPARE(l.gpuCount, 8);
            QCOMPARE(l.fabric, Fabric::InfiniBand);
            QCOMPARE(l.fabricGbps, 400);
            QCOMPARE(l.providerId, members.first().providerId);
            QCOMPARE(l.region, members.first().region);
        }
    }
    QCOMPARE(clusters.value(u"h100-ib-1"_s).first().gpu, u"h100-sxm"_s);
    QCOMPARE(clusters.value(u"mi300x-ib-1"_s).first().gpu, u"mi300x"_s);
    // 32 H100 on one cluster can be quoted whole.
    const Result<PlacementQuote> q = f.engine->quote(0, {u"h100-sxm"_s, 32, 1, Placement::Cluster});
    QVERIFY(q);
    QVERIFY(q->available);
    // A second start lists them no more.
    const qsizetype listings = f.engine->listings().size();
    Sandbox again(*f.engine, smallOptions());
    QVERIFY(again.prepare());
    QCOMPARE(f.engine->listings().size(), listings);

    // The simulated traders use all three placements.
    f.engine->takeChanges();
    QSet<Placement> placements;
    for (int i = 0; i < 300 && placements.size() < 3; ++i) {
        f.clock.advance(3 * MinuteMs);
        s.step();
        for (const BidOrder &o : f.engine->takeChanges().orders)
            placements.insert(o.placement);
    }
    QCOMPARE(placements, (QSet<Placement> {Placement::Any, Placement::Server, Placement::Cluster}));
    QCOMPARE(f.engine->checkInvariants(), QStringList());
}

void TestSandbox::historyForEveryGpu()
{
    EngineFixture f;
    Sandbox s(*f.engine, smallOptions());
    QVERIFY(s.prepare());
    const QList<Trade> history = historyTrades(*f.engine);
    QVERIFY(!history.isEmpty());
    QCOMPARE(liveTrades(*f.engine).size(), 0); // listing into an empty bid side trades nothing
    QHash<QString, qsizetype> perGpu;
    for (const Trade &t : history) {
        QVERIFY(t.timeMs > T0 - 3 * DayMs && t.timeMs <= T0);
        QVERIFY(t.quantity >= 1 && t.quantity <= 8);
        QVERIFY(t.hours >= 1 && t.hours <= 24);
        QVERIFY(t.orderId == 0 && t.listingId == 0 && t.rentalId == 0);
        const GpuModel *g = f.engine->catalog().find(t.gpu);
        QVERIFY(g);
        QVERIFY2(inBand(*g, t.priceCents), qPrintable(t.gpu));
        ++perGpu[t.gpu];
    }

    MarketData md(f.engine->catalog());
    QVERIFY(md.load(f.engine->database(), f.clock.nowMs()));
    for (const GpuModel &g : f.engine->catalog().gpus()) {
        // A few to a few dozen trades an hour: at least two, on average, for the quietest GPU.
        QVERIFY2(perGpu.value(g.id) >= 2 * 72, qPrintable(g.id));
        QVERIFY2(perGpu.value(g.id) <= 30 * 72, qPrintable(g.id));
        QVERIFY2(md.candles(g.id, CandleInterval::Day).size() >= 3, qPrintable(g.id));
        // Most hours of the three days have a candle, so charts look continuous.
        QVERIFY2(md.candles(g.id, CandleInterval::Hour).size() >= 48, qPrintable(g.id));
        // The process at now continues from the backfill's last prices.
        const Cents last = *md.ticker(g.id, nullptr, f.clock.nowMs()).last;
        QVERIFY2(qAbs(last - s.mid(g.id)) * 100 <= s.mid(g.id) * 6 + 100, qPrintable(g.id));
    }
    // Busier for cheap GPUs.
    QVERIFY(perGpu.value(QStringLiteral("rtx-4090")) > 2 * perGpu.value(QStringLiteral("b300")));
}

void TestSandbox::stepsTradeAndKeepInvariants()
{
    EngineFixture f;
    Sandbox s(*f.engine, smallOptions());
    QVERIFY(s.prepare());
    QCOMPARE(f.engine->checkInvariants(), QStringList());
    f.engine->takeChanges();

    QSignalSpy stepped(&s, &Sandbox::stepped);
    QHash<QString, std::pair<Cents, Cents>> midRange; // lowest and highest mid seen
    qsizetype trades = 0;
    for (int i = 0; i < 300; ++i) {
        f.clock.advance(3 * MinuteMs);
        s.step();
        trades += f.engine->takeChanges().trades.size();
        for (const GpuModel &g : f.engine->catalog().gpus()) {
            const Cents m = s.mid(g.id);
            auto &range = midRange[g.id];
            range = i == 0 ? std::pair {m, m}
                           : std::pair {std::min(range.first, m), std::max(range.second, m)};
        }
        if (i % 50 == 49)
            QCOMPARE(f.engine->checkInvariants(), QStringList());
    }
    QCOMPARE(stepped.size(), 300);
    QCOMPARE(f.engine->checkInvariants(), QStringList());
    qint64 bad = 0;
    QVERIFY(f.engine->database().verifyChain(&bad) > 0);

    // The market traded, at plausible prices, in many GPUs.
    const QList<Trade> live = liveTrades(*f.engine);
    QCOMPARE(live.size(), trades);
    QVERIFY2(live.size() >= 100, qPrintable(QString::number(live.size())));
    QSet<QString> tradedGpus;
    bool sawSellerAggressor = false;
    for (const Trade &t : live) {
        const GpuModel *g = f.engine->catalog().find(t.gpu);
        QVERIFY2(inBand(*g, t.priceCents),
                 qPrintable(QStringLiteral("%1 at %2").arg(t.gpu).arg(t.priceCents)));
        QVERIFY(t.timeMs > T0 && t.timeMs <= f.clock.nowMs());
        tradedGpus.insert(t.gpu);
        sawSellerAggressor = sawSellerAggressor || t.aggressor == SellerAggressor;
    }
    QVERIFY(tradedGpus.size() >= 10);
    QVERIFY(sawSellerAggressor); // providers' reprices (or returning GPUs) meet resting bids
    // The process moved, within the band.
    int moved = 0;
    for (const GpuModel &g : f.engine->catalog().gpus()) {
        const auto [low, high] = midRange.value(g.id);
        QVERIFY2(inBand(g, low) && inBand(g, high), qPrintable(g.id));
        moved += high > low ? 1 : 0;
    }
    QVERIFY(moved >= 10);
    // Synthetic customers rent, bid and cancel; the books show both sides.
    QVERIFY(!f.engine->runningRentals().isEmpty());
    QVERIFY(!f.engine->openOrders().isEmpty());
    int twoSided = 0;
    for (const GpuModel &g : f.engine->catalog().gpus())
        twoSided += f.engine->book(g.id)->bestBid() && f.engine->book(g.id)->bestAsk() ? 1 : 0;
    QVERIFY(twoSided >= 8);
    // The demo accounts are the user's: the simulation never acts for them.
    QCOMPARE(f.engine->balance(s.demoAccount(Role::Customer)).available, 500'000);
    QVERIFY(f.engine->openOrders(s.demoAccount(Role::Customer)).isEmpty());
}

// A step's operations (three to eight) and its due events commit in one transaction; a step
// whose commit fails is undone whole, and the next one trades as usual.
void TestSandbox::aStepCommitsOnce()
{
    EngineFixture f;
    Sandbox s(*f.engine, smallOptions());
    QVERIFY(s.prepare());
    int commits = 0;
    f.engine->setCommitObserver([&commits](qint64, bool) { ++commits; });
    constexpr int Steps = 20;
    qsizetype changed = 0;
    for (int i = 0; i < Steps; ++i) {
        f.clock.advance(3 * MinuteMs);
        const int before = commits;
        s.step();
        QVERIFY2(commits - before <= 1, qPrintable(QString::number(commits - before)));
        const EngineChanges c = f.engine->takeChanges();
        changed += c.orders.size() + c.listings.size();
    }
    QVERIFY2(changed > Steps, qPrintable(QString::number(changed))); // several operations a step
    QVERIFY(commits > 0);

    const QString before = stateFingerprint(*f.engine);
    f.engine->database().failNextCommit();
    QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(QStringLiteral("commit failed")));
    f.clock.advance(3 * MinuteMs);
    s.step();
    QCOMPARE(stateFingerprint(*f.engine), before);
    QCOMPARE(f.engine->checkInvariants(), QStringList());
    const qsizetype trades = liveTrades(*f.engine).size();
    run(f, s, 40);
    QVERIFY(liveTrades(*f.engine).size() > trades);
    f.engine->setCommitObserver({});
}

void TestSandbox::refusalsDoNotStopTheMarket()
{
    // The clock jumps hours between steps: bids' expiries computed from the sandbox's last view
    // of the time can be refused, rentals end in between, servers are sold out. The market goes
    // on.
    EngineFixture f;
    Sandbox s(*f.engine, smallOptions(5));
    QVERIFY(s.prepare());
    run(f, s, 40, 5 * 60);
    QCOMPARE(f.engine->checkInvariants(), QStringList());
    qsizetype before = liveTrades(*f.engine).size();
    run(f, s, 60, 2);
    QVERIFY(liveTrades(*f.engine).size() > before);
    QCOMPARE(f.engine->checkInvariants(), QStringList());
    for (const GpuModel &g : f.engine->catalog().gpus())
        QVERIFY2(inBand(g, s.mid(g.id)), qPrintable(g.id));

    // An engine that refuses everything (closed): steps still run to the end and report.
    QSignalSpy stepped(&s, &Sandbox::stepped);
    f.engine->close();
    run(f, s, 5);
    QCOMPARE(stepped.size(), 5);
    // Opened again, the same sandbox trades on.
    ExchangeEngine::Options o;
    o.database.location = f.path;
    o.database.durable = false;
    o.passwordLog2N = 4;
    QVERIFY(f.engine->open(o));
    before = liveTrades(*f.engine).size();
    run(f, s, 60, 2);
    QVERIFY(liveTrades(*f.engine).size() > before);
    QCOMPARE(f.engine->checkInvariants(), QStringList());
}

void TestSandbox::secondPrepareCreatesNothing()
{
    EngineFixture f;
    QString error;
    auto first = std::make_unique<Sandbox>(*f.engine, smallOptions());
    QVERIFY2(first->prepare(&error), qPrintable(error));
    run(f, *first, 30);
    const qint64 demoCustomer = first->demoAccount(Role::Customer);
    const qsizetype accounts = accountCount(*f.engine);
    const qsizetype listings = f.engine->listings().size();
    const qsizetype history = historyTrades(*f.engine).size();
    const qsizetype demoEntries = f.engine->database().entries(demoCustomer).size();
    const qint64 customer1 =
        f.engine->accountByEmail(QStringLiteral("customer-1@sandbox.everx.cloud"))->id;
    const qsizetype customerEntries = f.engine->database().entries(customer1).size();
    const qsizetype providerListings =
        f.engine->listings(first->demoAccount(Role::Provider)).size();
    first.reset();

    QVERIFY(f.reopen());
    Sandbox second(*f.engine, smallOptions());
    QVERIFY2(second.prepare(&error), qPrintable(error));
    QCOMPARE(second.demoAccount(Role::Customer), demoCustomer);
    QCOMPARE(accountCount(*f.engine), accounts);
    QCOMPARE(f.engine->listings().size(), listings);
    QCOMPARE(f.engine->listings(second.demoAccount(Role::Provider)).size(), providerListings);
    QCOMPARE(historyTrades(*f.engine).size(), history);
    QCOMPARE(f.engine->database().entries(demoCustomer).size(), demoEntries); // no second top-up
    QCOMPARE(f.engine->database().entries(customer1).size(), customerEntries);
    QCOMPARE(f.engine->pendingAdjustments().size(), 1); // not asked for twice
    QCOMPARE(f.engine->checkInvariants(), QStringList());

    // The process resumes from each GPU's last trade.
    MarketData md(f.engine->catalog());
    QVERIFY(md.load(f.engine->database(), f.clock.nowMs()));
    for (const GpuModel &g : f.engine->catalog().gpus()) {
        const Cents last = *md.ticker(g.id, nullptr, f.clock.nowMs()).last;
        QCOMPARE(second.mid(g.id), last);
    }

    // And trades on.
    const qsizetype live = liveTrades(*f.engine).size();
    run(f, second, 60);
    QVERIFY(liveTrades(*f.engine).size() > live);
    QCOMPARE(f.engine->checkInvariants(), QStringList());
    QCOMPARE(accountCount(*f.engine), accounts);

    QVERIFY(second.prepare()); // prepared already: nothing happens
    QCOMPARE(f.engine->database().entries(demoCustomer).size(), demoEntries);
}

void TestSandbox::sameSeedSameMarket()
{
    const auto market = [](quint32 seed) {
        EngineFixture f;
        Sandbox s(*f.engine, smallOptions(seed));
        if (!s.prepare())
            return QStringList {QStringLiteral("prepare failed")};
        run(f, s, 100);
        QStringList out = describe(f.engine->database().trades(QString(), 0));
        out << stateFingerprint(*f.engine).split(u'\n');
        for (const GpuModel &g : f.engine->catalog().gpus())
            out << QStringLiteral("mid %1 %2").arg(g.id).arg(s.mid(g.id));
        return out;
    };
    const QStringList a = market(42);
    const QStringList b = market(42);
    QVERIFY(a.size() > 1'000);
    QCOMPARE(a.size(), b.size());
    for (qsizetype i = 0; i < a.size(); ++i)
        QCOMPARE(a[i], b[i]);
    // Another seed is another market (so the comparison above compares something).
    const QStringList c = market(43);
    QVERIFY(a != c);
}

void TestSandbox::timerSteps()
{
    EngineFixture f;
    SandboxOptions o = smallOptions();
    o.stepIntervalMs = 5;
    Sandbox s(*f.engine, o);
    QVERIFY(s.prepare());
    QSignalSpy stepped(&s, &Sandbox::stepped);
    s.start();
    QVERIFY(stepped.wait(2'000));
    QTRY_VERIFY_WITH_TIMEOUT(stepped.size() >= 3, 2'000);
    s.stop();
    const qsizetype count = stepped.size();
    QTest::qWait(50);
    QCOMPARE(stepped.size(), count);

    // Not prepared: step() does nothing and emits nothing.
    EngineFixture g;
    Sandbox idle(*g.engine, o);
    QSignalSpy idleSteps(&idle, &Sandbox::stepped);
    idle.step();
    QCOMPARE(idleSteps.size(), 0);
    QVERIFY(g.engine->listings().isEmpty());
}

void TestSandbox::firstStartWithDefaultBackfill()
{
    EngineFixture f(true); // durable, as the desk runs it
    Sandbox s(*f.engine, SandboxOptions {});
    QElapsedTimer timer;
    timer.start();
    QString error;
    QVERIFY2(s.prepare(&error), qPrintable(error));
    const qint64 prepareMs = timer.elapsed();
    const QList<Trade> history = historyTrades(*f.engine);
    QElapsedTimer loadTimer;
    loadTimer.start();
    MarketData md(f.engine->catalog());
    QVERIFY(md.load(f.engine->database(), f.clock.nowMs()));
    const qint64 loadMs = loadTimer.elapsed();
    qInfo("first start with %d days of history: prepare %lld ms (password hashing at the "
          "fixture's 2^4), %lld history trades; market data load %lld ms",
          SandboxOptions {}.backfillDays, prepareMs, qint64(history.size()), loadMs);
    QVERIFY(history.size() >= 50'000);
    QVERIFY(history.size() <= 150'000);
    QVERIFY(history.first().timeMs > T0 - 42 * DayMs);
    for (const GpuModel &g : f.engine->catalog().gpus()) {
        QVERIFY2(md.candles(g.id, CandleInterval::Day).size() >= 42, qPrintable(g.id));
        QVERIFY2(md.candles(g.id, CandleInterval::Hour).size() >= 42 * 24 * 2 / 3,
                 qPrintable(g.id));
        for (const Candle &c : md.candles(g.id, CandleInterval::Day))
            QVERIFY2(inBand(g, c.low) && inBand(g, c.high), qPrintable(g.id));
    }
    QCOMPARE(f.engine->checkInvariants(), QStringList());
}

QTEST_GUILESS_MAIN(TestSandbox)
#include "tst_sandbox.moc"
