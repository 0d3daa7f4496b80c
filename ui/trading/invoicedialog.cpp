// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/invoicedialog.h"

#include "windowfit/windowfit.h"

#include <QtCore/QDir>
#include <QtCore/QEvent>
#include <QtCore/QSaveFile>
#include <QtGui/QTextDocument>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTextBrowser>
#include <QtWidgets/QVBoxLayout>

#ifdef EVERX_HAVE_PRINTSUPPORT
#include <QtPrintSupport/QPrintDialog>
#include <QtPrintSupport/QPrinter>
#endif

namespace everx {

InvoiceDialog::InvoiceDialog(const Invoice &invoice, QWidget *parent)
    : QDialog(parent)
    , m_invoice(invoice)
{
    setObjectName(QStringLiteral("invoiceDialog"));
    m_text = new QTextBrowser(this);
    m_text->setObjectName(QStringLiteral("invoiceText"));
    auto *buttons = new QDialogButtonBox(this);
    m_saveHtml = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_saveHtml->setObjectName(QStringLiteral("invoiceSaveHtml"));
    connect(m_saveHtml, &QPushButton::clicked, this, &InvoiceDialog::saveHtmlInteractive);
#ifdef EVERX_HAVE_PRINTSUPPORT
    m_print = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_print->setObjectName(QStringLiteral("invoicePrint"));
    connect(m_print, &QPushButton::clicked, this, &InvoiceDialog::print);
#endif
    m_close = buttons->addButton(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(buttons);
    resize(460, 420);
    WindowFit::install(this);
    retranslateUi();
}

void InvoiceDialog::retranslateUi()
{
    setWindowTitle(m_invoice.title());
    m_text->setHtml(m_invoice.toHtml(locale()));
    m_saveHtml->setText(tr("Save as &HTML\u2026"));
    if (m_print)
        m_print->setText(tr("&Print\u2026"));
    m_close->setText(tr("Close"));
}

void InvoiceDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

bool InvoiceDialog::saveHtml(const QString &path, QString *error) const
{
    QSaveFile file(path);
    const QByteArray html = m_invoice.toHtml(locale()).toUtf8();
    if (file.open(QIODevice::WriteOnly) && file.write(html) == html.size() && file.commit())
        return true;
    if (error)
        *error =
            tr("Could not save %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    file.cancelWriting();
    return false;
}

void InvoiceDialog::saveHtmlInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save invoice"), tr("invoice-rental-%1.html").arg(m_invoice.rentalId),
        tr("HTML files (*.html)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveHtml(path, &error))
        QMessageBox::warning(this, tr("Save invoice"), error);
}

void InvoiceDialog::print()
{
#ifdef EVERX_HAVE_PRINTSUPPORT
    QPrinter printer(QPrinter::HighResolution);
    printer.setDocName(m_invoice.title());
    QPrintDialog dialog(&printer, this);
    dialog.setWindowTitle(tr("Print invoice"));
    if (dialog.exec() != QDialog::Accepted)
        return;
    QTextDocument document;
    document.setHtml(m_invoice.toHtml(locale()));
    document.print(&printer);
#endif
}

} // namespace everx
