// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

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

qint64 ceilDiv(qint64 a, qint64 b)
{
    return (a + b - 1) / b;
}

// The whole started hours a row's run rents its GPUs for: its wall-clock hours rounded up, at
// least one; unset without a count or a time.
std::optional<qint64> startedHours(const SizingResultsModel::Result &r)
{
    if (!r.gpus || !r.run.wallHours || !(*r.run.wallHours >= 0))
        return std::nullopt;
    const double hours = std::ceil(*r.run.wallHours);
    if (!(hours < 1e15))
        return std::nullopt;
    return std::max<qint64>(1, qint64(hours));
}

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
    : QAbstractTableModel(parent)
    , m_catalog(catalog)
{ }

SizingResultsModel::~SizingResultsModel() = default;

int SizingResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int SizingResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SizingResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool tip = role == Qt::ToolTipRole;
    switch (section) {
    case Gpu:
        return tr("GPU");
    case Memory:
        return tip ? tr("Memory of one GPU") : tr("Memory");
    case Fits:
        return tip ? tr("Whether some number of these GPUs holds the workload")
                   : tr("Fits", "whether the workload fits");
    case Gpus:
        return tip ? tr("How many of these GPUs the workload needs") : tr("GPUs");
    case Plan:
        return tip ? tr("How the run is set up to fit: recomputation and tensor parallelism")
                   : tr("Plan", "how the run is set up: recomputation, tensor parallelism");
    case Placement:
        return tip ? tr("Where the GPUs must be: on one server, in a cluster of servers, or on "
                        "any servers")
                   : tr("Placement", "where the GPUs of a run must be");
    case PerGpu:
        return tip ? tr("Memory the workload needs on each GPU, reserve included")
                   : tr("Per GPU", "memory needed on each GPU");
    case PricePerHour:
        return tip ? tr("All the GPUs needed, at the best offer now, excluding tax")
                   : tr("Price per hour");
    case RunHours:
        return tip ? tr("Wall-clock hours of the whole run on the GPUs needed")
                   : tr("Run time", "wall-clock hours of the whole run");
    case RunCost:
        return tip ? tr("What the order for the whole run will hold: the GPUs for its hours "
                        "rounded up, at the best offer now, tax included")
                   : tr("Run cost", "cost of the whole run");
    case Value:
        return tip ? tr("Dense BF16 TFLOPS per dollar-hour: more is better")
                   : tr("TFLOPS per $/h", "dense BF16 TFLOPS per dollar-hour");
    case Excluded:
        return tip ? tr("Why a GPU that fits is left out by your limits") : tr("Excluded because");
    }
    return {};
}

QVariant SizingResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Result &r = m_results.at(index.row());
    const GpuModel &gpu = *r.gpu;
    switch (role) {
    case GpuIdRole:
        return gpu.id;
    case TierRole:
        return int(r.tier());
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case Gpu:
        case Plan:
        case Placement:
        case Excluded:
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        default:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        }
    case Qt::ToolTipRole:
        if (index.column() == Gpu)
            return tr("%1, %2, %3 GB %4, %5")
                .arg(gpu.name, gpu.architecture)
                .arg(gpu.memoryGb)
                .arg(gpu.memoryType, gpu.interconnect);
        if (index.column() == PricePerHour && r.pricePerHour())
            return tr("%n GPU(s) at the best offer of %1 per GPU-hour", "", *r.gpus)
                .arg(Money::format(*r.ask, m_locale));
        if (index.column() == Plan)
            return planToolTip(r);
        if (index.column() == Placement)
            return placementToolTip(r);
        if (index.column() == RunCost) {
            if (const std::optional<MarketRules::OrderCost> cost = orderCost(r))
                return tr("%n GPU(s) × %1 h × %2 = %3, plus %4 tax: %5, what the order will "
                          "hold",
                          "GPUs × whole hours × price per GPU-hour", *r.gpus)
                    .arg(m_locale.toString(*startedHours(r)), Money::format(*r.ask, m_locale),
                         Money::format(cost->subtotal, m_locale),
                         Money::format(cost->tax, m_locale), Money::format(cost->total, m_locale));
        }
        if ((index.column() == RunHours || index.column() == RunCost) && r.run.wallHours)
            return tr("%1 GPU-hours: rent %n hour(s) on the GPUs needed", "",
                      hoursToRent(index.row()).value_or(0))
                .arg(m_locale.toString(*r.run.gpuHours, 'f', 1));
        if (index.column() == Excluded)
            return data(index, Qt::DisplayRole);
        return {};
    case Qt::DisplayRole:
    case RawValueRole:
        break;
    default:
        return {};
    }
    const bool raw = role == RawValueRole;
    const auto gigabytes = [this](qint64 bytes) {
        return tr("%1 GB").arg(
            m_locale.toString(double(bytes) / double(Sizing::BytesPerGb), 'f', 1));
    };
    switch (index.column()) {
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
    case Plan:
        if (raw)
            return r.fits() ? QVariant(int(r.chosen)) : QVariant();
        return planText(r);
    case Placement:
        if (raw)
            return r.placement ? QVariant(int(*r.placement)) : QVariant();
        return placementText(r);
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
        // A row that cannot run has no cost, whatever its offer.
        if (!m_flops || !r.fits())
            return Dash;
        if (!gpu.bf16DenseTflops)
            return tr("not published", "the GPU's TFLOPS, so the run has no cost");
        return r.run.wallHours && !r.ask ? tr("no offers", "nobody offers this GPU now") : Dash;
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

QString SizingResultsModel::planText(const Result &r) const
{
    if (!r.fits() || m_request.mode == Mode::Quick
        || r.workload.method == Sizing::Method::Inference)
        return Dash;
    QString text;
    switch (r.workload.recompute) {
    case Sizing::Recompute::None:
        text = tr("no recomputation");
        break;
    case Sizing::Recompute::Selective:
        text = tr("selective recomputation");
        break;
    case Sizing::Recompute::Full:
        text = tr("full recomputation");
        break;
    }
    if (r.workload.tp > 1)
        text = tr("%1, tensor parallel %2", "recomputation, tensor-parallel degree")
                   .arg(text, m_locale.toString(r.workload.tp));
    // What the plan changed from the question says so.
    if (r.chosen)
        text = tr("%1 (to fit)", "a plan changed from the question so that the run fits").arg(text);
    return text;
}

QString SizingResultsModel::planToolTip(const Result &r) const
{
    if (!r.fits())
        return {};
    if (m_request.mode == Mode::Quick)
        return tr("Quick mode counts bytes per parameter only: it plans no recomputation or "
                  "tensor parallelism.");
    if (r.workload.method == Sizing::Method::Inference)
        return tr("Serving: the weights and the KV cache are split over the GPUs.");
    if (!r.chosen)
        return tr("As you asked: the run fits %n GPU(s) this way.", "", *r.gpus);
    QStringList why;
    why << (r.askedGpus ? tr("As asked, the run needs %n GPU(s).", "", *r.askedGpus)
                        : tr("As asked, the run fits at no GPU count: the activations every GPU "
                             "keeps are larger than its memory."));
    if (r.chosen.testFlag(Sizing::PlanChoice::TensorParallel))
        why << tr("Tensor parallelism with sequence parallelism splits each layer and its "
                  "activations over %1 GPUs of one server (Korthikanti et al. 2022).")
                   .arg(m_locale.toString(r.workload.tp));
    if (r.chosen.testFlag(Sizing::PlanChoice::FullRecompute))
        why << tr("Full recomputation keeps only each layer's input and computes the rest again "
                  "in the backward pass: a third more FLOPs (Narayanan et al. 2021).");
    why << tr("So it needs %n GPU(s).", "", *r.gpus);
    return why.join(u' ');
}

QString SizingResultsModel::placementText(const Result &r) const
{
    if (!r.placement)
        return Dash;
    switch (*r.placement) {
    case Sizing::Placement::Any:
        return tr("any servers");
    case Sizing::Placement::Server:
        return tr("one server");
    case Sizing::Placement::Cluster:
        return tr("cluster of %n server(s)", "", r.servers);
    }
    return Dash;
}

QString SizingResultsModel::placementToolTip(const Result &r) const
{
    if (!r.placement || !r.gpus)
        return {};
    switch (*r.placement) {
    case Sizing::Placement::Any:
        return tr("Every GPU holds the whole base model and only the adapters' gradients cross "
                  "between them: the GPUs may be on different servers.");
    case Sizing::Placement::Server:
        return tr("All %n GPU(s) on one server: they exchange the model's weights, gradients or "
                  "activations at every step.",
                  "", *r.gpus);
    case Sizing::Placement::Cluster:
        return tr("%n GPU(s), more than the largest server of %1: servers of one provider's "
                  "cluster, joined by one fabric.",
                  "", *r.gpus)
            .arg(m_locale.toString(std::max(1, r.gpu->serverGpus)));
    }
    return {};
}

std::optional<MarketRules::OrderCost> SizingResultsModel::orderCost(const Result &r) const
{
    // The hold of an order for the run (docs/architecture.md "Money and the ledger"): the GPUs
    // for the whole started hours at the best offer, the tax rounded per GPU-hour. A run longer
    // than one order may ask is several orders of the same price: the sum is the same.
    const std::optional<qint64> hours = startedHours(r);
    if (!hours || !r.ask || *r.ask <= 0)
        return std::nullopt;
    const Int128 total =
        Int128(*r.gpus) * *hours * MarketRules::unitGross(*r.ask, m_taxBasisPoints);
    if (total > Int128(Money::MaxAmount))
        return std::nullopt;
    return MarketRules::orderCost(*r.gpus, *hours, *r.ask, m_taxBasisPoints);
}

std::optional<MarketRules::OrderCost> SizingResultsModel::runOrderCost(int row) const
{
    return orderCost(m_results.at(row));
}

void SizingResultsModel::updateCost(Result &r) const
{
    r.run.cost.reset();
    if (const std::optional<MarketRules::OrderCost> cost = orderCost(r))
        r.run.cost = cost->total;
}

std::optional<int> SizingResultsModel::hoursToRent(int row) const
{
    const std::optional<qint64> hours = startedHours(m_results.at(row));
    if (!hours)
        return std::nullopt;
    return int(std::min<qint64>(*hours, INT_MAX));
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
    if (m_request.needFastInterconnect && *r.gpus > 1 && !Sizing::hasFastInterconnect(*r.gpu))
        r.exclusions |= NoFastInterconnect;
}

void SizingResultsModel::evaluate(Result &r) const
{
    const GpuModel &gpu = *r.gpu;
    const Sizing::Workload &asked = m_request.workload;
    if (m_request.mode == Mode::Quick) {
        // The seeds' rule shares the model evenly, as ZeRO-3 does; it plans nothing.
        const std::optional<qint64> n =
            Sizing::quickGpusNeeded(m_request.shape.parameters, asked.method, gpu.memoryGb);
        r.gpus.reset();
        if (n && *n <= Sizing::MaxSearchGpus)
            r.gpus = int(*n);
        r.breakdown = quickBreakdown(m_request.shape.parameters, asked.method, r.gpus.value_or(1));
        r.workload = asked;
        r.workload.gpus = r.gpus.value_or(1);
        r.chosen = {};
        r.askedGpus = r.gpus;
        r.placement.reset();
        if (r.gpus)
            r.placement = Sizing::placement(asked.method, Sizing::Strategy::Zero3, *r.gpus, 1, gpu);
        const int server = std::max(1, gpu.serverGpus);
        r.servers = r.gpus ? (*r.gpus + server - 1) / server : 0;
    } else {
        const Sizing::Plan plan =
            Sizing::plan(m_request.shape, asked, gpu, std::max(1, m_request.maxGpus));
        r.gpus = plan.gpus;
        r.breakdown = plan.breakdown;
        r.workload = plan.workload;
        r.chosen = plan.chosen;
        r.askedGpus = plan.askedGpus;
        r.placement = plan.placement;
        r.servers = plan.servers();
    }
    // The run with the plan's recomputation: full recomputation runs the forward pass again.
    std::optional<double> flops = m_flops;
    if (m_flops && r.workload.recompute != asked.recompute)
        flops = Sizing::runFlops(m_request.shape.parameters, m_adapterParameters, asked.method,
                                 r.workload.recompute, m_request.tokens);
    r.run = Sizing::estimateRun(flops, gpu.bf16DenseTflops, r.gpus, m_request.mfu, std::nullopt);
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
    qint64 adapters = 0;
    if (request.tokens > 0) {
        const std::optional<Sizing::Breakdown> one = Sizing::perGpu(request.shape, w);
        adapters = one ? one->adapterParameters.value_or(0) : 0;
        flops = Sizing::runFlops(request.shape.parameters, adapters, w.method, w.recompute,
                                 request.tokens);
    }

    beginResetModel();
    m_request = request;
    m_request.workload = w;
    m_hasRequest = true;
    m_flops = flops;
    m_adapterParameters = adapters;
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

int SizingResultsModel::largestServer() const
{
    int largest = 1;
    for (const GpuModel &gpu : m_catalog.gpus())
        largest = std::max(largest, gpu.serverGpus);
    return largest;
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
        a << tr("%1% of each GPU's memory is usable: the rest is the CUDA/ROCm context, "
                "allocator fragmentation and workspaces (drawn as overhead).")
                 .arg(Sizing::UsablePercent);
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
            a << tr("The plan: when the run as asked does not fit one server within your limit, "
                    "tensor parallelism splits each layer over 2 to %1 GPUs of one server "
                    "(NVLink or Infinity Fabric only), then full recomputation keeps only each "
                    "layer's input; the Plan column says what it chose.")
                     .arg(l.toString(largestServer()));
        }
        if (q.shape.experts > 1)
            a << tr("Mixture of experts: all %1 experts of each layer are in memory, though a "
                    "token uses only some of them.")
                     .arg(q.shape.experts);
    }
    a << tr("Placement: the GPUs on one server when they fit the largest server the GPU comes in, "
            "a cluster of one provider's servers past that, and any servers only for LoRA and "
            "QLoRA on PCIe cards, where every GPU holds the whole base model.");
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
        if (w.recompute != Sizing::Recompute::Full
            && std::any_of(m_results.cbegin(), m_results.cend(), [](const Result &r) {
                   return r.chosen.testFlag(Sizing::PlanChoice::FullRecompute);
               }))
            a << tr("Where the plan chose full recomputation, the run counts the forward pass "
                    "again: %1 × parameters × tokens.")
                     .arg(Sizing::flopsPerParameter(w.method, Sizing::Recompute::Full));
        a << tr("Run cost: what the order will hold, the GPUs × the run's hours rounded up × the "
                "best offer now plus %1% tax, and ranked by it. Rentals are billed per started "
                "hour, so a bid is for the run's hours rounded up.")
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
