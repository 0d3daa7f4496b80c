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

class ClientSession;
class DeskState;
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

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    QDockWidget *addTableDock(const QString &objectName, QAbstractItemModel *model,
                              Qt::DockWidgetArea area);
    void retranslateUi();
    void updateStatus();
    void selectRow(const QModelIndex &current);
    // Asks, then sends op with args if the user says yes; a refusal shows in the status bar.
    void confirmThen(const QString &objectName, const QString &title, const QString &text,
                     const QString &op, const QJsonObject &args);

    QPointer<ClientSession> m_session;
    DeskState &m_desk;
    QTableView *m_marketWatch = nullptr;
    QSortFilterProxyModel *m_marketProxy = nullptr;
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
