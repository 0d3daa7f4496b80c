// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/money.h"

#include <algorithm>

namespace everx {

// The market's rules in one place (docs/architecture.md "The market" and "Money and the ledger"):
// the limits of every operation, the default platform fee, and the arithmetic of money. The engine
// enforces and posts with these; the order ticket, the rentals model and invoices show figures
// computed by the very same functions, so what the desk shows is what the exchange holds and bills.
//
// Tax is the account's country rate applied to the price of one GPU-hour and rounded half to
// even once per unit (Money::basisPoints): unitTax(p). Taxing the unit keeps every amount
// additive in GPUs and hours, so a hold splits exactly on partial fills and hourly captures.
namespace MarketRules {

// --- time ---------------------------------------------------------------------------------
// Rentals are bought and billed by the hour; times are epoch milliseconds, UTC.
inline constexpr qint64 HourMs = 3'600'000;
inline constexpr qint64 DayMs = 24 * HourMs;
// How far ahead a window may start: market.windows prices every start hour up to this many days
// from the next hour.
inline constexpr qint32 WindowDays = 14;

// --- limits of the operations ---------------------------------------------------------------
// The engine refuses input past these (invalid_argument); the desk's inputs stop at them.
inline constexpr qint32 MaxGpusPerOrder = 1024;
inline constexpr qint32 MaxGpusPerListing = 256; // one server
inline constexpr qint32 MaxHours = 720; // 30 days
inline constexpr Cents MinPriceCents = 1; // per GPU-hour, excluding tax
inline constexpr Cents MaxPriceCents = 100'000; // USD 1,000 per GPU-hour
inline constexpr qint64 MaxTopUpMinor = 100'000'000; // 1,000,000.00 in the currency paid
// Paid top-ups: how long a pending one waits for its payment, and how many an account may have
// waiting at once (each is a row until it expires).
inline constexpr qint64 TopUpExpiryMs = 30 * 60'000;
inline constexpr int MaxPendingTopUps = 10;
// The payment webhook: how far a confirmation's timestamp may be from the server's clock, in
// seconds either way, and the largest body it reads.
inline constexpr qint64 WebhookWindowS = 5 * 60;
inline constexpr qsizetype MaxWebhookBodyBytes = 4096;
inline constexpr Cents MaxAdjustmentCents = 100'000'000; // either way
// Payouts: a provider may have this many requested at once (each waits for support), each of at
// least MinPayoutCents; a transfer's reference has at most MaxPayoutReferenceLength characters.
inline constexpr int MaxRequestedPayouts = 5;
inline constexpr Cents MinPayoutCents = 100; // USD 1.00
inline constexpr qsizetype MaxPayoutReferenceLength = 64;
// Pages of payout.list, support.payouts and provider.rentals: at most this many records.
inline constexpr int MaxPageSize = 500;
inline constexpr int DefaultPageSize = 100;
inline constexpr qint64 MaxExpiryMs = 30 * DayMs; // how far ahead a bid may expire
inline constexpr qsizetype MaxGpuIdLength = 64;
inline constexpr qsizetype MaxClientOrderIdLength = 64; // printable ASCII
inline constexpr qsizetype MaxRegionLength = 64;
inline constexpr qsizetype MaxClusterNameLength = 64;
inline constexpr qint32 MaxFabricGbps = 3'200; // a cluster's fabric, per server
inline constexpr qsizetype MaxEndpointLength = 255;
inline constexpr qsizetype MaxReasonLength = 500; // support's reason for an adjustment
inline constexpr qsizetype MaxEmailLength = 254;
inline constexpr qsizetype MaxNoteLength = 2000; // a support agent's note on an account
inline constexpr qsizetype MaxSearchLength = 254; // support.search's query
inline constexpr int MaxPageLimit = 200; // rows of one page of a support listing
// Dual control of support's adjustments (defaults; the operator sets both): an adjustment of
// more than the threshold either way, or one that takes the agent's adjustments of the day (UTC)
// past the daily total, waits for a second agent.
inline constexpr Cents DefaultDualControlThresholdCents = 50'000; // 500.00 USD
inline constexpr Cents DefaultAgentDailyLimitCents = 200'000; // 2,000.00 USD
inline constexpr qsizetype MinPasswordLength = 8; // of the engine's own accounts (sandbox, tools)
inline constexpr qsizetype MaxPasswordLength = 256;
// A password chosen over the wire (auth.signup, account.password, --add-support): PasswordRules.
inline constexpr qsizetype MinNewPasswordLength = 10;
inline constexpr qsizetype MaxNameLength = 100; // an account's display name and company
// Email ownership (auth.verify): the code mailed to a new account's address has this many
// digits, lives this long, and is void after this many wrong tries (sign up again for another).
inline constexpr int VerificationCodeDigits = 6;
inline constexpr qint64 VerificationCodeLifeMs = DayMs;
inline constexpr int MaxVerificationFailures = 5;
// Mails about one address (a code, a notice): at most one in this time; later ones are dropped.
inline constexpr qint64 MailIntervalMs = 60'000;
// Open (resting) bids per account: beyond, order.place is refused too_many_orders. Each open
// order costs the exchange memory and a place in a book; an honest desk never needs more.
inline constexpr int MaxOpenOrdersPerAccount = 200;
// While requests wait, books and the ticker are published at most once in this time, what
// changed meanwhile merged (ExchangeService::Options::marketDataIntervalMs; everx-exchanged
// --market-data-interval); once none waits, at once.
inline constexpr int MarketDataIntervalMs = 2;

// --- access (docs/security.md "Access") -------------------------------------------------------
// Defaults of the server's guards; an operator may change them (everx-exchanged(8)).
inline constexpr int MaxConnectionsPerAddress = 256; // room for an office behind one NAT
inline constexpr int MaxConnections = 10'000; // in total
// Connections without a sign-in that watch market data may take this share of MaxConnections
// (whatever it is set to), so that watchers cannot keep signed-in users out.
inline constexpr int AnonymousConnectionsPercent = 60;
constexpr int maxAnonymousConnections(int maxConnections)
{
    return std::max(1, int(qint64(maxConnections) * AnonymousConnectionsPercent / 100));
}
// What may wait to be written to one connection; past it the connection is closed (1008 "too
// slow"): a peer that does not read costs at most this much memory.
inline constexpr qint64 MaxQueuedBytes = 4 * 1024 * 1024;
inline constexpr qint64 SignInGraceMs = 30'000; // to sign in or subscribe, else closed
inline constexpr qint64 KeepaliveIntervalMs = 30'000; // the server pings an idle peer
inline constexpr qint64 KeepaliveTimeoutMs = 20'000; // no pong by then: the peer is dropped
inline constexpr int SignInFreeFailures = 3; // failures of an email before it is slowed
inline constexpr qint64 SignInFirstDelayMs = 1'000; // then doubling with every failure
inline constexpr qint64 SignInMaxDelayMs = 30'000; // a correct password waits no longer
inline constexpr int SignInFailuresPerAddress = 30; // per SignInWindowMs, then rate_limited
inline constexpr int SignInsPerAddressPerMinute = 60; // successful ones
inline constexpr qint64 SignInWindowMs = 15 * 60'000; // failures older than this are forgotten
// Wrong current passwords in account.password on one session before the session ends; each is
// also a failed sign-in of the account's email.
inline constexpr int PasswordChangeFailuresPerSession = 10;
// After a failed accept (out of file descriptors) a listener accepts again this much later.
inline constexpr int AcceptRetryMs = 500;
// The admin HTTP listener (AdminServer): a request's head (request line and headers) and body at
// most, the time each has to arrive, and the connections it serves at once. The body's bound is
// the payment webhook's: no route takes more.
inline constexpr qsizetype AdminMaxHeadBytes = 8 * 1024;
inline constexpr qsizetype AdminMaxBodyBytes = MaxWebhookBodyBytes;
inline constexpr int AdminHeadTimeoutMs = 5'000;
inline constexpr int AdminBodyTimeoutMs = 10'000;
inline constexpr int AdminMaxConnections = 16;
// Failed sign-ins are kept in the database for support this long, then pruned.
inline constexpr qint64 SignInFailureRetentionMs = 30 * DayMs;

// --- fees -----------------------------------------------------------------------------------
// The platform's fee, in basis points of the provider's price, taken at each hourly capture.
inline constexpr int DefaultPlatformFeeBp = 1000; // 10 %
inline constexpr int MaxBasisPoints = 10'000; // 100 %: the range of fee and tax rates
// What cancelling a reserved window before its start costs, in basis points of what it holds;
// the provider earns it.
inline constexpr int DefaultReservationCancelFeeBp = 1000; // 10 %

// --- arithmetic -----------------------------------------------------------------------------
// All amounts in cents; every argument within the limits above keeps them far from overflow.

// The tax on one GPU-hour at price, rounded half to even.
Cents unitTax(Cents price, int taxBp);
// One GPU-hour with its tax: price + unitTax(price).
Cents unitGross(Cents price, int taxBp);
// What a bid holds while it rests, and what a fill of gpus moves out of it:
// gpus x hours x unitGross(price).
Cents bidHold(qint64 gpus, qint64 hours, Cents price, int taxBp);

// An order's figures, as the ticket shows them and the confirmation repeats them; also an
// invoice's for the hours billed. total == bidHold(gpus, hours, price, taxBp).
struct OrderCost
{
    Cents subtotal = 0; // gpus x hours x price
    Cents tax = 0; // gpus x hours x unitTax(price)
    Cents total = 0; // subtotal + tax
    bool operator==(const OrderCost &) const = default;
};
OrderCost orderCost(qint64 gpus, qint64 hours, Cents price, int taxBp);

// A placement's figures (market.quote), from its legs, each at its own listing's price: the
// subtotal, tax and total are the sums of each leg's orderCost, so that the total is what the
// filled order holds (the sum of its rentals' holds); the average price is the legs' weighted
// by GPUs, half to even; the highest is the cap a buy-now of it needs. The legs are the quote's.
void priceQuote(PlacementQuote &quote, qint32 hours, int taxBp);

// One hour of a rental, captured at its start: the customer's hold pays customerGross; the
// provider earns the price less the platform fee; the fee and the tax go to the exchange's
// buckets. customerGross == providerEarnings + platformFee + taxPayable.
struct HourSplit
{
    Cents customerGross = 0; // gpus x unitGross(price)
    Cents providerEarnings = 0; // gpus x price - platformFee
    Cents platformFee = 0; // feeBp of gpus x price, half to even
    Cents taxPayable = 0; // gpus x unitTax(price)
    bool operator==(const HourSplit &) const = default;
};
HourSplit hourSplit(qint64 gpus, Cents price, int taxBp, int feeBp);
// The split of one hour of rental, at its own price, tax and fee.
HourSplit hourSplit(const Rental &rental);

// What a rental still holds: its hours not yet billed, at its unit gross price. Released when
// it is stopped early.
Cents unbilledRemainder(const Rental &rental);
// What a rental has cost its customer so far: the hours billed, with tax.
Cents billedSoFar(const Rental &rental);
// What a rental has earned its provider so far: the hours billed, less the platform fee.
Cents earnedSoFar(const Rental &rental);
// Hours of a running rental not over yet: each hour is billed as it starts, so the hour under way
// is billed but still to run. A 1-hour rental just started has 1 hour left, not 0.
qint32 hoursLeft(const Rental &rental);
// What a rental will still earn its provider if it runs to its end: its hours not yet billed,
// less the platform fee. For a reserved rental, all of its window: its earnings booked ahead.
Cents earningsAhead(const Rental &rental);
// The hours a rental takes of its listing's GPUs, as epoch ms on hour boundaries, [startMs,
// endMs): from the hour it starts in to the hour its last millisecond falls in, both whole. A
// rental from 12:20 for 3 hours takes 12:00 to 16:00; a window from 10:00 for 24 hours takes
// exactly those. A rental of no hours takes none.
struct HourSpan
{
    qint64 startMs = 0;
    qint64 endMs = 0;
    bool operator==(const HourSpan &) const = default;
};
HourSpan hoursTaken(qint64 startMs, qint32 hours);
// What cancelling a reserved rental costs its customer: feeBp of what it holds (all of its hours,
// tax included), half to even. The provider earns it; the rest of the hold comes back.
Cents reservationCancelFee(const Rental &rental, int feeBp);

} // namespace MarketRules
} // namespace everx
