// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"

#include <QtCore/QString>

#include <optional>

namespace everx {

// One GPU model of the catalog (docs/architecture.md "The GPU catalog and sizing"). Facts the seeds
// leave unpublished are empty optionals, never zero, so that a view shows "not published" and a
// ranking skips them.
struct GpuModel
{
    QString id; // stable slug used in the protocol and the database: "h100-sxm"
    QString name; // "H100 SXM"
    QString architecture; // "Hopper"
    QString vendor; // "NVIDIA", "AMD"
    int memoryGb = 0;
    QString memoryType; // "HBM3e"; empty where unknown
    std::optional<int> bandwidthGBs; // GB/s; unset for "not published"
    std::optional<int> bf16DenseTflops; // dense (no sparsity) BF16 tensor TFLOPS
    // Where the TFLOPS figure comes from: the document, its date or version and its table; empty
    // when no figure is published.
    QString bf16DenseTflopsSource;
    QString formFactor; // "SXM", "PCIe", "OAM", "NVL"
    QString interconnect; // "NVLink", "Infinity Fabric", "PCIe"
    Cents fromPriceCents = 0; // the seeds' "from" price per GPU-hour, USD
    // The GPUs of the largest server this model typically comes in (8 on an HGX or OAM board):
    // a job of at most this many can run on one server. serverGpusSource says why.
    int serverGpus = 1;
    QString serverGpusSource;

    // The seeds' "largest model per GPU" figures, in billions of parameters, where published.
    std::optional<int> seedFullTrain1Gpu;
    std::optional<int> seedFullTrain8Gpu;
    std::optional<int> seedQloraBase;
    std::optional<int> seedLora16Base;
};

} // namespace everx
