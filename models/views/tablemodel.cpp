// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/tablemodel.h"

#include <QtCore/QCoreApplication>

namespace everx {

TableModel::TableModel(std::span<const ColumnTitle> titles, QObject *parent, const char *context)
    : QAbstractTableModel(parent)
    , m_titles(titles.begin(), titles.end())
    , m_context(context)
{ }

int TableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_titles.size());
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section < 0 || section >= m_titles.size())
        return {};
    const ColumnTitle &title = m_titles[section];
    return QCoreApplication::translate(m_context ? m_context : metaObject()->className(),
                                       title.source, title.comment);
}

QVariant TableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::DisplayRole || role == RawValueRole)
        return cell(index.row(), index.column(), role == RawValueRole);
    return roleData(index.row(), index.column(), role);
}

QVariant TableModel::roleData(int, int, int) const
{
    return {};
}

} // namespace everx
