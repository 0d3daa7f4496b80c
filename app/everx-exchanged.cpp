// everx-exchanged: the EverX exchange engine served over the protocol (docs/protocol.md),
// headless, for many desks at once.

#include "sandbox/sandbox.h"
#include "server/certificates.h"
#include "server/exchangeserver.h"
#include "server/exchangeservice.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtCore/QLoggingCategory>
#include <QtCore/QSocketNotifier>
#include <QtCore/QStandardPaths>
#include <QtCore/QTextStream>

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

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("everx-exchanged"));
    QCoreApplication::setOrganizationName(QStringLiteral("EverXCloud"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION_STRING));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The EverX spot exchange for GPU hours, served over WebSocket (protocol v1, see "
        "docs/protocol.md).\n"
        "Plain ws:// is served on loopback only; any other address needs a certificate and "
        "key (wss://). --generate-cert makes a self-signed pair that desks pin on first use."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption listen(QStringLiteral("listen"),
                                    QStringLiteral("Address to listen on (default 127.0.0.1)."),
                                    QStringLiteral("address"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption port(QStringLiteral("port"), QStringLiteral("Port (default 7447)."),
                                  QStringLiteral("port"), QStringLiteral("7447"));
    const QCommandLineOption cert(QStringLiteral("cert"), QStringLiteral("TLS certificate, PEM."),
                                  QStringLiteral("file"));
    const QCommandLineOption key(QStringLiteral("key"), QStringLiteral("TLS private key, PEM."),
                                 QStringLiteral("file"));
    const QCommandLineOption generate(
        QStringLiteral("generate-cert"),
        QStringLiteral("Write a self-signed certificate and key for the given host names "
                       "(comma-separated) to --cert and --key, print its fingerprint and exit."),
        QStringLiteral("hosts"));
    const QCommandLineOption database(
        QStringLiteral("database"),
        QStringLiteral("SQLite file, or postgresql://user:password@host:port/db (default: "
                       "exchange.db in the data folder)."),
        QStringLiteral("location"));
    const QCommandLineOption sandbox(
        QStringLiteral("sandbox"),
        QStringLiteral(
            "Run the sandbox market: demo accounts, simulated traders, backfilled history."));
    const QCommandLineOption timeScale(
        QStringLiteral("time-scale"),
        QStringLiteral(
            "Sandbox only: exchange hours per real hour (default 60: an hour a minute)."),
        QStringLiteral("factor"), QStringLiteral("60"));
    const QCommandLineOption seed(
        QStringLiteral("seed"),
        QStringLiteral("Sandbox only: seed of the simulation (default 20261130)."),
        QStringLiteral("seed"), QStringLiteral("20261130"));
    const QCommandLineOption fee(
        QStringLiteral("fee-bp"),
        QStringLiteral("Platform fee in basis points of the provider's price (default %1 = %2 %).")
            .arg(MarketRules::DefaultPlatformFeeBp)
            .arg(MarketRules::DefaultPlatformFeeBp / 100),
        QStringLiteral("bp"), QString::number(MarketRules::DefaultPlatformFeeBp));
    const QCommandLineOption verbose(
        QStringLiteral("verbose"),
        QStringLiteral("Log connections and requests (logging category everx.*.debug)."));
    parser.addOptions(
        {listen, port, cert, key, generate, database, sandbox, timeScale, seed, fee, verbose});
    parser.process(app);

    QTextStream err(stderr);
    QTextStream out(stdout);
    QLoggingCategory::setFilterRules(parser.isSet(verbose) ? QStringLiteral("everx.*.debug=true")
                                                           : QStringLiteral("everx.*.debug=false"));

    if (parser.isSet(generate)) {
        if (!parser.isSet(cert) || !parser.isSet(key)) {
            err << "everx-exchanged: --generate-cert needs --cert and --key to say where to "
                   "write\n";
            return 2;
        }
        QString error;
        if (!Certificates::generateSelfSigned(
                parser.value(cert), parser.value(key),
                parser.value(generate).split(u',', Qt::SkipEmptyParts), 825, &error)) {
            err << "everx-exchanged: " << error << '\n';
            return 1;
        }
        QFile f(parser.value(cert));
        f.open(QIODevice::ReadOnly);
        out << "wrote " << parser.value(cert) << " and " << parser.value(key)
            << "\nSHA-256 fingerprint: " << Certificates::fingerprintOfPem(f.readAll()) << '\n';
        return 0;
    }

    bool ok = false;
    const uint portNumber = parser.value(port).toUInt(&ok);
    if (!ok || portNumber > 65535) {
        err << "everx-exchanged: --port wants a number from 0 to 65535\n";
        return 2;
    }
    const QHostAddress address(parser.value(listen));
    if (address.isNull()) {
        err << "everx-exchanged: --listen wants an IP address\n";
        return 2;
    }
    const int scale = parser.value(timeScale).toInt(&ok);
    if (!ok || scale < 1 || scale > 3600) {
        err << "everx-exchanged: --time-scale wants a number from 1 to 3600\n";
        return 2;
    }
    const int feeBp = parser.value(fee).toInt(&ok);
    if (!ok || feeBp < 0 || feeBp > MarketRules::MaxBasisPoints) {
        err << "everx-exchanged: --fee-bp wants a number from 0 to " << MarketRules::MaxBasisPoints
            << '\n';
        return 2;
    }
    const quint32 seedValue = parser.value(seed).toUInt(&ok);
    if (!ok) {
        err << "everx-exchanged: --seed wants a whole number\n";
        return 2;
    }

    QString location = parser.value(database);
    if (location.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir().mkpath(dir);
        location = dir
            + (parser.isSet(sandbox) ? QStringLiteral("/sandbox.db")
                                     : QStringLiteral("/exchange.db"));
    }

    // Real time for a server; the sandbox runs faster and never behind what it already recorded.
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    SystemClock systemClock;
    ScaledClock sandboxClock(now, now, scale);
    Clock &clock = parser.isSet(sandbox) ? static_cast<Clock &>(sandboxClock) : systemClock;

    ExchangeService service(clock);
    ExchangeService::Options options;
    options.sandbox = parser.isSet(sandbox);
    options.engine.database.location = location;
    options.engine.platformFeeBp = feeBp;
    if (options.sandbox) // published demo passwords: a slow hash protects nothing
        options.engine.passwordLog2N = SandboxPasswordLog2N;
    QString error;
    if (!service.open(options, &error)) {
        err << "everx-exchanged: cannot open " << location << ": " << error << '\n';
        return 1;
    }
    std::unique_ptr<Sandbox> market;
    if (options.sandbox) {
        const qint64 last = service.engine().lastActivityMs();
        if (last >= sandboxClock.nowMs())
            sandboxClock.rebase(last + 1);
        SandboxOptions so;
        so.seed = seedValue;
        market = std::make_unique<Sandbox>(service.engine(), so);
        if (!market->prepare(&error)) {
            err << "everx-exchanged: the sandbox did not start: " << error << '\n';
            return 1;
        }
        if (!service.setSandbox(market.get(), &error)) {
            err << "everx-exchanged: the sandbox's history did not load: " << error << '\n';
            return 1;
        }
        market->start();
        qCInfo(lcMain) << "sandbox market running at" << scale << "x; demo accounts"
                       << Sandbox::demoEmail(Role::Customer) << Sandbox::demoEmail(Role::Provider)
                       << Sandbox::demoEmail(Role::Support) << "password" << Sandbox::DemoPassword;
    }

    ExchangeServer server(service);
    ExchangeServer::Options so;
    so.address = address;
    so.port = quint16(portNumber);
    so.certificateFile = parser.value(cert);
    so.keyFile = parser.value(key);
    if (!server.listen(so, &error)) {
        err << "everx-exchanged: " << error << '\n';
        return 1;
    }
    qCInfo(lcMain).noquote() << "database"
                             << (location.startsWith(u"postgres")
                                     ? QUrl(location).toString(QUrl::RemovePassword)
                                     : location);
    installSignalHandlers(app);
    const int rc = app.exec();
    if (market)
        market->stop();
    server.close();
    service.close();
    qCInfo(lcMain) << "stopped";
    return rc;
}
