// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's write buffer: the engine's records (the upsert and insert methods) buffered by table
// and key in the open transaction, and sent as multi-row statements through SQLite's and libpq's
// own API (docs/architecture.md "Persistence and group commit").

#include "engine/database.h"
#include "engine/database_p.h"

#include <QtCore/QLocale>
#include <QtSql/QSqlError>

#include <libpq-fe.h>
#include <sqlite3.h>

#include <algorithm>
#include <utility>

namespace everx {

using namespace DatabasePrivate;

namespace {

// A buffered table's insert (BufferedTable): its columns, and what a row of the same key updates; a
// row that is only ever inserted (entries, trades, audit, notes) has no update.
struct BufferedSpec
{
    const char *table;
    const char *columns;
    int columnCount;
    const char *onConflict; // appended after VALUES; "" for inserts only
};

constexpr BufferedSpec bufferedSpecs[BufferedTableCount] = {
    {"ledger_entries",
     "id, tx_id, time_ms, account_id, bucket, amount_cents, kind, ref_id, memo, prev_hash, hash",
     11, ""},
    {"balances", "account_id, bucket, amount_cents", 3,
     " ON CONFLICT (account_id, bucket) DO UPDATE SET amount_cents = excluded.amount_cents"},
    {"accounts",
     "id, email, role, country, password_hash, created_ms, state, name, company, search_text,"
     " verification_hash, verification_expires_ms, verification_failures, lookalike_key",
     14,
     " ON CONFLICT (id) DO UPDATE SET email = excluded.email, role = excluded.role,"
     " country = excluded.country, password_hash = excluded.password_hash,"
     " state = excluded.state, name = excluded.name, company = excluded.company,"
     " search_text = excluded.search_text, verification_hash = excluded.verification_hash,"
     " verification_expires_ms = excluded.verification_expires_ms,"
     " verification_failures = excluded.verification_failures,"
     " lookalike_key = excluded.lookalike_key"},
    {"listings",
     "id, provider_id, gpu, gpu_count, region, endpoint, ask_cents, state, created_ms, removed_ms,"
     " cluster, fabric, fabric_gbps",
     13,
     " ON CONFLICT (id) DO UPDATE SET gpu_count = excluded.gpu_count, region = excluded.region,"
     " endpoint = excluded.endpoint, ask_cents = excluded.ask_cents, state = excluded.state,"
     " created_ms = excluded.created_ms, removed_ms = excluded.removed_ms,"
     " cluster = excluded.cluster, fabric = excluded.fabric, fabric_gbps = excluded.fabric_gbps"},
    {"orders",
     "id, account_id, client_order_id, gpu, kind, quantity, remaining, filled, limit_cents, hours,"
     " tax_bp, expires_ms, state, close_reason, created_ms, closed_ms, held_cents, placement,"
     " start_ms",
     19,
     " ON CONFLICT (id) DO UPDATE SET remaining = excluded.remaining, filled = excluded.filled,"
     " state = excluded.state, close_reason = excluded.close_reason,"
     " closed_ms = excluded.closed_ms, held_cents = excluded.held_cents"},
    {"rentals",
     "id, order_id, customer_id, listing_id, provider_id, gpu, gpus, price_cents, hours,"
     " hours_billed, tax_bp, fee_bp, started_ms, ended_ms, state",
     15,
     " ON CONFLICT (id) DO UPDATE SET hours_billed = excluded.hours_billed,"
     " ended_ms = excluded.ended_ms, state = excluded.state"},
    {"payments",
     "id, reference, account_id, currency, amount_minor, rate_micros, credited_cents, state,"
     " created_ms, expires_ms, settled_ms, late_ms, refund_reference, agent_id",
     14,
     " ON CONFLICT (id) DO UPDATE SET state = excluded.state, settled_ms = excluded.settled_ms,"
     " late_ms = excluded.late_ms, refund_reference = excluded.refund_reference,"
     " agent_id = excluded.agent_id"},
    {"payouts",
     "id, provider_id, amount_cents, state, reference, reason, requested_ms, settled_ms, agent_id",
     9,
     " ON CONFLICT (id) DO UPDATE SET state = excluded.state, reference = excluded.reference,"
     " reason = excluded.reason, settled_ms = excluded.settled_ms, agent_id = excluded.agent_id"},
    {"asks", "id, listing_id, quantity", 3,
     " ON CONFLICT (id) DO UPDATE SET quantity = excluded.quantity"},
    {"trades",
     "id, gpu, price_cents, quantity, order_id, listing_id, rental_id, hours, aggressor, time_ms",
     10, ""},
    {"audit_log",
     "id, time_ms, actor_id, action, target_id, detail, amount_cents, currency, reason,"
     " adjustment_id, payout_id, payment_id, reference, requested_by, bids_cancelled,"
     " listings_paused",
     16, ""},
    {"support_notes", "id, account_id, agent_id, time_ms, text", 5, ""},
    {"pending_adjustments",
     "id, account_id, amount_cents, reason, requested_by, requested_ms, state, decided_by,"
     " decided_ms, decision_reason",
     10,
     " ON CONFLICT (id) DO UPDATE SET state = excluded.state, decided_by = excluded.decided_by,"
     " decided_ms = excluded.decided_ms, decision_reason = excluded.decision_reason"},
};

// Rows a multi-row statement carries: a buffer of n rows goes out in chunks of these sizes,
// largest first, so that each table has at most four statements to prepare. 64 rows of the
// widest table bind 1,152 values, under SQLite's and PostgreSQL's limits.
constexpr int multiRowChunks[] = {64, 16, 4, 1};

constexpr char DeleteAskSql[] = "DELETE FROM asks WHERE id = ?";
constexpr int DeleteAskKey = -1; // among the multi-row statements' keys

// "INSERT INTO t (columns) VALUES (?, ...), (?, ...) ON CONFLICT ...": SQLite's placeholders are
// "?", PostgreSQL's "$1", "$2"...
QByteArray multiRowSql(const BufferedSpec &spec, int rows, bool numbered)
{
    QByteArray sql =
        QByteArrayLiteral("INSERT INTO ") + spec.table + " (" + spec.columns + ") VALUES ";
    int parameter = 0;
    for (int r = 0; r < rows; ++r) {
        sql += r > 0 ? ", (" : "(";
        for (int c = 0; c < spec.columnCount; ++c) {
            if (c > 0)
                sql += ", ";
            sql += numbered ? '$' + QByteArray::number(++parameter) : QByteArray("?");
        }
        sql += ')';
    }
    return sql + spec.onConflict;
}

// How many of `left` rows the next statement takes.
int chunkFor(size_t left)
{
    return *std::find_if(std::begin(multiRowChunks), std::end(multiRowChunks),
                         [left](int chunk) { return size_t(chunk) <= left; });
}

template<typename... F>
struct Overloaded : F...
{
    using F::operator()...;
};

template<typename... F>
Overloaded(F...) -> Overloaded<F...>; // Clang 14 deduces no aggregate's arguments by itself

// Binds as Qt's QSQLITE driver binds the same values (qsql_sqlite.cpp), so that a row is stored
// the same either way. Static: the row outlives the statement's step, and every value is bound
// again before the next one.
int bindSqlite(sqlite3_stmt *stmt, int index, const RowValue &v)
{
    return std::visit(Overloaded {
                          [&](std::monostate) { return sqlite3_bind_null(stmt, index); },
                          [&](qint64 i) { return sqlite3_bind_int64(stmt, index, i); },
                          [&](double d) { return sqlite3_bind_double(stmt, index, d); },
                          [&](const QString &text) {
                              return sqlite3_bind_text16(stmt, index, text.constData(),
                                                         int(text.size() * sizeof(char16_t)),
                                                         SQLITE_STATIC);
                          },
                          [&](const RowValue::Utf8 &text) {
                              return sqlite3_bind_text(stmt, index, text.bytes.constData(),
                                                       int(text.bytes.size()), SQLITE_STATIC);
                          },
                          [&](const QByteArray &bytes) {
                              return sqlite3_bind_blob(stmt, index, bytes.constData(),
                                                       int(bytes.size()), SQLITE_STATIC);
                          },
                      },
                      v.value());
}

// A value as PostgreSQL's text input reads it, as Qt's QPSQL driver writes it into a statement
// (qsql_psql.cpp): NULL as a null `out`; byte arrays in bytea's hex form.
void pgText(const RowValue &v, QByteArray *out)
{
    *out = std::visit(
        Overloaded {
            [](std::monostate) { return QByteArray(); },
            [](qint64 i) { return QByteArray::number(i); },
            [](double d) { return QByteArray::number(d, 'g', QLocale::FloatingPointShortest); },
            [](const QString &text) { return text.toUtf8(); },
            [](const RowValue::Utf8 &text) { return text.bytes; },
            [](const QByteArray &bytes) { return QByteArrayLiteral("\\x") + bytes.toHex(); },
        },
        v.value());
}

} // namespace

bool Database::buffer(int table, qint64 key, std::vector<RowValue> row)
{
    Q_ASSERT(row.size() == size_t(bufferedSpecs[table].columnCount));
    BufferedRows &b = m_buffered[size_t(table)];
    if (const auto it = b.byKey.constFind(key); it != b.byKey.cend()) {
        b.rows[size_t(*it)] = std::move(row);
    } else {
        b.byKey.insert(key, qsizetype(b.rows.size()));
        b.rows.push_back(std::move(row));
    }
    m_hasBuffered = true;
    return true;
}

bool Database::flush()
{
    waitForWriter();
    if (!m_hasBuffered)
        return !m_flushFailed;
    if (std::exchange(m_deferredBegin, false)
        && !QSqlDatabase::database(m_connection, false).transaction()) {
        m_lastError = QSqlDatabase::database(m_connection, false).lastError().text();
        fenceIfDisconnected();
        discardBuffer();
        m_flushFailed = true; // the transaction fails as a whole
        return false;
    }
    bool ok = !m_flushFailed;
    const Writes writes = takeBuffer();
    ok = ok
        && (m_pg ? writePostgres(writes.askDeletes, writes.tables)
                 : writeSqlite(writes.askDeletes, writes.tables));
    m_flushFailed = !ok;
    return ok;
}

Database::Writes Database::takeBuffer()
{
    Writes writes;
    m_hasBuffered = false;
    writes.askDeletes = std::exchange(m_bufferedAskDeletes, {});
    for (int table = 0; table < BufferedTableCount; ++table) {
        BufferedRows &b = m_buffered[size_t(table)];
        if (b.rows.empty())
            continue;
        writes.tables.push_back({table, std::exchange(b.rows, {})});
        b.byKey.clear();
    }
    return writes;
}

bool Database::writeSqlite(const QList<qint64> &askDeletes, const std::vector<TableRows> &tables)
{
    if (!askDeletes.isEmpty()) {
        sqlite3_stmt *&stmt = m_sqliteDeleteAsk;
        if (!stmt
            && sqlite3_prepare_v3(m_sqlite, DeleteAskSql, -1, SQLITE_PREPARE_PERSISTENT, &stmt,
                                  nullptr)
                != SQLITE_OK) {
            m_lastError = QString::fromUtf8(sqlite3_errmsg(m_sqlite));
            sqlite3_finalize(std::exchange(stmt, nullptr));
            return false;
        }
        for (const qint64 id : askDeletes) {
            sqlite3_bind_int64(stmt, 1, id);
            const int rc = sqlite3_step(stmt);
            if (rc != SQLITE_DONE)
                m_lastError = QString::fromUtf8(sqlite3_errmsg(m_sqlite));
            sqlite3_reset(stmt);
            if (rc != SQLITE_DONE)
                return false;
        }
    }
    for (const auto &[table, rows] : tables) {
        for (size_t done = 0; done < rows.size();) {
            const int n = chunkFor(rows.size() - done);
            if (!writeChunkSqlite(table, std::span(rows).subspan(done, size_t(n))))
                return false;
            done += size_t(n);
        }
    }
    return true;
}

bool Database::writeChunkSqlite(int table, std::span<const std::vector<RowValue>> rows)
{
    const int key = table * 1024 + int(rows.size());
    sqlite3_stmt *stmt = m_sqliteMultiRow.value(key);
    if (!stmt) {
        const QByteArray sql = multiRowSql(bufferedSpecs[table], int(rows.size()), false);
        if (sqlite3_prepare_v3(m_sqlite, sql.constData(), int(sql.size()),
                               SQLITE_PREPARE_PERSISTENT, &stmt, nullptr)
            != SQLITE_OK) {
            m_lastError = QString::fromUtf8(sqlite3_errmsg(m_sqlite));
            qCWarning(lcDatabase) << "prepare failed:" << m_lastError << sql;
            sqlite3_finalize(stmt);
            return false;
        }
        m_sqliteMultiRow.insert(key, stmt);
    }
    int at = 1;
    int rc = SQLITE_OK;
    for (const std::vector<RowValue> &row : rows) {
        for (const RowValue &v : row) {
            if (rc == SQLITE_OK)
                rc = bindSqlite(stmt, at, v);
            ++at;
        }
    }
    if (rc == SQLITE_OK)
        rc = sqlite3_step(stmt);
    if (rc != SQLITE_DONE) {
        m_lastError = QString::fromUtf8(sqlite3_errmsg(m_sqlite));
        qCWarning(lcDatabase) << "statement failed:" << m_lastError;
    }
    sqlite3_reset(stmt); // ends the statement, so that a rollback or commit can follow
    sqlite3_clear_bindings(stmt);
    return rc == SQLITE_DONE;
}

bool Database::writePostgres(const QList<qint64> &askDeletes, const std::vector<TableRows> &tables)
{
    // Every statement of the flush goes out before any answer is read, and one Sync ends them:
    // one round trip to the server instead of one a statement. The values travel apart from the
    // statement's text, which each (table, rows) pair prepares once a session.
    // What a Qt statement left unread (QPSQL reads a forward-only result row by row) is
    // discarded, as QPSQL itself does before its next statement.
    // A fenced writer's pipeline starts with the check that its session still holds the writer
    // lock (database_fence.cpp); its transaction is never committed unless the answer says so.
    if (isFenced()) {
        m_lastError = QStringLiteral("fenced: this server no longer holds the writer lock");
        return false;
    }
    const bool fencing = m_fencePid != 0;
    while (PGresult *left = PQgetResult(m_pg))
        PQclear(left);
    if (PQenterPipelineMode(m_pg) != 1) {
        m_lastError = QString::fromUtf8(PQerrorMessage(m_pg));
        if (fencing)
            fence(m_lastError.trimmed());
        return false;
    }
    bool sent = !fencing || sendFenceCheck();
    FenceCheck check;
    check.done = !fencing;
    std::vector<QByteArray> texts;
    std::vector<const char *> values;
    QList<int> preparing; // keys of the statements this pipeline prepares
    const QByteArray generation = QByteArray::number(m_pgGeneration);
    if (!askDeletes.isEmpty()) {
        const QByteArray name = "everx_delete_ask_" + generation;
        if (!m_pgPrepared.contains(DeleteAskKey)) {
            QByteArray sql(DeleteAskSql);
            sql.replace('?', "$1");
            sent = PQsendPrepare(m_pg, name.constData(), sql.constData(), 1, nullptr) == 1;
            preparing.append(DeleteAskKey);
        }
        for (const qint64 id : askDeletes) {
            const QByteArray text = QByteArray::number(id);
            const char *value = text.constData();
            sent = sent
                && PQsendQueryPrepared(m_pg, name.constData(), 1, &value, nullptr, nullptr, 0) == 1;
        }
    }
    for (const auto &[table, rows] : tables) {
        const BufferedSpec &spec = bufferedSpecs[table];
        for (size_t done = 0; sent && done < rows.size();) {
            const int n = chunkFor(rows.size() - done);
            const int key = table * 1024 + n;
            const QByteArray name = "everx_rows_" + generation + '_' + QByteArray::number(key);
            if (!m_pgPrepared.contains(key) && !preparing.contains(key)) {
                const QByteArray sql = multiRowSql(spec, n, true);
                sent = PQsendPrepare(m_pg, name.constData(), sql.constData(), n * spec.columnCount,
                                     nullptr)
                    == 1;
                preparing.append(key);
            }
            texts.resize(size_t(n * spec.columnCount));
            values.resize(texts.size());
            size_t at = 0;
            for (const std::vector<RowValue> &row : std::span(rows).subspan(done, size_t(n))) {
                for (const RowValue &v : row) {
                    pgText(v, &texts[at]);
                    values[at] = texts[at].isNull() ? nullptr : texts[at].constData();
                    ++at;
                }
            }
            // libpq copies the values into its output buffer here.
            sent = sent
                && PQsendQueryPrepared(m_pg, name.constData(), int(values.size()), values.data(),
                                       nullptr, nullptr, 0)
                    == 1;
            done += size_t(n);
        }
    }
    if (PQpipelineSync(m_pg) != 1)
        sent = false;

    if (!sent)
        m_lastError = QString::fromUtf8(PQerrorMessage(m_pg));
    // Each statement's results end with a null result; the Sync's result ends the pipeline. Two
    // null results in a row mean the connection has nothing more to give (it broke).
    bool ok = sent;
    bool lastWasNull = false;
    for (;;) {
        PGresult *result = PQgetResult(m_pg);
        if (!result) {
            if (std::exchange(lastWasNull, true))
                break;
            continue;
        }
        lastWasNull = false;
        const ExecStatusType status = PQresultStatus(result);
        if (!check.done) {
            if (!takeFenceResult(result, &check))
                ok = false;
            PQclear(result);
            continue;
        }
        if (status == PGRES_PIPELINE_SYNC) {
            PQclear(result);
            break;
        }
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
            // The first failure says why; the statements after it are only "aborted".
            if (ok) {
                m_lastError = QString::fromUtf8(PQresultErrorMessage(result)).trimmed();
                qCWarning(lcDatabase) << "statement failed:" << m_lastError;
            }
            ok = false;
        }
        PQclear(result);
    }
    if (PQexitPipelineMode(m_pg) != 1) {
        if (ok)
            m_lastError = QString::fromUtf8(PQerrorMessage(m_pg));
        ok = false;
    }
    // No answer to the check at all (the connection broke first) is a doubt too.
    if (fencing && (!check.done || !check.problem.isEmpty())) {
        fence(check.problem.isEmpty() ? QString::fromUtf8(PQerrorMessage(m_pg)).trimmed()
                                      : check.problem);
        ok = false;
    }
    // Whether a pipeline that failed prepared its statements or not, the next one prepares
    // its own under new names (prepared statements outlive a rolled-back transaction).
    if (ok) {
        for (const int key : std::as_const(preparing))
            m_pgPrepared.insert(key);
    } else {
        m_pgPrepared.clear();
        ++m_pgGeneration;
    }
    return ok;
}

void Database::discardBuffer()
{
    for (BufferedRows &b : m_buffered) {
        b.rows.clear();
        b.byKey.clear();
    }
    m_bufferedAskDeletes.clear();
    m_bufferedClientOrders.clear();
    m_hasBuffered = false;
    m_flushFailed = false;
}

bool Database::upsertAccount(const Account &a)
{
    return buffer(BAccount, a.id,
                  {a.id, a.email, int(a.role), a.country, a.passwordHash, a.createdMs, int(a.state),
                   text(a.name), text(a.company), searchText(a.email, a.name, a.company),
                   text(a.verificationHash), a.verificationExpiresMs, a.verificationFailures,
                   lookalikeKey(a.email)});
}

bool Database::upsertListing(const Listing &l)
{
    return buffer(BListing, l.id,
                  {l.id, l.providerId, l.gpu, l.gpuCount, l.region, l.endpoint, l.askCents,
                   int(l.state), l.createdMs, l.removedMs, text(l.cluster), int(l.fabric),
                   l.fabricGbps});
}

bool Database::upsertOrder(const BidOrder &o)
{
    if (!o.clientOrderId.isEmpty())
        m_bufferedClientOrders.insert({o.accountId, o.clientOrderId}, o);
    // NULL, not '', for "no client id": the unique index must not collide on empty ids.
    return buffer(BOrder, o.id,
                  {o.id, o.accountId,
                   o.clientOrderId.isEmpty() ? RowValue() : RowValue(o.clientOrderId), o.gpu,
                   int(o.kind), o.quantity, o.remaining, o.filled, o.limitCents, o.hours, o.taxBp,
                   o.expiresMs, int(o.state), text(o.closeReason), o.createdMs, o.closedMs,
                   o.heldCents, int(o.placement), o.startMs});
}

bool Database::upsertRental(const Rental &r)
{
    return buffer(BRental, r.id,
                  {r.id, r.orderId, r.customerId, r.listingId, r.providerId, r.gpu, r.gpus,
                   r.priceCents, r.hours, r.hoursBilled, r.taxBp, r.feeBp, r.startedMs, r.endedMs,
                   int(r.state)});
}

bool Database::upsertAsk(const AskSlice &s)
{
    m_bufferedAskDeletes.removeAll(s.id);
    return buffer(BAsk, s.id, {s.id, s.listingId, s.quantity});
}

bool Database::deleteAsk(qint64 id)
{
    // A slice written and deleted in one transaction is never written.
    BufferedRows &asks = m_buffered[BAsk];
    if (const auto it = asks.byKey.constFind(id); it != asks.byKey.cend()) {
        const qsizetype at = *it;
        asks.rows.erase(asks.rows.begin() + at);
        asks.byKey.erase(it);
        for (qsizetype &i : asks.byKey)
            if (i > at)
                --i;
    }
    m_bufferedAskDeletes.append(id);
    m_hasBuffered = true;
    return true;
}

bool Database::insertTrade(const Trade &t)
{
    return buffer(BTrade, t.id,
                  {t.id, t.gpu, t.priceCents, t.quantity, t.orderId, t.listingId, t.rentalId,
                   t.hours, int(t.aggressor), t.timeMs});
}

bool Database::insertEntry(const LedgerEntry &e)
{
    return buffer(BEntry, e.id,
                  {e.id, e.txId, e.timeMs, e.accountId, int(e.bucket), e.amount, text(e.kind),
                   e.refId, text(e.memo), RowValue::Utf8 {e.prevHash}, RowValue::Utf8 {e.hash}});
}

bool Database::upsertBalance(quint64 key, Cents amount)
{
    return buffer(BBalance, qint64(key),
                  {Ledger::accountOf(key), int(Ledger::bucketOf(key)), amount});
}

bool Database::insertAudit(const AuditRecord &a)
{
    return buffer(BAudit, a.id,
                  {a.id, a.timeMs, a.actorId, a.action, a.targetId, text(a.detail), a.amount,
                   int(a.currency), text(a.reason), a.adjustmentId, a.payoutId, a.paymentId,
                   text(a.reference), a.requestedBy, a.bidsCancelled, a.listingsPaused});
}

bool Database::upsertPayment(const Payment &p)
{
    return buffer(BPayment, p.id,
                  {p.id, p.reference, p.accountId, int(p.currency), p.amountMinor, p.rateMicros,
                   p.creditedCents, int(p.state), p.createdMs, p.expiresMs, p.settledMs, p.lateMs,
                   text(p.refundReference), p.agentId});
}

bool Database::upsertPayout(const Payout &p)
{
    return buffer(BPayout, p.id,
                  {p.id, p.providerId, p.amountCents, int(p.state), text(p.reference),
                   text(p.reason), p.requestedMs, p.settledMs, p.agentId});
}

bool Database::insertNote(const SupportNote &n)
{
    return buffer(BNote, n.id, {n.id, n.accountId, n.agentId, n.timeMs, text(n.text)});
}

bool Database::upsertAdjustment(const PendingAdjustment &a)
{
    return buffer(BAdjustment, a.id,
                  {a.id, a.accountId, a.amountCents, text(a.reason), a.requestedBy, a.requestedMs,
                   int(a.state), a.decidedBy, a.decidedMs, text(a.decisionReason)});
}

} // namespace everx
