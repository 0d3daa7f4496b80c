// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The provider workspace on the embedded sandbox, driven by object names as a provider would:
// the demo provider's past is there at once (rentals, charts, payouts); a listing added from the
// dialog at the price it suggests from the live book shows its ask in the book; repriced, the
// ask moves; put in a cluster from the dialog, the table shows it, a listing of another region is
// refused in the dialog in words, and an empty name takes it out; rented by a customer, its removal
// is
// refused in place; paused, its ask leaves the book; the billed hour shows in the earnings; a
// payout is requested from the dialog and waits in the list. The prices it suggests follow the
// other providers' best offer, never its own. A provider whose application waits sees why and
// finds its tools off until support decides; an approval turns them on at once. The earnings
// chart's dates fit its width, and its percentages follow the locale.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"
#include "market/marketrules.h"
#include "sandbox/sandbox.h"

#include "provider/clusterdialog.h"
#include "provider/earningschart.h"
#include "provider/listingcalendarview.h"
#include "provider/listingdialog.h"
#include "provider/payoutdialog.h"
#include "provider/providerworkspace.h"
#include "provider/repricedialog.h"
#include "views/deskstate.h"
#include "views/hostedrentalsmodel.h"
#include "views/orderbookmodel.h"
#include "views/payoutsmodel.h"
#include "views/providerlistingsmodel.h"
#include "views/providerstate.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"

#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCore/QFile>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QTest>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QGraphicsScene>
#include <QtWidgets/QGraphicsTextItem>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QTableView>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {

// GPUs resting in the book at a price on the ask side; 0 when there is no such level.
qint64 askAt(const OrderBookModel &book, Cents price)
{
    for (int row = 0; row < book.firstBidRow(); ++row) {
        if (book.level(row).price == price)
            return book.level(row).gpus;
    }
    return 0;
}

// The texts a chart draws (its axes' labels, its legend), as they are drawn: cut ones end in an
// ellipsis.
QStringList drawnTexts(QGraphicsScene *scene)
{
    QStringList out;
    for (QGraphicsItem *item : scene->items()) {
        if (const auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
            out << text->toPlainText();
    }
    return out;
}

// Connects a session and signs it in as the sandbox's demo account of a role.
bool signInDemo(ClientSession &session, Role role)
{
    session.connectToExchange();
    if (!QTest::qWaitFor([&] { return session.state() == ClientSession::State::Connected; },
                         10'000))
        return false;
    session.loginDemo(role);
    return QTest::qWaitFor([&] { return session.state() == ClientSession::State::SignedIn; }, 5000);
}

// Days of provider statistics ending today, with some earnings and use.
ProviderStats statsOver(int days)
{
    ProviderStats stats;
    const qint64 today =
        QDateTime(QDateTime::currentDateTimeUtc().date(), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    for (int i = 0; i < days; ++i) {
        StatsDay day;
        day.dayMs = today - qint64(days - 1 - i) * MarketRules::DayMs;
        day.earningsCents = 1'000 + 37 * i;
        day.utilisationBp = (i * 613) % 10'000;
        stats.days.append(day);
    }
    return stats;
}

const char *const ApprovedTools[] = {"listingAdd",   "listingReprice", "listingCluster",
                                     "listingPause", "listingResume",  "listingRemove",
                                     "payoutRequest"};

void clickOk(QDialog *dialog)
{
    auto *buttons = dialog->findChild<QDialogButtonBox *>(u"buttons"_s);
    QVERIFY(buttons);
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    QVERIFY(ok && ok->isEnabled());
    ok->click();
}

} // namespace

class TestProviderWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateSettings(); }
    void providerDay();
    void calendarShowsAReservation();
    void applicationDecided_data();
    void applicationDecided();
    void earningsDatesFit_data();
    void earningsDatesFit();
    void earningsPercentInTheLocalesPattern_data();
    void earningsPercentInTheLocalesPattern();
};

void TestProviderWorkspace::providerDay()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start()); // a quiet market: only this test trades
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    QVERIFY(signInDemo(session, Role::Provider));

    ProviderWorkspace workspace(session, desk);
    workspace.resize(1000, 700);
    workspace.show();
    QVERIFY(QTest::qWaitForWindowExposed(&workspace));
    ProviderListingsModel *listings = workspace.listings();
    QAbstractItemModelTester listingsTester(listings,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester rentalsTester(workspace.hostedRentals(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester payoutsTester(workspace.payouts(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);

    // The demo provider's past, at once: two servers, rentals, earnings, a paid and a waiting
    // payout, a chart with bars.
    QTRY_COMPARE_WITH_TIMEOUT(listings->rowCount(), 2, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(workspace.hostedRentals()->rowCount() > 0, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(workspace.payouts()->rowCount(), 2, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.balance().earnings > 0, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(workspace.chart()->earningsSet()->count(), 30, 5000);
    QVERIFY(workspace.stats().last7DaysCents > 0);
    // The summary has the 90 days' total too, at least the 30 days'.
    QVERIFY(workspace.stats().last90DaysCents >= workspace.stats().last30DaysCents);
    auto *quarter = workspace.findChild<QLabel *>(u"statsQuarter"_s);
    QVERIFY(quarter);
    QCOMPARE(
        quarter->text(),
        u"90 days: %1"_s.arg(Money::format(workspace.stats().last90DaysCents, quarter->locale())));
    auto *earningsLabel = workspace.findChild<QLabel *>(u"payoutEarningsBalance"_s);
    QVERIFY(earningsLabel);
    QTRY_VERIFY(earningsLabel->text().contains(
        Money::format(desk.balance().earnings, earningsLabel->locale())));
    // The listings follow the ticker: the distance from the best offer is known.
    QTRY_VERIFY_WITH_TIMEOUT(listings->bestAsk(listings->record(0).gpu).has_value(), 5000);
    // Export what the chart shows.
    const QString csvPath = sandbox.dir.filePath(u"earnings.csv"_s);
    QString error;
    QVERIFY2(workspace.exportCsv(csvPath, &error), qPrintable(error));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().count('\n'), 31); // a header and 30 days

    // The GPU with the widest spread, so that a listing one and two cents under its best offer
    // still rests over its best bid (it would sell to a bid at once otherwise).
    QString gpu;
    Cents widest = 0;
    MarketWatchModel *watch = desk.marketWatch();
    for (int row = 0; row < watch->rowCount(); ++row) {
        const TickerEntry t = watch->ticker(row);
        if (t.bid && t.ask && *t.ask - *t.bid > widest) {
            widest = *t.ask - *t.bid;
            gpu = watch->data(watch->index(row, 0), MarketWatchModel::GpuIdRole).toString();
        }
    }
    QVERIFY2(widest >= 3, qPrintable(QString::number(widest)));
    desk.selectGpu(gpu);
    OrderBookModel &book = *desk.orderBook();
    QTRY_VERIFY_WITH_TIMEOUT(book.gpu() == gpu && book.rowCount() > 0, 5000);

    // Add a listing from the dialog at the price it suggests, one cent under the best offer
    // (and still over the best bid, so that it rests): its 2 GPUs are the best offer.
    const Cents bestBefore = *book.bestAsk();
    workspace.findChild<QPushButton *>(u"listingAdd"_s)->click();
    QPointer<ListingDialog> add = workspace.findChild<ListingDialog *>(u"listingDialog"_s);
    QVERIFY(add);
    QTRY_VERIFY(add->isVisible());
    auto *gpuCombo = add->findChild<QComboBox *>(u"listingGpu"_s);
    gpuCombo->setCurrentIndex(gpuCombo->findData(gpu));
    const Cents price = bestBefore - 1;
    QCOMPARE(add->suggestedPrice(), std::optional<Cents>(price));
    QCOMPARE(add->findChild<QLineEdit *>(u"listingPrice"_s)->text(), Money::toPlain(price));
    QVERIFY2(book.bestBid() && *book.bestBid() < price - 1, "the sandbox's spread is too narrow");
    add->findChild<QSpinBox *>(u"listingGpus"_s)->setValue(2);
    QTest::keyClicks(add->findChild<QLineEdit *>(u"listingRegion"_s), u"eu-test"_s);
    QTest::keyClicks(add->findChild<QLineEdit *>(u"listingEndpoint"_s), u"ssh test@198.51.100.9"_s);
    clickOk(add);
    QTRY_VERIFY_WITH_TIMEOUT(!add, 5000); // accepted and deleted
    QTRY_COMPARE_WITH_TIMEOUT(listings->rowCount(), 3, 5000);
    const qint64 mine = listings->record(2).id;
    QCOMPARE(listings->record(2).askCents, price);
    QTRY_COMPARE_WITH_TIMEOUT(askAt(book, price), qint64(2), 5000);
    QCOMPARE(book.bestAsk(), std::optional<Cents>(price));

    // Its own listing is the best offer now; another one would not undercut it: the dialog
    // suggests one cent under the other providers' best offer, as before.
    workspace.findChild<QPushButton *>(u"listingAdd"_s)->click();
    add = workspace.findChild<ListingDialog *>(u"listingDialog"_s);
    QVERIFY(add);
    gpuCombo = add->findChild<QComboBox *>(u"listingGpu"_s);
    gpuCombo->setCurrentIndex(gpuCombo->findData(gpu));
    QTRY_COMPARE_WITH_TIMEOUT(add->suggestedPrice(), std::optional<Cents>(bestBefore - 1), 5000);
    add->reject();
    QTRY_VERIFY(!add);

    // Reprice it (the dialog, a price) one cent lower: the ask moves.
    const Cents repriced = price - 1;
    auto *view = workspace.findChild<QTableView *>(u"listingsView"_s);
    view->selectRow(listings->rowOf(mine));
    auto *reprice = workspace.findChild<QPushButton *>(u"listingReprice"_s);
    QVERIFY(reprice->isEnabled());
    reprice->click();
    QPointer<RepriceDialog> repricing = workspace.findChild<RepriceDialog *>(u"repriceDialog"_s);
    QVERIFY(repricing);
    // "The best offer" is the other providers', not its own price.
    repricing->setRule(RepriceDialog::Rule::BestAsk);
    QCOMPARE(repricing->reprices().size(), 1);
    QCOMPARE(repricing->reprices().at(0).askCents, bestBefore);
    repricing->setRule(RepriceDialog::Rule::Fixed);
    auto *value = repricing->findChild<QLineEdit *>(u"repriceValue"_s);
    value->clear();
    QTest::keyClicks(value, Money::toPlain(repriced));
    QCOMPARE(repricing->reprices().size(), 1);
    QCOMPARE(repricing->reprices().at(0).askCents, repriced);
    clickOk(repricing);
    QTRY_COMPARE_WITH_TIMEOUT(listings->record(listings->rowOf(mine)).askCents, repriced, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(askAt(book, repriced), qint64(2), 5000);
    QCOMPARE(askAt(book, price), qint64(0));

    // Put it in a cluster (the dialog: a name, the fabric, the speed): the table shows it.
    auto *clusterButton = workspace.findChild<QPushButton *>(u"listingCluster"_s);
    view->selectRow(listings->rowOf(mine));
    QVERIFY(clusterButton->isEnabled());
    clusterButton->click();
    QPointer<ClusterDialog> clustering = workspace.findChild<ClusterDialog *>(u"clusterDialog"_s);
    QVERIFY(clustering);
    QTest::keyClicks(clustering->findChild<QLineEdit *>(u"clusterName"_s), u"desk-pod"_s);
    auto *fabric = clustering->findChild<QComboBox *>(u"clusterFabric"_s);
    fabric->setCurrentIndex(fabric->findData(int(Fabric::InfiniBand)));
    clustering->findChild<QSpinBox *>(u"clusterGbps"_s)->setValue(400);
    clickOk(clustering);
    QTRY_VERIFY_WITH_TIMEOUT(!clustering, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(listings->record(listings->rowOf(mine)).cluster, u"desk-pod"_s, 5000);
    QCOMPARE(listings->record(listings->rowOf(mine)).fabric, Fabric::InfiniBand);
    QCOMPARE(listings->record(listings->rowOf(mine)).fabricGbps, 400);
    QCOMPARE(
        listings->index(listings->rowOf(mine), ProviderListingsModel::Cluster).data().toString(),
        u"desk-pod (InfiniBand, 400 Gb/s)"_s);
    // A server of another region cannot join it: the dialog stays and says why, in words.
    const qint64 theirs = listings->record(0).id;
    QVERIFY(theirs != mine);
    view->selectRow(listings->rowOf(theirs));
    clusterButton->click();
    clustering = workspace.findChild<ClusterDialog *>(u"clusterDialog"_s);
    QVERIFY(clustering);
    QTest::keyClicks(clustering->findChild<QLineEdit *>(u"clusterName"_s), u"desk-pod"_s);
    clickOk(clustering);
    auto *problem = clustering->findChild<QLabel *>(u"clusterProblem"_s);
    QTRY_VERIFY_WITH_TIMEOUT(problem->isVisible(), 5000);
    QVERIFY2(problem->text().startsWith(u"The exchange refused: "_s), qPrintable(problem->text()));
    QVERIFY(clustering->isVisible());
    QVERIFY(listings->record(listings->rowOf(theirs)).cluster != u"desk-pod"_s);
    clustering->reject();
    QTRY_VERIFY(!clustering);
    // An empty name takes it out of the cluster.
    view->selectRow(listings->rowOf(mine));
    clusterButton->click();
    clustering = workspace.findChild<ClusterDialog *>(u"clusterDialog"_s);
    QVERIFY(clustering);
    auto *name = clustering->findChild<QLineEdit *>(u"clusterName"_s);
    QCOMPARE(name->text(), u"desk-pod"_s); // it starts from the listing's cluster
    name->clear();
    QVERIFY(!clustering->findChild<QComboBox *>(u"clusterFabric"_s)->isEnabled());
    clickOk(clustering);
    QTRY_VERIFY_WITH_TIMEOUT(!clustering, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(listings->record(listings->rowOf(mine)).cluster.isEmpty(), 5000);
    QVERIFY(listings->index(listings->rowOf(mine), ProviderListingsModel::Cluster)
                .data()
                .toString()
                .isEmpty());

    // A customer rents one of its GPUs.
    const Cents earningsBefore = desk.balance().earnings;
    ClientSession customer;
    customer.setTransportFactory([&sandbox] { return sandbox.exchange.connectClient(); });
    QVERIFY(signInDemo(customer, Role::Customer));
    std::optional<Result<OrderPlaced>> placed;
    ExchangeClient(customer).placeOrder({gpu, OrderKind::BuyNow, 1, 2, repriced, 0, {}}, &customer,
                                        [&placed](Result<OrderPlaced> r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QVERIFY(placed->ok());
    QCOMPARE((*placed)->rentals.size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(listings->record(listings->rowOf(mine)).rentedGpus, 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(askAt(book, repriced), qint64(1), 5000);

    // Removing it is refused while it is rented, with the reason in place; nothing changes.
    auto *message = workspace.findChild<QLabel *>(u"listingsMessage"_s);
    QVERIFY(!message->isVisible());
    view->selectRow(listings->rowOf(mine));
    // Removing asks first, naming the server; Cancel sends nothing.
    workspace.findChild<QPushButton *>(u"listingRemove"_s)->click();
    QPointer<QMessageBox> confirm = workspace.findChild<QMessageBox *>(u"removeConfirmation"_s);
    QVERIFY(confirm);
    QVERIFY(confirm->isVisible());
    QVERIFY2(confirm->informativeText().contains(Money::format(repriced, workspace.locale())),
             qPrintable(confirm->informativeText()));
    QCOMPARE(confirm->defaultButton(), confirm->button(QMessageBox::Cancel));
    confirm->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!confirm);
    QTest::qWait(100);
    QVERIFY(!message->isVisible());
    QCOMPARE(listings->rowCount(), 3);
    workspace.findChild<QPushButton *>(u"listingRemove"_s)->click();
    confirm = workspace.findChild<QMessageBox *>(u"removeConfirmation"_s);
    QVERIFY(confirm);
    confirm->findChild<QPushButton *>(u"removeConfirmed"_s)->click();
    QTRY_VERIFY_WITH_TIMEOUT(message->isVisible(), 5000);
    QVERIFY2(message->text().contains(u"rented"_s), qPrintable(message->text()));
    QCOMPARE(listings->rowCount(), 3);
    QCOMPARE(askAt(book, repriced), qint64(1));

    // Pausing it takes its idle GPU out of the book; the rental goes on.
    workspace.findChild<QPushButton *>(u"listingPause"_s)->click();
    QTRY_COMPARE_WITH_TIMEOUT(listings->record(listings->rowOf(mine)).state, ListingState::Paused,
                              5000);
    QTRY_COMPARE_WITH_TIMEOUT(askAt(book, repriced), qint64(0), 5000);
    QVERIFY(!workspace.findChild<QPushButton *>(u"listingPause"_s)->isEnabled());
    QVERIFY(workspace.findChild<QPushButton *>(u"listingResume"_s)->isEnabled());

    // The rental's first hour is billed at its start: the earnings rise by exactly its share,
    // and the rental shows on the hardware tab with it.
    const Cents earned =
        MarketRules::hourSplit(1, repriced, 0, MarketRules::DefaultPlatformFeeBp).providerEarnings;
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().earnings, earningsBefore + earned, 5000);
    const qint64 rentalId = (*placed)->rentals.at(0).id;
    QTRY_VERIFY_WITH_TIMEOUT(workspace.hostedRentals()->contains(rentalId), 5000);
    const HostedRental hosted =
        workspace.hostedRentals()->record(workspace.hostedRentals()->rowOf(rentalId));
    QCOMPARE(hosted.earnedCents, earned);
    QCOMPARE(hosted.hoursBilled, 1);
    QCOMPARE(hosted.gpus, 1);

    // Request a payout from the dialog: it waits in the list, the earnings move to pending.
    const Balance before = desk.balance();
    workspace.findChild<QPushButton *>(u"payoutRequest"_s)->click();
    QPointer<PayoutDialog> payout = workspace.findChild<PayoutDialog *>(u"payoutDialog"_s);
    QVERIFY(payout);
    auto *amount = payout->findChild<QLineEdit *>(u"payoutAmount"_s);
    amount->clear();
    QTest::keyClicks(amount, u"1.00"_s);
    clickOk(payout);
    QTRY_VERIFY_WITH_TIMEOUT(!payout, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(workspace.payouts()->rowCount(), 3, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().payoutPending, before.payoutPending + 100, 5000);
    QCOMPARE(desk.balance().earnings, before.earnings - 100);
    bool requested = false;
    for (int row = 0; row < workspace.payouts()->rowCount(); ++row) {
        const Payout &p = workspace.payouts()->record(row);
        requested = requested || (p.amountCents == 100 && p.state == PayoutState::Requested);
    }
    QVERIFY(requested);
}

void TestProviderWorkspace::calendarShowsAReservation()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    QVERIFY(signInDemo(session, Role::Provider));
    ProviderWorkspace workspace(session, desk);
    workspace.resize(1000, 700);
    workspace.show();
    QVERIFY(QTest::qWaitForWindowExposed(&workspace));
    QTRY_COMPARE_WITH_TIMEOUT(workspace.listings()->rowCount(), 2, 5000);

    // A server at the lowest price there is, so that a window is reserved on it.
    const QString gpu = u"l40s"_s;
    std::optional<Result<Listing>> added;
    workspace.state()->addListing({gpu, 8, u"eu-central"_s, u"ssh gpu@203.0.113.9"_s, 1},
                                  &workspace, [&added](Result<Listing> r) { added = r; });
    QTRY_VERIFY_WITH_TIMEOUT(added.has_value(), 5000);
    QVERIFY(added->ok());
    const qint64 listingId = (*added)->id;
    auto *servers = workspace.findChild<QComboBox *>(u"calendarListing"_s);
    QVERIFY(servers);
    QTRY_VERIFY_WITH_TIMEOUT(servers->findData(listingId) >= 0, 5000);
    servers->setCurrentIndex(servers->findData(listingId));
    auto *tabs = workspace.findChild<QTabWidget *>(u"providerTabs"_s);
    tabs->setCurrentWidget(workspace.findChild<QWidget *>(u"calendarPage"_s));
    ListingCalendarView *calendar = workspace.calendar();
    QVERIFY(calendar->isVisible());
    QCOMPARE(calendar->hours().size(), ListingCalendarView::Days * 24);

    // A customer reserves 3 of its GPUs for 5 hours, two days ahead.
    ClientSession customer;
    customer.setTransportFactory([&sandbox] { return sandbox.exchange.connectClient(); });
    QVERIFY(signInDemo(customer, Role::Customer));
    BidRequest bid {gpu, OrderKind::BuyNow, 3, 5, 1, 0, {}};
    bid.startMs =
        MarketRules::hoursTaken(customer.exchangeNowMs(), 0).startMs + 2 * MarketRules::DayMs;
    std::optional<Result<OrderPlaced>> placed;
    ExchangeClient(customer).placeOrder(bid, &customer,
                                        [&placed](Result<OrderPlaced> r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QVERIFY(placed->ok());
    QCOMPARE((*placed)->rentals.size(), 1);
    const Rental reserved = (*placed)->rentals.at(0);
    QCOMPARE(reserved.listingId, listingId);
    QCOMPARE(reserved.state, RentalState::Reserved);

    // Its five hours show 3 GPUs reserved of 8, and not the hours around them.
    const int first = int((bid.startMs - calendar->fromMs()) / MarketRules::HourMs);
    QVERIFY(first > 0 && first + 5 < calendar->hours().size());
    QTRY_COMPARE_WITH_TIMEOUT(calendar->hours().at(first).reserved, 3, 5000);
    for (int h = first; h < first + 5; ++h)
        QCOMPARE(calendar->hours().at(h), (ProviderCalendar::Hour {0, 3}));
    QCOMPARE(calendar->hours().at(first - 1), ProviderCalendar::Hour {});
    QCOMPARE(calendar->hours().at(first + 5), ProviderCalendar::Hour {});
    const QString said = calendar->hourText(first);
    QVERIFY2(said.contains(u"3 reserved"_s) && said.contains(u"5 idle of 8"_s), qPrintable(said));
    QCOMPARE(calendar->hourAt(calendar->cellRect(first).center()), first);
    // Drawn: the reserved hour's cell is not painted as an idle one.
    const QImage drawn = calendar->grab().toImage();
    const qreal dpr = drawn.devicePixelRatio();
    const auto pixel = [&](int hour) {
        const QRect cell = calendar->cellRect(hour);
        return drawn.pixelColor(QPoint(cell.center().x(), cell.bottom() - 2) * dpr);
    };
    QVERIFY(pixel(first) != pixel(first + 6));

    // What it books ahead: its hours' earnings, less the platform fee.
    const Cents ahead = 5 * MarketRules::hourSplit(reserved).providerEarnings;
    QCOMPARE(MarketRules::earningsAhead(reserved), ahead);
    auto *booked = workspace.findChild<QLabel *>(u"calendarBooked"_s);
    QTRY_VERIFY2(booked->text().contains(Money::format(ahead, workspace.locale())),
                 qPrintable(booked->text()));

    // Cancelled, it leaves the calendar.
    std::optional<Result<Rental>> cancelled;
    ExchangeClient(customer).stopRental(reserved.id, &customer,
                                        [&cancelled](Result<Rental> r) { cancelled = r; });
    QTRY_VERIFY_WITH_TIMEOUT(cancelled.has_value(), 5000);
    QVERIFY(cancelled->ok());
    QTRY_COMPARE_WITH_TIMEOUT(calendar->hours().at(first), ProviderCalendar::Hour {}, 5000);
}

void TestProviderWorkspace::applicationDecided_data()
{
    QTest::addColumn<bool>("approve");
    QTest::newRow("approved") << true;
    QTest::newRow("rejected") << false;
}

void TestProviderWorkspace::applicationDecided()
{
    QFETCH(bool, approve);
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    QStringList kinds;
    QObject::connect(&desk, &DeskState::notification, &desk,
                     [&kinds](const QString &kind, const QString &) { kinds << kind; });
    bool accountSnapshot = false;
    QObject::connect(&session, &ClientSession::snapshotReceived, &desk,
                     [&accountSnapshot](const QString &channel) {
                         accountSnapshot = accountSnapshot || channel == Channel::AccountName;
                     });
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    // The sandbox's applicant: a provider whose application waits for support.
    session.login(Sandbox::applicantEmail(), QString::fromLatin1(Sandbox::DemoPassword));
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 10'000);
    QCOMPARE(session.account().state, AccountState::Pending);

    ProviderWorkspace workspace(session, desk);
    workspace.resize(1000, 700);
    workspace.show();
    QVERIFY(QTest::qWaitForWindowExposed(&workspace));
    QSignalSpy messages(&workspace, &ProviderWorkspace::message);
    // Said at once, and nothing that the exchange would refuse is offered.
    auto *banner = workspace.findChild<QLabel *>(u"providerApproval"_s);
    QVERIFY(banner);
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(u"waiting for approval"_s), qPrintable(banner->text()));
    for (const char *name : ApprovedTools) {
        auto *tool = workspace.findChild<QPushButton *>(QString::fromLatin1(name));
        QVERIFY2(tool && !tool->isEnabled(), name);
    }
    QTRY_VERIFY_WITH_TIMEOUT(accountSnapshot, 5000);

    // Support decides the application.
    ClientSession agent;
    agent.setTransportFactory([&sandbox] { return sandbox.exchange.connectClient(); });
    agent.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(agent.state() == ClientSession::State::Connected, 5000);
    agent.loginDemo(Role::Support);
    QTRY_VERIFY_WITH_TIMEOUT(agent.state() == ClientSession::State::SignedIn, 5000);
    std::optional<Result<Account>> decided;
    ExchangeClient(agent).decideApplication({session.account().id, approve, u"company checked"_s},
                                            &agent, [&decided](Result<Account> r) { decided = r; });
    QTRY_VERIFY_WITH_TIMEOUT(decided.has_value(), 5000);
    QVERIFY(decided->ok());

    // The desk is told without signing in again, in the notifications and the status bar.
    const QString kind = approve ? QString(NotificationKind::ApplicationApproved)
                                 : QString(NotificationKind::ApplicationRejected);
    QTRY_VERIFY_WITH_TIMEOUT(kinds.contains(kind), 5000);
    QCOMPARE(workspace.state()->accountState(),
             approve ? AccountState::Active : AccountState::Rejected);
    QVERIFY(!messages.isEmpty());
    if (approve) {
        QVERIFY(!banner->isVisible());
        QVERIFY(workspace.findChild<QPushButton *>(u"listingAdd"_s)->isEnabled());
        // And the exchange takes a listing from this very session.
        std::optional<Result<Listing>> listed;
        ListingRequest request;
        request.gpu = GpuCatalog::builtIn().gpus().first().id;
        request.gpuCount = 1;
        request.region = u"eu-test"_s;
        request.endpoint = u"ssh test@198.51.100.9"_s;
        request.askCents = MarketRules::MaxPriceCents;
        workspace.state()->addListing(request, &workspace,
                                      [&listed](Result<Listing> r) { listed = r; });
        QTRY_VERIFY_WITH_TIMEOUT(listed.has_value(), 5000);
        QVERIFY2(listed->ok(), qPrintable(listed->ok() ? QString() : listed->error().message));
        QTRY_COMPARE_WITH_TIMEOUT(workspace.listings()->rowCount(), 1, 5000);
    } else {
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().contains(u"not approved"_s), qPrintable(banner->text()));
        for (const char *name : ApprovedTools)
            QVERIFY2(!workspace.findChild<QPushButton *>(QString::fromLatin1(name))->isEnabled(),
                     name);
    }
}

void TestProviderWorkspace::earningsDatesFit_data()
{
    QTest::addColumn<QSize>("window");
    QTest::addColumn<int>("days");
    for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
        for (const int days : {7, 30, 90}) {
            const QByteArray name = QByteArray::number(days) + " days at "
                + QByteArray::number(size.width()) + "x" + QByteArray::number(size.height());
            QTest::newRow(name.constData()) << size << days;
        }
    }
}

void TestProviderWorkspace::earningsDatesFit()
{
    QFETCH(QSize, window);
    QFETCH(int, days);
    ClientSession session; // not connected: the chart is fed by hand
    DeskState desk(session, GpuCatalog::builtIn());
    ProviderWorkspace workspace(session, desk);
    workspace.setLocale(QLocale(QLocale::English, QLocale::UnitedKingdom));
    // The desk's docks take about a third of the window beside the workspace.
    workspace.resize(window.width() * 2 / 3, window.height() * 2 / 3);
    workspace.findChild<QTabWidget *>(u"providerTabs"_s)
        ->setCurrentWidget(workspace.findChild<QWidget *>(u"earningsPage"_s));
    workspace.show();
    QVERIFY(QTest::qWaitForWindowExposed(&workspace));
    EarningsChart *chart = workspace.chart();
    const ProviderStats stats = statsOver(days);
    chart->setStats(stats);
    QTRY_VERIFY(chart->chart()->plotArea().width() > 0);
    QCoreApplication::processEvents();

    // Short dates, today's always among them, more than one.
    const QStringList labels = chart->dayLabels();
    QVERIFY2(labels.size() >= 2, qPrintable(labels.join(u", "_s)));
    QCOMPARE(labels.last(),
             QLocale(QLocale::English, QLocale::UnitedKingdom)
                 .toString(QDateTime::currentDateTimeUtc().date(), u"d MMM"_s));
    QVERIFY(labels.size() <= days);
    // Every date is drawn whole: no label cut to an ellipsis, each shown as it reads.
    const QStringList drawn = drawnTexts(chart->scene());
    for (const QString &text : drawn)
        QVERIFY2(!text.contains(u'…') && !text.contains(u"..."_s), qPrintable(text));
    for (const QString &label : labels)
        QVERIFY2(drawn.contains(label), qPrintable(label + u" in "_s + drawn.join(u", "_s)));
}

void TestProviderWorkspace::earningsPercentInTheLocalesPattern_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("full");
    QTest::newRow("English") << QLocale(QLocale::English, QLocale::UnitedStates) << u"100%"_s;
    QTest::newRow("Turkish") << QLocale(QLocale::Turkish, QLocale::Turkey) << u"%100"_s;
}

void TestProviderWorkspace::earningsPercentInTheLocalesPattern()
{
    QFETCH(QLocale, locale);
    QFETCH(QString, full);
    EarningsChart chart;
    chart.setLocale(locale);
    chart.resize(900, 400);
    chart.setStats(statsOver(7));
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QVERIFY2(chart.percentLabels().contains(full), qPrintable(chart.percentLabels().join(u' ')));
    QTRY_VERIFY(drawnTexts(chart.scene()).contains(full));
}

QTEST_MAIN(TestProviderWorkspace)
#include "tst_providerworkspace.moc"
