// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "support/reasondialog.h"

#include "ui_reasondialog.h"

#include "windowfit/windowfit.h"
#include <QtWidgets/QPushButton>

namespace everx {

ReasonDialog::ReasonDialog(const QString &title, const QString &prompt, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ReasonDialog>())
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    setObjectName(QStringLiteral("reasonDialog"));
    // Title and prompt are the caller's, already translated; the dialog lives only while open.
    setWindowTitle(title);
    m_ui->promptLabel->setText(prompt);
    m_ui->referenceLabel->hide();
    m_ui->referenceEdit->hide();
    updateOk();
    connect(m_ui->reasonEdit, &QPlainTextEdit::textChanged, this, &ReasonDialog::updateOk);
    connect(m_ui->referenceEdit, &QLineEdit::textChanged, this, &ReasonDialog::updateOk);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

ReasonDialog::~ReasonDialog() = default;

void ReasonDialog::askReference(const QString &caption, int maxLength)
{
    m_wantsReference = true;
    m_ui->referenceLabel->setText(caption);
    m_ui->referenceEdit->setMaxLength(maxLength);
    m_ui->referenceLabel->show();
    m_ui->referenceEdit->show();
    m_ui->referenceEdit->setFocus();
    updateOk();
}

void ReasonDialog::updateOk()
{
    m_ui->buttonBox->button(QDialogButtonBox::Ok)
        ->setEnabled(!text().isEmpty() && (!m_wantsReference || !reference().isEmpty()));
}

QString ReasonDialog::text() const
{
    return m_ui->reasonEdit->toPlainText().trimmed();
}

QString ReasonDialog::reference() const
{
    return m_wantsReference ? m_ui->referenceEdit->text().trimmed() : QString();
}

} // namespace everx
