// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-bench --mode book --mix place: orders for one server beside orders from anywhere, matched
// as the engine matches them (docs/architecture.md "The market"): the asks of 2,000 listings of 1
// to 8 GPUs rest in one OrderBook and in its PlacementIndex; 30 % of the orders want all their
// GPUs from one server (PlacementIndex::server, then the listing's ask reduced in the book), the
// rest are marketable bids that sweep the book (OrderBook::match), each fill written back to the
// index; listings whose rentals end offer their GPUs again (their ask taken out and put back at
// the end of its level, in the book and in the index alike). No database, no event loop.
//
// The stream is generated first by running it against a book and an index of its own, so that a
// returning listing is one with GPUs out; then replayed into fresh ones --repeat times, timed as
// a whole. A last replay counts the fills and checks that it found what the generator found.

#include "placementbench.h"
#include "benchoptions.h"

#include "engine/orderbook.h"
#include "engine/placementindex.h"
#include "market/marketrules.h"

#include <QtCore/QTextStream>

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

namespace everx {

namespace {

using Clock = std::chrono::steady_clock;

constexpr qint32 Listings = 2'000;
constexpr qint32 Levels = 100; // prices 2.50 .. 3.49
constexpr qint32 Lowest = 250;
constexpr qint64 FirstCustomer = 1'000'000; // providers are 1 .. Listings

enum class Kind : quint8 { Server, Sweep, Return };

struct Command
{
    Kind kind;
    qint32 listing; // Return
    qint32 gpus; // Server, Sweep
    qint32 limit; // Server, Sweep
    qint64 owner; // Server, Sweep
};

struct Listing
{
    qint32 gpus = 0;
    qint32 price = 0;
    qint32 idle = 0;
    OrderBook::Handle handle = OrderBook::InvalidHandle;
};

// The market the commands run against: the book, its index, and each listing's state.
struct Market
{
    OrderBook book {Listings * 2, MarketRules::MaxPriceCents};
    PlacementIndex index;
    std::vector<Listing> listings;
    std::vector<BookFill> fills;
    quint64 placed = 0; // server orders that found a server
    quint64 fillCount = 0;
    quint64 gpus = 0; // GPUs taken
    qint32 lastServer = -1; // the listing the last server order took

    explicit Market(const std::vector<Listing> &start)
        : listings(start)
    {
        fills.reserve(64);
        for (qint32 id = 0; id < Listings; ++id)
            offer(id);
    }

    qint64 owner(qint32 id) const { return id + 1; }

    void offer(qint32 id)
    {
        Listing &l = listings[size_t(id)];
        l.handle = book.add(Side::Ask, quint64(id), owner(id), l.price, l.idle);
        index.set(id, owner(id), l.price, l.idle, 0);
    }

    void run(const Command &c)
    {
        switch (c.kind) {
        case Kind::Server: {
            const std::vector<PlacementIndex::Leg> legs = index.server(c.gpus, c.limit, c.owner);
            if (legs.empty())
                return;
            const qint32 id = qint32(legs.front().listingId);
            Listing &l = listings[size_t(id)];
            l.idle = book.reduce(l.handle, c.gpus);
            if (l.idle == 0)
                l.handle = OrderBook::InvalidHandle;
            index.set(id, owner(id), l.price, l.idle, 0);
            ++placed;
            lastServer = id;
            gpus += quint64(c.gpus);
            return;
        }
        case Kind::Sweep:
            fills.clear();
            book.match(Side::Bid, c.owner, c.limit, c.gpus, fills);
            for (const BookFill &fill : fills) {
                const qint32 id = qint32(fill.restingId);
                Listing &l = listings[size_t(id)];
                l.idle = fill.restingLeft;
                if (l.idle == 0)
                    l.handle = OrderBook::InvalidHandle;
                index.set(id, owner(id), l.price, l.idle, 0);
                ++fillCount;
                gpus += quint64(fill.quantity);
            }
            return;
        case Kind::Return: {
            // Its rentals ended: all its GPUs rest again, at the back of its level.
            Listing &l = listings[size_t(c.listing)];
            if (l.handle != OrderBook::InvalidHandle)
                book.cancel(l.handle);
            index.set(c.listing, owner(c.listing), l.price, 0, 0);
            l.idle = l.gpus;
            offer(c.listing);
            return;
        }
        }
    }
};

struct Stream
{
    std::vector<Listing> start;
    std::vector<Command> measured;
    quint64 placed = 0, fills = 0, gpus = 0; // what the generator's own run found
    quint64 count[3] = {};
};

Stream generate(quint64 seed, qint64 ops)
{
    std::mt19937_64 rng(seed);
    const auto uniform = [&rng](qint32 lo, qint32 hi) {
        return std::uniform_int_distribution<qint32>(lo, hi)(rng);
    };
    Stream s;
    s.start.resize(Listings);
    qint64 capacity = 0;
    for (Listing &l : s.start) {
        l.gpus = l.idle = uniform(1, 8);
        l.price = Lowest + uniform(0, Levels - 1);
        capacity += l.gpus;
    }
    Market m(s.start);
    qint64 idle = capacity;
    std::vector<qint32> out; // listings with GPUs out, for returns picked in O(1)
    std::vector<qint32> position(Listings, -1);
    const auto markOut = [&](qint32 id) {
        if (position[size_t(id)] < 0) {
            position[size_t(id)] = qint32(out.size());
            out.push_back(id);
        }
    };
    s.measured.reserve(size_t(ops));
    for (qint64 i = 0; i < ops; ++i) {
        Command c {};
        // Keep the market steady: about two thirds of the GPUs idle.
        if (!out.empty() && idle * 3 < capacity * 2 && uniform(0, 1) == 0) {
            const qint32 at = uniform(0, qint32(out.size()) - 1);
            c.kind = Kind::Return;
            c.listing = out[size_t(at)];
            out[size_t(at)] = out.back();
            position[size_t(out.back())] = at;
            out.pop_back();
            position[size_t(c.listing)] = -1;
            idle += m.listings[size_t(c.listing)].gpus - m.listings[size_t(c.listing)].idle;
        } else {
            c.kind = uniform(0, 9) < 3 ? Kind::Server : Kind::Sweep;
            c.gpus = c.kind == Kind::Server ? uniform(1, 8) : uniform(1, 16);
            // Most orders at or a little through the middle of the book.
            c.limit = Lowest + uniform(Levels / 4, Levels - 1);
            c.owner = FirstCustomer + i;
        }
        const quint64 gpusBefore = m.gpus;
        m.run(c);
        idle -= qint64(m.gpus - gpusBefore);
        if (c.kind == Kind::Sweep) {
            for (const BookFill &fill : m.fills)
                markOut(qint32(fill.restingId));
        }
        if (c.kind == Kind::Server && m.gpus != gpusBefore)
            markOut(m.lastServer);
        ++s.count[int(c.kind)];
        s.measured.push_back(c);
    }
    s.placed = m.placed;
    s.fills = m.fillCount;
    s.gpus = m.gpus;
    return s;
}

Q_NEVER_INLINE void measuredReplay(Market &market, const std::vector<Command> &commands)
{
    for (const Command &c : commands)
        market.run(c);
}

} // namespace

PlacementMixResult runPlacementMix(const BenchOptions &options, QTextStream &out)
{
    const Stream stream = generate(options.seed, options.ops);
    const auto ops = qsizetype(stream.measured.size());
    const quint64 orders = stream.count[int(Kind::Server)] + stream.count[int(Kind::Sweep)];
    out << "mix place: seed " << options.seed << ", " << Listings << " listings of 1 to 8 GPUs on "
        << Levels << " prices, then " << ops << " measured: " << stream.count[int(Kind::Server)]
        << " orders for one server ("
        << QString::number(100.0 * double(stream.count[int(Kind::Server)])
                               / double(std::max<quint64>(orders, 1)),
                           'f', 1)
        << " % of orders), " << stream.count[int(Kind::Sweep)] << " from anywhere, "
        << stream.count[int(Kind::Return)] << " listings offering their GPUs again\n";

    std::vector<double> seconds;
    for (int r = 0; r < options.repeat; ++r) {
        Market market(stream.start);
        const auto start = Clock::now();
        measuredReplay(market, stream.measured);
        seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    PlacementMixResult result;
    result.ops = ops;
    result.best = double(ops) / seconds.front();
    result.median = double(ops) / seconds[seconds.size() / 2];
    out << "throughput: " << qint64(result.best) << " commands/s best of " << options.repeat
        << ", median " << qint64(result.median) << " ("
        << QString::number(seconds.front() * 1e3, 'f', 1) << " ms for the measured commands)\n";

    Market check(stream.start);
    measuredReplay(check, stream.measured);
    result.consistent = check.placed == stream.placed && check.fillCount == stream.fills
        && check.gpus == stream.gpus;
    out << "server orders placed " << check.placed << " of " << stream.count[int(Kind::Server)]
        << ", sweep fills " << check.fillCount << ", " << check.gpus << " GPUs taken; "
        << (result.consistent ? "the replay found what the generator found"
                              : "THE REPLAY DIFFERS FROM THE GENERATOR")
        << "\n\n";
    return result;
}

} // namespace everx
