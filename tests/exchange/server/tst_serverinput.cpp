// Bad input over a real TLS WebSocket: each gets a clear error or a closed connection, never a
// crash and never a change of state.

#include "fixtures/serverfixture.h"

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
    void tooManySubscriptions();
    void failedLoginsAreThrottled();
    void logoutRevokesTheToken();
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
                             QStringLiteral("ssh"), 300})
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

void TestServerInput::failedLoginsAreThrottled()
{
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    const QJsonObject wrong {{QStringLiteral("email"), QStringLiteral("c@x.io")},
                             {QStringLiteral("password"), QStringLiteral("guess guess")}};
    for (int i = 0; i < 5; ++i)
        QCOMPARE(RawClient::errorCode(client.call(QStringLiteral("auth.login"), wrong)),
                 QStringLiteral("authentication_failed"));
    // The sixth try is refused even with the right password: the throttle is per email.
    const QJsonObject right {{QStringLiteral("email"), QStringLiteral("C@X.io")},
                             {QStringLiteral("password"), QStringLiteral("correct horse")}};
    QCOMPARE(RawClient::errorCode(client.call(QStringLiteral("auth.login"), right)),
             QStringLiteral("rate_limited"));
    // Another account from the same peer is not locked out by it.
    QVERIFY(RawClient::errorCode(
                client.call(QStringLiteral("auth.login"),
                            {{QStringLiteral("email"), QStringLiteral("p@x.io")},
                             {QStringLiteral("password"), QStringLiteral("correct horse")}}))
                .isEmpty());
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

QTEST_GUILESS_MAIN(TestServerInput)
#include "tst_serverinput.moc"
