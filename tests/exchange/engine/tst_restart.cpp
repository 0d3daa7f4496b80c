// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Durability: what the engine acknowledged is exactly what it finds after a restart. The
// migration from schema 3 runs on SQLite, and on PostgreSQL when EVERX_TEST_PG_URL is set.

#include "fixtures/enginefixture.h"
#include "fixtures/pgfixture.h"
#include "fixtures/schemafixture.h"

#include <QtCore/QSemaphore>
#include <QtCore/QThread>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <atomic>
#include <thread>

using namespace everx;
using namespace everx::test;

class TestRestart : public QObject
{
    Q_OBJECT

private slots:
    void reopenRestoresEverything_data();
    void reopenRestoresEverything();
    void restartKeepsTimePriorityAndBilling();
    void schemaIsVersioned();
    void schemaThreeMigratesKeepingData_data();
    void schemaThreeMigratesKeepingData();
    void schemaFourMigratesKeepingData_data();
    void schemaFourMigratesKeepingData();
    void aSecondWriterWaitsForTheFirst_data();
    void aSecondWriterWaitsForTheFirst();
};

void TestRestart::reopenRestoresEverything_data()
{
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<int>("operations");
    QTest::addColumn<bool>("durable");
    QTest::newRow("fast 8000 ops") << quint32(7) << 8000 << false;
    QTest::newRow("durable 1500 ops") << quint32(99) << 1500 << true;
}

void TestRestart::reopenRestoresEverything()
{
    QFETCH(quint32, seed);
    QFETCH(int, operations);
    QFETCH(bool, durable);

    EngineFixture f(durable);
    RandomTrader trader(f, seed);
    trader.setUp();
    for (int i = 0; i < operations; ++i)
        trader.step();
    f.engine->advance();
    // Resting bids below every ask, so that the book's bid side is compared too.
    const qint64 late = f.funded(QStringLiteral("late@example.com"), 100'000);
    QVERIFY(f.bid(late, QStringLiteral("h100-sxm"), 2, 3, 50).ok());
    QVERIFY(f.bid(late, QStringLiteral("h100-sxm"), 1, 2, 50).ok());
    const QString before = stateFingerprint(*f.engine);
    QVERIFY(before.count(QStringLiteral("\nrental ")) > 0);
    QVERIFY(before.count(QStringLiteral("\norder ")) > 0);
    QVERIFY(before.count(QStringLiteral("slice ")) > 0);

    QVERIFY(f.reopen(durable));
    const QString after = stateFingerprint(*f.engine);
    if (before != after) {
        const QStringList a = before.split(u'\n'), b = after.split(u'\n');
        for (qsizetype i = 0; i < std::min(a.size(), b.size()); ++i)
            QCOMPARE(b[i], a[i]); // names the first differing field
        QCOMPARE(b.size(), a.size());
    }
    QVERIFY(f.engine->checkInvariants().isEmpty());

    // And it goes on trading from there with every invariant intact.
    for (int i = 0; i < 500; ++i) {
        trader.step();
        QVERIFY2(f.engine->checkInvariants().isEmpty(),
                 qPrintable(f.engine->checkInvariants().join(u';')));
    }
}

void TestRestart::restartKeepsTimePriorityAndBilling()
{
    EngineFixture f;
    const qint64 p1 = f.newAccount(QStringLiteral("p1@x.io"), Role::Provider);
    const qint64 p2 = f.newAccount(QStringLiteral("p2@x.io"), Role::Provider);
    const qint64 c = f.funded(QStringLiteral("c@x.io"), 1'000'000, QStringLiteral("US"));
    const qint64 l1 = f.list(p1, QStringLiteral("h200"), 2, 400);
    const qint64 l2 = f.list(p2, QStringLiteral("h200"), 2, 400);
    // A 3-hour rental of l1's GPUs, then a restart in the middle of hour 2.
    QVERIFY(f.bid(c, QStringLiteral("h200"), 2, 3, 400, OrderKind::BuyNow).ok());
    QCOMPARE(f.engine->listing(l1)->rentedGpus, 2);
    f.advanceHours(1.5);
    QVERIFY(f.reopen());
    QCOMPARE(f.engine->runningRentals(c).size(), 1);
    QCOMPARE(f.engine->runningRentals(c)[0].hoursBilled, 2);
    f.advanceHours(1.6); // hour 3 captured, then the rental ends and l1 rejoins behind l2
    QCOMPARE(f.engine->runningRentals(c).size(), 0);
    const auto asks = f.engine->book(QStringLiteral("h200"))->orders(Side::Ask);
    QCOMPARE(asks.size(), size_t(2));
    QCOMPARE(asks[0].owner, p2);
    QCOMPARE(asks[1].owner, p1);
    QVERIFY(f.reopen());
    const auto again = f.engine->book(QStringLiteral("h200"))->orders(Side::Ask);
    QCOMPARE(again.size(), size_t(2));
    QCOMPARE(again[0].owner, p2);
    QCOMPARE(again[1].owner, p1);
    // Three hours of 2 GPUs at $4.00, US tax 0: 24.00 USD left the customer.
    QCOMPARE(f.engine->balance(c).available, Cents(1'000'000 - 3 * 2 * 400));
    QCOMPARE(f.engine->balance(c).held, Cents(0));
    Q_UNUSED(l2);
}

void TestRestart::schemaIsVersioned()
{
    EngineFixture f;
    QCOMPARE(f.engine->database().schemaVersion(), Database::SchemaVersion);
    f.engine->close();
    // A database from a newer program is refused, not damaged.
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(f.path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("UPDATE schema_version SET version = 99")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    ExchangeEngine e(f.clock);
    ExchangeEngine::Options o;
    o.database.location = f.path;
    QString error;
    QVERIFY(!e.open(o, &error));
    QVERIFY2(error.contains(QStringLiteral("newer")), qPrintable(error));
}

namespace {

// Runs statements on the fixture's database over a connection of its own.
bool execRaw(const QString &location, const QStringList &statements)
{
    const QString name = QStringLiteral("raw-migration");
    bool ok = true;
    {
        QSqlDatabase db;
        if (location.startsWith(u"postgres")) {
            const QUrl url(location);
            db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
            db.setHostName(url.host());
            db.setPort(url.port(5432));
            db.setUserName(url.userName());
            db.setPassword(url.password());
            db.setDatabaseName(url.path().mid(1));
        } else {
            db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(location);
        }
        ok = db.open();
        QSqlQuery q(db);
        for (const QString &sql : statements) {
            if (ok && !q.exec(sql)) {
                qWarning() << sql << q.lastError().text();
                ok = false;
            }
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

} // namespace

void TestRestart::schemaThreeMigratesKeepingData_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("SQLite") << false;
    QTest::newRow("PostgreSQL") << true;
}

void TestRestart::schemaThreeMigratesKeepingData()
{
    // A database as schema 3 left it (no sessions table, nor schema 6's payouts) with accounts,
    // money, orders and rentals: the migrations add what came since and keep everything else.
    QFETCH(bool, postgres);
    EVERX_SKIP_WITHOUT_POSTGRES(postgres);
    const QString pg = test::pgUrl();
    if (postgres)
        QVERIFY(dropExchangeTables(pg));
    EngineFixture f(false, postgres ? pg : QString());
    QVERIFY(f.engine->isOpen());
    RandomTrader trader(f, 11);
    trader.setUp();
    for (int i = 0; i < 300; ++i)
        trader.step();
    const QString before = stateFingerprint(*f.engine);
    f.engine->close();
    // Schema 3 had neither the sessions table (4), the accounts' state, name and company (5) nor
    // payouts and the listings' removal time (6).
    QVERIFY(execRaw(f.path,
                    test::statementsBackToSchema4()
                        << QStringLiteral("DROP TABLE sessions")
                        << QStringLiteral("UPDATE schema_version SET version = 3")));

    QVERIFY(f.reopen());
    QCOMPARE(f.engine->database().schemaVersion(), Database::SchemaVersion);
    QCOMPARE(stateFingerprint(*f.engine), before);
    QVERIFY(f.engine->checkInvariants().isEmpty());
    // The new table takes sessions.
    Database &db = f.engine->database();
    const StoredSession s {QByteArray(32, 'h'), 1, T0, T0, T0 + 1000, {}};
    QVERIFY(db.insertSession(s));
    const std::optional<StoredSession> read = db.session(s.tokenHash);
    QVERIFY(read.has_value());
    QCOMPARE(read->accountId, 1);
    QCOMPARE(read->expiresMs, T0 + 1000);
    // And it goes on trading.
    for (int i = 0; i < 100; ++i)
        trader.step();
    QVERIFY(f.engine->checkInvariants().isEmpty());
    if (postgres) {
        f.engine->close();
        QVERIFY(dropExchangeTables(pg));
    }
}

void TestRestart::schemaFourMigratesKeepingData_data()
{
    schemaThreeMigratesKeepingData_data();
}

void TestRestart::schemaFourMigratesKeepingData()
{
    // A database as schema 4 left it (accounts without state, name or company) with accounts,
    // money, orders, rentals and sessions: version 5 makes every account active, keeps the rest,
    // and the new parts work (a support agent suspends an account, which survives a reopen).
    QFETCH(bool, postgres);
    EVERX_SKIP_WITHOUT_POSTGRES(postgres);
    const QString pg = test::pgUrl();
    if (postgres)
        QVERIFY(dropExchangeTables(pg));
    EngineFixture f(false, postgres ? pg : QString());
    QVERIFY(f.engine->isOpen());
    RandomTrader trader(f, 12);
    trader.setUp();
    for (int i = 0; i < 300; ++i)
        trader.step();
    const qint64 support = f.newAccount(QStringLiteral("agent@x.io"), Role::Support);
    const StoredSession s {QByteArray(32, 'h'), 1, T0, T0, T0 + 1000, QString()};
    QVERIFY(f.engine->database().insertSession(s));
    const QString before = stateFingerprint(*f.engine);
    const QList<Account> accounts = [&] {
        QList<Account> out;
        for (qint64 id = 1; f.engine->account(id); ++id)
            out.append(*f.engine->account(id));
        return out;
    }();
    QVERIFY(accounts.size() >= 3);
    f.engine->close();
    QVERIFY(execRaw(f.path,
                    test::statementsBackToSchema4()
                        << QStringLiteral("UPDATE schema_version SET version = 4")));

    QVERIFY(f.reopen());
    QCOMPARE(f.engine->database().schemaVersion(), Database::SchemaVersion);
    QCOMPARE(stateFingerprint(*f.engine), before);
    QVERIFY(f.engine->checkInvariants().isEmpty());
    for (const Account &a : accounts) {
        const std::optional<Account> now = f.engine->account(a.id);
        QVERIFY(now.has_value());
        QCOMPARE(now->email, a.email);
        QCOMPARE(now->role, a.role);
        QCOMPARE(now->passwordHash, a.passwordHash);
        QCOMPARE(now->state, AccountState::Active);
        QVERIFY(now->name.isEmpty() && now->company.isEmpty());
    }
    QVERIFY(f.engine->database().session(s.tokenHash).has_value());
    // The new columns work: a suspension is stored and read back.
    const qint64 target =
        accounts.first().role == Role::Support ? accounts.at(1).id : accounts.first().id;
    QVERIFY(f.engine->suspendAccount(support, target, QStringLiteral("migration test")).ok());
    QVERIFY(f.reopen());
    QCOMPARE(f.engine->account(target)->state, AccountState::Suspended);
    QVERIFY(f.engine->checkInvariants().isEmpty());
    if (postgres) {
        f.engine->close();
        QVERIFY(dropExchangeTables(pg));
    }
}

void TestRestart::aSecondWriterWaitsForTheFirst_data()
{
    schemaThreeMigratesKeepingData_data();
}

void TestRestart::aSecondWriterWaitsForTheFirst()
{
    // One writer per database. A second engine waits for the first to close (on PostgreSQL, for
    // the first's session to end: a killed server's backend can still commit what it was sent)
    // and then loads what the first committed last. Within a short wait it refuses instead.
    QFETCH(bool, postgres);
    EVERX_SKIP_WITHOUT_POSTGRES(postgres);
    const QString pg = test::pgUrl();
    if (postgres)
        QVERIFY(dropExchangeTables(pg));
    QTemporaryDir dir;
    const QString location = postgres ? pg : dir.filePath(QStringLiteral("one.db"));
    const QString keyFile = dir.filePath(QStringLiteral("ledger.key"));
    EngineFixture::writeTestKey(keyFile);
    auto options = [&](int waitMs) {
        ExchangeEngine::Options o;
        o.database.location = location;
        o.database.writerLockWaitMs = waitMs;
        o.ledgerKeyFile = keyFile;
        o.passwordLog2N = 4;
        return o;
    };

    // The first writer lives on a thread of its own (a database connection belongs to the
    // thread that made it): it opens, pays in, waits, pays in again while the second waits, and
    // closes.
    QSemaphore opened, refused;
    std::atomic<qint64> account = 0;
    std::atomic<bool> firstOk = false;
    std::thread first([&] {
        ManualClock clock(T0);
        ExchangeEngine engine(clock);
        if (!engine.open(options(0), nullptr)) {
            opened.release();
            return;
        }
        const auto a = engine.createAccount({QStringLiteral("first@writer.test"),
                                             QStringLiteral("correct horse"), Role::Customer,
                                             QStringLiteral("DE")});
        if (a && engine.topUp(a->id, Currency::USD, 10'000).ok()) {
            account = a->id;
            firstOk = true;
        }
        opened.release();
        refused.acquire();
        QThread::msleep(300);
        if (!engine.topUp(account, Currency::USD, 2'500).ok())
            firstOk = false;
    });
    opened.acquire();
    QVERIFY(firstOk);

    ManualClock clock(T0);
    {
        ExchangeEngine second(clock);
        QString error;
        QVERIFY(!second.open(options(100), &error));
        QVERIFY2(error.contains(QStringLiteral("another exchange")), qPrintable(error));
    }
    refused.release();
    ExchangeEngine second(clock);
    QString error;
    const bool ok = second.open(options(30'000), &error);
    first.join();
    QVERIFY2(ok, qPrintable(error));
    QVERIFY(firstOk);
    // Both payments, the second committed while this engine waited.
    QCOMPARE(second.ledger().balance(account, Bucket::Available), Cents(12'500));
    QVERIFY(second.checkInvariants().isEmpty());
    if (postgres) {
        second.close();
        QVERIFY(dropExchangeTables(pg));
    }
}

QTEST_GUILESS_MAIN(TestRestart)
#include "tst_restart.moc"
