// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-exchanged killed with SIGKILL at random moments while several clients trade, top up,
// cancel and change listings; after each kill the database must hold every acknowledged
// operation, nothing unacknowledged may half-exist, and the ledger must verify (the keyed chain,
// entries summing to zero, every balance and hold recomputed from the entries). Then the server
// is started again on the same database and the clients go on, resuming the sessions they signed
// in with before the first kill (a session is stored before its sign-in is answered).
//
// EVERX_KILL_CYCLES sets the number of kills (default 20; docs/testing.md "The suites" runs 200);
// EVERX_KILL_SEED replays a run. On SQLite always, on PostgreSQL when EVERX_TEST_PG_URL is set.

#include "engine/exchangeengine.h"
#include "engine/ledgerverifier.h"
#include "fixtures/pgfixture.h"

#include "wire/protocol.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QMap>
#include <QtCore/QProcess>
#include <QtCore/QRandomGenerator>
#include <QtCore/QRegularExpression>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimer>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWebSockets/QWebSocket>

#include <csignal>
#include <map>
#include <memory>

using namespace everx;

namespace {

constexpr qint64 T0 = 1'795'996'800'000;
const QString Password = QStringLiteral("correct horse");
const QString Gpus[] = {QStringLiteral("h100-sxm"), QStringLiteral("h200")};

enum class Kind { TopUp, Bid, BuyNow, Cancel, Reprice, Pause, Resume };

// One request a client sent, and what became of it.
struct Sent
{
    Kind kind = Kind::TopUp;
    qint64 account = 0;
    QString clientOrderId; // Bid, BuyNow
    qint64 orderId = 0; // Cancel's target; Bid/BuyNow once acknowledged
    qint64 listingId = 0; // Reprice, Pause, Resume
    Cents price = 0; // Reprice
    enum class Fate { InFlight, Acked, Refused } fate = Fate::InFlight;
    QString refusal; // the error code, if refused
};

// Everything the clients sent over the whole run, and what is known to be durable.
struct Journal
{
    std::vector<Sent> sent;
    // Top-ups known to be in the database per account (acknowledged, or found after a kill).
    QHash<qint64, qint64> topUpsDurable;
    // Each listing's state and price as last known durable.
    QHash<qint64, std::pair<ListingState, Cents>> listings;
    qint64 inFlightAtKill = 0; // requests without an answer when the server died
    qint64 durableUnanswered = 0; // of those, orders and top-ups found in the database
};

// One client connection: signs in (or resumes its token), then sends one request at a time (the
// next after the reply, paced under the server's request rate), choosing at random from what its
// role can do.
class Client final : public QObject
{
public:
    Client(Journal &journal, qint64 account, const QString &email, bool provider,
           QList<qint64> listings, quint32 seed)
        : m_journal(journal)
        , m_account(account)
        , m_email(email)
        , m_provider(provider)
        , m_listings(std::move(listings))
        , m_random(seed)
    {
        connect(&m_socket, &QWebSocket::textMessageReceived, this, &Client::onText);
        connect(&m_socket, &QWebSocket::disconnected, this, [this] { m_running = false; });
    }

    // With a token, auth.resume; without, auth.login, whose token *token receives.
    bool connectAndSignIn(const QUrl &url, QString *token)
    {
        m_pending.clear();
        m_signedIn = false;
        m_token = token;
        m_socket.open(url);
        QSignalSpy connected(&m_socket, &QWebSocket::connected);
        if (m_socket.state() != QAbstractSocket::ConnectedState && !connected.wait(10'000))
            return false;
        if (token->isEmpty())
            send(Op::AuthLogin, Wire::toJson(Credentials {m_email, Password}), -1);
        else
            send(Op::AuthResume, Wire::resumeRequest(*token), -1);
        for (int waited = 0; waited < 10'000 && !m_signedIn; waited += 10)
            QTest::qWait(10);
        return m_signedIn;
    }

    void start()
    {
        m_running = true;
        next();
    }
    void stop()
    {
        m_running = false;
        m_socket.abort();
    }
    qint64 answered() const { return m_answered; }

private:
    void send(QLatin1StringView op, const QJsonObject &args, qsizetype journalIndex)
    {
        const qint64 id = m_nextId++;
        m_pending.insert(id, journalIndex);
        m_socket.sendTextMessage(Protocol::encodeRequest(id, QString(op), args));
    }

    void onText(const QString &text)
    {
        const std::optional<Protocol::Frame> frame = Protocol::decode(text);
        if (!frame || frame->kind == Protocol::FrameKind::Push)
            return;
        const auto it = m_pending.constFind(frame->id);
        if (it == m_pending.cend())
            return;
        const qsizetype index = it.value();
        m_pending.erase(it);
        ++m_answered;
        if (index < 0) { // the sign-in
            m_signedIn = frame->kind == Protocol::FrameKind::Result;
            if (const auto signIn = Wire::signInFromJson(frame->result); m_signedIn && signIn)
                *m_token = signIn->token;
            return;
        }
        Sent &s = m_journal.sent[size_t(index)];
        if (frame->kind == Protocol::FrameKind::Result) {
            s.fate = Sent::Fate::Acked;
            if (s.kind == Kind::Bid || s.kind == Kind::BuyNow) {
                if (const auto p = Wire::orderPlacedFromJson(frame->result))
                    s.orderId = p->order.id;
                if (s.kind == Kind::Bid)
                    m_openOrders.append(s.orderId);
            } else if (s.kind == Kind::TopUp) {
                ++m_journal.topUpsDurable[s.account];
            } else if (s.kind == Kind::Reprice || s.kind == Kind::Pause || s.kind == Kind::Resume) {
                auto &l = m_journal.listings[s.listingId];
                if (s.kind == Kind::Reprice)
                    l.second = s.price;
                else
                    l.first = s.kind == Kind::Pause ? ListingState::Paused : ListingState::Active;
            }
        } else {
            s.fate = Sent::Fate::Refused;
            s.refusal = errorCodeName(frame->errorCode);
        }
        if (m_running)
            QTimer::singleShot(int(m_random.bounded(5, 25)), this, &Client::next);
    }

    void next()
    {
        if (!m_running || m_socket.state() != QAbstractSocket::ConnectedState)
            return;
        Sent s;
        s.account = m_account;
        QJsonObject args;
        QLatin1StringView op;
        if (m_provider) {
            s.listingId = m_listings.at(qsizetype(m_random.bounded(int(m_listings.size()))));
            const int roll = int(m_random.bounded(10));
            if (roll < 6) {
                s.kind = Kind::Reprice;
                s.price = 180 + m_random.bounded(80);
                op = Op::ListingReprice;
                args = Wire::toJson(Reprice {s.listingId, s.price});
            } else {
                // Mostly the change that applies; now and then one that is refused.
                const bool paused =
                    m_journal.listings.value(s.listingId).first == ListingState::Paused;
                s.kind = (roll < 9) == paused ? Kind::Resume : Kind::Pause;
                op = s.kind == Kind::Pause ? Op::ListingPause : Op::ListingResume;
                args = Wire::listingRequest(s.listingId);
            }
        } else {
            const int roll = int(m_random.bounded(10));
            if (roll < 2) {
                s.kind = Kind::TopUp;
                op = Op::WalletTopUp;
                args = Wire::toJson(TopUpRequest {Currency::USD, 100 + m_random.bounded(10'000)});
            } else if (roll < 4 && !m_openOrders.isEmpty()) {
                s.kind = Kind::Cancel;
                s.orderId =
                    m_openOrders.takeAt(qsizetype(m_random.bounded(int(m_openOrders.size()))));
                op = Op::OrderCancel;
                args = Wire::orderRequest(s.orderId);
            } else {
                s.kind = roll < 7 ? Kind::Bid : Kind::BuyNow;
                BidRequest r;
                r.gpu = Gpus[m_random.bounded(2)];
                r.kind = s.kind == Kind::Bid ? OrderKind::Limit : OrderKind::BuyNow;
                r.quantity = qint32(1 + m_random.bounded(3));
                r.hours = qint32(1 + m_random.bounded(3));
                r.limitCents = s.kind == Kind::Bid ? 150 + m_random.bounded(100) : 300;
                // Unique over the whole run: a reused id would be an idempotent retry.
                r.clientOrderId =
                    QStringLiteral("k%1-%2").arg(m_account).arg(m_journal.sent.size());
                s.clientOrderId = r.clientOrderId;
                op = Op::OrderPlace;
                args = Wire::toJson(r);
            }
        }
        m_journal.sent.push_back(s);
        send(op, args, qsizetype(m_journal.sent.size() - 1));
    }

    Journal &m_journal;
    qint64 m_account;
    QString m_email;
    bool m_provider;
    QList<qint64> m_listings;
    QRandomGenerator m_random;
    QWebSocket m_socket;
    QString *m_token = nullptr; // the person's, kept over the kills
    QHash<qint64, qsizetype> m_pending; // request id -> journal index (-1: the sign-in)
    QList<qint64> m_openOrders; // acknowledged limit bids it may cancel
    qint64 m_nextId = 1;
    qint64 m_answered = 0;
    bool m_signedIn = false;
    bool m_running = false;
};

} // namespace

class TestExchangedKill : public QObject
{
    Q_OBJECT

private slots:
    void killedServerKeepsWhatItAcknowledged_data();
    void killedServerKeepsWhatItAcknowledged();

private:
    // Starts the server; its WebSocket URL, or an empty one (with the output as a warning).
    QUrl start(QProcess &server, const QString &location, const QString &keyFile);
    // Everything the database must show after a kill; advances the journal to what it holds.
    void check(const QString &location, const QString &keyFile, Journal &journal, qint64 *checked);
};

void TestExchangedKill::killedServerKeepsWhatItAcknowledged_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

QUrl TestExchangedKill::start(QProcess &server, const QString &location, const QString &keyFile)
{
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(QStringLiteral(EVERX_EXCHANGED),
                 {QStringLiteral("--database"), location, QStringLiteral("--ledger-key"), keyFile,
                  QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--admin-port"),
                  QStringLiteral("0")});
    const QRegularExpression listening(QStringLiteral("listening on (ws://127.0.0.1:\\d+)"));
    QByteArray seen;
    for (int waited = 0; waited < 60'000; waited += 20) {
        server.waitForReadyRead(20);
        seen += server.readAll();
        const QRegularExpressionMatch m = listening.match(QString::fromUtf8(seen));
        if (m.hasMatch())
            return QUrl(m.captured(1));
        if (server.state() == QProcess::NotRunning)
            break;
    }
    qWarning().noquote() << "server output:" << seen;
    return {};
}

void TestExchangedKill::check(const QString &location, const QString &keyFile, Journal &journal,
                              qint64 *checked)
{
    ManualClock clock(T0);
    ExchangeEngine engine(clock);
    ExchangeEngine::Options options;
    options.database.location = location;
    options.ledgerKeyFile = keyFile;
    QString error;
    // Opening verifies the chain since the last checkpoint and every balance and hold.
    QVERIFY2(engine.open(options, &error), qPrintable(error));
    const LedgerReport full = LedgerVerifier::verify(engine.database(), true);
    QVERIFY2(full.ok, qPrintable(full.problem));
    QCOMPARE(engine.ledger().total(), Cents(0));
    const QHash<quint64, Cents> fromEntries = engine.database().balancesFromEntries();
    for (auto it = fromEntries.cbegin(); it != fromEntries.cend(); ++it)
        QCOMPARE(engine.ledger().balances().value(it.key()), it.value());
    const QStringList problems = engine.checkInvariants();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"; ")));

    QHash<qint64, QList<LedgerEntry>> entries;
    auto entriesOf = [&](qint64 account) -> const QList<LedgerEntry> & {
        auto it = entries.find(account);
        if (it == entries.end())
            it = entries.insert(account, engine.database().entries(account, 0, 10'000'000));
        return *it;
    };
    QHash<qint64, qint64> inFlightTopUps;
    for (const Sent &s : journal.sent)
        journal.inFlightAtKill += s.fate == Sent::Fate::InFlight;
    for (Sent &s : journal.sent) {
        switch (s.kind) {
        case Kind::Bid:
        case Kind::BuyNow: {
            const std::optional<BidOrder> o =
                engine.database().orderByClientId(s.account, s.clientOrderId);
            if (s.fate == Sent::Fate::Acked) {
                QVERIFY2(o,
                         qPrintable(
                             QStringLiteral("acknowledged order %1 is gone").arg(s.clientOrderId)));
                QCOMPARE(o->id, s.orderId);
            }
            if (o) {
                // All of it or nothing: the order and the hold that placing it posted.
                const QList<LedgerEntry> &mine = entriesOf(s.account);
                const bool held = std::any_of(mine.cbegin(), mine.cend(), [&](const auto &e) {
                    return e.refId == o->id && e.kind == u"hold";
                });
                QVERIFY2(held,
                         qPrintable(QStringLiteral("order %1 exists without its hold").arg(o->id)));
                if (s.fate == Sent::Fate::InFlight) { // it happened: now known durable
                    ++journal.durableUnanswered;
                    s.fate = Sent::Fate::Acked;
                    s.orderId = o->id;
                }
            } else if (s.fate == Sent::Fate::InFlight) {
                s.fate = Sent::Fate::Refused; // never happened; the client may retry it
                s.refusal = QStringLiteral("lost");
            }
            break;
        }
        case Kind::Cancel:
            if (s.fate == Sent::Fate::Acked) {
                const std::optional<BidOrder> o = engine.database().order(s.orderId);
                QVERIFY(o);
                QCOMPARE(o->state, OrderState::Cancelled);
            }
            break;
        case Kind::TopUp:
            if (s.fate == Sent::Fate::InFlight)
                ++inFlightTopUps[s.account];
            break;
        case Kind::Reprice:
        case Kind::Pause:
        case Kind::Resume:
            break;
        }
        ++*checked;
    }
    // Top-ups: every acknowledged one is there; of those in flight, any number may be.
    for (auto it = journal.topUpsDurable.begin(); it != journal.topUpsDurable.end(); ++it) {
        const QList<LedgerEntry> &mine = entriesOf(it.key());
        const qint64 found = std::count_if(mine.cbegin(), mine.cend(),
                                           [](const auto &e) { return e.kind == u"topup"; });
        QVERIFY2(found >= it.value() && found <= it.value() + inFlightTopUps.value(it.key()),
                 qPrintable(QStringLiteral("account %1: %2 top-ups, %3 acknowledged, %4 in flight")
                                .arg(it.key())
                                .arg(found)
                                .arg(it.value())
                                .arg(inFlightTopUps.value(it.key()))));
        journal.durableUnanswered += found - it.value();
        it.value() = found;
    }
    // Listings: as last acknowledged, or as the one change in flight for them.
    for (auto it = journal.listings.begin(); it != journal.listings.end(); ++it) {
        const std::optional<Listing> l = engine.listing(it.key());
        QVERIFY(l);
        std::optional<std::pair<ListingState, Cents>> inFlight;
        for (const Sent &s : journal.sent) {
            if (s.listingId == it.key() && s.fate == Sent::Fate::InFlight) {
                inFlight = it.value();
                if (s.kind == Kind::Reprice)
                    inFlight->second = s.price;
                else
                    inFlight->first =
                        s.kind == Kind::Pause ? ListingState::Paused : ListingState::Active;
            }
        }
        const std::pair<ListingState, Cents> now {l->state, l->askCents};
        QVERIFY2(now == it.value() || (inFlight && now == *inFlight),
                 qPrintable(QStringLiteral("listing %1 is %2 at %3, acknowledged %4 at %5")
                                .arg(it.key())
                                .arg(int(now.first))
                                .arg(now.second)
                                .arg(int(it.value().first))
                                .arg(it.value().second)));
        it.value() = now;
    }
    for (Sent &s : journal.sent) {
        if (s.fate == Sent::Fate::InFlight) // resolved above by what the database holds
            s.fate = Sent::Fate::Refused;
    }
}

void TestExchangedKill::killedServerKeepsWhatItAcknowledged()
{
    QFETCH(QString, backend);
    QTemporaryDir dir;
    QString location = dir.filePath(QStringLiteral("kill.db"));
    EVERX_SKIP_WITHOUT_POSTGRES(backend == u"postgresql");
    if (backend == u"postgresql") {
        location = test::pgUrl();
        QVERIFY(test::dropExchangeTables(location));
    }
    const QString keyFile = dir.filePath(QStringLiteral("ledger.key"));
    const int cycles = qEnvironmentVariableIsSet("EVERX_KILL_CYCLES")
        ? qEnvironmentVariableIntValue("EVERX_KILL_CYCLES")
        : 20;
    const quint32 seed = qEnvironmentVariableIsSet("EVERX_KILL_SEED")
        ? quint32(qEnvironmentVariableIntValue("EVERX_KILL_SEED"))
        : QRandomGenerator::global()->generate();
    qInfo("seed %u (EVERX_KILL_SEED replays the choices; the kills fall where the load is)", seed);
    QRandomGenerator random(seed);

    // The accounts and listings, made before the first start (the protocol has no sign-up).
    Journal journal;
    struct Person
    {
        qint64 id;
        QString email;
        bool provider;
        QList<qint64> listings;
        QString token; // from the first sign-in; resumed after every kill
    };
    QList<Person> people;
    {
        ManualClock clock(T0);
        ExchangeEngine engine(clock);
        ExchangeEngine::Options o;
        o.database.location = location;
        o.ledgerKeyFile = keyFile;
        o.passwordLog2N = 4; // sign-ins stay fast; the server reads the cost from the hash
        QString error;
        QVERIFY2(engine.open(o, &error), qPrintable(error));
        for (int i = 0; i < 6; ++i) {
            const bool provider = i >= 4;
            const QString email =
                QStringLiteral("%1%2@kill.test").arg(provider ? u"provider" : u"customer").arg(i);
            const auto a =
                engine.createAccount({email, Password, provider ? Role::Provider : Role::Customer,
                                      QStringLiteral("DE")});
            QVERIFY(a);
            Person p {a->id, email, provider, {}, {}};
            if (provider) {
                for (const QString &gpu : Gpus) {
                    const auto l =
                        engine.addListing(a->id,
                                          {gpu, 8, QStringLiteral("eu-central"),
                                           QStringLiteral("ssh gpu@10.0.0.%1").arg(i), 200});
                    QVERIFY(l);
                    p.listings.append(l->id);
                    journal.listings.insert(l->id, {ListingState::Active, 200});
                }
            } else {
                QVERIFY(engine.topUp(a->id, Currency::USD, 5'000'000).ok());
                journal.topUpsDurable.insert(a->id, 1);
            }
            people.append(p);
        }
    }

    QElapsedTimer elapsed;
    elapsed.start();
    qint64 checked = 0, answered = 0;
    for (int cycle = 0; cycle < cycles; ++cycle) {
        QProcess server;
        const QUrl url = start(server, location, keyFile);
        QVERIFY2(url.isValid(), qPrintable(QStringLiteral("start %1").arg(cycle + 1)));
        std::vector<std::unique_ptr<Client>> clients;
        for (Person &p : people) {
            clients.push_back(std::make_unique<Client>(journal, p.id, p.email, p.provider,
                                                       p.listings, random.generate()));
            QVERIFY2(clients.back()->connectAndSignIn(url, &p.token),
                     qPrintable(QStringLiteral("%1 after kill %2").arg(p.email).arg(cycle)));
            QVERIFY(!p.token.isEmpty());
        }
        for (const auto &c : clients)
            c->start();
        // The kill falls anywhere in the stream: mid-request, mid-commit, mid-reply.
        QTest::qWait(int(random.bounded(50, 600)));
        ::kill(pid_t(server.processId()), SIGKILL);
        QVERIFY(server.waitForFinished(10'000));
        QCOMPARE(server.exitStatus(), QProcess::CrashExit);
        QTest::qWait(20); // replies already read are delivered; nothing more can come
        for (const auto &c : clients) {
            c->stop();
            answered += c->answered();
        }
        clients.clear();
        check(location, keyFile, journal, &checked);
        if (QTest::currentTestFailed()) {
            qWarning("after kill %d of %d", cycle + 1, cycles);
            return;
        }
    }
    qint64 acked = 0;
    QMap<QString, qint64> refusals;
    for (const Sent &s : journal.sent) {
        acked += s.fate == Sent::Fate::Acked;
        if (s.fate == Sent::Fate::Refused)
            ++refusals[s.refusal.isEmpty() ? QStringLiteral("unanswered") : s.refusal];
    }
    QStringList refused;
    for (auto it = refusals.cbegin(); it != refusals.cend(); ++it)
        refused << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
    qInfo("%s: %d kills survived in %.1f s; %lld requests sent, %lld answered, %lld changes"
          " durable; %lld unanswered at a kill, of which %lld had committed; refused or lost: %s;"
          " %lld checks of an operation against the database after a kill",
          qPrintable(backend), cycles, double(elapsed.elapsed()) / 1000.0,
          qint64(journal.sent.size()), answered, acked, journal.inFlightAtKill,
          journal.durableUnanswered, qPrintable(refused.join(u", ")), checked);
}

QTEST_GUILESS_MAIN(TestExchangedKill)
#include "tst_exchangedkill.moc"
