#include "views/hostedrentalsmodel.h"

#include "views/timetext.h"

namespace everx {

HostedRentalsModel::HostedRentalsModel(const GpuCatalog &catalog, QObject *parent)
    : RecordTableModel<HostedRental>(ColumnCount, parent)
    , m_catalog(catalog)
{ }

QVariant HostedRentalsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Gpu:
        return tr("GPU");
    case Gpus:
        return tr("GPUs");
    case Started:
        return tr("Started");
    case HoursBilled:
        return tr("Hours billed");
    case Earned:
        return tr("Earnings so far");
    case State:
        return tr("State");
    }
    return {};
}

QVariant HostedRentalsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const HostedRental &r = record(index.row());
    if (role != Qt::DisplayRole && role != RawValueRole)
        return {};
    const bool raw = role == RawValueRole;
    switch (index.column()) {
    case Gpu: {
        if (raw)
            return r.gpu;
        const GpuModel *g = m_catalog.find(r.gpu);
        return g ? g->name : r.gpu;
    }
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
