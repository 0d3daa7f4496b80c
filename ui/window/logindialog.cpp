// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/logindialog.h"

#include "ui_logindialog.h"

#include "window/signupdialog.h"
#include "windowfit/windowfit.h"
#include "wire/clientsession.h"
#include "wire/protocol.h"

#include <QtCore/QEvent>
#include <QtCore/QSettings>
#include <QtWidgets/QPushButton>

namespace everx {

namespace {
const QString KeyLastEmail = QStringLiteral("login/email");
} // namespace

LoginDialog::LoginDialog(ClientSession &session, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::LoginDialog>())
    , m_session(&session)
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    m_signIn = m_ui->loginButtons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_signIn->setObjectName(QStringLiteral("loginButton"));
    m_signIn->setDefault(true);
    m_createAccount = m_ui->loginButtons->addButton(QString(), QDialogButtonBox::ResetRole);
    m_createAccount->setObjectName(QStringLiteral("loginCreateAccount"));
    m_createAccount->setAutoDefault(false);
    setTabOrder(m_ui->loginPassword, m_signIn);
    m_ui->loginEmail->setText(QSettings().value(KeyLastEmail).toString());
    if (!m_ui->loginEmail->text().isEmpty())
        m_ui->loginPassword->setFocus();

    connect(m_ui->loginEmail, &QLineEdit::textChanged, this, &LoginDialog::updateState);
    connect(m_ui->loginPassword, &QLineEdit::textChanged, this, &LoginDialog::updateState);
    connect(m_signIn, &QPushButton::clicked, this, &LoginDialog::signIn);
    connect(m_createAccount, &QPushButton::clicked, this, &LoginDialog::createAccount);
    connect(m_ui->loginButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->loginDemoCustomer, &QPushButton::clicked, this,
            [this] { signInDemo(Role::Customer); });
    connect(m_ui->loginDemoProvider, &QPushButton::clicked, this,
            [this] { signInDemo(Role::Provider); });
    connect(m_ui->loginDemoSupport, &QPushButton::clicked, this,
            [this] { signInDemo(Role::Support); });
    connect(&session, &ClientSession::stateChanged, this, &LoginDialog::updateState);
    connect(&session, &ClientSession::signInFailed, this, &LoginDialog::onSignInFailed);
    connect(&session, &ClientSession::signedIn, this, [this] {
        if (m_waiting) {
            m_waiting = false;
            accept();
        }
        updateState();
    });

    retranslateUi();
}

LoginDialog::~LoginDialog() = default;

void LoginDialog::signIn()
{
    const QString email = m_ui->loginEmail->text().trimmed();
    if (!m_session || m_waiting || email.isEmpty() || m_ui->loginPassword->text().isEmpty())
        return;
    startWaiting();
    m_session->login(email, m_ui->loginPassword->text());
    QSettings().setValue(KeyLastEmail, email);
}

void LoginDialog::signInDemo(Role role)
{
    if (!m_session || m_waiting)
        return;
    startWaiting();
    m_session->loginDemo(role);
}

void LoginDialog::createAccount()
{
    if (!m_session || m_waiting)
        return;
    auto *form = new SignUpDialog(*m_session, this);
    form->setAttribute(Qt::WA_DeleteOnClose);
    connect(form, &QDialog::accepted, this, &QDialog::accept);
    form->open();
}

void LoginDialog::startWaiting()
{
    m_problemCode.reset();
    m_problemMessage.clear();
    // A new sign-in on a signed-in connection would leave the old account's channel subscribed.
    if (m_session->state() == ClientSession::State::SignedIn)
        m_session->logout();
    m_waiting = true;
    retranslateUi();
}

void LoginDialog::onSignInFailed(ErrorCode code, const QString &message)
{
    if (!m_waiting)
        return;
    m_waiting = false;
    m_problemCode = code;
    m_problemMessage = message;
    retranslateUi();
    m_ui->loginPassword->setFocus();
    m_ui->loginPassword->selectAll();
}

void LoginDialog::updateState()
{
    const bool ready = m_session
        && (m_session->state() == ClientSession::State::Connected
            || m_session->state() == ClientSession::State::SignedIn);
    m_signIn->setEnabled(ready && !m_waiting && !m_ui->loginEmail->text().trimmed().isEmpty()
                         && !m_ui->loginPassword->text().isEmpty());
    m_ui->loginDemo->setVisible(m_session && m_session->isSandbox());
    m_ui->loginDemo->setEnabled(ready && !m_waiting);
    m_createAccount->setEnabled(ready && !m_waiting);

    QString problem;
    if (m_problemCode == ErrorCode::AuthenticationFailed)
        problem = tr("Wrong email or password.");
    else if (m_problemCode == ErrorCode::RateLimited)
        problem = tr("Too many failed sign-ins. Wait a few minutes, then try again.");
    else if (m_problemCode == ErrorCode::Timeout)
        problem = tr("The exchange did not answer. Check the connection and try again.");
    else if (m_problemCode)
        problem = tr("The exchange refused the sign-in: %1").arg(m_problemMessage);
    else if (!ready)
        problem = tr("Not connected to an exchange.");
    m_ui->loginProblem->setText(problem);
    m_ui->loginProblem->setVisible(!problem.isEmpty());
}

void LoginDialog::retranslateUi()
{
    const bool sandbox = m_session && m_session->isSandbox();
    m_ui->loginIntro->setText(sandbox
                                  ? tr("Sign in to the sandbox with an account of yours, or "
                                       "try it as one of its demo users.")
                                  : tr("Sign in to the exchange with your email and password."));
    m_signIn->setText(m_waiting ? tr("Signing in\u2026") : tr("&Sign in"));
    m_createAccount->setText(tr("Create &account\u2026"));
    updateState();
}

void LoginDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateUi();
    }
    QDialog::changeEvent(event);
}

} // namespace everx
