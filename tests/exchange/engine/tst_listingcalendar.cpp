// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// A listing's GPUs hour by hour (docs/architecture.md "The market"): the rules one at a time, then
// a randomized run against a naive calendar that counts every booking for every hour it is asked.

#include "engine/listingcalendar.h"

#include <QtTest/QTest>

#include <map>
#include <random>

using namespace everx;
using Use = ListingCalendar::Use;
using Booking = ListingCalendar::Booking;

namespace {
constexpr qint64 H = ListingCalendar::HourMs;
// 2026-12-07 00:00 UTC, a Monday, in hours from the epoch.
constexpr qint64 Monday = 1'796'601'600'000 / H;

Booking booking(qint64 listing, qint64 start, qint64 end, qint32 gpus, Use use = Use::Reserved)
{
    Booking b;
    b.listingId = listing;
    b.startHour = start;
    b.endHour = end;
    b.gpus = gpus;
    b.use = use;
    return b;
}
} // namespace

class TestListingCalendar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hoursOfMoments();
    void aReservationKeepsItsHoursFromSpot();
    void aRentalTakesTheHoursItTouches();
    void whatDoesNotFitChangesNothing();
    void stoppingEarlyFreesTheHoursAfter();
    void aReservationThatStartsIsRented();
    void pastHoursAreForgotten();
    void everyStartPricedInOnePass();
    void randomAgainstANaiveCalendar();
};

void TestListingCalendar::hoursOfMoments()
{
    QCOMPARE(ListingCalendar::hourOf(0), 0);
    QCOMPARE(ListingCalendar::hourOf(H - 1), 0);
    QCOMPARE(ListingCalendar::hourOf(H), 1);
    QCOMPARE(ListingCalendar::hourOf(-1), -1);
    QCOMPARE(ListingCalendar::hourOf(-H), -1);
    QCOMPARE(ListingCalendar::hourOf(-H - 1), -2);
    // From 12:20 for 3 hours: until 15:20, so the hours 12, 13, 14 and 15.
    const Booking b = ListingCalendar::span((Monday + 12) * H + 20 * 60'000, 3);
    QCOMPARE(b.startHour, Monday + 12);
    QCOMPARE(b.endHour, Monday + 16);
    // On the hour: exactly its hours.
    const Booking whole = ListingCalendar::span((Monday + 12) * H, 3);
    QCOMPARE(whole.startHour, Monday + 12);
    QCOMPARE(whole.endHour, Monday + 15);
}

void TestListingCalendar::aReservationKeepsItsHoursFromSpot()
{
    ListingCalendar c;
    c.setListing(1, 8);
    // 8 GPUs reserved from 14:00 for 24 hours.
    QVERIFY(c.book(100, booking(1, Monday + 14, Monday + 38, 8)));
    QCOMPARE(c.usedAt(1, Monday + 14, Use::Reserved), 8);
    QCOMPARE(c.usedAt(1, Monday + 14, Use::Rented), 0);
    // At 12:00 the listing is idle, but a 3-hour spot rental would run into the reservation.
    QCOMPARE(c.freeOver(1, Monday + 12, 1), 8);
    QCOMPARE(c.freeOver(1, Monday + 12, 2), 8);
    QCOMPARE(c.freeOver(1, Monday + 12, 3), 0);
    QVERIFY(!c.book(101, booking(1, Monday + 12, Monday + 15, 1, Use::Rented)));
    QVERIFY(c.book(101, booking(1, Monday + 12, Monday + 14, 8, Use::Rented)));
    // After the reservation the listing is free again.
    QCOMPARE(c.freeOver(1, Monday + 38, 100), 8);
    QCOMPARE(c.freeOver(1, Monday + 37, 2), 0);
    // An unknown listing has nothing free.
    QCOMPARE(c.freeOver(2, Monday, 1), 0);
}

void TestListingCalendar::aRentalTakesTheHoursItTouches()
{
    ListingCalendar c;
    c.setListing(1, 8);
    Booking spot = ListingCalendar::span((Monday + 12) * H + 20 * 60'000, 3);
    spot.listingId = 1;
    spot.gpus = 4;
    QVERIFY(c.book(7, spot));
    QCOMPARE(c.freeOver(1, Monday + 15, 1), 4); // until 15:20
    QCOMPARE(c.freeOver(1, Monday + 16, 1), 8);
    // The other 4 can still be reserved over it; a fifth cannot.
    QVERIFY(c.book(8, booking(1, Monday + 15, Monday + 20, 4)));
    QVERIFY(!c.book(9, booking(1, Monday + 15, Monday + 16, 1)));
    QCOMPARE(c.freeOver(1, Monday + 16, 4), 4);
}

void TestListingCalendar::whatDoesNotFitChangesNothing()
{
    ListingCalendar c;
    c.setListing(1, 4);
    QVERIFY(c.book(1, booking(1, Monday, Monday + 10, 2)));
    const auto before = c.bookingsOf(1);
    QVERIFY(!c.book(1, booking(1, Monday + 20, Monday + 21, 1))); // the id is taken
    QVERIFY(!c.book(2, booking(1, Monday + 5, Monday + 5, 1))); // no hours
    QVERIFY(!c.book(2, booking(1, Monday + 6, Monday + 5, 1))); // ends before it starts
    QVERIFY(!c.book(2, booking(1, Monday + 5, Monday + 6, 0))); // no GPUs
    QVERIFY(!c.book(2, booking(1, Monday + 5, Monday + 6, -1)));
    QVERIFY(!c.book(2, booking(1, Monday + 9, Monday + 12, 3))); // hour 9 has 2 free
    QVERIFY(!c.book(2, booking(9, Monday, Monday + 1, 1))); // no such listing
    QVERIFY(!c.book(2, booking(1, Monday, Monday + (qint64(1) << 40), 1))); // absurdly long
    QCOMPARE(c.bookingsOf(1), before);
    QCOMPARE(c.bookingCount(), 1);
    for (qint64 hour = Monday - 2; hour < Monday + 14; ++hour)
        QCOMPARE(c.usedAt(1, hour), hour >= Monday && hour < Monday + 10 ? 2 : 0);
    QVERIFY(!c.release(2, Monday));
    QVERIFY(!c.setUse(2, Use::Rented));
}

void TestListingCalendar::stoppingEarlyFreesTheHoursAfter()
{
    ListingCalendar c;
    c.setListing(1, 8);
    QVERIFY(c.book(1, booking(1, Monday, Monday + 72, 8, Use::Rented)));
    QVERIFY(c.release(1, Monday + 10));
    QCOMPARE(c.booking(1)->endHour, Monday + 10);
    QCOMPARE(c.freeOver(1, Monday + 9, 1), 0);
    QCOMPARE(c.freeOver(1, Monday + 10, 62), 8);
    // Cancelled before its start: all of it, and the id is gone.
    QVERIFY(c.book(2, booking(1, Monday + 20, Monday + 30, 5)));
    QVERIFY(c.release(2, Monday + 12));
    QVERIFY(!c.booking(2));
    QCOMPARE(c.freeOver(1, Monday + 10, 62), 8);
    // Removing the listing forgets its bookings.
    c.removeListing(1);
    QCOMPARE(c.bookingCount(), 0);
    QVERIFY(!c.booking(1));
}

void TestListingCalendar::aReservationThatStartsIsRented()
{
    ListingCalendar c;
    c.setListing(1, 8);
    QVERIFY(c.book(1, booking(1, Monday + 10, Monday + 70, 6)));
    QVERIFY(c.setUse(1, Use::Rented));
    QCOMPARE(c.booking(1)->use, Use::Rented);
    QCOMPARE(c.usedAt(1, Monday + 10, Use::Rented), 6);
    QCOMPARE(c.usedAt(1, Monday + 10, Use::Reserved), 0);
    QCOMPARE(c.usedAt(1, Monday + 69, Use::Rented), 6);
    QCOMPARE(c.freeOver(1, Monday + 10, 60), 2);
}

void TestListingCalendar::pastHoursAreForgotten()
{
    ListingCalendar c;
    c.setListing(1, 8);
    c.setListing(2, 4);
    QVERIFY(c.book(1, booking(1, Monday, Monday + 5, 6, Use::Rented)));
    QVERIFY(c.book(2, booking(1, Monday + 3, Monday + 30, 2, Use::Rented)));
    QVERIFY(c.book(3, booking(2, Monday + 1, Monday + 2, 4)));
    std::vector<qint64> ended;
    c.forgetBefore(Monday + 5, &ended);
    std::sort(ended.begin(), ended.end());
    QCOMPARE(ended, (std::vector<qint64> {1, 3}));
    QCOMPARE(c.bookingCount(), 1);
    QCOMPARE(c.usedAt(1, Monday + 4), 0); // forgotten
    QCOMPARE(c.usedAt(1, Monday + 5), 2);
    QCOMPARE(c.freeOver(1, Monday + 5, 25), 6);
    // Stopping the one left at an hour already forgotten frees what remains of it.
    QVERIFY(c.release(2, Monday + 4));
    QCOMPARE(c.freeOver(1, Monday + 5, 25), 8);
    // A booking that began before still takes its hours from then on; the hours forgotten read
    // as free whatever is booked in them (no query asks about them).
    QVERIFY(c.book(4, booking(1, Monday + 3, Monday + 7, 3)));
    QCOMPARE(c.usedAt(1, Monday + 4), 0);
    QCOMPARE(c.usedAt(1, Monday + 6), 3);
    QCOMPARE(c.freeOver(1, Monday + 3, 3), 5);
    // Forgetting again forgets it once it has ended.
    ended.clear();
    c.forgetBefore(Monday + 7, &ended);
    std::sort(ended.begin(), ended.end());
    QCOMPARE(ended, (std::vector<qint64> {2, 4})); // the one stopped at Monday + 4 too
    QCOMPARE(c.bookingCount(), 0);
}

void TestListingCalendar::everyStartPricedInOnePass()
{
    ListingCalendar c;
    c.setListing(1, 8);
    QVERIFY(c.book(1, booking(1, Monday + 14, Monday + 38, 8)));
    QVERIFY(c.book(2, booking(1, Monday + 40, Monday + 41, 3, Use::Rented)));
    std::vector<qint32> free;
    // 14 days of starts, 3-hour windows.
    c.freeByStart(1, Monday, 336, 3, free);
    QCOMPARE(free.size(), std::size_t(336));
    for (qint32 i = 0; i < 336; ++i)
        QCOMPARE(free[std::size_t(i)], c.freeOver(1, Monday + i, 3));
    QCOMPARE(free[11], 8); // 11:00 to 14:00
    QCOMPARE(free[12], 0); // runs into the reservation
    QCOMPARE(free[38], 5); // 38:00 to 41:00 meets the rental at 40
    QCOMPARE(free[41], 8);
    // A listing with nothing booked in the windows: its GPUs, every start.
    c.setListing(2, 4);
    c.freeByStart(2, Monday, 5, 24, free);
    QCOMPARE(free, (std::vector<qint32> {4, 4, 4, 4, 4}));
    c.freeByStart(1, Monday + 500, 3, 24, free);
    QCOMPARE(free, (std::vector<qint32> {8, 8, 8}));
    c.freeByStart(9, Monday, 2, 1, free);
    QCOMPARE(free, (std::vector<qint32> {0, 0}));
}

void TestListingCalendar::randomAgainstANaiveCalendar()
{
    // The naive calendar: every live booking, and each hour's use counted from all of them.
    struct Naive
    {
        qint32 gpus = 0;
        qint32 mostEver = 0; // GPUs: a listing that has fewer now may have more booked
        std::map<qint64, Booking> bookings;
        qint32 used(qint64 hour) const
        {
            qint32 n = 0;
            for (const auto &entry : bookings)
                if (entry.second.startHour <= hour && hour < entry.second.endHour)
                    n += entry.second.gpus;
            return n;
        }
        qint32 freeOver(qint64 start, qint32 hours) const
        {
            qint32 most = 0;
            for (qint64 hour = start; hour < start + hours; ++hour)
                most = std::max(most, used(hour));
            return std::max(gpus - most, 0);
        }
    };
    std::mt19937_64 random(20261204);
    const auto pick = [&random](qint64 lo, qint64 hi) {
        return std::uniform_int_distribution<qint64>(lo, hi)(random);
    };
    ListingCalendar c;
    std::map<qint64, Naive> naive;
    for (qint64 l = 1; l <= 6; ++l) {
        naive[l].gpus = naive[l].mostEver = qint32(pick(1, 8));
        c.setListing(l, naive[l].gpus);
    }
    qint64 now = Monday;
    c.forgetBefore(now);
    // The six in one market, in an order of their own (a GPU's, cheapest first).
    std::vector<qint64> market {4, 2, 6, 1, 5, 3};
    c.setMarket(7, market);
    qint64 nextId = 1;
    std::vector<qint32> fast;
    for (int step = 0; step < 20'000; ++step) {
        const qint64 l = pick(1, 6);
        Naive &n = naive[l];
        switch (pick(0, 9)) {
        case 0: // time passes
            now += pick(0, 5);
            c.forgetBefore(now);
            for (auto &entry : naive)
                std::erase_if(entry.second.bookings,
                              [now](const auto &b) { return b.second.endHour <= now; });
            break;
        case 1:
        case 2:
        case 3:
        case 4: { // a booking, spot or ahead
            const qint64 start = pick(0, 3) == 0 ? now : now + pick(0, 14 * 24);
            const Booking b = booking(l, start, start + pick(1, 72), qint32(pick(1, 8)),
                                      pick(0, 1) ? Use::Rented : Use::Reserved);
            const bool fits = n.freeOver(b.startHour, qint32(b.endHour - b.startHour)) >= b.gpus;
            QCOMPARE(c.book(nextId, b), fits);
            if (fits)
                n.bookings[nextId] = b;
            ++nextId;
            break;
        }
        case 5: { // one ends early or is cancelled
            if (n.bookings.empty())
                break;
            auto it = n.bookings.begin();
            std::advance(it, pick(0, qint64(n.bookings.size()) - 1));
            const qint64 from = std::max(now, it->second.startHour + pick(-2, 30));
            QVERIFY(c.release(it->first, from));
            if (from <= it->second.startHour)
                n.bookings.erase(it);
            else
                it->second.endHour = std::min(it->second.endHour, from);
            break;
        }
        case 7: { // a listing's GPUs change, or the market's order does
            if (pick(0, 1)) {
                n.gpus = qint32(pick(1, 8));
                n.mostEver = std::max(n.mostEver, n.gpus);
                c.setListing(l, n.gpus);
            } else {
                std::shuffle(market.begin(), market.end(), random);
                c.setMarket(7, market);
            }
            break;
        }
        case 6: { // a reservation starts
            if (n.bookings.empty())
                break;
            auto it = n.bookings.begin();
            std::advance(it, pick(0, qint64(n.bookings.size()) - 1));
            QVERIFY(c.setUse(it->first, Use::Rented));
            it->second.use = Use::Rented;
            break;
        }
        default: { // queries
            const qint64 start = now + pick(0, 14 * 24);
            const qint32 hours = qint32(pick(1, 72));
            QCOMPARE(c.freeOver(l, start, hours), n.freeOver(start, hours));
            const qint32 starts = qint32(pick(1, 40));
            c.freeByStart(l, start, starts, hours, fast);
            for (qint32 i = 0; i < starts; ++i)
                QCOMPARE(fast[std::size_t(i)], n.freeOver(start + i, hours));
            const qint64 hour = now + pick(0, 100);
            qint32 reserved = 0;
            for (const auto &entry : n.bookings)
                if (entry.second.use == Use::Reserved && entry.second.startHour <= hour
                    && hour < entry.second.endHour)
                    reserved += entry.second.gpus;
            QCOMPARE(c.usedAt(l, hour, Use::Reserved), reserved);
            QCOMPARE(c.usedAt(l, hour), n.used(hour));
            // The market's first listing with enough free, as the naive calendars have them;
            // now and then a window past the hours its tree indexes.
            const qint64 windowStart = pick(0, 9) == 0 ? now + pick(400, 700) : start;
            const auto gpus = qint32(pick(1, 8));
            const auto from = qint32(pick(0, 5));
            qint32 expected = -1;
            for (qint32 p = from; p < 6 && expected < 0; ++p)
                if (naive[market[std::size_t(p)]].freeOver(windowStart, hours) >= gpus)
                    expected = p;
            qint32 free = -1;
            QCOMPARE(c.firstFree(7, from, 6, windowStart, hours, gpus, &free), expected);
            if (expected >= 0)
                QCOMPARE(free, naive[market[std::size_t(expected)]].freeOver(windowStart, hours));
            break;
        }
        }
        // No hour of any listing ever has more GPUs booked than it has.
        if (step % 97 == 0) {
            QVERIFY(c.marketsAgree());
            for (const auto &entry : naive)
                for (qint64 hour = now; hour < now + 14 * 24 + 72; ++hour)
                    QVERIFY(c.usedAt(entry.first, hour) <= entry.second.mostEver);
        }
    }
    qsizetype live = 0;
    for (const auto &entry : naive)
        live += qsizetype(entry.second.bookings.size());
    QCOMPARE(c.bookingCount(), live);
}

QTEST_GUILESS_MAIN(TestListingCalendar)
#include "tst_listingcalendar.moc"
