// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// A run's time and cost: FLOPs from the parameters and tokens, GPU-hours at a utilisation of
// the dense peak, and the cost at a price per GPU-hour.

#include "sizing/sizing.h"

#include <cmath>

namespace everx {

int Sizing::flopsPerParameter(Method method, Recompute recompute)
{
    const int recomputed = recompute == Recompute::Full ? 2 : 0; // [Narayanan] one more forward
    switch (method) {
    case Method::Full:
        return 6 + recomputed; // [Kaplan] forward 2 + backward 4
    case Method::Lora:
    case Method::Qlora:
        return 4 + recomputed; // forward 2 + input gradients 2; no weight gradients
    case Method::Inference:
        return 2; // [Kaplan] the forward pass
    }
    return 0;
}

std::optional<double> Sizing::runFlops(qint64 parameters, qint64 adapterParameters, Method method,
                                       Recompute recompute, qint64 tokens)
{
    if (parameters <= 0 || tokens <= 0 || adapterParameters < 0)
        return std::nullopt;
    // Doubles: a 405B model over 15.6T tokens is 3.8 x 10^25 FLOPs, past any integer type,
    // and an estimate needs no more than double's 15 significant digits.
    double flops =
        double(flopsPerParameter(method, recompute)) * double(parameters) * double(tokens);
    if (method == Method::Lora || method == Method::Qlora)
        flops += 6.0 * double(adapterParameters) * double(tokens);
    return flops;
}

QString Sizing::runFlopsNote(Method method, Recompute recompute)
{
    switch (method) {
    case Method::Full:
        if (recompute == Recompute::Full)
            return QStringLiteral("Run FLOPs: 8 x parameters x tokens: forward 2, backward 4 "
                                  "(gradients of inputs and of weights) and, with full "
                                  "recomputation, the forward pass again (Kaplan et al. 2020; "
                                  "Narayanan et al. 2021)");
        return QStringLiteral("Run FLOPs: 6 x parameters x tokens: forward 2, backward 4 "
                              "(gradients of inputs and of weights) (Kaplan et al. 2020; "
                              "Narayanan et al. 2021)%1")
            .arg(recompute == Recompute::Selective
                     ? QStringLiteral("; selective recomputation's extra attention FLOPs (a few "
                                      "percent, Korthikanti et al. 2022) are not counted")
                     : QString());
    case Method::Lora:
    case Method::Qlora: {
        QString note =
            QStringLiteral("Run FLOPs: %1 x parameters x tokens + 6 x adapters x tokens: the "
                           "frozen base costs its forward pass (2) and the gradients of its "
                           "inputs (2) but no weight gradients (the backward pass's other half, "
                           "Narayanan et al. 2021)%2; Hu et al. 2021 measured LoRA at 43.1 "
                           "against 32.5 tokens/s per V100 for full fine-tuning of GPT-3 175B")
                .arg(flopsPerParameter(method, recompute))
                .arg(recompute == Recompute::Full
                         ? QStringLiteral(", plus a forward pass again for full recomputation")
                         : QString());
        if (method == Method::Qlora)
            note += QStringLiteral("; the dequantisation of the NF4 weights in every pass is "
                                   "memory traffic, not tensor FLOPs, and not counted: QLoRA "
                                   "steps are slower than LoRA's (Dettmers et al. 2023), so "
                                   "consider a lower --mfu");
        return note;
    }
    case Method::Inference:
        return QStringLiteral("Run FLOPs: 2 x parameters x tokens processed, prompt and generated "
                              "(Kaplan et al. 2020, C_forward = 2N; attention over the context "
                              "is not counted); decoding a few sequences at a time is limited by "
                              "memory bandwidth, not FLOPs, so the time is a lower bound unless "
                              "many sequences are served at once");
    }
    return {};
}

std::optional<double> Sizing::gpuHours(double flops, std::optional<int> denseTflops, double mfu)
{
    if (!denseTflops || *denseTflops <= 0 || !(mfu > 0) || mfu > 1 || !(flops >= 0))
        return std::nullopt;
    return flops / (double(*denseTflops) * 1e12 * mfu * 3600.0);
}

Sizing::RunEstimate Sizing::estimateRun(std::optional<double> flops, std::optional<int> denseTflops,
                                        std::optional<int> gpus, double mfu,
                                        std::optional<Cents> pricePerGpuHour)
{
    RunEstimate e;
    if (!flops)
        return e;
    e.gpuHours = gpuHours(*flops, denseTflops, mfu);
    if (!e.gpuHours)
        return e;
    // The FLOPs spread evenly over the GPUs (data parallel, no loss to communication beyond
    // what the utilisation already takes).
    if (gpus && *gpus > 0)
        e.wallHours = *e.gpuHours / double(*gpus);
    if (pricePerGpuHour)
        e.cost = runCost(*pricePerGpuHour, *e.gpuHours);
    return e;
}

std::optional<Cents> Sizing::runCost(Cents pricePerGpuHour, double gpuHours)
{
    if (pricePerGpuHour < 0 || !std::isfinite(gpuHours) || gpuHours < 0)
        return std::nullopt;
    // Hours to the micro-hour (3.6 ms), then the one money rounding: price x micro-hours /
    // 10^6, half to even, in Money.
    const double micro = std::round(gpuHours * 1e6);
    if (micro > 9.0e18)
        return std::nullopt;
    const qint64 microHours = qint64(micro);
    if (Int128(pricePerGpuHour) * microHours > Int128(Money::MaxAmount) * 1'000'000)
        return std::nullopt;
    return Money::mulDiv(pricePerGpuHour, microHours, 1'000'000);
}

} // namespace everx
