// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The workload wizard's results: every catalog GPU ranked by fit (within the limits, then fewer
// GPUs, then the lower live price; or, with the run's tokens, the lower cost of the whole run),
// GPU counts and plans exactly as the sizing model gives them, the placement the GPUs need, the
// run's hours and its cost as the order will hold it (none on a row that cannot run), live
// prices from the market watch as dataChanged and row moves (never a reset), and the reasons a
// GPU is excluded.

#include "sizing/modelpreset.h"
#include "views/marketwatchmodel.h"
#include "views/sizingresultsmodel.h"

#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;
using namespace Qt::Literals::StringLiterals;

// No translation is loaded here: plural forms read as their source text, "%n GPU(s)".

namespace {

constexpr qint64 GB = Sizing::BytesPerGb;

// One ticker entry; nullptr: no such price.
QJsonObject entry(const char *gpu, const char *ask, const char *bid = nullptr,
                  const char *last = nullptr)
{
    const auto price = [](const char *p) {
        return p ? QJsonValue(QString::fromLatin1(p)) : QJsonValue();
    };
    return {{u"gpu"_s, QString::fromLatin1(gpu)},
            {u"bid"_s, price(bid)},
            {u"ask"_s, price(ask)},
            {u"last"_s, price(last)},
            {u"open24h"_s, price(last)},
            {u"change24hBp"_s, QJsonValue()},
            {u"volume24h"_s, 0}};
}

QJsonObject ticker(std::initializer_list<QJsonObject> entries)
{
    QJsonArray a;
    for (const QJsonObject &e : entries)
        a.append(e);
    return {{u"gpus"_s, a}};
}

// The market of these tests: offers for some GPUs, none for the others.
QJsonObject market()
{
    return ticker({entry("rtx-pro-6000", "1.69"), entry("a100-pcie", "1.75"),
                   entry("a100-sxm", "1.79"), entry("h100-sxm", "2.88"), entry("h200", "4.19"),
                   entry("rtx-a6000", "0.33"), entry("l40s", "0.79"), entry("rtx-4090", "0.33")});
}

const Sizing::ModelShape &shape(QStringView model)
{
    return ModelPreset::find(model)->shape;
}

// Fine-tuning Llama 3.1 70B with QLoRA at 8k context, micro-batch 1; the method's default
// checkpointing (full), ZeRO-3, bf16 gradients.
SizingResultsModel::Request qlora70b()
{
    SizingResultsModel::Request q;
    q.shape = shape(u"llama-3.1-70b");
    q.workload.method = Sizing::Method::Qlora;
    q.workload.recompute = Sizing::defaultRecompute(Sizing::Method::Qlora);
    q.workload.strategy = Sizing::Strategy::Zero3;
    q.workload.seq = 8192;
    q.workload.batch = 1;
    q.maxGpus = 8;
    return q;
}

// Full training of Llama 3.1 70B with the wizard's defaults: 4k context, micro-batch 1,
// selective recomputation, ZeRO-3, bf16 gradients, at most 8 GPUs.
SizingResultsModel::Request full70b()
{
    SizingResultsModel::Request q;
    q.shape = shape(u"llama-3.1-70b");
    q.workload.method = Sizing::Method::Full;
    q.workload.recompute = Sizing::defaultRecompute(Sizing::Method::Full);
    q.workload.strategy = Sizing::Strategy::Zero3;
    q.workload.seq = 4096;
    q.workload.batch = 1;
    q.maxGpus = 8;
    return q;
}

// The built-in catalog with the RTX PRO 6000's TFLOPS unpublished.
const GpuCatalog &withUnpublishedTflops()
{
    static const GpuCatalog catalog = [] {
        QFile file(u":/everx/gpus.json"_s);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("no built-in catalog");
        QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        QJsonArray gpus = root.value(u"gpus").toArray();
        for (qsizetype i = 0; i < gpus.size(); ++i) {
            QJsonObject gpu = gpus.at(i).toObject();
            if (gpu.value(u"id").toString() == u"rtx-pro-6000")
                gpu.insert(u"bf16DenseTflops"_s, QJsonValue());
            gpus.replace(i, gpu);
        }
        root.insert(u"gpus"_s, gpus);
        return *GpuCatalog::fromJson(QJsonDocument(root).toJson());
    }();
    return catalog;
}

QStringList order(const SizingResultsModel &model)
{
    QStringList ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids << model.index(row, 0).data(SizingResultsModel::GpuIdRole).toString();
    return ids;
}

QVariant cell(const SizingResultsModel &model, const QString &gpu, int column,
              int role = Qt::DisplayRole)
{
    return model.index(model.rowOf(gpu), column).data(role);
}

} // namespace

class TestSizingResults : public QObject
{
    Q_OBJECT

private slots:
    void ranksByFitThenGpusThenPrice();
    void countsAgreeWithTheSizingModel();
    void quickModeFollowsTheSeedRule();
    void livePricesFollowTheMarket();
    void exclusions();
    void budgetExclusionFollowsTheMarket();
    void suggestedBidPrice();
    void runHoursAndCost();
    void runCostFollowsTheMarketAndTheTax();
    void noRunCostOnARowThatCannotRun();
    void unpublishedTflopsSaySo();
    void seventyBFullTrainingRuns();
    void placementOfEveryRow();
    void assumptionsAndLocale();
    void invalidQuestionsChangeNothing();
};

void TestSizingResults::ranksByFitThenGpusThenPrice()
{
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0); // no question yet
    model.setMarketWatch(&watch);
    QVERIFY(model.setRequest(qlora70b()));
    QCOMPARE(model.rowCount(), 15);
    QCOMPARE(model.columnCount(), int(SizingResultsModel::ColumnCount));

    // Within the limits (at most 8 GPUs), one GPU before two before five; at one GPU the
    // cheaper first and GPUs nobody offers after the priced ones, in catalog order; RTX 4090
    // needs 11 GPUs, over the limit of 8: last.
    const QStringList expected = {u"rtx-pro-6000"_s, u"a100-pcie"_s, u"a100-sxm"_s,  u"h100-sxm"_s,
                                  u"h200"_s,         u"b300"_s,      u"b200"_s,      u"mi325x"_s,
                                  u"mi300x"_s,       u"h100-nvl"_s,  u"rtx-a6000"_s, u"l40s"_s,
                                  u"rtx-6000-ada"_s, u"rtx-5090"_s,  u"rtx-4090"_s};
    QCOMPARE(order(model), expected);
    // Two RTX A6000 at 0.66 per hour are cheaper than one RTX PRO 6000, yet rank after it:
    // fewer GPUs first (one GPU needs no interconnect).
    QCOMPARE(model.result(model.rowOf(u"rtx-a6000"_s)).pricePerHour(), Cents(66));
    QCOMPARE(model.result(0).pricePerHour(), Cents(169));

    // The rule as an invariant over every row.
    for (int row = 1; row < model.rowCount(); ++row) {
        const SizingResultsModel::Result &a = model.result(row - 1), &b = model.result(row);
        QVERIFY(a.tier() <= b.tier());
        if (a.tier() != b.tier())
            continue;
        QVERIFY(a.gpus.value_or(INT_MAX) <= b.gpus.value_or(INT_MAX));
        if (a.gpus != b.gpus)
            continue;
        if (a.pricePerHour() && b.pricePerHour())
            QVERIFY(*a.pricePerHour() <= *b.pricePerHour());
        QVERIFY(a.pricePerHour() || !b.pricePerHour()); // no offers after offers
    }
    QCOMPARE(model.result(0).tier(), SizingResultsModel::Tier::Eligible);
    QCOMPARE(model.result(14).tier(), SizingResultsModel::Tier::Excluded);
    QCOMPARE(model.index(14, 0).data(SizingResultsModel::TierRole).toInt(),
             int(SizingResultsModel::Tier::Excluded));

    // What a row shows.
    const QString h100 = u"h100-sxm"_s;
    QCOMPARE(cell(model, h100, SizingResultsModel::Gpu).toString(), u"H100 SXM"_s);
    QCOMPARE(cell(model, h100, SizingResultsModel::Memory).toString(), u"80 GB"_s);
    QCOMPARE(cell(model, h100, SizingResultsModel::Fits).toString(), u"Yes"_s);
    QCOMPARE(cell(model, h100, SizingResultsModel::Gpus).toString(), u"1"_s);
    QCOMPARE(cell(model, h100, SizingResultsModel::PerGpu).toString(), u"72.2 GB"_s);
    QCOMPARE(cell(model, h100, SizingResultsModel::PricePerHour).toString(), u"$2.88"_s);
    QCOMPARE(cell(model, h100, SizingResultsModel::PricePerHour, SizingResultsModel::RawValueRole)
                 .toLongLong(),
             288);
    // 989 TFLOPS / 2.88 dollars per hour = 343.4.
    QCOMPARE(cell(model, h100, SizingResultsModel::Value).toString(), u"343"_s);
    QVERIFY(qAbs(cell(model, h100, SizingResultsModel::Value, SizingResultsModel::RawValueRole)
                     .toDouble()
                 - 989.0 / 2.88)
            < 1e-9);
    QCOMPARE(cell(model, h100, SizingResultsModel::Excluded).toString(), QString());
    // No offers; TFLOPS not published.
    QCOMPARE(cell(model, u"b300"_s, SizingResultsModel::PricePerHour).toString(), u"no offers"_s);
    QVERIFY(
        !cell(model, u"b300"_s, SizingResultsModel::PricePerHour, SizingResultsModel::RawValueRole)
             .isValid());
    // 155 TFLOPS (NVIDIA's GA102 whitepaper) / 0.33 dollars per hour.
    QCOMPARE(cell(model, u"rtx-a6000"_s, SizingResultsModel::Value).toString(), u"470"_s);
    // The plan as asked (QLoRA's own full recomputation), and where the GPUs must be.
    QCOMPARE(cell(model, h100, SizingResultsModel::Plan).toString(), u"full recomputation"_s);
    QCOMPARE(cell(model, h100, SizingResultsModel::Placement).toString(), u"one server"_s);
}

void TestSizingResults::countsAgreeWithTheSizingModel()
{
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const SizingResultsModel::Request q = qlora70b();
    QVERIFY(model.setRequest(q));
    // Every row: the count and the per-GPU breakdown are the sizing model's own; QLoRA fits as
    // asked everywhere, so the plans change nothing.
    Sizing::Workload w = q.workload;
    for (int row = 0; row < model.rowCount(); ++row) {
        const SizingResultsModel::Result &r = model.result(row);
        const qint64 memory = r.gpu->memoryGb * GB;
        const Sizing::Plan plan = Sizing::plan(q.shape, q.workload, *r.gpu, q.maxGpus);
        QCOMPARE(r.gpus, plan.gpus);
        QCOMPARE(r.chosen, Sizing::PlanChoices());
        QCOMPARE(r.placement, plan.placement);
        QCOMPARE(r.gpus, Sizing::gpusNeeded(q.shape, q.workload, memory));
        w.gpus = r.gpus.value_or(1);
        QVERIFY(r.breakdown);
        QCOMPARE(r.breakdown->total(), Sizing::perGpu(q.shape, w)->total());
        QVERIFY(r.breakdown->total() <= memory);
        QCOMPARE(model.index(row, SizingResultsModel::Gpus)
                     .data(SizingResultsModel::RawValueRole)
                     .toInt(),
                 *r.gpus);
    }
    // The figures of tst_sizing's and tst_everxsize's QLoRA example (everx-size --model
    // llama-3.1-70b --method qlora --seq 8192 --batch 1): 72,213,902,952 bytes on one GPU
    // (39.9 GB weights mostly in NF4, 2.9 GB adapter gradients and Adam states, 10.7 GB
    // activations with full checkpointing, 4.2 GB fp32 logits, 14.4 GB reserve), so every
    // GPU of 80 GB or more needs one; 48 GB GPUs need 2, the RTX 5090 5, the RTX 4090 11.
    const SizingResultsModel::Result &h100 = model.result(model.rowOf(u"h100-sxm"_s));
    QCOMPARE(h100.gpus, std::optional<int>(1));
    QCOMPARE(h100.breakdown->total(), std::optional<qint64>(72'213'902'952));
    QCOMPARE(h100.breakdown->activations, 80 * 2 * 8192LL * 8192);
    QCOMPARE(h100.breakdown->logits, 4 * 8192LL * 128'256);
    QCOMPARE(model.result(model.rowOf(u"rtx-pro-6000"_s)).gpus, std::optional<int>(1));
    QCOMPARE(model.result(model.rowOf(u"l40s"_s)).gpus, std::optional<int>(2));
    QCOMPARE(model.result(model.rowOf(u"rtx-5090"_s)).gpus, std::optional<int>(5));
    QCOMPARE(model.result(model.rowOf(u"rtx-4090"_s)).gpus, std::optional<int>(11));
    // Per GPU at the count, in GB: two L40S hold half the sharded model states each.
    QVERIFY(model.result(model.rowOf(u"l40s"_s)).breakdown->total() <= 48 * GB);
    QVERIFY(model.result(model.rowOf(u"l40s"_s)).breakdown->total() > 24 * GB);

    // Full training of Llama 3.1 8B at 4k on an RTX 4090 keeps more than 24 GB of activations
    // and logits on every GPU as asked; with full recomputation 9 hold it, a cluster.
    SizingResultsModel::Request full;
    full.shape = shape(u"llama-3.1-8b");
    full.workload.method = Sizing::Method::Full;
    full.workload.recompute = Sizing::defaultRecompute(Sizing::Method::Full);
    full.workload.seq = 4096;
    full.workload.batch = 1;
    QVERIFY(model.setRequest(full));
    const SizingResultsModel::Result &planned = model.result(model.rowOf(u"rtx-4090"_s));
    QCOMPARE(planned.gpus, std::optional<int>(9));
    QCOMPARE(planned.askedGpus, std::nullopt);
    QCOMPARE(planned.chosen, Sizing::PlanChoices(Sizing::PlanChoice::FullRecompute));
    QCOMPARE(planned.workload.recompute, Sizing::Recompute::Full);
    QCOMPARE(planned.tier(), SizingResultsModel::Tier::Excluded); // over the limit of 8
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Plan).toString(),
             u"full recomputation (to fit)"_s);
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Placement).toString(),
             u"cluster of 2 server(s)"_s);
    QVERIFY(cell(model, u"rtx-4090"_s, SizingResultsModel::Plan, Qt::ToolTipRole)
                .toString()
                .startsWith(u"As asked, the run fits at no GPU count"));
    // A GPU that fits at no count: at 32k even full recomputation's activations and the
    // logits are more than 24 GB, and PCIe allows no tensor parallelism.
    full.workload.seq = 32768;
    QVERIFY(model.setRequest(full));
    const SizingResultsModel::Result &r4090 = model.result(model.rowOf(u"rtx-4090"_s));
    QVERIFY(!r4090.fits());
    QCOMPARE(r4090.tier(), SizingResultsModel::Tier::DoesNotFit);
    QCOMPARE(model.rowOf(u"rtx-4090"_s), 14);
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Fits).toString(), u"No"_s);
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Gpus).toString(), u"\u2014"_s);
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Plan).toString(), u"\u2014"_s);
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Placement).toString(), u"\u2014"_s);
    QVERIFY(cell(model, u"rtx-4090"_s, SizingResultsModel::Excluded)
                .toString()
                .startsWith(u"Does not fit"));
    // The chart of a GPU that does not fit shows what one GPU would need.
    QVERIFY(r4090.breakdown && r4090.breakdown->total() > 24 * GB);
    full.workload.seq = 4096;
    QVERIFY(model.setRequest(full));
    QCOMPARE(model.result(model.rowOf(u"h100-sxm"_s)).gpus, std::optional<int>(3));
    QCOMPARE(model.result(model.rowOf(u"h100-sxm"_s)).chosen, Sizing::PlanChoices());
    QCOMPARE(model.result(model.rowOf(u"b300"_s)).gpus, std::optional<int>(1));
}

void TestSizingResults::quickModeFollowsTheSeedRule()
{
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    SizingResultsModel::Request q = qlora70b();
    q.mode = SizingResultsModel::Mode::Quick;
    QVERIFY(model.setRequest(q));
    // 1.0 B/param x 70.55B = 70.55 GB against 80% of memory: 64 GB on an 80 GB GPU is not
    // enough (the seeds put the largest QLoRA base on 80 GB at 60B), so two; one H200.
    QCOMPARE(model.result(model.rowOf(u"h100-sxm"_s)).gpus, std::optional<int>(2));
    QCOMPARE(model.result(model.rowOf(u"h200"_s)).gpus, std::optional<int>(1));
    QCOMPARE(model.result(model.rowOf(u"rtx-4090"_s)).gpus, std::optional<int>(4));
    for (int row = 0; row < model.rowCount(); ++row) {
        const SizingResultsModel::Result &r = model.result(row);
        QCOMPARE(
            std::optional<qint64>(r.gpus.value()),
            Sizing::quickGpusNeeded(q.shape.parameters, Sizing::Method::Qlora, r.gpu->memoryGb));
        // The drawn breakdown is within memory exactly at the rule's count, not one fewer.
        const qint64 memory = r.gpu->memoryGb * GB;
        QVERIFY(r.breakdown->total() <= memory);
        if (*r.gpus > 1) {
            const auto fewer = SizingResultsModel::quickBreakdown(
                q.shape.parameters, Sizing::Method::Qlora, *r.gpus - 1);
            QVERIFY(fewer->total() > memory);
        }
    }
    // The parts: the rule's bytes per GPU, 25% reserve on top; full training splits its 16 B.
    const auto qb = SizingResultsModel::quickBreakdown(70'000'000'000, Sizing::Method::Qlora, 2);
    QCOMPARE(qb->weights, (*Sizing::nf4Bytes(70'000'000'000) + 1) / 2);
    QCOMPARE(qb->weights + qb->activations, 35'000'000'000);
    QCOMPARE(qb->overhead, 8'750'000'000);
    const auto fb = SizingResultsModel::quickBreakdown(7'000'000'000, Sizing::Method::Full, 1);
    QCOMPARE(fb->weights, 14'000'000'000);
    QCOMPARE(fb->gradients, 14'000'000'000);
    QCOMPARE(fb->optimizer, 84'000'000'000);
    QCOMPARE(fb->total(), std::optional<qint64>(140'000'000'000));
    QVERIFY(!SizingResultsModel::quickBreakdown(7'000'000'000, Sizing::Method::Inference, 1));
}

void TestSizingResults::livePricesFollowTheMarket()
{
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);
    QVERIFY(model.setRequest(qlora70b()));
    QCOMPARE(model.rowOf(u"h100-sxm"_s), 3);
    const QPersistentModelIndex h100 = model.index(3, SizingResultsModel::PricePerHour);

    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);

    // The H100 SXM's best offer drops to 1.50: its price follows, and it moves to the top.
    watch.applyDelta(ticker({entry("h100-sxm", "1.50")}));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(layout.count(), 0);
    QCOMPARE(changed.count(), 1);
    const QModelIndex topLeft = changed.at(0).at(0).value<QModelIndex>();
    const QModelIndex bottomRight = changed.at(0).at(1).value<QModelIndex>();
    QCOMPARE(topLeft.row(), 3); // where it was when its figures changed
    QVERIFY(topLeft.column() <= SizingResultsModel::PricePerHour);
    QVERIFY(bottomRight.column() >= SizingResultsModel::Value);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(model.rowOf(u"h100-sxm"_s), 0);
    // The persistent index (a view's selection) moved with it.
    QCOMPARE(h100.row(), 0);
    QCOMPARE(h100.data().toString(), u"$1.50"_s);
    QCOMPARE(model.result(0).pricePerHour(), Cents(150));
    QCOMPARE(
        order(model).mid(0, 5),
        (QStringList {u"h100-sxm"_s, u"rtx-pro-6000"_s, u"a100-pcie"_s, u"a100-sxm"_s, u"h200"_s}));

    // Two GPUs of the RTX A6000 at its new offer: count x best ask.
    changed.clear();
    moved.clear();
    watch.applyDelta(ticker({entry("rtx-a6000", "0.41")}));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(moved.count(), 0); // still first of the 2-GPU rows
    QCOMPARE(cell(model, u"rtx-a6000"_s, SizingResultsModel::PricePerHour).toString(), u"$0.82"_s);

    // The offer is gone: "no offers", behind every priced GPU of its count.
    changed.clear();
    watch.applyDelta(ticker({entry("h100-sxm", nullptr)}));
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::PricePerHour).toString(),
             u"no offers"_s);
    QCOMPARE(model.rowOf(u"h100-sxm"_s), 9); // after every priced GPU; then catalog order
    QCOMPARE(h100.row(), 9);
    // A change elsewhere in the market (a bid) changes nothing here.
    changed.clear();
    moved.clear();
    watch.applyDelta(ticker({entry("rtx-pro-6000", "1.69", "1.60")}));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(moved.count(), 0);
    QCOMPARE(reset.count(), 0);
    // Without a market: no offers anywhere.
    model.setMarketWatch(nullptr);
    QCOMPARE(cell(model, u"rtx-pro-6000"_s, SizingResultsModel::PricePerHour).toString(),
             u"no offers"_s);
    QCOMPARE(reset.count(), 0);
}

void TestSizingResults::exclusions()
{
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);

    // Over the GPU limit: RTX 4090 needs 11 of the 8 allowed.
    SizingResultsModel::Request q = qlora70b();
    QVERIFY(model.setRequest(q));
    const SizingResultsModel::Result &r4090 = model.result(model.rowOf(u"rtx-4090"_s));
    QCOMPARE(r4090.exclusions, SizingResultsModel::Exclusions(SizingResultsModel::OverMaxGpus));
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Excluded).toString(),
             u"needs 11 GPU(s), more than your limit of 8"_s);
    // A limit of one: every multi-GPU answer is out, behind every single GPU.
    q.maxGpus = 1;
    QVERIFY(model.setRequest(q));
    for (const QString &gpu : {u"rtx-a6000"_s, u"l40s"_s, u"rtx-6000-ada"_s, u"rtx-5090"_s})
        QCOMPARE(model.result(model.rowOf(gpu)).tier(), SizingResultsModel::Tier::Excluded);
    QCOMPARE(model.rowOf(u"rtx-a6000"_s), 10);
    QCOMPARE(cell(model, u"l40s"_s, SizingResultsModel::Excluded).toString(),
             u"needs 2 GPU(s), more than your limit of 1"_s);

    // Over budget: 1.70 per hour leaves the RTX PRO 6000 (1.69) in, the A100 SXM (1.79) out.
    q = qlora70b();
    q.budgetPerHour = 170;
    QVERIFY(model.setRequest(q));
    QCOMPARE(model.result(model.rowOf(u"rtx-pro-6000"_s)).tier(),
             SizingResultsModel::Tier::Eligible);
    QCOMPARE(model.result(model.rowOf(u"a100-sxm"_s)).exclusions,
             SizingResultsModel::Exclusions(SizingResultsModel::OverBudget));
    QCOMPARE(cell(model, u"a100-sxm"_s, SizingResultsModel::Excluded).toString(),
             u"$1.79 per hour is over your budget of $1.70"_s);
    // Two L40S: 1.58 per hour, in; GPUs nobody offers cannot be over a budget.
    QCOMPARE(model.result(model.rowOf(u"l40s"_s)).tier(), SizingResultsModel::Tier::Eligible);
    QCOMPARE(model.result(model.rowOf(u"b300"_s)).tier(), SizingResultsModel::Tier::Eligible);

    // Fast interconnect: several PCIe cards are out; one PCIe card is fine.
    q = qlora70b();
    q.needFastInterconnect = true;
    QVERIFY(model.setRequest(q));
    QCOMPARE(model.result(model.rowOf(u"rtx-a6000"_s)).exclusions,
             SizingResultsModel::Exclusions(SizingResultsModel::NoFastInterconnect));
    QCOMPARE(cell(model, u"rtx-a6000"_s, SizingResultsModel::Excluded).toString(),
             u"2 GPU(s) joined only by PCIe, no NVLink or Infinity Fabric"_s);
    QCOMPARE(model.result(model.rowOf(u"a100-pcie"_s)).tier(), SizingResultsModel::Tier::Eligible);
    // Both at once, in one cell.
    QCOMPARE(model.result(model.rowOf(u"rtx-4090"_s)).exclusions,
             SizingResultsModel::OverMaxGpus | SizingResultsModel::NoFastInterconnect);
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Excluded).toString(),
             u"needs 11 GPU(s), more than your limit of 8; 11 GPU(s) joined only by PCIe, no "
             u"NVLink or Infinity Fabric"_s);
    // Several NVLink GPUs are fine: full training of Llama 3.1 8B needs 3 H100 SXM.
    q.shape = shape(u"llama-3.1-8b");
    q.workload.method = Sizing::Method::Full;
    q.workload.recompute = Sizing::Recompute::Selective;
    q.workload.seq = 4096;
    QVERIFY(model.setRequest(q));
    QCOMPARE(model.result(model.rowOf(u"h100-sxm"_s)).gpus, std::optional<int>(3));
    QCOMPARE(model.result(model.rowOf(u"h100-sxm"_s)).tier(), SizingResultsModel::Tier::Eligible);
    QCOMPARE(model.result(model.rowOf(u"a100-pcie"_s)).gpus, std::optional<int>(3));
    QCOMPARE(model.result(model.rowOf(u"a100-pcie"_s)).exclusions,
             SizingResultsModel::Exclusions(SizingResultsModel::NoFastInterconnect));
}

void TestSizingResults::budgetExclusionFollowsTheMarket()
{
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);
    SizingResultsModel::Request q = qlora70b();
    q.budgetPerHour = 170;
    QVERIFY(model.setRequest(q));
    QCOMPARE(model.result(model.rowOf(u"a100-sxm"_s)).tier(), SizingResultsModel::Tier::Excluded);
    const int excludedRow = model.rowOf(u"a100-sxm"_s);
    QVERIFY(excludedRow > model.rowOf(u"rtx-5090"_s)); // behind every GPU within the limits

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // The offer drops under the budget: in, between the RTX PRO 6000 and the A100 PCIe.
    watch.applyDelta(ticker({entry("a100-sxm", "1.70")}));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    // The tier shows in every column: the whole row changed.
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().column(), 0);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().column(),
             SizingResultsModel::ColumnCount - 1);
    QCOMPARE(model.result(model.rowOf(u"a100-sxm"_s)).tier(), SizingResultsModel::Tier::Eligible);
    QCOMPARE(cell(model, u"a100-sxm"_s, SizingResultsModel::Excluded).toString(), QString());
    QCOMPARE(model.rowOf(u"a100-sxm"_s), 1); // after the RTX PRO 6000 at 1.69
    // And back over it: out again, behind the A100 PCIe (1.75) as before.
    watch.applyDelta(ticker({entry("a100-sxm", "1.80")}));
    QCOMPARE(model.rowOf(u"a100-sxm"_s), excludedRow);
}

void TestSizingResults::suggestedBidPrice()
{
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(
        ticker({entry("h100-sxm", "2.88", "2.70", "2.80"), entry("h200", nullptr, "3.90", "4.05"),
                entry("b200", nullptr, "7.10", nullptr)}));
    SizingResultsModel model(GpuCatalog::builtIn());
    model.setMarketWatch(&watch);
    QVERIFY(model.setRequest(qlora70b()));
    QCOMPARE(model.suggestedBidPrice(model.rowOf(u"h100-sxm"_s)), Cents(288)); // the best offer
    QCOMPARE(model.suggestedBidPrice(model.rowOf(u"h200"_s)), Cents(405)); // no offer: last trade
    QCOMPARE(model.suggestedBidPrice(model.rowOf(u"b200"_s)), Cents(710)); // no trade: best bid
    QCOMPARE(model.suggestedBidPrice(model.rowOf(u"b300"_s)), Cents(899)); // nothing: list price
}

void TestSizingResults::runHoursAndCost()
{
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);
    model.setTaxBasisPoints(1900); // Germany's VAT, as the sandbox's demo accounts
    SizingResultsModel::Request q = qlora70b();
    q.tokens = 100'000'000;
    QVERIFY(model.setRequest(q));

    // QLoRA with gradient checkpointing: 6 x 70,553,706,496 x 10^8 for the frozen base
    // (forward, input gradients, the forward again) + 6 x 207,093,760 x 10^8 for the adapters.
    QCOMPARE(model.runFlops(), std::optional<double>(4.24564801536e19));
    // On one H100 SXM at 40% of 989 TFLOPS: 29.81 hours, 30 whole hours to rent; the order
    // holds 1 x 30 x (2.88 + 0.55 tax, 19% rounded per GPU-hour) = 102.90 (MarketRules'
    // orderCost: what the exchange will hold).
    const SizingResultsModel::Result &h100 = model.result(model.rowOf(u"h100-sxm"_s));
    QVERIFY(h100.run.gpuHours && h100.run.wallHours);
    QVERIFY(qAbs(*h100.run.gpuHours - 29.8115943) < 1e-6);
    QCOMPARE(*h100.run.wallHours, *h100.run.gpuHours); // one GPU
    QCOMPARE(h100.run.cost, std::optional<Cents>(10'290));
    QCOMPARE(h100.run.cost, MarketRules::bidHold(1, 30, 288, 1900));
    QCOMPARE(model.runOrderCost(model.rowOf(u"h100-sxm"_s)),
             std::optional<MarketRules::OrderCost>(MarketRules::orderCost(1, 30, 288, 1900)));
    QCOMPARE(model.runOrderCost(model.rowOf(u"h100-sxm"_s))->tax, 1650);
    QCOMPARE(model.hoursToRent(model.rowOf(u"h100-sxm"_s)), std::optional<int>(30));
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::RunHours).toString(), u"30 h"_s);
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::RunCost).toString(), u"$102.90"_s);
    QCOMPARE(
        cell(model, u"h100-sxm"_s, SizingResultsModel::RunCost, SizingResultsModel::RawValueRole)
            .toLongLong(),
        10'290);
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::RunCost, Qt::ToolTipRole).toString(),
             u"1 GPU(s) \u00d7 30 h \u00d7 $2.88 = $86.40, plus $16.50 tax: $102.90, what the "
             u"order will hold"_s);
    QVERIFY(qAbs(cell(model, u"h100-sxm"_s, SizingResultsModel::RunHours,
                      SizingResultsModel::RawValueRole)
                     .toDouble()
                 - 29.8115943)
            < 1e-6);
    // The A100s, at 312 TFLOPS, take 94.5 hours, 95 to rent: 2.08 and 2.13 with tax per
    // GPU-hour. The H200: 30 hours at 4.99.
    QCOMPARE(model.result(model.rowOf(u"a100-pcie"_s)).run.cost, std::optional<Cents>(19'760));
    QCOMPARE(model.result(model.rowOf(u"a100-sxm"_s)).run.cost, std::optional<Cents>(20'235));
    QCOMPARE(model.result(model.rowOf(u"h200"_s)).run.cost, std::optional<Cents>(14'970));
    // The fine-tuning page's cards are timed and costed now: the RTX PRO 6000 at 504 TFLOPS
    // takes 58.5 hours, 59 at 2.01; two RTX A6000 (155 TFLOPS) 95.1 hours, 96 x 2 x 0.39.
    QCOMPARE(model.hoursToRent(model.rowOf(u"rtx-pro-6000"_s)), std::optional<int>(59));
    QCOMPARE(model.result(model.rowOf(u"rtx-pro-6000"_s)).run.cost, std::optional<Cents>(11'859));
    QCOMPARE(model.result(model.rowOf(u"rtx-a6000"_s)).run.cost, std::optional<Cents>(7488));
    // TFLOPS but no offer: hours, no cost.
    QVERIFY(model.result(model.rowOf(u"mi300x"_s)).run.wallHours);
    QCOMPARE(cell(model, u"mi300x"_s, SizingResultsModel::RunCost).toString(), u"no offers"_s);

    // Ranked by the cost of the whole run: two RTX A6000 and two L40S, cheap per hour, are the
    // cheaper runs; the H100 SXM, dearer per hour than an A100, runs for less; then the GPUs
    // that cannot be costed, by count and price as without tokens.
    QCOMPARE(order(model).mid(0, 8),
             (QStringList {u"rtx-a6000"_s, u"l40s"_s, u"h100-sxm"_s, u"rtx-pro-6000"_s, u"h200"_s,
                           u"a100-pcie"_s, u"a100-sxm"_s, u"b300"_s}));
    QCOMPARE(order(model).constLast(), u"rtx-4090"_s); // over the GPU limit, still last
    for (int row = 1; row < model.rowCount(); ++row) {
        const SizingResultsModel::Result &a = model.result(row - 1), &b = model.result(row);
        if (a.tier() == b.tier() && a.run.cost && b.run.cost)
            QVERIFY(*a.run.cost <= *b.run.cost);
        if (a.tier() == b.tier())
            QVERIFY(a.run.cost || !b.run.cost); // costed before the rest
    }

    // Several GPUs: the same GPU-hours spread over them, the same cost. Full training of
    // Llama 3.1 8B at 4k needs 3 H100 SXM: 6 x 8,030,261,248 x 10^9 FLOPs = 33.83 GPU-hours,
    // 11.28 hours on three, 12 to rent.
    SizingResultsModel::Request full;
    full.shape = shape(u"llama-3.1-8b");
    full.workload.method = Sizing::Method::Full;
    full.workload.recompute = Sizing::Recompute::Selective;
    full.workload.seq = 4096;
    full.workload.batch = 1;
    full.tokens = 1'000'000'000;
    QVERIFY(model.setRequest(full));
    const SizingResultsModel::Result &three = model.result(model.rowOf(u"h100-sxm"_s));
    QCOMPARE(three.gpus, std::optional<int>(3));
    const double gpuHours = 6.0 * 8'030'261'248 * 1e9 / (989e12 * 0.40 * 3600);
    QVERIFY(qAbs(*three.run.gpuHours - gpuHours) < 1e-9);
    QVERIFY(qAbs(*three.run.wallHours - gpuHours / 3) < 1e-9);
    QCOMPARE(model.hoursToRent(model.rowOf(u"h100-sxm"_s)), std::optional<int>(12));
    // Another utilisation: half of it, twice the hours.
    full.mfu = 0.20;
    QVERIFY(model.setRequest(full));
    QVERIFY(qAbs(*model.result(model.rowOf(u"h100-sxm"_s)).run.gpuHours - 2 * gpuHours) < 1e-9);

    // No tokens: no run, nothing in its columns, the ranking as before.
    QVERIFY(model.setRequest(qlora70b()));
    QVERIFY(!model.runFlops());
    QVERIFY(!model.result(0).run.gpuHours);
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::RunHours).toString(), u"\u2014"_s);
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::RunCost).toString(), u"\u2014"_s);
    QCOMPARE(model.hoursToRent(0), std::nullopt);
    QCOMPARE(order(model).constFirst(), u"rtx-pro-6000"_s);
}

void TestSizingResults::runCostFollowsTheMarketAndTheTax()
{
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);
    SizingResultsModel::Request q = qlora70b();
    q.tokens = 100'000'000;
    QVERIFY(model.setRequest(q));
    // No tax (not signed in): 30 hours at 2.88 = 86.40.
    QCOMPARE(model.result(model.rowOf(u"h100-sxm"_s)).run.cost, std::optional<Cents>(8640));
    const QPersistentModelIndex h100 = model.index(model.rowOf(u"h100-sxm"_s), 0);
    QCOMPARE(h100.row(), 2);

    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    // The account's tax: every cost follows in one dataChanged of the cost column.
    model.setTaxBasisPoints(1900);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().column(), int(SizingResultsModel::RunCost));
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().column(), int(SizingResultsModel::RunCost));
    QCOMPARE(model.result(model.rowOf(u"h100-sxm"_s)).run.cost, std::optional<Cents>(10'290));
    model.setTaxBasisPoints(1900); // the same rate: nothing
    QCOMPARE(changed.count(), 1);

    // The H100's offer rises to 9.00: its run (30 x 10.71) is now the dearest; it moves
    // behind the A100s, with its selection, without a reset.
    changed.clear();
    watch.applyDelta(ticker({entry("h100-sxm", "9.00")}));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    QVERIFY(moved.count() >= 1);
    QCOMPARE(order(model).mid(0, 7),
             (QStringList {u"rtx-a6000"_s, u"l40s"_s, u"rtx-pro-6000"_s, u"h200"_s, u"a100-pcie"_s,
                           u"a100-sxm"_s, u"h100-sxm"_s}));
    QCOMPARE(h100.row(), 6);
    QCOMPARE(model.result(6).run.cost, std::optional<Cents>(32'130));
    // The offer is gone: hours still, no cost, behind every costed GPU.
    watch.applyDelta(ticker({entry("h100-sxm", nullptr)}));
    QVERIFY(!model.result(model.rowOf(u"h100-sxm"_s)).run.cost);
    QVERIFY(model.result(model.rowOf(u"h100-sxm"_s)).run.wallHours);
    QVERIFY(model.rowOf(u"h100-sxm"_s) > model.rowOf(u"a100-sxm"_s));
    QCOMPARE(reset.count(), 0);
}

void TestSizingResults::noRunCostOnARowThatCannotRun()
{
    // Full training of Llama 3.1 8B at 32k over 10^9 tokens: no number of RTX 4090 holds it,
    // though the 4090 has an offer and its TFLOPS are published. Its row shows no hours and no
    // cost (it used to show the GPU-hours' cost), and ranks last.
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);
    model.setTaxBasisPoints(1900);
    SizingResultsModel::Request q;
    q.shape = shape(u"llama-3.1-8b");
    q.workload.method = Sizing::Method::Full;
    q.workload.recompute = Sizing::Recompute::Selective;
    q.workload.seq = 32768;
    q.workload.batch = 1;
    q.tokens = 1'000'000'000;
    QVERIFY(model.setRequest(q));
    const int row = model.rowOf(u"rtx-4090"_s);
    const SizingResultsModel::Result &r = model.result(row);
    QVERIFY(!r.fits());
    QVERIFY(r.ask);
    QCOMPARE(r.run.cost, std::nullopt);
    QCOMPARE(r.run.wallHours, std::nullopt);
    QCOMPARE(model.runOrderCost(row), std::nullopt);
    QCOMPARE(model.hoursToRent(row), std::nullopt);
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::RunCost).toString(), u"\u2014"_s);
    QVERIFY(
        !cell(model, u"rtx-4090"_s, SizingResultsModel::RunCost, SizingResultsModel::RawValueRole)
             .isValid());
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::RunHours).toString(), u"\u2014"_s);
    QCOMPARE(row, model.rowCount() - 1);
    // Every row that runs has its cost; no row that cannot run has one.
    for (int i = 0; i < model.rowCount(); ++i)
        QVERIFY(model.result(i).fits() || !model.result(i).run.cost);
}

void TestSizingResults::unpublishedTflopsSaySo()
{
    // A GPU whose maker publishes no dense BF16 figure: the row says "not published" where the
    // time, the cost and the value would be, rather than a dash or nothing.
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(withUnpublishedTflops());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);
    SizingResultsModel::Request q = qlora70b();
    q.tokens = 100'000'000;
    QVERIFY(model.setRequest(q));
    const SizingResultsModel::Result &pro = model.result(model.rowOf(u"rtx-pro-6000"_s));
    QVERIFY(pro.fits() && pro.ask);
    QVERIFY(!pro.run.wallHours && !pro.run.cost);
    QCOMPARE(cell(model, u"rtx-pro-6000"_s, SizingResultsModel::RunHours).toString(),
             u"TFLOPS not published"_s);
    QCOMPARE(cell(model, u"rtx-pro-6000"_s, SizingResultsModel::RunCost).toString(),
             u"not published"_s);
    QCOMPARE(cell(model, u"rtx-pro-6000"_s, SizingResultsModel::Value).toString(),
             u"not published"_s);
}

void TestSizingResults::seventyBFullTrainingRuns()
{
    // The wizard's defaults for full training of Llama 3.1 70B: every GPU would need more than
    // 8 (or could not run at all) as asked, since 93 GB of activations and logits stay on every
    // GPU. The plans fit one server where a GPU has NVLink or Infinity Fabric and room enough.
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(ticker({entry("mi300x", "4.16"), entry("b300", "8.99"),
                                entry("mi325x", "4.82"), entry("h100-sxm", "2.88")}));
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);
    model.setTaxBasisPoints(1900);
    SizingResultsModel::Request q = full70b();
    q.tokens = 1'000'000'000;
    QVERIFY(model.setRequest(q));
    // Within the limit: B300, MI325X and MI300X, 8 each on one server, the cheapest run first.
    QStringList eligible;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.result(row).tier() == SizingResultsModel::Tier::Eligible)
            eligible << model.result(row).gpu->id;
    }
    QCOMPARE(eligible, (QStringList {u"mi300x"_s, u"mi325x"_s, u"b300"_s}));
    const SizingResultsModel::Result &mi300x = model.result(0);
    QCOMPARE(mi300x.gpu->id, u"mi300x"_s);
    QCOMPARE(mi300x.gpus, std::optional<int>(8));
    QCOMPARE(mi300x.askedGpus, std::optional<int>(19)); // the "19 x MI300X"
    QCOMPARE(mi300x.workload.tp, 8);
    QVERIFY(mi300x.workload.sp);
    QCOMPARE(mi300x.chosen, Sizing::PlanChoices(Sizing::PlanChoice::TensorParallel));
    QCOMPARE(mi300x.placement, std::optional<Sizing::Placement>(Sizing::Placement::Server));
    QCOMPARE(cell(model, u"mi300x"_s, SizingResultsModel::Plan).toString(),
             u"selective recomputation, tensor parallel 8 (to fit)"_s);
    QCOMPARE(cell(model, u"mi300x"_s, SizingResultsModel::Plan, SizingResultsModel::RawValueRole)
                 .toInt(),
             int(Sizing::PlanChoice::TensorParallel));
    QCOMPARE(cell(model, u"mi300x"_s, SizingResultsModel::Placement).toString(), u"one server"_s);
    const QString why =
        cell(model, u"mi300x"_s, SizingResultsModel::Plan, Qt::ToolTipRole).toString();
    QVERIFY2(why.contains(u"As asked, the run needs 19 GPU(s).")
                 && why.contains(u"over 8 GPUs of one server") && why.contains(u"8 GPU(s)"),
             qPrintable(why));
    // The run costs what the order for 8 GPUs holds, for its hours rounded up: 6 x 70.55B x
    // 10^9 FLOPs at 40% of 1,307 TFLOPS = 224.9 GPU-hours, 28.1 on eight, 29 to rent.
    QVERIFY(qAbs(*mi300x.run.wallHours - 6.0 * 70'553'706'496 * 1e9 / (1307e12 * 0.4 * 3600) / 8)
            < 1e-9);
    QCOMPARE(model.hoursToRent(0), std::optional<int>(29));
    QCOMPARE(mi300x.run.cost, MarketRules::orderCost(8, 29, 416, 1900).total);
    // The H100 SXM: full recomputation, 20 GPUs in a cluster of three servers, over the limit;
    // its run counts the forward pass again, 8 x parameters x tokens.
    const SizingResultsModel::Result &h100 = model.result(model.rowOf(u"h100-sxm"_s));
    QCOMPARE(h100.tier(), SizingResultsModel::Tier::Excluded);
    QCOMPARE(h100.gpus, std::optional<int>(20));
    QCOMPARE(h100.chosen, Sizing::PlanChoices(Sizing::PlanChoice::FullRecompute));
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::Plan).toString(),
             u"full recomputation (to fit)"_s);
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::Placement).toString(),
             u"cluster of 3 server(s)"_s);
    QVERIFY(qAbs(*h100.run.gpuHours - 8.0 * 70'553'706'496 * 1e9 / (989e12 * 0.4 * 3600)) < 1e-6);
    QVERIFY(model.assumptions().join(u'\n').contains(
        u"Where the plan chose full recomputation, the run counts the forward pass again: 8 "
        u"\u00d7 parameters \u00d7 tokens."));
}

void TestSizingResults::placementOfEveryRow()
{
    // LoRA on Llama 3.1 8B, the wizard's defaults: one PCIe card that holds it alone may be on
    // any server; two RTX 4090 share the base under ZeRO-3, so one server; NVLink boards stay on
    // one server.
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    SizingResultsModel::Request q;
    q.shape = shape(u"llama-3.1-8b");
    q.workload.method = Sizing::Method::Lora;
    q.workload.recompute = Sizing::defaultRecompute(Sizing::Method::Lora);
    q.workload.seq = 4096;
    q.workload.batch = 1;
    QVERIFY(model.setRequest(q));
    QCOMPARE(cell(model, u"rtx-5090"_s, SizingResultsModel::Placement).toString(),
             u"any servers"_s);
    QCOMPARE(
        cell(model, u"rtx-5090"_s, SizingResultsModel::Placement, SizingResultsModel::RawValueRole)
            .toInt(),
        int(Sizing::Placement::Any));
    QCOMPARE(model.result(model.rowOf(u"rtx-4090"_s)).gpus, std::optional<int>(2));
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Placement).toString(), u"one server"_s);
    QCOMPARE(cell(model, u"h100-sxm"_s, SizingResultsModel::Placement).toString(), u"one server"_s);
    for (int row = 0; row < model.rowCount(); ++row) {
        const SizingResultsModel::Result &r = model.result(row);
        QCOMPARE(r.placement,
                 std::optional<Sizing::Placement>(Sizing::placement(
                     q.workload.method, q.workload.strategy, *r.gpus, 1, *r.gpu)));
    }
    // Quick mode plans nothing but still places: the rule shares the model like ZeRO-3.
    q.mode = SizingResultsModel::Mode::Quick;
    QVERIFY(model.setRequest(q));
    QCOMPARE(cell(model, u"rtx-4090"_s, SizingResultsModel::Plan).toString(), u"\u2014"_s);
    QVERIFY(model.result(model.rowOf(u"rtx-4090"_s)).placement);
}

void TestSizingResults::assumptionsAndLocale()
{
    MarketWatchModel watch(GpuCatalog::builtIn());
    watch.setFrameInterval(0);
    watch.applySnapshot(market());
    SizingResultsModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMarketWatch(&watch);
    QVERIFY(model.assumptions().isEmpty());
    QVERIFY(model.setRequest(qlora70b()));
    const QString a = model.assumptions().join(u'\n');
    for (const char16_t *text :
         {u"80% of each GPU's memory", u"NF4", u"QLoRA paper", u"Full checkpointing",
          u"ZeRO-3 / FSDP", u"8,192 tokens", u"vocabulary of 128,256", u"best offer",
          u"TFLOPS per dollar-hour", u"Ranked:", u"The plan:", u"2 to 8 GPUs of one server",
          u"Placement:"})
        QVERIFY2(a.contains(QStringView(text)), qPrintable(QString::fromUtf16(text)));
    for (const QString &line : model.assumptions())
        QVERIFY2(!line.contains(u'\n'), qPrintable(line)); // one line each
    QVERIFY(!a.contains(u"The run:"));

    // With tokens: the run's FLOPs, the utilisation, the tax and the ranking by cost.
    model.setTaxBasisPoints(1900);
    SizingResultsModel::Request run = qlora70b();
    run.tokens = 100'000'000;
    QVERIFY(model.setRequest(run));
    const QString r = model.assumptions().join(u'\n');
    for (const char16_t *text :
         {u"The run: 100,000,000 tokens, 4.25e+19 FLOPs: 6 \u00d7 parameters", u"Narayanan",
          u"4-bit weights are unpacked", u"40% of each GPU's dense BF16 TFLOPS", u"plus 19% tax",
          u"what the order will hold", u"billed per started hour",
          u"the lower cost of the whole run"})
        QVERIFY2(r.contains(QStringView(text)), qPrintable(QString::fromUtf16(text)));
    // Inference: the 1.2x reserve instead of the seeds' 80%.
    run.workload.method = Sizing::Method::Inference;
    QVERIFY(model.setRequest(run));
    const QString i = model.assumptions().join(u'\n');
    QVERIFY(i.contains(u"1.2\u00d7") && i.contains(u"Transformer Math 101"));
    QVERIFY(!i.contains(u"80% of each GPU's memory"));
    QVERIFY(i.contains(u"limited by memory bandwidth"));
    QVERIFY(model.setRequest(qlora70b()));

    // Quick mode says so, and has no formula-specific lines.
    SizingResultsModel::Request q = qlora70b();
    q.mode = SizingResultsModel::Mode::Quick;
    QVERIFY(model.setRequest(q));
    QVERIFY(model.assumptions().join(u'\n').contains(u"Quick mode: 1 bytes per parameter"));
    QVERIFY(!model.assumptions().join(u'\n').contains(u"checkpointing"));

    // Money and numbers in the user's locale: a change repaints, it does not reset.
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setLocale(QLocale(QLocale::Indonesian, QLocale::Indonesia));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(cell(model, u"rtx-pro-6000"_s, SizingResultsModel::PricePerHour).toString(),
             u"US$1,69"_s);
}

void TestSizingResults::invalidQuestionsChangeNothing()
{
    SizingResultsModel model(GpuCatalog::builtIn());
    QVERIFY(model.setRequest(qlora70b()));
    const QStringList before = order(model);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QString error;
    SizingResultsModel::Request q = qlora70b();
    q.workload.method = Sizing::Method::Inference;
    q.mode = SizingResultsModel::Mode::Quick; // the seeds give no rule for serving
    QVERIFY(!model.setRequest(q, &error));
    QVERIFY(error.contains(u"inference"));
    q = qlora70b();
    q.workload.seq = -1;
    QVERIFY(!model.setRequest(q, &error));
    QVERIFY(error.contains(u"--seq"));
    q = qlora70b();
    q.maxGpus = 0;
    QVERIFY(!model.setRequest(q, &error));
    q = qlora70b();
    q.budgetPerHour = 0;
    QVERIFY(!model.setRequest(q, &error));
    q = qlora70b();
    q.shape.parameters = 0; // the wizard always knows the count
    QVERIFY(!model.setRequest(q, &error));
    QVERIFY(error.contains(u"parameter count"));
    q = qlora70b();
    q.tokens = -1;
    QVERIFY(!model.setRequest(q, &error));
    q = qlora70b();
    q.mfu = 0;
    QVERIFY(!model.setRequest(q, &error));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(order(model), before);
    QCOMPARE(model.request().workload.method, Sizing::Method::Qlora);
}

QTEST_GUILESS_MAIN(TestSizingResults)
#include "tst_sizingresultsmodel.moc"
