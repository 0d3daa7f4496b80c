// Open orders and rentals from the private account channel: rows by id, exact inserts and
// removes, updates in place, never a reset.

#include "models/openordersmodel.h"
#include "models/rentalsmodel.h"
#include "models/wirecodec.h"

#include <QtCore/QJsonArray>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

namespace {
BidOrder order(qint64 id, qint32 remaining, OrderState state = OrderState::Open)
{
    BidOrder o;
    o.id = id;
    o.gpu = QStringLiteral("h200");
    o.quantity = 4;
    o.remaining = remaining;
    o.filled = 4 - remaining;
    o.limitCents = 500;
    o.hours = 3;
    o.taxBp = 1900;
    o.state = state;
    o.heldCents = Cents(remaining) * 3 * 595;
    return o;
}
Rental rental(qint64 id, qint32 billed, RentalState state = RentalState::Running)
{
    Rental r;
    r.id = id;
    r.gpu = QStringLiteral("h100-sxm");
    r.gpus = 2;
    r.priceCents = 300;
    r.hours = 5;
    r.hoursBilled = billed;
    r.taxBp = 1900;
    r.state = state;
    r.startedMs = 1'795'996'800'000;
    return r;
}
QJsonObject channelEvent(const char *type, const char *key, const QJsonObject &record)
{
    return {{QStringLiteral("type"), QString::fromLatin1(type)},
            {QString::fromLatin1(key), record}};
}
} // namespace

class TestAccountModels : public QObject
{
    Q_OBJECT

private slots:
    void openOrdersFollowTheChannel();
    void rentalsFollowTheChannel();
    void costSoFar_data();
    void costSoFar();
};

void TestAccountModels::openOrdersFollowTheChannel()
{
    OpenOrdersModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.applySnapshot({{QStringLiteral("orders"),
                          QJsonArray {Wire::toJson(order(1, 4)), Wire::toJson(order(2, 4))}}});
    QCOMPARE(model.rowCount(), 2);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.applyEvent(channelEvent("order", "order", Wire::toJson(order(1, 2)))); // partly filled
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.index(0, OpenOrdersModel::Filled).data(OpenOrdersModel::RawValueRole).toInt(),
             2);
    QCOMPARE(model.index(0, OpenOrdersModel::Held).data(OpenOrdersModel::RawValueRole).toLongLong(),
             2 * 3 * 595);
    model.applyEvent(channelEvent("order", "order", Wire::toJson(order(1, 0, OrderState::Filled))));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed[0][1].toInt(), 0);
    QCOMPARE(model.rowOf(2), 0); // the row after it moved up, and is still found by id
    model.applyEvent(channelEvent("order", "order", Wire::toJson(order(3, 1))));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.rowCount(), 2);
    model.applyEvent(channelEvent("balance", "balance", {})); // not an order: ignored
    QCOMPARE(model.rowCount(), 2);
    // A fresh snapshot after a reconnect replaces the rows one by one.
    model.applySnapshot({{QStringLiteral("orders"),
                          QJsonArray {Wire::toJson(order(3, 1)), Wire::toJson(order(4, 4))}}});
    QCOMPARE(model.rowCount(), 2);
    QVERIFY(model.contains(4) && !model.contains(2));
    QCOMPARE(reset.size(), 0);
    QCOMPARE(model.index(model.rowOf(3), OpenOrdersModel::Expires).data().toString(),
             QStringLiteral("until cancelled"));
}

void TestAccountModels::rentalsFollowTheChannel()
{
    RentalsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot({{QStringLiteral("rentals"),
                          QJsonArray {Wire::toJson(rental(7, 1), QStringLiteral("eu"),
                                                   QStringLiteral("ssh gpu@203.0.113.7"))}}});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, RentalsModel::Access).data().toString(),
             QStringLiteral("ssh gpu@203.0.113.7"));
    QCOMPARE(model.index(0, RentalsModel::HoursLeft).data(RentalsModel::RawValueRole).toInt(), 4);
    QCOMPARE(model.index(0, RentalsModel::HoursLeft).data().toString(), QStringLiteral("4 h"));
    model.applyEvent(channelEvent(
        "rental", "rental",
        Wire::toJson(rental(7, 2), QStringLiteral("eu"), QStringLiteral("ssh gpu@203.0.113.7"))));
    QCOMPARE(model.index(0, RentalsModel::CostSoFar).data(RentalsModel::RawValueRole).toLongLong(),
             2 * 2 * 357);
    QCOMPARE(model.index(0, RentalsModel::CostSoFar).data().toString(), QStringLiteral("$14.28"));
    model.applyEvent(
        channelEvent("rental", "rental", Wire::toJson(rental(7, 2, RentalState::Stopped))));
    QCOMPARE(model.rowCount(), 0);
}

void TestAccountModels::costSoFar_data()
{
    QTest::addColumn<int>("billed");
    QTest::addColumn<int>("taxBp");
    QTest::addColumn<Cents>("expected");
    // 2 GPUs at 3.00: per GPU-hour 3.00 + tax rounded half to even, as the engine captures it.
    QTest::newRow("DE one hour") << 1 << 1900 << Cents(2 * 357);
    QTest::newRow("US three hours") << 3 << 0 << Cents(3 * 2 * 300);
    QTest::newRow("TR five hours") << 5 << 2000 << Cents(5 * 2 * 360);
    QTest::newRow("ID 11 %: 33 cents tax") << 1 << 1100 << Cents(2 * 333);
}

void TestAccountModels::costSoFar()
{
    QFETCH(int, billed);
    QFETCH(int, taxBp);
    QFETCH(Cents, expected);
    Rental r = rental(1, billed);
    r.taxBp = taxBp;
    QCOMPARE(RentalsModel::costSoFar(r), expected);
}

QTEST_GUILESS_MAIN(TestAccountModels)
#include "tst_accountmodels.moc"
