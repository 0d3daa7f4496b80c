// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wizard/sizingpage.h"

#include <memory>
#include <optional>

namespace everx {

struct ModelPreset;
namespace Ui {
class ModelPage;
}

// The wizard's model: a preset whose shape is known (the shape shown under it), or "Other" and
// a parameter count as typed (SizingWizard::parseParameters), checked in place and echoed in the
// locale's digits. The form is modelpage.ui.
class ModelPage final : public SizingPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelPage)

public:
    explicit ModelPage(QWidget *parent = nullptr);
    ~ModelPage() override;

    // nullptr for "Other: a parameter count".
    const ModelPreset *preset() const;
    std::optional<qint64> typedParameters() const;
    // The preset's shape, or only the parameter count typed; nullopt while it does not read.
    std::optional<Sizing::ModelShape> shape() const;
    QString modelName() const;

    bool isComplete() const override;
    bool validatePage() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void refresh();

    std::unique_ptr<Ui::ModelPage> m_ui;
};

} // namespace everx
