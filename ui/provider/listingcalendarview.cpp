// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "provider/listingcalendarview.h"

#include "market/marketrules.h"
#include "views/timetext.h"

#include <QtCore/QDateTime>
#include <QtGui/QHelpEvent>
#include <QtGui/QPainter>
#include <QtWidgets/QToolTip>

#include <algorithm>

namespace everx {

namespace {

constexpr int HoursPerDay = 24;
constexpr int MinCellWidth = 18;
constexpr int MinCellHeight = 14;

QColor faded(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

} // namespace

ListingCalendarView::ListingCalendarView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("listingCalendar"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void ListingCalendarView::setCalendar(qint64 fromMs, qint32 gpus,
                                      const QList<ProviderCalendar::Hour> &hours, qint64 nowMs)
{
    m_fromMs = fromMs;
    m_gpus = gpus;
    m_hours = hours;
    m_nowMs = nowMs;
    update();
}

ListingCalendarView::Geometry ListingCalendarView::geometry() const
{
    const QFontMetrics fm = fontMetrics();
    Geometry g;
    for (int day = 0; day < Days; ++day)
        g.labelWidth = std::max(g.labelWidth, fm.horizontalAdvance(dayText(day)));
    g.labelWidth += fm.averageCharWidth() * 2;
    g.headerHeight = fm.height() + 4;
    g.keyHeight = fm.height() + 10;
    g.cellWidth = std::max(MinCellWidth, (width() - g.labelWidth - 1) / HoursPerDay);
    g.cellHeight = std::max(MinCellHeight, (height() - g.headerHeight - g.keyHeight - 1) / Days);
    return g;
}

QSize ListingCalendarView::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    const int cellWidth =
        std::max(MinCellWidth + 8, fm.horizontalAdvance(QStringLiteral("00")) + 10);
    return {fm.horizontalAdvance(dayText(0)) + fm.averageCharWidth() * 2 + HoursPerDay * cellWidth,
            fm.height() * 2 + 14 + Days * (MinCellHeight + 6)};
}

QSize ListingCalendarView::minimumSizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return {fm.horizontalAdvance(dayText(0)) + fm.averageCharWidth() * 2
                + HoursPerDay * MinCellWidth + 1,
            fm.height() * 2 + 15 + Days * MinCellHeight};
}

QString ListingCalendarView::dayText(int day) const
{
    const QDateTime at =
        QDateTime::fromMSecsSinceEpoch(m_fromMs + qint64(day) * MarketRules::DayMs);
    return locale().toString(at.date(), QStringLiteral("ddd d MMM"));
}

QRect ListingCalendarView::cellRect(int hour) const
{
    return cellRect(hour, geometry());
}

QRect ListingCalendarView::cellRect(int hour, const Geometry &g)
{
    if (hour < 0 || hour >= Days * HoursPerDay)
        return {};
    return {g.labelWidth + (hour % HoursPerDay) * g.cellWidth,
            g.headerHeight + (hour / HoursPerDay) * g.cellHeight, g.cellWidth, g.cellHeight};
}

int ListingCalendarView::hourAt(const QPoint &point) const
{
    const Geometry g = geometry();
    const int column = (point.x() - g.labelWidth) / g.cellWidth;
    const int row = (point.y() - g.headerHeight) / g.cellHeight;
    if (point.x() < g.labelWidth || point.y() < g.headerHeight || column >= HoursPerDay
        || row >= Days)
        return -1;
    return row * HoursPerDay + column;
}

QString ListingCalendarView::hourText(int hour) const
{
    if (hour < 0 || hour >= m_hours.size())
        return {};
    const ProviderCalendar::Hour &h = m_hours[hour];
    const qint64 start = m_fromMs + qint64(hour) * MarketRules::HourMs;
    const QLocale l = locale();
    const QString time = TimeText::shortTimeFormat(l);
    const QString span =
        tr("%1, %2 to %3", "a day, an hour's start and end")
            .arg(dayText(hour / HoursPerDay),
                 l.toString(QDateTime::fromMSecsSinceEpoch(start), time),
                 l.toString(QDateTime::fromMSecsSinceEpoch(start + MarketRules::HourMs), time));
    const qint32 idle = std::max(0, m_gpus - h.rented - h.reserved);
    return tr("%1: %2 rented, %3 reserved, %4 idle of %5 GPUs", "a server's GPUs in one hour")
        .arg(span, l.toString(h.rented), l.toString(h.reserved), l.toString(idle),
             l.toString(m_gpus));
}

bool ListingCalendarView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int hour = hourAt(help->pos());
        if (hour >= 0 && hour < m_hours.size())
            QToolTip::showText(help->globalPos(), hourText(hour), this, cellRect(hour));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void ListingCalendarView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    const Geometry g = geometry();
    const QColor text = pal.color(QPalette::Text);
    const QColor rented = pal.color(QPalette::Highlight);
    const QColor grid = faded(text, 40);
    p.fillRect(rect(), pal.color(QPalette::Base));
    p.setPen(text);

    // The hours of the day over the columns, on the computer's clock.
    const QTime midnight = QDateTime::fromMSecsSinceEpoch(m_fromMs).time();
    for (int c = 0; c < HoursPerDay; ++c) {
        const QRect r(g.labelWidth + c * g.cellWidth, 0, g.cellWidth, g.headerHeight);
        p.drawText(r, Qt::AlignCenter,
                   QStringLiteral("%1").arg(midnight.addSecs(c * 3600).hour(), 2, 10, QChar(u'0')));
    }
    for (int day = 0; day < Days; ++day) {
        const QRect r(0, g.headerHeight + day * g.cellHeight, g.labelWidth - 4, g.cellHeight);
        p.drawText(r, Qt::AlignRight | Qt::AlignVCenter, dayText(day));
    }

    const QBrush hatch(rented, Qt::BDiagPattern);
    for (int hour = 0; hour < Days * HoursPerDay; ++hour) {
        const QRect frame = cellRect(hour, g);
        const QRect cell = frame.adjusted(1, 1, 0, 0);
        const qint64 start = m_fromMs + qint64(hour) * MarketRules::HourMs;
        const bool gone = start + MarketRules::HourMs <= m_nowMs;
        if (gone)
            p.fillRect(cell, faded(text, 22));
        if (hour < m_hours.size() && m_gpus > 0) {
            const ProviderCalendar::Hour &h = m_hours[hour];
            // From the bottom: rented, then reserved; each in proportion to the server's GPUs.
            const auto share = [&](qint32 gpus) {
                return int(qRound(double(std::min(gpus, m_gpus)) * cell.height() / m_gpus));
            };
            const int rentedHeight = share(h.rented);
            const int reservedHeight = std::min(cell.height() - rentedHeight, share(h.reserved));
            const QRect rentedRect(cell.left(), cell.bottom() - rentedHeight + 1, cell.width(),
                                   rentedHeight);
            const QRect reservedRect(cell.left(), rentedRect.top() - reservedHeight, cell.width(),
                                     reservedHeight);
            p.fillRect(rentedRect, gone ? faded(rented, 120) : rented);
            p.fillRect(reservedRect, faded(rented, gone ? 40 : 70));
            p.fillRect(reservedRect, hatch);
        }
        p.setPen(grid);
        p.drawRect(frame);
        if (start <= m_nowMs && m_nowMs < start + MarketRules::HourMs) {
            p.setPen(QPen(text, 2));
            p.drawRect(frame.adjusted(1, 1, -1, -1));
        }
    }

    // The key.
    const QFontMetrics fm = fontMetrics();
    int x = g.labelWidth;
    const int y = g.headerHeight + Days * g.cellHeight + 6;
    const int box = fm.height() - 4;
    const auto key = [&](const QString &name, const QBrush &fill, const QBrush &over) {
        const QRect swatch(x, y + 2, box, box);
        p.fillRect(swatch, fill);
        if (over.style() != Qt::NoBrush)
            p.fillRect(swatch, over);
        p.setPen(grid);
        p.drawRect(swatch);
        p.setPen(text);
        x += box + 4;
        p.drawText(QRect(x, y, fm.horizontalAdvance(name) + 2, fm.height()), Qt::AlignVCenter,
                   name);
        x += fm.horizontalAdvance(name) + fm.averageCharWidth() * 3;
    };
    key(tr("Rented", "GPUs of a server in an hour"), rented, Qt::NoBrush);
    key(tr("Reserved", "GPUs of a server in an hour"), faded(rented, 70), hatch);
    key(tr("Idle", "GPUs of a server in an hour"), pal.color(QPalette::Base), Qt::NoBrush);
    key(tr("Gone", "hours of the calendar already past"), faded(text, 22), Qt::NoBrush);
}

} // namespace everx
