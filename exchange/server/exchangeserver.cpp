#include "server/exchangeserver.h"

#include "server/exchangeservice.h"
#include "server/serverconnection.h"

#include "wire/protocol.h"
#include "wire/websockettransport.h"

#include <QtCore/QFile>
#include <QtCore/QLoggingCategory>
#include <QtNetwork/QSslConfiguration>
#include <QtNetwork/QSslKey>
#include <QtWebSockets/QWebSocket>
#include <QtWebSockets/QWebSocketServer>

namespace everx {

Q_LOGGING_CATEGORY(lcServer, "everx.exchange.server")

ExchangeServer::ExchangeServer(ExchangeService &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
{ }

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
        m_server->setSslConfiguration(tls);
        m_fingerprint = chain.first().digest(QCryptographicHash::Sha256).toHex();
    }
    connect(m_server, &QWebSocketServer::newConnection, this, &ExchangeServer::onNewConnection);
    connect(m_server, &QWebSocketServer::sslErrors, this, [](const QList<QSslError> &errors) {
        for (const QSslError &e : errors)
            qCWarning(lcServer) << "TLS:" << e.errorString();
    });
    connect(m_server, &QWebSocketServer::acceptError, this,
            [](QAbstractSocket::SocketError e) { qCWarning(lcServer) << "accept failed:" << e; });
    if (!m_server->listen(options.address, options.port))
        return fail(QStringLiteral("cannot listen on %1:%2: %3")
                        .arg(options.address.toString())
                        .arg(options.port)
                        .arg(m_server->errorString()));
    qCInfo(lcServer).noquote() << "listening on"
                               << (m_secure ? QStringLiteral("wss://") : QStringLiteral("ws://"))
            + options.address.toString() + u':' + QString::number(port());
    if (m_secure)
        qCInfo(lcServer).noquote() << "certificate SHA-256" << m_fingerprint;
    return true;
}

void ExchangeServer::close()
{
    if (m_server) {
        m_server->close();
        delete m_server;
        m_server = nullptr;
    }
}

quint16 ExchangeServer::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

void ExchangeServer::accept(Transport *transport)
{
    // The connection is a child of the service, which closes it when it closes.
    new ServerConnection(transport, m_service, &m_service);
}

void ExchangeServer::onNewConnection()
{
    while (QWebSocket *socket = m_server->nextPendingConnection())
        accept(new WebSocketTransport(socket, nullptr));
}

} // namespace everx
