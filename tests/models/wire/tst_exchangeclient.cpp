// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The typed request helpers over a real exchange: the desk's embedded sandbox, reached through
// the in-process transport with the very frames a WebSocket carries. A typed result, a typed
// error from the engine, and the session's own error when it is not connected.

#include "fixtures/sandboxfixture.h"

#include "market/fxrates.h"
#include "market/marketrules.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"

#include <QtTest/QtTest>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {

// Waits for one callback of type T and keeps its result.
template<typename T>
struct Outcome
{
    std::optional<Result<T>> result;
    ExchangeClient::Callback<T> callback()
    {
        return [this](Result<T> r) {
            result.emplace(std::move(r));
        };
    }
    bool wait(int ms = 10'000)
    {
        return QTest::qWaitFor([this] { return result.has_value(); }, ms);
    }
};

} // namespace

class TestExchangeClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void typedResults();
    void typedErrors();
    void notConnected();
    void repliesOutliveNoContext();
    void quoteThenBuyOnOneServer();
    void listingCluster();

private:
    std::unique_ptr<test::SandboxFixture> m_sandbox;
};

void TestExchangeClient::initTestCase()
{
    m_sandbox = std::make_unique<test::SandboxFixture>();
    QVERIFY(m_sandbox->start());
    ClientSession &session = m_sandbox->session;
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 5000);
}

void TestExchangeClient::cleanupTestCase()
{
    m_sandbox.reset();
}

void TestExchangeClient::typedResults()
{
    const ExchangeClient client(m_sandbox->session);

    Outcome<AccountSummary> summary;
    client.account(this, summary.callback());
    QVERIFY(summary.wait());
    QVERIFY(*summary.result);
    QCOMPARE((*summary.result)->account.role, Role::Customer);
    const Balance before = (*summary.result)->balance;

    Outcome<Quote> quote;
    client.quote({Currency::EUR, 10'000}, this, quote.callback());
    QVERIFY(quote.wait());
    QVERIFY(*quote.result);
    const qint64 rate = *FxRates::builtIn().usdPerUnitMicros(Currency::EUR);
    QCOMPARE((*quote.result)->rateMicros, rate);
    QCOMPARE((*quote.result)->creditedCents, Money::convert(10'000, rate));

    // A bid far under the market rests, and holds what MarketRules says.
    Outcome<OrderPlaced> placed;
    const QString clientOrderId = client.placeOrder(
        {u"h100-sxm"_s, OrderKind::Limit, 2, 3, 7, 0, {}}, this, placed.callback());
    QVERIFY(clientOrderId.startsWith(u"desk-"_s));
    QVERIFY(placed.wait());
    QVERIFY2(*placed.result,
             qPrintable(placed.result->ok() ? QString() : placed.result->error().message));
    const BidOrder order = (*placed.result)->order;
    QCOMPARE(order.clientOrderId, clientOrderId);
    QCOMPARE(order.state, OrderState::Open);
    QCOMPARE(order.heldCents, MarketRules::bidHold(2, 3, 7, order.taxBp));
    QVERIFY(!(*placed.result)->duplicate);

    Outcome<QList<BidOrder>> open;
    client.openOrders(this, open.callback());
    QVERIFY(open.wait());
    QVERIFY(*open.result);
    QVERIFY(std::any_of((*open.result)->cbegin(), (*open.result)->cend(),
                        [&order](const BidOrder &o) { return o.id == order.id; }));

    Outcome<BidOrder> cancelled;
    client.cancelOrder(order.id, this, cancelled.callback());
    QVERIFY(cancelled.wait());
    QVERIFY(*cancelled.result);
    QCOMPARE((*cancelled.result)->state, OrderState::Cancelled);
    QCOMPARE((*cancelled.result)->closeReason, u"cancelled"_s);

    Outcome<QList<LedgerEntry>> ledger;
    client.ledger({0, 5}, this, ledger.callback());
    QVERIFY(ledger.wait());
    QVERIFY(*ledger.result);
    QCOMPARE((*ledger.result)->size(), 5);

    Outcome<AccountSummary> after;
    client.account(this, after.callback());
    QVERIFY(after.wait());
    QCOMPARE((*after.result)->balance.available, before.available); // the hold went back
}

void TestExchangeClient::typedErrors()
{
    const ExchangeClient client(m_sandbox->session);

    Outcome<OrderPlaced> tooDear;
    client.placeOrder({u"h100-sxm"_s,
                       OrderKind::Limit,
                       MarketRules::MaxGpusPerOrder,
                       MarketRules::MaxHours,
                       90'000,
                       0,
                       {}},
                      this, tooDear.callback());
    QVERIFY(tooDear.wait());
    QVERIFY(!*tooDear.result);
    QCOMPARE(tooDear.result->code(), ErrorCode::InsufficientFunds);
    QVERIFY(!tooDear.result->error().message.isEmpty());

    Outcome<BidOrder> unknown;
    client.cancelOrder(424'242, this, unknown.callback());
    QVERIFY(unknown.wait());
    QCOMPARE(unknown.result->code(), ErrorCode::UnknownOrder);

    Outcome<Listing> notAProvider;
    client.addListing({u"l4"_s, 1, u"eu"_s, u"ssh x"_s, 100}, this, notAProvider.callback());
    QVERIFY(notAProvider.wait());
    QCOMPARE(notAProvider.result->code(), ErrorCode::Forbidden);

    Outcome<ChainCheck> supportOnly;
    client.verifyLedger(this, supportOnly.callback());
    QVERIFY(supportOnly.wait());
    QCOMPARE(supportOnly.result->code(), ErrorCode::Forbidden);
}

void TestExchangeClient::notConnected()
{
    ClientSession offline; // never connected
    const ExchangeClient client(offline);
    Outcome<Quote> quote;
    client.quote({Currency::USD, 100}, this, quote.callback());
    QVERIFY(!quote.result); // never from inside the call
    QVERIFY(quote.wait());
    QCOMPARE(quote.result->code(), ErrorCode::Timeout);
    QCOMPARE(quote.result->error().message, u"not connected"_s);

    Outcome<OrderPlaced> order;
    client.placeOrder({u"h100-sxm"_s, OrderKind::Limit, 1, 1, 7, 0, {}}, this, order.callback());
    QVERIFY(order.wait());
    QCOMPARE(order.result->code(), ErrorCode::Timeout);
}

void TestExchangeClient::repliesOutliveNoContext()
{
    const ExchangeClient client(m_sandbox->session);
    bool called = false;
    {
        QObject context;
        client.account(&context, [&called](const Result<AccountSummary> &) { called = true; });
    }
    // The context is gone before the reply: the callback must not run.
    Outcome<AccountSummary> later;
    client.account(this, later.callback());
    QVERIFY(later.wait());
    QVERIFY(!called);
}

void TestExchangeClient::quoteThenBuyOnOneServer()
{
    const ExchangeClient client(m_sandbox->session);

    // Two GPUs of one server for two hours: one leg, priced as MarketRules prices it.
    Outcome<PlacementQuote> quote;
    client.quote({u"h100-sxm"_s, 2, 2, Placement::Server}, this, quote.callback());
    QVERIFY(quote.wait());
    QVERIFY2(*quote.result,
             qPrintable(quote.result->ok() ? QString() : quote.result->error().message));
    const PlacementQuote q = **quote.result;
    QVERIFY(q.available);
    QCOMPARE(q.legs.size(), 1);
    QCOMPARE(q.legs.at(0).gpus, 2);
    QCOMPARE(q.highestCents, q.legs.at(0).priceCents);
    QCOMPARE(q.averageCents, q.legs.at(0).priceCents);
    PlacementQuote priced = q;
    MarketRules::priceQuote(priced, 2, q.taxBp);
    QCOMPARE(priced, q);
    QVERIFY(q.taxBp > 0); // the demo customer's country's rate

    // More GPUs than any server has: no placement, no legs.
    Outcome<PlacementQuote> tooMany;
    client.quote({u"h100-sxm"_s, MarketRules::MaxGpusPerListing + 1, 1, Placement::Server}, this,
                 tooMany.callback());
    QVERIFY(tooMany.wait());
    QVERIFY(*tooMany.result);
    QVERIFY(!(*tooMany.result)->available);
    QVERIFY((*tooMany.result)->legs.isEmpty());

    // A buy-now of that placement, capped at the quote's highest price: its GPUs come from the
    // quoted listing and cost what the quote said.
    Outcome<OrderPlaced> placed;
    BidRequest buy {u"h100-sxm"_s, OrderKind::BuyNow, 2, 2, q.highestCents, 0, {}};
    buy.placement = Placement::Server;
    client.placeOrder(buy, this, placed.callback());
    QVERIFY(placed.wait());
    QVERIFY2(*placed.result,
             qPrintable(placed.result->ok() ? QString() : placed.result->error().message));
    QCOMPARE((*placed.result)->order.placement, Placement::Server);
    QCOMPARE((*placed.result)->order.filled, 2);
    Cents total = 0;
    for (const Rental &r : (*placed.result)->rentals) {
        QCOMPARE(r.listingId, q.legs.at(0).listingId);
        total += MarketRules::orderCost(r.gpus, r.hours, r.priceCents, r.taxBp).total;
    }
    QCOMPARE(total, q.totalCents);

    // The case on the sandbox: 3 GPUs from anywhere, then 8 on one server. The 8 come
    // from one listing, at the total market.quote gave beforehand.
    Outcome<PlacementQuote> threeQuote;
    client.quote({u"h100-sxm"_s, 3, 2, Placement::Any}, this, threeQuote.callback());
    QVERIFY(threeQuote.wait());
    QVERIFY(*threeQuote.result && (*threeQuote.result)->available);
    Outcome<OrderPlaced> three;
    BidRequest any {
        u"h100-sxm"_s, OrderKind::BuyNow, 3, 2, (*threeQuote.result)->highestCents, 0, {}};
    client.placeOrder(any, this, three.callback());
    QVERIFY(three.wait());
    QVERIFY(*three.result);
    QCOMPARE((*three.result)->order.filled, 3);
    Outcome<PlacementQuote> eightQuote;
    client.quote({u"h100-sxm"_s, 8, 2, Placement::Server}, this, eightQuote.callback());
    QVERIFY(eightQuote.wait());
    QVERIFY(*eightQuote.result);
    const PlacementQuote eight = **eightQuote.result;
    QVERIFY(eight.available);
    QCOMPARE(eight.legs.size(), 1);
    Outcome<OrderPlaced> whole;
    BidRequest server {u"h100-sxm"_s, OrderKind::BuyNow, 8, 2, eight.highestCents, 0, {}};
    server.placement = Placement::Server;
    client.placeOrder(server, this, whole.callback());
    QVERIFY(whole.wait());
    QVERIFY(*whole.result);
    QCOMPARE((*whole.result)->order.filled, 8);
    Cents wholeTotal = 0;
    for (const Rental &r : (*whole.result)->rentals) {
        QCOMPARE(r.listingId, eight.legs.at(0).listingId);
        wholeTotal += MarketRules::orderCost(r.gpus, r.hours, r.priceCents, r.taxBp).total;
    }
    QCOMPARE(wholeTotal, eight.totalCents);

    // A bad placement's arguments are the engine's error, typed.
    Outcome<PlacementQuote> unknownGpu;
    client.quote({u"no-such-gpu"_s, 1, 1, Placement::Any}, this, unknownGpu.callback());
    QVERIFY(unknownGpu.wait());
    QCOMPARE(unknownGpu.result->code(), ErrorCode::UnknownGpu);
}

void TestExchangeClient::listingCluster()
{
    ClientSession provider;
    provider.setTransportFactory([this] { return m_sandbox->exchange.connectClient(); });
    provider.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(provider.state() == ClientSession::State::Connected, 5000);
    provider.loginDemo(Role::Provider);
    QTRY_VERIFY_WITH_TIMEOUT(provider.state() == ClientSession::State::SignedIn, 5000);
    const ExchangeClient client(provider);

    Outcome<QList<Listing>> listings;
    client.listings(this, listings.callback());
    QVERIFY(listings.wait());
    QVERIFY(*listings.result);
    QVERIFY(!(*listings.result)->isEmpty());
    const Listing first = (*listings.result)->first();

    // Into a new cluster of the provider's, with its fabric and speed.
    Outcome<Listing> joined;
    client.setListingCluster({first.id, u"desk-test-pod"_s, Fabric::InfiniBand, 400}, this,
                             joined.callback());
    QVERIFY(joined.wait());
    QVERIFY2(*joined.result,
             qPrintable(joined.result->ok() ? QString() : joined.result->error().message));
    QCOMPARE((*joined.result)->id, first.id);
    QCOMPARE((*joined.result)->cluster, u"desk-test-pod"_s);
    QCOMPARE((*joined.result)->fabric, Fabric::InfiniBand);
    QCOMPARE((*joined.result)->fabricGbps, 400);

    // A listing of another GPU cannot join it: the engine says why.
    const auto other = std::find_if((*listings.result)->cbegin(), (*listings.result)->cend(),
                                    [&first](const Listing &l) { return l.gpu != first.gpu; });
    if (other != (*listings.result)->cend()) {
        Outcome<Listing> refused;
        client.setListingCluster({other->id, u"desk-test-pod"_s, Fabric::InfiniBand, 400}, this,
                                 refused.callback());
        QVERIFY(refused.wait());
        QCOMPARE(refused.result->code(), ErrorCode::InvalidArgument);
        QVERIFY(!refused.result->error().message.isEmpty());
    }

    // An empty name takes it out again.
    Outcome<Listing> left;
    client.setListingCluster({first.id, {}, Fabric::None, 0}, this, left.callback());
    QVERIFY(left.wait());
    QVERIFY(*left.result);
    QVERIFY((*left.result)->cluster.isEmpty());
    QCOMPARE((*left.result)->fabric, Fabric::None);

    // A customer may not.
    Outcome<Listing> forbidden;
    ExchangeClient(m_sandbox->session)
        .setListingCluster({first.id, u"x"_s, Fabric::Ethernet, 100}, this, forbidden.callback());
    QVERIFY(forbidden.wait());
    QCOMPARE(forbidden.result->code(), ErrorCode::Forbidden);
}

QTEST_GUILESS_MAIN(TestExchangeClient)
#include "tst_exchangeclient.moc"
