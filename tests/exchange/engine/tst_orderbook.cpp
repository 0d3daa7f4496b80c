// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/orderbook.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <random>

using namespace everx;

Q_DECLARE_METATYPE(everx::Side)

namespace {

using IdList = QList<quint64>;
using PriceList = QList<qint32>;

constexpr qint64 Alice = 1;
constexpr qint64 Bob = 2;
constexpr qint64 Carol = 3;
constexpr qint64 Dave = 4;

Side other(Side side)
{
    return side == Side::Bid ? Side::Ask : Side::Bid;
}

IdList fillIds(const std::vector<BookFill> &fills)
{
    IdList ids;
    for (const BookFill &fill : fills)
        ids.append(fill.restingId);
    return ids;
}

PriceList fillPrices(const std::vector<BookFill> &fills)
{
    PriceList prices;
    for (const BookFill &fill : fills)
        prices.append(fill.price);
    return prices;
}

QList<qint32> fillQuantities(const std::vector<BookFill> &fills)
{
    QList<qint32> quantities;
    for (const BookFill &fill : fills)
        quantities.append(fill.quantity);
    return quantities;
}

IdList orderIds(const std::vector<RestingOrder> &orders)
{
    IdList ids;
    for (const RestingOrder &order : orders)
        ids.append(order.id);
    return ids;
}

PriceList levelPrices(const std::vector<BookLevel> &levels)
{
    PriceList prices;
    for (const BookLevel &level : levels)
        prices.append(level.price);
    return prices;
}

// Adds one order of quantity `quantity` per price, ids 1, 2, 3... in list order, all owned by Bob.
QList<OrderBook::Handle> addAt(OrderBook &book, Side side, const PriceList &prices,
                               qint32 quantity = 1, quint64 firstId = 1)
{
    QList<OrderBook::Handle> handles;
    quint64 id = firstId;
    for (qint32 price : prices)
        handles.append(book.add(side, id++, Bob, price, quantity));
    return handles;
}

} // namespace

class TestOrderBook : public QObject
{
    Q_OBJECT

private slots:
    void emptyBook();
    void driftingPricesDoNotGrowLevels();

    void pricePriority_data();
    void pricePriority();
    void timePriority_data();
    void timePriority();
    void tradesAtRestingPrice_data();
    void tradesAtRestingPrice();
    void partialFills_data();
    void partialFills();
    void sweepUpToLimit_data();
    void sweepUpToLimit();
    void selfTradePassOver_data();
    void selfTradePassOver();
    void selfTradeInsideQueue();
    void matchAppendsToFills();

    void cancelInMiddleOfLevel();
    void cancelMiddleLevelThenReuse_data();
    void cancelMiddleLevelThenReuse();
    void bestPriceAfterCancels_data();
    void bestPriceAfterCancels();
    void cancelStaleHandle();
    void reduceKeepsQueuePosition_data();
    void reduceKeepsQueuePosition();
    void handlesAreReused();
    void isLiveAfterFill();

    void depthAndOrdersOrdering_data();
    void depthAndOrdersOrdering();
    void depthMaxLevels_data();
    void depthMaxLevels();
    void isCrossed_data();
    void isCrossed();
    void quantityAt();

    void randomizedAgainstReference_data();
    void randomizedAgainstReference();

    void minAndMaxPrice_data();
    void minAndMaxPrice();
    void bestAfterBestLevelEmpties_data();
    void bestAfterBestLevelEmpties();
    void farApartPrices_data();
    void farApartPrices();
    void pagesFollowThePricesInUse();
    void fifteenBooksFootprint();
    void reserveKeepsHandlesAndOrders();
};

void TestOrderBook::emptyBook()
{
    OrderBook book;
    QCOMPARE(book.orderCount(), 0);
    QVERIFY(!book.bestBid());
    QVERIFY(!book.bestAsk());
    QVERIFY(!book.isCrossed());
    QVERIFY(book.depth(Side::Bid).empty());
    QVERIFY(book.orders(Side::Ask).empty());
    std::vector<BookFill> fills;
    QCOMPARE(book.match(Side::Bid, Alice, 1'000'000, 5, fills), 5);
    QVERIFY(fills.empty());
}

// Resting orders at `prices` (ids 1.. in that order); an incoming order of the other side with a
// limit that crosses all of them takes them best price first.
void TestOrderBook::pricePriority_data()
{
    QTest::addColumn<Side>("restingSide");
    QTest::addColumn<PriceList>("prices");
    QTest::addColumn<IdList>("expectedIds");
    QTest::addColumn<PriceList>("expectedPrices");

    QTest::newRow("asks, lowest first")
        << Side::Ask << PriceList {105, 101, 103} << IdList {2, 3, 1} << PriceList {101, 103, 105};
    QTest::newRow("bids, highest first")
        << Side::Bid << PriceList {99, 102, 100} << IdList {2, 3, 1} << PriceList {102, 100, 99};
    QTest::newRow("asks, added best last") << Side::Ask << PriceList {110, 109, 108, 107}
                                           << IdList {4, 3, 2, 1} << PriceList {107, 108, 109, 110};
    QTest::newRow("bids, added best first")
        << Side::Bid << PriceList {110, 109, 108, 107} << IdList {1, 2, 3, 4}
        << PriceList {110, 109, 108, 107};
}

void TestOrderBook::pricePriority()
{
    QFETCH(Side, restingSide);
    QFETCH(PriceList, prices);
    QFETCH(IdList, expectedIds);
    QFETCH(PriceList, expectedPrices);

    OrderBook book;
    addAt(book, restingSide, prices, 1);
    const qint32 limit = restingSide == Side::Ask ? 1'000 : 1;
    std::vector<BookFill> fills;
    QCOMPARE(book.match(other(restingSide), Alice, limit, qint32(prices.size()), fills), 0);
    QCOMPARE(fillIds(fills), expectedIds);
    QCOMPARE(fillPrices(fills), expectedPrices);
    QCOMPARE(book.orderCount(), 0);
    QVERIFY(!book.bestPrice(restingSide));
}

// Orders 1, 2, 3 of 2 GPUs each rest at one price; an incoming order takes them oldest first.
void TestOrderBook::timePriority_data()
{
    QTest::addColumn<Side>("restingSide");
    QTest::addColumn<qint32>("incoming");
    QTest::addColumn<IdList>("expectedIds");
    QTest::addColumn<QList<qint32>>("expectedQuantities");
    QTest::addColumn<IdList>("remainingIds");

    QTest::newRow("ask: one GPU") << Side::Ask << 1 << IdList {1} << QList<qint32> {1}
                                  << IdList {1, 2, 3};
    QTest::newRow("ask: first order")
        << Side::Ask << 2 << IdList {1} << QList<qint32> {2} << IdList {2, 3};
    QTest::newRow("ask: into the third")
        << Side::Ask << 5 << IdList {1, 2, 3} << QList<qint32> {2, 2, 1} << IdList {3};
    QTest::newRow("bid: into the second")
        << Side::Bid << 3 << IdList {1, 2} << QList<qint32> {2, 1} << IdList {2, 3};
    QTest::newRow("bid: all") << Side::Bid << 6 << IdList {1, 2, 3} << QList<qint32> {2, 2, 2}
                              << IdList {};
}

void TestOrderBook::timePriority()
{
    QFETCH(Side, restingSide);
    QFETCH(qint32, incoming);
    QFETCH(IdList, expectedIds);
    QFETCH(QList<qint32>, expectedQuantities);
    QFETCH(IdList, remainingIds);

    OrderBook book;
    addAt(book, restingSide, PriceList {500, 500, 500}, 2);
    std::vector<BookFill> fills;
    QCOMPARE(book.match(other(restingSide), Alice, 500, incoming, fills), 0);
    QCOMPARE(fillIds(fills), expectedIds);
    QCOMPARE(fillQuantities(fills), expectedQuantities);
    QCOMPARE(orderIds(book.orders(restingSide)), remainingIds);
}

void TestOrderBook::tradesAtRestingPrice_data()
{
    QTest::addColumn<Side>("restingSide");
    QTest::addColumn<qint32>("restingPrice");
    QTest::addColumn<qint32>("limit");

    // An incoming bid willing to pay more still pays the ask; an incoming ask willing to take
    // less still gets the bid.
    QTest::newRow("incoming bid above resting ask") << Side::Ask << 899 << 1'250;
    QTest::newRow("incoming bid at resting ask") << Side::Ask << 899 << 899;
    QTest::newRow("incoming ask below resting bid") << Side::Bid << 899 << 33;
    QTest::newRow("incoming ask at resting bid") << Side::Bid << 899 << 899;
}

void TestOrderBook::tradesAtRestingPrice()
{
    QFETCH(Side, restingSide);
    QFETCH(qint32, restingPrice);
    QFETCH(qint32, limit);

    OrderBook book;
    const OrderBook::Handle handle = book.add(restingSide, 7, Bob, restingPrice, 4);
    std::vector<BookFill> fills;
    QCOMPARE(book.match(other(restingSide), Alice, limit, 4, fills), 0);
    QCOMPARE(fills.size(), 1u);
    QCOMPARE(fills[0].price, restingPrice);
    QCOMPARE(fills[0].quantity, 4);
    QCOMPARE(fills[0].restingId, 7u);
    QCOMPARE(fills[0].restingOwner, Bob);
    QCOMPARE(fills[0].restingHandle, handle);
    QCOMPARE(fills[0].restingLeft, 0);
}

void TestOrderBook::partialFills_data()
{
    QTest::addColumn<Side>("restingSide");
    QTest::addColumn<qint32>("resting");
    QTest::addColumn<qint32>("incoming");

    QTest::newRow("incoming partially filled (ask rests)") << Side::Ask << 5 << 8;
    QTest::newRow("incoming partially filled (bid rests)") << Side::Bid << 5 << 8;
    QTest::newRow("resting partially filled (ask rests)") << Side::Ask << 8 << 5;
    QTest::newRow("resting partially filled (bid rests)") << Side::Bid << 8 << 5;
    QTest::newRow("exact") << Side::Ask << 6 << 6;
}

void TestOrderBook::partialFills()
{
    QFETCH(Side, restingSide);
    QFETCH(qint32, resting);
    QFETCH(qint32, incoming);

    OrderBook book;
    const OrderBook::Handle handle = book.add(restingSide, 11, Bob, 300, resting);
    std::vector<BookFill> fills;
    const qint32 traded = std::min(resting, incoming);
    const qint32 restingLeft = resting - traded;

    QCOMPARE(book.match(other(restingSide), Alice, 300, incoming, fills), incoming - traded);
    QCOMPARE(fills.size(), 1u);
    QCOMPARE(fills[0].quantity, traded);
    QCOMPARE(fills[0].restingLeft, restingLeft);
    QCOMPARE(book.isLive(handle, 11), restingLeft > 0);
    QCOMPARE(book.quantityOf(handle), restingLeft);
    QCOMPARE(book.quantityAt(restingSide, 300), qint64(restingLeft));
    QCOMPARE(book.orderCount(), restingLeft > 0 ? 1 : 0);
    QCOMPARE(book.bestPrice(restingSide).has_value(), restingLeft > 0);
}

// Asks of 2 GPUs at 100, 101, 102, 103 (ids 1..4), or bids of 2 GPUs at 103, 102, 101, 100;
// an incoming order of 10 GPUs sweeps until its limit stops it.
void TestOrderBook::sweepUpToLimit_data()
{
    QTest::addColumn<Side>("restingSide");
    QTest::addColumn<qint32>("limit");
    QTest::addColumn<qint32>("expectedLeft");
    QTest::addColumn<PriceList>("expectedPrices");
    QTest::addColumn<int>("expectedBest"); // -1: side empty

    QTest::newRow("bid below the asks") << Side::Ask << 99 << 10 << PriceList {} << 100;
    QTest::newRow("bid at the best ask") << Side::Ask << 100 << 8 << PriceList {100} << 101;
    QTest::newRow("bid sweeps to 102") << Side::Ask << 102 << 4 << PriceList {100, 101, 102} << 103;
    QTest::newRow("bid sweeps all")
        << Side::Ask << 200 << 2 << PriceList {100, 101, 102, 103} << -1;
    QTest::newRow("ask above the bids") << Side::Bid << 104 << 10 << PriceList {} << 103;
    QTest::newRow("ask sweeps to 101") << Side::Bid << 101 << 4 << PriceList {103, 102, 101} << 100;
    QTest::newRow("ask sweeps all") << Side::Bid << 1 << 2 << PriceList {103, 102, 101, 100} << -1;
}

void TestOrderBook::sweepUpToLimit()
{
    QFETCH(Side, restingSide);
    QFETCH(qint32, limit);
    QFETCH(qint32, expectedLeft);
    QFETCH(PriceList, expectedPrices);
    QFETCH(int, expectedBest);

    OrderBook book;
    const PriceList prices =
        restingSide == Side::Ask ? PriceList {100, 101, 102, 103} : PriceList {103, 102, 101, 100};
    addAt(book, restingSide, prices, 2);
    std::vector<BookFill> fills;
    QCOMPARE(book.match(other(restingSide), Alice, limit, 10, fills), expectedLeft);
    QCOMPARE(fillPrices(fills), expectedPrices);
    QCOMPARE(book.bestPrice(restingSide).value_or(-1), expectedBest);
    QCOMPARE(book.orderCount(), qsizetype(4 - expectedPrices.size()));
    QCOMPARE(qsizetype(book.depth(restingSide).size()), 4 - expectedPrices.size());
}

// Asks (ids in order): 1 Alice 100, 2 Bob 100, 3 Alice 101, 4 Carol 101, 5 Dave 102, all of 2
// GPUs. The incoming bid belongs to `owner`; its orders are passed over, keep their place, and
// the others at the same and at worse levels still trade.
void TestOrderBook::selfTradePassOver_data()
{
    QTest::addColumn<qint64>("owner");
    QTest::addColumn<qint32>("limit");
    QTest::addColumn<qint32>("quantity");
    QTest::addColumn<IdList>("expectedIds");
    QTest::addColumn<IdList>("remainingIds");
    QTest::addColumn<int>("expectedBest");

    QTest::newRow("Alice skips her own at both levels")
        << Alice << 102 << 10 << IdList {2, 4, 5} << IdList {1, 3} << 100;
    QTest::newRow("Alice limited to 100")
        << Alice << 100 << 10 << IdList {2} << IdList {1, 3, 4, 5} << 100;
    QTest::newRow("Bob skips his own")
        << Bob << 102 << 5 << IdList {1, 3, 4} << IdList {2, 4, 5} << 100;
    QTest::newRow("Dave skips nothing")
        << Dave << 101 << 8 << IdList {1, 2, 3, 4} << IdList {5} << 102;
}

void TestOrderBook::selfTradePassOver()
{
    QFETCH(qint64, owner);
    QFETCH(qint32, limit);
    QFETCH(qint32, quantity);
    QFETCH(IdList, expectedIds);
    QFETCH(IdList, remainingIds);
    QFETCH(int, expectedBest);

    OrderBook book;
    book.add(Side::Ask, 1, Alice, 100, 2);
    book.add(Side::Ask, 2, Bob, 100, 2);
    book.add(Side::Ask, 3, Alice, 101, 2);
    book.add(Side::Ask, 4, Carol, 101, 2);
    book.add(Side::Ask, 5, Dave, 102, 2);

    std::vector<BookFill> fills;
    qint32 traded = 0;
    const qint32 left = book.match(Side::Bid, owner, limit, quantity, fills);
    for (const BookFill &fill : fills) {
        QVERIFY(fill.restingOwner != owner);
        traded += fill.quantity;
    }
    QCOMPARE(left + traded, quantity);
    QCOMPARE(fillIds(fills), expectedIds);
    QCOMPARE(orderIds(book.orders(Side::Ask)), remainingIds);
    QCOMPARE(book.bestAsk().value_or(-1), expectedBest);

    // Passed-over orders kept their place: the next buyer takes them first.
    if (owner == Alice) {
        fills.clear();
        book.match(Side::Bid, Dave, 101, 1, fills);
        QCOMPARE(fillIds(fills), IdList {1});
    }
}

// Within one level: Bob 1, Alice 2, Bob 3, Alice 4. Alice's incoming ask takes Bob's orders
// around her own, which stay in place.
void TestOrderBook::selfTradeInsideQueue()
{
    OrderBook book;
    book.add(Side::Bid, 1, Bob, 250, 1);
    book.add(Side::Bid, 2, Alice, 250, 1);
    book.add(Side::Bid, 3, Bob, 250, 1);
    book.add(Side::Bid, 4, Alice, 250, 1);
    std::vector<BookFill> fills;
    QCOMPARE(book.match(Side::Ask, Alice, 250, 1, fills), 0);
    QCOMPARE(fillIds(fills), IdList {1});
    QCOMPARE(book.match(Side::Ask, Alice, 250, 5, fills), 4);
    QCOMPARE(fillIds(fills), (IdList {1, 3}));
    QCOMPARE(orderIds(book.orders(Side::Bid)), (IdList {2, 4}));
    QCOMPARE(book.quantityAt(Side::Bid, 250), 2);
    QCOMPARE(book.bestBid().value_or(-1), 250);
    // Only Alice's own orders left: the level stays best and nothing trades for her.
    QCOMPARE(book.match(Side::Ask, Alice, 1, 5, fills), 5);
    QCOMPARE(fills.size(), 2u);
}

void TestOrderBook::matchAppendsToFills()
{
    OrderBook book;
    addAt(book, Side::Ask, PriceList {100, 101}, 1);
    std::vector<BookFill> fills;
    fills.push_back(BookFill {99, Dave, 0, 1, 1, 0});
    QCOMPARE(book.match(Side::Bid, Alice, 101, 2, fills), 0);
    QCOMPARE(fillIds(fills), (IdList {99, 1, 2}));
}

void TestOrderBook::cancelInMiddleOfLevel()
{
    OrderBook book;
    const auto handles = addAt(book, Side::Ask, PriceList {700, 700, 700}, 3);
    QCOMPARE(book.cancel(handles[1]), 3);
    QVERIFY(!book.isLive(handles[1], 2));
    QCOMPARE(book.orderCount(), 2);
    QCOMPARE(book.quantityAt(Side::Ask, 700), 6);
    QCOMPARE(orderIds(book.orders(Side::Ask)), (IdList {1, 3}));
    const auto levels = book.depth(Side::Ask);
    QCOMPARE(levels.size(), 1u);
    QCOMPARE(levels[0].orders, 2);
    QCOMPARE(levels[0].quantity, 6);

    // The FIFO is still linked both ways: the first order fills, then the third, then a newcomer.
    book.add(Side::Ask, 4, Bob, 700, 3);
    std::vector<BookFill> fills;
    QCOMPARE(book.match(Side::Bid, Alice, 700, 7, fills), 0);
    QCOMPARE(fillIds(fills), (IdList {1, 3, 4}));
    QCOMPARE(orderIds(book.orders(Side::Ask)), IdList {4});

    // Cancelling the head and then the tail.
    OrderBook book2;
    const auto h2 = addAt(book2, Side::Bid, PriceList {50, 50, 50}, 1);
    QCOMPARE(book2.cancel(h2[0]), 1);
    QCOMPARE(book2.cancel(h2[2]), 1);
    QCOMPARE(orderIds(book2.orders(Side::Bid)), IdList {2});
    book2.add(Side::Bid, 4, Bob, 50, 1);
    QCOMPARE(orderIds(book2.orders(Side::Bid)), (IdList {2, 4}));
}

// Levels of one order each at 100..104 on `side`; cancelling the one at `cancelled` leaves an
// empty level in the middle of the book, which depth() skips and a new order reuses.
void TestOrderBook::cancelMiddleLevelThenReuse_data()
{
    QTest::addColumn<Side>("side");
    QTest::addColumn<qint32>("cancelled");
    QTest::addColumn<PriceList>("depthAfterCancel");
    QTest::addColumn<PriceList>("depthAfterReuse");

    QTest::newRow("bids, 102") << Side::Bid << 102 << PriceList {104, 103, 101, 100}
                               << PriceList {104, 103, 102, 101, 100};
    QTest::newRow("bids, 101") << Side::Bid << 101 << PriceList {104, 103, 102, 100}
                               << PriceList {104, 103, 102, 101, 100};
    QTest::newRow("asks, 102") << Side::Ask << 102 << PriceList {100, 101, 103, 104}
                               << PriceList {100, 101, 102, 103, 104};
    QTest::newRow("asks, 103") << Side::Ask << 103 << PriceList {100, 101, 102, 104}
                               << PriceList {100, 101, 102, 103, 104};
}

void TestOrderBook::cancelMiddleLevelThenReuse()
{
    QFETCH(Side, side);
    QFETCH(qint32, cancelled);
    QFETCH(PriceList, depthAfterCancel);
    QFETCH(PriceList, depthAfterReuse);

    OrderBook book;
    const auto handles = addAt(book, side, PriceList {100, 101, 102, 103, 104}, 5);
    const qint32 best = side == Side::Bid ? 104 : 100;
    QCOMPARE(book.cancel(handles[cancelled - 100]), 5);
    QCOMPARE(levelPrices(book.depth(side)), depthAfterCancel);
    QCOMPARE(levelPrices(book.depth(side, 3)), depthAfterCancel.first(3));
    QCOMPARE(book.quantityAt(side, cancelled), 0);
    QCOMPARE(book.bestPrice(side).value_or(-1), best);
    QCOMPARE(book.orderCount(), 4);

    book.add(side, 10, Carol, cancelled, 7);
    QCOMPARE(levelPrices(book.depth(side)), depthAfterReuse);
    QCOMPARE(book.quantityAt(side, cancelled), 7);
    const auto levels = book.depth(side);
    QCOMPARE(levels[qsizetype(depthAfterReuse.indexOf(cancelled))].orders, 1);

    // A sweep through the reused level trades there in price order.
    std::vector<BookFill> fills;
    const qint32 limit = side == Side::Bid ? 1 : 1'000;
    QCOMPARE(book.match(other(side), Alice, limit, 100, fills), 100 - 27);
    QCOMPARE(fillPrices(fills), depthAfterReuse);
    QCOMPARE(book.orderCount(), 0);
    QVERIFY(book.depth(side).empty());
}

// Bids or asks with one order per level at 100..104; cancel the listed prices in that order and
// check the best price after each.
void TestOrderBook::bestPriceAfterCancels_data()
{
    QTest::addColumn<Side>("side");
    QTest::addColumn<PriceList>("cancels");
    QTest::addColumn<QList<int>>("expectedBest"); // -1: side empty

    QTest::newRow("bids: best") << Side::Bid << PriceList {104} << QList<int> {103};
    QTest::newRow("bids: best twice") << Side::Bid << PriceList {104, 103} << QList<int> {103, 102};
    QTest::newRow("bids: middle then top")
        << Side::Bid << PriceList {103, 104} << QList<int> {104, 102};
    QTest::newRow("bids: two middle then top")
        << Side::Bid << PriceList {102, 103, 104} << QList<int> {104, 104, 101};
    QTest::newRow("bids: bottom up")
        << Side::Bid << PriceList {100, 101, 102, 103, 104} << QList<int> {104, 104, 104, 104, -1};
    QTest::newRow("bids: middles then top empties")
        << Side::Bid << PriceList {101, 102, 103, 100, 104} << QList<int> {104, 104, 104, 104, -1};
    QTest::newRow("asks: best") << Side::Ask << PriceList {100} << QList<int> {101};
    QTest::newRow("asks: middle then top")
        << Side::Ask << PriceList {101, 100} << QList<int> {100, 102};
    QTest::newRow("asks: two middle then top")
        << Side::Ask << PriceList {102, 101, 100} << QList<int> {100, 100, 103};
    QTest::newRow("asks: top down")
        << Side::Ask << PriceList {100, 101, 102, 103, 104} << QList<int> {101, 102, 103, 104, -1};
}

void TestOrderBook::bestPriceAfterCancels()
{
    QFETCH(Side, side);
    QFETCH(PriceList, cancels);
    QFETCH(QList<int>, expectedBest);

    OrderBook book;
    const auto handles = addAt(book, side, PriceList {100, 101, 102, 103, 104}, 1);
    for (qsizetype i = 0; i < cancels.size(); ++i) {
        QCOMPARE(book.cancel(handles[cancels[i] - 100]), 1);
        QCOMPARE(book.bestPrice(side).value_or(-1), expectedBest[i]);
        QCOMPARE(qsizetype(book.depth(side).size()), 5 - (i + 1));
    }
    // An incoming order sees the same best price.
    std::vector<BookFill> fills;
    book.match(other(side), Alice, side == Side::Bid ? 1 : 1'000, 1, fills);
    if (expectedBest.last() < 0)
        QVERIFY(fills.empty());
    else
        QCOMPARE(fillPrices(fills), PriceList {expectedBest.last()});
}

void TestOrderBook::cancelStaleHandle()
{
    OrderBook book;
    const OrderBook::Handle handle = book.add(Side::Bid, 1, Bob, 10, 2);
    QCOMPARE(book.cancel(handle), 2);
    QCOMPARE(book.cancel(handle), 0); // already gone: no double free of the slot
    QCOMPARE(book.cancel(OrderBook::InvalidHandle), 0);
    QCOMPARE(book.orderCount(), 0);
    const OrderBook::Handle a = book.add(Side::Bid, 2, Bob, 10, 1);
    const OrderBook::Handle b = book.add(Side::Bid, 3, Bob, 10, 1);
    QVERIFY(a != b);
    QCOMPARE(book.orderCount(), 2);
}

// Orders 1 (5 GPUs), 2 (5 GPUs) at one ask price; reducing order 1 keeps it first in the queue.
void TestOrderBook::reduceKeepsQueuePosition_data()
{
    QTest::addColumn<qint32>("by");
    QTest::addColumn<qint32>("expectedLeft");
    QTest::addColumn<IdList>("expectedFillIds");
    QTest::addColumn<QList<qint32>>("expectedFillQuantities");

    QTest::newRow("by 1") << 1 << 4 << IdList {1, 2} << QList<qint32> {4, 2};
    QTest::newRow("by 3") << 3 << 2 << IdList {1, 2} << QList<qint32> {2, 4};
    QTest::newRow("to zero") << 5 << 0 << IdList {2, 3} << QList<qint32> {5, 1};
    QTest::newRow("past zero") << 8 << 0 << IdList {2, 3} << QList<qint32> {5, 1};
}

void TestOrderBook::reduceKeepsQueuePosition()
{
    QFETCH(qint32, by);
    QFETCH(qint32, expectedLeft);
    QFETCH(IdList, expectedFillIds);
    QFETCH(QList<qint32>, expectedFillQuantities);

    OrderBook book;
    const auto handles = addAt(book, Side::Ask, PriceList {400, 400}, 5);
    book.add(Side::Ask, 3, Carol, 400, 5); // a later order, after the reduce in the queue
    QCOMPARE(book.reduce(handles[0], by), expectedLeft);
    QCOMPARE(book.quantityOf(handles[0]), expectedLeft);
    QCOMPARE(book.isLive(handles[0], 1), expectedLeft > 0);
    QCOMPARE(book.quantityAt(Side::Ask, 400), qint64(10 + expectedLeft));
    QCOMPARE(book.orderCount(), expectedLeft > 0 ? 3 : 2);

    std::vector<BookFill> fills;
    QCOMPARE(book.match(Side::Bid, Alice, 400, 6, fills), std::max(0, 6 - (10 + expectedLeft)));
    QCOMPARE(fillIds(fills), expectedFillIds);
    QCOMPARE(fillQuantities(fills), expectedFillQuantities);
}

void TestOrderBook::handlesAreReused()
{
    OrderBook book(4);
    const OrderBook::Handle first = book.add(Side::Bid, 100, Bob, 10, 1);
    QVERIFY(first != OrderBook::InvalidHandle);
    QVERIFY(book.isLive(first, 100));
    QVERIFY(!book.isLive(first, 101));
    QCOMPARE(book.cancel(first), 1);
    QVERIFY(!book.isLive(first, 100));
    QCOMPARE(book.quantityOf(first), 0);

    // The freed slot serves the next order, with its new id; the old id is not live there.
    const OrderBook::Handle second = book.add(Side::Ask, 101, Carol, 20, 3);
    QCOMPARE(second, first);
    QVERIFY(book.isLive(second, 101));
    QVERIFY(!book.isLive(first, 100));
    QCOMPARE(book.quantityOf(second), 3);

    QVERIFY(!book.isLive(OrderBook::InvalidHandle, 101));
    QVERIFY(!book.isLive(second + 1000, 0));
    QCOMPARE(book.quantityOf(second + 1000), 0);

    // Many adds past the reservation, then cancels: every handle is distinct while live, and
    // all of them are reused afterwards.
    QSet<OrderBook::Handle> live;
    QList<OrderBook::Handle> handles;
    for (quint64 id = 1; id <= 100; ++id) {
        const OrderBook::Handle h = book.add(Side::Bid, id, Bob, qint32(1 + id % 7), 1);
        QVERIFY(!live.contains(h));
        live.insert(h);
        handles.append(h);
    }
    for (quint64 id = 1; id <= 100; ++id)
        QVERIFY(book.isLive(handles[qsizetype(id - 1)], id));
    for (OrderBook::Handle h : std::as_const(handles))
        QCOMPARE(book.cancel(h), 1);
    QCOMPARE(book.orderCount(), 1);
    QSet<OrderBook::Handle> reused;
    for (quint64 id = 1000; id < 1100; ++id)
        reused.insert(book.add(Side::Ask, id, Bob, 50, 1));
    QCOMPARE(reused, live);
}

void TestOrderBook::isLiveAfterFill()
{
    OrderBook book;
    const OrderBook::Handle full = book.add(Side::Ask, 1, Bob, 100, 2);
    const OrderBook::Handle part = book.add(Side::Ask, 2, Bob, 100, 2);
    std::vector<BookFill> fills;
    QCOMPARE(book.match(Side::Bid, Alice, 100, 3, fills), 0);
    QVERIFY(!book.isLive(full, 1));
    QCOMPARE(book.quantityOf(full), 0);
    QVERIFY(book.isLive(part, 2));
    QCOMPARE(book.quantityOf(part), 1);
    QCOMPARE(fills[0].restingHandle, full);
    QCOMPARE(fills[1].restingHandle, part);
    QCOMPARE(book.cancel(full), 0);
    QCOMPARE(book.orderCount(), 1);
    const OrderBook::Handle reused = book.add(Side::Bid, 3, Alice, 90, 1);
    QCOMPARE(reused, full);
    QVERIFY(!book.isLive(reused, 1));
    QVERIFY(book.isLive(reused, 3));
}

// Orders added as (price, id = position + 1), of quantity id, all on one side.
void TestOrderBook::depthAndOrdersOrdering_data()
{
    QTest::addColumn<Side>("side");
    QTest::addColumn<PriceList>("prices");
    QTest::addColumn<PriceList>("expectedLevels");
    QTest::addColumn<QList<qint64>>("expectedQuantities");
    QTest::addColumn<QList<qint32>>("expectedCounts");
    QTest::addColumn<IdList>("expectedOrders");

    QTest::newRow("bids") << Side::Bid << PriceList {100, 102, 100, 101, 102, 99}
                          << PriceList {102, 101, 100, 99} << QList<qint64> {7, 4, 4, 6}
                          << QList<qint32> {2, 1, 2, 1} << IdList {2, 5, 4, 1, 3, 6};
    QTest::newRow("asks") << Side::Ask << PriceList {100, 102, 100, 101, 102, 99}
                          << PriceList {99, 100, 101, 102} << QList<qint64> {6, 4, 4, 7}
                          << QList<qint32> {1, 2, 1, 2} << IdList {6, 1, 3, 4, 2, 5};
    QTest::newRow("asks, far apart")
        << Side::Ask << PriceList {100'000, 1, 5'000} << PriceList {1, 5'000, 100'000}
        << QList<qint64> {2, 3, 1} << QList<qint32> {1, 1, 1} << IdList {2, 3, 1};
}

void TestOrderBook::depthAndOrdersOrdering()
{
    QFETCH(Side, side);
    QFETCH(PriceList, prices);
    QFETCH(PriceList, expectedLevels);
    QFETCH(QList<qint64>, expectedQuantities);
    QFETCH(QList<qint32>, expectedCounts);
    QFETCH(IdList, expectedOrders);

    OrderBook book;
    quint64 id = 1;
    for (qint32 price : prices) {
        book.add(side, id, qint64(id), price, qint32(id));
        ++id;
    }
    const auto levels = book.depth(side);
    QCOMPARE(levelPrices(levels), expectedLevels);
    for (qsizetype i = 0; i < expectedLevels.size(); ++i) {
        QCOMPARE(levels[std::size_t(i)].quantity, expectedQuantities[i]);
        QCOMPARE(levels[std::size_t(i)].orders, expectedCounts[i]);
    }
    const auto orders = book.orders(side);
    QCOMPARE(orderIds(orders), expectedOrders);
    for (const RestingOrder &order : orders) {
        QCOMPARE(order.quantity, qint32(order.id));
        QCOMPARE(order.owner, qint64(order.id));
        QCOMPARE(order.price, prices[qsizetype(order.id - 1)]);
    }
    QVERIFY(book.depth(other(side)).empty());
    QVERIFY(book.orders(other(side)).empty());
    QCOMPARE(book.bestPrice(side).value_or(-1), expectedLevels.first());
}

void TestOrderBook::depthMaxLevels_data()
{
    QTest::addColumn<qsizetype>("maxLevels");
    QTest::addColumn<PriceList>("expected");

    QTest::newRow("all") << qsizetype(0) << PriceList {105, 104, 103, 102, 101};
    QTest::newRow("one") << qsizetype(1) << PriceList {105};
    QTest::newRow("three") << qsizetype(3) << PriceList {105, 104, 103};
    QTest::newRow("more than there are") << qsizetype(9) << PriceList {105, 104, 103, 102, 101};
}

void TestOrderBook::depthMaxLevels()
{
    QFETCH(qsizetype, maxLevels);
    QFETCH(PriceList, expected);

    OrderBook book;
    addAt(book, Side::Bid, PriceList {101, 102, 103, 104, 105}, 1);
    QCOMPARE(levelPrices(book.depth(Side::Bid, maxLevels)), expected);
}

void TestOrderBook::isCrossed_data()
{
    QTest::addColumn<int>("bid"); // 0: none
    QTest::addColumn<int>("ask"); // 0: none
    QTest::addColumn<bool>("crossed");

    QTest::newRow("spread") << 100 << 101 << false;
    QTest::newRow("locked") << 101 << 101 << true;
    QTest::newRow("crossed") << 102 << 101 << true;
    QTest::newRow("bids only") << 100 << 0 << false;
    QTest::newRow("asks only") << 0 << 100 << false;
    QTest::newRow("empty") << 0 << 0 << false;
}

void TestOrderBook::isCrossed()
{
    QFETCH(int, bid);
    QFETCH(int, ask);
    QFETCH(bool, crossed);

    // add() does not match, so a crossed book can be built on purpose (the engine never does).
    OrderBook book;
    if (bid)
        book.add(Side::Bid, 1, Alice, bid, 1);
    if (ask)
        book.add(Side::Ask, 2, Bob, ask, 1);
    QCOMPARE(book.isCrossed(), crossed);
}

void TestOrderBook::quantityAt()
{
    OrderBook book;
    book.add(Side::Bid, 1, Alice, 100, 3);
    book.add(Side::Bid, 2, Bob, 100, 4);
    book.add(Side::Bid, 3, Bob, 98, 5);
    book.add(Side::Ask, 4, Carol, 103, 6);
    QCOMPARE(book.quantityAt(Side::Bid, 100), 7);
    QCOMPARE(book.quantityAt(Side::Bid, 98), 5);
    QCOMPARE(book.quantityAt(Side::Bid, 99), 0);
    QCOMPARE(book.quantityAt(Side::Bid, 103), 0);
    QCOMPARE(book.quantityAt(Side::Ask, 100), 0);
    QCOMPARE(book.quantityAt(Side::Ask, 103), 6);
    QCOMPARE(book.quantityAt(Side::Ask, 1'000), 0);

    std::vector<BookFill> fills;
    QCOMPARE(book.match(Side::Ask, Carol, 100, 5, fills), 0);
    QCOMPARE(book.quantityAt(Side::Bid, 100), 2);
    book.reduce(book.add(Side::Bid, 5, Dave, 98, 10), 4);
    QCOMPARE(book.quantityAt(Side::Bid, 98), 11);
}

// --- Randomised check against a naive reference book ----------------------------------------

namespace {

// The obvious implementation: a map of price to a FIFO per side, matched by walking the map.
class ReferenceBook
{
public:
    struct Entry
    {
        quint64 id;
        qint64 owner;
        qint32 quantity;
        OrderBook::Handle handle;
    };
    using Levels = std::map<qint32, std::deque<Entry>>;

    void add(Side side, quint64 id, qint64 owner, qint32 price, qint32 quantity,
             OrderBook::Handle handle)
    {
        levels(side)[price].push_back(Entry {id, owner, quantity, handle});
        m_where[id] = {side, price};
        m_total += quantity;
    }

    qint32 cancel(quint64 id)
    {
        const auto where = m_where.find(id);
        if (where == m_where.end())
            return 0;
        auto &levelMap = levels(where->second.first);
        auto level = levelMap.find(where->second.second);
        auto &queue = level->second;
        for (auto it = queue.begin(); it != queue.end(); ++it) {
            if (it->id == id) {
                const qint32 quantity = it->quantity;
                queue.erase(it);
                if (queue.empty())
                    levelMap.erase(level);
                m_where.erase(where);
                m_total -= quantity;
                return quantity;
            }
        }
        return -1; // index out of sync: the test will notice
    }

    qint32 reduce(quint64 id, qint32 by)
    {
        const auto where = m_where.find(id);
        if (where == m_where.end())
            return 0;
        for (Entry &entry : levels(where->second.first)[where->second.second]) {
            if (entry.id == id) {
                if (by >= entry.quantity) {
                    cancel(id);
                    return 0;
                }
                entry.quantity -= by;
                m_total -= by;
                return entry.quantity;
            }
        }
        return -1;
    }

    qint32 match(Side incoming, qint64 owner, qint32 limit, qint32 quantity,
                 std::vector<BookFill> &fills)
    {
        const Side restingSide = incoming == Side::Bid ? Side::Ask : Side::Bid;
        auto &levelMap = levels(restingSide);
        std::vector<qint32> emptied;
        const auto visit = [&](qint32 price, std::deque<Entry> &queue) {
            for (auto it = queue.begin(); it != queue.end() && quantity > 0;) {
                if (it->owner == owner) {
                    ++m_selfTradeSkips;
                    ++it;
                    continue;
                }
                const qint32 traded = std::min(quantity, it->quantity);
                it->quantity -= traded;
                quantity -= traded;
                m_total -= traded;
                fills.push_back(
                    BookFill {it->id, it->owner, it->handle, price, traded, it->quantity});
                if (it->quantity == 0) {
                    m_where.erase(it->id);
                    it = queue.erase(it);
                } else {
                    ++it;
                }
            }
            if (queue.empty())
                emptied.push_back(price);
        };
        if (incoming == Side::Bid) {
            for (auto it = levelMap.begin(); it != levelMap.end() && it->first <= limit; ++it)
                visit(it->first, it->second);
        } else {
            for (auto it = levelMap.rbegin(); it != levelMap.rend() && it->first >= limit; ++it)
                visit(it->first, it->second);
        }
        for (qint32 price : emptied)
            levelMap.erase(price);
        return quantity;
    }

    std::optional<qint32> best(Side side) const
    {
        const Levels &map = side == Side::Bid ? m_bids : m_asks;
        if (map.empty())
            return std::nullopt;
        return side == Side::Bid ? map.rbegin()->first : map.begin()->first;
    }

    std::vector<BookLevel> depth(Side side) const
    {
        std::vector<BookLevel> result;
        const auto append = [&result](const auto &level) {
            BookLevel out {level.first, 0, 0};
            for (const Entry &entry : level.second) {
                out.quantity += entry.quantity;
                ++out.orders;
            }
            result.push_back(out);
        };
        if (side == Side::Bid)
            std::for_each(m_bids.rbegin(), m_bids.rend(), append);
        else
            std::for_each(m_asks.begin(), m_asks.end(), append);
        return result;
    }

    std::vector<RestingOrder> orders(Side side) const
    {
        std::vector<RestingOrder> result;
        for (const BookLevel &level : depth(side)) {
            const Levels &map = side == Side::Bid ? m_bids : m_asks;
            for (const Entry &entry : map.at(level.price))
                result.push_back(RestingOrder {entry.id, entry.owner, level.price, entry.quantity});
        }
        return result;
    }

    qint64 total() const { return m_total; }
    qint64 selfTradeSkips() const { return m_selfTradeSkips; }
    qsizetype count() const { return qsizetype(m_where.size()); }

private:
    Levels &levels(Side side) { return side == Side::Bid ? m_bids : m_asks; }

    Levels m_bids;
    Levels m_asks;
    std::map<quint64, std::pair<Side, qint32>> m_where;
    qint64 m_total = 0;
    qint64 m_selfTradeSkips = 0;
};

bool sameFill(const BookFill &a, const BookFill &b)
{
    return a.restingId == b.restingId && a.restingOwner == b.restingOwner
        && a.restingHandle == b.restingHandle && a.price == b.price && a.quantity == b.quantity
        && a.restingLeft == b.restingLeft;
}

bool sameLevels(const std::vector<BookLevel> &a, const std::vector<BookLevel> &b)
{
    return std::equal(
        a.begin(), a.end(), b.begin(), b.end(), [](const BookLevel &x, const BookLevel &y) {
            return x.price == y.price && x.quantity == y.quantity && x.orders == y.orders;
        });
}

bool sameOrders(const std::vector<RestingOrder> &a, const std::vector<RestingOrder> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const RestingOrder &x, const RestingOrder &y) {
                          return x.id == y.id && x.owner == y.owner && x.price == y.price
                              && x.quantity == y.quantity;
                      });
}

QByteArray describe(const BookFill &f)
{
    return QByteArray("{id ") + QByteArray::number(f.restingId) + " owner "
        + QByteArray::number(f.restingOwner) + " handle " + QByteArray::number(f.restingHandle)
        + " price " + QByteArray::number(f.price) + " qty " + QByteArray::number(f.quantity)
        + " left " + QByteArray::number(f.restingLeft) + "}";
}

} // namespace

void TestOrderBook::randomizedAgainstReference_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("operations");
    QTest::addColumn<int>("priceSpread"); // prices drawn from 1000 +- priceSpread
    QTest::addColumn<int>("owners");
    QTest::addColumn<int>("minSelfTradeSkips"); // proof that the run exercised pass-over

    // Narrow prices and few owners: levels empty and refill all the time, self-trade is common.
    QTest::newRow("narrow, 4 owners") << quint64(20240601) << 200'000 << 12 << 4 << 10'000;
    // Wide prices: many sparse levels, many empty levels left in the middle.
    QTest::newRow("wide, 50 owners") << quint64(7) << 50'000 << 400 << 50 << 100;
}

void TestOrderBook::randomizedAgainstReference()
{
    QFETCH(quint64, seed);
    QFETCH(int, operations);
    QFETCH(int, priceSpread);
    QFETCH(int, owners);
    QFETCH(int, minSelfTradeSkips);

    std::mt19937_64 rng(seed);
    const auto uniform = [&rng](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };

    OrderBook book(64); // small reservation: the pools grow during the run
    ReferenceBook reference;
    struct Live
    {
        quint64 id;
        OrderBook::Handle handle;
    };
    std::vector<Live> live; // what the test believes rests, for picking cancels
    quint64 nextId = 1;
    std::vector<BookFill> fills;
    std::vector<BookFill> expectedFills;
    qsizetype totalFills = 0;
    qsizetype largestBook = 0;

    const auto forget = [&live](quint64 id) {
        const auto it =
            std::find_if(live.begin(), live.end(), [id](const Live &l) { return l.id == id; });
        if (it != live.end()) {
            *it = live.back();
            live.pop_back();
        }
    };
    // Fills: the same trades in the same order, each leaving its resting order with what it
    // reports. Checked straight after match(), before an add() may reuse a freed handle.
    const auto fillsDiffer = [&](int op) -> QByteArray {
        const QByteArray where = "op " + QByteArray::number(op) + ": ";
        if (fills.size() != expectedFills.size()) {
            return where + QByteArray::number(qulonglong(fills.size())) + " fills, reference "
                + QByteArray::number(qulonglong(expectedFills.size()));
        }
        for (std::size_t i = 0; i < fills.size(); ++i) {
            if (!sameFill(fills[i], expectedFills[i]))
                return where + describe(fills[i]) + " != reference " + describe(expectedFills[i]);
            if (book.quantityOf(fills[i].restingHandle) != fills[i].restingLeft)
                return where + "quantityOf() disagrees with " + describe(fills[i]);
            if (fills[i].restingLeft == 0)
                forget(fills[i].restingId);
        }
        return {};
    };

    for (int op = 0; op < operations; ++op) {
        // Limit orders more often while the book is small, so it hovers around 150 orders; the
        // other operations in fixed proportions.
        const int limitShare = live.size() < 20 ? 100 : (live.size() < 150 ? 60 : 35);
        const int kind = uniform(0, 99) < limitShare ? -1 : uniform(0, 99);
        if (kind < 0) {
            // A limit order: match first, rest what is left (as the engine does).
            const Side side = uniform(0, 1) ? Side::Bid : Side::Ask;
            const qint64 owner = uniform(1, owners);
            const qint32 price = 1000 + uniform(-priceSpread, priceSpread);
            const qint32 quantity = uniform(1, 9);
            const quint64 id = nextId++;
            // Mostly passive: three times in four the limit is shifted away from the other side.
            const bool aggressive = uniform(0, 3) == 0;
            const qint32 limit = aggressive
                ? price
                : (side == Side::Bid ? price - priceSpread / 2 : price + priceSpread / 2);
            const qint32 restPrice = std::max(1, limit);
            fills.clear();
            expectedFills.clear();
            const qint32 left = book.match(side, owner, restPrice, quantity, fills);
            const qint32 expectedLeft =
                reference.match(side, owner, restPrice, quantity, expectedFills);
            QCOMPARE(left, expectedLeft);
            const QByteArray differ = fillsDiffer(op);
            QVERIFY2(differ.isEmpty(), differ.constData());
            if (left > 0) {
                const OrderBook::Handle handle = book.add(side, id, owner, restPrice, left);
                QVERIFY(book.isLive(handle, id));
                reference.add(side, id, owner, restPrice, left, handle);
                live.push_back(Live {id, handle});
            }
        } else if (kind < 60) {
            const std::size_t pick = std::size_t(uniform(0, int(live.size()) - 1));
            const Live victim = live[pick];
            live[pick] = live.back();
            live.pop_back();
            QVERIFY(book.isLive(victim.handle, victim.id));
            QCOMPARE(book.cancel(victim.handle), reference.cancel(victim.id));
            QVERIFY(!book.isLive(victim.handle, victim.id));
            fills.clear();
            expectedFills.clear();
        } else if (kind < 75) {
            const std::size_t pick = std::size_t(uniform(0, int(live.size()) - 1));
            const Live target = live[pick];
            const qint32 by = uniform(1, 6);
            const qint32 left = book.reduce(target.handle, by);
            QCOMPARE(left, reference.reduce(target.id, by));
            if (left == 0) {
                live[pick] = live.back();
                live.pop_back();
            }
            fills.clear();
            expectedFills.clear();
        } else {
            // An immediate-or-cancel sweep: whatever is left does not rest.
            const Side side = uniform(0, 1) ? Side::Bid : Side::Ask;
            const qint64 owner = uniform(1, owners);
            const qint32 limit = 1000 + uniform(-priceSpread, priceSpread);
            const qint32 quantity = uniform(1, 40);
            fills.clear();
            expectedFills.clear();
            QCOMPARE(book.match(side, owner, limit, quantity, fills),
                     reference.match(side, owner, limit, quantity, expectedFills));
            const QByteArray differ = fillsDiffer(op);
            QVERIFY2(differ.isEmpty(), differ.constData());
        }

        totalFills += qsizetype(fills.size());
        largestBook = std::max(largestBook, book.orderCount());

        // After every operation: best prices, counts, total and per-level quantities.
        QCOMPARE(book.bestBid(), reference.best(Side::Bid));
        QCOMPARE(book.bestAsk(), reference.best(Side::Ask));
        QCOMPARE(book.orderCount(), reference.count());
        QCOMPARE(book.orderCount(), qsizetype(live.size()));
        const auto bidLevels = book.depth(Side::Bid);
        const auto askLevels = book.depth(Side::Ask);
        qint64 total = 0;
        for (const BookLevel &level : bidLevels)
            total += level.quantity;
        for (const BookLevel &level : askLevels)
            total += level.quantity;
        QCOMPARE(total, reference.total());
        if (!sameLevels(bidLevels, reference.depth(Side::Bid))
            || !sameLevels(askLevels, reference.depth(Side::Ask))) {
            QFAIL(qPrintable(QStringLiteral("op %1: depth differs from the reference").arg(op)));
        }
        if (op % 64 == 0 || op == operations - 1) {
            QVERIFY2(sameOrders(book.orders(Side::Bid), reference.orders(Side::Bid)),
                     qPrintable(QStringLiteral("op %1: bid queue differs").arg(op)));
            QVERIFY2(sameOrders(book.orders(Side::Ask), reference.orders(Side::Ask)),
                     qPrintable(QStringLiteral("op %1: ask queue differs").arg(op)));
            const auto bestBid = book.bestBid();
            if (bestBid)
                QCOMPARE(book.quantityAt(Side::Bid, *bestBid), bidLevels.front().quantity);
        }
    }
    qDebug("%lld fills, %lld own orders passed over, %lld orders resting at most",
           qlonglong(totalFills), qlonglong(reference.selfTradeSkips()), qlonglong(largestBook));
    // The run must have traded and passed over own orders, or the comparison proves little.
    QVERIFY2(totalFills > operations / 20,
             qPrintable(QStringLiteral("only %1 fills").arg(totalFills)));
    QVERIFY2(reference.selfTradeSkips() >= minSelfTradeSkips,
             qPrintable(
                 QStringLiteral("only %1 own orders passed over").arg(reference.selfTradeSkips())));
}

void TestOrderBook::driftingPricesDoNotGrowLevels()
{
    // A market that drifts upwards: each round rests bids at 50 new prices and cancels the
    // previous round's, whose levels are in the middle of the book by then (the best is kept).
    OrderBook book;
    std::vector<OrderBook::Handle> previous;
    OrderBook::Handle keep = book.add(Side::Bid, 1, 1, 100'000, 1);
    quint64 id = 2;
    for (int round = 0; round < 400; ++round) {
        std::vector<OrderBook::Handle> current;
        for (int k = 0; k < 50; ++k)
            current.push_back(book.add(Side::Bid, id++, 2, 1 + round * 50 + k, 1));
        for (const OrderBook::Handle h : previous)
            QCOMPARE(book.cancel(h), 1);
        previous = std::move(current);
    }
    // 20,000 prices were used; live levels are 51. Without compaction the side would keep all.
    QCOMPARE(book.depth(Side::Bid).size(), size_t(51));
    QVERIFY2(book.levelSlots(Side::Bid) <= 2 * 51 + 128,
             qPrintable(QString::number(book.levelSlots(Side::Bid))));
    QCOMPARE(book.bestBid(), std::optional<qint32>(100'000));
    // Compaction kept every live order in its level and place.
    QCOMPARE(book.quantityAt(Side::Bid, 1 + 399 * 50), qint64(1));
    QCOMPARE(book.cancel(keep), 1);
    QCOMPARE(book.bestBid(), std::optional<qint32>(1 + 399 * 50 + 49));
}

// The two ends of the price range rest, trade and report like any other price; a limit beyond
// the range reaches its end, and quantityAt() outside the range is 0.
void TestOrderBook::minAndMaxPrice_data()
{
    QTest::addColumn<qint32>("maxPrice");

    QTest::newRow("the market's maximum") << 100'000;
    QTest::newRow("the book's limit") << OrderBook::PriceLimit;
    QTest::newRow("one word") << 63;
    QTest::newRow("one price") << 1;
}

void TestOrderBook::minAndMaxPrice()
{
    QFETCH(qint32, maxPrice);

    OrderBook book(16, maxPrice);
    QCOMPARE(book.maxPrice(), maxPrice);
    for (const Side side : {Side::Bid, Side::Ask}) {
        book.add(side, 1, Bob, 1, 2);
        book.add(side, 2, Bob, maxPrice, 3);
        QCOMPARE(book.bestPrice(side).value_or(-1), side == Side::Bid ? maxPrice : 1);
        QCOMPARE(book.quantityAt(side, 1), maxPrice == 1 ? 5 : 2);
        QCOMPARE(book.quantityAt(side, maxPrice), maxPrice == 1 ? 5 : 3);
        QCOMPARE(book.quantityAt(side, 0), 0);
        QCOMPARE(book.quantityAt(side, maxPrice + 1), 0);
        QCOMPARE(book.quantityAt(side, -5), 0);

        // Sweep with limits past both ends of the range.
        std::vector<BookFill> fills;
        const qint32 limit = side == Side::Bid ? -1'000 : 2'000'000'000;
        QCOMPARE(book.match(other(side), Alice, limit, 10, fills), 5);
        const PriceList expected = maxPrice == 1 ? PriceList {1, 1}
            : side == Side::Bid                  ? PriceList {maxPrice, 1}
                                                 : PriceList {1, maxPrice};
        QCOMPARE(fillPrices(fills), expected);
        QVERIFY(!book.bestPrice(side));
        QVERIFY(book.depth(side).empty());
    }
    QCOMPARE(book.orderCount(), 0);
}

// One order at each of `prices` on `side`; the best level empties, by a fill or by a cancel, again
// and again, and the best moves to the next non-empty price each time, however far it is: within
// one 64-price word, to another word, to another group of 4,096 prices, to the far end.
void TestOrderBook::bestAfterBestLevelEmpties_data()
{
    QTest::addColumn<Side>("side");
    QTest::addColumn<PriceList>("prices"); // best first
    QTest::addColumn<bool>("byFill");

    const PriceList bids {262'143, 262'142, 200'000, 100'000, 8'192, 4'096, 4'095, 4'032,
                          4'031,   130,     128,     127,     64,    63,    2,     1};
    PriceList asks(bids.crbegin(), bids.crend());
    QTest::newRow("bids, cancelled") << Side::Bid << bids << false;
    QTest::newRow("bids, filled") << Side::Bid << bids << true;
    QTest::newRow("asks, cancelled") << Side::Ask << asks << false;
    QTest::newRow("asks, filled") << Side::Ask << asks << true;
}

void TestOrderBook::bestAfterBestLevelEmpties()
{
    QFETCH(Side, side);
    QFETCH(PriceList, prices);
    QFETCH(bool, byFill);

    OrderBook book;
    // Added in a shuffled order, so that the best is not simply the last added.
    PriceList shuffled = prices;
    std::mt19937 rng(7);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    QHash<qint32, OrderBook::Handle> handles;
    for (qint32 price : shuffled)
        handles.insert(price, book.add(side, quint64(price), Bob, price, 1));
    QCOMPARE(levelPrices(book.depth(side)), prices);

    for (qsizetype i = 0; i < prices.size(); ++i) {
        QCOMPARE(book.bestPrice(side).value_or(-1), prices[i]);
        if (byFill) {
            std::vector<BookFill> fills;
            QCOMPARE(book.match(other(side), Alice, prices[i], 5, fills), 4);
            QCOMPARE(fillPrices(fills), PriceList {prices[i]});
        } else {
            QCOMPARE(book.cancel(handles.value(prices[i])), 1);
        }
        QCOMPARE(book.levelSlots(side), prices.size() - i - 1);
    }
    QVERIFY(!book.bestPrice(side));
    QCOMPARE(book.orderCount(), 0);
}

// Levels far apart on both sides: depth and orders list them best first, a sweep crosses the gaps
// in price order, and a limit between two levels stops the sweep there.
void TestOrderBook::farApartPrices_data()
{
    QTest::addColumn<Side>("side");
    QTest::addColumn<qint32>("limit");
    QTest::addColumn<PriceList>("expectedPrices");

    QTest::newRow("asks, all") << Side::Ask << 100'000
                               << PriceList {1, 999, 4'097, 65'537, 100'000};
    QTest::newRow("asks, up to 65,536") << Side::Ask << 65'536 << PriceList {1, 999, 4'097};
    QTest::newRow("bids, all") << Side::Bid << 1 << PriceList {100'000, 65'537, 4'097, 999, 1};
    QTest::newRow("bids, down to 1,000")
        << Side::Bid << 1'000 << PriceList {100'000, 65'537, 4'097};
}

void TestOrderBook::farApartPrices()
{
    QFETCH(Side, side);
    QFETCH(qint32, limit);
    QFETCH(PriceList, expectedPrices);

    OrderBook book(16, 100'000);
    addAt(book, side, PriceList {65'537, 1, 100'000, 999, 4'097}, 2);
    const PriceList bestFirst = side == Side::Ask ? PriceList {1, 999, 4'097, 65'537, 100'000}
                                                  : PriceList {100'000, 65'537, 4'097, 999, 1};
    QCOMPARE(levelPrices(book.depth(side)), bestFirst);
    QCOMPARE(levelPrices(book.depth(side, 2)), bestFirst.first(2));
    PriceList orderPrices;
    for (const RestingOrder &order : book.orders(side))
        orderPrices.append(order.price);
    QCOMPARE(orderPrices, bestFirst);

    std::vector<BookFill> fills;
    const auto swept = qint32(expectedPrices.size());
    QCOMPARE(book.match(other(side), Alice, limit, 100, fills), 100 - 2 * swept);
    QCOMPARE(fillPrices(fills), expectedPrices);
    QCOMPARE(levelPrices(book.depth(side)), bestFirst.mid(swept));
    QCOMPARE(book.bestPrice(side).has_value(), swept < 5);
}

// Level pages come and go with the prices in use: a side keeps the pages that hold orders plus at
// most one spare, however many prices it has ever used.
void TestOrderBook::pagesFollowThePricesInUse()
{
    OrderBook book(16, 100'000);
    QCOMPARE(book.pageCount(Side::Bid), 0);
    const qsizetype empty = book.memoryBytes();

    // A market that drifts over the whole range, one page at a time, with a few orders resting.
    std::vector<OrderBook::Handle> resting;
    quint64 id = 1;
    for (qint32 price = 1; price <= 100'000; price += 97) {
        resting.push_back(book.add(Side::Ask, id++, Bob, price, 1));
        if (resting.size() > 8) {
            QCOMPARE(book.cancel(resting.front()), 1);
            resting.erase(resting.begin());
        }
        QVERIFY2(
            book.pageCount(Side::Ask) <= 3,
            qPrintable(
                QStringLiteral("%1 pages at price %2").arg(book.pageCount(Side::Ask)).arg(price)));
    }
    for (const OrderBook::Handle handle : resting)
        QCOMPARE(book.cancel(handle), 1);
    QCOMPARE(book.pageCount(Side::Ask), 1); // the spare
    QCOMPARE(book.orderCount(), 0);

    // A level that empties and refills at a page of its own reuses the spare page.
    for (int i = 0; i < 1000; ++i) {
        const OrderBook::Handle h = book.add(Side::Ask, id++, Bob, 50'000, 1);
        QCOMPARE(book.pageCount(Side::Ask), 1);
        QCOMPARE(book.cancel(h), 1);
    }
    QVERIFY(book.memoryBytes() - empty <= qsizetype(64 * 1024));
}

// The engine keeps one book per GPU model (15 today). Each, empty or holding a few thousand
// orders near the market, stays well under a megabyte, so the books cost the server and the
// embedded desk little; orders at both ends of the range add two pages, not the range.
void TestOrderBook::fifteenBooksFootprint()
{
    std::vector<std::unique_ptr<OrderBook>> books;
    qsizetype total = 0;
    quint64 id = 1;
    for (int gpu = 0; gpu < 15; ++gpu) {
        books.push_back(std::make_unique<OrderBook>(4'096, 100'000));
        OrderBook &book = *books.back();
        const qint32 mid = 300 + gpu * 300; // USD 3 to 45 per GPU-hour, as in the catalog
        for (int i = 0; i < 4'000; ++i) {
            const qint32 offset = 1 + i % 200;
            if (i % 2)
                book.add(Side::Bid, id++, Bob, mid - offset, 1);
            else
                book.add(Side::Ask, id++, Bob, mid + offset, 1);
        }
        book.add(Side::Bid, id++, Bob, 1, 1);
        book.add(Side::Ask, id++, Bob, 100'000, 1);
        QVERIFY2(book.memoryBytes() < 512 * 1024, qPrintable(QString::number(book.memoryBytes())));
        total += book.memoryBytes();
    }
    qDebug("15 books of 4,002 orders each: %lld KiB", qlonglong(total / 1024));
    QVERIFY(total < 8 * 1024 * 1024);
}

// Growing the pool, before or while orders rest, keeps every handle and every queue.
void TestOrderBook::reserveKeepsHandlesAndOrders()
{
    OrderBook book(16, 1'000);
    const auto handles = addAt(book, Side::Bid, PriceList {10, 10, 11, 12}, 1);
    const qsizetype before = book.memoryBytes();
    book.reserve(100'000);
    QVERIFY(book.memoryBytes() > before);
    for (qsizetype i = 0; i < handles.size(); ++i)
        QVERIFY(book.isLive(handles[i], quint64(i + 1)));
    QCOMPARE(orderIds(book.orders(Side::Bid)), (IdList {4, 3, 1, 2}));
    book.reserve(10); // never shrinks
    QCOMPARE(orderIds(book.orders(Side::Bid)), (IdList {4, 3, 1, 2}));
    for (quint64 i = 0; i < 1'000; ++i)
        book.add(Side::Ask, 100 + i, Alice, 20 + qint32(i % 900), 1);
    QCOMPARE(book.orderCount(), 1'004);
    QCOMPARE(book.cancel(handles[2]), 1);
    QCOMPARE(orderIds(book.orders(Side::Bid)), (IdList {4, 1, 2}));
}

QTEST_GUILESS_MAIN(TestOrderBook)
#include "tst_orderbook.moc"
