// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/money.h"

#include <QtCore/QFlags>
#include <QtCore/QList>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <optional>

namespace everx {

class GpuCatalog;
struct GpuModel;

// Memory, time and cost of LLM workloads on the GPU models of the catalog: pure arithmetic on
// QtCore types, shared by the workload wizard and the everx-size command-line tool.
//
// Units: bytes are qint64 and a GB is 10^9 bytes, as the GPU vendors and the seed pages count
// ("80 GB"); parameter counts are plain integers. Formulas with fractional coefficients are
// evaluated in integers over a common denominator and rounded up once (a memory estimate must
// not come out smaller than the formula), so that a result is reproducible to the byte. Any
// intermediate that would overflow 64 bits makes the estimate fail with a message instead.
//
// Two modes:
// - Quick mode, the seeds' bytes-per-parameter rules counting 80% of memory. It reproduces the
//   seeds' "largest model per GPU" tables cell by cell (checkSeedTables()).
// - Detailed mode, from published formulas, each cited where it is used in sizing_memory.cpp:
//   model states per sharding strategy (ZeRO paper), activations per layer (Korthikanti et al.),
//   logits, KV cache, NF4 with double quantisation (QLoRA paper), LoRA adapters from the
//   projection widths (LoRA paper), and a reserve per method (the seeds' 80% of memory for
//   training, Transformer Math 101's x1.2 for inference).
// The parameter count may be unknown (0): the components it determines are then unknown
// (Breakdown::unknown), never guessed, and the others are still computed.
//
// A run's time and cost: FLOPs from the parameter count and the tokens (Kaplan et al. 2020's
// 6NT and 2N per token, Narayanan et al. 2021 for the backward pass and recomputation), GPU-hours
// at a model FLOPs utilisation of the dense BF16 peak, cost at a price per GPU-hour in cents.
//
// A plan (plan()): the run set up so that it fits a GPU model's memory on as few servers as it
// can. When the activations of the run as asked do not fit, it chooses tensor parallelism inside
// a server (with sequence parallelism) and full recomputation; and the placement its GPUs need
// on the exchange: one server, a cluster, or any servers (placement()).
class Sizing final
{
public:
    Sizing() = delete;

    enum class Method { Full, Lora, Qlora, Inference };
    // FSDP full shard is ZeRO-3 (same three model states sharded); "fsdp" parses to Zero3.
    enum class Strategy { Ddp, Zero1, Zero2, Zero3 };
    enum class Recompute { None, Selective, Full };
    // The linear projections of a layer that LoRA adapters can target, PEFT's names without
    // "_proj": the attention's q, k, v, o and the (SwiGLU) MLP's gate, up and down.
    enum class LoraTarget : quint8 {
        Q = 0x01,
        K = 0x02,
        V = 0x04,
        O = 0x08,
        Gate = 0x10,
        Up = 0x20,
        Down = 0x40,
    };
    Q_DECLARE_FLAGS(LoraTargets, LoraTarget)
    // The components of a per-GPU breakdown, in the order they are shown.
    enum class Component : quint8 {
        Weights = 0x01,
        Gradients = 0x02,
        Optimizer = 0x04,
        Activations = 0x08,
        Logits = 0x10,
        KvCache = 0x20,
        Overhead = 0x40,
    };
    Q_DECLARE_FLAGS(Components, Component)
    // Where a plan's GPUs must be (docs/architecture.md "The GPU catalog and sizing"), as an order
    // names it: Any servers, for data-parallel fine-tuning that exchanges only small adapter
    // gradients; one Server, for GPUs that share a model's weights or activations at every step;
    // a Cluster of servers of one provider on one fabric, past what one server holds.
    using Placement = everx::Placement;
    // What plan() changed from the workload as asked.
    enum class PlanChoice : quint8 {
        FullRecompute = 0x01, // full recomputation instead of the recomputation asked
        TensorParallel = 0x02, // tensor (and sequence) parallelism inside a server
    };
    Q_DECLARE_FLAGS(PlanChoices, PlanChoice)
    // Where a parameter count came from: given (a number or a preset), counted from a full
    // Llama-style shape, estimated from a partial shape (12 L h^2 + V h), or unknown.
    enum class ParameterOrigin { Given, Counted, Estimated, Unknown };

    // A transformer's shape. 0 means unknown: a field is only needed by the terms that use it,
    // and a term whose inputs are unknown is never guessed: unknown in the breakdown when it
    // needs the parameter count, left out with a note when it needs the run's shape.
    struct ModelShape
    {
        qint64 parameters = 0; // all weights, MoE experts included
        int layers = 0;
        int hidden = 0; // model width h
        int heads = 0; // attention (query) heads a
        int kvHeads = 0; // key/value heads (grouped-query attention); = heads for MHA
        int headDim = 0; // per-head width; hidden / heads for most models, not Gemma 2 9B
        int vocab = 0; // vocabulary size v
        int intermediate = 0; // MLP (FFN) width of one expert
        int experts = 1; // MoE experts per layer, all resident in memory
        bool tiedEmbeddings = false;

        // layers, hidden, heads, kvHeads and headDim are known: KV cache and attention adapters.
        bool hasAttentionShape() const;
        // ... and intermediate too: every projection of a layer is known (adapters, NF4 split).
        bool hasProjectionShape() const;
    };

    struct Workload
    {
        Method method = Method::Full;
        // Default ZeRO-3 / FSDP: "larger models shard over 8+ GPUs" (seeds); the seeds' 8-GPU
        // column divides all 16 bytes per parameter by 8, which is full sharding.
        Strategy strategy = Strategy::Zero3;
        int gradBytes = 2; // 2: fp16/bf16 gradients (ZeRO paper); 4: fp32 gradients
        int gpus = 1; // total GPUs; data-parallel degree is gpus / tp
        int tp = 1; // tensor-parallel degree
        bool sp = false; // sequence parallelism (with tensor parallelism)
        // See defaultRecompute(); set it together with the method.
        Recompute recompute = Recompute::Selective;
        qint64 seq = 0; // sequence length in tokens; 0: unknown
        qint64 batch = 0; // micro-batch per data-parallel rank; 0: unknown
        int kvBytes = 2; // bytes per KV-cache element: 2 fp16/bf16, 1 fp8, 4 fp32
        int loraRank = 16;
        LoraTargets loraTargets = allLinearTargets(); // PEFT's "all-linear"
        // The reserve on top of everything else, in percent; unset: the method's default
        // (defaultReservePercent()).
        std::optional<int> reservePercent;
    };

    // Bytes on each GPU. The overhead is the reserve: reservePercent on top of the rest.
    struct Breakdown
    {
        qint64 weights = 0;
        qint64 gradients = 0;
        qint64 optimizer = 0;
        qint64 activations = 0;
        qint64 logits = 0;
        qint64 kvCache = 0;
        qint64 overhead = 0;
        // The components the inputs do not determine (their fields hold 0): with the parameter
        // count unknown, the weights and whatever else scales with it, and then the reserve,
        // which is a share of everything. A term left out for want of a run shape (activations
        // without --seq) is not unknown but not counted: 0, with a note.
        Components unknown;
        int reservePercent = 0; // the reserve applied, percent on top of the rest

        bool isKnown(Component component) const { return !unknown.testFlag(component); }
        // One component's bytes; nullopt when unknown.
        std::optional<qint64> bytes(Component component) const;
        // The sum; nullopt when any component is unknown.
        std::optional<qint64> total() const;

        // Details for display: LoRA adapter parameters (whole model; unset for full training
        // and inference, or when unknown) and, for QLoRA, the parameters held in NF4 (the rest
        // stays 16-bit).
        std::optional<qint64> adapterParameters;
        qint64 quantisedParameters = 0;
        // One line each: the assumptions this estimate made and the terms it left out.
        QStringList notes;
    };

    // The time and cost of a run on one GPU model (see runFlops() and gpuHours()).
    struct RunEstimate
    {
        std::optional<double> gpuHours; // unset: FLOPs unknown or TFLOPS not published
        std::optional<double> wallHours; // unset: also when the GPU count is unknown
        std::optional<Cents> cost; // GPU-hours x price, rounded once; unset without either
    };

    // A run set up for one GPU model (plan()).
    struct Plan
    {
        // The workload as it runs: the asked one with the recomputation, tensor and sequence
        // parallelism chosen, and gpus the count (1 when no count fits).
        Workload workload;
        std::optional<int> gpus; // GPUs needed; unset: no count up to MaxSearchGpus fits
        // Per-GPU bytes at that count; as asked on one GPU when no count fits.
        std::optional<Breakdown> breakdown;
        PlanChoices chosen; // what changed from the workload as asked
        // The GPUs the workload as asked needs (no tensor parallelism); unset when it fits at no
        // count. Equal to gpus when nothing was chosen.
        std::optional<int> askedGpus;
        std::optional<Placement> placement; // unset when no count fits
        int serverGpus = 1; // the GPU model's largest server (GpuModel::serverGpus)
        // Servers of that size the GPUs fill, rounded up: 1 on one server; 0 without a count.
        int servers() const;
    };

    // Quick mode: an effective constant in thousandths of a byte per parameter (exact integer
    // arithmetic: 2.5 B/param is 2500), with its why.
    struct QuickRule
    {
        qint64 milliBytesPerParameter = 0;
        QString why;
    };

    // The columns of the seeds' "largest model per GPU" tables.
    enum class SeedColumn { FullTrain1Gpu, FullTrain8Gpu, QloraBase, Lora16Base };

    // One cell: what the quick rule computes next to what the seed page publishes.
    struct SeedCell
    {
        QString gpuId;
        QString gpuName;
        SeedColumn column = SeedColumn::FullTrain1Gpu;
        int memoryGb = 0;
        std::optional<int> published; // billions; unset where the page has no such cell
        int computed = 0; // billions, on the tables' rounding ladder
        // False where the page publishes a figure that the rule does not give: a cell that
        // follows no consistent rule. Cells the page does not publish are consistent.
        bool consistent() const { return !published || *published == computed; }
    };

    // An open-closed interval (low, high] of bytes per parameter; empty when low >= high.
    struct ConstantRange
    {
        double low = 0;
        double high = 0;
        bool isEmpty() const { return !(low < high); }
    };

    // --- names, for the command line and JSON --------------------------------------------------
    static QString methodName(Method method);
    static QString strategyName(Strategy strategy);
    static QString recomputeName(Recompute recompute);
    static QString columnName(SeedColumn column); // "full_1gpu", "full_8gpu", "qlora", "lora16"
    static QList<SeedColumn> seedColumns(); // every column, in the tables' order
    static QString componentName(Component component); // "weights", ..., "kv_cache", "overhead"
    static QList<Component> components(); // every component, in display order
    static QString loraTargetName(LoraTarget target); // "q", "gate"
    static QList<LoraTarget> loraTargets(); // every target, in PEFT's order
    static LoraTargets allLinearTargets()
    {
        return LoraTargets(LoraTarget::Q) | LoraTarget::K | LoraTarget::V | LoraTarget::O
            | LoraTarget::Gate | LoraTarget::Up | LoraTarget::Down;
    }
    // "q,k,v,o,gate,up,down"; the targets in PEFT's order, comma-separated.
    static QString loraTargetsText(LoraTargets targets);
    static std::optional<Method> parseMethod(QStringView text);
    static std::optional<Strategy> parseStrategy(QStringView text); // "fsdp" is Zero3
    static std::optional<Recompute> parseRecompute(QStringView text);
    // A comma-separated list of targets, each in our or PEFT's spelling ("q" or "q_proj",
    // any case), or "all-linear" / "all"; nullopt for an empty list or an unknown name.
    static std::optional<LoraTargets> parseLoraTargets(QStringView text);
    // "7e9", "7B", "70b", "1.5T", "350M", "6738415616": a positive parameter count, at most
    // MaxParameters; nullopt for anything else.
    static std::optional<qint64> parseParameterCount(QStringView text);
    // The same notation for any count up to max (tokens: "2T", "500M").
    static std::optional<qint64> parseCount(QStringView text, qint64 max);

    // The recomputation a run of this method uses unless told otherwise. Full training:
    // selective, because FlashAttention / PyTorch SDPA, the default attention of current
    // training stacks, never stores the a x s x s attention scores, which is exactly the 5as/h
    // term selective recomputation drops. LoRA and QLoRA: full (gradient checkpointing), as
    // the QLoRA paper and the common PEFT recipes run them; memory is their point.
    static Recompute defaultRecompute(Method method);

    // --- quick mode ----------------------------------------------------------------------------
    static constexpr int UsablePercent = 80; // the seeds: "counting 80% of memory"
    static constexpr qint64 BytesPerGb = 1'000'000'000; // vendors' and seeds' GB
    static constexpr qint64 MaxParameters = 1'000'000'000'000'000; // 10^15: far past any model

    // A count as messages and reports give it, grouped the en_US way: 6,738,415,616.
    static QString grouped(qint64 n);

    // The rule of a method; nullopt for inference, which the seeds give no rule for.
    static std::optional<QuickRule> quickRule(Method method);
    // 80% of memoryGb x gpus, in bytes.
    static qint64 usableBytes(int memoryGb, int gpus = 1);
    // Largest parameter count the rule allows (exact, rounded down), 0 without a rule.
    static qint64 quickLargestParameters(int memoryGb, int gpus, Method method);
    // The seeds' rounding ladder, always down: whole billions below 10B, steps of 5B from 10B
    // to 99B, steps of 10B from 100B. Returns billions.
    static int roundDownLikeSeeds(qint64 parameters);
    static int quickLargestBillions(int memoryGb, int gpus, Method method);
    // parameters x the rule's bytes per parameter, rounded up; 0 without a rule.
    static qint64 quickBytes(qint64 parameters, Method method);
    // GPUs of memoryGb needed under the quick rule, the model states sharded evenly; nullopt
    // without a rule.
    static std::optional<qint64> quickGpusNeeded(qint64 parameters, Method method, int memoryGb);

    // The four cells of one GPU, published or not.
    static QList<SeedCell> seedCells(const GpuModel &gpu);
    // Every published cell of the catalog (the seeds publish 36: 9 GPUs x 2 columns per page).
    static QList<SeedCell> checkSeedTables(const GpuCatalog &catalog);
    // Which constant would reproduce every published cell of a column: (low, high] in bytes
    // per parameter. Shows how tightly the tables pin the quick constants down.
    static ConstantRange consistentConstants(const GpuCatalog &catalog, SeedColumn column);
    static Method columnMethod(SeedColumn column);
    static int columnGpus(SeedColumn column);

    // --- detailed mode -------------------------------------------------------------------------
    static constexpr int MaxSearchGpus = 4096; // gpusNeeded() looks no further
    // The quick rules' share of memory left for runtime, allocator fragmentation and workspace:
    // the seeds count 80% of memory, so 20% of the total.
    static constexpr int OverheadPercentOfTotal = 100 - UsablePercent;
    // Detailed mode's reserve, on top of the rest. Training: the seeds' "counting 80% of
    // memory", the rest being 80% of the total, is 25% on top. Inference: Transformer Math 101
    // (Anthony, Biderman, Schoelkopf, EleutherAI 2023, "Total Inference Memory"): about 1.2x
    // the model's memory, 20% on top.
    static constexpr int TrainingReservePercent = 25;
    static constexpr int InferenceReservePercent = 20;
    static constexpr int MaxReservePercent = 1000;
    static int defaultReservePercent(Method method);
    // NF4 weights with double quantisation: 4 bits + 0.127 bits of constants per parameter
    // (Dettmers et al. 2023), in thousandths of a bit.
    static constexpr qint64 Nf4MilliBitsPerParameter = 4127;
    // Adam in mixed precision: fp32 master weights, momentum and variance, K = 12 (ZeRO paper).
    static constexpr int OptimizerBytesPerParameter = 12;

    // An empty string when shape and workload are consistent; otherwise one message naming the
    // input at fault. A parameter count of 0 is unknown, not wrong.
    static QString validate(const ModelShape &shape, const Workload &workload);
    // Fills in what a shape typed in part implies, and says so in notes: KV heads = heads
    // (multi-head attention) and head dim = hidden / heads when not given, and an unknown
    // parameter count from the shape: counted (estimateParameters()) when every projection and
    // the vocabulary are known, estimated (roughParameters()) when layers, hidden and vocab
    // are, else left unknown. An error when hidden is not a multiple of heads and no head dim
    // is given.
    struct Completion
    {
        ParameterOrigin origin = ParameterOrigin::Unknown;
        QStringList notes;
        QString error;
    };
    static Completion completeShape(ModelShape &shape);
    // Per-GPU memory at workload.gpus GPUs; nullopt with error set on invalid input or overflow.
    // With the parameter count unknown the components that need it are unknown, and the rest
    // is computed.
    static std::optional<Breakdown> perGpu(const ModelShape &shape, const Workload &workload,
                                           QString *error = nullptr);
    // Smallest GPU count (a multiple of tp for training) whose per-GPU total fits memoryBytes,
    // the workload's gpus replaced by the count; nullopt if none up to maxGpus does (plain DDP
    // never gains from more GPUs: its per-GPU memory does not shrink), or if the total is
    // unknown.
    static std::optional<int> gpusNeeded(const ModelShape &shape, const Workload &workload,
                                         qint64 memoryBytes, int maxGpus = MaxSearchGpus);
    // Whether the workload fits on a single GPU of memoryBytes (no tensor parallelism); nullopt
    // when the total is unknown.
    static std::optional<bool> fitsOnOne(const ModelShape &shape, const Workload &workload,
                                         qint64 memoryBytes);

    // --- a plan and its placement --------------------------------------------------------------
    // NVLink or Infinity Fabric: several GPUs can split a model's layers (tensor parallelism)
    // and exchange its gradients at every step without PCIe's slowdown (the seeds).
    static bool hasFastInterconnect(const GpuModel &gpu);
    // The run on gpu: the workload as asked (its gpus, tp and sp ignored) unless its activations
    // or unsharded states keep it from fitting one server. Candidates, cheapest in FLOPs first:
    //   1. as asked, no tensor parallelism;
    //   2. the asked recomputation with tensor parallelism t = 2, 4, 8 ... up to the GPU's
    //      largest server, with sequence parallelism (Korthikanti et al. 2022: activations split
    //      t ways), only over NVLink or Infinity Fabric and for t dividing the heads and the KV
    //      heads (Megatron-LM's rule);
    //   3. full recomputation (a third more FLOPs: Narayanan et al. 2021), then with tensor
    //      parallelism as in 2.
    // Inference has only the first. The plan is the first candidate whose count fits one server
    // within maxGpus; else the first within maxGpus; else the one of fewest GPUs (the first of
    // equals), which then breaks the limit. No count fits: gpus and placement unset, and the
    // breakdown as asked on one GPU.
    static Plan plan(const ModelShape &shape, const Workload &workload, const GpuModel &gpu,
                     int maxGpus = MaxSearchGpus);
    // Where gpus GPUs of gpu with this workload must be: Any for LoRA and QLoRA on PCIe cards
    // without tensor parallelism whose every GPU holds the whole base (not ZeRO-3 over several
    // GPUs: it gathers the weights at every step), since only the adapters' gradients cross
    // servers; otherwise one Server when gpus fit the GPU's largest server, a Cluster past it.
    static Placement placement(Method method, Strategy strategy, int gpus, int tp,
                               const GpuModel &gpu);

    // The formulas, public so that tests evaluate them against published worked examples.
    // Korthikanti et al. 2022, activation bytes of one transformer layer (see sizing_memory.cpp).
    static std::optional<qint64> activationBytesPerLayer(qint64 seq, qint64 batch, qint64 hidden,
                                                         qint64 heads, int tp, bool sp,
                                                         Recompute recompute);
    // 2 (K and V) x layers x kvHeads x headDim x seq x batch x kvBytes.
    static std::optional<qint64> kvCacheBytes(qint64 layers, qint64 kvHeads, qint64 headDim,
                                              qint64 seq, qint64 batch, qint64 kvBytes);
    // NF4 with double quantisation: parameters x 4.127 bits / 8, rounded up.
    static std::optional<qint64> nf4Bytes(qint64 parameters);
    // LoRA adapter parameters at rank r on the targets of every layer, r x (d_in + d_out) each
    // (the MLP's on every expert of an MoE layer); nullopt when a target's widths are unknown:
    // q and o need hidden, heads and head dim; k and v hidden, KV heads and head dim; gate, up
    // and down hidden and the MLP width. (perGpu() infers missing widths from the parameter
    // count with ModelPreset::inferShape().)
    static std::optional<qint64> loraAdapterParameters(const ModelShape &shape, int rank,
                                                       LoraTargets targets = allLinearTargets());
    // Parameters held in the linear projections of the transformer blocks (what QLoRA
    // quantises); 0 unless the shape has every projection.
    static qint64 blockLinearParameters(const ModelShape &shape);
    // Parameter count of a Llama-style decoder from its shape (untied or tied embeddings,
    // q/k/v/o without bias, SwiGLU MLP per expert, a router per MoE layer, two RMSNorms per layer
    // and a final one); 0 unless the shape has every projection and the vocabulary.
    static qint64 estimateParameters(const ModelShape &shape);
    // The textbook estimate from a partial shape, 12 L h^2 + V h: Kaplan et al. 2020 (Table 1)
    // count 2 d_model n_layer (2 d_attn + d_ff) = 12 n_layer d_model^2 non-embedding parameters
    // for d_attn = d_model and d_ff = 4 d_model, and Narayanan et al. 2021 add the V h token
    // embedding (dropping the per-layer 13 h of biases and norms). GPT-3 175B (96 layers,
    // d_model 12288, vocabulary 50257) gives 174.6B. 0 unless layers, hidden and vocab are known.
    static qint64 roughParameters(const ModelShape &shape);

    // --- a run's time and cost -----------------------------------------------------------------
    // Model FLOPs utilisation when none is given: 40%, within what published large runs
    // achieved on the dense BF16 peak: Llama 3 405B 38-43% on 8,192 to 16,384 H100s (Llama 3
    // Herd of Models, 2024, Table 4), PaLM 540B 46.2% on TPU v4 (Chowdhery et al. 2022).
    static constexpr double DefaultMfu = 0.40;
    static constexpr qint64 MaxTokens = MaxParameters;
    // FLOPs per parameter per token of the frozen or trained base: 6 for training (forward 2,
    // backward 4: gradients of inputs and of weights, Kaplan et al. 2020; Narayanan et al.
    // 2021), 8 with full recomputation (one more forward pass); 4 for LoRA and QLoRA (no
    // weight gradients for the frozen base: forward 2, input gradients 2), 6 with full
    // recomputation; 2 for inference (the forward pass only).
    static int flopsPerParameter(Method method, Recompute recompute);
    // FLOPs of a run over tokens (training tokens, or tokens processed in inference):
    // flopsPerParameter() x parameters x tokens, plus 6 x adapters x tokens for LoRA and
    // QLoRA (the adapters train like a small model). nullopt when the parameter count or the
    // tokens are unknown (0).
    static std::optional<double> runFlops(qint64 parameters, qint64 adapterParameters,
                                          Method method, Recompute recompute, qint64 tokens);
    // One line for the notes: the FLOP count used, with its sources.
    static QString runFlopsNote(Method method, Recompute recompute);
    // GPU-hours to deliver flops at mfu (0 < mfu <= 1) of a GPU's dense BF16 peak:
    // flops / (TFLOPS x 10^12 x mfu x 3600). nullopt without a published TFLOPS figure.
    static std::optional<double> gpuHours(double flops, std::optional<int> denseTflops, double mfu);
    // The run on gpus GPUs of a model with denseTflops, at a price per GPU-hour.
    static RunEstimate estimateRun(std::optional<double> flops, std::optional<int> denseTflops,
                                   std::optional<int> gpus, double mfu,
                                   std::optional<Cents> pricePerGpuHour);
    // pricePerGpuHour x gpuHours in cents, rounded once, half to even (Money::mulDiv), the
    // hours taken to the micro-hour first; nullopt past Money::MaxAmount or for bad input.
    static std::optional<Cents> runCost(Cents pricePerGpuHour, double gpuHours);
};

Q_DECLARE_OPERATORS_FOR_FLAGS(Sizing::LoraTargets)
Q_DECLARE_OPERATORS_FOR_FLAGS(Sizing::PlanChoices)
Q_DECLARE_OPERATORS_FOR_FLAGS(Sizing::Components)

} // namespace everx
