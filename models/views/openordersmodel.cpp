#include "views/openordersmodel.h"

#include "market/gpucatalog.h"
#include "views/timetext.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>

namespace everx {

OpenOrdersModel::OpenOrdersModel(QObject *parent)
    : RecordTableModel<BidOrder>(ColumnCount, parent)
{ }

QVariant OpenOrdersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Gpu:
        return tr("GPU");
    case Gpus:
        return tr("GPUs");
    case Filled:
        return tr("Filled", "GPUs of the bid filled so far");
    case Price:
        return tr("Price", "per GPU-hour");
    case Hours:
        return tr("Hours");
    case Held:
        return tr("Held", "money held for the bid");
    case Expires:
        return tr("Expires");
    }
    return {};
}

QVariant OpenOrdersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const BidOrder &o = record(index.row());
    if (role == OrderIdRole)
        return o.id;
    if (role != Qt::DisplayRole && role != RawValueRole)
        return {};
    const bool raw = role == RawValueRole;
    switch (index.column()) {
    case Gpu: // the catalog's name for people, the id to sort on
        return raw ? o.gpu : GpuCatalog::builtIn().displayName(o.gpu);
    case Gpus:
        return raw ? QVariant(o.quantity) : QVariant(locale().toString(o.quantity));
    case Filled:
        return raw ? QVariant(o.filled) : QVariant(locale().toString(o.filled));
    case Price:
        return raw ? QVariant(o.limitCents) : QVariant(Money::format(o.limitCents, locale()));
    case Hours:
        return raw ? QVariant(o.hours) : QVariant(locale().toString(o.hours));
    case Held:
        return raw ? QVariant(o.heldCents) : QVariant(Money::format(o.heldCents, locale()));
    case Expires:
        if (raw)
            return o.expiresMs;
        return o.expiresMs == 0 ? tr("until cancelled")
                                : TimeText::shortDateTime(o.expiresMs, locale());
    }
    return {};
}

void OpenOrdersModel::applySnapshot(const QJsonObject &data)
{
    QList<BidOrder> open;
    for (const BidOrder &o : Wire::unwrapEach<BidOrder>(data)) {
        if (o.state == OrderState::Open)
            open.append(o);
    }
    replaceAll(open);
}

void OpenOrdersModel::applyEvent(const QJsonObject &event)
{
    if (Wire::accountEventType(event) != AccountEvent::Order)
        return;
    const std::optional<BidOrder> o = Wire::unwrap<BidOrder>(event);
    if (!o)
        return;
    if (o->state == OrderState::Open)
        upsert(*o);
    else
        remove(o->id);
}

} // namespace everx
