#include "server/embeddedexchange.h"

#include "server/exchangeserver.h"
#include "server/exchangeservice.h"
#include "server/sandboxstart.h"

#include "wire/inprocesstransport.h"
#include "wire/transport.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QFileInfo>

namespace everx {

// Everything that lives on the exchange thread. Created there, deleted there.
class EmbeddedWorker final : public QObject
{
    Q_OBJECT

public:
    void open(const EmbeddedExchange::Options &options)
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        m_clock = std::make_unique<ScaledClock>(now, now, options.timeScale);
        m_service = std::make_unique<ExchangeService>(*m_clock);
        m_server = std::make_unique<ExchangeServer>(*m_service);
        ExchangeService::Options o;
        o.sandbox = true;
        o.serverName = QStringLiteral("everx-desk sandbox");
        o.engine.database.location = options.databasePath;
        o.engine.platformFeeBp = options.platformFeeBp;
        // Every sandbox account has a published password: a slow hash protects nothing there
        // and would make the first start (about 45 accounts) take seconds longer.
        o.engine.passwordLog2N = SandboxPasswordLog2N;
        QString error;
        QDir().mkpath(QFileInfo(options.databasePath).absolutePath());
        if (!m_service->open(o, &error)) {
            fail(error);
            return;
        }
        m_sandbox = startSandbox(*m_service, *m_clock, options.sandbox, &error,
                                 [this](int done, int total) { Q_EMIT preparing(done, total); });
        if (!m_sandbox) {
            fail(error);
            return;
        }
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
        if (m_sandbox)
            m_sandbox->stop();
        qDeleteAll(std::exchange(m_waiting, {}));
        m_server.reset();
        m_sandbox.reset();
        m_service.reset();
        m_clock.reset();
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

    std::unique_ptr<ScaledClock> m_clock;
    std::unique_ptr<ExchangeService> m_service;
    std::unique_ptr<ExchangeServer> m_server;
    std::unique_ptr<Sandbox> m_sandbox;
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
    QMetaObject::invokeMethod(m_worker, &EmbeddedWorker::shutDown, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void EmbeddedExchange::start(const Options &options)
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, options] { worker->open(options); }, Qt::QueuedConnection);
}

Transport *EmbeddedExchange::connectClient()
{
    auto [client, server] = InProcessTransport::createPair();
    server->moveToThread(&m_thread);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, server = server] { worker->serve(server); },
        Qt::QueuedConnection);
    return client;
}

} // namespace everx

#include "embeddedexchange.moc"
