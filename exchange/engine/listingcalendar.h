// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QHash>
#include <QtCore/QtGlobal>

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

    // Drops what is kept of hours before `hour`, which no query asks about any more. Bookings that
    // end by then are forgotten; their ids are appended to `ended` when given.
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
    };

    void add(Hours &h, const Booking &b, qint64 fromHour, qint32 sign);
    static qint32 usedIn(const Hours &h, qint64 hour);

    QHash<qint64, Hours> m_listings;
    QHash<qint64, Booking> m_bookings;
    // freeByStart's working rows, kept so that pricing 2,000 listings allocates nothing.
    mutable std::vector<qint32> m_span, m_prefix, m_suffix;
};

} // namespace everx
