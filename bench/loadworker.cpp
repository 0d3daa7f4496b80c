// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "loadworker.h"

#include "market/money.h"
#include "wire/bookpush.h"
#include "wire/vocabulary.h"
#include "wire/websockettransport.h"
#include "wire/wirecodec.h"

#include <chrono>

namespace everx::loadgen {

namespace {

enum RequestKind { Setup = 0, Place = 1, Cancel = 2 };

struct Pending
{
    qint64 sentNs = 0;
    int kind = Setup;
    int price = 0; // Place: the bid's price; Cancel: the cancelled order's
    bool measured = false; // sent during the run
};

struct OpenOrder
{
    qint64 id = 0;
    int price = 0;
};

} // namespace

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct LoadWorker::Session
{
    int index = 0;
    bool busy = false;
    bool observer = false;
    bool ready = false;
    bool failed = false;
    std::unique_ptr<WebSocketTransport> transport;
    qint64 nextId = 1;
    qint64 orders = 0; // clientOrderId counter
    QHash<qint64, Pending> pending; // by request id
    std::deque<OpenOrder> open; // resting bids, oldest first
    int placing = 0; // places not yet answered
    QHash<QString, qint64> seq; // last seq by channel
    int snapshots = 0;
};

LoadWorker::LoadWorker(WorkerConfig config, LoadShared &shared)
    : m_config(std::move(config))
    , m_shared(shared)
    , m_freePrices(m_config.prices.begin(), m_config.prices.end())
    , m_random(m_config.seed)
    , m_bookChannel(Channel::book(m_config.gpu))
{
    m_pacer.setParent(this); // moves to the worker's thread with it
    m_pacer.setTimerType(Qt::PreciseTimer);
    m_pacer.setInterval(2);
    connect(&m_pacer, &QTimer::timeout, this, &LoadWorker::tick);
}

LoadWorker::~LoadWorker() = default;

void LoadWorker::connectAll(int handshakes)
{
    m_maxHandshakes = handshakes;
    for (const int index : m_config.sessions) {
        auto s = std::make_unique<Session>();
        s->index = index;
        s->busy = index < m_config.busy;
        s->observer = index == m_config.observer;
        if (s->busy)
            m_busy.push_back(s.get());
        m_sessions.push_back(std::move(s));
    }
    openNext();
}

void LoadWorker::openNext()
{
    while (m_handshakes < m_maxHandshakes && m_nextOpen < m_sessions.size()) {
        Session &s = *m_sessions[m_nextOpen++];
        ++m_handshakes;
        s.transport = std::make_unique<WebSocketTransport>(m_config.url);
        s.transport->setPinnedFingerprint(m_config.fingerprint);
        WebSocketTransport *t = s.transport.get();
        connect(t, &Transport::connected, this, [this, &s] {
            const qint64 id = s.nextId++;
            s.pending.insert(id, {nowNs(), Setup, 0, false});
            s.transport->sendText(Protocol::encodeRequest(
                id, Op::AuthDemo, {{QStringLiteral("role"), QStringLiteral("customer")}}));
        });
        connect(t, &Transport::textReceived, this,
                [this, &s](const QString &text) { onText(s, text); });
        connect(t, &Transport::disconnected, this, [this, &s](int code, const QString &reason) {
            m_stats.disconnects[QStringLiteral("%1 %2").arg(code).arg(reason)] += 1;
            if (!s.ready && !s.failed) {
                s.failed = true;
                --m_handshakes;
                m_shared.failed.fetch_add(1);
                openNext();
            }
        });
        t->open();
    }
}

void LoadWorker::onText(Session &s, const QString &text)
{
    const qint64 now = nowNs();
    m_stats.bytesReceived += text.size();
    // A book's deltas, most of what the sessions receive, are read as the desk reads them
    // (ClientSession): straight from the text, without a JSON document.
    if (Protocol::decodeBookDelta(text, &m_bookDelta)) {
        if (m_bookDelta.channel != m_bookChannel) {
            m_stats.errors[QStringLiteral("a delta of a book not subscribed to")] += 1;
            return;
        }
        countPush(s, m_bookChannel, m_bookDelta.seq, false);
        ++m_stats.bookDeltas;
        m_stats.bookDeltaBytes += text.size();
        if (s.observer)
            timeMarkedBids(m_bookDelta.change.bids, now);
        return;
    }
    Protocol::DecodeError error;
    const std::optional<Protocol::Frame> frame =
        Protocol::decode(text, &error, Protocol::MaxServerFrameBytes);
    if (!frame) {
        m_stats.errors[QStringLiteral("undecodable frame: ") + error.message] += 1;
        return;
    }
    if (frame->kind == Protocol::FrameKind::Push) {
        onPush(s, *frame, now);
        return;
    }
    const auto it = s.pending.find(frame->id);
    if (it == s.pending.end()) {
        m_stats.errors[QStringLiteral("reply to no request")] += 1;
        return;
    }
    const Pending p = *it;
    s.pending.erase(it);
    const bool failed = frame->kind == Protocol::FrameKind::Error;
    if (p.measured) {
        ++m_stats.answered;
        m_stats.replyNs.push_back(now - p.sentNs);
    }
    if (failed && (p.measured || p.kind == Setup))
        m_stats.errors[errorCodeName(frame->errorCode)] += 1;
    switch (p.kind) {
    case Setup:
        if (failed) {
            if (!s.failed) {
                s.failed = true;
                --m_handshakes;
                m_shared.failed.fetch_add(1);
                openNext();
            }
            return;
        }
        if (frame->result.contains(QStringLiteral("token"))) { // auth.demo: now subscribe
            for (const QString &channel : {m_bookChannel, QString(Channel::TickerName)}) {
                const qint64 id = s.nextId++;
                s.pending.insert(id, {now, Setup, 0, false});
                s.transport->sendText(Protocol::encodeRequest(
                    id, Op::Subscribe, {{QStringLiteral("channel"), channel}}));
            }
        }
        return;
    case Place:
        --s.placing;
        if (failed) {
            release(p.price);
            return;
        }
        {
            const QJsonObject order = frame->result.value(QStringLiteral("order")).toObject();
            if (order.value(QStringLiteral("state")).toString() != u"open") {
                ++m_stats.notOpen;
                release(p.price);
                return;
            }
            s.open.push_back({order.value(QStringLiteral("id")).toInteger(), p.price});
        }
        return;
    case Cancel:
        // Refused or not, the bid is gone from this session's books; its price is free again
        // (a refusal here is counted above and would show a bug).
        release(p.price);
        return;
    }
}

void LoadWorker::release(int price)
{
    if (price < m_config.sharedLow)
        m_freePrices.push_back(price);
}

void LoadWorker::countPush(Session &s, const QString &channel, qint64 seq, bool snapshot)
{
    ++m_stats.pushes;
    qint64 &last = s.seq[channel];
    if (!snapshot && seq != last + 1)
        ++m_stats.gaps;
    last = seq;
}

void LoadWorker::onPush(Session &s, const Protocol::Frame &push, qint64 now)
{
    const bool snapshot = push.type == PushType::Snapshot;
    countPush(s, push.channel, push.seq, snapshot);
    if (snapshot) {
        if (++s.snapshots == 2 && !s.ready && !s.failed) {
            s.ready = true;
            --m_handshakes;
            m_shared.ready.fetch_add(1);
            openNext();
        }
        return;
    }
    if (s.observer && push.channel == m_bookChannel) // a delta not in the server's own form
        timeMarkedBids(Wire::bookChange(push.data).bids, now);
}

void LoadWorker::timeMarkedBids(const std::vector<BookLevelChange> &bids, qint64 now)
{
    for (const BookLevelChange &level : bids) {
        if (level.gpus <= 0 || level.price <= 0
            || std::size_t(level.price) >= m_shared.placedAt.size())
            continue;
        const qint64 placed = m_shared.placedAt[std::size_t(level.price)].exchange(0);
        if (placed > 0)
            m_stats.deltaNs.push_back(now - placed);
    }
}

void LoadWorker::startRun()
{
    m_running = true;
    m_runStartNs = nowNs();
    if (!m_busy.empty() && m_config.rate > 0)
        m_pacer.start();
}

void LoadWorker::stopRun()
{
    m_pacer.stop();
    m_running = false;
}

void LoadWorker::tick()
{
    const qint64 due = qint64(double(nowNs() - m_runStartNs) * m_config.rate / 1e9);
    while (m_turns < due) {
        // The next busy session that can take a turn; a full round without one skips the rest
        // of this tick's orders (counted: the generator or the server is behind).
        bool acted = false;
        for (std::size_t tries = 0; tries < m_busy.size() && !acted; ++tries) {
            Session &s = *m_busy[m_turn++ % m_busy.size()];
            acted = s.ready && act(s);
        }
        if (!acted) {
            m_stats.skipped += due - m_turns;
            m_turns = due; // the lost turns are not made up later in a burst
            break;
        }
    }
}

bool LoadWorker::act(Session &s)
{
    if (s.pending.size() >= m_config.maxInFlight || !s.transport->isConnected())
        return false;
    // Place while the session has room; otherwise reprice (cancel the oldest and place anew)
    // or cancel, half each.
    const int resting = int(s.open.size()) + s.placing;
    if (s.open.empty() || (resting < m_config.maxOpen && m_random() % 3 == 0))
        return place(s);
    cancelOldest(s);
    if (m_random() % 2 == 0)
        place(s);
    return true;
}

void LoadWorker::send(Session &s, qint64 id, int kind, const QString &frame, int price)
{
    s.pending.insert(id, {nowNs(), kind, price, true});
    ++m_stats.sent;
    ++m_turns;
    s.transport->sendText(frame);
}

bool LoadWorker::place(Session &s)
{
    // A marked price (unique among the open bids: its level shows this bid alone) while one is
    // free, else any shared price above them, which is not timed.
    int price = 0;
    if (!m_freePrices.empty()) {
        price = m_freePrices.front();
        m_freePrices.pop_front();
        m_shared.placedAt[std::size_t(price)].store(nowNs());
    } else {
        price = m_config.sharedLow
            + int(m_random() % quint64(m_config.sharedHigh - m_config.sharedLow + 1));
    }
    const qint64 id = s.nextId++;
    const QString frame = Protocol::encodeRequest(
        id, Op::OrderPlace,
        {{QStringLiteral("clientOrderId"),
          QStringLiteral("lg-%1-%2-%3").arg(m_config.runTag).arg(s.index).arg(++s.orders)},
         {QStringLiteral("gpu"), m_config.gpu},
         {QStringLiteral("kind"), QStringLiteral("limit")},
         {QStringLiteral("gpus"), 1},
         {QStringLiteral("hours"), 1},
         {QStringLiteral("price"), Money::toPlain(price)}});
    ++s.placing;
    send(s, id, Place, frame, price);
    return true;
}

void LoadWorker::cancelOldest(Session &s)
{
    const OpenOrder order = s.open.front();
    s.open.pop_front();
    const qint64 id = s.nextId++;
    send(s, id, Cancel,
         Protocol::encodeRequest(id, Op::OrderCancel, {{QStringLiteral("orderId"), order.id}}),
         order.price);
}

WorkerStats LoadWorker::stats() const
{
    WorkerStats copy = m_stats;
    copy.connected = int(std::count_if(m_sessions.begin(), m_sessions.end(), [](const auto &s) {
        return s->transport && s->transport->isConnected();
    }));
    return copy;
}

} // namespace everx::loadgen
