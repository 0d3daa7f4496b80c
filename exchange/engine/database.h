#pragma once

#include "engine/ledger.h"
#include "market/marketrecords.h"

#include <QtCore/QHash>
#include <QtCore/QList>
#include <QtCore/QString>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>

#include <memory>
#include <optional>

namespace everx {

// Everything the engine keeps, as read back at start.
struct StoredState
{
    QList<Account> accounts;
    QList<Listing> listings; // not removed
    QList<BidOrder> openOrders; // by id (= time priority)
    QList<Rental> runningRentals;
    QList<AskSlice> asks; // by id (= time priority)
    QList<Payment> pendingPayments; // by id
    QHash<quint64, Cents> balances; // Ledger::key -> amount
    qint64 lastEntryId = 0;
    qint64 lastTxId = 0;
    QByteArray lastHash;
    qint64 maxAccountId = 0, maxListingId = 0, maxOrderId = 0, maxRentalId = 0, maxAskId = 0,
           maxTradeId = 0, maxAuditId = 0, maxPaymentId = 0;
};

// A signed-in session as stored (docs/security.md "Sessions"): never the token, only its SHA-256,
// so that a copy of the database signs nobody in. Times are wall-clock ms since the epoch, which
// mean the same after a restart.
struct StoredSession
{
    QByteArray tokenHash; // SHA-256 of the token, 32 bytes
    qint64 accountId = 0;
    qint64 createdMs = 0;
    qint64 lastSeenMs = 0;
    qint64 expiresMs = 0; // refused after then
};

// The engine's persistence through Qt SQL (DESIGN.md section 6). SQLite in WAL mode with
// synchronous=FULL by default, so a commit is on disk before the engine acknowledges; the same
// statements run on PostgreSQL (QPSQL): only standard types and INSERT ... ON CONFLICT, which
// both accept. Ids come from the engine, not from AUTOINCREMENT/SERIAL, for the same reason.
//
// Not thread-safe: one Database per engine thread (each has its own connection name).
class Database final
{
public:
    struct Options
    {
        // A file path for SQLite (":memory:" for a throw-away database), or a URL
        // "postgresql://user:password@host:port/dbname" for PostgreSQL.
        QString location;
        // SQLite only: false trades durability for speed (synchronous=OFF); for tests and
        // benchmarks that measure something else.
        bool durable = true;
        // Reads only, never migrates (a verification beside a running engine). SQLite opens the
        // file read-only; PostgreSQL sessions default to read-only transactions.
        bool readOnly = false;
    };

    // 2: the keyed chain (ledger_chain's format) and verified checkpoints; 3: paid top-ups;
    // 4: sessions (hashed tokens); 5: accounts' state, name and company.
    static constexpr int SchemaVersion = 5;
    // Format of the ledger's hash chain: 1 plain SHA-256 (databases from before the key), 2
    // HMAC-SHA256 with the ledger key. A database keeps one format for all its entries.
    static constexpr int UnkeyedChain = 1;
    static constexpr int KeyedChain = 2;

    // A point up to which the chain was verified, sealed with the key (Ledger::checkpointMac).
    struct Checkpoint
    {
        qint64 entryId = 0;
        QByteArray hash;
        QByteArray mac;
        qint64 verifiedMs = 0;
    };
    // The outcome of walking the chain: how many entries were checked and the last one, or the
    // first entry that does not verify and why.
    struct ChainWalk
    {
        qint64 count = 0;
        qint64 lastEntryId = 0;
        QByteArray lastHash;
        qint64 badEntry = 0; // 0: every entry verified
        QString problem;
        bool failed = false; // the database could not be read (problem says why)
    };

    Database();
    ~Database();
    Q_DISABLE_COPY_MOVE(Database)

    bool open(const Options &options, QString *error);
    void close();
    bool isOpen() const;
    QString driverName() const;
    int schemaVersion() const;
    // Qt SQL's name of this connection, for a test's or tool's reads on the same thread.
    QString connectionName() const { return m_connection; }

    bool begin();
    bool commit();
    void rollback();
    QString lastError() const { return m_lastError; }
    // For tests of the failure path: the next commit() fails as a full disk or a lost server
    // would, leaving the transaction open for the caller to roll back.
    void failNextCommit() { m_failNextCommit = true; }

    std::optional<StoredState> load(QString *error);

    bool upsertAccount(const Account &a);
    bool upsertListing(const Listing &l);
    bool upsertOrder(const BidOrder &o);
    bool upsertRental(const Rental &r);
    bool upsertAsk(const AskSlice &s);
    bool deleteAsk(qint64 id);
    bool insertTrade(const Trade &t);
    bool insertEntry(const LedgerEntry &e);
    bool upsertBalance(quint64 key, Cents amount);
    bool insertAudit(const AuditRecord &a);
    bool upsertPayment(const Payment &p);

    // Sessions, written outside the engine's operations (each statement its own transaction,
    // touchSessions one for all).
    bool insertSession(const StoredSession &s);
    // The session of that token hash; nullopt if there is none, or if the read failed (then
    // *failed is set).
    std::optional<StoredSession> session(const QByteArray &tokenHash, bool *failed = nullptr);
    // Stores each one's lastSeenMs and expiresMs, in one transaction.
    bool touchSessions(const QList<StoredSession> &sessions);
    bool deleteSession(const QByteArray &tokenHash);
    // Deletes every session of the account but the one of keepHash (empty: all); how many, or
    // -1 if the statement failed.
    qint64 deleteAccountSessions(qint64 accountId, const QByteArray &keepHash = {});
    // Deletes every session expired at nowMs (expiresMs before it); how many, or -1 if the
    // statement failed.
    qint64 deleteExpiredSessions(qint64 nowMs);

    // Reads for history and support; not on any hot path.
    std::optional<BidOrder> orderByClientId(qint64 accountId, const QString &clientOrderId);
    std::optional<BidOrder> order(qint64 id);
    // Any payment, pending or settled; the engine keeps only pending ones in memory.
    std::optional<Payment> paymentByReference(const QString &reference);
    std::optional<Rental> rental(qint64 id);
    QList<LedgerEntry> entries(qint64 accountId, qint64 afterId = 0, int limit = 1000);
    QList<AuditRecord> audit(qint64 targetId);
    // Trades of one GPU (or of all, for an empty gpu) from sinceMs on, in time order.
    QList<Trade> trades(const QString &gpu, qint64 sinceMs, int limit = 10'000'000);
    // Time of the newest trade or ledger entry; 0 if there is none.
    qint64 lastActivityMs();
    // The key the chain is verified with (and keyed with by rekeyChain()).
    void setLedgerKey(const QByteArray &key) { m_key = key; }
    const QByteArray &ledgerKey() const { return m_key; }
    // Walks the whole chain with the key; returns the number of entries, or -1 with the first
    // bad entry id in *badEntry.
    qint64 verifyChain(qint64 *badEntry);
    // Walks the chain after entry afterId, whose hash is prevHash (genesis for 0).
    ChainWalk walkChain(qint64 afterId, const QByteArray &prevHash, int format = KeyedChain);
    std::optional<LedgerEntry> entry(qint64 id);
    // Sum of every entry (must be 0) and per-bucket sums recomputed from entries.
    QHash<quint64, Cents> balancesFromEntries();
    // The balances table as stored (Ledger::key -> amount).
    QHash<quint64, Cents> storedBalances();
    // The first entry of the first transaction whose entries do not sum to zero; 0: none.
    qint64 firstUnbalancedEntry();
    QList<BidOrder> openOrders();
    QList<Rental> runningRentals();

    int chainFormat();
    std::optional<Checkpoint> lastCheckpoint();
    bool insertCheckpoint(const Checkpoint &checkpoint);
    // Chain format 1 -> 2: verifies the unkeyed chain from the first entry, then rewrites every
    // entry's links with the key, in one transaction. False (nothing changed) with the problem,
    // naming the first bad entry, when the old chain does not verify.
    bool rekeyChain(QString *problem);
    // A consistent read of several statements (a read-only snapshot), for a verification that
    // runs beside the engine on a connection of its own.
    bool beginSnapshot();

private:
    bool migrate(QString *error);
    bool exec(QSqlQuery &q);
    QSqlQuery &prepared(int slot, const char *sql);

    QString m_connection;
    QString m_lastError;
    bool m_failNextCommit = false;
    QByteArray m_key;
    std::vector<std::unique_ptr<QSqlQuery>> m_statements;
};

} // namespace everx
