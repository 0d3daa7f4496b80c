#include "sizing/sizing.h"

#include "market/gpucatalog.h"
#include "sizing/modelpreset.h"

#include <QtCore/QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

// Sources of the detailed mode (cited again where each is used):
// [ZeRO]  S. Rajbhandari, J. Rasley, O. Ruwase, Y. He, "ZeRO: Memory Optimizations Toward
//         Training Trillion Parameter Models", SC 2020 (arXiv:1910.02054). Mixed-precision Adam
//         keeps 2 bytes of fp16 parameters, 2 bytes of fp16 gradients and K = 12 bytes of
//         optimizer states (fp32 parameter copy, momentum, variance) per parameter: 16 bytes.
//         ZeRO-1 (P_os) shards the optimizer states over the N_d data-parallel ranks, ZeRO-2
//         (P_os+g) gradients too, ZeRO-3 (P_os+g+p) the parameters too. Worked example in the
//         paper (Figure 1): 7.5B parameters, N_d = 64: 120 GB baseline, 31.4 GB, 16.6 GB and
//         1.9 GB per GPU.
// [Korthikanti] V. Korthikanti, J. Casper, S. Lym, L. McAfee, M. Andersch, M. Shoeybi,
//         B. Catanzaro, "Reducing Activation Recomputation in Large Transformer Models",
//         MLSys 2023 (arXiv:2205.05198, 2022). Activation bytes per transformer layer, 16-bit
//         activations, 1-byte dropout masks: sbh(34 + 5as/h) without parallelism;
//         sbh(10 + 24/t + 5as/(ht)) with tensor parallelism t; sbh/t (34 + 5as/h) with tensor
//         and sequence parallelism; selective recomputation drops the 5as/h term; full
//         recomputation keeps only the layer input, 2sbh. The loss's logits are kept in fp32:
//         4sbv/t bytes.
// [QLoRA] T. Dettmers, A. Pagnoni, A. Holtzman, L. Zettlemoyer, "QLoRA: Efficient Finetuning
//         of Quantized LLMs", NeurIPS 2023 (arXiv:2305.14314). 4-bit NormalFloat weights;
//         double quantisation cuts the quantisation constants from 0.5 to 0.127 bits per
//         parameter (block of 64 with an 8-bit constant, second-level block of 256 with a
//         32-bit constant: 8/64 + 32/(64 x 256) = 0.127).
// [LoRA]  E. Hu et al., "LoRA: Low-Rank Adaptation of Large Language Models", ICLR 2022
//         (arXiv:2106.09685). A rank-r adapter on a d_in x d_out projection has
//         r x (d_in + d_out) parameters.
// The inference KV cache (2 x layers x kv_heads x head_dim x bytes per token and sequence) is
// the standard accounting of grouped-query attention (Ainslie et al. 2023, "GQA",
// arXiv:2305.13245): K and V are stored once per KV head, not per query head.
// [PEFT]  Hugging Face PEFT's print_trainable_parameters() for meta-llama/Llama-2-7b-hf with
//         LoRA r = 16 on q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj and down_proj:
//         "trainable params: 39,976,960 || all params: 6,778,392,576 || trainable%: 0.5898";
//         r x (d_in + d_out) per projection from the config's widths gives exactly that.
// [TM101] Q. Anthony, S. Biderman, H. Schoelkopf, "Transformer Math 101", EleutherAI blog,
//         2023, "Total Inference Memory": about 1.2x the model's memory, the 20% being the
//         forward pass's overhead.
// [Kaplan] J. Kaplan et al., "Scaling Laws for Neural Language Models", 2020
//         (arXiv:2001.08361), section 2.1: a forward pass costs about 2N FLOPs per token, the
//         backward pass twice that, so training C = 6NT; N ~ 12 n_layer d_model^2 (Table 1).
// [Narayanan] D. Narayanan et al., "Efficient Large-Scale Language Model Training on GPU
//         Clusters Using Megatron-LM", SC 2021 (arXiv:2104.04473): the backward pass is twice
//         the forward because it computes gradients of both inputs and weights; full
//         activation recomputation adds one forward pass, 4x the forward in all (8NT);
//         parameters 12 l h^2 (1 + 13/(12h) + (V + s)/(12 l h)).

namespace everx {

namespace {

// Exact integer arithmetic in 128 bits that remembers overflow. Every byte count goes through
// it: absurd inputs make the estimate fail rather than wrap around.
class Exact
{
public:
    Exact() = default;
    Exact(qint64 value) // implicit: formulas read like the papers, "Exact(34) * s * b * h"
        : m_value(value)
    { }

    static Exact invalid()
    {
        Exact e;
        e.m_valid = false;
        return e;
    }
    bool valid() const { return m_valid; }
    Int128 value() const { return m_value; }

    friend Exact operator*(Exact a, Exact b)
    {
        Int128 r = 0;
        if (!a.m_valid || !b.m_valid || __builtin_mul_overflow(a.m_value, b.m_value, &r))
            return invalid();
        return fromWide(r);
    }
    friend Exact operator+(Exact a, Exact b)
    {
        Int128 r = 0;
        if (!a.m_valid || !b.m_valid || __builtin_add_overflow(a.m_value, b.m_value, &r))
            return invalid();
        return fromWide(r);
    }
    friend Exact operator-(Exact a, Exact b)
    {
        Int128 r = 0;
        if (!a.m_valid || !b.m_valid || __builtin_sub_overflow(a.m_value, b.m_value, &r))
            return invalid();
        return fromWide(r);
    }
    // Rounded up (for non-negative numerators): a memory estimate never rounds a byte away.
    Exact ceilDiv(Exact divisor) const
    {
        if (!m_valid || !divisor.m_valid || divisor.m_value <= 0)
            return invalid();
        return fromWide((m_value + divisor.m_value - 1) / divisor.m_value);
    }
    Exact floorDiv(Exact divisor) const
    {
        if (!m_valid || !divisor.m_valid || divisor.m_value <= 0)
            return invalid();
        return fromWide(m_value / divisor.m_value);
    }
    // The result as bytes: must be valid, non-negative and fit in 64 bits.
    std::optional<qint64> toInt64() const
    {
        if (!m_valid || m_value < 0 || m_value > Int128(std::numeric_limits<qint64>::max()))
            return std::nullopt;
        return qint64(m_value);
    }

private:
    static Exact fromWide(Int128 v)
    {
        Exact e;
        e.m_value = v;
        return e;
    }

    Int128 m_value = 0;
    bool m_valid = true;
};

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

// The seeds' rounding step at a figure in billions.
int seedStep(qint64 billions)
{
    return billions < 10 ? 1 : billions < 100 ? 5 : 10;
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

// --- names ---------------------------------------------------------------------------------------

QString Sizing::grouped(qint64 n)
{
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    return english.toString(n);
}

QString Sizing::methodName(Method method)
{
    switch (method) {
    case Method::Full:
        return QStringLiteral("full");
    case Method::Lora:
        return QStringLiteral("lora");
    case Method::Qlora:
        return QStringLiteral("qlora");
    case Method::Inference:
        return QStringLiteral("inference");
    }
    return {};
}

QString Sizing::strategyName(Strategy strategy)
{
    switch (strategy) {
    case Strategy::Ddp:
        return QStringLiteral("ddp");
    case Strategy::Zero1:
        return QStringLiteral("zero1");
    case Strategy::Zero2:
        return QStringLiteral("zero2");
    case Strategy::Zero3:
        return QStringLiteral("zero3");
    }
    return {};
}

QString Sizing::recomputeName(Recompute recompute)
{
    switch (recompute) {
    case Recompute::None:
        return QStringLiteral("none");
    case Recompute::Selective:
        return QStringLiteral("selective");
    case Recompute::Full:
        return QStringLiteral("full");
    }
    return {};
}

QString Sizing::columnName(SeedColumn column)
{
    switch (column) {
    case SeedColumn::FullTrain1Gpu:
        return QStringLiteral("full_1gpu");
    case SeedColumn::FullTrain8Gpu:
        return QStringLiteral("full_8gpu");
    case SeedColumn::QloraBase:
        return QStringLiteral("qlora");
    case SeedColumn::Lora16Base:
        return QStringLiteral("lora16");
    }
    return {};
}

QString Sizing::componentName(Component component)
{
    switch (component) {
    case Component::Weights:
        return QStringLiteral("weights");
    case Component::Gradients:
        return QStringLiteral("gradients");
    case Component::Optimizer:
        return QStringLiteral("optimizer");
    case Component::Activations:
        return QStringLiteral("activations");
    case Component::Logits:
        return QStringLiteral("logits");
    case Component::KvCache:
        return QStringLiteral("kv_cache");
    case Component::Overhead:
        return QStringLiteral("overhead");
    }
    return {};
}

QList<Sizing::Component> Sizing::components()
{
    return {Component::Weights, Component::Gradients, Component::Optimizer, Component::Activations,
            Component::Logits,  Component::KvCache,   Component::Overhead};
}

QString Sizing::loraTargetName(LoraTarget target)
{
    switch (target) {
    case LoraTarget::Q:
        return QStringLiteral("q");
    case LoraTarget::K:
        return QStringLiteral("k");
    case LoraTarget::V:
        return QStringLiteral("v");
    case LoraTarget::O:
        return QStringLiteral("o");
    case LoraTarget::Gate:
        return QStringLiteral("gate");
    case LoraTarget::Up:
        return QStringLiteral("up");
    case LoraTarget::Down:
        return QStringLiteral("down");
    }
    return {};
}

QList<Sizing::LoraTarget> Sizing::loraTargets()
{
    return {LoraTarget::Q,    LoraTarget::K,  LoraTarget::V,   LoraTarget::O,
            LoraTarget::Gate, LoraTarget::Up, LoraTarget::Down};
}

QString Sizing::loraTargetsText(LoraTargets targets)
{
    QStringList names;
    for (const LoraTarget t : loraTargets()) {
        if (targets.testFlag(t))
            names << loraTargetName(t);
    }
    return names.join(u',');
}

std::optional<Sizing::LoraTargets> Sizing::parseLoraTargets(QStringView text)
{
    const QStringView t = text.trimmed();
    if (t.compare(u"all-linear", Qt::CaseInsensitive) == 0
        || t.compare(u"all", Qt::CaseInsensitive) == 0)
        return allLinearTargets();
    LoraTargets targets;
    for (QStringView item : t.split(u',')) {
        item = item.trimmed();
        if (item.endsWith(u"_proj", Qt::CaseInsensitive))
            item.chop(5);
        const QList<LoraTarget> all = loraTargets();
        const auto it = std::find_if(all.cbegin(), all.cend(), [item](LoraTarget target) {
            return item.compare(loraTargetName(target), Qt::CaseInsensitive) == 0;
        });
        if (it == all.cend())
            return std::nullopt;
        targets |= *it;
    }
    if (!targets)
        return std::nullopt;
    return targets;
}

std::optional<Sizing::Method> Sizing::parseMethod(QStringView text)
{
    for (Method m : {Method::Full, Method::Lora, Method::Qlora, Method::Inference}) {
        if (text.compare(methodName(m), Qt::CaseInsensitive) == 0)
            return m;
    }
    return std::nullopt;
}

std::optional<Sizing::Strategy> Sizing::parseStrategy(QStringView text)
{
    if (text.compare(u"fsdp", Qt::CaseInsensitive) == 0)
        return Strategy::Zero3;
    for (Strategy s : {Strategy::Ddp, Strategy::Zero1, Strategy::Zero2, Strategy::Zero3}) {
        if (text.compare(strategyName(s), Qt::CaseInsensitive) == 0)
            return s;
    }
    return std::nullopt;
}

std::optional<Sizing::Recompute> Sizing::parseRecompute(QStringView text)
{
    for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full}) {
        if (text.compare(recomputeName(r), Qt::CaseInsensitive) == 0)
            return r;
    }
    return std::nullopt;
}

std::optional<qint64> Sizing::parseParameterCount(QStringView text)
{
    return parseCount(text, MaxParameters);
}

std::optional<qint64> Sizing::parseCount(QStringView text, qint64 max)
{
    QStringView t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    // A trailing K, M, B or T (either case) is a decimal multiplier: "7B" is 7 x 10^9.
    double multiplier = 1;
    switch (t.back().toUpper().unicode()) {
    case u'K':
        multiplier = 1e3;
        break;
    case u'M':
        multiplier = 1e6;
        break;
    case u'B':
        multiplier = 1e9;
        break;
    case u'T':
        multiplier = 1e12;
        break;
    default:
        break;
    }
    if (multiplier != 1)
        t.chop(1);
    // Digits, one optional decimal point, an optional exponent; no sign, no group separators,
    // no "inf"/"nan" (which QLocale::toDouble would accept).
    bool digitSeen = false, pointSeen = false, exponentSeen = false;
    for (qsizetype i = 0; i < t.size(); ++i) {
        const char16_t c = t.at(i).unicode();
        if (c >= u'0' && c <= u'9') {
            digitSeen = true;
        } else if (c == u'.' && !pointSeen && !exponentSeen) {
            pointSeen = true;
        } else if ((c == u'e' || c == u'E') && digitSeen && !exponentSeen && i + 1 < t.size()) {
            exponentSeen = true;
            if (t.at(i + 1) == u'+' || t.at(i + 1) == u'-')
                ++i;
            if (i + 1 >= t.size())
                return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    if (!digitSeen)
        return std::nullopt;
    bool ok = false;
    const double value = QLocale::c().toDouble(t, &ok) * multiplier;
    // The double is exact for every count below 2^53 (9 x 10^15 > MaxParameters).
    if (!ok || !(value >= 0.5) || value > double(std::min(max, MaxParameters)))
        return std::nullopt;
    return qint64(std::llround(value));
}

Sizing::Recompute Sizing::defaultRecompute(Method method)
{
    return method == Method::Lora || method == Method::Qlora ? Recompute::Full
                                                             : Recompute::Selective;
}

int Sizing::defaultReservePercent(Method method)
{
    return method == Method::Inference ? InferenceReservePercent : TrainingReservePercent;
}

// --- quick mode ----------------------------------------------------------------------------------

std::optional<Sizing::QuickRule> Sizing::quickRule(Method method)
{
    switch (method) {
    case Method::Full:
        // The seeds' own figure and the ZeRO paper's: 2 (fp16 weights) + 2 (fp16 gradients) +
        // 12 (fp32 master weights, momentum, variance) = 16 bytes per parameter, before
        // activations. The published columns allow any constant in (15.36, 16]: 16 is their
        // upper end (80 GB and B200 cells land exactly on the rounding boundary).
        return QuickRule {16'000,
                          QStringLiteral("16 B/param: 2 B fp16 weights + 2 B gradients + 12 B Adam "
                                         "states (fp32 master, momentum, variance), before "
                                         "activations (seeds; ZeRO paper, K=12)")};
    case Method::Lora:
        // 2 B/param is the frozen 16-bit base (seeds). The other 0.5 B/param is headroom that
        // the Turkish table leaves "for each" method: adapters with their gradients and Adam
        // states (about 16 B per adapter parameter x 0.3-1% of the parameters at rank 16 =
        // 0.05-0.16 B/param) and activations at moderate sequence length (the rest).
        // Calibrated, not derived: any constant in (2.40, 2.507] reproduces all nine published
        // cells, and 2.5 is the round value in that interval.
        return QuickRule {2'500,
                          QStringLiteral("2.5 B/param: 2 B frozen 16-bit base (seeds) + 0.5 B "
                                         "headroom for adapters, their Adam states and "
                                         "activations at moderate sequence length; calibrated "
                                         "to the published table, which allows (2.40, 2.51]")};
    case Method::Qlora:
        // NF4 with double quantisation is 4.127 bits = 0.516 B/param [QLoRA]; the other
        // ~0.5 B/param is headroom: layers kept in 16 bit (embeddings, output layer: 0.03-0.06
        // B/param for 7-70B models), adapters with their Adam states, activations. Calibrated:
        // any constant in (0.985, 1.024] reproduces all nine published cells; 1.0 is the round
        // value in that interval ("well under 1 byte per parameter" is the weights alone).
        return QuickRule {1'000,
                          QStringLiteral("1.0 B/param: 0.52 B NF4 weights with double "
                                         "quantisation (QLoRA paper) + ~0.5 B headroom for "
                                         "16-bit layers, adapters, their Adam states and "
                                         "activations; calibrated to the published table, "
                                         "which allows (0.985, 1.024]")};
    case Method::Inference:
        break;
    }
    return std::nullopt;
}

qint64 Sizing::usableBytes(int memoryGb, int gpus)
{
    return (Exact(memoryGb) * gpus * BytesPerGb * UsablePercent)
        .floorDiv(100)
        .toInt64()
        .value_or(0);
}

qint64 Sizing::quickLargestParameters(int memoryGb, int gpus, Method method)
{
    const std::optional<QuickRule> rule = quickRule(method);
    if (!rule || memoryGb <= 0 || gpus <= 0)
        return 0;
    // usable bytes / (milli-bytes per parameter / 1000), rounded down: exact in integers, so
    // that a cell on a boundary (80 GB x 0.8 / 16 = 4.0) is not lost to binary fractions.
    return (Exact(memoryGb) * gpus * BytesPerGb * UsablePercent * 10)
        .floorDiv(rule->milliBytesPerParameter)
        .toInt64()
        .value_or(0);
}

int Sizing::roundDownLikeSeeds(qint64 parameters)
{
    if (parameters <= 0)
        return 0;
    const qint64 billions = parameters / BytesPerGb; // 10^9 parameters, rounded down
    const int step = seedStep(billions);
    return int(billions - billions % step);
}

int Sizing::quickLargestBillions(int memoryGb, int gpus, Method method)
{
    return roundDownLikeSeeds(quickLargestParameters(memoryGb, gpus, method));
}

qint64 Sizing::quickBytes(qint64 parameters, Method method)
{
    const std::optional<QuickRule> rule = quickRule(method);
    if (!rule || parameters <= 0)
        return 0;
    return (Exact(parameters) * rule->milliBytesPerParameter).ceilDiv(1000).toInt64().value_or(0);
}

std::optional<qint64> Sizing::quickGpusNeeded(qint64 parameters, Method method, int memoryGb)
{
    const qint64 bytes = quickBytes(parameters, method);
    const qint64 usable = usableBytes(memoryGb);
    if (bytes <= 0 || usable <= 0)
        return std::nullopt;
    return Exact(bytes).ceilDiv(usable).toInt64();
}

Sizing::Method Sizing::columnMethod(SeedColumn column)
{
    switch (column) {
    case SeedColumn::FullTrain1Gpu:
    case SeedColumn::FullTrain8Gpu:
        return Method::Full;
    case SeedColumn::QloraBase:
        return Method::Qlora;
    case SeedColumn::Lora16Base:
        return Method::Lora;
    }
    return Method::Full;
}

int Sizing::columnGpus(SeedColumn column)
{
    // The 8-GPU column is the 1-GPU rule over 8 x the memory: all model states sharded evenly.
    return column == SeedColumn::FullTrain8Gpu ? 8 : 1;
}

QList<Sizing::SeedCell> Sizing::seedCells(const GpuModel &gpu)
{
    const std::pair<SeedColumn, std::optional<int>> columns[] = {
        {SeedColumn::FullTrain1Gpu, gpu.seedFullTrain1Gpu},
        {SeedColumn::FullTrain8Gpu, gpu.seedFullTrain8Gpu},
        {SeedColumn::QloraBase, gpu.seedQloraBase},
        {SeedColumn::Lora16Base, gpu.seedLora16Base},
    };
    QList<SeedCell> cells;
    for (const auto &[column, published] : columns) {
        SeedCell cell;
        cell.gpuId = gpu.id;
        cell.gpuName = gpu.name;
        cell.column = column;
        cell.memoryGb = gpu.memoryGb;
        cell.published = published;
        cell.computed =
            quickLargestBillions(gpu.memoryGb, columnGpus(column), columnMethod(column));
        cells.append(cell);
    }
    return cells;
}

QList<Sizing::SeedCell> Sizing::checkSeedTables(const GpuCatalog &catalog)
{
    QList<SeedCell> published;
    for (const GpuModel &gpu : catalog.gpus()) {
        for (const SeedCell &cell : seedCells(gpu)) {
            if (cell.published)
                published.append(cell);
        }
    }
    return published;
}

Sizing::ConstantRange Sizing::consistentConstants(const GpuCatalog &catalog, SeedColumn column)
{
    // A published figure P on the ladder means the exact largest model x = usable / c lies in
    // [P, P + step): c in (usable / (P + step), usable / P]. Intersect over the column.
    ConstantRange range {0, std::numeric_limits<double>::infinity()};
    for (const GpuModel &gpu : catalog.gpus()) {
        for (const SeedCell &cell : seedCells(gpu)) {
            if (cell.column != column || !cell.published || *cell.published <= 0)
                continue;
            const double usableGb =
                double(usableBytes(gpu.memoryGb, columnGpus(column))) / double(BytesPerGb);
            const int p = *cell.published;
            range.low = std::max(range.low, usableGb / double(p + seedStep(p)));
            range.high = std::min(range.high, usableGb / double(p));
        }
    }
    return range;
}

// --- detailed mode -------------------------------------------------------------------------------

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

// --- a run's time and cost -----------------------------------------------------------------------

int Sizing::flopsPerParameter(Method method, Recompute recompute)
{
    const int recomputed = recompute == Recompute::Full ? 2 : 0; // [Narayanan] one more forward
    switch (method) {
    case Method::Full:
        return 6 + recomputed; // [Kaplan] forward 2 + backward 4
    case Method::Lora:
    case Method::Qlora:
        return 4 + recomputed; // forward 2 + input gradients 2; no weight gradients
    case Method::Inference:
        return 2; // [Kaplan] the forward pass
    }
    return 0;
}

std::optional<double> Sizing::runFlops(qint64 parameters, qint64 adapterParameters, Method method,
                                       Recompute recompute, qint64 tokens)
{
    if (parameters <= 0 || tokens <= 0 || adapterParameters < 0)
        return std::nullopt;
    // Doubles: a 405B model over 15.6T tokens is 3.8 x 10^25 FLOPs, past any integer type,
    // and an estimate needs no more than double's 15 significant digits.
    double flops =
        double(flopsPerParameter(method, recompute)) * double(parameters) * double(tokens);
    if (method == Method::Lora || method == Method::Qlora)
        flops += 6.0 * double(adapterParameters) * double(tokens);
    return flops;
}

QString Sizing::runFlopsNote(Method method, Recompute recompute)
{
    switch (method) {
    case Method::Full:
        if (recompute == Recompute::Full)
            return QStringLiteral("Run FLOPs: 8 x parameters x tokens: forward 2, backward 4 "
                                  "(gradients of inputs and of weights) and, with full "
                                  "recomputation, the forward pass again (Kaplan et al. 2020; "
                                  "Narayanan et al. 2021)");
        return QStringLiteral("Run FLOPs: 6 x parameters x tokens: forward 2, backward 4 "
                              "(gradients of inputs and of weights) (Kaplan et al. 2020; "
                              "Narayanan et al. 2021)%1")
            .arg(recompute == Recompute::Selective
                     ? QStringLiteral("; selective recomputation's extra attention FLOPs (a few "
                                      "percent, Korthikanti et al. 2022) are not counted")
                     : QString());
    case Method::Lora:
    case Method::Qlora: {
        QString note =
            QStringLiteral("Run FLOPs: %1 x parameters x tokens + 6 x adapters x tokens: the "
                           "frozen base costs its forward pass (2) and the gradients of its "
                           "inputs (2) but no weight gradients (the backward pass's other half, "
                           "Narayanan et al. 2021)%2; Hu et al. 2021 measured LoRA at 43.1 "
                           "against 32.5 tokens/s per V100 for full fine-tuning of GPT-3 175B")
                .arg(flopsPerParameter(method, recompute))
                .arg(recompute == Recompute::Full
                         ? QStringLiteral(", plus a forward pass again for full recomputation")
                         : QString());
        if (method == Method::Qlora)
            note += QStringLiteral("; the dequantisation of the NF4 weights in every pass is "
                                   "memory traffic, not tensor FLOPs, and not counted: QLoRA "
                                   "steps are slower than LoRA's (Dettmers et al. 2023), so "
                                   "consider a lower --mfu");
        return note;
    }
    case Method::Inference:
        return QStringLiteral("Run FLOPs: 2 x parameters x tokens processed, prompt and generated "
                              "(Kaplan et al. 2020, C_forward = 2N; attention over the context "
                              "is not counted); decoding a few sequences at a time is limited by "
                              "memory bandwidth, not FLOPs, so the time is a lower bound unless "
                              "many sequences are served at once");
    }
    return {};
}

std::optional<double> Sizing::gpuHours(double flops, std::optional<int> denseTflops, double mfu)
{
    if (!denseTflops || *denseTflops <= 0 || !(mfu > 0) || mfu > 1 || !(flops >= 0))
        return std::nullopt;
    return flops / (double(*denseTflops) * 1e12 * mfu * 3600.0);
}

Sizing::RunEstimate Sizing::estimateRun(std::optional<double> flops, std::optional<int> denseTflops,
                                        std::optional<int> gpus, double mfu,
                                        std::optional<Cents> pricePerGpuHour)
{
    RunEstimate e;
    if (!flops)
        return e;
    e.gpuHours = gpuHours(*flops, denseTflops, mfu);
    if (!e.gpuHours)
        return e;
    // The FLOPs spread evenly over the GPUs (data parallel, no loss to communication beyond
    // what the utilisation already takes).
    if (gpus && *gpus > 0)
        e.wallHours = *e.gpuHours / double(*gpus);
    if (pricePerGpuHour)
        e.cost = runCost(*pricePerGpuHour, *e.gpuHours);
    return e;
}

std::optional<Cents> Sizing::runCost(Cents pricePerGpuHour, double gpuHours)
{
    if (pricePerGpuHour < 0 || !std::isfinite(gpuHours) || gpuHours < 0)
        return std::nullopt;
    // Hours to the micro-hour (3.6 ms), then the one money rounding: price x micro-hours /
    // 10^6, half to even, in Money.
    const double micro = std::round(gpuHours * 1e6);
    if (micro > 9.0e18)
        return std::nullopt;
    const qint64 microHours = qint64(micro);
    if (Int128(pricePerGpuHour) * microHours > Int128(Money::MaxAmount) * 1'000'000)
        return std::nullopt;
    return Money::mulDiv(pricePerGpuHour, microHours, 1'000'000);
}

} // namespace everx
