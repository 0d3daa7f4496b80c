// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/gpucatalog.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QRegularExpression>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <functional>

using namespace Qt::StringLiterals;
using everx::Cents;
using everx::GpuCatalog;
using everx::GpuModel;

namespace {

// Unknown ("not published", or not in that seed table) is -1 in test data tables.
int orMinusOne(std::optional<int> value)
{
    return value.value_or(-1);
}

// A valid two-row document; validation cases break one thing in it.
QJsonObject validDocument()
{
    const auto row = [](const QString &id, const QString &name) {
        return QJsonObject {{u"id"_s, id},
                            {u"name"_s, name},
                            {u"architecture"_s, u"Hopper"_s},
                            {u"vendor"_s, u"NVIDIA"_s},
                            {u"memoryGb"_s, 141},
                            {u"memoryType"_s, u"HBM3e"_s},
                            {u"bandwidthGBs"_s, 4800},
                            {u"bf16DenseTflops"_s, 989},
                            {u"bf16DenseTflopsSource"_s, u"a datasheet, 2024, table 1"_s},
                            {u"formFactor"_s, u"SXM"_s},
                            {u"interconnect"_s, u"NVLink"_s},
                            {u"fromPriceCents"_s, 419},
                            {u"serverGpus"_s, 8},
                            {u"serverGpusSource"_s, u"HGX, 8 GPUs"_s},
                            {u"seedFullTrain1Gpu"_s, 7},
                            {u"seedFullTrain8Gpu"_s, 55},
                            {u"seedQloraBase"_s, 110},
                            {u"seedLora16Base"_s, 45}};
    };
    return QJsonObject {
        {u"version"_s, 1},
        {u"source"_s, u"test"_s},
        {u"gpus"_s, QJsonArray {row(u"a100-sxm"_s, u"A100 SXM"_s), row(u"h200"_s, u"H200"_s)}}};
}

using Edit = std::function<void(QJsonObject &)>;

// Applies edit to the second row ("h200") of the valid document.
QByteArray withSecondRow(const Edit &edit)
{
    QJsonObject document = validDocument();
    QJsonArray gpus = document.value(u"gpus").toArray();
    QJsonObject row = gpus.at(1).toObject();
    edit(row);
    gpus.replace(1, row);
    document.insert(u"gpus"_s, gpus);
    return QJsonDocument(document).toJson();
}

QByteArray withSecondRowField(const QString &key, const QJsonValue &value)
{
    return withSecondRow([&](QJsonObject &row) { row.insert(key, value); });
}

QByteArray withoutSecondRowField(const QString &key)
{
    return withSecondRow([&](QJsonObject &row) { row.remove(key); });
}

QByteArray withTopLevel(const Edit &edit)
{
    QJsonObject document = validDocument();
    edit(document);
    return QJsonDocument(document).toJson();
}

} // namespace

class TestGpuCatalog final : public QObject
{
    Q_OBJECT

private slots:
    void builtInHasTheFifteenSeedGpus();
    void builtInIsLoadedOnce();
    void displayNameFallsBackToTheId();
    void builtInRowsMatchSeeds_data();
    void builtInRowsMatchSeeds();
    void builtInEveryColumn();
    void unpublishedFactsAreUnknownNotZero();
    void denseBf16TflopsFromTheMakers_data();
    void denseBf16TflopsFromTheMakers();
    void largestServers();
    void crossTableGpusAgree_data();
    void crossTableGpusAgree();
    void seedSizesFitInEightyPercentOfMemory();
    void lookups();
    void acceptsValidDocuments_data();
    void acceptsValidDocuments();
    void refusesInvalidDocuments_data();
    void refusesInvalidDocuments();
    void loadsFromFile();
    void loadReportsMissingFile();
};

void TestGpuCatalog::builtInHasTheFifteenSeedGpus()
{
    const GpuCatalog &catalog = GpuCatalog::builtIn();
    const QStringList expected = {
        u"b300"_s,     u"b200"_s,      u"mi325x"_s,   u"mi300x"_s,       u"h200"_s,
        u"h100-nvl"_s, u"h100-sxm"_s,  u"a100-sxm"_s, u"a100-pcie"_s,    u"rtx-4090"_s,
        u"rtx-5090"_s, u"rtx-a6000"_s, u"l40s"_s,     u"rtx-6000-ada"_s, u"rtx-pro-6000"_s};
    QStringList ids;
    for (const GpuModel &gpu : catalog.gpus())
        ids.append(gpu.id);
    QCOMPARE(catalog.size(), 15);
    QCOMPARE(ids, expected);
    QCOMPARE(QSet<QString>(ids.cbegin(), ids.cend()).size(), ids.size());
    QVERIFY(!catalog.source().isEmpty());
    // The memory types of the Turkish-only GPUs are not in the seeds; the source says so.
    QVERIFY(catalog.source().contains(u"spec sheets"_s));
}

void TestGpuCatalog::builtInIsLoadedOnce()
{
    QCOMPARE(&GpuCatalog::builtIn(), &GpuCatalog::builtIn());
}

void TestGpuCatalog::builtInRowsMatchSeeds_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("architecture");
    QTest::addColumn<int>("memoryGb");
    QTest::addColumn<QString>("memoryType");
    QTest::addColumn<int>("bandwidthGBs"); // -1: not published
    QTest::addColumn<Cents>("fromPriceCents");

    // From the seed tables: "B300Blackwell Ultra | 288 GB | HBM3e | Tidak dipublikasikan | ... |
    // mulai US$8,99" and "RTX 4090Ada Lovelace | 24 GB | 1.008 GB/s | ... | $0,33'den başlayan".
    // Memory types of the Turkish-only GPUs are the manufacturers'.
    QTest::newRow("b300") << u"b300"_s << u"B300"_s << u"Blackwell Ultra"_s << 288 << u"HBM3e"_s
                          << -1 << Cents(899);
    QTest::newRow("b200") << u"b200"_s << u"B200"_s << u"Blackwell"_s << 180 << u"HBM3e"_s << -1
                          << Cents(799);
    QTest::newRow("mi325x") << u"mi325x"_s << u"MI325X"_s << u"CDNA 3"_s << 256 << u"HBM3e"_s
                            << 6000 << Cents(482);
    QTest::newRow("mi300x") << u"mi300x"_s << u"MI300X"_s << u"CDNA 3"_s << 192 << u"HBM3"_s << 5300
                            << Cents(416);
    QTest::newRow("h200") << u"h200"_s << u"H200"_s << u"Hopper"_s << 141 << u"HBM3e"_s << 4800
                          << Cents(419);
    QTest::newRow("h100-nvl") << u"h100-nvl"_s << u"H100 NVL"_s << u"Hopper"_s << 94 << u"HBM3"_s
                              << 3900 << Cents(319);
    QTest::newRow("h100-sxm") << u"h100-sxm"_s << u"H100 SXM"_s << u"Hopper"_s << 80 << u"HBM3"_s
                              << 3350 << Cents(288);
    QTest::newRow("a100-sxm") << u"a100-sxm"_s << u"A100 SXM"_s << u"Ampere"_s << 80 << u"HBM2e"_s
                              << 2039 << Cents(179);
    QTest::newRow("a100-pcie") << u"a100-pcie"_s << u"A100 PCIe"_s << u"Ampere"_s << 80
                               << u"HBM2e"_s << 1935 << Cents(179);
    QTest::newRow("rtx-4090") << u"rtx-4090"_s << u"RTX 4090"_s << u"Ada Lovelace"_s << 24
                              << u"GDDR6X"_s << 1008 << Cents(33);
    QTest::newRow("rtx-5090") << u"rtx-5090"_s << u"RTX 5090"_s << u"Blackwell"_s << 32
                              << u"GDDR7"_s << 1792 << Cents(69);
    QTest::newRow("rtx-a6000") << u"rtx-a6000"_s << u"RTX A6000"_s << u"Ampere"_s << 48
                               << u"GDDR6"_s << 768 << Cents(33);
    QTest::newRow("l40s") << u"l40s"_s << u"L40S"_s << u"Ada Lovelace"_s << 48 << u"GDDR6"_s << 864
                          << Cents(79);
    QTest::newRow("rtx-6000-ada") << u"rtx-6000-ada"_s << u"RTX 6000 Ada"_s << u"Ada Lovelace"_s
                                  << 48 << u"GDDR6"_s << 960 << Cents(74);
    QTest::newRow("rtx-pro-6000") << u"rtx-pro-6000"_s << u"RTX PRO 6000 Blackwell"_s
                                  << u"Blackwell"_s << 96 << u"GDDR7"_s << 1792 << Cents(169);
}

void TestGpuCatalog::builtInRowsMatchSeeds()
{
    QFETCH(QString, id);
    QFETCH(QString, name);
    QFETCH(QString, architecture);
    QFETCH(int, memoryGb);
    QFETCH(QString, memoryType);
    QFETCH(int, bandwidthGBs);
    QFETCH(Cents, fromPriceCents);

    const GpuModel *gpu = GpuCatalog::builtIn().find(id);
    QVERIFY(gpu);
    QCOMPARE(gpu->name, name);
    QCOMPARE(gpu->architecture, architecture);
    QCOMPARE(gpu->memoryGb, memoryGb);
    QCOMPARE(gpu->memoryType, memoryType);
    QCOMPARE(orMinusOne(gpu->bandwidthGBs), bandwidthGBs);
    QCOMPARE(gpu->fromPriceCents, fromPriceCents);
}

void TestGpuCatalog::builtInEveryColumn()
{
    const GpuCatalog &catalog = GpuCatalog::builtIn();

    // An Indonesian-only GPU with every column published.
    const GpuModel *mi325x = catalog.find(u"mi325x");
    QVERIFY(mi325x);
    QCOMPARE(mi325x->vendor, u"AMD"_s);
    QCOMPARE(mi325x->memoryGb, 256);
    QCOMPARE(mi325x->memoryType, u"HBM3e"_s);
    QCOMPARE(mi325x->bandwidthGBs, std::optional<int>(6000));
    QCOMPARE(mi325x->bf16DenseTflops, std::optional<int>(1307));
    QCOMPARE(mi325x->formFactor, u"OAM"_s);
    QCOMPARE(mi325x->interconnect, u"Infinity Fabric"_s);
    QCOMPARE(mi325x->fromPriceCents, Cents(482));
    QCOMPARE(mi325x->seedFullTrain1Gpu, std::optional<int>(10));
    QCOMPARE(mi325x->seedFullTrain8Gpu, std::optional<int>(100));
    QCOMPARE(mi325x->seedQloraBase, std::nullopt);
    QCOMPARE(mi325x->seedLora16Base, std::nullopt);

    // The PCIe card with an NVLink bridge.
    const GpuModel *nvl = catalog.find(u"h100-nvl");
    QVERIFY(nvl);
    QCOMPARE(nvl->vendor, u"NVIDIA"_s);
    QCOMPARE(nvl->architecture, u"Hopper"_s);
    QCOMPARE(nvl->memoryGb, 94);
    QCOMPARE(nvl->bandwidthGBs, std::optional<int>(3900));
    QCOMPARE(nvl->bf16DenseTflops, std::optional<int>(835));
    QCOMPARE(nvl->formFactor, u"NVL"_s);
    QCOMPARE(nvl->interconnect, u"NVLink"_s);
    QCOMPARE(nvl->fromPriceCents, Cents(319));
    QCOMPARE(nvl->seedFullTrain1Gpu, std::optional<int>(4));
    QCOMPARE(nvl->seedFullTrain8Gpu, std::optional<int>(35));

    // A Turkish-only GPU: TFLOPS from its maker, no full-training figures.
    const GpuModel *pro = catalog.find(u"rtx-pro-6000");
    QVERIFY(pro);
    QCOMPARE(pro->name, u"RTX PRO 6000 Blackwell"_s);
    QCOMPARE(pro->architecture, u"Blackwell"_s);
    QCOMPARE(pro->vendor, u"NVIDIA"_s);
    QCOMPARE(pro->memoryGb, 96);
    QCOMPARE(pro->memoryType, u"GDDR7"_s);
    QCOMPARE(pro->bandwidthGBs, std::optional<int>(1792));
    QCOMPARE(pro->bf16DenseTflops, std::optional<int>(504));
    QCOMPARE(pro->formFactor, u"PCIe"_s);
    QCOMPARE(pro->interconnect, u"PCIe"_s);
    QCOMPARE(pro->fromPriceCents, Cents(169));
    QCOMPARE(pro->seedFullTrain1Gpu, std::nullopt);
    QCOMPARE(pro->seedFullTrain8Gpu, std::nullopt);
    QCOMPARE(pro->seedQloraBase, std::optional<int>(75));
    QCOMPARE(pro->seedLora16Base, std::optional<int>(30));

    const GpuModel *rtx4090 = catalog.find(u"rtx-4090");
    QVERIFY(rtx4090);
    QCOMPARE(rtx4090->seedQloraBase, std::optional<int>(15));
    QCOMPARE(rtx4090->seedLora16Base, std::optional<int>(7));

    const GpuModel *b300 = catalog.find(u"b300");
    QVERIFY(b300);
    QCOMPARE(b300->formFactor, u"SXM"_s);
    QCOMPARE(b300->interconnect, u"NVLink"_s);
    QCOMPARE(b300->seedFullTrain1Gpu, std::optional<int>(10));
    QCOMPARE(b300->seedFullTrain8Gpu, std::optional<int>(110));

    // Every row: the columns the Indonesian table has are all there, or all absent.
    for (const GpuModel &gpu : catalog.gpus()) {
        QVERIFY2(!gpu.vendor.isEmpty() && !gpu.formFactor.isEmpty() && !gpu.interconnect.isEmpty()
                     && !gpu.memoryType.isEmpty(),
                 qPrintable(gpu.id));
        QCOMPARE(gpu.seedFullTrain1Gpu.has_value(), gpu.seedFullTrain8Gpu.has_value());
        QCOMPARE(gpu.seedQloraBase.has_value(), gpu.seedLora16Base.has_value());
        QVERIFY2(gpu.seedFullTrain1Gpu || gpu.seedQloraBase, qPrintable(gpu.id));
    }
}

void TestGpuCatalog::unpublishedFactsAreUnknownNotZero()
{
    const GpuCatalog &catalog = GpuCatalog::builtIn();
    // The Indonesian table leaves the Blackwell GPUs' bandwidth unpublished.
    for (const auto id : {u"b300", u"b200"}) {
        const GpuModel *gpu = catalog.find(id);
        QVERIFY(gpu);
        QVERIFY2(!gpu->bandwidthGBs.has_value(), qPrintable(gpu->id));
    }
    // Nothing that is present is zero.
    for (const GpuModel &gpu : catalog.gpus()) {
        QVERIFY2(gpu.bandwidthGBs.value_or(1) > 0, qPrintable(gpu.id));
        QVERIFY2(gpu.bf16DenseTflops.value_or(1) > 0, qPrintable(gpu.id));
    }
}

void TestGpuCatalog::denseBf16TflopsFromTheMakers_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("tflops");
    QTest::addColumn<QString>("document"); // what the row's source must name

    // The seeds' Indonesian table publishes no TFLOPS for the Blackwell GPUs, the Turkish one
    // none at all (the fine-tuning page's cards). Each figure from the maker's document: dense,
    // BF16 with FP32 accumulate, rounded to whole TFLOPS.
    // NVIDIA's HGX specifications: FP16/BF16 Tensor Core 36 PFLOPS for 8 GPUs with sparsity,
    // 4.5 PFLOPS each, dense half of it.
    QTest::newRow("b300") << u"b300"_s << 2250 << u"HGX B300"_s;
    QTest::newRow("b200") << u"b200"_s << 2250 << u"HGX B200"_s;
    // NVIDIA Ada whitepaper, Appendix A: "Peak BF16 Tensor TFLOPS with FP32 Accumulate
    // 165.2/330.4"; not the FP16-accumulate 330.3, twice as fast on GeForce.
    QTest::newRow("rtx-4090") << u"rtx-4090"_s << 165 << u"ADA GPU ARCHITECTURE"_s;
    // NVIDIA RTX Blackwell whitepaper: 209.5 with FP32 accumulate (419 with FP16 accumulate).
    QTest::newRow("rtx-5090") << u"rtx-5090"_s << 210 << u"RTX BLACKWELL"_s;
    // NVIDIA GA102 whitepaper, Table 3: 154.8.
    QTest::newRow("rtx-a6000") << u"rtx-a6000"_s << 155 << u"GA102"_s;
    // NVIDIA L40S datasheet: BF16 Tensor Core 362.05 | 733 with sparsity.
    QTest::newRow("l40s") << u"l40s"_s << 362 << u"L40S datasheet"_s;
    // NVIDIA Ada whitepaper, RTX 6000 Ada: 364.2 with FP32 accumulate.
    QTest::newRow("rtx-6000-ada") << u"rtx-6000-ada"_s << 364 << u"ADA GPU ARCHITECTURE"_s;
    // NVIDIA RTX Blackwell whitepaper, RTX PRO 6000 Blackwell: 503.8.
    QTest::newRow("rtx-pro-6000") << u"rtx-pro-6000"_s << 504 << u"RTX BLACKWELL"_s;
    // The seeds' own figures keep the seeds as their source.
    QTest::newRow("h100-sxm") << u"h100-sxm"_s << 989 << u"EverXCloud seed page"_s;
    QTest::newRow("mi300x") << u"mi300x"_s << 1307 << u"EverXCloud seed page"_s;
}

void TestGpuCatalog::denseBf16TflopsFromTheMakers()
{
    QFETCH(QString, id);
    QFETCH(int, tflops);
    QFETCH(QString, document);
    const GpuModel *gpu = GpuCatalog::builtIn().find(id);
    QVERIFY(gpu);
    QCOMPARE(gpu->bf16DenseTflops, std::optional<int>(tflops));
    QVERIFY2(gpu->bf16DenseTflopsSource.contains(document), qPrintable(gpu->bf16DenseTflopsSource));
    // A maker's document is cited with its date (the seed pages have none).
    static const QRegularExpression dated(u"\\b(19|20)\\d\\d\\b"_s);
    if (!document.startsWith(u"EverXCloud"))
        QVERIFY2(dated.match(gpu->bf16DenseTflopsSource).hasMatch(),
                 qPrintable(gpu->bf16DenseTflopsSource));
}

void TestGpuCatalog::largestServers()
{
    // Every GPU of the catalog has a dense BF16 figure and its source now, and a largest server
    // with its source: 8 GPUs on an HGX or OAM board, and 8 PCIe cards in the common 4U server.
    for (const GpuModel &gpu : GpuCatalog::builtIn().gpus()) {
        QVERIFY2(gpu.bf16DenseTflops, qPrintable(gpu.id));
        QVERIFY2(!gpu.bf16DenseTflopsSource.isEmpty(), qPrintable(gpu.id));
        QCOMPARE(gpu.serverGpus, 8);
        QVERIFY2(!gpu.serverGpusSource.isEmpty(), qPrintable(gpu.id));
    }
    QVERIFY(GpuCatalog::builtIn().find(u"h100-sxm")->serverGpusSource.contains(u"HGX H100"));
    QVERIFY(GpuCatalog::builtIn().find(u"mi300x")->serverGpusSource.contains(u"8 OAM"));
}

void TestGpuCatalog::crossTableGpusAgree_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("memoryGb");
    QTest::addColumn<int>("bandwidthGBs");
    QTest::addColumn<Cents>("fromPriceCents");
    QTest::addColumn<int>("fullTrain1Gpu");
    QTest::addColumn<int>("fullTrain8Gpu");
    QTest::addColumn<int>("qloraBase");
    QTest::addColumn<int>("lora16Base");

    // Memory, bandwidth and price as the Turkish table has them (the Indonesian one agrees),
    // and both tables' largest-model figures.
    QTest::newRow("a100-sxm") << u"a100-sxm"_s << 80 << 2039 << Cents(179) << 4 << 30 << 60 << 25;
    QTest::newRow("h100-sxm") << u"h100-sxm"_s << 80 << 3350 << Cents(288) << 4 << 30 << 60 << 25;
    QTest::newRow("h200") << u"h200"_s << 141 << 4800 << Cents(419) << 7 << 55 << 110 << 45;
}

void TestGpuCatalog::crossTableGpusAgree()
{
    QFETCH(QString, id);
    QFETCH(int, memoryGb);
    QFETCH(int, bandwidthGBs);
    QFETCH(Cents, fromPriceCents);
    QFETCH(int, fullTrain1Gpu);
    QFETCH(int, fullTrain8Gpu);
    QFETCH(int, qloraBase);
    QFETCH(int, lora16Base);

    const GpuModel *gpu = GpuCatalog::builtIn().find(id);
    QVERIFY(gpu);
    QCOMPARE(gpu->memoryGb, memoryGb);
    QCOMPARE(orMinusOne(gpu->bandwidthGBs), bandwidthGBs);
    QCOMPARE(gpu->fromPriceCents, fromPriceCents);
    QCOMPARE(orMinusOne(gpu->seedFullTrain1Gpu), fullTrain1Gpu);
    QCOMPARE(orMinusOne(gpu->seedFullTrain8Gpu), fullTrain8Gpu);
    QCOMPARE(orMinusOne(gpu->seedQloraBase), qloraBase);
    QCOMPARE(orMinusOne(gpu->seedLora16Base), lora16Base);
}

void TestGpuCatalog::seedSizesFitInEightyPercentOfMemory()
{
    // The seeds' sizing rules as bounds (docs/architecture.md "The GPU catalog and sizing"): 80 %
    // of memory, 16 bytes per parameter for full training, 2 for 16-bit LoRA, at least half a byte
    // for 4-bit QLoRA.
    // Catches a mistyped figure (110 for 11) without restating the seeds' rounding.
    for (const GpuModel &gpu : GpuCatalog::builtIn().gpus()) {
        const qint64 usableGb10 = qint64(gpu.memoryGb) * 8; // 80 % of memory, times 10
        if (gpu.seedFullTrain1Gpu)
            QVERIFY2(*gpu.seedFullTrain1Gpu * 16 * 10 <= usableGb10, qPrintable(gpu.id));
        if (gpu.seedFullTrain8Gpu)
            QVERIFY2(*gpu.seedFullTrain8Gpu * 16 * 10 <= 8 * usableGb10, qPrintable(gpu.id));
        if (gpu.seedLora16Base)
            QVERIFY2(*gpu.seedLora16Base * 2 * 10 <= usableGb10, qPrintable(gpu.id));
        if (gpu.seedQloraBase)
            QVERIFY2(*gpu.seedQloraBase * 10 <= 2 * usableGb10, qPrintable(gpu.id));
        if (gpu.seedQloraBase && gpu.seedLora16Base)
            QVERIFY2(*gpu.seedQloraBase > *gpu.seedLora16Base, qPrintable(gpu.id));
        if (gpu.seedFullTrain1Gpu && gpu.seedFullTrain8Gpu)
            QVERIFY2(*gpu.seedFullTrain8Gpu > *gpu.seedFullTrain1Gpu, qPrintable(gpu.id));
    }
}

void TestGpuCatalog::lookups()
{
    const GpuCatalog &catalog = GpuCatalog::builtIn();
    QCOMPARE(catalog.indexOf(u"b300"), 0);
    QCOMPARE(catalog.indexOf(u"h200"), 4);
    QCOMPARE(catalog.indexOf(u"rtx-pro-6000"), 14);
    QCOMPARE(catalog.find(u"h200"), &catalog.gpus().at(4));
    QCOMPARE(catalog.indexOf(u"H200"), -1); // ids are exact slugs
    QCOMPARE(catalog.indexOf(u"h100"), -1);
    QCOMPARE(catalog.indexOf(u""), -1);
    QCOMPARE(catalog.find(u"v100"), nullptr);

    const GpuCatalog empty;
    QCOMPARE(empty.size(), 0);
    QCOMPARE(empty.find(u"h200"), nullptr);
}

void TestGpuCatalog::acceptsValidDocuments_data()
{
    QTest::addColumn<QByteArray>("json");

    QTest::newRow("valid") << QJsonDocument(validDocument()).toJson();
    QTest::newRow("unknown keys are ignored")
        << withTopLevel([](QJsonObject &d) { d.insert(u"comment"_s, u"future"_s); });
    QTest::newRow("unknown row keys are ignored") << withSecondRowField(u"fp8DenseTflops"_s, 1979);
    QTest::newRow("unpublished bandwidth") << withSecondRowField(u"bandwidthGBs"_s, QJsonValue());
    QTest::newRow("unpublished tflops") << withSecondRow([](QJsonObject &r) {
        r.insert(u"bf16DenseTflops"_s, QJsonValue());
        r.insert(u"bf16DenseTflopsSource"_s, QJsonValue());
    });
    QTest::newRow("unpublished tflops, where one looked") << withSecondRow([](QJsonObject &r) {
        r.insert(u"bf16DenseTflops"_s, QJsonValue());
        r.insert(u"bf16DenseTflopsSource"_s, u"the datasheet gives FP4 only"_s);
    });
    QTest::newRow("one GPU a server") << withSecondRowField(u"serverGpus"_s, 1);
    QTest::newRow("unknown memory type") << withSecondRowField(u"memoryType"_s, QJsonValue());
    QTest::newRow("not in the QLoRA table") << withSecondRow([](QJsonObject &r) {
        r.insert(u"seedQloraBase"_s, QJsonValue());
        r.insert(u"seedLora16Base"_s, QJsonValue());
    });
    QTest::newRow("whole number written 141.0") << QByteArray(
        R"({"version":1,"source":"s","gpus":[{"id":"h200","name":"H200","architecture":"Hopper",
        "vendor":"NVIDIA","memoryGb":141.0,"memoryType":"HBM3e","bandwidthGBs":4800,
        "bf16DenseTflops":989,"bf16DenseTflopsSource":"d","formFactor":"SXM",
        "interconnect":"NVLink","fromPriceCents":419,"serverGpus":8,"serverGpusSource":"HGX",
        "seedFullTrain1Gpu":7,"seedFullTrain8Gpu":55,"seedQloraBase":null,"seedLora16Base":null}]})");
}

void TestGpuCatalog::acceptsValidDocuments()
{
    QFETCH(QByteArray, json);
    QString error = u"stale"_s;
    const std::optional<GpuCatalog> catalog = GpuCatalog::fromJson(json, &error);
    QVERIFY2(catalog, qPrintable(error));
    QVERIFY(error.isEmpty()); // no stale message from an earlier call
    const GpuModel *h200 = catalog->find(u"h200");
    QVERIFY(h200);
    QCOMPARE(h200->memoryGb, 141);
    QCOMPARE(h200->fromPriceCents, Cents(419));
}

void TestGpuCatalog::refusesInvalidDocuments_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("mentions"); // the error names the row and the field

    const QString row1 = u"gpus[1] (id \"h200\")"_s;
    const auto field = [&](const QString &key) {
        return QStringList {row1, key};
    };

    QTest::newRow("not JSON") << QByteArray("{\"version\": 1,") << QStringList {u"JSON"_s};
    QTest::newRow("empty input") << QByteArray() << QStringList {u"JSON"_s};
    QTest::newRow("top level array") << QByteArray("[]") << QStringList {u"object"_s};
    QTest::newRow("version 2") << withTopLevel([](QJsonObject &d) { d[u"version"_s] = 2; })
                               << QStringList {u"version"_s};
    QTest::newRow("version missing") << withTopLevel([](QJsonObject &d) { d.remove(u"version"_s); })
                                     << QStringList {u"version"_s};
    QTest::newRow("source missing")
        << withTopLevel([](QJsonObject &d) { d.remove(u"source"_s); }) << QStringList {u"source"_s};
    QTest::newRow("source empty") << withTopLevel([](QJsonObject &d) { d[u"source"_s] = u""_s; })
                                  << QStringList {u"source"_s};
    QTest::newRow("gpus missing") << withTopLevel([](QJsonObject &d) { d.remove(u"gpus"_s); })
                                  << QStringList {u"gpus"_s};
    QTest::newRow("gpus empty") << withTopLevel([](QJsonObject &d) { d[u"gpus"_s] = QJsonArray(); })
                                << QStringList {u"gpus"_s};
    QTest::newRow("gpus an object")
        << withTopLevel([](QJsonObject &d) { d[u"gpus"_s] = QJsonObject(); })
        << QStringList {u"gpus"_s};
    QTest::newRow("row not an object") << withTopLevel([](QJsonObject &d) {
        QJsonArray gpus = d.value(u"gpus").toArray();
        gpus.append(42);
        d[u"gpus"_s] = gpus;
    }) << QStringList {u"gpus[2]"_s, u"object"_s};

    QTest::newRow("id missing") << withoutSecondRowField(u"id"_s)
                                << QStringList {u"gpus[1]"_s, u"id"_s, u"missing"_s};
    QTest::newRow("id empty") << withSecondRowField(u"id"_s, u""_s)
                              << QStringList {u"gpus[1]"_s, u"id"_s};
    QTest::newRow("id a number") << withSecondRowField(u"id"_s, 200)
                                 << QStringList {u"gpus[1]"_s, u"id"_s};
    QTest::newRow("id not a slug") << withSecondRowField(u"id"_s, u"H 200"_s)
                                   << QStringList {u"gpus[1]"_s, u"id"_s, u"H 200"_s};
    QTest::newRow("id duplicate") << withSecondRowField(u"id"_s, u"a100-sxm"_s)
                                  << QStringList {u"gpus[1]"_s, u"duplicate"_s, u"a100-sxm"_s};
    QTest::newRow("name missing") << withoutSecondRowField(u"name"_s) << field(u"name"_s);
    QTest::newRow("name empty") << withSecondRowField(u"name"_s, u""_s) << field(u"name"_s);
    QTest::newRow("name blank") << withSecondRowField(u"name"_s, u"  "_s) << field(u"name"_s);
    QTest::newRow("name a number") << withSecondRowField(u"name"_s, 200) << field(u"name"_s);
    QTest::newRow("architecture empty")
        << withSecondRowField(u"architecture"_s, u""_s) << field(u"architecture"_s);
    QTest::newRow("vendor missing") << withoutSecondRowField(u"vendor"_s) << field(u"vendor"_s);
    QTest::newRow("memoryType a number")
        << withSecondRowField(u"memoryType"_s, 3) << field(u"memoryType"_s);
    QTest::newRow("memoryType missing")
        << withoutSecondRowField(u"memoryType"_s) << field(u"memoryType"_s);
    QTest::newRow("formFactor missing")
        << withoutSecondRowField(u"formFactor"_s) << field(u"formFactor"_s);
    QTest::newRow("interconnect an array")
        << withSecondRowField(u"interconnect"_s, QJsonArray {u"NVLink"_s})
        << field(u"interconnect"_s);

    QTest::newRow("memoryGb 0") << withSecondRowField(u"memoryGb"_s, 0) << field(u"memoryGb"_s);
    QTest::newRow("memoryGb negative")
        << withSecondRowField(u"memoryGb"_s, -141) << field(u"memoryGb"_s);
    QTest::newRow("memoryGb fractional")
        << withSecondRowField(u"memoryGb"_s, 141.5) << field(u"memoryGb"_s);
    QTest::newRow("memoryGb a string")
        << withSecondRowField(u"memoryGb"_s, u"141"_s) << field(u"memoryGb"_s);
    QTest::newRow("memoryGb null")
        << withSecondRowField(u"memoryGb"_s, QJsonValue()) << field(u"memoryGb"_s);
    QTest::newRow("memoryGb missing")
        << withoutSecondRowField(u"memoryGb"_s) << field(u"memoryGb"_s);
    QTest::newRow("memoryGb beyond int")
        << withSecondRowField(u"memoryGb"_s, 3e9) << field(u"memoryGb"_s);

    QTest::newRow("bandwidth negative")
        << withSecondRowField(u"bandwidthGBs"_s, -4800) << field(u"bandwidthGBs"_s);
    QTest::newRow("bandwidth 0 (unknown is null)")
        << withSecondRowField(u"bandwidthGBs"_s, 0) << field(u"bandwidthGBs"_s);
    QTest::newRow("bandwidth a string")
        << withSecondRowField(u"bandwidthGBs"_s, u"4.800 GB/s"_s) << field(u"bandwidthGBs"_s);
    QTest::newRow("bandwidth missing (misspelt key)") << withSecondRow([](QJsonObject &r) {
        r.insert(u"bandwidthGbs"_s, r.take(u"bandwidthGBs"));
    }) << field(u"bandwidthGBs"_s);
    QTest::newRow("tflops negative")
        << withSecondRowField(u"bf16DenseTflops"_s, -989) << field(u"bf16DenseTflops"_s);
    QTest::newRow("tflops 0") << withSecondRowField(u"bf16DenseTflops"_s, 0)
                              << field(u"bf16DenseTflops"_s);
    QTest::newRow("tflops a boolean")
        << withSecondRowField(u"bf16DenseTflops"_s, true) << field(u"bf16DenseTflops"_s);
    QTest::newRow("tflops without a source")
        << withSecondRowField(u"bf16DenseTflopsSource"_s, QJsonValue())
        << field(u"bf16DenseTflopsSource"_s);
    QTest::newRow("tflops with a blank source")
        << withSecondRowField(u"bf16DenseTflopsSource"_s, u" "_s)
        << field(u"bf16DenseTflopsSource"_s);
    QTest::newRow("tflops source missing")
        << withoutSecondRowField(u"bf16DenseTflopsSource"_s) << field(u"bf16DenseTflopsSource"_s);

    QTest::newRow("serverGpus missing")
        << withoutSecondRowField(u"serverGpus"_s) << field(u"serverGpus"_s);
    QTest::newRow("serverGpus 0") << withSecondRowField(u"serverGpus"_s, 0)
                                  << field(u"serverGpus"_s);
    QTest::newRow("serverGpus past one listing")
        << withSecondRowField(u"serverGpus"_s, 257) << field(u"serverGpus"_s);
    QTest::newRow("serverGpus null")
        << withSecondRowField(u"serverGpus"_s, QJsonValue()) << field(u"serverGpus"_s);
    QTest::newRow("serverGpusSource missing")
        << withoutSecondRowField(u"serverGpusSource"_s) << field(u"serverGpusSource"_s);
    QTest::newRow("serverGpusSource empty")
        << withSecondRowField(u"serverGpusSource"_s, u""_s) << field(u"serverGpusSource"_s);

    QTest::newRow("price 0") << withSecondRowField(u"fromPriceCents"_s, 0)
                             << field(u"fromPriceCents"_s);
    QTest::newRow("price negative")
        << withSecondRowField(u"fromPriceCents"_s, -419) << field(u"fromPriceCents"_s);
    QTest::newRow("price in dollars")
        << withSecondRowField(u"fromPriceCents"_s, 4.19) << field(u"fromPriceCents"_s);
    QTest::newRow("price a string")
        << withSecondRowField(u"fromPriceCents"_s, u"419"_s) << field(u"fromPriceCents"_s);
    QTest::newRow("price null") << withSecondRowField(u"fromPriceCents"_s, QJsonValue())
                                << field(u"fromPriceCents"_s);
    QTest::newRow("price beyond MaxAmount")
        << withSecondRowField(u"fromPriceCents"_s, 1e16) << field(u"fromPriceCents"_s);

    QTest::newRow("seedFullTrain1Gpu 0")
        << withSecondRowField(u"seedFullTrain1Gpu"_s, 0) << field(u"seedFullTrain1Gpu"_s);
    QTest::newRow("seedFullTrain8Gpu fractional")
        << withSecondRowField(u"seedFullTrain8Gpu"_s, 55.5) << field(u"seedFullTrain8Gpu"_s);
    QTest::newRow("seedQloraBase negative")
        << withSecondRowField(u"seedQloraBase"_s, -110) << field(u"seedQloraBase"_s);
    QTest::newRow("seedLora16Base a string")
        << withSecondRowField(u"seedLora16Base"_s, u"≈ 45B"_s) << field(u"seedLora16Base"_s);
    QTest::newRow("seedLora16Base missing")
        << withoutSecondRowField(u"seedLora16Base"_s) << field(u"seedLora16Base"_s);
}

void TestGpuCatalog::refusesInvalidDocuments()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, mentions);

    QString error;
    const std::optional<GpuCatalog> catalog = GpuCatalog::fromJson(json, &error);
    // The whole document is refused, not the bad row alone.
    QVERIFY(!catalog);
    for (const QString &mention : mentions)
        QVERIFY2(error.contains(mention), qPrintable(u"\"%1\" not in: %2"_s.arg(mention, error)));

    // And without an error string to fill in.
    QVERIFY(!GpuCatalog::fromJson(json));
}

void TestGpuCatalog::loadsFromFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"gpus.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(validDocument()).toJson());
    file.close();

    QString error;
    const std::optional<GpuCatalog> catalog = GpuCatalog::load(path, &error);
    QVERIFY2(catalog, qPrintable(error));
    QCOMPARE(catalog->size(), 2);
    QCOMPARE(catalog->source(), u"test"_s);

    // A file with a bad row: the error names the file, the row and the field.
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(withSecondRowField(u"memoryGb"_s, -1));
    file.close();
    QVERIFY(!GpuCatalog::load(path, &error));
    QVERIFY2(error.contains(path) && error.contains(u"gpus[1]"_s) && error.contains(u"memoryGb"_s),
             qPrintable(error));
}

void TestGpuCatalog::loadReportsMissingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"absent.json"_s);
    QString error;
    QVERIFY(!GpuCatalog::load(path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
}

void TestGpuCatalog::displayNameFallsBackToTheId()
{
    const GpuCatalog &catalog = GpuCatalog::builtIn();
    QCOMPARE(catalog.displayName(QStringLiteral("h100-sxm")), QStringLiteral("H100 SXM"));
    // A GPU the server knows and this build does not: shown by its id, never blank.
    QCOMPARE(catalog.displayName(QStringLiteral("x999")), QStringLiteral("x999"));
}

QTEST_GUILESS_MAIN(TestGpuCatalog)
#include "tst_gpucatalog.moc"
