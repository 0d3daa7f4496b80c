// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "daemon/adminserver.h"
#include "server/exchangeserver.h"
#include "server/exchangeservice.h"

#include "sandbox/sandbox.h"

#include <QtCore/QHash>
#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtNetwork/QHostAddress>

#include <optional>

QT_BEGIN_NAMESPACE
class QCommandLineParser;
QT_END_NAMESPACE

namespace everx {

// Everything everx-exchanged can be told, typed and checked. It starts from each component's own
// Options{}, which are the one home of every default: the configuration only overrides them, and
// --help prints them from there.
struct ServerOptions
{
    ExchangeServer::Options server; // where desks connect: address, port, TLS, caps, I/O threads
    ExchangeService::Options service; // the engine, sessions, sign-ins, limits, group commit
    AdminServer::Options admin; // health and metrics
    bool adminListener = true; // --no-admin: none
    SandboxOptions sandbox; // the market of --sandbox (service.sandbox): its seed and time scale
    bool verbose = false;
    // Wait for the writer lock without limit, serving nothing, then take over (Standby).
    bool standby = false;
    // Paid top-ups (docs/security.md "Payments"): on only with a secret, read from the file into
    // service.paymentSecret.
    bool payments = false;
    QString paymentSecretFile;
    // The SMTP relay's password, read from this file into service.mail.password.
    QString smtpPasswordFile;
    QString configFile; // the file that was read; empty: none
    // Commands, given on the command line only: each does its work and exits.
    QStringList generateCertHosts; // write a certificate for these hosts
    bool verifyLedger = false; // verify the whole ledger, print the outcome
    bool rekeyLedger = false; // key a chain from before the key
    // Make a support account with this email (password from passwordFile, or the first line of
    // standard input), print its id.
    QString addSupport;
    QString passwordFile;
    QString supportCountry = QStringLiteral("US"); // a support account's country (tax table)

    // The database and the ledger's key as given (empty: the defaults below).
    QString database() const { return service.engine.database.location; }
    QString ledgerKeyFile() const { return service.engine.ledgerKeyFile; }
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
// standby, fence-timeout,
// admin-listen, admin-port, admin-allow-remote, no-admin, payments, payment-secret-file, the mail
// relay: smtp-url, smtp-from, smtp-user, smtp-password-file, smtp-ca-file; and the access limits:
// max-connections-per-address, max-connections, max-anonymous-connections, max-queued-bytes,
// sign-in-grace,
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
    // "Load"). resolve() starts ServerOptions::server.ioThreads from it.
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
    // A file's first line, refused if others may read the file (the relay's password).
    static std::optional<QByteArray> readPrivateLine(const QString &path, QString *problem);
};

} // namespace everx
