// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The most GPUs free in a run of listings, hour by hour (docs/architecture.md "The market"): the
// first listing with enough free over a window, by hand, over a ring that moves on, saturated
// counts, and a randomized run against a scan of every position.

#include "engine/freegputree.h"

#include <QtTest/QTest>

#include <random>

using namespace everx;

namespace {
constexpr qint64 Monday = 1'796'601'600'000 / 3'600'000; // 2026-12-07 00:00 UTC, in hours
constexpr qint32 Span = FreeGpuTree::Span;

// Positions' counts hour by hour: counts[position][hour - first].
void fill(FreeGpuTree &tree, const std::vector<std::vector<qint32>> &counts, qint64 first)
{
    for (std::size_t p = 0; p < counts.size(); ++p)
        tree.assign(qint32(p), first, first + qint64(counts[p].size()),
                    [&](qint64 hour) { return counts[p][std::size_t(hour - first)]; });
    tree.pullAll(first, first + Span);
}
} // namespace

class TestFreeGpuTree : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theFirstWithEnoughOverTheWindow();
    void theRingMovesOn();
    void countsSaturate();
    void randomAgainstAScan();
};

void TestFreeGpuTree::theFirstWithEnoughOverTheWindow()
{
    FreeGpuTree tree;
    tree.reset(5, Monday);
    // Five listings over four hours from Monday 00:00.
    fill(tree, {{8, 8, 0, 8}, {2, 2, 2, 2}, {4, 4, 4, 1}, {8, 8, 8, 8}, {0, 0, 0, 0}}, Monday);
    QCOMPARE(tree.first(0, 5, Monday, Monday + 2, 8), 0);
    QCOMPARE(tree.first(0, 5, Monday, Monday + 3, 8), 3); // the first is taken at 02:00
    QCOMPARE(tree.first(0, 5, Monday, Monday + 3, 3), 2);
    QCOMPARE(tree.first(0, 5, Monday, Monday + 4, 3), 3); // the third has 1 at 03:00
    QCOMPARE(tree.first(0, 3, Monday, Monday + 4, 3), -1); // not before the fourth
    QCOMPARE(tree.first(4, 5, Monday, Monday + 4, 1), -1);
    QCOMPARE(tree.first(1, 5, Monday + 2, Monday + 3, 1), 1); // from the second on
    QCOMPARE(tree.first(0, 5, Monday + 2, Monday + 3, 9), -1);
    QCOMPARE(tree.fewest(2, Monday, Monday + 4), 1);
    QCOMPARE(tree.fewest(0, Monday + 1, Monday + 2), 8);
    // One listing's hours change: the runs above it follow.
    tree.assign(3, Monday + 1, Monday + 2, [](qint64) { return 5; });
    tree.pull(3, Monday + 1, Monday + 2);
    QCOMPARE(tree.first(0, 5, Monday, Monday + 3, 8), -1);
    QCOMPARE(tree.first(0, 5, Monday, Monday + 3, 5), 3);
    QCOMPARE(tree.at(3, Monday + 1), 5);
}

void TestFreeGpuTree::theRingMovesOn()
{
    FreeGpuTree tree;
    tree.reset(3, Monday);
    fill(tree,
         {std::vector<qint32>(Span, 4), std::vector<qint32>(Span, 2), std::vector<qint32>(Span, 6)},
         Monday);
    QVERIFY(tree.covers(Monday, Monday + Span));
    QVERIFY(!tree.covers(Monday, Monday + Span + 1));
    // A day on: the day's hours ahead are new, and the first listing is booked in them.
    tree.moveTo(Monday + 24);
    QCOMPARE(tree.firstHour(), Monday + 24);
    QVERIFY(!tree.covers(Monday, Monday + 1));
    QCOMPARE(tree.at(0, Monday), -1);
    const qint64 lo = Monday + Span, hi = Monday + 24 + Span;
    tree.assign(0, lo, hi, [](qint64) { return 0; });
    tree.assign(1, lo, hi, [](qint64) { return 2; });
    tree.assign(2, lo, hi, [&](qint64 hour) { return hour < lo + 10 ? 6 : 1; });
    tree.pullAll(lo, hi);
    QCOMPARE(tree.at(0, lo), 0);
    QCOMPARE(tree.at(0, lo - 1), 4);
    // A window across the ring's seam.
    QCOMPARE(tree.first(0, 3, lo - 5, lo + 5, 4), 2);
    QCOMPARE(tree.first(0, 3, lo - 5, lo + 12, 4), -1);
    QCOMPARE(tree.first(0, 3, lo - 5, lo + 12, 2), 1);
    QCOMPARE(tree.fewest(2, lo - 5, lo + 12), 1);
    // Hours not indexed are not looked at: any position may have them.
    QCOMPARE(tree.first(1, 3, Monday, Monday + 5, 50), 1);
}

void TestFreeGpuTree::countsSaturate()
{
    FreeGpuTree tree;
    tree.reset(2, Monday);
    fill(tree, {{200, 200}, {256, 256}}, Monday);
    QCOMPARE(tree.at(1, Monday), FreeGpuTree::Saturated);
    QCOMPARE(tree.first(0, 2, Monday, Monday + 2, 201), 1);
    // 256 asked: the saturated listing may have them, and is named for the caller to check.
    QCOMPARE(tree.first(0, 2, Monday, Monday + 2, 256), 1);
    QCOMPARE(tree.at(0, Monday), 200);
}

void TestFreeGpuTree::randomAgainstAScan()
{
    std::mt19937_64 random(4242);
    const auto pick = [&random](qint64 lo, qint64 hi) {
        return std::uniform_int_distribution<qint64>(lo, hi)(random);
    };
    for (int round = 0; round < 20; ++round) {
        const auto size = qint32(pick(1, 300));
        qint64 first = Monday + pick(-100, 100);
        // The truth: every position's count for every hour the tree may index.
        std::vector<std::vector<qint32>> counts(static_cast<std::size_t>(size));
        const auto truth = [&](qint32 p, qint64 hour) -> qint32 & {
            auto &row = counts[std::size_t(p)];
            const auto i = std::size_t(hour - Monday + 1'000);
            if (row.size() <= i)
                row.resize(i + 1, 0);
            return row[i];
        };
        FreeGpuTree tree;
        tree.reset(size, first);
        for (qint32 p = 0; p < size; ++p) {
            const auto gpus = qint32(pick(1, 8));
            for (qint64 hour = first; hour < first + Span; ++hour)
                truth(p, hour) = gpus;
            tree.assign(p, first, first + Span, [&](qint64 hour) { return truth(p, hour); });
        }
        tree.pullAll(first, first + Span);
        for (int step = 0; step < 3'000; ++step) {
            switch (pick(0, 9)) {
            case 0: { // the ring moves on; the new hours are a listing's GPUs, some booked
                const qint64 oldEnd = first + Span;
                first += pick(0, 30);
                tree.moveTo(first);
                const qint64 lo = std::max(oldEnd, first), hi = first + Span;
                for (qint32 p = 0; p < size; ++p) {
                    for (qint64 hour = lo; hour < hi; ++hour)
                        truth(p, hour) = qint32(pick(0, 8));
                    tree.assign(p, lo, hi, [&](qint64 hour) { return truth(p, hour); });
                }
                tree.pullAll(lo, hi);
                break;
            }
            case 1:
            case 2:
            case 3: { // a booking or a release on one listing
                const auto p = qint32(pick(0, size - 1));
                const qint64 lo = first + pick(0, Span - 1);
                const qint64 hi = std::min(first + Span, lo + pick(1, 72));
                const auto delta = qint32(pick(-3, 3));
                for (qint64 hour = lo; hour < hi; ++hour)
                    truth(p, hour) = std::clamp(truth(p, hour) + delta, 0, 8);
                tree.assign(p, lo, hi, [&](qint64 hour) { return truth(p, hour); });
                tree.pull(p, lo, hi);
                break;
            }
            default: { // the first with enough, against a scan
                const qint64 lo = first + pick(0, Span - 1);
                const qint64 hi = std::min(first + Span, lo + pick(1, 72));
                const auto gpus = qint32(pick(1, 8));
                const auto from = qint32(pick(0, size - 1));
                const auto to = qint32(pick(from, size));
                qint32 expected = -1;
                for (qint32 p = from; p < to && expected < 0; ++p) {
                    qint32 least = 8;
                    for (qint64 hour = lo; hour < hi; ++hour)
                        least = std::min(least, truth(p, hour));
                    if (least >= gpus)
                        expected = p;
                }
                QCOMPARE(tree.first(from, to, lo, hi, gpus), expected);
                if (expected >= 0) {
                    qint32 least = 8;
                    for (qint64 hour = lo; hour < hi; ++hour)
                        least = std::min(least, truth(expected, hour));
                    QCOMPARE(tree.fewest(expected, lo, hi), least);
                }
                break;
            }
            }
        }
    }
}

QTEST_GUILESS_MAIN(TestFreeGpuTree)
#include "tst_freegputree.moc"
