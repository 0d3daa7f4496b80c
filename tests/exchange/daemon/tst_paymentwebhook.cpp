// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// PaymentWebhook over real HTTP: a QNetworkAccessManager POSTs to /payments/confirm on the admin
// listener of a real server (AdminServer, free loopback port). A bad or missing signature, a
// timestamp outside the window, a wrong amount or currency, an unknown reference and a body
// that does not read are refused with a 4xx and change nothing; a good confirmation credits the
// top-up once, and sending it again answers the same and credits nothing. Without a payment
// secret the route is not there. sign() is HMAC-SHA256 over timestamp "." body.

#include "fixtures/serverfixture.h"

#include "daemon/adminserver.h"
#include "server/paymentwebhook.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonDocument>
#include <QtCore/QMessageAuthenticationCode>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

struct HttpReply
{
    int status = 0;
    QJsonObject body;
};

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

class TestPaymentWebhook : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ServerFixture> m_fixture;
    std::unique_ptr<AdminServer> m_admin;
    QNetworkAccessManager m_http;
    qint64 m_customer = 0;

    // POSTs body with the given headers (none when empty).
    HttpReply post(const QByteArray &body, const QByteArray &timestamp, const QByteArray &signature)
    {
        QNetworkRequest request(
            QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_admin->port()).arg(PaymentWebhook::Path)));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        if (!timestamp.isEmpty())
            request.setRawHeader(QByteArray(PaymentWebhook::TimestampHeader.data()), timestamp);
        if (!signature.isEmpty())
            request.setRawHeader(QByteArray(PaymentWebhook::SignatureHeader.data()), signature);
        QNetworkReply *reply = m_http.post(request, body);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        if (!reply->isFinished())
            finished.wait(10'000);
        HttpReply out;
        out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        out.body = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return out;
    }

    // A correctly signed confirmation, now.
    HttpReply confirm(const QByteArray &body, qint64 skewS = 0,
                      const QByteArray &secret = TestPaymentSecret)
    {
        const QByteArray ts = QByteArray::number(QDateTime::currentSecsSinceEpoch() + skewS);
        return post(body, ts, PaymentWebhook::sign(secret, ts, body));
    }

    Payment pending(Currency currency = Currency::EUR, qint64 amount = 10'000)
    {
        const Result<Payment> p =
            m_fixture->service->engine().requestTopUp(m_customer, currency, amount);
        return p ? *p : Payment();
    }

    Cents available() { return m_fixture->service->engine().balance(m_customer).available; }

private slots:
    void init();
    void cleanup();
    void signIsHmacSha256();
    void goodConfirmationCreditsOnce();
    void refusedConfirmationsChangeNothing_data();
    void refusedConfirmationsChangeNothing();
    void expiredPaymentIsRefused();
    void topUpOverTheWireWaitsForTheWebhook();
    void noSecretNoRoute();
};

void TestPaymentWebhook::init()
{
    m_fixture = std::make_unique<ServerFixture>(false);
    QVERIFY(m_fixture->service->isOpen());
    QVERIFY(m_fixture->service->paymentsEnabled());
    m_admin = std::make_unique<AdminServer>(*m_fixture->service, u"1.0"_s);
    AdminServer::Options o;
    o.port = 0;
    QString error;
    QVERIFY2(m_admin->listen(o, &error), qPrintable(error));
    m_customer = m_fixture->account(u"payer@example.com"_s, Role::Customer);
    QVERIFY(m_customer);
}

void TestPaymentWebhook::cleanup()
{
    m_admin.reset();
    m_fixture.reset();
}

void TestPaymentWebhook::signIsHmacSha256()
{
    // Against Qt's own HMAC (an independent implementation), over timestamp "." body.
    const QByteArray secret = "Jefe-and-enough-bytes-for-a-real-secret";
    const QByteArray ts = "1795996800";
    const QByteArray body = R"({"reference":"pay_x","currency":"EUR","amount":"1.00"})";
    const QByteArray expected =
        QMessageAuthenticationCode::hash(ts + '.' + body, secret, QCryptographicHash::Sha256)
            .toHex();
    QCOMPARE(PaymentWebhook::sign(secret, ts, body), "sha256=" + expected);
    // A different secret, timestamp or body gives another signature.
    QVERIFY(PaymentWebhook::sign(secret + 'x', ts, body) != PaymentWebhook::sign(secret, ts, body));
    QVERIFY(PaymentWebhook::sign(secret, ts + '0', body) != PaymentWebhook::sign(secret, ts, body));
}

void TestPaymentWebhook::goodConfirmationCreditsOnce()
{
    const Payment p = pending(Currency::EUR, 10'000);
    QVERIFY(!p.reference.isEmpty());
    QCOMPARE(available(), 0);
    const QByteArray body =
        compact(Wire::toJson(PaymentConfirmation {p.reference, Currency::EUR, 10'000}));

    const HttpReply first = confirm(body);
    QCOMPARE(first.status, 200);
    QCOMPARE(first.body.value(u"duplicate"_s).toBool(true), false);
    const std::optional<Payment> credited = Wire::unwrap<Payment>(first.body);
    QVERIFY(credited);
    QCOMPARE(credited->reference, p.reference);
    QCOMPARE(credited->state, PaymentState::Credited);
    QCOMPARE(available(), p.creditedCents);

    // The processor retries (a lost answer): the same answer, credited once. Also re-signed.
    const HttpReply again = confirm(body);
    QCOMPARE(again.status, 200);
    QCOMPARE(again.body.value(u"duplicate"_s).toBool(), true);
    QCOMPARE(Wire::unwrap<Payment>(again.body)->state, PaymentState::Credited);
    const HttpReply later = confirm(body, 30);
    QCOMPARE(later.status, 200);
    QCOMPARE(available(), p.creditedCents);
    QCOMPARE(m_fixture->service->engine().database().entries(m_customer).size(), 1);
}

void TestPaymentWebhook::refusedConfirmationsChangeNothing_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<int>("status");
    QTest::newRow("no signature") << u"no signature"_s << 401;
    QTest::newRow("no timestamp") << u"no timestamp"_s << 401;
    QTest::newRow("wrong secret") << u"wrong secret"_s << 401;
    QTest::newRow("signature of another body") << u"other body"_s << 401;
    QTest::newRow("signature of another time") << u"other time"_s << 401;
    QTest::newRow("timestamp 6 min old") << u"old"_s << 401;
    QTest::newRow("timestamp 6 min ahead") << u"ahead"_s << 401;
    QTest::newRow("timestamp not digits") << u"not digits"_s << 401;
    QTest::newRow("wrong amount") << u"amount"_s << 409;
    QTest::newRow("wrong currency") << u"currency"_s << 409;
    QTest::newRow("unknown reference") << u"reference"_s << 404;
    QTest::newRow("body not JSON") << u"not json"_s << 400;
    QTest::newRow("amount as a number") << u"number"_s << 400;
}

void TestPaymentWebhook::refusedConfirmationsChangeNothing()
{
    QFETCH(QString, fault);
    QFETCH(int, status);
    const Payment p = pending(Currency::EUR, 10'000);
    const QByteArray good =
        compact(Wire::toJson(PaymentConfirmation {p.reference, Currency::EUR, 10'000}));
    const QByteArray now = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    const qint64 window = MarketRules::WebhookWindowS;

    HttpReply reply;
    if (fault == u"no signature") {
        reply = post(good, now, {});
    } else if (fault == u"no timestamp") {
        reply = post(good, {}, PaymentWebhook::sign(TestPaymentSecret, {}, good));
    } else if (fault == u"wrong secret") {
        reply = confirm(good, 0, "another-secret-of-enough-length-0123456789");
    } else if (fault == u"other body") {
        const QByteArray other =
            compact(Wire::toJson(PaymentConfirmation {p.reference, Currency::EUR, 1'000'000}));
        reply = post(other, now, PaymentWebhook::sign(TestPaymentSecret, now, good));
    } else if (fault == u"other time") {
        reply = post(good, QByteArray::number(now.toLongLong() + 1),
                     PaymentWebhook::sign(TestPaymentSecret, now, good));
    } else if (fault == u"old") {
        reply = confirm(good, -(window + 60));
    } else if (fault == u"ahead") {
        reply = confirm(good, window + 60);
    } else if (fault == u"not digits") {
        const QByteArray ts = " " + now;
        reply = post(good, ts, PaymentWebhook::sign(TestPaymentSecret, ts, good));
    } else if (fault == u"amount") {
        reply = confirm(
            compact(Wire::toJson(PaymentConfirmation {p.reference, Currency::EUR, 100'000})));
    } else if (fault == u"currency") {
        reply = confirm(
            compact(Wire::toJson(PaymentConfirmation {p.reference, Currency::GBP, 10'000})));
    } else if (fault == u"reference") {
        reply = confirm(
            compact(Wire::toJson(PaymentConfirmation {u"pay_nothing"_s, Currency::EUR, 10'000})));
    } else if (fault == u"not json") {
        reply = confirm("reference=" + p.reference.toUtf8());
    } else if (fault == u"number") {
        QJsonObject o = Wire::toJson(PaymentConfirmation {p.reference, Currency::EUR, 10'000});
        o.insert(u"amount"_s, 100.0);
        reply = confirm(compact(o));
    }
    QCOMPARE(reply.status, status);
    QVERIFY(!reply.body.value(u"error"_s).toString().isEmpty());
    QCOMPARE(available(), 0);
    QCOMPARE(m_fixture->service->engine().pendingTopUps(m_customer).size(), 1);
    QVERIFY(m_fixture->service->engine().database().entries(m_customer).isEmpty());

    // The right confirmation still goes through.
    QCOMPARE(confirm(good).status, 200);
    QCOMPARE(available(), p.creditedCents);
}

void TestPaymentWebhook::expiredPaymentIsRefused()
{
    const Payment p = pending(Currency::USD, 500);
    m_fixture->clock.set(p.expiresMs);
    m_fixture->service->publishChanges(); // the tick: the expiry runs
    QVERIFY(m_fixture->service->engine().pendingTopUps(m_customer).isEmpty());
    const HttpReply reply =
        confirm(compact(Wire::toJson(PaymentConfirmation {p.reference, Currency::USD, 500})));
    // Accepted, not credited: late, for support to credit or refund (tst_latepayments).
    QCOMPARE(reply.status, 202);
    QCOMPARE(reply.body.value(u"payment"_s).toObject().value(u"state"_s).toString(), u"late"_s);
    QCOMPARE(available(), 0);
}

void TestPaymentWebhook::topUpOverTheWireWaitsForTheWebhook()
{
    // wallet.topup over a real WebSocket: a pending payment, nothing credited; the webhook
    // credits it and the account channel says so (payment event, topup_credited notification).
    RawClient client(*m_fixture);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(u"payer@example.com"_s));
    QVERIFY(
        !RawClient::result(client.call(u"subscribe"_s, {{u"channel"_s, u"account"_s}})).isEmpty());
    const QJsonObject reply =
        client.call(u"wallet.topup"_s, Wire::toJson(TopUpRequest {Currency::EUR, 10'000}));
    const std::optional<Payment> p = Wire::unwrap<Payment>(RawClient::result(reply));
    QVERIFY2(p, QJsonDocument(reply).toJson().constData());
    QCOMPARE(p->state, PaymentState::Pending);
    QCOMPARE(p->amountMinor, 10'000);
    QCOMPARE(available(), 0);
    const QJsonObject pendingEvent = client.waitPush(u"account"_s, u"event"_s);
    QCOMPARE(Wire::accountEventType(pendingEvent.value(u"data"_s).toObject()),
             QString(AccountEvent::Payment));
    const qsizetype seen = client.pushes.size();

    QCOMPARE(
        confirm(compact(Wire::toJson(PaymentConfirmation {p->reference, Currency::EUR, 10'000})))
            .status,
        200);
    QCOMPARE(available(), p->creditedCents);
    bool credited = false, notified = false;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (qsizetype i = seen; i < client.pushes.size(); ++i) {
                const QJsonObject data = client.pushes[i].value(u"data"_s).toObject();
                const QString type = Wire::accountEventType(data);
                if (type == AccountEvent::Payment)
                    credited = Wire::unwrap<Payment>(data)->state == PaymentState::Credited;
                if (type == AccountEvent::Notification)
                    notified = notified
                        || Wire::notificationFromJson(data)->kind
                            == NotificationKind::TopUpCredited;
            }
            return credited && notified;
        }(),
        5000);
}

void TestPaymentWebhook::noSecretNoRoute()
{
    // A server without a payment secret takes no top-ups, and its webhook answers nothing.
    ServerFixture plain(false, [](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.paymentSecret.clear();
    });
    ExchangeService &service = *plain.service;
    QVERIFY(!service.paymentsEnabled());
    QVERIFY(plain.account(u"nopay@example.com"_s, Role::Customer));
    RawClient client(plain);
    QVERIFY(client.waitConnected());
    QVERIFY(client.login(u"nopay@example.com"_s));
    const QJsonObject refused =
        client.call(u"wallet.topup"_s, Wire::toJson(TopUpRequest {Currency::EUR, 10'000}));
    QCOMPARE(RawClient::errorCode(refused), u"invalid_state"_s);
    AdminServer admin(service, u"1.0"_s);
    AdminServer::Options ao;
    ao.port = 0;
    QVERIFY(admin.listen(ao));
    QNetworkRequest request(
        QUrl(u"http://127.0.0.1:%1%2"_s.arg(admin.port()).arg(PaymentWebhook::Path)));
    const QByteArray body = "{}";
    const QByteArray ts = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    request.setRawHeader(QByteArray(PaymentWebhook::TimestampHeader.data()), ts);
    request.setRawHeader(QByteArray(PaymentWebhook::SignatureHeader.data()),
                         PaymentWebhook::sign(QByteArray(), ts, body));
    QNetworkReply *reply = m_http.post(request, body);
    QSignalSpy finished(reply, &QNetworkReply::finished);
    QVERIFY(reply->isFinished() || finished.wait(10'000));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 404);
    reply->deleteLater();
}

QTEST_GUILESS_MAIN(TestPaymentWebhook)
#include "tst_paymentwebhook.moc"
