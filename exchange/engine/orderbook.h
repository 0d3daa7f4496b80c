// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QtGlobal>

#include <array>
#include <memory>
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
// Layout (for speed): prices are bounded whole cents, so each side indexes its levels directly
// by price: no search and no sorted container. Levels live in pages of PageLevels consecutive
// prices, allocated when a price in them first rests and released when the last level in them
// empties (one spare page per side is kept, so a level that empties and refills at a page of its
// own costs no allocation); a book's memory follows the span of prices that hold orders, not
// the price range. A three-level bitmap of the non-empty prices (one bit per price, one per
// 64-bit word, one per 64 words) finds the next best price in a few word operations when the
// best level empties, however far away it is. Orders live in a pool vector with a free list and
// are linked into their level's FIFO by indices, so adding and cancelling allocate nothing once
// the pool is large enough (reserve() sizes it up front), and cancel is O(1) by handle.
class OrderBook final
{
public:
    using Handle = quint32;
    static constexpr Handle InvalidHandle = 0xFFFFFFFFu;
    // The highest price any book can hold, in cents: what a three-level bitmap of 64-bit words
    // covers (64^3 prices, 0 unused).
    static constexpr qint32 PriceLimit = 64 * 64 * 64 - 1;
    // Prices per level page.
    static constexpr qint32 PageLevels = 1024;
    static_assert(qint64(PriceLimit) < (qint64(1) << 31), "an order keeps its price in 31 bits");

    // `reserveOrders`: resting orders the pool holds before it grows. `maxPrice`: the highest
    // price an order may rest at (1..PriceLimit); the engine passes the market's maximum.
    explicit OrderBook(qsizetype reserveOrders = 1024, qint32 maxPrice = PriceLimit);
    ~OrderBook();
    Q_DISABLE_COPY_MOVE(OrderBook)

    // Grows the order pool to hold at least `orders` resting orders without allocating again.
    void reserve(qsizetype orders);
    qint32 maxPrice() const { return m_maxPrice; }
    // Resting orders the pool holds before it grows.
    qsizetype capacity() const { return qsizetype(m_orders.size()); }

    // Matches an incoming order of `owner` against the opposite side at `limitPrice` or better,
    // best price first and oldest first within a level. Orders of the same owner are passed
    // over, never traded with, and keep their place. Appends one BookFill per trade to `fills`
    // (which it does not clear) and returns the quantity left unfilled. Resting orders filled
    // completely leave the book; their handles become invalid. Any limit is accepted: one
    // beyond the price range reaches the end of it.
    // Inline: the most common trade (part of the oldest order at the best price) is a few loads
    // and stores, cheaper in the caller's loop than a call; everything else calls sweep().
    qint32 match(Side incoming, qint64 owner, qint32 limitPrice, qint32 quantity,
                 std::vector<BookFill> &fills);
    // How much of a resting order may trade with the incoming one: its id, what it rests with
    // and what the incoming order still wants; 0 passes it over (it keeps its place), as the
    // owner's own orders are. The engine's calendar says, for GPUs reserved ahead.
    using Allowance = qint32 (*)(void *context, quint64 restingId, qint32 resting, qint32 wanted);
    // match(), each resting order traded only as far as `allowance` lets it (at most what it
    // rests with and what is wanted).
    qint32 matchAllowed(Side incoming, qint64 owner, qint32 limitPrice, qint32 quantity,
                        std::vector<BookFill> &fills, Allowance allowance, void *context);

    // Rests an order at the back of its price level and returns its handle. Preconditions:
    // 1 <= price <= maxPrice(), quantity > 0. The caller matches first; add() does not check
    // crossing.
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
    // Price levels a side keeps: only non-empty ones, since a level leaves when it empties.
    qsizetype levelSlots(Side side) const { return sideOf(side).levels; }
    // Level pages a side holds now (the spare included), for tests of the memory bound.
    qsizetype pageCount(Side side) const;
    // Bytes this book holds on the heap: order pool, level pages, bitmaps, page directories.
    qsizetype memoryBytes() const;

private:
    struct Order
    {
        quint64 id;
        qint64 owner;
        // The price in the low 31 bits and the side in the top one (set: ask), which name the
        // level to unlink from. One word written whole, not bit-fields: their merging costs add()
        // a dozen instructions.
        quint32 place;
        qint32 quantity; // 0 while the slot is free
        quint32 prev;
        quint32 next; // also the free-list link
    };
    struct Level
    {
        qint64 quantity; // 0 when empty
        qint32 count; // orders; 0 means empty, and then head and tail mean nothing
        quint32 head;
        quint32 tail;
    };
    struct Page
    {
        std::array<Level, PageLevels> levels; // zero-initialised: every level empty
        qint32 live; // non-empty levels in this page
    };
    // One side of the book. The bitmap has a bit per price in bits0, a bit per non-zero word of
    // bits0 in bits1, and a bit per non-zero word of bits1 in bits2.
    struct SideBook
    {
        std::vector<std::unique_ptr<Page>> pages; // by price / PageLevels; null: no level
        std::unique_ptr<Page> spare; // an empty page kept for the next one needed
        std::vector<quint64> bits0;
        std::vector<quint64> bits1;
        quint64 bits2 = 0;
        qint32 best = 0; // best price, 0 when the side is empty
        qsizetype levels = 0; // non-empty levels
    };

    SideBook &sideOf(Side side) { return m_sides[side == Side::Ask ? 1 : 0]; }
    const SideBook &sideOf(Side side) const { return m_sides[side == Side::Ask ? 1 : 0]; }
    // The level at a price of the range, or null if no page holds it. Inline: every operation
    // starts with it.
    static Level *findLevel(const SideBook &book, qint32 price)
    {
        Page *page = book.pages[quint32(price) / PageLevels].get();
        return page ? &page->levels[quint32(price) % PageLevels] : nullptr;
    }
    Level &openLevel(SideBook &book, qint32 price);
    void closeLevel(SideBook &book, qint32 price);
    static qint32 highestAtOrBelow(const SideBook &book, qint32 price);
    static qint32 lowestAtOrAbove(const SideBook &book, qint32 price);
    // The best non-empty price of a side at `from` or worse, 0 if none.
    static qint32 firstFrom(const SideBook &book, Side side, qint32 from);
    quint32 allocOrder();
    void freeOrder(quint32 index);
    void unlink(Level &level, quint32 index);
    Q_NEVER_INLINE qint32 sweep(SideBook &book, Side restingSide, qint64 owner, qint32 limitPrice,
                                qint32 quantity, std::vector<BookFill> &fills,
                                Allowance allowance = nullptr, void *context = nullptr);
    qint32 takeFromLevel(Level &level, qint32 price, qint64 owner, qint32 quantity,
                         std::vector<BookFill> &fills, Allowance allowance, void *context);

    std::vector<Order> m_orders;
    std::array<SideBook, 2> m_sides; // bids, asks
    quint32 m_freeOrder = InvalidHandle;
    qsizetype m_liveOrders = 0;
    qint32 m_maxPrice;
};

inline qint32 OrderBook::match(Side incoming, qint64 owner, qint32 limitPrice, qint32 quantity,
                               std::vector<BookFill> &fills)
{
    const Side restingSide = incoming == Side::Bid ? Side::Ask : Side::Bid;
    SideBook &book = sideOf(restingSide);
    const qint32 best = book.best;
    if (best == 0 || quantity <= 0)
        return quantity;
    if (incoming == Side::Bid ? best > limitPrice : best < limitPrice)
        return quantity;
    Level &top = *findLevel(book, best);
    Order &oldest = m_orders[top.head];
    if (oldest.quantity > quantity && oldest.owner != owner) {
        oldest.quantity -= quantity;
        top.quantity -= quantity;
        fills.push_back(
            BookFill {oldest.id, oldest.owner, top.head, best, quantity, oldest.quantity});
        return 0;
    }
    return sweep(book, restingSide, owner, limitPrice, quantity, fills);
}

} // namespace everx
