#include "common/logindialog.h"

#include "common/signupdialog.h"
#include "wire/clientsession.h"
#include "wire/protocol.h"

#include <QtCore/QEvent>
#include <QtCore/QSettings>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QGroupBox>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QVBoxLayout>

namespace everx {

namespace {
const QString KeyLastEmail = QStringLiteral("login/email");
} // namespace

LoginDialog::LoginDialog(ClientSession &session, QWidget *parent)
    : QDialog(parent)
    , m_session(&session)
{
    setObjectName(QStringLiteral("loginDialog"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_email = new QLineEdit(this);
    m_email->setObjectName(QStringLiteral("loginEmail"));
    m_email->setInputMethodHints(Qt::ImhEmailCharactersOnly | Qt::ImhNoAutoUppercase);
    m_email->setText(QSettings().value(KeyLastEmail).toString());
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("loginPassword"));
    m_password->setEchoMode(QLineEdit::Password);
    m_emailLabel = new QLabel(this);
    m_emailLabel->setBuddy(m_email);
    m_passwordLabel = new QLabel(this);
    m_passwordLabel->setBuddy(m_password);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("loginProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));

    m_demo = new QGroupBox(this);
    m_demoCustomer = new QPushButton(m_demo);
    m_demoCustomer->setObjectName(QStringLiteral("loginDemoCustomer"));
    m_demoProvider = new QPushButton(m_demo);
    m_demoProvider->setObjectName(QStringLiteral("loginDemoProvider"));
    m_demoSupport = new QPushButton(m_demo);
    m_demoSupport->setObjectName(QStringLiteral("loginDemoSupport"));
    auto *demoRow = new QHBoxLayout(m_demo);
    for (QPushButton *b : {m_demoCustomer, m_demoProvider, m_demoSupport}) {
        b->setAutoDefault(false);
        demoRow->addWidget(b);
    }

    m_signIn = new QPushButton(this);
    m_signIn->setObjectName(QStringLiteral("loginButton"));
    m_signIn->setDefault(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_buttons->addButton(m_signIn, QDialogButtonBox::ActionRole);
    m_createAccount = new QPushButton(this);
    m_createAccount->setObjectName(QStringLiteral("loginCreateAccount"));
    m_createAccount->setAutoDefault(false);
    m_buttons->addButton(m_createAccount, QDialogButtonBox::ResetRole);

    auto *form = new QFormLayout;
    form->addRow(m_emailLabel, m_email);
    form->addRow(m_passwordLabel, m_password);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_demo);
    layout->addWidget(m_buttons);
    setTabOrder(m_email, m_password);
    setTabOrder(m_password, m_signIn);
    if (!m_email->text().isEmpty())
        m_password->setFocus();

    connect(m_email, &QLineEdit::textChanged, this, &LoginDialog::updateState);
    connect(m_password, &QLineEdit::textChanged, this, &LoginDialog::updateState);
    connect(m_signIn, &QPushButton::clicked, this, &LoginDialog::signIn);
    connect(m_createAccount, &QPushButton::clicked, this, &LoginDialog::createAccount);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_demoCustomer, &QPushButton::clicked, this, [this] { signInDemo(Role::Customer); });
    connect(m_demoProvider, &QPushButton::clicked, this, [this] { signInDemo(Role::Provider); });
    connect(m_demoSupport, &QPushButton::clicked, this, [this] { signInDemo(Role::Support); });
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
    const QString email = m_email->text().trimmed();
    if (!m_session || m_waiting || email.isEmpty() || m_password->text().isEmpty())
        return;
    startWaiting();
    m_session->login(email, m_password->text());
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
    m_password->setFocus();
    m_password->selectAll();
}

void LoginDialog::updateState()
{
    const bool ready = m_session
        && (m_session->state() == ClientSession::State::Connected
            || m_session->state() == ClientSession::State::SignedIn);
    m_signIn->setEnabled(ready && !m_waiting && !m_email->text().trimmed().isEmpty()
                         && !m_password->text().isEmpty());
    m_demo->setVisible(m_session && m_session->isSandbox());
    m_demo->setEnabled(ready && !m_waiting);
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
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

void LoginDialog::retranslateUi()
{
    setWindowTitle(tr("Sign in"));
    const bool sandbox = m_session && m_session->isSandbox();
    m_intro->setText(sandbox ? tr("Sign in to the sandbox with an account of yours, or try it as "
                                  "one of its demo users.")
                             : tr("Sign in to the exchange with your email and password."));
    m_emailLabel->setText(tr("&Email:"));
    m_passwordLabel->setText(tr("&Password:"));
    m_signIn->setText(m_waiting ? tr("Signing in\u2026") : tr("&Sign in"));
    m_createAccount->setText(tr("Create &account\u2026"));
    m_demo->setTitle(tr("Use a demo account"));
    m_demoCustomer->setText(tr("&Customer"));
    m_demoProvider->setText(tr("P&rovider"));
    m_demoSupport->setText(tr("S&upport agent"));
    updateState();
}

void LoginDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

} // namespace everx
