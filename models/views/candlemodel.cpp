// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/candlemodel.h"

#include "views/timetext.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>

#include <algorithm>

namespace everx {

namespace {
bool startsBefore(const Candle &c, qint64 ms)
{
    return c.startMs < ms;
}

constexpr TableModel::ColumnTitle CandleTitles[] = {
    QT_TRANSLATE_NOOP3("everx::CandleModel", "Time", "start of a candle"),
    QT_TRANSLATE_NOOP3("everx::CandleModel", "Open", "first price of a candle"),
    QT_TRANSLATE_NOOP3("everx::CandleModel", "High", "highest price of a candle"),
    QT_TRANSLATE_NOOP3("everx::CandleModel", "Low", "lowest price of a candle"),
    QT_TRANSLATE_NOOP3("everx::CandleModel", "Close", "last price of a candle"),
    QT_TRANSLATE_NOOP3("everx::CandleModel", "Volume", "GPU-hours traded"),
};
static_assert(std::size(CandleTitles) == CandleModel::ColumnCount);

} // namespace

CandleModel::CandleModel(QObject *parent)
    : TableModel(CandleTitles, parent)
{ }

int CandleModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant CandleModel::roleData(int, int column, int role) const
{
    if (role == Qt::TextAlignmentRole)
        return column == Time ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant CandleModel::cell(int row, int column, bool raw) const
{
    const Candle &c = m_rows[size_t(row)];
    const auto money = [&](Cents cents) {
        return raw ? QVariant(cents) : QVariant(Money::format(cents, m_locale));
    };
    switch (column) {
    case Time:
        return raw ? QVariant(c.startMs) : QVariant(TimeText::shortDateTime(c.startMs, m_locale));
    case Open:
        return money(c.open);
    case High:
        return money(c.high);
    case Low:
        return money(c.low);
    case Close:
        return money(c.close);
    case Volume:
        return raw ? QVariant(c.volume) : QVariant(m_locale.toString(c.volume));
    }
    return {};
}

void CandleModel::setLocale(const QLocale &locale)
{
    m_locale = locale;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::DisplayRole});
}

void CandleModel::follow(const QString &gpu, CandleInterval interval)
{
    if (gpu == m_gpu && interval == m_interval)
        return;
    // Another series altogether: a reset is the honest signal.
    beginResetModel();
    m_gpu = gpu;
    m_interval = interval;
    m_intervalMs = CandleIntervals::lengthMs(interval);
    m_rows.clear();
    endResetModel();
}

std::vector<Candle> CandleModel::parse(const QJsonObject &data)
{
    const QList<Candle> read = Wire::unwrapEach<Candle>(data);
    std::vector<Candle> out(read.cbegin(), read.cend());
    // Sorted and unique by start (the later of two wins), whatever the sender did.
    std::stable_sort(out.begin(), out.end(),
                     [](const Candle &a, const Candle &b) { return a.startMs < b.startMs; });
    std::vector<Candle> unique;
    unique.reserve(out.size());
    for (const Candle &c : out) {
        if (!unique.empty() && unique.back().startMs == c.startMs)
            unique.back() = c;
        else
            unique.push_back(c);
    }
    return unique;
}

void CandleModel::applySnapshot(const QString &gpu, CandleInterval interval,
                                const QJsonObject &data)
{
    std::vector<Candle> wanted = parse(data);
    if (wanted.size() > size_t(m_maxRows))
        wanted.erase(wanted.begin(), wanted.end() - m_maxRows);
    if (gpu != m_gpu || interval != m_interval) {
        beginResetModel();
        m_gpu = gpu;
        m_interval = interval;
        m_intervalMs = CandleIntervals::lengthMs(interval);
        m_rows = std::move(wanted);
        endResetModel();
        return;
    }

    // The same series again: remove what the snapshot no longer has, in runs from the back...
    const auto keep = [&wanted](const Candle &c) {
        return std::binary_search(
            wanted.begin(), wanted.end(), c,
            [](const Candle &a, const Candle &b) { return a.startMs < b.startMs; });
    };
    for (int row = int(m_rows.size()) - 1; row >= 0;) {
        if (keep(m_rows[size_t(row)])) {
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && !keep(m_rows[size_t(first - 1)]))
            --first;
        beginRemoveRows({}, first, row);
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + row + 1);
        endRemoveRows();
        row = first - 1;
    }
    // ...then update the rows it has and insert the missing ones, each gap as one block (all of
    // them at once into an empty model, after follow()).
    size_t i = 0;
    while (i < wanted.size()) {
        const auto at =
            std::lower_bound(m_rows.begin(), m_rows.end(), wanted[i].startMs, startsBefore);
        const int row = int(at - m_rows.begin());
        if (at != m_rows.end() && at->startMs == wanted[i].startMs) {
            if (!(*at == wanted[i])) {
                *at = wanted[i];
                emitRowChanged(row);
            }
            ++i;
            continue;
        }
        size_t end = i + 1;
        while (end < wanted.size() && (at == m_rows.end() || wanted[end].startMs < at->startMs))
            ++end;
        beginInsertRows({}, row, row + int(end - i) - 1);
        m_rows.insert(at, wanted.begin() + qsizetype(i), wanted.begin() + qsizetype(end));
        endInsertRows();
        i = end;
    }
}

void CandleModel::applyDelta(const QJsonObject &data)
{
    for (const Candle &c : parse(data))
        upsert(c);
    enforceCap();
}

void CandleModel::upsert(const Candle &candle)
{
    // Nearly always the forming candle (the last row) or a new one after it.
    auto at = m_rows.end();
    if (!m_rows.empty() && m_rows.back().startMs == candle.startMs)
        at = m_rows.end() - 1;
    else if (!m_rows.empty() && m_rows.back().startMs > candle.startMs)
        at = std::lower_bound(m_rows.begin(), m_rows.end(), candle.startMs, startsBefore);
    const int row = int(at - m_rows.begin());
    if (at != m_rows.end() && at->startMs == candle.startMs) {
        if (!(*at == candle)) {
            *at = candle;
            emitRowChanged(row);
        }
        return;
    }
    beginInsertRows({}, row, row);
    m_rows.insert(at, candle);
    endInsertRows();
}

void CandleModel::emitRowChanged(int row)
{
    Q_EMIT dataChanged(index(row, Open), index(row, Volume), {Qt::DisplayRole, RawValueRole});
}

void CandleModel::enforceCap()
{
    const int excess = int(m_rows.size()) - m_maxRows;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, excess - 1);
    m_rows.erase(m_rows.begin(), m_rows.begin() + excess);
    endRemoveRows();
}

void CandleModel::setMaximumRows(int rows)
{
    m_maxRows = std::max(rows, 1);
    enforceCap();
}

void CandleModel::clear()
{
    if (m_rows.empty())
        return;
    beginRemoveRows({}, 0, int(m_rows.size()) - 1);
    m_rows.clear();
    endRemoveRows();
}

int CandleModel::rowOf(qint64 startMs) const
{
    const int row = lowerBound(startMs);
    return row < int(m_rows.size()) && m_rows[size_t(row)].startMs == startMs ? row : -1;
}

int CandleModel::lowerBound(qint64 ms) const
{
    return int(std::lower_bound(m_rows.begin(), m_rows.end(), ms, startsBefore) - m_rows.begin());
}

int CandleModel::nearestRow(qint64 ms) const
{
    if (m_rows.empty())
        return -1;
    // Compare with candle middles: the candle a pointer is over, not the nearest start.
    const qint64 half = m_intervalMs / 2;
    const int after = lowerBound(ms - half);
    if (after >= int(m_rows.size()))
        return after - 1;
    if (after == 0)
        return 0;
    const qint64 dAfter = m_rows[size_t(after)].startMs + half - ms;
    const qint64 dBefore = ms - (m_rows[size_t(after - 1)].startMs + half);
    return dBefore <= dAfter ? after - 1 : after;
}

} // namespace everx
