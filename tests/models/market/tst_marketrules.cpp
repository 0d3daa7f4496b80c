// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The market's arithmetic (docs/architecture.md "Money and the ledger"): tax per GPU-hour rounded
// half to even once per unit, holds, an order's figures, an hour's split and what a rental still
// holds. The engine posts, and the ticket, rentals and invoices show, exactly these numbers.

#include "market/marketrules.h"

#include <QtTest/QtTest>

using everx::Cents;
using everx::Rental;
namespace MarketRules = everx::MarketRules;

class TestMarketRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unitTax_data();
    void unitTax();
    void orderCost_data();
    void orderCost();
    void holdsSplitExactlyOnPartialFills();
    void hourSplit_data();
    void hourSplit();
    void rentalRemainder_data();
    void rentalRemainder();
    void limitsAgree();
    void hoursTaken_data();
    void hoursTaken();
    void earningsAhead();
};

void TestMarketRules::unitTax_data()
{
    QTest::addColumn<Cents>("price");
    QTest::addColumn<int>("taxBp");
    QTest::addColumn<Cents>("tax");
    QTest::newRow("DE 8.99") << Cents(899) << 1900 << Cents(171); // 170.81
    QTest::newRow("ID 8.99") << Cents(899) << 1100 << Cents(99); // 98.89
    QTest::newRow("TR 8.99") << Cents(899) << 2000 << Cents(180); // 179.8
    QTest::newRow("US 8.99") << Cents(899) << 0 << Cents(0);
    QTest::newRow("DE 0.50: 9.5 -> 10") << Cents(50) << 1900 << Cents(10);
    QTest::newRow("TR 0.25: exactly 5") << Cents(25) << 2000 << Cents(5);
    QTest::newRow("tie 0.5 -> 0") << Cents(5) << 1000 << Cents(0);
    QTest::newRow("tie 1.5 -> 2") << Cents(15) << 1000 << Cents(2);
    QTest::newRow("tie 2.5 -> 2") << Cents(25) << 1000 << Cents(2);
    QTest::newRow("tie 3.5 -> 4") << Cents(35) << 1000 << Cents(4);
    QTest::newRow("the highest price, 20 %") << MarketRules::MaxPriceCents << 2000 << Cents(20'000);
}

void TestMarketRules::unitTax()
{
    QFETCH(Cents, price);
    QFETCH(int, taxBp);
    QFETCH(Cents, tax);
    QCOMPARE(MarketRules::unitTax(price, taxBp), tax);
    QCOMPARE(MarketRules::unitGross(price, taxBp), price + tax);
}

void TestMarketRules::orderCost_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("hours");
    QTest::addColumn<Cents>("price");
    QTest::addColumn<int>("taxBp");
    QTest::addColumn<Cents>("subtotal");
    QTest::addColumn<Cents>("tax");
    QTest::newRow("DE 2 x 3 h at 3.00")
        << 2 << 3 << Cents(300) << 1900 << Cents(1800) << Cents(6 * 57);
    QTest::newRow("ID 1 x 1 h at 8.99") << 1 << 1 << Cents(899) << 1100 << Cents(899) << Cents(99);
    QTest::newRow("US, no tax") << 8 << 24 << Cents(249) << 0 << Cents(8 * 24 * 249) << Cents(0);
    // Rounded once per unit, not on the total: 10 % of 0.05 is 0.5 cents, which rounds to 0 per
    // GPU-hour, though 10 % of the 0.15 subtotal would round to 2.
    QTest::newRow("per unit, not per total") << 3 << 1 << Cents(5) << 1000 << Cents(15) << Cents(0);
    QTest::newRow("the largest order")
        << MarketRules::MaxGpusPerOrder << MarketRules::MaxHours << MarketRules::MaxPriceCents
        << 2000 << Cents(73'728'000'000) << Cents(14'745'600'000);
}

void TestMarketRules::orderCost()
{
    QFETCH(int, gpus);
    QFETCH(int, hours);
    QFETCH(Cents, price);
    QFETCH(int, taxBp);
    QFETCH(Cents, subtotal);
    QFETCH(Cents, tax);
    const MarketRules::OrderCost cost = MarketRules::orderCost(gpus, hours, price, taxBp);
    QCOMPARE(cost.subtotal, subtotal);
    QCOMPARE(cost.tax, tax);
    QCOMPARE(cost.total, subtotal + tax);
    // What the ticket shows as the total is what the exchange holds for the bid.
    QCOMPARE(MarketRules::bidHold(gpus, hours, price, taxBp), cost.total);
}

void TestMarketRules::holdsSplitExactlyOnPartialFills()
{
    // Fills of any sizes move out of a bid's hold exactly what the whole held: nothing is left
    // behind or overdrawn by rounding.
    for (const int taxBp : {0, 1100, 1900, 2000, 825}) {
        for (const Cents price : {Cents(1), Cents(5), Cents(299), Cents(899), Cents(100'000)}) {
            const Cents whole = MarketRules::bidHold(13, 7, price, taxBp);
            Cents moved = 0;
            for (const int part : {1, 4, 8})
                moved += MarketRules::bidHold(part, 7, price, taxBp);
            QCOMPARE(moved, whole);
        }
    }
}

void TestMarketRules::hourSplit_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<Cents>("price");
    QTest::addColumn<int>("taxBp");
    QTest::addColumn<int>("feeBp");
    QTest::addColumn<Cents>("tax");
    QTest::addColumn<Cents>("fee");
    // tax is per GPU-hour, rounded half to even, times GPUs; the fee is on price x GPUs.
    QTest::newRow("DE 8.99 x3, 10 %")
        << 3 << Cents(899) << 1900 << 1000 << Cents(3 * 171) << Cents(270);
    QTest::newRow("ID 8.99 x1") << 1 << Cents(899) << 1100 << 1000 << Cents(99) << Cents(90);
    QTest::newRow("TR 8.99 x2") << 2 << Cents(899) << 2000 << 1000 << Cents(2 * 180) << Cents(180);
    QTest::newRow("US no tax") << 1 << Cents(899) << 0 << 1000 << Cents(0) << Cents(90);
    QTest::newRow("fee tie 0.5 -> 0") << 1 << Cents(5) << 0 << 1000 << Cents(0) << Cents(0);
    QTest::newRow("fee tie 1.5 -> 2") << 1 << Cents(15) << 0 << 1000 << Cents(0) << Cents(2);
    QTest::newRow("fee tie 2.5 -> 2") << 1 << Cents(25) << 0 << 1000 << Cents(0) << Cents(2);
    QTest::newRow("DE small, no fee") << 1 << Cents(50) << 1900 << 0 << Cents(10) << Cents(0);
    QTest::newRow("TR quarter x4, no fee") << 4 << Cents(25) << 2000 << 0 << Cents(20) << Cents(0);
    QTest::newRow("the default fee")
        << 2 << Cents(1'000) << 0 << MarketRules::DefaultPlatformFeeBp << Cents(0) << Cents(200);
    QTest::newRow("all of it as fee")
        << 2 << Cents(333) << 1900 << MarketRules::MaxBasisPoints << Cents(2 * 63) << Cents(666);
}

void TestMarketRules::hourSplit()
{
    QFETCH(int, gpus);
    QFETCH(Cents, price);
    QFETCH(int, taxBp);
    QFETCH(int, feeBp);
    QFETCH(Cents, tax);
    QFETCH(Cents, fee);
    const MarketRules::HourSplit split = MarketRules::hourSplit(gpus, price, taxBp, feeBp);
    QCOMPARE(split.taxPayable, tax);
    QCOMPARE(split.platformFee, fee);
    QCOMPARE(split.providerEarnings, Cents(gpus) * price - fee);
    QCOMPARE(split.customerGross, Cents(gpus) * price + tax);
    // The capture balances: what the customer pays is what the others receive.
    QCOMPARE(split.customerGross, split.providerEarnings + split.platformFee + split.taxPayable);
    // An hour costs the customer one hour of the bid's hold at that price.
    QCOMPARE(split.customerGross, MarketRules::bidHold(gpus, 1, price, taxBp));

    Rental r;
    r.gpus = gpus;
    r.priceCents = price;
    r.taxBp = taxBp;
    r.feeBp = feeBp;
    QCOMPARE(MarketRules::hourSplit(r), split);
}

void TestMarketRules::rentalRemainder_data()
{
    QTest::addColumn<int>("hours");
    QTest::addColumn<int>("billed");
    QTest::addColumn<int>("taxBp");
    QTest::addColumn<Cents>("billedSoFar");
    QTest::addColumn<Cents>("unbilled");
    // 2 GPUs at 3.00.
    QTest::newRow("DE 2 of 5 billed") << 5 << 2 << 1900 << Cents(2 * 2 * 357) << Cents(3 * 2 * 357);
    QTest::newRow("US all billed") << 3 << 3 << 0 << Cents(3 * 2 * 300) << Cents(0);
    QTest::newRow("TR first hour") << 720 << 1 << 2000 << Cents(2 * 360) << Cents(719 * 2 * 360);
    QTest::newRow("ID 11 %: 33 cents tax")
        << 4 << 1 << 1100 << Cents(2 * 333) << Cents(3 * 2 * 333);
}

void TestMarketRules::rentalRemainder()
{
    QFETCH(int, hours);
    QFETCH(int, billed);
    QFETCH(int, taxBp);
    QFETCH(Cents, billedSoFar);
    QFETCH(Cents, unbilled);
    Rental r;
    r.gpus = 2;
    r.priceCents = 300;
    r.hours = hours;
    r.hoursBilled = billed;
    r.taxBp = taxBp;
    QCOMPARE(MarketRules::billedSoFar(r), billedSoFar);
    QCOMPARE(MarketRules::unbilledRemainder(r), unbilled);
    // Billed and unbilled together are what the fill moved into the rental.
    QCOMPARE(billedSoFar + unbilled, MarketRules::bidHold(2, hours, 300, taxBp));
}

void TestMarketRules::limitsAgree()
{
    QVERIFY(MarketRules::MinPriceCents >= 1);
    QVERIFY(MarketRules::MinPriceCents < MarketRules::MaxPriceCents);
    QVERIFY(MarketRules::MaxGpusPerListing <= MarketRules::MaxGpusPerOrder);
    QCOMPARE(MarketRules::DayMs, 24 * MarketRules::HourMs);
    QCOMPARE(MarketRules::MaxExpiryMs % MarketRules::DayMs, qint64(0));
    QVERIFY(MarketRules::DefaultPlatformFeeBp >= 0
            && MarketRules::DefaultPlatformFeeBp <= MarketRules::MaxBasisPoints);
    // The largest order's hold is far from overflowing 64 bits.
    QVERIFY(MarketRules::bidHold(MarketRules::MaxGpusPerOrder, MarketRules::MaxHours,
                                 MarketRules::MaxPriceCents, MarketRules::MaxBasisPoints)
            < std::numeric_limits<Cents>::max() / 1'000'000);
}

void TestMarketRules::hoursTaken_data()
{
    QTest::addColumn<qint64>("startMs");
    QTest::addColumn<int>("hours");
    QTest::addColumn<qint64>("firstMs");
    QTest::addColumn<qint64>("endMs");
    constexpr qint64 H = MarketRules::HourMs;
    constexpr qint64 noon = 1'796'126'400'000; // 2026-12-02 12:00 UTC
    QTest::newRow("on the hour") << noon << 3 << noon << noon + 3 * H;
    // The hour it starts in and the hour its last millisecond falls in, whole.
    QTest::newRow("12:20 for 3 hours") << noon + 20 * 60'000 << 3 << noon << noon + 4 * H;
    QTest::newRow("a millisecond before the hour") << noon + H - 1 << 1 << noon << noon + 2 * H;
    QTest::newRow("a window of 24 hours") << noon << 24 << noon << noon + 24 * H;
    QTest::newRow("no hours") << noon + 5 << 0 << noon << noon;
    QTest::newRow("before the epoch") << -H / 2 << 1 << -H << H;
}

void TestMarketRules::hoursTaken()
{
    QFETCH(qint64, startMs);
    QFETCH(int, hours);
    QFETCH(qint64, firstMs);
    QFETCH(qint64, endMs);
    const MarketRules::HourSpan span = MarketRules::hoursTaken(startMs, hours);
    QCOMPARE(span.startMs, firstMs);
    QCOMPARE(span.endMs, endMs);
}

void TestMarketRules::earningsAhead()
{
    // A reserved window earns all of its hours, less the fee; a running rental what is unbilled.
    Rental r;
    r.gpus = 8;
    r.priceCents = 301;
    r.hours = 24;
    r.taxBp = 1100;
    r.feeBp = 1000;
    r.state = everx::RentalState::Reserved;
    const Cents hour = MarketRules::hourSplit(r).providerEarnings;
    QCOMPARE(hour, 8 * 301 - 241); // the fee: 10 % of 24.08, half to even
    QCOMPARE(MarketRules::earningsAhead(r), 24 * hour);
    r.state = everx::RentalState::Running;
    r.hoursBilled = 5;
    QCOMPARE(MarketRules::earningsAhead(r), 19 * hour);
    QCOMPARE(MarketRules::earningsAhead(r) + MarketRules::earnedSoFar(r), 24 * hour);
}

QTEST_GUILESS_MAIN(TestMarketRules)
#include "tst_marketrules.moc"
