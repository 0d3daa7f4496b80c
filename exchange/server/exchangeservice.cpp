// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeService (exchangeservice.h): its life (open, close), the queue of requests and the
// batches they are handled in (group commit), dispatch, answers, and the greeting. Each operation
// is handled in the file its entry in the table below names (exchangeservice_<topic>.cpp).

#include "server/exchangeservice.h"

#include "market/threadhandoff.h"

#include "engine/passwordhasher.h"
#include "sandbox/sandbox.h"
#include "server/serverconnection.h"
#include "server/simulatedprocessor.h"

#include "wire/wirecodec.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QLoggingCategory>

#include <functional>

namespace everx {

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
    // Every operation and its handler, by the file that handles it.
    m_handlers = {
        // The greeting and the clock (here).
        {Op::Hello, member(&ExchangeService::hello)},
        {Op::Ping, member(&ExchangeService::ping)},
        // Sign-in and sessions (exchangeservice_signin.cpp).
        {Op::AuthLogin, member(&ExchangeService::login)},
        {Op::AuthResume, member(&ExchangeService::resume)},
        {Op::AuthDemo, member(&ExchangeService::demo)},
        {Op::AuthLogout, member(&ExchangeService::logout)},
        // Accounts (exchangeservice_accounts.cpp).
        {Op::AccountGet, member(&ExchangeService::accountGet)},
        {Op::AuthSignup, member(&ExchangeService::signUp)},
        {Op::AuthVerify, member(&ExchangeService::verifyEmail)},
        {Op::AuthLogoutAll, member(&ExchangeService::logoutAll)},
        {Op::AccountPassword, member(&ExchangeService::changePassword)},
        {Op::SupportSuspend, member(&ExchangeService::supportSuspend)},
        {Op::SupportReactivate, member(&ExchangeService::supportReactivate)},
        {Op::SupportApplication, member(&ExchangeService::supportApplication)},
        // The wallet (exchangeservice_wallet.cpp).
        {Op::WalletQuote, member(&ExchangeService::walletQuote)},
        {Op::WalletTopUp, member(&ExchangeService::walletTopUp)},
        {Op::WalletLedger, member(&ExchangeService::walletLedger)},
        {Op::SupportLatePayments, member(&ExchangeService::supportLatePayments)},
        {Op::SupportCreditPayment, member(&ExchangeService::supportCreditPayment)},
        {Op::SupportRefundPayment, member(&ExchangeService::supportRefundPayment)},
        // Orders, rentals and quotes (exchangeservice_orders.cpp).
        {Op::OrderPlace, member(&ExchangeService::orderPlace)},
        {Op::OrderCancel, member(&ExchangeService::orderCancel)},
        {Op::OrderList, member(&ExchangeService::orderList)},
        {Op::RentalList, member(&ExchangeService::rentalList)},
        {Op::RentalStop, member(&ExchangeService::rentalStop)},
        {Op::MarketQuote, member(&ExchangeService::marketQuote)},
        {Op::MarketWindows, member(&ExchangeService::marketWindows)},
        // Listings, the provider workspace and payouts (exchangeservice_provider.cpp).
        {Op::ListingAdd, member(&ExchangeService::listingAdd)},
        {Op::ListingReprice, member(&ExchangeService::listingReprice)},
        {Op::ListingCluster, member(&ExchangeService::listingCluster)},
        {Op::ListingPause, listingChange(&ExchangeEngine::pauseListing)},
        {Op::ListingResume, listingChange(&ExchangeEngine::resumeListing)},
        {Op::ListingRemove, listingChange(&ExchangeEngine::removeListing)},
        {Op::ListingList, member(&ExchangeService::listingList)},
        {Op::PayoutRequest, member(&ExchangeService::payoutRequest)},
        {Op::PayoutList, member(&ExchangeService::payoutList)},
        {Op::ProviderRentals, member(&ExchangeService::providerRentals)},
        {Op::ProviderStats, member(&ExchangeService::providerStats)},
        {Op::SupportPayouts, member(&ExchangeService::supportPayouts)},
        {Op::SupportPayoutPaid, member(&ExchangeService::supportPayoutPaid)},
        {Op::SupportPayoutRejected, member(&ExchangeService::supportPayoutRejected)},
        // Support's workspace (exchangeservice_support.cpp).
        {Op::SupportSearch, member(&ExchangeService::supportSearch)},
        {Op::SupportAccount, member(&ExchangeService::supportAccount)},
        {Op::SupportLedger, member(&ExchangeService::supportLedger)},
        {Op::SupportHistory, member(&ExchangeService::supportHistory)},
        {Op::SupportNote, member(&ExchangeService::supportNote)},
        {Op::SupportAudit, member(&ExchangeService::supportAudit)},
        {Op::SupportPending, member(&ExchangeService::supportPending)},
        {Op::SupportAdjust, member(&ExchangeService::supportAdjust)},
        {Op::SupportApproveAdjustment, member(&ExchangeService::supportApproveAdjustment)},
        {Op::SupportDeclineAdjustment, member(&ExchangeService::supportDeclineAdjustment)},
        {Op::SupportVerify, member(&ExchangeService::supportVerify)},
        // Channels (exchangeservice_channels.cpp).
        {Op::Subscribe, member(&ExchangeService::subscribe)},
        {Op::Unsubscribe, member(&ExchangeService::unsubscribe)},
    };
    connect(&m_tick, &QTimer::timeout, this, &ExchangeService::publishChanges);
    m_marketTimer.setSingleShot(true);
    m_marketTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_marketTimer, &QTimer::timeout, this, &ExchangeService::publishMarket);
    connect(&m_pruneTimer, &QTimer::timeout, this, &ExchangeService::prune);
    connect(&m_heartbeat, &QTimer::timeout, this, [this] { m_engine.database().heartbeat(); });
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
    ExchangeEngine::Options engineOptions = options.engine;
    engineOptions.database.fenceTimeoutMs = options.fenceTimeoutMs;
    if (!m_engine.open(engineOptions, error))
        return false;
    m_market = std::make_unique<MarketData>(m_engine.catalog());
    if (!m_market->load(m_engine.database(), m_clock.nowMs(), error)) {
        m_engine.close();
        return false;
    }
    m_engine.takeChanges();
    // The writer's thread says when a batch handed off is done; its replies go out in turn.
    m_engine.database().setWrittenCallback(
        [this] { ThreadHandoff::post(this, [this] { settleInFlight(Settle::IfWritten); }); });
    m_sessions = std::make_unique<SessionStore>(
        m_engine.database(), options.sessionClock ? *options.sessionClock : m_systemClock,
        options.tokenIdleMs);
    m_paymentSecret = options.paymentSecret;
    m_mailer = options.mailer;
    if (!m_mailer && !options.mail.url.isEmpty()) {
        m_ownMailer = std::make_unique<SmtpMailer>(options.mail);
        m_mailer = m_ownMailer.get();
    }
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
    if (m_engine.database().fencePid() != 0 && options.fenceTimeoutMs > 0) {
        m_engine.database().heartbeat(); // the bound holds from now on (not during the load)
        m_heartbeat.start(std::max(50, options.fenceTimeoutMs / 4));
    }
    return true;
}

void ExchangeService::close()
{
    settleInFlight(); // its replies go out before the connections close
    m_tick.stop();
    m_marketTimer.stop();
    m_pruneTimer.stop();
    m_heartbeat.stop();
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
    m_ownMailer.reset(); // waits for the mail being sent
    m_mailer = nullptr;
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
        // Closed while it waited: deleted, or gone and about to be (a request handled for it
        // now could make it a subscriber after connectionClosed() has let go of it).
        if (!q.connection || q.connection->isClosed())
            continue;
        const Protocol::Frame &request = q.frame;
        if (q.closeCode != 0) {
            batch.push_back({{q.connection, 0, QString()},
                             QJsonObject(),
                             true,
                             {},
                             q.closeCode,
                             q.closeReason,
                             {}});
            continue;
        }
        if (q.refusal) {
            batch.push_back(
                {{q.connection, request.id, QString()}, *q.refusal, false, {}, 0, {}, {}});
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
                         {},
                         std::exchange(m_afterReply, {})});
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
                updateWatching(*p.connection);
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
        for (const HeldFrame &f : h.afterReply) {
            for (const QPointer<ServerConnection> &c : f.to) {
                if (c)
                    c->send(f.frame);
            }
        }
    }
}

void ExchangeService::sendSnapshots(const std::vector<Handled> &batch)
{
    for (const Handled &h : batch) {
        for (const PendingSnapshot &p : h.snapshots) {
            if (!p.connection || p.connection->isClosed())
                continue; // a subscriber only while it is open: connectionClosed() has run
            const QString internal = internalChannel(p.name, p.connection->accountId());
            if (!p.connection->subscriptions().contains(internal))
                continue;
            // Build the snapshot first: it may publish a pending delta to the subscribers
            // before, which moves the seq.
            const QJsonObject data = snapshot(internal, *p.connection);
            ChannelState &channel = m_channels[internal];
            const QString frame =
                Protocol::encodePush(p.name, channel.seq, PushType::Snapshot, data);
            // What it weighs beyond what subscribe() took, and the next one's guess.
            p.connection->chargeSnapshot(frame.size() - p.charged, false);
            channel.snapshotBytes = frame.size();
            send(p.connection, frame);
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
    info.clockRate = m_clock.rate();
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
} // namespace everx
