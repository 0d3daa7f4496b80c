// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/ledgerfiltermodel.h"

#include "views/ledgermodel.h"

#include <QtCore/QDateTime>

namespace everx {

LedgerFilterModel::LedgerFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(LedgerModel::RawValueRole);
}

const LedgerModel *LedgerFilterModel::ledger() const
{
    return qobject_cast<const LedgerModel *>(sourceModel());
}

void LedgerFilterModel::setKinds(const QStringList &kinds)
{
    if (kinds == m_kinds)
        return;
    m_kinds = kinds;
    invalidateFilter();
}

void LedgerFilterModel::setDateRange(const QDate &from, const QDate &to)
{
    if (from == m_from && to == m_to)
        return;
    m_from = from;
    m_to = to;
    invalidateFilter();
}

void LedgerFilterModel::setSearchText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_search)
        return;
    m_search = trimmed;
    invalidateFilter();
}

QList<LedgerEntry> LedgerFilterModel::entries() const
{
    QList<LedgerEntry> out;
    const LedgerModel *source = ledger();
    if (!source)
        return out;
    out.reserve(rowCount());
    for (int row = 0; row < rowCount(); ++row)
        out.append(source->entry(mapToSource(index(row, 0)).row()));
    return out;
}

bool LedgerFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const LedgerModel *source = ledger();
    if (!source || sourceParent.isValid())
        return false;
    const LedgerEntry &e = source->entry(sourceRow);
    if (!m_kinds.isEmpty() && !m_kinds.contains(e.kind))
        return false;
    if (m_from.isValid() || m_to.isValid()) {
        const QDate date = QDateTime::fromMSecsSinceEpoch(e.timeMs).toLocalTime().date();
        if ((m_from.isValid() && date < m_from) || (m_to.isValid() && date > m_to))
            return false;
    }
    if (m_search.isEmpty())
        return true;
    const auto has = [this](const QString &text) {
        return text.contains(m_search, Qt::CaseInsensitive);
    };
    for (int column = 0; column < LedgerModel::ColumnCount; ++column) {
        if (has(source->index(sourceRow, column).data(Qt::DisplayRole).toString()))
            return true;
    }
    return has(e.memo) || has(Money::toPlain(e.amount));
}

} // namespace everx
