// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Windows ahead (docs/architecture.md "The market"): the calendar of every listing's GPUs hour by
// hour, kept as rentals start and end, and market.windows, what a placement would cost at each
// start hour of the next 14 days. Part of ExchangeEngine (exchangeengine.h).

#include "engine/exchangeengine.h"

#include "engine/windowpricer.h"
#include "market/marketrules.h"

namespace everx {

using namespace MarketRules;

void ExchangeEngine::bookRental(const Rental &rental)
{
    ListingCalendar::Booking b = ListingCalendar::span(rental.startedMs, rental.hours);
    b.listingId = rental.listingId;
    b.gpus = rental.gpus;
    b.use = rental.state == RentalState::Reserved ? ListingCalendar::Use::Reserved
                                                  : ListingCalendar::Use::Rented;
    // The book offered these GPUs, so the calendar has them free; checkInvariants says if not.
    m_calendar.book(rental.id, b);
}

void ExchangeEngine::unbookRental(const Rental &rental)
{
    // The hour it ends in is free from now on for anything that starts now.
    m_calendar.release(rental.id, ListingCalendar::hourOf(m_now));
    forgetPastHours(ListingCalendar::hourOf(m_now));
}

void ExchangeEngine::forgetPastHours(qint64 hour)
{
    if (hour <= m_calendarHour)
        return;
    m_calendarHour = hour;
    m_calendar.forgetBefore(hour);
}

Result<WindowsQuote> ExchangeEngine::windows(qint64 actor, const WindowsRequest &request)
{
    advance();
    const qint64 now = m_clock.nowMs();
    const Result<int> asker = askerTaxBp(actor);
    if (!asker)
        return asker.error();
    const int taxBp = *asker;
    if (auto e = orderSizeRefusal(request.gpu, request.quantity, request.hours))
        return *e;
    // Starts run from the next hour to WindowDays days after it.
    const qint64 firstStart = (ListingCalendar::hourOf(now) + 1) * HourMs;
    const qint64 horizon = firstStart + qint64(WindowDays) * DayMs; // exclusive
    const qint64 from = request.fromMs == 0 ? firstStart : request.fromMs;
    if (from % HourMs != 0 || from < firstStart || from >= horizon)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("the first start must be on the hour, from the next hour to %1"
                                  " days ahead")
                       .arg(WindowDays));
    if (request.days < 0 || request.days > WindowDays)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("days must be 1 to %1").arg(WindowDays));
    const qint64 days = request.days == 0 ? WindowDays : request.days;
    const auto starts = qint32(std::min(days * 24, (horizon - from) / HourMs));
    forgetPastHours(ListingCalendar::hourOf(now));

    std::vector<WindowPricer::Offer> offers;
    for (const WindowFinder::Offer &o : windowOffers(m_catalog->indexOf(request.gpu)))
        offers.push_back({o.listingId, o.ownerId, o.price, o.cluster, unitGross(o.price, taxBp)});
    // Time priority at one price: the older listing first, as a level takes them.
    std::sort(offers.begin(), offers.end(),
              [](const auto &a, const auto &b) { return a.listingId < b.listingId; });
    WindowPricer::Request ask;
    ask.placement = request.placement;
    ask.gpus = request.quantity;
    ask.hours = request.hours;
    ask.fromHour = from / HourMs;
    ask.starts = starts;
    ask.excludedOwner = actor;

    WindowsQuote q;
    q.gpu = request.gpu;
    q.quantity = request.quantity;
    q.hours = request.hours;
    q.placement = request.placement;
    q.taxBp = taxBp;
    q.windows.reserve(starts);
    for (const WindowPricer::Window &w : WindowPricer::price(m_calendar, std::move(offers), ask))
        q.windows.append({w.startHour * HourMs, w.placements, w.subtotalCents,
                          w.totalCents - w.subtotalCents, w.totalCents});
    return q;
}

} // namespace everx
