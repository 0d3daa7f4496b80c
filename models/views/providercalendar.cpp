// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/providercalendar.h"

#include "market/marketrules.h"

#include <algorithm>

namespace everx::ProviderCalendar {

QList<Hour> hoursOf(qint64 listingId, const QList<Rental> &rentals, qint64 fromMs, int hours)
{
    QList<Hour> out(std::max(hours, 0));
    const qint64 toMs = fromMs + qint64(out.size()) * MarketRules::HourMs;
    for (const Rental &r : rentals) {
        if (r.listingId != listingId
            || (r.state != RentalState::Running && r.state != RentalState::Reserved))
            continue;
        const MarketRules::HourSpan taken = MarketRules::hoursTaken(r.startedMs, r.hours);
        const qint64 first = std::max(taken.startMs, fromMs);
        const qint64 end = std::min(taken.endMs, toMs);
        for (qint64 ms = first; ms < end; ms += MarketRules::HourMs) {
            Hour &h = out[qsizetype((ms - fromMs) / MarketRules::HourMs)];
            (r.state == RentalState::Running ? h.rented : h.reserved) += r.gpus;
        }
    }
    return out;
}

Booked bookedAhead(qint64 listingId, const QList<Rental> &rentals)
{
    Booked b;
    for (const Rental &r : rentals) {
        if (r.state != RentalState::Reserved || (listingId != 0 && r.listingId != listingId))
            continue;
        b.earningsCents += MarketRules::earningsAhead(r);
        ++b.windows;
    }
    return b;
}

} // namespace everx::ProviderCalendar
