// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"

#include <vector>

namespace everx {

class ListingCalendar;

// What each start of a window would cost (docs/architecture.md "The market"): for one GPU, every
// start hour's cheapest placement of N GPUs for H hours, over the listings' calendars, each
// listing at its own price. The listings are walked once each, every start at a time, so pricing
// 336 starts costs about as much as the listings' hours, not 336 placements searched one by one.
class WindowPricer final
{
public:
    // A listing that may sell: active, of the GPU asked, at its ask price.
    struct Offer
    {
        qint64 listingId = 0;
        qint64 owner = 0; // an account never trades with itself
        qint32 priceCents = 0; // per GPU-hour, excluding tax
        qint32 cluster = 0; // 0: none; one provider's cluster, a small positive number
        Cents grossCents = 0; // per GPU-hour, tax included (0: the price, no tax)
    };

    struct Request
    {
        Placement placement = Placement::Any;
        qint32 gpus = 0;
        qint32 hours = 0;
        qint64 fromHour = 0; // the first start
        qint32 starts = 0; // consecutive start hours from fromHour
        qint64 excludedOwner = 0; // the asker's listings are not offered to it
    };

    struct Window
    {
        qint64 startHour = 0;
        // The cheapest placement's price over the whole window, excluding tax; 0 with none.
        Cents subtotalCents = 0;
        // Placements free over the window: listings that take it whole (server), clusters that
        // do (cluster), or listings with a GPU free for all of it (any, when they add up to it).
        qint32 placements = 0;
        Cents totalCents = 0; // the same placement's, tax included: what an order for it holds
        bool operator==(const Window &) const = default;
    };

    // `offers` in time priority (the order a level takes them in at one price).
    static std::vector<Window> price(const ListingCalendar &calendar, std::vector<Offer> offers,
                                     const Request &request);
};

} // namespace everx
