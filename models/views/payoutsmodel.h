#pragma once

#include "market/marketrecords.h"
#include "views/recordtablemodel.h"

#include <QtCore/QJsonObject>

namespace everx {

// A provider's payouts (payout.list), kept live by the account channel's "payout" events: a
// new payout inserts its row, one settled updates it.
class PayoutsModel final : public RecordTableModel<Payout>
{
    Q_OBJECT

public:
    enum Column { Requested, Amount, State, Reference, Settled, ColumnCount };
    enum Role { RawValueRole = Qt::UserRole + 1 };

    explicit PayoutsModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void merge(const QList<Payout> &payouts);
    void applyEvent(const QJsonObject &event);
    static QString stateText(PayoutState state);
};

} // namespace everx
