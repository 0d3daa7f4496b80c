// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/websockettransport.h"

#include "wire/protocol.h"

#include <QtCore/QCryptographicHash>
#include <QtCore/QStringList>
#include <QtCore/QTimer>
#include <QtNetwork/QHostAddress>
#include <QtNetwork/QSslCertificate>
#include <QtNetwork/QSslConfiguration>
#include <QtWebSockets/QWebSocket>

namespace everx {

namespace {

// Errors that say only "nobody vouches for this certificate here", which a pin replaces. An
// expired or revoked certificate is not among them: a pin does not make it valid.
bool isTrustError(QSslError::SslError error)
{
    switch (error) {
    case QSslError::SelfSignedCertificate:
    case QSslError::SelfSignedCertificateInChain:
    case QSslError::UnableToGetIssuerCertificate:
    case QSslError::UnableToGetLocalIssuerCertificate:
    case QSslError::UnableToVerifyFirstCertificate:
    case QSslError::CertificateUntrusted:
    case QSslError::HostNameMismatch:
        return true;
    default:
        return false;
    }
}

QString describe(const QList<QSslError> &errors)
{
    QStringList texts;
    for (const QSslError &e : errors)
        texts << e.errorString();
    return texts.join(QStringLiteral("; "));
}

// "127.0.0.1:53122", "[::1]:53122"; IPv4-mapped IPv6 addresses as IPv4.
QString formatPeer(const QHostAddress &address, quint16 port)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    const QString host = isV4 ? QHostAddress(v4).toString() : u'[' + address.toString() + u']';
    return host + u':' + QString::number(port);
}

} // namespace

WebSocketTransport::WebSocketTransport(const QUrl &url, QObject *parent)
    : Transport(parent)
    , m_url(url)
    , m_isClient(true)
{ }

WebSocketTransport::WebSocketTransport(QWebSocket *accepted, QObject *parent)
    : Transport(parent)
    , m_isClient(false)
{
    Q_ASSERT(accepted);
    accepted->setParent(this);
    attach(accepted);
    m_connected = accepted->state() == QAbstractSocket::ConnectedState;
}

WebSocketTransport::~WebSocketTransport()
{
    // No signals from a half-destroyed transport: the socket (a child) would otherwise emit
    // disconnected() into our slots while ~QObject deletes it.
    if (m_socket)
        m_socket->disconnect(this);
}

QByteArray WebSocketTransport::fingerprint(const QSslCertificate &certificate)
{
    if (certificate.isNull())
        return {};
    return certificate.digest(QCryptographicHash::Sha256).toHex();
}

QByteArray WebSocketTransport::normalizedFingerprint(const QByteArray &text)
{
    QByteArray hex;
    hex.reserve(64);
    for (const char c : text) {
        if (c == ':' || c == ' ')
            continue;
        const bool digit = (c >= '0' && c <= '9');
        const bool lower = (c >= 'a' && c <= 'f');
        const bool upper = (c >= 'A' && c <= 'F');
        if (!digit && !lower && !upper)
            return {};
        hex += upper ? char(c - 'A' + 'a') : c;
    }
    return hex.size() == 64 ? hex : QByteArray();
}

void WebSocketTransport::setPinnedFingerprint(const QByteArray &sha256Hex)
{
    m_pin = normalizedFingerprint(sha256Hex);
}

void WebSocketTransport::attach(QWebSocket *socket)
{
    m_socket = socket;
    m_followingWrites = false;
    // The codec refuses bigger frames anyway; this makes the socket refuse them before
    // buffering them, and close with 1009 as the protocol says. A server accepts client-sized
    // frames; a client accepts the server's snapshots.
    const qsizetype limit = m_isClient ? Protocol::MaxServerFrameBytes : Protocol::MaxFrameBytes;
    socket->setMaxAllowedIncomingMessageSize(quint64(limit));
    socket->setMaxAllowedIncomingFrameSize(quint64(limit));
    connect(socket, &QWebSocket::connected, this, &WebSocketTransport::onSocketConnected);
    connect(socket, &QWebSocket::disconnected, this, &WebSocketTransport::onSocketDisconnected);
    connect(socket, &QWebSocket::textMessageReceived, this, [this](const QString &text) {
        m_lastHeard.start();
        m_pingOutstanding = false;
        Q_EMIT textReceived(text);
    });
    connect(socket, &QWebSocket::pong, this, [this] {
        m_lastHeard.start();
        m_pingOutstanding = false;
    });
    connect(socket, &QWebSocket::binaryMessageReceived, this, [this] {
        close(1003, QStringLiteral("binary messages are not part of the protocol"));
    });
    connect(socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
            &WebSocketTransport::onSocketError);
    connect(socket, &QWebSocket::sslErrors, this, &WebSocketTransport::onSslErrors);
}

void WebSocketTransport::open()
{
    if (!m_isClient)
        return;
    if (m_socket && m_socket->state() != QAbstractSocket::UnconnectedState)
        return;
    // A fresh socket per attempt: QWebSocket keeps ignored SSL errors and the last peer's
    // configuration across open() calls, which must not carry over to another handshake.
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    m_errorReported = false;
    m_errorText.clear();
    m_peerFingerprint.clear();

    const QString scheme = m_url.scheme();
    if (!m_url.isValid() || m_url.host().isEmpty() || (scheme != u"ws" && scheme != u"wss")) {
        // QWebSocket reports a bad URL without a disconnected(); keep the Transport contract.
        QMetaObject::invokeMethod(
            this,
            [this] {
                reportError(tr("Not a ws:// or wss:// address: %1").arg(m_url.toDisplayString()));
                Q_EMIT disconnected(CloseAbnormal, m_errorText);
            },
            Qt::QueuedConnection);
        return;
    }
    attach(new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this));
    m_socket->open(m_url);
}

void WebSocketTransport::close(int code, const QString &reason)
{
    if (!m_socket)
        return;
    switch (m_socket->state()) {
    case QAbstractSocket::ConnectedState: {
        // QWebSocket takes only the codes of its enum (1000..1015); converting any other int to
        // it would be undefined. The protocol uses no others; anything else closes as normal.
        const bool known = code >= QWebSocketProtocol::CloseCodeNormal
            && code <= QWebSocketProtocol::CloseCodeTlsHandshakeFailed;
        m_socket->close(known ? QWebSocketProtocol::CloseCode(code)
                              : QWebSocketProtocol::CloseCodeNormal,
                        reason);
        break;
    }
    case QAbstractSocket::UnconnectedState:
        break;
    default:
        // Still connecting (or already closing): there is no WebSocket to send a close frame on.
        m_socket->abort();
        break;
    }
}

void WebSocketTransport::sendText(const QString &frame)
{
    if (!isConnected() || m_tooSlow)
        return;
    // What waits is the socket's write buffer (bytes); a frame's size is counted in characters,
    // its bytes for the protocol's ASCII JSON.
    const qint64 queued = m_maxQueuedBytes > 0 ? m_socket->bytesToWrite() : 0;
    if (queued > 0 && queued + frame.size() > m_maxQueuedBytes) {
        m_tooSlow = true;
        close(ClosePolicy, QStringLiteral("too slow"));
        QTimer::singleShot(TooSlowDropMs, m_socket, &QWebSocket::abort);
        Q_EMIT tooSlow(queued);
        return;
    }
    // What waits to be written is followed from the first frame on, on the thread that sends:
    // a server's transport is handed to an I/O thread before it sends anything, and a handler
    // connected earlier would run there before the handover is seen (ThreadSanitizer says so).
    if (!m_followingWrites) {
        m_followingWrites = true;
        connect(m_socket, &QWebSocket::bytesWritten, this, [this] {
            m_queuedBytes.store(m_socket->bytesToWrite(), std::memory_order_relaxed);
        });
    }
    m_socket->sendTextMessage(frame);
    m_queuedBytes.store(m_socket->bytesToWrite(), std::memory_order_relaxed);
}

bool WebSocketTransport::isConnected() const
{
    return m_connected && m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

QString WebSocketTransport::addressKey(const QHostAddress &address)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4); // also an IPv4-mapped IPv6 address
    if (isV4)
        return QHostAddress(v4).toString();
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return address.toString();
    Q_IPV6ADDR bytes = address.toIPv6Address();
    for (int i = 8; i < 16; ++i)
        bytes[i] = 0;
    return QHostAddress(bytes).toString() + QStringLiteral("/64");
}

QString WebSocketTransport::peerAddress() const
{
    if (m_socket && m_socket->peerPort() != 0)
        return addressKey(m_socket->peerAddress());
    return m_url.host();
}

void WebSocketTransport::setKeepalive(qint64 intervalMs, qint64 timeoutMs)
{
    m_keepaliveIntervalMs = intervalMs;
    m_keepaliveTimeoutMs = timeoutMs;
    if (intervalMs <= 0 || timeoutMs <= 0) {
        delete m_keepalive;
        m_keepalive = nullptr;
        return;
    }
    if (!m_keepalive) {
        m_keepalive = new QTimer(this);
        connect(m_keepalive, &QTimer::timeout, this, &WebSocketTransport::onKeepaliveTimer);
    }
    m_lastHeard.start();
    m_pingOutstanding = false;
    // Checks often enough that neither a ping nor a verdict comes much later than asked.
    m_keepalive->start(int(std::clamp<qint64>(std::min(intervalMs, timeoutMs) / 4, 5, 5'000)));
}

void WebSocketTransport::onKeepaliveTimer()
{
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    const qint64 silent = m_lastHeard.elapsed();
    if (m_pingOutstanding && silent > m_keepaliveIntervalMs + m_keepaliveTimeoutMs) {
        // Nothing since the ping: a close frame would not arrive either. Drop the TCP connection.
        m_keepalive->stop();
        m_socket->abort();
        return;
    }
    if (!m_pingOutstanding && silent > m_keepaliveIntervalMs) {
        m_pingOutstanding = true;
        m_socket->ping();
    }
}

QString WebSocketTransport::peer() const
{
    if (m_socket && m_socket->peerPort() != 0)
        return formatPeer(m_socket->peerAddress(), m_socket->peerPort());
    const int port = m_url.port(m_url.scheme() == u"wss" ? 443 : 80);
    return m_url.host() + u':' + QString::number(port);
}

QSslCertificate WebSocketTransport::leafCertificate() const
{
    // QWebSocket copies the TLS socket's configuration before it emits sslErrors and when the
    // handshake is done, so the peer's certificate is there in both places this is called.
    const QSslConfiguration configuration = m_socket->sslConfiguration();
    QSslCertificate leaf = configuration.peerCertificate();
    if (leaf.isNull() && !configuration.peerCertificateChain().isEmpty())
        leaf = configuration.peerCertificateChain().constFirst();
    return leaf;
}

void WebSocketTransport::onSslErrors(const QList<QSslError> &errors)
{
    const QSslCertificate leaf = leafCertificate();
    m_peerFingerprint = fingerprint(leaf);
    bool onlyTrust = !leaf.isNull();
    for (const QSslError &e : errors)
        onlyTrust = onlyTrust && isTrustError(e.error());

    // Not ignoring the errors fails the handshake; disconnected() follows.
    if (!m_pin.isEmpty()) {
        if (m_peerFingerprint != m_pin) {
            reportMismatch();
        } else if (onlyTrust) {
            m_socket->ignoreSslErrors(errors); // exactly these errors, for this certificate
        } else {
            reportError(describe(errors));
        }
        return;
    }
    if (onlyTrust) {
        Q_EMIT certificateNeedsTrust(m_peerFingerprint);
        reportError(tr("The server's certificate is not trusted (SHA-256 %1)")
                        .arg(QString::fromLatin1(m_peerFingerprint)));
        return;
    }
    reportError(describe(errors));
}

void WebSocketTransport::onSocketConnected()
{
    // Low delay (TCP_NODELAY): a request written right after another must not wait in Nagle's
    // buffer for the server's delayed ACK (some 40 ms). Qt 6.4's QWebSocket sets it on the socket
    // it connects, but says so nowhere; the socket is its direct child (a QSslSocket for wss://,
    // which passes the option to its TCP socket), so it is set here too, and a test reads it back.
    if (auto *tcp = m_socket->findChild<QAbstractSocket *>(QString(), Qt::FindDirectChildrenOnly))
        tcp->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    if (m_url.scheme() == u"wss") {
        m_peerFingerprint = fingerprint(leafCertificate());
        // A certificate the system trusts raises no sslErrors: the pin is checked here.
        if (!m_pin.isEmpty() && m_peerFingerprint != m_pin) {
            reportMismatch();
            m_socket->abort();
            return;
        }
    }
    m_connected = true;
    Q_EMIT connected();
}

void WebSocketTransport::onSocketDisconnected()
{
    m_connected = false;
    if (m_keepalive)
        m_keepalive->stop();
    int code = int(m_socket->closeCode());
    QString reason = m_socket->closeReason();
    if (m_errorReported && code == 1000 && reason.isEmpty()) {
        code = CloseAbnormal;
        reason = m_errorText;
    }
    Q_EMIT disconnected(code, reason);
}

void WebSocketTransport::onSocketError(QAbstractSocket::SocketError error)
{
    Q_UNUSED(error)
    // The specific message from onSslErrors() is worth more than the generic handshake failure.
    if (!m_errorReported)
        reportError(m_socket->errorString());
}

void WebSocketTransport::reportMismatch()
{
    Q_EMIT certificateMismatch(m_pin, m_peerFingerprint);
    reportError(tr("certificate fingerprint mismatch: expected SHA-256 %1, the server presented %2")
                    .arg(QString::fromLatin1(m_pin), QString::fromLatin1(m_peerFingerprint)));
}

void WebSocketTransport::reportError(const QString &message)
{
    m_errorReported = true;
    m_errorText = message;
    Q_EMIT errorOccurred(message);
}

} // namespace everx
