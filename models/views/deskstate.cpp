// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/deskstate.h"

#include "wire/clientsession.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>

#include <algorithm>
#include <utility>

namespace everx {

DeskState::DeskState(ClientSession &session, const GpuCatalog &catalog, QObject *parent)
    : QObject(parent)
    , m_session(&session)
    , m_marketWatch(catalog)
    , m_catalog(catalog)
{
    m_fillTimer = new QTimer(this);
    m_fillTimer->setSingleShot(true);
    m_fillTimer->setInterval(FillWindowMs);
    connect(m_fillTimer, &QTimer::timeout, this, &DeskState::reportFills);
    // Reserved windows count down on the exchange's clock, as every time the desk shows.
    m_rentals.setClock([session = m_session] { return session->exchangeNowMs(); });
    connect(&session, &ClientSession::snapshotReceived, this, &DeskState::onSnapshot);
    connect(&session, &ClientSession::deltaReceived, this, &DeskState::onDelta);
    connect(&session, &ClientSession::bookDeltaReceived, this,
            [this](const QString &channel, qint64, const BookChange &change) {
                if (!m_bookChannel.isEmpty() && channel == m_bookChannel)
                    m_orderBook.applyDelta(change);
            });
    connect(&session, &ClientSession::signedIn, this,
            [this] { m_session->subscribe(Channel::AccountName); });
    connect(&session, &ClientSession::signedOut, this, [this] {
        m_openOrders.clear();
        m_rentals.clear();
        m_pendingTopUps.clear();
        m_fills.clear(); // the next account is not told of this one's fills
        m_fillTimer->stop();
        m_balance = {};
        Q_EMIT balanceChanged(m_balance);
    });
    connect(&session, &ClientSession::stateChanged, this, [this](ClientSession::State state) {
        // Without a connection the figures are stale: show none rather than wrong ones. The
        // resubscription after the reconnect brings fresh snapshots.
        if (state == ClientSession::State::Connecting
            || state == ClientSession::State::Disconnected)
            m_marketWatch.clearMarket();
        onStateChanged();
    });
    session.subscribe(Channel::TickerName);
    if (session.state() == ClientSession::State::SignedIn)
        session.subscribe(Channel::AccountName);
    m_hadConnection = session.state() == ClientSession::State::Connected
        || session.state() == ClientSession::State::SignedIn;
}

void DeskState::onStateChanged()
{
    if (!m_session)
        return;
    const ClientSession::State state = m_session->state();
    const bool up =
        state == ClientSession::State::Connected || state == ClientSession::State::SignedIn;
    if (!up) {
        if (m_hadConnection && m_staleSinceMs == 0) {
            m_staleSinceMs = QDateTime::currentMSecsSinceEpoch();
            m_fresh.clear();
            Q_EMIT staleChanged(true);
        }
        m_fresh.clear(); // snapshots of a connection that dropped do not count
        return;
    }
    m_hadConnection = true;
    checkResynchronised();
}

QSet<QString> DeskState::followedChannels() const
{
    QSet<QString> channels {QString(Channel::TickerName)};
    if (m_session && m_session->state() == ClientSession::State::SignedIn)
        channels.insert(QString(Channel::AccountName));
    if (!m_gpu.isEmpty()) {
        channels.insert(Channel::book(m_gpu));
        channels.insert(Channel::trades(m_gpu));
        channels.insert(Channel::candles(m_gpu, m_interval));
    }
    return channels;
}

void DeskState::checkResynchronised()
{
    if (m_staleSinceMs == 0 || !m_session)
        return;
    const ClientSession::State state = m_session->state();
    if (state != ClientSession::State::Connected && state != ClientSession::State::SignedIn)
        return;
    if (!m_fresh.contains(followedChannels()))
        return;
    m_staleSinceMs = 0;
    Q_EMIT staleChanged(false);
}

DeskState::~DeskState() = default;

int DeskState::taxBasisPoints() const
{
    if (!m_session)
        return 0;
    // While the connection is down the account is still signed in (its sign-in resumes on
    // reconnect): its rate is the last known one, not none, or every total would drop its tax.
    const bool signedIn = m_session->state() == ClientSession::State::SignedIn
        || (isStale() && m_session->account().id != 0);
    return signedIn ? m_session->taxBasisPoints() : 0;
}

QString DeskState::asOfText(const QLocale &locale) const
{
    if (!isStale())
        return {};
    return tr("As of %1: the connection to the exchange dropped; these figures may have changed.")
        .arg(locale.toString(QDateTime::fromMSecsSinceEpoch(m_staleSinceMs).toLocalTime().time(),
                             QLocale::ShortFormat));
}

void DeskState::selectGpu(const QString &gpu)
{
    if (gpu == m_gpu || !m_session)
        return;
    if (!m_gpu.isEmpty()) {
        m_session->unsubscribe(Channel::book(m_gpu));
        m_session->unsubscribe(Channel::trades(m_gpu));
        m_session->unsubscribe(Channel::candles(m_gpu, m_interval));
    }
    m_gpu = gpu;
    m_bookChannel = Channel::book(gpu);
    // The chart and the tape go empty at once rather than show the old GPU under the new name.
    m_tradeTape.follow(gpu);
    m_candles.follow(gpu, m_interval);
    m_session->subscribe(Channel::book(gpu));
    m_session->subscribe(Channel::trades(gpu));
    m_session->subscribe(Channel::candles(gpu, m_interval));
    checkResynchronised();
    Q_EMIT selectedGpuChanged(gpu);
}

void DeskState::setCandleInterval(CandleInterval interval)
{
    if (interval == m_interval)
        return;
    if (m_session && !m_gpu.isEmpty()) {
        m_session->unsubscribe(Channel::candles(m_gpu, m_interval));
        m_candles.follow(m_gpu, interval);
        m_session->subscribe(Channel::candles(m_gpu, interval));
    }
    m_interval = interval;
    Q_EMIT candleIntervalChanged(interval);
}

QString DeskState::notificationText(const QJsonObject &data, const GpuCatalog &catalog,
                                    const QLocale &locale)
{
    const std::optional<Notification> n = Wire::notificationFromJson(data);
    if (!n)
        return {};
    const QString &kind = n->kind;
    if (kind == NotificationKind::Fill) {
        if (const auto &t = n->trade)
            return tr("%n GPU(s) of %1 bought at %2 per GPU-hour", "", t->quantity)
                .arg(catalog.displayName(t->gpu), Money::format(t->priceCents, locale));
    } else if (kind == NotificationKind::RentalStarted || kind == NotificationKind::RentalEnded) {
        if (const auto &r = n->rental) {
            return kind == NotificationKind::RentalStarted
                ? tr("Rental started: %n GPU(s) of %1, %2 h at %3 per GPU-hour", "", r->gpus)
                      .arg(catalog.displayName(r->gpu), locale.toString(r->hours),
                           Money::format(r->priceCents, locale))
                : tr("Rental ended: %n GPU(s) of %1", "", r->gpus).arg(catalog.displayName(r->gpu));
        }
    } else if (kind == NotificationKind::RentalReserved
               || kind == NotificationKind::ReservationReminder
               || kind == NotificationKind::ReservationCancelled) {
        if (const auto &r = n->rental) {
            const QString start =
                locale.toString(QDateTime::fromMSecsSinceEpoch(r->startedMs), QLocale::ShortFormat);
            if (kind == NotificationKind::RentalReserved)
                return tr("Reserved: %n GPU(s) of %1 from %2 for %3 h", "", r->gpus)
                    .arg(catalog.displayName(r->gpu), start, locale.toString(r->hours));
            if (kind == NotificationKind::ReservationReminder)
                return tr("Your window of %n GPU(s) of %1 starts at %2", "", r->gpus)
                    .arg(catalog.displayName(r->gpu), start);
            return r->cancelFeeCents > 0
                ? tr("Reservation of %n GPU(s) of %1 from %2 cancelled; fee %3", "", r->gpus)
                      .arg(catalog.displayName(r->gpu), start,
                           Money::format(r->cancelFeeCents, locale))
                : tr("Reservation of %n GPU(s) of %1 from %2 cancelled and refunded in full", "",
                     r->gpus)
                      .arg(catalog.displayName(r->gpu), start);
        }
    } else if (kind == NotificationKind::LowBalance) {
        if (const auto &b = n->balance)
            return tr("Your available balance is low: %1").arg(Money::format(b->available, locale));
    } else if (kind == NotificationKind::ApplicationApproved) {
        return tr("Your provider application is approved: you can list servers now.");
    } else if (kind == NotificationKind::ApplicationRejected) {
        return tr("Your provider application was rejected. Support can tell you why.");
    } else if (const auto &p = n->payment) {
        const QString paid = Money::format(p->amountMinor, locale, p->currency);
        if (kind == NotificationKind::TopUpPending)
            return tr("Top-up %1 waits for your payment of %2").arg(p->reference, paid);
        if (kind == NotificationKind::TopUpCredited)
            return tr("Top-up %1 credited: %2 paid, %3 added to your balance")
                .arg(p->reference, paid, Money::format(p->creditedCents, locale));
        if (kind == NotificationKind::TopUpExpired)
            return tr("Top-up %1 expired: no payment of %2 arrived").arg(p->reference, paid);
        if (kind == NotificationKind::TopUpLate)
            return tr("Top-up %1: your payment of %2 arrived after it expired; support will credit "
                      "it or have it refunded")
                .arg(p->reference, paid);
        if (kind == NotificationKind::TopUpRefunded)
            return tr("Top-up %1: your late payment of %2 was refunded (reference %3)")
                .arg(p->reference, paid, p->refundReference);
    }
    return n->text;
}

QString DeskState::fillsText(const QString &gpu, qint64 gpus, Cents lowest, Cents highest,
                             const GpuCatalog &catalog, const QLocale &locale)
{
    if (lowest == highest)
        return tr("%n GPU(s) of %1 bought at %2 per GPU-hour", "", int(gpus))
            .arg(catalog.displayName(gpu), Money::format(lowest, locale));
    return tr("%n GPU(s) of %1 bought at %2 to %3 per GPU-hour", "several fills at their prices",
              int(gpus))
        .arg(catalog.displayName(gpu), Money::format(lowest, locale),
             Money::format(highest, locale));
}

void DeskState::addFill(const Trade &t)
{
    const auto it = std::find_if(m_fills.begin(), m_fills.end(),
                                 [&t](const auto &f) { return f.first == t.orderId; });
    if (it == m_fills.end()) {
        m_fills.append({t.orderId, Fills {t.gpu, t.quantity, t.priceCents, t.priceCents}});
    } else {
        it->second.gpus += t.quantity;
        it->second.lowest = std::min(it->second.lowest, t.priceCents);
        it->second.highest = std::max(it->second.highest, t.priceCents);
    }
    if (!m_fillTimer->isActive())
        m_fillTimer->start();
}

void DeskState::reportFills()
{
    const QList<std::pair<qint64, Fills>> fills = std::exchange(m_fills, {});
    for (const auto &[order, f] : fills)
        Q_EMIT notification(QString(NotificationKind::Fill),
                            fillsText(f.gpu, f.gpus, f.lowest, f.highest, m_catalog, m_locale));
}

void DeskState::setLocale(const QLocale &locale)
{
    m_locale = locale;
    m_marketWatch.setLocale(locale);
    m_orderBook.setLocale(locale);
    m_openOrders.setLocale(locale);
    m_rentals.setLocale(locale);
    m_pendingTopUps.setLocale(locale);
    m_candles.setLocale(locale);
    m_tradeTape.setLocale(locale);
}

void DeskState::setBalance(const std::optional<Balance> &b)
{
    if (!b
        || (b->available == m_balance.available && b->held == m_balance.held
            && b->earnings == m_balance.earnings && b->payoutPending == m_balance.payoutPending))
        return;
    m_balance = *b;
    Q_EMIT balanceChanged(m_balance);
}

void DeskState::onSnapshot(const QString &channel, qint64, const QJsonObject &data)
{
    if (m_staleSinceMs != 0) {
        m_fresh.insert(channel);
        // After the models took it (below): un-marking shows the fresh figures.
        QMetaObject::invokeMethod(this, &DeskState::checkResynchronised, Qt::QueuedConnection);
    }
    if (channel == Channel::TickerName) {
        m_marketWatch.applySnapshot(data);
    } else if (channel == Channel::AccountName) {
        m_openOrders.applySnapshot(data);
        m_rentals.applySnapshot(data);
        m_pendingTopUps.applySnapshot(data);
        setBalance(Wire::unwrap<Balance>(data));
    } else if (channel == Channel::book(m_gpu)) {
        m_orderBook.applySnapshot(m_gpu, data);
    } else if (channel == Channel::trades(m_gpu)) {
        m_tradeTape.applySnapshot(m_gpu, data);
    } else if (channel == Channel::candles(m_gpu, m_interval)) {
        m_candles.applySnapshot(m_gpu, m_interval, data);
    }
}

void DeskState::onDelta(const QString &channel, qint64, PushType, const QJsonObject &data)
{
    // The book's deltas come as bookDeltaReceived().
    if (channel == Channel::TickerName) {
        m_marketWatch.applyDelta(data);
    } else if (channel == Channel::AccountName) {
        const QString type = Wire::accountEventType(data);
        if (type == AccountEvent::Balance)
            setBalance(Wire::unwrap<Balance>(data));
        else if (type == AccountEvent::Notification) {
            const std::optional<Notification> n = Wire::notificationFromJson(data);
            if (n && n->kind == NotificationKind::Fill && n->trade)
                addFill(*n->trade);
            else
                Q_EMIT notification(n.value_or(Notification()).kind,
                                    notificationText(data, m_catalog, m_locale));
        } else if (type == AccountEvent::Payment) {
            if (const std::optional<Payment> p = Wire::unwrap<Payment>(data))
                Q_EMIT paymentChanged(*p);
        }
        m_openOrders.applyEvent(data);
        m_rentals.applyEvent(data);
        m_pendingTopUps.applyEvent(data);
    } else if (channel == Channel::trades(m_gpu)) {
        m_tradeTape.applyDelta(data);
    } else if (channel == Channel::candles(m_gpu, m_interval)) {
        m_candles.applyDelta(data);
    }
}

} // namespace everx
