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
    Hours &h = m_listings[listingId];
    if (h.gpuCount == std::max(gpuCount, 0))
        return;
    h.gpuCount = std::max(gpuCount, 0);
    reindex(h, treeStart(), treeStart() + FreeGpuTree::Span);
}

void ListingCalendar::removeListing(qint64 listingId)
{
    const auto it = m_listings.constFind(listingId);
    if (it == m_listings.cend())
        return;
    for (const qint64 id : it->bookings)
        m_bookings.remove(id);
    leaveMarket(m_listings[listingId]);
    m_listings.erase(it);
}

qint32 ListingCalendar::gpuCount(qint64 listingId) const
{
    const auto it = m_listings.constFind(listingId);
    return it == m_listings.cend() ? 0 : it->gpuCount;
}

// Read for every hour the trees are told: inline, ahead of their callers.
inline qint32 ListingCalendar::usedIn(const Hours &h, qint64 hour) const
{
    const qint64 i = hour - h.base;
    if (hour < m_floor) // forgotten
        return 0;
    if (i < 0 || i >= qint64(h.used.size()))
        return 0;
    return h.used[std::size_t(i)];
}

inline qint32 ListingCalendar::freeAt(const Hours &h, qint64 hour) const
{
    return h.gpuCount - usedIn(h, hour);
}

void ListingCalendar::reindex(const Hours &h, qint64 lo, qint64 hi)
{
    if (h.market < 0)
        return;
    Market &m = m_markets[size_t(h.market)];
    m.gpus[std::size_t(h.position)] = h.gpuCount;
    m.bookedUntil[std::size_t(h.position)] = h.base + qint64(h.used.size());
    FreeGpuTree &tree = m.tree;
    // Hours before m_floor are not asked about (firstFree starts there).
    lo = std::max({lo, tree.firstHour(), m_floor});
    hi = std::min(hi, tree.firstHour() + FreeGpuTree::Span);
    tree.assign(h.position, lo, hi, [&](qint64 hour) { return freeAt(h, hour); });
    tree.pull(h.position, lo, hi);
}

void ListingCalendar::leaveMarket(Hours &h)
{
    if (h.market < 0)
        return;
    Market &m = m_markets[size_t(h.market)];
    const qint64 first = m.tree.firstHour();
    m.tree.assign(h.position, first, first + FreeGpuTree::Span, [](qint64) { return 0; });
    m.tree.pull(h.position, first, first + FreeGpuTree::Span);
    m.gpus[std::size_t(h.position)] = 0;
    m.bookedUntil[std::size_t(h.position)] = 0;
    h.market = -1;
    h.position = -1;
}

void ListingCalendar::add(Hours &h, const Booking &b, qint64 fromHour, qint32 sign)
{
    qint64 lo = std::max(b.startHour, fromHour);
    qint64 hi = b.endHour;
    if (sign > 0) {
        if (h.rented.empty()) {
            // From the first hour kept, so that a booking before this one (a rental from now
            // after a window ahead) grows the hours at their end, not at their front.
            h.base = std::min(lo, m_floor);
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
    reindex(h, lo, hi);
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
    if (freeIn(*it, booking.startHour, qint32(hours)) < booking.gpus)
        return false;
    trim(*it);
    add(*it, booking, booking.startHour, +1);
    m_ends.push({booking.endHour, bookingId});
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
        m_ends.push({b->endHour, bookingId});
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
    return it == m_listings.cend() ? 0 : freeIn(*it, startHour, hours);
}

qint32 ListingCalendar::freeIn(const Hours &h, qint64 startHour, qint32 hours) const
{
    if (hours <= 0)
        return 0;
    const qint64 lo = std::max({startHour, h.base, m_floor});
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
    if (hour < m_floor || i < 0 || i >= qint64(it->rented.size()))
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
    const qint64 bookedLo = std::max(h.base, m_floor); // hours before m_floor are forgotten
    const qint64 bookedHi = h.base + qint64(h.used.size());
    if (bookedLo >= bookedHi)
        return;
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
        std::copy(h.used.begin() + qptrdiff(copyLo - h.base),
                  h.used.begin() + qptrdiff(copyHi - h.base),
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
    if (hour > m_floor) {
        m_floor = hour;
        const qint64 first = treeStart();
        for (Market &m : m_markets) {
            if (m.tree.firstHour() >= first)
                continue;
            const qint64 oldEnd = m.tree.firstHour() + FreeGpuTree::Span;
            m.tree.moveTo(first);
            const qint64 lo = std::max(oldEnd, first);
            const qint64 hi = first + FreeGpuTree::Span;
            // So far ahead, most listings have nothing booked: their GPUs, without a lookup.
            for (std::size_t position = 0; position < m.listings.size(); ++position) {
                const qint64 booked = std::clamp(m.bookedUntil[position], lo, hi);
                if (lo < booked) {
                    const auto it = m_listings.constFind(m.listings[position]);
                    if (it != m_listings.cend())
                        m.tree.assign(qint32(position), lo, booked,
                                      [&](qint64 at) { return freeAt(*it, at); });
                }
                m.tree.assign(qint32(position), booked, hi,
                              [&](qint64) { return m.gpus[position]; });
            }
            m.tree.pullAll(lo, hi);
        }
    }
    // Each booking that has ended, from the earliest end: not every listing every hour.
    while (!m_ends.empty() && m_ends.top().first <= hour) {
        const qint64 id = m_ends.top().second;
        m_ends.pop();
        const auto b = m_bookings.constFind(id);
        if (b == m_bookings.cend() || b->endHour > hour) // released already, or not this end
            continue;
        const auto it = m_listings.find(b->listingId);
        if (it != m_listings.end()) {
            std::vector<qint64> &ids = it->bookings;
            *std::find(ids.begin(), ids.end(), id) = ids.back();
            ids.pop_back();
            trim(*it);
        }
        m_bookings.erase(b);
        if (ended)
            ended->push_back(id);
    }
}

void ListingCalendar::trim(Hours &h)
{
    // The hours before m_floor are dropped once they are a quarter of what is kept, so that
    // forgetting moves each listing's hours down now and then, not every hour.
    if (h.rented.empty() || h.base >= m_floor)
        return;
    const auto drop = std::size_t(std::min<qint64>(m_floor - h.base, qint64(h.rented.size())));
    if (drop == h.rented.size()) {
        h.rented.clear();
        h.reserved.clear();
        h.used.clear();
        h.base = 0;
    } else if (drop * 4 >= h.rented.size()) {
        h.rented.erase(h.rented.begin(), h.rented.begin() + qptrdiff(drop));
        h.reserved.erase(h.reserved.begin(), h.reserved.begin() + qptrdiff(drop));
        h.used.erase(h.used.begin(), h.used.begin() + qptrdiff(drop));
        h.base = m_floor;
    }
}

qint64 ListingCalendar::treeStart() const
{
    // The trees move on a day at a time, so that each move assigns a day of hours a listing
    // (in a straight run) instead of one hour a listing every hour.
    const qint64 day = m_floor >= 0 ? m_floor / 24 : -((-m_floor + 23) / 24);
    return day * 24;
}

void ListingCalendar::setMarket(qint32 market, const std::vector<qint64> &listingsInOrder)
{
    if (market < 0)
        return;
    if (std::size_t(market) >= m_markets.size())
        m_markets.resize(std::size_t(market) + 1);
    for (const qint64 id : m_markets[std::size_t(market)].listings) {
        const auto it = m_listings.find(id);
        if (it != m_listings.end() && it->market == market) {
            it->market = -1;
            it->position = -1;
        }
    }
    Market &m = m_markets[std::size_t(market)];
    m.listings = listingsInOrder;
    m.gpus.assign(m.listings.size(), 0);
    m.bookedUntil.assign(m.listings.size(), 0);
    const qint64 first = treeStart();
    m.tree.reset(qint32(m.listings.size()), first);
    for (std::size_t position = 0; position < m.listings.size(); ++position) {
        const auto it = m_listings.find(m.listings[position]);
        // Unknown, or named twice: a position with nothing free.
        if (it == m_listings.end() || it->market == market)
            continue;
        leaveMarket(*it);
        it->market = market;
        it->position = qint32(position);
        m.gpus[position] = it->gpuCount;
        m.bookedUntil[position] = it->base + qint64(it->used.size());
        const Hours &h = *it;
        m.tree.assign(qint32(position), first, first + FreeGpuTree::Span,
                      [&](qint64 hour) { return freeAt(h, hour); });
    }
    m.tree.pullAll(first, first + FreeGpuTree::Span);
}

bool ListingCalendar::marketsAgree() const
{
    for (std::size_t market = 0; market < m_markets.size(); ++market) {
        const Market &m = m_markets[market];
        if (!m.tree.runsAgree())
            return false;
        const qint64 first = std::max(m.tree.firstHour(), m_floor);
        for (std::size_t position = 0; position < m.listings.size(); ++position) {
            const auto it = m_listings.constFind(m.listings[position]);
            const bool member = it != m_listings.cend() && it->market == qint32(market)
                && it->position == qint32(position);
            for (qint64 hour = first; hour < m.tree.firstHour() + FreeGpuTree::Span; ++hour) {
                const qint32 free =
                    member ? std::clamp(freeAt(*it, hour), 0, FreeGpuTree::Saturated) : 0;
                if (m.tree.at(qint32(position), hour) != free)
                    return false;
            }
        }
    }
    return true;
}

const std::vector<qint64> &ListingCalendar::market(qint32 market) const
{
    static const std::vector<qint64> none;
    return market >= 0 && std::size_t(market) < m_markets.size()
        ? m_markets[std::size_t(market)].listings
        : none;
}

qint32 ListingCalendar::firstFree(qint32 market, qint32 from, qint32 to, qint64 startHour,
                                  qint32 hours, qint32 gpus, qint32 *free) const
{
    if (market < 0 || std::size_t(market) >= m_markets.size() || hours <= 0)
        return -1;
    const Market &m = m_markets[std::size_t(market)];
    gpus = std::max(gpus, 1);
    const qint64 endHour = startHour + hours;
    // Hours forgotten are free (freeOver); where the tree indexes every other hour asked, its
    // answer is the calendar's; elsewhere it names listings that may have them, which the
    // calendar says yes or no to.
    const qint64 lo = std::max(startHour, m_floor);
    const bool exact = lo < endHour && m.tree.covers(lo, endHour) && gpus <= FreeGpuTree::Saturated;
    for (;;) {
        const qint32 position = m.tree.first(from, to, lo, endHour, gpus);
        if (position < 0)
            return -1;
        // A position with nothing free (a listing gone) is never found where the tree is exact;
        // there the count is read only when asked for.
        if (exact && !free)
            return position;
        const qint32 has = exact ? m.tree.fewest(position, lo, endHour)
                                 : freeOver(m.listings[std::size_t(position)], startHour, hours);
        if (has >= gpus) {
            if (free)
                *free = has;
            return position;
        }
        from = position + 1;
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
