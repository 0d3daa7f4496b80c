// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/vocabulary.h"

#include <QtCore/QList>

#include <algorithm>
#include <utility>

namespace everx {

namespace {

// Channel name parts: <prefix>.<gpu>[.<interval>].
constexpr QLatin1StringView BookPrefix {"book"};
constexpr QLatin1StringView TradesPrefix {"trades"};
constexpr QLatin1StringView CandlesPrefix {"candles"};
constexpr QChar Separator = u'.';

Channel::Spec spec(Channel::Kind kind, const QString &gpu = {},
                   CandleInterval interval = Channel::Spec().interval)
{
    Channel::Spec s;
    s.kind = kind;
    s.gpu = gpu;
    s.interval = interval;
    return s;
}

constexpr std::array<std::pair<PushType, QLatin1StringView>, 3> PushTypeNames {{
    {PushType::Snapshot, QLatin1StringView("snapshot")},
    {PushType::Delta, QLatin1StringView("delta")},
    {PushType::Event, QLatin1StringView("event")},
}};

} // namespace

bool Op::isPublic(QStringView op)
{
    return std::find(Public.cbegin(), Public.cend(), op) != Public.cend();
}

QString Channel::book(const QString &gpu)
{
    return BookPrefix + Separator + gpu;
}

QString Channel::trades(const QString &gpu)
{
    return TradesPrefix + Separator + gpu;
}

QString Channel::candles(const QString &gpu, CandleInterval interval)
{
    return CandlesPrefix + Separator + gpu + Separator + CandleIntervals::name(interval);
}

std::optional<Channel::Spec> Channel::parse(QStringView name)
{
    if (name == TickerName)
        return spec(Kind::Ticker);
    if (name == AccountName)
        return spec(Kind::Account);
    const QList<QStringView> parts = name.split(Separator);
    if (parts.size() < 2 || parts.at(1).isEmpty())
        return std::nullopt;
    const QString gpu = parts.at(1).toString();
    if (parts.size() == 2 && parts.at(0) == BookPrefix)
        return spec(Kind::Book, gpu);
    if (parts.size() == 2 && parts.at(0) == TradesPrefix)
        return spec(Kind::Trades, gpu);
    if (parts.size() == 3 && parts.at(0) == CandlesPrefix) {
        if (const std::optional<CandleInterval> interval = CandleIntervals::fromName(parts.at(2)))
            return spec(Kind::Candles, gpu, *interval);
    }
    return std::nullopt;
}

bool Channel::isBook(QStringView name)
{
    const qsizetype gpuAt = BookPrefix.size() + 1;
    return name.size() > gpuAt && name.startsWith(BookPrefix) && name.at(gpuAt - 1) == Separator
        && !name.sliced(gpuAt).contains(Separator);
}

QString Channel::name(const Spec &spec)
{
    switch (spec.kind) {
    case Kind::Ticker:
        return TickerName;
    case Kind::Account:
        return AccountName;
    case Kind::Book:
        return book(spec.gpu);
    case Kind::Trades:
        return trades(spec.gpu);
    case Kind::Candles:
        return candles(spec.gpu, spec.interval);
    }
    return {};
}

QString pushTypeName(PushType type)
{
    for (const auto &[t, name] : PushTypeNames) {
        if (t == type)
            return name;
    }
    return {};
}

std::optional<PushType> pushTypeFromName(QStringView name)
{
    for (const auto &[t, n] : PushTypeNames) {
        if (n == name)
            return t;
    }
    return std::nullopt;
}

} // namespace everx
