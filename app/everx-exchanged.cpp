// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-exchanged: the EverX exchange engine served over the protocol (docs/protocol.md),
// headless, for many desks at once.

#include "daemon/accountcommands.h"
#include "daemon/adminserver.h"
#include "daemon/journallog.h"
#include "daemon/ledgercommands.h"
#include "daemon/serverconfig.h"
#include "daemon/standby.h"
#include "everx/version.h"
#include "sandbox/sandbox.h"
#include "server/allocator.h"
#include "server/certificates.h"
#include "server/exchangeserver.h"
#include "server/exchangeservice.h"
#include "server/sandboxexchange.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QCoreApplication>
#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtCore/QLoggingCategory>
#include <QtCore/QSocketNotifier>
#include <QtCore/QTextStream>
#include <QtCore/QTimer>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

using namespace everx;

Q_LOGGING_CATEGORY(lcMain, "everx.exchanged")

namespace {

int s_signalPipe[2] = {-1, -1};

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(s_signalPipe[0], &byte, 1);
}

// SIGTERM and SIGINT become an orderly quit of the event loop: the handler only writes a byte;
// the loop reads it and quits, so the engine closes its database normally.
void installSignalHandlers(QCoreApplication &app)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, s_signalPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(s_signalPipe[1], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [notifier] {
        notifier->setEnabled(false);
        char byte = 0;
        [[maybe_unused]] const ssize_t r = ::read(s_signalPipe[1], &byte, 1);
        qCInfo(lcMain) << "signal received, shutting down";
        QCoreApplication::quit();
    });
    struct sigaction sa = {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
}

// A database location fit for the log: a PostgreSQL URL loses its password.
QString withoutPassword(const QString &location)
{
    return location.startsWith(u"postgres") ? QUrl(location).toString(QUrl::RemovePassword)
                                            : location;
}

} // namespace

int main(int argc, char *argv[])
{
    // Qt's own poll()-based event loop rather than GLib's: GLib's dispatcher walks its list of
    // socket notifiers each time one is enabled or disabled, which a socket's every write does,
    // so with a thousand connections a fan-out spent a fifth of its time there (perf).
    if (!qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("everx-exchanged"));
    QCoreApplication::setOrganizationName(QStringLiteral("EverXCloud"));
    QCoreApplication::setApplicationVersion(QStringLiteral(EVERX_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The EverX spot exchange for GPU hours, served over WebSocket (protocol v1, see "
        "docs/protocol.md).\n"
        "Plain ws:// is served on loopback only; any other address needs a certificate and "
        "key (wss://). --generate-cert makes a self-signed pair that desks pin on first use.\n"
        "Every option can also be given in the file that --config names (see "
        "everx-exchanged(8)); the command line wins.\n"
        "Exit status: 0 stopped, 1 something could not be opened, 2 the configuration was "
        "refused, 3 the ledger does not verify, 4 the writer lock was lost (--fence-timeout)."));
    parser.addHelpOption();
    parser.addVersionOption();
    ServerConfig::addOptions(parser);
    parser.process(app);

    // Refused options go to stderr plainly (someone is typing); once the message handler is
    // installed, failures are logged as critical, so that the journal marks them as errors.
    QTextStream err(stderr);
    QTextStream out(stdout);
    ConfigError problem;
    std::optional<ServerOptions> resolved = ServerConfig::resolve(parser, &problem);
    if (!resolved) {
        err << "everx-exchanged: " << problem.message << '\n';
        return 2;
    }
    ServerOptions &config = *resolved;
    JournalLog::install();
    QLoggingCategory::setFilterRules(config.verbose ? QStringLiteral("everx.*.debug=true")
                                                    : QStringLiteral("everx.*.debug=false"));
    if (!config.configFile.isEmpty())
        qCInfo(lcMain).noquote() << "configuration from" << config.configFile;

    if (!config.generateCertHosts.isEmpty()) {
        QString error;
        if (!Certificates::generateSelfSigned(config.server.certificateFile, config.server.keyFile,
                                              config.generateCertHosts, 825, &error)) {
            err << "everx-exchanged: " << error << '\n';
            return 1;
        }
        QFile f(config.server.certificateFile);
        f.open(QIODevice::ReadOnly);
        out << "wrote " << config.server.certificateFile << " and " << config.server.keyFile
            << "\nSHA-256 fingerprint: " << Certificates::fingerprintOfPem(f.readAll()) << '\n';
        return 0;
    }

    const bool sandboxMode = config.service.sandbox;
    QString &location = config.service.engine.database.location;
    if (location.isEmpty()) {
        location = ServerConfig::defaultDatabase(sandboxMode);
        QDir().mkpath(QFileInfo(location).absolutePath());
    }
    QString &ledgerKey = config.service.engine.ledgerKeyFile;
    if (ledgerKey.isEmpty())
        ledgerKey = ServerConfig::defaultLedgerKey(location, sandboxMode);
    if (config.verifyLedger)
        return LedgerCommands::verify(location, ledgerKey, out);
    if (config.rekeyLedger)
        return LedgerCommands::rekey(location, ledgerKey, out);
    if (!config.addSupport.isEmpty()) {
        // The password from its file, else the first line of standard input (never an argument,
        // which other users of the machine may read).
        QFile source;
        const bool fromFile = !config.passwordFile.isEmpty();
        if (fromFile)
            source.setFileName(config.passwordFile);
        if (fromFile ? !source.open(QIODevice::ReadOnly)
                     : !source.open(stdin, QIODevice::ReadOnly)) {
            err << "everx-exchanged: cannot read the password: " << source.errorString() << '\n';
            return 2;
        }
        QString password = QString::fromUtf8(source.readLine());
        while (password.endsWith(u'\n') || password.endsWith(u'\r'))
            password.chop(1);
        return AccountCommands::addSupport(location, ledgerKey, config.addSupport, password,
                                           config.supportCountry, out);
    }

    // Real time for a server; the sandbox brings its own faster clock, and its market.
    SystemClock systemClock;
    SandboxExchange sandbox;
    std::unique_ptr<ExchangeService> ownService;
    ExchangeService *service = nullptr;
    QString error;
    bool opened = false;
    // A server that lost the writer lock's session stops before it writes again
    // (docs/operations.md "Two machines"), from whichever thread found it.
    const auto fenced = [](const QString &) {
        qCCritical(lcMain) << "lost the writer lock: stopping with nothing more written";
        ::_exit(Standby::FencedExitStatus);
    };
    std::unique_ptr<Standby> standby;
    if (sandboxMode) {
        opened = sandbox.open({config.service, config.sandbox}, &error);
        service = &sandbox.service();
    } else {
        ownService = std::make_unique<ExchangeService>(systemClock);
        service = ownService.get();
        service->engine().database().setFencedCallback(fenced);
        if (config.standby)
            standby = std::make_unique<Standby>(*service, config.service, Standby::Options {});
        else
            opened = service->open(config.service, &error);
    }
    if (!opened && !standby) {
        if (service && service->engine().ledgerRefused()) {
            // Nothing is served from a ledger that does not verify: the operator investigates
            // first (docs/security.md, "The ledger").
            qCCritical(lcMain).noquote()
                << QStringLiteral("refusing to serve %1: %2")
                       .arg(withoutPassword(location), service->engine().ledgerReport().problem);
            return LedgerCommands::LedgerRefused;
        }
        qCCritical(lcMain).noquote()
            << QStringLiteral("cannot open %1: %2").arg(withoutPassword(location), error);
        return 1;
    }
    if (sandboxMode)
        qCInfo(lcMain) << "sandbox market running at" << config.sandbox.timeScale
                       << "x; demo accounts" << Sandbox::demoEmail(Role::Customer)
                       << Sandbox::demoEmail(Role::Provider) << Sandbox::demoEmail(Role::Support)
                       << "password" << Sandbox::DemoPassword;

    ExchangeServer server(*service);
    if (!standby && !server.listen(config.server, &error)) {
        qCCritical(lcMain).noquote() << error;
        return 1;
    }
    // Health and metrics; destroyed before the service, whose engine it observes.
    std::unique_ptr<AdminServer> admin;
    if (config.adminListener) {
        admin = std::make_unique<AdminServer>(*service, QCoreApplication::applicationVersion());
        admin->watchListener(&server);
        if (standby)
            admin->watchStandby(standby.get());
        if (!admin->listen(config.admin, &error)) {
            qCCritical(lcMain).noquote() << error;
            return 1;
        }
    }
    if (standby) {
        // It listens once it holds the lock and has opened; until then nothing is served.
        QObject::connect(standby.get(), &Standby::tookOver, &app, [&server, &config] {
            QString listenError;
            if (!server.listen(config.server, &listenError)) {
                qCCritical(lcMain).noquote() << listenError;
                QCoreApplication::exit(1);
            }
        });
        QObject::connect(
            standby.get(), &Standby::ledgerRefused, &app, [&location](const QString &why) {
                qCCritical(lcMain).noquote() << QStringLiteral("refusing to serve %1: %2")
                                                    .arg(withoutPassword(location), why);
                QCoreApplication::exit(LedgerCommands::LedgerRefused);
            });
        QTimer::singleShot(0, standby.get(), &Standby::start); // in the loop, which it may end
    }
    qCInfo(lcMain).noquote() << "database" << withoutPassword(location) << "; malloc from"
                             << mallocLibrary();
    installSignalHandlers(app);
    const int rc = app.exec();
    if (sandbox.market())
        sandbox.market()->stop();
    admin.reset();
    server.close();
    service->close();
    qCInfo(lcMain) << "stopped";
    return rc;
}
