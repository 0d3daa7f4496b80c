// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "views/hostedrentalsmodel.h"
#include "views/payoutsmodel.h"
#include "views/providerlistingsmodel.h"

#include "market/requests.h"
#include "wire/exchangeclient.h"
#include "wire/vocabulary.h"

#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QSet>
#include <QtCore/QTimer>

namespace everx {

class ClientSession;
class DeskState;

// What the provider's workspace shows, kept in step with the exchange (docs/architecture.md "The
// desk"), as DeskState does for the customer: it takes the account channel's pushes and the
// replies of the provider's operations and feeds the provider's models.
// - Listings: the account channel's snapshot and listing events, listing.list on refresh, and the
//   replies of add, reprice, cluster, pause, resume and remove; each listing's distance from the
//   best offer follows DeskState's ticker, its earnings to date provider.stats.
// - Rentals on the provider's hardware: provider.rentals, newest first, a page at a time.
// - Earnings per day over statsDays() days: provider.stats.
// - Payouts: payout.list, the account channel's payout events and payout.request's replies.
// - The account's state: a pending provider (its application not yet approved) watches the
//   market while every provider operation is refused; support's decision comes as an account
//   event (docs/protocol.md "Operations"), and an approval fetches everything.
// - The best offer of other providers for a GPU, which a suggested price follows.
// A rental event (billed hours, earnings) fetches everything again, at most once per
// RefreshDelayMs. Views bind to the models and the signals; nothing here knows about widgets.
//
// Threading: the session's (GUI) thread.
class ProviderState final : public QObject
{
    Q_OBJECT

public:
    static constexpr int RefreshDelayMs = 300;

    ProviderState(ClientSession &session, DeskState &desk, const GpuCatalog &catalog,
                  QObject *parent = nullptr);
    ~ProviderState() override;
    Q_DISABLE_COPY_MOVE(ProviderState)

    ProviderListingsModel *listings() { return &m_listings; }
    HostedRentalsModel *hostedRentals() { return &m_rentals; }
    PayoutsModel *payouts() { return &m_payouts; }
    // The last provider.stats answer, over statsDays() days.
    const ProviderStats &stats() const { return m_stats; }
    int statsDays() const { return m_statsDays; }
    // Whether older rentals may be left to fetch: true until a page of rentals comes back short
    // of a full one (MarketRules::DefaultPageSize).
    bool hasOlderRentals() const { return m_olderRentals; }

    // The signed-in provider's account state: from the sign-in, the account channel's snapshot
    // and its account events; Active until a provider signs in.
    AccountState accountState() const { return m_accountState; }
    // Whether the provider may list, reprice, pause, remove and ask for payouts.
    bool isApproved() const { return m_accountState == AccountState::Active; }

    // The best offer for a GPU of the other providers: the ticker's best offer while one's own
    // listings do not make it; when they do, market.quote's cheapest leg (which leaves one's own
    // listings out), asked for when the ticker or the listings change. Nullopt when nobody else
    // offers the GPU, or while that answer is awaited.
    std::optional<Cents> othersBestAsk(const QString &gpu) const;

    // Fetches listings, the newest rentals, statistics and payouts again; only while an approved
    // provider is signed in (signing in does it too).
    void refresh();
    // The next page of rentals, older than those fetched.
    void fetchOlderRentals();
    // The statistics over another number of days (7, 30, 90), fetched at once.
    void setStatsDays(int days);
    void setLocale(const QLocale &locale);

    // The provider's operations on listings and payouts, answered while `context` lives (a dialog
    // waiting for the answer): the exchange's reply updates the models, then goes to `done`. A
    // reply that comes after `context` is gone is dropped; the account channel's event brings the
    // change.
    void addListing(const ListingRequest &request, QObject *context,
                    ExchangeClient::Callback<Listing> done);
    void repriceListing(const Reprice &request, QObject *context,
                        ExchangeClient::Callback<Listing> done);
    void pauseListing(qint64 listingId, QObject *context, ExchangeClient::Callback<Listing> done);
    void resumeListing(qint64 listingId, QObject *context, ExchangeClient::Callback<Listing> done);
    void removeListing(qint64 listingId, QObject *context, ExchangeClient::Callback<Listing> done);
    // listing.cluster: into a cluster (name, fabric, speed), or out of it (an empty name).
    void setListingCluster(const ListingCluster &request, QObject *context,
                           ExchangeClient::Callback<Listing> done);
    void requestPayout(const PayoutRequest &request, QObject *context,
                       ExchangeClient::Callback<Payout> done);

Q_SIGNALS:
    // The listings' rows or states changed (a snapshot, an event, a reply): the actions that
    // depend on the selected listings' states may change.
    void listingsChanged();
    // A provider.stats answer arrived.
    void statsChanged(const everx::ProviderStats &stats);
    // hasOlderRentals() changed.
    void olderRentalsChanged(bool available);
    // accountState() changed: support decided the application, or another account signed in.
    void accountStateChanged(everx::AccountState state);

private:
    using ListingChange = void (ExchangeClient::*)(qint64, QObject *,
                                                   ExchangeClient::Callback<Listing>) const;

    void onSnapshot(const QString &channel, qint64 seq, const QJsonObject &payload);
    void onDelta(const QString &channel, qint64 seq, PushType type, const QJsonObject &payload);
    void followTicker(int firstRow, int lastRow);
    void setAccountState(AccountState state);
    // The lowest price of the provider's active listings of a GPU with idle GPUs (its asks).
    std::optional<Cents> ownBestAsk(const QString &gpu) const;
    // Whether one's own listings make the ticker's best offer of a GPU.
    bool ownIsBest(const QString &gpu) const;
    // Asks market.quote for the others' best offer of a GPU whose best offer is one's own; of
    // each of the listings' GPUs without an argument.
    void checkOthersBestAsk(const QString &gpu);
    void checkOthersBestAsks();
    void scheduleRefresh();
    void fetchRentals(qint64 before);
    void fetchStats();
    void fetchPayouts();
    void changeListing(ListingChange change, qint64 listingId, QObject *context,
                       ExchangeClient::Callback<Listing> done);
    // The answer to a listing's change: the listing's row updated (a removed one's removed) and
    // listingsChanged() emitted, then `done`; nothing after this object is gone.
    ExchangeClient::Callback<Listing> listingAnswer(ExchangeClient::Callback<Listing> done);

    QPointer<ClientSession> m_session;
    DeskState &m_desk;
    ExchangeClient m_client;
    ProviderListingsModel m_listings;
    HostedRentalsModel m_rentals;
    PayoutsModel m_payouts;
    ProviderStats m_stats;
    int m_statsDays = StatsQuery {}.days;
    QTimer m_refresh; // single shot: coalesces the account channel's bursts
    qint64 m_oldestRental = 0; // the id of the oldest rental fetched; 0 before the first page
    bool m_olderRentals = true;
    AccountState m_accountState = AccountState::Active;
    // market.quote's answers, by GPU: the others' best offer where one's own is the best.
    QHash<QString, std::optional<Cents>> m_othersBest;
    QSet<QString> m_quoting; // GPUs with a market.quote in flight
};

} // namespace everx
