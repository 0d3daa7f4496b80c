// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/tradetapemodel.h"

#include "views/timetext.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>

#include <algorithm>
#include <limits>

namespace everx {

namespace {

constexpr TableModel::ColumnTitle TradeTapeTitles[] = {
    QT_TRANSLATE_NOOP3("everx::TradeTapeModel", "Time", "of a trade"),
    QT_TRANSLATE_NOOP3("everx::TradeTapeModel", "Price", "per GPU-hour"),
    QT_TRANSLATE_NOOP3("everx::TradeTapeModel", "GPUs", ""),
    QT_TRANSLATE_NOOP3("everx::TradeTapeModel", "Hours", "rental length of a trade"),
    QT_TRANSLATE_NOOP3("everx::TradeTapeModel", "Side", "who started a trade"),
};
static_assert(std::size(TradeTapeTitles) == TradeTapeModel::ColumnCount);

} // namespace

TradeTapeModel::TradeTapeModel(QObject *parent)
    : TableModel(TradeTapeTitles, parent)
{ }

int TradeTapeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QString TradeTapeModel::sideName(quint8 aggressor)
{
    switch (aggressor) {
    case BuyerAggressor:
        return tr("Buy", "trade tape: a buyer took an offer");
    case SellerAggressor:
        return tr("Sell", "trade tape: an offer met a resting bid");
    case HistoryPrint:
        return tr("Earlier", "trade tape: a trade from before the desk opened, side unknown");
    }
    return {};
}

QVariant TradeTapeModel::roleData(int row, int column, int role) const
{
    const Trade &t = m_rows[row];
    switch (role) {
    case AggressorRole:
        return int(t.aggressor);
    case TradeIdRole:
        return t.id;
    case Qt::TextAlignmentRole:
        return column == Time || column == Side ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        // The tape shows the time of day; the date is for those who ask.
        return TimeText::shortDateTime(t.timeMs, m_locale);
    }
    return {};
}

QVariant TradeTapeModel::cell(int row, int column, bool raw) const
{
    const Trade &t = m_rows[row];
    switch (column) {
    case Time:
        return raw ? QVariant(t.timeMs)
                   : QVariant(m_locale.toString(QDateTime::fromMSecsSinceEpoch(t.timeMs).time(),
                                                QStringLiteral("HH:mm:ss")));
    case Price:
        return raw ? QVariant(t.priceCents) : QVariant(Money::format(t.priceCents, m_locale));
    case Gpus:
        return raw ? QVariant(t.quantity) : QVariant(m_locale.toString(t.quantity));
    case Hours:
        return raw ? QVariant(t.hours) : QVariant(tr("%Ln h", "hours a trade rents for", t.hours));
    case Side:
        return raw ? QVariant(int(t.aggressor)) : QVariant(sideName(t.aggressor));
    }
    return {};
}

void TradeTapeModel::setLocale(const QLocale &locale)
{
    m_locale = locale;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                           {Qt::DisplayRole, Qt::ToolTipRole});
}

void TradeTapeModel::follow(const QString &gpu)
{
    if (gpu == m_gpu)
        return;
    beginResetModel();
    m_gpu = gpu;
    m_rows.clear();
    m_ids.clear();
    endResetModel();
}

QList<Trade> TradeTapeModel::parse(const QJsonObject &data)
{
    return Wire::unwrapEach<Trade>(data);
}

void TradeTapeModel::applySnapshot(const QString &gpu, const QJsonObject &data)
{
    if (gpu != m_gpu) {
        beginResetModel();
        m_gpu = gpu;
        m_rows.clear();
        m_ids.clear();
        endResetModel();
    }
    add(parse(data));
}

void TradeTapeModel::applyDelta(const QJsonObject &data)
{
    add(parse(data));
}

void TradeTapeModel::add(QList<Trade> trades)
{
    // Newest first, without duplicates or trades already shown.
    std::sort(trades.begin(), trades.end(),
              [](const Trade &a, const Trade &b) { return a.id > b.id; });
    trades.erase(std::unique(trades.begin(), trades.end(),
                             [](const Trade &a, const Trade &b) { return a.id == b.id; }),
                 trades.end());
    trades.removeIf([this](const Trade &t) { return m_ids.contains(t.id); });
    if (trades.size() > m_maxRows)
        trades.resize(m_maxRows); // the oldest would go at once
    if (trades.isEmpty())
        return;

    // The usual case: all newer than the top row, one block at the top. Trades older than the
    // top (a snapshot after a gap filling a hole) go to their own place one by one.
    const qint64 top = m_rows.isEmpty() ? std::numeric_limits<qint64>::min() : m_rows.first().id;
    const qsizetype newer = std::partition_point(trades.cbegin(), trades.cend(),
                                                 [top](const Trade &t) { return t.id > top; })
        - trades.cbegin();
    if (newer > 0) {
        beginInsertRows({}, 0, int(newer) - 1);
        m_rows = trades.first(newer) + m_rows;
        for (qsizetype i = 0; i < newer; ++i)
            m_ids.insert(trades[i].id);
        endInsertRows();
    }
    for (qsizetype i = newer; i < trades.size(); ++i) {
        const auto at = std::partition_point(m_rows.cbegin(), m_rows.cend(),
                                             [&](const Trade &t) { return t.id > trades[i].id; });
        const int row = int(at - m_rows.cbegin());
        if (row >= m_maxRows)
            break; // older than anything the tape keeps; so are the rest
        beginInsertRows({}, row, row);
        m_rows.insert(row, trades[i]);
        m_ids.insert(trades[i].id);
        endInsertRows();
    }
    enforceCap();
}

void TradeTapeModel::enforceCap()
{
    const int count = int(m_rows.size());
    if (count <= m_maxRows)
        return;
    beginRemoveRows({}, m_maxRows, count - 1);
    for (int row = m_maxRows; row < count; ++row)
        m_ids.remove(m_rows[row].id);
    m_rows.resize(m_maxRows);
    endRemoveRows();
}

void TradeTapeModel::setMaximumRows(int rows)
{
    m_maxRows = std::max(rows, 1);
    enforceCap();
}

void TradeTapeModel::clear()
{
    if (m_rows.isEmpty())
        return;
    beginRemoveRows({}, 0, int(m_rows.size()) - 1);
    m_rows.clear();
    m_ids.clear();
    endRemoveRows();
}

} // namespace everx
