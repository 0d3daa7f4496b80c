// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QElapsedTimer>
#include <QtCore/QMap>
#include <QtCore/QObject>
#include <QtCore/QString>

#include <array>

namespace everx {

class ExchangeServer;
class ExchangeService;
class Standby;

// What an operator watches (docs/architecture.md "Trust and operations"), in the Prometheus text
// exposition format 0.0.4: build info (version, and the library of its malloc()), uptime, whether
// the engine is open, the database's schema version, open connections and signed-in sessions,
// requests per operation and errors per code (counters; a rate per second is Prometheus's rate()),
// connections closed for reading too slowly, whether the WebSocket listener accepts and how many
// accepts failed (once a listener is watched), the server's role (standby or primary) and, for
// a standby, how long it waited for the writer lock and took to take over,
// group commit's batches (how many, the requests they held, and how many a bound cut: the server
// was at capacity), the latency of the engine's commits (a histogram), and each GPU's book: price
// levels and GPUs per side.
//
// Counters and the histogram are fed as things happen (the service's requestAnswered and
// batchCommitted, the engine's commit observer); the rest is read from the service when
// exposition() is called.
//
// Threading: the service's thread. Not copyable; it is the engine's commit observer until it is
// destroyed, so it must not outlive the service.
class ServerMetrics final : public QObject
{
    Q_OBJECT

public:
    // Upper bounds of the commit latency buckets, in microseconds (+Inf follows).
    static constexpr std::array<qint64, 14> CommitBucketsMicros = {
        100,    250,    500,     1'000,   2'500,   5'000,     10'000,
        25'000, 50'000, 100'000, 250'000, 500'000, 1'000'000, 2'500'000};
    static constexpr const char *ContentType = "text/plain; version=0.0.4; charset=utf-8";

    ServerMetrics(ExchangeService &service, const QString &version, QObject *parent = nullptr);
    ~ServerMetrics() override;
    Q_DISABLE_COPY_MOVE(ServerMetrics)

    QByteArray exposition() const;
    // The WebSocket listener whose state is exposed (not owned; nullptr: none).
    void watchListener(const ExchangeServer *server) { m_listener = server; }
    // The standby whose role, lock wait and takeover are exposed (not owned; nullptr: none, the
    // server is the primary from its start).
    void watchStandby(const Standby *standby) { m_standby = standby; }

    qint64 uptimeMs() const { return m_started.elapsed(); }
    QString version() const { return m_version; }

    // Fed by the service and the engine; public for tests.
    void countRequest(const QString &op, const QString &errorCode);
    void observeCommit(qint64 micros, bool ok);
    void countBatch(int requests, bool saturated);

private:
    ExchangeService &m_service;
    const ExchangeServer *m_listener = nullptr;
    const Standby *m_standby = nullptr;
    QString m_version;
    QString m_allocator; // mallocLibrary()
    QElapsedTimer m_started;
    QMap<QString, quint64> m_requests; // by operation ("unknown" for none the service has)
    QMap<QString, quint64> m_errors; // by code
    quint64 m_batches = 0;
    quint64 m_batchedRequests = 0;
    quint64 m_saturatedBatches = 0;
    std::array<quint64, CommitBucketsMicros.size()> m_commitBuckets = {}; // not cumulative
    quint64 m_commitCount = 0;
    quint64 m_commitFailures = 0;
    qint64 m_commitMicrosSum = 0;
};

} // namespace everx
