// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/database.h"
#include "engine/orderbook.h"

#include "market/candleinterval.h"
#include "market/gpucatalog.h"
#include "market/marketrecords.h"

#include <QtCore/QHash>
#include <QtCore/QList>
#include <QtCore/QString>

#include <array>
#include <deque>
#include <optional>

namespace everx {

// Candles at every CandleInterval, the recent trade tape and the 24-hour ticker of every GPU,
// computed from the exchange's trades (docs/architecture.md "The desk", docs/protocol.md
// "Channels").
//
// Candle times are aligned to the interval in UTC (a 1d candle starts at 00:00 UTC). A candle
// exists only where something traded; the forming candle is the last one. Kept in memory for a
// retention per interval (1m: 3 days, 5m: 14 days, 1h: 90 days, 1d: 3 years) and rebuilt from the
// trades table at start. Not thread-safe: lives with the engine.
class MarketData final
{
public:
    static constexpr int TapeSize = 100;
    // Something per candle interval, at CandleIntervals::index(interval).
    template<typename T>
    using PerInterval = std::array<T, CandleIntervals::Count>;

    static qint64 retentionMs(CandleInterval interval);

    explicit MarketData(const GpuCatalog &catalog);

    // Rebuilds everything from the trades stored since now - the longest retention.
    bool load(Database &db, qint64 nowMs, QString *error = nullptr);

    // Adds one trade (trades arrive in time order). Returns, per interval, the candle of that
    // interval the trade landed in, as it is after the trade.
    PerInterval<Candle> addTrade(const Trade &trade);

    // The newest `max` candles, oldest first; the forming one last.
    QList<Candle> candles(const QString &gpu, CandleInterval interval, qsizetype max = 1000) const;
    // The newest `max` trades of the tape, oldest first.
    QList<Trade> recentTrades(const QString &gpu, qsizetype max = TapeSize) const;
    // bid and ask from the book (may be null), the rest from the trades of the 24 hours before
    // nowMs: last price, the first price in the window (open24h), the change in basis points
    // (half to even), volume in GPU-hours.
    TickerEntry ticker(const QString &gpu, const OrderBook *book, qint64 nowMs) const;

    // Drops candles past their retention; call now and then (the service does, hourly).
    void prune(qint64 nowMs);

private:
    struct Series
    {
        PerInterval<std::deque<Candle>> candles;
        std::deque<Trade> tape;
    };
    // addTrade() for intervals whose candle starts at or after keepFrom[interval]; load() skips
    // what prune() would drop at once.
    PerInterval<Candle> add(const Trade &trade, const PerInterval<qint64> &keepFrom);

    const GpuCatalog &m_catalog;
    QHash<QString, Series> m_series;
};

} // namespace everx
