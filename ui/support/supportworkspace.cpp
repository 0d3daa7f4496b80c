// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "support/supportworkspace.h"

#include "support/adjustmentdialog.h"
#include "support/reasondialog.h"

#include "ui_supportworkspace.h"

#include "market/money.h"
#include "views/deskstate.h"
#include "views/timetext.h"
#include "wire/clientsession.h"

#include <QtCore/QDateTime>
#include <QtCore/QEvent>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QScrollBar>

#include <algorithm>
#include <climits>

namespace everx {

namespace {

// The queue's payout requests: by id, provider (account number), amount and when asked. Column
// titles in SupportTableModel's context, as the other listings' (views/supportcolumns.cpp).
QList<SupportColumn<Payout>> payoutColumns()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Payout"),
         [](const Payout &p, const QLocale &l) { return QVariant(l.toString(p.id)); },
         [](const Payout &p) {
             return QVariant(p.id);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Provider"),
         [](const Payout &p, const QLocale &l) { return QVariant(l.toString(p.providerId)); },
         [](const Payout &p) {
             return QVariant(p.providerId);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Amount"),
         [](const Payout &p, const QLocale &l) {
             return QVariant(Money::format(p.amountCents, l));
         },
         [](const Payout &p) {
             return QVariant(p.amountCents);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Requested"),
         [](const Payout &p, const QLocale &l) {
             return QVariant(TimeText::shortDateTime(p.requestedMs, l));
         },
         [](const Payout &p) {
             return QVariant(p.requestedMs);
         }},
    };
}

// The queue's late payments: the payment's reference, the account, what was paid, what a credit
// gives (USD) and when the late confirmation came.
QList<SupportColumn<Payment>> latePaymentColumns()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Payment"),
         [](const Payment &p, const QLocale &) { return QVariant(p.reference); },
         [](const Payment &p) {
             return QVariant(p.id);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Account"),
         [](const Payment &p, const QLocale &l) { return QVariant(l.toString(p.accountId)); },
         [](const Payment &p) {
             return QVariant(p.accountId);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Paid"),
         [](const Payment &p, const QLocale &l) {
             return QVariant(Money::format(p.amountMinor, l, p.currency));
         },
         [](const Payment &p) {
             return QVariant(p.amountMinor);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Credits"),
         [](const Payment &p, const QLocale &l) {
             return QVariant(Money::format(p.creditedCents, l));
         },
         [](const Payment &p) {
             return QVariant(p.creditedCents);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Expired"),
         [](const Payment &p, const QLocale &l) {
             return QVariant(TimeText::shortDateTime(p.expiresMs, l));
         },
         [](const Payment &p) {
             return QVariant(p.expiresMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Paid late"),
         [](const Payment &p, const QLocale &l) {
             return QVariant(TimeText::shortDateTime(p.lateMs, l));
         },
         [](const Payment &p) {
             return QVariant(p.lateMs);
         }},
    };
}

template<typename T>
QList<T> numbered(const auto &records)
{
    QList<T> out;
    qint64 n = 0;
    for (const auto &r : records)
        out.append({++n, r});
    return out;
}

} // namespace

SupportWorkspace::SupportWorkspace(ClientSession &session, DeskState &desk, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_client(session)
    , m_ui(std::make_unique<Ui::SupportWorkspace>())
    , m_results(SupportColumns::accounts())
    , m_ledger(SupportColumns::ledger())
    , m_orders(SupportColumns::orders())
    , m_rentals(SupportColumns::rentals())
    , m_reservations(SupportColumns::reservations())
    , m_listings(SupportColumns::listings())
    , m_sessions(SupportColumns::sessions())
    , m_failures(SupportColumns::signInFailures())
    , m_notes(SupportColumns::notes())
    , m_accountAudit(SupportColumns::audit())
    , m_pending(SupportColumns::adjustments())
    , m_payouts(payoutColumns())
    , m_latePayments(latePaymentColumns())
    , m_audit(SupportColumns::audit())
{
    Q_UNUSED(desk); // the live market: support's views do not show it (yet)
    m_ui->setupUi(this);
    const struct
    {
        QTableView *view;
        QAbstractItemModel *model;
    } bindings[] = {
        {m_ui->resultsView, &m_results},
        {m_ui->ledgerView, &m_ledger},
        {m_ui->ordersView, &m_orders},
        {m_ui->rentalsView, &m_rentals},
        {m_ui->reservationsView, &m_reservations},
        {m_ui->listingsView, &m_listings},
        {m_ui->sessionsView, &m_sessions},
        {m_ui->failuresView, &m_failures},
        {m_ui->notesView, &m_notes},
        {m_ui->accountAuditView, &m_accountAudit},
        {m_ui->pendingView, &m_pending},
        {m_ui->payoutsView, &m_payouts},
        {m_ui->latePaymentsView, &m_latePayments},
        {m_ui->auditView, &m_audit},
    };
    for (const auto &b : bindings) {
        b.view->setModel(b.model);
        b.view->verticalHeader()->hide();
        b.view->horizontalHeader()->setStretchLastSection(true);
    }
    applyLocale();

    // Opening an account changes the inspector's texts; their room is fixed (a line each, no
    // width of their own: a long email is cut, not a reason to widen) so that the workspace's
    // minimum size, and with it the docks around it, stays as it is. The ledger gets the room
    // of several rows and every height the inspector does not need.
    for (QLabel *label : {m_ui->profileLabel, m_ui->identityLabel, m_ui->stateLabel,
                          m_ui->balancesLabel, m_ui->chainLabel}) {
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        label->setMinimumHeight(label->fontMetrics().height());
    }
    m_ui->inspectorPaneLayout->setStretchFactor(m_ui->inspectorTabs, 1);
    m_ui->ledgerTabLayout->setStretchFactor(m_ui->ledgerView, 1);
    QTableView *ledger = m_ui->ledgerView;
    ledger->setMinimumHeight(ledger->horizontalHeader()->sizeHint().height()
                             + LedgerRowsShown * ledger->verticalHeader()->defaultSectionSize()
                             + ledger->horizontalScrollBar()->sizeHint().height()
                             + 2 * ledger->frameWidth());

    resetAuditDates();
    connect(&m_session, &ClientSession::signedIn, this, [this] {
        if (!m_ui->auditSinceCheck->isChecked() && !m_ui->auditUntilCheck->isChecked())
            resetAuditDates();
    });
    m_ui->inspectorPane->setEnabled(false);

    connect(m_ui->searchButton, &QPushButton::clicked, this, &SupportWorkspace::search);
    connect(m_ui->searchEdit, &QLineEdit::returnPressed, this, &SupportWorkspace::search);
    connect(m_ui->pendingApplicationsButton, &QPushButton::clicked, this,
            &SupportWorkspace::showPendingApplications);
    // The inspector follows the selection: a click or an arrow key opens the row's account;
    // Return on it opens it again (a refresh).
    connect(m_ui->resultsView, &QTableView::activated, this, [this](const QModelIndex &index) {
        openAccount(m_results.data(index, AccountSearchModel::IdRole).toLongLong());
    });
    connect(
        m_ui->resultsView->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
            const QModelIndexList rows = m_ui->resultsView->selectionModel()->selectedRows();
            if (rows.isEmpty())
                return;
            const qint64 id = m_results.data(rows.first(), AccountSearchModel::IdRole).toLongLong();
            if (id != m_account.id)
                openAccount(id);
        });
    connect(m_ui->prevResultsButton, &QPushButton::clicked, this, [this] {
        m_resultsPage.offset = std::max<qint64>(0, m_resultsPage.offset - PageSize);
        loadResults();
    });
    connect(m_ui->nextResultsButton, &QPushButton::clicked, this, [this] {
        m_resultsPage.offset += PageSize;
        loadResults();
    });
    connect(m_ui->ledgerKindCombo, &QComboBox::activated, this, [this] {
        m_ledgerPage.offset = 0;
        loadLedger();
    });
    const struct
    {
        QPushButton *prev, *next;
        Paging *page;
        void (SupportWorkspace::*load)();
    } pagers[] = {
        {m_ui->prevLedgerButton, m_ui->nextLedgerButton, &m_ledgerPage,
         &SupportWorkspace::loadLedger},
        {m_ui->prevOrdersButton, m_ui->nextOrdersButton, &m_ordersPage,
         &SupportWorkspace::loadOrders},
        {m_ui->prevRentalsButton, m_ui->nextRentalsButton, &m_rentalsPage,
         &SupportWorkspace::loadRentals},
    };
    for (const auto &p : pagers) {
        connect(p.prev, &QPushButton::clicked, this, [this, p] {
            p.page->offset = std::max<qint64>(0, p.page->offset - PageSize);
            (this->*p.load)();
        });
        connect(p.next, &QPushButton::clicked, this, [this, p] {
            p.page->offset += PageSize;
            (this->*p.load)();
        });
    }
    connect(m_ui->adjustButton, &QPushButton::clicked, this, &SupportWorkspace::adjust);
    connect(m_ui->noteButton, &QPushButton::clicked, this, &SupportWorkspace::addNote);
    connect(m_ui->suspendButton, &QPushButton::clicked, this, &SupportWorkspace::suspend);
    connect(m_ui->reactivateButton, &QPushButton::clicked, this, &SupportWorkspace::reactivate);
    connect(m_ui->approveApplicationButton, &QPushButton::clicked, this,
            [this] { decideApplication(true); });
    connect(m_ui->rejectApplicationButton, &QPushButton::clicked, this,
            [this] { decideApplication(false); });
    connect(m_ui->refreshAccountButton, &QPushButton::clicked, this,
            [this] { openAccount(m_account.id); });
    connect(m_ui->refreshPendingButton, &QPushButton::clicked, this,
            &SupportWorkspace::refreshPending);
    connect(m_ui->pendingView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SupportWorkspace::updateQueueActions);
    connect(m_ui->approveButton, &QPushButton::clicked, this, [this] { decide(true); });
    connect(m_ui->declineButton, &QPushButton::clicked, this, [this] { decide(false); });
    connect(m_ui->markPaidButton, &QPushButton::clicked, this, [this] { settlePayout(true); });
    connect(m_ui->rejectPayoutButton, &QPushButton::clicked, this, [this] { settlePayout(false); });
    // A payout's provider opens in the inspector (an audited opening, as any).
    connect(m_ui->payoutsView, &QTableView::activated, this, [this](const QModelIndex &index) {
        m_ui->workspaceTabs->setCurrentWidget(m_ui->accountsTab);
        openAccount(m_payouts.record(index.row()).providerId);
    });
    connect(m_ui->creditLateButton, &QPushButton::clicked, this,
            [this] { decideLatePayment(true); });
    connect(m_ui->refundLateButton, &QPushButton::clicked, this,
            [this] { decideLatePayment(false); });
    connect(m_ui->latePaymentsView, &QTableView::activated, this, [this](const QModelIndex &index) {
        m_ui->workspaceTabs->setCurrentWidget(m_ui->accountsTab);
        openAccount(m_latePayments.record(index.row()).accountId);
    });
    setUpAuditLog();
    connect(m_ui->workspaceTabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_ui->workspaceTabs->widget(index) == m_ui->pendingTab)
            refreshPending();
    });
    updatePaging();
    updateAccountActions();
    updateQueueActions();
    if (session.state() == ClientSession::State::SignedIn)
        refreshPending();
}

SupportWorkspace::~SupportWorkspace() = default;

void SupportWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        updateAccountActions();
        updateQueueActions();
    }
    // Widgets learn of a new language, and of the locale that comes with it, each by its event:
    // the words of the listings and the inspector follow either.
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        applyLocale();
    QWidget::changeEvent(event);
}

void SupportWorkspace::showStatus(const QString &text)
{
    m_ui->statusLabel->setText(text);
    Q_EMIT answered();
}

void SupportWorkspace::showError(const Error &error)
{
    showStatus(tr("Refused: %1").arg(error.message));
}

void SupportWorkspace::updatePaging()
{
    const auto label = [this](const Paging &p) {
        if (p.total == 0)
            return tr("none", "no rows on the page");
        const qint64 last = std::min(p.total, p.offset + PageSize);
        return tr("%1 to %2 of %3", "rows shown of all")
            .arg(locale().toString(p.offset + 1), locale().toString(last),
                 locale().toString(p.total));
    };
    const struct
    {
        const Paging &page;
        QLabel *label;
        QPushButton *prev, *next;
    } pagers[] = {
        {m_resultsPage, m_ui->resultsPageLabel, m_ui->prevResultsButton, m_ui->nextResultsButton},
        {m_ledgerPage, m_ui->ledgerPageLabel, m_ui->prevLedgerButton, m_ui->nextLedgerButton},
        {m_ordersPage, m_ui->ordersPageLabel, m_ui->prevOrdersButton, m_ui->nextOrdersButton},
        {m_rentalsPage, m_ui->rentalsPageLabel, m_ui->prevRentalsButton, m_ui->nextRentalsButton},
        {m_auditPage, m_ui->auditPageLabel, m_ui->prevAuditButton, m_ui->nextAuditButton},
    };
    // A page's label has the room of a large page from the start, so that paging or opening an
    // account never widens the workspace (and moves the docks around it).
    const QString widest = label(Paging {999'951, 999'999});
    for (const auto &p : pagers) {
        p.label->setMinimumWidth(p.label->fontMetrics().horizontalAdvance(widest));
        p.label->setText(label(p.page));
        p.prev->setEnabled(p.page.offset > 0);
        p.next->setEnabled(p.page.offset + PageSize < p.page.total);
    }
}

void SupportWorkspace::search()
{
    const QString query = m_ui->searchEdit->text().trimmed();
    if (query.isEmpty())
        return;
    m_query = query;
    m_queryState.reset();
    m_resultsPage = {};
    clearInspector();
    loadResults();
}

void SupportWorkspace::showPendingApplications()
{
    m_query.clear();
    m_queryState = AccountState::Pending;
    m_resultsPage = {};
    clearInspector();
    loadResults();
}

void SupportWorkspace::loadResults()
{
    m_client.searchAccounts(AccountSearch {m_query, {m_resultsPage.offset, PageSize}, m_queryState},
                            this, [this](Result<AccountSearchPage> page) {
                                if (!page)
                                    return showError(page.error());
                                m_results.replaceAll(page->accounts);
                                m_resultsPage.total = page->total;
                                updatePaging();
                                if (page->total == 0 && m_query.isEmpty())
                                    return showStatus(tr("No provider's application is waiting."));
                                showStatus(page->total == 0
                                               ? tr("No account matches \"%1\".").arg(m_query)
                                               : tr("%n account(s) found.", "",
                                                    int(std::min<qint64>(page->total, INT_MAX))));
                            });
}

// A new search: the last account's inspector empties and its actions go off, so that nothing
// acts on an account the agent no longer sees; an answer for it still under way is dropped.
void SupportWorkspace::clearInspector()
{
    m_ui->resultsView->clearSelection();
    m_account = {};
    m_opening = 0;
    m_ui->inspectorPane->setEnabled(false);
    for (QLabel *label :
         {m_ui->profileLabel, m_ui->identityLabel, m_ui->balancesLabel, m_ui->chainLabel})
        label->clear();
    m_ledger.clear();
    m_orders.clear();
    m_rentals.clear();
    m_reservations.clear();
    m_listings.clear();
    m_sessions.clear();
    m_failures.clear();
    m_notes.clear();
    m_accountAudit.clear();
    m_ledgerPage = {};
    m_ordersPage = {};
    m_rentalsPage = {};
    updatePaging();
    updateAccountActions();
}

void SupportWorkspace::openAccount(qint64 accountId)
{
    if (accountId <= 0)
        return;
    m_opening = accountId;
    m_client.inspectAccount(AccountLookup {accountId, {}}, this,
                            [this, accountId](Result<AccountInspection> inspection) {
                                if (accountId != m_opening)
                                    return; // another account opened, or a new search
                                if (!inspection)
                                    return showError(inspection.error());
                                showInspection(*inspection);
                            });
}

void SupportWorkspace::showInspection(const AccountInspection &i)
{
    const bool other = i.account.id != m_account.id;
    m_account = i.account;
    m_balance = i.balance;
    m_ui->inspectorPane->setEnabled(true);
    showProfile();
    QStringList identity {i.account.name, i.account.company};
    identity.removeAll(QString());
    m_ui->identityLabel->setText(identity.join(u", "));
    updateAccountActions();
    m_listings.replaceAll(i.listings);
    // The windows it has reserved ahead, or that are reserved on its servers, soonest first.
    QList<Rental> reserved;
    for (const Rental &r : i.rentals) {
        if (r.state == RentalState::Reserved)
            reserved.append(r);
    }
    std::stable_sort(reserved.begin(), reserved.end(),
                     [](const Rental &a, const Rental &b) { return a.startedMs < b.startedMs; });
    m_reservations.replaceAll(reserved);
    m_sessions.replaceAll(numbered<SessionRow>(i.sessions));
    m_failures.replaceAll(numbered<SignInFailureRow>(i.signInFailures));
    m_notes.replaceAll(i.notes);
    // Newest first, as every other listing here.
    QList<AuditRecord> audit = i.audit;
    std::reverse(audit.begin(), audit.end());
    m_accountAudit.replaceAll(audit);
    // The ledger's kinds, as the account's entries name them.
    QStringList kinds;
    for (const LedgerEntry &e : i.entries) {
        if (!kinds.contains(e.kind))
            kinds.append(e.kind);
    }
    kinds.sort();
    if (other)
        m_ui->ledgerKindCombo->setCurrentIndex(0);
    fillLedgerKinds(kinds);
    if (other) {
        m_ledgerPage = {};
        m_ordersPage = {};
        m_rentalsPage = {};
    }
    loadLedger();
    loadOrders();
    loadRentals();
    // A refresh after an action keeps the action's outcome in the status line.
    if (other)
        showStatus(tr("Account %1 opened; the opening is in the audit log.").arg(i.account.email));
    else
        Q_EMIT answered();
}

void SupportWorkspace::loadLedger()
{
    if (m_account.id == 0)
        return;
    const qint64 account = m_account.id;
    m_client.accountLedger(LedgerPageQuery {account,
                                            m_ui->ledgerKindCombo->currentData().toString(),
                                            {m_ledgerPage.offset, PageSize}},
                           this, [this, account](Result<LedgerPage> page) {
                               if (account != m_account.id)
                                   return; // another account was opened meanwhile
                               if (!page)
                                   return showError(page.error());
                               m_ledger.replaceAll(page->entries);
                               m_ledgerPage.total = page->total;
                               m_ui->chainLabel->setText(
                                   page->chain.ok
                                       ? tr("Chain verified: %n entry(ies) of this account.", "",
                                            int(std::min<qint64>(page->chain.entries, INT_MAX)))
                                       : tr("Chain check failed: %1").arg(page->chain.problem));
                               updatePaging();
                           });
}

void SupportWorkspace::loadOrders()
{
    if (m_account.id == 0)
        return;
    const qint64 account = m_account.id;
    m_client.accountHistory(
        HistoryQuery {account, HistoryKind::Orders, {m_ordersPage.offset, PageSize}}, this,
        [this, account](Result<HistoryPage> page) {
            if (account != m_account.id)
                return;
            if (!page)
                return showError(page.error());
            m_orders.replaceAll(page->orders);
            m_ordersPage.total = page->total;
            updatePaging();
        });
}

void SupportWorkspace::loadRentals()
{
    if (m_account.id == 0)
        return;
    const qint64 account = m_account.id;
    m_client.accountHistory(
        HistoryQuery {account, HistoryKind::Rentals, {m_rentalsPage.offset, PageSize}}, this,
        [this, account](Result<HistoryPage> page) {
            if (account != m_account.id)
                return;
            if (!page)
                return showError(page.error());
            m_rentals.replaceAll(page->rentals);
            m_rentalsPage.total = page->total;
            updatePaging();
        });
}

void SupportWorkspace::adjust()
{
    if (m_account.id == 0)
        return;
    auto *dialog = new AdjustmentDialog(m_account.email, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 account = m_account.id;
    connect(dialog, &QDialog::accepted, this, [this, dialog, account] {
        const Adjustment request {account, dialog->amountCents(), dialog->reason()};
        m_client.adjustBalance(
            request, this, [this, account, request](Result<AdjustmentOutcome> outcome) {
                if (!outcome)
                    return showError(outcome.error());
                if (outcome->pending)
                    showStatus(tr("Adjustment %1 of %2 waits for a second support agent.")
                                   .arg(locale().toString(outcome->pending->id),
                                        Money::format(request.amountCents, locale())));
                else
                    showStatus(tr("Balance adjusted by %1; available now %2.")
                                   .arg(Money::format(request.amountCents, locale()),
                                        Money::format(outcome->balance.available, locale())));
                refreshPending();
                if (account == m_account.id)
                    openAccount(account);
            });
    });
    dialog->open();
}

void SupportWorkspace::addNote()
{
    if (m_account.id == 0)
        return;
    auto *dialog = new ReasonDialog(
        tr("Add note"), tr("A note on %1, for support staff only:").arg(m_account.email), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 account = m_account.id;
    connect(dialog, &QDialog::accepted, this, [this, dialog, account] {
        m_client.addNote(NoteRequest {account, dialog->text()}, this,
                         [this, account](Result<SupportNote> note) {
                             if (!note)
                                 return showError(note.error());
                             showStatus(tr("Note added."));
                             if (account == m_account.id)
                                 openAccount(account);
                         });
    });
    dialog->open();
}

void SupportWorkspace::refreshPending()
{
    m_client.pendingAdjustments(this, [this](Result<QList<PendingAdjustment>> pending) {
        if (!pending)
            return showError(pending.error());
        m_pending.replaceAll(*pending);
        updateQueueActions();
        Q_EMIT answered();
    });
    m_client.payoutQueue(PayoutQuery {PayoutState::Requested, 0, PayoutQueueSize}, this,
                         [this](Result<QList<Payout>> payouts) {
                             if (!payouts)
                                 return showError(payouts.error());
                             m_payouts.replaceAll(*payouts);
                             Q_EMIT answered();
                         });
    m_client.latePayments(this, [this](Result<QList<Payment>> payments) {
        if (!payments)
            return showError(payments.error());
        m_latePayments.replaceAll(*payments);
        Q_EMIT answered();
    });
}

qint64 SupportWorkspace::selectedPending() const
{
    const QModelIndexList rows = m_ui->pendingView->selectionModel()->selectedRows();
    return rows.isEmpty()
        ? 0
        : m_pending.data(rows.first(), PendingAdjustmentsModel::IdRole).toLongLong();
}

// Dual control (docs/protocol.md "Operations"): the agent who asked for an adjustment may not
// decide it; the server refuses and audits the attempt, and the desk does not offer it.
void SupportWorkspace::updateQueueActions()
{
    const qint64 id = selectedPending();
    const int row = m_pending.rowOf(id);
    const bool own = row >= 0 && m_pending.record(row).requestedBy == m_session.account().id;
    const QString why =
        own ? tr("You asked for this adjustment: a second support agent decides it.") : QString();
    for (QPushButton *button : {m_ui->approveButton, m_ui->declineButton}) {
        button->setEnabled(id != 0 && !own);
        button->setToolTip(why);
    }
}

void SupportWorkspace::decide(bool approve)
{
    const qint64 id = selectedPending();
    if (id == 0) {
        showStatus(tr("Select an adjustment in the queue first."));
        return;
    }
    // The second agent decides on the whole request: what, for whom, by whom, when and why.
    const PendingAdjustment &p = m_pending.record(m_pending.rowOf(id));
    const QString request =
        tr("Adjustment %1: %2 to %3, asked for by %4 on %5.\nTheir reason: %6")
            .arg(locale().toString(p.id), Money::format(p.amountCents, locale()),
                 SupportColumns::adjustmentAccountText(p, locale()),
                 p.requesterName.isEmpty() ? locale().toString(p.requestedBy) : p.requesterName,
                 TimeText::shortDateTime(p.requestedMs, locale()), p.reason);
    auto *dialog = approve
        ? new ReasonDialog(tr("Approve adjustment"),
                           tr("%1\n\nWhy do you approve it? It is applied at once.").arg(request),
                           this)
        : new ReasonDialog(tr("Decline adjustment"),
                           tr("%1\n\nWhy do you decline it? Nothing moves.").arg(request), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, id, approve] {
        const AdjustmentDecision decision {id, dialog->text()};
        auto done = [this, approve](Result<PendingAdjustment> decided) {
            if (!decided)
                return showError(decided.error());
            showStatus(
                approve
                    ? tr("Adjustment %1 approved and applied.").arg(locale().toString(decided->id))
                    : tr("Adjustment %1 declined.").arg(locale().toString(decided->id)));
            refreshPending();
            if (decided->accountId == m_account.id)
                openAccount(m_account.id);
        };
        if (approve)
            m_client.approveAdjustment(decision, this, done);
        else
            m_client.declineAdjustment(decision, this, done);
    });
    dialog->open();
}

// What the inspected account's state allows, as the server decides it
// (engine/exchangeengine_accounts.cpp): an active customer or provider may be suspended, a
// suspended one reactivated, a pending provider's application approved or rejected; support
// accounts are the operator's.
void SupportWorkspace::updateAccountActions()
{
    const Account &a = m_account;
    const bool managed = a.id != 0 && a.role != Role::Support;
    m_ui->stateLabel->setText(
        a.id == 0 ? QString() : tr("State: %1").arg(SupportColumns::accountStateText(a.state)));
    m_ui->suspendButton->setEnabled(managed && a.state == AccountState::Active);
    m_ui->reactivateButton->setEnabled(managed && a.state == AccountState::Suspended);
    const bool applicant = managed && a.role == Role::Provider && a.state == AccountState::Pending;
    m_ui->approveApplicationButton->setVisible(applicant);
    m_ui->rejectApplicationButton->setVisible(applicant);
}

void SupportWorkspace::applyDecision(const Account &account, const QString &status)
{
    if (account.id == m_account.id) {
        m_account = account;
        updateAccountActions();
        openAccount(account.id); // orders, balances and listings as the decision left them
    }
    showStatus(status);
}

void SupportWorkspace::suspend()
{
    if (m_account.id == 0)
        return;
    auto *dialog = new ReasonDialog(
        tr("Suspend account"),
        tr("Why do you suspend %1? Its open bids are cancelled, its listings paused and its "
           "sessions ended; running rentals run to their end.")
            .arg(m_account.email),
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 account = m_account.id;
    connect(dialog, &QDialog::accepted, this, [this, dialog, account] {
        m_client.suspendAccount(AccountAction {account, dialog->text()}, this,
                                [this](Result<Account> a) {
                                    if (!a)
                                        return showError(a.error());
                                    applyDecision(*a,
                                                  tr("%1 suspended: its open bids are cancelled "
                                                     "and its listings paused.")
                                                      .arg(a->email));
                                });
    });
    dialog->open();
}

void SupportWorkspace::reactivate()
{
    if (m_account.id == 0)
        return;
    auto *dialog = new ReasonDialog(tr("Reactivate account"),
                                    tr("Why do you reactivate %1?").arg(m_account.email), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 account = m_account.id;
    connect(dialog, &QDialog::accepted, this, [this, dialog, account] {
        m_client.reactivateAccount(
            AccountAction {account, dialog->text()}, this, [this](Result<Account> a) {
                if (!a)
                    return showError(a.error());
                applyDecision(*a,
                              tr("%1 reactivated; its listings stay paused until it resumes them.")
                                  .arg(a->email));
            });
    });
    dialog->open();
}

void SupportWorkspace::decideApplication(bool approve)
{
    if (m_account.id == 0)
        return;
    auto *dialog = approve
        ? new ReasonDialog(
            tr("Approve application"),
            tr("Why do you approve the provider application of %1?").arg(m_account.email), this)
        : new ReasonDialog(
            tr("Reject application"),
            tr("Why do you reject the provider application of %1?").arg(m_account.email), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 account = m_account.id;
    connect(dialog, &QDialog::accepted, this, [this, dialog, account, approve] {
        m_client.decideApplication(
            ApplicationDecision {account, approve, dialog->text()}, this,
            [this, approve](Result<Account> a) {
                if (!a)
                    return showError(a.error());
                applyDecision(
                    *a,
                    approve
                        ? tr("Application of %1 approved: the provider is active.").arg(a->email)
                        : tr("Application of %1 rejected.").arg(a->email));
            });
    });
    dialog->open();
}

std::optional<Payout> SupportWorkspace::selectedPayout() const
{
    const QModelIndexList rows = m_ui->payoutsView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return std::nullopt;
    return m_payouts.record(rows.first().row());
}

void SupportWorkspace::settlePayout(bool paid)
{
    const std::optional<Payout> payout = selectedPayout();
    if (!payout) {
        showStatus(tr("Select a payout request in the queue first."));
        return;
    }
    const QString id = locale().toString(payout->id);
    const QString amount = Money::format(payout->amountCents, locale());
    const QString provider = locale().toString(payout->providerId);
    auto *dialog = paid
        ? new ReasonDialog(
            tr("Mark payout paid"),
            tr("Payout %1 of %2 to provider %3: why is it paid?").arg(id, amount, provider), this)
        : new ReasonDialog(tr("Reject payout"),
                           tr("Why do you reject payout %1 of %2 to provider %3? The amount "
                              "returns to the provider's earnings.")
                               .arg(id, amount, provider),
                           this);
    if (paid)
        dialog->askReference(tr("Bank transfer &reference:"),
                             int(MarketRules::MaxPayoutReferenceLength));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, paid, payoutId = payout->id] {
        const PayoutSettlement settlement {payoutId, dialog->reference(), dialog->text()};
        auto done = [this, paid](Result<Payout> settled) {
            if (!settled)
                return showError(settled.error());
            const QString settledId = locale().toString(settled->id);
            const QString settledAmount = Money::format(settled->amountCents, locale());
            showStatus(paid ? tr("Payout %1 of %2 marked paid, reference %3.")
                                  .arg(settledId, settledAmount, settled->reference)
                            : tr("Payout %1 of %2 rejected; the amount is back in the provider's "
                                 "earnings.")
                                  .arg(settledId, settledAmount));
            refreshPending();
            if (settled->providerId == m_account.id)
                openAccount(m_account.id);
        };
        if (paid)
            m_client.markPayoutPaid(settlement, this, done);
        else
            m_client.rejectPayout(settlement, this, done);
    });
    dialog->open();
}

std::optional<Payment> SupportWorkspace::selectedLatePayment() const
{
    const QModelIndexList rows = m_ui->latePaymentsView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return std::nullopt;
    return m_latePayments.record(rows.first().row());
}

void SupportWorkspace::decideLatePayment(bool credit)
{
    const std::optional<Payment> payment = selectedLatePayment();
    if (!payment) {
        showStatus(tr("Select a late payment in the queue first."));
        return;
    }
    const QString paid = Money::format(payment->amountMinor, locale(), payment->currency);
    const QString credits = Money::format(payment->creditedCents, locale());
    const QString account = locale().toString(payment->accountId);
    auto *dialog = credit
        ? new ReasonDialog(tr("Credit late payment"),
                           tr("Payment %1 of %2 from account %3 arrived after its top-up expired. "
                              "Why do you credit %4 to the account?")
                               .arg(payment->reference, paid, account, credits),
                           this)
        : new ReasonDialog(tr("Mark late payment refunded"),
                           tr("Payment %1 of %2 from account %3 arrived after its top-up expired. "
                              "Why was it refunded? Nothing is credited.")
                               .arg(payment->reference, paid, account),
                           this);
    if (!credit)
        dialog->askReference(tr("Refund &reference:"), int(MarketRules::MaxPayoutReferenceLength));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, credit, id = payment->id] {
        const LatePaymentDecision decision {id, dialog->reference(), dialog->text()};
        auto done = [this, credit](Result<Payment> decided) {
            if (!decided)
                return showError(decided.error());
            showStatus(credit ? tr("Payment %1 credited: %2 to account %3.")
                                    .arg(decided->reference,
                                         Money::format(decided->creditedCents, locale()),
                                         locale().toString(decided->accountId))
                              : tr("Payment %1 marked refunded, reference %2.")
                                    .arg(decided->reference, decided->refundReference));
            refreshPending();
            if (decided->accountId == m_account.id)
                openAccount(m_account.id);
        };
        if (credit)
            m_client.creditLatePayment(decision, this, done);
        else
            m_client.refundLatePayment(decision, this, done);
    });
    dialog->open();
}

} // namespace everx
