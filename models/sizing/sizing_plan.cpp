// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// A run set up for one GPU model: the recomputation and tensor parallelism that make it fit as
// few servers as possible, and the placement its GPUs need on the exchange.

#include "sizing/sizing.h"

#include "market/gpumodel.h"

#include <QtCore/QList>

#include <algorithm>

namespace everx {

namespace {

// One way to run the workload: its recomputation and tensor-parallel degree.
struct Candidate
{
    Sizing::Recompute recompute = Sizing::Recompute::Selective;
    int tp = 1;
};

} // namespace

int Sizing::Plan::servers() const
{
    if (!gpus || serverGpus < 1)
        return 0;
    return (*gpus + serverGpus - 1) / serverGpus;
}

bool Sizing::hasFastInterconnect(const GpuModel &gpu)
{
    return gpu.interconnect == u"NVLink" || gpu.interconnect == u"Infinity Fabric";
}

Sizing::Placement Sizing::placement(Method method, Strategy strategy, int gpus, int tp,
                                    const GpuModel &gpu)
{
    // LoRA's data-parallel ranks exchange only the adapters' gradients (well under 1% of the
    // model, Hu et al. 2021), which servers apart can afford; ZeRO-3 over several GPUs gathers
    // the base's weights at every step instead, and tensor parallelism its activations at
    // every layer. NVLink boards are bought for those exchanges: they stay on one server.
    const bool fineTuning = method == Method::Lora || method == Method::Qlora;
    const bool wholeBaseOnEveryGpu = gpus <= 1 || strategy != Strategy::Zero3;
    if (fineTuning && tp <= 1 && wholeBaseOnEveryGpu && !hasFastInterconnect(gpu))
        return Placement::Any;
    return gpus <= std::max(1, gpu.serverGpus) ? Placement::Server : Placement::Cluster;
}

Sizing::Plan Sizing::plan(const ModelShape &shape, const Workload &asked, const GpuModel &gpu,
                          int maxGpus)
{
    const qint64 memory = qint64(gpu.memoryGb) * BytesPerGb;
    const int server = std::max(1, gpu.serverGpus);
    const bool training = asked.method != Method::Inference;
    Workload base = asked;
    base.gpus = 1;
    base.tp = 1;
    base.sp = false;

    // Tensor-parallel degrees inside one server: powers of two (the head counts of the presets
    // are), splitting attention by whole query and KV heads.
    QList<int> degrees;
    if (training && hasFastInterconnect(gpu)) {
        for (int t = 2; t <= server; t *= 2) {
            if ((shape.heads > 0 && shape.heads % t != 0)
                || (shape.kvHeads > 0 && shape.kvHeads % t != 0))
                continue;
            degrees << t;
        }
    }
    QList<Candidate> ladder {{asked.recompute, 1}};
    if (training) {
        for (const int t : std::as_const(degrees))
            ladder << Candidate {asked.recompute, t};
        if (asked.recompute != Recompute::Full) {
            ladder << Candidate {Recompute::Full, 1};
            for (const int t : std::as_const(degrees))
                ladder << Candidate {Recompute::Full, t};
        }
    }

    const auto workloadOf = [&base](const Candidate &c) {
        Workload w = base;
        w.recompute = c.recompute;
        w.tp = c.tp;
        w.sp = c.tp > 1; // Korthikanti et al.: sequence parallelism comes with tensor parallelism
        return w;
    };
    QList<std::optional<int>> counts;
    counts.reserve(ladder.size());
    for (const Candidate &c : std::as_const(ladder))
        counts << gpusNeeded(shape, workloadOf(c), memory);

    // One server within the limit, else within the limit, else the fewest GPUs.
    const auto firstWithin = [&counts](int most) {
        for (qsizetype i = 0; i < counts.size(); ++i) {
            if (counts.at(i) && *counts.at(i) <= most)
                return i;
        }
        return qsizetype(-1);
    };
    qsizetype chosen = firstWithin(std::min(server, maxGpus));
    if (chosen < 0)
        chosen = firstWithin(maxGpus);
    if (chosen < 0) {
        for (qsizetype i = 0; i < counts.size(); ++i) {
            if (counts.at(i) && (chosen < 0 || *counts.at(i) < *counts.at(chosen)))
                chosen = i;
        }
    }

    Plan p;
    p.serverGpus = server;
    p.askedGpus = counts.constFirst();
    if (chosen < 0) {
        p.workload = base;
        p.breakdown = perGpu(shape, base);
        return p;
    }
    const Candidate &c = ladder.at(chosen);
    p.workload = workloadOf(c);
    p.workload.gpus = *counts.at(chosen);
    p.gpus = p.workload.gpus;
    p.breakdown = perGpu(shape, p.workload);
    if (c.recompute != asked.recompute)
        p.chosen |= PlanChoice::FullRecompute;
    if (c.tp > 1)
        p.chosen |= PlanChoice::TensorParallel;
    p.placement = placement(asked.method, asked.strategy, *p.gpus, c.tp, gpu);
    return p;
}

} // namespace everx
