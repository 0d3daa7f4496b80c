#pragma once

#include "market/money.h"

#include <QtCore/QByteArray>
#include <QtCore/QString>

#include <optional>

namespace everx {

// The market's records: what the engine keeps in memory and in its database, and what the
// protocol carries to clients (wirecodec.h). Ids are assigned by the engine
// (max + 1 on load), so the same SQL runs on SQLite and PostgreSQL. Times are epoch ms, UTC.

enum class Role : quint8 { Customer = 0, Provider = 1, Support = 2 };

// Only an active account trades or lists. A provider who signs up is pending until support
// approves the application (active) or rejects it (rejected: no sign-in); support may suspend
// any customer or provider (no sign-in, no operation) and reactivate it.
enum class AccountState : quint8 { Active = 0, Pending = 1, Suspended = 2, Rejected = 3 };

struct Account
{
    qint64 id = 0;
    QString email; // stored lower-case; unique
    Role role = Role::Customer;
    QString country; // ISO 3166-1 alpha-2, upper-case; decides the tax rate
    QString passwordHash;
    qint64 createdMs = 0;
    AccountState state = AccountState::Active;
    QString name; // display name; may be empty (accounts made before sign-up existed)
    QString company; // a provider's company; empty for others
};

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
    ListingState state = ListingState::Active;
    qint64 createdMs = 0;
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
    qint32 quantity = 0; // GPUs asked for
    qint32 remaining = 0; // GPUs not yet filled (0 once closed)
    qint32 filled = 0;
    Cents limitCents = 0; // limit price, or the confirmed cap of a buy-now
    qint32 hours = 0;
    qint32 taxBp = 0; // tax rate of the account's country when placed
    qint64 expiresMs = 0; // 0: good till cancelled
    OrderState state = OrderState::Open;
    QString closeReason; // "filled", "cancelled", "expired", "self_trade", "ioc_remainder"
    qint64 createdMs = 0;
    qint64 closedMs = 0;
    Cents heldCents = 0;
};

enum class RentalState : quint8 { Running = 0, Ended = 1, Stopped = 2 };

// q GPUs of one listing for the bid's hours at the trade price. Hour k (0-based) is captured
// at startedMs + k hours; the rental ends at startedMs + hours.
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

struct Balance
{
    Cents available = 0;
    Cents held = 0;
};

// Buckets of the double-entry ledger. Every account has Available and Held; the system
// (account id 0) has the other side of every flow into and out of customer money.
enum class Bucket : quint8 {
    Available = 0,
    Held = 1,
    ExternalFunding = 10, // top-ups come from outside: this goes negative by what was paid in
    PlatformFees = 11,
    TaxPayable = 12,
    Adjustments = 13, // the other side of support's reasoned adjustments
};

// One entry of the audit trail: who did what to which account, and why.
struct AuditRecord
{
    qint64 id = 0;
    qint64 timeMs = 0;
    qint64 actorId = 0;
    QString action; // "adjustment", ...
    qint64 targetId = 0;
    QString detail;
};

enum class PaymentState : quint8 { Pending = 0, Credited = 1, Expired = 2 };

// A paid top-up (DESIGN.md section 9): the payment the customer is asked to make, identified
// by its reference, at the rate quoted when it was asked for. It credits creditedCents once,
// when the payment processor confirms it (the signed webhook, PaymentWebhook), and never after
// expiresMs.
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
    qint64 settledMs = 0; // when it was credited or expired; 0 while pending
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

} // namespace everx
