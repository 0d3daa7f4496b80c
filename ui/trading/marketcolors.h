// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtGui/QColor>
#include <QtGui/QPalette>

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

} // namespace MarketColors
} // namespace everx
