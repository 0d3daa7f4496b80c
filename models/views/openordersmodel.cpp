// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/openordersmodel.h"

#include "market/gpucatalog.h"
#include "views/timetext.h"
#include "wire/vocabulary.h"

#include <QtCore/QDateTime>

namespace everx {

namespace {

constexpr TableModel::ColumnTitle OpenOrdersTitles[] = {
    QT_TRANSLATE_NOOP3("everx::OpenOrdersModel", "GPU", ""),
    QT_TRANSLATE_NOOP3("everx::OpenOrdersModel", "GPUs", ""),
    QT_TRANSLATE_NOOP3("everx::OpenOrdersModel", "Filled", "GPUs of the bid filled so far"),
    QT_TRANSLATE_NOOP3("everx::OpenOrdersModel", "Price", "per GPU-hour"),
    QT_TRANSLATE_NOOP3("everx::OpenOrdersModel", "Hours", ""),
    QT_TRANSLATE_NOOP3("everx::OpenOrdersModel", "Held", "money held for the bid"),
    QT_TRANSLATE_NOOP3("everx::OpenOrdersModel", "Expires", ""),
};
static_assert(std::size(OpenOrdersTitles) == OpenOrdersModel::ColumnCount);

} // namespace

OpenOrdersModel::OpenOrdersModel(QObject *parent)
    : AccountRecordsModel<BidOrder>(
        OpenOrdersTitles, AccountEvent::Order,
        [](const BidOrder &o) { return o.state == OrderState::Open; }, parent)
{ }

QVariant OpenOrdersModel::roleData(int row, int, int role) const
{
    return role == OrderIdRole ? QVariant(record(row).id) : QVariant();
}

QVariant OpenOrdersModel::cell(int row, int column, bool raw) const
{
    const BidOrder &o = record(row);
    switch (column) {
    case Gpu: // the catalog's name for people, the id to sort on
        return raw ? o.gpu : GpuCatalog::builtIn().displayName(o.gpu);
    case Gpus:
        return raw ? QVariant(o.quantity) : QVariant(locale().toString(o.quantity));
    case Filled:
        return raw ? QVariant(o.filled) : QVariant(locale().toString(o.filled));
    case Price:
        return raw ? QVariant(o.limitCents) : QVariant(Money::format(o.limitCents, locale()));
    case Hours:
        return raw ? QVariant(o.hours) : QVariant(locale().toString(o.hours));
    case Held:
        return raw ? QVariant(o.heldCents) : QVariant(Money::format(o.heldCents, locale()));
    case Expires:
        if (raw)
            return o.expiresMs;
        return o.expiresMs == 0 ? tr("until cancelled")
                                : TimeText::shortDateTime(o.expiresMs, locale());
    }
    return {};
}

} // namespace everx
