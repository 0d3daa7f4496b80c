#include "support/reasondialog.h"

#include "ui_reasondialog.h"

#include <QtWidgets/QPushButton>

namespace everx {

ReasonDialog::ReasonDialog(const QString &title, const QString &prompt, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ReasonDialog>())
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("reasonDialog"));
    // Title and prompt are the caller's, already translated; the dialog lives only while open.
    setWindowTitle(title);
    m_ui->promptLabel->setText(prompt);
    QPushButton *ok = m_ui->buttonBox->button(QDialogButtonBox::Ok);
    ok->setEnabled(false);
    connect(m_ui->reasonEdit, &QPlainTextEdit::textChanged, this,
            [this, ok] { ok->setEnabled(!text().isEmpty()); });
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

ReasonDialog::~ReasonDialog() = default;

QString ReasonDialog::text() const
{
    return m_ui->reasonEdit->toPlainText().trimmed();
}

} // namespace everx
