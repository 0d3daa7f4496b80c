// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "daemon/adminhttpconnection.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QLoggingCategory>
#include <QtNetwork/QTcpSocket>

#include <sys/socket.h>

namespace everx {

Q_LOGGING_CATEGORY(lcAdminHttp, "everx.exchange.admin.http")

namespace {

// RFC 9110's tchar: the characters of a method and a header name.
bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return true;
    default:
        return false;
    }
}

bool isToken(const QByteArray &text, qsizetype maxLength)
{
    if (text.isEmpty() || text.size() > maxLength)
        return false;
    for (const char c : text) {
        if (!isTokenChar(c))
            return false;
    }
    return true;
}

// A field value: visible ASCII, spaces and tabs (obs-text, bytes 0x80 and up, is allowed too).
bool isFieldValue(const QByteArray &value)
{
    for (const char c : value) {
        const auto u = quint8(c);
        if ((u < 0x20 && c != '\t') || u == 0x7f)
            return false;
    }
    return true;
}

constexpr qsizetype MaxMethodLength = 16;
constexpr qsizetype MaxTargetLength = 2048;
constexpr int MaxHeaders = 64;

} // namespace

QByteArray AdminHttpConnection::Request::header(const QByteArray &name) const
{
    const QByteArray lower = name.toLower();
    for (const auto &[n, v] : headers) {
        if (n == lower)
            return v;
    }
    return {};
}

AdminHttpConnection::Response AdminHttpConnection::Response::json(const QJsonObject &body,
                                                                  int status)
{
    return {status, "application/json", QJsonDocument(body).toJson(QJsonDocument::Compact)};
}

AdminHttpConnection::Response AdminHttpConnection::Response::error(int status, const QString &code,
                                                                   const QString &message)
{
    return json({{QStringLiteral("error"), code}, {QStringLiteral("message"), message}}, status);
}

QByteArray AdminHttpConnection::reasonPhrase(int status)
{
    switch (status) {
    case 100:
        return "Continue";
    case 200:
        return "OK";
    case 202:
        return "Accepted";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 408:
        return "Request Timeout";
    case 409:
        return "Conflict";
    case 411:
        return "Length Required";
    case 413:
        return "Content Too Large";
    case 417:
        return "Expectation Failed";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Status";
    }
}

AdminHttpConnection::AdminHttpConnection(QTcpSocket *socket, const Limits &limits,
                                         Dispatch dispatch, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_limits(limits)
    , m_dispatch(std::move(dispatch))
{
    socket->setParent(this);
    // Qt reads no more than this from the kernel ahead of us: a peer that sends a large body
    // fills its own TCP window, not our memory.
    socket->setReadBufferSize(std::max<qsizetype>(limits.maxHeadBytes, limits.maxBodyBytes) + 1);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &AdminHttpConnection::onTimeout);
    connect(socket, &QTcpSocket::readyRead, this, &AdminHttpConnection::onReadyRead);
    connect(socket, &QTcpSocket::bytesWritten, this, &AdminHttpConnection::onBytesWritten);
    connect(socket, &QTcpSocket::disconnected, this, &AdminHttpConnection::finish);
    m_timer.start(limits.headTimeoutMs);
    if (socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &AdminHttpConnection::onReadyRead, Qt::QueuedConnection);
}

AdminHttpConnection::~AdminHttpConnection()
{
    m_socket->disconnect(this);
}

void AdminHttpConnection::refuse(const Response &response)
{
    answer(response);
}

void AdminHttpConnection::onReadyRead()
{
    if (m_state == State::Closing) {
        // After the answer: dropped, up to a bound; past it no longer read, so that the peer's
        // window closes while it reads the answer, until the linger is over.
        if (m_dropped <= m_limits.lingerBytes)
            m_dropped += m_socket->skip(m_socket->bytesAvailable());
        return;
    }
    if (m_state == State::Head) {
        m_buffer += m_socket->read(m_limits.maxHeadBytes + 4 - m_buffer.size());
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0) {
            if (m_buffer.size() > m_limits.maxHeadBytes)
                answer(
                    Response::error(431, QStringLiteral("head_too_large"),
                                    QStringLiteral("the request line and headers exceed %1 bytes")
                                        .arg(m_limits.maxHeadBytes)));
            return;
        }
        if (end + 4 > m_limits.maxHeadBytes + 4) {
            answer(Response::error(431, QStringLiteral("head_too_large"),
                                   QStringLiteral("the request line and headers exceed %1 bytes")
                                       .arg(m_limits.maxHeadBytes)));
            return;
        }
        const QByteArray rest = m_buffer.mid(end + 4);
        if (const std::optional<Response> refusal = parseHead(end)) {
            answer(*refusal);
            return;
        }
        m_buffer = rest.left(m_bodyBytes); // what came with the head; more is not read
        m_state = State::Body;
        m_timer.start(m_limits.bodyTimeoutMs);
        if (m_bodyBytes > 0 && m_buffer.isEmpty()
            && m_request.header("expect").toLower() == "100-continue")
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
    }
    if (m_state == State::Body) {
        if (m_buffer.size() < m_bodyBytes)
            m_buffer += m_socket->read(m_bodyBytes - m_buffer.size());
        if (m_buffer.size() < m_bodyBytes)
            return;
        m_timer.stop();
        m_request.body = std::exchange(m_buffer, {});
        answer(m_dispatch ? m_dispatch(m_request)
                          : Response::error(404, QStringLiteral("not_found"),
                                            QStringLiteral("no such resource")));
    }
}

std::optional<AdminHttpConnection::Response> AdminHttpConnection::parseHead(qsizetype headEnd)
{
    auto bad = [](const QString &message) {
        return Response::error(400, QStringLiteral("bad_request"), message);
    };
    const QList<QByteArray> lines = m_buffer.left(headEnd).split('\n');
    // Every line ends with CR LF; a bare LF is refused rather than guessed at.
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        const bool last = i == lines.size() - 1;
        if ((!last && !line.endsWith('\r')) || (last && line.endsWith('\r')))
            return bad(QStringLiteral("lines end with CR LF"));
    }
    const QList<QByteArray> parts = lines.first().chopped(lines.size() > 1 ? 1 : 0).split(' ');
    if (parts.size() != 3 || !isToken(parts.at(0), MaxMethodLength))
        return bad(QStringLiteral("the request line is \"METHOD /path HTTP/1.1\""));
    const QByteArray &target = parts.at(1);
    if (!target.startsWith('/') || target.size() > MaxTargetLength)
        return bad(QStringLiteral("the target is a path of at most %1 bytes").arg(MaxTargetLength));
    for (const char c : target) {
        if (quint8(c) <= 0x20 || quint8(c) >= 0x7f)
            return bad(QStringLiteral("the target has a character URLs do not"));
    }
    if (parts.at(2) != "HTTP/1.1" && parts.at(2) != "HTTP/1.0")
        return Response::error(505, QStringLiteral("http_version"),
                               QStringLiteral("this listener speaks HTTP/1.1 and HTTP/1.0"));
    m_request.method = parts.at(0);
    m_headOnly = m_request.method == "HEAD";
    const qsizetype question = target.indexOf('?');
    m_request.path = question < 0 ? target : target.left(question);
    m_request.query = question < 0 ? QByteArray() : target.mid(question + 1);

    std::optional<qsizetype> length;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).chopped(i == lines.size() - 1 ? 0 : 1);
        if (line.startsWith(' ') || line.startsWith('\t'))
            return bad(QStringLiteral("folded header lines are not accepted"));
        const qsizetype colon = line.indexOf(':');
        const QByteArray name = colon < 0 ? QByteArray() : line.left(colon).toLower();
        const QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1).trimmed();
        if (!isToken(name, 256) || !isFieldValue(value))
            return bad(QStringLiteral("a header is \"Name: value\" in visible characters"));
        if (m_request.headers.size() >= MaxHeaders)
            return Response::error(431, QStringLiteral("head_too_large"),
                                   QStringLiteral("more than %1 headers").arg(MaxHeaders));
        m_request.headers.append({name, value});
        if (name == "transfer-encoding")
            return Response::error(411, QStringLiteral("length_required"),
                                   QStringLiteral("a body needs a Content-Length"));
        if (name == "content-length") {
            // Digits only; every copy the same. Past the limit it need not even be read whole.
            bool digits = !value.isEmpty();
            for (const char c : value)
                digits = digits && c >= '0' && c <= '9';
            if (!digits)
                return bad(QStringLiteral("Content-Length is a number"));
            const qsizetype n =
                value.size() > 12 ? m_limits.maxBodyBytes + 1 : qsizetype(value.toLongLong());
            if (length && *length != n)
                return bad(QStringLiteral("Content-Length is given twice, differently"));
            length = n;
        }
    }
    if (length && *length > m_limits.maxBodyBytes)
        return Response::error(
            413, QStringLiteral("too_large"),
            QStringLiteral("the body may have at most %1 bytes").arg(m_limits.maxBodyBytes));
    const QByteArray expect = m_request.header("expect").toLower();
    if (!expect.isEmpty() && expect != "100-continue")
        return Response::error(417, QStringLiteral("expectation_failed"),
                               QStringLiteral("only Expect: 100-continue is understood"));
    m_bodyBytes = length.value_or(0);
    return std::nullopt;
}

void AdminHttpConnection::answer(const Response &response)
{
    if (m_state == State::Closing)
        return;
    m_state = State::Closing;
    m_timer.stop();
    QByteArray out = "HTTP/1.1 " + QByteArray::number(response.status) + ' '
        + reasonPhrase(response.status) + "\r\nContent-Type: " + response.contentType
        + "\r\nContent-Length: " + QByteArray::number(response.body.size())
        + "\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n";
    if (!m_headOnly)
        out += response.body;
    if (response.status >= 400)
        qCDebug(lcAdminHttp).noquote()
            << "answered" << response.status << m_request.method << m_request.path.left(64);
    m_socket->write(out);
    // What the peer still sends is read and dropped from now on; the socket closes once the
    // answer is out and the peer has closed, or after the linger.
    m_timer.start(m_limits.lingerMs);
    onBytesWritten();
    if (m_socket->bytesAvailable() > 0)
        onReadyRead();
}

void AdminHttpConnection::onBytesWritten()
{
    if (m_state != State::Closing || m_writeShut)
        return;
    if (m_socket->bytesToWrite() == 0)
        shutdownWrite();
    else
        m_timer.start(m_limits.lingerMs); // the peer reads: it has as long again
}

void AdminHttpConnection::finish()
{
    if (std::exchange(m_finished, true))
        return;
    m_timer.stop();
    m_state = State::Closing;
    Q_EMIT finished();
    deleteLater();
}

void AdminHttpConnection::shutdownWrite()
{
    // Half-close: the peer reads the answer and its end of file, and closes; we keep reading
    // (and dropping) until it does, so that it is not answered with a reset while it sends.
    m_writeShut = true;
    if (m_socket->socketDescriptor() >= 0)
        ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
}

void AdminHttpConnection::onTimeout()
{
    switch (m_state) {
    case State::Head:
        answer(Response::error(408, QStringLiteral("timeout"),
                               QStringLiteral("the request's head did not arrive within %1 ms")
                                   .arg(m_limits.headTimeoutMs)));
        break;
    case State::Body:
        answer(Response::error(408, QStringLiteral("timeout"),
                               QStringLiteral("the request's body did not arrive within %1 ms")
                                   .arg(m_limits.bodyTimeoutMs)));
        break;
    case State::Closing:
        m_socket->abort(); // the linger is over
        finish();
        break;
    }
}

} // namespace everx
