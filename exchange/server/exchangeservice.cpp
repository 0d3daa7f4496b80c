#include "server/exchangeservice.h"

#include "engine/passwordhasher.h"
#include "sandbox/sandbox.h"
#include "server/serverconnection.h"
#include "server/simulatedprocessor.h"

#include "wire/wirecodec.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QLoggingCategory>

#include <functional>

namespace everx {

using namespace MarketRules;

Q_LOGGING_CATEGORY(lcService, "everx.exchange.service")

ExchangeService::ExchangeService(Clock &clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
    , m_engine(clock)
{
    m_monotonic.start();
    const auto member = [this](MemberHandler handler) -> Handler {
        return std::bind_front(handler, this);
    };
    m_handlers = {
        {Op::Hello, member(&ExchangeService::hello)},
        {Op::Ping, member(&ExchangeService::ping)},
        {Op::AuthLogin, member(&ExchangeService::login)},
        {Op::AuthResume, member(&ExchangeService::resume)},
        {Op::AuthDemo, member(&ExchangeService::demo)},
        {Op::AuthLogout, member(&ExchangeService::logout)},
        {Op::AccountGet, member(&ExchangeService::accountGet)},
        {Op::WalletQuote, member(&ExchangeService::walletQuote)},
        {Op::WalletTopUp, member(&ExchangeService::walletTopUp)},
        {Op::WalletLedger, member(&ExchangeService::walletLedger)},
        {Op::OrderPlace, member(&ExchangeService::orderPlace)},
        {Op::OrderCancel, member(&ExchangeService::orderCancel)},
        {Op::OrderList, member(&ExchangeService::orderList)},
        {Op::RentalList, member(&ExchangeService::rentalList)},
        {Op::RentalStop, member(&ExchangeService::rentalStop)},
        {Op::ListingAdd, member(&ExchangeService::listingAdd)},
        {Op::ListingReprice, member(&ExchangeService::listingReprice)},
        {Op::ListingPause, listingChange(&ExchangeEngine::pauseListing)},
        {Op::ListingResume, listingChange(&ExchangeEngine::resumeListing)},
        {Op::ListingRemove, listingChange(&ExchangeEngine::removeListing)},
        {Op::ListingList, member(&ExchangeService::listingList)},
        {Op::SupportAccount, member(&ExchangeService::supportAccount)},
        {Op::SupportAdjust, member(&ExchangeService::supportAdjust)},
        {Op::SupportVerify, member(&ExchangeService::supportVerify)},
        // The provider workspace and payouts.
        {Op::PayoutRequest, member(&ExchangeService::payoutRequest)},
        {Op::PayoutList, member(&ExchangeService::payoutList)},
        {Op::ProviderRentals, member(&ExchangeService::providerRentals)},
        {Op::ProviderStats, member(&ExchangeService::providerStats)},
        {Op::SupportPayouts, member(&ExchangeService::supportPayouts)},
        {Op::SupportPayoutPaid, member(&ExchangeService::supportPayoutPaid)},
        {Op::SupportPayoutRejected, member(&ExchangeService::supportPayoutRejected)},
        // Support's workspace (exchangeservice_support.cpp).
        {Op::SupportSearch, member(&ExchangeService::supportSearch)},
        {Op::SupportLedger, member(&ExchangeService::supportLedger)},
        {Op::SupportHistory, member(&ExchangeService::supportHistory)},
        {Op::SupportNote, member(&ExchangeService::supportNote)},
        {Op::SupportAudit, member(&ExchangeService::supportAudit)},
        {Op::SupportPending, member(&ExchangeService::supportPending)},
        {Op::SupportApproveAdjustment, member(&ExchangeService::supportApproveAdjustment)},
        {Op::SupportDeclineAdjustment, member(&ExchangeService::supportDeclineAdjustment)},
        {Op::Subscribe, member(&ExchangeService::subscribe)},
        {Op::Unsubscribe, member(&ExchangeService::unsubscribe)},
        // Accounts (exchangeservice_accounts.cpp).
        {Op::AuthSignup, member(&ExchangeService::signUp)},
        {Op::AuthLogoutAll, member(&ExchangeService::logoutAll)},
        {Op::AccountPassword, member(&ExchangeService::changePassword)},
        {Op::SupportSuspend, member(&ExchangeService::supportSuspend)},
        {Op::SupportReactivate, member(&ExchangeService::supportReactivate)},
        {Op::SupportApplication, member(&ExchangeService::supportApplication)},
    };
    connect(&m_tick, &QTimer::timeout, this, &ExchangeService::publishChanges);
    m_marketTimer.setSingleShot(true);
    m_marketTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_marketTimer, &QTimer::timeout, this, &ExchangeService::publishMarket);
    connect(&m_pruneTimer, &QTimer::timeout, this, &ExchangeService::prune);
    m_hashing = std::make_unique<HashingPool>(HashingPool::Options {});
    m_verifier.setMaxThreadCount(1);
}

ExchangeService::~ExchangeService()
{
    close();
}

bool ExchangeService::open(const Options &options, QString *error)
{
    m_options = options;
    m_hashing = std::make_unique<HashingPool>(options.hashing);
    if (!m_engine.open(options.engine, error))
        return false;
    m_market = std::make_unique<MarketData>(m_engine.catalog());
    if (!m_market->load(m_engine.database(), m_clock.nowMs(), error)) {
        m_engine.close();
        return false;
    }
    m_engine.takeChanges();
    // The writer's thread says when a batch handed off is done; its replies go out in turn.
    m_engine.database().setWrittenCallback([this] {
        QMetaObject::invokeMethod(
            this, [this] { settleInFlight(Settle::IfWritten); }, Qt::QueuedConnection);
    });
    m_sessions = std::make_unique<SessionStore>(
        m_engine.database(), options.sessionClock ? *options.sessionClock : m_systemClock,
        options.tokenIdleMs);
    m_paymentSecret = options.paymentSecret;
    if (options.sandbox) {
        // The sandbox pays its own top-ups, through the same signed path as a real processor.
        if (m_paymentSecret.isEmpty())
            m_paymentSecret = PasswordHasher::randomBytes(PaymentWebhook::MinSecretBytes);
        m_processor = std::make_unique<SimulatedProcessor>(*this, m_paymentSecret,
                                                           options.simulatedPaymentDelayMs);
        // Top-ups asked for before a restart are paid all the same.
        for (const Payment &p : m_engine.pendingTopUps())
            m_processor->pay(p);
    }
    m_tick.start(options.tickMs);
    m_pruneTimer.start(int(std::clamp<qint64>(options.pruneIntervalMs, 10, 3'600'000)));
    return true;
}

void ExchangeService::close()
{
    settleInFlight(); // its replies go out before the connections close
    m_tick.stop();
    m_marketTimer.stop();
    m_pruneTimer.stop();
    m_verifier.waitForDone();
    m_queue.clear();
    // Connections are children: close them while the service is still whole.
    const auto connections = findChildren<ServerConnection *>(Qt::FindDirectChildrenOnly);
    for (ServerConnection *c : connections)
        delete c;
    m_channels.clear();
    if (m_sessions && m_engine.isOpen())
        m_sessions->flush(); // the last uses, so that a restart does not expire them early
    m_sessions.reset();
    m_processor.reset();
    m_paymentSecret.clear();
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
    enqueue({&connection, request, std::nullopt, 0, {}});
}

void ExchangeService::refuse(ServerConnection &connection, qint64 id, const Error &refusal)
{
    Protocol::Frame frame;
    frame.id = id;
    enqueue({&connection, frame, refusal, 0, {}});
}

void ExchangeService::closeInTurn(ServerConnection &connection, int code, const QString &reason)
{
    enqueue({&connection, {}, std::nullopt, code, reason});
}

void ExchangeService::enqueue(Queued queued)
{
    m_queue.push_back(std::move(queued));
    if (!std::exchange(m_drainPosted, true))
        QMetaObject::invokeMethod(this, &ExchangeService::drain, Qt::QueuedConnection);
}

void ExchangeService::drain()
{
    m_drainPosted = false;
    if (m_queue.empty()) { // closed since it was posted
        m_saturated = false;
        return;
    }
    std::vector<Handled> batch;
    const qint64 startNs = m_monotonic.nsecsElapsed();
    qint64 maxNanos = qint64(m_options.maxBatchMicros) * 1000;
    if (m_saturated) {
        const qint64 restOfCycle = startNs - m_lastBatchStartNs - m_lastBatchHandlingNs;
        maxNanos = std::max(
            maxNanos, std::min(restOfCycle, qint64(m_options.maxSaturatedBatchMicros) * 1000));
    }
    QElapsedTimer spent;
    spent.start();
    const bool open = m_engine.isOpen();
    if (open)
        m_engine.beginBatch(m_options.pipelinedCommit ? ExchangeEngine::BatchCommit::Pipelined
                                                      : ExchangeEngine::BatchCommit::Wait);
    while (!m_queue.empty() && qsizetype(batch.size()) < std::max(1, m_options.maxBatchRequests)
           && (batch.empty() || spent.nsecsElapsed() < maxNanos)) {
        Queued q = std::move(m_queue.front());
        m_queue.pop_front();
        if (!q.connection)
            continue; // closed while it waited
        const Protocol::Frame &request = q.frame;
        if (q.closeCode != 0) {
            batch.push_back({{q.connection, 0, QString()},
                             QJsonObject(),
                             true,
                             {},
                             q.closeCode,
                             q.closeReason});
            continue;
        }
        if (q.refusal) {
            batch.push_back({{q.connection, request.id, QString()}, *q.refusal, false, {}, 0, {}});
            continue;
        }
        m_current = {q.connection, request.id,
                     m_handlers.contains(request.op) ? request.op : QString()};
        m_deferred = false;
        Result<Reply> result = dispatch(*q.connection, request.op, request.args);
        batch.push_back({m_current,
                         std::move(result),
                         std::exchange(m_deferred, false),
                         std::exchange(m_pendingSnapshots, {}),
                         0,
                         {}});
    }
    m_lastBatchStartNs = startNs;
    m_lastBatchHandlingNs = spent.nsecsElapsed();
    m_saturated = !m_queue.empty();
    const bool durable = !open || m_engine.commitBatch();
    // The batch handed off before this one has settled meanwhile (commitBatch() waited for it):
    // its turn first.
    settleInFlight(Settle::Settled);
    if (durable && m_engine.batchHandedOff()) {
        // With the writer: its replies wait, and what it published is built now, from the state
        // it left, and held.
        InFlight held;
        held.saturated = m_saturated;
        m_holding = &held.frames;
        sendSnapshots(batch);
        publishChanges();
        m_holding = nullptr;
        held.batch = std::move(batch);
        m_inFlight = std::move(held);
    } else {
        answerBatch(batch, durable, m_saturated);
        if (durable)
            sendSnapshots(batch);
        // Pushes caused by the batch follow its replies.
        publishChanges();
    }
    if (!m_queue.empty() && !std::exchange(m_drainPosted, true))
        QMetaObject::invokeMethod(this, &ExchangeService::drain, Qt::QueuedConnection);
}

void ExchangeService::answerBatch(const std::vector<Handled> &batch, bool durable, bool saturated)
{
    if (!batch.empty()) // empty: every request waiting was of a connection closed since
        Q_EMIT batchCommitted(int(batch.size()), durable, saturated);
    if (!durable) {
        // The engine has reloaded what is durable: nothing of the batch happened. Subscriptions
        // it added are taken back, and its pushes were dropped with the engine's changes.
        const Error failed {ErrorCode::Storage,
                            QStringLiteral("the exchange could not store this batch; nothing of"
                                           " it took effect")};
        for (const Handled &h : batch) {
            for (const PendingSnapshot &p : h.snapshots) {
                if (!p.added || !p.connection)
                    continue;
                const QString internal = internalChannel(p.name, p.connection->accountId());
                p.connection->subscriptions().remove(internal);
                m_channels[internal].subscribers.remove(p.connection.data());
            }
            if (h.closeCode != 0 && h.to.connection)
                h.to.connection->close(h.closeCode, h.closeReason);
            else if (!h.deferred)
                answer(h.to, failed);
        }
        return;
    }
    for (const Handled &h : batch) {
        if (h.closeCode != 0 && h.to.connection)
            h.to.connection->close(h.closeCode, h.closeReason);
        else if (!h.deferred)
            answer(h.to, h.result);
    }
}

void ExchangeService::sendSnapshots(const std::vector<Handled> &batch)
{
    for (const Handled &h : batch) {
        for (const PendingSnapshot &p : h.snapshots) {
            if (!p.connection)
                continue;
            const QString internal = internalChannel(p.name, p.connection->accountId());
            if (!p.connection->subscriptions().contains(internal))
                continue;
            // Build the snapshot first: it may publish a pending delta to the subscribers
            // before, which moves the seq.
            const QJsonObject data = snapshot(internal, *p.connection);
            ChannelState &channel = m_channels[internal];
            send(p.connection, Protocol::encodePush(p.name, channel.seq, PushType::Snapshot, data));
            channel.subscribers.insert(p.connection.data());
        }
    }
}

void ExchangeService::send(ServerConnection *c, const QString &frame)
{
    if (!m_holding) {
        c->send(frame);
    } else if (!m_holding->empty() && m_holding->back().frame.isSharedWith(frame)) {
        m_holding->back().to.append(c); // one frame to every subscriber of a channel
    } else {
        m_holding->push_back({{c}, frame});
    }
}

void ExchangeService::settleInFlight(Settle how)
{
    const std::optional<bool> settled =
        how == Settle::Settled ? m_engine.takeSettled() : m_engine.settle(how == Settle::Wait);
    if (!m_inFlight || !settled)
        return; // nothing handed off, or (Settled) still with the writer
    InFlight held = std::move(*m_inFlight);
    m_inFlight.reset();
    const bool durable = settled.value_or(false);
    answerBatch(held.batch, durable, held.saturated);
    if (durable) {
        for (const HeldFrame &f : held.frames) {
            for (const QPointer<ServerConnection> &c : f.to) {
                if (c)
                    c->send(f.frame);
            }
        }
    } else {
        resynchronise();
    }
    if (!m_engine.batchHandedOff() && std::exchange(m_marketAfterSettle, false))
        publishMarket();
}

void ExchangeService::resynchronise()
{
    // What was published of the failed batch never went out, but the baselines moved with it:
    // start them again from what is durable, and give every subscriber a snapshot of it.
    m_publishedBooks.clear();
    m_publishedTicker.clear();
    m_dueBooks.clear();
    m_dueTicker.clear();
    if (!m_engine.isOpen())
        return; // the reload failed: the exchange refuses everything
    m_market = std::make_unique<MarketData>(m_engine.catalog());
    QString error;
    if (!m_market->load(m_engine.database(), m_clock.nowMs(), &error))
        qCCritical(lcService) << "could not reload the market data:" << error;
    for (auto it = m_channels.begin(); it != m_channels.end(); ++it) {
        const bool isPrivate = isPrivateChannel(it.key());
        const QString name = isPrivate ? QString(Channel::AccountName) : it.key();
        const QList<ServerConnection *> subscribers = it->subscribers.values();
        std::optional<QJsonObject> shared;
        for (ServerConnection *c : subscribers) {
            if (!shared || isPrivate)
                shared = snapshot(it.key(), *c);
            c->send(Protocol::encodePush(name, it->seq, PushType::Snapshot, *shared));
        }
    }
}

Result<Reply> ExchangeService::dispatch(ServerConnection &c, const QString &op,
                                        const QJsonObject &args)
{
    const auto handler = m_handlers.constFind(op);
    if (handler == m_handlers.cend())
        return err(ErrorCode::UnknownOperation,
                   QStringLiteral("no operation \"%1\"").arg(op.left(64)));
    if (!m_engine.isOpen())
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    // Everything but the greeting, the clock, quotes, logins and public subscriptions needs a
    // session; roles are checked by the engine for every operation that changes something.
    const bool open = Op::isPublic(op);
    if (!open && c.accountId() == 0)
        return err(ErrorCode::Unauthenticated, QStringLiteral("sign in first"));
    if (c.accountId() != 0) {
        // Idle expiry is checked here, on every request, not only when the prune timer runs.
        if (!m_sessions->use(c.sessionKey())) { // logged out elsewhere or expired
            endSession(c);
            if (!open)
                return err(ErrorCode::Unauthenticated,
                           QStringLiteral("the session has ended; sign in again"));
        }
        // A session opened before a suspension ends at its next request (the engine refuses
        // every operation of a suspended account all the same).
        const std::optional<Account> account = m_engine.account(c.accountId());
        if (account
            && (account->state == AccountState::Suspended
                || account->state == AccountState::Rejected)) {
            m_sessions->revoke(c.sessionKey());
            endSession(c);
            if (!open)
                return *ExchangeEngine::stateRefusal(*account);
        }
    }
    return (*handler)(c, args);
}

ExchangeService::PendingReply ExchangeService::deferReply()
{
    m_deferred = true;
    return m_current;
}

void ExchangeService::answer(const PendingReply &to, const Result<Reply> &result)
{
    if (to.connection) {
        if (result && !result->json.isEmpty())
            to.connection->send(Protocol::encodeResultJson(to.id, result->json));
        else if (result)
            to.connection->sendResult(to.id, result->object);
        else
            to.connection->sendError(to.id, result.code(), result.error().message);
    }
    Q_EMIT requestAnswered(to.op, result ? QString() : errorCodeName(result.code()));
}

// The engine's answer as a reply: encode(value), or its error as it stands.
template<typename T, typename Encode>
Result<Reply> ExchangeService::reply(const Result<T> &result, Encode encode)
{
    if (!result)
        return result.error();
    return encode(*result);
}

Result<Reply> ExchangeService::hello(ServerConnection &, const QJsonObject &args)
{
    const Result<Hello> request = Wire::helloFromJson(args);
    if (!request)
        return request.error();
    if (request->protocol != Protocol::Version)
        return err(ErrorCode::UnsupportedVersion,
                   QStringLiteral("this server speaks protocol %1").arg(Protocol::Version));
    ServerInfo info;
    info.server =
        QStringLiteral("%1 %2").arg(m_options.serverName, QCoreApplication::applicationVersion());
    info.protocol = Protocol::Version;
    info.mode = m_options.sandbox ? ServerMode::Sandbox : ServerMode::Server;
    info.timeMs = m_clock.nowMs();
    for (const GpuModel &g : m_engine.catalog().gpus())
        info.gpus.append(g.id);
    return Wire::toJson(info);
}

Result<Reply> ExchangeService::ping(ServerConnection &, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::Ping); !none)
        return none.error();
    return Wire::pingReply(m_clock.nowMs());
}

namespace {

// Drops the times older than windowMs; how many are left.
qsizetype recent(QHash<QString, std::deque<qint64>> &map, const QString &key, qint64 windowMs,
                 qint64 now)
{
    auto it = map.find(key);
    if (it == map.end())
        return 0;
    while (!it->empty() && now - it->front() > windowMs)
        it->pop_front();
    if (it->empty()) {
        map.erase(it);
        return 0;
    }
    return qsizetype(it->size());
}

constexpr qint64 MinuteMs = 60'000;

} // namespace

qint64 ExchangeService::signInDelay(const QString &email, qint64 now) const
{
    const auto it = m_emailFailures.constFind(email);
    if (it == m_emailFailures.cend() || now - it->lastMs > m_options.signInWindowMs)
        return 0;
    const int over = it->count - m_options.signInFreeFailures;
    if (over <= 0)
        return 0;
    const qint64 delay = std::min(m_options.signInMaxDelayMs,
                                  m_options.signInFirstDelayMs << std::min(over - 1, 30));
    return std::max<qint64>(0, it->lastMs + delay - now);
}

void ExchangeService::recordFailure(const QString &email, const QString &address, qint64 accountId)
{
    const qint64 now = m_monotonic.elapsed();
    EmailFailures &f = m_emailFailures[email];
    f.count = now - f.lastMs > m_options.signInWindowMs ? 1 : f.count + 1;
    f.lastMs = now;
    m_addressFailures[address].push_back(now);
    // Kept for support's inspector too (memory forgets after the window, and at a restart).
    if (m_engine.isOpen()
        && !m_engine.database().insertSignInFailure({email, accountId, address, wallMs()}))
        qCWarning(lcService) << "could not store a failed sign-in:"
                             << m_engine.database().lastError();
}

qint64 ExchangeService::wallMs() const
{
    return (m_options.sessionClock ? *m_options.sessionClock : m_systemClock).nowMs();
}

void ExchangeService::prune()
{
    const qint64 now = m_monotonic.elapsed();
    if (m_sessions && m_engine.isOpen()) {
        m_sessions->prune();
        if (m_engine.database().deleteSignInFailuresBefore(wallMs() - SignInFailureRetentionMs) < 0)
            qCWarning(lcService) << "could not prune failed sign-ins:"
                                 << m_engine.database().lastError();
    }
    for (auto it = m_emailFailures.begin(); it != m_emailFailures.end();) {
        if (now - it->lastMs > m_options.signInWindowMs)
            it = m_emailFailures.erase(it);
        else
            ++it;
    }
    for (auto *map : {&m_addressFailures, &m_addressSignIns}) {
        const qint64 window = map == &m_addressFailures ? m_options.signInWindowMs : MinuteMs;
        for (const QString &address : map->keys())
            recent(*map, address, window, now);
    }
}

std::optional<Error> ExchangeService::addressRefusal(const QString &address, qint64 now)
{
    if (recent(m_addressFailures, address, m_options.signInWindowMs, now)
        >= m_options.signInFailuresPerAddress)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("too many failed sign-ins from this address; try again in"
                                  " %1 minutes")
                       .arg(m_options.signInWindowMs / MinuteMs));
    if (recent(m_addressSignIns, address, MinuteMs, now) >= m_options.signInsPerAddressPerMinute)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("too many sign-ins from this address; try again in a minute"));
    return std::nullopt;
}

qsizetype ExchangeService::throttleEntryCount() const
{
    return m_emailFailures.size() + m_addressFailures.size() + m_addressSignIns.size();
}

Result<Reply> ExchangeService::signIn(ServerConnection &c, const Account &account)
{
    const QString token = m_sessions->create(account.id, c.peerAddress());
    if (token.isNull())
        return err(ErrorCode::Storage,
                   QStringLiteral("the session could not be stored; try again"));
    // The connection's previous session (another account of the sandbox) ends, with its
    // account channel: the new account must not go on receiving the old one's events.
    m_sessions->revoke(c.sessionKey());
    endSession(c);
    c.setSession(account.id, SessionStore::key(token));
    return Wire::toJson(SignIn {token, account});
}

Result<Reply> ExchangeService::login(ServerConnection &c, const QJsonObject &args)
{
    const Result<Credentials> request = Wire::credentialsFromJson(args);
    if (!request)
        return request.error();
    const QString email = request->email.trimmed().toLower();
    const QString address = c.peerAddress();
    const qint64 now = m_monotonic.elapsed();
    if (auto refused = addressRefusal(address, now))
        return *refused;
    if (pendingSignIns() >= m_hashing->capacity())
        return err(ErrorCode::RateLimited,
                   QStringLiteral("the server is busy with other sign-ins; try again shortly"));

    // Answered from finishLogin(), once the pool has verified the password.
    const PendingReply to = deferReply();
    const ExchangeEngine::SignInCheck check = m_engine.signInCheck(email);
    auto verify = [this, to, email, address, check, password = request->password] {
        const bool queued = m_hashing->verify(
            password, check.passwordHash, this,
            [this, to, email, address, accountId = check.accountId](bool verified) {
                finishLogin(to, email, address, accountId, verified);
            });
        if (!queued)
            answer(to,
                   err(ErrorCode::RateLimited,
                       QStringLiteral("the server is busy with other sign-ins; try again"
                                      " shortly")));
    };
    const qint64 delay = signInDelay(email, now);
    if (delay <= 0) {
        verify();
    } else {
        ++m_heldSignIns;
        QTimer::singleShot(std::chrono::milliseconds(delay), this, [this, verify] {
            --m_heldSignIns;
            verify();
        });
    }
    return QJsonObject();
}

void ExchangeService::finishLogin(const PendingReply &to, const QString &email,
                                  const QString &address, qint64 accountId, bool verified)
{
    settleInFlight(); // the account as it is durable
    const Result<Account> account = m_engine.isOpen()
        ? m_engine.signInResult(accountId, verified)
        : Result<Account>(err(ErrorCode::Storage, QStringLiteral("the exchange is closed")));
    if (!account && account.code() == ErrorCode::AuthenticationFailed) {
        recordFailure(email, address, accountId);
    } else if (account) {
        m_emailFailures.remove(email);
        m_addressSignIns[address].push_back(m_monotonic.elapsed());
    }
    if (!to.connection) { // closed meanwhile: the outcome still counts, nobody to tell
        answer(to, account ? Result<Reply>(QJsonObject()) : account.error());
        return;
    }
    answer(to, account ? signIn(*to.connection, *account) : account.error());
}

Result<Reply> ExchangeService::resume(ServerConnection &c, const QJsonObject &args)
{
    const Result<QString> token = Wire::resumeTokenFromJson(args);
    if (!token)
        return token.error();
    // From memory, or from the database after a restart.
    bool failed = false;
    const qint64 accountId = m_sessions->resume(*token, &failed);
    if (failed)
        return err(ErrorCode::Storage, QStringLiteral("the session could not be read; try again"));
    const std::optional<Account> account =
        accountId == 0 ? std::nullopt : m_engine.account(accountId);
    if (!account)
        return err(ErrorCode::AuthenticationFailed,
                   QStringLiteral("unknown or expired session; sign in again"));
    if (account->state == AccountState::Suspended || account->state == AccountState::Rejected) {
        m_sessions->revoke(SessionStore::key(*token));
        return *ExchangeEngine::stateRefusal(*account);
    }
    // A signed-in connection's earlier session ends, as at any sign-in (signIn()).
    const QByteArray key = SessionStore::key(*token);
    if (c.sessionKey() != key)
        m_sessions->revoke(c.sessionKey());
    endSession(c);
    c.setSession(account->id, key);
    return Wire::wrap(*account);
}

Result<Reply> ExchangeService::demo(ServerConnection &c, const QJsonObject &args)
{
    const Result<Role> role = Wire::demoRoleFromJson(args);
    if (!role)
        return role.error();
    if (!m_options.sandbox || !m_sandbox)
        return err(ErrorCode::Forbidden, QStringLiteral("demo accounts exist in the sandbox only"));
    const std::optional<Account> account = m_engine.account(m_sandbox->demoAccount(*role));
    if (!account)
        return err(ErrorCode::UnknownAccount,
                   QStringLiteral("the sandbox has no demo %1").arg(Wire::roleName(*role)));
    // The password is the sandbox's to know; the account's state is checked as at auth.login.
    const Result<Account> admitted = m_engine.signInResult(account->id, true);
    if (!admitted)
        return admitted.error();
    return signIn(c, *admitted);
}

Result<Reply> ExchangeService::logout(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::AuthLogout); !none)
        return none.error();
    m_sessions->revoke(c.sessionKey());
    endSession(c);
    return QJsonObject();
}

void ExchangeService::endSession(ServerConnection &c)
{
    const QString mine = privateChannel(c.accountId());
    if (c.subscriptions().remove(mine))
        m_channels[mine].subscribers.remove(&c);
    c.setSession(0, {});
}

Result<Reply> ExchangeService::accountGet(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::AccountGet); !none)
        return none.error();
    return Wire::toJson(
        AccountSummary {*m_engine.account(c.accountId()), m_engine.balance(c.accountId())});
}

Result<Reply> ExchangeService::walletQuote(ServerConnection &, const QJsonObject &args)
{
    const Result<TopUpRequest> request = Wire::topUpRequestFromJson(args);
    const std::optional<qint64> rate =
        request ? FxRates::builtIn().usdPerUnitMicros(request->currency) : std::nullopt;
    if (!rate || request->amountMinor <= 0 || request->amountMinor > MaxTopUpMinor)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a quote needs USD, EUR or GBP and an amount from 0.01 to %1")
                       .arg(Money::toPlain(MaxTopUpMinor)));
    return Wire::toJson(Quote {request->currency, request->amountMinor, *rate,
                               Money::convert(request->amountMinor, *rate)});
}

Result<Reply> ExchangeService::walletTopUp(ServerConnection &c, const QJsonObject &args)
{
    const Result<TopUpRequest> request = Wire::topUpRequestFromJson(args);
    if (!request)
        return request.error();
    // Money enters only against a payment: this asks for one and credits nothing.
    if (!paymentsEnabled())
        return err(ErrorCode::InvalidState,
                   QStringLiteral("this exchange takes no top-ups: its operator has "
                                  "configured no payment processor"));
    return reply(m_engine.requestTopUp(c.accountId(), request->currency, request->amountMinor),
                 [](const Payment &p) { return Wire::wrap(p); });
}

PaymentWebhook::Response ExchangeService::confirmPayment(const QByteArray &timestamp,
                                                         const QByteArray &signature,
                                                         const QByteArray &body)
{
    settleInFlight();
    const PaymentWebhook::Response response = PaymentWebhook::handle(
        m_engine, m_paymentSecret, timestamp, signature, body, QDateTime::currentSecsSinceEpoch());
    publishChanges();
    return response;
}

Result<Reply> ExchangeService::walletLedger(ServerConnection &c, const QJsonObject &args)
{
    const Result<LedgerQuery> query = Wire::ledgerQueryFromJson(args);
    if (!query)
        return query.error();
    return Wire::wrapList(m_engine.database().entries(c.accountId(), query->after, query->limit));
}

Result<Reply> ExchangeService::orderPlace(ServerConnection &c, const QJsonObject &args)
{
    const Result<BidRequest> request = Wire::bidRequestFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.placeBid(c.accountId(), *request),
                 [](const Placement &p) { return Reply::text(Wire::json(p)); });
}

Result<Reply> ExchangeService::orderCancel(ServerConnection &c, const QJsonObject &args)
{
    const Result<qint64> id = Wire::orderIdFromJson(args);
    if (!id)
        return id.error();
    return reply(m_engine.cancelOrder(c.accountId(), *id),
                 [](const BidOrder &o) { return Reply::text(Wire::jsonWrapped(o)); });
}

Result<Reply> ExchangeService::orderList(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::OrderList); !none)
        return none.error();
    return Wire::wrapList(m_engine.openOrders(c.accountId()));
}

Result<Reply> ExchangeService::rentalList(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::RentalList); !none)
        return none.error();
    // As customer or provider: a party to each, so with their access details.
    return Wire::wrapList(m_engine.runningRentals(c.accountId()));
}

Result<Reply> ExchangeService::rentalStop(ServerConnection &c, const QJsonObject &args)
{
    const Result<qint64> id = Wire::rentalIdFromJson(args);
    if (!id)
        return id.error();
    return reply(m_engine.stopRental(c.accountId(), *id),
                 [](const Rental &r) { return Wire::wrap(r); });
}

Result<Reply> ExchangeService::listingAdd(ServerConnection &c, const QJsonObject &args)
{
    const Result<ListingRequest> request = Wire::listingRequestFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.addListing(c.accountId(), *request),
                 [](const Listing &l) { return Wire::wrap(l); });
}

Result<Reply> ExchangeService::listingReprice(ServerConnection &c, const QJsonObject &args)
{
    const Result<Reprice> request = Wire::repriceFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.repriceListing(c.accountId(), request->listingId, request->askCents),
                 [](const Listing &l) { return Wire::wrap(l); });
}

ExchangeService::Handler ExchangeService::listingChange(ListingChange change)
{
    return [this, change](ServerConnection &c, const QJsonObject &args) -> Result<Reply> {
        const Result<qint64> id = Wire::listingIdFromJson(args);
        if (!id)
            return id.error();
        return reply((m_engine.*change)(c.accountId(), *id),
                     [](const Listing &l) { return Wire::wrap(l); });
    };
}

Result<Reply> ExchangeService::listingList(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::ListingList); !none)
        return none.error();
    if (m_engine.account(c.accountId())->role != Role::Provider)
        return err(ErrorCode::Forbidden, QStringLiteral("only providers have listings"));
    return Wire::wrapList(m_engine.listings(c.accountId()));
}

Result<Reply> ExchangeService::supportVerify(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::SupportVerify); !none)
        return none.error();
    if (m_engine.account(c.accountId())->role != Role::Support)
        return err(ErrorCode::Forbidden, QStringLiteral("support staff only"));
    const auto toCheck = [](const LedgerReport &r) {
        return Wire::toJson(ChainCheck {r.entries, r.ok, r.badEntry, r.badAccount, r.problem});
    };
    const Database::Options database = m_engine.databaseOptions();
    if (database.location == u":memory:") // no other connection sees it: verify here
        return toCheck(LedgerVerifier::verify(m_engine.database(), true));
    if (m_verifying)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("a verification of the ledger is already running"));
    // A full verification reads every entry: on a read-only connection of its own, on a thread
    // of its own, so that matching and pushes go on meanwhile.
    m_verifying = true;
    const PendingReply to = deferReply();
    m_verifier.start([this, database, key = m_engine.ledgerKey(), to, toCheck] {
        const LedgerReport report = LedgerVerifier::verifyDatabase(database, key);
        QMetaObject::invokeMethod(
            this,
            [this, report, to, toCheck] {
                settleInFlight();
                m_verifying = false;
                if (report.ok && m_engine.isOpen())
                    m_engine.recordCheckpoint(report.lastEntryId, report.lastHash);
                if (!report.ok)
                    qCCritical(lcService).noquote()
                        << "the ledger does not verify:" << report.problem;
                answer(to, toCheck(report));
            },
            Qt::QueuedConnection);
    });
    return QJsonObject();
}

// --- channels ----------------------------------------------------------------------------------

// The account channel is one name on the wire and one channel per account here:
// "account#<id>", which no client can name (a client's "account" is always its own).
QString ExchangeService::privateChannel(qint64 accountId)
{
    return Channel::AccountName + u'#' + QString::number(accountId);
}

bool ExchangeService::isPrivateChannel(const QString &internal)
{
    return internal.startsWith(Channel::AccountName + u'#');
}

QString ExchangeService::internalChannel(const QString &name, qint64 accountId)
{
    return name == Channel::AccountName ? privateChannel(accountId) : name;
}

bool ExchangeService::validChannel(const QString &name) const
{
    const std::optional<Channel::Spec> spec = Channel::parse(name);
    if (!spec)
        return false;
    switch (spec->kind) {
    case Channel::Kind::Ticker:
    case Channel::Kind::Account:
        return true;
    case Channel::Kind::Book:
    case Channel::Kind::Trades:
    case Channel::Kind::Candles:
        return m_engine.catalog().indexOf(spec->gpu) >= 0;
    }
    return false;
}

Result<Reply> ExchangeService::subscribe(ServerConnection &c, const QJsonObject &args)
{
    const Result<QString> name = Wire::channelFromJson(args);
    if (!name)
        return name.error();
    if (!validChannel(*name))
        return err(ErrorCode::UnknownChannel, QStringLiteral("no channel \"%1\"").arg(*name));
    if (*name == Channel::AccountName && c.accountId() == 0)
        return err(ErrorCode::Unauthenticated, QStringLiteral("sign in to follow your account"));
    const QString internal = internalChannel(*name, c.accountId());
    if (!c.subscriptions().contains(internal)
        && c.subscriptions().size() >= Protocol::MaxSubscriptions)
        return err(
            ErrorCode::TooManySubscriptions,
            QStringLiteral("at most %1 channels per connection").arg(Protocol::MaxSubscriptions));
    const bool added = !c.subscriptions().contains(internal);
    c.subscriptions().insert(internal);
    m_channels[internal]; // the channel is followed from now on (publish() counts its seq)
    // The snapshot follows the reply: drain() sends it once the reply is out, and only then
    // makes c a subscriber, so that no delta reaches c before its snapshot.
    m_pendingSnapshots.append({QPointer<ServerConnection>(&c), *name, added});
    return Wire::channelRequest(*name);
}

Result<Reply> ExchangeService::unsubscribe(ServerConnection &c, const QJsonObject &args)
{
    const Result<QString> name = Wire::channelFromJson(args);
    if (!name)
        return name.error();
    const QString internal = internalChannel(*name, c.accountId());
    c.subscriptions().remove(internal);
    auto it = m_channels.find(internal);
    if (it != m_channels.end())
        it->subscribers.remove(&c);
    return Wire::channelRequest(*name);
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

void ExchangeService::rememberPublishedBook(const QString &gpu)
{
    const OrderBook *book = m_engine.book(gpu);
    auto &published = m_publishedBooks[gpu];
    for (const Side side : {Side::Bid, Side::Ask}) {
        auto &known = published[side == Side::Bid ? 0 : 1];
        known.clear();
        for (const BookLevel &l : book->depth(side))
            known.insert(l.price, {l.quantity, l.orders});
    }
}

QJsonObject ExchangeService::snapshot(const QString &channel, ServerConnection &c)
{
    if (isPrivateChannel(channel)) {
        const qint64 id = c.accountId();
        AccountSnapshot s;
        s.account = *m_engine.account(id);
        s.balance = m_engine.balance(id);
        s.orders = m_engine.openOrders(id);
        s.rentals = m_engine.runningRentals(id); // a party to each: with access details
        s.listings = m_engine.listings(s.account.role == Role::Provider ? id : -1);
        s.payments = m_engine.pendingTopUps(id);
        return Wire::toJson(s);
    }
    const std::optional<Channel::Spec> spec = Channel::parse(channel);
    Q_ASSERT(spec); // subscribe() let only valid names through
    switch (spec->kind) {
    case Channel::Kind::Ticker: {
        // As for a book: the snapshot is the new baseline for everyone, so what changed since
        // the last publication goes to the subscribers first.
        QSet<QString> gpus;
        for (const GpuModel &g : m_engine.catalog().gpus())
            gpus.insert(g.id);
        publishTicker(gpus);
        QList<TickerEntry> entries;
        for (const GpuModel &g : m_engine.catalog().gpus())
            entries.append(m_publishedTicker.value(g.id));
        return Wire::wrapList(entries);
    }
    case Channel::Kind::Book: {
        // Deltas are diffs against what was last published; a fresh snapshot is also the new
        // baseline for everyone, so publish any pending difference first.
        publishBook(spec->gpu);
        const OrderBook *book = m_engine.book(spec->gpu);
        QJsonArray levels[2];
        for (const Side side : {Side::Bid, Side::Ask}) {
            for (const BookLevel &l : book->depth(side))
                levels[side == Side::Bid ? 0 : 1].append(
                    Wire::level(l.price, l.quantity, l.orders));
        }
        return Wire::bookData(levels[0], levels[1]);
    }
    case Channel::Kind::Trades:
        return Wire::wrapList(m_market->recentTrades(spec->gpu));
    case Channel::Kind::Candles:
        return Wire::wrapList(m_market->candles(spec->gpu, spec->interval));
    case Channel::Kind::Account:
        break; // the account channel is private, above
    }
    return {};
}

void ExchangeService::publish(const QString &channel, PushType type, const QJsonObject &data)
{
    auto it = m_channels.find(channel);
    if (it == m_channels.end())
        return;
    ++it->seq;
    if (it->subscribers.isEmpty())
        return;
    const QString name = isPrivateChannel(channel) ? QString(Channel::AccountName) : channel;
    const QString frame = Protocol::encodePush(name, it->seq, type, data);
    for (ServerConnection *c : std::as_const(it->subscribers))
        send(c, frame);
}

void ExchangeService::publishBook(const QString &gpu)
{
    const OrderBook *book = m_engine.book(gpu);
    auto published = m_publishedBooks.find(gpu);
    if (published == m_publishedBooks.end()) {
        rememberPublishedBook(gpu); // first time: the baseline, nothing to send
        return;
    }
    QJsonArray changedLevels[2];
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
        changedLevels[side == Side::Bid ? 0 : 1] = levels;
    }
    if (changed)
        publish(Channel::book(gpu), PushType::Delta,
                Wire::bookData(changedLevels[0], changedLevels[1]));
}

void ExchangeService::publishTicker(const QSet<QString> &gpus)
{
    QList<TickerEntry> changed;
    for (const QString &gpu : gpus) {
        const TickerEntry t = m_market->ticker(gpu, m_engine.book(gpu), m_clock.nowMs());
        if (m_publishedTicker.value(gpu) == t)
            continue;
        m_publishedTicker.insert(gpu, t);
        changed.append(t);
    }
    if (!changed.isEmpty())
        publish(Channel::TickerName, PushType::Delta, Wire::wrapList(changed));
}

void ExchangeService::publishMarket()
{
    if (m_engine.batchHandedOff() && !m_holding) {
        m_marketAfterSettle = true; // the books hold what is not durable yet
        return;
    }
    m_marketTimer.stop();
    m_lastMarketNs = m_monotonic.nsecsElapsed();
    if (!m_engine.isOpen()) { // closed after a reload that failed: nothing to publish from
        m_dueBooks.clear();
        m_dueTicker.clear();
        return;
    }
    for (const QString &gpu : std::exchange(m_dueBooks, {}))
        publishBook(gpu);
    publishTicker(std::exchange(m_dueTicker, {}));
}

void ExchangeService::publishAccount(qint64 accountId, const QString &type,
                                     const QJsonObject &payload)
{
    publish(privateChannel(accountId), PushType::Event, Wire::accountEvent(type, payload));
}

void ExchangeService::publishChanges()
{
    if (!m_holding)
        settleInFlight();
    if (!m_engine.isOpen())
        return;
    m_engine.advance();
    const EngineChanges changes = m_engine.takeChanges();
    const qint64 now = m_clock.nowMs();
    if (now - m_lastPrune > HourMs) {
        m_market->prune(now);
        m_lastPrune = now;
    }
    if (changes.isEmpty())
        return;

    // Public market data.
    QSet<QString> tickerGpus = changes.books;
    QHash<QString, QList<Trade>> tradesByGpu;
    MarketData::PerInterval<QHash<QString, QList<Candle>>> candleUpdates;
    for (const Trade &t : changes.trades) {
        const MarketData::PerInterval<Candle> candles = m_market->addTrade(t);
        tradesByGpu[t.gpu].append(t);
        for (std::size_t i = 0; i < CandleIntervals::Count; ++i) {
            QList<Candle> &list = candleUpdates[i][t.gpu];
            if (!list.isEmpty() && list.last().startMs == candles[i].startMs)
                list.last() = candles[i];
            else
                list.append(candles[i]);
        }
        tickerGpus.insert(t.gpu);
    }
    // Books and the ticker at once while no request waits behind this batch; while some do, at
    // most once a marketDataIntervalMs, merged, so that the fan-out does not take the time of
    // the requests. The tape and the candles, which list every trade, at once.
    m_dueBooks.unite(changes.books);
    m_dueTicker.unite(tickerGpus);
    const qint64 intervalNs = qint64(m_options.marketDataIntervalMs) * 1'000'000;
    const qint64 sinceNs = m_monotonic.nsecsElapsed() - m_lastMarketNs;
    const bool due = !m_dueBooks.isEmpty() || !m_dueTicker.isEmpty(); // else the last stays last
    if (due && (!m_saturated || sinceNs >= intervalNs))
        publishMarket();
    else if (due && !m_marketTimer.isActive())
        m_marketTimer.start(int((intervalNs - sinceNs + 999'999) / 1'000'000));
    for (auto it = tradesByGpu.cbegin(); it != tradesByGpu.cend(); ++it)
        publish(Channel::trades(it.key()), PushType::Delta, Wire::wrapList(it.value()));
    for (const CandleInterval interval : CandleIntervals::All) {
        const auto &updates = candleUpdates[CandleIntervals::index(interval)];
        for (auto it = updates.cbegin(); it != updates.cend(); ++it)
            publish(Channel::candles(it.key(), interval), PushType::Delta,
                    Wire::wrapList(it.value()));
    }

    // Private channels: only accounts with a subscriber get events built for them.
    auto watched = [this](qint64 id) {
        return !m_channels.value(privateChannel(id)).subscribers.isEmpty();
    };
    for (const BidOrder &o : changes.orders) {
        if (watched(o.accountId))
            publishAccount(o.accountId, AccountEvent::Order, Wire::wrap(o));
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
            // Both are parties to it: the rental goes with its access details, and to the
            // provider without the customer's identity.
            const Rental seen = ExchangeEngine::rentalSeenBy(r, id);
            publishAccount(id, AccountEvent::Rental, Wire::wrap(seen));
            if (started || ended) {
                Notification n;
                n.kind = started ? NotificationKind::RentalStarted : NotificationKind::RentalEnded;
                n.text = started
                    ? QStringLiteral("%1 x %2 rented for %3 h").arg(r.gpus).arg(r.gpu).arg(r.hours)
                    : QStringLiteral("rental of %1 x %2 ended").arg(r.gpus).arg(r.gpu);
                n.rental = seen;
                publishAccount(id, AccountEvent::Notification, Wire::toJson(n));
            }
        }
    }
    for (const Trade &t : changes.trades) {
        const qint64 buyer = buyerOfRental.value(t.rentalId);
        if (buyer && watched(buyer)) {
            Notification n;
            n.kind = NotificationKind::Fill;
            n.text = QStringLiteral("filled %1 x %2 at %3")
                         .arg(t.quantity)
                         .arg(t.gpu, Money::toPlain(t.priceCents));
            n.trade = t;
            publishAccount(buyer, AccountEvent::Notification, Wire::toJson(n));
        }
    }
    for (const LedgerEntry &e : changes.entries) {
        if (e.accountId != Ledger::SystemAccount && watched(e.accountId))
            publishAccount(e.accountId, AccountEvent::Ledger, Wire::wrap(e));
    }
    for (const qint64 id : changes.accounts) {
        const Balance b = m_engine.balance(id);
        if (watched(id))
            publishAccount(id, AccountEvent::Balance, Wire::wrap(b));
        const std::optional<Account> a = m_engine.account(id);
        const bool low = a && a->role == Role::Customer && b.available < m_options.lowBalanceCents;
        if (low && !m_lowBalanceNotified.contains(id)) {
            m_lowBalanceNotified.insert(id);
            if (watched(id)) {
                Notification n;
                n.kind = NotificationKind::LowBalance;
                n.text =
                    QStringLiteral("available balance is %1 USD").arg(Money::toPlain(b.available));
                n.balance = b;
                publishAccount(id, AccountEvent::Notification, Wire::toJson(n));
            }
        } else if (!low) {
            m_lowBalanceNotified.remove(id);
        }
    }
    for (const Listing &l : changes.listings) {
        if (watched(l.providerId))
            publishAccount(l.providerId, AccountEvent::Listing, Wire::wrap(l));
    }
    for (const Payout &p : changes.payouts) {
        if (watched(p.providerId))
            publishAccount(p.providerId, AccountEvent::Payout, Wire::wrap(p));
    }
    for (const Payment &p : changes.payments) {
        if (m_processor)
            m_processor->pay(p);
        if (!watched(p.accountId))
            continue;
        publishAccount(p.accountId, AccountEvent::Payment, Wire::wrap(p));
        Notification n;
        const QString amount = QStringLiteral("%1 %2").arg(Money::currencyCode(p.currency),
                                                           Money::toPlain(p.amountMinor));
        switch (p.state) {
        case PaymentState::Pending:
            n.kind = NotificationKind::TopUpPending;
            n.text =
                QStringLiteral("top-up %1 of %2 waits for its payment").arg(p.reference, amount);
            break;
        case PaymentState::Credited:
            n.kind = NotificationKind::TopUpCredited;
            n.text = QStringLiteral("top-up %1 of %2 credited %3 USD")
                         .arg(p.reference, amount, Money::toPlain(p.creditedCents));
            break;
        case PaymentState::Expired:
            n.kind = NotificationKind::TopUpExpired;
            n.text = QStringLiteral("top-up %1 of %2 expired unpaid").arg(p.reference, amount);
            break;
        }
        n.payment = p;
        publishAccount(p.accountId, AccountEvent::Notification, Wire::toJson(n));
    }
}

} // namespace everx
