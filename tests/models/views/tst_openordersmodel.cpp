// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// OpenOrdersModel: the account's open bids from its private channel: rows by id, exact inserts
// and removes, updates in place, never a reset.

#include "views/openordersmodel.h"
#include "wire/wirecodec.h"

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

QJsonObject channelEvent(const char *type, const char *key, const QJsonObject &record)
{
    return {{QStringLiteral("type"), QString::fromLatin1(type)},
            {QString::fromLatin1(key), record}};
}
} // namespace

class TestOpenOrdersModel : public QObject
{
    Q_OBJECT

private slots:
    void openOrdersFollowTheChannel();
};

void TestOpenOrdersModel::openOrdersFollowTheChannel()
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

QTEST_GUILESS_MAIN(TestOpenOrdersModel)
#include "tst_openordersmodel.moc"
