// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QtGlobal>

#include <memory>
#include <vector>

namespace everx {

class Transport;

// Threads for the server's sockets, so that the exchange thread does not spend its time on TLS
// and system calls: with a thousand sessions subscribed, every batch's pushes are written to
// every one of them, and encrypting and writing them took a third of that thread
// (docs/protocol.md "Connections").
//
// adopt() moves a transport (a WebSocketTransport just upgraded: its socket, TLS and WebSocket
// framing) to the thread serving the fewest, and gives back a Transport for the caller's
// thread. What that proxy is asked (frames to send, a close, keepalive) goes to the socket's
// thread in order, through one queue per thread that is woken once however many frames wait;
// what the socket reports (frames received, the disconnect) comes back as queued signals. A
// frame is a QString shared, not copied, by every subscriber's queue entry.
//
// Ownership: owns its threads and the adopted transports, which are deleted on their thread when
// their proxy is, or when IoThreads is (the proxies left then report themselves disconnected to
// isConnected() and drop what they are asked). Threading: create, adopt and destroy on one
// thread (the service's); the proxies live there too.
class IoThreads final
{
public:
    explicit IoThreads(int count);
    ~IoThreads();
    Q_DISABLE_COPY_MOVE(IoThreads)

    int count() const { return int(m_lanes.size()); }
    // Takes `transport` (an open server-side transport without a parent, living on the calling
    // thread) to one of the threads; returns its proxy, to be owned by the caller.
    Transport *adopt(Transport *transport);
    // Transports served by each thread, in thread order (ExchangeServer::ioThreadLoad()).
    std::vector<int> load() const;

    struct Lane;

private:
    std::vector<std::shared_ptr<Lane>> m_lanes;
};

} // namespace everx
