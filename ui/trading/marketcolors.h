// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtGui/QColor>
#include <QtGui/QPalette>

#include <initializer_list>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QChart;
QT_END_NAMESPACE

namespace everx {

// Colours of market direction for charts and the tape, derived from the widget's palette so
// that light and dark themes both read: a green for rising prices, buyers and bids, a red for
// falling prices, sellers and offers, each lighter on a dark background. Green and red differ
// in lightness too, not only in hue.
namespace MarketColors {

bool isDark(const QPalette &palette);
QColor up(const QPalette &palette);
QColor down(const QPalette &palette);
// For neutral marks (history prints, volume bars, the crosshair): the text colour, faded.
QColor neutral(const QPalette &palette, int alpha = 160);
// A chart's frame in the palette, as every chart of the desk draws it: the base colour behind it,
// the text colour for its legend and its axes' labels and titles, and the text colour faded to a
// sixth for their grid and lines.
void styleChart(QChart *chart, const QPalette &palette,
                std::initializer_list<QAbstractAxis *> axes);

} // namespace MarketColors
} // namespace everx
