// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/marketrules.h"
#include "views/supportcolumns.h"
#include "wire/exchangeclient.h"

#include <QtWidgets/QWidget>

#include <memory>
#include <optional>

namespace Ui {
class SupportWorkspace;
}

namespace everx {

class ClientSession;
class DeskState;

// The support agent's workspace (docs/architecture.md "The desk"): account search with paging; the
// inspector of one account (profile, state, balances, the ledger with the check of the
// account's part of the chain, full order and rental history, listings, sessions, failed
// sign-ins, notes and the account's audit); actions with a mandatory reason (adjust, note,
// suspend, reactivate, approve or reject a provider's application); the queue: adjustments
// waiting for a second agent (approve, decline), providers' payout requests (mark paid with
// the transfer's reference, reject) and top-ups paid after they expired (credit, or mark refunded
// with the processor's reference); and the audit log by agent, account and time. Every read
// and action is a typed call (ExchangeClient); the server audits the opening of an account and
// every action, and enforces the role and the states: this widget only offers what the account's
// state allows and shows what the server answers. The server lists no pending applications: an
// applicant is found by search and decided in the inspector.
//
// The layout is supportworkspace.ui; the constructor only binds models and actions. Threading:
// the GUI thread, with the session.
class SupportWorkspace final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int PageSize = 50;
    // The ledger's rows an inspector shows at least, however small the window.
    static constexpr int LedgerRowsShown = 8;
    // Payout requests shown in the queue: one page of support.payouts, its largest. Each
    // provider has at most MarketRules::MaxRequestedPayouts waiting.
    static constexpr int PayoutQueueSize = MarketRules::MaxPageSize;

    SupportWorkspace(ClientSession &session, DeskState &desk, QWidget *parent = nullptr);
    ~SupportWorkspace() override;

    // The account the inspector shows (0: none).
    qint64 inspectedAccount() const { return m_account.id; }
    // Reloads the queue: adjustments waiting for a second agent, requested payouts and late
    // payments.
    void refreshPending();

    // An account's state in words, as the inspector shows it.

Q_SIGNALS:
    // An answer arrived and was shown (a search page, an account, an action's outcome); for
    // tests and status bars.
    void answered();

protected:
    void changeEvent(QEvent *event) override;

private:
    void search();
    // Every provider's application waiting for a decision (accounts in the pending state).
    void showPendingApplications();
    void loadResults();
    void openAccount(qint64 accountId);
    void clearInspector();
    void loadLedger();
    void loadOrders();
    void loadRentals();
    void adjust();
    void addNote();
    void decide(bool approve);
    void suspend();
    void reactivate();
    void decideApplication(bool approve);
    // After a decision on the inspected account: its new state now, the rest re-read.
    void applyDecision(const Account &account, const QString &status);
    void settlePayout(bool paid);
    void decideLatePayment(bool credit);
    void updateAccountActions();
    // Approve and Decline: on for a selected adjustment that another agent asked for.
    void updateQueueActions();
    // The audit log's default bounds: the week up to now on the exchange's clock, which stamps
    // the records (a sandbox runs it faster than the wall clock); again at each sign-in while
    // neither bound is in use.
    void resetAuditDates();
    // The audit log (supportworkspace_audit.cpp): a search starts at the newest record, the next
    // page asks for the records before the last one shown (so that a record written meanwhile
    // shifts nothing), the previous page goes back to the cursor it was read with.
    void setUpAuditLog();
    void searchAudit();
    void nextAuditPage();
    void previousAuditPage();
    void loadAudit();
    // Money, dates and words in the workspace's locale and language
    // (supportworkspace_locale.cpp): every listing, the inspector's profile and balances, the
    // ledger's kinds.
    void applyLocale();
    void showProfile();
    void fillLedgerKinds(const QStringList &kinds);
    void showInspection(const AccountInspection &inspection);
    void showError(const Error &error);
    void showStatus(const QString &text);
    void updatePaging();
    qint64 selectedPending() const;
    std::optional<Payout> selectedPayout() const;
    std::optional<Payment> selectedLatePayment() const;

    ::Ui::SupportWorkspace *ui() const { return m_ui.get(); }

    ClientSession &m_session;
    ExchangeClient m_client;
    std::unique_ptr<::Ui::SupportWorkspace> m_ui;

    AccountSearchModel m_results;
    SupportLedgerModel m_ledger;
    OrderHistoryModel m_orders;
    RentalHistoryModel m_rentals;
    RentalHistoryModel m_reservations; // the inspection's reserved windows, soonest first
    SupportListingsModel m_listings;
    SessionsModel m_sessions;
    SignInFailuresModel m_failures;
    SupportNotesModel m_notes;
    AuditLogModel m_accountAudit;
    PendingAdjustmentsModel m_pending;
    SupportTableModel<Payout> m_payouts;
    SupportTableModel<Payment> m_latePayments;
    AuditLogModel m_audit;

    QString m_query;
    std::optional<AccountState> m_queryState; // the results: only accounts in this state
    Account m_account; // inspected
    Balance m_balance; // the inspected account's, as last read
    qint64 m_opening = 0; // the account last asked to open: only its answer is shown
    struct Paging
    {
        qint64 offset = 0;
        qint64 total = 0;
    };
    Paging m_resultsPage, m_ledgerPage, m_ordersPage, m_rentalsPage, m_auditPage;
    // The audit log's cursor: the page shown holds the records before m_auditBefore (0: from the
    // newest); m_auditCursors the cursors of the pages before it, for going back.
    qint64 m_auditBefore = 0;
    QList<qint64> m_auditCursors;
};

} // namespace everx
