// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrules.h"
#include "wire/protocol.h"

#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QSet>
#include <QtNetwork/QAbstractSocket>
#include <QtNetwork/QHostAddress>

#include <functional>
#include <memory>
#include <vector>

class QTcpServer;
class QTimer;
class QTcpSocket;
class QWebSocketServer;

namespace everx {

class ExchangeService;
class IoThreads;
class Transport;

// Accepts protocol connections for an ExchangeService: WebSocket clients (TLS, or plain on
// loopback only) and in-process transports. Threading: the service's thread.
//
// Every accepted socket is set to low delay (TCP_NODELAY) before the WebSocket handshake: a reply
// written right after a push would otherwise wait in Nagle's buffer for the client's delayed
// ACK, some 40 ms. QWebSocket gives no access to its socket, so the server accepts TCP (or TLS)
// connections itself, sets the option, and hands each to QWebSocketServer::handleConnection()
// for the upgrade, with the handshake time limit QWebSocketServer would have applied.
//
// Upgraded sockets may be served on I/O threads of their own (Options::ioThreads, IoThreads): TLS,
// WebSocket framing and the system calls leave the service's thread, which hands them frames.
//
// Connections are capped per address (the IP, or an IPv6 /64) and in total, counting those
// still in their handshake: one over a cap is upgraded and closed at once with 1008 and a reason
// naming the cap (docs/protocol.md "Limits").
//
// A failed accept (out of file descriptors: EMFILE, ENFILE) makes Qt pause the listener for
// good; this one accepts again Options::acceptRetryMs later, and again after every failure, so
// that the server takes connections as soon as descriptors are free. isAccepting() and
// acceptFailures() tell /healthz and /metrics.
class ExchangeServer final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QHostAddress address = QHostAddress::LocalHost;
        quint16 port = Protocol::DefaultPort; // 0: any free port (tests)
        QString certificateFile; // PEM; with keyFile: TLS (wss://)
        QString keyFile;
        // Time a connection has to complete its WebSocket handshake (after TLS) before it is
        // closed; QWebSocketServer's own default.
        int handshakeTimeoutMs = 10'000;
        int maxConnectionsPerAddress = MarketRules::MaxConnectionsPerAddress;
        int maxConnections = MarketRules::MaxConnections;
        // Threads that serve the upgraded sockets; 0: the service's thread serves them. Taken by
        // the first listen() that asks for any.
        int ioThreads = 0;
        // After a failed accept, the listener accepts again this much later.
        int acceptRetryMs = MarketRules::AcceptRetryMs;
    };

    explicit ExchangeServer(ExchangeService &service, QObject *parent = nullptr);
    ~ExchangeServer() override;
    Q_DISABLE_COPY_MOVE(ExchangeServer)

    // Refuses a plain (non-TLS) listener on a non-loopback address.
    bool listen(const Options &options, QString *error = nullptr);
    void close();
    quint16 port() const;
    bool isSecure() const { return m_secure; }
    // SHA-256 (hex) of the served certificate; empty without TLS.
    QByteArray certificateFingerprint() const { return m_fingerprint; }

    // Serves one already-open transport (the in-process end of a desk); takes ownership.
    void accept(Transport *transport);

    // Open sockets (also those in their handshake), in total and from one address.
    int connectionCount() const { return m_connectionCount; }
    int connectionCount(const QString &address) const { return m_byAddress.value(address); }
    // Connections served by each I/O thread (empty without them).
    std::vector<int> ioThreadLoad() const;
    // Whether the listener accepts connections (false while a failed accept has paused it, and
    // when it does not listen), and how many accepts have failed since the start.
    bool isAccepting() const { return m_accepting; }
    bool isListening() const { return m_listener != nullptr; }
    quint64 acceptFailures() const { return m_acceptFailures; }

private:
    void onTcpConnection();
    void onAcceptError(QAbstractSocket::SocketError error);
    void onNewConnection();

    ExchangeService &m_service;
    std::unique_ptr<IoThreads> m_io; // the sockets' threads, once asked for; outlive close()
    QTcpServer *m_listener = nullptr; // a QSslServer with TLS; owns the sockets it accepts
    QWebSocketServer *m_server = nullptr; // upgrades m_listener's connections; never listens
    QHash<QString, QTcpSocket *> m_upgrading; // accepted, not yet upgraded; by peer address:port
    QHash<QString, QString> m_refusing; // peer address:port -> why it is closed once upgraded
    // peer address:port -> gives the socket's place back (once), until it is upgraded
    QHash<QString, std::function<void()>> m_releases;
    QHash<QString, int> m_byAddress; // open sockets by WebSocketTransport::addressKey()
    int m_connectionCount = 0;
    int m_handshakeTimeoutMs = 0;
    int m_maxPerAddress = 0;
    int m_maxConnections = 0;
    bool m_secure = false;
    QByteArray m_fingerprint;
    bool m_accepting = false;
    bool m_recovering = false; // an accept failed; none has succeeded since
    quint64 m_acceptFailures = 0;
    int m_acceptRetryMs = 0;
    QTimer *m_resume = nullptr; // child: accepts again after a failed accept
};

} // namespace everx
