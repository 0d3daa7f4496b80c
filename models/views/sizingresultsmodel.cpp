#include "views/sizingresultsmodel.h"

#include "market/marketrules.h"

#include "views/marketwatchmodel.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>

namespace everx {

namespace {

const QString Dash = QStringLiteral("\u2014");

// Interconnects that keep a sharded job's per-step exchange fast (the seeds: "SXM boards with
// NVLink, or AMD Infinity Fabric"); anything else, PCIe, is not.
bool fastInterconnect(const GpuModel &gpu)
{
    return gpu.interconnect == u"NVLink" || gpu.interconnect == u"Infinity Fabric";
}

qint64 ceilDiv(qint64 a, qint64 b)
{
    return (a + b - 1) / b;
}

constexpr TableModel::ColumnTitle SizingResultsTitles[] = {
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "GPU", ""),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "Memory", ""),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "Fits", "whether the workload fits"),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "GPUs", ""),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "Per GPU", "memory needed on each GPU"),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "Price per hour", ""),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "Run time",
                       "wall-clock hours of the whole run"),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "Run cost", "cost of the whole run"),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "TFLOPS per $/h",
                       "dense BF16 TFLOPS per dollar-hour"),
    QT_TRANSLATE_NOOP3("everx::SizingResultsModel", "Excluded because", ""),
};
static_assert(std::size(SizingResultsTitles) == SizingResultsModel::ColumnCount);

} // namespace

// --- Result --------------------------------------------------------------------------------------

SizingResultsModel::Tier SizingResultsModel::Result::tier() const
{
    if (!fits())
        return Tier::DoesNotFit;
    return exclusions == NoExclusion ? Tier::Eligible : Tier::Excluded;
}

std::optional<Cents> SizingResultsModel::Result::pricePerHour() const
{
    if (!gpus || !ask)
        return std::nullopt;
    return Cents(*gpus) * *ask;
}

std::optional<double> SizingResultsModel::Result::value() const
{
    if (!gpu || !gpu->bf16DenseTflops || !ask || *ask <= 0)
        return std::nullopt;
    // count x TFLOPS / (count x ask): the count cancels.
    return double(*gpu->bf16DenseTflops) * 100.0 / double(*ask);
}

// --- the model -----------------------------------------------------------------------------------

SizingResultsModel::SizingResultsModel(const GpuCatalog &catalog, QObject *parent)
    : TableModel(SizingResultsTitles, parent)
    , m_catalog(catalog)
{ }

SizingResultsModel::~SizingResultsModel() = default;

int SizingResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

QVariant SizingResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::ToolTipRole)
        return TableModel::headerData(section, orientation, role);
    switch (section) {
    case Gpu:
        return TableModel::headerData(section, orientation, Qt::DisplayRole);
    case Memory:
        return tr("Memory of one GPU");
    case Fits:
        return tr("Whether some number of these GPUs holds the workload");
    case Gpus:
        return tr("How many of these GPUs the workload needs");
    case PerGpu:
        return tr("Memory the workload needs on each GPU, reserve included");
    case PricePerHour:
        return tr("All the GPUs needed, at the best offer now, excluding tax");
    case RunHours:
        return tr("Wall-clock hours of the whole run on the GPUs needed");
    case RunCost:
        return tr("GPU-hours of the whole run at the best offer now, tax included");
    case Value:
        return tr("Dense BF16 TFLOPS per dollar-hour: more is better");
    case Excluded:
        return tr("Why a GPU that fits is left out by your limits");
    }
    return {};
}

QVariant SizingResultsModel::roleData(int row, int column, int role) const
{
    const Result &r = m_results.at(row);
    const GpuModel &gpu = *r.gpu;
    switch (role) {
    case GpuIdRole:
        return gpu.id;
    case TierRole:
        return int(r.tier());
    case Qt::TextAlignmentRole:
        return column == Gpu || column == Excluded ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == Gpu)
            return tr("%1, %2, %3 GB %4, %5")
                .arg(gpu.name, gpu.architecture)
                .arg(gpu.memoryGb)
                .arg(gpu.memoryType, gpu.interconnect);
        if (column == PricePerHour && r.pricePerHour())
            return tr("%n GPU(s) at the best offer of %1 per GPU-hour", "", *r.gpus)
                .arg(Money::format(*r.ask, m_locale));
        if ((column == RunHours || column == RunCost) && r.run.gpuHours)
            return tr("%1 GPU-hours: rent %n hour(s) on the GPUs needed", "",
                      hoursToRent(row).value_or(0))
                .arg(m_locale.toString(*r.run.gpuHours, 'f', 1));
        if (column == Excluded)
            return cell(row, column, false);
        return {};
    }
    return {};
}

QVariant SizingResultsModel::cell(int row, int column, bool raw) const
{
    const Result &r = m_results.at(row);
    const GpuModel &gpu = *r.gpu;
    const auto gigabytes = [this](qint64 bytes) {
        return tr("%1 GB").arg(
            m_locale.toString(double(bytes) / double(Sizing::BytesPerGb), 'f', 1));
    };
    switch (column) {
    case Gpu:
        return raw ? QVariant(r.catalogIndex) : QVariant(gpu.name);
    case Memory:
        return raw ? QVariant(gpu.memoryGb)
                   : QVariant(tr("%1 GB").arg(m_locale.toString(gpu.memoryGb)));
    case Fits:
        return raw ? QVariant(r.fits()) : QVariant(r.fits() ? tr("Yes") : tr("No"));
    case Gpus:
        if (raw)
            return r.gpus ? QVariant(*r.gpus) : QVariant();
        return r.gpus ? m_locale.toString(*r.gpus) : Dash;
    case PerGpu: {
        const std::optional<qint64> total = r.breakdown ? r.breakdown->total() : std::nullopt;
        if (!r.fits() || !total)
            return raw ? QVariant() : QVariant(Dash);
        return raw ? QVariant(*total) : QVariant(gigabytes(*total));
    }
    case PricePerHour:
        if (const std::optional<Cents> price = r.pricePerHour())
            return raw ? QVariant(*price) : QVariant(Money::format(*price, m_locale));
        if (raw)
            return {};
        return r.fits() ? tr("no offers", "nobody offers this GPU now") : Dash;
    case RunHours:
        if (r.run.wallHours)
            return raw ? QVariant(*r.run.wallHours)
                       : QVariant(tr("%1 h", "hours")
                                      .arg(m_locale.toString(*r.run.wallHours, 'f',
                                                             *r.run.wallHours < 10 ? 1 : 0)));
        if (raw)
            return {};
        return m_flops && r.fits() && !gpu.bf16DenseTflops ? tr("TFLOPS not published") : Dash;
    case RunCost:
        if (r.run.cost)
            return raw ? QVariant(*r.run.cost) : QVariant(Money::format(*r.run.cost, m_locale));
        if (raw)
            return {};
        return r.run.gpuHours && !r.ask ? tr("no offers", "nobody offers this GPU now") : Dash;
    case Value:
        if (const std::optional<double> v = r.value())
            return raw ? QVariant(*v) : QVariant(m_locale.toString(*v, 'f', 0));
        if (raw)
            return {};
        return gpu.bf16DenseTflops ? Dash : tr("not published");
    case Excluded: {
        if (raw)
            return int(r.exclusions);
        if (!r.fits()) {
            if (m_request.mode == Mode::Quick)
                return tr("Does not fit: the quick rule needs more than %n GPU(s)", "",
                          Sizing::MaxSearchGpus);
            return tr("Does not fit at any count up to %n GPU(s): memory that every GPU keeps "
                      "(activations, unsharded states) is larger than one GPU",
                      "", Sizing::MaxSearchGpus);
        }
        QStringList why;
        if (r.exclusions.testFlag(OverMaxGpus))
            why << tr("needs %n GPU(s), more than your limit of %1", "", *r.gpus)
                       .arg(m_locale.toString(m_request.maxGpus));
        if (r.exclusions.testFlag(OverBudget) && r.pricePerHour() && m_request.budgetPerHour)
            why << tr("%1 per hour is over your budget of %2")
                       .arg(Money::format(*r.pricePerHour(), m_locale),
                            Money::format(*m_request.budgetPerHour, m_locale));
        if (r.exclusions.testFlag(NoFastInterconnect))
            why << tr("%n GPU(s) joined only by %1, no NVLink or Infinity Fabric", "", *r.gpus)
                       .arg(gpu.interconnect);
        return why.join(QStringLiteral("; "));
    }
    }
    return {};
}

void SizingResultsModel::setLocale(const QLocale &locale)
{
    m_locale = locale;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void SizingResultsModel::setMarketWatch(const MarketWatchModel *market)
{
    for (const QMetaObject::Connection &c : std::as_const(m_marketConnections))
        disconnect(c);
    m_marketConnections.clear();
    m_market = market;
    if (market) {
        m_marketConnections << connect(
            market, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                onMarketChanged(topLeft.row(), bottomRight.row());
            });
        m_marketConnections << connect(market, &QAbstractItemModel::modelReset, this,
                                       [this] { onMarketChanged(0, INT_MAX); });
        // Without a market there are no offers: show none rather than the last ones seen.
        m_marketConnections << connect(market, &QObject::destroyed, this, [this] {
            m_market = nullptr;
            onMarketChanged(0, INT_MAX);
        });
    }
    onMarketChanged(0, INT_MAX);
}

std::optional<Cents> SizingResultsModel::liveAsk(int catalogIndex) const
{
    if (!m_market)
        return std::nullopt;
    const int row = m_market->rowOf(m_catalog.gpus().at(catalogIndex).id);
    if (row < 0)
        return std::nullopt;
    return m_market->ticker(row).ask;
}

void SizingResultsModel::onMarketChanged(int firstRow, int lastRow)
{
    if (m_results.isEmpty())
        return;
    // Market rows name their GPU; the two catalogs need not be the same object.
    QList<int> changed;
    if (!m_market || (firstRow == 0 && lastRow == INT_MAX)) {
        changed.resize(m_catalog.size());
        std::iota(changed.begin(), changed.end(), 0);
    } else {
        lastRow = std::min(lastRow, m_market->rowCount() - 1);
        for (int row = std::max(0, firstRow); row <= lastRow; ++row) {
            const qsizetype i = m_catalog.indexOf(m_market->ticker(row).gpu);
            if (i >= 0)
                changed << int(i);
        }
    }
    refreshMarket(changed);
}

void SizingResultsModel::refreshMarket(const QList<int> &catalogIndices)
{
    bool rankMayChange = false;
    for (const int ci : catalogIndices) {
        const int row = m_rowOfCatalog.at(ci);
        Result &r = m_results[row];
        const std::optional<Cents> ask = liveAsk(ci);
        if (ask == r.ask)
            continue;
        const Tier tierBefore = r.tier();
        r.ask = ask;
        updateCost(r);
        updateExclusions(r);
        // The tier shows in every column (TierRole); otherwise only the market's columns change.
        Q_EMIT dataChanged(index(row, r.tier() == tierBefore ? int(PricePerHour) : int(Gpu)),
                           index(row, Excluded));
        rankMayChange = true;
    }
    if (rankMayChange)
        rerank();
}

void SizingResultsModel::setTaxBasisPoints(int basisPoints)
{
    if (basisPoints == m_taxBasisPoints)
        return;
    m_taxBasisPoints = basisPoints;
    if (!m_flops || m_results.isEmpty())
        return;
    for (Result &r : m_results)
        updateCost(r);
    Q_EMIT dataChanged(index(0, RunCost), index(rowCount() - 1, RunCost));
    rerank();
}

void SizingResultsModel::rerank()
{
    // The new order, then one move per row out of place: at most n - 1 moves, each exact, so
    // views keep their selection and current row on the same GPU.
    QList<int> order(m_results.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [this](int a, int b) { return ranksBefore(m_results.at(a), m_results.at(b)); });
    QList<int> wanted; // catalog index per target row
    wanted.reserve(order.size());
    for (const int row : std::as_const(order))
        wanted << m_results.at(row).catalogIndex;
    for (int target = 0; target < int(wanted.size()); ++target) {
        const int from = m_rowOfCatalog.at(wanted.at(target));
        if (from == target)
            continue;
        // Rows above target are already in place, so from > target: a move up.
        beginMoveRows({}, from, from, {}, target);
        Result r = m_results.takeAt(from); // not QList::move: GCC 12 warns falsely in its swap
        m_results.insert(target, std::move(r));
        for (int row = target; row <= from; ++row)
            m_rowOfCatalog[m_results.at(row).catalogIndex] = row;
        endMoveRows();
    }
}

bool SizingResultsModel::ranksBefore(const Result &a, const Result &b) const
{
    const bool byRunCost = m_flops.has_value();
    const auto key = [byRunCost](const Result &r) {
        const std::optional<Cents> price = r.pricePerHour();
        const std::optional<Cents> cost = byRunCost ? r.run.cost : std::nullopt;
        return std::make_tuple(int(r.tier()), cost ? 0 : 1, cost.value_or(0),
                               r.gpus.value_or(INT_MAX), price ? 0 : 1, price.value_or(0),
                               r.catalogIndex);
    };
    return key(a) < key(b);
}

void SizingResultsModel::updateCost(Result &r) const
{
    // The best offer plus tax per GPU-hour, as a bid pays it (the tax rounded per GPU-hour, as
    // the order ticket and the exchange's hold do); then one rounding for the whole run.
    r.run.cost.reset();
    if (r.ask && r.run.gpuHours)
        r.run.cost =
            Sizing::runCost(MarketRules::unitGross(*r.ask, m_taxBasisPoints), *r.run.gpuHours);
}

std::optional<int> SizingResultsModel::hoursToRent(int row) const
{
    const Result &r = m_results.at(row);
    if (!r.run.wallHours)
        return std::nullopt;
    const double hours = std::ceil(*r.run.wallHours);
    if (!(hours < double(INT_MAX)))
        return INT_MAX;
    return std::max(1, int(hours));
}

void SizingResultsModel::updateExclusions(Result &r) const
{
    r.exclusions = NoExclusion;
    if (!r.fits())
        return;
    if (*r.gpus > m_request.maxGpus)
        r.exclusions |= OverMaxGpus;
    if (m_request.budgetPerHour && r.pricePerHour() && *r.pricePerHour() > *m_request.budgetPerHour)
        r.exclusions |= OverBudget;
    if (m_request.needFastInterconnect && *r.gpus > 1 && !fastInterconnect(*r.gpu))
        r.exclusions |= NoFastInterconnect;
}

void SizingResultsModel::evaluate(Result &r) const
{
    const GpuModel &gpu = *r.gpu;
    if (m_request.mode == Mode::Quick) {
        const std::optional<qint64> n = Sizing::quickGpusNeeded(
            m_request.shape.parameters, m_request.workload.method, gpu.memoryGb);
        r.gpus.reset();
        if (n && *n <= Sizing::MaxSearchGpus)
            r.gpus = int(*n);
        r.breakdown = quickBreakdown(m_request.shape.parameters, m_request.workload.method,
                                     r.gpus.value_or(1));
    } else {
        Sizing::Workload w = m_request.workload;
        w.tp = 1;
        w.sp = false;
        const qint64 memory = qint64(gpu.memoryGb) * Sizing::BytesPerGb;
        r.gpus = Sizing::gpusNeeded(m_request.shape, w, memory);
        w.gpus = r.gpus.value_or(1);
        r.breakdown = Sizing::perGpu(m_request.shape, w);
    }
    r.run = Sizing::estimateRun(m_flops, gpu.bf16DenseTflops, r.gpus, m_request.mfu, std::nullopt);
    updateCost(r);
    updateExclusions(r);
}

bool SizingResultsModel::setRequest(const Request &request, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (request.maxGpus < 1)
        return fail(tr("The GPU limit must be at least 1."));
    if (request.budgetPerHour && *request.budgetPerHour <= 0)
        return fail(tr("The budget must be more than zero."));
    Sizing::Workload w = request.workload;
    w.gpus = 1;
    w.tp = 1;
    w.sp = false;
    if (request.shape.parameters <= 0 || request.shape.parameters > Sizing::MaxParameters)
        return fail(tr("Give the model's parameter count."));
    if (request.tokens < 0 || request.tokens > Sizing::MaxTokens)
        return fail(tr("The tokens must be a count up to 10^15."));
    if (!(request.mfu > 0) || request.mfu > 1)
        return fail(tr("The utilisation must be more than 0 and at most 1."));
    if (request.mode == Mode::Quick) {
        if (!Sizing::quickRule(w.method))
            return fail(tr("Quick mode has no rule for inference: use the detailed mode."));
    } else if (const QString problem = Sizing::validate(request.shape, w); !problem.isEmpty()) {
        return fail(problem);
    }
    // The run's FLOPs once for every GPU: the adapters come from the shape (or, without it,
    // from the count with the nearest preset's proportions), whichever the mode.
    std::optional<double> flops;
    if (request.tokens > 0) {
        const std::optional<Sizing::Breakdown> one = Sizing::perGpu(request.shape, w);
        flops =
            Sizing::runFlops(request.shape.parameters, one ? one->adapterParameters.value_or(0) : 0,
                             w.method, w.recompute, request.tokens);
    }

    beginResetModel();
    m_request = request;
    m_request.workload = w;
    m_hasRequest = true;
    m_flops = flops;
    QList<Result> evaluated; // by catalog index
    evaluated.reserve(m_catalog.size());
    for (qsizetype i = 0; i < m_catalog.size(); ++i) {
        Result r;
        r.gpu = &m_catalog.gpus().at(i);
        r.catalogIndex = int(i);
        r.ask = liveAsk(int(i));
        evaluate(r);
        evaluated << r;
    }
    QList<int> order(evaluated.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [this, &evaluated](int a, int b) {
        return ranksBefore(evaluated.at(a), evaluated.at(b));
    });
    m_results.clear();
    for (const int i : std::as_const(order))
        m_results << evaluated.at(i);
    rebuildRowIndex();
    endResetModel();
    if (error)
        error->clear();
    return true;
}

void SizingResultsModel::rebuildRowIndex()
{
    m_rowOfCatalog.fill(-1, m_catalog.size());
    for (qsizetype row = 0; row < m_results.size(); ++row)
        m_rowOfCatalog[m_results.at(row).catalogIndex] = int(row);
}

int SizingResultsModel::rowOf(const QString &gpu) const
{
    const qsizetype i = m_catalog.indexOf(gpu);
    return i < 0 || i >= m_rowOfCatalog.size() ? -1 : m_rowOfCatalog.at(i);
}

Cents SizingResultsModel::suggestedBidPrice(int row) const
{
    const Result &r = m_results.at(row);
    if (r.ask)
        return *r.ask;
    if (m_market) {
        if (const int mrow = m_market->rowOf(r.gpu->id); mrow >= 0) {
            const TickerEntry t = m_market->ticker(mrow);
            // No offer now: where the market last traded is what sellers accepted; failing
            // that, join the best bid, so the bid waits in line for the next offer.
            if (t.last && *t.last > 0)
                return *t.last;
            if (t.bid && *t.bid > 0)
                return *t.bid;
        }
    }
    return std::max<Cents>(1, r.gpu->fromPriceCents);
}

std::optional<Sizing::Breakdown> SizingResultsModel::quickBreakdown(qint64 parameters,
                                                                    Sizing::Method method, int gpus)
{
    const qint64 bytes = Sizing::quickBytes(parameters, method);
    if (bytes <= 0 || gpus < 1)
        return std::nullopt;
    Sizing::Breakdown b;
    // The rule's bytes per GPU, split so that the parts add up to exactly that.
    const qint64 rest = ceilDiv(bytes, gpus);
    switch (method) {
    case Sizing::Method::Full:
        b.weights = ceilDiv(2 * parameters, gpus);
        b.gradients = std::min(rest - b.weights, ceilDiv(2 * parameters, gpus));
        b.optimizer = rest - b.weights - b.gradients;
        break;
    case Sizing::Method::Lora:
        b.weights = std::min(rest, ceilDiv(2 * parameters, gpus));
        b.activations = rest - b.weights;
        break;
    case Sizing::Method::Qlora:
        b.weights = std::min(rest, ceilDiv(Sizing::nf4Bytes(parameters).value_or(0), gpus));
        b.activations = rest - b.weights;
        break;
    case Sizing::Method::Inference:
        return std::nullopt;
    }
    // 20% of memory unused by the rule: 25% on top of the rest, as in the detailed mode.
    b.overhead = ceilDiv(rest * Sizing::OverheadPercentOfTotal, Sizing::UsablePercent);
    return b;
}

QStringList SizingResultsModel::assumptions() const
{
    if (!m_hasRequest)
        return {};
    const Request &q = m_request;
    const Sizing::Workload &w = q.workload;
    const QLocale &l = m_locale;
    QStringList a;
    if (w.method == Sizing::Method::Inference)
        a << tr("A reserve of %1% on top of the weights and the KV cache for the CUDA/ROCm "
                "context, allocator fragmentation and workspaces (drawn as overhead): Transformer "
                "Math 101 (EleutherAI) gives inference memory as about 1.2× the model's.")
                 .arg(Sizing::InferenceReservePercent);
    else
        a << tr("80% of each GPU's memory is usable: the rest is the CUDA/ROCm context, "
                "allocator fragmentation and workspaces (drawn as overhead).");
    if (q.mode == Mode::Quick) {
        const qint64 milli = Sizing::quickRule(w.method)->milliBytesPerParameter;
        a << tr("Quick mode: %1 bytes per parameter, EverXCloud's published rule, shared evenly by "
                "the "
                "GPUs; sequence length, batch and sharding are not modelled.")
                 .arg(l.toString(double(milli) / 1000.0, 'f', milli % 1000 == 0 ? 0 : 1));
    }
    switch (w.method) {
    case Sizing::Method::Full:
        a << tr("AdamW in mixed precision: %1 bytes per parameter, 2 for weights, %2 for "
                "gradients, 12 for the fp32 master copy, momentum and variance (ZeRO paper).")
                 .arg(14 + (q.mode == Mode::Quick ? 2 : w.gradBytes))
                 .arg(q.mode == Mode::Quick ? 2 : w.gradBytes);
        break;
    case Sizing::Method::Lora:
        a << tr("LoRA: the frozen base stays in 16 bit, 2 bytes per parameter, with no gradients "
                "or optimizer states (LoRA paper).");
        a << tr("Adapters of rank %1 on every projection train with AdamW: 16 bytes per adapter "
                "parameter, well under 1% of the model.")
                 .arg(w.loraRank);
        break;
    case Sizing::Method::Qlora:
        a << tr("QLoRA: the base's projections in 4-bit NF4 with double quantisation, 0.52 bytes "
                "per parameter; embeddings and output layer stay 16-bit (QLoRA paper).");
        a << tr("Adapters of rank %1 on every projection train with AdamW: 16 bytes per adapter "
                "parameter, well under 1% of the model.")
                 .arg(w.loraRank);
        break;
    case Sizing::Method::Inference:
        a << tr("Inference: 16-bit weights, 2 bytes per parameter, split evenly over the GPUs.");
        break;
    }
    if (q.mode == Mode::Detailed) {
        const bool shape = q.shape.layers > 0 && q.shape.hidden > 0 && q.shape.heads > 0;
        if (w.method == Sizing::Method::Inference) {
            if (q.shape.hasAttentionShape())
                a << tr("KV cache for %1 tokens × %n sequence(s): keys and values of every layer, "
                        "grouped-query heads counted once (GQA paper).",
                        "", int(w.batch))
                         .arg(l.toString(w.seq));
            else
                a << tr("The KV cache is not counted: it needs the model's shape (choose a "
                        "preset).");
        } else {
            switch (w.strategy) {
            case Sizing::Strategy::Ddp:
                a << tr("Plain data parallel: every GPU holds all weights, gradients and "
                        "optimizer states, so more GPUs do not lower memory per GPU.");
                break;
            case Sizing::Strategy::Zero1:
                a << tr("ZeRO-1: the optimizer states are split over the GPUs; weights and "
                        "gradients are on every GPU.");
                break;
            case Sizing::Strategy::Zero2:
                a << tr("ZeRO-2: optimizer states and gradients are split over the GPUs; the "
                        "weights are on every GPU.");
                break;
            case Sizing::Strategy::Zero3:
                a << tr("ZeRO-3 / FSDP: weights, gradients and optimizer states are split over "
                        "the GPUs, so more GPUs need less memory each.");
                break;
            }
            if (shape) {
                switch (w.recompute) {
                case Sizing::Recompute::None:
                    a << tr("No checkpointing: every activation is kept, attention scores "
                            "included (Korthikanti et al.): fastest, most memory.");
                    break;
                case Sizing::Recompute::Selective:
                    a << tr("Selective recomputation: attention is recomputed in the backward "
                            "pass, as FlashAttention does (Korthikanti et al.).");
                    break;
                case Sizing::Recompute::Full:
                    a << tr("Full checkpointing: only each layer's input is kept and the rest "
                            "recomputed: slower steps, far less memory (Korthikanti et al.).");
                    break;
                }
                a << tr("Activations grow with sequence length × micro-batch: %1 tokens × %2 per "
                        "GPU, and stay on every GPU however many there are.")
                         .arg(l.toString(w.seq), l.toString(w.batch));
            } else {
                a << tr("Activations are not counted: they need the model's shape (choose a "
                        "preset).");
            }
            if (q.shape.vocab > 0)
                a << tr("Logits in fp32 for the loss: 4 bytes × tokens × vocabulary of %1.")
                         .arg(l.toString(q.shape.vocab));
        }
        if (q.shape.experts > 1)
            a << tr("Mixture of experts: all %1 experts of each layer are in memory, though a "
                    "token uses only some of them.")
                     .arg(q.shape.experts);
    }
    a << tr("Price per hour: the GPUs needed × the best offer now, excluding tax; it follows the "
            "market.");
    if (m_flops) {
        const QString tokens = l.toString(q.tokens), flops = l.toString(*m_flops, 'g', 3);
        const bool again = w.recompute == Sizing::Recompute::Full;
        switch (w.method) {
        case Sizing::Method::Full:
            a << (again ? tr("The run: %1 tokens, %2 FLOPs: 8 × parameters × tokens, a forward "
                             "pass, a backward pass of twice its cost (Kaplan et al. 2020) and "
                             "the forward pass again for full checkpointing (Narayanan et al. "
                             "2021).")
                        : tr("The run: %1 tokens, %2 FLOPs: 6 × parameters × tokens, a forward "
                             "pass and a backward pass of twice its cost (Kaplan et al. 2020)."))
                     .arg(tokens, flops);
            break;
        case Sizing::Method::Lora:
        case Sizing::Method::Qlora:
            a << (again ? tr("The run: %1 tokens, %2 FLOPs: 6 × parameters × tokens, as the "
                             "frozen base needs no weight gradients (Narayanan et al. 2021) and "
                             "full checkpointing repeats the forward pass, plus the adapters' "
                             "own.")
                        : tr("The run: %1 tokens, %2 FLOPs: 4 × parameters × tokens, as the "
                             "frozen base needs no weight gradients (Narayanan et al. 2021), "
                             "plus the adapters' own."))
                     .arg(tokens, flops);
            if (w.method == Sizing::Method::Qlora)
                a << tr("QLoRA's 4-bit weights are unpacked in every pass: that costs time the "
                        "FLOPs do not count, so expect a QLoRA run to take longer.");
            break;
        case Sizing::Method::Inference:
            a << tr("The run: %1 tokens processed, %2 FLOPs: 2 × parameters per token (Kaplan "
                    "et al. 2020). Serving few sequences at once is limited by memory "
                    "bandwidth, so it takes longer than this.")
                     .arg(tokens, flops);
            break;
        }
        a << tr("Run time: the FLOPs at %1% of each GPU's dense BF16 TFLOPS, as large published "
                "runs achieved (Llama 3 405B: 38–43%), spread over the GPUs needed; GPUs whose "
                "TFLOPS are not published get no time.")
                 .arg(l.toString(q.mfu * 100, 'g', 3));
        a << tr("Run cost: the GPU-hours × the best offer now plus %1% tax, and ranked by it. "
                "Rentals are billed per started hour, so a bid is for the run's hours rounded "
                "up.")
                 .arg(l.toString(double(m_taxBasisPoints) / 100.0, 'g', 4));
    }
    a << tr("Value: dense BF16 TFLOPS per dollar-hour (sparsity doubles the published figure, "
            "so it is left out).");
    if (q.needFastInterconnect)
        a << tr("Several GPUs need NVLink or Infinity Fabric: a sharded job exchanges gradients "
                "every step, and PCIe slows it down.");
    if (m_flops)
        a << tr("Ranked: GPUs within your limits first, then the lower cost of the whole run, "
                "then fewer GPUs.");
    else
        a << tr("Ranked: GPUs within your limits first, then fewer GPUs (one GPU needs no "
                "interconnect), then the lower price.");
    return a;
}

} // namespace everx
