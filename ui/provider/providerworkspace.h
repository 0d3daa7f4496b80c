// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/requests.h"
#include "wire/exchangeclient.h"

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
class ListingCalendarView;
class PayoutsModel;
class ProviderListingsModel;
class ProviderState;

// The provider's workspace (docs/architecture.md "The desk"): one widget with five tabs, the form
// providerworkspace.ui. What it shows comes from its ProviderState (the models, the statistics,
// the provider's operations); this class keeps the widgets.
// - Listings: live from the account channel's listing events, with each price's distance from
//   the best offer (DeskState's ticker) and the earnings to date; add (ListingDialog), reprice
//   one or several (RepriceDialog: a price, the best offer, or the best offer minus a
//   percentage or an amount), set or clear their cluster (ClusterDialog: name, fabric, speed),
//   pause, resume, remove. A refusal (e.g. removing a listing whose
//   GPUs are rented) is shown above the table, in the desk's words.
// - Rentals on my hardware (provider.rentals, newest first, paged), refreshed when the account
//   channel tells of a rental.
// - Calendar: one server's GPUs hour by hour from today to 14 days ahead (ListingCalendarView),
//   rented, reserved and idle, from the account channel's running and reserved rentals on the
//   exchange's clock, with the earnings its reserved windows have booked ahead, and all servers'.
// - Earnings and utilisation per day over 7, 30 or 90 days (provider.stats), totals of today, 7
//   and 30 days, CSV export.
// - Payouts: the earnings balance and what waits to be paid, a payout request (PayoutDialog),
//   the payouts with their states, live from payout events.
// While the provider's application waits for support (or was rejected), a banner says so and the
// tools that need an approved account are off; an approval turns them on at once.
// Threading: the GUI thread, the session's.
class ProviderWorkspace final : public QWidget
{
    Q_OBJECT

public:
    ProviderWorkspace(ClientSession &session, DeskState &desk, QWidget *parent = nullptr);
    ~ProviderWorkspace() override;

    ProviderState *state() const { return m_state; }
    ProviderListingsModel *listings() const;
    HostedRentalsModel *hostedRentals() const;
    PayoutsModel *payouts() const;
    EarningsChart *chart() const { return m_chart; }
    ListingCalendarView *calendar() const { return m_calendar; }
    const ProviderStats &stats() const;

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
    void showBalance();
    // The banner over the tabs while the provider's application waits or was rejected.
    void showApproval();
    void onAccountStateChanged(AccountState state);
    void showTotals();
    // The calendar tab's servers (the listings not removed), keeping the one chosen.
    void fillCalendarListings();
    // The chosen server's calendar now, and what is booked ahead.
    void showCalendar();
    void updateActions();
    QList<Listing> selectedListings() const;
    void showRefusal(const Error &error);
    // An exchange's refusal of a listing operation, in the desk's words.
    QString refusalText(const Error &error) const;
    void addListing();
    void repriceSelected();
    void clusterSelected();
    void removeSelected(); // after the provider confirms
    void changeSelected(void (ProviderState::*change)(qint64, QObject *,
                                                      ExchangeClient::Callback<Listing>));
    void requestPayout();
    void exportCsvInteractive();
    std::optional<Cents> bestAsk(const QString &gpu) const;

    std::unique_ptr<::Ui::ProviderWorkspace> m_ui;
    ClientSession &m_session;
    DeskState &m_desk;
    ProviderState *m_state = nullptr; // a child
    EarningsChart *m_chart = nullptr;
    ListingCalendarView *m_calendar = nullptr;
    bool m_calendarServersStale = false; // the calendar's list of servers, at its next redraw
};

} // namespace everx
