// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "support/adjustmentdialog.h"

#include "ui_adjustmentdialog.h"

#include "windowfit/windowfit.h"
#include <QtCore/QEvent>
#include <QtWidgets/QPushButton>

namespace everx {

AdjustmentDialog::AdjustmentDialog(const QString &account, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::AdjustmentDialog>())
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    setObjectName(QStringLiteral("adjustmentDialog"));
    m_ui->accountLabel->setText(account);
    connect(m_ui->amountEdit, &QLineEdit::textChanged, this, &AdjustmentDialog::updateOk);
    connect(m_ui->reasonEdit, &QPlainTextEdit::textChanged, this, &AdjustmentDialog::updateOk);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateOk();
}

AdjustmentDialog::~AdjustmentDialog() = default;

Cents AdjustmentDialog::amountCents() const
{
    return Money::parse(m_ui->amountEdit->text(), locale()).value_or(0);
}

QString AdjustmentDialog::reason() const
{
    return m_ui->reasonEdit->toPlainText().trimmed();
}

void AdjustmentDialog::updateOk()
{
    m_ui->buttonBox->button(QDialogButtonBox::Ok)
        ->setEnabled(amountCents() != 0 && !reason().isEmpty());
}

void AdjustmentDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_ui->retranslateUi(this);
    QDialog::changeEvent(event);
}

} // namespace everx
