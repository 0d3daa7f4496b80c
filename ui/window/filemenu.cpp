// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/filemenu.h"

#include "wire/clientsession.h"

#include <QtCore/QEvent>
#include <QtGui/QAction>

namespace everx {

FileMenu::FileMenu(ClientSession &session, QWidget *parent)
    : QMenu(parent)
    , m_session(&session)
{
    setObjectName(QStringLiteral("fileMenu"));
    m_connect = addAction(QString());
    m_connect->setObjectName(QStringLiteral("connectAction"));
    m_signIn = addAction(QString());
    m_signIn->setObjectName(QStringLiteral("signInAction"));
    m_signOut = addAction(QString());
    m_signOut->setObjectName(QStringLiteral("signOutAction"));
    addSeparator();
    m_quit = addAction(QString());
    m_quit->setObjectName(QStringLiteral("quitAction"));
    m_quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quit->setMenuRole(QAction::QuitRole);
    // The window's shortcuts must work with the menu closed.
    if (parent)
        parent->addAction(m_quit);

    connect(m_connect, &QAction::triggered, this, &FileMenu::connectRequested);
    connect(m_signIn, &QAction::triggered, this, &FileMenu::signInRequested);
    connect(m_signOut, &QAction::triggered, this, [this] {
        if (m_session)
            m_session->logout(); // signedOut() follows; the desk's models clear
    });
    connect(m_quit, &QAction::triggered, this, &FileMenu::quitRequested);
    connect(&session, &ClientSession::stateChanged, this, &FileMenu::updateActions);
    retranslateUi();
    updateActions();
}

FileMenu::~FileMenu() = default;

void FileMenu::updateActions()
{
    const ClientSession::State state =
        m_session ? m_session->state() : ClientSession::State::Disconnected;
    m_signIn->setEnabled(state == ClientSession::State::Connected
                         || state == ClientSession::State::SignedIn);
    m_signOut->setEnabled(state == ClientSession::State::SignedIn);
}

void FileMenu::retranslateUi()
{
    setTitle(tr("&File"));
    m_connect->setText(tr("&Connect\u2026"));
    m_signIn->setText(tr("&Sign in\u2026"));
    m_signOut->setText(tr("Sign &out"));
    m_quit->setText(tr("&Quit"));
}

void FileMenu::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMenu::changeEvent(event);
}

} // namespace everx
