// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/marketrules.h"
#include "market/money.h"
#include "views/sizingresultsmodel.h"

#include <QtWidgets/QWizard>

#include <optional>

class QAction;
class QMenu;

namespace everx {

class MarketWatchModel;
class WorkloadPage;
class ModelPage;
class RunPage;
class LengthPage;
class ConstraintsPage;
class ResultsPage;

// The workload wizard (docs/architecture.md "The desk"): "I want to fine-tune a 70B model with
// QLoRA at 8k context on 2B tokens" -> which GPUs fit, how many, what they cost per hour right now,
// and how long the run takes and what it costs on each. Pages: workload, model (a preset with its
// shape, or a parameter count), run shape (sequence, micro-batch, checkpointing, sharding, gradient
// bytes; quick or detailed), length of the run (tokens, from a dataset's examples x tokens per
// example x epochs if wished, and the utilisation), constraints (GPU limit, budget per hour, fast
// interconnect, hours to rent when no tokens are given), and results: every catalog GPU ranked by
// fit and live price, or by the run's cost when the tokens are given (SizingResultsModel), the
// chosen GPU's memory breakdown, the assumptions behind them, and "Bid for this", for the run's
// hours rounded up. Each GPU's plan runs: the recomputation and tensor parallelism it needs to
// fit, on one server where it can (Sizing::plan()), with the placement its GPUs need.
//
// Each page is a class with its Designer form (WorkloadPage, ModelPage, RunPage, LengthPage,
// ConstraintsPage, ResultsPage); the wizard holds the flow between them and puts their answers
// together (request()).
//
// Non-modal: it follows the market while open. It never trades: "Bid for this" emits
// bidRequested and the window that owns the order ticket fills it in.
class SizingWizard final : public QWizard
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SizingWizard)

public:
    // What the exchange would charge for a whole placement now (market.quote's answer, which
    // the window that owns the session gives to showQuote()): whether the book can take the
    // GPUs as placed, and the cost of the order, tax included, for the hours asked. Several
    // listings may serve it, each at its own price.
    struct RunQuote
    {
        QString gpu;
        int gpus = 0;
        int hours = 0;
        Sizing::Placement placement = Sizing::Placement::Server;
        bool available = false; // the book holds the placement now
        Cents subtotal = 0; // before tax
        Cents total = 0; // tax included: what the order will hold
    };

    enum PageId {
        WorkloadPageId,
        ModelPageId,
        RunPageId,
        LengthPageId,
        ConstraintsPageId,
        ResultsPageId
    };

    // market: live best offers for the prices (not owned; may be nullptr).
    explicit SizingWizard(const MarketWatchModel *market, QWidget *parent = nullptr);
    ~SizingWizard() override;

    Sizing::Method method() const;
    // The question the pages put now; nullopt with the reason when a page is incomplete.
    std::optional<SizingResultsModel::Request> request(QString *problem = nullptr) const;
    // "Llama 3.1 70B" or "70,000,000,000 parameters".
    QString modelName() const;
    // The hours to rent from the constraints (the bid's hours when no tokens are given), and
    // the most one bid may ask.
    int rentalHours() const;
    int maxRentalHours() const;
    // The run's tokens as typed; 0 when none (or while they do not read as a count).
    qint64 runTokens() const;
    SizingResultsModel *results() const { return m_results; }

    // The signed-in account's tax rate in basis points, for the run's cost (0: not signed in).
    void setTaxBasisPoints(int basisPoints);
    // The answer to quoteRequested(); shown beside "Bid for this" when it is for the current
    // row's GPUs, hours and placement, ignored otherwise (an answer that came too late).
    void showQuote(const RunQuote &quote);
    // The answer to windowsRequested() (market.windows): the results offer its cheapest start
    // beside a start now when it is for the current row's GPUs, hours and placement.
    void showWindows(const WindowsQuote &windows);
    // How many days ahead the results look for the cheapest start.
    static constexpr int CheapestStartDays = MarketRules::WindowDays;

    // The texts of the menu and action that open the wizard, in the current language; the
    // window that owns them calls this from its retranslateUi.
    static void retranslateLauncher(QMenu *menu, QAction *open);
    // "QLoRA fine-tuning", in the current language.
    static QString methodText(Sizing::Method method);
    // A parameter count as a person types it: Sizing's notation ("70B", "7e9", "1.5T"), with the
    // locale's decimal point ("1,5T"), or followed by the current language's word for a
    // thousand, million, billion or trillion ("70 miliar" in Indonesian, "70 milyar" in
    // Turkish). K, M, B and T keep their English meaning in every language.
    static std::optional<qint64> parseParameters(const QString &typed, const QLocale &locale);
    // Any count typed so (parameters, tokens), at most max.
    static std::optional<qint64> parseCount(const QString &typed, const QLocale &locale,
                                            qint64 max);

Q_SIGNALS:
    // Bid for gpus GPUs of gpu for hours hours (the run's, rounded up, or the hours to rent) at
    // priceCents per GPU-hour: the best offer, or SizingResultsModel::suggestedBidPrice() when
    // there is none; placement: where the plan needs the GPUs (Sizing::placement()); startMs:
    // 0 to start now, or the cheapest start the exchange's windows offered.
    void bidRequested(const QString &gpu, int gpus, int hours, everx::Cents priceCents,
                      everx::Sizing::Placement placement, qint64 startMs);
    // The results ask what gpus GPUs of gpu for hours hours, placed so, would cost now: the
    // caller answers with showQuote() (market.quote), at once or later; without an answer the
    // page prices the run at the best offer.
    void quoteRequested(const QString &gpu, int gpus, int hours,
                        everx::Sizing::Placement placement);
    // The results ask what the same run would cost at each start hour of the next days days:
    // the caller answers with showWindows() (market.windows).
    void windowsRequested(const QString &gpu, int gpus, int hours,
                          everx::Sizing::Placement placement, int days);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    SizingResultsModel *m_results = nullptr;
    WorkloadPage *m_workloadPage = nullptr;
    ModelPage *m_modelPage = nullptr;
    RunPage *m_runPage = nullptr;
    LengthPage *m_lengthPage = nullptr;
    ConstraintsPage *m_constraintsPage = nullptr;
    ResultsPage *m_resultsPage = nullptr;
};

} // namespace everx
