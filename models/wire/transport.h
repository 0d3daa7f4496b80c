// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QObject>
#include <QtCore/QString>

namespace everx {

// One bidirectional channel of protocol text frames (docs/protocol.md). The client session and
// the server's connections speak through it, so the same code runs over a WebSocket to a remote
// server and over an in-process pair to the embedded sandbox.
//
// Threading: a transport lives in one thread and is used only there. Signals are emitted from
// that thread.
class Transport : public QObject
{
    Q_OBJECT

public:
    // WebSocket close codes (RFC 6455 section 7.4.1). Abnormal is never sent: an end reports it
    // locally when the connection went without a close frame.
    enum CloseCode : int {
        CloseNormal = 1000,
        CloseGoingAway = 1001,
        CloseAbnormal = 1006,
        ClosePolicy = 1008,
        CloseTooBig = 1009,
    };

    using QObject::QObject;
    ~Transport() override;

    // Client side: starts connecting; connected() or disconnected() follows. Server side: the
    // transport is already open and this does nothing.
    virtual void open() = 0;
    // Closes with a WebSocket close code (CloseCode) and a reason; disconnected() follows on
    // both ends.
    virtual void close(int code = CloseNormal, const QString &reason = {}) = 0;
    virtual void sendText(const QString &frame) = 0;
    virtual bool isConnected() const = 0;
    // The peer for logs: "127.0.0.1:53122", "in-process".
    virtual QString peer() const = 0;
    // The peer's address for limits and throttling, without the port: "127.0.0.1", an IPv6
    // /64 network ("2001:db8:1:2::/64": one host has them all), "in-process".
    virtual QString peerAddress() const { return peer(); }
    // Server side: pings the peer every intervalMs of silence and closes the connection when no
    // pong came within timeoutMs (a dead peer, a half-open TCP connection). 0 turns it off. The
    // default does nothing (a transport with no peer to lose).
    virtual void setKeepalive(qint64 intervalMs, qint64 timeoutMs)
    {
        Q_UNUSED(intervalMs);
        Q_UNUSED(timeoutMs);
    }
    // Server side: the most that may wait to be written to a peer that does not read. A frame
    // that would take what waits past it is not sent: the transport closes with 1008 "too slow",
    // drops everything after, and emits tooSlow() (docs/protocol.md "Limits"). 0: no cap. The
    // default does nothing (a transport whose peer always reads).
    virtual void setMaxQueuedBytes(qint64 bytes) { Q_UNUSED(bytes); }
    // Server side: what waits to be written to the peer now, in bytes (0 for a transport that
    // does not know). Safe to call from another thread than the transport's.
    virtual qint64 queuedBytes() const { return 0; }

Q_SIGNALS:
    void connected();
    void disconnected(int code, const QString &reason);
    void textReceived(const QString &frame);
    // A human-readable problem (TLS error, refused connection); disconnected() follows.
    void errorOccurred(const QString &message);
    // What waited to be written passed setMaxQueuedBytes(): the transport is closing.
    void tooSlow(qint64 queuedBytes);
};

} // namespace everx
