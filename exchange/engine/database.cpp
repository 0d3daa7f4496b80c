// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's connection: opening SQLite or PostgreSQL (and migrating, database_schema.cpp), the
// writer's lock, the log's checkpoints, transactions, and the cached statements every query goes
// through. The rest of the class is in database_<topic>.cpp: the schema, the pipelined commit's
// writer, the write buffer, and the queries by domain (docs/architecture.md "Persistence and group
// commit").

#include "engine/database.h"
#include "engine/database_p.h"

#include "engine/sqlitewalbuffer.h"
#include "engine/walcheckpointer.h"

#include <QtCore/QAtomicInteger>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLoggingCategory>
#include <QtCore/QThread>
#include <QtCore/QUrl>
#include <QtSql/QSqlDriver>
#include <QtSql/QSqlError>

#include <libpq-fe.h>
#include <sqlite3.h>

#include <utility>

namespace everx {

Q_LOGGING_CATEGORY(lcDatabase, "everx.exchange.database")

using namespace DatabasePrivate;

namespace {

QAtomicInteger<quint32> s_connectionSerial;

// libpq's options for a fenced writer's connection (Options::fenceTimeoutMs): the kernel gives up
// on a connection whose data goes unacknowledged for the bound, and probes an idle one from half
// the bound on, three times, so that a writer cut off from its database learns so within about
// the bound. Seconds are whole, at least 1.
QString fenceConnectOptions(int boundMs)
{
    const int idle = std::max(1, boundMs / 2'000);
    const int interval = std::max(1, boundMs / 6'000);
    return QStringLiteral("keepalives=1;keepalives_idle=%1;keepalives_interval=%2;"
                          "keepalives_count=3;tcp_user_timeout=%3")
        .arg(idle)
        .arg(interval)
        .arg(boundMs);
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
    m_fencePid = 0;
    m_fenceTimeoutMs = 0;
    m_fenceArmed = false;
    m_fenced.store(false, std::memory_order_release);
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
        if (!options.readOnly && options.fenceTimeoutMs > 0)
            db.setConnectOptions(fenceConnectOptions(options.fenceTimeoutMs));
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
    if (QString fenceError; postgres && !options.readOnly && !startFencing(options, &fenceError))
        return fail(fenceError);
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

bool Database::begin()
{
    if (connection().transaction())
        return true;
    fenceIfDisconnected();
    return false;
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
    fenceIfDisconnected(); // whether it committed is not known
    return false;
}

void Database::rollback()
{
    waitForWriter();
    discardBuffer();
    if (!std::exchange(m_deferredBegin, false))
        QSqlDatabase::database(m_connection, false).rollback();
}

bool Database::execRaw(const char *sql)
{
    if (m_pg) {
        PGresult *result = PQexec(m_pg, sql);
        const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
        if (!ok)
            m_lastError = QString::fromUtf8(PQerrorMessage(m_pg));
        PQclear(result);
        if (!ok)
            fenceIfDisconnected();
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

void Database::readPage(const QString &columns, const QString &table, const QString &where,
                        const QVariantList &args, const QString &orderBy, qint64 offset, int limit,
                        qint64 *total, const std::function<void(const QSqlQuery &)> &read,
                        const QString &cursor, const QVariantList &cursorArgs)
{
    QSqlDatabase db = connection();
    const auto bind = [&args](QSqlQuery &q) {
        for (qsizetype i = 0; i < args.size(); ++i)
            q.bindValue(int(i), args[i]);
    };
    if (total) {
        QSqlQuery count(db);
        count.prepare(QStringLiteral("SELECT COUNT(*) FROM %1 WHERE %2").arg(table, where));
        bind(count);
        *total = exec(count) && count.next() ? count.value(0).toLongLong() : 0;
    }
    QSqlQuery q(db);
    q.prepare(
        QStringLiteral("SELECT %1 FROM %2 WHERE %3 ORDER BY %4 LIMIT %5 OFFSET %6")
            .arg(columns, table,
                 cursor.isEmpty() ? where : QStringLiteral("(%1) AND (%2)").arg(where, cursor),
                 orderBy, QString::number(limit), QString::number(offset)));
    bind(q);
    for (qsizetype i = 0; i < cursorArgs.size(); ++i)
        q.bindValue(int(args.size() + i), cursorArgs[i]);
    if (exec(q)) {
        while (q.next())
            read(q);
    }
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

bool Database::beginSnapshot()
{
    QSqlDatabase db = connection();
    if (db.driverName() == u"QPSQL") {
        QSqlQuery q(db);
        return q.exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
    }
    return db.transaction();
}

} // namespace everx
