// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-bench --mode signin: how long another client's ping waits while one connection sends
// a burst of sign-ins.
//
// A server (ExchangeService and ExchangeServer, as everx-exchanged runs them, with the default
// scrypt cost) runs on a thread of its own and listens on ws:// on loopback, with one account.
// Client A sends --ops sign-ins (default 100) with a wrong password, all at once (the protocol's
// burst allows 100). Client B, on another connection, pings every --interval-ms (default 10)
// after the reply to the one before, from just before A's burst until A has every answer, and
// times each reply. Printed: A's answers by outcome and how long they took, and B's ping delay
// (p50, p99, max). With hashing on the exchange thread every ping waits behind the scrypts.

#include "benchoptions.h"
#include "benchwait.h"

#include "server/exchangeserver.h"
#include "server/exchangeservice.h"
#include "wire/protocol.h"
#include "wire/vocabulary.h"
#include "wire/websockettransport.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QHash>
#include <QtCore/QLoggingCategory>
#include <QtCore/QMap>
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

const QString Email = QStringLiteral("owner@example.com");
const QString Password = QStringLiteral("correct horse battery");

// Every member is created, used and destroyed on the server thread.
struct SignInServer
{
    std::unique_ptr<SystemClock> clock;
    std::unique_ptr<ExchangeService> service;
    std::unique_ptr<ExchangeServer> server;
    quint16 port = 0;
    QString error;

    bool open(const QString &dir)
    {
        clock = std::make_unique<SystemClock>();
        service = std::make_unique<ExchangeService>(*clock);
        ExchangeService::Options o;
        o.engine.database.location = dir + QStringLiteral("/signin.db");
        if (!service->open(o, &error))
            return false;
        const Result<Account> a = service->engine().createAccount(
            {Email, Password, Role::Customer, QStringLiteral("DE")});
        if (!a) {
            error = a.error().message;
            return false;
        }
        server = std::make_unique<ExchangeServer>(*service);
        ExchangeServer::Options options;
        options.port = 0;
        if (!server->listen(options, &error))
            return false;
        port = server->port();
        return true;
    }

    void close()
    {
        server.reset();
        service.reset();
        clock.reset();
    }
};

} // namespace

int runSignInBenchmark(const BenchOptions &options)
{
    QLoggingCategory::setFilterRules(QStringLiteral("everx.*.info=false\neverx.*.debug=false"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    QTemporaryDir dir;

    QThread thread;
    thread.setObjectName(QStringLiteral("server"));
    thread.start();
    QObject serverContext;
    serverContext.moveToThread(&thread);
    SignInServer side;
    bool opened = false;
    QMetaObject::invokeMethod(
        &serverContext, [&] { opened = side.open(dir.path()); }, Qt::BlockingQueuedConnection);
    auto stopServer = [&] {
        QMetaObject::invokeMethod(
            &serverContext, [&] { side.close(); }, Qt::BlockingQueuedConnection);
        thread.quit();
        thread.wait();
    };
    if (!opened) {
        err << "everx-bench: the server did not start: " << side.error << '\n';
        stopServer();
        return 1;
    }

    const QUrl url(QStringLiteral("ws://127.0.0.1:%1").arg(side.port));
    WebSocketTransport attacker(url), watcher(url);
    int connected = 0;
    for (WebSocketTransport *t : {&attacker, &watcher})
        QObject::connect(t, &Transport::connected, t, [&connected] { ++connected; });
    attacker.open();
    watcher.open();
    if (!waitFor([&] { return connected == 2; }, 10'000)) {
        err << "everx-bench: cannot connect to " << url.toString() << '\n';
        stopServer();
        return 1;
    }

    QElapsedTimer clock;
    clock.start();
    QMap<QString, qint64> outcomes; // error code ("ok" for a sign-in) -> count
    qint64 answered = 0, lastAnswerNs = 0;
    QObject::connect(&attacker, &Transport::textReceived, &attacker, [&](const QString &text) {
        const std::optional<Protocol::Frame> frame =
            Protocol::decode(text, nullptr, Protocol::MaxServerFrameBytes);
        if (!frame || frame->kind == Protocol::FrameKind::Push)
            return;
        ++outcomes[frame->kind == Protocol::FrameKind::Error ? errorCodeName(frame->errorCode)
                                                             : QStringLiteral("ok")];
        ++answered;
        lastAnswerNs = clock.nsecsElapsed();
    });

    qint64 pingSentNs = -1, nextPingId = 1;
    std::vector<qint64> delays;
    QTimer pacer;
    pacer.setSingleShot(true);
    pacer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&pacer, &QTimer::timeout, &watcher, [&] {
        pingSentNs = clock.nsecsElapsed();
        watcher.sendText(Protocol::encodeRequest(nextPingId++, Op::Ping));
    });
    QObject::connect(&watcher, &Transport::textReceived, &watcher, [&](const QString &) {
        if (pingSentNs < 0)
            return;
        delays.push_back(clock.nsecsElapsed() - pingSentNs);
        pingSentNs = -1;
        if (answered < options.ops)
            pacer.start(options.intervalMs);
    });

    // The watcher's first ping goes out first, then the burst.
    pacer.start(0);
    waitFor([&] { return !delays.empty(); }, 5'000);
    const qint64 burstNs = clock.nsecsElapsed();
    for (qint64 i = 0; i < options.ops; ++i)
        attacker.sendText(Protocol::encodeRequest(
            i + 1, Op::AuthLogin,
            Wire::toJson(Credentials {Email, QStringLiteral("wrong password %1").arg(i)})));
    waitFor([&] { return answered == options.ops && pingSentNs < 0; }, 600'000);
    const double burstSeconds = double(lastAnswerNs - burstNs) / 1e9;
    attacker.close();
    watcher.close();
    waitFor([&] { return !attacker.isConnected() && !watcher.isConnected(); }, 2'000);
    stopServer();

    std::sort(delays.begin(), delays.end());
    out << "everx-bench --mode signin: ws on loopback, a server on its own thread with scrypt at"
        << " the default cost\n";
    out << options.ops << " sign-ins with a wrong password sent at once on one connection, "
        << answered << " answered in " << QString::number(burstSeconds, 'f', 2) << " s:";
    for (auto it = outcomes.cbegin(); it != outcomes.cend(); ++it)
        out << ' ' << it.key() << ' ' << it.value();
    out << '\n';
    out << delays.size() << " pings on a second connection, each " << options.intervalMs
        << " ms after the last reply; delay ms: p50 "
        << QString::number(percentileMs(delays, 50), 'f', 2) << ", p99 "
        << QString::number(percentileMs(delays, 99), 'f', 2) << ", max "
        << QString::number(delays.empty() ? 0.0 : double(delays.back()) / 1e6, 'f', 2) << '\n';
    return answered == options.ops ? 0 : 1;
}
