// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/hostedrentalsmodel.h"

#include "views/timetext.h"

namespace everx {

namespace {

constexpr TableModel::ColumnTitle HostedRentalsTitles[] = {
    QT_TRANSLATE_NOOP3("everx::HostedRentalsModel", "GPU", ""),
    QT_TRANSLATE_NOOP3("everx::HostedRentalsModel", "GPUs", ""),
    QT_TRANSLATE_NOOP3("everx::HostedRentalsModel", "Started", ""),
    QT_TRANSLATE_NOOP3("everx::HostedRentalsModel", "Hours billed", ""),
    QT_TRANSLATE_NOOP3("everx::HostedRentalsModel", "Earnings so far", ""),
    QT_TRANSLATE_NOOP3("everx::HostedRentalsModel", "State", ""),
};
static_assert(std::size(HostedRentalsTitles) == HostedRentalsModel::ColumnCount);

} // namespace

HostedRentalsModel::HostedRentalsModel(const GpuCatalog &catalog, QObject *parent)
    : RecordTableModel<HostedRental>(HostedRentalsTitles, parent)
    , m_catalog(catalog)
{ }

QVariant HostedRentalsModel::cell(int row, int column, bool raw) const
{
    const HostedRental &r = record(row);
    switch (column) {
    case Gpu:
        return raw ? r.gpu : m_catalog.displayName(r.gpu);
    case Gpus:
        return raw ? QVariant(r.gpus) : QVariant(locale().toString(r.gpus));
    case Started:
        return raw ? QVariant(r.startedMs)
                   : QVariant(TimeText::shortDateTime(r.startedMs, locale()));
    case HoursBilled:
        return raw
            ? QVariant(r.hoursBilled)
            : QVariant(tr("%1 of %2", "hours billed of hours booked")
                           .arg(locale().toString(r.hoursBilled), locale().toString(r.hours)));
    case Earned:
        return raw ? QVariant(r.earnedCents) : QVariant(Money::format(r.earnedCents, locale()));
    case State:
        if (raw)
            return int(r.state);
        switch (r.state) {
        case RentalState::Running:
            return tr("Running", "rental state");
        case RentalState::Ended:
            return tr("Ended", "rental state");
        case RentalState::Stopped:
            return tr("Stopped", "rental state");
        case RentalState::Reserved:
            return tr("Reserved", "rental state");
        case RentalState::Cancelled:
            return tr("Cancelled", "rental state");
        }
        return {};
    }
    return {};
}

void HostedRentalsModel::merge(const QList<HostedRental> &rentals)
{
    for (const HostedRental &r : rentals)
        upsert(r);
}

} // namespace everx
