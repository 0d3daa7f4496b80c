// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/windowfinder.h"

#include <algorithm>
#include <unordered_map>

namespace everx {

std::vector<PlacementIndex::Leg> WindowFinder::find(const ListingCalendar &calendar,
                                                    const std::vector<Offer> &offers,
                                                    const Request &request)
{
    // The offers at or below the cap; of those, the next from `from` with `gpus` free over the
    // window, and how many it has.
    const auto end =
        qint32(std::partition_point(offers.begin(), offers.end(),
                                    [&](const Offer &o) { return o.price <= request.maxPrice; })
               - offers.begin());
    const bool indexed = request.market >= 0;
    Q_ASSERT(!indexed || calendar.market(request.market).size() == offers.size());
    // A server needs only to know that the listing has them all: its count is `gpus` then.
    qint32 calendarFree = 0;
    const bool counted = request.placement != Placement::Server;
    const auto next = [&](qint32 from, qint32 gpus) {
        if (indexed) {
            calendarFree = gpus;
            return calendar.firstFree(request.market, from, end, request.startHour, request.hours,
                                      gpus, counted ? &calendarFree : nullptr);
        }
        for (; from < end; ++from) {
            calendarFree = calendar.freeOver(offers[std::size_t(from)].listingId, request.startHour,
                                             request.hours);
            if (calendarFree >= gpus)
                return from;
        }
        return -1;
    };
    // What the offer just found has free: from now, no more than rests in the book.
    const auto freeOf = [&](const Offer &o) {
        return request.idle ? std::min(calendarFree, request.idle(o.listingId)) : calendarFree;
    };
    std::vector<PlacementIndex::Leg> legs;
    switch (request.placement) {
    case Placement::Server:
        for (qint32 at = next(0, request.gpus); at >= 0; at = next(at + 1, request.gpus)) {
            const Offer &o = offers[std::size_t(at)];
            if (o.ownerId != request.excludedOwner && freeOf(o) >= request.gpus)
                return {{o.listingId, request.gpus, o.price}};
        }
        return {};
    case Placement::Any: {
        qint32 left = request.gpus;
        for (qint32 at = next(0, 1); at >= 0; at = next(at + 1, 1)) {
            const Offer &o = offers[std::size_t(at)];
            if (o.ownerId == request.excludedOwner)
                continue;
            const qint32 n = std::min(left, freeOf(o));
            if (n <= 0)
                continue;
            legs.push_back({o.listingId, n, o.price});
            left -= n;
            if (left == 0)
                return legs;
        }
        return {};
    }
    case Placement::Cluster:
        break;
    }
    // Each cluster takes its cheapest GPUs; the cheapest cluster that has them all wins, the
    // one whose first listing is oldest at one total.
    struct Building
    {
        std::vector<PlacementIndex::Leg> legs;
        qint32 left = 0;
        Cents cost = 0;
    };
    std::unordered_map<qint32, Building> clusters; // nodes stay put: `best` points into it
    const Building *best = nullptr;
    std::vector<const Building *> begun; // not whole yet: they may still beat the best
    qint32 price = -1;
    for (qint32 at = next(0, 1); at >= 0; at = next(at + 1, 1)) {
        const Offer &o = offers[std::size_t(at)];
        if (best && o.price != price) {
            // From this price on, a cluster costs at least what it has plus the rest at this
            // price, and one not begun all of it: once none can reach the best, the walk is done.
            price = o.price;
            std::erase_if(begun, [&](const Building *b) {
                return b->left == 0 || b->cost + Cents(b->left) * price > best->cost;
            });
            if (begun.empty() && Cents(request.gpus) * price > best->cost)
                break;
        }
        if (o.cluster == 0 || o.ownerId == request.excludedOwner)
            continue;
        Building &b = clusters.try_emplace(o.cluster, Building {{}, request.gpus, 0}).first->second;
        if (b.left == 0)
            continue;
        // A cluster that cannot beat the best whole one even at this price is done.
        if (best && b.cost + Cents(b.left) * o.price > best->cost)
            continue;
        const qint32 n = std::min(b.left, freeOf(o));
        if (n <= 0)
            continue;
        if (b.legs.empty())
            begun.push_back(&b);
        b.legs.push_back({o.listingId, n, o.price});
        b.left -= n;
        b.cost += Cents(n) * o.price;
        if (b.left == 0
            && (!best || b.cost < best->cost
                || (b.cost == best->cost
                    && b.legs.front().listingId < best->legs.front().listingId)))
            best = &b;
    }
    return best ? best->legs : std::vector<PlacementIndex::Leg>();
}

} // namespace everx
