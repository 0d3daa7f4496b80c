// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "sandbox/sandbox.h"

#include "market/marketrules.h"

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QThread>

namespace everx {

class Transport;
class EmbeddedWorker;

// The sandbox exchange inside the desk (docs/architecture.md "The sandbox"): an ExchangeService
// with its Sandbox on a thread of its own, reached only through in-process transports that carry
// the same protocol frames as a WebSocket.
//
// Threading: the object itself lives in the caller's (GUI) thread; the engine, the service and
// the sandbox live on the exchange thread and are never touched from here.
class EmbeddedExchange final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString databasePath; // SQLite file; created on first start
        SandboxOptions sandbox; // its seed and time scale among them
        int platformFeeBp = MarketRules::DefaultPlatformFeeBp;
    };

    explicit EmbeddedExchange(QObject *parent = nullptr);
    ~EmbeddedExchange() override; // stops the thread, after the exchange has closed
    Q_DISABLE_COPY_MOVE(EmbeddedExchange)

    // Opens the database, prepares the sandbox (the first start backfills history, which takes
    // a few seconds) and starts the simulation, all on the exchange thread; ready() or failed()
    // follows.
    void start(const Options &options);
    bool isReady() const { return m_ready; }

    // A new connection to the exchange: the returned end belongs to the caller's thread (the
    // caller owns it); the other end is served on the exchange thread. Usable before ready():
    // the connection is served once the exchange is open.
    Transport *connectClient();

Q_SIGNALS:
    void ready();
    void failed(const QString &message);
    // How far the preparation is (Sandbox::preparing), in the caller's thread: a first start
    // backfills weeks of history, and the desk shows its progress meanwhile.
    void preparing(int done, int total);

private:
    QThread m_thread;
    EmbeddedWorker *m_worker = nullptr; // lives on m_thread
    bool m_ready = false;
};

} // namespace everx
