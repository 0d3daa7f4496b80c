// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/ledger.h"
#include "engine/ledgerverifier.h"
#include "engine/listingcalendar.h"
#include "engine/orderbook.h"
#include "engine/passwordhasher.h"
#include "engine/placementindex.h"
#include "engine/windowfinder.h"
#include "market/errors.h"
#include "market/marketrecords.h"
#include "market/marketrules.h"
#include "market/requests.h"

#include "market/fxrates.h"
#include "market/gpucatalog.h"
#include "market/taxtable.h"

#include <QtCore/QHash>
#include <QtCore/QList>
#include <QtCore/QSet>
#include <QtCore/QString>

#include <functional>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

namespace everx {

// Everything an operation changed, for the server to push to its channels' subscribers.
struct EngineChanges
{
    QList<Trade> trades;
    QList<Rental> rentals; // started, billed, stopped or ended
    QList<BidOrder> orders; // placed, filled, cancelled or expired
    QList<Listing> listings;
    QSet<QString> books; // GPU ids whose book changed
    QSet<qint64> accounts; // accounts whose balance changed
    QList<LedgerEntry> entries; // ledger entries committed
    QList<Payment> payments; // top-ups asked for, credited or expired
    QList<Payout> payouts; // payouts requested, paid or rejected
    QList<Account> applications; // providers' applications approved or rejected
    // Reserved rentals whose start is a day or an hour away (a reminder to both parties).
    QList<Rental> reminders;
    bool isEmpty() const
    {
        return trades.isEmpty() && rentals.isEmpty() && orders.isEmpty() && listings.isEmpty()
            && books.isEmpty() && accounts.isEmpty() && payments.isEmpty() && payouts.isEmpty()
            && applications.isEmpty() && reminders.isEmpty();
    }
};

// The exchange engine (docs/architecture.md "The market", "Money and the ledger" and "Persistence
// and group commit"): one order book per GPU, listings as the source of asks, customer bids,
// rentals with hourly billing, a double-entry hash-chained ledger, all persisted through Database.
//
// Every operation validates its input completely before it changes anything; on a typed error
// nothing has changed. A successful operation has committed to the database before it returns
// (the acknowledgement). Should the commit fail, the engine reloads its state from the database
// and answers ErrorCode::Storage, so memory never claims what the disk does not hold.
//
// Money, computed by MarketRules (market/marketrules.h) and nowhere else: a bid holds
// bidHold(quantity, hours, limit, tax rate); a partial fill of q GPUs moves exactly
// bidHold(q, hours, limit) out of the bid's hold, and any price improvement goes back to
// available at once. Hour k of a rental is captured at its start as hourSplit(rental):
// customer held -customerGross; provider earnings +providerEarnings; platform fees
// +platformFee; tax payable +taxPayable. Stopping early releases unbilledRemainder(rental).
// A provider's earnings are not spendable: a payout moves them to payout pending, then out to
// the system's payouts bucket (paid) or back (rejected); see exchangeengine_payouts.cpp.
// Limits of every operation are MarketRules' too.
//
// Time comes from the injected Clock. Events (hour captures, rental ends, bid expiries) are
// processed in time order by advance(), which every operation calls first; each event runs at
// its own scheduled time, so a clock that jumps hours bills and ends rentals as if it had not.
//
// Not thread-safe: the engine lives on one thread (the exchange thread of the desk or server).
class ExchangeEngine final
{
public:
    struct Options
    {
        Database::Options database;
        int platformFeeBp = MarketRules::DefaultPlatformFeeBp; // of the price, at each capture
        // Cancelling a reserved window before its start: of its hold, to its provider.
        int reservationCancelFeeBp = MarketRules::DefaultReservationCancelFeeBp;
        int passwordLog2N = PasswordHasher::DefaultLog2N;
        int maxOpenOrders = MarketRules::MaxOpenOrdersPerAccount; // per account
        const GpuCatalog *catalog = nullptr; // nullptr: the built-in catalog
        const TaxTable *taxes = nullptr;
        const FxRates *fx = nullptr;
        // The key of the ledger's chain (LedgerKey), created on first start. Empty: ledger.key
        // beside a SQLite file, a throw-away key for ":memory:"; PostgreSQL needs one named.
        QString ledgerKeyFile;
        // A database whose chain predates the key (format 1) is verified and keyed at open
        // instead of refused: for the desk's own sandbox database, which has no operator.
        bool rekeyUnkeyedChain = false;
        // Dual control of support's adjustments (exchangeengine_support.cpp): more than the
        // threshold either way, or past the agent's daily total of direct adjustments, waits for a
        // second agent. Cents.
        Cents dualControlThresholdCents = MarketRules::DefaultDualControlThresholdCents;
        Cents agentDailyLimitCents = MarketRules::DefaultAgentDailyLimitCents;
    };

    explicit ExchangeEngine(Clock &clock);
    ~ExchangeEngine();
    Q_DISABLE_COPY_MOVE(ExchangeEngine)

    // Opens (creating and migrating if needed) the database, verifies the ledger (the chain
    // since the last checkpoint, every balance and hold recomputed from the entries: see
    // LedgerVerifier) and rebuilds books, holds, rentals and listings from it. On a ledger that
    // does not verify it refuses to open: ledgerRefused() is true and ledgerReport() names the
    // first bad entry or account; nothing is served from such a database.
    bool open(const Options &options, QString *error = nullptr);
    bool ledgerRefused() const { return m_ledgerRefused; }
    const LedgerReport &ledgerReport() const { return m_ledgerReport; }
    // The key the chain is verified with, for a verification on a connection of its own.
    const QByteArray &ledgerKey() const { return m_db.ledgerKey(); }
    const Database::Options &databaseOptions() const { return m_databaseOptions; }
    // Seals a checkpoint after a verification that reached entryId with that hash (the caller
    // verified it, e.g. on another thread): the next start checks the chain from there.
    bool recordCheckpoint(qint64 entryId, const QByteArray &hash);
    void close();
    bool isOpen() const { return m_open; }

    // Accounts (exchangeengine_accounts.cpp).
    Result<Account> createAccount(const NewAccount &request, const AccountProfile &profile = {});
    // Verifies on the calling thread; the server verifies off its thread with the two below.
    Result<Account> authenticate(const QString &email, const QString &password) const;
    // What a sign-in verifies, off the exchange thread (HashingPool): the stored hash of the
    // account with this email, or for an unknown email a dummy hash of the same cost (so that
    // the time taken does not tell which emails exist) and accountId 0.
    struct SignInCheck
    {
        qint64 accountId = 0;
        QString passwordHash;
    };
    SignInCheck signInCheck(const QString &email) const;
    // The verified outcome as the engine's answer: the account, or authentication_failed.
    Result<Account> signInResult(qint64 accountId, bool verified) const;
    std::optional<Account> account(qint64 id) const;
    std::optional<Account> accountByEmail(const QString &email) const;
    std::optional<int> taxBasisPoints(qint64 accountId) const;
    Balance balance(qint64 accountId) const;
    // Why an account in this state may not act: account_suspended, account_pending or
    // account_rejected; nullopt for an active one.
    static std::optional<Error> stateRefusal(const Account &account);

    // Sign-up (auth.signup; exchangeengine_accounts.cpp). checkSignUp judges the request itself
    // (the email's one spelling, PasswordRules, name and company by TextRules, a country of the
    // tax table, role customer or provider, a company for a provider), never whether the email
    // is taken: the server answers the same either way (docs/security.md "Access"), and hashes
    // the password off its thread for any request that passes. signUp then, with that hash:
    // - Created: an address no account has, nor a mixed-script confusable of one
    //   (TextRules::confusableKey and shareScript): a new unverified account, with a fresh code;
    // - Renewed: an unverified account's address: its password, profile and code are replaced
    //   (whoever reads the mailbox verifies; nobody squats an address by signing up first), but
    //   a code issued less than MailIntervalMs ago stands (no code in the outcome);
    // - Taken: a verified account's address or its confusable: nothing changes; the outcome
    //   names the address, for the notice to its owner.
    // A database that would refuse the account at commit (its unique index sees the email
    // another way) answers duplicate_account, and nothing reloads. Never a support account.
    struct SignUpOutcome
    {
        enum class Kind : quint8 { Created, Renewed, Taken };
        Kind kind = Kind::Created;
        Account account; // Taken: the account that has the address (id 0 if only stored)
        QString code; // the verification code to mail (Created, Renewed)
    };
    std::optional<Error> checkSignUp(const SignUpRequest &request) const;
    Result<SignUpOutcome> signUp(const SignUpRequest &request, const QString &passwordHash);
    // auth.verify: the code mailed to an unverified account's address makes a customer active
    // and a provider pending. A wrong code counts (verification_failed, committed); after
    // MaxVerificationFailures wrong codes, or once expired, no code is taken: sign up again.
    // An account that is not unverified is invalid_state.
    Result<Account> verifyEmail(qint64 accountId, const QString &code);
    // A new password's hash (account.password; the server verified the current password and
    // hashed the new one off its thread). Refused for a suspended or rejected account.
    Result<Account> setPasswordHash(qint64 actor, const QString &passwordHash);
    int passwordLog2N() const { return m_passwordLog2N; }
    // Support's decisions on an account, each audited with its reason in the same transaction.
    // suspendAccount: an active customer or provider becomes suspended; its open bids are
    // cancelled and their holds released (balanced entries), its active listings paused (their
    // asks leave the book); running rentals run to their end. reactivateAccount: a suspended
    // account is active again (its listings stay paused). decideApplication: a pending provider
    // becomes active (approve) or rejected. The server revokes a suspended account's sessions.
    Result<Account> suspendAccount(qint64 actor, qint64 target, const QString &reason);
    Result<Account> reactivateAccount(qint64 actor, qint64 target, const QString &reason);
    Result<Account> decideApplication(qint64 actor, qint64 target, bool approve,
                                      const QString &reason);

    // Money in (exchangeengine_topups.cpp), at once: no payment behind it. For the sandbox's own
    // synthetic traders, tests and tools; the protocol's wallet.topup never calls it (it asks for
    // a payment below).
    Result<TopUp> topUp(qint64 actor, Currency currency, qint64 amountMinor);
    // Paid top-ups (docs/architecture.md "Trust and operations"). requestTopUp records a pending
    // payment with a random reference at the rate quoted now, and credits nothing; at most
    // MaxPendingTopUps wait per account (rate_limited). confirmTopUp credits it (one balanced
    // "topup" entry, as topUp) when the confirmation names its reference, currency and amount
    // exactly (else invalid_argument; unknown_payment for a reference it never issued); confirming
    // a credited payment again answers it as a duplicate and credits nothing; an expired one is
    // refused (invalid_state). A pending payment expires at expiresMs, an event like a bid's
    // expiry.
    // A confirmation of an expired payment does not credit it: the payment becomes late (state
    // Late, lateMs; nothing moves) and waits for support; confirming it again answers it as a
    // duplicate.
    Result<Payment> requestTopUp(qint64 actor, Currency currency, qint64 amountMinor);
    Result<PaymentReceipt> confirmTopUp(const PaymentConfirmation &confirmation);
    QList<Payment> pendingTopUps(qint64 accountId = 0) const; // 0: everyone's; by id
    // Support's queue of late payments (support only), oldest first, at most MaxPageSize; and its
    // decisions on one, each audited in the same transaction, with a reason: credit it (one
    // balanced "topup" entry at the rate quoted when it was asked for, as confirmTopUp), or mark
    // it refunded with the processor's reference of the refund (nothing moves: it never entered
    // the ledger). A payment that is not late is invalid_state; an unknown one unknown_payment.
    Result<QList<Payment>> latePayments(qint64 actor) const;
    Result<Payment> creditLatePayment(qint64 actor, qint64 paymentId, const QString &reason);
    Result<Payment> refundLatePayment(qint64 actor, qint64 paymentId, const QString &reference,
                                      const QString &reason);

    // Support's workspace (exchangeengine_support.cpp); each writes its audit record in the same
    // transaction as what it does, and a refusal changes nothing.
    // Support only: a reasoned correction of a balance, audited, applied at once with no dual
    // control: for tools and tests. The protocol's support.adjust calls requestAdjustment().
    Result<Balance> adjustBalance(qint64 actor, qint64 target, Cents delta, const QString &reason);
    // An adjustment under dual control: applied at once (as adjustBalance) unless it is more than
    // the threshold either way or takes the agent's direct adjustments of the day (UTC, absolute
    // cents) past the daily limit; then it waits as a PendingAdjustment.
    Result<AdjustmentOutcome> requestAdjustment(qint64 actor, qint64 target, Cents delta,
                                                const QString &reason);
    // A second support agent decides a pending adjustment: the requester may not
    // (second_agent_required); a decided one is invalid_state. Approval applies it, once.
    Result<PendingAdjustment> approveAdjustment(qint64 actor, qint64 adjustmentId,
                                                const QString &reason);
    Result<PendingAdjustment> declineAdjustment(qint64 actor, qint64 adjustmentId,
                                                const QString &reason);
    QList<PendingAdjustment> pendingAdjustments() const; // by id
    Result<SupportNote> addNote(qint64 actor, qint64 target, const QString &text);
    // The audit record of a support agent opening an account in the inspector.
    Result<AuditRecord> recordAccountOpened(qint64 actor, qint64 target);
    Cents dualControlThreshold() const { return m_dualControlThreshold; }

    // Provider listings (exchangeengine_listings.cpp).
    Result<Listing> addListing(qint64 actor, const ListingRequest &request);
    Result<Listing> repriceListing(qint64 actor, qint64 listingId, Cents askCents);
    Result<Listing> pauseListing(qint64 actor, qint64 listingId);
    Result<Listing> resumeListing(qint64 actor, qint64 listingId);
    Result<Listing> removeListing(qint64 actor, qint64 listingId);
    std::optional<Listing> listing(qint64 id) const;
    QList<Listing> listings(qint64 providerId = 0) const; // not removed
    QList<AskSlice> askSlices(qint64 listingId) const; // in priority order

    // Customer bids and how they match (exchangeengine_bids.cpp).
    Result<OrderPlaced> placeBid(qint64 actor, const BidRequest &request);
    Result<BidOrder> cancelOrder(qint64 actor, qint64 orderId);
    std::optional<BidOrder> openOrder(qint64 id) const;
    QList<BidOrder> openOrders(qint64 accountId = 0) const; // 0: everyone's

    // Rentals and their hourly billing (exchangeengine_rentals.cpp). stopRental of a running
    // rental stops it and releases its unbilled hours; of a reserved one (a window ahead, before
    // its start) cancels it: one balanced transaction releases its hold less the cancellation fee
    // (reservationCancelFeeBp of the hold), which its provider earns.
    Result<Rental> stopRental(qint64 actor, qint64 rentalId);
    std::optional<Rental> runningRental(qint64 id) const;
    // As customer or provider, each as rentalSeenBy() shows it to that account; 0: everyone's,
    // whole.
    QList<Rental> runningRentals(qint64 accountId = 0) const;
    // A rental as one of its parties sees it: the customer whole; the provider without who rents
    // (the customer's id, order and tax rate, which tells the country, are 0).
    static Rental rentalSeenBy(const Rental &rental, qint64 accountId);
    // The clock's events (an hour's capture, a rental's end, a bid's or payment's expiry):
    // processes every event due by the clock's now; returns how many ran.
    int advance();
    // Time of the next scheduled event, or nullopt; lets a server sleep until then.
    std::optional<qint64> nextEventMs() const;

    // Payouts (exchangeengine_payouts.cpp). A provider asks for an amount of its earnings (at
    // least MinPayoutCents, at most its earnings: insufficient_funds; at most MaxRequestedPayouts
    // waiting: rate_limited): "payout_request" moves it from Earnings to PayoutPending. Support
    // settles a requested payout with a reason: paid, with the transfer's reference
    // ("payout_paid": PayoutPending to the system's Payouts), or rejected ("payout_rejected":
    // back to Earnings); either is audited in the same transaction. A settled payout is
    // invalid_state; an unknown one unknown_payout.
    Result<Payout> requestPayout(qint64 actor, Cents amountCents);
    Result<Payout> markPayoutPaid(qint64 actor, qint64 payoutId, const QString &reference,
                                  const QString &reason);
    Result<Payout> rejectPayout(qint64 actor, qint64 payoutId, const QString &reason);
    // The provider's own payouts (a page, newest first), and support's queue by state.
    Result<QList<Payout>> providerPayouts(qint64 actor, const PayoutQuery &query);
    Result<QList<Payout>> payoutQueue(qint64 actor, const PayoutQuery &query);
    QList<Payout> requestedPayouts(qint64 providerId = 0) const; // 0: everyone's; by id

    // The provider workspace's reads (exchangeengine_providerstats.cpp): rentals on the provider's
    // hardware (running and ended, newest first, without the customer), and its earnings and
    // utilisation per UTC day over StatsQuery::days (7, 30 or 90), with the totals of today, 7 and
    // 30 days.
    Result<QList<HostedRental>> hostedRentals(qint64 actor, const RentalPage &page);
    Result<ProviderStats> providerStats(qint64 actor, const StatsQuery &query);

    // The sandbox's history (exchangeengine_history.cpp). Stores synthetic past trades (the
    // sandbox's backfill): no order, listing or rental behind them, no money moved; they only give
    // charts a history. Times must not be in the future.
    Result<qsizetype> recordHistory(QList<Trade> trades);
    // Stores past rentals on a provider's listings (the sandbox's backfill): each ended and billed
    // in full before now, on a listing of that provider, within its GPUs; the listing is dated
    // back to the first of them. No customer, order, book or hold is behind them: each rental's
    // earnings and fee are one balanced "history" transaction against external funding (its
    // customer is not an account of this exchange), at its end.
    Result<qsizetype> recordHostedHistory(qint64 providerId, QList<Rental> rentals);
    // Time of the newest trade or ledger entry (0 for an empty exchange): a sandbox clock that
    // restarts must not run behind it.
    qint64 lastActivityMs();

    // Placements (exchangeengine_placements.cpp). quote: the cheapest whole placement of
    // request.quantity GPUs the book has now (none of the asking account's own listings; actor 0
    // for anyone), priced leg by leg for request.hours with the account's tax (none for anyone),
    // or `available` false. setListingCluster: a provider's listing joins one of its clusters
    // (every listing of a cluster has one GPU, region, fabric and speed) or leaves it; waiting
    // cluster bids that it makes whole fill at once.
    Result<PlacementQuote> quote(qint64 actor, const QuoteRequest &request);
    Result<Listing> setListingCluster(qint64 actor, const ListingCluster &request);
    // Where whole placements are in a GPU's asks: the blocks of its ask levels, for the book
    // channel; nullptr for a GPU not in the catalog.
    const PlacementIndex *placements(const QString &gpu) const;
    // A GPU's server and cluster bids waiting for a whole placement, in the order they are tried:
    // best price first, then oldest.
    QList<BidOrder> waitingOrders(const QString &gpu) const;

    // Windows ahead (exchangeengine_windows.cpp). windows: what request.quantity GPUs for
    // request.hours in a placement would cost at every start hour from request.fromMs (the next
    // hour by default) for request.days (all 14 by default, and never past them), over the active
    // listings' calendars at their prices now, with the account's tax; none of its own listings.
    Result<WindowsQuote> windows(qint64 actor, const WindowsRequest &request);
    // Every listing's GPUs hour by hour, as running and reserved rentals take them.
    const ListingCalendar &calendar() const { return m_calendar; }
    // A bid with a start (BidRequest::startMs, exchangeengine_reservations.cpp) is for a window
    // ahead, bought whole: the cheapest placement free over all of its hours at or below its
    // limit, at the listings' prices now, each leg a reserved rental holding all of its hours;
    // a buy-now takes one or nothing, a limit bid waits beside the book until one is free or its
    // window starts (it expires then). A reserved rental runs from its start, when hour 0 is
    // captured. Spot bids take a listing's GPUs only where they are free for the bid's hours.
    int reservationCancelFeeBp() const { return m_cancelFeeBp; }
    // The window bids of a GPU waiting for a placement, best price first, then oldest.
    QList<BidOrder> waitingWindowBids(const QString &gpu) const;

    // Reads of the engine's state (exchangeengine.cpp); those of one domain are with it above.
    const OrderBook *book(const QString &gpu) const;
    const GpuCatalog &catalog() const { return *m_catalog; }
    const Ledger &ledger() const { return m_ledger; }
    Database &database() { return m_db; }
    // Changes since the last call (trades, rentals, orders, listings, books, balances).
    EngineChanges takeChanges() { return std::exchange(m_changes, {}); }

    // Group commit (exchangeengine_commit.cpp): the operations between beginBatch() and
    // commitBatch() write into one open transaction (each sees the writes of those before it) and
    // return their results as usual, but nothing of theirs is durable until commitBatch() commits
    // that transaction: take their changes (takeChanges) only after it. If it fails (or a write in
    // the batch failed), the engine reloads its state from the database as a failed commit does,
    // so every operation of the batch is undone in memory and its changes dropped; the caller must
    // then answer every operation of the batch storage_error. A batch in which nothing wrote
    // commits nothing. Outside a batch every operation commits on its own, as before.
    //
    // A pipelined batch (BatchCommit::Pipelined) is not committed by commitBatch() but handed to
    // the database's writer thread, which commits it while the next batch is handled: commitBatch()
    // returns true at once and batchHandedOff() says so. Until it settles, its effects are in
    // memory but not durable, and the next batch builds on them:
    // - the next commitBatch() first waits for it to settle; if it failed, the engine reloads and
    //   that batch fails too (false);
    // - settle() waits for it and returns its outcome (nullopt: no batch was handed off since the
    //   last settle()); after a failure the engine has reloaded, as after a failed commit;
    // - an operation outside a batch waits for it too before its own transaction; should it have
    //   failed, the operation fails (storage) and the engine reloads.
    // Whoever answers the batch takes its changes at the hand-off, holds their replies and pushes,
    // and sends them only once settle() (or the next commitBatch()) says it committed.
    enum class BatchCommit { Wait, Pipelined };
    void beginBatch(BatchCommit commit = BatchCommit::Wait);
    bool commitBatch();
    bool inBatch() const { return m_inBatch; }
    bool batchHandedOff() const { return m_db.handedOff(); }
    // wait false: only if the writer is done with it (else nullopt, and it stays handed off).
    std::optional<bool> settle(bool wait = true);
    // The outcome of the batch handed off if it has settled meanwhile (commitBatch() settles the
    // one before it, an operation outside a batch too), without waiting; else nullopt.
    std::optional<bool> takeSettled() { return std::exchange(m_settled, std::nullopt); }

    // Called after every commit (of an operation, of due events, or of a batch) with how long
    // it took (the writes and the database's commit, wall time in microseconds) and whether it
    // succeeded; for the server's metrics. Runs on the engine's thread, inside the operation: it
    // must be cheap. Empty: none.
    using CommitObserver = std::function<void(qint64 micros, bool ok)>;
    void setCommitObserver(CommitObserver observer) { m_commitObserver = std::move(observer); }

    // Checks every invariant of docs/architecture.md "Money and the ledger" and of the books
    // against the engine's state (exchangeengine_invariants.cpp); returns the violations found
    // (empty: all hold). O(state); for tests and support tools.
    QStringList checkInvariants() const;

private:
    // At one moment, in this order: a bid expires, a rental ends (its GPUs free), an hour is
    // captured (a reserved rental's first: its start), a payment expires, a reminder goes.
    enum class EventKind : quint8 {
        Expiry = 0,
        RentalEnd = 1,
        Capture = 2,
        PaymentExpiry = 3,
        Reminder = 4,
        // A reserved window begins within the hour: its listing's GPUs are no longer free for an
        // hour from now, so its level's block is indexed again (at start - 1 h + 1 ms).
        WindowNear = 5,
    };
    using Event = std::tuple<qint64, EventKind, qint64>; // time, kind, id

    // exchangeengine.cpp
    bool loadState(QString *error);
    void resetMemory();
    OrderBook *bookFor(const QString &gpu);
    std::optional<Error> checkActor(qint64 actor, std::initializer_list<Role> roles,
                                    const Account **out = nullptr) const;
    // Account `id` to change, whatever its role and state: refused, as checkActor() refuses, if
    // the exchange is closed or there is no such account. Valid until the next commit().
    Result<Account *> openAccount(qint64 id);

    // exchangeengine_commit.cpp
    void begin();
    // Opens the database transaction, unless a batch has one open already.
    void beginTransaction();
    bool commit();
    // Writes what is dirty into the open transaction; false if a write failed.
    bool writeDirty();
    void clearDirty(); // forgets what is dirty: written, or memory reset
    // After the database's commit (ok) or its failure: the observer, the committed entries
    // published, or everything reloaded from the database.
    bool finishCommit(bool ok, qint64 nanos);
    bool settleHandOff(); // waits for the batch handed off, if any; false if it failed
    void reloadDurable(); // after a failed commit: memory as the database has it
    void post(const QString &kind, qint64 refId, const QString &memo,
              const QList<LedgerLine> &lines);
    void touchOrder(const BidOrder &o);
    void touchListing(const Listing &l);
    void touchRental(const Rental &r);
    void touchPayment(const Payment &p);
    void touchPayout(const Payout &p);

    // exchangeengine_accounts.cpp
    // The account of an email (its one spelling, or as stored for an address from before the
    // rules); 0 for none.
    qint64 accountIdByEmail(const QString &email) const;
    // Puts an account in the email indexes (its one spelling, its confusable key).
    void indexAccount(const Account &account);
    // A fresh verification code for the account, its hash and expiry set; the code.
    QString newVerificationCode(Account &account);
    // The target of a support decision, not a support account, and the reason checked; else why.
    std::optional<Error> checkDecision(qint64 actor, qint64 target, const QString &reason,
                                       Account **out);
    // Audited with the decision's reason, and a suspension's count of bids cancelled and
    // listings paused, as fields of the record (docs/protocol.md "Records").
    Result<Account> storeDecision(Account &target, const QString &action, const QString &detail,
                                  qint64 actor, const QString &reason, qint32 bidsCancelled = 0,
                                  qint32 listingsPaused = 0);

    // exchangeengine_listings.cpp
    // advance(), then the listing if `actor` is a provider and owns it; else nullptr and why.
    Listing *providerListing(qint64 actor, qint64 listingId, std::optional<Error> *refusal);
    // Commits and answers the listing as it stands, or a storage error.
    Result<Listing> committed(const Listing &result);
    qint32 withdrawAsks(Listing &listing);

    // exchangeengine_bids.cpp
    // Why an order (or a quote) of so many GPUs of this GPU for so many hours cannot be, if so.
    std::optional<Error> orderSizeRefusal(const QString &gpu, qint32 quantity, qint32 hours);
    void executeBid(BidOrder &order);
    // Whether asks of others than the bid's account rest at or below its price (a spot bid
    // that matched as far as it could: they are reserved ahead within its hours).
    bool crossesOthersAsks(const OrderBook &book, const BidOrder &order) const;
    void offerIdle(Listing &listing, qint32 quantity);
    void closeOrder(BidOrder &order, OrderState state, const QString &reason);
    void releaseOrderHold(BidOrder &order, const QString &kind);

    // exchangeengine_placements.cpp
    // The cheapest whole placement of `gpus` in a GPU's asks at or below maxPrice, none of
    // excludedOwner's listings, free for `hours` from now; empty if none.
    std::vector<PlacementIndex::Leg> findPlacement(const QString &gpu, Placement placement,
                                                   qint32 gpus, qint32 hours, Cents maxPrice,
                                                   qint64 excludedOwner) const;
    // Fills the order whole from those legs, a rental each, at each listing's price.
    void fillPlacement(BidOrder &order, const std::vector<PlacementIndex::Leg> &legs);
    // Takes gpus of a listing's idle GPUs out of the book, its oldest slices first.
    void takeIdle(Listing &listing, qint32 gpus);
    // The listing's idle GPUs (its slices) as the placement index knows them.
    void indexListing(const Listing &listing);
    // Of a listing's idle GPUs, those free for at least an hour from the engine's now: all of
    // them unless a window reserved on it begins within the hour.
    qint32 freeForAnHour(qint64 listingId, qint32 idle) const;
    // The calendar follows rentals: one takes its hours when it starts and frees what is left of
    // them, the hour it ends in included, when it ends.
    void bookRental(const Rental &rental);
    void unbookRental(const Rental &rental);
    void forgetPastHours(qint64 hour);
    // The tax rate of an account asking a price (market.quote, market.windows): 0 for anyone
    // (actor 0); refused for an account that may not ask or has no rate.
    Result<int> askerTaxBp(qint64 actor) const;
    // Waiting server and cluster bids of a GPU that a whole placement can take now fill, best
    // price first, then oldest.
    void fillWaitingPlacements(const QString &gpu);
    // A bid leaves the book, or the line of bids waiting for a placement.
    void withdrawBid(const BidOrder &order);
    // A cluster's number in the index: one per (provider, name); 0 for no cluster.
    qint32 clusterKey(const Listing &listing);
    // Why a provider's listing (of this GPU and region) may not be in this cluster, or nothing.
    std::optional<Error> clusterRefusal(qint64 providerId, qint64 listingId, const QString &gpu,
                                        const QString &region, const QString &cluster,
                                        Fabric fabric, qint32 gbps) const;

    // exchangeengine_reservations.cpp
    // Why a bid may not start then (0: now is fine), if so.
    std::optional<Error> startRefusal(qint64 startMs) const;
    // The cheapest whole placement of `gpus` free over [startMs, startMs + hours) (startMs 0:
    // from now, among idle GPUs) at or below maxPrice, none of excludedOwner's listings, by the
    // listings' calendars; empty if none. Any placement takes the cheapest GPUs, a server one
    // listing, a cluster the cheapest cluster that has them all.
    std::vector<PlacementIndex::Leg> findWindowPlacement(const QString &gpu, Placement placement,
                                                         qint32 gpus, qint64 startMs, qint32 hours,
                                                         Cents maxPrice,
                                                         qint64 excludedOwner) const;
    // Reserves the legs for the order's window: a reserved rental each.
    void reserveWindow(BidOrder &order, const std::vector<PlacementIndex::Leg> &legs);
    // Its start has come: the GPUs leave the book and hour 0 is captured.
    void startReserved(Rental &rental);
    // Cancelled before its start: the hold comes back less `fee`, which the provider earns.
    void cancelReservation(Rental &rental, Cents fee);
    // Waiting window bids of a GPU that a placement can take now are reserved, best first.
    void fillWaitingWindows(const QString &gpu);
    // A GPU's active listings as WindowFinder walks them, cheapest first; sorted again after a
    // listing of the GPU changed (touchListing marks it).
    const std::vector<WindowFinder::Offer> &windowOffers(qsizetype gpuIndex) const;
    // Makes the GPU's windowOffers() the calendar's market, so that findWindowPlacement() walks
    // only the listings with GPUs enough free (ListingCalendar::firstFree); before a search.
    void indexWindowOffers(const QString &gpu);
    // Whether any listing of this GPU (or this listing) has a window reserved ahead: only then
    // does spot matching ask the calendar.
    bool reservedAhead(const QString &gpu) const;
    // The book's matching of an incoming spot bid or idle GPUs, each pair traded only as far as
    // the listing's calendar has the GPUs free for the bid's hours.
    qint32 matchSpot(OrderBook &book, Side incoming, qint64 owner, qint32 limit, qint32 quantity,
                     qint64 askingListing, qint32 bidHours);
    // A reserved rental's reminders, a day and an hour before its start, those after `afterMs`.
    void scheduleReminders(const Rental &rental, qint64 afterMs);
    // A listing's level's block again, from the calendar now; the book is published if it moved.
    void reindexBlock(const QString &gpu, qint64 listingId);
    // After a listing's calendar frees hours: spot bids left beside asks they could not take
    // (the book crossed) are matched again (the listings at or below the best bid offer their
    // idle GPUs anew), and waiting server, cluster and window bids tried again.
    void rematchFreed(const QString &gpu);

    // exchangeengine_rentals.cpp
    // A rental of `gpus` of the listing at `price` for the order (from now, or its window's
    // start), the filled part of the order's hold moved to it and any price improvement released.
    Rental fillOrder(BidOrder &order, const Listing &listing, qint32 gpus, Cents price);
    Rental &startRental(BidOrder &order, Listing &listing, qint32 gpus, Cents price,
                        quint8 aggressor);
    void captureHour(Rental &rental);
    void finishRental(Rental &rental, RentalState state);
    Event rentalEvent(const Rental &r) const;
    void processEvent(const Event &event);

    // exchangeengine_payouts.cpp
    // The requested payout a support agent settles, or why not (advance() and role first).
    Result<Payout> payoutToSettle(qint64 actor, qint64 payoutId, const QString &reason);
    void settlePayout(qint64 actor, Payout payout, PayoutState state, const QString &reference,
                      const QString &reason);

    // exchangeengine_support.cpp
    // Why an adjustment of target by delta with this reason is refused, if it is.
    std::optional<Error> adjustmentRefusal(qint64 target, Cents delta, const QString &why) const;
    // advance(), then why actor may not adjust target by delta with this (trimmed) reason, if so.
    std::optional<Error> checkAdjustment(qint64 actor, qint64 target, Cents delta,
                                         const QString &why);
    // Decides a pending adjustment.
    Result<PendingAdjustment> decideAdjustment(qint64 actor, qint64 adjustmentId,
                                               const QString &reason, bool approve);

    // exchangeengine_topups.cpp
    // The conversion of a top-up at today's rate, or why not.
    Result<Quote> quoteTopUp(Currency currency, qint64 amountMinor) const;
    // advance(), then the quote of a top-up by actor (a customer or a provider), or why not.
    Result<Quote> quoteTopUpFor(qint64 actor, Currency currency, qint64 amountMinor);
    // The late payment support decides, or why not (advance(), the role and the reason first).
    Result<Payment> latePaymentToDecide(qint64 actor, qint64 paymentId, const QString &reason);

    static constexpr quint64 AskIdFlag = quint64(1) << 62; // book ids of asks: flag | slice id

    Clock &m_clock;
    Database m_db;
    Ledger m_ledger;
    const GpuCatalog *m_catalog = nullptr;
    const TaxTable *m_taxes = nullptr;
    const FxRates *m_fx = nullptr;
    int m_feeBp = MarketRules::DefaultPlatformFeeBp;
    int m_cancelFeeBp = MarketRules::DefaultReservationCancelFeeBp;
    int m_passwordLog2N = PasswordHasher::DefaultLog2N;
    int m_maxOpenOrders = MarketRules::MaxOpenOrdersPerAccount;
    bool m_open = false;
    bool m_ledgerRefused = false;
    LedgerReport m_ledgerReport;
    Database::Options m_databaseOptions;
    qint64 m_now = 0; // time of the operation or event being processed

    std::vector<std::unique_ptr<OrderBook>> m_books; // by catalog index
    std::vector<PlacementIndex> m_placementIndex; // by catalog index
    ListingCalendar m_calendar; // every listing's, as rentals take its GPUs
    qint64 m_calendarHour = 0; // the calendar keeps hours from this one on
    // By catalog index: the server and cluster bids waiting for a whole placement, best first
    // (the negated limit, then the id: price, then time).
    std::vector<std::set<std::pair<Cents, qint64>>> m_waiting;
    // By catalog index: window bids waiting for a placement free over their window, as m_waiting.
    std::vector<std::set<std::pair<Cents, qint64>>> m_windowBids;
    QHash<qint64, qint32> m_listingReservations; // listing -> its reserved rentals
    // By catalog index: windowOffers(), and whether a listing changed since they were sorted.
    mutable std::vector<std::vector<WindowFinder::Offer>> m_windowOffers;
    mutable std::vector<char> m_windowOffersStale;
    // By catalog index: whether the calendar's market of the GPU is windowOffers() as they are.
    std::vector<char> m_windowMarketReady;
    std::vector<qint32> m_gpuReservations; // by catalog index: reserved rentals of the GPU
    QHash<QPair<qint64, QString>, qint32> m_clusterKeys; // (provider, name) -> the index's number
    std::vector<BookFill> m_fills; // reused scratch, no per-order allocation

    QHash<qint64, Account> m_accounts;
    QHash<QString, qint64> m_accountByEmail; // by TextRules::canonicalEmail
    QMultiHash<QString, qint64> m_accountsByConfusable; // by TextRules::confusableKey
    QHash<qint64, Listing> m_listings;
    QHash<qint64, QList<qint64>> m_listingAsks; // listing -> slice ids, priority order
    QHash<qint64, AskSlice> m_asks;
    QHash<qint64, OrderBook::Handle> m_askHandles;
    QHash<qint64, BidOrder> m_orders; // open only; closed ones live in the database
    QHash<qint64, int> m_openOrderCount; // account -> its orders in m_orders
    QHash<qint64, OrderBook::Handle> m_orderHandles;
    QHash<qint64, Rental> m_rentals; // running and reserved only
    std::set<Event> m_events;
    QHash<qint64, Payment> m_payments; // pending only; settled ones live in the database
    QHash<QString, qint64> m_paymentByReference; // pending only
    QHash<qint64, Payment> m_latePayments; // late only: waiting for support's decision
    QHash<qint64, Payout> m_payouts; // requested only; settled ones live in the database
    QHash<qint64, PendingAdjustment> m_pendingAdjustments; // pending only; decided ones: database
    Cents m_dualControlThreshold = MarketRules::DefaultDualControlThresholdCents;
    Cents m_agentDailyLimit = MarketRules::DefaultAgentDailyLimitCents;
    qint64 m_lastNoteId = 0, m_lastAdjustmentId = 0;

    qint64 m_lastAccountId = 0, m_lastListingId = 0, m_lastOrderId = 0, m_lastRentalId = 0,
           m_lastAskId = 0, m_lastTradeId = 0, m_lastAuditId = 0, m_lastPaymentId = 0,
           m_lastPayoutId = 0;

    // Written at the next commit.
    QHash<qint64, BidOrder> m_dirtyOrders;
    QHash<qint64, Rental> m_dirtyRentals;
    QHash<qint64, Payment> m_dirtyPayments;
    QHash<qint64, Payout> m_dirtyPayouts;
    QSet<qint64> m_dirtyListings;
    QSet<qint64> m_dirtyAccounts;
    QSet<qint64> m_dirtyAsks;
    QSet<qint64> m_deletedAsks;
    QList<Trade> m_newTrades;
    QList<AuditRecord> m_newAudit;
    QList<SupportNote> m_newNotes;
    QHash<qint64, PendingAdjustment> m_dirtyAdjustments;
    QHash<qint64, Listing> m_removedListings;

    QList<LedgerEntry> m_uncommittedEntries; // written, published once committed
    bool m_inBatch = false;
    bool m_batchOpen = false; // the batch's transaction is begun
    bool m_batchFailed = false; // a write of the batch failed: it will not commit
    bool m_batchPipelined = false;
    qint64 m_batchWriteNanos = 0;
    // The outcome of the last batch handed off, settled (waited for) but not yet taken by settle().
    std::optional<bool> m_settled;
    // It failed, found by an operation outside a batch: that operation's commit fails, and reloads.
    bool m_handOffFailed = false;

    EngineChanges m_changes;
    CommitObserver m_commitObserver;
};

} // namespace everx
