// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/listingcalendar.h"
#include "engine/placementindex.h"
#include "market/marketrecords.h"

#include <functional>
#include <vector>

namespace everx {

// The cheapest placement of N GPUs free over one window, by the listings' calendars
// (docs/architecture.md "The market"): what a window's order reserves, and what a spot order finds
// where windows are reserved ahead. The offers are one GPU's listings that may sell, cheapest
// first (price, then the older listing, as a level takes them); the walk stops at the first price
// above the cap, and for `server` and `any` at the first placement whole, so that a market whose
// cheap servers are free answers after a few listings. When the offers are a market of the
// calendar in the same order (ListingCalendar::setMarket), the walk visits only the listings
// with GPUs enough free over the window (ListingCalendar::firstFree), so that a market whose
// cheap servers are reserved ahead answers as fast.
//
// Pure function over its arguments; the engine keeps the offers sorted (exchangeengine_windows).
class WindowFinder final
{
public:
    struct Offer
    {
        qint64 listingId = 0;
        qint64 ownerId = 0;
        qint32 price = 0; // cents per GPU-hour
        qint32 cluster = 0; // a number per (provider, cluster); 0 for none
    };

    struct Request
    {
        Placement placement = Placement::Any;
        qint32 gpus = 0;
        qint64 startHour = 0;
        qint32 hours = 0; // whole hours of the calendar, from startHour
        qint32 maxPrice = 0;
        qint64 excludedOwner = 0; // whose listings are never taken (self-trade)
        // For an order from now: how many of a listing's GPUs are idle (rest in the book); the
        // calendar's free GPUs are capped by it. Empty: the calendar alone (a window ahead).
        std::function<qint32(qint64 listingId)> idle;
        // The calendar's market whose listings are `offers`, position by position; -1: none, and
        // every offer is asked in turn.
        qint32 market = -1;
    };

    // One leg a listing, cheapest first; empty when no whole placement is free.
    static std::vector<PlacementIndex::Leg>
    find(const ListingCalendar &calendar, const std::vector<Offer> &offers, const Request &request);
};

} // namespace everx
