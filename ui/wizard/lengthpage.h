// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wizard/sizingpage.h"

#include <memory>
#include <optional>

namespace everx {

namespace Ui {
class LengthPage;
}

// The wizard's length of the run, optional: the tokens to train on or to process, typed or
// filled in from a dataset's examples x tokens per example x epochs (the requests when
// serving), and the utilisation (MFU) that times the run. The form is lengthpage.ui.
class LengthPage final : public SizingPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LengthPage)

public:
    explicit LengthPage(QWidget *parent = nullptr);
    ~LengthPage() override;

    void initializePage() override;

    // The tokens typed: 0 when empty (no run), nullopt when they do not read as a count. In C
    // or the user's notation ("1.5B", "1,5B" in Turkish), at most Sizing::MaxTokens.
    std::optional<qint64> tokens() const;
    double mfu() const;

    bool isComplete() const override;
    bool validatePage() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    bool inference() const;
    void fromDataset();
    void retranslateUi();
    void refresh();

    std::unique_ptr<Ui::LengthPage> m_ui;
};

} // namespace everx
