// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's invariants (docs/architecture.md "Money and the ledger"), checked against the
// engine's state for tests and support tools: the ledger sums to zero, no account's bucket is
// negative, holds are what open bids and unbilled hours make, payout pending what the requested
// payouts make, no book is crossed, every listing rests its idle GPUs, the placement index says
// what the book holds (every listing's idle GPUs, every ask level's block), and a server or
// cluster bid waits beside the book, not in it, and could not fill whole at its price.

#include "engine/exchangeengine.h"

namespace everx {

using namespace MarketRules;

QStringList ExchangeEngine::checkInvariants() const
{
    QStringList problems;
    if (m_ledger.total() != 0)
        problems << QStringLiteral("ledger sums to %1, not 0").arg(m_ledger.total());
    Cents userHeld = 0;
    const auto &balances = m_ledger.balances();
    for (auto it = balances.cbegin(); it != balances.cend(); ++it) {
        const qint64 account = Ledger::accountOf(it.key());
        const Bucket bucket = Ledger::bucketOf(it.key());
        if (account == Ledger::SystemAccount)
            continue;
        if (it.value() < 0)
            problems << QStringLiteral("account %1 bucket %2 is negative: %3")
                            .arg(account)
                            .arg(int(bucket))
                            .arg(it.value());
        if (bucket == Bucket::Held)
            userHeld += it.value();
    }
    QHash<qint64, Cents> expectedHeld;
    for (const BidOrder &o : m_orders) {
        const Cents expected = bidHold(o.remaining, o.hours, o.limitCents, o.taxBp);
        if (o.heldCents != expected)
            problems << QStringLiteral("order %1 holds %2, expected %3")
                            .arg(o.id)
                            .arg(o.heldCents)
                            .arg(expected);
        expectedHeld[o.accountId] += o.heldCents;
        if (o.startMs != 0) {
            const qsizetype i = m_catalog->indexOf(o.gpu);
            if (i < 0 || !m_windowBids[size_t(i)].contains({-o.limitCents, o.id})
                || m_orderHandles.contains(o.id) || o.filled != 0 || o.expiresMs > o.startMs)
                problems << QStringLiteral("order %1 (a window) is not waiting whole").arg(o.id);
            else if (!findWindowPlacement(o.gpu, o.placement, o.remaining, o.startMs, o.hours,
                                          o.limitCents, o.accountId)
                          .empty())
                problems << QStringLiteral("order %1 waits while its window is free at its price")
                                .arg(o.id);
            continue;
        }
        if (o.placement != Placement::Any) {
            const qsizetype i = m_catalog->indexOf(o.gpu);
            if (i < 0 || !m_waiting[size_t(i)].contains({-o.limitCents, o.id})
                || m_orderHandles.contains(o.id) || o.filled != 0)
                problems << QStringLiteral("order %1 (a whole placement) is not waiting whole")
                                .arg(o.id);
            else if (!findPlacement(o.gpu, o.placement, o.remaining, o.hours, o.limitCents,
                                    o.accountId)
                          .empty())
                problems << QStringLiteral("order %1 waits while a whole placement exists at"
                                           " its price")
                                .arg(o.id);
            continue;
        }
        const OrderBook *b = book(o.gpu);
        const OrderBook::Handle h = m_orderHandles.value(o.id, OrderBook::InvalidHandle);
        if (!b || h == OrderBook::InvalidHandle || !b->isLive(h, quint64(o.id))
            || b->quantityOf(h) != o.remaining)
            problems << QStringLiteral("order %1 is not resting with %2 GPUs")
                            .arg(o.id)
                            .arg(o.remaining);
    }
    for (const Rental &r : m_rentals)
        expectedHeld[r.customerId] += unbilledRemainder(r);
    Cents expectedTotal = 0;
    for (auto it = expectedHeld.cbegin(); it != expectedHeld.cend(); ++it) {
        expectedTotal += it.value();
        if (m_ledger.balance(it.key(), Bucket::Held) != it.value())
            problems << QStringLiteral("account %1 holds %2, open bids and unbilled hours make %3")
                            .arg(it.key())
                            .arg(m_ledger.balance(it.key(), Bucket::Held))
                            .arg(it.value());
    }
    if (expectedTotal != userHeld)
        problems << QStringLiteral("holds total %1, open bids and unbilled hours %2")
                        .arg(userHeld)
                        .arg(expectedTotal);
    QHash<qint64, Cents> expectedPending;
    for (const Payout &p : m_payouts)
        expectedPending[p.providerId] += p.amountCents;
    for (auto it = balances.cbegin(); it != balances.cend(); ++it) {
        if (Ledger::bucketOf(it.key()) == Bucket::PayoutPending
            && !expectedPending.contains(Ledger::accountOf(it.key())))
            expectedPending.insert(Ledger::accountOf(it.key()), 0);
    }
    for (auto it = expectedPending.cbegin(); it != expectedPending.cend(); ++it) {
        if (m_ledger.balance(it.key(), Bucket::PayoutPending) != it.value())
            problems << QStringLiteral("account %1 has %2 payout pending, its requested payouts %3")
                            .arg(it.key())
                            .arg(m_ledger.balance(it.key(), Bucket::PayoutPending))
                            .arg(it.value());
    }
    // No book is crossed, but where a bid and an ask of two accounts could not trade: the
    // listing's GPUs are reserved ahead within the bid's hours.
    for (qsizetype i = 0; i < m_catalog->size(); ++i) {
        if (size_t(i) >= m_books.size() || !m_books[size_t(i)]->isCrossed())
            continue;
        const OrderBook &b = *m_books[size_t(i)];
        const std::vector<RestingOrder> asks = b.orders(Side::Ask);
        for (const RestingOrder &bid : b.orders(Side::Bid)) {
            if (bid.price < asks.front().price)
                break;
            const qint32 hours = m_orders.value(qint64(bid.id)).hours;
            const ListingCalendar::Booking span = ListingCalendar::span(m_now, hours);
            for (const RestingOrder &ask : asks) {
                if (ask.price > bid.price)
                    break;
                const qint64 listing = m_asks.value(qint64(ask.id & ~AskIdFlag)).listingId;
                if (ask.owner != bid.owner
                    && m_calendar.freeOver(listing, span.startHour,
                                           qint32(span.endHour - span.startHour))
                        > 0)
                    problems << QStringLiteral("book %1 is crossed: bid %2 and listing %3 could"
                                               " trade")
                                    .arg(m_catalog->gpus()[i].id)
                                    .arg(bid.id)
                                    .arg(listing);
            }
        }
    }
    for (const Listing &l : m_listings) {
        qint32 resting = 0;
        for (const qint64 id : m_listingAsks.value(l.id))
            resting += m_asks.value(id).quantity;
        const qint32 expected = l.state == ListingState::Active ? l.gpuCount - l.rentedGpus : 0;
        if (resting != expected)
            problems << QStringLiteral("listing %1 rests %2 GPUs, expected %3")
                            .arg(l.id)
                            .arg(resting)
                            .arg(expected);
        if (l.rentedGpus < 0 || l.rentedGpus > l.gpuCount)
            problems << QStringLiteral("listing %1 has %2 rented GPUs").arg(l.id).arg(l.rentedGpus);
        const PlacementIndex *index = placements(l.gpu);
        if (!index || index->idle(l.id) != resting)
            problems << QStringLiteral("listing %1 rests %2 GPUs; the placement index says %3")
                            .arg(l.id)
                            .arg(resting)
                            .arg(index ? index->idle(l.id) : -1);
    }
    // Every ask level's block is the most one listing rests at that price free for an hour: all
    // it rests, unless a window reserved on it begins within the hour (the calendar, read here
    // apart from the index's own reading).
    QHash<QPair<QString, qint32>, qint32> blocks;
    const ListingCalendar::Booking anHour = ListingCalendar::span(m_now, 1);
    for (const Listing &l : m_listings) {
        qint32 resting = 0;
        for (const qint64 id : m_listingAsks.value(l.id))
            resting += m_asks.value(id).quantity;
        if (resting > 0 && m_listingReservations.contains(l.id))
            resting = std::min(resting,
                               m_calendar.freeOver(l.id, anHour.startHour,
                                                   qint32(anHour.endHour - anHour.startHour)));
        qint32 &block = blocks[{l.gpu, qint32(l.askCents)}];
        block = std::max(block, resting);
    }
    for (qsizetype i = 0; i < m_catalog->size() && size_t(i) < m_books.size(); ++i) {
        const QString &gpu = m_catalog->gpus()[i].id;
        for (const BookLevel &level : m_books[size_t(i)]->depth(Side::Ask)) {
            const qint32 expected = blocks.value({gpu, level.price});
            const qint32 indexed = m_placementIndex[size_t(i)].block(level.price);
            if (indexed != expected)
                problems << QStringLiteral("%1 level %2: block %3, the listings make %4")
                                .arg(gpu)
                                .arg(level.price)
                                .arg(indexed)
                                .arg(expected);
        }
    }
    // The calendar follows the running rentals: each has its hours booked, and at the engine's
    // hour (or the first the calendar keeps) the GPUs in use are those of the rentals over it.
    const qint64 hour = std::max(ListingCalendar::hourOf(m_now), m_calendarHour);
    QHash<qint64, qint32> inUse;
    QHash<qint64, qint32> reservedOn;
    std::vector<qint32> reservedOf(m_gpuReservations.size(), 0);
    for (const Rental &r : m_rentals) {
        const bool reserved = r.state == RentalState::Reserved;
        if (reserved) {
            ++reservedOn[r.listingId];
            if (const qsizetype i = m_catalog->indexOf(r.gpu); i >= 0)
                ++reservedOf[size_t(i)];
            if (r.hoursBilled != 0 || r.startedMs % HourMs != 0
                || r.cancelFeeCents != reservationCancelFee(r, m_cancelFeeBp))
                problems
                    << QStringLiteral("reserved rental %1 is not a whole window ahead").arg(r.id);
        }
        const ListingCalendar::Booking span = ListingCalendar::span(r.startedMs, r.hours);
        const ListingCalendar::Booking *b = m_calendar.booking(r.id);
        const ListingCalendar::Use use =
            reserved ? ListingCalendar::Use::Reserved : ListingCalendar::Use::Rented;
        if (!b || b->listingId != r.listingId || b->gpus != r.gpus || b->endHour != span.endHour
            || b->use != use)
            problems << QStringLiteral("rental %1 is not in its listing's calendar").arg(r.id);
        if (span.startHour <= hour && hour < span.endHour)
            inUse[r.listingId] += r.gpus;
    }
    if (reservedOn != m_listingReservations || reservedOf != m_gpuReservations)
        problems << QStringLiteral("the count of windows reserved ahead is not the rentals'");
    for (const Listing &l : m_listings) {
        if (m_calendar.gpuCount(l.id) != l.gpuCount)
            problems << QStringLiteral("listing %1's calendar has %2 GPUs, not %3")
                            .arg(l.id)
                            .arg(m_calendar.gpuCount(l.id))
                            .arg(l.gpuCount);
        if (m_calendar.usedAt(l.id, hour) != inUse.value(l.id))
            problems << QStringLiteral("listing %1's calendar has %2 GPUs in use at hour %3, its"
                                       " rentals %4")
                            .arg(l.id)
                            .arg(m_calendar.usedAt(l.id, hour))
                            .arg(hour)
                            .arg(inUse.value(l.id));
    }
    return problems;
}

} // namespace everx
