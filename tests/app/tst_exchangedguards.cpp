// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-exchanged against a stranger, as a process on loopback: the admin listener refuses a
// 512 MB POST from its head (the server's memory and its pings unmoved) and closes 300 half-sent
// requests once their time is up; the WebSocket listener, out of file descriptors (a low
// RLIMIT_NOFILE for the child), pauses, says so in /healthz and /metrics, and accepts again once
// descriptors are free; 200 connections that never read and ask for snapshot after snapshot keep
// the server under 300 MB resident, measured from /proc.

#include "fixtures/sanitizers.h"
#include "fixtures/serverfixture.h"
#include "fixtures/slowreader.h"

#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QRegularExpression>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>

#include <limits>
#include <sys/resource.h>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

// A server process and what it logged.
struct Server
{
    QProcess process;
    QByteArray log;
    quint16 port = 0;
    quint16 adminPort = 0;

    // Starts everx-exchanged on a free port with the admin listener on any. True once both
    // listen.
    bool start(const QStringList &args)
    {
        port = freePort();
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(QStringLiteral(EVERX_EXCHANGED),
                      args
                          + QStringList {u"--port"_s, QString::number(port), u"--admin-port"_s,
                                         u"0"_s, u"--io-threads"_s, u"0"_s});
        static const QRegularExpression admin(u"admin listening on http://127.0.0.1:(\\d+)"_s);
        for (int waited = 0; waited < 120'000; waited += 50) {
            process.waitForReadyRead(50);
            log += process.readAll();
            const QRegularExpressionMatch m = admin.match(QString::fromUtf8(log));
            if (m.hasMatch() && log.contains("listening on ws://")) {
                adminPort = quint16(m.captured(1).toUInt());
                return true;
            }
            if (process.state() == QProcess::NotRunning)
                break;
        }
        qWarning().noquote() << "server output:" << log;
        return false;
    }

    ~Server()
    {
        if (process.state() != QProcess::NotRunning) {
            process.terminate();
            process.waitForFinished(10'000);
        }
    }

    void readLog() { log += process.readAll(); }

    // Resident memory (VmRSS) in bytes; -1 if it cannot be read.
    qint64 residentBytes() const
    {
        QFile status(u"/proc/%1/status"_s.arg(process.processId()));
        if (!status.open(QIODevice::ReadOnly))
            return -1;
        for (const QByteArray &line : status.readAll().split('\n')) {
            if (line.startsWith("VmRSS:"))
                return line.mid(6).trimmed().split(' ').value(0).toLongLong() * 1024;
        }
        return -1;
    }

    int openDescriptors() const
    {
        return int(QDir(u"/proc/%1/fd"_s.arg(process.processId())).entryList(QDir::Files).size());
    }
};

// The status and body of one request to the admin listener over a fresh connection.
std::pair<int, QByteArray> http(quint16 port, const QByteArray &request)
{
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost, port);
    if (!s.waitForConnected(5'000))
        return {0, {}};
    s.write(request);
    QByteArray in;
    while (s.waitForReadyRead(5'000))
        in += s.readAll();
    in += s.readAll();
    return {in.mid(9, 3).toInt(), in.mid(in.indexOf("\r\n\r\n") + 4)};
}

QByteArray get(const QString &path)
{
    return "GET " + path.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
}

} // namespace

class TestExchangedGuards : public QObject
{
    Q_OBJECT

private slots:
    void adminListenerRefusesAHugeBodyAndSlowHeads();
    void acceptsAgainAfterRunningOutOfDescriptors();
    void slowReadersCannotTakeTheServersMemory();
};

void TestExchangedGuards::adminListenerRefusesAHugeBodyAndSlowHeads()
{
    QTemporaryDir dir;
    Server server;
    QVERIFY(server.start({u"--database"_s, dir.filePath(u"admin.db"_s)}));
    const qint64 before = server.residentBytes();
    QVERIFY(before > 0);

    // Pings every 20 ms on a WebSocket while a 512 MB POST is sent as fast as it goes.
    RawClient pinger(QUrl(u"ws://127.0.0.1:%1"_s.arg(server.port)), {});
    QVERIFY(pinger.waitConnected());
    QTcpSocket post;
    post.connectToHost(QHostAddress::LocalHost, server.adminPort);
    QVERIFY(post.waitForConnected(5'000));
    post.write("POST /payments/confirm HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               "Content-Length: 536870912\r\n\r\n");
    const QByteArray chunk(1 << 20, 'x');
    QByteArray answer;
    qint64 worstPingMs = 0, peak = before;
    QElapsedTimer running;
    running.start();
    qint64 sent = 0;
    while (running.elapsed() < 5'000 && post.state() == QAbstractSocket::ConnectedState) {
        if (post.bytesToWrite() < 4 * chunk.size()) {
            post.write(chunk);
            sent += chunk.size();
        }
        QElapsedTimer ping;
        ping.start();
        const qsizetype replies = pinger.replies.size();
        pinger.socket.sendTextMessage(Protocol::encodeRequest(pinger.nextId++, u"ping"_s, {}));
        while (pinger.replies.size() == replies && ping.elapsed() < 10'000) {
            post.waitForBytesWritten(1);
            QCoreApplication::processEvents();
        }
        worstPingMs = std::max(worstPingMs, ping.elapsed());
        answer += post.readAll();
        peak = std::max(peak, server.residentBytes());
        QTest::qWait(20);
    }
    answer += post.readAll();
    qInfo("512 MB POST: %lld bytes sent before the server closed, answer \"%s\"; resident %lld MB "
          "before, %lld MB at most; the worst ping took %lld ms",
          sent, answer.left(32).constData(), before >> 20, peak >> 20, worstPingMs);
    QVERIFY2(answer.startsWith("HTTP/1.1 413 "), answer.left(64).constData());
    QVERIFY2(peak - before < 64ll << 20, "the body is never held");
    QVERIFY2(worstPingMs < 1'000, qPrintable(QString::number(worstPingMs)));

    // 300 half-sent requests: 16 are served (and given their 5 s), the rest answered 503 at once;
    // none is open 8 s later.
    std::vector<std::unique_ptr<QTcpSocket>> half;
    for (int i = 0; i < 300; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        s->connectToHost(QHostAddress::LocalHost, server.adminPort);
        QVERIFY(s->waitForConnected(5'000));
        s->write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        half.push_back(std::move(s));
    }
    const auto open = [&half] {
        return std::count_if(half.cbegin(), half.cend(), [](const auto &s) {
            s->readAll();
            return s->state() == QAbstractSocket::ConnectedState;
        });
    };
    QTRY_VERIFY_WITH_TIMEOUT(open() <= MarketRules::AdminMaxConnections, 5'000);
    QTRY_COMPARE_WITH_TIMEOUT(open(), 0, 8'000);
    // And it still answers.
    QCOMPARE(http(server.adminPort, get(u"/healthz"_s)).first, 200);
}

void TestExchangedGuards::acceptsAgainAfterRunningOutOfDescriptors()
{
    // The listener's 500 ms pause is over before a server slowed by the sanitizer answers.
    if (test::UnderAddressSanitizer)
        QSKIP("timed against a 500 ms pause: the plain build's suite runs it");
    QTemporaryDir dir;
    const QStringList args {u"--database"_s, dir.filePath(u"fd.db"_s), u"--sign-in-threads"_s,
                            u"1"_s};
    // How many descriptors the running server holds when idle (the fewest of several looks, so a
    // file open for a moment during start-up does not count), then a limit a few connections
    // above that, set on the running process itself.
    Server server;
    QVERIFY(server.start(args));
    int held = std::numeric_limits<int>::max();
    for (int look = 0; look < 10; ++look) {
        QTest::qWait(50);
        held = std::min(held, server.openDescriptors());
    }
    QVERIFY(held > 0 && held < 1'000);
    const rlimit limit {rlim_t(held + 12), rlim_t(held + 12)};
    QCOMPARE(prlimit(pid_t(server.process.processId()), RLIMIT_NOFILE, &limit, nullptr), 0);
    // A connection to the admin listener made while there is room, to ask later.
    QTcpSocket admin;
    admin.connectToHost(QHostAddress::LocalHost, server.adminPort);
    QVERIFY(admin.waitForConnected(5'000));
    QTest::qWait(300); // accepted by the server before the flood takes every descriptor

    // More connections than descriptors: the kernel completes them all, the server cannot
    // accept the rest.
    std::vector<std::unique_ptr<QTcpSocket>> flood;
    for (int i = 0; i < 40; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        s->connectToHost(QHostAddress::LocalHost, server.port);
        QVERIFY(s->waitForConnected(5'000));
        flood.push_back(std::move(s));
    }
    for (int waited = 0; waited < 10'000 && !server.log.contains("accept failed"); waited += 50) {
        QTest::qWait(50);
        server.readLog();
    }
    QVERIFY2(server.log.contains("accept failed"), server.log.constData());

    // While it is paused, /healthz says so.
    admin.write(get(u"/healthz"_s));
    QByteArray health;
    while (admin.waitForReadyRead(5'000))
        health += admin.readAll();
    QVERIFY2(health.startsWith("HTTP/1.1 503 "), health.constData());
    QVERIFY2(health.contains("\"listener\":\"paused\""), health.constData());

    // The descriptors come back: the listener accepts again, by itself.
    flood.clear();
    RawClient client(QUrl(u"ws://127.0.0.1:%1"_s.arg(server.port)), {});
    QVERIFY2(client.waitConnected()
                 || QTest::qWaitFor(
                     [&client] { return client.socket.state() == QAbstractSocket::ConnectedState; },
                     15'000),
             "a new connection is accepted");
    QVERIFY(!RawClient::result(client.call(u"ping"_s)).isEmpty());
    server.readLog();
    QVERIFY2(server.log.contains("accepting connections again"), server.log.constData());
    // The 40 closed connections still in the backlog are accepted (and closed) meanwhile, each
    // taking a descriptor for a moment: the listener may pause again until they are gone.
    std::pair<int, QByteArray> healthz;
    QVERIFY(QTest::qWaitFor(
        [&] {
            healthz = http(server.adminPort, get(u"/healthz"_s));
            return healthz.first == 200;
        },
        15'000));
    const QByteArray &body = healthz.second;
    QVERIFY2(body.contains("\"listener\":\"accepting\""), body.constData());
    const QByteArray metrics = http(server.adminPort, get(u"/metrics"_s)).second;
    QVERIFY2(metrics.contains("everx_listener_accepting 1\n"), metrics.constData());
    const QRegularExpressionMatch failures =
        QRegularExpression(u"everx_accept_failures_total (\\d+)\n"_s)
            .match(QString::fromUtf8(metrics));
    QVERIFY(failures.hasMatch() && failures.captured(1).toInt() >= 1);
}

void TestExchangedGuards::slowReadersCannotTakeTheServersMemory()
{
    // The sanitizer's shadow memory and quarantine are most of a sanitized process's size.
    if (test::UnderAddressSanitizer)
        QSKIP("a bound on resident memory: the plain build's suite runs it");
    QTemporaryDir dir;
    Server server;
    QVERIFY(server.start({u"--sandbox"_s, u"--database"_s, dir.filePath(u"slow.db"_s)}));
    // Every channel a connection may have: the ticker, and candles of every GPU and interval.
    RawClient catalog(QUrl(u"ws://127.0.0.1:%1"_s.arg(server.port)), {});
    QVERIFY(catalog.waitConnected());
    const QJsonArray gpus =
        RawClient::result(catalog.call(u"hello"_s, {{u"client"_s, u"test"_s}, {u"protocol"_s, 1}}))
            .value(u"gpus"_s)
            .toArray();
    QVERIFY(!gpus.isEmpty());
    QStringList channels {u"ticker"_s};
    for (const QJsonValue &gpu : gpus) {
        for (const QString &interval : {u"1m"_s, u"5m"_s, u"1h"_s, u"1d"_s})
            channels << u"candles.%1.%2"_s.arg(gpu.toString(), interval);
    }
    channels = channels.mid(0, Protocol::MaxSubscriptions);

    std::vector<std::unique_ptr<SlowReader>> readers;
    for (int i = 0; i < 200; ++i) {
        readers.push_back(std::make_unique<SlowReader>(server.port));
        QVERIFY(readers.back()->isOpen());
    }
    QTest::qWait(500); // the handshakes
    qint64 id = 1;
    for (auto &r : readers) {
        for (const QString &channel : channels)
            r->request(id++, u"subscribe"_s, {{u"channel"_s, channel}});
    }
    // Then, for 15 s, ten subscriptions a second each to a channel it has (each used to bring a
    // fresh snapshot), never reading a byte.
    qint64 peak = 0;
    QElapsedTimer t;
    t.start();
    int round = 0;
    while (t.elapsed() < 15'000) {
        for (auto &r : readers)
            r->request(id++, u"subscribe"_s,
                       {{u"channel"_s, channels.at(round % channels.size())}});
        ++round;
        for (int i = 0; i < 10; ++i) {
            peak = std::max(peak, server.residentBytes());
            QTest::qWait(10);
        }
        if (peak > 300ll << 20)
            break;
    }
    server.readLog();
    qInfo("200 slow readers, %d rounds: the server's resident memory peaked at %lld MB", round,
          peak >> 20);
    QVERIFY2(peak < 300ll << 20, qPrintable(u"%1 MB"_s.arg(peak >> 20)));
    // And it serves a reader as ever (once it has answered the requests that wait: some 20,000).
    RawClient client(QUrl(u"ws://127.0.0.1:%1"_s.arg(server.port)), {});
    QVERIFY(client.waitConnected()
            || QTest::qWaitFor(
                [&client] { return client.socket.state() == QAbstractSocket::ConnectedState; },
                30'000));
    QVERIFY(!RawClient::result(client.call(u"ping"_s)).isEmpty());
}

QTEST_GUILESS_MAIN(TestExchangedGuards)
#include "tst_exchangedguards.moc"
