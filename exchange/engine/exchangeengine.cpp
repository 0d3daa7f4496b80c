// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's core: opening (the ledger's key, the ledger verified, the state loaded back from
// the database), closing, the books by GPU, and the check of an operation's actor. The operations
// are in exchangeengine_<topic>.cpp: accounts, top-ups, listings, bids and how they match, rentals
// and their hourly billing, payouts, support, the provider's statistics and the sandbox's history;
// the transactions around them in exchangeengine_commit.cpp (docs/architecture.md "The market").

#include "engine/exchangeengine.h"
#include "engine/exchangeengine_p.h"

#include "engine/ledgerkey.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLoggingCategory>

namespace everx {

using namespace MarketRules;

Q_LOGGING_CATEGORY(lcEngine, "everx.exchange.engine")

namespace {

QString roleName(Role role)
{
    switch (role) {
    case Role::Customer:
        return QStringLiteral("customer");
    case Role::Provider:
        return QStringLiteral("provider");
    case Role::Support:
        return QStringLiteral("support");
    }
    return {};
}

} // namespace

ExchangeEngine::ExchangeEngine(Clock &clock)
    : m_clock(clock)
{ }

ExchangeEngine::~ExchangeEngine()
{
    close();
}

bool ExchangeEngine::open(const Options &options, QString *error)
{
    close();
    m_catalog = options.catalog ? options.catalog : &GpuCatalog::builtIn();
    m_taxes = options.taxes ? options.taxes : &TaxTable::builtIn();
    m_fx = options.fx ? options.fx : &FxRates::builtIn();
    if (options.platformFeeBp < 0 || options.platformFeeBp > MaxBasisPoints) {
        if (error)
            *error = QStringLiteral("platform fee must be between 0 and %1 basis points")
                         .arg(MaxBasisPoints);
        return false;
    }
    if (options.reservationCancelFeeBp < 0 || options.reservationCancelFeeBp > MaxBasisPoints) {
        if (error)
            *error = QStringLiteral("the reservation cancellation fee must be between 0 and %1"
                                    " basis points")
                         .arg(MaxBasisPoints);
        return false;
    }
    m_feeBp = options.platformFeeBp;
    m_cancelFeeBp = options.reservationCancelFeeBp;
    m_passwordLog2N = options.passwordLog2N;
    m_maxOpenOrders = std::max(1, options.maxOpenOrders);
    m_dualControlThreshold = std::max<Cents>(0, options.dualControlThresholdCents);
    m_agentDailyLimit = std::max<Cents>(0, options.agentDailyLimitCents);
    m_ledgerRefused = false;
    m_ledgerReport = {};
    m_databaseOptions = options.database;

    // The key before the database: nothing is opened without one.
    const QString &location = options.database.location;
    QString keyFile = options.ledgerKeyFile;
    const bool postgres = location.startsWith(u"postgres");
    if (keyFile.isEmpty() && postgres) {
        if (error)
            *error = QStringLiteral("a PostgreSQL database needs a ledger key file");
        return false;
    }
    if (keyFile.isEmpty() && location != u":memory:")
        keyFile = QFileInfo(location).absoluteDir().filePath(QStringLiteral("ledger.key"));
    LedgerKey::Loaded key;
    if (keyFile.isEmpty()) {
        key = {PasswordHasher::randomBytes(LedgerKey::Size), true};
    } else {
        std::optional<LedgerKey::Loaded> loaded = LedgerKey::loadOrCreate(keyFile, error);
        if (!loaded)
            return false;
        key = *loaded;
    }
    if (!m_db.open(options.database, error)) {
        if (key.created && !keyFile.isEmpty())
            QFile::remove(keyFile);
        return false;
    }
    m_db.setLedgerKey(key.key);
    m_ledger.setKey(key.key);

    auto refuse = [&](const LedgerReport &report) {
        m_ledgerRefused = true;
        m_ledgerReport = report;
        if (error)
            *error = QStringLiteral("the ledger does not verify: %1").arg(report.problem);
        qCCritical(lcEngine).noquote() << "the ledger does not verify:" << report.problem;
        m_db.close();
        return false;
    };
    if (m_db.chainFormat() == Database::UnkeyedChain && options.rekeyUnkeyedChain) {
        QString problem;
        if (!m_db.rekeyChain(&problem)) {
            LedgerReport report;
            report.problem = problem;
            return refuse(report);
        }
    }
    // A key made just now cannot have keyed the entries already there: the file was lost or
    // its path changed. Refuse, and take the new key away again so that restoring the old one
    // is all it takes.
    if (key.created && !keyFile.isEmpty() && m_db.chainFormat() == Database::KeyedChain
        && m_db.entry(1)) {
        QFile::remove(keyFile);
        LedgerReport report;
        report.badEntry = 1;
        report.problem =
            QStringLiteral("the ledger key %1 did not exist, and a new key cannot verify entry 1"
                           " or any entry after it: restore the key file this database was"
                           " keyed with")
                .arg(keyFile);
        return refuse(report);
    }
    const LedgerReport report = LedgerVerifier::verify(m_db, false);
    if (!report.ok)
        return refuse(report);
    m_ledgerReport = report;
    qCInfo(lcEngine).noquote()
        << QStringLiteral("ledger verified: %1 entries checked%2, every balance and hold"
                          " recomputed")
               .arg(report.entries)
               .arg(report.fromCheckpoint ? QStringLiteral(" since the last checkpoint")
                                          : QString());
    if (!loadState(error)) {
        m_db.close();
        return false;
    }
    m_open = true;
    recordCheckpoint(report.lastEntryId, report.lastHash);
    return true;
}

bool ExchangeEngine::recordCheckpoint(qint64 entryId, const QByteArray &hash)
{
    if (entryId <= 0)
        return true;
    if (const auto last = m_db.lastCheckpoint(); last && last->entryId >= entryId)
        return true;
    Database::Checkpoint c;
    c.entryId = entryId;
    c.hash = hash;
    c.mac = Ledger::checkpointMac(m_db.ledgerKey(), entryId, hash);
    c.verifiedMs = QDateTime::currentMSecsSinceEpoch();
    return m_db.insertCheckpoint(c);
}

void ExchangeEngine::close()
{
    m_open = false;
    resetMemory();
    m_db.close(); // after the writer, if a batch was handed off
    m_settled.reset();
    m_handOffFailed = false;
}

void ExchangeEngine::resetMemory()
{
    m_books.clear();
    m_placementIndex.clear();
    m_waiting.clear();
    m_windowBids.clear();
    m_windowOffers.clear();
    m_windowOffersStale.clear();
    m_windowMarketReady.clear();
    m_listingReservations.clear();
    m_gpuReservations.clear();
    m_clusterKeys.clear();
    m_accounts.clear();
    m_accountByEmail.clear();
    m_accountsByConfusable.clear();
    m_listings.clear();
    m_listingAsks.clear();
    m_asks.clear();
    m_askHandles.clear();
    m_orders.clear();
    m_openOrderCount.clear();
    m_orderHandles.clear();
    m_rentals.clear();
    m_calendar = ListingCalendar();
    m_calendarHour = 0;
    m_payments.clear();
    m_paymentByReference.clear();
    m_latePayments.clear();
    m_payouts.clear();
    m_events.clear();
    m_ledger.clear();
    clearDirty();
    m_pendingAdjustments.clear();
    m_uncommittedEntries.clear();
    m_changes = {};
}

bool ExchangeEngine::loadState(QString *error)
{
    resetMemory();
    m_now = m_clock.nowMs(); // the calendar's spans and reminders are read from now
    std::optional<StoredState> s = m_db.load(error);
    if (!s)
        return false;
    // Each book's order pool holds twice what it loads (at least 1,024 orders) before it grows:
    // growing copies the pool, inside whichever request needs one slot more.
    std::vector<qsizetype> resting(size_t(m_catalog->size()), 0);
    QHash<qint64, qsizetype> bookOfListing;
    for (const Listing &l : std::as_const(s->listings))
        bookOfListing.insert(l.id, m_catalog->indexOf(l.gpu));
    for (const AskSlice &slice : std::as_const(s->asks)) {
        if (const qsizetype i = bookOfListing.value(slice.listingId, -1); i >= 0)
            ++resting[size_t(i)];
    }
    for (const BidOrder &o : std::as_const(s->openOrders)) {
        if (const qsizetype i = m_catalog->indexOf(o.gpu); i >= 0)
            ++resting[size_t(i)];
    }
    m_books.reserve(size_t(m_catalog->size()));
    for (qsizetype i = 0; i < m_catalog->size(); ++i) {
        m_books.push_back(std::make_unique<OrderBook>(
            std::max<qsizetype>(1024, 2 * resting[size_t(i)]), qint32(MaxPriceCents)));
    }
    m_placementIndex.resize(size_t(m_catalog->size()));
    m_waiting.resize(size_t(m_catalog->size()));
    m_windowBids.resize(size_t(m_catalog->size()));
    m_windowOffers.resize(size_t(m_catalog->size()));
    m_windowOffersStale.assign(size_t(m_catalog->size()), 1);
    m_windowMarketReady.assign(size_t(m_catalog->size()), 0);
    m_gpuReservations.assign(size_t(m_catalog->size()), 0);

    for (const Account &a : std::as_const(s->accounts)) {
        m_accounts.insert(a.id, a);
        indexAccount(a);
    }
    for (const Listing &l : std::as_const(s->listings)) {
        m_listings.insert(l.id, l);
        m_calendar.setListing(l.id, l.gpuCount);
    }
    // Running and reserved rentals: a reserved one takes its window in the calendar, holds all
    // of its hours and waits for its start (its first capture) and its reminders.
    for (const Rental &stored : std::as_const(s->runningRentals)) {
        Rental &r = *m_rentals.insert(stored.id, stored);
        bookRental(r);
        auto it = m_listings.find(r.listingId);
        if (it != m_listings.end()) {
            if (r.state == RentalState::Running)
                it->rentedGpus += r.gpus;
            r.region = it->region; // access details are the listing's, not stored twice
            r.endpoint = it->endpoint;
        }
        if (r.state == RentalState::Reserved) {
            r.cancelFeeCents = reservationCancelFee(r, m_cancelFeeBp);
            ++m_listingReservations[r.listingId];
            if (const qsizetype i = m_catalog->indexOf(r.gpu); i >= 0)
                ++m_gpuReservations[size_t(i)];
            scheduleReminders(r, m_clock.nowMs());
        }
        m_events.insert(rentalEvent(r));
    }
    // Resting orders go back in id order, which is the order they first rested in: time
    // priority within each level is exactly as acknowledged.
    for (const AskSlice &slice : std::as_const(s->asks)) {
        const auto it = m_listings.constFind(slice.listingId);
        OrderBook *book = it == m_listings.cend() ? nullptr : bookFor(it->gpu);
        if (!book || slice.quantity <= 0) {
            if (error)
                *error = QStringLiteral("ask slice %1 refers to no active listing").arg(slice.id);
            return false;
        }
        m_asks.insert(slice.id, slice);
        m_listingAsks[slice.listingId].append(slice.id);
        m_askHandles.insert(slice.id,
                            book->add(Side::Ask, AskIdFlag | quint64(slice.id), it->providerId,
                                      qint32(it->askCents), slice.quantity));
    }
    // The placement index in the same time priority: listings by the first slice they rest with.
    {
        QList<qint64> byFirstSlice;
        for (auto it = m_listingAsks.cbegin(); it != m_listingAsks.cend(); ++it)
            byFirstSlice.append(it.key());
        std::sort(byFirstSlice.begin(), byFirstSlice.end(), [this](qint64 a, qint64 b) {
            return m_listingAsks.value(a).first() < m_listingAsks.value(b).first();
        });
        for (const qint64 id : std::as_const(byFirstSlice))
            indexListing(m_listings[id]);
    }
    for (const BidOrder &o : std::as_const(s->openOrders)) {
        OrderBook *book = bookFor(o.gpu);
        if (!book || o.remaining <= 0) {
            if (error)
                *error = QStringLiteral("open order %1 is not valid").arg(o.id);
            return false;
        }
        m_orders.insert(o.id, o);
        ++m_openOrderCount[o.accountId];
        if (o.startMs != 0)
            m_windowBids[size_t(m_catalog->indexOf(o.gpu))].insert({-o.limitCents, o.id});
        else if (o.placement != Placement::Any)
            m_waiting[size_t(m_catalog->indexOf(o.gpu))].insert({-o.limitCents, o.id});
        else
            m_orderHandles.insert(o.id,
                                  book->add(Side::Bid, quint64(o.id), o.accountId,
                                            qint32(o.limitCents), o.remaining));
        if (o.expiresMs > 0)
            m_events.insert({o.expiresMs, EventKind::Expiry, o.id});
    }
    for (const Payment &p : std::as_const(s->pendingPayments)) {
        m_payments.insert(p.id, p);
        m_paymentByReference.insert(p.reference, p.id);
        m_events.insert({p.expiresMs, EventKind::PaymentExpiry, p.id});
    }
    for (const Payment &p : std::as_const(s->latePayments))
        m_latePayments.insert(p.id, p);
    for (const Payout &p : std::as_const(s->requestedPayouts))
        m_payouts.insert(p.id, p);
    m_ledger.restore(s->balances, s->lastEntryId, s->lastTxId, s->lastHash);
    m_lastAccountId = s->maxAccountId;
    m_lastListingId = s->maxListingId;
    m_lastOrderId = s->maxOrderId;
    m_lastRentalId = s->maxRentalId;
    m_lastAskId = s->maxAskId;
    m_lastTradeId = s->maxTradeId;
    m_lastAuditId = s->maxAuditId;
    m_lastPaymentId = s->maxPaymentId;
    m_lastPayoutId = s->maxPayoutId;
    for (const PendingAdjustment &a : m_db.adjustments(0, true))
        m_pendingAdjustments.insert(a.id, a);
    m_lastNoteId = m_db.maxId("support_notes");
    m_lastAdjustmentId = m_db.maxId("pending_adjustments");
    return true;
}

OrderBook *ExchangeEngine::bookFor(const QString &gpu)
{
    const qsizetype i = m_catalog->indexOf(gpu);
    return i < 0 ? nullptr : m_books[size_t(i)].get();
}

const OrderBook *ExchangeEngine::book(const QString &gpu) const
{
    const qsizetype i = m_catalog->indexOf(gpu);
    return i < 0 || size_t(i) >= m_books.size() ? nullptr : m_books[size_t(i)].get();
}

std::optional<Error> ExchangeEngine::checkActor(qint64 actor, std::initializer_list<Role> roles,
                                                const Account **out) const
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    const auto it = m_accounts.constFind(actor);
    if (it == m_accounts.cend())
        return err(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(actor));
    if (std::find(roles.begin(), roles.end(), it->role) == roles.end())
        return err(ErrorCode::Forbidden,
                   QStringLiteral("a %1 account may not do this").arg(roleName(it->role)));
    // Checked at every operation, so that a session opened before a suspension trades no more.
    if (auto refused = stateRefusal(*it))
        return refused;
    if (out)
        *out = &*it;
    return std::nullopt;
}

Result<Account *> ExchangeEngine::openAccount(qint64 id)
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    const auto it = m_accounts.find(id);
    if (it == m_accounts.end())
        return err(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(id));
    return &*it;
}

} // namespace everx
