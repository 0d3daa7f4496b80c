// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"

#include <QtWidgets/QDialog>

#include <memory>
#include <optional>

namespace Ui {
class PayoutDialog;
}

namespace everx {

// "Request a payout" (the provider workspace): an amount of the earnings, at most all of them.
// OK checks the amount and emits submitted(); the workspace sends it and accept()s, or shows the
// server's refusal here with showProblem().
class PayoutDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit PayoutDialog(Cents earnings, QWidget *parent = nullptr);
    ~PayoutDialog() override;

    std::optional<Cents> amount();
    void showProblem(const QString &text);

Q_SIGNALS:
    void submitted(everx::Cents amount);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showEarnings();

    std::unique_ptr<::Ui::PayoutDialog> m_ui;
    Cents m_earnings = 0;
};

} // namespace everx
