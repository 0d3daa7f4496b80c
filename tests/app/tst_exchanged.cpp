// everx-exchanged as an operator runs it: certificates, TLS, the sandbox, clean shutdown.

#include "fixtures/serverfixture.h"

#include <QtCore/QProcess>
#include <QtNetwork/QTcpServer>

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
    void servesTlsAndStopsOnSigterm();
    void sandboxMode();
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
    p.start(QStringLiteral(EVERX_EXCHANGED),
            args + QStringList {QStringLiteral("--port"), QString::number(port)});
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
    for (const char *option : {"--listen", "--port", "--cert", "--key", "--generate-cert",
                               "--database", "--sandbox", "--time-scale", "postgresql://"})
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

QTEST_GUILESS_MAIN(TestExchanged)
#include "tst_exchanged.moc"
