// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/providerstate.h"

#include "views/deskstate.h"

#include "market/marketrules.h"
#include "wire/clientsession.h"
#include "wire/wirecodec.h"

#include <algorithm>
#include <utility>

namespace everx {

ProviderState::ProviderState(ClientSession &session, DeskState &desk, const GpuCatalog &catalog,
                             QObject *parent)
    : QObject(parent)
    , m_session(&session)
    , m_desk(desk)
    , m_client(session)
    , m_listings(catalog)
    , m_rentals(catalog)
{
    m_refresh.setSingleShot(true);
    m_refresh.setInterval(RefreshDelayMs);
    connect(&m_refresh, &QTimer::timeout, this, &ProviderState::refresh);
    connect(&session, &ClientSession::snapshotReceived, this, &ProviderState::onSnapshot);
    connect(&session, &ClientSession::deltaReceived, this, &ProviderState::onDelta);
    connect(&session, &ClientSession::signedIn, this, [this](const Account &account) {
        const bool wasApproved = isApproved();
        setAccountState(account.state); // an approval fetches everything itself
        if (wasApproved)
            refresh();
    });
    connect(this, &ProviderState::listingsChanged, this, &ProviderState::checkOthersBestAsks);
    connect(desk.marketWatch(), &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &from, const QModelIndex &to) {
                followTicker(from.row(), to.row());
            });
    connect(desk.marketWatch(), &QAbstractItemModel::modelReset, this,
            [this] { followTicker(0, m_desk.marketWatch()->rowCount() - 1); });
    followTicker(0, desk.marketWatch()->rowCount() - 1);
    if (session.state() == ClientSession::State::SignedIn) {
        m_accountState = session.account().state;
        refresh();
    }
}

ProviderState::~ProviderState() = default;

void ProviderState::refresh()
{
    // A pending provider's operations are refused: nothing to fetch until the approval.
    if (!m_session || m_session->state() != ClientSession::State::SignedIn
        || m_session->account().role != Role::Provider || !isApproved())
        return;
    // The listings as they stand, in case the account channel's snapshot came before this
    // state; later changes come as events.
    m_client.listings(this, [this](Result<QList<Listing>> r) {
        if (r)
            m_listings.replaceAll(*r);
    });
    fetchRentals(0);
    fetchStats();
    fetchPayouts();
}

void ProviderState::scheduleRefresh()
{
    if (!m_refresh.isActive())
        m_refresh.start();
}

void ProviderState::onSnapshot(const QString &channel, qint64, const QJsonObject &payload)
{
    if (channel != Channel::AccountName)
        return;
    if (const std::optional<Account> account = Wire::unwrap<Account>(payload))
        setAccountState(account->state);
    m_listings.applySnapshot(payload);
    Q_EMIT listingsChanged();
}

void ProviderState::setAccountState(AccountState state)
{
    if (state == m_accountState)
        return;
    const bool approval = state == AccountState::Active;
    m_accountState = state;
    Q_EMIT accountStateChanged(state);
    if (approval)
        refresh();
}

std::optional<Cents> ProviderState::ownBestAsk(const QString &gpu) const
{
    std::optional<Cents> lowest;
    for (int row = 0; row < m_listings.rowCount(); ++row) {
        const Listing &l = m_listings.record(row);
        if (l.gpu == gpu && l.state == ListingState::Active && l.gpuCount > l.rentedGpus
            && (!lowest || l.askCents < *lowest))
            lowest = l.askCents;
    }
    return lowest;
}

bool ProviderState::ownIsBest(const QString &gpu) const
{
    const std::optional<Cents> best = m_listings.bestAsk(gpu);
    const std::optional<Cents> own = ownBestAsk(gpu);
    return best && own && *own <= *best;
}

std::optional<Cents> ProviderState::othersBestAsk(const QString &gpu) const
{
    return ownIsBest(gpu) ? m_othersBest.value(gpu) : m_listings.bestAsk(gpu);
}

void ProviderState::checkOthersBestAsks()
{
    QSet<QString> gpus;
    for (int row = 0; row < m_listings.rowCount(); ++row)
        gpus.insert(m_listings.record(row).gpu);
    for (const QString &gpu : std::as_const(gpus))
        checkOthersBestAsk(gpu);
}

void ProviderState::checkOthersBestAsk(const QString &gpu)
{
    if (!ownIsBest(gpu) || m_quoting.contains(gpu) || !m_session
        || m_session->state() != ClientSession::State::SignedIn)
        return;
    // One GPU for an hour: the cheapest leg is the others' best offer. One question in flight
    // per GPU; the ticker's next change of the GPU asks again.
    m_quoting.insert(gpu);
    m_client.quote(QuoteRequest {gpu, 1, 1, Placement::Any}, this,
                   [this, gpu](Result<PlacementQuote> r) {
                       m_quoting.remove(gpu);
                       if (!r)
                           return;
                       m_othersBest.insert(gpu,
                                           r->available && !r->legs.isEmpty()
                                               ? std::optional<Cents>(r->legs.first().priceCents)
                                               : std::nullopt);
                   });
}

void ProviderState::onDelta(const QString &channel, qint64, PushType, const QJsonObject &payload)
{
    if (channel != Channel::AccountName)
        return;
    const QString type = Wire::accountEventType(payload);
    if (type == AccountEvent::Account) {
        if (const std::optional<Account> account = Wire::unwrap<Account>(payload))
            setAccountState(account->state);
    } else if (type == AccountEvent::Listing) {
        m_listings.applyEvent(payload);
        Q_EMIT listingsChanged();
    } else if (type == AccountEvent::Payout) {
        m_payouts.applyEvent(payload);
    } else if (type == AccountEvent::Rental) {
        scheduleRefresh(); // billed hours and earnings: rentals, statistics, listings' earnings
    }
}

void ProviderState::followTicker(int firstRow, int lastRow)
{
    MarketWatchModel *watch = m_desk.marketWatch();
    for (int row = std::max(0, firstRow); row <= lastRow && row < watch->rowCount(); ++row) {
        const TickerEntry t = watch->ticker(row);
        const QString gpu =
            watch->data(watch->index(row, 0), MarketWatchModel::GpuIdRole).toString();
        m_listings.setBestAsk(gpu, t.ask);
        checkOthersBestAsk(gpu);
    }
}

void ProviderState::fetchRentals(qint64 before)
{
    m_client.hostedRentals({before, MarketRules::DefaultPageSize}, this,
                           [this, before](Result<QList<HostedRental>> r) {
                               if (!r)
                                   return;
                               m_rentals.merge(*r);
                               if (before == 0 && m_oldestRental != 0)
                                   return; // a refresh of the newest page
                               if (!r->isEmpty())
                                   m_oldestRental = r->last().id;
                               const bool older = r->size() == MarketRules::DefaultPageSize;
                               if (std::exchange(m_olderRentals, older) != older)
                                   Q_EMIT olderRentalsChanged(older);
                           });
}

void ProviderState::fetchOlderRentals()
{
    fetchRentals(m_oldestRental);
}

void ProviderState::setStatsDays(int days)
{
    m_statsDays = days;
    fetchStats();
}

void ProviderState::fetchStats()
{
    m_client.providerStats({m_statsDays}, this, [this](Result<ProviderStats> r) {
        if (!r)
            return;
        m_stats = *r;
        m_listings.setEarnings(m_stats.listings);
        Q_EMIT statsChanged(m_stats);
    });
}

void ProviderState::fetchPayouts()
{
    m_client.payouts({}, this, [this](Result<QList<Payout>> r) {
        if (r)
            m_payouts.merge(*r);
    });
}

void ProviderState::setLocale(const QLocale &locale)
{
    m_listings.setLocale(locale);
    m_rentals.setLocale(locale);
    m_payouts.setLocale(locale);
}

void ProviderState::addListing(const ListingRequest &request, QObject *context,
                               ExchangeClient::Callback<Listing> done)
{
    m_client.addListing(request, context, listingAnswer(std::move(done)));
}

void ProviderState::repriceListing(const Reprice &request, QObject *context,
                                   ExchangeClient::Callback<Listing> done)
{
    m_client.repriceListing(request, context, listingAnswer(std::move(done)));
}

void ProviderState::setListingCluster(const ListingCluster &request, QObject *context,
                                      ExchangeClient::Callback<Listing> done)
{
    m_client.setListingCluster(
        request, context, [this, self = QPointer<ProviderState>(this), done](Result<Listing> r) {
            if (!self)
                return;
            if (r) {
                m_listings.upsert(*r);
                Q_EMIT listingsChanged();
            }
            done(std::move(r));
        });
}

void ProviderState::pauseListing(qint64 listingId, QObject *context,
                                 ExchangeClient::Callback<Listing> done)
{
    changeListing(&ExchangeClient::pauseListing, listingId, context, std::move(done));
}

void ProviderState::resumeListing(qint64 listingId, QObject *context,
                                  ExchangeClient::Callback<Listing> done)
{
    changeListing(&ExchangeClient::resumeListing, listingId, context, std::move(done));
}

void ProviderState::removeListing(qint64 listingId, QObject *context,
                                  ExchangeClient::Callback<Listing> done)
{
    changeListing(&ExchangeClient::removeListing, listingId, context, std::move(done));
}

void ProviderState::changeListing(ListingChange change, qint64 listingId, QObject *context,
                                  ExchangeClient::Callback<Listing> done)
{
    (m_client.*change)(listingId, context, listingAnswer(std::move(done)));
}

ExchangeClient::Callback<Listing>
ProviderState::listingAnswer(ExchangeClient::Callback<Listing> done)
{
    // The exchange answers an added or repriced listing as active or paused, never removed.
    return [this, self = QPointer<ProviderState>(this), done = std::move(done)](Result<Listing> r) {
        if (!self)
            return;
        if (r) {
            if (r->state == ListingState::Removed)
                m_listings.remove(r->id);
            else
                m_listings.upsert(*r);
            Q_EMIT listingsChanged();
        }
        done(std::move(r));
    };
}

void ProviderState::requestPayout(const PayoutRequest &request, QObject *context,
                                  ExchangeClient::Callback<Payout> done)
{
    m_client.requestPayout(request, context,
                           [this, self = QPointer<ProviderState>(this), done](Result<Payout> r) {
                               if (!self)
                                   return;
                               if (r)
                                   m_payouts.upsert(*r);
                               done(std::move(r));
                           });
}

} // namespace everx
