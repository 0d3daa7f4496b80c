// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-bench --mode book: command streams straight into one OrderBook; no database, no event
// loop. Three mixes (--mix), each a seeded stream generated first and then replayed (a fourth,
// place, is placementbench.cpp's; a fifth, window, windowmixbench.cpp's):
//
//   add     passive orders only, into an empty book: the book grows to --ops orders.
//   cross   about 82 % marketable orders (immediate-or-cancel at or a few ticks through the
//           opposite best, each of which trades and so moves the top of the book), the rest
//           passive orders next to the touch that refill it; some 4,000 to 7,000 orders rest.
//   cancel  passive adds and cancels of random resting orders, half and half, on 10 prices a
//           side: about 20,000 orders resting, so queues are some 1,000 orders deep and a cancel
//           usually takes an order out of the middle of one.
//
// Every order has an owner of its own, so no order meets its own owner's: an engine without
// self-trade prevention reaches the same trades. The throughput is the best (and the median) of
// --repeat replays of the measured commands into a fresh book, timed as a whole (the replay loop
// and its id-to-handle table included, no clock read per operation); a last replay reads the
// clock around each operation for the latency percentiles, and one more checks the fills and the
// final book, whose hashes another engine replaying the same stream (--dump) must reproduce.
//
// Stream file (--dump FILE, text, one command a line; '#' starts a comment line):
//   A b|a ID OWNER PRICE QTY   rest a passive order (it never crosses the book)
//   C ID                       cancel the resting order ID (it is always resting)
//   M b|a OWNER LIMIT QTY      marketable order: buy (b) or sell (a) up to QTY at LIMIT or better,
//                              best price first, oldest first; what is left is dropped
//   =                          the line between set-up (not timed) and measured commands
// Prices are cents (1 .. MarketRules::MaxPriceCents), quantities GPUs; ids count up from 1.
// Hashes: FNV-1a 64 over each fill's resting id, price and quantity (3 little-endian uint64s), in
// order; the book's over every resting order's id, price and quantity, bids best first then asks
// best first, FIFO within a level.

#include "benchoptions.h"
#include "placementbench.h"

#include "engine/exchangeengine.h"
#include "engine/orderbook.h"

#include <QtCore/QFile>
#include <QtCore/QTextStream>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <vector>

using namespace everx;

namespace {

using Clock = std::chrono::steady_clock;

enum Kind : quint8 { Add, Cancel, Match, KindCount };

struct Command
{
    quint64 id; // Add, Cancel
    qint64 owner; // Add, Match
    qint32 price; // Add: its price; Match: the limit
    qint32 quantity;
    Kind kind;
    Side side;
};

struct Stream
{
    QString mix;
    quint64 seed = 0;
    std::vector<Command> setup;
    std::vector<Command> measured;
    quint64 lastId = 0;
    qsizetype peakResting = 0;
};

// What the generator knows rests in the book, for picking random cancels in O(1): a dense vector
// of ids plus each id's position in it.
class RestingSet
{
public:
    void insert(quint64 id)
    {
        if (id >= m_position.size())
            m_position.resize(std::max<std::size_t>(id + 1, m_position.size() * 2), -1);
        m_position[id] = qint64(m_ids.size());
        m_ids.push_back(id);
    }
    void erase(quint64 id)
    {
        const qint64 at = m_position[id];
        m_position[id] = -1;
        const quint64 last = m_ids.back();
        m_ids.pop_back();
        if (std::size_t(at) < m_ids.size()) {
            m_ids[std::size_t(at)] = last;
            m_position[last] = at;
        }
    }
    quint64 at(std::size_t i) const { return m_ids[i]; }
    std::size_t size() const { return m_ids.size(); }

private:
    std::vector<quint64> m_ids;
    std::vector<qint64> m_position; // by id; -1 when not resting
};

// Generates a stream by running it against a book of its own, so that passive orders never
// cross, marketable ones always trade and cancels name resting orders.
class Generator
{
public:
    Generator(const QString &mix, quint64 seed)
        : m_book(1 << 16, MarketRules::MaxPriceCents)
        , m_rng(seed)
    {
        m_stream.mix = mix;
        m_stream.seed = seed;
    }

    Stream take() { return std::move(m_stream); }

    void addMix(qint64 ops)
    {
        // The mid walks; offsets are exponential around it: most within a few dozen ticks, a
        // tail to 3,000.
        for (qint64 i = 0; i < ops; ++i) {
            if (uniform(100) == 0)
                m_mid = std::clamp(m_mid + (uniform(2) ? 1 : -1), 4'000, 16'000);
            const Side side = uniform(2) ? Side::Bid : Side::Ask;
            const qint32 offset = 1 + std::min(qint32(-std::log1p(-unit()) * 60.0), 2'999);
            add(m_stream.measured, side, side == Side::Bid ? m_mid - offset : m_mid + offset,
                1 + uniform(8));
        }
    }

    void crossMix(qint64 ops)
    {
        // Resting GPUs random-walk between the bounds: 18 % adds of 11 GPUs on average against
        // 82 % marketable orders of 2.5 balance.
        constexpr qint64 Low = 20'000, High = 80'000;
        while (m_restingGpus < (Low + High) / 2)
            add(m_stream.setup, uniform(2) ? Side::Bid : Side::Ask, 0, 1 + uniform(21));
        for (qint64 i = 0; i < ops; ++i) {
            const Side side = uniform(2) ? Side::Bid : Side::Ask;
            const Side resting = side == Side::Bid ? Side::Ask : Side::Bid;
            bool marketable = uniform(100) < 82;
            if (m_restingGpus < Low || !m_book.bestPrice(resting))
                marketable = false;
            else if (m_restingGpus > High)
                marketable = true;
            if (marketable)
                match(side, 1 + uniform(4));
            else
                add(m_stream.measured, side, 0, 1 + uniform(21));
        }
    }

    void cancelMix(qint64 ops)
    {
        constexpr std::size_t Target = 20'000;
        while (m_resting.size() < Target)
            addNarrow(m_stream.setup);
        for (qint64 i = 0; i < ops; ++i) {
            bool cancel = uniform(2) == 0;
            if (m_resting.size() < Target * 3 / 4)
                cancel = false;
            else if (m_resting.size() > Target * 5 / 4)
                cancel = true;
            if (cancel)
                cancelRandom(m_stream.measured);
            else
                addNarrow(m_stream.measured);
        }
    }

private:
    int uniform(int n) { return int(m_rng() % quint64(n)); }
    double unit() { return double(m_rng() >> 11) * 0x1.0p-53; }

    // Rests a passive order at `price`, or next to the touch when price is 0, never crossing.
    void add(std::vector<Command> &out, Side side, qint32 price, qint32 quantity)
    {
        const std::optional<qint32> bid = m_book.bestBid();
        const std::optional<qint32> ask = m_book.bestAsk();
        if (price == 0) {
            // Near the touch: most within 4 ticks of the opposite best, so the top stays dense.
            const qint32 offset = 1 + std::min(qint32(-std::log1p(-unit()) * 4.0), 199);
            const qint32 mid = bid && ask ? (*bid + *ask) / 2
                : bid                     ? *bid + 1
                : ask                     ? *ask - 1
                                          : m_mid;
            price = side == Side::Bid ? (ask ? *ask - offset : mid - offset)
                                      : (bid ? *bid + offset : mid + offset);
        }
        if (side == Side::Bid && ask)
            price = std::min(price, *ask - 1);
        if (side == Side::Ask && bid)
            price = std::max(price, *bid + 1);
        price = std::clamp(price, 1, qint32(MarketRules::MaxPriceCents));
        const quint64 id = ++m_stream.lastId;
        const qint64 owner = qint64(id);
        m_handles.resize(std::max<std::size_t>(m_handles.size(), id + 1), OrderBook::InvalidHandle);
        m_handles[id] = m_book.add(side, id, owner, price, quantity);
        m_resting.insert(id);
        m_restingGpus += quantity;
        m_stream.peakResting = std::max(m_stream.peakResting, m_book.orderCount());
        out.push_back(Command {id, owner, price, quantity, Add, side});
    }

    void addNarrow(std::vector<Command> &out)
    {
        const Side side = uniform(2) ? Side::Bid : Side::Ask;
        const qint32 offset = 1 + uniform(10);
        add(out, side, side == Side::Bid ? m_mid - offset : m_mid + offset, 1 + uniform(8));
    }

    void cancelRandom(std::vector<Command> &out)
    {
        const quint64 id = m_resting.at(std::size_t(m_rng() % m_resting.size()));
        m_restingGpus -= m_book.cancel(m_handles[id]);
        m_resting.erase(id);
        out.push_back(Command {id, 0, 0, 0, Cancel, Side::Bid});
    }

    void match(Side side, qint32 quantity)
    {
        const Side resting = side == Side::Bid ? Side::Ask : Side::Bid;
        const qint32 best = *m_book.bestPrice(resting);
        const qint32 reach = uniform(4) == 0 ? uniform(11) : 0;
        const qint32 limit = side == Side::Bid ? best + reach : std::max(1, best - reach);
        // An owner of its own, like every order: ids and owners of marketable orders never rest,
        // so they are numbered apart from the resting ones.
        const qint64 owner = -qint64(++m_marketable);
        m_fills.clear();
        m_book.match(side, owner, limit, quantity, m_fills);
        for (const BookFill &fill : m_fills) {
            m_restingGpus -= fill.quantity;
            if (fill.restingLeft == 0)
                m_resting.erase(fill.restingId);
        }
        m_stream.measured.push_back(Command {0, owner, limit, quantity, Match, side});
    }

    OrderBook m_book;
    std::mt19937_64 m_rng;
    Stream m_stream;
    RestingSet m_resting;
    std::vector<OrderBook::Handle> m_handles; // by id
    std::vector<BookFill> m_fills;
    qint64 m_restingGpus = 0;
    quint64 m_marketable = 0;
    qint32 m_mid = 10'000; // USD 100.00
};

Stream generate(const QString &mix, quint64 seed, qint64 ops)
{
    Generator generator(mix, seed);
    if (mix == u"add")
        generator.addMix(ops);
    else if (mix == u"cross")
        generator.crossMix(ops);
    else
        generator.cancelMix(ops);
    return generator.take();
}

bool dump(const Stream &stream, const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    QTextStream out(&file);
    out << "# everx book stream 1: mix " << stream.mix << ", seed " << stream.seed << ", "
        << stream.setup.size() << " set-up and " << stream.measured.size()
        << " measured commands, at most " << stream.peakResting << " orders resting\n";
    auto write = [&out](const Command &c) {
        const char side = c.side == Side::Bid ? 'b' : 'a';
        switch (c.kind) {
        case Add:
            out << "A " << side << ' ' << c.id << ' ' << c.owner << ' ' << c.price << ' '
                << c.quantity << '\n';
            break;
        case Cancel:
            out << "C " << c.id << '\n';
            break;
        case Match:
            out << "M " << side << ' ' << c.owner << ' ' << c.price << ' ' << c.quantity << '\n';
            break;
        case KindCount:
            break;
        }
    };
    for (const Command &c : stream.setup)
        write(c);
    out << "=\n";
    for (const Command &c : stream.measured)
        write(c);
    out.flush();
    return file.error() == QFile::NoError;
}

// FNV-1a, 64 bits, over whole little-endian 64-bit values.
struct Hash
{
    quint64 value = 0xcbf29ce484222325ULL;
    void add(quint64 x)
    {
        for (int i = 0; i < 8; ++i) {
            value ^= (x >> (8 * i)) & 0xff;
            value *= 0x100000001b3ULL;
        }
    }
};

struct Check
{
    quint64 fills = 0;
    quint64 gpus = 0;
    Hash fillHash;
    Hash bookHash;
};

// The replay as it would run in the engine: one command after another, ids mapped to handles
// through a table.
template<bool Timed, bool Checked>
void replayCommands(OrderBook &book, const std::vector<Command> &commands,
                    std::vector<OrderBook::Handle> &handles, std::vector<BookFill> &fills,
                    std::vector<quint32> *latencies, Check *check)
{
    for (const Command &c : commands) {
        Clock::time_point start;
        if constexpr (Timed)
            start = Clock::now();
        switch (c.kind) {
        case Add:
            handles[c.id] = book.add(c.side, c.id, c.owner, c.price, c.quantity);
            break;
        case Cancel:
            book.cancel(handles[c.id]);
            break;
        case Match:
            fills.clear();
            book.match(c.side, c.owner, c.price, c.quantity, fills);
            break;
        case KindCount:
            break;
        }
        if constexpr (Timed) {
            const auto ns =
                std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start);
            latencies[c.kind].push_back(quint32(std::min<qint64>(ns.count(), 0xFFFFFFFF)));
        }
        if constexpr (Checked) {
            if (c.kind == Match) {
                for (const BookFill &fill : fills) {
                    ++check->fills;
                    check->gpus += quint64(fill.quantity);
                    check->fillHash.add(fill.restingId);
                    check->fillHash.add(quint64(fill.price));
                    check->fillHash.add(quint64(fill.quantity));
                }
            }
        }
    }
}

struct Replay
{
    OrderBook book;
    std::vector<OrderBook::Handle> handles;
    std::vector<BookFill> fills;

    explicit Replay(const Stream &stream)
        : book(stream.peakResting, MarketRules::MaxPriceCents) // pre-sized: nothing grows
        , handles(stream.lastId + 1, OrderBook::InvalidHandle)
    {
        fills.reserve(1024);
        replayCommands<false, false>(book, stream.setup, handles, fills, nullptr, nullptr);
    }
};

// The timed replay of the measured commands, alone in a function of its own so that callgrind
// counts exactly it: --toggle-collect='*measuredReplay*'.
Q_NEVER_INLINE void measuredReplay(Replay &replay, const Stream &stream)
{
    replayCommands<false, false>(replay.book, stream.measured, replay.handles, replay.fills,
                                 nullptr, nullptr);
}

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

struct MixResult
{
    QString mix;
    qsizetype ops = 0;
    double best = 0; // operations per second
    double median = 0;
    quint32 p50 = 0, p99 = 0, p999 = 0;
};

MixResult runMix(const QString &mix, const BenchOptions &options, QTextStream &out)
{
    const Stream stream = generate(mix, options.seed, options.ops);
    if (!options.dumpFile.isEmpty()) {
        if (!dump(stream, options.dumpFile))
            QTextStream(stderr) << "everx-bench: cannot write " << options.dumpFile << '\n';
        else
            out << "stream written to " << options.dumpFile << '\n';
    }
    quint64 count[KindCount] = {};
    for (const Command &c : stream.measured)
        ++count[c.kind];
    const auto ops = qsizetype(stream.measured.size());
    out << "mix " << mix << ": seed " << stream.seed << ", " << stream.setup.size()
        << " set-up commands, then " << ops << " measured: " << count[Add] << " add, "
        << count[Cancel] << " cancel, " << count[Match] << " marketable ("
        << QString::number(100.0 * double(count[Match]) / double(std::max<qsizetype>(ops, 1)), 'f',
                           1)
        << " %); at most " << stream.peakResting << " orders resting\n";

    std::vector<double> seconds;
    quint64 allocations = 0;
    for (int r = 0; r < options.repeat; ++r) {
        Replay replay(stream);
        const quint64 before = heapAllocations();
        const auto start = Clock::now();
        measuredReplay(replay, stream);
        const auto end = Clock::now();
        allocations = std::max(allocations, heapAllocations() - before);
        seconds.push_back(std::chrono::duration<double>(end - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    MixResult result;
    result.mix = mix;
    result.ops = ops;
    result.best = double(ops) / seconds.front();
    result.median = double(ops) / seconds[seconds.size() / 2];
    out << "throughput: " << qint64(result.best) << " ops/s best of " << options.repeat
        << ", median " << qint64(result.median) << " ("
        << QString::number(seconds.front() * 1e3, 'f', 1)
        << " ms for the measured commands); heap allocations while measured: " << allocations
        << '\n';

    std::vector<quint32> latencies[KindCount];
    for (int kind = 0; kind < KindCount; ++kind)
        latencies[kind].reserve(count[kind]);
    {
        Replay replay(stream);
        replayCommands<true, false>(replay.book, stream.measured, replay.handles, replay.fills,
                                    latencies, nullptr);
    }
    std::vector<quint32> all;
    all.reserve(std::size_t(ops));
    for (auto &samples : latencies) {
        all.insert(all.end(), samples.begin(), samples.end());
        std::sort(samples.begin(), samples.end());
    }
    std::sort(all.begin(), all.end());
    const int w = 10;
    out << column(QStringLiteral("ns/op"), 8) << column(QStringLiteral("count"), w)
        << column(QStringLiteral("p50"), w) << column(QStringLiteral("p90"), w)
        << column(QStringLiteral("p99"), w) << column(QStringLiteral("p99.9"), w)
        << column(QStringLiteral("max"), w) << '\n';
    for (int kind = 0; kind <= KindCount; ++kind) {
        const std::vector<quint32> &samples = kind < KindCount ? latencies[kind] : all;
        if (samples.empty())
            continue;
        out << column(kindName(kind), 8) << column(samples.size(), w)
            << column(percentile(samples, 50), w) << column(percentile(samples, 90), w)
            << column(percentile(samples, 99), w) << column(percentile(samples, 99.9), w)
            << column(samples.back(), w) << '\n';
    }
    result.p50 = percentile(all, 50);
    result.p99 = percentile(all, 99);
    result.p999 = percentile(all, 99.9);

    Check check;
    Replay replay(stream);
    replayCommands<false, true>(replay.book, stream.measured, replay.handles, replay.fills, nullptr,
                                &check);
    qint64 restingGpus = 0;
    for (const Side side : {Side::Bid, Side::Ask}) {
        for (const RestingOrder &order : replay.book.orders(side)) {
            check.bookHash.add(order.id);
            check.bookHash.add(quint64(order.price));
            check.bookHash.add(quint64(order.quantity));
            restingGpus += order.quantity;
        }
    }
    const OrderBook &book = replay.book;
    out << "fills " << check.fills << " (" << check.gpus << " GPUs), fill hash "
        << QString::number(check.fillHash.value, 16) << "; final book " << book.orderCount()
        << " orders (" << restingGpus << " GPUs), best bid " << book.bestBid().value_or(0)
        << ", best ask " << book.bestAsk().value_or(0) << ", book hash "
        << QString::number(check.bookHash.value, 16) << "; " << book.memoryBytes() / 1024
        << " KiB\n\n";
    return result;
}

} // namespace

int runBookBenchmark(const BenchOptions &options)
{
    QTextStream out(stdout);
    const QStringList mixes = options.mix == u"all"
        ? QStringList {QStringLiteral("add"), QStringLiteral("cross"), QStringLiteral("cancel"),
                       QStringLiteral("place"), QStringLiteral("window")}
        : QStringList {options.mix};
    std::vector<MixResult> results;
    bool consistent = true;
    for (const QString &mix : mixes) {
        if (mix == u"place" || mix == u"window") {
            const PlacementMixResult place =
                mix == u"place" ? runPlacementMix(options, out) : runWindowMix(options, out);
            consistent = consistent && place.consistent;
            results.push_back({mix, place.ops, place.best, place.median, 0, 0, 0});
        } else {
            results.push_back(runMix(mix, options, out));
        }
        out.flush();
    }
    if (results.size() > 1) {
        const int w = 12;
        out << column(QStringLiteral("mix"), 8) << column(QStringLiteral("ops"), w)
            << column(QStringLiteral("best ops/s"), w) << column(QStringLiteral("median"), w)
            << column(QStringLiteral("p50 ns"), w) << column(QStringLiteral("p99 ns"), w)
            << column(QStringLiteral("p99.9 ns"), w) << '\n';
        for (const MixResult &r : results) {
            out << column(r.mix, 8) << column(quint64(r.ops), w) << column(quint64(r.best), w)
                << column(quint64(r.median), w) << column(r.p50, w) << column(r.p99, w)
                << column(r.p999, w) << '\n';
        }
    }
    return consistent ? 0 : 1;
}
