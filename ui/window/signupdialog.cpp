// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/signupdialog.h"

#include "ui_signupdialog.h"

#include "market/marketrules.h"
#include "market/passwordrules.h"
#include "market/requests.h"
#include "market/taxtable.h"
#include "windowfit/windowfit.h"
#include "wire/clientsession.h"

#include <QtCore/QEvent>
#include <QtCore/QLocale>
#include <QtWidgets/QPushButton>

#include <algorithm>

namespace everx {

SignUpDialog::SignUpDialog(ClientSession &session, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SignUpDialog>())
    , m_session(&session)
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    setObjectName(QStringLiteral("signUpDialog"));
    m_create = m_ui->signUpButtons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_create->setObjectName(QStringLiteral("signUpButton"));
    m_create->setDefault(true);
    for (int f = 0; f < FieldCount; ++f)
        problemLabel(Field(f))->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_ui->signUpName->setMaxLength(int(MarketRules::MaxNameLength));
    m_ui->signUpCompany->setMaxLength(int(MarketRules::MaxNameLength));
    m_ui->signUpEmail->setMaxLength(int(MarketRules::MaxEmailLength));
    m_ui->signUpPassword->setMaxLength(int(MarketRules::MaxPasswordLength));
    fillCountries();

    connect(m_ui->signUpProvider, &QRadioButton::toggled, this, &SignUpDialog::updateState);
    for (QLineEdit *edit :
         {m_ui->signUpEmail, m_ui->signUpPassword, m_ui->signUpName, m_ui->signUpCompany})
        connect(edit, &QLineEdit::textChanged, this, &SignUpDialog::updateState);
    connect(m_ui->signUpButtons, &QDialogButtonBox::accepted, this, &SignUpDialog::submit);
    connect(m_ui->signUpButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&session, &ClientSession::stateChanged, this, &SignUpDialog::updateState);
    connect(&session, &ClientSession::signInFailed, this, &SignUpDialog::onSignInFailed);
    connect(&session, &ClientSession::signUpSent, this, &SignUpDialog::onSignUpSent);
    m_ui->signUpCode->setMaxLength(MarketRules::VerificationCodeDigits);
    connect(&session, &ClientSession::signedIn, this, [this] {
        if (std::exchange(m_waiting, false))
            accept();
    });
    retranslateUi();
}

SignUpDialog::~SignUpDialog() = default;

QLabel *SignUpDialog::problemLabel(Field field) const
{
    switch (field) {
    case Email:
        return m_ui->signUpEmailProblem;
    case Password:
        return m_ui->signUpPasswordProblem;
    case Name:
        return m_ui->signUpNameProblem;
    case Country:
        return m_ui->signUpCountryProblem;
    case Company:
        return m_ui->signUpCompanyProblem;
    case Code:
        return m_ui->signUpCodeProblem;
    case General:
    case FieldCount:
        break;
    }
    return m_ui->signUpProblem;
}

void SignUpDialog::fillCountries()
{
    // Every country of the tax table, by its name in the desk's language, with its code.
    const QString current = m_ui->signUpCountry->currentData().toString();
    struct Entry
    {
        QString name;
        QString code;
    };
    QList<Entry> entries;
    for (const QString &code : TaxTable::builtIn().countries()) {
        const QLocale::Territory territory = QLocale::codeToTerritory(code);
        const QString name =
            territory == QLocale::AnyTerritory ? code : locale().territoryToString(territory);
        entries.append({QStringLiteral("%1 (%2)").arg(name, code), code});
    }
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        return QString::localeAwareCompare(a.name, b.name) < 0;
    });
    m_ui->signUpCountry->clear();
    for (const Entry &e : entries)
        m_ui->signUpCountry->addItem(e.name, e.code);
    // The user's own country first chosen, when the table has it.
    const QString wanted =
        current.isEmpty() ? QLocale::territoryToCode(QLocale::system().territory()) : current;
    const int index = m_ui->signUpCountry->findData(wanted);
    m_ui->signUpCountry->setCurrentIndex(std::max(0, index));
}

void SignUpDialog::updateState()
{
    const bool provider = m_ui->signUpProvider->isChecked();
    m_ui->signUpCompany->setEnabled(provider);
    m_ui->signUpCompanyLabel->setEnabled(provider);
    const bool ready = m_session
        && (m_session->state() == ClientSession::State::Connected
            || m_session->state() == ClientSession::State::SignedIn);
    m_create->setEnabled(ready && !m_waiting);
    if (m_step == Step::Code)
        m_create->setText(m_waiting ? tr("Confirming\u2026") : tr("&Confirm address"));
    else
        m_create->setText(m_waiting ? tr("Creating\u2026") : tr("&Create account"));
}

void SignUpDialog::setProblem(Field field, const QString &text)
{
    QLabel *label = problemLabel(field);
    label->setText(text);
    label->setVisible(!text.isEmpty());
}

void SignUpDialog::clearProblems()
{
    for (int f = 0; f < FieldCount; ++f)
        setProblem(Field(f), QString());
}

void SignUpDialog::submit()
{
    if (!m_session || m_waiting)
        return;
    clearProblems();
    if (m_step == Step::Code) {
        submitCode();
        return;
    }
    SignUpRequest request;
    request.email = m_ui->signUpEmail->text().trimmed();
    request.password = m_ui->signUpPassword->text();
    request.name = m_ui->signUpName->text().trimmed();
    request.country = m_ui->signUpCountry->currentData().toString();
    request.role = m_ui->signUpProvider->isChecked() ? Role::Provider : Role::Customer;
    if (request.role == Role::Provider)
        request.company = m_ui->signUpCompany->text().trimmed();
    // What the desk can tell at once; the exchange judges again.
    bool ok = true;
    if (!request.email.contains(u'@')) {
        setProblem(Email, tr("Enter your email address."));
        ok = false;
    }
    switch (PasswordRules::check(request.password, request.email)) {
    case PasswordRules::Problem::None:
        break;
    case PasswordRules::Problem::TooShort:
        setProblem(Password,
                   tr("Use at least %n character(s).", "", int(MarketRules::MinNewPasswordLength)));
        ok = false;
        break;
    case PasswordRules::Problem::TooLong:
        setProblem(Password, tr("This password is too long."));
        ok = false;
        break;
    case PasswordRules::Problem::Common:
        setProblem(Password, tr("This password is one of the most common ones. Choose another."));
        ok = false;
        break;
    case PasswordRules::Problem::Blank:
        setProblem(Password,
                   tr("A password of spaces or invisible characters only is not allowed."));
        ok = false;
        break;
    case PasswordRules::Problem::Repeated:
        setProblem(Password, tr("One character repeated is too easy to guess. Choose another."));
        ok = false;
        break;
    case PasswordRules::Problem::HoldsEmail:
        setProblem(Password, tr("The password may not contain the name of your email address."));
        ok = false;
        break;
    }
    if (request.name.isEmpty()) {
        setProblem(Name, tr("Enter the name others will see."));
        ok = false;
    }
    if (request.role == Role::Provider && request.company.isEmpty()) {
        setProblem(Company, tr("A provider account needs its company's name."));
        ok = false;
    }
    if (!ok)
        return;
    m_waiting = true;
    m_password = request.password;
    updateState();
    m_session->signUp(request);
}

void SignUpDialog::submitCode()
{
    const QString code = m_ui->signUpCode->text().trimmed();
    const bool digits = code.size() == MarketRules::VerificationCodeDigits
        && std::all_of(code.cbegin(), code.cend(), [](QChar c) { return c.isDigit(); });
    if (!digits) {
        setProblem(
            Code,
            tr("Enter the %n-digit code from the mail.", "", MarketRules::VerificationCodeDigits));
        return;
    }
    m_waiting = true;
    updateState();
    m_session->verifyEmail({m_email, m_password, code});
}

void SignUpDialog::onSignUpSent(const SignUpReceipt &receipt)
{
    if (!std::exchange(m_waiting, false))
        return;
    m_step = Step::Code;
    m_email = receipt.email;
    m_sandboxMail = receipt.sandboxMail;
    if (m_sandboxMail && !m_sandboxMail->code.isEmpty())
        m_ui->signUpCode->setText(m_sandboxMail->code);
    m_ui->signUpIntro->hide();
    m_ui->signUpFields->hide();
    m_ui->signUpVerify->show();
    showCodeStep();
    updateState();
    m_ui->signUpCode->setFocus();
}

void SignUpDialog::showCodeStep()
{
    // The same words whether or not the address had an account: the exchange does not say.
    m_ui->signUpVerifyIntro->setText(
        tr("A mail is on its way to %1 with a confirmation code, valid for 24 hours. Enter it "
           "here. If the address has an account already, the mail says so instead.")
            .arg(m_email));
    QString sandbox;
    if (m_sandboxMail && !m_sandboxMail->code.isEmpty())
        sandbox = tr("Sandbox: no mail leaves this computer. Your confirmation code is %1.")
                      .arg(m_sandboxMail->code);
    else if (m_sandboxMail)
        sandbox = tr("Sandbox: no mail leaves this computer. This address has an account "
                     "already; its owner would have been told: \u201c%1\u201d")
                      .arg(m_sandboxMail->subject);
    m_ui->signUpSandboxMail->setText(sandbox);
    m_ui->signUpSandboxMail->setVisible(!sandbox.isEmpty());
}

void SignUpDialog::onSignInFailed(ErrorCode code, const QString &message)
{
    if (!std::exchange(m_waiting, false))
        return;
    updateState();
    // The exchange's refusal beside the field it concerns; its own words name the field.
    const auto mentions = [&message](QLatin1StringView field) {
        return message.startsWith(field + QLatin1StringView(":"))
            || message.contains(QLatin1StringView(": ") + field + QLatin1StringView(":"))
            || message.startsWith(field + QLatin1StringView(" "));
    };
    if (m_step == Step::Code) {
        if (code == ErrorCode::VerificationFailed) {
            setProblem(Code, tr("The exchange refused the code: %1").arg(message));
            m_ui->signUpCode->setFocus();
        } else if (code == ErrorCode::AuthenticationFailed) {
            setProblem(General,
                       tr("This address has an account that your password does not open. "
                          "Sign in instead."));
        } else if (code == ErrorCode::RateLimited) {
            setProblem(General,
                       tr("Too many attempts from this address. Wait a minute, then try "
                          "again."));
        } else {
            setProblem(General, tr("The exchange refused the code: %1").arg(message));
        }
        return;
    }
    switch (code) {
    case ErrorCode::WeakPassword:
        setProblem(Password, tr("The exchange refuses this password: %1").arg(message));
        m_ui->signUpPassword->setFocus();
        return;
    case ErrorCode::UnknownCountry:
        setProblem(Country, tr("The exchange does not serve this country."));
        return;
    case ErrorCode::SignupClosed:
        setProblem(General, tr("This exchange does not take new accounts. Ask its operator."));
        return;
    case ErrorCode::RateLimited:
        setProblem(General,
                   tr("Too many attempts from this address. Wait a minute, then try "
                      "again."));
        return;
    case ErrorCode::Timeout:
        setProblem(General, tr("The exchange did not answer. Check the connection and try again."));
        return;
    default:
        break;
    }
    if (mentions(QLatin1StringView("email")))
        setProblem(Email, message);
    else if (mentions(QLatin1StringView("company")))
        setProblem(Company, message);
    else if (mentions(QLatin1StringView("name")))
        setProblem(Name, message);
    else if (mentions(QLatin1StringView("password")))
        setProblem(Password, message);
    else
        setProblem(General, tr("The exchange refused the account: %1").arg(message));
}

void SignUpDialog::retranslateUi()
{
    m_ui->retranslateUi(this);
    fillCountries();
    if (m_step == Step::Code)
        showCodeStep();
    updateState();
}

void SignUpDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

} // namespace everx
