// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wire/transport.h"

#include <QtCore/QByteArray>
#include <QtCore/QElapsedTimer>
#include <QtCore/QList>
#include <QtCore/QUrl>
#include <QtNetwork/QAbstractSocket>
#include <QtNetwork/QHostAddress>
#include <QtNetwork/QSslError>

#include <atomic>

QT_BEGIN_NAMESPACE
class QSslCertificate;
class QTimer;
class QWebSocket;
QT_END_NAMESPACE

namespace everx {

// A protocol connection over a WebSocket (docs/protocol.md "Connections"), on either end.
//
// Client (first constructor): open() connects to a ws:// or wss:// URL. TLS verifies against the
// system CA store, except that with a pinned fingerprint the server is accepted if and only if
// its leaf certificate's SHA-256 matches the pin: CA and host-name errors are then ignored
// (self-signed certificates are the norm for these servers; the pin is the trust anchor), a
// different certificate fails with certificateMismatch(pin, presented) and
// errorOccurred("certificate fingerprint mismatch ..."), and errors beyond trust (an expired
// certificate) still fail. Without a pin, a server whose certificate fails only for want of trust
// emits certificateNeedsTrust(fingerprint) before the connection fails; the caller may ask the
// user, setPinnedFingerprint() on the next transport and connect again (trust on first use). A
// CA-trusted certificate is checked against the pin once the TLS handshake is done and before
// connected() is emitted, so no protocol frame ever reaches an unpinned server.
//
// Server (second constructor): wraps a socket that QWebSocketServer accepted; already open.
//
// Both ends run with low delay (TCP_NODELAY): the client sets it once connected, the server
// (ExchangeServer) when it accepts.
//
// Both ends refuse incoming messages larger than Protocol::MaxFrameBytes: the WebSocket closes
// with 1009. Binary messages are not part of the protocol and close the connection with 1003.
//
// The server caps what waits to be written to a peer (setMaxQueuedBytes): a peer that does not
// read is closed with 1008 "too slow" once its queue would pass the cap, and dropped at the
// latest TooSlowDropMs later (a peer that is not reading usually finds it ended at once).
//
// Ownership: owns its QWebSocket. Threading: the thread it lives in, like any QWebSocket. Do not
// delete it synchronously from a handler of its own signals; use deleteLater().
class WebSocketTransport final : public Transport
{
    Q_OBJECT

public:
    explicit WebSocketTransport(const QUrl &url, QObject *parent = nullptr);
    // Takes ownership of `accepted` (reparents it).
    explicit WebSocketTransport(QWebSocket *accepted, QObject *parent = nullptr);
    ~WebSocketTransport() override;
    Q_DISABLE_COPY_MOVE(WebSocketTransport)

    // SHA-256 of the expected leaf certificate, hex; upper or lower case, colons allowed. Empty:
    // no pin. Takes effect at the next open().
    void setPinnedFingerprint(const QByteArray &sha256Hex);
    QByteArray pinnedFingerprint() const { return m_pin; }
    // Lower-case hex SHA-256 of the leaf certificate the server presented in the last TLS
    // handshake (also a failed one); empty before any, and for ws://.
    QByteArray peerFingerprint() const { return m_peerFingerprint; }
    QUrl url() const { return m_url; }

    // Lower-case hex SHA-256 of a certificate's DER form, the form pins are kept in.
    static QByteArray fingerprint(const QSslCertificate &certificate);
    // "AB:CD:..." or "abcd..." -> "abcd..."; empty if it is not 64 hex digits.
    static QByteArray normalizedFingerprint(const QByteArray &text);

    void open() override;
    // Codes outside QWebSocket's 1000..1015 go out as 1000 (the reason still tells).
    void close(int code = CloseNormal, const QString &reason = {}) override;
    void sendText(const QString &frame) override;
    bool isConnected() const override;
    QString peer() const override;
    QString peerAddress() const override;
    void setKeepalive(qint64 intervalMs, qint64 timeoutMs) override;
    // The socket's write buffer is what waits; a frame alone always goes.
    void setMaxQueuedBytes(qint64 bytes) override { m_maxQueuedBytes = bytes; }
    qint64 queuedBytes() const override { return m_queuedBytes.load(std::memory_order_relaxed); }
    // A peer closed for being too slow that has not taken what waited, and the close, this long
    // after is dropped: its close handshake would otherwise keep the memory until TCP gives up.
    static constexpr int TooSlowDropMs = 10'000;
    // The key peerAddress() gives for an address.
    static QString addressKey(const QHostAddress &address);

Q_SIGNALS:
    // The server's certificate is not trusted by the system and no pin is set; the connection
    // fails (errorOccurred, disconnected follow). Lower-case hex SHA-256.
    void certificateNeedsTrust(const QByteArray &fingerprint);
    // The server presented a certificate other than the pinned one; the connection fails
    // (errorOccurred, disconnected follow). Both lower-case hex SHA-256.
    void certificateMismatch(const QByteArray &pinned, const QByteArray &presented);

private:
    void attach(QWebSocket *socket);
    void onSocketConnected();
    void onSocketDisconnected();
    void onSocketError(QAbstractSocket::SocketError error);
    void onSslErrors(const QList<QSslError> &errors);
    void reportError(const QString &message);
    void reportMismatch();
    QSslCertificate leafCertificate() const;

    void onKeepaliveTimer();

    QWebSocket *m_socket = nullptr; // child; replaced by every client open()
    QTimer *m_keepalive = nullptr; // child; server side, once setKeepalive() turned it on
    qint64 m_keepaliveIntervalMs = 0;
    qint64 m_keepaliveTimeoutMs = 0;
    QElapsedTimer m_lastHeard; // since the peer last sent anything (a frame or a pong)
    bool m_pingOutstanding = false;
    qint64 m_maxQueuedBytes = 0;
    bool m_tooSlow = false; // closed for it: nothing more is sent
    // The socket's write buffer after the last send or write, for other threads to read.
    std::atomic<qint64> m_queuedBytes {0};
    bool m_followingWrites = false; // bytesWritten connected (at the first frame sent)
    const QUrl m_url; // client only
    const bool m_isClient;
    QByteArray m_pin;
    QByteArray m_peerFingerprint;
    bool m_connected = false; // connected() emitted, disconnected() not yet
    bool m_errorReported = false; // errorOccurred() emitted for this attempt
    QString m_errorText;
};

} // namespace everx
