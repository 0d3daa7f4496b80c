// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The writer of outgoing frames: the text QJsonDocument writes for the same values, built without
// a document.

#include "market/jsonwriter.h"

#include <QtCore/QJsonDocument>
#include <QtTest/QtTest>

#include <limits>

using namespace Qt::StringLiterals;
using everx::JsonWriter;

class TestJsonWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writesWhatQJsonDocumentWrites_data();
    void writesWhatQJsonDocumentWrites();
    void membersAndElementsInTheirOrder();
    void latin1AndUtf16TextEscapeAlike();
};

namespace {

QString documentText(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

// Every character below 0x80, and some beyond: what needs an escape and what does not.
QString everyAsciiAndMore()
{
    QString text;
    for (char16_t c = 0; c < 0x80; ++c)
        text += QChar(c);
    return text + u"çÇğĞıİöÖşŞüÜ €\u2028\u2029 😀"_s;
}

} // namespace

void TestJsonWriter::writesWhatQJsonDocumentWrites_data()
{
    QTest::addColumn<QJsonObject>("object");
    QTest::newRow("empty") << QJsonObject();
    QTest::newRow("text") << QJsonObject {{u"s"_s, everyAsciiAndMore()},
                                          {u"key \"with\"\n\\escapes\u0001"_s, u""_s}};
    QTest::newRow("integers") << QJsonObject {
        {u"zero"_s, 0},
        {u"negative"_s, -17},
        {u"exact"_s, qint64(1) << 53},
        {u"max"_s, std::numeric_limits<qint64>::max()},
        {u"min"_s, std::numeric_limits<qint64>::min()},
        {u"quadrillion"_s, qint64(1'000'000'000'000'000)},
    };
    QTest::newRow("doubles") << QJsonObject {
        {u"tenth"_s, 0.1},
        {u"whole"_s, 3.0},
        {u"huge"_s, 1.5e300},
        {u"tiny"_s, -2.5e-300},
        {u"big whole"_s, 1e15},
        {u"nan"_s, std::numeric_limits<double>::quiet_NaN()},
        {u"inf"_s, std::numeric_limits<double>::infinity()},
    };
    QTest::newRow("nested") << QJsonObject {
        {u"flags"_s, QJsonArray {true, false, QJsonValue::Null}},
        {u"none"_s, QJsonValue::Null},
        {u"deep"_s,
         QJsonObject {{u"a"_s, QJsonArray {QJsonArray {}, QJsonObject {}, 1, u"x"_s}},
                      {u"b"_s, QJsonObject {{u"c"_s, QJsonObject {{u"d"_s, -0.5}}}}}}},
    };
    QTest::newRow("parsed") << QJsonDocument::fromJson(
                                   R"({"v":1,"id":9007199254740991,"result":{"order":{"id":7,)"
                                   R"("price":"3.10","gpu":"h100-sxm","rentals":[],"x":1e3}}})")
                                   .object();
}

void TestJsonWriter::writesWhatQJsonDocumentWrites()
{
    QFETCH(QJsonObject, object);
    JsonWriter writer;
    writer.value(object);
    QCOMPARE(writer.text(), documentText(object));
}

void TestJsonWriter::membersAndElementsInTheirOrder()
{
    JsonWriter writer;
    writer.beginObject();
    writer.field("z"_L1, 1);
    writer.key("list"_L1);
    writer.beginArray();
    writer.value(true);
    writer.null();
    writer.value(u"x"_s);
    writer.beginObject();
    writer.endObject();
    writer.beginArray();
    writer.endArray();
    writer.endArray();
    writer.key("raw"_L1);
    writer.raw(u"{\"b\":2}");
    writer.field("a"_L1, qint64(-3));
    writer.endObject();
    // Written in the order given, unlike a QJsonObject, which sorts its keys.
    QCOMPARE(writer.text(), uR"({"z":1,"list":[true,null,"x",{},[]],"raw":{"b":2},"a":-3})"_s);
    QVERIFY(QJsonDocument::fromJson(writer.text().toUtf8()).isObject());
}

void TestJsonWriter::latin1AndUtf16TextEscapeAlike()
{
    QByteArray latin1;
    for (int c = 1; c < 0x100; ++c)
        latin1 += char(c);
    JsonWriter fromLatin1;
    fromLatin1.value(QLatin1StringView(latin1));
    JsonWriter fromUtf16;
    fromUtf16.value(QString::fromLatin1(latin1));
    QCOMPARE(fromLatin1.text(), fromUtf16.text());
    QCOMPARE(fromUtf16.text(),
             documentText({{u"k"_s, QString::fromLatin1(latin1)}}).mid(5).chopped(1));
}

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
