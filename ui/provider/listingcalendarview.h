// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "views/providercalendar.h"

#include <QtWidgets/QWidget>

namespace everx {

// One listing's calendar, as the provider's workspace shows it: a row per day from today, a
// column per hour of the day, on the computer's clock, each cell filled from the bottom with
// the GPUs rented (solid) and reserved (hatched) in that hour, the rest idle; hours gone are
// greyed, the hour under way is outlined. A key under the grid names the three. Hovering a cell
// tells its hour and its counts. The calendar reaches 14 days past today, as far as a window may
// be reserved ahead.
// Threading: the GUI thread.
class ListingCalendarView final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int Days = 15; // today and the 14 days after it

    explicit ListingCalendarView(QWidget *parent = nullptr);

    // The first cell is fromMs (the hour the day's midnight falls in); `hours` has a cell each,
    // Days x 24 of them. nowMs greys what is gone.
    void setCalendar(qint64 fromMs, qint32 gpus, const QList<ProviderCalendar::Hour> &hours,
                     qint64 nowMs);
    qint64 fromMs() const { return m_fromMs; }
    const QList<ProviderCalendar::Hour> &hours() const { return m_hours; }

    // The cell under a point, or -1; the rectangle of a cell.
    int hourAt(const QPoint &point) const;
    QRect cellRect(int hour) const;
    // What hovering a cell says: its hour and its GPUs rented, reserved and idle.
    QString hourText(int hour) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    struct Geometry
    {
        int labelWidth = 0; // the days' names
        int headerHeight = 0; // the hours' numbers
        int cellWidth = 0;
        int cellHeight = 0;
        int keyHeight = 0;
    };
    // Measured once per paint: the days' names are formatted to find the widest.
    Geometry geometry() const;
    static QRect cellRect(int hour, const Geometry &g);
    QString dayText(int day) const;

    qint64 m_fromMs = 0;
    qint64 m_nowMs = 0;
    qint32 m_gpus = 0;
    QList<ProviderCalendar::Hour> m_hours;
};

} // namespace everx
