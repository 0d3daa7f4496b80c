// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "provider/earningschart.h"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtCore/QDateTime>
#include <QtCore/QEvent>

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
    m_days = new QBarCategoryAxis;
    m_money = new QValueAxis;
    m_money->setLabelFormat(QStringLiteral("%.0f"));
    m_percent = new QValueAxis;
    m_percent->setRange(0, 100);
    m_percent->setLabelFormat(QStringLiteral("%.0f%%"));
    chart->addAxis(m_days, Qt::AlignBottom);
    chart->addAxis(m_money, Qt::AlignLeft);
    chart->addAxis(m_percent, Qt::AlignRight);
    m_bars->attachAxis(m_days);
    m_bars->attachAxis(m_money);
    // The line shares the bars' categories: point i is day i, at the middle of its bar.
    m_utilisation->attachAxis(m_days);
    m_utilisation->attachAxis(m_percent);
    setMinimumHeight(220);
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
    relabel();
}

void EarningsChart::relabel()
{
    QStringList labels;
    // Few labels for many days: a category label every week past a month.
    const qsizetype step = m_stats.days.size() > 31 ? 7 : m_stats.days.size() > 8 ? 2 : 1;
    for (qsizetype i = 0; i < m_stats.days.size(); ++i) {
        const QDate day = QDateTime::fromMSecsSinceEpoch(m_stats.days[i].dayMs, Qt::UTC).date();
        // Categories must differ: unlabelled days get invisible, distinct padding.
        labels << ((m_stats.days.size() - 1 - i) % step == 0
                       ? locale().toString(day, QStringLiteral("d MMM"))
                       : QString(int(i) + 1, QChar(0x200B)));
    }
    m_days->clear();
    m_days->append(labels);
}

void EarningsChart::retranslateUi()
{
    m_earnings->setLabel(tr("Earnings (USD)"));
    m_utilisation->setName(tr("Utilisation (%)", "rented GPU-hours over listed GPU-hours"));
    setAccessibleName(tr("Earnings and utilisation per day"));
    relabel();
}

void EarningsChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QChartView::changeEvent(event);
}

} // namespace everx
