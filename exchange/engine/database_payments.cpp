// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's reads of money in and out: a top-up's payment by its reference or id, and providers'
// payouts (one, a page, and what each provider has requested in all).

#include "engine/database.h"
#include "engine/database_p.h"

namespace everx {

using namespace DatabasePrivate;

std::optional<Payment> Database::paymentByReference(const QString &reference)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM payments WHERE reference = ?").arg(PaymentColumns));
    q.bindValue(0, reference);
    if (q.exec() && q.next())
        return readPayment(q);
    return std::nullopt;
}

std::optional<Payment> Database::payment(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM payments WHERE id = ?").arg(PaymentColumns));
    q.bindValue(0, id);
    if (q.exec() && q.next())
        return readPayment(q);
    return std::nullopt;
}

std::optional<Payout> Database::payout(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM payouts WHERE id = ?").arg(PayoutColumns));
    q.bindValue(0, id);
    if (q.exec() && q.next())
        return readPayout(q);
    return std::nullopt;
}

QList<Payout> Database::payouts(qint64 providerId, std::optional<PayoutState> state, qint64 before,
                                int limit)
{
    QList<Payout> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1 FROM payouts WHERE (provider_id = ? OR ? = 0) AND"
                             " (state = ? OR ? < 0) AND (id < ? OR ? = 0) ORDER BY id DESC"
                             " LIMIT ?")
                  .arg(PayoutColumns));
    const int st = state ? int(*state) : -1;
    q.bindValue(0, providerId);
    q.bindValue(1, providerId);
    q.bindValue(2, st);
    q.bindValue(3, st);
    q.bindValue(4, before);
    q.bindValue(5, before);
    q.bindValue(6, limit);
    if (q.exec()) {
        while (q.next())
            out.append(readPayout(q));
    }
    return out;
}

QHash<qint64, Cents> Database::requestedPayoutTotals()
{
    QHash<qint64, Cents> out;
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT provider_id, SUM(amount_cents) FROM payouts WHERE state = %1"
                              " GROUP BY provider_id")
                   .arg(int(PayoutState::Requested)))) {
        while (q.next())
            out.insert(q.value(0).toLongLong(), q.value(1).toLongLong());
    }
    return out;
}

} // namespace everx
