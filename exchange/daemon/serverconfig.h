#pragma once

#include "market/marketrules.h"
#include "wire/protocol.h"

#include <QtCore/QHash>
#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtNetwork/QHostAddress>

#include <optional>

QT_BEGIN_NAMESPACE
class QCommandLineParser;
QT_END_NAMESPACE

namespace everx {

// Everything everx-exchanged can be told, typed and checked (defaults in the initialisers).
struct ServerOptions
{
    QHostAddress listen = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 7447; // 0: any free port
    QString certificateFile; // PEM; with keyFile: wss://
    QString keyFile;
    QStringList generateCertHosts; // a command: write a certificate and exit
    QString database; // SQLite file or postgresql:// URL; empty: defaultDatabase()
    QString ledgerKeyFile; // the key of the ledger's chain; empty: defaultLedgerKey()
    bool verifyLedger = false; // a command: verify the whole ledger, print the outcome and exit
    bool rekeyLedger = false; // a command: key a chain from before the key, then exit
    bool sandbox = false;
    int timeScale = 60; // sandbox hours per real hour
    quint32 seed = 20261130; // the sandbox's simulation
    int feeBp = MarketRules::DefaultPlatformFeeBp; // basis points of the provider's price
    bool verbose = false;
    // The admin HTTP listener (health and metrics): loopback unless explicitly allowed.
    bool admin = true;
    QHostAddress adminListen = QHostAddress(QHostAddress::LocalHost);
    quint16 adminPort = 7448; // 0: any free port
    bool adminAllowRemote = false;
    // Access (docs/security.md "Access"): caps and time limits; 0 s turns a time limit off.
    int maxConnectionsPerAddress = MarketRules::MaxConnectionsPerAddress;
    int maxConnections = MarketRules::MaxConnections;
    int signInGraceS = int(MarketRules::SignInGraceMs / 1000);
    int keepaliveIntervalS = int(MarketRules::KeepaliveIntervalMs / 1000);
    int keepaliveTimeoutS = int(MarketRules::KeepaliveTimeoutMs / 1000);
    int requestRate = Protocol::RequestsPerSecond; // per connection
    int marketDataIntervalMs = MarketRules::MarketDataIntervalMs; // 0: after every batch
    bool commitInTurn = false; // no writer thread (ExchangeService::Options::pipelinedCommit)
    int maxOpenOrders = MarketRules::MaxOpenOrdersPerAccount; // per account
    // Dual control of support's adjustments, in cents (ExchangeEngine::Options).
    Cents dualControlThresholdCents = MarketRules::DefaultDualControlThresholdCents;
    Cents agentDailyLimitCents = MarketRules::DefaultAgentDailyLimitCents;
    int ioThreads = -1; // threads serving the sockets; -1: defaultIoThreads()
    int signInThreads = 2; // password verification threads
    int signInQueue = 32; // sign-ins waiting for one, beyond: rate_limited
    // Paid top-ups (docs/security.md "Payments"): on only with a secret, read from the file.
    bool payments = false;
    QString paymentSecretFile;
    QByteArray paymentSecret; // the file's contents, trimmed; empty unless payments
    QString configFile; // the file that was read; empty: none
    // Whether anyone may open an account over the wire (auth.signup); nullopt: closed on a
    // server, open in the sandbox.
    std::optional<bool> signUpOpen;
    // A command: make a support account with this email (password from passwordFile, or the
    // first line of standard input), print its id and exit.
    QString addSupport;
    QString passwordFile;
    QString supportCountry = QStringLiteral("US"); // a support account's country (tax table)
};

// Why a configuration was refused. The message is one sentence for the operator that names the
// option (and the file and line, for the file); the server prints it and exits with status 2.
struct ConfigError
{
    enum class Kind {
        None,
        UnreadableFile, // --config names a file that cannot be read
        Syntax, // a line of the file is not "key = value", or a key is given twice
        UnknownKey, // the file names an option that does not exist
        CommandLineOnly, // the file names a command (generate-cert) or config itself
        BadValue, // a value out of range or of the wrong kind
        Conflict, // options that do not go together
    };
    Kind kind = Kind::None;
    QString key; // the option, without dashes
    QString file;
    int line = 0; // 1-based; 0 for the command line
    QString message;
};

// The options of everx-exchanged from three places, in this order, each overriding the one
// before: the defaults, the configuration file (--config FILE), the command line.
//
// The file has one "key = value" a line, keys being the long option names without dashes
// (listen, port, cert, key, database, ledger-key, sandbox, time-scale, seed, fee-bp, verbose,
// admin-listen, admin-port, admin-allow-remote, no-admin, payments, payment-secret-file, and the
// access limits: max-connections-per-address, max-connections, sign-in-grace,
// keepalive-interval, keepalive-timeout, max-open-orders, sign-in-threads, sign-in-queue,
// io-threads, market-data-interval, commit-in-turn; and
// support's dual control: dual-control-threshold, agent-daily-limit). Blank
// lines and lines starting with # or ; are ignored; there are no sections and no comments after a
// value (a password may hold #). Switches take true/false, yes/no, on/off or 1/0. Unknown keys,
// keys given twice and bad values are refused, naming the key and the line. A switch given on the
// command line is always on: to turn one off, leave it out of the file.
//
// Threading: any; no state.
class ServerConfig final
{
public:
    ServerConfig() = delete;

    // Declares every option on the parser (not --help and --version).
    static void addOptions(QCommandLineParser &parser);
    // Defaults, then the file --config names (if any), then what the command line set. The
    // parser must have parsed (process() or parse()).
    static std::optional<ServerOptions> resolve(const QCommandLineParser &parser,
                                                ConfigError *error);

    // The keys a configuration file may hold.
    static QStringList fileKeys();
    // Threads serving the sockets when io-threads is not given: the cores but two (one for the
    // exchange thread, one for the database's checkpoints, sign-ins and the system), at most 4;
    // none on 2 cores, where an I/O thread took CPU from the exchange thread (docs/benchmarks.md
    // "Load").
    static int defaultIoThreads();
    // Where the database goes when none is given: exchange.db (sandbox.db for the sandbox) in
    // systemd's StateDirectory ($STATE_DIRECTORY) when there is one, else in the user's data
    // folder.
    static QString defaultDatabase(bool sandbox);
    // Where the ledger's key goes when none is given: ledger.key beside a SQLite database; for
    // PostgreSQL, in the folder defaultDatabase() would use.
    static QString defaultLedgerKey(const QString &database, bool sandbox);

private:
    struct Entry
    {
        QString value;
        int line = 0;
    };
    static std::optional<QHash<QString, Entry>> readFile(const QString &path, ConfigError *error);
    static bool apply(ServerOptions &options, const QString &key, const QString &value,
                      QString *problem);
    // The payment secret: refused if others may read the file, or if it is shorter than
    // PaymentWebhook::MinSecretBytes.
    static std::optional<QByteArray> readSecret(const QString &path, QString *problem);
};

} // namespace everx
