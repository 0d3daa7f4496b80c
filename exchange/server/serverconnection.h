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
// alive with pings and drops a peer that stops answering them.
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
    QString peer() const;
    QString peerAddress() const; // the IP (or IPv6 /64) that limits and throttles count by
    bool isOpen() const { return m_transport && m_transport->isConnected(); }

private:
    void onText(const QString &text);
    void onDisconnected();
    bool admitRequest(); // token bucket; false: rate limited
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
};

} // namespace everx
