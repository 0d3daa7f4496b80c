// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/money.h"

#include <QtCore/QList>

namespace everx {

// A listing's GPUs hour by hour, as the provider's calendar draws them: of each hour, how many
// its running rentals take and how many its reserved windows take, the rest being idle. The
// hours a rental takes are the exchange's (MarketRules::hoursTaken), so the calendar shows what
// the exchange will and will not sell. Ended, stopped and cancelled rentals take nothing.
namespace ProviderCalendar {

struct Hour
{
    qint32 rented = 0;
    qint32 reserved = 0;
    bool operator==(const Hour &) const = default;
};

// `hours` consecutive hours from fromMs (an hour boundary) of the listing, from the rentals
// given (the provider's: those on other listings are left out).
QList<Hour> hoursOf(qint64 listingId, const QList<Rental> &rentals, qint64 fromMs, int hours);

// The provider's earnings booked ahead on a listing (0: on every listing): its reserved windows'
// hours, less the platform fee (MarketRules::earningsAhead), and how many windows they are.
struct Booked
{
    Cents earningsCents = 0;
    int windows = 0;
};
Booked bookedAhead(qint64 listingId, const QList<Rental> &rentals);

} // namespace ProviderCalendar
} // namespace everx
