// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/windowfinder.h"

#include <unordered_map>

namespace everx {

std::vector<PlacementIndex::Leg> WindowFinder::find(const ListingCalendar &calendar,
                                                    const std::vector<Offer> &offers,
                                                    const Request &request)
{
    const auto freeOf = [&](const Offer &o) {
        qint32 free = calendar.freeOver(o.listingId, request.startHour, request.hours);
        if (free > 0 && request.idle)
            free = std::min(free, request.idle(o.listingId));
        return free;
    };
    std::vector<PlacementIndex::Leg> legs;
    switch (request.placement) {
    case Placement::Server:
        for (const Offer &o : offers) {
            if (o.price > request.maxPrice)
                break;
            if (o.ownerId != request.excludedOwner && freeOf(o) >= request.gpus)
                return {{o.listingId, request.gpus, o.price}};
        }
        return {};
    case Placement::Any: {
        qint32 left = request.gpus;
        for (const Offer &o : offers) {
            if (o.price > request.maxPrice)
                break;
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
    for (const Offer &o : offers) {
        if (o.price > request.maxPrice)
            break;
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
