// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "views/invoice.h"

#include <QtWidgets/QDialog>

class QPushButton;
class QTextBrowser;

namespace everx {

// Shows one rental's invoice (models/invoice.h) in the user's language and locale, and saves it
// as HTML or, where Qt Print Support is built in, prints it (to PDF as well).
class InvoiceDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit InvoiceDialog(const Invoice &invoice, QWidget *parent = nullptr);

    const Invoice &invoice() const { return m_invoice; }
    // Writes the HTML through QSaveFile; false and the reason in *error on failure.
    bool saveHtml(const QString &path, QString *error) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void saveHtmlInteractive();
    void print();

    Invoice m_invoice;
    QTextBrowser *m_text = nullptr;
    QPushButton *m_saveHtml = nullptr;
    QPushButton *m_print = nullptr; // null without Qt Print Support
    QPushButton *m_close = nullptr;
};

} // namespace everx
