// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The engine's SQL on PostgreSQL (QPSQL): the same statements as on SQLite, the same results.
// Needs EVERX_TEST_PG_URL (scripts/run-tests.sh starts a local cluster and sets it).

#include "fixtures/enginefixture.h"
#include "fixtures/pgfixture.h"

#include <QtCore/QUrl>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <atomic>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

class TestPostgres : public QObject
{
    Q_OBJECT

private:
    QString m_url;
    bool dropEverything();

private slots:
    void initTestCase();
    void init();
    void randomStreamKeepsInvariantsAndSurvivesRestart();
    void sameResultsAsSqlite();
    void pipelinedBatchesCommitEverything();
    void auditFieldsAndCursor();
    void fencedWriterSessionIsBounded();
    void writerThatLostItsLockWritesNothing_data();
    void writerThatLostItsLockWritesNothing();
};

bool TestPostgres::dropEverything()
{
    return dropExchangeTables(m_url);
}

void TestPostgres::initTestCase()
{
    EVERX_SKIP_WITHOUT_POSTGRES(true);
    m_url = test::pgUrl();
    const QUrl url(m_url, QUrl::StrictMode);
    QVERIFY2(
        url.isValid() && url.scheme() == u"postgresql" && !url.host().isEmpty()
            && !url.userName().isEmpty() && url.path().size() > 1,
        qPrintable(u"EVERX_TEST_PG_URL is not a postgresql://user:password@host:port/db URL: "_s
                   + m_url));
    QVERIFY(QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")));
}

void TestPostgres::init()
{
    QVERIFY(dropEverything());
}

void TestPostgres::randomStreamKeepsInvariantsAndSurvivesRestart()
{
    EngineFixture f(true, m_url);
    QVERIFY(f.engine->isOpen());
    QCOMPARE(f.engine->database().driverName(), QStringLiteral("QPSQL"));
    RandomTrader trader(f, 5);
    trader.setUp(12, 5);
    for (int i = 0; i < 2500; ++i) {
        trader.step();
        const QStringList problems = f.engine->checkInvariants();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u';')));
    }
    QVERIFY(trader.probeFailures().isEmpty());
    QVERIFY(trader.stats().trades > 50);
    const QString before = stateFingerprint(*f.engine);
    QVERIFY(f.reopen(true));
    QCOMPARE(stateFingerprint(*f.engine), before);

    qint64 bad = 0;
    QCOMPARE(f.engine->database().verifyChain(&bad), f.engine->ledger().lastEntryId());
    const auto sums = f.engine->database().balancesFromEntries();
    for (auto it = sums.cbegin(); it != sums.cend(); ++it)
        QCOMPARE(it.value(), f.engine->ledger().balances().value(it.key()));
}

void TestPostgres::sameResultsAsSqlite()
{
    // The same seeded stream on both databases ends in the same state, entry hashes included.
    EngineFixture pg(false, m_url);
    EngineFixture lite(false);
    RandomTrader a(pg, 77), b(lite, 77);
    a.setUp(6, 3);
    b.setUp(6, 3);
    for (int i = 0; i < 800; ++i) {
        a.step();
        b.step();
    }
    QCOMPARE(stateFingerprint(*pg.engine), stateFingerprint(*lite.engine));
}

// Pipelined batches (ExchangeEngine::BatchCommit::Pipelined) on PostgreSQL: the writer thread
// commits each batch while the next is handled. The same seeded stream ends in the same state
// as on SQLite operation by operation, and all of it is durable.
void TestPostgres::pipelinedBatchesCommitEverything()
{
    EngineFixture pg(false, m_url);
    EngineFixture lite(false);
    RandomTrader a(pg, 91), b(lite, 91);
    a.setUp(6, 3);
    b.setUp(6, 3);
    int handedOff = 0;
    for (int batch = 0; batch < 100; ++batch) {
        pg.engine->beginBatch(ExchangeEngine::BatchCommit::Pipelined);
        for (int i = 0; i < 8; ++i) {
            a.step();
            b.step();
        }
        QVERIFY(pg.engine->commitBatch());
        handedOff += pg.engine->batchHandedOff() ? 1 : 0;
    }
    QCOMPARE(pg.engine->settle(), std::optional<bool>(true));
    QVERIFY2(handedOff > 90, qPrintable(QString::number(handedOff)));
    const QString state = stateFingerprint(*pg.engine);
    QCOMPARE(state, stateFingerprint(*lite.engine));
    QVERIFY(pg.reopen());
    QCOMPARE(stateFingerprint(*pg.engine), state);
}

void TestPostgres::auditFieldsAndCursor()
{
    // Schema 14's columns on PostgreSQL: an audit record's fields stored and read back after a
    // restart, and the audit log's keyset cursor.
    EngineFixture f(true, m_url);
    const qint64 customer = f.newAccount(u"c@x.io"_s, Role::Customer);
    const qint64 agent = f.newAccount(u"s1@x.io"_s, Role::Support);
    QVERIFY(f.engine->topUp(customer, Currency::USD, 10'000).ok());
    QVERIFY(f.engine->requestAdjustment(agent, customer, -1'650, u"refund"_s).ok());
    QVERIFY(f.engine->addNote(agent, customer, u"called"_s).ok());
    QVERIFY(f.engine->suspendAccount(agent, customer, u"chargeback"_s).ok());
    QVERIFY(f.reopen(true));
    const QList<AuditRecord> audit = f.engine->database().audit(customer);
    QCOMPARE(audit.size(), 3);
    QCOMPARE(audit[0].amount, -1'650);
    QCOMPARE(audit[0].reason, u"refund"_s);
    QVERIFY(!audit[1].hasFields());
    QCOMPARE(audit[2].reason, u"chargeback"_s);
    qint64 total = 0;
    const QList<AuditRecord> older =
        f.engine->database().auditPage(0, customer, 0, 0, audit[2].id, 0, 50, &total);
    QCOMPARE(total, 3);
    QCOMPARE(older.size(), 2);
    QCOMPARE(older[0].id, audit[1].id);
    QCOMPARE(older[1].id, audit[0].id);
}

// A writer with a bound (docs/operations.md "Two machines"): its session ends once idle that long,
// so a frozen server's lock goes; its pid is the one that holds the writer lock.
void TestPostgres::fencedWriterSessionIsBounded()
{
    Database db;
    Database::Options options;
    options.location = m_url;
    options.fenceTimeoutMs = 3'000;
    QString error;
    QVERIFY2(db.open(options, &error), qPrintable(error));
    QSqlQuery q(QSqlDatabase::database(db.connectionName()));
    // The idle timeouts wait for the first heartbeat, after the engine's load.
    QVERIFY(q.exec(u"SHOW idle_session_timeout"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), u"0"_s);
    QVERIFY(db.heartbeat());
    const std::pair<const char *, const char *> settings[] = {
        {"idle_session_timeout", "3s"},
        {"idle_in_transaction_session_timeout", "3s"},
        {"tcp_user_timeout", "3000"}, // shown in ms, without its unit
    };
    for (const auto &setting : settings) {
        QVERIFY(q.exec(u"SHOW "_s + QLatin1String(setting.first)));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString(), QLatin1String(setting.second));
    }
    QVERIFY(q.exec(u"SELECT pg_backend_pid()"_s));
    QVERIFY(q.next());
    QCOMPARE(db.fencePid(), q.value(0).toLongLong());
    q = QSqlQuery();
    QVERIFY(db.heartbeat());
    QVERIFY(!db.isFenced());
}

// A writer whose session was ended (as the server's idle timeout ends a frozen one's), or which
// no longer holds the lock in it, commits nothing: the check in the write's own round trip fails,
// the callback is called once, and every later write fails without reaching the database.
void TestPostgres::writerThatLostItsLockWritesNothing_data()
{
    QTest::addColumn<QString>("loss");
    QTest::addColumn<bool>("pipelined");
    QTest::newRow("session ended, commit") << u"terminate"_s << false;
    QTest::newRow("session ended, writer thread") << u"terminate"_s << true;
    QTest::newRow("lock released, commit") << u"unlock"_s << false;
    QTest::newRow("lock released, writer thread") << u"unlock"_s << true;
    QTest::newRow("session ended, heartbeat") << u"terminate"_s << false;
}

void TestPostgres::writerThatLostItsLockWritesNothing()
{
    QFETCH(QString, loss);
    QFETCH(bool, pipelined);
    const bool heartbeat = QByteArray(QTest::currentDataTag()).endsWith("heartbeat");
    Database db;
    Database::Options options;
    options.location = m_url;
    QString error;
    QVERIFY2(db.open(options, &error), qPrintable(error));
    std::atomic<int> fenced {0};
    db.setFencedCallback([&fenced](const QString &) { ++fenced; });
    QVERIFY(db.fencePid() > 0);

    const QUrl url(m_url);
    const QString other = u"fence-other"_s;
    const auto count = [&]() -> qint64 {
        QSqlQuery c(QSqlDatabase::database(other));
        return c.exec(u"SELECT COUNT(*) FROM audit_log WHERE id = 4242"_s) && c.next()
            ? c.value(0).toLongLong()
            : -1;
    };
    {
        QSqlDatabase o = QSqlDatabase::addDatabase(u"QPSQL"_s, other);
        o.setHostName(url.host());
        o.setPort(url.port(5432));
        o.setUserName(url.userName());
        o.setPassword(url.password());
        o.setDatabaseName(url.path().mid(1));
        QVERIFY2(o.open(), qPrintable(o.lastError().text()));
        if (loss == u"terminate") {
            QSqlQuery t(o);
            QVERIFY(t.exec(u"SELECT pg_terminate_backend(%1)"_s.arg(db.fencePid())));
            QVERIFY(t.next() && t.value(0).toBool());
        } else {
            QSqlQuery u(QSqlDatabase::database(db.connectionName()));
            QVERIFY(u.exec(u"SELECT pg_advisory_unlock_all()"_s));
        }
    }
    if (heartbeat) {
        QVERIFY(!db.heartbeat());
    } else {
        const AuditRecord record {4242, 1, 1, u"test"_s, 1, u"fenced"_s};
        if (pipelined) {
            db.beginDeferred();
            QVERIFY(db.insertAudit(record));
            db.handOff();
            QVERIFY(!db.settle());
        } else {
            // BEGIN itself may be what finds the session gone.
            if (db.begin()) {
                QVERIFY(db.insertAudit(record));
                QVERIFY(!db.commit());
            }
            db.rollback();
        }
    }
    QVERIFY(db.isFenced());
    QCOMPARE(fenced.load(), 1);
    QCOMPARE(count(), 0);
    // And every later write fails at once, without another callback.
    if (db.begin()) {
        QVERIFY(db.insertAudit({4242, 1, 1, u"test"_s, 1, u"again"_s}));
        QVERIFY(!db.commit());
    }
    db.rollback();
    QCOMPARE(fenced.load(), 1);
    QCOMPARE(count(), 0);
    QSqlDatabase::removeDatabase(other);
}

QTEST_GUILESS_MAIN(TestPostgres)
#include "tst_postgres.moc"
