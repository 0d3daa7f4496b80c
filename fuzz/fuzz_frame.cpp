// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// libFuzzer target: the frame decoder and the wire codec's readers on arbitrary bytes, as a
// server (and a client) meets them. Properties, beyond "no crash, no sanitizer report":
// - a refusal is malformed or unsupported_version, with a non-negative id;
// - a decoded frame encodes back to a frame that decodes to the same thing;
// - every request reader either reads the arguments or refuses with invalid_argument, and what
//   it read encodes to arguments it reads again to the same encoding (the same for records and
//   replies, which a client reads from a hostile server);
// - a frame the book delta reader reads (Protocol::decodeBookDelta) decode() reads as the same
//   push, and its levels are what Wire::bookChange() reads from the decoded data.

#include "fuzzcheck.h"
#include "seeds.h"

#include "wire/bookpush.h"
#include "wire/protocol.h"
#include "wire/wirecodec.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>

#include <cstdint>

using namespace everx;
using everx::fuzz::require;

namespace {

QString text(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// A request reader: reads or refuses with invalid_argument; what it read survives a round trip.
template<typename Read, typename Encode>
void request(const QJsonObject &args, Read read, Encode encode)
{
    const auto first = read(args);
    if (!first) {
        require(first.code() == ErrorCode::InvalidArgument,
                "a request reader refuses with invalid_argument", first.error().message);
        return;
    }
    const QJsonObject encoded = encode(*first);
    const auto second = read(encoded);
    require(second.ok(), "a request reads back what it encodes to", text(encoded));
    require(encode(*second) == encoded, "a request encodes the same after a round trip",
            text(encoded));
}

// A record or reply reader: what it read survives a round trip.
template<typename Read, typename Encode>
void record(const QJsonObject &o, Read read, Encode encode)
{
    QString error;
    const auto first = read(o, &error);
    if (!first) {
        require(!error.isEmpty(), "a record reader says why it refused");
        return;
    }
    const QJsonObject encoded = encode(*first);
    const auto second = read(encoded, nullptr);
    require(second.has_value(), "a record reads back what it encodes to", text(encoded));
    require(encode(*second) == encoded, "a record encodes the same after a round trip",
            text(encoded));
}

template<typename T>
void wrapped(const QJsonObject &o)
{
    if (const auto one = Wire::unwrap<T>(o))
        require(Wire::unwrap<T>(Wire::wrap(*one)).has_value(), "a wrapped record reads back");
    if (const auto list = Wire::unwrapList<T>(o))
        require(Wire::unwrapList<T>(Wire::wrapList(*list)).has_value(),
                "a wrapped list reads back");
    const QList<T> each = Wire::unwrapEach<T>(o);
    require(Wire::unwrapList<T>(Wire::wrapList(each)).has_value(),
            "the records read one by one read back as a list");
}

void requests(const QJsonObject &args)
{
    const auto same = [](const auto &r) {
        return Wire::toJson(r);
    };
    request(args, Wire::helloFromJson, same);
    request(args, Wire::credentialsFromJson, same);
    request(args, Wire::resumeTokenFromJson, Wire::resumeRequest);
    request(args, Wire::demoRoleFromJson, Wire::demoRequest);
    request(args, Wire::topUpRequestFromJson, same);
    request(args, Wire::ledgerQueryFromJson, same);
    request(args, Wire::bidRequestFromJson, same);
    request(args, Wire::orderIdFromJson, Wire::orderRequest);
    request(args, Wire::rentalIdFromJson, Wire::rentalRequest);
    request(args, Wire::listingIdFromJson, Wire::listingRequest);
    request(args, Wire::listingRequestFromJson, same);
    request(args, Wire::repriceFromJson, same);
    request(args, Wire::accountLookupFromJson, same);
    request(args, Wire::adjustmentFromJson, same);
    request(args, Wire::channelFromJson, Wire::channelRequest);
    for (const QLatin1StringView op : {Op::SupportCreditPayment, Op::SupportRefundPayment})
        request(
            args, [op](const QJsonObject &a) { return Wire::latePaymentDecisionFromJson(a, op); },
            same);
}

void records(const QJsonObject &o)
{
    const auto same = [](const auto &r) {
        return Wire::toJson(r);
    };
    record(o, Wire::accountFromJson, same);
    record(o, Wire::balanceFromJson, same);
    record(o, Wire::orderFromJson, same);
    record(o, Wire::rentalFromJson, same);
    record(o, Wire::listingFromJson, same);
    record(o, Wire::tradeFromJson, same);
    record(o, Wire::entryFromJson, same);
    record(o, Wire::candleFromJson, same);
    record(o, Wire::tickerFromJson, same);
    record(o, Wire::auditFromJson, same);
    record(o, Wire::paymentFromJson, same);
    record(o, Wire::serverInfoFromJson, same);
    record(o, Wire::signInFromJson, same);
    record(o, Wire::accountSummaryFromJson, same);
    record(o, Wire::quoteFromJson, same);
    record(o, Wire::topUpFromJson, same);
    record(o, Wire::orderPlacedFromJson, same);
    record(o, Wire::inspectionFromJson, same);
    record(o, Wire::chainCheckFromJson, same);
    record(o, Wire::accountSnapshotFromJson, same);
    record(o, Wire::notificationFromJson, same);
    wrapped<Account>(o);
    wrapped<Balance>(o);
    wrapped<BidOrder>(o);
    wrapped<Rental>(o);
    wrapped<Listing>(o);
    wrapped<Trade>(o);
    wrapped<LedgerEntry>(o);
    wrapped<Candle>(o);
    wrapped<TickerEntry>(o);
    wrapped<AuditRecord>(o);
    // Book levels, as the desk reads a book push.
    for (const QJsonArray &side : {Wire::bookBids(o), Wire::bookAsks(o)}) {
        for (const QJsonValue &value : side) {
            Cents price = 0;
            qint64 gpus = 0;
            qint32 orders = 0;
            if (Wire::levelFromJson(value, &price, &gpus, &orders)) {
                Cents price2 = 0;
                qint64 gpus2 = 0;
                qint32 orders2 = 0;
                require(
                    Wire::levelFromJson(Wire::level(price, gpus, orders), &price2, &gpus2, &orders2)
                        && price2 == price && gpus2 == gpus && orders2 == orders,
                    "a book level reads back");
            }
        }
    }
    (void)Wire::accountEventType(o);
}

// A session event's data, as the desk reads it: support's reason reads back as it was.
void sessionEvent(const Protocol::Frame &frame)
{
    const std::optional<QString> reason = Wire::sessionEventReasonFromJson(frame.data);
    if (!reason)
        return;
    require(Wire::sessionEventReasonFromJson(Wire::sessionEventData(*reason)) == reason,
            "a session event's reason reads back", *reason);
}

// The frame encoded again decodes to the same frame.
void roundTrip(const Protocol::Frame &frame)
{
    QString again;
    switch (frame.kind) {
    case Protocol::FrameKind::Request:
        again = Protocol::encodeRequest(frame.id, frame.op, frame.args);
        break;
    case Protocol::FrameKind::Result:
        again = Protocol::encodeResult(frame.id, frame.result);
        break;
    case Protocol::FrameKind::Error:
        again = Protocol::encodeError(frame.id, frame.errorCode, frame.errorMessage);
        break;
    case Protocol::FrameKind::Push:
        again = Protocol::encodePush(frame.channel, frame.seq, frame.type, frame.data);
        break;
    case Protocol::FrameKind::Event:
        again = Protocol::encodeEvent(frame.event, frame.data);
        break;
    }
    Protocol::DecodeError error;
    const auto decoded = Protocol::decode(again, &error, Protocol::MaxServerFrameBytes * 2);
    require(decoded.has_value(), "an encoded frame decodes", error.message);
    require(decoded->kind == frame.kind && decoded->id == frame.id && decoded->op == frame.op
                && decoded->args == frame.args && decoded->result == frame.result
                && decoded->errorCode == frame.errorCode
                && decoded->errorMessage == frame.errorMessage && decoded->channel == frame.channel
                && decoded->seq == frame.seq && decoded->type == frame.type
                && decoded->data == frame.data && decoded->event == frame.event,
            "a frame decodes to what it was encoded from", again.left(200));
}

// One request frame for every operation, and a push on each kind of channel; the replies and
// pushes of docs/protocol.md's examples are files of fuzz/corpus/fuzz_frame/ written by hand.
void writeSeeds(const QString &dir)
{
    QDir().mkpath(dir);
    const auto write = [&](const QString &name, const QString &frame) {
        QFile f(QDir(dir).filePath(name));
        const QByteArray bytes = frame.toUtf8();
        require(f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size(),
                "a seed is written");
    };
    qint64 id = 1;
    for (const fuzz::SeedRequest &seed : fuzz::seedRequests())
        write(QStringLiteral("request-%1").arg(seed.op),
              Protocol::encodeRequest(id++, seed.op, seed.args));
    write(QStringLiteral("push-book"),
          Protocol::encodePush(Channel::book(fuzz::SeedGpu), 42, PushType::Delta,
                               Wire::bookData(QJsonArray {QJsonValue(Wire::level(2'88, 8, 1))},
                                              QJsonArray {QJsonValue(Wire::level(3'10, 0, 0))})));
    write(QStringLiteral("error-malformed"),
          Protocol::encodeError(0, ErrorCode::Malformed, QStringLiteral("not JSON")));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    everx::fuzz::quietMessages();
    everx::fuzz::writeSeedsIfAsked(writeSeeds);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    // The desk's reader of book deltas agrees with decode() wherever it reads a frame at all.
    if (const std::optional<Protocol::BookDelta> delta = Protocol::decodeBookDelta(text)) {
        const std::optional<Protocol::Frame> frame =
            Protocol::decode(text, nullptr, Protocol::MaxServerFrameBytes);
        require(frame && frame->kind == Protocol::FrameKind::Push && frame->type == PushType::Delta
                    && frame->channel == delta->channel && frame->seq == delta->seq
                    && Wire::bookChange(frame->data) == delta->change,
                "a book delta read without JSON is the frame decode() reads", text);
    }
    // As a server reads a client's frame, and as a client reads a server's.
    for (const qsizetype limit : {Protocol::MaxFrameBytes, Protocol::MaxServerFrameBytes}) {
        Protocol::DecodeError error;
        const std::optional<Protocol::Frame> frame = Protocol::decode(text, &error, limit);
        if (!frame) {
            require(
                error.code == ErrorCode::Malformed || error.code == ErrorCode::UnsupportedVersion,
                "a refused frame is malformed or of another version", errorCodeName(error.code));
            require(error.id >= 0, "a refusal's id is not negative");
            continue;
        }
        require(frame->kind != Protocol::FrameKind::Request
                    || (frame->id > 0 && !frame->op.isEmpty()),
                "a request has a positive id and an operation");
        roundTrip(*frame);
        if (limit != Protocol::MaxServerFrameBytes)
            continue; // the readers run once, on the second pass
        switch (frame->kind) {
        case Protocol::FrameKind::Request:
            requests(frame->args);
            break;
        case Protocol::FrameKind::Result:
            records(frame->result);
            break;
        case Protocol::FrameKind::Push:
            records(frame->data);
            break;
        case Protocol::FrameKind::Event:
            sessionEvent(*frame);
            break;
        case Protocol::FrameKind::Error:
            break;
        }
    }
    return 0;
}
