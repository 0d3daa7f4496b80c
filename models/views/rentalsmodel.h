// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "views/accountrecordsmodel.h"

#include <QtCore/QJsonObject>

namespace everx {

// The account's running rentals (as customer, or as provider), from the "account" channel, with
// the access details that only their customer and provider receive;
// an ended or stopped rental leaves the list. Hours left are the hours not yet billed; the cost
// so far is what the hourly captures took, tax included, exactly as the ledger did.
class RentalsModel final : public AccountRecordsModel<Rental>
{
    Q_OBJECT

public:
    enum Column { Gpu, Gpus, Price, Started, HoursLeft, CostSoFar, Access, ColumnCount };
    enum Role { RentalIdRole = RawValueRole + 1 };

    explicit RentalsModel(QObject *parent = nullptr);

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
};

} // namespace everx
