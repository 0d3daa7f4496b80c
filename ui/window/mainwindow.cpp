// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/mainwindow.h"

#include "trading/depthchart.h"
#include "trading/ladderview.h"
#include "trading/orderticket.h"
#include "trading/pricechart.h"
#include "trading/stalebanner.h"
#include "trading/startcostchart.h"
#include "trading/timecolumn.h"
#include "trading/tradetapeview.h"
#include "trading/walletwidget.h"
#include "window/appearance.h"
#include "window/connectdialog.h"
#include "window/filemenu.h"
#include "window/logindialog.h"
#include "window/notificationsdock.h"
#include "window/passworddialog.h"
#include "wizard/sizingwizard.h"

#include "views/deskstate.h"
#include "views/notificationsmodel.h"
#include "views/openordersmodel.h"
#include "views/rentalsmodel.h"
#include "views/timetext.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"
#include "wire/serverconnector.h"
#include "wire/wirecodec.h"

#include "market/marketrules.h"
#include "market/money.h"

#include <QtCore/QEvent>
#include <QtCore/QSettings>
#include <QtCore/QSortFilterProxyModel>
#include <QtCore/QTimer>
#include <QtGui/QAction>
#include <QtGui/QActionGroup>
#include <QtGui/QClipboard>
#include <QtGui/QCloseEvent>
#include <QtGui/QGuiApplication>
#include <QtGui/QScreen>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMenuBar>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QStatusBar>
#include <QtWidgets/QStyle>
#include <QtWidgets/QTableView>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>

namespace everx {

namespace {

QTableView *makeTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false); // a figure or a moment on two clipped lines reads as neither
    return view;
}
} // namespace

MainWindow::MainWindow(ServerConnector &connector, DeskState &desk, QWidget *parent)
    : QMainWindow(parent)
    , m_connector(connector)
    , m_session(&connector.session())
    , m_desk(desk)
{
    ClientSession &session = connector.session();
    setObjectName(QStringLiteral("mainWindow"));
    // The saved language and theme first, before any part of the window exists: each is then
    // made in its language and style once, rather than made, re-polished and retranslated
    // before the first paint.
    m_appearance = new Appearance(this);
    m_appearance->restore();
    // Market watch: sorted on raw values through a proxy, never on display text.
    m_marketProxy = new QSortFilterProxyModel(this);
    m_marketProxy->setSourceModel(desk.marketWatch());
    m_marketProxy->setSortRole(MarketWatchModel::RawValueRole);
    m_marketWatch = makeTable(m_marketProxy, this);
    m_marketWatch->setObjectName(QStringLiteral("marketWatch"));
    m_marketWatch->setSortingEnabled(true);
    m_marketWatch->sortByColumn(MarketWatchModel::Gpu, Qt::AscendingOrder);
    // Its last column is a figure like the others: stretched, it would sit half a window away.
    m_marketWatch->horizontalHeader()->setStretchLastSection(false);
    setCentralWidget(m_marketWatch);
    m_marketWatch->viewport()->installEventFilter(this);
    // Columns fit their header and figures once the first ticker arrives and after a language
    // change; never on every tick (that would re-measure 15 rows many times a second).
    connect(desk.marketWatch(), &QAbstractItemModel::dataChanged, this, [this] {
        if (!m_marketColumnsFitted) {
            m_marketColumnsFitted = true;
            QTimer::singleShot(0, m_marketWatch, &QTableView::resizeColumnsToContents);
        }
    });
    connect(m_marketWatch->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { selectRow(current); });
    connect(&desk, &DeskState::selectedGpuChanged, this, &MainWindow::showGpuInMarketWatch);

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_ladder = new LadderView(this);
    m_ladder->setBook(desk.orderBook());
    m_ladder->setOwnOrders(desk.openOrders());
    m_bookDock = new QDockWidget(this);
    m_bookDock->setObjectName(QStringLiteral("orderBookDock"));
    m_bookDock->setWidget(m_ladder);
    m_bookDock->setMinimumWidth(340);
    addDockWidget(Qt::RightDockWidgetArea, m_bookDock);
    m_viewMenu->addAction(m_bookDock->toggleViewAction());
    m_ordersDock =
        addTableDock(QStringLiteral("openOrdersDock"), desk.openOrders(), Qt::BottomDockWidgetArea);
    m_rentalsDock =
        addTableDock(QStringLiteral("rentalsDock"), desk.rentals(), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_ordersDock, m_rentalsDock);
    m_ordersDock->raise();
    TimeColumn::fit(static_cast<QTableView *>(m_ordersDock->widget()), OpenOrdersModel::Expires);
    TimeColumn::fit(static_cast<QTableView *>(m_rentalsDock->widget()), RentalsModel::Started);

    m_ticket = new OrderTicket(session, desk, this);
    m_ticketDock = new QDockWidget(this);
    m_ticketDock->setObjectName(QStringLiteral("orderTicketDock"));
    m_ticketDock->setWidget(m_ticket);
    addDockWidget(Qt::RightDockWidgetArea, m_ticketDock);
    // Ctrl+T shows and focuses the ticket (see setUpGoToShortcuts); the View menu's entry
    // toggles it, without a shortcut that would hide it when pressed twice.
    m_ticketAction = m_ticketDock->toggleViewAction();
    m_viewMenu->addAction(m_ticketAction);
    connect(m_ticket, &OrderTicket::placed, this, &MainWindow::showMessage);
    // Clicking a ladder level (or Enter on it) fills the ticket: its price (and, for an ask, the
    // GPUs up to it).
    connect(m_ladder, &LadderView::levelActivated, this, [this](int row) {
        m_ticket->fillFromBook(row);
        m_ticketDock->show();
        m_ticketDock->raise();
    });

    // Open orders: cancel (Delete), after a confirmation. Rentals: stop, copy access details.
    auto *ordersView = static_cast<QTableView *>(m_ordersDock->widget());
    m_cancelOrder = new QAction(this);
    m_cancelOrder->setObjectName(QStringLiteral("cancelOrderAction"));
    m_cancelOrder->setShortcut(QKeySequence::Delete);
    m_cancelOrder->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    ordersView->addAction(m_cancelOrder);
    ordersView->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_cancelOrder, &QAction::triggered, this, [this, ordersView] {
        const QModelIndex current = ordersView->currentIndex();
        if (!current.isValid())
            return;
        const BidOrder order = m_desk.openOrders()->record(current.row());
        confirmThen(QStringLiteral("cancelConfirmation"), tr("Cancel order"),
                    tr("Cancel the bid for %n GPU(s) of %1 at %2? The %3 it holds goes back to "
                       "your balance.",
                       "", order.remaining)
                        .arg(GpuCatalog::builtIn().displayName(order.gpu),
                             Money::format(order.limitCents, locale()),
                             Money::format(order.heldCents, locale())),
                    [this, id = order.id] {
                        ExchangeClient(*m_session)
                            .cancelOrder(id, this, [this](const Result<BidOrder> &cancelled) {
                                // Says what just happened, in place of an earlier "Order placed."
                                if (cancelled)
                                    showMessage(tr("Order cancelled."));
                                else
                                    showRefusal(cancelled.error());
                            });
                    });
    });
    auto *rentalsView = static_cast<QTableView *>(m_rentalsDock->widget());
    m_stopRental = new QAction(this);
    m_stopRental->setObjectName(QStringLiteral("stopRentalAction"));
    m_stopRental->setShortcut(QKeySequence::Delete);
    m_stopRental->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    // Stop is a button under the list as well as Delete and the context menu: a trader should
    // not have to guess that a right click hides it.
    auto *rentalsPane = new QWidget(m_rentalsDock);
    auto *rentalsLayout = new QVBoxLayout(rentalsPane);
    rentalsLayout->setContentsMargins(0, 0, 0, 0);
    rentalsLayout->addWidget(rentalsView);
    auto *rentalsButtons = new QHBoxLayout;
    rentalsButtons->addStretch();
    m_stopRentalButton = new QPushButton(rentalsPane);
    m_stopRentalButton->setObjectName(QStringLiteral("stopRentalButton"));
    m_stopRentalButton->setFocusPolicy(Qt::TabFocus);
    rentalsButtons->addWidget(m_stopRentalButton);
    rentalsLayout->addLayout(rentalsButtons);
    m_rentalsDock->setWidget(rentalsPane);
    connect(m_stopRentalButton, &QPushButton::clicked, m_stopRental, &QAction::trigger);
    const auto enableStop = [this, rentalsView] {
        m_stopRentalButton->setEnabled(rentalsView->currentIndex().isValid());
    };
    enableStop();
    connect(rentalsView->selectionModel(), &QItemSelectionModel::currentChanged, this, enableStop);
    // Queued: the view moves its current index after the model has removed the row.
    connect(m_desk.rentals(), &QAbstractItemModel::rowsRemoved, this, enableStop,
            Qt::QueuedConnection);
    connect(m_desk.rentals(), &QAbstractItemModel::modelReset, this, enableStop,
            Qt::QueuedConnection);
    m_copyAccess = new QAction(this);
    m_copyAccess->setObjectName(QStringLiteral("copyAccessAction"));
    m_copyAccess->setShortcut(QKeySequence::Copy);
    m_copyAccess->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    rentalsView->addActions({m_copyAccess, m_stopRental});
    rentalsView->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_copyAccess, &QAction::triggered, this, [this, rentalsView] {
        const QModelIndex current = rentalsView->currentIndex();
        if (current.isValid())
            QGuiApplication::clipboard()->setText(m_desk.rentals()->record(current.row()).endpoint);
    });
    connect(m_stopRental, &QAction::triggered, this, [this, rentalsView] {
        const QModelIndex current = rentalsView->currentIndex();
        if (!current.isValid())
            return;
        const Rental r = m_desk.rentals()->record(current.row());
        if (r.state == RentalState::Reserved) {
            // Before its start: the hold comes back less the fee its provider earns.
            const QLocale l = locale();
            const Cents hold = MarketRules::unbilledRemainder(r);
            confirmThen(QStringLiteral("stopConfirmation"), tr("Cancel reservation"),
                        tr("Cancel the reservation of %n GPU(s) of %1 from %2?", "", r.gpus)
                                .arg(GpuCatalog::builtIn().displayName(r.gpu),
                                     TimeText::shortDateTime(r.startedMs, l))
                            + u' '
                            + tr("You pay a cancellation fee of %1; %2 of the %3 held comes back.")
                                  .arg(Money::format(r.cancelFeeCents, l),
                                       Money::format(hold - r.cancelFeeCents, l),
                                       Money::format(hold, l)),
                        [this, id = r.id] {
                            ExchangeClient(*m_session)
                                .stopRental(id, this, [this](const Result<Rental> &cancelled) {
                                    if (cancelled)
                                        showMessage(tr("Reservation cancelled."));
                                    else
                                        showRefusal(cancelled.error());
                                });
                        });
            return;
        }
        const int unbilled = r.hours - r.hoursBilled;
        confirmThen(QStringLiteral("stopConfirmation"), tr("Stop rental"),
                    tr("Stop the rental of %n GPU(s) of %1?", "", r.gpus)
                            .arg(GpuCatalog::builtIn().displayName(r.gpu))
                        + u' '
                        + (unbilled > 0 ? tr("The hour under way is billed; the %n hour(s) after "
                                             "it are not.",
                                             "", unbilled)
                                        : tr("The hour under way is billed.")),
                    [this, id = r.id] {
                        ExchangeClient(*m_session)
                            .stopRental(id, this, [this](const Result<Rental> &stopped) {
                                if (stopped)
                                    showMessage(tr("Rental stopped."));
                                else
                                    showRefusal(stopped.error());
                            });
                    });
    });

    for (QLabel **label : {&m_mode, &m_connection, &m_latency, &m_account, &m_balance}) {
        *label = new QLabel(this);
        statusBar()->addPermanentWidget(*label);
    }
    m_mode->setObjectName(QStringLiteral("statusMode"));
    m_connection->setObjectName(QStringLiteral("statusConnection"));
    m_latency->setObjectName(QStringLiteral("statusLatency"));
    m_account->setObjectName(QStringLiteral("statusAccount"));
    m_balance->setObjectName(QStringLiteral("statusBalance"));
    m_sandboxProgress = new QProgressBar(this);
    m_sandboxProgress->setObjectName(QStringLiteral("sandboxProgress"));
    m_sandboxProgress->setMaximumWidth(320);
    m_sandboxProgress->hide();
    statusBar()->addPermanentWidget(m_sandboxProgress);
    connect(&session, &ClientSession::stateChanged, this, &MainWindow::updateStatus);
    connect(&session, &ClientSession::latencyMeasured, this, &MainWindow::updateStatus);
    connect(&session, &ClientSession::signedIn, this, &MainWindow::updateStatus);
    connect(&desk, &DeskState::balanceChanged, this, &MainWindow::updateStatus);
    connect(&desk, &DeskState::staleChanged, this, &MainWindow::updateStatus);
    connect(&desk, &DeskState::notification, this,
            [this](const QString &, const QString &text) { showMessage(text); });

    setUpMarketViews();
    setUpAppearance();
    setUpWizard();
    setUpWallet();
    setUpSessionUi();
    setUpGoToShortcuts();
    setUpAccountMenu();
    retranslateUi();
    QSettings settings;
    // The first start (nothing saved) sizes the window for the screen it opens on.
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        fitToScreen(screen()->availableGeometry());
    // Before a sign-in the customer's desk shows, in its own layout.
    restoreState(
        settings.value(stateKey(Role::Customer), settings.value(legacyStateKey())).toByteArray());
    // Whoever signs in gets the tools of their role.
    connect(m_session, &ClientSession::signedIn, this,
            [this](const Account &account) { showRole(account.role); });
    if (desk.selectedGpu().isEmpty())
        desk.selectGpu(QStringLiteral("h100-sxm"));
    showGpuInMarketWatch(desk.selectedGpu());
    // The parts made before the language was known (the window itself) and the models follow
    // it, and the menus show it and the theme.
    showAppearance();
    (m_appearance->theme() == Appearance::Theme::Dark ? m_darkTheme : m_lightTheme)
        ->setChecked(true);
}

MainWindow::~MainWindow() = default;

void MainWindow::fitToScreen(const QRect &available)
{
    // The frame a window manager adds: a title bar above, thin borders elsewhere. move() places
    // the frame, resize() sizes what is inside it.
    const int titleBar = style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, this);
    const QMargins frame(2, titleBar + 2, 2, 2);
    const QRect usable = available.marginsRemoved(frame);
    // Up to a 1600x1000 screen the desk takes all of it; on a larger one, nine tenths, centred.
    const QSize want(usable.width() > 1600 ? usable.width() * 9 / 10 : usable.width(),
                     usable.height() > 1000 ? usable.height() * 9 / 10 : usable.height());
    resize(want);
    move(available.topLeft()
         + QPoint((available.width() - want.width() - frame.left() - frame.right()) / 2,
                  (available.height() - want.height() - frame.top() - frame.bottom()) / 2));
    m_docksToFit = true;
    if (isVisible())
        fitDocks();
}

void MainWindow::fitDocks()
{
    m_docksToFit = false;
    // The bottom docks show a useful list (three tenths of the window, at least five rows);
    // the charts above the market watch a third of what remains; the ladder all the height the
    // ticket leaves it.
    const auto *orders = static_cast<QTableView *>(m_ordersDock->widget());
    const int row = orders->verticalHeader()->defaultSectionSize();
    const int bottom = std::max(height() * 3 / 10, orders->horizontalHeader()->height() + 5 * row);
    resizeDocks({m_ordersDock}, {bottom + row}, Qt::Vertical);
    resizeDocks({m_priceChartDock}, {std::max(220, (height() - bottom) / 3)}, Qt::Vertical);
    // The ticket as tall as its form, the order book above it the rest of the column.
    resizeDocks({m_ticketDock}, {m_ticketDock->minimumSizeHint().height()}, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // Dock sizes are shares of the window's: set once it has its size.
    if (m_docksToFit)
        QTimer::singleShot(0, this, &MainWindow::fitDocks);
}

QDockWidget *MainWindow::addTableDock(const QString &objectName, QAbstractItemModel *model,
                                      Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(this);
    dock->setObjectName(objectName); // saveState() keys docks by object name
    auto *view = makeTable(model, dock);
    view->setObjectName(objectName + QStringLiteral("View"));
    dock->setWidget(view);
    addDockWidget(area, dock);
    m_viewMenu->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::confirmThen(const QString &objectName, const QString &title, const QString &text,
                             std::function<void()> send)
{
    auto *box = new QMessageBox(QMessageBox::Question, title, text,
                                QMessageBox::Yes | QMessageBox::No, this);
    box->setObjectName(objectName);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setDefaultButton(QMessageBox::No);
    connect(box, &QMessageBox::finished, this, [this, send = std::move(send)](int result) {
        if (result == QMessageBox::Yes && m_session)
            send();
    });
    box->open();
}

void MainWindow::showSandboxProgress(int done, int total)
{
    if (total <= 0 || done >= total) {
        m_sandboxProgress->hide();
        return;
    }
    m_sandboxProgress->setRange(0, total);
    m_sandboxProgress->setValue(std::max(0, done));
    m_sandboxProgress->show();
}

void MainWindow::showRefusal(const Error &error)
{
    showMessage(tr("Refused: %1").arg(error.message));
}

void MainWindow::showMessage(const QString &text)
{
    statusBar()->showMessage(text, StatusMessageMs);
}

void MainWindow::selectRow(const QModelIndex &current)
{
    if (current.isValid())
        m_desk.selectGpu(current.data(MarketWatchModel::GpuIdRole).toString());
}

void MainWindow::showGpuInMarketWatch(const QString &gpu)
{
    MarketWatchModel *watch = m_desk.marketWatch();
    const QModelIndex row = m_marketProxy->mapFromSource(watch->index(watch->rowOf(gpu), 0));
    if (row.isValid() && row != m_marketWatch->currentIndex())
        m_marketWatch->selectionModel()->setCurrentIndex(
            row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (row.isValid())
        m_marketWatch->scrollTo(row);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // The market watch grew shorter (docks took their share, the window shrank): the selected
    // GPU's row stays in view, after the view has laid itself out at its new size.
    if (watched == m_marketWatch->viewport() && event->type() == QEvent::Resize) {
        QTimer::singleShot(0, m_marketWatch, [view = m_marketWatch] {
            if (view->currentIndex().isValid())
                view->scrollTo(view->currentIndex());
        });
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::retranslateUi()
{
    setWindowTitle(tr("EverX Desk"));
    m_marketColumnsFitted = false; // headers change with the language: fit again
    m_viewMenu->setTitle(tr("&View"));
    m_bookDock->setWindowTitle(tr("Order book"));
    m_ordersDock->setWindowTitle(tr("Open orders"));
    m_rentalsDock->setWindowTitle(tr("Rentals"));
    m_ticketDock->setWindowTitle(tr("Order ticket"));
    m_cancelOrder->setText(tr("&Cancel order\u2026"));
    m_stopRental->setText(tr("&Stop rental\u2026"));
    m_stopRentalButton->setText(tr("Stop rental\u2026", "button under the rentals"));
    m_copyAccess->setText(tr("Copy &access details"));
    //: %p is the percentage done, filled in by the progress bar
    m_sandboxProgress->setFormat(tr("Preparing the sandbox market: %p%"));
    m_languageMenu->setTitle(tr("&Language"));
    m_themeMenu->setTitle(tr("&Theme"));
    m_lightTheme->setText(tr("&Light"));
    m_darkTheme->setText(tr("&Dark"));
    m_goToMenu->setTitle(tr("&Go to"));
    m_accountMenu->setTitle(tr("&Account"));
    m_changePassword->setText(tr("&Change password\u2026"));
    m_logoutEverywhere->setText(tr("Sign out &everywhere\u2026"));
    m_demoActions.value(int(Role::Customer))->setText(tr("Demo c&ustomer"));
    m_demoActions.value(int(Role::Provider))->setText(tr("Demo &provider"));
    m_demoActions.value(int(Role::Support))->setText(tr("Demo &support agent"));
    m_goToMarketWatch->setText(tr("Market watch"));
    SizingWizard::retranslateLauncher(m_toolsMenu, m_wizardAction);
    updateStatus();
}

void MainWindow::updateStatus()
{
    if (!m_session)
        return;
    const QLocale locale;
    m_mode->setText(m_session->isSandbox()                  ? tr("Sandbox")
                        : m_session->serverMode().isEmpty() ? QString()
                                                            : tr("Server"));
    // One clock, the exchange's: a sandbox's runs faster, and the desk says so.
    const int rate = m_session->serverInfo() ? m_session->serverInfo()->clockRate : 1;
    if (m_session->isSandbox() && rate > 1) {
        m_mode->setText(tr("Sandbox, time \u00d7%1").arg(locale.toString(rate)));
        m_mode->setToolTip(tr("The sandbox's clock goes %1 times faster than real time: a rental "
                              "hour is billed every %2 real seconds. Rentals, the ledger, charts "
                              "and notifications all read this clock.")
                               .arg(locale.toString(rate), locale.toString(3600.0 / rate, 'g', 3)));
    } else {
        m_mode->setToolTip(QString());
    }
    switch (m_session->state()) {
    case ClientSession::State::Disconnected:
        m_connection->setText(tr("Disconnected"));
        break;
    case ClientSession::State::Connecting:
        m_connection->setText(tr("Connecting\u2026"));
        break;
    case ClientSession::State::Connected:
    case ClientSession::State::SignedIn:
        m_connection->setText(tr("Connected"));
        break;
    }
    // A latency is the connection's: none while there is none.
    const bool up = m_session->state() == ClientSession::State::Connected
        || m_session->state() == ClientSession::State::SignedIn;
    m_latency->setText(!up || m_session->lastLatencyMs() < 0
                           ? QString()
                           : tr("%1 ms", "round-trip latency").arg(m_session->lastLatencyMs()));
    // Offline the account stays signed in (it resumes): its last known figures, greyed and dated.
    const QString asOf = m_desk.asOfText(locale);
    const bool signedIn = m_session->state() == ClientSession::State::SignedIn
        || (!asOf.isEmpty() && m_session->account().id != 0);
    m_account->setText(signedIn ? m_session->account().email : tr("Not signed in"));
    m_balance->setText(
        signedIn
            ? tr("Available %1", "balance").arg(Money::format(m_desk.balance().available, locale))
            : QString());
    for (QLabel *label : {m_account, m_balance}) {
        label->setEnabled(asOf.isEmpty());
        label->setToolTip(asOf);
    }
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(stateKey(m_role), saveState());
    QMainWindow::closeEvent(event);
}

// Language and theme: in the View menu, applied at once, kept in QSettings by Appearance.
void MainWindow::setUpAppearance()
{
    m_appearanceSeparator = m_viewMenu->addSeparator();
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageMenu->setObjectName(QStringLiteral("languageMenu"));
    auto *languages = new QActionGroup(this);
    for (const QString &language : Appearance::languages()) {
        // Each language in its own name, so that anyone can find theirs.
        QAction *action = m_languageMenu->addAction(Appearance::nativeName(language));
        action->setObjectName(QStringLiteral("language_") + language);
        action->setCheckable(true);
        action->setData(language);
        languages->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, language] { m_appearance->setLanguage(language); });
    }
    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeMenu->setObjectName(QStringLiteral("themeMenu"));
    auto *themes = new QActionGroup(this);
    m_lightTheme = m_themeMenu->addAction(QString());
    m_lightTheme->setObjectName(QStringLiteral("themeLight"));
    m_darkTheme = m_themeMenu->addAction(QString());
    m_darkTheme->setObjectName(QStringLiteral("themeDark"));
    for (QAction *action : {m_lightTheme, m_darkTheme}) {
        action->setCheckable(true);
        themes->addAction(action);
    }
    connect(m_lightTheme, &QAction::triggered, this,
            [this] { m_appearance->setTheme(Appearance::Theme::Light); });
    connect(m_darkTheme, &QAction::triggered, this,
            [this] { m_appearance->setTheme(Appearance::Theme::Dark); });

    connect(m_appearance, &Appearance::languageChanged, this, &MainWindow::showAppearance);
    connect(m_appearance, &Appearance::themeChanged, this, [this](Appearance::Theme theme) {
        (theme == Appearance::Theme::Dark ? m_darkTheme : m_lightTheme)->setChecked(true);
    });
}

void MainWindow::showAppearance()
{
    // Widgets resolve their locale when made: tell the existing ones.
    const QLocale locale;
    setLocale(locale);
    m_desk.setLocale(locale);
    for (QAction *action : m_languageMenu->actions())
        action->setChecked(action->data().toString() == m_appearance->language());
    updateStatus();
}

void MainWindow::setUpWizard()
{
    m_toolsMenu = menuBar()->addMenu(QString());
    m_toolsMenu->setObjectName(QStringLiteral("toolsMenu"));
    m_wizardAction = m_toolsMenu->addAction(QString());
    m_wizardAction->setObjectName(QStringLiteral("wizardAction"));
    m_wizardAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    connect(m_wizardAction, &QAction::triggered, this, [this] {
        if (!m_wizard) {
            m_wizard = new SizingWizard(m_desk.marketWatch(), this);
            // The wizard's plan becomes the ticket's order, placed as the plan needs its GPUs.
            connect(m_wizard, &SizingWizard::bidRequested, this,
                    [this](const QString &gpu, int gpus, int hours, Cents price,
                           Sizing::Placement placement, qint64 startMs) {
                        m_ticket->prefill(gpu, gpus, hours, price, true);
                        m_ticket->setPlacement(placement);
                        if (!m_ticket->setStart(startMs)) {
                            m_ticket->setStart(0);
                            showMessage(tr("That start has passed: choose another."));
                        }
                        m_ticketDock->show();
                        m_ticketDock->raise();
                        activateWindow();
                    });
            // What the plan would cost as it would fill now, from the exchange (market.quote).
            connect(m_wizard, &SizingWizard::quoteRequested, this,
                    [this](const QString &gpu, int gpus, int hours, Sizing::Placement placement) {
                        const QuoteRequest request {gpu, gpus, hours, placement};
                        ExchangeClient(*m_session)
                            .quote(request, m_wizard,
                                   [this, gpu, gpus, hours,
                                    placement](const Result<PlacementQuote> &quoted) {
                                       if (!quoted)
                                           return; // the page keeps the best offer's price
                                       m_wizard->showQuote(
                                           {gpu, gpus, hours, placement, quoted->available,
                                            quoted->subtotalCents, quoted->totalCents});
                                   });
                    });
            // What the plan would cost at each start hour ahead (market.windows): the results
            // offer its cheapest start beside a start now.
            connect(m_wizard, &SizingWizard::windowsRequested, this,
                    [this](const QString &gpu, int gpus, int hours, Sizing::Placement placement,
                           int days) {
                        WindowsRequest request;
                        request.gpu = gpu;
                        request.quantity = gpus;
                        request.hours = hours;
                        request.placement = placement;
                        request.days = days;
                        ExchangeClient(*m_session)
                            .windows(request, m_wizard, [this](const Result<WindowsQuote> &w) {
                                if (w)
                                    m_wizard->showWindows(*w);
                            });
                    });
            // The run's cost in the wizard carries the account's tax, as the ticket's total.
            const auto followTax = [this] {
                m_wizard->setTaxBasisPoints(m_desk.taxBasisPoints());
            };
            followTax();
            connect(m_session, &ClientSession::signedIn, m_wizard, followTax);
            connect(m_session, &ClientSession::signedOut, m_wizard, followTax);
        }
        m_wizard->show();
        m_wizard->raise();
        m_wizard->activateWindow();
    });
}

// The wallet dock, tabbed with open orders and rentals, and its "Wallet" menu. The widget
// retranslates its own title (which the dock follows) and the menu.
void MainWindow::setUpWallet()
{
    m_wallet = new WalletWidget(*m_session, m_desk, this);
    m_walletDock = new QDockWidget(this);
    m_walletDock->setObjectName(QStringLiteral("walletDock"));
    m_walletDock->setWidget(m_wallet);
    m_walletDock->setWindowTitle(m_wallet->windowTitle());
    connect(m_wallet, &QWidget::windowTitleChanged, m_walletDock, &QDockWidget::setWindowTitle);
    addDockWidget(Qt::BottomDockWidgetArea, m_walletDock);
    tabifyDockWidget(m_rentalsDock, m_walletDock);
    m_ordersDock->raise();
    m_viewMenu->insertAction(m_appearanceSeparator, m_walletDock->toggleViewAction());
    menuBar()->addMenu(m_wallet->menu());
    connect(m_wallet, &WalletWidget::message, this, &MainWindow::showMessage);
}

// Connection, sign-in, notifications: the File menu and its dialogs, the server connector,
// and the notifications dock (tabbed with open orders and rentals).
void MainWindow::setUpSessionUi()
{
    m_notifications = new NotificationsModel(this);
    m_notifications->setClock([session = m_session] { return session->exchangeNowMs(); });
    connect(&m_desk, &DeskState::notification, m_notifications, &NotificationsModel::add);
    // The next account must not see the last one's notifications.
    connect(m_session, &ClientSession::signedOut, m_notifications, &NotificationsModel::clear);
    m_notificationsDock = new NotificationsDock(*m_notifications, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_notificationsDock);
    tabifyDockWidget(m_rentalsDock, m_notificationsDock);
    m_ordersDock->raise();
    QAction *showNotifications = m_notificationsDock->toggleViewAction();
    showNotifications->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_viewMenu->insertAction(m_appearanceSeparator, showNotifications);

    m_fileMenu = new FileMenu(*m_session, this);
    menuBar()->insertMenu(m_viewMenu->menuAction(), m_fileMenu);
    // One dialog of each at a time; a certificate report reaches the one already open.
    const auto openConnect = [this] {
        if (!m_connectDialog) {
            m_connectDialog = new ConnectDialog(m_connector, this);
            m_connectDialog->setAttribute(Qt::WA_DeleteOnClose);
            m_connectDialog->open();
        }
        m_connectDialog->raise();
        m_connectDialog->activateWindow();
    };
    const auto openLogin = [this] {
        if (!m_loginDialog) {
            m_loginDialog = new LoginDialog(*m_session, this);
            m_loginDialog->setAttribute(Qt::WA_DeleteOnClose);
            m_loginDialog->open();
        }
        m_loginDialog->raise();
        m_loginDialog->activateWindow();
    };
    // A reconnect whose resume was refused (the token expired, the server restarted) signed the
    // user out without being asked: say so, and ask who signs in.
    connect(m_session, &ClientSession::resumeRefused, this, [this, openLogin] {
        const QString text = tr("The exchange ended your session. Sign in again.");
        showMessage(text);
        m_notifications->add(NotificationsModel::SessionEnded, text);
        openLogin();
    });
    connect(m_session, &ClientSession::signedOutBySupport, this,
            &MainWindow::showSignedOutBySupport);
    connect(m_fileMenu, &FileMenu::connectRequested, this, openConnect);
    connect(m_fileMenu, &FileMenu::signInRequested, this, openLogin);
    connect(m_fileMenu, &FileMenu::quitRequested, this, &QWidget::close);
    // The session stopped at a certificate (at start, or a reconnect): ask, never retry blindly.
    connect(&m_connector, &ServerConnector::certificateNeedsTrust, this, openConnect);
    connect(&m_connector, &ServerConnector::certificateMismatch, this, openConnect);
    // Another machine of the exchange took over and the session followed it: said once, naming it.
    connect(&m_connector, &ServerConnector::followed, this, [this](const QUrl &url) {
        showMessage(tr("Reconnected to %1.").arg(ServerConnector::serverKey(url)));
    });
    // Once a server connection is made, ask who signs in; the sandbox signs in by itself.
    connect(&m_connector, &ServerConnector::connecting, this, [this](ServerConnector::Mode mode) {
        m_offerSignIn = mode == ServerConnector::Mode::Server;
    });
    connect(m_session, &ClientSession::stateChanged, this,
            [this, openLogin](ClientSession::State state) {
                if (state == ClientSession::State::SignedIn)
                    m_offerSignIn = false;
                if (state != ClientSession::State::Connected || !m_offerSignIn)
                    return;
                m_offerSignIn = false;
                openLogin();
            });
}

void MainWindow::setUpMarketViews()
{
    // Each view names itself (windowTitle, retranslated on LanguageChange); its dock shows that.
    const auto addDock = [this](QWidget *view, const QString &objectName, Qt::DockWidgetArea area) {
        auto *dock = new QDockWidget(this);
        dock->setObjectName(objectName); // saveState() keys docks by object name
        dock->setWidget(view);
        dock->setWindowTitle(view->windowTitle());
        connect(view, &QWidget::windowTitleChanged, dock, &QWidget::setWindowTitle);
        addDockWidget(area, dock);
        m_viewMenu->addAction(dock->toggleViewAction());
        return dock;
    };
    // Charts above the market watch, the price chart beside the depth chart; the right column
    // (order book, ticket) keeps its full height. The tape is a tab beside the order book, which
    // stays in front.
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea); // the lists sit under the watch
    m_priceChart = new PriceChart(m_desk, this);
    m_priceChartDock =
        addDock(m_priceChart, QStringLiteral("priceChartDock"), Qt::TopDockWidgetArea);
    m_depthChart = new DepthChart(m_desk.orderBook(), this);
    // While the connection is down the book and the charts say since when, and the countdown.
    for (QWidget *view : std::initializer_list<QWidget *> {m_ladder, m_priceChart, m_depthChart})
        new StaleBanner(*m_session, m_desk, view);
    m_depthChartDock =
        addDock(m_depthChart, QStringLiteral("depthChartDock"), Qt::TopDockWidgetArea);
    splitDockWidget(m_priceChartDock, m_depthChartDock, Qt::Horizontal);
    resizeDocks({m_priceChartDock, m_depthChartDock}, {1000, 400}, Qt::Horizontal);
    resizeDocks({m_priceChartDock}, {360}, Qt::Vertical);
    // What the ticket's order costs at each start hour ahead: a tab beside the price chart, which
    // stays in front. It follows the ticket's run; a click on a start fills the ticket's Start.
    m_startCostChart = new StartCostChart(*m_session, this);
    m_startCostDock =
        addDock(m_startCostChart, QStringLiteral("startCostDock"), Qt::TopDockWidgetArea);
    tabifyDockWidget(m_priceChartDock, m_startCostDock);
    m_priceChartDock->raise();
    new StaleBanner(*m_session, m_desk, m_startCostChart); // its figures are a moment's
    const auto followRun = [this] {
        const OrderTicket::Run run = m_ticket->run();
        m_startCostChart->setRun(run.gpu, run.gpus, run.hours, run.placement);
    };
    connect(m_ticket, &OrderTicket::runChanged, m_startCostChart, followRun);
    followRun();
    connect(m_startCostChart, &StartCostChart::startChosen, this, [this](qint64 startMs) {
        if (!m_ticket->setStart(startMs)) {
            showMessage(tr("That start has passed: choose another."));
            return;
        }
        m_ticketDock->show();
        m_ticketDock->raise();
    });
    m_tradeTape = new TradeTapeView(m_desk.tradeTape(), this);
    m_tradeTapeDock =
        addDock(m_tradeTape, QStringLiteral("tradeTapeDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(m_bookDock, m_tradeTapeDock);
    m_bookDock->raise();
}

// Keyboard first (docs/architecture.md "The desk"): Ctrl+1 to Ctrl+9 go to a part of the desk,
// showing and raising its dock if need be and putting the focus in it. The actions are in View > Go
// to and are named after their docks' titles, which follow the language.
void MainWindow::setUpGoToShortcuts()
{
    m_goToMenu = new QMenu(this);
    m_goToMenu->setObjectName(QStringLiteral("goToMenu"));
    m_viewMenu->insertMenu(m_viewMenu->actions().value(0), m_goToMenu);
    m_viewMenu->insertSeparator(m_viewMenu->actions().value(1));
    const auto add = [this](QWidget *target, QDockWidget *dock, int digit) -> QAction * {
        auto *action = m_goToMenu->addAction(dock ? dock->windowTitle() : QString());
        action->setObjectName(QStringLiteral("goTo_")
                              + (dock ? dock->objectName() : QStringLiteral("marketWatch")));
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + digit)));
        addAction(action); // works while the menu bar is closed, from any dock
        if (dock)
            connect(dock, &QWidget::windowTitleChanged, action, &QAction::setText);
        else
            m_goToMarketWatch = action;
        connect(action, &QAction::triggered, this, [dock, target] {
            if (dock) {
                dock->show();
                dock->raise();
            }
            QWidget *focus =
                target->focusPolicy() != Qt::NoFocus ? target : target->nextInFocusChain();
            focus->setFocus(Qt::ShortcutFocusReason);
        });
        return action;
    };
    add(m_marketWatch, nullptr, 1);
    add(m_ladder, m_bookDock, 2);
    add(m_priceChartDock->widget(), m_priceChartDock, 3);
    add(m_tradeTapeDock->widget(), m_tradeTapeDock, 4);
    QAction *goToTicket = add(m_ticketDock->widget(), m_ticketDock, 5);
    // The ticket's own shortcut: shows it, never hides it.
    goToTicket->setShortcuts({goToTicket->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T)});
    add(m_ordersDock->widget(), m_ordersDock, 6);
    add(m_rentalsDock->widget(), m_rentalsDock, 7);
    add(m_walletDock->widget(), m_walletDock, 8);
    add(m_notificationsDock->widget(), m_notificationsDock, 9);
}

} // namespace everx
