#pragma once

// A real everx exchange server on loopback with TLS (a certificate made for the test), and a raw
// protocol client that speaks frames over a real QWebSocket. For the role and bad-input suites.

#include "enginefixture.h"

#include "exchange/certificates.h"
#include "exchange/exchangeserver.h"
#include "exchange/exchangeservice.h"

#include "models/protocol.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtNetwork/QSslConfiguration>
#include <QtTest/QSignalSpy>
#include <QtWebSockets/QWebSocket>

namespace everx::test {

struct ServerFixture
{
    ManualClock clock {T0};
    QTemporaryDir dir;
    std::unique_ptr<ExchangeService> service;
    std::unique_ptr<ExchangeServer> server;
    QString certPath, keyPath;
    QByteArray fingerprint;

    explicit ServerFixture(bool tls = true)
    {
        certPath = dir.filePath(QStringLiteral("cert.pem"));
        keyPath = dir.filePath(QStringLiteral("key.pem"));
        service = std::make_unique<ExchangeService>(clock);
        ExchangeService::Options o;
        o.engine.database.location = dir.filePath(QStringLiteral("server.db"));
        o.engine.database.durable = false;
        o.engine.passwordLog2N = 4;
        o.tickMs = 20;
        QString error;
        if (!service->open(o, &error))
            qWarning() << "service:" << error;
        server = std::make_unique<ExchangeServer>(*service);
        ExchangeServer::Options so;
        so.port = 0;
        if (tls) {
            if (!Certificates::generateSelfSigned(
                    certPath, keyPath, {QStringLiteral("localhost"), QStringLiteral("127.0.0.1")},
                    2, &error))
                qWarning() << "certificate:" << error;
            so.certificateFile = certPath;
            so.keyFile = keyPath;
        }
        if (!server->listen(so, &error))
            qWarning() << "listen:" << error;
        fingerprint = server->certificateFingerprint();
    }

    QUrl url() const
    {
        return QUrl(QStringLiteral("%1://127.0.0.1:%2")
                        .arg(server->isSecure() ? QStringLiteral("wss") : QStringLiteral("ws"))
                        .arg(server->port()));
    }

    qint64 account(const QString &email, Role role, const QString &country = QStringLiteral("DE"))
    {
        auto a = service->engine().createAccount(
            {email, QStringLiteral("correct horse"), role, country});
        return a ? a->id : 0;
    }
};

// A client that sends raw frames and collects what comes back.
class RawClient : public QObject
{
public:
    QWebSocket socket;
    QList<QJsonObject> replies;
    QList<QJsonObject> pushes;
    QList<QString> rawIn;
    int closeCode = -1;
    qint64 nextId = 1;

    explicit RawClient(const ServerFixture &f)
        : RawClient(f.url(), f.fingerprint)
    { }

    RawClient(const QUrl &url, const QByteArray &fingerprint)
    {
        // Trust exactly the test server's certificate: pinning by fingerprint, as the desk does.
        QObject::connect(
            &socket, &QWebSocket::sslErrors, this,
            [this, fp = fingerprint](const QList<QSslError> &errors) {
                if (!errors.isEmpty()
                    && errors.first().certificate().digest(QCryptographicHash::Sha256).toHex()
                        == fp)
                    socket.ignoreSslErrors();
            });
        QObject::connect(&socket, &QWebSocket::textMessageReceived, this,
                         [this](const QString &text) {
                             rawIn.append(text);
                             const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
                             (o.contains(QStringLiteral("ch")) ? pushes : replies).append(o);
                         });
        QObject::connect(&socket, &QWebSocket::disconnected, this,
                         [this] { closeCode = socket.closeCode(); });
        socket.setMaxAllowedIncomingMessageSize(16 * 1024 * 1024);
        socket.open(url);
    }

    bool waitConnected()
    {
        if (socket.state() == QAbstractSocket::ConnectedState)
            return true;
        QSignalSpy spy(&socket, &QWebSocket::connected);
        return spy.wait(5000);
    }

    // Sends raw text and waits for the next reply (not push); empty object on timeout.
    QJsonObject sendRaw(const QString &text)
    {
        const qsizetype before = replies.size();
        socket.sendTextMessage(text);
        for (int waited = 0; waited < 5000 && replies.size() == before && closeCode == -1;
             waited += 10)
            QTest::qWait(10);
        return replies.size() > before ? replies.at(before) : QJsonObject();
    }

    QJsonObject call(const QString &op, const QJsonObject &args = {})
    {
        const qint64 id = nextId++;
        const qsizetype before = replies.size();
        socket.sendTextMessage(Protocol::encodeRequest(id, op, args));
        for (int i = 0; i < 500; ++i) {
            for (qsizetype k = before; k < replies.size(); ++k) {
                if (replies[k].value(QStringLiteral("id")).toInteger() == id)
                    return replies[k];
            }
            if (closeCode != -1)
                return {};
            QTest::qWait(10);
        }
        return {};
    }

    static QString errorCode(const QJsonObject &reply)
    {
        return reply.value(QStringLiteral("error"))
            .toObject()
            .value(QStringLiteral("code"))
            .toString();
    }
    static QJsonObject result(const QJsonObject &reply)
    {
        return reply.value(QStringLiteral("result")).toObject();
    }

    // Waits until a push on `channel` with `type` has arrived after index `from`.
    QJsonObject waitPush(const QString &channel, const QString &type, qsizetype from = 0,
                         int timeoutMs = 5000)
    {
        for (int waited = 0; waited <= timeoutMs; waited += 10) {
            for (qsizetype k = from; k < pushes.size(); ++k) {
                if (pushes[k].value(QStringLiteral("ch")).toString() == channel
                    && pushes[k].value(QStringLiteral("type")).toString() == type)
                    return pushes[k];
            }
            QTest::qWait(10);
        }
        return {};
    }

    bool login(const QString &email)
    {
        return !result(call(QStringLiteral("auth.login"),
                            {{QStringLiteral("email"), email},
                             {QStringLiteral("password"), QStringLiteral("correct horse")}}))
                    .isEmpty();
    }
};

} // namespace everx::test
