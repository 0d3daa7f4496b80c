// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's bids and how they match (docs/architecture.md "The market"): a bid placed
// (checked, its hold taken, matched against the asks, the rest resting or cancelled), a listing's
// idle GPUs offered against the resting bids, self-trade prevention, a bid cancelled, expired or
// filled and what it still holds released, and the reads of open bids. Each fill starts a rental:
// startRental() in exchangeengine_rentals.cpp.

#include "engine/exchangeengine.h"

namespace everx {

using namespace MarketRules;

namespace {

bool validClientOrderId(const QString &id)
{
    if (id.size() > MaxClientOrderIdLength)
        return false;
    for (const QChar c : id) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7E)
            return false;
    }
    return true;
}

} // namespace

std::optional<Error> ExchangeEngine::orderSizeRefusal(const QString &gpu, qint32 quantity,
                                                      qint32 hours)
{
    if (!bookFor(gpu))
        return err(ErrorCode::UnknownGpu,
                   QStringLiteral("no GPU \"%1\" in the catalog").arg(gpu.left(32)));
    if (quantity < 1 || quantity > MaxGpusPerOrder)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("an order is for 1 to %1 GPUs").arg(MaxGpusPerOrder));
    if (hours < 1 || hours > MaxHours)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a rental lasts 1 to %1 hours").arg(MaxHours));
    return std::nullopt;
}

Result<OrderPlaced> ExchangeEngine::placeBid(qint64 actor, const BidRequest &request)
{
    advance();
    const Account *account = nullptr;
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}, &account))
        return *e;
    if (auto e = orderSizeRefusal(request.gpu, request.quantity, request.hours))
        return *e;
    if (request.limitCents < MinPriceCents || request.limitCents > MaxPriceCents)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the price must be 0.01 to %1 USD").arg(Money::toPlain(MaxPriceCents)));
    if (request.kind == OrderKind::BuyNow && request.expiresMs != 0)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("buy now never rests, so it has no"
                                  " expiry"));
    const qint64 now = m_clock.nowMs();
    if (request.expiresMs != 0
        && (request.expiresMs <= now || request.expiresMs > now + MaxExpiryMs))
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the expiry must be in the next %1 days").arg(MaxExpiryMs / DayMs));
    if (auto e = startRefusal(request.startMs))
        return *e;
    if (!validClientOrderId(request.clientOrderId))
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a client order id has at most %1 printable ASCII characters")
                       .arg(MaxClientOrderIdLength));

    // A retry with a client order id already seen answers the original order and places nothing.
    if (!request.clientOrderId.isEmpty()) {
        if (std::optional<BidOrder> seen = m_db.orderByClientId(actor, request.clientOrderId)) {
            const auto live = m_orders.constFind(seen->id);
            const BidOrder &o = live != m_orders.cend() ? *live : *seen;
            if (o.gpu != request.gpu || o.kind != request.kind || o.quantity != request.quantity
                || o.hours != request.hours || o.limitCents != request.limitCents
                || o.placement != request.placement || o.startMs != request.startMs)
                return err(ErrorCode::InvalidArgument,
                           QStringLiteral("client order id \"%1\" was used for another order")
                               .arg(request.clientOrderId));
            return OrderPlaced {o, {}, true};
        }
    }

    // Buy-now orders never rest, but they are open while they execute: the cap counts them too.
    if (m_openOrderCount.value(actor) >= m_maxOpenOrders)
        return err(ErrorCode::TooManyOrders,
                   QStringLiteral("at most %1 open orders per account; cancel one first")
                       .arg(m_maxOpenOrders));
    const std::optional<int> taxBp = m_taxes->basisPoints(account->country);
    if (!taxBp)
        return err(ErrorCode::UnknownCountry,
                   QStringLiteral("no tax rate for %1").arg(account->country));
    const Cents hold = bidHold(request.quantity, request.hours, request.limitCents, *taxBp);
    const Cents available = m_ledger.balance(actor, Bucket::Available);
    if (hold > available)
        return err(ErrorCode::InsufficientFunds,
                   QStringLiteral("this order holds %1 USD; %2 USD is available")
                       .arg(Money::toPlain(hold), Money::toPlain(available)));

    begin();
    BidOrder o;
    o.id = ++m_lastOrderId;
    o.accountId = actor;
    o.clientOrderId = request.clientOrderId;
    o.gpu = request.gpu;
    o.kind = request.kind;
    o.placement = request.placement;
    o.quantity = request.quantity;
    o.remaining = request.quantity;
    o.limitCents = request.limitCents;
    o.hours = request.hours;
    o.taxBp = *taxBp;
    o.expiresMs = request.expiresMs;
    o.startMs = request.startMs;
    // A window bid waits no longer than its window's start.
    if (o.startMs != 0 && (o.expiresMs == 0 || o.expiresMs > o.startMs))
        o.expiresMs = o.kind == OrderKind::Limit ? o.startMs : 0;
    o.createdMs = m_now;
    o.heldCents = hold;
    BidOrder &order = *m_orders.insert(o.id, o);
    ++m_openOrderCount[actor];
    post(QStringLiteral("hold"), o.id, QString(),
         {{actor, Bucket::Available, -hold}, {actor, Bucket::Held, hold}});

    const qsizetype rentalsBefore = m_changes.rentals.size();
    if (order.startMs != 0 || (order.placement != Placement::Any && reservedAhead(order.gpu)))
        indexWindowOffers(order.gpu);
    if (order.startMs != 0) {
        // A window is bought whole, whatever its placement.
        if (const std::vector<PlacementIndex::Leg> legs =
                findWindowPlacement(order.gpu, order.placement, order.remaining, order.startMs,
                                    order.hours, order.limitCents, actor);
            !legs.empty())
            reserveWindow(order, legs);
    } else if (order.placement == Placement::Any) {
        executeBid(order);
    } else if (const std::vector<PlacementIndex::Leg> legs =
                   findPlacement(order.gpu, order.placement, order.remaining, order.hours,
                                 order.limitCents, actor);
               !legs.empty()) {
        fillPlacement(order, legs); // whole, or not at all
    }
    QList<Rental> started = m_changes.rentals.mid(rentalsBefore);

    OrderBook *book = bookFor(order.gpu);
    if (order.remaining == 0) {
        closeOrder(order, OrderState::Filled, QStringLiteral("filled"));
    } else if (order.kind == OrderKind::BuyNow) {
        releaseOrderHold(order, QStringLiteral("release"));
        closeOrder(order, OrderState::Cancelled,
                   order.placement == Placement::Any && order.startMs == 0
                       ? QStringLiteral("ioc_remainder")
                       : QStringLiteral("no_placement"));
    } else if (order.startMs != 0) {
        // No placement free over its window yet: it waits beside the book (fillWaitingWindows)
        // until its window starts.
        m_windowBids[size_t(m_catalog->indexOf(order.gpu))].insert({-order.limitCents, order.id});
        m_events.insert({order.expiresMs, EventKind::Expiry, order.id});
        touchOrder(order);
    } else if (order.placement != Placement::Any) {
        // No whole placement yet: it waits beside the book (fillWaitingPlacements).
        m_waiting[size_t(m_catalog->indexOf(order.gpu))].insert({-order.limitCents, order.id});
        if (order.expiresMs > 0)
            m_events.insert({order.expiresMs, EventKind::Expiry, order.id});
        touchOrder(order);
    } else if (book->bestAsk() && *book->bestAsk() <= order.limitCents
               && !crossesOthersAsks(*book, order)) {
        // Only the account's own asks can still cross: the bid gives way (self-trade prevention).
        // Others' asks still at its price are reserved ahead within its hours: it rests beside
        // them.
        releaseOrderHold(order, QStringLiteral("release"));
        closeOrder(order, OrderState::Cancelled, QStringLiteral("self_trade"));
    } else {
        m_orderHandles.insert(order.id,
                              book->add(Side::Bid, quint64(order.id), actor,
                                        qint32(order.limitCents), order.remaining));
        if (order.expiresMs > 0)
            m_events.insert({order.expiresMs, EventKind::Expiry, order.id});
        m_changes.books.insert(order.gpu);
        touchOrder(order);
    }
    const BidOrder result = m_orders.value(o.id, m_dirtyOrders.value(o.id));
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the order could not be stored"));
    return OrderPlaced {result, started, false};
}

bool ExchangeEngine::crossesOthersAsks(const OrderBook &book, const BidOrder &order) const
{
    if (!reservedAhead(order.gpu))
        return false;
    for (const RestingOrder &r : book.orders(Side::Ask)) {
        if (r.price > order.limitCents)
            break;
        if (r.owner != order.accountId)
            return true;
    }
    return false;
}

void ExchangeEngine::executeBid(BidOrder &order)
{
    OrderBook *book = bookFor(order.gpu);
    m_fills.clear();
    if (reservedAhead(order.gpu))
        matchSpot(*book, Side::Bid, order.accountId, qint32(order.limitCents), order.remaining, 0,
                  order.hours);
    else
        book->match(Side::Bid, order.accountId, qint32(order.limitCents), order.remaining, m_fills);
    if (m_fills.empty())
        return;
    m_changes.books.insert(order.gpu);
    const std::vector<BookFill> fills = m_fills;
    for (const BookFill &fill : fills) {
        const qint64 sliceId = qint64(fill.restingId & ~AskIdFlag);
        AskSlice &slice = m_asks[sliceId];
        Listing &listing = m_listings[slice.listingId];
        slice.quantity = fill.restingLeft;
        if (slice.quantity == 0) {
            m_asks.remove(sliceId);
            m_askHandles.remove(sliceId);
            m_listingAsks[listing.id].removeOne(sliceId);
            m_dirtyAsks.remove(sliceId);
            m_deletedAsks.insert(sliceId);
        } else {
            m_dirtyAsks.insert(sliceId);
        }
        indexListing(listing);
        startRental(order, listing, fill.quantity, fill.price, 0);
    }
}

// Idle GPUs of a listing enter the book as an incoming ask: they first trade with resting bids
// at or above the ask (at the bids' prices), and what is left rests at the back of its level.
void ExchangeEngine::offerIdle(Listing &listing, qint32 quantity)
{
    if (quantity <= 0 || listing.state != ListingState::Active)
        return;
    OrderBook *book = bookFor(listing.gpu);
    m_changes.books.insert(listing.gpu);
    m_fills.clear();
    qint32 left = m_listingReservations.contains(listing.id)
        ? matchSpot(*book, Side::Ask, listing.providerId, qint32(listing.askCents), quantity,
                    listing.id, 0)
        : book->match(Side::Ask, listing.providerId, qint32(listing.askCents), quantity, m_fills);
    // startRental may touch m_fills' owner book only through add(); copy the fills first.
    const std::vector<BookFill> fills = m_fills;
    for (const BookFill &fill : fills) {
        BidOrder &order = m_orders[qint64(fill.restingId)];
        if (fill.restingLeft == 0)
            m_orderHandles.remove(order.id);
        startRental(order, listing, fill.quantity, fill.price, 1);
        if (order.remaining == 0)
            closeOrder(order, OrderState::Filled, QStringLiteral("filled"));
        else
            touchOrder(order);
    }
    if (left <= 0) {
        fillWaitingWindows(listing.gpu); // its hours ahead may be free all the same
        return;
    }
    // Self-trade prevention: bids the matching passed over because they are the provider's own
    // would leave the book crossed. The bid side gives way: those bids are cancelled. (Others'
    // bids it passed over are for hours that run into a window reserved on this listing: they
    // stay, beside the ask.)
    if (book->bestBid() && *book->bestBid() >= listing.askCents) {
        QList<qint64> own;
        for (const RestingOrder &r : book->orders(Side::Bid)) {
            if (r.price < listing.askCents)
                break;
            if (r.owner == listing.providerId)
                own.append(qint64(r.id));
        }
        for (const qint64 id : std::as_const(own)) {
            BidOrder &order = m_orders[id];
            book->cancel(m_orderHandles.take(id));
            releaseOrderHold(order, QStringLiteral("release"));
            closeOrder(order, OrderState::Cancelled, QStringLiteral("self_trade"));
        }
    }
    AskSlice slice {++m_lastAskId, listing.id, left};
    m_asks.insert(slice.id, slice);
    m_listingAsks[listing.id].append(slice.id);
    m_askHandles.insert(slice.id,
                        book->add(Side::Ask, AskIdFlag | quint64(slice.id), listing.providerId,
                                  qint32(listing.askCents), left));
    m_dirtyAsks.insert(slice.id);
    indexListing(listing);
    // What rests now may make a waiting server or cluster bid whole, or a window free.
    fillWaitingPlacements(listing.gpu);
    fillWaitingWindows(listing.gpu);
}

void ExchangeEngine::releaseOrderHold(BidOrder &order, const QString &kind)
{
    if (order.heldCents > 0) {
        post(kind, order.id, QString(),
             {{order.accountId, Bucket::Held, -order.heldCents},
              {order.accountId, Bucket::Available, order.heldCents}});
    }
    order.heldCents = 0;
}

void ExchangeEngine::closeOrder(BidOrder &order, OrderState state, const QString &reason)
{
    Q_ASSERT(order.heldCents == 0 || state != OrderState::Filled);
    if (order.expiresMs > 0)
        m_events.erase({order.expiresMs, EventKind::Expiry, order.id});
    order.state = state;
    order.closeReason = reason;
    order.closedMs = m_now;
    order.remaining = state == OrderState::Filled ? 0 : order.remaining;
    const BidOrder closed = m_orders.take(order.id);
    if (--m_openOrderCount[closed.accountId] <= 0)
        m_openOrderCount.remove(closed.accountId);
    m_orderHandles.remove(closed.id);
    touchOrder(closed);
}

Result<BidOrder> ExchangeEngine::cancelOrder(qint64 actor, qint64 orderId)
{
    advance();
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}))
        return *e;
    const auto it = m_orders.find(orderId);
    if (it == m_orders.end()) {
        const std::optional<BidOrder> past = m_db.order(orderId);
        if (!past || past->accountId != actor)
            return err(ErrorCode::UnknownOrder, QStringLiteral("no order %1").arg(orderId));
        return err(ErrorCode::InvalidState,
                   QStringLiteral("order %1 is already closed").arg(orderId));
    }
    if (it->accountId != actor)
        return err(ErrorCode::NotOwner, QStringLiteral("order %1 is not yours").arg(orderId));
    begin();
    BidOrder &order = *it;
    withdrawBid(order);
    releaseOrderHold(order, QStringLiteral("release"));
    const qint64 id = order.id;
    closeOrder(order, OrderState::Cancelled, QStringLiteral("cancelled"));
    const BidOrder result = m_dirtyOrders.value(id);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the cancellation could not be stored"));
    return result;
}

std::optional<BidOrder> ExchangeEngine::openOrder(qint64 id) const
{
    const auto it = m_orders.constFind(id);
    return it == m_orders.cend() ? std::nullopt : std::optional<BidOrder>(*it);
}

QList<BidOrder> ExchangeEngine::openOrders(qint64 accountId) const
{
    QList<BidOrder> out;
    for (const BidOrder &o : m_orders) {
        if (accountId == 0 || o.accountId == accountId)
            out.append(o);
    }
    std::sort(out.begin(), out.end(),
              [](const BidOrder &a, const BidOrder &b) { return a.id < b.id; });
    return out;
}

} // namespace everx
