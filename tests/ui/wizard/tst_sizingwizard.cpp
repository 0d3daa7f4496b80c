// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The workload wizard on the embedded sandbox, offscreen, driven by object names: "fine-tune
// Llama 3.1 70B with QLoRA at 8k context" from the first page to the results, a fitting GPU
// ranked first at its live price, the memory chart, and "Bid for this" filling the desk's order
// ticket; then a LoRA run of 100M tokens given as a dataset, ranked by the run's cost as the
// order will hold it, whose bid asks for the run's hours rounded up; full training of Llama 3.1
// 70B with the pages' defaults ends in a plan that runs on one server, which the results name.
// The parameter field in three languages: number words ("70 miliar"), the locale's decimal
// point, and the number understood shown beside it.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"
#include "server/embeddedexchange.h"

#include "server/embeddedexchange.h"
#include "trading/orderticket.h"
#include "views/deskstate.h"
#include "views/starttext.h"
#include "window/appearance.h"
#include "window/mainwindow.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"
#include "wire/serverconnector.h"
#include "wizard/sizingwizard.h"

#include <QtCharts/QAbstractBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QAbstractButton>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QListWidget>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QTableView>
#include <QtWidgets/QWizardPage>

#include <cmath>

using namespace everx;
using namespace Qt::Literals::StringLiterals;

namespace {

// Places what the window's ticket shows: its total is `total`, the confirmation says so, and the
// exchange's hold entry for the order (in the account's ledger) is exactly it.
void placeTheTicket(MainWindow &window, DeskState &desk, ClientSession &session, Cents total)
{
    const QLocale here = window.findChild<QLabel *>(u"ticketTotal"_s)->locale();
    QCOMPARE(window.findChild<QLabel *>(u"ticketTotal"_s)->text(), Money::format(total, here));
    const Cents before = desk.balance().available;
    window.findChild<QPushButton *>(u"ticketPlace"_s)->click();
    QMessageBox *box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (box = window.findChild<QMessageBox *>(u"ticketConfirmation"_s)) != nullptr, 5000);
    QVERIFY2(box->text().contains(u"Total held "_s + Money::format(total, here)),
             qPrintable(box->text()));
    box->button(QMessageBox::Yes)->click();
    QTRY_VERIFY_WITH_TIMEOUT(desk.balance().available < before, 5000);
    std::optional<Cents> held;
    ExchangeClient(session).ledger({0, LedgerQuery::MaxLimit}, &window,
                                   [&held](const Result<QList<LedgerEntry>> &entries) {
                                       held = -1;
                                       if (!entries)
                                           return;
                                       for (const LedgerEntry &e : entries.value())
                                           if (e.kind == u"hold" && e.bucket == Bucket::Held)
                                               held = e.amount;
                                   });
    QTRY_VERIFY_WITH_TIMEOUT(held.has_value(), 5000);
    QCOMPARE(*held, total);
}

} // namespace

class TestSizingWizard : public QObject
{
    Q_OBJECT

private:
    Appearance m_appearance; // the language of the parameter tests (translators installed)

private slots:
    void initTestCase();
    void qloraSeventyBToABid();
    void runWithTokensToATicket();
    void seventyBFullTrainingEndsInAPlanThatRuns();
    void cheapestStartFillsTheTicket();
    void parametersAsTyped_data();
    void parametersAsTyped();
    void parametersUnderstoodAreShown_data();
    void parametersUnderstoodAreShown();
    void tokensAsTyped_data();
    void tokensAsTyped();
    void cleanupTestCase();
};

void TestSizingWizard::cleanupTestCase()
{
    m_appearance.setLanguage(u"en"_s);
}

void TestSizingWizard::parametersAsTyped_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<qint64>("parameters"); // 0: refused
    const qint64 B = 1'000'000'000;
    // Sizing's letters mean the same in every language.
    for (const char *l : {"en", "id", "tr"}) {
        const QString language = QString::fromLatin1(l);
        QTest::addRow("%s 70B", l) << language << u"70B"_s << 70 * B;
        QTest::addRow("%s 7e9", l) << language << u"7e9"_s << 7 * B;
        QTest::addRow("%s 70M", l) << language << u"70M"_s << qint64(70'000'000);
        QTest::addRow("%s 1.5T", l) << language << u"1.5T"_s << 1'500 * B;
        QTest::addRow("%s seventy", l) << language << u"seventy"_s << qint64(0);
    }
    QTest::newRow("en 70 billion") << u"en"_s << u"70 billion"_s << 70 * B;
    QTest::newRow("en 1.5 trillion") << u"en"_s << u"1.5 trillion"_s << 1'500 * B;
    QTest::newRow("en 350 million") << u"en"_s << u"350 million"_s << qint64(350'000'000);
    QTest::newRow("en miliar is not English") << u"en"_s << u"70 miliar"_s << qint64(0);
    QTest::newRow("id 70 miliar") << u"id"_s << u"70 miliar"_s << 70 * B;
    QTest::newRow("id 70miliar") << u"id"_s << u"70miliar"_s << 70 * B;
    QTest::newRow("id 70 Miliar") << u"id"_s << u"70 Miliar"_s << 70 * B;
    QTest::newRow("id 1,5 triliun") << u"id"_s << u"1,5 triliun"_s << 1'500 * B;
    QTest::newRow("id 1,5T") << u"id"_s << u"1,5T"_s << 1'500 * B;
    QTest::newRow("id 350 juta") << u"id"_s << u"350 juta"_s << qint64(350'000'000);
    QTest::newRow("id miliar alone") << u"id"_s << u"miliar"_s << qint64(0);
    QTest::newRow("tr 70 milyar") << u"tr"_s << u"70 milyar"_s << 70 * B;
    QTest::newRow("tr 1,5 trilyon") << u"tr"_s << u"1,5 trilyon"_s << 1'500 * B;
    QTest::newRow("tr 1,5T") << u"tr"_s << u"1,5T"_s << 1'500 * B;
    QTest::newRow("tr 350 milyon") << u"tr"_s << u"350 milyon"_s << qint64(350'000'000);
}

void TestSizingWizard::parametersAsTyped()
{
    QFETCH(QString, language);
    QFETCH(QString, typed);
    QFETCH(qint64, parameters);
    QVERIFY(m_appearance.setLanguage(language));
    const std::optional<qint64> n = SizingWizard::parseParameters(typed, QLocale());
    QCOMPARE(n.value_or(0), parameters);
}

void TestSizingWizard::parametersUnderstoodAreShown_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("digits");
    QTest::newRow("en") << u"en"_s << u"70B"_s << u"70,000,000,000"_s;
    QTest::newRow("id miliar") << u"id"_s << u"70 miliar"_s << u"70.000.000.000"_s;
    QTest::newRow("id M is a million") << u"id"_s << u"70M"_s << u"70.000.000"_s;
    QTest::newRow("tr") << u"tr"_s << u"1,5T"_s << u"1.500.000.000.000"_s;
}

void TestSizingWizard::parametersUnderstoodAreShown()
{
    QFETCH(QString, language);
    QFETCH(QString, typed);
    QFETCH(QString, digits);
    QVERIFY(m_appearance.setLanguage(language));
    SizingWizard wizard(nullptr);
    auto *preset = wizard.findChild<QComboBox *>(u"modelPreset"_s);
    auto *params = wizard.findChild<QLineEdit *>(u"modelParams"_s);
    auto *echo = wizard.findChild<QLabel *>(u"modelParamsEcho"_s);
    QVERIFY(preset && params && echo);
    preset->setCurrentIndex(preset->count() - 1); // "Other: a parameter count"
    params->setText(typed);
    QVERIFY(!echo->isHidden()); // its page is not the current one: not visible to the wizard
    QCOMPARE(echo->text(),
             u"= "_s
                 + QCoreApplication::translate("everx::ModelPage", "%1 parameters").arg(digits));
    // Beside the field, on its row.
    QCOMPARE(echo->parentWidget(), params->parentWidget());
    params->setText(u"seventy"_s);
    QVERIFY(echo->isHidden());
    preset->setCurrentIndex(0);
    QVERIFY(echo->isHidden());
}

// The tokens field reads number words as the parameter field does, and shows the number it
// understood: a Turk who types "2 milyar" is not costed for 2 bin (thousand), and one who types
// "2B" sees 2.000.000.000 beside the field.
void TestSizingWizard::tokensAsTyped_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("digits"); // empty: refused
    QTest::newRow("en 2B") << u"en"_s << u"2B"_s << u"2,000,000,000"_s;
    QTest::newRow("en 500 million") << u"en"_s << u"500 million"_s << u"500,000,000"_s;
    QTest::newRow("en miliar is not English") << u"en"_s << u"2 miliar"_s << QString();
    QTest::newRow("id 2 miliar") << u"id"_s << u"2 miliar"_s << u"2.000.000.000"_s;
    QTest::newRow("id 500 juta") << u"id"_s << u"500 juta"_s << u"500.000.000"_s;
    QTest::newRow("id 1,5 miliar") << u"id"_s << u"1,5 miliar"_s << u"1.500.000.000"_s;
    QTest::newRow("id 2B is shown") << u"id"_s << u"2B"_s << u"2.000.000.000"_s;
    QTest::newRow("tr 2 milyar") << u"tr"_s << u"2 milyar"_s << u"2.000.000.000"_s;
    QTest::newRow("tr 500 milyon") << u"tr"_s << u"500 milyon"_s << u"500.000.000"_s;
    QTest::newRow("tr 20 bin") << u"tr"_s << u"20 bin"_s << u"20.000"_s;
    QTest::newRow("tr too many") << u"tr"_s << u"2 katrilyon"_s << QString();
}

void TestSizingWizard::tokensAsTyped()
{
    QFETCH(QString, language);
    QFETCH(QString, typed);
    QFETCH(QString, digits);
    QVERIFY(m_appearance.setLanguage(language));
    SizingWizard wizard(nullptr);
    auto *tokens = wizard.findChild<QLineEdit *>(u"runTokens"_s);
    auto *echo = wizard.findChild<QLabel *>(u"runTokensEcho"_s);
    auto *problem = wizard.findChild<QLabel *>(u"runTokensProblem"_s);
    QVERIFY(tokens && echo && problem);
    tokens->setText(typed);
    if (digits.isEmpty()) {
        QVERIFY(echo->isHidden());
        QVERIFY(!problem->isHidden());
        QVERIFY(!wizard.request());
        return;
    }
    QVERIFY(problem->isHidden());
    QVERIFY(!echo->isHidden());
    QCOMPARE(echo->text(),
             u"= "_s + QCoreApplication::translate("everx::LengthPage", "%1 tokens").arg(digits));
    QCOMPARE(echo->parentWidget(), tokens->parentWidget()); // beside the field
    const std::optional<SizingResultsModel::Request> request = wizard.request();
    QVERIFY(request);
    QCOMPARE(QLocale().toString(request->tokens), digits);
    tokens->clear(); // empty: rent by the hour, nothing to echo
    QVERIFY(echo->isHidden());
}

void TestSizingWizard::initTestCase()
{
    test::isolateSettings();
}

void TestSizingWizard::qloraSeventyBToABid()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start()); // a quiet market: prices hold still while we compare
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    desk.marketWatch()->setFrameInterval(0);
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    MarketWatchModel *watch = desk.marketWatch();
    QTRY_VERIFY_WITH_TIMEOUT(watch->ticker(watch->rowOf(u"h100-sxm"_s)).ask.has_value(), 5000);

    // Tools > Workload wizard, Ctrl+Shift+W.
    auto *open = window.findChild<QAction *>(u"wizardAction"_s);
    QVERIFY(open);
    QCOMPARE(open->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    QCOMPARE(window.findChild<QMenu *>(u"toolsMenu"_s)->title(), u"&Tools"_s);
    QVERIFY(window.findChild<QMenu *>(u"toolsMenu"_s)->actions().contains(open));
    open->trigger();
    auto *wizard = window.findChild<SizingWizard *>(u"sizingWizard"_s);
    QVERIFY(wizard);
    QVERIFY(wizard->isVisible());
    QVERIFY(!wizard->isModal());
    QCOMPARE(wizard->currentId(), int(SizingWizard::WorkloadPageId));

    // Workload: QLoRA.
    auto *qlora = wizard->findChild<QRadioButton *>(u"workloadQlora"_s);
    QVERIFY(qlora && wizard->findChild<QRadioButton *>(u"workloadFull"_s)
            && wizard->findChild<QRadioButton *>(u"workloadLora"_s)
            && wizard->findChild<QRadioButton *>(u"workloadInference"_s));
    qlora->click();
    QCOMPARE(wizard->method(), Sizing::Method::Qlora);
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ModelPageId));

    // Model: a parameter count is validated in place; then the Llama 3.1 70B preset.
    auto *preset = wizard->findChild<QComboBox *>(u"modelPreset"_s);
    auto *params = wizard->findChild<QLineEdit *>(u"modelParams"_s);
    auto *paramsProblem = wizard->findChild<QLabel *>(u"modelParamsProblem"_s);
    QVERIFY(preset && params && paramsProblem);
    QAbstractButton *next = wizard->button(QWizard::NextButton);
    preset->setCurrentIndex(preset->count() - 1); // "Other: a parameter count"
    QVERIFY(params->isEnabled());
    params->setText(u"seventy"_s);
    QVERIFY(paramsProblem->isVisible());
    QVERIFY(!paramsProblem->text().isEmpty());
    QVERIFY(!next->isEnabled());
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ModelPageId)); // refused
    params->setText(u"70B"_s);
    QVERIFY(!paramsProblem->isVisible());
    QVERIFY(next->isEnabled());
    QCOMPARE(wizard->request()->shape.parameters, 70'000'000'000);
    params->setText(u"7e9"_s);
    QCOMPARE(wizard->request()->shape.parameters, 7'000'000'000);
    preset->setCurrentIndex(preset->findData(u"llama-3.1-70b"_s));
    QCOMPARE(preset->currentText(), u"Llama 3.1 70B"_s);
    QVERIFY(!params->isEnabled());
    // The shape shows: layers, hidden, heads, KV heads, vocabulary, parameters.
    const QString shapeText = wizard->findChild<QLabel *>(u"modelShape"_s)->text();
    for (const char16_t *part : {u"80 layers", u"8,192", u"64 attention heads", u"8 KV heads",
                                 u"128,256", u"70,553,706,496"})
        QVERIFY2(shapeText.contains(QStringView(part)), qPrintable(shapeText));
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::RunPageId));

    // Run shape: QLoRA's defaults (gradient checkpointing, ZeRO-3), then 8k context.
    auto *seq = wizard->findChild<QSpinBox *>(u"runSeq"_s);
    auto *batch = wizard->findChild<QSpinBox *>(u"runBatch"_s);
    auto *recompute = wizard->findChild<QComboBox *>(u"runRecompute"_s);
    auto *strategy = wizard->findChild<QComboBox *>(u"runStrategy"_s);
    QVERIFY(seq && batch && recompute && strategy);
    QCOMPARE(recompute->currentData().toInt(), int(Sizing::Recompute::Full));
    QCOMPARE(strategy->currentData().toInt(), int(Sizing::Strategy::Zero3));
    QCOMPARE(batch->value(), 1);
    QVERIFY(wizard->findChild<QRadioButton *>(u"runModeDetailed"_s)->isChecked());
    seq->setValue(8192);
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::LengthPageId));

    // Length of the run: optional; empty tokens rent by the hour. A count that does not read is
    // refused in place.
    auto *tokens = wizard->findChild<QLineEdit *>(u"runTokens"_s);
    QVERIFY(tokens && tokens->text().isEmpty());
    tokens->setText(u"lots"_s);
    QVERIFY(!next->isEnabled());
    QVERIFY(wizard->findChild<QLabel *>(u"runTokensProblem"_s)->isVisible());
    tokens->clear();
    QVERIFY(next->isEnabled());
    QCOMPARE(wizard->runTokens(), 0);
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ConstraintsPageId));
    QVERIFY(wizard->findChild<QSpinBox *>(u"rentalHours"_s)->isEnabled());

    // Constraints: the defaults (8 GPUs, no budget, fast interconnect for several GPUs); a
    // budget that does not read as money is refused in place.
    auto *budget = wizard->findChild<QLineEdit *>(u"budgetPerHour"_s);
    QVERIFY(budget && wizard->findChild<QSpinBox *>(u"maxGpus"_s)
            && wizard->findChild<QAbstractButton *>(u"needFastInterconnect"_s));
    QCOMPARE(wizard->findChild<QSpinBox *>(u"maxGpus"_s)->value(), 8);
    budget->setText(u"lots"_s);
    QVERIFY(!next->isEnabled());
    QVERIFY(wizard->findChild<QLabel *>(u"budgetProblem"_s)->isVisible());
    budget->clear();
    QVERIFY(next->isEnabled());
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ResultsPageId));
    QVERIFY(wizard->findChild<QWizardPage *>(u"resultsPage"_s)->isVisible());

    // Results: a GPU that fits on its own ranks first, at 1 x its best offer on the market.
    auto *view = wizard->findChild<QTableView *>(u"resultsView"_s);
    QVERIFY(view);
    auto *results = qobject_cast<SizingResultsModel *>(view->model());
    QVERIFY(results);
    QCOMPARE(results->rowCount(), 15);
    const SizingResultsModel::Result &best = results->result(0);
    QCOMPARE(best.tier(), SizingResultsModel::Tier::Eligible);
    QCOMPARE(best.gpus, std::optional<int>(1));
    QVERIFY(best.gpu->memoryGb >= 80);
    const QString gpu = results->index(0, 0).data(SizingResultsModel::GpuIdRole).toString();
    const std::optional<Cents> ask = watch->ticker(watch->rowOf(gpu)).ask;
    QVERIFY(ask);
    QCOMPARE(results->index(0, SizingResultsModel::PricePerHour)
                 .data(SizingResultsModel::RawValueRole)
                 .toLongLong(),
             *ask);
    QCOMPARE(results->index(0, SizingResultsModel::PricePerHour).data().toString(),
             Money::format(*ask, QLocale()));
    // No single GPU with an offer is cheaper (fewer GPUs first, then the price).
    for (int row = 1; row < results->rowCount(); ++row) {
        const SizingResultsModel::Result &r = results->result(row);
        if (r.tier() == SizingResultsModel::Tier::Eligible && r.gpus == 1 && r.pricePerHour())
            QVERIFY(*r.pricePerHour() >= *ask);
    }
    QCOMPARE(view->currentIndex().row(), 0); // the best answer is current

    // The chart: one set per memory component, summing to the per-GPU total of the sizing
    // model (72,213,902,952 bytes: everx-size --model llama-3.1-70b --method qlora --seq 8192).
    auto *chartView = wizard->findChild<QChartView *>(u"memoryChart"_s);
    QVERIFY(chartView);
    QCOMPARE(chartView->chart()->series().size(), 1);
    auto *bars = qobject_cast<QAbstractBarSeries *>(chartView->chart()->series().constFirst());
    QVERIFY(bars);
    const QStringList components = {u"weights"_s, u"gradients"_s, u"optimizer"_s, u"activations"_s,
                                    u"logits"_s,  u"kvCache"_s,   u"overhead"_s};
    QCOMPARE(bars->barSets().size(), components.size());
    double gigabytes = 0;
    for (qsizetype i = 0; i < components.size(); ++i) {
        QBarSet *set = bars->barSets().at(i);
        QCOMPARE(set->objectName(), components.at(i));
        QVERIFY(!set->label().isEmpty());
        QCOMPARE(set->count(), 1);
        gigabytes += set->at(0);
    }
    QCOMPARE(best.breakdown->total(), std::optional<qint64>(72'213'902'952));
    QVERIFY(qAbs(gigabytes * 1e9 - 72'213'902'952.0) < 1.0);
    QVERIFY(qAbs(bars->barSets().at(3)->at(0) - 10.737418240) < 1e-9); // activations, 2sbh x 80
    // Every assumption is listed, one line each.
    auto *assumptions = wizard->findChild<QListWidget *>(u"assumptions"_s);
    QVERIFY(assumptions && assumptions->count() >= 8);
    QVERIFY(assumptions->item(0)->text().contains(u"80%"));

    // Another row shows its own breakdown: two L40S hold a share each.
    const int l40s = results->rowOf(u"l40s"_s);
    view->setCurrentIndex(results->index(l40s, 0));
    double l40sGb = 0;
    for (QBarSet *set : bars->barSets())
        l40sGb += set->at(0);
    QVERIFY(qAbs(l40sGb * 1e9 - double(*results->result(l40s).breakdown->total())) < 1.0);
    QVERIFY(l40sGb <= 48.0);
    view->setCurrentIndex(results->index(0, 0));

    // Another language or locale: the page retranslates itself, money follows the locale,
    // and the ranking stays (no reset, the selection holds).
    QEvent languageChange(QEvent::LanguageChange);
    QCoreApplication::sendEvent(wizard, &languageChange);
    QCOMPARE(view->currentIndex().row(), 0);
    QVERIFY(!wizard->findChild<QLabel *>(u"resultsSummary"_s)->text().isEmpty());
    const QLocale indonesian(QLocale::Indonesian, QLocale::Indonesia);
    wizard->setLocale(indonesian);
    QCOMPARE(results->index(0, SizingResultsModel::PricePerHour).data().toString(),
             Money::format(*ask, indonesian));
    QVERIFY(
        results->index(0, SizingResultsModel::PricePerHour).data().toString().startsWith(u"US$"));
    wizard->unsetLocale();
    QCOMPARE(results->index(0, SizingResultsModel::PricePerHour).data().toString(),
             Money::format(*ask, QLocale()));
    QCOMPARE(view->currentIndex().row(), 0);

    // Bid for this: the desk shows the GPU and the ticket is filled in as a bid.
    auto *bid = wizard->findChild<QPushButton *>(u"bidForThis"_s);
    QVERIFY(bid && bid->isEnabled());
    QSignalSpy requested(wizard, &SizingWizard::bidRequested);
    bid->click();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), gpu);
    QCOMPARE(requested.at(0).at(1).toInt(), 1);
    QCOMPARE(requested.at(0).at(2).toInt(), 24); // hours to rent, the constraints' default
    QCOMPARE(requested.at(0).at(3).toLongLong(), *ask);
    // With the placement the plan needs: one GPU, on one server or, a PCIe card, any.
    QVERIFY(best.placement);
    QCOMPARE(requested.at(0).at(4).value<Sizing::Placement>(), *best.placement);
    QCOMPARE(desk.selectedGpu(), gpu);
    auto *watchView = window.findChild<QTableView *>(u"marketWatch"_s);
    QCOMPARE(watchView->currentIndex().data(MarketWatchModel::GpuIdRole).toString(), gpu);
    QVERIFY(window.findChild<QDockWidget *>(u"orderTicketDock"_s)->isVisible());
    // Once the GPU's book has arrived, the ticket still holds what the wizard put in.
    QTRY_COMPARE_WITH_TIMEOUT(desk.orderBook()->gpu(), gpu, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->rowCount() > 0, 5000);
    QCOMPARE(window.findChild<QLabel *>(u"ticketGpu"_s)->text(), best.gpu->name);
    QVERIFY(window.findChild<QRadioButton *>(u"ticketBid"_s)->isChecked());
    QCOMPARE(window.findChild<QSpinBox *>(u"ticketGpus"_s)->value(), 1);
    QCOMPARE(window.findChild<QSpinBox *>(u"ticketHours"_s)->value(), 24);
    auto *price = window.findChild<QLineEdit *>(u"ticketPrice"_s);
    QCOMPARE(Money::parse(price->text(), price->locale()), ask);

    // A prefilled price that is not the best offer survives the new GPU's book too (without
    // the wizard, the first offer of a new book sets the ticket's price).
    OrderTicket *ticket = window.findChild<OrderTicket *>(u"orderTicket"_s);
    QVERIFY(ticket);
    const QString other = gpu == u"a100-sxm" ? u"h200"_s : u"a100-sxm"_s;
    ticket->prefill(other, 3, 5, 123, true);
    QTRY_COMPARE_WITH_TIMEOUT(desk.orderBook()->gpu(), other, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->rowCount() > 0, 5000);
    QTest::qWait(50);
    QCOMPARE(Money::parse(price->text(), price->locale()), std::optional<Cents>(123));
    QCOMPARE(window.findChild<QSpinBox *>(u"ticketGpus"_s)->value(), 3);
    QCOMPARE(window.findChild<QSpinBox *>(u"ticketHours"_s)->value(), 5);
    // Choosing a GPU by hand afterwards starts from its best offer again, as before.
    QString chosen;
    for (const QString &id : {u"h100-sxm"_s, u"h200"_s, u"rtx-pro-6000"_s}) {
        if (id != other && id != gpu && watch->ticker(watch->rowOf(id)).ask) {
            chosen = id;
            break;
        }
    }
    QVERIFY(!chosen.isEmpty());
    for (int row = 0; row < watchView->model()->rowCount(); ++row) {
        const QModelIndex index = watchView->model()->index(row, 0);
        if (index.data(MarketWatchModel::GpuIdRole).toString() == chosen)
            watchView->setCurrentIndex(index);
    }
    QTRY_COMPARE_WITH_TIMEOUT(desk.orderBook()->gpu(), chosen, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->bestAsk().has_value(), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(Money::parse(price->text(), price->locale()),
                              desk.orderBook()->bestAsk(), 5000);

    // The wizard stays open beside the desk, and closes like any dialog.
    QVERIFY(wizard->isVisible());
    wizard->reject();
    QVERIFY(!wizard->isVisible());
    // Cancel starts over, on the first page, with the answers kept.
    open->trigger();
    QVERIFY(wizard->isVisible());
    QCOMPARE(wizard->currentId(), int(SizingWizard::WorkloadPageId));
    QCOMPARE(wizard->method(), Sizing::Method::Qlora);
    QCOMPARE(wizard->request()->shape.parameters, 70'553'706'496);
    QCOMPARE(wizard->request()->workload.seq, 8192);
}

void TestSizingWizard::runWithTokensToATicket()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    desk.marketWatch()->setFrameInterval(0);
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    MarketWatchModel *watch = desk.marketWatch();
    QTRY_VERIFY_WITH_TIMEOUT(watch->ticker(watch->rowOf(u"h100-sxm"_s)).ask.has_value(), 5000);

    window.findChild<QAction *>(u"wizardAction"_s)->trigger();
    auto *wizard = window.findChild<SizingWizard *>(u"sizingWizard"_s);
    QVERIFY(wizard && wizard->isVisible());
    // The demo customer is in Germany: the run's cost carries its 19% VAT, as the ticket does.
    QCOMPARE(wizard->results()->taxBasisPoints(), 1900);

    // LoRA on Llama 3.1 8B (the preset the model page starts on), its default run shape.
    wizard->findChild<QRadioButton *>(u"workloadLora"_s)->click();
    wizard->next();
    QCOMPARE(wizard->findChild<QComboBox *>(u"modelPreset"_s)->currentData().toString(),
             u"llama-3.1-8b"_s);
    wizard->next();
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::LengthPageId));

    // The tokens from a dataset: 100,000 examples of 500 tokens, 2 epochs = 10^8 tokens.
    auto *tokens = wizard->findChild<QLineEdit *>(u"runTokens"_s);
    auto *examples = wizard->findChild<QSpinBox *>(u"datasetExamples"_s);
    auto *perExample = wizard->findChild<QSpinBox *>(u"datasetTokensPerExample"_s);
    auto *epochs = wizard->findChild<QSpinBox *>(u"datasetEpochs"_s);
    QVERIFY(tokens && examples && perExample && epochs);
    QVERIFY(epochs->isEnabled()); // training: epochs count
    examples->setValue(100'000);
    perExample->setValue(500);
    epochs->setValue(2);
    QCOMPARE(tokens->text(), u"100000000"_s);
    QCOMPARE(wizard->runTokens(), 100'000'000);
    QCOMPARE(wizard->findChild<QSpinBox *>(u"runMfu"_s)->value(), 40); // the default MFU
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ConstraintsPageId));
    // With tokens the hours come from the run; the field says it is for GPUs without TFLOPS.
    auto *rentalHours = wizard->findChild<QSpinBox *>(u"rentalHours"_s);
    QVERIFY(wizard->findChild<QLabel *>(u"rentalHoursWhy"_s)->isVisible());
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ResultsPageId));

    // The results show the run's hours and cost beside the price per hour.
    auto *view = wizard->findChild<QTableView *>(u"resultsView"_s);
    SizingResultsModel *results = wizard->results();
    QVERIFY(!view->isColumnHidden(SizingResultsModel::RunHours));
    QVERIFY(!view->isColumnHidden(SizingResultsModel::RunCost));
    QCOMPARE(results->request().tokens, 100'000'000);
    // 6 x 8,030,261,248 x 10^8 + 6 x 41,943,040 x 10^8 (PEFT's adapters of Llama 3.1 8B):
    // LoRA with gradient checkpointing.
    const double flops = 6.0 * 8'030'261'248 * 1e8 + 6.0 * 41'943'040 * 1e8;
    QCOMPARE(results->runFlops(), std::optional<double>(flops));
    // Ranked by the whole run's cost at the best offer plus tax: row 0 is the cheapest run.
    const SizingResultsModel::Result &best = results->result(0);
    QCOMPARE(best.tier(), SizingResultsModel::Tier::Eligible);
    QVERIFY(best.run.cost);
    for (int row = 1; row < results->rowCount(); ++row) {
        const SizingResultsModel::Result &r = results->result(row);
        if (r.tier() == best.tier() && r.run.cost)
            QVERIFY(*r.run.cost >= *best.run.cost);
    }
    const QString gpu = best.gpu->id;
    const Cents ask = *watch->ticker(watch->rowOf(gpu)).ask;
    const double gpuHours = flops / (*best.gpu->bf16DenseTflops * 1e12 * 0.40 * 3600);
    const double wallHours = gpuHours / *best.gpus;
    QVERIFY(qAbs(*best.run.wallHours - wallHours) < 1e-9);
    // The cost is what the order will hold: the GPUs for the whole started hours at the best
    // offer, tax included (MarketRules::orderCost, as the ticket and the exchange).
    const int hours = int(std::ceil(wallHours));
    QCOMPARE(best.run.cost, MarketRules::orderCost(*best.gpus, hours, ask, 1900).total);
    QCOMPARE(best.run.cost, MarketRules::bidHold(*best.gpus, hours, ask, 1900));
    QCOMPARE(results->index(0, SizingResultsModel::RunCost).data().toString(),
             Money::format(*best.run.cost, QLocale()));
    QVERIFY(wizard->findChild<QLabel *>(u"resultsSummary"_s)
                ->text()
                .contains(Money::format(*best.run.cost, QLocale())));
    QVERIFY(wizard->findChild<QLabel *>(u"bidSummary"_s)->text().contains(u"rounded up"));

    // The LoRA plan: as asked (full recomputation, LoRA's default), and where its GPUs go.
    QCOMPARE(best.chosen, Sizing::PlanChoices());
    QVERIFY(best.placement);
    const QString placement = results->index(0, SizingResultsModel::Placement).data().toString();
    QVERIFY(placement == u"any servers" || placement == u"one server");
    QVERIFY2(wizard->findChild<QLabel *>(u"bidSummary"_s)->text().contains(u"on "_s + placement),
             qPrintable(wizard->findChild<QLabel *>(u"bidSummary"_s)->text()));

    // Bid for this: the ticket gets the GPUs and the run's hours, rounded up.
    QVERIFY(hours >= 1 && hours != rentalHours->value()); // not the constraints' 24
    QCOMPARE(results->hoursToRent(0), std::optional<int>(hours));
    QSignalSpy requested(wizard, &SizingWizard::bidRequested);
    wizard->findChild<QPushButton *>(u"bidForThis"_s)->click();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), gpu);
    QCOMPARE(requested.at(0).at(1).toInt(), *best.gpus);
    QCOMPARE(requested.at(0).at(2).toInt(), hours);
    QTRY_COMPARE_WITH_TIMEOUT(desk.orderBook()->gpu(), gpu, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->rowCount() > 0, 5000);
    QCOMPARE(window.findChild<QSpinBox *>(u"ticketGpus"_s)->value(), *best.gpus);
    QCOMPARE(window.findChild<QSpinBox *>(u"ticketHours"_s)->value(), hours);
    auto *price = window.findChild<QLineEdit *>(u"ticketPrice"_s);
    QCOMPARE(Money::parse(price->text(), price->locale()), std::optional<Cents>(ask));
    // The wizard's cost is what the exchange holds for the bid.
    placeTheTicket(window, desk, session, *best.run.cost);
    if (QTest::currentTestFailed())
        return;

    // A run longer than one bid may ask: 10^12 tokens. The bid is for the most hours a bid
    // allows, and the summary says the run needs more.
    QVERIFY(wizard->isVisible());
    wizard->back();
    wizard->back();
    QCOMPARE(wizard->currentId(), int(SizingWizard::LengthPageId));
    tokens->setText(u"1T"_s);
    wizard->next();
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ResultsPageId));
    QVERIFY(*results->hoursToRent(0) > wizard->maxRentalHours());
    QVERIFY(wizard->findChild<QLabel *>(u"bidSummary"_s)->text().contains(u"more than one bid"));
    requested.clear();
    wizard->findChild<QPushButton *>(u"bidForThis"_s)->click();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(2).toInt(), wizard->maxRentalHours());
    wizard->reject();
}

// The results offer "Start now" and "Cheapest start in the next 14 days" side by side, each with
// its total from the exchange (market.quote now, market.windows ahead); the cheapest fills the
// ticket with its start.
void TestSizingWizard::cheapestStartFillsTheTicket()
{
    // A quiet sandbox whose clock runs at the wall's pace: its next hour holds still meanwhile.
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    EmbeddedExchange::Options o;
    o.databasePath = dir.filePath(u"sandbox.db"_s);
    o.sandbox.backfillDays = 2;
    o.sandbox.stepIntervalMs = 60'000;
    o.sandbox.timeScale = 1;
    QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
    exchange.start(o);
    QVERIFY(ready.wait(60'000));
    ClientSession session;
    session.setTransportFactory([&exchange] { return exchange.connectClient(); });
    DeskState desk(session, GpuCatalog::builtIn());
    desk.marketWatch()->setFrameInterval(0);
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(desk.balance().available > 0, 5000);
    MarketWatchModel *watch = desk.marketWatch();
    QTRY_VERIFY_WITH_TIMEOUT(watch->ticker(watch->rowOf(u"h100-sxm"_s)).ask.has_value(), 5000);
    OrderTicket *ticket = window.findChild<OrderTicket *>(u"orderTicket"_s);
    QVERIFY(ticket);

    window.findChild<QAction *>(u"wizardAction"_s)->trigger();
    auto *wizard = window.findChild<SizingWizard *>(u"sizingWizard"_s);
    QVERIFY(wizard && wizard->isVisible());
    QSignalSpy windowsAsked(wizard, &SizingWizard::windowsRequested);
    // LoRA on Llama 3.1 8B, its defaults, the constraints' hours.
    wizard->findChild<QRadioButton *>(u"workloadLora"_s)->click();
    while (wizard->currentId() != int(SizingWizard::ResultsPageId)) {
        const int before = wizard->currentId();
        wizard->next();
        QVERIFY(wizard->currentId() != before);
    }
    auto *now = wizard->findChild<QPushButton *>(u"bidForThis"_s);
    auto *cheapest = wizard->findChild<QPushButton *>(u"bidCheapest"_s);
    QVERIFY(now && cheapest);
    QVERIFY(now->isEnabled());
    // Side by side.
    QCOMPARE(now->parentWidget(), cheapest->parentWidget());
    QVERIFY(qAbs(now->y() - cheapest->y()) < now->height());
    QTRY_VERIFY_WITH_TIMEOUT(cheapest->isEnabled(), 10'000);
    QVERIFY(!windowsAsked.isEmpty());
    const QList<QVariant> asked = windowsAsked.last();
    QCOMPARE(asked.at(4).toInt(), 14);

    // What the exchange says, asked apart: the cheapest free start and its total, and the total
    // now.
    WindowsRequest request;
    request.gpu = asked.at(0).toString();
    request.quantity = asked.at(1).toInt();
    request.hours = asked.at(2).toInt();
    request.placement = asked.at(3).value<Sizing::Placement>();
    request.days = 14;
    std::optional<Result<WindowsQuote>> windows;
    std::optional<Result<PlacementQuote>> quote;
    QObject context;
    ExchangeClient(session).windows(request, &context,
                                    [&](const Result<WindowsQuote> &r) { windows = r; });
    ExchangeClient(session).quote({request.gpu, request.quantity, request.hours, request.placement},
                                  &context, [&](const Result<PlacementQuote> &r) { quote = r; });
    QTRY_VERIFY_WITH_TIMEOUT(windows && quote, 10'000);
    QVERIFY(*windows && *quote);
    QCOMPARE((*windows)->windows.size(), 14 * 24);
    int best = -1;
    for (int i = 0; i < (*windows)->windows.size(); ++i) {
        const StartWindow &w = (*windows)->windows[i];
        if (w.placements > 0 && (best < 0 || w.totalCents < (*windows)->windows[best].totalCents))
            best = i;
    }
    QVERIFY(best >= 0);
    const StartWindow cheapestStart = (*windows)->windows[best];
    const QLocale l = wizard->locale();
    QVERIFY2(cheapest->text().contains(StartText::text(cheapestStart.startMs, l))
                 && cheapest->text().contains(Money::format(cheapestStart.totalCents, l)),
             qPrintable(cheapest->text()));
    QVERIFY2(cheapest->text().contains(u"next 14 day"_s), qPrintable(cheapest->text()));
    // The sandbox's market is whatever this hour makes it: a run may have nothing free now, and
    // the button says either.
    const QString nowSays =
        (*quote)->available ? Money::format((*quote)->totalCents, l) : u"nothing free now"_s;
    QTRY_VERIFY2(now->text().contains(nowSays), qPrintable(now->text()));

    // The cheapest: the ticket gets the run, and its start.
    ticket->setStart(0);
    QSignalSpy requested(wizard, &SizingWizard::bidRequested);
    cheapest->click();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(5).toLongLong(), cheapestStart.startMs);
    QCOMPARE(ticket->start(), cheapestStart.startMs);
    QCOMPARE(window.findChild<QComboBox *>(u"ticketStart"_s)->currentText(),
             StartText::text(cheapestStart.startMs, ticket->locale()));
    QCOMPARE(window.findChild<QSpinBox *>(u"ticketGpus"_s)->value(), request.quantity);
    QCOMPARE(window.findChild<QSpinBox *>(u"ticketHours"_s)->value(), request.hours);
    QTRY_COMPARE_WITH_TIMEOUT(desk.orderBook()->gpu(), request.gpu, 5000);
    const std::optional<OrderTicket::Order> order = ticket->order();
    QVERIFY(order);
    QCOMPARE(OrderTicket::bidRequest(*order).startMs, cheapestStart.startMs);

    // Start now: the same run, now.
    now->click();
    QCOMPARE(requested.count(), 2);
    QCOMPARE(requested.at(1).at(5).toLongLong(), 0);
    QCOMPARE(ticket->start(), 0);
}

void TestSizingWizard::seventyBFullTrainingEndsInAPlanThatRuns()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    desk.marketWatch()->setFrameInterval(0);
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    MarketWatchModel *watch = desk.marketWatch();
    QTRY_VERIFY_WITH_TIMEOUT(watch->ticker(watch->rowOf(u"h100-sxm"_s)).ask.has_value(), 5000);

    window.findChild<QAction *>(u"wizardAction"_s)->trigger();
    auto *wizard = window.findChild<SizingWizard *>(u"sizingWizard"_s);
    QVERIFY(wizard && wizard->isVisible());
    // Full training (the first choice), Llama 3.1 70B, every other answer as the pages give it.
    wizard->findChild<QRadioButton *>(u"workloadFull"_s)->click();
    wizard->next();
    auto *preset = wizard->findChild<QComboBox *>(u"modelPreset"_s);
    preset->setCurrentIndex(preset->findData(u"llama-3.1-70b"_s));
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::RunPageId));
    // The run page's reserve is the one the sizing model computes with: 25% on top for
    // training (the seeds count 80% of memory), not 20%.
    auto *hint = wizard->findChild<QLabel *>(u"runHint"_s);
    QVERIFY2(hint->text().contains(u"%1% reserve"_s.arg(Sizing::TrainingReservePercent)),
             qPrintable(hint->text()));
    QVERIFY(!hint->text().contains(u"20%"));
    QCOMPARE(wizard->findChild<QComboBox *>(u"runRecompute"_s)->currentData().toInt(),
             int(Sizing::Recompute::Selective));
    wizard->next();
    wizard->findChild<QLineEdit *>(u"runTokens"_s)->setText(u"1B"_s);
    wizard->next();
    // The quote seam: the results ask their caller (the window, with market.quote) what the
    // placement costs now; here nobody answers yet.
    QList<SizingWizard::RunQuote> asked;
    connect(wizard, &SizingWizard::quoteRequested, wizard,
            [&asked](const QString &gpu, int gpus, int hours, Sizing::Placement placement) {
                SizingWizard::RunQuote q;
                q.gpu = gpu;
                q.gpus = gpus;
                q.hours = hours;
                q.placement = placement;
                asked << q;
            });
    wizard->next();
    QCOMPARE(wizard->currentId(), int(SizingWizard::ResultsPageId));

    // A plan that runs: the best GPU is within the limit of 8, on one server, and its plan
    // changed the run as asked (tensor parallelism inside the server, or full recomputation).
    SizingResultsModel *results = wizard->results();
    const SizingResultsModel::Result &best = results->result(0);
    QCOMPARE(best.tier(), SizingResultsModel::Tier::Eligible);
    QVERIFY(*best.gpus <= 8);
    QCOMPARE(best.placement, std::optional<Sizing::Placement>(Sizing::Placement::Server));
    QVERIFY(best.chosen);
    QVERIFY(!best.askedGpus || *best.askedGpus > 8);
    QCOMPARE(best.breakdown->reservePercent, Sizing::TrainingReservePercent);
    QVERIFY(best.breakdown->total() <= qint64(best.gpu->memoryGb) * Sizing::BytesPerGb);
    // The table and the summary name what the plan chose and where the GPUs go.
    auto *view = wizard->findChild<QTableView *>(u"resultsView"_s);
    QVERIFY(!view->isColumnHidden(SizingResultsModel::Plan));
    QVERIFY(!view->isColumnHidden(SizingResultsModel::Placement));
    const QString plan = results->index(0, SizingResultsModel::Plan).data().toString();
    QVERIFY2(plan.endsWith(u"(to fit)"), qPrintable(plan));
    QCOMPARE(results->index(0, SizingResultsModel::Placement).data().toString(), u"one server"_s);
    const QString summary = wizard->findChild<QLabel *>(u"resultsSummary"_s)->text();
    QVERIFY2(summary.contains(u"%1 \u00d7 %2 on one server"_s.arg(*best.gpus).arg(best.gpu->name)),
             qPrintable(summary));
    QVERIFY2(summary.contains(best.chosen.testFlag(Sizing::PlanChoice::TensorParallel)
                                  ? u"tensor parallelism %1 inside a server"_s.arg(best.workload.tp)
                                  : u"full recomputation"_s),
             qPrintable(summary));
    // Its cost is what the order for it will hold; a row that cannot run shows none.
    if (best.run.cost) {
        QCOMPARE(best.run.cost,
                 MarketRules::orderCost(*best.gpus, *results->hoursToRent(0), *best.ask,
                                        results->taxBasisPoints())
                     .total);
        QVERIFY(summary.contains(Money::format(*best.run.cost, QLocale())));
    }
    for (int row = 0; row < results->rowCount(); ++row) {
        if (!results->result(row).fits())
            QCOMPARE(results->index(row, SizingResultsModel::RunCost).data().toString(),
                     u"\u2014"_s);
    }

    // The quote asked is the bid's: the plan's GPUs for the run's hours, on one server, once.
    QCOMPARE(asked.size(), 1);
    SizingWizard::RunQuote quote = asked.constLast();
    QCOMPARE(quote.gpu, best.gpu->id);
    QCOMPARE(quote.gpus, *best.gpus);
    QCOMPARE(quote.hours,
             std::clamp(results->hoursToRent(0).value_or(0), 1, wizard->maxRentalHours()));
    QCOMPARE(quote.placement, Sizing::Placement::Server);
    auto *bidSummary = wizard->findChild<QLabel *>(u"bidSummary"_s);
    QVERIFY(!bidSummary->text().contains(u"The book"));
    // An answer for other GPUs (a late one) changes nothing; the answer to the question shows.
    SizingWizard::RunQuote late = quote;
    late.gpus += 1;
    late.available = true;
    late.total = 99'999;
    wizard->showQuote(late);
    QVERIFY(!bidSummary->text().contains(u"The book"));
    quote.available = true;
    quote.subtotal = 1'000'000;
    quote.total = 1'190'000;
    wizard->showQuote(quote);
    QVERIFY2(bidSummary->text().contains(u"The book quotes $11,900.00 for %1 GPU"_s.arg(*best.gpus))
                 && bidSummary->text().contains(u"on one server for"),
             qPrintable(bidSummary->text()));
    quote.available = false;
    wizard->showQuote(quote);
    QVERIFY2(bidSummary->text().contains(u"The book cannot take %1 GPU"_s.arg(*best.gpus))
                 && !bidSummary->text().contains(u"The book quotes"),
             qPrintable(bidSummary->text()));
    // Live prices do not ask again for the same placement.
    QCOMPARE(asked.size(), 1);

    // Bid for this: the GPUs of the plan, on one server.
    QSignalSpy requested(wizard, &SizingWizard::bidRequested);
    wizard->findChild<QPushButton *>(u"bidForThis"_s)->click();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(1).toInt(), *best.gpus);
    QCOMPARE(requested.at(0).at(4).value<Sizing::Placement>(), Sizing::Placement::Server);
    const int hours = requested.at(0).at(2).toInt();
    const Cents price = requested.at(0).at(3).value<Cents>();
    wizard->reject();

    // The plan ends in a ticket whose total is the confirmation's and the order's hold.
    auto *ticket = window.findChild<OrderTicket *>();
    QCOMPARE(ticket->placement(), Placement::Server);
    const Cents expected =
        MarketRules::orderCost(*best.gpus, hours, price, desk.taxBasisPoints()).total;
    // The wizard's run cost is that total: what the order holds.
    if (best.run.cost)
        QCOMPARE(*best.run.cost, expected);
    placeTheTicket(window, desk, session, expected);
    if (QTest::currentTestFailed())
        return;
}

QTEST_MAIN(TestSizingWizard)
#include "tst_sizingwizard.moc"
