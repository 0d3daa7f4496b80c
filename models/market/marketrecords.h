// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"

#include <QtCore/QByteArray>
#include <QtCore/QList>
#include <QtCore/QString>

#include <optional>
#include <vector>

namespace everx {

// The market's records: what the engine keeps in memory and in its database, and what the
// protocol carries to clients (wirecodec.h). Ids are assigned by the engine
// (max + 1 on load), so the same SQL runs on SQLite and PostgreSQL. Times are epoch ms, UTC.

enum class Role : quint8 { Customer = 0, Provider = 1, Support = 2 };

// Only an active account trades or lists. An account that signs up is unverified until it
// confirms the code mailed to its address (it signs in and watches, nothing more); then a
// customer is active, and a provider pending until support approves the application (active) or
// rejects it (rejected: no sign-in); support may suspend any customer or provider (no sign-in, no
// operation) and reactivate it.
enum class AccountState : quint8 {
    Active = 0,
    Pending = 1,
    Suspended = 2,
    Rejected = 3,
    Unverified = 4,
};

struct Account
{
    qint64 id = 0;
    QString email; // TextRules::canonicalEmail's one spelling; unique
    Role role = Role::Customer;
    QString country; // ISO 3166-1 alpha-2, upper-case; decides the tax rate
    QString passwordHash;
    qint64 createdMs = 0;
    AccountState state = AccountState::Active;
    QString name; // display name; may be empty (accounts made before sign-up existed)
    QString company; // a provider's company; empty for others
    // While unverified: the SHA-256 (hex) of the code mailed to the address, when the code
    // expires, and how many wrong codes were tried (MarketRules' verification limits). Empty and
    // 0 once verified. Never on the wire.
    QString verificationHash;
    qint64 verificationExpiresMs = 0;
    qint32 verificationFailures = 0;
};

// Where an order's GPUs may come from (docs/architecture.md "The market"): any listings (servers
// apart, for data-parallel work that tolerates it), one listing (one server), or listings of one
// cluster of one provider. A server or cluster order fills all or none.
enum class Placement : quint8 { Any = 0, Server = 1, Cluster = 2 };
// The network between the servers of a cluster.
enum class Fabric : quint8 { None = 0, InfiniBand = 1, RoCE = 2, Ethernet = 3 };

enum class ListingState : quint8 { Active = 0, Paused = 1, Removed = 2 };

// One provider server offering its GPUs by the hour. Its idle GPUs (gpuCount - rentedGpus)
// rest in the book as ask slices while the listing is active.
struct Listing
{
    qint64 id = 0;
    qint64 providerId = 0;
    QString gpu; // catalog id
    qint32 gpuCount = 0;
    QString region;
    QString endpoint; // access details handed to renters
    Cents askCents = 0;
    // The provider's cluster this server belongs to ("" none), and the cluster's fabric and its
    // speed in Gb/s: every listing of one cluster has the same GPU, region, fabric and speed.
    QString cluster;
    Fabric fabric = Fabric::None;
    qint32 fabricGbps = 0;
    ListingState state = ListingState::Active;
    qint64 createdMs = 0;
    qint64 removedMs = 0; // when it was removed; 0 while it is not (provider statistics)
    qint32 rentedGpus = 0; // derived from running rentals; not stored
};

enum class OrderKind : quint8 { Limit = 0, BuyNow = 1 };
enum class OrderState : quint8 { Open = 0, Filled = 1, Cancelled = 2, Expired = 3 };

// A customer's bid. `heldCents` is what the ledger holds for its unfilled part:
// remaining x hours x unit gross price (price plus tax per GPU-hour, see ExchangeEngine).
struct BidOrder
{
    qint64 id = 0;
    qint64 accountId = 0;
    QString clientOrderId; // idempotency key for retries; may be empty
    QString gpu;
    OrderKind kind = OrderKind::Limit;
    Placement placement = Placement::Any;
    qint32 quantity = 0; // GPUs asked for
    qint32 remaining = 0; // GPUs not yet filled (0 once closed)
    qint32 filled = 0;
    Cents limitCents = 0; // limit price, or the confirmed cap of a buy-now
    qint32 hours = 0;
    qint32 taxBp = 0; // tax rate of the account's country when placed
    qint64 expiresMs = 0; // 0: good till cancelled
    OrderState state = OrderState::Open;
    // "filled", "cancelled", "expired", "self_trade", "ioc_remainder", "no_placement"
    QString closeReason;
    qint64 createdMs = 0;
    qint64 closedMs = 0;
    Cents heldCents = 0;
    // A window bid's start, on the hour (docs/architecture.md "The market"); 0: now. A window
    // bid that rests expires at its start at the latest (expiresMs says when).
    qint64 startMs = 0;
};

// A rental bought for a window ahead is reserved until its start (startedMs, in the future), then
// running; cancelled when its customer cancels it, or support suspends either party, before then.
enum class RentalState : quint8 {
    Running = 0,
    Ended = 1,
    Stopped = 2,
    Reserved = 3,
    Cancelled = 4
};

// q GPUs of one listing for the bid's hours at the trade price. Hour k (0-based) is captured
// at startedMs + k hours; the rental ends at startedMs + hours. A reserved rental holds all of
// it from the order on and captures hour 0 at its start.
struct Rental
{
    qint64 id = 0;
    qint64 orderId = 0;
    qint64 customerId = 0;
    qint64 listingId = 0;
    qint64 providerId = 0;
    QString gpu;
    qint32 gpus = 0;
    Cents priceCents = 0; // per GPU-hour, excluding tax
    qint32 hours = 0;
    qint32 hoursBilled = 0;
    qint32 taxBp = 0;
    qint32 feeBp = 0;
    qint64 startedMs = 0;
    qint64 endedMs = 0;
    RentalState state = RentalState::Running;
    // A reserved rental: what cancelling it now costs its customer (the provider's fee); a
    // cancelled one: what it cost. Derived from the hold and the exchange's fee rate; not stored.
    Cents cancelFeeCents = 0;
    // Access details, the listing's: for the rental's customer and provider (and support). The
    // engine fills them from the listing; they are not stored with the rental.
    QString region;
    QString endpoint;
};

// One resting ask: idle GPUs of a listing at the listing's price. A listing can have several
// (GPUs returning from a rental rejoin at the back of the level as a new slice). The id is also
// the slice's time priority.
struct AskSlice
{
    qint64 id = 0;
    qint64 listingId = 0;
    qint32 quantity = 0;
};

struct Trade
{
    qint64 id = 0;
    QString gpu;
    Cents priceCents = 0;
    qint32 quantity = 0;
    qint64 orderId = 0;
    qint64 listingId = 0;
    qint64 rentalId = 0;
    qint32 hours = 0; // of the rental it started: volume is counted in GPU-hours
    quint8 aggressor = 0; // TradeAggressor
    qint64 timeMs = 0;
};

// Who started a trade. History: a synthetic print the sandbox backfilled before it opened, with
// no order, listing or rental behind it.
enum TradeAggressor : quint8 { BuyerAggressor = 0, SellerAggressor = 1, HistoryPrint = 2 };

// One OHLCV candle: prices in cents, volume in GPU-hours.
struct Candle
{
    qint64 startMs = 0;
    Cents open = 0;
    Cents high = 0;
    Cents low = 0;
    Cents close = 0;
    qint64 volume = 0;
    bool operator==(const Candle &) const = default;
};

// The 24-hour ticker of one GPU; prices unset where there is nothing to show.
struct TickerEntry
{
    QString gpu;
    std::optional<Cents> bid;
    std::optional<Cents> ask;
    std::optional<Cents> last;
    std::optional<Cents> open24h;
    std::optional<qint32> change24hBp; // (last - open24h) / open24h in basis points, half to even
    qint64 volume24h = 0; // GPU-hours
    bool operator==(const TickerEntry &) const = default;
};

// One level of a book as the book channel tells it (book.<gpu>, docs/protocol.md "Channels"): its
// price, the GPUs offered or bid at it (0: the level is gone) and the orders behind them.
struct BookLevelChange
{
    Cents price = 0;
    qint64 gpus = 0;
    qint32 orders = 0;
    // Asks only: the most idle GPUs one listing offers at this price (what one server can take).
    qint32 block = 0;
    bool operator==(const BookLevelChange &) const = default;
};

// A book push's levels, each side best first: every level in a snapshot, the levels that
// changed in a delta.
struct BookChange
{
    std::vector<BookLevelChange> bids;
    std::vector<BookLevelChange> asks;
    bool operator==(const BookChange &) const = default;
};

// An account's money. A provider's rental earnings accrue to `earnings`, kept apart from the
// prepaid `available` balance it can spend; a payout request moves an amount of them to
// `payoutPending` until support settles it.
struct Balance
{
    Cents available = 0;
    Cents held = 0;
    Cents earnings = 0;
    Cents payoutPending = 0;
};

// Buckets of the double-entry ledger. Every account has Available and Held (a provider also
// Earnings and PayoutPending); the system (account id 0) has the other side of every flow into
// and out of customer money.
enum class Bucket : quint8 {
    Available = 0,
    Held = 1,
    Earnings = 2, // a provider's rental earnings, not spendable
    PayoutPending = 3, // earnings asked to be paid out, until support settles the payout
    ExternalFunding = 10, // top-ups come from outside: this goes negative by what was paid in
    PlatformFees = 11,
    TaxPayable = 12,
    Adjustments = 13, // the other side of support's reasoned adjustments
    Payouts = 14, // earnings paid out to providers: goes positive by what left the exchange
};

// One entry of the audit trail: who did what to which account, and why.
struct AuditRecord
{
    qint64 id = 0;
    qint64 timeMs = 0;
    qint64 actorId = 0;
    QString action; // "adjustment", ...
    qint64 targetId = 0;
    QString detail; // the server's own words, in English: for old records and old clients
    // What the action was about (docs/protocol.md "Records"), each 0 or empty where the action
    // has none; a record written before they were stored has none of them. The desk words the
    // record from these in the user's language.
    Cents amount = 0; // in `currency`'s minor units: an adjustment (signed), a payout, a payment
    Currency currency = Currency::USD;
    QString reason {}; // the agent's
    qint64 adjustmentId = 0;
    qint64 payoutId = 0;
    qint64 paymentId = 0;
    QString reference {}; // a paid payout's transfer, a refunded payment's refund
    qint64 requestedBy = 0; // the agent who asked for the adjustment decided
    qint32 bidsCancelled = 0; // by a suspension
    qint32 listingsPaused = 0; // by a suspension

    bool hasFields() const
    {
        return amount != 0 || !reason.isEmpty() || adjustmentId != 0 || payoutId != 0
            || paymentId != 0 || !reference.isEmpty();
    }
};

// --- support (docs/protocol.md "Operations") ------------------------------------------------

// A support agent's note on an account: free text, kept with the account, never shown to it.
struct SupportNote
{
    qint64 id = 0;
    qint64 accountId = 0;
    qint64 agentId = 0;
    qint64 timeMs = 0;
    QString text;
};

enum class AdjustmentState : quint8 { Pending = 0, Approved = 1, Declined = 2 };

// An adjustment under dual control: above the operator's threshold, or past the requesting
// agent's daily total, it is not applied but waits here until a second, different support agent
// approves it (applied then, once) or declines it.
struct PendingAdjustment
{
    qint64 id = 0;
    qint64 accountId = 0;
    Cents amountCents = 0; // signed, to the account's available balance
    QString reason;
    qint64 requestedBy = 0;
    qint64 requestedMs = 0;
    AdjustmentState state = AdjustmentState::Pending;
    qint64 decidedBy = 0; // 0 while pending
    qint64 decidedMs = 0;
    QString decisionReason;
    // Who is concerned, as the server knows them when it answers (not stored with the
    // adjustment): the account's email and display name, the requester's display name (or
    // email, when it has none). Empty where an answer leaves them out.
    QString accountEmail;
    QString accountName;
    QString requesterName;
};

// A signed-in session as support sees it: never its token or its hash. Times are wall-clock.
struct SessionInfo
{
    qint64 accountId = 0;
    qint64 startedMs = 0;
    qint64 lastSeenMs = 0;
    qint64 expiresMs = 0;
    QString address; // the peer's IP address when it signed in
};

// A sign-in refused for a wrong password (or an unknown email: accountId 0), kept in the
// database for support's inspector; pruned after MarketRules::SignInFailureRetentionMs.
struct SignInFailure
{
    QString email;
    qint64 accountId = 0;
    QString address;
    qint64 timeMs = 0; // wall-clock
};

enum class PaymentState : quint8 {
    Pending = 0,
    Credited = 1,
    Expired = 2,
    Late = 3, // confirmed after it expired: waits for support to credit or refund it
    Refunded = 4, // a late one the processor paid back
};

// A paid top-up (docs/architecture.md "Trust and operations"): the payment the customer is asked to
// make, identified by its reference, at the rate quoted when it was asked for. It credits
// creditedCents once, when the payment processor confirms it (the signed webhook, PaymentWebhook),
// and never by itself after expiresMs: a confirmation that comes later makes it Late, and support
// credits it (with a reason) or marks it Refunded (with the processor's reference).
struct Payment
{
    qint64 id = 0;
    QString reference; // "pay_" and 26 base32 characters; what the processor confirms
    qint64 accountId = 0;
    Currency currency = Currency::USD;
    qint64 amountMinor = 0; // in the currency paid
    qint64 rateMicros = 0; // USD per unit x 10^6, quoted at creation
    Cents creditedCents = 0; // what a confirmation credits, in USD
    PaymentState state = PaymentState::Pending;
    qint64 createdMs = 0;
    qint64 expiresMs = 0; // a pending payment can no longer be confirmed from here on
    qint64 settledMs = 0; // when it was credited, expired or refunded; 0 while pending
    qint64 lateMs = 0; // when a confirmation came after the expiry; 0 if none did
    QString refundReference; // the processor's reference of the refund, when refunded
    qint64 agentId = 0; // the support agent who credited or refunded a late one
};

enum class PayoutState : quint8 { Requested = 0, Paid = 1, Rejected = 2 };

// A provider's request to be paid an amount of its earnings. Requested: the amount waits in the
// provider's PayoutPending bucket; support marks it paid (with the bank transfer's reference:
// the amount leaves to the system's Payouts bucket) or rejected (it returns to Earnings).
struct Payout
{
    qint64 id = 0;
    qint64 providerId = 0;
    Cents amountCents = 0;
    PayoutState state = PayoutState::Requested;
    QString reference; // the transfer's reference, when paid
    QString reason; // support's, when paid or rejected
    qint64 requestedMs = 0;
    qint64 settledMs = 0; // 0 while requested
    qint64 agentId = 0; // the support agent who settled it; 0 while requested
};

struct LedgerEntry
{
    qint64 id = 0;
    qint64 txId = 0;
    qint64 timeMs = 0;
    qint64 accountId = 0;
    Bucket bucket = Bucket::Available;
    Cents amount = 0;
    QString kind; // "topup", "hold", "release", "capture", "adjustment", ...
    qint64 refId = 0; // order, rental or audit id the entry belongs to
    QString memo;
    QByteArray prevHash; // hex SHA-256 of the previous entry; 64 zeros for the first
    QByteArray hash; // hex SHA-256 over prevHash and this entry's canonical text
};

// market.quote's answer: the cheapest whole placement the book has now, listing by listing at each
// one's own price, and what it comes to; `available` false (and no legs) when the book cannot take
// it.
struct PlacementQuote
{
    struct Leg
    {
        qint64 listingId = 0;
        qint32 gpus = 0;
        Cents priceCents = 0; // per GPU-hour, excluding tax
        QString region;
        QString cluster;
        bool operator==(const Leg &) const = default;
    };
    bool available = false;
    QList<Leg> legs; // cheapest first
    Cents averageCents = 0; // the legs' price per GPU-hour, weighted by GPUs, half to even
    Cents highestCents = 0; // the dearest leg's price: the cap a buy-now needs
    Cents subtotalCents = 0; // excluding tax
    Cents taxCents = 0;
    Cents totalCents = 0; // what an order for it holds once filled
    qint32 taxBp = 0; // the rate of the asking account's country; 0 for no account
    bool operator==(const PlacementQuote &) const = default;
};

// market.windows's answer: for every start hour, what the cheapest placement free over the whole
// window would cost, and how many placements are free; a start with none has no price.
struct StartWindow
{
    qint64 startMs = 0; // on the hour
    qint32 placements = 0; // 0: nothing is free over this window
    Cents subtotalCents = 0; // excluding tax; 0 with no placement
    Cents taxCents = 0;
    Cents totalCents = 0;
    bool operator==(const StartWindow &) const = default;
};

struct WindowsQuote
{
    QString gpu;
    qint32 quantity = 0;
    qint32 hours = 0;
    Placement placement = Placement::Any;
    qint32 taxBp = 0; // the rate of the asking account's country; 0 for no account
    QList<StartWindow> windows; // by start, one an hour
    bool operator==(const WindowsQuote &) const = default;
};

} // namespace everx
