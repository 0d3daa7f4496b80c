// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/payoutsmodel.h"

#include "views/timetext.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

namespace everx {

namespace {

constexpr TableModel::ColumnTitle PayoutsTitles[] = {
    QT_TRANSLATE_NOOP3("everx::PayoutsModel", "Requested", "when a payout was asked for"),
    QT_TRANSLATE_NOOP3("everx::PayoutsModel", "Amount", ""),
    QT_TRANSLATE_NOOP3("everx::PayoutsModel", "State", ""),
    QT_TRANSLATE_NOOP3("everx::PayoutsModel", "Reference", "of a bank transfer"),
    QT_TRANSLATE_NOOP3("everx::PayoutsModel", "Settled", "when a payout was paid or rejected"),
};
static_assert(std::size(PayoutsTitles) == PayoutsModel::ColumnCount);

} // namespace

PayoutsModel::PayoutsModel(QObject *parent)
    : RecordTableModel<Payout>(PayoutsTitles, parent)
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

QVariant PayoutsModel::roleData(int row, int, int role) const
{
    const Payout &p = record(row);
    return role == Qt::ToolTipRole && !p.reason.isEmpty() ? QVariant(p.reason) : QVariant();
}

QVariant PayoutsModel::cell(int row, int column, bool raw) const
{
    const Payout &p = record(row);
    switch (column) {
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
