// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's rentals and how an hour is billed (docs/architecture.md "The market" and
// "Money and the ledger"): a rental started from a fill (the hold moved to it, the trade recorded,
// hour 0 captured), each further hour captured at its own time, a rental stopped early or ended and
// its GPUs offered again, and the reads of running rentals. Also the clock's events, which drive
// them: advance() runs every event due in time order (an hour's capture, a rental's end, a bid's
// or a payment's expiry).

#include "engine/exchangeengine.h"

namespace everx {

using namespace MarketRules;

Rental ExchangeEngine::fillOrder(BidOrder &order, const Listing &listing, qint32 gpus, Cents price)
{
    Rental r;
    r.id = ++m_lastRentalId;
    r.orderId = order.id;
    r.customerId = order.accountId;
    r.listingId = listing.id;
    r.providerId = listing.providerId;
    r.gpu = order.gpu;
    r.gpus = gpus;
    r.priceCents = price;
    r.hours = order.hours;
    r.taxBp = order.taxBp;
    r.feeBp = m_feeBp;
    r.startedMs = order.startMs == 0 ? m_now : order.startMs;
    r.region = listing.region;
    r.endpoint = listing.endpoint;

    // Move the filled part of the hold into the rental; price improvement goes back at once.
    const Cents fromOrder = bidHold(gpus, order.hours, order.limitCents, order.taxBp);
    const Cents toRental = bidHold(gpus, order.hours, price, order.taxBp);
    order.remaining -= gpus;
    order.filled += gpus;
    order.heldCents -= fromOrder;
    if (fromOrder > toRental) {
        post(QStringLiteral("price_improvement"), order.id, QString(),
             {{order.accountId, Bucket::Held, toRental - fromOrder},
              {order.accountId, Bucket::Available, fromOrder - toRental}});
    }
    return r;
}

Rental &ExchangeEngine::startRental(BidOrder &order, Listing &listing, qint32 gpus, Cents price,
                                    quint8 aggressor)
{
    const Rental r = fillOrder(order, listing, gpus, price);
    listing.rentedGpus += gpus;

    Trade t;
    t.id = ++m_lastTradeId;
    t.gpu = order.gpu;
    t.priceCents = price;
    t.quantity = gpus;
    t.orderId = order.id;
    t.listingId = listing.id;
    t.rentalId = r.id;
    t.hours = order.hours;
    t.aggressor = aggressor;
    t.timeMs = m_now;
    m_newTrades.append(t);
    m_changes.trades.append(t);

    Rental &rental = *m_rentals.insert(r.id, r);
    bookRental(rental);
    captureHour(rental); // hour 0 is captured at the start
    return rental;
}

void ExchangeEngine::captureHour(Rental &rental)
{
    Q_ASSERT(rental.hoursBilled < rental.hours);
    const HourSplit split = hourSplit(rental);
    post(QStringLiteral("capture"), rental.id,
         QStringLiteral("hour %1 of %2").arg(rental.hoursBilled + 1).arg(rental.hours),
         {{rental.customerId, Bucket::Held, -split.customerGross},
          {rental.providerId, Bucket::Earnings, split.providerEarnings},
          {Ledger::SystemAccount, Bucket::PlatformFees, split.platformFee},
          {Ledger::SystemAccount, Bucket::TaxPayable, split.taxPayable}});
    if (rental.hoursBilled > 0)
        m_events.erase(rentalEvent(rental));
    ++rental.hoursBilled;
    m_events.insert(rentalEvent(rental));
    touchRental(rental);
}

ExchangeEngine::Event ExchangeEngine::rentalEvent(const Rental &r) const
{
    if (r.hoursBilled < r.hours)
        return {r.startedMs + qint64(r.hoursBilled) * HourMs, EventKind::Capture, r.id};
    return {r.startedMs + qint64(r.hours) * HourMs, EventKind::RentalEnd, r.id};
}

void ExchangeEngine::finishRental(Rental &rental, RentalState state)
{
    m_events.erase(rentalEvent(rental));
    const Cents unbilled = unbilledRemainder(rental);
    if (unbilled > 0) {
        post(QStringLiteral("release"), rental.id, QStringLiteral("stopped early"),
             {{rental.customerId, Bucket::Held, -unbilled},
              {rental.customerId, Bucket::Available, unbilled}});
    }
    rental.state = state;
    rental.endedMs = m_now;
    const Rental done = m_rentals.take(rental.id);
    unbookRental(done);
    touchRental(done);
    // The GPUs come back: at the back of their listing's price level, if it is active.
    auto it = m_listings.find(done.listingId);
    if (it != m_listings.end()) {
        it->rentedGpus -= done.gpus;
        offerIdle(*it, done.gpus);
    }
    // Hours it held may have kept spot bids from the listing's other idle GPUs.
    if (reservedAhead(done.gpu) || bookFor(done.gpu)->isCrossed())
        rematchFreed(done.gpu);
}

Result<Rental> ExchangeEngine::stopRental(qint64 actor, qint64 rentalId)
{
    advance();
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}))
        return *e;
    const auto it = m_rentals.find(rentalId);
    if (it == m_rentals.end()) {
        const std::optional<Rental> past = m_db.rental(rentalId);
        if (!past || past->customerId != actor)
            return err(ErrorCode::UnknownRental, QStringLiteral("no rental %1").arg(rentalId));
        return err(ErrorCode::InvalidState, QStringLiteral("rental %1 has ended").arg(rentalId));
    }
    if (it->customerId != actor)
        return err(ErrorCode::NotOwner, QStringLiteral("rental %1 is not yours").arg(rentalId));
    begin();
    if (it->state == RentalState::Reserved)
        cancelReservation(*it, reservationCancelFee(*it, m_cancelFeeBp));
    else
        finishRental(*it, RentalState::Stopped);
    const Rental result = m_dirtyRentals.value(rentalId);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("stopping the rental could not be stored"));
    return result;
}

std::optional<Rental> ExchangeEngine::runningRental(qint64 id) const
{
    const auto it = m_rentals.constFind(id);
    return it == m_rentals.cend() ? std::nullopt : std::optional<Rental>(*it);
}

Rental ExchangeEngine::rentalSeenBy(const Rental &rental, qint64 accountId)
{
    Rental seen = rental;
    if (accountId != rental.customerId) {
        seen.customerId = 0;
        seen.orderId = 0;
        seen.taxBp = 0;
    }
    return seen;
}

QList<Rental> ExchangeEngine::runningRentals(qint64 accountId) const
{
    QList<Rental> out;
    for (const Rental &r : m_rentals) {
        if (accountId == 0)
            out.append(r);
        else if (r.customerId == accountId || r.providerId == accountId)
            out.append(rentalSeenBy(r, accountId));
    }
    std::sort(out.begin(), out.end(), [](const Rental &a, const Rental &b) { return a.id < b.id; });
    return out;
}

// --- the clock's events --------------------------------------------------------------------------

std::optional<qint64> ExchangeEngine::nextEventMs() const
{
    return m_events.empty() ? std::nullopt : std::optional<qint64>(std::get<0>(*m_events.begin()));
}

int ExchangeEngine::advance()
{
    if (!m_open)
        return 0;
    const qint64 now = m_clock.nowMs();
    if (m_events.empty() || std::get<0>(*m_events.begin()) > now)
        return 0;
    beginTransaction();
    int count = 0;
    while (!m_events.empty() && std::get<0>(*m_events.begin()) <= now) {
        const Event event = *m_events.begin();
        m_events.erase(m_events.begin());
        m_now = std::get<0>(event);
        processEvent(event);
        ++count;
    }
    if (!commit())
        return 0;
    return count;
}

void ExchangeEngine::processEvent(const Event &event)
{
    const qint64 id = std::get<2>(event);
    switch (std::get<1>(event)) {
    case EventKind::Expiry: {
        auto it = m_orders.find(id);
        if (it == m_orders.end())
            return;
        withdrawBid(*it);
        releaseOrderHold(*it, QStringLiteral("release"));
        closeOrder(*it, OrderState::Expired, QStringLiteral("expired"));
        return;
    }
    case EventKind::Capture: {
        auto it = m_rentals.find(id);
        if (it == m_rentals.end())
            return;
        if (it->state == RentalState::Reserved) {
            startReserved(*it); // its window begins: hour 0
            return;
        }
        m_events.insert(event); // captureHour moves the rental's event along
        captureHour(*it);
        return;
    }
    case EventKind::RentalEnd: {
        auto it = m_rentals.find(id);
        if (it == m_rentals.end())
            return;
        m_events.insert(event);
        finishRental(*it, RentalState::Ended);
        return;
    }
    case EventKind::Reminder: {
        const auto it = m_rentals.constFind(id);
        if (it != m_rentals.cend() && it->state == RentalState::Reserved)
            m_changes.reminders.append(*it);
        return;
    }
    case EventKind::WindowNear: {
        const auto it = m_rentals.constFind(id);
        if (it != m_rentals.cend() && it->state == RentalState::Reserved)
            reindexBlock(it->gpu, it->listingId);
        return;
    }
    case EventKind::PaymentExpiry: {
        const auto it = m_payments.constFind(id);
        if (it == m_payments.cend())
            return; // credited meanwhile
        Payment p = *it;
        p.state = PaymentState::Expired;
        p.settledMs = m_now;
        m_paymentByReference.remove(p.reference);
        m_payments.erase(it);
        touchPayment(p);
        return;
    }
    }
}

} // namespace everx
