// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"

#include <QtCore/QtGlobal>

#include <limits>
#include <optional>

// What the sizing_*.cpp files share, private to the room.
//
// Sources of the sizing model, cited by their tags where each is used in sizing_*.cpp:
// [ZeRO]  S. Rajbhandari, J. Rasley, O. Ruwase, Y. He, "ZeRO: Memory Optimizations Toward
//         Training Trillion Parameter Models", SC 2020 (arXiv:1910.02054). Mixed-precision Adam
//         keeps 2 bytes of fp16 parameters, 2 bytes of fp16 gradients and K = 12 bytes of
//         optimizer states (fp32 parameter copy, momentum, variance) per parameter: 16 bytes.
//         ZeRO-1 (P_os) shards the optimizer states over the N_d data-parallel ranks, ZeRO-2
//         (P_os+g) gradients too, ZeRO-3 (P_os+g+p) the parameters too. Worked example in the
//         paper (Figure 1): 7.5B parameters, N_d = 64: 120 GB baseline, 31.4 GB, 16.6 GB and
//         1.9 GB per GPU.
// [Korthikanti] V. Korthikanti, J. Casper, S. Lym, L. McAfee, M. Andersch, M. Shoeybi,
//         B. Catanzaro, "Reducing Activation Recomputation in Large Transformer Models",
//         MLSys 2023 (arXiv:2205.05198, 2022). Activation bytes per transformer layer, 16-bit
//         activations, 1-byte dropout masks: sbh(34 + 5as/h) without parallelism;
//         sbh(10 + 24/t + 5as/(ht)) with tensor parallelism t; sbh/t (34 + 5as/h) with tensor
//         and sequence parallelism; selective recomputation drops the 5as/h term; full
//         recomputation keeps only the layer input, 2sbh. The loss's logits are kept in fp32:
//         4sbv/t bytes.
// [QLoRA] T. Dettmers, A. Pagnoni, A. Holtzman, L. Zettlemoyer, "QLoRA: Efficient Finetuning
//         of Quantized LLMs", NeurIPS 2023 (arXiv:2305.14314). 4-bit NormalFloat weights;
//         double quantisation cuts the quantisation constants from 0.5 to 0.127 bits per
//         parameter (block of 64 with an 8-bit constant, second-level block of 256 with a
//         32-bit constant: 8/64 + 32/(64 x 256) = 0.127).
// [LoRA]  E. Hu et al., "LoRA: Low-Rank Adaptation of Large Language Models", ICLR 2022
//         (arXiv:2106.09685). A rank-r adapter on a d_in x d_out projection has
//         r x (d_in + d_out) parameters.
// The inference KV cache (2 x layers x kv_heads x head_dim x bytes per token and sequence) is
// the standard accounting of grouped-query attention (Ainslie et al. 2023, "GQA",
// arXiv:2305.13245): K and V are stored once per KV head, not per query head.
// [PEFT]  Hugging Face PEFT's print_trainable_parameters() for meta-llama/Llama-2-7b-hf with
//         LoRA r = 16 on q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj and down_proj:
//         "trainable params: 39,976,960 || all params: 6,778,392,576 || trainable%: 0.5898";
//         r x (d_in + d_out) per projection from the config's widths gives exactly that.
// [TM101] Q. Anthony, S. Biderman, H. Schoelkopf, "Transformer Math 101", EleutherAI blog,
//         2023, "Total Inference Memory": about 1.2x the model's memory, the 20% being the
//         forward pass's overhead.
// [Kaplan] J. Kaplan et al., "Scaling Laws for Neural Language Models", 2020
//         (arXiv:2001.08361), section 2.1: a forward pass costs about 2N FLOPs per token, the
//         backward pass twice that, so training C = 6NT; N ~ 12 n_layer d_model^2 (Table 1).
// [Narayanan] D. Narayanan et al., "Efficient Large-Scale Language Model Training on GPU
//         Clusters Using Megatron-LM", SC 2021 (arXiv:2104.04473): the backward pass is twice
//         the forward because it computes gradients of both inputs and weights; full
//         activation recomputation adds one forward pass, 4x the forward in all (8NT);
//         parameters 12 l h^2 (1 + 13/(12h) + (V + s)/(12 l h)).

namespace everx::SizingDetail {

// Exact integer arithmetic in 128 bits that remembers overflow. Every byte count goes through
// it: absurd inputs make the estimate fail rather than wrap around.
class Exact
{
public:
    Exact() = default;
    Exact(qint64 value) // implicit: formulas read like the papers, "Exact(34) * s * b * h"
        : m_value(value)
    { }

    static Exact invalid()
    {
        Exact e;
        e.m_valid = false;
        return e;
    }
    bool valid() const { return m_valid; }
    Int128 value() const { return m_value; }

    friend Exact operator*(Exact a, Exact b)
    {
        Int128 r = 0;
        if (!a.m_valid || !b.m_valid || __builtin_mul_overflow(a.m_value, b.m_value, &r))
            return invalid();
        return fromWide(r);
    }
    friend Exact operator+(Exact a, Exact b)
    {
        Int128 r = 0;
        if (!a.m_valid || !b.m_valid || __builtin_add_overflow(a.m_value, b.m_value, &r))
            return invalid();
        return fromWide(r);
    }
    friend Exact operator-(Exact a, Exact b)
    {
        Int128 r = 0;
        if (!a.m_valid || !b.m_valid || __builtin_sub_overflow(a.m_value, b.m_value, &r))
            return invalid();
        return fromWide(r);
    }
    // Rounded up (for non-negative numerators): a memory estimate never rounds a byte away.
    Exact ceilDiv(Exact divisor) const
    {
        if (!m_valid || !divisor.m_valid || divisor.m_value <= 0)
            return invalid();
        return fromWide((m_value + divisor.m_value - 1) / divisor.m_value);
    }
    Exact floorDiv(Exact divisor) const
    {
        if (!m_valid || !divisor.m_valid || divisor.m_value <= 0)
            return invalid();
        return fromWide(m_value / divisor.m_value);
    }
    // The result as bytes: must be valid, non-negative and fit in 64 bits.
    std::optional<qint64> toInt64() const
    {
        if (!m_valid || m_value < 0 || m_value > Int128(std::numeric_limits<qint64>::max()))
            return std::nullopt;
        return qint64(m_value);
    }

private:
    static Exact fromWide(Int128 v)
    {
        Exact e;
        e.m_value = v;
        return e;
    }

    Int128 m_value = 0;
    bool m_valid = true;
};

} // namespace everx::SizingDetail
