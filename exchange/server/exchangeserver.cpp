// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/exchangeserver.h"

#include "market/threadhandoff.h"

#include "server/exchangeservice.h"
#include "server/iothreads.h"
#include "server/serverconnection.h"

#include "wire/protocol.h"
#include "wire/websockettransport.h"

#include <QtCore/QFile>
#include <QtCore/QLoggingCategory>
#include <QtCore/QTimer>
#include <QtNetwork/QSslConfiguration>
#include <QtNetwork/QSslKey>
#include <QtNetwork/QSslServer>
#include <QtNetwork/QSslSocket>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>
#include <QtWebSockets/QWebSocket>
#include <QtWebSockets/QWebSocketServer>

#include <functional>
#include <memory>

namespace everx {

Q_LOGGING_CATEGORY(lcServer, "everx.exchange.server")

namespace {

QString peerKey(const QHostAddress &address, quint16 port)
{
    return address.toString() + u'|' + QString::number(port);
}

const char HandshakeTimerName[] = "everx-handshake-timer";

void setLowDelay(QAbstractSocket *socket)
{
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
}

} // namespace

ExchangeServer::ExchangeServer(ExchangeService &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_resume(new QTimer(this))
{
    m_resume->setSingleShot(true);
    connect(m_resume, &QTimer::timeout, this, [this] {
        if (!m_listener)
            return;
        m_accepting = true;
        m_listener->resumeAccepting();
    });
}

ExchangeServer::~ExchangeServer()
{
    close();
}

bool ExchangeServer::listen(const Options &options, QString *error)
{
    close();
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        close();
        return false;
    };
    m_secure = !options.certificateFile.isEmpty() || !options.keyFile.isEmpty();
    m_handshakeTimeoutMs = options.handshakeTimeoutMs;
    m_maxPerAddress = options.maxConnectionsPerAddress;
    m_maxConnections = options.maxConnections;
    if (options.ioThreads > 0 && !m_io)
        m_io = std::make_unique<IoThreads>(options.ioThreads);
    if (!m_secure && !options.address.isLoopback())
        return fail(QStringLiteral("plain WebSocket is allowed on loopback only; give --cert and"
                                   " --key (or --generate-cert) to listen on %1")
                        .arg(options.address.toString()));
    m_server = new QWebSocketServer(
        QStringLiteral("everx-exchanged"),
        m_secure ? QWebSocketServer::SecureMode : QWebSocketServer::NonSecureMode, this);
    if (m_secure) {
        QFile certFile(options.certificateFile), keyFile(options.keyFile);
        if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("cannot read the certificate %1 or key %2")
                            .arg(options.certificateFile, options.keyFile));
        const QByteArray certPem = certFile.readAll();
        const QByteArray keyPem = keyFile.readAll();
        const QList<QSslCertificate> chain = QSslCertificate::fromData(certPem, QSsl::Pem);
        QSslKey key(keyPem, QSsl::Ec, QSsl::Pem);
        if (key.isNull())
            key = QSslKey(keyPem, QSsl::Rsa, QSsl::Pem);
        if (chain.isEmpty() || key.isNull())
            return fail(QStringLiteral("the certificate or key is not valid PEM"));
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificateChain(chain);
        tls.setPrivateKey(key);
        tls.setPeerVerifyMode(QSslSocket::VerifyNone); // clients are authenticated by login
        tls.setProtocol(QSsl::TlsV1_2OrLater);
        auto *ssl = new QSslServer(this);
        ssl->setSslConfiguration(tls);
        // Low delay from the first TLS record on; the server hands the socket on only once the
        // TLS handshake is done.
        connect(ssl, &QSslServer::startedEncryptionHandshake, this, &setLowDelay);
        connect(ssl, &QSslServer::sslErrors, this,
                [](QSslSocket *, const QList<QSslError> &errors) {
                    for (const QSslError &e : errors)
                        qCWarning(lcServer) << "TLS:" << e.errorString();
                });
        m_listener = ssl;
        m_fingerprint = chain.first().digest(QCryptographicHash::Sha256).toHex();
    } else {
        m_listener = new QTcpServer(this);
    }
    // Queued with TLS, as QWebSocketServer does: the TLS socket needs the event loop to deliver
    // the data that came with the end of its handshake.
    connect(m_listener, &QTcpServer::pendingConnectionAvailable, this,
            &ExchangeServer::onTcpConnection, m_secure ? Qt::QueuedConnection : Qt::AutoConnection);
    connect(m_server, &QWebSocketServer::newConnection, this, &ExchangeServer::onNewConnection);
    connect(m_listener, &QTcpServer::acceptError, this, &ExchangeServer::onAcceptError);
    m_acceptRetryMs = options.acceptRetryMs;
    if (!m_listener->listen(options.address, options.port))
        return fail(QStringLiteral("cannot listen on %1:%2: %3")
                        .arg(options.address.toString())
                        .arg(options.port)
                        .arg(m_listener->errorString()));
    m_accepting = true;
    qCInfo(lcServer).noquote() << "listening on"
                               << (m_secure ? QStringLiteral("wss://") : QStringLiteral("ws://"))
            + options.address.toString() + u':' + QString::number(port());
    if (m_secure)
        qCInfo(lcServer).noquote() << "certificate SHA-256" << m_fingerprint;
    return true;
}

void ExchangeServer::close()
{
    m_resume->stop();
    m_accepting = false;
    if (m_server) {
        m_server->close();
        delete m_server;
        m_server = nullptr;
    }
    if (m_listener) {
        m_listener->close();
        delete m_listener; // and the sockets it accepted
        m_listener = nullptr;
    }
    m_upgrading.clear();
    m_refusing.clear();
    m_releases.clear();
}

void ExchangeServer::onAcceptError(QAbstractSocket::SocketError error)
{
    // Qt has paused the listener (QTcpServer does on any accept error but EAGAIN). Once a
    // warning a pause, not one a retry: out of descriptors, every retry fails until some close.
    ++m_acceptFailures;
    if (!std::exchange(m_recovering, true))
        qCWarning(lcServer).noquote()
            << "accept failed (" << error << m_listener->errorString() << "); accepting again every"
            << m_acceptRetryMs << "ms until it succeeds";
    m_accepting = false;
    m_resume->start(std::max(1, m_acceptRetryMs));
}

std::vector<int> ExchangeServer::ioThreadLoad() const
{
    return m_io ? m_io->load() : std::vector<int>();
}

quint16 ExchangeServer::port() const
{
    return m_listener ? m_listener->serverPort() : 0;
}

void ExchangeServer::accept(Transport *transport)
{
    // The connection is a child of the service, which closes it when it closes.
    new ServerConnection(transport, m_service, &m_service);
}

void ExchangeServer::onTcpConnection()
{
    if (std::exchange(m_recovering, false))
        qCInfo(lcServer) << "accepting connections again after" << m_acceptFailures
                         << "failed accepts in all";
    while (QTcpSocket *socket = m_listener->nextPendingConnection()) {
        setLowDelay(socket);
        // What QWebSocketServer does for the connections it accepts itself: a connection that
        // has not finished its handshake in time is closed.
        auto *timer = new QTimer(socket);
        timer->setObjectName(QLatin1StringView(HandshakeTimerName));
        timer->setSingleShot(true);
        connect(timer, &QTimer::timeout, socket, &QTcpSocket::close);
        timer->start(m_handshakeTimeoutMs);
        const QString key = peerKey(socket->peerAddress(), socket->peerPort());
        const QString address = WebSocketTransport::addressKey(socket->peerAddress());
        const int fromAddress = ++m_byAddress[address];
        ++m_connectionCount;
        if (fromAddress > m_maxPerAddress)
            m_refusing.insert(
                key, QStringLiteral("at most %1 connections per address").arg(m_maxPerAddress));
        else if (m_connectionCount > m_maxConnections)
            m_refusing.insert(
                key, QStringLiteral("the server is full (%1 connections)").arg(m_maxConnections));
        m_upgrading.insert(key, socket);
        // The place is given back once: when the socket goes before its upgrade (a failed or
        // timed-out handshake), or when what it was upgraded to (the connection, or a refused
        // WebSocket) goes.
        auto released = std::make_shared<bool>(false);
        const std::function<void()> release = [this, address, released] {
            if (std::exchange(*released, true))
                return;
            --m_connectionCount;
            if (--m_byAddress[address] <= 0)
                m_byAddress.remove(address);
        };
        m_releases.insert(key, release);
        // A Call: the socket may end on an I/O thread, which then drops this connection (and
        // what it holds) after it has run here (ThreadHandoff).
        connect(socket, &QObject::destroyed, this,
                ThreadHandoff::Call([this, key, socket, release] {
                    if (m_upgrading.value(key) == socket) {
                        m_upgrading.remove(key);
                        m_refusing.remove(key);
                        m_releases.remove(key);
                    }
                    release();
                }));
        m_server->handleConnection(socket);
    }
}

void ExchangeServer::onNewConnection()
{
    while (QWebSocket *socket = m_server->nextPendingConnection()) {
        // Upgraded: the handshake time limit no longer applies.
        const QString key = peerKey(socket->peerAddress(), socket->peerPort());
        QTcpSocket *const tcp = m_upgrading.take(key);
        if (tcp)
            delete tcp->findChild<QTimer *>(QLatin1StringView(HandshakeTimerName),
                                            Qt::FindDirectChildrenOnly);
        const std::function<void()> release = m_releases.take(key);
        if (const auto refused = m_refusing.constFind(key); refused != m_refusing.cend()) {
            qCDebug(lcServer).noquote() << "refusing" << key << ":" << *refused;
            // 1008 with the reason: Qt's clients (the desk's among them) take 1012..2999 for a
            // protocol error, so "try again later" (1013) would not reach them as such.
            connect(socket, &QWebSocket::disconnected, socket, &QObject::deleteLater);
            if (release)
                connect(socket, &QObject::destroyed, this, release);
            // A peer that does not answer the close frame is dropped all the same.
            QTimer::singleShot(m_handshakeTimeoutMs, socket, &QWebSocket::abort);
            socket->close(QWebSocketProtocol::CloseCodePolicyViolated, *refused);
            m_refusing.erase(refused);
            continue;
        }
        // QWebSocket uses the TCP (or TLS) socket without parenting it: as the listener's child
        // it would stay on this thread when the WebSocket moves to an I/O thread.
        if (tcp)
            tcp->setParent(socket);
        Transport *transport = new WebSocketTransport(socket, nullptr);
        if (m_io)
            transport = m_io->adopt(transport);
        auto *connection = new ServerConnection(transport, m_service, &m_service);
        if (release)
            connect(connection, &QObject::destroyed, this, release);
    }
}

} // namespace everx
