// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Windows ahead in the desk (docs/protocol.md "Windows ahead"), offscreen, on the embedded
// sandbox: the order ticket's Start offers now and the whole hours from the next to 14 days ahead,
// and nothing else; the cost-by-start chart prices the ticket's run at every start with
// market.windows, marks the cheapest, leaves starts with nothing free as gaps, asks once for a
// burst of changes; a click on a bar fills the ticket's Start, which the order the ticket builds
// carries and its confirmation names.

#include "fixtures/testsettings.h"
#include "server/embeddedexchange.h"

#include "market/marketrules.h"
#include "trading/marketcolors.h"
#include "trading/orderticket.h"
#include "trading/startcostchart.h"
#include "views/deskstate.h"
#include "views/orderbookmodel.h"
#include "views/starttext.h"
#include "window/mainwindow.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"
#include "wire/serverconnector.h"

#include <QtCharts/QBarSet>
#include <QtCharts/QChartView>
#include <QtCharts/QStackedBarSeries>
#include <QtCharts/QValueAxis>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimeZone>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QSpinBox>

#include <ctime>
#include <memory>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {
constexpr qint64 HourMs = StartText::HourMs;

// The desk on a quiet sandbox whose clock runs at the wall's pace (an exchange hour is an hour),
// signed in as the demo customer.
struct Desk
{
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    ClientSession session;
    std::unique_ptr<DeskState> desk;
    std::unique_ptr<ServerConnector> connector;
    std::unique_ptr<MainWindow> window;

    bool start()
    {
        EmbeddedExchange::Options o;
        o.databasePath = dir.filePath(u"sandbox.db"_s);
        o.sandbox.backfillDays = 2;
        o.sandbox.stepIntervalMs = 60'000;
        o.sandbox.timeScale = 1;
        QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
        exchange.start(o);
        if (!ready.wait(60'000))
            return false;
        session.setTransportFactory([this] { return exchange.connectClient(); });
        desk = std::make_unique<DeskState>(session, GpuCatalog::builtIn());
        desk->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
        connector = std::make_unique<ServerConnector>(session);
        window = std::make_unique<MainWindow>(*connector, *desk);
        window->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
        window->resize(1280, 800);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return false;
        session.connectToExchange();
        if (!QTest::qWaitFor([&] { return session.state() == ClientSession::State::Connected; },
                             10'000))
            return false;
        session.loginDemo(Role::Customer);
        return QTest::qWaitFor([&] { return desk->balance().available > 0; }, 10'000);
    }

    OrderTicket *ticket() const { return window->findChild<OrderTicket *>(u"orderTicket"_s); }
    StartCostChart *chart() const
    {
        return window->findChild<StartCostChart *>(u"startCostChart"_s);
    }
};

// market.windows of the desk's account, asked apart from the chart.
WindowsQuote askWindows(ClientSession &session, const WindowsRequest &request)
{
    std::optional<Result<WindowsQuote>> answer;
    QObject context;
    ExchangeClient(session).windows(request, &context,
                                    [&](const Result<WindowsQuote> &r) { answer = r; });
    if (!QTest::qWaitFor([&] { return answer.has_value(); }, 10'000))
        return {}; // no answer: the callers' comparisons fail
    return *answer ? **answer : WindowsQuote {};
}

// Whether the chart shows the answer for the ticket's run as it is now.
bool chartShowsTheTicket(StartCostChart *chart, OrderTicket *ticket)
{
    const OrderTicket::Run run = ticket->run();
    const WindowsQuote &q = chart->windows();
    return q.gpu == run.gpu && q.quantity == run.gpus && q.hours == run.hours
        && q.placement == run.placement && q.windows.size() == MarketRules::WindowDays * 24;
}
} // namespace

class TestStartCost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void startOffersTheNextHourTo14Days();
    void chartPricesTheTicketsRun();
    void clickOnABarFillsTheStart();
    void cheapestIsMarked();
    void burstOfChangesAsksOnceAtATime();

private:
    std::unique_ptr<Desk> m_desk;
};

void TestStartCost::initTestCase()
{
    // A user in Berlin: the start's hour on the computer's clock is not UTC's (CET, UTC+1 in
    // December; CEST in summer).
    qputenv("TZ", "Europe/Berlin");
    tzset();
    test::isolateSettings();
    m_desk = std::make_unique<Desk>();
    QVERIFY(m_desk->start());
    QVERIFY(m_desk->ticket());
    QVERIFY(m_desk->chart());
    // The chart's tab in front, as a user who chose it would see it.
    auto *dock = m_desk->window->findChild<QDockWidget *>(u"startCostDock"_s);
    QVERIFY(dock);
    dock->show();
    dock->raise();
    QTRY_VERIFY(m_desk->chart()->isVisible());
}

void TestStartCost::cleanupTestCase()
{
    m_desk.reset();
}

void TestStartCost::startOffersTheNextHourTo14Days()
{
    OrderTicket *ticket = m_desk->ticket();
    auto *field = ticket->findChild<QComboBox *>(u"ticketStart"_s);
    QVERIFY(field);
    QCOMPARE(ticket->start(), 0); // now, by default
    QCOMPARE(field->itemData(0).toLongLong(), 0);
    QCOMPARE(field->itemText(0), u"Now"_s);
    const qint64 now = m_desk->session.exchangeNowMs();
    const qint64 first = (now / HourMs + 1) * HourMs;
    // Now, then every whole hour from the next one, 14 days of them.
    QCOMPARE(field->count(), 1 + MarketRules::WindowDays * 24);
    QCOMPARE(field->itemData(1).toLongLong(), first);
    for (int i = 2; i < field->count(); ++i)
        QCOMPARE(field->itemData(i).toLongLong() - field->itemData(i - 1).toLongLong(), HourMs);
    const qint64 last = field->itemData(field->count() - 1).toLongLong();
    QCOMPARE(last, first + (14 * 24 - 1) * HourMs);
    // Each on the user's clock with the same moment in UTC beside it: "Sat Dec 5 3:00 PM
    // (2:00 PM UTC)" in Berlin, in American English.
    const QLocale l = ticket->locale();
    QCOMPARE(l, QLocale(QLocale::English, QLocale::UnitedStates));
    for (const int i : {1, 100, field->count() - 1}) {
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(field->itemData(i).toLongLong());
        const QDateTime berlin = at.toTimeZone(QTimeZone("Europe/Berlin"));
        QVERIFY(berlin.offsetFromUtc() > 0);
        QCOMPARE(field->itemText(i),
                 u"%1 %2 (%3 UTC)"_s.arg(l.toString(berlin.date(), u"ddd MMM d"_s),
                                         l.toString(berlin.time(), QLocale::ShortFormat),
                                         l.toString(at.toUTC().time(), QLocale::ShortFormat)));
    }

    // Nothing else is taken: the hour now is in, the one after the last, half an hour, the past.
    QVERIFY(ticket->setStart(first + HourMs));
    QCOMPARE(ticket->start(), first + HourMs);
    for (const qint64 refused : {first - HourMs, last + HourMs, first + HourMs / 2, qint64(1)}) {
        QVERIFY2(!ticket->setStart(refused), qPrintable(QString::number(refused)));
        QCOMPARE(ticket->start(), first + HourMs);
    }
    QVERIFY(ticket->setStart(last));
    QVERIFY(ticket->setStart(0));
    QCOMPARE(ticket->start(), 0);
}

void TestStartCost::chartPricesTheTicketsRun()
{
    OrderTicket *ticket = m_desk->ticket();
    StartCostChart *chart = m_desk->chart();
    ticket->findChild<QSpinBox *>(u"ticketGpus"_s)->setValue(2);
    ticket->findChild<QSpinBox *>(u"ticketHours"_s)->setValue(5);
    QTRY_VERIFY_WITH_TIMEOUT(chartShowsTheTicket(chart, ticket), 10'000);
    const OrderTicket::Run run = ticket->run();
    QCOMPARE(run.placement, Placement::Server); // two GPUs: one server, the ticket's default
    // The bars are the exchange's totals, start by start; a start with nothing free is a gap.
    WindowsRequest request;
    request.gpu = run.gpu;
    request.quantity = run.gpus;
    request.hours = run.hours;
    request.placement = run.placement;
    const WindowsQuote asked = askWindows(m_desk->session, request);
    QCOMPARE(asked.windows.size(), chart->windows().windows.size());
    const QList<StartWindow> &shown = chart->windows().windows;
    int free = 0;
    for (int i = 0; i < shown.size(); ++i) {
        const qreal bar = chart->costSet()->at(i) + chart->cheapestSet()->at(i);
        if (shown[i].placements == 0) {
            QCOMPARE(bar, chart->moneyAxis()->min());
        } else {
            ++free;
            QCOMPARE(qRound64(bar * 100), shown[i].totalCents);
        }
    }
    QVERIFY(free > 0);
}

void TestStartCost::clickOnABarFillsTheStart()
{
    OrderTicket *ticket = m_desk->ticket();
    StartCostChart *chart = m_desk->chart();
    ticket->findChild<QRadioButton *>(u"ticketBid"_s)->setChecked(true);
    ticket->findChild<QSpinBox *>(u"ticketGpus"_s)->setValue(1);
    ticket->findChild<QSpinBox *>(u"ticketHours"_s)->setValue(3);
    ticket->findChild<QLineEdit *>(u"ticketPrice"_s)->setText(u"0.50"_s);
    QTRY_VERIFY_WITH_TIMEOUT(chartShowsTheTicket(chart, ticket), 10'000);
    QCOMPARE(ticket->start(), 0);
    // A start with something free, days ahead, and not the cheapest one (which a default might
    // pick): the one clicked, and no other, is the ticket's.
    const QList<StartWindow> &windows = chart->windows().windows;
    int target = -1;
    for (int i = 100; i < windows.size() && target < 0; ++i)
        if (windows[i].placements > 0 && i != chart->cheapestIndex())
            target = i;
    QVERIFY(target > 0);
    const qint64 startMs = windows[target].startMs;
    QSignalSpy chosen(chart, &StartCostChart::startChosen);
    QTest::mouseClick(chart->chartView()->viewport(), Qt::LeftButton, {}, chart->barCentre(target));
    QTRY_COMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toLongLong(), startMs);
    QCOMPARE(ticket->start(), startMs);
    QCOMPARE(ticket->findChild<QComboBox *>(u"ticketStart"_s)->currentText(),
             StartText::text(startMs, ticket->locale()));

    // The order the ticket builds starts then, and its confirmation says so.
    const std::optional<OrderTicket::Order> order = ticket->order();
    QVERIFY(order);
    QCOMPARE(order->startMs, startMs);
    QCOMPARE(OrderTicket::bidRequest(*order).startMs, startMs);
    ticket->findChild<QPushButton *>(u"ticketPlace"_s)->click();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = ticket->findChild<QMessageBox *>(u"ticketConfirmation"_s)));
    QVERIFY2(box->text().contains(u"Starts %1."_s.arg(StartText::text(startMs, ticket->locale()))),
             qPrintable(box->text()));
    box->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!ticket->findChild<QMessageBox *>(u"ticketConfirmation"_s));

    // Back to now: the order starts now, and says so.
    QVERIFY(ticket->setStart(0));
    QCOMPARE(OrderTicket::bidRequest(*ticket->order()).startMs, 0);
}

void TestStartCost::cheapestIsMarked()
{
    // An answer with a dear start, a gap, two equally cheap ones and another: the earlier of the
    // cheap ones is marked, in its own colour, and named with its total.
    StartCostChart *chart = m_desk->chart();
    const qint64 first = (m_desk->session.exchangeNowMs() / HourMs + 1) * HourMs;
    WindowsQuote quote;
    quote.gpu = u"h100-sxm"_s;
    quote.quantity = 1;
    quote.hours = 3;
    const QList<std::pair<int, Cents>> windows {{2, 900}, {0, 0},   {1, 700},
                                                {3, 300}, {1, 300}, {4, 450}};
    for (qsizetype i = 0; i < windows.size(); ++i) {
        StartWindow w;
        w.startMs = first + i * HourMs;
        w.placements = windows[i].first;
        w.totalCents = windows[i].second;
        w.subtotalCents = windows[i].second;
        quote.windows.append(w);
    }
    chart->showWindows(quote);
    QCOMPARE(chart->cheapestIndex(), 3);
    for (int i = 0; i < windows.size(); ++i) {
        const qreal bar = chart->costSet()->at(i) + chart->cheapestSet()->at(i);
        QCOMPARE(bar, i == 1 ? chart->moneyAxis()->min() : windows[i].second / 100.0);
        QCOMPARE(chart->cheapestSet()->at(i) > 0, i == 3);
    }
    QCOMPARE(chart->cheapestSet()->color(), MarketColors::up(chart->palette()));
    QVERIFY(chart->moneyAxis()->min() <= 3.0 && chart->moneyAxis()->max() >= 9.0);
    // Where starts differ by a few per cent the money axis spans them, not zero to the dearest,
    // so that they look different: whole dollars for hundreds, cents for a few dollars.
    const auto narrow = [&](Cents low, Cents high) {
        WindowsQuote q = quote;
        for (qsizetype i = 0; i < q.windows.size(); ++i) {
            q.windows[i].placements = 1;
            q.windows[i].totalCents = i % 2 ? low : high;
        }
        chart->showWindows(q);
    };
    narrow(70'000, 72'000);
    QVERIFY2(chart->moneyAxis()->min() >= 650.0 && chart->moneyAxis()->min() <= 700.0,
             qPrintable(QString::number(chart->moneyAxis()->min())));
    QVERIFY(chart->moneyAxis()->max() >= 720.0 && chart->moneyAxis()->max() <= 760.0);
    QCOMPARE(chart->moneyAxis()->labelFormat(), u"%.0f"_s);
    narrow(290, 310);
    QVERIFY2(chart->moneyAxis()->min() >= 2.0 && chart->moneyAxis()->min() <= 2.9,
             qPrintable(QString::number(chart->moneyAxis()->min())));
    QCOMPARE(chart->moneyAxis()->labelFormat(), u"%.2f"_s);
    chart->showWindows(quote);
    QVERIFY(chart->costSet()->color() != chart->cheapestSet()->color());
    const QLocale l = chart->locale();
    QVERIFY2(chart->readout().contains(StartText::text(first + 3 * HourMs, l)),
             qPrintable(chart->readout()));
    QVERIFY(chart->readout().contains(Money::format(300, l)));
    // A click on the gap chooses nothing.
    QSignalSpy chosen(chart, &StartCostChart::startChosen);
    QTest::mouseClick(chart->chartView()->viewport(), Qt::LeftButton, {}, chart->barCentre(1));
    QTest::qWait(50);
    QCOMPARE(chosen.count(), 0);
    // Nor does a click beside the plot, under it or on the axes.
    QWidget *viewport = chart->chartView()->viewport();
    const QRectF plot = chart->chartView()->chart()->plotArea();
    for (int y = 0; y < viewport->height(); y += 3) {
        if (y >= plot.top() && y <= plot.bottom())
            continue;
        QTest::mouseClick(viewport, Qt::LeftButton, {}, QPoint(viewport->width() / 2, y));
    }
    QTest::mouseClick(viewport, Qt::LeftButton, {}, QPoint(2, viewport->height() / 2));
    QTest::qWait(20);
    QCOMPARE(chosen.count(), 0);

    // On the exchange's own answer, the marked start is the cheapest free one.
    OrderTicket *ticket = m_desk->ticket();
    ticket->findChild<QSpinBox *>(u"ticketHours"_s)->setValue(7);
    QTRY_VERIFY_WITH_TIMEOUT(chartShowsTheTicket(chart, ticket), 10'000);
    const QList<StartWindow> &live = chart->windows().windows;
    int cheapest = -1;
    for (int i = 0; i < live.size(); ++i)
        if (live[i].placements > 0
            && (cheapest < 0 || live[i].totalCents < live[cheapest].totalCents))
            cheapest = i;
    QVERIFY(cheapest >= 0);
    QCOMPARE(chart->cheapestIndex(), cheapest);
    QCOMPARE(qRound64((chart->costSet()->at(cheapest) + chart->cheapestSet()->at(cheapest)) * 100),
             live[cheapest].totalCents);
    QVERIFY(chart->cheapestSet()->at(cheapest) > 0);
}

void TestStartCost::burstOfChangesAsksOnceAtATime()
{
    OrderTicket *ticket = m_desk->ticket();
    StartCostChart *chart = m_desk->chart();
    auto *hours = ticket->findChild<QSpinBox *>(u"ticketHours"_s);
    hours->setValue(hours->value() == 2 ? 3 : 2); // a run of its own, whatever came before
    QTRY_VERIFY_WITH_TIMEOUT(chartShowsTheTicket(chart, ticket) && !chart->isAsking(), 10'000);
    const int before = chart->requestsSent();
    // A user holding the arrow key: one hour more every 50 ms, ten times.
    for (int i = 0; i < 10; ++i) {
        hours->setValue(hours->value() + 1);
        QTest::qWait(50);
    }
    QTRY_VERIFY_WITH_TIMEOUT(chartShowsTheTicket(chart, ticket) && !chart->isAsking(), 10'000);
    QCOMPARE(chart->windows().hours, hours->value());
    QVERIFY2(chart->requestsSent() - before <= 2,
             qPrintable(QString::number(chart->requestsSent())));
}

QTEST_MAIN(TestStartCost)
#include "tst_startcost.moc"
