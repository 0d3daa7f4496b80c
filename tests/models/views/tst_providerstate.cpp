// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ProviderState, the provider workspace's state, driven by a session of the sandbox's demo
// provider replayed frame by frame: on signing in it fetches the listings, the newest rentals,
// the statistics and the payouts and feeds them to their models; it follows the account channel
// (listing and payout events; a burst of rental news fetches everything again, once) and the
// ticker (each listing's distance from the best offer); the provider's operations update the
// models from the exchange's replies. Every model under QAbstractItemModelTester.

#include "market/marketrules.h"
#include "views/deskstate.h"
#include "views/providerstate.h"
#include "wire/clientsession.h"
#include "wire/inprocesstransport.h"
#include "wire/protocol.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonDocument>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

// Frames the sandbox sent the demo provider's session, recorded from everx-desk's sandbox with a
// transport that logged every frame it received (the ticker cut to the provider's GPUs, the lists
// of rentals and days cut short). Replies
// keep the recorded request ids; RecordedExchange answers with this run's.
namespace Recorded {

constexpr char Hello[] =
    R"({"id":1,"result":{"gpus":["b300","h100-sxm","rtx-4090"],"mode":"sandbox","protocol":1,)"
    R"("server":"everx-desk sandbox ","time":1796369520024},"v":1})";
constexpr char SignedIn[] =
    R"({"id":3,"result":{"account":{"company":"Rheinland GPU Hosting","country":"DE",)"
    R"("createdAt":1796369424324,"email":"provider@sandbox.everx.cloud","id":2,)"
    R"("name":"Jonas Weber","role":"provider","state":"active"},)"
    R"("taxBp":1900,"token":"YcrsUQuyGFUSlZZaUaQNdMXoE0u7YGYSl0Gstjr5lPA"},"v":1})";
constexpr char TickerSnapshot[] =
    R"({"ch":"ticker","data":{"gpus":[)"
    R"({"ask":"9.38","bid":"9.03","change24hBp":-255,"gpu":"b300","last":"9.17","open24h":"9.41",)"
    R"("volume24h":691},)"
    R"({"ask":"3.06","bid":"2.97","change24hBp":1115,"gpu":"h100-sxm","last":"2.99",)"
    R"("open24h":"2.69","volume24h":984},)"
    R"({"ask":"0.32","bid":"0.31","change24hBp":0,"gpu":"rtx-4090","last":"0.32","open24h":"0.32",)"
    R"("volume24h":3420}]},"seq":1,"type":"snapshot","v":1})";
constexpr char AccountSnapshot[] =
    R"({"ch":"account","data":{"account":{"company":"Rheinland GPU Hosting","country":"DE",)"
    R"("createdAt":1796369424324,"email":"provider@sandbox.everx.cloud","id":2,)"
    R"("name":"Jonas Weber","role":"provider","state":"active"},)"
    R"("balance":{"available":"0.00","earnings":"117.39","held":"0.00","payoutPending":"116.00"},)"
    R"("listings":[{"createdAt":1796116617075,"endpoint":"ssh demo@198.51.100.7",)"
    R"("gpu":"h100-sxm","gpus":8,"id":119,"price":"3.06","providerId":2,)"
    R"("region":"eu-frankfurt","rented":0,"state":"active"},)"
    R"({"createdAt":1796135237320,"endpoint":"ssh demo@198.51.100.7","gpu":"rtx-4090",)"
    R"("gpus":4,"id":120,"price":"0.32","providerId":2,"region":"eu-frankfurt","rented":0,)"
    R"("state":"active"}],"orders":[],"payments":[],"rentals":[]},"seq":0,"type":"snapshot",)"
    R"("v":1})";

constexpr char Listings[] =
    R"({"id":5,"result":{"listings":[{"createdAt":1796116617075,)"
    R"("endpoint":"ssh demo@198.51.100.7","gpu":"h100-sxm","gpus":8,"id":119,"price":"3.06",)"
    R"("providerId":2,"region":"eu-frankfurt","rented":0,"state":"active"},)"
    R"({"createdAt":1796135237320,"endpoint":"ssh demo@198.51.100.7","gpu":"rtx-4090","gpus":4,)"
    R"("id":120,"price":"0.32","providerId":2,"region":"eu-frankfurt","rented":0,)"
    R"("state":"active"}]},"v":1})";
constexpr char Rentals[] =
    R"({"id":6,"result":{"rentals":[{"earned":"15.93","endedAt":1796344925166,"gpu":"h100-sxm",)"
    R"("gpus":6,"hours":1,"hoursBilled":1,"id":14,"listingId":119,"price":"2.95",)"
    R"("startedAt":1796341325166,"state":"ended"},)"
    R"({"earned":"1.08","endedAt":1796332323701,"gpu":"rtx-4090","gpus":2,"hours":2,)"
    R"("hoursBilled":2,"id":13,"listingId":120,"price":"0.30","startedAt":1796325123701,)"
    R"("state":"ended"}]},"v":1})";
constexpr char Stats[] =
    R"({"id":7,"result":{"days":[)"
    R"({"day":1796083200000,"earnings":"104.93","listedGpuMinutes":9352,"rentedGpuHours":75,)"
    R"("rentedGpuMinutes":4500,"utilisationBp":4811},)"
    R"({"day":1796169600000,"earnings":"165.94","listedGpuMinutes":17280,"rentedGpuHours":135,)"
    R"("rentedGpuMinutes":8100,"utilisationBp":4687},)"
    R"({"day":1796256000000,"earnings":"195.52","listedGpuMinutes":17280,"rentedGpuHours":136,)"
    R"("rentedGpuMinutes":8160,"utilisationBp":4722},)"
    R"({"day":1796342400000,"earnings":"0.00","listedGpuMinutes":5424,"rentedGpuHours":0,)"
    R"("rentedGpuMinutes":0,"utilisationBp":0}],"last30Days":"466.39","last90Days":"466.39","last7Days":"466.39",)"
    R"("listings":[{"earnings":"410.83","listingId":119},{"earnings":"55.56","listingId":120}],)"
    R"("today":"0.00"},"v":1})";
constexpr char Payouts[] =
    R"({"id":8,"result":{"payouts":[{"agentId":0,"amount":"116.00","id":2,"providerId":2,)"
    R"("reason":"","reference":"","requestedAt":1796369507484,"settledAt":0,)"
    R"("state":"requested"},)"
    R"({"agentId":3,"amount":"233.00","id":1,"providerId":2,)"
    R"("reason":"monthly payout, bank transfer sent","reference":"SANDBOX-TRANSFER-0001",)"
    R"("requestedAt":1796369507244,"settledAt":1796369507244,"state":"paid"}]},"v":1})";

// listing.add of 2 B300 GPUs a cent under the best offer; its reprice a cent lower.
constexpr char Added[] =
    R"({"id":9,"result":{"listing":{"createdAt":1796369565624,"endpoint":"ssh test@198.51.100.9",)"
    R"("gpu":"b300","gpus":2,"id":121,"price":"9.37","providerId":2,"region":"eu-test",)"
    R"("rented":0,"state":"active"}},"v":1})";
constexpr char AddedTicker[] =
    R"({"ch":"ticker","data":{"gpus":[{"ask":"9.37","bid":"9.03","change24hBp":-255,)"
    R"("gpu":"b300","last":"9.17","open24h":"9.41","volume24h":691}]},"seq":2,"type":"delta",)"
    R"("v":1})";
constexpr char AddedEvent[] =
    R"({"ch":"account","data":{"listing":{"createdAt":1796369565624,)"
    R"("endpoint":"ssh test@198.51.100.9","gpu":"b300","gpus":2,"id":121,"price":"9.37",)"
    R"("providerId":2,"region":"eu-test","rented":0,"state":"active"},"type":"listing"},"seq":1,)"
    R"("type":"event","v":1})";
constexpr char Repriced[] =
    R"({"id":10,"result":{"listing":{"createdAt":1796369565624,)"
    R"("endpoint":"ssh test@198.51.100.9","gpu":"b300","gpus":2,"id":121,"price":"9.36",)"
    R"("providerId":2,"region":"eu-test","rented":0,"state":"active"}},"v":1})";
constexpr char RepricedEvent[] =
    R"({"ch":"account","data":{"listing":{"createdAt":1796369565624,)"
    R"("endpoint":"ssh test@198.51.100.9","gpu":"b300","gpus":2,"id":121,"price":"9.36",)"
    R"("providerId":2,"region":"eu-test","rented":0,"state":"active"},"type":"listing"},"seq":2,)"
    R"("type":"event","v":1})";

// A customer rents one of its GPUs: the account channel's rental, notification, ledger and
// balance events, one after the other.
constexpr char RentedEvents[][720] = {
    R"({"ch":"account","data":{"rental":{"customerId":0,"endedAt":0,)"
    R"("endpoint":"ssh test@198.51.100.9","feeBp":1000,"gpu":"b300","gpus":1,"hours":2,)"
    R"("hoursBilled":1,"id":15,"listingId":121,"orderId":0,"price":"9.36","providerId":2,)"
    R"("region":"eu-test","startedAt":1796369614044,"state":"running","taxBp":0},)"
    R"("type":"rental"},"seq":3,"type":"event","v":1})",
    R"({"ch":"account","data":{"kind":"rental_started","rental":{"customerId":0,"endedAt":0,)"
    R"("endpoint":"ssh test@198.51.100.9","feeBp":1000,"gpu":"b300","gpus":1,"hours":2,)"
    R"("hoursBilled":1,"id":15,"listingId":121,"orderId":0,"price":"9.36","providerId":2,)"
    R"("region":"eu-test","startedAt":1796369614044,"state":"running","taxBp":0},)"
    R"("text":"1 x b300 rented for 2 h","type":"notification"},"seq":4,"type":"event","v":1})",
    R"({"ch":"account","data":{"entry":{"amount":"8.42","bucket":"earnings",)"
    R"("hash":"c98676aae4d8e3b521d63ae9e4d83fa803df615ccecd2b5ada87f8e9b81f8e4c","id":204,)"
    R"("kind":"capture","memo":"hour 1 of 2","ref":15,"time":1796369614044,"tx":95},)"
    R"("type":"ledger"},"seq":5,"type":"event","v":1})",
    R"({"ch":"account","data":{"balance":{"available":"0.00","earnings":"125.81",)"
    R"("held":"0.00","payoutPending":"116.00"},"type":"balance"},"seq":6,"type":"event",)"
    R"("v":1})",
};
// What a refresh then fetches.
constexpr char RentalsAfter[] =
    R"({"id":14,"result":{"rentals":[{"earned":"8.42","endedAt":0,"gpu":"b300","gpus":1,)"
    R"("hours":2,"hoursBilled":1,"id":15,"listingId":121,"price":"9.36",)"
    R"("startedAt":1796369614044,"state":"running"},)"
    R"({"earned":"15.93","endedAt":1796344925166,"gpu":"h100-sxm","gpus":6,"hours":1,)"
    R"("hoursBilled":1,"id":14,"listingId":119,"price":"2.95","startedAt":1796341325166,)"
    R"("state":"ended"}]},"v":1})";
constexpr char StatsAfter[] =
    R"({"id":15,"result":{"days":[)"
    R"({"day":1796256000000,"earnings":"195.52","listedGpuMinutes":17280,"rentedGpuHours":136,)"
    R"("rentedGpuMinutes":8160,"utilisationBp":4722},)"
    R"({"day":1796342400000,"earnings":"8.42","listedGpuMinutes":5464,"rentedGpuHours":1,)"
    R"("rentedGpuMinutes":60,"utilisationBp":109}],"last30Days":"474.81","last90Days":"474.81","last7Days":"474.81",)"
    R"("listings":[{"earnings":"410.83","listingId":119},{"earnings":"55.56","listingId":120},)"
    R"({"earnings":"8.42","listingId":121}],"today":"8.42"},"v":1})";
constexpr char ListingsAfter[] =
    R"({"id":16,"result":{"listings":[{"createdAt":1796116617075,)"
    R"("endpoint":"ssh demo@198.51.100.7","gpu":"h100-sxm","gpus":8,"id":119,"price":"3.06",)"
    R"("providerId":2,"region":"eu-frankfurt","rented":0,"state":"active"},)"
    R"({"createdAt":1796135237320,"endpoint":"ssh demo@198.51.100.7","gpu":"rtx-4090","gpus":4,)"
    R"("id":120,"price":"0.32","providerId":2,"region":"eu-frankfurt","rented":0,)"
    R"("state":"active"},)"
    R"({"createdAt":1796369565624,"endpoint":"ssh test@198.51.100.9","gpu":"b300","gpus":2,)"
    R"("id":121,"price":"9.36","providerId":2,"region":"eu-test","rented":1,)"
    R"("state":"active"}]},"v":1})";

// Removing the rented listing is refused; pausing it is not.
constexpr char RemoveRefused[] =
    R"({"error":{"code":"listing_has_rentals","message":"1 GPUs of this listing are rented; )"
    R"(pause it and remove it when the rentals end"},"id":11,"v":1})";
constexpr char Paused[] =
    R"({"id":12,"result":{"listing":{"createdAt":1796369565624,)"
    R"("endpoint":"ssh test@198.51.100.9","gpu":"b300","gpus":2,"id":121,"price":"9.36",)"
    R"("providerId":2,"region":"eu-test","rented":1,"state":"paused"}},"v":1})";
constexpr char PausedEvent[] =
    R"({"ch":"account","data":{"listing":{"createdAt":1796369565624,)"
    R"("endpoint":"ssh test@198.51.100.9","gpu":"b300","gpus":2,"id":121,"price":"9.36",)"
    R"("providerId":2,"region":"eu-test","rented":1,"state":"paused"},"type":"listing"},)"
    R"("seq":7,"type":"event","v":1})";

// A payout of $1.00 requested: the reply, then the ledger, balance and payout events.
constexpr char PayoutRequested[] =
    R"({"id":13,"result":{"payout":{"agentId":0,"amount":"1.00","id":3,"providerId":2,)"
    R"("reason":"","reference":"","requestedAt":1796369671224,"settledAt":0,)"
    R"("state":"requested"}},"v":1})";
constexpr char PayoutEvents[][480] = {
    R"({"ch":"account","data":{"entry":{"amount":"-1.00","bucket":"earnings",)"
    R"("hash":"719af22dccf1eba5d892459e76d2faec16b4e9d12deb7eecb7dea09cc08f8a27","id":207,)"
    R"("kind":"payout_request","memo":"","ref":3,"time":1796369671224,"tx":96},)"
    R"("type":"ledger"},"seq":8,"type":"event","v":1})",
    R"({"ch":"account","data":{"entry":{"amount":"1.00","bucket":"payout_pending",)"
    R"("hash":"7895fd200ef67610847cd069e1d8a4ab10c68b4f1c387adcea6f99d8655ddc3a","id":208,)"
    R"("kind":"payout_request","memo":"","ref":3,"time":1796369671224,"tx":96},)"
    R"("type":"ledger"},"seq":9,"type":"event","v":1})",
    R"({"ch":"account","data":{"balance":{"available":"0.00","earnings":"124.81",)"
    R"("held":"0.00","payoutPending":"117.00"},"type":"balance"},"seq":10,"type":"event",)"
    R"("v":1})",
    R"({"ch":"account","data":{"payout":{"agentId":0,"amount":"1.00","id":3,"providerId":2,)"
    R"("reason":"","reference":"","requestedAt":1796369671224,"settledAt":0,)"
    R"("state":"requested"},"type":"payout"},"seq":11,"type":"event","v":1})",
};

} // namespace Recorded

QJsonObject json(const char *frame)
{
    return QJsonDocument::fromJson(QByteArray(frame)).object();
}

// The exchange's end of one in-process connection, replaying recorded frames: the session's
// hello, sign-in and subscriptions are answered at once (a subscription with its recorded
// snapshot), every other operation with the next reply queued for it, or not at all while there
// is none. Every request is kept, in order.
class RecordedExchange final : public QObject
{
    Q_OBJECT

public:
    struct Request
    {
        QString op;
        QJsonObject args;
    };

    using QObject::QObject;

    Transport *connectClient()
    {
        auto [client, server] = InProcessTransport::createPair();
        server->setParent(this);
        m_end = server;
        connect(server, &Transport::textReceived, this, &RecordedExchange::onText);
        return client;
    }

    // The next reply to `op`, as recorded (its id is replaced by the request's).
    void queue(const QString &op, const char *reply) { m_replies[op].append(json(reply)); }
    // A recorded push, numbered as the next of its channel (as recorded, when pushes are sent
    // in the recorded order).
    void push(const char *frame)
    {
        QJsonObject o = json(frame);
        const QString channel = o.value(u"ch"_s).toString();
        if (o.value(u"type"_s).toString() == u"snapshot")
            m_seq.insert(channel, o.value(u"seq"_s).toInteger());
        else
            o.insert(u"seq"_s, ++m_seq[channel]);
        m_end->sendText(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
    }

    QList<Request> requestsFor(const QString &op) const
    {
        QList<Request> out;
        for (const Request &r : requests) {
            if (r.op == op)
                out.append(r);
        }
        return out;
    }

    QList<Request> requests;
    QString role = u"provider"_s; // the account signed in, from the recorded provider's

private:
    void onText(const QString &text)
    {
        const std::optional<Protocol::Frame> frame = Protocol::decode(text);
        QVERIFY(frame && frame->kind == Protocol::FrameKind::Request);
        const QString &op = frame->op;
        if (op == u"hello") {
            reply(frame->id, json(Recorded::Hello));
        } else if (op == u"auth.demo") {
            QJsonObject signedIn = json(Recorded::SignedIn);
            QJsonObject result = signedIn.value(u"result"_s).toObject();
            QJsonObject account = result.value(u"account"_s).toObject();
            account.insert(u"role"_s, role);
            result.insert(u"account"_s, account);
            signedIn.insert(u"result"_s, result);
            reply(frame->id, signedIn);
        } else if (op == u"subscribe") {
            const QString channel = frame->args.value(u"channel"_s).toString();
            m_end->sendText(Protocol::encodeResult(frame->id, {{u"channel"_s, channel}}));
            if (channel == Channel::TickerName)
                push(Recorded::TickerSnapshot);
            else if (channel == Channel::AccountName)
                push(Recorded::AccountSnapshot);
        } else if (op == u"ping" || op == u"unsubscribe") {
            m_end->sendText(Protocol::encodeResult(frame->id, {}));
        } else {
            requests.append({op, frame->args});
            if (!m_replies.value(op).isEmpty())
                reply(frame->id, m_replies[op].takeFirst());
        }
    }

    void reply(qint64 id, QJsonObject frame)
    {
        frame.insert(u"id"_s, id);
        m_end->sendText(QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact)));
    }

    QPointer<Transport> m_end;
    QHash<QString, QList<QJsonObject>> m_replies;
    QHash<QString, qint64> m_seq; // per channel, the last pushed
};

// A session and the desk and provider states on it, signed in to a RecordedExchange as the
// provider with the recorded first answers queued; every model under QAbstractItemModelTester.
struct Fixture
{
    RecordedExchange exchange;
    ClientSession session;
    DeskState desk {session, GpuCatalog::builtIn()};
    ProviderState state {session, desk, GpuCatalog::builtIn()};
    QAbstractItemModelTester listingsTester {
        state.listings(), QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester rentalsTester {state.hostedRentals(),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester payoutsTester {state.payouts(),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest};

    Fixture()
    {
        session.setTransportFactory([this] { return exchange.connectClient(); });
        session.setPingInterval(0);
        state.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
        exchange.queue(QString(Op::ListingList), Recorded::Listings);
        exchange.queue(QString(Op::ProviderRentals), Recorded::Rentals);
        exchange.queue(QString(Op::ProviderStats), Recorded::Stats);
        exchange.queue(QString(Op::PayoutList), Recorded::Payouts);
    }

    bool signIn(Role role = Role::Provider)
    {
        session.connectToExchange();
        if (!QTest::qWaitFor([this] { return session.state() == ClientSession::State::Connected; }))
            return false;
        session.loginDemo(role);
        return QTest::qWaitFor(
            [this] { return session.state() == ClientSession::State::SignedIn; });
    }
    // Signs in as the provider; true once the first answers are in.
    bool signInAsProvider()
    {
        return signIn() && QTest::qWaitFor([this] {
                   return state.stats().last30DaysCents > 0 && state.payouts()->rowCount() > 0
                       && state.hostedRentals()->rowCount() > 0 && state.listings()->rowCount() > 0;
               });
    }
};

} // namespace

class TestProviderState : public QObject
{
    Q_OBJECT

private slots:
    void signingInFeedsTheModels();
    void followsTheAccountChannelAndTheTicker();
    void operationsUpdateTheModels();
    void periodAndOlderRentals();
    void nothingForACustomer();
};

void TestProviderState::signingInFeedsTheModels()
{
    Fixture f;
    QSignalSpy stats(&f.state, &ProviderState::statsChanged);
    QSignalSpy older(&f.state, &ProviderState::olderRentalsChanged);
    QSignalSpy listingsChanged(&f.state, &ProviderState::listingsChanged);
    QVERIFY(f.state.hasOlderRentals()); // nothing fetched yet
    QVERIFY(f.signInAsProvider());

    // One of each request, the rentals from the newest, a page's worth; the default period.
    QCOMPARE(f.exchange.requestsFor(QString(Op::ListingList)).size(), 1);
    QCOMPARE(f.exchange.requestsFor(QString(Op::PayoutList)).size(), 1);
    const QList<RecordedExchange::Request> rentals =
        f.exchange.requestsFor(QString(Op::ProviderRentals));
    QCOMPARE(rentals.size(), 1);
    const Result<RentalPage> page = Wire::rentalPageFromJson(rentals.at(0).args);
    QVERIFY(page.ok());
    QCOMPARE(page->before, 0);
    QCOMPARE(page->limit, MarketRules::DefaultPageSize);
    const QList<RecordedExchange::Request> statsRequests =
        f.exchange.requestsFor(QString(Op::ProviderStats));
    QCOMPARE(statsRequests.size(), 1);
    QCOMPARE(Wire::statsQueryFromJson(statsRequests.at(0).args)->days, StatsQuery {}.days);
    QCOMPARE(f.state.statsDays(), StatsQuery {}.days);

    // The listings: the account channel's snapshot, then listing.list's.
    ProviderListingsModel *listings = f.state.listings();
    QCOMPARE(listings->rowCount(), 2);
    QCOMPARE(listings->record(0).id, 119);
    QCOMPARE(listings->record(1).id, 120);
    QVERIFY(!listingsChanged.isEmpty());
    // Their distance from the best offer, from the ticker; their earnings, from the statistics.
    QTRY_COMPARE(listings->bestAsk(u"h100-sxm"_s), std::optional<Cents>(306));
    QCOMPARE(listings->bestAsk(u"rtx-4090"_s), std::optional<Cents>(32));
    const auto vsBestAsk = [listings](qint64 id) {
        return listings->index(listings->rowOf(id), ProviderListingsModel::VsBestAsk)
            .data(ProviderListingsModel::RawValueRole);
    };
    QCOMPARE(vsBestAsk(119), QVariant(Cents(0)));
    QCOMPARE(vsBestAsk(120), QVariant(Cents(0)));
    QCOMPARE(listings->earnings(119), Cents(41083));
    QCOMPARE(listings->earnings(120), Cents(5556));
    QCOMPARE(listings->data(listings->index(0, ProviderListingsModel::Earnings)).toString(),
             u"$410.83"_s);

    // The rentals on its hardware, the statistics, the payouts.
    QCOMPARE(f.state.hostedRentals()->rowCount(), 2);
    QVERIFY(f.state.hostedRentals()->contains(14));
    QVERIFY(f.state.hostedRentals()->contains(13));
    QCOMPARE(f.state.stats().last30DaysCents, Cents(46639));
    QCOMPARE(f.state.stats().days.size(), 4);
    QCOMPARE(stats.size(), 1);
    QCOMPARE(stats.at(0).at(0).value<ProviderStats>().last7DaysCents, Cents(46639));
    QCOMPARE(f.state.payouts()->rowCount(), 2);
    QCOMPARE(f.state.payouts()->record(f.state.payouts()->rowOf(1)).state, PayoutState::Paid);
    // A page shorter than a full one: no older rentals.
    QCOMPARE(older.size(), 1);
    QCOMPARE(older.at(0).at(0).toBool(), false);
    QVERIFY(!f.state.hasOlderRentals());
}

void TestProviderState::followsTheAccountChannelAndTheTicker()
{
    Fixture f;
    QVERIFY(f.signInAsProvider());
    ProviderListingsModel *listings = f.state.listings();
    QSignalSpy listingsChanged(&f.state, &ProviderState::listingsChanged);

    // A listing added (from another desk): its row, and the ticker's new best offer.
    f.exchange.push(Recorded::AddedTicker);
    f.exchange.push(Recorded::AddedEvent);
    QTRY_COMPARE(listings->rowCount(), 3);
    QCOMPARE(listings->record(2).id, 121);
    QCOMPARE(listings->record(2).askCents, Cents(937));
    QTRY_COMPARE(listings->bestAsk(u"b300"_s), std::optional<Cents>(937));
    const QModelIndex vsBestAsk = listings->index(2, ProviderListingsModel::VsBestAsk);
    QCOMPARE(vsBestAsk.data(ProviderListingsModel::RawValueRole), QVariant(Cents(0)));
    QVERIFY(!listingsChanged.isEmpty());
    // Repriced: its row changes in place, a cent under the best offer the ticker last told.
    f.exchange.push(Recorded::RepricedEvent);
    QTRY_COMPARE(listings->record(2).askCents, Cents(936));
    QCOMPARE(listings->rowCount(), 3);
    QCOMPARE(vsBestAsk.data(ProviderListingsModel::RawValueRole), QVariant(Cents(-1)));

    // A customer rents one of its GPUs: the news comes as a burst of events (the rental's told
    // twice here), and everything is fetched again once, after RefreshDelayMs.
    f.exchange.queue(QString(Op::ListingList), Recorded::ListingsAfter);
    f.exchange.queue(QString(Op::ProviderRentals), Recorded::RentalsAfter);
    f.exchange.queue(QString(Op::ProviderStats), Recorded::StatsAfter);
    f.exchange.queue(QString(Op::PayoutList), Recorded::Payouts);
    QSignalSpy stats(&f.state, &ProviderState::statsChanged);
    for (const char *event : Recorded::RentedEvents)
        f.exchange.push(event);
    f.exchange.push(Recorded::RentedEvents[0]);
    QVERIFY(stats.wait(5000));
    QTRY_VERIFY(f.state.hostedRentals()->contains(15));
    QCOMPARE(f.state.hostedRentals()->rowCount(), 3); // merged by id
    const HostedRental running =
        f.state.hostedRentals()->record(f.state.hostedRentals()->rowOf(15));
    QCOMPARE(running.earnedCents, Cents(842));
    QCOMPARE(running.state, RentalState::Running);
    QCOMPARE(f.state.stats().todayCents, Cents(842));
    QCOMPARE(listings->earnings(121), Cents(842));
    QTRY_COMPARE(listings->record(listings->rowOf(121)).rentedGpus, 1);
    QTest::qWait(2 * ProviderState::RefreshDelayMs);
    QCOMPARE(f.exchange.requestsFor(QString(Op::ListingList)).size(), 2);
    QCOMPARE(f.exchange.requestsFor(QString(Op::ProviderRentals)).size(), 2);
    QCOMPARE(f.exchange.requestsFor(QString(Op::ProviderStats)).size(), 2);
    QCOMPARE(f.exchange.requestsFor(QString(Op::PayoutList)).size(), 2);
    QCOMPARE(stats.size(), 1);

    // Paused: its state.
    f.exchange.push(Recorded::PausedEvent);
    QTRY_COMPARE(listings->record(listings->rowOf(121)).state, ListingState::Paused);

    // A payout requested (from another desk): it waits in the list.
    for (const char *event : Recorded::PayoutEvents)
        f.exchange.push(event);
    QTRY_COMPARE(f.state.payouts()->rowCount(), 3);
    QCOMPARE(f.state.payouts()->record(f.state.payouts()->rowOf(3)).amountCents, Cents(100));
    QCOMPARE(f.state.payouts()->record(f.state.payouts()->rowOf(3)).state, PayoutState::Requested);
}

void TestProviderState::operationsUpdateTheModels()
{
    Fixture f;
    QVERIFY(f.signInAsProvider());
    ProviderListingsModel *listings = f.state.listings();
    QObject dialog; // the operations' context, as a dialog waiting for the answer
    QSignalSpy listingsChanged(&f.state, &ProviderState::listingsChanged);

    // Added: the reply's listing is a row at once, before the account channel tells of it.
    std::optional<Result<Listing>> added;
    f.exchange.queue(QString(Op::ListingAdd), Recorded::Added);
    f.state.addListing({u"b300"_s, 2, u"eu-test"_s, u"ssh test@198.51.100.9"_s, 937}, &dialog,
                       [&added](Result<Listing> r) { added = r; });
    QTRY_VERIFY(added.has_value());
    QVERIFY(added->ok());
    QCOMPARE((*added)->id, 121);
    QVERIFY(listings->contains(121));
    QCOMPARE(listingsChanged.size(), 1);

    // Repriced.
    std::optional<Result<Listing>> repriced;
    f.exchange.queue(QString(Op::ListingReprice), Recorded::Repriced);
    f.state.repriceListing({121, 936}, &dialog, [&repriced](Result<Listing> r) { repriced = r; });
    QTRY_VERIFY(repriced.has_value());
    QCOMPARE(listings->record(listings->rowOf(121)).askCents, Cents(936));

    // Removing it while it is rented is refused: the reason goes to the caller, the row stays.
    std::optional<Result<Listing>> removed;
    f.exchange.queue(QString(Op::ListingRemove), Recorded::RemoveRefused);
    f.state.removeListing(121, &dialog, [&removed](Result<Listing> r) { removed = r; });
    QTRY_VERIFY(removed.has_value());
    QCOMPARE(removed->code(), ErrorCode::ListingHasRentals);
    QVERIFY(listings->contains(121));
    QCOMPARE(listings->rowCount(), 3);

    // Paused.
    std::optional<Result<Listing>> paused;
    f.exchange.queue(QString(Op::ListingPause), Recorded::Paused);
    f.state.pauseListing(121, &dialog, [&paused](Result<Listing> r) { paused = r; });
    QTRY_VERIFY(paused.has_value());
    QCOMPARE(listings->record(listings->rowOf(121)).state, ListingState::Paused);
    QCOMPARE(f.exchange.requestsFor(QString(Op::ListingPause)).at(0).args,
             f.exchange.requestsFor(QString(Op::ListingRemove)).at(0).args); // the listing's id

    // Resumed, then removed once its rental ended (the recorded pause's answer in those states):
    // the removed listing leaves its row.
    QJsonObject answer = json(Recorded::Paused);
    const auto answerWith = [&answer](const QString &state) {
        QJsonObject result = answer.value(u"result"_s).toObject();
        QJsonObject l = result.value(u"listing"_s).toObject();
        l.insert(u"state"_s, state);
        result.insert(u"listing"_s, l);
        answer.insert(u"result"_s, result);
        return QJsonDocument(answer).toJson(QJsonDocument::Compact);
    };
    const QByteArray resumedAnswer = answerWith(u"active"_s);
    std::optional<Result<Listing>> resumed;
    f.exchange.queue(QString(Op::ListingResume), resumedAnswer.constData());
    f.state.resumeListing(121, &dialog, [&resumed](Result<Listing> r) { resumed = r; });
    QTRY_VERIFY(resumed.has_value());
    QCOMPARE(listings->record(listings->rowOf(121)).state, ListingState::Active);
    const QByteArray removedAnswer = answerWith(u"removed"_s);
    removed.reset();
    f.exchange.queue(QString(Op::ListingRemove), removedAnswer.constData());
    f.state.removeListing(121, &dialog, [&removed](Result<Listing> r) { removed = r; });
    QTRY_VERIFY(removed.has_value());
    QVERIFY(removed->ok());
    QVERIFY(!listings->contains(121));
    QCOMPARE(listings->rowCount(), 2);
    QCOMPARE(listingsChanged.size(), 5); // add, reprice, pause, resume, remove

    // A payout requested from a dialog closed before the answer: the answer is dropped (the
    // account channel's event brings the payout).
    auto *gone = new QObject;
    bool called = false;
    f.exchange.queue(QString(Op::PayoutRequest), Recorded::PayoutRequested);
    f.state.requestPayout({100}, gone, [&called](Result<Payout>) { called = true; });
    delete gone;
    QTRY_COMPARE(f.exchange.requestsFor(QString(Op::PayoutRequest)).size(), 1);
    QTest::qWait(50);
    QVERIFY(!called);
    QCOMPARE(f.state.payouts()->rowCount(), 2);
    // Requested from a dialog that waits: the reply's payout is a row before the channel tells.
    std::optional<Result<Payout>> requested;
    f.exchange.queue(QString(Op::PayoutRequest), Recorded::PayoutRequested);
    f.state.requestPayout({100}, &dialog, [&requested](Result<Payout> r) { requested = r; });
    QTRY_VERIFY(requested.has_value());
    QVERIFY(requested->ok());
    QCOMPARE(f.state.payouts()->rowCount(), 3);
    QCOMPARE(f.state.payouts()->record(f.state.payouts()->rowOf(3)).amountCents, Cents(100));
    for (const char *event : Recorded::PayoutEvents)
        f.exchange.push(event);
    QTest::qWait(50);
    QCOMPARE(f.state.payouts()->rowCount(), 3); // the same payout
}

void TestProviderState::periodAndOlderRentals()
{
    Fixture f;
    QVERIFY(f.signInAsProvider());

    // Another period: its statistics at once.
    f.state.setStatsDays(7);
    QCOMPARE(f.state.statsDays(), 7);
    QTRY_COMPARE(f.exchange.requestsFor(QString(Op::ProviderStats)).size(), 2);
    QCOMPARE(Wire::statsQueryFromJson(f.exchange.requestsFor(QString(Op::ProviderStats)).at(1).args)
                 ->days,
             7);

    // Older rentals: those before the oldest fetched.
    f.state.fetchOlderRentals();
    QTRY_COMPARE(f.exchange.requestsFor(QString(Op::ProviderRentals)).size(), 2);
    const Result<RentalPage> page =
        Wire::rentalPageFromJson(f.exchange.requestsFor(QString(Op::ProviderRentals)).at(1).args);
    QVERIFY(page.ok());
    QCOMPARE(page->before, 13);
    QCOMPARE(page->limit, MarketRules::DefaultPageSize);
}

void TestProviderState::nothingForACustomer()
{
    // The same session signed in as a customer: no provider's requests, nothing in the models.
    Fixture f;
    f.exchange.role = u"customer"_s;
    QVERIFY(f.signIn(Role::Customer));
    QTest::qWait(100);
    QVERIFY(f.exchange.requestsFor(QString(Op::ListingList)).isEmpty());
    QVERIFY(f.exchange.requestsFor(QString(Op::ProviderRentals)).isEmpty());
    QVERIFY(f.exchange.requestsFor(QString(Op::ProviderStats)).isEmpty());
    QVERIFY(f.exchange.requestsFor(QString(Op::PayoutList)).isEmpty());
    f.state.refresh();
    QTest::qWait(50);
    QVERIFY(f.exchange.requestsFor(QString(Op::ListingList)).isEmpty());
    QCOMPARE(f.state.payouts()->rowCount(), 0);
    QCOMPARE(f.state.hostedRentals()->rowCount(), 0);
}

QTEST_GUILESS_MAIN(TestProviderState)
#include "tst_providerstate.moc"
