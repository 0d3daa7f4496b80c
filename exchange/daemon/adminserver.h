#pragma once

#include "daemon/servermetrics.h"

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtHttpServer/QHttpServer>
#include <QtHttpServer/QHttpServerRequest>
#include <QtHttpServer/QHttpServerResponse>
#include <QtNetwork/QHostAddress>

#include <functional>

QT_BEGIN_NAMESPACE
class QTcpServer;
QT_END_NAMESPACE

namespace everx {

class ExchangeService;

// The admin HTTP listener of everx-exchanged, Qt HTTP Server (docs/architecture.md "Trust and
// operations"):
//   GET /healthz   200 {"status":"ok",...} while the engine is open, else 503
//   GET /metrics   ServerMetrics in the Prometheus text format 0.0.4
//   POST /payments/confirm   the payment processor's signed confirmation of a paid top-up
//                            (PaymentWebhook; 404 unless the service takes payments)
// and whatever else is registered with addRoute().
//
// It has no authentication, so it listens on loopback only unless allowRemote says otherwise.
//
// Threading: the service's thread. Owns its metrics, which must not outlive the service: destroy
// the admin server before the service.
class AdminServer final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QHostAddress address = QHostAddress(QHostAddress::LocalHost);
        quint16 port = 7448; // 0: any free port (tests)
        bool allowRemote = false;
    };
    using Handler = std::function<QHttpServerResponse(const QHttpServerRequest &request)>;

    AdminServer(ExchangeService &service, const QString &version, QObject *parent = nullptr);
    ~AdminServer() override;
    Q_DISABLE_COPY_MOVE(AdminServer)

    // Refuses an address other than loopback unless options.allowRemote.
    bool listen(const Options &options, QString *error = nullptr);
    void close();
    quint16 port() const;

    // Registers a handler for exactly this path (no placeholders) and these methods; routes may
    // be added before or after listen(). Returns false if Qt refused the rule.
    bool addRoute(const QString &path, QHttpServerRequest::Methods methods, Handler handler);

    ServerMetrics &metrics() { return m_metrics; }

private:
    QHttpServerResponse health() const;
    QHttpServerResponse confirmPayment(const QHttpServerRequest &request);

    ExchangeService &m_service;
    ServerMetrics m_metrics;
    QHttpServer m_http;
    QPointer<QTcpServer> m_tcp;
};

} // namespace everx
