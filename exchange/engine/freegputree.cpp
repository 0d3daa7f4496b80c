// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/freegputree.h"

#include <algorithm>
#include <bit>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace everx {

void FreeGpuTree::reset(qint32 positions, qint64 firstHour)
{
    m_size = std::max(positions, 0);
    m_leaves = qint32(std::bit_ceil(quint32(std::max(m_size, 1))));
    m_firstHour = firstHour;
    m_counts.assign(std::size_t(2 * m_leaves) * Span + Pad, 0);
}

bool FreeGpuTree::pullSlots(qint32 node, qint32 slot, qint32 count)
{
    // Two straight passes at most (the ring wraps once), which the compiler vectorises.
    quint8 changed = 0;
    while (count > 0) {
        const qint32 n = std::min(count, Span - slot);
        quint8 *out = row(node) + slot;
        const quint8 *left = row(2 * node) + slot;
        const quint8 *right = row(2 * node + 1) + slot;
        qint32 i = 0;
#if defined(__SSE2__)
        for (; i + 16 <= n; i += 16) {
            const auto at = [i](const quint8 *p) {
                return reinterpret_cast<const __m128i *>(p + i);
            };
            const __m128i most =
                _mm_max_epu8(_mm_loadu_si128(at(left)), _mm_loadu_si128(at(right)));
            const __m128i was = _mm_loadu_si128(at(out));
            changed |= quint8(_mm_movemask_epi8(_mm_cmpeq_epi8(most, was)) != 0xffff);
            _mm_storeu_si128(reinterpret_cast<__m128i *>(out + i), most);
        }
#endif
        for (; i < n; ++i) {
            const quint8 most = std::max(left[i], right[i]);
            changed |= quint8(most ^ out[i]);
            out[i] = most;
        }
        count -= n;
        slot = 0;
    }
    return changed != 0;
}

void FreeGpuTree::pull(qint32 position, qint64 lo, qint64 hi)
{
    lo = std::max(lo, m_firstHour);
    hi = std::min(hi, m_firstHour + Span);
    if (position < 0 || position >= m_size || lo >= hi)
        return;
    // A run whose counts did not change changes none above it: in a market of many listings a
    // booking mostly stops a few runs up.
    for (qint32 node = (m_leaves + position) / 2; node >= 1; node /= 2) {
        if (!pullSlots(node, slotOf(lo), qint32(hi - lo)))
            break;
    }
}

void FreeGpuTree::pullAll(qint64 lo, qint64 hi)
{
    lo = std::max(lo, m_firstHour);
    hi = std::min(hi, m_firstHour + Span);
    if (lo >= hi)
        return;
    for (qint32 node = m_leaves - 1; node >= 1; --node)
        pullSlots(node, slotOf(lo), qint32(hi - lo));
}

void FreeGpuTree::moveTo(qint64 firstHour)
{
    // The slots of the hours no longer indexed now stand for the hours newly indexed, which the
    // caller assigns for every position: clearing them first would walk every node for nothing.
    m_firstHour = firstHour;
}

namespace {

// Whether each of the n counts from p is at least `gpus`.
inline bool enough(const quint8 *p, qint32 n, quint8 gpus)
{
#if defined(__SSE2__)
    // Sixteen hours a step, the last step's hours past n masked out (the counts end in
    // FreeGpuTree's padding, so that reading past the last row stays inside them). A run that
    // fails mostly fails in its first step, as a booked day is many hours alike.
    const __m128i wanted = _mm_set1_epi8(char(gpus));
    for (qint32 i = 0; i < n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + i));
        const int ok = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, wanted), v));
        const int asked = n - i >= 16 ? 0xffff : (1 << (n - i)) - 1;
        if ((ok & asked) != asked)
            return false;
    }
#else
    for (qint32 i = 0; i < n; ++i) {
        if (p[i] < gpus)
            return false;
    }
#endif
    return true;
}

} // namespace

qint32 FreeGpuTree::first(qint32 from, qint32 to, qint64 lo, qint64 hi, qint32 gpus) const
{
    from = std::max(from, 0);
    to = std::min(to, m_size);
    if (from >= to)
        return -1;
    lo = std::max(lo, m_firstHour);
    hi = std::min(hi, m_firstHour + Span);
    if (lo >= hi) // no hour indexed: any position may have them
        return from;
    const auto wanted = quint8(std::clamp(gpus, 0, Saturated));
    // The hours asked are one or two runs of slots (the ring wraps once at most).
    const qint32 slot = slotOf(lo);
    const qint32 head = std::min(qint32(hi - lo), Span - slot);
    const qint32 tail = qint32(hi - lo) - head;
    const auto passes = [&](qint32 node) {
        const quint8 *counts = row(node);
        return enough(counts + slot, head, wanted) && (tail == 0 || enough(counts, tail, wanted));
    };
    // From the leaf `from`, the runs to its right in order, each the largest that starts where
    // the last ended: a run that fails is passed whole, one that passes is looked into, left
    // first. No run is checked twice, and a position near `from` is found in a few steps.
    qint32 node = m_leaves + from;
    qint32 first = from; // the first position under `node`
    qint32 width = 1; // and how many are under it
    while (first < to) {
        if (passes(node)) {
            if (width == 1)
                return first;
            node *= 2;
            width /= 2;
            continue;
        }
        // The next run to the right: up while this one is a right child, then its sibling.
        while (node & 1) {
            node /= 2;
            first -= width;
            width *= 2;
        }
        if (node == 0)
            return -1;
        ++node;
        first += width;
    }
    return -1;
}

qint32 FreeGpuTree::fewest(qint32 position, qint64 lo, qint64 hi) const
{
    lo = std::max(lo, m_firstHour);
    hi = std::min(hi, m_firstHour + Span);
    if (position < 0 || position >= m_size || lo >= hi)
        return -1;
    const quint8 *counts = row(m_leaves + position);
    quint8 least = Saturated;
    qint32 slot = slotOf(lo);
    for (auto count = qint32(hi - lo); count > 0;) {
        const qint32 n = std::min(count, Span - slot);
        const quint8 *p = counts + slot;
        qint32 i = 0;
#if defined(__SSE2__)
        if (n >= 16) {
            __m128i m = _mm_set1_epi8(char(Saturated));
            for (; i + 16 <= n; i += 16)
                m = _mm_min_epu8(m, _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + i)));
            m = _mm_min_epu8(m, _mm_srli_si128(m, 8));
            m = _mm_min_epu8(m, _mm_srli_si128(m, 4));
            m = _mm_min_epu8(m, _mm_srli_si128(m, 2));
            m = _mm_min_epu8(m, _mm_srli_si128(m, 1));
            least = std::min(least, quint8(_mm_cvtsi128_si32(m) & 0xff));
        }
#endif
        for (; i < n; ++i)
            least = std::min(least, p[i]);
        count -= n;
        slot = 0;
    }
    return least;
}

bool FreeGpuTree::runsAgree() const
{
    for (qint32 node = 1; node < m_leaves; ++node) {
        for (qint32 slot = 0; slot < Span; ++slot) {
            if (row(node)[slot] != std::max(row(2 * node)[slot], row(2 * node + 1)[slot]))
                return false;
        }
    }
    return true;
}

qint32 FreeGpuTree::at(qint32 position, qint64 hour) const
{
    if (position < 0 || position >= m_size || !covers(hour, hour + 1))
        return -1;
    return row(m_leaves + position)[slotOf(hour)];
}

} // namespace everx
