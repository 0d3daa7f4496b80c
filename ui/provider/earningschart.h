// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/requests.h"

#include <QtCharts/QChartView>

class QBarSeries;
class QBarSet;
class QCategoryAxis;
class QLineSeries;
class QValueAxis;

namespace everx {

// A provider's earnings per day (bars, USD, left axis) and utilisation per day (line, percent
// of listed GPU-hours rented, right axis), over the days of one provider.stats answer. Each
// setStats() replaces the series' points in place (one set of bars, one line): a chart of at
// most 90 points, drawn from integers of cents and basis points. The days are dated under every
// labelStep()-th day, today always, as many as the plot's width holds without cutting a date.
class EarningsChart final : public QChartView
{
    Q_OBJECT

public:
    explicit EarningsChart(QWidget *parent = nullptr);

    void setStats(const ProviderStats &stats);
    QBarSet *earningsSet() const { return m_earnings; }
    // Every how many days a date is shown, for the plot's width now.
    int labelStep() const;
    // The dates shown under the days, oldest first; the percentages beside the line.
    QStringList dayLabels() const;
    QStringList percentLabels() const;

    // Room beside each date, in pixels, on top of Qt's padding.
    static constexpr qreal LabelMargin = 8;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    QString dayLabel(qsizetype day) const;
    // The dates again when the step changed, or always.
    void relabelDays(bool always);
    void relabelPercent();

    ProviderStats m_stats;
    QBarSeries *m_bars = nullptr; // owned by the chart
    QBarSet *m_earnings = nullptr;
    QLineSeries *m_utilisation = nullptr;
    QCategoryAxis *m_days = nullptr;
    QValueAxis *m_money = nullptr;
    QCategoryAxis *m_percent = nullptr;
    int m_step = 0; // of the dates shown
};

} // namespace everx
