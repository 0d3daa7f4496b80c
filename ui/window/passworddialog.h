// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"

#include <QtCore/QPointer>
#include <QtWidgets/QDialog>

#include <memory>

class QLabel;
class QPushButton;

namespace everx {

class ClientSession;
namespace Ui {
class PasswordDialog;
}

// Change the signed-in account's password (docs/protocol.md, account.password): the current
// one, the new one twice. The new one follows the exchange's rules (PasswordRules), said in
// place before anything is sent; a wrong current password is said beside it. On success the
// exchange signs the account out everywhere else and this desk stays signed in; the dialog is
// accepted. The form is passworddialog.ui.
class PasswordDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit PasswordDialog(ClientSession &session, QWidget *parent = nullptr);
    ~PasswordDialog() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void submit();
    void setProblem(QLabel *label, const QString &text);
    void updateButton();

    std::unique_ptr<Ui::PasswordDialog> m_ui;
    QPointer<ClientSession> m_session;
    QPushButton *m_change = nullptr;
    bool m_waiting = false;
};

} // namespace everx
