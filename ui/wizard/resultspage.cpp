// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wizard/resultspage.h"

#include "ui_resultspage.h"

#include "market/gpucatalog.h"
#include "views/sizingresultsmodel.h"
#include "views/starttext.h"

#include <QtCore/QEvent>

#include <algorithm>

namespace everx {

ResultsPage::ResultsPage(SizingResultsModel *results, QWidget *parent)
    : SizingPage(parent)
    , m_ui(std::make_unique<Ui::ResultsPage>())
    , m_results(results)
{
    m_ui->setupUi(this);
    // The model ranks its rows itself (live): no sorting in the view.
    m_ui->resultsView->setModel(results);
    quieten({m_ui->bidSummary});
    // Below the ranking: the chosen GPU's memory and what the figures assume, in halves. The
    // form cannot hold a splitter's sizes or stretch. setSizes() counts each side's smallest
    // width at the time: the assumptions' label gets its text after it (retranslateUi), so that
    // the split does not change with the language.
    m_ui->resultsBottom->setSizes({1, 1});
    m_ui->resultsSplitter->setStretchFactor(0, 3);
    m_ui->resultsSplitter->setStretchFactor(1, 2);

    connect(m_ui->resultsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ResultsPage::showCurrent);
    // Live prices move rows and change figures: the selection follows its GPU (row moves), the
    // texts that quote prices follow the figures.
    connect(results, &QAbstractItemModel::dataChanged, this, &ResultsPage::updateTexts);
    connect(results, &QAbstractItemModel::rowsMoved, this, &ResultsPage::updateTexts);
    connect(m_ui->bidForThis, &QPushButton::clicked, this, [this] { bid(0); });
    connect(m_ui->bidCheapest, &QPushButton::clicked, this, [this] {
        if (const int cheapest = cheapestWindow(); cheapest >= 0)
            bid(m_windows->windows[cheapest].startMs);
    });
    retranslateUi();
}

ResultsPage::~ResultsPage() = default;

void ResultsPage::initializePage()
{
    SizingWizard *w = sizing();
    m_results->setLocale(locale());
    QString problem;
    const std::optional<SizingResultsModel::Request> q = w->request(&problem);
    if (!q || !m_results->setRequest(*q, &problem)) {
        m_error = problem;
        m_ui->memoryChart->clear();
        updateTexts();
        return;
    }
    m_error.clear();
    QTableView *view = m_ui->resultsView;
    // The run's hours and cost beside the price per hour, when the tokens are given.
    view->setColumnHidden(SizingResultsModel::RunHours, q->tokens <= 0);
    view->setColumnHidden(SizingResultsModel::RunCost, q->tokens <= 0);
    // The seeds' rule plans nothing.
    view->setColumnHidden(SizingResultsModel::Plan, q->mode == SizingResultsModel::Mode::Quick);
    view->resizeColumnsToContents();
    // The best answer first, and current, so that "Bid for this" is one key away.
    view->setCurrentIndex(m_results->index(0, 0));
    showCurrent();
    m_ui->assumptions->clear();
    m_ui->assumptions->addItems(m_results->assumptions());
}

int ResultsPage::currentRow() const
{
    const QModelIndex current = m_ui->resultsView->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void ResultsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_ui->retranslateUi(this);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange) {
        m_results->setLocale(locale());
        retranslateUi();
    }
    QWizardPage::changeEvent(event);
}

// What depends on the results (and the label that follows the splitter's sizes); the rest is
// the form's.
void ResultsPage::retranslateUi()
{
    m_ui->assumptionsLabel->setText(tr("&Assumptions"));
    if (m_results->hasRequest()) {
        m_ui->assumptions->clear();
        m_ui->assumptions->addItems(m_results->assumptions());
    }
    updateTexts();
}

void ResultsPage::showCurrent()
{
    const int row = currentRow();
    MemoryChart *chart = m_ui->memoryChart;
    if (row < 0 || !m_results->hasRequest()) {
        chart->clear();
    } else {
        const SizingResultsModel::Result &r = m_results->result(row);
        if (r.breakdown)
            chart->setBreakdown(*r.breakdown, r.gpu->name, r.gpus.value_or(1),
                                qint64(r.gpu->memoryGb) * Sizing::BytesPerGb, r.fits());
        else
            chart->clear();
    }
    updateTexts();
}

void ResultsPage::updateTexts()
{
    updateBidTexts();
    updateChoices();
}

void ResultsPage::updateBidTexts()
{
    const QLocale l = locale();
    SizingWizard *w = sizing();
    if (!m_error.isEmpty() || !w || !m_results->hasRequest()) {
        m_ui->resultsSummary->setText(m_error);
        m_ui->bidForThis->setEnabled(false);
        m_ui->bidSummary->clear();
        return;
    }
    const SizingResultsModel::Request &q = m_results->request();
    QString what = tr("%1, %2").arg(w->modelName(), SizingWizard::methodText(q.workload.method));
    if (q.mode == SizingResultsModel::Mode::Quick)
        what += tr(", quick rule");
    else if (q.shape.layers > 0)
        what += tr(", %1 tokens × %2", "sequence length × micro-batch")
                    .arg(l.toString(q.workload.seq), l.toString(q.workload.batch));
    const SizingResultsModel::Result &best = m_results->result(0);
    QString answer;
    if (best.tier() != SizingResultsModel::Tier::Eligible) {
        answer = tr("No GPU fits within your limits; the table says why for each.");
    } else {
        // "8 × MI300X on one server"
        const QString gpus = tr("%1 × %2 %3", "GPU count × GPU name, placement")
                                 .arg(l.toString(*best.gpus), best.gpu->name, placementWords(best));
        if (best.run.cost && best.run.wallHours)
            answer = tr("Best now: %1, %2 for the whole run (%3 h, tax included).")
                         .arg(gpus, Money::format(*best.run.cost, l),
                              l.toString(*best.run.wallHours, 'f', 1));
        else if (const std::optional<Cents> price = best.pricePerHour())
            answer = tr("Best now: %1 at %2 per hour.").arg(gpus, Money::format(*price, l));
        else
            answer = tr("Best: %1; nobody offers it right now.").arg(gpus);
        // What the plan changed to make the run fit, named.
        if (best.chosen)
            answer += u' ' + planWords(best);
    }
    m_ui->resultsSummary->setText(what + QStringLiteral(". ") + answer);

    const int row = currentRow();
    const bool canBid = row >= 0 && m_results->result(row).fits();
    m_ui->bidForThis->setEnabled(canBid);
    if (!canBid) {
        m_ui->bidSummary->setText(row >= 0 ? tr("This GPU does not fit the workload.") : QString());
        return;
    }
    const SizingResultsModel::Result &r = m_results->result(row);
    const QString price = Money::format(m_results->suggestedBidPrice(row), l);
    const int bidHours = hoursToBid(row);
    const QString hours = tr("%n hour(s)", "", bidHours);
    const QString gpus = tr("%1 × %2 %3", "GPU count × GPU name, placement")
                             .arg(l.toString(*r.gpus), r.gpu->name, placementWords(r));
    QString text = (r.ask ? tr("Bid for %1 for %2 at %3 per GPU-hour, the best offer.")
                          : tr("Bid for %1 for %2 at %3 per GPU-hour; nobody offers it now."))
                       .arg(gpus, hours, price);
    if (r.chosen && row != 0)
        text += u' ' + planWords(r);
    askForQuote(r, bidHours);
    if (const QString quoted = quoteWords(); !quoted.isEmpty())
        text += u' ' + quoted;
    if (const std::optional<int> needed = m_results->hoursToRent(row); needed && q.tokens > 0) {
        if (*needed > bidHours)
            text += u' '
                + tr("The run needs %n hour(s), more than one bid covers: bid again when it "
                     "ends, or choose GPUs that need fewer hours.",
                     "", *needed);
        else
            text += u' '
                + tr("The run's %1 h, rounded up: rentals are billed per started hour.")
                      .arg(l.toString(*r.run.wallHours, 'f', 1));
    } else if (q.tokens > 0) {
        text +=
            u' ' + tr("Without its TFLOPS the run cannot be timed: the hours are those to rent.");
    }
    m_ui->bidSummary->setText(text);
}

// The hours a bid for the row asks: the run's wall-clock hours rounded up when the tokens are
// given and the GPU's speed is published, within what one bid may ask; otherwise the hours to
// rent from the constraints.
int ResultsPage::hoursToBid(int row) const
{
    SizingWizard *w = sizing();
    if (const std::optional<int> needed = m_results->hoursToRent(row);
        needed && m_results->request().tokens > 0)
        return std::clamp(*needed, 1, w->maxRentalHours());
    return w->rentalHours();
}

void ResultsPage::bid(qint64 startMs)
{
    const int row = currentRow();
    if (row < 0 || !m_results->result(row).fits())
        return;
    const SizingResultsModel::Result &r = m_results->result(row);
    Q_EMIT bidRequested(r.gpu->id, *r.gpus, hoursToBid(row), m_results->suggestedBidPrice(row),
                        r.placement.value_or(Sizing::Placement::Server), startMs);
}

void ResultsPage::askForQuote(const SizingResultsModel::Result &r, int hours)
{
    const Sizing::Placement placement = r.placement.value_or(Sizing::Placement::Server);
    if (m_asked.gpu == r.gpu->id && m_asked.gpus == *r.gpus && m_asked.hours == hours
        && m_asked.placement == placement)
        return;
    m_asked = SizingWizard::RunQuote {};
    m_asked.gpu = r.gpu->id;
    m_asked.gpus = *r.gpus;
    m_asked.hours = hours;
    m_asked.placement = placement;
    m_quote.reset();
    m_windows.reset();
    Q_EMIT quoteRequested(m_asked.gpu, m_asked.gpus, m_asked.hours, m_asked.placement);
    Q_EMIT windowsRequested(m_asked.gpu, m_asked.gpus, m_asked.hours, m_asked.placement,
                            SizingWizard::CheapestStartDays);
}

void ResultsPage::showWindows(const WindowsQuote &windows)
{
    // Only the answer to the question the current row asked.
    if (windows.gpu != m_asked.gpu || windows.quantity != m_asked.gpus
        || windows.hours != m_asked.hours || windows.placement != m_asked.placement)
        return;
    m_windows = windows;
    updateTexts();
}

int ResultsPage::cheapestWindow() const
{
    if (!m_windows)
        return -1;
    int cheapest = -1;
    for (int i = 0; i < m_windows->windows.size(); ++i) {
        const StartWindow &w = m_windows->windows[i];
        if (w.placements > 0
            && (cheapest < 0 || w.totalCents < m_windows->windows[cheapest].totalCents))
            cheapest = i;
    }
    return cheapest;
}

// Side by side: a start now, with what the book quotes now, and the cheapest start of the next
// days, with its total from the exchange's windows; each fills the ticket, its start included.
void ResultsPage::updateChoices()
{
    const QLocale l = locale();
    const bool canBid = m_ui->bidForThis->isEnabled();
    QString now = tr("Start &now", "a bid's start");
    if (canBid && m_quote)
        now += u'\n'
            + (m_quote->available ? tr("%1 in all", "a run's total, tax included")
                                        .arg(Money::format(m_quote->total, l))
                                  : tr("nothing free now"));
    m_ui->bidForThis->setText(now);
    QString cheapest =
        tr("&Cheapest start in the next %n day(s)", "", SizingWizard::CheapestStartDays);
    const int best = canBid ? cheapestWindow() : -1;
    if (canBid && m_windows) {
        if (best >= 0) {
            const StartWindow &w = m_windows->windows[best];
            //: %1 a start ("Mon 7 Dec 10:00 (09:00 UTC)"), %2 the run's total with tax
            cheapest += u'\n'
                + tr("%1: %2 in all", "a start and the run's total")
                      .arg(StartText::text(w.startMs, l), Money::format(w.totalCents, l));
        } else {
            cheapest += u'\n' + tr("nothing free for the whole run");
        }
    }
    m_ui->bidCheapest->setText(cheapest);
    m_ui->bidCheapest->setEnabled(best >= 0);
}

void ResultsPage::showQuote(const SizingWizard::RunQuote &quote)
{
    // Only the answer to the question the current row asked.
    if (quote.gpu != m_asked.gpu || quote.gpus != m_asked.gpus || quote.hours != m_asked.hours
        || quote.placement != m_asked.placement)
        return;
    m_quote = quote;
    updateTexts();
}

// The exchange's price for the bid's placement, or that the book cannot take it now.
QString ResultsPage::quoteWords() const
{
    if (!m_quote)
        return {};
    const QLocale l = locale();
    const QString where = placementWords(m_results->result(currentRow()));
    if (!m_quote->available)
        return tr("The book cannot take %n GPU(s) %1 now.", "", m_quote->gpus).arg(where);
    return tr("The book quotes %1 for %n GPU(s) %2 for %3, tax included.",
              "total, GPUs, placement, hours", m_quote->gpus)
        .arg(Money::format(m_quote->total, l), where, tr("%n hour(s)", "", m_quote->hours));
}

// "on one server", "on a cluster of 3 servers", "on any servers".
QString ResultsPage::placementWords(const SizingResultsModel::Result &r)
{
    if (!r.placement)
        return {};
    switch (*r.placement) {
    case Sizing::Placement::Any:
        return tr("on any servers");
    case Sizing::Placement::Server:
        return tr("on one server");
    case Sizing::Placement::Cluster:
        return tr("on a cluster of %n server(s)", "", r.servers);
    }
    return {};
}

// One sentence: what the plan changed from the question so that the run fits.
QString ResultsPage::planWords(const SizingResultsModel::Result &r) const
{
    const QLocale l = locale();
    const bool tp = r.chosen.testFlag(Sizing::PlanChoice::TensorParallel);
    const bool full = r.chosen.testFlag(Sizing::PlanChoice::FullRecompute);
    const QString asked = r.askedGpus
        ? tr("As asked it needs %n GPU(s)", "the run as the user asked it", *r.askedGpus)
        : tr("As asked it fits on no number of GPUs");
    if (tp && full)
        return tr("%1: the plan uses full recomputation and tensor parallelism %2 inside a "
                  "server.")
            .arg(asked, l.toString(r.workload.tp));
    if (tp)
        return tr("%1: the plan uses tensor parallelism %2 inside a server.")
            .arg(asked, l.toString(r.workload.tp));
    return tr("%1: the plan uses full recomputation.").arg(asked);
}

} // namespace everx
