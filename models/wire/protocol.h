#pragma once

#include <QtCore/QJsonObject>
#include <QtCore/QString>

#include <optional>

namespace everx {

// Frames of protocol v1 (docs/protocol.md): encoding and decoding, nothing else. Shared by the
// client session and the server.
namespace Protocol {

inline constexpr int Version = 1;
// What a server accepts from a client. Frames from the server carry snapshots (1,000 candles
// are about 75 KB, a support inspection with its ledger more) and may be up to
// MaxServerFrameBytes; clients accept those.
inline constexpr qsizetype MaxFrameBytes = 65'536;
inline constexpr qsizetype MaxServerFrameBytes = 4 * 1024 * 1024;
inline constexpr int MaxSubscriptions = 64;
inline constexpr int RequestsPerSecond = 50;
inline constexpr int RequestBurst = 100;
inline constexpr int RequestTimeoutMs = 10'000;

// Error codes that the protocol adds to the engine's (errorCodeName in exchange/errors.h).
inline constexpr char Malformed[] = "malformed";
inline constexpr char UnsupportedVersion[] = "unsupported_version";
inline constexpr char UnknownOperation[] = "unknown_operation";
inline constexpr char InvalidArgument[] = "invalid_argument";
inline constexpr char Unauthenticated[] = "unauthenticated";
inline constexpr char AuthenticationFailed[] = "authentication_failed";
inline constexpr char Forbidden[] = "forbidden";
inline constexpr char RateLimited[] = "rate_limited";
inline constexpr char TooManySubscriptions[] = "too_many_subscriptions";
inline constexpr char UnknownChannel[] = "unknown_channel";
inline constexpr char Timeout[] = "timeout";
inline constexpr char Internal[] = "internal";

enum class FrameKind { Request, Result, Error, Push };

// One decoded frame. Which fields are meaningful depends on kind.
struct Frame
{
    FrameKind kind = FrameKind::Request;
    qint64 id = 0; // Request, Result, Error
    QString op; // Request
    QJsonObject args; // Request
    QJsonObject result; // Result
    QString errorCode; // Error
    QString errorMessage;
    QString channel; // Push
    qint64 seq = 0; // Push
    QString type; // Push: "snapshot", "delta", "event"
    QJsonObject data; // Push
};

struct DecodeError
{
    QString code; // Malformed or UnsupportedVersion
    QString message;
    qint64 id = 0; // the request's id when it could be read, else 0
};

QString encodeRequest(qint64 id, const QString &op, const QJsonObject &args = {});
QString encodeResult(qint64 id, const QJsonObject &result);
QString encodeError(qint64 id, const QString &code, const QString &message);
QString encodePush(const QString &channel, qint64 seq, const QString &type,
                   const QJsonObject &data);

// Decodes a frame; on failure returns nullopt and fills *error. Checks the size, the JSON, the
// version and the shape (id a positive integer for requests, op a non-empty string, args an
// object when present, ...); it does not check an operation's arguments. maxBytes: the size
// limit in UTF-8 bytes (MaxServerFrameBytes on the client side).
std::optional<Frame> decode(const QString &text, DecodeError *error = nullptr,
                            qsizetype maxBytes = MaxFrameBytes);

} // namespace Protocol
} // namespace everx
