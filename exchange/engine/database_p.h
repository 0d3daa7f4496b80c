// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

// What the files of Database (database.cpp and database_<topic>.cpp) share, and nothing else
// includes: the logging category, the slots of the cached statements, the tables of the write
// buffer, and the columns and readers of the records that more than one of them reads.

#include "engine/database.h"

#include <QtCore/QLoggingCategory>
#include <QtCore/QString>
#include <QtSql/QSqlQuery>

namespace everx {

Q_DECLARE_LOGGING_CATEGORY(lcDatabase)

namespace DatabasePrivate {

// The PostgreSQL writer's session advisory lock (Database::lockForWriting). Advisory locks are
// per database, so one key serves every exchange database on a cluster.
constexpr qint64 WriterLockKey = 0x4576'4578'5772'6974; // "EvExWrit"

// Cached statements (Database::statement() and prepared()).
enum Slot {
    SOrderByClientId,
    SSessionInsert,
    SSessionRead,
    SSessionTouch,
    SSessionDelete,
    SSignInFailure,
    SlotCount
};

// The engine's records, written through the write buffer (see the class comment), in the order
// they are flushed; database_writebuffer.cpp has each one's columns and what a row of the same key
// updates.
enum BufferedTable {
    BEntry,
    BBalance,
    BAccount,
    BListing,
    BOrder,
    BRental,
    BPayment,
    BPayout,
    BAsk,
    BTrade,
    BAudit,
    BNote,
    BAdjustment,
    BufferedTableCount
};

// A null QString binds as SQL NULL; NOT NULL text columns want '' for "nothing".
inline QString text(const QString &s)
{
    return s.isNull() ? QStringLiteral("") : s;
}

inline const QString OrderColumns = QStringLiteral(
    "id, account_id, client_order_id, gpu, kind, quantity, remaining, filled, limit_cents, hours,"
    " tax_bp, expires_ms, state, close_reason, created_ms, closed_ms, held_cents, placement,"
    " start_ms");

// Either a QSqlQuery or a SqliteRow (database_orders.cpp).
template<typename Row>
BidOrder readOrder(const Row &q)
{
    BidOrder o;
    o.id = q.value(0).toLongLong();
    o.accountId = q.value(1).toLongLong();
    o.clientOrderId = q.value(2).toString();
    o.gpu = q.value(3).toString();
    o.kind = OrderKind(q.value(4).toInt());
    o.quantity = q.value(5).toInt();
    o.remaining = q.value(6).toInt();
    o.filled = q.value(7).toInt();
    o.limitCents = q.value(8).toLongLong();
    o.hours = q.value(9).toInt();
    o.taxBp = q.value(10).toInt();
    o.expiresMs = q.value(11).toLongLong();
    o.state = OrderState(q.value(12).toInt());
    o.closeReason = q.value(13).toString();
    o.createdMs = q.value(14).toLongLong();
    o.closedMs = q.value(15).toLongLong();
    o.heldCents = q.value(16).toLongLong();
    o.placement = Placement(q.value(17).toInt());
    o.startMs = q.value(18).toLongLong();
    return o;
}

inline const QString ListingColumns = QStringLiteral(
    "id, provider_id, gpu, gpu_count, region, endpoint, ask_cents, state, created_ms, removed_ms,"
    " cluster, fabric, fabric_gbps");

inline Listing readListing(const QSqlQuery &q)
{
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
    l.cluster = q.value(10).toString();
    l.fabric = Fabric(q.value(11).toInt());
    l.fabricGbps = q.value(12).toInt();
    return l;
}

inline const QString RentalColumns = QStringLiteral(
    "id, order_id, customer_id, listing_id, provider_id, gpu, gpus, price_cents, hours,"
    " hours_billed, tax_bp, fee_bp, started_ms, ended_ms, state");

inline Rental readRental(const QSqlQuery &q)
{
    Rental r;
    r.id = q.value(0).toLongLong();
    r.orderId = q.value(1).toLongLong();
    r.customerId = q.value(2).toLongLong();
    r.listingId = q.value(3).toLongLong();
    r.providerId = q.value(4).toLongLong();
    r.gpu = q.value(5).toString();
    r.gpus = q.value(6).toInt();
    r.priceCents = q.value(7).toLongLong();
    r.hours = q.value(8).toInt();
    r.hoursBilled = q.value(9).toInt();
    r.taxBp = q.value(10).toInt();
    r.feeBp = q.value(11).toInt();
    r.startedMs = q.value(12).toLongLong();
    r.endedMs = q.value(13).toLongLong();
    r.state = RentalState(q.value(14).toInt());
    return r;
}

inline const QString PaymentColumns = QStringLiteral(
    "id, reference, account_id, currency, amount_minor, rate_micros, credited_cents, state,"
    " created_ms, expires_ms, settled_ms, late_ms, refund_reference, agent_id");

inline Payment readPayment(const QSqlQuery &q)
{
    Payment p;
    p.id = q.value(0).toLongLong();
    p.reference = q.value(1).toString();
    p.accountId = q.value(2).toLongLong();
    p.currency = Currency(q.value(3).toInt());
    p.amountMinor = q.value(4).toLongLong();
    p.rateMicros = q.value(5).toLongLong();
    p.creditedCents = q.value(6).toLongLong();
    p.state = PaymentState(q.value(7).toInt());
    p.createdMs = q.value(8).toLongLong();
    p.expiresMs = q.value(9).toLongLong();
    p.settledMs = q.value(10).toLongLong();
    p.lateMs = q.value(11).toLongLong();
    p.refundReference = q.value(12).toString();
    p.agentId = q.value(13).toLongLong();
    return p;
}

inline const QString PayoutColumns = QStringLiteral(
    "id, provider_id, amount_cents, state, reference, reason, requested_ms, settled_ms, agent_id");

inline Payout readPayout(const QSqlQuery &q)
{
    Payout p;
    p.id = q.value(0).toLongLong();
    p.providerId = q.value(1).toLongLong();
    p.amountCents = q.value(2).toLongLong();
    p.state = PayoutState(q.value(3).toInt());
    p.reference = q.value(4).toString();
    p.reason = q.value(5).toString();
    p.requestedMs = q.value(6).toLongLong();
    p.settledMs = q.value(7).toLongLong();
    p.agentId = q.value(8).toLongLong();
    return p;
}

} // namespace DatabasePrivate

} // namespace everx
