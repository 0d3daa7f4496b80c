// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wire/transport.h"

#include <memory>
#include <utility>

namespace everx {

// One end of an in-process pair: the embedded sandbox's connection to the desk, carrying the
// very same protocol text frames as a WebSocket (docs/architecture.md "Layers and rooms").
//
// Threading: the two ends may live in different threads (the embedded exchange runs in its own
// QThread). Every delivery to the other end is a queued call on that end, so frames arrive in the
// order they were sent, in the receiver's thread, and after the close that follows them never.
// Each end is used only from its own thread; a shared, mutex-guarded link makes sending to an
// end that is being destroyed in another thread safe (the frame is dropped).
//
// Limits: frames larger than Protocol::MaxFrameBytes are delivered all the same; the server side
// (ServerConnection) measures every frame itself and closes with 1009, as it must for any
// transport.
class InProcessTransport final : public Transport
{
    Q_OBJECT

public:
    // first: the client end (open() it to connect); second: the server end, open from the start.
    // Both are unparented: the caller moves each to its thread and gives it an owner.
    static std::pair<InProcessTransport *, InProcessTransport *> createPair();

    // Destroying an open end closes the link: the other end sees disconnected(1001, ...).
    ~InProcessTransport() override;
    Q_DISABLE_COPY_MOVE(InProcessTransport)

    // Client end: connected() follows (queued) while the server end is alive, else
    // errorOccurred() and disconnected(). Server end: nothing to do.
    void open() override;
    // disconnected(code, reason) follows on both ends, queued; frames sent after it are dropped.
    void close(int code = CloseNormal, const QString &reason = {}) override;
    void sendText(const QString &frame) override;
    bool isConnected() const override;
    QString peer() const override;

private:
    struct Link;
    InProcessTransport(std::shared_ptr<Link> link, int side);

    // Called (queued) in this end's thread.
    void deliverText(const QString &frame);
    void finish(int code, const QString &reason);

    const std::shared_ptr<Link> m_link;
    const int m_side; // 0: client, 1: server
    bool m_opened; // the client end counts as connected once open() was called
    bool m_openFailed = false; // open() found the link dead and reports that itself
    bool m_closing = false; // close() was called here; disconnected() is on its way
    bool m_finished = false; // disconnected() was emitted; nothing more is emitted
};

} // namespace everx
