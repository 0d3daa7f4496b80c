// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/rentalsmodel.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "views/timetext.h"
#include "wire/vocabulary.h"

#include <QtCore/QDateTime>

#include <algorithm>

namespace everx {

namespace {

constexpr TableModel::ColumnTitle RentalsTitles[] = {
    QT_TRANSLATE_NOOP3("everx::RentalsModel", "GPU", ""),
    QT_TRANSLATE_NOOP3("everx::RentalsModel", "GPUs", ""),
    QT_TRANSLATE_NOOP3("everx::RentalsModel", "Price", "per GPU-hour"),
    QT_TRANSLATE_NOOP3("everx::RentalsModel", "Started", ""),
    QT_TRANSLATE_NOOP3("everx::RentalsModel", "Hours left", ""),
    QT_TRANSLATE_NOOP3("everx::RentalsModel", "Cost so far", ""),
    QT_TRANSLATE_NOOP3("everx::RentalsModel", "Access", ""),
};
static_assert(std::size(RentalsTitles) == RentalsModel::ColumnCount);

} // namespace

RentalsModel::RentalsModel(QObject *parent)
    : AccountRecordsModel<Rental>(
        RentalsTitles, AccountEvent::Rental,
        [](const Rental &r) {
            return r.state == RentalState::Running || r.state == RentalState::Reserved;
        },
        parent)
{
    m_countdown.setInterval(CountdownIntervalMs);
    connect(&m_countdown, &QTimer::timeout, this, &RentalsModel::tick);
    m_countdown.start();
}

qint64 RentalsModel::nowMs() const
{
    return m_nowMs ? m_nowMs() : QDateTime::currentMSecsSinceEpoch();
}

QString RentalsModel::countdownText(qint64 ms)
{
    constexpr qint64 Minute = 60'000;
    const qint64 minutes = ms / Minute;
    if (minutes < 1)
        return tr("under a minute", "time until a window starts");
    const qint64 days = minutes / (24 * 60);
    const qint64 hours = minutes / 60 % 24;
    if (days > 0)
        return tr("%1 d %2 h", "days and hours until a window starts").arg(days).arg(hours);
    if (hours > 0)
        return tr("%1 h %2 min", "hours and minutes until a window starts")
            .arg(hours)
            .arg(minutes % 60);
    return tr("%1 min", "minutes until a window starts").arg(minutes);
}

void RentalsModel::tick()
{
    for (int row = 0; row < rowCount(); ++row) {
        if (record(row).state == RentalState::Reserved)
            Q_EMIT dataChanged(index(row, HoursLeft), index(row, HoursLeft));
    }
}

QVariant RentalsModel::roleData(int row, int column, int role) const
{
    const Rental &r = record(row);
    if (role == RentalIdRole)
        return r.id;
    if (role == Qt::ToolTipRole && column == Access)
        return r.region.isEmpty() ? QString() : tr("Region: %1").arg(r.region);
    return {};
}

QVariant RentalsModel::cell(int row, int column, bool raw) const
{
    const Rental &r = record(row);
    switch (column) {
    case Gpu: // the catalog's name for people, the id to sort on
        return raw ? r.gpu : GpuCatalog::builtIn().displayName(r.gpu);
    case Gpus:
        return raw ? QVariant(r.gpus) : QVariant(locale().toString(r.gpus));
    case Price:
        return raw ? QVariant(r.priceCents) : QVariant(Money::format(r.priceCents, locale()));
    case Started:
        if (raw)
            return r.startedMs;
        // A window ahead says it has not begun.
        return r.state == RentalState::Reserved
            ? tr("Reserved from %1", "a window ahead's start")
                  .arg(TimeText::shortDateTime(r.startedMs, locale()))
            : TimeText::shortDateTime(r.startedMs, locale());
    case HoursLeft: {
        const qint32 left = MarketRules::hoursLeft(r);
        // A window ahead counts down to its start; its hours are all left.
        if (r.state == RentalState::Reserved && !raw)
            return tr("%n h, starts in %1", "a reserved window's hours and the time to its start",
                      left)
                .arg(countdownText(std::max<qint64>(0, r.startedMs - nowMs())));
        return raw ? QVariant(left) : QVariant(tr("%n h", "hours left", left));
    }
    case CostSoFar: {
        // Tax included, at the rental's own rate, as the exchange captured it.
        const Cents cost = MarketRules::billedSoFar(r);
        return raw ? QVariant(cost) : QVariant(Money::format(cost, locale()));
    }
    case Access:
        return r.endpoint;
    }
    return {};
}

} // namespace everx
