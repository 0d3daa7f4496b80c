// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/listingcalendar.h"

#include "market/marketrules.h"

#include <algorithm>

namespace everx {

qint64 ListingCalendar::hourOf(qint64 ms)
{
    return ms >= 0 ? ms / HourMs : -((-ms + HourMs - 1) / HourMs);
}

ListingCalendar::Booking ListingCalendar::span(qint64 startMs, qint32 hours)
{
    // The hour the last millisecond falls in is taken too: a rental from 12:20 for 3 hours keeps
    // its GPUs until 15:20, so a window from 15:00 cannot have them. The desk's calendar draws
    // the same hours.
    const MarketRules::HourSpan taken = MarketRules::hoursTaken(startMs, hours);
    Booking b;
    b.startHour = taken.startMs / HourMs;
    b.endHour = taken.endMs / HourMs;
    return b;
}

void ListingCalendar::setListing(qint64 listingId, qint32 gpuCount)
{
    m_listings[listingId].gpuCount = std::max(gpuCount, 0);
}

void ListingCalendar::removeListing(qint64 listingId)
{
    const auto it = m_listings.constFind(listingId);
    if (it == m_listings.cend())
        return;
    for (const qint64 id : it->bookings)
        m_bookings.remove(id);
    m_listings.erase(it);
}

qint32 ListingCalendar::gpuCount(qint64 listingId) const
{
    const auto it = m_listings.constFind(listingId);
    return it == m_listings.cend() ? 0 : it->gpuCount;
}

qint32 ListingCalendar::usedIn(const Hours &h, qint64 hour)
{
    const qint64 i = hour - h.base;
    if (i < 0 || i >= qint64(h.used.size()))
        return 0;
    return h.used[std::size_t(i)];
}

void ListingCalendar::add(Hours &h, const Booking &b, qint64 fromHour, qint32 sign)
{
    qint64 lo = std::max(b.startHour, fromHour);
    qint64 hi = b.endHour;
    if (sign > 0) {
        if (h.rented.empty()) {
            h.base = lo;
        } else if (lo < h.base) {
            const auto grow = std::size_t(h.base - lo);
            h.rented.insert(h.rented.begin(), grow, 0);
            h.reserved.insert(h.reserved.begin(), grow, 0);
            h.used.insert(h.used.begin(), grow, 0);
            h.base = lo;
        }
        const auto size = std::size_t(hi - h.base);
        if (size > h.rented.size()) {
            h.rented.resize(size, 0);
            h.reserved.resize(size, 0);
            h.used.resize(size, 0);
        }
    } else {
        // What was forgotten (before base) is not counted any more.
        lo = std::max(lo, h.base);
        hi = std::min(hi, h.base + qint64(h.rented.size()));
    }
    std::vector<qint32> &used = b.use == Use::Rented ? h.rented : h.reserved;
    for (qint64 hour = lo; hour < hi; ++hour) {
        used[std::size_t(hour - h.base)] += sign * b.gpus;
        h.used[std::size_t(hour - h.base)] += sign * b.gpus;
    }
}

bool ListingCalendar::book(qint64 bookingId, const Booking &booking)
{
    const auto it = m_listings.find(booking.listingId);
    if (it == m_listings.end() || m_bookings.contains(bookingId) || booking.gpus <= 0
        || booking.endHour <= booking.startHour)
        return false;
    const qint64 hours = booking.endHour - booking.startHour;
    if (hours > qint64(1) << 20) // far beyond any order's length: refuse before allocating it
        return false;
    if (freeOver(booking.listingId, booking.startHour, qint32(hours)) < booking.gpus)
        return false;
    add(*it, booking, booking.startHour, +1);
    it->bookings.push_back(bookingId);
    m_bookings.insert(bookingId, booking);
    return true;
}

bool ListingCalendar::release(qint64 bookingId, qint64 fromHour)
{
    const auto b = m_bookings.find(bookingId);
    if (b == m_bookings.end())
        return false;
    Hours &h = m_listings[b->listingId];
    add(h, *b, fromHour, -1);
    if (fromHour <= b->startHour) {
        h.bookings.erase(std::find(h.bookings.begin(), h.bookings.end(), bookingId));
        m_bookings.erase(b);
    } else {
        b->endHour = std::min(b->endHour, fromHour);
    }
    return true;
}

bool ListingCalendar::setUse(qint64 bookingId, Use use)
{
    const auto b = m_bookings.find(bookingId);
    if (b == m_bookings.end())
        return false;
    if (b->use == use)
        return true;
    Hours &h = m_listings[b->listingId];
    add(h, *b, b->startHour, -1);
    b->use = use;
    add(h, *b, b->startHour, +1);
    return true;
}

const ListingCalendar::Booking *ListingCalendar::booking(qint64 bookingId) const
{
    const auto b = m_bookings.constFind(bookingId);
    return b == m_bookings.cend() ? nullptr : &*b;
}

qint32 ListingCalendar::freeOver(qint64 listingId, qint64 startHour, qint32 hours) const
{
    const auto it = m_listings.constFind(listingId);
    if (it == m_listings.cend() || hours <= 0)
        return 0;
    const Hours &h = *it;
    const qint64 lo = std::max(startHour, h.base);
    const qint64 hi = std::min(startHour + hours, h.base + qint64(h.rented.size()));
    if (lo >= hi)
        return h.gpuCount;
    // The hours kept are contiguous from base: the most in use is a maximum over one slice.
    const auto first = h.used.cbegin() + qptrdiff(lo - h.base);
    const qint32 most = *std::max_element(first, first + qptrdiff(hi - lo));
    return std::max(h.gpuCount - most, 0);
}

qint32 ListingCalendar::usedAt(qint64 listingId, qint64 hour, Use use) const
{
    const auto it = m_listings.constFind(listingId);
    if (it == m_listings.cend())
        return 0;
    const qint64 i = hour - it->base;
    if (i < 0 || i >= qint64(it->rented.size()))
        return 0;
    return (use == Use::Rented ? it->rented : it->reserved)[std::size_t(i)];
}

qint32 ListingCalendar::usedAt(qint64 listingId, qint64 hour) const
{
    const auto it = m_listings.constFind(listingId);
    return it == m_listings.cend() ? 0 : usedIn(*it, hour);
}

void ListingCalendar::freeByStart(qint64 listingId, qint64 fromHour, qint32 starts, qint32 hours,
                                  std::vector<qint32> &out) const
{
    out.assign(std::size_t(std::max(starts, 0)), 0);
    const auto it = m_listings.constFind(listingId);
    if (it == m_listings.cend() || starts <= 0 || hours <= 0)
        return;
    const Hours &h = *it;
    std::fill(out.begin(), out.end(), h.gpuCount);
    if (h.used.empty())
        return;
    // Only the starts whose window meets a booked hour differ from the listing's GPUs.
    const qint64 bookedLo = h.base;
    const qint64 bookedHi = h.base + qint64(h.used.size());
    const qint64 first = std::max(fromHour, bookedLo - hours + 1);
    const qint64 last = std::min(fromHour + starts, bookedHi); // exclusive
    if (first >= last)
        return;
    // The most GPUs used over each window [s, s + hours), for s in [first, last): van Herk and
    // Gil-Werman's sliding maximum. The span is cut in blocks of `hours`; a window covers the end
    // of one block and the start of the next, so its maximum is the larger of the first block's
    // maximum from s on and the next block's up to s + hours - 1. Straight passes over arrays.
    const auto n = std::size_t(last - first + hours - 1);
    m_span.assign(n, 0);
    m_prefix.resize(n);
    m_suffix.resize(n);
    const qint64 copyLo = std::max(first, bookedLo);
    const qint64 copyHi = std::min(first + qint64(n), bookedHi);
    if (copyLo < copyHi)
        std::copy(h.used.begin() + qptrdiff(copyLo - bookedLo),
                  h.used.begin() + qptrdiff(copyHi - bookedLo),
                  m_span.begin() + qptrdiff(copyLo - first));
    const auto k = std::size_t(hours);
    for (std::size_t block = 0; block < n; block += k) {
        const std::size_t end = std::min(block + k, n);
        qint32 most = 0;
        for (std::size_t i = block; i < end; ++i)
            m_prefix[i] = most = std::max(most, m_span[i]);
        most = 0;
        for (std::size_t i = end; i-- > block;)
            m_suffix[i] = most = std::max(most, m_span[i]);
    }
    qint32 *row = out.data() + (first - fromHour);
    for (std::size_t i = 0; i + k - 1 < n; ++i)
        row[i] = std::max(h.gpuCount - std::max(m_suffix[i], m_prefix[i + k - 1]), 0);
}

void ListingCalendar::forgetBefore(qint64 hour, std::vector<qint64> *ended)
{
    for (auto it = m_listings.begin(); it != m_listings.end(); ++it) {
        Hours &h = *it;
        if (!h.rented.empty() && h.base < hour) {
            const auto drop = std::size_t(std::min<qint64>(hour - h.base, qint64(h.rented.size())));
            h.rented.erase(h.rented.begin(), h.rented.begin() + qptrdiff(drop));
            h.reserved.erase(h.reserved.begin(), h.reserved.begin() + qptrdiff(drop));
            h.used.erase(h.used.begin(), h.used.begin() + qptrdiff(drop));
            h.base = h.rented.empty() ? 0 : hour;
        }
        for (std::size_t i = 0; i < h.bookings.size();) {
            const qint64 id = h.bookings[i];
            if (m_bookings.value(id).endHour <= hour) {
                m_bookings.remove(id);
                if (ended)
                    ended->push_back(id);
                h.bookings[i] = h.bookings.back();
                h.bookings.pop_back();
            } else {
                ++i;
            }
        }
    }
}

std::vector<std::pair<qint64, ListingCalendar::Booking>>
ListingCalendar::bookingsOf(qint64 listingId) const
{
    std::vector<std::pair<qint64, Booking>> result;
    const auto it = m_listings.constFind(listingId);
    if (it == m_listings.cend())
        return result;
    for (const qint64 id : it->bookings)
        result.emplace_back(id, m_bookings.value(id));
    std::sort(result.begin(), result.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    return result;
}

} // namespace everx
