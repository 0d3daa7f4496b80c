// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "provider/earningschart.h"

#include "market/percent.h"

#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtCore/QDateTime>
#include <QtCore/QEvent>
#include <QtGui/QFontMetricsF>

#include <algorithm>

namespace everx {

EarningsChart::EarningsChart(QWidget *parent)
    : QChartView(new QChart, parent) // the view owns its chart, the chart its series and axes
{
    setObjectName(QStringLiteral("earningsChart"));
    setRenderHint(QPainter::Antialiasing);
    QChart *chart = QChartView::chart(); // made with the view: setChart() would leak the first
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_earnings = new QBarSet(QString());
    m_bars = new QBarSeries;
    m_bars->append(m_earnings);
    m_utilisation = new QLineSeries;
    chart->addSeries(m_bars);
    chart->addSeries(m_utilisation);
    // Days by index (bar i is day i) with a date under every step-th day only: a bar category
    // axis gives each label one bar's width and cuts it ("6 …") past a few weeks.
    m_days = new QCategoryAxis;
    m_days->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_money = new QValueAxis;
    m_money->setLabelFormat(QStringLiteral("%.0f"));
    // Percentages in the locale's pattern (Turkish writes %40), which a printf format cannot.
    m_percent = new QCategoryAxis;
    m_percent->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_percent->setRange(0, 100);
    chart->addAxis(m_days, Qt::AlignBottom);
    chart->addAxis(m_money, Qt::AlignLeft);
    chart->addAxis(m_percent, Qt::AlignRight);
    m_bars->attachAxis(m_days);
    m_bars->attachAxis(m_money);
    // The line shares the bars' days: point i is day i, at the middle of its bar.
    m_utilisation->attachAxis(m_days);
    m_utilisation->attachAxis(m_percent);
    setMinimumHeight(220);
    // The number of dates that fit follows the plot's width.
    connect(chart, &QChart::plotAreaChanged, this, [this] { relabelDays(false); });
    retranslateUi();
}

void EarningsChart::setStats(const ProviderStats &stats)
{
    m_stats = stats;
    QList<qreal> earnings;
    QList<QPointF> utilisation;
    qreal highest = 0;
    for (qsizetype i = 0; i < stats.days.size(); ++i) {
        // Drawn in dollars: a chart's scale, not an amount anybody is paid.
        const qreal usd = qreal(stats.days[i].earningsCents) / 100.0;
        earnings.append(usd);
        highest = std::max(highest, usd);
        utilisation.append({qreal(i), qreal(stats.days[i].utilisationBp) / 100.0});
    }
    m_earnings->remove(0, m_earnings->count());
    m_earnings->append(earnings);
    m_utilisation->replace(utilisation);
    m_money->setRange(0, highest > 0 ? highest * 1.1 : 1.0);
    relabelDays(true);
}

QString EarningsChart::dayLabel(qsizetype day) const
{
    const QDate date = QDateTime::fromMSecsSinceEpoch(m_stats.days[day].dayMs, Qt::UTC).date();
    // Day and short month in the locale's order: "Dec 4" in American English, "4 Ara" in Turkish.
    const QString shortFormat = locale().dateFormat(QLocale::ShortFormat);
    const bool monthFirst = shortFormat.indexOf(u'M') < shortFormat.indexOf(u'd');
    return locale().toString(date, monthFirst ? QStringLiteral("MMM d") : QStringLiteral("d MMM"));
}

int EarningsChart::labelStep() const
{
    const qsizetype n = m_stats.days.size();
    if (n == 0)
        return 1;
    const QFontMetricsF metrics(m_days->labelsFont());
    qreal widest = 0;
    for (qsizetype i = 0; i < n; ++i)
        widest = std::max(widest, metrics.horizontalAdvance(dayLabel(i)));
    // Qt gives each label of the axis its width over one more than the labels, less its
    // padding on both sides; keep a margin beside that so that dates never touch.
    const qreal plot = chart()->plotArea().width() > 0 ? chart()->plotArea().width()
                                                       : std::max(100, width() - 120);
    for (const int step : {1, 2, 3, 5, 7, 10, 14, 15, 30, 45, 90}) {
        const qsizetype labels = (n + step - 1) / step;
        if (plot / qreal(labels + 1) >= widest + 2 * LabelMargin)
            return step;
    }
    return int(n);
}

void EarningsChart::relabelDays(bool always)
{
    const int step = labelStep();
    if (!always && step == m_step)
        return;
    m_step = step;
    const QStringList old = m_days->categoriesLabels();
    for (const QString &label : old)
        m_days->remove(label);
    const qsizetype n = m_stats.days.size();
    m_days->setStartValue(-0.5);
    m_days->setRange(-0.5, qreal(std::max<qsizetype>(n, 1)) - 0.5);
    // Today is always labelled, and every step-th day before it.
    for (qsizetype i = (n - 1) % step; i < n; i += step)
        m_days->append(dayLabel(i), qreal(i));
}

void EarningsChart::relabelPercent()
{
    const QStringList old = m_percent->categoriesLabels();
    for (const QString &label : old)
        m_percent->remove(label);
    m_percent->setStartValue(0);
    for (const int value : {0, 25, 50, 75, 100})
        m_percent->append(Percent::format(value, locale()), value);
}

QStringList EarningsChart::dayLabels() const
{
    return m_days->categoriesLabels();
}

QStringList EarningsChart::percentLabels() const
{
    return m_percent->categoriesLabels();
}

void EarningsChart::retranslateUi()
{
    m_earnings->setLabel(tr("Earnings (USD)"));
    m_utilisation->setName(tr("Utilisation (%)", "rented GPU-hours over listed GPU-hours"));
    setAccessibleName(tr("Earnings and utilisation per day"));
    relabelPercent();
    relabelDays(true);
}

void EarningsChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QChartView::changeEvent(event);
}

} // namespace everx
