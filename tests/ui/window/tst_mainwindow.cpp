// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The desk's main window, offscreen, on the embedded sandbox: the market watch shows every GPU,
// choosing one switches the order book, and the status bar tells who and what is connected.

#include "fixtures/deskfixture.h"
#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"
#include "server/embeddedexchange.h"

#include "market/marketrules.h"
#include "trading/ladderview.h"
#include "trading/orderticket.h"
#include "views/deskstate.h"
#include "views/notificationsmodel.h"
#include "views/rentalsmodel.h"
#include "views/timetext.h"
#include "window/appearance.h"
#include "window/mainwindow.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"
#include "wire/serverconnector.h"
#include "wizard/sizingwizard.h"

#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtGui/QClipboard>
#include <QtGui/QColor>
#include <QtGui/QGuiApplication>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QStatusBar>
#include <QtWidgets/QTableView>

#include <algorithm>

using namespace everx;
using namespace Qt::StringLiterals;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void desktopOnTheSandbox();
    void ticketPlacesABidAndBuysNow();
    void reservationSaysItsStartAndItsFee();
    void sandboxFirstStartShowsProgress();
    void languageSwitchKeepsTheTicketsPrice();
    void refusedResumeOpensSignIn();
    void suspensionSignsTheDeskOut_data();
    void suspensionSignsTheDeskOut();
    void rejectedApplicationSignsTheProviderOut();
    void confirmationsNameTheGpuInWords_data();
    void confirmationsNameTheGpuInWords();
    void marketWatchSelectsTheShownGpu();
    void wizardPlanIsQuotedAndBecomesTheTicket();
};

void TestMainWindow::initTestCase()
{
    test::isolateSettings();
}

void TestMainWindow::desktopOnTheSandbox()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start(test::SandboxFixture::Market::Live));
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    desk.marketWatch()->setFrameInterval(0);
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);

    const auto status = [&window](const char *name) {
        return window.findChild<QLabel *>(QString::fromLatin1(name));
    };
    QTRY_COMPARE_WITH_TIMEOUT(status("statusAccount")->text(),
                              QStringLiteral("customer@sandbox.everx.cloud"), 5000);
    // One clock, the exchange's, and the sandbox says how much faster it runs.
    QCOMPARE(session.serverInfo()->clockRate, 60);
    QCOMPARE(status("statusMode")->text(), QStringLiteral("Sandbox, time \u00d760"));
    QVERIFY(status("statusMode")->toolTip().contains(u"billed every 60 real seconds"));
    QCOMPARE(status("statusConnection")->text(), QStringLiteral("Connected"));
    QTRY_COMPARE(status("statusBalance")->text(), QStringLiteral("Available $5,000.00"));

    QTableView *watch = window.findChild<QTableView *>(QStringLiteral("marketWatch"));
    QVERIFY(watch);
    QCOMPARE(watch->model()->rowCount(), 15);
    // Choosing a GPU in the market watch switches the order book to it.
    int a100 = -1;
    for (int row = 0; row < watch->model()->rowCount(); ++row)
        if (watch->model()->index(row, 0).data(MarketWatchModel::GpuIdRole).toString()
            == u"a100-sxm")
            a100 = row;
    QVERIFY(a100 >= 0);
    watch->setFocus();
    watch->setCurrentIndex(watch->model()->index(a100, 0));
    QTRY_COMPARE(desk.orderBook()->gpu(), QStringLiteral("a100-sxm"));
    LadderView *ladder = window.findChild<LadderView *>(QStringLiteral("orderBookLadder"));
    QVERIFY(ladder);
    QTRY_VERIFY(desk.orderBook()->rowCount() > 0);
    // The spread line is in view (centred when the book is deeper than the view).
    QTRY_VERIFY(ladder->viewport()->rect().contains(ladder->spreadRect()));
    // Docks can be hidden from the View menu, by keyboard as well.
    QDockWidget *book = window.findChild<QDockWidget *>(QStringLiteral("orderBookDock"));
    QVERIFY(book && book->isVisible());
    book->toggleViewAction()->trigger();
    QVERIFY(!book->isVisible());
    // Ctrl+2 goes to the order book: shown again, with the keyboard in the ladder; Ctrl+6 to
    // open orders, Ctrl+1 back to the market watch.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
    QVERIFY(book->isVisible());
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(ladder));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_6, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(),
                 window.findChild<QWidget *>(QStringLiteral("openOrdersDockView")));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_1, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(watch));
    // Ctrl+T shows the order ticket and puts the keyboard in it; pressed again, the ticket
    // stays (it is not a toggle), and a hidden ticket comes back.
    QDockWidget *ticket = window.findChild<QDockWidget *>(QStringLiteral("orderTicketDock"));
    QVERIFY(ticket && ticket->isVisible());
    for (int press = 0; press < 2; ++press) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_T, Qt::ControlModifier);
        QVERIFY(ticket->isVisible());
        QTRY_VERIFY(ticket->isAncestorOf(QApplication::focusWidget()));
    }
    ticket->hide();
    QTest::keyClick(&window, Qt::Key_T, Qt::ControlModifier);
    QVERIFY(ticket->isVisible());
    QTRY_VERIFY(ticket->isAncestorOf(QApplication::focusWidget()));
}

void TestMainWindow::ticketPlacesABidAndBuysNow()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start()); // a quiet market: only this test trades
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    QTRY_VERIFY(desk.orderBook()->bestAsk().has_value()); // h100-sxm, chosen at start

    auto *bid = window.findChild<QRadioButton *>(QStringLiteral("ticketBid"));
    auto *buyNow = window.findChild<QRadioButton *>(QStringLiteral("ticketBuyNow"));
    auto *gpus = window.findChild<QSpinBox *>(QStringLiteral("ticketGpus"));
    auto *hours = window.findChild<QSpinBox *>(QStringLiteral("ticketHours"));
    auto *price = window.findChild<QLineEdit *>(QStringLiteral("ticketPrice"));
    auto *place = window.findChild<QPushButton *>(QStringLiteral("ticketPlace"));
    auto *problem = window.findChild<QLabel *>(QStringLiteral("ticketProblem"));
    QVERIFY(bid && buyNow && gpus && hours && price && place && problem);
    // The ticket starts from the best offer.
    QTRY_COMPARE(Money::parse(price->text(), price->locale()), desk.orderBook()->bestAsk());

    const auto confirm = [&window] {
        QMessageBox *box = nullptr;
        for (int i = 0; i < 200 && !box; ++i) {
            box = window.findChild<QMessageBox *>(QStringLiteral("ticketConfirmation"));
            if (!box)
                QTest::qWait(10);
        }
        if (box)
            box->button(QMessageBox::Yes)->click();
        return box != nullptr;
    };

    // A bid well under the market: validation in place first, then a resting order. Two GPUs
    // would wait for one server beside the book; from any servers they rest in it.
    bid->setChecked(true);
    gpus->setValue(2);
    window.findChild<OrderTicket *>()->setPlacement(Placement::Any);
    hours->setValue(3);
    price->setText(QStringLiteral("abc"));
    QVERIFY(!place->isEnabled());
    QVERIFY(!problem->text().isEmpty());
    price->setText(QStringLiteral("1.25"));
    QVERIFY(place->isEnabled());
    // 2 GPUs x 3 h x 1.25 = 7.50, DE VAT 19 % of 1.25 is 0.24 per GPU-hour: 1.44 tax.
    QCOMPARE(window.findChild<QLabel *>(QStringLiteral("ticketSubtotal"))->text(),
             QStringLiteral("$7.50"));
    QCOMPARE(window.findChild<QLabel *>(QStringLiteral("ticketTax"))->text(),
             QStringLiteral("$1.44"));
    QCOMPARE(window.findChild<QLabel *>(QStringLiteral("ticketTotal"))->text(),
             QStringLiteral("$8.94"));
    QCOMPARE(window.findChild<QLabel *>(QStringLiteral("ticketBalanceAfter"))->text(),
             QStringLiteral("$4,991.06"));
    place->click();
    QVERIFY(confirm());
    QTRY_COMPARE_WITH_TIMEOUT(desk.openOrders()->rowCount(), 1, 5000);
    QCOMPARE(desk.openOrders()->record(0).limitCents, Cents(125));
    QTRY_COMPARE(desk.orderBook()->bestBid().value_or(0) >= 125, true);
    bool levelShown = false;
    for (int row = desk.orderBook()->firstBidRow(); row < desk.orderBook()->rowCount(); ++row)
        levelShown = levelShown || desk.orderBook()->level(row).price == 125;
    QVERIFY(levelShown);
    QTRY_COMPARE(desk.balance().held, Cents(894));
    // The ladder marks the level of the account's own bid.
    LadderView *ladder = window.findChild<LadderView *>(QStringLiteral("orderBookLadder"));
    int ownRow = -1;
    for (int row = desk.orderBook()->firstBidRow(); row < desk.orderBook()->rowCount(); ++row)
        if (desk.orderBook()->level(row).price == 125)
            ownRow = row;
    QTRY_COMPARE(ladder->ownGpusAt(ownRow), qint64(2));
    QCOMPARE(ladder->ownGpusAt(desk.orderBook()->firstBidRow() - 1), qint64(0));

    // Buy now from a ladder click: the ticket takes the level's price and depth.
    buyNow->setChecked(true);
    const int bestAskRow = desk.orderBook()->firstBidRow() - 1;
    QVERIFY(bestAskRow >= 0);
    ladder->centreOnSpread();
    QVERIFY(ladder->viewport()->rect().contains(ladder->bookRowRect(bestAskRow).center()));
    QTest::mouseClick(ladder->viewport(), Qt::LeftButton, {},
                      ladder->bookRowRect(bestAskRow).center());
    QCOMPARE(Money::parse(price->text(), price->locale()), desk.orderBook()->bestAsk());
    QCOMPARE(gpus->value(), int(desk.orderBook()->cumulative(bestAskRow)));
    gpus->setValue(1);
    hours->setValue(1);
    place->click();
    QVERIFY(confirm());
    QTRY_COMPARE_WITH_TIMEOUT(desk.rentals()->rowCount(), 1, 5000);
    QCOMPARE(desk.rentals()->record(0).gpus, 1);

    // Cancel the bid from open orders, after the confirmation; its hold comes back.
    window.findChild<QDockWidget *>(QStringLiteral("rentalsDock"))->raise();
    const auto yes = [&window](const char *name) {
        QMessageBox *box = nullptr;
        for (int i = 0; i < 200 && !box; ++i) {
            box = window.findChild<QMessageBox *>(QString::fromLatin1(name));
            if (!box)
                QTest::qWait(10);
        }
        if (box)
            box->button(QMessageBox::Yes)->click();
        return box != nullptr;
    };
    QTableView *orders = window.findChild<QTableView *>(QStringLiteral("openOrdersDockView"));
    orders->setCurrentIndex(orders->model()->index(0, 0));
    // Every message the status bar shows from here (the sandbox's notifications may follow it).
    QSignalSpy shown(window.statusBar(), &QStatusBar::messageChanged);
    window.findChild<QAction *>(QStringLiteral("cancelOrderAction"))->trigger();
    QVERIFY(yes("cancelConfirmation"));
    QTRY_COMPARE_WITH_TIMEOUT(desk.openOrders()->rowCount(), 0, 5000);
    // The status bar says what just happened, not the earlier "Order placed.".
    QTRY_VERIFY(std::any_of(shown.cbegin(), shown.cend(), [](const QList<QVariant> &args) {
        return args.at(0).toString() == QStringLiteral("Order cancelled.");
    }));

    // Copy the rental's access details, then stop it.
    QTableView *rentals = window.findChild<QTableView *>(QStringLiteral("rentalsDockView"));
    rentals->setCurrentIndex(rentals->model()->index(0, 0));
    window.findChild<QAction *>(QStringLiteral("copyAccessAction"))->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), desk.rentals()->record(0).endpoint);
    QVERIFY(!QGuiApplication::clipboard()->text().isEmpty());
    // A 1-hour rental just started has its hour ahead of it.
    QCOMPARE(rentals->model()->index(0, RentalsModel::HoursLeft).data().toString(),
             QStringLiteral("1 h"));
    // Stop: the Delete key asks (and No keeps the rental), the button under the list too.
    auto *stop = window.findChild<QPushButton *>(QStringLiteral("stopRentalButton"));
    QVERIFY(stop && stop->isVisible() && stop->isEnabled());
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    rentals->setFocus();
    QTest::keyClick(rentals, Qt::Key_Delete);
    QMessageBox *question = nullptr;
    QTRY_VERIFY((question = window.findChild<QMessageBox *>(QStringLiteral("stopConfirmation"))));
    question->button(QMessageBox::No)->click();
    QTRY_VERIFY(!window.findChild<QMessageBox *>(QStringLiteral("stopConfirmation")));
    QCOMPARE(desk.rentals()->rowCount(), 1);
    stop->click();
    QVERIFY(yes("stopConfirmation"));
    QTRY_COMPARE_WITH_TIMEOUT(desk.rentals()->rowCount(), 0, 5000);
    QTRY_VERIFY(!stop->isEnabled());
    QTRY_COMPARE(desk.balance().held, Cents(0));
}

// A window reserved ahead: the rentals list says from when, and cancelling it asks first with its
// fee and what comes back, then the hold less the fee is available again.
void TestMainWindow::reservationSaysItsStartAndItsFee()
{
    test::DeskFixture d;
    QVERIFY(d.start());
    ClientSession &session = d.session;
    DeskState &desk = *d.desk;
    MainWindow &window = *d.window;
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    QTRY_VERIFY(desk.orderBook()->bestAsk().has_value());

    BidRequest window1;
    window1.gpu = desk.selectedGpu();
    window1.kind = OrderKind::BuyNow;
    window1.quantity = 1;
    window1.hours = 2;
    window1.limitCents = *desk.orderBook()->bestAsk() * 2;
    window1.startMs = (session.exchangeNowMs() / MarketRules::HourMs + 30) * MarketRules::HourMs;
    window1.clientOrderId = u"w-1"_s;
    std::optional<Result<OrderPlaced>> placed;
    ExchangeClient(session).placeOrder(window1, this,
                                       [&placed](const Result<OrderPlaced> &r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QVERIFY2(*placed && placed->value().rentals.size() == 1,
             qPrintable(*placed ? QString() : placed->error().message));
    const Rental reserved = placed->value().rentals.first();
    QCOMPARE(reserved.state, RentalState::Reserved);
    QTRY_COMPARE_WITH_TIMEOUT(desk.rentals()->rowCount(), 1, 5000);
    QTRY_COMPARE(desk.balance().available,
                 Cents(500'000) - MarketRules::unbilledRemainder(reserved));

    QTableView *rentals = window.findChild<QTableView *>(u"rentalsDockView"_s);
    const QLocale l = rentals->locale();
    const QString started = rentals->model()->index(0, RentalsModel::Started).data().toString();
    QVERIFY2(started.contains(TimeText::shortDateTime(window1.startMs, l)), qPrintable(started));
    QVERIFY2(started != TimeText::shortDateTime(window1.startMs, l), qPrintable(started));
    // Its hours are all ahead, and it counts down to its start on the exchange's clock.
    const QString left = rentals->model()->index(0, RentalsModel::HoursLeft).data().toString();
    QVERIFY2(left.startsWith(u"%1 h, starts in "_s.arg(reserved.hours)), qPrintable(left));
    QVERIFY2(!left.contains(u"under a minute"_s), qPrintable(left));
    rentals->setCurrentIndex(rentals->model()->index(0, 0));
    window.findChild<QAction *>(u"stopRentalAction"_s)->trigger();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox *>(u"stopConfirmation"_s)));
    const Cents hold = MarketRules::unbilledRemainder(reserved);
    QVERIFY(reserved.cancelFeeCents > 0);
    QVERIFY2(box->text().contains(Money::format(reserved.cancelFeeCents, l))
                 && box->text().contains(Money::format(hold - reserved.cancelFeeCents, l)),
             qPrintable(box->text()));
    box->button(QMessageBox::Yes)->click();
    QTRY_COMPARE_WITH_TIMEOUT(desk.rentals()->rowCount(), 0, 5000);
    QTRY_COMPARE(desk.balance().held, Cents(0));
    QCOMPARE(desk.balance().available, Cents(500'000) - reserved.cancelFeeCents);
}

// The sandbox's first start backfills weeks of history on the exchange thread: the window stays
// responsive and shows how far it is, then hides the bar once the exchange is ready.
void TestMainWindow::sandboxFirstStartShowsProgress()
{
    QTemporaryDir dir;
    ClientSession session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    auto *bar = window.findChild<QProgressBar *>(QStringLiteral("sandboxProgress"));
    QVERIFY(bar);
    QVERIFY(!bar->isVisible());

    EmbeddedExchange exchange;
    connect(&exchange, &EmbeddedExchange::preparing, &window, &MainWindow::showSandboxProgress);
    // What the bar showed after each report (connected after the window's slot: runs after it).
    QList<std::pair<int, bool>> seen;
    int reportedTotal = 0;
    connect(&exchange, &EmbeddedExchange::preparing, this, [&](int, int total) {
        reportedTotal = total;
        seen.append({bar->value(), bar->isVisible()});
    });
    QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
    EmbeddedExchange::Options options;
    options.databasePath = dir.filePath(QStringLiteral("sandbox.db"));
    options.sandbox.backfillDays = 2;
    exchange.start(options);
    QVERIFY(ready.wait(60'000));
    QTRY_VERIFY(!seen.isEmpty() && !seen.last().second);

    // A first start: accounts, funding, each GPU's history, storing, listings.
    QCOMPARE(reportedTotal, 3 + int(GpuCatalog::builtIn().gpus().size()) + 1);
    QCOMPARE(seen.size(), reportedTotal);
    for (qsizetype i = 0; i + 1 < seen.size(); ++i) {
        QVERIFY2(seen[i].second, "the bar shows while the preparation runs");
        QCOMPARE(seen[i].first, int(i + 1));
    }
    QVERIFY(!bar->isVisible());
    QVERIFY(bar->format().contains(u"%p"));
}

// A price filled in English ("4.41") must still read after a switch to Turkish or Indonesian,
// where "." groups thousands: the ticket keeps a valid price and Place order stays enabled.
void TestMainWindow::languageSwitchKeepsTheTicketsPrice()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.appearance()->setLanguage(QStringLiteral("en"));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    desk.selectGpu(QStringLiteral("h200"));
    QTRY_COMPARE(desk.orderBook()->gpu(), QStringLiteral("h200"));
    QTRY_VERIFY(desk.orderBook()->bestAsk().has_value());
    const Cents ask = *desk.orderBook()->bestAsk();
    QVERIFY(ask % 100 != 0); // a price with decimals, which the locales write differently

    auto *price = window.findChild<QLineEdit *>(QStringLiteral("ticketPrice"));
    auto *gpus = window.findChild<QSpinBox *>(QStringLiteral("ticketGpus"));
    auto *hours = window.findChild<QSpinBox *>(QStringLiteral("ticketHours"));
    auto *place = window.findChild<QPushButton *>(QStringLiteral("ticketPlace"));
    auto *total = window.findChild<QLabel *>(QStringLiteral("ticketTotal"));
    QVERIFY(price && gpus && hours && place && total);
    QTRY_COMPARE(Money::parse(price->text(), price->locale()), std::optional<Cents>(ask));
    gpus->setValue(2);
    hours->setValue(12);
    QVERIFY(place->isEnabled());

    for (const QString &language : {u"tr"_s, u"id"_s, u"en"_s}) {
        window.findChild<QAction *>(QStringLiteral("language_") + language)->trigger();
        QCOMPARE(price->locale().name().left(2), language);
        QCOMPARE(Money::parse(price->text(), price->locale()), std::optional<Cents>(ask));
        QCOMPARE(price->text(), Money::toPlain(ask).replace(u'.', price->locale().decimalPoint()));
        QVERIFY2(place->isEnabled(), qPrintable(language));
        QCOMPARE(gpus->value(), 2);
        QCOMPARE(hours->value(), 12);
        QCOMPARE(gpus->text(), price->locale().toString(2));
        QVERIFY(total->text() != QStringLiteral("\u2014"));
    }
}

// A reconnect to an exchange that no longer knows the token (a restarted server) signs the user
// out: the status bar and the notifications say so, and the sign-in dialog opens.
void TestMainWindow::refusedResumeOpensSignIn()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), ClientSession::State::SignedIn, 5000);
    QVERIFY(!window.findChild<QDialog *>(QStringLiteral("loginDialog")));

    // The same desk, reconnecting to an exchange that never issued its token.
    test::SandboxFixture restarted;
    QVERIFY(restarted.start());
    session.disconnectFromExchange();
    session.setTransportFactory([&restarted] { return restarted.exchange.connectClient(); });
    session.connectToExchange();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), ClientSession::State::Connected, 10'000);

    QDialog *login = nullptr;
    QTRY_VERIFY((login = window.findChild<QDialog *>(QStringLiteral("loginDialog"))));
    QTRY_VERIFY(login->isVisible());
    const QString said = window.statusBar()->currentMessage();
    QVERIFY2(said.contains(QStringLiteral("session")), qPrintable(said));
    NotificationsModel *notes = window.notifications();
    QCOMPARE(notes->rowCount(), 1);
    QCOMPARE(notes->index(0, NotificationsModel::Text).data().toString(), said);
    QCOMPARE(notes->index(0, NotificationsModel::Kind).data().toString(),
             QStringLiteral("Signed out"));
}

void TestMainWindow::suspensionSignsTheDeskOut_data()
{
    QTest::addColumn<QString>("reason");
    QTest::addColumn<bool>("cut"); // too long for the box: the whole of it under its details
    QTest::newRow("one line") << u"chargeback under review"_s << false;
    // As long as support may write (500 characters), on more lines than the box shows.
    QString many;
    for (int line = 1; line <= 40; ++line)
        many += u"line %1 of the reason\n"_s.arg(line, 2, 10, QChar(u'0'));
    many = many.left(500).trimmed();
    QTest::newRow("500 characters on 40 lines") << many << true;
}

// Support suspends the signed-in customer: the desk hears it at once, signs out, clears the
// account's figures, says why, and does not try the revoked session again.
void TestMainWindow::suspensionSignsTheDeskOut()
{
    QFETCH(QString, reason);
    QFETCH(bool, cut);
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), ClientSession::State::SignedIn, 5000);
    const qint64 customer = session.account().id;
    // A bid that rests in the book (far below every offer), and a balance to show.
    std::optional<Result<OrderPlaced>> placed;
    ExchangeClient(session).placeOrder({u"h100-sxm"_s, OrderKind::Limit, 1, 1, 50, 0, {}, {}}, this,
                                       [&placed](Result<OrderPlaced> r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QVERIFY2(placed->ok(), qPrintable(placed->ok() ? QString() : placed->error().message));
    QTRY_COMPARE_WITH_TIMEOUT(desk.openOrders()->rowCount(), 1, 5000);
    QTRY_VERIFY(desk.balance().available > 0);
    QLabel *account = window.findChild<QLabel *>(u"statusAccount"_s);
    QLabel *balance = window.findChild<QLabel *>(u"statusBalance"_s);
    QTRY_VERIFY(!balance->text().isEmpty());

    // A support agent's desk of its own suspends the customer.
    ClientSession agent;
    agent.setTransportFactory([&sandbox] { return sandbox.exchange.connectClient(); });
    agent.setPingInterval(0);
    agent.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(agent.state() == ClientSession::State::Connected, 10'000);
    agent.loginDemo(Role::Support);
    QTRY_COMPARE_WITH_TIMEOUT(agent.state(), ClientSession::State::SignedIn, 5000);
    std::optional<Result<Account>> suspended;
    ExchangeClient(agent).suspendAccount({customer, reason}, this,
                                         [&suspended](Result<Account> r) { suspended = r; });

    // Signed out without asking anything, its figures gone.
    QMessageBox *box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (box = window.findChild<QMessageBox *>(u"signedOutBySupportMessage"_s)), 5000);
    QVERIFY(suspended.has_value() && suspended->ok());
    QCOMPARE(session.state(), ClientSession::State::Connected);
    QCOMPARE(session.account().id, 0);
    QCOMPARE(desk.openOrders()->rowCount(), 0);
    QCOMPARE(desk.rentals()->rowCount(), 0);
    QCOMPARE(desk.balance().available, 0);
    QTRY_COMPARE(account->text(), u"Not signed in"_s);
    QCOMPARE(balance->text(), QString());
    // It says so, and why: in a box that fits the smallest screen, the status bar and the
    // notifications.
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->text(), u"Your account was suspended by support."_s);
    const QString firstLine = reason.section(u'\n', 0, 0);
    QVERIFY2(box->informativeText().contains(firstLine), qPrintable(box->informativeText()));
    QCOMPARE(box->informativeText().contains(reason), !cut);
    QCOMPARE(box->detailedText(), cut ? reason : QString());
    QVERIFY(box->informativeText().count(u'\n') <= 10);
    QVERIFY2(box->width() <= 1280 && box->height() <= 800,
             qPrintable(u"%1x%2"_s.arg(box->width()).arg(box->height())));
    const QString said = window.statusBar()->currentMessage();
    QVERIFY2(said.startsWith(u"Your account was suspended by support: "_s), qPrintable(said));
    QVERIFY(said.contains(firstLine));
    NotificationsModel *notes = window.notifications();
    QCOMPARE(notes->rowCount(), 1);
    QCOMPARE(notes->index(0, NotificationsModel::Text).data().toString(), said);
    // Nobody is asked to sign in (the account cannot), and a reconnection resumes nothing.
    QVERIFY(!window.findChild<QDialog *>(u"loginDialog"_s));
    sandbox.dropConnection();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), ClientSession::State::Connecting, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), ClientSession::State::Connected, 10'000);
    QVERIFY(!window.findChild<QDialog *>(u"loginDialog"_s));
    QCOMPARE(session.account().id, 0);
}

// A provider who signed up waits for support; support rejects the application: the desk hears
// it at once, signs out and says so, without support's reason.
void TestMainWindow::rejectedApplicationSignsTheProviderOut()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    QSignalSpy sent(&session, &ClientSession::signUpSent);
    const QString email = u"gpu@nusa.example"_s, password = u"a long passphrase"_s;
    session.signUp({email, password, Role::Provider, u"ID"_s, u"Ayu Lestari"_s, u"Nusa GPU"_s});
    QVERIFY(sent.wait(10'000));
    const auto receipt = sent.at(0).at(0).value<SignUpReceipt>();
    QVERIFY(receipt.sandboxMail && !receipt.sandboxMail->code.isEmpty());
    session.verifyEmail({email, password, receipt.sandboxMail->code});
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), ClientSession::State::SignedIn, 10'000);
    QCOMPARE(session.account().state, AccountState::Pending);
    const qint64 provider = session.account().id;

    ClientSession agent;
    agent.setTransportFactory([&sandbox] { return sandbox.exchange.connectClient(); });
    agent.setPingInterval(0);
    agent.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(agent.state() == ClientSession::State::Connected, 10'000);
    agent.loginDemo(Role::Support);
    QTRY_COMPARE_WITH_TIMEOUT(agent.state(), ClientSession::State::SignedIn, 5000);
    ExchangeClient(agent).decideApplication({provider, false, u"no such company"_s}, this,
                                            [](Result<Account>) {});

    QMessageBox *box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (box = window.findChild<QMessageBox *>(u"signedOutBySupportMessage"_s)), 5000);
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->text(), u"Support rejected your provider application."_s);
    QVERIFY(!box->informativeText().contains(u"no such company"_s));
    QCOMPARE(session.state(), ClientSession::State::Connected);
    QCOMPARE(session.account().id, 0);
    QCOMPARE(window.statusBar()->currentMessage(), box->text());
    QVERIFY(!window.findChild<QDialog *>(u"loginDialog"_s));
}

void TestMainWindow::confirmationsNameTheGpuInWords_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("Indonesian") << u"id"_s;
    QTest::newRow("Turkish") << u"tr"_s;
}

// What a person reads (the ticket's confirmations, open orders, rentals, the cancel and stop
// questions) names the GPU as the catalog does, never by its id, and says "3 hours", not
// "3 hour(s)", in every language.
void TestMainWindow::confirmationsNameTheGpuInWords()
{
    QFETCH(QString, language);
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QAction *>(u"language_"_s + language)->trigger();
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    QTRY_VERIFY(desk.orderBook()->bestAsk().has_value());
    const QString id = desk.selectedGpu();
    const QString name = GpuCatalog::builtIn().displayName(id);
    QVERIFY(!id.isEmpty() && name != id);

    const auto readable = [&](const QString &text) {
        if (text.contains(u"(s)") || text.contains(id) || !text.contains(name)) {
            qWarning().noquote() << "not for people:" << text;
            return false;
        }
        return true;
    };
    const auto answer = [&window](const QString &objectName, QMessageBox::StandardButton button) {
        QMessageBox *box = nullptr;
        for (int i = 0; i < 200 && !box; ++i) {
            box = window.findChild<QMessageBox *>(objectName);
            if (!box)
                QTest::qWait(10);
        }
        if (!box)
            return QString();
        const QString text = box->text();
        box->button(button)->click();
        return text;
    };
    auto *bid = window.findChild<QRadioButton *>(u"ticketBid"_s);
    auto *buyNow = window.findChild<QRadioButton *>(u"ticketBuyNow"_s);
    auto *gpus = window.findChild<QSpinBox *>(u"ticketGpus"_s);
    auto *hours = window.findChild<QSpinBox *>(u"ticketHours"_s);
    auto *price = window.findChild<QLineEdit *>(u"ticketPrice"_s);
    auto *place = window.findChild<QPushButton *>(u"ticketPlace"_s);
    const auto priceText = [price](Cents cents) {
        return Money::toPlain(cents).replace(u'.', price->locale().decimalPoint());
    };

    // A bid well under the market, and a buy now at the best offer: a rental.
    bid->setChecked(true);
    gpus->setValue(2);
    hours->setValue(3);
    price->setText(priceText(125));
    QVERIFY(place->isEnabled());
    place->click();
    const QString bidText = answer(u"ticketConfirmation"_s, QMessageBox::Yes);
    QVERIFY(readable(bidText));
    if (language == u"en")
        QVERIFY2(bidText.contains(u"2 GPUs of "_s + name + u" for 3 hours"_s), qPrintable(bidText));
    QTRY_COMPARE_WITH_TIMEOUT(desk.openOrders()->rowCount(), 1, 5000);
    buyNow->setChecked(true);
    gpus->setValue(1);
    hours->setValue(1);
    price->setText(priceText(*desk.orderBook()->bestAsk()));
    QVERIFY(place->isEnabled());
    place->click();
    const QString buyText = answer(u"ticketConfirmation"_s, QMessageBox::Yes);
    QVERIFY(readable(buyText));
    if (language == u"en")
        QVERIFY2(buyText.contains(u"1 GPU of "_s + name + u" for 1 hour,"_s), qPrintable(buyText));
    QTRY_COMPARE_WITH_TIMEOUT(desk.rentals()->rowCount(), 1, 5000);

    // The lists, and the questions before cancelling and stopping.
    auto *orders = window.findChild<QTableView *>(u"openOrdersDockView"_s);
    auto *rentals = window.findChild<QTableView *>(u"rentalsDockView"_s);
    QCOMPARE(orders->model()->index(0, OpenOrdersModel::Gpu).data().toString(), name);
    QCOMPARE(rentals->model()->index(0, RentalsModel::Gpu).data().toString(), name);
    orders->setCurrentIndex(orders->model()->index(0, 0));
    window.findChild<QAction *>(u"cancelOrderAction"_s)->trigger();
    QVERIFY(readable(answer(u"cancelConfirmation"_s, QMessageBox::No)));
    rentals->setCurrentIndex(rentals->model()->index(0, 0));
    window.findChild<QAction *>(u"stopRentalAction"_s)->trigger();
    QVERIFY(readable(answer(u"stopConfirmation"_s, QMessageBox::No)));
    window.findChild<QAction *>(u"language_en"_s)->trigger();
}

// The desk opens on a GPU and the market watch shows that row as chosen; focus coming to the
// market watch (the window's first activation, a closed menu, Ctrl+1, Tab) never switches the
// GPU; a GPU chosen elsewhere (the wizard's "Bid for this") moves the row.
void TestMainWindow::marketWatchSelectsTheShownGpu()
{
    ClientSession session; // not connected: the GPU choice is the desk's own
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    auto *watch = window.findChild<QTableView *>(u"marketWatch"_s);
    const auto chosen = [watch] {
        const QModelIndexList rows = watch->selectionModel()->selectedRows();
        return QStringList {watch->currentIndex().data(MarketWatchModel::GpuIdRole).toString(),
                            rows.size() == 1
                                ? rows.first().data(MarketWatchModel::GpuIdRole).toString()
                                : QString()};
    };
    const QString shown = desk.selectedGpu();
    QVERIFY(!shown.isEmpty());
    QCOMPARE(chosen(), QStringList({shown, shown}));

    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.findChild<QWidget *>(u"ticketPrice"_s)->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(watch));
    watch->clearFocus();
    watch->setFocus(Qt::TabFocusReason);
    watch->setFocus(Qt::ActiveWindowFocusReason);
    QCOMPARE(desk.selectedGpu(), shown);
    QCOMPARE(chosen(), QStringList({shown, shown}));

    desk.selectGpu(u"a100-sxm"_s);
    QCOMPARE(chosen(), QStringList({u"a100-sxm"_s, u"a100-sxm"_s}));
    // The keyboard moves from the chosen row, and the desk follows it.
    QTest::keyClick(watch, Qt::Key_Down);
    QVERIFY(desk.selectedGpu() != u"a100-sxm");
    QCOMPARE(chosen(), QStringList({desk.selectedGpu(), desk.selectedGpu()}));
}

// The wizard's results ask the exchange (market.quote) what the plan costs as it would fill, and
// the window answers from the live sandbox; "Bid for this" fills the ticket with the plan's GPUs,
// hours and placement.
void TestMainWindow::wizardPlanIsQuotedAndBecomesTheTicket()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start(test::SandboxFixture::Market::Live));
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 5000);

    window.findChild<QAction *>(u"wizardAction"_s)->trigger();
    auto *wizard = window.findChild<SizingWizard *>();
    QVERIFY(wizard);
    QList<SizingWizard::RunQuote> asked;
    connect(wizard, &SizingWizard::quoteRequested, wizard,
            [&asked](const QString &gpu, int gpus, int hours, Sizing::Placement placement) {
                asked.append({gpu, gpus, hours, placement, false, 0, 0});
            });
    for (int i = 0; i < 8 && wizard->currentId() != int(SizingWizard::ResultsPageId); ++i)
        wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ResultsPageId));
    QTRY_VERIFY_WITH_TIMEOUT(!asked.isEmpty(), 5000);
    // The exchange's answer shows beside the bid: a total, or that the book cannot take it.
    auto *summary = wizard->findChild<QLabel *>(u"bidSummary"_s);
    QTRY_VERIFY2_WITH_TIMEOUT(summary->text().contains(u"The book quotes")
                                  || summary->text().contains(u"The book cannot take"),
                              qPrintable(summary->text()), 5000);

    wizard->findChild<QPushButton *>(u"bidForThis"_s)->click();
    const SizingWizard::RunQuote &plan = asked.constLast();
    auto *placement = window.findChild<QComboBox *>(u"ticketPlacement"_s);
    QCOMPARE(Placement(placement->currentData().toInt()), plan.placement);
    QCOMPARE(desk.selectedGpu(), plan.gpu);
    wizard->close();
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
