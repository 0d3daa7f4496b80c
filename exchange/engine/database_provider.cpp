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
    q.prepare(QStringLiteral("SELECT id, provider_id, gpu, gpu_count, region, endpoint, ask_cents,"
                             " state, created_ms, removed_ms FROM listings WHERE provider_id = ?"
                             " ORDER BY id"));
    q.bindValue(0, providerId);
    if (q.exec()) {
        while (q.next()) {
            Listing l;
            l.id = q.value(0).toLongLong();
            l.providerId = q.value(1).toLongLong();
            l.gpu = q.value(2).toString();
            l.gpuCount = q.value(3).toInt();
            l.region = q.value(4).toString();
            l.endpoint = q.value(5).toString();
            l.askCents = q.value(6).toLongLong();
            l.state = ListingState(q.value(7).toInt());
            l.createdMs = q.value(8).toLongLong();
            l.removedMs = q.value(9).toLongLong();
            out.append(l);
        }
    }
    return out;
}

} // namespace everx
