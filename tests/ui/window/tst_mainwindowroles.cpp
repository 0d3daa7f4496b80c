// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The role-aware window, offscreen on the embedded sandbox: each role sees its tools and not the
// others', the Account menu switches between the sandbox's demo users, each role keeps its own
// dock layout, and the workspace seam puts a role's workspace in a dock of its own. The Account
// menu also changes the password and signs out everywhere.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"

#include "provider/providerworkspace.h"
#include "sandbox/sandbox.h"
#include "support/supportworkspace.h"
#include "views/deskstate.h"
#include "window/mainwindow.h"
#include "window/passworddialog.h"
#include "window/roleworkspaces.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QSettings>
#include <QtGui/QAction>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

const QStringList CustomerDocks {u"orderTicketDock"_s, u"openOrdersDock"_s, u"rentalsDock"_s,
                                 u"walletDock"_s};
const QStringList MarketDocks {u"orderBookDock"_s, u"priceChartDock"_s, u"depthChartDock"_s,
                               u"tradeTapeDock"_s};

struct Desk
{
    test::SandboxFixture sandbox;
    std::unique_ptr<DeskState> desk;
    std::unique_ptr<ServerConnector> connector;
    std::unique_ptr<MainWindow> window;

    bool start(const MainWindow::WorkspaceFactory &factory = {})
    {
        if (!sandbox.start())
            return false;
        desk = std::make_unique<DeskState>(sandbox.session, GpuCatalog::builtIn());
        connector = std::make_unique<ServerConnector>(sandbox.session);
        window = std::make_unique<MainWindow>(*connector, *desk);
        if (factory)
            window->setWorkspaceFactory(factory);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return false;
        sandbox.session.connectToExchange();
        return QTest::qWaitFor(
            [this] { return sandbox.session.state() == ClientSession::State::Connected; }, 10'000);
    }

    QDockWidget *dock(const QString &name) const { return window->findChild<QDockWidget *>(name); }
    QAction *action(const QString &name) const { return window->findChild<QAction *>(name); }

    // Switches with the Account menu's demo entry and waits for the window to follow.
    bool switchTo(Role role, const QString &actionName)
    {
        QAction *demo = action(actionName);
        if (!demo || !demo->isVisible() || !demo->isEnabled())
            return false;
        demo->trigger();
        return QTest::qWaitFor(
            [&] {
                return sandbox.session.state() == ClientSession::State::SignedIn
                    && sandbox.session.account().role == role && window->shownRole() == role;
            },
            10'000);
    }
};

// Whether a dock is shown: open, in front or as a tab behind another (isVisible() is false for
// a tab behind).
bool shown(const QDockWidget *dock)
{
    return dock && dock->toggleViewAction()->isChecked();
}

// A stand-in for a role's workspace (ProviderWorkspace, SupportWorkspace), as the program's
// factory would make it.
QWidget *fakeWorkspace(Role role, QWidget *parent)
{
    if (role == Role::Customer)
        return nullptr;
    auto *w = new QLabel(parent);
    w->setObjectName(role == Role::Provider ? u"fakeProviderWorkspace"_s
                                            : u"fakeSupportWorkspace"_s);
    w->setWindowTitle(role == Role::Provider ? u"Provider workspace"_s : u"Support workspace"_s);
    return w;
}

} // namespace

class TestMainWindowRoles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void eachRoleSeesItsTools();
    void eachRoleKeepsItsLayout();
    void theDeskShowsTheRealWorkspaces();
    void changePasswordFromTheAccountMenu();
    void signOutEverywhereFromTheAccountMenu();
};

void TestMainWindowRoles::initTestCase()
{
    test::isolateSettings();
}

void TestMainWindowRoles::eachRoleSeesItsTools()
{
    Desk d;
    QVERIFY(d.start(&fakeWorkspace));
    // Only the sandbox offers its demo users.
    QVERIFY(d.action(u"demoAction_provider"_s)->isVisible());
    QVERIFY(d.switchTo(Role::Customer, u"demoAction_customer"_s));
    for (const QString &name : CustomerDocks + MarketDocks) {
        QVERIFY2(shown(d.dock(name)), qPrintable(name));
        QVERIFY2(d.dock(name)->toggleViewAction()->isVisible(), qPrintable(name));
    }
    QVERIFY(!d.dock(u"workspaceDock_provider"_s)); // not made until a provider signs in
    QVERIFY(d.action(u"demoAction_customer"_s)->isChecked());

    QVERIFY(d.switchTo(Role::Provider, u"demoAction_provider"_s));
    for (const QString &name : CustomerDocks) {
        QVERIFY2(!shown(d.dock(name)), qPrintable(name));
        // Not even offered in the View menu, nor by its Go to shortcut.
        QVERIFY2(!d.dock(name)->toggleViewAction()->isVisible(), qPrintable(name));
        QVERIFY2(!d.action(u"goTo_"_s + name)->isEnabled(), qPrintable(name));
    }
    for (const QString &name : MarketDocks)
        QVERIFY2(shown(d.dock(name)), qPrintable(name));
    QDockWidget *workspace = d.dock(u"workspaceDock_provider"_s);
    QVERIFY(shown(workspace));
    QVERIFY(workspace->findChild<QLabel *>(u"fakeProviderWorkspace"_s));
    QCOMPARE(workspace->windowTitle(), u"Provider workspace"_s);
    QVERIFY(!d.action(u"wizardAction"_s)->isVisible());
    QVERIFY(d.action(u"demoAction_provider"_s)->isChecked());

    QVERIFY(d.switchTo(Role::Support, u"demoAction_support"_s));
    QVERIFY(!shown(workspace));
    QVERIFY(!workspace->toggleViewAction()->isVisible());
    QDockWidget *support = d.dock(u"workspaceDock_support"_s);
    QVERIFY(shown(support));
    for (const QString &name : CustomerDocks)
        QVERIFY2(!shown(d.dock(name)), qPrintable(name));
    for (const QString &name : MarketDocks)
        QVERIFY2(shown(d.dock(name)), qPrintable(name));

    // Back to the customer: the trading tools return, the workspaces go.
    QVERIFY(d.switchTo(Role::Customer, u"demoAction_customer"_s));
    for (const QString &name : CustomerDocks)
        QVERIFY2(shown(d.dock(name)), qPrintable(name));
    QVERIFY(!shown(support) && !shown(workspace));
    QVERIFY(d.action(u"wizardAction"_s)->isVisible());
}

void TestMainWindowRoles::eachRoleKeepsItsLayout()
{
    Desk d;
    QVERIFY(d.start()); // no workspaces: providers and support see the market views only
    QVERIFY(d.switchTo(Role::Customer, u"demoAction_customer"_s));
    QDockWidget *tape = d.dock(u"tradeTapeDock"_s);
    QDockWidget *depth = d.dock(u"depthChartDock"_s);
    tape->hide(); // the customer hides the tape
    QVERIFY(d.switchTo(Role::Provider, u"demoAction_provider"_s));
    QVERIFY(!d.dock(u"workspaceDock_provider"_s));
    QVERIFY(shown(tape)); // the provider's own first layout
    depth->hide(); // the provider hides the depth chart
    QVERIFY(d.switchTo(Role::Customer, u"demoAction_customer"_s));
    QVERIFY(!shown(tape));
    QVERIFY(shown(depth));
    QVERIFY(d.switchTo(Role::Provider, u"demoAction_provider"_s));
    QVERIFY(shown(tape));
    QVERIFY(!shown(depth));
    QVERIFY(!shown(d.dock(u"orderTicketDock"_s)));
    // Kept across runs: closing saves the role shown.
    d.window->close();
    QVERIFY(!QSettings().value(u"mainWindow/state/provider"_s).toByteArray().isEmpty());
    QVERIFY(!QSettings().value(u"mainWindow/state/customer"_s).toByteArray().isEmpty());
}

void TestMainWindowRoles::theDeskShowsTheRealWorkspaces()
{
    // The factory everx-desk sets: a provider gets ProviderWorkspace, support SupportWorkspace.
    Desk d;
    QVERIFY(d.start([&d](Role role, QWidget *parent) {
        return roleWorkspaces(d.sandbox.session, *d.desk)(role, parent);
    }));
    QVERIFY(d.switchTo(Role::Customer, u"demoAction_customer"_s));
    QVERIFY(!d.window->findChild<ProviderWorkspace *>());
    QVERIFY(d.switchTo(Role::Provider, u"demoAction_provider"_s));
    QDockWidget *provider = d.dock(u"workspaceDock_provider"_s);
    QVERIFY(shown(provider));
    QVERIFY(provider->findChild<ProviderWorkspace *>());
    QVERIFY(!provider->windowTitle().isEmpty());
    QVERIFY(d.switchTo(Role::Support, u"demoAction_support"_s));
    QDockWidget *support = d.dock(u"workspaceDock_support"_s);
    QVERIFY(shown(support));
    QVERIFY(support->findChild<SupportWorkspace *>());
    QVERIFY(!shown(provider));
    // Each dock has a title, and its entry in the View menu says it.
    QCOMPARE(support->windowTitle(), u"Support workspace"_s);
    QCOMPARE(support->toggleViewAction()->text(), u"Support workspace"_s);
    QVERIFY(support->toggleViewAction()->isVisible());
    QCOMPARE(provider->toggleViewAction()->text(), provider->windowTitle());
}

void TestMainWindowRoles::changePasswordFromTheAccountMenu()
{
    Desk d;
    QVERIFY(d.start());
    QVERIFY(d.switchTo(Role::Customer, u"demoAction_customer"_s));
    QAction *change = d.action(u"changePasswordAction"_s);
    QVERIFY(change->isEnabled());
    change->trigger();
    auto *dialog = d.window->findChild<PasswordDialog *>(u"passwordDialog"_s);
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    auto *current = dialog->findChild<QLineEdit *>(u"passwordCurrent"_s);
    auto *fresh = dialog->findChild<QLineEdit *>(u"passwordNew"_s);
    auto *repeat = dialog->findChild<QLineEdit *>(u"passwordRepeat"_s);
    auto *button = dialog->findChild<QPushButton *>(u"passwordChangeButton"_s);
    // In place: a common new password, two that differ, a wrong current one.
    current->setText(QString::fromLatin1(Sandbox::DemoPassword));
    fresh->setText(u"1234567890"_s);
    repeat->setText(u"1234567890"_s);
    button->click();
    QVERIFY(dialog->findChild<QLabel *>(u"passwordNewProblem"_s)->isVisible());
    fresh->setText(u"a new passphrase"_s);
    repeat->setText(u"another passphrase"_s);
    button->click();
    QVERIFY(dialog->findChild<QLabel *>(u"passwordRepeatProblem"_s)->isVisible());
    current->setText(u"not the password"_s);
    repeat->setText(u"a new passphrase"_s);
    button->click();
    QTRY_VERIFY_WITH_TIMEOUT(dialog->findChild<QLabel *>(u"passwordCurrentProblem"_s)->isVisible(),
                             10'000);
    QVERIFY(dialog->isVisible());
    // Right: accepted, still signed in, and the new password signs in.
    current->setText(QString::fromLatin1(Sandbox::DemoPassword));
    QSignalSpy accepted(dialog, &QDialog::accepted);
    button->click();
    QTRY_COMPARE_WITH_TIMEOUT(accepted.count(), 1, 10'000);
    QCOMPARE(d.sandbox.session.state(), ClientSession::State::SignedIn);
    QSignalSpy signedIn(&d.sandbox.session, &ClientSession::signedIn);
    QSignalSpy failed(&d.sandbox.session, &ClientSession::signInFailed);
    d.sandbox.session.login(Sandbox::demoEmail(Role::Customer),
                            QString::fromLatin1(Sandbox::DemoPassword));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10'000);
    d.sandbox.session.login(Sandbox::demoEmail(Role::Customer), u"a new passphrase"_s);
    QTRY_COMPARE_WITH_TIMEOUT(signedIn.count(), 1, 10'000);
}

void TestMainWindowRoles::signOutEverywhereFromTheAccountMenu()
{
    Desk d;
    QVERIFY(d.start());
    QVERIFY(d.switchTo(Role::Customer, u"demoAction_customer"_s));
    QSignalSpy signedOut(&d.sandbox.session, &ClientSession::signedOut);
    d.action(u"logoutEverywhereAction"_s)->trigger();
    auto *confirm = d.window->findChild<QMessageBox *>(u"logoutEverywhereConfirmation"_s);
    QVERIFY(confirm);
    confirm->button(QMessageBox::Yes)->click();
    QTRY_COMPARE_WITH_TIMEOUT(signedOut.count(), 1, 10'000);
    QCOMPARE(d.sandbox.session.state(), ClientSession::State::Connected);
    QVERIFY(!d.action(u"changePasswordAction"_s)->isEnabled());
}

QTEST_MAIN(TestMainWindowRoles)
#include "tst_mainwindowroles.moc"
