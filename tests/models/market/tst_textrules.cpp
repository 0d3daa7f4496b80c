// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The text rules every decoded text field is held to: control characters, bidi controls and
// line breaks are refused; text is NFC-normalised; endpoints follow the documented format. And
// identities: one spelling per mailbox, skeletons, names and passwords.

#include "market/passwordrules.h"
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
    void oneSpellingPerMailbox_data();
    void oneSpellingPerMailbox();
    void emailsRefused_data();
    void emailsRefused();
    void skeletonsMatchLookalikes();
    void names_data();
    void names();
    void passwords_data();
    void passwords();
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

void TestTextRules::oneSpellingPerMailbox_data()
{
    // The security review's spellings of one mailbox, each of which became an account of its
    // own: every one is either that mailbox's one spelling or refused. Only "+tag" is another
    // address, kept as written; support sees it beside the first (lookalikeKey).
    QTest::addColumn<QString>("email");
    QTest::addColumn<QString>("canonical"); // empty: refused

    const QString mailbox = u"irfan@example.com"_s;
    QTest::newRow("as written") << u"irfan@example.com"_s << mailbox;
    QTest::newRow("capitals") << u"Irfan@EXAMPLE.com"_s << mailbox;
    QTest::newRow("trailing dot") << u"irfan@example.com."_s << mailbox;
    QTest::newRow("+tag") << u"irfan+gpu@example.com"_s << u"irfan+gpu@example.com"_s;
    QTest::newRow("Cyrillic i") << u"\u0456rfan@example.com"_s << QString();
    QTest::newRow("Cyrillic a") << u"irf\u0430n@example.com"_s << QString();
    QTest::newRow("fullwidth letters")
        << u"\uff49\uff52\uff46\uff41\uff4e@example.com"_s << mailbox;
    QTest::newRow("fullwidth at and domain")
        << u"irfan\uff20\uff25\uff38\uff41\uff4d\uff50\uff4c\uff45.com"_s << mailbox;
    QTest::newRow("mathematical bold")
        << u"\U0001d422\U0001d42b\U0001d41f\U0001d41a\U0001d427@example.com"_s << mailbox;
    QTest::newRow("zero-width space") << u"ir\u200bfan@example.com"_s << QString();
    QTest::newRow("zero-width joiner") << u"ir\u200dfan@example.com"_s << QString();
    QTest::newRow("soft hyphen") << u"ir\u00adfan@example.com"_s << QString();
    QTest::newRow("left-to-right mark") << u"\u200eirfan@example.com"_s << QString();
    QTest::newRow("right-to-left override") << u"irfan@\u202eexample.com"_s << QString();
    QTest::newRow("leading U+FEFF") << u"\ufeffirfan@example.com"_s << QString();
    QTest::newRow("word joiner") << u"irfan\u2060@example.com"_s << QString();
    QTest::newRow("no-break space") << u"irfan@example.com\u00a0"_s << QString();
    QTest::newRow("Hangul filler") << u"irfan\u3164@example.com"_s << QString();
}

void TestTextRules::oneSpellingPerMailbox()
{
    QFETCH(QString, email);
    QFETCH(QString, canonical);
    QString problem;
    const QString got = TextRules::canonicalEmail(email, &problem);
    QVERIFY2(got == canonical, qPrintable(email + u" -> "_s + got + u" "_s + problem));
    QCOMPARE(problem.isEmpty(), !canonical.isEmpty());
    if (!canonical.isEmpty()) {
        // The one spelling is its own: canonical twice is canonical once.
        QCOMPARE(TextRules::canonicalEmail(got), got);
        QCOMPARE(TextRules::lookalikeKey(got), TextRules::lookalikeKey(u"irfan@example.com"_s));
    }
}

void TestTextRules::emailsRefused_data()
{
    QTest::addColumn<QString>("email");
    QTest::addColumn<QString>("canonical"); // empty: refused

    QTest::newRow("no at") << u"irfan.example.com"_s << QString();
    QTest::newRow("two ats") << u"ir@fan@example.com"_s << QString();
    QTest::newRow("nothing before the at") << u"@example.com"_s << QString();
    QTest::newRow("one label") << u"irfan@localhost"_s << QString();
    QTest::newRow("IP address") << u"irfan@203.0.113.7"_s << QString();
    QTest::newRow("leading dot") << u".irfan@example.com"_s << QString();
    QTest::newRow("two dots") << u"ir..fan@example.com"_s << QString();
    QTest::newRow("dot before the at") << u"irfan.@example.com"_s << QString();
    QTest::newRow("quoted") << u"\"irfan\"@example.com"_s << QString();
    QTest::newRow("space") << u"ir fan@example.com"_s << QString();
    QTest::newRow("underscore in domain") << u"irfan@exa_mple.com"_s << QString();
    QTest::newRow("dash at label start") << u"irfan@-example.com"_s << QString();
    QTest::newRow("local part too long") << (QString(65, u'a') + u"@example.com"_s) << QString();
    QTest::newRow("Latin and Greek") << u"irfan\u03bf@example.com"_s << QString();
    QTest::newRow("symbols") << u"irfan\u2605@example.com"_s << QString();
    QTest::newRow("escape") << u"irfan\x1b@example.com"_s << QString();

    QTest::newRow("all Cyrillic") << u"\u0438\u0440\u0444\u0430\u043d@example.com"_s
                                  << u"\u0438\u0440\u0444\u0430\u043d@example.com"_s;
    QTest::newRow("Japanese") << u"\u3084\u307e\u3060\u592a\u90ce@example.jp"_s
                              << u"\u3084\u307e\u3060\u592a\u90ce@example.jp"_s;
    QTest::newRow("Turkish capital I with dot")
        << u"\u0130rfan@example.com"_s << u"i\u0307rfan@example.com"_s;
    QTest::newRow("IDN domain") << u"irfan@b\u00fccher.example"_s
                                << u"irfan@xn--bcher-kva.example"_s;
    QTest::newRow("IDN domain in capitals")
        << u"irfan@B\u00dcCHER.example"_s << u"irfan@xn--bcher-kva.example"_s;
    QTest::newRow("atext") << u"o'brien-2_x=y@example.com"_s << u"o'brien-2_x=y@example.com"_s;
}

void TestTextRules::emailsRefused()
{
    QFETCH(QString, email);
    QFETCH(QString, canonical);
    QString problem;
    const QString got = TextRules::canonicalEmail(email, &problem);
    QVERIFY2(got == canonical, qPrintable(email + u" -> "_s + got + u" "_s + problem));
    QCOMPARE(problem.isEmpty(), !canonical.isEmpty());
}

void TestTextRules::skeletonsMatchLookalikes()
{
    // UTS #39's own example and a few of the review's.
    QCOMPARE(TextRules::skeleton(u"paypal"_s), TextRules::skeleton(u"p\u0430yp\u0430l"_s));
    QCOMPARE(TextRules::skeleton(u"paypa1"_s), TextRules::skeleton(u"paypal"_s));
    QCOMPARE(TextRules::skeleton(u"\u0456rfan"_s), TextRules::skeleton(u"irfan"_s));
    QVERIFY(TextRules::skeleton(u"irfan"_s) != TextRules::skeleton(u"irwan"_s));
    // A whole-script lookalike: Cyrillic letters only, each one a Latin letter's double.
    const QString latin = TextRules::canonicalEmail(u"cop@example.com"_s);
    const QString cyrillic = TextRules::canonicalEmail(u"\u0441\u043e\u0440@example.com"_s);
    QVERIFY(!latin.isEmpty() && !cyrillic.isEmpty());
    QVERIFY(latin != cyrillic);
    QCOMPARE(TextRules::confusableKey(latin), TextRules::confusableKey(cyrillic));
    QVERIFY(!TextRules::shareScript(latin, cyrillic));
    QVERIFY(TextRules::shareScript(latin, u"co9@example.com"_s));
    QVERIFY(TextRules::shareScript(latin, u"123@example.com"_s));
    // +tag: another address, the same person for support.
    QVERIFY(TextRules::confusableKey(u"cop+gpu@example.com"_s) != TextRules::confusableKey(latin));
    QCOMPARE(TextRules::lookalikeKey(u"cop+gpu@example.com"_s), TextRules::lookalikeKey(cyrillic));
    QCOMPARE(TextRules::mailboxName(u"Irfan+GPU@example.com"_s), u"irfan"_s);
}

void TestTextRules::names_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("accepted");

    QTest::newRow("plain") << u"Ayu Lestari"_s << true;
    QTest::newRow("Turkish") << u"\u015eahin Y\u0131lmaz"_s << true;
    QTest::newRow("Vietnamese, two marks") << u"Nguy\u1ec5n"_s << true;
    QTest::newRow("Arabic") << u"\u0639\u0644\u064a"_s << true;
    QTest::newRow("emoji") << u"Ayu \U0001F680"_s << true;
    QTest::newRow("blank") << u"   "_s << false;
    QTest::newRow("zero-width only") << u"\u200b\u200b"_s << false;
    QTest::newRow("invisible and spaces") << u" \u3164 \u2800 "_s << false;
    QTest::newRow("starts with RLM") << u"\u200fAyu"_s << false;
    QTest::newRow("starts with ALM") << u"\u061cAyu"_s << false;
    QTest::newRow("LRM inside") << u"Ayu\u200eLestari"_s << false;
    QTest::newRow("zero-width space inside") << u"Ay\u200bu"_s << false;
    QTest::newRow("U+FEFF") << u"\ufeffAyu"_s << false;
    QTest::newRow("three marks") << u"Z\u0301\u0302\u0303algo"_s << false;
    QTest::newRow("precomposed and two marks") << u"\u00e9\u0302\u0303"_s << false;
}

void TestTextRules::names()
{
    QFETCH(QString, name);
    QFETCH(bool, accepted);
    const QString problem = TextRules::nameProblem(name);
    QVERIFY2(problem.isEmpty() == accepted, qPrintable(name + u" -> "_s + problem));
}

void TestTextRules::passwords_data()
{
    using P = PasswordRules::Problem;
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("email");
    QTest::addColumn<P>("problem");

    const QString email = u"irfan+gpu@example.com"_s;
    QTest::newRow("a passphrase") << u"violet meadow 42"_s << email << P::None;
    QTest::newRow("short") << u"short"_s << email << P::TooShort;
    QTest::newRow("long") << QString(257, u'x') << email << P::TooLong;
    QTest::newRow("common") << u"Password123"_s << email << P::Common;
    QTest::newRow("spaces") << QString(12, u' ') << email << P::Blank;
    QTest::newRow("ideographic spaces") << QString(12, QChar(0x3000)) << email << P::Blank;
    QTest::newRow("zero-width spaces") << QString(12, QChar(0x200b)) << email << P::Blank;
    QTest::newRow("spaces and joiners") << u"     \u200d\u200d\u2060     "_s << email << P::Blank;
    QTest::newRow("one character") << u"zzzzzzzzzzzz"_s << email << P::Repeated;
    QTest::newRow("one letter, both cases") << u"zZzZzZzZzZzZ"_s << email << P::Repeated;
    QTest::newRow("one emoji") << QString(u"\U0001F680"_s).repeated(6) << email << P::Repeated;
    QTest::newRow("the mailbox") << u"my irfan password"_s << email << P::HoldsEmail;
    QTest::newRow("the mailbox in capitals") << u"IRFAN-IS-ME-2024"_s << email << P::HoldsEmail;
    QTest::newRow("the mailbox in fullwidth")
        << u"\uff49\uff52\uff46\uff41\uff4e-is-me-2024"_s << email << P::HoldsEmail;
    QTest::newRow("a short mailbox") << u"al is a long name"_s << u"al@example.com"_s << P::None;
    QTest::newRow("without an email") << u"my irfan password"_s << QString() << P::None;
}

void TestTextRules::passwords()
{
    QFETCH(QString, password);
    QFETCH(QString, email);
    QFETCH(PasswordRules::Problem, problem);
    QCOMPARE(PasswordRules::check(password, email), problem);
    QCOMPARE(PasswordRules::describe(problem).isEmpty(), problem == PasswordRules::Problem::None);
}

QTEST_GUILESS_MAIN(TestTextRules)
#include "tst_textrules.moc"
