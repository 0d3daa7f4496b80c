// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/windowpricer.h"

#include "engine/listingcalendar.h"

#include <algorithm>
#include <map>

namespace everx {

namespace {

// The cheapest `gpus` over some listings, every start at once: each listing, cheapest first, gives
// what it has free in each window until the window has them all.
struct Fill
{
    std::vector<qint32> missing; // GPUs still to find, per start
    std::vector<Cents> subtotal; // per start, of what was found
    std::vector<Cents> total; // the same, tax included
    std::vector<qint32> listings; // listings with a GPU free, per start

    Fill(qint32 starts, qint32 gpus)
        : missing(std::size_t(starts), gpus)
        , subtotal(std::size_t(starts), 0)
        , total(std::size_t(starts), 0)
        , listings(std::size_t(starts), 0)
    { }

    void take(const std::vector<qint32> &free, qint32 price, Cents gross, qint32 hours)
    {
        for (std::size_t s = 0; s < free.size(); ++s) {
            const qint32 f = free[s];
            if (f <= 0)
                continue;
            ++listings[s];
            const qint32 taken = std::min(missing[s], f);
            missing[s] -= taken;
            subtotal[s] += Cents(taken) * price * hours;
            total[s] += Cents(taken) * gross * hours;
        }
    }
};

} // namespace

std::vector<WindowPricer::Window> WindowPricer::price(const ListingCalendar &calendar,
                                                      std::vector<Offer> offers,
                                                      const Request &request)
{
    const qint32 starts = std::max(request.starts, 0);
    std::vector<Window> windows;
    windows.resize(std::size_t(starts));
    for (qint32 s = 0; s < starts; ++s)
        windows[std::size_t(s)].startHour = request.fromHour + s;
    if (request.gpus <= 0 || request.hours <= 0 || starts == 0)
        return windows;
    std::erase_if(offers, [&request](const Offer &o) {
        return o.owner == request.excludedOwner || o.priceCents <= 0;
    });
    for (Offer &o : offers)
        if (o.grossCents <= 0)
            o.grossCents = o.priceCents;
    // Cheapest first; at one price, in the order given (time priority).
    std::stable_sort(offers.begin(), offers.end(),
                     [](const Offer &a, const Offer &b) { return a.priceCents < b.priceCents; });

    std::vector<qint32> free;
    const auto freeOf = [&](const Offer &o) {
        calendar.freeByStart(o.listingId, request.fromHour, starts, request.hours, free);
    };
    switch (request.placement) {
    case Placement::Server:
        for (const Offer &o : offers) {
            freeOf(o);
            for (std::size_t s = 0; s < free.size(); ++s) {
                if (free[s] < request.gpus)
                    continue;
                Window &w = windows[s];
                if (w.placements++ == 0) { // the first that fits is the cheapest
                    w.subtotalCents = Cents(request.gpus) * o.priceCents * request.hours;
                    w.totalCents = Cents(request.gpus) * o.grossCents * request.hours;
                }
            }
        }
        break;
    case Placement::Any: {
        Fill fill(starts, request.gpus);
        for (const Offer &o : offers) {
            freeOf(o);
            fill.take(free, o.priceCents, o.grossCents, request.hours);
        }
        for (std::size_t s = 0; s < windows.size(); ++s) {
            if (fill.missing[s] > 0)
                continue;
            windows[s].subtotalCents = fill.subtotal[s];
            windows[s].totalCents = fill.total[s];
            windows[s].placements = fill.listings[s];
        }
        break;
    }
    case Placement::Cluster: {
        std::map<qint32, std::vector<const Offer *>> clusters; // each cheapest first
        for (const Offer &o : offers)
            if (o.cluster != 0)
                clusters[o.cluster].push_back(&o);
        for (const auto &cluster : clusters) {
            Fill fill(starts, request.gpus);
            for (const Offer *o : cluster.second) {
                freeOf(*o);
                fill.take(free, o->priceCents, o->grossCents, request.hours);
            }
            for (std::size_t s = 0; s < windows.size(); ++s) {
                if (fill.missing[s] > 0)
                    continue;
                Window &w = windows[s];
                if (w.placements++ == 0 || fill.subtotal[s] < w.subtotalCents) {
                    w.subtotalCents = fill.subtotal[s];
                    w.totalCents = fill.total[s];
                }
            }
        }
        break;
    }
    }
    return windows;
}

} // namespace everx
