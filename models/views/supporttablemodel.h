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
    enum Role { RawValueRole = Qt::UserRole + 1, IdRole };

    SupportTableModel(QList<SupportColumn<T>> columns, QObject *parent = nullptr)
        : RecordTableModel<T>(int(columns.size()), parent)
        , m_columns(std::move(columns))
    { }

    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0
            || section >= m_columns.size())
            return RecordTableModel<T>::headerData(section, orientation, role);
        return QCoreApplication::translate("everx::SupportTableModel", m_columns[section].title);
    }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override
    {
        if (!this->checkIndex(index,
                              QAbstractItemModel::CheckIndexOption::IndexIsValid
                                  | QAbstractItemModel::CheckIndexOption::ParentIsInvalid))
            return {};
        const T &r = this->record(index.row());
        const SupportColumn<T> &c = m_columns[index.column()];
        switch (role) {
        case Qt::DisplayRole:
            return c.display(r, this->locale());
        case Qt::ToolTipRole: // long texts (reasons, notes, details) in full
            return c.display(r, this->locale());
        case RawValueRole:
            return c.raw(r);
        case IdRole:
            return r.id;
        }
        return {};
    }

private:
    QList<SupportColumn<T>> m_columns;
};

} // namespace everx
