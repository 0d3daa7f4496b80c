// support.verify: the whole ledger verified on a connection and a thread of its own while the
// exchange goes on answering, the first bad entry or account named, one verification at a time.

#include "fixtures/serverfixture.h"

#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>

using namespace everx;
using namespace everx::test;

class TestExchangeService : public QObject
{
    Q_OBJECT

private:
    // A support agent signed in, and a ledger of about `entries` entries.
    static qint64 prepare(ServerFixture &f, int entries);
    static bool tamper(ServerFixture &f, const QString &sql);
    static QJsonObject replyTo(RawClient &c, qint64 id);

private slots:
    void verifyRunsBesideTheExchange();
    void verifyNamesTheFirstBadEntry();
    void verifyNamesTheFirstBadAccount();
    void oneVerificationAtATime();
    void verifyIsForSupportOnly();
};

qint64 TestExchangeService::prepare(ServerFixture &f, int entries)
{
    f.account(QStringLiteral("support@x.io"), Role::Support);
    const qint64 customer = f.account(QStringLiteral("customer@x.io"), Role::Customer);
    for (int i = 0; i < entries / 2; ++i)
        f.service->engine().topUp(customer, Currency::USD, 100 + i);
    return customer;
}

bool TestExchangeService::tamper(ServerFixture &f, const QString &sql)
{
    bool ok = false;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tamper"));
        db.setDatabaseName(f.dir.filePath(QStringLiteral("server.db")));
        ok = db.open() && QSqlQuery(db).exec(sql);
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tamper"));
    return ok;
}

QJsonObject TestExchangeService::replyTo(RawClient &c, qint64 id)
{
    for (int waited = 0; waited < 30'000; waited += 5) {
        for (const QJsonObject &r : std::as_const(c.replies)) {
            if (r.value(QStringLiteral("id")).toInteger() == id)
                return r;
        }
        QTest::qWait(5);
    }
    return {};
}

void TestExchangeService::verifyRunsBesideTheExchange()
{
    ServerFixture f;
    prepare(f, 20'000);
    RawClient support(f), other(f);
    QVERIFY(support.waitConnected() && other.waitConnected());
    QVERIFY(support.login(QStringLiteral("support@x.io")));
    // The verification reads 20,000 entries; a ping sent after it is answered before it is.
    QList<qint64> arrivals; // reply ids, in the order they reached the clients
    for (RawClient *c : {&support, &other})
        connect(&c->socket, &QWebSocket::textMessageReceived, this,
                [&arrivals](const QString &text) {
                    if (const auto frame = Protocol::decode(text);
                        frame && frame->kind != Protocol::FrameKind::Push)
                        arrivals.append(frame->id);
                });
    support.socket.sendTextMessage(Protocol::encodeRequest(900, QString(Op::SupportVerify)));
    QTest::qWait(1);
    other.socket.sendTextMessage(Protocol::encodeRequest(901, QString(Op::Ping)));
    QVERIFY(!RawClient::result(replyTo(other, 901)).isEmpty());
    QVERIFY(!replyTo(support, 900).isEmpty());
    QCOMPARE(arrivals, (QList<qint64> {901, 900})); // the ping did not wait for the verification
    const QJsonObject reply = replyTo(support, 900);
    const std::optional<ChainCheck> check = Wire::chainCheckFromJson(RawClient::result(reply));
    QVERIFY(check);
    QVERIFY2(check->ok, qPrintable(check->problem));
    QCOMPARE(check->entries, f.service->engine().ledger().lastEntryId());
    // A verification that passed seals a checkpoint: the next start checks from there.
    const auto checkpoint = f.service->engine().database().lastCheckpoint();
    QVERIFY(checkpoint);
    QCOMPARE(checkpoint->entryId, check->entries);
}

void TestExchangeService::verifyNamesTheFirstBadEntry()
{
    ServerFixture f;
    prepare(f, 40);
    QVERIFY(tamper(f, QStringLiteral("UPDATE ledger_entries SET memo = 'x' WHERE id = 7")));
    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(QStringLiteral("support@x.io")));
    const std::optional<ChainCheck> check =
        Wire::chainCheckFromJson(RawClient::result(support.call(QString(Op::SupportVerify))));
    QVERIFY(check);
    QVERIFY(!check->ok);
    QCOMPARE(check->badEntry, qint64(7));
    QVERIFY2(check->problem.contains(u"entry 7"), qPrintable(check->problem));
}

void TestExchangeService::verifyNamesTheFirstBadAccount()
{
    ServerFixture f;
    const qint64 customer = prepare(f, 40);
    QVERIFY(tamper(f,
                   QStringLiteral("UPDATE balances SET amount_cents = amount_cents + 1 WHERE"
                                  " account_id = %1")
                       .arg(customer)));
    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(QStringLiteral("support@x.io")));
    const std::optional<ChainCheck> check =
        Wire::chainCheckFromJson(RawClient::result(support.call(QString(Op::SupportVerify))));
    QVERIFY(check);
    QVERIFY(!check->ok);
    QCOMPARE(check->badEntry, qint64(0));
    QCOMPARE(check->badAccount, std::optional(customer));
}

void TestExchangeService::oneVerificationAtATime()
{
    ServerFixture f;
    prepare(f, 20'000);
    RawClient support(f);
    QVERIFY(support.waitConnected());
    QVERIFY(support.login(QStringLiteral("support@x.io")));
    support.socket.sendTextMessage(Protocol::encodeRequest(900, QString(Op::SupportVerify)));
    support.socket.sendTextMessage(Protocol::encodeRequest(901, QString(Op::SupportVerify)));
    QCOMPARE(RawClient::errorCode(replyTo(support, 901)), errorCodeName(ErrorCode::RateLimited));
    QVERIFY(Wire::chainCheckFromJson(RawClient::result(replyTo(support, 900)))->ok);
    // Once it is done, the next one runs.
    QVERIFY(
        Wire::chainCheckFromJson(RawClient::result(support.call(QString(Op::SupportVerify))))->ok);
}

void TestExchangeService::verifyIsForSupportOnly()
{
    ServerFixture f;
    prepare(f, 2);
    RawClient customer(f);
    QVERIFY(customer.waitConnected());
    QVERIFY(customer.login(QStringLiteral("customer@x.io")));
    QCOMPARE(RawClient::errorCode(customer.call(QString(Op::SupportVerify))),
             errorCodeName(ErrorCode::Forbidden));
}

QTEST_GUILESS_MAIN(TestExchangeService)
#include "tst_exchangeservice.moc"
