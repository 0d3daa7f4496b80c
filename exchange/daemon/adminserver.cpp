// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "daemon/adminserver.h"

#include "daemon/standby.h"

#include "server/exchangeserver.h"
#include "server/exchangeservice.h"
#include "server/paymentwebhook.h"

#include <QtCore/QJsonObject>
#include <QtCore/QLoggingCategory>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>

namespace everx {

Q_LOGGING_CATEGORY(lcAdmin, "everx.exchange.admin")

AdminServer::AdminServer(ExchangeService &service, const QString &version, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_metrics(service, version)
{
    m_resume.setSingleShot(true);
    connect(&m_resume, &QTimer::timeout, this, [this] {
        if (!m_tcp)
            return;
        m_accepting = true;
        m_tcp->resumeAccepting();
    });
    addRoute("GET", QStringLiteral("/healthz"), [this](const Request &) { return health(); });
    addRoute("GET", QStringLiteral("/metrics"), [this](const Request &) {
        return Response {200, QByteArray(ServerMetrics::ContentType), m_metrics.exposition()};
    });
    addRoute("POST", QString(PaymentWebhook::Path),
             [this](const Request &request) { return confirmPayment(request); });
}

AdminServer::~AdminServer()
{
    close();
}

bool AdminServer::addRoute(const QByteArray &method, const QString &path, Handler handler)
{
    if (!path.startsWith(u'/') || method.isEmpty() || !handler)
        return false;
    const QByteArray key = method + ' ' + path.toUtf8();
    if (m_routes.contains(key))
        return false;
    m_routes.insert(key, std::move(handler));
    return true;
}

void AdminServer::watchListener(const ExchangeServer *server)
{
    m_listener = server;
    m_metrics.watchListener(server);
}

void AdminServer::watchStandby(const Standby *standby)
{
    m_standby = standby;
    m_metrics.watchStandby(standby);
}

bool AdminServer::listen(const Options &options, QString *error)
{
    close();
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        close();
        return false;
    };
    if (!options.address.isLoopback() && !options.allowRemote)
        return fail(QStringLiteral("the admin listener has no authentication: it listens on "
                                   "loopback unless --admin-allow-remote is given (asked for %1)")
                        .arg(options.address.toString()));
    m_options = options;
    auto *tcp = new QTcpServer(this);
    if (!tcp->listen(options.address, options.port)) {
        const QString why = tcp->errorString();
        delete tcp;
        return fail(QStringLiteral("cannot listen for admin HTTP on %1:%2: %3")
                        .arg(options.address.toString())
                        .arg(options.port)
                        .arg(why));
    }
    connect(tcp, &QTcpServer::pendingConnectionAvailable, this, &AdminServer::onNewConnection);
    // Qt pauses a listener whose accept failed (out of file descriptors) and leaves it paused:
    // it accepts again after a while, and /healthz says so meanwhile.
    connect(tcp, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError e) {
        if (m_accepting)
            qCWarning(lcAdmin) << "accept failed:" << e << "; accepting again in"
                               << MarketRules::AcceptRetryMs << "ms";
        m_accepting = false;
        m_resume.start(MarketRules::AcceptRetryMs);
    });
    m_tcp = tcp;
    m_accepting = true;
    const QString host = options.address.protocol() == QAbstractSocket::IPv6Protocol
        ? u'[' + options.address.toString() + u']'
        : options.address.toString();
    qCInfo(lcAdmin).noquote() << "admin listening on"
                              << QStringLiteral("http://%1:%2").arg(host).arg(port())
                              << "(/healthz, /metrics)";
    return true;
}

void AdminServer::close()
{
    m_resume.stop();
    m_accepting = false;
    if (m_tcp) {
        m_tcp->close();
        delete m_tcp.data();
    }
    // Connections being served go with their sockets' close; they are children.
    const auto connections = findChildren<AdminHttpConnection *>(Qt::FindDirectChildrenOnly);
    for (AdminHttpConnection *c : connections)
        delete c;
    m_connections = 0;
}

quint16 AdminServer::port() const
{
    return m_tcp ? m_tcp->serverPort() : 0;
}

void AdminServer::onNewConnection()
{
    while (QTcpSocket *socket = m_tcp ? m_tcp->nextPendingConnection() : nullptr) {
        // The server's own socket is its child until it is handed on.
        socket->setParent(nullptr);
        auto *connection = new AdminHttpConnection(
            socket, m_options.limits, [this](const Request &r) { return dispatch(r); }, this);
        if (m_connections >= m_options.maxConnections) {
            // Full: answered without reading, and not counted (it is closed at once).
            connection->refuse(Response::error(
                503, QStringLiteral("busy"),
                QStringLiteral("the admin listener serves %1 connections at once; try again")
                    .arg(m_options.maxConnections)));
            continue;
        }
        ++m_connections;
        connect(connection, &AdminHttpConnection::finished, this, [this] { --m_connections; });
    }
}

AdminServer::Response AdminServer::dispatch(const Request &request)
{
    const auto route = m_routes.constFind(request.method + ' ' + request.path);
    if (route == m_routes.cend())
        return Response::error(404, QStringLiteral("not_found"),
                               QStringLiteral("no such resource"));
    return (*route)(request);
}

AdminServer::Response AdminServer::confirmPayment(const Request &request)
{
    if (!m_service.paymentsEnabled() || !m_service.isOpen())
        return Response::error(404, QStringLiteral("not_found"),
                               QStringLiteral("payments are not enabled"));
    const PaymentWebhook::Response response =
        m_service.confirmPayment(request.header(QByteArray(PaymentWebhook::TimestampHeader.data(),
                                                           PaymentWebhook::TimestampHeader.size())),
                                 request.header(QByteArray(PaymentWebhook::SignatureHeader.data(),
                                                           PaymentWebhook::SignatureHeader.size())),
                                 request.body);
    return Response::json(response.body, response.status);
}

AdminServer::Response AdminServer::health() const
{
    const bool open = m_service.isOpen();
    // Without a watched listener (tests of the admin listener alone) only the engine counts.
    const bool accepting = !m_listener || m_listener->isAccepting();
    const bool waiting = m_standby && m_standby->isWaiting();
    QJsonObject body {
        {QStringLiteral("status"),
         waiting                 ? QStringLiteral("standby")
             : open && accepting ? QStringLiteral("ok")
                                 : QStringLiteral("unavailable")},
        {QStringLiteral("role"), waiting ? QStringLiteral("standby") : QStringLiteral("primary")},
        {QStringLiteral("engine"), open ? QStringLiteral("open") : QStringLiteral("closed")},
        {QStringLiteral("version"), m_metrics.version()},
        {QStringLiteral("uptime_s"), m_metrics.uptimeMs() / 1000},
    };
    if (m_listener)
        body.insert(QStringLiteral("listener"),
                    !m_listener->isListening() ? QStringLiteral("closed")
                        : accepting            ? QStringLiteral("accepting")
                                               : QStringLiteral("paused"));
    if (m_standby)
        body.insert(QStringLiteral("lock_wait_ms"), m_standby->lockWaitMs());
    if (open)
        body.insert(QStringLiteral("schema"), m_service.engine().database().schemaVersion());
    return Response::json(body, open && accepting ? 200 : 503);
}

} // namespace everx
