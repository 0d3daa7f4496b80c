// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The mail that confirms an address, through a real SMTP server on loopback: Python's aiosmtpd
// (python3-aiosmtpd; tests/fixtures/smtpsink.py), started here with STARTTLS required and a
// certificate made for the test, as the relay of the service's SmtpMailer (libcurl). The code in
// the mail received confirms the address; an address that has an account gets the notice
// instead, and auth.signup answers the same. A relay whose certificate is not trusted gets no
// mail.

#include "fixtures/serverfixture.h"

#include "server/certificates.h"
#include "server/smtpmailer.h"

#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtCore/QProcess>
#include <QtCore/QRegularExpression>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

// Debian's Python, which python3-aiosmtpd installs into (not one a developer put first on PATH).
const QString Python = u"/usr/bin/python3"_s;

QJsonObject signUpArgs(const QString &email)
{
    return {{u"email"_s, email},
            {u"password"_s, u"violet meadow 42"_s},
            {u"name"_s, u"Ayu Lestari"_s},
            {u"country"_s, u"ID"_s},
            {u"role"_s, u"customer"_s}};
}

} // namespace

class TestServerMail : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void codeArrivesAndConfirms();
    void takenAddressGetsTheNotice();
    void untrustedRelayGetsNoMail();

private:
    // The mail numbered n the sink received (1, 2, ...), waited for; empty if none came.
    QByteArray mail(int n);

    QTemporaryDir m_dir;
    QString m_cert, m_key, m_inbox;
    QProcess m_sink;
    int m_port = 0;
    int m_received = 0;
};

void TestServerMail::initTestCase()
{
    // Skipped only where the relay cannot run at all: no Python, or no aiosmtpd module (exit
    // status 3 below). Anything else that goes wrong with it fails.
    if (!QFileInfo(Python).isExecutable())
        QSKIP("no /usr/bin/python3 to run the SMTP relay (scripts/install-deps.sh installs "
              "python3-aiosmtpd)");
    const int found = QProcess::execute(
        Python,
        {u"-c"_s,
         u"import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('aiosmtpd') "
         u"else 3)"_s});
    if (found == 3)
        QSKIP("Python's aiosmtpd is not installed: the SMTP relay cannot run (scripts/"
              "install-deps.sh installs python3-aiosmtpd)");
    QCOMPARE(found, 0);
    m_cert = m_dir.filePath(u"relay.pem"_s);
    m_key = m_dir.filePath(u"relay.key"_s);
    m_inbox = m_dir.filePath(u"inbox"_s);
    QVERIFY(QDir().mkpath(m_inbox));
    QString error;
    QVERIFY2(Certificates::generateSelfSigned(m_cert, m_key, {u"127.0.0.1"_s, u"localhost"_s}, 2,
                                              &error),
             qPrintable(error));
    m_sink.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_sink.start(Python, {QStringLiteral(EVERX_SMTP_SINK), m_cert, m_key, m_inbox});
    QVERIFY2(m_sink.waitForStarted(), qPrintable(m_sink.errorString()));
    QVERIFY(m_sink.waitForReadyRead(20'000));
    m_port = m_sink.readLine().trimmed().toInt();
    QVERIFY(m_port > 0);
}

void TestServerMail::cleanupTestCase()
{
    m_sink.closeWriteChannel(); // the sink stops when its input ends
    if (!m_sink.waitForFinished(10'000))
        m_sink.kill();
}

QByteArray TestServerMail::mail(int n)
{
    QFile file(QDir(m_inbox).filePath(u"%1.eml"_s.arg(n)));
    for (int waited = 0; waited < 30'000 && !file.exists(); waited += 50)
        QTest::qWait(50);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    ++m_received;
    return file.readAll();
}

void TestServerMail::codeArrivesAndConfirms()
{
    const int port = m_port;
    const QString cert = m_cert;
    ServerFixture f(false, [port, cert](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.signUpOpen = true;
        o.serverName = u"EverX test exchange"_s;
        o.mail.url = u"smtp://127.0.0.1:%1"_s.arg(port);
        o.mail.from = u"no-reply@exchange.test"_s;
        o.mail.caFile = cert;
    });
    RawClient c(f);
    QVERIFY(c.waitConnected());
    const QJsonObject reply = c.call(u"auth.signup"_s, signUpArgs(u"Ayu@Example.COM"_s));
    QCOMPARE(RawClient::errorCode(reply), QString());
    QCOMPARE(RawClient::result(reply), (QJsonObject {{u"email"_s, u"ayu@example.com"_s}}));

    const QByteArray received = mail(m_received + 1);
    QVERIFY2(!received.isEmpty(), "no mail reached the relay");
    QVERIFY(received.startsWith("X-Envelope-To: ayu@example.com\r\n"));
    QVERIFY(received.contains("\r\nFrom: <no-reply@exchange.test>\r\n"));
    QVERIFY(received.contains("\r\nTo: <ayu@example.com>\r\n"));
    QVERIFY(received.contains("EverX test exchange"));
    const QRegularExpressionMatch code =
        QRegularExpression(u"confirmation code: (\\d{6})"_s).match(QString::fromUtf8(received));
    QVERIFY2(code.hasMatch(), received.constData());

    const QJsonObject confirmed = c.call(u"auth.verify"_s,
                                         {{u"email"_s, u"ayu@example.com"_s},
                                          {u"password"_s, u"violet meadow 42"_s},
                                          {u"code"_s, code.captured(1)}});
    QCOMPARE(RawClient::errorCode(confirmed), QString());
    QCOMPARE(
        RawClient::result(confirmed).value(u"account"_s).toObject().value(u"state"_s).toString(),
        u"active"_s);
}

void TestServerMail::takenAddressGetsTheNotice()
{
    const int port = m_port;
    const QString cert = m_cert;
    ServerFixture f(false, [port, cert](ExchangeService::Options &o, ExchangeServer::Options &) {
        o.signUpOpen = true;
        o.mail.url = u"smtp://127.0.0.1:%1"_s.arg(port);
        o.mail.from = u"no-reply@exchange.test"_s;
        o.mail.caFile = cert;
    });
    f.account(u"taken@example.com"_s, Role::Customer);
    RawClient c(f);
    QVERIFY(c.waitConnected());
    const QJsonObject reply = c.call(u"auth.signup"_s, signUpArgs(u"taken@example.com"_s));
    // The answer a new address gets.
    QCOMPARE(RawClient::errorCode(reply), QString());
    QCOMPARE(RawClient::result(reply), (QJsonObject {{u"email"_s, u"taken@example.com"_s}}));
    const QByteArray received = mail(m_received + 1);
    QVERIFY2(!received.isEmpty(), "no mail reached the relay");
    QVERIFY(received.startsWith("X-Envelope-To: taken@example.com\r\n"));
    QVERIFY(received.contains("Subject: Someone tried to open an account with your address"));
    QVERIFY(!QRegularExpression(u"\\d{6}"_s)
                 .match(QString::fromUtf8(received.mid(received.indexOf("\r\n\r\n"))))
                 .hasMatch());
    QCOMPARE(f.service->engine().accountByEmail(u"taken@example.com"_s)->state,
             AccountState::Active);
}

void TestServerMail::untrustedRelayGetsNoMail()
{
    // Without the test's certificate the relay is a stranger: STARTTLS fails its check, and the
    // mail is not sent, in the clear or otherwise.
    SmtpMailer::Options options;
    options.url = u"smtp://127.0.0.1:%1"_s.arg(m_port);
    options.from = u"no-reply@exchange.test"_s;
    options.timeoutMs = 10'000; // the system's authorities only
    SmtpMailer mailer(options);
    QSignalSpy sent(&mailer, &Mailer::sent);
    mailer.send({u"ayu@example.com"_s, u"test"_s, u"not to be delivered"_s, {}});
    QVERIFY(sent.wait(20'000));
    QCOMPARE(sent.first().at(1).toBool(), false);
    QVERIFY2(!sent.first().at(2).toString().isEmpty(), "no reason given");
    QTest::qWait(500);
    QVERIFY(!QFile::exists(QDir(m_inbox).filePath(u"%1.eml"_s.arg(m_received + 1))));
}

QTEST_GUILESS_MAIN(TestServerMail)
#include "tst_servermail.moc"
