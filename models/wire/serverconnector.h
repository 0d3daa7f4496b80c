// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "wire/clientsession.h"

#include <QtCore/QByteArray>
#include <QtCore/QList>
#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QUrl>

#include <functional>
#include <optional>

namespace everx {

// How the desk reaches an exchange (docs/architecture.md "The protocol and sessions" and "The
// sandbox"): the embedded sandbox, or a server at a wss:// URL (ws:// for loopback hosts only)
// whose certificate is pinned by trust on first use. It gives the session its transport factory and
// remembers the choice and the pins.
//
// A plain session retries every failure. A certificate failure would fail the same way forever,
// so here it stops the session (disconnectFromExchange) and reports it, for the desk to ask the
// user: certificateNeedsTrust() for a server whose certificate nobody vouches for and that has no
// pin, certificateMismatch() for a pinned server that presents another certificate. Only the
// first can be answered with trustCertificate(); a mismatch is never re-pinned here, the user has
// to forget the old pin first (forgetPin) and then accept the new certificate explicitly.
//
// Switching to another exchange signs out of the old one (its token means nothing elsewhere),
// disconnects, and connects the new way; the embedded exchange is started only when the sandbox
// is used (setSandbox) and stopped when the desk leaves it. In the sandbox the desk signs in as
// a demo account once connected (docs/architecture.md "The sandbox"; the customer unless
// setSandboxRole says otherwise), once per connectToSandbox().
//
// A server may be given as a list of addresses, the machines of one exchange (a primary and its
// standby on one PostgreSQL database, docs/user-guide.md "Connecting to a server"). Each
// connection attempt of the session takes the next address of a round; a round starts with the
// address that worked last and goes on with the others in the order given. A trading client
// sticks to the machine that last served it: after a blip that machine is almost always still
// the one in charge, and after a takeover the desk has found the new one and should not knock
// at the dead machine first at every later reconnect. The session waits its short delay between
// the addresses of a round and backs off only between rounds (setAttemptsPerRound). Each address
// has its own pin; a certificate problem on any of them stops the session as for one address.
// Reaching another address than the last that worked emits followed(), once per change.
//
// QSettings: connection/mode ("sandbox" or "server"), connection/url (the last server's
// addresses, joined with commas), and servers/<host:port>/fingerprint (lower-case hex SHA-256 of
// the pinned certificate).
//
// Ownership: uses the session, which must outlive it. Threading: the session's (GUI) thread.
class ServerConnector final : public QObject
{
    Q_OBJECT

public:
    enum class Mode { Sandbox, Server };
    Q_ENUM(Mode)

    // Starts the embedded exchange and returns the factory of its client ends.
    using SandboxStart = std::function<ClientSession::TransportFactory()>;

    explicit ServerConnector(ClientSession &session, QObject *parent = nullptr);
    ~ServerConnector() override;
    Q_DISABLE_COPY_MOVE(ServerConnector)

    ClientSession &session() const { return m_session; }

    // start is called when the sandbox is used and is not running; stop (optional) after the
    // session has left it for a server. Without start the sandbox cannot be reached.
    void setSandbox(SandboxStart start, std::function<void()> stop = {});
    // The demo account the desk signs in as when it reaches the sandbox: the customer unless
    // told otherwise (everx-desk --sandbox-as provider). The Account menu switches later.
    void setSandboxRole(Role role) { m_sandboxRole = role; }

    // A server address the desk accepts: wss:// with any host, ws:// only with a loopback host
    // (nothing else would be encrypted); no scheme means wss://, no port means
    // Protocol::DefaultPort. Else nullopt and why, for people, in *problem.
    static std::optional<QUrl> parseServerUrl(const QString &text, QString *problem = nullptr);
    // A comma-separated list of such addresses ("wss://a:7447, wss://b:7447"), in order. Refused
    // whole (nullopt, and why in *problem) if any item is refused or empty, if two items name
    // the same host:port, or past MaxServerAddresses.
    static std::optional<QList<QUrl>> parseServerUrls(const QString &text,
                                                      QString *problem = nullptr);
    // The addresses joined with commas, as settings and the command line spell a list.
    static QString joinedUrls(const QList<QUrl> &urls);
    // More machines than an exchange runs; a longer list is a mistake, or hostile.
    static constexpr int MaxServerAddresses = 8;
    // "host:port" ("[::1]:7447"), the key a server's pin is kept under.
    static QString serverKey(const QUrl &url);
    // "AB:CD:..." from hex, as people compare fingerprints; empty if not a SHA-256.
    static QString groupedFingerprint(const QByteArray &hex);

    // The choice saved by the last connect that remembered it; the sandbox if there is none.
    Mode savedMode() const;
    QList<QUrl> savedUrls() const;
    // Lower-case hex, or empty.
    QByteArray pinnedFingerprint(const QUrl &url) const;
    // Removes a server's pin: its next certificate is offered for trust again.
    void forgetPin(const QUrl &url);

    // Connects the way the settings say.
    void connectSaved();
    // remember: save the choice in QSettings (not for a one-off --server on the command line).
    // Nothing happens if the session is already with that exchange and not stopped.
    void connectToSandbox(bool remember = true);
    // Returns false (and does nothing) if parseServerUrl refuses the URL, or one of the list.
    bool connectToServer(const QUrl &url, bool remember = true);
    bool connectToServer(const QList<QUrl> &urls, bool remember = true);
    // The user's explicit acceptance of the certificate certificateNeedsTrust() reported for the
    // current server: pins it and connects again. Any other fingerprint is refused (false).
    bool trustCertificate(const QByteArray &fingerprint);

    // What the desk uses now (or is trying to).
    Mode mode() const { return m_mode; }
    QUrl url() const { return m_url; } // the address in use or being tried; empty in the sandbox
    QList<QUrl> urls() const { return m_urls; } // every address of the server; empty in sandbox
    // The certificate waiting for the user's decision (certificateNeedsTrust), or empty.
    QByteArray untrustedFingerprint() const { return m_untrusted; }
    // After certificateMismatch: the certificate the server presented, or empty.
    QByteArray rejectedFingerprint() const { return m_rejected; }

Q_SIGNALS:
    // A new connection is being made (another exchange, or the same again after a decision).
    void connecting(everx::ServerConnector::Mode mode, const QUrl &url);
    // A connection attempt to this address of the server's list is starting.
    void attempting(const QUrl &url);
    // The session reached another address of the list than the one that worked last (a
    // takeover): once per change, not at the first connection.
    void followed(const QUrl &url);
    // The session has stopped; ask the user and call trustCertificate() if they accept.
    void certificateNeedsTrust(const QUrl &url, const QByteArray &fingerprint);
    // The session has stopped; the pin is kept. Warn loudly, naming both fingerprints.
    void certificateMismatch(const QUrl &url, const QByteArray &pinned,
                             const QByteArray &presented);

private:
    // Signs out of and disconnects from the current exchange; stale transports are ignored.
    void leave();
    void stopSandbox();
    void start();
    Transport *makeServerTransport();
    // Called from inside the transport's TLS handling: stops the session a moment later.
    void stopForCertificate(quint64 generation, const QByteArray &pinned,
                            const QByteArray &presented);
    // The session has completed a handshake with the address tried last.
    void onReached();
    bool isStopped() const { return m_session.state() == ClientSession::State::Disconnected; }

    ClientSession &m_session;
    SandboxStart m_startSandbox;
    std::function<void()> m_stopSandbox;
    ClientSession::TransportFactory m_sandboxFactory; // set while the sandbox runs
    bool m_chosen = false; // a connect*() call has set m_mode
    Mode m_mode = Mode::Sandbox;
    QList<QUrl> m_urls; // the server's addresses, in the user's order
    QUrl m_url; // the one in use or being tried
    qsizetype m_lastGood = -1; // index in m_urls of the address that worked last, -1 if none
    int m_tries = 0; // attempts since a handshake last completed: the place in the round
    bool m_retryCurrent = false; // the next attempt is m_url again (a certificate just trusted)
    QByteArray m_untrusted;
    QByteArray m_rejected;
    quint64 m_generation = 0; // raised per connection made; certificate reports compare it
    bool m_demoSignIn = false; // sign in as the demo account when the sandbox connects
    Role m_sandboxRole = Role::Customer;
};

} // namespace everx
