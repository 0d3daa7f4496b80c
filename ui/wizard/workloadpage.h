// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wizard/sizingpage.h"

#include <memory>

class QButtonGroup;

namespace everx {

namespace Ui {
class WorkloadPage;
}

// The wizard's first page: what the GPUs do (full training, LoRA, QLoRA or inference), each
// choice with a line on what it costs in memory. The form is workloadpage.ui.
class WorkloadPage final : public SizingPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkloadPage)

public:
    explicit WorkloadPage(QWidget *parent = nullptr);
    ~WorkloadPage() override;

    Sizing::Method method() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    std::unique_ptr<Ui::WorkloadPage> m_ui;
    QButtonGroup *m_group = nullptr;
};

} // namespace everx
