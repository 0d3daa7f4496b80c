// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-size's answer as data: the breakdown at the requested GPU count, every catalog GPU with
// the count it needs, and the run's FLOPs, hours and cost per GPU at the catalog's or a given
// price; a request that determines nothing is refused.

#include "sizing/sizingcommandline.h"
#include "sizing/sizingreport.h"

#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtTest/QtTest>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

// The built-in catalog with the B300's TFLOPS unpublished: what everx-size says of a GPU whose
// maker publishes no dense BF16 figure.
const GpuCatalog &withUnpublishedB300()
{
    static const GpuCatalog catalog = [] {
        QFile file(u":/everx/gpus.json"_s);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("no built-in catalog");
        QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        QJsonArray gpus = root.value(u"gpus").toArray();
        QJsonObject b300 = gpus.at(0).toObject();
        b300.insert(u"bf16DenseTflops"_s, QJsonValue());
        gpus.replace(0, b300);
        root.insert(u"gpus"_s, gpus);
        return *GpuCatalog::fromJson(QJsonDocument(root).toJson());
    }();
    return catalog;
}

std::optional<SizingReport> report(QStringList arguments, QString *error = nullptr,
                                   const GpuCatalog &catalog = GpuCatalog::builtIn())
{
    SizingCommandLine commandLine;
    arguments.prepend(u"everx-size"_s);
    QString message;
    const std::optional<SizingRequest> q = commandLine.parse(arguments, &message);
    if (!q) {
        if (error)
            *error = message;
        return std::nullopt;
    }
    std::optional<SizingReport> r = SizingReport::compute(*q, catalog, &message);
    if (error)
        *error = message;
    return r;
}

const SizingReport::GpuRow &row(const SizingReport &r, QStringView gpu)
{
    return r.gpus.at(GpuCatalog::builtIn().indexOf(gpu));
}

} // namespace

class TestSizingReport final : public QObject
{
    Q_OBJECT

private slots:
    void everyGpuOfTheCatalog();
    void partialShapeHasNoCounts();
    void runAtTheCatalogPrices();
    void runAtAGivenPrice();
    void runWithoutACount();
    void refusesWhatDeterminesNothing();
};

void TestSizingReport::everyGpuOfTheCatalog()
{
    QString error;
    const std::optional<SizingReport> r =
        report({u"--model"_s, u"llama-3.1-70b"_s, u"--method"_s, u"qlora"_s, u"--seq"_s, u"8192"_s,
                u"--batch"_s, u"1"_s},
               &error);
    QVERIFY2(r, qPrintable(error));
    QCOMPARE(r->breakdown.total(), std::optional<qint64>(72'213'902'952));
    QCOMPARE(r->gpus.size(), GpuCatalog::builtIn().size());
    for (qsizetype i = 0; i < r->gpus.size(); ++i) {
        const SizingReport::GpuRow &g = r->gpus.at(i);
        QCOMPARE(g.gpu, &GpuCatalog::builtIn().gpus().at(i));
        QCOMPARE(g.memoryBytes, g.gpu->memoryGb * Sizing::BytesPerGb);
        QCOMPARE(g.gpusNeeded,
                 Sizing::gpusNeeded(r->request.shape, r->request.workload, g.memoryBytes));
        QCOMPARE(g.fitsOnOne, std::optional<bool>(g.gpusNeeded == 1));
        QCOMPARE(g.price, g.gpu->fromPriceCents);
        QVERIFY(!g.run.gpuHours); // no tokens, no run
    }
    QCOMPARE(row(*r, u"rtx-4090").gpusNeeded, std::optional<int>(11));
    QCOMPARE(r->quickBytes, std::optional<qint64>(70'553'706'496)); // 1.0 B/param
    QVERIFY(!r->hasRun());
    QVERIFY(!r->flops);
    QCOMPARE(r->notes, r->breakdown.notes); // nothing derived from a preset
}

void TestSizingReport::partialShapeHasNoCounts()
{
    const std::optional<SizingReport> r =
        report({u"--method"_s, u"inference"_s, u"--layers"_s, u"80"_s, u"--heads"_s, u"64"_s,
                u"--kv-heads"_s, u"8"_s, u"--head-dim"_s, u"128"_s, u"--hidden"_s, u"8192"_s,
                u"--seq"_s, u"4096"_s, u"--batch"_s, u"4"_s, u"--kv-bytes"_s, u"2"_s});
    QVERIFY(r);
    QCOMPARE(r->breakdown.kvCache, 5'368'709'120);
    QCOMPARE(r->breakdown.total(), std::nullopt);
    for (const SizingReport::GpuRow &g : r->gpus) {
        QCOMPARE(g.gpusNeeded, std::nullopt);
        QCOMPARE(g.fitsOnOne, std::nullopt);
        QCOMPARE(g.quickGpusNeeded, std::nullopt);
    }
    QCOMPARE(r->quickBytes, std::nullopt);
}

void TestSizingReport::runAtTheCatalogPrices()
{
    // Llama 2 7B pretrained on 2T tokens: 6 x 6,738,415,616 x 2 x 10^12 = 8.09e22 FLOPs; on A100
    // SXM at 40% of 312 TFLOPS 179,979 GPU-hours (Touvron et al. 2023 report 184,320), at the
    // catalog's $1.79: $322,162.50.
    QString error;
    const std::optional<SizingReport> r =
        report({u"--model"_s, u"llama-2-7b"_s, u"--tokens"_s, u"2T"_s}, &error);
    QVERIFY2(r, qPrintable(error));
    QVERIFY(r->hasRun());
    QCOMPARE(r->flops, std::optional<double>(6.0 * 6'738'415'616 * 2e12));
    const SizingReport::GpuRow &a100 = row(*r, u"a100-sxm");
    QCOMPARE(a100.price, 179);
    QVERIFY(qAbs(*a100.run.gpuHours - 179'979.0) < 1.0);
    QCOMPARE(a100.gpusNeeded, std::optional<int>(2));
    QVERIFY(qAbs(*a100.run.wallHours - *a100.run.gpuHours / 2) < 1e-6);
    QCOMPARE(a100.run.cost, Sizing::runCost(179, *a100.run.gpuHours));
    QCOMPARE(*a100.run.cost / 100, 322'162);
    // The B300 at 2,250 TFLOPS (NVIDIA's HGX specifications): timed and costed.
    QVERIFY(row(*r, u"b300").run.cost);
    // A GPU without a published TFLOPS figure: no time, no cost.
    const std::optional<SizingReport> unpublished = report(
        {u"--model"_s, u"llama-2-7b"_s, u"--tokens"_s, u"2T"_s}, &error, withUnpublishedB300());
    QVERIFY2(unpublished, qPrintable(error));
    const SizingReport::GpuRow &b300 = unpublished->gpus.at(0);
    QCOMPARE(b300.gpu->id, u"b300"_s);
    QVERIFY(!b300.run.gpuHours && !b300.run.wallHours && !b300.run.cost);
    QCOMPARE(b300.price, 899);
    // The notes say which FLOP count and utilisation applied.
    const QString notes = r->notes.join(u'\n');
    QVERIFY(notes.contains(u"6 x parameters x tokens"));
    QVERIFY(notes.contains(u"Kaplan et al. 2020"));
    QVERIFY(notes.contains(u"40% MFU"));
    QVERIFY(notes.contains(u"catalog \"from\" price"));
}

void TestSizingReport::runAtAGivenPrice()
{
    const std::optional<SizingReport> r =
        report({u"--model"_s, u"llama-3.1-8b"_s, u"--method"_s, u"lora"_s, u"--tokens"_s, u"100M"_s,
                u"--price"_s, u"2.00"_s, u"--mfu"_s, u"50%"_s});
    QVERIFY(r);
    for (const SizingReport::GpuRow &g : r->gpus)
        QCOMPARE(g.price, 200);
    // (6 x 8,030,261,248 + 6 x 41,943,040) x 10^8 / (989 x 10^12 x 0.5 x 3600) = 2.72 h.
    const SizingReport::GpuRow &h100 = row(*r, u"h100-sxm");
    const double hours = (6.0 * 8'030'261'248 + 6.0 * 41'943'040) * 1e8 / (989e12 * 0.5 * 3600);
    QVERIFY(qAbs(*h100.run.gpuHours - hours) < 1e-9);
    QCOMPARE(h100.run.cost, std::optional<Cents>(544)); // 2.72058 h x $2.00
    QVERIFY(r->notes.join(u'\n').contains(u"the price given"));
}

void TestSizingReport::runWithoutACount()
{
    const std::optional<SizingReport> r =
        report({u"--method"_s, u"inference"_s, u"--layers"_s, u"80"_s, u"--heads"_s, u"64"_s,
                u"--kv-heads"_s, u"8"_s, u"--hidden"_s, u"8192"_s, u"--seq"_s, u"4096"_s,
                u"--batch"_s, u"4"_s, u"--tokens"_s, u"1M"_s});
    QVERIFY(r);
    QVERIFY(r->hasRun());
    QVERIFY(!r->flops);
    QVERIFY(!row(*r, u"h100-sxm").run.gpuHours);
    QVERIFY(r->notes.join(u'\n').contains(u"need the parameter count"));
}

void TestSizingReport::refusesWhatDeterminesNothing()
{
    QString error;
    // No count, and a shape that determines no component without --seq and --batch.
    QVERIFY(
        !report({u"--layers"_s, u"80"_s, u"--hidden"_s, u"8192"_s, u"--heads"_s, u"64"_s}, &error));
    QVERIFY2(error.startsWith(u"no model"), qPrintable(error));
    QVERIFY(!report({u"--method"_s, u"full"_s}, &error));
    QVERIFY(error.startsWith(u"no model"));
    // The sizing model's own refusals come through.
    QVERIFY(!report({u"--model"_s, u"llama-3.1-70b"_s, u"--tp"_s, u"3"_s, u"--gpus"_s, u"3"_s},
                    &error));
    QVERIFY(error.contains(u"--tp 3"));
}

QTEST_GUILESS_MAIN(TestSizingReport)
#include "tst_sizingreport.moc"
