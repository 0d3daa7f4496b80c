// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wizard/sizingpage.h"

#include <memory>
#include <optional>

class QComboBox;

namespace everx {

namespace Ui {
class RunPage;
}

// The wizard's run shape: detailed or quick estimate, sequence length, micro-batch (concurrent
// sequences when serving), checkpointing, sharding and gradient bytes, with defaults that follow
// the workload. The form is runpage.ui.
class RunPage final : public SizingPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunPage)

public:
    explicit RunPage(QWidget *parent = nullptr);
    ~RunPage() override;

    void initializePage() override;

    bool quick() const;
    qint64 seq() const;
    qint64 batch() const;
    Sizing::Recompute recompute() const;
    Sizing::Strategy strategy() const;
    int gradBytes() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    static void select(QComboBox *combo, int data);
    Sizing::Method method() const;
    void updateEnabled();
    void retranslateUi();

    std::unique_ptr<Ui::RunPage> m_ui;
    std::optional<Sizing::Method> m_defaultsFor;
};

} // namespace everx
