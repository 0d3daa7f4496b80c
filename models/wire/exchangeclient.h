// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "market/requests.h"
#include "wire/protocol.h"

#include <QtCore/QList>
#include <QtCore/QPointer>

#include <functional>

namespace everx {

class ClientSession;

// The exchange's operations as typed calls, in the spirit of Bitcoin Core's interfaces::Node:
// one method per operation of docs/protocol.md, typed arguments, and a callback that receives
// a typed result or a typed Error (the server's ErrorCode and message; ErrorCode::Timeout when
// no reply came in time or the session is not connected; ErrorCode::Malformed for a reply the
// desk cannot read). Widgets and models call these and never spell an operation or a field.
//
// The session stays the one transport: requests go through ClientSession::request, orders
// through ClientSession::placeOrder (a dropped connection retries them with the same client
// order id). Signing in, out and subscribing are the session's own (they change its state).
//
// A light handle: copyable, holds the session by a guarded pointer and nothing else. The
// callback runs in the session's thread, never from inside the call, and not at all once its
// context object is destroyed.
class ExchangeClient final
{
public:
    template<typename T>
    using Callback = std::function<void(Result<T>)>;

    explicit ExchangeClient(ClientSession &session);

    // The transport it calls through; nullptr once the session is gone.
    ClientSession *session() const;

    // account.get
    void account(QObject *context, Callback<AccountSummary> done) const;
    // account.password: the account's other sessions are revoked, this one stays.
    void changePassword(const PasswordChange &change, QObject *context, Callback<bool> done) const;
    // auth.logoutAll: every session of the account ends, this one too; on success the caller
    // signs the session out (ClientSession::logout) to forget the token.
    void logoutEverywhere(QObject *context, Callback<bool> done) const;

    // wallet.quote, wallet.topup (a pending payment: nothing is credited until the payment
    // processor confirms it), wallet.ledger
    void quote(const TopUpRequest &request, QObject *context, Callback<Quote> done) const;
    void topUp(const TopUpRequest &request, QObject *context, Callback<Payment> done) const;
    void ledger(const LedgerQuery &query, QObject *context,
                Callback<QList<LedgerEntry>> done) const;

    // order.place (idempotent: returns the client order id, generated if the request has none),
    // order.cancel, order.list
    QString placeOrder(const BidRequest &request, QObject *context,
                       Callback<OrderPlaced> done) const;
    void cancelOrder(qint64 orderId, QObject *context, Callback<BidOrder> done) const;
    void openOrders(QObject *context, Callback<QList<BidOrder>> done) const;

    // rental.list, rental.stop
    void rentals(QObject *context, Callback<QList<Rental>> done) const;
    void stopRental(qint64 rentalId, QObject *context, Callback<Rental> done) const;

    // listing.add, .reprice, .pause, .resume, .remove, .list
    void addListing(const ListingRequest &request, QObject *context, Callback<Listing> done) const;
    void repriceListing(const Reprice &request, QObject *context, Callback<Listing> done) const;
    void pauseListing(qint64 listingId, QObject *context, Callback<Listing> done) const;
    void resumeListing(qint64 listingId, QObject *context, Callback<Listing> done) const;
    void removeListing(qint64 listingId, QObject *context, Callback<Listing> done) const;
    void listings(QObject *context, Callback<QList<Listing>> done) const;
    // listing.cluster: the listing joins a cluster of its provider's (with its fabric and speed),
    // or leaves the one it is in (an empty cluster name); the listing as it is now.
    void setListingCluster(const ListingCluster &request, QObject *context,
                           Callback<Listing> done) const;

    // market.quote (anyone): what N GPUs for so many hours would cost now in a placement, leg by
    // leg; PlacementQuote::available false when no placement can take them.
    void quote(const QuoteRequest &request, QObject *context, Callback<PlacementQuote> done) const;
    void windows(const WindowsRequest &request, QObject *context,
                 Callback<WindowsQuote> done) const;

    // support.account (audited: opening an account writes an audit record), support.adjust
    // (applied, or pending a second agent: AdjustmentOutcome::pending), support.verify
    void inspectAccount(const AccountLookup &lookup, QObject *context,
                        Callback<AccountInspection> done) const;
    void adjustBalance(const Adjustment &adjustment, QObject *context,
                       Callback<AdjustmentOutcome> done) const;
    void verifyLedger(QObject *context, Callback<ChainCheck> done) const;
    // support.suspend, support.reactivate, support.application: the account as it is now.
    void suspendAccount(const AccountAction &action, QObject *context,
                        Callback<Account> done) const;
    void reactivateAccount(const AccountAction &action, QObject *context,
                           Callback<Account> done) const;
    void decideApplication(const ApplicationDecision &decision, QObject *context,
                           Callback<Account> done) const;

    // payout.request, payout.list; provider.rentals, provider.stats (the provider's workspace)
    void requestPayout(const PayoutRequest &request, QObject *context, Callback<Payout> done) const;
    void payouts(const PayoutQuery &query, QObject *context, Callback<QList<Payout>> done) const;
    void hostedRentals(const RentalPage &page, QObject *context,
                       Callback<QList<HostedRental>> done) const;
    void providerStats(const StatsQuery &query, QObject *context,
                       Callback<ProviderStats> done) const;

    // support.payouts (the queue, by state), support.payoutPaid, support.payoutRejected
    void payoutQueue(const PayoutQuery &query, QObject *context,
                     Callback<QList<Payout>> done) const;
    void markPayoutPaid(const PayoutSettlement &settlement, QObject *context,
                        Callback<Payout> done) const;
    void rejectPayout(const PayoutSettlement &settlement, QObject *context,
                      Callback<Payout> done) const;

    // support.latePayments (the queue), support.creditPayment, support.refundPayment
    void latePayments(QObject *context, Callback<QList<Payment>> done) const;
    void creditLatePayment(const LatePaymentDecision &decision, QObject *context,
                           Callback<Payment> done) const;
    void refundLatePayment(const LatePaymentDecision &decision, QObject *context,
                           Callback<Payment> done) const;

    // support.search, .ledger, .history, .note, .audit, .pending, .approveAdjustment,
    // .declineAdjustment
    void searchAccounts(const AccountSearch &search, QObject *context,
                        Callback<AccountSearchPage> done) const;
    void accountLedger(const LedgerPageQuery &query, QObject *context,
                       Callback<LedgerPage> done) const;
    void accountHistory(const HistoryQuery &query, QObject *context,
                        Callback<HistoryPage> done) const;
    void addNote(const NoteRequest &request, QObject *context, Callback<SupportNote> done) const;
    void auditLog(const AuditQuery &query, QObject *context, Callback<AuditPage> done) const;
    void pendingAdjustments(QObject *context, Callback<QList<PendingAdjustment>> done) const;
    void approveAdjustment(const AdjustmentDecision &decision, QObject *context,
                           Callback<PendingAdjustment> done) const;
    void declineAdjustment(const AdjustmentDecision &decision, QObject *context,
                           Callback<PendingAdjustment> done) const;

    // A reply frame as a typed result: the server's error, or the decoded result, or Malformed.
    template<typename T>
    using Decoder = std::function<std::optional<T>(const QJsonObject &, QString *)>;
    template<typename T>
    static Result<T> toResult(const Protocol::Frame &reply, const Decoder<T> &decode);

private:
    template<typename T>
    void call(QLatin1StringView op, const QJsonObject &args, QObject *context, Decoder<T> decode,
              Callback<T> done) const;

    QPointer<ClientSession> m_session;
};

template<typename T>
Result<T> ExchangeClient::toResult(const Protocol::Frame &reply, const Decoder<T> &decode)
{
    if (reply.kind == Protocol::FrameKind::Error)
        return Error {reply.errorCode, reply.errorMessage};
    QString problem;
    std::optional<T> value = decode(reply.result, &problem);
    if (!value)
        return Error {ErrorCode::Malformed,
                      QStringLiteral("the exchange's reply does not read: %1").arg(problem)};
    return std::move(*value);
}

} // namespace everx
