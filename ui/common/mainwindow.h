#pragma once

#include <QtCore/QJsonObject>
#include <QtCore/QPointer>
#include <QtWidgets/QMainWindow>

class QAbstractItemModel;
class QDockWidget;
class QLabel;
class QMenu;
class QSortFilterProxyModel;
class QTableView;

namespace everx {

class Appearance;
class ClientSession;
class ConnectDialog;
class DeskState;
class LadderView;
class OrderTicket;
class SizingWizard;
class WalletWidget;
class FileMenu;
class LoginDialog;
class NotificationsDock;
class NotificationsModel;
class OrderTicket;
class ServerConnector;
class DepthChart;
class OrderTicket;
class PriceChart;
class TradeTapeView;

// The trading desk's main window (DESIGN.md section 8): the market watch in the middle, the
// selected GPU's order book, open orders and rentals in docks, and a status bar with the
// exchange, the connection, latency, account and balance. Docks and geometry persist in
// QSettings. It shows models; it never calls the exchange except through the session.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(ClientSession &session, DeskState &desk, QWidget *parent = nullptr);
    ~MainWindow() override;

    QTableView *marketWatchView() const { return m_marketWatch; }
    Appearance *appearance() const { return m_appearance; }

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    QDockWidget *addTableDock(const QString &objectName, QAbstractItemModel *model,
                              Qt::DockWidgetArea area);
    void retranslateUi();
    void setUpAppearance();
    void updateStatus();
    void selectRow(const QModelIndex &current);
    // Asks, then sends op with args if the user says yes; a refusal shows in the status bar.
    void confirmThen(const QString &objectName, const QString &title, const QString &text,
                     const QString &op, const QJsonObject &args);

    QPointer<ClientSession> m_session;
    DeskState &m_desk;
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
    QAction *m_copyAccess = nullptr;
    QMenu *m_viewMenu = nullptr;
    QLabel *m_mode = nullptr;
    QLabel *m_connection = nullptr;
    QLabel *m_latency = nullptr;
    QLabel *m_account = nullptr;
    QLabel *m_balance = nullptr;

    // Language and theme
    Appearance *m_appearance = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_themeMenu = nullptr;
    QAction *m_lightTheme = nullptr;
    QAction *m_darkTheme = nullptr;

    // Keyboard: View > Go to, Ctrl+1..9
    void setUpGoToShortcuts();
    QMenu *m_goToMenu = nullptr;
    QAction *m_goToMarketWatch = nullptr;
    // Workload wizard: Tools > Workload wizard opens it (created on first use, non-modal);
    // its "Bid for this" selects the GPU and fills the order ticket as a bid.
    void setUpWizard();
    QMenu *m_toolsMenu = nullptr;
    QAction *m_wizardAction = nullptr;
    SizingWizard *m_wizard = nullptr; // child of the window
    // Wallet
    void setUpWallet();
    WalletWidget *m_wallet = nullptr;
    QDockWidget *m_walletDock = nullptr;
    // Connection, sign-in, notifications
public:
    // How the desk reaches an exchange; the program gives it the sandbox and connects it.
    ServerConnector *serverConnector() const { return m_connector; }
    NotificationsModel *notifications() const { return m_notifications; }

private:
    void setUpSessionUi();
    ServerConnector *m_connector = nullptr;
    NotificationsModel *m_notifications = nullptr;
    NotificationsDock *m_notificationsDock = nullptr;
    FileMenu *m_fileMenu = nullptr;
    QPointer<ConnectDialog> m_connectDialog;
    QPointer<LoginDialog> m_loginDialog;
    bool m_offerSignIn = false; // a server connection is being made: ask who signs in
    // Market views (charts, tape)
    // The selected GPU's candles, depth and trades, in docks; set up by setUpMarketViews().
    void setUpMarketViews();
    PriceChart *m_priceChart = nullptr;
    DepthChart *m_depthChart = nullptr;
    TradeTapeView *m_tradeTape = nullptr;
    QDockWidget *m_priceChartDock = nullptr;
    QDockWidget *m_depthChartDock = nullptr;
    QDockWidget *m_tradeTapeDock = nullptr;
};

} // namespace everx
