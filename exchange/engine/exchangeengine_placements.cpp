// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's placements (docs/architecture.md "The market"): where an order's GPUs may come
// from. A server order takes all its GPUs from one listing, a cluster order from listings of one
// cluster of one provider; either fills all or none, each listing at its own price. A buy-now
// takes the cheapest whole placement within its cap or nothing; a limit bid that none can take
// whole now waits beside the book (it would cross it while no whole placement exists) until one
// can, and then fills at once. Also clusters (a listing joins or leaves one) and market.quote.
// Plain bids (placement any) match in the book: exchangeengine_bids.cpp.

#include "engine/exchangeengine.h"

#include "market/textrules.h"

namespace everx {

using namespace MarketRules;

namespace {

// Why a listing may not be in this cluster (the name's text, the fabric's speed, and every other
// listing of the provider's cluster of that name having the same GPU, region, fabric and speed),
// or nothing. `others` are the provider's listings but this one.
std::optional<Error> clusterProblem(const QString &cluster, Fabric fabric, qint32 gbps,
                                    const QString &gpu, const QString &region,
                                    const QList<const Listing *> &others)
{
    if (cluster.isEmpty())
        return fabric == Fabric::None && gbps == 0
            ? std::nullopt
            : std::optional<Error>(Error {ErrorCode::InvalidArgument,
                                          QStringLiteral("a fabric belongs to a cluster")});
    if (cluster.size() > MaxClusterNameLength)
        return Error {
            ErrorCode::InvalidArgument,
            QStringLiteral("a cluster's name has at most %1 characters").arg(MaxClusterNameLength)};
    if (const QString why = TextRules::problem(cluster); !why.isEmpty())
        return Error {ErrorCode::InvalidArgument, QStringLiteral("cluster: ") + why};
    if (fabric == Fabric::None || gbps < 1 || gbps > MaxFabricGbps)
        return Error {ErrorCode::InvalidArgument,
                      QStringLiteral("a cluster has a fabric (InfiniBand, RoCE or Ethernet) and a"
                                     " speed of 1 to %1 Gb/s")
                          .arg(MaxFabricGbps)};
    for (const Listing *o : others) {
        if (o->cluster != cluster)
            continue;
        if (o->gpu != gpu || o->region != region || o->fabric != fabric || o->fabricGbps != gbps)
            return Error {ErrorCode::InvalidArgument,
                          QStringLiteral("the servers of cluster \"%1\" are %2 in %3 on %4 Gb/s;"
                                         " a server of another GPU, region or fabric cannot join")
                              .arg(cluster, o->gpu, o->region)
                              .arg(o->fabricGbps)};
    }
    return std::nullopt;
}

} // namespace

std::optional<Error> ExchangeEngine::clusterRefusal(qint64 providerId, qint64 listingId,
                                                    const QString &gpu, const QString &region,
                                                    const QString &cluster, Fabric fabric,
                                                    qint32 gbps) const
{
    QList<const Listing *> others;
    for (const Listing &l : m_listings) {
        if (l.providerId == providerId && l.id != listingId)
            others.append(&l);
    }
    return clusterProblem(cluster, fabric, gbps, gpu, region, others);
}

qint32 ExchangeEngine::clusterKey(const Listing &listing)
{
    if (listing.cluster.isEmpty())
        return 0;
    const QPair<qint64, QString> key {listing.providerId, listing.cluster};
    auto it = m_clusterKeys.find(key);
    if (it == m_clusterKeys.end())
        it = m_clusterKeys.insert(key, qint32(m_clusterKeys.size() + 1));
    return *it;
}

void ExchangeEngine::indexListing(const Listing &listing)
{
    const qsizetype i = m_catalog->indexOf(listing.gpu);
    if (i < 0)
        return;
    qint32 idle = 0;
    for (const qint64 id : m_listingAsks.value(listing.id))
        idle += m_asks.value(id).quantity;
    m_placementIndex[size_t(i)].set(listing.id, listing.providerId, qint32(listing.askCents), idle,
                                    clusterKey(listing), freeForAnHour(listing.id, idle));
}

qint32 ExchangeEngine::freeForAnHour(qint64 listingId, qint32 idle) const
{
    // Only a window reserved on the listing can end its idle GPUs' freedom within the hour: the
    // hours a one-hour rental from now would take, as a spot order's (ListingCalendar::span).
    if (idle <= 0 || !m_listingReservations.contains(listingId))
        return idle;
    const ListingCalendar::Booking hour = ListingCalendar::span(m_now, 1);
    return std::min(
        idle,
        m_calendar.freeOver(listingId, hour.startHour, qint32(hour.endHour - hour.startHour)));
}

std::vector<PlacementIndex::Leg> ExchangeEngine::findPlacement(const QString &gpu,
                                                               Placement placement, qint32 gpus,
                                                               qint32 hours, Cents maxPrice,
                                                               qint64 excludedOwner) const
{
    const qsizetype i = m_catalog->indexOf(gpu);
    if (i < 0)
        return {};
    // Windows reserved ahead: the index knows idle GPUs, the calendar for how long.
    if (reservedAhead(gpu))
        return findWindowPlacement(gpu, placement, gpus, 0, hours,
                                   std::min(maxPrice, MaxPriceCents), excludedOwner);
    const PlacementIndex &index = m_placementIndex[size_t(i)];
    const qint32 cap = qint32(std::min<Cents>(maxPrice, MaxPriceCents));
    switch (placement) {
    case Placement::Server:
        return index.server(gpus, cap, excludedOwner);
    case Placement::Cluster:
        return index.cluster(gpus, cap, excludedOwner);
    case Placement::Any:
        break;
    }
    return index.any(gpus, cap, excludedOwner);
}

void ExchangeEngine::takeIdle(Listing &listing, qint32 gpus)
{
    OrderBook *book = bookFor(listing.gpu);
    QList<qint64> &slices = m_listingAsks[listing.id];
    while (gpus > 0 && !slices.isEmpty()) {
        const qint64 sliceId = slices.first();
        AskSlice &slice = m_asks[sliceId];
        const qint32 take = std::min(gpus, slice.quantity);
        gpus -= take;
        slice.quantity = book->reduce(m_askHandles.value(sliceId), take);
        if (slice.quantity == 0) {
            m_asks.remove(sliceId);
            m_askHandles.remove(sliceId);
            slices.removeFirst();
            m_dirtyAsks.remove(sliceId);
            m_deletedAsks.insert(sliceId);
        } else {
            m_dirtyAsks.insert(sliceId);
        }
    }
    Q_ASSERT(gpus == 0);
    m_changes.books.insert(listing.gpu);
    indexListing(listing);
}

void ExchangeEngine::fillPlacement(BidOrder &order, const std::vector<PlacementIndex::Leg> &legs)
{
    for (const PlacementIndex::Leg &leg : legs) {
        Listing &listing = m_listings[leg.listingId];
        takeIdle(listing, leg.gpus);
        startRental(order, listing, leg.gpus, leg.price, 0);
    }
    Q_ASSERT(order.remaining == 0);
}

void ExchangeEngine::fillWaitingPlacements(const QString &gpu)
{
    const qsizetype i = m_catalog->indexOf(gpu);
    if (i < 0)
        return;
    auto &waiting = m_waiting[size_t(i)];
    const OrderBook *book = m_books[size_t(i)].get();
    if (!waiting.empty() && reservedAhead(gpu))
        indexWindowOffers(gpu);
    for (auto it = waiting.begin(); it != waiting.end();) {
        const std::optional<qint32> best = book->bestAsk();
        // Best price first: once a bid's limit is below every ask, so are the rest.
        if (!best || -it->first < *best)
            break;
        BidOrder &order = m_orders[it->second];
        const std::vector<PlacementIndex::Leg> legs = findPlacement(
            gpu, order.placement, order.remaining, order.hours, order.limitCents, order.accountId);
        if (legs.empty()) {
            ++it;
            continue;
        }
        it = waiting.erase(it);
        fillPlacement(order, legs);
        closeOrder(order, OrderState::Filled, QStringLiteral("filled"));
    }
}

void ExchangeEngine::withdrawBid(const BidOrder &order)
{
    if (order.startMs != 0) {
        if (const qsizetype i = m_catalog->indexOf(order.gpu); i >= 0)
            m_windowBids[size_t(i)].erase({-order.limitCents, order.id});
        return;
    }
    if (order.placement == Placement::Any) {
        bookFor(order.gpu)->cancel(m_orderHandles.value(order.id));
        m_changes.books.insert(order.gpu);
        return;
    }
    const qsizetype i = m_catalog->indexOf(order.gpu);
    if (i >= 0)
        m_waiting[size_t(i)].erase({-order.limitCents, order.id});
}

const PlacementIndex *ExchangeEngine::placements(const QString &gpu) const
{
    const qsizetype i = m_catalog->indexOf(gpu);
    return i < 0 || size_t(i) >= m_placementIndex.size() ? nullptr : &m_placementIndex[size_t(i)];
}

QList<BidOrder> ExchangeEngine::waitingOrders(const QString &gpu) const
{
    QList<BidOrder> out;
    const qsizetype i = m_catalog->indexOf(gpu);
    if (i < 0 || size_t(i) >= m_waiting.size())
        return out;
    for (const auto &[negativeLimit, id] : m_waiting[size_t(i)])
        out.append(m_orders.value(id));
    return out;
}

Result<int> ExchangeEngine::askerTaxBp(qint64 actor) const
{
    if (actor == 0)
        return 0;
    const Account *account = nullptr;
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider, Role::Support}, &account))
        return *e;
    const std::optional<int> rate = m_taxes->basisPoints(account->country);
    if (!rate)
        return err(ErrorCode::UnknownCountry,
                   QStringLiteral("no tax rate for %1").arg(account->country));
    return *rate;
}

Result<PlacementQuote> ExchangeEngine::quote(qint64 actor, const QuoteRequest &request)
{
    advance();
    const Result<int> taxBp = askerTaxBp(actor);
    if (!taxBp)
        return taxBp.error();
    if (auto e = orderSizeRefusal(request.gpu, request.quantity, request.hours))
        return *e;
    if (auto e = startRefusal(request.startMs))
        return *e;
    m_now = m_clock.nowMs(); // the calendar is read from now
    if (request.startMs != 0 || reservedAhead(request.gpu))
        indexWindowOffers(request.gpu);
    PlacementQuote q;
    // A window ahead is priced as its order would reserve it: whole, over all of its hours.
    const std::vector<PlacementIndex::Leg> legs = request.startMs != 0
        ? findWindowPlacement(request.gpu, request.placement, request.quantity, request.startMs,
                              request.hours, MaxPriceCents, actor)
        : findPlacement(request.gpu, request.placement, request.quantity, request.hours,
                        MaxPriceCents, actor);
    for (const PlacementIndex::Leg &leg : legs) {
        const Listing &l = m_listings[leg.listingId];
        q.legs.append({leg.listingId, leg.gpus, leg.price, l.region, l.cluster});
    }
    q.available = !q.legs.isEmpty();
    priceQuote(q, request.hours, *taxBp);
    return q;
}

Result<Listing> ExchangeEngine::setListingCluster(qint64 actor, const ListingCluster &request)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, request.listingId, &refusal);
    if (!listing)
        return *refusal;
    const QString cluster = request.cluster.trimmed();
    if (auto e = clusterRefusal(actor, listing->id, listing->gpu, listing->region, cluster,
                                request.fabric, request.fabricGbps))
        return *e;
    begin();
    Listing &l = *listing;
    l.cluster = cluster;
    l.fabric = cluster.isEmpty() ? Fabric::None : request.fabric;
    l.fabricGbps = cluster.isEmpty() ? 0 : request.fabricGbps;
    touchListing(l);
    indexListing(l);
    // Its idle GPUs may make a waiting cluster bid whole now, or a window's cluster.
    fillWaitingPlacements(l.gpu);
    fillWaitingWindows(l.gpu);
    const Listing result = m_listings.value(l.id);
    return committed(result);
}

} // namespace everx
