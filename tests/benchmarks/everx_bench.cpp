// everx-bench: measures and prints figures; it is not a test and CTest does not run it.
//
//   everx-bench [--mode book|durable] [--ops N] [--seed S] [--database FILE]
//
// Each mode is one function taking BenchOptions (benchoptions.h); main() only parses and
// dispatches, so a mode in another source file needs one more branch below.

#include "benchoptions.h"

#include "engine/orderbook.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QCoreApplication>
#include <QtCore/QTextStream>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <new>
#include <random>
#include <vector>

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

namespace {

using everx::BookFill;
using everx::OrderBook;
using everx::Side;
using Clock = std::chrono::steady_clock;

// Shape of the synthetic market. Prices are cents; the mid starts at 100.00 and walks.
constexpr qint32 StartMid = 10'000;
constexpr qint32 MinMid = 4'000;
constexpr qint32 MaxMid = 16'000;
constexpr qint32 MaxOffset = 3'000; // farthest passive order from the mid, in ticks
constexpr double MeanOffset = 60.0; // passive orders cluster near the mid
constexpr qsizetype TargetResting = 20'000;
constexpr qint64 WarmupOps = 200'000;
constexpr int Owners = 5'000;

enum OpKind { Add, Cancel, Match, KindCount };

QString kindName(int kind)
{
    switch (kind) {
    case Add:
        return QStringLiteral("add");
    case Cancel:
        return QStringLiteral("cancel");
    case Match:
        return QStringLiteral("match");
    }
    return QStringLiteral("all");
}

// What the driver knows rests in the book, for picking random cancels in O(1): a dense vector
// plus each handle's position in it.
class RestingSet
{
public:
    struct Entry
    {
        quint64 id;
        OrderBook::Handle handle;
    };

    explicit RestingSet(std::size_t capacity)
    {
        m_entries.reserve(capacity);
        m_position.assign(capacity, -1);
    }

    void insert(quint64 id, OrderBook::Handle handle)
    {
        if (handle >= m_position.size())
            m_position.resize(std::size_t(handle) * 2 + 1, -1);
        m_position[handle] = qint32(m_entries.size());
        m_entries.push_back(Entry {id, handle});
    }
    void eraseHandle(OrderBook::Handle handle)
    {
        const qint32 at = m_position[handle];
        m_position[handle] = -1;
        const Entry last = m_entries.back();
        m_entries.pop_back();
        if (std::size_t(at) < m_entries.size()) {
            m_entries[std::size_t(at)] = last;
            m_position[last.handle] = at;
        }
    }
    const Entry &at(std::size_t i) const { return m_entries[i]; }
    std::size_t size() const { return m_entries.size(); }

private:
    std::vector<Entry> m_entries;
    std::vector<qint32> m_position; // by handle; -1 when not resting
};

// Replays a seeded stream of passive adds, cancels and marketable orders against one book, as
// the engine would drive it: marketable orders are immediate-or-cancel, passive orders never
// cross (the driver keeps them behind the opposite best).
class BookDriver
{
public:
    explicit BookDriver(quint64 seed)
        : m_book(TargetResting * 2)
        , m_rng(seed)
        , m_resting(std::size_t(TargetResting) * 4)
    {
        m_fills.reserve(4096);
    }

    // Runs one operation; if `latencies` is given, records the time spent inside the book.
    void step(std::vector<quint32> *latencies)
    {
        if (uniform(100) == 0)
            m_mid = std::clamp(m_mid + (uniform(2) ? 1 : -1), MinMid, MaxMid);

        int kind;
        const int roll = uniform(100);
        if (roll < 55)
            kind = Add;
        else if (roll < 85)
            kind = Cancel;
        else
            kind = Match;
        // Keep the book within 25% of its target size, so the figures describe a book of known
        // depth.
        const auto resting = qsizetype(m_resting.size());
        if (kind == Cancel && resting < TargetResting * 3 / 4)
            kind = Add;
        else if (kind == Add && resting > TargetResting * 5 / 4)
            kind = Cancel;
        const Side side = uniform(2) ? Side::Bid : Side::Ask;
        if (kind == Match && !m_book.bestPrice(side == Side::Bid ? Side::Ask : Side::Bid))
            kind = Add;

        switch (kind) {
        case Add:
            add(side, latencies);
            break;
        case Cancel:
            cancel(latencies);
            break;
        case Match:
            match(side, latencies);
            break;
        }
    }

    void fillTo(qsizetype resting)
    {
        while (qsizetype(m_resting.size()) < resting)
            add(uniform(2) ? Side::Bid : Side::Ask, nullptr);
    }

    const OrderBook &book() const { return m_book; }
    quint64 fills() const { return m_fillCount; }
    quint64 filledGpus() const { return m_filledGpus; }
    void resetCounters() { m_fillCount = m_filledGpus = 0; }

private:
    static quint32 elapsedNs(Clock::time_point from, Clock::time_point to)
    {
        const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(to - from).count();
        return quint32(std::min<qint64>(ns, 0xFFFFFFFF));
    }

    int uniform(int n) { return int(m_rng() % quint64(n)); }

    qint32 passiveOffset()
    {
        // Exponential around the mid: most orders within a few dozen ticks, a tail to thousands.
        const double u = double(m_rng() >> 11) * 0x1.0p-53;
        return 1 + std::min(qint32(-std::log1p(-u) * MeanOffset), MaxOffset - 1);
    }

    void add(Side side, std::vector<quint32> *latencies)
    {
        qint32 price;
        if (side == Side::Bid) {
            price = m_mid - passiveOffset();
            if (const auto ask = m_book.bestAsk())
                price = std::min(price, *ask - 1);
        } else {
            price = m_mid + passiveOffset();
            if (const auto bid = m_book.bestBid())
                price = std::max(price, *bid + 1);
        }
        const qint32 quantity = 1 + uniform(8);
        const quint64 id = m_nextId++;
        const qint64 owner = 1 + uniform(Owners);

        const auto start = Clock::now();
        const OrderBook::Handle handle = m_book.add(side, id, owner, price, quantity);
        const auto end = Clock::now();
        if (latencies)
            latencies[Add].push_back(elapsedNs(start, end));
        m_resting.insert(id, handle);
    }

    void cancel(std::vector<quint32> *latencies)
    {
        if (m_resting.size() == 0) {
            add(Side::Bid, latencies);
            return;
        }
        const RestingSet::Entry victim = m_resting.at(std::size_t(m_rng() % m_resting.size()));

        const auto start = Clock::now();
        const qint32 cancelled = m_book.cancel(victim.handle);
        const auto end = Clock::now();
        if (latencies)
            latencies[Cancel].push_back(elapsedNs(start, end));
        Q_ASSERT(cancelled > 0);
        Q_UNUSED(cancelled);
        m_resting.eraseHandle(victim.handle);
    }

    void match(Side side, std::vector<quint32> *latencies)
    {
        // "Buy now" / "sell now" up to a cap a few ticks through the opposite best: mostly the top
        // level, sometimes a sweep over several.
        const Side restingSide = side == Side::Bid ? Side::Ask : Side::Bid;
        const qint32 best = *m_book.bestPrice(restingSide);
        const qint32 reach = uniform(4) == 0 ? uniform(40) : 0;
        const qint32 limit = side == Side::Bid ? best + reach : std::max(1, best - reach);
        const qint32 quantity = 1 + uniform(32);
        const qint64 owner = 1 + uniform(Owners);
        m_fills.clear();

        const auto start = Clock::now();
        m_book.match(side, owner, limit, quantity, m_fills);
        const auto end = Clock::now();
        if (latencies)
            latencies[Match].push_back(elapsedNs(start, end));
        for (const BookFill &fill : m_fills) {
            m_filledGpus += quint64(fill.quantity);
            if (fill.restingLeft == 0)
                m_resting.eraseHandle(fill.restingHandle);
        }
        m_fillCount += m_fills.size();
    }

    OrderBook m_book;
    std::mt19937_64 m_rng;
    RestingSet m_resting;
    std::vector<BookFill> m_fills; // reused: match() appends, the driver clears
    qint32 m_mid = StartMid;
    quint64 m_nextId = 1;
    quint64 m_fillCount = 0;
    quint64 m_filledGpus = 0;
};

// Nanoseconds that an empty interval measures: every latency figure includes about this much of
// clock overhead.
quint32 clockOverheadNs()
{
    std::vector<quint32> samples;
    samples.reserve(100'000);
    for (int i = 0; i < 100'000; ++i) {
        const auto from = Clock::now();
        const auto to = Clock::now();
        samples.push_back(
            quint32(std::chrono::duration_cast<std::chrono::nanoseconds>(to - from).count()));
    }
    std::nth_element(samples.begin(), samples.begin() + 50'000, samples.end());
    return samples[50'000];
}

// Nearest-rank percentile of sorted samples.
quint32 percentile(const std::vector<quint32> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    const auto rank = std::size_t(std::ceil(p / 100.0 * double(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

QString column(const QString &text, int width)
{
    return text.rightJustified(width);
}

QString column(quint64 value, int width)
{
    return column(QString::number(value), width);
}

} // namespace

int runBookBenchmark(const BenchOptions &options)
{
    QTextStream out(stdout);
    BookDriver driver(options.seed);

    // Warm-up: build the book, then run the same mix unrecorded so the pools, the level vectors
    // and the caches reach their steady state.
    driver.fillTo(TargetResting);
    for (qint64 i = 0; i < WarmupOps; ++i)
        driver.step(nullptr);
    driver.resetCounters();

    std::vector<quint32> latencies[KindCount];
    for (auto &samples : latencies)
        samples.reserve(std::size_t(options.ops)); // worst case: every operation of one kind

    const quint64 allocationsBefore = g_allocations.load();
    const auto start = Clock::now();
    for (qint64 i = 0; i < options.ops; ++i)
        driver.step(latencies);
    const auto end = Clock::now();
    const quint64 allocations = g_allocations.load() - allocationsBefore;

    const double wallSeconds = std::chrono::duration<double>(end - start).count();
    quint64 bookNs = 0;
    std::vector<quint32> all;
    all.reserve(std::size_t(options.ops));
    for (auto &samples : latencies) {
        for (quint32 ns : samples)
            bookNs += ns;
        all.insert(all.end(), samples.begin(), samples.end());
        std::sort(samples.begin(), samples.end());
    }
    std::sort(all.begin(), all.end());

    const OrderBook &book = driver.book();
    out << "everx-bench --mode book: seed " << options.seed << ", " << options.ops
        << " operations after " << WarmupOps << " warm-up, book kept between "
        << TargetResting * 3 / 4 << " and " << TargetResting * 5 / 4 << " resting orders\n";
    out << "mix drawn: 55% passive add, 30% cancel, 15% marketable (IOC, up to 40 ticks"
        << " through); at the size bounds adds and cancels swap\n\n";
    out << "throughput: " << qint64(double(options.ops) / wallSeconds)
        << " ops/s wall (driver, RNG and clock included), "
        << qint64(double(options.ops) / (double(bookNs) / 1e9)) << " ops/s inside the book\n\n";

    const int w = 10;
    out << column(QStringLiteral("ns/op"), 8) << column(QStringLiteral("count"), w)
        << column(QStringLiteral("p50"), w) << column(QStringLiteral("p90"), w)
        << column(QStringLiteral("p99"), w) << column(QStringLiteral("p99.9"), w)
        << column(QStringLiteral("max"), w) << '\n';
    for (int kind = 0; kind <= KindCount; ++kind) {
        const std::vector<quint32> &samples = kind < KindCount ? latencies[kind] : all;
        out << column(kindName(kind), 8) << column(samples.size(), w)
            << column(percentile(samples, 50), w) << column(percentile(samples, 90), w)
            << column(percentile(samples, 99), w) << column(percentile(samples, 99.9), w)
            << column(samples.empty() ? 0 : samples.back(), w) << '\n';
    }
    out << '\n';
    out << "fills: " << driver.fills() << " (" << driver.filledGpus() << " GPUs), "
        << double(driver.fills()) / double(std::max<std::size_t>(latencies[Match].size(), 1))
        << " per marketable order\n";
    out << "resting at the end: " << book.orderCount() << " orders, "
        << book.depth(Side::Bid).size() << " bid levels (best " << book.bestBid().value_or(0)
        << "), " << book.depth(Side::Ask).size() << " ask levels (best "
        << book.bestAsk().value_or(0) << ")\n";
    out << "heap allocations during the measured run: " << allocations << '\n';
    out << "clock overhead (empty interval, p50): " << clockOverheadNs()
        << " ns, included in every latency above\n";
    return 0;
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("everx-bench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Measures the EverX exchange and prints figures. Modes: \"book\" matches straight into "
        "an order book; \"durable\" goes through the engine and its database."));
    parser.addHelpOption();
    const QCommandLineOption modeOption(QStringLiteral("mode"),
                                        QStringLiteral("book (default) or durable."),
                                        QStringLiteral("mode"), QStringLiteral("book"));
    const QCommandLineOption opsOption(QStringLiteral("ops"),
                                       QStringLiteral("Measured operations (default 2000000 in"
                                                      " book mode, 5000 in durable mode)."),
                                       QStringLiteral("N"));
    const QCommandLineOption seedOption(QStringLiteral("seed"),
                                        QStringLiteral("Seed of the operation stream (default 1)."),
                                        QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption databaseOption(QStringLiteral("database"),
                                            QStringLiteral("Durable mode: a SQLite file (default: a"
                                                           " temporary one) or a URL"
                                                           " postgresql://user:pw@host:port/db."),
                                            QStringLiteral("file"));
    parser.addOptions({modeOption, opsOption, seedOption, databaseOption});
    parser.process(app);

    QTextStream err(stderr);
    BenchOptions options;
    options.mode = parser.value(modeOption);
    bool ok = false;
    options.ops = parser.isSet(opsOption) ? parser.value(opsOption).toLongLong(&ok)
        : options.mode == u"durable"      ? 5'000
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

    if (options.mode == u"book")
        return runBookBenchmark(options);
    if (options.mode == u"durable")
        return runDurableBenchmark(options);
    err << "everx-bench: unknown --mode \"" << options.mode << "\" (book or durable)\n";
    return 1;
}
