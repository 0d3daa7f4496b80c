// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/sandboxexchange.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QFileInfo>

namespace everx {

SandboxExchange::SandboxExchange() = default;

SandboxExchange::~SandboxExchange()
{
    close();
}

bool SandboxExchange::open(const Options &options, QString *error,
                           const std::function<void(int done, int total)> &progress)
{
    close();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_clock = std::make_unique<ScaledClock>(now, now, options.sandbox.timeScale);
    m_service = std::make_unique<ExchangeService>(*m_clock);

    ExchangeService::Options o = options.service;
    o.sandbox = true;
    o.engine.passwordLog2N = SandboxPasswordLog2N;
    const QString &location = o.engine.database.location;
    if (!location.isEmpty() && !location.startsWith(u"postgres") && location != u":memory:")
        QDir().mkpath(QFileInfo(location).absolutePath());
    QString problem;
    if (!m_service->open(o, &problem)) {
        if (error)
            *error = problem;
        return false;
    }

    const qint64 last = m_service->engine().lastActivityMs();
    if (last >= m_clock->nowMs())
        m_clock->rebase(last + 1);
    auto market = std::make_unique<Sandbox>(m_service->engine(), options.sandbox);
    if (progress)
        QObject::connect(market.get(), &Sandbox::preparing, market.get(), progress);
    if (!market->prepare(&problem)) {
        if (error)
            *error = QStringLiteral("the sandbox did not start: %1").arg(problem);
        return false;
    }
    if (!m_service->setSandbox(market.get(), &problem)) {
        if (error)
            *error = QStringLiteral("the sandbox's history did not load: %1").arg(problem);
        return false;
    }
    market->start();
    m_market = std::move(market);
    return true;
}

void SandboxExchange::close()
{
    if (m_market)
        m_market->stop();
    if (m_service)
        m_service->close();
    m_market.reset();
    m_service.reset();
    m_clock.reset();
}

} // namespace everx
