// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/money.h"

#include <QtCore/QList>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <optional>

namespace everx {

// What the exchange's operations take and give back (docs/protocol.md "Operations"): the
// engine's arguments and results, and the records the protocol carries for them. The wire codec
// (wire/wirecodec.h) encodes and decodes every one, so that a server decodes a request with the
// very code the client encoded it with.

// --- accounts ---------------------------------------------------------------------------------

struct NewAccount
{
    QString email;
    QString password;
    Role role = Role::Customer;
    QString country;
};

// An account's profile as sign-up takes it, for accounts the operator or the sandbox makes.
struct AccountProfile
{
    QString name; // display name
    QString company; // a provider's; ignored for the other roles
};

// auth.signup: a new customer or provider account, with its profile.
struct SignUpRequest
{
    QString email;
    QString password;
    Role role = Role::Customer;
    QString country;
    QString name; // display name
    QString company; // a provider's
};

// A mail the exchange sends about an address (docs/protocol.md "Identities"): the code that
// confirms it, or the notice to an account's owner that someone tried to sign up with it.
struct Mail
{
    QString to;
    QString subject;
    QString text; // plain text, lines separated by "\n"
    QString code; // the confirmation code the text carries; empty for a notice
};

// auth.signup's answer, the same whether or not the address has an account: the address as the
// exchange spells it. The sandbox mails nothing: it hands back the mail it would have sent.
struct SignUpReceipt
{
    QString email;
    std::optional<Mail> sandboxMail;
};

// auth.verify: the code mailed to the address, with the password that signed up, signs in.
struct EmailVerification
{
    QString email;
    QString password;
    QString code;
};

// account.password: the current password proves who asks; the new one follows PasswordRules.
struct PasswordChange
{
    QString current;
    QString replacement;
};

// support.suspend and support.reactivate: whose, and why (audited).
struct AccountAction
{
    qint64 accountId = 0;
    QString reason;
};

// support.application: a pending provider approved (active) or rejected, with the reason.
struct ApplicationDecision
{
    qint64 accountId = 0;
    bool approve = false;
    QString reason;
};

// auth.login.
struct Credentials
{
    QString email;
    QString password;
};

// auth.login and auth.demo: a session token and whose it is.
struct SignIn
{
    QString token;
    Account account;
    // The account's tax rate (the exchange's tax table, by its country), in basis points: what
    // every price the desk shows with tax uses, so that the desk holds no table of its own.
    qint32 taxBp = 0;
};

// account.get.
struct AccountSummary
{
    Account account;
    Balance balance;
};

// hello: who is asking, in which protocol version; and the answer.
struct Hello
{
    QString client; // name/version, for the server's logs
    int protocol = 0;
};
struct ServerInfo
{
    QString server;
    int protocol = 0;
    QString mode; // "sandbox" or "server"
    qint64 timeMs = 0; // the exchange's clock
    // Exchange milliseconds per real millisecond: 1, or a sandbox's time scale (60: a rental hour
    // is billed each real minute). With timeMs, the desk runs its copy of the exchange's clock.
    int clockRate = 1;
    static constexpr int MaxClockRate = 3600; // an exchange hour a real second
    QStringList gpus; // catalog ids
};

// --- money in ---------------------------------------------------------------------------------

// wallet.quote and wallet.topup: an amount in the currency paid.
struct TopUpRequest
{
    Currency currency = Currency::USD;
    qint64 amountMinor = 0;
};

// The conversion of a payment into USD at the exchange's rate: what wallet.quote offers.
struct Quote
{
    Currency currency = Currency::USD;
    qint64 amountMinor = 0; // in the currency paid
    qint64 rateMicros = 0; // USD per unit x 10^6
    Cents creditedCents = 0; // USD credited
};

// What a top-up did: the conversion, and the balance after it.
struct TopUp : Quote
{
    Balance balance;
};

// What the payment processor's webhook confirms (docs/security.md "Payments"): that the
// payment with this reference was paid, in this currency and amount.
struct PaymentConfirmation
{
    QString reference;
    Currency currency = Currency::USD;
    qint64 amountMinor = 0;
};

// support.creditPayment (a reason) and support.refundPayment (the processor's reference of the
// refund, and a reason): support's decision on a late payment.
struct LatePaymentDecision
{
    qint64 paymentId = 0;
    QString reference;
    QString reason;
};

// What confirming did: the payment as it stands (credited, or late), and whether it had been
// confirmed before (a repeated confirmation changes nothing).
struct PaymentReceipt
{
    Payment payment;
    Balance balance; // the account's, after
    bool duplicate = false;
};

// wallet.ledger: a page of the account's entries after an id, oldest first.
struct LedgerQuery
{
    static constexpr int DefaultLimit = 200;
    static constexpr int MaxLimit = 1000;
    qint64 after = 0; // entry id; 0 from the start
    int limit = DefaultLimit;
};

// --- orders and rentals -------------------------------------------------------------------------

// order.place.
struct BidRequest
{
    QString gpu;
    OrderKind kind = OrderKind::Limit;
    qint32 quantity = 0; // GPUs
    qint32 hours = 0;
    Cents limitCents = 0; // limit price, or the buy-now cap the user confirmed
    qint64 expiresMs = 0; // 0: good till cancelled (limit bids only)
    QString clientOrderId; // idempotency key, at most 64 printable ASCII characters
    Placement placement = Placement::Any;
    // A window ahead: its start, an hour boundary from the next hour to WindowDays ahead; 0: now.
    qint64 startMs = 0;
};

// What placing a bid did: the order as it stands, and the rentals it started (with their
// access details).
struct OrderPlaced
{
    BidOrder order;
    QList<Rental> rentals;
    bool duplicate = false; // the client order id was seen before; nothing new was placed
};

// --- listings ---------------------------------------------------------------------------------

// listing.add.
struct ListingRequest
{
    QString gpu;
    qint32 gpuCount = 0;
    QString region;
    QString endpoint;
    Cents askCents = 0;
};

// listing.cluster: a listing joins a cluster of its provider's, its fabric and speed with it, or
// leaves the one it is in (an empty cluster name).
struct ListingCluster
{
    qint64 listingId = 0;
    QString cluster;
    Fabric fabric = Fabric::None;
    qint32 fabricGbps = 0;
};

// market.quote: what N GPUs for so many hours would cost now, in a placement.
struct QuoteRequest
{
    QString gpu;
    qint32 quantity = 0; // GPUs
    qint32 hours = 0;
    Placement placement = Placement::Any;
    qint64 startMs = 0; // a window ahead, as BidRequest::startMs; 0: now
};

// market.windows: what N GPUs for so many hours, in a placement, would cost at each start hour.
struct WindowsRequest
{
    QString gpu;
    qint32 quantity = 0; // GPUs
    qint32 hours = 0;
    Placement placement = Placement::Any;
    qint64 fromMs = 0; // the first start, on the hour; 0: the next hour
    qint32 days = 0; // starts for this many days from `fromMs` (0: all), within 14 days ahead
};

// listing.reprice.
struct Reprice
{
    qint64 listingId = 0;
    Cents askCents = 0;
};

// --- the provider workspace -------------------------------------------------------------------

// payout.request: an amount of the provider's earnings to be paid out.
struct PayoutRequest
{
    Cents amountCents = 0;
};

// payout.list (the provider's own) and support.payouts (everyone's, in one state): a page, newest
// first, of the payouts with an id below `before` (0: from the newest).
struct PayoutQuery
{
    std::optional<PayoutState> state; // support.payouts: required; payout.list: optional filter
    qint64 before = 0;
    int limit = 100;
};

// support.payoutPaid (reference required) and support.payoutRejected (no reference).
struct PayoutSettlement
{
    qint64 payoutId = 0;
    QString reference;
    QString reason;
};

// provider.rentals: a page of the rentals on the provider's hardware, running and ended, newest
// first, with an id below `before` (0: from the newest).
struct RentalPage
{
    qint64 before = 0;
    int limit = 100;
};

// A rental as its provider sees it: nothing about the customer who rented it.
struct HostedRental
{
    qint64 id = 0;
    qint64 listingId = 0;
    QString gpu;
    qint32 gpus = 0;
    Cents priceCents = 0; // per GPU-hour, excluding tax
    qint32 hours = 0;
    qint32 hoursBilled = 0;
    qint64 startedMs = 0;
    qint64 endedMs = 0; // 0 while running
    RentalState state = RentalState::Running;
    Cents earnedCents = 0; // MarketRules::earnedSoFar
};

// provider.stats: per UTC day over the last `days` days (7, 30 or 90).
struct StatsQuery
{
    int days = 30;
};

// One UTC day of a provider's business. A billed hour counts on the day its capture falls in.
struct StatsDay
{
    qint64 dayMs = 0; // the day's start, UTC midnight
    Cents earningsCents = 0;
    qint64 rentedGpuHours = 0; // GPU-hours billed
    qint64 listedGpuMinutes = 0; // GPU-minutes its listings were listed (not removed)
    qint32 utilisationBp = 0; // rented over listed GPU-minutes, basis points, at most 10,000
    qint64 rentedGpuMinutes = 0; // GPU-minutes rented up to now (what utilisation counts)
};

// What each listing has earned to date.
struct ListingEarnings
{
    qint64 listingId = 0;
    Cents earningsCents = 0;
};

struct ProviderStats
{
    QList<StatsDay> days; // oldest first, the last is today
    Cents todayCents = 0;
    Cents last7DaysCents = 0; // today and the 6 days before
    Cents last30DaysCents = 0;
    Cents last90DaysCents = 0;
    QList<ListingEarnings> listings; // every listing the provider has had, by id
};

// --- the account channel ---------------------------------------------------------------------

// The account channel's snapshot: the account and everything live about it.
struct AccountSnapshot
{
    Account account;
    Balance balance;
    QList<BidOrder> orders; // open
    QList<Rental> rentals; // running, as customer or provider
    QList<Listing> listings; // a provider's
    QList<Payment> payments; // top-ups waiting for their payment
};

// A notification event: its kind (NotificationKind in wire/vocabulary.h), the server's text
// in English, and the record it is about.
struct Notification
{
    QString kind;
    QString text;
    std::optional<Trade> trade; // fill
    // rental_started, rental_ended, rental_reserved, reservation_reminder, reservation_cancelled
    std::optional<Rental> rental;
    std::optional<Balance> balance; // low_balance
    std::optional<Payment> payment; // topup_pending, topup_credited, topup_expired
};

// --- support ----------------------------------------------------------------------------------

// support.account: by id, or else by email.
struct AccountLookup
{
    qint64 accountId = 0; // 0: look up by email
    QString email;
};

// support.adjust: a reasoned correction of an account's available balance.
struct Adjustment
{
    qint64 accountId = 0;
    Cents amountCents = 0; // signed
    QString reason;
};

// support.verify: the ledger's keyed chain checked from the first entry, every balance and hold
// recomputed from the entries.
struct ChainCheck
{
    qint64 entries = 0; // how many were checked
    bool ok = false;
    qint64 badEntry = 0; // the first altered entry, if !ok and one is named
    std::optional<qint64> badAccount; // the first account whose balance or hold is wrong
    QString problem; // one sentence, if !ok
};

// support.account's answer: everything about one account. Opening it is audited. The full
// order and rental history and the ledger are paged apart (support.history, support.ledger).
struct AccountInspection
{
    Account account;
    Balance balance;
    QList<BidOrder> orders; // open
    QList<Rental> rentals; // running and reserved, as customer or provider
    QList<Listing> listings;
    QList<LedgerEntry> entries; // the first 1,000
    QList<AuditRecord> audit; // about this account, oldest first
    QList<SessionInfo> sessions; // live ones, newest first
    QList<SignInFailure> signInFailures; // the most recent, newest first
    QList<SupportNote> notes; // newest first
    QList<PendingAdjustment> adjustments; // this account's under dual control, newest first
};

// A page of a support listing: rows from offset, at most limit of them.
struct PageRequest
{
    static constexpr int DefaultLimit = 50;
    qint64 offset = 0;
    int limit = DefaultLimit; // 1 to MarketRules::MaxPageLimit
};

// support.search: accounts whose email (or name or company) contains the query, case-insensitive,
// or whose id it is; by id.
struct AccountSearch
{
    QString query; // may be empty when state is given: every account in that state
    PageRequest page;
    std::optional<AccountState> state; // only accounts in this state (e.g. pending applications)
};
struct AccountSearchPage
{
    QList<Account> accounts;
    qint64 total = 0; // matches in all
};

// support.ledger: one account's entries, newest first, of one kind or all (empty kind), with
// the check of that account's part of the chain.
struct LedgerPageQuery
{
    qint64 accountId = 0;
    QString kind; // "" for every kind
    PageRequest page;
};
struct LedgerPage
{
    QList<LedgerEntry> entries;
    qint64 total = 0;
    ChainCheck chain; // every entry of the account, not only this page's
};

// support.history: one account's orders or rentals (as customer or provider), every state,
// newest first.
enum class HistoryKind : quint8 { Orders = 0, Rentals = 1 };
struct HistoryQuery
{
    qint64 accountId = 0;
    HistoryKind kind = HistoryKind::Orders;
    PageRequest page;
};
struct HistoryPage
{
    QList<BidOrder> orders;
    QList<Rental> rentals;
    qint64 total = 0;
};

// support.note.
struct NoteRequest
{
    qint64 accountId = 0;
    QString text;
};

// support.audit: every filter optional (0: any); times are epoch ms, from inclusive, to
// exclusive. Newest first.
struct AuditQuery
{
    qint64 agentId = 0;
    qint64 accountId = 0;
    qint64 fromMs = 0;
    qint64 toMs = 0;
    // > 0: only records older than this one (newest first, so the next page after a page is
    // the records before its last, whatever was written since); 0: from the newest.
    qint64 beforeId = 0;
    PageRequest page;
};
struct AuditPage
{
    QList<AuditRecord> audit;
    qint64 total = 0;
};

// support.approveAdjustment, support.declineAdjustment.
struct AdjustmentDecision
{
    qint64 adjustmentId = 0;
    QString reason;
};

// support.adjust's answer: the balance as it stands, applied or not, and the adjustment if it
// waits for a second agent.
struct AdjustmentOutcome
{
    Balance balance;
    std::optional<PendingAdjustment> pending;
};

} // namespace everx
