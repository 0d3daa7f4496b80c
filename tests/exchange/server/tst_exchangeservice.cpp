// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// support.verify: the whole ledger verified on a connection and a thread of its own while the
// exchange goes on answering, the first bad entry or account named, one verification at a time.
// Group commit: pipelined requests of several connections committed in batches, answered in
// order, durable, larger while requests keep waiting; a batch whose commit fails answered
// storage_error throughout and undone.
// Fan-out: every subscriber of a channel gets the very same frame; books and the ticker wait,
// merged, at most an interval while requests wait behind a batch, and go out at once when none
// does; a ticker snapshot first publishes what changed to the other subscribers.

#include "fixtures/serverfixture.h"

#include "server/serverconnection.h"

#include "wire/inprocesstransport.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QThread>
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
    void pipelinedRequestsFormBatches();
    void saturatedBatchesGrowWithTheirCycle();
    void failedBatchAnswersStorageError_data();
    void failedBatchAnswersStorageError();
    void repliesWaitForTheWriter();
    void subscribersGetIdenticalFrames();
    void marketDataWaitsOnlyWhileRequestsWait_data();
    void marketDataWaitsOnlyWhileRequestsWait();
    void aTickerSnapshotPublishesWhatChangedFirst();
    void noDeltaBeforeTheSnapshot();
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

namespace {

QJsonObject limitBid(const QString &gpu, qint32 gpus, Cents price)
{
    return Wire::toJson(BidRequest {gpu, OrderKind::Limit, gpus, 2, price, 0, {}});
}

} // namespace

// Four connections each send 40 requests without waiting (placements and pings): the service
// commits them in fewer transactions than there are placements, every connection's replies come
// in the order of its requests, and every acknowledged order is there after a reopen.
void TestExchangeService::pipelinedRequestsFormBatches()
{
    ServerFixture f;
    constexpr int Clients = 4, PerClient = 40, FirstId = 1000;
    std::vector<std::unique_ptr<RawClient>> clients;
    for (int i = 0; i < Clients; ++i) {
        const QString email = QStringLiteral("c%1@x.io").arg(i);
        f.service->engine().topUp(f.account(email, Role::Customer), Currency::USD, 10'000'000);
        clients.push_back(std::make_unique<RawClient>(f));
        QVERIFY(clients.back()->waitConnected());
        QVERIFY(clients.back()->login(email));
    }
    int commits = 0;
    f.service->engine().setCommitObserver([&commits](qint64, bool) { ++commits; });
    QSignalSpy batches(f.service.get(), &ExchangeService::batchCommitted);
    int placements = 0;
    for (int k = 0; k < PerClient; ++k) {
        for (int i = 0; i < Clients; ++i) {
            const bool ping = k % 5 == 4;
            placements += ping ? 0 : 1;
            clients[size_t(i)]->socket.sendTextMessage(
                ping ? Protocol::encodeRequest(FirstId + k, QString(Op::Ping))
                     : Protocol::encodeRequest(FirstId + k, QString(Op::OrderPlace),
                                               limitBid(QStringLiteral("h200"), 1, 200 + k)));
        }
    }
    for (const auto &c : clients)
        QVERIFY(!replyTo(*c, FirstId + PerClient - 1).isEmpty());
    for (const auto &c : clients) {
        QList<qint64> ids;
        for (const QJsonObject &r : std::as_const(c->replies)) {
            if (r.value(QStringLiteral("id")).toInteger() >= FirstId) {
                ids.append(r.value(QStringLiteral("id")).toInteger());
                QVERIFY2(!RawClient::result(r).isEmpty(), qPrintable(RawClient::errorCode(r)));
            }
        }
        QList<qint64> expected;
        for (int k = 0; k < PerClient; ++k)
            expected.append(FirstId + k);
        QCOMPARE(ids, expected); // no reply overtook an earlier one of its connection
    }
    int largest = 0;
    for (const QList<QVariant> &b : std::as_const(batches)) {
        largest = std::max(largest, b.at(0).toInt());
        QVERIFY(b.at(1).toBool());
    }
    qInfo() << placements << "placements," << commits << "commits," << batches.size()
            << "batches, largest" << largest;
    QVERIFY(largest > 1);
    QVERIFY(commits < placements);
    QCOMPARE(f.service->engine().openOrders().size(), placements);

    f.service->close();
    ExchangeEngine reopened(f.clock);
    ExchangeEngine::Options o;
    o.database.location = f.dir.filePath(QStringLiteral("server.db"));
    o.passwordLog2N = 4;
    QVERIFY(reopened.open(o));
    QCOMPARE(reopened.openOrders().size(), placements);
}

// While requests are still waiting when a batch is done, the next one may handle them for as
// long as the rest of the last cycle took. Here every commit takes 10 ms and a quiet batch 0.1 ms
// of handling at most: the same 300 pipelined placements take several times fewer batches than
// with the growth turned off (maxSaturatedBatchMicros no larger than maxBatchMicros).
void TestExchangeService::saturatedBatchesGrowWithTheirCycle()
{
    constexpr int Requests = 300;
    auto batchesFor = [](int maxSaturatedBatchMicros) {
        ServerFixture f(false, [=](ExchangeService::Options &service, ExchangeServer::Options &) {
            service.maxBatchMicros = 100;
            service.maxSaturatedBatchMicros = maxSaturatedBatchMicros;
            service.engine.maxOpenOrders = Requests;
        });
        const QString email = QStringLiteral("c@x.io");
        f.service->engine().topUp(f.account(email, Role::Customer), Currency::USD, 100'000'000);
        RawClient client(f);
        if (!client.waitConnected() || !client.login(email))
            return -1;
        ServerConnection *connection = f.service->findChildren<ServerConnection *>().value(0);
        if (!connection)
            return -1;
        f.service->engine().setCommitObserver([](qint64, bool) { QThread::msleep(10); });
        QSignalSpy batches(f.service.get(), &ExchangeService::batchCommitted);
        for (int k = 0; k < Requests; ++k) { // queued together, as one read of many frames
            Protocol::Frame frame;
            frame.id = 1'000 + k;
            frame.op = QString(Op::OrderPlace);
            frame.args = limitBid(QStringLiteral("h200"), 1, 200 + k % 50);
            f.service->handle(*connection, frame);
        }
        if (RawClient::result(replyTo(client, 1'000 + Requests - 1)).isEmpty())
            return -1;
        f.service->engine().setCommitObserver({});
        return int(batches.size());
    };
    const int fixed = batchesFor(100);
    const int growing = batchesFor(10'000'000);
    qInfo() << Requests << "placements in" << fixed << "batches with a fixed bound," << growing
            << "with a growing one";
    QVERIFY(fixed > 0 && growing > 0);
    QVERIFY2(growing * 3 < fixed, qPrintable(QStringLiteral("%1 / %2").arg(growing).arg(fixed)));
}

void TestExchangeService::failedBatchAnswersStorageError_data()
{
    QTest::addColumn<bool>("pipelined");
    QTest::newRow("committed by the writer thread") << true;
    QTest::newRow("committed in turn") << false;
}

// A batch whose commit fails: every request in it (writes, reads, a ping, a subscription) is
// answered storage_error, nothing of it is left in memory or on disk, its subscription is taken
// back and its pushes never go out; the next request is served as usual. Committed by the
// writer thread, its pushes were built and held: the subscribers get a fresh snapshot instead,
// of the state before it.
void TestExchangeService::failedBatchAnswersStorageError()
{
    QFETCH(bool, pipelined);
    // One batch whatever the machine's speed: the five requests must not outlast the batch's
    // time bound (under the sanitizers they took more than the default 2 ms).
    ServerFixture f(true,
                    [pipelined](ExchangeService::Options &service, ExchangeServer::Options &) {
                        service.maxBatchMicros = 60'000'000;
                        service.pipelinedCommit = pipelined;
                    });
    const QString gpu = QStringLiteral("h100-sxm");
    const qint64 provider = f.account(QStringLiteral("p@x.io"), Role::Provider);
    QVERIFY(f.service->engine()
                .addListing(provider, {gpu, 4, QStringLiteral("eu"), QStringLiteral("ssh h"), 300})
                .ok());
    RawClient a(f), b(f), watcher(f);
    for (const auto &[client, email] :
         {std::pair {&a, QStringLiteral("a@x.io")}, std::pair {&b, QStringLiteral("b@x.io")}}) {
        f.service->engine().topUp(f.account(email, Role::Customer), Currency::USD, 1'000'000);
        QVERIFY(client->waitConnected());
        QVERIFY(client->login(email));
    }
    QVERIFY(watcher.waitConnected());
    QVERIFY(!RawClient::result(
                 watcher.call(QString(Op::Subscribe), Wire::channelRequest(Channel::book(gpu))))
                 .isEmpty());
    const QJsonObject bookBefore = watcher.waitPush(Channel::book(gpu), QStringLiteral("snapshot"));
    QVERIFY(!bookBefore.isEmpty());
    ServerConnection *ca = nullptr, *cb = nullptr;
    for (ServerConnection *c : f.service->findChildren<ServerConnection *>()) {
        if (c->accountId() == f.service->engine().accountByEmail(QStringLiteral("a@x.io"))->id)
            ca = c;
        if (c->accountId() == f.service->engine().accountByEmail(QStringLiteral("b@x.io"))->id)
            cb = c;
    }
    QVERIFY(ca && cb);

    const QString before = stateFingerprint(f.service->engine());
    qsizetype watcherPushes = watcher.pushes.size();
    f.service->engine().database().failNextCommit();
    QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(QStringLiteral("commit failed")));
    QSignalSpy batches(f.service.get(), &ExchangeService::batchCommitted);
    // Handed to the service together, as a connection's reads would: one batch.
    auto request = [](qint64 id, QLatin1StringView op, const QJsonObject &args = {}) {
        Protocol::Frame frame;
        frame.id = id;
        frame.op = QString(op);
        frame.args = args;
        return frame;
    };
    f.service->handle(*ca,
                      request(50, Op::OrderPlace,
                              Wire::toJson(BidRequest {gpu, OrderKind::BuyNow, 2, 3, 300, 0, {}})));
    f.service->handle(*cb, request(51, Op::OrderPlace, limitBid(QStringLiteral("h200"), 1, 450)));
    f.service->handle(*ca, request(52, Op::Ping));
    f.service->handle(
        *cb, request(53, Op::Subscribe, Wire::channelRequest(QString(Channel::AccountName))));
    f.service->handle(*ca, request(54, Op::OrderList));
    for (const auto &[client, id] : {std::pair {&a, 50}, std::pair {&b, 51}, std::pair {&a, 52},
                                     std::pair {&b, 53}, std::pair {&a, 54}})
        QCOMPARE(RawClient::errorCode(replyTo(*client, id)), errorCodeName(ErrorCode::Storage));
    QCOMPARE(batches.size(), 1);
    QCOMPARE(batches.first().at(0).toInt(), 5);
    QCOMPARE(batches.first().at(1).toBool(), false);
    QCOMPARE(stateFingerprint(f.service->engine()), before);
    QVERIFY(cb->subscriptions().isEmpty());
    QVERIFY(b.pushes.isEmpty()); // no account snapshot, no events
    if (pipelined) {
        // The book's delta, if it was built, was held and never sent; the fresh snapshot shows
        // the book as it was.
        const QJsonObject again =
            watcher.waitPush(Channel::book(gpu), QStringLiteral("snapshot"), watcherPushes);
        QCOMPARE(again.value(u"data"), bookBefore.value(u"data"));
        QVERIFY(again.value(u"seq").toInteger() >= bookBefore.value(u"seq").toInteger());
        ++watcherPushes;
    }
    QTest::qWait(100);
    QCOMPARE(watcher.pushes.size(), watcherPushes);

    // The exchange goes on: the same purchase succeeds, and only now is the book's delta pushed.
    const QJsonObject bought =
        a.call(QString(Op::OrderPlace),
               Wire::toJson(BidRequest {gpu, OrderKind::BuyNow, 2, 3, 300, 0, {}}));
    QVERIFY2(!RawClient::result(bought).isEmpty(), qPrintable(RawClient::errorCode(bought)));
    QVERIFY(
        !watcher.waitPush(Channel::book(gpu), QStringLiteral("delta"), watcherPushes).isEmpty());
    f.service->close();
    ExchangeEngine reopened(f.clock);
    ExchangeEngine::Options o;
    o.database.location = f.dir.filePath(QStringLiteral("server.db"));
    o.passwordLog2N = 4;
    QVERIFY(reopened.open(o));
    QCOMPARE(reopened.runningRentals().size(), 1);
    QVERIFY(reopened.openOrders().isEmpty());
}

// A push is encoded once per channel message: the frames of the book, trades and ticker
// channels that three subscribers receive are byte for byte the same.
// Committed by the writer thread, a batch's replies and pushes are built at once but go out only
// once its commit is done: while the writer is held, the buyer has no reply and the watcher no
// delta; once it goes on, both arrive.
void TestExchangeService::repliesWaitForTheWriter()
{
    ServerFixture f(true, [](ExchangeService::Options &service, ExchangeServer::Options &) {
        service.pipelinedCommit = true;
        // Both would wait for the held writer, on the thread that lets it go.
        service.tickMs = 3'600'000;
        service.pruneIntervalMs = 3'600'000;
    });
    const QString gpu = QStringLiteral("h100-sxm");
    const qint64 provider = f.account(QStringLiteral("p@x.io"), Role::Provider);
    QVERIFY(f.service->engine()
                .addListing(provider, {gpu, 4, QStringLiteral("eu"), QStringLiteral("ssh h"), 300})
                .ok());
    f.service->engine().topUp(f.account(QStringLiteral("a@x.io"), Role::Customer), Currency::USD,
                              1'000'000);
    RawClient a(f), watcher(f);
    QVERIFY(a.waitConnected() && watcher.waitConnected());
    QVERIFY(a.login(QStringLiteral("a@x.io")));
    QVERIFY(!RawClient::result(
                 watcher.call(QString(Op::Subscribe), Wire::channelRequest(Channel::book(gpu))))
                 .isEmpty());
    QVERIFY(!watcher.waitPush(Channel::book(gpu), QStringLiteral("snapshot")).isEmpty());
    const qsizetype pushes = watcher.pushes.size();
    const qsizetype replies = a.replies.size();

    f.service->engine().database().setWriterPaused(true);
    a.socket.sendTextMessage(Protocol::encodeRequest(
        900, QString(Op::OrderPlace),
        Wire::toJson(BidRequest {gpu, OrderKind::BuyNow, 2, 3, 300, 0, {}})));
    QTRY_VERIFY(f.service->engine().batchHandedOff());
    QTest::qWait(100);
    QCOMPARE(a.replies.size(), replies);
    QCOMPARE(watcher.pushes.size(), pushes);
    QCOMPARE(f.service->engine().runningRentals().size(), 1); // in memory, not yet durable

    f.service->engine().database().setWriterPaused(false);
    QVERIFY(!RawClient::result(replyTo(a, 900)).isEmpty());
    QVERIFY(!watcher.waitPush(Channel::book(gpu), QStringLiteral("delta"), pushes).isEmpty());
    QVERIFY(!f.service->engine().batchHandedOff());
}

void TestExchangeService::subscribersGetIdenticalFrames()
{
    ServerFixture f;
    const QString gpu = QStringLiteral("h100-sxm");
    const qint64 provider = f.account(QStringLiteral("p@x.io"), Role::Provider);
    const qint64 customer = f.account(QStringLiteral("c@x.io"), Role::Customer);
    f.service->engine().topUp(customer, Currency::USD, 1'000'000);
    const auto listing = f.service->engine().addListing(
        provider, {gpu, 4, QStringLiteral("eu"), QStringLiteral("ssh h"), 300});
    QVERIFY(listing.ok());
    f.service->publishChanges();
    const QStringList channels {Channel::book(gpu), Channel::trades(gpu),
                                QString(Channel::TickerName)};
    std::vector<std::unique_ptr<RawClient>> watchers;
    for (int i = 0; i < 3; ++i) {
        watchers.push_back(std::make_unique<RawClient>(f));
        RawClient &w = *watchers.back();
        QVERIFY(w.waitConnected());
        for (const QString &channel : channels) {
            QVERIFY(
                !RawClient::result(w.call(QString(Op::Subscribe), Wire::channelRequest(channel)))
                     .isEmpty());
            QVERIFY(!w.waitPush(channel, QStringLiteral("snapshot")).isEmpty());
        }
    }
    std::vector<qsizetype> marks;
    for (const auto &w : watchers)
        marks.push_back(w->rawIn.size());
    // A purchase: the book, the tape and the ticker change.
    QVERIFY(
        f.service->engine().placeBid(customer, {gpu, OrderKind::BuyNow, 2, 3, 300, 0, {}}).ok());
    f.service->publishChanges();
    for (size_t i = 0; i < watchers.size(); ++i) {
        for (const QString &channel : channels)
            QVERIFY2(!watchers[i]->waitPush(channel, QStringLiteral("delta")).isEmpty(),
                     qPrintable(channel));
    }
    const QStringList first = watchers[0]->rawIn.mid(marks[0]);
    QCOMPARE(first.size(), channels.size());
    for (size_t i = 1; i < watchers.size(); ++i)
        QCOMPARE(watchers[i]->rawIn.mid(marks[i]), first);
}

namespace {

// The pushes of `channel` of type `type` that came after index `from`.
QList<QJsonObject> pushesOf(const RawClient &c, const QString &channel, const QString &type,
                            qsizetype from)
{
    QList<QJsonObject> found;
    for (qsizetype k = from; k < c.pushes.size(); ++k) {
        if (c.pushes[k].value(QStringLiteral("ch")).toString() == channel
            && c.pushes[k].value(QStringLiteral("type")).toString() == type)
            found.append(c.pushes[k]);
    }
    return found;
}

// The ticker entry of gpu in a ticker push.
std::optional<TickerEntry> tickerOf(const QJsonObject &push, const QString &gpu)
{
    const auto entries =
        Wire::unwrapList<TickerEntry>(push.value(QStringLiteral("data")).toObject());
    for (const TickerEntry &t : entries.value_or(QList<TickerEntry>())) {
        if (t.gpu == gpu)
            return t;
    }
    return std::nullopt;
}

} // namespace

void TestExchangeService::marketDataWaitsOnlyWhileRequestsWait_data()
{
    QTest::addColumn<int>("intervalMs");
    QTest::newRow("conflated") << 2'000;
    QTest::newRow("every batch") << 0;
}

// The first change of a quiet exchange is published at once. Three placements queued together,
// one a batch: the first two batches leave requests waiting, so their books and ticker wait too
// (within the interval since the last publication) and go out with the third, as one book delta
// and one ticker delta holding all three; the third leaves none waiting, so that is at once, not
// when the interval ends. With no interval, each batch publishes its own.
void TestExchangeService::marketDataWaitsOnlyWhileRequestsWait()
{
    QFETCH(int, intervalMs);
    ServerFixture f(true, [intervalMs](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.marketDataIntervalMs = intervalMs;
        o.maxBatchRequests = 1;
        o.tickMs = 60'000; // only these changes publish
    });
    const QString gpu = QStringLiteral("h100-sxm");
    const QString email = QStringLiteral("c@x.io");
    const qint64 customer = f.account(email, Role::Customer);
    f.service->engine().topUp(customer, Currency::USD, 1'000'000);
    RawClient w(f);
    QVERIFY(w.waitConnected());
    for (const QString &channel : {Channel::book(gpu), QString(Channel::TickerName)}) {
        QVERIFY(!RawClient::result(w.call(QString(Op::Subscribe), Wire::channelRequest(channel)))
                     .isEmpty());
        QVERIFY(!w.waitPush(channel, QStringLiteral("snapshot")).isEmpty());
    }
    RawClient c(f);
    QVERIFY(c.waitConnected());
    QVERIFY(c.login(email));
    ServerConnection *connection = nullptr;
    for (ServerConnection *candidate : f.service->findChildren<ServerConnection *>()) {
        if (candidate->accountId() == customer)
            connection = candidate;
    }
    QVERIFY(connection);
    auto bid = [&](qint64 id, Cents price) {
        Protocol::Frame frame;
        frame.id = id;
        frame.op = QString(Op::OrderPlace);
        frame.args = limitBid(gpu, 1, price);
        f.service->handle(*connection, frame);
    };
    const qsizetype start = w.pushes.size();
    QElapsedTimer clock;
    clock.start();
    bid(100, 251);
    QVERIFY(!w.waitPush(Channel::book(gpu), QStringLiteral("delta"), start).isEmpty());
    QVERIFY(!w.waitPush(QString(Channel::TickerName), QStringLiteral("delta"), start).isEmpty());
    QVERIFY2(clock.elapsed() < 1'000, "the first change waited");
    const qsizetype first = w.pushes.size();
    clock.restart();
    bid(101, 252); // waiting together, as frames of one read
    bid(102, 253);
    bid(103, 254);
    QVERIFY(!RawClient::result(replyTo(c, 103)).isEmpty());
    auto lastTickerBid = [&] {
        const QList<QJsonObject> tickers =
            pushesOf(w, QString(Channel::TickerName), QStringLiteral("delta"), first);
        return tickers.isEmpty() ? std::optional<Cents>()
                                 : tickerOf(tickers.last(), gpu).value_or(TickerEntry()).bid;
    };
    QTRY_COMPARE_WITH_TIMEOUT(lastTickerBid(), std::optional<Cents>(254), 5'000);
    const qint64 publishedMs = clock.elapsed();
    QTest::qWait(100); // anything more that was coming
    const QList<QJsonObject> books =
        pushesOf(w, Channel::book(gpu), QStringLiteral("delta"), first);
    const QList<QJsonObject> tickers =
        pushesOf(w, QString(Channel::TickerName), QStringLiteral("delta"), first);
    if (intervalMs > 0) {
        QVERIFY2(publishedMs < intervalMs / 2,
                 qPrintable(QStringLiteral("published after %1 ms").arg(publishedMs)));
        QCOMPARE(books.size(), 1);
        const QJsonArray bids =
            Wire::bookBids(books.first().value(QStringLiteral("data")).toObject());
        QCOMPARE(bids.size(), 3);
        for (const Cents price : {252, 253, 254})
            QVERIFY(bids.contains(Wire::level(price, 1, 1)));
        QCOMPARE(tickers.size(), 1);
    } else {
        QCOMPARE(books.size(), 3);
        QCOMPARE(tickers.size(), 3);
    }
    QCOMPARE(tickerOf(tickers.last(), gpu)->bid, std::optional<Cents>(254));
}

// A ticker snapshot is the new baseline for every subscriber: what changed since the last
// publication goes to the others first (it once did not: a change followed by another
// connection's subscription reached nobody), and the new subscriber gets the snapshot alone.
void TestExchangeService::aTickerSnapshotPublishesWhatChangedFirst()
{
    ServerFixture f(true, [](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.marketDataIntervalMs = 0;
        o.tickMs = 60'000;
    });
    const QString gpu = QStringLiteral("h100-sxm");
    const qint64 customer = f.account(QStringLiteral("c@x.io"), Role::Customer);
    f.service->engine().topUp(customer, Currency::USD, 1'000'000);
    RawClient a(f), b(f);
    QVERIFY(a.waitConnected());
    QVERIFY(b.waitConnected());
    const QString ticker(Channel::TickerName);
    QVERIFY(
        !RawClient::result(a.call(QString(Op::Subscribe), Wire::channelRequest(ticker))).isEmpty());
    QVERIFY(!a.waitPush(ticker, QStringLiteral("snapshot")).isEmpty());
    const qsizetype mark = a.pushes.size();
    // Changed, not yet published: b's subscription comes first.
    QVERIFY(f.service->engine().placeBid(customer, {gpu, OrderKind::Limit, 1, 1, 257, 0, {}}).ok());
    QVERIFY(
        !RawClient::result(b.call(QString(Op::Subscribe), Wire::channelRequest(ticker))).isEmpty());
    const QJsonObject snapshot = b.waitPush(ticker, QStringLiteral("snapshot"));
    QVERIFY(!snapshot.isEmpty());
    QCOMPARE(tickerOf(snapshot, gpu)->bid, std::optional<Cents>(257));
    QCOMPARE(b.pushes.first().value(QStringLiteral("type")).toString(), QStringLiteral("snapshot"));
    const QJsonObject delta = a.waitPush(ticker, QStringLiteral("delta"), mark);
    QVERIFY(!delta.isEmpty());
    QCOMPARE(tickerOf(delta, gpu)->bid, std::optional<Cents>(257));
    QCOMPARE(delta.value(QStringLiteral("seq")), snapshot.value(QStringLiteral("seq")));
}

// Two connections subscribe to a book in one batch while a change of it waits to be published.
// Building the first snapshot publishes that change to the subscribers before; the second
// connection is not one of them yet (it was, once, and got a delta before its snapshot).
void TestExchangeService::noDeltaBeforeTheSnapshot()
{
    ServerFixture f(true, [](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.marketDataIntervalMs = 0;
        o.tickMs = 60'000;
    });
    const QString gpu = QStringLiteral("h100-sxm");
    const QString book = Channel::book(gpu);
    const qint64 customer = f.account(QStringLiteral("c@x.io"), Role::Customer);
    f.service->engine().topUp(customer, Currency::USD, 1'000'000);
    std::vector<std::unique_ptr<InProcessTransport>> clients;
    std::vector<QStringList> frames(3);
    for (int i = 0; i < 3; ++i) {
        auto [client, server] = InProcessTransport::createPair();
        f.server->accept(server);
        clients.emplace_back(client);
        connect(client, &Transport::textReceived, this,
                [&frames, i](const QString &text) { frames[size_t(i)].append(text); });
        client->open();
    }
    auto pushesOn = [&](int i) {
        QStringList types;
        for (const QString &text : frames[size_t(i)]) {
            const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
            if (o.value(QStringLiteral("ch")).toString() == book)
                types.append(o.value(QStringLiteral("type")).toString());
        }
        return types;
    };
    // The first watches the book: what is published is a delta against its snapshot.
    clients[0]->sendText(
        Protocol::encodeRequest(1, QString(Op::Subscribe), Wire::channelRequest(book)));
    QTRY_COMPARE_WITH_TIMEOUT(pushesOn(0), QStringList {QStringLiteral("snapshot")}, 5'000);
    QVERIFY(f.service->engine().placeBid(customer, {gpu, OrderKind::Limit, 1, 1, 261, 0, {}}).ok());
    for (int i = 1; i < 3; ++i) // sent together: one batch
        clients[size_t(i)]->sendText(
            Protocol::encodeRequest(1, QString(Op::Subscribe), Wire::channelRequest(book)));
    QTRY_VERIFY_WITH_TIMEOUT(pushesOn(1).size() == 1 && pushesOn(2).size() == 1, 5'000);
    QTest::qWait(50);
    QCOMPARE(pushesOn(0), (QStringList {QStringLiteral("snapshot"), QStringLiteral("delta")}));
    QCOMPARE(pushesOn(1), QStringList {QStringLiteral("snapshot")});
    QCOMPARE(pushesOn(2), QStringList {QStringLiteral("snapshot")});
}

QTEST_GUILESS_MAIN(TestExchangeService)
#include "tst_exchangeservice.moc"
