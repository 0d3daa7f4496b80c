// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "window/mainwindow.h"

namespace everx {

class ClientSession;
class DeskState;

// The workspaces of the roles, for MainWindow::setWorkspaceFactory: the provider's
// (ProviderWorkspace) and support's (SupportWorkspace); customers have none. The session and the
// desk must outlive every widget the factory makes.
MainWindow::WorkspaceFactory roleWorkspaces(ClientSession &session, DeskState &desk);

} // namespace everx
