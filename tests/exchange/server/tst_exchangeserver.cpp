// ExchangeServer's own handling of connections: low delay (TCP_NODELAY) on both ends of a live
// connection, TLS and plain, and the WebSocket handshake time limit it applies itself.

#include "fixtures/serverfixture.h"
#include "fixtures/tcpsockets.h"

#include "wire/websockettransport.h"

#include <QtNetwork/QTcpSocket>
#include <QtTest/QtTest>

using namespace everx;
using namespace everx::test;

class TestExchangeServer : public QObject
{
    Q_OBJECT

private slots:
    void lowDelayOnBothEnds_data();
    void lowDelayOnBothEnds();
    void handshakeTimeLimit_data();
    void handshakeTimeLimit();
};

void TestExchangeServer::lowDelayOnBothEnds_data()
{
    QTest::addColumn<bool>("tls");
    QTest::newRow("wss") << true;
    QTest::newRow("ws") << false;
}

// Both ends of a desk's connection, read back from the live sockets: the server's accepted one
// and the client's (WebSocketTransport). Without TCP_NODELAY a reply that follows a push waits
// for the peer's delayed ACK, some 40 ms (everx-bench --mode latency --nagle shows it).
void TestExchangeServer::lowDelayOnBothEnds()
{
    QFETCH(bool, tls);
    ServerFixture f(tls);
    QVERIFY(f.server->port() != 0);
    WebSocketTransport client(f.url());
    client.setPinnedFingerprint(f.fingerprint);
    QSignalSpy connected(&client, &Transport::connected);
    client.open();
    QVERIFY(connected.wait(5000));

    const QList<TcpSocketInfo> serverEnds = connectedTcpSockets(f.server->port(), 0);
    const QList<TcpSocketInfo> clientEnds = connectedTcpSockets(0, f.server->port());
    QCOMPARE(serverEnds.size(), 1);
    QCOMPARE(clientEnds.size(), 1);
    QCOMPARE(serverEnds.first().peerPort, clientEnds.first().localPort); // one connection
    QCOMPARE(tcpNoDelay(serverEnds.first().fd), 1);
    QCOMPARE(tcpNoDelay(clientEnds.first().fd), 1);

    // And the connection works: a ping gets its answer.
    QSignalSpy received(&client, &Transport::textReceived);
    client.sendText(Protocol::encodeRequest(1, QStringLiteral("ping"), {}));
    QVERIFY(received.wait(5000));
}

void TestExchangeServer::handshakeTimeLimit_data()
{
    QTest::addColumn<bool>("tls");
    QTest::newRow("wss") << true;
    QTest::newRow("ws") << false;
}

// A connection that never sends its WebSocket handshake is closed after the time limit; one that
// upgraded in time stays open past it.
void TestExchangeServer::handshakeTimeLimit()
{
    QFETCH(bool, tls);
    ServerFixture f(tls);
    ExchangeServer::Options options;
    options.port = 0;
    options.handshakeTimeoutMs = 300;
    if (tls) {
        options.certificateFile = f.certPath;
        options.keyFile = f.keyPath;
    }
    QString error;
    QVERIFY2(f.server->listen(options, &error), qPrintable(error));

    WebSocketTransport upgraded(f.url());
    upgraded.setPinnedFingerprint(f.fingerprint);
    QSignalSpy connected(&upgraded, &Transport::connected);
    upgraded.open();
    QVERIFY(connected.wait(5000));

    // A silent client: TCP (and TLS) connected, no HTTP upgrade request. The server runs on this
    // thread, so the waits turn the event loop rather than block.
    std::unique_ptr<QTcpSocket> silent;
    if (tls) {
        auto *ssl = new QSslSocket;
        silent.reset(ssl);
        connect(ssl, &QSslSocket::sslErrors, ssl, [ssl] { ssl->ignoreSslErrors(); });
        QSignalSpy encrypted(ssl, &QSslSocket::encrypted);
        ssl->connectToHostEncrypted(QStringLiteral("127.0.0.1"), f.server->port());
        QVERIFY(encrypted.wait(5000));
    } else {
        silent = std::make_unique<QTcpSocket>();
        QSignalSpy tcpConnected(silent.get(), &QTcpSocket::connected);
        silent->connectToHost(QHostAddress::LocalHost, f.server->port());
        QVERIFY(tcpConnected.wait(5000));
    }
    QSignalSpy closed(silent.get(), &QTcpSocket::disconnected);
    QVERIFY(closed.wait(5000));

    // Well past the limit, the upgraded connection still answers.
    QTest::qWait(2 * options.handshakeTimeoutMs);
    QVERIFY(upgraded.isConnected());
    QSignalSpy received(&upgraded, &Transport::textReceived);
    upgraded.sendText(Protocol::encodeRequest(1, QStringLiteral("ping"), {}));
    QVERIFY(received.wait(5000));
}

QTEST_GUILESS_MAIN(TestExchangeServer)
#include "tst_exchangeserver.moc"
