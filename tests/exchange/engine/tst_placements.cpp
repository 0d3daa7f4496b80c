// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Placements (docs/architecture.md "The market"): an order's GPUs from one server or one cluster,
// all or none, each listing at its own price; clusters; market.quote; the book's blocks. First the
// index the engine finds placements with, then the engine's rules one at a time.

#include "../../fixtures/enginefixture.h"

#include "engine/orderbook.h"
#include "engine/placementindex.h"
#include "market/marketrules.h"
#include "market/money.h"

#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;
using Leg = PlacementIndex::Leg;

namespace {
const QString H100 = QStringLiteral("h100-sxm");
const QString MI300X = QStringLiteral("mi300x");
} // namespace

class TestPlacements : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<EngineFixture> f;
    qint64 p1 = 0, p2 = 0, de = 0, us = 0;
    const Cents funds = 1'000'000;

    qint64 listIn(qint64 provider, qint32 gpus, Cents price, const QString &cluster = {},
                  const QString &gpu = H100)
    {
        const qint64 id = f->list(provider, gpu, gpus, price);
        if (id && !cluster.isEmpty()
            && !f->engine->setListingCluster(provider, {id, cluster, Fabric::InfiniBand, 400}))
            return 0;
        return id;
    }

    Result<OrderPlaced> place(qint64 account, qint32 gpus, Cents price, Placement placement,
                              OrderKind kind = OrderKind::Limit, qint32 hours = 2,
                              const QString &clientId = {})
    {
        BidRequest r;
        r.gpu = H100;
        r.kind = kind;
        r.quantity = gpus;
        r.hours = hours;
        r.limitCents = price;
        r.placement = placement;
        r.clientOrderId = clientId;
        return f->engine->placeBid(account, r);
    }

    // What `legs` cost for `hours` with the account's tax, as its rentals hold it.
    static Cents cost(const QList<std::pair<qint32, Cents>> &legs, qint32 hours, int taxBp)
    {
        Cents total = 0;
        for (const auto &[gpus, price] : legs)
            total += MarketRules::orderCost(gpus, hours, price, taxBp).total;
        return total;
    }

private slots:
    void init();
    void cleanup();

    void indexFindsOneServer();
    void indexKeepsTimePriorityWithinALevel();
    void indexFindsTheCheapestCluster();
    void indexBlocks();

    void serverBuyNowTakesOneListing();
    void anyBuyNowSpansServers();
    void buyNowWithoutAPlacementFillsNothing();
    void placementSpansPriceLevels();
    void limitBidWaitsUntilAWholeServerComes();
    void limitBidAtItsPriceOnly();
    void clusterOrderDrawsFromOneCluster();
    void clusterRules();
    void ownListingsAreNeverTaken();
    void waitingBidCancelsAndExpires();
    void waitingBidsSurviveARestart();
    void duplicateClientIdPlacesNothing();
    void quoteCostsThePlacement();
    void quoteRefusals();
    void windowsPriceEveryStart();
    void windowsRefusals();
};

void TestPlacements::init()
{
    f = std::make_unique<EngineFixture>();
    p1 = f->newAccount(QStringLiteral("p1@provider.io"), Role::Provider, QStringLiteral("TR"));
    p2 = f->newAccount(QStringLiteral("p2@provider.io"), Role::Provider, QStringLiteral("ID"));
    de = f->funded(QStringLiteral("de@customer.io"), funds, QStringLiteral("DE")); // 19 % VAT
    us = f->funded(QStringLiteral("us@customer.io"), funds, QStringLiteral("US")); // no tax
    QVERIFY(p1 && p2 && de && us);
}

void TestPlacements::cleanup()
{
    if (f && f->engine->isOpen()) {
        const QStringList problems = f->engine->checkInvariants();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
    f.reset();
}

// --- the index ------------------------------------------------------------------------------

void TestPlacements::indexFindsOneServer()
{
    PlacementIndex index;
    index.set(1, 100, 300, 5, 0);
    index.set(2, 100, 290, 3, 0);
    index.set(3, 200, 310, 8, 0);
    // The cheapest listing that holds all 8 is the dearest one here.
    QCOMPARE(index.server(8, 400, 0), (std::vector<Leg> {{3, 8, 310}}));
    QCOMPARE(index.server(4, 400, 0), (std::vector<Leg> {{1, 4, 300}}));
    QCOMPARE(index.server(3, 400, 0), (std::vector<Leg> {{2, 3, 290}}));
    // Not at or below the price, not of the excluded owner, not more than any one server has.
    QVERIFY(index.server(8, 309, 0).empty());
    QVERIFY(index.server(8, 400, 200).empty());
    QVERIFY(index.server(9, 400, 0).empty());
    // Any: the cheapest GPUs wherever they are, all or none.
    QCOMPARE(index.any(8, 400, 0), (std::vector<Leg> {{2, 3, 290}, {1, 5, 300}}));
    QVERIFY(index.any(17, 400, 0).empty());
    // A listing whose GPUs are all taken leaves.
    index.set(3, 200, 310, 0, 0);
    QVERIFY(index.server(8, 400, 0).empty());
    QCOMPARE(index.idle(3), 0);
    QCOMPARE(index.idle(1), 5);
}

void TestPlacements::indexKeepsTimePriorityWithinALevel()
{
    PlacementIndex index;
    index.set(1, 100, 300, 4, 0);
    index.set(2, 101, 300, 8, 0);
    index.set(3, 102, 300, 4, 0);
    QCOMPARE(index.server(4, 300, 0), (std::vector<Leg> {{1, 4, 300}}));
    // Fewer idle GPUs keep the listing's place; none and back again is the back of the level.
    index.set(1, 100, 300, 2, 0);
    QCOMPARE(index.server(2, 300, 0), (std::vector<Leg> {{1, 2, 300}}));
    QCOMPARE(index.server(4, 300, 0), (std::vector<Leg> {{2, 4, 300}}));
    index.set(2, 101, 300, 0, 0);
    index.set(2, 101, 300, 8, 0);
    QCOMPARE(index.server(4, 300, 0), (std::vector<Leg> {{3, 4, 300}}));
    // A new price is a new place: listing 3 repriced and back is behind listing 2.
    index.set(3, 102, 301, 4, 0);
    index.set(3, 102, 300, 4, 0);
    QCOMPARE(index.server(4, 300, 0), (std::vector<Leg> {{2, 4, 300}}));
    QCOMPARE(index.levels(),
             (std::vector<std::pair<qint32, qint64>> {{300, 1}, {300, 2}, {300, 3}}));
}

void TestPlacements::indexFindsTheCheapestCluster()
{
    PlacementIndex index;
    // Cluster 1: 4 at 300 and 4 at 320 (total per hour 2,480). Cluster 2: 8 at 310 (2,480 too,
    // but its first leg rests later). Cluster 3: 2 at 200, too few for 8.
    index.set(1, 100, 300, 4, 1);
    index.set(2, 100, 320, 4, 1);
    index.set(3, 200, 200, 2, 3);
    index.set(4, 300, 310, 8, 2);
    index.set(5, 400, 100, 8, 0); // no cluster: never in a cluster order
    QCOMPARE(index.cluster(8, 400, 0), (std::vector<Leg> {{1, 4, 300}, {2, 4, 320}}));
    // Cheaper per hour: cluster 2 at 305 now.
    index.set(4, 300, 305, 8, 2);
    QCOMPARE(index.cluster(8, 400, 0), (std::vector<Leg> {{4, 8, 305}}));
    // Every leg at or below the limit: at 310 cluster 1's 320 leg is out, cluster 2 stays.
    QCOMPARE(index.cluster(8, 310, 0), (std::vector<Leg> {{4, 8, 305}}));
    QVERIFY(index.cluster(8, 304, 0).empty());
    QVERIFY(index.cluster(8, 400, 300).size() == 2); // cluster 2's owner excluded
    QCOMPARE(index.cluster(2, 400, 0), (std::vector<Leg> {{3, 2, 200}}));
}

void TestPlacements::indexBlocks()
{
    PlacementIndex index;
    QCOMPARE(index.block(300), 0);
    index.set(1, 100, 300, 3, 0);
    index.set(2, 101, 300, 5, 0);
    index.set(3, 102, 310, 8, 0);
    QCOMPARE(index.block(300), 5);
    QCOMPARE(index.block(310), 8);
    index.set(2, 101, 300, 1, 0);
    QCOMPARE(index.block(300), 3);
    index.remove(1);
    QCOMPARE(index.block(300), 1);
    index.remove(2);
    QCOMPARE(index.block(300), 0);
}

// --- the engine -----------------------------------------------------------------------------

void TestPlacements::serverBuyNowTakesOneListing()
{
    // The case: 5 GPUs in one place, 3 in another, and a server of 8 dearer.
    const qint64 a = listIn(p1, 5, 300);
    const qint64 b = listIn(p2, 3, 290);
    const qint64 c = listIn(p2, 8, 310);
    QVERIFY(a && b && c);
    const Result<OrderPlaced> r = place(us, 8, 320, Placement::Server, OrderKind::BuyNow);
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    QCOMPARE(r->order.state, OrderState::Filled);
    QCOMPARE(r->order.placement, Placement::Server);
    QCOMPARE(r->rentals.size(), 1);
    QCOMPARE(r->rentals[0].listingId, c);
    QCOMPARE(r->rentals[0].gpus, 8);
    QCOMPARE(r->rentals[0].priceCents, 310); // the listing's price, not the cap
    // The hold is the rentals' own: the cap's surplus went back at once.
    const Cents held = cost({{8, 310}}, 2, 0);
    QCOMPARE(f->engine->balance(us).available, funds - held);
    QCOMPARE(f->engine->listing(c)->rentedGpus, 8);
    QCOMPARE(f->engine->listing(a)->rentedGpus, 0);
    QCOMPARE(f->engine->book(H100)->bestAsk(), std::optional<qint32>(290));
}

void TestPlacements::anyBuyNowSpansServers()
{
    const qint64 a = listIn(p1, 5, 300);
    const qint64 b = listIn(p2, 3, 290);
    QVERIFY(a && b);
    const Result<OrderPlaced> r = place(us, 8, 320, Placement::Any, OrderKind::BuyNow);
    QVERIFY(r);
    QCOMPARE(r->order.state, OrderState::Filled);
    QCOMPARE(r->rentals.size(), 2);
    QCOMPARE(r->rentals[0].listingId, b);
    QCOMPARE(r->rentals[1].listingId, a);
}

void TestPlacements::buyNowWithoutAPlacementFillsNothing()
{
    listIn(p1, 5, 300);
    listIn(p2, 3, 290);
    const qint64 c = listIn(p2, 8, 310);
    const Cents before = f->engine->balance(de).available;
    // The one server of 8 asks 3.10; a cap of 3.05 takes no whole placement, so nothing at all.
    const Result<OrderPlaced> r = place(de, 8, 305, Placement::Server, OrderKind::BuyNow);
    QVERIFY(r);
    QCOMPARE(r->order.state, OrderState::Cancelled);
    QCOMPARE(r->order.closeReason, u"no_placement"_s);
    QCOMPARE(r->order.filled, 0);
    QVERIFY(r->rentals.isEmpty());
    QCOMPARE(f->engine->balance(de).available, before);
    QCOMPARE(f->engine->balance(de).held, 0);
    QCOMPARE(f->engine->listing(c)->rentedGpus, 0);
    // More GPUs than any server has: none either.
    const Result<OrderPlaced> nine = place(de, 9, 400, Placement::Server, OrderKind::BuyNow);
    QVERIFY(nine);
    QCOMPARE(nine->order.closeReason, u"no_placement"_s);
    QCOMPARE(f->engine->balance(de).available, before);
    QCOMPARE(f->engine->balance(de).held, 0);
}

void TestPlacements::placementSpansPriceLevels()
{
    // One cluster of two servers at two prices: an order of 8 takes both, each at its own price.
    const qint64 a = listIn(p1, 4, 300, QStringLiteral("fra-1"));
    const qint64 b = listIn(p1, 4, 330, QStringLiteral("fra-1"));
    QVERIFY(a && b);
    const Result<OrderPlaced> r = place(de, 8, 340, Placement::Cluster, OrderKind::BuyNow, 3);
    QVERIFY(r);
    QCOMPARE(r->order.state, OrderState::Filled);
    QCOMPARE(r->rentals.size(), 2);
    QCOMPARE(r->rentals[0].priceCents, 300);
    QCOMPARE(r->rentals[1].priceCents, 330);
    QCOMPARE(f->engine->balance(de).available, funds - cost({{4, 300}, {4, 330}}, 3, 1900));
}

void TestPlacements::limitBidWaitsUntilAWholeServerComes()
{
    listIn(p1, 5, 300);
    listIn(p2, 3, 290);
    const Result<OrderPlaced> r = place(de, 8, 320, Placement::Server);
    QVERIFY(r);
    QCOMPARE(r->order.state, OrderState::Open);
    QVERIFY(r->rentals.isEmpty());
    // It waits beside the book: its price crosses the asks, yet nothing traded.
    QCOMPARE(f->engine->book(H100)->bestBid(), std::nullopt);
    QCOMPARE(f->engine->waitingOrders(H100).size(), 1);
    const Cents hold = MarketRules::orderCost(8, 2, 320, 1900).total;
    QCOMPARE(f->engine->balance(de).held, hold);
    // A server of 8 at 3.15 comes: the bid fills at once, at that server's price.
    const qint64 c = listIn(p2, 8, 315);
    const std::optional<BidOrder> open = f->engine->openOrder(r->order.id);
    QVERIFY(!open);
    QCOMPARE(f->engine->listing(c)->rentedGpus, 8);
    QVERIFY(f->engine->waitingOrders(H100).isEmpty());
    const QList<Rental> rentals = f->engine->runningRentals(de);
    QCOMPARE(rentals.size(), 1);
    QCOMPARE(rentals[0].priceCents, 315);
    QCOMPARE(rentals[0].gpus, 8);
    QCOMPARE(f->engine->balance(de).available, funds - cost({{8, 315}}, 2, 1900));
}

void TestPlacements::limitBidAtItsPriceOnly()
{
    const Result<OrderPlaced> r = place(us, 4, 300, Placement::Server);
    QVERIFY(r);
    QCOMPARE(r->order.state, OrderState::Open);
    // Dearer servers and too-small ones leave it waiting; a server at its price fills it.
    const qint64 dear = listIn(p1, 8, 301);
    listIn(p2, 3, 250);
    QVERIFY(f->engine->openOrder(r->order.id));
    const qint64 fits = listIn(p2, 4, 300);
    QVERIFY(!f->engine->openOrder(r->order.id));
    QCOMPARE(f->engine->listing(fits)->rentedGpus, 4);
    // A cheaper repriced server fills the next one, at its new price.
    const Result<OrderPlaced> next = place(us, 8, 300, Placement::Server);
    QVERIFY(next);
    QCOMPARE(next->order.state, OrderState::Open);
    QVERIFY(f->engine->repriceListing(p1, dear, 299));
    QVERIFY(!f->engine->openOrder(next->order.id));
    QCOMPARE(f->engine->listing(dear)->rentedGpus, 8);
}

void TestPlacements::clusterOrderDrawsFromOneCluster()
{
    // Provider 1: cluster fra-1 of two 4-GPU servers; provider 2: a cluster ams-1 of one 4-GPU
    // server and a loose server of 4. Together 16 GPUs, but only fra-1 holds 8 in one cluster.
    const qint64 a = listIn(p1, 4, 320, QStringLiteral("fra-1"));
    const qint64 b = listIn(p1, 4, 320, QStringLiteral("fra-1"));
    const qint64 c = listIn(p2, 4, 250, QStringLiteral("ams-1"));
    const qint64 d = listIn(p2, 4, 250);
    QVERIFY(a && b && c && d);
    const Result<OrderPlaced> r = place(us, 8, 400, Placement::Cluster, OrderKind::BuyNow);
    QVERIFY(r);
    QCOMPARE(r->order.state, OrderState::Filled);
    QCOMPARE(r->rentals.size(), 2);
    QCOMPARE(QSet<qint64>({r->rentals[0].listingId, r->rentals[1].listingId}),
             QSet<qint64>({a, b}));
    // The same name at another provider is another cluster: p2 joins its loose server to
    // "fra-1" of its own, and an order of 8 finds p2's 4 + 4 and not p1's (now rented).
    QVERIFY(
        f->engine->setListingCluster(p2, {d, QStringLiteral("ams-1"), Fabric::InfiniBand, 400}));
    const Result<OrderPlaced> next = place(us, 8, 400, Placement::Cluster, OrderKind::BuyNow);
    QVERIFY(next);
    QCOMPARE(next->order.state, OrderState::Filled);
    QCOMPARE(QSet<qint64>({next->rentals[0].listingId, next->rentals[1].listingId}),
             QSet<qint64>({c, d}));
}

void TestPlacements::clusterRules()
{
    const qint64 a = listIn(p1, 8, 300, QStringLiteral("fra-1"));
    const qint64 other = f->list(p1, MI300X, 8, 300);
    const qint64 loose = f->list(p1, H100, 8, 300);
    QVERIFY(a && other && loose);
    QCOMPARE(f->engine->listing(a)->cluster, u"fra-1"_s);
    QCOMPARE(f->engine->listing(a)->fabric, Fabric::InfiniBand);
    QCOMPARE(f->engine->listing(a)->fabricGbps, 400);
    const auto refusal = [&](qint64 actor, const ListingCluster &c) {
        const Result<Listing> r = f->engine->setListingCluster(actor, c);
        return r ? ErrorCode::Internal : r.error().code;
    };
    // Another GPU, another fabric or speed: not one cluster.
    QCOMPARE(refusal(p1, {other, u"fra-1"_s, Fabric::InfiniBand, 400}), ErrorCode::InvalidArgument);
    QCOMPARE(refusal(p1, {loose, u"fra-1"_s, Fabric::RoCE, 400}), ErrorCode::InvalidArgument);
    QCOMPARE(refusal(p1, {loose, u"fra-1"_s, Fabric::InfiniBand, 200}), ErrorCode::InvalidArgument);
    QCOMPARE(refusal(p1, {loose, u"fra-1"_s, Fabric::None, 0}), ErrorCode::InvalidArgument);
    QCOMPARE(refusal(p1, {loose, u"x\u202Ey"_s, Fabric::InfiniBand, 400}),
             ErrorCode::InvalidArgument);
    // Not the caller's listing; a customer; no such listing.
    QCOMPARE(refusal(p2, {loose, u"fra-1"_s, Fabric::InfiniBand, 400}), ErrorCode::NotOwner);
    QCOMPARE(refusal(us, {loose, u"fra-1"_s, Fabric::InfiniBand, 400}), ErrorCode::Forbidden);
    QCOMPARE(refusal(p1, {999, u"fra-1"_s, Fabric::InfiniBand, 400}), ErrorCode::UnknownListing);
    QCOMPARE(f->engine->listing(loose)->cluster, QString());
    // Joining and leaving.
    QVERIFY(f->engine->setListingCluster(p1, {loose, u"fra-1"_s, Fabric::InfiniBand, 400}));
    QCOMPARE(f->engine->listing(loose)->cluster, u"fra-1"_s);
    QVERIFY(f->engine->setListingCluster(p1, {a, {}, Fabric::None, 0}));
    QCOMPARE(f->engine->listing(a)->cluster, QString());
    QCOMPARE(f->engine->listing(a)->fabric, Fabric::None);
    QCOMPARE(f->engine->listing(a)->fabricGbps, 0);
    // It is stored.
    QVERIFY(f->reopen());
    QCOMPARE(f->engine->listing(loose)->cluster, u"fra-1"_s);
    QCOMPARE(f->engine->listing(loose)->fabric, Fabric::InfiniBand);
    QCOMPARE(f->engine->listing(loose)->fabricGbps, 400);
    QCOMPARE(f->engine->listing(a)->cluster, QString());
}

void TestPlacements::ownListingsAreNeverTaken()
{
    // Provider 1 buys too: its own 8-GPU server is the only one, and it never trades with itself.
    QVERIFY(f->engine->topUp(p1, Currency::USD, funds));
    listIn(p1, 8, 300);
    const Result<OrderPlaced> r = place(p1, 8, 400, Placement::Server, OrderKind::BuyNow);
    QVERIFY(r);
    QCOMPARE(r->order.closeReason, u"no_placement"_s);
    // A limit bid waits, and fills from another provider's server when it comes.
    const Result<OrderPlaced> limit = place(p1, 8, 400, Placement::Server);
    QVERIFY(limit);
    QCOMPARE(limit->order.state, OrderState::Open);
    const qint64 theirs = listIn(p2, 8, 350);
    QVERIFY(!f->engine->openOrder(limit->order.id));
    QCOMPARE(f->engine->listing(theirs)->rentedGpus, 8);
}

void TestPlacements::waitingBidCancelsAndExpires()
{
    const Result<OrderPlaced> r = place(de, 8, 300, Placement::Server);
    QVERIFY(r);
    QVERIFY(f->engine->balance(de).held > 0);
    QVERIFY(f->engine->cancelOrder(de, r->order.id));
    QCOMPARE(f->engine->balance(de).held, 0);
    QCOMPARE(f->engine->balance(de).available, funds);
    QVERIFY(f->engine->waitingOrders(H100).isEmpty());
    // A server coming later finds nothing to fill.
    const qint64 c = listIn(p1, 8, 250);
    QCOMPARE(f->engine->listing(c)->rentedGpus, 0);

    BidRequest expiring;
    expiring.gpu = H100;
    expiring.quantity = 16;
    expiring.hours = 1;
    expiring.limitCents = 300;
    expiring.placement = Placement::Cluster;
    expiring.expiresMs = f->clock.nowMs() + MarketRules::HourMs;
    const Result<OrderPlaced> e = f->engine->placeBid(de, expiring);
    QVERIFY(e);
    QCOMPARE(e->order.state, OrderState::Open);
    f->advanceHours(1.5);
    QVERIFY(!f->engine->openOrder(e->order.id));
    QCOMPARE(f->engine->balance(de).held, 0);
    QVERIFY(f->engine->waitingOrders(H100).isEmpty());
}

void TestPlacements::waitingBidsSurviveARestart()
{
    listIn(p1, 4, 300, QStringLiteral("fra-1"));
    const Result<OrderPlaced> r = place(de, 8, 320, Placement::Cluster);
    QVERIFY(r);
    QCOMPARE(r->order.state, OrderState::Open);
    QVERIFY(f->reopen());
    const QList<BidOrder> waiting = f->engine->waitingOrders(H100);
    QCOMPARE(waiting.size(), 1);
    QCOMPARE(waiting[0].placement, Placement::Cluster);
    QCOMPARE(f->engine->placements(H100)->levels().size(), size_t(1));
    // The cluster's second server comes after the restart: the bid fills whole.
    listIn(p1, 4, 310, QStringLiteral("fra-1"));
    QVERIFY(!f->engine->openOrder(r->order.id));
    QCOMPARE(f->engine->runningRentals(de).size(), 2);
    QCOMPARE(f->engine->balance(de).available, funds - cost({{4, 300}, {4, 310}}, 2, 1900));
}

void TestPlacements::duplicateClientIdPlacesNothing()
{
    listIn(p1, 8, 300);
    const Result<OrderPlaced> first =
        place(us, 8, 320, Placement::Server, OrderKind::BuyNow, 2, QStringLiteral("desk-1"));
    QVERIFY(first);
    QCOMPARE(first->order.state, OrderState::Filled);
    listIn(p2, 8, 300);
    const Result<OrderPlaced> again =
        place(us, 8, 320, Placement::Server, OrderKind::BuyNow, 2, QStringLiteral("desk-1"));
    QVERIFY(again);
    QVERIFY(again->duplicate);
    QCOMPARE(again->order.id, first->order.id);
    QCOMPARE(f->engine->runningRentals(us).size(), 1);
}

void TestPlacements::quoteCostsThePlacement()
{
    listIn(p1, 5, 300);
    listIn(p2, 3, 290);
    const qint64 c = listIn(p2, 8, 310);
    const Result<PlacementQuote> q = f->engine->quote(de, {H100, 8, 10, Placement::Server});
    QVERIFY(q);
    QVERIFY(q->available);
    QCOMPARE(q->legs.size(), 1);
    QCOMPARE(q->legs[0].listingId, c);
    QCOMPARE(q->legs[0].priceCents, 310);
    QCOMPARE(q->legs[0].region, u"eu-central"_s);
    QCOMPARE(q->averageCents, 310);
    QCOMPARE(q->highestCents, 310);
    QCOMPARE(q->subtotalCents, 8 * 10 * 310);
    QCOMPARE(q->taxBp, 1900);
    QCOMPARE(q->totalCents, cost({{8, 310}}, 10, 1900));
    QCOMPARE(q->taxCents, q->totalCents - q->subtotalCents);
    // Any placement: the cheapest 8 wherever they are, 3 at 2.90 and 5 at 3.00.
    const Result<PlacementQuote> any = f->engine->quote(de, {H100, 8, 10, Placement::Any});
    QVERIFY(any);
    QCOMPARE(any->legs.size(), 2);
    QCOMPARE(any->averageCents, Money::divRoundHalfEven(3 * 290 + 5 * 300, 8));
    QCOMPARE(any->highestCents, 300);
    QCOMPARE(any->totalCents, cost({{3, 290}, {5, 300}}, 10, 1900));
    // No account (the public quote): no tax.
    const Result<PlacementQuote> publicQuote =
        f->engine->quote(0, {H100, 8, 10, Placement::Server});
    QVERIFY(publicQuote);
    QCOMPARE(publicQuote->taxBp, 0);
    QCOMPARE(publicQuote->totalCents, publicQuote->subtotalCents);
    // Nothing whole: not available, no figures.
    const Result<PlacementQuote> none = f->engine->quote(de, {H100, 9, 10, Placement::Server});
    QVERIFY(none);
    QVERIFY(!none->available);
    QVERIFY(none->legs.isEmpty());
    QCOMPARE(none->totalCents, 0);
    // A buy-now at the quote's highest price takes exactly what it quoted.
    const Result<OrderPlaced> r =
        place(de, 8, q->highestCents, Placement::Server, OrderKind::BuyNow, 10);
    QVERIFY(r);
    QCOMPARE(r->rentals.size(), 1);
    QCOMPARE(f->engine->balance(de).available, funds - q->totalCents);
}

void TestPlacements::quoteRefusals()
{
    const auto code = [&](qint64 actor, const QuoteRequest &request) {
        const Result<PlacementQuote> r = f->engine->quote(actor, request);
        return r ? ErrorCode::Internal : r.error().code;
    };
    QCOMPARE(code(de, {u"h900"_s, 8, 1, Placement::Server}), ErrorCode::UnknownGpu);
    QCOMPARE(code(de, {H100, 0, 1, Placement::Server}), ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, 8, 0, Placement::Server}), ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, MarketRules::MaxGpusPerOrder + 1, 1, Placement::Any}),
             ErrorCode::InvalidArgument);
    QCOMPARE(code(9999, {H100, 8, 1, Placement::Server}), ErrorCode::UnknownAccount);
}

void TestPlacements::windowsPriceEveryStart()
{
    const qint64 dear = listIn(p1, 8, 300);
    const qint64 cheap = listIn(p2, 8, 200);
    // The cheap server is rented now, for 3 hours, from T0 (on the hour).
    const Result<OrderPlaced> rented = place(us, 8, 200, Placement::Server, OrderKind::BuyNow, 3);
    QVERIFY(rented);
    QCOMPARE(rented->rentals.size(), 1);
    QCOMPARE(rented->rentals[0].listingId, cheap);
    f->clock.advance(30 * 60'000);
    const auto windows = [&](qint64 actor, const WindowsRequest &request) {
        const Result<WindowsQuote> w = f->engine->windows(actor, request);
        return w ? *w : WindowsQuote {};
    };
    const WindowsQuote w = windows(de, {H100, 8, 24, Placement::Server, 0, 0});
    // From the next hour, every hour for 14 days.
    QCOMPARE(w.windows.size(), 14 * 24);
    QCOMPARE(w.windows.first().startMs, T0 + MarketRules::HourMs);
    QCOMPARE(w.windows.last().startMs, T0 + 336 * MarketRules::HourMs);
    QCOMPARE(w.taxBp, 1900);
    QCOMPARE(w.quantity, 8);
    QCOMPARE(w.hours, 24);
    // From 01:00 and 02:00 the cheap server is still rented: only the dear one is whole.
    const StartWindow one = w.windows[0];
    QCOMPARE(one.placements, 1);
    QCOMPARE(one.subtotalCents, 8 * 24 * 300);
    QCOMPARE(one.totalCents, cost({{8, 300}}, 24, 1900));
    QCOMPARE(one.taxCents, one.totalCents - one.subtotalCents);
    QCOMPARE(w.windows[1].subtotalCents, 8 * 24 * 300);
    // From 03:00, when the rental ends, both; the cheap one is the price.
    QCOMPARE(w.windows[2].placements, 2);
    QCOMPARE(w.windows[2].totalCents, cost({{8, 200}}, 24, 1900));
    // Anywhere: 8 GPUs need only one server, but both have GPUs free from 03:00.
    const WindowsQuote any = windows(0, {H100, 8, 1, Placement::Any, 0, 2});
    QCOMPARE(any.windows.size(), 48);
    QCOMPARE(any.taxBp, 0);
    QCOMPARE(any.windows[0], (StartWindow {T0 + MarketRules::HourMs, 1, 8 * 300, 0, 8 * 300}));
    QCOMPARE(any.windows[2], (StartWindow {T0 + 3 * MarketRules::HourMs, 2, 8 * 200, 0, 8 * 200}));
    // Sixteen: only when both are free.
    const WindowsQuote sixteen = windows(0, {H100, 16, 1, Placement::Any, 0, 1});
    QCOMPARE(sixteen.windows[0].placements, 0);
    QCOMPARE(sixteen.windows[0].totalCents, 0);
    QCOMPARE(sixteen.windows[2].subtotalCents, 8 * 300 + 8 * 200);
    // A provider is not offered its own listing.
    const WindowsQuote own = windows(p1, {H100, 8, 1, Placement::Server, 0, 1});
    QCOMPARE(own.windows[0].placements, 0);
    QCOMPARE(own.windows[2].placements, 1);
    // A later first start, and the days cut at the 14th.
    const qint64 last = T0 + 336 * MarketRules::HourMs;
    QCOMPARE(windows(0, {H100, 8, 1, Placement::Server, last, 0}).windows.size(), 1);
    QCOMPARE(windows(0, {H100, 8, 1, Placement::Server, last - 23 * MarketRules::HourMs, 5})
                 .windows.size(),
             24);

    // A restart rebuilds the calendar from the running rentals: the same answer.
    QVERIFY(f->reopen());
    QCOMPARE(windows(de, {H100, 8, 24, Placement::Server, 0, 0}), w);
    QVERIFY2(f->engine->checkInvariants().isEmpty(),
             qPrintable(f->engine->checkInvariants().join(u'\n')));

    // Stopped early, at 01:30: its GPUs are free from 02:00, the next start.
    f->clock.advance(60 * 60'000);
    QVERIFY(f->engine->stopRental(us, rented->rentals[0].id));
    const WindowsQuote after = windows(de, {H100, 8, 24, Placement::Server, 0, 1});
    QCOMPARE(after.windows.first().startMs, T0 + 2 * MarketRules::HourMs);
    QCOMPARE(after.windows.first().placements, 2);
    QCOMPARE(after.windows.first().totalCents, cost({{8, 200}}, 24, 1900));
    Q_UNUSED(dear);
}

void TestPlacements::windowsRefusals()
{
    listIn(p1, 8, 300);
    f->clock.advance(10 * 60'000);
    const auto code = [&](qint64 actor, const WindowsRequest &request) {
        const Result<WindowsQuote> r = f->engine->windows(actor, request);
        return r ? ErrorCode::Internal : r.error().code;
    };
    const qint64 next = T0 + MarketRules::HourMs;
    QCOMPARE(code(de, {H100, 8, 1, Placement::Server, next, 1}), ErrorCode::Internal); // good
    QCOMPARE(code(de, {u"h900"_s, 8, 1, Placement::Server, 0, 0}), ErrorCode::UnknownGpu);
    QCOMPARE(code(de, {H100, 0, 1, Placement::Server, 0, 0}), ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, 8, 0, Placement::Server, 0, 0}), ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, 8, MarketRules::MaxHours + 1, Placement::Any, 0, 0}),
             ErrorCode::InvalidArgument);
    // The first start: on the hour, not before the next hour, not past the 14 days.
    QCOMPARE(code(de, {H100, 8, 1, Placement::Server, next + 1, 0}), ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, 8, 1, Placement::Server, T0, 0}), ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, 8, 1, Placement::Server, next + 336 * MarketRules::HourMs, 0}),
             ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, 8, 1, Placement::Server, -MarketRules::HourMs, 0}),
             ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, 8, 1, Placement::Server, 0, 15}), ErrorCode::InvalidArgument);
    QCOMPARE(code(de, {H100, 8, 1, Placement::Server, 0, -1}), ErrorCode::InvalidArgument);
    QCOMPARE(code(9999, {H100, 8, 1, Placement::Server, 0, 0}), ErrorCode::UnknownAccount);
}

QTEST_GUILESS_MAIN(TestPlacements)
#include "tst_placements.moc"
