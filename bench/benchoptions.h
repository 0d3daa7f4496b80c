// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>

// Options of everx-bench, parsed once by main() and handed to the function of the chosen mode.
// Each mode lives in its own source file and only reads the fields it needs.
struct BenchOptions
{
    // "book", "durable", "latency", "signin", "takeover" or "windows"
    QString mode = QStringLiteral("book");
    qint64 ops = 2'000'000; // measured operations, after the warm-up or set-up
    quint64 seed = 1; // the same seed replays the same operations
    QString database; // database file for the durable mode
    QString mix = QStringLiteral("all"); // book mode: "add", "cross", "cancel" or "all"
    int repeat = 5; // book mode: timed replays, of which the best and the median are printed
    QString dumpFile; // book mode: where to write the command stream of the (one) mix
    int intervalMs = 10; // latency and signin modes: time between two pings
    bool tls = false; // latency mode: wss:// rather than ws://
    bool nagle = false; // latency mode: TCP_NODELAY off on the server's end, to compare
    int clients = 0; // durable mode: sessions through the exchange service (0: the engine alone)
    int pipeline = 8; // durable mode with clients: requests each session keeps in flight
    // Durable mode with clients: the sessions' end on a thread of its own, sending text that
    // the server decodes, as a remote client's would arrive (false: frames handed to the
    // service on its thread, and the sessions' decoding there too).
    bool clientThread = false;
    bool commitInTurn = false; // --commit-in-turn: no pipelined commit
    // Durable mode with clients: the service's maxBatchRequests (0: its default; 1: no batching).
    int maxBatch = 0;
};

// Heap allocations (operator new) since the program started; everx_bench.cpp counts them.
quint64 heapAllocations();

// Command streams straight into an OrderBook: no database, no event loop. Returns the exit code.
int runBookBenchmark(const BenchOptions &options);

// Operations through the whole engine, each committed to its database before it counts.
int runDurableBenchmark(const BenchOptions &options);

// Ping reply latency of a subscribed client against a sandbox server on loopback.
int runLatencyBenchmark(const BenchOptions &options);

// A ping's delay on one connection while another sends a burst of sign-ins.
int runSignInBenchmark(const BenchOptions &options);

// What opening a database costs a server that takes it over: ledger verification and loading.
int runTakeoverBenchmark(const BenchOptions &options);

// Every start of a window priced over the listings' calendars: market.windows's work.
int runWindowsBenchmark(const BenchOptions &options);
