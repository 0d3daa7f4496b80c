// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "market/marketrecords.h"

#include <QtCore/QHash>
#include <QtCore/QPointer>
#include <QtWidgets/QMainWindow>

#include <functional>

class QAbstractItemModel;
class QDockWidget;
class QLabel;
class QMenu;
class QMessageBox;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace everx {

class Appearance;
class ClientSession;
class ConnectDialog;
class DepthChart;
class DeskState;
class FileMenu;
class LadderView;
class LoginDialog;
class PasswordDialog;
class NotificationsDock;
class NotificationsModel;
class OrderTicket;
class PriceChart;
class ServerConnector;
class SizingWizard;
class StartCostChart;
class TradeTapeView;
class WalletWidget;

// The trading desk's main window (docs/architecture.md "The desk"): the market watch in the middle,
// the selected GPU's order book, open orders and rentals in docks, and a status bar with the
// exchange, the connection, latency, account and balance. Docks and geometry persist in QSettings.
// It shows models; it reaches the exchange only through the connector's session (typed calls,
// ExchangeClient), and the program decides where the connector connects.
//
// Role-aware (docs/architecture.md "The desk"): after a sign-in it shows the tools of the account's
// role and hides the others. Every role sees the market views (watch, order book, charts, tape) and
// the notifications; a customer also the order ticket, open orders, rentals, the wallet (and its
// menu) and the workload wizard; a provider or a support agent, instead, the workspace of that
// role, if the program gave one (setWorkspaceFactory). Each role's dock layout is kept apart in
// QSettings ("mainWindow/state/<role>"). The Account menu changes the password, signs out
// everywhere and, on the sandbox, switches between its demo customer, provider and support agent.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    // How long a message (an order placed, a refusal, a notification) stays in the status bar.
    static constexpr int StatusMessageMs = 8000;

    MainWindow(ServerConnector &connector, DeskState &desk, QWidget *parent = nullptr);
    ~MainWindow() override;

    Appearance *appearance() const { return m_appearance; }
    // Long work of the exchange the desk runs (the sandbox's first start backfills weeks of
    // history): a progress bar in the status bar while done < total.
    void showSandboxProgress(int done, int total);
    NotificationsModel *notifications() const { return m_notifications; }
    // The first start's layout, for a screen's available geometry (the constructor's, when no
    // geometry was saved): the window fills a screen up to 1600x1000 and nine tenths of a larger
    // one, centred; once shown, the bottom docks and the charts get their shares of its height.
    void fitToScreen(const QRect &available);

    // The seam for the roles' workspaces (ProviderWorkspace in ui/provider, SupportWorkspace in
    // ui/support): the program sets a factory that makes the widget of a role (everx-desk sets
    // roleWorkspaces(), common/roleworkspaces.h), e.g.
    //   window.setWorkspaceFactory([&](Role role, QWidget *parent) -> QWidget * {
    //       if (role == Role::Provider) return new ProviderWorkspace(session, desk, parent);
    //       if (role == Role::Support) return new SupportWorkspace(session, desk, parent);
    //       return nullptr;
    //   });
    // It is called once per role, the first time an account of that role signs in (and at once
    // for the role shown when it is set); the widget goes into a dock of its own, object name
    // "workspaceDock_provider" or "workspaceDock_support", titled by the widget's windowTitle,
    // shown for that role only. nullptr, or no factory: that role sees the market views only.
    using WorkspaceFactory = std::function<QWidget *(Role role, QWidget *parent)>;
    void setWorkspaceFactory(WorkspaceFactory factory);
    // The role whose tools the window shows (the customer's before any sign-in).
    Role shownRole() const { return m_role; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    // Each part of the window is built by one function, in the order the constructor calls them.
    void setUpMarketViews();
    void setUpAppearance();
    // The window's locale, the models' and the language menu's check follow the language.
    void showAppearance();
    void setUpWizard();
    void setUpWallet();
    void setUpSessionUi();
    void setUpGoToShortcuts();
    void setUpAccountMenu();
    // Shows the tools of role and hides the others, saving the layout of the role shown before
    // and restoring role's (see the class comment).
    void showRole(Role role);
    // Where each role's dock layout is kept in QSettings (mainwindow_roles.cpp).
    static QString legacyStateKey();
    static QString stateKey(Role role);
    QDockWidget *workspaceDock(Role role); // made through the factory on first use; or nullptr
    QList<QDockWidget *> customerDocks() const;
    void retranslateUi();
    void updateStatus();
    void fitDocks();

    QDockWidget *addTableDock(const QString &objectName, QAbstractItemModel *model,
                              Qt::DockWidgetArea area);
    void selectRow(const QModelIndex &current);
    // The market watch's current and selected row is the desk's GPU, so that the first focus
    // (which makes the first row current when none is) never switches the GPU.
    void showGpuInMarketWatch(const QString &gpu);
    void showMessage(const QString &text);
    // Asks; if the user says yes, send() makes the request. A refusal shows in the status bar.
    void confirmThen(const QString &objectName, const QString &title, const QString &text,
                     std::function<void()> send);
    void showRefusal(const Error &error);
    // The exchange ended the session by support's decision (ClientSession::signedOutBySupport):
    // the desk has signed out and cleared the account's figures; this tells the user why, in a
    // message box (one at a time), the status bar and the notifications
    // (mainwindow_signout.cpp).
    void showSignedOutBySupport(AccountState state, const QString &reason);

    ServerConnector &m_connector;
    QPointer<ClientSession> m_session;
    DeskState &m_desk;

    // Market watch (the central widget), the book, open orders, rentals and the ticket
    QTableView *m_marketWatch = nullptr;
    QSortFilterProxyModel *m_marketProxy = nullptr;
    bool m_marketColumnsFitted = false;
    LadderView *m_ladder = nullptr;
    QDockWidget *m_bookDock = nullptr;
    QDockWidget *m_ordersDock = nullptr;
    QDockWidget *m_rentalsDock = nullptr;
    QDockWidget *m_ticketDock = nullptr;
    OrderTicket *m_ticket = nullptr;
    QAction *m_ticketAction = nullptr;
    QAction *m_cancelOrder = nullptr;
    QAction *m_stopRental = nullptr;
    QPushButton *m_stopRentalButton = nullptr; // under the rentals list, triggers m_stopRental
    QAction *m_copyAccess = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_appearanceSeparator =
        nullptr; // in the View menu: docks above, Language and Theme below
    bool m_docksToFit = false; // fitToScreen() waits for the window to be shown

    // The selected GPU's candles, depth and trades, in docks
    PriceChart *m_priceChart = nullptr;
    DepthChart *m_depthChart = nullptr;
    TradeTapeView *m_tradeTape = nullptr;
    QDockWidget *m_priceChartDock = nullptr;
    QDockWidget *m_depthChartDock = nullptr;
    QDockWidget *m_tradeTapeDock = nullptr;
    // The ticket's order's cost at each start hour ahead (a customer's tool), tabbed with the
    // price chart.
    StartCostChart *m_startCostChart = nullptr;
    QDockWidget *m_startCostDock = nullptr;

    // Status bar
    QLabel *m_mode = nullptr;
    QLabel *m_connection = nullptr;
    QLabel *m_latency = nullptr;
    QLabel *m_account = nullptr;
    QLabel *m_balance = nullptr;
    QProgressBar *m_sandboxProgress = nullptr;

    // Language and theme
    Appearance *m_appearance = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_themeMenu = nullptr;
    QAction *m_lightTheme = nullptr;
    QAction *m_darkTheme = nullptr;

    // Keyboard: View > Go to, Ctrl+1..9
    QMenu *m_goToMenu = nullptr;
    QAction *m_goToMarketWatch = nullptr;

    // Workload wizard: Tools > Workload wizard opens it (created on first use, non-modal); its
    // "Bid for this" selects the GPU and fills the order ticket as a bid.
    QMenu *m_toolsMenu = nullptr;
    QAction *m_wizardAction = nullptr;
    SizingWizard *m_wizard = nullptr; // child of the window

    // Wallet
    WalletWidget *m_wallet = nullptr;
    QDockWidget *m_walletDock = nullptr;

    // Connection, sign-in, notifications
    NotificationsModel *m_notifications = nullptr;
    NotificationsDock *m_notificationsDock = nullptr;
    FileMenu *m_fileMenu = nullptr;
    QPointer<ConnectDialog> m_connectDialog;
    QPointer<LoginDialog> m_loginDialog;
    bool m_offerSignIn = false; // a server connection is being made: ask who signs in

    // Roles: the role shown, the workspaces' factory and docks, the Account menu.
    Role m_role = Role::Customer;
    WorkspaceFactory m_workspaceFactory;
    QHash<int, QDockWidget *> m_workspaceDocks; // by Role; made on first use
    QMenu *m_accountMenu = nullptr;
    QAction *m_changePassword = nullptr;
    QAction *m_logoutEverywhere = nullptr;
    QAction *m_demoSeparator = nullptr;
    QHash<int, QAction *> m_demoActions; // by Role, sandbox only
    QPointer<PasswordDialog> m_passwordDialog;
    QPointer<QMessageBox> m_signedOutBox; // showSignedOutBySupport()'s
};

} // namespace everx
