// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"
#include "wizard/sizingpage.h"

#include <memory>
#include <optional>

namespace everx {

namespace Ui {
class ConstraintsPage;
}

// The wizard's constraints: at most how many GPUs, a budget per hour (money as the user writes
// it, checked in place), whether several GPUs need a fast interconnect, and the hours to rent
// when the run's tokens do not time it. The form is constraintspage.ui.
class ConstraintsPage final : public SizingPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConstraintsPage)

public:
    explicit ConstraintsPage(QWidget *parent = nullptr);
    ~ConstraintsPage() override;

    void initializePage() override;

    int maxGpus() const;
    bool needFastInterconnect() const;
    int hours() const;
    // The most hours one bid may ask for, as the order ticket allows.
    int maxHours() const;

    // Empty: no budget; otherwise money in the user's notation, with or without its symbol.
    bool budgetValid() const;
    std::optional<Cents> budget() const;

    bool isComplete() const override;
    bool validatePage() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void refresh();

    std::unique_ptr<Ui::ConstraintsPage> m_ui;
};

} // namespace everx
