// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/orderbookmodel.h"

#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>

#include <algorithm>

namespace everx {

namespace {
// The roles a level's change touches, in its own columns and in its side's cumulative column:
// built once, for dataChanged goes out for every level a delta changes.
const QList<int> &changedRoles()
{
    static const QList<int> roles {Qt::DisplayRole, OrderBookModel::RawValueRole,
                                   OrderBookModel::DepthFractionRole};
    return roles;
}

constexpr TableModel::ColumnTitle OrderBookTitles[] = {
    QT_TRANSLATE_NOOP3("everx::OrderBookModel", "Price", "per GPU-hour"),
    QT_TRANSLATE_NOOP3("everx::OrderBookModel", "GPUs", ""),
    QT_TRANSLATE_NOOP3("everx::OrderBookModel", "Total", "cumulative GPUs from the best price"),
    QT_TRANSLATE_NOOP3("everx::OrderBookModel", "Orders", ""),
    QT_TRANSLATE_NOOP3("everx::OrderBookModel", "One server",
                       "the most GPUs one server offers at an ask level"),
};
static_assert(std::size(OrderBookTitles) == OrderBookModel::ColumnCount);

} // namespace

OrderBookModel::OrderBookModel(QObject *parent)
    : TableModel(OrderBookTitles, parent)
{ }

int OrderBookModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_asks.size() + m_bids.size());
}

qint64 OrderBookModel::cumulative(int row) const
{
    // Asks: the best is the lowest price, the last ask row; sums run from there up to row 0.
    // Bids: the best is the highest, the first bid row; sums run from there down. Recomputed
    // once after a change (a view asks for every row's total on each paint).
    const size_t rows = m_asks.size() + m_bids.size();
    if (m_cumulative.size() != rows) {
        m_cumulative.resize(rows);
        qint64 sum = 0;
        for (size_t r = m_asks.size(); r-- > 0;)
            m_cumulative[r] = sum += m_asks[r].gpus;
        sum = 0;
        for (size_t i = m_bids.size(), r = m_asks.size(); i-- > 0; ++r)
            m_cumulative[r] = sum += m_bids[i].gpus;
    }
    return m_cumulative[size_t(row)];
}

QVariant OrderBookModel::roleData(int row, int, int role) const
{
    const Level &l = level(row);
    switch (role) {
    case IsAskRole:
        return l.side == Side::Ask;
    case DepthFractionRole: {
        // The side's whole depth is the cumulative of its worst row: the first ask row, or the
        // last bid row.
        const qint64 sideTotal = cumulative(l.side == Side::Ask ? 0 : rowCount() - 1);
        return sideTotal == 0 ? 0.0 : double(cumulative(row)) / double(sideTotal);
    }
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant OrderBookModel::cell(int row, int column, bool raw) const
{
    const Level &l = level(row);
    switch (column) {
    case Price:
        return raw ? QVariant(l.price) : QVariant(Money::format(l.price, m_locale));
    case Gpus:
        return raw ? QVariant(l.gpus) : QVariant(m_locale.toString(l.gpus));
    case Cumulative:
        return raw ? QVariant(cumulative(row)) : QVariant(m_locale.toString(cumulative(row)));
    case Orders:
        return raw ? QVariant(l.orders) : QVariant(m_locale.toString(l.orders));
    case Block:
        if (l.side != Side::Ask)
            return {};
        return raw ? QVariant(l.block) : QVariant(m_locale.toString(l.block));
    }
    return {};
}

void OrderBookModel::setLocale(const QLocale &locale)
{
    m_locale = locale;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void OrderBookModel::cumulativeChanged(Side side)
{
    m_cumulative.clear();
    const int first = side == Side::Ask ? 0 : m_firstBid;
    const int last = side == Side::Ask ? m_firstBid - 1 : rowCount() - 1;
    if (first <= last)
        Q_EMIT dataChanged(createIndex(first, Cumulative), createIndex(last, Cumulative),
                           changedRoles());
}

bool OrderBookModel::setLevel(Side side, Cents price, qint64 gpus, qint32 orders, qint32 block)
{
    if (side == Side::Bid)
        block = 0; // a bid level has none
    const bool ask = side == Side::Ask;
    std::vector<Level> &levels = ask ? m_asks : m_bids;
    // Worst first: asks descending, bids ascending; the first level not worse than price.
    const auto better = [ask](Cents a, Cents b) {
        return ask ? a < b : a > b;
    };
    const auto worseThan = [&better](const Level &l, Cents p) {
        return better(p, l.price);
    };
    auto it = std::lower_bound(levels.begin(), levels.end(), price, worseThan);
    const bool exact = it != levels.end() && it->price == price;
    const int index = int(it - levels.begin());
    // The row: asks in order; bids reversed, after the asks. An insert at `index` of the bids
    // lands at the row of the element now there plus one (worse bids are further down).
    const int row = ask ? index : m_firstBid + int(levels.size()) - index - (exact ? 1 : 0);
    if (gpus <= 0) {
        if (!exact)
            return false;
        beginRemoveRows({}, row, row);
        levels.erase(it);
        m_cumulative.clear();
        if (ask)
            --m_firstBid;
        endRemoveRows();
    } else if (exact) {
        if (it->gpus == gpus && it->orders == orders && it->block == block)
            return false;
        it->gpus = gpus;
        it->orders = orders;
        it->block = block;
        m_cumulative.clear();
        // createIndex(): the row is known to be in range; index() would check it again.
        Q_EMIT dataChanged(createIndex(row, Gpus), createIndex(row, Block), changedRoles());
    } else {
        beginInsertRows({}, row, row);
        levels.insert(it, Level {side, price, gpus, orders, block});
        m_cumulative.clear();
        if (ask)
            ++m_firstBid;
        endInsertRows();
    }
    return true;
}

bool OrderBookModel::applyLevels(Side side, const std::vector<BookLevelChange> &levels)
{
    bool changed = false;
    for (const BookLevelChange &l : levels)
        changed = setLevel(side, l.price, l.gpus, l.orders, l.block) || changed;
    return changed;
}

void OrderBookModel::applySnapshot(const QString &gpu, const QJsonObject &data)
{
    if (gpu != m_gpu) {
        // Another GPU: a different book altogether, so a reset is the honest signal.
        beginResetModel();
        m_gpu = gpu;
        m_asks.clear();
        m_bids.clear();
        m_cumulative.clear();
        m_firstBid = 0;
        endResetModel();
    }
    // Same GPU (a resubscription): level by level, removing what the snapshot no longer has.
    std::vector<Level> wanted;
    const BookChange book = Wire::bookChange(data);
    for (const Side side : {Side::Ask, Side::Bid}) {
        for (const BookLevelChange &l : side == Side::Ask ? book.asks : book.bids) {
            if (l.gpus > 0)
                wanted.push_back({side, l.price, l.gpus, l.orders, l.block});
        }
    }
    bool changed[2] = {false, false}; // asks, bids
    for (const std::vector<Level> *levels : {&m_asks, &m_bids}) {
        const std::vector<Level> current = *levels;
        for (const Level &l : current) {
            const bool kept = std::any_of(wanted.begin(), wanted.end(), [&l](const Level &w) {
                return w.side == l.side && w.price == l.price;
            });
            if (!kept)
                changed[l.side == Side::Ask ? 0 : 1] |= setLevel(l.side, l.price, 0, 0, 0);
        }
    }
    for (const Level &w : wanted)
        changed[w.side == Side::Ask ? 0 : 1] |=
            setLevel(w.side, w.price, w.gpus, w.orders, w.block);
    if (changed[0])
        cumulativeChanged(Side::Ask);
    if (changed[1])
        cumulativeChanged(Side::Bid);
}

void OrderBookModel::applyDelta(const BookChange &change)
{
    // Every level first, then each side's cumulative column once.
    const bool asks = applyLevels(Side::Ask, change.asks);
    const bool bids = applyLevels(Side::Bid, change.bids);
    if (asks)
        cumulativeChanged(Side::Ask);
    if (bids)
        cumulativeChanged(Side::Bid);
}

void OrderBookModel::applyDelta(const QJsonObject &data)
{
    applyDelta(Wire::bookChange(data));
}

void OrderBookModel::clear()
{
    if (rowCount() == 0)
        return;
    beginRemoveRows({}, 0, rowCount() - 1);
    m_asks.clear();
    m_bids.clear();
    m_cumulative.clear();
    m_firstBid = 0;
    endRemoveRows();
}

std::optional<Cents> OrderBookModel::bestAsk() const
{
    return m_asks.empty() ? std::nullopt : std::optional<Cents>(m_asks.back().price);
}

std::optional<Cents> OrderBookModel::bestBid() const
{
    return m_bids.empty() ? std::nullopt : std::optional<Cents>(m_bids.back().price);
}

std::optional<Cents> OrderBookModel::bestAskForOneServer(qint64 gpus) const
{
    // Asks are kept worst first: from the back is from the cheapest.
    for (auto it = m_asks.crbegin(); it != m_asks.crend(); ++it) {
        if (it->block >= gpus)
            return it->price;
    }
    return std::nullopt;
}

std::optional<Cents> OrderBookModel::spread() const
{
    const auto bid = bestBid(), ask = bestAsk();
    return bid && ask ? std::optional<Cents>(*ask - *bid) : std::nullopt;
}

} // namespace everx
