// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The desk's layout on real screen sizes (offscreen screens of 1280x800 and 1600x1000): the first
// start fits the screen with the ticket's Place order and the status bar on it, the bottom docks
// show a useful list, the market watch does not stretch its last column, time columns neither
// wrap nor cut, the provider's listings show every column without scrolling sideways, and the View
// menu keeps the docks together above Language and Theme.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"
#include "server/embeddedexchange.h"

#include "views/deskstate.h"
#include "views/ledgermodel.h"
#include "views/marketwatchmodel.h"
#include "views/notificationsmodel.h"
#include "views/openordersmodel.h"
#include "views/providerlistingsmodel.h"
#include "views/rentalsmodel.h"
#include "views/timetext.h"
#include "window/appearance.h"
#include "window/mainwindow.h"
#include "window/roleworkspaces.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"
#include "wire/vocabulary.h"

#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>

#include <QtCore/QFile>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtGui/QScreen>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QMenu>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QScrollBar>
#include <QtWidgets/QStatusBar>
#include <QtWidgets/QTableView>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

QRect globalRect(const QWidget *widget)
{
    return QRect(widget->mapToGlobal(QPoint(0, 0)), widget->size());
}

// Shown whole: visible, not clipped by its parents, and inside the screen's available area.
bool shownWhole(const QWidget *widget, const QRect &available)
{
    return widget->isVisible() && widget->visibleRegion().boundingRect() == widget->rect()
        && available.contains(globalRect(widget));
}

// The offscreen screen of that available size (main() makes them), or nullptr.
QScreen *screenSized(QSize size)
{
    for (QScreen *screen : QGuiApplication::screens()) {
        if (screen->availableGeometry().size() == size)
            return screen;
    }
    return nullptr;
}

} // namespace

class TestMainWindowLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void firstStartFitsTheScreen_data();
    void firstStartFitsTheScreen();
    void timeColumnsFitTheirMoments_data();
    void timeColumnsFitTheirMoments();
    void providerListingsFitTheWidth();
    void viewMenuKeepsTheDocksTogether();
    void textsFitAt1280x800_data();
    void textsFitAt1280x800();
    void everyRoleFitsTheScreen_data();
    void everyRoleFitsTheScreen();
};

void TestMainWindowLayout::initTestCase()
{
    test::isolateSettings(); // a first start: no geometry saved
    QCOMPARE(QGuiApplication::screens().size(), 2);
}

void TestMainWindowLayout::firstStartFitsTheScreen_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("bottomRows"); // at least this many rows in open orders
    QTest::newRow("1280x800") << QSize(1280, 800) << 5;
    QTest::newRow("1600x1000") << QSize(1600, 1000) << 8;
}

void TestMainWindowLayout::firstStartFitsTheScreen()
{
    QFETCH(QSize, size);
    QFETCH(int, bottomRows);
    QScreen *on = nullptr;
    for (QScreen *screen : QGuiApplication::screens()) {
        if (screen->availableGeometry().size() == size)
            on = screen;
    }
    QVERIFY(on);
    const QRect available = on->availableGeometry();

    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.setScreen(on);
    window.fitToScreen(available);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 5000);
    QTest::qWait(50); // the docks take their shares once the window is shown

    QVERIFY2(available.contains(window.frameGeometry()),
             qPrintable(u"window %1x%2+%3+%4"_s.arg(window.frameGeometry().width())
                            .arg(window.frameGeometry().height())
                            .arg(window.frameGeometry().x())
                            .arg(window.frameGeometry().y())));
    // Not a small window in the corner of a large screen.
    QVERIFY(window.width() >= available.width() * 8 / 10);
    QVERIFY(window.height() >= available.height() * 8 / 10);
    auto *place = window.findChild<QPushButton *>(u"ticketPlace"_s);
    QVERIFY(place);
    QVERIFY2(shownWhole(place, available),
             qPrintable(
                 u"Place order at %1,%2"_s.arg(globalRect(place).x()).arg(globalRect(place).y())));
    QVERIFY(shownWhole(window.statusBar(), available));
    auto *balance = window.findChild<QWidget *>(u"statusBalance"_s);
    QVERIFY(balance && shownWhole(balance, available));
    auto *ladder = window.findChild<QWidget *>(u"orderBookLadder"_s);
    QVERIFY(ladder && ladder->isVisible());
    QVERIFY2(ladder->height() >= 250, qPrintable(QString::number(ladder->height())));

    // The bottom docks show a list, not two rows.
    auto *orders = window.findChild<QTableView *>(u"openOrdersDockView"_s);
    QVERIFY(orders && orders->isVisible());
    const int rows = orders->viewport()->height() / orders->verticalHeader()->defaultSectionSize();
    QVERIFY2(rows >= bottomRows, qPrintable(u"%1 rows"_s.arg(rows)));

    // The market watch's last column is as wide as its figures, not half the window.
    auto *watch = window.findChild<QTableView *>(u"marketWatch"_s);
    QVERIFY(watch);
    QVERIFY(!watch->horizontalHeader()->stretchLastSection());
    const int last = watch->model()->columnCount() - 1;
    QTRY_VERIFY2(watch->horizontalHeader()->sectionSize(last) < watch->viewport()->width() / 4,
                 qPrintable(u"%1 of %2 px"_s.arg(watch->horizontalHeader()->sectionSize(last))
                                .arg(watch->viewport()->width())));

    // The selected GPU's row is in view whole: when the GPU is chosen elsewhere (here the last row
    // of the list), and when the market watch grows shorter.
    const auto selectedShown = [watch] {
        const QRect row = watch->visualRect(watch->currentIndex());
        return watch->currentIndex().isValid() && watch->viewport()->rect().contains(row);
    };
    const QModelIndex lastRow = watch->model()->index(watch->model()->rowCount() - 1, 0);
    desk.selectGpu(lastRow.data(MarketWatchModel::GpuIdRole).toString());
    QTRY_COMPARE(watch->currentIndex().row(), lastRow.row());
    QTRY_VERIFY(selectedShown());
    window.resize(window.width(), window.height() - 120);
    QTest::qWait(50);
    QTRY_VERIFY(selectedShown());
}

void TestMainWindowLayout::timeColumnsFitTheirMoments_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("Indonesian") << u"id"_s;
    QTest::newRow("Turkish") << u"tr"_s;
}

// A column of moments is on one line and wide enough for any moment in the desk's language.
void TestMainWindowLayout::timeColumnsFitTheirMoments()
{
    QFETCH(QString, language);
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    DeskState desk(sandbox.session, GpuCatalog::builtIn());
    ServerConnector connector(sandbox.session);
    MainWindow window(connector, desk);
    window.fitToScreen(QGuiApplication::screens().at(0)->availableGeometry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.appearance()->setLanguage(language));

    const QList<std::pair<const char *, int>> columns {
        {"ledgerView", LedgerModel::Time},
        {"openOrdersDockView", OpenOrdersModel::Expires},
        {"rentalsDockView", RentalsModel::Started},
    };
    for (const auto &[name, column] : columns) {
        auto *view = window.findChild<QTableView *>(QString::fromLatin1(name));
        QVERIFY2(view, name);
        QVERIFY2(!view->wordWrap(), name);
        const QString sample = TimeText::shortDateTimeSample(view->locale());
        QCOMPARE(view->locale().language(), QLocale(language).language());
        const int needed = view->fontMetrics().horizontalAdvance(sample);
        QVERIFY2(view->horizontalHeader()->sectionSize(column) > needed,
                 qPrintable(u"%1: %2 px for \"%3\" (%4 px)"_s.arg(QString::fromLatin1(name))
                                .arg(view->horizontalHeader()->sectionSize(column))
                                .arg(sample)
                                .arg(needed)));
    }
    QVERIFY(window.appearance()->setLanguage(u"en"_s));
}

// The provider's listings at 1600x1000: what decides a reprice comes first, and every column
// shows without a horizontal scroll bar.
void TestMainWindowLayout::providerListingsFitTheWidth()
{
    QScreen *on = screenSized(QSize(1600, 1000));
    QVERIFY(on);
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.setWorkspaceFactory(roleWorkspaces(session, desk)); // as everx-desk does
    window.setScreen(on);
    window.fitToScreen(on->availableGeometry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Provider);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 5000);

    QTableView *listings = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((listings = window.findChild<QTableView *>(u"listingsView"_s))
                                 && listings->isVisible(),
                             5000);
    QTRY_VERIFY_WITH_TIMEOUT(listings->model()->rowCount() >= 2, 5000);
    QHeaderView *header = listings->horizontalHeader();
    const QList<int> first {ProviderListingsModel::Gpu, ProviderListingsModel::Price,
                            ProviderListingsModel::VsBestAsk, ProviderListingsModel::State,
                            ProviderListingsModel::Earnings};
    for (int i = 0; i < first.size(); ++i)
        QCOMPARE(header->logicalIndex(i), first.at(i));
    QCOMPARE(header->count(), int(ProviderListingsModel::ColumnCount));
    // Every row's figures sized (the listings' earnings and distances arrive after the rows).
    QTRY_VERIFY_WITH_TIMEOUT(!listings->model()
                                  ->index(0, ProviderListingsModel::VsBestAsk)
                                  .data(ProviderListingsModel::RawValueRole)
                                  .isNull(),
                             5000);
    QCoreApplication::processEvents();
    QVERIFY2(header->length() <= listings->viewport()->width(),
             qPrintable(u"%1 px of columns in %2 px"_s.arg(header->length())
                            .arg(listings->viewport()->width())));
    QCOMPARE(listings->horizontalScrollBar()->maximum(), 0);
    // The deciding columns are shown whole: none narrower than its header or its figures.
    for (const int column : first) {
        QVERIFY2(header->sectionSize(column) >= header->sectionSizeHint(column),
                 qPrintable(QString::number(column)));
    }
}

// View: Go to; the docks (Wallet and Notifications among them); a separator; Language, Theme.
void TestMainWindowLayout::viewMenuKeepsTheDocksTogether()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    DeskState desk(sandbox.session, GpuCatalog::builtIn());
    ServerConnector connector(sandbox.session);
    MainWindow window(connector, desk);
    auto *view = window.findChild<QMenu *>(u"viewMenu"_s);
    auto *language = window.findChild<QMenu *>(u"languageMenu"_s);
    auto *theme = window.findChild<QMenu *>(u"themeMenu"_s);
    QVERIFY(view && language && theme);
    const QList<QAction *> actions = view->actions();
    const auto at = [&actions](const QAction *action) {
        return actions.indexOf(action);
    };
    const qsizetype languageAt = at(language->menuAction());
    QVERIFY(languageAt > 0);
    QVERIFY(actions.at(languageAt - 1)->isSeparator());
    QCOMPARE(at(theme->menuAction()), languageAt + 1);
    QCOMPARE(actions.size(), languageAt + 2); // nothing after Theme
    // Every dock's toggle sits above the separator, after the Go to menu's separator.
    const qsizetype docksFrom = at(actions.value(1)) + 1;
    QVERIFY(actions.value(1)->isSeparator());
    const QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
    QVERIFY(docks.size() >= 9);
    for (QDockWidget *dock : docks) {
        const qsizetype i = at(dock->toggleViewAction());
        QVERIFY2(i >= docksFrom && i < languageAt - 1, qPrintable(dock->objectName()));
    }
    QCOMPARE(languageAt - 1 - docksFrom, docks.size()); // the docks, one after another
}

void TestMainWindowLayout::textsFitAt1280x800_data()
{
    timeColumnsFitTheirMoments_data();
}

// On the small screen, in every language: the price chart's readout, the depth chart's price
// axis title, and the kind columns of the ledger and of the notifications show their texts whole.
void TestMainWindowLayout::textsFitAt1280x800()
{
    QFETCH(QString, language);
    QScreen *small = screenSized(QSize(1280, 800));
    QVERIFY(small);
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    QVERIFY(window.appearance()->setLanguage(language));
    window.setScreen(small);
    window.fitToScreen(small->availableGeometry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 5000);

    auto *readout = window.findChild<QLabel *>(u"priceReadout"_s);
    QVERIFY(readout);
    QTRY_VERIFY_WITH_TIMEOUT(!readout->text().isEmpty(), 10'000);
    QTest::qWait(50); // the docks take their shares once the window is shown
    const int readoutNeeds = readout->fontMetrics().horizontalAdvance(readout->text());
    QVERIFY2(readout->wordWrap() || readoutNeeds <= readout->contentsRect().width(),
             qPrintable(u"%1 of %2 px"_s.arg(readout->contentsRect().width()).arg(readoutNeeds)));
    QTRY_VERIFY2(readout->height() >= readout->heightForWidth(readout->width()),
                 qPrintable(readout->text()));

    auto *depth = window.findChild<QChartView *>(u"depthChart"_s);
    QVERIFY(depth && depth->isVisible());
    const QList<QAbstractAxis *> prices = depth->chart()->axes(Qt::Horizontal);
    QCOMPARE(prices.size(), 1);
    const int titleNeeds =
        QFontMetrics(prices.first()->titleFont()).horizontalAdvance(prices.first()->titleText());
    QTRY_VERIFY2(depth->chart()->plotArea().width() >= titleNeeds,
                 qPrintable(u"%1: %2 of %3 px"_s.arg(prices.first()->titleText())
                                .arg(depth->chart()->plotArea().width())
                                .arg(titleNeeds)));

    // Every kind a column can show, within its column.
    // The notifications' unread rows are bold, and new ones come unread.
    const auto kindsFit = [](const QTableView *view, int column, const QStringList &kinds,
                             bool bold) {
        QFont font = view->font();
        font.setBold(bold);
        QStringList cut;
        for (const QString &kind : kinds) {
            if (QFontMetrics(font).horizontalAdvance(kind) + 8
                > view->horizontalHeader()->sectionSize(column))
                cut << kind;
        }
        return cut;
    };
    QStringList ledgerKinds;
    for (const QString &kind : LedgerModel::kinds())
        ledgerKinds << LedgerModel::kindName(kind);
    auto *ledger = window.findChild<QTableView *>(u"ledgerView"_s);
    QVERIFY(ledger);
    QCOMPARE(kindsFit(ledger, LedgerModel::Kind, ledgerKinds, false), QStringList());
    QStringList notificationKinds {NotificationsModel::kindText(NotificationsModel::SessionEnded)};
    for (const QLatin1StringView kind : NotificationKind::All)
        notificationKinds << NotificationsModel::kindText(kind);
    auto *notifications = window.findChild<QTableView *>(u"notificationsView"_s);
    QVERIFY(notifications);
    QCOMPARE(kindsFit(notifications, NotificationsModel::Kind, notificationKinds, true),
             QStringList());
    QVERIFY(window.appearance()->setLanguage(u"en"_s));
}

void TestMainWindowLayout::everyRoleFitsTheScreen_data()
{
    timeColumnsFitTheirMoments_data();
}

// The provider's and the support agent's desks on 1280x800, with their real workspaces: the
// window stays on the screen with its status bar, whatever the workspace's forms would need.
void TestMainWindowLayout::everyRoleFitsTheScreen()
{
    QFETCH(QString, language);
    QScreen *small = screenSized(QSize(1280, 800));
    QVERIFY(small);
    const QRect available = small->availableGeometry();
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.setWorkspaceFactory(roleWorkspaces(session, desk));
    QVERIFY(window.appearance()->setLanguage(language));
    window.setScreen(small);
    window.fitToScreen(available);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    for (const auto &[role, name] :
         {std::pair {Role::Provider, u"provider"_s}, std::pair {Role::Support, u"support"_s}}) {
        QAction *demo = window.findChild<QAction *>(u"demoAction_"_s + name);
        QVERIFY(demo);
        demo->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn
                                     && session.account().role == role
                                     && window.shownRole() == role,
                                 10'000);
        QTest::qWait(50); // the docks take their shares
        QVERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(name
                            + u": window %1x%2"_s.arg(window.frameGeometry().width())
                                  .arg(window.frameGeometry().height())));
        QVERIFY2(shownWhole(window.statusBar(), available), qPrintable(name));
        // And the workspace has room: most of its row, not what its scroll area hints.
        QDockWidget *workspace = window.findChild<QDockWidget *>(u"workspaceDock_"_s + name);
        QVERIFY(workspace && workspace->isVisible());
        QVERIFY2(workspace->width() >= window.width() / 2,
                 qPrintable(name + u": %1 of %2 px"_s.arg(workspace->width()).arg(window.width())));
    }
    QVERIFY(window.appearance()->setLanguage(u"en"_s));
}

// Two offscreen screens, side by side, before the application exists: 1280x800 and 1600x1000.
int main(int argc, char **argv)
{
    QTemporaryDir dir;
    const QString config = dir.filePath(u"screens.json"_s);
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(R"({"screens": [
        {"name": "small", "x": 0, "y": 0, "width": 1280, "height": 800, "logicalDpi": 96},
        {"name": "large", "x": 1280, "y": 0, "width": 1600, "height": 1000, "logicalDpi": 96}
    ]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    TestMainWindowLayout test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_mainwindowlayout.moc"
