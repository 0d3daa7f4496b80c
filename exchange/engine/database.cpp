#include "engine/database.h"

#include "engine/sqlitewalbuffer.h"
#include "engine/walcheckpointer.h"
#include "market/marketrules.h"

#include <QtCore/QAtomicInteger>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLocale>
#include <QtCore/QLoggingCategory>
#include <QtCore/QRegularExpression>
#include <QtCore/QThread>
#include <QtCore/QUrl>
#include <QtSql/QSqlDriver>
#include <QtSql/QSqlError>
#include <QtSql/QSqlRecord>

#include <libpq-fe.h>
#include <sqlite3.h>

#include <utility>

namespace everx {

Q_LOGGING_CATEGORY(lcDatabase, "everx.exchange.database")

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
// they are flushed. Each has its insert's columns and what a row of the same key updates; a row
// that is only ever inserted (entries, trades, audit, notes) has no update.
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
     "id, email, role, country, password_hash, created_ms, state, name, company, search_text", 10,
     " ON CONFLICT (id) DO UPDATE SET email = excluded.email, role = excluded.role,"
     " country = excluded.country, password_hash = excluded.password_hash,"
     " state = excluded.state, name = excluded.name, company = excluded.company,"
     " search_text = excluded.search_text"},
    {"listings",
     "id, provider_id, gpu, gpu_count, region, endpoint, ask_cents, state, created_ms, removed_ms",
     10,
     " ON CONFLICT (id) DO UPDATE SET gpu_count = excluded.gpu_count, region = excluded.region,"
     " endpoint = excluded.endpoint, ask_cents = excluded.ask_cents, state = excluded.state,"
     " created_ms = excluded.created_ms, removed_ms = excluded.removed_ms"},
    {"orders",
     "id, account_id, client_order_id, gpu, kind, quantity, remaining, filled, limit_cents, hours,"
     " tax_bp, expires_ms, state, close_reason, created_ms, closed_ms, held_cents",
     17,
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
     " created_ms, expires_ms, settled_ms",
     11,
     " ON CONFLICT (id) DO UPDATE SET state = excluded.state, settled_ms = excluded.settled_ms"},
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
    {"audit_log", "id, time_ms, actor_id, action, target_id, detail", 6, ""},
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
// widest table bind 1,088 values, under SQLite's and PostgreSQL's limits.
constexpr int multiRowChunks[] = {64, 16, 4, 1};

constexpr char DeleteAskSql[] = "DELETE FROM asks WHERE id = ?";
constexpr int DeleteAskKey = -1; // among the multi-row statements' keys

QAtomicInteger<quint32> s_connectionSerial;

// A null QString binds as SQL NULL; NOT NULL text columns want '' for "nothing".
QString text(const QString &s)
{
    return s.isNull() ? QStringLiteral("") : s;
}

} // namespace

Database::Database()
    : m_connection(QStringLiteral("everx-db-%1").arg(s_connectionSerial.fetchAndAddRelaxed(1)))
    , m_buffered(BufferedTableCount)
{ }

Database::~Database()
{
    close();
}

bool Database::isOpen() const
{
    return QSqlDatabase::contains(m_connection)
        && QSqlDatabase::database(m_connection, false).isOpen();
}

QString Database::driverName() const
{
    return QSqlDatabase::contains(m_connection)
        ? QSqlDatabase::database(m_connection, false).driverName()
        : QString();
}

void Database::close()
{
    stopWriter(); // its transaction committed or not, before the connection goes
    if (isOpen())
        flush(); // outside a transaction, buffered writes are as good as written
    discardBuffer();
    m_statements.clear();
    for (sqlite3_stmt *stmt : std::as_const(m_sqliteMultiRow))
        sqlite3_finalize(stmt); // before the driver closes the handle
    m_sqliteMultiRow.clear();
    sqlite3_finalize(std::exchange(m_sqliteDeleteAsk, nullptr));
    sqlite3_finalize(std::exchange(m_sqliteOrderByClientId, nullptr));
    sqlite3_finalize(std::exchange(m_readerOrderByClientId, nullptr));
    sqlite3_close(std::exchange(m_reader, nullptr));
    m_readerPath.clear();
    if (m_sqlite)
        sqlite3_wal_hook(m_sqlite, nullptr, nullptr);
    // Before the writer's connection: the last to close copies the log back and removes it.
    m_checkpointer.reset();
    m_checkpointsInCommit = 0;
    m_sqlite = nullptr;
    m_pg = nullptr;
    m_pgPrepared.clear();
    if (QSqlDatabase::contains(m_connection)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connection, false);
            db.close(); // ends the session, and PostgreSQL's advisory lock with it
        }
        QSqlDatabase::removeDatabase(m_connection);
    }
    m_writerLock.reset();
}

bool Database::lockForWriting(bool postgres, const Options &options, QString *error)
{
    const int waitMs = std::max(0, options.writerLockWaitMs);
    if (!postgres) {
        if (options.location == u":memory:")
            return true;
        m_writerLock = std::make_unique<QLockFile>(options.location + QStringLiteral(".lock"));
        m_writerLock->setStaleLockTime(0); // stale only when its process is gone
        if (m_writerLock->tryLock(waitMs))
            return true;
        const QLockFile::LockError why = m_writerLock->error();
        qint64 pid = 0;
        QString host, program;
        m_writerLock->getLockInfo(&pid, &host, &program);
        m_writerLock.reset();
        if (error) {
            *error = why == QLockFile::LockFailedError
                ? QStringLiteral("another exchange is writing to %1 (%2, process %3 on %4)")
                      .arg(options.location, program)
                      .arg(pid)
                      .arg(host)
                : QStringLiteral("cannot make the lock file %1.lock").arg(options.location);
        }
        return false;
    }
    // Advisory locks are per database, so one key serves every exchange database on a cluster.
    constexpr qint64 WriterLockKey = 0x4576'4578'5772'6974; // "EvExWrit"
    QSqlQuery q(connection());
    QElapsedTimer waited;
    waited.start();
    for (;;) {
        if (!q.exec(QStringLiteral("SELECT pg_try_advisory_lock(%1)").arg(WriterLockKey))
            || !q.next()) {
            if (error)
                *error = q.lastError().text();
            return false;
        }
        if (q.value(0).toBool())
            return true;
        if (waited.elapsed() >= waitMs)
            break;
        QThread::msleep(50);
    }
    if (error) {
        *error = QStringLiteral("another exchange is writing to this database, or a stopped one's"
                                " PostgreSQL session has not ended yet (waited %1 ms for its"
                                " advisory lock)")
                     .arg(waitMs);
    }
    return false;
}

bool Database::open(const Options &options, QString *error)
{
    close();
    const bool postgres = options.location.startsWith(u"postgresql://")
        || options.location.startsWith(u"postgres://");
    QSqlDatabase db;
    if (postgres) {
        const QUrl url(options.location);
        db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connection);
        db.setHostName(url.host());
        if (url.port() > 0)
            db.setPort(url.port());
        db.setUserName(url.userName());
        db.setPassword(url.password());
        db.setDatabaseName(url.path().mid(1));
    } else {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
        // A durable writer's log goes through the VFS that sends each commit's frames to the
        // file in one write (SqliteWalBuffer): it relies on synchronous=FULL, set below.
        const bool gathered = options.durable && !options.readOnly
            && options.location != u":memory:" && SqliteWalBuffer::vfsName();
        db.setDatabaseName(gathered ? SqliteWalBuffer::uriFor(options.location) : options.location);
        QString connectOptions = QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000");
        if (options.readOnly)
            connectOptions += QStringLiteral(";QSQLITE_OPEN_READONLY");
        if (gathered)
            connectOptions += QStringLiteral(";QSQLITE_OPEN_URI");
        db.setConnectOptions(connectOptions);
    }
    // Every failure path drops the local handle before close(), which removes the connection.
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        db = QSqlDatabase();
        close();
        return false;
    };
    if (!db.open())
        return fail(db.lastError().text());
    if (QString lockError; !options.readOnly && !lockForWriting(postgres, options, &lockError))
        return fail(lockError);
    if (options.readOnly) {
        QSqlQuery q(db);
        if (postgres
            && !q.exec(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"))) {
            const QString message = q.lastError().text();
            q = QSqlQuery();
            return fail(message);
        }
        if (schemaVersion() != SchemaVersion) {
            q = QSqlQuery();
            return fail(QStringLiteral("database schema version %1, not %2: start the exchange"
                                       " once to migrate it")
                            .arg(schemaVersion())
                            .arg(SchemaVersion));
        }
        m_statements.resize(SlotCount);
        return true;
    }
    if (!postgres) {
        QSqlQuery q(db);
        const bool memory = options.location == u":memory:";
        // A batch's multi-row upserts each keep a statement journal (the pages they change, to
        // undo a statement that fails halfway); on a file, one past 64 KiB is written out a page
        // at a time: in memory instead, that was 60 % of the exchange's pwrite calls. The WAL is
        // copied back into the database every 160 MiB (Options::checkpointPages) rather than
        // every 4: a page the batches keep changing (an index's leaf, a table's last page) is
        // copied once instead of at nearly every commit.
        if ((!memory && !q.exec(QStringLiteral("PRAGMA journal_mode=WAL")))
            || !q.exec(options.durable ? QStringLiteral("PRAGMA synchronous=FULL")
                                       : QStringLiteral("PRAGMA synchronous=OFF"))
            || !q.exec(QStringLiteral("PRAGMA temp_store=MEMORY"))
            || !q.exec(QStringLiteral("PRAGMA foreign_keys=ON"))) {
            const QString message = q.lastError().text();
            q = QSqlQuery();
            return fail(message);
        }
    }
    QString migrationError;
    if (!migrate(&migrationError))
        return fail(migrationError);
    // The buffered writes go through the database's own API, on the driver's connection.
    const QVariant handle = db.driver()->handle();
    if (handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0)
        m_sqlite = *static_cast<sqlite3 *const *>(handle.constData());
    else if (handle.isValid() && qstrcmp(handle.typeName(), "pg_conn*") == 0) // PGconn's struct
        m_pg = *static_cast<PGconn *const *>(handle.constData());
    if (!m_sqlite && !m_pg)
        return fail(QStringLiteral("the %1 driver gave no connection handle").arg(db.driverName()));
    if (m_sqlite && options.location != u":memory:") {
        m_readerPath = QFileInfo(options.location).absoluteFilePath();
        // The log goes back into the file on a thread of its own; this hook replaces SQLite's
        // automatic checkpoint in the commit.
        m_checkpointer = std::make_unique<WalCheckpointer>(
            QFileInfo(options.location).absoluteFilePath(), options.durable);
        if (!m_checkpointer->isRunning())
            return fail(QStringLiteral("could not open the database's checkpointing connection: ")
                        + m_checkpointer->error());
        m_checkpointPages = std::max(1, options.checkpointPages);
        sqlite3_wal_hook(m_sqlite, &Database::walHook, this);
    }
    m_statements.resize(SlotCount);
    return true;
}

int Database::walHook(void *database, sqlite3 *db, const char *, int pages)
{
    auto *self = static_cast<Database *>(database);
    if (qint64(pages) >= 10 * qint64(self->m_checkpointPages)) {
        // Behind: the commit copies the log itself, as SQLite's automatic checkpoint does.
        if (sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr)
            == SQLITE_OK)
            ++self->m_checkpointsInCommit;
    } else if (pages >= self->m_checkpointPages) {
        self->m_checkpointer->request();
    }
    return SQLITE_OK;
}

Database::Checkpoints Database::checkpoints() const
{
    return {m_checkpointer ? m_checkpointer->checkpoints() : 0, m_checkpointsInCommit};
}

int Database::schemaVersion() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false)); // no engine writes touch it
    if (q.exec(QStringLiteral("SELECT version FROM schema_version")) && q.next())
        return q.value(0).toInt();
    return 0;
}

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
        auto run = [&](const auto &statements) {
            for (const char *sql : statements) {
                if (!q.exec(QString::fromLatin1(sql)))
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

bool Database::begin()
{
    return connection().transaction();
}

bool Database::commit()
{
    waitForWriter();
    if (std::exchange(m_failNextCommit, false)) {
        m_lastError = QStringLiteral("commit failed on purpose (failNextCommit)");
        return false;
    }
    if (!flush())
        return false; // the statement's error is in m_lastError; the caller rolls back
    m_bufferedClientOrders.clear(); // the transaction's: found in the database from now on
    if (std::exchange(m_deferredBegin, false))
        return true; // nothing was written: the transaction never reached the connection
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (db.commit())
        return true;
    m_lastError = db.lastError().text();
    return false;
}

void Database::rollback()
{
    waitForWriter();
    discardBuffer();
    if (!std::exchange(m_deferredBegin, false))
        QSqlDatabase::database(m_connection, false).rollback();
}

// --- pipelined commit ---------------------------------------------------------------------------

void Database::beginDeferred()
{
    Q_ASSERT(!m_deferredBegin);
    m_deferredBegin = true;
}

void Database::handOff()
{
    Q_ASSERT(!m_handedOff);
    WriteJob job;
    job.begin = std::exchange(m_deferredBegin, false);
    job.fail = m_flushFailed; // its error is in m_lastError
    if (std::exchange(m_failNextCommit, false)) {
        job.fail = true;
        m_lastError = QStringLiteral("commit failed on purpose (failNextCommit)");
    }
    m_handedOffClientOrders = std::exchange(m_bufferedClientOrders, {});
    job.writes = takeBuffer();
    m_flushFailed = false;
    if (!m_writer.joinable()) {
        m_stopping = false;
        m_writer = std::thread([this] { runWriter(); });
    }
    {
        const std::lock_guard lock(m_writerMutex);
        m_job = std::move(job);
        m_jobDone = false;
    }
    m_handedOff = true;
    m_waited = false;
    m_writerWake.notify_all();
}

void Database::waitForWriter()
{
    if (!m_handedOff || m_waited)
        return;
    std::unique_lock lock(m_writerMutex);
    m_writerWake.wait(lock, [this] { return m_jobDone; });
    m_waited = true;
}

bool Database::written()
{
    if (!m_handedOff || m_waited)
        return true;
    const std::lock_guard lock(m_writerMutex);
    return m_jobDone;
}

bool Database::settle(qint64 *nanos)
{
    if (!m_handedOff)
        return true;
    waitForWriter();
    m_handedOff = false;
    m_handedOffClientOrders.clear();
    m_writtenJob.reset();
    if (nanos)
        *nanos = m_jobNanos;
    return m_jobOk;
}

void Database::runWriter()
{
    for (;;) {
        WriteJob job;
        {
            std::unique_lock lock(m_writerMutex);
            m_writerWake.wait(lock, [this] { return m_stopping || (m_job && !m_writerPaused); });
            if (!m_job)
                return; // stopping, and nothing left to write
            job = std::move(*m_job);
            m_job.reset();
        }
        QElapsedTimer timer;
        timer.start();
        bool ok = !job.fail;
        const bool begun = ok && (!job.begin || execRaw("BEGIN"));
        ok = begun
            && (m_pg ? writePostgres(job.writes.askDeletes, job.writes.tables)
                     : writeSqlite(job.writes.askDeletes, job.writes.tables))
            && execRaw("COMMIT");
        if (!ok && (begun || !job.begin)) {
            const QString error = m_lastError;
            execRaw("ROLLBACK"); // the transaction is over either way; the first error stays
            m_lastError = error;
        }
        const qint64 nanos = timer.nsecsElapsed();
        {
            const std::lock_guard lock(m_writerMutex);
            // Freed on the engine's thread, which allocated it: a free() here would take the
            // allocator's lock of that thread's arena at every row, against its malloc()s.
            m_writtenJob = std::move(job);
            m_jobDone = true;
            m_jobOk = ok;
            m_jobNanos = nanos;
        }
        m_writerWake.notify_all();
        if (m_written)
            m_written();
    }
}

void Database::setWriterPaused(bool paused)
{
    {
        const std::lock_guard lock(m_writerMutex);
        m_writerPaused = paused;
    }
    m_writerWake.notify_all();
}

void Database::stopWriter()
{
    if (!m_writer.joinable())
        return;
    setWriterPaused(false);
    settle(); // its outcome is the caller's no more: it closes
    {
        const std::lock_guard lock(m_writerMutex);
        m_stopping = true;
    }
    m_writerWake.notify_all();
    m_writer.join();
}

bool Database::execRaw(const char *sql)
{
    if (m_pg) {
        PGresult *result = PQexec(m_pg, sql);
        const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
        if (!ok)
            m_lastError = QString::fromUtf8(PQerrorMessage(m_pg));
        PQclear(result);
        return ok;
    }
    char *message = nullptr;
    const bool ok = sqlite3_exec(m_sqlite, sql, nullptr, nullptr, &message) == SQLITE_OK;
    if (!ok)
        m_lastError = QString::fromUtf8(message ? message : sqlite3_errmsg(m_sqlite));
    sqlite3_free(message);
    return ok;
}

bool Database::exec(QSqlQuery &q)
{
    if (q.exec())
        return true;
    m_lastError = q.lastError().text();
    qCWarning(lcDatabase) << "statement failed:" << m_lastError;
    return false;
}

QSqlQuery &Database::statement(int slot, const char *sql)
{
    waitForWriter();
    auto &stmt = m_statements[size_t(slot)];
    if (!stmt) {
        stmt = std::make_unique<QSqlQuery>(QSqlDatabase::database(m_connection, false));
        // Read with next() alone. Otherwise Qt's SQLite result makes (and frees) a cache of 128
        // rows of QVariants on every exec: most of what the idempotency lookup before every
        // order with a client id cost.
        stmt->setForwardOnly(true);
        if (!stmt->prepare(QString::fromLatin1(sql)))
            qCWarning(lcDatabase) << "prepare failed:" << stmt->lastError().text() << sql;
    }
    return *stmt;
}

QSqlQuery &Database::prepared(int slot, const char *sql)
{
    flush();
    return statement(slot, sql);
}

QSqlDatabase Database::connection()
{
    flush();
    return QSqlDatabase::database(m_connection, false);
}

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

namespace {

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
    while (PGresult *left = PQgetResult(m_pg))
        PQclear(left);
    if (PQenterPipelineMode(m_pg) != 1) {
        m_lastError = QString::fromUtf8(PQerrorMessage(m_pg));
        return false;
    }
    bool sent = true;
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
                   text(a.name), text(a.company), searchText(a.email, a.name, a.company)});
}

bool Database::upsertListing(const Listing &l)
{
    return buffer(BListing, l.id,
                  {l.id, l.providerId, l.gpu, l.gpuCount, l.region, l.endpoint, l.askCents,
                   int(l.state), l.createdMs, l.removedMs});
}

bool Database::upsertOrder(const BidOrder &o)
{
    if (!o.clientOrderId.isEmpty())
        m_bufferedClientOrders.insert({o.accountId, o.clientOrderId}, o);
    // NULL, not '', for "no client id": the unique index must not collide on empty ids.
    return buffer(
        BOrder, o.id,
        {o.id, o.accountId, o.clientOrderId.isEmpty() ? RowValue() : RowValue(o.clientOrderId),
         o.gpu, int(o.kind), o.quantity, o.remaining, o.filled, o.limitCents, o.hours, o.taxBp,
         o.expiresMs, int(o.state), text(o.closeReason), o.createdMs, o.closedMs, o.heldCents});
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
    return buffer(BAudit, a.id, {a.id, a.timeMs, a.actorId, a.action, a.targetId, text(a.detail)});
}

namespace {

const QString OrderColumns = QStringLiteral(
    "id, account_id, client_order_id, gpu, kind, quantity, remaining, filled, limit_cents, hours,"
    " tax_bp, expires_ms, state, close_reason, created_ms, closed_ms, held_cents");

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

// Either a QSqlQuery or a SqliteRow.
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
    return o;
}

const QString RentalColumns = QStringLiteral(
    "id, order_id, customer_id, listing_id, provider_id, gpu, gpus, price_cents, hours,"
    " hours_billed, tax_bp, fee_bp, started_ms, ended_ms, state");

Rental readRental(const QSqlQuery &q)
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

LedgerEntry readEntry(const QSqlQuery &q)
{
    LedgerEntry e;
    e.id = q.value(0).toLongLong();
    e.txId = q.value(1).toLongLong();
    e.timeMs = q.value(2).toLongLong();
    e.accountId = q.value(3).toLongLong();
    e.bucket = Bucket(q.value(4).toInt());
    e.amount = q.value(5).toLongLong();
    e.kind = q.value(6).toString();
    e.refId = q.value(7).toLongLong();
    e.memo = q.value(8).toString();
    e.prevHash = q.value(9).toString().toLatin1();
    e.hash = q.value(10).toString().toLatin1();
    return e;
}

const QString PaymentColumns = QStringLiteral(
    "id, reference, account_id, currency, amount_minor, rate_micros, credited_cents, state,"
    " created_ms, expires_ms, settled_ms");

Payment readPayment(const QSqlQuery &q)
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
    return p;
}

const QString EntryColumns = QStringLiteral(
    "id, tx_id, time_ms, account_id, bucket, amount_cents, kind, ref_id, memo, prev_hash, hash");

const QString PayoutColumns = QStringLiteral(
    "id, provider_id, amount_cents, state, reference, reason, requested_ms, settled_ms, agent_id");

Payout readPayout(const QSqlQuery &q)
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

} // namespace

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
                               " name, company FROM accounts ORDER BY id")))
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
        s.accounts.append(a);
    }
    if (!q.exec(QStringLiteral("SELECT id, provider_id, gpu, gpu_count, region, endpoint,"
                               " ask_cents, state, created_ms FROM listings WHERE state <> %1"
                               " ORDER BY id")
                    .arg(int(ListingState::Removed))))
        return fail();
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
        s.listings.append(l);
    }
    if (!q.exec(QStringLiteral("SELECT %1 FROM orders WHERE state = %2 ORDER BY id")
                    .arg(OrderColumns)
                    .arg(int(OrderState::Open))))
        return fail();
    while (q.next())
        s.openOrders.append(readOrder(q));
    if (!q.exec(QStringLiteral("SELECT %1 FROM rentals WHERE state = %2 ORDER BY id")
                    .arg(RentalColumns)
                    .arg(int(RentalState::Running))))
        return fail();
    while (q.next())
        s.runningRentals.append(readRental(q));
    if (!q.exec(QStringLiteral("SELECT %1 FROM payments WHERE state = %2 ORDER BY id")
                    .arg(PaymentColumns)
                    .arg(int(PaymentState::Pending))))
        return fail();
    while (q.next())
        s.pendingPayments.append(readPayment(q));
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

bool Database::openReader()
{
    if (m_reader)
        return true;
    if (m_readerPath.isEmpty())
        return false; // PostgreSQL, or SQLite in memory: no other connection sees it
    const QByteArray path = QFile::encodeName(m_readerPath);
    if (sqlite3_open_v2(path.constData(), &m_reader, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        qCWarning(lcDatabase) << "could not open a reading connection:"
                              << (m_reader ? sqlite3_errmsg(m_reader) : "out of memory");
        sqlite3_close(std::exchange(m_reader, nullptr));
        m_readerPath.clear(); // and does not try again
        return false;
    }
    sqlite3_busy_timeout(m_reader, 5'000);
    return true;
}

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

bool Database::upsertPayment(const Payment &p)
{
    return buffer(BPayment, p.id,
                  {p.id, p.reference, p.accountId, int(p.currency), p.amountMinor, p.rateMicros,
                   p.creditedCents, int(p.state), p.createdMs, p.expiresMs, p.settledMs});
}

bool Database::upsertPayout(const Payout &p)
{
    return buffer(BPayout, p.id,
                  {p.id, p.providerId, p.amountCents, int(p.state), text(p.reference),
                   text(p.reason), p.requestedMs, p.settledMs, p.agentId});
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

bool Database::insertSession(const StoredSession &s)
{
    QSqlQuery &q =
        prepared(SSessionInsert,
                 "INSERT INTO sessions (token_hash, account_id, created_ms, last_seen_ms,"
                 " expires_ms, address) VALUES (?, ?, ?, ?, ?, ?)");
    q.bindValue(0, QString::fromLatin1(s.tokenHash.toHex()));
    q.bindValue(1, s.accountId);
    q.bindValue(2, s.createdMs);
    q.bindValue(3, s.lastSeenMs);
    q.bindValue(4, s.expiresMs);
    q.bindValue(5, text(s.address));
    return exec(q);
}

std::optional<StoredSession> Database::session(const QByteArray &tokenHash, bool *failed)
{
    QSqlQuery &q = prepared(SSessionRead,
                            "SELECT account_id, created_ms, last_seen_ms, expires_ms, address FROM"
                            " sessions WHERE token_hash = ?");
    q.bindValue(0, QString::fromLatin1(tokenHash.toHex()));
    const bool ok = exec(q);
    if (failed)
        *failed = !ok;
    if (!ok)
        return std::nullopt;
    std::optional<StoredSession> found;
    if (q.next()) {
        found = StoredSession {tokenHash,
                               q.value(0).toLongLong(),
                               q.value(1).toLongLong(),
                               q.value(2).toLongLong(),
                               q.value(3).toLongLong(),
                               q.value(4).toString()};
    }
    q.finish(); // a reused statement must not hold SQLite's read lock
    return found;
}

bool Database::touchSessions(const QList<StoredSession> &sessions)
{
    if (sessions.isEmpty())
        return true;
    if (!begin())
        return false;
    QSqlQuery &q = prepared(SSessionTouch,
                            "UPDATE sessions SET last_seen_ms = ?, expires_ms = ? WHERE"
                            " token_hash = ?");
    bool ok = true;
    for (const StoredSession &s : sessions) {
        q.bindValue(0, s.lastSeenMs);
        q.bindValue(1, s.expiresMs);
        q.bindValue(2, QString::fromLatin1(s.tokenHash.toHex()));
        ok = ok && exec(q);
    }
    if (ok && commit())
        return true;
    rollback();
    return false;
}

bool Database::deleteSession(const QByteArray &tokenHash)
{
    QSqlQuery &q = prepared(SSessionDelete, "DELETE FROM sessions WHERE token_hash = ?");
    q.bindValue(0, QString::fromLatin1(tokenHash.toHex()));
    return exec(q);
}

qint64 Database::deleteAccountSessions(qint64 accountId, const QByteArray &keepHash)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?"));
    q.bindValue(0, accountId);
    // '' for "keep none" (a null string would bind as NULL, and "<> NULL" matches no row).
    q.bindValue(1, text(QString::fromLatin1(keepHash.toHex())));
    if (!exec(q))
        return -1;
    return q.numRowsAffected();
}

qint64 Database::deleteExpiredSessions(qint64 nowMs)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("DELETE FROM sessions WHERE expires_ms < ?"));
    q.bindValue(0, nowMs);
    if (!exec(q))
        return -1;
    return q.numRowsAffected();
}

std::optional<Payment> Database::paymentByReference(const QString &reference)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM payments WHERE reference = ?").arg(PaymentColumns));
    q.bindValue(0, reference);
    if (q.exec() && q.next())
        return readPayment(q);
    return std::nullopt;
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

std::optional<Rental> Database::rental(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM rentals WHERE id = ?").arg(RentalColumns));
    q.bindValue(0, id);
    if (q.exec() && q.next())
        return readRental(q);
    return std::nullopt;
}

QList<LedgerEntry> Database::entries(qint64 accountId, qint64 afterId, int limit)
{
    QList<LedgerEntry> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM ledger_entries WHERE account_id = ? AND id > ?"
                             " ORDER BY id LIMIT ?")
                  .arg(EntryColumns));
    q.bindValue(0, accountId);
    q.bindValue(1, afterId);
    q.bindValue(2, limit);
    if (q.exec()) {
        while (q.next())
            out.append(readEntry(q));
    }
    return out;
}

QList<AuditRecord> Database::audit(qint64 targetId)
{
    QList<AuditRecord> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT id, time_ms, actor_id, action, target_id, detail FROM"
                             " audit_log WHERE target_id = ? ORDER BY id"));
    q.bindValue(0, targetId);
    if (q.exec()) {
        while (q.next())
            out.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                        q.value(3).toString(), q.value(4).toLongLong(), q.value(5).toString()});
    }
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

qint64 Database::verifyChain(qint64 *badEntry)
{
    const ChainWalk walk = walkChain(0, Ledger::genesisHash());
    if (walk.failed || walk.badEntry != 0) {
        if (badEntry)
            *badEntry = walk.badEntry;
        return -1;
    }
    return walk.count;
}

Database::ChainWalk Database::walkChain(qint64 afterId, const QByteArray &prevHash, int format)
{
    ChainWalk walk;
    walk.lastEntryId = afterId;
    walk.lastHash = prevHash;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT %1 FROM ledger_entries WHERE id > ? ORDER BY id").arg(EntryColumns));
    q.bindValue(0, afterId);
    if (!q.exec()) {
        walk.failed = true;
        walk.problem = q.lastError().text();
        return walk;
    }
    while (q.next()) {
        const LedgerEntry e = readEntry(q);
        if (e.prevHash != walk.lastHash) {
            walk.badEntry = e.id;
            walk.problem = walk.lastEntryId == 0
                ? QStringLiteral("entry %1 does not link to the start of the chain").arg(e.id)
                : QStringLiteral("entry %1 does not link to entry %2 (an entry was altered,"
                                 " removed or inserted between them)")
                      .arg(e.id)
                      .arg(walk.lastEntryId);
            return walk;
        }
        const QByteArray expected = format == UnkeyedChain
            ? Ledger::unkeyedEntryHash(walk.lastHash, e)
            : Ledger::entryHash(m_key, walk.lastHash, e);
        if (expected != e.hash) {
            walk.badEntry = e.id;
            walk.problem = QStringLiteral("entry %1 does not verify: it was altered, or the"
                                          " chain was keyed with another key")
                               .arg(e.id);
            return walk;
        }
        walk.lastEntryId = e.id;
        walk.lastHash = e.hash;
        ++walk.count;
    }
    return walk;
}

std::optional<LedgerEntry> Database::entry(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM ledger_entries WHERE id = ?").arg(EntryColumns));
    q.bindValue(0, id);
    if (q.exec() && q.next())
        return readEntry(q);
    return std::nullopt;
}

QHash<quint64, Cents> Database::storedBalances()
{
    QHash<quint64, Cents> out;
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT account_id, bucket, amount_cents FROM balances"))) {
        while (q.next())
            out.insert(Ledger::key(q.value(0).toLongLong(), Bucket(q.value(1).toInt())),
                       q.value(2).toLongLong());
    }
    return out;
}

qint64 Database::firstUnbalancedEntry()
{
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT MIN(id) FROM ledger_entries WHERE tx_id = (SELECT MIN(tx_id)"
                              " FROM (SELECT tx_id FROM ledger_entries GROUP BY tx_id HAVING"
                              " SUM(amount_cents) <> 0) AS unbalanced)"))
        && q.next())
        return q.value(0).toLongLong();
    return 0;
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

QList<Rental> Database::runningRentals()
{
    QList<Rental> out;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    if (q.exec(QStringLiteral("SELECT %1 FROM rentals WHERE state = %2 ORDER BY id")
                   .arg(RentalColumns)
                   .arg(int(RentalState::Running)))) {
        while (q.next())
            out.append(readRental(q));
    }
    return out;
}

int Database::chainFormat()
{
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT format FROM ledger_chain")) && q.next())
        return q.value(0).toInt();
    return 0;
}

std::optional<Database::Checkpoint> Database::lastCheckpoint()
{
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT entry_id, hash, mac, verified_ms FROM ledger_checkpoints"
                              " ORDER BY entry_id DESC LIMIT 1"))
        && q.next())
        return Checkpoint {q.value(0).toLongLong(), q.value(1).toString().toLatin1(),
                           q.value(2).toString().toLatin1(), q.value(3).toLongLong()};
    return std::nullopt;
}

bool Database::insertCheckpoint(const Checkpoint &c)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("INSERT INTO ledger_checkpoints (entry_id, hash, mac, verified_ms)"
                             " VALUES (?, ?, ?, ?) ON CONFLICT (entry_id) DO NOTHING"));
    q.bindValue(0, c.entryId);
    q.bindValue(1, QString::fromLatin1(c.hash));
    q.bindValue(2, QString::fromLatin1(c.mac));
    q.bindValue(3, c.verifiedMs);
    return exec(q);
}

bool Database::rekeyChain(QString *problem)
{
    QSqlDatabase db = connection();
    const ChainWalk walk = walkChain(0, Ledger::genesisHash(), UnkeyedChain);
    if (walk.failed || walk.badEntry != 0) {
        if (problem)
            *problem =
                QStringLiteral("the unkeyed chain does not verify, so it is not re-keyed: %1")
                    .arg(walk.problem);
        return false;
    }
    if (!db.transaction()) {
        if (problem)
            *problem = db.lastError().text();
        return false;
    }
    QSqlQuery read(db);
    read.setForwardOnly(true);
    bool ok =
        read.exec(QStringLiteral("SELECT %1 FROM ledger_entries ORDER BY id").arg(EntryColumns));
    QList<LedgerEntry> all;
    while (ok && read.next())
        all.append(readEntry(read));
    read = QSqlQuery(db);
    QSqlQuery update(db);
    update.prepare(
        QStringLiteral("UPDATE ledger_entries SET prev_hash = ?, hash = ? WHERE id = ?"));
    QByteArray prev = Ledger::genesisHash();
    for (LedgerEntry &e : all) {
        if (!ok)
            break;
        e.prevHash = prev;
        e.hash = Ledger::entryHash(m_key, prev, e);
        update.bindValue(0, QString::fromLatin1(e.prevHash));
        update.bindValue(1, QString::fromLatin1(e.hash));
        update.bindValue(2, e.id);
        ok = exec(update);
        prev = e.hash;
    }
    QSqlQuery format(db);
    ok = ok && format.exec(QStringLiteral("UPDATE ledger_chain SET format = %1").arg(KeyedChain));
    ok = ok && format.exec(QStringLiteral("DELETE FROM ledger_checkpoints"));
    if (!ok || !db.commit()) {
        if (problem)
            *problem = m_lastError.isEmpty() ? db.lastError().text() : m_lastError;
        db.rollback();
        return false;
    }
    qCInfo(lcDatabase) << "re-keyed the ledger chain:" << all.size() << "entries";
    return true;
}

bool Database::beginSnapshot()
{
    QSqlDatabase db = connection();
    if (db.driverName() == u"QPSQL") {
        QSqlQuery q(db);
        return q.exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
    }
    return db.transaction();
}

QHash<quint64, Cents> Database::balancesFromEntries()
{
    QHash<quint64, Cents> out;
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT account_id, bucket, SUM(amount_cents) FROM ledger_entries"
                              " GROUP BY account_id, bucket"))) {
        while (q.next())
            out.insert(Ledger::key(q.value(0).toLongLong(), Bucket(q.value(1).toInt())),
                       q.value(2).toLongLong());
    }
    return out;
}

// --- support (schema v7) ------------------------------------------------------------------------

namespace {

// LIKE's own characters taken literally (ESCAPE '!'), and the pattern "contains".
QString containsPattern(const QString &query)
{
    QString out;
    out.reserve(query.size() + 2);
    out.append(u'%');
    for (const QChar c : query) {
        if (c == u'%' || c == u'_' || c == u'!')
            out.append(u'!');
        out.append(c);
    }
    out.append(u'%');
    return out;
}

const QString NoteColumns = QStringLiteral("id, account_id, agent_id, time_ms, text");
const QString AdjustmentColumns =
    QStringLiteral("id, account_id, amount_cents, reason, requested_by, requested_ms, state,"
                   " decided_by, decided_ms, decision_reason");

PendingAdjustment readAdjustment(const QSqlQuery &q)
{
    PendingAdjustment a;
    a.id = q.value(0).toLongLong();
    a.accountId = q.value(1).toLongLong();
    a.amountCents = q.value(2).toLongLong();
    a.reason = q.value(3).toString();
    a.requestedBy = q.value(4).toLongLong();
    a.requestedMs = q.value(5).toLongLong();
    a.state = AdjustmentState(q.value(6).toInt());
    a.decidedBy = q.value(7).toLongLong();
    a.decidedMs = q.value(8).toLongLong();
    a.decisionReason = q.value(9).toString();
    return a;
}

AuditRecord readAudit(const QSqlQuery &q)
{
    return {q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
            q.value(3).toString(),   q.value(4).toLongLong(), q.value(5).toString()};
}

} // namespace

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

bool Database::insertSignInFailure(const SignInFailure &f)
{
    QSqlQuery &q = prepared(SSignInFailure,
                            "INSERT INTO signin_failures (email, account_id, address, time_ms)"
                            " VALUES (?, ?, ?, ?)");
    q.bindValue(0, text(f.email.left(MarketRules::MaxEmailLength)));
    q.bindValue(1, f.accountId);
    q.bindValue(2, text(f.address.left(64)));
    q.bindValue(3, f.timeMs);
    return exec(q);
}

qint64 Database::deleteSignInFailuresBefore(qint64 beforeMs)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("DELETE FROM signin_failures WHERE time_ms < ?"));
    q.bindValue(0, beforeMs);
    if (!exec(q))
        return -1;
    return q.numRowsAffected();
}

QList<SignInFailure> Database::signInFailures(qint64 accountId, int limit)
{
    QList<SignInFailure> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT email, account_id, address, time_ms FROM signin_failures"
                             " WHERE account_id = ? ORDER BY time_ms DESC LIMIT ?"));
    q.bindValue(0, accountId);
    q.bindValue(1, limit);
    if (exec(q)) {
        while (q.next())
            out.append({q.value(0).toString(), q.value(1).toLongLong(), q.value(2).toString(),
                        q.value(3).toLongLong()});
    }
    return out;
}

QList<StoredSession> Database::sessionsOf(qint64 accountId)
{
    QList<StoredSession> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT token_hash, created_ms, last_seen_ms, expires_ms, address"
                             " FROM sessions WHERE account_id = ? ORDER BY created_ms DESC"));
    q.bindValue(0, accountId);
    if (exec(q)) {
        while (q.next())
            out.append({QByteArray::fromHex(q.value(0).toString().toLatin1()), accountId,
                        q.value(1).toLongLong(), q.value(2).toLongLong(), q.value(3).toLongLong(),
                        q.value(4).toString()});
    }
    return out;
}

QList<SupportNote> Database::notes(qint64 accountId)
{
    QList<SupportNote> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM support_notes WHERE account_id = ? ORDER BY id DESC")
                  .arg(NoteColumns));
    q.bindValue(0, accountId);
    if (exec(q)) {
        while (q.next())
            out.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                        q.value(3).toLongLong(), q.value(4).toString()});
    }
    return out;
}

QList<PendingAdjustment> Database::adjustments(qint64 accountId, bool pendingOnly)
{
    QList<PendingAdjustment> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM pending_adjustments WHERE (account_id = ? OR ? = 0)"
                             " AND (state = %2 OR ? = 0) ORDER BY id DESC")
                  .arg(AdjustmentColumns)
                  .arg(int(AdjustmentState::Pending)));
    q.bindValue(0, accountId);
    q.bindValue(1, accountId);
    q.bindValue(2, pendingOnly ? 1 : 0);
    if (exec(q)) {
        while (q.next())
            out.append(readAdjustment(q));
    }
    return out;
}

std::optional<PendingAdjustment> Database::adjustment(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(
        QStringLiteral("SELECT %1 FROM pending_adjustments WHERE id = ?").arg(AdjustmentColumns));
    q.bindValue(0, id);
    if (exec(q) && q.next())
        return readAdjustment(q);
    return std::nullopt;
}

qint64 Database::maxId(const char *table)
{
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT MAX(id) FROM %1").arg(QLatin1StringView(table))) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

QList<qint64> Database::searchAccounts(const QString &query, std::optional<AccountState> state,
                                       qint64 offset, int limit, qint64 *total)
{
    // A match anywhere in the text (LIKE '%...%') cannot use a B-tree index on either engine:
    // search scans the accounts, which support's volume allows. A blank query matches all
    // ('%%'); a state of -1 any state.
    const QString where =
        QStringLiteral("(? < 0 OR state = ?) AND (id = ? OR search_text LIKE ? ESCAPE '!')");
    bool isId = false;
    const qint64 id = query.trimmed().toLongLong(&isId);
    const QString pattern = containsPattern(searchFolded(query.trimmed()));
    const int wanted = state ? int(*state) : -1;
    auto bind = [&](QSqlQuery &q) {
        q.bindValue(0, wanted);
        q.bindValue(1, wanted);
        q.bindValue(2, isId ? id : qint64(-1));
        q.bindValue(3, pattern);
    };
    QSqlDatabase db = connection();
    QList<qint64> out;
    QSqlQuery count(db);
    count.prepare(QStringLiteral("SELECT COUNT(*) FROM accounts WHERE %1").arg(where));
    bind(count);
    if (total)
        *total = exec(count) && count.next() ? count.value(0).toLongLong() : 0;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT id FROM accounts WHERE %1 ORDER BY id LIMIT %2 OFFSET %3")
                  .arg(where)
                  .arg(limit)
                  .arg(offset));
    bind(q);
    if (exec(q)) {
        while (q.next())
            out.append(q.value(0).toLongLong());
    }
    return out;
}

QList<LedgerEntry> Database::entriesPage(qint64 accountId, const QString &kind, qint64 offset,
                                         int limit, qint64 *total)
{
    QSqlDatabase db = connection();
    const QString where = QStringLiteral("account_id = ? AND (kind = ? OR ? = '')");
    auto bind = [&](QSqlQuery &q) {
        q.bindValue(0, accountId);
        q.bindValue(1, text(kind));
        q.bindValue(2, text(kind));
    };
    QSqlQuery count(db);
    count.prepare(QStringLiteral("SELECT COUNT(*) FROM ledger_entries WHERE %1").arg(where));
    bind(count);
    if (total)
        *total = exec(count) && count.next() ? count.value(0).toLongLong() : 0;
    QList<LedgerEntry> out;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT %1 FROM ledger_entries WHERE %2 ORDER BY id DESC LIMIT %3"
                             " OFFSET %4")
                  .arg(EntryColumns, where)
                  .arg(limit)
                  .arg(offset));
    bind(q);
    if (exec(q)) {
        while (q.next())
            out.append(readEntry(q));
    }
    return out;
}

std::optional<QByteArray> Database::hashBefore(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT hash FROM ledger_entries WHERE id < ? ORDER BY id DESC"
                             " LIMIT 1"));
    q.bindValue(0, id);
    if (!exec(q))
        return std::nullopt;
    if (q.next())
        return q.value(0).toString().toLatin1();
    return Ledger::genesisHash();
}

QList<BidOrder> Database::ordersPage(qint64 accountId, qint64 offset, int limit, qint64 *total)
{
    QSqlDatabase db = connection();
    QSqlQuery count(db);
    count.prepare(QStringLiteral("SELECT COUNT(*) FROM orders WHERE account_id = ?"));
    count.bindValue(0, accountId);
    if (total)
        *total = exec(count) && count.next() ? count.value(0).toLongLong() : 0;
    QList<BidOrder> out;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT %1 FROM orders WHERE account_id = ? ORDER BY id DESC"
                             " LIMIT %2 OFFSET %3")
                  .arg(OrderColumns)
                  .arg(limit)
                  .arg(offset));
    q.bindValue(0, accountId);
    if (exec(q)) {
        while (q.next())
            out.append(readOrder(q));
    }
    return out;
}

QList<Rental> Database::rentalsPage(qint64 accountId, qint64 offset, int limit, qint64 *total)
{
    QSqlDatabase db = connection();
    const QString where = QStringLiteral("customer_id = ? OR provider_id = ?");
    QSqlQuery count(db);
    count.prepare(QStringLiteral("SELECT COUNT(*) FROM rentals WHERE %1").arg(where));
    count.bindValue(0, accountId);
    count.bindValue(1, accountId);
    if (total)
        *total = exec(count) && count.next() ? count.value(0).toLongLong() : 0;
    QList<Rental> out;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT %1 FROM rentals WHERE %2 ORDER BY id DESC LIMIT %3 OFFSET %4")
                  .arg(RentalColumns, where)
                  .arg(limit)
                  .arg(offset));
    q.bindValue(0, accountId);
    q.bindValue(1, accountId);
    if (exec(q)) {
        while (q.next())
            out.append(readRental(q));
    }
    return out;
}

QList<AuditRecord> Database::auditPage(qint64 actorId, qint64 targetId, qint64 fromMs, qint64 toMs,
                                       qint64 offset, int limit, qint64 *total)
{
    QSqlDatabase db = connection();
    const QString where = QStringLiteral("(actor_id = ? OR ? = 0) AND (target_id = ? OR ? = 0)"
                                         " AND time_ms >= ? AND (time_ms < ? OR ? = 0)");
    auto bind = [&](QSqlQuery &q) {
        q.bindValue(0, actorId);
        q.bindValue(1, actorId);
        q.bindValue(2, targetId);
        q.bindValue(3, targetId);
        q.bindValue(4, fromMs);
        q.bindValue(5, toMs);
        q.bindValue(6, toMs);
    };
    QSqlQuery count(db);
    count.prepare(QStringLiteral("SELECT COUNT(*) FROM audit_log WHERE %1").arg(where));
    bind(count);
    if (total)
        *total = exec(count) && count.next() ? count.value(0).toLongLong() : 0;
    QList<AuditRecord> out;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT id, time_ms, actor_id, action, target_id, detail FROM"
                             " audit_log WHERE %1 ORDER BY id DESC LIMIT %2 OFFSET %3")
                  .arg(where)
                  .arg(limit)
                  .arg(offset));
    bind(q);
    if (exec(q)) {
        while (q.next())
            out.append(readAudit(q));
    }
    return out;
}

Cents Database::adjustedBy(qint64 actorId, qint64 sinceMs)
{
    // The customer side of each direct adjustment (the system side mirrors it).
    QSqlQuery q(connection());
    q.prepare(QStringLiteral(
        "SELECT COALESCE(SUM(ABS(e.amount_cents)), 0) FROM ledger_entries e JOIN audit_log a ON"
        " a.id = e.ref_id WHERE e.kind = 'adjustment' AND e.account_id <> 0 AND a.action ="
        " 'adjustment' AND a.actor_id = ? AND e.time_ms >= ?"));
    q.bindValue(0, actorId);
    q.bindValue(1, sinceMs);
    if (exec(q) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

} // namespace everx
