// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "views/tablemodel.h"

#include <QtCore/QHash>
#include <QtCore/QList>
#include <QtCore/QLocale>
#include <QtCore/QSet>

namespace everx {

// Rows of records keyed by their id, for live lists (open orders, rentals): a record that
// appears inserts its row at the end, one that changes emits dataChanged for its row, one that
// goes removes exactly its row. Lookups by id are O(1); removal re-indexes the rows after it.
// Never a reset after the first snapshot, so views keep selection and scroll.
//
// T needs a qint64 member `id`. Subclasses give the columns' titles and cells (TableModel).
template<typename T>
class RecordTableModel : public TableModel
{
public:
    RecordTableModel(std::span<const ColumnTitle> titles, QObject *parent,
                     const char *context = nullptr)
        : TableModel(titles, parent, context)
    { }

    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }

    // Money, numbers and dates in the user's locale; a change repaints every row once.
    void setLocale(const QLocale &locale)
    {
        m_locale = locale;
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    }
    const QLocale &locale() const { return m_locale; }

    const T &record(int row) const { return m_rows[row]; }
    int rowOf(qint64 id) const { return m_index.value(id, -1); }
    bool contains(qint64 id) const { return m_index.contains(id); }

    // Inserts or updates.
    void upsert(const T &record)
    {
        const int row = rowOf(record.id);
        if (row >= 0) {
            m_rows[row] = record;
            Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1));
            return;
        }
        const int at = int(m_rows.size());
        beginInsertRows({}, at, at);
        m_rows.append(record);
        m_index.insert(record.id, at);
        endInsertRows();
    }

    void remove(qint64 id)
    {
        const int row = rowOf(id);
        if (row < 0)
            return;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        m_index.remove(id);
        for (int r = row; r < m_rows.size(); ++r)
            m_index[m_rows[r].id] = r;
        endRemoveRows();
    }

    // Makes the rows exactly `records`, in their order (a page newest first stays so, and a new
    // record lands where the answer puts it): removes the missing, moves and updates the kept,
    // inserts the new. A repeated id keeps its first place.
    void replaceAll(const QList<T> &records)
    {
        QSet<qint64> keep;
        for (const T &r : records)
            keep.insert(r.id);
        const QList<T> current = m_rows;
        for (const T &r : current) {
            if (!keep.contains(r.id))
                remove(r.id);
        }
        int at = 0; // rows before `at` are the answer's first records, in order
        for (const T &r : records) {
            const int row = rowOf(r.id);
            if (row >= 0 && row < at) { // a repeated id
                m_rows[row] = r;
                Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1));
                continue;
            }
            if (row < 0) {
                beginInsertRows({}, at, at);
                m_rows.insert(at, r);
                reindexFrom(at);
                endInsertRows();
            } else {
                if (row != at) {
                    beginMoveRows({}, row, row, {}, at);
                    m_rows.move(row, at);
                    reindexFrom(at);
                    endMoveRows();
                }
                m_rows[at] = r;
                Q_EMIT dataChanged(index(at, 0), index(at, columnCount() - 1));
            }
            ++at;
        }
    }

    void clear()
    {
        if (m_rows.isEmpty())
            return;
        beginRemoveRows({}, 0, int(m_rows.size()) - 1);
        m_rows.clear();
        m_index.clear();
        endRemoveRows();
    }

private:
    void reindexFrom(int row)
    {
        for (int r = row; r < m_rows.size(); ++r)
            m_index[m_rows[r].id] = r;
    }

    QLocale m_locale;
    QList<T> m_rows;
    QHash<qint64, int> m_index; // id -> row
};

} // namespace everx
