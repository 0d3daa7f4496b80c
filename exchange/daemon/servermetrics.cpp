// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "daemon/servermetrics.h"

#include "daemon/standby.h"

#include "server/allocator.h"
#include "server/exchangeserver.h"
#include "server/exchangeservice.h"
#include "server/serverconnection.h"

namespace everx {

namespace {

// Label values are quoted; backslash, double quote and line feed are escaped (format 0.0.4).
QByteArray label(const QString &value)
{
    QByteArray out;
    for (const char c : value.toUtf8()) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return '"' + out + '"';
}

void family(QByteArray &out, const char *name, const char *type, const char *help)
{
    out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
}

QByteArray seconds(qint64 micros)
{
    return QByteArray::number(double(micros) / 1e6, 'f', 6);
}

} // namespace

ServerMetrics::ServerMetrics(ExchangeService &service, const QString &version, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_version(version)
    , m_allocator(mallocLibrary())
{
    m_started.start();
    connect(&service, &ExchangeService::requestAnswered, this, &ServerMetrics::countRequest);
    connect(&service, &ExchangeService::batchCommitted, this,
            [this](int requests, bool, bool saturated) { countBatch(requests, saturated); });
    service.engine().setCommitObserver(
        [this](qint64 micros, bool ok) { observeCommit(micros, ok); });
}

ServerMetrics::~ServerMetrics()
{
    m_service.engine().setCommitObserver({});
}

void ServerMetrics::countRequest(const QString &op, const QString &errorCode)
{
    ++m_requests[op.isEmpty() ? QStringLiteral("unknown") : op];
    if (!errorCode.isEmpty())
        ++m_errors[errorCode];
}

void ServerMetrics::countBatch(int requests, bool saturated)
{
    ++m_batches;
    m_batchedRequests += quint64(requests);
    if (saturated)
        ++m_saturatedBatches;
}

void ServerMetrics::observeCommit(qint64 micros, bool ok)
{
    ++m_commitCount;
    m_commitMicrosSum += micros;
    if (!ok)
        ++m_commitFailures;
    for (std::size_t i = 0; i < CommitBucketsMicros.size(); ++i) {
        if (micros <= CommitBucketsMicros[i]) {
            ++m_commitBuckets[i];
            break;
        }
    }
}

QByteArray ServerMetrics::exposition() const
{
    QByteArray out;
    out.reserve(8192);

    family(out, "everx_build_info", "gauge",
           "The running build; its version and its malloc()'s library are labels.");
    out += "everx_build_info{version=" + label(m_version) + ",allocator=" + label(m_allocator)
        + "} 1\n";
    family(out, "everx_uptime_seconds", "gauge", "Seconds since the server started.");
    out += "everx_uptime_seconds " + QByteArray::number(double(uptimeMs()) / 1000.0, 'f', 3) + '\n';
    const bool open = m_service.isOpen();
    family(out, "everx_engine_open", "gauge", "1 while the engine is open and serving.");
    out += QByteArray("everx_engine_open ") + (open ? "1" : "0") + '\n';
    // docs/operations.md "Two machines".
    const bool waiting = m_standby && m_standby->isWaiting();
    family(out, "everx_role", "gauge",
           "The server's role: standby (waiting for the writer lock) or primary.");
    out += QByteArray("everx_role{role=\"") + (waiting ? "standby" : "primary") + "\"} 1\n";
    if (m_standby) {
        family(out, "everx_writer_lock_wait_seconds", "gauge",
               "How long the standby waited for the writer lock: so far, or until it took it.");
        out += "everx_writer_lock_wait_seconds " + seconds(m_standby->lockWaitMs() * 1000) + '\n';
        family(out, "everx_takeover_seconds", "gauge",
               "How long the takeover took once the lock came: the chain verified, the state "
               "loaded (0 while waiting).");
        out += "everx_takeover_seconds "
            + seconds(std::max<qint64>(0, m_standby->takeoverMs()) * 1000) + '\n';
    }
    family(out, "everx_database_schema_version", "gauge", "Schema version of the database.");
    out += "everx_database_schema_version "
        + QByteArray::number(open ? m_service.engine().database().schemaVersion() : 0) + '\n';

    // Connections are children of the service until they are deleted after closing.
    qint64 connections = 0, sessions = 0;
    const QList<ServerConnection *> children =
        m_service.findChildren<ServerConnection *>(Qt::FindDirectChildrenOnly);
    for (const ServerConnection *c : children) {
        if (!c->isOpen())
            continue;
        ++connections;
        if (c->accountId() != 0)
            ++sessions;
    }
    family(out, "everx_connections_open", "gauge", "Open protocol connections.");
    out += "everx_connections_open " + QByteArray::number(connections) + '\n';
    family(out, "everx_sessions_signed_in", "gauge", "Open connections with a signed-in account.");
    out += "everx_sessions_signed_in " + QByteArray::number(sessions) + '\n';
    family(out, "everx_connections_too_slow_total", "counter",
           "Connections closed (1008 \"too slow\") because what was queued for them passed the"
           " cap: peers that do not read.");
    out +=
        "everx_connections_too_slow_total " + QByteArray::number(m_service.tooSlowClosed()) + '\n';
    if (m_listener) {
        family(out, "everx_listener_accepting", "gauge",
               "1 while the WebSocket listener accepts connections; 0 while a failed accept (out"
               " of file descriptors) has paused it.");
        out += QByteArray("everx_listener_accepting ") + (m_listener->isAccepting() ? "1" : "0")
            + '\n';
        family(out, "everx_accept_failures_total", "counter",
               "Accepts of the WebSocket listener that failed (each pauses it for a moment).");
        out += "everx_accept_failures_total " + QByteArray::number(m_listener->acceptFailures())
            + '\n';
    }

    family(out, "everx_requests_total", "counter",
           "Requests answered, by operation (\"unknown\": none the server has).");
    for (auto it = m_requests.cbegin(); it != m_requests.cend(); ++it)
        out += "everx_requests_total{op=" + label(it.key()) + "} " + QByteArray::number(it.value())
            + '\n';
    family(out, "everx_request_errors_total", "counter",
           "Requests answered with an error, by code.");
    for (auto it = m_errors.cbegin(); it != m_errors.cend(); ++it)
        out += "everx_request_errors_total{code=" + label(it.key()) + "} "
            + QByteArray::number(it.value()) + '\n';
    family(out, "everx_batches_total", "counter",
           "Group commit batches, each handled and committed as one.");
    out += "everx_batches_total " + QByteArray::number(m_batches) + '\n';
    family(out, "everx_batched_requests_total", "counter", "Requests the batches held.");
    out += "everx_batched_requests_total " + QByteArray::number(m_batchedRequests) + '\n';
    family(out, "everx_batches_saturated_total", "counter",
           "Batches a bound cut while requests were still waiting: the server at capacity.");
    out += "everx_batches_saturated_total " + QByteArray::number(m_saturatedBatches) + '\n';

    family(out, "everx_commit_duration_seconds", "histogram",
           "Time of the engine's database commits (the writes and the commit).");
    quint64 cumulative = 0;
    for (std::size_t i = 0; i < CommitBucketsMicros.size(); ++i) {
        cumulative += m_commitBuckets[i];
        out += "everx_commit_duration_seconds_bucket{le=\"" + seconds(CommitBucketsMicros[i])
            + "\"} " + QByteArray::number(cumulative) + '\n';
    }
    out += "everx_commit_duration_seconds_bucket{le=\"+Inf\"} " + QByteArray::number(m_commitCount)
        + '\n';
    out += "everx_commit_duration_seconds_sum " + seconds(m_commitMicrosSum) + '\n';
    out += "everx_commit_duration_seconds_count " + QByteArray::number(m_commitCount) + '\n';
    family(out, "everx_commit_failures_total", "counter",
           "Commits the database refused (the engine then reloads its state).");
    out += "everx_commit_failures_total " + QByteArray::number(m_commitFailures) + '\n';
    family(out, "everx_database_checkpoints_total", "counter",
           "SQLite log checkpoints: by the database's own thread, or in a commit once the log"
           " has grown past ten times the limit (that thread is behind).");
    const Database::Checkpoints checkpoints =
        open ? m_service.engine().database().checkpoints() : Database::Checkpoints();
    out += "everx_database_checkpoints_total{thread=\"background\"} "
        + QByteArray::number(checkpoints.background) + '\n';
    out += "everx_database_checkpoints_total{thread=\"commit\"} "
        + QByteArray::number(checkpoints.inCommit) + '\n';

    family(out, "everx_book_levels", "gauge", "Price levels in a GPU's order book, per side.");
    QByteArray gpus;
    if (open) {
        const ExchangeEngine &engine = m_service.engine();
        for (const GpuModel &gpu : engine.catalog().gpus()) {
            const OrderBook *book = engine.book(gpu.id);
            if (!book)
                continue;
            for (const Side side : {Side::Bid, Side::Ask}) {
                const std::vector<BookLevel> levels = book->depth(side);
                qint64 quantity = 0;
                for (const BookLevel &l : levels)
                    quantity += l.quantity;
                const QByteArray labels = "{gpu=" + label(gpu.id)
                    + ",side=" + (side == Side::Bid ? "\"bid\"" : "\"ask\"") + '}';
                out += "everx_book_levels" + labels + ' '
                    + QByteArray::number(qint64(levels.size())) + '\n';
                gpus += "everx_book_gpus" + labels + ' ' + QByteArray::number(quantity) + '\n';
            }
        }
    }
    family(out, "everx_book_gpus", "gauge", "GPUs offered (ask) or bid for in a GPU's book.");
    out += gpus;
    return out;
}

} // namespace everx
