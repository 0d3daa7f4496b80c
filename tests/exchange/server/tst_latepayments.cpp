// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Payments confirmed after they expired, through the service and the protocol: a signed
// confirmation of an expired top-up credits nothing and keeps the payment as late (202, once;
// again a duplicate); support sees the queue and credits one with a reason (one balanced top-up
// entry) or marks one refunded with the processor's reference (nothing moves); both audited,
// the customer notified; refusals change nothing; the queue survives a restart.

#include "fixtures/serverfixture.h"

#include "server/paymentwebhook.h"

#include "wire/wirecodec.h"

#include <QtCore/QDateTime>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

struct Confirmed
{
    int status = 0;
    QJsonObject body;
};

// The processor's signed confirmation of `payment`, as it pays it now.
Confirmed confirm(ServerFixture &f, const QJsonObject &payment)
{
    const QByteArray body =
        QJsonDocument(QJsonObject {{u"reference"_s, payment.value(u"reference"_s)},
                                   {u"currency"_s, payment.value(u"currency"_s)},
                                   {u"amount"_s, payment.value(u"amount"_s)}})
            .toJson(QJsonDocument::Compact);
    const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    const PaymentWebhook::Response r = f.service->confirmPayment(
        timestamp, PaymentWebhook::sign(TestPaymentSecret, timestamp, body), body);
    return {r.status, r.body};
}

// A top-up of EUR 100.00 asked for by the signed-in customer, left to expire: its payment.
QJsonObject expiredTopUp(ServerFixture &f, RawClient &customer)
{
    const QJsonObject asked = RawClient::result(
        customer.call(u"wallet.topup"_s, {{u"currency"_s, u"EUR"_s}, {u"amount"_s, u"100.00"_s}}));
    f.clock.advance(MarketRules::TopUpExpiryMs + 60'000);
    f.service->publishChanges(); // the expiry runs
    return asked.value(u"payment"_s).toObject();
}

QJsonObject decision(qint64 paymentId, const QString &reason, const QString &reference = {})
{
    QJsonObject o {{u"paymentId"_s, paymentId}, {u"reason"_s, reason}};
    if (!reference.isEmpty())
        o.insert(u"reference"_s, reference);
    return o;
}

// The notification kinds the account channel has pushed since index `from`.
QStringList notifications(const RawClient &c, qsizetype from = 0)
{
    QStringList kinds;
    for (qsizetype i = from; i < c.pushes.size(); ++i) {
        const QJsonObject data = c.pushes.at(i).value(u"data"_s).toObject();
        if (data.value(u"type"_s).toString() == u"notification"_s)
            kinds << data.value(u"kind"_s).toString();
    }
    return kinds;
}

QStringList auditActions(RawClient &agent, qint64 accountId)
{
    QStringList actions;
    const QJsonArray audit =
        RawClient::result(agent.call(u"support.audit"_s, {{u"accountId"_s, accountId}}))
            .value(u"audit"_s)
            .toArray();
    for (const QJsonValue &a : audit)
        actions << a.toObject().value(u"action"_s).toString();
    return actions;
}

} // namespace

class TestLatePayments : public QObject
{
    Q_OBJECT

private slots:
    void aLateConfirmationIsKeptNotCredited();
    void supportCreditsALatePaymentOnce();
    void supportMarksALatePaymentRefunded();
    void refusalsChangeNothing();
    void theQueueSurvivesARestart();
};

void TestLatePayments::aLateConfirmationIsKeptNotCredited()
{
    ServerFixture f(false);
    const qint64 id = f.account(u"c@x.io"_s, Role::Customer);
    RawClient customer(f);
    QVERIFY(customer.waitConnected());
    QVERIFY(customer.login(u"c@x.io"_s));
    QVERIFY(RawClient::errorCode(customer.call(u"subscribe"_s, {{u"channel"_s, u"account"_s}}))
                .isEmpty());
    const QJsonObject payment = expiredTopUp(f, customer);
    QTRY_VERIFY(notifications(customer).contains(u"topup_expired"_s));
    const qsizetype pushed = customer.pushes.size();

    // Before: refused with 409 and forgotten. Now: accepted (202), kept late, nothing credited.
    const Confirmed late = confirm(f, payment);
    QCOMPARE(late.status, 202);
    const QJsonObject kept = late.body.value(u"payment"_s).toObject();
    QCOMPARE(kept.value(u"state"_s).toString(), u"late"_s);
    QVERIFY(kept.value(u"lateAt"_s).toInteger() > 0);
    QCOMPARE(late.body.value(u"duplicate"_s).toBool(), false);
    QCOMPARE(f.service->engine().balance(id).available, 0);
    QVERIFY(f.service->engine().database().entries(id, 0, 100).isEmpty());
    // The customer is told.
    QTRY_VERIFY(notifications(customer, pushed).contains(u"topup_late"_s));
    // Again: the same answer, a duplicate.
    const Confirmed again = confirm(f, payment);
    QCOMPARE(again.status, 202);
    QCOMPARE(again.body.value(u"duplicate"_s).toBool(), true);
    QCOMPARE(f.service->engine().balance(id).available, 0);
    QVERIFY(f.service->engine().checkInvariants().isEmpty());
}

void TestLatePayments::supportCreditsALatePaymentOnce()
{
    ServerFixture f(false);
    const qint64 id = f.account(u"c@x.io"_s, Role::Customer);
    const qint64 agentId = f.account(u"agent@x.io"_s, Role::Support);
    RawClient customer(f), agent(f);
    QVERIFY(customer.waitConnected() && agent.waitConnected());
    QVERIFY(customer.login(u"c@x.io"_s));
    QVERIFY(agent.login(u"agent@x.io"_s));
    customer.call(u"subscribe"_s, {{u"channel"_s, u"account"_s}});
    const QJsonObject payment = expiredTopUp(f, customer);
    QCOMPARE(confirm(f, payment).status, 202);

    // In the queue, late.
    const QJsonArray queue =
        RawClient::result(agent.call(u"support.latePayments"_s)).value(u"payments"_s).toArray();
    QCOMPARE(queue.size(), 1);
    const QJsonObject late = queue.first().toObject();
    QCOMPARE(late.value(u"reference"_s), payment.value(u"reference"_s));
    QCOMPARE(late.value(u"state"_s).toString(), u"late"_s);
    const qint64 paymentId = late.value(u"id"_s).toInteger();
    const Cents credits = Money::parsePlain(late.value(u"credited"_s).toString()).value_or(-1);
    QVERIFY(credits > 0);

    const qsizetype pushed = customer.pushes.size();
    const QJsonObject credited = RawClient::result(agent.call(
        u"support.creditPayment"_s, decision(paymentId, u"paid 3 minutes late, bank confirms"_s)));
    const QJsonObject p = credited.value(u"payment"_s).toObject();
    QCOMPARE(p.value(u"state"_s).toString(), u"credited"_s);
    QCOMPARE(p.value(u"agentId"_s).toInteger(), agentId);
    // One balanced top-up entry, at the rate quoted when it was asked for.
    QCOMPARE(f.service->engine().balance(id).available, credits);
    const QList<LedgerEntry> entries = f.service->engine().database().entries(id, 0, 100);
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.first().kind, u"topup"_s);
    QCOMPARE(entries.first().amount, credits);
    QCOMPARE(f.service->engine().ledger().total(), 0);
    QVERIFY(f.service->engine().checkInvariants().isEmpty());
    // Audited with the reason; the customer is told.
    QVERIFY(auditActions(agent, id).contains(u"payment_credited"_s));
    const AuditRecord creditedAudit = f.service->engine().database().audit(id).last();
    QCOMPARE(creditedAudit.action, u"payment_credited"_s);
    QCOMPARE(creditedAudit.paymentId, paymentId);
    QCOMPARE(creditedAudit.amount, credits); // what the account received, in USD
    QCOMPARE(creditedAudit.currency, Currency::USD);
    QCOMPARE(creditedAudit.reason, u"paid 3 minutes late, bank confirms"_s);
    QTRY_VERIFY(notifications(customer, pushed).contains(u"topup_credited"_s));
    // Out of the queue; once only, whatever comes after.
    QVERIFY(RawClient::result(agent.call(u"support.latePayments"_s))
                .value(u"payments"_s)
                .toArray()
                .isEmpty());
    QCOMPARE(RawClient::errorCode(
                 agent.call(u"support.creditPayment"_s, decision(paymentId, u"again"_s))),
             u"invalid_state"_s);
    QCOMPARE(RawClient::errorCode(agent.call(u"support.refundPayment"_s,
                                             decision(paymentId, u"again"_s, u"RF-1"_s))),
             u"invalid_state"_s);
    const Confirmed confirmedAgain = confirm(f, payment);
    QCOMPARE(confirmedAgain.status, 200);
    QCOMPARE(confirmedAgain.body.value(u"duplicate"_s).toBool(), true);
    QCOMPARE(f.service->engine().balance(id).available, credits);
}

void TestLatePayments::supportMarksALatePaymentRefunded()
{
    ServerFixture f(false);
    const qint64 id = f.account(u"c@x.io"_s, Role::Customer);
    f.account(u"agent@x.io"_s, Role::Support);
    RawClient customer(f), agent(f);
    QVERIFY(customer.waitConnected() && agent.waitConnected());
    QVERIFY(customer.login(u"c@x.io"_s));
    QVERIFY(agent.login(u"agent@x.io"_s));
    customer.call(u"subscribe"_s, {{u"channel"_s, u"account"_s}});
    const QJsonObject payment = expiredTopUp(f, customer);
    QCOMPARE(confirm(f, payment).status, 202);
    const qint64 paymentId = payment.value(u"id"_s).toInteger();

    // The processor's reference is required.
    QCOMPARE(RawClient::errorCode(
                 agent.call(u"support.refundPayment"_s, decision(paymentId, u"paid twice"_s))),
             u"invalid_argument"_s);
    const qsizetype pushed = customer.pushes.size();
    const QJsonObject refunded =
        RawClient::result(agent.call(u"support.refundPayment"_s,
                                     decision(paymentId, u"paid twice"_s, u"RF-2026-0042"_s)))
            .value(u"payment"_s)
            .toObject();
    QCOMPARE(refunded.value(u"state"_s).toString(), u"refunded"_s);
    QCOMPARE(refunded.value(u"refundReference"_s).toString(), u"RF-2026-0042"_s);
    // Nothing moved: the money never entered the ledger.
    QCOMPARE(f.service->engine().balance(id).available, 0);
    QVERIFY(f.service->engine().database().entries(id, 0, 100).isEmpty());
    QVERIFY(auditActions(agent, id).contains(u"payment_refunded"_s));
    const AuditRecord refundedAudit = f.service->engine().database().audit(id).last();
    QCOMPARE(refundedAudit.paymentId, paymentId);
    QCOMPARE(refundedAudit.reference, u"RF-2026-0042"_s);
    QCOMPARE(refundedAudit.reason, u"paid twice"_s);
    // In the currency paid: nothing entered the ledger.
    QCOMPARE(Money::currencyCode(refundedAudit.currency), payment.value(u"currency"_s).toString());
    QCOMPARE(Money::toPlain(refundedAudit.amount), payment.value(u"amount"_s).toString());
    QTRY_VERIFY(notifications(customer, pushed).contains(u"topup_refunded"_s));
    // A confirmation after the refund credits nothing either.
    const Confirmed again = confirm(f, payment);
    QCOMPARE(again.status, 200);
    QCOMPARE(again.body.value(u"duplicate"_s).toBool(), true);
    QCOMPARE(again.body.value(u"payment"_s).toObject().value(u"state"_s).toString(), u"refunded"_s);
    QCOMPARE(f.service->engine().balance(id).available, 0);
}

void TestLatePayments::refusalsChangeNothing()
{
    ServerFixture f(false);
    const qint64 id = f.account(u"c@x.io"_s, Role::Customer);
    f.account(u"agent@x.io"_s, Role::Support);
    RawClient customer(f), agent(f);
    QVERIFY(customer.waitConnected() && agent.waitConnected());
    QVERIFY(customer.login(u"c@x.io"_s));
    QVERIFY(agent.login(u"agent@x.io"_s));
    const QJsonObject payment = expiredTopUp(f, customer);
    const qint64 paymentId = payment.value(u"id"_s).toInteger();
    // Not late yet: only expired.
    QCOMPARE(RawClient::errorCode(
                 agent.call(u"support.creditPayment"_s, decision(paymentId, u"early"_s))),
             u"invalid_state"_s);
    QCOMPARE(confirm(f, payment).status, 202);
    // Support's only; a reason; a payment that exists; no field it does not have.
    QCOMPARE(RawClient::errorCode(customer.call(u"support.latePayments"_s)), u"forbidden"_s);
    QCOMPARE(RawClient::errorCode(
                 customer.call(u"support.creditPayment"_s, decision(paymentId, u"mine"_s))),
             u"forbidden"_s);
    QCOMPARE(
        RawClient::errorCode(agent.call(u"support.creditPayment"_s, decision(paymentId, u"   "_s))),
        u"invalid_argument"_s);
    QCOMPARE(RawClient::errorCode(
                 agent.call(u"support.creditPayment"_s, decision(paymentId + 100, u"no such"_s))),
             u"unknown_payment"_s);
    QJsonObject extra = decision(paymentId, u"ok"_s);
    extra.insert(u"amount"_s, u"1000000.00"_s);
    QCOMPARE(RawClient::errorCode(agent.call(u"support.creditPayment"_s, extra)),
             u"invalid_argument"_s);
    QCOMPARE(RawClient::errorCode(agent.call(u"support.refundPayment"_s,
                                             decision(paymentId, u"ok"_s, u"RF\u202e1"_s))),
             u"invalid_argument"_s);
    QCOMPARE(RawClient::errorCode(agent.call(u"support.latePayments"_s, {{u"limit"_s, 5}})),
             u"invalid_argument"_s);
    QCOMPARE(f.service->engine().balance(id).available, 0);
    QCOMPARE(RawClient::result(agent.call(u"support.latePayments"_s))
                 .value(u"payments"_s)
                 .toArray()
                 .first()
                 .toObject()
                 .value(u"state"_s)
                 .toString(),
             u"late"_s);
    QVERIFY(!auditActions(agent, id).contains(u"payment_credited"_s));
}

void TestLatePayments::theQueueSurvivesARestart()
{
    ServerFixture f(false);
    const qint64 id = f.account(u"c@x.io"_s, Role::Customer);
    f.account(u"agent@x.io"_s, Role::Support);
    {
        RawClient customer(f);
        QVERIFY(customer.waitConnected());
        QVERIFY(customer.login(u"c@x.io"_s));
        QCOMPARE(confirm(f, expiredTopUp(f, customer)).status, 202);
    }
    QVERIFY(f.restart());
    RawClient agent(f);
    QVERIFY(agent.waitConnected());
    QVERIFY(agent.login(u"agent@x.io"_s));
    const QJsonArray queue =
        RawClient::result(agent.call(u"support.latePayments"_s)).value(u"payments"_s).toArray();
    QCOMPARE(queue.size(), 1);
    const qint64 paymentId = queue.first().toObject().value(u"id"_s).toInteger();
    QCOMPARE(RawClient::errorCode(agent.call(u"support.creditPayment"_s,
                                             decision(paymentId, u"after the restart"_s))),
             QString());
    QVERIFY(f.service->engine().balance(id).available > 0);
}

QTEST_GUILESS_MAIN(TestLatePayments)
#include "tst_latepayments.moc"
