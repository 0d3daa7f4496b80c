#pragma once

#include "market/marketrecords.h"
#include "views/recordtablemodel.h"

#include <QtCore/QJsonObject>

namespace everx {

// The account's top-ups waiting for their payment (docs/architecture.md "Trust and operations"),
// from the private "account" channel: the snapshot's payments, then "payment" events; a payment
// that is credited or expires leaves the list.
class PendingTopUpsModel final : public RecordTableModel<Payment>
{
    Q_OBJECT

public:
    enum Column { Reference, Amount, Credited, Expires, ColumnCount };
    enum Role { RawValueRole = Qt::UserRole + 1, ReferenceRole };

    explicit PendingTopUpsModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The "account" channel: a snapshot, or an event of any type (others are ignored).
    void applySnapshot(const QJsonObject &data);
    void applyEvent(const QJsonObject &event);
};

} // namespace everx
