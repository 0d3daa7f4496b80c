// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-bench --mode windows: what pricing every start of a window costs (WindowPricer over the
// listings' calendars), for 14 days of starts over 2,000 listings of one GPU, a third of them
// rented now and a third with reservations ahead. --ops queries, each a random placement, size
// and length; percentiles per placement and over all.

#include "benchoptions.h"

#include "engine/listingcalendar.h"
#include "engine/windowpricer.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QTextStream>

#include <algorithm>
#include <random>
#include <vector>

using namespace everx;

namespace {

constexpr qint32 Listings = 2'000;
constexpr qint32 Starts = 14 * 24;

QString percentiles(std::vector<qint64> ns)
{
    if (ns.empty())
        return QStringLiteral("no samples");
    std::sort(ns.begin(), ns.end());
    const auto at = [&ns](double q) {
        return double(ns[std::min(ns.size() - 1, std::size_t(q * double(ns.size())))]) / 1000.0;
    };
    return QStringLiteral("p50 %1 us, p99 %2 us, max %3 us (%4 queries)")
        .arg(at(0.5), 0, 'f', 0)
        .arg(at(0.99), 0, 'f', 0)
        .arg(double(ns.back()) / 1000.0, 0, 'f', 0)
        .arg(ns.size());
}

} // namespace

int runWindowsBenchmark(const BenchOptions &options)
{
    QTextStream out(stdout);
    std::mt19937_64 random(options.seed);
    const auto pick = [&random](qint64 lo, qint64 hi) {
        return std::uniform_int_distribution<qint64>(lo, hi)(random);
    };
    const qint64 now = 1'796'601'600'000 / ListingCalendar::HourMs; // a Monday, 00:00 UTC

    ListingCalendar calendar;
    std::vector<WindowPricer::Offer> offers;
    offers.reserve(Listings);
    qint64 bookingId = 1;
    qint32 rentedNow = 0, withReservations = 0;
    for (qint64 id = 1; id <= Listings; ++id) {
        const qint32 gpus = pick(0, 3) == 0 ? 4 : 8;
        calendar.setListing(id, gpus);
        // A quarter in clusters of four servers of one provider.
        const qint32 cluster = id <= Listings / 4 ? qint32((id - 1) / 4 + 1) : 0;
        const qint64 owner = cluster != 0 ? 1'000 + cluster : id;
        offers.push_back({id, owner, qint32(pick(150, 350)), cluster});
        if (pick(0, 2) == 0) {
            ListingCalendar::Booking spot = ListingCalendar::span(
                now * ListingCalendar::HourMs + pick(0, 59) * 60'000, qint32(pick(1, 72)));
            spot.listingId = id;
            spot.gpus = qint32(pick(1, gpus));
            rentedNow += calendar.book(bookingId++, spot) ? 1 : 0;
        }
        if (pick(0, 2) == 0) {
            bool any = false;
            for (qint64 r = pick(1, 3); r > 0; --r) {
                ListingCalendar::Booking ahead;
                ahead.listingId = id;
                ahead.startHour = now + pick(1, Starts);
                ahead.endHour = ahead.startHour + pick(1, 72);
                ahead.gpus = qint32(pick(1, gpus));
                ahead.use = ListingCalendar::Use::Reserved;
                any = calendar.book(bookingId++, ahead) || any;
            }
            withReservations += any ? 1 : 0;
        }
    }
    out << "everx-bench --mode windows: " << Listings << " listings of one GPU (" << rentedNow
        << " rented now, " << withReservations << " with reservations ahead, "
        << calendar.bookingCount() << " bookings), " << Starts << " start hours a query\n";

    static const qint32 sizes[] = {1, 4, 8, 16, 32};
    static const qint32 lengths[] = {1, 8, 24, 60, 72};
    std::vector<qint64> all, byPlacement[3];
    qint64 checksum = 0; // keeps the work from being optimized away, and shows it found prices
    qint64 priced = 0;
    for (int repeat = 0; repeat < options.repeat; ++repeat) {
        for (qint64 i = 0; i < options.ops; ++i) {
            WindowPricer::Request request;
            request.placement = Placement(pick(0, 2));
            request.gpus = sizes[pick(0, 4)];
            request.hours = lengths[pick(0, 4)];
            request.fromHour = now + 1;
            request.starts = Starts;
            request.excludedOwner = pick(1, Listings);
            QElapsedTimer timer;
            timer.start();
            const std::vector<WindowPricer::Window> windows =
                WindowPricer::price(calendar, offers, request);
            const qint64 ns = timer.nsecsElapsed();
            all.push_back(ns);
            byPlacement[int(request.placement)].push_back(ns);
            for (const WindowPricer::Window &w : windows) {
                checksum += w.subtotalCents;
                priced += w.placements > 0 ? 1 : 0;
            }
        }
    }
    out << "any:     " << percentiles(byPlacement[int(Placement::Any)]) << '\n';
    out << "server:  " << percentiles(byPlacement[int(Placement::Server)]) << '\n';
    out << "cluster: " << percentiles(byPlacement[int(Placement::Cluster)]) << '\n';
    out << "all:     " << percentiles(all) << '\n';
    out << "windows with a placement: " << priced << " of " << qint64(all.size()) * Starts
        << " (checksum " << checksum << ")\n";
    return priced > 0 ? 0 : 1;
}
