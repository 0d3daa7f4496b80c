// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/providerstatscsv.h"

#include <QtCore/QDateTime>
#include <QtCore/QStringList>

namespace everx {

namespace {

// n / 100 with two decimals, from integers: "12.05".
QString hundredths(qint64 n)
{
    return Money::toPlain(n);
}

} // namespace

QByteArray ProviderStatsCsv::toCsv(const ProviderStats &stats)
{
    QString out = QStringLiteral(
        "date,earnings_usd,rented_gpu_hours,listed_gpu_hours,utilisation_percent\r\n");
    for (const StatsDay &d : stats.days) {
        const QStringList row {
            QDateTime::fromMSecsSinceEpoch(d.dayMs, Qt::UTC).date().toString(Qt::ISODate),
            Money::toPlain(d.earningsCents), QString::number(d.rentedGpuHours),
            // GPU-minutes to GPU-hours with two decimals, rounded half to even as money is.
            hundredths(Money::mulDiv(d.listedGpuMinutes, 100, 60)), hundredths(d.utilisationBp)};
        out += row.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

} // namespace everx
