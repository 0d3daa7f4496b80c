// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/requests.h"

#include <QtCharts/QChartView>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QLineSeries;
class QValueAxis;

namespace everx {

// A provider's earnings per day (bars, USD, left axis) and utilisation per day (line, percent
// of listed GPU-hours rented, right axis), over the days of one provider.stats answer. Each
// setStats() replaces the series' points in place (one set of bars, one line): a chart of at
// most 90 points, drawn from integers of cents and basis points.
class EarningsChart final : public QChartView
{
    Q_OBJECT

public:
    explicit EarningsChart(QWidget *parent = nullptr);

    void setStats(const ProviderStats &stats);
    QBarSet *earningsSet() const { return m_earnings; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void relabel();

    ProviderStats m_stats;
    QBarSeries *m_bars = nullptr; // owned by the chart
    QBarSet *m_earnings = nullptr;
    QLineSeries *m_utilisation = nullptr;
    QBarCategoryAxis *m_days = nullptr;
    QValueAxis *m_money = nullptr;
    QValueAxis *m_percent = nullptr;
};

} // namespace everx
