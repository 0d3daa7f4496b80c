// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "market/fxrates.h"
#include "market/marketrecords.h"
#include "market/requests.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>

#include <optional>

namespace everx {

// The records of docs/protocol.md to and from JSON, for both ends: the client encodes requests
// and decodes replies and channel data with it, the server decodes requests and encodes replies
// and pushes with it, so every field name is spelled once, in the codec's Key (wirecodec_p.h).
//
// Money is a string with two decimals ("4.19"); times are epoch ms; enums are lower-case
// names. Readers refuse a missing or mistyped field and name it ("order: price: missing"); every
// text field is held to TextRules (market/textrules.h) and NFC-normalised. Requests are read as
// a server must read hostile input: a refusal is ErrorCode::InvalidArgument naming the operation
// and the field, also for a field the request does not have, with lengths and counts bounded by
// MarketRules' limits. In records extra fields are ignored (a newer server may add some). Records
// (what a server sends) are read into nullopt and *error.
namespace Wire {

QString roleName(Role role);
std::optional<Role> roleFromName(QStringView name);
QString accountStateName(AccountState state);
std::optional<AccountState> accountStateFromName(QStringView name);
QString orderKindName(OrderKind kind);
std::optional<OrderKind> orderKindFromName(QStringView name);
QString orderStateName(OrderState state);
std::optional<OrderState> orderStateFromName(QStringView name);
QString rentalStateName(RentalState state);
std::optional<RentalState> rentalStateFromName(QStringView name);
QString listingStateName(ListingState state);
std::optional<ListingState> listingStateFromName(QStringView name);
QString bucketName(Bucket bucket);
std::optional<Bucket> bucketFromName(QStringView name);
QString paymentStateName(PaymentState state);
QString payoutStateName(PayoutState state);
QString tradeSideName(quint8 aggressor); // "buy", "sell", "history"
std::optional<quint8> tradeSideFromName(QStringView name);

// Money: "4.19". moneyFromJson accepts only a string with at most two decimals.
QString money(Cents cents);
std::optional<Cents> moneyFromJson(const QJsonValue &value);

// --- records -------------------------------------------------------------------------------------

// Account: never the password hash.
QJsonObject toJson(const Account &account);
std::optional<Account> accountFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Balance &balance);
std::optional<Balance> balanceFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const BidOrder &order);
std::optional<BidOrder> orderFromJson(const QJsonObject &o, QString *error = nullptr);
// region and endpoint go with a rental when set (the engine sets them; they are for the
// rental's customer and provider) and are read when present.
QJsonObject toJson(const Rental &rental);
std::optional<Rental> rentalFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Listing &listing);
std::optional<Listing> listingFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Trade &trade);
std::optional<Trade> tradeFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const LedgerEntry &entry);
std::optional<LedgerEntry> entryFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Candle &candle);
std::optional<Candle> candleFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const TickerEntry &entry);
std::optional<TickerEntry> tickerFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Payment &payment);
std::optional<Payment> paymentFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Payout &payout);
std::optional<Payout> payoutFromJson(const QJsonObject &o, QString *error = nullptr);
// A rental on the provider's hardware: no customer in it.
QJsonObject toJson(const HostedRental &rental);
std::optional<HostedRental> hostedRentalFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const ProviderStats &stats);
std::optional<ProviderStats> providerStatsFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const AuditRecord &record);
std::optional<AuditRecord> auditFromJson(const QJsonObject &o, QString *error = nullptr);
// Support's records (docs/protocol.md "Records").
QString adjustmentStateName(AdjustmentState state);
QJsonObject toJson(const SupportNote &note);
std::optional<SupportNote> noteFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const PendingAdjustment &adjustment);
std::optional<PendingAdjustment> pendingAdjustmentFromJson(const QJsonObject &o,
                                                           QString *error = nullptr);
QJsonObject toJson(const SessionInfo &session);
std::optional<SessionInfo> sessionFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const SignInFailure &failure);
std::optional<SignInFailure> signInFailureFromJson(const QJsonObject &o, QString *error = nullptr);
// A book level: [price, gpus, orders].
QJsonArray level(Cents price, qint64 gpus, qint32 orders);
// An ask level: a bid's, and the most idle GPUs one listing offers at the price (`block`).
QJsonArray askLevel(Cents price, qint64 gpus, qint32 orders, qint32 block);
// A level of either side: [price, gpus, orders] or, for an ask, [price, gpus, orders, block]
// (block 0 when the level has none).
bool levelFromJson(const QJsonValue &value, Cents *price, qint64 *gpus, qint32 *orders,
                   qint32 *block = nullptr);

// Records under their keys, as replies, snapshots and events carry them: {"order": {...}},
// {"orders": [...]}. Defined for Account, Balance, BidOrder, Rental, Listing, Trade, LedgerEntry
// ("entry", "entries"), Candle, TickerEntry (the ticker's "gpus"), AuditRecord ("audit"),
// Payment, Payout, HostedRental ("rental", "rentals"), SupportNote ("note", "notes"),
// PendingAdjustment ("adjustment", "adjustments"), SessionInfo ("session", "sessions") and
// SignInFailure ("signInFailure", "signInFailures").
template<typename T>
QJsonObject wrap(const T &record);
template<typename T>
QJsonObject wrapList(const QList<T> &records);
template<typename T>
QJsonArray array(const QList<T> &records);
template<typename T>
std::optional<T> unwrap(const QJsonObject &o, QString *error = nullptr);
// Every element must read, or nullopt.
template<typename T>
std::optional<QList<T>> unwrapList(const QJsonObject &o, QString *error = nullptr);
// The elements that read; the others are skipped (live channel data: one bad record must not
// blank a view).
template<typename T>
QList<T> unwrapEach(const QJsonObject &o);

// --- requests: encoded by the client, decoded by the server --------------------------------------

// ping, auth.logout, account.get, order.list, rental.list, listing.list, support.verify: no
// arguments; any field is refused as unknown, naming it.
Result<bool> noArgumentsFromJson(const QJsonObject &args, QLatin1StringView op);
QJsonObject toJson(const Hello &hello);
Result<Hello> helloFromJson(const QJsonObject &args);
QJsonObject toJson(const Credentials &credentials);
Result<Credentials> credentialsFromJson(const QJsonObject &args);
QJsonObject resumeRequest(const QString &token);
Result<QString> resumeTokenFromJson(const QJsonObject &args);
QJsonObject demoRequest(Role role);
Result<Role> demoRoleFromJson(const QJsonObject &args);
QJsonObject toJson(const TopUpRequest &request);
Result<TopUpRequest> topUpRequestFromJson(const QJsonObject &args);
// The payment webhook's body (docs/security.md "Payments"); not a protocol request, but read
// as hostile all the same.
QJsonObject toJson(const PaymentConfirmation &confirmation);
Result<PaymentConfirmation> paymentConfirmationFromJson(const QJsonObject &body);
QJsonObject toJson(const LedgerQuery &query);
Result<LedgerQuery> ledgerQueryFromJson(const QJsonObject &args);
QJsonObject toJson(const BidRequest &request);
Result<BidRequest> bidRequestFromJson(const QJsonObject &args);
QJsonObject orderRequest(qint64 orderId); // order.cancel
Result<qint64> orderIdFromJson(const QJsonObject &args);
QJsonObject rentalRequest(qint64 rentalId); // rental.stop
Result<qint64> rentalIdFromJson(const QJsonObject &args);
QJsonObject listingRequest(qint64 listingId); // listing.pause, .resume, .remove
Result<qint64> listingIdFromJson(const QJsonObject &args);
QJsonObject toJson(const ListingRequest &request);
Result<ListingRequest> listingRequestFromJson(const QJsonObject &args);
QJsonObject toJson(const Reprice &request);
Result<Reprice> repriceFromJson(const QJsonObject &args);
QJsonObject toJson(const ListingCluster &request);
Result<ListingCluster> listingClusterFromJson(const QJsonObject &args);
QJsonObject toJson(const QuoteRequest &request);
Result<QuoteRequest> quoteRequestFromJson(const QJsonObject &args);
QJsonObject toJson(const WindowsRequest &request);
Result<WindowsRequest> windowsRequestFromJson(const QJsonObject &args);
QJsonObject toJson(const AccountLookup &lookup);
Result<AccountLookup> accountLookupFromJson(const QJsonObject &args);
QJsonObject toJson(const Adjustment &adjustment);
Result<Adjustment> adjustmentFromJson(const QJsonObject &args);
// auth.signup: every field of SignUpRequest; company only for a provider (optional on the wire).
QJsonObject toJson(const SignUpRequest &request);
Result<SignUpRequest> signUpFromJson(const QJsonObject &args);
// auth.verify: the email, the password that signed up and the code, VerificationCodeDigits
// digits.
QJsonObject toJson(const EmailVerification &verification);
Result<EmailVerification> emailVerificationFromJson(const QJsonObject &args);
QJsonObject toJson(const PasswordChange &change); // account.password
Result<PasswordChange> passwordChangeFromJson(const QJsonObject &args);
// support.suspend and support.reactivate (op names the one read, for its errors).
QJsonObject toJson(const AccountAction &action);
Result<AccountAction> accountActionFromJson(const QJsonObject &args, QLatin1StringView op);
QJsonObject toJson(const ApplicationDecision &decision); // support.application
Result<ApplicationDecision> applicationDecisionFromJson(const QJsonObject &args);
QJsonObject toJson(const PayoutRequest &request);
Result<PayoutRequest> payoutRequestFromJson(const QJsonObject &args);
// payout.list (state optional) and support.payouts (state required).
QJsonObject toJson(const PayoutQuery &query);
Result<PayoutQuery> payoutQueryFromJson(const QJsonObject &args, QLatin1StringView op);
// support.payoutPaid (reference required) and support.payoutRejected (no reference).
QJsonObject toJson(const PayoutSettlement &settlement);
Result<PayoutSettlement> payoutSettlementFromJson(const QJsonObject &args, QLatin1StringView op);
// support.creditPayment (no reference) and support.refundPayment (the refund's reference
// required). support.latePayments has no arguments.
QJsonObject toJson(const LatePaymentDecision &decision);
Result<LatePaymentDecision> latePaymentDecisionFromJson(const QJsonObject &args,
                                                        QLatin1StringView op);
QJsonObject toJson(const RentalPage &page);
Result<RentalPage> rentalPageFromJson(const QJsonObject &args);
QJsonObject toJson(const StatsQuery &query);
Result<StatsQuery> statsQueryFromJson(const QJsonObject &args);
// Support's workspace. Pages: offset (0 or more, default 0) and limit (1 to
// MarketRules::MaxPageLimit, default PageRequest::DefaultLimit), both optional.
QJsonObject toJson(const AccountSearch &search);
Result<AccountSearch> accountSearchFromJson(const QJsonObject &args);
QJsonObject toJson(const LedgerPageQuery &query);
Result<LedgerPageQuery> ledgerPageQueryFromJson(const QJsonObject &args);
QString historyKindName(HistoryKind kind);
QJsonObject toJson(const HistoryQuery &query);
Result<HistoryQuery> historyQueryFromJson(const QJsonObject &args);
QJsonObject toJson(const NoteRequest &request);
Result<NoteRequest> noteRequestFromJson(const QJsonObject &args);
QJsonObject toJson(const AuditQuery &query);
Result<AuditQuery> auditQueryFromJson(const QJsonObject &args);
// support.approveAdjustment and support.declineAdjustment (op names which).
QJsonObject toJson(const AdjustmentDecision &decision);
Result<AdjustmentDecision> adjustmentDecisionFromJson(const QJsonObject &args,
                                                      QLatin1StringView op);
QJsonObject channelRequest(const QString &channel); // subscribe, unsubscribe; also their reply
Result<QString> channelFromJson(const QJsonObject &args);

// --- replies: encoded by the server, decoded by the client ---------------------------------------

QJsonObject toJson(const ServerInfo &info);
std::optional<ServerInfo> serverInfoFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject pingReply(qint64 timeMs);
// ping's time; 0 when the answer has none that reads.
qint64 pingTimeFromJson(const QJsonObject &o);
// auth.signup's answer: `email`, and in the sandbox `sandboxMail` (`to`, `subject`, `text`,
// `code`).
QJsonObject toJson(const SignUpReceipt &receipt);
std::optional<SignUpReceipt> signUpReceiptFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Mail &mail);
std::optional<Mail> mailFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const SignIn &signIn);
std::optional<SignIn> signInFromJson(const QJsonObject &o, QString *error = nullptr);
// auth.resume's answer: the account and its tax rate, as a sign-in's without the token (which
// the client already has).
QJsonObject resumeReply(const Account &account, qint32 taxBp);
std::optional<SignIn> resumeReplyFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const AccountSummary &summary);
std::optional<AccountSummary> accountSummaryFromJson(const QJsonObject &o,
                                                     QString *error = nullptr);
QJsonObject toJson(const Quote &quote);
std::optional<Quote> quoteFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const PlacementQuote &quote);
std::optional<PlacementQuote> placementQuoteFromJson(const QJsonObject &o,
                                                     QString *error = nullptr);
QJsonObject toJson(const WindowsQuote &quote);
std::optional<WindowsQuote> windowsQuoteFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const TopUp &topUp);
std::optional<TopUp> topUpFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const OrderPlaced &placed);
std::optional<OrderPlaced> orderPlacedFromJson(const QJsonObject &o, QString *error = nullptr);
// The replies the exchange sends most (order.place's, and order.cancel's wrap()ped order) as
// compact JSON text, written as the records are read: the same members as toJson() and wrap(),
// without building a QJsonObject to write out (market/jsonwriter.h). In the fields' order.
QString json(const OrderPlaced &placed);
QString jsonWrapped(const BidOrder &order);
QJsonObject toJson(const AccountInspection &inspection);
std::optional<AccountInspection> inspectionFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const ChainCheck &check);
std::optional<ChainCheck> chainCheckFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const AccountSearchPage &page);
std::optional<AccountSearchPage> accountSearchPageFromJson(const QJsonObject &o,
                                                           QString *error = nullptr);
QJsonObject toJson(const LedgerPage &page);
std::optional<LedgerPage> ledgerPageFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const HistoryPage &page);
std::optional<HistoryPage> historyPageFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const AuditPage &page);
std::optional<AuditPage> auditPageFromJson(const QJsonObject &o, QString *error = nullptr);
// support.adjust: {"balance": ...} and, when it waits for a second agent, {"adjustment": ...}.
QJsonObject toJson(const AdjustmentOutcome &outcome);
std::optional<AdjustmentOutcome> adjustmentOutcomeFromJson(const QJsonObject &o,
                                                           QString *error = nullptr);

// --- channel data --------------------------------------------------------------------------------

// book.<gpu>: the levels of each side, best first; in a delta, the levels that changed.
QJsonObject bookData(const QJsonArray &bids, const QJsonArray &asks);
QJsonArray bookBids(const QJsonObject &data);
QJsonArray bookAsks(const QJsonObject &data);
// The same, read: each side's levels in the order sent, leaving out any that does not read as
// a level (levelFromJson), as the desk always has.
BookChange bookChange(const QJsonObject &data);

// The account channel.
QJsonObject toJson(const AccountSnapshot &snapshot);
std::optional<AccountSnapshot> accountSnapshotFromJson(const QJsonObject &o,
                                                       QString *error = nullptr);
// An event: its type (AccountEvent in wire/vocabulary.h) over the payload, which is a wrap()ped
// record or a notification.
QJsonObject accountEvent(const QString &type, const QJsonObject &payload);
QString accountEventType(const QJsonObject &event);
QJsonObject toJson(const Notification &notification);
std::optional<Notification> notificationFromJson(const QJsonObject &o, QString *error = nullptr);

// A session event's data (docs/protocol.md "Session events"): support's reason, when it has one
// (account.suspended). Read: the reason, empty when there is none; a reason that is not text
// (TextRules, lines allowed) of at most MarketRules::MaxReasonLength is refused.
QJsonObject sessionEventData(const QString &reason = {});
std::optional<QString> sessionEventReasonFromJson(const QJsonObject &data,
                                                  QString *error = nullptr);

} // namespace Wire
} // namespace everx
