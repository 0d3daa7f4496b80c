#include "daemon/adminserver.h"

#include "server/exchangeservice.h"
#include "server/paymentwebhook.h"

#include <QtCore/QJsonObject>
#include <QtCore/QLoggingCategory>
#include <QtNetwork/QTcpServer>

namespace everx {

Q_LOGGING_CATEGORY(lcAdmin, "everx.exchange.admin")

AdminServer::AdminServer(ExchangeService &service, const QString &version, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_metrics(service, version)
{
    addRoute(QStringLiteral("/healthz"), QHttpServerRequest::Method::Get,
             [this](const QHttpServerRequest &) { return health(); });
    addRoute(QStringLiteral("/metrics"), QHttpServerRequest::Method::Get,
             [this](const QHttpServerRequest &) {
                 return QHttpServerResponse(QByteArray(ServerMetrics::ContentType),
                                            m_metrics.exposition());
             });
    addRoute(QString(PaymentWebhook::Path), QHttpServerRequest::Method::Post,
             [this](const QHttpServerRequest &request) { return confirmPayment(request); });
}

AdminServer::~AdminServer()
{
    close();
}

bool AdminServer::addRoute(const QString &path, QHttpServerRequest::Methods methods,
                           Handler handler)
{
    // Qt 6.4's router matches a rule's path as a regular expression from the start of the URL
    // path; the $ makes it exact, so that /metrics does not also answer /metricsfoo.
    return m_http.route(path + u'$', methods,
                        [handler = std::move(handler)](const QHttpServerRequest &request) {
                            return handler(request);
                        });
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
    auto *tcp = new QTcpServer(this);
    if (!tcp->listen(options.address, options.port)) {
        const QString why = tcp->errorString();
        delete tcp;
        return fail(QStringLiteral("cannot listen for admin HTTP on %1:%2: %3")
                        .arg(options.address.toString())
                        .arg(options.port)
                        .arg(why));
    }
    m_http.bind(tcp);
    m_tcp = tcp;
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
    if (m_tcp) {
        m_tcp->close();
        delete m_tcp.data();
    }
}

quint16 AdminServer::port() const
{
    return m_tcp ? m_tcp->serverPort() : 0;
}

QHttpServerResponse AdminServer::confirmPayment(const QHttpServerRequest &request)
{
    using Status = QHttpServerResponse::StatusCode;
    if (!m_service.paymentsEnabled() || !m_service.isOpen())
        return QHttpServerResponse(
            QJsonObject {{QStringLiteral("error"), QStringLiteral("payments are not enabled")}},
            Status::NotFound);
    const PaymentWebhook::Response response =
        m_service.confirmPayment(request.value(QByteArray(PaymentWebhook::TimestampHeader.data(),
                                                          PaymentWebhook::TimestampHeader.size())),
                                 request.value(QByteArray(PaymentWebhook::SignatureHeader.data(),
                                                          PaymentWebhook::SignatureHeader.size())),
                                 request.body());
    return QHttpServerResponse(response.body, static_cast<Status>(response.status));
}

QHttpServerResponse AdminServer::health() const
{
    const bool open = m_service.isOpen();
    QJsonObject body {
        {QStringLiteral("status"), open ? QStringLiteral("ok") : QStringLiteral("unavailable")},
        {QStringLiteral("engine"), open ? QStringLiteral("open") : QStringLiteral("closed")},
        {QStringLiteral("version"), m_metrics.version()},
        {QStringLiteral("uptime_s"), m_metrics.uptimeMs() / 1000},
    };
    if (open)
        body.insert(QStringLiteral("schema"), m_service.engine().database().schemaVersion());
    return QHttpServerResponse(body,
                               open ? QHttpServerResponse::StatusCode::Ok
                                    : QHttpServerResponse::StatusCode::ServiceUnavailable);
}

} // namespace everx
