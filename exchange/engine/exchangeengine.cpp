#include "engine/exchangeengine.h"

#include "market/textrules.h"

#include "engine/ledgerkey.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLoggingCategory>
#include <QtCore/QRegularExpression>

namespace everx {

using namespace MarketRules;

Q_LOGGING_CATEGORY(lcEngine, "everx.exchange.engine")

namespace {

bool validClientOrderId(const QString &id)
{
    if (id.size() > MaxClientOrderIdLength)
        return false;
    for (const QChar c : id) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7E)
            return false;
    }
    return true;
}

// "pay_" and 26 characters of RFC 4648 base32 (lower case) over 128 random bits: unguessable,
// and safe to read aloud or paste into a bank transfer's reference field.
QString newPaymentReference()
{
    const QByteArray bytes = PasswordHasher::randomBytes(16);
    if (bytes.size() != 16)
        return {};
    static constexpr char Alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
    QString out = QStringLiteral("pay_");
    quint32 buffer = 0;
    int bits = 0;
    for (const char byte : bytes) {
        buffer = (buffer << 8) | quint8(byte);
        bits += 8;
        while (bits >= 5) {
            out.append(QLatin1Char(Alphabet[(buffer >> (bits - 5)) & 31]));
            bits -= 5;
        }
    }
    if (bits > 0)
        out.append(QLatin1Char(Alphabet[(buffer << (5 - bits)) & 31]));
    return out;
}

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
    m_feeBp = options.platformFeeBp;
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
    m_accounts.clear();
    m_accountByEmail.clear();
    m_listings.clear();
    m_listingAsks.clear();
    m_asks.clear();
    m_askHandles.clear();
    m_orders.clear();
    m_openOrderCount.clear();
    m_orderHandles.clear();
    m_rentals.clear();
    m_payments.clear();
    m_paymentByReference.clear();
    m_payouts.clear();
    m_events.clear();
    m_ledger.clear();
    m_dirtyOrders.clear();
    m_dirtyRentals.clear();
    m_dirtyPayments.clear();
    m_dirtyPayouts.clear();
    m_dirtyListings.clear();
    m_dirtyAccounts.clear();
    m_dirtyAsks.clear();
    m_deletedAsks.clear();
    m_newTrades.clear();
    m_newAudit.clear();
    m_newNotes.clear();
    m_dirtyAdjustments.clear();
    m_pendingAdjustments.clear();
    m_removedListings.clear();
    m_uncommittedEntries.clear();
    m_changes = {};
}

bool ExchangeEngine::loadState(QString *error)
{
    resetMemory();
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

    for (const Account &a : std::as_const(s->accounts)) {
        m_accounts.insert(a.id, a);
        m_accountByEmail.insert(a.email, a.id);
    }
    for (const Listing &l : std::as_const(s->listings))
        m_listings.insert(l.id, l);
    for (const Rental &stored : std::as_const(s->runningRentals)) {
        Rental &r = *m_rentals.insert(stored.id, stored);
        auto it = m_listings.find(r.listingId);
        if (it != m_listings.end()) {
            it->rentedGpus += r.gpus;
            r.region = it->region; // access details are the listing's, not stored twice
            r.endpoint = it->endpoint;
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
    for (const BidOrder &o : std::as_const(s->openOrders)) {
        OrderBook *book = bookFor(o.gpu);
        if (!book || o.remaining <= 0) {
            if (error)
                *error = QStringLiteral("open order %1 is not valid").arg(o.id);
            return false;
        }
        m_orders.insert(o.id, o);
        ++m_openOrderCount[o.accountId];
        m_orderHandles.insert(
            o.id,
            book->add(Side::Bid, quint64(o.id), o.accountId, qint32(o.limitCents), o.remaining));
        if (o.expiresMs > 0)
            m_events.insert({o.expiresMs, EventKind::Expiry, o.id});
    }
    for (const Payment &p : std::as_const(s->pendingPayments)) {
        m_payments.insert(p.id, p);
        m_paymentByReference.insert(p.reference, p.id);
        m_events.insert({p.expiresMs, EventKind::PaymentExpiry, p.id});
    }
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

// --- transactions -------------------------------------------------------------------------

void ExchangeEngine::begin()
{
    m_now = m_clock.nowMs();
    beginTransaction();
}

void ExchangeEngine::beginTransaction()
{
    if (!m_inBatch) {
        // The batch handed off first: this operation read what it did.
        if (!settleHandOff())
            m_handOffFailed = true;
        m_db.begin();
    } else if (!m_batchOpen) {
        if (m_batchPipelined)
            m_db.beginDeferred(); // the connection may still be the writer's
        else
            m_db.begin();
        m_batchOpen = true;
    }
}

void ExchangeEngine::beginBatch(BatchCommit commit)
{
    Q_ASSERT(!m_inBatch);
    // A batch that waits for its commit builds on durable state only: the one handed off settles
    // first, and a failure reloads now, before anything of this batch happens.
    if (commit == BatchCommit::Wait && !settleHandOff())
        reloadDurable();
    m_inBatch = true;
    m_batchPipelined = commit == BatchCommit::Pipelined;
    m_batchOpen = false;
    m_batchFailed = false;
    m_batchWriteNanos = 0;
}

bool ExchangeEngine::commitBatch()
{
    Q_ASSERT(m_inBatch);
    m_inBatch = false;
    // This batch built on the one handed off: if that one failed, so does this.
    if (!settleHandOff()) {
        m_batchOpen = false;
        reloadDurable();
        return false;
    }
    if (!std::exchange(m_batchOpen, false))
        return !m_batchFailed; // nothing was written
    if (m_batchPipelined && !m_batchFailed) {
        m_db.handOff();
        // Its changes are complete: the caller takes them now, and holds what it builds of them.
        m_changes.entries.append(std::exchange(m_uncommittedEntries, {}));
        return true;
    }
    QElapsedTimer timer;
    timer.start();
    const bool ok = !m_batchFailed && m_db.commit();
    return finishCommit(ok, m_batchWriteNanos + timer.nsecsElapsed());
}

bool ExchangeEngine::settleHandOff()
{
    if (!m_db.handedOff())
        return true;
    qint64 nanos = 0;
    const bool ok = m_db.settle(&nanos);
    if (m_commitObserver)
        m_commitObserver(nanos / 1000, ok);
    m_settled = ok;
    if (!ok)
        qCCritical(lcEngine) << "commit failed (of a batch handed off to the writer):"
                             << m_db.lastError();
    return ok;
}

std::optional<bool> ExchangeEngine::settle(bool wait)
{
    Q_ASSERT(!m_inBatch);
    const bool failed = (wait || m_db.written()) && !settleHandOff();
    // Found failed by an operation outside a batch, whose commit then reloads: in case it did
    // not commit, reload here.
    if (std::exchange(m_handOffFailed, false) || failed)
        reloadDurable();
    return takeSettled();
}

void ExchangeEngine::post(const QString &kind, qint64 refId, const QString &memo,
                          const QList<LedgerLine> &lines)
{
    const bool balanced = m_ledger.post(m_now, kind, refId, memo, lines);
    Q_ASSERT_X(balanced, "ExchangeEngine::post", "unbalanced ledger transaction");
    Q_UNUSED(balanced);
    for (const LedgerLine &line : lines) {
        if (line.accountId != Ledger::SystemAccount)
            m_changes.accounts.insert(line.accountId);
    }
}

bool ExchangeEngine::commit()
{
    QElapsedTimer timer;
    timer.start();
    const bool written = writeDirty();
    if (m_inBatch) {
        // Durable only when the batch commits; a failed write fails the whole batch.
        m_batchFailed = m_batchFailed || !written;
        m_batchWriteNanos += timer.nsecsElapsed();
        return true;
    }
    const bool ok = !std::exchange(m_handOffFailed, false) && written && m_db.commit();
    return finishCommit(ok, timer.nsecsElapsed());
}

bool ExchangeEngine::writeDirty()
{
    bool ok = true;
    QSet<quint64> balanceKeys;
    const QList<LedgerEntry> entries = m_ledger.takePending();
    for (const LedgerEntry &e : entries) {
        ok = ok && m_db.insertEntry(e);
        balanceKeys.insert(Ledger::key(e.accountId, e.bucket));
    }
    for (const quint64 key : std::as_const(balanceKeys))
        ok = ok && m_db.upsertBalance(key, m_ledger.balances().value(key));
    for (const qint64 id : std::as_const(m_dirtyAccounts))
        ok = ok && m_db.upsertAccount(m_accounts.value(id));
    for (const qint64 id : std::as_const(m_dirtyListings)) {
        const auto it = m_listings.constFind(id);
        ok = ok && m_db.upsertListing(it != m_listings.cend() ? *it : m_removedListings.value(id));
    }
    for (const BidOrder &o : std::as_const(m_dirtyOrders))
        ok = ok && m_db.upsertOrder(m_orders.value(o.id, o));
    for (const Rental &r : std::as_const(m_dirtyRentals))
        ok = ok && m_db.upsertRental(m_rentals.value(r.id, r));
    for (const Payment &p : std::as_const(m_dirtyPayments))
        ok = ok && m_db.upsertPayment(p);
    for (const Payout &p : std::as_const(m_dirtyPayouts))
        ok = ok && m_db.upsertPayout(p);
    for (const qint64 id : std::as_const(m_deletedAsks))
        ok = ok && m_db.deleteAsk(id);
    for (const qint64 id : std::as_const(m_dirtyAsks)) {
        const auto it = m_asks.constFind(id);
        if (it != m_asks.cend())
            ok = ok && m_db.upsertAsk(*it);
    }
    for (const Trade &t : std::as_const(m_newTrades))
        ok = ok && m_db.insertTrade(t);
    for (const AuditRecord &a : std::as_const(m_newAudit))
        ok = ok && m_db.insertAudit(a);
    for (const SupportNote &n : std::as_const(m_newNotes))
        ok = ok && m_db.insertNote(n);
    for (const PendingAdjustment &a : std::as_const(m_dirtyAdjustments))
        ok = ok && m_db.upsertAdjustment(a);
    m_uncommittedEntries.append(entries);

    m_dirtyAccounts.clear();
    m_dirtyListings.clear();
    m_dirtyOrders.clear();
    m_dirtyRentals.clear();
    m_dirtyPayments.clear();
    m_dirtyPayouts.clear();
    m_dirtyAsks.clear();
    m_deletedAsks.clear();
    m_newTrades.clear();
    m_newAudit.clear();
    m_newNotes.clear();
    m_dirtyAdjustments.clear();
    m_removedListings.clear();
    return ok;
}

bool ExchangeEngine::finishCommit(bool ok, qint64 nanos)
{
    if (m_commitObserver)
        m_commitObserver(nanos / 1000, ok);
    if (ok) {
        m_changes.entries.append(std::exchange(m_uncommittedEntries, {}));
        return true;
    }
    qCCritical(lcEngine) << "commit failed, reloading state from the database:" << m_db.lastError();
    reloadDurable();
    return false;
}

void ExchangeEngine::reloadDurable()
{
    // The database refused: undo in memory by reading back what is durable.
    m_uncommittedEntries.clear();
    m_db.rollback();
    QString error;
    if (!loadState(&error)) {
        // Nothing trustworthy is left in memory: refuse everything until reopened.
        qCCritical(lcEngine) << "reload failed, the exchange closes:" << error;
        m_open = false;
        resetMemory();
    }
    m_changes = {};
}

void ExchangeEngine::touchOrder(const BidOrder &o)
{
    m_dirtyOrders.insert(o.id, o);
    m_changes.orders.append(o);
}

void ExchangeEngine::touchListing(const Listing &l)
{
    m_dirtyListings.insert(l.id);
    m_changes.listings.append(l);
}

void ExchangeEngine::touchRental(const Rental &r)
{
    m_dirtyRentals.insert(r.id, r);
    m_changes.rentals.append(r);
}

void ExchangeEngine::touchPayment(const Payment &p)
{
    m_dirtyPayments.insert(p.id, p);
    m_changes.payments.append(p);
}

void ExchangeEngine::touchPayout(const Payout &p)
{
    m_dirtyPayouts.insert(p.id, p);
    m_changes.payouts.append(p);
}

// --- accounts -------------------------------------------------------------------------------

Result<Account> ExchangeEngine::createAccount(const NewAccount &request,
                                              const AccountProfile &profile)
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    static const QRegularExpression emailPattern(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
    const QString email = request.email.trimmed().toLower();
    if (email.size() > MaxEmailLength || !emailPattern.match(email).hasMatch())
        return err(ErrorCode::InvalidArgument, QStringLiteral("not an email address"));
    if (request.password.size() < MinPasswordLength || request.password.size() > MaxPasswordLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("the password must have %1 to %2 characters")
                       .arg(MinPasswordLength)
                       .arg(MaxPasswordLength));
    const QString country = request.country.trimmed().toUpper();
    if (!m_taxes->contains(country))
        return err(ErrorCode::UnknownCountry,
                   QStringLiteral("no tax rate for country \"%1\"").arg(request.country.left(8)));
    if (m_accountByEmail.contains(email))
        return err(ErrorCode::DuplicateAccount,
                   QStringLiteral("an account with this email exists"));
    const QString hash = PasswordHasher::hash(request.password, m_passwordLog2N);
    if (hash.isEmpty())
        return err(ErrorCode::Storage, QStringLiteral("could not hash the password"));

    advance();
    begin();
    Account a;
    a.id = ++m_lastAccountId;
    a.email = email;
    a.role = request.role;
    a.country = country;
    a.passwordHash = hash;
    a.createdMs = m_now;
    a.name = profile.name.trimmed();
    a.company = request.role == Role::Provider ? profile.company.trimmed() : QString();
    m_accounts.insert(a.id, a);
    m_accountByEmail.insert(a.email, a.id);
    m_dirtyAccounts.insert(a.id);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the account could not be stored"));
    return a;
}

Result<Account> ExchangeEngine::authenticate(const QString &email, const QString &password) const
{
    const SignInCheck check = signInCheck(email);
    return signInResult(check.accountId, PasswordHasher::verify(password, check.passwordHash));
}

ExchangeEngine::SignInCheck ExchangeEngine::signInCheck(const QString &email) const
{
    const auto id = m_accountByEmail.constFind(email.trimmed().toLower());
    if (id == m_accountByEmail.cend()) {
        // Verified all the same, so that timing does not tell which emails exist. Made once,
        // at the engine's cost (the first unknown email pays for it).
        static const QString dummy =
            PasswordHasher::hash(QStringLiteral("dummy-password"), m_passwordLog2N);
        return {0, dummy};
    }
    return {*id, m_accounts[*id].passwordHash};
}

Result<Account> ExchangeEngine::signInResult(qint64 accountId, bool verified) const
{
    const auto a = m_accounts.constFind(accountId);
    if (!verified || a == m_accounts.cend())
        return err(ErrorCode::AuthenticationFailed, QStringLiteral("wrong email or password"));
    // Told only to whoever knows the password. A pending provider signs in (and is refused
    // every provider operation); a suspended or rejected account does not.
    if (a->state == AccountState::Suspended || a->state == AccountState::Rejected)
        return *stateRefusal(*a);
    return *a;
}

std::optional<Account> ExchangeEngine::account(qint64 id) const
{
    const auto it = m_accounts.constFind(id);
    return it == m_accounts.cend() ? std::nullopt : std::optional<Account>(*it);
}

std::optional<Account> ExchangeEngine::accountByEmail(const QString &email) const
{
    const auto id = m_accountByEmail.constFind(email.trimmed().toLower());
    return id == m_accountByEmail.cend() ? std::nullopt : account(*id);
}

std::optional<int> ExchangeEngine::taxBasisPoints(qint64 accountId) const
{
    const auto it = m_accounts.constFind(accountId);
    return it == m_accounts.cend() ? std::nullopt : m_taxes->basisPoints(it->country);
}

Balance ExchangeEngine::balance(qint64 accountId) const
{
    return {m_ledger.balance(accountId, Bucket::Available),
            m_ledger.balance(accountId, Bucket::Held),
            m_ledger.balance(accountId, Bucket::Earnings),
            m_ledger.balance(accountId, Bucket::PayoutPending)};
}

// --- money in ---------------------------------------------------------------------------------

Result<Quote> ExchangeEngine::quoteTopUp(Currency currency, qint64 amountMinor) const
{
    if (amountMinor <= 0 || amountMinor > MaxTopUpMinor)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a top-up must be between 0.01 and %1")
                       .arg(Money::toPlain(MaxTopUpMinor)));
    const std::optional<qint64> rate = m_fx->usdPerUnitMicros(currency);
    if (!rate)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("no quote for %1").arg(Money::currencyCode(currency)));
    const Cents usd = Money::convert(amountMinor, *rate);
    if (usd <= 0)
        return err(ErrorCode::InvalidArgument, QStringLiteral("the amount converts to nothing"));
    return Quote {currency, amountMinor, *rate, usd};
}

namespace {
// The memo keeps what was paid and the quoted rate, in a fixed machine-readable form.
QString topUpMemo(const Quote &q)
{
    return QStringLiteral("%1 %2 at %3")
        .arg(Money::currencyCode(q.currency), Money::toPlain(q.amountMinor))
        .arg(q.rateMicros);
}
} // namespace

Result<TopUp> ExchangeEngine::topUp(qint64 actor, Currency currency, qint64 amountMinor)
{
    advance();
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}))
        return *e;
    const Result<Quote> q = quoteTopUp(currency, amountMinor);
    if (!q)
        return q.error();
    begin();
    post(QStringLiteral("topup"), actor, topUpMemo(*q),
         {{actor, Bucket::Available, q->creditedCents},
          {Ledger::SystemAccount, Bucket::ExternalFunding, -q->creditedCents}});
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the top-up could not be stored"));
    return TopUp {*q, balance(actor)};
}

Result<Payment> ExchangeEngine::requestTopUp(qint64 actor, Currency currency, qint64 amountMinor)
{
    advance();
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}))
        return *e;
    const Result<Quote> q = quoteTopUp(currency, amountMinor);
    if (!q)
        return q.error();
    qsizetype waiting = 0;
    for (const Payment &p : std::as_const(m_payments))
        waiting += p.accountId == actor ? 1 : 0;
    if (waiting >= MaxPendingTopUps)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("%1 top-ups are already waiting for their payment").arg(waiting));
    Payment p;
    p.reference = newPaymentReference();
    if (p.reference.isEmpty() || m_paymentByReference.contains(p.reference))
        return err(ErrorCode::Internal, QStringLiteral("no randomness for a payment reference"));
    begin();
    p.id = ++m_lastPaymentId;
    p.accountId = actor;
    p.currency = q->currency;
    p.amountMinor = q->amountMinor;
    p.rateMicros = q->rateMicros;
    p.creditedCents = q->creditedCents;
    p.createdMs = m_now;
    p.expiresMs = m_now + TopUpExpiryMs;
    m_payments.insert(p.id, p);
    m_paymentByReference.insert(p.reference, p.id);
    m_events.insert({p.expiresMs, EventKind::PaymentExpiry, p.id});
    touchPayment(p);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the top-up could not be stored"));
    return p;
}

Result<PaymentReceipt> ExchangeEngine::confirmTopUp(const PaymentConfirmation &confirmation)
{
    advance(); // a payment due to expire by now has expired
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    const auto pending = m_paymentByReference.constFind(confirmation.reference);
    const std::optional<Payment> found = pending != m_paymentByReference.cend()
        ? std::optional<Payment>(m_payments.value(*pending))
        : m_db.paymentByReference(confirmation.reference);
    if (!found)
        return err(ErrorCode::UnknownPayment,
                   QStringLiteral("no payment has the reference \"%1\"")
                       .arg(confirmation.reference.left(64)));
    if (found->currency != confirmation.currency || found->amountMinor != confirmation.amountMinor)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("payment %1 is for %2 %3, not %4 %5")
                       .arg(found->reference, Money::currencyCode(found->currency),
                            Money::toPlain(found->amountMinor),
                            Money::currencyCode(confirmation.currency),
                            Money::toPlain(confirmation.amountMinor)));
    switch (found->state) {
    case PaymentState::Credited:
        return PaymentReceipt {*found, balance(found->accountId), true};
    case PaymentState::Expired:
        return err(ErrorCode::InvalidState,
                   QStringLiteral("payment %1 expired unpaid").arg(found->reference));
    case PaymentState::Pending:
        break;
    }
    begin();
    Payment p = *found;
    p.state = PaymentState::Credited;
    p.settledMs = m_now;
    post(QStringLiteral("topup"), p.accountId,
         topUpMemo({p.currency, p.amountMinor, p.rateMicros, p.creditedCents}),
         {{p.accountId, Bucket::Available, p.creditedCents},
          {Ledger::SystemAccount, Bucket::ExternalFunding, -p.creditedCents}});
    m_payments.remove(p.id);
    m_paymentByReference.remove(p.reference);
    m_events.erase({p.expiresMs, EventKind::PaymentExpiry, p.id});
    touchPayment(p);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the payment could not be stored"));
    return PaymentReceipt {p, balance(p.accountId), false};
}

QList<Payment> ExchangeEngine::pendingTopUps(qint64 accountId) const
{
    QList<Payment> out;
    for (const Payment &p : std::as_const(m_payments)) {
        if (accountId == 0 || p.accountId == accountId)
            out.append(p);
    }
    std::sort(out.begin(), out.end(),
              [](const Payment &a, const Payment &b) { return a.id < b.id; });
    return out;
}

Result<Balance> ExchangeEngine::adjustBalance(qint64 actor, qint64 target, Cents delta,
                                              const QString &reason)
{
    advance();
    if (auto e = checkActor(actor, {Role::Support}))
        return *e;
    const QString why = reason.trimmed();
    if (auto e = adjustmentRefusal(target, delta, why))
        return *e;

    begin();
    AuditRecord audit {
        ++m_lastAuditId, m_now,
        actor,           QStringLiteral("adjustment"),
        target,          QStringLiteral("%1 USD: %2").arg(Money::toPlain(delta), why)};
    post(
        QStringLiteral("adjustment"), audit.id, why,
        {{target, Bucket::Available, delta}, {Ledger::SystemAccount, Bucket::Adjustments, -delta}});
    m_newAudit.append(audit);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the adjustment could not be stored"));
    return balance(target);
}

// --- listings ----------------------------------------------------------------------------------

Result<Listing> ExchangeEngine::addListing(qint64 actor, const ListingRequest &request)
{
    advance();
    if (auto e = checkActor(actor, {Role::Provider}))
        return *e;
    if (!bookFor(request.gpu))
        return err(ErrorCode::UnknownGpu,
                   QStringLiteral("no GPU \"%1\" in the catalog").arg(request.gpu.left(32)));
    if (request.gpuCount < 1 || request.gpuCount > MaxGpusPerListing)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a server lists 1 to %1 GPUs").arg(MaxGpusPerListing));
    if (request.askCents < MinPriceCents || request.askCents > MaxPriceCents)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the price must be 0.01 to %1 USD").arg(Money::toPlain(MaxPriceCents)));
    const QString region = request.region.trimmed();
    const QString endpoint = request.endpoint.trimmed();
    if (region.isEmpty() || region.size() > MaxRegionLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("the region needs 1 to %1 characters").arg(MaxRegionLength));
    if (endpoint.isEmpty() || endpoint.size() > MaxEndpointLength)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the access endpoint needs 1 to %1 characters").arg(MaxEndpointLength));
    // The codec refuses these on the wire already; the engine holds every caller to them.
    if (const QString why = TextRules::problem(region); !why.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("region: ") + why);
    if (const QString why = TextRules::endpointProblem(endpoint); !why.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("endpoint: ") + why);

    begin();
    Listing l;
    l.id = ++m_lastListingId;
    l.providerId = actor;
    l.gpu = request.gpu;
    l.gpuCount = request.gpuCount;
    l.region = region;
    l.endpoint = endpoint;
    l.askCents = request.askCents;
    l.state = ListingState::Active;
    l.createdMs = m_now;
    Listing &stored = *m_listings.insert(l.id, l);
    touchListing(stored);
    offerIdle(stored, stored.gpuCount);
    const Listing result = stored;
    return committed(result);
}

Listing *ExchangeEngine::providerListing(qint64 actor, qint64 listingId,
                                         std::optional<Error> *refusal)
{
    advance();
    if ((*refusal = checkActor(actor, {Role::Provider})))
        return nullptr;
    const auto it = m_listings.find(listingId);
    if (it == m_listings.end()) {
        *refusal = err(ErrorCode::UnknownListing, QStringLiteral("no listing %1").arg(listingId));
        return nullptr;
    }
    if (it->providerId != actor) {
        *refusal =
            err(ErrorCode::NotOwner, QStringLiteral("listing %1 is not yours").arg(listingId));
        return nullptr;
    }
    return &*it;
}

Result<Listing> ExchangeEngine::committed(const Listing &result)
{
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the listing could not be stored"));
    return result;
}

Result<Listing> ExchangeEngine::repriceListing(qint64 actor, qint64 listingId, Cents askCents)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, listingId, &refusal);
    if (!listing)
        return *refusal;
    if (askCents < MinPriceCents || askCents > MaxPriceCents)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the price must be 0.01 to %1 USD").arg(Money::toPlain(MaxPriceCents)));
    begin();
    Listing &l = *listing;
    // A new price is a new order: the idle GPUs go to the back of the new level.
    const qint32 idle = l.state == ListingState::Active ? withdrawAsks(l) : 0;
    l.askCents = askCents;
    touchListing(l);
    if (idle > 0)
        offerIdle(l, idle);
    const Listing result = l;
    return committed(result);
}

Result<Listing> ExchangeEngine::pauseListing(qint64 actor, qint64 listingId)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, listingId, &refusal);
    if (!listing)
        return *refusal;
    Listing &l = *listing;
    if (l.state != ListingState::Active)
        return err(ErrorCode::InvalidState, QStringLiteral("the listing is not active"));
    begin();
    withdrawAsks(l);
    l.state = ListingState::Paused;
    touchListing(l);
    const Listing result = l;
    return committed(result);
}

Result<Listing> ExchangeEngine::resumeListing(qint64 actor, qint64 listingId)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, listingId, &refusal);
    if (!listing)
        return *refusal;
    Listing &l = *listing;
    if (l.state != ListingState::Paused)
        return err(ErrorCode::InvalidState, QStringLiteral("the listing is not paused"));
    begin();
    l.state = ListingState::Active;
    touchListing(l);
    offerIdle(l, l.gpuCount - l.rentedGpus);
    const Listing result = l;
    return committed(result);
}

Result<Listing> ExchangeEngine::removeListing(qint64 actor, qint64 listingId)
{
    std::optional<Error> refusal;
    Listing *listing = providerListing(actor, listingId, &refusal);
    if (!listing)
        return *refusal;
    Listing &l = *listing;
    if (l.rentedGpus > 0)
        return err(ErrorCode::ListingHasRentals,
                   QStringLiteral("%1 GPUs of this listing are rented; pause it and remove it when"
                                  " the rentals end")
                       .arg(l.rentedGpus));
    begin();
    withdrawAsks(l);
    l.state = ListingState::Removed;
    l.removedMs = m_now;
    Listing result = l;
    m_removedListings.insert(l.id, l);
    touchListing(result);
    m_listings.remove(listingId);
    m_listingAsks.remove(listingId);
    return committed(result);
}

qint32 ExchangeEngine::withdrawAsks(Listing &listing)
{
    OrderBook *book = bookFor(listing.gpu);
    qint32 withdrawn = 0;
    const QList<qint64> slices = m_listingAsks.take(listing.id);
    for (const qint64 id : slices) {
        withdrawn += book->cancel(m_askHandles.take(id));
        m_asks.remove(id);
        m_dirtyAsks.remove(id);
        m_deletedAsks.insert(id);
    }
    if (!slices.isEmpty())
        m_changes.books.insert(listing.gpu);
    return withdrawn;
}

// Idle GPUs of a listing enter the book as an incoming ask: they first trade with resting bids
// at or above the ask (at the bids' prices), and what is left rests at the back of its level.
void ExchangeEngine::offerIdle(Listing &listing, qint32 quantity)
{
    if (quantity <= 0 || listing.state != ListingState::Active)
        return;
    OrderBook *book = bookFor(listing.gpu);
    m_changes.books.insert(listing.gpu);
    m_fills.clear();
    qint32 left =
        book->match(Side::Ask, listing.providerId, qint32(listing.askCents), quantity, m_fills);
    // startRental may touch m_fills' owner book only through add(); copy the fills first.
    const std::vector<BookFill> fills = m_fills;
    for (const BookFill &fill : fills) {
        BidOrder &order = m_orders[qint64(fill.restingId)];
        if (fill.restingLeft == 0)
            m_orderHandles.remove(order.id);
        startRental(order, listing, fill.quantity, fill.price, 1);
        if (order.remaining == 0)
            closeOrder(order, OrderState::Filled, QStringLiteral("filled"));
        else
            touchOrder(order);
    }
    if (left <= 0)
        return;
    // Self-trade prevention: bids the matching passed over because they are the provider's own
    // would leave the book crossed. The bid side gives way: those bids are cancelled.
    while (book->bestBid() && *book->bestBid() >= listing.askCents) {
        const qint32 level = *book->bestBid();
        QList<qint64> own;
        for (const RestingOrder &r : book->orders(Side::Bid)) {
            if (r.price != level)
                break;
            own.append(qint64(r.id));
        }
        for (const qint64 id : std::as_const(own)) {
            BidOrder &order = m_orders[id];
            book->cancel(m_orderHandles.take(id));
            releaseOrderHold(order, QStringLiteral("release"));
            closeOrder(order, OrderState::Cancelled, QStringLiteral("self_trade"));
        }
    }
    AskSlice slice {++m_lastAskId, listing.id, left};
    m_asks.insert(slice.id, slice);
    m_listingAsks[listing.id].append(slice.id);
    m_askHandles.insert(slice.id,
                        book->add(Side::Ask, AskIdFlag | quint64(slice.id), listing.providerId,
                                  qint32(listing.askCents), left));
    m_dirtyAsks.insert(slice.id);
}

// --- orders ------------------------------------------------------------------------------------

Result<Placement> ExchangeEngine::placeBid(qint64 actor, const BidRequest &request)
{
    advance();
    const Account *account = nullptr;
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}, &account))
        return *e;
    if (!bookFor(request.gpu))
        return err(ErrorCode::UnknownGpu,
                   QStringLiteral("no GPU \"%1\" in the catalog").arg(request.gpu.left(32)));
    if (request.quantity < 1 || request.quantity > MaxGpusPerOrder)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("an order is for 1 to %1 GPUs").arg(MaxGpusPerOrder));
    if (request.hours < 1 || request.hours > MaxHours)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a rental lasts 1 to %1 hours").arg(MaxHours));
    if (request.limitCents < MinPriceCents || request.limitCents > MaxPriceCents)
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the price must be 0.01 to %1 USD").arg(Money::toPlain(MaxPriceCents)));
    if (request.kind == OrderKind::BuyNow && request.expiresMs != 0)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("buy now never rests, so it has no"
                                  " expiry"));
    const qint64 now = m_clock.nowMs();
    if (request.expiresMs != 0
        && (request.expiresMs <= now || request.expiresMs > now + MaxExpiryMs))
        return err(
            ErrorCode::InvalidArgument,
            QStringLiteral("the expiry must be in the next %1 days").arg(MaxExpiryMs / DayMs));
    if (!validClientOrderId(request.clientOrderId))
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a client order id has at most %1 printable ASCII characters")
                       .arg(MaxClientOrderIdLength));

    // A retry with a client order id already seen answers the original order and places nothing.
    if (!request.clientOrderId.isEmpty()) {
        if (std::optional<BidOrder> seen = m_db.orderByClientId(actor, request.clientOrderId)) {
            const auto live = m_orders.constFind(seen->id);
            const BidOrder &o = live != m_orders.cend() ? *live : *seen;
            if (o.gpu != request.gpu || o.kind != request.kind || o.quantity != request.quantity
                || o.hours != request.hours || o.limitCents != request.limitCents)
                return err(ErrorCode::InvalidArgument,
                           QStringLiteral("client order id \"%1\" was used for another order")
                               .arg(request.clientOrderId));
            return Placement {o, {}, true};
        }
    }

    // Buy-now orders never rest, but they are open while they execute: the cap counts them too.
    if (m_openOrderCount.value(actor) >= m_maxOpenOrders)
        return err(ErrorCode::TooManyOrders,
                   QStringLiteral("at most %1 open orders per account; cancel one first")
                       .arg(m_maxOpenOrders));
    const std::optional<int> taxBp = m_taxes->basisPoints(account->country);
    if (!taxBp)
        return err(ErrorCode::UnknownCountry,
                   QStringLiteral("no tax rate for %1").arg(account->country));
    const Cents hold = bidHold(request.quantity, request.hours, request.limitCents, *taxBp);
    const Cents available = m_ledger.balance(actor, Bucket::Available);
    if (hold > available)
        return err(ErrorCode::InsufficientFunds,
                   QStringLiteral("this order holds %1 USD; %2 USD is available")
                       .arg(Money::toPlain(hold), Money::toPlain(available)));

    begin();
    BidOrder o;
    o.id = ++m_lastOrderId;
    o.accountId = actor;
    o.clientOrderId = request.clientOrderId;
    o.gpu = request.gpu;
    o.kind = request.kind;
    o.quantity = request.quantity;
    o.remaining = request.quantity;
    o.limitCents = request.limitCents;
    o.hours = request.hours;
    o.taxBp = *taxBp;
    o.expiresMs = request.expiresMs;
    o.createdMs = m_now;
    o.heldCents = hold;
    BidOrder &order = *m_orders.insert(o.id, o);
    ++m_openOrderCount[actor];
    post(QStringLiteral("hold"), o.id, QString(),
         {{actor, Bucket::Available, -hold}, {actor, Bucket::Held, hold}});

    const qsizetype rentalsBefore = m_changes.rentals.size();
    executeBid(order);
    QList<Rental> started = m_changes.rentals.mid(rentalsBefore);

    OrderBook *book = bookFor(order.gpu);
    if (order.remaining == 0) {
        closeOrder(order, OrderState::Filled, QStringLiteral("filled"));
    } else if (order.kind == OrderKind::BuyNow) {
        releaseOrderHold(order, QStringLiteral("release"));
        closeOrder(order, OrderState::Cancelled, QStringLiteral("ioc_remainder"));
    } else if (book->bestAsk() && *book->bestAsk() <= order.limitCents) {
        // Only the account's own asks can still cross: the bid gives way (self-trade prevention).
        releaseOrderHold(order, QStringLiteral("release"));
        closeOrder(order, OrderState::Cancelled, QStringLiteral("self_trade"));
    } else {
        m_orderHandles.insert(order.id,
                              book->add(Side::Bid, quint64(order.id), actor,
                                        qint32(order.limitCents), order.remaining));
        if (order.expiresMs > 0)
            m_events.insert({order.expiresMs, EventKind::Expiry, order.id});
        m_changes.books.insert(order.gpu);
        touchOrder(order);
    }
    const BidOrder result = m_orders.value(o.id, m_dirtyOrders.value(o.id));
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the order could not be stored"));
    return Placement {result, started, false};
}

void ExchangeEngine::executeBid(BidOrder &order)
{
    OrderBook *book = bookFor(order.gpu);
    m_fills.clear();
    book->match(Side::Bid, order.accountId, qint32(order.limitCents), order.remaining, m_fills);
    if (m_fills.empty())
        return;
    m_changes.books.insert(order.gpu);
    const std::vector<BookFill> fills = m_fills;
    for (const BookFill &fill : fills) {
        const qint64 sliceId = qint64(fill.restingId & ~AskIdFlag);
        AskSlice &slice = m_asks[sliceId];
        Listing &listing = m_listings[slice.listingId];
        slice.quantity = fill.restingLeft;
        if (slice.quantity == 0) {
            m_asks.remove(sliceId);
            m_askHandles.remove(sliceId);
            m_listingAsks[listing.id].removeOne(sliceId);
            m_dirtyAsks.remove(sliceId);
            m_deletedAsks.insert(sliceId);
        } else {
            m_dirtyAsks.insert(sliceId);
        }
        startRental(order, listing, fill.quantity, fill.price, 0);
    }
}

Rental &ExchangeEngine::startRental(BidOrder &order, Listing &listing, qint32 gpus, Cents price,
                                    quint8 aggressor)
{
    Rental r;
    r.id = ++m_lastRentalId;
    r.orderId = order.id;
    r.customerId = order.accountId;
    r.listingId = listing.id;
    r.providerId = listing.providerId;
    r.gpu = order.gpu;
    r.gpus = gpus;
    r.priceCents = price;
    r.hours = order.hours;
    r.taxBp = order.taxBp;
    r.feeBp = m_feeBp;
    r.startedMs = m_now;
    r.region = listing.region;
    r.endpoint = listing.endpoint;

    // Move the filled part of the hold into the rental; price improvement goes back at once.
    const Cents fromOrder = bidHold(gpus, order.hours, order.limitCents, order.taxBp);
    const Cents toRental = bidHold(gpus, order.hours, price, order.taxBp);
    order.remaining -= gpus;
    order.filled += gpus;
    order.heldCents -= fromOrder;
    if (fromOrder > toRental) {
        post(QStringLiteral("price_improvement"), order.id, QString(),
             {{order.accountId, Bucket::Held, toRental - fromOrder},
              {order.accountId, Bucket::Available, fromOrder - toRental}});
    }
    listing.rentedGpus += gpus;

    Trade t;
    t.id = ++m_lastTradeId;
    t.gpu = order.gpu;
    t.priceCents = price;
    t.quantity = gpus;
    t.orderId = order.id;
    t.listingId = listing.id;
    t.rentalId = r.id;
    t.hours = order.hours;
    t.aggressor = aggressor;
    t.timeMs = m_now;
    m_newTrades.append(t);
    m_changes.trades.append(t);

    Rental &rental = *m_rentals.insert(r.id, r);
    captureHour(rental); // hour 0 is captured at the start
    return rental;
}

void ExchangeEngine::captureHour(Rental &rental)
{
    Q_ASSERT(rental.hoursBilled < rental.hours);
    const HourSplit split = hourSplit(rental);
    post(QStringLiteral("capture"), rental.id,
         QStringLiteral("hour %1 of %2").arg(rental.hoursBilled + 1).arg(rental.hours),
         {{rental.customerId, Bucket::Held, -split.customerGross},
          {rental.providerId, Bucket::Earnings, split.providerEarnings},
          {Ledger::SystemAccount, Bucket::PlatformFees, split.platformFee},
          {Ledger::SystemAccount, Bucket::TaxPayable, split.taxPayable}});
    if (rental.hoursBilled > 0)
        m_events.erase(rentalEvent(rental));
    ++rental.hoursBilled;
    m_events.insert(rentalEvent(rental));
    touchRental(rental);
}

ExchangeEngine::Event ExchangeEngine::rentalEvent(const Rental &r) const
{
    if (r.hoursBilled < r.hours)
        return {r.startedMs + qint64(r.hoursBilled) * HourMs, EventKind::Capture, r.id};
    return {r.startedMs + qint64(r.hours) * HourMs, EventKind::RentalEnd, r.id};
}

void ExchangeEngine::finishRental(Rental &rental, RentalState state)
{
    m_events.erase(rentalEvent(rental));
    const Cents unbilled = unbilledRemainder(rental);
    if (unbilled > 0) {
        post(QStringLiteral("release"), rental.id, QStringLiteral("stopped early"),
             {{rental.customerId, Bucket::Held, -unbilled},
              {rental.customerId, Bucket::Available, unbilled}});
    }
    rental.state = state;
    rental.endedMs = m_now;
    const Rental done = m_rentals.take(rental.id);
    touchRental(done);
    // The GPUs come back: at the back of their listing's price level, if it is active.
    auto it = m_listings.find(done.listingId);
    if (it != m_listings.end()) {
        it->rentedGpus -= done.gpus;
        offerIdle(*it, done.gpus);
    }
}

void ExchangeEngine::releaseOrderHold(BidOrder &order, const QString &kind)
{
    if (order.heldCents > 0) {
        post(kind, order.id, QString(),
             {{order.accountId, Bucket::Held, -order.heldCents},
              {order.accountId, Bucket::Available, order.heldCents}});
    }
    order.heldCents = 0;
}

void ExchangeEngine::closeOrder(BidOrder &order, OrderState state, const QString &reason)
{
    Q_ASSERT(order.heldCents == 0 || state != OrderState::Filled);
    if (order.expiresMs > 0)
        m_events.erase({order.expiresMs, EventKind::Expiry, order.id});
    order.state = state;
    order.closeReason = reason;
    order.closedMs = m_now;
    order.remaining = state == OrderState::Filled ? 0 : order.remaining;
    const BidOrder closed = m_orders.take(order.id);
    if (--m_openOrderCount[closed.accountId] <= 0)
        m_openOrderCount.remove(closed.accountId);
    m_orderHandles.remove(closed.id);
    touchOrder(closed);
}

Result<BidOrder> ExchangeEngine::cancelOrder(qint64 actor, qint64 orderId)
{
    advance();
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}))
        return *e;
    const auto it = m_orders.find(orderId);
    if (it == m_orders.end()) {
        const std::optional<BidOrder> past = m_db.order(orderId);
        if (!past || past->accountId != actor)
            return err(ErrorCode::UnknownOrder, QStringLiteral("no order %1").arg(orderId));
        return err(ErrorCode::InvalidState,
                   QStringLiteral("order %1 is already closed").arg(orderId));
    }
    if (it->accountId != actor)
        return err(ErrorCode::NotOwner, QStringLiteral("order %1 is not yours").arg(orderId));
    begin();
    BidOrder &order = *it;
    bookFor(order.gpu)->cancel(m_orderHandles.value(order.id));
    m_changes.books.insert(order.gpu);
    releaseOrderHold(order, QStringLiteral("release"));
    const qint64 id = order.id;
    closeOrder(order, OrderState::Cancelled, QStringLiteral("cancelled"));
    const BidOrder result = m_dirtyOrders.value(id);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the cancellation could not be stored"));
    return result;
}

Result<Rental> ExchangeEngine::stopRental(qint64 actor, qint64 rentalId)
{
    advance();
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}))
        return *e;
    const auto it = m_rentals.find(rentalId);
    if (it == m_rentals.end()) {
        const std::optional<Rental> past = m_db.rental(rentalId);
        if (!past || past->customerId != actor)
            return err(ErrorCode::UnknownRental, QStringLiteral("no rental %1").arg(rentalId));
        return err(ErrorCode::InvalidState, QStringLiteral("rental %1 has ended").arg(rentalId));
    }
    if (it->customerId != actor)
        return err(ErrorCode::NotOwner, QStringLiteral("rental %1 is not yours").arg(rentalId));
    begin();
    finishRental(*it, RentalState::Stopped);
    const Rental result = m_dirtyRentals.value(rentalId);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("stopping the rental could not be stored"));
    return result;
}

// --- time ----------------------------------------------------------------------------------------

std::optional<qint64> ExchangeEngine::nextEventMs() const
{
    return m_events.empty() ? std::nullopt : std::optional<qint64>(std::get<0>(*m_events.begin()));
}

int ExchangeEngine::advance()
{
    if (!m_open)
        return 0;
    const qint64 now = m_clock.nowMs();
    if (m_events.empty() || std::get<0>(*m_events.begin()) > now)
        return 0;
    beginTransaction();
    int count = 0;
    while (!m_events.empty() && std::get<0>(*m_events.begin()) <= now) {
        const Event event = *m_events.begin();
        m_events.erase(m_events.begin());
        m_now = std::get<0>(event);
        processEvent(event);
        ++count;
    }
    if (!commit())
        return 0;
    return count;
}

void ExchangeEngine::processEvent(const Event &event)
{
    const qint64 id = std::get<2>(event);
    switch (std::get<1>(event)) {
    case EventKind::Expiry: {
        auto it = m_orders.find(id);
        if (it == m_orders.end())
            return;
        bookFor(it->gpu)->cancel(m_orderHandles.value(id));
        m_changes.books.insert(it->gpu);
        releaseOrderHold(*it, QStringLiteral("release"));
        closeOrder(*it, OrderState::Expired, QStringLiteral("expired"));
        return;
    }
    case EventKind::Capture: {
        auto it = m_rentals.find(id);
        if (it == m_rentals.end())
            return;
        m_events.insert(event); // captureHour moves the rental's event along
        captureHour(*it);
        return;
    }
    case EventKind::RentalEnd: {
        auto it = m_rentals.find(id);
        if (it == m_rentals.end())
            return;
        m_events.insert(event);
        finishRental(*it, RentalState::Ended);
        return;
    }
    case EventKind::PaymentExpiry: {
        const auto it = m_payments.constFind(id);
        if (it == m_payments.cend())
            return; // credited meanwhile
        Payment p = *it;
        p.state = PaymentState::Expired;
        p.settledMs = m_now;
        m_paymentByReference.remove(p.reference);
        m_payments.erase(it);
        touchPayment(p);
        return;
    }
    }
}

qint64 ExchangeEngine::lastActivityMs()
{
    return m_db.lastActivityMs();
}

// --- history -------------------------------------------------------------------------------------

Result<qsizetype> ExchangeEngine::recordHistory(QList<Trade> trades)
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    const qint64 now = m_clock.nowMs();
    for (const Trade &t : std::as_const(trades)) {
        if (!book(t.gpu) || t.priceCents < MinPriceCents || t.priceCents > MaxPriceCents
            || t.quantity < 1 || t.hours < 1 || t.timeMs > now)
            return err(ErrorCode::InvalidArgument, QStringLiteral("not a valid historic trade"));
    }
    begin();
    for (Trade &t : trades) {
        t.id = ++m_lastTradeId;
        t.orderId = t.listingId = t.rentalId = 0;
        t.aggressor = HistoryPrint;
        m_newTrades.append(t);
    }
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the history could not be stored"));
    return trades.size();
}

// --- reads ---------------------------------------------------------------------------------------

std::optional<BidOrder> ExchangeEngine::openOrder(qint64 id) const
{
    const auto it = m_orders.constFind(id);
    return it == m_orders.cend() ? std::nullopt : std::optional<BidOrder>(*it);
}

QList<BidOrder> ExchangeEngine::openOrders(qint64 accountId) const
{
    QList<BidOrder> out;
    for (const BidOrder &o : m_orders) {
        if (accountId == 0 || o.accountId == accountId)
            out.append(o);
    }
    std::sort(out.begin(), out.end(),
              [](const BidOrder &a, const BidOrder &b) { return a.id < b.id; });
    return out;
}

std::optional<Rental> ExchangeEngine::runningRental(qint64 id) const
{
    const auto it = m_rentals.constFind(id);
    return it == m_rentals.cend() ? std::nullopt : std::optional<Rental>(*it);
}

Rental ExchangeEngine::rentalSeenBy(const Rental &rental, qint64 accountId)
{
    Rental seen = rental;
    if (accountId != rental.customerId) {
        seen.customerId = 0;
        seen.orderId = 0;
        seen.taxBp = 0;
    }
    return seen;
}

QList<Rental> ExchangeEngine::runningRentals(qint64 accountId) const
{
    QList<Rental> out;
    for (const Rental &r : m_rentals) {
        if (accountId == 0)
            out.append(r);
        else if (r.customerId == accountId || r.providerId == accountId)
            out.append(rentalSeenBy(r, accountId));
    }
    std::sort(out.begin(), out.end(), [](const Rental &a, const Rental &b) { return a.id < b.id; });
    return out;
}

std::optional<Listing> ExchangeEngine::listing(qint64 id) const
{
    const auto it = m_listings.constFind(id);
    return it == m_listings.cend() ? std::nullopt : std::optional<Listing>(*it);
}

QList<Listing> ExchangeEngine::listings(qint64 providerId) const
{
    QList<Listing> out;
    for (const Listing &l : m_listings) {
        if (providerId == 0 || l.providerId == providerId)
            out.append(l);
    }
    std::sort(out.begin(), out.end(),
              [](const Listing &a, const Listing &b) { return a.id < b.id; });
    return out;
}

QList<AskSlice> ExchangeEngine::askSlices(qint64 listingId) const
{
    QList<AskSlice> out;
    for (const qint64 id : m_listingAsks.value(listingId))
        out.append(m_asks.value(id));
    return out;
}

QStringList ExchangeEngine::checkInvariants() const
{
    QStringList problems;
    if (m_ledger.total() != 0)
        problems << QStringLiteral("ledger sums to %1, not 0").arg(m_ledger.total());
    Cents userHeld = 0;
    const auto &balances = m_ledger.balances();
    for (auto it = balances.cbegin(); it != balances.cend(); ++it) {
        const qint64 account = Ledger::accountOf(it.key());
        const Bucket bucket = Ledger::bucketOf(it.key());
        if (account == Ledger::SystemAccount)
            continue;
        if (it.value() < 0)
            problems << QStringLiteral("account %1 bucket %2 is negative: %3")
                            .arg(account)
                            .arg(int(bucket))
                            .arg(it.value());
        if (bucket == Bucket::Held)
            userHeld += it.value();
    }
    QHash<qint64, Cents> expectedHeld;
    for (const BidOrder &o : m_orders) {
        const Cents expected = bidHold(o.remaining, o.hours, o.limitCents, o.taxBp);
        if (o.heldCents != expected)
            problems << QStringLiteral("order %1 holds %2, expected %3")
                            .arg(o.id)
                            .arg(o.heldCents)
                            .arg(expected);
        expectedHeld[o.accountId] += o.heldCents;
        const OrderBook *b = book(o.gpu);
        const OrderBook::Handle h = m_orderHandles.value(o.id, OrderBook::InvalidHandle);
        if (!b || h == OrderBook::InvalidHandle || !b->isLive(h, quint64(o.id))
            || b->quantityOf(h) != o.remaining)
            problems << QStringLiteral("order %1 is not resting with %2 GPUs")
                            .arg(o.id)
                            .arg(o.remaining);
    }
    for (const Rental &r : m_rentals)
        expectedHeld[r.customerId] += unbilledRemainder(r);
    Cents expectedTotal = 0;
    for (auto it = expectedHeld.cbegin(); it != expectedHeld.cend(); ++it) {
        expectedTotal += it.value();
        if (m_ledger.balance(it.key(), Bucket::Held) != it.value())
            problems << QStringLiteral("account %1 holds %2, open bids and unbilled hours make %3")
                            .arg(it.key())
                            .arg(m_ledger.balance(it.key(), Bucket::Held))
                            .arg(it.value());
    }
    if (expectedTotal != userHeld)
        problems << QStringLiteral("holds total %1, open bids and unbilled hours %2")
                        .arg(userHeld)
                        .arg(expectedTotal);
    QHash<qint64, Cents> expectedPending;
    for (const Payout &p : m_payouts)
        expectedPending[p.providerId] += p.amountCents;
    for (auto it = balances.cbegin(); it != balances.cend(); ++it) {
        if (Ledger::bucketOf(it.key()) == Bucket::PayoutPending
            && !expectedPending.contains(Ledger::accountOf(it.key())))
            expectedPending.insert(Ledger::accountOf(it.key()), 0);
    }
    for (auto it = expectedPending.cbegin(); it != expectedPending.cend(); ++it) {
        if (m_ledger.balance(it.key(), Bucket::PayoutPending) != it.value())
            problems << QStringLiteral("account %1 has %2 payout pending, its requested payouts %3")
                            .arg(it.key())
                            .arg(m_ledger.balance(it.key(), Bucket::PayoutPending))
                            .arg(it.value());
    }
    for (qsizetype i = 0; i < m_catalog->size(); ++i) {
        if (size_t(i) < m_books.size() && m_books[size_t(i)]->isCrossed())
            problems << QStringLiteral("book %1 is crossed").arg(m_catalog->gpus()[i].id);
    }
    for (const Listing &l : m_listings) {
        qint32 resting = 0;
        for (const qint64 id : m_listingAsks.value(l.id))
            resting += m_asks.value(id).quantity;
        const qint32 expected = l.state == ListingState::Active ? l.gpuCount - l.rentedGpus : 0;
        if (resting != expected)
            problems << QStringLiteral("listing %1 rests %2 GPUs, expected %3")
                            .arg(l.id)
                            .arg(resting)
                            .arg(expected);
        if (l.rentedGpus < 0 || l.rentedGpus > l.gpuCount)
            problems << QStringLiteral("listing %1 has %2 rented GPUs").arg(l.id).arg(l.rentedGpus);
    }
    return problems;
}

} // namespace everx
