// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "views/accountrecordsmodel.h"

#include <QtCore/QJsonObject>

namespace everx {

// The account's top-ups waiting for their payment (docs/architecture.md "Trust and operations"),
// from the private "account" channel: the snapshot's payments, then "payment" events; a payment
// that is credited or expires leaves the list.
class PendingTopUpsModel final : public AccountRecordsModel<Payment>
{
    Q_OBJECT

public:
    enum Column { Reference, Amount, Credited, Expires, ColumnCount };
    enum Role { ReferenceRole = RawValueRole + 1 };

    explicit PendingTopUpsModel(QObject *parent = nullptr);

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
};

} // namespace everx
