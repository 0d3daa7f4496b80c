// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's windows ahead (docs/architecture.md "The market"): a bid with a start buys a
// placement free over all of its window, whole, as reserved rentals that hold every hour of it
// and start at its start; a limit bid for a window waits beside the book until one is free or its
// window starts; a reservation cancelled before its start costs its customer a fee that its
// provider earns. Spot matching asks the listings' calendars only where a GPU has windows reserved
// ahead, so that a spot rental never runs into one. Part of ExchangeEngine (exchangeengine.h).

#include "engine/exchangeengine.h"
#include "engine/exchangeengine_p.h"

namespace everx {

using namespace MarketRules;

std::optional<Error> ExchangeEngine::startRefusal(qint64 startMs) const
{
    if (startMs == 0)
        return std::nullopt;
    const qint64 firstStart = (ListingCalendar::hourOf(m_clock.nowMs()) + 1) * HourMs;
    if (startMs % HourMs != 0 || startMs < firstStart
        || startMs >= firstStart + qint64(WindowDays) * DayMs)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a window starts on the hour, from the next hour to %1 days"
                                  " ahead")
                       .arg(WindowDays));
    return std::nullopt;
}

bool ExchangeEngine::reservedAhead(const QString &gpu) const
{
    const qsizetype i = m_catalog->indexOf(gpu);
    return i >= 0 && size_t(i) < m_gpuReservations.size() && m_gpuReservations[size_t(i)] > 0;
}

const std::vector<WindowFinder::Offer> &ExchangeEngine::windowOffers(qsizetype gpuIndex) const
{
    std::vector<WindowFinder::Offer> &offers = m_windowOffers[size_t(gpuIndex)];
    if (!m_windowOffersStale[size_t(gpuIndex)])
        return offers;
    const QString &gpu = m_catalog->gpus()[gpuIndex].id;
    offers.clear();
    QHash<QPair<qint64, QString>, qint32> clusters; // (provider, name) -> a number of its own
    for (const Listing &l : m_listings) {
        if (l.gpu != gpu || l.state != ListingState::Active)
            continue;
        qint32 cluster = 0;
        if (!l.cluster.isEmpty()) {
            const QPair<qint64, QString> key {l.providerId, l.cluster};
            cluster = clusters.value(key);
            if (cluster == 0)
                clusters.insert(key, cluster = qint32(clusters.size() + 1));
        }
        offers.push_back({l.id, l.providerId, qint32(l.askCents), cluster});
    }
    // Cheapest first; at one price the older listing, as a level takes them.
    std::sort(offers.begin(), offers.end(), [](const auto &a, const auto &b) {
        return std::pair(a.price, a.listingId) < std::pair(b.price, b.listingId);
    });
    m_windowOffersStale[size_t(gpuIndex)] = 0;
    return offers;
}

void ExchangeEngine::indexWindowOffers(const QString &gpu)
{
    const qsizetype i = m_catalog->indexOf(gpu);
    if (i < 0)
        return;
    // The trees index the hours from now's day: a search from now asks them.
    forgetPastHours(ListingCalendar::hourOf(m_now));
    if (m_windowMarketReady[size_t(i)])
        return;
    std::vector<qint64> order;
    for (const WindowFinder::Offer &o : windowOffers(i))
        order.push_back(o.listingId);
    m_calendar.setMarket(qint32(i), order);
    m_windowMarketReady[size_t(i)] = 1;
}

std::vector<PlacementIndex::Leg> ExchangeEngine::findWindowPlacement(const QString &gpu,
                                                                     Placement placement,
                                                                     qint32 gpus, qint64 startMs,
                                                                     qint32 hours, Cents maxPrice,
                                                                     qint64 excludedOwner) const
{
    const qsizetype i = m_catalog->indexOf(gpu);
    if (i < 0)
        return {};
    const ListingCalendar::Booking span =
        ListingCalendar::span(startMs == 0 ? m_now : startMs, hours);
    WindowFinder::Request request;
    request.placement = placement;
    request.gpus = gpus;
    request.startHour = span.startHour;
    request.hours = qint32(span.endHour - span.startHour);
    request.maxPrice = qint32(std::min(maxPrice, MaxPriceCents));
    request.excludedOwner = excludedOwner;
    if (m_windowMarketReady[size_t(i)])
        request.market = qint32(i);
    if (startMs == 0) { // from now: only what rests in the book is idle
        request.idle = [this](qint64 listingId) {
            qint32 idle = 0;
            for (const qint64 id : m_listingAsks.value(listingId))
                idle += m_asks.value(id).quantity;
            return idle;
        };
    }
    return WindowFinder::find(m_calendar, windowOffers(i), request);
}

void ExchangeEngine::reserveWindow(BidOrder &order, const std::vector<PlacementIndex::Leg> &legs)
{
    for (const PlacementIndex::Leg &leg : legs) {
        const Listing &listing = m_listings[leg.listingId];
        Rental r = fillOrder(order, listing, leg.gpus, leg.price);
        r.state = RentalState::Reserved;
        r.cancelFeeCents = reservationCancelFee(r, m_cancelFeeBp);
        Rental &rental = *m_rentals.insert(r.id, r);
        bookRental(rental);
        ++m_listingReservations[listing.id];
        ++m_gpuReservations[size_t(m_catalog->indexOf(order.gpu))];
        m_events.insert(rentalEvent(rental)); // hour 0's capture: its start
        scheduleReminders(rental, m_now);
        touchRental(rental);
        reindexBlock(rental.gpu, rental.listingId); // a window within the hour takes from it
    }
    Q_ASSERT(order.remaining == 0);
}

void ExchangeEngine::scheduleReminders(const Rental &rental, qint64 afterMs)
{
    for (const qint64 ahead : {DayMs, HourMs}) {
        const qint64 at = rental.startedMs - ahead;
        if (at > afterMs)
            m_events.insert({at, EventKind::Reminder, rental.id});
    }
    // The first moment its listing's idle GPUs are not free for a whole hour any more.
    const qint64 near = rental.startedMs - HourMs + 1;
    if (near > afterMs)
        m_events.insert({near, EventKind::WindowNear, rental.id});
}

void ExchangeEngine::reindexBlock(const QString &gpu, qint64 listingId)
{
    const auto it = m_listings.constFind(listingId);
    if (it == m_listings.cend())
        return;
    const qsizetype i = m_catalog->indexOf(gpu);
    const qint32 before = i >= 0 ? m_placementIndex[size_t(i)].block(qint32(it->askCents)) : 0;
    indexListing(*it);
    if (i >= 0 && m_placementIndex[size_t(i)].block(qint32(it->askCents)) != before)
        m_changes.books.insert(gpu); // the level's block is published
}

void ExchangeEngine::startReserved(Rental &rental)
{
    rental.state = RentalState::Running;
    rental.cancelFeeCents = 0;
    m_calendar.setUse(rental.id, ListingCalendar::Use::Rented);
    if (--m_listingReservations[rental.listingId] <= 0)
        m_listingReservations.remove(rental.listingId);
    --m_gpuReservations[size_t(m_catalog->indexOf(rental.gpu))];
    auto it = m_listings.find(rental.listingId);
    if (it != m_listings.end()) {
        Listing &listing = *it;
        listing.rentedGpus += rental.gpus;
        // Its GPUs leave the book: the calendar kept them free of spot rentals for this hour.
        if (listing.state == ListingState::Active) {
            qint32 idle = 0;
            for (const qint64 id : m_listingAsks.value(listing.id))
                idle += m_asks.value(id).quantity;
            if (idle < rental.gpus)
                qCWarning(lcEngine) << "reserved rental" << rental.id << "starts with" << idle
                                    << "idle GPUs of" << rental.gpus;
            takeIdle(listing, std::min(idle, rental.gpus));
        }
    }
    captureHour(rental); // hour 0, at the start
    rematchFreed(rental.gpu); // the last window of its GPU may have begun: the calendar is moot
}

void ExchangeEngine::cancelReservation(Rental &rental, Cents fee)
{
    Q_ASSERT(rental.state == RentalState::Reserved);
    m_events.erase(rentalEvent(rental));
    const Cents hold = unbilledRemainder(rental);
    fee = std::clamp<Cents>(fee, 0, hold);
    QList<LedgerLine> lines {{rental.customerId, Bucket::Held, -hold}};
    if (hold > fee)
        lines.append({rental.customerId, Bucket::Available, hold - fee});
    if (fee > 0)
        lines.append({rental.providerId, Bucket::Earnings, fee});
    if (hold > 0)
        post(QStringLiteral("reservation_cancel"), rental.id,
             fee > 0 ? QStringLiteral("cancelled before its start; fee to the provider")
                     : QStringLiteral("cancelled before its start; refunded in full"),
             lines);
    rental.state = RentalState::Cancelled;
    rental.endedMs = m_now;
    rental.cancelFeeCents = fee;
    const Rental done = m_rentals.take(rental.id);
    unbookRental(done); // all of its window: it has not begun
    if (--m_listingReservations[done.listingId] <= 0)
        m_listingReservations.remove(done.listingId);
    --m_gpuReservations[size_t(m_catalog->indexOf(done.gpu))];
    touchRental(done);
    reindexBlock(done.gpu, done.listingId);
    // Its hours are free again: for spot bids it kept from the listing's idle GPUs, and for
    // waiting placements and windows.
    rematchFreed(done.gpu);
}

void ExchangeEngine::rematchFreed(const QString &gpu)
{
    OrderBook *book = bookFor(gpu);
    if (book && book->isCrossed()) {
        const qint32 bestBid = *book->bestBid();
        QList<qint64> crossing;
        for (const RestingOrder &r : book->orders(Side::Ask)) {
            if (r.price > bestBid)
                break;
            const qint64 listing = m_asks.value(qint64(r.id & ~AskIdFlag)).listingId;
            if (!crossing.contains(listing))
                crossing.append(listing);
        }
        // Each offers its idle GPUs anew (at the back of their level), as a returning rental's.
        for (const qint64 id : std::as_const(crossing)) {
            Listing &l = m_listings[id];
            offerIdle(l, withdrawAsks(l));
        }
    }
    fillWaitingPlacements(gpu);
    fillWaitingWindows(gpu);
}

void ExchangeEngine::fillWaitingWindows(const QString &gpu)
{
    const qsizetype i = m_catalog->indexOf(gpu);
    if (i < 0 || size_t(i) >= m_windowBids.size())
        return;
    auto &waiting = m_windowBids[size_t(i)];
    if (!waiting.empty())
        indexWindowOffers(gpu);
    for (auto it = waiting.begin(); it != waiting.end();) {
        BidOrder &order = m_orders[it->second];
        const std::vector<PlacementIndex::Leg> legs =
            findWindowPlacement(gpu, order.placement, order.remaining, order.startMs, order.hours,
                                order.limitCents, order.accountId);
        if (legs.empty()) {
            ++it;
            continue;
        }
        it = waiting.erase(it);
        reserveWindow(order, legs);
        closeOrder(order, OrderState::Filled, QStringLiteral("filled"));
    }
}

QList<BidOrder> ExchangeEngine::waitingWindowBids(const QString &gpu) const
{
    QList<BidOrder> out;
    const qsizetype i = m_catalog->indexOf(gpu);
    if (i < 0 || size_t(i) >= m_windowBids.size())
        return out;
    for (const auto &[negativeLimit, id] : m_windowBids[size_t(i)])
        out.append(m_orders.value(id));
    return out;
}

namespace {

// What spot matching may take of one listing for one bid: the GPUs its calendar has free over
// the bid's hours from now, less what this match has taken of it already.
struct SpotAllowance
{
    const ListingCalendar *calendar = nullptr;
    const QHash<qint64, qint32> *reserved = nullptr; // listings with windows ahead
    qint64 now = 0;
    // The incoming side: a bid (asks rest; askingListing 0) or a listing's idle GPUs (bids rest).
    qint64 askingListing = 0;
    qint32 bidHours = 0;
    std::function<qint64(quint64)> listingOf; // of a resting ask
    std::function<qint32(quint64)> hoursOf; // of a resting bid
    QHash<qint64, qint32> taken; // listing -> GPUs taken in this match

    static qint32 call(void *context, quint64 restingId, qint32 resting, qint32 wanted)
    {
        auto *self = static_cast<SpotAllowance *>(context);
        const bool asksRest = self->askingListing == 0;
        const qint64 listing = asksRest ? self->listingOf(restingId) : self->askingListing;
        qint32 allowed = std::min(resting, wanted);
        if (self->reserved->contains(listing)) {
            const qint32 hours = asksRest ? self->bidHours : self->hoursOf(restingId);
            const ListingCalendar::Booking span = ListingCalendar::span(self->now, hours);
            const qint32 free = self->calendar->freeOver(listing, span.startHour,
                                                         qint32(span.endHour - span.startHour));
            allowed = std::min(allowed, std::max(0, free - self->taken.value(listing)));
        }
        if (allowed > 0)
            self->taken[listing] += allowed;
        return allowed;
    }
};

} // namespace

qint32 ExchangeEngine::matchSpot(OrderBook &book, Side incoming, qint64 owner, qint32 limit,
                                 qint32 quantity, qint64 askingListing, qint32 bidHours)
{
    SpotAllowance allowance;
    allowance.calendar = &m_calendar;
    allowance.reserved = &m_listingReservations;
    allowance.now = m_now;
    allowance.askingListing = askingListing;
    allowance.bidHours = bidHours;
    allowance.listingOf = [this](quint64 restingId) {
        return m_asks.value(qint64(restingId & ~AskIdFlag)).listingId;
    };
    allowance.hoursOf = [this](quint64 restingId) {
        const auto it = m_orders.constFind(qint64(restingId));
        return it == m_orders.cend() ? 1 : it->hours;
    };
    return book.matchAllowed(incoming, owner, limit, quantity, m_fills, &SpotAllowance::call,
                             &allowance);
}

} // namespace everx
