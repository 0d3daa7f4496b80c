// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>
#include <QtCore/QStringView>

#include <array>
#include <cstddef>
#include <optional>

namespace everx {

// The intervals of the price candles (docs/protocol.md "Channels": candles.<gpu>.<interval>),
// for the exchange's market data, the desk's candle model and the price chart's buttons alike.
// Every interval divides a day, so candles align to it in UTC.
enum class CandleInterval : quint8 { Minute = 0, FiveMinutes = 1, Hour = 2, Day = 3 };

namespace CandleIntervals {

inline constexpr std::size_t Count = 4;
// Shortest first.
inline constexpr std::array<CandleInterval, Count> All {
    CandleInterval::Minute, CandleInterval::FiveMinutes, CandleInterval::Hour, CandleInterval::Day};

// Position in All, for arrays kept per interval.
constexpr std::size_t index(CandleInterval interval)
{
    return std::size_t(interval);
}
// Length in milliseconds.
qint64 lengthMs(CandleInterval interval);
// The wire name: "1m", "5m", "1h", "1d".
QString name(CandleInterval interval);
std::optional<CandleInterval> fromName(QStringView name);

} // namespace CandleIntervals
} // namespace everx
