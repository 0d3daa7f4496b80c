// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/requests.h"
#include "wire/bookpush.h"
#include "wire/protocol.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QHash>
#include <QtCore/QJsonObject>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtCore/QTimer>

#include <algorithm>
#include <functional>

namespace everx {

class Transport;

// The desk's protocol session with one exchange (docs/architecture.md "The protocol and sessions",
// docs/protocol.md "Connections"): request/reply matching and timeouts, sign-in, channel
// subscriptions with sequence checking, idempotent order placement, reconnection and latency. It
// knows frames and channels, not what they mean: channel data is passed on as JSON.
//
// Connection life: connectToExchange() makes a transport (setTransportFactory) and opens it.
// Every time it connects the session sends `hello`, then `auth.resume` with its token if it has
// one, then subscribes again to every channel it had (fresh snapshots), then retries orders
// whose reply the last drop swallowed. A connection that drops is made again after 0.5 s,
// doubling to 30 s, each delay +-20 % jitter; a successful hello resets the delay. When the
// factory goes round several addresses (setAttemptsPerRound), the attempts of one round follow
// each other after the shortest delay and the delay doubles only between rounds. Only
// disconnectFromExchange() stops that. A ping every 5 s measures latency; an unanswered one
// counts as a dead connection.
//
// Replies: every request gets exactly one call of its handler, with a Result or Error frame. No
// reply within the request timeout (Protocol::RequestTimeoutMs), a connection that drops first
// and a request made while not connected all give an Error frame with code "timeout"; the last
// one's message is "not connected", and it is delivered queued, never from inside request().
// A handler is dropped if its context object has been destroyed. Handlers run in the session's
// thread; the context must live there too.
//
// Ownership: owns each transport the factory makes. Threading: one thread, the one it lives in.
class ClientSession final : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Disconnected, // not connected and not trying (before connectToExchange, after disconnect)
        Connecting, // connecting, waiting to reconnect, or in the hello/resume handshake
        Connected, // handshake done, not signed in
        SignedIn, // handshake done, signed in
    };
    Q_ENUM(State)

    using ReplyHandler = std::function<void(const Protocol::Frame &reply)>;
    using TransportFactory = std::function<Transport *()>;

    explicit ClientSession(QObject *parent = nullptr);
    ~ClientSession() override;
    Q_DISABLE_COPY_MOVE(ClientSession)

    // Makes a new, unopened transport per connection attempt; the session takes ownership. A
    // WebSocketTransport with the server's pinned fingerprint, or EmbeddedExchange::connectClient.
    // A new factory may reach another exchange: the last hello (serverInfo) is forgotten. Takes
    // effect at the next connection attempt; set it while disconnected.
    void setTransportFactory(TransportFactory factory);

    // Starts connecting, or connects at once while waiting to reconnect; no-op while connected.
    void connectToExchange();
    // Closes the connection and stops reconnecting. Pending requests and orders awaiting a retry
    // fail with "timeout". The token and the channel list are kept for the next connect.
    void disconnectFromExchange();

    State state() const { return m_state; }
    // From the last hello: ServerMode::Sandbox or ServerMode::Server; empty before.
    QString serverMode() const { return m_serverInfo ? m_serverInfo->mode : QString(); }
    bool isSandbox() const { return serverMode() == ServerMode::Sandbox; }
    // The last hello's answer: server, protocol, mode, time, gpus; nullopt before.
    std::optional<ServerInfo> serverInfo() const { return m_serverInfo; }
    // The exchange's clock, in epoch ms: the last hello's or ping's time, run on at the hello's
    // clockRate. Every time the desk shows (rentals, ledger, charts, notifications) is on this
    // one clock, which a sandbox runs faster than real time. The wall clock before any hello.
    qint64 exchangeNowMs() const;

    // Sends a request once connected (state Connected or SignedIn); see "Replies" above.
    // Returns the request's id, or 0 when it was not sent.
    qint64 request(const QString &op, const QJsonObject &args, QObject *context,
                   ReplyHandler onReply);

    // auth.login / auth.demo (sandbox only). signedIn() or signInFailed() follows.
    void login(const QString &email, const QString &password);
    void loginDemo(Role role);
    // auth.signup: a new account, unverified until its address is confirmed. signUpSent()
    // follows (the same whether or not the address had an account: a code or a notice went to
    // it), or signInFailed() (a refusal names the field in its message).
    void signUp(const SignUpRequest &account);
    // auth.verify: the code mailed to the address confirms it and signs in like login()
    // (signedIn() or signInFailed() follows).
    void verifyEmail(const EmailVerification &verification);
    // auth.logout: forgets the token and the account channel at once; signedOut() follows.
    void logout();
    // The signed-in account; meaningful in state SignedIn.
    Account account() const { return m_account; }
    // The signed-in account's tax rate, in basis points, as the exchange said at sign-in.
    int taxBasisPoints() const { return m_taxBp; }

    // Channels wanted; kept across reconnects. Subscribing to a channel already wanted does
    // nothing. The snapshot and later pushes come through the signals below.
    void subscribe(const QString &channel);
    void unsubscribe(const QString &channel);
    QStringList channels() const { return m_channels.keys(); }
    // How many times a wanted channel was subscribed again (after a gap or a reconnect).
    int resubscriptions() const { return m_resubscriptions; }

    // order.place with a clientOrderId generated once per order (kept if it has one). If the
    // connection drops before the reply, the same request, same clientOrderId, is sent again after
    // the next reconnect and resume (once per reconnect) until a reply comes, so the order is
    // placed at most once (the server answers a repeat with "duplicate": true). A reply timeout on
    // a live connection is handed to onReply like any request's. Returns the clientOrderId.
    QString placeOrder(BidRequest request, QObject *context, ReplyHandler onReply);

    // Tuning, mostly for tests. Milliseconds.
    void setRequestTimeout(int ms) { m_requestTimeoutMs = ms; }
    void setReconnectDelays(int minMs, int maxMs);
    // How many connection attempts make one round (the factory's addresses; 1 by default): the
    // back-off grows between rounds, not between the attempts of a round.
    void setAttemptsPerRound(int attempts) { m_attemptsPerRound = std::max(1, attempts); }
    void setPingInterval(int ms);
    // When the next reconnection attempt starts, epoch ms (wall clock), while one is scheduled
    // after a drop; 0 otherwise (connected, connecting right now, or not trying).
    qint64 nextAttemptMs() const { return m_reconnectTimer.isActive() ? m_nextAttemptMs : 0; }
    // Round trip of the last answered ping; -1 before the first.
    int lastLatencyMs() const { return m_lastLatencyMs; }

Q_SIGNALS:
    void stateChanged(everx::ClientSession::State state);
    // A transport problem (refused, TLS, timeouts) or a refused hello; for the status bar.
    void connectionError(const QString &message);
    void reconnectScheduled(int delayMs);
    // After login() or loginDemo(); a resume after a reconnect restores SignedIn silently.
    void signedIn(const everx::Account &account);
    void signInFailed(everx::ErrorCode code, const QString &message);
    // After signUp(): the address as the exchange spells it; in the sandbox, the mail it would
    // have sent (the code to show).
    void signUpSent(const everx::SignUpReceipt &receipt);
    // After logout(), or when a reconnect's resume is refused (token expired, server restarted).
    void signedOut();
    // Follows signedOut() when it came from a refused resume, not from logout(): the user did not
    // ask to leave and must be told.
    void resumeRefused();
    // Follows signedOut() when the exchange ended the account's sessions by support's decision
    // (docs/protocol.md "Session events"): state Suspended (with support's reason, possibly
    // empty) or Rejected (a provider's application; no reason). The token is forgotten, so
    // nothing resumes it; the connection stays up, signed out.
    void signedOutBySupport(everx::AccountState state, const QString &reason);
    // A session event that could not be read (ErrorCode::Malformed): ignored, nothing changed.
    void sessionEventIgnored(everx::ErrorCode code, const QString &message);
    void snapshotReceived(const QString &channel, qint64 seq, const QJsonObject &data);
    // Every push after a snapshot but a book's deltas, which come as bookDeltaReceived().
    void deltaReceived(const QString &channel, qint64 seq, everx::PushType type,
                       const QJsonObject &data);
    // A book channel's delta, its levels read (Wire::bookChange()).
    void bookDeltaReceived(const QString &channel, qint64 seq, const everx::BookChange &change);
    // A push skipped a sequence number: drop the channel's state; a fresh snapshot follows.
    void gapDetected(const QString &channel);
    // The server refused a subscription; the channel is no longer wanted.
    void subscriptionFailed(const QString &channel, everx::ErrorCode code, const QString &message);
    void latencyMeasured(int ms);

private:
    struct Pending
    {
        QString op;
        QPointer<QObject> context;
        ReplyHandler onReply;
        QTimer *timer = nullptr; // owned by the session; the request's timeout
        QString orderKey; // clientOrderId of an order.place: a drop keeps the order for a retry
    };
    struct PendingOrder
    {
        QJsonObject args;
        QPointer<QObject> context;
        ReplyHandler onReply;
        qint64 requestId = 0; // 0: not in flight, waiting for a reconnect
        quint64 lastAttempt = 0; // connection serial of the last send
    };
    struct ChannelState
    {
        bool haveSnapshot = false; // deltas before a (fresh) snapshot are dropped
        bool subscribedBefore = false; // a subscribe was sent on some connection
        qint64 lastSeq = 0;
    };

    void startConnection();
    void onTransportConnected();
    void onTransportDisconnected(int code, const QString &reason);
    void onTextReceived(const QString &text);
    void onReply(const Protocol::Frame &frame);
    void onPush(const Protocol::Frame &frame);
    void onSessionEvent(const Protocol::Frame &frame);
    // Whether a delta or event push follows on its channel's last: false for a channel no longer
    // wanted or waiting for its snapshot, and for a gap, which it handles (gapDetected(), a fresh
    // subscription).
    bool inSequence(const QString &channel, qint64 seq);
    void onHelloReply(const Protocol::Frame &reply);
    void onResumeReply(const Protocol::Frame &reply);
    void finishHandshake();
    void onOrderReply(const QString &clientOrderId, const Protocol::Frame &reply);
    void sendOrder(const QString &clientOrderId);
    void sendSubscribe(const QString &channel);
    void sendPing();
    void onSignInReply(const Protocol::Frame &reply);

    // Sends whenever the transport is up, whatever the state (the handshake needs that).
    qint64 send(const QString &op, const QJsonObject &args, QObject *context, ReplyHandler onReply,
                const QString &orderKey = {});
    // Delivers an Error frame "timeout" later (queued), never from inside the caller.
    void failLater(QObject *context, ReplyHandler onReply, const QString &message);
    void timeOut(qint64 id);
    // Fails every pending request; orders are kept for a retry if keepOrders.
    void failPending(const QString &message, bool keepOrders);
    // Fails the orders that wait for a reconnect to be retried.
    void failWaitingOrders(const QString &message);
    // Detaches, closes and deletes (later) the transport; replies still to come are stale.
    void dropTransport(int code, const QString &reason);
    // After the transport is gone: state, pending requests, the next attempt.
    void afterDrop(const QString &message);
    // The connection is unusable (a timed-out ping or hello): drop it and reconnect.
    void abandonConnection(const QString &reason);
    void scheduleReconnect();
    void setState(State state);
    void forgetSignIn();
    // Forgets the sign-in, leaves Ready, fails the orders waiting to be sent again with `why`
    // and says signedOut(); false if a slot destroyed the session on the way.
    bool endSignIn(const QString &why);
    bool isReady() const { return m_state == State::Connected || m_state == State::SignedIn; }
    QString nextClientOrderId();

    TransportFactory m_factory;
    Transport *m_transport = nullptr; // child; one per connection attempt
    quint64 m_serial = 0; // raised per connection attempt; stale replies compare it
    State m_state = State::Disconnected;
    bool m_wanted = false; // connectToExchange() was called and disconnectFromExchange() not yet
    std::optional<ServerInfo> m_serverInfo;
    qint64 m_exchangeTimeMs = 0; // the exchange's clock when m_exchangeTimer started
    QElapsedTimer m_exchangeTimer; // invalid before the first hello

    qint64 m_nextId = 0; // ids are unique for the session's life, so unique per connection too
    QHash<qint64, Pending> m_pending;
    QHash<QString, PendingOrder> m_orders; // by clientOrderId, until their reply
    QString m_orderIdPrefix;
    quint32 m_orderCounter = 0;

    QString m_token;
    Account m_account;
    int m_taxBp = 0; // the signed-in account's, from its sign-in

    QHash<QString, ChannelState> m_channels;
    // What the last book delta was read into, its lists kept for the next, and its channel's
    // name: a run of deltas on one channel allocates neither again (onTextReceived).
    Protocol::BookDelta m_bookDelta;
    QString m_bookDeltaChannel;
    int m_resubscriptions = 0;

    int m_requestTimeoutMs = Protocol::RequestTimeoutMs;
    int m_minReconnectMs = 500;
    int m_maxReconnectMs = 30'000;
    int m_nextReconnectMs = 500;
    int m_attemptsPerRound = 1;
    int m_attemptsInRound = 0; // attempts since the round began; 0 after a successful hello
    QTimer m_reconnectTimer;
    qint64 m_nextAttemptMs = 0; // epoch ms the reconnect timer fires at

    QTimer m_pingTimer;
    int m_pingIntervalMs = 5'000; // 0: no pings
    qint64 m_pingId = 0; // the ping in flight, 0 if none
    QElapsedTimer m_pingClock;
    int m_lastLatencyMs = -1;
};

} // namespace everx
