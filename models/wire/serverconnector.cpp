// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/serverconnector.h"

#include "wire/websockettransport.h"

#include <QtCore/QLoggingCategory>
#include <QtCore/QSettings>
#include <QtNetwork/QHostAddress>

#include <algorithm>
#include <utility>

namespace everx {

Q_LOGGING_CATEGORY(lcConnector, "everx.models.connector")

namespace {

const QString KeyMode = QStringLiteral("connection/mode");
const QString KeyUrl = QStringLiteral("connection/url");
const QString ModeSandbox = QStringLiteral("sandbox");
const QString ModeServer = QStringLiteral("server");

QString pinKey(const QUrl &url)
{
    return QStringLiteral("servers/%1/fingerprint").arg(ServerConnector::serverKey(url));
}

bool isLoopbackHost(const QString &host)
{
    if (host.compare(u"localhost", Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

} // namespace

ServerConnector::ServerConnector(ClientSession &session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    connect(&session, &ClientSession::stateChanged, this, [this](ClientSession::State state) {
        if (state != ClientSession::State::Connected || !m_demoSignIn || !m_session.isSandbox())
            return;
        m_demoSignIn = false;
        m_session.loginDemo(m_sandboxRole);
    });
    connect(&session, &ClientSession::signedIn, this, [this] { m_demoSignIn = false; });
    connect(&session, &ClientSession::stateChanged, this, [this](ClientSession::State state) {
        if (m_mode == Mode::Server
            && (state == ClientSession::State::Connected
                || state == ClientSession::State::SignedIn))
            onReached();
    });
}

ServerConnector::~ServerConnector() = default;

void ServerConnector::setSandbox(SandboxStart start, std::function<void()> stop)
{
    m_startSandbox = std::move(start);
    m_stopSandbox = std::move(stop);
}

std::optional<QUrl> ServerConnector::parseServerUrl(const QString &text, QString *problem)
{
    const auto fail = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    QString input = text.trimmed();
    if (input.isEmpty())
        return fail(tr("Enter the server's address, for example wss://exchange.example.com:7447."));
    if (!input.contains(u"://"))
        input.prepend(u"wss://");
    QUrl url(input, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty())
        return fail(tr("\u201c%1\u201d is not a server address.").arg(text.trimmed()));
    if (scheme != u"wss" && scheme != u"ws")
        return fail(tr("The address must start with wss:// (or ws:// for this computer only)."));
    if (url.port() == -1)
        url.setPort(Protocol::DefaultPort);
    url.setScheme(scheme);
    if (scheme == u"ws" && !isLoopbackHost(url.host()))
        return fail(tr("ws:// is not encrypted, so it is accepted only for this computer "
                       "(localhost). Use wss://%1 for %2.")
                        .arg(serverKey(url), url.host()));
    if (problem)
        problem->clear();
    return url;
}

std::optional<QList<QUrl>> ServerConnector::parseServerUrls(const QString &text, QString *problem)
{
    const auto fail = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    // Counted before splitting: a paste of a million commas is refused without a million strings.
    if (text.count(u',') >= MaxServerAddresses)
        return fail(tr("Give at most %1 addresses, separated by commas.").arg(MaxServerAddresses));
    const QStringList items = text.split(u',');
    if (items.size() == 1) {
        const std::optional<QUrl> url = parseServerUrl(text, problem);
        return url ? std::optional<QList<QUrl>>(QList<QUrl> {*url}) : std::nullopt;
    }
    QList<QUrl> urls;
    QStringList keys;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString number = QString::number(i + 1);
        if (items.at(i).trimmed().isEmpty())
            return fail(tr("Address %1 of the list is empty: separate the addresses with single "
                           "commas.")
                            .arg(number));
        QString why;
        const std::optional<QUrl> url = parseServerUrl(items.at(i), &why);
        if (!url)
            return fail(tr("Address %1 of the list: %2").arg(number, why));
        const QString key = serverKey(*url);
        if (keys.contains(key))
            return fail(tr("%1 is in the list twice.").arg(key));
        keys.append(key);
        urls.append(*url);
    }
    if (problem)
        problem->clear();
    return urls;
}

QString ServerConnector::joinedUrls(const QList<QUrl> &urls)
{
    QStringList texts;
    for (const QUrl &url : urls)
        texts.append(url.toString());
    return texts.join(u',');
}

QString ServerConnector::serverKey(const QUrl &url)
{
    const QString host = url.host().toLower();
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':'
        + QString::number(url.port(Protocol::DefaultPort));
}

QString ServerConnector::groupedFingerprint(const QByteArray &hex)
{
    const QByteArray normalized = WebSocketTransport::normalizedFingerprint(hex).toUpper();
    QString grouped;
    for (qsizetype i = 0; i < normalized.size(); i += 2) {
        if (i > 0)
            grouped += u':';
        grouped += QString::fromLatin1(normalized.mid(i, 2));
    }
    return grouped;
}

ServerConnector::Mode ServerConnector::savedMode() const
{
    return QSettings().value(KeyMode).toString() == ModeServer ? Mode::Server : Mode::Sandbox;
}

QList<QUrl> ServerConnector::savedUrls() const
{
    // Settings are a file the user (or anyone with their account) may edit: checked like typing.
    return parseServerUrls(QSettings().value(KeyUrl).toString()).value_or(QList<QUrl> {});
}

QByteArray ServerConnector::pinnedFingerprint(const QUrl &url) const
{
    return WebSocketTransport::normalizedFingerprint(
        QSettings().value(pinKey(url)).toString().toLatin1());
}

void ServerConnector::forgetPin(const QUrl &url)
{
    qCInfo(lcConnector) << "forgetting the pinned certificate of" << serverKey(url);
    QSettings().remove(pinKey(url));
    if (m_mode == Mode::Server && serverKey(url) == serverKey(m_url))
        m_rejected.clear();
}

void ServerConnector::connectSaved()
{
    const QList<QUrl> urls = savedUrls();
    if (savedMode() == Mode::Server && !urls.isEmpty() && connectToServer(urls, false))
        return;
    connectToSandbox(false);
}

void ServerConnector::connectToSandbox(bool remember)
{
    if (remember)
        QSettings().setValue(KeyMode, ModeSandbox);
    if (m_chosen && m_mode == Mode::Sandbox && !isStopped())
        return;
    leave();
    m_chosen = true;
    m_mode = Mode::Sandbox;
    m_urls.clear();
    m_url.clear();
    m_lastGood = -1;
    m_session.setAttemptsPerRound(1);
    if (!m_sandboxFactory && m_startSandbox)
        m_sandboxFactory = m_startSandbox();
    // Without a sandbox the session says that no way to reach the exchange is configured.
    m_session.setTransportFactory(m_sandboxFactory);
    m_demoSignIn = true;
    start();
}

bool ServerConnector::connectToServer(const QUrl &url, bool remember)
{
    return connectToServer(QList<QUrl> {url}, remember);
}

bool ServerConnector::connectToServer(const QList<QUrl> &urls, bool remember)
{
    QString problem;
    // Read back from their text, so that a list is checked exactly as typed: an address whose
    // text holds a comma falls apart into another list, which is refused.
    const std::optional<QList<QUrl>> parsed =
        urls.isEmpty() ? std::nullopt : parseServerUrls(joinedUrls(urls), &problem);
    if (!parsed || parsed->size() != urls.size()) {
        qCWarning(lcConnector) << "not a list of server addresses:" << urls << problem;
        return false;
    }
    if (remember) {
        QSettings settings;
        settings.setValue(KeyMode, ModeServer);
        settings.setValue(KeyUrl, joinedUrls(*parsed));
    }
    const bool same = m_chosen && m_mode == Mode::Server && m_urls == *parsed;
    if (same && !isStopped())
        return true;
    if (!same) {
        leave();
        m_chosen = true;
        m_mode = Mode::Server;
        m_urls = *parsed;
        m_url = m_urls.first();
        m_lastGood = -1;
        m_session.setTransportFactory([this] { return makeServerTransport(); });
        m_session.setAttemptsPerRound(int(m_urls.size()));
        stopSandbox();
    }
    // The same server again (after a certificate stop, or a disconnect): a token it gave resumes,
    // and the round starts again from the address that worked last.
    m_tries = 0;
    m_retryCurrent = false;
    m_untrusted.clear();
    m_rejected.clear();
    start();
    return true;
}

bool ServerConnector::trustCertificate(const QByteArray &fingerprint)
{
    const QByteArray normalized = WebSocketTransport::normalizedFingerprint(fingerprint);
    if (m_mode != Mode::Server || m_untrusted.isEmpty() || normalized != m_untrusted)
        return false;
    qCInfo(lcConnector) << "pinning" << serverKey(m_url) << "to" << normalized;
    QSettings().setValue(pinKey(m_url), QString::fromLatin1(normalized));
    m_untrusted.clear();
    m_rejected.clear();
    m_retryCurrent = true; // the address just trusted, not the next of the round
    start();
    return true;
}

void ServerConnector::leave()
{
    ++m_generation;
    m_untrusted.clear();
    m_rejected.clear();
    m_demoSignIn = false;
    m_session.logout(); // revokes the token on the exchange being left; models clear
    m_session.disconnectFromExchange();
}

void ServerConnector::stopSandbox()
{
    if (!m_sandboxFactory)
        return;
    m_sandboxFactory = {};
    if (m_stopSandbox)
        m_stopSandbox();
}

void ServerConnector::start()
{
    ++m_generation;
    Q_EMIT connecting(m_mode, m_url);
    m_session.connectToExchange();
}

Transport *ServerConnector::makeServerTransport()
{
    // The round: the address that worked last (the first if none has), then the others in the
    // order given (see the class comment for why).
    if (!std::exchange(m_retryCurrent, false) && !m_urls.isEmpty()) {
        const qsizetype first = std::max<qsizetype>(m_lastGood, 0);
        const qsizetype place = m_tries % m_urls.size();
        const qsizetype index = place == 0 ? first : (place - 1 < first ? place - 1 : place);
        m_url = m_urls.at(index);
        m_tries = int(place + 1); // stays small however long the exchange is away
    }
    Q_EMIT attempting(m_url);
    auto *transport = new WebSocketTransport(m_url);
    // Each address its own pin: two machines of one exchange have certificates of their own.
    transport->setPinnedFingerprint(pinnedFingerprint(m_url));
    const quint64 generation = m_generation;
    connect(transport, &WebSocketTransport::certificateNeedsTrust, this,
            [this, generation](const QByteArray &presented) {
                stopForCertificate(generation, {}, presented);
            });
    connect(transport, &WebSocketTransport::certificateMismatch, this,
            [this, generation](const QByteArray &pinned, const QByteArray &presented) {
                stopForCertificate(generation, pinned, presented);
            });
    return transport;
}

void ServerConnector::onReached()
{
    m_tries = 0;
    const qsizetype index = m_urls.indexOf(m_url);
    if (index < 0 || index == m_lastGood)
        return;
    const bool follows = m_lastGood >= 0;
    m_lastGood = index;
    if (follows) {
        qCInfo(lcConnector) << "followed the exchange to" << serverKey(m_url);
        Q_EMIT followed(m_url);
    }
}

void ServerConnector::stopForCertificate(quint64 generation, const QByteArray &pinned,
                                         const QByteArray &presented)
{
    if (generation != m_generation)
        return; // a transport of an earlier attempt
    qCWarning(lcConnector) << "certificate of" << serverKey(m_url)
                           << (pinned.isEmpty() ? "not trusted:" : "does not match the pin:")
                           << presented;
    if (pinned.isEmpty())
        m_untrusted = presented;
    else
        m_rejected = presented;
    // We are inside the transport's TLS error handling: closing it from here is not safe. The
    // session's next attempt is at least its minimum reconnect delay away.
    QMetaObject::invokeMethod(
        this,
        [this, generation, pinned, presented] {
            if (generation != m_generation)
                return; // the user decided meanwhile, or went elsewhere
            ++m_generation; // one report per attempt
            m_session.disconnectFromExchange();
            if (pinned.isEmpty())
                Q_EMIT certificateNeedsTrust(m_url, presented);
            else
                Q_EMIT certificateMismatch(m_url, pinned, presented);
        },
        Qt::QueuedConnection);
}

} // namespace everx
