// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// MainWindow's roles (mainwindow.h): the tools each role sees, each role's dock layout kept apart,
// the workspaces' docks made through the program's factory, and the Account menu (password, sign
// out everywhere, the sandbox's demo accounts). Part of the window, in a file of its own.

#include "window/mainwindow.h"

#include "trading/walletwidget.h"
#include "window/notificationsdock.h"
#include "window/passworddialog.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"
#include "wire/wirecodec.h"

#include <QtCore/QSettings>
#include <QtGui/QAction>
#include <QtGui/QActionGroup>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMenuBar>

namespace everx {

// Where each role's dock layout is kept; the customer's falls back to the key of the desk from
// before roles, so that an upgrade keeps its layout.
QString MainWindow::legacyStateKey()
{
    return QStringLiteral("mainWindow/state");
}

// The role's dock layout in QSettings, by the role's protocol name (mainWindow/state/provider).
QString MainWindow::stateKey(Role role)
{
    return legacyStateKey() + u'/' + Wire::roleName(role);
}

// --- roles ---------------------------------------------------------------------------------

QList<QDockWidget *> MainWindow::customerDocks() const
{
    return {m_ticketDock, m_ordersDock, m_rentalsDock, m_walletDock, m_startCostDock};
}

void MainWindow::setWorkspaceFactory(WorkspaceFactory factory)
{
    m_workspaceFactory = std::move(factory);
    // The role shown may have one now.
    if (m_role != Role::Customer && workspaceDock(m_role)) {
        workspaceDock(m_role)->show();
        workspaceDock(m_role)->toggleViewAction()->setVisible(true);
    }
}

QDockWidget *MainWindow::workspaceDock(Role role)
{
    if (role == Role::Customer)
        return nullptr;
    if (QDockWidget *dock = m_workspaceDocks.value(int(role)))
        return dock;
    QWidget *workspace = m_workspaceFactory ? m_workspaceFactory(role, this) : nullptr;
    if (!workspace)
        return nullptr;
    auto *dock = new QDockWidget(this);
    dock->setObjectName(QStringLiteral("workspaceDock_") + Wire::roleName(role));
    dock->setWidget(workspace);
    dock->setWindowTitle(workspace->windowTitle());
    connect(workspace, &QWidget::windowTitleChanged, dock, &QWidget::setWindowTitle);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    m_viewMenu->insertAction(m_appearanceSeparator, dock->toggleViewAction());
    m_workspaceDocks.insert(int(role), dock);
    return dock;
}

void MainWindow::showRole(Role role)
{
    QSettings settings;
    if (role != m_role)
        settings.setValue(stateKey(m_role), saveState());
    const bool changed = role != m_role;
    m_role = role;
    QDockWidget *workspace = workspaceDock(role); // before restoreState, which places it
    if (changed) {
        const QByteArray saved = settings.value(stateKey(role)).toByteArray();
        if (saved.isEmpty() || !restoreState(saved)) {
            // A role's first visit: every one of its tools in view, whatever the role before
            // had closed.
            const bool customer = role == Role::Customer;
            for (QDockWidget *dock : customerDocks())
                dock->setVisible(customer);
            for (QDockWidget *dock :
                 {m_bookDock, m_tradeTapeDock, m_priceChartDock, m_depthChartDock,
                  static_cast<QDockWidget *>(m_notificationsDock)})
                dock->show();
            m_bookDock->raise();
            if (workspace) {
                workspace->show();
                workspace->raise();
                // The workspace is the role's main tool and scrolls (roleWorkspaces): most of the
                // bottom row, beside the notifications, so that its tables show their columns.
                resizeDocks({m_notificationsDock, workspace}, {width() / 4, width() * 3 / 4},
                            Qt::Horizontal);
            }
        }
    }
    // Whatever a saved layout says, a role never sees another role's tools.
    const bool customer = role == Role::Customer;
    for (QDockWidget *dock : customerDocks()) {
        dock->toggleViewAction()->setVisible(customer);
        if (!customer)
            dock->hide();
    }
    for (auto it = m_workspaceDocks.cbegin(); it != m_workspaceDocks.cend(); ++it) {
        const bool mine = it.key() == int(role);
        it.value()->toggleViewAction()->setVisible(mine);
        if (!mine)
            it.value()->hide();
    }
    m_wallet->menu()->menuAction()->setVisible(customer);
    m_wizardAction->setVisible(customer);
    m_toolsMenu->menuAction()->setVisible(customer);
    for (QAction *action : m_goToMenu->actions()) {
        const QString name = action->objectName();
        bool hidden = false;
        for (QDockWidget *dock : customerDocks())
            hidden = hidden || (!customer && name == QStringLiteral("goTo_") + dock->objectName());
        action->setVisible(!hidden);
        action->setEnabled(!hidden);
    }
    for (auto it = m_demoActions.cbegin(); it != m_demoActions.cend(); ++it)
        it.value()->setChecked(it.key() == int(role));
}

// The Account menu: change the password, sign out everywhere, and on the sandbox the demo
// accounts of each role (auth.demo), so that each kind of user can be tried at once.
void MainWindow::setUpAccountMenu()
{
    m_accountMenu = new QMenu(this);
    m_accountMenu->setObjectName(QStringLiteral("accountMenu"));
    menuBar()->insertMenu(m_viewMenu->menuAction(), m_accountMenu);
    m_changePassword = m_accountMenu->addAction(QString());
    m_changePassword->setObjectName(QStringLiteral("changePasswordAction"));
    connect(m_changePassword, &QAction::triggered, this, [this] {
        if (!m_session)
            return;
        if (!m_passwordDialog) {
            m_passwordDialog = new PasswordDialog(*m_session, this);
            m_passwordDialog->setAttribute(Qt::WA_DeleteOnClose);
            connect(m_passwordDialog, &QDialog::accepted, this, [this] {
                showMessage(tr("Password changed. Every other session of the account has ended."));
            });
            m_passwordDialog->open();
        }
        m_passwordDialog->raise();
        m_passwordDialog->activateWindow();
    });
    m_logoutEverywhere = m_accountMenu->addAction(QString());
    m_logoutEverywhere->setObjectName(QStringLiteral("logoutEverywhereAction"));
    connect(m_logoutEverywhere, &QAction::triggered, this, [this] {
        confirmThen(
            QStringLiteral("logoutEverywhereConfirmation"), tr("Sign out everywhere"),
            tr("Sign this account out on every desk and device, this one too?"), [this] {
                ExchangeClient(*m_session).logoutEverywhere(this, [this](const Result<bool> &done) {
                    if (!done) {
                        showRefusal(done.error());
                        return;
                    }
                    // The exchange ended this session too: forget its token.
                    if (m_session)
                        m_session->logout();
                    showMessage(tr("Signed out everywhere."));
                });
            });
    });
    m_demoSeparator = m_accountMenu->addSeparator();
    auto *demos = new QActionGroup(this);
    for (const Role role : {Role::Customer, Role::Provider, Role::Support}) {
        QAction *action = m_accountMenu->addAction(QString());
        action->setObjectName(QStringLiteral("demoAction_") + Wire::roleName(role));
        action->setCheckable(true);
        demos->addAction(action);
        m_demoActions.insert(int(role), action);
        connect(action, &QAction::triggered, this, [this, role] {
            if (m_session)
                m_session->loginDemo(role);
        });
    }
    const auto update = [this] {
        const bool signedIn = m_session && m_session->state() == ClientSession::State::SignedIn;
        m_changePassword->setEnabled(signedIn);
        m_logoutEverywhere->setEnabled(signedIn);
        const bool sandbox = m_session && m_session->isSandbox();
        m_demoSeparator->setVisible(sandbox);
        for (QAction *action : std::as_const(m_demoActions)) {
            action->setVisible(sandbox);
            action->setEnabled(m_session && m_session->state() != ClientSession::State::Connecting
                               && m_session->state() != ClientSession::State::Disconnected);
        }
    };
    update();
    connect(m_session, &ClientSession::stateChanged, this, update);
    connect(m_session, &ClientSession::signedIn, this, update);
    connect(m_session, &ClientSession::signedOut, this, update);
}

} // namespace everx
