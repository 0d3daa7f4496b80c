// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The order book ladder model: asks above bids, exact row inserts and removes per level,
// cumulative depth, and no reset while the same GPU's book is updated.

#include "views/orderbookmodel.h"

#include <QtCore/QJsonArray>
#include <QtCore/QRandomGenerator>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <map>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {
QJsonArray levels(std::initializer_list<std::pair<const char *, qint64>> ls)
{
    QJsonArray a;
    for (const auto &[price, gpus] : ls)
        a.append(QJsonArray {QString::fromLatin1(price), gpus, gpus > 0 ? 1 : 0});
    return a;
}
QJsonObject book(QJsonArray bids, QJsonArray asks)
{
    return {{QStringLiteral("bids"), bids}, {QStringLiteral("asks"), asks}};
}
} // namespace

class TestOrderBookModel : public QObject
{
    Q_OBJECT

private slots:
    void snapshotOrdersTheLadder();
    void deltasInsertAndRemoveExactRows();
    void sameGpuSnapshotIsNotAReset();
    void randomDeltasMatchAReferenceBook();
    void manyLevelsInOneDelta();
    void crossedMoment();
    void malformedLevelsSkipped_data();
    void malformedLevelsSkipped();
    void askLevelsCarryTheirBlock();
};

void TestOrderBookModel::snapshotOrdersTheLadder()
{
    OrderBookModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(
        QStringLiteral("h200"),
        book(levels({{"4.10", 3}, {"4.05", 5}}), levels({{"4.19", 2}, {"4.30", 8}})));
    QCOMPARE(model.rowCount(), 4);
    // 4.30 ask, 4.19 ask | 4.10 bid, 4.05 bid
    QCOMPARE(model.index(0, OrderBookModel::Price).data(OrderBookModel::RawValueRole).toLongLong(),
             430);
    QCOMPARE(model.index(1, OrderBookModel::Price).data(OrderBookModel::RawValueRole).toLongLong(),
             419);
    QCOMPARE(model.index(2, OrderBookModel::Price).data(OrderBookModel::RawValueRole).toLongLong(),
             410);
    QCOMPARE(model.firstBidRow(), 2);
    QVERIFY(model.index(1, 0).data(OrderBookModel::IsAskRole).toBool());
    QVERIFY(!model.index(2, 0).data(OrderBookModel::IsAskRole).toBool());
    QCOMPARE(model.bestAsk(), std::optional<Cents>(419));
    QCOMPARE(model.bestBid(), std::optional<Cents>(410));
    QCOMPARE(model.spread(), std::optional<Cents>(9));
    // Cumulative from the best price outward, on each side.
    QCOMPARE(model.cumulative(1), qint64(2));
    QCOMPARE(model.cumulative(0), qint64(10));
    QCOMPARE(model.cumulative(2), qint64(3));
    QCOMPARE(model.cumulative(3), qint64(8));
    QCOMPARE(model.index(0, 0).data(OrderBookModel::DepthFractionRole).toDouble(), 1.0);
    QCOMPARE(model.index(1, 0).data(OrderBookModel::DepthFractionRole).toDouble(), 0.2);
    QCOMPARE(model.index(0, OrderBookModel::Price).data().toString(), QStringLiteral("$4.30"));
}

void TestOrderBookModel::deltasInsertAndRemoveExactRows()
{
    OrderBookModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(QStringLiteral("h200"), book(levels({{"4.10", 3}}), levels({{"4.19", 2}})));
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.applyDelta(book(levels({{"4.12", 1}}), {}));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted[0][1].toInt(), 1); // between the ask and the old best bid
    QCOMPARE(model.bestBid(), std::optional<Cents>(412));
    model.applyDelta(book({}, levels({{"4.19", 0}})));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed[0][1].toInt(), 0);
    QVERIFY(!model.bestAsk());
    QVERIFY(!model.spread());
    // Removing a level that is not there does nothing.
    model.applyDelta(book(levels({{"9.99", 0}}), {}));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(reset.size(), 0);
}

void TestOrderBookModel::sameGpuSnapshotIsNotAReset()
{
    OrderBookModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(QStringLiteral("h200"),
                        book(levels({{"4.10", 3}, {"4.00", 1}}), levels({{"4.19", 2}})));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // A resubscription after a gap: some levels went, one came, one changed.
    model.applySnapshot(QStringLiteral("h200"),
                        book(levels({{"4.10", 4}}), levels({{"4.19", 2}, {"4.25", 6}})));
    QCOMPARE(reset.size(), 0);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.cumulative(0), qint64(8));
    QCOMPARE(model.index(2, OrderBookModel::Gpus).data(OrderBookModel::RawValueRole).toLongLong(),
             4);
    // Another GPU is another book: that one is a reset.
    model.applySnapshot(QStringLiteral("a100-sxm"), book({}, levels({{"1.79", 1}})));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.gpu(), QStringLiteral("a100-sxm"));
}

void TestOrderBookModel::randomDeltasMatchAReferenceBook()
{
    OrderBookModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(QStringLiteral("h100-sxm"), book({}, {}));
    std::map<Cents, qint64> bids, asks;
    QRandomGenerator rng(42);
    for (int i = 0; i < 3000; ++i) {
        // One to five levels a delta, on either side. Asks at 290..349, bids at 250..309: the
        // book is crossed now and then, as between two deltas.
        QJsonArray changed[2]; // bids, asks
        std::map<Cents, qint64> *sides[2] = {&bids, &asks};
        const int count = 1 + int(rng.bounded(5));
        for (int k = 0; k < count; ++k) {
            const int side = int(rng.bounded(2));
            const Cents price = side == 1 ? 290 + rng.bounded(60) : 250 + rng.bounded(60);
            const qint64 gpus = rng.bounded(4) == 0 ? 0 : 1 + rng.bounded(20);
            if (gpus == 0)
                sides[side]->erase(price);
            else
                (*sides[side])[price] = gpus;
            // append(), not QJsonArray {QJsonArray {...}}: clang reads that as a copy of the
            // inner array, gcc as an array holding it.
            changed[side].append(QJsonArray {Money::toPlain(price), gpus, gpus > 0 ? 1 : 0});
        }
        model.applyDelta(book(changed[0], changed[1]));
    }
    QCOMPARE(model.firstBidRow(), int(asks.size()));
    QCOMPARE(model.rowCount(), int(asks.size() + bids.size()));
    // Every ask (highest first), then every bid (highest first), with the sums from the best.
    int row = 0;
    qint64 askTotal = 0;
    for (const auto &[p, g] : asks)
        askTotal += g;
    qint64 above = 0;
    for (auto it = asks.rbegin(); it != asks.rend(); ++it, ++row) {
        QCOMPARE(model.level(row).side, OrderBookModel::Side::Ask);
        QCOMPARE(model.level(row).price, it->first);
        QCOMPARE(model.level(row).gpus, it->second);
        QCOMPARE(model.cumulative(row), askTotal - above);
        above += it->second;
    }
    qint64 sum = 0;
    for (auto it = bids.rbegin(); it != bids.rend(); ++it, ++row) {
        QCOMPARE(model.level(row).side, OrderBookModel::Side::Bid);
        QCOMPARE(model.level(row).price, it->first);
        QCOMPARE(model.level(row).gpus, it->second);
        QCOMPARE(model.cumulative(row), sum += it->second);
    }
    QCOMPARE(model.cumulative(0), askTotal);
}

void TestOrderBookModel::manyLevelsInOneDelta()
{
    // One delta that inserts, changes and removes levels on both sides: every row inserted and
    // removed exactly, a changed level's row changed, and each side's cumulative column
    // changed once, after all its levels.
    OrderBookModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(
        QStringLiteral("h200"),
        book(levels({{"4.10", 3}, {"4.05", 5}, {"4.00", 1}}), levels({{"4.19", 2}, {"4.30", 8}})));
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.applyDelta(book(levels({{"4.12", 4}, {"4.05", 0}, {"4.00", 6}, {"3.90", 2}}),
                          levels({{"4.19", 7}, {"4.25", 1}, {"4.30", 0}})));
    QCOMPARE(reset.size(), 0);
    QCOMPARE(inserted.size(), 3); // 4.12 and 3.90 bids, 4.25 ask
    QCOMPARE(removed.size(), 2); // 4.05 bid, 4.30 ask
    // Asks 4.25, 4.19 | bids 4.12, 4.10, 4.00, 3.90.
    const QList<Cents> prices {425, 419, 412, 410, 400, 390};
    const QList<qint64> gpus {1, 7, 4, 3, 6, 2};
    const QList<qint64> totals {8, 7, 4, 7, 13, 15};
    QCOMPARE(model.rowCount(), int(prices.size()));
    QCOMPARE(model.firstBidRow(), 2);
    for (int row = 0; row < model.rowCount(); ++row) {
        QCOMPARE(model.level(row).price, prices[row]);
        QCOMPARE(model.level(row).gpus, gpus[row]);
        QCOMPARE(model.cumulative(row), totals[row]);
    }
    // Two level rows changed (4.19 ask, 4.00 bid), then one cumulative column per side.
    int cumulativeSignals = 0, askColumn = 0, bidColumn = 0;
    for (const QList<QVariant> &args : std::as_const(changed)) {
        const QModelIndex from = args[0].toModelIndex(), to = args[1].toModelIndex();
        if (from.column() == OrderBookModel::Cumulative && to.column() == OrderBookModel::Cumulative
            && to.row() > from.row()) {
            ++cumulativeSignals;
            askColumn += from.row() == 0 && to.row() == 1;
            bidColumn += from.row() == 2 && to.row() == 5;
        } else {
            QCOMPARE(from.row(), to.row());
        }
    }
    QCOMPARE(changed.size(), 4);
    QCOMPARE(cumulativeSignals, 2);
    QCOMPARE(askColumn, 1);
    QCOMPARE(bidColumn, 1);
    QCOMPARE(changed.last()[1].toModelIndex().row(), 5); // the bids' column comes last
    // A delta that changes nothing says nothing.
    changed.clear();
    model.applyDelta(book(levels({{"4.12", 4}, {"9.99", 0}}), {}));
    QCOMPARE(changed.size(), 0);
}

void TestOrderBookModel::crossedMoment()
{
    // Between two deltas a bid can stand at or above an ask: the rows stay every ask, then
    // every bid, and the next delta uncrosses the book.
    OrderBookModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(QStringLiteral("h200"),
                        book(levels({{"4.10", 3}}), levels({{"4.19", 2}, {"4.30", 8}})));
    model.applyDelta(book(levels({{"4.19", 5}, {"4.25", 1}}), {}));
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.firstBidRow(), 2);
    QCOMPARE(model.bestAsk(), std::optional<Cents>(419));
    QCOMPARE(model.bestBid(), std::optional<Cents>(425));
    QCOMPARE(model.spread(), std::optional<Cents>(-6));
    QCOMPARE(model.index(1, 0).data(OrderBookModel::IsAskRole).toBool(), true);
    QCOMPARE(model.index(2, 0).data(OrderBookModel::IsAskRole).toBool(), false);
    QCOMPARE(model.level(2).price, Cents(425));
    QCOMPARE(model.level(3).price, Cents(419)); // the bid at the ask's price, its own row
    QCOMPARE(model.cumulative(3), qint64(6));
    // The trade takes the ask and both bids at or above it.
    model.applyDelta(book(levels({{"4.19", 0}, {"4.25", 0}}), levels({{"4.19", 0}})));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.bestAsk(), std::optional<Cents>(430));
    QCOMPARE(model.bestBid(), std::optional<Cents>(410));
}

void TestOrderBookModel::malformedLevelsSkipped_data()
{
    QTest::addColumn<QJsonValue>("level");
    QTest::newRow("three decimals") << QJsonValue(QJsonArray {u"4.125"_s, 1, 1});
    QTest::newRow("number price") << QJsonValue(QJsonArray {4.12, 1, 1});
    QTest::newRow("negative gpus") << QJsonValue(QJsonArray {u"4.12"_s, -1, 1});
    QTest::newRow("fractional gpus") << QJsonValue(QJsonArray {u"4.12"_s, 1.5, 1});
    QTest::newRow("gpus as text") << QJsonValue(QJsonArray {u"4.12"_s, u"1"_s, 1});
    QTest::newRow("orders beyond 32 bits") << QJsonValue(QJsonArray {u"4.12"_s, 1, 1e10});
    QTest::newRow("two fields") << QJsonValue(QJsonArray {u"4.12"_s, 1});
    QTest::newRow("five fields") << QJsonValue(QJsonArray {u"4.12"_s, 1, 1, 1, 1});
    QTest::newRow("block over the level") << QJsonValue(QJsonArray {u"4.12"_s, 1, 1, 2});
    QTest::newRow("an object") << QJsonValue(QJsonObject {{u"price"_s, u"4.12"_s}});
    QTest::newRow("a string") << QJsonValue(u"4.12"_s);
    QTest::newRow("price with a plus") << QJsonValue(QJsonArray {u"+4.12"_s, 1, 1});
    QTest::newRow("price beyond the maximum")
        << QJsonValue(QJsonArray {u"10000000000000.01"_s, 1, 1});
}

void TestOrderBookModel::malformedLevelsSkipped()
{
    // A malformed level among good ones is skipped; the good ones still apply.
    QFETCH(QJsonValue, level);
    OrderBookModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(QStringLiteral("h200"), book(levels({{"4.10", 3}}), levels({{"4.19", 2}})));
    QJsonArray bids = levels({{"4.05", 2}});
    bids.append(level);
    bids.append(QJsonArray {u"4.10"_s, 9, 2});
    model.applyDelta(book(bids, {}));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.level(1).price, Cents(410));
    QCOMPARE(model.level(1).gpus, qint64(9));
    QCOMPARE(model.level(2).price, Cents(405));
    // A side that is not an array is no levels at all.
    model.applyDelta({{u"bids"_s, level}, {u"asks"_s, u"4.19"_s}});
    QCOMPARE(model.rowCount(), 3);
}

void TestOrderBookModel::askLevelsCarryTheirBlock()
{
    OrderBookModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Asks [price, gpus, orders, block]: 4.19 has 6 GPUs of which one server offers 2; 4.30 has
    // one server of 8; 4.50 one of 4.
    const QJsonArray asks {QJsonArray {u"4.50"_s, 4, 1, 4}, QJsonArray {u"4.30"_s, 8, 1, 8},
                           QJsonArray {u"4.19"_s, 6, 3, 2}};
    model.applySnapshot(u"h200"_s, book(levels({{"4.10", 3}}), asks));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.headerData(OrderBookModel::Block, Qt::Horizontal, Qt::DisplayRole).toString(),
             u"One server"_s);
    QCOMPARE(model.level(2).block, 2);
    QCOMPARE(model.index(2, OrderBookModel::Block).data(OrderBookModel::RawValueRole).toInt(), 2);
    QCOMPARE(model.index(2, OrderBookModel::Block).data().toString(), u"2"_s);
    // A bid shows none.
    QVERIFY(!model.index(3, OrderBookModel::Block).data().isValid());
    QCOMPARE(model.level(3).block, 0);

    // The best price for N on one server: the cheapest level whose block is N or more.
    QCOMPARE(model.bestAskForOneServer(1), std::optional<Cents>(419));
    QCOMPARE(model.bestAskForOneServer(2), std::optional<Cents>(419));
    QCOMPARE(model.bestAskForOneServer(3), std::optional<Cents>(430));
    QCOMPARE(model.bestAskForOneServer(8), std::optional<Cents>(430));
    QCOMPARE(model.bestAskForOneServer(9), std::nullopt);

    // A delta whose block alone changed (a server at 4.19 freed 3 more GPUs elsewhere at that
    // level) changes that row, not the rows.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    BookChange delta;
    delta.asks.push_back({419, 6, 3, 5});
    model.applyDelta(delta);
    QCOMPARE(inserted.size(), 0);
    QVERIFY(!changed.isEmpty());
    const QModelIndex first = changed.at(0).at(0).toModelIndex();
    const QModelIndex last = changed.at(0).at(1).toModelIndex();
    QCOMPARE(first.row(), 2);
    QVERIFY(first.column() <= OrderBookModel::Block && last.column() >= OrderBookModel::Block);
    QCOMPARE(model.level(2).block, 5);
    QCOMPARE(model.bestAskForOneServer(5), std::optional<Cents>(419));
    QCOMPARE(model.bestAskForOneServer(6), std::optional<Cents>(430));
    // Nothing new: no signal.
    changed.clear();
    model.applyDelta(delta);
    QCOMPARE(changed.size(), 0);
}

QTEST_GUILESS_MAIN(TestOrderBookModel)
#include "tst_orderbookmodel.moc"
