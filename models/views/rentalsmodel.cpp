#include "views/rentalsmodel.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "views/timetext.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>

namespace everx {

RentalsModel::RentalsModel(QObject *parent)
    : RecordTableModel<Rental>(ColumnCount, parent)
{ }

QVariant RentalsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Gpu:
        return tr("GPU");
    case Gpus:
        return tr("GPUs");
    case Price:
        return tr("Price", "per GPU-hour");
    case Started:
        return tr("Started");
    case HoursLeft:
        return tr("Hours left");
    case CostSoFar:
        return tr("Cost so far");
    case Access:
        return tr("Access");
    }
    return {};
}

QVariant RentalsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Rental &r = record(index.row());
    if (role == RentalIdRole)
        return r.id;
    if (role == Qt::ToolTipRole && index.column() == Access)
        return r.region.isEmpty() ? QString() : tr("Region: %1").arg(r.region);
    if (role != Qt::DisplayRole && role != RawValueRole)
        return {};
    const bool raw = role == RawValueRole;
    switch (index.column()) {
    case Gpu: // the catalog's name for people, the id to sort on
        return raw ? r.gpu : GpuCatalog::builtIn().displayName(r.gpu);
    case Gpus:
        return raw ? QVariant(r.gpus) : QVariant(locale().toString(r.gpus));
    case Price:
        return raw ? QVariant(r.priceCents) : QVariant(Money::format(r.priceCents, locale()));
    case Started:
        return raw ? QVariant(r.startedMs)
                   : QVariant(TimeText::shortDateTime(r.startedMs, locale()));
    case HoursLeft: {
        const qint32 left = MarketRules::hoursLeft(r);
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

void RentalsModel::apply(const Rental &rental)
{
    if (rental.state == RentalState::Running)
        upsert(rental);
    else
        remove(rental.id);
}

void RentalsModel::applySnapshot(const QJsonObject &data)
{
    QList<Rental> running;
    for (const Rental &r : Wire::unwrapEach<Rental>(data)) {
        if (r.state == RentalState::Running)
            running.append(r);
    }
    replaceAll(running);
}

void RentalsModel::applyEvent(const QJsonObject &event)
{
    if (Wire::accountEventType(event) != AccountEvent::Rental)
        return;
    if (const std::optional<Rental> r = Wire::unwrap<Rental>(event))
        apply(*r);
}

} // namespace everx
