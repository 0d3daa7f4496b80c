#include "server/exchangeservice.h"

#include "engine/passwordhasher.h"
#include "sandbox/sandbox.h"
#include "server/serverconnection.h"

#include "wire/wirecodec.h"

#include <QtCore/QCoreApplication>

#include <QtCore/QJsonArray>
#include <QtCore/QLoggingCategory>
#include <functional>

namespace everx {

Q_LOGGING_CATEGORY(lcService, "everx.exchange.service")

namespace {

const QString InvalidArgument = QString::fromLatin1(Protocol::InvalidArgument);

// Argument readers: each fills *code / *message and returns false on a missing or mistyped
// argument, so that handlers read as a list of checks.
bool fail(QString *code, QString *message, const QString &c, const QString &m)
{
    *code = c;
    *message = m;
    return false;
}

bool readString(const QJsonObject &args, const char *name, QString *out, QString *code,
                QString *message, bool required = true, qsizetype maxSize = 1024)
{
    const QJsonValue v = args.value(QLatin1StringView(name));
    if (v.isUndefined() && !required)
        return true;
    if (!v.isString() || v.toString().size() > maxSize)
        return fail(code, message, InvalidArgument,
                    QStringLiteral("\"%1\" must be a string of at most %2 characters")
                        .arg(QLatin1StringView(name))
                        .arg(maxSize));
    *out = v.toString();
    return true;
}

// Integers: JSON numbers that are whole and within [min, max].
bool readInt(const QJsonObject &args, const char *name, qint64 *out, qint64 min, qint64 max,
             QString *code, QString *message, bool required = true)
{
    const QJsonValue v = args.value(QLatin1StringView(name));
    if (v.isUndefined() && !required)
        return true;
    const double d = v.toDouble(std::numeric_limits<double>::quiet_NaN());
    if (!v.isDouble() || d != std::floor(d) || d < double(min) || d > double(max))
        return fail(code, message, InvalidArgument,
                    QStringLiteral("\"%1\" must be a whole number from %2 to %3")
                        .arg(QLatin1StringView(name))
                        .arg(min)
                        .arg(max));
    *out = qint64(d);
    return true;
}

bool readMoney(const QJsonObject &args, const char *name, Cents *out, QString *code,
               QString *message)
{
    const std::optional<Cents> m = Wire::moneyFromJson(args.value(QLatin1StringView(name)));
    if (!m)
        return fail(code, message, InvalidArgument,
                    QStringLiteral("\"%1\" must be an amount as a string with at most two"
                                   " decimals, like \"4.19\"")
                        .arg(QLatin1StringView(name)));
    *out = *m;
    return true;
}

bool readId(const QJsonObject &args, const char *name, qint64 *out, QString *code, QString *message)
{
    return readInt(args, name, out, 1, (qint64(1) << 53), code, message);
}

QJsonArray toArray(const auto &records)
{
    QJsonArray out;
    for (const auto &r : records)
        out.append(Wire::toJson(r));
    return out;
}

bool engineFailed(const auto &result, QString *code, QString *message)
{
    if (result.ok())
        return false;
    *code = errorCodeName(result.code());
    *message = result.error().message;
    return true;
}

QString newToken()
{
    return QString::fromLatin1(PasswordHasher::randomBytes(32).toBase64(
        QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

} // namespace

ExchangeService::ExchangeService(Clock &clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
    , m_engine(clock)
{
    m_monotonic.start();
    const auto member = [this](MemberHandler handler) -> Handler {
        return std::bind_front(handler, this);
    };
    const auto listing = [this](ListingOp op) -> Handler {
        return [this, op](ServerConnection &c, const QJsonObject &args, QString *code,
                          QString *message) {
            return listingChange(c, args, op, code, message);
        };
    };
    m_handlers = {
        {QStringLiteral("hello"), member(&ExchangeService::hello)},
        {QStringLiteral("ping"), member(&ExchangeService::ping)},
        {QStringLiteral("auth.login"), member(&ExchangeService::login)},
        {QStringLiteral("auth.resume"), member(&ExchangeService::resume)},
        {QStringLiteral("auth.demo"), member(&ExchangeService::demo)},
        {QStringLiteral("auth.logout"), member(&ExchangeService::logout)},
        {QStringLiteral("account.get"), member(&ExchangeService::accountGet)},
        {QStringLiteral("wallet.quote"), member(&ExchangeService::walletQuote)},
        {QStringLiteral("wallet.topup"), member(&ExchangeService::walletTopUp)},
        {QStringLiteral("wallet.ledger"), member(&ExchangeService::walletLedger)},
        {QStringLiteral("order.place"), member(&ExchangeService::orderPlace)},
        {QStringLiteral("order.cancel"), member(&ExchangeService::orderCancel)},
        {QStringLiteral("order.list"), member(&ExchangeService::orderList)},
        {QStringLiteral("rental.list"), member(&ExchangeService::rentalList)},
        {QStringLiteral("rental.stop"), member(&ExchangeService::rentalStop)},
        {QStringLiteral("listing.add"), member(&ExchangeService::listingAdd)},
        {QStringLiteral("listing.reprice"), listing(ListingOp::Reprice)},
        {QStringLiteral("listing.pause"), listing(ListingOp::Pause)},
        {QStringLiteral("listing.resume"), listing(ListingOp::Resume)},
        {QStringLiteral("listing.remove"), listing(ListingOp::Remove)},
        {QStringLiteral("listing.list"), member(&ExchangeService::listingList)},
        {QStringLiteral("support.account"), member(&ExchangeService::supportAccount)},
        {QStringLiteral("support.adjust"), member(&ExchangeService::supportAdjust)},
        {QStringLiteral("support.verify"), member(&ExchangeService::supportVerify)},
        {QStringLiteral("subscribe"), member(&ExchangeService::subscribe)},
        {QStringLiteral("unsubscribe"), member(&ExchangeService::unsubscribe)},
    };
    connect(&m_tick, &QTimer::timeout, this, &ExchangeService::publishChanges);
}

ExchangeService::~ExchangeService()
{
    close();
}

bool ExchangeService::open(const Options &options, QString *error)
{
    m_options = options;
    if (!m_engine.open(options.engine, error))
        return false;
    m_market = std::make_unique<MarketData>(m_engine.catalog());
    if (!m_market->load(m_engine.database(), m_clock.nowMs(), error)) {
        m_engine.close();
        return false;
    }
    m_engine.takeChanges();
    m_tick.start(options.tickMs);
    return true;
}

void ExchangeService::close()
{
    m_tick.stop();
    // Connections are children: close them while the service is still whole.
    const auto connections = findChildren<ServerConnection *>(Qt::FindDirectChildrenOnly);
    for (ServerConnection *c : connections)
        delete c;
    m_channels.clear();
    m_sessions.clear();
    m_engine.close();
}

bool ExchangeService::setSandbox(Sandbox *sandbox, QString *error)
{
    m_sandbox = sandbox;
    if (!sandbox)
        return true;
    connect(sandbox, &Sandbox::stepped, this, &ExchangeService::publishChanges);
    // The backfill went straight to the trades table: read the history back, and start the
    // change stream after it (what prepare() did besides is in the database and in the books).
    m_engine.takeChanges();
    m_publishedBooks.clear();
    m_publishedTicker.clear();
    m_market = std::make_unique<MarketData>(m_engine.catalog());
    return m_market->load(m_engine.database(), m_clock.nowMs(), error);
}

// --- requests ----------------------------------------------------------------------------------

void ExchangeService::handle(ServerConnection &connection, const Protocol::Frame &request)
{
    QString code, message;
    const QJsonObject result = dispatch(connection, request.op, request.args, &code, &message);
    if (code.isEmpty())
        connection.sendResult(request.id, result);
    else
        connection.sendError(request.id, code, message);
    Q_EMIT requestAnswered(m_handlers.contains(request.op) ? request.op : QString(), code);
    for (const auto &[target, name] : std::exchange(m_pendingSnapshots, {})) {
        if (!target)
            continue;
        const QString internal = name == u"account" ? privateChannel(target->accountId()) : name;
        if (!target->subscriptions().contains(internal))
            continue;
        // Build the snapshot first: it may publish a pending book delta, which moves the seq.
        const QJsonObject data = snapshot(internal, *target);
        target->send(
            Protocol::encodePush(name, m_channels[internal].seq, QStringLiteral("snapshot"), data));
    }
    // Pushes caused by the request follow its reply.
    publishChanges();
}

QJsonObject ExchangeService::dispatch(ServerConnection &c, const QString &op,
                                      const QJsonObject &args, QString *code, QString *message)
{
    const auto handler = m_handlers.constFind(op);
    if (handler == m_handlers.cend()) {
        *code = QString::fromLatin1(Protocol::UnknownOperation);
        *message = QStringLiteral("no operation \"%1\"").arg(op.left(64));
        return {};
    }
    if (!m_engine.isOpen()) {
        *code = errorCodeName(ErrorCode::Storage);
        *message = QStringLiteral("the exchange is closed");
        return {};
    }
    // Everything but the greeting, the clock, quotes, logins and public subscriptions needs a
    // session; roles are checked by the engine for every operation that changes something.
    static const QSet<QString> open = {
        QStringLiteral("hello"),      QStringLiteral("ping"),
        QStringLiteral("auth.login"), QStringLiteral("auth.resume"),
        QStringLiteral("auth.demo"),  QStringLiteral("wallet.quote"),
        QStringLiteral("subscribe"),  QStringLiteral("unsubscribe"),
    };
    if (!open.contains(op) && c.accountId() == 0) {
        *code = QString::fromLatin1(Protocol::Unauthenticated);
        *message = QStringLiteral("sign in first");
        return {};
    }
    if (c.accountId() != 0) {
        auto session = m_sessions.find(c.token());
        if (session == m_sessions.end()) { // logged out elsewhere or expired
            c.setSession(0, {});
            if (!open.contains(op)) {
                *code = QString::fromLatin1(Protocol::Unauthenticated);
                *message = QStringLiteral("the session has ended; sign in again");
                return {};
            }
        } else {
            session->lastUsed = m_monotonic.elapsed();
        }
    }
    return (*handler)(c, args, code, message);
}

QJsonObject ExchangeService::hello(ServerConnection &, const QJsonObject &args, QString *code,
                                   QString *message)
{
    qint64 protocol = Protocol::Version;
    if (!readInt(args, "protocol", &protocol, 1, 1000, code, message, false))
        return {};
    if (protocol != Protocol::Version) {
        *code = QString::fromLatin1(Protocol::UnsupportedVersion);
        *message = QStringLiteral("this server speaks protocol %1").arg(Protocol::Version);
        return {};
    }
    QJsonArray gpus;
    for (const GpuModel &g : m_engine.catalog().gpus())
        gpus.append(g.id);
    return {
        {QStringLiteral("server"),
         QStringLiteral("%1 %2").arg(m_options.serverName, QCoreApplication::applicationVersion())},
        {QStringLiteral("protocol"), Protocol::Version},
        {QStringLiteral("mode"),
         m_options.sandbox ? QStringLiteral("sandbox") : QStringLiteral("server")},
        {QStringLiteral("time"), m_clock.nowMs()},
        {QStringLiteral("gpus"), gpus}};
}

QJsonObject ExchangeService::ping(ServerConnection &, const QJsonObject &, QString *, QString *)
{
    return {{QStringLiteral("time"), m_clock.nowMs()}};
}

bool ExchangeService::throttled(const QString &email, const QString &peer)
{
    const qint64 now = m_monotonic.elapsed();
    auto count = [&](QHash<QString, std::deque<qint64>> &map, const QString &key) {
        auto it = map.find(key);
        if (it == map.end())
            return qsizetype(0);
        while (!it->empty() && now - it->front() > m_options.loginWindowMs)
            it->pop_front();
        return qsizetype(it->size());
    };
    return count(m_failuresByEmail, email) >= m_options.loginFailuresPerEmail
        || count(m_failuresByPeer, peer) >= m_options.loginFailuresPerPeer;
}

void ExchangeService::recordFailure(const QString &email, const QString &peer)
{
    const qint64 now = m_monotonic.elapsed();
    m_failuresByEmail[email].push_back(now);
    m_failuresByPeer[peer].push_back(now);
}

QJsonObject ExchangeService::signIn(ServerConnection &c, const Account &account)
{
    if (!c.token().isEmpty())
        m_sessions.remove(c.token());
    const QString token = newToken();
    m_sessions.insert(token, {account.id, m_monotonic.elapsed()});
    c.setSession(account.id, token);
    return {{QStringLiteral("token"), token}, {QStringLiteral("account"), Wire::toJson(account)}};
}

QJsonObject ExchangeService::login(ServerConnection &c, const QJsonObject &args, QString *code,
                                   QString *message)
{
    QString email, password;
    if (!readString(args, "email", &email, code, message, true, 254)
        || !readString(args, "password", &password, code, message, true, 256))
        return {};
    email = email.trimmed().toLower();
    if (throttled(email, c.peer())) {
        *code = QString::fromLatin1(Protocol::RateLimited);
        *message = QStringLiteral("too many failed sign-ins; try again in a few minutes");
        return {};
    }
    const Result<Account> account = m_engine.authenticate(email, password);
    if (!account) {
        recordFailure(email, c.peer());
        *code = errorCodeName(account.code());
        *message = account.error().message;
        return {};
    }
    return signIn(c, *account);
}

QJsonObject ExchangeService::resume(ServerConnection &c, const QJsonObject &args, QString *code,
                                    QString *message)
{
    QString token;
    if (!readString(args, "token", &token, code, message, true, 128))
        return {};
    auto session = m_sessions.find(token);
    if (session != m_sessions.end()
        && m_monotonic.elapsed() - session->lastUsed > m_options.tokenIdleMs) {
        m_sessions.erase(session);
        session = m_sessions.end();
    }
    const std::optional<Account> account =
        session == m_sessions.end() ? std::nullopt : m_engine.account(session->accountId);
    if (!account) {
        *code = QString::fromLatin1(Protocol::AuthenticationFailed);
        *message = QStringLiteral("unknown or expired session; sign in again");
        return {};
    }
    session->lastUsed = m_monotonic.elapsed();
    c.setSession(account->id, token);
    return {{QStringLiteral("account"), Wire::toJson(*account)}};
}

QJsonObject ExchangeService::demo(ServerConnection &c, const QJsonObject &args, QString *code,
                                  QString *message)
{
    QString roleName;
    if (!readString(args, "role", &roleName, code, message, true, 16))
        return {};
    const std::optional<Role> role = Wire::roleFromName(roleName);
    if (!role) {
        *code = InvalidArgument;
        *message = QStringLiteral("role is customer, provider or support");
        return {};
    }
    if (!m_options.sandbox || !m_sandbox) {
        *code = QString::fromLatin1(Protocol::Forbidden);
        *message = QStringLiteral("demo accounts exist in the sandbox only");
        return {};
    }
    const std::optional<Account> account = m_engine.account(m_sandbox->demoAccount(*role));
    if (!account) {
        *code = errorCodeName(ErrorCode::UnknownAccount);
        *message = QStringLiteral("the sandbox has no demo %1").arg(roleName);
        return {};
    }
    return signIn(c, *account);
}

QJsonObject ExchangeService::logout(ServerConnection &c, const QJsonObject &, QString *, QString *)
{
    m_sessions.remove(c.token());
    const QString mine = privateChannel(c.accountId());
    if (c.subscriptions().remove(mine))
        m_channels[mine].subscribers.remove(&c);
    c.setSession(0, {});
    return {};
}

QJsonObject ExchangeService::accountGet(ServerConnection &c, const QJsonObject &, QString *,
                                        QString *)
{
    return {{QStringLiteral("account"), Wire::toJson(*m_engine.account(c.accountId()))},
            {QStringLiteral("balance"), Wire::toJson(m_engine.balance(c.accountId()))}};
}

QJsonObject ExchangeService::walletQuote(ServerConnection &, const QJsonObject &args, QString *code,
                                         QString *message)
{
    QString currencyCode;
    Cents amount = 0;
    if (!readString(args, "currency", &currencyCode, code, message, true, 3)
        || !readMoney(args, "amount", &amount, code, message))
        return {};
    const std::optional<Currency> currency = Money::currencyFromCode(currencyCode);
    const std::optional<qint64> rate =
        currency ? FxRates::builtIn().usdPerUnitMicros(*currency) : std::nullopt;
    if (!rate || amount <= 0 || amount > ExchangeEngine::MaxTopUpMinor) {
        *code = InvalidArgument;
        *message = QStringLiteral("a quote needs USD, EUR or GBP and an amount from 0.01 to %1")
                       .arg(Money::toPlain(ExchangeEngine::MaxTopUpMinor));
        return {};
    }
    return {{QStringLiteral("currency"), currencyCode},
            {QStringLiteral("amount"), Wire::money(amount)},
            {QStringLiteral("rate"), double(*rate)},
            {QStringLiteral("credited"), Wire::money(Money::convert(amount, *rate))}};
}

QJsonObject ExchangeService::walletTopUp(ServerConnection &c, const QJsonObject &args,
                                         QString *code, QString *message)
{
    QString currencyCode;
    Cents amount = 0;
    if (!readString(args, "currency", &currencyCode, code, message, true, 3)
        || !readMoney(args, "amount", &amount, code, message))
        return {};
    const std::optional<Currency> currency = Money::currencyFromCode(currencyCode);
    if (!currency) {
        *code = InvalidArgument;
        *message = QStringLiteral("currency is USD, EUR or GBP");
        return {};
    }
    const Result<TopUp> r = m_engine.topUp(c.accountId(), *currency, amount);
    if (engineFailed(r, code, message))
        return {};
    return {{QStringLiteral("currency"), currencyCode},
            {QStringLiteral("amount"), Wire::money(r->amountMinor)},
            {QStringLiteral("rate"), double(r->rateMicros)},
            {QStringLiteral("credited"), Wire::money(r->creditedCents)},
            {QStringLiteral("balance"), Wire::toJson(m_engine.balance(c.accountId()))}};
}

QJsonObject ExchangeService::walletLedger(ServerConnection &c, const QJsonObject &args,
                                          QString *code, QString *message)
{
    qint64 after = 0, limit = 200;
    if (!readInt(args, "after", &after, 0, qint64(1) << 53, code, message, false)
        || !readInt(args, "limit", &limit, 1, 1000, code, message, false))
        return {};
    return {{QStringLiteral("entries"),
             toArray(m_engine.database().entries(c.accountId(), after, int(limit)))}};
}

QJsonObject ExchangeService::orderPlace(ServerConnection &c, const QJsonObject &args, QString *code,
                                        QString *message)
{
    BidRequest r;
    QString kind;
    qint64 gpus = 0, hours = 0, expiresAt = 0;
    if (!readString(args, "clientOrderId", &r.clientOrderId, code, message, true, 64)
        || !readString(args, "gpu", &r.gpu, code, message, true, 64)
        || !readString(args, "kind", &kind, code, message, true, 16)
        || !readInt(args, "gpus", &gpus, 1, ExchangeEngine::MaxGpusPerOrder, code, message)
        || !readInt(args, "hours", &hours, 1, ExchangeEngine::MaxHours, code, message)
        || !readMoney(args, "price", &r.limitCents, code, message)
        || !readInt(args, "expiresAt", &expiresAt, 0, qint64(1) << 53, code, message, false))
        return {};
    const std::optional<OrderKind> k = Wire::orderKindFromName(kind);
    if (!k) {
        *code = InvalidArgument;
        *message = QStringLiteral("kind is limit or buy_now");
        return {};
    }
    r.kind = *k;
    r.quantity = qint32(gpus);
    r.hours = qint32(hours);
    r.expiresMs = expiresAt;
    const Result<Placement> p = m_engine.placeBid(c.accountId(), r);
    if (engineFailed(p, code, message))
        return {};
    QJsonArray rentals;
    for (const Rental &rental : p->rentals)
        rentals.append(rentalJson(rental, c.accountId()));
    return {{QStringLiteral("order"), Wire::toJson(p->order)},
            {QStringLiteral("rentals"), rentals},
            {QStringLiteral("duplicate"), p->duplicate}};
}

QJsonObject ExchangeService::orderCancel(ServerConnection &c, const QJsonObject &args,
                                         QString *code, QString *message)
{
    qint64 id = 0;
    if (!readId(args, "orderId", &id, code, message))
        return {};
    const Result<BidOrder> r = m_engine.cancelOrder(c.accountId(), id);
    if (engineFailed(r, code, message))
        return {};
    return {{QStringLiteral("order"), Wire::toJson(*r)}};
}

QJsonObject ExchangeService::orderList(ServerConnection &c, const QJsonObject &, QString *,
                                       QString *)
{
    return {{QStringLiteral("orders"), toArray(m_engine.openOrders(c.accountId()))}};
}

QJsonObject ExchangeService::rentalJson(const Rental &rental, qint64 viewer) const
{
    // Access details go to the two parties of the rental only.
    if (viewer == rental.customerId || viewer == rental.providerId) {
        if (const auto l = m_engine.listing(rental.listingId))
            return Wire::toJson(rental, l->region, l->endpoint);
    }
    return Wire::toJson(rental);
}

QJsonObject ExchangeService::rentalList(ServerConnection &c, const QJsonObject &, QString *,
                                        QString *)
{
    QJsonArray out;
    for (const Rental &r : m_engine.runningRentals(c.accountId()))
        out.append(rentalJson(r, c.accountId()));
    return {{QStringLiteral("rentals"), out}};
}

QJsonObject ExchangeService::rentalStop(ServerConnection &c, const QJsonObject &args, QString *code,
                                        QString *message)
{
    qint64 id = 0;
    if (!readId(args, "rentalId", &id, code, message))
        return {};
    const Result<Rental> r = m_engine.stopRental(c.accountId(), id);
    if (engineFailed(r, code, message))
        return {};
    return {{QStringLiteral("rental"), rentalJson(*r, c.accountId())}};
}

QJsonObject ExchangeService::listingAdd(ServerConnection &c, const QJsonObject &args, QString *code,
                                        QString *message)
{
    ListingRequest r;
    qint64 gpus = 0;
    if (!readString(args, "gpu", &r.gpu, code, message, true, 64)
        || !readInt(args, "gpus", &gpus, 1, ExchangeEngine::MaxGpusPerListing, code, message)
        || !readString(args, "region", &r.region, code, message, true, 64)
        || !readString(args, "endpoint", &r.endpoint, code, message, true, 255)
        || !readMoney(args, "price", &r.askCents, code, message))
        return {};
    r.gpuCount = qint32(gpus);
    const Result<Listing> l = m_engine.addListing(c.accountId(), r);
    if (engineFailed(l, code, message))
        return {};
    return {{QStringLiteral("listing"), Wire::toJson(*l)}};
}

QJsonObject ExchangeService::listingChange(ServerConnection &c, const QJsonObject &args,
                                           ListingOp op, QString *code, QString *message)
{
    qint64 id = 0;
    if (!readId(args, "listingId", &id, code, message))
        return {};
    Result<Listing> r = Error {ErrorCode::InvalidArgument, QString()};
    switch (op) {
    case ListingOp::Reprice: {
        Cents price = 0;
        if (!readMoney(args, "price", &price, code, message))
            return {};
        r = m_engine.repriceListing(c.accountId(), id, price);
        break;
    }
    case ListingOp::Pause:
        r = m_engine.pauseListing(c.accountId(), id);
        break;
    case ListingOp::Resume:
        r = m_engine.resumeListing(c.accountId(), id);
        break;
    case ListingOp::Remove:
        r = m_engine.removeListing(c.accountId(), id);
        break;
    }
    if (engineFailed(r, code, message))
        return {};
    return {{QStringLiteral("listing"), Wire::toJson(*r)}};
}

QJsonObject ExchangeService::listingList(ServerConnection &c, const QJsonObject &, QString *code,
                                         QString *message)
{
    const std::optional<Account> a = m_engine.account(c.accountId());
    if (a->role != Role::Provider) {
        *code = QString::fromLatin1(Protocol::Forbidden);
        *message = QStringLiteral("only providers have listings");
        return {};
    }
    return {{QStringLiteral("listings"), toArray(m_engine.listings(c.accountId()))}};
}

QJsonObject ExchangeService::supportAccount(ServerConnection &c, const QJsonObject &args,
                                            QString *code, QString *message)
{
    if (m_engine.account(c.accountId())->role != Role::Support) {
        *code = QString::fromLatin1(Protocol::Forbidden);
        *message = QStringLiteral("support staff only");
        return {};
    }
    qint64 id = 0;
    QString email;
    if (!readInt(args, "accountId", &id, 1, qint64(1) << 53, code, message, false)
        || !readString(args, "email", &email, code, message, false, 254))
        return {};
    const std::optional<Account> a = id ? m_engine.account(id) : m_engine.accountByEmail(email);
    if (!a) {
        *code = errorCodeName(ErrorCode::UnknownAccount);
        *message = QStringLiteral("no such account");
        return {};
    }
    QJsonArray rentals;
    for (const Rental &r : m_engine.runningRentals(a->id))
        rentals.append(rentalJson(r, a->id));
    QJsonArray audit;
    for (const AuditRecord &r : m_engine.database().audit(a->id))
        audit.append(QJsonObject {{QStringLiteral("id"), r.id},
                                  {QStringLiteral("time"), r.timeMs},
                                  {QStringLiteral("actorId"), r.actorId},
                                  {QStringLiteral("action"), r.action},
                                  {QStringLiteral("detail"), r.detail}});
    return {{QStringLiteral("account"), Wire::toJson(*a)},
            {QStringLiteral("balance"), Wire::toJson(m_engine.balance(a->id))},
            {QStringLiteral("orders"), toArray(m_engine.openOrders(a->id))},
            {QStringLiteral("rentals"), rentals},
            {QStringLiteral("listings"),
             toArray(m_engine.listings(a->role == Role::Provider ? a->id : -1))},
            {QStringLiteral("entries"), toArray(m_engine.database().entries(a->id, 0, 1000))},
            {QStringLiteral("audit"), audit}};
}

QJsonObject ExchangeService::supportAdjust(ServerConnection &c, const QJsonObject &args,
                                           QString *code, QString *message)
{
    qint64 id = 0;
    Cents amount = 0;
    QString reason;
    if (!readId(args, "accountId", &id, code, message)
        || !readMoney(args, "amount", &amount, code, message)
        || !readString(args, "reason", &reason, code, message, true, 500))
        return {};
    const Result<Balance> b = m_engine.adjustBalance(c.accountId(), id, amount, reason);
    if (engineFailed(b, code, message))
        return {};
    return {{QStringLiteral("balance"), Wire::toJson(*b)}};
}

QJsonObject ExchangeService::supportVerify(ServerConnection &c, const QJsonObject &, QString *code,
                                           QString *message)
{
    if (m_engine.account(c.accountId())->role != Role::Support) {
        *code = QString::fromLatin1(Protocol::Forbidden);
        *message = QStringLiteral("support staff only");
        return {};
    }
    qint64 bad = 0;
    const qint64 count = m_engine.database().verifyChain(&bad);
    return {{QStringLiteral("entries"), count < 0 ? 0 : count},
            {QStringLiteral("ok"), count >= 0},
            {QStringLiteral("badEntry"), count < 0 ? bad : 0}};
}

// --- channels ----------------------------------------------------------------------------------

QString ExchangeService::privateChannel(qint64 accountId) const
{
    return QStringLiteral("account#%1").arg(accountId);
}

bool ExchangeService::validChannel(const QString &name) const
{
    if (name == u"ticker" || name == u"account")
        return true;
    const QStringList parts = name.split(u'.');
    if (parts.size() == 2 && (parts[0] == u"book" || parts[0] == u"trades"))
        return m_engine.catalog().indexOf(parts[1]) >= 0;
    if (parts.size() == 3 && parts[0] == u"candles")
        return m_engine.catalog().indexOf(parts[1]) >= 0 && MarketData::intervalFromName(parts[2]);
    return false;
}

QJsonObject ExchangeService::subscribe(ServerConnection &c, const QJsonObject &args, QString *code,
                                       QString *message)
{
    QString name;
    if (!readString(args, "channel", &name, code, message, true, 64))
        return {};
    if (!validChannel(name)) {
        *code = QString::fromLatin1(Protocol::UnknownChannel);
        *message = QStringLiteral("no channel \"%1\"").arg(name);
        return {};
    }
    if (name == u"account" && c.accountId() == 0) {
        *code = QString::fromLatin1(Protocol::Unauthenticated);
        *message = QStringLiteral("sign in to follow your account");
        return {};
    }
    const QString internal = name == u"account" ? privateChannel(c.accountId()) : name;
    if (!c.subscriptions().contains(internal)
        && c.subscriptions().size() >= Protocol::MaxSubscriptions) {
        *code = QString::fromLatin1(Protocol::TooManySubscriptions);
        *message =
            QStringLiteral("at most %1 channels per connection").arg(Protocol::MaxSubscriptions);
        return {};
    }
    c.subscriptions().insert(internal);
    Channel &channel = m_channels[internal];
    channel.subscribers.insert(&c);
    // The snapshot follows the reply: handle() sends it once the reply is out, before any delta.
    m_pendingSnapshots.append({QPointer<ServerConnection>(&c), name});
    return {{QStringLiteral("channel"), name}};
}

QJsonObject ExchangeService::unsubscribe(ServerConnection &c, const QJsonObject &args,
                                         QString *code, QString *message)
{
    QString name;
    if (!readString(args, "channel", &name, code, message, true, 64))
        return {};
    const QString internal = name == u"account" ? privateChannel(c.accountId()) : name;
    c.subscriptions().remove(internal);
    auto it = m_channels.find(internal);
    if (it != m_channels.end())
        it->subscribers.remove(&c);
    return {{QStringLiteral("channel"), name}};
}

void ExchangeService::connectionClosed(ServerConnection &connection)
{
    for (const QString &name : std::as_const(connection.subscriptions())) {
        auto it = m_channels.find(name);
        if (it != m_channels.end())
            it->subscribers.remove(&connection);
    }
    connection.subscriptions().clear();
}

qsizetype ExchangeService::subscriberCount(const QString &channel) const
{
    return m_channels.value(channel).subscribers.size();
}

qint64 ExchangeService::channelSeq(const QString &channel) const
{
    return m_channels.value(channel).seq;
}

QJsonObject ExchangeService::bookSnapshot(const QString &gpu)
{
    const OrderBook *book = m_engine.book(gpu);
    auto &published = m_publishedBooks[gpu];
    QJsonObject out;
    for (const Side side : {Side::Bid, Side::Ask}) {
        QJsonArray levels;
        auto &known = published[side == Side::Bid ? 0 : 1];
        known.clear();
        for (const BookLevel &l : book->depth(side)) {
            levels.append(Wire::level(l.price, l.quantity, l.orders));
            known.insert(l.price, {l.quantity, l.orders});
        }
        out.insert(side == Side::Bid ? QStringLiteral("bids") : QStringLiteral("asks"), levels);
    }
    return out;
}

QJsonObject ExchangeService::snapshot(const QString &channel, ServerConnection &c)
{
    if (channel == u"ticker") {
        QJsonArray gpus;
        for (const GpuModel &g : m_engine.catalog().gpus()) {
            const TickerEntry t = m_market->ticker(g.id, m_engine.book(g.id), m_clock.nowMs());
            m_publishedTicker.insert(g.id, t);
            gpus.append(Wire::toJson(t));
        }
        return {{QStringLiteral("gpus"), gpus}};
    }
    if (channel.startsWith(u"account#")) {
        const qint64 id = c.accountId();
        QJsonArray rentals;
        for (const Rental &r : m_engine.runningRentals(id))
            rentals.append(rentalJson(r, id));
        return {
            {QStringLiteral("account"), Wire::toJson(*m_engine.account(id))},
            {QStringLiteral("balance"), Wire::toJson(m_engine.balance(id))},
            {QStringLiteral("orders"), toArray(m_engine.openOrders(id))},
            {QStringLiteral("rentals"), rentals},
            {QStringLiteral("listings"),
             toArray(m_engine.listings(m_engine.account(id)->role == Role::Provider ? id : -1))}};
    }
    const QStringList parts = channel.split(u'.');
    if (parts[0] == u"book") {
        // Deltas are diffs against what was last published; a fresh snapshot is also the new
        // baseline for everyone, so publish any pending difference first.
        publishBook(parts[1]);
        QJsonObject data;
        const OrderBook *book = m_engine.book(parts[1]);
        for (const Side side : {Side::Bid, Side::Ask}) {
            QJsonArray levels;
            for (const BookLevel &l : book->depth(side))
                levels.append(Wire::level(l.price, l.quantity, l.orders));
            data.insert(side == Side::Bid ? QStringLiteral("bids") : QStringLiteral("asks"),
                        levels);
        }
        return data;
    }
    if (parts[0] == u"trades")
        return {{QStringLiteral("trades"), toArray(m_market->recentTrades(parts[1]))}};
    const auto interval = MarketData::intervalFromName(parts[2]);
    return {{QStringLiteral("candles"), toArray(m_market->candles(parts[1], *interval))}};
}

void ExchangeService::publish(const QString &channel, const QString &type, const QJsonObject &data)
{
    auto it = m_channels.find(channel);
    if (it == m_channels.end())
        return;
    ++it->seq;
    if (it->subscribers.isEmpty())
        return;
    const QString name = channel.startsWith(u"account#") ? QStringLiteral("account") : channel;
    const QString frame = Protocol::encodePush(name, it->seq, type, data);
    for (ServerConnection *c : std::as_const(it->subscribers))
        c->send(frame);
}

void ExchangeService::publishBook(const QString &gpu)
{
    const OrderBook *book = m_engine.book(gpu);
    auto published = m_publishedBooks.find(gpu);
    if (published == m_publishedBooks.end()) {
        bookSnapshot(gpu); // first time: the baseline, nothing to send
        return;
    }
    QJsonObject delta;
    bool changed = false;
    for (const Side side : {Side::Bid, Side::Ask}) {
        auto &known = (*published)[side == Side::Bid ? 0 : 1];
        QHash<qint32, QPair<qint64, qint32>> now;
        for (const BookLevel &l : book->depth(side))
            now.insert(l.price, {l.quantity, l.orders});
        QJsonArray levels;
        for (auto it = now.cbegin(); it != now.cend(); ++it) {
            if (known.value(it.key()) != it.value())
                levels.append(Wire::level(it.key(), it.value().first, it.value().second));
        }
        for (auto it = known.cbegin(); it != known.cend(); ++it) {
            if (!now.contains(it.key()))
                levels.append(Wire::level(it.key(), 0, 0));
        }
        known = now;
        changed = changed || !levels.isEmpty();
        delta.insert(side == Side::Bid ? QStringLiteral("bids") : QStringLiteral("asks"), levels);
    }
    if (changed)
        publish(QStringLiteral("book.") + gpu, QStringLiteral("delta"), delta);
}

void ExchangeService::publishTicker(const QSet<QString> &gpus)
{
    QJsonArray changed;
    for (const QString &gpu : gpus) {
        const TickerEntry t = m_market->ticker(gpu, m_engine.book(gpu), m_clock.nowMs());
        if (m_publishedTicker.value(gpu) == t)
            continue;
        m_publishedTicker.insert(gpu, t);
        changed.append(Wire::toJson(t));
    }
    if (!changed.isEmpty())
        publish(QStringLiteral("ticker"), QStringLiteral("delta"),
                {{QStringLiteral("gpus"), changed}});
}

void ExchangeService::publishAccount(qint64 accountId, const QString &type, const QJsonObject &data)
{
    QJsonObject event = data;
    event.insert(QStringLiteral("type"), type);
    publish(privateChannel(accountId), QStringLiteral("event"), event);
}

void ExchangeService::publishChanges()
{
    if (!m_engine.isOpen())
        return;
    m_engine.advance();
    const EngineChanges changes = m_engine.takeChanges();
    const qint64 now = m_clock.nowMs();
    if (now - m_lastPrune > 3'600'000) {
        m_market->prune(now);
        m_lastPrune = now;
    }
    if (changes.isEmpty())
        return;

    // Public market data.
    QSet<QString> tickerGpus = changes.books;
    QHash<QString, QJsonArray> tradesByGpu;
    QHash<QString, QList<Candle>> candleUpdates[MarketData::IntervalCount];
    for (const Trade &t : changes.trades) {
        const auto candles = m_market->addTrade(t);
        tradesByGpu[t.gpu].append(Wire::toJson(t));
        for (int i = 0; i < MarketData::IntervalCount; ++i) {
            QList<Candle> &list = candleUpdates[i][t.gpu];
            if (!list.isEmpty() && list.last().startMs == candles[size_t(i)].startMs)
                list.last() = candles[size_t(i)];
            else
                list.append(candles[size_t(i)]);
        }
        tickerGpus.insert(t.gpu);
    }
    for (const QString &gpu : changes.books)
        publishBook(gpu);
    for (auto it = tradesByGpu.cbegin(); it != tradesByGpu.cend(); ++it)
        publish(QStringLiteral("trades.") + it.key(), QStringLiteral("delta"),
                {{QStringLiteral("trades"), it.value()}});
    for (int i = 0; i < MarketData::IntervalCount; ++i) {
        for (auto it = candleUpdates[i].cbegin(); it != candleUpdates[i].cend(); ++it)
            publish(QStringLiteral("candles.%1.%2")
                        .arg(it.key(), MarketData::intervalName(MarketData::Interval(i))),
                    QStringLiteral("delta"), {{QStringLiteral("candles"), toArray(it.value())}});
    }
    publishTicker(tickerGpus);

    // Private channels: only accounts with a subscriber get events built for them.
    auto watched = [this](qint64 id) {
        return !m_channels.value(privateChannel(id)).subscribers.isEmpty();
    };
    for (const BidOrder &o : changes.orders) {
        if (watched(o.accountId))
            publishAccount(o.accountId, QStringLiteral("order"),
                           {{QStringLiteral("order"), Wire::toJson(o)}});
    }
    QHash<qint64, qint64> buyerOfRental; // rentals started by this batch's trades
    for (const Rental &r : changes.rentals)
        buyerOfRental.insert(r.id, r.customerId);
    QSet<qint64> startedRentals;
    for (const Trade &t : changes.trades)
        startedRentals.insert(t.rentalId);
    for (const Rental &r : changes.rentals) {
        const bool started = r.state == RentalState::Running && startedRentals.contains(r.id);
        const bool ended = r.state != RentalState::Running;
        for (const qint64 id : {r.customerId, r.providerId}) {
            if (!watched(id))
                continue;
            const QJsonObject json = rentalJson(r, id);
            publishAccount(id, QStringLiteral("rental"), {{QStringLiteral("rental"), json}});
            if (started || ended)
                publishAccount(
                    id, QStringLiteral("notification"),
                    {{QStringLiteral("kind"),
                      started ? QStringLiteral("rental_started") : QStringLiteral("rental_ended")},
                     {QStringLiteral("text"),
                      started ? QStringLiteral("%1 x %2 rented for %3 h")
                                    .arg(r.gpus)
                                    .arg(r.gpu)
                                    .arg(r.hours)
                              : QStringLiteral("rental of %1 x %2 ended").arg(r.gpus).arg(r.gpu)},
                     {QStringLiteral("rental"), json}});
        }
    }
    for (const Trade &t : changes.trades) {
        const qint64 buyer = buyerOfRental.value(t.rentalId);
        if (buyer && watched(buyer))
            publishAccount(buyer, QStringLiteral("notification"),
                           {{QStringLiteral("kind"), QStringLiteral("fill")},
                            {QStringLiteral("text"),
                             QStringLiteral("filled %1 x %2 at %3")
                                 .arg(t.quantity)
                                 .arg(t.gpu, Money::toPlain(t.priceCents))},
                            {QStringLiteral("trade"), Wire::toJson(t)}});
    }
    for (const LedgerEntry &e : changes.entries) {
        if (e.accountId != Ledger::SystemAccount && watched(e.accountId))
            publishAccount(e.accountId, QStringLiteral("ledger"),
                           {{QStringLiteral("entry"), Wire::toJson(e)}});
    }
    for (const qint64 id : changes.accounts) {
        const Balance b = m_engine.balance(id);
        if (watched(id))
            publishAccount(id, QStringLiteral("balance"),
                           {{QStringLiteral("balance"), Wire::toJson(b)}});
        const std::optional<Account> a = m_engine.account(id);
        const bool low = a && a->role == Role::Customer && b.available < m_options.lowBalanceCents;
        if (low && !m_lowBalanceNotified.contains(id)) {
            m_lowBalanceNotified.insert(id);
            if (watched(id))
                publishAccount(id, QStringLiteral("notification"),
                               {{QStringLiteral("kind"), QStringLiteral("low_balance")},
                                {QStringLiteral("text"),
                                 QStringLiteral("available balance is %1 USD")
                                     .arg(Money::toPlain(b.available))},
                                {QStringLiteral("balance"), Wire::toJson(b)}});
        } else if (!low) {
            m_lowBalanceNotified.remove(id);
        }
    }
    for (const Listing &l : changes.listings) {
        if (watched(l.providerId))
            publishAccount(l.providerId, QStringLiteral("listing"),
                           {{QStringLiteral("listing"), Wire::toJson(l)}});
    }
}

} // namespace everx
