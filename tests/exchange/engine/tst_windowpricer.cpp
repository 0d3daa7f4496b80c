// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// What each start of a window would cost (docs/architecture.md "The market"): the cheapest
// placement per start hour, first on calendars small enough to check by hand, then on random ones
// against a search that prices every start on its own.

#include "engine/listingcalendar.h"
#include "engine/windowfinder.h"
#include "engine/windowpricer.h"

#include <QtTest/QTest>

#include <map>
#include <random>

using namespace everx;
using Offer = WindowPricer::Offer;
using Window = WindowPricer::Window;
using Use = ListingCalendar::Use;

namespace {
constexpr qint64 Monday = 1'796'601'600'000 / ListingCalendar::HourMs; // 2026-12-07 00:00 UTC

ListingCalendar::Booking reserve(qint64 listing, qint64 start, qint64 end, qint32 gpus)
{
    ListingCalendar::Booking b;
    b.listingId = listing;
    b.startHour = start;
    b.endHour = end;
    b.gpus = gpus;
    b.use = Use::Reserved;
    return b;
}

WindowPricer::Request ask(Placement placement, qint32 gpus, qint32 hours, qint32 starts)
{
    WindowPricer::Request r;
    r.placement = placement;
    r.gpus = gpus;
    r.hours = hours;
    r.fromHour = Monday;
    r.starts = starts;
    return r;
}

// A window with no tax: its total is its subtotal.
Window win(qint64 start, Cents subtotal, qint32 placements)
{
    return {start, subtotal, placements, subtotal};
}

// One start priced on its own: the placement a search over the listings would find.
Window search(const ListingCalendar &c, std::vector<Offer> offers, const WindowPricer::Request &r,
              qint64 start)
{
    Window w;
    w.startHour = start;
    std::erase_if(offers, [&r](const Offer &o) { return o.owner == r.excludedOwner; });
    std::stable_sort(offers.begin(), offers.end(),
                     [](const Offer &a, const Offer &b) { return a.priceCents < b.priceCents; });
    for (Offer &o : offers)
        if (o.grossCents <= 0)
            o.grossCents = o.priceCents;
    // The cheapest `gpus` of some listings: its subtotal (-1: not enough), and its total in *gross.
    const auto greedy = [&](const std::vector<Offer> &some, qint32 *listings, Cents *gross) {
        qint32 missing = r.gpus;
        Cents total = 0;
        *gross = 0;
        *listings = 0;
        for (const Offer &o : some) {
            const qint32 f = c.freeOver(o.listingId, start, r.hours);
            if (f <= 0)
                continue;
            ++*listings;
            const qint32 taken = std::min(missing, f);
            missing -= taken;
            total += Cents(taken) * o.priceCents * r.hours;
            *gross += Cents(taken) * o.grossCents * r.hours;
        }
        return missing > 0 ? Cents(-1) : total;
    };
    switch (r.placement) {
    case Placement::Server:
        for (const Offer &o : offers) {
            if (c.freeOver(o.listingId, start, r.hours) < r.gpus)
                continue;
            if (w.placements++ == 0) {
                w.subtotalCents = Cents(r.gpus) * o.priceCents * r.hours;
                w.totalCents = Cents(r.gpus) * o.grossCents * r.hours;
            }
        }
        break;
    case Placement::Any: {
        qint32 listings = 0;
        Cents gross = 0;
        const Cents total = greedy(offers, &listings, &gross);
        if (total >= 0) {
            w.subtotalCents = total;
            w.totalCents = gross;
            w.placements = listings;
        }
        break;
    }
    case Placement::Cluster: {
        std::map<qint32, std::vector<Offer>> clusters;
        for (const Offer &o : offers)
            if (o.cluster != 0)
                clusters[o.cluster].push_back(o);
        for (const auto &cluster : clusters) {
            qint32 listings = 0;
            Cents gross = 0;
            const Cents total = greedy(cluster.second, &listings, &gross);
            if (total < 0)
                continue;
            if (w.placements++ == 0 || total < w.subtotalCents) {
                w.subtotalCents = total;
                w.totalCents = gross;
            }
        }
        break;
    }
    }
    return w;
}
} // namespace

class TestWindowPricer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aReservedServerIsPricedAround();
    void anyTakesTheCheapestGpusOfEachWindow();
    void clustersArePricedWhole();
    void nothingAskedNothingFree();
    void randomAgainstASearchPerStart();
    void finderTakesWhatThePricerPrices();
};

void TestWindowPricer::aReservedServerIsPricedAround()
{
    ListingCalendar c;
    c.setListing(1, 8); // $2.00
    c.setListing(2, 8); // $3.00
    const std::vector<Offer> offers {{1, 10, 200, 0}, {2, 11, 300, 0}};
    // The cheap server is reserved from 10:00 to 34:00.
    QVERIFY(c.book(50, reserve(1, Monday + 10, Monday + 34, 4)));
    const std::vector<Window> w =
        WindowPricer::price(c, offers, ask(Placement::Server, 8, 24, 14 * 24));
    QCOMPARE(w.size(), std::size_t(336));
    QCOMPARE(w[0].startHour, Monday);
    QCOMPARE(w[335].startHour, Monday + 335);
    // 8 GPUs for 24 h from 00:00 run into the reservation at 10:00: only the dear server.
    QCOMPARE(w[0], (win(Monday, 8 * 300 * 24, 1)));
    // From 34:00 both are free, and the cheap one is the price.
    QCOMPARE(w[34], (win(Monday + 34, 8 * 200 * 24, 2)));
    QCOMPARE(w[33], (win(Monday + 33, 8 * 300 * 24, 1)));
    // Four GPUs fit on the cheap server beside the reservation.
    const std::vector<Window> four =
        WindowPricer::price(c, offers, ask(Placement::Server, 4, 24, 336));
    QCOMPARE(four[0], (win(Monday, 4 * 200 * 24, 2)));
    // The owner of the cheap server is not offered its own.
    WindowPricer::Request own = ask(Placement::Server, 8, 24, 336);
    own.excludedOwner = 10;
    QCOMPARE(WindowPricer::price(c, offers, own)[40], (win(Monday + 40, 8 * 300 * 24, 1)));
}

void TestWindowPricer::anyTakesTheCheapestGpusOfEachWindow()
{
    ListingCalendar c;
    c.setListing(1, 4); // $2.00
    c.setListing(2, 4); // $2.50
    c.setListing(3, 8); // $4.00
    const std::vector<Offer> offers {{1, 10, 200, 0}, {2, 11, 250, 0}, {3, 12, 400, 0}};
    QVERIFY(c.book(50, reserve(2, Monday + 5, Monday + 6, 3)));
    const std::vector<Window> w = WindowPricer::price(c, offers, ask(Placement::Any, 6, 2, 8));
    // 4 at $2.00 and 2 at $2.50.
    QCOMPARE(w[0], (win(Monday, (4 * 200 + 2 * 250) * 2, 3)));
    // The window over hour 5 has one GPU left at $2.50: one more at $4.00.
    QCOMPARE(w[4], (win(Monday + 4, (4 * 200 + 1 * 250 + 1 * 400) * 2, 3)));
    QCOMPARE(w[5], (win(Monday + 5, (4 * 200 + 1 * 250 + 1 * 400) * 2, 3)));
    QCOMPARE(w[6], (win(Monday + 6, (4 * 200 + 2 * 250) * 2, 3)));
    // More than there are: nothing.
    QCOMPARE(WindowPricer::price(c, offers, ask(Placement::Any, 17, 1, 1))[0], (win(Monday, 0, 0)));
}

void TestWindowPricer::clustersArePricedWhole()
{
    ListingCalendar c;
    for (qint64 id = 1; id <= 4; ++id)
        c.setListing(id, 8);
    // Cluster 1: two servers at $2.00 and $2.20; cluster 2: two at $2.10; listing 4 in none.
    const std::vector<Offer> offers {
        {1, 10, 200, 1}, {2, 10, 220, 1}, {3, 11, 210, 2}, {5, 11, 210, 2}, {4, 12, 100, 0}};
    c.setListing(5, 8);
    const std::vector<Window> w = WindowPricer::price(c, offers, ask(Placement::Cluster, 16, 1, 3));
    // 8 x 2.00 + 8 x 2.20 = 33.60 against 16 x 2.10 = 33.60: the same; both clusters count.
    QCOMPARE(w[0], (win(Monday, 3360, 2)));
    // Cluster 2 busy in hour 1: only cluster 1.
    QVERIFY(c.book(60, reserve(3, Monday + 1, Monday + 2, 1)));
    const std::vector<Window> busy =
        WindowPricer::price(c, offers, ask(Placement::Cluster, 16, 1, 3));
    QCOMPARE(busy[1], (win(Monday + 1, 3360, 1)));
    // 12 GPUs: cluster 1 gives 8 x 2.00 + 4 x 2.20 = 24.80, cluster 2 gives 12 x 2.10 = 25.20.
    QCOMPARE(WindowPricer::price(c, offers, ask(Placement::Cluster, 12, 1, 1))[0],
             (win(Monday, 2480, 2)));
}

void TestWindowPricer::nothingAskedNothingFree()
{
    ListingCalendar c;
    c.setListing(1, 8);
    const std::vector<Offer> offers {{1, 10, 200, 0}};
    for (const WindowPricer::Request &r :
         {ask(Placement::Server, 0, 1, 2), ask(Placement::Server, 1, 0, 2),
          ask(Placement::Any, -1, 1, 2)}) {
        const std::vector<Window> w = WindowPricer::price(c, offers, r);
        QCOMPARE(w, (std::vector<Window> {win(Monday, 0, 0), win(Monday + 1, 0, 0)}));
    }
    QVERIFY(WindowPricer::price(c, offers, ask(Placement::Server, 1, 1, 0)).empty());
    QVERIFY(WindowPricer::price(c, offers, ask(Placement::Server, 1, 1, -5)).empty());
    // A listing the calendar does not know has nothing free.
    QCOMPARE(WindowPricer::price(c, {{9, 10, 100, 0}}, ask(Placement::Any, 1, 1, 1))[0],
             (win(Monday, 0, 0)));
}

void TestWindowPricer::randomAgainstASearchPerStart()
{
    std::mt19937_64 random(4242);
    const auto pick = [&random](qint64 lo, qint64 hi) {
        return std::uniform_int_distribution<qint64>(lo, hi)(random);
    };
    for (int round = 0; round < 40; ++round) {
        ListingCalendar c;
        std::vector<Offer> offers;
        const qint64 listings = pick(1, 30);
        for (qint64 id = 1; id <= listings; ++id) {
            c.setListing(id, qint32(pick(1, 8)));
            const qint32 price = qint32(pick(100, 140));
            // A tax of 11 %, as the engine gives it per GPU-hour: the total follows the subtotal.
            offers.push_back({id, pick(1, 5), price, qint32(pick(0, 3)), price + price * 11 / 100});
        }
        qint64 bookingId = 1;
        for (int i = 0; i < 200; ++i) {
            const qint64 start = Monday + pick(-5, 14 * 24);
            c.book(bookingId++,
                   reserve(pick(1, listings), start, start + pick(1, 48), qint32(pick(1, 4))));
        }
        for (const Placement placement : {Placement::Any, Placement::Server, Placement::Cluster}) {
            WindowPricer::Request r =
                ask(placement, qint32(pick(1, 16)), qint32(pick(1, 72)), qint32(pick(1, 100)));
            r.excludedOwner = pick(0, 5);
            const std::vector<Window> w = WindowPricer::price(c, offers, r);
            QCOMPARE(qint64(w.size()), qint64(r.starts));
            for (qint32 s = 0; s < r.starts; ++s)
                QCOMPARE(w[std::size_t(s)], search(c, offers, r, Monday + s));
        }
    }
}

// What an order for one start reserves (WindowFinder, cheapest first with early stops) costs what
// the search prices for that start, and is found exactly when one is free; each leg's GPUs are
// free over the window on a listing the asker does not own, at or below the cap.
void TestWindowPricer::finderTakesWhatThePricerPrices()
{
    std::mt19937_64 random(3737);
    const auto pick = [&random](qint64 lo, qint64 hi) {
        return std::uniform_int_distribution<qint64>(lo, hi)(random);
    };
    int found = 0, none = 0;
    for (int round = 0; round < 40; ++round) {
        ListingCalendar c;
        std::vector<Offer> offers;
        std::vector<WindowFinder::Offer> sorted;
        const qint64 listings = pick(1, 30);
        for (qint64 id = 1; id <= listings; ++id) {
            c.setListing(id, qint32(pick(1, 8)));
            const qint32 price = qint32(pick(100, 140));
            const qint64 owner = pick(1, 5);
            const qint32 cluster = qint32(pick(0, 3));
            offers.push_back({id, owner, price, cluster, price});
            sorted.push_back({id, owner, price, cluster});
        }
        std::sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) {
            return std::pair(a.price, a.listingId) < std::pair(b.price, b.listingId);
        });
        // The offers are also the calendar's market 0, so that the finder can skip the listings
        // without enough free; it must find the same.
        c.forgetBefore(Monday);
        std::vector<qint64> order;
        for (const WindowFinder::Offer &o : sorted)
            order.push_back(o.listingId);
        c.setMarket(0, order);
        qint64 bookingId = 1;
        for (int i = 0; i < 200; ++i) {
            const qint64 start = Monday + pick(-5, 14 * 24);
            c.book(bookingId++,
                   reserve(pick(1, listings), start, start + pick(1, 48), qint32(pick(1, 4))));
        }
        for (const Placement placement : {Placement::Any, Placement::Server, Placement::Cluster}) {
            WindowPricer::Request r = ask(placement, qint32(pick(1, 16)), qint32(pick(1, 72)), 1);
            r.excludedOwner = pick(0, 5);
            for (int s = 0; s < 24; ++s) {
                // Now and then past the hours the market's tree indexes: the calendar says.
                const qint64 start = Monday + (s % 6 == 0 ? pick(400, 600) : pick(0, 14 * 24));
                const Window w = search(c, offers, r, start);
                WindowFinder::Request f;
                f.placement = placement;
                f.gpus = r.gpus;
                f.startHour = start;
                f.hours = r.hours;
                f.maxPrice = 1'000;
                f.excludedOwner = r.excludedOwner;
                const std::vector<PlacementIndex::Leg> legs = WindowFinder::find(c, sorted, f);
                QCOMPARE(legs.empty(), w.placements == 0);
                WindowFinder::Request indexed = f;
                indexed.market = 0;
                QCOMPARE(WindowFinder::find(c, sorted, indexed), legs);
                Cents subtotal = 0;
                qint32 gpus = 0;
                for (const PlacementIndex::Leg &leg : legs) {
                    QVERIFY(c.freeOver(leg.listingId, start, r.hours) >= leg.gpus);
                    const auto offer =
                        std::find_if(offers.cbegin(), offers.cend(),
                                     [&](const Offer &o) { return o.listingId == leg.listingId; });
                    QVERIFY(offer->owner != r.excludedOwner);
                    QCOMPARE(leg.price, offer->priceCents);
                    subtotal += Cents(leg.gpus) * leg.price * r.hours;
                    gpus += leg.gpus;
                }
                if (legs.empty()) {
                    ++none;
                    continue;
                }
                ++found;
                QCOMPARE(gpus, r.gpus);
                QCOMPARE(subtotal, w.subtotalCents);
                // A cap one cent under the dearest leg finds another placement, or none.
                f.maxPrice = std::max_element(legs.cbegin(), legs.cend(),
                                              [](auto &a, auto &b) { return a.price < b.price; })
                                 ->price
                    - 1;
                for (const PlacementIndex::Leg &leg : WindowFinder::find(c, sorted, f))
                    QVERIFY(leg.price <= f.maxPrice);
            }
        }
    }
    QVERIFY(found > 200 && none > 100);
}

QTEST_GUILESS_MAIN(TestWindowPricer)
#include "tst_windowpricer.moc"
