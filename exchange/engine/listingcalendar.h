// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/freegputree.h"

#include <QtCore/QHash>
#include <QtCore/QtGlobal>

#include <functional>
#include <queue>
#include <vector>

namespace everx {

// Every listing's GPUs hour by hour (docs/architecture.md "The market"): what rentals take of
// each hour, running or reserved ahead, so that "N GPUs of this listing free over this window" is
// answered without walking rentals, and every start of a window is priced in one pass.
//
// Hours are whole hours of the exchange's clock counted from the epoch (hourOf()). A booking
// takes its GPUs for [startHour, endHour); a rental that starts between two hours takes the hour
// it starts in and the hour it ends in, whole: its GPUs are not free for a window there. Each
// listing keeps the GPUs in use per hour from its first hour still booked, so a query costs the
// hours it asks about, and a listing with nothing booked in them costs nothing.
//
// Listings may be grouped in markets (one GPU's), each in the order a placement walks them: a
// FreeGpuTree per market, kept with the hours, finds the first listing with N GPUs free over a
// window without asking every listing before it.
//
// Pure data structure, not thread-safe (the engine owns one on its thread).
class ListingCalendar final
{
public:
    static constexpr qint64 HourMs = 3'600'000;

    enum class Use : quint8 { Rented, Reserved };

    struct Booking
    {
        qint64 listingId = 0;
        qint64 startHour = 0; // inclusive
        qint64 endHour = 0; // exclusive
        qint32 gpus = 0;
        Use use = Use::Rented;
        bool operator==(const Booking &) const = default;
    };

    // The hour a moment falls in (floor, also before the epoch).
    static qint64 hourOf(qint64 ms);
    // The hours [startHour, endHour) that a rental from startMs for `hours` hours takes.
    static Booking span(qint64 startMs, qint32 hours);

    // A listing and its GPUs. Changing the count keeps its bookings (a listing whose count falls
    // below what is booked has hours with no GPU free, never a negative number).
    void setListing(qint64 listingId, qint32 gpuCount);
    // Forgets a listing and its bookings.
    void removeListing(qint64 listingId);
    qint32 gpuCount(qint64 listingId) const;

    // Books `booking.gpus` of its listing for its hours, under `bookingId` (a rental's id). False,
    // and nothing changes, if the listing is unknown, the id is taken, the span is empty or the
    // GPUs are not free for all of it.
    bool book(qint64 bookingId, const Booking &booking);
    // Frees a booking's hours from `fromHour` on (a rental stopped early keeps the hours before);
    // all of it when fromHour is at or before its start. False if there is no such booking.
    bool release(qint64 bookingId, qint64 fromHour);
    // A reserved booking whose start has come is rented from then on. False if there is none.
    bool setUse(qint64 bookingId, Use use);
    const Booking *booking(qint64 bookingId) const;

    // The fewest GPUs of the listing free in any hour of [startHour, startHour + hours); 0 for an
    // unknown listing.
    qint32 freeOver(qint64 listingId, qint64 startHour, qint32 hours) const;
    // GPUs of the listing that one use takes in one hour.
    qint32 usedAt(qint64 listingId, qint64 hour, Use use) const;
    qint32 usedAt(qint64 listingId, qint64 hour) const;
    // For each of `starts` consecutive start hours from fromHour, freeOver(listing, start, hours):
    // one pass over the hours (a sliding minimum), not one per start. `out` is resized.
    void freeByStart(qint64 listingId, qint64 fromHour, qint32 starts, qint32 hours,
                     std::vector<qint32> &out) const;

    // A market (a small number, the caller's: a GPU's index) is these listings in this order;
    // firstFree() answers in it. A listing is in one market at most: naming it in another takes
    // it out of the first. A listing not known yet, or gone, is a position with nothing free.
    void setMarket(qint32 market, const std::vector<qint64> &listingsInOrder);
    // The market's listings in its order; empty for none.
    const std::vector<qint64> &market(qint32 market) const;
    // The first position in [from, to) of the market whose listing has at least `gpus` free over
    // [startHour, startHour + hours), as freeOver() says, and how many in `free` when given; -1
    // if none (or no such market).
    qint32 firstFree(qint32 market, qint32 from, qint32 to, qint64 startHour, qint32 hours,
                     qint32 gpus, qint32 *free = nullptr) const;
    // Whether every market's tree has each listing's free GPUs as its hours say, from the
    // latest forgetBefore() on (for checks: it reads every hour of every listing).
    bool marketsAgree() const;

    // Drops what is kept of hours before `hour`, which no query asks about any more. Bookings that
    // end by then are forgotten; their ids are appended to `ended` when given. The markets index
    // FreeGpuTree::Span hours from the day of the latest such hour.
    void forgetBefore(qint64 hour, std::vector<qint64> *ended = nullptr);

    qsizetype bookingCount() const { return m_bookings.size(); }
    // Every booking of a listing, for checks and for the provider's calendar, by id.
    std::vector<std::pair<qint64, Booking>> bookingsOf(qint64 listingId) const;

private:
    struct Hours
    {
        qint32 gpuCount = 0;
        qint64 base = 0; // the hour of rented[0] and reserved[0]
        std::vector<qint32> rented; // GPUs rented, per hour from base
        std::vector<qint32> reserved; // GPUs reserved, per hour from base
        std::vector<qint32> used; // the two summed, which every query reads
        std::vector<qint64> bookings; // ids, unordered
        qint32 market = -1; // and its position there
        qint32 position = -1;
    };

    struct Market
    {
        std::vector<qint64> listings; // by position
        // By position, so that moving on reads no listing with nothing booked that far: its
        // GPUs, and the hour its booked hours end.
        std::vector<qint32> gpus;
        std::vector<qint64> bookedUntil;
        FreeGpuTree tree;
    };

    void add(Hours &h, const Booking &b, qint64 fromHour, qint32 sign);
    qint32 usedIn(const Hours &h, qint64 hour) const;
    // Its GPUs less those used in the hour, as its market's tree counts them (negative when its
    // GPUs fell below what is booked; the tree counts 0).
    qint32 freeAt(const Hours &h, qint64 hour) const;
    qint32 freeIn(const Hours &h, qint64 startHour, qint32 hours) const;
    // The first hour the markets' trees index: m_floor's day.
    qint64 treeStart() const;
    // The listing's counts in its market's tree again, for the hours [lo, hi).
    void reindex(const Hours &h, qint64 lo, qint64 hi);
    void leaveMarket(Hours &h);
    // Drops the hours kept before m_floor, when they are many.
    void trim(Hours &h);

    QHash<qint64, Hours> m_listings;
    QHash<qint64, Booking> m_bookings;
    // (end hour, booking id), earliest first: when each booking is forgotten. An entry whose
    // booking is gone or ends later by now is passed over.
    std::priority_queue<std::pair<qint64, qint64>, std::vector<std::pair<qint64, qint64>>,
                        std::greater<>>
        m_ends;
    std::vector<Market> m_markets; // by market number
    qint64 m_floor = 0; // the latest forgetBefore()
    // freeByStart's working rows, kept so that pricing 2,000 listings allocates nothing.
    mutable std::vector<qint32> m_span, m_prefix, m_suffix;
};

} // namespace everx
