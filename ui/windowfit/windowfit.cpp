// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "windowfit/windowfit.h"

#include <QtCore/QEvent>
#include <QtGui/QScreen>
#include <QtWidgets/QLayout>
#include <QtWidgets/QWidget>

namespace everx {

WindowFit::WindowFit(QWidget *window)
    : QObject(window)
{
    setObjectName(QStringLiteral("windowFit"));
    window->installEventFilter(this);
}

void WindowFit::install(QWidget *window)
{
    if (window && !window->findChild<WindowFit *>(QString(), Qt::FindDirectChildrenOnly))
        new WindowFit(window);
}

void WindowFit::fit(QWidget *window)
{
    if (!window || !window->isWindow())
        return;
    const QScreen *screen = window->screen();
    // The frame (title bar, borders) takes its share of the screen too.
    const QSize frame = window->frameGeometry().size() - window->size();
    const QRect available = screen ? screen->availableGeometry() : QRect();
    const QSize room = available.isValid() ? available.size() - frame : QSize();

    QSize size = window->size();
    if (QLayout *layout = window->layout()) {
        layout->activate();
        const int width = room.isValid() ? std::min(size.width(), room.width()) : size.width();
        const int needed = window->hasHeightForWidth() ? window->heightForWidth(width)
                                                       : window->sizeHint().height();
        size = QSize(width, std::max(size.height(), needed));
    }
    if (room.isValid()) {
        size = size.boundedTo(room);
        // What the layout cannot give up (its minimum) wins over the screen: the window's own
        // layout must scroll then.
        size = size.expandedTo(window->minimumSize());
    }
    if (size != window->size())
        window->resize(size);

    if (window->isVisible() && available.isValid()) {
        // Back on the screen if growing took it past an edge.
        QRect placed = window->frameGeometry();
        if (placed.right() > available.right())
            placed.moveRight(available.right());
        if (placed.bottom() > available.bottom())
            placed.moveBottom(available.bottom());
        if (placed.left() < available.left())
            placed.moveLeft(available.left());
        if (placed.top() < available.top())
            placed.moveTop(available.top());
        if (placed.topLeft() != window->frameGeometry().topLeft())
            window->move(placed.topLeft());
    }
}

bool WindowFit::eventFilter(QObject *watched, QEvent *event)
{
    // The layout has already handled a LayoutRequest when a filter sees it (QApplication gives
    // the event to the layout first), so the sizes read here are the new ones.
    const QEvent::Type type = event->type();
    if (!m_fitting && watched->isWidgetType()
        && (type == QEvent::Show || type == QEvent::LayoutRequest || type == QEvent::Resize
            || type == QEvent::ScreenChangeInternal)) {
        m_fitting = true;
        fit(static_cast<QWidget *>(watched));
        m_fitting = false;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace everx
