// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-bench --mode durable: operations through the whole engine, each committed to the
// database (SQLite WAL with synchronous=FULL by default, or PostgreSQL with --database URL)
// before it counts as done: durable operations per second and latency percentiles.
//
// With --clients N the operations go through the exchange service instead, as protocol requests
// of N signed-in sessions keeping --pipeline requests each in flight, so that the service's group
// commit forms batches: durable operations per second, batch sizes and reply latency (from the
// request handed to the service to its reply, which leaves only after the commit). With
// --client-thread the sessions' end runs on a thread of its own and sends text, which the
// server's end of each session decodes (ServerConnection, as for a socket): what the exchange
// thread does is then what it does for remote clients, less the sockets.

#include "benchoptions.h"

#include "engine/exchangeengine.h"
#include "server/allocator.h"
#include "server/exchangeservice.h"
#include "server/serverconnection.h"

#include "wire/transport.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QCoreApplication>

#include <QtCore/QDateTime>
#include <QtCore/QElapsedTimer>
#include <QtCore/QLoggingCategory>
#include <QtCore/QRandomGenerator>
#include <QtCore/QScopeGuard>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTextStream>
#include <QtCore/QThread>
#include <QtCore/QUrl>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <vector>

#include <time.h>

using namespace everx;

namespace {

enum DurableOp { OpTopUp, OpBid, OpBuyNow, OpCancel, OpReprice, OpCount };
const char *const OpNames[OpCount] = {"top-up", "limit bid", "buy now", "cancel", "reprice"};

struct Series
{
    std::vector<qint64> ns;
    qint64 refused = 0;
};

// CPU time consumed so far by the calling thread, or by the whole process, in nanoseconds.
qint64 cpuNanos(clockid_t clock)
{
    timespec t {};
    clock_gettime(clock, &t);
    return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

qint64 percentile(const std::vector<qint64> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    const size_t i = std::min(sorted.size() - 1, size_t(p / 100.0 * double(sorted.size())));
    return sorted[i];
}

// The server's end of a bench session: hands every frame the service sends to `received`,
// synchronously; no socket, so that what is measured is the service, the engine and the
// database, with the clients' own encoding and decoding on the same thread.
class BenchTransport final : public Transport
{
public:
    std::function<void(const QString &)> received;
    void open() override { }
    void close(int, const QString &) override { }
    void sendText(const QString &frame) override
    {
        if (received)
            received(frame);
    }
    bool isConnected() const override { return true; }
    QString peer() const override { return QStringLiteral("bench"); }
};

int runDurableSessions(const BenchOptions &options)
{
    QLoggingCategory::setFilterRules(QStringLiteral("everx.*.info=false\neverx.*.debug=false"));
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString location =
        options.database.isEmpty() ? dir.filePath(QStringLiteral("bench.db")) : options.database;
    ManualClock clock(1'795'996'800'000);
    ExchangeService service(clock);
    ExchangeService::Options o;
    o.engine.database.location = location;
    o.engine.database.durable = true;
    o.engine.passwordLog2N = 4; // sign-in is not what is measured
    o.engine.maxOpenOrders = 1'000'000;
    o.engine.ledgerKeyFile = dir.filePath(QStringLiteral("ledger.key"));
    o.signInsPerAddressPerMinute = 1'000'000; // every session signs in from "bench"
    o.signInGraceMs = 0;
    o.keepaliveIntervalMs = 0;
    o.requestsPerSecond = 10'000'000; // each session sends as fast as it is answered
    if (options.maxBatch > 0)
        o.maxBatchRequests = options.maxBatch;
    o.pipelinedCommit = !options.commitInTurn;
    QString error;
    if (!service.open(o, &error)) {
        QTextStream(stderr) << "everx-bench: cannot open " << location << ": " << error << '\n';
        return 1;
    }
    ExchangeEngine &engine = service.engine();
    const QStringList gpus {QStringLiteral("h100-sxm"), QStringLiteral("a100-sxm"),
                            QStringLiteral("h200"), QStringLiteral("rtx-4090")};
    const QString runTag = QString::number(QDateTime::currentMSecsSinceEpoch());
    const QString password = QStringLiteral("benchmark");
    for (int i = 0; i < 10; ++i) {
        auto p = engine.createAccount({QStringLiteral("p%1-%2@bench.io").arg(i).arg(runTag),
                                       password, Role::Provider, QStringLiteral("TR")});
        if (!p)
            return 1;
        for (const QString &gpu : gpus) {
            for (int k = 0; k < 5; ++k)
                engine.addListing(p->id,
                                  {gpu, 8, QStringLiteral("eu"), QStringLiteral("ssh h"),
                                   Cents(300 + 7 * k + i)});
        }
    }

    struct Session
    {
        ServerConnection *connection = nullptr;
        BenchTransport *transport = nullptr; // the server's end, on the exchange's thread
        QString email;
        std::deque<std::pair<qint64, bool>> inFlight; // sent at (ns), is a placement
        QList<qint64> open; // its resting orders, to cancel
        QRandomGenerator rng;
        bool signedIn = false;
    };
    const int clients = options.clients;
    std::vector<Session> sessions(static_cast<size_t>(clients));
    QElapsedTimer wall;
    wall.start();
    qint64 issued = 0, answered = 0, refused = 0, signedIn = 0;
    bool measuring = false;
    std::vector<qint64> latencies;
    latencies.reserve(size_t(options.ops));
    qint64 nextId = 1;
    // The sessions' end: this thread, or a thread of its own (--client-thread), which signals
    // the end of the run through `finished`.
    QThread clientThread;
    QObject clientSide;
    std::atomic<bool> finished {false};
    auto submit = [&](Session &s, const Protocol::Frame &f) {
        if (!options.clientThread) {
            service.handle(*s.connection, f);
            return;
        }
        const QString text = Protocol::encodeRequest(f.id, f.op, f.args);
        BenchTransport *const t = s.transport;
        QMetaObject::invokeMethod(
            t, [t, text] { Q_EMIT t->textReceived(text); }, Qt::QueuedConnection);
    };
    auto sendNext = [&](Session &s) {
        if (issued >= options.ops)
            return;
        ++issued;
        Protocol::Frame f;
        f.id = nextId++;
        const int dice = int(s.rng.bounded(100));
        const QString gpu = gpus[s.rng.bounded(int(gpus.size()))];
        bool placement = true;
        if (dice < 30 && !s.open.isEmpty()) {
            f.op = QString(everx::Op::OrderCancel);
            f.args = Wire::orderRequest(s.open.takeAt(s.rng.bounded(int(s.open.size()))));
            placement = false;
        } else if (dice < 45) {
            f.op = QString(everx::Op::OrderPlace);
            f.args = Wire::toJson(
                BidRequest {gpu, OrderKind::BuyNow, 1 + qint32(s.rng.bounded(3)), 1, 400, 0, {}});
        } else {
            f.op = QString(everx::Op::OrderPlace);
            f.args = Wire::toJson(BidRequest {gpu,
                                              OrderKind::Limit,
                                              1 + qint32(s.rng.bounded(4)),
                                              2,
                                              Cents(250 + s.rng.bounded(60)),
                                              0,
                                              {}});
        }
        s.inFlight.emplace_back(wall.nsecsElapsed(), placement);
        submit(s, f);
    };
    // The sessions' own work on the exchange's thread (decoding replies, building requests),
    // timed by the wall clock around each reply they take: without --client-thread it is not
    // the service's, and is told apart from it in the figures.
    qint64 sessionNs = 0;
    auto onFrame = [&](Session &s, const QString &text) {
        if (text.startsWith(u"{\"ch\"")) // a push (keys are sorted: "ch" comes first)
            return;
        const qint64 enteredNs = wall.nsecsElapsed();
        const auto timed = qScopeGuard([&] { sessionNs += wall.nsecsElapsed() - enteredNs; });
        if (!s.signedIn) {
            s.signedIn = true;
            ++signedIn;
            const std::optional<Protocol::Frame> reply = Protocol::decode(text);
            if (!reply || reply->kind != Protocol::FrameKind::Result)
                QTextStream(stderr) << "everx-bench: a session could not sign in: " << text << '\n';
            return;
        }
        if (s.inFlight.empty())
            return;
        const auto [sentNs, placement] = s.inFlight.front();
        s.inFlight.pop_front();
        const std::optional<Protocol::Frame> reply = Protocol::decode(text);
        if (!reply || reply->kind != Protocol::FrameKind::Result) {
            if (refused++ == 0)
                QTextStream(stderr) << "everx-bench: first refusal: " << text << '\n';
        } else {
            ++answered;
            latencies.push_back(wall.nsecsElapsed() - sentNs);
            if (placement) {
                const std::optional<OrderPlaced> p = Wire::orderPlacedFromJson(reply->result);
                if (p && p->order.state == OrderState::Open)
                    s.open.append(p->order.id);
            }
        }
        if (measuring)
            sendNext(s);
        if (options.clientThread && answered + refused == options.ops) {
            finished.store(true);
            QMetaObject::invokeMethod(
                &service, [] {}, Qt::QueuedConnection); // wakes it
        }
    };
    for (int i = 0; i < clients; ++i) {
        Session &s = sessions[size_t(i)];
        s.rng.seed(quint32(options.seed) * 7919u + quint32(i));
        s.email = QStringLiteral("c%1-%2@bench.io").arg(i).arg(runTag);
        auto c = engine.createAccount({s.email, password, Role::Customer, QStringLiteral("DE")});
        if (!c)
            return 1;
        engine.topUp(c->id, Currency::USD, 50'000'000);
        auto *transport = new BenchTransport;
        s.transport = transport;
        s.connection = new ServerConnection(transport, service, &service);
        transport->received = [&onFrame, &s](const QString &text) {
            onFrame(s, text);
        };
        Protocol::Frame login;
        login.id = nextId++;
        login.op = QString(everx::Op::AuthLogin);
        login.args = Wire::toJson(Credentials {s.email, password});
        service.handle(*s.connection, login);
    }
    while (signedIn < clients)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);

    qint64 batches = 0, batched = 0, largest = 0, commits = 0, failedBatches = 0;
    QObject::connect(&service, &ExchangeService::batchCommitted, &service,
                     [&](int requests, bool durable) {
                         if (requests == 0)
                             return;
                         ++batches;
                         batched += requests;
                         largest = std::max<qint64>(largest, requests);
                         failedBatches += durable ? 0 : 1;
                     });
    engine.setCommitObserver([&commits](qint64, bool) { ++commits; });
    measuring = true;
    auto start = [&] {
        for (int k = 0; k < options.pipeline; ++k) {
            for (Session &s : sessions)
                sendNext(s);
        }
    };
    qint64 exchangeCpuNs = 0, processCpuNs = 0;
    if (options.clientThread) {
        // Signed in: from now on replies go to the sessions' thread, and requests come from it.
        for (Session &s : sessions) {
            s.transport->received = [&onFrame, &s, &clientSide](const QString &text) {
                QMetaObject::invokeMethod(
                    &clientSide, [&onFrame, &s, text] { onFrame(s, text); }, Qt::QueuedConnection);
            };
        }
        clientSide.moveToThread(&clientThread);
        clientThread.start();
        exchangeCpuNs = -cpuNanos(CLOCK_THREAD_CPUTIME_ID);
        processCpuNs = -cpuNanos(CLOCK_PROCESS_CPUTIME_ID);
        wall.restart();
        QMetaObject::invokeMethod(&clientSide, start, Qt::QueuedConnection);
        while (!finished.load())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    } else {
        exchangeCpuNs = -cpuNanos(CLOCK_THREAD_CPUTIME_ID);
        processCpuNs = -cpuNanos(CLOCK_PROCESS_CPUTIME_ID);
        sessionNs = 0; // not the sign-ins'
        wall.restart();
        start();
        while (answered + refused < issued || issued < options.ops)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    const double seconds = double(wall.nsecsElapsed()) / 1e9;
    exchangeCpuNs += cpuNanos(CLOCK_THREAD_CPUTIME_ID);
    processCpuNs += cpuNanos(CLOCK_PROCESS_CPUTIME_ID);
    clientThread.quit();
    clientThread.wait();
    engine.setCommitObserver({});

    std::sort(latencies.begin(), latencies.end());
    out << "everx-bench durable: " << options.ops << " requests of " << clients << " sessions"
        << (options.clientThread ? " on a thread of their own (requests as text)" : "") << ", "
        << options.pipeline << " in flight each, at most " << o.maxBatchRequests << " per batch "
        << (o.pipelinedCommit ? "(committed by the writer thread while the next is handled)"
                              : "(each committed before the next is handled)")
        << ", seed " << options.seed << ", " << engine.database().driverName() << " at "
        << (options.database.isEmpty() ? QStringLiteral("a temporary file")
                                       : QUrl(location).toString(QUrl::RemovePassword))
        << (engine.database().driverName() == u"QSQLITE" ? " (WAL, synchronous=FULL)" : "")
        << ", malloc from " << mallocLibrary() << "\n";
    out << QStringLiteral("durable operations/s: %1 (%2 answered in %3 s, %4 refused)\n")
               .arg(double(answered) / seconds, 0, 'f', 0)
               .arg(answered)
               .arg(seconds, 0, 'f', 2)
               .arg(refused);
    out << QStringLiteral("batches: %1, requests per batch mean %2 max %3; database commits %4;"
                          " failed batches %5\n")
               .arg(batches)
               .arg(batches ? double(batched) / double(batches) : 0.0, 0, 'f', 1)
               .arg(largest)
               .arg(commits)
               .arg(failedBatches);
    out << QStringLiteral("reply latency us: p50 %1 p90 %2 p99 %3 p99.9 %4 max %5\n")
               .arg(percentile(latencies, 50) / 1000)
               .arg(percentile(latencies, 90) / 1000)
               .arg(percentile(latencies, 99) / 1000)
               .arg(percentile(latencies, 99.9) / 1000)
               .arg(latencies.empty() ? 0 : latencies.back() / 1000);
    // Where the CPU went, per answered request: the exchange's thread (this one), the sessions'
    // share of it when they run on it, and every other thread (the writer, the checkpointer and,
    // with --client-thread, the sessions').
    const double perRequest = answered ? 1e3 * double(answered) : 1.0;
    const double exchangeUs = double(exchangeCpuNs) / perRequest;
    const double sessionsUs = options.clientThread ? 0.0 : double(sessionNs) / perRequest;
    const double othersUs = double(processCpuNs - exchangeCpuNs) / perRequest;
    out << QStringLiteral("CPU us a request: exchange thread %1%2, other threads %3%4\n")
               .arg(exchangeUs, 0, 'f', 1)
               .arg(options.clientThread
                        ? QString()
                        : QStringLiteral(" (of it the sessions' own work %1, the service's %2)")
                              .arg(sessionsUs, 0, 'f', 1)
                              .arg(exchangeUs - sessionsUs, 0, 'f', 1))
               .arg(othersUs, 0, 'f', 1)
               .arg(options.clientThread
                        ? QStringLiteral(" (the writer, the checkpointer, the sessions)")
                        : QStringLiteral(" (the writer, the checkpointer)"));
    const QStringList problems = engine.checkInvariants();
    out << "invariants after the run: "
        << (problems.isEmpty() ? QStringLiteral("hold") : problems.join(u';')) << "\n";
    service.close();
    return problems.isEmpty() ? 0 : 1;
}

} // namespace

int runDurableBenchmark(const BenchOptions &options)
{
    if (options.clients > 0)
        return runDurableSessions(options);
    QLoggingCategory::setFilterRules(QStringLiteral("everx.*.info=false"));
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString location =
        options.database.isEmpty() ? dir.filePath(QStringLiteral("bench.db")) : options.database;
    ManualClock clock(1'795'996'800'000);
    ExchangeEngine engine(clock);
    ExchangeEngine::Options o;
    o.database.location = location;
    o.database.durable = true;
    o.passwordLog2N = 4; // account set-up is not what is measured
    o.ledgerKeyFile = dir.filePath(QStringLiteral("ledger.key")); // PostgreSQL needs one
    QString error;
    if (!engine.open(o, &error)) {
        QTextStream(stderr) << "everx-bench: cannot open " << location << ": " << error << '\n';
        return 1;
    }

    QRandomGenerator rng(quint32(options.seed));
    const QStringList gpus {QStringLiteral("h100-sxm"), QStringLiteral("a100-sxm"),
                            QStringLiteral("h200"), QStringLiteral("rtx-4090")};
    QList<qint64> customers, providers;
    QList<qint64> listingIds;
    const QString runTag = QString::number(QDateTime::currentMSecsSinceEpoch());
    for (int i = 0; i < 50; ++i) {
        auto c = engine.createAccount({QStringLiteral("c%1-%2@bench.io").arg(i).arg(runTag),
                                       QStringLiteral("benchmark"), Role::Customer,
                                       QStringLiteral("DE")});
        if (!c)
            return 1;
        customers.append(c->id);
        engine.topUp(c->id, Currency::USD, 50'000'000);
    }
    for (int i = 0; i < 10; ++i) {
        auto p = engine.createAccount({QStringLiteral("p%1-%2@bench.io").arg(i).arg(runTag),
                                       QStringLiteral("benchmark"), Role::Provider,
                                       QStringLiteral("TR")});
        if (!p)
            return 1;
        providers.append(p->id);
        // A deep book: each provider lists servers on every GPU at spread-out prices.
        for (const QString &gpu : gpus) {
            for (int k = 0; k < 5; ++k) {
                auto l = engine.addListing(p->id,
                                           {gpu, 8, QStringLiteral("eu"), QStringLiteral("ssh h"),
                                            Cents(300 + 7 * k + i)});
                if (l)
                    listingIds.append(l->id);
            }
        }
    }

    const qint64 ops = options.ops;
    std::array<Series, OpCount> series;
    for (Series &s : series)
        s.ns.reserve(size_t(ops));
    QList<qint64> open;
    QElapsedTimer wall;
    wall.start();
    for (qint64 i = 0; i < ops; ++i) {
        const int dice = int(rng.bounded(100));
        const DurableOp op = dice < 5 ? OpTopUp
            : dice < 55               ? OpBid
            : dice < 70               ? OpBuyNow
            : dice < 92               ? OpCancel
                                      : OpReprice;
        const qint64 who = customers[rng.bounded(int(customers.size()))];
        const QString gpu = gpus[rng.bounded(int(gpus.size()))];
        const auto t0 = std::chrono::steady_clock::now();
        bool ok = false;
        switch (op) {
        case OpTopUp:
            ok = engine.topUp(who, Currency::EUR, 10'000).ok();
            break;
        case OpBid: {
            auto r = engine.placeBid(who,
                                     {gpu,
                                      OrderKind::Limit,
                                      1 + qint32(rng.bounded(4)),
                                      2,
                                      Cents(250 + rng.bounded(60)),
                                      0,
                                      {}});
            ok = r.ok();
            if (ok && r->order.state == OrderState::Open)
                open.append(r->order.id);
            break;
        }
        case OpBuyNow:
            ok = engine
                     .placeBid(who,
                               {gpu, OrderKind::BuyNow, 1 + qint32(rng.bounded(3)), 1, 400, 0, {}})
                     .ok();
            break;
        case OpCancel:
            if (!open.isEmpty()) {
                const qint64 id = open.takeAt(rng.bounded(int(open.size())));
                const auto order = engine.openOrder(id);
                ok = order && engine.cancelOrder(order->accountId, id).ok();
            }
            break;
        case OpReprice: {
            const qint64 id = listingIds[rng.bounded(int(listingIds.size()))];
            const auto l = engine.listing(id);
            ok = l && engine.repriceListing(l->providerId, id, Cents(290 + rng.bounded(40))).ok();
            break;
        }
        case OpCount:
            break;
        }
        const qint64 ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::steady_clock::now() - t0)
                              .count();
        if (ok)
            series[op].ns.push_back(ns);
        else
            ++series[op].refused;
        // An hour passes now and then: rentals are billed and end, inside the measured ops.
        if (i % 200 == 199)
            clock.advance(MarketRules::HourMs);
    }
    const double seconds = double(wall.nsecsElapsed()) / 1e9;

    qint64 done = 0;
    std::vector<qint64> all;
    for (Series &s : series) {
        done += qint64(s.ns.size());
        all.insert(all.end(), s.ns.begin(), s.ns.end());
        std::sort(s.ns.begin(), s.ns.end());
    }
    std::sort(all.begin(), all.end());
    out << "everx-bench durable: " << ops << " operations, seed " << options.seed << ", "
        << engine.database().driverName() << " at "
        << (options.database.isEmpty() ? QStringLiteral("a temporary file")
                                       : QUrl(location).toString(QUrl::RemovePassword))
        << (engine.database().driverName() == u"QSQLITE" ? " (WAL, synchronous=FULL)" : "")
        << ", malloc from " << mallocLibrary() << "\n";
    out << QStringLiteral("durable operations/s: %1 (%2 committed in %3 s)\n")
               .arg(double(done) / seconds, 0, 'f', 0)
               .arg(done)
               .arg(seconds, 0, 'f', 2);
    out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
               .arg(QStringLiteral("operation"), -12)
               .arg(QStringLiteral("count"), 8)
               .arg(QStringLiteral("p50 us"), 9)
               .arg(QStringLiteral("p90 us"), 9)
               .arg(QStringLiteral("p99 us"), 9)
               .arg(QStringLiteral("p99.9 us"), 9)
               .arg(QStringLiteral("max us"), 9);
    auto row = [&](const QString &name, const std::vector<qint64> &v) {
        out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                   .arg(name, -12)
                   .arg(qint64(v.size()), 8)
                   .arg(percentile(v, 50) / 1000, 9)
                   .arg(percentile(v, 90) / 1000, 9)
                   .arg(percentile(v, 99) / 1000, 9)
                   .arg(percentile(v, 99.9) / 1000, 9)
                   .arg(v.empty() ? 0 : v.back() / 1000, 9);
    };
    for (int op = 0; op < OpCount; ++op)
        row(QString::fromLatin1(OpNames[op]), series[size_t(op)].ns);
    row(QStringLiteral("all"), all);
    const QStringList problems = engine.checkInvariants();
    out << "invariants after the run: "
        << (problems.isEmpty() ? QStringLiteral("hold") : problems.join(u';')) << "\n";
    return problems.isEmpty() ? 0 : 1;
}
