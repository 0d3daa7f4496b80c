// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/percent.h"

#include <cmath>

namespace everx {

bool Percent::signFirst(const QLocale &locale)
{
    // CLDR's percent pattern is "%#,##0" for Turkish; "#,##0%" (or "#,##0 %") for the other
    // languages the desk speaks.
    return locale.language() == QLocale::Turkish;
}

QString Percent::format(double value, const QLocale &locale, int decimals)
{
    const QString number = locale.toString(std::abs(value), 'f', decimals);
    const QString minus = value < 0 && number != locale.toString(0.0, 'f', decimals)
        ? locale.negativeSign()
        : QString();
    return signFirst(locale) ? minus + locale.percent() + number
                             : minus + number + locale.percent();
}

} // namespace everx
