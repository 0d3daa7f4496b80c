// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/pricechart.h"

#include "trading/chartscale.h"
#include "trading/marketcolors.h"

#include "market/marketrules.h"
#include "views/candlemodel.h"
#include "views/deskstate.h"
#include "views/timetext.h"

#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QCandlestickSeries>
#include <QtCharts/QCandlestickSet>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QDateTimeAxis>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>
#include <QtCore/QDateTime>
#include <QtCore/QEvent>
#include <QtGui/QKeyEvent>
#include <QtGui/QMouseEvent>
#include <QtGui/QWheelEvent>
#include <QtWidgets/QButtonGroup>
#include <QtWidgets/QGraphicsLineItem>
#include <QtWidgets/QGraphicsPathItem>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QToolButton>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>

namespace everx {

namespace {
// Candles shown after a reset: enough to read a trend, few enough to tell them apart.
constexpr int DefaultVisibleCandles = 120;
// Fewest candles a zoom may narrow the view to.
constexpr int MinimumVisibleCandles = 8;
// Share of the plot height the volume bars may take, at the bottom.
constexpr double VolumeShare = 0.22;
// Zoom per wheel notch (120 units of angle delta) and per key press.
constexpr double ZoomStep = 0.8;
// A body's share of its interval, and its bounds in pixels (the candle series' and the ticks').
constexpr double BodyWidth = 0.7;
constexpr double MinimumBodyPixels = 1.0;
constexpr double MaximumBodyPixels = 48.0;

} // namespace

PriceChart::PriceChart(DeskState &desk, QWidget *parent)
    : QWidget(parent)
    , m_desk(desk)
    , m_model(desk.candles())
{
    setObjectName(QStringLiteral("priceChart"));

    // Bar: interval buttons, reset, the readout.
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    m_intervals = new QButtonGroup(this);
    m_intervals->setExclusive(true);
    for (const CandleInterval interval : CandleIntervals::All) {
        auto *button = new QToolButton(this);
        button->setObjectName(QStringLiteral("interval") + CandleIntervals::name(interval));
        button->setCheckable(true);
        button->setAutoRaise(true);
        m_intervals->addButton(button);
        m_intervalButtons[CandleIntervals::index(interval)] = button;
        bar->addWidget(button);
        connect(button, &QToolButton::clicked, this,
                [this, interval] { m_desk.setCandleInterval(interval); });
    }
    m_reset = new QToolButton(this);
    m_reset->setObjectName(QStringLiteral("resetZoom"));
    m_reset->setAutoRaise(true);
    connect(m_reset, &QToolButton::clicked, this, &PriceChart::resetZoom);
    bar->addWidget(m_reset);
    bar->addSpacing(12);
    m_readout = new QLabel(this);
    m_readout->setObjectName(QStringLiteral("priceReadout"));
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A narrow chart (1280x800, in Indonesian or Turkish) gives the readout a second line rather
    // than cutting off its last figures.
    m_readout->setWordWrap(true);
    bar->addWidget(m_readout, 1);

    m_chart = new QChart;
    m_chart->legend()->hide();
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setLocalizeNumbers(true);
    m_chart->setLocale(locale());

    m_candles = new QCandlestickSeries;
    m_candles->setBodyOutlineVisible(false);
    m_candles->setCapsVisible(false);
    m_candles->setBodyWidth(BodyWidth);
    m_candles->setMinimumColumnWidth(MinimumBodyPixels);
    // A lone candle would otherwise be as wide as its series' whole time range.
    m_candles->setMaximumColumnWidth(MaximumBodyPixels);
    m_volume = new QBarSeries;
    m_volume->setBarWidth(0.7);
    m_volumeSet = new QBarSet(QString());
    m_volume->append(m_volumeSet);
    // Volume first, so the candles paint over the bars where they meet.
    m_chart->addSeries(m_volume);
    m_chart->addSeries(m_candles);

    m_timeAxis = new QDateTimeAxis;
    // QDateTimeAxis spaces its ticks evenly over the range (11:12, 11:24): the labels and grid
    // are the tick axis's instead, at round times.
    m_timeAxis->setLabelsVisible(false);
    m_timeAxis->setGridLineVisible(false);
    m_tickAxis = new QCategoryAxis;
    m_tickAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_priceAxis = new QValueAxis;
    m_priceAxis->setLabelFormat(QStringLiteral("%.2f"));
    m_priceAxis->setTickType(QValueAxis::TicksDynamic);
    m_priceAxis->setTickAnchor(0.0);
    m_slotAxis = new QValueAxis;
    m_slotAxis->setVisible(false);
    m_volumeAxis = new QValueAxis;
    m_volumeAxis->setVisible(false);
    m_chart->addAxis(m_timeAxis, Qt::AlignBottom);
    m_chart->addAxis(m_tickAxis, Qt::AlignBottom);
    m_chart->addAxis(m_priceAxis, Qt::AlignLeft);
    m_chart->addAxis(m_slotAxis, Qt::AlignTop);
    m_chart->addAxis(m_volumeAxis, Qt::AlignRight);
    m_candles->attachAxis(m_timeAxis);
    m_candles->attachAxis(m_priceAxis);
    m_volume->attachAxis(m_slotAxis);
    m_volume->attachAxis(m_volumeAxis);

    m_crossV = new QGraphicsLineItem(m_chart);
    m_crossH = new QGraphicsLineItem(m_chart);
    for (QGraphicsLineItem *line : {m_crossV, m_crossH}) {
        line->setZValue(1000);
        line->hide();
    }
    m_flatTicks = new QGraphicsPathItem(m_chart);
    m_flatTicks->setZValue(900); // over the series, under the crosshair
    connect(m_chart, &QChart::plotAreaChanged, this, &PriceChart::updateFlatTicks);

    m_view = new QChartView(m_chart, this);
    m_view->setObjectName(QStringLiteral("priceChartView"));
    m_view->setRenderHint(QPainter::Antialiasing, false); // crisp candle edges
    m_view->setFocusPolicy(Qt::StrongFocus);
    m_view->viewport()->setMouseTracking(true);
    m_view->viewport()->setCursor(Qt::CrossCursor);
    m_view->viewport()->installEventFilter(this);
    m_view->installEventFilter(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    m_frame.setSingleShot(true);
    m_frame.setInterval(16);
    connect(&m_frame, &QTimer::timeout, this, &PriceChart::flushFrame);

    connect(m_model, &QAbstractItemModel::modelReset, this, &PriceChart::rebuild);
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) { insertRows(first, last); });
    connect(m_model, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) { removeRows(first, last); });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &PriceChart::rowsRemoved);
    connect(m_model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                markChanged(topLeft.row(), bottomRight.row());
            });
    connect(&desk, &DeskState::candleIntervalChanged, this, &PriceChart::applyInterval);

    applyInterval(desk.candleInterval());
    applyPalette();
    retranslateUi();
    rebuild();
}

PriceChart::~PriceChart() = default;

// --- model -> series ------------------------------------------------------------------------

void PriceChart::setValues(QCandlestickSet *set, const Candle &c)
{
    // Each setter relayouts the series' items, so only what changed is set.
    const auto update = [](double now, double wanted, auto setter) {
        if (now != wanted)
            setter(wanted);
    };
    update(set->high(), plotDollars(c.high), [set](double v) { set->setHigh(v); });
    update(set->low(), plotDollars(c.low), [set](double v) { set->setLow(v); });
    update(set->open(), plotDollars(c.open), [set](double v) { set->setOpen(v); });
    update(set->close(), plotDollars(c.close), [set](double v) { set->setClose(v); });
}

void PriceChart::rebuild()
{
    m_frame.stop();
    m_changed.clear();
    m_candles->clear(); // deletes the sets
    m_sets.clear();
    m_hoverStart = -1;
    m_intervalMs = CandleIntervals::lengthMs(m_model->interval());
    if (m_model->rowCount() > 0)
        insertRows(0, m_model->rowCount() - 1);
    else
        rebuildVolume();
    applyRanges();
    updateReadout();
}

void PriceChart::insertRows(int first, int last)
{
    QList<QCandlestickSet *> sets;
    sets.reserve(last - first + 1);
    for (int row = first; row <= last; ++row) {
        const Candle &c = m_model->candle(row);
        sets.append(new QCandlestickSet(plotDollars(c.open), plotDollars(c.high),
                                        plotDollars(c.low), plotDollars(c.close),
                                        double(c.startMs)));
    }
    if (first == m_sets.size()) {
        m_candles->append(sets); // one relayout for the whole block
    } else {
        for (int i = 0; i < sets.size(); ++i)
            m_candles->insert(first + i, sets[i]);
    }
    for (int i = 0; i < sets.size(); ++i)
        m_sets.insert(first + i, sets[i]);

    if (m_volumeSet->count() == 0 || m_model->candle(first).startMs < m_slotOrigin) {
        rebuildVolume();
    } else {
        for (int row = first; row <= last; ++row)
            setVolume(m_model->candle(row));
    }
    applyRanges();
    if (m_hoverStart < 0)
        updateReadout();
}

void PriceChart::removeRows(int first, int last)
{
    m_removing.clear();
    QList<QCandlestickSet *> sets;
    for (int row = first; row <= last; ++row) {
        m_removing.append(m_model->candle(row).startMs);
        sets.append(m_sets[row]);
    }
    m_sets.remove(first, last - first + 1);
    m_candles->remove(sets); // deletes them
}

void PriceChart::rowsRemoved()
{
    if (m_model->rowCount() == 0) {
        rebuildVolume();
    } else {
        for (const qint64 start : std::as_const(m_removing)) {
            const qint64 slot = m_intervalMs > 0 ? (start - m_slotOrigin) / m_intervalMs : -1;
            if (slot >= 0 && slot < m_volumeSet->count())
                m_volumeSet->replace(int(slot), 0.0);
        }
        trimVolumeFront();
    }
    m_removing.clear();
    if (m_hoverStart >= 0 && m_model->rowOf(m_hoverStart) < 0)
        m_hoverStart = -1;
    applyRanges();
    updateReadout();
}

void PriceChart::markChanged(int first, int last)
{
    // Applied once per frame: a busy market changes the forming candle many times a second.
    for (int row = first; row <= last; ++row)
        m_changed.insert(m_model->candle(row).startMs);
    if (!m_frame.isActive())
        m_frame.start();
}

void PriceChart::flushFrame()
{
    for (const qint64 start : std::as_const(m_changed)) {
        const int row = m_model->rowOf(start);
        if (row < 0 || row >= m_sets.size())
            continue;
        setValues(m_sets[row], m_model->candle(row));
        setVolume(m_model->candle(row));
    }
    m_changed.clear();
    applyRanges();
    updateReadout();
}

void PriceChart::rebuildVolume()
{
    // Bar series place bar i at x = i: candles are laid out in slots of one interval from the
    // first candle, so that bar and candle share an x position. Intervals without trades have
    // no candle and an empty slot.
    if (m_volumeSet->count() > 0)
        m_volumeSet->remove(0, m_volumeSet->count());
    const int rows = m_model->rowCount();
    if (rows == 0 || m_intervalMs <= 0)
        return;
    m_slotOrigin = m_model->candle(0).startMs;
    const qint64 slotCount = (m_model->candle(rows - 1).startMs - m_slotOrigin) / m_intervalMs + 1;
    QList<qreal> values(slotCount, 0.0);
    for (int row = 0; row < rows; ++row) {
        const Candle &c = m_model->candle(row);
        values[(c.startMs - m_slotOrigin) / m_intervalMs] = qreal(c.volume);
    }
    m_volumeSet->append(values);
}

void PriceChart::setVolume(const Candle &c)
{
    if (m_intervalMs <= 0)
        return;
    const qint64 slot = (c.startMs - m_slotOrigin) / m_intervalMs;
    if (slot < 0) {
        rebuildVolume();
        return;
    }
    if (slot < m_volumeSet->count()) {
        if (m_volumeSet->at(int(slot)) != qreal(c.volume))
            m_volumeSet->replace(int(slot), qreal(c.volume));
        return;
    }
    QList<qreal> values(slot - m_volumeSet->count() + 1, 0.0);
    values.last() = qreal(c.volume);
    m_volumeSet->append(values);
}

void PriceChart::trimVolumeFront()
{
    // The oldest candles went (the model's cap): their slots go too.
    if (m_intervalMs <= 0 || m_model->rowCount() == 0)
        return;
    const qint64 first = m_model->candle(0).startMs;
    const qint64 drop = (first - m_slotOrigin) / m_intervalMs;
    if (drop <= 0)
        return;
    m_volumeSet->remove(0, int(std::min<qint64>(drop, m_volumeSet->count())));
    m_slotOrigin = first;
}

// --- ranges ---------------------------------------------------------------------------------

void PriceChart::defaultRange(qint64 *min, qint64 *max) const
{
    const int rows = m_model->rowCount();
    const qint64 pad = std::max<qint64>(m_intervalMs, 1);
    if (rows == 0) {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        *min = now - DefaultVisibleCandles * pad;
        *max = now + pad;
        return;
    }
    const qint64 last = m_model->candle(rows - 1).startMs;
    const qint64 first = m_model->candle(0).startMs;
    *max = last + pad;
    *min = std::max(first, last - (DefaultVisibleCandles - 1) * pad) - pad;
}

void PriceChart::setTimeRange(qint64 min, qint64 max)
{
    m_viewMin = min;
    m_viewMax = max;
    applyRanges();
}

void PriceChart::applyRanges()
{
    if (m_follow)
        defaultRange(&m_viewMin, &m_viewMax);
    // The series may have widened the axes to their data on a structural change: the view's
    // range is ours, so it is set again each time.
    m_timeAxis->setRange(QDateTime::fromMSecsSinceEpoch(m_viewMin),
                         QDateTime::fromMSecsSinceEpoch(m_viewMax));
    applyTicks();
    const double slotMs = double(std::max<qint64>(m_intervalMs, 1));
    m_slotAxis->setRange(double(m_viewMin - m_slotOrigin) / slotMs,
                         double(m_viewMax - m_slotOrigin) / slotMs);

    // Fit the prices and volumes of the candles in view.
    Cents lo = 0, hi = 0;
    qint64 maxVolume = 0;
    bool any = false;
    const int end = m_model->lowerBound(m_viewMax);
    for (int row = m_model->lowerBound(m_viewMin - m_intervalMs); row < end; ++row) {
        const Candle &c = m_model->candle(row);
        lo = any ? std::min(lo, c.low) : c.low;
        hi = any ? std::max(hi, c.high) : c.high;
        maxVolume = std::max(maxVolume, c.volume);
        any = true;
    }
    if (!any) {
        m_priceAxis->setRange(0.0, 1.0);
        m_priceAxis->setTickInterval(0.25);
        m_volumeAxis->setRange(0.0, 1.0);
        updateFlatTicks();
        return;
    }
    double top = plotDollars(hi), bottom = plotDollars(lo);
    const double span = top - bottom > 0 ? top - bottom : std::max(top * 0.02, 0.01);
    top += span * 0.05;
    bottom -= span * 0.05;
    // Candles in the upper part, the volume bars below them.
    const double priceMin = bottom - (top - bottom) * VolumeShare / (1.0 - VolumeShare);
    m_priceAxis->setRange(priceMin, top);
    // Round prices on the ticks, over the candles' part only.
    m_priceAxis->setTickInterval(std::max(0.01, niceStep(top - bottom, 5)));
    m_volumeAxis->setRange(0.0, double(std::max<qint64>(maxVolume, 1)) / VolumeShare * 0.95);
    updateFlatTicks();
}

void PriceChart::updateFlatTicks()
{
    QPainterPath ticks;
    const QRectF plot = m_chart->plotArea();
    const int end = m_model->lowerBound(m_viewMax);
    for (int row = std::max(0, m_model->lowerBound(m_viewMin - m_intervalMs)); row < end; ++row) {
        const Candle &c = m_model->candle(row);
        if (c.open != c.close)
            continue;
        const double half = BodyWidth * double(m_intervalMs) / 2.0;
        const double price = plotDollars(c.close);
        const QPointF left =
            m_chart->mapToPosition(QPointF(double(c.startMs) - half, price), m_candles);
        const QPointF right =
            m_chart->mapToPosition(QPointF(double(c.startMs) + half, price), m_candles);
        const double width = std::clamp(right.x() - left.x(), MinimumBodyPixels, MaximumBodyPixels);
        const double middle = (left.x() + right.x()) / 2.0;
        if (middle < plot.left() || middle > plot.right() || left.y() < plot.top()
            || left.y() > plot.bottom())
            continue;
        ticks.moveTo(middle - width / 2.0, left.y());
        ticks.lineTo(middle + width / 2.0, left.y());
    }
    m_flatTicks->setPath(ticks);
}

QList<qint64> PriceChart::roundTicks(qint64 min, qint64 max, qint64 intervalMs, qint64 utcOffsetMs)
{
    constexpr qint64 Minute = 60'000, Hour = 60 * Minute, Day = 24 * Hour;
    static constexpr std::array<qint64, 18> steps {
        Minute,   5 * Minute, 10 * Minute, 15 * Minute, 30 * Minute, Hour,
        2 * Hour, 3 * Hour,   6 * Hour,    12 * Hour,   Day,         2 * Day,
        7 * Day,  14 * Day,   28 * Day,    56 * Day,    112 * Day,   364 * Day};
    constexpr int MostTicks = 6;
    QList<qint64> ticks;
    if (max <= min || intervalMs <= 0)
        return ticks;
    qint64 step = 0;
    for (const qint64 candidate : steps) {
        if (candidate < intervalMs || candidate % intervalMs != 0)
            continue;
        step = candidate;
        if ((max - min) / candidate < MostTicks)
            break;
    }
    if (step == 0)
        step = intervalMs * std::max<qint64>(1, (max - min) / (intervalMs * MostTicks) + 1);
    // Weeks and longer start on a round day; days and shorter on the local clock's round times.
    qint64 first = min + utcOffsetMs;
    first = (first / step + (first % step != 0 ? 1 : 0)) * step - utcOffsetMs;
    for (qint64 t = first; t <= max; t += step)
        ticks.append(t);
    return ticks;
}

void PriceChart::applyTicks()
{
    const qint64 offset = qint64(QDateTime::fromMSecsSinceEpoch(m_viewMin).offsetFromUtc()) * 1000;
    const QList<qint64> ticks =
        roundTicks(m_viewMin, m_viewMax, std::max<qint64>(m_intervalMs, 60'000), offset);
    const QString format = m_tickFormat;
    if (ticks == m_ticks && m_tickAxis->min() == double(m_viewMin)
        && m_tickAxis->max() == double(m_viewMax) && format == m_appliedTickFormat)
        return;
    m_ticks = ticks;
    m_appliedTickFormat = format;
    for (const QString &label : m_tickAxis->categoriesLabels())
        m_tickAxis->remove(label);
    m_tickAxis->setRange(double(m_viewMin), double(m_viewMax));
    m_tickAxis->setStartValue(double(m_viewMin));
    // Short labels, so that they fit between the ticks: the date at midnight, else the time of
    // day; the date and time where a time of day would repeat.
    const QLocale l = locale();
    for (const qint64 t : std::as_const(m_ticks)) {
        const QDateTime local = QDateTime::fromMSecsSinceEpoch(t);
        QString label = local.time() == QTime(0, 0)
            ? l.toString(local.date(), TimeText::shortDateFormat(l))
            : l.toString(local.time(), TimeText::shortTimeFormat(l));
        if (m_tickAxis->categoriesLabels().contains(label))
            label = TimeText::shortDateTime(t, l);
        // Labels name the categories, so they must differ.
        if (!m_tickAxis->categoriesLabels().contains(label))
            m_tickAxis->append(label, double(t));
    }
}

void PriceChart::zoom(double factor, qint64 anchorMs)
{
    const qint64 span = m_viewMax - m_viewMin;
    const qint64 step = std::max<qint64>(m_intervalMs, 1);
    qint64 wanted = qint64(double(span) * factor);
    // No narrower than a few candles, no wider than all of them and the default view.
    const int rows = m_model->rowCount();
    const qint64 all =
        rows > 0 ? m_model->candle(rows - 1).startMs - m_model->candle(0).startMs + 2 * step : span;
    wanted = std::clamp(wanted, MinimumVisibleCandles * step,
                        std::max<qint64>(all, DefaultVisibleCandles * step));
    if (wanted == span)
        return;
    anchorMs = std::clamp(anchorMs, m_viewMin, m_viewMax);
    const double left = double(anchorMs - m_viewMin) / double(std::max<qint64>(span, 1));
    const qint64 min = anchorMs - qint64(left * double(wanted));
    m_follow = false;
    setTimeRange(min, min + wanted);
}

void PriceChart::pan(qint64 deltaMs)
{
    const int rows = m_model->rowCount();
    if (rows == 0)
        return;
    const qint64 span = m_viewMax - m_viewMin;
    // Keep at least one candle in view.
    const qint64 first = m_model->candle(0).startMs;
    const qint64 last = m_model->candle(rows - 1).startMs;
    const qint64 min = std::clamp(m_viewMin + deltaMs, first - span + m_intervalMs, last);
    m_follow = false;
    setTimeRange(min, min + span);
}

void PriceChart::resetZoom()
{
    m_follow = true;
    applyRanges();
}

// --- pointer --------------------------------------------------------------------------------

bool PriceChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const qint64 span = m_viewMax - m_viewMin;
        switch (key->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoom(ZoomStep, m_viewMin + span / 2);
            return true;
        case Qt::Key_Minus:
            zoom(1.0 / ZoomStep, m_viewMin + span / 2);
            return true;
        case Qt::Key_Left:
            pan(-span / 10);
            return true;
        case Qt::Key_Right:
            pan(span / 10);
            return true;
        case Qt::Key_Home:
            resetZoom();
            return true;
        default:
            return false;
        }
    }
    if (watched != m_view->viewport())
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::Wheel: {
        const auto *wheel = static_cast<QWheelEvent *>(event);
        const int delta = wheel->angleDelta().y();
        if (delta == 0)
            return true;
        const QPointF value = m_chart->mapToValue(
            m_chart->mapFromScene(m_view->mapToScene(wheel->position().toPoint())), m_candles);
        zoom(std::pow(ZoomStep, double(delta) / 120.0), qint64(value.x()));
        hover(wheel->position().toPoint());
        return true;
    }
    case QEvent::MouseButtonPress: {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() != Qt::LeftButton)
            return false;
        m_view->setFocus(Qt::MouseFocusReason);
        m_dragging = true;
        m_dragOrigin = mouse->position().toPoint();
        m_dragMin = m_viewMin;
        m_dragMax = m_viewMax;
        m_view->viewport()->setCursor(Qt::ClosedHandCursor);
        return true;
    }
    case QEvent::MouseMove: {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (m_dragging && (mouse->buttons() & Qt::LeftButton)) {
            const double width = std::max(m_chart->plotArea().width(), 1.0);
            const double dx = mouse->position().x() - m_dragOrigin.x();
            const qint64 shift = -qint64(dx / width * double(m_dragMax - m_dragMin));
            pan(m_dragMin + shift - m_viewMin);
        }
        hover(mouse->position().toPoint());
        return false;
    }
    case QEvent::MouseButtonRelease:
        if (m_dragging) {
            m_dragging = false;
            m_view->viewport()->setCursor(Qt::CrossCursor);
            return true;
        }
        return false;
    case QEvent::MouseButtonDblClick:
        resetZoom();
        return true;
    case QEvent::Leave:
        leave();
        return false;
    default:
        return false;
    }
}

void PriceChart::hover(const QPoint &viewportPos)
{
    const QPointF pos = m_chart->mapFromScene(m_view->mapToScene(viewportPos));
    const QRectF plot = m_chart->plotArea();
    // Candles are drawn centred on their start; nearestRow() measures from interval middles.
    const int row = plot.contains(pos) ? m_model->nearestRow(qint64(
                        m_chart->mapToValue(pos, m_candles).x() + double(m_intervalMs) / 2.0))
                                       : -1;
    if (row < 0) {
        leave();
        return;
    }
    const qint64 start = m_model->candle(row).startMs;
    const double x = m_chart->mapToPosition(QPointF(double(start), 0.0), m_candles).x();
    m_crossV->setLine(x, plot.top(), x, plot.bottom());
    m_crossH->setLine(plot.left(), pos.y(), plot.right(), pos.y());
    m_crossV->show();
    m_crossH->show();
    m_hoverStart = start;
    updateReadout();
}

void PriceChart::leave()
{
    m_crossV->hide();
    m_crossH->hide();
    if (m_hoverStart < 0)
        return;
    m_hoverStart = -1;
    updateReadout();
}

QString PriceChart::readoutText(int row) const
{
    if (row < 0 || row >= m_model->rowCount())
        return {};
    const Candle &c = m_model->candle(row);
    const QLocale l = locale();
    return tr("%1   O %2   H %3   L %4   C %5   Vol %6 GPU-h",
              "candle readout: start time, open, high, low, close, volume in GPU-hours")
        .arg(TimeText::shortDateTime(c.startMs, l), Money::format(c.open, l),
             Money::format(c.high, l), Money::format(c.low, l), Money::format(c.close, l),
             l.toString(c.volume));
}

QString PriceChart::readout() const
{
    return m_readout->text();
}

void PriceChart::updateReadout()
{
    const int row = m_hoverStart >= 0 ? m_model->rowOf(m_hoverStart) : m_model->rowCount() - 1;
    m_readout->setText(readoutText(row));
}

// --- appearance -----------------------------------------------------------------------------

void PriceChart::applyInterval(CandleInterval interval)
{
    m_intervalButtons[CandleIntervals::index(interval)]->setChecked(true);
    // Times of day for short candles, dates for long ones.
    const qint64 ms = CandleIntervals::lengthMs(interval);
    const QLocale l = locale();
    if (ms < MarketRules::HourMs)
        m_tickFormat = TimeText::shortTimeFormat(l);
    else if (ms < MarketRules::DayMs)
        m_tickFormat = TimeText::shortDateTimeFormat(l);
    else
        m_tickFormat = TimeText::shortDateFormat(l);
    m_timeAxis->setFormat(m_tickFormat);
    m_follow = true; // another interval: the latest candles, not the old interval's range
}

void PriceChart::applyPalette()
{
    const QPalette p = palette();
    MarketColors::styleChart(m_chart, p,
                             {m_priceAxis, m_volumeAxis, m_slotAxis, m_timeAxis, m_tickAxis});
    m_candles->setIncreasingColor(MarketColors::up(p));
    m_candles->setDecreasingColor(MarketColors::down(p));
    m_candles->setPen(QPen(MarketColors::neutral(p, 200), 1.0));
    m_flatTicks->setPen(QPen(MarketColors::neutral(p, 200), 1.0));
    m_volumeSet->setColor(MarketColors::neutral(p, 70));
    m_volumeSet->setBorderColor(Qt::transparent);
    const QPen cross(MarketColors::neutral(p, 140), 1.0, Qt::DashLine);
    m_crossV->setPen(cross);
    m_crossH->setPen(cross);
}

void PriceChart::retranslateUi()
{
    setWindowTitle(tr("Price chart"));
    setAccessibleName(tr("Price chart"));
    m_view->setAccessibleName(tr("Candlestick chart with volume"));
    // In the order of CandleIntervals::All.
    const std::array<QString, CandleIntervals::Count> tips = {
        tr("One-minute candles"), tr("Five-minute candles"), tr("Hourly candles"),
        tr("Daily candles")};
    const std::array<QString, CandleIntervals::Count> labels = {
        tr("1m", "one-minute candles"), tr("5m", "five-minute candles"), tr("1h", "hourly candles"),
        tr("1d", "daily candles")};
    for (std::size_t i = 0; i < CandleIntervals::Count; ++i) {
        m_intervalButtons[i]->setText(labels[i]);
        m_intervalButtons[i]->setToolTip(tips[i]);
    }
    m_reset->setText(tr("Reset zoom"));
    m_reset->setToolTip(tr("Show the latest candles again (double-click or Home)"));
    m_candles->setName(tr("Price"));
    m_volume->setName(tr("Volume"));
    m_volumeSet->setLabel(tr("Volume"));
    updateReadout();
}

void PriceChart::changeEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::LanguageChange:
        retranslateUi();
        break;
    case QEvent::LocaleChange:
        m_chart->setLocale(locale());
        applyInterval(m_desk.candleInterval());
        applyRanges();
        updateReadout();
        break;
    case QEvent::PaletteChange:
        applyPalette();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

} // namespace everx
