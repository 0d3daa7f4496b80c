// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-exchanged as an operator runs it: certificates, TLS, the sandbox, clean shutdown, its
// version, a configuration file under the command line, journal logging, health and metrics.

#include "fixtures/serverfixture.h"

#include "everx/version.h"

#include <QtCore/QFileInfo>
#include <QtCore/QProcess>
#include <QtCore/QRegularExpression>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QTcpServer>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>

#include <sys/stat.h>

using namespace everx;
using namespace everx::test;

class TestExchanged : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    static quint16 freePort();
    bool startServer(QProcess &p, const QStringList &args, quint16 port);

private slots:
    void helpExplainsTheOptions();
    void generatesACertificate();
    void refusesPlainOffLoopback();
    void refusesBadOptions_data();
    void refusesBadOptions();
    void refusesAStandbyOnSqlite_data();
    void refusesAStandbyOnSqlite();
    void servesTlsAndStopsOnSigterm();
    void sandboxMode();
    void printsItsVersion();
    void readsTheConfigurationFileUnderTheCommandLine();
    void refusesAnUnknownKeyInTheFile();
    void logsWithPrioritiesToTheJournal();
    void servesHealthAndMetrics();
    void makesItsLedgerKeyOwnerOnlyAndVerifies();
    void refusesToServeATamperedLedger();
    void refusesALedgerKeyOthersCanRead();
    void addsASupportAccount();
};

quint16 TestExchanged::freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

bool TestExchanged::startServer(QProcess &p, const QStringList &args, quint16 port)
{
    p.setProcessChannelMode(QProcess::MergedChannels);
    // The admin listener on any free port, so that servers of parallel tests never collide.
    p.start(QStringLiteral(EVERX_EXCHANGED),
            args
                + QStringList {QStringLiteral("--port"), QString::number(port),
                               QStringLiteral("--admin-port"), QStringLiteral("0")});
    QByteArray seen;
    for (int waited = 0; waited < 60'000; waited += 50) {
        p.waitForReadyRead(50);
        seen += p.readAll();
        if (seen.contains("listening on"))
            return true;
        if (p.state() == QProcess::NotRunning)
            break;
    }
    qWarning().noquote() << "server output:" << seen;
    return false;
}

void TestExchanged::helpExplainsTheOptions()
{
    QProcess p;
    p.start(QStringLiteral(EVERX_EXCHANGED), {QStringLiteral("--help")});
    QVERIFY(p.waitForFinished(10'000));
    const QByteArray help = p.readAllStandardOutput();
    for (const char *option :
         {"--listen", "--port", "--cert", "--key", "--generate-cert", "--database", "--sandbox",
          "--time-scale", "postgresql://", "--sign-up", "--add-support", "--password-file"})
        QVERIFY2(help.contains(option), option);
}

void TestExchanged::generatesACertificate()
{
    const QString cert = m_dir.filePath(QStringLiteral("gen-cert.pem")),
                  key = m_dir.filePath(QStringLiteral("gen-key.pem"));
    QProcess p;
    p.start(QStringLiteral(EVERX_EXCHANGED),
            {QStringLiteral("--generate-cert"), QStringLiteral("exchange.example,127.0.0.1"),
             QStringLiteral("--cert"), cert, QStringLiteral("--key"), key});
    QVERIFY(p.waitForFinished(10'000));
    QCOMPARE(p.exitCode(), 0);
    QFile f(cert);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray pem = f.readAll();
    const QByteArray fingerprint = Certificates::fingerprintOfPem(pem);
    QCOMPARE(fingerprint.size(), 64);
    QVERIFY(p.readAllStandardOutput().contains(fingerprint));
    const QSslCertificate c = QSslCertificate::fromData(pem).value(0);
    QCOMPARE(c.subjectInfo(QSslCertificate::CommonName).value(0),
             QStringLiteral("exchange.example"));
    QVERIFY(c.subjectAlternativeNames()
                .values(QSsl::DnsEntry)
                .contains(QStringLiteral("exchange.example")));
    QVERIFY(c.subjectAlternativeNames()
                .values(QSsl::IpAddressEntry)
                .contains(QStringLiteral("127.0.0.1")));
    QCOMPARE(QFile(key).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
             QFileDevice::Permissions());
    // Never overwrites a key.
    QProcess again;
    again.start(QStringLiteral(EVERX_EXCHANGED),
                {QStringLiteral("--generate-cert"), QStringLiteral("x"), QStringLiteral("--cert"),
                 cert, QStringLiteral("--key"), key});
    QVERIFY(again.waitForFinished(10'000));
    QCOMPARE(again.exitCode(), 1);
    QCOMPARE(Certificates::fingerprintOfPem(pem), fingerprint);
}

void TestExchanged::refusesPlainOffLoopback()
{
    QProcess p;
    p.start(QStringLiteral(EVERX_EXCHANGED),
            {QStringLiteral("--listen"), QStringLiteral("0.0.0.0"), QStringLiteral("--port"),
             QStringLiteral("0"), QStringLiteral("--database"),
             m_dir.filePath(QStringLiteral("plain.db"))});
    QVERIFY(p.waitForFinished(10'000));
    QCOMPARE(p.exitCode(), 1);
    QVERIFY(p.readAllStandardError().contains("loopback only"));
}

void TestExchanged::refusesBadOptions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("port text") << QStringList {QStringLiteral("--port"), QStringLiteral("http")};
    QTest::newRow("port too big") << QStringList {QStringLiteral("--port"),
                                                  QStringLiteral("70000")};
    QTest::newRow("listen not an address")
        << QStringList {QStringLiteral("--listen"), QStringLiteral("everywhere")};
    QTest::newRow("time scale zero")
        << QStringList {QStringLiteral("--time-scale"), QStringLiteral("0")};
    QTest::newRow("fee too big") << QStringList {QStringLiteral("--fee-bp"),
                                                 QStringLiteral("20000")};
    QTest::newRow("cert without key")
        << QStringList {QStringLiteral("--generate-cert"), QStringLiteral("x")};
    QTest::newRow("fence timeout negative")
        << QStringList {QStringLiteral("--fence-timeout"), QStringLiteral("-1")};
}

void TestExchanged::refusesBadOptions()
{
    QFETCH(QStringList, args);
    QProcess p;
    p.start(QStringLiteral(EVERX_EXCHANGED), args);
    QVERIFY(p.waitForFinished(10'000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().startsWith("everx-exchanged: "));
}

// A standby takes over a database another machine wrote to: PostgreSQL only (docs/operations.md
// "Two machines"). On SQLite, given or by default, it is refused before anything is opened.
void TestExchanged::refusesAStandbyOnSqlite_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("sqlite file") << QStringList {QStringLiteral("--standby"),
                                                 QStringLiteral("--database"),
                                                 m_dir.filePath(QStringLiteral("standby.db"))};
    QTest::newRow("the default database") << QStringList {QStringLiteral("--standby")};
    QTest::newRow("sandbox") << QStringList {QStringLiteral("--standby"),
                                             QStringLiteral("--sandbox")};
}

void TestExchanged::refusesAStandbyOnSqlite()
{
    QFETCH(QStringList, args);
    QProcess p;
    p.start(QStringLiteral(EVERX_EXCHANGED), args);
    QVERIFY(p.waitForFinished(10'000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 2);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.startsWith("everx-exchanged: --standby"), err.constData());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("standby.db"))));
}

void TestExchanged::servesTlsAndStopsOnSigterm()
{
    const QString cert = m_dir.filePath(QStringLiteral("tls-cert.pem")),
                  key = m_dir.filePath(QStringLiteral("tls-key.pem"));
    QString error;
    QVERIFY2(Certificates::generateSelfSigned(cert, key, {QStringLiteral("127.0.0.1")}, 2, &error),
             qPrintable(error));
    QFile certFile(cert);
    QVERIFY(certFile.open(QIODevice::ReadOnly));
    const quint16 port = freePort();
    QProcess server;
    QVERIFY(startServer(server,
                        {QStringLiteral("--cert"), cert, QStringLiteral("--key"), key,
                         QStringLiteral("--database"), m_dir.filePath(QStringLiteral("tls.db"))},
                        port));

    // A raw client that pins the server's certificate, as the desk does.
    RawClient client(QUrl(QStringLiteral("wss://127.0.0.1:%1").arg(port)),
                     Certificates::fingerprintOfPem(certFile.readAll()));
    QVERIFY(client.waitConnected());
    const QJsonObject hello = RawClient::result(client.call(
        QStringLiteral("hello"),
        {{QStringLiteral("client"), QStringLiteral("test")}, {QStringLiteral("protocol"), 1}}));
    QCOMPARE(hello.value(QStringLiteral("mode")).toString(), QStringLiteral("server"));
    QCOMPARE(hello.value(QStringLiteral("gpus")).toArray().size(), 15);

    server.terminate(); // SIGTERM
    QVERIFY(server.waitForFinished(10'000));
    QCOMPARE(server.exitStatus(), QProcess::NormalExit);
    QCOMPARE(server.exitCode(), 0);
    QVERIFY(server.readAll().contains("stopped"));
}

void TestExchanged::sandboxMode()
{
    const quint16 port = freePort();
    QProcess server;
    QVERIFY(startServer(server,
                        {QStringLiteral("--sandbox"), QStringLiteral("--database"),
                         m_dir.filePath(QStringLiteral("sandbox.db"))},
                        port));
    RawClient client(QUrl(QStringLiteral("ws://127.0.0.1:%1").arg(port)), {});
    QVERIFY(client.waitConnected());
    QCOMPARE(RawClient::result(client.call(QStringLiteral("hello")))
                 .value(QStringLiteral("mode"))
                 .toString(),
             QStringLiteral("sandbox"));
    const QJsonObject demo = RawClient::result(client.call(
        QStringLiteral("auth.demo"), {{QStringLiteral("role"), QStringLiteral("customer")}}));
    QCOMPARE(
        demo.value(QStringLiteral("account")).toObject().value(QStringLiteral("role")).toString(),
        QStringLiteral("customer"));
    QVERIFY(RawClient::errorCode(
                client.call(QStringLiteral("subscribe"),
                            {{QStringLiteral("channel"), QStringLiteral("book.h100-sxm")}}))
                .isEmpty());
    const QJsonObject book =
        client.waitPush(QStringLiteral("book.h100-sxm"), QStringLiteral("snapshot"));
    QVERIFY(!book.value(QStringLiteral("data"))
                 .toObject()
                 .value(QStringLiteral("asks"))
                 .toArray()
                 .isEmpty());
    QVERIFY(RawClient::errorCode(
                client.call(QStringLiteral("subscribe"),
                            {{QStringLiteral("channel"), QStringLiteral("candles.h100-sxm.1d")}}))
                .isEmpty());
    const QJsonObject candles =
        client.waitPush(QStringLiteral("candles.h100-sxm.1d"), QStringLiteral("snapshot"));
    const qsizetype days = candles.value(QStringLiteral("data"))
                               .toObject()
                               .value(QStringLiteral("candles"))
                               .toArray()
                               .size();
    QVERIFY2(days >= 28,
             qPrintable(QStringLiteral("weeks of backfilled daily candles, not %1").arg(days)));
    server.terminate();
    QVERIFY(server.waitForFinished(10'000));
    QCOMPARE(server.exitCode(), 0);
}

void TestExchanged::printsItsVersion()
{
    QProcess p;
    p.start(QStringLiteral(EVERX_EXCHANGED), {QStringLiteral("--version")});
    QVERIFY(p.waitForFinished(10'000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(p.readAllStandardOutput().trimmed(), QByteArray("everx-exchanged " EVERX_VERSION));
}

void TestExchanged::readsTheConfigurationFileUnderTheCommandLine()
{
    // The file names the database and a port; the command line's port wins.
    const QString database = m_dir.filePath(QStringLiteral("configured.db"));
    const QString config = m_dir.filePath(QStringLiteral("exchanged.conf"));
    QFile f(config);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("# a test\nport = 1\ndatabase = " + database.toUtf8() + "\nfee-bp = 250\n");
    f.close();
    const quint16 port = freePort();
    QProcess server;
    QVERIFY(startServer(server, {QStringLiteral("--config"), config}, port));
    RawClient client(QUrl(QStringLiteral("ws://127.0.0.1:%1").arg(port)), {});
    QVERIFY(client.waitConnected());
    QCOMPARE(RawClient::result(client.call(QStringLiteral("hello")))
                 .value(QStringLiteral("mode"))
                 .toString(),
             QStringLiteral("server"));
    server.terminate();
    QVERIFY(server.waitForFinished(10'000));
    QCOMPARE(server.exitCode(), 0);
    QVERIFY(QFile::exists(database)); // the file's database, on the command line's port
}

void TestExchanged::refusesAnUnknownKeyInTheFile()
{
    const QString config = m_dir.filePath(QStringLiteral("bad.conf"));
    QFile f(config);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("port = 7447\ncolour = blue\n");
    f.close();
    QProcess p;
    p.start(QStringLiteral(EVERX_EXCHANGED), {QStringLiteral("--config"), config});
    QVERIFY(p.waitForFinished(10'000));
    QCOMPARE(p.exitCode(), 2);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.startsWith("everx-exchanged: "), err.constData());
    QVERIFY2(err.contains("unknown key \"colour\"") && err.contains(":2:"), err.constData());
}

void TestExchanged::logsWithPrioritiesToTheJournal()
{
    // As systemd runs it: stderr is the journal's stream, and JOURNAL_STREAM names it.
    const QString log = m_dir.filePath(QStringLiteral("journal.log"));
    QFile(log).open(QIODevice::WriteOnly);
    struct stat st = {};
    QCOMPARE(::stat(QFile::encodeName(log).constData(), &st), 0);
    QProcess server;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("JOURNAL_STREAM"),
               QStringLiteral("%1:%2").arg(qulonglong(st.st_dev)).arg(qulonglong(st.st_ino)));
    server.setProcessEnvironment(env);
    server.setStandardErrorFile(log, QIODevice::Append);
    server.start(QStringLiteral(EVERX_EXCHANGED),
                 {QStringLiteral("--port"), QString::number(freePort()),
                  QStringLiteral("--admin-port"), QStringLiteral("0"), QStringLiteral("--database"),
                  m_dir.filePath(QStringLiteral("journal.db"))});
    QByteArray seen;
    for (int waited = 0; waited < 30'000 && !seen.contains("(/healthz"); waited += 50) {
        QTest::qWait(50);
        QFile f(log);
        QVERIFY(f.open(QIODevice::ReadOnly));
        seen = f.readAll();
    }
    server.terminate();
    QVERIFY(server.waitForFinished(10'000));
    QFile f(log);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QVERIFY(lines.size() > 3);
    bool listening = false;
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue;
        QVERIFY2(QRegularExpression(QStringLiteral("^<[2-7]>"))
                     .match(QString::fromUtf8(line))
                     .hasMatch(),
                 line.constData());
        listening = listening || line.startsWith("<6>everx.exchange.server: listening on ws://");
    }
    QVERIFY(listening);
}

void TestExchanged::servesHealthAndMetrics()
{
    const quint16 port = freePort();
    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(QStringLiteral(EVERX_EXCHANGED),
                 {QStringLiteral("--port"), QString::number(port), QStringLiteral("--admin-port"),
                  QStringLiteral("0"), QStringLiteral("--database"),
                  m_dir.filePath(QStringLiteral("admin.db"))});
    // The log names the admin listener's port.
    const QRegularExpression re(QStringLiteral("admin listening on http://127.0.0.1:(\\d+)"));
    QByteArray seen;
    QRegularExpressionMatch m;
    for (int waited = 0; waited < 30'000 && !m.hasMatch(); waited += 50) {
        server.waitForReadyRead(50);
        seen += server.readAll();
        m = re.match(QString::fromUtf8(seen));
    }
    QVERIFY2(m.hasMatch(), seen.constData());
    const QString base = QStringLiteral("http://127.0.0.1:") + m.captured(1);

    QNetworkAccessManager http;
    auto get = [&http](const QString &url, int *status) {
        QNetworkReply *reply = http.get(QNetworkRequest(QUrl(url)));
        QSignalSpy done(reply, &QNetworkReply::finished);
        if (!reply->isFinished())
            done.wait(10'000);
        *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        reply->deleteLater();
        return body;
    };
    int status = 0;
    const QJsonObject health =
        QJsonDocument::fromJson(get(base + QStringLiteral("/healthz"), &status)).object();
    QCOMPARE(status, 200);
    QCOMPARE(health.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QCOMPARE(health.value(QStringLiteral("version")).toString(), QStringLiteral(EVERX_VERSION));

    RawClient client(QUrl(QStringLiteral("ws://127.0.0.1:%1").arg(port)), {});
    QVERIFY(client.waitConnected());
    QVERIFY(!RawClient::result(client.call(QStringLiteral("ping"))).isEmpty());
    const QByteArray metrics = get(base + QStringLiteral("/metrics"), &status);
    QCOMPARE(status, 200);
    // The server runs on mimalloc where it was built with it: linked before libc, or glibc's
    // malloc would still serve it.
    const QByteArray allocator = QByteArray(EVERX_MALLOC_LIBRARY).isEmpty()
        ? QByteArray(".*")
        : QRegularExpression::escape(QStringLiteral(EVERX_MALLOC_LIBRARY)).toUtf8();
    QVERIFY2(QRegularExpression(QStringLiteral("everx_build_info\\{version=\"" EVERX_VERSION
                                               "\",allocator=\"%1\"\\} 1\n")
                                    .arg(QString::fromUtf8(allocator)))
                 .match(QString::fromUtf8(metrics))
                 .hasMatch(),
             metrics.constData());
    QVERIFY2(metrics.contains("everx_requests_total{op=\"ping\"} 1\n"), metrics.constData());
    QVERIFY2(metrics.contains("everx_connections_open 1\n"), metrics.constData());
    server.terminate();
    QVERIFY(server.waitForFinished(10'000));
    QCOMPARE(server.exitCode(), 0);
}

void TestExchanged::makesItsLedgerKeyOwnerOnlyAndVerifies()
{
    QTemporaryDir dir;
    const QString database = dir.filePath(QStringLiteral("keyed.db"));
    QProcess server;
    QVERIFY(startServer(
        server, {QStringLiteral("--sandbox"), QStringLiteral("--database"), database}, freePort()));
    server.terminate();
    QVERIFY(server.waitForFinished(10'000));
    const QString key = dir.filePath(QStringLiteral("ledger.key")); // beside the database
    QCOMPARE(QFileInfo(key).size(), qint64(32));
    QCOMPARE(QFile::permissions(key) & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
             QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QProcess verify;
    verify.start(QStringLiteral(EVERX_EXCHANGED),
                 {QStringLiteral("--verify-ledger"), QStringLiteral("--database"), database});
    QVERIFY(verify.waitForFinished(30'000));
    const QByteArray out = verify.readAllStandardOutput();
    QCOMPARE(verify.exitCode(), 0);
    QVERIFY2(out.contains("the ledger verifies"), out.constData());
}

void TestExchanged::refusesToServeATamperedLedger()
{
    QTemporaryDir dir;
    const QString database = dir.filePath(QStringLiteral("tampered.db"));
    qint64 customer = 0;
    {
        ManualClock clock(1'795'996'800'000);
        ExchangeEngine engine(clock);
        ExchangeEngine::Options o;
        o.database.location = database;
        o.passwordLog2N = 4;
        QVERIFY(engine.open(o));
        const auto a = engine.createAccount({QStringLiteral("c@x.io"), QStringLiteral("pw-pw-pw-1"),
                                             Role::Customer, QStringLiteral("DE")});
        QVERIFY(a);
        customer = a->id;
        QVERIFY(engine.topUp(customer, Currency::USD, 10'000).ok());
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("t"));
        db.setDatabaseName(database);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(QStringLiteral("UPDATE balances SET amount_cents = 99999999"
                                                  " WHERE account_id = %1")
                                       .arg(customer)));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("t"));

    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(QStringLiteral(EVERX_EXCHANGED),
                 {QStringLiteral("--database"), database, QStringLiteral("--port"),
                  QString::number(freePort()), QStringLiteral("--admin-port"),
                  QStringLiteral("0")});
    QVERIFY(server.waitForFinished(30'000));
    const QByteArray log = server.readAll();
    QCOMPARE(server.exitCode(), 3);
    QVERIFY2(log.contains("refusing to serve")
                 && log.contains("account " + QByteArray::number(customer)),
             log.constData());
    QVERIFY2(!log.contains("listening on"), log.constData());

    QProcess verify;
    verify.start(QStringLiteral(EVERX_EXCHANGED),
                 {QStringLiteral("--verify-ledger"), QStringLiteral("--database"), database});
    QVERIFY(verify.waitForFinished(30'000));
    QCOMPARE(verify.exitCode(), 3);
    QVERIFY(verify.readAllStandardOutput().contains("first bad account: "
                                                    + QByteArray::number(customer)));
}

void TestExchanged::refusesALedgerKeyOthersCanRead()
{
    QTemporaryDir dir;
    const QString key = dir.filePath(QStringLiteral("open.key"));
    QFile f(key);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(32, 'k'));
    f.close();
    QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                             | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(QStringLiteral(EVERX_EXCHANGED),
                 {QStringLiteral("--database"), dir.filePath(QStringLiteral("x.db")),
                  QStringLiteral("--ledger-key"), key, QStringLiteral("--port"),
                  QString::number(freePort()), QStringLiteral("--admin-port"),
                  QStringLiteral("0")});
    QVERIFY(server.waitForFinished(30'000));
    QCOMPARE(server.exitCode(), 1);
    const QByteArray log = server.readAll();
    QVERIFY2(log.contains("chmod 600") && log.contains(key.toUtf8()), log.constData());
}

void TestExchanged::addsASupportAccount()
{
    QTemporaryDir dir;
    const QString database = dir.filePath(QStringLiteral("support.db"));
    const auto run = [&](const QStringList &extra, const QByteArray &stdinText) {
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral(EVERX_EXCHANGED),
                 QStringList {QStringLiteral("--database"), database} + extra);
        p->write(stdinText);
        p->closeWriteChannel();
        p->waitForFinished(30'000);
        return p;
    };
    // The password from standard input: the new account's id on standard output.
    const auto made =
        run({QStringLiteral("--add-support"), QStringLiteral("Agent@X.io")}, "a long passphrase\n");
    QCOMPARE(made->exitCode(), 0);
    const QByteArray id = made->readAllStandardOutput().trimmed();
    QCOMPARE(id, QByteArray("1"));
    // From a file; a weak password and a taken email are refused with status 2.
    const QString file = dir.filePath(QStringLiteral("pw"));
    QFile pw(file);
    QVERIFY(pw.open(QIODevice::WriteOnly));
    pw.write("1234567890\n");
    pw.close();
    const auto weak = run({QStringLiteral("--add-support"), QStringLiteral("b@x.io"),
                           QStringLiteral("--password-file"), file},
                          {});
    QCOMPARE(weak->exitCode(), 2);
    QVERIFY(weak->readAllStandardOutput().contains("common"));
    const auto taken = run({QStringLiteral("--add-support"), QStringLiteral("agent@x.io")},
                           "another passphrase\n");
    QCOMPARE(taken->exitCode(), 2);
    QVERIFY(taken->readAllStandardOutput().contains("duplicate_account"));

    ManualClock clock(1'795'996'800'000);
    ExchangeEngine engine(clock);
    ExchangeEngine::Options o;
    o.database.location = database;
    QVERIFY(engine.open(o));
    const std::optional<Account> agent = engine.accountByEmail(QStringLiteral("agent@x.io"));
    QVERIFY(agent.has_value());
    QCOMPARE(agent->id, 1);
    QCOMPARE(agent->role, Role::Support);
    QCOMPARE(agent->state, AccountState::Active);
    QVERIFY(engine.authenticate(QStringLiteral("agent@x.io"), QStringLiteral("a long passphrase")));
    QVERIFY(!engine.accountByEmail(QStringLiteral("b@x.io")));
}

QTEST_GUILESS_MAIN(TestExchanged)
#include "tst_exchanged.moc"
