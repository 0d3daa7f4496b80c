// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The ledger at start: the keyed chain since the last checkpoint, every balance and hold
// recomputed from the entries; an exchange whose ledger does not verify refuses to open and
// names the first bad entry or account. On SQLite, and on PostgreSQL when EVERX_TEST_PG_URL is
// set.

#include "engine/ledgerkey.h"
#include "engine/ledgerverifier.h"
#include "fixtures/enginefixture.h"
#include "fixtures/pgfixture.h"

#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

const QString H100 = QStringLiteral("h100-sxm");

// What populate() made, for the tampering to aim at.
struct Scene
{
    qint64 provider = 0, customer = 0, restingOrder = 0, rental = 0, entries = 0;
};

Scene populate(EngineFixture &f)
{
    Scene s;
    s.provider = f.newAccount(QStringLiteral("provider@x.io"), Role::Provider);
    f.list(s.provider, H100, 8, 200);
    s.customer = f.funded(QStringLiteral("customer@x.io"), 1'000'000); // entries 1-2
    const auto resting = f.bid(s.customer, H100, 2, 3, 150); // entries 3-4: the hold
    s.restingOrder = resting ? resting->order.id : 0;
    const auto bought = f.bid(s.customer, H100, 2, 2, 250, OrderKind::BuyNow);
    s.rental = bought && !bought->rentals.isEmpty() ? bought->rentals.constFirst().id : 0;
    f.advanceHours(1.5); // a second hour captured
    s.entries = f.engine->ledger().lastEntryId();
    return s;
}

// A connection of the test's own, as someone with write access to the database has.
class Tamperer
{
public:
    explicit Tamperer(const QString &location)
    {
        if (location.startsWith(u"postgres")) {
            const QUrl url(location);
            m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
            m_db.setHostName(url.host());
            m_db.setPort(url.port(5432));
            m_db.setUserName(url.userName());
            m_db.setPassword(url.password());
            m_db.setDatabaseName(url.path().mid(1));
        } else {
            m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
            m_db.setDatabaseName(location);
        }
        if (!m_db.open())
            qWarning() << m_db.lastError().text();
    }
    ~Tamperer()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
    }
    Q_DISABLE_COPY_MOVE(Tamperer)

    bool exec(const QString &sql)
    {
        QSqlQuery q(m_db);
        if (q.exec(sql))
            return true;
        qWarning() << sql << q.lastError().text();
        return false;
    }

    // Rewrites every link from the first entry on with the plain SHA-256 of chain format 1:
    // what anyone can compute without the key.
    bool rechainWithoutKey()
    {
        QSqlQuery q(m_db);
        if (!q.exec(QStringLiteral("SELECT id, tx_id, time_ms, account_id, bucket, amount_cents,"
                                   " kind, ref_id, memo FROM ledger_entries ORDER BY id")))
            return false;
        QList<LedgerEntry> all;
        while (q.next()) {
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
            all.append(e);
        }
        QByteArray prev = Ledger::genesisHash();
        for (LedgerEntry &e : all) {
            e.prevHash = prev;
            e.hash = Ledger::unkeyedEntryHash(prev, e);
            prev = e.hash;
            if (!exec(QStringLiteral("UPDATE ledger_entries SET prev_hash = '%1', hash = '%2'"
                                     " WHERE id = %3")
                          .arg(QString::fromLatin1(e.prevHash), QString::fromLatin1(e.hash))
                          .arg(e.id)))
                return false;
        }
        return true;
    }

private:
    QString m_name = QStringLiteral("tamperer");
    QSqlDatabase m_db;
};

} // namespace

class TestLedgerVerifier : public QObject
{
    Q_OBJECT

private:
    QString m_pgUrl;
    // A fresh fixture on the row's backend (nullptr: skip).
    std::unique_ptr<EngineFixture> fixture(const QString &backend);
    void addBackends();

private slots:
    void initTestCase();
    void refusesATamperedLedger_data();
    void refusesATamperedLedger();
    void attackerWithoutTheKeyCannotRechain_data();
    void attackerWithoutTheKeyCannotRechain();
    void refusesAWrongKey_data();
    void refusesAWrongKey();
    void refusesWhenTheKeyIsGone();
    void keyFileIsCreatedOwnerOnly();
    void refusesAKeyOthersCanRead();
    void refusesAKeyOfTheWrongSize();
    void startVerifiesSinceTheCheckpoint();
    void forgedCheckpointMeansAFullCheck();
    void fullVerificationFindsWhatTheStartSkips();
    void unkeyedChainIsRefusedUntilRekeyed();
    void tamperedUnkeyedChainIsNotRekeyed();
    void schemaOneWithEntriesMigratesAsUnkeyed();
};

void TestLedgerVerifier::initTestCase()
{
    m_pgUrl = test::pgUrl();
}

void TestLedgerVerifier::addBackends()
{
    QTest::addColumn<QString>("backend");
}

std::unique_ptr<EngineFixture> TestLedgerVerifier::fixture(const QString &backend)
{
    if (backend == u"sqlite")
        return std::make_unique<EngineFixture>(true);
    if (m_pgUrl.isEmpty() || !dropExchangeTables(m_pgUrl))
        return nullptr;
    return std::make_unique<EngineFixture>(true, m_pgUrl);
}

void TestLedgerVerifier::refusesATamperedLedger_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<bool>("checkpointFirst"); // reopen once before tampering
    QTest::addColumn<QString>("sql"); // :customer, :order (the resting one), :provider
    QTest::addColumn<qint64>("badEntry");
    QTest::addColumn<qint64>("badAccount"); // -1: none named; -2: the customer; -3: provider
    QTest::addColumn<QString>("says");
    for (const QString &backend : {QStringLiteral("sqlite"), QStringLiteral("postgresql")}) {
        const QByteArray b = backend.toLatin1();
        QTest::addRow("%s: an entry's amount", b.constData())
            << backend << false
            << QStringLiteral("UPDATE ledger_entries SET amount_cents = amount_cents + 100"
                              " WHERE id = 3")
            << qint64(3) << qint64(-1) << QStringLiteral("entry 3 does not verify");
        QTest::addRow("%s: an entry's amount before the checkpoint", b.constData())
            << backend << true
            << QStringLiteral("UPDATE ledger_entries SET amount_cents = amount_cents + 100"
                              " WHERE id = 4")
            << qint64(3) << qint64(-1) << QStringLiteral("do not sum to zero");
        QTest::addRow("%s: an entry's account", b.constData())
            << backend << false
            << QStringLiteral("UPDATE ledger_entries SET account_id = :provider WHERE id = 1")
            << qint64(1) << qint64(-1) << QStringLiteral("entry 1 does not verify");
        QTest::addRow("%s: a balance", b.constData())
            << backend << false
            << QStringLiteral("UPDATE balances SET amount_cents = amount_cents + 5000 WHERE"
                              " account_id = :customer AND bucket = 0")
            << qint64(0) << qint64(-2) << QStringLiteral("available balance");
        QTest::addRow("%s: a balance before the checkpoint", b.constData())
            << backend << true
            << QStringLiteral("UPDATE balances SET amount_cents = amount_cents - 1 WHERE"
                              " account_id = :provider AND bucket = 2")
            << qint64(0) << qint64(-3) << QStringLiteral("its entries make");
        QTest::addRow("%s: a held balance", b.constData())
            << backend << false
            << QStringLiteral("UPDATE balances SET amount_cents = amount_cents + 1 WHERE"
                              " account_id = :customer AND bucket = 1")
            << qint64(0) << qint64(-2) << QStringLiteral("held balance");
        QTest::addRow("%s: an order's hold", b.constData())
            << backend << false
            << QStringLiteral("UPDATE orders SET held_cents = held_cents - 100 WHERE id = :order")
            << qint64(0) << qint64(-2) << QStringLiteral("open order");
        QTest::addRow("%s: a rental's unbilled hours", b.constData())
            << backend << false << QStringLiteral("UPDATE rentals SET hours = hours + 1")
            << qint64(0) << qint64(-2) << QStringLiteral("unbilled rental hours");
        QTest::addRow("%s: a chain link", b.constData())
            << backend << false
            << QStringLiteral("UPDATE ledger_entries SET prev_hash = '%1' WHERE id = 5")
                   .arg(QString(64, u'f'))
            << qint64(5) << qint64(-1) << QStringLiteral("entry 5 does not link to entry 4");
        QTest::addRow("%s: a removed entry", b.constData())
            << backend << false << QStringLiteral("DELETE FROM ledger_entries WHERE id = 5")
            << qint64(6) << qint64(-1) << QStringLiteral("entry 6 does not link to entry 4");
        QTest::addRow("%s: the checkpointed entry", b.constData())
            << backend << true
            << QStringLiteral("UPDATE ledger_entries SET memo = 'x' WHERE id = (SELECT MAX(id)"
                              " FROM ledger_entries)")
            << qint64(-1) << qint64(-1) << QStringLiteral("changed since it was verified");
    }
}

void TestLedgerVerifier::refusesATamperedLedger()
{
    QFETCH(QString, backend);
    QFETCH(bool, checkpointFirst);
    QFETCH(QString, sql);
    QFETCH(qint64, badEntry);
    QFETCH(qint64, badAccount);
    QFETCH(QString, says);
    EVERX_SKIP_WITHOUT_POSTGRES(backend == u"postgresql");
    std::unique_ptr<EngineFixture> f = fixture(backend);
    QVERIFY(f);
    const Scene s = populate(*f);
    QVERIFY(s.restingOrder > 0 && s.rental > 0);
    if (checkpointFirst)
        QVERIFY(f->reopen(true));
    f->engine->close();
    {
        Tamperer t(f->path);
        QVERIFY(t.exec(QString(sql)
                           .replace(u":customer"_s, QString::number(s.customer))
                           .replace(u":order"_s, QString::number(s.restingOrder))
                           .replace(u":provider"_s, QString::number(s.provider))));
    }
    QVERIFY(!f->reopen(true));
    QVERIFY(!f->engine->isOpen());
    QVERIFY(f->engine->ledgerRefused());
    const LedgerReport &r = f->engine->ledgerReport();
    QVERIFY2(r.problem.contains(says), qPrintable(r.problem));
    qInfo().noquote() << "refused:" << r.problem;
    QCOMPARE(r.badEntry, badEntry == -1 ? s.entries : badEntry);
    const std::optional<qint64> account = badAccount == -2 ? std::optional(s.customer)
        : badAccount == -3                                 ? std::optional(s.provider)
                                                           : std::nullopt;
    QCOMPARE(r.badAccount, account);
}

void TestLedgerVerifier::attackerWithoutTheKeyCannotRechain_data()
{
    addBackends();
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

void TestLedgerVerifier::attackerWithoutTheKeyCannotRechain()
{
    // A consistent forgery: both sides of the top-up raised, the balances with them, the whole
    // chain recomputed. Only the key tells it apart.
    QFETCH(QString, backend);
    EVERX_SKIP_WITHOUT_POSTGRES(backend == u"postgresql");
    std::unique_ptr<EngineFixture> f = fixture(backend);
    QVERIFY(f);
    const Scene s = populate(*f);
    f->engine->close();
    {
        Tamperer t(f->path);
        QVERIFY(t.exec(QStringLiteral("UPDATE ledger_entries SET amount_cents = amount_cents * 2"
                                      " WHERE id IN (1, 2)")));
        QVERIFY(t.exec(QStringLiteral("UPDATE balances SET amount_cents = amount_cents + 1000000"
                                      " WHERE account_id = %1 AND bucket = 0")
                           .arg(s.customer)));
        QVERIFY(t.exec(QStringLiteral("UPDATE balances SET amount_cents = amount_cents - 1000000"
                                      " WHERE account_id = 0 AND bucket = 10")));
        QVERIFY(t.rechainWithoutKey());
    }
    QVERIFY(!f->reopen(true));
    QCOMPARE(f->engine->ledgerReport().badEntry, qint64(1));
}

void TestLedgerVerifier::refusesAWrongKey_data()
{
    attackerWithoutTheKeyCannotRechain_data();
}

void TestLedgerVerifier::refusesAWrongKey()
{
    QFETCH(QString, backend);
    EVERX_SKIP_WITHOUT_POSTGRES(backend == u"postgresql");
    std::unique_ptr<EngineFixture> f = fixture(backend);
    QVERIFY(f);
    populate(*f);
    QVERIFY(f->reopen(true)); // a checkpoint, sealed with the right key
    f->engine->close();
    QFile key(f->keyFile());
    QVERIFY(key.open(QIODevice::WriteOnly | QIODevice::Truncate));
    key.write(QByteArray(32, 'w'));
    key.close();
    QVERIFY(!f->reopen(true));
    QVERIFY(f->engine->ledgerRefused());
    QCOMPARE(f->engine->ledgerReport().badEntry, qint64(1));
    QVERIFY2(f->engine->ledgerReport().problem.contains(u"another key"),
             qPrintable(f->engine->ledgerReport().problem));
}

void TestLedgerVerifier::refusesWhenTheKeyIsGone()
{
    EngineFixture f(true);
    populate(f);
    f.engine->close();
    QVERIFY(QFile::remove(f.keyFile()));
    // The fixture would write its key again: open as the server does, with no key file at all.
    ExchangeEngine engine(f.clock);
    ExchangeEngine::Options o;
    o.database.location = f.path;
    o.ledgerKeyFile = f.keyFile();
    QString error;
    QVERIFY(!engine.open(o, &error));
    QVERIFY(engine.ledgerRefused());
    QCOMPARE(engine.ledgerReport().badEntry, qint64(1));
    QVERIFY2(error.contains(u"restore the key file"), qPrintable(error));
    QVERIFY2(!QFile::exists(f.keyFile()), "the key made for nothing is taken away again");
}

void TestLedgerVerifier::keyFileIsCreatedOwnerOnly()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("state/ledger.key"));
    QString error;
    const auto created = LedgerKey::loadOrCreate(path, &error);
    QVERIFY2(created, qPrintable(error));
    QVERIFY(created->created);
    QCOMPARE(created->key.size(), LedgerKey::Size);
    QCOMPARE(QFile(path).permissions() & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
             QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const auto again = LedgerKey::loadOrCreate(path, &error);
    QVERIFY(again);
    QVERIFY(!again->created);
    QCOMPARE(again->key, created->key);
    QVERIFY(LedgerKey::loadOrCreate(dir.filePath(QStringLiteral("other.key")), &error)->key
            != created->key);
    // An exchange's first start makes it beside a SQLite database.
    ManualClock clock(T0);
    ExchangeEngine engine(clock);
    ExchangeEngine::Options o;
    o.database.location = dir.filePath(QStringLiteral("fresh.db"));
    QVERIFY2(engine.open(o, &error), qPrintable(error));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("ledger.key"))));
}

void TestLedgerVerifier::refusesAKeyOthersCanRead()
{
    EngineFixture f(true);
    populate(f);
    f.engine->close();
    QVERIFY(QFile::setPermissions(
        f.keyFile(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup));
    QString error;
    QVERIFY(!LedgerKey::load(f.keyFile(), &error));
    QVERIFY2(error.contains(u"chmod 600") && error.contains(f.keyFile()), qPrintable(error));
    QVERIFY(!f.reopen(true));
    QVERIFY(!f.engine->ledgerRefused()); // nothing was verified: the key was never used
}

void TestLedgerVerifier::refusesAKeyOfTheWrongSize()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("short.key"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    f.write("too short");
    f.close();
    QString error;
    QVERIFY(!LedgerKey::loadOrCreate(path, &error));
    QVERIFY2(error.contains(u"holds 9 bytes, not 32"), qPrintable(error));
}

void TestLedgerVerifier::startVerifiesSinceTheCheckpoint()
{
    EngineFixture f(true);
    const Scene s = populate(f);
    QVERIFY(f.reopen(true));
    QCOMPARE(f.engine->ledgerReport().entries, s.entries); // no checkpoint yet: all of it
    QVERIFY(!f.engine->ledgerReport().fromCheckpoint);
    QVERIFY(f.reopen(true));
    QVERIFY(f.engine->ledgerReport().fromCheckpoint);
    QCOMPARE(f.engine->ledgerReport().entries, qint64(0));
    QVERIFY(f.engine->topUp(s.customer, Currency::USD, 500).ok());
    QVERIFY(f.reopen(true));
    QCOMPARE(f.engine->ledgerReport().entries, qint64(2));
    QCOMPARE(f.engine->ledgerReport().firstChecked, s.entries + 1);
}

void TestLedgerVerifier::forgedCheckpointMeansAFullCheck()
{
    EngineFixture f(true);
    const Scene s = populate(f);
    QVERIFY(f.reopen(true));
    f.engine->close();
    {
        Tamperer t(f.path);
        // Someone without the key claims the chain was verified further than it was.
        QVERIFY(t.exec(
            QStringLiteral("UPDATE ledger_checkpoints SET mac = '%1'").arg(QString(64, u'0'))));
    }
    QVERIFY(f.reopen(true));
    QVERIFY(!f.engine->ledgerReport().fromCheckpoint);
    QCOMPARE(f.engine->ledgerReport().entries, s.entries);
}

void TestLedgerVerifier::fullVerificationFindsWhatTheStartSkips()
{
    // A memo changed before the checkpoint moves no money: the start does not see it, the full
    // verification (support.verify, --verify-ledger) does.
    EngineFixture f(true);
    populate(f);
    QVERIFY(f.reopen(true));
    f.engine->close();
    {
        Tamperer t(f.path);
        QVERIFY(t.exec(QStringLiteral("UPDATE ledger_entries SET memo = 'forged' WHERE id = 2")));
    }
    QVERIFY(f.reopen(true));
    const LedgerReport full = LedgerVerifier::verify(f.engine->database(), true);
    QVERIFY(!full.ok);
    QCOMPARE(full.badEntry, qint64(2));
}

void TestLedgerVerifier::unkeyedChainIsRefusedUntilRekeyed()
{
    EngineFixture f(true);
    const Scene s = populate(f);
    f.engine->close();
    {
        // A database as earlier versions left it: plain SHA-256 links, format 1, no checkpoint.
        Tamperer t(f.path);
        QVERIFY(t.rechainWithoutKey());
        QVERIFY(t.exec(QStringLiteral("UPDATE ledger_chain SET format = 1")));
        QVERIFY(t.exec(QStringLiteral("DELETE FROM ledger_checkpoints")));
    }
    QVERIFY(!f.reopen(true));
    QVERIFY(f.engine->ledgerReport().problem.contains(u"--rekey-ledger"));
    f.rekeyUnkeyedChain = true;
    QVERIFY(f.reopen(true));
    QCOMPARE(f.engine->database().chainFormat(), Database::KeyedChain);
    qint64 bad = 0;
    QCOMPARE(f.engine->database().verifyChain(&bad), s.entries);
    f.rekeyUnkeyedChain = false;
    QVERIFY(f.reopen(true));
}

void TestLedgerVerifier::tamperedUnkeyedChainIsNotRekeyed()
{
    EngineFixture f(true);
    populate(f);
    f.engine->close();
    {
        Tamperer t(f.path);
        QVERIFY(t.rechainWithoutKey());
        QVERIFY(t.exec(QStringLiteral("UPDATE ledger_chain SET format = 1")));
        QVERIFY(t.exec(QStringLiteral("UPDATE ledger_entries SET memo = 'x' WHERE id = 4")));
    }
    f.rekeyUnkeyedChain = true;
    QVERIFY(!f.reopen(true));
    QVERIFY2(f.engine->ledgerReport().problem.contains(u"entry 4"),
             qPrintable(f.engine->ledgerReport().problem));
}

void TestLedgerVerifier::schemaOneWithEntriesMigratesAsUnkeyed()
{
    // A database of schema 1 (before the key) with entries: the migration marks its chain as
    // unkeyed, and the exchange refuses it until it is re-keyed; an empty one is keyed at once.
    EngineFixture f(true);
    populate(f);
    f.engine->close();
    {
        Tamperer t(f.path);
        QVERIFY(t.rechainWithoutKey());
        QVERIFY(t.exec(QStringLiteral("DROP TABLE ledger_chain")));
        QVERIFY(t.exec(QStringLiteral("DROP TABLE ledger_checkpoints")));
        QVERIFY(t.exec(QStringLiteral("DROP TABLE payments"))); // schema 3's
        QVERIFY(t.exec(QStringLiteral("DROP TABLE sessions"))); // schema 4's
        for (const char *column : {"state", "name", "company", "search_text"}) // 5's and 8's
            QVERIFY(t.exec(QStringLiteral("ALTER TABLE accounts DROP COLUMN ")
                           + QLatin1String(column)));
        QVERIFY(t.exec(QStringLiteral("DROP TABLE payouts"))); // schema 6's
        QVERIFY(t.exec(QStringLiteral("DROP INDEX rentals_provider")));
        QVERIFY(t.exec(QStringLiteral("ALTER TABLE listings DROP COLUMN removed_ms")));
        QVERIFY(t.exec(QStringLiteral("UPDATE schema_version SET version = 1")));
    }
    QVERIFY(!f.reopen(true));
    QVERIFY2(f.engine->ledgerReport().problem.contains(u"unkeyed format 1"),
             qPrintable(f.engine->ledgerReport().problem));
    f.rekeyUnkeyedChain = true;
    QVERIFY(f.reopen(true));

    EngineFixture empty(true);
    QCOMPARE(empty.engine->database().chainFormat(), Database::KeyedChain);
}

QTEST_GUILESS_MAIN(TestLedgerVerifier)
#include "tst_ledgerverifier.moc"
