// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-size's text output, from a report: the header, the breakdown in bytes and GB with
// "unknown" where the inputs do not determine a figure, the GPU table, the run's hours and cost
// per GPU, the notes; and --max-model's table beside the seeds' figures.

#include "sizing/sizingcommandline.h"
#include "sizing/sizingreport.h"
#include "sizing/sizingtextwriter.h"

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

QString text(QStringList arguments, const GpuCatalog &catalog = GpuCatalog::builtIn())
{
    SizingCommandLine commandLine;
    arguments.prepend(u"everx-size"_s);
    QString error;
    const std::optional<SizingRequest> q = commandLine.parse(arguments, &error);
    if (!q)
        return u"parse: "_s + error;
    const std::optional<SizingReport> r = SizingReport::compute(*q, catalog, &error);
    return r ? SizingTextWriter::report(*r) : u"compute: "_s + error;
}

// The line that starts with start, or an empty string.
QString lineStarting(const QString &text, const QString &start)
{
    for (const QString &line : text.split(u'\n')) {
        if (line.startsWith(start))
            return line;
    }
    return {};
}

} // namespace

class TestSizingTextWriter final : public QObject
{
    Q_OBJECT

private slots:
    void breakdownAndGpus();
    void unknownFigures();
    void run();
    void maxModel();
};

void TestSizingTextWriter::breakdownAndGpus()
{
    const QString t = text({u"--model"_s, u"llama-3.1-70b"_s, u"--method"_s, u"qlora"_s, u"--seq"_s,
                            u"8192"_s, u"--batch"_s, u"1"_s});
    QVERIFY2(t.startsWith(u"Llama 3.1 70B (llama-3.1-70b), 70,553,706,496 parameters; qlora, 1 "
                          u"GPU(s), rank 16 on q,k,v,o,gate,up,down, zero3, tp 1, recompute "
                          u"full, seq 8,192, batch 1\n"),
             qPrintable(t));
    QCOMPARE(lineStarting(t, u"  total"_s), u"  total            72,213,902,952     72.21"_s);
    QCOMPARE(lineStarting(t, u"  activations"_s), u"  activations      10,737,418,240     10.74"_s);
    // The seeds' quick rule, 1.0 B/param within 80% of memory, asks for two of them.
    QCOMPARE(lineStarting(t, u"H100 SXM"_s),
             u"H100 SXM                80 GB    1            yes          2"_s);
    QCOMPARE(lineStarting(t, u"RTX 4090"_s),
             u"RTX 4090                24 GB    11           no           4"_s);
    QVERIFY(t.contains(u"\nQuick rule (seeds): 70,553,706,496 bytes, 1.0 B/param"));
    QVERIFY(t.contains(u"\nNotes:\n  - "));
    QVERIFY(!t.contains(u"\nRun:")); // no tokens, no run
    QVERIFY(!t.contains(u"unknown"));
}

void TestSizingTextWriter::unknownFigures()
{
    // The KV-cache question: the cache in bytes, what needs a count "unknown", and no
    // GPU counts.
    const QString t =
        text({u"--method"_s, u"inference"_s, u"--layers"_s, u"80"_s, u"--heads"_s, u"64"_s,
              u"--kv-heads"_s, u"8"_s, u"--head-dim"_s, u"128"_s, u"--hidden"_s, u"8192"_s,
              u"--seq"_s, u"4096"_s, u"--batch"_s, u"4"_s, u"--kv-bytes"_s, u"2"_s});
    QVERIFY2(t.startsWith(u"unknown parameter count; inference, 1 GPU(s), seq 4,096, batch 4\n"),
             qPrintable(t));
    QCOMPARE(lineStarting(t, u"  kv_cache"_s), u"  kv_cache          5,368,709,120      5.37"_s);
    QCOMPARE(lineStarting(t, u"  weights"_s), u"  weights                 unknown"_s);
    QCOMPARE(lineStarting(t, u"  overhead"_s), u"  overhead                unknown"_s);
    QCOMPARE(lineStarting(t, u"  total"_s), u"  total                   unknown"_s);
    QCOMPARE(lineStarting(t, u"H100 SXM"_s),
             u"H100 SXM                80 GB    unknown      unknown      -"_s);
    // An estimated count says so in the header.
    const QString e = text({u"--layers"_s, u"80"_s, u"--hidden"_s, u"8192"_s, u"--heads"_s, u"64"_s,
                            u"--vocab"_s, u"32000"_s});
    QVERIFY2(e.startsWith(u"about 64,686,653,440 parameters (estimated from the shape); full"),
             qPrintable(e));
}

void TestSizingTextWriter::run()
{
    // --help's example: LoRA on Llama 3.1 8B over 100M tokens at the catalog's prices.
    const QString t = text({u"--model"_s, u"llama-3.1-8b"_s, u"--method"_s, u"lora"_s, u"--seq"_s,
                            u"4096"_s, u"--batch"_s, u"1"_s, u"--tokens"_s, u"100M"_s});
    QVERIFY2(t.contains(u"\nRun: 100,000,000 tokens, 4.843e+18 FLOPs, 40% MFU, at each GPU's "
                        u"catalog \"from\" price\n"),
             qPrintable(t));
    QVERIFY(t.contains(u"\nGPU                     TFLOPS  GPUs  GPU-hours    Wall hours   "
                       u"Price/GPU-h  Cost\n"));
    QCOMPARE(
        lineStarting(t, u"H100 SXM                989"_s),
        u"H100 SXM                989     1     3.40         3.40         $2.88        $9.79"_s);
    QCOMPARE(
        lineStarting(t, u"A100 SXM                312"_s),
        u"A100 SXM                312     1     10.8         10.8         $1.79        $19.30"_s);
    // Every GPU of the catalog is timed now, the fine-tuning page's cards too: 4.84e18 FLOPs at
    // 40% of 165 TFLOPS on two RTX 4090 (LoRA on 24 GB needs two).
    QCOMPARE(
        lineStarting(t, u"B300                    2,250"_s),
        u"B300                    2,250   1     1.49         1.49         $8.99        $13.44"_s);
    QCOMPARE(
        lineStarting(t, u"RTX 4090                165"_s),
        u"RTX 4090                165     2     20.4         10.2         $0.33        $6.73"_s);
    // A GPU whose maker publishes no dense BF16 figure says so.
    const QString unpublished =
        text({u"--model"_s, u"llama-3.1-8b"_s, u"--method"_s, u"lora"_s, u"--seq"_s, u"4096"_s,
              u"--batch"_s, u"1"_s, u"--tokens"_s, u"100M"_s},
             withUnpublishedB300());
    QCOMPARE(lineStarting(unpublished, u"B300                    -"_s),
             u"B300                    -       1     dense BF16 TFLOPS not published: no time or "
             u"cost"_s);
    // The figures --help quotes for this example are the ones the tool prints.
    const QString help = SizingCommandLine::description();
    for (const char16_t *figure : {u"4.84e18", u"3.40", u"$9.79", u"10.8", u"$19.30"})
        QVERIFY2(help.contains(QStringView(figure)), qPrintable(QString::fromUtf16(figure)));
    // A given price, for every GPU.
    const QString priced = text({u"--model"_s, u"llama-3.1-8b"_s, u"--method"_s, u"lora"_s,
                                 u"--tokens"_s, u"100M"_s, u"--price"_s, u"2"_s});
    QVERIFY(priced.contains(u", at $2.00 per GPU-hour\n"));
}

void TestSizingTextWriter::maxModel()
{
    const QString t = SizingTextWriter::maxModel(GpuCatalog::builtIn());
    QVERIFY(
        t.split(u'\n').contains(u"H200                    141 GB   7 (7)          55 (55)        "
                                u"110 (110)      45 (45)"_s));
    QVERIFY(t.contains(u"36 published cells, 36 reproduced by the rules, 0 differ"));
    int rows = 0;
    for (const GpuModel &gpu : GpuCatalog::builtIn().gpus()) {
        const QString line = lineStarting(t, gpu.name + u' ');
        QVERIFY2(!line.isEmpty() && !line.contains(u"DIFFERS"), qPrintable(gpu.name));
        ++rows;
    }
    QCOMPARE(rows, 15);
}

QTEST_GUILESS_MAIN(TestSizingTextWriter)
#include "tst_sizingtextwriter.moc"
