// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's provider listings (docs/architecture.md "The market"): a listing added,
// repriced, paused, resumed and removed, its idle GPUs withdrawn from the book, and the reads of
// listings and their asks. How idle GPUs enter the book, matching resting bids on the way, is
// offerIdle() in exchangeengine_bids.cpp.

#include "engine/exchangeengine.h"

#include "market/textrules.h"

namespace everx {

using namespace MarketRules;

Result<Listing> ExchangeEngine::addListing(qint64 actor, const ListingRequest &request)
{
    advance();
    if (auto e = checkActor(actor, {Role::Provider}))
        return *e;
    if (!bookFor(request.gpu))
        return err(ErrorCode::UnknownGpu,
                   QStringLiteral("no GPU \"%1\" in the catalog").arg(request.gpu.left(32)));
    if (request.gpuCount < 1 || request.gpuCount > MaxGpusPerListing)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a server lists 1 to %1 GPUs").arg(MaxGpusPerListing));
    if (request.askCents < MinPriceCents || request.askCents > MaxPriceCents)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the price must be 0.01 to %1 USD").arg(Money::toPlain(MaxPriceCents)));
    const QString region = request.region.trimmed();
    const QString endpoint = request.endpoint.trimmed();
    if (region.isEmpty() || region.size() > MaxRegionLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("the region needs 1 to %1 characters").arg(MaxRegionLength));
    if (endpoint.isEmpty() || endpoint.size() > MaxEndpointLength)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the access endpoint needs 1 to %1 characters").arg(MaxEndpointLength));
    // The codec refuses these on the wire already; the engine holds every caller to them.
    if (const QString why = TextRules::problem(region); !why.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("region: ") + why);
    if (const QString why = TextRules::endpointProblem(endpoint); !why.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("endpoint: ") + why);

    begin();
    Listing l;
    l.id = ++m_lastListingId;
    l.providerId = actor;
    l.gpu = request.gpu;
    l.gpuCount = request.gpuCount;
    l.region = region;
    l.endpoint = endpoint;
    l.askCents = request.askCents;
    l.state = ListingState::Active;
    l.createdMs = m_now;
    Listing &stored = *m_listings.insert(l.id, l);
    m_calendar.setListing(l.id, l.gpuCount);
    touchListing(stored);
    offerIdle(stored, stored.gpuCount);
    const Listing result = m_listings.value(l.id);
    return committed(result);
}

Listing *ExchangeEngine::providerListing(qint64 actor, qint64 listingId,
                                         std::optional<Error> *refusal)
{
    advance();
    if ((*refusal = checkActor(actor, {Role::Provider})))
        return nullptr;
    const auto it = m_listings.find(listingId);
    if (it == m_listings.end()) {
        *refusal = err(ErrorCode::UnknownListing, QStringLiteral("no listing %1").arg(listingId));
        return nullptr;
    }
    if (it->providerId != actor) {
        *refusal =
            err(ErrorCode::NotOwner, QStringLiteral("listing %1 is not yours").arg(listingId));
        return nullptr;
    }
    return &*it;
}

Result<Listing> ExchangeEngine::committed(const Listing &result)
{
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the listing could not be stored"));
    return result;
}

Result<Listing> ExchangeEngine::repriceListing(qint64 actor, qint64 listingId, Cents askCents)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, listingId, &refusal);
    if (!listing)
        return *refusal;
    if (askCents < MinPriceCents || askCents > MaxPriceCents)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the price must be 0.01 to %1 USD").arg(Money::toPlain(MaxPriceCents)));
    begin();
    Listing &l = *listing;
    // A new price is a new order: the idle GPUs go to the back of the new level.
    const qint32 idle = l.state == ListingState::Active ? withdrawAsks(l) : 0;
    l.askCents = askCents;
    touchListing(l);
    if (idle > 0)
        offerIdle(l, idle);
    else
        fillWaitingWindows(l.gpu); // at its new price, its hours ahead may suit a window
    const Listing result = l;
    return committed(result);
}

Result<Listing> ExchangeEngine::pauseListing(qint64 actor, qint64 listingId)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, listingId, &refusal);
    if (!listing)
        return *refusal;
    Listing &l = *listing;
    if (l.state != ListingState::Active)
        return err(ErrorCode::InvalidState, QStringLiteral("the listing is not active"));
    begin();
    withdrawAsks(l);
    l.state = ListingState::Paused;
    touchListing(l);
    const Listing result = l;
    return committed(result);
}

Result<Listing> ExchangeEngine::resumeListing(qint64 actor, qint64 listingId)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, listingId, &refusal);
    if (!listing)
        return *refusal;
    Listing &l = *listing;
    if (l.state != ListingState::Paused)
        return err(ErrorCode::InvalidState, QStringLiteral("the listing is not paused"));
    begin();
    l.state = ListingState::Active;
    touchListing(l);
    offerIdle(l, l.gpuCount - l.rentedGpus);
    if (l.rentedGpus == l.gpuCount)
        fillWaitingWindows(l.gpu); // every GPU is rented now, not necessarily later
    const Listing result = l;
    return committed(result);
}

Result<Listing> ExchangeEngine::removeListing(qint64 actor, qint64 listingId)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, listingId, &refusal);
    if (!listing)
        return *refusal;
    Listing &l = *listing;
    if (l.rentedGpus > 0)
        return err(ErrorCode::ListingHasRentals,
                   QStringLiteral("%1 GPUs of this listing are rented; pause it and remove it when"
                                  " the rentals end")
                       .arg(l.rentedGpus));
    // Capacity sold ahead stays until its windows are over: pausing keeps them.
    if (const qint32 reserved = m_listingReservations.value(l.id); reserved > 0)
        return err(ErrorCode::ListingHasRentals,
                   QStringLiteral("%1 windows ahead are reserved on this listing; pause it and"
                                  " remove it when they are over")
                       .arg(reserved));
    begin();
    withdrawAsks(l);
    l.state = ListingState::Removed;
    l.removedMs = m_now;
    Listing result = l;
    m_removedListings.insert(l.id, l);
    touchListing(result);
    m_listings.remove(listingId);
    m_listingAsks.remove(listingId);
    m_calendar.removeListing(listingId);
    return committed(result);
}

qint32 ExchangeEngine::withdrawAsks(Listing &listing)
{
    OrderBook *book = bookFor(listing.gpu);
    qint32 withdrawn = 0;
    const QList<qint64> slices = m_listingAsks.take(listing.id);
    for (const qint64 id : slices) {
        withdrawn += book->cancel(m_askHandles.take(id));
        m_asks.remove(id);
        m_dirtyAsks.remove(id);
        m_deletedAsks.insert(id);
    }
    if (!slices.isEmpty())
        m_changes.books.insert(listing.gpu);
    indexListing(listing);
    return withdrawn;
}

std::optional<Listing> ExchangeEngine::listing(qint64 id) const
{
    const auto it = m_listings.constFind(id);
    return it == m_listings.cend() ? std::nullopt : std::optional<Listing>(*it);
}

QList<Listing> ExchangeEngine::listings(qint64 providerId) const
{
    QList<Listing> out;
    for (const Listing &l : m_listings) {
        if (providerId == 0 || l.providerId == providerId)
            out.append(l);
    }
    std::sort(out.begin(), out.end(),
              [](const Listing &a, const Listing &b) { return a.id < b.id; });
    return out;
}

QList<AskSlice> ExchangeEngine::askSlices(qint64 listingId) const
{
    QList<AskSlice> out;
    for (const qint64 id : m_listingAsks.value(listingId))
        out.append(m_asks.value(id));
    return out;
}

} // namespace everx
