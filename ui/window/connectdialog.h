// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QList>
#include <QtCore/QPointer>
#include <QtCore/QUrl>
#include <QtWidgets/QDialog>

#include <memory>
#include <optional>

class QPushButton;

namespace everx {

class ServerConnector;
namespace Ui {
class ConnectDialog;
}

// Where the desk connects (docs/architecture.md "The protocol and sessions" and "The sandbox"): the
// built-in sandbox, or a server at a wss:// URL (ws:// only for this computer), or at several
// separated by commas (the machines of one exchange, tried in turn), checked as they are typed. For
// a server it stays open until the session is connected, and answers the connector's certificate
// reports in place: a certificate nobody vouches for shows its SHA-256 fingerprint, explains trust
// on first use and is pinned only when the user ticks that they trust it; a pinned server that
// presents another certificate is refused with a warning that names both fingerprints, and the only
// way on is to forget the old pin explicitly and then accept the new certificate like a first one.
//
// Opened by the desk's Connect action, and by the desk itself when a reconnect meets a
// certificate problem (it shows the connector's pending report).
//
// The form is connectdialog.ui; this class keeps what is dynamic: the Connect button, the
// width for the font, the fingerprint's font, and the texts that name the server.
class ConnectDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectDialog(ServerConnector &connector, QWidget *parent = nullptr);
    ~ConnectDialog() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateState();
    void connectClicked();
    void forgetPin();
    std::optional<QList<QUrl>> typedUrls(QString *problem = nullptr) const;
    // Whether url (a certificate report's) is one of the typed addresses.
    bool isAbout(const QUrl &url, const QList<QUrl> &typed) const;

    std::unique_ptr<Ui::ConnectDialog> m_ui;
    QPointer<ServerConnector> m_connector;
    QPushButton *m_connect = nullptr; // in the button box

    bool m_waiting = false; // a server connection is being made
    QString m_lastError; // the session's last connection error while waiting
    QUrl m_untrustedUrl; // a certificate waiting for the user's decision, and its server
    QByteArray m_untrusted;
    QUrl m_mismatchUrl; // a pinned server that presented another certificate
    QByteArray m_pinned;
    QByteArray m_presented;
};

} // namespace everx
