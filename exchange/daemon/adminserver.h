// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "daemon/adminhttpconnection.h"
#include "daemon/servermetrics.h"

#include "market/marketrules.h"

#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtNetwork/QHostAddress>

#include <functional>

QT_BEGIN_NAMESPACE
class QTcpServer;
QT_END_NAMESPACE

namespace everx {

class ExchangeServer;
class ExchangeService;
class Standby;

// The admin HTTP listener of everx-exchanged (docs/architecture.md "Trust and operations"):
//   GET /healthz   200 {"status":"ok",...} while the engine is open and the WebSocket listener
//                  accepts connections, else 503 with what is wrong ("standby" for a standby
//                  that waits for the writer lock)
//   GET /metrics   ServerMetrics in the Prometheus text format 0.0.4
//   POST /payments/confirm   the payment processor's signed confirmation of a paid top-up
//                            (PaymentWebhook; 404 unless the service takes payments)
// and whatever else is registered with addRoute().
//
// It speaks a small part of HTTP/1.1 itself, one request per connection (AdminHttpConnection),
// because Qt HTTP Server 6.4 reads every body whole before any handler can look at it, with no
// limit and no timeout. Here nothing reaches a handler before it has passed the bounds of
// Options::limits: a Content-Length over MarketRules::AdminMaxBodyBytes is answered 413 before a
// byte of the body is read, so the signature of a webhook is checked only on a body of an
// acceptable size; a head or body that does not arrive in time is answered 408; at most
// Options::maxConnections are served at once, and one more is answered 503 and closed at once.
// A failed accept (out of file descriptors) pauses the listener; it accepts again after
// MarketRules::AcceptRetryMs.
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
        int maxConnections = MarketRules::AdminMaxConnections;
        AdminHttpConnection::Limits limits = {
            MarketRules::AdminMaxHeadBytes, MarketRules::AdminMaxBodyBytes,
            MarketRules::AdminHeadTimeoutMs, MarketRules::AdminBodyTimeoutMs};
    };
    using Request = AdminHttpConnection::Request;
    using Response = AdminHttpConnection::Response;
    using Handler = std::function<Response(const Request &request)>;

    AdminServer(ExchangeService &service, const QString &version, QObject *parent = nullptr);
    ~AdminServer() override;
    Q_DISABLE_COPY_MOVE(AdminServer)

    // Refuses an address other than loopback unless options.allowRemote.
    bool listen(const Options &options, QString *error = nullptr);
    void close();
    quint16 port() const;

    // Registers a handler for exactly this method ("GET", "POST") and path (no placeholders, no
    // query); routes may be added before or after listen(). False for a path that does not start
    // with "/" or a route that is there already.
    bool addRoute(const QByteArray &method, const QString &path, Handler handler);

    // The WebSocket listener whose state /healthz and /metrics report (not owned; it must
    // outlive this, or be unset with nullptr first).
    void watchListener(const ExchangeServer *server);
    // The standby whose wait /healthz and /metrics report (not owned; it must outlive this).
    // While it waits, /healthz answers 503 with "status":"standby".
    void watchStandby(const Standby *standby);

    ServerMetrics &metrics() { return m_metrics; }
    // Connections being served now, and whether this listener accepts (false while a failed
    // accept has paused it).
    int connectionCount() const { return m_connections; }
    bool isAccepting() const { return m_accepting; }

private:
    void onNewConnection();
    Response dispatch(const Request &request);
    Response health() const;
    Response confirmPayment(const Request &request);

    ExchangeService &m_service;
    ServerMetrics m_metrics;
    QPointer<QTcpServer> m_tcp;
    QPointer<const ExchangeServer> m_listener;
    QPointer<const Standby> m_standby;
    QHash<QByteArray, Handler> m_routes; // "METHOD /path"
    Options m_options;
    int m_connections = 0;
    bool m_accepting = false;
    QTimer m_resume; // accepts again after a failed accept
};

} // namespace everx
