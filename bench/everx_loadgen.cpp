// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-loadgen: many real TLS WebSocket sessions against a running everx-exchanged; prints what
// the server sustains. A benchmark: it prints figures and is not a test.
//
//   everx-loadgen [--sessions N] [--busy B] [--rate R] [--seconds S] [--threads T]
//                 [--url wss://host:port --fingerprint HEX|--cert-file PEM --server-pid PID]
//
// By default it starts `everx-exchanged --sandbox` itself (loadserver.h) and stops it at the end.
// Every session signs in as the sandbox's demo customer (auth.demo: the protocol has no sign-up,
// and auth.demo is not throttled per address), subscribes to one GPU's book and to the ticker.
// The first B sessions place, reprice (cancel + place) and cancel one-GPU one-hour limit bids,
// R requests a second in total, below every bid the sandbox's traders keep. A bid whose price
// no other open bid has (a marked price, while one is free) is timed by one idle session on a
// thread of its own: "order sent -> the book delta showing its level". Every frame is decoded and
// checked (replies matched to requests, each channel's seq), and every error reply counted.

#include "loadserver.h"
#include "loadworker.h"

#include "benchwait.h"

#include "market/threadhandoff.h"
#include "wire/websockettransport.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QLoggingCategory>
#include <QtCore/QTextStream>
#include <QtCore/QThread>

#include <algorithm>
#include <sys/resource.h>

using namespace everx;
using namespace everx::loadgen;
using everx::bench::percentileMs;
using everx::bench::waitFor;

namespace {

QString percentiles(std::vector<qint64> ns)
{
    std::sort(ns.begin(), ns.end());
    return QStringLiteral("p50 %1, p99 %2, p99.9 %3, max %4 (%5 samples)")
        .arg(percentileMs(ns, 50), 0, 'f', 2)
        .arg(percentileMs(ns, 99), 0, 'f', 2)
        .arg(percentileMs(ns, 99.9), 0, 'f', 2)
        .arg(ns.empty() ? 0.0 : double(ns.back()) / 1e6, 0, 'f', 2)
        .arg(ns.size());
}

// Sockets: each session is a descriptor here and one in the server, which inherits the limit.
void raiseDescriptorLimit()
{
    rlimit limit {};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

QByteArray loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().split(' ').mid(0, 3).join(' ') : "?";
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("everx-loadgen"));
    QLoggingCategory::setFilterRules(QStringLiteral("everx.*.info=false\neverx.*.debug=false"));
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Holds many TLS WebSocket sessions on an everx-exchanged sandbox, some of them placing, "
        "repricing and cancelling bids, and prints what the server sustains."));
    parser.addHelpOption();
    auto option = [&parser](const char *name, const char *help, const char *value = nullptr,
                            const char *fallback = nullptr) {
        QCommandLineOption o(QString::fromLatin1(name), QString::fromLatin1(help));
        if (value) {
            o.setValueName(QString::fromLatin1(value));
            if (fallback)
                o.setDefaultValue(QString::fromLatin1(fallback));
        }
        parser.addOption(o);
        return o;
    };
    const auto sessionsOption =
        option("sessions", "Sessions (default 200, at most 2000).", "N", "200");
    const auto busyOption = option("busy", "Sessions that place orders (default 20).", "B", "20");
    const auto rateOption =
        option("rate", "Order requests a second in total, places and cancels (default 1000).", "R",
               "1000");
    const auto secondsOption = option("seconds", "Length of the run (default 10).", "S", "10");
    const auto threadsOption =
        option("threads", "Threads of client sessions (default 1).", "T", "1");
    const auto gpuOption =
        option("gpu", "GPU whose book the bids go to (default h100-sxm).", "gpu", "h100-sxm");
    const auto maxPriceOption =
        option("max-price-cents",
               "Bids are priced 1..this many cents, each open one unique (default 150; below the "
               "sandbox's bids).",
               "cents", "150");
    const auto urlOption = option(
        "url", "An already running server (wss://host:port) instead of starting one.", "url");
    const auto fingerprintOption =
        option("fingerprint", "With --url: the server certificate's SHA-256 (hex) to pin.", "hex");
    const auto certFileOption = option(
        "cert-file", "With --url: the server's self-signed certificate (PEM) to pin.", "file");
    const auto pidOption =
        option("server-pid", "With --url: the server's process, for its CPU and memory.", "pid");
    const auto serverOption = option("server-program",
                                     "The everx-exchanged to start (default: the one built with "
                                     "this program).",
                                     "file", EVERX_EXCHANGED_PATH);
    const auto requestRateOption = option(
        "request-rate",
        "Started server: its per-connection request rate (default: enough for the busy sessions).",
        "n");
    parser.process(app);

    auto integer = [&](const QCommandLineOption &o, int min, int max) {
        bool ok = false;
        const int n = parser.value(o).toInt(&ok);
        if (!ok || n < min || n > max) {
            err << "everx-loadgen: --" << o.names().first() << " wants a whole number from " << min
                << " to " << max << Qt::endl; // std::exit runs no destructor to flush it
            std::exit(1);
        }
        return n;
    };
    const int sessions = integer(sessionsOption, 2, 2000);
    const int busy = integer(busyOption, 0, sessions - 1);
    const int rate = integer(rateOption, 0, 1'000'000);
    const int seconds = integer(secondsOption, 1, 3600);
    const int threads = integer(threadsOption, 1, 16);
    const int maxPrice = integer(maxPriceOption, 10, 100'000);
    const QString gpu = parser.value(gpuOption);
    raiseDescriptorLimit();

    // The server: ours, or one given.
    LocalServer local;
    QUrl url;
    QByteArray fingerprint;
    qint64 serverPid = 0;
    QElapsedTimer startup;
    startup.start();
    if (parser.isSet(urlOption)) {
        url = QUrl(parser.value(urlOption));
        fingerprint = parser.isSet(certFileOption)
            ? certificateFingerprint(parser.value(certFileOption))
            : WebSocketTransport::normalizedFingerprint(parser.value(fingerprintOption).toLatin1());
        serverPid = parser.value(pidOption).toLongLong();
    } else {
        ServerStart start;
        start.program = parser.value(serverOption);
        start.sessions = sessions;
        // Each busy session sends rate / busy requests a second; twice that leaves room.
        start.requestRate = parser.isSet(requestRateOption)
            ? integer(requestRateOption, 1, 1'000'000)
            : std::max(50, busy > 0 ? 2 * rate / busy : 50);
        QString error;
        if (!local.start(start, &error)) {
            err << "everx-loadgen: " << error << '\n';
            return 1;
        }
        url = local.url();
        fingerprint = local.fingerprint();
        serverPid = local.pid();
        out << "started " << start.program << " --sandbox (pid " << serverPid << ") at "
            << url.toString() << " in " << startup.elapsed() / 1000 << " s; --request-rate "
            << start.requestRate << '\n';
    }

    // The workers, each on a thread of its own; sessions dealt round-robin, busy ones too. The
    // observer has a worker and thread to itself, as a desk on a machine of its own would: on a
    // worker's thread its delta waited for the frames of every session read before it (with 60
    // sessions, some 1.4 ms at 100 orders/s), a queue of this program's, not the server's.
    LoadShared shared(maxPrice);
    std::vector<std::unique_ptr<QThread>> workerThreads;
    std::vector<LoadWorker *> workers;
    auto startWorker = [&](const QString &name, WorkerConfig config) {
        auto thread = std::make_unique<QThread>();
        thread->setObjectName(name);
        auto *worker = new LoadWorker(std::move(config), shared);
        worker->moveToThread(thread.get());
        QObject::connect(thread.get(), &QThread::finished, worker, &QObject::deleteLater);
        thread->start();
        workers.push_back(worker);
        workerThreads.push_back(std::move(thread));
    };
    WorkerConfig common;
    common.url = url;
    common.fingerprint = fingerprint;
    common.gpu = gpu;
    common.busy = busy;
    common.observer = sessions - 1;
    // The lower two thirds are marked prices, dealt out to the workers; the rest shared.
    const int marked = maxPrice * 2 / 3;
    common.sharedLow = marked + 1;
    common.sharedHigh = maxPrice;
    common.runTag = QString::number(QDateTime::currentMSecsSinceEpoch(), 36);
    const int busyPerWorkerBase = busy / threads;
    for (int w = 0; w < threads; ++w) {
        WorkerConfig config = common;
        for (int i = w; i < common.observer; i += threads)
            config.sessions.push_back(i);
        const int myBusy = busyPerWorkerBase + (w < busy % threads ? 1 : 0);
        config.rate = busy > 0 ? double(rate) * myBusy / busy : 0;
        for (int p = 1 + w; p <= marked; p += threads)
            config.prices.push_back(p);
        config.seed = quint64(w + 1);
        startWorker(QStringLiteral("clients-%1").arg(w), std::move(config));
    }
    WorkerConfig watcher = common; // idle: no rate, no prices
    watcher.sessions = {common.observer};
    watcher.seed = quint64(threads + 1);
    startWorker(QStringLiteral("observer"), std::move(watcher));
    auto finish = [&](int code) {
        for (auto &thread : workerThreads) {
            thread->quit();
            thread->wait();
        }
        local.stop();
        return code;
    };

    QElapsedTimer connecting;
    connecting.start();
    for (LoadWorker *worker : workers)
        ThreadHandoff::post(worker, [worker] { worker->connectAll(32); });
    waitFor([&] { return shared.ready.load() + shared.failed.load() >= sessions; },
            60'000 + sessions * 100);
    out << "sessions signed in (auth.demo customer) and subscribed to book." << gpu
        << " and ticker: " << shared.ready.load() << " of " << sessions << " in "
        << QString::number(double(connecting.elapsed()) / 1000.0, 'f', 1) << " s ("
        << shared.failed.load() << " failed)\n";
    if (shared.ready.load() < sessions) {
        if (!local.log().isEmpty())
            err << "server log:\n" << local.log() << '\n';
        return finish(1);
    }

    // The run.
    const ProcessSample serverBefore = sampleProcess(serverPid);
    const ProcessSample selfBefore = sampleProcess(QCoreApplication::applicationPid());
    const qint64 runStart = nowNs();
    for (LoadWorker *worker : workers)
        ThreadHandoff::post(worker, [worker] { worker->startRun(); });
    waitFor([] { return false; }, seconds * 1000);
    for (LoadWorker *worker : workers)
        ThreadHandoff::post(worker, [worker] { worker->stopRun(); });
    const double runSeconds = double(nowNs() - runStart) / 1e9;
    const ProcessSample serverAfter = sampleProcess(serverPid);
    const ProcessSample selfAfter = sampleProcess(QCoreApplication::applicationPid());
    waitFor([] { return false; }, 3000); // the last replies

    WorkerStats total;
    for (LoadWorker *worker : workers) {
        WorkerStats s;
        ThreadHandoff::postAndWait(worker, [&s, worker] { s = worker->stats(); });
        total.sent += s.sent;
        total.answered += s.answered;
        total.skipped += s.skipped;
        total.pushes += s.pushes;
        total.gaps += s.gaps;
        total.bookDeltas += s.bookDeltas;
        total.bookDeltaBytes += s.bookDeltaBytes;
        total.bytesReceived += s.bytesReceived;
        total.notOpen += s.notOpen;
        total.connected += s.connected;
        for (auto it = s.errors.cbegin(); it != s.errors.cend(); ++it)
            total.errors[it.key()] += it.value();
        for (auto it = s.disconnects.cbegin(); it != s.disconnects.cend(); ++it)
            total.disconnects[it.key()] += it.value();
        total.replyNs.insert(total.replyNs.end(), s.replyNs.begin(), s.replyNs.end());
        total.deltaNs.insert(total.deltaNs.end(), s.deltaNs.begin(), s.deltaNs.end());
    }

    const double ticks = ticksPerSecond();
    auto cpuShare = [&](const ProcessSample &a, const ProcessSample &b) {
        return QString::number(100.0 * double(b.cpuTicks - a.cpuTicks) / ticks / runSeconds, 'f',
                               0);
    };
    out << "everx-loadgen: " << sessions << " TLS sessions, " << busy << " busy at " << rate
        << " orders/s for " << seconds << " s, " << threads
        << " client thread(s) and the observer's own\n";
    out << "sessions held at the end: " << total.connected << " of " << sessions << '\n';
    out << "orders sent " << total.sent << ", answered " << total.answered << ": "
        << qint64(double(total.answered) / runSeconds) << " orders/s sustained; turns skipped "
        << total.skipped << " (every busy session had 64 unanswered requests)\n";
    out << "reply latency ms: " << percentiles(total.replyNs) << '\n';
    out << "order sent -> book delta seen by another session (marked bids), ms: "
        << percentiles(total.deltaNs) << '\n';
    out << "pushes received " << total.pushes << " (" << qint64(double(total.pushes) / runSeconds)
        << "/s including setup), seq gaps " << total.gaps << ", bids that did not rest "
        << total.notOpen << '\n';
    // What one more watching desk costs the network: the fan-out's bytes, per delta and per
    // session (docs/architecture.md "Beyond one machine").
    out << "book deltas received " << total.bookDeltas << ", "
        << (total.bookDeltas > 0 ? total.bookDeltaBytes / total.bookDeltas : 0)
        << " bytes of text each on average; every frame: "
        << qint64(double(total.bytesReceived) / runSeconds / sessions)
        << " bytes/s a session, setup included\n";
    out << "error replies:";
    if (total.errors.isEmpty())
        out << " none";
    for (auto it = total.errors.cbegin(); it != total.errors.cend(); ++it)
        out << ' ' << it.key() << ' ' << it.value() << ';';
    out << '\n';
    if (!total.disconnects.isEmpty()) {
        out << "disconnects:";
        for (auto it = total.disconnects.cbegin(); it != total.disconnects.cend(); ++it)
            out << " [" << it.key() << "] " << it.value() << ';';
        out << '\n';
    }
    if (serverPid > 0) {
        // CPU time per answered order holds on a busy shared machine, where the wall-clock
        // figures only say what share of the cores the run got.
        const double serverCpuUs =
            double(serverAfter.cpuTicks - serverBefore.cpuTicks) / ticks * 1e6;
        out << "server (pid " << serverPid << "): CPU " << cpuShare(serverBefore, serverAfter)
            << " % of one core over the run, "
            << qint64(total.answered > 0 ? serverCpuUs / double(total.answered) : 0)
            << " us of CPU per answered order, of which its exchange thread "
            << qint64(total.answered > 0 ? double(serverAfter.mainRunNs - serverBefore.mainRunNs)
                              / 1e3 / double(total.answered)
                                         : 0)
            << " us (the rest: sockets on I/O threads, the log's checkpoints, sign-ins); the"
               " exchange thread waited for a CPU "
            << qint64(100.0 * double(serverAfter.runDelayNs - serverBefore.runDelayNs) / 1e9
                      / runSeconds)
            << " % of the run; VmRSS " << serverAfter.rssKiB / 1024 << " MiB, VmHWM "
            << serverAfter.hwmKiB / 1024 << " MiB\n";
    }
    out << "load average " << QString::fromLatin1(loadAverage()) << "; this generator: CPU "
        << cpuShare(selfBefore, selfAfter) << " % of one core (" << threads
        << " client thread(s) and the observer's; near 100 % a thread, the generator is the"
           " limit)\n";
    out.flush();
    return finish(total.errors.isEmpty() && total.connected == sessions ? 0 : 2);
}
