// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/inprocesstransport.h"

#include "market/threadhandoff.h"

#include <QtCore/QMutex>
#include <QtCore/QMutexLocker>

namespace everx {

// What the two ends share. The mutex is held while a call is posted to an end, and an end
// removes itself under the mutex in its destructor, so a post never reaches a deleted object
// (QObject's destructor then discards calls already posted to it).
struct InProcessTransport::Link
{
    QMutex mutex;
    InProcessTransport *ends[2] = {nullptr, nullptr};
    bool open = true; // false once either end closed or was destroyed
};

std::pair<InProcessTransport *, InProcessTransport *> InProcessTransport::createPair()
{
    auto link = std::make_shared<Link>();
    auto *client = new InProcessTransport(link, 0);
    auto *server = new InProcessTransport(link, 1);
    link->ends[0] = client;
    link->ends[1] = server;
    return {client, server};
}

InProcessTransport::InProcessTransport(std::shared_ptr<Link> link, int side)
    : Transport(nullptr)
    , m_link(std::move(link))
    , m_side(side)
    , m_opened(side == 1)
{ }

InProcessTransport::~InProcessTransport()
{
    QMutexLocker locker(&m_link->mutex);
    m_link->ends[m_side] = nullptr;
    if (m_link->open) {
        m_link->open = false;
        if (InProcessTransport *other = m_link->ends[1 - m_side]) {
            ThreadHandoff::post(
                other, [other] { other->finish(CloseGoingAway, QStringLiteral("peer gone")); });
        }
    }
}

void InProcessTransport::open()
{
    if (m_side != 0 || m_opened || m_closing)
        return;
    m_opened = true;
    bool alive = false;
    {
        QMutexLocker locker(&m_link->mutex);
        alive = m_link->open && m_link->ends[1] != nullptr;
    }
    if (alive) {
        // Queued like a socket's: the caller finishes its own set-up before connected() comes.
        // Should the server end go away meanwhile, its finish() follows instead.
        ThreadHandoff::post(this, [this] {
            if (isConnected())
                Q_EMIT connected();
        });
        return;
    }
    // finish() ignores the dead server end's notice from now on: this is the one report.
    m_openFailed = true;
    ThreadHandoff::post(this, [this] {
        Q_EMIT errorOccurred(tr("The in-process exchange is not running."));
        m_finished = true;
        Q_EMIT disconnected(CloseAbnormal, QStringLiteral("in-process peer is gone"));
    });
}

void InProcessTransport::close(int code, const QString &reason)
{
    if (m_finished || m_closing)
        return;
    m_closing = true;
    {
        QMutexLocker locker(&m_link->mutex);
        if (m_link->open) {
            m_link->open = false;
            if (InProcessTransport *other = m_link->ends[1 - m_side]) {
                ThreadHandoff::post(other, [other, code, reason] { other->finish(code, reason); });
            }
        }
    }
    ThreadHandoff::post(this, [this, code, reason] { finish(code, reason); });
}

void InProcessTransport::sendText(const QString &frame)
{
    if (m_finished || m_closing || !m_opened)
        return;
    QMutexLocker locker(&m_link->mutex);
    if (!m_link->open)
        return;
    if (InProcessTransport *other = m_link->ends[1 - m_side]) {
        ThreadHandoff::post(other, [other, frame] { other->deliverText(frame); });
    }
}

bool InProcessTransport::isConnected() const
{
    if (m_finished || m_closing || !m_opened)
        return false;
    QMutexLocker locker(&m_link->mutex);
    return m_link->open;
}

QString InProcessTransport::peer() const
{
    return QStringLiteral("in-process");
}

void InProcessTransport::deliverText(const QString &frame)
{
    // Frames that were under way when this end closed are dropped, as a closed socket would.
    if (!m_finished && !m_closing)
        Q_EMIT textReceived(frame);
}

void InProcessTransport::finish(int code, const QString &reason)
{
    // A client end that was never opened has no connection to lose (open() will report the dead
    // link); one whose open() failed reports that instead.
    if (m_finished || (m_side == 0 && (!m_opened || m_openFailed)))
        return;
    m_finished = true;
    Q_EMIT disconnected(code, reason);
}

} // namespace everx
