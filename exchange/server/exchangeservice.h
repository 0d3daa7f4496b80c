// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/exchangeengine.h"
#include "engine/hashingpool.h"
#include "engine/marketdata.h"
#include "server/paymentwebhook.h"
#include "server/sessionstore.h"
#include "server/smtpmailer.h"

#include "wire/protocol.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QHash>
#include <QtCore/QLoggingCategory>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QSet>
#include <QtCore/QThreadPool>
#include <QtCore/QTimer>

#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <optional>

namespace everx {

// The service's log, for all its files (exchangeservice*.cpp).
Q_DECLARE_LOGGING_CATEGORY(lcService)

class ServerConnection;
class Sandbox;
class SimulatedProcessor;

// A reply's result: an object, or for the replies sent most the same already written as
// JSON text (Wire::json()), which skips building the object only to write it out.
struct Reply
{
    Reply(QJsonObject result)
        : object(std::move(result))
    { }
    static Reply text(QString json)
    {
        Reply r {QJsonObject()};
        r.json = std::move(json);
        return r;
    }
    QJsonObject object; // unless json is set
    QString json;
};

// The exchange behind the protocol (docs/protocol.md): answers requests of every connection,
// enforces authentication and roles (the engine enforces them again), throttles sign-ins
// (docs/security.md "Access"), and publishes the public channels (books, trades, candles, ticker)
// and each account's private channel from the engine's changes. Owns the engine and the market
// data.
//
// Threading: lives on the exchange thread (the desk's embedded exchange thread, or the server's
// main thread), with every connection it serves. Passwords are verified on a HashingPool's
// threads: auth.login is answered later, from the event loop, and the engine only sees the
// verified outcome.
//
// Sign-in throttling: failures are counted per email and per address (the IP, or an IPv6 /64,
// never the port). An email's failures past signInFreeFailures delay its next attempt by
// signInFirstDelayMs, doubling, at most signInMaxDelayMs after its last failure; an attempt in
// the delay is held (not refused) and verified when the delay ends, so that guessing is slowed
// and a correct password is never locked out for longer than that. An address with
// signInFailuresPerAddress failures in signInWindowMs, or signInsPerAddressPerMinute sign-ins in
// a minute, is refused rate_limited. A wrong current password in account.password is a failed
// sign-in of the account's email, held and counted alike; the session that guessed it
// MarketRules::PasswordChangeFailuresPerSession times ends. A sign-in is refused when the
// account's credentials moved (SessionStore::credentialsVersion) while its password was checked.
// Throttle entries and idle sessions are pruned every pruneIntervalMs.
//
// Sessions are stored in the engine's database (SessionStore: hashed tokens), so that
// auth.resume works after a restart of the service on the same database.
//
// Group commit: requests are queued as they arrive and handled in batches, from the event loop,
// bounded by a count and a handling time that grows while the exchange is saturated (Options). A
// batch's requests are applied to the engine one by one, each validated and answered on its own,
// inside one database transaction (ExchangeEngine::beginBatch); only once it has committed are
// their replies sent, in arrival order, and then the pushes of their changes. A batch whose commit
// fails is undone (the engine reloads) and every request in it answered storage_error; its pushes
// are dropped. So nothing is acknowledged or published before it is durable, a reply never
// overtakes the reply of an earlier request of its connection, and a quiet exchange answers at once
// (a batch of one). Answers a handler defers (auth.login, support.verify) go out when they are
// ready. With pipelinedCommit (the default) the database's writer thread commits a batch while the
// next one is handled: its replies and pushes are built at the hand-off and held (m_inFlight)
// until the commit is done (settleInFlight()); should it fail, the next batch fails too and every
// subscriber is sent a fresh snapshot (resynchronise()).
class ExchangeService final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        ExchangeEngine::Options engine;
        bool sandbox = false;
        QString serverName = QStringLiteral("everx-exchanged");
        int tickMs = 250; // how often due events run (real time)
        Cents lowBalanceCents = 1'000; // notify below 10.00 USD available
        qint64 tokenIdleMs = MarketRules::DayMs; // tokens expire after a day unused
        // Time of sessions' use and expiry; wall time, since it is stored and must mean the
        // same after a restart. Not owned; nullptr: the system clock. (Not the engine's clock,
        // which the sandbox runs faster.)
        const Clock *sessionClock = nullptr;
        HashingPool::Options hashing; // threads and queue of password verification
        // On PostgreSQL, the bound within which a server that stopped loses the writer lock
        // (Database::Options::fenceTimeoutMs, which open() sets from it; docs/operations.md
        // "Two machines"); the service keeps its session busy with a heartbeat at a quarter of
        // it. 0: no bound.
        int fenceTimeoutMs = 10'000;
        int signInFreeFailures = MarketRules::SignInFreeFailures;
        qint64 signInFirstDelayMs = MarketRules::SignInFirstDelayMs;
        qint64 signInMaxDelayMs = MarketRules::SignInMaxDelayMs;
        int signInFailuresPerAddress = MarketRules::SignInFailuresPerAddress;
        int signInsPerAddressPerMinute = MarketRules::SignInsPerAddressPerMinute;
        qint64 signInWindowMs = MarketRules::SignInWindowMs;
        qint64 pruneIntervalMs = 60'000;
        // Connections (ServerConnection reads these); 0 turns a guard off.
        qint64 signInGraceMs = MarketRules::SignInGraceMs;
        qint64 keepaliveIntervalMs = MarketRules::KeepaliveIntervalMs;
        qint64 keepaliveTimeoutMs = MarketRules::KeepaliveTimeoutMs;
        // Requests a second per connection, with bursts of twice as many; five times as many
        // within a second close the connection (docs/protocol.md "Limits"). A snapshot counts
        // one for every Protocol::SnapshotBytesPerRequest bytes.
        int requestsPerSecond = Protocol::RequestsPerSecond;
        // What may wait to be written to one connection before it is closed "too slow".
        qint64 maxQueuedBytes = MarketRules::MaxQueuedBytes;
        // Connections without a sign-in that watch channels, at most; one more that subscribes
        // is refused and closed (1008). everx-exchanged makes it 60 % of its --max-connections.
        int maxAnonymousConnections =
            MarketRules::maxAnonymousConnections(MarketRules::MaxConnections);
        // The payment processor's webhook secret (PaymentWebhook). Empty: wallet.topup is
        // refused, except in the sandbox, which makes a random one for its simulated processor.
        QByteArray paymentSecret;
        int simulatedPaymentDelayMs = 2'000; // sandbox: how long until a top-up is "paid"
        // Group commit: a batch takes at most maxBatchRequests waiting requests, and no more
        // once it has spent maxBatchMicros (wall time) handling them. Under load a batch's commit
        // and its pushes to every subscriber cost the same however many requests it holds, so a
        // saturated exchange (requests still waiting when a batch is done) lets the next batch
        // handle for as long as the rest of the last cycle took (its commit, replies, pushes and
        // socket reads), up to maxSaturatedBatchMicros: at least half of a saturated server's
        // time goes to requests, whatever it costs to publish them. Below saturation a batch
        // holds what arrived during the one before, far fewer.
        int maxBatchRequests = 4'096;
        int maxBatchMicros = 5'000;
        int maxSaturatedBatchMicros = 50'000;
        // While requests wait (a saturated exchange), books and the ticker are published at
        // most once in this many milliseconds: changes that come sooner after the last
        // publication wait for the next one, merged (a delta is a diff against what was last
        // published, so nothing is lost). Every publication costs a frame to each subscriber
        // however little changed; at 2,000 orders a second a batch of one or two orders each
        // would otherwise fan out on its own. Once no request waits behind a batch, what it
        // changed is published at once: the fan-out then delays no one, and a delta does not
        // wait for a timer. 0: after every batch.
        int marketDataIntervalMs = MarketRules::MarketDataIntervalMs;
        // Pipelined commit: a batch's writes and commit go to the database's writer thread
        // (ExchangeEngine::beginBatch(BatchCommit::Pipelined)) while the next batch is handled.
        // Its replies and pushes are built at once and held until it is durable; should it fail,
        // every request of it and of the batch after it is answered storage_error and every
        // subscriber gets a fresh snapshot. Off: each batch commits before the next is handled.
        bool pipelinedCommit = true;
        // Whether auth.signup makes accounts (the operator's --sign-up); nullopt: open in the
        // sandbox, closed on a server.
        std::optional<bool> signUpOpen;
        // The relay that mails the codes confirming new accounts' addresses, and the notices to
        // owners (docs/protocol.md "Identities"): everx-exchanged's --smtp-* options. Without a
        // url no mail is sent: the sandbox hands it back in auth.signup's answer instead.
        SmtpMailer::Options mail;
        // Not owned; nullptr: an SmtpMailer of `mail` (a test's own takes the mail instead).
        Mailer *mailer = nullptr;
    };

    explicit ExchangeService(Clock &clock, QObject *parent = nullptr);
    ~ExchangeService() override;
    Q_DISABLE_COPY_MOVE(ExchangeService)

    bool open(const Options &options, QString *error = nullptr);
    void close();
    bool isOpen() const { return m_engine.isOpen(); }
    bool isSandbox() const { return m_options.sandbox; }
    bool signUpOpen() const { return m_options.signUpOpen.value_or(m_options.sandbox); }
    const Options &options() const { return m_options; }

    ExchangeEngine &engine() { return m_engine; }
    MarketData &market() { return *m_market; }
    // The sandbox whose demo accounts auth.demo signs in as; not owned. Call it after the
    // sandbox's prepare(): it also reloads the market data, which the backfill wrote past.
    bool setSandbox(Sandbox *sandbox, QString *error = nullptr);

    // Called by connections. Queues the request; it is handled, and answered, with the next
    // batch (see the class comment).
    void handle(ServerConnection &connection, const Protocol::Frame &request);
    // A frame the connection refused before it became a request (malformed, rate-limited):
    // answered with `refusal` in its turn, after the replies of the connection's earlier requests.
    void refuse(ServerConnection &connection, qint64 id, const Error &refusal);
    // Closes the connection with a WebSocket close code once its queued requests are answered.
    void closeInTurn(ServerConnection &connection, int code, const QString &reason);
    void connectionClosed(ServerConnection &connection);
    // A connection's transport closed it for not reading what it was sent (1008 "too slow").
    void connectionTooSlow(ServerConnection &connection);
    // Connections closed so since the start; connections without a sign-in watching channels.
    quint64 tooSlowClosed() const { return m_tooSlowClosed; }
    int watcherCount() const { return m_watchers; }

    // Whether wallet.topup takes top-ups (a payment secret is configured, or the sandbox).
    bool paymentsEnabled() const { return !m_paymentSecret.isEmpty(); }
    // A payment processor's confirmation (PaymentWebhook::handle with the configured secret and
    // the wall clock), then the changes published. The admin listener's POST /payments/confirm
    // and the sandbox's simulated processor call it.
    PaymentWebhook::Response confirmPayment(const QByteArray &timestamp,
                                            const QByteArray &signature, const QByteArray &body);

    // Runs due events and publishes everything the engine changed since the last call. The
    // sandbox's steps and the tick timer call it; requests call it after every operation.
    void publishChanges();

    // Drops expired sessions (also from the database) and throttle entries older than their
    // window; the prune timer calls it. Counts for tests and metrics: sessionCount() is the
    // sessions used since the start that have not expired.
    void prune();
    qsizetype sessionCount() const { return m_sessions ? m_sessions->cachedCount() : 0; }
    qsizetype throttleEntryCount() const;
    int pendingSignIns() const { return m_hashing->pending() + m_heldSignIns; }

Q_SIGNALS:
    // Every answer: the request's operation (empty when it named none the service knows, so
    // that a hostile name never becomes a metric label) and the error code (empty: a result).
    void requestAnswered(const QString &op, const QString &errorCode);
    // A batch of `requests` requests was handled and its commit succeeded (durable) or failed;
    // emitted before its replies go out. Saturated: a bound cut it, requests were still waiting.
    // Not emitted when every request taken was of a connection that had closed.
    void batchCommitted(int requests, bool durable, bool saturated);

private:
    struct ChannelState
    {
        qint64 seq = 0;
        QSet<ServerConnection *> subscribers;
        qint64 snapshotBytes = 0; // the last snapshot's size: the next one's weight, guessed
    };
    // A request's handler: the reply's result, or a typed error and no change of state.
    using Handler = std::function<Result<Reply>(ServerConnection &, const QJsonObject &)>;
    using MemberHandler = Result<Reply> (ExchangeService::*)(ServerConnection &,
                                                             const QJsonObject &);
    using ListingChange = Result<Listing> (ExchangeEngine::*)(qint64 actor, qint64 listingId);

    // A request or a refusal waiting for its batch.
    struct Queued
    {
        QPointer<ServerConnection> connection;
        Protocol::Frame frame;
        std::optional<Error> refusal; // set: answered so, not dispatched
        int closeCode = 0; // set: not a request; the connection is closed in its turn
        QString closeReason;
    };
    void enqueue(Queued queued);
    // Handles one batch of the queue (see the class comment); posts itself again while requests
    // wait.
    void drain();
    Result<Reply> dispatch(ServerConnection &c, const QString &op, const QJsonObject &args);
    // The engine's answer as a reply: encode(value), or its error as it stands.
    template<typename T, typename Encode>
    static Result<Reply> reply(const Result<T> &result, Encode encode)
    {
        if (!result)
            return result.error();
        return encode(*result);
    }

    // The handlers of the operations, by the file they are in (the constructor's table maps
    // each operation to its handler). The greeting and the clock (exchangeservice.cpp).
    Result<Reply> hello(ServerConnection &, const QJsonObject &);
    Result<Reply> ping(ServerConnection &, const QJsonObject &);
    // Sign-in and sessions (exchangeservice_signin.cpp).
    Result<Reply> login(ServerConnection &, const QJsonObject &);
    Result<Reply> resume(ServerConnection &, const QJsonObject &);
    Result<Reply> demo(ServerConnection &, const QJsonObject &);
    Result<Reply> logout(ServerConnection &, const QJsonObject &);
    // Accounts (exchangeservice_accounts.cpp): account.get, auth.signup, account.password,
    // auth.logoutAll, support's decisions on an account.
    Result<Reply> accountGet(ServerConnection &, const QJsonObject &);
    Result<Reply> signUp(ServerConnection &, const QJsonObject &);
    Result<Reply> verifyEmail(ServerConnection &, const QJsonObject &);
    Result<Reply> changePassword(ServerConnection &, const QJsonObject &);
    Result<Reply> logoutAll(ServerConnection &, const QJsonObject &);
    Result<Reply> supportSuspend(ServerConnection &, const QJsonObject &);
    Result<Reply> supportReactivate(ServerConnection &, const QJsonObject &);
    Result<Reply> supportApplication(ServerConnection &, const QJsonObject &);
    // Signs out every connection of the account but those on keepKey's session (empty: all).
    void endAccountSessions(qint64 accountId, const QByteArray &keepKey = {});
    // The session event `event` (SessionEvent) to every connection signed in as the account
    // now, after the reply to the request being handled, once its batch is durable
    // (docs/protocol.md "Session events"). Call it before signing them out.
    void sessionEventAfterReply(qint64 accountId, QLatin1StringView event, const QJsonObject &data);
    // The wallet (exchangeservice_wallet.cpp), and support's decisions on late payments.
    Result<Reply> walletQuote(ServerConnection &, const QJsonObject &);
    Result<Reply> walletTopUp(ServerConnection &, const QJsonObject &);
    Result<Reply> walletLedger(ServerConnection &, const QJsonObject &);
    Result<Reply> supportLatePayments(ServerConnection &, const QJsonObject &);
    Result<Reply> supportCreditPayment(ServerConnection &, const QJsonObject &);
    Result<Reply> supportRefundPayment(ServerConnection &, const QJsonObject &);
    // Orders and rentals (exchangeservice_orders.cpp).
    Result<Reply> orderPlace(ServerConnection &, const QJsonObject &);
    Result<Reply> orderCancel(ServerConnection &, const QJsonObject &);
    Result<Reply> orderList(ServerConnection &, const QJsonObject &);
    Result<Reply> rentalList(ServerConnection &, const QJsonObject &);
    Result<Reply> rentalStop(ServerConnection &, const QJsonObject &);
    Result<Reply> marketQuote(ServerConnection &, const QJsonObject &);
    Result<Reply> marketWindows(ServerConnection &, const QJsonObject &);
    // Listings, the provider workspace and payouts (exchangeservice_provider.cpp).
    Result<Reply> listingAdd(ServerConnection &, const QJsonObject &);
    Result<Reply> listingReprice(ServerConnection &, const QJsonObject &);
    Result<Reply> listingCluster(ServerConnection &, const QJsonObject &);
    // listing.pause, .resume and .remove: the same request, another engine operation.
    Handler listingChange(ListingChange change);
    Result<Reply> listingList(ServerConnection &, const QJsonObject &);
    Result<Reply> payoutRequest(ServerConnection &, const QJsonObject &);
    Result<Reply> payoutList(ServerConnection &, const QJsonObject &);
    Result<Reply> providerRentals(ServerConnection &, const QJsonObject &);
    Result<Reply> providerStats(ServerConnection &, const QJsonObject &);
    Result<Reply> supportPayouts(ServerConnection &, const QJsonObject &);
    Result<Reply> supportPayoutPaid(ServerConnection &, const QJsonObject &);
    Result<Reply> supportPayoutRejected(ServerConnection &, const QJsonObject &);
    // Support's workspace (exchangeservice_support.cpp).
    Result<Reply> supportSearch(ServerConnection &, const QJsonObject &);
    Result<Reply> supportAccount(ServerConnection &, const QJsonObject &);
    Result<Reply> supportLedger(ServerConnection &, const QJsonObject &);
    Result<Reply> supportHistory(ServerConnection &, const QJsonObject &);
    Result<Reply> supportNote(ServerConnection &, const QJsonObject &);
    Result<Reply> supportAudit(ServerConnection &, const QJsonObject &);
    Result<Reply> supportPending(ServerConnection &, const QJsonObject &);
    Result<Reply> supportAdjust(ServerConnection &, const QJsonObject &);
    Result<Reply> supportApproveAdjustment(ServerConnection &, const QJsonObject &);
    Result<Reply> supportDeclineAdjustment(ServerConnection &, const QJsonObject &);
    Result<Reply> supportVerify(ServerConnection &, const QJsonObject &);
    // Reads for support staff only: forbidden for anyone else.
    std::optional<Error> supportOnly(const ServerConnection &c) const;
    // A support read's arguments, read once the caller is known to be support staff;
    // supportAccountQuery's also name an account that exists (its `accountId`).
    template<typename Query>
    Result<Query> supportQuery(const ServerConnection &c, const QJsonObject &args,
                               Result<Query> (*read)(const QJsonObject &)) const;
    template<typename Query>
    Result<Query> supportAccountQuery(const ServerConnection &c, const QJsonObject &args,
                                      Result<Query> (*read)(const QJsonObject &)) const;
    // Channels (exchangeservice_channels.cpp).
    Result<Reply> subscribe(ServerConnection &, const QJsonObject &);
    Result<Reply> unsubscribe(ServerConnection &, const QJsonObject &);

    // A request answered later, off the exchange thread's turn: a handler calls deferReply()
    // and returns anything; its reply goes out through answer() (if the connection is still
    // there).
    struct PendingReply
    {
        QPointer<ServerConnection> connection;
        qint64 id = 0;
        QString op;
    };
    PendingReply deferReply();
    void answer(const PendingReply &to, const Result<Reply> &result);
    // Accounts (exchangeservice_accounts.cpp), answered later.
    // auth.signup once the password is hashed: the same answer whatever the address had, and
    // the mail for it (a code, or the notice to an existing owner).
    Result<Reply> finishSignUp(const SignUpRequest &request, const QString &hash);
    // auth.verify once the password is verified.
    void finishVerify(const PendingReply &to, const QString &email, const QString &address,
                      qint64 accountId, bool verified, const QString &code);
    // Mails it (at most one a MailIntervalMs per address); in the sandbox, returns it instead.
    std::optional<Mail> deliver(const Mail &mail);

    // A subscription's snapshot, sent after its reply; `added`: the subscribe request added the
    // subscription (undone if its batch fails).
    struct PendingSnapshot
    {
        QPointer<ServerConnection> connection;
        QString name;
        bool added = false;
        qint64 charged = 0; // bytes taken from the connection's request rate for it already
    };
    // A frame built for a batch handed off to the writer, held until the batch is durable.
    struct HeldFrame
    {
        QList<QPointer<ServerConnection>> to;
        QString frame;
    };
    // A batch's requests once handled, answered when its commit is known.
    struct Handled
    {
        PendingReply to;
        Result<Reply> result;
        bool deferred = false;
        QList<PendingSnapshot> snapshots;
        int closeCode = 0;
        QString closeReason;
        // Sent right after the reply, once the batch is durable, and never if it is not: the
        // session events of a suspension (sessionEventAfterReply()).
        std::vector<HeldFrame> afterReply;
    };
    // Answers a batch: its replies and closes, or storage_error for each and its subscriptions
    // taken back (not durable).
    void answerBatch(const std::vector<Handled> &batch, bool durable, bool saturated);
    void sendSnapshots(const std::vector<Handled> &batch);
    struct InFlight
    {
        std::vector<Handled> batch;
        std::vector<HeldFrame> frames; // its snapshots, then its pushes
        bool saturated = false;
    };
    void send(ServerConnection *c, const QString &frame); // or held, while m_holding is set
    // Waits for the batch handed off, if any, and sends what it held, or answers it
    // storage_error and resynchronises every subscriber. Everything that reads the engine for a
    // client outside drain() calls it first, so that nothing is seen before it is durable.
    enum class Settle {
        Wait, // for the writer
        IfWritten, // only if the writer is done with it
        Settled, // only if it has settled already (ExchangeEngine::takeSettled())
    };
    void settleInFlight(Settle how = Settle::Wait);
    void resynchronise(); // after a batch that failed: a fresh snapshot to every subscriber

    // Sign-in and sessions (exchangeservice_signin.cpp). The per-address sign-in limits of
    // docs/protocol.md "Limits", for auth.login and auth.signup alike; nullopt when the address
    // may try.
    std::optional<Error> addressRefusal(const QString &address, qint64 now);
    // A new session of the account on the connection: the token and the account, or a storage
    // error if the session could not be stored.
    Result<Reply> signIn(ServerConnection &c, const Account &account);
    void endSession(ServerConnection &c);
    // The key an email's failures are counted by.
    static QString throttleKey(const QString &email);
    // Verifies a password on the pool once the email's delay (signInDelay) has passed: done gets
    // whether it matched, or nullopt when the pool's queue is full. Counts nothing itself.
    void verifyThrottled(const QString &email, const QString &password, const QString &passwordHash,
                         std::function<void(std::optional<bool>)> done);
    // auth.login, once its password is verified (on the exchange thread): refused if the
    // account's credentials moved since the check started (`version`).
    void finishLogin(const PendingReply &to, const QString &email, const QString &address,
                     const ExchangeEngine::SignInCheck &check, quint64 version, bool verified);
    // account.password with a wrong current password: a failed sign-in of the account's email,
    // and one more failure of the session, which ends at
    // MarketRules::PasswordChangeFailuresPerSession. The answer to give.
    Error currentPasswordFailed(const QString &email, const QString &address, qint64 accountId,
                                const QByteArray &sessionKey);
    // A right current password: the email's and the session's failures are forgotten.
    void currentPasswordVerified(const QString &email, const QByteArray &sessionKey);
    // How long an attempt for email must wait before it is verified (0: not at all).
    qint64 signInDelay(const QString &email, qint64 now) const;
    // A failed sign-in: counted for throttling, and stored for support (accountId 0 for an
    // unknown email).
    void recordFailure(const QString &email, const QString &address, qint64 accountId);
    qint64 wallMs() const; // the sessions' clock

    // Channels and publication (exchangeservice_channels.cpp).
    bool validChannel(const QString &name) const;
    // Counts the connection among the watchers (no sign-in, subscriptions) or not, as it is now.
    void updateWatching(ServerConnection &c);
    static QString privateChannel(qint64 accountId);
    static bool isPrivateChannel(const QString &internal);
    // The channel a connection's name stands for: its own account's for "account".
    static QString internalChannel(const QString &name, qint64 accountId);
    QJsonObject snapshot(const QString &channel, ServerConnection &c);
    void publish(const QString &channel, PushType type, const QJsonObject &data);
    // What the book channel of gpu published last is what the book is now (a baseline).
    void rememberPublishedBook(const QString &gpu);
    void publishBook(const QString &gpu);
    void publishTicker(const QSet<QString> &gpus);
    // The books and ticker entries due (m_dueBooks, m_dueTicker), now.
    void publishMarket();
    void publishAccount(qint64 accountId, const QString &type, const QJsonObject &data);

    Clock &m_clock;
    Options m_options;
    ExchangeEngine m_engine;
    std::unique_ptr<MarketData> m_market;
    QPointer<Sandbox> m_sandbox;
    QByteArray m_paymentSecret;
    std::unique_ptr<SimulatedProcessor> m_processor; // the sandbox's
    QHash<QString, Handler> m_handlers;
    QHash<QString, ChannelState> m_channels;
    SystemClock m_systemClock; // the sessions' clock unless the options name one
    std::unique_ptr<SessionStore> m_sessions; // while open
    struct EmailFailures
    {
        int count = 0; // failures in a row, none more than signInWindowMs apart
        qint64 lastMs = 0; // monotonic
    };
    QHash<QString, EmailFailures> m_emailFailures;
    // account.password's wrong current passwords, by session key.
    QHash<QByteArray, EmailFailures> m_passwordChangeFailures;
    QSet<QByteArray> m_passwordChecks; // sessions whose account.password is being checked
    // Monotonic times of failed and of successful sign-ins, by address.
    QHash<QString, std::deque<qint64>> m_addressFailures, m_addressSignIns;
    int m_heldSignIns = 0; // waiting for an email's delay to end
    int m_watchers = 0; // connections with isWatching()
    quint64 m_tooSlowClosed = 0;
    std::unique_ptr<SmtpMailer> m_ownMailer; // unless the options name a mailer
    QPointer<Mailer> m_mailer;
    QHash<QString, qint64> m_lastMailMs; // by address, monotonic: MailIntervalMs apart
    // What the book channels last published, per GPU and side: price -> (gpus, orders).
    // A book level as last published: GPUs, orders and (asks) the block.
    struct PublishedLevel
    {
        qint64 gpus = 0;
        qint32 orders = 0;
        qint32 block = 0;
        bool operator==(const PublishedLevel &) const = default;
    };
    using PublishedSide = QHash<qint32, PublishedLevel>;
    // A GPU's book now, as the book channel tells it (bids, asks).
    std::array<PublishedSide, 2> bookNow(const QString &gpu) const;
    QHash<QString, std::array<PublishedSide, 2>> m_publishedBooks;
    QHash<QString, TickerEntry> m_publishedTicker;
    // Books and ticker entries changed since they were last published (marketDataIntervalMs),
    // when that was (m_monotonic, ns), and the timer of the next publication.
    QSet<QString> m_dueBooks, m_dueTicker;
    qint64 m_lastMarketNs = std::numeric_limits<qint64>::min() / 2;
    QTimer m_marketTimer;
    QSet<qint64> m_lowBalanceNotified;
    QList<PendingSnapshot> m_pendingSnapshots; // of the request being handled
    std::vector<HeldFrame> m_afterReply; // of the request being handled (Handled::afterReply)
    std::deque<Queued> m_queue; // requests waiting for a batch, in arrival order
    bool m_drainPosted = false;
    std::optional<InFlight> m_inFlight; // the batch with the writer
    std::vector<HeldFrame> *m_holding = nullptr; // send() holds its frames here while set
    bool m_marketAfterSettle = false; // the market timer fired while a batch was with the writer
    // The last batch: when it started (m_monotonic, ns), how long it handled requests, and
    // whether a bound cut it (requests were still waiting).
    qint64 m_lastBatchStartNs = 0;
    qint64 m_lastBatchHandlingNs = 0;
    bool m_saturated = false;
    QElapsedTimer m_monotonic;
    QTimer m_tick;
    QTimer m_pruneTimer;
    QTimer m_heartbeat; // a fenced writer's session kept busy (Options::fenceTimeoutMs)
    PendingReply m_current; // the request being handled
    bool m_deferred = false; // its handler will answer later
    // support.verify's full verification: one at a time, on a connection of its own; close()
    // waits for it, so that its answer never outlives the service.
    QThreadPool m_verifier;
    bool m_verifying = false;
    qint64 m_lastPrune = 0;
    // Last: destroyed first, waiting for verifications that run, while the rest is whole.
    std::unique_ptr<HashingPool> m_hashing;
};

} // namespace everx
