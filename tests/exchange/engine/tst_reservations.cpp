// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Windows ahead (docs/architecture.md "The market"): a bid with a start reserves a placement
// free over its whole window, holds all of it, and starts (hour 0 captured) at its start; spot
// bids never take GPUs reserved within their hours; a reservation cancelled before its start
// costs a fee its provider earns; a limit bid for a window waits until one is free or the window
// starts; pausing keeps reservations, removing is refused, suspending cancels them without a
// fee. Then simulated days of random spot and window orders, cancellations, pauses, suspensions
// and a clock that jumps, every invariant checked after every step, with restarts between.

#include "../../fixtures/enginefixture.h"

#include "market/marketrules.h"

#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;
using MarketRules::DayMs;
using MarketRules::HourMs;

namespace {
const QString H100 = QStringLiteral("h100-sxm");
} // namespace

class TestReservations : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<EngineFixture> f;
    qint64 p1 = 0, p2 = 0, de = 0, us = 0;
    const Cents funds = 10'000'000;

    // The start of the hour `hours` whole hours after the current one.
    qint64 hourAhead(qint64 hours) const { return (f->clock.nowMs() / HourMs + hours) * HourMs; }

    Result<OrderPlaced> window(qint64 account, qint32 gpus, qint32 hours, Cents price,
                               qint64 startMs, Placement placement = Placement::Server,
                               OrderKind kind = OrderKind::BuyNow, const QString &gpu = H100)
    {
        BidRequest r;
        r.gpu = gpu;
        r.kind = kind;
        r.quantity = gpus;
        r.hours = hours;
        r.limitCents = price;
        r.placement = placement;
        r.startMs = startMs;
        return f->engine->placeBid(account, r);
    }

    Result<OrderPlaced> spot(qint64 account, qint32 gpus, qint32 hours, Cents price,
                             Placement placement = Placement::Any,
                             OrderKind kind = OrderKind::Limit)
    {
        return window(account, gpus, hours, price, 0, placement, kind);
    }

    qint32 idle(qint64 listingId) const
    {
        qint32 n = 0;
        for (const AskSlice &s : f->engine->askSlices(listingId))
            n += s.quantity;
        return n;
    }

    QString invariants() const { return f->engine->checkInvariants().join(u'\n'); }

private slots:
    void init();
    void cleanup();

    void buyNowReservesTheWholeWindowAndStartsOnTime();
    void spotBidsStayOutOfReservedHours();
    void cancellingBeforeTheStartCostsTheFee();
    void limitWindowBidWaitsForAPlacementOrItsStart();
    void startsOutsideTheWindowAreRefused();
    void pausingKeepsReservationsAndRemovingIsRefused();
    void suspensionCancelsWithoutAFee();
    void reservationsSurviveARestart();
    void blockCountsWhatIsFreeForAnHour();
    void simulatedDays();
};

void TestReservations::init()
{
    f = std::make_unique<EngineFixture>();
    p1 = f->newAccount(QStringLiteral("p1@provider.io"), Role::Provider, QStringLiteral("TR"));
    p2 = f->newAccount(QStringLiteral("p2@provider.io"), Role::Provider, QStringLiteral("ID"));
    de = f->funded(QStringLiteral("de@customer.io"), funds, QStringLiteral("DE")); // 19 % VAT
    us = f->funded(QStringLiteral("us@customer.io"), funds, QStringLiteral("US")); // no tax
    QVERIFY(p1 && p2 && de && us);
}

void TestReservations::cleanup()
{
    if (f && f->engine->isOpen()) {
        const QStringList problems = f->engine->checkInvariants();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
    f.reset();
}

void TestReservations::buyNowReservesTheWholeWindowAndStartsOnTime()
{
    const qint64 a = f->list(p1, H100, 8, 250);
    QVERIFY(a);
    f->engine->takeChanges();
    // Tomorrow 10:00 for 24 hours, 8 GPUs on one server.
    const qint64 start = T0 + DayMs + 10 * HourMs;
    const Result<OrderPlaced> placed = window(de, 8, 24, 300, start);
    QVERIFY2(placed, qPrintable(placed ? QString() : placed.error().message));
    QCOMPARE(placed->order.state, OrderState::Filled);
    QCOMPARE(placed->order.startMs, start);
    QCOMPARE(placed->rentals.size(), 1);
    const Rental r = placed->rentals.first();
    QCOMPARE(r.state, RentalState::Reserved);
    QCOMPARE(r.startedMs, start);
    QCOMPARE(r.hoursBilled, 0);
    QCOMPARE(r.priceCents, 250); // the listing's price, not the cap
    const Cents hold = MarketRules::bidHold(8, 24, 250, 1900);
    QCOMPARE(f->engine->balance(de).held, hold);
    QCOMPARE(f->engine->balance(de).available, funds - hold);
    QCOMPARE(r.cancelFeeCents, Money::basisPoints(hold, 1000));
    // No trade, no GPU out of the book: they are idle until the window.
    EngineChanges changes = f->engine->takeChanges();
    QVERIFY(changes.trades.isEmpty());
    QCOMPARE(idle(a), 8);
    QCOMPARE(f->engine->listing(a)->rentedGpus, 0);
    // The calendar has them from 10:00 to 10:00 the day after, and not an hour more.
    const ListingCalendar &cal = f->engine->calendar();
    QCOMPARE(cal.usedAt(a, start / HourMs - 1), 0);
    QCOMPARE(cal.usedAt(a, start / HourMs, ListingCalendar::Use::Reserved), 8);
    QCOMPARE(cal.usedAt(a, start / HourMs + 23), 8);
    QCOMPARE(cal.usedAt(a, start / HourMs + 24), 0);

    // A day before, then an hour before: a reminder each, nothing billed.
    f->clock.set(start - DayMs);
    f->engine->advance();
    changes = f->engine->takeChanges();
    QCOMPARE(changes.reminders.size(), 1);
    QCOMPARE(changes.reminders.first().id, r.id);
    f->clock.set(start - HourMs - 1);
    f->engine->advance();
    QVERIFY(f->engine->takeChanges().reminders.isEmpty());
    f->clock.set(start - 1);
    f->engine->advance();
    QCOMPARE(f->engine->takeChanges().reminders.size(), 1);
    QCOMPARE(f->engine->runningRental(r.id)->state, RentalState::Reserved);
    QCOMPARE(f->engine->balance(p1).earnings, 0);

    // At 10:00 it runs: its GPUs leave the book, hour 0 is captured.
    f->clock.set(start);
    f->engine->advance();
    const Rental running = *f->engine->runningRental(r.id);
    QCOMPARE(running.state, RentalState::Running);
    QCOMPARE(running.hoursBilled, 1);
    QCOMPARE(idle(a), 0);
    QCOMPARE(f->engine->listing(a)->rentedGpus, 8);
    QCOMPARE(f->engine->balance(de).held, hold - MarketRules::hourSplit(running).customerGross);
    QVERIFY(invariants().isEmpty());
    // A clock that jumps past the end bills every hour once and ends it.
    f->clock.set(start + 30 * HourMs);
    f->engine->advance();
    QVERIFY(!f->engine->runningRental(r.id));
    QCOMPARE(f->engine->balance(de).held, 0);
    QCOMPARE(f->engine->balance(de).available, funds - hold);
    QCOMPARE(f->engine->balance(p1).earnings,
             24 * MarketRules::hourSplit(running).providerEarnings);
    QCOMPARE(idle(a), 8);
}

void TestReservations::spotBidsStayOutOfReservedHours()
{
    const qint64 a = f->list(p1, H100, 8, 200); // cheaper, 4 GPUs reserved from 2 hours ahead
    const qint64 b = f->list(p2, H100, 8, 260);
    QVERIFY(a && b);
    const Result<OrderPlaced> reservation = window(us, 4, 5, 200, hourAhead(2));
    QVERIFY(reservation);
    QCOMPARE(reservation->rentals.first().listingId, a);
    // A 3-hour spot bid for 8 runs into the window: 4 of a's, 4 of b's.
    const Result<OrderPlaced> three = spot(de, 8, 3, 300);
    QVERIFY(three);
    QCOMPARE(three->order.state, OrderState::Filled);
    QCOMPARE(three->rentals.size(), 2);
    QCOMPARE(three->rentals[0].listingId, a);
    QCOMPARE(three->rentals[0].gpus, 4);
    QCOMPARE(three->rentals[1].listingId, b);
    QCOMPARE(three->rentals[1].gpus, 4);
    // The book shows a's 4 idle GPUs, but none is free for 3 hours: b's are taken instead.
    QCOMPARE(idle(a), 4);
    const Result<OrderPlaced> more = spot(de, 2, 3, 300);
    QVERIFY(more);
    QCOMPARE(more->rentals.size(), 1);
    QCOMPARE(more->rentals.first().listingId, b);
    // At a's price only, a 3-hour bid rests beside a's ask (not a self-trade: it is not its own).
    const Result<OrderPlaced> resting = spot(de, 2, 3, 210);
    QVERIFY(resting);
    QCOMPARE(resting->order.state, OrderState::Open);
    QVERIFY(resting->rentals.isEmpty());
    QVERIFY(f->engine->book(H100)->isCrossed());
    QVERIFY(invariants().isEmpty());
    // A server order for 4 over 3 hours finds no server; over 2 hours, a's 4.
    const Result<OrderPlaced> server3 = spot(de, 4, 3, 300, Placement::Server, OrderKind::BuyNow);
    QVERIFY(server3);
    QCOMPARE(server3->order.state, OrderState::Cancelled);
    QCOMPARE(server3->order.closeReason, u"no_placement"_s);
    const Result<PlacementQuote> quoted = f->engine->quote(de, {H100, 4, 2, Placement::Server});
    QVERIFY(quoted && quoted->available);
    QCOMPARE(quoted->legs.first().listingId, a);
    const Result<OrderPlaced> server2 = spot(de, 4, 2, 300, Placement::Server, OrderKind::BuyNow);
    QVERIFY(server2);
    QCOMPARE(server2->order.state, OrderState::Filled);
    QCOMPARE(server2->rentals.first().listingId, a);
    // Two hours on, the 2-hour rental has ended and the window begins in its place.
    f->clock.set(hourAhead(2));
    f->engine->advance();
    QCOMPARE(f->engine->runningRental(reservation->rentals.first().id)->state,
             RentalState::Running);
    QCOMPARE(f->engine->listing(a)->rentedGpus, 8);
    QCOMPARE(idle(a), 0);
}

void TestReservations::cancellingBeforeTheStartCostsTheFee()
{
    const qint64 a = f->list(p1, H100, 8, 250);
    QVERIFY(a);
    const qint64 start = hourAhead(30);
    const Result<OrderPlaced> placed = window(de, 8, 24, 250, start);
    QVERIFY(placed);
    const Rental r = placed->rentals.first();
    const Cents hold = MarketRules::bidHold(8, 24, 250, 1900);
    const Cents fee = Money::basisPoints(hold, 1000);
    QVERIFY(fee > 0);
    const qint64 entriesBefore = f->engine->ledger().lastEntryId();
    // Only its customer may.
    QCOMPARE(f->engine->stopRental(us, r.id).error().code, ErrorCode::NotOwner);
    const Result<Rental> cancelled = f->engine->stopRental(de, r.id);
    QVERIFY(cancelled);
    QCOMPARE(cancelled->state, RentalState::Cancelled);
    QCOMPARE(cancelled->cancelFeeCents, fee);
    QCOMPARE(f->engine->balance(de).held, 0);
    QCOMPARE(f->engine->balance(de).available, funds - fee);
    QCOMPARE(f->engine->balance(p1).earnings, fee);
    QCOMPARE(f->engine->ledger().lastEntryId(), entriesBefore + 3); // one transaction
    QCOMPARE(f->engine->ledger().total(), 0);
    QCOMPARE(f->engine->calendar().usedAt(a, start / HourMs), 0);
    QCOMPARE(f->engine->stopRental(de, r.id).error().code, ErrorCode::InvalidState);
    // Its start passes: nothing more happens.
    f->advanceHours(40);
    QCOMPARE(f->engine->balance(de).available, funds - fee);
    QCOMPARE(f->engine->balance(p1).earnings, fee);
    // Another, started, stops as any rental does: no fee.
    const Result<OrderPlaced> later = window(us, 2, 3, 250, hourAhead(1));
    QVERIFY(later);
    f->advanceHours(2.5);
    const Result<Rental> stopped = f->engine->stopRental(us, later->rentals.first().id);
    QVERIFY(stopped);
    QCOMPARE(stopped->state, RentalState::Stopped);
    QCOMPARE(stopped->hoursBilled, 2);
}

void TestReservations::limitWindowBidWaitsForAPlacementOrItsStart()
{
    const qint64 start = hourAhead(5);
    const Result<OrderPlaced> waiting =
        window(de, 4, 10, 300, start, Placement::Server, OrderKind::Limit);
    QVERIFY(waiting);
    QCOMPARE(waiting->order.state, OrderState::Open);
    QCOMPARE(waiting->order.expiresMs, start);
    const Cents hold = MarketRules::bidHold(4, 10, 300, 1900);
    QCOMPARE(f->engine->balance(de).held, hold);
    QCOMPARE(f->engine->waitingWindowBids(H100).size(), 1);
    // Too dear a listing leaves it waiting; one at its price reserves it at once.
    QVERIFY(f->list(p1, H100, 8, 400));
    QVERIFY(f->engine->openOrder(waiting->order.id));
    const qint64 fits = f->list(p2, H100, 4, 280);
    QVERIFY(fits);
    QVERIFY(!f->engine->openOrder(waiting->order.id));
    QList<Rental> reserved;
    for (const Rental &r : f->engine->runningRentals(de))
        reserved.append(r);
    QCOMPARE(reserved.size(), 1);
    QCOMPARE(reserved.first().listingId, fits);
    QCOMPARE(reserved.first().state, RentalState::Reserved);
    QCOMPARE(f->engine->balance(de).held, MarketRules::bidHold(4, 10, 280, 1900));

    // One that never finds a placement expires at its window's start, its hold released.
    const qint64 other = hourAhead(3);
    const Result<OrderPlaced> never =
        window(us, 16, 2, 300, other, Placement::Server, OrderKind::Limit);
    QVERIFY(never);
    QCOMPARE(f->engine->balance(us).held, MarketRules::bidHold(16, 2, 300, 0));
    f->clock.set(other);
    f->engine->advance();
    QVERIFY(!f->engine->openOrder(never->order.id));
    QCOMPARE(f->engine->balance(us).held, 0);
    QCOMPARE(f->engine->balance(us).available, funds);
}

void TestReservations::startsOutsideTheWindowAreRefused()
{
    QVERIFY(f->list(p1, H100, 8, 250));
    f->advanceHours(0.5);
    const QString before = stateFingerprint(*f->engine);
    const qint64 thisHour = hourAhead(0);
    for (const qint64 start :
         {thisHour, thisHour + 1, hourAhead(1) + 60'000, hourAhead(-3), hourAhead(1) + 14 * DayMs,
          hourAhead(1) + 30 * DayMs, qint64(-HourMs)}) {
        const Result<OrderPlaced> r = window(de, 1, 1, 300, start);
        QVERIFY2(!r, qPrintable(QString::number(start)));
        QCOMPARE(r.error().code, ErrorCode::InvalidArgument);
    }
    // A buy-now has no expiry, a window's neither.
    BidRequest withExpiry;
    withExpiry.gpu = H100;
    withExpiry.kind = OrderKind::BuyNow;
    withExpiry.quantity = 1;
    withExpiry.hours = 1;
    withExpiry.limitCents = 300;
    withExpiry.startMs = hourAhead(2);
    withExpiry.expiresMs = hourAhead(1);
    QCOMPARE(f->engine->placeBid(de, withExpiry).error().code, ErrorCode::InvalidArgument);
    QCOMPARE(stateFingerprint(*f->engine), before);
    // The last start there is: 14 days from the next hour, less one hour.
    QVERIFY(window(de, 1, 1, 300, hourAhead(1) + 14 * DayMs - HourMs));
}

void TestReservations::pausingKeepsReservationsAndRemovingIsRefused()
{
    const qint64 a = f->list(p1, H100, 8, 250);
    QVERIFY(a);
    const qint64 start = hourAhead(4);
    const Result<OrderPlaced> placed = window(de, 6, 2, 250, start);
    QVERIFY(placed);
    QCOMPARE(f->engine->removeListing(p1, a).error().code, ErrorCode::ListingHasRentals);
    QVERIFY(f->engine->pauseListing(p1, a));
    QCOMPARE(idle(a), 0);
    f->clock.set(start);
    f->engine->advance();
    const Rental running = *f->engine->runningRental(placed->rentals.first().id);
    QCOMPARE(running.state, RentalState::Running);
    QCOMPARE(f->engine->listing(a)->rentedGpus, 6);
    QVERIFY(f->engine->resumeListing(p1, a));
    QCOMPARE(idle(a), 2);
}

void TestReservations::suspensionCancelsWithoutAFee()
{
    const qint64 agent = f->newAccount(QStringLiteral("agent@everx.cloud"), Role::Support);
    const qint64 a = f->list(p1, H100, 8, 250);
    const qint64 b = f->list(p2, H100, 8, 260);
    QVERIFY(agent && a && b);
    const Result<OrderPlaced> mine = window(de, 8, 5, 300, hourAhead(10)); // on a
    const Result<OrderPlaced> theirs = window(us, 8, 5, 300, hourAhead(10)); // on b
    QVERIFY(mine && theirs);
    QCOMPARE(theirs->rentals.first().listingId, b);
    // A suspended customer's window: refunded in full.
    QVERIFY(f->engine->suspendAccount(agent, de, QStringLiteral("chargeback")));
    QVERIFY(!f->engine->runningRental(mine->rentals.first().id));
    QCOMPARE(f->engine->balance(de).available, funds);
    QCOMPARE(f->engine->balance(p1).earnings, 0);
    // A suspended provider's windows: its customers' holds come back whole.
    f->engine->takeChanges();
    QVERIFY(f->engine->suspendAccount(agent, p2, QStringLiteral("fraud")));
    QVERIFY(!f->engine->runningRental(theirs->rentals.first().id));
    QCOMPARE(f->engine->balance(us).available, funds);
    QCOMPARE(f->engine->balance(p2).earnings, 0);
    bool told = false;
    for (const Rental &r : f->engine->takeChanges().rentals)
        told = told
            || (r.id == theirs->rentals.first().id && r.state == RentalState::Cancelled
                && r.customerId == us && r.cancelFeeCents == 0);
    QVERIFY(told);
}

void TestReservations::reservationsSurviveARestart()
{
    const qint64 a = f->list(p1, H100, 8, 250);
    const qint64 b = f->list(p2, H100, 4, 270);
    QVERIFY(a && b);
    QVERIFY(window(de, 8, 24, 300, hourAhead(30)));
    QVERIFY(window(us, 2, 3, 300, hourAhead(2), Placement::Any));
    QVERIFY(window(us, 16, 3, 300, hourAhead(5), Placement::Server, OrderKind::Limit));
    QVERIFY(spot(de, 4, 6, 300));
    const QString before = stateFingerprint(*f->engine);
    const auto bookings = [this](qint64 listing) {
        QStringList out;
        for (const auto &[id, bk] : f->engine->calendar().bookingsOf(listing))
            out << u"%1 %2-%3 %4 %5"_s.arg(id)
                       .arg(bk.startHour)
                       .arg(bk.endHour)
                       .arg(bk.gpus)
                       .arg(int(bk.use));
        return out;
    };
    const QStringList calendarA = bookings(a), calendarB = bookings(b);
    QVERIFY(!calendarA.isEmpty());
    QVERIFY(f->reopen());
    QCOMPARE(stateFingerprint(*f->engine), before);
    QCOMPARE(bookings(a), calendarA);
    QCOMPARE(bookings(b), calendarB);
    QCOMPARE(f->engine->waitingWindowBids(H100).size(), 1);
    // And they start after it, as they would have.
    f->advanceHours(3);
    QCOMPARE(f->engine->runningRentals(us).size(), 1);
    QCOMPARE(f->engine->runningRentals(us).first().state, RentalState::Running);
}

void TestReservations::blockCountsWhatIsFreeForAnHour()
{
    // One server of 8 at 2.50, and 3 of its GPUs reserved from 10:00 tomorrow: all 8 rest in the
    // book, and the level's block is 8 until less than an hour is left before 10:00.
    const qint64 a = f->list(p1, H100, 8, 250);
    QVERIFY(a);
    const auto block = [this] {
        return f->engine->placements(H100)->block(250);
    };
    const qint64 start = T0 + DayMs + 10 * HourMs;
    const Result<OrderPlaced> placed = window(de, 3, 4, 300, start, Placement::Any);
    QVERIFY2(placed, qPrintable(placed ? QString() : placed.error().message));
    QCOMPARE(block(), 8);
    f->engine->takeChanges();

    // At 9:00 the GPUs are free for exactly an hour: still 8.
    f->clock.set(start - HourMs);
    f->engine->advance();
    QCOMPARE(block(), 8);
    QVERIFY(!f->engine->takeChanges().books.contains(H100));
    // A moment later, 5: the level's block is published again, the book's GPUs are not.
    f->clock.set(start - HourMs + 1);
    f->engine->advance();
    QCOMPARE(block(), 5);
    QCOMPARE(idle(a), 8);
    QVERIFY(f->engine->takeChanges().books.contains(H100));
    QVERIFY2(invariants().isEmpty(), qPrintable(invariants()));
    // A spot bid for one server of 8 for an hour finds none; for 5 it does, on this listing.
    const Result<OrderPlaced> eight = spot(us, 8, 1, 300, Placement::Server, OrderKind::BuyNow);
    QVERIFY(eight);
    QCOMPARE(eight->order.state, OrderState::Cancelled);
    QVERIFY(eight->rentals.isEmpty());

    // A restart reads the same block from the calendar.
    QVERIFY(f->reopen());
    QCOMPARE(block(), 5);
    QVERIFY2(invariants().isEmpty(), qPrintable(invariants()));

    // Cancelled, its hours are free again, and so is the block.
    const Result<Rental> cancelled = f->engine->stopRental(de, placed->rentals.first().id);
    QVERIFY(cancelled);
    QCOMPARE(block(), 8);

    // A window reserved within the hour takes from the block at once: at 9:30, 2 GPUs from 10:00.
    f->clock.set(start - HourMs / 2);
    const Result<OrderPlaced> soon = window(de, 2, 1, 300, start, Placement::Any);
    QVERIFY2(soon, qPrintable(soon ? QString() : soon.error().message));
    QCOMPARE(soon->rentals.size(), 1);
    QCOMPARE(block(), 6);
    QVERIFY(f->engine->takeChanges().books.contains(H100));
    // At its start its GPUs leave the book, and the rest are free for the hour.
    f->clock.set(start);
    f->engine->advance();
    QCOMPARE(idle(a), 6);
    QCOMPARE(block(), 6);
}

void TestReservations::simulatedDays()
{
    // Four providers (two with clusters), six customers; a week of random steps.
    QRandomGenerator rng(37);
    const qint64 agent = f->newAccount(QStringLiteral("agent@everx.cloud"), Role::Support);
    QList<qint64> providers {p1, p2};
    for (int i = 3; i <= 4; ++i)
        providers << f->newAccount(u"p%1@provider.io"_s.arg(i), Role::Provider);
    QList<qint64> customers {de, us};
    for (int i = 0; i < 4; ++i)
        customers << f->funded(u"c%1@customer.io"_s.arg(i), funds);
    QList<qint64> listings;
    for (const qint64 p : std::as_const(providers)) {
        for (int i = 0; i < 3; ++i) {
            const qint64 l = f->list(p, H100, 2 + 2 * int(rng.bounded(4)), 150 + rng.bounded(200));
            QVERIFY(l);
            if (i < 2 && p != p2)
                QVERIFY(f->engine->setListingCluster(p, {l, u"pod"_s, Fabric::InfiniBand, 400}));
            listings << l;
        }
    }
    QHash<qint64, int> starts; // rental -> times seen starting
    int reserved = 0, cancelled = 0, spotFilled = 0, restarts = 0;
    for (int step = 0; step < 1500; ++step) {
        const qint64 who = customers[int(rng.bounded(customers.size()))];
        const int what = int(rng.bounded(100));
        const auto placement = Placement(rng.bounded(3));
        const auto kind = rng.bounded(2) ? OrderKind::Limit : OrderKind::BuyNow;
        const qint32 gpus = 1 + qint32(rng.bounded(10));
        const qint32 hours = 1 + qint32(rng.bounded(30));
        const Cents price = 150 + rng.bounded(250);
        QString did; // what this step did, for a failure's message
        if (what < 30) {
            const qint64 start = hourAhead(1 + rng.bounded(14 * 24 - 1));
            const Result<OrderPlaced> r = window(who, gpus, hours, price, start, placement, kind);
            did = u"window %1 GPUs %2 h from %3 at %4"_s.arg(gpus).arg(hours).arg(start).arg(price);
            if (r)
                reserved += int(r->rentals.size());
        } else if (what < 55) {
            did = u"spot %1 GPUs %2 h at %3 placement %4"_s.arg(gpus).arg(hours).arg(price).arg(
                int(placement));
            if (const Result<OrderPlaced> r = spot(who, gpus, hours, price, placement, kind))
                spotFilled += int(r->rentals.size());
        } else if (what < 65) {
            const QList<Rental> mine = f->engine->runningRentals(who);
            if (!mine.isEmpty()) {
                const Rental &r = mine[int(rng.bounded(mine.size()))];
                did = u"stop rental %1"_s.arg(r.id);
                if (f->engine->stopRental(who, r.id) && r.state == RentalState::Reserved)
                    ++cancelled;
            }
        } else if (what < 70) {
            const QList<BidOrder> open = f->engine->openOrders(who);
            did = u"cancel an order"_s;
            if (!open.isEmpty())
                QVERIFY(f->engine->cancelOrder(who, open[int(rng.bounded(open.size()))].id));
        } else if (what < 76) {
            const qint64 l = listings[int(rng.bounded(listings.size()))];
            did = u"pause or resume listing %1"_s.arg(l);
            if (const std::optional<Listing> listing = f->engine->listing(l)) {
                if (listing->state == ListingState::Active)
                    f->engine->pauseListing(listing->providerId, l);
                else
                    f->engine->resumeListing(listing->providerId, l);
            }
        } else if (what < 78) {
            // Support suspends someone and, later, lets them back.
            const qint64 target = rng.bounded(2) ? who : providers[int(rng.bounded(4))];
            const std::optional<Account> acc = f->engine->account(target);
            did = u"suspend or reactivate %1"_s.arg(target);
            if (acc->state == AccountState::Active)
                QVERIFY(f->engine->suspendAccount(agent, target, u"check"_s));
            else
                QVERIFY(f->engine->reactivateAccount(agent, target, u"cleared"_s));
        } else if (what < 79) {
            ++restarts;
            did = u"restart"_s;
            const QString before = stateFingerprint(*f->engine);
            QVERIFY(f->reopen());
            QCOMPARE(stateFingerprint(*f->engine), before);
        } else {
            // The clock: minutes, hours, or a jump of up to two days.
            const qint64 by = what < 95 ? qint64(rng.bounded(90)) * 60'000
                                        : qint64(rng.bounded(48)) * HourMs + 7 * 60'000;
            f->clock.advance(by);
            did = u"clock +%1 min"_s.arg(by / 60'000);
            f->engine->advance();
        }
        const EngineChanges changes = f->engine->takeChanges();
        for (const Rental &r : changes.rentals) {
            if (r.state == RentalState::Running && r.hoursBilled == 1 && r.startedMs != 0)
                ++starts[r.id];
        }

        // Every invariant (ledger, holds = what is left to capture, books, calendars).
        const QStringList problems = f->engine->checkInvariants();
        QVERIFY2(problems.isEmpty(),
                 qPrintable(u"step %1 (%2): "_s.arg(step).arg(did) + problems.join(u'\n')));
        // No GPU is sold twice for any hour, counted from the rentals themselves.
        const qint64 now = f->clock.nowMs();
        const qint64 firstHour = now / HourMs;
        QHash<QPair<qint64, qint64>, qint32> used; // (listing, hour) -> GPUs
        for (const Rental &r : f->engine->runningRentals()) {
            const ListingCalendar::Booking span = ListingCalendar::span(r.startedMs, r.hours);
            for (qint64 h = std::max(span.startHour, firstHour); h < span.endHour; ++h)
                used[{r.listingId, h}] += r.gpus;
            // Billed once an hour from its start, never before it.
            const qint32 due = r.startedMs > now
                ? 0
                : qint32(std::min<qint64>(r.hours, (now - r.startedMs) / HourMs + 1));
            QVERIFY2(r.hoursBilled == due,
                     qPrintable(u"step %1: rental %2 billed %3 hours, %4 due"_s.arg(step)
                                    .arg(r.id)
                                    .arg(r.hoursBilled)
                                    .arg(due)));
            QCOMPARE(r.state == RentalState::Reserved, r.startedMs > now);
        }
        for (auto it = used.cbegin(); it != used.cend(); ++it) {
            const std::optional<Listing> l = f->engine->listing(it.key().first);
            QVERIFY(l);
            QVERIFY2(it.value() <= l->gpuCount,
                     qPrintable(u"step %1: listing %2 sells %3 of %4 GPUs at hour %5"_s.arg(step)
                                    .arg(l->id)
                                    .arg(it.value())
                                    .arg(l->gpuCount)
                                    .arg(it.key().second)));
        }
    }
    for (auto it = starts.cbegin(); it != starts.cend(); ++it)
        QVERIFY2(it.value() == 1,
                 qPrintable(u"rental %1 started %2 times"_s.arg(it.key()).arg(it.value())));
    qInfo("%d windows reserved, %d cancelled, %d spot rentals, %d restarts", reserved, cancelled,
          spotFilled, restarts);
    QVERIFY(reserved > 50 && cancelled > 5 && spotFilled > 50 && restarts > 5);
}

QTEST_GUILESS_MAIN(TestReservations)
#include "tst_reservations.moc"
