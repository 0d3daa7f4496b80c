// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QObject>

class QWidget;

namespace everx {

// Keeps a dialog (or wizard) whole. Qt holds a window to its layout's minimum size, but not to the
// height its word-wrapped texts need at its width: a validation message that appears squeezes the
// fields instead of growing the window, and a window made for a large screen runs off a small
// one. A WindowFit installed on a window grows it, whenever its layout changes, to the height its
// texts need, and keeps it inside its screen's available area. It belongs to the window.
class WindowFit final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WindowFit)

public:
    // Installs a WindowFit on window (once; a second call does nothing).
    static void install(QWidget *window);
    // Fits window now: as tall as its layout needs at its width, then inside its screen.
    static void fit(QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit WindowFit(QWidget *window);
    bool m_fitting = false;
};

} // namespace everx
