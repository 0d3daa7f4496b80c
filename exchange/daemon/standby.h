// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "server/exchangeservice.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QTimer>

namespace everx {

// everx-exchanged --standby (docs/operations.md "Two machines"): a server that waits for the
// writer lock of a database another server writes to, serving nothing, and takes over once the
// lock comes free. It is a cold standby: it reads nothing meanwhile, and at the takeover opens
// the service as any start does (the chain verified since its last checkpoint, the state loaded),
// which is fast enough (the figures are in docs/operations.md "Two machines").
//
// It tries to open the service without waiting for the lock (writerLockWaitMs 0) at once and then
// every Options::pollMs, so that the thread stays free meanwhile (the admin listener answers
// /healthz with "standby"). A try that fails for any reason but a ledger that does not verify
// (the lock held, the database unreachable) is tried again; its reason is logged when it changes.
//
// Threading: the service's thread.
class Standby final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int pollMs = 250; // between tries: at most this much is added to a takeover
    };
    // everx-exchanged's exit status once a fenced server finds it has lost the writer lock
    // (Database::setFencedCallback): nothing more is written, and systemd starts it again.
    static constexpr int FencedExitStatus = 4;

    // Neither is owned; the service must outlive this.
    Standby(ExchangeService &service, const ExchangeService::Options &serviceOptions,
            const Options &options, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(Standby)

    void start();
    bool isWaiting() const { return m_waiting; }
    // How long it waited for the lock: so far while waiting, else until the try that took it.
    qint64 lockWaitMs() const;
    // How long the try that took the lock took to open the service (connecting, the lock, the
    // chain's verification, the state's load); -1 while waiting.
    qint64 takeoverMs() const { return m_takeoverMs; }

signals:
    void tookOver();
    // The ledger does not verify: nothing may be served (docs/security.md "The ledger").
    void ledgerRefused(const QString &problem);

private:
    void attempt();

    ExchangeService &m_service;
    ExchangeService::Options m_serviceOptions;
    Options m_options;
    QTimer m_poll;
    QElapsedTimer m_waited;
    QString m_lastProblem;
    bool m_waiting = true;
    qint64 m_lockWaitMs = 0;
    qint64 m_takeoverMs = -1;
};

} // namespace everx
