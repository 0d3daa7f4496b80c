// The desk's main window, offscreen, on the embedded sandbox: the market watch shows every GPU,
// choosing one switches the order book, and the status bar tells who and what is connected.

#include "exchange/embeddedexchange.h"

#include "models/clientsession.h"
#include "models/deskstate.h"
#include "ui/mainwindow.h"

#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtGui/QColor>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QMenu>
#include <QtWidgets/QTableView>

using namespace everx;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void desktopOnTheSandbox();
};

void TestMainWindow::initTestCase()
{
    // Settings of this test only, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("EverXCloudTest"));
}

void TestMainWindow::desktopOnTheSandbox()
{
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    EmbeddedExchange::Options o;
    o.databasePath = dir.filePath(QStringLiteral("sandbox.db"));
    o.sandbox.backfillDays = 3;
    QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
    exchange.start(o);
    QVERIFY(ready.wait(60'000));

    ClientSession session;
    session.setTransportFactory([&exchange] { return exchange.connectClient(); });
    DeskState desk(session, GpuCatalog::builtIn());
    desk.marketWatch()->setFrameInterval(0);
    MainWindow window(session, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);

    const auto status = [&window](const char *name) { return window.findChild<QLabel *>(QString::fromLatin1(name)); };
    QTRY_COMPARE_WITH_TIMEOUT(status("statusAccount")->text(), QStringLiteral("customer@sandbox.everx.cloud"), 5000);
    QCOMPARE(status("statusMode")->text(), QStringLiteral("Sandbox"));
    QCOMPARE(status("statusConnection")->text(), QStringLiteral("Connected"));
    QTRY_COMPARE(status("statusBalance")->text(), QStringLiteral("Available $5,000.00"));

    QTableView *watch = window.findChild<QTableView *>(QStringLiteral("marketWatch"));
    QVERIFY(watch);
    QCOMPARE(watch->model()->rowCount(), 15);
    // Choosing a GPU in the market watch switches the order book to it.
    int a100 = -1;
    for (int row = 0; row < watch->model()->rowCount(); ++row)
        if (watch->model()->index(row, 0).data(MarketWatchModel::GpuIdRole).toString() == u"a100-sxm")
            a100 = row;
    QVERIFY(a100 >= 0);
    watch->setFocus();
    watch->setCurrentIndex(watch->model()->index(a100, 0));
    QTRY_COMPARE(desk.orderBook()->gpu(), QStringLiteral("a100-sxm"));
    QTableView *ladder = window.findChild<QTableView *>(QStringLiteral("orderBookDockView"));
    QVERIFY(ladder);
    QTRY_VERIFY(ladder->model()->rowCount() > 0);
    // Offers red, bids green.
    const QModelIndex first = ladder->model()->index(0, OrderBookModel::Price);
    QCOMPARE(first.data(OrderBookModel::IsAskRole).toBool(), true);
    QCOMPARE(first.data(Qt::ForegroundRole).value<QColor>().red() > 150, true);
    // Docks can be hidden from the View menu, by keyboard as well.
    QDockWidget *book = window.findChild<QDockWidget *>(QStringLiteral("orderBookDock"));
    QVERIFY(book && book->isVisible());
    book->toggleViewAction()->trigger();
    QVERIFY(!book->isVisible());
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
