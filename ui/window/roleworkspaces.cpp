// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/roleworkspaces.h"

#include "provider/providerworkspace.h"
#include "support/supportworkspace.h"

#include <QtWidgets/QScrollArea>

namespace everx {

namespace {

// A workspace's forms need more than a 1280x800 screen leaves its dock (the support agent's
// inspector beside its search): in a scroll area the dock, and so the window, stays on the
// screen and the workspace scrolls instead. The area carries the workspace's title, which the
// dock shows.
QWidget *scrolled(QWidget *workspace, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setObjectName(workspace->objectName() + QStringLiteral("Scroll"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(workspace);
    area->setWindowTitle(workspace->windowTitle());
    QObject::connect(workspace, &QWidget::windowTitleChanged, area, &QWidget::setWindowTitle);
    return area;
}

} // namespace

MainWindow::WorkspaceFactory roleWorkspaces(ClientSession &session, DeskState &desk)
{
    return [&session, &desk](Role role, QWidget *parent) -> QWidget * {
        switch (role) {
        case Role::Provider:
            return scrolled(new ProviderWorkspace(session, desk, parent), parent);
        case Role::Support:
            return scrolled(new SupportWorkspace(session, desk, parent), parent);
        case Role::Customer:
            break;
        }
        return nullptr;
    };
}

} // namespace everx
