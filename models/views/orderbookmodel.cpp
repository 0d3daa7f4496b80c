#include "views/orderbookmodel.h"

#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>

#include <algorithm>

namespace everx {

OrderBookModel::OrderBookModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

int OrderBookModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OrderBookModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OrderBookModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Price:
        return tr("Price", "per GPU-hour");
    case Gpus:
        return tr("GPUs");
    case Cumulative:
        return tr("Total", "cumulative GPUs from the best price");
    case Orders:
        return tr("Orders");
    }
    return {};
}

qint64 OrderBookModel::cumulative(int row) const
{
    // Asks: the best is the lowest price, the last ask row; sums run from there up to row 0.
    // Bids: the best is the highest, the first bid row; sums run from there down. Recomputed
    // once after a change (a view asks for every row's total on each paint).
    if (m_cumulative.size() != m_rows.size()) {
        m_cumulative.assign(m_rows.size(), 0);
        qint64 sum = 0;
        for (int r = m_firstBid - 1; r >= 0; --r)
            m_cumulative[size_t(r)] = sum += m_rows[size_t(r)].gpus;
        sum = 0;
        for (size_t r = size_t(m_firstBid); r < m_rows.size(); ++r)
            m_cumulative[r] = sum += m_rows[r].gpus;
    }
    return m_cumulative[size_t(row)];
}

QVariant OrderBookModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Level &l = m_rows[size_t(index.row())];
    switch (role) {
    case IsAskRole:
        return l.side == Side::Ask;
    case DepthFractionRole: {
        // The side's whole depth is the cumulative of its worst row: the first ask row, or the
        // last bid row.
        const qint64 sideTotal = cumulative(l.side == Side::Ask ? 0 : int(m_rows.size()) - 1);
        return sideTotal == 0 ? 0.0 : double(cumulative(index.row())) / double(sideTotal);
    }
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case RawValueRole:
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    const bool raw = role == RawValueRole;
    switch (index.column()) {
    case Price:
        return raw ? QVariant(l.price) : QVariant(Money::format(l.price, m_locale));
    case Gpus:
        return raw ? QVariant(l.gpus) : QVariant(m_locale.toString(l.gpus));
    case Cumulative:
        return raw ? QVariant(cumulative(index.row()))
                   : QVariant(m_locale.toString(cumulative(index.row())));
    case Orders:
        return raw ? QVariant(l.orders) : QVariant(m_locale.toString(l.orders));
    }
    return {};
}

void OrderBookModel::setLocale(const QLocale &locale)
{
    m_locale = locale;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

std::vector<OrderBookModel::Level>::iterator OrderBookModel::find(Side side, Cents price,
                                                                  bool *exact)
{
    // Rows are by price descending; asks and bids never share a price in an uncrossed book,
    // but a crossed moment (between two deltas) must still find the right row: the side breaks
    // the tie, asks first.
    auto it = std::lower_bound(m_rows.begin(), m_rows.end(), std::pair(price, side),
                               [](const Level &l, const std::pair<Cents, Side> &key) {
                                   if (l.price != key.first)
                                       return l.price > key.first;
                                   return l.side == Side::Ask && key.second == Side::Bid;
                               });
    *exact = it != m_rows.end() && it->price == price && it->side == side;
    return it;
}

void OrderBookModel::cumulativeChanged(Side side)
{
    m_cumulative.clear();
    const int first = side == Side::Ask ? 0 : m_firstBid;
    const int last = side == Side::Ask ? m_firstBid - 1 : int(m_rows.size()) - 1;
    if (first <= last)
        Q_EMIT dataChanged(index(first, Cumulative), index(last, Cumulative),
                           {Qt::DisplayRole, RawValueRole, DepthFractionRole});
}

void OrderBookModel::setLevel(Side side, Cents price, qint64 gpus, qint32 orders)
{
    bool exact = false;
    auto it = find(side, price, &exact);
    const int row = int(it - m_rows.begin());
    if (gpus <= 0) {
        if (!exact)
            return;
        beginRemoveRows({}, row, row);
        m_rows.erase(it);
        m_cumulative.clear();
        if (side == Side::Ask)
            --m_firstBid;
        endRemoveRows();
    } else if (exact) {
        if (it->gpus == gpus && it->orders == orders)
            return;
        it->gpus = gpus;
        it->orders = orders;
        m_cumulative.clear();
        Q_EMIT dataChanged(index(row, Price), index(row, Orders));
    } else {
        beginInsertRows({}, row, row);
        m_rows.insert(it, Level {side, price, gpus, orders});
        m_cumulative.clear();
        if (side == Side::Ask)
            ++m_firstBid;
        endInsertRows();
    }
    cumulativeChanged(side);
}

void OrderBookModel::applySnapshot(const QString &gpu, const QJsonObject &data)
{
    if (gpu != m_gpu) {
        // Another GPU: a different book altogether, so a reset is the honest signal.
        beginResetModel();
        m_gpu = gpu;
        m_rows.clear();
        m_cumulative.clear();
        m_firstBid = 0;
        endResetModel();
    }
    // Same GPU (a resubscription): level by level, removing what the snapshot no longer has.
    std::vector<Level> wanted;
    for (const Side side : {Side::Ask, Side::Bid}) {
        for (const QJsonValue &v :
             side == Side::Ask ? Wire::bookAsks(data) : Wire::bookBids(data)) {
            Cents price = 0;
            qint64 gpus = 0;
            qint32 orders = 0;
            if (Wire::levelFromJson(v, &price, &gpus, &orders) && gpus > 0)
                wanted.push_back({side, price, gpus, orders});
        }
    }
    const std::vector<Level> current = m_rows;
    for (const Level &l : current) {
        const bool kept = std::any_of(wanted.begin(), wanted.end(), [&l](const Level &w) {
            return w.side == l.side && w.price == l.price;
        });
        if (!kept)
            setLevel(l.side, l.price, 0, 0);
    }
    for (const Level &w : wanted)
        setLevel(w.side, w.price, w.gpus, w.orders);
}

void OrderBookModel::applyDelta(const QJsonObject &data)
{
    for (const Side side : {Side::Ask, Side::Bid}) {
        for (const QJsonValue &v :
             side == Side::Ask ? Wire::bookAsks(data) : Wire::bookBids(data)) {
            Cents price = 0;
            qint64 gpus = 0;
            qint32 orders = 0;
            if (Wire::levelFromJson(v, &price, &gpus, &orders))
                setLevel(side, price, gpus, orders);
        }
    }
}

void OrderBookModel::clear()
{
    if (m_rows.empty())
        return;
    beginRemoveRows({}, 0, int(m_rows.size()) - 1);
    m_rows.clear();
    m_cumulative.clear();
    m_firstBid = 0;
    endRemoveRows();
}

std::optional<Cents> OrderBookModel::bestAsk() const
{
    return m_firstBid > 0 ? std::optional<Cents>(m_rows[size_t(m_firstBid - 1)].price)
                          : std::nullopt;
}

std::optional<Cents> OrderBookModel::bestBid() const
{
    return size_t(m_firstBid) < m_rows.size()
        ? std::optional<Cents>(m_rows[size_t(m_firstBid)].price)
        : std::nullopt;
}

std::optional<Cents> OrderBookModel::spread() const
{
    const auto bid = bestBid(), ask = bestAsk();
    return bid && ask ? std::optional<Cents>(*ask - *bid) : std::nullopt;
}

} // namespace everx
