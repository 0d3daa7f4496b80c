// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/clientsession.h"
#include "wire/inprocesstransport.h"
#include "wire/protocol.h"
#include "wire/websockettransport.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QFile>
#include <QtCore/QPointer>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtNetwork/QSslCertificate>
#include <QtNetwork/QSslConfiguration>
#include <QtNetwork/QSslKey>
#include <QtNetwork/QSslSocket>
#include <QtTest/QtTest>
#include <QtWebSockets/QWebSocket>
#include <QtWebSockets/QWebSocketServer>

#include <memory>

using namespace Qt::StringLiterals;
using namespace everx;
using State = ClientSession::State;
using Protocol::Frame;
using Protocol::FrameKind;

namespace {

const QString GoodEmail = u"ayse@example.tr"_s;
const QString GoodPassword = u"correct horse"_s;
// The tax rate the fake exchange says at sign-in.
constexpr qint32 TestTaxBp = 2000;

Account testAccount(Role role = Role::Customer)
{
    Account a;
    a.id = 42;
    a.email = GoodEmail;
    a.role = role;
    a.country = u"TR"_s;
    a.createdMs = 1795996800000;
    return a;
}

// The exchange's side of the conversation, scripted. Records every request in arrival order and
// answers the session's own traffic (hello, auth.*, subscribe, unsubscribe, ping) by itself;
// every other request is held for the test to answer (or not). Serves in-process pairs and
// WebSocket connections alike.
class ScriptedServer final : public QObject
{
    Q_OBJECT

public:
    struct Request
    {
        int connection = 0; // 1-based, in the order connections came
        qint64 id = 0;
        QString op;
        QJsonObject args;
    };

    using QObject::QObject;

    // The session's transport factory: a new in-process pair per connection attempt.
    Transport *connectClient()
    {
        ++factoryCalls;
        auto [client, server] = InProcessTransport::createPair();
        server->setParent(this);
        attach(server);
        return client;
    }

    void attach(Transport *end)
    {
        m_ends.append(end);
        const int connection = int(m_ends.size());
        connect(end, &Transport::textReceived, this,
                [this, connection](const QString &text) { onText(connection, text); });
    }

    int connections() const { return int(m_ends.size()); }
    Transport *end(int connection) const { return m_ends.value(connection - 1); }
    Transport *current() const { return m_ends.isEmpty() ? nullptr : m_ends.last().data(); }

    QStringList ops(int connection) const
    {
        QStringList out;
        for (const Request &r : requests) {
            if (r.connection == connection)
                out << r.op;
        }
        return out;
    }
    QList<Request> requestsFor(const QString &op) const
    {
        QList<Request> out;
        for (const Request &r : requests) {
            if (r.op == op)
                out << r;
        }
        return out;
    }

    void reply(const Request &r, const QJsonObject &result)
    {
        if (Transport *t = end(r.connection))
            t->sendText(Protocol::encodeResult(r.id, result));
    }
    void replyError(const Request &r, ErrorCode code, const QString &message)
    {
        if (Transport *t = end(r.connection))
            t->sendText(Protocol::encodeError(r.id, code, message));
    }
    // A frame as it is, for one a server might write in another form than encodePush()'s.
    void pushText(const QString &frame) { current()->sendText(frame); }
    void push(const QString &channel, qint64 seq, PushType type, const QJsonObject &data)
    {
        current()->sendText(Protocol::encodePush(channel, seq, type, data));
    }
    // Drops the newest connection as a crashing or restarting server would.
    void dropConnection() { current()->close(1001, u"server going away"_s); }

    QList<Request> requests;
    int factoryCalls = 0;
    QString validToken = u"token-1"_s;
    bool answerPings = true;
    bool refuseHello = false; // as a server of another protocol version would
    qint64 helloTimeMs = 1795996800000; // the exchange's clock, as hello and ping give it
    qint64 pingTimeMs = 1795996800000;
    QJsonValue clockRate = QJsonValue::Undefined; // absent: a server of an earlier build
    QHash<QString, qint64> snapshotSeq; // per channel; 10 if not set
    QSet<QString> refusedChannels;

signals:
    void requestReceived(const QString &op);

private:
    void onText(int connection, const QString &text)
    {
        Protocol::DecodeError error;
        const std::optional<Frame> frame = Protocol::decode(text, &error);
        QVERIFY2(frame, qPrintable(error.message));
        QCOMPARE(frame->kind, FrameKind::Request);
        const Request r {connection, frame->id, frame->op, frame->args};
        requests.append(r);
        answer(r);
        Q_EMIT requestReceived(r.op);
    }

    void answer(const Request &r)
    {
        if (r.op == u"hello" && refuseHello) {
            replyError(r, ErrorCode::UnsupportedVersion, u"this server speaks protocol 2"_s);
        } else if (r.op == u"hello") {
            QJsonObject info {{u"server"_s, u"scripted"_s},
                              {u"protocol"_s, 1},
                              {u"mode"_s, u"sandbox"_s},
                              {u"time"_s, helloTimeMs},
                              {u"gpus"_s, QJsonArray {u"h100-sxm"_s}}};
            if (!clockRate.isUndefined())
                info.insert(u"clockRate"_s, clockRate);
            reply(r, info);
        } else if (r.op == u"ping") {
            if (answerPings)
                reply(r, {{u"time"_s, pingTimeMs}});
        } else if (r.op == u"auth.login") {
            if (r.args.value(u"email"_s) == GoodEmail
                && r.args.value(u"password"_s) == GoodPassword)
                reply(r, Wire::toJson(SignIn {validToken, testAccount(), TestTaxBp}));
            else
                replyError(r, ErrorCode::AuthenticationFailed, u"wrong email or password"_s);
        } else if (r.op == u"auth.demo") {
            const std::optional<Role> role = Wire::roleFromName(r.args.value(u"role"_s).toString());
            reply(r, Wire::toJson(SignIn {validToken, testAccount(*role), TestTaxBp}));
        } else if (r.op == u"auth.resume") {
            if (r.args.value(u"token"_s).toString() == validToken)
                reply(r, Wire::resumeReply(testAccount(), TestTaxBp));
            else
                replyError(r, ErrorCode::AuthenticationFailed, u"unknown or expired token"_s);
        } else if (r.op == u"auth.logout") {
            reply(r, {});
        } else if (r.op == u"subscribe") {
            const QString channel = r.args.value(u"channel"_s).toString();
            if (refusedChannels.contains(channel)) {
                replyError(r, ErrorCode::UnknownChannel, u"no such channel"_s);
                return;
            }
            // The reply first, then the snapshot (docs/protocol.md "Channels").
            reply(r, {{u"channel"_s, channel}});
            end(r.connection)
                ->sendText(Protocol::encodePush(channel, snapshotSeq.value(channel, 10),
                                                PushType::Snapshot,
                                                {{u"connection"_s, r.connection}}));
        } else if (r.op == u"unsubscribe") {
            reply(r, {{u"channel"_s, r.args.value(u"channel"_s)}});
        }
        // Anything else waits for the test.
    }

    QList<QPointer<Transport>> m_ends;
};

// A ready session against a scripted server: fast reconnects, no pings unless a test wants them.
struct Fixture
{
    ScriptedServer server;
    ClientSession session;

    Fixture()
    {
        session.setTransportFactory([this] { return server.connectClient(); });
        session.setReconnectDelays(10, 80);
        session.setPingInterval(0);
    }

    bool waitForState(State state, int timeoutMs = 5000)
    {
        return QTest::qWaitFor([&] { return session.state() == state; }, timeoutMs);
    }
    bool connect() // true once the handshake is done
    {
        session.connectToExchange();
        return waitForState(State::Connected);
    }
    bool signIn()
    {
        if (!connect())
            return false;
        session.login(GoodEmail, GoodPassword);
        return waitForState(State::SignedIn);
    }
};

// Collects the replies a request gets, so a test can check there was exactly one.
struct Replies
{
    QList<Frame> frames;
    ClientSession::ReplyHandler handler()
    {
        return [this](const Frame &f) {
            frames.append(f);
        };
    }
};

BidRequest orderArgs()
{
    return {u"h100-sxm"_s, OrderKind::BuyNow, 4, 2, 310, 0, {}};
}

} // namespace

class TestClientSession final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void connectsWithHello();
    void exchangeClockRunsAtTheHellosRate();
    void aHelloWithAnUnreadableClockRateIsRefused_data();
    void aHelloWithAnUnreadableClockRateIsRefused();
    void repliesMatchedByIdOutOfOrder();
    void requestTimesOut();
    void requestWhileDisconnectedFailsAtOnce();
    void pendingRequestsFailWhenConnectionDrops();
    void reconnectSendsHelloResumeAndResubscribes();
    void backoffDoublesWithJitterAndResets();
    void backoffGrowsBetweenRoundsOfAddresses();
    void nextAttemptTimeIsExposed();
    void noReconnectAfterDisconnect();
    void newFactoryForgetsTheLastExchange();
    void refusedHelloStopsReconnecting();
    void loginFailureReported();
    void demoLogin();
    void resumeRefusedSignsOut();
    void logoutForgetsToken();
    void suspensionEventSignsOutAndForgetsTheToken();
    void rejectionEventSignsOut();
    void badSessionEventsChangeNothing_data();
    void badSessionEventsChangeNothing();
    void gapDetectionResubscribes();
    void bookDeltasArriveRead();
    void bookDeltaSlotMayReadTheNext();
    void staleChannelPushesIgnored();
    void subscriptionRefused();
    void placeOrderRetriedWithSameClientOrderId();
    void placeOrderGetsOneReplyOnLiveConnection();
    void heldOrderFailsOnDisconnect();
    void clientOrderIdsAreUnique();
    void pingMeasuresLatency();
    void unansweredPingReconnects();
    void overWebSocket();
    void webSocketRefusesHugeFrames();
    void secureWebSocketPinning();

private:
    QByteArray m_certificatePem;
    QByteArray m_keyPem;
    QString m_certificateProblem;
};

void TestClientSession::initTestCase()
{
    qRegisterMetaType<Account>();
    qRegisterMetaType<BookChange>();
    // A self-signed certificate for the TLS cases, made the way an operator would.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess openssl;
    openssl.start(u"openssl"_s,
                  {u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s,
                   u"ec_paramgen_curve:prime256v1"_s, u"-nodes"_s, u"-days"_s, u"2"_s, u"-subj"_s,
                   u"/CN=localhost"_s, u"-keyout"_s, dir.filePath(u"k.pem"_s), u"-out"_s,
                   dir.filePath(u"c.pem"_s)});
    if (!openssl.waitForFinished(30'000) || openssl.exitStatus() != QProcess::NormalExit
        || openssl.exitCode() != 0) {
        m_certificateProblem = u"openssl could not make a certificate: "_s
            + QString::fromLocal8Bit(openssl.readAllStandardError()) + openssl.errorString();
        return;
    }
    QFile certificate(dir.filePath(u"c.pem"_s));
    QFile key(dir.filePath(u"k.pem"_s));
    QVERIFY(certificate.open(QIODevice::ReadOnly));
    QVERIFY(key.open(QIODevice::ReadOnly));
    m_certificatePem = certificate.readAll();
    m_keyPem = key.readAll();
}

void TestClientSession::connectsWithHello()
{
    Fixture f;
    QSignalSpy states(&f.session, &ClientSession::stateChanged);
    QCOMPARE(f.session.state(), State::Disconnected);
    QVERIFY(f.connect());
    QCOMPARE(f.server.ops(1), QStringList {u"hello"_s});
    const ScriptedServer::Request hello = f.server.requests.at(0);
    QCOMPARE(hello.args.value(u"protocol"_s).toInt(), 1);
    QVERIFY(!hello.args.value(u"client"_s).toString().isEmpty());
    QVERIFY(hello.id > 0);
    QCOMPARE(f.session.serverMode(), u"sandbox"_s);
    QCOMPARE(f.session.serverInfo()->server, u"scripted"_s);
    QCOMPARE(states.size(), 2);
    QCOMPARE(states.at(0).at(0).value<State>(), State::Connecting);
    QCOMPARE(states.at(1).at(0).value<State>(), State::Connected);
    QCOMPARE(f.server.factoryCalls, 1);
}

// The desk's copy of the exchange's clock: hello's time run on at hello's rate, re-set by every
// ping. Bounds come from the real time measured around each step, so no timing can fail them.
void TestClientSession::exchangeClockRunsAtTheHellosRate()
{
    Fixture f;
    const qint64 hello = f.server.helloTimeMs;
    QElapsedTimer real;
    real.start();
    f.server.clockRate = 60;
    QVERIFY(f.connect());
    QCOMPARE(f.session.serverInfo()->clockRate, 60);
    qint64 now = f.session.exchangeNowMs();
    QVERIFY(now >= hello);
    QVERIFY(now <= hello + 60 * real.elapsed());
    QTest::qWait(50);
    now = f.session.exchangeNowMs();
    QVERIFY2(now >= hello + 60 * 50, qPrintable(QString::number(now - hello)));
    QVERIFY(now <= hello + 60 * real.elapsed());

    // A ping's answer re-sets it: an exchange an hour further on.
    f.server.pingTimeMs = hello + 3'600'000;
    QSignalSpy latency(&f.session, &ClientSession::latencyMeasured);
    real.restart();
    f.session.setPingInterval(10);
    QVERIFY(latency.wait());
    f.session.setPingInterval(0);
    now = f.session.exchangeNowMs();
    QVERIFY(now >= f.server.pingTimeMs);
    QVERIFY(now <= f.server.pingTimeMs + 60 * real.elapsed());

    // A server that does not say runs at real time.
    Fixture earlier;
    real.restart();
    QVERIFY(earlier.connect());
    QCOMPARE(earlier.session.serverInfo()->clockRate, 1);
    QTest::qWait(20);
    QVERIFY(earlier.session.exchangeNowMs() <= hello + real.elapsed() + 1);
}

void TestClientSession::aHelloWithAnUnreadableClockRateIsRefused_data()
{
    QTest::addColumn<QJsonValue>("rate");
    QTest::newRow("zero") << QJsonValue(0);
    QTest::newRow("negative") << QJsonValue(-60);
    QTest::newRow("past the limit") << QJsonValue(3601);
    QTest::newRow("a fraction") << QJsonValue(1.5);
    QTest::newRow("text") << QJsonValue(u"fast"_s);
}

void TestClientSession::aHelloWithAnUnreadableClockRateIsRefused()
{
    QFETCH(QJsonValue, rate);
    Fixture f;
    f.server.clockRate = rate;
    QSignalSpy errors(&f.session, &ClientSession::connectionError);
    f.session.connectToExchange();
    QVERIFY(errors.wait());
    QVERIFY(!f.session.serverInfo());
    QCOMPARE(f.session.state(), State::Disconnected);
}

void TestClientSession::repliesMatchedByIdOutOfOrder()
{
    Fixture f;
    QVERIFY(f.connect());
    Replies a, b, c;
    const qint64 idA = f.session.request(u"test.a"_s, {{u"n"_s, 1}}, this, a.handler());
    const qint64 idB = f.session.request(u"test.b"_s, {{u"n"_s, 2}}, this, b.handler());
    const qint64 idC = f.session.request(u"test.c"_s, {{u"n"_s, 3}}, this, c.handler());
    QVERIFY(idA > 0 && idB > 0 && idC > 0);
    QCOMPARE(QSet<qint64>({idA, idB, idC}).size(), 3); // unique per connection
    QTRY_COMPARE(f.server.requests.size(), 4);
    const auto ra = f.server.requestsFor(u"test.a"_s).at(0);
    const auto rb = f.server.requestsFor(u"test.b"_s).at(0);
    const auto rc = f.server.requestsFor(u"test.c"_s).at(0);
    QCOMPARE(rb.args.value(u"n"_s).toInt(), 2);
    // Answered backwards, one of them with an error.
    f.server.reply(rc, {{u"who"_s, u"c"_s}});
    f.server.replyError(rb, ErrorCode::InsufficientFunds, u"12.00 USD is available"_s);
    f.server.reply(ra, {{u"who"_s, u"a"_s}});
    QTRY_COMPARE(a.frames.size(), 1);
    QTRY_COMPARE(c.frames.size(), 1);
    QTRY_COMPARE(b.frames.size(), 1);
    QCOMPARE(a.frames.at(0).kind, FrameKind::Result);
    QCOMPARE(a.frames.at(0).result.value(u"who"_s).toString(), u"a"_s);
    QCOMPARE(c.frames.at(0).result.value(u"who"_s).toString(), u"c"_s);
    QCOMPARE(b.frames.at(0).kind, FrameKind::Error);
    QCOMPARE(b.frames.at(0).errorCode, ErrorCode::InsufficientFunds);
    QCOMPARE(b.frames.at(0).id, idB);
    // A second reply with the same id is not delivered again.
    f.server.reply(ra, {{u"who"_s, u"again"_s}});
    Replies probe;
    f.session.request(u"test.d"_s, {}, this, probe.handler());
    QTRY_COMPARE(f.server.requests.size(), 5);
    f.server.reply(f.server.requestsFor(u"test.d"_s).at(0), {});
    QTRY_COMPARE(probe.frames.size(), 1); // the duplicate came before this one
    QCOMPARE(a.frames.size(), 1);
}

void TestClientSession::requestTimesOut()
{
    Fixture f;
    f.session.setRequestTimeout(100);
    QVERIFY(f.connect());
    Replies r;
    QElapsedTimer clock;
    clock.start();
    f.session.request(u"test.slow"_s, {}, this, r.handler());
    QTRY_COMPARE(r.frames.size(), 1);
    QVERIFY(clock.elapsed() >= 90);
    QCOMPARE(r.frames.at(0).kind, FrameKind::Error);
    QCOMPARE(r.frames.at(0).errorCode, ErrorCode::Timeout);
    // The reply that comes too late is dropped, not delivered a second time.
    f.server.reply(f.server.requestsFor(u"test.slow"_s).at(0), {});
    Replies probe;
    f.session.request(u"test.probe"_s, {}, this, probe.handler());
    QTRY_COMPARE(f.server.requestsFor(u"test.probe"_s).size(), 1);
    f.server.reply(f.server.requestsFor(u"test.probe"_s).at(0), {});
    QTRY_COMPARE(probe.frames.size(), 1);
    QCOMPARE(r.frames.size(), 1);
    QCOMPARE(f.session.state(), State::Connected); // a timeout alone does not drop anything
}

void TestClientSession::requestWhileDisconnectedFailsAtOnce()
{
    Fixture f;
    Replies r;
    QCOMPARE(f.session.request(u"test.x"_s, {}, this, r.handler()), 0);
    QCOMPARE(r.frames.size(), 0); // queued, never from inside request()
    QTRY_COMPARE(r.frames.size(), 1);
    QCOMPARE(r.frames.at(0).errorCode, ErrorCode::Timeout);
    QCOMPARE(r.frames.at(0).errorMessage, u"not connected"_s);
    QCOMPARE(f.server.factoryCalls, 0);

    // A destroyed context drops the handler.
    auto context = std::make_unique<QObject>();
    bool called = false;
    f.session.request(u"test.x"_s, {}, context.get(), [&called](const Frame &) { called = true; });
    context.reset();
    Replies probe;
    f.session.request(u"test.y"_s, {}, this, probe.handler());
    QTRY_COMPARE(probe.frames.size(), 1);
    QVERIFY(!called);
}

void TestClientSession::pendingRequestsFailWhenConnectionDrops()
{
    Fixture f;
    QVERIFY(f.connect());
    Replies one, two;
    f.session.request(u"test.one"_s, {}, this, one.handler());
    f.session.request(u"test.two"_s, {}, this, two.handler());
    QTRY_COMPARE(f.server.requests.size(), 3);
    QSignalSpy states(&f.session, &ClientSession::stateChanged);
    f.server.dropConnection();
    QTRY_COMPARE(one.frames.size(), 1);
    QTRY_COMPARE(two.frames.size(), 1);
    QCOMPARE(one.frames.at(0).errorCode, ErrorCode::Timeout);
    QCOMPARE(two.frames.at(0).errorCode, ErrorCode::Timeout);
    QVERIFY(states.size() >= 1);
    QCOMPARE(states.at(0).at(0).value<State>(), State::Connecting);
    // ... and it comes back by itself.
    QVERIFY(f.waitForState(State::Connected));
    QCOMPARE(f.server.connections(), 2);
}

void TestClientSession::reconnectSendsHelloResumeAndResubscribes()
{
    Fixture f;
    QSignalSpy signedIn(&f.session, &ClientSession::signedIn);
    QVERIFY(f.signIn());
    QCOMPARE(signedIn.size(), 1);
    QCOMPARE(signedIn.at(0).at(0).value<Account>().id, 42);
    QCOMPARE(f.session.account().email, GoodEmail);
    QCOMPARE(f.session.taxBasisPoints(), TestTaxBp); // the exchange's, from the sign-in

    QSignalSpy snapshots(&f.session, &ClientSession::snapshotReceived);
    f.session.subscribe(u"book.h100-sxm"_s);
    f.session.subscribe(u"account"_s);
    QTRY_COMPARE(snapshots.size(), 2);
    QCOMPARE(f.session.resubscriptions(), 0);

    QSignalSpy scheduled(&f.session, &ClientSession::reconnectScheduled);
    f.server.dropConnection();
    QVERIFY(f.waitForState(State::Connecting));
    QVERIFY(f.waitForState(State::SignedIn));
    QTRY_COMPARE(snapshots.size(), 4);
    QCOMPARE(scheduled.size(), 1);
    const int delay = scheduled.at(0).at(0).toInt();
    QVERIFY2(delay >= 8 && delay <= 12, qPrintable(QString::number(delay))); // 10 ms +-20 %

    // On the new connection: hello, then resume with the token, then both channels again.
    const QStringList ops = f.server.ops(2);
    QCOMPARE(ops.size(), 4);
    QCOMPARE(ops.at(0), u"hello"_s);
    QCOMPARE(ops.at(1), u"auth.resume"_s);
    QCOMPARE(ops.at(2), u"subscribe"_s);
    QCOMPARE(ops.at(3), u"subscribe"_s);
    QCOMPARE(f.server.requestsFor(u"auth.resume"_s).at(0).args.value(u"token"_s).toString(),
             u"token-1"_s);
    QCOMPARE(f.session.taxBasisPoints(), TestTaxBp); // and from the resume
    QSet<QString> channels;
    for (const auto &r : f.server.requestsFor(u"subscribe"_s)) {
        if (r.connection == 2)
            channels.insert(r.args.value(u"channel"_s).toString());
    }
    QCOMPARE(channels, (QSet<QString> {u"book.h100-sxm"_s, u"account"_s}));
    QCOMPARE(snapshots.at(2).at(2).toJsonObject().value(u"connection"_s).toInt(), 2);
    QCOMPARE(f.session.resubscriptions(), 2);
    QCOMPARE(signedIn.size(), 1); // a resume restores the state silently
}

void TestClientSession::backoffDoublesWithJitterAndResets()
{
    // A server that is down: every transport's other end is gone before it opens.
    Fixture f;
    bool serverUp = false;
    f.session.setTransportFactory([&]() -> Transport * {
        if (serverUp)
            return f.server.connectClient();
        auto [client, server] = InProcessTransport::createPair();
        delete server;
        return client;
    });
    f.session.setReconnectDelays(10, 80);
    QSignalSpy scheduled(&f.session, &ClientSession::reconnectScheduled);
    QSignalSpy errors(&f.session, &ClientSession::connectionError);
    f.session.connectToExchange();
    QTRY_COMPARE_WITH_TIMEOUT(scheduled.size(), 6, 5000);
    const int expected[] = {10, 20, 40, 80, 80, 80};
    for (int i = 0; i < 6; ++i) {
        const int delay = scheduled.at(i).at(0).toInt();
        QVERIFY2(delay >= expected[i] * 8 / 10 && delay <= expected[i] * 12 / 10,
                 qPrintable(u"attempt %1: %2 ms"_s.arg(i).arg(delay)));
    }
    QVERIFY(errors.size() >= 6);
    QCOMPARE(f.session.state(), State::Connecting);

    // The server comes back: a successful hello resets the delay to the minimum.
    serverUp = true;
    QVERIFY(f.waitForState(State::Connected));
    scheduled.clear();
    f.server.dropConnection();
    QTRY_COMPARE(scheduled.size(), 1);
    const int delay = scheduled.at(0).at(0).toInt();
    QVERIFY2(delay >= 8 && delay <= 12, qPrintable(QString::number(delay)));
}

void TestClientSession::backoffGrowsBetweenRoundsOfAddresses()
{
    // Three addresses, all down: the attempts of a round follow each other after the shortest
    // delay; the delay before the next round doubles, as for one address.
    Fixture f;
    bool serverUp = false;
    f.session.setTransportFactory([&]() -> Transport * {
        if (serverUp)
            return f.server.connectClient();
        auto [client, server] = InProcessTransport::createPair();
        delete server;
        return client;
    });
    f.session.setReconnectDelays(10, 80);
    f.session.setAttemptsPerRound(3);
    QSignalSpy scheduled(&f.session, &ClientSession::reconnectScheduled);
    f.session.connectToExchange();
    // Attempts go on while the test looks: the first nine are checked.
    QTRY_VERIFY_WITH_TIMEOUT(scheduled.size() >= 9, 5000);
    // The first round began with connectToExchange(): two more attempts, then the back-off.
    const int expected[] = {10, 10, 10, 10, 10, 20, 10, 10, 40};
    for (int i = 0; i < 9; ++i) {
        const int delay = scheduled.at(i).at(0).toInt();
        QVERIFY2(delay >= expected[i] * 8 / 10 && delay <= expected[i] * 12 / 10,
                 qPrintable(u"attempt %1: %2 ms"_s.arg(i).arg(delay)));
    }

    // Back up, then dropped: a new round at the shortest delay.
    serverUp = true;
    QVERIFY(f.waitForState(State::Connected));
    serverUp = false;
    scheduled.clear();
    f.server.dropConnection();
    QTRY_VERIFY_WITH_TIMEOUT(scheduled.size() >= 4, 5000);
    const int again[] = {10, 10, 10, 20};
    for (int i = 0; i < 4; ++i) {
        const int delay = scheduled.at(i).at(0).toInt();
        QVERIFY2(delay >= again[i] * 8 / 10 && delay <= again[i] * 12 / 10,
                 qPrintable(u"attempt %1: %2 ms"_s.arg(i).arg(delay)));
    }
}

void TestClientSession::nextAttemptTimeIsExposed()
{
    // The desk's countdown: when the next attempt starts, while one waits; 0 otherwise.
    Fixture f;
    bool serverUp = true;
    f.session.setTransportFactory([&]() -> Transport * {
        if (serverUp)
            return f.server.connectClient();
        auto [client, server] = InProcessTransport::createPair();
        delete server;
        return client;
    });
    f.session.setReconnectDelays(2000, 4000);
    QCOMPARE(f.session.nextAttemptMs(), 0);
    QVERIFY(f.connect());
    QCOMPARE(f.session.nextAttemptMs(), 0);
    serverUp = false;
    QSignalSpy scheduled(&f.session, &ClientSession::reconnectScheduled);
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    f.server.dropConnection();
    QVERIFY(scheduled.wait());
    const qint64 after = QDateTime::currentMSecsSinceEpoch();
    const int delay = scheduled.at(0).at(0).toInt();
    QVERIFY(f.session.nextAttemptMs() >= before + delay);
    QVERIFY(f.session.nextAttemptMs() <= after + delay);
    // Connecting now cuts the wait short: nothing is scheduled while it tries.
    serverUp = true;
    f.session.connectToExchange();
    QCOMPARE(f.session.nextAttemptMs(), 0);
    QVERIFY(f.waitForState(State::Connected));
    QCOMPARE(f.session.nextAttemptMs(), 0);
    // Disconnected on purpose: no attempt is coming.
    f.session.disconnectFromExchange();
    QCOMPARE(f.session.nextAttemptMs(), 0);
}

void TestClientSession::noReconnectAfterDisconnect()
{
    Fixture f;
    QVERIFY(f.connect());
    Replies pending;
    f.session.request(u"test.pending"_s, {}, this, pending.handler());
    QSignalSpy serverClosed(f.server.current(), &Transport::disconnected);
    f.session.disconnectFromExchange();
    QCOMPARE(f.session.state(), State::Disconnected);
    QTRY_COMPARE(pending.frames.size(), 1);
    QCOMPARE(pending.frames.at(0).errorCode, ErrorCode::Timeout);
    QVERIFY(serverClosed.size() == 1 || serverClosed.wait());
    QSignalSpy states(&f.session, &ClientSession::stateChanged);
    QVERIFY(!states.wait(300)); // nothing happens any more
    QCOMPARE(f.server.factoryCalls, 1);
    // Connecting again works.
    QVERIFY(f.connect());
    QCOMPARE(f.server.factoryCalls, 2);
}

void TestClientSession::newFactoryForgetsTheLastExchange()
{
    Fixture f;
    QVERIFY(f.connect());
    f.session.disconnectFromExchange();
    QCOMPARE(f.session.serverMode(), u"sandbox"_s); // a reconnect goes back to the same one
    // Another way to reach an exchange (the desk switching to a server): what the old one said
    // of itself no longer holds, so the status bar must not call the new one "sandbox".
    ScriptedServer other;
    f.session.setTransportFactory([&other] { return other.connectClient(); });
    QCOMPARE(f.session.serverMode(), QString());
    QVERIFY(!f.session.serverInfo());
    QVERIFY(f.connect());
    QCOMPARE(other.factoryCalls, 1);
    QCOMPARE(f.server.factoryCalls, 1);
    QCOMPARE(f.session.serverMode(), u"sandbox"_s);
    f.session.disconnectFromExchange(); // before `other` goes
}

void TestClientSession::refusedHelloStopsReconnecting()
{
    Fixture f;
    f.server.refuseHello = true;
    QSignalSpy errors(&f.session, &ClientSession::connectionError);
    QSignalSpy scheduled(&f.session, &ClientSession::reconnectScheduled);
    f.session.connectToExchange();
    QVERIFY(errors.wait());
    QVERIFY2(errors.at(0).at(0).toString().contains(u"protocol 2"_s),
             qPrintable(errors.at(0).at(0).toString()));
    QTRY_COMPARE(f.session.state(), State::Disconnected);
    QVERIFY(!scheduled.wait(200)); // asking again would be refused again
    QCOMPARE(f.server.factoryCalls, 1);
    QCOMPARE(f.session.serverMode(), QString());
}

void TestClientSession::loginFailureReported()
{
    Fixture f;
    QSignalSpy failed(&f.session, &ClientSession::signInFailed);
    QSignalSpy signedIn(&f.session, &ClientSession::signedIn);
    f.session.login(GoodEmail, u"wrong"_s); // not connected yet
    QVERIFY(failed.wait());
    QCOMPARE(failed.at(0).at(0).value<ErrorCode>(), ErrorCode::Timeout);
    QVERIFY(f.connect());
    f.session.login(GoodEmail, u"wrong"_s);
    QVERIFY(failed.wait());
    QCOMPARE(failed.at(1).at(0).value<ErrorCode>(), ErrorCode::AuthenticationFailed);
    QCOMPARE(f.session.state(), State::Connected);
    QCOMPARE(signedIn.size(), 0);
}

void TestClientSession::demoLogin()
{
    Fixture f;
    QVERIFY(f.connect());
    QSignalSpy signedIn(&f.session, &ClientSession::signedIn);
    f.session.loginDemo(Role::Provider);
    QVERIFY(signedIn.wait());
    QCOMPARE(f.server.requestsFor(u"auth.demo"_s).at(0).args.value(u"role"_s).toString(),
             u"provider"_s);
    QCOMPARE(f.session.account().role, Role::Provider);
    QCOMPARE(f.session.state(), State::SignedIn);
}

void TestClientSession::resumeRefusedSignsOut()
{
    Fixture f;
    QVERIFY(f.signIn());
    f.session.subscribe(u"account"_s);
    f.session.subscribe(u"ticker"_s);
    QSignalSpy snapshots(&f.session, &ClientSession::snapshotReceived);
    QTRY_COMPARE(snapshots.size(), 2);
    QSignalSpy signedOut(&f.session, &ClientSession::signedOut);
    QSignalSpy refused(&f.session, &ClientSession::resumeRefused);
    f.server.validToken = u"token-after-restart"_s; // the server restarted: tokens are gone
    f.server.dropConnection();
    QVERIFY(signedOut.wait());
    QCOMPARE(refused.size(), 1); // the desk tells the user, who did not ask to leave
    QCOMPARE(f.session.state(), State::Connected);
    QTRY_COMPARE(snapshots.size(), 3);
    // Public channels come back; the private one needs a new sign-in.
    QCOMPARE(f.server.ops(2), (QStringList {u"hello"_s, u"auth.resume"_s, u"subscribe"_s}));
    QCOMPARE(f.session.channels(), QStringList {u"ticker"_s});
}

void TestClientSession::logoutForgetsToken()
{
    Fixture f;
    QVERIFY(f.signIn());
    QSignalSpy signedOut(&f.session, &ClientSession::signedOut);
    QSignalSpy refused(&f.session, &ClientSession::resumeRefused);
    f.session.logout();
    QCOMPARE(signedOut.size(), 1);
    QCOMPARE(refused.size(), 0); // asked for: nothing to tell
    QCOMPARE(f.session.state(), State::Connected);
    QCOMPARE(f.session.taxBasisPoints(), 0); // no one's
    QTRY_COMPARE(f.server.requestsFor(u"auth.logout"_s).size(), 1);
    f.server.dropConnection();
    QVERIFY(f.waitForState(State::Connecting));
    QVERIFY(f.waitForState(State::Connected));
    QCOMPARE(f.server.ops(2), QStringList {u"hello"_s}); // no resume without a token
}

void TestClientSession::suspensionEventSignsOutAndForgetsTheToken()
{
    Fixture f;
    QVERIFY(f.signIn());
    f.session.subscribe(u"account"_s);
    f.session.subscribe(u"ticker"_s);
    QSignalSpy snapshots(&f.session, &ClientSession::snapshotReceived);
    QTRY_COMPARE(snapshots.size(), 2);
    QSignalSpy signedOut(&f.session, &ClientSession::signedOut);
    QSignalSpy bySupport(&f.session, &ClientSession::signedOutBySupport);
    QSignalSpy refused(&f.session, &ClientSession::resumeRefused);
    const QString why = u"chargeback under review\nticket 4711"_s;
    f.server.pushText(
        Protocol::encodeEvent(SessionEvent::AccountSuspended, Wire::sessionEventData(why)));
    QVERIFY(bySupport.wait());
    QCOMPARE(signedOut.size(), 1);
    QCOMPARE(bySupport.at(0).at(0).value<AccountState>(), AccountState::Suspended);
    QCOMPARE(bySupport.at(0).at(1).toString(), why);
    QCOMPARE(refused.size(), 0);
    // Signed out on a connection that stays up; the private channel is gone with the account.
    QCOMPARE(f.session.state(), State::Connected);
    QCOMPARE(f.session.account().id, 0);
    QCOMPARE(f.session.taxBasisPoints(), 0);
    QCOMPARE(f.session.channels(), QStringList {u"ticker"_s});
    // The server signed the connection out itself: the desk sends nothing about it.
    QCOMPARE(f.server.requestsFor(u"auth.logout"_s).size(), 0);
    QCOMPARE(f.server.requestsFor(u"unsubscribe"_s).size(), 0);
    // A reconnection does not try the revoked token.
    f.server.dropConnection();
    QVERIFY(f.waitForState(State::Connecting));
    QVERIFY(f.waitForState(State::Connected));
    QTRY_COMPARE(f.server.ops(2), (QStringList {u"hello"_s, u"subscribe"_s}));
    QCOMPARE(f.server.requestsFor(u"auth.resume"_s).size(), 0);
}

void TestClientSession::rejectionEventSignsOut()
{
    Fixture f;
    QVERIFY(f.signIn());
    QSignalSpy bySupport(&f.session, &ClientSession::signedOutBySupport);
    f.server.pushText(Protocol::encodeEvent(SessionEvent::AccountRejected, {}));
    QVERIFY(bySupport.wait());
    QCOMPARE(bySupport.at(0).at(0).value<AccountState>(), AccountState::Rejected);
    QCOMPARE(bySupport.at(0).at(1).toString(), QString());
    QCOMPARE(f.session.state(), State::Connected);
}

void TestClientSession::badSessionEventsChangeNothing_data()
{
    QTest::addColumn<QString>("frame");
    QTest::addColumn<bool>("reported"); // a known event whose data is unreadable
    const auto event = [](const QString &data) {
        return u"{\"v\":1,\"event\":\"account.suspended\",\"data\":"_s + data + u'}';
    };
    QTest::newRow("reason a number") << event(u"{\"reason\":7}"_s) << true;
    QTest::newRow("reason an object") << event(u"{\"reason\":{}}"_s) << true;
    QTest::newRow("reason with a bidi override") << event(u"{\"reason\":\"a\\u202eb\"}"_s) << true;
    QTest::newRow("reason with NUL") << event(u"{\"reason\":\"a\\u0000b\"}"_s) << true;
    QTest::newRow("reason too long")
        << event(u"{\"reason\":\""_s + QString(501, u'x') + u"\"}"_s) << true;
    QTest::newRow("data not an object") << event(u"[]"_s) << false;
    QTest::newRow("data missing") << u"{\"v\":1,\"event\":\"account.suspended\"}"_s << false;
    QTest::newRow("event not a string") << u"{\"v\":1,\"event\":1,\"data\":{}}"_s << false;
    QTest::newRow("event empty") << u"{\"v\":1,\"event\":\"\",\"data\":{}}"_s << false;
    QTest::newRow("event and channel")
        << u"{\"v\":1,\"event\":\"account.suspended\",\"ch\":\"account\",\"seq\":1,"
           "\"type\":\"event\",\"data\":{}}"_s
        << false;
    QTest::newRow("unknown event")
        << u"{\"v\":1,\"event\":\"account.renamed\",\"data\":{}}"_s << false;
    QTest::newRow("another version")
        << u"{\"v\":2,\"event\":\"account.suspended\",\"data\":{}}"_s << false;
}

void TestClientSession::badSessionEventsChangeNothing()
{
    QFETCH(QString, frame);
    QFETCH(bool, reported);
    Fixture f;
    QVERIFY(f.signIn());
    QSignalSpy signedOut(&f.session, &ClientSession::signedOut);
    QSignalSpy ignored(&f.session, &ClientSession::sessionEventIgnored);
    f.server.pushText(frame);
    // A request sent after the frame is answered after it: by then the frame was handled.
    Replies replies;
    f.session.request(u"account.get"_s, {}, this, replies.handler());
    QTRY_COMPARE(f.server.requestsFor(u"account.get"_s).size(), 1);
    f.server.reply(f.server.requestsFor(u"account.get"_s).first(), {});
    QTRY_COMPARE(replies.frames.size(), 1);
    QCOMPARE(signedOut.size(), 0);
    QCOMPARE(f.session.state(), State::SignedIn);
    QCOMPARE(f.session.account().id, testAccount().id);
    QCOMPARE(ignored.size(), reported ? 1 : 0);
    if (reported)
        QCOMPARE(ignored.at(0).at(0).value<ErrorCode>(), ErrorCode::Malformed);
}

void TestClientSession::gapDetectionResubscribes()
{
    Fixture f;
    QVERIFY(f.connect());
    QSignalSpy snapshots(&f.session, &ClientSession::snapshotReceived);
    QSignalSpy deltas(&f.session, &ClientSession::deltaReceived);
    QSignalSpy gaps(&f.session, &ClientSession::gapDetected);
    const QString channel = u"trades.h100-sxm"_s;
    f.session.subscribe(channel);
    QVERIFY(snapshots.wait());
    QCOMPARE(snapshots.at(0).at(1).toLongLong(), 10);

    f.server.push(channel, 11, PushType::Delta, {{u"n"_s, 11}});
    f.server.push(channel, 12, PushType::Delta, {{u"n"_s, 12}});
    QTRY_COMPARE(deltas.size(), 2);
    QCOMPARE(deltas.at(1).at(1).toLongLong(), 12);
    QCOMPARE(deltas.at(1).at(2).value<PushType>(), PushType::Delta);
    QCOMPARE(deltas.at(1).at(3).toJsonObject().value(u"n"_s).toInt(), 12);

    f.server.snapshotSeq.insert(channel, 30);
    f.server.push(channel, 14, PushType::Delta, {{u"n"_s, 14}}); // 13 is missing
    QVERIFY(gaps.wait());
    QCOMPARE(gaps.at(0).at(0).toString(), channel);
    QCOMPARE(f.session.resubscriptions(), 1);
    // Pushes of the old subscription before the fresh snapshot are dropped, not new gaps.
    f.server.push(channel, 15, PushType::Delta, {{u"n"_s, 15}});
    QTRY_COMPARE(snapshots.size(), 2);
    QCOMPARE(snapshots.at(1).at(1).toLongLong(), 30);
    QCOMPARE(f.server.requestsFor(u"subscribe"_s).size(), 2);
    // Unsubscribed first: a server sends no snapshot for a channel the connection still has.
    QCOMPARE(f.server.requestsFor(u"unsubscribe"_s).size(), 1);
    f.server.push(channel, 31, PushType::Delta, {{u"n"_s, 31}});
    QTRY_COMPARE(deltas.size(), 3);
    QCOMPARE(deltas.at(2).at(1).toLongLong(), 31);
    QCOMPARE(gaps.size(), 1);
    // A repeated number is a gap as well.
    f.server.push(channel, 31, PushType::Delta, {{u"n"_s, 31}});
    QVERIFY(gaps.wait());
    QCOMPARE(f.session.resubscriptions(), 2);
}

void TestClientSession::bookDeltasArriveRead()
{
    Fixture f;
    QVERIFY(f.connect());
    QSignalSpy snapshots(&f.session, &ClientSession::snapshotReceived);
    QSignalSpy deltas(&f.session, &ClientSession::deltaReceived);
    QSignalSpy bookDeltas(&f.session, &ClientSession::bookDeltaReceived);
    QSignalSpy gaps(&f.session, &ClientSession::gapDetected);
    const QString channel = u"book.h100-sxm"_s;
    f.session.subscribe(channel);
    QVERIFY(snapshots.wait());
    QCOMPARE(snapshots.at(0).at(0).toString(), channel); // a book's snapshot stays JSON

    // As a server writes it (read without a JSON document) ...
    f.server.push(channel, 11, PushType::Delta,
                  Wire::bookData(QJsonArray {QJsonValue(Wire::level(410, 3, 1))},
                                 QJsonArray {QJsonValue(Wire::level(420, 0, 0))}));
    // ... and in a form only the JSON parser reads: spaces, other key order, a whole-number
    // double, a level that is no level (left out).
    f.server.pushText(uR"( { "v": 1, "seq": 12, "type": "delta", "ch": "book.h100-sxm",
        "data": { "bids": [ ["4.05", 2.0, 1], ["x", 1, 1] ], "asks": [] } } )"_s);
    QTRY_COMPARE(bookDeltas.size(), 2);
    BookChange first;
    first.bids = {{410, 3, 1}};
    first.asks = {{420, 0, 0}};
    QCOMPARE(bookDeltas.at(0).at(0).toString(), channel);
    QCOMPARE(bookDeltas.at(0).at(1).toLongLong(), 11);
    QCOMPARE(bookDeltas.at(0).at(2).value<BookChange>(), first);
    BookChange second;
    second.bids = {{405, 2, 1}};
    QCOMPARE(bookDeltas.at(1).at(1).toLongLong(), 12);
    QCOMPARE(bookDeltas.at(1).at(2).value<BookChange>(), second);
    QCOMPARE(deltas.size(), 0);

    // Sequence numbers are checked on either path: 13 is missing.
    f.server.push(channel, 14, PushType::Delta, Wire::bookData({}, {}));
    QVERIFY(gaps.wait());
    QCOMPARE(gaps.at(0).at(0).toString(), channel);
    QCOMPARE(bookDeltas.size(), 2);
}

void TestClientSession::bookDeltaSlotMayReadTheNext()
{
    // The session reads book deltas into lists it keeps for the next. A slot that runs the event
    // loop reads the next delta inside its own, and must still hold its own delta after that.
    Fixture f;
    QVERIFY(f.connect());
    QSignalSpy snapshots(&f.session, &ClientSession::snapshotReceived);
    const QString channel = u"book.h100-sxm"_s;
    f.session.subscribe(channel);
    QVERIFY(snapshots.wait());
    BookChange first, second;
    first.bids = {{410, 3, 1}, {405, 1, 1}};
    second.asks = {{420, 7, 2}};
    const auto push = [&](qint64 seq, const BookChange &change) {
        QJsonArray bids, asks;
        for (const BookLevelChange &l : change.bids)
            bids.append(Wire::level(l.price, l.gpus, l.orders));
        for (const BookLevelChange &l : change.asks)
            asks.append(Wire::level(l.price, l.gpus, l.orders));
        f.server.push(channel, seq, PushType::Delta, Wire::bookData(bids, asks));
    };
    QList<qint64> order; // sequence numbers as their slots finished
    std::optional<BookChange> outerAfter, inner;
    bool nestedRead = false;
    QObject receiver;
    connect(&f.session, &ClientSession::bookDeltaReceived, &receiver,
            [&](const QString &, qint64 seq, const BookChange &change) {
                if (seq == 11) {
                    push(12, second);
                    nestedRead = QTest::qWaitFor([&] { return order.contains(12); }, 5000);
                    outerAfter = change;
                } else {
                    inner = change;
                }
                order.append(seq);
            });
    push(11, first);
    QTRY_COMPARE(order, (QList<qint64> {12, 11}));
    QVERIFY(nestedRead);
    QVERIFY(inner == second);
    QVERIFY(outerAfter == first);
    // And the lists kept after both are read into again from empty.
    push(13, second);
    QTRY_COMPARE(order.size(), 3);
    QVERIFY(inner == second);
}

void TestClientSession::staleChannelPushesIgnored()
{
    Fixture f;
    QVERIFY(f.connect());
    QSignalSpy snapshots(&f.session, &ClientSession::snapshotReceived);
    QSignalSpy deltas(&f.session, &ClientSession::deltaReceived);
    f.session.subscribe(u"ticker"_s);
    QVERIFY(snapshots.wait());
    f.session.unsubscribe(u"ticker"_s);
    QTRY_COMPARE(f.server.requestsFor(u"unsubscribe"_s).size(), 1);
    f.server.push(u"ticker"_s, 11, PushType::Delta, {});
    f.server.push(u"trades.l4"_s, 1, PushType::Snapshot, {}); // never subscribed
    QVERIFY(!deltas.wait(100));
    QCOMPARE(snapshots.size(), 1);
    QVERIFY(f.session.channels().isEmpty());
}

void TestClientSession::subscriptionRefused()
{
    Fixture f;
    f.server.refusedChannels.insert(u"book.nonsense"_s);
    QVERIFY(f.connect());
    QSignalSpy failed(&f.session, &ClientSession::subscriptionFailed);
    f.session.subscribe(u"book.nonsense"_s);
    QVERIFY(failed.wait());
    QCOMPARE(failed.at(0).at(0).toString(), u"book.nonsense"_s);
    QCOMPARE(failed.at(0).at(1).value<ErrorCode>(), ErrorCode::UnknownChannel);
    QVERIFY(f.session.channels().isEmpty());
}

void TestClientSession::placeOrderRetriedWithSameClientOrderId()
{
    Fixture f;
    QVERIFY(f.signIn());
    Replies r;
    const QString clientOrderId = f.session.placeOrder(orderArgs(), this, r.handler());
    QVERIFY(clientOrderId.startsWith(u"desk-"_s));
    QVERIFY(clientOrderId.size() <= 64);
    QTRY_COMPARE(f.server.requestsFor(u"order.place"_s).size(), 1);
    const ScriptedServer::Request first = f.server.requestsFor(u"order.place"_s).at(0);
    QCOMPARE(first.args.value(u"clientOrderId"_s).toString(), clientOrderId);
    QCOMPARE(first.args.value(u"price"_s).toString(), u"3.10"_s);

    // The connection drops before the reply: the caller hears nothing yet ...
    f.server.dropConnection();
    QVERIFY(f.waitForState(State::Connecting));
    QVERIFY(f.waitForState(State::SignedIn));
    // ... and the same order goes out again once signed in, after hello and resume.
    QTRY_COMPARE(f.server.requestsFor(u"order.place"_s).size(), 2);
    QCOMPARE(r.frames.size(), 0);
    const ScriptedServer::Request retry = f.server.requestsFor(u"order.place"_s).at(1);
    QCOMPARE(retry.connection, 2);
    QCOMPARE(f.server.ops(2).mid(0, 3),
             (QStringList {u"hello"_s, u"auth.resume"_s, u"order.place"_s}));
    QCOMPARE(retry.args, first.args); // same clientOrderId, same everything

    // Dropped again before the reply: retried once more on the third connection.
    f.server.dropConnection();
    QTRY_COMPARE(f.server.requestsFor(u"order.place"_s).size(), 3);
    const ScriptedServer::Request third = f.server.requestsFor(u"order.place"_s).at(2);
    QCOMPARE(third.connection, 3);
    QCOMPARE(third.args.value(u"clientOrderId"_s).toString(), clientOrderId);

    // The server placed it the first time; it answers the retry with that order.
    f.server.reply(third, {{u"duplicate"_s, true}, {u"order"_s, QJsonObject {{u"id"_s, 118}}}});
    QTRY_COMPARE(r.frames.size(), 1);
    QCOMPARE(r.frames.at(0).kind, FrameKind::Result);
    QVERIFY(r.frames.at(0).result.value(u"duplicate"_s).toBool());
    // Exactly once per reconnect: nothing more goes out, and no second reply comes.
    f.server.dropConnection();
    QVERIFY(f.waitForState(State::Connecting));
    QVERIFY(f.waitForState(State::SignedIn));
    QSignalSpy received(&f.server, &ScriptedServer::requestReceived);
    QVERIFY(!received.wait(200));
    QCOMPARE(f.server.requestsFor(u"order.place"_s).size(), 3);
    QCOMPARE(r.frames.size(), 1);
}

void TestClientSession::placeOrderGetsOneReplyOnLiveConnection()
{
    Fixture f;
    QVERIFY(f.signIn());
    Replies r;
    f.session.placeOrder(orderArgs(), this, r.handler());
    QTRY_COMPARE(f.server.requestsFor(u"order.place"_s).size(), 1);
    f.server.replyError(f.server.requestsFor(u"order.place"_s).at(0), ErrorCode::InsufficientFunds,
                        u"this order holds 71.40 USD"_s);
    QTRY_COMPARE(r.frames.size(), 1);
    QCOMPARE(r.frames.at(0).errorCode, ErrorCode::InsufficientFunds);
    // Answered: a later drop does not send it again.
    f.server.dropConnection();
    QVERIFY(f.waitForState(State::Connecting));
    QVERIFY(f.waitForState(State::SignedIn));
    QCOMPARE(f.server.requestsFor(u"order.place"_s).size(), 1);

    // Not connected: fails at once, nothing is kept for later.
    f.session.disconnectFromExchange();
    Replies offline;
    f.session.placeOrder(orderArgs(), this, offline.handler());
    QTRY_COMPARE(offline.frames.size(), 1);
    QCOMPARE(offline.frames.at(0).errorMessage, u"not connected"_s);
    // The token outlives an explicit disconnect: connecting again resumes the sign-in.
    f.session.connectToExchange();
    QVERIFY(f.waitForState(State::SignedIn));
    QCOMPARE(f.server.ops(3), (QStringList {u"hello"_s, u"auth.resume"_s}));
    QCOMPARE(f.server.requestsFor(u"order.place"_s).size(), 1);
}

void TestClientSession::heldOrderFailsOnDisconnect()
{
    Fixture f;
    QVERIFY(f.signIn());
    Replies r;
    f.session.placeOrder(orderArgs(), this, r.handler());
    QTRY_COMPARE(f.server.requestsFor(u"order.place"_s).size(), 1);
    // The server goes down for good: the order waits for a connection that does not come ...
    int attempts = 0;
    f.session.setTransportFactory([&attempts]() -> Transport * {
        ++attempts;
        auto [client, server] = InProcessTransport::createPair();
        delete server;
        return client;
    });
    f.server.dropConnection();
    QTRY_VERIFY(attempts >= 2);
    QCOMPARE(r.frames.size(), 0);
    // ... until the user gives up: then its caller hears "timeout", once.
    f.session.disconnectFromExchange();
    QTRY_COMPARE(r.frames.size(), 1);
    QCOMPARE(r.frames.at(0).errorCode, ErrorCode::Timeout);
    QSignalSpy states(&f.session, &ClientSession::stateChanged);
    QVERIFY(!states.wait(100));
    QCOMPARE(r.frames.size(), 1);
}

void TestClientSession::clientOrderIdsAreUnique()
{
    Fixture f;
    QVERIFY(f.signIn());
    ClientSession other;
    QSet<QString> ids;
    Replies r;
    for (int i = 0; i < 5; ++i)
        ids.insert(f.session.placeOrder(orderArgs(), this, r.handler()));
    ids.insert(other.placeOrder(orderArgs(), this, r.handler())); // another desk
    QCOMPARE(ids.size(), 6);
    // A caller's own clientOrderId is kept.
    BidRequest args = orderArgs();
    args.clientOrderId = u"my-own-1"_s;
    QCOMPARE(f.session.placeOrder(args, this, r.handler()), u"my-own-1"_s);
    QTRY_COMPARE(f.server.requestsFor(u"order.place"_s).size(), 6);
    QCOMPARE(f.server.requestsFor(u"order.place"_s).at(5).args.value(u"clientOrderId"_s),
             QJsonValue(u"my-own-1"_s));
}

void TestClientSession::pingMeasuresLatency()
{
    Fixture f;
    QCOMPARE(f.session.lastLatencyMs(), -1);
    QVERIFY(f.connect());
    QSignalSpy latency(&f.session, &ClientSession::latencyMeasured);
    f.session.setPingInterval(20);
    QVERIFY(latency.wait());
    QVERIFY(latency.at(0).at(0).toInt() >= 0);
    QCOMPARE(f.session.lastLatencyMs(), latency.at(0).at(0).toInt());
    QVERIFY(!f.server.requestsFor(u"ping"_s).isEmpty());
}

void TestClientSession::unansweredPingReconnects()
{
    Fixture f;
    f.server.answerPings = false; // a half-open connection: nothing comes back
    f.session.setRequestTimeout(100);
    f.session.setPingInterval(20);
    QSignalSpy errors(&f.session, &ClientSession::connectionError);
    QVERIFY(f.connect());
    QTRY_VERIFY(f.server.connections() >= 2);
    QVERIFY(!errors.isEmpty());
    QVERIFY(f.waitForState(State::Connected));
}

void TestClientSession::overWebSocket()
{
    QWebSocketServer wsServer(u"scripted"_s, QWebSocketServer::NonSecureMode);
    QVERIFY(wsServer.listen(QHostAddress::LocalHost));
    ScriptedServer server;
    QStringList peers;
    connect(&wsServer, &QWebSocketServer::newConnection, &server, [&] {
        while (QWebSocket *socket = wsServer.nextPendingConnection()) {
            auto *transport = new WebSocketTransport(socket, &server);
            peers << transport->peer();
            QVERIFY(transport->isConnected());
            server.attach(transport);
        }
    });
    const QUrl url(u"ws://127.0.0.1:%1"_s.arg(wsServer.serverPort()));
    ClientSession session;
    session.setReconnectDelays(10, 80);
    session.setPingInterval(0);
    session.setTransportFactory([url] { return new WebSocketTransport(url); });
    session.connectToExchange();
    QTRY_COMPARE(session.state(), State::Connected);
    QCOMPARE(session.serverMode(), u"sandbox"_s);
    QCOMPARE(peers.size(), 1);
    QVERIFY2(peers.at(0).startsWith(u"127.0.0.1:"_s), qPrintable(peers.at(0)));

    Replies r;
    session.request(u"test.echo"_s, {{u"text"_s, u"çok güzel"_s}}, this, r.handler());
    QTRY_COMPARE(server.requestsFor(u"test.echo"_s).size(), 1);
    const auto echo = server.requestsFor(u"test.echo"_s).at(0);
    server.reply(echo, echo.args);
    QTRY_COMPARE(r.frames.size(), 1);
    QCOMPARE(r.frames.at(0).result.value(u"text"_s).toString(), u"çok güzel"_s);

    // The server drops the connection: the session comes back over a new socket.
    server.dropConnection();
    QTRY_COMPARE(server.connections(), 2);
    QTRY_COMPARE(session.state(), State::Connected);
    session.disconnectFromExchange();
    QCOMPARE(session.state(), State::Disconnected);
}

void TestClientSession::webSocketRefusesHugeFrames()
{
    QWebSocketServer wsServer(u"scripted"_s, QWebSocketServer::NonSecureMode);
    QVERIFY(wsServer.listen(QHostAddress::LocalHost));
    QPointer<QWebSocket> serverSocket;
    connect(&wsServer, &QWebSocketServer::newConnection, this,
            [&] { serverSocket = wsServer.nextPendingConnection(); });
    WebSocketTransport client(QUrl(u"ws://127.0.0.1:%1"_s.arg(wsServer.serverPort())));
    QSignalSpy connected(&client, &Transport::connected);
    QSignalSpy received(&client, &Transport::textReceived);
    QSignalSpy disconnected(&client, &Transport::disconnected);
    client.open();
    QVERIFY(connected.wait());
    QTRY_VERIFY(serverSocket);
    // A client takes the server's snapshots up to MaxServerFrameBytes (more than it may send).
    serverSocket->sendTextMessage(QString(Protocol::MaxServerFrameBytes, u'x')); // at the limit
    QVERIFY(received.wait());
    serverSocket->sendTextMessage(QString(Protocol::MaxServerFrameBytes + 1, u'x'));
    QVERIFY(disconnected.wait());
    QCOMPARE(disconnected.at(0).at(0).toInt(), 1009);
    QCOMPARE(received.size(), 1);
    delete serverSocket.data();
}

void TestClientSession::secureWebSocketPinning()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("no TLS backend");
    if (!m_certificateProblem.isEmpty())
        QSKIP(qPrintable(m_certificateProblem));
    const QSslCertificate certificate(m_certificatePem, QSsl::Pem);
    const QSslKey key(m_keyPem, QSsl::Ec, QSsl::Pem);
    QVERIFY(!certificate.isNull());
    QVERIFY(!key.isNull());
    const QByteArray fingerprint = certificate.digest(QCryptographicHash::Sha256).toHex();

    QWebSocketServer wsServer(u"scripted"_s, QWebSocketServer::SecureMode);
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setLocalCertificate(certificate);
    tls.setPrivateKey(key);
    tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    wsServer.setSslConfiguration(tls);
    QVERIFY(wsServer.listen(QHostAddress::LocalHost));
    ScriptedServer server;
    connect(&wsServer, &QWebSocketServer::newConnection, &server, [&] {
        while (QWebSocket *socket = wsServer.nextPendingConnection())
            server.attach(new WebSocketTransport(socket, &server));
    });
    const QUrl url(u"wss://127.0.0.1:%1"_s.arg(wsServer.serverPort()));

    // First use, no pin: the desk is told the fingerprint to show, and does not connect.
    {
        WebSocketTransport client(url);
        QSignalSpy needsTrust(&client, &WebSocketTransport::certificateNeedsTrust);
        QSignalSpy connected(&client, &Transport::connected);
        QSignalSpy errors(&client, &Transport::errorOccurred);
        QSignalSpy disconnected(&client, &Transport::disconnected);
        client.open();
        QVERIFY(disconnected.wait(10'000));
        QCOMPARE(needsTrust.size(), 1);
        QCOMPARE(needsTrust.at(0).at(0).toByteArray(), fingerprint);
        QCOMPARE(client.peerFingerprint(), fingerprint);
        QCOMPARE(connected.size(), 0);
        QCOMPARE(errors.size(), 1);
        QVERIFY(!client.isConnected());
    }
    QCOMPARE(server.connections(), 0);

    // A wrong pin: refused, and not offered for trust either.
    {
        WebSocketTransport client(url);
        QByteArray wrong = fingerprint;
        wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
        client.setPinnedFingerprint(wrong);
        QSignalSpy needsTrust(&client, &WebSocketTransport::certificateNeedsTrust);
        QSignalSpy mismatch(&client, &WebSocketTransport::certificateMismatch);
        QSignalSpy connected(&client, &Transport::connected);
        QSignalSpy errors(&client, &Transport::errorOccurred);
        QSignalSpy disconnected(&client, &Transport::disconnected);
        client.open();
        QVERIFY(disconnected.wait(10'000));
        QCOMPARE(connected.size(), 0);
        QCOMPARE(needsTrust.size(), 0);
        // Both fingerprints, so that the desk can name them in its warning.
        QCOMPARE(mismatch.size(), 1);
        QCOMPARE(mismatch.at(0).at(0).toByteArray(), wrong);
        QCOMPARE(mismatch.at(0).at(1).toByteArray(), fingerprint);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.at(0).at(0).toString().contains(u"certificate fingerprint mismatch"_s),
                 qPrintable(errors.at(0).at(0).toString()));
    }
    QCOMPARE(server.connections(), 0);

    // The right pin (as the user saw it: upper case with colons): a session connects over TLS.
    QByteArray shown;
    for (qsizetype i = 0; i < fingerprint.size(); i += 2)
        shown += (i ? ":" : "") + fingerprint.mid(i, 2).toUpper();
    ClientSession session;
    session.setPingInterval(0);
    session.setReconnectDelays(10, 80);
    QPointer<WebSocketTransport> last;
    session.setTransportFactory([&] {
        auto *t = new WebSocketTransport(url);
        t->setPinnedFingerprint(shown);
        last = t;
        return t;
    });
    session.connectToExchange();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QVERIFY(last);
    QCOMPARE(last->pinnedFingerprint(), fingerprint);
    QCOMPARE(last->peerFingerprint(), fingerprint);
    QCOMPARE(server.connections(), 1);
    QCOMPARE(server.ops(1), QStringList {u"hello"_s});
    session.disconnectFromExchange();
}

QTEST_GUILESS_MAIN(TestClientSession)
#include "tst_clientsession.moc"
