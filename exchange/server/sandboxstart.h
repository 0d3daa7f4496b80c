#pragma once

#include "sandbox/sandbox.h"

#include <QtCore/QString>

#include <functional>
#include <memory>

namespace everx {

class ExchangeService;
class ScaledClock;

// Starts the sandbox market on an open service whose clock is `clock`, the same way for the
// desk's embedded exchange and for `everx-exchanged --sandbox`:
// - the scaled clock runs faster than real time, so after a restart it would read earlier than
//   what the database already recorded: it is rebased just past the last activity;
// - the sandbox is prepared (demo accounts, listings, and on the first start the backfilled
//   history, which takes a few seconds), handed to the service (auth.demo, market data reloaded
//   past the backfill) and started.
// Returns the running sandbox (the caller stops it before closing the service), or nullptr with
// the reason in *error. Runs on the service's thread, before the clock is shared. `progress`, if
// given, hears Sandbox::preparing (done of total parts) while the preparation runs.
std::unique_ptr<Sandbox>
startSandbox(ExchangeService &service, ScaledClock &clock, const SandboxOptions &options,
             QString *error = nullptr,
             const std::function<void(int done, int total)> &progress = {});

} // namespace everx
