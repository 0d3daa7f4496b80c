// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "views/recordtablemodel.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QVariant>

#include <functional>

namespace everx {

// One column of a support listing: its title (a source text in the context
// "everx::SupportTableModel", marked with QT_TRANSLATE_NOOP where the columns are defined, and
// translated when shown) and how a record reads in it for people (locale-formatted) and for
// sorting (RawValueRole: ids, ms, cents, names).
template<typename T>
struct SupportColumn
{
    const char *title;
    std::function<QVariant(const T &, const QLocale &)> display;
    std::function<QVariant(const T &)> raw;
};

// The support workspace's listings (search results, an account's ledger, history, sessions,
// notes, the audit log, the dual-control queue): rows of records by id (RecordTableModel: a new
// page replaces the rows with exact removes, inserts and dataChanged, never a reset), columns
// from a table (SupportColumns). Read-only. T needs a qint64 member `id`.
template<typename T>
class SupportTableModel final : public RecordTableModel<T>
{
public:
    enum Role { IdRole = TableModel::RawValueRole + 1 };

    SupportTableModel(QList<SupportColumn<T>> columns, QObject *parent = nullptr)
        : RecordTableModel<T>(titles(columns), parent, "everx::SupportTableModel")
        , m_columns(std::move(columns))
    { }

private:
    static QList<TableModel::ColumnTitle> titles(const QList<SupportColumn<T>> &columns)
    {
        QList<TableModel::ColumnTitle> out;
        for (const SupportColumn<T> &c : columns)
            out.append({c.title, nullptr});
        return out;
    }

    QVariant cell(int row, int column, bool raw) const override
    {
        const T &r = this->record(row);
        const SupportColumn<T> &c = m_columns[column];
        return raw ? c.raw(r) : c.display(r, this->locale());
    }

    QVariant roleData(int row, int column, int role) const override
    {
        switch (role) {
        case Qt::ToolTipRole: // long texts (reasons, notes, details) in full
            return cell(row, column, false);
        case IdRole:
            return this->record(row).id;
        }
        return {};
    }

    QList<SupportColumn<T>> m_columns;
};

} // namespace everx
