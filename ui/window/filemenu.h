// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QPointer>
#include <QtWidgets/QMenu>

class QAction;

namespace everx {

class ClientSession;

// The desk's File menu: Connect… (where: sandbox or server), Sign in…, Sign out, Quit (Ctrl+Q).
// It enables what the session's state allows and signs out itself; the window opens the dialogs
// and quits. Other parts of the desk may add their actions to it.
class FileMenu final : public QMenu
{
    Q_OBJECT

public:
    explicit FileMenu(ClientSession &session, QWidget *parent = nullptr);
    ~FileMenu() override;

Q_SIGNALS:
    void connectRequested();
    void signInRequested();
    void quitRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateActions();

    QPointer<ClientSession> m_session;
    QAction *m_connect = nullptr;
    QAction *m_signIn = nullptr;
    QAction *m_signOut = nullptr;
    QAction *m_quit = nullptr;
};

} // namespace everx
