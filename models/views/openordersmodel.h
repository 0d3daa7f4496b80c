#pragma once

#include "market/marketrecords.h"
#include "views/recordtablemodel.h"

#include <QtCore/QJsonObject>

namespace everx {

// The account's open bids (docs/architecture.md "The desk"), from the private "account" channel:
// the snapshot's orders, then "order" events; a closed order leaves the list.
class OpenOrdersModel final : public RecordTableModel<BidOrder>
{
    Q_OBJECT

public:
    enum Column { Gpu, Gpus, Filled, Price, Hours, Held, Expires, ColumnCount };
    enum Role { RawValueRole = Qt::UserRole + 1, OrderIdRole };

    explicit OpenOrdersModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The "account" channel: a snapshot, or an event of any type (others are ignored).
    void applySnapshot(const QJsonObject &data);
    void applyEvent(const QJsonObject &event);
};

} // namespace everx
