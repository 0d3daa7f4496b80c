// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "daemon/serverconfig.h"

#include "market/money.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QStandardPaths>
#include <QtCore/QThread>
#include <QtCore/QUrl>

#include <algorithm>

namespace everx {

namespace {

// One option: its long name (also its key in the file), the value it takes (empty for a
// switch), its help, and its default as --help shows it: read from ServerOptions{} (and so from
// the components' own Options{}), put where the help has "%1". The order is the order of --help.
struct Spec
{
    const char *name;
    const char *valueName;
    const char *help;
    QString (*defaultText)(const ServerOptions &defaults) = nullptr;
};

QString numberText(qint64 n)
{
    return QString::number(n);
}

QString cents(Cents amount)
{
    return QStringLiteral("%1 = %2 USD").arg(amount).arg(Money::toPlain(amount));
}

const Spec Specs[] = {
    {"config", "file",
     "Read options from this file first (key = value a line, keys as the long options below); "
     "the command line overrides it. The service reads /etc/everx/exchanged.conf."},
    {"listen", "address", "Address to listen on (default %1).",
     [](const ServerOptions &d) {
         return d.server.address.toString();
     }},
    {"port", "port", "Port (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.server.port);
     }},
    {"cert", "file", "TLS certificate, PEM."},
    {"key", "file", "TLS private key, PEM."},
    {"generate-cert", "hosts",
     "Write a self-signed certificate and key for the given host names (comma-separated) to "
     "--cert and --key, print its fingerprint and exit."},
    {"database", "location",
     "SQLite file, or postgresql://user:password@host:port/db (default: exchange.db in "
     "$STATE_DIRECTORY under systemd, else in the data folder)."},
    {"ledger-key", "file",
     "Key of the ledger's chain (HMAC-SHA256), 32 bytes, mode 0600; created on first start "
     "(default: ledger.key beside the SQLite database, or in $STATE_DIRECTORY for PostgreSQL)."},
    {"verify-ledger", "",
     "Verify the whole ledger (the keyed chain, every balance and hold), print the outcome and "
     "exit: 0 verified, 3 not. Safe beside a running server."},
    {"rekey-ledger", "",
     "Verify the unkeyed chain of a database from an earlier version and key it, then exit."},
    {"sign-up", "open|closed",
     "Whether anyone may open an account from the desk (auth.signup): it confirms its address "
     "with a mailed code, then customers are active, providers wait for support's approval "
     "(default: closed, open in the sandbox). Open needs --smtp-url outside the sandbox."},
    {"smtp-url", "url",
     "The SMTP relay that mails the codes confirming new accounts' addresses: "
     "smtp://host:587 (STARTTLS required) or smtps://host:465."},
    {"smtp-from", "address", "With --smtp-url: the sender of those mails."},
    {"smtp-user", "name", "With --smtp-url: the user name at the relay (default: none)."},
    {"smtp-password-file", "file",
     "With --smtp-user: the file whose first line is the relay's password, readable by its owner "
     "only (mode 0600 or 0400)."},
    {"smtp-ca-file", "file",
     "With --smtp-url: the certificate authorities (PEM) the relay's certificate is checked "
     "against (default: the system's)."},
    {"add-support", "email",
     "Make a support account with this email, print its id and exit. The password is read "
     "from --password-file, else from the first line of standard input."},
    {"password-file", "file", "With --add-support: the file whose first line is the password."},
    {"support-country", "code",
     "With --add-support: the account's country, a code of the tax table (default %1).",
     [](const ServerOptions &d) {
         return d.supportCountry;
     }},
    {"sandbox", "",
     "Run the sandbox market: demo accounts, simulated traders, backfilled history."},
    {"time-scale", "factor", "Sandbox only: exchange hours per real hour (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.sandbox.timeScale);
     }},
    {"seed", "seed", "Sandbox only: seed of the simulation (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.sandbox.seed);
     }},
    {"fee-bp", "bp", "Platform fee in basis points of the provider's price (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.service.engine.platformFeeBp);
     }},
    {"reservation-cancel-fee-bp", "bp",
     "Cancelling a window reserved ahead before its start: basis points of its hold, earned by "
     "the provider (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.service.engine.reservationCancelFeeBp);
     }},
    {"standby", "",
     "PostgreSQL only: wait, serving nothing, until the server writing to --database stops and "
     "its writer lock comes free, then take over: verify the chain since the last checkpoint, "
     "open and listen. /healthz says standby meanwhile. With the lock free, it takes over at "
     "once."},
    {"fence-timeout", "seconds",
     "PostgreSQL only: a server that stopped (frozen, or cut off from its database) loses the "
     "writer lock within this time, and one that lost it ends with exit status 4 before it "
     "writes again (default %1; 0: no bound).",
     [](const ServerOptions &d) {
         return numberText(d.service.fenceTimeoutMs / 1000);
     }},
    {"verbose", "", "Log connections and requests (logging category everx.*.debug)."},
    {"admin-listen", "address",
     "Address of the admin HTTP listener: /healthz and /metrics (default %1).",
     [](const ServerOptions &d) {
         return d.admin.address.toString();
     }},
    {"admin-port", "port", "Port of the admin HTTP listener (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.admin.port);
     }},
    {"admin-allow-remote", "",
     "Allow the admin listener on an address other than loopback (it has no authentication)."},
    {"no-admin", "", "No admin HTTP listener."},
    {"max-connections-per-address", "n",
     "Connections from one IP address (an IPv6 /64) at once; more are closed with 1008 "
     "(default %1).",
     [](const ServerOptions &d) {
         return numberText(d.server.maxConnectionsPerAddress);
     }},
    {"max-connections", "n", "Connections in total; more are closed with 1008 (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.server.maxConnections);
     }},
    {"max-anonymous-connections", "n",
     "Connections without a sign-in that watch market data; one more that subscribes is closed "
     "with 1008, so that watchers cannot keep signed-in users out (default: 60 % of "
     "--max-connections, %1 with its default).",
     [](const ServerOptions &d) {
         return numberText(d.service.maxAnonymousConnections);
     }},
    {"max-queued-bytes", "bytes",
     "What may wait to be written to one connection; a peer that does not read is closed with "
     "1008 \"too slow\" once it would pass this (default %1 = 4 MiB).",
     [](const ServerOptions &d) {
         return numberText(d.service.maxQueuedBytes);
     }},
    {"sign-in-grace", "seconds",
     "A connection that neither signs in nor subscribes in this time is closed (default %1; "
     "0: never).",
     [](const ServerOptions &d) {
         return numberText(d.service.signInGraceMs / 1000);
     }},
    {"keepalive-interval", "seconds",
     "Ping a peer silent for this long (default %1; 0: no keepalive).",
     [](const ServerOptions &d) {
         return numberText(d.service.keepaliveIntervalMs / 1000);
     }},
    {"keepalive-timeout", "seconds",
     "Drop a peer that does not answer a ping in this time (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.service.keepaliveTimeoutMs / 1000);
     }},
    {"market-data-interval", "ms",
     "While requests wait, books and the ticker are published at most once in this many "
     "milliseconds, what changed meanwhile merged into one delta; once none waits, at once "
     "(default %1; 0: after every batch of requests).",
     [](const ServerOptions &d) {
         return numberText(d.service.marketDataIntervalMs);
     }},
    {"commit-in-turn", "",
     "Commit each batch of requests before handling the next, on the exchange thread (default: "
     "the database's writer thread commits a batch while the next is handled; either way a "
     "batch's replies and pushes go out only once it is durable)."},
    {"request-rate", "n",
     "Requests a second per connection, in bursts of twice as many; more are refused "
     "rate_limited, and five times as many in a second close the connection (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.service.requestsPerSecond);
     }},
    {"max-open-orders", "n",
     "Open orders per account; more are refused too_many_orders (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.service.engine.maxOpenOrders);
     }},
    {"dual-control-threshold", "cents",
     "A support adjustment of more than this either way waits for a second support agent "
     "(default %1).",
     [](const ServerOptions &d) {
         return cents(d.service.engine.dualControlThresholdCents);
     }},
    {"agent-daily-limit", "cents",
     "A support adjustment that takes the agent's direct adjustments of the day (UTC) past this "
     "waits for a second support agent (default %1).",
     [](const ServerOptions &d) {
         return cents(d.service.engine.agentDailyLimitCents);
     }},
    {"sign-in-threads", "n", "Threads that verify passwords (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.service.hashing.threads);
     }},
    {"io-threads", "n",
     "Threads that serve the connections' sockets: TLS, WebSocket frames, reads and writes "
     "(default: the cores but two, at most 4, so none on 2 cores; 0: the exchange thread serves "
     "them)."},
    {"sign-in-queue", "n",
     "Sign-ins that may wait for a thread; more are refused rate_limited (default %1).",
     [](const ServerOptions &d) {
         return numberText(d.service.hashing.maxQueued);
     }},
    {"payments", "",
     "Take paid top-ups: wallet.topup asks for a payment, which the payment processor confirms "
     "with a signed POST /payments/confirm on the admin listener. Needs --payment-secret-file."},
    {"payment-secret-file", "file",
     "The payment webhook's HMAC-SHA256 secret, at least 32 bytes, in a file that only its owner "
     "may read (mode 0600 or 0400)."},
};

QString helpOf(const Spec &s)
{
    const QString help = QString::fromLatin1(s.help);
    return s.defaultText ? help.arg(s.defaultText(ServerOptions())) : help;
}

// Given on the command line only: a command, or the file itself.
bool commandLineOnly(const QString &key)
{
    return key == u"config" || key == u"generate-cert" || key == u"verify-ledger"
        || key == u"rekey-ledger" || key == u"add-support" || key == u"password-file"
        || key == u"support-country";
}

bool isSwitch(const QString &key)
{
    for (const Spec &s : Specs) {
        if (key == QLatin1String(s.name))
            return *s.valueName == '\0';
    }
    return false;
}

std::optional<bool> parseBool(const QString &value)
{
    const QString v = value.toLower();
    if (v == u"true" || v == u"yes" || v == u"on" || v == u"1")
        return true;
    if (v == u"false" || v == u"no" || v == u"off" || v == u"0")
        return false;
    return std::nullopt;
}

std::optional<qint64> parseInt(const QString &value, qint64 min, qint64 max)
{
    bool ok = false;
    const qint64 n = value.toLongLong(&ok);
    if (!ok || n < min || n > max)
        return std::nullopt;
    return n;
}

} // namespace

void ServerConfig::addOptions(QCommandLineParser &parser)
{
    for (const Spec &s : Specs) {
        QCommandLineOption option(QString::fromLatin1(s.name), helpOf(s));
        if (*s.valueName != '\0')
            option.setValueName(QString::fromLatin1(s.valueName));
        parser.addOption(option);
    }
}

QStringList ServerConfig::fileKeys()
{
    QStringList keys;
    for (const Spec &s : Specs) {
        const QString key = QString::fromLatin1(s.name);
        if (!commandLineOnly(key))
            keys << key;
    }
    return keys;
}

int ServerConfig::defaultIoThreads()
{
    return std::clamp(QThread::idealThreadCount() - 2, 0, 4);
}

QString ServerConfig::defaultDatabase(bool sandbox)
{
    const QString file = sandbox ? QStringLiteral("sandbox.db") : QStringLiteral("exchange.db");
    // systemd sets STATE_DIRECTORY to the unit's StateDirectory= (colon-separated if several).
    const QString state = qEnvironmentVariable("STATE_DIRECTORY").section(u':', 0, 0);
    if (!state.isEmpty())
        return QDir(state).filePath(file);
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(file);
}

QString ServerConfig::defaultLedgerKey(const QString &database, bool sandbox)
{
    const QString data = database.isEmpty() || database.startsWith(u"postgres")
        ? defaultDatabase(sandbox)
        : database;
    return QFileInfo(data).absoluteDir().filePath(QStringLiteral("ledger.key"));
}

bool ServerConfig::apply(ServerOptions &o, const QString &key, const QString &value,
                         QString *problem)
{
    auto address = [&](QHostAddress *out) {
        const QHostAddress a(value);
        if (a.isNull()) {
            *problem = QStringLiteral("wants an IP address, not \"%1\"").arg(value.left(64));
            return false;
        }
        *out = a;
        return true;
    };
    auto number = [&](auto *out, qint64 min, qint64 max, const char *what) {
        const auto n = parseInt(value, min, max);
        if (!n) {
            *problem =
                QStringLiteral("wants %1 from %2 to %3").arg(QLatin1String(what)).arg(min).arg(max);
            return false;
        }
        *out = std::remove_pointer_t<decltype(out)>(*n);
        return true;
    };
    auto text = [&](QString *out) {
        if (value.isEmpty()) {
            *problem = QStringLiteral("wants a value");
            return false;
        }
        *out = value;
        return true;
    };
    auto flag = [&](bool *out) {
        const auto b = parseBool(value);
        if (!b) {
            *problem = QStringLiteral("wants true or false, not \"%1\"").arg(value.left(64));
            return false;
        }
        *out = *b;
        return true;
    };

    // Seconds in the file and on the command line, milliseconds in the options.
    auto seconds = [&](qint64 *outMs, qint64 min) {
        qint64 s = 0;
        if (!number(&s, min, 86'400, "seconds"))
            return false;
        *outMs = s * 1000;
        return true;
    };
    ExchangeEngine::Options &engine = o.service.engine;

    if (key == u"listen")
        return address(&o.server.address);
    if (key == u"port")
        return number(&o.server.port, 0, 65535, "a number");
    if (key == u"cert")
        return text(&o.server.certificateFile);
    if (key == u"key")
        return text(&o.server.keyFile);
    if (key == u"generate-cert") {
        o.generateCertHosts = value.split(u',', Qt::SkipEmptyParts);
        if (o.generateCertHosts.isEmpty()) {
            *problem = QStringLiteral("wants host names or addresses, comma-separated");
            return false;
        }
        return true;
    }
    if (key == u"database")
        return text(&engine.database.location);
    if (key == u"ledger-key")
        return text(&engine.ledgerKeyFile);
    if (key == u"verify-ledger")
        return flag(&o.verifyLedger);
    if (key == u"rekey-ledger")
        return flag(&o.rekeyLedger);
    if (key == u"sandbox")
        return flag(&o.service.sandbox);
    if (key == u"sign-up") {
        if (value == u"open" || value == u"closed") {
            o.service.signUpOpen = value == u"open";
            return true;
        }
        *problem = QStringLiteral("wants open or closed");
        return false;
    }
    if (key == u"smtp-url") {
        const QUrl url(value, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty()
            || (url.scheme() != u"smtp" && url.scheme() != u"smtps")) {
            *problem = QStringLiteral("wants smtp://host:port or smtps://host:port, not \"%1\"")
                           .arg(value.left(64));
            return false;
        }
        o.service.mail.url = value;
        return true;
    }
    if (key == u"smtp-from")
        return text(&o.service.mail.from);
    if (key == u"smtp-user")
        return text(&o.service.mail.user);
    if (key == u"smtp-password-file")
        return text(&o.smtpPasswordFile);
    if (key == u"smtp-ca-file")
        return text(&o.service.mail.caFile);
    if (key == u"add-support")
        return text(&o.addSupport);
    if (key == u"password-file")
        return text(&o.passwordFile);
    if (key == u"support-country")
        return text(&o.supportCountry);
    if (key == u"time-scale")
        return number(&o.sandbox.timeScale, 1, SandboxOptions::MaxTimeScale, "a number");
    if (key == u"seed")
        return number(&o.sandbox.seed, 0, 0xffffffffLL, "a whole number");
    if (key == u"fee-bp")
        return number(&engine.platformFeeBp, 0, MarketRules::MaxBasisPoints, "a number");
    if (key == u"reservation-cancel-fee-bp")
        return number(&engine.reservationCancelFeeBp, 0, MarketRules::MaxBasisPoints, "a number");
    if (key == u"verbose")
        return flag(&o.verbose);
    if (key == u"standby")
        return flag(&o.standby);
    if (key == u"fence-timeout") {
        qint64 ms = 0;
        if (!seconds(&ms, 0))
            return false;
        o.service.fenceTimeoutMs = int(ms);
        return true;
    }
    if (key == u"admin-listen")
        return address(&o.admin.address);
    if (key == u"admin-port")
        return number(&o.admin.port, 0, 65535, "a number");
    if (key == u"admin-allow-remote")
        return flag(&o.admin.allowRemote);
    if (key == u"max-connections-per-address")
        return number(&o.server.maxConnectionsPerAddress, 1, 1'000'000, "a number");
    if (key == u"max-connections")
        return number(&o.server.maxConnections, 1, 10'000'000, "a number");
    if (key == u"max-anonymous-connections")
        return number(&o.service.maxAnonymousConnections, 1, 10'000'000, "a number");
    if (key == u"max-queued-bytes")
        return number(&o.service.maxQueuedBytes, 65'536, qint64(1) << 32, "bytes");
    if (key == u"sign-in-grace")
        return seconds(&o.service.signInGraceMs, 0);
    if (key == u"keepalive-interval")
        return seconds(&o.service.keepaliveIntervalMs, 0);
    if (key == u"keepalive-timeout")
        return seconds(&o.service.keepaliveTimeoutMs, 1);
    if (key == u"market-data-interval")
        return number(&o.service.marketDataIntervalMs, 0, 1'000, "milliseconds");
    if (key == u"commit-in-turn") {
        bool inTurn = false;
        if (!flag(&inTurn))
            return false;
        o.service.pipelinedCommit = !inTurn;
        return true;
    }
    if (key == u"request-rate")
        return number(&o.service.requestsPerSecond, 1, 1'000'000, "a number");
    if (key == u"max-open-orders")
        return number(&engine.maxOpenOrders, 1, 1'000'000, "a number");
    if (key == u"dual-control-threshold")
        return number(&engine.dualControlThresholdCents, 0, MarketRules::MaxAdjustmentCents,
                      "cents");
    if (key == u"agent-daily-limit")
        return number(&engine.agentDailyLimitCents, 0, MarketRules::MaxAdjustmentCents, "cents");
    if (key == u"sign-in-threads")
        return number(&o.service.hashing.threads, 1, 256, "a number");
    if (key == u"io-threads")
        return number(&o.server.ioThreads, 0, 64, "a number");
    if (key == u"sign-in-queue")
        return number(&o.service.hashing.maxQueued, 0, 100'000, "a number");
    if (key == u"payments")
        return flag(&o.payments);
    if (key == u"payment-secret-file")
        return text(&o.paymentSecretFile);
    if (key == u"no-admin") {
        bool off = false;
        if (!flag(&off))
            return false;
        o.adminListener = !off;
        return true;
    }
    *problem = QStringLiteral("is not an option");
    return false;
}

std::optional<QHash<QString, ServerConfig::Entry>> ServerConfig::readFile(const QString &path,
                                                                          ConfigError *error)
{
    auto fail = [&](ConfigError::Kind kind, const QString &key, int line, const QString &message) {
        *error = {kind, key, path, line, message};
        return std::nullopt;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return fail(ConfigError::Kind::UnreadableFile, QStringLiteral("config"), 0,
                    QStringLiteral("cannot read the configuration file %1: %2")
                        .arg(path, file.errorString()));
    const QStringList known = fileKeys();
    QHash<QString, Entry> entries;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const int lineNo = int(i + 1);
        const QString line = lines.at(i).trimmed();
        if (line.isEmpty() || line.startsWith(u'#') || line.startsWith(u';'))
            continue;
        const qsizetype eq = line.indexOf(u'=');
        const QString where = QStringLiteral("%1:%2: ").arg(path).arg(lineNo);
        if (eq <= 0)
            return fail(ConfigError::Kind::Syntax, {}, lineNo,
                        where + QStringLiteral("expected \"key = value\""));
        const QString key = line.left(eq).trimmed();
        const QString value = line.mid(eq + 1).trimmed();
        if (commandLineOnly(key))
            return fail(ConfigError::Kind::CommandLineOnly, key, lineNo,
                        where + QStringLiteral("%1 is given on the command line only").arg(key));
        if (!known.contains(key))
            return fail(ConfigError::Kind::UnknownKey, key, lineNo,
                        where + QStringLiteral("unknown key \"%1\"").arg(key.left(64)));
        if (entries.contains(key))
            return fail(ConfigError::Kind::Syntax, key, lineNo,
                        where
                            + QStringLiteral("%1 is given twice (first on line %2)")
                                  .arg(key)
                                  .arg(entries.value(key).line));
        entries.insert(key, {value, lineNo});
    }
    return entries;
}

std::optional<ServerOptions> ServerConfig::resolve(const QCommandLineParser &parser,
                                                   ConfigError *error)
{
    ConfigError ignored;
    if (!error)
        error = &ignored;
    *error = {};
    ServerOptions options;
    options.server.ioThreads = defaultIoThreads();
    QString problem;

    const QString anonymous = QStringLiteral("max-anonymous-connections");
    bool anonymousGiven = parser.isSet(anonymous);
    if (parser.isSet(QStringLiteral("config"))) {
        options.configFile = parser.value(QStringLiteral("config"));
        const auto entries = readFile(options.configFile, error);
        if (!entries)
            return std::nullopt;
        anonymousGiven = anonymousGiven || entries->contains(anonymous);
        // In the order of the table, so that a message names the first bad key of --help.
        for (const QString &key : fileKeys()) {
            const auto it = entries->constFind(key);
            if (it == entries->cend())
                continue;
            if (!apply(options, key, it->value, &problem)) {
                *error = {ConfigError::Kind::BadValue, key, options.configFile, it->line,
                          QStringLiteral("%1:%2: %3 %4")
                              .arg(options.configFile)
                              .arg(it->line)
                              .arg(key, problem)};
                return std::nullopt;
            }
        }
    }
    for (const Spec &s : Specs) {
        const QString key = QString::fromLatin1(s.name);
        if (key == u"config" || !parser.isSet(key))
            continue;
        const QString value = isSwitch(key) ? QStringLiteral("true") : parser.value(key);
        if (!apply(options, key, value, &problem)) {
            *error = {ConfigError::Kind::BadValue,
                      key,
                      {},
                      0,
                      QStringLiteral("--%1 %2").arg(key, problem)};
            return std::nullopt;
        }
    }

    // Unless given, the watchers' share follows the total as it was set.
    if (!anonymousGiven)
        options.service.maxAnonymousConnections =
            MarketRules::maxAnonymousConnections(options.server.maxConnections);

    const ExchangeServer::Options &server = options.server;
    if (!options.generateCertHosts.isEmpty()
        && (server.certificateFile.isEmpty() || server.keyFile.isEmpty())) {
        *error = {ConfigError::Kind::Conflict,
                  QStringLiteral("generate-cert"),
                  {},
                  0,
                  QStringLiteral("--generate-cert needs --cert and --key to say where to write")};
        return std::nullopt;
    }
    if (server.certificateFile.isEmpty() != server.keyFile.isEmpty()) {
        const QString missing =
            server.certificateFile.isEmpty() ? QStringLiteral("cert") : QStringLiteral("key");
        *error = {ConfigError::Kind::Conflict,
                  missing,
                  {},
                  0,
                  QStringLiteral("TLS needs both --cert and --key; --%1 is missing").arg(missing)};
        return std::nullopt;
    }
    if (options.payments != !options.paymentSecretFile.isEmpty()) {
        const QString key =
            options.payments ? QStringLiteral("payments") : QStringLiteral("payment-secret-file");
        *error = {ConfigError::Kind::Conflict,
                  key,
                  {},
                  0,
                  options.payments
                      ? QStringLiteral("--payments needs --payment-secret-file: a webhook "
                                       "without a secret would credit anyone who asks")
                      : QStringLiteral("--payment-secret-file is read only with --payments")};
        return std::nullopt;
    }
    const SmtpMailer::Options &mail = options.service.mail;
    const auto conflict = [&](const char *key, const QString &message) {
        *error = {ConfigError::Kind::Conflict, QString::fromLatin1(key), {}, 0, message};
        return std::nullopt;
    };
    // Two machines share a database only through PostgreSQL (docs/operations.md "Two machines").
    if (options.standby && options.service.sandbox)
        return conflict("standby", QStringLiteral("--standby does not go with --sandbox"));
    if (options.standby && !options.database().startsWith(u"postgres"))
        return conflict("standby",
                        QStringLiteral("--standby needs a PostgreSQL --database: a standby takes "
                                       "over the database of a server on another machine, which "
                                       "an SQLite file cannot be"));
    if (options.service.signUpOpen.value_or(false) && !options.service.sandbox
        && mail.url.isEmpty())
        return conflict("sign-up",
                        QStringLiteral("--sign-up open needs --smtp-url: a new account confirms "
                                       "its address with a code mailed to it"));
    if (!mail.url.isEmpty() && mail.from.isEmpty())
        return conflict("smtp-from", QStringLiteral("--smtp-url needs --smtp-from, the sender"));
    if ((!mail.from.isEmpty() || !mail.user.isEmpty() || !mail.caFile.isEmpty()
         || !options.smtpPasswordFile.isEmpty())
        && mail.url.isEmpty())
        return conflict("smtp-url",
                        QStringLiteral("the --smtp-* options are read only with --smtp-url"));
    if (mail.user.isEmpty() != options.smtpPasswordFile.isEmpty())
        return conflict(mail.user.isEmpty() ? "smtp-user" : "smtp-password-file",
                        QStringLiteral("--smtp-user and --smtp-password-file go together"));
    if (!options.smtpPasswordFile.isEmpty()) {
        QString why;
        const std::optional<QByteArray> password = readPrivateLine(options.smtpPasswordFile, &why);
        if (!password) {
            *error = {
                ConfigError::Kind::BadValue,
                QStringLiteral("smtp-password-file"),
                {},
                0,
                QStringLiteral("--smtp-password-file %1: %2").arg(options.smtpPasswordFile, why)};
            return std::nullopt;
        }
        options.service.mail.password = QString::fromUtf8(*password);
    }
    if (options.payments) {
        QString why;
        const std::optional<QByteArray> secret = readSecret(options.paymentSecretFile, &why);
        if (!secret) {
            *error = {
                ConfigError::Kind::BadValue,
                QStringLiteral("payment-secret-file"),
                {},
                0,
                QStringLiteral("--payment-secret-file %1: %2").arg(options.paymentSecretFile, why)};
            return std::nullopt;
        }
        options.service.paymentSecret = *secret;
    }
    return options;
}

std::optional<QByteArray> ServerConfig::readPrivateLine(const QString &path, QString *problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = QStringLiteral("cannot read it: %1").arg(file.errorString());
        return std::nullopt;
    }
    const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup
        | QFileDevice::ReadOther | QFileDevice::WriteOther;
    if (QFileInfo(path).permissions() & others) {
        *problem = QStringLiteral("others may read it; chmod 0600 it");
        return std::nullopt;
    }
    const QByteArray line = file.readLine(4097).trimmed();
    if (line.isEmpty()) {
        *problem = QStringLiteral("its first line is empty");
        return std::nullopt;
    }
    return line;
}

std::optional<QByteArray> ServerConfig::readSecret(const QString &path, QString *problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = QStringLiteral("cannot read it: %1").arg(file.errorString());
        return std::nullopt;
    }
    const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup
        | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther
        | QFileDevice::ExeOther;
    if (QFileInfo(path).permissions() & others) {
        *problem = QStringLiteral("others may read it; chmod 0600 it");
        return std::nullopt;
    }
    // One line; a trailing newline (echo, an editor) is not part of the secret.
    const QByteArray secret = file.read(4097).trimmed();
    if (secret.size() < 32 || secret.size() > 4096) {
        *problem = QStringLiteral("wants a secret of 32 to 4,096 bytes (openssl rand -hex 32)");
        return std::nullopt;
    }
    return secret;
}

} // namespace everx
