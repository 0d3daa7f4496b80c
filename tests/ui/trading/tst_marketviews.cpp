// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The market views in the desk, offscreen, on the embedded sandbox: the price chart mirrors the
// candle model and follows interval switches, its crosshair readout, zoom, pan and reset; the
// depth chart sums the book; the trade tape shows a fill.

#include "fixtures/deskfixture.h"
#include "fixtures/testsettings.h"
#include "server/embeddedexchange.h"

#include "trading/depthchart.h"
#include "trading/marketcolors.h"
#include "trading/pricechart.h"
#include "trading/tradetapeview.h"
#include "views/deskstate.h"
#include "window/mainwindow.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"
#include "wire/wirecodec.h"

#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QCandlestickSeries>
#include <QtCharts/QCandlestickSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QDateTimeAxis>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtCore/QJsonArray>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QColor>
#include <QtGui/QWheelEvent>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QGraphicsPathItem>
#include <QtWidgets/QToolButton>

#include <memory>

using namespace everx;

namespace {
// The sandbox with a quiet market (one simulation step a minute): only the test trades.
using Desk = test::DeskFixture;

qint64 ms(const QDateTime &t)
{
    return t.toMSecsSinceEpoch();
}

// Where a value of the price chart is on its viewport.
QPoint viewportPos(PriceChart *chart, double timeMs, double price)
{
    QChart *c = chart->chartView()->chart();
    const QPointF inChart = c->mapToPosition(QPointF(timeMs, price), chart->candleSeries());
    return chart->chartView()->mapFromScene(c->mapToScene(inChart));
}

bool lastSetMatches(PriceChart *chart, const CandleModel *model)
{
    const QList<QCandlestickSet *> sets = chart->candleSeries()->sets();
    if (sets.size() != model->rowCount() || sets.isEmpty())
        return false;
    const Candle &c = model->candle(model->rowCount() - 1);
    const QCandlestickSet *s = sets.last();
    return s->timestamp() == double(c.startMs) && s->open() == double(c.open) / 100.0
        && s->high() == double(c.high) / 100.0 && s->low() == double(c.low) / 100.0
        && s->close() == double(c.close) / 100.0;
}
} // namespace

class TestMarketViews : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void priceChartFollowsTheCandles();
    void flatCandleIsATick();
    void roundTicks_data();
    void roundTicks();
    void depthChartSumsTheBook();
    void tapeShowsAFill();
    void chartsFollowThePalette();
};

void TestMarketViews::initTestCase()
{
    test::isolateSettings();
}

void TestMarketViews::priceChartFollowsTheCandles()
{
    Desk d;
    QVERIFY(d.start());
    auto *chart = d.window->findChild<PriceChart *>(QStringLiteral("priceChart"));
    QVERIFY(chart);
    QVERIFY(d.window->findChild<QDockWidget *>(QStringLiteral("priceChartDock"))->isVisible());
    chart->setFrameInterval(0);
    const CandleModel *model = d.desk->candles();

    // One set per candle; the last is the forming candle; its volume is the last bar.
    QCOMPARE(d.desk->candleInterval(), CandleInterval::Hour);
    QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 24, 10'000);
    QTRY_VERIFY(lastSetMatches(chart, model));
    QCOMPARE(chart->candleSeries()->count(), model->rowCount());
    const QBarSet *volume = chart->volumeSeries()->barSets().constFirst();
    QCOMPARE(volume->at(volume->count() - 1), qreal(model->candle(model->rowCount() - 1).volume));
    QVERIFY(chart->isFollowingLatest());
    QCOMPARE(ms(chart->timeAxis()->max()) > model->candle(model->rowCount() - 1).startMs, true);
    // The time labels fall on round hours of the local clock, a whole number of hours apart,
    // written in the locale's one short form of a moment.
    QTRY_VERIFY(chart->timeTicks().size() >= 3);
    {
        const QList<qint64> ticks = chart->timeTicks();
        const qint64 step = ticks.at(1) - ticks.at(0);
        QCOMPARE(step % 3'600'000, 0);
        for (qsizetype i = 0; i < ticks.size(); ++i) {
            const QDateTime local = QDateTime::fromMSecsSinceEpoch(ticks.at(i));
            QCOMPARE(local.time().minute(), 0);
            QCOMPARE(local.time().second(), 0);
            if (i > 0)
                QCOMPARE(ticks.at(i) - ticks.at(i - 1), step);
        }
        QCOMPARE(chart->timeAxis()->format(), chart->locale().dateTimeFormat(QLocale::ShortFormat));
    }

    // The crosshair: the readout shows the candle under the pointer. One in the middle of the
    // view whose close is not the latest close, so the readout cannot be the default one.
    const qint64 viewMin = ms(chart->timeAxis()->min());
    const qint64 viewMax = ms(chart->timeAxis()->max());
    const Candle &latest = model->candle(model->rowCount() - 1);
    int row = model->lowerBound(viewMin + (viewMax - viewMin) / 2);
    while (row > 0 && model->candle(row).close == latest.close)
        --row;
    QVERIFY(model->candle(row).close != latest.close);
    const Candle hovered = model->candle(row);
    // The sandbox's clock runs 60 times faster: a new hourly candle each minute moves the
    // followed view under a still pointer. So the pointer is placed again from the view as it
    // is now until the readout names the hovered candle; a readout that never does fails.
    QWidget *viewport = chart->chartView()->viewport();
    const QLocale l = chart->locale();
    const auto readsHovered = [&] {
        const QString text = chart->readout();
        return text.contains(Money::format(hovered.close, l))
            && text.contains(
                l.toString(QDateTime::fromMSecsSinceEpoch(hovered.startMs), QLocale::ShortFormat))
            && text.contains(Money::format(hovered.high, l));
    };
    bool shown = false;
    QPoint at;
    for (int attempt = 0; attempt < 5 && !shown; ++attempt) {
        at =
            viewportPos(chart, double(hovered.startMs), double(hovered.low + hovered.high) / 200.0);
        QVERIFY(viewport->rect().contains(at));
        QTest::mouseMove(viewport, at);
        shown = QTest::qWaitFor(readsHovered, 2'000);
    }
    QVERIFY2(shown, qPrintable(chart->readout()));

    // The wheel zooms in around the pointer; reset brings the default view back. The sandbox's
    // clock runs 60 times faster, so a new hourly candle may have moved the followed view while
    // the readout was awaited: the view is read again here, and after a reset the view is checked
    // to be the default one (its span, following the latest candle), not the first one's bounds.
    const qint64 shownMin = ms(chart->timeAxis()->min());
    const qint64 shownMax = ms(chart->timeAxis()->max());
    const qint64 spanBefore = shownMax - shownMin;
    QCOMPARE(spanBefore, viewMax - viewMin);
    const auto isDefaultView = [&] {
        const qint64 min = ms(chart->timeAxis()->min());
        const qint64 max = ms(chart->timeAxis()->max());
        return chart->isFollowingLatest() && max - min == spanBefore
            && max > model->candle(model->rowCount() - 1).startMs;
    };
    at = viewportPos(chart, double(hovered.startMs), double(hovered.low + hovered.high) / 200.0);
    QWheelEvent wheel(at, viewport->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(viewport, &wheel);
    const qint64 zoomedMin = ms(chart->timeAxis()->min());
    const qint64 zoomedMax = ms(chart->timeAxis()->max());
    QVERIFY(zoomedMax - zoomedMin < spanBefore);
    QVERIFY(zoomedMin >= shownMin && zoomedMax <= shownMax);
    QVERIFY(zoomedMin <= hovered.startMs && hovered.startMs <= zoomedMax); // around the pointer
    QVERIFY(!chart->isFollowingLatest());
    // Dragging to the right pans back in time by the same span.
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, at);
    QTest::mouseMove(viewport, at + QPoint(80, 0));
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, at + QPoint(80, 0));
    QVERIFY(ms(chart->timeAxis()->min()) < zoomedMin);
    QCOMPARE(ms(chart->timeAxis()->max()) - ms(chart->timeAxis()->min()), zoomedMax - zoomedMin);
    auto *reset = chart->findChild<QToolButton *>(QStringLiteral("resetZoom"));
    QVERIFY(reset);
    reset->click();
    QVERIFY(isDefaultView());
    // A double-click resets too.
    QApplication::sendEvent(viewport, &wheel);
    QVERIFY(!chart->isFollowingLatest());
    QTest::mouseDClick(viewport, Qt::LeftButton, Qt::NoModifier, at);
    QVERIFY(isDefaultView());

    // Daily candles: the session follows the 1d channel instead, and the series follows.
    auto *daily = chart->findChild<QToolButton *>(QStringLiteral("interval1d"));
    QVERIFY(daily);
    QTest::mouseClick(daily, Qt::LeftButton);
    QCOMPARE(d.desk->candleInterval(), CandleInterval::Day);
    QVERIFY(daily->isChecked());
    const QString gpu = d.desk->selectedGpu();
    QVERIFY(d.session.channels().contains(QStringLiteral("candles.%1.1d").arg(gpu)));
    QVERIFY(!d.session.channels().contains(QStringLiteral("candles.%1.1h").arg(gpu)));
    QTRY_VERIFY_WITH_TIMEOUT(model->interval() == CandleInterval::Day && model->rowCount() >= 3,
                             10'000);
    QTRY_VERIFY(lastSetMatches(chart, model));
    for (const QCandlestickSet *set : chart->candleSeries()->sets())
        QCOMPARE(qint64(set->timestamp()) % (24 * 3'600'000LL), qint64(0));
    QVERIFY(chart->isFollowingLatest());
    QVERIFY(ms(chart->timeAxis()->max()) > model->candle(model->rowCount() - 1).startMs);
}

// A quiet minute trades at one price: O = H = L = C. QCandlestickSeries paints such a body as
// nothing; the chart draws it as a tick of a body's width, on the pixels, at that price.
void TestMarketViews::flatCandleIsATick()
{
    ClientSession session; // never connected: the candles come from the test
    DeskState desk(session, GpuCatalog::builtIn());
    desk.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    PriceChart chart(desk);
    chart.setFrameInterval(0);
    chart.resize(820, 380);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));

    constexpr qint64 Minute = 60'000;
    const qint64 t0 = (QDateTime::currentMSecsSinceEpoch() / Minute - 30) * Minute;
    // A moving candle, a flat one, a doji (open = close, a wick) and another moving one.
    const QList<Candle> candles = {{t0, 400, 440, 390, 430, 5},
                                   {t0 + 2 * Minute, 423, 423, 423, 423, 1},
                                   {t0 + 4 * Minute, 437, 445, 431, 437, 2},
                                   {t0 + 6 * Minute, 430, 432, 380, 400, 3}};
    QJsonArray rows;
    for (const Candle &c : candles)
        rows.append(Wire::toJson(c));
    desk.candles()->applySnapshot(QStringLiteral("h100-sxm"), CandleInterval::Minute,
                                  {{QStringLiteral("candles"), rows}});
    QCOMPARE(chart.candleSeries()->count(), 4);

    // Two ticks, one per body without height; none for the candles that have one.
    const QPainterPath ticks = chart.flatTicks()->path();
    QCOMPARE(ticks.elementCount(), 4);
    QVERIFY(chart.flatTicks()->isVisible());
    QVERIFY(chart.flatTicks()->pen().style() != Qt::NoPen);

    // On the pixels: the flat candle's price is painted across its middle, and not half an
    // interval to its right (a grid line at that price would be painted on both). Polled: the
    // chart lays itself out again, a pass of the event loop later, after its axes changed.
    const auto ticked = [&chart](const Candle &c) {
        const QImage image = chart.chartView()->viewport()->grab().toImage();
        const double price = double(c.close) / 100.0;
        const QPoint middle = viewportPos(&chart, double(c.startMs), price);
        const QPoint between = viewportPos(&chart, double(c.startMs + Minute * 3 / 4), price);
        // The price's pixel row, give or take the rounding of its position.
        for (int dy = -1; dy <= 1; ++dy) {
            const QPoint m = middle + QPoint(0, dy), b = between + QPoint(0, dy);
            if (image.rect().contains(m) && image.rect().contains(b)
                && image.pixel(m) != image.pixel(b))
                return true;
        }
        return false;
    };
    QTRY_VERIFY(ticked(candles.at(1)));
    QTRY_VERIFY(ticked(candles.at(2)));
}

void TestMarketViews::roundTicks_data()
{
    QTest::addColumn<qint64>("min");
    QTest::addColumn<qint64>("max");
    QTest::addColumn<qint64>("interval");
    QTest::addColumn<qint64>("offset"); // of the local clock from UTC
    QTest::addColumn<QList<qint64>>("ticks");
    constexpr qint64 m = 60'000, h = 60 * m, d = 24 * h;
    const qint64 t0 =
        1'780'000'000'000 - 1'780'000'000'000 % (7 * d); // a UTC midnight, whole weeks
    QTest::newRow("1m over an hour: every 10 minutes")
        << t0 + 11 * h + 12 * m << t0 + 12 * h + 7 * m << m << qint64(0)
        << QList<qint64> {t0 + 11 * h + 20 * m, t0 + 11 * h + 30 * m, t0 + 11 * h + 40 * m,
                          t0 + 11 * h + 50 * m, t0 + 12 * h};
    QTest::newRow("1h over a day: every 6 hours")
        << t0 + 3 * h + 17 * m << t0 + d + 2 * h << h << qint64(0)
        << QList<qint64> {t0 + 6 * h, t0 + 12 * h, t0 + 18 * h, t0 + d};
    QTest::newRow("1h, local clock UTC+3")
        << t0 + 3 * h + 17 * m << t0 + d + 2 * h << h << 3 * h
        << QList<qint64> {t0 + 9 * h, t0 + 15 * h, t0 + 21 * h}; // local 12:00, 18:00, 24:00
    QTest::newRow("5m over 2 hours: every 30 minutes")
        << t0 + 9 * h + 1 * m << t0 + 11 * h << 5 * m << qint64(0)
        << QList<qint64> {t0 + 9 * h + 30 * m, t0 + 10 * h, t0 + 10 * h + 30 * m, t0 + 11 * h};
    QTest::newRow("1d over 20 days: every week from midnight")
        << t0 + 5 * h << t0 + 20 * d << d << qint64(0) << QList<qint64> {t0 + 7 * d, t0 + 14 * d};
}

void TestMarketViews::roundTicks()
{
    QFETCH(qint64, min);
    QFETCH(qint64, max);
    QFETCH(qint64, interval);
    QFETCH(qint64, offset);
    QFETCH(QList<qint64>, ticks);
    QCOMPARE(PriceChart::roundTicks(min, max, interval, offset), ticks);
}

void TestMarketViews::depthChartSumsTheBook()
{
    Desk d;
    QVERIFY(d.start());
    auto *depth = d.window->findChild<DepthChart *>(QStringLiteral("depthChart"));
    QVERIFY(depth);
    QVERIFY(d.window->findChild<QDockWidget *>(QStringLiteral("depthChartDock"))->isVisible());
    const OrderBookModel *book = d.desk->orderBook();
    QTRY_VERIFY_WITH_TIMEOUT(book->bestAsk().has_value(), 10'000);

    // The last point of each side is its whole depth, at its worst price; the first is at the
    // best price.
    const auto sideMatches = [book](const QLineSeries *series, bool asks) {
        const QList<QPointF> points = series->points();
        const int rows = book->rowCount();
        const int worst = asks ? 0 : rows - 1;
        const std::optional<Cents> best = asks ? book->bestAsk() : book->bestBid();
        if (!best)
            return points.isEmpty();
        return points.size() >= 2 && points.last().y() == double(book->cumulative(worst))
            && points.last().x() == double(book->level(worst).price) / 100.0
            && points.first().x() == double(*best) / 100.0 && points.first().y() == 0.0;
    };
    QTRY_VERIFY(sideMatches(depth->askSeries(), true));
    QTRY_VERIFY(sideMatches(depth->bidSeries(), false));
    QVERIFY(depth->askSeries()->points().last().y() > 0);

    // A new bid adds to the bid side's total; the chart follows after its frame.
    d.session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(d.desk->balance().available, Cents(500'000), 5000);
    const QList<QPointF> before = depth->bidSeries()->points();
    const double bidsBefore = before.isEmpty() ? 0.0 : before.last().y();
    std::optional<Protocol::Frame> placed;
    d.session.placeOrder(BidRequest {d.desk->selectedGpu(), OrderKind::Limit, 3, 1, 50, 0, {}},
                         this, [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY(placed.has_value());
    QVERIFY(placed->kind == Protocol::FrameKind::Result);
    QTRY_VERIFY(!depth->bidSeries()->points().isEmpty()
                && depth->bidSeries()->points().last().y() == bidsBefore + 3.0);
    QVERIFY(sideMatches(depth->bidSeries(), false));
    QVERIFY(sideMatches(depth->askSeries(), true));
}

void TestMarketViews::tapeShowsAFill()
{
    Desk d;
    QVERIFY(d.start());
    auto *tape = d.window->findChild<TradeTapeView *>(QStringLiteral("tradeTape"));
    QVERIFY(tape);
    auto *dock = d.window->findChild<QDockWidget *>(QStringLiteral("tradeTapeDock"));
    QVERIFY(dock);
    QCOMPARE(dock->windowTitle(), QStringLiteral("Trades"));
    const QAbstractItemModel *rows = tape->model();
    // The backfill's last trades, newest first.
    QTRY_VERIFY_WITH_TIMEOUT(rows->rowCount() > 0, 10'000);
    const qint64 topBefore = rows->index(0, 0).data(TradeTapeModel::TradeIdRole).toLongLong();
    QVERIFY(topBefore
            > rows->index(rows->rowCount() - 1, 0).data(TradeTapeModel::TradeIdRole).toLongLong());

    d.session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(d.desk->balance().available, Cents(500'000), 5000);
    QTRY_VERIFY(d.desk->orderBook()->bestAsk().has_value());
    const Cents bestAsk = *d.desk->orderBook()->bestAsk();
    // The price chart before the fill, to see that the fill updates it without a rebuild.
    auto *chart = d.window->findChild<PriceChart *>(QStringLiteral("priceChart"));
    const CandleModel *candles = d.desk->candles();
    QTRY_VERIFY(candles->rowCount() > 0 && lastSetMatches(chart, candles));
    const QList<QCandlestickSet *> setsBefore = chart->candleSeries()->sets();
    const Candle formingBefore = candles->candle(candles->rowCount() - 1);
    std::optional<Protocol::Frame> placed;
    d.session.placeOrder(
        BidRequest {d.desk->selectedGpu(), OrderKind::BuyNow, 1, 2, bestAsk, 0, {}}, this,
        [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY(placed.has_value());
    QVERIFY(placed->kind == Protocol::FrameKind::Result);

    // The chart: the fill updated the forming candle's set in place, or appended a set for a new
    // candle; the other sets are the same objects.
    QTRY_VERIFY(candles->candle(candles->rowCount() - 1).volume
                    > (candles->candle(candles->rowCount() - 1).startMs == formingBefore.startMs
                           ? formingBefore.volume
                           : 0)
                && lastSetMatches(chart, candles));
    const QList<QCandlestickSet *> setsAfter = chart->candleSeries()->sets();
    if (candles->candle(candles->rowCount() - 1).startMs == formingBefore.startMs)
        QCOMPARE(setsAfter, setsBefore);
    else
        QCOMPARE(setsAfter.first(setsBefore.size()), setsBefore);
    QCOMPARE(candles->candle(candles->rowCount() - 1).close, bestAsk);

    // The fill is on top: a buy at the best offer, for 1 GPU and 2 hours, in the buy colour.
    QTRY_VERIFY(rows->index(0, 0).data(TradeTapeModel::TradeIdRole).toLongLong() > topBefore);
    const QLocale l(QLocale::English, QLocale::UnitedStates); // Desk::start() set it
    QCOMPARE(rows->index(0, TradeTapeModel::Side).data().toString(), QStringLiteral("Buy"));
    QCOMPARE(rows->index(0, TradeTapeModel::Price).data().toString(), Money::format(bestAsk, l));
    QCOMPARE(rows->index(0, TradeTapeModel::Gpus).data().toString(), QStringLiteral("1"));
    QCOMPARE(rows->index(0, TradeTapeModel::Hours).data().toString(), QStringLiteral("2 h"));
    QCOMPARE(rows->index(0, TradeTapeModel::Side).data(Qt::ForegroundRole).value<QColor>(),
             MarketColors::up(tape->palette()));
    // The backfill's history prints are not coloured as buys.
    int history = 1;
    while (history < rows->rowCount()
           && rows->index(history, 0).data(TradeTapeModel::AggressorRole).toInt() != HistoryPrint)
        ++history;
    QVERIFY(history < rows->rowCount());
    QCOMPARE(rows->index(history, TradeTapeModel::Side).data().toString(),
             QStringLiteral("Earlier"));
    QCOMPARE(rows->index(history, TradeTapeModel::Side).data(Qt::ForegroundRole).value<QColor>(),
             MarketColors::neutral(tape->palette()));
}

void TestMarketViews::chartsFollowThePalette()
{
    // A dark palette and a light one: the chart's frame takes the one it is given, and a later
    // change of palette follows.
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Window, QColor(0x2a, 0x2a, 0x2a));
    dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, QColor(0x10, 0x10, 0x10));
    QVERIFY(MarketColors::isDark(dark) && !MarketColors::isDark(light));

    const auto framedBy = [](const QChart *chart, const QPalette &p) {
        QColor grid = p.color(QPalette::Text);
        grid.setAlpha(40);
        if (chart->backgroundBrush().color() != p.color(QPalette::Base)
            || chart->legend()->labelColor() != p.color(QPalette::Text) || chart->axes().isEmpty())
            return false;
        for (QAbstractAxis *axis : chart->axes())
            if (axis->labelsColor() != p.color(QPalette::Text)
                || axis->titleBrush().color() != p.color(QPalette::Text)
                || axis->gridLineColor() != grid || axis->linePenColor() != grid)
                return false;
        return true;
    };

    QChart chart;
    auto *x = new QValueAxis;
    auto *y = new QValueAxis;
    chart.addAxis(x, Qt::AlignBottom);
    chart.addAxis(y, Qt::AlignLeft);
    MarketColors::styleChart(&chart, dark, {x, y});
    QVERIFY(framedBy(&chart, dark));
    QVERIFY(!framedBy(&chart, light));
    QVERIFY(!chart.isPlotAreaBackgroundVisible());

    OrderBookModel book;
    DepthChart depth(&book);
    depth.setPalette(light);
    QVERIFY(framedBy(depth.chart(), light));
    depth.setPalette(dark);
    QVERIFY(framedBy(depth.chart(), dark));
}

QTEST_MAIN(TestMarketViews)

#include "tst_marketviews.moc"
