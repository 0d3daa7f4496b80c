#pragma once

#include "market/errors.h"
#include "market/marketrecords.h"

#include <QtCore/QPointer>
#include <QtWidgets/QDialog>

class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace everx {

class ClientSession;

// Sign in to the exchange the session is connected to (docs/architecture.md "The protocol and
// sessions"): email and password; a refusal (wrong password, too many attempts) shows in place and
// keeps the email.
// On the sandbox it also offers its demo accounts (customer, provider, support agent), which is
// how the desk switches between the kinds of user. "Create account" opens the sign-up form
// (SignUpDialog). Accepted once signed in. Signing in while
// signed in signs out first, so that the old account's channel does not linger.
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

    QPointer<ClientSession> m_session;
    QLabel *m_intro = nullptr;
    QLabel *m_emailLabel = nullptr;
    QLineEdit *m_email = nullptr;
    QLabel *m_passwordLabel = nullptr;
    QLineEdit *m_password = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_signIn = nullptr;
    QPushButton *m_createAccount = nullptr;
    QGroupBox *m_demo = nullptr;
    QPushButton *m_demoCustomer = nullptr;
    QPushButton *m_demoProvider = nullptr;
    QPushButton *m_demoSupport = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    bool m_waiting = false; // a sign-in is on its way
    std::optional<ErrorCode>
        m_problemCode; // the last refusal's code, to say it again after a language change
    QString m_problemMessage;
};

} // namespace everx
