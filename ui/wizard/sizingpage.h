// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wizard/sizingwizard.h"

#include <QtGui/QPalette>
#include <QtWidgets/QLabel>
#include <QtWidgets/QWizardPage>

#include <initializer_list>

namespace everx {

// A page of the workload wizard: reads the other pages' answers through the wizard. Each page's
// fixed layout and texts are its .ui form; the class keeps what depends on the answers.
class SizingPage : public QWizardPage
{
public:
    using QWizardPage::QWizardPage;

protected:
    // nullptr until the page is added to the wizard.
    SizingWizard *sizing() const { return static_cast<SizingWizard *>(wizard()); }

    // One-line explanations under a choice or a field: quieter than the labels (the forms make
    // them wrap).
    static void quieten(std::initializer_list<QLabel *> labels)
    {
        for (QLabel *label : labels)
            label->setForegroundRole(QPalette::PlaceholderText);
    }
    // Validation messages in place, under their fields.
    static void markAsProblems(std::initializer_list<QLabel *> labels)
    {
        for (QLabel *label : labels)
            label->setStyleSheet(QStringLiteral("color: #c62828;"));
    }
};

} // namespace everx
