// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-size's JSON, from a report: the keys scripts rely on, integers for bytes and counts,
// null for what the inputs do not determine, money as plain decimal strings, the run per
// catalog GPU by its id; and --max-model's object.

#include "sizing/sizingcommandline.h"
#include "sizing/sizingjsonwriter.h"
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

QJsonObject json(QStringList arguments, const GpuCatalog &catalog = GpuCatalog::builtIn())
{
    SizingCommandLine commandLine;
    arguments.prepend(u"everx-size"_s);
    QString error;
    const std::optional<SizingRequest> q = commandLine.parse(arguments, &error);
    if (!q)
        return {{u"error"_s, error}};
    const std::optional<SizingReport> r = SizingReport::compute(*q, catalog, &error);
    return r ? SizingJsonWriter::report(*r) : QJsonObject {{u"error"_s, error}};
}

QJsonObject gpu(const QJsonArray &rows, const QString &key, const QString &id)
{
    for (const QJsonValue &row : rows) {
        if (row.toObject().value(key).toString() == id)
            return row.toObject();
    }
    return {};
}

} // namespace

class TestSizingJsonWriter final : public QObject
{
    Q_OBJECT

private slots:
    void keys();
    void nullWhereUnknown();
    void run();
    void maxModel();
};

void TestSizingJsonWriter::keys()
{
    const QJsonObject root = json({u"--model"_s, u"llama-3.1-70b"_s, u"--method"_s, u"qlora"_s,
                                   u"--seq"_s, u"8192"_s, u"--batch"_s, u"1"_s});
    QVERIFY2(!root.contains(u"error"), qPrintable(root.value(u"error").toString()));
    QCOMPARE(QStringList(root.keys()),
             (QStringList {u"adapter_parameters"_s, u"gpus"_s, u"model"_s, u"notes"_s, u"per_gpu"_s,
                           u"quantised_parameters"_s, u"quick"_s, u"run"_s, u"workload"_s}));
    const QJsonObject perGpu = root.value(u"per_gpu").toObject();
    QCOMPARE(QStringList(perGpu.keys()),
             (QStringList {u"activations"_s, u"gradients"_s, u"kv_cache"_s, u"logits"_s,
                           u"optimizer"_s, u"overhead"_s, u"total"_s, u"weights"_s}));
    QCOMPARE(perGpu.value(u"total").toInteger(), 72'213'902'952);
    QCOMPARE(root.value(u"adapter_parameters").toInteger(), 207'093'760);
    const QJsonObject model = root.value(u"model").toObject();
    QCOMPARE(model.value(u"id").toString(), u"llama-3.1-70b"_s);
    QCOMPARE(model.value(u"parameters").toInteger(), 70'553'706'496);
    QCOMPARE(model.value(u"parameters_origin").toString(), u"given"_s);
    const QJsonObject w = root.value(u"workload").toObject();
    QCOMPARE(w.value(u"method").toString(), u"qlora"_s);
    QCOMPARE(w.value(u"recompute").toString(), u"full"_s);
    QCOMPARE(w.value(u"reserve_percent").toInt(), 25);
    QCOMPARE(w.value(u"lora_targets").toArray(),
             (QJsonArray {u"q"_s, u"k"_s, u"v"_s, u"o"_s, u"gate"_s, u"up"_s, u"down"_s}));
    QCOMPARE(root.value(u"gpus").toArray().size(), 15);
    const QJsonObject h100 = gpu(root.value(u"gpus").toArray(), u"id"_s, u"h100-sxm"_s);
    QCOMPARE(h100.value(u"gpus_needed").toInt(), 1);
    QCOMPARE(h100.value(u"fits_on_one").toBool(), true);
    QVERIFY(root.value(u"run").isNull()); // no tokens
    QVERIFY(!root.value(u"notes").toArray().isEmpty());
    // Full training has no adapters: 0, not null.
    QCOMPARE(json({u"--model"_s, u"mistral-7b"_s}).value(u"adapter_parameters").toInteger(-1), 0);
}

void TestSizingJsonWriter::nullWhereUnknown()
{
    // The command, word for word.
    const QJsonObject root =
        json({u"--method"_s, u"inference"_s, u"--layers"_s, u"80"_s, u"--heads"_s, u"64"_s,
              u"--kv-heads"_s, u"8"_s, u"--head-dim"_s, u"128"_s, u"--hidden"_s, u"8192"_s,
              u"--seq"_s, u"4096"_s, u"--batch"_s, u"4"_s, u"--kv-bytes"_s, u"2"_s});
    QVERIFY2(!root.contains(u"error"), qPrintable(root.value(u"error").toString()));
    const QJsonObject perGpu = root.value(u"per_gpu").toObject();
    QCOMPARE(perGpu.value(u"kv_cache").toInteger(), 5'368'709'120);
    for (const char16_t *key : {u"weights", u"overhead", u"total"})
        QVERIFY2(perGpu.value(QStringView(key)).isNull(), qPrintable(QString::fromUtf16(key)));
    QCOMPARE(perGpu.value(u"gradients").toInteger(-1), 0); // inference: none, known
    const QJsonObject model = root.value(u"model").toObject();
    QVERIFY(model.value(u"parameters").isNull());
    QCOMPARE(model.value(u"parameters_origin").toString(), u"unknown"_s);
    QCOMPARE(model.value(u"kv_heads").toInt(), 8);
    QVERIFY(model.value(u"vocab").isNull());
    for (const QJsonValue &row : root.value(u"gpus").toArray()) {
        QVERIFY(row.toObject().value(u"gpus_needed").isNull());
        QVERIFY(row.toObject().value(u"fits_on_one").isNull());
        QVERIFY(row.toObject().value(u"quick_gpus_needed").isNull());
    }
    QVERIFY(root.value(u"quick").isNull());
    QCOMPARE(root.value(u"workload").toObject().value(u"reserve_percent").toInt(), 20);
    // An estimated count is labelled.
    QCOMPARE(json({u"--layers"_s, u"96"_s, u"--hidden"_s, u"12288"_s, u"--heads"_s, u"96"_s,
                   u"--vocab"_s, u"50257"_s})
                 .value(u"model")
                 .toObject()
                 .value(u"parameters_origin")
                 .toString(),
             u"estimated"_s);
}

void TestSizingJsonWriter::run()
{
    const QJsonObject root =
        json({u"--model"_s, u"llama-3.1-8b"_s, u"--method"_s, u"lora"_s, u"--seq"_s, u"4096"_s,
              u"--batch"_s, u"1"_s, u"--tokens"_s, u"100M"_s});
    const QJsonObject run = root.value(u"run").toObject();
    QCOMPARE(QStringList(run.keys()),
             (QStringList {u"flops"_s, u"flops_per_parameter"_s, u"gpus"_s, u"mfu"_s,
                           u"price_source"_s, u"tokens"_s}));
    QCOMPARE(run.value(u"tokens").toInteger(), 100'000'000);
    QCOMPARE(run.value(u"mfu").toDouble(), 0.4);
    QCOMPARE(run.value(u"flops").toDouble(), 6.0 * 8'030'261'248 * 1e8 + 6.0 * 41'943'040 * 1e8);
    QCOMPARE(run.value(u"flops_per_parameter").toInt(), 6); // LoRA, gradient checkpointing
    QCOMPARE(run.value(u"price_source").toString(), u"catalog_from"_s);
    const QJsonArray rows = run.value(u"gpus").toArray();
    QCOMPARE(rows.size(), 15);
    const QJsonObject h100 = gpu(rows, u"gpu"_s, u"h100-sxm"_s);
    QCOMPARE(QStringList(h100.keys()),
             (QStringList {u"cost"_s, u"dense_bf16_tflops"_s, u"gpu"_s, u"gpu_hours"_s, u"gpus"_s,
                           u"name"_s, u"price"_s, u"wall_hours"_s}));
    QCOMPARE(h100.value(u"dense_bf16_tflops").toInt(), 989);
    QVERIFY(qAbs(h100.value(u"gpu_hours").toDouble() - 3.4008) < 1e-4);
    QCOMPARE(h100.value(u"wall_hours").toDouble(), h100.value(u"gpu_hours").toDouble());
    QCOMPARE(h100.value(u"price").toString(), u"2.88"_s);
    QCOMPARE(h100.value(u"cost").toString(), u"9.79"_s);
    QCOMPARE(gpu(rows, u"gpu"_s, u"b300"_s).value(u"dense_bf16_tflops").toInt(), 2250);
    // Without a published TFLOPS figure: null, and a note that says so.
    const QJsonObject b300 =
        gpu(json({u"--model"_s, u"llama-3.1-8b"_s, u"--method"_s, u"lora"_s, u"--seq"_s, u"4096"_s,
                  u"--batch"_s, u"1"_s, u"--tokens"_s, u"100M"_s},
                 withUnpublishedB300())
                .value(u"run")
                .toObject()
                .value(u"gpus")
                .toArray(),
            u"gpu"_s, u"b300"_s);
    for (const char16_t *key : {u"dense_bf16_tflops", u"gpu_hours", u"wall_hours", u"cost"})
        QVERIFY2(b300.value(QStringView(key)).isNull(), qPrintable(QString::fromUtf16(key)));
    QVERIFY(b300.value(u"note").toString().contains(u"not published"));
    // At a given price.
    const QJsonObject priced = json({u"--model"_s, u"llama-3.1-8b"_s, u"--method"_s, u"lora"_s,
                                     u"--tokens"_s, u"100M"_s, u"--price"_s, u"1.50"_s})
                                   .value(u"run")
                                   .toObject();
    QCOMPARE(priced.value(u"price_source").toString(), u"given"_s);
    QCOMPARE(gpu(priced.value(u"gpus").toArray(), u"gpu"_s, u"b300"_s).value(u"price").toString(),
             u"1.50"_s);
}

void TestSizingJsonWriter::maxModel()
{
    const QJsonObject root = SizingJsonWriter::maxModel(GpuCatalog::builtIn());
    QCOMPARE(root.value(u"published_cells").toInt(), 36);
    QCOMPARE(root.value(u"consistent_cells").toInt(), 36);
    QCOMPARE(root.value(u"usable_percent").toInt(), 80);
    const QJsonObject b300 = root.value(u"gpus").toArray().at(0).toObject();
    QCOMPARE(b300.value(u"id").toString(), u"b300"_s);
    QCOMPARE(b300.value(u"full_8gpu").toObject().value(u"computed_billions").toInt(), 110);
    QVERIFY(b300.value(u"qlora").toObject().value(u"published_billions").isNull());
    QCOMPARE(root.value(u"rules")
                 .toObject()
                 .value(u"lora16")
                 .toObject()
                 .value(u"bytes_per_param")
                 .toDouble(),
             2.5);
}

QTEST_GUILESS_MAIN(TestSizingJsonWriter)
#include "tst_sizingjsonwriter.moc"
