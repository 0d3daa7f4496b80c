// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCharts/QChartView>
#include <QtCore/QTimer>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace everx {

class OrderBookModel;

// The selected GPU's market depth (docs/architecture.md "The desk"): cumulative GPUs on offer
// against price, bids in green stepping down to the left of the spread, offers in red stepping up
// to its right. Fed by the order book model's signals; rebuilt at most once per frame (a burst of
// level deltas is one repaint). The price axis spans the levels within 30 % of the mid price, so
// that a stray far-off bid does not squash the rest.
class DepthChart final : public QChartView
{
    Q_OBJECT

public:
    explicit DepthChart(OrderBookModel *book, QWidget *parent = nullptr);
    ~DepthChart() override;

    // The step lines: points (price in dollars, cumulative GPUs) from the best price outward;
    // the last point of each is the side's whole depth.
    QLineSeries *bidSeries() const { return m_bids; }
    QLineSeries *askSeries() const { return m_asks; }
    // Delay of the coalesced rebuild in ms (tests set 0).
    void setFrameInterval(int ms) { m_frame.setInterval(ms); }

    QSize sizeHint() const override { return {380, 380}; }
    QSize minimumSizeHint() const override { return {240, 200}; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void schedule();
    void rebuild();
    void retranslateUi();
    void applyPalette();
    void fitTexts();

    OrderBookModel *m_book;
    QAreaSeries *m_bidArea = nullptr; // owned by the chart
    QAreaSeries *m_askArea = nullptr;
    QLineSeries *m_bids = nullptr; // children of their area series
    QLineSeries *m_asks = nullptr;
    QValueAxis *m_priceAxis = nullptr;
    QValueAxis *m_depthAxis = nullptr;
    QTimer m_frame;
};

} // namespace everx
