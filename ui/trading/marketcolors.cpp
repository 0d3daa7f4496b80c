// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/marketcolors.h"

#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>

namespace everx::MarketColors {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor up(const QPalette &palette)
{
    // Material green 800 on light backgrounds, green 400 on dark ones.
    return isDark(palette) ? QColor(0x66, 0xbb, 0x6a) : QColor(0x2e, 0x7d, 0x32);
}

QColor down(const QPalette &palette)
{
    // Material red 800 on light backgrounds, red 300 on dark ones.
    return isDark(palette) ? QColor(0xe5, 0x73, 0x73) : QColor(0xc6, 0x28, 0x28);
}

QColor neutral(const QPalette &palette, int alpha)
{
    QColor c = palette.color(QPalette::Text);
    c.setAlpha(alpha);
    return c;
}

void styleChart(QChart *chart, const QPalette &palette, std::initializer_list<QAbstractAxis *> axes)
{
    const QColor text = palette.color(QPalette::Text);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setPlotAreaBackgroundVisible(false);
    chart->legend()->setLabelColor(text);
    const QColor grid = neutral(palette, 40);
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
}

} // namespace everx::MarketColors
