// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Sizing's detailed mode, the memory model: inputs checked and the shape completed, then the
// per-GPU bytes of every component from the published formulas (sources in sizing_p.h), and the
// GPU count that fits.

#include "sizing/sizing.h"

#include "sizing/modelpreset.h"
#include "sizing/sizing_p.h"

#include <algorithm>

namespace everx {

using SizingDetail::Exact;

namespace {

// Input bounds, far past any real model or run, that keep every formula inside 128 bits.
constexpr qint64 MaxLayers = 10'000;
constexpr qint64 MaxWidth = 16'777'216; // hidden, intermediate, vocab, head dim: 2^24
constexpr qint64 MaxHeads = 65'536;
constexpr qint64 MaxExperts = 4096;
constexpr qint64 MaxSeq = 16'777'216; // tokens
constexpr qint64 MaxBatch = 1'048'576;
constexpr qint64 MaxGpus = 1'048'576;
constexpr qint64 MaxRank = 65'536;

Exact fromOptional(std::optional<qint64> value)
{
    return value ? Exact(*value) : Exact::invalid();
}

} // namespace

bool Sizing::ModelShape::hasAttentionShape() const
{
    return layers > 0 && hidden > 0 && heads > 0 && kvHeads > 0 && headDim > 0;
}

bool Sizing::ModelShape::hasProjectionShape() const
{
    return hasAttentionShape() && intermediate > 0 && experts > 0;
}

std::optional<qint64> Sizing::Breakdown::bytes(Component component) const
{
    if (!isKnown(component))
        return std::nullopt;
    switch (component) {
    case Component::Weights:
        return weights;
    case Component::Gradients:
        return gradients;
    case Component::Optimizer:
        return optimizer;
    case Component::Activations:
        return activations;
    case Component::Logits:
        return logits;
    case Component::KvCache:
        return kvCache;
    case Component::Overhead:
        return overhead;
    }
    return std::nullopt;
}

std::optional<qint64> Sizing::Breakdown::total() const
{
    if (unknown)
        return std::nullopt;
    return weights + gradients + optimizer + activations + logits + kvCache + overhead;
}

QString Sizing::validate(const ModelShape &shape, const Workload &w)
{
    const auto outOf = [](const QString &what, qint64 value, qint64 min, qint64 max) {
        return QStringLiteral("%1 must be a whole number from %2 to %3, got %4")
            .arg(what, Sizing::grouped(min), Sizing::grouped(max), Sizing::grouped(value));
    };
    if (shape.parameters < 0)
        return QStringLiteral("the parameter count %1 is not positive: give --params, --model, "
                              "or the shape")
            .arg(Sizing::grouped(shape.parameters));
    if (shape.parameters > MaxParameters)
        return QStringLiteral("the parameter count %1 is beyond %2")
            .arg(Sizing::grouped(shape.parameters), Sizing::grouped(MaxParameters));
    // Shape fields: 0 is unknown; anything else must be in range.
    const struct
    {
        const char16_t *name;
        qint64 value;
        qint64 max;
    } fields[] = {
        {u"--layers", shape.layers, MaxLayers},   {u"--hidden", shape.hidden, MaxWidth},
        {u"--heads", shape.heads, MaxHeads},      {u"--kv-heads", shape.kvHeads, MaxHeads},
        {u"--head-dim", shape.headDim, MaxWidth}, {u"--vocab", shape.vocab, MaxWidth},
        {u"--ffn", shape.intermediate, MaxWidth},
    };
    for (const auto &f : fields) {
        if (f.value < 0 || f.value > f.max)
            return outOf(QString::fromUtf16(f.name), f.value, 1, f.max);
    }
    if (shape.experts < 1 || shape.experts > MaxExperts)
        return outOf(QStringLiteral("experts"), shape.experts, 1, MaxExperts);
    if (shape.heads > 0 && shape.kvHeads > 0
        && (shape.kvHeads > shape.heads || shape.heads % shape.kvHeads != 0))
        return QStringLiteral("--kv-heads %1 must divide --heads %2 (each KV head serves a "
                              "group of query heads)")
            .arg(shape.kvHeads)
            .arg(shape.heads);

    if (w.gpus < 1 || w.gpus > MaxGpus)
        return outOf(QStringLiteral("--gpus"), w.gpus, 1, MaxGpus);
    if (w.tp < 1 || w.tp > MaxHeads)
        return outOf(QStringLiteral("--tp"), w.tp, 1, MaxHeads);
    if (w.method != Method::Inference) {
        if (w.gpus % w.tp != 0)
            return QStringLiteral("--gpus %1 must be a multiple of --tp %2 (data-parallel "
                                  "groups of tensor-parallel GPUs)")
                .arg(w.gpus)
                .arg(w.tp);
        if (shape.heads > 0 && shape.heads % w.tp != 0)
            return QStringLiteral("--tp %1 must divide the %2 attention heads (tensor "
                                  "parallelism splits attention by heads)")
                .arg(w.tp)
                .arg(shape.heads);
    }
    if (w.gradBytes != 2 && w.gradBytes != 4)
        return QStringLiteral("--grad-bytes must be 2 (fp16/bf16) or 4 (fp32), got %1")
            .arg(w.gradBytes);
    if (w.kvBytes != 1 && w.kvBytes != 2 && w.kvBytes != 4)
        return QStringLiteral("--kv-bytes must be 1 (fp8), 2 (fp16/bf16) or 4 (fp32), got %1")
            .arg(w.kvBytes);
    if (w.seq < 0 || w.seq > MaxSeq)
        return outOf(QStringLiteral("--seq"), w.seq, 1, MaxSeq);
    if (w.batch < 0 || w.batch > MaxBatch)
        return outOf(QStringLiteral("--batch"), w.batch, 1, MaxBatch);
    if (w.loraRank < 1 || w.loraRank > MaxRank)
        return outOf(QStringLiteral("--lora-rank"), w.loraRank, 1, MaxRank);
    if (!w.loraTargets || (w.loraTargets & ~allLinearTargets()))
        return QStringLiteral("--lora-targets must name at least one of %1")
            .arg(loraTargetsText(allLinearTargets()));
    if (w.reservePercent && (*w.reservePercent < 0 || *w.reservePercent > MaxReservePercent))
        return outOf(QStringLiteral("--reserve"), *w.reservePercent, 0, MaxReservePercent);
    return {};
}

Sizing::Completion Sizing::completeShape(ModelShape &shape)
{
    Completion c;
    if (shape.kvHeads == 0 && shape.heads > 0) {
        shape.kvHeads = shape.heads;
        c.notes << QStringLiteral("KV heads: %1, as many as the attention heads (multi-head "
                                  "attention; give --kv-heads for grouped-query attention)")
                       .arg(shape.kvHeads);
    }
    if (shape.headDim == 0 && shape.hidden > 0 && shape.heads > 0) {
        if (shape.hidden % shape.heads != 0) {
            c.error = QStringLiteral("--hidden %1 is not a multiple of --heads %2: give --head-dim")
                          .arg(shape.hidden)
                          .arg(shape.heads);
            return c;
        }
        shape.headDim = shape.hidden / shape.heads;
        c.notes << QStringLiteral("Head dim: %1 = hidden / heads").arg(shape.headDim);
    }
    if (shape.parameters > 0) {
        c.origin = ParameterOrigin::Given;
    } else if (const qint64 counted = estimateParameters(shape); counted > 0) {
        shape.parameters = counted;
        c.origin = ParameterOrigin::Counted;
        c.notes << QStringLiteral("Parameters: %1, counted from the shape as a Llama-style "
                                  "decoder (%2 embeddings, no biases)")
                       .arg(Sizing::grouped(counted),
                            shape.tiedEmbeddings ? QStringLiteral("tied")
                                                 : QStringLiteral("untied"));
    } else if (const qint64 rough = roughParameters(shape); rough > 0) {
        shape.parameters = rough;
        c.origin = ParameterOrigin::Estimated;
        c.notes << QStringLiteral("Parameters: about %1, an estimate from the shape, 12 L h^2 + "
                                  "V h (Kaplan et al. 2020, Narayanan et al. 2021), which "
                                  "assumes a 4h MLP, as many KV heads as heads and one "
                                  "embedding matrix; give --params, or --ffn with the shape "
                                  "for a Llama-style count")
                       .arg(Sizing::grouped(rough));
    }
    return c;
}

std::optional<qint64> Sizing::activationBytesPerLayer(qint64 seq, qint64 batch, qint64 hidden,
                                                      qint64 heads, int tp, bool sp,
                                                      Recompute recompute)
{
    // [Korthikanti] Table 2, per transformer layer, 16-bit activations. In integers:
    // sbh x 34 + 5as^2 b is sbh(34 + 5as/h) without the division by h.
    if (seq <= 0 || batch <= 0 || hidden <= 0 || heads <= 0 || tp <= 0)
        return std::nullopt;
    const Exact sbh = Exact(seq) * batch * hidden;
    const Exact scores = Exact(5) * heads * seq * seq * batch; // 5as^2 b: softmax, its dropout
    Exact bytes;
    switch (recompute) {
    case Recompute::Full:
        // Only each layer's input is kept: 2sbh (the paper's figure, not divided by t).
        bytes = Exact(2) * sbh;
        break;
    case Recompute::Selective:
        // The attention core (the 5as/h term) is recomputed in the backward pass.
        bytes =
            sp ? (Exact(34) * sbh).ceilDiv(tp) : Exact(10) * sbh + (Exact(24) * sbh).ceilDiv(tp);
        break;
    case Recompute::None:
        // With sequence parallelism everything is split t ways; without it the layer norms'
        // and dropouts' 10sbh are replicated on every tensor-parallel rank.
        bytes = sp ? (Exact(34) * sbh + scores).ceilDiv(tp)
                   : Exact(10) * sbh + (Exact(24) * sbh + scores).ceilDiv(tp);
        break;
    }
    return bytes.toInt64();
}

std::optional<qint64> Sizing::kvCacheBytes(qint64 layers, qint64 kvHeads, qint64 headDim,
                                           qint64 seq, qint64 batch, qint64 kvBytes)
{
    if (layers < 0 || kvHeads < 0 || headDim < 0 || seq < 0 || batch < 0 || kvBytes < 0)
        return std::nullopt;
    // K and V for every layer, KV head, position and sequence of the batch [GQA].
    return (Exact(2) * layers * kvHeads * headDim * seq * batch * kvBytes).toInt64();
}

std::optional<qint64> Sizing::nf4Bytes(qint64 parameters)
{
    if (parameters < 0)
        return std::nullopt;
    // [QLoRA] 4 bits + 0.127 bits of double-quantised constants per parameter, / 8 bits.
    return (Exact(parameters) * Nf4MilliBitsPerParameter).ceilDiv(8000).toInt64();
}

qint64 Sizing::blockLinearParameters(const ModelShape &s)
{
    if (!s.hasProjectionShape())
        return 0;
    const Exact q = Exact(s.heads) * s.headDim, kv = Exact(s.kvHeads) * s.headDim;
    // q and o: h x (a x head_dim) each; k and v: h x (kv_heads x head_dim) each; per expert
    // gate, up and down: h x ffn each. The MoE router (h x experts) is not counted here.
    const Exact attention = Exact(2) * s.hidden * q + Exact(2) * s.hidden * kv;
    const Exact mlp = Exact(3) * s.experts * s.hidden * s.intermediate;
    return (Exact(s.layers) * (attention + mlp)).toInt64().value_or(0);
}

qint64 Sizing::estimateParameters(const ModelShape &s)
{
    if (!s.hasProjectionShape() || s.vocab <= 0)
        return 0;
    const Exact embeddings = Exact(s.vocab) * s.hidden * (s.tiedEmbeddings ? 1 : 2);
    const Exact router = s.experts > 1 ? Exact(s.hidden) * s.experts : Exact(0);
    const Exact perLayer = router + Exact(2) * s.hidden; // + two RMSNorm weight vectors
    const Exact blocks = Exact(blockLinearParameters(s)) + Exact(s.layers) * perLayer;
    return (embeddings + blocks + s.hidden).toInt64().value_or(0); // + the final norm
}

qint64 Sizing::roughParameters(const ModelShape &s)
{
    if (s.layers <= 0 || s.hidden <= 0 || s.vocab <= 0)
        return 0;
    // [Kaplan] 12 n_layer d_model^2 non-embedding, [Narayanan] + V h for the token embedding.
    const Exact h = s.hidden;
    return (Exact(12) * s.layers * h * h + Exact(s.vocab) * h).toInt64().value_or(0);
}

std::optional<qint64> Sizing::loraAdapterParameters(const ModelShape &s, int rank,
                                                    LoraTargets targets)
{
    if (rank <= 0 || !targets)
        return std::nullopt;
    const bool attentionWidths = s.hidden > 0 && s.headDim > 0;
    // [LoRA] r x (d_in + d_out) per adapted projection, every layer. q and o map between the
    // model width and the query heads; k and v between the model width and the KV heads
    // (grouped-query attention: kv_heads x head_dim, narrower than q); gate, up and down
    // between the model width and the MLP width, once per expert.
    Exact perLayer(0);
    for (const LoraTarget t : loraTargets()) {
        if (!targets.testFlag(t))
            continue;
        switch (t) {
        case LoraTarget::Q:
        case LoraTarget::O:
            if (!attentionWidths || s.heads <= 0)
                return std::nullopt;
            perLayer = perLayer + Exact(s.hidden) + Exact(s.heads) * s.headDim;
            break;
        case LoraTarget::K:
        case LoraTarget::V:
            if (!attentionWidths || s.kvHeads <= 0)
                return std::nullopt;
            perLayer = perLayer + Exact(s.hidden) + Exact(s.kvHeads) * s.headDim;
            break;
        case LoraTarget::Gate:
        case LoraTarget::Up:
        case LoraTarget::Down:
            if (s.hidden <= 0 || s.intermediate <= 0 || s.experts <= 0)
                return std::nullopt;
            perLayer = perLayer + (Exact(s.hidden) + s.intermediate) * s.experts;
            break;
        }
    }
    if (s.layers <= 0)
        return std::nullopt;
    return (Exact(rank) * s.layers * perLayer).toInt64();
}

std::optional<Sizing::Breakdown> Sizing::perGpu(const ModelShape &shape, const Workload &w,
                                                QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (const QString problem = validate(shape, w); !problem.isEmpty())
        return fail(problem);

    Breakdown r;
    const qint64 p = shape.parameters;
    const bool parametersKnown = p > 0;
    const bool training = w.method != Method::Inference;
    const int g = w.gradBytes;
    r.reservePercent = w.reservePercent.value_or(defaultReservePercent(w.method));
    const QString noCount = QStringLiteral("the parameter count is unknown (give --params or "
                                           "--model, or --vocab with the shape for an estimate)");

    // Whole-model bytes before any sharding; components left unknown stay 0.
    Exact weights, gradients, optimizer;
    switch (w.method) {
    case Method::Full:
        if (!parametersKnown) {
            r.unknown |= Component::Weights | Component::Gradients | Component::Optimizer;
            r.notes << QStringLiteral("Weights, gradients and optimizer states unknown: %1")
                           .arg(noCount);
            break;
        }
        // [ZeRO] mixed-precision Adam: 2 + g + 12 bytes per parameter.
        weights = Exact(2) * p;
        gradients = Exact(g) * p;
        optimizer = Exact(OptimizerBytesPerParameter) * p;
        r.notes << QStringLiteral("Model states: mixed-precision AdamW, 2 B weights + %1 B "
                                  "gradients + 12 B optimizer states (fp32 master, momentum, "
                                  "variance) per parameter (Rajbhandari et al. 2020, ZeRO, K = 12)")
                       .arg(g);
        break;
    case Method::Lora:
    case Method::Qlora: {
        std::optional<qint64> a = loraAdapterParameters(shape, w.loraRank, w.loraTargets);
        QString widths = QStringLiteral("the widths of the shape");
        if (!a && parametersKnown) {
            // A count with part of the shape or none: the nearest preset's proportions.
            if (const std::optional<ModelPreset::InferredShape> inferred =
                    ModelPreset::inferShape(shape)) {
                a = loraAdapterParameters(inferred->shape, w.loraRank, w.loraTargets);
                const ModelShape &i = inferred->shape;
                widths = QStringLiteral("widths inferred from the parameter count with the aspect "
                                        "ratios of %1: %2 layers, hidden %3, %4 heads and %5 KV "
                                        "heads of %6, MLP %7; not the model's own, so give the "
                                        "shape or --model for the exact count")
                             .arg(inferred->family->name)
                             .arg(i.layers)
                             .arg(i.hidden)
                             .arg(i.heads)
                             .arg(i.kvHeads)
                             .arg(i.headDim)
                             .arg(i.intermediate);
            }
        }
        r.adapterParameters = a;
        if (a) {
            // Adapters train like a small full model: 16-bit weights, g-byte gradients, 12 B
            // Adam states.
            gradients = Exact(g) * *a;
            optimizer = Exact(OptimizerBytesPerParameter) * *a;
            r.notes << QStringLiteral("Adapters: %1 parameters at rank %2 on %3 of every layer, "
                                      "r x (d_in + d_out) each (Hu et al. 2021, LoRA), in 16 bit "
                                      "with %4 B gradients and 12 B Adam states each; %5")
                           .arg(Sizing::grouped(*a))
                           .arg(w.loraRank)
                           .arg(loraTargetsText(w.loraTargets))
                           .arg(g)
                           .arg(widths);
        } else {
            r.unknown |= Component::Gradients | Component::Optimizer;
            r.notes << QStringLiteral("Adapters unknown: their widths need the shape (--hidden, "
                                      "--heads, --kv-heads, --ffn) or a parameter count");
        }
        if (!parametersKnown || !a) {
            r.unknown |= Component::Weights;
            r.notes << QStringLiteral("Weights unknown: %1").arg(noCount);
            break;
        }
        if (w.method == Method::Lora) {
            weights = Exact(2) * p + Exact(2) * *a;
            r.notes << QStringLiteral("LoRA: frozen base in 16 bit (2 B/param, no gradients or "
                                      "optimizer states)");
            break;
        }
        // [QLoRA] the block projections in NF4 + double quantisation; embeddings, output layer,
        // norms and biases stay 16-bit (bitsandbytes quantises linear layers only, and PEFT
        // keeps the output layer unquantised).
        qint64 quantised = blockLinearParameters(shape);
        if (quantised > 0) {
            r.notes << QStringLiteral("QLoRA: %1 block parameters in NF4 with double "
                                      "quantisation, 4.127 bits/param (Dettmers et al. 2023); "
                                      "the other %2 (embeddings, output layer, norms) in 16 bit")
                           .arg(Sizing::grouped(quantised), Sizing::grouped(p - quantised));
        } else {
            quantised = p;
            r.notes << QStringLiteral("QLoRA: all parameters counted in NF4 with double "
                                      "quantisation, 4.127 bits/param (Dettmers et al. 2023); "
                                      "the shape is unknown, so the 16-bit embeddings and output "
                                      "layer are not told apart");
        }
        quantised = std::min(quantised, p);
        r.quantisedParameters = quantised;
        weights =
            fromOptional(nf4Bytes(quantised)) + Exact(2) * (Exact(p) - quantised) + Exact(2) * *a;
        break;
    }
    case Method::Inference:
        if (!parametersKnown) {
            r.unknown |= Component::Weights;
            r.notes << QStringLiteral("Weights unknown: %1").arg(noCount);
            break;
        }
        weights = Exact(2) * p;
        r.notes << QStringLiteral("Inference: 16-bit weights (2 B/param) split evenly over %1 "
                                  "GPU(s) (tensor or pipeline parallel); --strategy, --grad-bytes, "
                                  "--recompute, --tp and --sp apply to training only")
                       .arg(w.gpus);
        break;
    }
    if (shape.experts > 1)
        r.notes << QStringLiteral("MoE: all %1 experts of each layer are resident, in every "
                                  "model state; activations use the dense-layer formula")
                       .arg(shape.experts);

    if (training) {
        // Tensor parallelism splits every model state t ways; the strategy then shards over
        // the d = gpus / t data-parallel ranks [ZeRO]: ZeRO-1 the optimizer states, ZeRO-2 the
        // gradients too, ZeRO-3 / FSDP full shard the weights too.
        const int t = w.tp, d = w.gpus / w.tp;
        const bool shardOptimizer = w.strategy != Strategy::Ddp;
        const bool shardGradients = w.strategy == Strategy::Zero2 || w.strategy == Strategy::Zero3;
        const bool shardWeights = w.strategy == Strategy::Zero3;
        weights = weights.ceilDiv(Exact(t) * (shardWeights ? d : 1));
        gradients = gradients.ceilDiv(Exact(t) * (shardGradients ? d : 1));
        optimizer = optimizer.ceilDiv(Exact(t) * (shardOptimizer ? d : 1));
        static const char16_t *const what[] = {
            u"plain data parallel: every GPU holds all model states",
            u"ZeRO-1: optimizer states sharded",
            u"ZeRO-2: optimizer states and gradients sharded",
            u"ZeRO-3 / FSDP full shard: optimizer states, gradients and weights sharded",
        };
        r.notes << QStringLiteral("Sharding: %1 over %2 data-parallel rank(s), tensor parallel "
                                  "%3%4 (Rajbhandari et al. 2020)")
                       .arg(QString::fromUtf16(what[int(w.strategy)]))
                       .arg(d)
                       .arg(t)
                       .arg(w.sp ? QStringLiteral(" with sequence parallelism") : QString());
    } else {
        weights = weights.ceilDiv(w.gpus);
    }

    // Activations: training only, and only when the run shape is known.
    Exact activations(0), logits(0), kvCache(0);
    const bool runShape = w.seq > 0 && w.batch > 0;
    if (training) {
        if (runShape && shape.layers > 0 && shape.hidden > 0 && shape.heads > 0) {
            const std::optional<qint64> perLayer = activationBytesPerLayer(
                w.seq, w.batch, shape.hidden, shape.heads, w.tp, w.sp, w.recompute);
            activations = fromOptional(perLayer) * shape.layers;
            static const char16_t *const formula[] = {
                u"sbh(34 + 5as/h) per layer, no recomputation",
                (u"sbh x 34 per layer, selective recomputation (attention scores recomputed, "
                 u"as FlashAttention does)"),
                u"2sbh per layer, full recomputation (only each layer's input kept)",
            };
            r.notes << QStringLiteral("Activations: %1, divided per tensor/sequence parallelism "
                                      "as in Korthikanti et al. 2022; 16-bit, per GPU for its "
                                      "micro-batch of %2; the formula is for a GPT layer (4h MLP, "
                                      "full attention heads, dropout), so SwiGLU, GQA or MoE "
                                      "layers differ by a few sbh")
                           .arg(QString::fromUtf16(formula[int(w.recompute)]))
                           .arg(w.batch);
        } else {
            r.notes << QStringLiteral("Activations not counted: they need --seq, --batch and "
                                      "the model's --layers, --hidden and --heads");
        }
        if (runShape && shape.vocab > 0) {
            // [Korthikanti] the loss's logits in fp32: 4sbv / t (vocabulary-parallel).
            logits = (Exact(4) * w.seq * w.batch * shape.vocab).ceilDiv(w.tp);
            r.notes << QStringLiteral("Logits: 4 B (fp32, for the cross-entropy loss) x seq x "
                                      "batch x vocab / tp (Korthikanti et al. 2022)");
        } else {
            r.notes << QStringLiteral("Logits not counted: they need --seq, --batch and --vocab");
        }
    } else {
        if (runShape && shape.hasAttentionShape()) {
            kvCache = fromOptional(kvCacheBytes(shape.layers, shape.kvHeads, shape.headDim, w.seq,
                                                w.batch, w.kvBytes))
                          .ceilDiv(w.gpus);
            r.notes << QStringLiteral("KV cache: 2 x layers x kv_heads x head_dim x seq x batch "
                                      "x %1 B (grouped-query heads counted once), split over the "
                                      "GPUs")
                           .arg(w.kvBytes);
        } else {
            r.notes << QStringLiteral("KV cache not counted: it needs --seq, --batch and the "
                                      "model's --layers, --kv-heads and --head-dim");
        }
        if (w.batch > 0 && shape.vocab > 0) {
            // Serving engines compute logits for the sampled position only, in fp32.
            logits = Exact(4) * w.batch * shape.vocab;
        }
    }

    const QString overflow = QStringLiteral("the estimate overflows 64-bit byte counts: the "
                                            "inputs are too large");
    const std::optional<qint64> wb = weights.toInt64(), gb_ = gradients.toInt64(),
                                ob = optimizer.toInt64(), ab = activations.toInt64(),
                                lb = logits.toInt64(), kb = kvCache.toInt64();
    if (!wb || !gb_ || !ob || !ab || !lb || !kb)
        return fail(overflow);
    r.weights = *wb;
    r.gradients = *gb_;
    r.optimizer = *ob;
    r.activations = *ab;
    r.logits = *lb;
    r.kvCache = *kb;

    // The reserve, a share of everything else: unknown when anything is.
    const bool defaultReserve = !w.reservePercent;
    QString why;
    if (training)
        why = QStringLiteral("the seeds count 80% of memory for training (the rest is 80% of the "
                             "total, so the reserve is 25% on top of it)");
    else
        why = QStringLiteral("Transformer Math 101 (EleutherAI 2023) gives inference memory as "
                             "about 1.2x the model's");
    const QString reserveNote = defaultReserve
        ? QStringLiteral("Reserve: %1% on top of the rest for the CUDA/ROCm context, "
                         "allocator fragmentation and workspaces, the default for %2: %3; a "
                         "rule of thumb, not a measurement (--reserve sets it)")
              .arg(r.reservePercent)
              .arg(methodName(w.method), why)
        : QStringLiteral("Reserve: %1% on top of the rest, as given (--reserve); the default "
                         "for %2 is %3%: %4")
              .arg(r.reservePercent)
              .arg(methodName(w.method))
              .arg(defaultReservePercent(w.method))
              .arg(why);
    if (r.unknown) {
        QStringList missing;
        for (const Component c : components()) {
            if (!r.isKnown(c))
                missing << componentName(c);
        }
        r.unknown |= Component::Overhead;
        r.notes << reserveNote;
        r.notes << QStringLiteral("Total unknown, and with it the GPU counts: %1 unknown")
                       .arg(missing.join(QStringLiteral(", ")));
    } else {
        const Exact rest =
            Exact(r.weights) + r.gradients + r.optimizer + r.activations + r.logits + r.kvCache;
        const std::optional<qint64> overhead = (rest * r.reservePercent).ceilDiv(100).toInt64();
        if (!overhead || !(rest + *overhead).toInt64())
            return fail(overflow);
        r.overhead = *overhead;
        r.notes << reserveNote;
    }
    if (error)
        error->clear();
    return r;
}

std::optional<int> Sizing::gpusNeeded(const ModelShape &shape, const Workload &workload,
                                      qint64 memoryBytes, int maxGpus)
{
    Workload w = workload;
    // Inference splits the model over the GPUs without a tensor-parallel group size.
    const int step = w.method == Method::Inference ? 1 : std::max(1, w.tp);
    if (w.method == Method::Inference)
        w.tp = 1;
    const auto fits = [&](int groups) {
        w.gpus = groups * step;
        const std::optional<Breakdown> b = perGpu(shape, w);
        const std::optional<qint64> total = b ? b->total() : std::nullopt;
        return total && *total <= memoryBytes;
    };
    // Per-GPU memory never grows with the GPU count (every term is divided by it or constant),
    // so the smallest fitting count is found by bisection.
    int low = 1, high = std::max(0, maxGpus / step);
    if (high < 1 || !fits(high))
        return std::nullopt;
    while (low < high) {
        const int mid = low + (high - low) / 2;
        if (fits(mid))
            high = mid;
        else
            low = mid + 1;
    }
    return low * step;
}

std::optional<bool> Sizing::fitsOnOne(const ModelShape &shape, const Workload &workload,
                                      qint64 memoryBytes)
{
    Workload w = workload;
    w.gpus = 1;
    w.tp = 1;
    w.sp = false;
    const std::optional<Breakdown> b = perGpu(shape, w);
    const std::optional<qint64> total = b ? b->total() : std::nullopt;
    if (!total)
        return std::nullopt;
    return *total <= memoryBytes;
}

} // namespace everx
