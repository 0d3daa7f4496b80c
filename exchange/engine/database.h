// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/ledger.h"
#include "market/marketrecords.h"

#include <QtCore/QHash>
#include <QtCore/QList>
#include <QtCore/QLockFile>
#include <QtCore/QSet>
#include <QtCore/QString>
#include <QtCore/QVariant>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <variant>
#include <vector>

struct pg_conn;
typedef struct pg_conn PGconn;
struct pg_result;
typedef struct pg_result PGresult;
struct sqlite3;
struct sqlite3_stmt;

namespace everx {

class WalCheckpointer;

// One value of a row that Database buffers for a multi-row write, bound as it is: NULL, an
// integer, a real, text (a QString, or bytes already in UTF-8 such as the ledger's hex hashes) or
// a blob. Not a QVariant: building, binding and freeing a batch's rows through QVariant's
// metatype calls took a fifth of the exchange thread's time a durable request, and a tenth of
// the writer's.
class RowValue
{
public:
    struct Utf8
    {
        QByteArray bytes;
    };
    using Value = std::variant<std::monostate, qint64, double, QString, Utf8, QByteArray>;

    RowValue() = default; // NULL
    RowValue(int v)
        : m_value(qint64(v))
    { }
    RowValue(qint64 v)
        : m_value(v)
    { }
    RowValue(double v)
        : m_value(v)
    { }
    // A null string or byte array is NULL (as Qt's SQL drivers bind them).
    RowValue(const QString &v)
    {
        if (!v.isNull())
            m_value = v;
    }
    RowValue(Utf8 v)
    {
        if (!v.bytes.isNull())
            m_value = std::move(v);
    }
    RowValue(const QByteArray &v)
    {
        if (!v.isNull())
            m_value = v;
    } // a blob

    const Value &value() const { return m_value; }

private:
    Value m_value;
};

// Everything the engine keeps, as read back at start.
struct StoredState
{
    QList<Account> accounts;
    QList<Listing> listings; // not removed
    QList<BidOrder> openOrders; // by id (= time priority)
    QList<Rental> runningRentals; // running and reserved (windows ahead), by id
    QList<AskSlice> asks; // by id (= time priority)
    QList<Payment> pendingPayments; // by id
    QList<Payment> latePayments; // by id: confirmed after they expired, waiting for support
    QList<Payout> requestedPayouts; // by id
    QHash<quint64, Cents> balances; // Ledger::key -> amount
    qint64 lastEntryId = 0;
    qint64 lastTxId = 0;
    QByteArray lastHash;
    qint64 maxAccountId = 0, maxListingId = 0, maxOrderId = 0, maxRentalId = 0, maxAskId = 0,
           maxTradeId = 0, maxAuditId = 0, maxPaymentId = 0, maxPayoutId = 0;
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
    QString address; // the peer's IP address at sign-in ("" for sessions from before v7)
};

// The engine's persistence through Qt SQL (docs/architecture.md "Persistence and group commit").
// SQLite in WAL mode with synchronous=FULL by default, so a commit is on disk before the engine
// acknowledges; the same statements run on PostgreSQL (QPSQL): only standard types and INSERT ...
// ON CONFLICT, which both accept. Ids come from the engine, not from AUTOINCREMENT/SERIAL, for the
// same reason.
//
// The engine's records (the upsert and insert methods below, the ones its operations write)
// are not sent at once: they wait in the open transaction's write buffer, coalesced by key (a
// balance or an order written by forty operations of one batch is one row), and go out at
// commit() as multi-row statements, one or a few per table. Any other statement on the
// connection (a read, a session's write) sends the buffer first, so a read inside the
// transaction sees every write before it. A buffered write that fails fails the commit.
// PostgreSQL answers each statement in a round trip of its own, so this is what lets a batch
// of requests cost a handful of them instead of ten per request.
//
// Not thread-safe: one Database per engine thread (each has its own connection name), called on
// that thread only. Its writer thread (handOff()) uses the connection only while the engine's
// thread leaves it alone, which every use of it there makes sure of (waitForWriter()).
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
        // A writer is alone on its database: it holds a lock for as long as it is open (a lock
        // file beside an SQLite file, a session advisory lock on PostgreSQL) and waits this long
        // for it before refusing. On PostgreSQL the wait also covers a killed writer's backend,
        // which runs on until it sees its client gone and may still commit what it was sent: a
        // writer that loaded the tables before that commit would hold balances the ledger no
        // longer has.
        int writerLockWaitMs = 10'000;
        // PostgreSQL writer only: the bound within which a writer that stopped (a frozen
        // process, a lost network) loses its lock, so that a standby may take over
        // (docs/operations.md "Two machines"). Its TCP connection ends once unanswered this
        // long (tcp_user_timeout and keepalives, both ends), and from the first heartbeat() on,
        // which the engine's owner calls once open and then often enough to keep the session
        // busy, the session ends once idle this long, in a transaction or not
        // (idle_session_timeout, idle_in_transaction_session_timeout). 0: none.
        int fenceTimeoutMs = 0;
        // SQLite file only: once a commit leaves this many pages in the write-ahead log, a
        // thread of the database's own copies them back into the file (WalCheckpointer), off
        // the writer's thread. Past ten times as many (that thread cannot keep up, or is not
        // there) the writer copies them itself in the commit, as SQLite would. 40,000 pages
        // (160 MiB of log): a page that every batch changes is copied once for all of them, and
        // the durable path took 8 % more requests a second than with 10,000 (everx-bench --mode
        // durable --pipeline 64 --max-batch 512), the copying thread's CPU being shared with the
        // exchange's and the writer's on two cores.
        int checkpointPages = 40'000;
    };

    // 2: the keyed chain (ledger_chain's format) and verified checkpoints; 3: paid top-ups;
    // 4: sessions (hashed tokens); 5: accounts' state and profile; 6: payouts, listings'
    // removal time; 7: support's notes, dual control, failed sign-ins, sessions' addresses;
    // 8: accounts' folded search text; 9: the orders' client-id and open-order indexes partial;
    // 10: SQLite's tables keyed by their ids (the rowid), balances without a rowid; 11:
    // placements (an order's, a listing's cluster); 12: late payments (their time, the refund's
    // reference, the agent); 13: email verification codes and lookalike keys of accounts.
    static constexpr int SchemaVersion = 15;
    // What support's search compares, for an account's email, name and company, and for a
    // query: case, accents and other marks folded away (Ş and ş match s, İ and ı match i), in
    // Unicode's terms, the same on SQLite and PostgreSQL. Fields are joined by a separator no
    // folded query contains, so a match never spans two of them.
    static QString searchText(const QString &email, const QString &name, const QString &company);
    static QString searchFolded(const QString &text);
    // What support's search finds an account's lookalikes by (docs/protocol.md "Identities"):
    // TextRules::lookalikeKey of the email's one spelling (of the email as stored, for an
    // address from before the rules that they refuse).
    static QString lookalikeKey(const QString &email);
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

    // The connection and its transactions (database.cpp).
    bool open(const Options &options, QString *error);
    void close();
    bool isOpen() const;
    QString driverName() const;
    int schemaVersion() const; // as stored (database_schema.cpp)
    // Qt SQL's name of this connection, for a test's or tool's reads on the same thread.
    QString connectionName() const { return m_connection; }

    bool begin();
    bool commit();
    void rollback();
    // A consistent read of several statements (a read-only snapshot), for a verification that
    // runs beside the engine on a connection of its own.
    bool beginSnapshot();
    QString lastError() const { return m_lastError; }
    // Checkpoints of an SQLite writer's log since open(): run by its checkpointing thread, and
    // run in a commit by the writer itself (the log had grown past ten times checkpointPages).
    struct Checkpoints
    {
        qint64 background = 0;
        qint64 inCommit = 0;
    };
    Checkpoints checkpoints() const;
    // For tests of the failure path: the next commit() fails as a full disk or a lost server
    // would, leaving the transaction open for the caller to roll back.
    void failNextCommit() { m_failNextCommit = true; }
    // The key the chain is verified with (and keyed with by rekeyChain()).
    void setLedgerKey(const QByteArray &key) { m_key = key; }
    const QByteArray &ledgerKey() const { return m_key; }

    // Pipelined commit (ExchangeEngine::beginBatch(BatchCommit::Pipelined); database_writer.cpp):
    // the writes of one transaction are buffered on the engine's thread, then handed to a writer
    // thread that writes and commits them while the engine goes on with the next.
    // - beginDeferred() opens a transaction without touching the connection: it is begun there
    //   by the first flush (a read that must see the buffered writes), or else by the writer.
    // - handOff() gives the transaction (its buffer, and its BEGIN if not sent yet) and its commit
    //   to the writer, and returns at once.
    // - settle() waits for the writer and returns whether that transaction committed (true when
    //   none was handed off); the writer rolled it back if not. nanos: how long it took there.
    // While a transaction is with the writer, the connection is the writer's: every use of it on
    // the engine's thread (a read, begin(), commit()) waits for the writer first, keeping the
    // outcome for settle(). written, if set, is called on the writer's thread after each
    // transaction, committed or not: it must only post to the engine's thread.
    void beginDeferred();
    void handOff();
    bool settle(qint64 *nanos = nullptr);
    bool handedOff() const { return m_handedOff; }
    bool written(); // the writer is done with what was handed off (settle() will not wait)
    void setWrittenCallback(std::function<void()> written) { m_written = std::move(written); }
    // For tests: while paused, the writer leaves what is handed off unwritten (settle() waits).
    void setWriterPaused(bool paused);

    // Fencing (database_fence.cpp; docs/operations.md "Two machines"). A PostgreSQL writer
    // notes its backend's pid once it holds the writer lock, and every write of the engine's
    // records (the write buffer's pipeline, so every commit that writes) first checks, in the
    // same round trip, that its session is still that one. Any doubt (an error, another pid)
    // fences the database: the pipeline's transaction is never committed, every later write
    // fails, and fenced, if set, is called on the thread that found it (the writer's or the
    // engine's); everx-exchanged ends the process there, with nothing more written.
    bool isFenced() const { return m_fenced.load(std::memory_order_acquire); }
    qint64 fencePid() const { return m_fencePid; }
    void setFencedCallback(std::function<void(const QString &why)> fenced)
    {
        m_fencedCallback = std::move(fenced);
    }
    // Keeps a fenced writer's session from ending idle: the same check as before a commit,
    // unless the writer is busy with a transaction; the first one sets the session's idle
    // timeouts. False once fenced. Engine's thread; a no-op for SQLite and readers.
    bool heartbeat();

    // The engine's records, buffered in the open transaction (database_writebuffer.cpp; see the
    // class comment). Support's notes and adjustments (schema v7) too.
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
    bool upsertPayout(const Payout &p);
    bool insertNote(const SupportNote &note);
    bool upsertAdjustment(const PendingAdjustment &adjustment);

    // What a start reads (database_load.cpp).
    std::optional<StoredState> load(QString *error);
    // The largest id of a table of the engine's (0 for none).
    qint64 maxId(const char *table);
    // Time of the newest trade or ledger entry; 0 if there is none.
    qint64 lastActivityMs();

    // Sessions and failed sign-ins (schema v7; database_sessions.cpp), written outside the
    // engine's operations (each statement its own transaction, touchSessions one for all).
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
    QList<StoredSession> sessionsOf(qint64 accountId); // newest first
    bool insertSignInFailure(const SignInFailure &failure);
    // Deletes failed sign-ins older than beforeMs; how many, or -1 if the statement failed.
    qint64 deleteSignInFailuresBefore(qint64 beforeMs);
    QList<SignInFailure> signInFailures(qint64 accountId, int limit); // newest first

    // Orders, rentals and trades as stored (database_orders.cpp): reads for history and support,
    // not on any hot path but orderByClientId, asked before every order with a client id.
    std::optional<BidOrder> orderByClientId(qint64 accountId, const QString &clientOrderId);
    std::optional<BidOrder> order(qint64 id);
    QList<BidOrder> openOrders();
    std::optional<Rental> rental(qint64 id);
    QList<Rental> runningRentals(); // running and reserved
    // A page of an account's orders, or of its rentals as customer or provider; newest first.
    QList<BidOrder> ordersPage(qint64 accountId, qint64 offset, int limit, qint64 *total);
    QList<Rental> rentalsPage(qint64 accountId, qint64 offset, int limit, qint64 *total);
    // Trades of one GPU (or of all, for an empty gpu) from sinceMs on, in time order.
    QList<Trade> trades(const QString &gpu, qint64 sinceMs, int limit = 10'000'000);

    // Money in and out (database_payments.cpp).
    // Any payment, pending or settled; the engine keeps only pending ones in memory.
    std::optional<Payment> paymentByReference(const QString &reference);
    std::optional<Payment> payment(qint64 id);
    std::optional<Payout> payout(qint64 id);
    // Newest first, ids below `before` (0: from the newest); providerId 0: everyone's, state
    // nullopt: any.
    QList<Payout> payouts(qint64 providerId, std::optional<PayoutState> state, qint64 before,
                          int limit);
    // Per provider, the sum of its requested payouts: what its PayoutPending bucket must hold.
    QHash<qint64, Cents> requestedPayoutTotals();

    // The provider workspace's reads (database_provider.cpp; not on any hot path).
    // Rentals on a provider's hardware, newest first, ids below `before` (0: from the newest).
    QList<Rental> providerRentals(qint64 providerId, qint64 before, int limit);
    // Every rental of the provider that can have billed an hour at or after sinceMs, by id.
    QList<Rental> providerRentalsSince(qint64 providerId, qint64 sinceMs);
    // What each listing of the provider has earned to date (earnedSoFar of its rentals).
    QHash<qint64, Cents> listingEarnings(qint64 providerId);
    // Every listing the provider has had, removed ones too (with their removal time), by id.
    QList<Listing> providerListings(qint64 providerId);

    // The ledger as stored and its hash chain (database_ledger.cpp).
    QList<LedgerEntry> entries(qint64 accountId, qint64 afterId = 0, int limit = 1000);
    // A page of one account's entries, newest first, of one kind (empty: all).
    QList<LedgerEntry> entriesPage(qint64 accountId, const QString &kind, qint64 offset, int limit,
                                   qint64 *total);
    // The hash of the entry before `id` in the chain (the genesis hash for the first entry);
    // nullopt if the read failed.
    std::optional<QByteArray> hashBefore(qint64 id);
    std::optional<LedgerEntry> entry(qint64 id);
    // Walks the whole chain with the key; returns the number of entries, or -1 with the first
    // bad entry id in *badEntry.
    qint64 verifyChain(qint64 *badEntry);
    // Walks the chain after entry afterId, whose hash is prevHash (genesis for 0).
    ChainWalk walkChain(qint64 afterId, const QByteArray &prevHash, int format = KeyedChain);
    // Sum of every entry (must be 0) and per-bucket sums recomputed from entries.
    QHash<quint64, Cents> balancesFromEntries();
    // The balances table as stored (Ledger::key -> amount).
    QHash<quint64, Cents> storedBalances();
    // The first entry of the first transaction whose entries do not sum to zero; 0: none.
    qint64 firstUnbalancedEntry();
    int chainFormat();
    std::optional<Checkpoint> lastCheckpoint();
    bool insertCheckpoint(const Checkpoint &checkpoint);
    // Chain format 1 -> 2: verifies the unkeyed chain from the first entry, then rewrites every
    // entry's links with the key, in one transaction. False (nothing changed) with the problem,
    // naming the first bad entry, when the old chain does not verify.
    bool rekeyChain(QString *problem);

    // Support's workspace (schema v7; database_support.cpp).
    QList<SupportNote> notes(qint64 accountId); // newest first
    // Adjustments under dual control: one account's (0: everyone's), pending only or all; newest
    // first.
    QList<PendingAdjustment> adjustments(qint64 accountId, bool pendingOnly);
    std::optional<PendingAdjustment> adjustment(qint64 id);
    // Accounts whose searched columns contain `query` (case-insensitive; % and _ are literal) or
    // whose id it is; ids in id order, a page of them, and *total the matches in all.
    // A blank query with a state: every account in that state (pending applications).
    // An email query also finds the addresses that look like it (the same lookalikeKey: its
    // "+tag" spellings and its mixed-script doubles).
    QList<qint64> searchAccounts(const QString &query, std::optional<AccountState> state,
                                 qint64 offset, int limit, qint64 *total);
    // The account stored with this email, as the database compares text (what its unique index
    // would refuse at commit); 0 for none, -1 if the read failed. Sends the write buffer first,
    // so an account written earlier in the transaction counts.
    qint64 accountIdByEmail(const QString &email);
    QList<AuditRecord> audit(qint64 targetId);
    // A page of the audit log, newest first; 0 (or empty) filters match anything.
    // beforeId > 0: only records older than it (a keyset cursor: a record written meanwhile
    // shifts no page); total counts the records the filters match, before the cursor or not.
    QList<AuditRecord> auditPage(qint64 actorId, qint64 targetId, qint64 fromMs, qint64 toMs,
                                 qint64 beforeId, qint64 offset, int limit, qint64 *total);
    // What an agent's direct adjustments (audit action "adjustment") moved since sinceMs, in
    // absolute cents: dual control's daily total.
    Cents adjustedBy(qint64 actorId, qint64 sinceMs);

private:
    // The schema (database_schema.cpp).
    bool migrate(QString *error);
    bool fillSearchText(QSqlQuery &q); // schema v8's step in C++
    bool keyTablesByRowid(QSqlQuery &q); // schema v10's, SQLite's only
    bool fillLookalikeKeys(QSqlQuery &q); // schema v13's

    // The connection (database.cpp).
    bool lockForWriting(bool postgres, const Options &options, QString *error);
    bool exec(QSqlQuery &q);
    // A page of the rows of `table` that match `where` (its placeholders bound, in order, to
    // `args`), in `orderBy`'s order, each handed to `read`; *total, when asked for, counts every
    // row that matches.
    // `cursor` (with its args) narrows the rows read, not the total counted.
    void readPage(const QString &columns, const QString &table, const QString &where,
                  const QVariantList &args, const QString &orderBy, qint64 offset, int limit,
                  qint64 *total, const std::function<void(const QSqlQuery &)> &read,
                  const QString &cursor = {}, const QVariantList &cursorArgs = {});
    // A cached statement; prepared() sends the write buffer first, statement() does not.
    QSqlQuery &prepared(int slot, const char *sql);
    QSqlQuery &statement(int slot, const char *sql);
    // The connection for any statement but the buffered writes: the write buffer is sent first.
    QSqlDatabase connection();
    // BEGIN and COMMIT on the connection, as the driver sends them.
    bool execRaw(const char *sql);

    // The write buffer (database_writebuffer.cpp).
    // A buffered write of one row of table `table` (BufferedTable, database_p.h), replacing a
    // buffered row of the same key. Always true: failures show at the flush.
    bool buffer(int table, qint64 key, std::vector<RowValue> row);
    // Sends the write buffer: ask deletions, then each table's rows in multi-row statements.
    // False if a statement failed now or at an earlier flush of this transaction.
    bool flush();
    struct TableRows
    {
        int table; // BufferedTable
        std::vector<std::vector<RowValue>> rows;
    };
    // Ask deletions, then each table's rows in multi-row statements.
    bool writeSqlite(const QList<qint64> &askDeletes, const std::vector<TableRows> &tables);
    bool writeChunkSqlite(int table, std::span<const std::vector<RowValue>> rows);
    // The same in one round trip.
    bool writePostgres(const QList<qint64> &askDeletes, const std::vector<TableRows> &tables);
    void discardBuffer();
    // The buffer as it stands, taken (flush() writes it, handOff() gives it to the writer).
    struct Writes
    {
        QList<qint64> askDeletes;
        std::vector<TableRows> tables;
    };
    Writes takeBuffer();

    // The pipelined commit's writer (database_writer.cpp).
    void waitForWriter(); // the connection back from the writer, if it has it
    void runWriter(); // the writer thread's loop
    void stopWriter();

    struct BufferedRows
    {
        std::vector<std::vector<RowValue>> rows; // in the order of their first write
        QHash<qint64, qsizetype> byKey; // key -> index in rows
    };

    QString m_connection;
    QString m_lastError;
    bool m_failNextCommit = false;
    QByteArray m_key;
    std::vector<std::unique_ptr<QSqlQuery>> m_statements;
    std::vector<BufferedRows> m_buffered; // by BufferedTable
    QList<qint64> m_bufferedAskDeletes;
    // The orders of the open transaction that have a client id, by (account, client id), kept
    // until it ends (sent or not): orderByClientId's answer for what is not committed yet.
    QHash<std::pair<qint64, QString>, BidOrder> m_bufferedClientOrders;
    bool m_hasBuffered = false;
    bool m_flushFailed = false; // a buffered write of the open transaction failed
    bool m_deferredBegin = false; // beginDeferred() not yet begun on the connection

    // The pipelined commit's writer. The job and its outcome go through m_writerMutex; the
    // connection and everything written with it (statements, m_lastError) belong to the writer
    // from handOff() to the engine thread's next waitForWriter().
    struct WriteJob
    {
        Writes writes;
        bool begin = false; // BEGIN first (nothing of the transaction reached the connection)
        bool fail = false; // failNextCommit(), or a write that failed before the hand-off
    };
    std::thread m_writer;
    std::mutex m_writerMutex;
    std::condition_variable m_writerWake;
    std::optional<WriteJob> m_job; // handed off, not yet taken by the writer
    std::optional<WriteJob> m_writtenJob; // written, for settle() to free
    bool m_jobDone = false;
    bool m_jobOk = true;
    qint64 m_jobNanos = 0;
    bool m_stopping = false;
    bool m_writerPaused = false;
    // The engine thread's side: a job was handed off and settle() has not taken its outcome.
    bool m_handedOff = false;
    bool m_waited = false; // and its outcome is in (waitForWriter() returned)
    // Client order ids of the transaction with the writer, found by orderByClientId() as the
    // buffered ones are until settle().
    QHash<std::pair<qint64, QString>, BidOrder> m_handedOffClientOrders;
    std::function<void()> m_written;
    // The buffered writes go through each database's own API on the Qt driver's connection:
    // QSqlQuery::bindValue formats a ":N" name and looks it up for every value (a tenth of a
    // durable request on SQLite), and QPSQL sends each statement, values written into its text,
    // in a round trip of its own. One of the two handles is set while a writer is open.
    sqlite3 *m_sqlite = nullptr;
    PGconn *m_pg = nullptr;
    // Multi-row statements by (table, rows): BufferedTable * 1024 + rows. PostgreSQL's are
    // named everx_rows_<generation>_<key>; a failed flush moves to the next generation.
    QSet<int> m_pgPrepared;
    int m_pgGeneration = 0;
    QHash<int, sqlite3_stmt *> m_sqliteMultiRow; // finalized by close()
    sqlite3_stmt *m_sqliteDeleteAsk = nullptr; // likewise
    sqlite3_stmt *m_sqliteOrderByClientId = nullptr; // likewise
    // A reading connection of its own (SQLite on a file), for orderByClientId() while the writer
    // has the connection; opened on first need, closed by close().
    bool openReader();
    QString m_readerPath; // empty: none
    sqlite3 *m_reader = nullptr;
    sqlite3_stmt *m_readerOrderByClientId = nullptr;
    std::unique_ptr<QLockFile> m_writerLock; // SQLite's; PostgreSQL's lives in the session
    // Fencing (database_fence.cpp): the session's options, the pid to check, the outcome.
    bool startFencing(const Options &options, QString *error);
    bool sendFenceCheck(); // the check as the first statement of a pipeline
    // Its answer, which may come in several results: a row each in single-row mode, which
    // QPSQL may have left set for the next statement, then one without rows.
    struct FenceCheck
    {
        int rows = 0;
        bool matched = false; // a row named this session's pid
        bool done = false; // the check's last result was taken
        QString problem; // set once done and the check failed
    };
    // Takes one result of the check (the caller frees it); false once it is known to fail.
    bool takeFenceResult(PGresult *result, FenceCheck *check);
    void fence(const QString &why);
    // A statement failed: fences a fenced writer whose connection is gone (BEGIN or COMMIT on a
    // lost connection; whether a COMMIT took effect is then unknown).
    void fenceIfDisconnected();
    qint64 m_fencePid = 0; // 0: nothing to check (SQLite, a reader)
    int m_fenceTimeoutMs = 0; // Options::fenceTimeoutMs
    bool m_fenceArmed = false; // the session's idle timeouts are set (by the first heartbeat)
    std::atomic<bool> m_fenced {false};
    std::function<void(const QString &why)> m_fencedCallback;
    // An SQLite writer's log: SQLite calls walHook after each commit with the pages in it.
    static int walHook(void *database, sqlite3 *db, const char *name, int pages);
    std::unique_ptr<WalCheckpointer> m_checkpointer;
    int m_checkpointPages = 0;
    std::atomic<qint64> m_checkpointsInCommit = 0; // counted by the commit's thread
};

} // namespace everx
