// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "market/marketrecords.h"

#include <QtCore/QPointer>
#include <QtWidgets/QDialog>

#include <memory>

class QPushButton;

namespace everx {

class ClientSession;
namespace Ui {
class LoginDialog;
}

// Sign in to the exchange the session is connected to (docs/architecture.md "The protocol and
// sessions"): email and password; a refusal (wrong password, too many attempts) shows in place and
// keeps the email.
// On the sandbox it also offers its demo accounts (customer, provider, support agent), which is
// how the desk switches between the kinds of user. "Create account" opens the sign-up form
// (SignUpDialog). Accepted once signed in. Signing in while
// signed in signs out first, so that the old account's channel does not linger.
//
// The form is logindialog.ui; this class keeps what is dynamic: the intro (sandbox or not), the
// sign-in and create-account buttons, the last email, the state and the exchange's refusals.
class LoginDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit LoginDialog(ClientSession &session, QWidget *parent = nullptr);
    ~LoginDialog() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateState();
    void signIn();
    void signInDemo(Role role);
    void onSignInFailed(ErrorCode code, const QString &message);
    void startWaiting();
    // Opens the sign-up form; its new account signed in, this dialog is accepted too.
    void createAccount();

    std::unique_ptr<Ui::LoginDialog> m_ui;
    QPointer<ClientSession> m_session;
    QPushButton *m_signIn = nullptr; // in the button box
    QPushButton *m_createAccount = nullptr;
    bool m_waiting = false; // a sign-in is on its way
    std::optional<ErrorCode>
        m_problemCode; // the last refusal's code, to say it again after a language change
    QString m_problemMessage;
};

} // namespace everx
