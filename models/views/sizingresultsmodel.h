// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "market/money.h"
#include "sizing/sizing.h"

#include <QtCore/QAbstractTableModel>
#include <QtCore/QList>
#include <QtCore/QLocale>
#include <QtCore/QPointer>
#include <QtCore/QStringList>

#include <optional>

namespace everx {

class MarketWatchModel;

// The workload wizard's answer (docs/architecture.md "The desk"): every catalog GPU for one sizing
// question, ranked by fit, with the plan that runs it (Sizing::plan(): the GPU count, and the
// recomputation and tensor parallelism chosen when the run as asked does not fit one server),
// the placement its GPUs need (one server, a cluster, any servers), the per-GPU memory, the live
// price of that many GPUs at the best offer, and, when the question gives the run's tokens, the
// run's wall-clock hours and its cost as the order will hold it; the value (dense BF16 TFLOPS per
// dollar-hour) and why a GPU is excluded by the user's limits.
//
// Ranking (row 0 is the best answer), compared in this order:
//   1. tier: GPUs that fit within every limit, then GPUs that fit but break a limit (too many
//      GPUs, over budget, no fast interconnect), then GPUs that do not fit at any count;
//   2. with tokens, the lower cost of the whole run first; GPUs without one (no offer, or no
//      published TFLOPS to time the run) after every costed GPU;
//   3. fewer GPUs first: one GPU needs no interconnect and no sharding traffic (the seeds:
//      "Önce tek GPU", single GPU first);
//   4. lower price per hour (GPUs x best ask) first; no offers after every priced GPU;
//   5. catalog order, so that equal keys keep a stable order.
//
// The run: Sizing::runFlops() over the request's tokens with the recomputation of the row's
// plan, GPU-hours at the request's MFU of each GPU's dense BF16 peak (Sizing::estimateRun()),
// wall-clock hours on the GPUs needed, and the cost as the order for the run will hold it
// (MarketRules::orderCost(): the GPUs x the hours rounded up to whole started hours x the best
// offer plus the signed-in account's tax per GPU-hour, setTaxBasisPoints()). A row that fits at
// no count has no hours and no cost.
//
// Counts: detailed mode is Sizing::plan() (the per-GPU total, the method's reserve included,
// within the GPU's memory, on one server within the GPU limit if any plan does); quick mode is
// Sizing::quickGpusNeeded() (the seeds' bytes per parameter within 80% of memory). Both search
// past the user's GPU limit, so that a GPU over the limit says how many it would need.
//
// Live data: the market watch's dataChanged updates prices in place (dataChanged for the price,
// value and exclusion cells of those rows) and moves rows whose rank changed (beginMoveRows,
// one row at a time), never a reset: a view keeps its selection on the same GPU. A new question
// (setRequest) is a reset, since every row's figures change.
//
// Pure: QtCore only, no widgets. Threading: the GUI thread, like the market watch it follows.
class SizingResultsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SizingResultsModel)

public:
    enum Column {
        Gpu,
        Memory,
        Fits,
        Gpus,
        Plan, // the recomputation and tensor parallelism the run uses
        Placement, // where the GPUs must be: one server, a cluster, any servers
        PerGpu,
        PricePerHour,
        RunHours,
        RunCost,
        Value,
        Excluded,
        ColumnCount
    };
    enum Role {
        // numbers: GB, bool, count, int(Sizing::PlanChoices), int(Sizing::Placement), bytes,
        // cents, wall-clock hours, cents, TFLOPS per $/h
        RawValueRole = Qt::UserRole + 1,
        GpuIdRole, // the catalog id, for every column
        TierRole, // int(Tier), for every column
    };
    enum class Mode { Quick, Detailed };
    enum class Tier { Eligible, Excluded, DoesNotFit };
    enum Exclusion {
        NoExclusion = 0,
        OverMaxGpus = 0x1,
        OverBudget = 0x2,
        NoFastInterconnect = 0x4, // several GPUs joined only by PCIe
    };
    Q_DECLARE_FLAGS(Exclusions, Exclusion)

    // The question. workload.gpus, tp and sp are ignored: the model plans each GPU's count, and
    // the tensor parallelism where the run needs it (Sizing::plan()).
    struct Request
    {
        Sizing::ModelShape shape;
        Sizing::Workload workload;
        Mode mode = Mode::Detailed;
        int maxGpus = 8; // at least 1
        std::optional<Cents> budgetPerHour; // for all the GPUs together; unset: no budget
        bool needFastInterconnect = false; // several GPUs need NVLink or Infinity Fabric
        // The run: tokens to train on or to process (0: no run, no hours or cost), and the
        // model FLOPs utilisation that times it.
        qint64 tokens = 0;
        double mfu = Sizing::DefaultMfu;
    };

    struct Result
    {
        const GpuModel *gpu = nullptr;
        int catalogIndex = 0;
        std::optional<int> gpus; // GPUs needed; unset: no count up to the search limit fits
        // Per-GPU bytes at that count; at one GPU when none fits (what one GPU would hold).
        std::optional<Sizing::Breakdown> breakdown;
        // How the run is set up (Sizing::Plan): the workload as it runs (its recomputation, tensor
        // and sequence parallelism), what the plan changed from the question, the GPUs the
        // question as asked needs, where the GPUs must be and the servers they fill. Quick mode:
        // the question's workload, nothing chosen.
        Sizing::Workload workload;
        Sizing::PlanChoices chosen;
        std::optional<int> askedGpus;
        std::optional<Sizing::Placement> placement; // unset when no count fits
        int servers = 0;
        std::optional<Cents> ask; // best offer per GPU-hour, live
        Exclusions exclusions;
        // With tokens: GPU-hours and wall-clock hours on the GPUs needed; the cost at the best
        // offer plus tax for the whole started hours, as the order holds it, live.
        Sizing::RunEstimate run;

        bool fits() const { return gpus.has_value(); }
        Tier tier() const;
        // gpus x ask: what the whole set costs per hour now; unset without a count or an offer.
        std::optional<Cents> pricePerHour() const;
        // Dense BF16 TFLOPS per dollar-hour (the same per GPU as for the set); unset when the
        // TFLOPS are not published or there is no offer.
        std::optional<double> value() const;
    };

    explicit SizingResultsModel(const GpuCatalog &catalog, QObject *parent = nullptr);
    ~SizingResultsModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // Live best offers from the market watch (not owned; may be destroyed first). nullptr: none.
    void setMarketWatch(const MarketWatchModel *market);
    // Sizes every GPU for the question; false (and the model unchanged) with *error set when
    // the question is invalid: bad shape or run, or quick mode for inference (no quick rule).
    bool setRequest(const Request &request, QString *error = nullptr);
    bool hasRequest() const { return m_hasRequest; }
    const Request &request() const { return m_request; }

    const Result &result(int row) const { return m_results.at(row); }
    // The row of a catalog GPU now, or -1.
    int rowOf(const QString &gpu) const;
    // A price to bid per GPU-hour for the row's GPU: the best offer; without one the last
    // trade, else the best bid, else the catalog's "from" price (the seeds' list price).
    Cents suggestedBidPrice(int row) const;
    // The hours to rent the row's GPUs for the whole run: its wall-clock hours rounded up
    // (rentals are billed per started hour); unset without tokens, a time or a count.
    std::optional<int> hoursToRent(int row) const;
    // The run's cost in parts, as the order for it will hold it: subtotal, tax, total; unset
    // without a count, hours or an offer.
    std::optional<MarketRules::OrderCost> runOrderCost(int row) const;
    // The run's FLOPs with the recomputation asked; unset without tokens. A row whose plan
    // chose full recomputation runs more (Result::run).
    std::optional<double> runFlops() const { return m_flops; }
    // One line each, translated: every assumption behind the figures, with its why.
    QStringList assumptions() const;

    // The signed-in account's tax rate in basis points, for the run's cost (0: none, or not
    // signed in). Costs follow at once, and the ranking with them.
    void setTaxBasisPoints(int basisPoints);
    int taxBasisPoints() const { return m_taxBasisPoints; }

    // Numbers and money in the user's locale, texts in the current language: repaints all.
    void setLocale(const QLocale &locale);

    // Quick mode drawn as a breakdown, per GPU over gpus GPUs (the rule shards evenly): full
    // training splits its 16 B/param as the rule does, 2 weights + 2 gradients + 12 optimizer;
    // LoRA and QLoRA draw the base weights (16-bit, or NF4 with double quantisation) and the
    // rest of the rule's constant, its headroom for adapters and activations, as activations;
    // overhead is the 20% of memory the rule does not count (25% on top). total() is within a
    // GPU's memory exactly when the rule fits it in 80%. nullopt for inference (no quick rule)
    // or bad input.
    static std::optional<Sizing::Breakdown> quickBreakdown(qint64 parameters, Sizing::Method method,
                                                           int gpus);

private:
    void evaluate(Result &r) const;
    std::optional<MarketRules::OrderCost> orderCost(const Result &r) const;
    QString planText(const Result &r) const;
    QString planToolTip(const Result &r) const;
    QString placementText(const Result &r) const;
    QString placementToolTip(const Result &r) const;
    int largestServer() const; // of the catalog's GPUs
    void updateExclusions(Result &r) const;
    void updateCost(Result &r) const;
    bool ranksBefore(const Result &a, const Result &b) const;
    void onMarketChanged(int firstRow, int lastRow);
    void refreshMarket(const QList<int> &catalogIndices);
    void rerank();
    std::optional<Cents> liveAsk(int catalogIndex) const;
    void rebuildRowIndex();

    const GpuCatalog &m_catalog;
    QPointer<const MarketWatchModel> m_market;
    QList<QMetaObject::Connection> m_marketConnections;
    Request m_request;
    bool m_hasRequest = false;
    QList<Result> m_results; // by row, in rank order
    QList<int> m_rowOfCatalog; // catalog index -> row
    QLocale m_locale;
    std::optional<double> m_flops; // the request's run, with the recomputation asked
    qint64 m_adapterParameters = 0; // LoRA and QLoRA: the adapters every plan trains
    int m_taxBasisPoints = 0;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(SizingResultsModel::Exclusions)

} // namespace everx
