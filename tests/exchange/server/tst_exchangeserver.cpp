// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeServer's own handling of connections: low delay (TCP_NODELAY) on both ends of a live
// connection, TLS and plain, the WebSocket handshake time limit it applies itself, the caps on
// connections per address and in total, the grace to sign in or subscribe, and keepalive. Each
// runs twice: with the sockets on the service's thread, and on I/O threads of their own
// (IoThreads), where the proxies must keep every frame, close and disconnect in order.

#include "fixtures/serverfixture.h"
#include "fixtures/tcpsockets.h"

#include "wire/websockettransport.h"

#include <QtNetwork/QTcpSocket>
#include <QtTest/QtTest>

#include <numeric>

using namespace everx;
using namespace everx::test;

class TestExchangeServer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void lowDelayOnBothEnds_data();
    void lowDelayOnBothEnds();
    void handshakeTimeLimit_data();
    void handshakeTimeLimit();
    void connectionsPerAddressAreCapped();
    void connectionsInTotalAreCapped();
    void idleConnectionsAreClosed();
    void keepaliveDropsADeadPeer();
    void ioThreadsServeTheSockets();
    void serverGoesWithConnectionsOpen();
};

namespace {

// The fixture with the current run's I/O threads, then `configure`.
std::unique_ptr<ServerFixture> fixture(bool tls, const ServerFixture::Configure &configure = {})
{
    QFETCH_GLOBAL(int, ioThreads);
    return std::make_unique<ServerFixture>(
        tls, [&](ExchangeService::Options &o, ExchangeServer::Options &so) {
            so.ioThreads = ioThreads;
            if (configure)
                configure(o, so);
        });
}

} // namespace

void TestExchangeServer::initTestCase_data()
{
    QTest::addColumn<int>("ioThreads");
    QTest::newRow("service thread") << 0;
    QTest::newRow("io threads") << 2;
}

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
    const auto fx = fixture(tls);
    ServerFixture &f = *fx;
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
    QFETCH_GLOBAL(int, ioThreads);
    const auto fx = fixture(tls);
    ServerFixture &f = *fx;
    ExchangeServer::Options options;
    options.port = 0;
    options.ioThreads = ioThreads;
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

namespace {

// Opens n raw clients and waits for each to connect.
std::vector<std::unique_ptr<RawClient>> openClients(const ServerFixture &f, int n)
{
    std::vector<std::unique_ptr<RawClient>> clients;
    for (int i = 0; i < n; ++i) {
        clients.push_back(std::make_unique<RawClient>(f));
        clients.back()->waitConnected();
    }
    return clients;
}

} // namespace

// Past the cap, a connection from the same address is closed at once with 1008 and a reason;
// a closed connection frees its place.
void TestExchangeServer::connectionsPerAddressAreCapped()
{
    const auto fx = fixture(false, [](ExchangeService::Options &, ExchangeServer::Options &so) {
        so.maxConnectionsPerAddress = 3;
    });
    ServerFixture &f = *fx;
    auto clients = openClients(f, 3);
    for (const auto &c : clients)
        QCOMPARE(c->socket.state(), QAbstractSocket::ConnectedState);
    QCOMPARE(f.server->connectionCount(QStringLiteral("127.0.0.1")), 3);
    RawClient extra(f);
    QTRY_COMPARE_WITH_TIMEOUT(extra.closeCode, 1008, 5'000);
    QVERIFY2(extra.socket.closeReason().contains(QStringLiteral("per address")),
             qPrintable(extra.socket.closeReason()));
    // The three still work.
    for (const auto &c : clients)
        QVERIFY(
            RawClient::result(c->call(QStringLiteral("ping"))).contains(QStringLiteral("time")));
    clients.front()->socket.close();
    QTRY_COMPARE_WITH_TIMEOUT(f.server->connectionCount(QStringLiteral("127.0.0.1")), 2, 5'000);
    RawClient again(f);
    QVERIFY(again.waitConnected());
    QVERIFY(RawClient::result(again.call(QStringLiteral("ping"))).contains(QStringLiteral("time")));
}

void TestExchangeServer::connectionsInTotalAreCapped()
{
    const auto fx = fixture(false, [](ExchangeService::Options &, ExchangeServer::Options &so) {
        so.maxConnections = 2;
    });
    ServerFixture &f = *fx;
    auto clients = openClients(f, 2);
    RawClient extra(f);
    QTRY_COMPARE_WITH_TIMEOUT(extra.closeCode, 1008, 5'000);
    QVERIFY2(extra.socket.closeReason().contains(QStringLiteral("full")),
             qPrintable(extra.socket.closeReason()));
    QCOMPARE(f.server->connectionCount(), 2);
}

// A connection that neither signs in nor subscribes within the grace is closed (1008); one
// watching public market data without an account, or signed in, stays.
void TestExchangeServer::idleConnectionsAreClosed()
{
    const auto fx = fixture(false, [](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.signInGraceMs = 300;
    });
    ServerFixture &f = *fx;
    f.account(QStringLiteral("c@x.io"), Role::Customer);
    RawClient idle(f), watcher(f), member(f);
    QVERIFY(idle.waitConnected());
    QVERIFY(watcher.waitConnected());
    QVERIFY(member.waitConnected());
    QVERIFY(
        RawClient::errorCode(watcher.call(QStringLiteral("subscribe"),
                                          {{QStringLiteral("channel"), QStringLiteral("ticker")}}))
            .isEmpty());
    QVERIFY(member.login(QStringLiteral("c@x.io")));
    // A ping is not enough to stay.
    QVERIFY(RawClient::result(idle.call(QStringLiteral("ping"))).contains(QStringLiteral("time")));
    QTRY_COMPARE_WITH_TIMEOUT(idle.closeCode, 1008, 5'000);
    QTest::qWait(300);
    QCOMPARE(watcher.socket.state(), QAbstractSocket::ConnectedState);
    QCOMPARE(member.socket.state(), QAbstractSocket::ConnectedState);
    QVERIFY(
        RawClient::result(member.call(QStringLiteral("ping"))).contains(QStringLiteral("time")));
}

// The server pings a silent peer; one that answers (QWebSocket does by itself) stays, one that
// does not (a raw socket that upgraded and then went deaf) is dropped.
void TestExchangeServer::keepaliveDropsADeadPeer()
{
    const auto fx = fixture(false, [](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.signInGraceMs = 0;
        o.keepaliveIntervalMs = 100;
        o.keepaliveTimeoutMs = 200;
    });
    ServerFixture &f = *fx;
    RawClient alive(f);
    QVERIFY(alive.waitConnected());

    QTcpSocket deaf;
    QSignalSpy tcpConnected(&deaf, &QTcpSocket::connected);
    deaf.connectToHost(QHostAddress::LocalHost, f.server->port());
    QVERIFY(tcpConnected.wait(5000));
    deaf.write(QStringLiteral("GET / HTTP/1.1\r\nHost: 127.0.0.1:%1\r\nUpgrade: websocket\r\n"
                              "Connection: Upgrade\r\nSec-WebSocket-Key: "
                              "dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                   .arg(f.server->port())
                   .toLatin1());
    QTRY_VERIFY_WITH_TIMEOUT(deaf.bytesAvailable() > 0, 5'000);
    QVERIFY(deaf.peek(64).startsWith("HTTP/1.1 101"));
    QTRY_COMPARE_WITH_TIMEOUT(f.server->connectionCount(), 2, 5'000);
    // Silent for longer than the interval and the timeout together, twice over.
    QTRY_COMPARE_WITH_TIMEOUT(deaf.state(), QAbstractSocket::UnconnectedState, 5'000);
    QTRY_COMPARE_WITH_TIMEOUT(f.server->connectionCount(), 1, 5'000);
    QCOMPARE(alive.socket.state(), QAbstractSocket::ConnectedState);
    QVERIFY(RawClient::result(alive.call(QStringLiteral("ping"))).contains(QStringLiteral("time")));
}

// With I/O threads, the sockets are spread over them and given back as connections go; frames
// keep their order through the proxy: a hundred pipelined pings are answered in turn, and a
// subscriber's snapshot comes after the reply that subscribed it.
void TestExchangeServer::ioThreadsServeTheSockets()
{
    QFETCH_GLOBAL(int, ioThreads);
    const auto fx = fixture(true, [](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.requestsPerSecond = 10'000; // the pings are not rate limited
    });
    ServerFixture &f = *fx;
    auto clients = openClients(f, 4);
    auto served = [&f] {
        const std::vector<int> load = f.server->ioThreadLoad();
        return std::accumulate(load.cbegin(), load.cend(), 0);
    };
    if (ioThreads == 0) {
        QVERIFY(f.server->ioThreadLoad().empty());
    } else {
        QTRY_COMPARE_WITH_TIMEOUT(served(), 4, 5'000);
        QCOMPARE(f.server->ioThreadLoad(), std::vector<int>(size_t(ioThreads), 4 / ioThreads));
    }

    RawClient &c = *clients.front();
    const qsizetype before = c.replies.size();
    for (int id = 1; id <= 100; ++id)
        c.socket.sendTextMessage(Protocol::encodeRequest(id, QStringLiteral("ping"), {}));
    QTRY_COMPARE_WITH_TIMEOUT(c.replies.size(), before + 100, 10'000);
    for (int i = 0; i < 100; ++i)
        QCOMPARE(c.replies.at(before + i).value(QStringLiteral("id")).toInteger(), i + 1);

    const qsizetype frames = c.rawIn.size();
    c.socket.sendTextMessage(Protocol::encodeRequest(
        500, QStringLiteral("subscribe"), {{QStringLiteral("channel"), QStringLiteral("ticker")}}));
    QTRY_VERIFY_WITH_TIMEOUT(c.rawIn.size() >= frames + 2, 5'000);
    const QJsonObject reply = QJsonDocument::fromJson(c.rawIn.at(frames).toUtf8()).object();
    const QJsonObject snapshot = QJsonDocument::fromJson(c.rawIn.at(frames + 1).toUtf8()).object();
    QCOMPARE(reply.value(QStringLiteral("id")).toInteger(), 500);
    QCOMPARE(snapshot.value(QStringLiteral("ch")).toString(), QStringLiteral("ticker"));
    QCOMPARE(snapshot.value(QStringLiteral("type")).toString(), QStringLiteral("snapshot"));

    clients[1]->socket.close();
    clients[2]->socket.close();
    QTRY_COMPARE_WITH_TIMEOUT(f.server->connectionCount(), 2, 5'000);
    if (ioThreads > 0)
        QTRY_COMPARE_WITH_TIMEOUT(served(), 2, 5'000);
}

// The server and then the service go (as at the end of everx-exchanged) while clients are
// connected and subscribed: their connections end, nothing is left behind or touched after it
// went (the sanitizers' run would say).
void TestExchangeServer::serverGoesWithConnectionsOpen()
{
    const auto fx = fixture(true);
    ServerFixture &f = *fx;
    f.account(QStringLiteral("c@x.io"), Role::Customer);
    auto clients = openClients(f, 3);
    QVERIFY(clients[0]->login(QStringLiteral("c@x.io")));
    QVERIFY(RawClient::errorCode(
                clients[1]->call(QStringLiteral("subscribe"),
                                 {{QStringLiteral("channel"), QStringLiteral("ticker")}}))
                .isEmpty());
    f.server.reset();
    f.service.reset();
    for (const auto &c : clients)
        QTRY_VERIFY_WITH_TIMEOUT(c->closeCode != -1, 5'000);
}

QTEST_GUILESS_MAIN(TestExchangeServer)
#include "tst_exchangeserver.moc"
