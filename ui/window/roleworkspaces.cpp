// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/roleworkspaces.h"

#include "provider/providerworkspace.h"
#include "support/supportworkspace.h"

namespace everx {

MainWindow::WorkspaceFactory roleWorkspaces(ClientSession &session, DeskState &desk)
{
    return [&session, &desk](Role role, QWidget *parent) -> QWidget * {
        switch (role) {
        case Role::Provider:
            return new ProviderWorkspace(session, desk, parent);
        case Role::Support:
            return new SupportWorkspace(session, desk, parent);
        case Role::Customer:
            break;
        }
        return nullptr;
    };
}

} // namespace everx
