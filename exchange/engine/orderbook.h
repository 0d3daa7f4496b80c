#pragma once

#include <QtCore/QtGlobal>

#include <optional>
#include <vector>

namespace everx {

enum class Side : quint8 { Bid, Ask };

// One fill reported by OrderBook::match: the incoming order traded `quantity` GPUs with a
// resting order at the resting order's price.
struct BookFill
{
    quint64 restingId = 0;
    qint64 restingOwner = 0;
    quint32 restingHandle = 0;
    qint32 price = 0; // cents per GPU-hour
    qint32 quantity = 0; // GPUs
    qint32 restingLeft = 0; // what the resting order still has; 0 means it left the book
};

// Aggregated price level, for snapshots and depth.
struct BookLevel
{
    qint32 price = 0;
    qint64 quantity = 0;
    qint32 orders = 0;
};

// One resting order, for snapshots and tests, in priority order.
struct RestingOrder
{
    quint64 id = 0;
    qint64 owner = 0;
    qint32 price = 0;
    qint32 quantity = 0;
};

// A price-time priority limit order book for one GPU model; prices are whole cents, quantities
// whole GPUs. Pure data structure: no Qt objects, no I/O, not thread-safe (the engine owns it on
// one thread).
//
// Layout (for speed): orders live in a pool vector with a free list and are linked into their
// level's FIFO by indices, so adding and cancelling allocate nothing once the pool has grown, and
// cancel is O(1) by handle. Levels also live in a pool; each side keeps a vector of level indices
// sorted so that the best price is at the back (the end that changes most). A level that empties
// in the middle of the book stays in the sorted vector, empty, until it reaches the top, which
// keeps cancel O(1); depth() skips empty levels. So that a drifting market cannot grow those
// vectors without bound, a side is compacted (its empty levels freed) when it has doubled since
// the last compaction: O(levels) once per doubling, amortised O(1) per new level.
class OrderBook final
{
public:
    using Handle = quint32;
    static constexpr Handle InvalidHandle = 0xFFFFFFFFu;

    explicit OrderBook(qsizetype reserveOrders = 1024);
    Q_DISABLE_COPY_MOVE(OrderBook)

    // Matches an incoming order of `owner` against the opposite side at `limitPrice` or better,
    // best price first and oldest first within a level. Orders of the same owner are passed
    // over, never traded with, and keep their place. Appends one BookFill per trade to `fills`
    // (which it does not clear) and returns the quantity left unfilled. Resting orders filled
    // completely leave the book; their handles become invalid.
    qint32 match(Side incoming, qint64 owner, qint32 limitPrice, qint32 quantity,
                 std::vector<BookFill> &fills);

    // Rests an order at the back of its price level and returns its handle. Preconditions:
    // price > 0, quantity > 0. The caller matches first; add() does not check crossing.
    Handle add(Side side, quint64 id, qint64 owner, qint32 price, qint32 quantity);
    // Removes a resting order; returns the quantity it had. O(1).
    qint32 cancel(Handle handle);
    // Takes `by` GPUs off a resting order, keeping its place in the queue; reducing to zero
    // removes it. Returns the quantity left.
    qint32 reduce(Handle handle, qint32 by);

    // True if the handle designates a resting order with this id (handles are reused).
    bool isLive(Handle handle, quint64 id) const;
    qint32 quantityOf(Handle handle) const;

    std::optional<qint32> bestPrice(Side side) const;
    std::optional<qint32> bestBid() const { return bestPrice(Side::Bid); }
    std::optional<qint32> bestAsk() const { return bestPrice(Side::Ask); }
    bool isCrossed() const;

    // GPUs resting at exactly this price on this side.
    qint64 quantityAt(Side side, qint32 price) const;
    // Non-empty levels from the best price outward; maxLevels 0 means all.
    std::vector<BookLevel> depth(Side side, qsizetype maxLevels = 0) const;
    // Every resting order of a side, best price first, queue order within a level.
    std::vector<RestingOrder> orders(Side side) const;
    qsizetype orderCount() const { return m_liveOrders; }
    // Levels a side keeps, empty ones included (for tests of the compaction).
    qsizetype levelSlots(Side side) const { return qsizetype(sorted(side).size()); }

private:
    struct Order
    {
        quint64 id;
        qint64 owner;
        qint32 price;
        qint32 quantity; // 0 while the slot is free
        quint32 level;
        quint32 prev;
        quint32 next; // also the free-list link
    };
    struct Level
    {
        qint64 quantity;
        qint32 price;
        qint32 count;
        quint32 head;
        quint32 tail;
        quint32 nextFree;
        Side side;
    };

    quint32 allocOrder();
    void freeOrder(quint32 index);
    quint32 findOrCreateLevel(Side side, qint32 price);
    void unlink(quint32 index);
    void popEmptyTop(Side side);
    void compact(Side side);
    std::vector<quint32> &sorted(Side side) { return side == Side::Bid ? m_bids : m_asks; }
    const std::vector<quint32> &sorted(Side side) const
    {
        return side == Side::Bid ? m_bids : m_asks;
    }

    std::vector<Order> m_orders;
    std::vector<Level> m_levels;
    std::vector<quint32> m_bids; // level indices, ascending price: best bid at the back
    std::vector<quint32> m_asks; // level indices, descending price: best ask at the back
    quint32 m_freeOrder = InvalidHandle;
    quint32 m_freeLevel = InvalidHandle;
    qsizetype m_liveOrders = 0;
    std::size_t m_compactBidsAt = 128; // compact a side when its vector reaches this size
    std::size_t m_compactAsksAt = 128;
};

} // namespace everx
