#include "common/connectdialog.h"

#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QEvent>
#include <QtGui/QFont>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QButtonGroup>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QGroupBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QVBoxLayout>

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
    , m_connector(&connector)
{
    setObjectName(QStringLiteral("connectDialog"));
    m_intro = new QLabel(this);
    m_intro->setObjectName(QStringLiteral("connectIntro"));
    m_intro->setWordWrap(true);
    m_sandbox = new QRadioButton(this);
    m_sandbox->setObjectName(QStringLiteral("connectSandbox"));
    m_server = new QRadioButton(this);
    m_server->setObjectName(QStringLiteral("connectServer"));
    auto *modes = new QButtonGroup(this);
    modes->addButton(m_sandbox);
    modes->addButton(m_server);
    m_url = new QLineEdit(this);
    m_url->setObjectName(QStringLiteral("connectUrl"));
    m_url->setClearButtonEnabled(true);
    m_url->setInputMethodHints(Qt::ImhUrlCharactersOnly | Qt::ImhNoAutoUppercase);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("connectProblem"));
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));

    m_trustBox = new QGroupBox(this);
    m_trustBox->setObjectName(QStringLiteral("connectTrust"));
    m_trustText = new QLabel(m_trustBox);
    m_trustText->setWordWrap(true);
    m_fingerprint = new QLabel(m_trustBox);
    m_fingerprint->setObjectName(QStringLiteral("connectFingerprint"));
    m_fingerprint->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_fingerprint->setTextInteractionFlags(Qt::TextSelectableByMouse
                                           | Qt::TextSelectableByKeyboard);
    m_trust = new QCheckBox(m_trustBox);
    m_trust->setObjectName(QStringLiteral("trustCertificate"));
    auto *trustLayout = new QVBoxLayout(m_trustBox);
    trustLayout->addWidget(m_trustText);
    trustLayout->addWidget(m_fingerprint);
    trustLayout->addWidget(m_trust);

    m_forgetPin = new QPushButton(this);
    m_forgetPin->setObjectName(QStringLiteral("forgetPin"));
    m_forgetPin->setAutoDefault(false);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("connectStatus"));
    m_status->setWordWrap(true);
    m_connect = new QPushButton(this);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setDefault(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_buttons->addButton(m_connect, QDialogButtonBox::ActionRole);

    // Wide enough that the intro and a warning wrap into a few lines, not a column of words.
    setMinimumWidth(fontMetrics().averageCharWidth() * 64);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_sandbox);
    layout->addWidget(m_server);
    layout->addWidget(m_url);
    layout->addWidget(m_problem);
    layout->addWidget(m_trustBox);
    layout->addWidget(m_forgetPin, 0, Qt::AlignLeft);
    layout->addWidget(m_status);
    layout->addStretch();
    layout->addWidget(m_buttons);
    setTabOrder(m_sandbox, m_server);
    setTabOrder(m_server, m_url);
    setTabOrder(m_url, m_trust);
    setTabOrder(m_trust, m_connect);

    // What the desk uses now; a report the connector is waiting on is shown at once (the desk
    // opens this dialog for it).
    const bool server = connector.mode() == ServerConnector::Mode::Server;
    (server ? m_server : m_sandbox)->setChecked(true);
    const QUrl url = server ? connector.url() : connector.savedUrl();
    m_url->setText(url.isEmpty() ? QString() : url.toString());
    if (server && !connector.untrustedFingerprint().isEmpty()) {
        m_untrustedUrl = connector.url();
        m_untrusted = connector.untrustedFingerprint();
    }
    if (server && !connector.rejectedFingerprint().isEmpty()) {
        m_mismatchUrl = connector.url();
        m_pinned = connector.pinnedFingerprint(connector.url());
        m_presented = connector.rejectedFingerprint();
    }

    connect(m_sandbox, &QRadioButton::toggled, this, &ConnectDialog::updateState);
    connect(m_url, &QLineEdit::textChanged, this, &ConnectDialog::updateState);
    connect(m_trust, &QCheckBox::toggled, this, &ConnectDialog::updateState);
    connect(m_connect, &QPushButton::clicked, this, &ConnectDialog::connectClicked);
    connect(m_forgetPin, &QPushButton::clicked, this, &ConnectDialog::forgetPin);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&connector, &ServerConnector::certificateNeedsTrust, this,
            [this](const QUrl &serverUrl, const QByteArray &fingerprint) {
                m_waiting = false;
                m_untrustedUrl = serverUrl;
                m_untrusted = fingerprint;
                m_trust->setChecked(false);
                updateState();
                m_trust->setFocus();
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

    retranslateUi();
}

ConnectDialog::~ConnectDialog() = default;

std::optional<QUrl> ConnectDialog::typedUrl(QString *problem) const
{
    return ServerConnector::parseServerUrl(m_url->text(), problem);
}

bool ConnectDialog::isAbout(const QUrl &url, const QUrl &typed) const
{
    return !url.isEmpty() && ServerConnector::serverKey(url) == ServerConnector::serverKey(typed);
}

void ConnectDialog::connectClicked()
{
    if (!m_connector || !m_connect->isEnabled())
        return;
    if (m_sandbox->isChecked()) {
        m_connector->connectToSandbox();
        accept();
        return;
    }
    const std::optional<QUrl> url = typedUrl();
    if (!url)
        return;
    m_lastError.clear();
    m_waiting = true;
    if (!m_untrusted.isEmpty() && isAbout(m_untrustedUrl, *url) && m_trust->isChecked()) {
        // The user's explicit acceptance of exactly the certificate shown.
        const QByteArray accepted = std::exchange(m_untrusted, {});
        m_trust->setChecked(false);
        if (!m_connector->trustCertificate(accepted))
            m_connector->connectToServer(*url); // the connector moved on; ask afresh
    } else {
        m_untrusted.clear();
        m_connector->connectToServer(*url);
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
    const bool server = m_server->isChecked();
    m_url->setEnabled(server && !m_waiting);
    QString problem;
    const std::optional<QUrl> url = server ? typedUrl(&problem) : std::nullopt;
    // Nothing typed yet is not a mistake: Connect waits for an address without saying so.
    if (m_url->text().trimmed().isEmpty())
        problem.clear();
    const bool untrusted = url && !m_untrusted.isEmpty() && isAbout(m_untrustedUrl, *url);
    const bool mismatch = url && !m_presented.isEmpty() && isAbout(m_mismatchUrl, *url);
    if (mismatch) {
        problem = tr("WARNING: %1 presented a different certificate from the one you trusted.\n"
                     "Trusted SHA-256:\n%2\nPresented SHA-256:\n%3\n"
                     "Someone may be intercepting the connection, so the desk did not connect. "
                     "If the operator has replaced the certificate, confirm the new fingerprint "
                     "with them, forget the old one, and connect again.")
                      .arg(ServerConnector::serverKey(*url), fingerprintLines(m_pinned),
                           fingerprintLines(m_presented));
    }
    m_problem->setText(server ? problem : QString());
    m_problem->setVisible(server && !problem.isEmpty());
    QFont font = m_problem->font();
    font.setBold(mismatch);
    m_problem->setFont(font);
    m_forgetPin->setVisible(mismatch);

    m_trustBox->setVisible(untrusted);
    if (untrusted) {
        m_trustText->setText(
            tr("The certificate of %1 is not signed by an authority this computer trusts. "
               "Exchange servers often use a certificate of their own; everx-exchanged prints its "
               "fingerprint when it starts. Compare the SHA-256 fingerprint below with the one "
               "the operator gave you. If they are the same, trust it: the desk remembers it and "
               "from then on refuses any other certificate from this server (trust on first "
               "use).")
                .arg(ServerConnector::serverKey(*url)));
        m_fingerprint->setText(fingerprintLines(m_untrusted));
    }

    if (m_waiting) {
        m_status->setText(m_lastError.isEmpty()
                              ? tr("Connecting to %1\u2026").arg(url ? url->toString() : QString())
                              : tr("Still trying to connect: %1").arg(m_lastError));
    } else {
        m_status->clear();
    }
    m_status->setVisible(m_waiting);

    m_connect->setText(untrusted ? tr("Trust and &connect") : tr("&Connect"));
    m_connect->setEnabled(
        !m_waiting && (!server || (url && !mismatch && (!untrusted || m_trust->isChecked()))));
    growToFit();
}

void ConnectDialog::growToFit()
{
    // Qt does not hold a window to its layout's height for its width: a wrapped text that grows
    // (an error, the certificate warning) or a narrower window would clip it. Grow to the height
    // the texts need at this width.
    if (!layout())
        return;
    layout()->activate();
    const int needed = heightForWidth(width());
    if (needed > height())
        resize(width(), needed);
}

void ConnectDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    growToFit();
}

void ConnectDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    growToFit();
}

void ConnectDialog::retranslateUi()
{
    setWindowTitle(tr("Connect"));
    m_intro->setText(tr("Trade in the sandbox built into the desk, with demo accounts and a "
                        "simulated market, or connect to an exchange server."));
    m_sandbox->setText(tr("&Sandbox (built in)"));
    m_server->setText(tr("Se&rver:"));
    m_url->setPlaceholderText(QStringLiteral("wss://exchange.example.com:7447"));
    m_trustBox->setTitle(tr("Unknown certificate"));
    m_trust->setText(tr("I have compared the fingerprint and &trust this certificate"));
    m_fingerprint->setAccessibleName(tr("SHA-256 fingerprint of the server's certificate"));
    m_forgetPin->setText(tr("&Forget the trusted certificate"));
    updateState();
}

void ConnectDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

} // namespace everx
