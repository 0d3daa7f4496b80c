// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

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

    explicit PayoutsModel(QObject *parent = nullptr);

    void merge(const QList<Payout> &payouts);
    void applyEvent(const QJsonObject &event);
    static QString stateText(PayoutState state);

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
};

} // namespace everx
