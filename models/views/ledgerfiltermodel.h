// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"

#include <QtCore/QDate>
#include <QtCore/QSortFilterProxyModel>
#include <QtCore/QStringList>

namespace everx {

class LedgerModel;

// The ledger as the wallet shows and exports it: entries of the chosen kinds, within a date
// range (local dates, both ends included), whose words contain a search text. Sorts on
// LedgerModel::RawValueRole, so times, amounts and ids sort as values, not as display text.
// The source must be a LedgerModel.
class LedgerFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit LedgerFilterModel(QObject *parent = nullptr);

    // Machine kinds ("topup", "capture", ...); empty: every kind.
    void setKinds(const QStringList &kinds);
    QStringList kinds() const { return m_kinds; }
    // An invalid date leaves that end open.
    void setDateRange(const QDate &from, const QDate &to);
    QDate from() const { return m_from; }
    QDate to() const { return m_to; }
    // Case-insensitive; matched against the shown kind, amount, balance, reference and memo, the
    // raw memo and the plain amount ("4.19").
    void setSearchText(const QString &text);
    QString searchText() const { return m_search; }

    // The entries that pass, in the order shown.
    QList<LedgerEntry> entries() const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    const LedgerModel *ledger() const;

    QStringList m_kinds;
    QDate m_from;
    QDate m_to;
    QString m_search;
};

} // namespace everx
