// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The provider workspace's reads: part of ExchangeEngine (exchangeengine.h). Computed from the
// rentals and listings in the database, so that they say what was billed and what was listed,
// also for days before the exchange's last start.
#include "engine/exchangeengine.h"

#include <algorithm>

namespace everx {

using namespace MarketRules;

namespace {

HostedRental hosted(const Rental &r)
{
    HostedRental h;
    h.id = r.id;
    h.listingId = r.listingId;
    h.gpu = r.gpu;
    h.gpus = r.gpus;
    h.priceCents = r.priceCents;
    h.hours = r.hours;
    h.hoursBilled = r.hoursBilled;
    h.startedMs = r.startedMs;
    h.endedMs = r.endedMs;
    h.state = r.state;
    h.earnedCents = earnedSoFar(r);
    return h;
}

} // namespace

Result<QList<HostedRental>> ExchangeEngine::hostedRentals(qint64 actor, const RentalPage &page)
{
    advance();
    if (auto e = checkActor(actor, {Role::Provider}))
        return *e;
    QList<HostedRental> out;
    const QList<Rental> rentals =
        m_db.providerRentals(actor, page.before, std::clamp(page.limit, 1, MaxPageSize));
    out.reserve(rentals.size());
    for (const Rental &r : rentals)
        out.append(hosted(r));
    return out;
}

Result<ProviderStats> ExchangeEngine::providerStats(qint64 actor, const StatsQuery &query)
{
    advance();
    if (auto e = checkActor(actor, {Role::Provider}))
        return *e;
    if (query.days != 7 && query.days != 30 && query.days != 90)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("statistics are for 7, 30 or 90 days"));
    const qint64 now = m_clock.nowMs();
    const qint64 today = now - now % DayMs;
    const qint64 first = today - qint64(query.days - 1) * DayMs;
    const qint64 since = std::min(first, today - 89 * DayMs); // the 90 days' total too

    ProviderStats stats;
    stats.days.resize(query.days);
    for (int i = 0; i < query.days; ++i)
        stats.days[i].dayMs = first + qint64(i) * DayMs;

    // Each billed hour counts on the day its capture fell in.
    for (const Rental &r : m_db.providerRentalsSince(actor, since)) {
        const Cents perHour = hourSplit(r).providerEarnings;
        for (qint32 k = 0; k < r.hoursBilled; ++k) {
            const qint64 t = r.startedMs + qint64(k) * HourMs;
            if (t < since || t > now)
                continue;
            if (t >= today)
                stats.todayCents += perHour;
            if (t >= today - 6 * DayMs)
                stats.last7DaysCents += perHour;
            if (t >= today - 29 * DayMs)
                stats.last30DaysCents += perHour;
            stats.last90DaysCents += perHour;
            if (t >= first) {
                StatsDay &day = stats.days[qsizetype((t - first) / DayMs)];
                day.earningsCents += perHour;
                day.rentedGpuHours += r.gpus;
            }
        }
        // Utilisation counts the time rented up to now: an hour billed at its start is not yet
        // used, and a rental stopped early was not used after its end.
        const qint64 until =
            std::min(now, r.endedMs > 0 ? r.endedMs : r.startedMs + qint64(r.hours) * HourMs);
        for (StatsDay &day : stats.days) {
            const qint64 from = std::max(day.dayMs, r.startedMs);
            const qint64 to = std::min(day.dayMs + DayMs, until);
            if (to > from)
                day.rentedGpuMinutes += (to - from) / 60'000 * r.gpus;
        }
    }
    const QHash<qint64, Cents> earned = m_db.listingEarnings(actor);
    for (const Listing &l : m_db.providerListings(actor)) {
        stats.listings.append({l.id, earned.value(l.id)});
        // Listed from its creation until its removal (now while it is not removed). A listing
        // removed before its removal time was kept (schema 6) counts nothing.
        const qint64 end = l.state != ListingState::Removed ? now : l.removedMs;
        for (StatsDay &day : stats.days) {
            const qint64 from = std::max(day.dayMs, l.createdMs);
            const qint64 to = std::min(day.dayMs + DayMs, end);
            if (to > from)
                day.listedGpuMinutes += (to - from) / 60'000 * l.gpuCount;
        }
    }
    for (StatsDay &day : stats.days) {
        if (day.listedGpuMinutes > 0)
            day.utilisationBp = qint32(std::min<qint64>(
                MaxBasisPoints, day.rentedGpuMinutes * MaxBasisPoints / day.listedGpuMinutes));
    }
    return stats;
}

} // namespace everx
