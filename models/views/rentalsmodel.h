#pragma once

#include "market/marketrecords.h"
#include "views/recordtablemodel.h"

#include <QtCore/QJsonObject>

namespace everx {

// The account's running rentals (as customer, or as provider), from the "account" channel, with
// the access details that only their customer and provider receive;
// an ended or stopped rental leaves the list. Hours left are the hours not yet billed; the cost
// so far is what the hourly captures took, tax included, exactly as the ledger did.
class RentalsModel final : public RecordTableModel<Rental>
{
    Q_OBJECT

public:
    enum Column { Gpu, Gpus, Price, Started, HoursLeft, CostSoFar, Access, ColumnCount };
    enum Role { RawValueRole = Qt::UserRole + 1, RentalIdRole };

    explicit RentalsModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void applySnapshot(const QJsonObject &data);
    void applyEvent(const QJsonObject &event);

private:
    void apply(const Rental &rental);
};

} // namespace everx
