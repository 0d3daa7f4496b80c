// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// RentalsModel: the account's running rentals from its private channel: rows by id, updates in
// place, ended rentals removed, never a reset; the cost so far as the engine captures it.

#include "market/marketrules.h"
#include "views/rentalsmodel.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

namespace {
Rental rental(qint64 id, qint32 billed, RentalState state = RentalState::Running, qint32 hours = 5)
{
    Rental r;
    r.id = id;
    r.gpu = QStringLiteral("h100-sxm");
    r.gpus = 2;
    r.priceCents = 300;
    r.hours = hours;
    r.hoursBilled = billed;
    r.taxBp = 1900;
    r.state = state;
    r.startedMs = 1'795'996'800'000;
    r.region = QStringLiteral("eu");
    r.endpoint = QStringLiteral("ssh gpu@203.0.113.7");
    return r;
}

QJsonObject channelEvent(const char *type, const char *key, const QJsonObject &record)
{
    return {{QStringLiteral("type"), QString::fromLatin1(type)},
            {QString::fromLatin1(key), record}};
}
} // namespace

class TestRentalsModel : public QObject
{
    Q_OBJECT

private slots:
    void rentalsFollowTheChannel();
    void costSoFar_data();
    void costSoFar();
    void hoursLeft_data();
    void hoursLeft();
};

void TestRentalsModel::rentalsFollowTheChannel()
{
    RentalsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot({{QStringLiteral("rentals"), QJsonArray {Wire::toJson(rental(7, 1))}}});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, RentalsModel::Access).data().toString(),
             QStringLiteral("ssh gpu@203.0.113.7"));
    // The first hour is billed and under way: all 5 are left.
    QCOMPARE(model.index(0, RentalsModel::HoursLeft).data(RentalsModel::RawValueRole).toInt(), 5);
    QCOMPARE(model.index(0, RentalsModel::HoursLeft).data().toString(), QStringLiteral("5 h"));
    model.applyEvent(channelEvent("rental", "rental", Wire::toJson(rental(7, 2))));
    QCOMPARE(model.index(0, RentalsModel::CostSoFar).data(RentalsModel::RawValueRole).toLongLong(),
             2 * 2 * 357);
    QCOMPARE(model.index(0, RentalsModel::CostSoFar).data().toString(), QStringLiteral("$14.28"));
    model.applyEvent(
        channelEvent("rental", "rental", Wire::toJson(rental(7, 2, RentalState::Stopped))));
    QCOMPARE(model.rowCount(), 0);
}

void TestRentalsModel::hoursLeft_data()
{
    QTest::addColumn<int>("hours");
    QTest::addColumn<int>("billed");
    QTest::addColumn<int>("left");
    // Each hour is billed as it starts; the hour under way is not over.
    QTest::newRow("1-hour rental just started") << 1 << 1 << 1;
    QTest::newRow("4-hour rental just started") << 4 << 1 << 4;
    QTest::newRow("4-hour rental in its second hour") << 4 << 2 << 3;
    QTest::newRow("last hour under way") << 5 << 5 << 1;
    QTest::newRow("not billed yet") << 3 << 0 << 3;
}

void TestRentalsModel::hoursLeft()
{
    QFETCH(int, hours);
    QFETCH(int, billed);
    QFETCH(int, left);
    RentalsModel model;
    model.applySnapshot(
        {{QStringLiteral("rentals"),
          QJsonArray {Wire::toJson(rental(7, billed, RentalState::Running, hours))}}});
    QCOMPARE(model.index(0, RentalsModel::HoursLeft).data(RentalsModel::RawValueRole).toInt(),
             left);
    QCOMPARE(model.index(0, RentalsModel::HoursLeft).data().toString(),
             QStringLiteral("%1 h").arg(left));
}

void TestRentalsModel::costSoFar_data()
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

void TestRentalsModel::costSoFar()
{
    QFETCH(int, billed);
    QFETCH(int, taxBp);
    QFETCH(Cents, expected);
    Rental r = rental(1, billed);
    r.taxBp = taxBp;
    // The column shows the market's arithmetic, not a copy of it.
    QCOMPARE(MarketRules::billedSoFar(r), expected);
    RentalsModel model;
    model.applyEvent(channelEvent("rental", "rental", Wire::toJson(r)));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, RentalsModel::CostSoFar).data(RentalsModel::RawValueRole).toLongLong(),
             expected);
}

QTEST_GUILESS_MAIN(TestRentalsModel)
#include "tst_rentalsmodel.moc"
