// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QObject>

QT_BEGIN_NAMESPACE
class QTableView;
QT_END_NAMESPACE

namespace everx {

// Keeps a table's column of moments (TimeText::shortDateTime) on one line and wide enough for
// any of them: the column is sized to a written sample, again whenever the view's locale, font
// or style changes, and the view does not wrap text. The user may still resize the column.
//
// Ownership: a child of the view, which it watches.
class TimeColumn final : public QObject
{
    Q_OBJECT

public:
    static TimeColumn *fit(QTableView *view, int column);

    // The width the column gets: its sample's or its header's, the wider.
    int width() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    TimeColumn(QTableView *view, int column);
    void apply();

    QTableView *m_view;
    int m_column;
};

} // namespace everx
