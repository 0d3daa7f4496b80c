#pragma once

#include <QtCore/QList>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <optional>

namespace everx {

class GpuCatalog;
struct GpuModel;

// Memory sizing of LLM workloads on one GPU model (issue 5): pure arithmetic on QtCore types,
// shared by the workload wizard and the everx-size command-line tool.
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
// - Detailed mode, from published formulas, each cited where it is used in sizing.cpp:
//   model states per sharding strategy (ZeRO paper), activations per layer (Korthikanti et al.),
//   logits, KV cache, NF4 with double quantisation (QLoRA paper), and a 20% reserve of memory.
class Sizing final
{
public:
    Sizing() = delete;

    enum class Method { Full, Lora, Qlora, Inference };
    // FSDP full shard is ZeRO-3 (same three model states sharded); "fsdp" parses to Zero3.
    enum class Strategy { Ddp, Zero1, Zero2, Zero3 };
    enum class Recompute { None, Selective, Full };

    // A transformer's shape. 0 means unknown: a field is only needed by the terms that use it,
    // and a term whose inputs are unknown is left out (and a note says so), never guessed.
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
    };

    // Bytes on each GPU. total() = the sum; overhead is a 20% reserve of the total (see cpp).
    struct Breakdown
    {
        qint64 weights = 0;
        qint64 gradients = 0;
        qint64 optimizer = 0;
        qint64 activations = 0;
        qint64 logits = 0;
        qint64 kvCache = 0;
        qint64 overhead = 0;
        qint64 total() const;

        // Details for display: LoRA adapter parameters (whole model) and, for QLoRA, the
        // parameters held in NF4 (the rest stays 16-bit).
        qint64 adapterParameters = 0;
        qint64 quantisedParameters = 0;
        // One line each: the assumptions this estimate made and the terms it left out.
        QStringList notes;
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
    static std::optional<Method> parseMethod(QStringView text);
    static std::optional<Strategy> parseStrategy(QStringView text); // "fsdp" is Zero3
    static std::optional<Recompute> parseRecompute(QStringView text);
    // "7e9", "7B", "70b", "1.5T", "350M", "6738415616": a positive parameter count, at most
    // MaxParameters; nullopt for anything else.
    static std::optional<qint64> parseParameterCount(QStringView text);

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
    // The reserve for runtime, allocator fragmentation and workspace: 20% of memory, the seeds'
    // "counting 80% of memory" (overhead = 25% of everything else, so 20% of the total).
    static constexpr int OverheadPercentOfTotal = 100 - UsablePercent;
    // NF4 weights with double quantisation: 4 bits + 0.127 bits of constants per parameter
    // (Dettmers et al. 2023), in thousandths of a bit.
    static constexpr qint64 Nf4MilliBitsPerParameter = 4127;
    // Adam in mixed precision: fp32 master weights, momentum and variance, K = 12 (ZeRO paper).
    static constexpr int OptimizerBytesPerParameter = 12;

    // An empty string when shape and workload are consistent; otherwise one message naming the
    // input at fault.
    static QString validate(const ModelShape &shape, const Workload &workload);
    // Per-GPU memory at workload.gpus GPUs; nullopt with error set on invalid input or overflow.
    static std::optional<Breakdown> perGpu(const ModelShape &shape, const Workload &workload,
                                           QString *error = nullptr);
    // Smallest GPU count (a multiple of tp for training) whose per-GPU total fits memoryBytes,
    // the workload's gpus replaced by the count; nullopt if none up to maxGpus does (plain DDP
    // never gains from more GPUs: its per-GPU memory does not shrink).
    static std::optional<int> gpusNeeded(const ModelShape &shape, const Workload &workload,
                                         qint64 memoryBytes, int maxGpus = MaxSearchGpus);
    // Whether the workload fits on a single GPU of memoryBytes (no tensor parallelism).
    static bool fitsOnOne(const ModelShape &shape, const Workload &workload, qint64 memoryBytes);

    // The formulas, public so that tests evaluate them against published worked examples.
    // Korthikanti et al. 2022, activation bytes of one transformer layer (see sizing.cpp).
    static std::optional<qint64> activationBytesPerLayer(qint64 seq, qint64 batch, qint64 hidden,
                                                         qint64 heads, int tp, bool sp,
                                                         Recompute recompute);
    // 2 (K and V) x layers x kvHeads x headDim x seq x batch x kvBytes.
    static std::optional<qint64> kvCacheBytes(qint64 layers, qint64 kvHeads, qint64 headDim,
                                              qint64 seq, qint64 batch, qint64 kvBytes);
    // NF4 with double quantisation: parameters x 4.127 bits / 8, rounded up.
    static std::optional<qint64> nf4Bytes(qint64 parameters);
    // LoRA adapter parameters at rank r on q, k, v, o and the MLP's gate, up and down
    // projections of every layer (every expert of an MoE layer); from the shape when it has
    // every projection, otherwise 1% of the parameters at rank 16, scaled by rank.
    static qint64 loraAdapterParameters(const ModelShape &shape, int rank);
    // Parameters held in the linear projections of the transformer blocks (what QLoRA
    // quantises); 0 unless the shape has every projection.
    static qint64 blockLinearParameters(const ModelShape &shape);
    // Parameter count of a Llama-style decoder from its shape (untied or tied embeddings,
    // q/k/v/o without bias, SwiGLU MLP per expert, a router per MoE layer, two RMSNorms per layer
    // and a final one); 0 unless the shape has every projection and the vocabulary.
    static qint64 estimateParameters(const ModelShape &shape);
};

} // namespace everx
