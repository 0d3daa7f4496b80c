// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/orderbook.h"

#include <algorithm>
#include <bit>

namespace everx {

namespace {

constexpr quint32 Nil = OrderBook::InvalidHandle;

constexpr quint32 AskBit = 0x8000'0000u; // in Order::place

constexpr quint32 placeOf(Side side, qint32 price)
{
    return quint32(price) | (side == Side::Ask ? AskBit : 0);
}

constexpr qint32 priceOf(quint32 place)
{
    return qint32(place & ~AskBit);
}

constexpr Side sideOfPlace(quint32 place)
{
    return (place & AskBit) ? Side::Ask : Side::Bid;
}

constexpr quint64 bit(quint32 index)
{
    return quint64(1) << index;
}

// Bits 0..index of a word, inclusive.
constexpr quint64 upTo(quint32 index)
{
    return (quint64(2) << index) - 1; // index 63: the shift gives 0 and the subtraction all ones
}

// Bits index..63 of a word; index 64 gives none.
constexpr quint64 from(quint32 index)
{
    return index >= 64 ? 0 : ~quint64(0) << index;
}

constexpr quint32 highest(quint64 word)
{
    return quint32(63 - std::countl_zero(word));
}

constexpr quint32 lowest(quint64 word)
{
    return quint32(std::countr_zero(word));
}

// Next size of an exhausted pool: double, but keep every index below Nil.
std::size_t grownSize(std::size_t size)
{
    Q_ASSERT(size < Nil);
    return std::min<std::size_t>(std::max<std::size_t>(size * 2, 16), Nil);
}

} // namespace

OrderBook::OrderBook(qsizetype reserveOrders, qint32 maxPrice)
    : m_maxPrice(std::clamp(maxPrice, 1, PriceLimit))
{
    const auto words0 = std::size_t(m_maxPrice / 64 + 1);
    for (SideBook &book : m_sides) {
        book.pages.resize(std::size_t(m_maxPrice / PageLevels + 1));
        book.bits0.assign(words0, 0);
        book.bits1.assign(words0 / 64 + 1, 0);
    }
    reserve(std::max<qsizetype>(reserveOrders, 16));
}

OrderBook::~OrderBook() = default;

void OrderBook::reserve(qsizetype orders)
{
    // Every new slot goes on the free list now, lowest index first, so that the pool's pages
    // fault in once, here, and not one by one inside later add() calls.
    const std::size_t first = m_orders.size();
    const auto size = std::min<std::size_t>(std::size_t(std::max<qsizetype>(orders, 0)), Nil);
    if (size <= first)
        return;
    m_orders.resize(size, Order {0, 0, 0, 0, Nil, Nil});
    for (std::size_t i = first; i + 1 < size; ++i)
        m_orders[i].next = quint32(i + 1);
    m_orders.back().next = m_freeOrder;
    m_freeOrder = quint32(first);
}

inline quint32 OrderBook::allocOrder()
{
    if (m_freeOrder == Nil) [[unlikely]]
        reserve(qsizetype(grownSize(m_orders.size())));
    const quint32 index = m_freeOrder;
    m_freeOrder = m_orders[index].next;
    return index;
}

inline void OrderBook::freeOrder(quint32 index)
{
    Order &order = m_orders[index];
    // The id stays in the slot, so isLive() of a stale handle compares against a dead id; a zero
    // quantity is what marks the slot free.
    order.quantity = 0;
    order.prev = Nil;
    order.next = m_freeOrder;
    m_freeOrder = index;
    --m_liveOrders;
}

// The level at `price`, made non-empty by the caller right after: marks it in the bitmap and
// counts it in its page (allocating the page if none holds it).
OrderBook::Level &OrderBook::openLevel(SideBook &book, qint32 price)
{
    const auto at = quint32(price); // unsigned: divisions by powers of two are shifts
    std::unique_ptr<Page> &slot = book.pages[at / PageLevels];
    if (!slot)
        slot = book.spare ? std::move(book.spare) : std::make_unique<Page>();
    ++slot->live;
    ++book.levels;
    const quint32 word = at / 64;
    book.bits0[word] |= bit(at % 64);
    book.bits1[word / 64] |= bit(word % 64);
    book.bits2 |= bit(word / 64);
    return slot->levels[at % PageLevels];
}

// A level has just emptied: unmarks it, and releases its page if it was the page's last. The
// best price is the caller's to move.
void OrderBook::closeLevel(SideBook &book, qint32 price)
{
    const auto at = quint32(price);
    const quint32 word = at / 64;
    quint64 &bits = book.bits0[word];
    bits &= ~bit(at % 64);
    if (bits == 0) {
        quint64 &summary = book.bits1[word / 64];
        summary &= ~bit(word % 64);
        if (summary == 0)
            book.bits2 &= ~bit(word / 64);
    }
    --book.levels;
    std::unique_ptr<Page> &slot = book.pages[at / PageLevels];
    if (--slot->live == 0) {
        // Every level of an empty page has count and quantity 0, so it is reused as it is.
        if (!book.spare)
            book.spare = std::move(slot);
        else
            slot.reset();
    }
}

qint32 OrderBook::highestAtOrBelow(const SideBook &book, qint32 price)
{
    if (price < 1)
        return 0;
    const auto at = quint32(price);
    quint32 word = at / 64;
    const quint64 here = book.bits0[word] & upTo(at % 64);
    if (here)
        return qint32(word * 64 + highest(here));
    quint32 summaryWord = word / 64;
    const quint64 below = (word % 64) ? book.bits1[summaryWord] & upTo(word % 64 - 1) : 0;
    if (!below) {
        const quint64 top = summaryWord ? book.bits2 & upTo(summaryWord - 1) : 0;
        if (!top)
            return 0;
        summaryWord = highest(top);
        word = summaryWord * 64 + highest(book.bits1[summaryWord]);
    } else {
        word = summaryWord * 64 + highest(below);
    }
    return qint32(word * 64 + highest(book.bits0[word]));
}

qint32 OrderBook::lowestAtOrAbove(const SideBook &book, qint32 price)
{
    const auto at = quint32(price);
    quint32 word = at / 64;
    if (word >= book.bits0.size())
        return 0;
    const quint64 here = book.bits0[word] & from(at % 64);
    if (here)
        return qint32(word * 64 + lowest(here));
    quint32 summaryWord = word / 64;
    const quint64 above = book.bits1[summaryWord] & from(word % 64 + 1);
    if (!above) {
        const quint64 top = book.bits2 & from(summaryWord + 1);
        if (!top)
            return 0;
        summaryWord = lowest(top);
        word = summaryWord * 64 + lowest(book.bits1[summaryWord]);
    } else {
        word = summaryWord * 64 + lowest(above);
    }
    return qint32(word * 64 + lowest(book.bits0[word]));
}

qint32 OrderBook::firstFrom(const SideBook &book, Side side, qint32 start)
{
    // Price 0 is never set, so a bid search that finds nothing returns 0 as well.
    return side == Side::Bid ? highestAtOrBelow(book, start) : lowestAtOrAbove(book, start);
}

inline void OrderBook::unlink(Level &level, quint32 index)
{
    const Order &order = m_orders[index];
    if (order.prev != Nil)
        m_orders[order.prev].next = order.next;
    else
        level.head = order.next;
    if (order.next != Nil)
        m_orders[order.next].prev = order.prev;
    else
        level.tail = order.prev;
    level.quantity -= order.quantity;
    --level.count;
}

// Trades an incoming order of `owner` with one level, oldest first, passing over the owner's own
// orders; returns what is left of `quantity`. Filled orders are unlinked here, written out rather
// than through unlink() and freeOrder(): this is the loop of every sweep.
qint32 OrderBook::takeFromLevel(Level &level, qint32 price, qint64 owner, qint32 quantity,
                                std::vector<BookFill> &fills, Allowance allowance, void *context)
{
    Order *const pool = m_orders.data(); // nothing here allocates orders
    quint32 current = level.head;
    while (current != Nil) {
        Order &resting = pool[current];
        const quint32 next = resting.next;
        if (resting.owner == owner) { // passed over, keeps its place
            current = next;
            continue;
        }
        qint32 allowed = resting.quantity;
        if (allowance) {
            allowed = std::min(allowed, allowance(context, resting.id, resting.quantity, quantity));
            if (allowed <= 0) { // passed over, keeps its place
                current = next;
                continue;
            }
        }
        const qint32 traded = std::min(quantity, allowed);
        const qint32 left = resting.quantity - traded;
        quantity -= traded;
        level.quantity -= traded;
        fills.push_back(BookFill {resting.id, resting.owner, current, price, traded, left});
        if (left > 0) { // the incoming order is done, or took what it was allowed
            resting.quantity = left;
            if (quantity == 0)
                return 0;
            current = next;
            continue;
        }
        // Filled: out of the level's FIFO and onto the free list.
        if (resting.prev != Nil)
            pool[resting.prev].next = next;
        else
            level.head = next;
        if (next != Nil)
            pool[next].prev = resting.prev;
        else
            level.tail = resting.prev;
        --level.count;
        resting.quantity = 0;
        resting.prev = Nil;
        resting.next = m_freeOrder;
        m_freeOrder = current;
        --m_liveOrders;
        if (quantity == 0)
            return 0;
        current = next;
    }
    return quantity;
}

// Everything but the most common trade (match(), in the header): whole orders, levels that empty,
// own orders passed over, sweeps through several levels.
qint32 OrderBook::sweep(SideBook &book, Side restingSide, qint64 owner, qint32 limitPrice,
                        qint32 quantity, std::vector<BookFill> &fills, Allowance allowance,
                        void *context)
{
    const bool buying = restingSide == Side::Ask;
    const qint32 best = book.best;
    bool bestEmptied = false;
    qint32 price = best;
    while (buying ? price <= limitPrice : price >= limitPrice) {
        Level &level = *findLevel(book, price);
        quantity = takeFromLevel(level, price, owner, quantity, fills, allowance, context);
        if (level.count == 0) {
            closeLevel(book, price);
            bestEmptied = bestEmptied || price == best;
        }
        if (quantity == 0)
            break;
        // A level holding only the incoming owner's orders stays; the next one is found past it.
        price = buying ? lowestAtOrAbove(book, price + 1) : highestAtOrBelow(book, price - 1);
        if (price == 0)
            break;
    }
    // Nothing better than the old best can have appeared, so the new best is at or behind it.
    if (bestEmptied)
        book.best = firstFrom(book, restingSide, best);
    return quantity;
}

qint32 OrderBook::matchAllowed(Side incoming, qint64 owner, qint32 limitPrice, qint32 quantity,
                               std::vector<BookFill> &fills, Allowance allowance, void *context)
{
    const Side restingSide = incoming == Side::Bid ? Side::Ask : Side::Bid;
    SideBook &book = sideOf(restingSide);
    if (book.best == 0 || quantity <= 0)
        return quantity;
    if (incoming == Side::Bid ? book.best > limitPrice : book.best < limitPrice)
        return quantity;
    return sweep(book, restingSide, owner, limitPrice, quantity, fills, allowance, context);
}

OrderBook::Handle OrderBook::add(Side side, quint64 id, qint64 owner, qint32 price, qint32 quantity)
{
    Q_ASSERT(price > 0 && price <= m_maxPrice);
    Q_ASSERT(quantity > 0);
    SideBook &book = sideOf(side);
    const quint32 index = allocOrder(); // may reallocate m_orders; levels live in pages
    Level *level = findLevel(book, price);
    if (!level || level->count == 0) {
        level = &openLevel(book, price);
        level->head = index;
        level->tail = Nil; // linked below
        if (book.best == 0 || (side == Side::Bid ? price > book.best : price < book.best))
            book.best = price;
    }
    const quint32 tail = level->count ? level->tail : Nil;
    m_orders[index] = Order {id, owner, placeOf(side, price), quantity, tail, Nil};
    if (tail != Nil)
        m_orders[tail].next = index;
    level->tail = index;
    level->quantity += quantity;
    ++level->count;
    ++m_liveOrders;
    return index;
}

qint32 OrderBook::cancel(Handle handle)
{
    if (handle >= m_orders.size() || m_orders[handle].quantity == 0)
        return 0;
    const Order &order = m_orders[handle];
    const qint32 quantity = order.quantity;
    const qint32 price = priceOf(order.place);
    const Side side = sideOfPlace(order.place);
    SideBook &book = sideOf(side);
    Level &level = *findLevel(book, price);
    unlink(level, handle);
    freeOrder(handle);
    if (level.count == 0) {
        closeLevel(book, price);
        if (price == book.best)
            book.best = firstFrom(book, side, price);
    }
    return quantity;
}

qint32 OrderBook::reduce(Handle handle, qint32 by)
{
    if (handle >= m_orders.size() || m_orders[handle].quantity == 0)
        return 0;
    Order &order = m_orders[handle];
    if (by <= 0)
        return order.quantity;
    if (by >= order.quantity) {
        cancel(handle);
        return 0;
    }
    order.quantity -= by;
    findLevel(sideOf(sideOfPlace(order.place)), priceOf(order.place))->quantity -= by;
    return order.quantity;
}

bool OrderBook::isLive(Handle handle, quint64 id) const
{
    return handle < m_orders.size() && m_orders[handle].quantity > 0 && m_orders[handle].id == id;
}

qint32 OrderBook::quantityOf(Handle handle) const
{
    return handle < m_orders.size() ? m_orders[handle].quantity : 0;
}

std::optional<qint32> OrderBook::bestPrice(Side side) const
{
    const qint32 best = sideOf(side).best;
    if (best == 0)
        return std::nullopt;
    return best;
}

bool OrderBook::isCrossed() const
{
    const std::optional<qint32> bid = bestBid();
    const std::optional<qint32> ask = bestAsk();
    return bid && ask && *bid >= *ask;
}

qint64 OrderBook::quantityAt(Side side, qint32 price) const
{
    if (price < 1 || price > m_maxPrice)
        return 0;
    const Level *level = findLevel(sideOf(side), price);
    return level ? level->quantity : 0;
}

std::vector<BookLevel> OrderBook::depth(Side side, qsizetype maxLevels) const
{
    std::vector<BookLevel> result;
    const SideBook &book = sideOf(side);
    const bool bids = side == Side::Bid;
    for (qint32 price = book.best; price != 0;
         price = bids ? highestAtOrBelow(book, price - 1) : lowestAtOrAbove(book, price + 1)) {
        if (maxLevels > 0 && qsizetype(result.size()) >= maxLevels)
            break;
        const Level &level = *findLevel(book, price);
        result.push_back(BookLevel {price, level.quantity, level.count});
    }
    return result;
}

std::vector<RestingOrder> OrderBook::orders(Side side) const
{
    std::vector<RestingOrder> result;
    const SideBook &book = sideOf(side);
    const bool bids = side == Side::Bid;
    for (qint32 price = book.best; price != 0;
         price = bids ? highestAtOrBelow(book, price - 1) : lowestAtOrAbove(book, price + 1)) {
        for (quint32 index = findLevel(book, price)->head; index != Nil;
             index = m_orders[index].next) {
            const Order &order = m_orders[index];
            result.push_back(RestingOrder {order.id, order.owner, price, order.quantity});
        }
    }
    return result;
}

qsizetype OrderBook::pageCount(Side side) const
{
    const SideBook &book = sideOf(side);
    qsizetype pages = book.spare ? 1 : 0;
    for (const std::unique_ptr<Page> &page : book.pages)
        pages += page ? 1 : 0;
    return pages;
}

qsizetype OrderBook::memoryBytes() const
{
    std::size_t bytes = m_orders.capacity() * sizeof(Order);
    for (const Side side : {Side::Bid, Side::Ask}) {
        const SideBook &book = sideOf(side);
        bytes += std::size_t(pageCount(side)) * sizeof(Page);
        bytes += book.pages.capacity() * sizeof(std::unique_ptr<Page>);
        bytes += (book.bits0.capacity() + book.bits1.capacity()) * sizeof(quint64);
    }
    return qsizetype(bytes);
}

} // namespace everx
