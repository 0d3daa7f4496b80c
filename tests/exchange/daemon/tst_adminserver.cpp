// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// AdminServer and ServerMetrics: a real HTTP client on loopback against the admin listener of a
// real server. /healthz answers 200 while the engine is open and 503 once it is closed;
// /metrics is valid Prometheus text (format 0.0.4) whose counters move with requests, batches,
// commits and books; the listener stays on loopback unless allowed; more routes can be
// registered. Raw TCP clients probe its bounds: a body over 4 KiB is refused 413 from its
// Content-Length alone, before the signature is looked at; a head or body that does not arrive
// in time is answered 408 and closed; the listener serves a bounded number of connections;
// malformed requests are refused; the WebSocket listener's state is reported.

#include "fixtures/serverfixture.h"

#include "daemon/adminserver.h"
#include "daemon/standby.h"
#include "server/allocator.h"
#include "server/paymentwebhook.h"
#include "server/serverconnection.h"

#include <QtCore/QDateTime>
#include <QtCore/QElapsedTimer>
#include <QtCore/QJsonDocument>
#include <QtCore/QRegularExpression>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>

#include <algorithm>
#include <cmath>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

struct HttpReply
{
    int status = 0;
    QByteArray contentType;
    QByteArray body;
};

// Samples by series ("name{labels}" as written), from text that must be the Prometheus text
// exposition format 0.0.4: HELP and TYPE before a family's samples, TYPE once per family, valid
// names, labels and values, histogram buckets cumulative up to +Inf = _count. Problems go to
// *problems.
QHash<QString, double> parsePrometheus(const QByteArray &text, QStringList *problems)
{
    static const QRegularExpression sampleRe(QStringLiteral(
        R"(^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*,?\})? (\S+)( -?\d+)?$)"));
    static const QRegularExpression typeRe(QStringLiteral(
        R"(^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$)"));
    static const QRegularExpression helpRe(
        QStringLiteral(R"(^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .*$)"));
    static const QRegularExpression leRe(QStringLiteral(R"re(le="([^"]+)")re"));
    QHash<QString, double> samples;
    QHash<QString, QString> types; // family -> type
    QSet<QString> helped, sampled;
    QHash<QString, double> lastBucket; // histogram -> last cumulative count
    if (!text.endsWith('\n'))
        *problems << u"does not end with a line feed"_s;
    const QString all = QString::fromUtf8(text);
    for (const QString &line : all.split(u'\n', Qt::SkipEmptyParts)) {
        if (line.startsWith(u"# HELP "_s)) {
            const auto m = helpRe.match(line);
            if (!m.hasMatch())
                *problems << u"bad HELP: "_s + line;
            else
                helped.insert(m.captured(1));
            continue;
        }
        if (line.startsWith(u"# TYPE "_s)) {
            const auto m = typeRe.match(line);
            if (!m.hasMatch()) {
                *problems << u"bad TYPE: "_s + line;
                continue;
            }
            if (types.contains(m.captured(1)) || sampled.contains(m.captured(1)))
                *problems << u"TYPE again or after samples: "_s + line;
            types.insert(m.captured(1), m.captured(2));
            continue;
        }
        if (line.startsWith(u'#'))
            continue; // a comment
        const auto m = sampleRe.match(line);
        if (!m.hasMatch()) {
            *problems << u"not a sample: "_s + line;
            continue;
        }
        const QString name = m.captured(1);
        QString family = name;
        for (const QString &suffix : {u"_bucket"_s, u"_sum"_s, u"_count"_s}) {
            if (name.endsWith(suffix) && types.value(name.chopped(suffix.size())) == u"histogram")
                family = name.chopped(suffix.size());
        }
        if (!types.contains(family) || !helped.contains(family))
            *problems << u"no TYPE or HELP before "_s + line;
        sampled.insert(family);
        bool ok = false;
        const QString valueText = m.captured(5);
        double value = valueText.toDouble(&ok);
        if (valueText == u"+Inf")
            value = INFINITY, ok = true;
        if (!ok)
            *problems << u"bad value: "_s + line;
        const QString series = line.section(u' ', 0, 0);
        if (samples.contains(series))
            *problems << u"series twice: "_s + series;
        samples.insert(series, value);
        if (types.value(family) == u"histogram" && name.endsWith(u"_bucket"_s)) {
            if (!leRe.match(line).hasMatch())
                *problems << u"bucket without le: "_s + line;
            if (value < lastBucket.value(family, 0))
                *problems << u"buckets not cumulative: "_s + line;
            lastBucket[family] = value;
        }
        if (types.value(family) == u"counter" && value < 0)
            *problems << u"negative counter: "_s + line;
    }
    for (auto it = lastBucket.cbegin(); it != lastBucket.cend(); ++it) {
        if (samples.value(it.key() + u"_bucket{le=\"+Inf\"}"_s, -1) != it.value()
            || samples.value(it.key() + u"_count"_s, -1) != it.value())
            *problems << u"+Inf bucket is not the last or not _count: "_s + it.key();
    }
    return samples;
}

// An HTTP exchange over a raw socket: sends `request`, reads until the server closes (or
// timeoutMs), gives the status (0: none) and everything read.
struct RawHttp
{
    int status = 0;
    QByteArray response;
    bool closed = false;
    qint64 ms = 0; // until the status line came
};
RawHttp rawHttp(quint16 port, const QByteArray &request, int timeoutMs = 5'000)
{
    // The listener runs in this thread: every wait spins the event loop (no waitFor...()).
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    RawHttp out;
    if (!QTest::qWaitFor([&] { return socket.state() == QAbstractSocket::ConnectedState; }, 5'000))
        return out;
    QElapsedTimer t;
    t.start();
    socket.write(request);
    while (t.elapsed() < timeoutMs) {
        QTest::qWait(10);
        out.response += socket.readAll();
        if (out.status == 0 && out.response.contains("\r\n")) {
            out.status = out.response.mid(9, 3).toInt();
            out.ms = t.elapsed();
        }
        if (socket.state() != QAbstractSocket::ConnectedState)
            break;
    }
    out.response += socket.readAll();
    if (out.status == 0 && out.response.startsWith("HTTP/1.1 ")) {
        out.status = out.response.mid(9, 3).toInt();
        out.ms = t.elapsed();
    }
    out.closed = socket.state() != QAbstractSocket::ConnectedState;
    return out;
}

} // namespace

class TestAdminServer : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ServerFixture> m_fixture;
    std::unique_ptr<AdminServer> m_admin;
    QNetworkAccessManager m_http;

    // A server (its fixture configured so) with the admin listener on a free port.
    void start(const ServerFixture::Configure &configure = {},
               const AdminServer::Options &options = {});

    HttpReply request(const QByteArray &verb, const QString &path, const QByteArray &body = {})
    {
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_admin->port()).arg(path)));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        QNetworkReply *reply = m_http.sendCustomRequest(request, verb, body);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        if (!reply->isFinished())
            finished.wait(10'000);
        HttpReply out;
        out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        out.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
        out.body = reply->readAll();
        reply->deleteLater();
        return out;
    }

    QHash<QString, double> metrics()
    {
        const HttpReply reply = request("GET", u"/metrics"_s);
        if (reply.status != 200)
            return {};
        QStringList problems;
        const QHash<QString, double> samples = parsePrometheus(reply.body, &problems);
        if (!problems.isEmpty())
            qWarning().noquote() << problems.join(u'\n') << "\nin:\n" << reply.body;
        return problems.isEmpty() ? samples : QHash<QString, double>();
    }

private slots:
    void init();
    void cleanup();
    void healthIsOkWhileOpen();
    void metricsAreValidPrometheusText();
    void countersMoveWithRequests();
    void commitsFillTheHistogram();
    void checkpointsAreCountedByThread();
    void batchesAreCountedWithTheSaturatedOnes();
    void booksAndSessionsAreGauges();
    void healthIs503WhenTheEngineCloses();
    void standbyWaitsForTheLockThenTakesOver();
    void unknownPathsAre404();
    void staysOnLoopbackUnlessAllowed();
    void moreRoutesCanBeRegistered();
    void refusesALargeBodyBeforeReadingIt();
    void checksTheSizeBeforeTheSignature();
    void slowHeadsAndBodiesTimeOut();
    void capsItsConnections();
    void refusesMalformedRequests_data();
    void refusesMalformedRequests();
    void answersExpectContinue();
    void reportsTheWebSocketListener();
};

void TestAdminServer::init()
{
    start();
}

void TestAdminServer::start(const ServerFixture::Configure &configure,
                            const AdminServer::Options &options)
{
    m_admin.reset();
    m_fixture = std::make_unique<ServerFixture>(false, configure);
    QVERIFY(m_fixture->service->isOpen());
    m_admin = std::make_unique<AdminServer>(*m_fixture->service, u"9.8.7"_s);
    AdminServer::Options o = options;
    o.port = 0;
    QString error;
    QVERIFY2(m_admin->listen(o, &error), qPrintable(error));
    QVERIFY(m_admin->port() != 0);
}

void TestAdminServer::cleanup()
{
    m_admin.reset();
    m_fixture.reset();
}

void TestAdminServer::healthIsOkWhileOpen()
{
    const HttpReply reply = request("GET", u"/healthz"_s);
    QCOMPARE(reply.status, 200);
    QVERIFY2(reply.contentType.startsWith("application/json"), reply.contentType.constData());
    const QJsonObject body = QJsonDocument::fromJson(reply.body).object();
    QCOMPARE(body.value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(body.value(u"engine"_s).toString(), u"open"_s);
    QCOMPARE(body.value(u"version"_s).toString(), u"9.8.7"_s);
    QCOMPARE(body.value(u"schema"_s).toInt(), Database::SchemaVersion);
}

void TestAdminServer::metricsAreValidPrometheusText()
{
    const HttpReply reply = request("GET", u"/metrics"_s);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.contentType, QByteArray(ServerMetrics::ContentType));
    QStringList problems;
    const QHash<QString, double> samples = parsePrometheus(reply.body, &problems);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    QCOMPARE(samples.value(
                 u"everx_build_info{version=\"9.8.7\",allocator=\"%1\"}"_s.arg(mallocLibrary())),
             1.0);
    QCOMPARE(samples.value(u"everx_engine_open"_s), 1.0);
    QCOMPARE(samples.value(u"everx_database_schema_version"_s), double(Database::SchemaVersion));
    QVERIFY(samples.contains(u"everx_uptime_seconds"_s));
    QVERIFY(samples.value(u"everx_uptime_seconds"_s) >= 0);
    QVERIFY(samples.contains(u"everx_connections_open"_s));
    QVERIFY(samples.contains(u"everx_sessions_signed_in"_s));
    QVERIFY(samples.contains(u"everx_commit_duration_seconds_count"_s));
    QVERIFY(samples.contains(u"everx_commit_duration_seconds_bucket{le=\"+Inf\"}"_s));
    QVERIFY(samples.contains(u"everx_book_levels{gpu=\"h100-sxm\",side=\"bid\"}"_s));
    QVERIFY(samples.contains(u"everx_book_gpus{gpu=\"h100-sxm\",side=\"ask\"}"_s));
    // The checker itself finds what is wrong.
    parsePrometheus("# TYPE a counter\na 1\n# TYPE a counter\nb{x=\"\n 2\n", &problems);
    QVERIFY(problems.size() >= 3);
}

void TestAdminServer::countersMoveWithRequests()
{
    const QHash<QString, double> before = metrics();
    QVERIFY(!before.isEmpty());
    RawClient client(*m_fixture);
    QVERIFY(client.waitConnected());
    QVERIFY(!RawClient::result(client.call(u"ping"_s)).isEmpty());
    QVERIFY(!RawClient::result(client.call(u"ping"_s)).isEmpty());
    QCOMPARE(RawClient::errorCode(client.call(u"order.cancel"_s, {{u"id"_s, 1}})),
             u"unauthenticated"_s);
    // A hostile operation name is counted, but never becomes a label.
    QCOMPARE(RawClient::errorCode(client.call(u"drop\"table"_s)), u"unknown_operation"_s);
    QCOMPARE(RawClient::errorCode(client.sendRaw(u"{not json"_s)), u"malformed"_s);

    const QHash<QString, double> after = metrics();
    QVERIFY(!after.isEmpty());
    auto moved = [&](const QString &series) {
        return after.value(series) - before.value(series);
    };
    QCOMPARE(moved(u"everx_requests_total{op=\"ping\"}"_s), 2.0);
    QCOMPARE(moved(u"everx_requests_total{op=\"order.cancel\"}"_s), 1.0);
    QCOMPARE(moved(u"everx_requests_total{op=\"unknown\"}"_s), 2.0);
    QCOMPARE(moved(u"everx_request_errors_total{code=\"unauthenticated\"}"_s), 1.0);
    QCOMPARE(moved(u"everx_request_errors_total{code=\"unknown_operation\"}"_s), 1.0);
    QCOMPARE(moved(u"everx_request_errors_total{code=\"malformed\"}"_s), 1.0);
    for (auto it = after.cbegin(); it != after.cend(); ++it)
        QVERIFY2(!it.key().contains(u"drop"_s), qPrintable(it.key()));
    QCOMPARE(after.value(u"everx_connections_open"_s), 1.0);
    QCOMPARE(after.value(u"everx_sessions_signed_in"_s), 0.0);
}

void TestAdminServer::commitsFillTheHistogram()
{
    const QHash<QString, double> before = metrics();
    const double count = before.value(u"everx_commit_duration_seconds_count"_s);
    for (int i = 0; i < 3; ++i)
        QVERIFY(m_fixture->account(u"c%1@example.com"_s.arg(i), Role::Customer) != 0);
    const QHash<QString, double> after = metrics();
    QCOMPARE(after.value(u"everx_commit_duration_seconds_count"_s), count + 3);
    QVERIFY(after.value(u"everx_commit_duration_seconds_sum"_s)
            > before.value(u"everx_commit_duration_seconds_sum"_s));
    QCOMPARE(after.value(u"everx_commit_duration_seconds_bucket{le=\"+Inf\"}"_s), count + 3);
    QCOMPARE(after.value(u"everx_commit_failures_total"_s), 0.0);

    // The observer's buckets directly: a bound is inclusive, past the last one only +Inf.
    ServerMetrics &m = m_admin->metrics();
    m.observeCommit(ServerMetrics::CommitBucketsMicros.front(), true);
    m.observeCommit(10'000'000, false);
    const QHash<QString, double> more = metrics();
    QCOMPARE(more.value(u"everx_commit_duration_seconds_bucket{le=\"0.000100\"}"_s),
             after.value(u"everx_commit_duration_seconds_bucket{le=\"0.000100\"}"_s) + 1);
    QCOMPARE(more.value(u"everx_commit_duration_seconds_bucket{le=\"2.500000\"}"_s),
             after.value(u"everx_commit_duration_seconds_bucket{le=\"2.500000\"}"_s) + 1);
    QCOMPARE(more.value(u"everx_commit_duration_seconds_count"_s), count + 5);
    QCOMPARE(more.value(u"everx_commit_failures_total"_s), 1.0);
}

void TestAdminServer::checkpointsAreCountedByThread()
{
    // A checkpoint asked for once the log holds 20 pages (the first account's commit leaves
    // more there, and fewer than the 200 at which the commit would copy it itself): the
    // database's thread copies the log back.
    start([](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.engine.database.checkpointPages = 20;
    });
    const Database &db = m_fixture->service->engine().database();
    QVERIFY(m_fixture->account(u"c@example.com"_s, Role::Customer) != 0);
    QTRY_VERIFY(db.checkpoints().background >= 1);
    const QHash<QString, double> samples = metrics();
    QCOMPARE(samples.value(u"everx_database_checkpoints_total{thread=\"background\"}"_s, -1),
             double(db.checkpoints().background));
    QCOMPARE(samples.value(u"everx_database_checkpoints_total{thread=\"commit\"}"_s, -1),
             double(db.checkpoints().inCommit));
}

// Five pings handed to the service together, at most two a batch: three batches holding five
// requests, the first two cut by the bound while requests were still waiting. A request whose
// connection closes before its batch makes no batch.
void TestAdminServer::batchesAreCountedWithTheSaturatedOnes()
{
    start([](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.maxBatchRequests = 2;
        o.maxBatchMicros = 60'000'000; // the count alone cuts them, however slow the machine
    });
    RawClient client(*m_fixture);
    QVERIFY(client.waitConnected());
    QVERIFY(!RawClient::result(client.call(u"ping"_s)).isEmpty());
    ServerConnection *connection =
        m_fixture->service->findChildren<ServerConnection *>().value(0, nullptr);
    QVERIFY(connection);
    const QHash<QString, double> before = metrics();
    for (int id = 100; id < 105; ++id) {
        Protocol::Frame ping;
        ping.id = id;
        ping.op = u"ping"_s;
        m_fixture->service->handle(*connection, ping);
    }
    QTRY_VERIFY(std::any_of(client.replies.cbegin(), client.replies.cend(),
                            [](const auto &r) { return r.value(u"id"_s).toInteger() == 104; }));
    const QHash<QString, double> after = metrics();
    auto grew = [&](const QString &name) {
        return after.value(name) - before.value(name);
    };
    QCOMPARE(grew(u"everx_batches_total"_s), 3.0);
    QCOMPARE(grew(u"everx_batched_requests_total"_s), 5.0);
    QCOMPARE(grew(u"everx_batches_saturated_total"_s), 2.0);

    // A request whose connection closes before its batch: no batch of nothing is counted.
    RawClient other(*m_fixture);
    QVERIFY(other.waitConnected());
    QTRY_COMPARE(m_fixture->service->findChildren<ServerConnection *>().size(), 2);
    ServerConnection *closing = nullptr;
    for (ServerConnection *c : m_fixture->service->findChildren<ServerConnection *>())
        closing = c != connection ? c : closing;
    QVERIFY(closing);
    Protocol::Frame ping;
    ping.id = 200;
    ping.op = u"ping"_s;
    m_fixture->service->handle(*closing, ping);
    delete closing;
    QCoreApplication::processEvents(); // the batch runs, and finds nothing to handle
    QCOMPARE(metrics().value(u"everx_batches_total"_s), after.value(u"everx_batches_total"_s));
}

void TestAdminServer::booksAndSessionsAreGauges()
{
    const qint64 provider = m_fixture->account(u"p@example.com"_s, Role::Provider);
    QVERIFY(provider != 0);
    ListingRequest listing;
    listing.gpu = u"h100-sxm"_s;
    listing.gpuCount = 8;
    listing.region = u"eu-central"_s;
    listing.endpoint = u"ssh gpu1.example.com"_s;
    listing.askCents = 250;
    QVERIFY(m_fixture->service->engine().addListing(provider, listing));
    listing.gpuCount = 4;
    listing.askCents = 260;
    QVERIFY(m_fixture->service->engine().addListing(provider, listing));

    RawClient client(*m_fixture);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(u"p@example.com"_s));
    const QHash<QString, double> samples = metrics();
    QCOMPARE(samples.value(u"everx_book_levels{gpu=\"h100-sxm\",side=\"ask\"}"_s), 2.0);
    QCOMPARE(samples.value(u"everx_book_gpus{gpu=\"h100-sxm\",side=\"ask\"}"_s), 12.0);
    QCOMPARE(samples.value(u"everx_book_levels{gpu=\"h100-sxm\",side=\"bid\"}"_s), 0.0);
    QCOMPARE(samples.value(u"everx_book_gpus{gpu=\"h100-sxm\",side=\"bid\"}"_s), 0.0);
    QCOMPARE(samples.value(u"everx_connections_open"_s), 1.0);
    QCOMPARE(samples.value(u"everx_sessions_signed_in"_s), 1.0);
}

void TestAdminServer::healthIs503WhenTheEngineCloses()
{
    m_fixture->service->close();
    const HttpReply reply = request("GET", u"/healthz"_s);
    QCOMPARE(reply.status, 503);
    const QJsonObject body = QJsonDocument::fromJson(reply.body).object();
    QCOMPARE(body.value(u"status"_s).toString(), u"unavailable"_s);
    QCOMPARE(body.value(u"engine"_s).toString(), u"closed"_s);
    QCOMPARE(metrics().value(u"everx_engine_open"_s, -1), 0.0);
}

// A standby (docs/operations.md "Two machines") on the fixture's database, whose writer lock the
// fixture's service holds: it serves nothing, /healthz and /metrics say standby, until that
// service closes; then it opens, and says primary with how long it waited. (everx-exchanged allows
// --standby on PostgreSQL only; the class waits for either database's lock.)
void TestAdminServer::standbyWaitsForTheLockThenTakesOver()
{
    ExchangeService second(m_fixture->clock);
    ExchangeService::Options options = m_fixture->options;
    Standby standby(second, options, {20});
    AdminServer admin(second, u"9.8.7"_s);
    admin.watchStandby(&standby);
    AdminServer::Options o;
    o.port = 0;
    QVERIFY(admin.listen(o));
    const auto health = [&] {
        QNetworkReply *reply =
            m_http.get(QNetworkRequest(QUrl(u"http://127.0.0.1:%1/healthz"_s.arg(admin.port()))));
        QSignalSpy finished(reply, &QNetworkReply::finished);
        if (!reply->isFinished())
            finished.wait(10'000);
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return std::pair(status, body);
    };
    QSignalSpy tookOver(&standby, &Standby::tookOver);
    standby.start();
    QTest::qWait(200); // ten tries, each refused for the lock
    QVERIFY(tookOver.isEmpty());
    QVERIFY(standby.isWaiting());
    QVERIFY(!second.isOpen());
    auto [status, body] = health();
    QCOMPARE(status, 503);
    QCOMPARE(body.value(u"status"_s).toString(), u"standby"_s);
    QCOMPARE(body.value(u"role"_s).toString(), u"standby"_s);
    QVERIFY(body.value(u"lock_wait_ms"_s).toInteger() >= 200);
    const QByteArray waiting = admin.metrics().exposition();
    QVERIFY2(waiting.contains("\neverx_role{role=\"standby\"} 1\n"), waiting.constData());
    QVERIFY(waiting.contains("\neverx_takeover_seconds 0.000000\n"));

    m_fixture->service->close(); // the writer stops: its lock goes
    QVERIFY(tookOver.wait(10'000));
    QVERIFY(second.isOpen());
    QVERIFY(!standby.isWaiting());
    QVERIFY(standby.takeoverMs() >= 0);
    const qint64 waited = standby.lockWaitMs();
    QVERIFY(waited >= 200);
    QTest::qWait(50);
    QCOMPARE(standby.lockWaitMs(), waited); // the wait is over
    std::tie(status, body) = health();
    QCOMPARE(status, 200);
    QCOMPARE(body.value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(body.value(u"role"_s).toString(), u"primary"_s);
    const QByteArray serving = admin.metrics().exposition();
    QVERIFY2(serving.contains("\neverx_role{role=\"primary\"} 1\n"), serving.constData());
    QVERIFY(serving.contains("\neverx_writer_lock_wait_seconds "));
    second.close();
}

void TestAdminServer::unknownPathsAre404()
{
    QCOMPARE(request("GET", u"/"_s).status, 404);
    QCOMPARE(request("GET", u"/metricsfoo"_s).status, 404);
    QCOMPARE(request("GET", u"/healthz/x"_s).status, 404);
    QCOMPARE(request("POST", u"/healthz"_s).status, 404);
}

void TestAdminServer::staysOnLoopbackUnlessAllowed()
{
    AdminServer admin(*m_fixture->service, u"1"_s);
    AdminServer::Options o;
    o.address = QHostAddress(QHostAddress::AnyIPv4);
    o.port = 0;
    QString error;
    QVERIFY(!admin.listen(o, &error));
    QVERIFY2(error.contains(u"--admin-allow-remote"_s), qPrintable(error));
    QCOMPARE(admin.port(), 0);
    o.allowRemote = true;
    QVERIFY2(admin.listen(o, &error), qPrintable(error));
    QVERIFY(admin.port() != 0);
    admin.close();
    QCOMPARE(admin.port(), 0);

    // A port that is taken is refused with the reason.
    QTcpServer taken;
    QVERIFY(taken.listen(QHostAddress::LocalHost, 0));
    o = {};
    o.port = taken.serverPort();
    QVERIFY(!admin.listen(o, &error));
    QVERIFY2(error.contains(QString::number(taken.serverPort())), qPrintable(error));
}

void TestAdminServer::moreRoutesCanBeRegistered()
{
    // As the payment webhook is: a POST route with the request's body.
    QByteArray received;
    QVERIFY(m_admin->addRoute("POST", u"/webhooks/test"_s,
                              [&received](const AdminServer::Request &request) {
                                  received = request.body;
                                  return AdminServer::Response {202, "text/plain", "taken"};
                              }));
    QVERIFY(!m_admin->addRoute("POST", u"/webhooks/test"_s, {})); // there already
    QVERIFY(!m_admin->addRoute("GET", u"relative"_s, [](const AdminServer::Request &) {
        return AdminServer::Response {};
    }));
    const HttpReply reply = request("POST", u"/webhooks/test"_s, "{\"ref\":\"abc\"}");
    QCOMPARE(reply.status, 202);
    QCOMPARE(received, QByteArray("{\"ref\":\"abc\"}"));
    QCOMPARE(request("GET", u"/webhooks/test"_s).status, 404);
    QCOMPARE(request("GET", u"/healthz"_s).status, 200); // the built-in routes still answer
}

void TestAdminServer::refusesALargeBodyBeforeReadingIt()
{
    // 512 MB announced, none of it sent: answered at once from the head alone.
    const RawHttp announced = rawHttp(m_admin->port(),
                                      "POST /payments/confirm HTTP/1.1\r\nHost: x\r\n"
                                      "Content-Length: 536870912\r\n\r\n");
    QCOMPARE(announced.status, 413);
    QVERIFY(announced.closed);
    QVERIFY2(announced.ms < 1'000, qPrintable(QString::number(announced.ms)));
    // Sent along all the same (1 MB): the answer comes and the connection closes; the server
    // read no more than a bounded amount of it.
    const RawHttp sent =
        rawHttp(m_admin->port(),
                "POST /payments/confirm HTTP/1.1\r\nContent-Length: 1048576\r\n\r\n"
                    + QByteArray(1'048'576, 'x'));
    QCOMPARE(sent.status, 413);
    QVERIFY(sent.closed);
    // A number too long to be read is too large all the same, on any route.
    QCOMPARE(rawHttp(m_admin->port(),
                     "GET /healthz HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n")
                 .status,
             413);
    // At the limit it is read and handled.
    QCOMPARE(request("POST", u"/payments/confirm"_s, QByteArray(4096, ' ')).status, 401);
}

void TestAdminServer::checksTheSizeBeforeTheSignature()
{
    // Unsigned and over the limit: 413, not 401. Signed and over the limit, handed to the
    // webhook directly (the sandbox's way): refused for its size before any HMAC is computed.
    QCOMPARE(request("POST", u"/payments/confirm"_s, QByteArray(4097, '{')).status, 413);
    const QByteArray body(4097, ' ');
    const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    const PaymentWebhook::Response r = m_fixture->service->confirmPayment(
        timestamp, PaymentWebhook::sign(TestPaymentSecret, timestamp, body), body);
    QCOMPARE(r.status, 413);
    QCOMPARE(PaymentWebhook::verify(TestPaymentSecret, timestamp, "sha256=00", body,
                                    QDateTime::currentSecsSinceEpoch())
                 .code(),
             ErrorCode::InvalidArgument);
}

void TestAdminServer::slowHeadsAndBodiesTimeOut()
{
    AdminServer::Options o;
    o.limits.headTimeoutMs = 300;
    o.limits.bodyTimeoutMs = 300;
    start({}, o);
    QElapsedTimer t;
    t.start();
    // Half a head: 408 when its time is up, and closed.
    const RawHttp head = rawHttp(m_admin->port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n", 3'000);
    QCOMPARE(head.status, 408);
    QVERIFY(head.closed);
    QVERIFY2(head.ms >= 250 && head.ms < 2'000, qPrintable(QString::number(head.ms)));
    // Half a body: the same.
    const RawHttp body =
        rawHttp(m_admin->port(),
                "POST /payments/confirm HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"ref\"", 3'000);
    QCOMPARE(body.status, 408);
    QVERIFY(body.closed);
    QCOMPARE(m_admin->connectionCount(), 0);
}

void TestAdminServer::capsItsConnections()
{
    AdminServer::Options o;
    o.maxConnections = 3;
    o.limits.headTimeoutMs = 1'000;
    start({}, o);
    // Three half-sent requests hold every place.
    std::vector<std::unique_ptr<QTcpSocket>> holding;
    for (int i = 0; i < 3; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        s->connectToHost(QHostAddress::LocalHost, m_admin->port());
        QVERIFY(s->waitForConnected(5'000));
        s->write("GET /healthz HTTP/1.1\r\n");
        s->flush();
        holding.push_back(std::move(s));
    }
    QTRY_COMPARE(m_admin->connectionCount(), 3);
    // One more is answered 503 at once and closed.
    const RawHttp full = rawHttp(m_admin->port(), "GET /healthz HTTP/1.1\r\n\r\n");
    QCOMPARE(full.status, 503);
    QVERIFY(full.closed);
    // Once their time is up they are closed, and the listener serves again.
    QTRY_COMPARE_WITH_TIMEOUT(m_admin->connectionCount(), 0, 5'000);
    QCOMPARE(request("GET", u"/healthz"_s).status, 200);
}

void TestAdminServer::refusesMalformedRequests_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<int>("status");
    QTest::newRow("no request line") << QByteArray("\r\n\r\n") << 400;
    QTest::newRow("garbage") << QByteArray("HELLO\r\n\r\n") << 400;
    QTest::newRow("bare line feeds")
        << QByteArray("GET /healthz HTTP/1.1\nHost: x\n\r\n\r\n") << 400;
    QTest::newRow("absolute target") << QByteArray("GET http://x/healthz HTTP/1.1\r\n\r\n") << 400;
    QTest::newRow("HTTP/2") << QByteArray("GET /healthz HTTP/2.0\r\n\r\n") << 505;
    QTest::newRow("folded header")
        << QByteArray("GET /healthz HTTP/1.1\r\nA: b\r\n c\r\n\r\n") << 400;
    QTest::newRow("space before colon")
        << QByteArray("GET /healthz HTTP/1.1\r\nHost : x\r\n\r\n") << 400;
    QTest::newRow("control character")
        << QByteArray("GET /healthz HTTP/1.1\r\nX: a\x01b\r\n\r\n") << 400;
    QTest::newRow("chunked") << QByteArray("POST /payments/confirm HTTP/1.1\r\n"
                                           "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
                             << 411;
    QTest::newRow("two lengths") << QByteArray("POST /payments/confirm HTTP/1.1\r\n"
                                               "Content-Length: 1\r\nContent-Length: 2\r\n\r\nab")
                                 << 400;
    QTest::newRow("negative length")
        << QByteArray("POST /payments/confirm HTTP/1.1\r\nContent-Length: -1\r\n\r\n") << 400;
    QTest::newRow("head too large")
        << QByteArray("GET /healthz HTTP/1.1\r\nX: " + QByteArray(9'000, 'a') + "\r\n\r\n") << 431;
    QTest::newRow("endless head") << QByteArray("GET /healthz HTTP/1.1\r\n"
                                                + QByteArray(9'000, 'a'))
                                  << 431;
    QTest::newRow("other expectation")
        << QByteArray("GET /healthz HTTP/1.1\r\nExpect: magic\r\n\r\n") << 417;
    QTest::newRow("unknown method") << QByteArray("BREW /healthz HTTP/1.1\r\n\r\n") << 404;
}

void TestAdminServer::refusesMalformedRequests()
{
    QFETCH(QByteArray, raw);
    QFETCH(int, status);
    const RawHttp r = rawHttp(m_admin->port(), raw);
    QCOMPARE(r.status, status);
    QVERIFY(r.closed);
    // Every answer says so and closes; the body is JSON.
    QVERIFY2(r.response.contains("Connection: close\r\n"), r.response.constData());
    QVERIFY(r.response.contains("\r\n\r\n{\"error\""));
    QCOMPARE(request("GET", u"/healthz"_s).status, 200);
}

void TestAdminServer::answersExpectContinue()
{
    const RawHttp r = rawHttp(m_admin->port(),
                              "POST /payments/confirm HTTP/1.1\r\n"
                              "Content-Length: 2\r\nExpect: 100-continue\r\n\r\n",
                              1'000);
    QVERIFY2(r.response.startsWith("HTTP/1.1 100 Continue\r\n\r\n"), r.response.constData());
}

void TestAdminServer::reportsTheWebSocketListener()
{
    m_admin->watchListener(m_fixture->server.get());
    QJsonObject body = QJsonDocument::fromJson(request("GET", u"/healthz"_s).body).object();
    QCOMPARE(body.value(u"listener"_s).toString(), u"accepting"_s);
    QHash<QString, double> samples = metrics();
    QCOMPARE(samples.value(u"everx_listener_accepting"_s, -1), 1.0);
    QCOMPARE(samples.value(u"everx_accept_failures_total"_s, -1), 0.0);
    QCOMPARE(samples.value(u"everx_connections_too_slow_total"_s, -1), 0.0);
    // A listener that no longer listens is not accepting: 503.
    m_fixture->server->close();
    const HttpReply reply = request("GET", u"/healthz"_s);
    QCOMPARE(reply.status, 503);
    body = QJsonDocument::fromJson(reply.body).object();
    QCOMPARE(body.value(u"listener"_s).toString(), u"closed"_s);
    QCOMPARE(body.value(u"status"_s).toString(), u"unavailable"_s);
    QCOMPARE(metrics().value(u"everx_listener_accepting"_s, -1), 0.0);
    m_admin->watchListener(nullptr);
}

QTEST_GUILESS_MAIN(TestAdminServer)
#include "tst_adminserver.moc"
