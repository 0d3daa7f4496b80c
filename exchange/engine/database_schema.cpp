// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's schema: the statements (and the steps in C++) of its fourteen versions, the migration
// from any older version to SchemaVersion (each step its own transaction), and the folded search
// text that schema v8 added.

#include "engine/database.h"
#include "engine/database_p.h"

#include "market/textrules.h"

#include <QtCore/QRegularExpression>
#include <QtSql/QSqlError>
#include <QtSql/QSqlRecord>

namespace everx {

namespace {

// Schema v1. Portable SQL: BIGINT/INTEGER/SMALLINT/VARCHAR/TEXT, no AUTOINCREMENT.
const char *const SchemaV1[] = {
    "CREATE TABLE accounts (id BIGINT PRIMARY KEY, email VARCHAR(254) NOT NULL UNIQUE,"
    " role SMALLINT NOT NULL, country VARCHAR(2) NOT NULL, password_hash TEXT NOT NULL,"
    " created_ms BIGINT NOT NULL)",
    "CREATE TABLE listings (id BIGINT PRIMARY KEY, provider_id BIGINT NOT NULL, gpu VARCHAR(32)"
    " NOT NULL, gpu_count INTEGER NOT NULL, region VARCHAR(64) NOT NULL, endpoint VARCHAR(255)"
    " NOT NULL, ask_cents BIGINT NOT NULL, state SMALLINT NOT NULL, created_ms BIGINT NOT NULL)",
    "CREATE TABLE orders (id BIGINT PRIMARY KEY, account_id BIGINT NOT NULL, client_order_id"
    " VARCHAR(64), gpu VARCHAR(32) NOT NULL, kind SMALLINT NOT NULL, quantity INTEGER NOT NULL,"
    " remaining INTEGER NOT NULL, filled INTEGER NOT NULL, limit_cents BIGINT NOT NULL,"
    " hours INTEGER NOT NULL, tax_bp INTEGER NOT NULL, expires_ms BIGINT NOT NULL,"
    " state SMALLINT NOT NULL, close_reason VARCHAR(32) NOT NULL, created_ms BIGINT NOT NULL,"
    " closed_ms BIGINT NOT NULL, held_cents BIGINT NOT NULL)",
    "CREATE UNIQUE INDEX orders_client_id ON orders (account_id, client_order_id)",
    "CREATE INDEX orders_open ON orders (state, id)",
    "CREATE TABLE rentals (id BIGINT PRIMARY KEY, order_id BIGINT NOT NULL, customer_id BIGINT"
    " NOT NULL, listing_id BIGINT NOT NULL, provider_id BIGINT NOT NULL, gpu VARCHAR(32) NOT NULL,"
    " gpus INTEGER NOT NULL, price_cents BIGINT NOT NULL, hours INTEGER NOT NULL, hours_billed"
    " INTEGER NOT NULL, tax_bp INTEGER NOT NULL, fee_bp INTEGER NOT NULL, started_ms BIGINT NOT"
    " NULL, ended_ms BIGINT NOT NULL, state SMALLINT NOT NULL)",
    "CREATE INDEX rentals_state ON rentals (state, id)",
    "CREATE TABLE asks (id BIGINT PRIMARY KEY, listing_id BIGINT NOT NULL, quantity INTEGER NOT"
    " NULL)",
    "CREATE TABLE trades (id BIGINT PRIMARY KEY, gpu VARCHAR(32) NOT NULL, price_cents BIGINT NOT"
    " NULL, quantity INTEGER NOT NULL, order_id BIGINT NOT NULL, listing_id BIGINT NOT NULL,"
    " rental_id BIGINT NOT NULL, hours INTEGER NOT NULL, aggressor SMALLINT NOT NULL,"
    " time_ms BIGINT NOT NULL)",
    "CREATE INDEX trades_gpu_time ON trades (gpu, time_ms)",
    "CREATE TABLE ledger_entries (id BIGINT PRIMARY KEY, tx_id BIGINT NOT NULL, time_ms BIGINT"
    " NOT NULL, account_id BIGINT NOT NULL, bucket SMALLINT NOT NULL, amount_cents BIGINT NOT"
    " NULL, kind VARCHAR(32) NOT NULL, ref_id BIGINT NOT NULL, memo TEXT NOT NULL, prev_hash"
    " VARCHAR(64) NOT NULL, hash VARCHAR(64) NOT NULL)",
    "CREATE INDEX ledger_account ON ledger_entries (account_id, id)",
    "CREATE TABLE balances (account_id BIGINT NOT NULL, bucket SMALLINT NOT NULL, amount_cents"
    " BIGINT NOT NULL, PRIMARY KEY (account_id, bucket))",
    "CREATE TABLE audit_log (id BIGINT PRIMARY KEY, time_ms BIGINT NOT NULL, actor_id BIGINT NOT"
    " NULL, action VARCHAR(32) NOT NULL, target_id BIGINT NOT NULL, detail TEXT NOT NULL)",
    "CREATE INDEX audit_target ON audit_log (target_id, id)",
};

// Schema v2: the chain's format (one row) and verified checkpoints. A database that already has
// entries keeps the unkeyed format until an operator re-keys it (rekeyChain); an empty one is
// keyed from its first entry.
const char *const SchemaV2[] = {
    "CREATE TABLE ledger_chain (format INTEGER NOT NULL)",
    "INSERT INTO ledger_chain (format) SELECT CASE WHEN COUNT(*) > 0 THEN 1 ELSE 2 END FROM"
    " ledger_entries",
    "CREATE TABLE ledger_checkpoints (entry_id BIGINT PRIMARY KEY, hash VARCHAR(64) NOT NULL,"
    " mac VARCHAR(64) NOT NULL, verified_ms BIGINT NOT NULL)",
};

// Schema v3: paid top-ups (docs/architecture.md "Trust and operations"), pending until the payment
// processor confirms.
const char *const SchemaV3[] = {
    "CREATE TABLE payments (id BIGINT PRIMARY KEY, reference VARCHAR(64) NOT NULL UNIQUE,"
    " account_id BIGINT NOT NULL, currency SMALLINT NOT NULL, amount_minor BIGINT NOT NULL,"
    " rate_micros BIGINT NOT NULL, credited_cents BIGINT NOT NULL, state SMALLINT NOT NULL,"
    " created_ms BIGINT NOT NULL, expires_ms BIGINT NOT NULL, settled_ms BIGINT NOT NULL)",
    "CREATE INDEX payments_state ON payments (state, id)",
};

// Schema v4: sessions survive a restart (docs/architecture.md "The protocol and sessions"). The
// token's SHA-256 in hex, never the token; expires_ms is indexed for pruning.
const char *const SchemaV4[] = {
    "CREATE TABLE sessions (token_hash VARCHAR(64) PRIMARY KEY, account_id BIGINT NOT NULL,"
    " created_ms BIGINT NOT NULL, last_seen_ms BIGINT NOT NULL, expires_ms BIGINT NOT NULL)",
    "CREATE INDEX sessions_expiry ON sessions (expires_ms)",
};

// Schema v5: accounts' state (active, pending, suspended, rejected: AccountState's values), display
// name and company. Existing accounts are active, with no name or company.
const char *const SchemaV5[] = {
    "ALTER TABLE accounts ADD COLUMN state SMALLINT NOT NULL DEFAULT 0",
    "ALTER TABLE accounts ADD COLUMN name VARCHAR(100) NOT NULL DEFAULT ''",
    "ALTER TABLE accounts ADD COLUMN company VARCHAR(100) NOT NULL DEFAULT ''",
};

// Schema v6: provider payouts (earnings asked to be paid out, settled by support), and when a
// listing was removed (a provider's listed GPU-hours per day).
const char *const SchemaV6[] = {
    "CREATE TABLE payouts (id BIGINT PRIMARY KEY, provider_id BIGINT NOT NULL, amount_cents"
    " BIGINT NOT NULL, state SMALLINT NOT NULL, reference VARCHAR(64) NOT NULL, reason TEXT NOT"
    " NULL, requested_ms BIGINT NOT NULL, settled_ms BIGINT NOT NULL, agent_id BIGINT NOT NULL)",
    "CREATE INDEX payouts_provider ON payouts (provider_id, id)",
    "CREATE INDEX payouts_state ON payouts (state, id)",
    "ALTER TABLE listings ADD COLUMN removed_ms BIGINT NOT NULL DEFAULT 0",
    "CREATE INDEX rentals_provider ON rentals (provider_id, id)",
};

// Schema v7: support's workspace. Notes on accounts; adjustments under dual control (a second
// agent approves or declines them); failed sign-ins kept for the inspector (pruned by age); the
// address a session signed in from; indexes for support's search and audit listings. Both
// SQLite and PostgreSQL index an expression, so the search's lower-cased email is indexed
// (infix matches still scan, which support's volume allows). IF NOT EXISTS: a database whose
// version was set back by hand (tests that make an older schema) may still have them.
const char *const SchemaV7[] = {
    "CREATE TABLE IF NOT EXISTS support_notes (id BIGINT PRIMARY KEY, account_id BIGINT NOT"
    " NULL, agent_id BIGINT NOT NULL, time_ms BIGINT NOT NULL, text TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS support_notes_account ON support_notes (account_id, id)",
    "CREATE TABLE IF NOT EXISTS pending_adjustments (id BIGINT PRIMARY KEY, account_id BIGINT"
    " NOT NULL, amount_cents BIGINT NOT NULL, reason TEXT NOT NULL, requested_by BIGINT NOT"
    " NULL, requested_ms BIGINT NOT NULL, state SMALLINT NOT NULL, decided_by BIGINT NOT NULL,"
    " decided_ms BIGINT NOT NULL, decision_reason TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS pending_adjustments_state ON pending_adjustments (state, id)",
    "CREATE INDEX IF NOT EXISTS pending_adjustments_account ON pending_adjustments"
    " (account_id, id)",
    "CREATE TABLE IF NOT EXISTS signin_failures (email VARCHAR(254) NOT NULL, account_id BIGINT"
    " NOT NULL, address VARCHAR(64) NOT NULL, time_ms BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS signin_failures_account ON signin_failures (account_id, time_ms)",
    "CREATE INDEX IF NOT EXISTS signin_failures_time ON signin_failures (time_ms)",
    "ALTER TABLE sessions ADD COLUMN address VARCHAR(64) NOT NULL DEFAULT ''",
    "CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id)",
    "CREATE INDEX IF NOT EXISTS accounts_email_lower ON accounts (LOWER(email))",
    "CREATE INDEX IF NOT EXISTS audit_actor ON audit_log (actor_id, id)",
    "CREATE INDEX IF NOT EXISTS audit_time ON audit_log (time_ms)",
    "CREATE INDEX IF NOT EXISTS orders_account ON orders (account_id, id)",
    "CREATE INDEX IF NOT EXISTS rentals_customer ON rentals (customer_id, id)",
    "CREATE INDEX IF NOT EXISTS rentals_provider ON rentals (provider_id, id)",
};

// Schema v8: support's search compares a folded copy of each account's email, name and company
// (Database::searchText), filled for existing accounts by the migration and kept by every write
// of the account. SQL's LOWER() folded ASCII only on SQLite, so a Turkish or accented capital in
// a name was never found.
const char *const SchemaV8[] = {
    "ALTER TABLE accounts ADD COLUMN search_text TEXT NOT NULL DEFAULT ''",
};

// Schema v9: two of the orders' indexes hold only the rows they are read for. The client ids'
// unique index leaves out the orders without one (most of them), which it never finds and whose
// NULLs never collide; the open orders' index holds the open ones, which a start reads, and an
// order leaves it when it closes rather than moving to its end state's part of it. Each order
// written is one index entry less to insert: a durable request's writes are mostly B-tree
// inserts. Both databases read "client_order_id = ?" as implying IS NOT NULL, and the open
// orders' queries name the same "state = 0" as the index.
const char *const SchemaV9[] = {
    "DROP INDEX orders_client_id",
    ("CREATE UNIQUE INDEX orders_client_id ON orders (account_id, client_order_id)"
     " WHERE client_order_id IS NOT NULL"),
    "DROP INDEX orders_open",
    "CREATE INDEX orders_open ON orders (id) WHERE state = 0",
};

static_assert(int(OrderState::Open) == 0, "schema v9's orders_open names the open state as 0");

// Schema v11: placements (docs/architecture.md "The market"). An order says where its GPUs may
// come from (Placement's values; 0, any, for the orders from before); a listing may belong to a
// cluster of its provider's ('' none), with the cluster's fabric (Fabric's values) and its speed
// in Gb/s.
const char *const SchemaV11[] = {
    "ALTER TABLE orders ADD COLUMN placement SMALLINT NOT NULL DEFAULT 0",
    "ALTER TABLE listings ADD COLUMN cluster VARCHAR(64) NOT NULL DEFAULT ''",
    "ALTER TABLE listings ADD COLUMN fabric SMALLINT NOT NULL DEFAULT 0",
    "ALTER TABLE listings ADD COLUMN fabric_gbps INTEGER NOT NULL DEFAULT 0",
};
static_assert(int(Placement::Any) == 0 && int(Fabric::None) == 0,
              "schema v11's defaults name any placement and no fabric as 0");

// Schema v12: late payments (docs/architecture.md "Trust and operations"). A confirmation that
// comes after a payment expired is kept (state late, late_ms) for support, who credits it or marks
// it refunded with the processor's reference (refund_reference); agent_id is that agent.
const char *const SchemaV12[] = {
    "ALTER TABLE payments ADD COLUMN late_ms BIGINT NOT NULL DEFAULT 0",
    "ALTER TABLE payments ADD COLUMN refund_reference VARCHAR(64) NOT NULL DEFAULT ''",
    "ALTER TABLE payments ADD COLUMN agent_id BIGINT NOT NULL DEFAULT 0",
};

// Schema v13: email ownership and lookalikes (docs/protocol.md "Identities"). An unverified
// account's code (its SHA-256), expiry and wrong tries; and the key support's search finds an
// address's lookalikes by (Database::lookalikeKey), filled for existing accounts by the
// migration and kept by every write of the account. Each column is added unless the table has it
// already, so that the step also runs again for a database whose version was set back below 13
// with the columns in place.
const std::pair<const char *, const char *> SchemaV13Columns[] = {
    {"verification_hash", "VARCHAR(64) NOT NULL DEFAULT ''"},
    {"verification_expires_ms", "BIGINT NOT NULL DEFAULT 0"},
    {"verification_failures", "INTEGER NOT NULL DEFAULT 0"},
    {"lookalike_key", "TEXT NOT NULL DEFAULT ''"},
};

// Schema v14: an audit record's fields (docs/protocol.md "Records": `audit`), beside the
// server's English detail, so that the desk words the record in its user's language. Records
// from before have the defaults: no fields, and the desk shows their detail as it is.
const char *const SchemaV14[] = {
    "ALTER TABLE audit_log ADD COLUMN amount_cents BIGINT NOT NULL DEFAULT 0",
    "ALTER TABLE audit_log ADD COLUMN currency SMALLINT NOT NULL DEFAULT 0",
    "ALTER TABLE audit_log ADD COLUMN reason TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE audit_log ADD COLUMN adjustment_id BIGINT NOT NULL DEFAULT 0",
    "ALTER TABLE audit_log ADD COLUMN payout_id BIGINT NOT NULL DEFAULT 0",
    "ALTER TABLE audit_log ADD COLUMN payment_id BIGINT NOT NULL DEFAULT 0",
    "ALTER TABLE audit_log ADD COLUMN reference VARCHAR(64) NOT NULL DEFAULT ''",
    "ALTER TABLE audit_log ADD COLUMN requested_by BIGINT NOT NULL DEFAULT 0",
    "ALTER TABLE audit_log ADD COLUMN bids_cancelled INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE audit_log ADD COLUMN listings_paused INTEGER NOT NULL DEFAULT 0",
};
static_assert(int(Currency::USD) == 0, "schema v14's default currency is USD");

// Schema v15: windows ahead (docs/architecture.md "The market"). A bid may name its window's
// start (0: now, as every bid before). A reserved rental is a row of rentals in its own state,
// started_ms its start: no column of its own.
const char *const SchemaV15[] = {
    "ALTER TABLE orders ADD COLUMN start_ms BIGINT NOT NULL DEFAULT 0",
};

bool addSchemaV13Columns(const QSqlDatabase &db, QSqlQuery &q)
{
    const QSqlRecord accounts = db.record(QStringLiteral("accounts"));
    for (const auto &[name, type] : SchemaV13Columns) {
        if (accounts.contains(QString::fromLatin1(name)))
            continue;
        if (!q.exec(QStringLiteral("ALTER TABLE accounts ADD COLUMN %1 %2")
                        .arg(QString::fromLatin1(name), QString::fromLatin1(type))))
            return false;
    }
    return q.exec(QStringLiteral(
        "CREATE INDEX IF NOT EXISTS accounts_lookalike ON accounts (lookalike_key)"));
}

} // namespace

int Database::schemaVersion() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false)); // no engine writes touch it
    if (q.exec(QStringLiteral("SELECT version FROM schema_version")) && q.next())
        return q.value(0).toInt();
    return 0;
}

QString Database::searchFolded(const QString &text)
{
    // Compatibility decomposition splits a letter from its marks (Ş = S + cedilla, İ = I + dot
    // above); the marks go, the rest is case-folded. The dotless ı has no decomposition: it is
    // an i here. Control characters go too, the fields' separator among them.
    const QString decomposed = text.normalized(QString::NormalizationForm_KD);
    QString out;
    out.reserve(decomposed.size());
    for (const QChar c : decomposed) {
        const QChar::Category category = c.category();
        if (category == QChar::Mark_NonSpacing || category == QChar::Mark_SpacingCombining
            || category == QChar::Mark_Enclosing || category == QChar::Other_Control)
            continue;
        out.append(c == u'\u0131' ? u'i' : c);
    }
    return out.toCaseFolded();
}

QString Database::searchText(const QString &email, const QString &name, const QString &company)
{
    const QChar separator(0x1f); // the unit separator
    return searchFolded(email) + separator + searchFolded(name) + separator + searchFolded(company);
}

bool Database::fillSearchText(QSqlQuery &q)
{
    if (!q.exec(QStringLiteral("SELECT id, email, name, company FROM accounts ORDER BY id")))
        return false;
    QList<std::pair<qint64, QString>> rows;
    while (q.next())
        rows.append(
            {q.value(0).toLongLong(),
             searchText(q.value(1).toString(), q.value(2).toString(), q.value(3).toString())});
    if (!q.prepare(QStringLiteral("UPDATE accounts SET search_text = ? WHERE id = ?")))
        return false;
    for (const auto &[id, text] : std::as_const(rows)) {
        q.bindValue(0, text);
        q.bindValue(1, id);
        if (!q.exec())
            return false;
    }
    return true;
}

QString Database::lookalikeKey(const QString &email)
{
    const QString canonical = TextRules::canonicalEmail(email);
    return TextRules::lookalikeKey(canonical.isEmpty() ? email : canonical);
}

bool Database::fillLookalikeKeys(QSqlQuery &q)
{
    if (!q.exec(QStringLiteral("SELECT id, email FROM accounts ORDER BY id")))
        return false;
    QList<std::pair<qint64, QString>> rows;
    while (q.next())
        rows.append({q.value(0).toLongLong(), lookalikeKey(q.value(1).toString())});
    if (!q.prepare(QStringLiteral("UPDATE accounts SET lookalike_key = ? WHERE id = ?")))
        return false;
    for (const auto &[id, key] : std::as_const(rows)) {
        q.bindValue(0, key);
        q.bindValue(1, id);
        if (!q.exec())
            return false;
    }
    return true;
}

bool Database::keyTablesByRowid(QSqlQuery &q)
{
    if (QSqlDatabase::database(m_connection, false).driverName() != u"QSQLITE")
        return true; // PostgreSQL's BIGINT keys are its tables' only keys already
    // SQLite keys a table by its rowid; a BIGINT PRIMARY KEY is not that rowid but a unique
    // index beside it, one more B-tree for every row written. "INTEGER PRIMARY KEY" makes the
    // id the rowid (64 bits, as BIGINT). The tables are rebuilt as SQLite's documentation does
    // it: the same definition under another name, the rows copied, the old table dropped, the
    // new one renamed and its indexes made again. Balances, keyed by (account, bucket), go
    // WITHOUT ROWID for the same reason.
    if (!q.exec(QStringLiteral("SELECT name, sql FROM sqlite_master WHERE type = 'table'"
                               " ORDER BY name")))
        return false;
    QList<std::pair<QString, QString>> tables;
    while (q.next())
        tables.append({q.value(0).toString(), q.value(1).toString()});
    const QRegularExpression head(
        QStringLiteral("^CREATE TABLE (IF NOT EXISTS )?(\\w+|\"\\w+\") \\("));
    const QString rebuilt = QStringLiteral("everx_rebuilt");
    for (const auto &[name, sql] : std::as_const(tables)) {
        QString definition = sql;
        if (definition.contains(QLatin1StringView("(id BIGINT PRIMARY KEY,")))
            definition.replace(QLatin1StringView("(id BIGINT PRIMARY KEY,"),
                               QLatin1StringView("(id INTEGER PRIMARY KEY,"));
        else if (name == u"balances" && !definition.endsWith(QLatin1StringView("WITHOUT ROWID")))
            definition += QLatin1StringView(" WITHOUT ROWID");
        else
            continue;
        const QRegularExpressionMatch match = head.match(definition);
        if (!match.hasMatch()) {
            qCWarning(lcDatabase) << "cannot read the definition of" << name << sql;
            return false;
        }
        definition.replace(0, match.capturedLength(),
                           QStringLiteral("CREATE TABLE %1 (").arg(rebuilt));
        QStringList indexes;
        if (!q.exec(QStringLiteral("SELECT sql FROM sqlite_master WHERE type = 'index'"
                                   " AND tbl_name = '%1' AND sql IS NOT NULL")
                        .arg(name)))
            return false;
        while (q.next())
            indexes.append(q.value(0).toString());
        if (!q.exec(definition)
            || !q.exec(QStringLiteral("INSERT INTO %1 SELECT * FROM %2").arg(rebuilt, name))
            || !q.exec(QStringLiteral("DROP TABLE %1").arg(name))
            || !q.exec(QStringLiteral("ALTER TABLE %1 RENAME TO %2").arg(rebuilt, name)))
            return false;
        for (const QString &index : std::as_const(indexes)) {
            if (!q.exec(index))
                return false;
        }
    }
    return true;
}

bool Database::migrate(QString *error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!db.tables().contains(QStringLiteral("schema_version"))) {
        if (!q.exec(QStringLiteral("CREATE TABLE schema_version (version INTEGER NOT NULL)"))
            || !q.exec(QStringLiteral("INSERT INTO schema_version (version) VALUES (0)"))) {
            if (error)
                *error = q.lastError().text();
            return false;
        }
    }
    int version = schemaVersion();
    if (version > SchemaVersion) {
        if (error)
            *error = QStringLiteral("database schema version %1 is newer than this program's %2")
                         .arg(version)
                         .arg(SchemaVersion);
        return false;
    }
    // Forward migrations, each in its own transaction: version N -> N + 1.
    while (version < SchemaVersion) {
        db.transaction();
        bool ok = true;
        // A column a step adds is added once: a database that has it already (one whose version
        // was set back, as the migration tests do) keeps it, and the step goes on.
        static const QRegularExpression addColumn(
            QStringLiteral("^ALTER TABLE (\\w+) ADD COLUMN (\\w+) "));
        auto run = [&](const auto &statements) {
            for (const char *sql : statements) {
                const QString statement = QString::fromLatin1(sql);
                const QRegularExpressionMatch m = addColumn.match(statement);
                if (m.hasMatch() && db.record(m.captured(1)).contains(m.captured(2)))
                    continue;
                if (!q.exec(statement))
                    return false;
            }
            return true;
        };
        if (version == 0)
            ok = run(SchemaV1);
        else if (version == 1)
            ok = run(SchemaV2);
        else if (version == 2)
            ok = run(SchemaV3);
        else if (version == 3)
            ok = run(SchemaV4);
        else if (version == 4)
            ok = run(SchemaV5);
        else if (version == 5)
            ok = run(SchemaV6);
        else if (version == 6)
            ok = run(SchemaV7);
        else if (version == 7)
            ok = run(SchemaV8) && fillSearchText(q);
        else if (version == 8)
            ok = run(SchemaV9);
        else if (version == 9)
            ok = keyTablesByRowid(q);
        else if (version == 10)
            ok = run(SchemaV11);
        else if (version == 11)
            ok = run(SchemaV12);
        // Schema 13 touches only its own columns and asks nothing of steps 11 and 12 (other
        // changes'): every database below 13 comes through here, whichever of those it has had.
        else if (version == 12)
            ok = addSchemaV13Columns(db, q) && fillLookalikeKeys(q);
        else if (version == 13)
            ok = run(SchemaV14);
        else if (version == 14)
            ok = run(SchemaV15);
        ok =
            ok && q.exec(QStringLiteral("UPDATE schema_version SET version = %1").arg(version + 1));
        if (!ok) {
            if (error)
                *error = QStringLiteral("migration to schema %1 failed: %2")
                             .arg(version + 1)
                             .arg(q.lastError().text());
            db.rollback();
            return false;
        }
        db.commit();
        ++version;
        qCInfo(lcDatabase) << "migrated database to schema version" << version;
    }
    return true;
}

} // namespace everx
