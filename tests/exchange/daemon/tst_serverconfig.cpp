// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ServerConfig: everx-exchanged's options from the defaults, the configuration file and the
// command line, the command line winning; every option can be in the file; unknown keys, bad
// values and bad lines are refused with the key (and line) named.

#include "daemon/serverconfig.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QTemporaryDir>
#include <QtTest/QTest>

using namespace everx;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(ConfigError::Kind)

class TestServerConfig : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    QString writeFile(const QByteArray &text)
    {
        const QString path = m_dir.filePath(u"exchanged-%1.conf"_s.arg(++m_files));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(text);
        return path;
    }

    // A payment secret file with these permissions.
    QString writeSecret(const QByteArray &secret,
                        QFileDevice::Permissions permissions = QFileDevice::ReadOwner
                            | QFileDevice::WriteOwner)
    {
        const QString path = m_dir.filePath(u"secret-%1"_s.arg(++m_files));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || !f.setPermissions(permissions))
            return {};
        f.write(secret);
        return path;
    }

    // Parses args (without the program name) as everx-exchanged would.
    static std::optional<ServerOptions> resolve(const QStringList &args, ConfigError *error)
    {
        QCommandLineParser parser;
        ServerConfig::addOptions(parser);
        if (!parser.parse(QStringList {u"everx-exchanged"_s} + args)) {
            error->message = parser.errorText();
            return std::nullopt;
        }
        return ServerConfig::resolve(parser, error);
    }

private slots:
    void defaults();
    void helpShowsTheComponentsDefaults_data();
    void helpShowsTheComponentsDefaults();
    void commandLineOnly();
    void fileOnly();
    void commandLineWinsOverFile();
    void fileCoversEveryOption();
    void standbyOnPostgresql();
    void unknownKeyIsNamed();
    void badValues_data();
    void badValues();
    void badLines_data();
    void badLines();
    void unreadableFile();
    void conflicts_data();
    void conflicts();
    void mailRelayOptions();
    void defaultDatabaseFollowsStateDirectory();
    void ledgerKeyBesideTheData();
    void paymentsNeedAPrivateSecret_data();
    void paymentsNeedAPrivateSecret();
};

void TestServerConfig::defaults()
{
    ConfigError error;
    const auto o = resolve({}, &error);
    QVERIFY2(o, qPrintable(error.message));
    QCOMPARE(error.kind, ConfigError::Kind::None);
    QCOMPARE(o->server.address, QHostAddress(QHostAddress::LocalHost));
    QCOMPARE(o->server.port, 7447);
    QVERIFY(o->server.certificateFile.isEmpty() && o->server.keyFile.isEmpty());
    QVERIFY(o->database().isEmpty());
    QCOMPARE(o->service.sandbox, false);
    QCOMPARE(o->sandbox.timeScale, 60);
    QCOMPARE(o->sandbox.seed, 20261130u);
    QCOMPARE(o->service.engine.platformFeeBp, 1000);
    QCOMPARE(o->verbose, false);
    QCOMPARE(o->adminListener, true);
    QCOMPARE(o->admin.address, QHostAddress(QHostAddress::LocalHost));
    QCOMPARE(o->admin.port, 7448);
    QCOMPARE(o->admin.allowRemote, false);
    QVERIFY(o->configFile.isEmpty());
}

// --help prints each default from the component that owns it, so that a default changed there is
// what the help says: one home a default.
void TestServerConfig::helpShowsTheComponentsDefaults_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("shown");
    QTest::newRow("port") << u"port"_s << QString::number(ExchangeServer::Options().port);
    QTest::newRow("port is the protocol's") << u"port"_s << QString::number(Protocol::DefaultPort);
    QTest::newRow("admin-port") << u"admin-port"_s << QString::number(AdminServer::Options().port);
    QTest::newRow("seed") << u"seed"_s << QString::number(SandboxOptions().seed);
    QTest::newRow("time-scale") << u"time-scale"_s << QString::number(SandboxOptions().timeScale);
    QTest::newRow("sign-in-threads")
        << u"sign-in-threads"_s << QString::number(HashingPool::Options().threads);
    QTest::newRow("sign-in-queue")
        << u"sign-in-queue"_s << QString::number(HashingPool::Options().maxQueued);
    QTest::newRow("fee-bp") << u"fee-bp"_s
                            << QString::number(ExchangeEngine::Options().platformFeeBp);
    QTest::newRow("reservation-cancel-fee-bp")
        << u"reservation-cancel-fee-bp"_s
        << QString::number(ExchangeEngine::Options().reservationCancelFeeBp);
    QTest::newRow("max-connections")
        << u"max-connections"_s << QString::number(ExchangeServer::Options().maxConnections);
    QTest::newRow("keepalive-timeout")
        << u"keepalive-timeout"_s
        << QString::number(ExchangeService::Options().keepaliveTimeoutMs / 1000);
}

void TestServerConfig::helpShowsTheComponentsDefaults()
{
    QFETCH(QString, option);
    QFETCH(QString, shown);
    QCommandLineParser parser;
    ServerConfig::addOptions(parser);
    const QString help = parser.helpText();
    QVERIFY2(!help.contains(u"%1"_s), "a default was left out of the help");
    // The option's help runs from its name to the next option.
    const qsizetype at = help.indexOf(u"--"_s + option + u' ');
    QVERIFY2(at >= 0, qPrintable(option));
    const qsizetype next = help.indexOf(u"\n  -"_s, at + 1);
    const QString text = help.mid(at, next < 0 ? -1 : next - at).simplified();
    QVERIFY2(text.contains(u"(default "_s + shown), qPrintable(text));
}

void TestServerConfig::commandLineOnly()
{
    ConfigError error;
    const auto o = resolve({u"--listen"_s,
                            u"0.0.0.0"_s,
                            u"--port"_s,
                            u"9000"_s,
                            u"--cert"_s,
                            u"/etc/everx/c.pem"_s,
                            u"--key"_s,
                            u"/etc/everx/k.pem"_s,
                            u"--database"_s,
                            u"postgresql://u:p#w@127.0.0.1/x"_s,
                            u"--sandbox"_s,
                            u"--time-scale"_s,
                            u"10"_s,
                            u"--seed"_s,
                            u"4294967295"_s,
                            u"--fee-bp"_s,
                            u"250"_s,
                            u"--reservation-cancel-fee-bp"_s,
                            u"2500"_s,
                            u"--verbose"_s,
                            u"--admin-listen"_s,
                            u"::1"_s,
                            u"--admin-port"_s,
                            u"9100"_s,
                            u"--admin-allow-remote"_s},
                           &error);
    QVERIFY2(o, qPrintable(error.message));
    QCOMPARE(o->server.address, QHostAddress(u"0.0.0.0"_s));
    QCOMPARE(o->server.port, 9000);
    QCOMPARE(o->server.certificateFile, u"/etc/everx/c.pem"_s);
    QCOMPARE(o->server.keyFile, u"/etc/everx/k.pem"_s);
    QCOMPARE(o->database(), u"postgresql://u:p#w@127.0.0.1/x"_s);
    QCOMPARE(o->service.sandbox, true);
    QCOMPARE(o->sandbox.timeScale, 10);
    QCOMPARE(o->sandbox.seed, 4294967295u);
    QCOMPARE(o->service.engine.platformFeeBp, 250);
    QCOMPARE(o->service.engine.reservationCancelFeeBp, 2500);
    QCOMPARE(o->verbose, true);
    QCOMPARE(o->admin.address, QHostAddress(QHostAddress::LocalHostIPv6));
    QCOMPARE(o->admin.port, 9100);
    QCOMPARE(o->admin.allowRemote, true);
    QCOMPARE(o->adminListener, true);

    const auto off = resolve({u"--no-admin"_s}, &error);
    QVERIFY(off);
    QCOMPARE(off->adminListener, false);
}

void TestServerConfig::fileOnly()
{
    const QString path = writeFile("# everx-exchanged\n"
                                   "; both comment styles\n"
                                   "\n"
                                   "listen = 0.0.0.0\n"
                                   "port=9000\n"
                                   "   cert   =   /etc/everx/c.pem   \n"
                                   "key = /etc/everx/k.pem\n"
                                   "database = postgresql://u:p#w@127.0.0.1/x\n"
                                   "sandbox = yes\n"
                                   "time-scale = 10\n"
                                   "seed = 7\n"
                                   "fee-bp = 250\n"
                                   "verbose = on\n"
                                   "admin-listen = ::1\n"
                                   "admin-port = 9100\n"
                                   "admin-allow-remote = true\n"
                                   "no-admin = false\n");
    ConfigError error;
    const auto o = resolve({u"--config"_s, path}, &error);
    QVERIFY2(o, qPrintable(error.message));
    QCOMPARE(o->configFile, path);
    QCOMPARE(o->server.address, QHostAddress(u"0.0.0.0"_s));
    QCOMPARE(o->server.port, 9000);
    QCOMPARE(o->server.certificateFile, u"/etc/everx/c.pem"_s);
    QCOMPARE(o->server.keyFile, u"/etc/everx/k.pem"_s);
    // No comments after a value: a password may hold #.
    QCOMPARE(o->database(), u"postgresql://u:p#w@127.0.0.1/x"_s);
    QCOMPARE(o->service.sandbox, true);
    QCOMPARE(o->sandbox.timeScale, 10);
    QCOMPARE(o->sandbox.seed, 7u);
    QCOMPARE(o->service.engine.platformFeeBp, 250);
    QCOMPARE(o->verbose, true);
    QCOMPARE(o->admin.address, QHostAddress(QHostAddress::LocalHostIPv6));
    QCOMPARE(o->admin.port, 9100);
    QCOMPARE(o->admin.allowRemote, true);
    QCOMPARE(o->adminListener, true);
}

void TestServerConfig::commandLineWinsOverFile()
{
    const QString path = writeFile("port = 9000\n"
                                   "database = /var/lib/everx-exchanged/exchange.db\n"
                                   "fee-bp = 500\n"
                                   "sandbox = false\n"
                                   "admin-port = 9100\n");
    ConfigError error;
    const auto o = resolve(
        {u"--config"_s, path, u"--port"_s, u"9001"_s, u"--sandbox"_s, u"--admin-port"_s, u"0"_s},
        &error);
    QVERIFY2(o, qPrintable(error.message));
    QCOMPARE(o->server.port, 9001); // both: the command line
    QCOMPARE(o->database(), u"/var/lib/everx-exchanged/exchange.db"_s); // the file only
    QCOMPARE(o->service.engine.platformFeeBp, 500);
    QCOMPARE(o->service.sandbox, true); // a switch on the command line is on
    QCOMPARE(o->admin.port, 0);
    QCOMPARE(o->sandbox.timeScale, 60); // neither: the default
}

// docs/operations.md "Two machines": a standby on PostgreSQL, the fence's bound from
// ExchangeService's Options unless given; on SQLite a standby is refused, naming the option.
void TestServerConfig::standbyOnPostgresql()
{
    ConfigError error;
    const auto o =
        resolve({u"--standby"_s, u"--database"_s, u"postgresql://u:p@db:5432/x"_s}, &error);
    QVERIFY2(o, qPrintable(error.message));
    QVERIFY(o->standby);
    QCOMPARE(o->service.fenceTimeoutMs, ExchangeService::Options().fenceTimeoutMs);
    const auto off = resolve({u"--fence-timeout"_s, u"0"_s}, &error);
    QVERIFY2(off, qPrintable(error.message));
    QCOMPARE(off->service.fenceTimeoutMs, 0);
    QVERIFY(!resolve({u"--standby"_s, u"--database"_s, u"x.db"_s}, &error));
    QCOMPARE(error.kind, ConfigError::Kind::Conflict);
    QCOMPARE(error.key, u"standby"_s);
    QVERIFY2(error.message.contains(u"PostgreSQL"_s), qPrintable(error.message));
}

void TestServerConfig::fileCoversEveryOption()
{
    // Every option of --help but the file itself and the one-off command is a key of the file.
    QCommandLineParser parser;
    ServerConfig::addOptions(parser);
    QVERIFY(parser.parse({u"everx-exchanged"_s}));
    const QString help = parser.helpText();
    const QStringList keys = ServerConfig::fileKeys();
    QVERIFY(keys.size() >= 14);
    for (const QString &key : keys)
        QVERIFY2(help.contains(u"--"_s + key), qPrintable(key));
    for (const QString &needed :
         {u"listen"_s, u"port"_s, u"cert"_s, u"key"_s, u"database"_s, u"sandbox"_s, u"time-scale"_s,
          u"seed"_s, u"fee-bp"_s, u"verbose"_s, u"admin-listen"_s, u"admin-port"_s,
          u"admin-allow-remote"_s, u"no-admin"_s, u"payments"_s, u"payment-secret-file"_s})
        QVERIFY2(keys.contains(needed), qPrintable(needed));
    QVERIFY(!keys.contains(u"config"_s));
    QVERIFY(!keys.contains(u"generate-cert"_s));
    QVERIFY(!keys.contains(u"verify-ledger"_s));
    QVERIFY(!keys.contains(u"rekey-ledger"_s));
    QVERIFY(keys.contains(u"ledger-key"_s));
    // Each one is accepted in a file with a sensible value.
    const QHash<QString, QByteArray> values = {
        {u"listen"_s, "127.0.0.1"},
        {u"port"_s, "1"},
        {u"cert"_s, "c.pem"},
        {u"key"_s, "k.pem"},
        {u"database"_s, "x.db"},
        {u"ledger-key"_s, "ledger.key"},
        {u"sandbox"_s, "1"},
        {u"time-scale"_s, "1"},
        {u"seed"_s, "1"},
        {u"fee-bp"_s, "1"},
        {u"reservation-cancel-fee-bp"_s, "0"},
        {u"verbose"_s, "no"},
        {u"admin-listen"_s, "127.0.0.1"},
        {u"admin-port"_s, "1"},
        {u"admin-allow-remote"_s, "off"},
        {u"no-admin"_s, "0"},
        {u"max-connections-per-address"_s, "16"},
        {u"max-connections"_s, "100"},
        {u"max-anonymous-connections"_s, "40"},
        {u"max-queued-bytes"_s, "1048576"},
        {u"sign-in-grace"_s, "0"},
        {u"keepalive-interval"_s, "10"},
        {u"keepalive-timeout"_s, "5"},
        {u"request-rate"_s, "400"},
        {u"max-open-orders"_s, "50"},
        {u"dual-control-threshold"_s, "70000"},
        {u"agent-daily-limit"_s, "300000"},
        {u"sign-in-threads"_s, "4"},
        {u"sign-in-queue"_s, "8"},
        {u"io-threads"_s, "3"},
        {u"market-data-interval"_s, "7"},
        {u"commit-in-turn"_s, "yes"},
        {u"payments"_s, "on"},
        {u"sign-up"_s, "open"},
        {u"payment-secret-file"_s, writeSecret(QByteArray(32, 'k')).toUtf8()},
        {u"smtp-url"_s, "smtp://relay.example.com:587"},
        {u"smtp-from"_s, "no-reply@exchange.example.com"},
        {u"smtp-user"_s, "everx"},
        {u"smtp-password-file"_s, writeSecret("relay password\n").toUtf8()},
        {u"smtp-ca-file"_s, "/etc/ssl/relay.pem"},
        {u"standby"_s, "off"}, // on needs PostgreSQL, and not the sandbox (standbyOnPostgresql)
        {u"fence-timeout"_s, "3"},
    };
    QByteArray text;
    for (const QString &key : keys) {
        QVERIFY2(values.contains(key), qPrintable(u"no test value for "_s + key));
        text += key.toUtf8() + " = " + values.value(key) + '\n';
    }
    ConfigError error;
    const auto o = resolve({u"--config"_s, writeFile(text)}, &error);
    QVERIFY2(o, qPrintable(error.message));
    QCOMPARE(o->server.maxConnectionsPerAddress, 16);
    QCOMPARE(o->server.maxConnections, 100);
    QCOMPARE(o->service.maxAnonymousConnections, 40);
    QCOMPARE(o->service.maxQueuedBytes, qint64(1'048'576));
    QCOMPARE(o->service.signInGraceMs, 0);
    QCOMPARE(o->service.keepaliveIntervalMs, 10'000);
    QCOMPARE(o->service.keepaliveTimeoutMs, 5'000);
    QCOMPARE(o->service.requestsPerSecond, 400);
    QCOMPARE(o->service.engine.maxOpenOrders, 50);
    QCOMPARE(o->service.engine.dualControlThresholdCents, 70'000);
    QCOMPARE(o->service.engine.agentDailyLimitCents, 300'000);
    QCOMPARE(o->service.hashing.threads, 4);
    QCOMPARE(o->service.hashing.maxQueued, 8);
    QCOMPARE(o->server.ioThreads, 3);
    QCOMPARE(o->service.marketDataIntervalMs, 7);
    QVERIFY(!o->service.pipelinedCommit);
    QVERIFY(!o->standby);
    QCOMPARE(o->service.fenceTimeoutMs, 3'000);
    QCOMPARE(o->service.signUpOpen, std::optional<bool>(true));
    QCOMPARE(o->service.mail.url, u"smtp://relay.example.com:587"_s);
    QCOMPARE(o->service.mail.from, u"no-reply@exchange.example.com"_s);
    QCOMPARE(o->service.mail.user, u"everx"_s);
    QCOMPARE(o->service.mail.password, u"relay password"_s);
    QCOMPARE(o->service.mail.caFile, u"/etc/ssl/relay.pem"_s);
}

void TestServerConfig::unknownKeyIsNamed()
{
    const QString path = writeFile("port = 9000\n\ncolour = blue\n");
    ConfigError error;
    QVERIFY(!resolve({u"--config"_s, path}, &error));
    QCOMPARE(error.kind, ConfigError::Kind::UnknownKey);
    QCOMPARE(error.key, u"colour"_s);
    QCOMPARE(error.file, path);
    QCOMPARE(error.line, 3);
    QVERIFY2(error.message.contains(u"\"colour\""_s), qPrintable(error.message));
    QVERIFY2(error.message.contains(path + u":3"_s), qPrintable(error.message));
}

void TestServerConfig::badValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::newRow("port text") << u"port"_s << u"http"_s;
    QTest::newRow("port too big") << u"port"_s << u"70000"_s;
    QTest::newRow("port negative") << u"port"_s << u"-1"_s;
    QTest::newRow("listen not an address") << u"listen"_s << u"everywhere"_s;
    QTest::newRow("time scale zero") << u"time-scale"_s << u"0"_s;
    QTest::newRow("time scale too big") << u"time-scale"_s << u"3601"_s;
    QTest::newRow("fee too big") << u"fee-bp"_s << u"20000"_s;
    QTest::newRow("cancellation fee too big") << u"reservation-cancel-fee-bp"_s << u"10001"_s;
    QTest::newRow("cancellation fee negative") << u"reservation-cancel-fee-bp"_s << u"-1"_s;
    QTest::newRow("seed negative") << u"seed"_s << u"-1"_s;
    QTest::newRow("seed too big") << u"seed"_s << u"4294967296"_s;
    QTest::newRow("admin port text") << u"admin-port"_s << u"metrics"_s;
    QTest::newRow("admin listen host name") << u"admin-listen"_s << u"localhost"_s;
    QTest::newRow("io threads negative") << u"io-threads"_s << u"-1"_s;
    QTest::newRow("io threads too many") << u"io-threads"_s << u"65"_s;
    QTest::newRow("market data interval text") << u"market-data-interval"_s << u"soon"_s;
}

void TestServerConfig::badValues()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    // In the file: refused with the key and the line.
    ConfigError error;
    const QString path = writeFile("# first\n" + key.toUtf8() + " = " + value.toUtf8() + '\n');
    QVERIFY(!resolve({u"--config"_s, path}, &error));
    QCOMPARE(error.kind, ConfigError::Kind::BadValue);
    QCOMPARE(error.key, key);
    QCOMPARE(error.line, 2);
    QVERIFY2(error.message.contains(key), qPrintable(error.message));
    // On the command line: refused with the option.
    error = {};
    QVERIFY(!resolve({u"--"_s + key, value}, &error));
    QCOMPARE(error.kind, ConfigError::Kind::BadValue);
    QCOMPARE(error.key, key);
    QCOMPARE(error.line, 0);
    QVERIFY2(error.message.startsWith(u"--"_s + key), qPrintable(error.message));
}

void TestServerConfig::badLines_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<ConfigError::Kind>("kind");
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("line");
    QTest::newRow("no equals sign")
        << QByteArray("port 9000\n") << ConfigError::Kind::Syntax << QString() << 1;
    QTest::newRow("no key") << QByteArray("\n= 9000\n") << ConfigError::Kind::Syntax << QString()
                            << 2;
    QTest::newRow("a section") << QByteArray("[server]\nport = 1\n") << ConfigError::Kind::Syntax
                               << QString() << 1;
    QTest::newRow("given twice") << QByteArray("port = 1\nport = 2\n") << ConfigError::Kind::Syntax
                                 << u"port"_s << 2;
    QTest::newRow("switch not a boolean")
        << QByteArray("sandbox = maybe\n") << ConfigError::Kind::BadValue << u"sandbox"_s << 1;
    QTest::newRow("empty value") << QByteArray("database =\n") << ConfigError::Kind::BadValue
                                 << u"database"_s << 1;
    QTest::newRow("a command") << QByteArray("generate-cert = example.com\n")
                               << ConfigError::Kind::CommandLineOnly << u"generate-cert"_s << 1;
    QTest::newRow("config in config") << QByteArray("config = /etc/other.conf\n")
                                      << ConfigError::Kind::CommandLineOnly << u"config"_s << 1;
    QTest::newRow("option spelled with dashes")
        << QByteArray("--port = 1\n") << ConfigError::Kind::UnknownKey << u"--port"_s << 1;
}

void TestServerConfig::badLines()
{
    QFETCH(QByteArray, text);
    QFETCH(ConfigError::Kind, kind);
    QFETCH(QString, key);
    QFETCH(int, line);
    ConfigError error;
    QVERIFY(!resolve({u"--config"_s, writeFile(text)}, &error));
    QCOMPARE(error.kind, kind);
    QCOMPARE(error.key, key);
    QCOMPARE(error.line, line);
    QVERIFY(!error.message.isEmpty());
}

void TestServerConfig::unreadableFile()
{
    ConfigError error;
    const QString path = m_dir.filePath(u"missing.conf"_s);
    QVERIFY(!resolve({u"--config"_s, path}, &error));
    QCOMPARE(error.kind, ConfigError::Kind::UnreadableFile);
    QCOMPARE(error.key, u"config"_s);
    QVERIFY(error.message.contains(path));
}

void TestServerConfig::conflicts_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("key");
    QTest::newRow("generate-cert without where to write")
        << QStringList {u"--generate-cert"_s, u"x"_s} << u"generate-cert"_s;
    QTest::newRow("cert without key") << QStringList {u"--cert"_s, u"c.pem"_s} << u"key"_s;
    QTest::newRow("key without cert") << QStringList {u"--key"_s, u"k.pem"_s} << u"cert"_s;
    // A sign-up confirms its address by mail: open sign-up needs a relay, but in the sandbox.
    QTest::newRow("sign-up open without a relay")
        << QStringList {u"--sign-up"_s, u"open"_s} << u"sign-up"_s;
    QTest::newRow("a relay without a sender")
        << QStringList {u"--smtp-url"_s, u"smtp://relay.example.com"_s} << u"smtp-from"_s;
    QTest::newRow("a sender without a relay")
        << QStringList {u"--smtp-from"_s, u"a@example.com"_s} << u"smtp-url"_s;
    QTest::newRow("a user without a password")
        << QStringList {u"--smtp-url"_s,  u"smtp://relay.example.com"_s,
                        u"--smtp-from"_s, u"a@example.com"_s,
                        u"--smtp-user"_s, u"everx"_s}
        << u"smtp-password-file"_s;
}

void TestServerConfig::conflicts()
{
    QFETCH(QStringList, args);
    QFETCH(QString, key);
    ConfigError error;
    QVERIFY(!resolve(args, &error));
    QCOMPARE(error.kind, ConfigError::Kind::Conflict);
    QCOMPARE(error.key, key);
}

void TestServerConfig::mailRelayOptions()
{
    ConfigError error;
    // The sandbox opens sign-up without a relay: it shows its mail in the desk.
    QVERIFY2(resolve({u"--sandbox"_s, u"--sign-up"_s, u"open"_s}, &error),
             qPrintable(error.message));
    QVERIFY(!resolve({u"--smtp-url"_s, u"http://relay.example.com"_s}, &error));
    QCOMPARE(error.kind, ConfigError::Kind::BadValue);
    QCOMPARE(error.key, u"smtp-url"_s);
    const QString readable = writeFile("relay password\n");
    QFile::setPermissions(readable, QFileDevice::ReadOwner | QFileDevice::ReadOther);
    QVERIFY(!resolve({u"--smtp-url"_s, u"smtps://relay.example.com:465"_s, u"--smtp-from"_s,
                      u"a@example.com"_s, u"--smtp-user"_s, u"everx"_s, u"--smtp-password-file"_s,
                      readable},
                     &error));
    QCOMPARE(error.key, u"smtp-password-file"_s);
    QVERIFY2(error.message.contains(u"chmod"_s), qPrintable(error.message));
    const auto o =
        resolve({u"--sign-up"_s, u"open"_s, u"--smtp-url"_s, u"smtps://relay.example.com:465"_s,
                 u"--smtp-from"_s, u"a@example.com"_s},
                &error);
    QVERIFY2(o, qPrintable(error.message));
    QCOMPARE(o->service.mail.url, u"smtps://relay.example.com:465"_s);
}

void TestServerConfig::defaultDatabaseFollowsStateDirectory()
{
    qputenv("STATE_DIRECTORY", "/var/lib/everx-exchanged:/var/lib/other");
    QCOMPARE(ServerConfig::defaultDatabase(false), u"/var/lib/everx-exchanged/exchange.db"_s);
    QCOMPARE(ServerConfig::defaultDatabase(true), u"/var/lib/everx-exchanged/sandbox.db"_s);
    qunsetenv("STATE_DIRECTORY");
    QVERIFY(ServerConfig::defaultDatabase(false).endsWith(u"/exchange.db"_s));
    QVERIFY(!ServerConfig::defaultDatabase(false).startsWith(u"/var/lib/everx-exchanged"_s));
}

void TestServerConfig::ledgerKeyBesideTheData()
{
    qputenv("STATE_DIRECTORY", "/var/lib/everx-exchanged");
    QCOMPARE(ServerConfig::defaultLedgerKey({}, false), u"/var/lib/everx-exchanged/ledger.key"_s);
    QCOMPARE(ServerConfig::defaultLedgerKey(u"postgresql://u:p@db/x"_s, false),
             u"/var/lib/everx-exchanged/ledger.key"_s);
    qunsetenv("STATE_DIRECTORY");
    QCOMPARE(ServerConfig::defaultLedgerKey(u"/srv/x/exchange.db"_s, false),
             u"/srv/x/ledger.key"_s);
    ConfigError error;
    const auto o =
        resolve({u"--ledger-key"_s, u"/etc/everx/ledger.key"_s, u"--verify-ledger"_s}, &error);
    QVERIFY2(o, qPrintable(error.message));
    QCOMPARE(o->ledgerKeyFile(), u"/etc/everx/ledger.key"_s);
    QVERIFY(o->verifyLedger);
    QVERIFY(!o->rekeyLedger);
    // A command, not a setting: never in the file.
    QVERIFY(!resolve({u"--config"_s, writeFile("verify-ledger = true\n")}, &error));
    QCOMPARE(error.kind, ConfigError::Kind::CommandLineOnly);
}

void TestServerConfig::paymentsNeedAPrivateSecret_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("key"); // the option named; empty: accepted
    QTest::newRow("no payments") << u"none"_s << QString();
    QTest::newRow("payments with a private secret") << u"good"_s << QString();
    QTest::newRow("payments without a secret") << u"no secret"_s << u"payments"_s;
    QTest::newRow("a secret without payments") << u"no payments"_s << u"payment-secret-file"_s;
    QTest::newRow("others may read it") << u"readable"_s << u"payment-secret-file"_s;
    QTest::newRow("too short") << u"short"_s << u"payment-secret-file"_s;
    QTest::newRow("missing file") << u"missing"_s << u"payment-secret-file"_s;
}

void TestServerConfig::paymentsNeedAPrivateSecret()
{
    QFETCH(QString, setup);
    QFETCH(QString, key);
    const QByteArray secret = "0123456789abcdef0123456789abcdef\n"; // 32 bytes and a newline
    QStringList args;
    if (setup == u"good")
        args = {u"--payments"_s, u"--payment-secret-file"_s, writeSecret(secret)};
    else if (setup == u"no secret")
        args = {u"--payments"_s};
    else if (setup == u"no payments")
        args = {u"--payment-secret-file"_s, writeSecret(secret)};
    else if (setup == u"readable")
        args = {
            u"--payments"_s, u"--payment-secret-file"_s,
            writeSecret(secret,
                        QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup)};
    else if (setup == u"short")
        args = {u"--payments"_s, u"--payment-secret-file"_s, writeSecret("short")};
    else if (setup == u"missing")
        args = {u"--payments"_s, u"--payment-secret-file"_s, m_dir.filePath(u"none"_s)};
    ConfigError error;
    const std::optional<ServerOptions> o = resolve(args, &error);
    if (key.isEmpty()) {
        QVERIFY2(o, qPrintable(error.message));
        QCOMPARE(o->payments, setup == u"good");
        QCOMPARE(o->service.paymentSecret,
                 setup == u"good" ? QByteArray("0123456789abcdef0123456789abcdef") : QByteArray());
    } else {
        QVERIFY(!o);
        QCOMPARE(error.key, key);
        QVERIFY2(error.message.contains(key), qPrintable(error.message));
    }
}

QTEST_GUILESS_MAIN(TestServerConfig)
#include "tst_serverconfig.moc"
