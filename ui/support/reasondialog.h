// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtWidgets/QDialog>

#include <memory>

namespace Ui {
class ReasonDialog;
}

namespace everx {

// A mandatory text for a support action (reasondialog.ui): a note on an account, or the reason
// for a decision (an adjustment, a suspension, an application, a payout). OK is enabled once
// there is text, and a reference too when one is asked for.
class ReasonDialog final : public QDialog
{
    Q_OBJECT

public:
    ReasonDialog(const QString &title, const QString &prompt, QWidget *parent = nullptr);
    ~ReasonDialog() override;

    // Asks for a one-line reference as well (a bank transfer's), under `caption` (translated by
    // the caller), at most maxLength characters; mandatory from then on.
    void askReference(const QString &caption, int maxLength);

    QString text() const;
    QString reference() const; // trimmed; empty unless asked for

private:
    void updateOk();

    std::unique_ptr<::Ui::ReasonDialog> m_ui;
    bool m_wantsReference = false;
};

} // namespace everx
