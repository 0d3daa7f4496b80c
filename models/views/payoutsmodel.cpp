#include "views/payoutsmodel.h"

#include "views/timetext.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

namespace everx {

PayoutsModel::PayoutsModel(QObject *parent)
    : RecordTableModel<Payout>(ColumnCount, parent)
{ }

QString PayoutsModel::stateText(PayoutState state)
{
    switch (state) {
    case PayoutState::Requested:
        return tr("Requested", "payout state");
    case PayoutState::Paid:
        return tr("Paid", "payout state");
    case PayoutState::Rejected:
        return tr("Rejected", "payout state");
    }
    return {};
}

QVariant PayoutsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Requested:
        return tr("Requested", "when a payout was asked for");
    case Amount:
        return tr("Amount");
    case State:
        return tr("State");
    case Reference:
        return tr("Reference", "of a bank transfer");
    case Settled:
        return tr("Settled", "when a payout was paid or rejected");
    }
    return {};
}

QVariant PayoutsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Payout &p = record(index.row());
    if (role == Qt::ToolTipRole && !p.reason.isEmpty())
        return p.reason;
    if (role != Qt::DisplayRole && role != RawValueRole)
        return {};
    const bool raw = role == RawValueRole;
    switch (index.column()) {
    case Requested:
        return raw ? QVariant(p.requestedMs)
                   : QVariant(TimeText::shortDateTime(p.requestedMs, locale()));
    case Amount:
        return raw ? QVariant(p.amountCents) : QVariant(Money::format(p.amountCents, locale()));
    case State:
        return raw ? QVariant(int(p.state)) : QVariant(stateText(p.state));
    case Reference:
        return p.reference;
    case Settled:
        if (raw)
            return p.settledMs;
        return p.settledMs > 0 ? TimeText::shortDateTime(p.settledMs, locale()) : QString();
    }
    return {};
}

void PayoutsModel::merge(const QList<Payout> &payouts)
{
    for (const Payout &p : payouts)
        upsert(p);
}

void PayoutsModel::applyEvent(const QJsonObject &event)
{
    if (Wire::accountEventType(event) != AccountEvent::Payout)
        return;
    if (const std::optional<Payout> p = Wire::unwrap<Payout>(event))
        upsert(*p);
}

} // namespace everx
