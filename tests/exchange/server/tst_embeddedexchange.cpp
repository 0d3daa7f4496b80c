// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The sandbox inside the desk: an exchange on its own thread, reached through the in-process
// transport with the same protocol frames as over a WebSocket.

#include "server/embeddedexchange.h"

#include "wire/clientsession.h"
#include "wire/exchangeclient.h"
#include "wire/vocabulary.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

class TestEmbeddedExchange : public QObject
{
    Q_OBJECT

private slots:
    void sandboxOverInProcessTransport();
    void secondLaunchContinues();
    void signingInAgainFollowsTheNewAccount();
    void suspendedDemoAccountIsNotSignedIn();
    void unusableDatabaseFails();
    void snapshotsBiggerThanAClientFrameArrive();
};

namespace {
EmbeddedExchange::Options options(const QTemporaryDir &dir)
{
    EmbeddedExchange::Options o;
    o.databasePath = dir.filePath(QStringLiteral("sandbox.db"));
    o.sandbox.backfillDays = 3; // keep the first start short in tests
    o.sandbox.stepIntervalMs = 50;
    return o;
}

// Starts the sandbox exchange and connects the session to it; false if either takes too long.
bool startAndConnect(EmbeddedExchange &exchange, ClientSession &session, const QTemporaryDir &dir)
{
    QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
    exchange.start(options(dir));
    if (!ready.wait(60'000))
        return false;
    session.setTransportFactory([&exchange] { return exchange.connectClient(); });
    session.connectToExchange();
    return QTest::qWaitFor(
        [&session] { return session.state() == ClientSession::State::Connected; }, 10'000);
}
} // namespace

void TestEmbeddedExchange::sandboxOverInProcessTransport()
{
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    ClientSession session;
    // A connection made before the exchange is ready waits for it.
    session.setTransportFactory([&exchange] { return exchange.connectClient(); });
    session.connectToExchange();
    QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
    exchange.start(options(dir));
    QVERIFY(ready.wait(60'000));

    QSignalSpy signedIn(&session, &ClientSession::signedIn);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    QCOMPARE(session.serverMode(), QStringLiteral("sandbox"));
    session.loginDemo(Role::Customer);
    QVERIFY(signedIn.wait(5000));
    QCOMPARE(session.account().role, Role::Customer);

    // The engine runs elsewhere: the session's thread never sees it, only frames.
    QHash<QString, QJsonObject> snapshots;
    int deltas = 0;
    connect(&session, &ClientSession::snapshotReceived, this,
            [&](const QString &ch, qint64, const QJsonObject &d) { snapshots.insert(ch, d); });
    int bookDeltas = 0;
    connect(&session, &ClientSession::deltaReceived, this,
            [&](const QString &, qint64, PushType, const QJsonObject &) { ++deltas; });
    connect(&session, &ClientSession::bookDeltaReceived, this,
            [&](const QString &, qint64, const BookChange &) { ++bookDeltas; });
    session.subscribe(QStringLiteral("book.h100-sxm"));
    session.subscribe(QStringLiteral("ticker"));
    session.subscribe(QStringLiteral("account"));
    QTRY_COMPARE_WITH_TIMEOUT(snapshots.size(), 3, 5000);
    QVERIFY(!snapshots[QStringLiteral("book.h100-sxm")]
                 .value(QStringLiteral("asks"))
                 .toArray()
                 .isEmpty());
    QCOMPARE(snapshots[QStringLiteral("ticker")].value(QStringLiteral("gpus")).toArray().size(),
             15);

    QCOMPARE(snapshots[QStringLiteral("account")]
                 .value(QStringLiteral("balance"))
                 .toObject()
                 .value(QStringLiteral("available"))
                 .toString(),
             QStringLiteral("5000.00"));
    // The simulation is live: deltas arrive without the desk doing anything.
    QTRY_VERIFY_WITH_TIMEOUT(deltas > 0 && bookDeltas > 0, 10'000);

    // And the desk trades through it.
    std::optional<Protocol::Frame> placed;
    session.placeOrder(
        BidRequest {QStringLiteral("h100-sxm"), OrderKind::BuyNow, 1, 1, 1000, 0, {}}, this,
        [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    QCOMPARE(placed->result.value(QStringLiteral("rentals")).toArray().size(), 1);
}

void TestEmbeddedExchange::secondLaunchContinues()
{
    QTemporaryDir dir;
    qint64 accountId = 0;
    {
        EmbeddedExchange exchange;
        ClientSession session;
        QSignalSpy signedIn(&session, &ClientSession::signedIn);
        QVERIFY(startAndConnect(exchange, session, dir));
        session.loginDemo(Role::Provider);
        QVERIFY(signedIn.wait(5000));
        accountId = session.account().id;
    } // the exchange closes its database on its own thread here
    EmbeddedExchange again;
    ClientSession session;
    QSignalSpy signedIn(&session, &ClientSession::signedIn);
    QVERIFY(startAndConnect(again, session, dir));
    session.loginDemo(Role::Provider);
    QVERIFY(signedIn.wait(5000));
    QCOMPARE(session.account().id, accountId); // the same demo account, not a new one
}

void TestEmbeddedExchange::signingInAgainFollowsTheNewAccount()
{
    // The sandbox's demo customer, then its demo provider on the same connection with no
    // sign-out between: the account channel follows the provider (a snapshot of its account),
    // and the server has dropped the customer's.
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    ClientSession session;
    QSignalSpy signedIn(&session, &ClientSession::signedIn);
    QSignalSpy snapshots(&session, &ClientSession::snapshotReceived);
    QVERIFY(startAndConnect(exchange, session, dir));
    session.loginDemo(Role::Customer);
    QVERIFY(signedIn.wait(5000));
    session.subscribe(Channel::AccountName);
    QTRY_COMPARE_WITH_TIMEOUT(snapshots.size(), 1, 5000);
    QCOMPARE(snapshots.at(0).at(0).toString(), QString(Channel::AccountName));
    const qint64 customer = session.account().id;

    session.loginDemo(Role::Provider);
    QTRY_COMPARE_WITH_TIMEOUT(signedIn.size(), 2, 5000);
    QVERIFY(session.account().id != customer);
    QTRY_COMPARE_WITH_TIMEOUT(snapshots.size(), 2, 5000);
    QCOMPARE(snapshots.at(1).at(0).toString(), QString(Channel::AccountName));
}

void TestEmbeddedExchange::suspendedDemoAccountIsNotSignedIn()
{
    // auth.demo checks the account's state as auth.login does: a demo customer that support
    // suspended is refused, and signs in again once reactivated.
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    ClientSession session;
    ExchangeClient client(session);
    QSignalSpy signedIn(&session, &ClientSession::signedIn);
    QSignalSpy refused(&session, &ClientSession::signInFailed);
    QVERIFY(startAndConnect(exchange, session, dir));
    session.loginDemo(Role::Customer);
    QVERIFY(signedIn.wait(5000));
    const qint64 customer = session.account().id;

    session.loginDemo(Role::Support);
    QTRY_COMPARE_WITH_TIMEOUT(signedIn.size(), 2, 5000);
    std::optional<Result<Account>> suspended;
    client.suspendAccount({customer, QStringLiteral("chargeback under review")}, this,
                          [&suspended](Result<Account> r) { suspended = std::move(r); });
    QTRY_VERIFY_WITH_TIMEOUT(suspended.has_value(), 5000);
    QVERIFY(suspended->ok());

    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 1, 5000);
    QCOMPARE(refused.at(0).at(0).value<ErrorCode>(), ErrorCode::AccountSuspended);
    QCOMPARE(signedIn.size(), 2);

    session.loginDemo(Role::Support);
    QTRY_COMPARE_WITH_TIMEOUT(signedIn.size(), 3, 5000);
    std::optional<Result<Account>> reactivated;
    client.reactivateAccount({customer, QStringLiteral("chargeback withdrawn")}, this,
                             [&reactivated](Result<Account> r) { reactivated = std::move(r); });
    QTRY_VERIFY_WITH_TIMEOUT(reactivated.has_value(), 5000);
    QVERIFY(reactivated->ok());
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(signedIn.size(), 4, 5000);
    QCOMPARE(session.account().id, customer);
}

void TestEmbeddedExchange::unusableDatabaseFails()
{
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    QSignalSpy failed(&exchange, &EmbeddedExchange::failed);
    EmbeddedExchange::Options o = options(dir);
    QFile blocker(dir.filePath(QStringLiteral("not-a-dir")));
    QVERIFY(blocker.open(QIODevice::WriteOnly)); // a file where the folder should be
    blocker.close();
    o.databasePath = dir.filePath(QStringLiteral("not-a-dir/sandbox.db"));
    ClientSession session;
    session.setTransportFactory([&exchange] { return exchange.connectClient(); });
    session.setReconnectDelays(50, 100);
    exchange.start(o);
    QVERIFY(failed.wait(10'000));
    QVERIFY(!failed.first().first().toString().isEmpty());
    QVERIFY(!exchange.isReady());
    // A desk that tries to connect is refused, not left hanging.
    session.connectToExchange();
    QTest::qWait(300);
    QVERIFY(session.state() != ClientSession::State::Connected);
}

void TestEmbeddedExchange::snapshotsBiggerThanAClientFrameArrive()
{
    // The sandbox's full six weeks: the hourly candle snapshot is ~1,000 candles, more bytes
    // than a client may send in one frame; the session must still read it.
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    EmbeddedExchange::Options o = options(dir);
    o.sandbox.backfillDays = 42;
    QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
    exchange.start(o);
    QVERIFY(ready.wait(60'000));
    ClientSession session;
    session.setTransportFactory([&exchange] { return exchange.connectClient(); });
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    QJsonArray candles;
    connect(&session, &ClientSession::snapshotReceived, this,
            [&candles](const QString &, qint64, const QJsonObject &d) {
                candles = d.value(QStringLiteral("candles")).toArray();
            });
    session.subscribe(QStringLiteral("candles.h100-sxm.1h"));
    QTRY_VERIFY_WITH_TIMEOUT(!candles.isEmpty(), 10'000);
    QVERIFY2(candles.size() > 900, qPrintable(QString::number(candles.size())));
    QVERIFY(QJsonDocument(candles).toJson(QJsonDocument::Compact).size() > Protocol::MaxFrameBytes);
}

QTEST_GUILESS_MAIN(TestEmbeddedExchange)
#include "tst_embeddedexchange.moc"
