// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/timecolumn.h"

#include "views/timetext.h"

#include <QtCore/QEvent>
#include <QtGui/QFont>
#include <QtGui/QFontMetrics>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QStyle>
#include <QtWidgets/QTableView>

#include <algorithm>

namespace everx {

TimeColumn::TimeColumn(QTableView *view, int column, std::function<QStringList()> samples)
    : QObject(view)
    , m_view(view)
    , m_column(column)
    , m_samples(std::move(samples))
{
    view->setWordWrap(false);
    view->installEventFilter(this);
    apply();
}

TimeColumn *TimeColumn::fit(QTableView *view, int column)
{
    return new TimeColumn(view, column, [view] {
        return QStringList {TimeText::shortDateTimeSample(view->locale())};
    });
}

TimeColumn *TimeColumn::fitWords(QTableView *view, int column, std::function<QStringList()> words)
{
    return new TimeColumn(view, column, std::move(words));
}

int TimeColumn::width() const
{
    // The item's text margins on both sides (as QCommonStyle lays out a view item), plus room
    // for the grid line.
    const int margin = m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view);
    QFont font = m_view->font();
    font.setBold(m_bold || font.bold());
    const QFontMetrics metrics(font);
    int text = 0;
    for (const QString &sample : m_samples())
        text = std::max(text, metrics.horizontalAdvance(sample));
    return std::max(text + 2 * (margin + 1) + 4,
                    m_view->horizontalHeader()->sectionSizeHint(m_column));
}

void TimeColumn::setBoldRows(bool bold)
{
    m_bold = bold;
    apply();
}

void TimeColumn::apply()
{
    m_view->horizontalHeader()->resizeSection(m_column, width());
}

bool TimeColumn::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::LocaleChange:
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::LanguageChange: // the header's text
        apply();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace everx
