// everx-size: how much GPU memory an LLM workload needs and how many GPUs of each catalog model
// it takes (issue 5). Sizing only; no prices (the workload wizard adds live prices).
// Scripts rely on the interface: the options, the JSON keys, exit status 2 on bad input with
// nothing on stdout.

#include "everx/version.h"
#include "market/gpucatalog.h"
#include "sizing/modelpreset.h"
#include "sizing/sizing.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QCoreApplication>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QLocale>
#include <QtCore/QTextStream>

#include <cstdlib>

using namespace everx;

namespace {

constexpr int ExitBadInput = 2;

// Bad input: one message on stderr, nothing on stdout, exit status 2.
[[noreturn]] void badInput(const QString &message)
{
    QTextStream err(stderr);
    err << QCoreApplication::applicationName() << QStringLiteral(": ") << message
        << QStringLiteral("\nTry '") << QCoreApplication::applicationName()
        << QStringLiteral(" --help'.\n");
    err.flush();
    std::exit(ExitBadInput);
}

QString grouped(qint64 n)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(n);
}

QString gigabytes(qint64 bytes)
{
    return QLocale::c().toString(double(bytes) / double(Sizing::BytesPerGb), 'f', 2);
}

// 16, 2.5, 1.0: bytes per parameter from thousandths, with the tenths the rules use.
QString constant(qint64 milliBytes)
{
    const int decimals = milliBytes >= 10'000 && milliBytes % 1000 == 0 ? 0 : 1;
    return QLocale::c().toString(double(milliBytes) / 1000.0, 'f', decimals);
}

QString presetList()
{
    QStringList ids;
    for (const ModelPreset &preset : ModelPreset::builtIn())
        ids.append(preset.id);
    return ids.join(QStringLiteral(", "));
}

// Wraps a paragraph at width columns: the first line indented by indent, the others by hang.
// A no-break space (U+00A0) keeps a citation or formula on one line and prints as a space.
QString wrap(const QString &text, int indent, int hang, int width = 80)
{
    QString result, line = QString(indent, u' ');
    bool lineHasWord = false;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        if (lineHasWord && line.size() + 1 + word.size() > width) {
            result += line + u'\n';
            line = QString(hang, u' ');
            lineHasWord = false;
        }
        if (lineHasWord)
            line += u' ';
        line += word;
        lineHasWord = true;
    }
    result += line + u'\n';
    return result.replace(QChar(0x00a0), u' ');
}

// The --help text: inputs, assumptions and the source of every formula.
QString description()
{
    const auto rule = [](Sizing::Method m) {
        return Sizing::quickRule(m)->why;
    };
    const auto item = [](const QString &text) {
        return wrap(text, 2, 4);
    };
    QString d;
    d += wrap(QStringLiteral("Sizes GPU memory for training, fine-tuning or serving a large "
                             "language model, and lists for every GPU of the catalog how many "
                             "it needs. No prices here: the workload wizard adds live prices."),
              0, 0);
    d += QStringLiteral("\nINPUTS\n");
    d += item(QStringLiteral(
        "The model: --model NAME (a preset shape) or --params COUNT (7e9, 7B, 70b, 1.5T, 350M), "
        "with the shape options to add or override fields. Without --params, a full shape "
        "(--layers --hidden --heads --ffn --vocab) gives a Llama-style count. --kv-heads "
        "defaults to --heads, --head-dim to hidden / heads."));
    d += item(QStringLiteral("Presets: %1. Mixtral: all experts' weights are resident and "
                             "counted (46.7B, not the 12.9B a token uses).")
                  .arg(presetList()));
    d += item(QStringLiteral(
        "The run: --method, --seq and --batch (micro-batch per GPU), --gpus, --strategy, --tp, "
        "--sp, --recompute. Memory is in bytes; GB = 10^9 bytes, as vendors count."));
    d += QStringLiteral("\nQUICK MODE (--max-model, and the \"quick\" figures)\n");
    d += item(QStringLiteral("The seed pages' rules, counting 80% of memory:"));
    d += wrap(QStringLiteral("full: ") + rule(Sizing::Method::Full), 4, 6);
    d += wrap(QStringLiteral("lora: ") + rule(Sizing::Method::Lora), 4, 6);
    d += wrap(QStringLiteral("qlora: ") + rule(Sizing::Method::Qlora), 4, 6);
    d += item(QStringLiteral(
        "Largest model = 0.8 x memory / bytes per parameter, rounded down as the seed tables "
        "round: whole billions below 10B, steps of 5B to 99B, steps of 10B from 100B. "
        "--max-model prints it for every GPU next to the seeds' published figure and flags "
        "any published cell that the rule does not reproduce."));
    d += QStringLiteral("\nDETAILED MODE (the per-GPU breakdown), each term from a published "
                        "source\n");
    d += item(QStringLiteral(
        "weights, gradients, optimizer: mixed-precision AdamW keeps 2 B fp16/bf16 weights + "
        "2 B gradients (--grad-bytes 4: fp32) + 12 B optimizer states (fp32 master copy, "
        "momentum, variance) per parameter: Rajbhandari\u00a0et\u00a0al.\u00a02020, \"ZeRO: "
        "Memory Optimizations Toward Training Trillion Parameter Models\", K\u00a0=\u00a012. "
        "--strategy ddp keeps all of them on every GPU; zero1 shards the optimizer states over "
        "the gpus/tp data-parallel ranks, zero2 the gradients too, zero3 = fsdp (full shard) "
        "the weights too (the default: the seeds' 8-GPU column is full sharding). Tensor "
        "parallelism divides every model state by tp."));
    d += item(QStringLiteral(
        "lora: frozen 16-bit base, without gradients or optimizer states; adapters of rank "
        "--lora-rank (default 16) on the q, k, v, o, gate, up and down projections, "
        "r\u00a0x\u00a0(d_in\u00a0+\u00a0d_out) each (Hu\u00a0et\u00a0al.\u00a02021, \"LoRA\"), "
        "in 16 bit with gradients and 12 B Adam states. Without the projection widths (a "
        "preset has them; or --ffn with the shape): 1% of the parameters at rank 16, a "
        "cautious bound."));
    d += item(QStringLiteral(
        "qlora: the blocks' linear weights in 4-bit NF4 with double quantisation, 4 + 0.127 "
        "bits per parameter (Dettmers\u00a0et\u00a0al.\u00a02023, \"QLoRA: Efficient Finetuning "
        "of Quantized LLMs\"); embeddings, output layer and norms stay 16-bit; adapters as "
        "lora."));
    d += item(QStringLiteral(
        "activations (training), per layer, from Korthikanti\u00a0et\u00a0al.\u00a02022, "
        "\"Reducing Activation Recomputation in Large Transformer Models\": "
        "sbh(34\u00a0+\u00a05as/h) bytes without parallelism; "
        "sbh(10\u00a0+\u00a024/t\u00a0+\u00a05as/(ht)) with tensor parallelism t; "
        "sbh/t\u00a0(34\u00a0+\u00a05as/h) with --sp. s = --seq, b = --batch, h = hidden, "
        "a = heads; 16-bit activations. --recompute selective drops the 5as/h term (the "
        "default for full: FlashAttention stores no attention scores either); full keeps only "
        "each layer's input, 2sbh (the default for lora and qlora: gradient checkpointing, as "
        "the QLoRA paper and PEFT recipes run them); none keeps everything. Counted only when "
        "--seq, --batch and the model's layers, hidden and heads are known. The formula is for "
        "a GPT layer; SwiGLU, GQA or MoE layers differ by a few sbh."));
    d += item(QStringLiteral(
        "logits (training): 4 B (fp32, for the cross-entropy loss) x s x b x vocab / t, as "
        "Korthikanti et al. count them. Inference: the sampled position only."));
    d += item(QStringLiteral(
        "kv_cache (inference): 2 x layers x kv_heads x head_dim x seq x batch x --kv-bytes "
        "(default 2; 1 for fp8), grouped-query KV heads counted once. Inference weights are "
        "16-bit, split evenly over --gpus; the training options do not apply."));
    d += item(QStringLiteral(
        "overhead: 20% of the total (25% on top of the rest) for the CUDA/ROCm context, "
        "allocator fragmentation and workspaces. It is the seeds' \"counting 80% of memory\"; "
        "common LLM serving guides use the same idea as a x1.2 factor. A rule of thumb, not a "
        "measurement."));
    d += item(QStringLiteral("A GPU fits when the per-GPU total is at most its memory. GPU "
                             "counts are searched up to %1, in multiples of --tp.")
                  .arg(Sizing::MaxSearchGpus));
    d += QStringLiteral("\nOUTPUT\n");
    d += item(QStringLiteral(
        "Text, or with --json one object: \"per_gpu\" (bytes: weights, gradients, optimizer, "
        "activations, logits, kv_cache, overhead, total), \"gpus\" (every catalog GPU: "
        "gpus_needed, null if no count up to the limit fits; fits_on_one; quick_gpus_needed), "
        "\"quick\", \"model\", \"workload\", \"notes\" (every assumption made)."));
    d += item(QStringLiteral("Exit status 0; 2 on bad input, with the message on stderr and "
                             "nothing on stdout."));
    d.chop(1); // QCommandLineParser adds its own line break
    return d;
}

// A whole number option in [min, max], or nullopt when not given.
std::optional<qint64> wholeOption(const QCommandLineParser &parser,
                                  const QCommandLineOption &option, qint64 min, qint64 max)
{
    if (!parser.isSet(option))
        return std::nullopt;
    const QString text = parser.value(option);
    bool ok = false;
    const qint64 n = text.trimmed().toLongLong(&ok);
    if (!ok || n < min || n > max)
        badInput(QStringLiteral("--%1: expected a whole number from %2 to %3, got \"%4\"")
                     .arg(option.names().constLast(), grouped(min), grouped(max), text));
    return n;
}

QJsonValue orNull(qint64 n)
{
    return n > 0 ? QJsonValue(n) : QJsonValue(QJsonValue::Null);
}

QJsonObject breakdownJson(const Sizing::Breakdown &b)
{
    return QJsonObject {
        {QStringLiteral("weights"), b.weights},     {QStringLiteral("gradients"), b.gradients},
        {QStringLiteral("optimizer"), b.optimizer}, {QStringLiteral("activations"), b.activations},
        {QStringLiteral("logits"), b.logits},       {QStringLiteral("kv_cache"), b.kvCache},
        {QStringLiteral("overhead"), b.overhead},   {QStringLiteral("total"), b.total()}};
}

void writeOut(const QString &text)
{
    QTextStream out(stdout);
    out << text;
}

// --max-model: the quick rules next to the seeds' published figures, every catalog GPU.
int printMaxModel(bool json)
{
    const GpuCatalog &catalog = GpuCatalog::builtIn();
    const Sizing::SeedColumn columns[] = {
        Sizing::SeedColumn::FullTrain1Gpu, Sizing::SeedColumn::FullTrain8Gpu,
        Sizing::SeedColumn::QloraBase, Sizing::SeedColumn::Lora16Base};
    const QList<Sizing::SeedCell> published = Sizing::checkSeedTables(catalog);
    qsizetype consistent = 0;
    for (const Sizing::SeedCell &cell : published)
        consistent += cell.consistent() ? 1 : 0;

    if (json) {
        QJsonArray gpus;
        for (const GpuModel &gpu : catalog.gpus()) {
            QJsonObject row {{QStringLiteral("id"), gpu.id},
                             {QStringLiteral("name"), gpu.name},
                             {QStringLiteral("memory_gb"), gpu.memoryGb}};
            for (const Sizing::SeedCell &cell : Sizing::seedCells(gpu)) {
                row.insert(Sizing::columnName(cell.column),
                           QJsonObject {{QStringLiteral("computed_billions"), cell.computed},
                                        {QStringLiteral("published_billions"),
                                         cell.published ? QJsonValue(*cell.published)
                                                        : QJsonValue(QJsonValue::Null)},
                                        {QStringLiteral("consistent"), cell.consistent()}});
            }
            gpus.append(row);
        }
        QJsonObject rules, ranges;
        for (const Sizing::SeedColumn column : columns) {
            const Sizing::Method method = Sizing::columnMethod(column);
            rules.insert(
                Sizing::columnName(column),
                QJsonObject {{QStringLiteral("bytes_per_param"),
                              double(Sizing::quickRule(method)->milliBytesPerParameter) / 1000.0},
                             {QStringLiteral("gpus"), Sizing::columnGpus(column)},
                             {QStringLiteral("why"), Sizing::quickRule(method)->why}});
            const Sizing::ConstantRange range = Sizing::consistentConstants(catalog, column);
            ranges.insert(Sizing::columnName(column), QJsonArray {range.low, range.high});
        }
        const QJsonObject root {
            {QStringLiteral("usable_percent"), Sizing::UsablePercent},
            {QStringLiteral("rounding"),
             QStringLiteral("down: whole billions below 10, steps of 5 from 10 to 99, steps of "
                            "10 from 100")},
            {QStringLiteral("rules"), rules},
            {QStringLiteral("consistent_constants"), ranges},
            {QStringLiteral("published_cells"), published.size()},
            {QStringLiteral("consistent_cells"), consistent},
            {QStringLiteral("gpus"), gpus}};
        writeOut(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        return 0;
    }

    QString text;
    QTextStream out(&text);
    out << QStringLiteral("Largest model per GPU by the quick rules, in billions of parameters: "
                          "80% of memory / bytes per parameter,\n"
                          "rounded down to whole billions below 10, steps of 5 to 99, steps of 10 "
                          "from 100 (as the seed tables do).\n"
                          "Each cell: computed (seed page's figure; \"-\" where the page has no "
                          "such cell; \"DIFFERS\" where the rule does not give it).\n\n");
    const auto pad = [](const QString &s, int width) {
        return s.leftJustified(width);
    };
    out << pad(QStringLiteral("GPU"), 24) << pad(QStringLiteral("Memory"), 9)
        << pad(QStringLiteral("Full, 1 GPU"), 15) << pad(QStringLiteral("Full, 8 GPUs"), 15)
        << pad(QStringLiteral("QLoRA base"), 15) << QStringLiteral("LoRA 16-bit base\n");
    for (const GpuModel &gpu : catalog.gpus()) {
        out << pad(gpu.name, 24) << pad(QStringLiteral("%1 GB").arg(gpu.memoryGb), 9);
        const QList<Sizing::SeedCell> cells = Sizing::seedCells(gpu);
        for (qsizetype i = 0; i < cells.size(); ++i) {
            const Sizing::SeedCell &cell = cells.at(i);
            QString s =
                QStringLiteral("%1 (%2)")
                    .arg(cell.computed)
                    .arg(cell.published ? QString::number(*cell.published) : QStringLiteral("-"));
            if (!cell.consistent())
                s += QStringLiteral(" DIFFERS");
            out << (i + 1 < cells.size() ? pad(s, 15) : s);
        }
        out << u'\n';
    }
    out << QStringLiteral("\nSeed tables: %1 published cells, %2 reproduced by the rules, %3 "
                          "differ.\n")
               .arg(published.size())
               .arg(consistent)
               .arg(published.size() - consistent);
    out << QStringLiteral("Bytes per parameter that would reproduce every published cell of a "
                          "column, and the rule's:\n");
    for (const Sizing::SeedColumn column : columns) {
        const Sizing::ConstantRange range = Sizing::consistentConstants(catalog, column);
        const qint64 used = Sizing::quickRule(Sizing::columnMethod(column))->milliBytesPerParameter;
        out << QStringLiteral("  %1 (%2, %3], rule %4\n")
                   .arg(pad(Sizing::columnName(column), 10))
                   .arg(QLocale::c().toString(range.low, 'f', 3))
                   .arg(QLocale::c().toString(range.high, 'f', 3))
                   .arg(constant(used));
    }
    out.flush();
    writeOut(text);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("everx-size"));
    QCoreApplication::setApplicationVersion(QStringLiteral(EVERX_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(description());
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const auto valued = [](const QString &name, const QString &text, const QString &valueName) {
        return QCommandLineOption(name, text, valueName);
    };
    const QCommandLineOption params =
        valued(QStringLiteral("params"),
               QStringLiteral("Parameter count: 7e9, 7B, 70b, 1.5T, 350M (overrides a preset's)."),
               QStringLiteral("count"));
    const QCommandLineOption model =
        valued(QStringLiteral("model"), QStringLiteral("A preset shape: %1.").arg(presetList()),
               QStringLiteral("name"));
    const QCommandLineOption method = valued(
        QStringLiteral("method"),
        QStringLiteral("full (pre-training / full fine-tuning), lora (16-bit base), qlora (4-bit "
                       "base) or inference. Default full."),
        QStringLiteral("method"));
    const QCommandLineOption gpus =
        valued(QStringLiteral("gpus"),
               QStringLiteral("GPUs for the per-GPU breakdown (data parallel x tensor parallel). "
                              "Default 1."),
               QStringLiteral("N"));
    const QCommandLineOption strategy = valued(
        QStringLiteral("strategy"),
        QStringLiteral("ddp, zero1, zero2, zero3 or fsdp (= zero3, full shard). Default zero3."),
        QStringLiteral("strategy"));
    const QCommandLineOption gradBytes =
        valued(QStringLiteral("grad-bytes"),
               QStringLiteral("Bytes per gradient: 2 (fp16/bf16, default) or 4 (fp32)."),
               QStringLiteral("2|4"));
    const QCommandLineOption layers = valued(
        QStringLiteral("layers"), QStringLiteral("Transformer layers."), QStringLiteral("N"));
    const QCommandLineOption hidden =
        valued(QStringLiteral("hidden"), QStringLiteral("Hidden size h."), QStringLiteral("N"));
    const QCommandLineOption heads = valued(
        QStringLiteral("heads"), QStringLiteral("Attention (query) heads a."), QStringLiteral("N"));
    const QCommandLineOption kvHeads =
        valued(QStringLiteral("kv-heads"),
               QStringLiteral("Key/value heads (grouped-query attention). Default: --heads."),
               QStringLiteral("N"));
    const QCommandLineOption headDim =
        valued(QStringLiteral("head-dim"),
               QStringLiteral("Width of one head. Default: hidden / heads."), QStringLiteral("N"));
    const QCommandLineOption vocab =
        valued(QStringLiteral("vocab"), QStringLiteral("Vocabulary size."), QStringLiteral("N"));
    const QCommandLineOption ffn =
        valued(QStringLiteral("ffn"),
               QStringLiteral("MLP (FFN) width of one expert: exact LoRA adapter and NF4 counts."),
               QStringLiteral("N"));
    const QCommandLineOption seq =
        valued(QStringLiteral("seq"), QStringLiteral("Sequence length in tokens."),
               QStringLiteral("tokens"));
    const QCommandLineOption batch = valued(
        QStringLiteral("batch"), QStringLiteral("Micro-batch per GPU (per data-parallel rank)."),
        QStringLiteral("N"));
    const QCommandLineOption recompute =
        valued(QStringLiteral("recompute"),
               QStringLiteral("Activation recomputation: none, selective or full (gradient "
                              "checkpointing). Default: selective for full, full for lora and "
                              "qlora."),
               QStringLiteral("mode"));
    const QCommandLineOption tp = valued(
        QStringLiteral("tp"),
        QStringLiteral("Tensor-parallel degree; must divide the heads and --gpus. Default 1."),
        QStringLiteral("N"));
    const QCommandLineOption sp(QStringLiteral("sp"),
                                QStringLiteral("Sequence parallelism (with --tp)."));
    const QCommandLineOption kvBytes = valued(
        QStringLiteral("kv-bytes"),
        QStringLiteral("Bytes per KV-cache element: 2 (fp16/bf16, default), 1 (fp8), 4 (fp32)."),
        QStringLiteral("1|2|4"));
    const QCommandLineOption loraRank =
        valued(QStringLiteral("lora-rank"),
               QStringLiteral("LoRA rank r for lora and qlora. Default 16."), QStringLiteral("r"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("One JSON object on stdout, bytes as integers."));
    const QCommandLineOption maxModel(
        QStringLiteral("max-model"),
        QStringLiteral("For every catalog GPU, the largest model the quick rules allow next to "
                       "the seeds' published figure. Ignores the sizing options."));
    parser.addOptions({params, model,   method,  gpus,     strategy, gradBytes, layers, hidden,
                       heads,  kvHeads, headDim, vocab,    ffn,      seq,       batch,  recompute,
                       tp,     sp,      kvBytes, loraRank, json,     maxModel});

    if (!parser.parse(QCoreApplication::arguments()))
        badInput(parser.errorText());
    if (parser.isSet(helpOption))
        parser.showHelp(0); // stdout, exit 0
    if (parser.isSet(versionOption))
        parser.showVersion();
    if (!parser.positionalArguments().isEmpty())
        badInput(QStringLiteral("unexpected argument \"%1\"")
                     .arg(parser.positionalArguments().constFirst()));

    const bool asJson = parser.isSet(json);
    if (parser.isSet(maxModel))
        return printMaxModel(asJson);

    // The model: a preset, then explicit fields over it.
    Sizing::ModelShape shape;
    const ModelPreset *preset = nullptr;
    if (parser.isSet(model)) {
        preset = ModelPreset::find(parser.value(model));
        if (!preset)
            badInput(QStringLiteral("unknown model \"%1\"; presets: %2")
                         .arg(parser.value(model), presetList()));
        shape = preset->shape;
    }
    QStringList derived; // what the tool filled in, reported in the notes
    if (parser.isSet(params)) {
        const std::optional<qint64> count = Sizing::parseParameterCount(parser.value(params));
        if (!count)
            badInput(QStringLiteral("--params: expected a positive count such as 7e9, 7B, 70b "
                                    "or 1.5T (at most 10^15), got \"%1\"")
                         .arg(parser.value(params)));
        shape.parameters = *count;
    }
    constexpr qint64 Huge = 16'777'216; // Sizing::validate refines the bounds
    const auto intField = [&](const QCommandLineOption &option, int &field) {
        if (const std::optional<qint64> n = wholeOption(parser, option, 1, Huge))
            field = int(*n);
    };
    intField(layers, shape.layers);
    intField(hidden, shape.hidden);
    intField(heads, shape.heads);
    intField(kvHeads, shape.kvHeads);
    intField(headDim, shape.headDim);
    intField(vocab, shape.vocab);
    intField(ffn, shape.intermediate);
    if (shape.kvHeads == 0 && shape.heads > 0) {
        shape.kvHeads = shape.heads;
        derived << QStringLiteral("KV heads: %1, as many as the attention heads (multi-head "
                                  "attention; give --kv-heads for grouped-query attention)")
                       .arg(shape.kvHeads);
    }
    if (shape.headDim == 0 && shape.hidden > 0 && shape.heads > 0) {
        if (shape.hidden % shape.heads != 0)
            badInput(QStringLiteral("--hidden %1 is not a multiple of --heads %2: give "
                                    "--head-dim")
                         .arg(shape.hidden)
                         .arg(shape.heads));
        shape.headDim = shape.hidden / shape.heads;
        derived << QStringLiteral("Head dim: %1 = hidden / heads").arg(shape.headDim);
    }
    if (shape.parameters == 0) {
        shape.parameters = Sizing::estimateParameters(shape);
        if (shape.parameters > 0)
            derived << QStringLiteral("Parameters: %1, computed from the shape as a Llama-style "
                                      "decoder (untied embeddings, no biases)")
                           .arg(grouped(shape.parameters));
        else
            badInput(QStringLiteral("no model: give --params, --model, or a full shape "
                                    "(--layers, --hidden, --heads, --ffn, --vocab)"));
    }

    Sizing::Workload w;
    if (parser.isSet(method)) {
        const std::optional<Sizing::Method> m = Sizing::parseMethod(parser.value(method));
        if (!m)
            badInput(QStringLiteral("--method: expected full, lora, qlora or inference, got "
                                    "\"%1\"")
                         .arg(parser.value(method)));
        w.method = *m;
    }
    w.recompute = Sizing::defaultRecompute(w.method);
    if (parser.isSet(strategy)) {
        const std::optional<Sizing::Strategy> s = Sizing::parseStrategy(parser.value(strategy));
        if (!s)
            badInput(QStringLiteral("--strategy: expected ddp, zero1, zero2, zero3 or fsdp, got "
                                    "\"%1\"")
                         .arg(parser.value(strategy)));
        w.strategy = *s;
    }
    if (parser.isSet(recompute)) {
        const std::optional<Sizing::Recompute> r = Sizing::parseRecompute(parser.value(recompute));
        if (!r)
            badInput(QStringLiteral("--recompute: expected none, selective or full, got \"%1\"")
                         .arg(parser.value(recompute)));
        w.recompute = *r;
    }
    w.gpus = int(wholeOption(parser, gpus, 1, 1'048'576).value_or(1));
    w.tp = int(wholeOption(parser, tp, 1, 65'536).value_or(1));
    w.sp = parser.isSet(sp);
    w.gradBytes = int(wholeOption(parser, gradBytes, 1, 8).value_or(2));
    w.kvBytes = int(wholeOption(parser, kvBytes, 1, 8).value_or(2));
    w.loraRank = int(wholeOption(parser, loraRank, 1, 65'536).value_or(16));
    w.seq = wholeOption(parser, seq, 1, Huge).value_or(0);
    w.batch = wholeOption(parser, batch, 1, 1'048'576).value_or(0);

    QString error;
    const std::optional<Sizing::Breakdown> breakdown = Sizing::perGpu(shape, w, &error);
    if (!breakdown)
        badInput(error);
    const QStringList notes = derived + breakdown->notes;

    const GpuCatalog &catalog = GpuCatalog::builtIn();
    const std::optional<Sizing::QuickRule> quick = Sizing::quickRule(w.method);
    struct Row
    {
        const GpuModel *gpu;
        qint64 memoryBytes;
        std::optional<int> needed;
        bool fitsOnOne;
        std::optional<qint64> quickNeeded;
    };
    QList<Row> rows;
    for (const GpuModel &gpu : catalog.gpus()) {
        const qint64 memory = qint64(gpu.memoryGb) * Sizing::BytesPerGb;
        rows.append(Row {&gpu, memory, Sizing::gpusNeeded(shape, w, memory),
                         Sizing::fitsOnOne(shape, w, memory),
                         Sizing::quickGpusNeeded(shape.parameters, w.method, gpu.memoryGb)});
    }

    if (asJson) {
        const auto optionalInt = [](auto value) {
            return value ? QJsonValue(qint64(*value)) : QJsonValue(QJsonValue::Null);
        };
        QJsonArray gpuRows;
        for (const Row &row : rows) {
            gpuRows.append(
                QJsonObject {{QStringLiteral("id"), row.gpu->id},
                             {QStringLiteral("name"), row.gpu->name},
                             {QStringLiteral("memory_bytes"), row.memoryBytes},
                             {QStringLiteral("gpus_needed"), optionalInt(row.needed)},
                             {QStringLiteral("fits_on_one"), row.fitsOnOne},
                             {QStringLiteral("quick_gpus_needed"), optionalInt(row.quickNeeded)}});
        }
        const QJsonObject modelJson {
            {QStringLiteral("id"), preset ? QJsonValue(preset->id) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("name"),
             preset ? QJsonValue(preset->name) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("parameters"), shape.parameters},
            {QStringLiteral("layers"), orNull(shape.layers)},
            {QStringLiteral("hidden"), orNull(shape.hidden)},
            {QStringLiteral("heads"), orNull(shape.heads)},
            {QStringLiteral("kv_heads"), orNull(shape.kvHeads)},
            {QStringLiteral("head_dim"), orNull(shape.headDim)},
            {QStringLiteral("vocab"), orNull(shape.vocab)},
            {QStringLiteral("ffn"), orNull(shape.intermediate)},
            {QStringLiteral("experts"), shape.experts}};
        const QJsonObject workloadJson {
            {QStringLiteral("method"), Sizing::methodName(w.method)},
            {QStringLiteral("gpus"), w.gpus},
            {QStringLiteral("strategy"), Sizing::strategyName(w.strategy)},
            {QStringLiteral("grad_bytes"), w.gradBytes},
            {QStringLiteral("tp"), w.tp},
            {QStringLiteral("sp"), w.sp},
            {QStringLiteral("recompute"), Sizing::recomputeName(w.recompute)},
            {QStringLiteral("seq"), orNull(w.seq)},
            {QStringLiteral("batch"), orNull(w.batch)},
            {QStringLiteral("kv_bytes"), w.kvBytes},
            {QStringLiteral("lora_rank"), w.loraRank}};
        QJsonValue quickJson(QJsonValue::Null);
        if (quick)
            quickJson = QJsonObject {
                {QStringLiteral("bytes_per_param"), double(quick->milliBytesPerParameter) / 1000.0},
                {QStringLiteral("bytes"), Sizing::quickBytes(shape.parameters, w.method)},
                {QStringLiteral("usable_percent"), Sizing::UsablePercent},
                {QStringLiteral("why"), quick->why}};
        const QJsonObject root {
            {QStringLiteral("model"), modelJson},
            {QStringLiteral("workload"), workloadJson},
            {QStringLiteral("per_gpu"), breakdownJson(*breakdown)},
            {QStringLiteral("adapter_parameters"), breakdown->adapterParameters},
            {QStringLiteral("quantised_parameters"), breakdown->quantisedParameters},
            {QStringLiteral("quick"), quickJson},
            {QStringLiteral("gpus"), gpuRows},
            {QStringLiteral("notes"), QJsonArray::fromStringList(notes)}};
        writeOut(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        return 0;
    }

    QString text;
    QTextStream out(&text);
    out << (preset ? QStringLiteral("%1 (%2), ").arg(preset->name, preset->id) : QString())
        << grouped(shape.parameters) << QStringLiteral(" parameters; ")
        << Sizing::methodName(w.method) << QStringLiteral(", %1 GPU(s)").arg(w.gpus);
    if (w.method != Sizing::Method::Inference)
        out << QStringLiteral(", %1, tp %2%3, recompute %4")
                   .arg(Sizing::strategyName(w.strategy))
                   .arg(w.tp)
                   .arg(w.sp ? QStringLiteral(" + sp") : QString())
                   .arg(Sizing::recomputeName(w.recompute));
    if (w.seq > 0 || w.batch > 0)
        out << QStringLiteral(", seq %1, batch %2")
                   .arg(w.seq > 0 ? grouped(w.seq) : QStringLiteral("?"))
                   .arg(w.batch > 0 ? grouped(w.batch) : QStringLiteral("?"));
    out << QStringLiteral("\n\nPer GPU              bytes        GB\n");
    const std::pair<const char16_t *, qint64> items[] = {
        {u"weights", breakdown->weights},     {u"gradients", breakdown->gradients},
        {u"optimizer", breakdown->optimizer}, {u"activations", breakdown->activations},
        {u"logits", breakdown->logits},       {u"kv_cache", breakdown->kvCache},
        {u"overhead", breakdown->overhead},   {u"total", breakdown->total()},
    };
    for (const auto &[name, bytes] : items)
        out << QStringLiteral("  ") << QString::fromUtf16(name).leftJustified(12)
            << grouped(bytes).rightJustified(19) << gigabytes(bytes).rightJustified(10) << u'\n';
    out << QStringLiteral("\n%1%2%3%4\n")
               .arg(QStringLiteral("GPU").leftJustified(24),
                    QStringLiteral("Memory").leftJustified(9),
                    QStringLiteral("GPUs needed").leftJustified(13),
                    QStringLiteral("Fits on one  Quick rule"));
    for (const Row &row : rows) {
        out << row.gpu->name.leftJustified(24)
            << QStringLiteral("%1 GB").arg(row.gpu->memoryGb).leftJustified(9)
            << (row.needed ? QString::number(*row.needed) : QStringLiteral("-")).leftJustified(13)
            << (row.fitsOnOne ? QStringLiteral("yes") : QStringLiteral("no")).leftJustified(13)
            << (row.quickNeeded ? QString::number(*row.quickNeeded) : QStringLiteral("-")) << u'\n';
    }
    out << QStringLiteral("GPUs needed: the smallest count whose per-GPU total fits, \"-\" if "
                          "none up to %1 does (per-GPU activations do not shrink with more\n"
                          "data-parallel GPUs: try --recompute full, --tp with --sp, or a "
                          "smaller --batch). Quick rule: GPUs by the seeds' rule alone.\n")
               .arg(Sizing::MaxSearchGpus);
    if (quick)
        out << QStringLiteral("\nQuick rule (seeds): %1 bytes, %2\n")
                   .arg(grouped(Sizing::quickBytes(shape.parameters, w.method)), quick->why);
    out << QStringLiteral("\nNotes:\n");
    for (const QString &note : notes)
        out << QStringLiteral("  - ") << note << u'\n';
    out.flush();
    writeOut(text);
    return 0;
}
