// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/pendingtopupsmodel.h"

#include "views/timetext.h"
#include "wire/vocabulary.h"

#include <QtCore/QDateTime>

namespace everx {

namespace {

constexpr TableModel::ColumnTitle PendingTopUpsTitles[] = {
    QT_TRANSLATE_NOOP3("everx::PendingTopUpsModel", "Reference", "of a payment"),
    QT_TRANSLATE_NOOP3("everx::PendingTopUpsModel", "To pay", ""),
    QT_TRANSLATE_NOOP3("everx::PendingTopUpsModel", "Credited", "what a top-up credits, in USD"),
    QT_TRANSLATE_NOOP3("everx::PendingTopUpsModel", "Expires", ""),
};
static_assert(std::size(PendingTopUpsTitles) == PendingTopUpsModel::ColumnCount);

} // namespace

PendingTopUpsModel::PendingTopUpsModel(QObject *parent)
    : AccountRecordsModel<Payment>(
        PendingTopUpsTitles, AccountEvent::Payment,
        [](const Payment &p) { return p.state == PaymentState::Pending; }, parent)
{ }

QVariant PendingTopUpsModel::roleData(int row, int, int role) const
{
    return role == ReferenceRole ? QVariant(record(row).reference) : QVariant();
}

QVariant PendingTopUpsModel::cell(int row, int column, bool raw) const
{
    const Payment &p = record(row);
    switch (column) {
    case Reference:
        return p.reference;
    case Amount:
        return raw ? QVariant(p.amountMinor)
                   : QVariant(Money::format(p.amountMinor, locale(), p.currency));
    case Credited:
        return raw ? QVariant(p.creditedCents) : QVariant(Money::format(p.creditedCents, locale()));
    case Expires:
        if (raw)
            return p.expiresMs;
        return TimeText::shortDateTime(p.expiresMs, locale());
    }
    return {};
}

} // namespace everx
