// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wizard/sizingwizard.h"

#include "wizard/constraintspage.h"
#include "wizard/lengthpage.h"
#include "wizard/modelpage.h"
#include "wizard/resultspage.h"
#include "wizard/runpage.h"
#include "wizard/workloadpage.h"

#include "market/gpucatalog.h"
#include "windowfit/windowfit.h"

#include <QtCore/QEvent>
#include <QtGui/QAction>
#include <QtGui/QScreen>
#include <QtWidgets/QMenu>

namespace everx {

SizingWizard::SizingWizard(const MarketWatchModel *market, QWidget *parent)
    : QWizard(parent)
{
    setObjectName(QStringLiteral("sizingWizard"));
    setModal(false);
    setOption(QWizard::NoBackButtonOnStartPage);
    m_results = new SizingResultsModel(GpuCatalog::builtIn(), this);
    m_results->setMarketWatch(market);
    m_workloadPage = new WorkloadPage(this);
    m_modelPage = new ModelPage(this);
    m_runPage = new RunPage(this);
    m_lengthPage = new LengthPage(this);
    m_constraintsPage = new ConstraintsPage(this);
    m_resultsPage = new ResultsPage(m_results, this);
    setPage(WorkloadPageId, m_workloadPage);
    setPage(ModelPageId, m_modelPage);
    setPage(RunPageId, m_runPage);
    setPage(LengthPageId, m_lengthPage);
    setPage(ConstraintsPageId, m_constraintsPage);
    setPage(ResultsPageId, m_resultsPage);
    setStartId(WorkloadPageId);
    connect(m_resultsPage, &ResultsPage::bidRequested, this, &SizingWizard::bidRequested);
    connect(m_resultsPage, &ResultsPage::quoteRequested, this, &SizingWizard::quoteRequested);
    connect(m_resultsPage, &ResultsPage::windowsRequested, this, &SizingWizard::windowsRequested);
    // Room for the results' table and chart, within the screen: on 1280x800 the buttons stay
    // on it.
    resize(QSize(1180, 820).boundedTo(screen()->availableGeometry().size() - QSize(40, 40)));
    WindowFit::install(this);
    retranslateUi();
}

SizingWizard::~SizingWizard() = default;

Sizing::Method SizingWizard::method() const
{
    return m_workloadPage->method();
}

QString SizingWizard::modelName() const
{
    return m_modelPage->modelName();
}

int SizingWizard::rentalHours() const
{
    return m_constraintsPage->hours();
}

int SizingWizard::maxRentalHours() const
{
    return m_constraintsPage->maxHours();
}

qint64 SizingWizard::runTokens() const
{
    return m_lengthPage->tokens().value_or(0);
}

void SizingWizard::setTaxBasisPoints(int basisPoints)
{
    m_results->setTaxBasisPoints(basisPoints);
}

void SizingWizard::showWindows(const WindowsQuote &windows)
{
    m_resultsPage->showWindows(windows);
}

void SizingWizard::showQuote(const RunQuote &quote)
{
    m_resultsPage->showQuote(quote);
}

std::optional<SizingResultsModel::Request> SizingWizard::request(QString *problem) const
{
    const auto refuse = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    const std::optional<Sizing::ModelShape> shape = m_modelPage->shape();
    if (!shape)
        return refuse(tr("Choose a model or enter its parameter count."));
    if (!m_constraintsPage->budgetValid())
        return refuse(tr("The budget per hour does not read as an amount."));
    const std::optional<qint64> tokens = m_lengthPage->tokens();
    if (!tokens)
        return refuse(tr("The tokens do not read as a count."));
    SizingResultsModel::Request q;
    q.shape = *shape;
    q.workload.method = method();
    q.workload.seq = m_runPage->seq();
    q.workload.batch = m_runPage->batch();
    q.workload.recompute = m_runPage->recompute();
    q.workload.strategy = m_runPage->strategy();
    q.workload.gradBytes = m_runPage->gradBytes();
    q.mode =
        m_runPage->quick() ? SizingResultsModel::Mode::Quick : SizingResultsModel::Mode::Detailed;
    q.maxGpus = m_constraintsPage->maxGpus();
    q.budgetPerHour = m_constraintsPage->budget();
    q.needFastInterconnect = m_constraintsPage->needFastInterconnect();
    q.tokens = *tokens;
    q.mfu = m_lengthPage->mfu();
    return q;
}

std::optional<qint64> SizingWizard::parseParameters(const QString &typed, const QLocale &locale)
{
    return parseCount(typed, locale, Sizing::MaxParameters);
}

std::optional<qint64> SizingWizard::parseCount(const QString &typed, const QLocale &locale,
                                               qint64 max)
{
    QString text = typed.trimmed();
    // A trailing number word stands for its letter: "70 miliar" reads as "70B".
    const std::pair<QString, QChar> words[] = {
        {tr("trillion", "a number word typed after a count (parameters, tokens): 10^12"), u'T'},
        {tr("billion",
            "a number word typed after a count (parameters, tokens): 10^9, a thousand million"),
         u'B'},
        {tr("million", "a number word typed after a count (parameters, tokens): 10^6"), u'M'},
        {tr("thousand", "a number word typed after a count (parameters, tokens): 10^3"), u'K'},
    };
    for (const auto &[word, letter] : words) {
        if (!word.isEmpty() && text.size() > word.size()
            && text.endsWith(word, Qt::CaseInsensitive)) {
            text = text.chopped(word.size()).trimmed() + letter;
            break;
        }
    }
    if (const std::optional<qint64> n = Sizing::parseCount(text, max))
        return n;
    const QString point = locale.decimalPoint();
    if (point != u"." && text.contains(point))
        return Sizing::parseCount(text.replace(point, QStringLiteral(".")), max);
    return std::nullopt;
}

QString SizingWizard::methodText(Sizing::Method method)
{
    switch (method) {
    case Sizing::Method::Full:
        return tr("full training");
    case Sizing::Method::Lora:
        return tr("LoRA");
    case Sizing::Method::Qlora:
        return tr("QLoRA");
    case Sizing::Method::Inference:
        return tr("inference");
    }
    return {};
}

void SizingWizard::retranslateLauncher(QMenu *menu, QAction *open)
{
    if (menu)
        menu->setTitle(tr("&Tools"));
    if (open) {
        open->setText(tr("Workload &wizard\u2026"));
        open->setStatusTip(tr("Which GPUs fit a workload, how many, and what they cost now."));
    }
}

void SizingWizard::retranslateUi()
{
    setWindowTitle(tr("Workload wizard"));
}

void SizingWizard::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWizard::changeEvent(event);
    // QWizard gives its page frame a palette of its own when it lays itself out, so a change of
    // theme (the application's palette) would stop at the frame: the pages kept the old theme.
    if (event->type() == QEvent::PaletteChange) {
        for (QWidget *child : findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
            if (child->testAttribute(Qt::WA_SetPalette))
                child->setPalette(palette());
        }
    }
}

} // namespace everx
