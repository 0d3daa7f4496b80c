// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "views/accountrecordsmodel.h"

#include <QtCore/QJsonObject>
#include <QtCore/QTimer>

#include <functional>

namespace everx {

// The account's running rentals (as customer, or as provider), from the "account" channel, with
// the access details that only their customer and provider receive;
// an ended or stopped rental leaves the list. Hours left are the hours not yet billed; the cost
// so far is what the hourly captures took, tax included, exactly as the ledger did. A reserved
// window counts down to its start instead ("starts in 2 d 6 h"), on the clock set, and its row
// is told again every CountdownIntervalMs while any is reserved.
class RentalsModel final : public AccountRecordsModel<Rental>
{
    Q_OBJECT

public:
    enum Column { Gpu, Gpus, Price, Started, HoursLeft, CostSoFar, Access, ColumnCount };
    enum Role { RentalIdRole = RawValueRole + 1 };

    static constexpr int CountdownIntervalMs = 5'000;

    explicit RentalsModel(QObject *parent = nullptr);

    // The clock countdowns are read on, in epoch ms: the exchange's (ClientSession::
    // exchangeNowMs), as every time the desk shows. The wall clock until one is set.
    void setClock(std::function<qint64()> nowMs) { m_nowMs = std::move(nowMs); }
    // How long until a moment, for people: "2 d 6 h", "5 h 20 min", "12 min"; under a minute,
    // "under a minute".
    static QString countdownText(qint64 ms);
    // The reserved rows' countdowns again (the timer's work; tests call it).
    void tick();

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
    qint64 nowMs() const;

    std::function<qint64()> m_nowMs;
    QTimer m_countdown;
};

} // namespace everx
