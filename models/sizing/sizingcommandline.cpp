// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sizing/sizingcommandline.h"

#include "sizing/modelpreset.h"
#include "sizing/sizing.h"

#include <QtCore/QLocale>

#include <cmath>

namespace everx {

namespace {

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

QString item(const QString &text)
{
    return wrap(text, 2, 4);
}

// The option values, read one by one; the first problem stops the reading.
class Reader
{
public:
    explicit Reader(const QCommandLineParser &parser)
        : m_parser(parser)
    { }

    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    void fail(const QString &message)
    {
        if (m_error.isEmpty())
            m_error = message;
    }
    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    QString value(const QString &name) const { return m_parser.value(name); }

    // A whole number option in [min, max], or nullopt when not given (or bad: see ok()).
    std::optional<qint64> whole(const QString &name, qint64 min, qint64 max)
    {
        if (!ok() || !isSet(name))
            return std::nullopt;
        const QString text = value(name);
        bool isNumber = false;
        const qint64 n = text.trimmed().toLongLong(&isNumber);
        if (!isNumber || n < min || n > max) {
            fail(QStringLiteral("--%1: expected a whole number from %2 to %3, got \"%4\"")
                     .arg(name, Sizing::grouped(min), Sizing::grouped(max), text));
            return std::nullopt;
        }
        return n;
    }
    void intField(const QString &name, int &field)
    {
        // Sizing::validate() refines the bounds per field.
        if (const std::optional<qint64> n = whole(name, 1, 16'777'216))
            field = int(*n);
    }

private:
    const QCommandLineParser &m_parser;
    QString m_error;
};

// "0.4" or "40%": a fraction in (0, 1].
std::optional<double> parseFraction(QStringView text)
{
    QStringView t = text.trimmed();
    double scale = 1;
    if (t.endsWith(u'%')) {
        t.chop(1);
        scale = 100;
    }
    bool ok = false;
    const double value = QLocale::c().toDouble(t.trimmed(), &ok) / scale;
    if (!ok || !std::isfinite(value) || !(value > 0) || value > 1)
        return std::nullopt;
    return value;
}

} // namespace

SizingCommandLine::SizingCommandLine()
{
    m_parser.setApplicationDescription(description());
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    const auto valued = [this](const QString &name, const QString &text, const QString &value) {
        m_parser.addOption(QCommandLineOption(name, text, value));
    };
    const auto flag = [this](const QString &name, const QString &text) {
        m_parser.addOption(QCommandLineOption(name, text));
    };
    valued(QStringLiteral("params"),
           QStringLiteral("Parameter count: 7e9, 7B, 70b, 1.5T, 350M (overrides a preset's)."),
           QStringLiteral("count"));
    valued(QStringLiteral("model"), QStringLiteral("A preset shape: %1.").arg(presetList()),
           QStringLiteral("name"));
    valued(QStringLiteral("method"),
           QStringLiteral("full (pre-training / full fine-tuning), lora (16-bit base), qlora "
                          "(4-bit base) or inference. Default full."),
           QStringLiteral("method"));
    valued(QStringLiteral("gpus"),
           QStringLiteral("GPUs for the per-GPU breakdown (data parallel x tensor parallel). "
                          "Default 1."),
           QStringLiteral("N"));
    valued(QStringLiteral("strategy"),
           QStringLiteral("ddp, zero1, zero2, zero3 or fsdp (= zero3, full shard). Default zero3."),
           QStringLiteral("strategy"));
    valued(QStringLiteral("grad-bytes"),
           QStringLiteral("Bytes per gradient: 2 (fp16/bf16, default) or 4 (fp32)."),
           QStringLiteral("2|4"));
    valued(QStringLiteral("layers"), QStringLiteral("Transformer layers."), QStringLiteral("N"));
    valued(QStringLiteral("hidden"), QStringLiteral("Hidden size h."), QStringLiteral("N"));
    valued(QStringLiteral("heads"), QStringLiteral("Attention (query) heads a."),
           QStringLiteral("N"));
    valued(QStringLiteral("kv-heads"),
           QStringLiteral("Key/value heads (grouped-query attention). Default: --heads."),
           QStringLiteral("N"));
    valued(QStringLiteral("head-dim"),
           QStringLiteral("Width of one head. Default: hidden / heads."), QStringLiteral("N"));
    valued(QStringLiteral("vocab"), QStringLiteral("Vocabulary size."), QStringLiteral("N"));
    valued(QStringLiteral("ffn"),
           QStringLiteral("MLP (FFN) width of one expert: exact LoRA adapter and NF4 counts."),
           QStringLiteral("N"));
    valued(QStringLiteral("seq"), QStringLiteral("Sequence length in tokens."),
           QStringLiteral("tokens"));
    valued(QStringLiteral("batch"),
           QStringLiteral("Micro-batch per GPU (per data-parallel rank); for inference the "
                          "sequences served at once."),
           QStringLiteral("N"));
    valued(QStringLiteral("recompute"),
           QStringLiteral("Activation recomputation: none, selective or full (gradient "
                          "checkpointing). Default: selective for full, full for lora and qlora."),
           QStringLiteral("mode"));
    valued(QStringLiteral("tp"),
           QStringLiteral("Tensor-parallel degree; must divide the heads and --gpus. Default 1."),
           QStringLiteral("N"));
    flag(QStringLiteral("sp"), QStringLiteral("Sequence parallelism (with --tp)."));
    valued(QStringLiteral("kv-bytes"),
           QStringLiteral("Bytes per KV-cache element: 2 (fp16/bf16, default), 1 (fp8), 4 (fp32)."),
           QStringLiteral("1|2|4"));
    valued(QStringLiteral("lora-rank"),
           QStringLiteral("LoRA rank r for lora and qlora. Default 16."), QStringLiteral("r"));
    valued(QStringLiteral("lora-targets"),
           QStringLiteral("Projections that get adapters, comma-separated: q, k, v, o, gate, up, "
                          "down (or PEFT's q_proj, ...). Default all-linear: all seven."),
           QStringLiteral("list"));
    valued(QStringLiteral("reserve"),
           QStringLiteral("Memory reserve in percent on top of everything else. Default 25 for "
                          "training (80% of memory usable), 20 for inference (x1.2)."),
           QStringLiteral("percent"));
    valued(QStringLiteral("tokens"),
           QStringLiteral("Tokens of the run: to train on (all epochs), or to process in "
                          "inference: 2T, 500M, 1e9. Adds the run's FLOPs, hours and cost."),
           QStringLiteral("count"));
    valued(QStringLiteral("mfu"),
           QStringLiteral("Model FLOPs utilisation of the dense BF16 peak, 0.4 or 40%. "
                          "Default 0.40."),
           QStringLiteral("fraction"));
    valued(QStringLiteral("price"),
           QStringLiteral("USD per GPU-hour for the run's cost, every GPU. Default: each GPU's "
                          "catalog \"from\" price."),
           QStringLiteral("usd"));
    flag(QStringLiteral("json"), QStringLiteral("One JSON object on stdout, bytes as integers."));
    flag(QStringLiteral("max-model"),
         QStringLiteral("For every catalog GPU, the largest model the quick rules allow next to "
                        "the seeds' published figure. Ignores the sizing options."));
}

QString SizingCommandLine::helpText() const
{
    return m_parser.helpText();
}

std::optional<SizingRequest> SizingCommandLine::parse(const QStringList &arguments, QString *error)
{
    const auto refuse = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (!m_parser.parse(arguments))
        return refuse(m_parser.errorText());
    SizingRequest q;
    if (m_parser.isSet(QStringLiteral("help"))) {
        q.action = SizingRequest::Action::Help;
        return q;
    }
    if (m_parser.isSet(QStringLiteral("version"))) {
        q.action = SizingRequest::Action::Version;
        return q;
    }
    if (!m_parser.positionalArguments().isEmpty())
        return refuse(QStringLiteral("unexpected argument \"%1\"")
                          .arg(m_parser.positionalArguments().constFirst()));
    q.json = m_parser.isSet(QStringLiteral("json"));
    if (m_parser.isSet(QStringLiteral("max-model"))) {
        q.action = SizingRequest::Action::MaxModel;
        return q;
    }

    Reader in(m_parser);
    // The model: a preset, then explicit fields over it.
    if (in.isSet(QStringLiteral("model"))) {
        q.preset = ModelPreset::find(in.value(QStringLiteral("model")));
        if (!q.preset)
            return refuse(QStringLiteral("unknown model \"%1\"; presets: %2")
                              .arg(in.value(QStringLiteral("model")), presetList()));
        q.shape = q.preset->shape;
    }
    if (in.isSet(QStringLiteral("params"))) {
        const std::optional<qint64> count =
            Sizing::parseParameterCount(in.value(QStringLiteral("params")));
        if (!count)
            return refuse(QStringLiteral("--params: expected a positive count such as 7e9, 7B, "
                                         "70b or 1.5T (at most 10^15), got \"%1\"")
                              .arg(in.value(QStringLiteral("params"))));
        q.shape.parameters = *count;
    }
    in.intField(QStringLiteral("layers"), q.shape.layers);
    in.intField(QStringLiteral("hidden"), q.shape.hidden);
    in.intField(QStringLiteral("heads"), q.shape.heads);
    in.intField(QStringLiteral("kv-heads"), q.shape.kvHeads);
    in.intField(QStringLiteral("head-dim"), q.shape.headDim);
    in.intField(QStringLiteral("vocab"), q.shape.vocab);
    in.intField(QStringLiteral("ffn"), q.shape.intermediate);
    if (!in.ok())
        return refuse(in.error());
    const Sizing::Completion completion = Sizing::completeShape(q.shape);
    if (!completion.error.isEmpty())
        return refuse(completion.error);
    q.parameterOrigin = completion.origin;
    q.derived = completion.notes;

    // The run's layout.
    Sizing::Workload &w = q.workload;
    if (in.isSet(QStringLiteral("method"))) {
        const std::optional<Sizing::Method> m =
            Sizing::parseMethod(in.value(QStringLiteral("method")));
        if (!m)
            return refuse(QStringLiteral("--method: expected full, lora, qlora or inference, got "
                                         "\"%1\"")
                              .arg(in.value(QStringLiteral("method"))));
        w.method = *m;
    }
    w.recompute = Sizing::defaultRecompute(w.method);
    if (in.isSet(QStringLiteral("strategy"))) {
        const std::optional<Sizing::Strategy> s =
            Sizing::parseStrategy(in.value(QStringLiteral("strategy")));
        if (!s)
            return refuse(QStringLiteral("--strategy: expected ddp, zero1, zero2, zero3 or fsdp, "
                                         "got \"%1\"")
                              .arg(in.value(QStringLiteral("strategy"))));
        w.strategy = *s;
    }
    if (in.isSet(QStringLiteral("recompute"))) {
        const std::optional<Sizing::Recompute> r =
            Sizing::parseRecompute(in.value(QStringLiteral("recompute")));
        if (!r)
            return refuse(QStringLiteral("--recompute: expected none, selective or full, got "
                                         "\"%1\"")
                              .arg(in.value(QStringLiteral("recompute"))));
        w.recompute = *r;
    }
    if (in.isSet(QStringLiteral("lora-targets"))) {
        const std::optional<Sizing::LoraTargets> t =
            Sizing::parseLoraTargets(in.value(QStringLiteral("lora-targets")));
        if (!t)
            return refuse(QStringLiteral("--lora-targets: expected a comma-separated list of q, "
                                         "k, v, o, gate, up, down (or all-linear), got \"%1\"")
                              .arg(in.value(QStringLiteral("lora-targets"))));
        w.loraTargets = *t;
    }
    if (in.isSet(QStringLiteral("reserve"))) {
        QString text = in.value(QStringLiteral("reserve")).trimmed();
        if (text.endsWith(u'%'))
            text.chop(1);
        bool isNumber = false;
        const int percent = text.toInt(&isNumber);
        if (!isNumber || percent < 0 || percent > Sizing::MaxReservePercent)
            return refuse(QStringLiteral("--reserve: expected a whole percent from 0 to %1, got "
                                         "\"%2\"")
                              .arg(Sizing::MaxReservePercent)
                              .arg(in.value(QStringLiteral("reserve"))));
        w.reservePercent = percent;
    }
    w.gpus = int(in.whole(QStringLiteral("gpus"), 1, 1'048'576).value_or(1));
    w.tp = int(in.whole(QStringLiteral("tp"), 1, 65'536).value_or(1));
    w.sp = in.isSet(QStringLiteral("sp"));
    w.gradBytes = int(in.whole(QStringLiteral("grad-bytes"), 1, 8).value_or(2));
    w.kvBytes = int(in.whole(QStringLiteral("kv-bytes"), 1, 8).value_or(2));
    w.loraRank = int(in.whole(QStringLiteral("lora-rank"), 1, 65'536).value_or(16));
    w.seq = in.whole(QStringLiteral("seq"), 1, 16'777'216).value_or(0);
    w.batch = in.whole(QStringLiteral("batch"), 1, 1'048'576).value_or(0);
    if (!in.ok())
        return refuse(in.error());

    // The run's length and price.
    if (in.isSet(QStringLiteral("tokens"))) {
        const std::optional<qint64> tokens =
            Sizing::parseCount(in.value(QStringLiteral("tokens")), Sizing::MaxTokens);
        if (!tokens)
            return refuse(QStringLiteral("--tokens: expected a positive count such as 2T, 500M "
                                         "or 1e9 (at most 10^15), got \"%1\"")
                              .arg(in.value(QStringLiteral("tokens"))));
        q.tokens = *tokens;
    }
    if (in.isSet(QStringLiteral("mfu"))) {
        const std::optional<double> mfu = parseFraction(in.value(QStringLiteral("mfu")));
        if (!mfu)
            return refuse(QStringLiteral("--mfu: expected a fraction above 0 and at most 1, such "
                                         "as 0.4 or 40%, got \"%1\"")
                              .arg(in.value(QStringLiteral("mfu"))));
        q.mfu = *mfu;
    }
    if (in.isSet(QStringLiteral("price"))) {
        QString text = in.value(QStringLiteral("price")).trimmed();
        if (text.startsWith(u'$'))
            text.remove(0, 1);
        const std::optional<Cents> price = Money::parse(text);
        if (!price || *price <= 0)
            return refuse(QStringLiteral("--price: expected USD per GPU-hour with at most two "
                                         "decimals, such as 2.88, got \"%1\"")
                              .arg(in.value(QStringLiteral("price"))));
        q.price = *price;
    }
    if (error)
        error->clear();
    return q;
}

QString SizingCommandLine::description()
{
    const auto rule = [](Sizing::Method m) {
        return Sizing::quickRule(m)->why;
    };
    QString d;
    d += wrap(QStringLiteral("Sizes GPU memory for training, fine-tuning or serving a large "
                             "language model, lists for every GPU of the catalog how many it "
                             "needs, and with --tokens how long the run takes and what it costs "
                             "at the catalog's prices. The workload wizard adds live prices."),
              0, 0);
    d += QStringLiteral("\nINPUTS\n");
    d += item(QStringLiteral(
        "The model: --model NAME (a preset shape) or --params COUNT (7e9, 7B, 70b, 1.5T, 350M), "
        "with the shape options to add or override fields. --kv-heads defaults to --heads, "
        "--head-dim to hidden / heads."));
    d += item(QStringLiteral(
        "Partial shapes: without --params or --model, a full shape (--layers --hidden --heads "
        "--ffn --vocab) gives a Llama-style count; --layers, --hidden and --vocab give an "
        "estimate, 12\u00a0L\u00a0h^2\u00a0+\u00a0V\u00a0h (Kaplan\u00a0et\u00a0al.\u00a02020, "
        "Narayanan\u00a0et\u00a0al.\u00a02021), labelled as such; with less the count is "
        "unknown, and so are the weights and what scales with them: \"unknown\" in text, null "
        "in JSON, and no GPU count. Every other component the options determine is computed: "
        "an inference run's KV cache needs only --layers, --kv-heads, --head-dim, --seq and "
        "--batch."));
    d += item(QStringLiteral("Presets: %1. Mixtral: all experts' weights are resident and "
                             "counted (46.7B, not the 12.9B a token uses).")
                  .arg(presetList()));
    d += item(QStringLiteral(
        "The run: --method, --seq and --batch (micro-batch per GPU), --gpus, --strategy, --tp, "
        "--sp, --recompute; --tokens, --mfu and --price for its time and cost. Memory is in "
        "bytes; GB = 10^9 bytes, as vendors count."));
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
        "--lora-rank (default 16) on the projections of --lora-targets (default all-linear: "
        "q, k, v, o, gate, up, down), r\u00a0x\u00a0(d_in\u00a0+\u00a0d_out) each "
        "(Hu\u00a0et\u00a0al.\u00a02021, \"LoRA\"), k and v at kv_heads x head_dim "
        "(grouped-query attention), in 16 bit with gradients and 12 B Adam states. This "
        "reproduces PEFT's 39,976,960 trainable parameters for Llama-2-7B at rank 16. With a "
        "parameter count and not the widths, the widths are inferred: the preset nearest in "
        "size, scaled to the count (its aspect ratios), and the notes say which."));
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
    // The defaults as the sizing model computes them, not retyped.
    d += item(QStringLiteral(
                  "overhead: the reserve for the CUDA/ROCm context, allocator fragmentation and "
                  "workspaces, --reserve percent on top of everything else. Default %1% for "
                  "training: the seeds count %2% of memory (%2% of the total is the rest). "
                  "Default %3% for inference: Transformer\u00a0Math\u00a0101 (Anthony, Biderman, "
                  "Schoelkopf, EleutherAI 2023) gives inference memory as about 1.2x the "
                  "model's. Each a rule of thumb, not a measurement; the notes say which applied.")
                  .arg(Sizing::TrainingReservePercent)
                  .arg(Sizing::UsablePercent)
                  .arg(Sizing::InferenceReservePercent));
    d += item(QStringLiteral("A GPU fits when the per-GPU total is at most its memory. GPU "
                             "counts are searched up to %1, in multiples of --tp.")
                  .arg(Sizing::MaxSearchGpus));
    d += QStringLiteral("\nTHE RUN'S TIME AND COST (with --tokens)\n");
    d += item(QStringLiteral(
        "FLOPs: full training 6\u00a0x\u00a0N\u00a0x\u00a0T (forward 2N, backward 4N per "
        "token: Kaplan\u00a0et\u00a0al.\u00a02020, \"Scaling Laws for Neural Language "
        "Models\"), 8NT with --recompute full, which repeats the forward pass "
        "(Narayanan\u00a0et\u00a0al.\u00a02021, \"Efficient Large-Scale Language Model Training "
        "on GPU Clusters Using Megatron-LM\"). lora and qlora 4NT, 6NT with full recomputation "
        "(their default): the frozen base needs the gradients of its inputs but none of its "
        "weights, the backward pass's other half (Narayanan et al.; Hu et al. 2021 measured "
        "LoRA at 43.1 against 32.5 tokens/s per V100 for full fine-tuning of GPT-3 175B), plus "
        "6 FLOPs per adapter parameter per token. QLoRA's dequantisation is memory traffic, "
        "not counted: lower --mfu for it. inference 2N per token processed (Kaplan et al.); "
        "decoding few sequences at once is bound by memory bandwidth, so that time is a lower "
        "bound."));
    d += item(QStringLiteral(
        "GPU-hours = FLOPs / (dense BF16 TFLOPS x 10^12 x MFU x 3600); wall-clock hours = "
        "GPU-hours / the GPUs needed (the smallest count that fits); cost = GPU-hours x the "
        "price per GPU-hour (--price, or each GPU's catalog \"from\" price), in cents, rounded "
        "once, half to even. --mfu defaults to 0.40: Llama\u00a03\u00a0405B trained at 38-43% "
        "BF16 MFU on 8,192 to 16,384 H100s (\"The Llama 3 Herd of Models\", 2024), "
        "PaLM\u00a0540B at 46.2% (Chowdhery\u00a0et\u00a0al.\u00a02022). GPUs whose dense BF16 "
        "TFLOPS are not published get no hours or cost, and say so."));
    d += QStringLiteral("\nOUTPUT\n");
    d += item(QStringLiteral(
        "Text, or with --json one object: \"per_gpu\" (bytes: weights, gradients, optimizer, "
        "activations, logits, kv_cache, overhead, total; null when unknown), \"gpus\" (every "
        "catalog GPU: gpus_needed, null if no count up to the limit fits or the total is "
        "unknown; fits_on_one; quick_gpus_needed), \"quick\", \"model\", \"workload\", "
        "\"run\" (with --tokens: flops, and per catalog GPU its \"gpu\" id, gpu_hours, "
        "wall_hours, price and cost, null where unknown), \"notes\" (every assumption made)."));
    d += item(QStringLiteral("Exit status 0; 2 on bad input, with the message on stderr and "
                             "nothing on stdout."));
    d += QStringLiteral("\nEXAMPLE\n");
    d += item(QStringLiteral("A LoRA run on Llama 3.1 8B over 100M tokens, at the catalog's "
                             "prices:"));
    d += QStringLiteral("    everx-size --model llama-3.1-8b --method lora --seq 4096 --batch 1 "
                        "--tokens 100M\n");
    d += item(QStringLiteral(
        "6 x 8,030,261,248 x 10^8 + 6 x 41,943,040 x 10^8 = 4.84e18 FLOPs (full "
        "recomputation, lora's default): on one H100 SXM (989 TFLOPS at 40% MFU) 3.40 "
        "GPU-hours, $9.79 at $2.88; on one A100 SXM (312 TFLOPS) 10.8 GPU-hours, $19.30 at "
        "$1.79."));
    d.chop(1); // QCommandLineParser adds its own line break
    return d;
}

} // namespace everx
