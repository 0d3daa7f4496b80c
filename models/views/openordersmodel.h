// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "views/accountrecordsmodel.h"

#include <QtCore/QJsonObject>

namespace everx {

// The account's open bids (docs/architecture.md "The desk"), from the private "account" channel:
// the snapshot's orders, then "order" events; a closed order leaves the list.
class OpenOrdersModel final : public AccountRecordsModel<BidOrder>
{
    Q_OBJECT

public:
    enum Column { Gpu, Gpus, Filled, Price, Hours, Held, Expires, ColumnCount };
    enum Role { OrderIdRole = RawValueRole + 1 };

    explicit OpenOrdersModel(QObject *parent = nullptr);

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
};

} // namespace everx
