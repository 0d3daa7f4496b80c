// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QLocale>
#include <QtCore/QString>

namespace everx {

// How the desk writes a moment for people, in one place, so that one screen never shows it in
// three forms: the locale's short date and time wherever a table, a chart or a message shows a
// moment, and the locale's long date where a document names a day (an invoice's issue date).
// Moments are epoch ms (UTC), shown on the computer's clock.
namespace TimeText {

QString shortDateTime(qint64 msSinceEpoch, const QLocale &locale);
QString longDate(qint64 msSinceEpoch, const QLocale &locale);
// The same forms as QDateTime format strings, for axes and date fields.
QString shortDateTimeFormat(const QLocale &locale);
QString shortDateFormat(const QLocale &locale);
QString shortTimeFormat(const QLocale &locale);
// A moment written as widely as shortDateTime writes any (two-digit day, month and hour, an
// afternoon hour): what a column of moments is sized to.
QString shortDateTimeSample(const QLocale &locale);

} // namespace TimeText

} // namespace everx
