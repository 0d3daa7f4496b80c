// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's reads of orders, rentals and trades: a retried order found by its client id (on
// the hot path of every order that has one), an order or rental by id, the open ones, an account's
// pages of them, and a GPU's trades.

#include "engine/database.h"
#include "engine/database_p.h"

#include <sqlite3.h>

#include <utility>

namespace everx {

using namespace DatabasePrivate;

namespace {

// A row of a statement stepped through SQLite's own API, its columns read as Qt's QSQLITE driver
// reads them (qsql_sqlite.cpp), so that a record reader takes either.
struct SqliteRow
{
    sqlite3_stmt *stmt = nullptr;
    QVariant value(int column) const
    {
        switch (sqlite3_column_type(stmt, column)) {
        case SQLITE_INTEGER:
            return qint64(sqlite3_column_int64(stmt, column));
        case SQLITE_FLOAT:
            return sqlite3_column_double(stmt, column);
        case SQLITE_NULL:
            return QVariant();
        case SQLITE_BLOB:
            return QByteArray(static_cast<const char *>(sqlite3_column_blob(stmt, column)),
                              sqlite3_column_bytes(stmt, column));
        default: // text
            return QString(static_cast<const QChar *>(sqlite3_column_text16(stmt, column)),
                           sqlite3_column_bytes16(stmt, column) / int(sizeof(QChar)));
        }
    }
};

} // namespace

std::optional<BidOrder> Database::orderByClientId(qint64 accountId, const QString &clientOrderId)
{
    // Asked before every order with a client id, so it does not send the write buffer: an order
    // written in this transaction is found in m_bufferedClientOrders (kept until it ends), and
    // the buffer cannot change whether a stored order matches (an order's account and client id
    // never change).
    for (const auto *orders : {&m_bufferedClientOrders, &m_handedOffClientOrders}) {
        const auto buffered = orders->constFind({accountId, clientOrderId});
        if (buffered != orders->cend())
            return *buffered;
    }
    static const QByteArray sql =
        QStringLiteral("SELECT %1 FROM orders WHERE account_id = ? AND client_order_id = ?")
            .arg(OrderColumns)
            .toLatin1();
    // While the writer has the connection, what it writes is in m_handedOffClientOrders, and
    // what is committed is read on a connection of its own (SQLite's log lets it read beside
    // the writer): waiting for the writer here would leave it nothing to overlap.
    const bool beside = m_handedOff && !m_waited && openReader();
    if (!beside)
        waitForWriter();
    if (m_sqlite) {
        // SQLite's own API: QSQLITE builds the result's record (every column's name, table and
        // type, lower-cased) anew at each execution, most of what this lookup cost.
        sqlite3 *db = beside ? m_reader : m_sqlite;
        sqlite3_stmt *&stmt = beside ? m_readerOrderByClientId : m_sqliteOrderByClientId;
        if (!stmt
            && sqlite3_prepare_v3(db, sql.constData(), int(sql.size()), SQLITE_PREPARE_PERSISTENT,
                                  &stmt, nullptr)
                != SQLITE_OK) {
            if (!beside)
                m_lastError = QString::fromUtf8(sqlite3_errmsg(db));
            sqlite3_finalize(std::exchange(stmt, nullptr));
            return std::nullopt;
        }
        std::optional<BidOrder> found;
        sqlite3_bind_int64(stmt, 1, accountId);
        sqlite3_bind_text16(stmt, 2, clientOrderId.utf16(),
                            int(clientOrderId.size() * sizeof(char16_t)), SQLITE_STATIC);
        if (sqlite3_step(stmt) == SQLITE_ROW)
            found = readOrder(SqliteRow {stmt});
        sqlite3_reset(stmt); // ends the read, as QSqlQuery::finish() does
        sqlite3_clear_bindings(stmt);
        return found;
    }
    QSqlQuery &q = statement(SOrderByClientId, sql.constData());
    q.bindValue(0, accountId);
    q.bindValue(1, clientOrderId);
    std::optional<BidOrder> found;
    if (q.exec() && q.next())
        found = readOrder(q);
    q.finish();
    return found;
}

std::optional<BidOrder> Database::order(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM orders WHERE id = ?").arg(OrderColumns));
    q.bindValue(0, id);
    if (q.exec() && q.next())
        return readOrder(q);
    return std::nullopt;
}

QList<BidOrder> Database::openOrders()
{
    QList<BidOrder> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    if (q.exec(QStringLiteral("SELECT %1 FROM orders WHERE state = %2 ORDER BY id")
                   .arg(OrderColumns)
                   .arg(int(OrderState::Open)))) {
        while (q.next())
            out.append(readOrder(q));
    }
    return out;
}

QList<BidOrder> Database::ordersPage(qint64 accountId, qint64 offset, int limit, qint64 *total)
{
    QList<BidOrder> out;
    readPage(OrderColumns, QStringLiteral("orders"), QStringLiteral("account_id = ?"), {accountId},
             QStringLiteral("id DESC"), offset, limit, total,
             [&out](const QSqlQuery &q) { out.append(readOrder(q)); });
    return out;
}

std::optional<Rental> Database::rental(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM rentals WHERE id = ?").arg(RentalColumns));
    q.bindValue(0, id);
    if (q.exec() && q.next())
        return readRental(q);
    return std::nullopt;
}

QList<Rental> Database::runningRentals()
{
    QList<Rental> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    if (q.exec(QStringLiteral("SELECT %1 FROM rentals WHERE state IN (%2, %3) ORDER BY id")
                   .arg(RentalColumns)
                   .arg(int(RentalState::Running))
                   .arg(int(RentalState::Reserved)))) {
        while (q.next())
            out.append(readRental(q));
    }
    return out;
}

QList<Rental> Database::rentalsPage(qint64 accountId, qint64 offset, int limit, qint64 *total)
{
    QList<Rental> out;
    readPage(RentalColumns, QStringLiteral("rentals"),
             QStringLiteral("customer_id = ? OR provider_id = ?"), {accountId, accountId},
             QStringLiteral("id DESC"), offset, limit, total,
             [&out](const QSqlQuery &q) { out.append(readRental(q)); });
    return out;
}

QList<Trade> Database::trades(const QString &gpu, qint64 sinceMs, int limit)
{
    QList<Trade> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, gpu, price_cents, quantity, order_id, listing_id,"
                             " rental_id, hours, aggressor, time_ms FROM trades WHERE"
                             " (gpu = ? OR ? = '') AND time_ms >= ? ORDER BY time_ms, id LIMIT ?"));
    q.bindValue(0, gpu.isNull() ? QStringLiteral("") : gpu);
    q.bindValue(1, gpu.isNull() ? QStringLiteral("") : gpu);
    q.bindValue(2, sinceMs);
    q.bindValue(3, limit);
    if (q.exec()) {
        while (q.next()) {
            Trade t;
            t.id = q.value(0).toLongLong();
            t.gpu = q.value(1).toString();
            t.priceCents = q.value(2).toLongLong();
            t.quantity = q.value(3).toInt();
            t.orderId = q.value(4).toLongLong();
            t.listingId = q.value(5).toLongLong();
            t.rentalId = q.value(6).toLongLong();
            t.hours = q.value(7).toInt();
            t.aggressor = quint8(q.value(8).toInt());
            t.timeMs = q.value(9).toLongLong();
            out.append(t);
        }
    }
    return out;
}

} // namespace everx
