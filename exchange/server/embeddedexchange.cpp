// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/embeddedexchange.h"

#include "market/threadhandoff.h"

#include "server/exchangeserver.h"
#include "server/sandboxexchange.h"

#include "wire/inprocesstransport.h"
#include "wire/transport.h"

namespace everx {

// Everything that lives on the exchange thread. Created there, deleted there.
class EmbeddedWorker final : public QObject
{
    Q_OBJECT

public:
    void open(const EmbeddedExchange::Options &options)
    {
        SandboxExchange::Options o;
        o.sandbox = options.sandbox;
        o.service.serverName = QStringLiteral("everx-desk sandbox");
        o.service.engine.database.location = options.databasePath;
        o.service.engine.platformFeeBp = options.platformFeeBp;
        // The desk is the only peer, in the same process: no idle guard.
        o.service.signInGraceMs = 0;
        // The key beside the database (the engine's default); a sandbox database from before
        // the key is keyed on its first start, as nobody else would.
        o.service.engine.rekeyUnkeyedChain = true;
        QString error;
        if (!m_exchange.open(o, &error,
                             [this](int done, int total) { Q_EMIT preparing(done, total); })) {
            fail(error);
            return;
        }
        m_server = std::make_unique<ExchangeServer>(m_exchange.service());
        m_open = true;
        for (Transport *t : std::exchange(m_waiting, {}))
            m_server->accept(t);
        Q_EMIT ready();
    }

    // Connections made before the exchange is open wait for it.
    void serve(Transport *transport)
    {
        if (m_open)
            m_server->accept(transport);
        else if (m_failed)
            refuse(transport);
        else
            m_waiting.append(transport);
    }

    void shutDown()
    {
        // The market stops trading before the connections go, and they go before the service.
        if (m_exchange.market())
            m_exchange.market()->stop();
        qDeleteAll(std::exchange(m_waiting, {}));
        m_server.reset();
        m_exchange.close();
    }

Q_SIGNALS:
    void ready();
    void failed(const QString &message);
    void preparing(int done, int total);

private:
    void fail(const QString &error)
    {
        m_failed = true;
        for (Transport *t : std::exchange(m_waiting, {}))
            refuse(t);
        Q_EMIT failed(error);
    }
    static void refuse(Transport *transport)
    {
        transport->close(1011, QStringLiteral("the sandbox exchange did not start"));
        transport->deleteLater();
    }

    SandboxExchange m_exchange;
    std::unique_ptr<ExchangeServer> m_server; // serves m_exchange's service
    QList<Transport *> m_waiting;
    bool m_open = false;
    bool m_failed = false;
};

EmbeddedExchange::EmbeddedExchange(QObject *parent)
    : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("exchange"));
    m_worker = new EmbeddedWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &EmbeddedWorker::ready, this, [this] {
        m_ready = true;
        Q_EMIT ready();
    });
    connect(m_worker, &EmbeddedWorker::failed, this, &EmbeddedExchange::failed);
    connect(m_worker, &EmbeddedWorker::preparing, this, &EmbeddedExchange::preparing);
    m_thread.start();
}

EmbeddedExchange::~EmbeddedExchange()
{
    // Close the exchange on its own thread (the database connection belongs to that thread),
    // then stop the thread; the worker is deleted when the thread finishes.
    ThreadHandoff::postAndWait(m_worker, [worker = m_worker] { worker->shutDown(); });
    m_thread.quit();
    m_thread.wait();
}

void EmbeddedExchange::start(const Options &options)
{
    ThreadHandoff::post(m_worker, [worker = m_worker, options] { worker->open(options); });
}

Transport *EmbeddedExchange::connectClient()
{
    auto [client, server] = InProcessTransport::createPair();
    server->moveToThread(&m_thread);
    ThreadHandoff::post(m_worker, [worker = m_worker, server = server] { worker->serve(server); });
    return client;
}

} // namespace everx

#include "embeddedexchange.moc"
