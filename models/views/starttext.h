// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QCoreApplication>
#include <QtCore/QList>
#include <QtCore/QLocale>
#include <QtCore/QString>

namespace everx {

// The starts a window ahead may have (docs/protocol.md "Windows ahead"): every whole hour from
// the next one to MarketRules::WindowDays days after it, on the exchange's clock; and how the desk
// writes one: the day and hour on the computer's clock, the same moment in UTC beside it, so that
// a customer and a provider in other zones speak of the same hour ("Mon 7 Dec 10:00 (09:00 UTC)").
class StartText final
{
    Q_DECLARE_TR_FUNCTIONS(everx::StartText)

public:
    static constexpr qint64 HourMs = 3'600'000;

    // The next whole hour after nowMs: the first start the exchange takes.
    static qint64 firstStart(qint64 nowMs);
    // The last start the exchange takes: WindowDays days of hours after the first, less one.
    static qint64 lastStart(qint64 nowMs);
    // Every start from firstStart to lastStart, one an hour (336 of them).
    static QList<qint64> starts(qint64 nowMs);
    // Whether startMs is one the exchange takes at nowMs.
    static bool isOffered(qint64 startMs, qint64 nowMs);

    // "Mon 7 Dec 10:00 (09:00 UTC)", the day and month in the locale's order and its hour format;
    // "Mon 7 Dec 09:00 UTC" where the computer's clock is UTC.
    static QString text(qint64 startMs, const QLocale &locale);
    // "Now", or text(): what a start of 0 or an hour is called in a field.
    static QString fieldText(qint64 startMs, const QLocale &locale);
    // "Mon 7 Dec": a day's label, in the locale's order.
    static QString dayText(qint64 startMs, const QLocale &locale);
};

} // namespace everx
