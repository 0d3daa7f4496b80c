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
        const bool ask = rng.bounded(2) == 0;
        // Asks at 300..349, bids at 250..299: never crossed.
        const Cents price = ask ? 300 + rng.bounded(50) : 250 + rng.bounded(50);
        const qint64 gpus = rng.bounded(4) == 0 ? 0 : 1 + rng.bounded(20);
        (ask ? asks : bids)[price] = gpus;
        if (gpus == 0)
            (ask ? asks : bids).erase(price);
        // append(), not QJsonArray {QJsonArray {...}}: clang reads that as a copy of the inner
        // array, gcc as an array holding it.
        QJsonArray l;
        l.append(QJsonArray {Money::toPlain(price), gpus, gpus > 0 ? 1 : 0});
        model.applyDelta(ask ? book({}, l) : book(l, {}));
    }
    QCOMPARE(model.firstBidRow(), int(asks.size()));
    QCOMPARE(model.rowCount(), int(asks.size() + bids.size()));
    int row = 0;
    qint64 askTotal = 0;
    for (const auto &[p, g] : asks)
        askTotal += g;
    for (auto it = asks.rbegin(); it != asks.rend(); ++it, ++row) {
        QCOMPARE(model.level(row).price, it->first);
        QCOMPARE(model.level(row).gpus, it->second);
    }
    for (auto it = bids.rbegin(); it != bids.rend(); ++it, ++row)
        QCOMPARE(model.level(row).price, it->first);
    QCOMPARE(model.cumulative(0), askTotal);
}

QTEST_GUILESS_MAIN(TestOrderBookModel)
#include "tst_orderbookmodel.moc"
