// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/connectdialog.h"

#include "ui_connectdialog.h"

#include "windowfit/windowfit.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QEvent>
#include <QtGui/QFont>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QPushButton>

#include <algorithm>
#include <utility>

namespace everx {

namespace {

// "AB:CD:..." in two lines of 16 groups, so that the dialog stays narrow; the first line ends
// with its colon, so that the lines joined are the fingerprint as everx-exchanged prints it.
QString fingerprintLines(const QByteArray &hex)
{
    const QString grouped = ServerConnector::groupedFingerprint(hex);
    constexpr qsizetype firstLine = 16 * 3;
    return grouped.size() > firstLine ? grouped.left(firstLine) + u'\n' + grouped.mid(firstLine)
                                      : grouped;
}

} // namespace

ConnectDialog::ConnectDialog(ServerConnector &connector, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ConnectDialog>())
    , m_connector(&connector)
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    m_ui->connectFingerprint->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_connect = m_ui->connectButtons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setDefault(true);
    setTabOrder(m_ui->trustCertificate, m_connect);
    // Wide enough that the intro and a warning wrap into a few lines, not a column of words.
    setMinimumWidth(fontMetrics().averageCharWidth() * 64);

    // What the desk uses now; a report the connector is waiting on is shown at once (the desk
    // opens this dialog for it).
    const bool server = connector.mode() == ServerConnector::Mode::Server;
    (server ? m_ui->connectServer : m_ui->connectSandbox)->setChecked(true);
    m_ui->connectUrl->setText(
        ServerConnector::joinedUrls(server ? connector.urls() : connector.savedUrls()));
    if (server && !connector.untrustedFingerprint().isEmpty()) {
        m_untrustedUrl = connector.url();
        m_untrusted = connector.untrustedFingerprint();
    }
    if (server && !connector.rejectedFingerprint().isEmpty()) {
        m_mismatchUrl = connector.url();
        m_pinned = connector.pinnedFingerprint(connector.url());
        m_presented = connector.rejectedFingerprint();
    }

    connect(m_ui->connectSandbox, &QRadioButton::toggled, this, &ConnectDialog::updateState);
    connect(m_ui->connectUrl, &QLineEdit::textChanged, this, &ConnectDialog::updateState);
    connect(m_ui->trustCertificate, &QCheckBox::toggled, this, &ConnectDialog::updateState);
    connect(m_connect, &QPushButton::clicked, this, &ConnectDialog::connectClicked);
    connect(m_ui->forgetPin, &QPushButton::clicked, this, &ConnectDialog::forgetPin);
    connect(m_ui->connectButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&connector, &ServerConnector::certificateNeedsTrust, this,
            [this](const QUrl &serverUrl, const QByteArray &fingerprint) {
                m_waiting = false;
                m_untrustedUrl = serverUrl;
                m_untrusted = fingerprint;
                m_ui->trustCertificate->setChecked(false);
                updateState();
                m_ui->trustCertificate->setFocus();
            });
    connect(&connector, &ServerConnector::certificateMismatch, this,
            [this](const QUrl &serverUrl, const QByteArray &pinned, const QByteArray &presented) {
                m_waiting = false;
                m_mismatchUrl = serverUrl;
                m_pinned = pinned;
                m_presented = presented;
                updateState();
            });
    connect(&connector.session(), &ClientSession::stateChanged, this,
            [this](ClientSession::State state) {
                if (m_waiting
                    && (state == ClientSession::State::Connected
                        || state == ClientSession::State::SignedIn)) {
                    m_waiting = false;
                    accept();
                }
            });
    connect(&connector.session(), &ClientSession::connectionError, this,
            [this](const QString &message) {
                if (!m_waiting)
                    return;
                m_lastError = message;
                updateState();
            });

    updateState();
}

ConnectDialog::~ConnectDialog() = default;

std::optional<QList<QUrl>> ConnectDialog::typedUrls(QString *problem) const
{
    return ServerConnector::parseServerUrls(m_ui->connectUrl->text(), problem);
}

bool ConnectDialog::isAbout(const QUrl &url, const QList<QUrl> &typed) const
{
    if (url.isEmpty())
        return false;
    const QString key = ServerConnector::serverKey(url);
    return std::any_of(typed.cbegin(), typed.cend(), [&key](const QUrl &address) {
        return ServerConnector::serverKey(address) == key;
    });
}

void ConnectDialog::connectClicked()
{
    if (!m_connector || !m_connect->isEnabled())
        return;
    if (m_ui->connectSandbox->isChecked()) {
        m_connector->connectToSandbox();
        accept();
        return;
    }
    const std::optional<QList<QUrl>> urls = typedUrls();
    if (!urls)
        return;
    m_lastError.clear();
    m_waiting = true;
    if (!m_untrusted.isEmpty() && isAbout(m_untrustedUrl, *urls)
        && m_ui->trustCertificate->isChecked()) {
        // The user's explicit acceptance of exactly the certificate shown.
        const QByteArray accepted = std::exchange(m_untrusted, {});
        m_ui->trustCertificate->setChecked(false);
        if (!m_connector->trustCertificate(accepted))
            m_connector->connectToServer(*urls); // the connector moved on; ask afresh
    } else {
        m_untrusted.clear();
        m_connector->connectToServer(*urls);
    }
    const ClientSession::State state = m_connector->session().state();
    if (m_waiting
        && (state == ClientSession::State::Connected || state == ClientSession::State::SignedIn)) {
        accept(); // already connected to that server
        return;
    }
    updateState();
}

void ConnectDialog::forgetPin()
{
    if (!m_connector || m_mismatchUrl.isEmpty())
        return;
    m_connector->forgetPin(m_mismatchUrl);
    m_mismatchUrl.clear();
    m_pinned.clear();
    m_presented.clear();
    updateState();
}

void ConnectDialog::updateState()
{
    const bool server = m_ui->connectServer->isChecked();
    m_ui->connectUrl->setEnabled(server && !m_waiting);
    QString problem;
    const std::optional<QList<QUrl>> urls = server ? typedUrls(&problem) : std::nullopt;
    // Nothing typed yet is not a mistake: Connect waits for an address without saying so.
    if (m_ui->connectUrl->text().trimmed().isEmpty())
        problem.clear();
    const bool untrusted = urls && !m_untrusted.isEmpty() && isAbout(m_untrustedUrl, *urls);
    const bool mismatch = urls && !m_presented.isEmpty() && isAbout(m_mismatchUrl, *urls);
    if (mismatch) {
        problem = tr("WARNING: %1 presented a different certificate from the one you trusted.\n"
                     "Trusted SHA-256:\n%2\nPresented SHA-256:\n%3\n"
                     "Someone may be intercepting the connection, so the desk did not connect. "
                     "If the operator has replaced the certificate, confirm the new fingerprint "
                     "with them, forget the old one, and connect again.")
                      .arg(ServerConnector::serverKey(m_mismatchUrl), fingerprintLines(m_pinned),
                           fingerprintLines(m_presented));
    }
    m_ui->connectProblem->setText(server ? problem : QString());
    m_ui->connectProblem->setVisible(server && !problem.isEmpty());
    QFont font = m_ui->connectProblem->font();
    font.setBold(mismatch);
    m_ui->connectProblem->setFont(font);
    m_ui->forgetPin->setVisible(mismatch);

    m_ui->connectTrust->setVisible(untrusted);
    if (untrusted) {
        m_ui->connectTrustText->setText(
            tr("The certificate of %1 is not signed by an authority this computer trusts. "
               "Exchange servers often use a certificate of their own; everx-exchanged prints its "
               "fingerprint when it starts. Compare the SHA-256 fingerprint below with the one "
               "the operator gave you. If they are the same, trust it: the desk remembers it and "
               "from then on refuses any other certificate from this server (trust on first "
               "use).")
                .arg(ServerConnector::serverKey(m_untrustedUrl)));
        m_ui->connectFingerprint->setText(fingerprintLines(m_untrusted));
    }

    if (m_waiting) {
        m_ui->connectStatus->setText(
            m_lastError.isEmpty() ? tr("Connecting to %1\u2026")
                                        .arg(urls ? ServerConnector::joinedUrls(*urls) : QString())
                                  : tr("Still trying to connect: %1").arg(m_lastError));
    } else {
        m_ui->connectStatus->clear();
    }
    m_ui->connectStatus->setVisible(m_waiting);

    m_connect->setText(untrusted ? tr("Trust and &connect") : tr("&Connect"));
    m_connect->setEnabled(
        !m_waiting
        && (!server || (urls && !mismatch && (!untrusted || m_ui->trustCertificate->isChecked()))));
}

void ConnectDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        updateState(); // the texts that name the server
    }
    QDialog::changeEvent(event);
}

} // namespace everx
