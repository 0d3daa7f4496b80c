// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Connecting the desk, offscreen, to a real exchange server with TLS on loopback: trust on first
// use of its self-signed certificate, signing in and out, and a server that comes back with
// another certificate; the address checks; switching between the sandbox and a server; and the
// notifications dock.

#include "engine/clock.h"
#include "fixtures/testsettings.h"
#include "server/certificates.h"
#include "server/embeddedexchange.h"
#include "server/exchangeserver.h"
#include "server/exchangeservice.h"

#include "views/deskstate.h"
#include "views/notificationsmodel.h"
#include "window/appearance.h"
#include "window/connectdialog.h"
#include "window/logindialog.h"
#include "window/mainwindow.h"
#include "window/notificationsdock.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QFile>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtNetwork/QSslSocket>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QSystemTrayIcon>
#include <QtWidgets/QTableView>

#include <memory>

using namespace everx;
using namespace Qt::StringLiterals;
using State = ClientSession::State;

namespace {

const QString Email = QStringLiteral("trader@example.com");
const QString Password = QStringLiteral("correct horse");

// An everx exchange server on loopback with TLS and a certificate made for it; restartable on
// the same port (and database) with a new certificate, as an operator who replaced it would.
struct TlsExchange
{
    ManualClock clock {1'795'996'800'000};
    QTemporaryDir dir;
    std::unique_ptr<ExchangeService> service;
    std::unique_ptr<ExchangeServer> server;
    quint16 port = 0;
    QByteArray certificatePem;
    int generation = 0;

    bool start()
    {
        const QString cert = dir.filePath(QStringLiteral("cert%1.pem").arg(generation));
        const QString key = dir.filePath(QStringLiteral("key%1.pem").arg(generation));
        ++generation;
        QString error;
        if (!Certificates::generateSelfSigned(
                cert, key, {QStringLiteral("localhost"), QStringLiteral("127.0.0.1")}, 2, &error)) {
            qWarning() << "certificate:" << error;
            return false;
        }
        QFile pem(cert);
        if (!pem.open(QIODevice::ReadOnly))
            return false;
        certificatePem = pem.readAll();
        service = std::make_unique<ExchangeService>(clock);
        ExchangeService::Options o;
        o.engine.database.location = dir.filePath(QStringLiteral("server.db"));
        o.engine.database.durable = false;
        o.engine.passwordLog2N = 4;
        o.tickMs = 20;
        if (!service->open(o, &error)) {
            qWarning() << "service:" << error;
            return false;
        }
        server = std::make_unique<ExchangeServer>(*service);
        ExchangeServer::Options so;
        so.port = port;
        so.certificateFile = cert;
        so.keyFile = key;
        if (!server->listen(so, &error)) {
            qWarning() << "listen:" << error;
            return false;
        }
        port = server->port();
        return true;
    }

    void stop()
    {
        server.reset();
        service.reset(); // closes every connection
    }

    QUrl url() const { return QUrl(QStringLiteral("wss://127.0.0.1:%1").arg(port)); }
    QString pinKey() const { return QStringLiteral("servers/127.0.0.1:%1/fingerprint").arg(port); }
};

template<typename T>
T *find(const QObject &parent, const char *name)
{
    return parent.findChild<T *>(QString::fromLatin1(name));
}

// The visible child of that name, once there is one (up to 10 s); else null.
template<typename T>
T *waitFor(const QObject &parent, const char *name)
{
    T *found = nullptr;
    const bool shown = QTest::qWaitFor(
        [&] {
            found = find<T>(parent, name);
            return found && found->isVisible();
        },
        10'000);
    return shown ? found : nullptr;
}

QString oneLine(QString text)
{
    return text.remove(u'\n');
}

} // namespace

class TestConnect : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void serverAddresses_data();
    void serverAddresses();
    void serverAddressLists_data();
    void serverAddressLists();
    void dialogShowsItsTextsWhole_data();
    void dialogShowsItsTextsWhole();
    void trustSignInSignOutAndMismatch();
    void sandboxOnlyWhenUsed();
    void notificationsDock();
};

void TestConnect::initTestCase()
{
    test::isolateSettings();
    QCoreApplication::setApplicationName(QStringLiteral("tst_connect"));
}

void TestConnect::init()
{
    QSettings().clear();
}

void TestConnect::serverAddresses_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("url"); // empty: refused
    QTest::newRow("wss with port") << QStringLiteral("wss://exchange.example.com:7447")
                                   << QStringLiteral("wss://exchange.example.com:7447");
    QTest::newRow("wss default port") << QStringLiteral("wss://exchange.example.com")
                                      << QStringLiteral("wss://exchange.example.com:7447");
    QTest::newRow("no scheme is wss") << QStringLiteral(" exchange.example.com:9000 ")
                                      << QStringLiteral("wss://exchange.example.com:9000");
    QTest::newRow("ws localhost") << QStringLiteral("ws://localhost:7447")
                                  << QStringLiteral("ws://localhost:7447");
    QTest::newRow("ws loopback v4")
        << QStringLiteral("ws://127.0.0.1:7447") << QStringLiteral("ws://127.0.0.1:7447");
    QTest::newRow("ws loopback v6")
        << QStringLiteral("ws://[::1]:7447") << QStringLiteral("ws://[::1]:7447");
    QTest::newRow("ws elsewhere") << QStringLiteral("ws://exchange.example.com:7447") << QString();
    QTest::newRow("ws lan address") << QStringLiteral("ws://192.168.1.20:7447") << QString();
    QTest::newRow("http") << QStringLiteral("http://exchange.example.com") << QString();
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("garbage") << QStringLiteral("wss://exa mple:port") << QString();
}

void TestConnect::serverAddresses()
{
    QFETCH(QString, typed);
    QFETCH(QString, url);
    QString problem;
    const std::optional<QUrl> parsed = ServerConnector::parseServerUrl(typed, &problem);
    QCOMPARE(parsed.has_value(), !url.isEmpty());
    if (parsed)
        QCOMPARE(parsed->toString(), url);
    else
        QVERIFY(!problem.isEmpty());

    // The dialog checks as the user types, says why in place, and will not connect.
    ClientSession session;
    ServerConnector connector(session);
    ConnectDialog dialog(connector);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *sandbox = find<QRadioButton>(dialog, "connectSandbox");
    auto *server = find<QRadioButton>(dialog, "connectServer");
    auto *edit = find<QLineEdit>(dialog, "connectUrl");
    auto *shown = find<QLabel>(dialog, "connectProblem");
    auto *button = find<QPushButton>(dialog, "connectButton");
    QVERIFY(sandbox && server && edit && shown && button);
    QVERIFY(sandbox->isChecked()); // the default
    QVERIFY(button->isEnabled());
    server->setChecked(true);
    edit->setText(typed);
    QCOMPARE(button->isEnabled(), !url.isEmpty());
    // Nothing typed: Connect waits, without an error; anything else wrong says why.
    const bool typedSomething = !typed.trimmed().isEmpty();
    QCOMPARE(shown->isVisible(), url.isEmpty() && typedSomething);
    if (url.isEmpty() && typedSomething)
        QCOMPARE(shown->text(), problem);
    if (typed.startsWith(u"ws://exchange"))
        QVERIFY2(shown->text().contains(u"wss://"), qPrintable(shown->text()));
    if (url.isEmpty()) {
        button->click();
        QCOMPARE(session.state(), State::Disconnected); // nothing was tried with a bad address
        QVERIFY(dialog.isVisible());
    }
}

void TestConnect::serverAddressLists_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("urls"); // empty: refused
    QTest::addColumn<QString>("why"); // a word of the refusal
    QTest::newRow("two") << u"wss://a.example.com:7447,wss://b.example.com:7447"_s
                         << QStringList {u"wss://a.example.com:7447"_s,
                                         u"wss://b.example.com:7447"_s}
                         << QString();
    QTest::newRow("order kept") << u"wss://b.example.com,wss://a.example.com"_s
                                << QStringList {u"wss://b.example.com:7447"_s,
                                                u"wss://a.example.com:7447"_s}
                                << QString();
    QTest::newRow("whitespace") << u"  wss://a.example.com:7447 ,\tb.example.com:9000  "_s
                                << QStringList {u"wss://a.example.com:7447"_s,
                                                u"wss://b.example.com:9000"_s}
                                << QString();
    QTest::newRow("one") << u"wss://a.example.com"_s << QStringList {u"wss://a.example.com:7447"_s}
                         << QString();
    QTest::newRow("same port twice")
        << u"wss://a.example.com:7447,wss://a.example.com:7447"_s << QStringList() << u"twice"_s;
    QTest::newRow("duplicate by default port")
        << u"wss://A.example.com, a.example.com:7447"_s << QStringList() << u"twice"_s;
    QTest::newRow("other ports are other machines")
        << u"ws://127.0.0.1:7447,ws://127.0.0.1:7448"_s
        << QStringList {u"ws://127.0.0.1:7447"_s, u"ws://127.0.0.1:7448"_s} << QString();
    QTest::newRow("bad scheme") << u"wss://a.example.com,http://b.example.com"_s << QStringList()
                                << u"Address 2"_s;
    QTest::newRow("ws elsewhere") << u"ws://a.example.com,wss://b.example.com"_s << QStringList()
                                  << u"Address 1"_s;
    QTest::newRow("empty item") << u"wss://a.example.com,,wss://b.example.com"_s << QStringList()
                                << u"Address 2 of the list is empty"_s;
    QTest::newRow("trailing comma")
        << u"wss://a.example.com,"_s << QStringList() << u"Address 2 of the list is empty"_s;
    QTest::newRow("blank item") << u" , wss://a.example.com"_s << QStringList()
                                << u"Address 1 of the list is empty"_s;
    QTest::newRow("only commas") << u",,,"_s << QStringList() << u"empty"_s;
    QTest::newRow("garbage item") << u"wss://a.example.com,wss://exa mple:port"_s << QStringList()
                                  << u"Address 2"_s;
    QStringList eight;
    for (int i = 0; i < ServerConnector::MaxServerAddresses; ++i)
        eight.append(u"wss://m%1.example.com:7447"_s.arg(i));
    QTest::newRow("the most") << eight.join(u',') << eight << QString();
    QTest::newRow("one too many") << eight.join(u',') + u",wss://x.example.com"_s << QStringList()
                                  << u"at most"_s;
    QTest::newRow("a flood of commas") << QString(1'000'000, u',') << QStringList() << u"at most"_s;
}

// A list of addresses, the machines of one exchange: kept in order, each checked like one, and
// refused whole, saying which item is wrong; the dialog connects to nothing then.
void TestConnect::serverAddressLists()
{
    QFETCH(QString, typed);
    QFETCH(QStringList, urls);
    QFETCH(QString, why);
    QString problem;
    const std::optional<QList<QUrl>> parsed = ServerConnector::parseServerUrls(typed, &problem);
    QCOMPARE(parsed.has_value(), !urls.isEmpty());
    if (parsed) {
        QStringList texts;
        for (const QUrl &url : *parsed)
            texts.append(url.toString());
        QCOMPARE(texts, urls);
        QVERIFY(problem.isEmpty());
        // What settings keep reads back the same.
        QCOMPARE(ServerConnector::parseServerUrls(ServerConnector::joinedUrls(*parsed)), parsed);
    } else {
        QVERIFY2(problem.contains(why, Qt::CaseInsensitive), qPrintable(problem));
    }

    ClientSession session;
    ServerConnector connector(session); // nothing chosen yet: the sandbox, no address
    ConnectDialog dialog(connector);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    find<QRadioButton>(dialog, "connectServer")->setChecked(true);
    auto *edit = find<QLineEdit>(dialog, "connectUrl");
    // The field says that it takes a list, and how it is written.
    QVERIFY2(edit->toolTip().contains(u"7447,wss://"_s), qPrintable(edit->toolTip()));
    edit->setText(typed);
    auto *shown = find<QLabel>(dialog, "connectProblem");
    auto *button = find<QPushButton>(dialog, "connectButton");
    QCOMPARE(button->isEnabled(), parsed.has_value());
    QCOMPARE(shown->isVisible(), !parsed);
    if (!parsed) {
        QCOMPARE(shown->text(), problem);
        button->click();
        // Nothing changed: still the sandbox, nothing saved.
        QCOMPARE(connector.mode(), ServerConnector::Mode::Sandbox);
        QVERIFY(connector.urls().isEmpty());
        QVERIFY(!QSettings().contains(u"connection/url"_s));
        QVERIFY(dialog.isVisible());
        // Nor through the connector directly.
        QVERIFY(!connector.connectToServer(QList<QUrl> {}));
    }
}

void TestConnect::dialogShowsItsTextsWhole_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("Indonesian") << u"id"_s;
    QTest::newRow("Turkish") << u"tr"_s;
}

// Wrapped texts (the intro, an error) are never clipped, and choosing Server before typing
// anything shows no error.
void TestConnect::dialogShowsItsTextsWhole()
{
    QFETCH(QString, language);
    Appearance appearance;
    QVERIFY(appearance.setLanguage(language));
    ClientSession session;
    ServerConnector connector(session);
    ConnectDialog dialog(connector);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *intro = find<QLabel>(dialog, "connectIntro");
    auto *server = find<QRadioButton>(dialog, "connectServer");
    auto *edit = find<QLineEdit>(dialog, "connectUrl");
    auto *problem = find<QLabel>(dialog, "connectProblem");
    auto *button = find<QPushButton>(dialog, "connectButton");
    QVERIFY(intro && server && edit && problem && button);
    const auto whole = [](QLabel *label) {
        return label->isVisible() && label->height() >= label->heightForWidth(label->width())
            && label->visibleRegion().boundingRect() == label->rect();
    };
    QTRY_VERIFY(whole(intro));

    server->setChecked(true);
    QCOMPARE(edit->text(), QString());
    QVERIFY(!problem->isVisible());
    QVERIFY(!button->isEnabled());

    // The longest error: a plain connection to a server elsewhere.
    edit->setText(u"ws://exchange.example.com:7447"_s);
    QVERIFY(problem->isVisible());
    QTRY_VERIFY2(whole(problem), qPrintable(problem->text()));
    QVERIFY(whole(intro));
    // A narrower window keeps them whole: it grows taller.
    dialog.resize(dialog.minimumWidth(), dialog.height());
    QTRY_VERIFY(whole(problem) && whole(intro));
    QVERIFY(appearance.setLanguage(u"en"_s));
}

void TestConnect::trustSignInSignOutAndMismatch()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("no TLS backend");
    TlsExchange exchange;
    QVERIFY(exchange.start());
    {
        const auto account = exchange.service->engine().createAccount(
            {Email, Password, Role::Customer, QStringLiteral("DE")});
        QVERIFY(account);
        QVERIFY(exchange.service->engine().topUp(account->id, Currency::USD, 100'000));
    }
    const QByteArray fingerprint = Certificates::fingerprintOfPem(exchange.certificatePem);
    QCOMPARE(fingerprint.size(), 64);

    ClientSession session;
    session.setReconnectDelays(50, 200); // a session that retried would do so often
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    // File > Connect…, a server: its certificate is nobody's, so the dialog shows its fingerprint.
    find<QAction>(window, "connectAction")->trigger();
    auto *dialog = waitFor<ConnectDialog>(window, "connectDialog");
    QVERIFY(dialog);
    QPointer<ConnectDialog> firstDialog(dialog);
    find<QRadioButton>(*dialog, "connectServer")->setChecked(true);
    find<QLineEdit>(*dialog, "connectUrl")->setText(exchange.url().toString());
    auto *connectButton = find<QPushButton>(*dialog, "connectButton");
    QVERIFY(connectButton->isEnabled());
    connectButton->click();
    auto *shownFingerprint = waitFor<QLabel>(*dialog, "connectFingerprint");
    QVERIFY(shownFingerprint);
    QCOMPARE(oneLine(shownFingerprint->text()), ServerConnector::groupedFingerprint(fingerprint));
    QCOMPARE(ServerConnector::groupedFingerprint(fingerprint).size(), 32 * 3 - 1);

    // Not trusted: the session stopped, and stays stopped; nothing was pinned.
    QTRY_COMPARE(session.state(), State::Disconnected);
    QSignalSpy states(&session, &ClientSession::stateChanged);
    QTest::qWait(1000);
    QCOMPARE(states.size(), 0);
    QVERIFY(!QSettings().contains(exchange.pinKey()));
    auto *trust = find<QCheckBox>(*dialog, "trustCertificate");
    QVERIFY(trust && trust->isVisible());
    QVERIFY(!connectButton->isEnabled()); // only with the user's explicit acceptance

    // Accepted: pinned, connected, and the dialog is done.
    trust->setChecked(true);
    QVERIFY(connectButton->isEnabled());
    connectButton->click();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QCOMPARE(QSettings().value(exchange.pinKey()).toString(), QString::fromLatin1(fingerprint));
    QCOMPARE(QSettings().value(QStringLiteral("connection/mode")).toString(),
             QStringLiteral("server"));
    QCOMPARE(QSettings().value(QStringLiteral("connection/url")).toString(),
             exchange.url().toString());
    QTRY_VERIFY(!firstDialog);
    QCOMPARE(find<QLabel>(window, "statusMode")->text(), QStringLiteral("Server"));

    // Connected to a server: the desk asks who signs in. A wrong password is refused in place.
    auto *login = waitFor<LoginDialog>(window, "loginDialog");
    QVERIFY(login);
    QPointer<LoginDialog> loginAlive(login);
    auto *email = find<QLineEdit>(*login, "loginEmail");
    auto *password = find<QLineEdit>(*login, "loginPassword");
    auto *problem = find<QLabel>(*login, "loginProblem");
    auto *signIn = find<QPushButton>(*login, "loginButton");
    QVERIFY(email && password && problem && signIn);
    QCOMPARE(password->echoMode(), QLineEdit::Password);
    QVERIFY(!find<QPushButton>(*login, "loginDemoCustomer")->isVisible()); // not the sandbox
    QSignalSpy failed(&session, &ClientSession::signInFailed);
    email->setText(Email);
    password->setText(QStringLiteral("wrong horse"));
    signIn->click();
    QVERIFY(failed.wait(5000));
    QTRY_VERIFY(problem->isVisible());
    QCOMPARE(problem->text(), QStringLiteral("Wrong email or password."));
    QVERIFY(loginAlive && login->isVisible());
    QCOMPARE(email->text(), Email);
    QCOMPARE(session.state(), State::Connected);

    // The right password signs in; the status bar names the account.
    password->setText(Password);
    signIn->click();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::SignedIn, 5000);
    QTRY_VERIFY(!loginAlive);
    QTRY_COMPARE(find<QLabel>(window, "statusAccount")->text(), Email);

    // A resting bid, then File > Sign out: connected, signed out, the open orders gone.
    std::optional<Protocol::Frame> placed;
    session.placeOrder(BidRequest {QStringLiteral("h100-sxm"), OrderKind::Limit, 1, 1, 50, 0, {}},
                       this, [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY(placed.has_value());
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    QTRY_COMPARE_WITH_TIMEOUT(desk.openOrders()->rowCount(), 1, 5000);
    auto *signOut = find<QAction>(window, "signOutAction");
    QVERIFY(signOut->isEnabled());
    signOut->trigger();
    QTRY_COMPARE(session.state(), State::Connected);
    QCOMPARE(desk.openOrders()->rowCount(), 0);
    QCOMPARE(find<QLabel>(window, "statusAccount")->text(), QStringLiteral("Not signed in"));
    QVERIFY(!signOut->isEnabled());
    QVERIFY(find<QAction>(window, "signInAction")->isEnabled());

    // The server comes back with another certificate: refused, loudly, naming both; the pin stays
    // and the session does not retry.
    const QByteArray oldFingerprint = fingerprint;
    exchange.stop();
    QVERIFY(exchange.start());
    const QByteArray newFingerprint = Certificates::fingerprintOfPem(exchange.certificatePem);
    QVERIFY(newFingerprint != oldFingerprint);
    dialog = waitFor<ConnectDialog>(window, "connectDialog");
    QVERIFY(dialog);
    auto *warning = waitFor<QLabel>(*dialog, "connectProblem");
    QVERIFY(warning);
    const QString text = oneLine(warning->text());
    QVERIFY2(text.contains(ServerConnector::groupedFingerprint(oldFingerprint)), qPrintable(text));
    QVERIFY2(text.contains(ServerConnector::groupedFingerprint(newFingerprint)), qPrintable(text));
    QVERIFY2(text.startsWith(u"WARNING"), qPrintable(text));
    QVERIFY(warning->font().bold());
    QTRY_COMPARE(session.state(), State::Disconnected);
    states.clear();
    QTest::qWait(1000);
    QCOMPARE(states.size(), 0);
    QCOMPARE(QSettings().value(exchange.pinKey()).toString(), QString::fromLatin1(oldFingerprint));
    QVERIFY(!find<QCheckBox>(*dialog, "trustCertificate")->isVisible()); // no re-pinning here
    connectButton = find<QPushButton>(*dialog, "connectButton");
    QVERIFY(!connectButton->isEnabled());

    // Only after forgetting the old pin, explicitly, is the new certificate offered, and then
    // again only for explicit trust.
    find<QPushButton>(*dialog, "forgetPin")->click();
    QVERIFY(!QSettings().contains(exchange.pinKey()));
    QVERIFY(connectButton->isEnabled());
    connectButton->click();
    shownFingerprint = waitFor<QLabel>(*dialog, "connectFingerprint");
    QVERIFY(shownFingerprint);
    QCOMPARE(oneLine(shownFingerprint->text()),
             ServerConnector::groupedFingerprint(newFingerprint));
    QTRY_COMPARE(session.state(), State::Disconnected);
    QVERIFY(!QSettings().contains(exchange.pinKey()));
    find<QCheckBox>(*dialog, "trustCertificate")->setChecked(true);
    connectButton->click();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QCOMPARE(QSettings().value(exchange.pinKey()).toString(), QString::fromLatin1(newFingerprint));
}

void TestConnect::sandboxOnlyWhenUsed()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("no TLS backend");
    TlsExchange server;
    QVERIFY(server.start());
    // Trusted before, in an earlier run.
    QSettings().setValue(
        server.pinKey(),
        QString::fromLatin1(Certificates::fingerprintOfPem(server.certificatePem)));

    QTemporaryDir dir;
    std::unique_ptr<EmbeddedExchange> sandbox;
    int starts = 0;
    int stops = 0;
    ClientSession session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    connector.setSandbox(
        [&]() -> ClientSession::TransportFactory {
            ++starts;
            sandbox = std::make_unique<EmbeddedExchange>();
            EmbeddedExchange::Options o;
            o.databasePath = dir.filePath(QStringLiteral("sandbox.db"));
            o.sandbox.backfillDays = 3;
            o.sandbox.stepIntervalMs = 60'000;
            sandbox->start(o);
            return [ex = sandbox.get()] {
                return ex->connectClient();
            };
        },
        [&] {
            ++stops;
            sandbox.reset();
        });
    QCOMPARE(starts, 0);

    // Nothing saved: the sandbox, signed in as the demo customer.
    connector.connectSaved();
    QCOMPARE(starts, 1);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::SignedIn, 60'000);
    QCOMPARE(session.account().email, QStringLiteral("customer@sandbox.everx.cloud"));
    QCOMPARE(session.serverMode(), QStringLiteral("sandbox"));
    QCOMPARE(connector.mode(), ServerConnector::Mode::Sandbox);

    // To the server: the sandbox is signed out of and stopped; the server is reached, pinned.
    QSignalSpy signedOut(&session, &ClientSession::signedOut);
    QVERIFY(connector.connectToServer(server.url()));
    QCOMPARE(signedOut.size(), 1);
    QCOMPARE(stops, 1);
    QVERIFY(!sandbox);
    QCOMPARE(session.serverMode(), QString()); // not "sandbox" while the server is being reached
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::Connected, 10'000);
    QCOMPARE(session.serverMode(), QStringLiteral("server"));
    QCOMPARE(connector.savedMode(), ServerConnector::Mode::Server);
    QCOMPARE(connector.savedUrls(), QList<QUrl> {server.url()});
    QVERIFY(desk.openOrders()->rowCount() == 0);

    // The same server again: nothing to do.
    QSignalSpy states(&session, &ClientSession::stateChanged);
    QVERIFY(connector.connectToServer(server.url()));
    QCOMPARE(states.size(), 0);

    // Back to the sandbox: started again, demo customer again. A one-off (--sandbox) is not saved.
    connector.connectToSandbox(false);
    QCOMPARE(starts, 2);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::SignedIn, 60'000);
    QCOMPARE(session.serverMode(), QStringLiteral("sandbox"));
    QCOMPARE(connector.savedMode(), ServerConnector::Mode::Server);
    // Signing out in the sandbox stays signed out: the demo sign-in is once per connect.
    session.logout();
    QTRY_COMPARE(session.state(), State::Connected);
    QTest::qWait(300);
    QCOMPARE(session.state(), State::Connected);

    // A run that starts as another demo account (everx-desk --sandbox-as provider).
    session.disconnectFromExchange();
    connector.setSandboxRole(Role::Provider);
    connector.connectToSandbox(false);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), State::SignedIn, 60'000);
    QCOMPARE(session.account().role, Role::Provider);
    QCOMPARE(session.account().email, QStringLiteral("provider@sandbox.everx.cloud"));
    session.disconnectFromExchange();
}

void TestConnect::notificationsDock()
{
    ClientSession session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *dock = find<QDockWidget>(window, "notificationsDock");
    QVERIFY(dock);
    auto *view = find<QTableView>(*dock, "notificationsView");
    auto *markRead = find<QPushButton>(*dock, "markAllRead");
    QVERIFY(view && markRead);
    QCOMPARE(dock->windowTitle(), QStringLiteral("Notifications"));
    QVERIFY(!markRead->isEnabled());

    // What the account channel says reaches the dock, newest first, counted in the title.
    Q_EMIT desk.notification(QStringLiteral("fill"), QStringLiteral("filled 1 x h100-sxm at 2.88"));
    QCOMPARE(dock->windowTitle(), QStringLiteral("Notifications (1)"));
    Q_EMIT desk.notification(QStringLiteral("low_balance"),
                             QStringLiteral("available balance is 9.00 USD"));
    QCOMPARE(dock->windowTitle(), QStringLiteral("Notifications (2)"));
    QCOMPARE(view->model()->rowCount(), 2);
    QCOMPARE(view->model()->index(0, NotificationsModel::Kind).data().toString(),
             QStringLiteral("Low balance"));
    QCOMPARE(dock->toggleViewAction()->text(), QStringLiteral("Notifications (2)"));
    QVERIFY(markRead->isEnabled());
    markRead->click();
    QCOMPARE(dock->windowTitle(), QStringLiteral("Notifications"));
    QCOMPARE(window.notifications()->unreadCount(), 0);
    QCOMPARE(view->model()->rowCount(), 2); // read, not gone

    // Desktop (tray) messages can be turned off, and that is remembered.
    auto *dockObject = qobject_cast<NotificationsDock *>(dock);
    QVERIFY(dockObject);
    QVERIFY(dockObject->desktopNotifications());
    dockObject->setDesktopNotifications(false);
    QCOMPARE(QSettings().value(QStringLiteral("notifications/desktop")).toBool(), false);
    {
        ClientSession other;
        DeskState otherDesk(other, GpuCatalog::builtIn());
        ServerConnector otherConnector(other);
        MainWindow again(otherConnector, otherDesk);
        QVERIFY(!again.findChild<NotificationsDock *>()->desktopNotifications());
    }
    // The tray exactly where the desktop has one.
    QCOMPARE(dockObject->trayIcon() != nullptr, QSystemTrayIcon::isSystemTrayAvailable());
}

QTEST_MAIN(TestConnect)
#include "tst_connect.moc"
