// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// RentalsModel: the account's running rentals from its private channel: rows by id, updates in
// place, ended rentals removed, never a reset; the cost so far as the engine captures it.

#include "market/marketrules.h"
#include "views/providercalendar.h"
#include "views/rentalsmodel.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace Qt::StringLiterals;
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
    void countdownText_data();
    void countdownText();
    void reservedCountsDown();
    void calendarTakesTheExchangesHours();
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

void TestRentalsModel::countdownText_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    constexpr qint64 M = 60'000;
    QTest::newRow("now") << qint64(0) << u"under a minute"_s;
    QTest::newRow("59 s") << 59'999 * qint64(1) << u"under a minute"_s;
    QTest::newRow("1 min") << M << u"1 min"_s;
    QTest::newRow("59 min") << 59 * M + 59'999 << u"59 min"_s;
    QTest::newRow("1 h") << 60 * M << u"1 h 0 min"_s;
    QTest::newRow("3 h 20 min") << 200 * M << u"3 h 20 min"_s;
    QTest::newRow("a day") << 24 * 60 * M << u"1 d 0 h"_s;
    QTest::newRow("2 d 6 h 5 min") << (2 * 24 * 60 + 6 * 60 + 5) * M << u"2 d 6 h"_s;
    QTest::newRow("14 days") << 14 * 24 * 60 * M << u"14 d 0 h"_s;
}

void TestRentalsModel::countdownText()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(RentalsModel::countdownText(ms), text);
}

void TestRentalsModel::reservedCountsDown()
{
    // A reserved window says how long until it starts, on the model's clock, and its row alone
    // is told again at each tick.
    Rental window = rental(8, 0, RentalState::Reserved, 24);
    const Rental running = rental(7, 2);
    qint64 now = window.startedMs - (2 * 24 + 6) * MarketRules::HourMs - 5 * 60'000;
    RentalsModel model;
    model.setClock([&now] { return now; });
    model.applySnapshot({{u"rentals"_s, QJsonArray {Wire::toJson(running), Wire::toJson(window)}}});
    QCOMPARE(model.rowCount(), 2);
    const int row = model.rowOf(window.id);
    const QModelIndex left = model.index(row, RentalsModel::HoursLeft);
    QCOMPARE(left.data().toString(), u"24 h, starts in 2 d 6 h"_s);
    QCOMPARE(left.data(RentalsModel::RawValueRole).toInt(), 24);
    QCOMPARE(model.index(model.rowOf(running.id), RentalsModel::HoursLeft).data().toString(),
             u"4 h"_s);

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    now = window.startedMs - 20 * 60'000;
    model.tick();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex(), left);
    QCOMPARE(changed.at(0).at(1).toModelIndex(), left);
    QCOMPARE(left.data().toString(), u"24 h, starts in 20 min"_s);
    // Its start come and not yet told by the exchange, it never counts below nothing.
    now = window.startedMs + 90'000;
    QCOMPARE(left.data().toString(), u"24 h, starts in under a minute"_s);
}

void TestRentalsModel::calendarTakesTheExchangesHours()
{
    constexpr qint64 H = MarketRules::HourMs;
    const qint64 from = 1'796'083'200'000; // 2026-12-02 00:00 UTC
    Rental running = rental(1, 1, RentalState::Running, 3);
    running.listingId = 5;
    running.gpus = 2;
    running.startedMs = from + 12 * H + 20 * 60'000; // 12:20 for 3 hours: 12:00 to 16:00
    Rental window = rental(2, 0, RentalState::Reserved, 24);
    window.listingId = 5;
    window.gpus = 3;
    window.startedMs = from + 14 * H; // 14:00 for 24 hours
    Rental elsewhere = window;
    elsewhere.id = 3;
    elsewhere.listingId = 6;
    Rental cancelled = window;
    cancelled.id = 4;
    cancelled.state = RentalState::Cancelled;
    const QList<Rental> rentals {running, window, elsewhere, cancelled};

    const QList<ProviderCalendar::Hour> hours = ProviderCalendar::hoursOf(5, rentals, from, 48);
    QCOMPARE(hours.size(), 48);
    for (int h = 0; h < 48; ++h) {
        const ProviderCalendar::Hour expected {h >= 12 && h < 16 ? 2 : 0,
                                               h >= 14 && h < 38 ? 3 : 0};
        QVERIFY2(hours[h] == expected, qPrintable(u"hour %1"_s.arg(h)));
    }
    // Only the hours asked for: a window running past them is cut, not an error.
    const QList<ProviderCalendar::Hour> lastDay =
        ProviderCalendar::hoursOf(5, rentals, from + 30 * H, 4);
    QCOMPARE(lastDay, (QList<ProviderCalendar::Hour>(4, {0, 3})));
    QVERIFY(ProviderCalendar::hoursOf(5, rentals, from, 0).isEmpty());

    // Booked ahead: the reserved windows, not the running rental nor the cancelled one.
    const Cents oneWindow = MarketRules::earningsAhead(window);
    QVERIFY(oneWindow > 0);
    QCOMPARE(ProviderCalendar::bookedAhead(5, rentals).earningsCents, oneWindow);
    QCOMPARE(ProviderCalendar::bookedAhead(5, rentals).windows, 1);
    QCOMPARE(ProviderCalendar::bookedAhead(0, rentals).earningsCents,
             oneWindow + MarketRules::earningsAhead(elsewhere));
    QCOMPARE(ProviderCalendar::bookedAhead(0, rentals).windows, 2);
}

QTEST_GUILESS_MAIN(TestRentalsModel)
#include "tst_rentalsmodel.moc"
