// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/timetext.h"

#include <QtCore/QDateTime>

namespace everx::TimeText {

QString shortDateTimeFormat(const QLocale &locale)
{
    return locale.dateTimeFormat(QLocale::ShortFormat);
}

QString shortDateFormat(const QLocale &locale)
{
    return locale.dateFormat(QLocale::ShortFormat);
}

QString shortTimeFormat(const QLocale &locale)
{
    return locale.timeFormat(QLocale::ShortFormat);
}

QString shortDateTime(qint64 msSinceEpoch, const QLocale &locale)
{
    return locale.toString(QDateTime::fromMSecsSinceEpoch(msSinceEpoch).toLocalTime(),
                           shortDateTimeFormat(locale));
}

QString longDate(qint64 msSinceEpoch, const QLocale &locale)
{
    return locale.toString(QDateTime::fromMSecsSinceEpoch(msSinceEpoch).toLocalTime().date(),
                           QLocale::LongFormat);
}

QString shortDateTimeSample(const QLocale &locale)
{
    // 28 September 2026, 23:58: two-digit fields, and an afternoon hour (which a 12-hour clock
    // writes with its "PM").
    return locale.toString(QDateTime(QDate(2026, 9, 28), QTime(23, 58, 58)),
                           shortDateTimeFormat(locale));
}

} // namespace everx::TimeText
