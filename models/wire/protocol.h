// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "wire/vocabulary.h"

#include <QtCore/QJsonObject>
#include <QtCore/QString>

#include <optional>

namespace everx {

// Frames of protocol v1 (docs/protocol.md): encoding and decoding, nothing else. Shared by the
// client session and the server.
namespace Protocol {

inline constexpr int Version = 1;
// The port a server listens on and a desk connects to when an address names none.
inline constexpr quint16 DefaultPort = 7447;
// What a server accepts from a client. Frames from the server carry snapshots (1,000 candles
// are about 75 KB, a support inspection with its ledger more) and may be up to
// MaxServerFrameBytes; clients accept those.
inline constexpr qsizetype MaxFrameBytes = 65'536;
inline constexpr qsizetype MaxServerFrameBytes = 4 * 1024 * 1024;
inline constexpr int MaxSubscriptions = 64;
inline constexpr int RequestsPerSecond = 50;
inline constexpr int RequestBurst = 100;
// A snapshot counts in the request rate as one request for every this many bytes it weighs.
inline constexpr qint64 SnapshotBytesPerRequest = 4096;
// A subscription is refused (rate_limited) while more than this waits to be written to the
// connection: a peer that does not read takes no more snapshots.
inline constexpr qint64 MaxQueuedBytesForSnapshot = 256 * 1024;
inline constexpr int RequestTimeoutMs = 10'000;

// Event: a session event (server -> client), sent to a connection rather than a channel.
enum class FrameKind { Request, Result, Error, Push, Event };

// One decoded frame. Which fields are meaningful depends on kind.
struct Frame
{
    FrameKind kind = FrameKind::Request;
    qint64 id = 0; // Request, Result, Error
    QString op; // Request
    QJsonObject args; // Request
    QJsonObject result; // Result
    // Error: a code this end does not know reads as ErrorCode::Unknown; the message is kept.
    ErrorCode errorCode = ErrorCode::Internal;
    QString errorMessage;
    QString channel; // Push
    qint64 seq = 0; // Push
    PushType type = PushType::Snapshot; // Push
    QJsonObject data; // Push, Event
    QString event; // Event: its name (SessionEvent), not checked against the known ones
};

struct DecodeError
{
    ErrorCode code = ErrorCode::Malformed; // Malformed or UnsupportedVersion
    QString message;
    qint64 id = 0; // the request's id when it could be read, else 0
};

QString encodeRequest(qint64 id, const QString &op, const QJsonObject &args = {});
QString encodeResult(qint64 id, const QJsonObject &result);
// The same frame around a result that is compact JSON text already (Wire::json()).
QString encodeResultJson(qint64 id, QStringView resultJson);
QString encodeError(qint64 id, ErrorCode code, const QString &message);
QString encodePush(const QString &channel, qint64 seq, PushType type, const QJsonObject &data);
QString encodeEvent(const QString &event, const QJsonObject &data);

// Decodes a frame; on failure returns nullopt and fills *error. Checks the size, the JSON, the
// version and the shape (id a positive integer for requests, op a non-empty string, args an
// object when present, ...); it does not check an operation's arguments. maxBytes: the size
// limit in UTF-8 bytes (MaxServerFrameBytes on the client side).
std::optional<Frame> decode(const QString &text, DecodeError *error = nullptr,
                            qsizetype maxBytes = MaxFrameBytes);

} // namespace Protocol
} // namespace everx
