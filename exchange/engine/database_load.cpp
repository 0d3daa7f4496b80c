// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's reads at start: the engine's whole state (StoredState), the largest id of a table,
// and the time of the last trade or entry.

#include "engine/database.h"
#include "engine/database_p.h"

#include <QtSql/QSqlError>

namespace everx {

using namespace DatabasePrivate;

std::optional<StoredState> Database::load(QString *error)
{
    QSqlDatabase db = connection();
    QSqlQuery q(db);
    q.setForwardOnly(true);
    StoredState s;
    auto fail = [&]() -> std::optional<StoredState> {
        if (error)
            *error = q.lastError().text();
        return std::nullopt;
    };

    if (!q.exec(QStringLiteral("SELECT id, email, role, country, password_hash, created_ms, state,"
                               " name, company, verification_hash, verification_expires_ms,"
                               " verification_failures FROM accounts ORDER BY id")))
        return fail();
    while (q.next()) {
        Account a;
        a.id = q.value(0).toLongLong();
        a.email = q.value(1).toString();
        a.role = Role(q.value(2).toInt());
        a.country = q.value(3).toString();
        a.passwordHash = q.value(4).toString();
        a.createdMs = q.value(5).toLongLong();
        a.state = AccountState(q.value(6).toInt());
        a.name = q.value(7).toString();
        a.company = q.value(8).toString();
        a.verificationHash = q.value(9).toString();
        a.verificationExpiresMs = q.value(10).toLongLong();
        a.verificationFailures = q.value(11).toInt();
        s.accounts.append(a);
    }
    // A listing that is not removed has no removal time (removed_ms 0).
    if (!q.exec(QStringLiteral("SELECT %1 FROM listings WHERE state <> %2 ORDER BY id")
                    .arg(ListingColumns)
                    .arg(int(ListingState::Removed))))
        return fail();
    while (q.next())
        s.listings.append(readListing(q));
    if (!q.exec(QStringLiteral("SELECT %1 FROM orders WHERE state = %2 ORDER BY id")
                    .arg(OrderColumns)
                    .arg(int(OrderState::Open))))
        return fail();
    while (q.next())
        s.openOrders.append(readOrder(q));
    if (!q.exec(QStringLiteral("SELECT %1 FROM rentals WHERE state IN (%2, %3) ORDER BY id")
                    .arg(RentalColumns)
                    .arg(int(RentalState::Running))
                    .arg(int(RentalState::Reserved))))
        return fail();
    while (q.next())
        s.runningRentals.append(readRental(q));
    if (!q.exec(QStringLiteral("SELECT %1 FROM payments WHERE state = %2 ORDER BY id")
                    .arg(PaymentColumns)
                    .arg(int(PaymentState::Pending))))
        return fail();
    while (q.next())
        s.pendingPayments.append(readPayment(q));
    if (!q.exec(QStringLiteral("SELECT %1 FROM payments WHERE state = %2 ORDER BY id")
                    .arg(PaymentColumns)
                    .arg(int(PaymentState::Late))))
        return fail();
    while (q.next())
        s.latePayments.append(readPayment(q));
    if (!q.exec(QStringLiteral("SELECT %1 FROM payouts WHERE state = %2 ORDER BY id")
                    .arg(PayoutColumns)
                    .arg(int(PayoutState::Requested))))
        return fail();
    while (q.next())
        s.requestedPayouts.append(readPayout(q));
    if (!q.exec(QStringLiteral("SELECT id, listing_id, quantity FROM asks ORDER BY id")))
        return fail();
    while (q.next())
        s.asks.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toInt()});
    if (!q.exec(QStringLiteral("SELECT account_id, bucket, amount_cents FROM balances")))
        return fail();
    while (q.next())
        s.balances.insert(Ledger::key(q.value(0).toLongLong(), Bucket(q.value(1).toInt())),
                          q.value(2).toLongLong());
    if (!q.exec(QStringLiteral("SELECT id, tx_id, hash FROM ledger_entries ORDER BY id DESC"
                               " LIMIT 1")))
        return fail();
    if (q.next()) {
        s.lastEntryId = q.value(0).toLongLong();
        s.lastTxId = q.value(1).toLongLong();
        s.lastHash = q.value(2).toString().toLatin1();
    }
    const struct
    {
        const char *table;
        qint64 *target;
    } maxima[] = {
        {"accounts", &s.maxAccountId}, {"listings", &s.maxListingId}, {"orders", &s.maxOrderId},
        {"rentals", &s.maxRentalId},   {"asks", &s.maxAskId},         {"trades", &s.maxTradeId},
        {"audit_log", &s.maxAuditId},  {"payments", &s.maxPaymentId}, {"payouts", &s.maxPayoutId}};
    for (const auto &m : maxima) {
        if (!q.exec(QStringLiteral("SELECT MAX(id) FROM %1").arg(QLatin1StringView(m.table))))
            return fail();
        if (q.next())
            *m.target = q.value(0).toLongLong();
    }
    // Ask slice ids share one sequence with nothing else, but a slice that left the book leaves
    // no row: keep the sequence monotonic across restarts through the meta of ledger-free max.
    return s;
}

qint64 Database::lastActivityMs()
{
    QSqlQuery q(connection());
    qint64 last = 0;
    for (const QString &sql : {QStringLiteral("SELECT MAX(time_ms) FROM trades"),
                               QStringLiteral("SELECT MAX(time_ms) FROM ledger_entries")}) {
        if (q.exec(sql) && q.next())
            last = std::max(last, q.value(0).toLongLong());
    }
    return last;
}

qint64 Database::maxId(const char *table)
{
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT MAX(id) FROM %1").arg(QLatin1StringView(table))) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

} // namespace everx
