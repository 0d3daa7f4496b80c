// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QTimer>
#include <QtCore/QtGlobal>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace everx::bench {

// Runs the event loop until done() or ms pass; returns done(). It sleeps between events and
// looks at done() every 10 ms: QEventLoop::processEvents(flags, maxTime) drops
// WaitForMoreEvents and spins, which took a whole core from the server it measured.
template<typename Done>
bool waitFor(Done done, int ms)
{
    if (done())
        return true;
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer check;
    check.setInterval(10);
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done() || clock.elapsed() >= ms)
            loop.quit();
    });
    check.start();
    loop.exec();
    return done();
}

// The p-th percentile (nearest rank) of sorted nanoseconds, in milliseconds; 0 when empty.
inline double percentileMs(const std::vector<qint64> &sortedNs, double p)
{
    if (sortedNs.empty())
        return 0;
    const auto rank = std::size_t(std::ceil(p / 100.0 * double(sortedNs.size())));
    return double(sortedNs[std::clamp<std::size_t>(rank, 1, sortedNs.size()) - 1]) / 1e6;
}

} // namespace everx::bench
