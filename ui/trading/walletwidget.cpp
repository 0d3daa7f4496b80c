// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/walletwidget.h"

#include "trading/invoicedialog.h"
#include "trading/timecolumn.h"
#include "trading/topupdialog.h"

#include "views/deskstate.h"
#include "views/ledgercsv.h"
#include "views/ledgerfiltermodel.h"
#include "views/ledgermodel.h"
#include "views/pendingtopupsmodel.h"
#include "views/timetext.h"
#include "wire/clientsession.h"

#include <QtCore/QDate>
#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QEvent>
#include <QtCore/QStandardPaths>
#include <QtGui/QAction>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDateEdit>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTableView>
#include <QtWidgets/QVBoxLayout>

namespace everx {

WalletWidget::WalletWidget(ClientSession &session, DeskState &desk, QWidget *parent)
    : QWidget(parent)
    , m_session(&session)
    , m_desk(desk)
{
    setObjectName(QStringLiteral("walletWidget"));
    m_ledger = new LedgerModel(session, &desk, this);
    m_ledger->setLocale(locale());
    m_filter = new LedgerFilterModel(this);
    m_filter->setSourceModel(m_ledger);

    // Balance and actions.
    m_availableLabel = new QLabel(this);
    m_available = new QLabel(this);
    m_available->setObjectName(QStringLiteral("walletAvailable"));
    m_heldLabel = new QLabel(this);
    m_held = new QLabel(this);
    m_held->setObjectName(QStringLiteral("walletHeld"));
    for (QLabel *figure : {m_available, m_held}) {
        QFont bold = figure->font();
        bold.setBold(true);
        figure->setFont(bold);
        figure->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_topUpButton = new QPushButton(this);
    m_topUpButton->setObjectName(QStringLiteral("walletTopUp"));
    m_exportButton = new QPushButton(this);
    m_exportButton->setObjectName(QStringLiteral("walletExportCsv"));
    m_invoiceButton = new QPushButton(this);
    m_invoiceButton->setObjectName(QStringLiteral("walletInvoice"));
    m_invoiceButton->setEnabled(false);
    m_offline = new QLabel(this);
    m_offline->setObjectName(QStringLiteral("walletOffline"));
    m_offline->hide();
    auto *top = new QHBoxLayout;
    top->addWidget(m_availableLabel);
    top->addWidget(m_available);
    top->addSpacing(16);
    top->addWidget(m_heldLabel);
    top->addWidget(m_held);
    top->addStretch();
    top->addWidget(m_offline);
    top->addWidget(m_topUpButton);
    top->addWidget(m_exportButton);
    top->addWidget(m_invoiceButton);

    // Top-ups waiting for their payment; shown only while there are any.
    m_pendingLabel = new QLabel(this);
    m_pendingLabel->setObjectName(QStringLiteral("walletPendingLabel"));
    m_pendingView = new QTableView(this);
    m_pendingView->setObjectName(QStringLiteral("walletPendingTopUps"));
    m_pendingView->setModel(desk.pendingTopUps());
    TimeColumn::fit(m_pendingView, PendingTopUpsModel::Expires);
    m_pendingView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_pendingView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_pendingView->verticalHeader()->hide();
    m_pendingView->horizontalHeader()->setStretchLastSection(true);
    m_pendingView->setMaximumHeight(m_pendingView->verticalHeader()->defaultSectionSize() * 4);
    m_pendingLabel->setBuddy(m_pendingView);

    // Filters.
    m_kindLabel = new QLabel(this);
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("ledgerKindFilter"));
    m_kind->addItem(QString()); // every kind: no data
    for (const QString &kind : LedgerModel::kinds())
        m_kind->addItem(QString(), kind);
    m_kindLabel->setBuddy(m_kind);
    const QDate today = QDate::currentDate();
    m_fromEnabled = new QCheckBox(this);
    m_fromEnabled->setObjectName(QStringLiteral("ledgerFromEnabled"));
    m_from = new QDateEdit(today.addDays(-30), this);
    m_from->setObjectName(QStringLiteral("ledgerFrom"));
    m_toEnabled = new QCheckBox(this);
    m_toEnabled->setObjectName(QStringLiteral("ledgerToEnabled"));
    m_to = new QDateEdit(today, this);
    m_to->setObjectName(QStringLiteral("ledgerTo"));
    for (QDateEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setEnabled(false);
        edit->setDisplayFormat(TimeText::shortDateFormat(locale())); // as the ledger's dates
    }
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("ledgerSearch"));
    m_search->setClearButtonEnabled(true);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_kindLabel);
    filters->addWidget(m_kind);
    filters->addWidget(m_fromEnabled);
    filters->addWidget(m_from);
    filters->addWidget(m_toEnabled);
    filters->addWidget(m_to);
    filters->addWidget(m_search, 1);

    // The ledger, newest first; sorted on raw values by the filter model.
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("ledgerView"));
    m_view->setModel(m_filter);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(LedgerModel::Time, Qt::DescendingOrder);
    TimeColumn::fit(m_view, LedgerModel::Time);
    TimeColumn::fitWords(m_view, LedgerModel::Kind, [] {
        QStringList words;
        for (const QString &kind : LedgerModel::kinds())
            words << LedgerModel::kindName(kind);
        return words;
    });
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("walletStatus"));
    m_status->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_pendingLabel);
    layout->addWidget(m_pendingView);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    setTabOrder(m_topUpButton, m_exportButton);
    setTabOrder(m_exportButton, m_invoiceButton);
    setTabOrder(m_invoiceButton, m_pendingView);
    setTabOrder(m_pendingView, m_kind);
    setTabOrder(m_kind, m_fromEnabled);
    setTabOrder(m_fromEnabled, m_from);
    setTabOrder(m_from, m_toEnabled);
    setTabOrder(m_toEnabled, m_to);
    setTabOrder(m_to, m_search);
    setTabOrder(m_search, m_view);

    // The menu MainWindow puts in its menu bar; its shortcuts work wherever the focus is.
    m_menu = new QMenu(this);
    m_menu->setObjectName(QStringLiteral("walletMenu"));
    m_topUpAction = m_menu->addAction(QString());
    m_topUpAction->setObjectName(QStringLiteral("walletTopUpAction"));
    m_topUpAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_U));
    m_exportAction = m_menu->addAction(QString());
    m_exportAction->setObjectName(QStringLiteral("walletExportAction"));

    connect(m_topUpButton, &QPushButton::clicked, this, &WalletWidget::showTopUp);
    connect(m_topUpAction, &QAction::triggered, this, &WalletWidget::showTopUp);
    connect(m_exportButton, &QPushButton::clicked, this, &WalletWidget::exportCsvInteractive);
    connect(m_exportAction, &QAction::triggered, this, &WalletWidget::exportCsvInteractive);
    connect(m_invoiceButton, &QPushButton::clicked, this, &WalletWidget::showInvoice);
    connect(m_view, &QTableView::activated, this, [this] {
        if (m_invoiceButton->isEnabled())
            showInvoice();
    });
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        const QString kind = m_kind->currentData().toString();
        m_filter->setKinds(kind.isEmpty() ? QStringList() : QStringList {kind});
    });
    connect(m_fromEnabled, &QCheckBox::toggled, this, &WalletWidget::updateDates);
    connect(m_toEnabled, &QCheckBox::toggled, this, &WalletWidget::updateDates);
    connect(m_from, &QDateEdit::dateChanged, this, &WalletWidget::updateDates);
    connect(m_to, &QDateEdit::dateChanged, this, &WalletWidget::updateDates);
    connect(m_search, &QLineEdit::textChanged, m_filter, &LedgerFilterModel::setSearchText);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &WalletWidget::updateActions);
    // New rows (a capture of the selected rental) can make its invoice available.
    connect(m_ledger, &QAbstractItemModel::rowsInserted, this, &WalletWidget::updateActions);
    connect(m_ledger, &QAbstractItemModel::modelReset, this, &WalletWidget::updateActions);
    connect(m_ledger, &LedgerModel::loadFailed, this, [this](const QString &why) {
        m_status->setText(tr("The ledger could not be loaded: %1").arg(why));
        m_status->show();
    });
    connect(m_ledger, &LedgerModel::loaded, m_status, &QWidget::hide);
    connect(&desk, &DeskState::balanceChanged, this, &WalletWidget::updateBalance);
    connect(&desk, &DeskState::staleChanged, this, &WalletWidget::updateBalance);
    connect(&session, &ClientSession::stateChanged, this, &WalletWidget::updateBalance);

    RentalsModel *rentals = desk.rentals();
    connect(rentals, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) { rememberRentals(first, last); });
    connect(rentals, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &from, const QModelIndex &to) {
                rememberRentals(from.row(), to.row());
            });
    rememberRentals(0, rentals->rowCount() - 1);
    PendingTopUpsModel *pending = desk.pendingTopUps();
    connect(pending, &QAbstractItemModel::rowsInserted, this, &WalletWidget::updatePending);
    connect(pending, &QAbstractItemModel::rowsRemoved, this, &WalletWidget::updatePending);
    connect(pending, &QAbstractItemModel::modelReset, this, &WalletWidget::updatePending);
    updatePending();
    connect(&session, &ClientSession::signedOut, this, [this] { m_rentals.clear(); });

    retranslateUi();
}

WalletWidget::~WalletWidget() = default;

void WalletWidget::rememberRentals(int first, int last)
{
    const RentalsModel *rentals = m_desk.rentals();
    for (int row = std::max(first, 0); row <= last && row < rentals->rowCount(); ++row) {
        const Rental &r = rentals->record(row);
        m_rentals.insert(r.id, r);
    }
}

void WalletWidget::retranslateUi()
{
    setWindowTitle(tr("Wallet"));
    m_availableLabel->setText(tr("Available:", "balance"));
    m_heldLabel->setText(tr("Held:", "balance"));
    m_topUpButton->setText(tr("Top &up\u2026"));
    m_topUpButton->setToolTip(
        tr("Add money to your prepaid balance (%1)")
            .arg(m_topUpAction->shortcut().toString(QKeySequence::NativeText)));
    m_exportButton->setText(tr("&Export CSV\u2026"));
    m_exportButton->setToolTip(tr("Save the entries shown as a CSV file"));
    m_invoiceButton->setText(tr("Invoi&ce\u2026"));
    m_invoiceButton->setToolTip(tr("The invoice of the rental the selected entry bills"));
    m_kindLabel->setText(tr("&Kind:", "of ledger entries"));
    m_kind->setItemText(0, tr("All kinds"));
    const QStringList kinds = LedgerModel::kinds();
    for (int i = 0; i < kinds.size(); ++i)
        m_kind->setItemText(i + 1, LedgerModel::kindName(kinds[i]));
    m_fromEnabled->setText(tr("F&rom", "date"));
    m_toEnabled->setText(tr("T&o", "date"));
    m_from->setAccessibleName(tr("From date"));
    m_to->setAccessibleName(tr("To date"));
    m_search->setPlaceholderText(tr("Search memo, reference, amount\u2026"));
    m_search->setAccessibleName(tr("Search the ledger"));
    m_view->setAccessibleName(tr("Ledger"));
    m_pendingLabel->setText(tr("Top-ups waiting for &payment:"));
    m_pendingView->setAccessibleName(tr("Top-ups waiting for payment"));
    m_menu->setTitle(tr("&Wallet"));
    m_topUpAction->setText(tr("&Top up\u2026"));
    m_exportAction->setText(tr("&Export ledger\u2026"));
    updateBalance();
}

void WalletWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        m_ledger->retranslate();
    } else if (event->type() == QEvent::LocaleChange) {
        m_ledger->setLocale(locale());
        for (QDateEdit *edit : {m_from, m_to})
            edit->setDisplayFormat(TimeText::shortDateFormat(locale()));
        updateBalance();
    }
    QWidget::changeEvent(event);
}

void WalletWidget::updateBalance()
{
    const bool signedIn = m_session && m_session->state() == ClientSession::State::SignedIn;
    const Balance b = m_desk.balance();
    m_available->setText(signedIn ? Money::format(b.available, locale())
                                  : QStringLiteral("\u2014"));
    m_held->setText(signedIn ? Money::format(b.held, locale()) : QStringLiteral("\u2014"));
    // Offline, a top-up could not be asked for: say why rather than fail in the dialog.
    const bool offline = m_desk.isStale();
    m_offline->setText(tr("Offline: top-ups wait for the connection."));
    m_offline->setVisible(offline);
    m_topUpButton->setEnabled(signedIn && !offline);
    m_topUpAction->setEnabled(signedIn && !offline);
}

void WalletWidget::updatePending()
{
    const bool any = m_desk.pendingTopUps()->rowCount() > 0;
    m_pendingLabel->setVisible(any);
    m_pendingView->setVisible(any);
}

void WalletWidget::updateDates()
{
    m_from->setEnabled(m_fromEnabled->isChecked());
    m_to->setEnabled(m_toEnabled->isChecked());
    m_filter->setDateRange(m_fromEnabled->isChecked() ? m_from->date() : QDate(),
                           m_toEnabled->isChecked() ? m_to->date() : QDate());
}

std::optional<Invoice> WalletWidget::currentInvoice() const
{
    const QModelIndex current = m_view->currentIndex();
    const qint64 rentalId =
        current.isValid() ? current.data(LedgerModel::RentalIdRole).toLongLong() : 0;
    if (rentalId == 0)
        return std::nullopt;
    const auto known = m_rentals.constFind(rentalId);
    std::optional<Invoice> invoice =
        Invoice::build(rentalId, m_ledger->entriesForRental(rentalId),
                       known == m_rentals.cend() ? std::nullopt : std::optional<Rental>(*known));
    if (invoice && m_session) {
        invoice->customer = m_session->account().email;
        invoice->issuedMs = m_session->exchangeNowMs(); // the clock of its rows
    }
    return invoice;
}

void WalletWidget::updateActions()
{
    m_invoiceButton->setEnabled(currentInvoice().has_value());
}

void WalletWidget::showInvoice()
{
    const std::optional<Invoice> invoice = currentInvoice();
    if (!invoice)
        return;
    auto *dialog = new InvoiceDialog(*invoice, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

TopUpDialog *WalletWidget::showTopUp()
{
    if (m_topUp) {
        m_topUp->raise();
        m_topUp->activateWindow();
        return m_topUp;
    }
    if (!m_session)
        return nullptr;
    m_topUp = new TopUpDialog(*m_session, this);
    m_topUp->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_topUp, &TopUpDialog::toppedUp, this, &WalletWidget::message);
    connect(&m_desk, &DeskState::paymentChanged, m_topUp, &TopUpDialog::paymentChanged);
    m_topUp->open();
    return m_topUp;
}

bool WalletWidget::exportCsv(const QString &path, QString *error)
{
    const std::optional<LedgerCsv::Error> failed =
        LedgerCsv::write(path, m_filter->entries(), m_ledger->locale(),
                         [this](qint64 entryId) { return m_ledger->balanceAfter(entryId); });
    if (failed && error)
        *error = failed->message();
    return !failed;
}

QString WalletWidget::defaultExportPath() const
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
        .filePath(tr("ledger-%1.csv", "file name").arg(QDate::currentDate().toString(Qt::ISODate)));
}

void WalletWidget::exportCsvInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export ledger"),
                                                      defaultExportPath(), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error)) {
        QMessageBox::warning(this, tr("Export ledger"), error);
        return;
    }
    Q_EMIT message(tr("Exported %n ledger entry(s) to %1.", "", m_filter->rowCount())
                       .arg(QDir::toNativeSeparators(path)));
}

} // namespace everx
