// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// SqliteWalBuffer: a log's writes gathered until SQLite syncs, reads or sizes it. Each case
// writes through the VFS and checks what is on disk through SQLite's default VFS, on a second
// connection or after closing: the gathered bytes must reach the file before anything could
// see them missing.

#include "engine/database.h"
#include "engine/sqlitewalbuffer.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QTemporaryDir>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <sqlite3.h>

using namespace everx;

namespace {

// One connection, closed with its object.
class Connection
{
public:
    Connection(const QString &path, bool gathered)
    {
        const QByteArray name = gathered ? SqliteWalBuffer::uriFor(path).toUtf8() : path.toUtf8();
        const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI;
        if (sqlite3_open_v2(name.constData(), &m_db, flags, nullptr) != SQLITE_OK) {
            m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
            sqlite3_close(std::exchange(m_db, nullptr));
        }
    }
    ~Connection() { sqlite3_close(m_db); }
    Q_DISABLE_COPY_MOVE(Connection)

    bool isOpen() const { return m_db; }
    QString error() const { return m_error; }
    // Runs the statements; false (and error()) on the first that fails.
    bool exec(const QByteArray &sql)
    {
        char *message = nullptr;
        if (sqlite3_exec(m_db, sql.constData(), nullptr, nullptr, &message) == SQLITE_OK)
            return true;
        m_error = QString::fromUtf8(message);
        sqlite3_free(message);
        return false;
    }
    // The first column of the first row, as text ("" for none or an error, then error()).
    QString value(const QByteArray &sql)
    {
        sqlite3_stmt *stmt = nullptr;
        QString result;
        if (sqlite3_prepare_v2(m_db, sql.constData(), -1, &stmt, nullptr) != SQLITE_OK) {
            m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
            return result;
        }
        const int rc = sqlite3_step(stmt);
        if (rc == SQLITE_ROW)
            result =
                QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0)));
        else if (rc != SQLITE_DONE)
            m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
        sqlite3_finalize(stmt);
        return result;
    }

private:
    sqlite3 *m_db = nullptr;
    QString m_error;
};

// The durable writer's settings, as Database sets them.
const QByteArray Durable = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;";

// Inserts `rows` rows of a 500-byte blob each, numbered from `first`, in one transaction.
QByteArray insertRows(int first, int rows)
{
    return "WITH RECURSIVE s(n) AS (SELECT " + QByteArray::number(first)
        + " UNION ALL SELECT n + 1 FROM s WHERE n < " + QByteArray::number(first + rows - 1)
        + ") INSERT INTO t (n, b) SELECT n, randomblob(500) FROM s;";
}

} // namespace

class TestSqliteWalBuffer : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const char *name) const { return m_dir.filePath(QLatin1StringView(name)); }

private slots:
    void aCommitsFramesReachTheFileInAFewWrites();
    void anotherConnectionSeesEachCommitAsItReturns();
    void framesSpilledBeforeTheCommitAreReadBack();
    void aRolledBackTransactionLeavesNothing();
    void theLogStartsOverAfterACheckpoint();
    void aPathIsOpenedAsItIsSpelled();
    void aWriteElsewhereLeavesTheBytesBetween();
    void aDurableDatabaseWritesItsLogThroughIt();
};

void TestSqliteWalBuffer::aCommitsFramesReachTheFileInAFewWrites()
{
    const QString file = path("few.sqlite");
    {
        Connection c(file, true);
        QVERIFY2(c.isOpen(), qPrintable(c.error()));
        QVERIFY2(c.exec(Durable + "CREATE TABLE t (n INTEGER PRIMARY KEY, b BLOB);"),
                 qPrintable(c.error()));
        const qint64 logBefore = QFileInfo(file + QStringLiteral("-wal")).size();
        const SqliteWalBuffer::Counters before = SqliteWalBuffer::counters();
        // 1,000 rows of 500 bytes: about 130 pages, each frame written by SQLite in two calls.
        QVERIFY2(c.exec("BEGIN;" + insertRows(1, 1000) + "COMMIT;"), qPrintable(c.error()));
        const SqliteWalBuffer::Counters after = SqliteWalBuffer::counters();
        const qint64 logged = QFileInfo(file + QStringLiteral("-wal")).size() - logBefore;
        QVERIFY2(after.gathered - before.gathered >= 2 * 120,
                 qPrintable(QString::number(after.gathered - before.gathered)));
        // One write for each 124 KiB (the most the default VFS writes at once), and a part.
        const qint64 pieces = (logged + 124 * 1024 - 1) / (124 * 1024);
        QVERIFY2(after.written - before.written <= pieces + 1,
                 qPrintable(QStringLiteral("%1 writes for %2 bytes")
                                .arg(after.written - before.written)
                                .arg(logged)));
        QVERIFY(after.written > before.written);
    }
    Connection plain(file, false);
    QCOMPARE(plain.value("SELECT count(*) FROM t"), QStringLiteral("1000"));
    QCOMPARE(plain.value("PRAGMA integrity_check"), QStringLiteral("ok"));
}

void TestSqliteWalBuffer::anotherConnectionSeesEachCommitAsItReturns()
{
    const QString file = path("seen.sqlite");
    Connection writer(file, true);
    QVERIFY2(writer.exec(Durable + "CREATE TABLE t (n INTEGER PRIMARY KEY, b BLOB);"),
             qPrintable(writer.error()));
    Connection reader(file, false); // the default VFS, on the same file, while the writer is open
    for (int round = 0; round < 20; ++round) {
        QVERIFY2(writer.exec("BEGIN;" + insertRows(round * 50 + 1, 50) + "COMMIT;"),
                 qPrintable(writer.error()));
        QCOMPARE(reader.value("SELECT count(*) FROM t"), QString::number((round + 1) * 50));
        QCOMPARE(reader.value("SELECT sum(length(b)) FROM t"),
                 QString::number((round + 1) * 50 * 500));
    }
    QCOMPARE(reader.value("PRAGMA integrity_check"), QStringLiteral("ok"));
}

void TestSqliteWalBuffer::framesSpilledBeforeTheCommitAreReadBack()
{
    const QString file = path("spill.sqlite");
    {
        Connection c(file, true);
        // A cache of 10 pages: the transaction's changed pages go to the log long before its
        // commit, and reading them back reads the log.
        QVERIFY2(c.exec(Durable
                        + "PRAGMA cache_size=10;"
                          "CREATE TABLE t (n INTEGER PRIMARY KEY, b BLOB);"),
                 qPrintable(c.error()));
        QVERIFY2(c.exec("BEGIN;" + insertRows(1, 2000)), qPrintable(c.error()));
        QCOMPARE(c.value("SELECT count(*) FROM t WHERE length(b) = 500"), QStringLiteral("2000"));
        QCOMPARE(c.value("SELECT sum(n) FROM t"), QString::number(2000 * 2001 / 2));
        QVERIFY2(c.exec("COMMIT;"), qPrintable(c.error()));
    }
    Connection plain(file, false);
    QCOMPARE(plain.value("SELECT count(*) FROM t"), QStringLiteral("2000"));
    QCOMPARE(plain.value("PRAGMA integrity_check"), QStringLiteral("ok"));
}

void TestSqliteWalBuffer::aRolledBackTransactionLeavesNothing()
{
    const QString file = path("rollback.sqlite");
    {
        Connection c(file, true);
        QVERIFY2(c.exec(Durable
                        + "PRAGMA cache_size=10;"
                          "CREATE TABLE t (n INTEGER PRIMARY KEY, b BLOB);"
                        + "BEGIN;" + insertRows(1, 10) + "COMMIT;"),
                 qPrintable(c.error()));
        // Spilled frames of a transaction that is then rolled back, and a commit written over
        // where they were.
        QVERIFY2(c.exec("BEGIN;" + insertRows(100, 2000) + "ROLLBACK;"), qPrintable(c.error()));
        QVERIFY2(c.exec("BEGIN;" + insertRows(11, 5) + "COMMIT;"), qPrintable(c.error()));
    }
    Connection plain(file, false);
    QCOMPARE(plain.value("SELECT count(*) || ' ' || max(n) FROM t"), QStringLiteral("15 15"));
    QCOMPARE(plain.value("PRAGMA integrity_check"), QStringLiteral("ok"));
}

void TestSqliteWalBuffer::theLogStartsOverAfterACheckpoint()
{
    const QString file = path("restart.sqlite");
    {
        Connection c(file, true);
        QVERIFY2(c.exec(Durable + "CREATE TABLE t (n INTEGER PRIMARY KEY, b BLOB);"),
                 qPrintable(c.error()));
        for (int round = 0; round < 6; ++round) {
            QVERIFY2(c.exec("BEGIN;" + insertRows(round * 100 + 1, 100) + "COMMIT;"),
                     qPrintable(c.error()));
            // Copies the log into the database and empties it: the next commit writes the log's
            // header at its start again, before the bytes already gathered once were.
            if (round % 2 == 1)
                QVERIFY2(c.exec("PRAGMA wal_checkpoint(RESTART);"), qPrintable(c.error()));
        }
        QCOMPARE(c.value("SELECT count(*) FROM t"), QStringLiteral("600"));
    }
    Connection plain(file, false);
    QCOMPARE(plain.value("SELECT count(*) FROM t"), QStringLiteral("600"));
    QCOMPARE(plain.value("PRAGMA integrity_check"), QStringLiteral("ok"));
}

void TestSqliteWalBuffer::aPathIsOpenedAsItIsSpelled()
{
    const QString file = path("a b?c#d%25 ş.sqlite");
    {
        Connection c(file, true);
        QVERIFY2(c.isOpen(), qPrintable(c.error()));
        QVERIFY2(
            c.exec(Durable + "CREATE TABLE t (n INTEGER PRIMARY KEY, b BLOB);" + insertRows(1, 3)),
            qPrintable(c.error()));
    }
    QVERIFY(QFileInfo::exists(file));
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("a b*")}, QDir::Files),
             QStringList {QFileInfo(file).fileName()});
    Connection plain(file, false);
    QCOMPARE(plain.value("SELECT count(*) FROM t"), QStringLiteral("3"));
}

// SQLite appends to a log and rewrites frames of the open transaction in place; a write before
// or past the gathered bytes (none SQLite makes today) sends them first and changes nothing else.
void TestSqliteWalBuffer::aWriteElsewhereLeavesTheBytesBetween()
{
    const QString db = path("direct.sqlite");
    QFile log(db + QStringLiteral("-wal"));
    QVERIFY(QFile(db).open(QIODevice::WriteOnly));
    QVERIFY(log.open(QIODevice::WriteOnly));
    QVERIFY(log.write(QByteArray(300, 'x')) == 300);
    log.close();

    sqlite3_vfs *vfs = sqlite3_vfs_find(SqliteWalBuffer::vfsName());
    QVERIFY(vfs);
    const QByteArray dbName = db.toUtf8();
    const QByteArray logName = dbName + "-wal";
    // Names as SQLite gives them to a VFS (a database's, its journal's and its log's together).
    sqlite3_filename names = sqlite3_create_filename(
        dbName.constData(), (dbName + "-journal").constData(), logName.constData(), 0, nullptr);
    std::vector<char> memory(std::size_t(vfs->szOsFile));
    auto *file = reinterpret_cast<sqlite3_file *>(memory.data());
    int flags = 0;
    QCOMPARE(vfs->xOpen(vfs, sqlite3_filename_wal(names), file,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_WAL, &flags),
             SQLITE_OK);
    const auto write = [file](const char *text, sqlite3_int64 offset) {
        return file->pMethods->xWrite(file, text, int(qstrlen(text)), offset);
    };
    QCOMPARE(write("aaaa", 10), SQLITE_OK);
    QCOMPARE(write("bb", 12), SQLITE_OK); // into the gathered bytes
    QCOMPARE(write("cccc", 14), SQLITE_OK); // right after them
    QCOMPARE(write("dddd", 100), SQLITE_OK); // past them
    QCOMPARE(write("ee", 2), SQLITE_OK); // before them
    QCOMPARE(write("ff", 200), SQLITE_OK);
    QCOMPARE(file->pMethods->xSync(file, SQLITE_SYNC_NORMAL), SQLITE_OK);
    QCOMPARE(file->pMethods->xClose(file), SQLITE_OK);
    sqlite3_free_filename(names);

    QVERIFY(log.open(QIODevice::ReadOnly));
    QByteArray expected(300, 'x');
    expected.replace(10, 8, "aabbcccc").replace(100, 4, "dddd").replace(2, 2, "ee");
    expected.replace(200, 2, "ff");
    QCOMPARE(log.readAll(), expected);
}

void TestSqliteWalBuffer::aDurableDatabaseWritesItsLogThroughIt()
{
    Database db;
    Database::Options options;
    options.location = path("engine.sqlite");
    QString error;
    QVERIFY2(db.open(options, &error), qPrintable(error));
    {
        QSqlQuery q(QSqlDatabase::database(db.connectionName(), false));
        QVERIFY(q.exec(QStringLiteral("PRAGMA database_list")) && q.next());
        QCOMPARE(q.value(2).toString(), QFileInfo(options.location).absoluteFilePath());
    }
    const SqliteWalBuffer::Counters before = SqliteWalBuffer::counters();
    QVERIFY(db.begin());
    for (qint64 id = 1; id <= 100; ++id) {
        Account a;
        a.id = id;
        a.email = QStringLiteral("a%1@example.com").arg(id);
        a.name = QStringLiteral("Account %1").arg(id);
        a.country = QStringLiteral("ID");
        a.passwordHash = QStringLiteral("-");
        QVERIFY(db.upsertAccount(a));
    }
    QVERIFY2(db.commit(), qPrintable(db.lastError()));
    const SqliteWalBuffer::Counters after = SqliteWalBuffer::counters();
    QVERIFY(after.gathered - before.gathered > 2 * (after.written - before.written));
    QVERIFY(after.written > before.written);
    db.close();

    // A database that trades durability for speed syncs no commit: its log is the default
    // VFS's, written as SQLite writes it.
    options.location = path("fast.sqlite");
    options.durable = false;
    QVERIFY2(db.open(options, &error), qPrintable(error));
    const SqliteWalBuffer::Counters fastBefore = SqliteWalBuffer::counters();
    QVERIFY(db.begin());
    Account a;
    a.id = 1;
    a.email = QStringLiteral("fast@example.com");
    a.country = QStringLiteral("TR");
    a.passwordHash = QStringLiteral("-");
    QVERIFY(db.upsertAccount(a));
    QVERIFY2(db.commit(), qPrintable(db.lastError()));
    QCOMPARE(SqliteWalBuffer::counters().gathered, fastBefore.gathered);
}

QTEST_GUILESS_MAIN(TestSqliteWalBuffer)
#include "tst_sqlitewalbuffer.moc"
