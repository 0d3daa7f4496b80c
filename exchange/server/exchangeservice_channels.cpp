// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeService's channels (docs/protocol.md "Channels"): subscribe and unsubscribe, the
// snapshots, and the publication of what the engine changed: books and the ticker (at most
// once a marketDataIntervalMs while requests wait), trades and candles, and each account's
// private events and notifications. Part of the service (exchangeservice.h).

#include "server/exchangeservice.h"

#include "server/serverconnection.h"
#include "server/simulatedprocessor.h"

#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QTimeZone>

namespace everx {

using namespace MarketRules;

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
    // A channel the connection has already: its state is the one the connection holds, and a
    // second snapshot would let 80 bytes in ask for tens of kilobytes out.
    if (c.subscriptions().contains(internal))
        return Wire::channelRequest(*name);
    if (c.subscriptions().size() >= Protocol::MaxSubscriptions)
        return err(
            ErrorCode::TooManySubscriptions,
            QStringLiteral("at most %1 channels per connection").arg(Protocol::MaxSubscriptions));
    // Watchers without a sign-in have their own, smaller share of the server.
    if (c.accountId() == 0 && !c.isWatching() && m_watchers >= m_options.maxAnonymousConnections) {
        const QString why = QStringLiteral("the server is full for connections without a sign-in"
                                           " (%1); sign in to watch")
                                .arg(m_options.maxAnonymousConnections);
        closeInTurn(c, Transport::ClosePolicy, why);
        return err(ErrorCode::RateLimited, why);
    }
    // A peer that does not read what it was sent takes no more snapshots.
    if (const qint64 waiting = c.queuedBytes(); waiting > Protocol::MaxQueuedBytesForSnapshot)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("%1 bytes sent to this connection have not been read yet; a"
                                  " snapshot waits until they are")
                       .arg(waiting));
    // The snapshot weighs in the request rate, as much as the channel's last one did (the
    // difference is taken when it is built).
    ChannelState &channel = m_channels[internal]; // followed from now on (publish() counts seq)
    if (!c.chargeSnapshot(channel.snapshotBytes, true))
        return err(ErrorCode::RateLimited,
                   QStringLiteral("the snapshot of %1 (about %2 bytes) is more than this"
                                  " connection's request rate allows now; try again shortly")
                       .arg(*name)
                       .arg(channel.snapshotBytes));
    c.subscriptions().insert(internal);
    updateWatching(c);
    // The snapshot follows the reply: drain() sends it once the reply is out, and only then
    // makes c a subscriber, so that no delta reaches c before its snapshot.
    m_pendingSnapshots.append({QPointer<ServerConnection>(&c), *name, true, channel.snapshotBytes});
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
    updateWatching(c);
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
    updateWatching(connection);
}

void ExchangeService::connectionTooSlow(ServerConnection &connection)
{
    Q_UNUSED(connection);
    ++m_tooSlowClosed;
}

void ExchangeService::updateWatching(ServerConnection &c)
{
    const bool watching = c.accountId() == 0 && !c.subscriptions().isEmpty();
    if (watching == c.isWatching())
        return;
    m_watchers += watching ? 1 : -1;
    c.setWatching(watching);
}

std::array<ExchangeService::PublishedSide, 2> ExchangeService::bookNow(const QString &gpu) const
{
    const OrderBook *book = m_engine.book(gpu);
    const PlacementIndex *placements = m_engine.placements(gpu);
    std::array<PublishedSide, 2> now;
    for (const BookLevel &l : book->depth(Side::Bid))
        now[0].insert(l.price, {l.quantity, l.orders, 0});
    for (const BookLevel &l : book->depth(Side::Ask))
        now[1].insert(l.price, {l.quantity, l.orders, placements->block(l.price)});
    return now;
}

void ExchangeService::rememberPublishedBook(const QString &gpu)
{
    m_publishedBooks[gpu] = bookNow(gpu);
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
        const PlacementIndex *placements = m_engine.placements(spec->gpu);
        QJsonArray bids, asks;
        for (const BookLevel &l : book->depth(Side::Bid))
            bids.append(Wire::level(l.price, l.quantity, l.orders));
        for (const BookLevel &l : book->depth(Side::Ask))
            asks.append(Wire::askLevel(l.price, l.quantity, l.orders, placements->block(l.price)));
        return Wire::bookData(bids, asks);
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
    auto published = m_publishedBooks.find(gpu);
    if (published == m_publishedBooks.end()) {
        rememberPublishedBook(gpu); // first time: the baseline, nothing to send
        return;
    }
    std::array<PublishedSide, 2> now = bookNow(gpu);
    QJsonArray changedLevels[2];
    bool changed = false;
    for (const int side : {0, 1}) {
        const auto level = [side](qint32 price, const PublishedLevel &l) {
            return side == 0 ? Wire::level(price, l.gpus, l.orders)
                             : Wire::askLevel(price, l.gpus, l.orders, l.block);
        };
        PublishedSide &known = (*published)[size_t(side)];
        QJsonArray levels;
        for (auto it = now[size_t(side)].cbegin(); it != now[size_t(side)].cend(); ++it) {
            if (known.value(it.key()) != it.value())
                levels.append(level(it.key(), it.value()));
        }
        for (auto it = known.cbegin(); it != known.cend(); ++it) {
            if (!now[size_t(side)].contains(it.key()))
                levels.append(level(it.key(), {}));
        }
        known = std::move(now[size_t(side)]);
        changed = changed || !levels.isEmpty();
        changedLevels[side] = levels;
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
    const auto startText = [](const Rental &r) {
        return QDateTime::fromMSecsSinceEpoch(r.startedMs, QTimeZone::utc()).toString(Qt::ISODate);
    };
    for (const Rental &r : changes.rentals) {
        // Hour 0 is billed as a rental starts, from a fill or at its reserved window's start.
        Notification n;
        if (r.state == RentalState::Running && r.hoursBilled == 1) {
            n.kind = NotificationKind::RentalStarted;
            n.text = QStringLiteral("%1 x %2 rented for %3 h").arg(r.gpus).arg(r.gpu).arg(r.hours);
        } else if (r.state == RentalState::Ended || r.state == RentalState::Stopped) {
            n.kind = NotificationKind::RentalEnded;
            n.text = QStringLiteral("rental of %1 x %2 ended").arg(r.gpus).arg(r.gpu);
        } else if (r.state == RentalState::Reserved) {
            n.kind = NotificationKind::RentalReserved;
            n.text = QStringLiteral("%1 x %2 reserved from %3 for %4 h")
                         .arg(r.gpus)
                         .arg(r.gpu, startText(r))
                         .arg(r.hours);
        } else if (r.state == RentalState::Cancelled) {
            n.kind = NotificationKind::ReservationCancelled;
            n.text = QStringLiteral("reservation of %1 x %2 from %3 cancelled")
                         .arg(r.gpus)
                         .arg(r.gpu, startText(r));
        }
        for (const qint64 id : {r.customerId, r.providerId}) {
            if (!watched(id))
                continue;
            // Both are parties to it: the rental goes with its access details, and to the
            // provider without the customer's identity.
            const Rental seen = ExchangeEngine::rentalSeenBy(r, id);
            publishAccount(id, AccountEvent::Rental, Wire::wrap(seen));
            if (!n.kind.isEmpty()) {
                n.rental = seen;
                publishAccount(id, AccountEvent::Notification, Wire::toJson(n));
            }
        }
    }
    for (const Rental &r : changes.reminders) {
        Notification n;
        n.kind = NotificationKind::ReservationReminder;
        n.text = QStringLiteral("%1 x %2 reserved from %3 starts soon")
                     .arg(r.gpus)
                     .arg(r.gpu, startText(r));
        for (const qint64 id : {r.customerId, r.providerId}) {
            if (!watched(id))
                continue;
            n.rental = ExchangeEngine::rentalSeenBy(r, id);
            publishAccount(id, AccountEvent::Notification, Wire::toJson(n));
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
    // A decided application: the account as it is now, a notification, and a rejected
    // provider's connections told (account.rejected) and signed out after them (its tokens were
    // revoked with the decision).
    for (const Account &a : changes.applications) {
        const bool approved = a.state == AccountState::Active;
        if (watched(a.id)) {
            publishAccount(a.id, AccountEvent::Account, Wire::wrap(a));
            Notification n;
            n.kind = approved ? NotificationKind::ApplicationApproved
                              : NotificationKind::ApplicationRejected;
            n.text = approved ? QStringLiteral("your provider application was approved")
                              : QStringLiteral("your provider application was rejected");
            publishAccount(a.id, AccountEvent::Notification, Wire::toJson(n));
        }
        if (a.state != AccountState::Rejected)
            continue;
        // Every connection of the account is told, subscribed to its channel or not
        // (docs/protocol.md "Session events"); support's reason stays with support.
        const QString told = Protocol::encodeEvent(SessionEvent::AccountRejected, {});
        const auto connections = findChildren<ServerConnection *>(Qt::FindDirectChildrenOnly);
        for (ServerConnection *c : connections) {
            if (c->accountId() == a.id && !c->isClosed())
                send(c, told);
        }
        endAccountSessions(a.id);
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
        case PaymentState::Late:
            n.kind = NotificationKind::TopUpLate;
            n.text = QStringLiteral("top-up %1 of %2 was paid after it expired; support will"
                                    " credit it or have it refunded")
                         .arg(p.reference, amount);
            break;
        case PaymentState::Refunded:
            n.kind = NotificationKind::TopUpRefunded;
            n.text = QStringLiteral("top-up %1 of %2, paid late, was refunded (reference %3)")
                         .arg(p.reference, amount, p.refundReference);
            break;
        }
        n.payment = p;
        publishAccount(p.accountId, AccountEvent::Notification, Wire::toJson(n));
    }
}

} // namespace everx
