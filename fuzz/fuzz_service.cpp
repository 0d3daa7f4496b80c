// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// libFuzzer target: requests handled by the exchange service on a throw-away in-memory engine,
// from three signed-in connections (a funded customer, a provider with a listing, support).
//
// Input: lines. A line's first byte picks the connection ((byte - '0') mod 3: customer,
// provider, support), its second byte the operation ((byte - 'A') mod n over Op::All, and one
// more: move the clock by (third byte mod 64) quarter hours, which bills and ends rentals), and
// the rest is the request's args as JSON text (sent as the frame's "args" verbatim, so a broken
// args is a broken frame). Each input starts from a fresh exchange, so a finding replays alone.
//
// After every line: exactly one reply (or none for a frame too big), every frame the server
// sent decodes, no `internal` or `storage_error` reply, nothing changed in the ledger when the
// reply was an error, and the engine's invariants hold (ledger sums to zero, no negative
// balance, holds match open bids and unbilled hours, books not crossed). At the end the hash
// chain verifies.
//
// EVERX_FUZZ_WRITE_SEEDS=<dir> writes the seed corpus (one input per operation, plus a few
// stories) into <dir> and exits; fuzz/corpus/fuzz_service holds its output.

#include "fuzzcheck.h"
#include "seeds.h"

#include "server/exchangeservice.h"
#include "server/serverconnection.h"

#include "wire/protocol.h"
#include "wire/transport.h"
#include "wire/wirecodec.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QFile>
#include <QtCore/QJsonDocument>

#include <array>
#include <cstdint>

using namespace everx;
using everx::fuzz::require;

namespace {

// 2026-11-30 00:00 UTC, as the test suites.
constexpr qint64 T0 = 1'795'996'800'000;
constexpr qsizetype MaxLines = 60; // under the connections' request burst
constexpr std::array Roles {Role::Customer, Role::Provider, Role::Support};
constexpr qsizetype ClockAction = qsizetype(Op::All.size());
constexpr qsizetype Actions = ClockAction + 1;

// A server-side transport that keeps what the server sends; requests arrive synchronously.
class FuzzTransport final : public Transport
{
public:
    QStringList sent;
    void open() override { }
    void close(int, const QString &) override { m_open = false; }
    void sendText(const QString &frame) override { sent.append(frame); }
    bool isConnected() const override { return m_open; }
    QString peer() const override { return QStringLiteral("fuzz"); }
    void receive(const QString &frame) { Q_EMIT textReceived(frame); }

private:
    bool m_open = true;
};

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// The replies among the frames sent since `from`; every frame must decode.
QList<Protocol::Frame> repliesSince(const FuzzTransport &t, qsizetype from)
{
    QList<Protocol::Frame> replies;
    for (qsizetype i = from; i < t.sent.size(); ++i) {
        Protocol::DecodeError error;
        const auto frame = Protocol::decode(t.sent[i], &error, Protocol::MaxServerFrameBytes);
        require(frame.has_value(), "the server's frames decode", error.message);
        if (frame->kind != Protocol::FrameKind::Push && frame->kind != Protocol::FrameKind::Event)
            replies.append(*frame);
    }
    return replies;
}

struct Exchange
{
    ManualClock clock {T0};
    ExchangeService service {clock};
    std::array<FuzzTransport *, 3> transports {};
    qint64 nextId = 1;
    QString gpu;

    bool open()
    {
        ExchangeService::Options o;
        o.engine.database.location = QStringLiteral(":memory:");
        o.engine.database.durable = false;
        o.engine.passwordLog2N = 4; // the cheapest hash: the fuzzer measures everything else
        o.tickMs = 3'600'000; // no event loop runs; publishChanges() is called by hand
        o.signUpOpen = true; // auth.signup and auth.verify too (no mail goes anywhere)
        QString error;
        require(service.open(o, &error), "the exchange opens", error);
        ExchangeEngine &engine = service.engine();
        gpu = fuzz::SeedGpu;
        const QStringList emails {QStringLiteral("customer@fuzz.test"),
                                  QStringLiteral("provider@fuzz.test"),
                                  QStringLiteral("support@fuzz.test")};
        for (qsizetype i = 0; i < 3; ++i) {
            const auto account = engine.createAccount(
                {emails[i], fuzz::SeedPassword, Roles[size_t(i)], QStringLiteral("DE")});
            require(account.ok(), "an account is made");
            if (Roles[size_t(i)] == Role::Customer)
                require(engine.topUp(account->id, Currency::USD, 10'000'00).ok(), "top-up");
            if (Roles[size_t(i)] == Role::Provider)
                require(engine
                            .addListing(account->id,
                                        {gpu, 8, QStringLiteral("eu-central"),
                                         QStringLiteral("ssh gpu@203.0.113.7"), 2'88})
                            .ok(),
                        "a listing is added");
            transports[size_t(i)] = new FuzzTransport;
            new ServerConnection(transports[size_t(i)], service, &service); // the service owns it
            const QJsonObject reply =
                send(size_t(i), Op::AuthLogin,
                     Wire::toJson(Credentials {emails[i], fuzz::SeedPassword}));
            require(!reply.isEmpty(), "the account signs in");
        }
        service.publishChanges();
        return true;
    }

    // Sends a well-formed request; its result, or {} after an error.
    QJsonObject send(size_t connection, QLatin1StringView op, const QJsonObject &args)
    {
        FuzzTransport &t = *transports[connection];
        const qsizetype before = t.sent.size();
        t.receive(Protocol::encodeRequest(nextId++, op, args));
        // auth.login is answered later, once the sign-in pool has verified the password.
        QElapsedTimer waited;
        waited.start();
        while (repliesSince(t, before).isEmpty() && waited.elapsed() < 10'000)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 10);
        const QList<Protocol::Frame> replies = repliesSince(t, before);
        require(replies.size() == 1, "one reply");
        return replies.first().kind == Protocol::FrameKind::Result ? replies.first().result
                                                                   : QJsonObject();
    }

    void request(size_t connection, QLatin1StringView op, QByteArrayView args)
    {
        FuzzTransport &t = *transports[connection];
        ExchangeEngine &engine = service.engine();
        const qint64 entriesBefore = engine.ledger().lastEntryId();
        const qint64 id = nextId++;
        const QString text =
            QStringLiteral("{\"v\":%1,\"id\":%2,\"op\":\"%3\",\"args\":%4}")
                .arg(Protocol::Version)
                .arg(id)
                .arg(QString(op), // operation names need no JSON escapes
                     QString::fromUtf8(args.isEmpty() ? QByteArrayView("{}") : args));
        const qsizetype before = t.sent.size();
        t.receive(text);
        if (text.toUtf8().size() <= Protocol::MaxFrameBytes) {
            // Answered once its batch has committed (group commit), from the event loop; a
            // sign-in later still, once the sign-in pool has verified the password (or refused).
            QElapsedTimer waited;
            waited.start();
            while (repliesSince(t, before).isEmpty() && waited.elapsed() < 10'000)
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 10);
        }
        const QList<Protocol::Frame> replies = repliesSince(t, before);
        if (text.toUtf8().size() > Protocol::MaxFrameBytes) {
            require(replies.isEmpty(), "a frame too big is not answered");
            return;
        }
        require(replies.size() == 1, "one reply per request");
        const Protocol::Frame &reply = replies.first();
        if (reply.kind == Protocol::FrameKind::Error) {
            require(reply.id == id || reply.id == 0, "the reply answers the request");
            require(reply.errorCode != ErrorCode::Internal && reply.errorCode != ErrorCode::Storage,
                    "no internal or storage error", reply.errorMessage);
            require(engine.ledger().lastEntryId() == entriesBefore,
                    "a refused request posts nothing", reply.errorMessage);
        } else {
            require(reply.id == id, "the reply answers the request");
        }
    }

    void checkInvariants()
    {
        const QStringList problems = service.engine().checkInvariants();
        require(problems.isEmpty(), "the engine's invariants hold", problems.join(u"; "));
        require(service.engine().ledger().total() == 0, "the ledger sums to zero");
    }
};

void writeSeeds(const QString &dir)
{
    QDir().mkpath(dir);
    const auto opByte = [](QLatin1StringView op) {
        const auto at = std::find(Op::All.cbegin(), Op::All.cend(), op);
        return char('A' + (at - Op::All.cbegin()));
    };
    const char clockByte = char('A' + ClockAction);
    const auto line = [&](int connection, QLatin1StringView op, const QJsonObject &args) {
        return QByteArray(1, char('0' + connection)) + opByte(op) + compact(args).toUtf8() + '\n';
    };
    const auto write = [&](const QString &name, const QByteArray &input) {
        QFile f(QDir(dir).filePath(name));
        require(f.open(QIODevice::WriteOnly) && f.write(input) == input.size(),
                "a seed is written");
    };
    const QString gpu = fuzz::SeedGpu;
    const BidRequest buyNow = fuzz::seedBuyNow();
    const BidRequest limit = fuzz::seedLimitBid();
    const QList<fuzz::SeedRequest> one = fuzz::seedRequests();
    for (const fuzz::SeedRequest &seed : one)
        write(QString(seed.op), line(seed.connection, seed.op, seed.args));
    // Stories: a rental billed and stopped; a limit bid met by a cheaper listing; a provider
    // that pauses a rented listing; support adjusting while an order rests.
    write(QStringLiteral("story-rental"),
          line(0, Op::Subscribe, Wire::channelRequest(Channel::AccountName))
              + line(0, Op::OrderPlace, Wire::toJson(buyNow)) + QByteArray(1, '0') + clockByte
              + "\x05\n" + line(0, Op::RentalStop, Wire::rentalRequest(1))
              + line(0, Op::WalletLedger, Wire::toJson(LedgerQuery {0, 200})));
    write(QStringLiteral("story-limit"),
          line(0, Op::OrderPlace, Wire::toJson(limit))
              + line(1, Op::ListingAdd,
                     Wire::toJson(ListingRequest {gpu, 2, QStringLiteral("eu-west"),
                                                  QStringLiteral("ssh gpu@192.0.2.1"), 2'40}))
              + QByteArray(1, '0') + clockByte + "\x10\n" + line(0, Op::OrderList, {}));
    write(QStringLiteral("story-pause"),
          line(0, Op::OrderPlace, Wire::toJson(buyNow))
              + line(1, Op::ListingPause, Wire::listingRequest(1))
              + line(1, Op::ListingRemove, Wire::listingRequest(1)) + QByteArray(1, '1') + clockByte
              + "\x08\n");
    write(QStringLiteral("story-support"),
          line(0, Op::OrderPlace, Wire::toJson(limit))
              + line(2, Op::SupportAdjust,
                     Wire::toJson(Adjustment {1, -9'990'00, QStringLiteral("chargeback")}))
              + line(2, Op::SupportAccount,
                     Wire::toJson(AccountLookup {0, QStringLiteral("customer@fuzz.test")}))
              + line(0, Op::OrderCancel, Wire::orderRequest(1)));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    everx::fuzz::quietMessages();
    // Timers and the SQL plugin want an application; it lives as long as the process.
    new QCoreApplication(*argc, *argv);
    everx::fuzz::writeSeedsIfAsked(writeSeeds);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    Exchange exchange;
    exchange.open();
    const QByteArrayView input(data, qsizetype(size));
    qsizetype lines = 0;
    for (qsizetype start = 0; start < input.size() && lines < MaxLines; ++lines) {
        qsizetype end = input.indexOf('\n', start);
        if (end < 0)
            end = input.size();
        const QByteArrayView line = input.sliced(start, end - start);
        start = end + 1;
        if (line.size() < 2)
            continue;
        const size_t connection = quint8(line[0] - '0') % 3;
        const qsizetype action = quint8(line[1] - 'A') % Actions;
        if (action == ClockAction) {
            const int quarters = line.size() > 2 ? quint8(line[2]) % 64 : 1;
            exchange.clock.advance(qint64(quarters) * 15 * 60'000 + 1);
            exchange.service.publishChanges();
        } else {
            exchange.request(connection, Op::All[size_t(action)], line.sliced(2));
        }
        exchange.checkInvariants();
    }
    qint64 bad = 0;
    require(exchange.service.engine().database().verifyChain(&bad) >= 0, "the chain verifies",
            QString::number(bad));
    return 0;
}
