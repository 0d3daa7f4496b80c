// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QtGlobal>

#include <atomic>

namespace everx {

// The one source of time for the engine (docs/architecture.md "The market"): milliseconds since the
// Unix epoch, UTC. Injected so that tests drive time by hand and the sandbox can run it faster.
// Implementations are safe to read from any thread.
class Clock
{
public:
    virtual ~Clock();
    virtual qint64 nowMs() const = 0;
    // Clock milliseconds per real millisecond: 1 but for a sandbox's ScaledClock.
    virtual int rate() const { return 1; }
};

// Wall-clock time.
class SystemClock final : public Clock
{
public:
    qint64 nowMs() const override;
};

// Time that moves only when told to; for tests and replays.
class ManualClock final : public Clock
{
public:
    explicit ManualClock(qint64 startMs)
        : m_now(startMs)
    { }
    qint64 nowMs() const override { return m_now.load(std::memory_order_acquire); }
    void advance(qint64 ms) { m_now.fetch_add(ms, std::memory_order_acq_rel); }
    void set(qint64 ms) { m_now.store(ms, std::memory_order_release); }

private:
    std::atomic<qint64> m_now;
};

// Wall-clock time running `factor` times faster from an origin: with factor 60 the sandbox
// bills one rental hour per real minute. Continuous: time never jumps at construction.
class ScaledClock final : public Clock
{
public:
    ScaledClock(qint64 originMs, qint64 realOriginMs, int factor);
    qint64 nowMs() const override;
    int rate() const override { return m_factor; }
    // Moves the clock so that it reads originMs now; for a sandbox that restarts behind the time
    // its database last saw. Call before the clock is shared with other threads.
    void rebase(qint64 originMs);

private:
    qint64 m_origin;
    qint64 m_realOrigin;
    int m_factor;
};

} // namespace everx
