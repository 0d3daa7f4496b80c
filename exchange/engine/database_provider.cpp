// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's reads for the provider workspace: rentals on a provider's hardware, what its
// listings have earned, and every listing it has had.

#include "engine/database.h"
#include "engine/database_p.h"

#include "market/marketrules.h"

namespace everx {

using namespace DatabasePrivate;

QList<Rental> Database::providerRentals(qint64 providerId, qint64 before, int limit)
{
    QList<Rental> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1 FROM rentals WHERE provider_id = ? AND (id < ? OR ? = 0)"
                             " ORDER BY id DESC LIMIT ?")
                  .arg(RentalColumns));
    q.bindValue(0, providerId);
    q.bindValue(1, before);
    q.bindValue(2, before);
    q.bindValue(3, limit);
    if (q.exec()) {
        while (q.next())
            out.append(readRental(q));
    }
    return out;
}

QList<Rental> Database::providerRentalsSince(qint64 providerId, qint64 sinceMs)
{
    QList<Rental> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    // A rental started up to MaxHours before sinceMs may still bill hours after it.
    q.prepare(QStringLiteral("SELECT %1 FROM rentals WHERE provider_id = ? AND started_ms >= ?"
                             " ORDER BY id")
                  .arg(RentalColumns));
    q.bindValue(0, providerId);
    q.bindValue(1, sinceMs - qint64(MarketRules::MaxHours) * MarketRules::HourMs);
    if (q.exec()) {
        while (q.next())
            out.append(readRental(q));
    }
    return out;
}

QHash<qint64, Cents> Database::listingEarnings(qint64 providerId)
{
    QHash<qint64, Cents> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1 FROM rentals WHERE provider_id = ?").arg(RentalColumns));
    q.bindValue(0, providerId);
    if (q.exec()) {
        while (q.next()) {
            const Rental r = readRental(q);
            out[r.listingId] += MarketRules::earnedSoFar(r);
        }
    }
    return out;
}

QList<Listing> Database::providerListings(qint64 providerId)
{
    QList<Listing> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1 FROM listings WHERE provider_id = ? ORDER BY id")
                  .arg(ListingColumns));
    q.bindValue(0, providerId);
    if (q.exec()) {
        while (q.next())
            out.append(readListing(q));
    }
    return out;
}

} // namespace everx
