// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QtGlobal>

#include <algorithm>
#include <vector>

namespace everx {

// The most GPUs free in any listing of a run of positions, hour by hour (docs/architecture.md
// "The market"): a segment tree over one GPU's listings in the order a placement walks them
// (cheapest first), each node holding, for every hour it indexes, the most GPUs free that hour in
// one listing below it. "The first listing from here with N GPUs free over these hours" then
// skips every run whose best listing has fewer than N in one of the hours, instead of asking each
// listing's calendar in turn: in a market whose cheap servers are reserved ahead, a few nodes
// instead of a thousand listings.
//
// It indexes the Span hours from firstHour() on (a ring: moving on reuses the hours left behind);
// an hour outside is not looked at, so that a position found over such hours only may take them
// and the caller asks the calendar itself. Counts are kept saturated at 255 GPUs (a listing has
// at most 256): a count of 255 passes for more. Pure data structure, not thread-safe
// (ListingCalendar owns one per market).
class FreeGpuTree final
{
public:
    // Hours indexed, from the current day: every start of the next 14 days and at least six days
    // of window after the last.
    static constexpr qint32 Span = 512;
    static constexpr qint32 Saturated = 255;

    // `positions` listings with nothing free, indexing Span hours from firstHour.
    void reset(qint32 positions, qint64 firstHour);
    qint32 size() const { return m_size; }
    qint64 firstHour() const { return m_firstHour; }
    // Whether every hour of [lo, hi) is indexed.
    bool covers(qint64 lo, qint64 hi) const
    {
        return lo >= m_firstHour && hi <= m_firstHour + Span;
    }

    // A position's free GPUs in each indexed hour of [lo, hi), freeAt(hour); the runs above it
    // are brought up to date by pull() or pullAll().
    template<typename FreeAt>
    void assign(qint32 position, qint64 lo, qint64 hi, FreeAt freeAt)
    {
        lo = std::max(lo, m_firstHour);
        hi = std::min(hi, m_firstHour + Span);
        if (position < 0 || position >= m_size || lo >= hi)
            return;
        quint8 *counts = row(m_leaves + position);
        qint32 slot = slotOf(lo);
        for (qint64 hour = lo; hour < hi; ++hour) {
            counts[slot] = quint8(std::clamp<qint32>(freeAt(hour), 0, Saturated));
            if (++slot == Span)
                slot = 0;
        }
    }
    // The runs above `position` again, for the hours [lo, hi).
    void pull(qint32 position, qint64 lo, qint64 hi);
    // Every run again, for the hours [lo, hi) (after assigning them for every position).
    void pullAll(qint64 lo, qint64 hi);
    // Indexes the Span hours from firstHour on. The hours newly indexed, [max(old end, new
    // first), new end), hold what the hours left behind held until the caller assigns them for
    // every position and pulls them with pullAll().
    void moveTo(qint64 firstHour);

    // The first position in [from, to) whose count is at least `gpus` in every indexed hour of
    // [lo, hi), or -1. Exact when covers(lo, hi) and gpus <= Saturated; otherwise a position that
    // may have them, to be checked by the caller.
    qint32 first(qint32 from, qint32 to, qint64 lo, qint64 hi, qint32 gpus) const;

    // The fewest a position has in the indexed hours of [lo, hi); -1 for none.
    qint32 fewest(qint32 position, qint64 lo, qint64 hi) const;
    // Whether every run holds the larger of its two halves' counts, hour by hour (for checks).
    bool runsAgree() const;
    // A position's count in one indexed hour, for tests and checks; -1 outside.
    qint32 at(qint32 position, qint64 hour) const;

private:
    static qint32 slotOf(qint64 hour)
    {
        const qint64 s = hour % Span;
        return qint32(s < 0 ? s + Span : s);
    }
    quint8 *row(qint32 node) { return m_counts.data() + std::size_t(node) * Span; }
    const quint8 *row(qint32 node) const { return m_counts.data() + std::size_t(node) * Span; }
    bool pullSlots(qint32 node, qint32 slot, qint32 count); // whether a count changed

    qint32 m_size = 0;
    qint32 m_leaves = 0; // a power of two: leaf i is node m_leaves + i
    qint64 m_firstHour = 0;
    static constexpr std::size_t Pad = 16; // read past the last row by first(), never used
    std::vector<quint8> m_counts; // node-major: Span counts per node, hour h in slot h % Span
};

} // namespace everx
