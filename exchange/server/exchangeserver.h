#pragma once

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtNetwork/QHostAddress>

class QWebSocketServer;

namespace everx {

class ExchangeService;
class Transport;

// Accepts protocol connections for an ExchangeService: WebSocket clients (TLS, or plain on
// loopback only) and in-process transports. Threading: the service's thread.
class ExchangeServer final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QHostAddress address = QHostAddress::LocalHost;
        quint16 port = 7447; // 0: any free port (tests)
        QString certificateFile; // PEM; with keyFile: TLS (wss://)
        QString keyFile;
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

private:
    void onNewConnection();

    ExchangeService &m_service;
    QWebSocketServer *m_server = nullptr;
    bool m_secure = false;
    QByteArray m_fingerprint;
};

} // namespace everx
