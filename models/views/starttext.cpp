// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/starttext.h"

#include "market/marketrules.h"
#include "views/timetext.h"

#include <QtCore/QDateTime>
#include <QtCore/QTimeZone>

namespace everx {

qint64 StartText::firstStart(qint64 nowMs)
{
    // As the exchange counts: the hour after the one now is in (ListingCalendar::hourOf).
    return (nowMs / HourMs + 1) * HourMs;
}

qint64 StartText::lastStart(qint64 nowMs)
{
    return firstStart(nowMs) + (qint64(MarketRules::WindowDays) * 24 - 1) * HourMs;
}

QList<qint64> StartText::starts(qint64 nowMs)
{
    QList<qint64> all;
    all.reserve(MarketRules::WindowDays * 24);
    for (qint64 s = firstStart(nowMs); s <= lastStart(nowMs); s += HourMs)
        all.append(s);
    return all;
}

bool StartText::isOffered(qint64 startMs, qint64 nowMs)
{
    return startMs % HourMs == 0 && startMs >= firstStart(nowMs) && startMs <= lastStart(nowMs);
}

QString StartText::dayText(qint64 startMs, const QLocale &locale)
{
    const QDate date = QDateTime::fromMSecsSinceEpoch(startMs).toLocalTime().date();
    // The weekday, then the day and short month in the locale's order: "Mon Dec 7" in American
    // English, "Mon 7 Dec" in British, "Pzt 7 Ara" in Turkish.
    const QString shortFormat = locale.dateFormat(QLocale::ShortFormat);
    const bool monthFirst = shortFormat.indexOf(u'M') < shortFormat.indexOf(u'd');
    return locale.toString(date,
                           monthFirst ? QStringLiteral("ddd MMM d") : QStringLiteral("ddd d MMM"));
}

QString StartText::text(qint64 startMs, const QLocale &locale)
{
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(startMs);
    const QString hourFormat = TimeText::shortTimeFormat(locale);
    const QString local = locale.toString(at.toLocalTime().time(), hourFormat);
    const QString utc = locale.toString(at.toUTC().time(), hourFormat);
    // On a computer whose clock is UTC the two hours are one: said once.
    if (at.toLocalTime().offsetFromUtc() == 0)
        //: A start of a rental on a computer whose clock is UTC: %1 the day ("Mon 7 Dec"), %2
        //: its hour
        return tr("%1 %2 UTC").arg(dayText(startMs, locale), local);
    //: A start of a rental: %1 the day ("Mon 7 Dec"), %2 its hour on the user's clock, %3 the
    //: same moment's hour in UTC
    return tr("%1 %2 (%3 UTC)").arg(dayText(startMs, locale), local, utc);
}

QString StartText::fieldText(qint64 startMs, const QLocale &locale)
{
    return startMs == 0 ? tr("Now", "a rental's start") : text(startMs, locale);
}

} // namespace everx
