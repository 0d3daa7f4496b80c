// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/candleinterval.h"

#include <QtCore/QString>
#include <QtCore/QStringView>

#include <array>
#include <optional>

namespace everx {

// The words of protocol v1 (docs/protocol.md) that both ends speak: operation names, channel
// names, push types, the account channel's event types and notification kinds. Each is spelled
// here and nowhere else; the server dispatches and publishes with these, the client requests
// and subscribes with them. Record fields are the codec's (wirecodec.h); error codes are
// market/errors.h's; limits are Protocol's (protocol.h) and MarketRules'.

// Operations, by the docs' table "Operations".
namespace Op {
inline constexpr QLatin1StringView Hello {"hello"};
inline constexpr QLatin1StringView Ping {"ping"};
inline constexpr QLatin1StringView AuthLogin {"auth.login"};
inline constexpr QLatin1StringView AuthResume {"auth.resume"};
inline constexpr QLatin1StringView AuthDemo {"auth.demo"};
inline constexpr QLatin1StringView AuthLogout {"auth.logout"};
inline constexpr QLatin1StringView AuthSignup {"auth.signup"};
inline constexpr QLatin1StringView AuthVerify {"auth.verify"};
inline constexpr QLatin1StringView AuthLogoutAll {"auth.logoutAll"};
inline constexpr QLatin1StringView AccountGet {"account.get"};
inline constexpr QLatin1StringView AccountPassword {"account.password"};
inline constexpr QLatin1StringView WalletQuote {"wallet.quote"};
inline constexpr QLatin1StringView WalletTopUp {"wallet.topup"};
inline constexpr QLatin1StringView WalletLedger {"wallet.ledger"};
inline constexpr QLatin1StringView OrderPlace {"order.place"};
inline constexpr QLatin1StringView OrderCancel {"order.cancel"};
inline constexpr QLatin1StringView OrderList {"order.list"};
inline constexpr QLatin1StringView RentalList {"rental.list"};
inline constexpr QLatin1StringView RentalStop {"rental.stop"};
inline constexpr QLatin1StringView ListingAdd {"listing.add"};
inline constexpr QLatin1StringView ListingReprice {"listing.reprice"};
inline constexpr QLatin1StringView ListingPause {"listing.pause"};
inline constexpr QLatin1StringView ListingResume {"listing.resume"};
inline constexpr QLatin1StringView ListingRemove {"listing.remove"};
inline constexpr QLatin1StringView ListingList {"listing.list"};
inline constexpr QLatin1StringView ListingCluster {"listing.cluster"};
inline constexpr QLatin1StringView MarketQuote {"market.quote"};
inline constexpr QLatin1StringView MarketWindows {"market.windows"};
inline constexpr QLatin1StringView SupportAccount {"support.account"};
inline constexpr QLatin1StringView SupportAdjust {"support.adjust"};
inline constexpr QLatin1StringView SupportVerify {"support.verify"};
inline constexpr QLatin1StringView SupportSuspend {"support.suspend"};
inline constexpr QLatin1StringView SupportReactivate {"support.reactivate"};
inline constexpr QLatin1StringView SupportApplication {"support.application"};
inline constexpr QLatin1StringView PayoutRequest {"payout.request"};
inline constexpr QLatin1StringView PayoutList {"payout.list"};
inline constexpr QLatin1StringView ProviderRentals {"provider.rentals"};
inline constexpr QLatin1StringView ProviderStats {"provider.stats"};
inline constexpr QLatin1StringView SupportPayouts {"support.payouts"};
inline constexpr QLatin1StringView SupportPayoutPaid {"support.payoutPaid"};
inline constexpr QLatin1StringView SupportPayoutRejected {"support.payoutRejected"};
inline constexpr QLatin1StringView SupportSearch {"support.search"};
inline constexpr QLatin1StringView SupportLedger {"support.ledger"};
inline constexpr QLatin1StringView SupportHistory {"support.history"};
inline constexpr QLatin1StringView SupportNote {"support.note"};
inline constexpr QLatin1StringView SupportAudit {"support.audit"};
inline constexpr QLatin1StringView SupportPending {"support.pending"};
inline constexpr QLatin1StringView SupportApproveAdjustment {"support.approveAdjustment"};
inline constexpr QLatin1StringView SupportDeclineAdjustment {"support.declineAdjustment"};
inline constexpr QLatin1StringView SupportLatePayments {"support.latePayments"};
inline constexpr QLatin1StringView SupportCreditPayment {"support.creditPayment"};
inline constexpr QLatin1StringView SupportRefundPayment {"support.refundPayment"};
inline constexpr QLatin1StringView Subscribe {"subscribe"};
inline constexpr QLatin1StringView Unsubscribe {"unsubscribe"};

// Every operation; for tests and tables.
inline constexpr std::array All {
    Hello,
    Ping,
    AuthLogin,
    AuthResume,
    AuthDemo,
    AuthLogout,
    AccountGet,
    WalletQuote,
    WalletTopUp,
    WalletLedger,
    OrderPlace,
    OrderCancel,
    OrderList,
    RentalList,
    RentalStop,
    ListingAdd,
    ListingReprice,
    ListingPause,
    ListingResume,
    ListingRemove,
    ListingList,
    SupportAccount,
    SupportAdjust,
    SupportVerify,
    Subscribe,
    Unsubscribe,
    // Accounts: sign-up and its confirmation, password, sign-out everywhere, and support's
    // decisions on accounts.
    AuthSignup,
    AuthVerify,
    AuthLogoutAll,
    AccountPassword,
    SupportSuspend,
    SupportReactivate,
    SupportApplication,
    PayoutRequest,
    PayoutList,
    ProviderRentals,
    ProviderStats,
    SupportPayouts,
    SupportPayoutPaid,
    SupportPayoutRejected,
    SupportSearch,
    SupportLedger,
    SupportHistory,
    SupportNote,
    SupportAudit,
    SupportPending,
    SupportApproveAdjustment,
    SupportDeclineAdjustment,
    // Placements: a listing's cluster, and the price of N GPUs in a placement.
    ListingCluster,
    MarketQuote,
    // Windows ahead: what a placement would cost at each start hour.
    MarketWindows,
    // Late payments: confirmed after they expired, credited or refunded by support.
    SupportLatePayments,
    SupportCreditPayment,
    SupportRefundPayment,
};
// The operations anyone may call, signed in or not (the docs' auth "anyone"); every other one
// needs a session. Subscribing to the account channel needs one all the same.
inline constexpr std::array Public {
    Hello,     Ping,        AuthLogin,  AuthResume,  AuthDemo,   WalletQuote,
    Subscribe, Unsubscribe, AuthSignup, MarketQuote, AuthVerify, MarketWindows,
};
bool isPublic(QStringView op);
} // namespace Op

// Channels, by the docs' table "Channels": per GPU book.<gpu>, trades.<gpu> and
// candles.<gpu>.<interval>; ticker; and the signed-in account's own, account.
namespace Channel {
inline constexpr QLatin1StringView TickerName {"ticker"};
inline constexpr QLatin1StringView AccountName {"account"};

QString book(const QString &gpu);
QString trades(const QString &gpu);
QString candles(const QString &gpu, CandleInterval interval);

enum class Kind : quint8 { Ticker, Account, Book, Trades, Candles };
// A channel name taken apart.
struct Spec
{
    Kind kind = Kind::Ticker;
    QString gpu; // Book, Trades, Candles
    CandleInterval interval = CandleInterval::Hour; // Candles
    bool operator==(const Spec &) const = default;
};
// The shape of a channel name: nullopt for anything that is not one. Whether the GPU exists
// is the server's catalog's to say.
std::optional<Spec> parse(QStringView name);
// The name of a spec: parse(name(spec)) == spec.
QString name(const Spec &spec);
// Whether a name is a book channel's (parse(name)->kind == Kind::Book), without taking it
// apart: the desk asks it of every book push.
bool isBook(QStringView name);
} // namespace Channel

// hello's "mode": what kind of exchange answers.
namespace ServerMode {
inline constexpr QLatin1StringView Sandbox {"sandbox"};
inline constexpr QLatin1StringView Server {"server"};
} // namespace ServerMode

// What a push carries (a frame's "type").
enum class PushType : quint8 {
    Snapshot, // the channel's whole state
    Delta, // what changed since the last push
    Event, // something that happened (the account channel)
};
QString pushTypeName(PushType type);
std::optional<PushType> pushTypeFromName(QStringView name);

// The account channel's events: "type", and the record under the key of the same name
// (docs/protocol.md "Channels").
namespace AccountEvent {
inline constexpr QLatin1StringView Order {"order"};
inline constexpr QLatin1StringView Rental {"rental"};
inline constexpr QLatin1StringView Listing {"listing"};
inline constexpr QLatin1StringView Balance {"balance"};
inline constexpr QLatin1StringView Ledger {"ledger"};
inline constexpr QLatin1StringView Notification {"notification"};
// a top-up asked for, credited, expired, paid late or refunded
inline constexpr QLatin1StringView Payment {"payment"};
inline constexpr QLatin1StringView Payout {"payout"}; // a payout requested, paid or rejected
// support decided the account's provider application: its state is active or rejected now
inline constexpr QLatin1StringView Account {"account"};
} // namespace AccountEvent

// Session events (docs/protocol.md "Session events"): a frame of its own ("event", no channel
// and no sequence) that the server sends to every connection signed in as an account when the
// account's sessions end by support's decision, right before it signs them out.
namespace SessionEvent {
// support suspended the account; "reason" is support's, as typed
inline constexpr QLatin1StringView AccountSuspended {"account.suspended"};
// support rejected the provider's application; no reason is sent
inline constexpr QLatin1StringView AccountRejected {"account.rejected"};
inline constexpr std::array All {AccountSuspended, AccountRejected};
} // namespace SessionEvent

// The kinds of a notification event.
namespace NotificationKind {
inline constexpr QLatin1StringView Fill {"fill"};
inline constexpr QLatin1StringView RentalStarted {"rental_started"};
inline constexpr QLatin1StringView RentalEnded {"rental_ended"};
inline constexpr QLatin1StringView LowBalance {"low_balance"};
inline constexpr QLatin1StringView TopUpPending {"topup_pending"};
inline constexpr QLatin1StringView TopUpCredited {"topup_credited"};
inline constexpr QLatin1StringView TopUpExpired {"topup_expired"};
// Paid after it expired: support will credit or refund it.
inline constexpr QLatin1StringView TopUpLate {"topup_late"};
inline constexpr QLatin1StringView TopUpRefunded {"topup_refunded"};
// Support decided a provider's application (an account event with the account comes first).
inline constexpr QLatin1StringView ApplicationApproved {"application_approved"};
inline constexpr QLatin1StringView ApplicationRejected {"application_rejected"};
// Windows ahead: a window reserved (to both parties), its reminder a day and an hour before its
// start, and its cancellation before the start (by its customer, or by support's suspension).
inline constexpr QLatin1StringView RentalReserved {"rental_reserved"};
inline constexpr QLatin1StringView ReservationReminder {"reservation_reminder"};
inline constexpr QLatin1StringView ReservationCancelled {"reservation_cancelled"};
inline constexpr std::array All {Fill,
                                 RentalStarted,
                                 RentalEnded,
                                 LowBalance,
                                 TopUpPending,
                                 TopUpCredited,
                                 TopUpExpired,
                                 TopUpLate,
                                 TopUpRefunded,
                                 ApplicationApproved,
                                 ApplicationRejected,
                                 RentalReserved,
                                 ReservationReminder,
                                 ReservationCancelled};
} // namespace NotificationKind

} // namespace everx
