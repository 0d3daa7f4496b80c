#pragma once

#include "market/marketrecords.h"
#include "views/supportcolumns.h"
#include "wire/exchangeclient.h"

#include <QtWidgets/QWidget>

#include <memory>

namespace Ui {
class SupportWorkspace;
}

namespace everx {

class ClientSession;
class DeskState;

// The support agent's workspace (DESIGN.md section 8): account search with paging; the
// inspector of one account (profile, balances, the ledger with the check of the account's part
// of the chain, full order and rental history, listings, sessions, failed sign-ins, notes and
// the account's audit); actions with a mandatory reason (adjust, note); the queue of adjustments
// waiting for a second agent (approve, decline); and the audit log by agent, account and time.
// Every read and action is a typed call (ExchangeClient); the server audits the opening of an
// account and every action, and enforces the role: this widget only shows what it answers.
// Suspension, provider applications and payouts are other parts' operations and have no buttons
// here.
//
// The layout is supportworkspace.ui; the constructor only binds models and actions. Threading:
// the GUI thread, with the session.
class SupportWorkspace final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int PageSize = 50;

    SupportWorkspace(ClientSession &session, DeskState &desk, QWidget *parent = nullptr);
    ~SupportWorkspace() override;

    // The account the inspector shows (0: none).
    qint64 inspectedAccount() const { return m_account.id; }
    // Reloads the queue of adjustments waiting for a second agent.
    void refreshPending();

Q_SIGNALS:
    // An answer arrived and was shown (a search page, an account, an action's outcome); for
    // tests and status bars.
    void answered();

protected:
    void changeEvent(QEvent *event) override;

private:
    void search();
    void loadResults();
    void openAccount(qint64 accountId);
    void loadLedger();
    void loadOrders();
    void loadRentals();
    void adjust();
    void addNote();
    void decide(bool approve);
    void loadAudit();
    void showInspection(const AccountInspection &inspection);
    void showError(const Error &error);
    void showStatus(const QString &text);
    void updatePaging();
    qint64 selectedPending() const;

    ::Ui::SupportWorkspace *ui() const { return m_ui.get(); }

    ExchangeClient m_client;
    std::unique_ptr<::Ui::SupportWorkspace> m_ui;

    AccountSearchModel m_results;
    SupportLedgerModel m_ledger;
    OrderHistoryModel m_orders;
    RentalHistoryModel m_rentals;
    SupportListingsModel m_listings;
    SessionsModel m_sessions;
    SignInFailuresModel m_failures;
    SupportNotesModel m_notes;
    AuditLogModel m_accountAudit;
    PendingAdjustmentsModel m_pending;
    AuditLogModel m_audit;

    QString m_query;
    Account m_account; // inspected
    struct Paging
    {
        qint64 offset = 0;
        qint64 total = 0;
    };
    Paging m_resultsPage, m_ledgerPage, m_ordersPage, m_rentalsPage, m_auditPage;
};

} // namespace everx
