// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/protocol.h"

#include "market/jsonreader.h"
#include "market/jsonwriter.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QJsonParseError>
#include <QtCore/QJsonValue>

namespace everx::Protocol {

namespace {

const QString KeyVersion = QStringLiteral("v");
const QString KeyId = QStringLiteral("id");
const QString KeyOp = QStringLiteral("op");
const QString KeyArgs = QStringLiteral("args");
const QString KeyResult = QStringLiteral("result");
const QString KeyError = QStringLiteral("error");
const QString KeyCode = QStringLiteral("code");
const QString KeyMessage = QStringLiteral("message");
const QString KeyChannel = QStringLiteral("ch");
const QString KeySeq = QStringLiteral("seq");
const QString KeyType = QStringLiteral("type");
const QString KeyData = QStringLiteral("data");
const QString KeyEvent = QStringLiteral("event");

QString toText(const QJsonObject &frame)
{
    return QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact));
}

// Fills *error and returns nullopt, so that every refusal is one return statement.
std::nullopt_t refuse(DecodeError *error, ErrorCode code, const QString &message, qint64 id = 0)
{
    if (error) {
        error->code = code;
        error->message = message;
        error->id = id;
    }
    return std::nullopt;
}

} // namespace

QString encodeRequest(qint64 id, const QString &op, const QJsonObject &args)
{
    return toText({{KeyVersion, Version}, {KeyId, id}, {KeyOp, op}, {KeyArgs, args}});
}

QString encodeResult(qint64 id, const QJsonObject &result)
{
    return toText({{KeyVersion, Version}, {KeyId, id}, {KeyResult, result}});
}

QString encodeResultJson(qint64 id, QStringView resultJson)
{
    // The members in QJsonObject's (sorted) order, as the other encodeResult writes them.
    JsonWriter w(resultJson.size() + 32);
    w.beginObject();
    w.key(KeyId);
    w.value(id);
    w.key(KeyResult);
    w.raw(resultJson);
    w.key(KeyVersion);
    w.value(Version);
    w.endObject();
    return w.take();
}

QString encodeError(qint64 id, ErrorCode code, const QString &message)
{
    return toText(
        {{KeyVersion, Version},
         {KeyId, id},
         {KeyError, QJsonObject {{KeyCode, errorCodeName(code)}, {KeyMessage, message}}}});
}

QString encodePush(const QString &channel, qint64 seq, PushType type, const QJsonObject &data)
{
    return toText({{KeyVersion, Version},
                   {KeyChannel, channel},
                   {KeySeq, seq},
                   {KeyType, pushTypeName(type)},
                   {KeyData, data}});
}

QString encodeEvent(const QString &event, const QJsonObject &data)
{
    return toText({{KeyVersion, Version}, {KeyEvent, event}, {KeyData, data}});
}

std::optional<Frame> decode(const QString &text, DecodeError *error, qsizetype maxBytes)
{
    // Every UTF-16 unit is at least one UTF-8 byte: a text longer than the limit in units is
    // too big without converting it.
    if (text.size() > maxBytes)
        return refuse(error, ErrorCode::Malformed,
                      QStringLiteral("frame larger than %1 bytes").arg(maxBytes));
    const QByteArray utf8 = text.toUtf8();
    if (utf8.size() > maxBytes)
        return refuse(error, ErrorCode::Malformed,
                      QStringLiteral("frame larger than %1 bytes").arg(maxBytes));

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(utf8, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return refuse(error, ErrorCode::Malformed,
                      QStringLiteral("not JSON: %1 at offset %2")
                          .arg(parseError.errorString())
                          .arg(parseError.offset));
    if (!document.isObject())
        return refuse(error, ErrorCode::Malformed, QStringLiteral("a frame is a JSON object"));
    const QJsonObject o = document.object();

    // The id is read first, so that every later error can name the request it answers.
    const QJsonValue idValue = o.value(KeyId);
    const std::optional<qint64> id = Json::wholeNumber(idValue);
    const qint64 knownId = id && *id > 0 ? *id : 0;

    const QJsonValue version = o.value(KeyVersion);
    if (version.isUndefined())
        return refuse(error, ErrorCode::Malformed, QStringLiteral("missing \"v\""), knownId);
    const std::optional<qint64> v = Json::wholeNumber(version);
    if (!v)
        return refuse(error, ErrorCode::Malformed, QStringLiteral("\"v\" must be an integer"),
                      knownId);
    if (*v != Version)
        return refuse(error, ErrorCode::UnsupportedVersion,
                      QStringLiteral("protocol version %1 is not supported; this end speaks %2")
                          .arg(*v)
                          .arg(Version),
                      knownId);

    // Exactly one of the keys that tell the shapes apart.
    const bool isRequest = o.contains(KeyOp);
    const bool isResult = o.contains(KeyResult);
    const bool isError = o.contains(KeyError);
    const bool isPush = o.contains(KeyChannel);
    const bool isEvent = o.contains(KeyEvent);
    const int shapes = int(isRequest) + int(isResult) + int(isError) + int(isPush) + int(isEvent);
    if (shapes != 1)
        return refuse(error, ErrorCode::Malformed,
                      shapes == 0 ? QStringLiteral("a frame has one of \"op\", \"result\", "
                                                   "\"error\", \"ch\" or \"event\"")
                                  : QStringLiteral("a frame has only one of \"op\", \"result\", "
                                                   "\"error\", \"ch\" and \"event\""),
                      knownId);

    Frame frame;
    if (isEvent) {
        frame.kind = FrameKind::Event;
        const QJsonValue event = o.value(KeyEvent);
        if (!event.isString() || event.toString().isEmpty())
            return refuse(error, ErrorCode::Malformed,
                          QStringLiteral("\"event\" must be a non-empty string"));
        frame.event = event.toString();
        const QJsonValue data = o.value(KeyData);
        if (!data.isObject())
            return refuse(error, ErrorCode::Malformed,
                          QStringLiteral("\"data\" must be an object"));
        frame.data = data.toObject();
        return frame;
    }
    if (isPush) {
        frame.kind = FrameKind::Push;
        const QJsonValue channel = o.value(KeyChannel);
        if (!channel.isString() || channel.toString().isEmpty())
            return refuse(error, ErrorCode::Malformed,
                          QStringLiteral("\"ch\" must be a non-empty string"));
        frame.channel = channel.toString();
        const std::optional<qint64> seq = Json::wholeNumber(o.value(KeySeq));
        if (!seq || *seq < 0)
            return refuse(error, ErrorCode::Malformed,
                          QStringLiteral("\"seq\" must be a non-negative integer"));
        frame.seq = *seq;
        const QJsonValue typeValue = o.value(KeyType);
        const std::optional<PushType> type = pushTypeFromName(typeValue.toString());
        if (!typeValue.isString() || !type)
            return refuse(error, ErrorCode::Malformed,
                          QStringLiteral("\"type\" must be \"%1\", \"%2\" or \"%3\"")
                              .arg(pushTypeName(PushType::Snapshot), pushTypeName(PushType::Delta),
                                   pushTypeName(PushType::Event)));
        frame.type = *type;
        const QJsonValue data = o.value(KeyData);
        if (!data.isObject())
            return refuse(error, ErrorCode::Malformed,
                          QStringLiteral("\"data\" must be an object"));
        frame.data = data.toObject();
        return frame;
    }

    // Requests and results carry a positive id; errors may carry 0 (the request's id could not
    // be read).
    if (!id || *id < 0 || (*id == 0 && !isError))
        return refuse(error, ErrorCode::Malformed,
                      idValue.isUndefined() ? QStringLiteral("missing \"id\"")
                                            : QStringLiteral("\"id\" must be a positive integer"));
    frame.id = *id;

    if (isRequest) {
        frame.kind = FrameKind::Request;
        const QJsonValue op = o.value(KeyOp);
        if (!op.isString() || op.toString().isEmpty())
            return refuse(error, ErrorCode::Malformed,
                          QStringLiteral("\"op\" must be a non-empty string"), frame.id);
        frame.op = op.toString();
        const QJsonValue args = o.value(KeyArgs);
        if (!args.isUndefined() && !args.isObject())
            return refuse(error, ErrorCode::Malformed, QStringLiteral("\"args\" must be an object"),
                          frame.id);
        frame.args = args.toObject();
        return frame;
    }
    if (isResult) {
        frame.kind = FrameKind::Result;
        const QJsonValue result = o.value(KeyResult);
        if (!result.isObject())
            return refuse(error, ErrorCode::Malformed,
                          QStringLiteral("\"result\" must be an object"), frame.id);
        frame.result = result.toObject();
        return frame;
    }
    frame.kind = FrameKind::Error;
    const QJsonValue errorValue = o.value(KeyError);
    if (!errorValue.isObject())
        return refuse(error, ErrorCode::Malformed, QStringLiteral("\"error\" must be an object"),
                      frame.id);
    const QJsonObject errorObject = errorValue.toObject();
    const QJsonValue code = errorObject.value(KeyCode);
    if (!code.isString() || code.toString().isEmpty())
        return refuse(error, ErrorCode::Malformed,
                      QStringLiteral("\"error.code\" must be a non-empty string"), frame.id);
    const QJsonValue message = errorObject.value(KeyMessage);
    if (!message.isUndefined() && !message.isString())
        return refuse(error, ErrorCode::Malformed,
                      QStringLiteral("\"error.message\" must be a string"), frame.id);
    frame.errorCode = errorCodeFromName(code.toString()).value_or(ErrorCode::Unknown);
    frame.errorMessage = message.toString();
    return frame;
}

} // namespace everx::Protocol
