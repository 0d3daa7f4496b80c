// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-bench --mode latency: the reply latency a subscribed client sees from a busy server.
//
// A sandbox exchange server (ExchangeService, Sandbox and ExchangeServer, as everx-exchanged
// --sandbox runs them, at 60x) runs on a thread of its own and listens on loopback (ws://, or
// wss:// with --tls). A client on the main thread (WebSocketTransport, as the desk's) subscribes
// to one GPU's book and trades and to the ticker, then sends --ops pings (default 1,000), each
// --interval-ms (default 10) after the reply to the one before, and times each reply. Pings
// beyond the protocol's request rate are answered rate_limited at once: still a reply, written
// the same way.
//
// --nagle turns TCP_NODELAY off on the server's end of this connection once it is open, to show
// what the option saves: a reply written right after a push then waits in Nagle's buffer for the
// client's delayed ACK, about 40 ms.

#include "benchoptions.h"
#include "benchwait.h"

#include "fixtures/tcpsockets.h"

#include "sandbox/sandbox.h"
#include "server/certificates.h"
#include "server/exchangeserver.h"
#include "server/exchangeservice.h"
#include "wire/protocol.h"
#include "wire/vocabulary.h"
#include "wire/websockettransport.h"

#include <QtCore/QDateTime>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QHash>
#include <QtCore/QLoggingCategory>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTextStream>
#include <QtCore/QThread>
#include <QtCore/QTimer>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

using namespace everx;
using everx::bench::percentileMs;
using everx::bench::waitFor;

namespace {

// The server side. Every member is created, used and destroyed on the server thread (through
// blocking calls from the main thread), never touched from the main thread in between.
struct ServerSide
{
    std::unique_ptr<ScaledClock> clock;
    std::unique_ptr<ExchangeService> service;
    std::unique_ptr<Sandbox> sandbox;
    std::unique_ptr<ExchangeServer> server;
    quint16 port = 0;
    QByteArray fingerprint;
    QString error;

    bool open(const QString &dir, bool tls)
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        clock = std::make_unique<ScaledClock>(now, now, 60);
        service = std::make_unique<ExchangeService>(*clock);
        ExchangeService::Options o;
        o.sandbox = true;
        o.engine.database.location = dir + QStringLiteral("/latency.db");
        o.engine.passwordLog2N = SandboxPasswordLog2N;
        if (!service->open(o, &error))
            return false;
        SandboxOptions so;
        so.backfillDays = 2; // history does not change what is measured; it only takes time
        sandbox = std::make_unique<Sandbox>(service->engine(), so);
        if (!sandbox->prepare(&error) || !service->setSandbox(sandbox.get(), &error))
            return false;
        sandbox->start();
        server = std::make_unique<ExchangeServer>(*service);
        ExchangeServer::Options options;
        options.port = 0;
        if (tls) {
            options.certificateFile = dir + QStringLiteral("/cert.pem");
            options.keyFile = dir + QStringLiteral("/key.pem");
            if (!Certificates::generateSelfSigned(options.certificateFile, options.keyFile,
                                                  {QStringLiteral("127.0.0.1")}, 2, &error))
                return false;
        }
        if (!server->listen(options, &error))
            return false;
        port = server->port();
        fingerprint = server->certificateFingerprint();
        return true;
    }

    void close()
    {
        if (sandbox)
            sandbox->stop();
        server.reset();
        sandbox.reset();
        service.reset();
        clock.reset();
    }
};

} // namespace

int runLatencyBenchmark(const BenchOptions &options)
{
    QLoggingCategory::setFilterRules(QStringLiteral("everx.*.info=false\neverx.*.debug=false"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    QTemporaryDir dir;
    const QString gpu = QStringLiteral("h100-sxm");

    QThread thread;
    thread.setObjectName(QStringLiteral("server"));
    thread.start();
    QObject serverContext;
    serverContext.moveToThread(&thread);
    ServerSide side;
    bool opened = false;
    QMetaObject::invokeMethod(
        &serverContext, [&] { opened = side.open(dir.path(), options.tls); },
        Qt::BlockingQueuedConnection);
    auto stopServer = [&] {
        QMetaObject::invokeMethod(
            &serverContext, [&] { side.close(); }, Qt::BlockingQueuedConnection);
        thread.quit();
        thread.wait();
    };
    if (!opened) {
        err << "everx-bench: the sandbox server did not start: " << side.error << '\n';
        stopServer();
        return 1;
    }

    const QUrl url(QStringLiteral("%1://127.0.0.1:%2")
                       .arg(options.tls ? QStringLiteral("wss") : QStringLiteral("ws"))
                       .arg(side.port));
    WebSocketTransport client(url);
    client.setPinnedFingerprint(side.fingerprint);
    bool connected = false;
    QObject::connect(&client, &Transport::connected, &client, [&connected] { connected = true; });

    QElapsedTimer clock;
    clock.start();
    QHash<qint64, qint64> sentAt; // request id -> ns
    std::vector<qint64> latencies;
    latencies.reserve(std::size_t(options.ops));
    qint64 snapshots = 0, pushes = 0, rateLimited = 0, otherErrors = 0;
    QObject::connect(&client, &Transport::textReceived, &client, [&](const QString &text) {
        const qint64 now = clock.nsecsElapsed();
        const std::optional<Protocol::Frame> frame =
            Protocol::decode(text, nullptr, Protocol::MaxServerFrameBytes);
        if (!frame)
            return;
        if (frame->kind == Protocol::FrameKind::Push) {
            ++pushes;
            snapshots += frame->type == PushType::Snapshot;
            return;
        }
        const auto it = sentAt.find(frame->id);
        if (it == sentAt.end())
            return; // a subscription's reply
        latencies.push_back(now - *it);
        sentAt.erase(it);
        if (frame->kind == Protocol::FrameKind::Error) {
            if (frame->errorCode == ErrorCode::RateLimited)
                ++rateLimited;
            else
                ++otherErrors;
        }
    });
    client.open();
    if (!waitFor([&] { return connected; }, 10'000)) {
        err << "everx-bench: cannot connect to " << url.toString() << '\n';
        stopServer();
        return 1;
    }

    // The server's end of this connection (the process holds both): its TCP_NODELAY as the
    // server left it, or turned off with --nagle.
    const QList<test::TcpSocketInfo> serverEnds = test::connectedTcpSockets(side.port, 0);
    if (serverEnds.size() != 1) {
        err << "everx-bench: expected one connection to port " << side.port << ", found "
            << serverEnds.size() << '\n';
        stopServer();
        return 1;
    }
    const int serverFd = serverEnds.first().fd;
    if (options.nagle)
        test::setTcpNoDelay(serverFd, false);
    const int serverNoDelay = test::tcpNoDelay(serverFd);
    const QList<test::TcpSocketInfo> clientEnds = test::connectedTcpSockets(0, side.port);
    const int clientNoDelay = clientEnds.size() == 1 ? test::tcpNoDelay(clientEnds.first().fd) : -1;

    qint64 nextId = 1;
    for (const QString &channel :
         {Channel::book(gpu), Channel::trades(gpu), QString(Channel::TickerName)}) {
        client.sendText(Protocol::encodeRequest(nextId++, Op::Subscribe,
                                                {{QStringLiteral("channel"), channel}}));
    }
    if (!waitFor([&] { return snapshots >= 3; }, 10'000)) {
        err << "everx-bench: the subscriptions' snapshots did not come\n";
        stopServer();
        return 1;
    }
    pushes = 0;

    // Closed loop, as the desk talks: the next ping goes `intervalMs` after the previous reply,
    // so the client sends nothing while it waits, and its ACK of a push that came just before a
    // reply is delayed (on Linux at least 40 ms): a reply that Nagle holds waits for that ACK.
    QTimer pacer;
    pacer.setSingleShot(true);
    pacer.setTimerType(Qt::PreciseTimer);
    qint64 sent = 0;
    QObject::connect(&pacer, &QTimer::timeout, &client, [&] {
        const qint64 id = nextId++;
        sentAt.insert(id, clock.nsecsElapsed());
        client.sendText(Protocol::encodeRequest(id, Op::Ping));
        ++sent;
    });
    QObject::connect(&client, &Transport::textReceived, &pacer, [&] {
        if (sentAt.isEmpty() && sent < options.ops && !pacer.isActive())
            pacer.start(options.intervalMs);
    });
    const qint64 started = clock.elapsed();
    pacer.start(options.intervalMs);
    waitFor([&] { return sent == options.ops && sentAt.isEmpty(); },
            int(options.ops * (options.intervalMs + 100)) + 10'000);
    const double seconds = double(clock.elapsed() - started) / 1000.0;
    client.close();
    waitFor([&] { return !client.isConnected(); }, 2'000);
    stopServer();

    std::sort(latencies.begin(), latencies.end());
    const qint64 slow = std::count_if(latencies.begin(), latencies.end(),
                                      [](qint64 ns) { return ns > 20'000'000; });
    out << "everx-bench --mode latency: " << (options.tls ? "wss" : "ws")
        << " on loopback, sandbox server at 60x on its own thread; client subscribed to book."
        << gpu << ", trades." << gpu << " and ticker\n";
    out << "TCP_NODELAY: server end " << serverNoDelay << (options.nagle ? " (--nagle)" : "")
        << ", client end " << clientNoDelay << '\n';
    out << sent << " pings, each " << options.intervalMs << " ms after the last reply; "
        << latencies.size() << " answered (" << rateLimited << " of them rate_limited, "
        << otherErrors << " other errors), " << pushes << " pushes received in "
        << QString::number(seconds, 'f', 1) << " s\n";
    out << "reply latency ms: p50 " << QString::number(percentileMs(latencies, 50), 'f', 2)
        << ", p99 " << QString::number(percentileMs(latencies, 99), 'f', 2) << ", p99.9 "
        << QString::number(percentileMs(latencies, 99.9), 'f', 2) << ", max "
        << QString::number(latencies.empty() ? 0.0 : double(latencies.back()) / 1e6, 'f', 2)
        << "; over 20 ms: " << slow;
    // The slow ones, for telling Nagle's stalls (the client's delayed ACK: 40 ms and a little)
    // from a server that was busy (any length).
    if (slow > 0) {
        out << " (";
        for (auto it = latencies.end() - slow; it != latencies.end(); ++it)
            out << (it == latencies.end() - slow ? "" : ", ")
                << QString::number(double(*it) / 1e6, 'f', 1);
        out << ')';
    }
    out << '\n';
    return latencies.size() == std::size_t(sent) ? 0 : 1;
}
