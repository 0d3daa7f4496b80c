// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "server/exchangeservice.h"

#include "engine/clock.h"
#include "sandbox/sandbox.h"

#include <QtCore/QString>

#include <functional>
#include <memory>

namespace everx {

// The sandbox market on an exchange of its own (docs/architecture.md "The sandbox"), set up one
// way for the desk's embedded exchange and for `everx-exchanged --sandbox`:
// - one clock, the exchange's, that runs SandboxOptions::timeScale times faster than real time;
//   after a restart it would read earlier than what the database already recorded, so it is
//   rebased just past the last activity;
// - the service on that clock in sandbox mode (auth.demo, the simulated payment processor) with
//   a cheap password hash, since every sandbox account has a published password;
// - the market, prepared (demo accounts, listings, and on the first start the backfilled
//   history, which takes a few seconds), handed to the service and started.
//
// Threading: lives on the thread that serves the service, like the service itself.
class SandboxExchange final
{
public:
    struct Options
    {
        ExchangeService::Options service; // sandbox mode and the password cost are set by open()
        SandboxOptions sandbox;
    };

    SandboxExchange();
    ~SandboxExchange(); // stops the market, then closes the service
    Q_DISABLE_COPY_MOVE(SandboxExchange)

    // Opens the service and starts the market; false with the reason in *error. `progress`, if
    // given, hears Sandbox::preparing (done of total parts) while the preparation runs.
    bool open(const Options &options, QString *error = nullptr,
              const std::function<void(int done, int total)> &progress = {});
    // Stops the simulation and closes the service; open() may be called again.
    void close();

    ExchangeService &service() { return *m_service; }
    ScaledClock &clock() { return *m_clock; }
    Sandbox *market() const { return m_market.get(); }

private:
    std::unique_ptr<ScaledClock> m_clock;
    std::unique_ptr<ExchangeService> m_service;
    std::unique_ptr<Sandbox> m_market;
};

} // namespace everx
