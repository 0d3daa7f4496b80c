// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QObject>
#include <QtCore/QStringList>

#include <functional>

QT_BEGIN_NAMESPACE
class QTableView;
QT_END_NAMESPACE

namespace everx {

// Keeps a table's column of moments (TimeText::shortDateTime) on one line and wide enough for
// any of them: the column is sized to a written sample, again whenever the view's locale, font
// or style changes, and the view does not wrap text. The user may still resize the column.
// fitWords() does the same for a column of words from a closed set (a ledger entry's kind, a
// notification's): wide enough for the widest in the desk's language ("Tagihan per jam").
//
// Ownership: a child of the view, which it watches.
class TimeColumn final : public QObject
{
    Q_OBJECT

public:
    static TimeColumn *fit(QTableView *view, int column);
    // words gives every text the column can show, in the current language.
    static TimeColumn *fitWords(QTableView *view, int column, std::function<QStringList()> words);

    // The width the column gets: its widest sample's or its header's, the wider.
    int width() const;
    // Some rows are painted bold (unread notifications): the column is as wide as they are.
    void setBoldRows(bool bold);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    TimeColumn(QTableView *view, int column, std::function<QStringList()> samples);
    void apply();

    QTableView *m_view;
    int m_column;
    std::function<QStringList()> m_samples;
    bool m_bold = false;
};

} // namespace everx
