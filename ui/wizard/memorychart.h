// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "sizing/sizing.h"

#include <QtCharts/QChartView>

#include <array>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace everx {

// One GPU's memory as a horizontal stacked bar: a segment per component of the
// per-GPU breakdown, in GB (10^9 bytes), on an axis that ends at the GPU's memory, so that the
// bar's end against the axis's end shows the fit. The sets are named after the components'
// Sizing::Breakdown fields ("weights", ..., "kvCache", "overhead") for tests and tools.
class MemoryChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryChart)

public:
    enum Component { Weights, Gradients, Optimizer, Activations, Logits, KvCache, Overhead };
    static constexpr int ComponentCount = Overhead + 1;

    explicit MemoryChart(QWidget *parent = nullptr);
    ~MemoryChart() override;

    // The breakdown of gpuName at gpus GPUs (per GPU), against memoryBytes of one GPU.
    void setBreakdown(const Sizing::Breakdown &breakdown, const QString &gpuName, int gpus,
                      qint64 memoryBytes, bool fits);
    void clear();

    static qint64 bytes(const Sizing::Breakdown &breakdown, Component component);
    QBarSet *set(Component component) const { return m_sets.at(component); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void followPalette();

    QHorizontalStackedBarSeries *m_series = nullptr;
    std::array<QBarSet *, ComponentCount> m_sets {};
    QBarCategoryAxis *m_categories = nullptr;
    QValueAxis *m_gigabytes = nullptr;
    // What is shown, to retranslate the title and labels.
    QString m_gpuName;
    int m_gpus = 0;
    qint64 m_memoryBytes = 0;
    Sizing::Breakdown m_breakdown;
    bool m_fits = false;
    bool m_empty = true;
};

} // namespace everx
