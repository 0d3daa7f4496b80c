// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wire/bookpush.h"
#include "wire/protocol.h"

#include <QtCore/QHash>
#include <QtCore/QMap>
#include <QtCore/QObject>
#include <QtCore/QTimer>
#include <QtCore/QUrl>

#include <atomic>
#include <deque>
#include <memory>
#include <random>
#include <vector>

// everx-loadgen's clients: one LoadWorker per thread holds its share of the sessions (real TLS
// WebSocket clients, WebSocketTransport as the desk's connector, pinned to the server's
// certificate) and paces its share of the busy sessions' orders.
//
// Threading: a worker and its sessions live on the worker's thread; the main thread reaches them
// only through queued or blocking-queued calls. LoadShared is read and written from every
// worker with atomics.
namespace everx {
class WebSocketTransport;
}

namespace everx::loadgen {

// Nanoseconds on the monotonic clock, the same in every thread.
qint64 nowNs();

struct LoadShared
{
    // When each price (in cents) was last placed, in nowNs(); 0: nothing to time. The placing
    // session stores it, the observing session takes it on the delta that shows the level.
    std::vector<std::atomic<qint64>> placedAt;
    std::atomic<int> ready {0}; // sessions signed in with both snapshots
    std::atomic<int> failed {0}; // sessions that could not get there
    explicit LoadShared(int maxPriceCents)
        : placedAt(std::size_t(maxPriceCents) + 1)
    { }
};

struct WorkerConfig
{
    QUrl url;
    QByteArray fingerprint;
    QString gpu;
    std::vector<int> sessions; // global indices of this worker's sessions
    int busy = 0; // sessions with an index below this place orders
    int observer = -1; // the session that times deltas
    double rate = 0; // this worker's orders a second (places and cancels)
    int maxOpen = 2; // open orders per busy session
    int maxInFlight = 64; // requests a session may have unanswered; beyond, its turn is skipped
    std::vector<int> prices; // this worker's share of the marked prices (cents), each unique
    int sharedLow = 0, sharedHigh = 0; // shared prices (cents), above the marked ones
    quint64 seed = 1;
    // Part of every client order id, different in every run of the generator: every session
    // signs in as the one demo customer, whose ids must not repeat (a second run against a
    // running server had each of its placements refused as a duplicate).
    QString runTag;
};

// What a worker counted; merged by the main thread.
struct WorkerStats
{
    qint64 sent = 0; // order requests (place and cancel) in the run
    qint64 answered = 0; // of them, answered (a result or an error)
    qint64 skipped = 0; // turns skipped: the session had maxInFlight unanswered, or no price free
    qint64 pushes = 0;
    qint64 bookDeltas = 0; // of the pushes, the book's deltas
    qint64 bookDeltaBytes = 0; // their frames' text, bytes (the protocol's JSON is ASCII)
    qint64 bytesReceived = 0; // every frame's text, bytes, setup included
    qint64 gaps = 0; // a push whose seq was not the last + 1
    qint64 notOpen = 0; // a placed bid that did not rest (it traded: its price was not unique)
    QMap<QString, qint64> errors; // error code -> count, every reply in the run
    QMap<QString, qint64> disconnects; // close code and reason -> count
    std::vector<qint64> replyNs;
    std::vector<qint64> deltaNs;
    int connected = 0; // sessions open at the moment of the snapshot
};

class LoadWorker final : public QObject
{
    Q_OBJECT

public:
    LoadWorker(WorkerConfig config, LoadShared &shared);
    ~LoadWorker() override;

    // On the worker's thread: open the sessions, at most `handshakes` at a time.
    void connectAll(int handshakes);
    void startRun();
    void stopRun(); // no more orders; replies still count
    WorkerStats stats() const;

private:
    struct Session;
    void openNext();
    void onText(Session &s, const QString &text);
    void onPush(Session &s, const Protocol::Frame &push, qint64 now);
    // A push's seq against the channel's last one (a snapshot starts it anew).
    void countPush(Session &s, const QString &channel, qint64 seq, bool snapshot);
    // Bids on marked prices that a book delta shows: the time from their placing.
    void timeMarkedBids(const std::vector<BookLevelChange> &bids, qint64 now);
    void tick();
    bool act(Session &s);
    void send(Session &s, qint64 id, int kind, const QString &frame, int price);
    bool place(Session &s);
    void cancelOldest(Session &s);
    void release(int price); // a bid's price is free again (marked ones only matter)

    WorkerConfig m_config;
    LoadShared &m_shared;
    std::vector<std::unique_ptr<Session>> m_sessions;
    std::vector<Session *> m_busy;
    std::size_t m_nextOpen = 0;
    int m_handshakes = 0;
    int m_maxHandshakes = 32;
    std::size_t m_turn = 0; // the busy session whose turn is next
    qint64 m_turns = 0; // order requests sent or skipped since the run began, for the pacing
    std::deque<int> m_freePrices;
    QTimer m_pacer;
    bool m_running = false;
    qint64 m_runStartNs = 0;
    std::mt19937_64 m_random;
    WorkerStats m_stats;
    const QString m_bookChannel; // the one book every session subscribes to
    Protocol::BookDelta m_bookDelta; // the last read, its storage kept for the next
};

} // namespace everx::loadgen
