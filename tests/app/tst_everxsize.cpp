// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-size as scripts use it: --help, the JSON keys, partial shapes, a run's time and cost,
// --max-model, and bad input refused with exit status 2 and nothing on stdout. The parser, the
// report and both writers have their own unit tests (tests/models/sizing); this is the binary.

#include "market/gpucatalog.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QProcess>
#include <QtTest/QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(EVERX_SIZE), args);
    Run r;
    if (!p.waitForFinished(30'000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QJsonObject runJson(const QStringList &args, QString *problem)
{
    const Run r = run(args + QStringList {u"--json"_s});
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    if (r.exitCode != 0 || error.error != QJsonParseError::NoError || !doc.isObject())
        *problem =
            u"exit %1, %2: %3"_s.arg(r.exitCode).arg(error.errorString(), QString::fromUtf8(r.err));
    return doc.object();
}

} // namespace

class TestEverxSize final : public QObject
{
    Q_OBJECT

private slots:
    void helpExplainsInputsAndAssumptions();
    void manPageNamesEveryOption();
    void jsonHasThePerGpuBreakdownAndEveryGpu();
    void jsonCountsActivationsOnlyWithRunShape();
    void jsonInference();
    void jsonPartialShape();
    void jsonRun();
    void textOutput();
    void version();
    void maxModelHasFifteenRows();
    void maxModelJson();
    void refusesBadInput_data();
    void refusesBadInput();
};

void TestEverxSize::helpExplainsInputsAndAssumptions()
{
    const Run r = run({u"--help"_s});
    QCOMPARE(r.exitCode, 0);
    const QString help = QString::fromUtf8(r.out);
    for (const auto option :
         {u"--params",     u"--model",  u"--method",       u"--gpus",    u"--strategy",
          u"--grad-bytes", u"--layers", u"--hidden",       u"--heads",   u"--kv-heads",
          u"--head-dim",   u"--vocab",  u"--seq",          u"--batch",   u"--recompute",
          u"--tp",         u"--sp",     u"--kv-bytes",     u"--json",    u"--max-model",
          u"--lora-rank",  u"--ffn",    u"--lora-targets", u"--reserve", u"--tokens",
          u"--mfu",        u"--price"}) {
        // Its own line in the option list, not only a mention in the text.
        const QRegularExpression line(u"^  (-., )?%1( <[^>]+>)?(\\s|$)"_s.arg(
                                          QRegularExpression::escape(QString::fromUtf16(option))),
                                      QRegularExpression::MultilineOption);
        QVERIFY2(help.contains(line), qPrintable(QString::fromUtf16(option)));
    }
    // Every value of the enumerated options and the assumptions with their sources.
    for (const auto text : {u"full",
                            u"lora",
                            u"qlora",
                            u"inference",
                            u"ddp",
                            u"zero1",
                            u"zero2",
                            u"zero3",
                            u"fsdp",
                            u"none",
                            u"selective",
                            u"80%",
                            u"16 B/param",
                            u"2.5 B/param",
                            u"1.0 B/param",
                            u"Rajbhandari et al. 2020",
                            u"ZeRO",
                            u"Korthikanti et al. 2022",
                            u"sbh(34 + 5as/h)",
                            u"Dettmers et al. 2023",
                            u"0.127",
                            u"Hu et al. 2021",
                            u"kv_heads",
                            u"rule of thumb",
                            u"20%",
                            u"llama-3.1-70b",
                            u"mixtral-8x7b",
                            u"gemma-2-27b",
                            u"Exit status",
                            u"7e9",
                            u"1.5T",
                            u"12 L h^2 + V h",
                            u"Kaplan et al. 2020",
                            u"Narayanan et al. 2021",
                            u"Transformer Math 101",
                            u"39,976,960",
                            u"all-linear",
                            u"38-43%",
                            u"46.2%",
                            u"wall-clock hours",
                            u"half to even",
                            u"EXAMPLE",
                            u"--tokens 100M"})
        QVERIFY2(help.contains(QStringView(text)), qPrintable(QString::fromUtf16(text)));
}

void TestEverxSize::manPageNamesEveryOption()
{
    // Every long option in --help's option list has its entry in everx-size(1), so that a new
    // option cannot go undocumented there.
    const Run r = run({u"--help"_s});
    QCOMPARE(r.exitCode, 0);
    QFile man(QStringLiteral(EVERX_SIZE_MAN));
    QVERIFY(man.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(man.readAll());
    const QRegularExpression option(uR"(^  (?:-., )?--([a-z-]+))"_s,
                                    QRegularExpression::MultilineOption);
    int options = 0;
    for (auto it = option.globalMatch(QString::fromUtf8(r.out)); it.hasNext(); ++options) {
        const QString name = it.next().captured(1);
        // In roff an option is written with escaped hyphens: \-\-lora\-targets.
        const QString roff = u"\\-\\-"_s + QString(name).replace(u'-', u"\\-"_s);
        QVERIFY2(page.contains(roff), qPrintable(name));
    }
    QVERIFY(options >= 29);
}

void TestEverxSize::jsonHasThePerGpuBreakdownAndEveryGpu()
{
    QString problem;
    const QJsonObject root = runJson({u"--model"_s, u"llama-3.1-70b"_s, u"--method"_s, u"qlora"_s,
                                      u"--seq"_s, u"8192"_s, u"--batch"_s, u"1"_s},
                                     &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QJsonObject perGpu = root.value(u"per_gpu").toObject();
    const QStringList keys = {u"weights"_s, u"gradients"_s, u"optimizer"_s, u"activations"_s,
                              u"logits"_s,  u"kv_cache"_s,  u"overhead"_s,  u"total"_s};
    QCOMPARE(QStringList(perGpu.keys()).size(), keys.size());
    qint64 sum = 0;
    for (const QString &key : keys) {
        QVERIFY2(perGpu.value(key).isDouble(), qPrintable(key));
        const qint64 bytes = perGpu.value(key).toInteger(-1);
        QVERIFY2(bytes >= 0, qPrintable(key));
        if (key != u"total")
            sum += bytes;
    }
    QCOMPARE(perGpu.value(u"total").toInteger(), sum);
    // The figures of tst_sizing's QLoRA example, through the tool.
    QCOMPARE(perGpu.value(u"activations").toInteger(), 80 * 2 * 8192LL * 8192);
    QCOMPARE(perGpu.value(u"gradients").toInteger(), 2 * 207'093'760LL);
    QCOMPARE(perGpu.value(u"total").toInteger(), 72'213'902'952LL);
    QCOMPARE(root.value(u"adapter_parameters").toInteger(), 207'093'760LL);
    QCOMPARE(root.value(u"workload").toObject().value(u"recompute").toString(), u"full"_s);
    QCOMPARE(root.value(u"model").toObject().value(u"parameters").toInteger(), 70'553'706'496LL);

    const QJsonArray gpus = root.value(u"gpus").toArray();
    const everx::GpuCatalog &catalog = everx::GpuCatalog::builtIn();
    QCOMPARE(gpus.size(), catalog.size());
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const QJsonObject gpu = gpus.at(i).toObject();
        QCOMPARE(gpu.value(u"id").toString(), catalog.gpus().at(i).id);
        QVERIFY(gpu.value(u"fits_on_one").isBool());
        QVERIFY(gpu.value(u"gpus_needed").isDouble() || gpu.value(u"gpus_needed").isNull());
        QCOMPARE(gpu.value(u"memory_bytes").toInteger(),
                 catalog.gpus().at(i).memoryGb * 1'000'000'000LL);
        // Fits on one exactly when one is enough.
        QCOMPARE(gpu.value(u"fits_on_one").toBool(), gpu.value(u"gpus_needed").toInt() == 1);
    }
    // 72.2 GB: an H100 SXM (80 GB) holds it, an RTX A6000 (48 GB) does not.
    QCOMPARE(gpus.at(catalog.indexOf(u"h100-sxm")).toObject().value(u"fits_on_one").toBool(), true);
    QCOMPARE(gpus.at(catalog.indexOf(u"rtx-a6000")).toObject().value(u"fits_on_one").toBool(),
             false);
    QVERIFY(!root.value(u"notes").toArray().isEmpty());
    QCOMPARE(root.value(u"quick").toObject().value(u"bytes_per_param").toDouble(), 1.0);
}

void TestEverxSize::jsonCountsActivationsOnlyWithRunShape()
{
    QString problem;
    // A plain parameter count: model states only.
    QJsonObject root = runJson({u"--params"_s, u"7B"_s, u"--seq"_s, u"4096"_s, u"--batch"_s, u"1"_s,
                                u"--strategy"_s, u"ddp"_s},
                               &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QJsonObject perGpu = root.value(u"per_gpu").toObject();
    QCOMPARE(perGpu.value(u"activations").toInteger(-1), 0);
    QCOMPARE(perGpu.value(u"weights").toInteger(), 14'000'000'000LL);
    QCOMPARE(perGpu.value(u"optimizer").toInteger(), 84'000'000'000LL);
    QCOMPARE(perGpu.value(u"total").toInteger(), 140'000'000'000LL); // 16 B x 7B + 25%
    // A shape on the command line, with a run: activations appear.
    root = runJson({u"--params"_s, u"7e9"_s, u"--layers"_s, u"32"_s, u"--hidden"_s, u"4096"_s,
                    u"--heads"_s, u"32"_s, u"--seq"_s, u"4096"_s, u"--batch"_s, u"1"_s},
                   &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    perGpu = root.value(u"per_gpu").toObject();
    QCOMPARE(perGpu.value(u"activations").toInteger(), 32 * 34 * 4096LL * 4096);
    QCOMPARE(root.value(u"model").toObject().value(u"head_dim").toInt(), 128); // 4096 / 32
    QCOMPARE(root.value(u"model").toObject().value(u"kv_heads").toInt(), 32); // MHA default
    // gpus and strategy as given; fp32 gradients.
    root = runJson({u"--model"_s, u"llama-2-7b"_s, u"--gpus"_s, u"64"_s, u"--strategy"_s, u"fsdp"_s,
                    u"--grad-bytes"_s, u"4"_s},
                   &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(root.value(u"workload").toObject().value(u"strategy").toString(), u"zero3"_s);
    QCOMPARE(root.value(u"per_gpu").toObject().value(u"gradients").toInteger(),
             (4 * 6'738'415'616LL + 63) / 64);
    // Tensor and sequence parallelism: selective activations of 32 layers x 34 sbh / 8.
    root = runJson({u"--model"_s, u"llama-2-7b"_s, u"--gpus"_s, u"8"_s, u"--tp"_s, u"8"_s,
                    u"--sp"_s, u"--seq"_s, u"4096"_s, u"--batch"_s, u"1"_s},
                   &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(root.value(u"per_gpu").toObject().value(u"activations").toInteger(),
             32 * 34 * 4096LL * 4096 / 8);
    QVERIFY(root.value(u"workload").toObject().value(u"sp").toBool());
}

void TestEverxSize::jsonInference()
{
    QString problem;
    const QJsonObject root = runJson({u"--model"_s, u"llama-2-70b"_s, u"--method"_s, u"inference"_s,
                                      u"--seq"_s, u"4096"_s, u"--batch"_s, u"1"_s},
                                     &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(root.value(u"per_gpu").toObject().value(u"kv_cache").toInteger(), 1'342'177'280LL);
    QVERIFY(root.value(u"quick").isNull()); // the seeds give no inference rule
    const QJsonArray gpus = root.value(u"gpus").toArray();
    QCOMPARE(gpus.at(everx::GpuCatalog::builtIn().indexOf(u"h100-sxm"))
                 .toObject()
                 .value(u"gpus_needed")
                 .toInt(),
             3);
}

void TestEverxSize::jsonPartialShape()
{
    // The issue's command: it determines the KV cache, and that is what comes back; the weights
    // and the total are null, and no GPU count is given.
    QString problem;
    const QJsonObject root =
        runJson({u"--method"_s, u"inference"_s, u"--layers"_s, u"80"_s, u"--heads"_s, u"64"_s,
                 u"--kv-heads"_s, u"8"_s, u"--head-dim"_s, u"128"_s, u"--hidden"_s, u"8192"_s,
                 u"--seq"_s, u"4096"_s, u"--batch"_s, u"4"_s, u"--kv-bytes"_s, u"2"_s},
                &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QJsonObject perGpu = root.value(u"per_gpu").toObject();
    QCOMPARE(perGpu.value(u"kv_cache").toInteger(), 5'368'709'120LL);
    QVERIFY(perGpu.value(u"weights").isNull());
    QVERIFY(perGpu.value(u"total").isNull());
    for (const QJsonValue &gpu : root.value(u"gpus").toArray())
        QVERIFY(gpu.toObject().value(u"gpus_needed").isNull());
    QVERIFY(root.value(u"model").toObject().value(u"parameters").isNull());
    // In text: "unknown".
    const Run r = run({u"--method"_s, u"inference"_s, u"--layers"_s, u"80"_s, u"--heads"_s, u"64"_s,
                       u"--kv-heads"_s, u"8"_s, u"--head-dim"_s, u"128"_s, u"--hidden"_s, u"8192"_s,
                       u"--seq"_s, u"4096"_s, u"--batch"_s, u"4"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("  total                   unknown\n"));
}

void TestEverxSize::jsonRun()
{
    // Full training of Llama 2 7B on 2T tokens, at the catalog's prices and at 1.50.
    QString problem;
    QJsonObject root = runJson({u"--model"_s, u"llama-2-7b"_s, u"--tokens"_s, u"2T"_s}, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QJsonObject runObject = root.value(u"run").toObject();
    QCOMPARE(runObject.value(u"flops").toDouble(), 6.0 * 6'738'415'616LL * 2e12);
    const QJsonArray gpus = runObject.value(u"gpus").toArray();
    QCOMPARE(gpus.size(), everx::GpuCatalog::builtIn().size());
    const QJsonObject a100 = gpus.at(everx::GpuCatalog::builtIn().indexOf(u"a100-sxm")).toObject();
    QCOMPARE(a100.value(u"gpu").toString(), u"a100-sxm"_s);
    QVERIFY(qAbs(a100.value(u"gpu_hours").toDouble() - 179'979.05) < 0.01);
    QCOMPARE(a100.value(u"cost").toString(), u"322162.50"_s);
    // B300: 2,250 dense BF16 TFLOPS (NVIDIA's HGX specifications), so it is timed.
    QVERIFY(gpus.at(0).toObject().value(u"gpu_hours").toDouble() > 0);
    root = runJson({u"--model"_s, u"llama-2-7b"_s, u"--tokens"_s, u"2T"_s, u"--price"_s, u"1.50"_s},
                   &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(root.value(u"run")
                 .toObject()
                 .value(u"gpus")
                 .toArray()
                 .at(everx::GpuCatalog::builtIn().indexOf(u"a100-sxm"))
                 .toObject()
                 .value(u"cost")
                 .toString(),
             u"269968.57"_s);
}

void TestEverxSize::version()
{
    const Run r = run({u"--version"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("everx-size "));
    QVERIFY(r.err.isEmpty());
}

void TestEverxSize::textOutput()
{
    const Run r = run({u"--model"_s, u"mistral-7b"_s, u"--method"_s, u"lora"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty());
    const QString text = QString::fromUtf8(r.out);
    for (const auto word : {u"weights", u"gradients", u"optimizer", u"activations", u"logits",
                            u"kv_cache", u"overhead", u"total", u"RTX 4090", u"Notes:"})
        QVERIFY2(text.contains(QStringView(word)), qPrintable(QString::fromUtf16(word)));
}

void TestEverxSize::maxModelHasFifteenRows()
{
    const Run r = run({u"--max-model"_s});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = QString::fromUtf8(r.out).split(u'\n');
    // One row per catalog GPU, starting with its name and showing memory and four cells.
    const QRegularExpression row(uR"(^(.+?)\s+(\d+) GB\s+(\d+ \(\S+\).*){4}$)"_s);
    QStringList names;
    for (const QString &line : lines) {
        const QRegularExpressionMatch m = row.match(line);
        if (m.hasMatch()) {
            names.append(m.captured(1));
            QVERIFY2(!line.contains(u"DIFFERS"), qPrintable(line)); // no cell is flagged
        }
    }
    QStringList expected;
    for (const everx::GpuModel &gpu : everx::GpuCatalog::builtIn().gpus())
        expected.append(gpu.name);
    QCOMPARE(names.size(), 15);
    QCOMPARE(names, expected);
    // The seeds' figures beside the computed ones, and the verdict.
    QVERIFY(lines.contains(u"H200                    141 GB   7 (7)          55 (55)        "
                           u"110 (110)      45 (45)"_s));
    QVERIFY(r.out.contains("36 published cells, 36 reproduced by the rules, 0 differ"));
}

void TestEverxSize::maxModelJson()
{
    QString problem;
    const QJsonObject root = runJson({u"--max-model"_s}, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QJsonArray gpus = root.value(u"gpus").toArray();
    QCOMPARE(gpus.size(), 15);
    QCOMPARE(root.value(u"published_cells").toInt(), 36);
    QCOMPARE(root.value(u"consistent_cells").toInt(), 36);
    QCOMPARE(root.value(u"usable_percent").toInt(), 80);
    const QJsonObject b300 = gpus.at(0).toObject();
    QCOMPARE(b300.value(u"id").toString(), u"b300"_s);
    const QJsonObject full8 = b300.value(u"full_8gpu").toObject();
    QCOMPARE(full8.value(u"computed_billions").toInt(), 110);
    QCOMPARE(full8.value(u"published_billions").toInt(), 110);
    QVERIFY(full8.value(u"consistent").toBool());
    QVERIFY(b300.value(u"qlora").toObject().value(u"published_billions").isNull());
    QCOMPARE(root.value(u"rules")
                 .toObject()
                 .value(u"lora16")
                 .toObject()
                 .value(u"bytes_per_param")
                 .toDouble(),
             2.5);
}

void TestEverxSize::refusesBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message"); // a fragment of the message on stderr

    const QString m = u"--model"_s, l70 = u"llama-3.1-70b"_s;
    QTest::newRow("no model") << QStringList {u"--method"_s, u"full"_s} << u"no model"_s;
    QTest::newRow("unknown model") << QStringList {m, u"gpt-5"_s} << u"unknown model"_s;
    QTest::newRow("negative params") << QStringList {u"--params"_s, u"-7B"_s} << u"--params"_s;
    QTest::newRow("zero params") << QStringList {u"--params"_s, u"0"_s} << u"--params"_s;
    QTest::newRow("params with a bad unit")
        << QStringList {u"--params"_s, u"7Q"_s} << u"--params"_s;
    QTest::newRow("negative seq") << QStringList {m, l70, u"--seq"_s, u"-5"_s} << u"--seq"_s;
    QTest::newRow("seq not a number") << QStringList {m, l70, u"--seq"_s, u"4k"_s} << u"--seq"_s;
    QTest::newRow("negative batch") << QStringList {m, l70, u"--batch"_s, u"-1"_s} << u"--batch"_s;
    QTest::newRow("zero gpus") << QStringList {m, l70, u"--gpus"_s, u"0"_s} << u"--gpus"_s;
    QTest::newRow("tp not dividing heads")
        << QStringList {m, l70, u"--tp"_s, u"3"_s, u"--gpus"_s, u"3"_s} << u"--tp 3"_s;
    QTest::newRow("gpus not a multiple of tp")
        << QStringList {m, l70, u"--tp"_s, u"8"_s, u"--gpus"_s, u"12"_s} << u"multiple of --tp"_s;
    QTest::newRow("kv heads not dividing heads")
        << QStringList {u"--params"_s, u"7B"_s, u"--heads"_s, u"32"_s, u"--kv-heads"_s, u"5"_s}
        << u"--kv-heads"_s;
    QTest::newRow("hidden not a multiple of heads")
        << QStringList {u"--params"_s, u"7B"_s, u"--hidden"_s, u"1000"_s, u"--heads"_s, u"7"_s}
        << u"--head-dim"_s;
    QTest::newRow("unknown method")
        << QStringList {m, l70, u"--method"_s, u"dpo"_s} << u"--method"_s;
    QTest::newRow("unknown strategy")
        << QStringList {m, l70, u"--strategy"_s, u"zero4"_s} << u"--strategy"_s;
    QTest::newRow("grad bytes 3") << QStringList {m, l70, u"--grad-bytes"_s, u"3"_s}
                                  << u"--grad-bytes"_s;
    QTest::newRow("unknown recompute")
        << QStringList {m, l70, u"--recompute"_s, u"half"_s} << u"--recompute"_s;
    QTest::newRow("kv bytes 3") << QStringList {m, l70, u"--kv-bytes"_s, u"3"_s} << u"--kv-bytes"_s;
    QTest::newRow("negative layers")
        << QStringList {m, l70, u"--layers"_s, u"-80"_s} << u"--layers"_s;
    QTest::newRow("zero lora rank")
        << QStringList {m, l70, u"--lora-rank"_s, u"0"_s} << u"--lora-rank"_s;
    QTest::newRow("unknown option") << QStringList {m, l70, u"--bogus"_s} << u"bogus"_s;
    QTest::newRow("missing value") << QStringList {m} << u"model"_s;
    QTest::newRow("positional argument") << QStringList {m, l70, u"extra"_s} << u"extra"_s;
    QTest::newRow("bad input with --json")
        << QStringList {u"--json"_s, u"--params"_s, u"x"_s} << u"--params"_s;
    QTest::newRow("unknown LoRA target")
        << QStringList {m, l70, u"--lora-targets"_s, u"lm_head"_s} << u"--lora-targets"_s;
    QTest::newRow("reserve not a percent")
        << QStringList {m, l70, u"--reserve"_s, u"lots"_s} << u"--reserve"_s;
    QTest::newRow("tokens not a count")
        << QStringList {m, l70, u"--tokens"_s, u"-1"_s} << u"--tokens"_s;
    QTest::newRow("mfu above 1") << QStringList {m, l70, u"--mfu"_s, u"2"_s} << u"--mfu"_s;
    QTest::newRow("price off the cent")
        << QStringList {m, l70, u"--price"_s, u"1.234"_s} << u"--price"_s;
    QTest::newRow("a shape that determines nothing")
        << QStringList {u"--layers"_s, u"80"_s, u"--hidden"_s, u"8192"_s} << u"no model"_s;
}

void TestEverxSize::refusesBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(message), qPrintable(err));
    QVERIFY(err.contains(u"--help"));
}

QTEST_GUILESS_MAIN(TestEverxSize)
#include "tst_everxsize.moc"
