// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wizard/workloadpage.h"

#include "ui_workloadpage.h"

#include <QtCore/QEvent>
#include <QtWidgets/QButtonGroup>

#include <algorithm>

namespace everx {

WorkloadPage::WorkloadPage(QWidget *parent)
    : SizingPage(parent)
    , m_ui(std::make_unique<Ui::WorkloadPage>())
{
    m_group = new QButtonGroup(this);
    m_ui->setupUi(this);
    // The buttons' ids are the methods.
    m_group->addButton(m_ui->workloadFull, int(Sizing::Method::Full));
    m_group->addButton(m_ui->workloadLora, int(Sizing::Method::Lora));
    m_group->addButton(m_ui->workloadQlora, int(Sizing::Method::Qlora));
    m_group->addButton(m_ui->workloadInference, int(Sizing::Method::Inference));
    for (QLabel *explanation :
         {m_ui->workloadFullExplanation, m_ui->workloadLoraExplanation,
          m_ui->workloadQloraExplanation, m_ui->workloadInferenceExplanation}) {
        quieten({explanation});
        explanation->setContentsMargins(24, 0, 0, 8); // under its choice's text
    }
    retranslateUi();
}

WorkloadPage::~WorkloadPage() = default;

Sizing::Method WorkloadPage::method() const
{
    return Sizing::Method(std::max(0, m_group->checkedId()));
}

void WorkloadPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateUi();
    }
    QWizardPage::changeEvent(event);
}

void WorkloadPage::retranslateUi()
{
    const std::pair<QRadioButton *, QLabel *> choices[] = {
        {m_ui->workloadFull, m_ui->workloadFullExplanation},
        {m_ui->workloadLora, m_ui->workloadLoraExplanation},
        {m_ui->workloadQlora, m_ui->workloadQloraExplanation},
        {m_ui->workloadInference, m_ui->workloadInferenceExplanation},
    };
    for (const auto &[choice, explanation] : choices)
        choice->setAccessibleDescription(explanation->text());
}

} // namespace everx
