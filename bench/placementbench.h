// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QtGlobal>

QT_BEGIN_NAMESPACE
class QTextStream;
QT_END_NAMESPACE

struct BenchOptions;

namespace everx {

// What the placement mix measured (placementbench.cpp).
struct PlacementMixResult
{
    qsizetype ops = 0;
    double best = 0; // commands per second
    double median = 0;
    bool consistent = false; // the checking replay found what the generator found
};

PlacementMixResult runPlacementMix(const BenchOptions &options, QTextStream &out);
// The window mix (windowmixbench.cpp): spot bids beside 30 % orders for windows ahead.
PlacementMixResult runWindowMix(const BenchOptions &options, QTextStream &out);

} // namespace everx
