// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"
#include "views/sizingresultsmodel.h"
#include "wizard/sizingpage.h"

#include <memory>

namespace everx {

namespace Ui {
class ResultsPage;
}

// The wizard's results: every catalog GPU ranked by fit and live price, or by the run's cost
// when the tokens are given (the SizingResultsModel), a summary of the best answer with its
// placement and what its plan changed, the chosen GPU's memory (MemoryChart) and the
// assumptions behind the figures, and "Bid for this", for the run's hours rounded up or the
// hours to rent, with the placement the GPUs need. The form is resultspage.ui.
class ResultsPage final : public SizingPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsPage)

public:
    // results: the wizard's model (not owned).
    explicit ResultsPage(SizingResultsModel *results, QWidget *parent = nullptr);
    ~ResultsPage() override;

    void initializePage() override;

    // The current row of the ranking, -1 when none.
    int currentRow() const;
    // The exchange's answer to quoteRequested() (SizingWizard::showQuote()).
    void showQuote(const SizingWizard::RunQuote &quote);
    // The exchange's answer to windowsRequested() (SizingWizard::showWindows()).
    void showWindows(const WindowsQuote &windows);

Q_SIGNALS:
    void bidRequested(const QString &gpu, int gpus, int hours, everx::Cents priceCents,
                      everx::Sizing::Placement placement, qint64 startMs);
    void quoteRequested(const QString &gpu, int gpus, int hours,
                        everx::Sizing::Placement placement);
    void windowsRequested(const QString &gpu, int gpus, int hours,
                          everx::Sizing::Placement placement, int days);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void showCurrent();
    void updateTexts();
    void updateBidTexts();
    int hoursToBid(int row) const;
    static QString placementWords(const SizingResultsModel::Result &r);
    QString planWords(const SizingResultsModel::Result &r) const;
    // Bids for the current row, to start at startMs (0: now).
    void bid(qint64 startMs = 0);
    // The two choices' buttons: start now with the quote's total, the cheapest start with its.
    void updateChoices();
    // The cheapest start with a free placement in the windows' answer; -1 when none (or none yet).
    int cheapestWindow() const;
    // The quote the current row needs; asked once for each GPU, count, hours and placement.
    void askForQuote(const SizingResultsModel::Result &r, int hours);
    QString quoteWords() const;

    std::unique_ptr<Ui::ResultsPage> m_ui;
    SizingResultsModel *m_results = nullptr;
    QString m_error;
    SizingWizard::RunQuote m_asked; // the last quote asked for (its gpu empty: none)
    std::optional<SizingWizard::RunQuote> m_quote; // its answer, when one came
    std::optional<WindowsQuote> m_windows; // market.windows's answer for m_asked, when one came
};

} // namespace everx
