// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wizard/memorychart.h"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QHorizontalStackedBarSeries>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>
#include <QtCore/QEvent>
#include <QtCore/QLocale>

#include <algorithm>

namespace everx {

namespace {
double gigabytes(qint64 bytes)
{
    return double(bytes) / double(Sizing::BytesPerGb);
}
} // namespace

MemoryChart::MemoryChart(QWidget *parent)
    : QChartView(new QChart, parent) // the view owns its chart, the chart its series and axes
{
    setObjectName(QStringLiteral("memoryChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(200);
    QChart *chart = QChartView::chart(); // made with the view: setChart() would leak the first
    chart->setBackgroundVisible(false); // the window's own background, light or dark
    chart->legend()->setAlignment(Qt::AlignRight); // seven names: a column, not a cramped row
    m_series = new QHorizontalStackedBarSeries(chart);
    static const char16_t *const names[ComponentCount] = {
        u"weights", u"gradients", u"optimizer", u"activations", u"logits", u"kvCache", u"overhead",
    };
    for (int c = 0; c < ComponentCount; ++c) {
        m_sets[c] = new QBarSet(QString(), m_series);
        m_sets[c]->setObjectName(QString::fromUtf16(names[c]));
        m_sets[c]->append(0.0);
        m_series->append(m_sets[c]);
    }
    chart->addSeries(m_series);
    m_categories = new QBarCategoryAxis(chart);
    m_categories->append(QStringLiteral(" "));
    m_categories->setLabelsVisible(false); // the title names the GPU: the bar gets the width
    m_categories->setGridLineVisible(false);
    m_gigabytes = new QValueAxis(chart);
    m_gigabytes->setLabelFormat(QStringLiteral("%.0f"));
    m_gigabytes->setRange(0, 1);
    chart->addAxis(m_categories, Qt::AlignLeft);
    chart->addAxis(m_gigabytes, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_gigabytes);
    followPalette();
    retranslateUi();
}

MemoryChart::~MemoryChart() = default;

qint64 MemoryChart::bytes(const Sizing::Breakdown &b, Component component)
{
    switch (component) {
    case Weights:
        return b.weights;
    case Gradients:
        return b.gradients;
    case Optimizer:
        return b.optimizer;
    case Activations:
        return b.activations;
    case Logits:
        return b.logits;
    case KvCache:
        return b.kvCache;
    case Overhead:
        return b.overhead;
    }
    return 0;
}

void MemoryChart::setBreakdown(const Sizing::Breakdown &breakdown, const QString &gpuName, int gpus,
                               qint64 memoryBytes, bool fits)
{
    for (int c = 0; c < ComponentCount; ++c)
        m_sets[c]->replace(0, gigabytes(bytes(breakdown, Component(c))));
    m_gpuName = gpuName;
    m_gpus = gpus;
    m_memoryBytes = memoryBytes;
    m_breakdown = breakdown;
    m_fits = fits;
    m_empty = false;
    // The axis ends at the GPU's memory, or past it when the workload does not fit.
    // An unknown component draws as 0: the wizard always knows the parameter count.
    m_gigabytes->setRange(0, gigabytes(std::max(memoryBytes, breakdown.total().value_or(0))));
    retranslateUi();
}

void MemoryChart::clear()
{
    for (QBarSet *set : m_sets)
        set->replace(0, 0.0);
    m_empty = true;
    m_gigabytes->setRange(0, 1);
    retranslateUi();
}

void MemoryChart::retranslateUi()
{
    const QString names[ComponentCount] = {
        tr("Weights"), tr("Gradients"), tr("Optimizer"), tr("Activations"),
        tr("Logits"),  tr("KV cache"),  tr("Overhead"),
    };
    for (int c = 0; c < ComponentCount; ++c)
        m_sets[c]->setLabel(names[c]);
    m_gigabytes->setTitleText(tr("GB per GPU"));
    setAccessibleName(tr("Memory per GPU"));
    const QLocale l = locale();
    const auto gb = [&l](qint64 bytes) {
        return l.toString(gigabytes(bytes), 'f', 1);
    };
    if (m_empty) {
        chart()->setTitle(tr("Choose a GPU in the results to see its memory."));
        m_categories->replace(m_categories->at(0), QStringLiteral(" "));
        setAccessibleDescription(QString());
        return;
    }
    m_categories->replace(m_categories->at(0),
                          tr("%1 × %2", "GPU count × GPU name").arg(l.toString(m_gpus), m_gpuName));
    const QString memory = l.toString(gigabytes(m_memoryBytes), 'f', 0); // whole GB
    chart()->setTitle(m_fits ? tr("%1 × %2: %3 of %4 GB per GPU", "GPU count × GPU name")
                                   .arg(l.toString(m_gpus), m_gpuName,
                                        gb(m_breakdown.total().value_or(0)), memory)
                             : tr("%1: %2 GB on one GPU, more than its %3 GB")
                                   .arg(m_gpuName, gb(m_breakdown.total().value_or(0)), memory));
    QStringList parts;
    for (int c = 0; c < ComponentCount; ++c)
        parts << tr("%1 %2 GB", "component, gigabytes")
                     .arg(names[c], gb(bytes(m_breakdown, Component(c))));
    setAccessibleDescription(chart()->title() + QStringLiteral(": ")
                             + parts.join(QStringLiteral(", ")));
}

void MemoryChart::followPalette()
{
    // The chart draws its own texts: give them the window's text colour (light or dark theme).
    const QColor text = palette().color(QPalette::WindowText);
    chart()->setTitleBrush(text);
    chart()->legend()->setLabelColor(text);
    for (QAbstractAxis *axis :
         {static_cast<QAbstractAxis *>(m_categories), static_cast<QAbstractAxis *>(m_gigabytes)}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
    }
}

void MemoryChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        followPalette();
    QChartView::changeEvent(event);
}

} // namespace everx
