// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/bookpush.h"
#include "wire/protocol.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QRandomGenerator>
#include <QtTest/QtTest>

#include <limits>

using namespace Qt::StringLiterals;
using everx::ErrorCode;
using everx::errorCodeFromName;
using everx::errorCodeName;
using everx::Protocol::decode;
using everx::Protocol::DecodeError;
using everx::Protocol::Frame;
using everx::Protocol::FrameKind;
namespace Protocol = everx::Protocol;

Q_DECLARE_METATYPE(everx::Protocol::FrameKind)

class TestProtocol final : public QObject
{
    Q_OBJECT

private slots:
    void requestRoundTrip_data();
    void requestRoundTrip();
    void resultRoundTrip();
    void errorRoundTrip_data();
    void errorRoundTrip();
    void unknownErrorCodeKeepsTheMessage();
    void pushRoundTrip_data();
    void pushRoundTrip();
    void sessionEventRoundTrip();
    void encodedFramesCarryVersion();
    void accepts_data();
    void accepts();
    void refuses_data();
    void refuses();
    void frameSizeLimitInUtf8Bytes();
    void bookDeltaReadWithoutJson();
    void bookDeltaReaderLeavesOtherFormsToDecode_data();
    void bookDeltaReaderLeavesOtherFormsToDecode();
    void bookDeltaReaderAgreesWithDecodeOnMutations();
};

void TestProtocol::requestRoundTrip_data()
{
    QTest::addColumn<qint64>("id");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QJsonObject>("args");

    QTest::newRow("no args") << qint64(1) << u"ping"_s << QJsonObject();
    QTest::newRow("order") << qint64(17) << u"order.place"_s
                           << QJsonObject {{u"clientOrderId"_s, u"desk-7f3a-0001"_s},
                                           {u"gpu"_s, u"h100-sxm"_s},
                                           {u"gpus"_s, 4},
                                           {u"price"_s, u"3.10"_s}};
    QTest::newRow("largest id") << qint64(9007199254740991) << u"hello"_s
                                << QJsonObject {{u"protocol"_s, 1}};
    QTest::newRow("unicode") << qint64(3) << u"auth.login"_s
                             << QJsonObject {{u"email"_s, u"çağrı@example.tr"_s},
                                             {u"password"_s, u"p\"w\\d\n"_s}};
}

void TestProtocol::requestRoundTrip()
{
    QFETCH(qint64, id);
    QFETCH(QString, op);
    QFETCH(QJsonObject, args);

    DecodeError error;
    const std::optional<Frame> frame = decode(Protocol::encodeRequest(id, op, args), &error);
    QVERIFY2(frame, qPrintable(error.message));
    QCOMPARE(frame->kind, FrameKind::Request);
    QCOMPARE(frame->id, id);
    QCOMPARE(frame->op, op);
    QCOMPARE(frame->args, args);
}

void TestProtocol::resultRoundTrip()
{
    const QJsonObject result {{u"order"_s, QJsonObject {{u"id"_s, 118}}},
                              {u"rentals"_s, QJsonArray {1, 2}},
                              {u"duplicate"_s, false}};
    const std::optional<Frame> frame = decode(Protocol::encodeResult(5, result));
    QVERIFY(frame);
    QCOMPARE(frame->kind, FrameKind::Result);
    QCOMPARE(frame->id, 5);
    QCOMPARE(frame->result, result);

    const std::optional<Frame> empty = decode(Protocol::encodeResult(6, {}));
    QVERIFY(empty);
    QCOMPARE(empty->kind, FrameKind::Result);
    QVERIFY(empty->result.isEmpty());

    // Around a result that is text already: the same frame, to the byte.
    const QString text = QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
    QCOMPARE(Protocol::encodeResultJson(5, text), Protocol::encodeResult(5, result));
    QCOMPARE(Protocol::encodeResultJson(-7, u"{}"), Protocol::encodeResult(-7, {}));
}

void TestProtocol::errorRoundTrip_data()
{
    QTest::addColumn<qint64>("id");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");

    QTest::newRow("insufficient funds") << qint64(17) << u"insufficient_funds"_s
                                        << u"this order holds 71.40 USD; 12.00 USD is available"_s;
    // id 0: the reply to a frame whose id could not be read.
    QTest::newRow("malformed, id 0") << qint64(0) << u"malformed"_s << u"not JSON"_s;
    QTest::newRow("empty message") << qint64(2) << u"internal"_s << QString();
}

void TestProtocol::errorRoundTrip()
{
    QFETCH(qint64, id);
    QFETCH(QString, code);
    QFETCH(QString, message);

    const std::optional<ErrorCode> typed = errorCodeFromName(code);
    QVERIFY(typed);
    const std::optional<Frame> frame = decode(Protocol::encodeError(id, *typed, message));
    QVERIFY(frame);
    QCOMPARE(frame->kind, FrameKind::Error);
    QCOMPARE(frame->id, id);
    QCOMPARE(errorCodeName(frame->errorCode), code);
    QCOMPARE(frame->errorMessage, message);
}

void TestProtocol::unknownErrorCodeKeepsTheMessage()
{
    // A newer server's code: the client cannot know it, but the people's message still says it.
    const std::optional<Frame> frame = decode(
        u"{\"v\":1,\"id\":3,\"error\":{\"code\":\"quota_exceeded\",\"message\":\"too many\"}}"_s);
    QVERIFY(frame);
    QCOMPARE(frame->kind, FrameKind::Error);
    QCOMPARE(frame->errorCode, ErrorCode::Unknown);
    QCOMPARE(frame->errorMessage, u"too many"_s);
}

void TestProtocol::pushRoundTrip_data()
{
    QTest::addColumn<QString>("channel");
    QTest::addColumn<qint64>("seq");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QJsonObject>("data");

    // One level in the bids: append(), since clang reads QJsonArray {QJsonArray {...}} as a
    // copy of the inner array and gcc as an array holding it.
    QJsonArray bids;
    bids.append(QJsonArray {u"2.88"_s, 4, 1});
    const QJsonObject book {{u"bids"_s, bids}, {u"asks"_s, QJsonArray()}};
    QTest::newRow("snapshot, seq 0") << u"book.h100-sxm"_s << qint64(0) << u"snapshot"_s << book;
    QTest::newRow("delta") << u"book.h100-sxm"_s << qint64(42) << u"delta"_s << book;
    QTest::newRow("event") << u"account"_s << qint64(7) << u"event"_s
                           << QJsonObject {{u"type"_s, u"balance"_s}};
}

void TestProtocol::pushRoundTrip()
{
    QFETCH(QString, channel);
    QFETCH(qint64, seq);
    QFETCH(QString, type);
    QFETCH(QJsonObject, data);

    const std::optional<everx::PushType> pushType = everx::pushTypeFromName(type);
    QVERIFY(pushType);
    const std::optional<Frame> frame = decode(Protocol::encodePush(channel, seq, *pushType, data));
    QVERIFY(frame);
    QCOMPARE(frame->kind, FrameKind::Push);
    QCOMPARE(frame->channel, channel);
    QCOMPARE(frame->seq, seq);
    QCOMPARE(frame->type, *pushType);
    QCOMPARE(everx::pushTypeName(frame->type), type);
    QCOMPARE(frame->data, data);
}

void TestProtocol::sessionEventRoundTrip()
{
    const QJsonObject data {{u"reason"_s, u"chargeback\nticket 4711"_s}};
    const QString text =
        Protocol::encodeEvent(QString(everx::SessionEvent::AccountSuspended), data);
    QVERIFY(!text.contains(u'\n'));
    const std::optional<Frame> frame = decode(text, nullptr, Protocol::MaxServerFrameBytes);
    QVERIFY(frame);
    QCOMPARE(frame->kind, FrameKind::Event);
    QCOMPARE(frame->event, u"account.suspended"_s);
    QCOMPARE(frame->data, data);
    QCOMPARE(frame->id, 0);
    QVERIFY(frame->channel.isEmpty());
    const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
    QCOMPARE(o.value(u"v"_s).toInteger(), 1);
    QCOMPARE(o.keys(), (QStringList {u"data"_s, u"event"_s, u"v"_s}));
}

void TestProtocol::encodedFramesCarryVersion()
{
    const QStringList frames {Protocol::encodeRequest(1, u"ping"_s), Protocol::encodeResult(1, {}),
                              Protocol::encodeError(1, ErrorCode::Internal, u"x"_s),
                              Protocol::encodePush(u"ticker"_s, 1, everx::PushType::Delta, {})};
    for (const QString &text : frames) {
        const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
        QCOMPARE(o.value(u"v"_s).toInteger(), 1);
        // One text message per frame: compact, no line breaks.
        QVERIFY(!text.contains(u'\n'));
    }
    // Money stays a string on the wire (the codec passes args through untouched).
    QVERIFY(Protocol::encodeRequest(1, u"x"_s, {{u"price"_s, u"4.19"_s}})
                .contains(u"\"price\":\"4.19\""_s));
}

void TestProtocol::accepts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<FrameKind>("kind");

    QTest::newRow("request without args")
        << uR"({"v":1,"id":3,"op":"ping"})"_s << FrameKind::Request;
    QTest::newRow("extra keys ignored")
        << uR"({"v":1,"id":3,"op":"ping","args":{},"x":[1]})"_s << FrameKind::Request;
    QTest::newRow("white space") << u" {\n\"v\" : 1 , \"id\" : 3 , \"op\" : \"ping\" }\n"_s
                                 << FrameKind::Request;
    QTest::newRow("error without message")
        << uR"({"v":1,"id":3,"error":{"code":"internal"}})"_s << FrameKind::Error;
    QTest::newRow("id written as 3.0")
        << uR"({"v":1,"id":3.0,"op":"ping"})"_s << FrameKind::Request;
}

void TestProtocol::accepts()
{
    QFETCH(QString, text);
    QFETCH(FrameKind, kind);
    DecodeError error;
    const std::optional<Frame> frame = decode(text, &error);
    QVERIFY2(frame, qPrintable(error.message));
    QCOMPARE(frame->kind, kind);
}

void TestProtocol::refuses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<qint64>("id"); // the id the error reply should carry

    const QString malformed = u"malformed"_s;
    QTest::newRow("empty") << QString() << malformed << qint64(0);
    QTest::newRow("not JSON") << u"hello"_s << malformed << qint64(0);
    QTest::newRow("truncated") << uR"({"v":1,"id":3,"op":"pi)"_s << malformed << qint64(0);
    QTest::newRow("JSON array") << uR"([{"v":1,"id":3,"op":"ping"}])"_s << malformed << qint64(0);
    QTest::newRow("JSON string") << uR"("ping")"_s << malformed << qint64(0);
    QTest::newRow("JSON number") << u"1"_s << malformed << qint64(0);
    QTest::newRow("missing v") << uR"({"id":3,"op":"ping"})"_s << malformed << qint64(3);
    QTest::newRow("v as string") << uR"({"v":"1","id":3,"op":"ping"})"_s << malformed << qint64(3);
    QTest::newRow("v null") << uR"({"v":null,"id":3,"op":"ping"})"_s << malformed << qint64(3);
    QTest::newRow("v=2") << uR"({"v":2,"id":3,"op":"ping"})"_s << u"unsupported_version"_s
                         << qint64(3);
    QTest::newRow("v=0, no id") << uR"({"v":0,"op":"ping"})"_s << u"unsupported_version"_s
                                << qint64(0);
    QTest::newRow("v=1.5") << uR"({"v":1.5,"id":3,"op":"ping"})"_s << malformed << qint64(3);
    QTest::newRow("missing id") << uR"({"v":1,"op":"ping"})"_s << malformed << qint64(0);
    QTest::newRow("id 0") << uR"({"v":1,"id":0,"op":"ping"})"_s << malformed << qint64(0);
    QTest::newRow("negative id") << uR"({"v":1,"id":-4,"op":"ping"})"_s << malformed << qint64(0);
    QTest::newRow("float id") << uR"({"v":1,"id":3.5,"op":"ping"})"_s << malformed << qint64(0);
    QTest::newRow("string id") << uR"({"v":1,"id":"3","op":"ping"})"_s << malformed << qint64(0);
    QTest::newRow("id 2^53") << uR"({"v":1,"id":9007199254740992,"op":"ping"})"_s << malformed
                             << qint64(0);
    QTest::newRow("id 1e300") << uR"({"v":1,"id":1e300,"op":"ping"})"_s << malformed << qint64(0);
    QTest::newRow("op missing") << uR"({"v":1,"id":3})"_s << malformed << qint64(3);
    QTest::newRow("op empty") << uR"({"v":1,"id":3,"op":""})"_s << malformed << qint64(3);
    QTest::newRow("event empty") << uR"({"v":1,"event":"","data":{}})"_s << malformed << qint64(0);
    QTest::newRow("event a number")
        << uR"({"v":1,"event":4,"data":{}})"_s << malformed << qint64(0);
    QTest::newRow("event without data")
        << uR"({"v":1,"event":"account.suspended"})"_s << malformed << qint64(0);
    QTest::newRow("event data an array")
        << uR"({"v":1,"event":"account.suspended","data":[]})"_s << malformed << qint64(0);
    QTest::newRow("event and op") << uR"({"v":1,"id":3,"op":"ping","event":"x","data":{}})"_s
                                  << malformed << qint64(3);
    QTest::newRow("op number") << uR"({"v":1,"id":3,"op":7})"_s << malformed << qint64(3);
    QTest::newRow("args array") << uR"({"v":1,"id":3,"op":"ping","args":[]})"_s << malformed
                                << qint64(3);
    QTest::newRow("args string") << uR"({"v":1,"id":3,"op":"ping","args":"x"})"_s << malformed
                                 << qint64(3);
    QTest::newRow("args null") << uR"({"v":1,"id":3,"op":"ping","args":null})"_s << malformed
                               << qint64(3);
    QTest::newRow("two shapes") << uR"({"v":1,"id":3,"op":"ping","result":{}})"_s << malformed
                                << qint64(3);
    QTest::newRow("result not object")
        << uR"({"v":1,"id":3,"result":5})"_s << malformed << qint64(3);
    QTest::newRow("result id 0") << uR"({"v":1,"id":0,"result":{}})"_s << malformed << qint64(0);
    QTest::newRow("error not object")
        << uR"({"v":1,"id":3,"error":"x"})"_s << malformed << qint64(3);
    QTest::newRow("error without code")
        << uR"({"v":1,"id":3,"error":{"message":"m"}})"_s << malformed << qint64(3);
    QTest::newRow("error message number")
        << uR"({"v":1,"id":3,"error":{"code":"c","message":1}})"_s << malformed << qint64(3);
    QTest::newRow("push without seq")
        << uR"({"v":1,"ch":"ticker","type":"delta","data":{}})"_s << malformed << qint64(0);
    QTest::newRow("push negative seq")
        << uR"({"v":1,"ch":"ticker","seq":-1,"type":"delta","data":{}})"_s << malformed
        << qint64(0);
    QTest::newRow("push float seq")
        << uR"({"v":1,"ch":"ticker","seq":1.5,"type":"delta","data":{}})"_s << malformed
        << qint64(0);
    QTest::newRow("push empty channel")
        << uR"({"v":1,"ch":"","seq":1,"type":"delta","data":{}})"_s << malformed << qint64(0);
    QTest::newRow("push unknown type")
        << uR"({"v":1,"ch":"ticker","seq":1,"type":"patch","data":{}})"_s << malformed << qint64(0);
    QTest::newRow("push without data")
        << uR"({"v":1,"ch":"ticker","seq":1,"type":"delta"})"_s << malformed << qint64(0);
    QTest::newRow("none of the shapes") << uR"({"v":1,"id":3})"_s << malformed << qint64(3);
    QTest::newRow("frame over 65536 bytes")
        << (uR"({"v":1,"id":3,"op":"ping","args":{"pad":")"_s + QString(65'536, u'x') + u"\"}}"_s)
        << malformed << qint64(0);
}

void TestProtocol::refuses()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(qint64, id);

    DecodeError error;
    error.id = -1; // must be overwritten
    QVERIFY(!decode(text, &error));
    QCOMPARE(errorCodeName(error.code), code);
    QCOMPARE(error.id, id);
    QVERIFY(!error.message.isEmpty());
    QVERIFY(!decode(text)); // no error object: still refused, no crash
}

void TestProtocol::frameSizeLimitInUtf8Bytes()
{
    // Exactly 65,536 bytes passes; one byte more does not. "ç" is two bytes in UTF-8 but one
    // UTF-16 unit: the limit counts bytes as on the wire.
    const QString head = uR"({"v":1,"id":3,"op":"ping","args":{"pad":")"_s;
    const QString tail = u"\"}}"_s;
    const qsizetype room = Protocol::MaxFrameBytes - head.size() - tail.size();
    QVERIFY(decode(head + QString(room, u'x') + tail));
    QVERIFY(!decode(head + QString(room + 1, u'x') + tail));
    const QString wide = head + QString(room / 2, u'ç') + tail;
    QVERIFY(wide.size() < Protocol::MaxFrameBytes);
    QVERIFY(decode(wide));
    DecodeError error;
    QVERIFY(!decode(head + QString(room / 2 + 1, u'ç') + tail, &error));
    QCOMPARE(error.code, ErrorCode::Malformed);
    QVERIFY(error.message.contains(u"65536"_s));
    // The client reads the server's bigger snapshots (1,000 candles are about 75 KB).
    const QString snapshot = head + QString(room * 2, u'x') + tail;
    QVERIFY(!decode(snapshot));
    QVERIFY(decode(snapshot, nullptr, Protocol::MaxServerFrameBytes));
}

namespace {

using everx::BookChange;
using everx::BookLevelChange;
using everx::PushType;
namespace Wire = everx::Wire;

QJsonArray levels(const std::vector<BookLevelChange> &side)
{
    QJsonArray out;
    for (const BookLevelChange &l : side)
        out.append(Wire::level(l.price, l.gpus, l.orders));
    return out;
}

QString bookDeltaFrame(const QString &channel, qint64 seq, const BookChange &change)
{
    return Protocol::encodePush(channel, seq, PushType::Delta,
                                Wire::bookData(levels(change.bids), levels(change.asks)));
}

// What decodeBookDelta() reads must be what decode() and Wire::bookChange() read.
bool agrees(const QString &text, const Protocol::BookDelta &delta)
{
    const std::optional<Frame> frame = decode(text, nullptr, Protocol::MaxServerFrameBytes);
    return frame && frame->kind == FrameKind::Push && frame->type == PushType::Delta
        && frame->channel == delta.channel && frame->seq == delta.seq
        && Wire::bookChange(frame->data) == delta.change;
}

} // namespace

void TestProtocol::bookDeltaReadWithoutJson()
{
    // Frames as a server writes them, levels at the edges of what they hold, are read; and read
    // one after another into one BookDelta (as a session does), each is read whole and alone.
    QRandomGenerator rng(15);
    Protocol::BookDelta reused;
    for (int i = 0; i < 500; ++i) {
        BookChange change;
        for (auto *side : {&change.bids, &change.asks}) {
            const int n = int(rng.bounded(5));
            for (int k = 0; k < n; ++k)
                side->push_back(
                    {qint64(rng.bounded(1'000'000)) - 1000,
                     i == 0 ? 999'999'999'999'999 : qint64(rng.bounded(100'000)),
                     i == 1 ? std::numeric_limits<qint32>::max() : qint32(rng.bounded(1000))});
        }
        const QString channel = u"book.gpu-"_s + QString::number(i);
        const qint64 seq = i == 2 ? 999'999'999'999'999 : qint64(i);
        const QString text = bookDeltaFrame(channel, seq, change);
        const std::optional<Protocol::BookDelta> delta = Protocol::decodeBookDelta(text);
        QVERIFY2(delta, qPrintable(text));
        QCOMPARE(delta->channel, QStringView(channel));
        QCOMPARE(delta->seq, seq);
        QVERIFY2(delta->change == change, qPrintable(text));
        QVERIFY2(agrees(text, *delta), qPrintable(text));
        QVERIFY(Protocol::decodeBookDelta(text, &reused));
        QCOMPARE(reused.channel, QStringView(channel));
        QCOMPARE(reused.seq, seq);
        QVERIFY2(reused.change == change, qPrintable(text));
    }
}

void TestProtocol::bookDeltaReaderLeavesOtherFormsToDecode_data()
{
    // Each a frame decode() may well read (and then Wire::bookChange()), but not in the form a
    // server writes: the fast reader must leave it, never read it some other way.
    QTest::addColumn<QString>("text");
    QTest::addColumn<qsizetype>("maxBytes");
    const qsizetype max = Protocol::MaxServerFrameBytes;
    const QString good =
        uR"({"ch":"book.h100","data":{"asks":[["4.20",3,1]],"bids":[]},"seq":7,"type":"delta","v":1})"_s;
    QVERIFY(Protocol::decodeBookDelta(good));
    const auto row = [&](const char *name, const QString &from, const QString &to) {
        QString text = good;
        text.replace(from, to);
        QVERIFY2(text != good, name);
        QTest::newRow(name) << text << max;
    };
    row("space", u","_s, u", "_s);
    row("escape in channel", u"book.h100"_s, u"book.h\\u0031"_s);
    row("not a book", u"book.h100"_s, u"trades.h100"_s);
    row("candles", u"book.h100"_s, u"candles.h100.1h"_s);
    row("snapshot", u"delta"_s, u"snapshot"_s);
    row("version 2", u"\"v\":1"_s, u"\"v\":2"_s);
    row("version 10", u"\"v\":1"_s, u"\"v\":10"_s);
    row("seq leading zero", u":7,"_s, u":07,"_s);
    row("seq negative", u":7,"_s, u":-7,"_s);
    row("seq 16 digits", u":7,"_s, u":1000000000000000,"_s);
    row("gpus 40 digits", u",3,"_s, u","_s + QString(40, u'9') + u","_s);
    row("gpus a double", u",3,"_s, u",3.0,"_s);
    row("gpus exponent", u",3,"_s, u",3e0,"_s);
    row("gpus negative", u",3,"_s, u",-3,"_s);
    row("orders past int32", u",1]"_s, u",2147483648]"_s);
    row("price not money", u"4.20"_s, u"4.201"_s);
    row("price a number", u"\"4.20\""_s, u"4.20"_s);
    row("level of two", u",3,1]"_s, u",3]"_s);
    row("other key order", uR"("asks":[["4.20",3,1]],"bids":[])"_s,
        uR"("bids":[],"asks":[["4.20",3,1]])"_s);
    row("extra key", u",\"v\":1}"_s, u",\"v\":1,\"x\":0}"_s);
    row("trailing space", u"1}"_s, u"1} "_s);
    row("non-ASCII channel", u"book.h100"_s, u"book.h1ö0"_s);
    QTest::newRow("larger than the limit") << good << good.size() - 1;
}

void TestProtocol::bookDeltaReaderLeavesOtherFormsToDecode()
{
    QFETCH(QString, text);
    QFETCH(qsizetype, maxBytes);
    QCOMPARE(Protocol::decodeBookDelta(text, maxBytes).has_value(), false);
}

void TestProtocol::bookDeltaReaderAgreesWithDecodeOnMutations()
{
    // Every frame one edit away from a server's (a character deleted, replaced or inserted):
    // whatever the fast reader reads, decode() reads as the same push with the same levels.
    BookChange change;
    change.bids = {{4'05, 2, 1}, {4'00, 10, 3}};
    change.asks = {{4'20, 0, 0}};
    const QString good = bookDeltaFrame(u"book.h100-sxm"_s, 12, change);
    const QString alphabet = u"\"\\ 0159-.e,:[]{}xé"_s;
    int read = 0, edits = 0;
    const auto check = [&](const QString &text) {
        ++edits;
        if (const std::optional<Protocol::BookDelta> delta = Protocol::decodeBookDelta(text)) {
            ++read;
            QVERIFY2(agrees(text, *delta), qPrintable(text));
        }
    };
    for (qsizetype i = 0; i <= good.size(); ++i) {
        if (i < good.size())
            check(QString(good).remove(i, 1));
        for (const QChar c : alphabet) {
            if (i < good.size())
                check(QString(good).replace(i, 1, c));
            check(QString(good).insert(i, c));
        }
    }
    // Digits changed in prices, counts and the sequence number still read: the check had
    // something to compare.
    QVERIFY2(read > 50, qPrintable(u"%1 of %2 edits read"_s.arg(read).arg(edits)));
}

QTEST_GUILESS_MAIN(TestProtocol)
#include "tst_protocol.moc"
