// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Support's workspace over the protocol (ExchangeService, exchangeservice_support.cpp): a real
// server and raw frames. Opening an account is audited; failed sign-ins and sessions' addresses
// reach the inspector from the database; dual control end to end with two agents.

#include "fixtures/serverfixture.h"

#include "wire/wirecodec.h"

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

class TestSupportService : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void inspectorShowsFailuresSessionsAndAudit();
    void failedSignInsArePruned();
    void dualControlOverTheWire();
    void searchLedgerHistoryAndAudit();
    void auditRecordsCarryTheirFields();
    void auditPagesByCursor();
    void auditCursorIsValidated_data();
    void auditCursorIsValidated();
};

void TestSupportService::inspectorShowsFailuresSessionsAndAudit()
{
    ServerFixture f;
    const qint64 customer = f.account(u"customer@x.io"_s, Role::Customer);
    const qint64 agent = f.account(u"support@x.io"_s, Role::Support);

    RawClient wrong(f);
    QVERIFY(wrong.waitConnected());
    const QJsonObject refused = wrong.call(
        u"auth.login"_s, {{u"email"_s, u"customer@x.io"_s}, {u"password"_s, u"not it"_s}});
    QCOMPARE(RawClient::errorCode(refused), u"authentication_failed"_s);
    const QJsonObject stranger =
        wrong.call(u"auth.login"_s, {{u"email"_s, u"nobody@x.io"_s}, {u"password"_s, u"not it"_s}});
    QCOMPARE(RawClient::errorCode(stranger), u"authentication_failed"_s);
    RawClient customerClient(f);
    QVERIFY(customerClient.waitConnected());
    QVERIFY(customerClient.login(u"customer@x.io"_s));

    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(u"support@x.io"_s));
    const QJsonObject reply =
        RawClient::result(support.call(u"support.account"_s, {{u"accountId"_s, customer}}));
    QString problem;
    const std::optional<AccountInspection> i = Wire::inspectionFromJson(reply, &problem);
    QVERIFY2(i, qPrintable(problem));
    QCOMPARE(i->signInFailures.size(), 1);
    QCOMPARE(i->signInFailures[0].email, u"customer@x.io"_s);
    QCOMPARE(i->signInFailures[0].address, u"127.0.0.1"_s);
    QCOMPARE(i->sessions.size(), 1);
    QCOMPARE(i->sessions[0].address, u"127.0.0.1"_s);
    QVERIFY(i->sessions[0].lastSeenMs >= i->sessions[0].startedMs);
    // The unknown email's failure is kept too, under no account.
    QCOMPARE(f.service->engine().database().signInFailures(0, 10).size(), 1);
    // The opening is in the account's audit, which the answer already carries.
    QVERIFY(!i->audit.isEmpty());
    QCOMPARE(i->audit.last().action, u"account_opened"_s);
    QCOMPARE(i->audit.last().actorId, agent);
    QCOMPARE(i->audit.last().targetId, customer);
    // A customer may not open anyone's account, and nothing is audited for the attempt.
    const qsizetype audited = f.service->engine().database().audit(customer).size();
    QCOMPARE(RawClient::errorCode(
                 customerClient.call(u"support.account"_s, {{u"accountId"_s, customer}})),
             u"forbidden"_s);
    QCOMPARE(f.service->engine().database().audit(customer).size(), audited);
}

void TestSupportService::failedSignInsArePruned()
{
    ServerFixture f;
    const qint64 customer = f.account(u"customer@x.io"_s, Role::Customer);
    Database &db = f.service->engine().database();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QVERIFY(db.insertSignInFailure({u"customer@x.io"_s, customer, u"192.0.2.1"_s,
                                    now - MarketRules::SignInFailureRetentionMs - 1}));
    QVERIFY(db.insertSignInFailure({u"customer@x.io"_s, customer, u"192.0.2.2"_s, now}));
    f.service->prune();
    const QList<SignInFailure> kept = db.signInFailures(customer, 10);
    QCOMPARE(kept.size(), 1);
    QCOMPARE(kept[0].address, u"192.0.2.2"_s);
}

void TestSupportService::dualControlOverTheWire()
{
    ServerFixture f;
    const qint64 customer = f.account(u"customer@x.io"_s, Role::Customer);
    f.account(u"s1@x.io"_s, Role::Support);
    f.account(u"s2@x.io"_s, Role::Support);
    RawClient first(f), second(f);
    QVERIFY(first.waitConnected() && second.waitConnected());
    QVERIFY(first.login(u"s1@x.io"_s) && second.login(u"s2@x.io"_s));

    const QJsonObject asked = first.call(
        u"support.adjust"_s,
        {{u"accountId"_s, customer}, {u"amount"_s, u"600.00"_s}, {u"reason"_s, u"goodwill"_s}});
    QString problem;
    const std::optional<AdjustmentOutcome> outcome =
        Wire::adjustmentOutcomeFromJson(RawClient::result(asked), &problem);
    QVERIFY2(outcome, qPrintable(problem));
    QVERIFY(outcome->pending);
    QCOMPARE(outcome->balance.available, 0);
    const qint64 id = outcome->pending->id;

    const std::optional<QList<PendingAdjustment>> queue = Wire::unwrapList<PendingAdjustment>(
        RawClient::result(second.call(u"support.pending"_s)), &problem);
    QVERIFY2(queue, qPrintable(problem));
    QCOMPARE(queue->size(), 1);
    QCOMPARE(queue->at(0).id, id);

    const QJsonObject decision {{u"adjustmentId"_s, id}, {u"reason"_s, u"ticket checked"_s}};
    QCOMPARE(RawClient::errorCode(first.call(u"support.approveAdjustment"_s, decision)),
             u"second_agent_required"_s);
    QCOMPARE(f.service->engine().balance(customer).available, 0);
    const QJsonObject approved = second.call(u"support.approveAdjustment"_s, decision);
    QCOMPARE(RawClient::errorCode(approved), QString());
    QCOMPARE(f.service->engine().balance(customer).available, 60'000);
    QCOMPARE(RawClient::errorCode(second.call(u"support.approveAdjustment"_s, decision)),
             u"invalid_state"_s);
    QCOMPARE(f.service->engine().balance(customer).available, 60'000);
    QCOMPARE(
        Wire::unwrapList<PendingAdjustment>(RawClient::result(second.call(u"support.pending"_s)))
            ->size(),
        0);
}

void TestSupportService::searchLedgerHistoryAndAudit()
{
    ServerFixture f;
    const qint64 customer = f.account(u"alice@example.com"_s, Role::Customer);
    f.account(u"bob@example.com"_s, Role::Customer);
    const qint64 agent = f.account(u"s1@x.io"_s, Role::Support);
    QVERIFY(f.service->engine().topUp(customer, Currency::USD, 10'000).ok());
    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(u"s1@x.io"_s));
    QString problem;

    const std::optional<AccountSearchPage> found = Wire::accountSearchPageFromJson(
        RawClient::result(
            support.call(u"support.search"_s, {{u"query"_s, u"EXAMPLE"_s}, {u"limit"_s, 1}})),
        &problem);
    QVERIFY2(found, qPrintable(problem));
    QCOMPARE(found->total, 2);
    QCOMPARE(found->accounts.size(), 1);
    QCOMPARE(found->accounts[0].id, customer);
    QCOMPARE(RawClient::errorCode(support.call(u"support.search"_s, {{u"query"_s, u" "_s}})),
             u"invalid_argument"_s);
    QCOMPARE(RawClient::errorCode(
                 support.call(u"support.search"_s, {{u"query"_s, u"a"_s}, {u"limit"_s, 1000}})),
             u"invalid_argument"_s);

    const std::optional<LedgerPage> ledger = Wire::ledgerPageFromJson(
        RawClient::result(support.call(u"support.ledger"_s, {{u"accountId"_s, customer}})),
        &problem);
    QVERIFY2(ledger, qPrintable(problem));
    QCOMPARE(ledger->total, 1);
    QVERIFY(ledger->chain.ok);
    QCOMPARE(ledger->chain.entries, 1);

    const std::optional<HistoryPage> history = Wire::historyPageFromJson(
        RawClient::result(support.call(u"support.history"_s,
                                       {{u"accountId"_s, customer}, {u"kind"_s, u"orders"_s}})),
        &problem);
    QVERIFY2(history, qPrintable(problem));
    QCOMPARE(history->total, 0);

    QVERIFY(!RawClient::result(support.call(u"support.note"_s,
                                            {{u"accountId"_s, customer}, {u"text"_s, u"called"_s}}))
                 .isEmpty());
    const std::optional<AuditPage> audit = Wire::auditPageFromJson(
        RawClient::result(support.call(u"support.audit"_s, {{u"agentId"_s, agent}})), &problem);
    QVERIFY2(audit, qPrintable(problem));
    QCOMPARE(audit->total, 1);
    QCOMPARE(audit->audit[0].action, u"note"_s);
    QCOMPARE(audit->audit[0].targetId, customer);
}

void TestSupportService::auditRecordsCarryTheirFields()
{
    ServerFixture f;
    const qint64 customer = f.account(u"customer@x.io"_s, Role::Customer);
    f.account(u"s1@x.io"_s, Role::Support);
    QVERIFY(f.service->engine().topUp(customer, Currency::USD, 10'000).ok());
    RawClient support(f);
    QVERIFY(support.waitConnected() && support.login(u"s1@x.io"_s));
    QCOMPARE(
        RawClient::errorCode(support.call(
            u"support.adjust"_s,
            {{u"accountId"_s, customer}, {u"amount"_s, u"-16.50"_s}, {u"reason"_s, u"refund"_s}})),
        QString());
    const QJsonObject raw = RawClient::result(
        support.call(u"support.audit"_s, {{u"accountId"_s, customer}, {u"limit"_s, 1}}));
    const QJsonObject record = raw.value(u"audit"_s).toArray().at(0).toObject();
    QCOMPARE(record.value(u"action"_s).toString(), u"adjustment"_s);
    QCOMPARE(record.value(u"amount"_s).toString(), u"-16.50"_s);
    QCOMPARE(record.value(u"currency"_s).toString(), u"USD"_s);
    QCOMPARE(record.value(u"reason"_s).toString(), u"refund"_s);
    QVERIFY(!record.contains(u"payoutId"_s)); // absent where the action has none
    QString problem;
    const std::optional<AuditPage> page = Wire::auditPageFromJson(raw, &problem);
    QVERIFY2(page, qPrintable(problem));
    QCOMPARE(page->audit.at(0).amount, -1'650);
    QCOMPARE(page->audit.at(0).reason, u"refund"_s);
}

void TestSupportService::auditPagesByCursor()
{
    // The next page asks for the records before the last one shown: a record written between
    // two pages is neither repeated nor skipped, as it would be by offset.
    ServerFixture f;
    const qint64 customer = f.account(u"customer@x.io"_s, Role::Customer);
    f.account(u"s1@x.io"_s, Role::Support);
    RawClient support(f);
    QVERIFY(support.waitConnected() && support.login(u"s1@x.io"_s));
    const auto note = [&](const QString &text) {
        return RawClient::errorCode(
            support.call(u"support.note"_s, {{u"accountId"_s, customer}, {u"text"_s, text}}));
    };
    for (int i = 1; i <= 5; ++i)
        QCOMPARE(note(u"note %1"_s.arg(i)), QString());
    const auto page = [&](QJsonObject args) {
        args.insert(u"accountId"_s, customer);
        args.insert(u"limit"_s, 2);
        QString problem;
        const std::optional<AuditPage> p = Wire::auditPageFromJson(
            RawClient::result(support.call(u"support.audit"_s, args)), &problem);
        QList<qint64> ids;
        for (const AuditRecord &a : p ? p->audit : QList<AuditRecord> {})
            ids << a.id;
        return std::pair {ids, p ? p->total : -1};
    };
    const auto [first, firstTotal] = page({});
    QCOMPARE(first.size(), 2);
    QCOMPARE(firstTotal, 5);
    QCOMPARE(note(u"meanwhile"_s), QString());
    QList<qint64> seen = first;
    qint64 before = first.last();
    for (int pages = 0; pages < 5 && before > 0; ++pages) {
        const auto [ids, total] = page({{u"beforeId"_s, before}});
        QCOMPARE(total, 6);
        seen += ids;
        before = ids.size() == 2 ? ids.last() : 0;
    }
    // The five that were there, newest first, once each; the new one is on no later page.
    QList<qint64> expected;
    for (qint64 id = first.first(); id > first.first() - 5; --id)
        expected << id;
    QCOMPARE(seen, expected);
    // By offset, the same second page would have repeated the first page's last record.
    QCOMPARE(page({{u"offset"_s, 2}}).first.first(), first.last());
}

void TestSupportService::auditCursorIsValidated_data()
{
    QTest::addColumn<QJsonValue>("beforeId");
    QTest::newRow("zero") << QJsonValue(0);
    QTest::newRow("negative") << QJsonValue(-3);
    QTest::newRow("fraction") << QJsonValue(2.5);
    QTest::newRow("text") << QJsonValue(u"7"_s);
    QTest::newRow("null") << QJsonValue(QJsonValue::Null);
}

void TestSupportService::auditCursorIsValidated()
{
    QFETCH(QJsonValue, beforeId);
    ServerFixture f;
    const qint64 agent = f.account(u"s1@x.io"_s, Role::Support);
    RawClient support(f);
    QVERIFY(support.waitConnected() && support.login(u"s1@x.io"_s));
    const auto count = [&] {
        qint64 total = 0;
        f.service->engine().database().auditPage(0, 0, 0, 0, 0, 0, 1, &total);
        return total;
    };
    const qint64 before = count();
    QCOMPARE(RawClient::errorCode(support.call(u"support.audit"_s,
                                               {{u"agentId"_s, agent}, {u"beforeId"_s, beforeId}})),
             u"invalid_argument"_s);
    QCOMPARE(count(), before);
}

QTEST_GUILESS_MAIN(TestSupportService)
#include "tst_supportservice.moc"
