// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/depthchart.h"

#include "trading/chartscale.h"
#include "trading/marketcolors.h"

#include "views/orderbookmodel.h"

#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtCore/QEvent>
#include <QtGui/QFontMetrics>

#include <algorithm>
#include <cmath>

namespace everx {

namespace {
// Levels further than this share of the mid price beyond the best prices are off the price axis
// (they still count in the sums).
constexpr double PriceWindow = 0.30;

} // namespace

DepthChart::DepthChart(OrderBookModel *book, QWidget *parent)
    : QChartView(new QChart, parent) // the view owns its chart, the chart its series and axes
    , m_book(book)
{
    setObjectName(QStringLiteral("depthChart"));
    QChart *chart = QChartView::chart(); // made with the view: setChart() would leak the first
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setLocalizeNumbers(true);
    chart->setLocale(locale());
    chart->legend()->setAlignment(Qt::AlignTop);

    m_bidArea = new QAreaSeries;
    m_bids = new QLineSeries(m_bidArea);
    m_bidArea->setUpperSeries(m_bids);
    m_askArea = new QAreaSeries;
    m_asks = new QLineSeries(m_askArea);
    m_askArea->setUpperSeries(m_asks);
    chart->addSeries(m_bidArea);
    chart->addSeries(m_askArea);

    m_priceAxis = new QValueAxis;
    m_priceAxis->setLabelFormat(QStringLiteral("%.2f"));
    m_priceAxis->setTickType(QValueAxis::TicksDynamic);
    m_priceAxis->setTickAnchor(0.0);
    m_depthAxis = new QValueAxis;
    m_depthAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_depthAxis->setTickType(QValueAxis::TicksDynamic);
    m_depthAxis->setTickAnchor(0.0);
    chart->addAxis(m_priceAxis, Qt::AlignBottom);
    chart->addAxis(m_depthAxis, Qt::AlignLeft);
    for (QAreaSeries *area : {m_bidArea, m_askArea}) {
        area->attachAxis(m_priceAxis);
        area->attachAxis(m_depthAxis);
    }
    setRenderHint(QPainter::Antialiasing);

    m_frame.setSingleShot(true);
    m_frame.setInterval(25);
    connect(&m_frame, &QTimer::timeout, this, &DepthChart::rebuild);
    connect(book, &QAbstractItemModel::modelReset, this, &DepthChart::schedule);
    connect(book, &QAbstractItemModel::rowsInserted, this, &DepthChart::schedule);
    connect(book, &QAbstractItemModel::rowsRemoved, this, &DepthChart::schedule);
    connect(book, &QAbstractItemModel::dataChanged, this, &DepthChart::schedule);
    connect(book, &QAbstractItemModel::layoutChanged, this, &DepthChart::schedule);

    applyPalette();
    retranslateUi();
    rebuild();
}

DepthChart::~DepthChart() = default;

void DepthChart::schedule()
{
    if (!m_frame.isActive())
        m_frame.start();
}

void DepthChart::rebuild()
{
    // Steps from the best price outward: at each level the line runs flat at the depth so far,
    // then rises by the level's GPUs. The first point sits on the axis at the best price.
    const auto steps = [this](int from, int to, int step) {
        QList<QPointF> points;
        qint64 sum = 0;
        for (int row = from; row != to; row += step) {
            const OrderBookModel::Level &level = m_book->level(row);
            const double price = plotDollars(level.price);
            points.append(QPointF(price, double(sum)));
            sum += level.gpus;
            points.append(QPointF(price, double(sum)));
        }
        return points;
    };
    const int firstBid = m_book->firstBidRow();
    const QList<QPointF> bids = steps(firstBid, m_book->rowCount(), 1);
    const QList<QPointF> asks = steps(firstBid - 1, -1, -1);
    m_bids->replace(bids);
    m_asks->replace(asks);
    // An empty area series still draws its edge; a side with no levels shows nothing.
    m_bidArea->setVisible(!bids.isEmpty());
    m_askArea->setVisible(!asks.isEmpty());

    if (bids.isEmpty() && asks.isEmpty()) {
        m_priceAxis->setRange(0.0, 1.0);
        m_priceAxis->setTickInterval(0.25);
        m_depthAxis->setRange(0.0, 1.0);
        m_depthAxis->setTickInterval(1.0);
        return;
    }
    const double bestBid = bids.isEmpty() ? asks.first().x() : bids.first().x();
    const double bestAsk = asks.isEmpty() ? bids.first().x() : asks.first().x();
    const double worstBid = bids.isEmpty() ? bestBid : bids.last().x();
    const double worstAsk = asks.isEmpty() ? bestAsk : asks.last().x();
    // Both best prices always in view, however wide the spread.
    const double reach = (bestBid + bestAsk) / 2.0 * PriceWindow;
    double lo = std::max(worstBid, bestBid - reach);
    double hi = std::min(worstAsk, bestAsk + reach);
    if (hi - lo < 0.02) {
        lo -= 0.01 + lo * 0.01;
        hi += 0.01 + hi * 0.01;
    }
    const double pad = (hi - lo) * 0.03;
    lo -= pad;
    hi += pad;
    double depth = 1.0;
    for (const QList<QPointF> *side : {&bids, &asks}) {
        for (const QPointF &p : *side) {
            if (p.x() >= lo && p.x() <= hi)
                depth = std::max(depth, p.y());
        }
    }
    // Whole GPUs on round ticks.
    const double step = std::max(1.0, niceStep(depth, 4));
    m_depthAxis->setTickInterval(step);
    m_priceAxis->setRange(lo, hi);
    m_priceAxis->setTickInterval(std::max(0.01, niceStep(hi - lo, 4)));
    m_depthAxis->setRange(0.0, std::ceil(depth * 1.1 / step) * step);
}

void DepthChart::applyPalette()
{
    const QPalette p = palette();
    MarketColors::styleChart(chart(), p, {m_priceAxis, m_depthAxis});
    const auto paint = [](QAreaSeries *area, QColor color) {
        area->setPen(QPen(color, 2.0));
        color.setAlpha(70);
        area->setBrush(color);
    };
    paint(m_bidArea, MarketColors::up(p));
    paint(m_askArea, MarketColors::down(p));
}

void DepthChart::retranslateUi()
{
    setWindowTitle(tr("Depth"));
    setAccessibleName(tr("Depth chart"));
    m_bidArea->setName(tr("Bids"));
    m_askArea->setName(tr("Offers", "asks: GPUs offered by providers"));
    m_priceAxis->setTitleText(tr("Price per GPU-hour"));
    m_depthAxis->setTitleText(tr("GPUs", "cumulative depth"));
    fitTexts();
}

void DepthChart::fitTexts()
{
    // A chart narrower than its price axis's title or its legend cuts them short ("GPU saati
    // başı...": the depth dock on 1280x800 in Indonesian or Turkish). The chart is at least as
    // wide as they need, beside the depth axis: its rotated title, its labels and their gaps.
    const QFontMetrics legend(chart()->legend()->font());
    int legendWidth = 0;
    for (const QAreaSeries *area : {m_bidArea, m_askArea}) // each marker's box and gaps
        legendWidth += legend.horizontalAdvance(area->name()) + 2 * legend.height();
    const int beside = QFontMetrics(m_depthAxis->titleFont()).height()
        + QFontMetrics(m_depthAxis->labelsFont()).horizontalAdvance(QStringLiteral("0000")) + 24;
    const int title =
        QFontMetrics(m_priceAxis->titleFont()).horizontalAdvance(m_priceAxis->titleText());
    const QMargins margins = chart()->margins();
    setMinimumWidth(std::max(title + beside, legendWidth) + margins.left() + margins.right()
                    + 2 * frameWidth() + 16);
}

void DepthChart::changeEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::LanguageChange:
        retranslateUi();
        break;
    case QEvent::LocaleChange:
        chart()->setLocale(locale());
        break;
    case QEvent::PaletteChange:
        applyPalette();
        break;
    default:
        break;
    }
    QChartView::changeEvent(event);
}

} // namespace everx
