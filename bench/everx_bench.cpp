// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-bench: measures and prints figures; it is not a test and CTest does not run it.
//
//   everx-bench [--mode book|durable|latency|signin|takeover|windows] [--ops N] [--seed S]
//   [--database FILE]
//               [--mix add|cross|cancel|place|window|all] [--repeat N] [--dump FILE]
//               [--interval-ms MS] [--tls] [--nagle] [--clients N] [--pipeline K]
//               [--client-thread] [--commit-in-turn]
//               [--max-batch B]
//
// Each mode is one function taking BenchOptions (benchoptions.h); main() only parses and
// dispatches, so a mode in another source file needs one more branch below.

#include "benchoptions.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QCoreApplication>
#include <QtCore/QTextStream>

#include <atomic>
#include <cstdlib>
#include <new>

// Counts heap allocations, so the run can show that the book allocates nothing per order once
// warmed up. Replacing the global operator new is allowed in exactly one place of a program; it
// is here because this executable is a benchmark.
namespace {
std::atomic<quint64> g_allocations {0};
} // namespace

void *operator new(std::size_t size)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void *p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
void *operator new[](std::size_t size)
{
    return ::operator new(size);
}
void operator delete(void *p) noexcept
{
    std::free(p);
}
void operator delete[](void *p) noexcept
{
    std::free(p);
}
void operator delete(void *p, std::size_t) noexcept
{
    std::free(p);
}
void operator delete[](void *p, std::size_t) noexcept
{
    std::free(p);
}

quint64 heapAllocations()
{
    return g_allocations.load(std::memory_order_relaxed);
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("everx-bench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Measures the EverX exchange and prints figures. Modes: \"book\" matches straight into "
        "an order book; \"durable\" goes through the engine and its database; \"latency\" "
        "times a subscribed client's pings to a sandbox server on loopback; \"signin\" times a "
        "client's pings while another connection sends a burst of sign-ins; \"takeover\" fills a "
        "database and times opening it as a server that takes it over; \"windows\" prices every "
        "start hour of 14 days over 2,000 listings' calendars."));
    parser.addHelpOption();
    const QCommandLineOption modeOption(
        QStringLiteral("mode"),
        QStringLiteral("book (default), durable, latency, signin, takeover or windows."),
        QStringLiteral("mode"), QStringLiteral("book"));
    const QCommandLineOption opsOption(
        QStringLiteral("ops"),
        QStringLiteral("Measured operations (default 2000000 in"
                       " book mode, 5000 in durable mode, 1000"
                       " pings in latency mode, 100 sign-ins in signin"
                       " mode, 100000 ledger entries in takeover mode,"
                       " 2000 queries in windows mode)."),
        QStringLiteral("N"));
    const QCommandLineOption seedOption(QStringLiteral("seed"),
                                        QStringLiteral("Seed of the operation stream (default 1)."),
                                        QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption databaseOption(
        QStringLiteral("database"),
        QStringLiteral("Durable and takeover modes: a SQLite file (default: a"
                       " temporary one) or a URL"
                       " postgresql://user:pw@host:port/db."),
        QStringLiteral("file"));
    const QCommandLineOption mixOption(
        QStringLiteral("mix"),
        QStringLiteral(
            "Book mode: add (passive orders only), cross (82 % marketable orders that"
            " trade), cancel (adds and cancels on deep queues), place (30 % orders for one"
            " server), window (30 % orders for windows ahead) or all (default)."),
        QStringLiteral("mix"), QStringLiteral("all"));
    const QCommandLineOption repeatOption(
        QStringLiteral("repeat"),
        QStringLiteral("Book mode: timed replays of each stream (default 5); best and median."
                       " Windows mode: rounds of --ops queries."
                       " Takeover mode: opens with the chain checkpointed (default 5)."),
        QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption dumpOption(
        QStringLiteral("dump"),
        QStringLiteral("Book mode: write the command stream of the mix to FILE, for replaying it"
                       " into another engine (format in bookbench.cpp)."),
        QStringLiteral("FILE"));
    const QCommandLineOption intervalOption(
        QStringLiteral("interval-ms"),
        QStringLiteral("Latency and signin modes: milliseconds between two pings (default 10)."),
        QStringLiteral("MS"), QStringLiteral("10"));
    const QCommandLineOption tlsOption(QStringLiteral("tls"),
                                       QStringLiteral("Latency mode: wss:// instead of ws://."));
    const QCommandLineOption nagleOption(
        QStringLiteral("nagle"),
        QStringLiteral("Latency mode: turn TCP_NODELAY off on the server's end of the connection,"
                       " to show what it saves."));
    const QCommandLineOption clientsOption(
        QStringLiteral("clients"),
        QStringLiteral("Durable mode: N signed-in sessions sending requests through the exchange"
                       " service, whose group commit batches them (default 0: the engine alone,"
                       " one operation at a time)."),
        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption pipelineOption(
        QStringLiteral("pipeline"),
        QStringLiteral("Durable mode with --clients: requests each session keeps in flight"
                       " (default 8)."),
        QStringLiteral("K"), QStringLiteral("8"));
    const QCommandLineOption maxBatchOption(
        QStringLiteral("max-batch"),
        QStringLiteral("Durable mode with --clients: at most B requests per commit (default: the"
                       " server's; 1 commits every request on its own, as before group commit)."),
        QStringLiteral("B"), QStringLiteral("0"));
    const QCommandLineOption clientThreadOption(
        QStringLiteral("client-thread"),
        QStringLiteral("Durable mode with --clients: the sessions on a thread of their own,"
                       " sending requests as text that the server decodes, as a remote client's"
                       " would arrive (default: on the exchange's thread, as decoded frames)."));
    const QCommandLineOption commitInTurnOption(
        QStringLiteral("commit-in-turn"),
        QStringLiteral("Durable mode with --clients: each batch commits before the next is"
                       " handled, on the exchange's thread (default: the database's writer thread"
                       " commits a batch while the next is handled)."));
    parser.addOptions({modeOption, opsOption, seedOption, databaseOption, mixOption, repeatOption,
                       dumpOption, intervalOption, tlsOption, nagleOption, clientsOption,
                       pipelineOption, maxBatchOption, clientThreadOption, commitInTurnOption});
    parser.process(app);

    QTextStream err(stderr);
    BenchOptions options;
    options.mode = parser.value(modeOption);
    bool ok = false;
    options.ops = parser.isSet(opsOption) ? parser.value(opsOption).toLongLong(&ok)
        : options.mode == u"durable"      ? 5'000
        : options.mode == u"latency"      ? 1'000
        : options.mode == u"signin"       ? 100
        : options.mode == u"takeover"     ? 100'000
        : options.mode == u"windows"      ? 2'000
                                          : 2'000'000;
    ok = ok || !parser.isSet(opsOption);
    if (!ok || options.ops <= 0) {
        err << "everx-bench: --ops wants a positive whole number\n";
        return 1;
    }
    options.seed = parser.value(seedOption).toULongLong(&ok);
    if (!ok) {
        err << "everx-bench: --seed wants a whole number\n";
        return 1;
    }
    options.database = parser.value(databaseOption);
    options.mix = parser.value(mixOption);
    if (!QStringList {QStringLiteral("add"), QStringLiteral("cross"), QStringLiteral("cancel"),
                      QStringLiteral("place"), QStringLiteral("window"), QStringLiteral("all")}
             .contains(options.mix)) {
        err << "everx-bench: --mix wants add, cross, cancel, place, window or all\n";
        return 1;
    }
    options.repeat = parser.value(repeatOption).toInt(&ok);
    if (!ok || options.repeat < 1) {
        err << "everx-bench: --repeat wants a positive whole number\n";
        return 1;
    }
    options.dumpFile = parser.value(dumpOption);
    options.intervalMs = parser.value(intervalOption).toInt(&ok);
    if (!ok || options.intervalMs < 1) {
        err << "everx-bench: --interval-ms wants a positive whole number\n";
        return 1;
    }
    options.clients = parser.value(clientsOption).toInt(&ok);
    if (!ok || options.clients < 0) {
        err << "everx-bench: --clients wants a whole number\n";
        return 1;
    }
    options.pipeline = parser.value(pipelineOption).toInt(&ok);
    if (!ok || options.pipeline < 1) {
        err << "everx-bench: --pipeline wants a positive whole number\n";
        return 1;
    }
    if (parser.isSet(maxBatchOption)) {
        options.maxBatch = parser.value(maxBatchOption).toInt(&ok);
        if (!ok || options.maxBatch < 1) {
            err << "everx-bench: --max-batch wants a positive whole number\n";
            return 1;
        }
    }
    options.clientThread = parser.isSet(clientThreadOption);
    options.commitInTurn = parser.isSet(commitInTurnOption);
    options.tls = parser.isSet(tlsOption);
    options.nagle = parser.isSet(nagleOption);
    if (!options.dumpFile.isEmpty()
        && (options.mix == u"all" || options.mix == u"place" || options.mix == u"window")) {
        err << "everx-bench: --dump writes one stream: give --mix add, cross or cancel\n";
        return 1;
    }

    if (options.mode == u"book")
        return runBookBenchmark(options);
    if (options.mode == u"durable")
        return runDurableBenchmark(options);
    if (options.mode == u"latency")
        return runLatencyBenchmark(options);
    if (options.mode == u"signin")
        return runSignInBenchmark(options);
    if (options.mode == u"takeover")
        return runTakeoverBenchmark(options);
    if (options.mode == u"windows")
        return runWindowsBenchmark(options);
    err << "everx-bench: unknown --mode \"" << options.mode
        << "\" (book, durable, latency, signin, takeover or windows)\n";
    return 1;
}
