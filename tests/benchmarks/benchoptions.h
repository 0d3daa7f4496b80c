#pragma once

#include <QtCore/QString>

// Options of everx-bench, parsed once by main() and handed to the function of the chosen mode.
// Each mode lives in its own source file and only reads the fields it needs.
struct BenchOptions
{
    QString mode = QStringLiteral("book"); // "book" or "durable"
    qint64 ops = 2'000'000; // measured operations, after the warm-up
    quint64 seed = 1; // the same seed replays the same operations
    QString database; // database file for the durable mode
};

// Matching straight into an OrderBook: no database, no event loop. Returns the exit code.
int runBookBenchmark(const BenchOptions &options);

// Operations through the whole engine, each committed to its database before it counts.
int runDurableBenchmark(const BenchOptions &options);
