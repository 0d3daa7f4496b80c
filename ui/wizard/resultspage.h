#pragma once

#include "market/money.h"
#include "wizard/sizingpage.h"

#include <memory>

namespace everx {

class SizingResultsModel;
namespace Ui {
class ResultsPage;
}

// The wizard's results: every catalog GPU ranked by fit and live price, or by the run's cost
// when the tokens are given (the SizingResultsModel), a summary of the best answer, the chosen
// GPU's memory (MemoryChart) and the assumptions behind the figures, and "Bid for this", for the
// run's hours rounded up or the hours to rent. The form is resultspage.ui.
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

Q_SIGNALS:
    void bidRequested(const QString &gpu, int gpus, int hours, everx::Cents priceCents);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void showCurrent();
    void updateTexts();
    int hoursToBid(int row) const;
    void bid();

    std::unique_ptr<Ui::ResultsPage> m_ui;
    SizingResultsModel *m_results = nullptr;
    QString m_error;
};

} // namespace everx
