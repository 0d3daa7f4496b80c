// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Placements on the wire (docs/protocol.md "Operations", "Channels"), against a live server over
// TLS: market.quote for anyone, order.place with a placement, the book's blocks, and
// listing.cluster; hostile arguments are refused and change nothing.

#include "../../fixtures/serverfixture.h"

#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {
const QString H100 = u"h100-sxm"_s;

// The ask level at `price` in a book push, or an empty array.
QJsonArray askAt(const QJsonObject &push, const QString &price)
{
    const QJsonArray asks = push.value(u"data"_s).toObject().value(u"asks"_s).toArray();
    for (const QJsonValue &v : asks) {
        if (v.toArray().at(0).toString() == price)
            return v.toArray();
    }
    return {};
}
} // namespace

class TestPlacementProtocol : public QObject
{
    Q_OBJECT

private slots:
    void quoteOrderAndBook();
    void clustersOnTheWire();
    void windowsOnTheWire();
    void reserveAWindowOnTheWire();
    void hostileArgumentsChangeNothing_data();
    void hostileArgumentsChangeNothing();
};

void TestPlacementProtocol::quoteOrderAndBook()
{
    ServerFixture f;
    const qint64 p1 = f.account(u"p1@x.io"_s, Role::Provider);
    const qint64 p2 = f.account(u"p2@x.io"_s, Role::Provider);
    const qint64 customer = f.account(u"c@x.io"_s, Role::Customer, u"US"_s);
    ExchangeEngine &e = f.service->engine();
    QVERIFY(e.topUp(customer, Currency::USD, 1'000'000));
    const auto list = [&](qint64 provider, qint32 gpus, Cents price, const QString &region) {
        const Result<Listing> l = e.addListing(provider, {H100, gpus, region, u"ssh h"_s, price});
        return l ? l->id : 0;
    };
    // The book: 5 in us-east, 3 in eu-frankfurt, and a server of 8 beside a server of 3
    // at 3.10.
    QVERIFY(list(p1, 5, 300, u"us-east"_s));
    QVERIFY(list(p2, 3, 290, u"eu-frankfurt"_s));
    const qint64 eight = list(p2, 8, 310, u"eu-frankfurt"_s);
    QVERIFY(eight);
    QVERIFY(list(p1, 3, 310, u"us-east"_s));

    RawClient watcher(f), buyer(f);
    QVERIFY(watcher.waitConnected() && buyer.waitConnected());
    QVERIFY(!RawClient::result(
                 watcher.call(QString(Op::Subscribe), Wire::channelRequest(Channel::book(H100))))
                 .isEmpty());
    const QJsonObject snapshot = watcher.waitPush(Channel::book(H100), u"snapshot"_s);
    // Each ask level's fourth element is its block: 11 GPUs at 3.10, at most 8 on one server.
    QCOMPARE(askAt(snapshot, u"3.10"_s), (QJsonArray {u"3.10"_s, 11, 2, 8}));
    QCOMPARE(askAt(snapshot, u"2.90"_s), (QJsonArray {u"2.90"_s, 3, 1, 3}));

    // Anyone may ask what 8 on one server for 2 hours would cost.
    const QJsonObject quote = RawClient::result(buyer.call(
        u"market.quote"_s,
        {{u"gpu"_s, H100}, {u"gpus"_s, 8}, {u"hours"_s, 2}, {u"placement"_s, u"server"_s}}));
    QVERIFY(quote.value(u"available"_s).toBool());
    const QJsonArray legs = quote.value(u"legs"_s).toArray();
    QCOMPARE(legs.size(), 1);
    QCOMPARE(legs[0].toObject().value(u"listingId"_s).toInteger(), eight);
    QCOMPARE(legs[0].toObject().value(u"region"_s).toString(), u"eu-frankfurt"_s);
    QCOMPARE(quote.value(u"average"_s).toString(), u"3.10"_s);
    QCOMPARE(quote.value(u"total"_s).toString(), u"49.60"_s); // 8 x 2 x 3.10, no tax signed out
    // Any placement is cheaper, and spans servers.
    const QJsonObject any = RawClient::result(buyer.call(
        u"market.quote"_s,
        {{u"gpu"_s, H100}, {u"gpus"_s, 8}, {u"hours"_s, 2}, {u"placement"_s, u"any"_s}}));
    QCOMPARE(any.value(u"legs"_s).toArray().size(), 2);
    QCOMPARE(any.value(u"subtotal"_s).toString(), u"47.40"_s); // (3 x 2.90 + 5 x 3.00) x 2

    QVERIFY(buyer.login(u"c@x.io"_s));
    const auto place = [&](const QString &id, const QString &cap) {
        return buyer.call(QString(Op::OrderPlace),
                          {{u"clientOrderId"_s, id},
                           {u"gpu"_s, H100},
                           {u"kind"_s, u"buy_now"_s},
                           {u"placement"_s, u"server"_s},
                           {u"gpus"_s, 8},
                           {u"hours"_s, 2},
                           {u"price"_s, cap}});
    };
    // Below the server's price: nothing filled, and the order says why.
    const QJsonObject none = RawClient::result(place(u"desk-1"_s, u"3.05"_s));
    QCOMPARE(none.value(u"order"_s).toObject().value(u"reason"_s).toString(), u"no_placement"_s);
    QCOMPARE(none.value(u"order"_s).toObject().value(u"placement"_s).toString(), u"server"_s);
    QVERIFY(none.value(u"rentals"_s).toArray().isEmpty());
    QCOMPARE(e.balance(customer).available, 1'000'000);
    // At the quote's price: the one server, whole.
    const qsizetype pushesBefore = watcher.pushes.size();
    const QJsonObject filled = RawClient::result(place(u"desk-2"_s, u"3.10"_s));
    QCOMPARE(filled.value(u"order"_s).toObject().value(u"state"_s).toString(), u"filled"_s);
    const QJsonArray rentals = filled.value(u"rentals"_s).toArray();
    QCOMPARE(rentals.size(), 1);
    QCOMPARE(rentals[0].toObject().value(u"listingId"_s).toInteger(), eight);
    QCOMPARE(rentals[0].toObject().value(u"gpus"_s).toInt(), 8);
    QCOMPARE(e.balance(customer).available, 1'000'000 - 4'960);
    // The book's delta: 3 GPUs left at 3.10, on one server.
    const QJsonObject delta = watcher.waitPush(Channel::book(H100), u"delta"_s, pushesBefore);
    QCOMPARE(askAt(delta, u"3.10"_s), (QJsonArray {u"3.10"_s, 3, 1, 3}));
}

void TestPlacementProtocol::clustersOnTheWire()
{
    ServerFixture f;
    const qint64 p1 = f.account(u"p1@x.io"_s, Role::Provider);
    f.account(u"p2@x.io"_s, Role::Provider);
    f.account(u"c@x.io"_s, Role::Customer);
    ExchangeEngine &e = f.service->engine();
    const Result<Listing> a = e.addListing(p1, {H100, 4, u"eu"_s, u"ssh h"_s, 300});
    const Result<Listing> b = e.addListing(p1, {H100, 4, u"eu"_s, u"ssh h"_s, 320});
    QVERIFY(a && b);
    RawClient provider(f), stranger(f), customer(f);
    QVERIFY(provider.waitConnected() && stranger.waitConnected() && customer.waitConnected());
    QVERIFY(provider.login(u"p1@x.io"_s));
    QVERIFY(stranger.login(u"p2@x.io"_s));
    QVERIFY(customer.login(u"c@x.io"_s));
    const auto join = [](RawClient &client, qint64 listing) {
        return client.call(u"listing.cluster"_s,
                           {{u"listingId"_s, listing},
                            {u"cluster"_s, u"fra-1"_s},
                            {u"fabric"_s, u"infiniband"_s},
                            {u"gbps"_s, 400}});
    };
    const QJsonObject joined =
        RawClient::result(join(provider, a->id)).value(u"listing"_s).toObject();
    QCOMPARE(joined.value(u"cluster"_s).toString(), u"fra-1"_s);
    QCOMPARE(joined.value(u"fabric"_s).toString(), u"infiniband"_s);
    QCOMPARE(joined.value(u"gbps"_s).toInt(), 400);
    QVERIFY(!RawClient::result(join(provider, b->id)).isEmpty());
    QCOMPARE(RawClient::errorCode(join(stranger, a->id)), u"not_owner"_s);
    QCOMPARE(RawClient::errorCode(join(customer, a->id)), u"forbidden"_s);
    // A cluster quote now finds 8 over both servers, each at its own price.
    const QJsonObject quote = RawClient::result(customer.call(
        u"market.quote"_s,
        {{u"gpu"_s, H100}, {u"gpus"_s, 8}, {u"hours"_s, 1}, {u"placement"_s, u"cluster"_s}}));
    QVERIFY(quote.value(u"available"_s).toBool());
    QCOMPARE(quote.value(u"legs"_s).toArray().size(), 2);
    QCOMPARE(quote.value(u"average"_s).toString(), u"3.10"_s);
    QCOMPARE(quote.value(u"highest"_s).toString(), u"3.20"_s);
    QCOMPARE(quote.value(u"taxBp"_s).toInt(), 1900); // the signed-in customer's, Germany
    // Leaving: the listing's record carries no cluster then.
    const QJsonObject left =
        RawClient::result(provider.call(u"listing.cluster"_s,
                                        {{u"listingId"_s, b->id}, {u"cluster"_s, QString()}}))
            .value(u"listing"_s)
            .toObject();
    QVERIFY(!left.contains(u"cluster"_s));
    QCOMPARE(e.listing(b->id)->cluster, QString());
}

void TestPlacementProtocol::hostileArgumentsChangeNothing_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<QString>("code");
    const QJsonObject order {{u"clientOrderId"_s, u"k"_s},
                             {u"gpu"_s, H100},
                             {u"kind"_s, u"buy_now"_s},
                             {u"gpus"_s, 8},
                             {u"hours"_s, 2},
                             {u"price"_s, u"9.99"_s}};
    QJsonObject rack = order;
    rack.insert(u"placement"_s, u"rack"_s);
    QJsonObject number = order;
    number.insert(u"placement"_s, 1);
    QJsonObject upper = order;
    upper.insert(u"placement"_s, u"SERVER"_s);
    QTest::newRow("unknown placement") << QString(Op::OrderPlace) << rack << u"invalid_argument"_s;
    QTest::newRow("placement a number")
        << QString(Op::OrderPlace) << number << u"invalid_argument"_s;
    QTest::newRow("placement in capitals")
        << QString(Op::OrderPlace) << upper << u"invalid_argument"_s;
    QTest::newRow("quote of an unknown GPU")
        << u"market.quote"_s << QJsonObject {{u"gpu"_s, u"h900"_s}, {u"gpus"_s, 8}, {u"hours"_s, 1}}
        << u"unknown_gpu"_s;
    QTest::newRow("quote of too many GPUs")
        << u"market.quote"_s
        << QJsonObject {{u"gpu"_s, H100}, {u"gpus"_s, 100'000}, {u"hours"_s, 1}}
        << u"invalid_argument"_s;
    QTest::newRow("quote with a stray field")
        << u"market.quote"_s
        << QJsonObject {{u"gpu"_s, H100}, {u"gpus"_s, 8}, {u"hours"_s, 1}, {u"admin"_s, true}}
        << u"invalid_argument"_s;
    QTest::newRow("cluster by a customer") << u"listing.cluster"_s
                                           << QJsonObject {{u"listingId"_s, 1},
                                                           {u"cluster"_s, u"x"_s},
                                                           {u"fabric"_s, u"roce"_s},
                                                           {u"gbps"_s, 100}}
                                           << u"forbidden"_s;
}

void TestPlacementProtocol::hostileArgumentsChangeNothing()
{
    QFETCH(QString, op);
    QFETCH(QJsonObject, args);
    QFETCH(QString, code);
    ServerFixture f;
    const qint64 p = f.account(u"p@x.io"_s, Role::Provider);
    const qint64 customer = f.account(u"c@x.io"_s, Role::Customer);
    ExchangeEngine &e = f.service->engine();
    QVERIFY(e.topUp(customer, Currency::USD, 100'000));
    const Result<Listing> listing = e.addListing(p, {H100, 8, u"eu"_s, u"ssh h"_s, 300});
    QVERIFY(listing);
    RawClient client(f);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(u"c@x.io"_s));
    QCOMPARE(RawClient::errorCode(client.call(op, args)), code);
    QCOMPARE(e.balance(customer).available, 100'000);
    QCOMPARE(e.balance(customer).held, 0);
    QVERIFY(e.openOrders().isEmpty());
    QVERIFY(e.runningRentals().isEmpty());
    QCOMPARE(e.listing(listing->id)->cluster, QString());
    QCOMPARE(e.listing(listing->id)->rentedGpus, 0);
}

void TestPlacementProtocol::windowsOnTheWire()
{
    ServerFixture f;
    const qint64 p1 = f.account(u"p1@x.io"_s, Role::Provider);
    const qint64 p2 = f.account(u"p2@x.io"_s, Role::Provider);
    const qint64 customer = f.account(u"c@x.io"_s, Role::Customer, u"US"_s);
    ExchangeEngine &e = f.service->engine();
    QVERIFY(e.topUp(customer, Currency::USD, 1'000'000));
    QVERIFY(e.addListing(p1, {H100, 8, u"us-east"_s, u"ssh h"_s, 300}));
    const Result<Listing> cheap = e.addListing(p2, {H100, 8, u"eu-west"_s, u"ssh h"_s, 250});
    QVERIFY(cheap);
    // The cheap server is rented for 3 hours from a quarter past.
    f.clock.advance(15 * 60'000);
    BidRequest bid;
    bid.gpu = H100;
    bid.kind = OrderKind::BuyNow;
    bid.quantity = 8;
    bid.hours = 3;
    bid.limitCents = 250;
    bid.placement = Placement::Server;
    QVERIFY(e.placeBid(customer, bid));

    RawClient anyone(f);
    QVERIFY(anyone.waitConnected());
    const QJsonObject reply = RawClient::result(anyone.call(
        QString(Op::MarketWindows),
        {{u"gpu"_s, H100}, {u"gpus"_s, 8}, {u"hours"_s, 24}, {u"placement"_s, u"server"_s}}));
    const std::optional<WindowsQuote> w = Wire::windowsQuoteFromJson(reply);
    QVERIFY(w);
    // 14 days of start hours, from the next hour.
    QCOMPARE(w->windows.size(), 336);
    const qint64 next = (f.clock.nowMs() / MarketRules::HourMs + 1) * MarketRules::HourMs;
    QCOMPARE(w->windows.first().startMs, next);
    QCOMPARE(w->windows.last().startMs, next + 335 * MarketRules::HourMs);
    QCOMPARE(w->taxBp, 0);
    // The rental takes the cheap server until 03:15, so its hour too: from 04:00 it is the price.
    const qint64 freeFrom = f.clock.nowMs() - 15 * 60'000 + 4 * MarketRules::HourMs;
    for (const StartWindow &s : w->windows) {
        const bool cheapFree = s.startMs >= freeFrom;
        QCOMPARE(s.placements, cheapFree ? 2 : 1);
        QCOMPARE(s.totalCents, Cents(cheapFree ? 250 : 300) * 8 * 24);
    }

    // Hostile arguments: a typed error, nothing changes.
    const auto refused = [&](const QJsonObject &args) {
        return RawClient::errorCode(anyone.call(QString(Op::MarketWindows), args));
    };
    const QJsonObject base {{u"gpu"_s, H100}, {u"gpus"_s, 8}, {u"hours"_s, 24}};
    const auto with = [&base](const QString &key, const QJsonValue &value) {
        QJsonObject o = base;
        o.insert(key, value);
        return o;
    };
    QCOMPARE(refused(with(u"from"_s, double(next + 1))), u"invalid_argument"_s);
    QCOMPARE(refused(with(u"from"_s, double(next - MarketRules::HourMs))), u"invalid_argument"_s);
    QCOMPARE(refused(with(u"from"_s, double(next + 336 * MarketRules::HourMs))),
             u"invalid_argument"_s);
    QCOMPARE(refused(with(u"days"_s, 15)), u"invalid_argument"_s);
    QCOMPARE(refused(with(u"gpus"_s, 0)), u"invalid_argument"_s);
    QCOMPARE(refused(with(u"gpu"_s, u"h900"_s)), u"unknown_gpu"_s);
    // A later start and fewer days: what is left of the 14.
    QJsonObject later = with(u"from"_s, double(next + 330 * MarketRules::HourMs));
    later.insert(u"days"_s, 1);
    const std::optional<WindowsQuote> tail = Wire::windowsQuoteFromJson(
        RawClient::result(anyone.call(QString(Op::MarketWindows), later)));
    QVERIFY(tail);
    QCOMPARE(tail->windows.size(), 6);
}

void TestPlacementProtocol::reserveAWindowOnTheWire()
{
    ServerFixture f;
    const qint64 p1 = f.account(u"p1@x.io"_s, Role::Provider);
    const qint64 p2 = f.account(u"p2@x.io"_s, Role::Provider);
    const qint64 customer = f.account(u"c@x.io"_s, Role::Customer, u"US"_s);
    ExchangeEngine &e = f.service->engine();
    QVERIFY(e.topUp(customer, Currency::USD, 1'000'000));
    const Result<Listing> cheap = e.addListing(p1, {H100, 8, u"us-east"_s, u"ssh a"_s, 300});
    const Result<Listing> dear = e.addListing(p2, {H100, 8, u"eu-west"_s, u"ssh b"_s, 320});
    QVERIFY(cheap && dear);

    RawClient buyer(f);
    QVERIFY(buyer.waitConnected());
    QVERIFY(buyer.login(u"c@x.io"_s));
    QVERIFY(!RawClient::result(buyer.call(QString(Op::Subscribe),
                                          Wire::channelRequest(QString(Channel::AccountName))))
                 .isEmpty());
    // 8 GPUs on one server for 24 hours from 10:00 tomorrow.
    const qint64 tomorrow10 =
        (f.clock.nowMs() / MarketRules::DayMs + 1) * MarketRules::DayMs + 10 * MarketRules::HourMs;
    QJsonObject args {{u"clientOrderId"_s, u"desk-w-1"_s},
                      {u"gpu"_s, H100},
                      {u"kind"_s, u"buy_now"_s},
                      {u"placement"_s, u"server"_s},
                      {u"gpus"_s, 8},
                      {u"hours"_s, 24},
                      {u"price"_s, u"3.10"_s},
                      {u"start"_s, double(tomorrow10)}};
    // The window's quote is the cheap server, whole, as the order will reserve it; now the cheap
    // server is as free as the dear one.
    const QJsonObject quoted = RawClient::result(buyer.call(QString(Op::MarketQuote),
                                                            {{u"gpu"_s, H100},
                                                             {u"gpus"_s, 8},
                                                             {u"hours"_s, 24},
                                                             {u"placement"_s, u"server"_s},
                                                             {u"start"_s, double(tomorrow10)}}));
    QVERIFY(quoted.value(u"available"_s).toBool());
    QCOMPARE(quoted.value(u"legs"_s).toArray().first().toObject().value(u"listingId"_s).toInteger(),
             cheap->id);
    QCOMPARE(quoted.value(u"total"_s).toString(), u"576.00"_s);
    QCOMPARE(RawClient::errorCode(buyer.call(QString(Op::MarketQuote),
                                             {{u"gpu"_s, H100},
                                              {u"gpus"_s, 8},
                                              {u"hours"_s, 24},
                                              {u"start"_s, double(tomorrow10 + 60'000)}})),
             u"invalid_argument"_s);
    const qsizetype pushesBefore = buyer.pushes.size();
    const QJsonObject placed = RawClient::result(buyer.call(QString(Op::OrderPlace), args));
    const QJsonObject order = placed.value(u"order"_s).toObject();
    QCOMPARE(order.value(u"state"_s).toString(), u"filled"_s);
    QCOMPARE(order.value(u"start"_s).toInteger(), tomorrow10);
    const QJsonArray rentals = placed.value(u"rentals"_s).toArray();
    QCOMPARE(rentals.size(), 1);
    const std::optional<Rental> reserved = Wire::rentalFromJson(rentals[0].toObject());
    QVERIFY(reserved);
    QCOMPARE(reserved->state, RentalState::Reserved);
    QCOMPARE(reserved->listingId, cheap->id);
    QCOMPARE(reserved->startedMs, tomorrow10);
    QCOMPARE(rentals[0].toObject().value(u"startsAt"_s).toInteger(), tomorrow10);
    const Cents hold = 8 * 24 * 300; // no tax in the US
    QCOMPARE(reserved->cancelFeeCents, hold / 10);
    QCOMPARE(e.balance(customer).held, hold);
    // The account channel says so: the rental, reserved, and a notification.
    QVERIFY(!buyer.waitPush(QString(Channel::AccountName), u"event"_s, pushesBefore).isEmpty());
    QTRY_VERIFY(std::any_of(
        buyer.pushes.cbegin() + pushesBefore, buyer.pushes.cend(), [](const QJsonObject &p) {
            const QJsonObject d = p.value(u"data"_s).toObject();
            return d.value(u"kind"_s).toString() == NotificationKind::RentalReserved;
        }));

    // A spot order that would run into that window on the cheap server is matched elsewhere:
    // 8 GPUs on one server from now for 12 hours (to 12:00 tomorrow, past 10:00).
    const qint64 hoursToWindow = (tomorrow10 - f.clock.nowMs()) / MarketRules::HourMs;
    args.remove(u"start"_s);
    args.insert(u"clientOrderId"_s, u"desk-w-2"_s);
    args.insert(u"hours"_s, int(hoursToWindow + 2));
    args.insert(u"price"_s, u"3.20"_s);
    const QJsonObject spot = RawClient::result(buyer.call(QString(Op::OrderPlace), args));
    const QJsonArray spotRentals = spot.value(u"rentals"_s).toArray();
    QCOMPARE(spotRentals.size(), 1);
    QCOMPARE(spotRentals[0].toObject().value(u"listingId"_s).toInteger(), dear->id);
    // Another one finds no server free for its hours: none at all, though the cheap one is idle.
    args.insert(u"clientOrderId"_s, u"desk-w-3"_s);
    const QJsonObject none = RawClient::result(buyer.call(QString(Op::OrderPlace), args));
    QCOMPARE(none.value(u"order"_s).toObject().value(u"reason"_s).toString(), u"no_placement"_s);
    QCOMPARE(e.listing(cheap->id)->rentedGpus, 0);

    // Quoted again for the same window: the dear server, the cheap one is reserved.
    const QJsonObject again = RawClient::result(buyer.call(QString(Op::MarketQuote),
                                                           {{u"gpu"_s, H100},
                                                            {u"gpus"_s, 8},
                                                            {u"hours"_s, 24},
                                                            {u"placement"_s, u"server"_s},
                                                            {u"start"_s, double(tomorrow10)}}));
    QCOMPARE(again.value(u"available"_s).toBool(), false); // the dear one is rented then too

    // The windows: 336 start hours in 14 days, none of the 24 on the cheap server around 10:00.
    const std::optional<WindowsQuote> w = Wire::windowsQuoteFromJson(RawClient::result(buyer.call(
        QString(Op::MarketWindows),
        {{u"gpu"_s, H100}, {u"gpus"_s, 8}, {u"hours"_s, 24}, {u"placement"_s, u"server"_s}})));
    QVERIFY(w);
    QCOMPARE(w->windows.size(), 336);
    for (const StartWindow &s : w->windows) {
        if (s.startMs > tomorrow10 - 24 * MarketRules::HourMs
            && s.startMs < tomorrow10 + 24 * MarketRules::HourMs)
            QVERIFY2(s.placements == 0 || s.totalCents == 8 * 24 * 320,
                     qPrintable(QString::number(s.startMs)));
    }

    // Cancelling before the start: the hold comes back less 10 %, which the provider earns.
    const Cents availableBefore = e.balance(customer).available;
    const QJsonObject cancelled =
        RawClient::result(buyer.call(QString(Op::RentalStop), Wire::rentalRequest(reserved->id)));
    const std::optional<Rental> c = Wire::rentalFromJson(cancelled.value(u"rental"_s).toObject());
    QVERIFY(c);
    QCOMPARE(c->state, RentalState::Cancelled);
    QCOMPARE(c->cancelFeeCents, hold / 10);
    QCOMPARE(e.balance(customer).available, availableBefore + hold - hold / 10);
    QCOMPARE(e.balance(p1).earnings, hold / 10);
    QCOMPARE(e.ledger().total(), 0);
    // Its start is not on the hour, then, or past: refused, nothing changes.
    args.insert(u"clientOrderId"_s, u"desk-w-4"_s);
    args.insert(u"start"_s, double(tomorrow10 + 1));
    QCOMPARE(RawClient::errorCode(buyer.call(QString(Op::OrderPlace), args)),
             u"invalid_argument"_s);
    args.insert(u"start"_s, u"tomorrow"_s);
    QCOMPARE(RawClient::errorCode(buyer.call(QString(Op::OrderPlace), args)),
             u"invalid_argument"_s);
    QCOMPARE(e.balance(customer).available, availableBefore + hold - hold / 10);
    QVERIFY(e.checkInvariants().isEmpty());
}

QTEST_MAIN(TestPlacementProtocol)
#include "tst_placementprotocol.moc"
