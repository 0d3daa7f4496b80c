#pragma once

#include "market/requests.h"
#include "wire/exchangeclient.h"
#include "wire/vocabulary.h"

#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtWidgets/QWidget>

#include <memory>

namespace Ui {
class ProviderWorkspace;
}

namespace everx {

class ClientSession;
class DeskState;
class EarningsChart;
class HostedRentalsModel;
class PayoutsModel;
class ProviderListingsModel;

// The provider's workspace (docs/architecture.md "The desk"): one widget with four tabs.
// - Listings: live from the account channel's listing events, with each price's distance from
//   the best offer (DeskState's ticker) and the earnings to date; add (ListingDialog), reprice
//   one or several (RepriceDialog: a price, the best offer, or the best offer minus a
//   percentage or an amount), pause, resume, remove. A refusal (e.g. removing a listing whose
//   GPUs are rented) is shown above the table, in the desk's words.
// - Rentals on my hardware (provider.rentals, newest first, paged), refreshed when the account
//   channel tells of a rental.
// - Earnings and utilisation per day over 7, 30 or 90 days (provider.stats), totals of today, 7
//   and 30 days, CSV export.
// - Payouts: the earnings balance and what waits to be paid, a payout request (PayoutDialog),
//   the payouts with their states, live from payout events.
// Figures the account channel changes (rentals billed, payouts settled) are fetched again at
// most once per RefreshDelayMs. Threading: the GUI thread, the session's.
class ProviderWorkspace final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int RefreshDelayMs = 300;

    ProviderWorkspace(ClientSession &session, DeskState &desk, QWidget *parent = nullptr);
    ~ProviderWorkspace() override;

    ProviderListingsModel *listings() const { return m_listings; }
    HostedRentalsModel *hostedRentals() const { return m_rentals; }
    PayoutsModel *payouts() const { return m_payouts; }
    EarningsChart *chart() const { return m_chart; }
    const ProviderStats &stats() const { return m_stats; }

    // Fetches listings, rentals, statistics and payouts again.
    void refresh();
    // The statistics on show as CSV (ProviderStatsCsv); false with the reason on failure.
    bool exportCsv(const QString &path, QString *error);

Q_SIGNALS:
    // Short news for the status bar.
    void message(const QString &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void onSnapshot(const QString &channel, qint64 seq, const QJsonObject &payload);
    void onDelta(const QString &channel, qint64 seq, PushType type, const QJsonObject &payload);
    void followTicker(int firstRow, int lastRow);
    void scheduleRefresh();
    void fetchRentals(qint64 before);
    void fetchStats();
    void fetchPayouts();
    void showBalance();
    void showTotals();
    void updateActions();
    QList<Listing> selectedListings() const;
    void showRefusal(const Error &error);
    void addListing();
    void repriceSelected();
    void changeSelected(void (ExchangeClient::*change)(qint64, QObject *,
                                                       ExchangeClient::Callback<Listing>) const);
    void requestPayout();
    void exportCsvInteractive();
    std::optional<Cents> bestAsk(const QString &gpu) const;

    std::unique_ptr<::Ui::ProviderWorkspace> m_ui;
    QPointer<ClientSession> m_session;
    DeskState &m_desk;
    ExchangeClient m_client;
    ProviderListingsModel *m_listings = nullptr; // children
    HostedRentalsModel *m_rentals = nullptr;
    PayoutsModel *m_payouts = nullptr;
    EarningsChart *m_chart = nullptr;
    ProviderStats m_stats;
    QTimer m_refresh; // single shot: coalesces the account channel's bursts
    qint64 m_oldestRental = 0; // the id of the oldest rental fetched; 0 before the first page
};

} // namespace everx
