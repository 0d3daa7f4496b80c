// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "market/requests.h"

#include <QtCore/QPointer>
#include <QtWidgets/QDialog>

#include <memory>
#include <optional>

class QLabel;
class QPushButton;

namespace everx {

class ClientSession;
namespace Ui {
class SignUpDialog;
}

// Create an account on the exchange the session is connected to (docs/protocol.md
// auth.signup): email, password, display name, country (from the tax table: it sets the tax
// rate), and whether it is for renting GPUs (a customer) or selling GPU hours (a provider, with a
// company, pending until support approves it). What the desk can judge itself (an empty field, a
// weak password) and what the exchange refuses are said in place, beside the field they concern.
// Then the code mailed to the address (auth.verify; docs/protocol.md "Identities"): the sandbox,
// which mails nothing, shows it here. Accepted once the confirmed account is signed in.
//
// The form is signupdialog.ui; this class keeps what is dynamic: the countries, the rules and
// the exchange's answers.
class SignUpDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit SignUpDialog(ClientSession &session, QWidget *parent = nullptr);
    ~SignUpDialog() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    enum Field { Email, Password, Name, Country, Company, Code, General, FieldCount };
    enum class Step { Form, Code };

    void retranslateUi();
    void fillCountries();
    void updateState();
    void submit();
    void submitCode();
    void onSignUpSent(const SignUpReceipt &receipt);
    void onSignInFailed(ErrorCode code, const QString &message);
    // The code step's texts (the address, and the sandbox's mail), in the desk's language.
    void showCodeStep();
    // Says a problem beside its field (General: under the form); an empty text clears it.
    void setProblem(Field field, const QString &text);
    void clearProblems();
    QLabel *problemLabel(Field field) const;

    std::unique_ptr<Ui::SignUpDialog> m_ui;
    QPointer<ClientSession> m_session;
    QPushButton *m_create = nullptr;
    bool m_waiting = false; // a sign-up or a code is on its way
    Step m_step = Step::Form;
    QString m_email; // the address as the exchange spells it, once signed up
    QString m_password; // kept for auth.verify, until the dialog closes
    std::optional<Mail> m_sandboxMail;
};

} // namespace everx
