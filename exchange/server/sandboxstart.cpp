#include "server/sandboxstart.h"

#include "server/exchangeservice.h"

#include "engine/clock.h"

namespace everx {

std::unique_ptr<Sandbox> startSandbox(ExchangeService &service, ScaledClock &clock,
                                      const SandboxOptions &options, QString *error,
                                      const std::function<void(int done, int total)> &progress)
{
    const qint64 last = service.engine().lastActivityMs();
    if (last >= clock.nowMs())
        clock.rebase(last + 1);
    auto sandbox = std::make_unique<Sandbox>(service.engine(), options);
    if (progress)
        QObject::connect(sandbox.get(), &Sandbox::preparing, sandbox.get(), progress);
    QString problem;
    if (!sandbox->prepare(&problem)) {
        if (error)
            *error = QStringLiteral("the sandbox did not start: %1").arg(problem);
        return nullptr;
    }
    if (!service.setSandbox(sandbox.get(), &problem)) {
        if (error)
            *error = QStringLiteral("the sandbox's history did not load: %1").arg(problem);
        return nullptr;
    }
    sandbox->start();
    return sandbox;
}

} // namespace everx
