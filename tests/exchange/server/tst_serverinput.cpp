// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Bad input over a real TLS WebSocket: each gets a clear error or a closed connection, never a
// crash and never a change of state.

#include "fixtures/serverfixture.h"

#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QElapsedTimer>

using namespace Qt::StringLiterals;
using namespace everx;
using namespace everx::test;

class TestServerInput : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ServerFixture> f;
    qint64 customer = 0;
    qint64 provider = 0;

private slots:
    void init();
    void cleanup();
    void badFrames_data();
    void badFrames();
    void badArguments_data();
    void badArguments();
    void oversizedFrameClosesTheConnection();
    void floodIsLimitedThenClosed();
    void requestRateIsTheOperators();
    void tooManySubscriptions();
    void failedSignInsSlowGuessesButNeverLockOut();
    void failedSignInsCountPerAddressNotPort();
    void successfulSignInsAreRateLimitedPerAddress();
    void hashingRunsOffTheExchangeThread();
    void aFullHashingPoolRefuses();
    void idleTokensExpireOnEveryRequest();
    void expiredSessionsAndThrottleEntriesArePruned();
    void logoutRevokesTheToken();
    void signingInAgainLeavesTheEarlierAccountsChannel();
};

void TestServerInput::init()
{
    f = std::make_unique<ServerFixture>();
    customer = f->account(QStringLiteral("c@x.io"), Role::Customer);
    provider = f->account(QStringLiteral("p@x.io"), Role::Provider);
    QVERIFY(f->service->engine().topUp(customer, Currency::USD, 50'000).ok());
    QVERIFY(f->service->engine()
                .addListing(provider,
                            {QStringLiteral("h100-sxm"), 4, QStringLiteral("eu"),
                             QStringLiteral("ssh h"), 300})
                .ok());
}

void TestServerInput::cleanup()
{
    // The server survived whatever the test sent: a new client is served as usual.
    RawClient fresh(*f);
    QVERIFY(fresh.waitConnected());
    QCOMPARE(RawClient::result(fresh.call(QStringLiteral("ping"))).contains(QStringLiteral("time")),
             true);
    QVERIFY(f->service->engine().checkInvariants().isEmpty());
    f.reset();
}

void TestServerInput::badFrames_data()
{
    QTest::addColumn<QString>("frame");
    QTest::addColumn<QString>("code");
    QTest::newRow("not json") << "{this is not json"
                              << "malformed";
    QTest::newRow("empty") << ""
                           << "malformed";
    QTest::newRow("array") << "[1,2,3]"
                           << "malformed";
    QTest::newRow("string") << "\"hello\""
                            << "malformed";
    QTest::newRow("no version") << R"({"id":1,"op":"ping"})"
                                << "malformed";
    QTest::newRow("version 2") << R"({"v":2,"id":1,"op":"ping"})"
                               << "unsupported_version";
    QTest::newRow("no id") << R"({"v":1,"op":"ping"})"
                           << "malformed";
    QTest::newRow("negative id") << R"({"v":1,"id":-4,"op":"ping"})"
                                 << "malformed";
    QTest::newRow("fractional id") << R"({"v":1,"id":1.5,"op":"ping"})"
                                   << "malformed";
    QTest::newRow("string id") << R"({"v":1,"id":"1","op":"ping"})"
                               << "malformed";
    QTest::newRow("no op") << R"({"v":1,"id":1})"
                           << "malformed";
    QTest::newRow("op not a string") << R"({"v":1,"id":1,"op":7})"
                                     << "malformed";
    QTest::newRow("args not an object") << R"({"v":1,"id":1,"op":"ping","args":[1]})"
                                        << "malformed";
    QTest::newRow("unknown op") << R"({"v":1,"id":1,"op":"market.crash"})"
                                << "unknown_operation";
    QTest::newRow("a reply from the client") << R"({"v":1,"id":1,"result":{}})"
                                             << "malformed";
    QTest::newRow("deep nesting") << QString(5000, u'[') + QString(5000, u']') << "malformed";
}

void TestServerInput::badFrames()
{
    QFETCH(QString, frame);
    QFETCH(QString, code);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(QStringLiteral("c@x.io")));
    const QString before = stateFingerprint(f->service->engine());
    const QJsonObject reply = client.sendRaw(frame);
    QCOMPARE(RawClient::errorCode(reply), code);
    QVERIFY(!reply.value(QStringLiteral("error"))
                 .toObject()
                 .value(QStringLiteral("message"))
                 .toString()
                 .isEmpty());
    QCOMPARE(stateFingerprint(f->service->engine()), before);
    // The connection stays usable.
    QVERIFY(
        RawClient::result(client.call(QStringLiteral("ping"))).contains(QStringLiteral("time")));
}

void TestServerInput::badArguments_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("args");
    QTest::addColumn<QString>("code");
    const QString place = QStringLiteral(
        R"({"clientOrderId":"k1","gpu":"h100-sxm","kind":"buy_now","gpus":%1,"hours":%2,"price":%3})");
    QTest::newRow("gpus as string")
        << "order.place"
        << place.arg(QStringLiteral("\"2\""), QStringLiteral("1"), QStringLiteral("\"3.00\""))
        << "invalid_argument";
    QTest::newRow("gpus fractional")
        << "order.place"
        << place.arg(QStringLiteral("1.5"), QStringLiteral("1"), QStringLiteral("\"3.00\""))
        << "invalid_argument";
    QTest::newRow("gpus negative")
        << "order.place"
        << place.arg(QStringLiteral("-2"), QStringLiteral("1"), QStringLiteral("\"3.00\""))
        << "invalid_argument";
    QTest::newRow("gpus absurd") << "order.place"
                                 << place.arg(QStringLiteral("9007199254740993"),
                                              QStringLiteral("1"), QStringLiteral("\"3.00\""))
                                 << "invalid_argument";
    QTest::newRow("gpus 1e300") << "order.place"
                                << place.arg(QStringLiteral("1e300"), QStringLiteral("1"),
                                             QStringLiteral("\"3.00\""))
                                << "invalid_argument";
    QTest::newRow("hours zero") << "order.place"
                                << place.arg(QStringLiteral("1"), QStringLiteral("0"),
                                             QStringLiteral("\"3.00\""))
                                << "invalid_argument";
    QTest::newRow("price as number")
        << "order.place"
        << place.arg(QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("3.00"))
        << "invalid_argument";
    QTest::newRow("price off the cent grid")
        << "order.place"
        << place.arg(QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("\"3.001\""))
        << "invalid_argument";
    QTest::newRow("price absurd") << "order.place"
                                  << place.arg(QStringLiteral("1"), QStringLiteral("1"),
                                               QStringLiteral("\"99999999999.00\""))
                                  << "invalid_argument";
    QTest::newRow("price negative")
        << "order.place"
        << place.arg(QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("\"-3.00\""))
        << "invalid_argument";
    QTest::newRow("price text") << "order.place"
                                << place.arg(QStringLiteral("1"), QStringLiteral("1"),
                                             QStringLiteral("\"cheap\""))
                                << "invalid_argument";
    QTest::newRow("unknown kind")
        << "order.place"
        << QStringLiteral(
               R"({"clientOrderId":"k","gpu":"h100-sxm","kind":"market","gpus":1,"hours":1,"price":"3.00"})")
        << "invalid_argument";
    QTest::newRow("unknown gpu")
        << "order.place"
        << QStringLiteral(
               R"({"clientOrderId":"k","gpu":"h900","kind":"limit","gpus":1,"hours":1,"price":"3.00"})")
        << "unknown_gpu";
    QTest::newRow("missing clientOrderId")
        << "order.place"
        << QStringLiteral(R"({"gpu":"h100-sxm","kind":"limit","gpus":1,"hours":1,"price":"3.00"})")
        << "invalid_argument";
    QTest::newRow("huge clientOrderId")
        << "order.place"
        << QStringLiteral(
               R"({"clientOrderId":"%1","gpu":"h100-sxm","kind":"limit","gpus":1,"hours":1,"price":"3.00"})")
               .arg(QString(500, u'x'))
        << "invalid_argument";
    QTest::newRow("insufficient funds")
        << "order.place"
        << place.arg(QStringLiteral("1000"), QStringLiteral("700"), QStringLiteral("\"900.00\""))
        << "insufficient_funds";
    QTest::newRow("cancel id text") << "order.cancel"
                                    << R"({"orderId":"abc"})"
                                    << "invalid_argument";
    QTest::newRow("cancel id zero") << "order.cancel"
                                    << R"({"orderId":0})"
                                    << "invalid_argument";
    QTest::newRow("cancel unknown") << "order.cancel"
                                    << R"({"orderId":424242})"
                                    << "unknown_order";
    QTest::newRow("top-up currency") << "wallet.topup"
                                     << R"({"currency":"BTC","amount":"1.00"})"
                                     << "invalid_argument";
    QTest::newRow("top-up negative") << "wallet.topup"
                                     << R"({"currency":"EUR","amount":"-5.00"})"
                                     << "invalid_argument";
    QTest::newRow("top-up as number") << "wallet.topup"
                                      << R"({"currency":"EUR","amount":5})"
                                      << "invalid_argument";
    QTest::newRow("ledger limit absurd") << "wallet.ledger"
                                         << R"({"limit":100000})"
                                         << "invalid_argument";
    QTest::newRow("subscribe unknown") << "subscribe"
                                       << R"({"channel":"book.h900"})"
                                       << "unknown_channel";
    QTest::newRow("subscribe bad interval") << "subscribe"
                                            << R"({"channel":"candles.h200.7m"})"
                                            << "unknown_channel";
    QTest::newRow("login wrong types") << "auth.login"
                                       << R"({"email":5,"password":true})"
                                       << "invalid_argument";
    QTest::newRow("resume unknown token") << "auth.resume"
                                          << R"({"token":"forged"})"
                                          << "authentication_failed";
}

void TestServerInput::badArguments()
{
    QFETCH(QString, op);
    QFETCH(QString, args);
    QFETCH(QString, code);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(QStringLiteral("c@x.io")));
    const QString before = stateFingerprint(f->service->engine());
    const QJsonObject reply = client.call(op, QJsonDocument::fromJson(args.toUtf8()).object());
    QCOMPARE(RawClient::errorCode(reply), code);
    QCOMPARE(stateFingerprint(f->service->engine()), before);
}

void TestServerInput::oversizedFrameClosesTheConnection()
{
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    const QString before = stateFingerprint(f->service->engine());
    const QString big = QStringLiteral(R"({"v":1,"id":1,"op":"ping","args":{"pad":"%1"}})")
                            .arg(QString(70'000, u'x'));
    client.socket.sendTextMessage(big);
    QTRY_VERIFY_WITH_TIMEOUT(client.closeCode != -1, 5000);
    QCOMPARE(client.closeCode, 1009);
    QCOMPARE(stateFingerprint(f->service->engine()), before);
}

void TestServerInput::floodIsLimitedThenClosed()
{
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    // Far beyond the 100-request burst at once: the overflow is refused with rate_limited, and
    // past five times the rate the connection is closed.
    for (int i = 1; i <= 400; ++i)
        client.socket.sendTextMessage(Protocol::encodeRequest(i, QStringLiteral("ping")));
    client.socket.flush();
    QTRY_VERIFY_WITH_TIMEOUT(client.closeCode != -1, 10'000);
    QCOMPARE(client.closeCode, 1008);
    int limited = 0, answered = 0;
    for (const QJsonObject &r : std::as_const(client.replies))
        (RawClient::errorCode(r) == u"rate_limited" ? limited : answered)++;
    QVERIFY2(answered >= 90 && answered <= 110, qPrintable(QString::number(answered)));
    QVERIFY(limited > 0);
}

// An operator's --request-rate moves the burst (twice the rate) and the flood threshold (five
// times): at 200 a second, 400 requests at once are all answered and the connection stays.
void TestServerInput::requestRateIsTheOperators()
{
    f = std::make_unique<ServerFixture>(
        true, [](ExchangeService::Options &o, auto &) { o.requestsPerSecond = 200; });
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    for (int i = 1; i <= 400; ++i)
        client.socket.sendTextMessage(Protocol::encodeRequest(i, QStringLiteral("ping")));
    client.socket.flush();
    QTRY_COMPARE_WITH_TIMEOUT(client.replies.size(), 400, 10'000);
    int limited = 0;
    for (const QJsonObject &r : std::as_const(client.replies))
        limited += RawClient::errorCode(r) == u"rate_limited";
    QCOMPARE(limited, 0);
    QCOMPARE(client.closeCode, -1);
}

void TestServerInput::tooManySubscriptions()
{
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    int ok = 0;
    QString last;
    for (const GpuModel &g : f->service->engine().catalog().gpus()) {
        for (const QString &name :
             {QStringLiteral("book.") + g.id, QStringLiteral("trades.") + g.id,
              QStringLiteral("candles.%1.1h").arg(g.id), QStringLiteral("candles.%1.1d").arg(g.id),
              QStringLiteral("candles.%1.5m").arg(g.id)}) {
            const QJsonObject reply =
                client.call(QStringLiteral("subscribe"), {{QStringLiteral("channel"), name}});
            if (RawClient::errorCode(reply).isEmpty())
                ++ok;
            else
                last = RawClient::errorCode(reply);
            QTest::qWait(25); // stay under the request rate
        }
    }
    QCOMPARE(ok, Protocol::MaxSubscriptions);
    QCOMPARE(last, QStringLiteral("too_many_subscriptions"));
}

namespace {

QJsonObject credentials(const QString &email, const QString &password)
{
    return {{QStringLiteral("email"), email}, {QStringLiteral("password"), password}};
}

const QString Right = QStringLiteral("correct horse");
const QString Wrong = QStringLiteral("guess guess");

} // namespace

// Failures of one email past the free ones delay its next attempt, doubling up to a cap: the
// attempt is held and answered late, never refused, and the right password gets in.
void TestServerInput::failedSignInsSlowGuessesButNeverLockOut()
{
    f = std::make_unique<ServerFixture>(true, [](ExchangeService::Options &o, auto &) {
        o.signInFreeFailures = 2;
        // Delays well above what a reply takes to come back, even under the sanitizers (27 ms
        // once): the client's clock starts after the failure the server counts from.
        o.signInFirstDelayMs = 300;
        o.signInMaxDelayMs = 1'200;
    });
    customer = f->account(QStringLiteral("c@x.io"), Role::Customer);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    QElapsedTimer timer;
    QList<qint64> took;
    for (int i = 0; i < 7; ++i) {
        timer.start();
        QCOMPARE(RawClient::errorCode(
                     client.call(QStringLiteral("auth.login"), credentials(u"c@x.io"_s, Wrong))),
                 QStringLiteral("authentication_failed"));
        took.append(timer.elapsed());
    }
    // The first three go straight to the hash; then 300, 600, 1,200, 1,200 ms after a failure.
    // "Straight" is under the first delay: what a reply takes on a busy machine is no measure.
    QVERIFY2(took[1] < 300, qPrintable(QString::number(took[1])));
    QVERIFY2(took[3] >= 200, qPrintable(QString::number(took[3])));
    QVERIFY2(took[5] >= 1'000, qPrintable(QString::number(took[5])));
    // Another connection does not start afresh: the delay is the email's, counted from its last
    // failure (not from the new connection's handshake, which may take much of it when slow).
    QElapsedTimer sinceLastFailure;
    sinceLastFailure.start();
    RawClient other(*f);
    QVERIFY(other.waitConnected());
    const QJsonObject login =
        other.call(QStringLiteral("auth.login"), credentials(u"C@X.io"_s, Right));
    QVERIFY2(RawClient::errorCode(login).isEmpty(), qPrintable(RawClient::errorCode(login)));
    QVERIFY2(sinceLastFailure.elapsed() >= 1'000,
             qPrintable(QString::number(sinceLastFailure.elapsed())));
    QVERIFY(sinceLastFailure.elapsed() < 5'000);
    // A success clears the email's failures.
    timer.start();
    QVERIFY(RawClient::errorCode(
                client.call(QStringLiteral("auth.login"), credentials(u"c@x.io"_s, Wrong)))
            == QStringLiteral("authentication_failed"));
    QVERIFY2(timer.elapsed() < 300, qPrintable(QString::number(timer.elapsed())));
}

// Failures from one address count together whatever the port (a new connection is no fresh
// start); past the limit the address is refused, also with a right password.
void TestServerInput::failedSignInsCountPerAddressNotPort()
{
    f = std::make_unique<ServerFixture>(
        true, [](ExchangeService::Options &o, auto &) { o.signInFailuresPerAddress = 3; });
    customer = f->account(QStringLiteral("c@x.io"), Role::Customer);
    for (int i = 0; i < 3; ++i) {
        RawClient client(*f);
        QVERIFY(client.waitConnected());
        QCOMPARE(RawClient::errorCode(
                     client.call(QStringLiteral("auth.login"),
                                 credentials(QStringLiteral("nobody%1@x.io").arg(i), Wrong))),
                 QStringLiteral("authentication_failed"));
    }
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    QCOMPARE(RawClient::errorCode(
                 client.call(QStringLiteral("auth.login"), credentials(u"c@x.io"_s, Right))),
             QStringLiteral("rate_limited"));
}

void TestServerInput::successfulSignInsAreRateLimitedPerAddress()
{
    f = std::make_unique<ServerFixture>(
        true, [](ExchangeService::Options &o, auto &) { o.signInsPerAddressPerMinute = 3; });
    customer = f->account(QStringLiteral("c@x.io"), Role::Customer);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    for (int i = 0; i < 3; ++i)
        QVERIFY(client.login(u"c@x.io"_s));
    QCOMPARE(RawClient::errorCode(
                 client.call(QStringLiteral("auth.login"), credentials(u"c@x.io"_s, Right))),
             QStringLiteral("rate_limited"));
}

// Sign-ins sent at once with a costly hash: another connection's ping is answered before they
// are, because the hashes run on the pool, not on the exchange thread.
void TestServerInput::hashingRunsOffTheExchangeThread()
{
    f = std::make_unique<ServerFixture>(true, [](ExchangeService::Options &o, auto &) {
        o.engine.passwordLog2N = 14; // some 16 MiB and tens of ms a hash
        o.hashing.threads = 1;
        o.hashing.maxQueued = 16;
    });
    customer = f->account(QStringLiteral("c@x.io"), Role::Customer);
    RawClient attacker(*f), watcher(*f);
    QVERIFY(attacker.waitConnected());
    QVERIFY(watcher.waitConnected());
    const int count = 8;
    for (int i = 0; i < count; ++i)
        attacker.socket.sendTextMessage(Protocol::encodeRequest(
            i + 1, Op::AuthLogin, credentials(u"c@x.io"_s, Wrong + QString::number(i))));
    attacker.socket.flush();
    QTest::qWait(5); // the burst is at the server first
    const QJsonObject pong = watcher.call(QStringLiteral("ping"));
    QVERIFY(RawClient::result(pong).contains(QStringLiteral("time")));
    const qsizetype answeredBeforePing = attacker.replies.size();
    QTRY_COMPARE_WITH_TIMEOUT(attacker.replies.size(), count, 30'000);
    QVERIFY2(answeredBeforePing < count, qPrintable(QString::number(answeredBeforePing)));
    for (const QJsonObject &reply : std::as_const(attacker.replies))
        QCOMPARE(RawClient::errorCode(reply), QStringLiteral("authentication_failed"));
}

// Beyond the pool's threads and queue a sign-in is refused at once, not queued without end.
void TestServerInput::aFullHashingPoolRefuses()
{
    f = std::make_unique<ServerFixture>(true, [](ExchangeService::Options &o, auto &) {
        o.engine.passwordLog2N = 14;
        o.hashing.threads = 1;
        o.hashing.maxQueued = 1;
    });
    customer = f->account(QStringLiteral("c@x.io"), Role::Customer);
    RawClient attacker(*f);
    QVERIFY(attacker.waitConnected());
    const int count = 10;
    for (int i = 0; i < count; ++i)
        attacker.socket.sendTextMessage(Protocol::encodeRequest(
            i + 1, Op::AuthLogin, credentials(u"c@x.io"_s, Wrong + QString::number(i))));
    QTRY_COMPARE_WITH_TIMEOUT(attacker.replies.size(), count, 30'000);
    int refused = 0, verified = 0;
    for (const QJsonObject &reply : std::as_const(attacker.replies)) {
        const QString code = RawClient::errorCode(reply);
        refused += code == u"rate_limited";
        verified += code == u"authentication_failed";
    }
    QCOMPARE(refused + verified, count);
    QVERIFY(refused > 0);
    QVERIFY(verified >= 2);
    QCOMPARE(f->service->pendingSignIns(), 0);
}

void TestServerInput::idleTokensExpireOnEveryRequest()
{
    f = std::make_unique<ServerFixture>(true, [](ExchangeService::Options &o, auto &) {
        o.tokenIdleMs = 300;
        o.pruneIntervalMs = 3'600'000; // the request itself must notice
    });
    customer = f->account(QStringLiteral("c@x.io"), Role::Customer);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(u"c@x.io"_s));
    QTest::qWait(100);
    QVERIFY(RawClient::errorCode(client.call(QStringLiteral("account.get"))).isEmpty());
    QTest::qWait(100); // used 100 ms ago: still alive
    QVERIFY(RawClient::errorCode(client.call(QStringLiteral("account.get"))).isEmpty());
    QTest::qWait(450);
    QCOMPARE(RawClient::errorCode(client.call(QStringLiteral("account.get"))),
             QStringLiteral("unauthenticated"));
    QCOMPARE(f->service->sessionCount(), 0);
}

void TestServerInput::expiredSessionsAndThrottleEntriesArePruned()
{
    f = std::make_unique<ServerFixture>(true, [](ExchangeService::Options &o, auto &) {
        o.tokenIdleMs = 200;
        o.signInWindowMs = 200;
        o.pruneIntervalMs = 50;
    });
    customer = f->account(QStringLiteral("c@x.io"), Role::Customer);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(u"c@x.io"_s));
    QCOMPARE(RawClient::errorCode(
                 client.call(QStringLiteral("auth.login"), credentials(u"x@x.io"_s, Wrong))),
             QStringLiteral("authentication_failed"));
    QCOMPARE(f->service->sessionCount(), 1);
    QCOMPARE(f->service->throttleEntryCount(), 3);
    // Nobody asks anything: the timer alone drops them.
    QTRY_COMPARE_WITH_TIMEOUT(f->service->sessionCount(), 0, 5'000);
    // The email's and the address's failures go; the address's successful sign-in is counted for
    // a minute (the rate of sign-ins per address).
    QTRY_COMPARE_WITH_TIMEOUT(f->service->throttleEntryCount(), 1, 5'000);
}

void TestServerInput::logoutRevokesTheToken()
{
    RawClient first(*f);
    QVERIFY(first.waitConnected());
    const QJsonObject login = RawClient::result(
        first.call(QStringLiteral("auth.login"),
                   {{QStringLiteral("email"), QStringLiteral("c@x.io")},
                    {QStringLiteral("password"), QStringLiteral("correct horse")}}));
    const QString token = login.value(QStringLiteral("token")).toString();
    QVERIFY(token.size() >= 40);
    // The token resumes the session on another connection...
    RawClient second(*f);
    QVERIFY(second.waitConnected());
    QCOMPARE(RawClient::result(
                 second.call(QStringLiteral("auth.resume"), {{QStringLiteral("token"), token}}))
                 .value(QStringLiteral("account"))
                 .toObject()
                 .value(QStringLiteral("email"))
                 .toString(),
             QStringLiteral("c@x.io"));
    // ...until it is logged out: then it opens nothing, anywhere.
    QVERIFY(RawClient::errorCode(first.call(QStringLiteral("auth.logout"))).isEmpty());
    QCOMPARE(RawClient::errorCode(first.call(QStringLiteral("account.get"))),
             QStringLiteral("unauthenticated"));
    QCOMPARE(RawClient::errorCode(second.call(QStringLiteral("account.get"))),
             QStringLiteral("unauthenticated"));
    RawClient third(*f);
    QVERIFY(third.waitConnected());
    QCOMPARE(RawClient::errorCode(
                 third.call(QStringLiteral("auth.resume"), {{QStringLiteral("token"), token}})),
             QStringLiteral("authentication_failed"));
}

void TestServerInput::signingInAgainLeavesTheEarlierAccountsChannel()
{
    // One connection follows c@x.io's account, then signs in as d@x.io (the sandbox's Account
    // menu does this): c's later events must not reach it.
    QVERIFY(f->account(u"d@x.io"_s, Role::Customer) > 0);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(u"c@x.io"_s));
    QVERIFY(
        !RawClient::result(client.call(u"subscribe"_s, {{u"channel"_s, u"account"_s}})).isEmpty());
    QVERIFY(client.login(u"d@x.io"_s));
    const qsizetype seen = client.pushes.size();

    RawClient other(*f);
    QVERIFY(other.waitConnected());
    QVERIFY(other.login(u"c@x.io"_s));
    QVERIFY(
        !RawClient::result(other.call(u"subscribe"_s, {{u"channel"_s, u"account"_s}})).isEmpty());
    QVERIFY(RawClient::errorCode(
                other.call(u"wallet.topup"_s, Wire::toJson(TopUpRequest {Currency::EUR, 10'000})))
                .isEmpty());
    QVERIFY(!other.waitPush(u"account"_s, u"event"_s).isEmpty());
    // The event has gone out to c's subscribers; a ping's reply proves the first connection has
    // read everything sent before it.
    QVERIFY(RawClient::errorCode(client.call(u"ping"_s)).isEmpty());
    QCOMPARE(client.pushes.size(), seen);
}

QTEST_GUILESS_MAIN(TestServerInput)
#include "tst_serverinput.moc"
