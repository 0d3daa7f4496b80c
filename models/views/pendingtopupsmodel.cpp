#include "views/pendingtopupsmodel.h"

#include "views/timetext.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>

namespace everx {

PendingTopUpsModel::PendingTopUpsModel(QObject *parent)
    : RecordTableModel<Payment>(ColumnCount, parent)
{ }

QVariant PendingTopUpsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Reference:
        return tr("Reference", "of a payment");
    case Amount:
        return tr("To pay");
    case Credited:
        return tr("Credited", "what a top-up credits, in USD");
    case Expires:
        return tr("Expires");
    }
    return {};
}

QVariant PendingTopUpsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Payment &p = record(index.row());
    if (role == ReferenceRole)
        return p.reference;
    if (role != Qt::DisplayRole && role != RawValueRole)
        return {};
    const bool raw = role == RawValueRole;
    switch (index.column()) {
    case Reference:
        return p.reference;
    case Amount:
        return raw ? QVariant(p.amountMinor)
                   : QVariant(Money::format(p.amountMinor, locale(), p.currency));
    case Credited:
        return raw ? QVariant(p.creditedCents) : QVariant(Money::format(p.creditedCents, locale()));
    case Expires:
        if (raw)
            return p.expiresMs;
        return TimeText::shortDateTime(p.expiresMs, locale());
    }
    return {};
}

void PendingTopUpsModel::applySnapshot(const QJsonObject &data)
{
    QList<Payment> pending;
    for (const Payment &p : Wire::unwrapEach<Payment>(data)) {
        if (p.state == PaymentState::Pending)
            pending.append(p);
    }
    replaceAll(pending);
}

void PendingTopUpsModel::applyEvent(const QJsonObject &event)
{
    if (Wire::accountEventType(event) != AccountEvent::Payment)
        return;
    const std::optional<Payment> p = Wire::unwrap<Payment>(event);
    if (!p)
        return;
    if (p->state == PaymentState::Pending)
        upsert(*p);
    else
        remove(p->id);
}

} // namespace everx
