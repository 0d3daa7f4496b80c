// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Sign-up from the desk's sign-in dialog, offscreen on the embedded sandbox: a new customer
// confirms the code the sandbox shows (it mails nothing) and lands in the customer desk, signed
// in; the rules and the exchange's refusals are said in place, beside their fields; an address
// that has an account gets the same code step, with the notice its owner would get; a provider
// signs up pending and sees the market views only.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"

#include "views/deskstate.h"
#include "window/logindialog.h"
#include "window/mainwindow.h"
#include "window/signupdialog.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

struct Desk
{
    test::SandboxFixture sandbox;
    std::unique_ptr<DeskState> desk;
    std::unique_ptr<ServerConnector> connector;
    std::unique_ptr<MainWindow> window;

    bool start()
    {
        if (!sandbox.start())
            return false;
        desk = std::make_unique<DeskState>(sandbox.session, GpuCatalog::builtIn());
        connector = std::make_unique<ServerConnector>(sandbox.session);
        window = std::make_unique<MainWindow>(*connector, *desk);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return false;
        sandbox.session.connectToExchange();
        return QTest::qWaitFor(
            [this] { return sandbox.session.state() == ClientSession::State::Connected; }, 10'000);
    }

    // The sign-in dialog's "Create account", and the form it opens.
    SignUpDialog *openSignUp(LoginDialog &login)
    {
        login.show();
        auto *create = login.findChild<QPushButton *>(u"loginCreateAccount"_s);
        if (!create || !create->isEnabled())
            return nullptr;
        create->click();
        return login.findChild<SignUpDialog *>(u"signUpDialog"_s);
    }
};

void fill(SignUpDialog *form, const QString &email, const QString &password, const QString &name,
          const QString &country)
{
    form->findChild<QLineEdit *>(u"signUpEmail"_s)->setText(email);
    form->findChild<QLineEdit *>(u"signUpPassword"_s)->setText(password);
    form->findChild<QLineEdit *>(u"signUpName"_s)->setText(name);
    auto *countries = form->findChild<QComboBox *>(u"signUpCountry"_s);
    countries->setCurrentIndex(countries->findData(country));
}

QLabel *problem(SignUpDialog *form, const char *name)
{
    return form->findChild<QLabel *>(QString::fromLatin1(name));
}

} // namespace

class TestSignUpDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void newCustomerLandsInTheCustomerDesk();
    void problemsAreSaidBesideTheirFields();
    void providerSignsUpPending();
};

void TestSignUpDialog::initTestCase()
{
    test::isolateSettings();
}

void TestSignUpDialog::newCustomerLandsInTheCustomerDesk()
{
    Desk d;
    QVERIFY(d.start());
    LoginDialog login(d.sandbox.session, d.window.get());
    SignUpDialog *form = d.openSignUp(login);
    QVERIFY(form);
    QTRY_VERIFY(form->isVisible());
    auto *countries = form->findChild<QComboBox *>(u"signUpCountry"_s);
    QVERIFY(countries->count() >= 10);
    QVERIFY(countries->findData(u"ID"_s) >= 0);
    fill(form, u"ayu@example.com"_s, u"a long passphrase"_s, u"Ayu Lestari"_s, u"ID"_s);
    QSignalSpy accepted(&login, &QDialog::accepted);
    auto *button = form->findChild<QPushButton *>(u"signUpButton"_s);
    button->click();
    // The code step: the sandbox shows the code it would have mailed, and fills it in.
    auto *code = form->findChild<QLineEdit *>(u"signUpCode"_s);
    QTRY_VERIFY_WITH_TIMEOUT(code->isVisible(), 10'000);
    QCOMPARE(code->text().size(), 6);
    QVERIFY(form->findChild<QLabel *>(u"signUpSandboxMail"_s)->isVisible());
    QVERIFY(form->findChild<QLabel *>(u"signUpSandboxMail"_s)->text().contains(code->text()));
    QVERIFY(!form->findChild<QLineEdit *>(u"signUpEmail"_s)->isVisible());
    QCOMPARE(d.sandbox.session.state(), ClientSession::State::Connected);
    // A wrong code is said beside the code, and the right one signs in.
    const QString right = code->text();
    code->setText(right == u"000000"_s ? u"000001"_s : u"000000"_s);
    button->click();
    QTRY_VERIFY_WITH_TIMEOUT(problem(form, "signUpCodeProblem")->isVisible(), 10'000);
    code->setText(right);
    QTRY_VERIFY(button->isEnabled());
    button->click();
    QTRY_COMPARE_WITH_TIMEOUT(d.sandbox.session.state(), ClientSession::State::SignedIn, 10'000);
    QCOMPARE(d.sandbox.session.account().email, u"ayu@example.com"_s);
    QCOMPARE(d.sandbox.session.account().name, u"Ayu Lestari"_s);
    QCOMPARE(d.sandbox.session.account().state, AccountState::Active);
    QTRY_COMPARE(accepted.count(), 1); // the sign-in dialog closes with the form
    // The customer desk: the ticket, open orders and the wallet are there.
    QCOMPARE(d.window->shownRole(), Role::Customer);
    QTRY_COMPARE(d.window->findChild<QLabel *>(u"statusAccount"_s)->text(), u"ayu@example.com"_s);
    for (const char *dock : {"orderTicketDock", "openOrdersDock", "walletDock"})
        QVERIFY2(d.window->findChild<QDockWidget *>(QString::fromLatin1(dock))
                     ->toggleViewAction()
                     ->isVisible(),
                 dock);
    QVERIFY(d.window->findChild<QDockWidget *>(u"orderTicketDock"_s)->isVisible());
}

void TestSignUpDialog::problemsAreSaidBesideTheirFields()
{
    Desk d;
    QVERIFY(d.start());
    LoginDialog login(d.sandbox.session, d.window.get());
    SignUpDialog *form = d.openSignUp(login);
    QVERIFY(form);
    auto *button = form->findChild<QPushButton *>(u"signUpButton"_s);
    // The desk's own checks: nothing is sent.
    fill(form, u"not-an-email"_s, u"qwertyuiop"_s, QString(), u"DE"_s);
    form->findChild<QRadioButton *>(u"signUpProvider"_s)->setChecked(true);
    button->click();
    QVERIFY(problem(form, "signUpEmailProblem")->isVisible());
    QVERIFY(problem(form, "signUpPasswordProblem")->isVisible());
    QVERIFY(problem(form, "signUpNameProblem")->isVisible());
    QVERIFY(problem(form, "signUpCompanyProblem")->isVisible());
    QVERIFY(!problem(form, "signUpCountryProblem")->isVisible());
    QCOMPARE(d.sandbox.session.state(), ClientSession::State::Connected);
    // The exchange's refusals, beside their fields: an email of two scripts, a name that
    // starts with a bidi mark.
    form->findChild<QRadioButton *>(u"signUpCustomer"_s)->setChecked(true);
    fill(form, u"\u0430yu@example.com"_s, u"a long passphrase"_s, u"Someone"_s, u"DE"_s);
    button->click();
    QTRY_VERIFY_WITH_TIMEOUT(problem(form, "signUpEmailProblem")->isVisible(), 10'000);
    QVERIFY(!problem(form, "signUpPasswordProblem")->isVisible());
    QVERIFY(!problem(form, "signUpNameProblem")->isVisible());
    fill(form, u"ayu@example.com"_s, u"a long passphrase"_s, u"\u200fSomeone"_s, u"DE"_s);
    QTRY_VERIFY(button->isEnabled());
    button->click();
    QTRY_VERIFY_WITH_TIMEOUT(problem(form, "signUpNameProblem")->isVisible(), 10'000);
    QVERIFY(!problem(form, "signUpEmailProblem")->isVisible());
    QVERIFY(form->isVisible());
    QCOMPARE(d.sandbox.session.state(), ClientSession::State::Connected);
    // An address that has an account: the same code step, no error; the sandbox shows the
    // notice its owner would get, and there is no code.
    fill(form, u"customer@sandbox.everx.cloud"_s, u"a long passphrase"_s, u"Someone"_s, u"DE"_s);
    QTRY_VERIFY(button->isEnabled());
    button->click();
    auto *code = form->findChild<QLineEdit *>(u"signUpCode"_s);
    QTRY_VERIFY_WITH_TIMEOUT(code->isVisible(), 10'000);
    QVERIFY(code->text().isEmpty());
    QVERIFY(form->findChild<QLabel *>(u"signUpSandboxMail"_s)->isVisible());
    QVERIFY(!problem(form, "signUpEmailProblem")->isVisible());
    QCOMPARE(d.sandbox.session.state(), ClientSession::State::Connected);
}

void TestSignUpDialog::providerSignsUpPending()
{
    Desk d;
    QVERIFY(d.start());
    LoginDialog login(d.sandbox.session, d.window.get());
    SignUpDialog *form = d.openSignUp(login);
    QVERIFY(form);
    fill(form, u"gpu@example.com"_s, u"a long passphrase"_s, u"Budi"_s, u"TR"_s);
    form->findChild<QRadioButton *>(u"signUpProvider"_s)->setChecked(true);
    auto *company = form->findChild<QLineEdit *>(u"signUpCompany"_s);
    QVERIFY(company->isEnabled());
    company->setText(u"Nusa GPU"_s);
    auto *button = form->findChild<QPushButton *>(u"signUpButton"_s);
    button->click();
    auto *code = form->findChild<QLineEdit *>(u"signUpCode"_s);
    QTRY_VERIFY_WITH_TIMEOUT(code->isVisible() && !code->text().isEmpty(), 10'000);
    button->click();
    QTRY_COMPARE_WITH_TIMEOUT(d.sandbox.session.state(), ClientSession::State::SignedIn, 10'000);
    QCOMPARE(d.sandbox.session.account().state, AccountState::Pending);
    QCOMPARE(d.sandbox.session.account().company, u"Nusa GPU"_s);
    QTRY_COMPARE(d.window->shownRole(), Role::Provider);
    QVERIFY(!d.window->findChild<QDockWidget *>(u"orderTicketDock"_s)->isVisible());
    QVERIFY(d.window->findChild<QDockWidget *>(u"orderBookDock"_s)->isVisible());
}

QTEST_MAIN(TestSignUpDialog)
#include "tst_signupdialog.moc"
