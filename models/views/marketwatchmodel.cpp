// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/marketwatchmodel.h"

#include "market/percent.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>

namespace everx {

namespace {

constexpr TableModel::ColumnTitle MarketWatchTitles[] = {
    QT_TRANSLATE_NOOP3("everx::MarketWatchModel", "GPU", ""),
    QT_TRANSLATE_NOOP3("everx::MarketWatchModel", "Best bid", ""),
    QT_TRANSLATE_NOOP3("everx::MarketWatchModel", "Best ask", "the lowest offer"),
    QT_TRANSLATE_NOOP3("everx::MarketWatchModel", "Last", "last traded price"),
    QT_TRANSLATE_NOOP3("everx::MarketWatchModel", "24h change", ""),
    QT_TRANSLATE_NOOP3("everx::MarketWatchModel", "24h volume", "GPU-hours traded in 24 hours"),
    QT_TRANSLATE_NOOP3("everx::MarketWatchModel", "Memory", ""),
    QT_TRANSLATE_NOOP3("everx::MarketWatchModel", "BF16 TFLOPS", ""),
};
static_assert(std::size(MarketWatchTitles) == MarketWatchModel::ColumnCount);

} // namespace

MarketWatchModel::MarketWatchModel(const GpuCatalog &catalog, QObject *parent)
    : TableModel(MarketWatchTitles, parent)
    , m_catalog(catalog)
{
    m_tickers.resize(catalog.size());
    for (qsizetype i = 0; i < catalog.size(); ++i)
        m_tickers[i].gpu = catalog.gpus()[i].id;
    m_frame.setSingleShot(true);
    m_frame.setInterval(16); // ~60 Hz
    connect(&m_frame, &QTimer::timeout, this, &MarketWatchModel::flush);
}

int MarketWatchModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_catalog.size());
}

QVariant MarketWatchModel::roleData(int row, int column, int role) const
{
    const GpuModel &gpu = m_catalog.gpus()[row];
    if (role == GpuIdRole)
        return gpu.id;
    if (role == Qt::TextAlignmentRole)
        return column == Gpu ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                             : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == Gpu)
        return tr("%1, %2, %3 GB %4")
            .arg(gpu.name, gpu.architecture)
            .arg(gpu.memoryGb)
            .arg(gpu.memoryType);
    return {};
}

QVariant MarketWatchModel::cell(int row, int column, bool raw) const
{
    const GpuModel &gpu = m_catalog.gpus()[row];
    const TickerEntry &t = m_tickers[row];
    const auto money = [&](const std::optional<Cents> &c) -> QVariant {
        if (raw)
            return c ? QVariant(*c) : QVariant();
        return c ? Money::format(*c, m_locale) : QStringLiteral("\u2014");
    };
    switch (column) {
    case Gpu:
        return raw ? QVariant(row) : QVariant(gpu.name);
    case Bid:
        return money(t.bid);
    case Ask:
        return money(t.ask);
    case Last:
        return money(t.last);
    case Change24h:
        if (raw)
            return t.change24hBp ? QVariant(*t.change24hBp) : QVariant();
        if (!t.change24hBp)
            return QStringLiteral("\u2014");
        // Basis points to a percentage with two decimals, exactly, in the locale's digits and
        // pattern ("+1.50%", "+%1,50" in Turkish).
        return (*t.change24hBp > 0 ? m_locale.positiveSign() : QString())
            + Percent::format(double(*t.change24hBp) / 100.0, m_locale, 2);
    case Volume24h:
        return raw ? QVariant(t.volume24h) : QVariant(m_locale.toString(t.volume24h));
    case Memory:
        return raw ? QVariant(gpu.memoryGb)
                   : QVariant(tr("%1 GB").arg(m_locale.toString(gpu.memoryGb)));
    case Bf16:
        if (raw)
            return gpu.bf16DenseTflops ? QVariant(*gpu.bf16DenseTflops) : QVariant();
        return gpu.bf16DenseTflops ? m_locale.toString(*gpu.bf16DenseTflops) : tr("not published");
    }
    return {};
}

void MarketWatchModel::setLocale(const QLocale &locale)
{
    m_locale = locale;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void MarketWatchModel::apply(const QJsonObject &data)
{
    // A malformed entry changes nothing.
    for (const TickerEntry &t : Wire::unwrapEach<TickerEntry>(data)) {
        const int row = rowOf(t.gpu);
        if (row < 0 || m_tickers[row] == t)
            continue;
        m_tickers[row] = t;
        markChanged(row);
    }
}

void MarketWatchModel::applySnapshot(const QJsonObject &data)
{
    // A snapshot replaces every row's figures but not the rows: updates, not a reset.
    for (qsizetype row = 0; row < m_tickers.size(); ++row) {
        TickerEntry empty;
        empty.gpu = m_tickers[row].gpu;
        if (!(m_tickers[row] == empty)) {
            m_tickers[row] = empty;
            markChanged(int(row));
        }
    }
    apply(data);
}

void MarketWatchModel::applyDelta(const QJsonObject &data)
{
    apply(data);
}

void MarketWatchModel::clearMarket()
{
    applySnapshot({});
}

void MarketWatchModel::markChanged(int row)
{
    m_dirty.insert(row);
    if (m_frame.interval() == 0)
        flush();
    else if (!m_frame.isActive())
        m_frame.start();
}

void MarketWatchModel::flush()
{
    if (m_dirty.isEmpty())
        return;
    // Above a handful of rows one range is cheaper for the views than many signals.
    if (m_dirty.size() > 4) {
        const auto [lo, hi] = std::minmax_element(m_dirty.cbegin(), m_dirty.cend());
        Q_EMIT dataChanged(index(*lo, Bid), index(*hi, Volume24h), {Qt::DisplayRole, RawValueRole});
    } else {
        for (const int row : std::as_const(m_dirty))
            Q_EMIT dataChanged(index(row, Bid), index(row, Volume24h),
                               {Qt::DisplayRole, RawValueRole});
    }
    m_dirty.clear();
}

} // namespace everx
