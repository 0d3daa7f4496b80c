// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"

#include <QtWidgets/QDialog>

#include <memory>

namespace Ui {
class AdjustmentDialog;
}

namespace everx {

// Support's balance adjustment (adjustmentdialog.ui): a signed amount in USD and a mandatory
// reason. OK is enabled only for a non-zero amount that reads (Money::parse, in the user's
// locale) and a reason; the server decides whether it is applied or waits for a second agent.
class AdjustmentDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit AdjustmentDialog(const QString &account, QWidget *parent = nullptr);
    ~AdjustmentDialog() override;

    Cents amountCents() const;
    QString reason() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateOk();

    std::unique_ptr<::Ui::AdjustmentDialog> m_ui;
};

} // namespace everx
