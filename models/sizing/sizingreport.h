// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/gpucatalog.h"
#include "sizing/sizingrequest.h"

#include <QtCore/QList>
#include <QtCore/QStringList>

#include <optional>

namespace everx {

// everx-size's answer to one SizingRequest: the per-GPU breakdown at the requested GPU count,
// then for every GPU of the catalog how many it needs, and with tokens the run's FLOPs and,
// per GPU, its hours and cost. Data only: SizingTextWriter and SizingJsonWriter present it.
struct SizingReport
{
    struct GpuRow
    {
        const GpuModel *gpu = nullptr; // in the catalog given to compute()
        qint64 memoryBytes = 0;
        std::optional<int> gpusNeeded; // unset: none up to the limit fits, or total unknown
        std::optional<bool> fitsOnOne; // unset: the total is unknown
        std::optional<qint64> quickGpusNeeded; // the seeds' rule; unset without one
        Cents price = 0; // per GPU-hour: the request's, or the catalog's "from" price
        Sizing::RunEstimate run; // empty without tokens
    };

    SizingRequest request;
    Sizing::Breakdown breakdown;
    std::optional<qint64> quickBytes; // the seeds' rule for the whole model; unset without one
    QStringList notes; // what was filled in, the breakdown's notes, the run's
    std::optional<double> flops; // the run's; unset without tokens or a parameter count
    QList<GpuRow> gpus; // in catalog order

    bool hasRun() const { return request.tokens > 0; }

    // Answers request over catalog (the request's action must be Size); nullopt with *error
    // set when the inputs contradict each other, or determine nothing at all.
    static std::optional<SizingReport> compute(const SizingRequest &request,
                                               const GpuCatalog &catalog, QString *error);
};

} // namespace everx
