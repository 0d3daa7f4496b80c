#include "engine/orderbook.h"

#include <algorithm>

namespace everx {

namespace {

constexpr quint32 Nil = OrderBook::InvalidHandle;

constexpr Side opposite(Side side)
{
    return side == Side::Bid ? Side::Ask : Side::Bid;
}

// True if a resting level at `levelPrice` trades with an incoming order of side `incoming` at
// `limitPrice`: an incoming bid takes asks at or below its limit, an incoming ask takes bids at or
// above it.
constexpr bool crosses(Side incoming, qint32 levelPrice, qint32 limitPrice)
{
    return incoming == Side::Bid ? levelPrice <= limitPrice : levelPrice >= limitPrice;
}

// Position of `price` in a side's sorted level indices, or of where it would go. Bids are
// ascending and asks descending, so "before" always means "worse price". A template so that it can
// take the private level pool without naming its type.
template<typename LevelPool>
std::vector<quint32>::const_iterator findPrice(const std::vector<quint32> &sorted,
                                               const LevelPool &pool, Side side, qint32 price)
{
    if (side == Side::Bid) {
        return std::lower_bound(sorted.begin(), sorted.end(), price,
                                [&pool](quint32 level, qint32 p) { return pool[level].price < p; });
    }
    return std::lower_bound(sorted.begin(), sorted.end(), price,
                            [&pool](quint32 level, qint32 p) { return pool[level].price > p; });
}

// Grows a pool to `size` slots and threads the new ones onto its free list (through the member
// `link`), lowest index first, in front of `freeHead`. The new slots are written here, so their
// pages fault in once, now, and not one by one inside later add() calls. Returns the new head.
template<typename Pool, typename Link>
quint32 growFreeList(Pool &pool, std::size_t size, const typename Pool::value_type &blank,
                     Link link, quint32 freeHead)
{
    const std::size_t first = pool.size();
    if (size <= first)
        return freeHead;
    pool.resize(size, blank);
    for (std::size_t i = first; i + 1 < size; ++i)
        pool[i].*link = static_cast<quint32>(i + 1);
    pool.back().*link = freeHead;
    return static_cast<quint32>(first);
}

// Next size of an exhausted pool: double, but keep every index below Nil.
std::size_t grownSize(std::size_t size)
{
    Q_ASSERT(size < Nil);
    return std::min<std::size_t>(std::max<std::size_t>(size * 2, 16), Nil);
}

} // namespace

OrderBook::OrderBook(qsizetype reserveOrders)
{
    // Size the pools up front and put every slot on the free lists, so that the first orders
    // neither allocate nor fault pages in. Levels are far fewer than orders.
    const auto orders = static_cast<std::size_t>(std::max<qsizetype>(reserveOrders, 16));
    const std::size_t levels = std::max<std::size_t>(orders / 4, 64);
    m_freeOrder =
        growFreeList(m_orders, orders, Order {0, 0, 0, 0, Nil, Nil, Nil}, &Order::next, Nil);
    m_freeLevel = growFreeList(m_levels, levels, Level {0, 0, 0, Nil, Nil, Nil, Side::Bid},
                               &Level::nextFree, Nil);
    m_bids.reserve(levels);
    m_asks.reserve(levels);
}

quint32 OrderBook::allocOrder()
{
    if (m_freeOrder == Nil) {
        m_freeOrder = growFreeList(m_orders, grownSize(m_orders.size()),
                                   Order {0, 0, 0, 0, Nil, Nil, Nil}, &Order::next, Nil);
    }
    const quint32 index = m_freeOrder;
    m_freeOrder = m_orders[index].next;
    return index;
}

void OrderBook::freeOrder(quint32 index)
{
    Order &order = m_orders[index];
    // The id stays in the slot, so isLive() of a stale handle compares against a dead id; a zero
    // quantity is what marks the slot free.
    order.quantity = 0;
    order.level = Nil;
    order.prev = Nil;
    order.next = m_freeOrder;
    m_freeOrder = index;
    --m_liveOrders;
}

quint32 OrderBook::findOrCreateLevel(Side side, qint32 price)
{
    std::vector<quint32> &levels = sorted(side);

    // Most orders arrive at or near the best price, which is at the back: check it first.
    if (!levels.empty() && m_levels[levels.back()].price == price)
        return levels.back();

    auto it = findPrice(levels, m_levels, side, price);
    if (it != levels.end() && m_levels[*it].price == price)
        return *it; // possibly an empty level still in the book: reuse it

    std::size_t &compactAt = side == Side::Bid ? m_compactBidsAt : m_compactAsksAt;
    if (levels.size() >= compactAt) {
        compact(side);
        compactAt = std::max<std::size_t>(128, 2 * levels.size());
        it = findPrice(levels, m_levels, side, price);
    }

    if (m_freeLevel == Nil) {
        m_freeLevel =
            growFreeList(m_levels, grownSize(m_levels.size()),
                         Level {0, 0, 0, Nil, Nil, Nil, Side::Bid}, &Level::nextFree, Nil);
    }
    const quint32 index = m_freeLevel;
    m_freeLevel = m_levels[index].nextFree;
    m_levels[index] = Level {0, price, 0, Nil, Nil, Nil, side};
    levels.insert(it, index);
    return index;
}

void OrderBook::unlink(quint32 index)
{
    Order &order = m_orders[index];
    Level &level = m_levels[order.level];
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
    // An emptied level stays in its side's vector; popEmptyTop() removes it once it is the best.
}

void OrderBook::popEmptyTop(Side side)
{
    std::vector<quint32> &levels = sorted(side);
    while (!levels.empty() && m_levels[levels.back()].count == 0) {
        const quint32 index = levels.back();
        levels.pop_back();
        m_levels[index].nextFree = m_freeLevel;
        m_freeLevel = index;
    }
}

void OrderBook::compact(Side side)
{
    std::vector<quint32> &levels = sorted(side);
    const auto end = std::remove_if(levels.begin(), levels.end(), [this](quint32 index) {
        if (m_levels[index].count != 0)
            return false;
        m_levels[index].nextFree = m_freeLevel;
        m_freeLevel = index;
        return true;
    });
    levels.erase(end, levels.end());
}

qint32 OrderBook::match(Side incoming, qint64 owner, qint32 limitPrice, qint32 quantity,
                        std::vector<BookFill> &fills)
{
    const Side restingSide = opposite(incoming);
    const std::vector<quint32> &levels = sorted(restingSide);

    // Walk by position rather than popping as we go: a level holding only the incoming owner's
    // orders must stay where it is, and the levels behind it must still be reachable.
    for (std::size_t pos = levels.size(); pos-- > 0 && quantity > 0;) {
        const quint32 levelIndex = levels[pos];
        Level &level = m_levels[levelIndex];
        if (!crosses(incoming, level.price, limitPrice))
            break;
        quint32 current = level.head;
        while (current != Nil && quantity > 0) {
            Order &resting = m_orders[current];
            const quint32 next = resting.next;
            if (resting.owner != owner) {
                const qint32 traded = std::min(quantity, resting.quantity);
                resting.quantity -= traded;
                level.quantity -= traded;
                quantity -= traded;
                fills.push_back(BookFill {resting.id, resting.owner, current, level.price, traded,
                                          resting.quantity});
                if (resting.quantity == 0) {
                    unlink(current);
                    freeOrder(current);
                }
            }
            current = next;
        }
    }
    popEmptyTop(restingSide);
    return quantity;
}

OrderBook::Handle OrderBook::add(Side side, quint64 id, qint64 owner, qint32 price, qint32 quantity)
{
    Q_ASSERT(price > 0);
    Q_ASSERT(quantity > 0);
    const quint32 levelIndex = findOrCreateLevel(side, price);
    const quint32 index = allocOrder(); // may reallocate m_orders, not m_levels
    Level &level = m_levels[levelIndex];
    m_orders[index] = Order {id, owner, price, quantity, levelIndex, level.tail, Nil};
    if (level.tail != Nil)
        m_orders[level.tail].next = index;
    else
        level.head = index;
    level.tail = index;
    level.quantity += quantity;
    ++level.count;
    ++m_liveOrders;
    return index;
}

qint32 OrderBook::cancel(Handle handle)
{
    if (handle >= m_orders.size() || m_orders[handle].quantity == 0)
        return 0;
    const qint32 quantity = m_orders[handle].quantity;
    const Side side = m_levels[m_orders[handle].level].side;
    unlink(handle);
    freeOrder(handle);
    popEmptyTop(side); // O(1) unless it was the best level; each level is popped once
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
    m_levels[order.level].quantity -= by;
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
    // The back of each side is never an empty level (popEmptyTop after every removal).
    const std::vector<quint32> &levels = sorted(side);
    if (levels.empty())
        return std::nullopt;
    return m_levels[levels.back()].price;
}

bool OrderBook::isCrossed() const
{
    const std::optional<qint32> bid = bestBid();
    const std::optional<qint32> ask = bestAsk();
    return bid && ask && *bid >= *ask;
}

qint64 OrderBook::quantityAt(Side side, qint32 price) const
{
    const std::vector<quint32> &levels = sorted(side);
    const auto it = findPrice(levels, m_levels, side, price);
    if (it == levels.end() || m_levels[*it].price != price)
        return 0;
    return m_levels[*it].quantity;
}

std::vector<BookLevel> OrderBook::depth(Side side, qsizetype maxLevels) const
{
    std::vector<BookLevel> result;
    const std::vector<quint32> &levels = sorted(side);
    for (auto it = levels.rbegin(); it != levels.rend(); ++it) {
        if (maxLevels > 0 && static_cast<qsizetype>(result.size()) >= maxLevels)
            break;
        const Level &level = m_levels[*it];
        if (level.count == 0)
            continue;
        result.push_back(BookLevel {level.price, level.quantity, level.count});
    }
    return result;
}

std::vector<RestingOrder> OrderBook::orders(Side side) const
{
    std::vector<RestingOrder> result;
    const std::vector<quint32> &levels = sorted(side);
    for (auto it = levels.rbegin(); it != levels.rend(); ++it) {
        for (quint32 index = m_levels[*it].head; index != Nil; index = m_orders[index].next) {
            const Order &order = m_orders[index];
            result.push_back(RestingOrder {order.id, order.owner, order.price, order.quantity});
        }
    }
    return result;
}

} // namespace everx
