// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// A desk given several addresses of one exchange follows it from machine to machine: the order in
// which it tries them, and, on PostgreSQL, a takeover (two real servers on loopback sharing one
// database, the first stopped abruptly and the second started on it) that the desk follows with
// its session, its open bid and an order that was in flight when the first machine died.

#include "engine/clock.h"
#include "fixtures/pgfixture.h"
#include "fixtures/testsettings.h"
#include "server/certificates.h"
#include "server/exchangeserver.h"
#include "server/exchangeservice.h"

#include "views/deskstate.h"
#include "window/connectdialog.h"
#include "window/logindialog.h"
#include "window/mainwindow.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QFile>
#include <QtCore/QPointer>
#include <QtCore/QSettings>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtNetwork/QSslSocket>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QStatusBar>

#include <memory>

using namespace everx;
using namespace Qt::StringLiterals;
using State = ClientSession::State;

namespace {

const QString Email = u"trader@example.com"_s;
const QString Password = u"correct horse"_s;

// A loopback port nothing listens on right now (the kernel's choice, released at once): an
// address of the list whose machine is down, or where one will start later.
quint16 freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

// One machine of the exchange: a server on a fixed loopback port, with a certificate of its own
// (TLS) or none (ws://), on the database it is given. stop() is the machine dying: its
// connections close and its database connection, and with it the writer lock, is released.
struct Machine
{
    // keyFile: the ledger key, the same file for every machine of one PostgreSQL exchange.
    Machine(ManualClock &c, const QString &db, bool secure = true, const QString &keyFile = {})
        : clock(c)
        , database(db)
        , tls(secure)
        , ledgerKeyFile(keyFile)
    { }

    ManualClock &clock;
    const QString database;
    const bool tls;
    const QString ledgerKeyFile;
    const quint16 port = freePort();
    QTemporaryDir dir;
    QByteArray fingerprint;
    std::unique_ptr<ExchangeService> service;
    std::unique_ptr<ExchangeServer> server;

    bool start()
    {
        QString error;
        ExchangeServer::Options so;
        so.port = port;
        so.ioThreads = 1;
        if (tls) {
            so.certificateFile = dir.filePath(u"cert.pem"_s);
            so.keyFile = dir.filePath(u"key.pem"_s);
            if (!QFile::exists(so.certificateFile)
                && !Certificates::generateSelfSigned(so.certificateFile, so.keyFile,
                                                     {u"localhost"_s, u"127.0.0.1"_s}, 2, &error)) {
                qWarning() << "certificate:" << error;
                return false;
            }
        }
        service = std::make_unique<ExchangeService>(clock);
        ExchangeService::Options o;
        o.engine.database.location = database;
        o.engine.ledgerKeyFile = ledgerKeyFile;
        o.engine.database.durable = false;
        o.engine.passwordLog2N = 4;
        o.tickMs = 20;
        if (!service->open(o, &error)) {
            qWarning() << "service:" << error;
            return false;
        }
        server = std::make_unique<ExchangeServer>(*service);
        if (!server->listen(so, &error)) {
            qWarning() << "listen:" << error;
            return false;
        }
        fingerprint = server->certificateFingerprint();
        return true;
    }

    void stop()
    {
        server.reset();
        service.reset(); // closes every connection, and the database's
    }

    QUrl url() const
    {
        return QUrl(u"%1://127.0.0.1:%2"_s.arg(tls ? u"wss"_s : u"ws"_s).arg(port));
    }
    // The user trusted this machine's certificate: its pin, under its own address.
    void pin() const
    {
        QSettings().setValue(u"servers/127.0.0.1:%1/fingerprint"_s.arg(port),
                             QString::fromLatin1(fingerprint));
    }
};

// A TCP relay in front of a machine. While frozen it passes what the desk sends and swallows what
// the machine answers: the machine acts on a request, and the desk never hears of it.
class Relay final : public QObject
{
public:
    bool frozen = false;

    explicit Relay(quint16 target)
        : m_target(target)
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *down = m_server.nextPendingConnection())
                relay(down);
        });
    }
    quint16 port() const { return m_server.serverPort(); }
    // Stops listening: the machine behind it is gone.
    void close() { m_server.close(); }

private:
    void relay(QTcpSocket *down)
    {
        auto *up = new QTcpSocket(down);
        const auto pass = [down, up] {
            if (up->state() == QAbstractSocket::ConnectedState)
                up->write(down->readAll());
        };
        connect(down, &QTcpSocket::readyRead, up, pass);
        connect(up, &QTcpSocket::connected, down, pass);
        connect(up, &QTcpSocket::readyRead, down, [this, down, up] {
            const QByteArray bytes = up->readAll();
            if (!frozen)
                down->write(bytes);
        });
        connect(up, &QTcpSocket::disconnected, down, [down] { down->disconnectFromHost(); });
        connect(up, &QTcpSocket::errorOccurred, down, [down] { down->disconnectFromHost(); });
        connect(down, &QTcpSocket::disconnected, down, &QObject::deleteLater);
        up->connectToHost(QHostAddress::LocalHost, m_target);
    }

    QTcpServer m_server;
    quint16 m_target;
};

template<typename T>
T *find(const QObject &parent, const char *name)
{
    return parent.findChild<T *>(QString::fromLatin1(name));
}

} // namespace

class TestTakeover : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void triesFromTheLastThatWorkedThenInOrder();
    void deskFollowsATakeover();
    void standbyCertificateAskedForAtTakeover();
    void orderInFlightIsPlacedOnceOnTheNextMachine();

private:
    ManualClock m_clock {1'795'996'800'000};
};

void TestTakeover::initTestCase()
{
    test::isolateSettings();
    QCoreApplication::setApplicationName(u"tst_takeover"_s);
}

void TestTakeover::init()
{
    QSettings().clear();
    if (!test::pgUrl().isEmpty())
        QVERIFY(test::dropExchangeTables(test::pgUrl()));
}

// The order of tries: the addresses in the order given until one works; after a drop, the one
// that worked first, then the others in the order given; reaching another one is a takeover,
// reported once.
void TestTakeover::triesFromTheLastThatWorkedThenInOrder()
{
    QTemporaryDir dir;
    const QString database = dir.filePath(u"exchange.db"_s);
    Machine a {m_clock, database, false};
    Machine b {m_clock, database, false};
    Machine c {m_clock, database, false};
    QVERIFY(a.port && b.port && c.port);
    QVERIFY(b.start());

    ClientSession session;
    session.setReconnectDelays(20, 100);
    ServerConnector connector(session);
    QSignalSpy attempts(&connector, &ServerConnector::attempting);
    QSignalSpy followed(&connector, &ServerConnector::followed);
    const auto tried = [&attempts](qsizetype from) {
        QList<QUrl> urls;
        for (qsizetype i = from; i < attempts.size(); ++i)
            urls.append(attempts.at(i).at(0).toUrl());
        return urls;
    };
    QVERIFY(connector.connectToServer({a.url(), b.url(), c.url()}, false));
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QCOMPARE(tried(0), (QList<QUrl> {a.url(), b.url()}));
    QCOMPARE(connector.url(), b.url());
    QCOMPARE(followed.size(), 0); // the first connection follows nothing

    // B dies: B first again, then A and C in the order given, round after round.
    const qsizetype before = attempts.size(); // counted before the drop: the next try is soon
    b.stop();
    QTRY_COMPARE(session.state(), State::Connecting);
    QTRY_VERIFY_WITH_TIMEOUT(attempts.size() >= before + 6, 10'000);
    QCOMPARE(tried(before).mid(0, 6),
             (QList<QUrl> {b.url(), a.url(), c.url(), b.url(), a.url(), c.url()}));

    // A takes over: the desk follows, says so once, and from then on tries A first.
    QVERIFY(a.start());
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QCOMPARE(connector.url(), a.url());
    QCOMPARE(followed.size(), 1);
    QCOMPARE(followed.at(0).at(0).toUrl(), a.url());
    const qsizetype afterA = attempts.size();
    a.stop();
    QTRY_COMPARE(session.state(), State::Connecting);
    QTRY_VERIFY_WITH_TIMEOUT(attempts.size() >= afterA + 3, 10'000);
    QCOMPARE(tried(afterA).mid(0, 3), (QList<QUrl> {a.url(), b.url(), c.url()}));
    session.disconnectFromExchange();
    QCOMPARE(followed.size(), 1);
}

// The test: a desk given two addresses signs in on A and bids; A dies; B takes over on the
// same PostgreSQL database; the desk reconnects to B by itself, resumes its session without
// asking anyone to sign in, shows its open bid, and said "Reconnected to" B exactly once.
void TestTakeover::deskFollowsATakeover()
{
    EVERX_SKIP_WITHOUT_POSTGRES(true);
    if (!QSslSocket::supportsSsl())
        QSKIP("no TLS backend");
    QTemporaryDir keys; // the exchange's ledger key, which both machines are given
    const QString key = keys.filePath(u"ledger.key"_s);
    Machine a {m_clock, test::pgUrl(), true, key};
    Machine b {m_clock, test::pgUrl(), true, key};
    QVERIFY(a.port && b.port && a.port != b.port);
    // The user trusted both machines' certificates, each under its own address. B runs first
    // only to make its certificate; one machine at a time holds the database.
    QVERIFY(b.start());
    b.pin();
    b.stop();
    QVERIFY(a.start());
    a.pin();
    qint64 accountId = 0;
    {
        const auto account =
            a.service->engine().createAccount({Email, Password, Role::Customer, u"DE"_s});
        QVERIFY(account);
        accountId = account->id;
        QVERIFY(a.service->engine().topUp(accountId, Currency::USD, 100'000));
    }

    ClientSession session;
    session.setReconnectDelays(50, 400);
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStringList messages;
    connect(window.statusBar(), &QStatusBar::messageChanged, this,
            [&messages](const QString &text) {
                if (!text.isEmpty())
                    messages.append(text);
            });

    // File > Connect…, both addresses.
    find<QAction>(window, "connectAction")->trigger();
    ConnectDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = find<ConnectDialog>(window, "connectDialog")) && dialog->isVisible());
    find<QRadioButton>(*dialog, "connectServer")->setChecked(true);
    find<QLineEdit>(*dialog, "connectUrl")
        ->setText(a.url().toString() + u", "_s + b.url().toString());
    find<QPushButton>(*dialog, "connectButton")->click();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QCOMPARE(QSettings().value(u"connection/url"_s).toString(),
             a.url().toString() + u',' + b.url().toString());

    // Signs in on A, and bids.
    LoginDialog *login = nullptr;
    QTRY_VERIFY((login = find<LoginDialog>(window, "loginDialog")) && login->isVisible());
    QPointer<LoginDialog> loginAlive(login);
    find<QLineEdit>(*login, "loginEmail")->setText(Email);
    find<QLineEdit>(*login, "loginPassword")->setText(Password);
    find<QPushButton>(*login, "loginButton")->click();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::SignedIn, 5000);
    QTRY_VERIFY(!loginAlive);
    std::optional<Protocol::Frame> placed;
    const QString clientOrderId =
        session.placeOrder(BidRequest {u"h100-sxm"_s, OrderKind::Limit, 1, 1, 50, 0, {}}, this,
                           [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY(placed.has_value());
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    QTRY_COMPARE_WITH_TIMEOUT(desk.openOrders()->rowCount(), 1, 5000);

    const auto reconnectedSaid = [&messages] {
        return messages.filter(u"Reconnected to"_s).size();
    };
    QCOMPARE(reconnectedSaid(), 0); // the first connection is no reconnection

    // A dies; B takes over on the same database (the writer lock is free once A is gone).
    QSignalSpy snapshots(&session, &ClientSession::snapshotReceived);
    a.stop();
    QTRY_VERIFY(session.state() != State::SignedIn);
    QVERIFY(b.start());

    // The desk follows by itself: signed in again by resume, no sign-in dialog, the bid there.
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::SignedIn, 20'000);
    QCOMPARE(connector.url(), b.url());
    QCOMPARE(session.account().email, Email);
    QTRY_VERIFY_WITH_TIMEOUT(!snapshots.isEmpty(), 5000); // B's snapshots, not A's leftovers
    QTRY_COMPARE_WITH_TIMEOUT(desk.openOrders()->rowCount(), 1, 5000);
    const QList<BidOrder> open = b.service->engine().openOrders(accountId);
    QCOMPARE(open.size(), 1);
    QCOMPARE(open.first().clientOrderId, clientOrderId);
    const QString said = u"Reconnected to 127.0.0.1:%1."_s.arg(b.port);
    QTRY_VERIFY(messages.contains(said));
    // Once: the session's later state changes, and a sign-in dialog, do not come.
    QSignalSpy states(&session, &ClientSession::stateChanged);
    QVERIFY(!states.wait(500));
    QCOMPARE(messages.count(said), 1);
    login = find<LoginDialog>(window, "loginDialog");
    QVERIFY(!login || !login->isVisible());
    QCOMPARE(session.state(), State::SignedIn);

    // B restarts: a reconnection to the same machine is no takeover, and says nothing.
    b.stop();
    QTRY_VERIFY(session.state() != State::SignedIn);
    QVERIFY(b.start());
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::SignedIn, 20'000);
    QCOMPARE(connector.url(), b.url());
    QCOMPARE(reconnectedSaid(), 1);
    session.disconnectFromExchange();
}

// The standby's certificate was never trusted: at the takeover the desk stops and asks, as for
// one address, naming the standby; trusted, it is pinned under the standby's own address and the
// desk connects there, not to the machine of the first pin.
void TestTakeover::standbyCertificateAskedForAtTakeover()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("no TLS backend");
    QTemporaryDir dir;
    const QString database = dir.filePath(u"exchange.db"_s);
    Machine a {m_clock, database};
    Machine b {m_clock, database};
    QVERIFY(a.port && b.port && a.port != b.port);
    QVERIFY(a.start());
    a.pin();

    ClientSession session;
    session.setReconnectDelays(20, 100);
    ServerConnector connector(session);
    QSignalSpy needsTrust(&connector, &ServerConnector::certificateNeedsTrust);
    QSignalSpy followed(&connector, &ServerConnector::followed);
    QVERIFY(connector.connectToServer({a.url(), b.url()}, false));
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QCOMPARE(needsTrust.size(), 0); // A's pin is A's

    a.stop();
    QVERIFY(b.start());
    QVERIFY(needsTrust.wait(10'000));
    QCOMPARE(needsTrust.at(0).at(0).toUrl(), b.url());
    QCOMPARE(needsTrust.at(0).at(1).toByteArray(), b.fingerprint);
    QTRY_COMPARE(session.state(), State::Disconnected);
    const QString bPin = u"servers/127.0.0.1:%1/fingerprint"_s.arg(b.port);
    QVERIFY(!QSettings().contains(bPin));
    QCOMPARE(followed.size(), 0);

    QVERIFY(connector.trustCertificate(b.fingerprint));
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QCOMPARE(connector.url(), b.url());
    QCOMPARE(QSettings().value(bPin).toString(), QString::fromLatin1(b.fingerprint));
    QCOMPARE(QSettings().value(u"servers/127.0.0.1:%1/fingerprint"_s.arg(a.port)).toString(),
             QString::fromLatin1(a.fingerprint));
    QCOMPARE(followed.size(), 1);
    session.disconnectFromExchange();
}

// An order sent while A dies: A placed it, but its reply never reached the desk. The desk retries
// it on B with the same clientOrderId, and B answers with that order: it exists once.
void TestTakeover::orderInFlightIsPlacedOnceOnTheNextMachine()
{
    EVERX_SKIP_WITHOUT_POSTGRES(true);
    if (!QSslSocket::supportsSsl())
        QSKIP("no TLS backend");
    QTemporaryDir keys; // the exchange's ledger key, which both machines are given
    const QString key = keys.filePath(u"ledger.key"_s);
    Machine a {m_clock, test::pgUrl(), true, key};
    Machine b {m_clock, test::pgUrl(), true, key};
    QVERIFY(a.port && b.port && a.port != b.port);
    QVERIFY(b.start());
    b.pin();
    b.stop();
    QVERIFY(a.start());
    qint64 accountId = 0;
    {
        const auto account =
            a.service->engine().createAccount({Email, Password, Role::Customer, u"DE"_s});
        QVERIFY(account);
        accountId = account->id;
        QVERIFY(a.service->engine().topUp(accountId, Currency::USD, 100'000));
    }
    // The desk reaches A through a relay: the relay's address carries A's pin.
    Relay relay(a.port);
    QVERIFY(relay.port());
    const QUrl viaRelay(u"wss://127.0.0.1:%1"_s.arg(relay.port()));
    QSettings().setValue(u"servers/127.0.0.1:%1/fingerprint"_s.arg(relay.port()),
                         QString::fromLatin1(a.fingerprint));

    ClientSession session;
    session.setReconnectDelays(50, 400);
    session.setPingInterval(0); // the frozen relay must not look like a dead connection
    session.setRequestTimeout(60'000);
    ServerConnector connector(session);
    QVERIFY(connector.connectToServer({viaRelay, b.url()}, false));
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    session.login(Email, Password);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::SignedIn, 5000);

    // The order reaches A, which places it; its reply does not reach the desk.
    relay.frozen = true;
    std::optional<Protocol::Frame> placed;
    int replies = 0;
    const QString clientOrderId =
        session.placeOrder(BidRequest {u"h100-sxm"_s, OrderKind::Limit, 2, 1, 50, 0, {}}, this,
                           [&placed, &replies](const Protocol::Frame &r) {
                               placed = r;
                               ++replies;
                           });
    QTRY_COMPARE_WITH_TIMEOUT(int(a.service->engine().openOrders(accountId).size()), 1, 10'000);
    QCOMPARE(replies, 0);

    // A dies with the reply; B takes over.
    a.stop();
    relay.close();
    QTRY_VERIFY(session.state() != State::SignedIn);
    QCOMPARE(replies, 0); // kept for a retry, not failed
    QVERIFY(b.start());

    // Retried on B: the same clientOrderId, answered as a duplicate of the order A placed.
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 20'000);
    QCOMPARE(replies, 1);
    QCOMPARE(connector.url(), b.url());
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    QCOMPARE(placed->result.value(u"duplicate"_s).toBool(), true);
    QCOMPARE(placed->result.value(u"order"_s).toObject().value(u"clientOrderId"_s).toString(),
             clientOrderId);
    const QList<BidOrder> open = b.service->engine().openOrders(accountId);
    QCOMPARE(open.size(), 1);
    QCOMPARE(open.first().clientOrderId, clientOrderId);
    QCOMPARE(open.first().quantity, 2);
    session.disconnectFromExchange();
}

QTEST_MAIN(TestTakeover)
#include "tst_takeover.moc"
