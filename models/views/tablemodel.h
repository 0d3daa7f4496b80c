// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QAbstractTableModel>
#include <QtCore/QList>

#include <span>

namespace everx {

// What the desk's table models share (docs/architecture.md "The desk"): fixed columns whose titles
// come from a table, and data() read by role. DisplayRole and RawValueRole read one cell through
// cell(): for people (locale-formatted) or to sort on (ids, ms, cents, counts), so that sort
// proxies sort on the raw value and never on display text. Every other role (ids, alignment,
// tooltips) goes to roleData(), which answers nothing unless the model says otherwise.
class TableModel : public QAbstractTableModel
{
public:
    // A model's own roles follow RawValueRole.
    enum Role { RawValueRole = Qt::UserRole + 1 };

    // A column's title: its source text and disambiguation, marked with QT_TRANSLATE_NOOP3 in
    // the translation context of the model that shows it, and translated when a view asks.
    struct ColumnTitle
    {
        const char *source;
        const char *comment;
    };

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;

protected:
    // `titles` in the order of the columns, one a column; `context` the translation context
    // they are marked in, by default the model's class name (the context of its tr()).
    TableModel(std::span<const ColumnTitle> titles, QObject *parent, const char *context = nullptr);

    // The cell at a valid row and column, for people (raw false) or to sort on (raw true).
    virtual QVariant cell(int row, int column, bool raw) const = 0;
    // Any role but DisplayRole and RawValueRole, at a valid row and column: nothing here.
    virtual QVariant roleData(int row, int column, int role) const;

private:
    QList<ColumnTitle> m_titles;
    const char *m_context;
};

} // namespace everx
