// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "wire/transport.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QJsonObject>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QSet>

namespace everx {

class ExchangeService;

// One client connection on the server side: enforces the frame size and the request rate
// (docs/protocol.md "Limits"), decodes frames and hands requests to the service, and keeps the
// connection's session (account, session key, subscriptions). A connection that has neither signed
// in nor subscribed within the service's signInGraceMs is closed (1008); the transport keeps it
// alive with pings and drops a peer that stops answering them, and closes one that does not read
// what it is sent (1008 "too slow", past the service's maxQueuedBytes).
//
// The request rate is a token bucket of requestsPerSecond, holding twice as many: a request takes
// one, and a snapshot it brings one more per Protocol::SnapshotBytesPerRequest bytes, so that
// snapshots cost what they weigh (chargeSnapshot()).
//
// Ownership: owns its transport; deletes itself (deleteLater) when the transport disconnects.
// Threading: the service's thread.
class ServerConnection final : public QObject
{
    Q_OBJECT

public:
    ServerConnection(Transport *transport, ExchangeService &service, QObject *parent = nullptr);
    ~ServerConnection() override;
    Q_DISABLE_COPY_MOVE(ServerConnection)

    void send(const QString &frame);
    void sendResult(qint64 id, const QJsonObject &result);
    void sendError(qint64 id, ErrorCode code, const QString &message);
    void close(int code, const QString &reason);

    qint64 accountId() const { return m_accountId; }
    // The key of the connection's session (SessionStore::key of its token); empty: none.
    QByteArray sessionKey() const { return m_sessionKey; }
    void setSession(qint64 accountId, const QByteArray &sessionKey);
    QSet<QString> &subscriptions() { return m_subscriptions; }
    // Takes a snapshot's weight from the request rate: bytes / Protocol::SnapshotBytesPerRequest
    // requests. mayRefuse: false (and nothing taken) when the bucket does not hold that much now
    // (or, for a snapshot larger than the bucket, is not full); else it is taken even past empty,
    // and the requests after it wait until the bucket has refilled.
    bool chargeSnapshot(qint64 bytes, bool mayRefuse);
    // Counted among the connections without a sign-in that watch channels (the service's cap).
    bool isWatching() const { return m_watching; }
    void setWatching(bool watching) { m_watching = watching; }
    QString peer() const;
    QString peerAddress() const; // the IP (or IPv6 /64) that limits and throttles count by
    bool isOpen() const { return m_transport && m_transport->isConnected(); }
    // The transport has disconnected and the service let go of it (connectionClosed()); it is
    // deleted next. Nothing may make it a subscriber again.
    bool isClosed() const { return m_closed; }
    // What waits to be written to the peer (Transport::queuedBytes()).
    qint64 queuedBytes() const { return m_transport ? m_transport->queuedBytes() : 0; }

private:
    void onText(const QString &text);
    void onDisconnected();
    bool admitRequest(); // token bucket; false: rate limited
    void refill(); // the bucket, for the time since the last refill
    void onGraceOver();

    QPointer<Transport> m_transport;
    ExchangeService &m_service;
    qint64 m_accountId = 0;
    QByteArray m_sessionKey;
    QSet<QString> m_subscriptions;
    QElapsedTimer m_clock;
    double m_tokens;
    qint64 m_lastRefillMs = 0;
    qint64 m_windowStartMs = 0;
    int m_windowCount = 0;
    bool m_closed = false;
    bool m_flooded = false; // closing for a flood: further frames are dropped
    bool m_watching = false;
};

} // namespace everx
