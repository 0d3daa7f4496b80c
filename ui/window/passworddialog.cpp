// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/passworddialog.h"

#include "ui_passworddialog.h"

#include "market/marketrules.h"
#include "market/passwordrules.h"
#include "market/requests.h"
#include "windowfit/windowfit.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"

#include <QtCore/QEvent>
#include <QtWidgets/QPushButton>

namespace everx {

PasswordDialog::PasswordDialog(ClientSession &session, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::PasswordDialog>())
    , m_session(&session)
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    setObjectName(QStringLiteral("passwordDialog"));
    m_change = m_ui->passwordButtons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_change->setObjectName(QStringLiteral("passwordChangeButton"));
    m_change->setDefault(true);
    for (QLabel *label : {m_ui->passwordCurrentProblem, m_ui->passwordNewProblem,
                          m_ui->passwordRepeatProblem, m_ui->passwordProblem})
        label->setStyleSheet(QStringLiteral("color: #c62828;"));
    for (QLineEdit *edit : {m_ui->passwordCurrent, m_ui->passwordNew, m_ui->passwordRepeat})
        edit->setMaxLength(int(MarketRules::MaxPasswordLength));
    connect(m_ui->passwordButtons, &QDialogButtonBox::accepted, this, &PasswordDialog::submit);
    connect(m_ui->passwordButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateButton();
}

PasswordDialog::~PasswordDialog() = default;

void PasswordDialog::setProblem(QLabel *label, const QString &text)
{
    label->setText(text);
    label->setVisible(!text.isEmpty());
}

void PasswordDialog::updateButton()
{
    m_change->setEnabled(!m_waiting);
    m_change->setText(m_waiting ? tr("Changing\u2026") : tr("C&hange password"));
}

void PasswordDialog::submit()
{
    if (!m_session || m_waiting)
        return;
    for (QLabel *label : {m_ui->passwordCurrentProblem, m_ui->passwordNewProblem,
                          m_ui->passwordRepeatProblem, m_ui->passwordProblem})
        setProblem(label, QString());
    const QString current = m_ui->passwordCurrent->text();
    const QString replacement = m_ui->passwordNew->text();
    bool ok = true;
    if (current.isEmpty()) {
        setProblem(m_ui->passwordCurrentProblem, tr("Enter the password you sign in with now."));
        ok = false;
    }
    switch (PasswordRules::check(replacement, m_session ? m_session->account().email : QString())) {
    case PasswordRules::Problem::None:
        break;
    case PasswordRules::Problem::TooShort:
        setProblem(m_ui->passwordNewProblem,
                   tr("Use at least %n character(s).", "", int(MarketRules::MinNewPasswordLength)));
        ok = false;
        break;
    case PasswordRules::Problem::TooLong:
        setProblem(m_ui->passwordNewProblem, tr("This password is too long."));
        ok = false;
        break;
    case PasswordRules::Problem::Common:
        setProblem(m_ui->passwordNewProblem,
                   tr("This password is one of the most common ones. Choose another."));
        ok = false;
        break;
    case PasswordRules::Problem::Blank:
        setProblem(m_ui->passwordNewProblem,
                   tr("A password of spaces or invisible characters only is not allowed."));
        ok = false;
        break;
    case PasswordRules::Problem::Repeated:
        setProblem(m_ui->passwordNewProblem,
                   tr("One character repeated is too easy to guess. Choose another."));
        ok = false;
        break;
    case PasswordRules::Problem::HoldsEmail:
        setProblem(m_ui->passwordNewProblem,
                   tr("The password may not contain the name of your email address."));
        ok = false;
        break;
    }
    if (ok && m_ui->passwordRepeat->text() != replacement) {
        setProblem(m_ui->passwordRepeatProblem, tr("The two new passwords differ."));
        ok = false;
    }
    if (!ok)
        return;
    m_waiting = true;
    updateButton();
    ExchangeClient(*m_session)
        .changePassword({current, replacement}, this, [this](const Result<bool> &changed) {
            m_waiting = false;
            updateButton();
            if (changed) {
                accept();
                return;
            }
            switch (changed.code()) {
            case ErrorCode::AuthenticationFailed:
                setProblem(m_ui->passwordCurrentProblem, tr("This is not your current password."));
                m_ui->passwordCurrent->setFocus();
                m_ui->passwordCurrent->selectAll();
                break;
            case ErrorCode::WeakPassword:
                setProblem(
                    m_ui->passwordNewProblem,
                    tr("The exchange refuses this password: %1").arg(changed.error().message));
                break;
            default:
                setProblem(m_ui->passwordProblem,
                           tr("The password was not changed: %1").arg(changed.error().message));
                break;
            }
        });
}

void PasswordDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        updateButton();
    }
    QDialog::changeEvent(event);
}

} // namespace everx
