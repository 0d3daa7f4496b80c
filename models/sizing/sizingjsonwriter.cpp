// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sizing/sizingjsonwriter.h"

#include "sizing/modelpreset.h"
#include "sizing/sizingreport.h"

#include <QtCore/QJsonArray>

namespace everx {

namespace {

const QJsonValue Null(QJsonValue::Null);

// A count that 0 leaves unknown (shape fields).
QJsonValue orNull(qint64 n)
{
    return n > 0 ? QJsonValue(n) : Null;
}

template<typename T>
QJsonValue optional(const std::optional<T> &value)
{
    return value ? QJsonValue(*value) : Null;
}

QJsonValue optionalInt(const std::optional<int> &value)
{
    return value ? QJsonValue(qint64(*value)) : Null;
}

QString originName(Sizing::ParameterOrigin origin)
{
    switch (origin) {
    case Sizing::ParameterOrigin::Given:
        return QStringLiteral("given");
    case Sizing::ParameterOrigin::Counted:
        return QStringLiteral("counted");
    case Sizing::ParameterOrigin::Estimated:
        return QStringLiteral("estimated");
    case Sizing::ParameterOrigin::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

} // namespace

QJsonObject SizingJsonWriter::report(const SizingReport &r)
{
    const SizingRequest &q = r.request;
    const Sizing::ModelShape &shape = q.shape;
    const Sizing::Workload &w = q.workload;
    const Sizing::Breakdown &b = r.breakdown;

    QJsonObject perGpu;
    for (const Sizing::Component c : Sizing::components())
        perGpu.insert(Sizing::componentName(c), optional(b.bytes(c)));
    perGpu.insert(QStringLiteral("total"), optional(b.total()));

    QJsonArray gpuRows;
    for (const SizingReport::GpuRow &row : r.gpus) {
        gpuRows.append(
            QJsonObject {{QStringLiteral("id"), row.gpu->id},
                         {QStringLiteral("name"), row.gpu->name},
                         {QStringLiteral("memory_bytes"), row.memoryBytes},
                         {QStringLiteral("gpus_needed"), optionalInt(row.gpusNeeded)},
                         {QStringLiteral("fits_on_one"), optional(row.fitsOnOne)},
                         {QStringLiteral("quick_gpus_needed"), optional(row.quickGpusNeeded)}});
    }
    const QJsonObject model {{QStringLiteral("id"), q.preset ? QJsonValue(q.preset->id) : Null},
                             {QStringLiteral("name"), q.preset ? QJsonValue(q.preset->name) : Null},
                             {QStringLiteral("parameters"), orNull(shape.parameters)},
                             {QStringLiteral("parameters_origin"), originName(q.parameterOrigin)},
                             {QStringLiteral("layers"), orNull(shape.layers)},
                             {QStringLiteral("hidden"), orNull(shape.hidden)},
                             {QStringLiteral("heads"), orNull(shape.heads)},
                             {QStringLiteral("kv_heads"), orNull(shape.kvHeads)},
                             {QStringLiteral("head_dim"), orNull(shape.headDim)},
                             {QStringLiteral("vocab"), orNull(shape.vocab)},
                             {QStringLiteral("ffn"), orNull(shape.intermediate)},
                             {QStringLiteral("experts"), shape.experts}};
    QJsonArray targets;
    for (const Sizing::LoraTarget t : Sizing::loraTargets()) {
        if (w.loraTargets.testFlag(t))
            targets.append(Sizing::loraTargetName(t));
    }
    const QJsonObject workload {{QStringLiteral("method"), Sizing::methodName(w.method)},
                                {QStringLiteral("gpus"), w.gpus},
                                {QStringLiteral("strategy"), Sizing::strategyName(w.strategy)},
                                {QStringLiteral("grad_bytes"), w.gradBytes},
                                {QStringLiteral("tp"), w.tp},
                                {QStringLiteral("sp"), w.sp},
                                {QStringLiteral("recompute"), Sizing::recomputeName(w.recompute)},
                                {QStringLiteral("seq"), orNull(w.seq)},
                                {QStringLiteral("batch"), orNull(w.batch)},
                                {QStringLiteral("kv_bytes"), w.kvBytes},
                                {QStringLiteral("lora_rank"), w.loraRank},
                                {QStringLiteral("lora_targets"), targets},
                                {QStringLiteral("reserve_percent"), b.reservePercent}};
    QJsonValue quick = Null;
    if (r.quickBytes) {
        const Sizing::QuickRule rule = *Sizing::quickRule(w.method);
        quick = QJsonObject {
            {QStringLiteral("bytes_per_param"), double(rule.milliBytesPerParameter) / 1000.0},
            {QStringLiteral("bytes"), *r.quickBytes},
            {QStringLiteral("usable_percent"), Sizing::UsablePercent},
            {QStringLiteral("why"), rule.why}};
    }
    const bool adapters = w.method == Sizing::Method::Lora || w.method == Sizing::Method::Qlora;

    QJsonValue run = Null;
    if (r.hasRun()) {
        QJsonArray rows;
        for (const SizingReport::GpuRow &row : r.gpus) {
            const Sizing::RunEstimate &e = row.run;
            QJsonObject o {
                {QStringLiteral("gpu"), row.gpu->id},
                {QStringLiteral("name"), row.gpu->name},
                {QStringLiteral("dense_bf16_tflops"), optionalInt(row.gpu->bf16DenseTflops)},
                {QStringLiteral("gpus"), optionalInt(row.gpusNeeded)},
                {QStringLiteral("gpu_hours"), optional(e.gpuHours)},
                {QStringLiteral("wall_hours"), optional(e.wallHours)},
                {QStringLiteral("price"), Money::toPlain(row.price)},
                {QStringLiteral("cost"), e.cost ? QJsonValue(Money::toPlain(*e.cost)) : Null}};
            if (!row.gpu->bf16DenseTflops)
                o.insert(QStringLiteral("note"),
                         QStringLiteral("dense BF16 TFLOPS not published: no time or cost"));
            rows.append(o);
        }
        run = QJsonObject {{QStringLiteral("tokens"), q.tokens},
                           {QStringLiteral("mfu"), q.mfu},
                           {QStringLiteral("flops"), optional(r.flops)},
                           {QStringLiteral("flops_per_parameter"),
                            Sizing::flopsPerParameter(w.method, w.recompute)},
                           {QStringLiteral("price_source"),
                            q.price ? QStringLiteral("given") : QStringLiteral("catalog_from")},
                           {QStringLiteral("gpus"), rows}};
    }

    return QJsonObject {{QStringLiteral("model"), model},
                        {QStringLiteral("workload"), workload},
                        {QStringLiteral("per_gpu"), perGpu},
                        {QStringLiteral("adapter_parameters"),
                         adapters ? optional(b.adapterParameters) : QJsonValue(0)},
                        {QStringLiteral("quantised_parameters"), b.quantisedParameters},
                        {QStringLiteral("quick"), quick},
                        {QStringLiteral("gpus"), gpuRows},
                        {QStringLiteral("run"), run},
                        {QStringLiteral("notes"), QJsonArray::fromStringList(r.notes)}};
}

QJsonObject SizingJsonWriter::maxModel(const GpuCatalog &catalog)
{
    const QList<Sizing::SeedCell> published = Sizing::checkSeedTables(catalog);
    qsizetype consistent = 0;
    for (const Sizing::SeedCell &cell : published)
        consistent += cell.consistent() ? 1 : 0;
    QJsonArray gpus;
    for (const GpuModel &gpu : catalog.gpus()) {
        QJsonObject row {{QStringLiteral("id"), gpu.id},
                         {QStringLiteral("name"), gpu.name},
                         {QStringLiteral("memory_gb"), gpu.memoryGb}};
        for (const Sizing::SeedCell &cell : Sizing::seedCells(gpu)) {
            row.insert(Sizing::columnName(cell.column),
                       QJsonObject {{QStringLiteral("computed_billions"), cell.computed},
                                    {QStringLiteral("published_billions"),
                                     cell.published ? QJsonValue(*cell.published) : Null},
                                    {QStringLiteral("consistent"), cell.consistent()}});
        }
        gpus.append(row);
    }
    QJsonObject rules, ranges;
    for (const Sizing::SeedColumn column : Sizing::seedColumns()) {
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
    return QJsonObject {
        {QStringLiteral("usable_percent"), Sizing::UsablePercent},
        {QStringLiteral("rounding"),
         QStringLiteral("down: whole billions below 10, steps of 5 from 10 to 99, steps of 10 "
                        "from 100")},
        {QStringLiteral("rules"), rules},
        {QStringLiteral("consistent_constants"), ranges},
        {QStringLiteral("published_cells"), published.size()},
        {QStringLiteral("consistent_cells"), consistent},
        {QStringLiteral("gpus"), gpus}};
}

} // namespace everx
