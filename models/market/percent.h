// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QLocale>
#include <QtCore/QString>

namespace everx {

// Percentages for people, in the locale's own pattern (CLDR's percent format): the sign after
// the number in English and Indonesian ("40%", "2,5%"), before it in Turkish ("%40", "%2,5"),
// with the locale's digits, decimal sign, minus and percent sign. QLocale has no percent
// pattern of its own, so the languages that write the sign first are listed here.
class Percent final
{
public:
    Percent() = delete;

    // Whether the locale writes the percent sign before the number.
    static bool signFirst(const QLocale &locale);
    // `value` percent ("40" for 40 %) with `decimals` decimals: "40%", "%40", "-%2,50".
    static QString format(double value, const QLocale &locale, int decimals = 0);
};

} // namespace everx
