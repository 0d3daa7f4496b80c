// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/candleinterval.h"

#include "market/marketrules.h"

#include <utility>

namespace everx::CandleIntervals {

namespace {

struct IntervalInfo
{
    CandleInterval interval;
    QStringView name;
    qint64 lengthMs;
};

// The one table of the intervals' names and lengths.
constexpr std::array<IntervalInfo, Count> Table {{
    {CandleInterval::Minute, u"1m", 60'000},
    {CandleInterval::FiveMinutes, u"5m", 5 * 60'000},
    {CandleInterval::Hour, u"1h", MarketRules::HourMs},
    {CandleInterval::Day, u"1d", MarketRules::DayMs},
}};

constexpr bool tableFollowsAll()
{
    for (std::size_t i = 0; i < Count; ++i) {
        if (Table[i].interval != All[i] || index(All[i]) != i
            || MarketRules::DayMs % Table[i].lengthMs != 0)
            return false;
    }
    return true;
}
static_assert(tableFollowsAll(), "one row per interval, in order, each dividing a day");

} // namespace

qint64 lengthMs(CandleInterval interval)
{
    return Table[index(interval)].lengthMs;
}

QString name(CandleInterval interval)
{
    return Table[index(interval)].name.toString();
}

std::optional<CandleInterval> fromName(QStringView name)
{
    for (const IntervalInfo &info : Table) {
        if (info.name == name)
            return info.interval;
    }
    return std::nullopt;
}

} // namespace everx::CandleIntervals
