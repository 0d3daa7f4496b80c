// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "daemon/standby.h"

#include <QtCore/QLoggingCategory>

namespace everx {

Q_LOGGING_CATEGORY(lcStandby, "everx.exchanged.standby")

Standby::Standby(ExchangeService &service, const ExchangeService::Options &serviceOptions,
                 const Options &options, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_serviceOptions(serviceOptions)
    , m_options(options)
{
    m_serviceOptions.engine.database.writerLockWaitMs = 0; // one try; the timer tries again
    m_poll.setSingleShot(true);
    connect(&m_poll, &QTimer::timeout, this, &Standby::attempt);
}

void Standby::start()
{
    m_waited.start();
    qCInfo(lcStandby) << "standby: waiting for the writer lock, serving nothing";
    attempt();
}

qint64 Standby::lockWaitMs() const
{
    if (!m_waited.isValid())
        return 0;
    return m_waiting ? m_waited.elapsed() : m_lockWaitMs;
}

void Standby::attempt()
{
    const qint64 startedMs = m_waited.elapsed();
    QElapsedTimer took;
    took.start();
    QString problem;
    if (m_service.open(m_serviceOptions, &problem)) {
        m_takeoverMs = took.elapsed();
        m_lockWaitMs = startedMs;
        m_waiting = false;
        qCInfo(lcStandby).noquote()
            << QStringLiteral("took over after waiting %1 ms for the writer lock; opened in %2 ms")
                   .arg(m_lockWaitMs)
                   .arg(m_takeoverMs);
        emit tookOver();
        return;
    }
    if (m_service.engine().ledgerRefused()) {
        emit ledgerRefused(m_service.engine().ledgerReport().problem);
        return;
    }
    if (problem != m_lastProblem) {
        qCInfo(lcStandby).noquote() << "standby: not taking over yet:" << problem;
        m_lastProblem = problem;
    }
    m_poll.start(std::max(1, m_options.pollMs));
}

} // namespace everx
