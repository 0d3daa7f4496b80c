// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The desk's models fed by a real exchange: the embedded sandbox on its own thread, a client
// session over the in-process transport, and DeskState keeping the models in step: the market
// watch, the book, the account's orders and rentals, and the selected GPU's trades and candles at
// the chosen interval.

#include "engine/exchangeengine.h"
#include "fixtures/sandboxfixture.h"
#include "server/embeddedexchange.h"
#include "server/exchangeservice.h"

#include "views/deskstate.h"
#include "wire/clientsession.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QTemporaryDir>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

namespace {
constexpr qint64 Hour = 3'600'000;
} // namespace

class TestDeskState : public QObject
{
    Q_OBJECT

private slots:
    void modelsFollowTheSandbox();
    void deskFollowsTradesAndCandles();
    void staleWhileDownUntilResynchronised();
    void orderAcrossADropIsPlacedOnce();
    void aBuyAcrossOffersIsToldOnce();
};

void TestDeskState::modelsFollowTheSandbox()
{
    QTemporaryDir dir;
    EmbeddedExchange exchange;
    EmbeddedExchange::Options o;
    o.databasePath = dir.filePath(QStringLiteral("sandbox.db"));
    o.sandbox.backfillDays = 3;
    o.sandbox.stepIntervalMs = 100;
    QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
    exchange.start(o);
    QVERIFY(ready.wait(60'000));

    ClientSession session;
    session.setTransportFactory([&exchange] { return exchange.connectClient(); });
    DeskState desk(session, GpuCatalog::builtIn());
    desk.marketWatch()->setFrameInterval(0);
    desk.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QAbstractItemModelTester t1(desk.marketWatch(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(desk.orderBook(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(desk.openOrders(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t4(desk.rentals(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy balance(&desk, &DeskState::balanceChanged);
    QSignalSpy notifications(&desk, &DeskState::notification);
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);

    // The market watch has the sandbox's offers; the selected GPU's ladder agrees with it.
    const int h100 = desk.marketWatch()->rowOf(QStringLiteral("h100-sxm"));
    QTRY_VERIFY_WITH_TIMEOUT(desk.marketWatch()->ticker(h100).ask.has_value(), 5000);
    desk.selectGpu(QStringLiteral("h100-sxm"));
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->bestAsk().has_value(), 5000);
    QCOMPARE(desk.orderBook()->gpu(), QStringLiteral("h100-sxm"));
    QVERIFY(desk.orderBook()->firstBidRow() > 0);

    // A limit bid far below the market rests: it appears in open orders; cancelled, it goes.
    std::optional<Protocol::Frame> placed;
    session.placeOrder(BidRequest {QStringLiteral("h100-sxm"), OrderKind::Limit, 1, 2, 10, 0, {}},
                       this, [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY(placed.has_value());
    const qint64 orderId = placed->result.value(QStringLiteral("order"))
                               .toObject()
                               .value(QStringLiteral("id"))
                               .toInteger();
    QTRY_VERIFY(desk.openOrders()->contains(orderId));
    QTRY_VERIFY(desk.balance().held > 0);
    std::optional<Protocol::Frame> cancelled;
    session.request(QStringLiteral("order.cancel"), {{QStringLiteral("orderId"), orderId}}, this,
                    [&cancelled](const Protocol::Frame &r) { cancelled = r; });
    QTRY_VERIFY(cancelled.has_value());
    QTRY_VERIFY(!desk.openOrders()->contains(orderId));

    // Buy now: a rental row, a fill notification, a balance move.
    placed.reset();
    const qsizetype balanceMoves = balance.size();
    session.placeOrder(
        BidRequest {QStringLiteral("h100-sxm"), OrderKind::BuyNow, 1, 3, 2000, 0, {}}, this,
        [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY(placed.has_value());
    const qint64 rentalId = placed->result.value(QStringLiteral("rentals"))
                                .toArray()
                                .at(0)
                                .toObject()
                                .value(QStringLiteral("id"))
                                .toInteger();
    QTRY_VERIFY(desk.rentals()->contains(rentalId));
    const int row = desk.rentals()->rowOf(rentalId);
    QVERIFY(!desk.rentals()->index(row, RentalsModel::Access).data().toString().isEmpty());
    QTRY_VERIFY(balance.size() > balanceMoves);
    const auto notified = [&notifications](const QString &kind) {
        return std::any_of(
            notifications.cbegin(), notifications.cend(),
            [&kind](const QList<QVariant> &n) { return n.first().toString() == kind; });
    };
    QTRY_VERIFY(notified(QStringLiteral("fill")));
    QVERIFY(notified(QStringLiteral("rental_started")));

    // Another GPU: the ladder follows.
    desk.selectGpu(QStringLiteral("rtx-4090"));
    QTRY_COMPARE(desk.orderBook()->gpu(), QStringLiteral("rtx-4090"));
    QVERIFY(desk.orderBook()->bestAsk().has_value());
}

void TestDeskState::deskFollowsTradesAndCandles()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start(test::SandboxFixture::Market::Live));
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    QAbstractItemModelTester t1(desk.candles(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(desk.tradeTape(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    QCOMPARE(desk.candleInterval(), CandleInterval::Hour);

    const auto subscribed = [&session] {
        QStringList channels = session.channels();
        channels.sort();
        return channels;
    };
    desk.selectGpu(QStringLiteral("h100-sxm"));
    QCOMPARE(subscribed(),
             (QStringList {QStringLiteral("book.h100-sxm"), QStringLiteral("candles.h100-sxm.1h"),
                           QStringLiteral("ticker"), QStringLiteral("trades.h100-sxm")}));
    // Three days of backfill: hourly candles, and a tape of the GPU's trades.
    QTRY_VERIFY_WITH_TIMEOUT(desk.candles()->rowCount() > 24, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.tradeTape()->rowCount() > 0, 5000);
    QCOMPARE(desk.candles()->gpu(), QStringLiteral("h100-sxm"));
    QCOMPARE(desk.candles()->interval(), CandleInterval::Hour);
    for (int row = 0; row < desk.candles()->rowCount(); ++row)
        QCOMPARE(desk.candles()->candle(row).startMs % Hour, qint64(0));
    QCOMPARE(desk.tradeTape()->trade(0).gpu, QStringLiteral("h100-sxm"));
    QVERIFY(desk.tradeTape()->trade(0).id
            > desk.tradeTape()->trade(desk.tradeTape()->rowCount() - 1).id);

    // Another interval: only the candle channel changes.
    QSignalSpy intervalChanged(&desk, &DeskState::candleIntervalChanged);
    QSignalSpy candleReset(desk.candles(), &QAbstractItemModel::modelReset);
    desk.setCandleInterval(CandleInterval::Day);
    QCOMPARE(intervalChanged.size(), 1);
    QCOMPARE(desk.candleInterval(), CandleInterval::Day);
    QCOMPARE(subscribed(),
             (QStringList {QStringLiteral("book.h100-sxm"), QStringLiteral("candles.h100-sxm.1d"),
                           QStringLiteral("ticker"), QStringLiteral("trades.h100-sxm")}));
    QCOMPARE(candleReset.size(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(desk.candles()->rowCount() >= 3, 5000);
    QCOMPARE(desk.candles()->interval(), CandleInterval::Day);
    for (int row = 0; row < desk.candles()->rowCount(); ++row)
        QCOMPARE(desk.candles()->candle(row).startMs % (24 * Hour), qint64(0));
    // The same interval again: nothing to do.
    desk.setCandleInterval(CandleInterval::Day);
    QCOMPARE(intervalChanged.size(), 1);

    // Another GPU: its book, trades and candles at the same interval, none of the old one's.
    desk.selectGpu(QStringLiteral("rtx-4090"));
    QCOMPARE(subscribed(),
             (QStringList {QStringLiteral("book.rtx-4090"), QStringLiteral("candles.rtx-4090.1d"),
                           QStringLiteral("ticker"), QStringLiteral("trades.rtx-4090")}));
    QTRY_VERIFY_WITH_TIMEOUT(desk.tradeTape()->rowCount() > 0, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.candles()->rowCount() >= 3, 5000);
    QCOMPARE(desk.candles()->gpu(), QStringLiteral("rtx-4090"));
    QCOMPARE(desk.tradeTape()->gpu(), QStringLiteral("rtx-4090"));
    for (int row = 0; row < desk.tradeTape()->rowCount(); ++row)
        QCOMPARE(desk.tradeTape()->trade(row).gpu, QStringLiteral("rtx-4090"));
}

void TestDeskState::staleWhileDownUntilResynchronised()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    session.setReconnectDelays(200, 200);
    DeskState desk(session, GpuCatalog::builtIn());
    QSignalSpy stale(&desk, &DeskState::staleChanged);
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 5000);
    desk.selectGpu(QStringLiteral("h100-sxm"));
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->bestAsk().has_value(), 5000);
    // Connecting the first time is no loss.
    QVERIFY(!desk.isStale());
    QCOMPARE(desk.staleSinceMs(), 0);
    QCOMPARE(stale.size(), 0);

    // The server goes: stale since the drop, while attempts fail; the book keeps its levels.
    sandbox.reachable = false;
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    sandbox.dropConnection();
    QTRY_VERIFY(desk.isStale());
    const qint64 since = desk.staleSinceMs();
    QVERIFY(since >= before && since <= QDateTime::currentMSecsSinceEpoch());
    QCOMPARE(stale.size(), 1);
    QCOMPARE(stale.at(0).at(0).toBool(), true);
    QSignalSpy attempts(&session, &ClientSession::reconnectScheduled);
    QVERIFY(attempts.wait(2000) && attempts.wait(2000)); // two failed attempts at least
    QVERIFY(desk.isStale());
    QCOMPARE(desk.staleSinceMs(), since); // since the first loss, not the last attempt
    QVERIFY(session.nextAttemptMs() > 0 || session.state() == ClientSession::State::Connecting);
    QVERIFY(desk.orderBook()->bestAsk().has_value());

    // It comes back: hello, resume, then the fresh snapshot of every channel: live again.
    const int resubscribed = session.resubscriptions();
    sandbox.reachable = true;
    QTRY_VERIFY_WITH_TIMEOUT(!desk.isStale(), 10'000);
    QCOMPARE(session.state(), ClientSession::State::SignedIn);
    QCOMPARE(desk.staleSinceMs(), 0);
    QCOMPARE(stale.size(), 2);
    QCOMPARE(stale.at(1).at(0).toBool(), false);
    // ticker, account, book, trades and candles were each subscribed again.
    QVERIFY2(session.resubscriptions() >= resubscribed + 5,
             qPrintable(QString::number(session.resubscriptions() - resubscribed)));
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->bestAsk().has_value(), 5000);
}

// A buy that takes several offers reports the GPUs bought in all of them, once: not "8 GPUs
// bought" for the last of three fills.
void TestDeskState::aBuyAcrossOffersIsToldOnce()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start()); // quiet: the book holds still
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    desk.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QSignalSpy notifications(&desk, &DeskState::notification);
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    desk.selectGpu(QStringLiteral("h100-sxm"));
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->bestAsk().has_value(), 5000);
    const OrderBookModel *book = desk.orderBook();
    const int asks = book->firstBidRow();
    QVERIFY2(asks >= 2, "the sandbox offers at two prices or more");
    const int deepest = std::max(0, asks - 3); // the third-best offer, or the second
    const qint64 gpus = book->cumulative(deepest);
    const Cents lowest = *book->bestAsk();
    const Cents highest = book->level(deepest).price;
    QVERIFY(highest > lowest);

    std::optional<Protocol::Frame> placed;
    session.placeOrder(
        BidRequest {QStringLiteral("h100-sxm"), OrderKind::BuyNow, int(gpus), 1, highest, 0, {}},
        this, [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    QVERIFY(placed->result.value(QStringLiteral("rentals")).toArray().size() >= 2);
    const auto fills = [&notifications] {
        QStringList texts;
        for (const QList<QVariant> &n : std::as_const(notifications)) {
            if (n.at(0).toString() == QStringLiteral("fill"))
                texts << n.at(1).toString();
        }
        return texts;
    };
    QTRY_COMPARE_WITH_TIMEOUT(fills().size(), 1, 5000);
    QTest::qWait(2 * DeskState::FillWindowMs);
    QCOMPARE(fills().size(), 1);
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    // The source text: no translation is installed here (English's plural forms would say GPUs).
    QCOMPARE(fills().constFirst(),
             QStringLiteral("%1 GPU(s) of H100 SXM bought at %2 to %3 per GPU-hour")
                 .arg(gpus)
                 .arg(Money::format(lowest, en), Money::format(highest, en)));
}

void TestDeskState::orderAcrossADropIsPlacedOnce()
{
    // A bid sent just before the connection drops: either the server placed it and its reply was
    // lost with the connection, or the server dropped it unhandled with the closed connection.
    // After the reconnect the session sends the same request with the same client order id; the
    // server answers that order again (duplicate) or places it now: one order, never two.
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    session.setReconnectDelays(200, 200);
    DeskState desk(session, GpuCatalog::builtIn());
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.balance().available > 0, 5000);
    const int ordersBefore = desk.openOrders()->rowCount();

    std::optional<Protocol::Frame> reply;
    int replies = 0;
    const QString clientOrderId = session.placeOrder(
        BidRequest {QStringLiteral("h100-sxm"), OrderKind::Limit, 1, 2, 10, 0, {}}, this,
        [&](const Protocol::Frame &r) {
            reply = r;
            ++replies;
        });
    sandbox.dropConnection(); // after the request is on its way, before its reply is back
    QTRY_VERIFY_WITH_TIMEOUT(reply.has_value(), 10'000);
    QCOMPARE(reply->kind, Protocol::FrameKind::Result);
    const QJsonObject order = reply->result.value(QStringLiteral("order")).toObject();
    QCOMPARE(order.value(QStringLiteral("clientOrderId")).toString(), clientOrderId);
    QTRY_COMPARE_WITH_TIMEOUT(desk.openOrders()->rowCount(), ordersBefore + 1, 5000);
    QTest::qWait(500);
    QCOMPARE(replies, 1);
    QCOMPARE(desk.openOrders()->rowCount(), ordersBefore + 1);
}

QTEST_GUILESS_MAIN(TestDeskState)
#include "tst_deskstate.moc"
