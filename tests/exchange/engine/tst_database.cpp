// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's write buffer: the engine's records written in a transaction are coalesced by key and
// sent at commit as multi-row statements, and every other statement sees them first. On SQLite,
// and on PostgreSQL when EVERX_TEST_PG_URL is set (a database of the suite's own).

#include "engine/database.h"
#include "engine/ledger.h"
#include "fixtures/pgfixture.h"

#include <QtCore/QFileInfo>
#include <QtCore/QTemporaryDir>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

using namespace everx;
using namespace Qt::StringLiterals;

class TestDatabase : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    QString m_location; // of m_db
    // Opens a fresh database of the row's backend into m_db, or skips the row.
    bool openFresh();
    bool reopen(QString *error);

private slots:
    void init();
    void cleanup();
    void writesInATransactionAreCoalescedAndReadsSeeThem_data();
    void writesInATransactionAreCoalescedAndReadsSeeThem();
    void manyRowsGoOutInChunks_data();
    void manyRowsGoOutInChunks();
    void aFailedBufferedWriteFailsTheCommitAndChangesNothing_data();
    void aFailedBufferedWriteFailsTheCommitAndChangesNothing();
    void anAskWrittenAndDeletedInOneTransactionIsGone_data();
    void anAskWrittenAndDeletedInOneTransactionIsGone();
    void aClientOrderIdIsFoundBeforeItsOrderIsSent_data();
    void aClientOrderIdIsFoundBeforeItsOrderIsSent();
    void aStoredOrderIsReadBackWhole_data();
    void aStoredOrderIsReadBackWhole();
    void rollbackDropsTheBuffer_data();
    void rollbackDropsTheBuffer();
    void schemaEightFoldsExistingAccountsForSearch_data();
    void schemaEightFoldsExistingAccountsForSearch();
    void schemaNineIndexesOnlyOpenOrdersAndClientIds_data();
    void schemaNineIndexesOnlyOpenOrdersAndClientIds();
    void schemaTenKeysSqliteTablesByTheirIds();
    void schemaTwelveKeepsLatePayments();
    void schemaThirteenRunsFromTenElevenOrTwelve_data();
    void schemaThirteenRunsFromTenElevenOrTwelve();
    void aSqliteFileIsOpenedForBatches();
    void theLogIsCopiedBackOnAThreadOfItsOwn();
    void aCommitFarPastTheLimitCopiesTheLogItself();
    void bufferedRowsKeepTheirTypesAndText_data();
    void bufferedRowsKeepTheirTypesAndText();
};

namespace {
void backends()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("sqlite") << false;
    QTest::newRow("postgresql") << true;
}

BidOrder order(qint64 id, qint64 account, const QString &clientId = {})
{
    BidOrder o;
    o.id = id;
    o.accountId = account;
    o.clientOrderId = clientId;
    o.gpu = QStringLiteral("h100-sxm");
    o.quantity = 2;
    o.remaining = 2;
    o.limitCents = 300;
    o.hours = 4;
    o.createdMs = 1'000;
    o.heldCents = 2'400;
    return o;
}
} // namespace

void TestDatabase::init()
{
    QVERIFY(m_dir.isValid());
}

void TestDatabase::cleanup()
{
    m_db.reset();
}

bool TestDatabase::openFresh()
{
    QFETCH(bool, postgres);
    Database::Options options;
    if (postgres) {
        options.location = test::pgUrl();
        if (options.location.isEmpty())
            return false;
        if (!test::dropExchangeTables(options.location))
            qFatal("cannot empty the suite's PostgreSQL database");
    } else {
        static int serial = 0;
        options.location = m_dir.filePath(QStringLiteral("db-%1.sqlite").arg(++serial));
    }
    m_location = options.location;
    m_db = std::make_unique<Database>();
    QString error;
    if (!m_db->open(options, &error))
        qFatal("open failed: %s", qPrintable(error));
    return true;
}

// Opens the database at m_location (again, as a restarted exchange would: migrating it).
bool TestDatabase::reopen(QString *error)
{
    m_db = std::make_unique<Database>();
    Database::Options options;
    options.location = m_location;
    return m_db->open(options, error);
}

#define OPEN_OR_SKIP()                                                                             \
    {                                                                                              \
        QFETCH(bool, postgres);                                                                    \
        EVERX_SKIP_WITHOUT_POSTGRES(postgres);                                                     \
    }                                                                                              \
    QVERIFY(openFresh())

void TestDatabase::writesInATransactionAreCoalescedAndReadsSeeThem_data()
{
    backends();
}

void TestDatabase::writesInATransactionAreCoalescedAndReadsSeeThem()
{
    OPEN_OR_SKIP();
    const quint64 key = Ledger::key(7, Bucket::Available);
    QVERIFY(m_db->begin());
    for (Cents amount = 1; amount <= 40; ++amount)
        QVERIFY(m_db->upsertBalance(key, amount * 100));
    BidOrder o = order(11, 7);
    QVERIFY(m_db->upsertOrder(o));
    o.remaining = 0;
    o.filled = 2;
    o.state = OrderState::Filled;
    o.closeReason = QStringLiteral("filled");
    o.heldCents = 0;
    QVERIFY(m_db->upsertOrder(o));
    // A read inside the transaction sees the last of each.
    QCOMPARE(m_db->storedBalances().value(key), Cents(4'000));
    std::optional<BidOrder> read = m_db->order(11);
    QVERIFY(read);
    QCOMPARE(read->state, OrderState::Filled);
    // Written again after that read: the next read and the commit carry the newest.
    QVERIFY(m_db->upsertBalance(key, 4'100));
    QVERIFY(m_db->commit());
    QCOMPARE(m_db->storedBalances(), (QHash<quint64, Cents> {{key, 4'100}}));
    read = m_db->order(11);
    QVERIFY(read);
    QCOMPARE(read->remaining, 0);
    QCOMPARE(read->filled, 2);
    QCOMPARE(read->heldCents, Cents(0));
    QCOMPARE(read->closeReason, QStringLiteral("filled"));
    QCOMPARE(m_db->openOrders().size(), 0);
}

void TestDatabase::manyRowsGoOutInChunks_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::addColumn<int>("rows");
    for (const int rows : {1, 5, 63, 64, 150}) {
        QTest::addRow("sqlite, %d", rows) << false << rows;
        QTest::addRow("postgresql, %d", rows) << true << rows;
    }
}

void TestDatabase::manyRowsGoOutInChunks()
{
    OPEN_OR_SKIP();
    QFETCH(int, rows);
    QHash<quint64, Cents> expected;
    QVERIFY(m_db->begin());
    for (int i = 1; i <= rows; ++i) {
        const quint64 key = Ledger::key(i, Bucket::Held);
        expected.insert(key, i * 3);
        QVERIFY(m_db->upsertBalance(key, i * 3));
        QVERIFY(m_db->upsertOrder(order(i, i)));
    }
    QVERIFY(m_db->commit());
    QCOMPARE(m_db->storedBalances(), expected);
    const QList<BidOrder> open = m_db->openOrders();
    QCOMPARE(open.size(), rows);
    for (int i = 0; i < rows; ++i) {
        QCOMPARE(open[i].id, qint64(i + 1));
        QCOMPARE(open[i].accountId, qint64(i + 1));
    }
}

void TestDatabase::aFailedBufferedWriteFailsTheCommitAndChangesNothing_data()
{
    backends();
}

void TestDatabase::aFailedBufferedWriteFailsTheCommitAndChangesNothing()
{
    OPEN_OR_SKIP();
    Trade t;
    t.id = 1;
    t.gpu = QStringLiteral("h100-sxm");
    t.priceCents = 300;
    t.quantity = 1;
    QVERIFY(m_db->begin());
    QVERIFY(m_db->insertTrade(t));
    QVERIFY(m_db->commit());

    const quint64 key = Ledger::key(3, Bucket::Available);
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertBalance(key, 500)); // buffered: nothing is refused yet
    QVERIFY(m_db->insertTrade(t)); // the same id: the database refuses it at the commit
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("statement failed")));
    QVERIFY(!m_db->commit());
    QVERIFY(!m_db->lastError().isEmpty());
    m_db->rollback();
    QVERIFY(m_db->storedBalances().isEmpty());
    QCOMPARE(m_db->trades(QString(), 0).size(), 1);
    // The connection is usable again, and the buffer is empty.
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertBalance(key, 700));
    QVERIFY(m_db->commit());
    QCOMPARE(m_db->storedBalances(), (QHash<quint64, Cents> {{key, 700}}));
}

void TestDatabase::anAskWrittenAndDeletedInOneTransactionIsGone_data()
{
    backends();
}

void TestDatabase::anAskWrittenAndDeletedInOneTransactionIsGone()
{
    OPEN_OR_SKIP();
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertAsk({1, 10, 2}));
    QVERIFY(m_db->upsertAsk({2, 10, 3}));
    QVERIFY(m_db->upsertAsk({3, 11, 4}));
    QVERIFY2(m_db->commit(), qPrintable(m_db->lastError()));

    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertAsk({4, 12, 1})); // written, then deleted: never stored
    QVERIFY(m_db->upsertAsk({5, 12, 1}));
    QVERIFY(m_db->deleteAsk(4));
    QVERIFY(m_db->deleteAsk(2)); // stored before: deleted
    QVERIFY(m_db->upsertAsk({3, 11, 1})); // stored before: updated
    QVERIFY(m_db->deleteAsk(1));
    QVERIFY(m_db->upsertAsk({1, 10, 9})); // deleted, then written again: stored as written
    QVERIFY(m_db->commit());

    QString error;
    const std::optional<StoredState> state = m_db->load(&error);
    QVERIFY2(state, qPrintable(error));
    QList<std::pair<qint64, qint32>> asks;
    for (const AskSlice &s : state->asks)
        asks.append({s.id, s.quantity});
    QCOMPARE(asks, (QList<std::pair<qint64, qint32>> {{1, 9}, {3, 1}, {5, 1}}));
}

void TestDatabase::aClientOrderIdIsFoundBeforeItsOrderIsSent_data()
{
    backends();
}

void TestDatabase::aClientOrderIdIsFoundBeforeItsOrderIsSent()
{
    OPEN_OR_SKIP();
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(order(1, 7, QStringLiteral("stored"))));
    QVERIFY(m_db->commit());

    QVERIFY(m_db->begin());
    BidOrder o = order(2, 7, QStringLiteral("retry-1"));
    QVERIFY(m_db->upsertOrder(o));
    o.state = OrderState::Cancelled;
    o.remaining = 0;
    QVERIFY(m_db->upsertOrder(o));
    std::optional<BidOrder> seen = m_db->orderByClientId(7, QStringLiteral("retry-1"));
    QVERIFY(seen);
    QCOMPARE(seen->id, qint64(2));
    QCOMPARE(seen->state, OrderState::Cancelled); // the newest write
    QVERIFY(!m_db->orderByClientId(8, QStringLiteral("retry-1"))); // another account's
    seen = m_db->orderByClientId(7, QStringLiteral("stored")); // from the table
    QVERIFY(seen);
    QCOMPARE(seen->id, qint64(1));
    QVERIFY(m_db->commit());
    seen = m_db->orderByClientId(7, QStringLiteral("retry-1"));
    QVERIFY(seen);
    QCOMPARE(seen->state, OrderState::Cancelled);
}

void TestDatabase::aStoredOrderIsReadBackWhole_data()
{
    backends();
}

// The idempotency lookup reads a stored order through each database's fastest path: every
// field comes back as it was written.
void TestDatabase::aStoredOrderIsReadBackWhole()
{
    OPEN_OR_SKIP();
    BidOrder o = order(5'000'000'000LL, 9'000'000'001LL, QStringLiteral("yeniden-ş-ı-1"));
    o.kind = OrderKind::BuyNow;
    o.quantity = 8;
    o.remaining = 3;
    o.filled = 5;
    o.limitCents = 123'456'789'012LL;
    o.hours = 720;
    o.taxBp = 1'100;
    o.expiresMs = 1'900'000'000'123LL;
    o.state = OrderState::Cancelled;
    o.closeReason = QStringLiteral("ioc_remainder");
    o.createdMs = 1'800'000'000'456LL;
    o.closedMs = 1'800'000'000'789LL;
    o.heldCents = -42;
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(o));
    QVERIFY(m_db->commit());

    const std::optional<BidOrder> seen = m_db->orderByClientId(o.accountId, o.clientOrderId);
    QVERIFY(seen);
    QCOMPARE(seen->id, o.id);
    QCOMPARE(seen->accountId, o.accountId);
    QCOMPARE(seen->clientOrderId, o.clientOrderId);
    QCOMPARE(seen->gpu, o.gpu);
    QCOMPARE(seen->kind, o.kind);
    QCOMPARE(seen->quantity, o.quantity);
    QCOMPARE(seen->remaining, o.remaining);
    QCOMPARE(seen->filled, o.filled);
    QCOMPARE(seen->limitCents, o.limitCents);
    QCOMPARE(seen->hours, o.hours);
    QCOMPARE(seen->taxBp, o.taxBp);
    QCOMPARE(seen->expiresMs, o.expiresMs);
    QCOMPARE(seen->state, o.state);
    QCOMPARE(seen->closeReason, o.closeReason);
    QCOMPARE(seen->createdMs, o.createdMs);
    QCOMPARE(seen->closedMs, o.closedMs);
    QCOMPARE(seen->heldCents, o.heldCents);
    // Another account's client id, and one no order has.
    QVERIFY(!m_db->orderByClientId(o.accountId + 1, o.clientOrderId));
    QVERIFY(!m_db->orderByClientId(o.accountId, QStringLiteral("yeniden-ş-ı-2")));
}

void TestDatabase::rollbackDropsTheBuffer_data()
{
    backends();
}

void TestDatabase::rollbackDropsTheBuffer()
{
    OPEN_OR_SKIP();
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(order(1, 7, QStringLiteral("gone"))));
    QVERIFY(m_db->upsertBalance(Ledger::key(7, Bucket::Held), 2'400));
    m_db->rollback();
    QVERIFY(!m_db->orderByClientId(7, QStringLiteral("gone")));
    QVERIFY(m_db->begin());
    QVERIFY(m_db->commit());
    QVERIFY(m_db->storedBalances().isEmpty());
    QVERIFY(!m_db->order(1));
}

void TestDatabase::schemaEightFoldsExistingAccountsForSearch_data()
{
    backends();
}

// A database from before schema v8 has accounts with no folded search text: the migration folds
// theirs, so that search finds them as it finds new ones.
void TestDatabase::schemaEightFoldsExistingAccountsForSearch()
{
    OPEN_OR_SKIP();
    Account a;
    a.id = 4;
    a.email = QStringLiteral("sahin@example.tr");
    a.role = Role::Provider;
    a.country = QStringLiteral("TR");
    a.passwordHash = QStringLiteral("hash");
    a.name = QStringLiteral("Şahin Yılmaz");
    a.company = QStringLiteral("İstanbul Bulut");
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertAccount(a));
    QVERIFY(m_db->commit());
    qint64 total = 0;
    QCOMPARE(m_db->searchAccounts(QStringLiteral("ŞAHİN"), std::nullopt, 0, 10, &total),
             QList<qint64> {4});
    {
        // As schema v7 left it: the column not there yet.
        QSqlQuery q(QSqlDatabase::database(m_db->connectionName()));
        QVERIFY(q.exec(QStringLiteral("ALTER TABLE accounts DROP COLUMN search_text")));
        QVERIFY(q.exec(QStringLiteral("UPDATE schema_version SET version = 7")));
    }
    QString error;
    QVERIFY2(reopen(&error), qPrintable(error));
    QCOMPARE(m_db->schemaVersion(), Database::SchemaVersion);
    QCOMPARE(m_db->searchAccounts(QStringLiteral("istanbul"), std::nullopt, 0, 10, &total),
             QList<qint64> {4});
    QCOMPARE(m_db->searchAccounts(QStringLiteral("sahin yilmaz"), std::nullopt, 0, 10, &total),
             QList<qint64> {4});
}

void TestDatabase::schemaNineIndexesOnlyOpenOrdersAndClientIds_data()
{
    backends();
}

// Schema v9 makes the open orders' and the client ids' indexes partial. A database from before
// it keeps its orders: the open ones load, client ids are found and still unique in an account,
// orders without one do not collide, and an order that closes leaves the open ones.
void TestDatabase::schemaNineIndexesOnlyOpenOrdersAndClientIds()
{
    OPEN_OR_SKIP();
    QFETCH(bool, postgres);
    BidOrder cancelled = order(3, 7, QStringLiteral("b"));
    cancelled.state = OrderState::Cancelled;
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(order(1, 7)));
    QVERIFY(m_db->upsertOrder(order(2, 7, QStringLiteral("a"))));
    QVERIFY(m_db->upsertOrder(cancelled));
    QVERIFY(m_db->commit());
    {
        // As schema v8 left them: every order in both indexes.
        QSqlQuery q(QSqlDatabase::database(m_db->connectionName()));
        for (const char *sql : {"DROP INDEX orders_client_id", "DROP INDEX orders_open",
                                "CREATE UNIQUE INDEX orders_client_id ON orders"
                                " (account_id, client_order_id)",
                                "CREATE INDEX orders_open ON orders (state, id)",
                                "UPDATE schema_version SET version = 8"})
            QVERIFY2(q.exec(QString::fromLatin1(sql)), qPrintable(q.lastError().text()));
    }
    QString error;
    QVERIFY2(reopen(&error), qPrintable(error));
    QCOMPARE(m_db->schemaVersion(), Database::SchemaVersion);

    QSqlQuery q(QSqlDatabase::database(m_db->connectionName(), false));
    QVERIFY(q.exec(postgres ? QStringLiteral("SELECT indexdef FROM pg_indexes WHERE indexname"
                                             " IN ('orders_client_id', 'orders_open')"
                                             " ORDER BY indexname")
                            : QStringLiteral("SELECT sql FROM sqlite_master WHERE name"
                                             " IN ('orders_client_id', 'orders_open')"
                                             " ORDER BY name")));
    QVERIFY(q.next());
    QVERIFY2(q.value(0).toString().contains(QLatin1StringView("client_order_id IS NOT NULL")),
             qPrintable(q.value(0).toString()));
    QVERIFY(q.next());
    QVERIFY2(q.value(0).toString().contains(QLatin1StringView("state = 0")),
             qPrintable(q.value(0).toString()));

    auto openIds = [this] {
        QList<qint64> ids;
        for (const BidOrder &o : m_db->openOrders())
            ids.append(o.id);
        return ids;
    };
    QCOMPARE(openIds(), (QList<qint64> {1, 2}));
    QCOMPARE(m_db->orderByClientId(7, QStringLiteral("a")).value_or(BidOrder()).id, qint64(2));
    QCOMPARE(m_db->orderByClientId(7, QStringLiteral("b")).value_or(BidOrder()).id, qint64(3));

    BidOrder filled = order(2, 7, QStringLiteral("a"));
    filled.state = OrderState::Filled;
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(filled));
    QVERIFY(m_db->upsertOrder(order(4, 7)));
    QVERIFY(m_db->upsertOrder(order(5, 8, QStringLiteral("a")))); // another account's "a"
    QVERIFY2(m_db->commit(), qPrintable(m_db->lastError()));
    QCOMPARE(openIds(), (QList<qint64> {1, 4, 5}));

    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(order(6, 7, QStringLiteral("a"))));
    QVERIFY(!m_db->commit()); // the account's "a" is taken
    m_db->rollback();
    QCOMPARE(openIds(), (QList<qint64> {1, 4, 5}));
}

// Schema v10 rebuilds SQLite's tables so that an id is the rowid (no index beside the table
// for it) and balances are keyed by their key alone. A database from before it keeps every row,
// every index and every constraint.
void TestDatabase::schemaTenKeysSqliteTablesByTheirIds()
{
    m_location = m_dir.filePath(QStringLiteral("v9.sqlite"));
    QString error;
    QVERIFY2(reopen(&error), qPrintable(error)); // a new file, at schema 10
    LedgerEntry entry;
    entry.id = 5'000'000'000; // past 32 bits
    entry.txId = 1;
    entry.accountId = 7;
    entry.amount = 2'400;
    entry.kind = QStringLiteral("hold");
    entry.prevHash = QByteArray(64, '0');
    entry.hash = QByteArray(64, 'a');
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(order(1, 7, QStringLiteral("a"))));
    QVERIFY(m_db->upsertOrder(order(2, 7)));
    QVERIFY(m_db->insertEntry(entry));
    QVERIFY(m_db->upsertBalance(Ledger::key(7, Bucket::Held), 2'400));
    QVERIFY(m_db->commit());

    QSqlQuery q(QSqlDatabase::database(m_db->connectionName()));
    auto definitions = [&q] {
        QStringList out;
        if (q.exec(QStringLiteral("SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN"
                                  " ('orders', 'ledger_entries', 'balances') ORDER BY type, name")))
            while (q.next())
                out.append(q.value(0).toString() + u' ' + q.value(1).toString() + u' '
                           + q.value(2).toString());
        return out;
    };
    const QStringList v10 = definitions();
    {
        // As schema v9 left them: an id is a BIGINT beside the rowid, balances have a rowid.
        const QStringList tables {QStringLiteral("orders"), QStringLiteral("ledger_entries"),
                                  QStringLiteral("balances")};
        for (const QString &table : tables) {
            QVERIFY(q.exec(QStringLiteral("SELECT sql FROM sqlite_master WHERE tbl_name = '%1'"
                                          " AND sql IS NOT NULL ORDER BY type DESC")
                               .arg(table)));
            QStringList statements;
            while (q.next())
                statements.append(q.value(0).toString());
            statements[0].replace(QLatin1StringView("(id INTEGER PRIMARY KEY,"),
                                  QLatin1StringView("(id BIGINT PRIMARY KEY,"));
            statements[0].remove(QLatin1StringView(" WITHOUT ROWID"));
            QVERIFY(q.exec(QStringLiteral("ALTER TABLE %1 RENAME TO old").arg(table)));
            QVERIFY(q.exec(statements.takeFirst()));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO %1 SELECT * FROM old").arg(table)));
            QVERIFY(q.exec(QStringLiteral("DROP TABLE old"))); // and its indexes
            for (const QString &sql : std::as_const(statements))
                QVERIFY2(q.exec(sql), qPrintable(q.lastError().text() + u' ' + sql));
        }
        QVERIFY(q.exec(QStringLiteral("UPDATE schema_version SET version = 9")));
    }
    const QStringList v9 = definitions();
    QVERIFY(v9.contains(
        QStringLiteral("index sqlite_autoindex_orders_1 "))); // the id's index beside the table
    QVERIFY(v9.contains(QStringLiteral("index sqlite_autoindex_balances_1 ")));
    q = QSqlQuery();
    QVERIFY2(reopen(&error), qPrintable(error));
    QCOMPARE(m_db->schemaVersion(), Database::SchemaVersion);
    q = QSqlQuery(QSqlDatabase::database(m_db->connectionName()));
    QCOMPARE(definitions(), v10);
    QVERIFY(v10.contains(QStringLiteral("index orders_client_id CREATE UNIQUE INDEX"
                                        " orders_client_id ON orders (account_id,"
                                        " client_order_id) WHERE client_order_id IS NOT NULL")));
    QVERIFY(!v10.join(u'\n').contains(QLatin1StringView("sqlite_autoindex")));

    const std::optional<StoredState> state = m_db->load(&error);
    QVERIFY2(state, qPrintable(error));
    QCOMPARE(state->openOrders.size(), 2);
    QCOMPARE(state->openOrders[0].clientOrderId, QStringLiteral("a"));
    QCOMPARE(state->balances.value(Ledger::key(7, Bucket::Held)), Cents(2'400));
    QCOMPARE(state->lastEntryId, entry.id);
    QCOMPARE(state->lastHash, entry.hash);

    BidOrder cancelled = order(2, 7);
    cancelled.state = OrderState::Cancelled;
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(cancelled)); // an upsert of the same id: the same row
    QVERIFY(m_db->upsertBalance(Ledger::key(7, Bucket::Held), 0));
    QVERIFY(m_db->insertEntry(entry)); // an entry's id is still unique
    QVERIFY(!m_db->commit());
    m_db->rollback();
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(cancelled));
    QVERIFY(m_db->upsertBalance(Ledger::key(7, Bucket::Held), 0));
    QVERIFY2(m_db->commit(), qPrintable(m_db->lastError()));
    QCOMPARE(m_db->openOrders().size(), 1);
    QCOMPARE(m_db->storedBalances().value(Ledger::key(7, Bucket::Held), -1), Cents(0));
    QCOMPARE(m_db->storedBalances().size(), 1);
}

// A database from before schema v12 has payments without the late payment's columns: the
// migration adds them (0 and empty for the payments there are), and a late payment is then kept
// and loaded for support's queue.
void TestDatabase::schemaTwelveKeepsLatePayments()
{
    m_location = m_dir.filePath(QStringLiteral("v10.sqlite"));
    QString error;
    QVERIFY2(reopen(&error), qPrintable(error));
    Payment paid;
    paid.id = 1;
    paid.reference = QStringLiteral("pay_one");
    paid.accountId = 7;
    paid.amountMinor = 10'000;
    paid.rateMicros = 1'000'000;
    paid.creditedCents = 10'000;
    paid.state = PaymentState::Expired;
    paid.createdMs = 1'000;
    paid.expiresMs = 2'000;
    paid.settledMs = 2'000;
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertPayment(paid));
    QVERIFY(m_db->commit());
    {
        // As schema v10 left it: the columns not there yet.
        QSqlQuery q(QSqlDatabase::database(m_db->connectionName()));
        for (const char *column : {"late_ms", "refund_reference", "agent_id"})
            QVERIFY2(q.exec(QStringLiteral("ALTER TABLE payments DROP COLUMN %1")
                                .arg(QLatin1StringView(column))),
                     qPrintable(q.lastError().text()));
        QVERIFY(q.exec(QStringLiteral("UPDATE schema_version SET version = 10")));
    }
    QVERIFY2(reopen(&error), qPrintable(error));
    QCOMPARE(m_db->schemaVersion(), Database::SchemaVersion);
    std::optional<Payment> read = m_db->payment(1);
    QVERIFY(read);
    QCOMPARE(read->state, PaymentState::Expired);
    QCOMPARE(read->lateMs, qint64(0));
    QVERIFY(read->refundReference.isEmpty());
    QCOMPARE(read->agentId, qint64(0));

    Payment late = paid;
    late.state = PaymentState::Late;
    late.lateMs = 3'000;
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertPayment(late));
    QVERIFY(m_db->commit());
    const std::optional<StoredState> state = m_db->load(&error);
    QVERIFY2(state, qPrintable(error));
    QCOMPARE(state->latePayments.size(), 1);
    QCOMPARE(state->latePayments[0].lateMs, qint64(3'000));

    Payment refunded = late;
    refunded.state = PaymentState::Refunded;
    refunded.settledMs = 4'000;
    refunded.refundReference = QStringLiteral("RF-1");
    refunded.agentId = 9;
    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertPayment(refunded));
    QVERIFY(m_db->commit());
    read = m_db->payment(1);
    QVERIFY(read);
    QCOMPARE(read->state, PaymentState::Refunded);
    QCOMPARE(read->refundReference, QStringLiteral("RF-1"));
    QCOMPARE(read->agentId, qint64(9));
    QCOMPARE(read->lateMs, qint64(3'000));
    QVERIFY(m_db->load(&error)->latePayments.isEmpty());
}

// What a batch's commit costs on SQLite rests on these: WAL with a full sync (durable), statement
// journals in memory (a multi-row upsert's undo pages, written out a page at a time otherwise)
// and a WAL copied back every 10,000 pages, not every 1,000.
void TestDatabase::aSqliteFileIsOpenedForBatches()
{
    Database db;
    Database::Options options;
    options.location = m_dir.filePath(QStringLiteral("batches.sqlite"));
    QString error;
    QVERIFY2(db.open(options, &error), qPrintable(error));
    QSqlQuery q(QSqlDatabase::database(db.connectionName(), false));
    const auto pragma = [&q](const char *name) {
        if (!q.exec(QStringLiteral("PRAGMA %1").arg(QLatin1StringView(name))) || !q.next())
            return QVariant();
        return q.value(0);
    };
    QCOMPARE(pragma("journal_mode").toString(), QStringLiteral("wal"));
    QCOMPARE(pragma("synchronous").toInt(), 2); // FULL
    QCOMPARE(pragma("temp_store").toInt(), 2); // MEMORY
    // SQLite's automatic checkpoint, in the commit, is off: the database's thread does it.
    QCOMPARE(pragma("wal_autocheckpoint").toInt(), 0);
}

namespace {
// Commits `count` accounts from `first` on, each with a 2,000-character name: some 150 pages of
// the log for 300 of them.
bool commitBigAccounts(Database &db, qint64 first, int count)
{
    if (!db.begin())
        return false;
    for (qint64 id = first; id < first + count; ++id) {
        Account a;
        a.id = id;
        a.email = QStringLiteral("big%1@example.com").arg(id);
        a.name = QString(2'000, QChar(u'a' + int(id % 26)));
        a.country = QStringLiteral("ID");
        a.passwordHash = QStringLiteral("-");
        if (!db.upsertAccount(a))
            return false;
    }
    return db.commit();
}

qint64 accountsIn(const QString &location)
{
    Database db;
    Database::Options options;
    options.location = location;
    options.readOnly = true;
    if (!db.open(options, nullptr))
        return -1;
    QSqlQuery q(QSqlDatabase::database(db.connectionName(), false));
    return q.exec(QStringLiteral("SELECT count(*) FROM accounts")) && q.next()
        ? q.value(0).toLongLong()
        : -1;
}
} // namespace

void TestDatabase::theLogIsCopiedBackOnAThreadOfItsOwn()
{
    Database db;
    Database::Options options;
    options.location = m_dir.filePath(QStringLiteral("checkpoints.sqlite"));
    options.checkpointPages = 100;
    QString error;
    QVERIFY2(db.open(options, &error), qPrintable(error));
    const QString log = options.location + QStringLiteral("-wal");

    // Some 150 pages: past the 100 that ask the thread for a checkpoint, short of the 1,000 at
    // which the commit would copy them itself.
    QVERIFY2(commitBigAccounts(db, 1, 300), qPrintable(db.lastError()));
    QTRY_VERIFY_WITH_TIMEOUT(db.checkpoints().background >= 1, 10'000);
    QCOMPARE(db.checkpoints().inCommit, qint64(0));
    const qint64 logBytes = QFileInfo(log).size();
    QVERIFY(logBytes > 100 * 4'096);

    // All of the log is in the file: the next commit starts it over instead of growing it.
    QVERIFY2(commitBigAccounts(db, 301, 10), qPrintable(db.lastError()));
    QCOMPARE(QFileInfo(log).size(), logBytes);
    QCOMPARE(accountsIn(options.location), qint64(310));
    db.close();
    QCOMPARE(accountsIn(options.location), qint64(310));
}

void TestDatabase::aCommitFarPastTheLimitCopiesTheLogItself()
{
    Database db;
    Database::Options options;
    options.location = m_dir.filePath(QStringLiteral("behind.sqlite"));
    options.checkpointPages = 10; // a commit of 150 pages is far past 10 x 10
    QString error;
    QVERIFY2(db.open(options, &error), qPrintable(error));
    const qint64 before = db.checkpoints().inCommit;
    QVERIFY2(commitBigAccounts(db, 1, 300), qPrintable(db.lastError()));
    QCOMPARE(db.checkpoints().inCommit, before + 1);
    QCOMPARE(accountsIn(options.location), qint64(300));
}

void TestDatabase::bufferedRowsKeepTheirTypesAndText_data()
{
    backends();
}

// The buffered rows go out through SQLite's own binding on SQLite and through Qt's on
// PostgreSQL; either way a missing client id is NULL (two of them in one account do not collide
// in the unique index), numbers stay numbers, text longer in UTF-16 bytes than in characters
// comes back whole and the ledger's hashes are text.
void TestDatabase::bufferedRowsKeepTheirTypesAndText()
{
    OPEN_OR_SKIP();
    const QString clientId = QStringLiteral("çok-önemli-€-İş");
    const QString memo = QStringLiteral("Ödeme: 2× H100 için ₺ — şimdi");
    LedgerEntry entry;
    entry.id = 5'000'000'000; // past 32 bits
    entry.txId = 9;
    entry.timeMs = 1'700'000'000'123;
    entry.accountId = 7;
    entry.bucket = Bucket::Held;
    entry.amount = -123'456'789'012;
    entry.kind = QStringLiteral("hold");
    entry.refId = 3;
    entry.memo = memo;
    entry.prevHash = QByteArray(64, '0');
    entry.hash = QByteArray(64, 'a');

    QVERIFY(m_db->begin());
    QVERIFY(m_db->upsertOrder(order(1, 7)));
    QVERIFY(m_db->upsertOrder(order(2, 7)));
    QVERIFY(m_db->upsertOrder(order(3, 7, clientId)));
    QVERIFY(m_db->insertEntry(entry));
    QVERIFY2(m_db->commit(), qPrintable(m_db->lastError()));

    QSqlQuery q(QSqlDatabase::database(m_db->connectionName(), false));
    QVERIFY(q.exec(QStringLiteral("SELECT id, client_order_id IS NULL, client_order_id, limit_cents"
                                  " FROM orders ORDER BY id")));
    QList<std::tuple<qint64, bool, QString, qint64>> rows;
    while (q.next())
        rows.append({q.value(0).toLongLong(), q.value(1).toBool(), q.value(2).toString(),
                     q.value(3).toLongLong()});
    const QList<std::tuple<qint64, bool, QString, qint64>> expected {
        {1, true, QString(), 300}, {2, true, QString(), 300}, {3, false, clientId, 300}};
    QCOMPARE(rows, expected);
    QCOMPARE(m_db->orderByClientId(7, clientId).value_or(BidOrder()).id, qint64(3));

    qint64 total = 0;
    const QList<LedgerEntry> stored = m_db->entriesPage(7, QString(), 0, 10, &total);
    QCOMPARE(stored.size(), 1);
    QCOMPARE(stored[0].id, entry.id);
    QCOMPARE(stored[0].timeMs, entry.timeMs);
    QCOMPARE(stored[0].amount, entry.amount);
    QCOMPARE(stored[0].bucket, entry.bucket);
    QCOMPARE(stored[0].memo, memo);
    QCOMPARE(stored[0].hash, entry.hash);

    if (m_db->driverName() == u"QSQLITE") { // stored as integers, not as their text
        // The hashes are bound as the UTF-8 bytes they are, and stored as text all the same.
        QVERIFY(q.exec(QStringLiteral("SELECT typeof(id), typeof(amount_cents), typeof(memo),"
                                      " typeof(prev_hash), typeof(hash), hash"
                                      " FROM ledger_entries")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("integer"));
        QCOMPARE(q.value(1).toString(), QStringLiteral("integer"));
        QCOMPARE(q.value(2).toString(), QStringLiteral("text"));
        QCOMPARE(q.value(3).toString(), QStringLiteral("text"));
        QCOMPARE(q.value(4).toString(), QStringLiteral("text"));
        QCOMPARE(q.value(5).toString(), QString::fromLatin1(entry.hash));
    }
}

void TestDatabase::schemaThirteenRunsFromTenElevenOrTwelve_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::addColumn<int>("from");
    for (const int from : {10, 11, 12}) {
        QTest::addRow("sqlite, from %d", from) << false << from;
        QTest::addRow("postgresql, from %d", from) << true << from;
    }
}

// Schema 13 (email ownership, lookalike keys) is one step among others' 11 and 12, which a
// database may lack: from 10, 11 or 12 without its columns it adds them and gives the accounts
// there their lookalike keys, so that support's search finds an address's "+tag" spelling.
void TestDatabase::schemaThirteenRunsFromTenElevenOrTwelve()
{
    QFETCH(int, from);
    OPEN_OR_SKIP();
    QVERIFY(m_db->begin());
    for (const auto &[id, email] :
         {std::pair {7, u"irfan@example.com"_s}, std::pair {8, u"irfan+gpu@example.com"_s}}) {
        Account a;
        a.id = id;
        a.email = email;
        a.role = Role::Customer;
        a.country = u"ID"_s;
        a.passwordHash = u"hash"_s;
        QVERIFY(m_db->upsertAccount(a));
    }
    QVERIFY(m_db->commit());
    {
        // As a database at `from` without schema 13 left it.
        QSqlQuery q(QSqlDatabase::database(m_db->connectionName()));
        for (const QString &sql : {u"DROP INDEX accounts_lookalike"_s,
                                   u"ALTER TABLE accounts DROP COLUMN lookalike_key"_s,
                                   u"ALTER TABLE accounts DROP COLUMN verification_failures"_s,
                                   u"ALTER TABLE accounts DROP COLUMN verification_expires_ms"_s,
                                   u"ALTER TABLE accounts DROP COLUMN verification_hash"_s,
                                   u"UPDATE schema_version SET version = %1"_s.arg(from)})
            QVERIFY2(q.exec(sql), qPrintable(sql));
    }
    QString error;
    QVERIFY2(reopen(&error), qPrintable(error));
    QCOMPARE(m_db->schemaVersion(), Database::SchemaVersion);
    qint64 total = 0;
    QCOMPARE(m_db->searchAccounts(u"irfan@example.com"_s, std::nullopt, 0, 10, &total),
             (QList<qint64> {7, 8}));
}

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
