// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/marketdata.h"

#include "market/marketrules.h"

#include <algorithm>
#include <limits>

namespace everx {

namespace {

constexpr qint64 MinuteMs = 60'000;
using MarketRules::DayMs;

// Start of the interval that contains timeMs. Epoch 0 is 00:00 UTC and every interval divides a
// day, so flooring the epoch time aligns all four in UTC (a 1d candle starts at midnight UTC).
// Floors also before 1970, where C++ division would truncate toward zero.
qint64 alignDown(qint64 timeMs, qint64 intervalMs)
{
    qint64 q = timeMs / intervalMs;
    if (timeMs % intervalMs < 0)
        --q;
    return q * intervalMs;
}

// Volume is counted in GPU-hours: a trade of 4 GPUs for a 6-hour rental is 24.
qint64 gpuHours(const Trade &t)
{
    return qint64(t.quantity) * t.hours;
}

} // namespace

qint64 MarketData::retentionMs(CandleInterval interval)
{
    switch (interval) {
    case CandleInterval::Minute:
        return 3 * DayMs;
    case CandleInterval::FiveMinutes:
        return 14 * DayMs;
    case CandleInterval::Hour:
        return 90 * DayMs;
    case CandleInterval::Day:
        return 3 * 365 * DayMs;
    }
    return 0;
}

MarketData::MarketData(const GpuCatalog &catalog)
    : m_catalog(catalog)
{
    for (const GpuModel &g : catalog.gpus())
        m_series.insert(g.id, Series {});
}

bool MarketData::load(Database &db, qint64 nowMs, QString *error)
{
    if (!db.isOpen()) {
        if (error)
            *error = QStringLiteral("market data: the database is not open");
        return false;
    }
    m_series.clear();
    for (const GpuModel &g : m_catalog.gpus())
        m_series.insert(g.id, Series {});

    // Trades older than an interval's retention would only make candles that prune() drops at
    // once; they are skipped per interval, so that loading 42 days of history does not build
    // 60,000 one-minute candles per GPU first. The result equals addTrade() of every trade
    // followed by prune(nowMs).
    std::array<qint64, CandleIntervals::Count> keepFrom {};
    qint64 since = nowMs;
    for (const CandleInterval interval : CandleIntervals::All) {
        const std::size_t i = CandleIntervals::index(interval);
        keepFrom[i] = nowMs - retentionMs(interval);
        since = std::min(since, keepFrom[i]);
    }
    const QList<Trade> trades = db.trades(QString(), since);
    for (const Trade &t : trades)
        add(t, keepFrom);
    prune(nowMs);
    return true;
}

MarketData::PerInterval<Candle> MarketData::addTrade(const Trade &trade)
{
    PerInterval<qint64> keepAll;
    keepAll.fill(std::numeric_limits<qint64>::min());
    return add(trade, keepAll);
}

MarketData::PerInterval<Candle> MarketData::add(const Trade &trade,
                                                const PerInterval<qint64> &keepFrom)
{
    PerInterval<Candle> out {};
    const auto series = m_series.find(trade.gpu);
    if (series == m_series.end())
        return out; // not a catalog GPU: nothing to chart
    for (const CandleInterval interval : CandleIntervals::All) {
        const std::size_t i = CandleIntervals::index(interval);
        const qint64 start = alignDown(trade.timeMs, CandleIntervals::lengthMs(interval));
        if (start < keepFrom[i])
            continue;
        std::deque<Candle> &candles = series->candles[i];
        if (candles.empty() || candles.back().startMs < start) {
            // The first trade of a new interval opens a new candle, which is now the forming one.
            candles.push_back(Candle {start, trade.priceCents, trade.priceCents, trade.priceCents,
                                      trade.priceCents, gpuHours(trade)});
            out[i] = candles.back();
            continue;
        }
        // Normally the forming candle (the back). Trades arrive in time order; should one arrive
        // late, it is merged into its own interval's candle (found by binary search) for high,
        // low and volume, without moving that candle's open or close.
        const bool forming = candles.back().startMs == start;
        auto it = forming
            ? candles.end() - 1
            : std::lower_bound(candles.begin(), candles.end(), start,
                               [](const Candle &c, qint64 s) { return c.startMs < s; });
        if (it == candles.end() || it->startMs != start) {
            it = candles.insert(it,
                                Candle {start, trade.priceCents, trade.priceCents, trade.priceCents,
                                        trade.priceCents, gpuHours(trade)});
            out[i] = *it;
            continue;
        }
        it->high = std::max(it->high, trade.priceCents);
        it->low = std::min(it->low, trade.priceCents);
        if (forming)
            it->close = trade.priceCents;
        it->volume += gpuHours(trade);
        out[i] = *it;
    }
    series->tape.push_back(trade);
    while (qsizetype(series->tape.size()) > TapeSize)
        series->tape.pop_front();
    return out;
}

QList<Candle> MarketData::candles(const QString &gpu, CandleInterval interval, qsizetype max) const
{
    QList<Candle> out;
    const auto series = m_series.constFind(gpu);
    if (series == m_series.cend() || max <= 0
        || CandleIntervals::index(interval) >= CandleIntervals::Count)
        return out;
    const std::deque<Candle> &candles = series->candles[CandleIntervals::index(interval)];
    const qsizetype n = std::min(max, qsizetype(candles.size()));
    out.reserve(n);
    out.append(QList<Candle>(candles.end() - n, candles.end()));
    return out;
}

QList<Trade> MarketData::recentTrades(const QString &gpu, qsizetype max) const
{
    QList<Trade> out;
    const auto series = m_series.constFind(gpu);
    if (series == m_series.cend() || max <= 0)
        return out;
    const qsizetype n = std::min(max, qsizetype(series->tape.size()));
    out.reserve(n);
    out.append(QList<Trade>(series->tape.end() - n, series->tape.end()));
    return out;
}

TickerEntry MarketData::ticker(const QString &gpu, const OrderBook *book, qint64 nowMs) const
{
    TickerEntry t;
    t.gpu = gpu;
    if (book) {
        if (const std::optional<qint32> bid = book->bestBid())
            t.bid = Cents(*bid);
        if (const std::optional<qint32> ask = book->bestAsk())
            t.ask = Cents(*ask);
    }
    const auto series = m_series.constFind(gpu);
    if (series == m_series.cend())
        return t;

    // Last: the newest trade at or before nowMs, however old. The tape holds the newest trades,
    // so this is exact for the exchange's now (no trade is newer than now).
    for (auto it = series->tape.crbegin(); it != series->tape.crend(); ++it) {
        if (it->timeMs <= nowMs) {
            t.last = it->priceCents;
            break;
        }
    }

    // The 24-hour window (nowMs - 24h, nowMs] is read from the 1m candles: every candle that
    // overlaps the window counts whole. At the window's far edge that may count up to a minute of
    // trades just before it (their volume, and the edge candle's open as open24h); the tape alone
    // could not cover a busy day, and the candles make the ticker O(minutes in a day) per call.
    const std::deque<Candle> &minutes =
        series->candles[CandleIntervals::index(CandleInterval::Minute)];
    const qint64 windowStart = nowMs - DayMs; // exclusive
    auto it = std::partition_point(minutes.begin(), minutes.end(), [windowStart](const Candle &c) {
        return c.startMs + MinuteMs - 1 <= windowStart; // ends at or before the window opens
    });
    for (; it != minutes.end() && it->startMs <= nowMs; ++it) {
        if (!t.open24h)
            t.open24h = it->open;
        t.volume24h += it->volume;
    }
    if (t.open24h && t.last && *t.open24h > 0) {
        // Basis points of the open, rounded half to even by the one rounding place (Money).
        t.change24hBp = qint32(Money::mulDiv(*t.last - *t.open24h, 10'000, *t.open24h));
    }
    return t;
}

void MarketData::prune(qint64 nowMs)
{
    for (Series &series : m_series) {
        for (const CandleInterval interval : CandleIntervals::All) {
            std::deque<Candle> &candles = series.candles[CandleIntervals::index(interval)];
            const qint64 keepFrom = nowMs - retentionMs(interval);
            while (!candles.empty() && candles.front().startMs < keepFrom)
                candles.pop_front();
        }
        while (qsizetype(series.tape.size()) > TapeSize)
            series.tape.pop_front();
    }
}

} // namespace everx
