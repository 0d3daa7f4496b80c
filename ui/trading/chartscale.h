// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"

namespace everx {

// What the price and depth charts share of their axes.

// A price as a plot coordinate, in dollars. For drawing only: amounts stay integer cents
// everywhere else.
inline double plotDollars(Cents cents)
{
    return double(cents) / 100.0;
}

// A round tick step (1, 2 or 5 times a power of ten) giving about `ticks` steps over span.
double niceStep(double span, int ticks);

} // namespace everx
