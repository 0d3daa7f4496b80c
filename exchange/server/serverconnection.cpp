// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/serverconnection.h"

#include "server/exchangeservice.h"

#include "wire/protocol.h"

#include <QtCore/QLoggingCategory>
#include <QtCore/QTimer>

namespace everx {

Q_LOGGING_CATEGORY(lcConnection, "everx.exchange.connection")

ServerConnection::ServerConnection(Transport *transport, ExchangeService &service, QObject *parent)
    : QObject(parent)
    , m_transport(transport)
    , m_service(service)
    , m_tokens(2.0 * service.options().requestsPerSecond)
{
    transport->setParent(this);
    m_clock.start();
    connect(transport, &Transport::textReceived, this, &ServerConnection::onText);
    connect(transport, &Transport::disconnected, this, &ServerConnection::onDisconnected);
    const ExchangeService::Options &options = service.options();
    transport->setKeepalive(options.keepaliveIntervalMs, options.keepaliveTimeoutMs);
    transport->setMaxQueuedBytes(options.maxQueuedBytes);
    connect(transport, &Transport::tooSlow, this, [this](qint64 queued) {
        qCWarning(lcConnection) << "closing" << peer() << ": it does not read what it is sent ("
                                << queued << "bytes waiting)";
        m_service.connectionTooSlow(*this);
    });
    if (options.signInGraceMs > 0)
        QTimer::singleShot(std::chrono::milliseconds(options.signInGraceMs), this,
                           &ServerConnection::onGraceOver);
    qCDebug(lcConnection) << "connection from" << transport->peer();
}

void ServerConnection::onGraceOver()
{
    // Public market data needs no account: a connection that subscribed to anything stays.
    if (m_accountId != 0 || !m_subscriptions.isEmpty())
        return;
    qCDebug(lcConnection) << "closing" << peer() << ": neither signed in nor subscribed";
    close(1008,
          QStringLiteral("sign in or subscribe within %1 s")
              .arg(m_service.options().signInGraceMs / 1000.0));
}

ServerConnection::~ServerConnection()
{
    if (!m_closed)
        m_service.connectionClosed(*this);
}

QString ServerConnection::peer() const
{
    return m_transport ? m_transport->peer() : QString();
}

QString ServerConnection::peerAddress() const
{
    return m_transport ? m_transport->peerAddress() : QString();
}

void ServerConnection::setSession(qint64 accountId, const QByteArray &sessionKey)
{
    m_accountId = accountId;
    m_sessionKey = sessionKey;
}

void ServerConnection::send(const QString &frame)
{
    if (m_transport && !m_closed)
        m_transport->sendText(frame);
}

void ServerConnection::sendResult(qint64 id, const QJsonObject &result)
{
    send(Protocol::encodeResult(id, result));
}

void ServerConnection::sendError(qint64 id, ErrorCode code, const QString &message)
{
    send(Protocol::encodeError(id, code, message));
}

void ServerConnection::close(int code, const QString &reason)
{
    if (m_transport && !m_closed)
        m_transport->close(code, reason);
}

void ServerConnection::refill()
{
    const qint64 now = m_clock.elapsed();
    const int perSecond = m_service.options().requestsPerSecond;
    m_tokens = std::min<double>(2.0 * perSecond,
                                m_tokens + double(now - m_lastRefillMs) * perSecond / 1000.0);
    m_lastRefillMs = now;
}

bool ServerConnection::chargeSnapshot(qint64 bytes, bool mayRefuse)
{
    refill();
    const double cost = double(bytes) / double(Protocol::SnapshotBytesPerRequest);
    const double burst = 2.0 * m_service.options().requestsPerSecond;
    if (mayRefuse && m_tokens < std::min(cost, burst))
        return false;
    m_tokens -= cost;
    return true;
}

bool ServerConnection::admitRequest()
{
    const qint64 now = m_clock.elapsed();
    // A flood: five times the allowed rate within one second closes the connection.
    if (now - m_windowStartMs >= 1000) {
        m_windowStartMs = now;
        m_windowCount = 0;
    }
    const int perSecond = m_service.options().requestsPerSecond;
    if (++m_windowCount > 5 * perSecond) {
        qCWarning(lcConnection) << "closing" << peer() << "for flooding";
        // After the answers to the requests already queued, in their turn.
        m_flooded = true;
        m_service.closeInTurn(*this, 1008, QStringLiteral("request flood"));
        return false;
    }
    refill();
    if (m_tokens < 1.0)
        return false;
    m_tokens -= 1.0;
    return true;
}

void ServerConnection::onText(const QString &text)
{
    if (m_closed)
        return;
    // The WebSocket transport refuses big messages itself; the in-process one does not, so the
    // limit is enforced here for both. Size in UTF-8 bytes, as on the wire.
    if (text.size() > Protocol::MaxFrameBytes || text.toUtf8().size() > Protocol::MaxFrameBytes) {
        close(1009, QStringLiteral("frame larger than %1 bytes").arg(Protocol::MaxFrameBytes));
        return;
    }
    if (m_flooded)
        return;
    if (!admitRequest()) {
        if (!m_closed && !m_flooded) {
            Protocol::DecodeError ignored;
            const auto frame = Protocol::decode(text, &ignored);
            m_service.refuse(*this, frame ? frame->id : ignored.id,
                             {ErrorCode::RateLimited,
                              QStringLiteral("more than %1 requests a second")
                                  .arg(m_service.options().requestsPerSecond)});
        }
        return;
    }
    // Refusals queue behind the connection's earlier requests, so that no answer overtakes one.
    Protocol::DecodeError error;
    const std::optional<Protocol::Frame> frame = Protocol::decode(text, &error);
    if (!frame) {
        m_service.refuse(*this, error.id, {error.code, error.message});
        return;
    }
    if (frame->kind != Protocol::FrameKind::Request) {
        m_service.refuse(*this, 0,
                         {ErrorCode::Malformed, QStringLiteral("a client sends requests only")});
        return;
    }
    m_service.handle(*this, *frame);
}

void ServerConnection::onDisconnected()
{
    if (m_closed)
        return;
    m_service.connectionClosed(*this);
    m_closed = true;
    deleteLater();
}

} // namespace everx
