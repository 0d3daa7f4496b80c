// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Real client sessions against a real server on loopback over TLS: the market as two people see
// it, and a connection that dies mid-stream.

#include "fixtures/serverfixture.h"

#include "server/serverconnection.h"
#include "wire/clientsession.h"
#include "wire/websockettransport.h"
#include "wire/wirecodec.h"

using namespace everx;
using namespace everx::test;

// Waits up to 5 s for a condition, inside functions that return a value (QTRY_* cannot).
#define WAIT_UNTIL(cond)                                                                           \
    for (int waited_ = 0; waited_ < 5000 && !(cond); waited_ += 10)                                \
    QTest::qWait(10)

namespace {

// Wraps a real WebSocket transport; can swallow the reply to one request and drop the
// connection right then: the server has acted, the client never hears of it.
class LossyTransport final : public Transport
{
public:
    LossyTransport(Transport *inner, QString dropReplyToOp, int *drops)
        : m_inner(inner)
        , m_dropOp(std::move(dropReplyToOp))
        , m_drops(drops)
    {
        inner->setParent(this);
        connect(inner, &Transport::connected, this, &Transport::connected);
        connect(inner, &Transport::disconnected, this, &Transport::disconnected);
        connect(inner, &Transport::errorOccurred, this, &Transport::errorOccurred);
        connect(inner, &Transport::textReceived, this, [this](const QString &text) {
            const auto frame = Protocol::decode(text);
            if (frame && m_dropId != 0 && frame->id == m_dropId) {
                ++*m_drops;
                m_inner->close(1001, QStringLiteral("lost"));
                return;
            }
            Q_EMIT textReceived(text);
        });
    }
    void open() override { m_inner->open(); }
    void close(int code, const QString &reason) override { m_inner->close(code, reason); }
    void sendText(const QString &frame) override
    {
        const auto f = Protocol::decode(frame);
        if (f && !m_dropOp.isEmpty() && f->op == m_dropOp && m_dropId == 0)
            m_dropId = f->id;
        m_inner->sendText(frame);
    }
    bool isConnected() const override { return m_inner->isConnected(); }
    QString peer() const override { return m_inner->peer(); }

private:
    Transport *m_inner;
    QString m_dropOp;
    qint64 m_dropId = 0;
    int *m_drops; // replies swallowed, counted by the desk (the session deletes old transports)
};

// A client session on the fixture's server, pinned to its certificate; it records what it sees.
struct Desk : QObject
{
    ClientSession session;
    QHash<QString, QList<QJsonObject>> snapshots, deltas;
    QHash<QString, QList<BookChange>> bookDeltas;
    QHash<QString, qsizetype> bookDeltasBeforeSnapshot; // of the last snapshot
    QList<QJsonObject> notifications;
    QString dropNextReplyTo;
    int droppedReplies = 0;

    explicit Desk(ServerFixture &f)
    {
        session.setReconnectDelays(50, 200);
        session.setTransportFactory([this, &f]() -> Transport * {
            auto *ws = new WebSocketTransport(f.url());
            ws->setPinnedFingerprint(f.fingerprint);
            return new LossyTransport(ws, std::exchange(dropNextReplyTo, {}), &droppedReplies);
        });
        connect(&session, &ClientSession::snapshotReceived, this,
                [this](const QString &ch, qint64, const QJsonObject &data) {
                    snapshots[ch].append(data);
                    bookDeltasBeforeSnapshot[ch] = bookDeltas[ch].size();
                });
        connect(&session, &ClientSession::deltaReceived, this,
                [this](const QString &ch, qint64, PushType, const QJsonObject &data) {
                    deltas[ch].append(data);
                    if (ch == u"account"
                        && data.value(QStringLiteral("type")).toString() == u"notification")
                        notifications.append(data);
                });
        connect(&session, &ClientSession::bookDeltaReceived, this,
                [this](const QString &ch, qint64, const BookChange &change) {
                    bookDeltas[ch].append(change);
                });
    }

    bool signIn(const QString &email)
    {
        QSignalSpy signedIn(&session, &ClientSession::signedIn);
        session.connectToExchange();
        WAIT_UNTIL(session.state() == ClientSession::State::Connected
                   || session.state() == ClientSession::State::SignedIn);
        session.login(email, QStringLiteral("correct horse"));
        return signedIn.wait(5000) || !signedIn.isEmpty();
    }

    // Sends a request and waits for its reply.
    Protocol::Frame call(const QString &op, const QJsonObject &args)
    {
        std::optional<Protocol::Frame> reply;
        session.request(op, args, this, [&reply](const Protocol::Frame &r) { reply = r; });
        for (int i = 0; i < 500 && !reply; ++i)
            QTest::qWait(10);
        return reply.value_or(Protocol::Frame {});
    }

    bool hasNotification(const QString &kind) const
    {
        for (const QJsonObject &n : notifications)
            if (n.value(QStringLiteral("kind")).toString() == kind)
                return true;
        return false;
    }

    // The book as the desk knows it: the last snapshot with every later delta applied (a level
    // of no GPUs is gone).
    QMap<qint64, qint64> book(const QString &channel, const QString &side)
    {
        QMap<qint64, qint64> levels;
        const QList<QJsonObject> &snaps = snapshots[channel];
        if (snaps.isEmpty())
            return levels;
        QList<BookChange> changes {Wire::bookChange(snaps.last())};
        changes.append(bookDeltas[channel].mid(bookDeltasBeforeSnapshot.value(channel)));
        for (const BookChange &change : changes) {
            for (const BookLevelChange &l : side == u"asks" ? change.asks : change.bids) {
                if (l.gpus == 0)
                    levels.remove(l.price);
                else
                    levels[l.price] = l.gpus;
            }
        }
        return levels;
    }
};

QMap<qint64, qint64> engineBook(ExchangeEngine &e, const QString &gpu, Side side)
{
    QMap<qint64, qint64> levels;
    for (const BookLevel &l : e.book(gpu)->depth(side))
        levels[l.price] = l.quantity;
    return levels;
}

} // namespace

class TestSessionIntegration : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ServerFixture> f;
    qint64 provider = 0, customer = 0;

private slots:
    void init();
    void cleanup();
    void buyNowSeenByBothSides();
    void restingBidFilledByNewListing();
    void reconnectResynchronisesTheBook();
    void retriedOrderIsNotPlacedTwice();
    void theTaxRateIsTheExchanges();
};

void TestSessionIntegration::init()
{
    f = std::make_unique<ServerFixture>();
    provider = f->account(QStringLiteral("provider@x.io"), Role::Provider, QStringLiteral("TR"));
    customer = f->account(QStringLiteral("customer@x.io"), Role::Customer, QStringLiteral("DE"));
    QVERIFY(f->service->engine().topUp(customer, Currency::USD, 100'000).ok());
}

void TestSessionIntegration::cleanup()
{
    QVERIFY(f->service->engine().checkInvariants().isEmpty());
    f.reset();
}

void TestSessionIntegration::buyNowSeenByBothSides()
{
    Desk seller(*f), buyer(*f);
    QVERIFY(seller.signIn(QStringLiteral("provider@x.io")));
    QVERIFY(buyer.signIn(QStringLiteral("customer@x.io")));
    for (Desk *d : {&seller, &buyer}) {
        d->session.subscribe(QStringLiteral("account"));
        d->session.subscribe(QStringLiteral("trades.h100-sxm"));
    }
    buyer.session.subscribe(QStringLiteral("book.h100-sxm"));
    buyer.session.subscribe(QStringLiteral("candles.h100-sxm.1m"));
    buyer.session.subscribe(QStringLiteral("ticker"));
    QTRY_COMPARE(buyer.snapshots[QStringLiteral("book.h100-sxm")].size(), 1);
    QTRY_COMPARE(buyer.snapshots[QStringLiteral("ticker")].size(), 1);
    QTRY_COMPARE(seller.snapshots[QStringLiteral("account")].size(), 1);
    QVERIFY(buyer.book(QStringLiteral("book.h100-sxm"), QStringLiteral("asks")).isEmpty());

    // The provider lists a server: the customer's book shows it as a delta.
    const Protocol::Frame listed =
        seller.call(QStringLiteral("listing.add"),
                    {{QStringLiteral("gpu"), QStringLiteral("h100-sxm")},
                     {QStringLiteral("gpus"), 4},
                     {QStringLiteral("region"), QStringLiteral("eu-central")},
                     {QStringLiteral("endpoint"), QStringLiteral("ssh gpu@203.0.113.7")},
                     {QStringLiteral("price"), QStringLiteral("2.88")}});
    QCOMPARE(listed.kind, Protocol::FrameKind::Result);
    QTRY_VERIFY(!buyer.bookDeltas[QStringLiteral("book.h100-sxm")].isEmpty());
    QVERIFY(buyer.deltas[QStringLiteral("book.h100-sxm")].isEmpty()); // only as read levels
    const BookChange &change = buyer.bookDeltas[QStringLiteral("book.h100-sxm")].last();
    QCOMPARE(change.asks.size(), size_t(1));
    QCOMPARE(change.asks.at(0).price, 288);
    QCOMPARE(change.asks.at(0).gpus, 4);

    // The customer buys now: a rental with the access details, at the offer's price.
    std::optional<Protocol::Frame> placed;
    buyer.session.placeOrder(
        BidRequest {QStringLiteral("h100-sxm"), OrderKind::BuyNow, 2, 3, 300, 0, {}}, this,
        [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY(placed.has_value());
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    const QJsonObject rental =
        placed->result.value(QStringLiteral("rentals")).toArray().at(0).toObject();
    QCOMPARE(rental.value(QStringLiteral("price")).toString(), QStringLiteral("2.88"));
    QCOMPARE(rental.value(QStringLiteral("endpoint")).toString(),
             QStringLiteral("ssh gpu@203.0.113.7"));
    QCOMPARE(placed->result.value(QStringLiteral("order"))
                 .toObject()
                 .value(QStringLiteral("state"))
                 .toString(),
             QStringLiteral("filled"));

    // Both see the trade; each sees the rental and its own ledger move.
    for (Desk *d : {&seller, &buyer}) {
        QTRY_VERIFY(!d->deltas[QStringLiteral("trades.h100-sxm")].isEmpty());
        const QJsonObject trade = d->deltas[QStringLiteral("trades.h100-sxm")]
                                      .last()
                                      .value(QStringLiteral("trades"))
                                      .toArray()
                                      .at(0)
                                      .toObject();
        QCOMPARE(trade.value(QStringLiteral("gpus")).toInteger(), 2);
        QCOMPARE(trade.value(QStringLiteral("side")).toString(), QStringLiteral("buy"));
        QTRY_VERIFY(d->hasNotification(QStringLiteral("rental_started")));
        bool rentalEvent = false, ledgerEvent = false, balanceEvent = false;
        for (const QJsonObject &e : d->deltas[QStringLiteral("account")]) {
            const QString type = e.value(QStringLiteral("type")).toString();
            rentalEvent = rentalEvent || type == u"rental";
            ledgerEvent = ledgerEvent || type == u"ledger";
            balanceEvent = balanceEvent || type == u"balance";
        }
        QVERIFY(rentalEvent && ledgerEvent && balanceEvent);
    }
    // Only the customer learns who rents: the provider's rental, live and listed, has no
    // customer, order or tax rate.
    for (const QJsonObject &e : seller.deltas[QStringLiteral("account")]) {
        if (e.value(QStringLiteral("type")).toString() != u"rental")
            continue;
        const QJsonObject seen = e.value(QStringLiteral("rental")).toObject();
        QCOMPARE(seen.value(QStringLiteral("id")), rental.value(QStringLiteral("id")));
        QCOMPARE(seen.value(QStringLiteral("customerId")).toInteger(), 0);
        QCOMPARE(seen.value(QStringLiteral("orderId")).toInteger(), 0);
        QCOMPARE(seen.value(QStringLiteral("taxBp")).toInteger(), 0);
    }
    const QJsonObject listedForProvider = seller.call(QStringLiteral("rental.list"), {})
                                              .result.value(QStringLiteral("rentals"))
                                              .toArray()
                                              .at(0)
                                              .toObject();
    QCOMPARE(listedForProvider.value(QStringLiteral("customerId")).toInteger(), 0);
    QCOMPARE(listedForProvider.value(QStringLiteral("endpoint")).toString(),
             QStringLiteral("ssh gpu@203.0.113.7"));
    const QJsonObject listedForCustomer = buyer.call(QStringLiteral("rental.list"), {})
                                              .result.value(QStringLiteral("rentals"))
                                              .toArray()
                                              .at(0)
                                              .toObject();
    QVERIFY(listedForCustomer.value(QStringLiteral("customerId")).toInteger() > 0);
    QCOMPARE(listedForCustomer.value(QStringLiteral("customerId")),
             rental.value(QStringLiteral("customerId")));
    QVERIFY(buyer.hasNotification(QStringLiteral("fill")));
    // The trade makes a candle (volume in GPU-hours: 2 GPUs x 3 h) and moves the ticker.
    QTRY_VERIFY(!buyer.deltas[QStringLiteral("candles.h100-sxm.1m")].isEmpty());
    const QJsonObject candle = buyer.deltas[QStringLiteral("candles.h100-sxm.1m")]
                                   .last()
                                   .value(QStringLiteral("candles"))
                                   .toArray()
                                   .last()
                                   .toObject();
    QCOMPARE(candle.value(QStringLiteral("c")).toString(), QStringLiteral("2.88"));
    QCOMPARE(candle.value(QStringLiteral("v")).toInteger(), 6);
    QCOMPARE(candle.value(QStringLiteral("t")).toInteger() % 60'000, 0);
    QTRY_VERIFY(!buyer.deltas[QStringLiteral("ticker")].isEmpty());
    bool tickerMoved = false;
    for (const QJsonObject &d : buyer.deltas[QStringLiteral("ticker")])
        for (const QJsonValue &g : d.value(QStringLiteral("gpus")).toArray())
            tickerMoved = tickerMoved
                || (g.toObject().value(QStringLiteral("gpu")).toString() == u"h100-sxm"
                    && g.toObject().value(QStringLiteral("last")).toString() == u"2.88");
    QVERIFY(tickerMoved);
    // 2 GPUs x 3 h x (2.88 + 19 % VAT 0.55) = 20.58 reserved; the first hour is paid.
    const Protocol::Frame account = buyer.call(QStringLiteral("account.get"), {});
    QCOMPARE(account.result.value(QStringLiteral("balance"))
                 .toObject()
                 .value(QStringLiteral("available"))
                 .toString(),
             QStringLiteral("979.42"));
    QCOMPARE(account.result.value(QStringLiteral("balance"))
                 .toObject()
                 .value(QStringLiteral("held"))
                 .toString(),
             QStringLiteral("13.72"));
}

void TestSessionIntegration::restingBidFilledByNewListing()
{
    Desk seller(*f), buyer(*f);
    QVERIFY(seller.signIn(QStringLiteral("provider@x.io")));
    QVERIFY(buyer.signIn(QStringLiteral("customer@x.io")));
    buyer.session.subscribe(QStringLiteral("account"));
    QTRY_COMPARE(buyer.snapshots[QStringLiteral("account")].size(), 1);
    std::optional<Protocol::Frame> placed;
    buyer.session.placeOrder(
        BidRequest {QStringLiteral("h200"), OrderKind::Limit, 1, 2, 500, 0, {}}, this,
        [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY(placed.has_value());
    QCOMPARE(placed->result.value(QStringLiteral("order"))
                 .toObject()
                 .value(QStringLiteral("state"))
                 .toString(),
             QStringLiteral("open"));
    QVERIFY(!buyer.hasNotification(QStringLiteral("fill")));

    QCOMPARE(seller
                 .call(QStringLiteral("listing.add"),
                       {{QStringLiteral("gpu"), QStringLiteral("h200")},
                        {QStringLiteral("gpus"), 2},
                        {QStringLiteral("region"), QStringLiteral("ap-southeast")},
                        {QStringLiteral("endpoint"), QStringLiteral("ssh h200@198.51.100.4")},
                        {QStringLiteral("price"), QStringLiteral("4.00")}})
                 .kind,
             Protocol::FrameKind::Result);
    // The bidder hears of it at once: a fill at its own price, the order filled, the rental.
    QTRY_VERIFY(buyer.hasNotification(QStringLiteral("fill")));
    QJsonObject fill;
    for (const QJsonObject &n : std::as_const(buyer.notifications))
        if (n.value(QStringLiteral("kind")).toString() == u"fill")
            fill = n;
    QCOMPARE(
        fill.value(QStringLiteral("trade")).toObject().value(QStringLiteral("price")).toString(),
        QStringLiteral("5.00"));
    QCOMPARE(
        fill.value(QStringLiteral("trade")).toObject().value(QStringLiteral("side")).toString(),
        QStringLiteral("sell"));
    bool filledOrder = false;
    for (const QJsonObject &e : buyer.deltas[QStringLiteral("account")])
        filledOrder = filledOrder
            || e.value(QStringLiteral("order")).toObject().value(QStringLiteral("state")).toString()
                == u"filled";
    QVERIFY(filledOrder);
    QCOMPARE(f->service->engine().runningRentals(customer).size(), 1);
}

void TestSessionIntegration::reconnectResynchronisesTheBook()
{
    Desk seller(*f), watcher(*f);
    QVERIFY(seller.signIn(QStringLiteral("provider@x.io")));
    QVERIFY(watcher.signIn(QStringLiteral("customer@x.io")));
    watcher.session.subscribe(QStringLiteral("book.a100-sxm"));
    QTRY_COMPARE(watcher.snapshots[QStringLiteral("book.a100-sxm")].size(), 1);
    const QJsonObject listing = {{QStringLiteral("gpu"), QStringLiteral("a100-sxm")},
                                 {QStringLiteral("gpus"), 2},
                                 {QStringLiteral("region"), QStringLiteral("eu")},
                                 {QStringLiteral("endpoint"), QStringLiteral("ssh a")},
                                 {QStringLiteral("price"), QStringLiteral("1.79")}};
    QCOMPARE(seller.call(QStringLiteral("listing.add"), listing).kind, Protocol::FrameKind::Result);
    QTRY_COMPARE(watcher.bookDeltas[QStringLiteral("book.a100-sxm")].size(), 1);

    // The server kills the watcher's connection mid-stream; the market moves while it is gone.
    const int resubscriptionsBefore = watcher.session.resubscriptions();
    for (ServerConnection *c : f->service->findChildren<ServerConnection *>()) {
        if (c->accountId() == customer)
            c->close(1011, QStringLiteral("killed by the test"));
    }
    QTRY_VERIFY(watcher.session.state() != ClientSession::State::SignedIn);
    QJsonObject cheaper = listing;
    cheaper.insert(QStringLiteral("price"), QStringLiteral("1.69"));
    QCOMPARE(seller.call(QStringLiteral("listing.add"), cheaper).kind, Protocol::FrameKind::Result);
    QCOMPARE(seller.call(QStringLiteral("listing.add"), cheaper).kind, Protocol::FrameKind::Result);

    // It reconnects, resumes its session, and a fresh snapshot brings the book it missed.
    QTRY_COMPARE_WITH_TIMEOUT(watcher.session.state(), ClientSession::State::SignedIn, 10'000);
    QTRY_COMPARE(watcher.snapshots[QStringLiteral("book.a100-sxm")].size(), 2);
    QVERIFY(watcher.session.resubscriptions() > resubscriptionsBefore);
    QCOMPARE(watcher.session.account().id, customer);
    QTRY_COMPARE(watcher.book(QStringLiteral("book.a100-sxm"), QStringLiteral("asks")),
                 engineBook(f->service->engine(), QStringLiteral("a100-sxm"), Side::Ask));
    QCOMPARE(watcher.book(QStringLiteral("book.a100-sxm"), QStringLiteral("asks")).value(169),
             qint64(4));
}

void TestSessionIntegration::retriedOrderIsNotPlacedTwice()
{
    Desk buyer(*f);
    f->service->engine().addListing(
        provider,
        {QStringLiteral("rtx-4090"), 8, QStringLiteral("eu"), QStringLiteral("ssh r"), 33});
    QVERIFY(buyer.signIn(QStringLiteral("customer@x.io")));
    // The next connection loses the reply to the order: the server places it, the desk never
    // hears of it, and the connection drops.
    buyer.session.disconnectFromExchange();
    buyer.dropNextReplyTo = QStringLiteral("order.place");
    buyer.session.connectToExchange();
    QTRY_COMPARE(buyer.session.state(), ClientSession::State::SignedIn);
    std::optional<Protocol::Frame> placed;
    const QString clientOrderId = buyer.session.placeOrder(
        BidRequest {QStringLiteral("rtx-4090"), OrderKind::BuyNow, 3, 2, 40, 0, {}}, this,
        [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 10'000);
    QCOMPARE(buyer.droppedReplies, 1); // the first reply really was lost
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    QCOMPARE(placed->result.value(QStringLiteral("duplicate")).toBool(),
             true); // the retry's answer
    QCOMPARE(placed->result.value(QStringLiteral("order"))
                 .toObject()
                 .value(QStringLiteral("clientOrderId"))
                 .toString(),
             clientOrderId);
    // Exactly one order, one rental, one hold.
    QCOMPARE(f->service->engine().runningRentals(customer).size(), 1);
    QCOMPARE(f->service->engine().runningRentals(customer).first().gpus, 3);
    QCOMPARE(f->service->engine().balance(customer).available, Cents(100'000 - 3 * 2 * (33 + 6)));
}

// The desk shows prices with the tax rate the exchange charges, never a table of its own: on an
// exchange whose table has Germany at 12.34 %, a German customer's session says 12.34 % at sign-in
// and again after it resumed on a new connection.
void TestSessionIntegration::theTaxRateIsTheExchanges()
{
    static const TaxTable table = *TaxTable::fromJson(
        R"({"version": 1, "source": "a test's", "asOf": "2026-12-01", "rates": {"DE": 1234}})");
    QCOMPARE_NE(TaxTable::builtIn().basisPoints(u"DE"), std::optional<int>(1234));
    f = std::make_unique<ServerFixture>(
        true,
        [](ExchangeService::Options &o, ExchangeServer::Options &) { o.engine.taxes = &table; });
    f->account(QStringLiteral("customer@x.io"), Role::Customer, QStringLiteral("DE"));
    Desk desk(*f);
    QCOMPARE(desk.session.taxBasisPoints(), 0);
    QVERIFY(desk.signIn(QStringLiteral("customer@x.io")));
    QCOMPARE(desk.session.taxBasisPoints(), 1234);

    for (ServerConnection *c : f->service->findChildren<ServerConnection *>())
        c->close(1011, QStringLiteral("killed by the test"));
    QTRY_VERIFY(desk.session.state() != ClientSession::State::SignedIn);
    QTRY_COMPARE_WITH_TIMEOUT(desk.session.state(), ClientSession::State::SignedIn, 10'000);
    QCOMPARE(desk.session.taxBasisPoints(), 1234);
}

QTEST_GUILESS_MAIN(TestSessionIntegration)
#include "tst_sessionintegration.moc"
