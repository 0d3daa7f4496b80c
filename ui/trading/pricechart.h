// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/candleinterval.h"

#include <QtCore/QList>
#include <QtCore/QPoint>
#include <QtCore/QSet>
#include <QtCore/QTimer>
#include <QtWidgets/QWidget>

#include <array>

class QBarSeries;
class QBarSet;
class QButtonGroup;
class QCandlestickSeries;
class QCandlestickSet;
class QCategoryAxis;
class QChart;
class QChartView;
class QDateTimeAxis;
class QGraphicsLineItem;
class QGraphicsPathItem;
class QLabel;
class QToolButton;
class QValueAxis;

namespace everx {

class CandleModel;
class DeskState;
struct Candle;

// The selected GPU's candlestick chart with volume (docs/architecture.md "The desk"), bound to
// DeskState::candles(). One chart: candles on a date-time axis with the price axis on the
// left, volume bars in the bottom quarter on an axis of their own. Interval buttons (1m, 5m,
// 1h, 1d) switch DeskState's interval.
//
// Pointer: a crosshair follows the mouse and the readout above the chart shows the candle under
// it (time, open, high, low, close, volume), or the latest one. The wheel zooms the time axis
// around the pointer, dragging pans, and a double-click or "Reset zoom" goes back to the latest
// candles, which the view then follows as new ones form. Keyboard: +/- zoom, Left/Right pan,
// Home resets. The price axis always fits the candles in view.
//
// Live updates: a new candle appends one set (and volume bar); a change of the forming candle
// updates its set in place, at most once per frame. Only a switch of GPU or interval (the
// model's reset) rebuilds the series.
class PriceChart final : public QWidget
{
    Q_OBJECT

public:
    explicit PriceChart(DeskState &desk, QWidget *parent = nullptr);
    ~PriceChart() override;

    QChartView *chartView() const { return m_view; }
    QCandlestickSeries *candleSeries() const { return m_candles; }
    QBarSeries *volumeSeries() const { return m_volume; }
    // The ticks of the candles in view whose body has no height (open = close): a short
    // horizontal line of a body's width at that price, in chart coordinates.
    QGraphicsPathItem *flatTicks() const { return m_flatTicks; }
    // The view's time range (its labels are the tick axis's).
    QDateTimeAxis *timeAxis() const { return m_timeAxis; }
    // The labelled times under the chart, epoch ms: round times (local clock) a whole number of
    // candles apart.
    const QList<qint64> &timeTicks() const { return m_ticks; }
    // Round times in [min, max], a whole number of intervals apart, about five of them: every
    // 10 minutes for 1-minute candles over an hour, every 6 hours for hourly ones over a day.
    // utcOffsetMs is the local clock's offset, so that ticks fall on round local times.
    static QList<qint64> roundTicks(qint64 min, qint64 max, qint64 intervalMs, qint64 utcOffsetMs);
    // The readout's text: the hovered candle, else the latest.
    QString readout() const;

    // Shows the latest candles again and follows new ones.
    void resetZoom();
    // Whether the view follows the latest candle (no zoom or pan since the last reset).
    bool isFollowingLatest() const { return m_follow; }
    // Delay of coalesced repaints in ms (tests set 0).
    void setFrameInterval(int ms) { m_frame.setInterval(ms); }

    QSize sizeHint() const override { return {820, 380}; }
    QSize minimumSizeHint() const override { return {360, 220}; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void applyPalette();
    void applyInterval(CandleInterval interval);

    // Model -> series.
    void rebuild();
    void insertRows(int first, int last);
    void removeRows(int first, int last);
    void rowsRemoved();
    void markChanged(int first, int last);
    void flushFrame();
    void setValues(QCandlestickSet *set, const Candle &candle);
    // Volume bars sit at slot (start - origin) / interval of the hidden slot axis.
    void rebuildVolume();
    void setVolume(const Candle &candle);
    void trimVolumeFront();
    // QCandlestickSeries paints a body of no height as nothing: a flat candle (O = H = L = C),
    // the common one-minute candle of a quiet market, would vanish. Its tick is drawn here.
    void updateFlatTicks();

    // View range, in epoch ms.
    void defaultRange(qint64 *min, qint64 *max) const;
    void setTimeRange(qint64 min, qint64 max);
    void applyRanges();
    // The tick axis's labels at round times over the view's range (roundTicks).
    void applyTicks();
    void zoom(double factor, qint64 anchorMs);
    void pan(qint64 deltaMs);

    // Pointer.
    void hover(const QPoint &viewportPos);
    void leave();
    void updateReadout();
    QString readoutText(int row) const;

    DeskState &m_desk;
    CandleModel *m_model;
    QChart *m_chart = nullptr; // owned by m_view
    QChartView *m_view = nullptr;
    QCandlestickSeries *m_candles = nullptr; // owned by m_chart
    QBarSeries *m_volume = nullptr; // owned by m_chart
    QBarSet *m_volumeSet = nullptr; // owned by m_volume
    QDateTimeAxis *m_timeAxis = nullptr; // the candles' x; labels hidden
    QCategoryAxis *m_tickAxis = nullptr; // the time labels and grid, at m_ticks
    QList<qint64> m_ticks;
    QString m_tickFormat; // the date-time axis's format, by the interval (the readout's form)
    QString m_appliedTickFormat; // the format of the labels on the axis now
    QValueAxis *m_priceAxis = nullptr;
    QValueAxis *m_slotAxis = nullptr; // hidden: the volume bars' x, in slots
    QValueAxis *m_volumeAxis = nullptr; // hidden
    QGraphicsLineItem *m_crossV = nullptr; // children of m_chart
    QGraphicsLineItem *m_crossH = nullptr;
    QGraphicsPathItem *m_flatTicks = nullptr; // child of m_chart
    QLabel *m_readout = nullptr;
    QToolButton *m_reset = nullptr;
    QButtonGroup *m_intervals = nullptr;
    std::array<QToolButton *, CandleIntervals::Count> m_intervalButtons {}; // by index

    QList<QCandlestickSet *> m_sets; // by model row; owned by m_candles
    QSet<qint64> m_changed; // starts of candles whose values changed since the last frame
    QList<qint64> m_removing; // starts of the rows being removed
    qint64 m_intervalMs = 0;
    qint64 m_slotOrigin = 0; // start of the candle in volume slot 0
    QTimer m_frame;

    bool m_follow = true;
    qint64 m_viewMin = 0;
    qint64 m_viewMax = 0;
    qint64 m_hoverStart = -1; // start of the hovered candle, -1 if none
    bool m_dragging = false;
    QPoint m_dragOrigin;
    qint64 m_dragMin = 0;
    qint64 m_dragMax = 0;
};

} // namespace everx
