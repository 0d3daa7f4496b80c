// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/clientsession.h"

#include "wire/bookpush.h"
#include "wire/transport.h"
#include "wire/wirecodec.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QLoggingCategory>
#include <QtCore/QRandomGenerator>

#include <algorithm>
#include <utility>

namespace everx {

Q_LOGGING_CATEGORY(lcSession, "everx.models.session")

namespace {

Protocol::Frame errorFrame(qint64 id, ErrorCode code, const QString &message)
{
    Protocol::Frame frame;
    frame.kind = Protocol::FrameKind::Error;
    frame.id = id;
    frame.errorCode = code;
    frame.errorMessage = message;
    return frame;
}

// hello's "client": the application's name and version, for the server's logs.
QString clientName()
{
    QString name = QCoreApplication::applicationName();
    if (name.isEmpty())
        name = QStringLiteral("everx-desk");
    const QString version = QCoreApplication::applicationVersion();
    return version.isEmpty() ? name : name + u'/' + version;
}

} // namespace

ClientSession::ClientSession(QObject *parent)
    : QObject(parent)
{
    // 64 random bits per session: two desks of the same account must never generate the same
    // clientOrderId, or the server would answer the second order with the first ("duplicate").
    const quint64 random = QRandomGenerator::system()->generate64();
    m_orderIdPrefix = QStringLiteral("desk-%1-").arg(random, 16, 16, QChar(u'0'));

    m_reconnectTimer.setSingleShot(true);
    connect(&m_reconnectTimer, &QTimer::timeout, this, [this] {
        if (m_wanted && !m_transport)
            startConnection();
    });
    m_pingTimer.setInterval(m_pingIntervalMs);
    connect(&m_pingTimer, &QTimer::timeout, this, &ClientSession::sendPing);
}

ClientSession::~ClientSession()
{
    // Pending handlers are not called: their session is going away. The transport is a child.
    if (m_transport) {
        m_transport->disconnect(this);
        m_transport->close(1000, QStringLiteral("client closing"));
    }
}

void ClientSession::setTransportFactory(TransportFactory factory)
{
    m_factory = std::move(factory);
    // Otherwise the desk would call a server it has not reached yet "sandbox", or the reverse.
    m_serverInfo = {};
    m_exchangeTimer.invalidate();
}

void ClientSession::setReconnectDelays(int minMs, int maxMs)
{
    m_minReconnectMs = std::max(1, minMs);
    m_maxReconnectMs = std::max(m_minReconnectMs, maxMs);
    m_nextReconnectMs = m_minReconnectMs;
}

void ClientSession::setPingInterval(int ms)
{
    m_pingIntervalMs = std::max(0, ms);
    if (m_pingIntervalMs == 0) {
        m_pingTimer.stop();
        return;
    }
    m_pingTimer.setInterval(m_pingIntervalMs);
    if (isReady())
        m_pingTimer.start();
}

// --- connection -------------------------------------------------------------------------------

void ClientSession::connectToExchange()
{
    m_wanted = true;
    if (m_transport)
        return; // connecting or connected already
    startConnection(); // also cuts a reconnect wait short
}

void ClientSession::disconnectFromExchange()
{
    m_wanted = false;
    m_reconnectTimer.stop();
    m_nextReconnectMs = m_minReconnectMs;
    m_attemptsInRound = 0;
    dropTransport(1000, QStringLiteral("client disconnecting"));
    afterDrop(tr("disconnected"));
}

void ClientSession::startConnection()
{
    m_reconnectTimer.stop();
    Transport *transport = m_factory ? m_factory() : nullptr;
    if (!transport) {
        m_wanted = false;
        setState(State::Disconnected);
        Q_EMIT connectionError(tr("No way to reach the exchange is configured."));
        return;
    }
    Q_ASSERT(transport->thread() == thread());
    ++m_serial;
    ++m_attemptsInRound;
    m_transport = transport;
    transport->setParent(this);
    connect(transport, &Transport::connected, this, &ClientSession::onTransportConnected);
    connect(transport, &Transport::disconnected, this, &ClientSession::onTransportDisconnected);
    connect(transport, &Transport::textReceived, this, &ClientSession::onTextReceived);
    connect(transport, &Transport::errorOccurred, this, &ClientSession::connectionError);
    setState(State::Connecting);
    if (m_transport == transport) // a stateChanged() slot may have disconnected already
        transport->open();
}

void ClientSession::onTransportConnected()
{
    qCDebug(lcSession) << "connected to" << m_transport->peer();
    send(Op::Hello, Wire::toJson(Hello {clientName(), Protocol::Version}), this,
         [this, serial = m_serial](const Protocol::Frame &reply) {
             if (serial == m_serial)
                 onHelloReply(reply);
         });
}

void ClientSession::onHelloReply(const Protocol::Frame &reply)
{
    if (reply.kind == Protocol::FrameKind::Error) {
        if (reply.errorCode == ErrorCode::Timeout) {
            abandonConnection(tr("The exchange did not answer."));
            return;
        }
        // A refused hello (another protocol version, most likely) will be refused again.
        m_wanted = false;
        Q_EMIT connectionError(
            tr("The exchange refused the connection: %1").arg(reply.errorMessage));
        dropTransport(1000, QStringLiteral("hello refused"));
        afterDrop(tr("the exchange refused the connection"));
        return;
    }
    const std::optional<ServerInfo> info = Wire::serverInfoFromJson(reply.result);
    if (!info || info->protocol != Protocol::Version) {
        m_wanted = false;
        Q_EMIT connectionError(tr("The exchange speaks another protocol version."));
        dropTransport(1000, QStringLiteral("protocol mismatch"));
        afterDrop(tr("the exchange speaks another protocol version"));
        return;
    }
    m_serverInfo = info;
    m_exchangeTimeMs = info->timeMs;
    m_exchangeTimer.start();
    m_nextReconnectMs = m_minReconnectMs;
    m_attemptsInRound = 0;
    if (m_token.isEmpty()) {
        finishHandshake();
        return;
    }
    send(Op::AuthResume, Wire::resumeRequest(m_token), this,
         [this, serial = m_serial](const Protocol::Frame &resumed) {
             if (serial == m_serial)
                 onResumeReply(resumed);
         });
}

void ClientSession::onResumeReply(const Protocol::Frame &reply)
{
    if (reply.kind == Protocol::FrameKind::Error && reply.errorCode == ErrorCode::Timeout) {
        abandonConnection(tr("The exchange did not answer."));
        return;
    }
    std::optional<SignIn> resumed;
    QString error;
    if (reply.kind == Protocol::FrameKind::Result)
        resumed = Wire::resumeReplyFromJson(reply.result, &error);
    if (resumed) {
        m_account = resumed->account;
        m_taxBp = resumed->taxBp;
        finishHandshake();
        return;
    }
    // The token is gone (expired, revoked, a restarted server): signed out, but connected.
    qCInfo(lcSession) << "resume refused:" << reply.errorCode << reply.errorMessage << error;
    forgetSignIn();
    QPointer<ClientSession> self(this);
    finishHandshake();
    if (self)
        Q_EMIT signedOut();
    if (self)
        Q_EMIT resumeRefused();
}

void ClientSession::finishHandshake()
{
    QPointer<ClientSession> self(this);
    const quint64 serial = m_serial;
    setState(m_token.isEmpty() ? State::Connected : State::SignedIn);
    if (!self || serial != m_serial)
        return; // a stateChanged() slot dropped the connection
    if (m_pingIntervalMs > 0)
        m_pingTimer.start(m_pingIntervalMs);
    const QStringList channels = m_channels.keys();
    for (const QString &channel : channels) {
        if (m_channels.value(channel).subscribedBefore)
            ++m_resubscriptions;
        sendSubscribe(channel);
    }
    // Orders whose reply the drop swallowed, once per reconnect: the server dedupes them by
    // clientOrderId, so a retry of an order it did place answers that order.
    const QStringList orders = m_orders.keys();
    for (const QString &clientOrderId : orders) {
        const auto it = m_orders.constFind(clientOrderId);
        if (it != m_orders.cend() && it->requestId == 0 && it->lastAttempt != m_serial)
            sendOrder(clientOrderId);
    }
}

void ClientSession::onTransportDisconnected(int code, const QString &reason)
{
    qCInfo(lcSession) << "connection closed:" << code << reason;
    dropTransport(code, reason);
    afterDrop(tr("the connection dropped before the reply"));
}

void ClientSession::abandonConnection(const QString &reason)
{
    qCWarning(lcSession) << "abandoning the connection:" << reason;
    Q_EMIT connectionError(reason);
    dropTransport(Transport::CloseGoingAway, reason);
    afterDrop(reason);
}

void ClientSession::dropTransport(int code, const QString &reason)
{
    m_pingTimer.stop();
    m_pingId = 0;
    if (!m_transport)
        return;
    Transport *transport = std::exchange(m_transport, nullptr);
    ++m_serial; // every reply of the old connection is stale from here on
    transport->disconnect(this);
    transport->close(code, reason);
    transport->deleteLater(); // we may be inside one of its signals
}

void ClientSession::afterDrop(const QString &message)
{
    QPointer<ClientSession> self(this);
    setState(m_wanted ? State::Connecting : State::Disconnected);
    if (!self)
        return;
    failPending(message, m_wanted);
    if (!self)
        return;
    if (!m_wanted) {
        failWaitingOrders(message);
        if (!self)
            return;
    }
    if (m_wanted && !m_transport && !m_reconnectTimer.isActive())
        scheduleReconnect();
}

void ClientSession::scheduleReconnect()
{
    if (m_attemptsInRound >= m_attemptsPerRound)
        m_attemptsInRound = 0; // every address was tried: the next round, after the back-off
    const bool roundStarts = m_attemptsInRound == 0;
    const int base = roundStarts ? m_nextReconnectMs : m_minReconnectMs;
    // +-20 % so that many desks dropped by one server restart do not come back in step.
    const int delay = std::max(1, base * (80 + int(QRandomGenerator::global()->bounded(41))) / 100);
    if (roundStarts)
        m_nextReconnectMs = std::min(base * 2, m_maxReconnectMs);
    m_nextAttemptMs = QDateTime::currentMSecsSinceEpoch() + delay;
    m_reconnectTimer.start(delay);
    qCDebug(lcSession) << "reconnecting in" << delay << "ms";
    Q_EMIT reconnectScheduled(delay);
}

void ClientSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

// --- requests ---------------------------------------------------------------------------------

qint64 ClientSession::request(const QString &op, const QJsonObject &args, QObject *context,
                              ReplyHandler onReply)
{
    Q_ASSERT(context);
    if (!isReady()) {
        failLater(context, std::move(onReply), tr("not connected"));
        return 0;
    }
    return send(op, args, context, std::move(onReply));
}

qint64 ClientSession::send(const QString &op, const QJsonObject &args, QObject *context,
                           ReplyHandler onReply, const QString &orderKey)
{
    if (!m_transport || !m_transport->isConnected()) {
        failLater(context, std::move(onReply), tr("not connected"));
        return 0;
    }
    const qint64 id = ++m_nextId;
    Pending pending;
    pending.op = op;
    pending.context = context;
    pending.onReply = std::move(onReply);
    pending.orderKey = orderKey;
    pending.timer = new QTimer(this);
    pending.timer->setSingleShot(true);
    connect(pending.timer, &QTimer::timeout, this, [this, id] { timeOut(id); });
    pending.timer->start(m_requestTimeoutMs);
    m_pending.insert(id, std::move(pending));
    m_transport->sendText(Protocol::encodeRequest(id, op, args));
    return id;
}

void ClientSession::failLater(QObject *context, ReplyHandler onReply, const QString &message)
{
    QMetaObject::invokeMethod(
        context ? context : this,
        [onReply = std::move(onReply), frame = errorFrame(0, ErrorCode::Timeout, message)] {
            onReply(frame);
        },
        Qt::QueuedConnection);
}

void ClientSession::timeOut(qint64 id)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    const Pending pending = std::move(it.value());
    m_pending.erase(it);
    pending.timer->deleteLater(); // we are inside its timeout()
    qCWarning(lcSession) << "no reply to" << pending.op << id << "within" << m_requestTimeoutMs
                         << "ms";
    if (pending.context) {
        pending.onReply(errorFrame(
            id, ErrorCode::Timeout,
            tr("no reply to %1 within %2 s").arg(pending.op).arg(m_requestTimeoutMs / 1000.0)));
    }
}

void ClientSession::failPending(const QString &message, bool keepOrders)
{
    const QHash<qint64, Pending> pending = std::exchange(m_pending, {});
    QPointer<ClientSession> self(this);
    for (auto it = pending.cbegin(); it != pending.cend(); ++it) {
        it->timer->deleteLater();
        if (!it->orderKey.isEmpty() && keepOrders) {
            const auto order = m_orders.find(it->orderKey);
            if (order != m_orders.end() && order->requestId == it.key())
                order->requestId = 0; // waits for the next connection
            continue;
        }
        if (it->context)
            it->onReply(errorFrame(it.key(), ErrorCode::Timeout, message));
        if (!self)
            return;
    }
}

void ClientSession::failWaitingOrders(const QString &message)
{
    const QHash<QString, PendingOrder> orders = std::exchange(m_orders, {});
    QPointer<ClientSession> self(this);
    for (const PendingOrder &order : orders) {
        if (order.context)
            order.onReply(errorFrame(0, ErrorCode::Timeout, message));
        if (!self)
            return;
    }
}

void ClientSession::onTextReceived(const QString &text)
{
    // A book's deltas are most of what a busy exchange sends: read without a JSON document,
    // and without allocating (the delta's lists and the channel's name are kept for the next).
    if (Protocol::decodeBookDelta(text, &m_bookDelta)) {
        if (m_bookDeltaChannel != m_bookDelta.channel)
            m_bookDeltaChannel = m_bookDelta.channel.toString();
        // The slots get this call's own delta and name: one may read another frame meanwhile.
        const QString channel = m_bookDeltaChannel;
        Protocol::BookDelta delta = std::exchange(m_bookDelta, {});
        QPointer<ClientSession> self(this); // a slot may delete the session
        if (inSequence(channel, delta.seq))
            Q_EMIT bookDeltaReceived(channel, delta.seq, delta.change);
        if (self)
            m_bookDelta = std::move(delta);
        return;
    }
    Protocol::DecodeError error;
    const std::optional<Protocol::Frame> frame =
        Protocol::decode(text, &error, Protocol::MaxServerFrameBytes);
    if (!frame) {
        qCWarning(lcSession) << "dropping a bad frame from the exchange:" << error.code
                             << error.message;
        return;
    }
    switch (frame->kind) {
    case Protocol::FrameKind::Result:
    case Protocol::FrameKind::Error:
        if (frame->id == 0) {
            // The server could not read one of our frames; that request will time out.
            qCWarning(lcSession) << "the exchange refused a frame:" << frame->errorCode
                                 << frame->errorMessage;
            return;
        }
        onReply(*frame);
        return;
    case Protocol::FrameKind::Push:
        onPush(*frame);
        return;
    case Protocol::FrameKind::Event:
        onSessionEvent(*frame);
        return;
    case Protocol::FrameKind::Request:
        qCWarning(lcSession) << "ignoring a request from the exchange:" << frame->op;
        return;
    }
}

void ClientSession::onReply(const Protocol::Frame &frame)
{
    const auto it = m_pending.find(frame.id);
    if (it == m_pending.end()) {
        qCDebug(lcSession) << "late or unknown reply" << frame.id;
        return;
    }
    const Pending pending = std::move(it.value());
    m_pending.erase(it);
    pending.timer->stop();
    pending.timer->deleteLater();
    if (pending.context)
        pending.onReply(frame);
}

// --- sign-in ----------------------------------------------------------------------------------

void ClientSession::login(const QString &email, const QString &password)
{
    request(Op::AuthLogin, Wire::toJson(Credentials {email, password}), this,
            [this](const Protocol::Frame &reply) { onSignInReply(reply); });
}

void ClientSession::loginDemo(Role role)
{
    request(Op::AuthDemo, Wire::demoRequest(role), this,
            [this](const Protocol::Frame &reply) { onSignInReply(reply); });
}

void ClientSession::signUp(const SignUpRequest &account)
{
    request(Op::AuthSignup, Wire::toJson(account), this, [this](const Protocol::Frame &reply) {
        if (reply.kind == Protocol::FrameKind::Error) {
            Q_EMIT signInFailed(reply.errorCode, reply.errorMessage);
            return;
        }
        QString error;
        const std::optional<SignUpReceipt> receipt =
            Wire::signUpReceiptFromJson(reply.result, &error);
        if (!receipt) {
            Q_EMIT signInFailed(ErrorCode::Malformed, error);
            return;
        }
        Q_EMIT signUpSent(*receipt);
    });
}

void ClientSession::verifyEmail(const EmailVerification &verification)
{
    request(Op::AuthVerify, Wire::toJson(verification), this,
            [this](const Protocol::Frame &reply) { onSignInReply(reply); });
}

void ClientSession::onSignInReply(const Protocol::Frame &reply)
{
    if (reply.kind == Protocol::FrameKind::Error) {
        Q_EMIT signInFailed(reply.errorCode, reply.errorMessage);
        return;
    }
    QString error;
    const std::optional<SignIn> signIn = Wire::signInFromJson(reply.result, &error);
    if (!signIn) {
        Q_EMIT signInFailed(ErrorCode::Malformed, error);
        return;
    }
    // A sign-in on a signed-in connection ends the earlier session on the server, and its
    // account channel with it: a followed account channel is followed again, for the new account.
    const bool followedAccount = !m_token.isEmpty() && m_channels.contains(Channel::AccountName);
    if (!m_token.isEmpty())
        forgetSignIn();
    m_token = signIn->token;
    m_account = signIn->account;
    m_taxBp = signIn->taxBp;
    if (followedAccount)
        subscribe(Channel::AccountName);
    QPointer<ClientSession> self(this);
    if (isReady())
        setState(State::SignedIn);
    if (self)
        Q_EMIT signedIn(m_account);
}

void ClientSession::logout()
{
    if (m_token.isEmpty())
        return;
    if (isReady()) {
        if (m_channels.contains(Channel::AccountName))
            send(Op::Unsubscribe, Wire::channelRequest(Channel::AccountName), this,
                 [](const Protocol::Frame &) {});
        send(Op::AuthLogout, {}, this, [](const Protocol::Frame &) {});
    }
    endSignIn(tr("signed out before the order could be sent again"));
}

bool ClientSession::endSignIn(const QString &why)
{
    forgetSignIn();
    QPointer<ClientSession> self(this);
    if (isReady())
        setState(State::Connected);
    if (!self)
        return false;
    failWaitingOrders(why);
    if (!self)
        return false;
    Q_EMIT signedOut();
    return !self.isNull();
}

void ClientSession::forgetSignIn()
{
    m_token.clear();
    m_account = Account();
    m_taxBp = 0;
    // Without an account the private channel cannot be subscribed again.
    m_channels.remove(Channel::AccountName);
}

// --- channels ---------------------------------------------------------------------------------

void ClientSession::subscribe(const QString &channel)
{
    if (channel.isEmpty() || m_channels.contains(channel))
        return;
    m_channels.insert(channel, ChannelState());
    if (isReady())
        sendSubscribe(channel);
}

void ClientSession::unsubscribe(const QString &channel)
{
    const auto it = m_channels.find(channel);
    if (it == m_channels.end())
        return;
    const bool wasSent = it->subscribedBefore;
    m_channels.erase(it);
    if (wasSent && isReady())
        send(Op::Unsubscribe, Wire::channelRequest(channel), this, [](const Protocol::Frame &) {});
}

void ClientSession::sendSubscribe(const QString &channel)
{
    const auto it = m_channels.find(channel);
    if (it == m_channels.end())
        return;
    it->haveSnapshot = false;
    it->subscribedBefore = true;
    send(Op::Subscribe, Wire::channelRequest(channel), this,
         [this, channel, serial = m_serial](const Protocol::Frame &reply) {
             // A timeout means a dead connection, whose successor subscribes again.
             if (reply.kind != Protocol::FrameKind::Error || reply.errorCode == ErrorCode::Timeout
                 || serial != m_serial)
                 return;
             if (m_channels.remove(channel) == 0)
                 return;
             qCWarning(lcSession) << "subscription to" << channel << "refused:" << reply.errorCode;
             Q_EMIT subscriptionFailed(channel, reply.errorCode, reply.errorMessage);
         });
}

void ClientSession::onPush(const Protocol::Frame &frame)
{
    if (frame.type == PushType::Snapshot) {
        const auto it = m_channels.find(frame.channel);
        if (it == m_channels.end())
            return; // unsubscribed meanwhile
        it->haveSnapshot = true;
        it->lastSeq = frame.seq;
        Q_EMIT snapshotReceived(frame.channel, frame.seq, frame.data);
        return;
    }
    if (!inSequence(frame.channel, frame.seq))
        return;
    if (frame.type == PushType::Delta && Channel::isBook(frame.channel))
        Q_EMIT bookDeltaReceived(frame.channel, frame.seq, Wire::bookChange(frame.data));
    else
        Q_EMIT deltaReceived(frame.channel, frame.seq, frame.type, frame.data);
}

void ClientSession::onSessionEvent(const Protocol::Frame &frame)
{
    AccountState state = AccountState::Suspended;
    if (frame.event == SessionEvent::AccountSuspended) {
        state = AccountState::Suspended;
    } else if (frame.event == SessionEvent::AccountRejected) {
        state = AccountState::Rejected;
    } else {
        // A newer server's event: this desk does not know what it means, so it changes nothing.
        qCInfo(lcSession) << "ignoring an unknown session event" << frame.event.left(64);
        return;
    }
    QString error;
    const std::optional<QString> reason = Wire::sessionEventReasonFromJson(frame.data, &error);
    if (!reason) {
        qCWarning(lcSession) << "ignoring a malformed session event" << frame.event << error;
        Q_EMIT sessionEventIgnored(ErrorCode::Malformed, error);
        return;
    }
    // Addressed to a session this desk has no more (signed out since it was sent).
    if (m_token.isEmpty())
        return;
    // The server revoked every token of the account and signed this connection out, which stays
    // up: forget the token so that no reconnection tries to resume it.
    qCInfo(lcSession) << "the exchange ended the session:" << frame.event;
    if (endSignIn(tr("the account's session ended before the order could be sent again")))
        Q_EMIT signedOutBySupport(state, *reason);
}

bool ClientSession::inSequence(const QString &channel, qint64 seq)
{
    const auto it = m_channels.find(channel);
    if (it == m_channels.end())
        return false; // unsubscribed meanwhile
    if (!it->haveSnapshot)
        return false; // pushes of the old subscription, before the fresh snapshot
    if (seq != it->lastSeq + 1) {
        qCInfo(lcSession) << "gap on" << channel << ": expected" << it->lastSeq + 1 << "got" << seq;
        it->haveSnapshot = false;
        ++m_resubscriptions;
        QPointer<ClientSession> self(this);
        Q_EMIT gapDetected(channel);
        // Out and in again: a server answers a subscription to a channel the connection has
        // already without a snapshot (docs/protocol.md "Channels").
        if (self && isReady() && m_channels.contains(channel)) {
            send(Op::Unsubscribe, Wire::channelRequest(channel), this,
                 [](const Protocol::Frame &) {});
            sendSubscribe(channel);
        }
        return false;
    }
    it->lastSeq = seq;
    return true;
}

// --- orders and pings -------------------------------------------------------------------------

QString ClientSession::nextClientOrderId()
{
    return m_orderIdPrefix + QString::number(++m_orderCounter);
}

QString ClientSession::placeOrder(BidRequest request, QObject *context, ReplyHandler onReply)
{
    Q_ASSERT(context);
    if (request.clientOrderId.isEmpty())
        request.clientOrderId = nextClientOrderId();
    const QString clientOrderId = request.clientOrderId;
    if (!isReady()) {
        failLater(context, std::move(onReply), tr("not connected"));
        return clientOrderId;
    }
    if (m_orders.contains(clientOrderId)) {
        QMetaObject::invokeMethod(
            context,
            [onReply = std::move(onReply),
             frame = errorFrame(0, ErrorCode::InvalidArgument,
                                tr("order %1 is already being placed").arg(clientOrderId))] {
                onReply(frame);
            },
            Qt::QueuedConnection);
        return clientOrderId;
    }
    PendingOrder order;
    order.args = Wire::toJson(request);
    order.context = context;
    order.onReply = std::move(onReply);
    m_orders.insert(clientOrderId, std::move(order));
    sendOrder(clientOrderId);
    return clientOrderId;
}

void ClientSession::sendOrder(const QString &clientOrderId)
{
    const auto it = m_orders.find(clientOrderId);
    if (it == m_orders.end())
        return;
    it->lastAttempt = m_serial;
    const QJsonObject args = it->args;
    // send() may fail at once (queued) and then the handler removes the order: look it up again.
    const qint64 id = send(
        Op::OrderPlace, args, this,
        [this, clientOrderId](const Protocol::Frame &reply) { onOrderReply(clientOrderId, reply); },
        clientOrderId);
    const auto again = m_orders.find(clientOrderId);
    if (again != m_orders.end())
        again->requestId = id;
}

void ClientSession::onOrderReply(const QString &clientOrderId, const Protocol::Frame &reply)
{
    const auto it = m_orders.find(clientOrderId);
    if (it == m_orders.end())
        return;
    const PendingOrder order = std::move(it.value());
    m_orders.erase(it);
    if (order.context)
        order.onReply(reply);
}

qint64 ClientSession::exchangeNowMs() const
{
    if (!m_serverInfo || !m_exchangeTimer.isValid())
        return QDateTime::currentMSecsSinceEpoch();
    return m_exchangeTimeMs + m_exchangeTimer.elapsed() * m_serverInfo->clockRate;
}

void ClientSession::sendPing()
{
    if (m_pingId != 0 || !isReady())
        return; // one at a time: an unanswered ping times out by itself
    m_pingClock.start();
    m_pingId = send(Op::Ping, {}, this, [this, serial = m_serial](const Protocol::Frame &reply) {
        if (serial != m_serial)
            return;
        m_pingId = 0;
        if (reply.kind == Protocol::FrameKind::Result) {
            m_lastLatencyMs = int(m_pingClock.elapsed());
            // The answer was read at the exchange about half a round trip ago.
            const qint64 time = Wire::pingTimeFromJson(reply.result);
            if (time > 0 && m_serverInfo) {
                m_exchangeTimeMs = time + qint64(m_lastLatencyMs) / 2 * m_serverInfo->clockRate;
                m_exchangeTimer.start();
            }
            Q_EMIT latencyMeasured(m_lastLatencyMs);
        } else if (reply.errorCode == ErrorCode::Timeout) {
            // A half-open TCP connection looks alive to the socket; only a missing answer tells.
            abandonConnection(tr("The exchange stopped answering."));
        }
    });
}

} // namespace everx
