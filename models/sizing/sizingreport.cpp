// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sizing/sizingreport.h"

#include <QtCore/QLocale>

namespace everx {

std::optional<SizingReport> SizingReport::compute(const SizingRequest &request,
                                                  const GpuCatalog &catalog, QString *error)
{
    const auto refuse = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    SizingReport r;
    r.request = request;
    const Sizing::ModelShape &shape = request.shape;
    const Sizing::Workload &w = request.workload;
    QString problem;
    const std::optional<Sizing::Breakdown> breakdown = Sizing::perGpu(shape, w, &problem);
    if (!breakdown)
        return refuse(problem);
    r.breakdown = *breakdown;
    // Nothing to show: no parameter count, and no component the shape and run determine.
    bool anyKnown = false;
    for (const Sizing::Component c : Sizing::components())
        anyKnown = anyKnown || breakdown->bytes(c).value_or(0) > 0;
    if (!anyKnown)
        return refuse(QStringLiteral(
            "no model: give --params or --model; or a shape, with --vocab for an estimated "
            "count (--layers, --hidden, --vocab) or a counted one (and --heads, --ffn); or, "
            "for what needs no count, the shape with --seq and --batch (activations, the KV "
            "cache)"));
    r.notes = request.derived + breakdown->notes;
    if (const std::optional<Sizing::QuickRule> quick = Sizing::quickRule(w.method);
        quick && shape.parameters > 0)
        r.quickBytes = Sizing::quickBytes(shape.parameters, w.method);

    if (r.hasRun()) {
        r.flops = Sizing::runFlops(shape.parameters, breakdown->adapterParameters.value_or(0),
                                   w.method, w.recompute, request.tokens);
        if (r.flops)
            r.notes << Sizing::runFlopsNote(w.method, w.recompute);
        else
            r.notes << QStringLiteral("Run FLOPs, hours and cost unknown: they need the "
                                      "parameter count");
        r.notes << QStringLiteral("Run time: GPU-hours = FLOPs / (dense BF16 TFLOPS x 10^12 x "
                                  "%1% MFU x 3600)%2; wall-clock hours on the GPUs needed, the "
                                  "smallest count that fits (more GPUs shorten it at the same "
                                  "cost, as far as they scale); cost = GPU-hours x %3, rounded "
                                  "once to the cent, half to even")
                       .arg(QLocale::c().toString(request.mfu * 100, 'g', 4))
                       .arg(request.mfu == Sizing::DefaultMfu
                                ? QStringLiteral(" (the default: Llama 3 405B reached 38-43% "
                                                 "on H100s, PaLM 540B 46.2%)")
                                : QString())
                       .arg(request.price ? QStringLiteral("the price given (--price)")
                                          : QStringLiteral("each GPU's catalog \"from\" "
                                                           "price"));
    }

    for (const GpuModel &gpu : catalog.gpus()) {
        GpuRow row;
        row.gpu = &gpu;
        row.memoryBytes = qint64(gpu.memoryGb) * Sizing::BytesPerGb;
        row.gpusNeeded = Sizing::gpusNeeded(shape, w, row.memoryBytes);
        row.fitsOnOne = Sizing::fitsOnOne(shape, w, row.memoryBytes);
        if (shape.parameters > 0)
            row.quickGpusNeeded = Sizing::quickGpusNeeded(shape.parameters, w.method, gpu.memoryGb);
        row.price = request.price.value_or(gpu.fromPriceCents);
        if (r.hasRun())
            row.run = Sizing::estimateRun(r.flops, gpu.bf16DenseTflops, row.gpusNeeded, request.mfu,
                                          row.price);
        r.gpus.append(row);
    }
    if (error)
        error->clear();
    return r;
}

} // namespace everx
