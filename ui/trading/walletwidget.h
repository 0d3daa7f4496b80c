// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "views/invoice.h"

#include <QtCore/QHash>
#include <QtCore/QPointer>
#include <QtWidgets/QWidget>

#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;
class QTableView;

namespace everx {

class ClientSession;
class DeskState;
class LedgerFilterModel;
class LedgerModel;
class TopUpDialog;

// The wallet (docs/architecture.md "The desk"): available and held balance, top-up and the top-ups
// waiting for their payment, the ledger history with filters (kind, dates, text), CSV export of
// exactly the rows shown, and the invoice of the rental a selected ledger row bills. Owns the
// ledger model and its filter. Its window title is the dock's ("Wallet"), and menu() gives the
// "&Wallet" menu with "Top up…" (Ctrl+U) and "Export ledger…"; both are retranslated here.
class WalletWidget final : public QWidget
{
    Q_OBJECT

public:
    WalletWidget(ClientSession &session, DeskState &desk, QWidget *parent = nullptr);
    ~WalletWidget() override;

    LedgerModel *ledger() const { return m_ledger; }
    QMenu *menu() const { return m_menu; }

    // Opens the top-up dialog (window-modal, deleted on close), or raises the open one.
    TopUpDialog *showTopUp();
    // Writes the ledger rows the filters let through, in the order shown, as CSV; false and the
    // reason in *error (for people) on failure, when no file is left behind.
    bool exportCsv(const QString &path, QString *error);
    // Where the save dialog starts: today's file name in the user's documents folder, never the
    // process's working directory (which, started from a menu, is anywhere).
    QString defaultExportPath() const;
    // The invoice of the rental that the current ledger row bills, if the ledger bills it.
    std::optional<Invoice> currentInvoice() const;

Q_SIGNALS:
    // Short news for the status bar: a top-up done, a file written.
    void message(const QString &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateBalance();
    void updatePending();
    void updateDates();
    void updateActions();
    void exportCsvInteractive();
    void showInvoice();
    void rememberRentals(int first, int last);

    QPointer<ClientSession> m_session;
    DeskState &m_desk;
    LedgerModel *m_ledger = nullptr; // child
    LedgerFilterModel *m_filter = nullptr; // child
    // Rental records seen on the account channel, kept after the rental ends so that its invoice
    // still has its terms. Rentals that ended before this desk started are not known.
    QHash<qint64, Rental> m_rentals;
    QPointer<TopUpDialog> m_topUp;

    QLabel *m_availableLabel = nullptr;
    QLabel *m_available = nullptr;
    QLabel *m_heldLabel = nullptr;
    QLabel *m_held = nullptr;
    QLabel *m_offline = nullptr; // why top-ups are off while the connection is down
    QPushButton *m_topUpButton = nullptr;
    QPushButton *m_exportButton = nullptr;
    QPushButton *m_invoiceButton = nullptr;
    QLabel *m_pendingLabel = nullptr;
    QTableView *m_pendingView = nullptr; // DeskState's pending top-ups
    QLabel *m_kindLabel = nullptr;
    QComboBox *m_kind = nullptr;
    QCheckBox *m_fromEnabled = nullptr;
    QDateEdit *m_from = nullptr;
    QCheckBox *m_toEnabled = nullptr;
    QDateEdit *m_to = nullptr;
    QLineEdit *m_search = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_status = nullptr;
    QMenu *m_menu = nullptr; // owned here; MainWindow shows it in its menu bar
    QAction *m_topUpAction = nullptr;
    QAction *m_exportAction = nullptr;
};

} // namespace everx
