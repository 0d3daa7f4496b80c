// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The one JSON reader of data files and the wire: exact whole numbers only, the first problem
// kept and named by where and the field.

#include "market/jsonreader.h"

#include <QtCore/QJsonDocument>
#include <QtTest/QtTest>

using namespace Qt::StringLiterals;
using everx::JsonReader;
namespace Json = everx::Json;

class TestJsonReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wholeNumbers_data();
    void wholeNumbers();
    void firstProblemIsKeptAndNamed();
    void presenceAndNulls();
    void lengthsAndRanges();
    void unknownKeyIsTheFirstNotAskedAbout();
};

void TestJsonReader::wholeNumbers_data()
{
    QTest::addColumn<QByteArray>("json"); // the value of "n"
    QTest::addColumn<bool>("whole");
    QTest::addColumn<qint64>("value");
    QTest::newRow("17") << "17"_ba << true << qint64(17);
    QTest::newRow("1e3") << "1e3"_ba << true << qint64(1000);
    QTest::newRow("-5") << "-5"_ba << true << qint64(-5);
    QTest::newRow("2^53 - 1") << "9007199254740991"_ba << true << Json::MaxExactInteger;
    QTest::newRow("2^53 + 1") << "9007199254740993"_ba << false << qint64(0);
    QTest::newRow("17.5") << "17.5"_ba << false << qint64(0);
    QTest::newRow("1e300") << "1e300"_ba << false << qint64(0);
    QTest::newRow("a string") << "\"17\""_ba << false << qint64(0);
    QTest::newRow("null") << "null"_ba << false << qint64(0);
    QTest::newRow("true") << "true"_ba << false << qint64(0);
}

void TestJsonReader::wholeNumbers()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, whole);
    QFETCH(qint64, value);
    const QJsonValue v = QJsonDocument::fromJson("{\"n\":" + json + "}").object().value(u"n");
    const std::optional<qint64> n = Json::wholeNumber(v);
    QCOMPARE(n.has_value(), whole);
    if (whole)
        QCOMPARE(*n, value);
}

void TestJsonReader::firstProblemIsKeptAndNamed()
{
    JsonReader r(QJsonObject {{u"a"_s, u"text"_s}, {u"b"_s, 1.5}}, u"gpus[3]"_s);
    QCOMPARE(r.integer(u"a"), std::nullopt);
    QCOMPARE(r.integer(u"b"), std::nullopt);
    QVERIFY(r.failed());
    QVERIFY2(r.error().startsWith(u"gpus[3]: a: expected an integer"_s), qPrintable(r.error()));
    QVERIFY2(r.error().contains(u"the string \"text\""_s), qPrintable(r.error()));
    QString error;
    QCOMPARE(r.finish(42, &error), std::nullopt);
    QCOMPARE(error, r.error());
}

void TestJsonReader::presenceAndNulls()
{
    JsonReader r(QJsonObject {{u"gone"_s, QJsonValue::Null}}, u"row"_s);
    QCOMPARE(r.integer(u"absent", 0, 10, JsonReader::Presence::Optional), std::nullopt);
    QCOMPARE(r.string(u"absent", 10, true, JsonReader::Presence::Optional), QString());
    QCOMPARE(r.integer(u"gone", 0, 10, JsonReader::Presence::Required, true), std::nullopt);
    QVERIFY(!r.failed());
    r.string(u"absent");
    QCOMPARE(r.error(), u"row: absent: missing"_s);
    QCOMPARE(r.finish(1), std::nullopt);
}

void TestJsonReader::lengthsAndRanges()
{
    const QJsonObject o {{u"name"_s, u"abcdef"_s}, {u"blank"_s, u"  "_s}, {u"n"_s, 11}};
    JsonReader tooLong(o, u"x"_s);
    tooLong.string(u"name", 5);
    QVERIFY2(tooLong.error().contains(u"at most 5 characters"_s), qPrintable(tooLong.error()));
    JsonReader blank(o, u"x"_s);
    blank.string(u"blank", 10, false);
    QVERIFY2(blank.error().contains(u"must not be empty"_s), qPrintable(blank.error()));
    JsonReader range(o, u"x"_s);
    QCOMPARE(range.integer(u"n", 1, 10), std::nullopt);
    QVERIFY2(range.error().contains(u"from 1 to 10, got 11"_s), qPrintable(range.error()));
    JsonReader fine(o, u"x"_s);
    QCOMPARE(fine.integer(u"n", 1, 11), std::optional<qint64>(11));
    QCOMPARE(fine.string(u"name", 6), u"abcdef"_s);
    QVERIFY(!fine.failed());
}

// Keys come as UTF-16 (u"..."), UTF-8 ("...", ASCII or not) or Latin-1: each marks its own key
// as asked about, found or not, and the first key never asked about (in sorted order) is the
// unknown one.
void TestJsonReader::unknownKeyIsTheFirstNotAskedAbout()
{
    const QJsonObject o {{u"b"_s, 1}, {u"a"_s, 2}, {u"c"_s, 3}, {u"d"_s, 4}, {u"\u00fc"_s, 5}};
    JsonReader r(o, u"x"_s);
    QCOMPARE(r.unknownKey(), u"a"_s);
    QCOMPARE(r.integer(u"a"), std::optional<qint64>(2)); // UTF-16
    QCOMPARE(r.unknownKey(), u"b"_s);
    QVERIFY(r.has("c")); // UTF-8, ASCII
    QVERIFY(!r.has("e")); // absent: marks nothing
    QCOMPARE(r.unknownKey(), u"b"_s);
    QCOMPARE(r.value(QLatin1StringView("b")).toInteger(), 1); // Latin-1
    QCOMPARE(r.unknownKey(), u"d"_s);
    QCOMPARE(r.integer("d"), std::optional<qint64>(4));
    QCOMPARE(r.unknownKey(), u"\u00fc"_s);
    QCOMPARE(r.integer(QUtf8StringView("\xc3\xbc")), std::optional<qint64>(5)); // UTF-8, not ASCII
    QCOMPARE(r.unknownKey(), QString());
    QVERIFY(!r.failed());

    // A key that differs only past ASCII is another key.
    JsonReader other(o, u"x"_s);
    QVERIFY(!other.has(QUtf8StringView("\xc3\xbd")));
    QVERIFY(!other.has(QLatin1StringView("\xfd")));
    QVERIFY(other.has(QLatin1StringView("\xfc")));
}

QTEST_GUILESS_MAIN(TestJsonReader)
#include "tst_jsonreader.moc"
