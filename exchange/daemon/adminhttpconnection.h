// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QElapsedTimer>
#include <QtCore/QJsonObject>
#include <QtCore/QList>
#include <QtCore/QObject>
#include <QtCore/QTimer>

#include <functional>
#include <optional>
#include <utility>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace everx {

// One connection of the admin HTTP listener (AdminServer; docs/architecture.md "Trust and
// operations"): reads one HTTP/1.1 request within fixed bounds, hands it to the listener's
// dispatch, writes the answer and closes. Nothing of the request reaches a handler before it has
// passed every bound, and no bound waits for the body:
// - the head (request line and headers) is at most Limits::maxHeadBytes and must arrive within
//   headTimeoutMs of the accept (else 431, or 408);
// - a Content-Length over maxBodyBytes is answered 413 as soon as the head is read, before any
//   of the body; a body needs a Content-Length (Transfer-Encoding: 411); the body must arrive
//   within bodyTimeoutMs of the head (408);
// - a malformed request line or header is 400, an HTTP version other than 1.0 or 1.1 505.
// "Expect: 100-continue" is answered 100 once the size is known to be acceptable. The answer
// always closes the connection (Connection: close): the write side at once, the socket once the
// peer has closed too, or lingerMs after the answer was last written to (so that a peer still
// sending reads the answer rather than a reset). Meanwhile what the peer sends is read and
// dropped, at most lingerBytes, and then no longer read. The socket's read buffer is bounded
// too, so a peer that sends more than it may never costs more than that memory.
//
// Ownership: owns its socket; deletes itself once the socket has closed (finished() first).
// Threading: the listener's thread (the service's).
class AdminHttpConnection final : public QObject
{
    Q_OBJECT

public:
    struct Request
    {
        QByteArray method; // "GET", "POST", ... as sent (methods are case-sensitive)
        QByteArray path; // the target up to its query
        QByteArray query; // after the "?", without it
        QList<std::pair<QByteArray, QByteArray>> headers; // names in lower case, in order
        QByteArray body;
        // The first value of a header (the name in any case); empty if it is not there.
        QByteArray header(const QByteArray &name) const;
    };
    struct Response
    {
        int status = 200;
        QByteArray contentType = "application/json";
        QByteArray body;
        // A compact JSON object.
        static Response json(const QJsonObject &body, int status = 200);
        // {"error": code, "message": message}, the shape of every refusal of the listener.
        static Response error(int status, const QString &code, const QString &message);
    };
    struct Limits
    {
        qsizetype maxHeadBytes = 8 * 1024;
        qsizetype maxBodyBytes = 4 * 1024;
        int headTimeoutMs = 5'000;
        int bodyTimeoutMs = 10'000;
        qsizetype lingerBytes = 64 * 1024; // read and dropped after the answer, at most
        int lingerMs = 1'000;
    };
    using Dispatch = std::function<Response(const Request &request)>;

    // Takes ownership of an accepted socket and starts reading it.
    AdminHttpConnection(QTcpSocket *socket, const Limits &limits, Dispatch dispatch,
                        QObject *parent = nullptr);
    ~AdminHttpConnection() override;
    Q_DISABLE_COPY_MOVE(AdminHttpConnection)

    // Answers at once without reading anything (the listener is full) and closes.
    void refuse(const Response &response);

    // The reason phrase of a status code ("Payload Too Large").
    static QByteArray reasonPhrase(int status);

Q_SIGNALS:
    // The socket has closed; the connection is deleted next.
    void finished();

private:
    enum class State { Head, Body, Closing };
    void onReadyRead();
    // Parses the head in m_buffer (up to headEnd); the answer to give at once, if any.
    std::optional<Response> parseHead(qsizetype headEnd);
    void answer(const Response &response);
    void onBytesWritten();
    void shutdownWrite();
    void onTimeout();
    void finish(); // once: finished(), then deleted

    QTcpSocket *m_socket;
    Limits m_limits;
    Dispatch m_dispatch;
    State m_state = State::Head;
    QByteArray m_buffer; // the head, then the body
    Request m_request;
    qsizetype m_bodyBytes = 0; // Content-Length
    qsizetype m_dropped = 0; // read and dropped while closing
    bool m_headOnly = false; // a HEAD request: the answer has no body
    bool m_writeShut = false;
    bool m_finished = false;
    QTimer m_timer; // the head's, the body's, then the linger's
};

} // namespace everx
