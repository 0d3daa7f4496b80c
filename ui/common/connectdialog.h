#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QPointer>
#include <QtCore/QUrl>
#include <QtWidgets/QDialog>

#include <optional>

class QCheckBox;
class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace everx {

class ServerConnector;

// Where the desk connects (docs/architecture.md "The protocol and sessions" and "The sandbox"): the
// built-in sandbox, or a server at a wss:// URL (ws:// only for this computer), checked as it is
// typed. For a server it stays open until the session is connected, and answers the connector's
// certificate reports in place: a certificate nobody vouches for shows its SHA-256 fingerprint,
// explains trust on first use and is pinned only when the user ticks that they trust it; a pinned
// server that presents another certificate is refused with a warning that names both fingerprints,
// and the only way on is to forget the old pin explicitly and then accept the new certificate like
// a first one.
//
// Opened by the desk's Connect action, and by the desk itself when a reconnect meets a
// certificate problem (it shows the connector's pending report).
class ConnectDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectDialog(ServerConnector &connector, QWidget *parent = nullptr);
    ~ConnectDialog() override;

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslateUi();
    void updateState();
    // Grows the window to the height its wrapped texts need at its width.
    void growToFit();
    void connectClicked();
    void forgetPin();
    std::optional<QUrl> typedUrl(QString *problem = nullptr) const;
    bool isAbout(const QUrl &url, const QUrl &typed) const;

    QPointer<ServerConnector> m_connector;
    QLabel *m_intro = nullptr;
    QRadioButton *m_sandbox = nullptr;
    QRadioButton *m_server = nullptr;
    QLineEdit *m_url = nullptr;
    QLabel *m_problem = nullptr;
    QGroupBox *m_trustBox = nullptr;
    QLabel *m_trustText = nullptr;
    QLabel *m_fingerprint = nullptr;
    QCheckBox *m_trust = nullptr;
    QPushButton *m_forgetPin = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_connect = nullptr;
    QDialogButtonBox *m_buttons = nullptr;

    bool m_waiting = false; // a server connection is being made
    QString m_lastError; // the session's last connection error while waiting
    QUrl m_untrustedUrl; // a certificate waiting for the user's decision, and its server
    QByteArray m_untrusted;
    QUrl m_mismatchUrl; // a pinned server that presented another certificate
    QByteArray m_pinned;
    QByteArray m_presented;
};

} // namespace everx
