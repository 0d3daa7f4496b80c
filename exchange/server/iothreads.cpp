// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/iothreads.h"

#include "market/threadhandoff.h"

#include "wire/transport.h"

#include <QtCore/QObject>
#include <QtCore/QThread>

#include <algorithm>
#include <atomic>
#include <mutex>

namespace everx {

// One I/O thread: the transports it serves and the queue of what their proxies asked.
struct IoThreads::Lane
{
    enum class Kind : quint8 {
        Adopt, // the transport has moved here: parent it to the lane
        Send,
        Close,
        Keepalive,
        MaxQueued,
        Release, // its proxy is gone
    };
    struct Command
    {
        Transport *transport = nullptr;
        Kind kind = Kind::Send;
        QString text; // the frame, or the close reason
        qint64 a = 0; // close code, keepalive interval, or the queue's cap
        qint64 b = 0; // keepalive timeout
    };

    QThread thread;
    QObject *context = nullptr; // lives on `thread`; parent of the transports served there
    std::atomic<int> served {0};

    // From the proxies' thread. The thread is woken once for however many commands wait.
    void post(Command command)
    {
        {
            const std::lock_guard lock(m_mutex);
            if (m_stopped)
                return;
            m_commands.push_back(std::move(command));
            if (std::exchange(m_woken, true))
                return;
        }
        ThreadHandoff::post(context, [this] { run(); });
    }

    bool stopped() const
    {
        const std::lock_guard lock(m_mutex);
        return m_stopped;
    }

    // From the owner's thread: drops what waits and refuses what comes; the transports are
    // deleted on their thread before it ends.
    void stop()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_stopped = true;
            m_commands.clear();
        }
        QObject *const lane = context;
        ThreadHandoff::postAndWait(context, [lane] { qDeleteAll(lane->children()); });
        thread.quit();
        thread.wait();
        delete context; // no children left, and its thread has ended
        context = nullptr;
    }

private:
    // On the lane's thread, in the order the commands were posted.
    void run()
    {
        std::vector<Command> todo;
        {
            const std::lock_guard lock(m_mutex);
            todo.swap(m_commands);
            m_woken = false;
        }
        for (Command &c : todo) {
            switch (c.kind) {
            case Kind::Adopt:
                c.transport->setParent(context);
                break;
            case Kind::Send:
                c.transport->sendText(c.text);
                break;
            case Kind::Close:
                c.transport->close(int(c.a), c.text);
                break;
            case Kind::Keepalive:
                c.transport->setKeepalive(c.a, c.b);
                break;
            case Kind::MaxQueued:
                c.transport->setMaxQueuedBytes(c.a);
                break;
            case Kind::Release:
                --served;
                c.transport->deleteLater();
                break;
            }
        }
    }

    mutable std::mutex m_mutex;
    std::vector<Command> m_commands; // guarded by m_mutex
    bool m_woken = false; // guarded: a run() is posted and has not taken the commands yet
    bool m_stopped = false; // guarded
};

namespace {

// The transport the service's thread holds for one served on an I/O thread. Asks go down the
// lane in order; the socket's signals come back queued. Commands name the served transport by
// pointer: it is deleted only by this proxy's Release, after every earlier command of its own,
// or by the lane's end, after which nothing runs.
class ProxyTransport final : public Transport
{
public:
    using Lane = IoThreads::Lane;

    ProxyTransport(std::shared_ptr<Lane> lane, Transport *served)
        : m_lane(std::move(lane))
        , m_served(served)
        , m_peer(served->peer())
        , m_peerAddress(served->peerAddress())
        , m_connected(served->isConnected())
    {
        connect(served, &Transport::textReceived, this, &Transport::textReceived,
                Qt::QueuedConnection);
        connect(served, &Transport::errorOccurred, this, &Transport::errorOccurred,
                Qt::QueuedConnection);
        connect(served, &Transport::tooSlow, this, &Transport::tooSlow, Qt::QueuedConnection);
        connect(
            served, &Transport::disconnected, this,
            [this](int code, const QString &reason) {
                m_connected = false;
                Q_EMIT disconnected(code, reason);
            },
            Qt::QueuedConnection);
    }
    // Disconnects from the served transport before releasing it: QObject's destructor would do
    // it later, reading the served transport while its lane may already be deleting it. (A lane
    // that has stopped, on this same thread, deleted it already, and its connections with it.)
    ~ProxyTransport() override
    {
        if (m_lane->stopped())
            return;
        disconnect(m_served, nullptr, this, nullptr);
        m_lane->post({m_served, Lane::Kind::Release, {}, 0, 0});
    }
    Q_DISABLE_COPY_MOVE(ProxyTransport)

    void open() override { } // served transports are open
    void close(int code, const QString &reason) override
    {
        m_lane->post({m_served, Lane::Kind::Close, reason, code, 0});
    }
    void sendText(const QString &frame) override
    {
        m_lane->post({m_served, Lane::Kind::Send, frame, 0, 0});
    }
    bool isConnected() const override { return m_connected && !m_lane->stopped(); }
    // The served transport's own count, an atomic: read across the threads. Frames still in the
    // lane's queue are not counted; the lane writes them out whatever the peer reads.
    qint64 queuedBytes() const override { return m_lane->stopped() ? 0 : m_served->queuedBytes(); }
    QString peer() const override { return m_peer; }
    QString peerAddress() const override { return m_peerAddress; }
    void setKeepalive(qint64 intervalMs, qint64 timeoutMs) override
    {
        m_lane->post({m_served, Lane::Kind::Keepalive, {}, intervalMs, timeoutMs});
    }
    // What waits is the served socket's: frames in the lane's queue are written out as soon as
    // the lane runs, whatever the peer reads.
    void setMaxQueuedBytes(qint64 bytes) override
    {
        m_lane->post({m_served, Lane::Kind::MaxQueued, {}, bytes, 0});
    }

private:
    const std::shared_ptr<Lane> m_lane;
    Transport *const m_served;
    const QString m_peer;
    const QString m_peerAddress;
    bool m_connected;
};

} // namespace

IoThreads::IoThreads(int count)
{
    for (int i = 0; i < std::max(1, count); ++i) {
        auto lane = std::make_shared<Lane>();
        lane->thread.setObjectName(QStringLiteral("everx-io-%1").arg(i + 1));
        lane->context = new QObject;
        lane->context->moveToThread(&lane->thread);
        lane->thread.start();
        m_lanes.push_back(std::move(lane));
    }
}

IoThreads::~IoThreads()
{
    for (const std::shared_ptr<Lane> &lane : m_lanes)
        lane->stop();
}

Transport *IoThreads::adopt(Transport *transport)
{
    Q_ASSERT(!transport->parent());
    const auto lane =
        *std::min_element(m_lanes.cbegin(), m_lanes.cend(),
                          [](const std::shared_ptr<Lane> &a, const std::shared_ptr<Lane> &b) {
                              return a->served.load() < b->served.load();
                          });
    auto *proxy = new ProxyTransport(lane, transport); // reads the peer before the move
    ++lane->served;
    transport->moveToThread(&lane->thread);
    lane->post({transport, Lane::Kind::Adopt, {}, 0, 0});
    return proxy;
}

std::vector<int> IoThreads::load() const
{
    std::vector<int> served;
    for (const std::shared_ptr<Lane> &lane : m_lanes)
        served.push_back(lane->served.load());
    return served;
}

} // namespace everx
