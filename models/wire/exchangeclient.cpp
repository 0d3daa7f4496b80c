// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/exchangeclient.h"

#include "wire/clientsession.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QCoreApplication>

namespace everx {

namespace {

// Replies that are one record, or a list of records, under their key.
template<typename T>
std::optional<T> one(const QJsonObject &o, QString *error)
{
    return Wire::unwrap<T>(o, error);
}

template<typename T>
std::optional<QList<T>> many(const QJsonObject &o, QString *error)
{
    return Wire::unwrapList<T>(o, error);
}

// Replies that carry nothing ({}).
std::optional<bool> nothing(const QJsonObject &, QString *)
{
    return true;
}

} // namespace

ExchangeClient::ExchangeClient(ClientSession &session)
    : m_session(&session)
{ }

ClientSession *ExchangeClient::session() const
{
    return m_session;
}

template<typename T>
void ExchangeClient::call(QLatin1StringView op, const QJsonObject &args, QObject *context,
                          Decoder<T> decode, Callback<T> done) const
{
    Q_ASSERT(context);
    if (!m_session) {
        QMetaObject::invokeMethod(
            context,
            [done = std::move(done)] {
                done(Error {ErrorCode::Timeout,
                            QCoreApplication::translate("everx::ClientSession", "not connected")});
            },
            Qt::QueuedConnection);
        return;
    }
    m_session->request(op, args, context,
                       [decode = std::move(decode), done = std::move(done)](
                           const Protocol::Frame &reply) { done(toResult<T>(reply, decode)); });
}

void ExchangeClient::account(QObject *context, Callback<AccountSummary> done) const
{
    call<AccountSummary>(Op::AccountGet, {}, context, &Wire::accountSummaryFromJson,
                         std::move(done));
}

void ExchangeClient::changePassword(const PasswordChange &change, QObject *context,
                                    Callback<bool> done) const
{
    call<bool>(Op::AccountPassword, Wire::toJson(change), context, &nothing, std::move(done));
}

void ExchangeClient::logoutEverywhere(QObject *context, Callback<bool> done) const
{
    call<bool>(Op::AuthLogoutAll, {}, context, &nothing, std::move(done));
}

void ExchangeClient::quote(const TopUpRequest &request, QObject *context,
                           Callback<Quote> done) const
{
    call<Quote>(Op::WalletQuote, Wire::toJson(request), context, &Wire::quoteFromJson,
                std::move(done));
}

void ExchangeClient::topUp(const TopUpRequest &request, QObject *context,
                           Callback<Payment> done) const
{
    call<Payment>(Op::WalletTopUp, Wire::toJson(request), context, &one<Payment>, std::move(done));
}

void ExchangeClient::ledger(const LedgerQuery &query, QObject *context,
                            Callback<QList<LedgerEntry>> done) const
{
    call<QList<LedgerEntry>>(Op::WalletLedger, Wire::toJson(query), context, &many<LedgerEntry>,
                             std::move(done));
}

QString ExchangeClient::placeOrder(const BidRequest &request, QObject *context,
                                   Callback<OrderPlaced> done) const
{
    Q_ASSERT(context);
    if (!m_session) {
        call<OrderPlaced>(Op::OrderPlace, {}, context, &Wire::orderPlacedFromJson, std::move(done));
        return request.clientOrderId;
    }
    return m_session->placeOrder(request, context,
                                 [done = std::move(done)](const Protocol::Frame &reply) {
                                     done(toResult<OrderPlaced>(reply, &Wire::orderPlacedFromJson));
                                 });
}

void ExchangeClient::cancelOrder(qint64 orderId, QObject *context, Callback<BidOrder> done) const
{
    call<BidOrder>(Op::OrderCancel, Wire::orderRequest(orderId), context, &one<BidOrder>,
                   std::move(done));
}

void ExchangeClient::openOrders(QObject *context, Callback<QList<BidOrder>> done) const
{
    call<QList<BidOrder>>(Op::OrderList, {}, context, &many<BidOrder>, std::move(done));
}

void ExchangeClient::rentals(QObject *context, Callback<QList<Rental>> done) const
{
    call<QList<Rental>>(Op::RentalList, {}, context, &many<Rental>, std::move(done));
}

void ExchangeClient::stopRental(qint64 rentalId, QObject *context, Callback<Rental> done) const
{
    call<Rental>(Op::RentalStop, Wire::rentalRequest(rentalId), context, &one<Rental>,
                 std::move(done));
}

void ExchangeClient::addListing(const ListingRequest &request, QObject *context,
                                Callback<Listing> done) const
{
    call<Listing>(Op::ListingAdd, Wire::toJson(request), context, &one<Listing>, std::move(done));
}

void ExchangeClient::repriceListing(const Reprice &request, QObject *context,
                                    Callback<Listing> done) const
{
    call<Listing>(Op::ListingReprice, Wire::toJson(request), context, &one<Listing>,
                  std::move(done));
}

void ExchangeClient::pauseListing(qint64 listingId, QObject *context, Callback<Listing> done) const
{
    call<Listing>(Op::ListingPause, Wire::listingRequest(listingId), context, &one<Listing>,
                  std::move(done));
}

void ExchangeClient::resumeListing(qint64 listingId, QObject *context, Callback<Listing> done) const
{
    call<Listing>(Op::ListingResume, Wire::listingRequest(listingId), context, &one<Listing>,
                  std::move(done));
}

void ExchangeClient::removeListing(qint64 listingId, QObject *context, Callback<Listing> done) const
{
    call<Listing>(Op::ListingRemove, Wire::listingRequest(listingId), context, &one<Listing>,
                  std::move(done));
}

void ExchangeClient::listings(QObject *context, Callback<QList<Listing>> done) const
{
    call<QList<Listing>>(Op::ListingList, {}, context, &many<Listing>, std::move(done));
}

void ExchangeClient::setListingCluster(const ListingCluster &request, QObject *context,
                                       Callback<Listing> done) const
{
    call<Listing>(Op::ListingCluster, Wire::toJson(request), context, &one<Listing>,
                  std::move(done));
}

void ExchangeClient::quote(const QuoteRequest &request, QObject *context,
                           Callback<PlacementQuote> done) const
{
    call<PlacementQuote>(
        Op::MarketQuote, Wire::toJson(request), context,
        [](const QJsonObject &o, QString *error) { return Wire::placementQuoteFromJson(o, error); },
        std::move(done));
}

void ExchangeClient::windows(const WindowsRequest &request, QObject *context,
                             Callback<WindowsQuote> done) const
{
    call<WindowsQuote>(
        Op::MarketWindows, Wire::toJson(request), context,
        [](const QJsonObject &o, QString *error) { return Wire::windowsQuoteFromJson(o, error); },
        std::move(done));
}

void ExchangeClient::inspectAccount(const AccountLookup &lookup, QObject *context,
                                    Callback<AccountInspection> done) const
{
    call<AccountInspection>(Op::SupportAccount, Wire::toJson(lookup), context,
                            &Wire::inspectionFromJson, std::move(done));
}

void ExchangeClient::adjustBalance(const Adjustment &adjustment, QObject *context,
                                   Callback<AdjustmentOutcome> done) const
{
    call<AdjustmentOutcome>(Op::SupportAdjust, Wire::toJson(adjustment), context,
                            &Wire::adjustmentOutcomeFromJson, std::move(done));
}

void ExchangeClient::verifyLedger(QObject *context, Callback<ChainCheck> done) const
{
    call<ChainCheck>(Op::SupportVerify, {}, context, &Wire::chainCheckFromJson, std::move(done));
}

void ExchangeClient::suspendAccount(const AccountAction &action, QObject *context,
                                    Callback<Account> done) const
{
    call<Account>(Op::SupportSuspend, Wire::toJson(action), context, &one<Account>,
                  std::move(done));
}

void ExchangeClient::reactivateAccount(const AccountAction &action, QObject *context,
                                       Callback<Account> done) const
{
    call<Account>(Op::SupportReactivate, Wire::toJson(action), context, &one<Account>,
                  std::move(done));
}

void ExchangeClient::decideApplication(const ApplicationDecision &decision, QObject *context,
                                       Callback<Account> done) const
{
    call<Account>(Op::SupportApplication, Wire::toJson(decision), context, &one<Account>,
                  std::move(done));
}

void ExchangeClient::requestPayout(const PayoutRequest &request, QObject *context,
                                   Callback<Payout> done) const
{
    call<Payout>(Op::PayoutRequest, Wire::toJson(request), context, &one<Payout>, std::move(done));
}

void ExchangeClient::payouts(const PayoutQuery &query, QObject *context,
                             Callback<QList<Payout>> done) const
{
    call<QList<Payout>>(Op::PayoutList, Wire::toJson(query), context, &many<Payout>,
                        std::move(done));
}

void ExchangeClient::hostedRentals(const RentalPage &page, QObject *context,
                                   Callback<QList<HostedRental>> done) const
{
    call<QList<HostedRental>>(Op::ProviderRentals, Wire::toJson(page), context, &many<HostedRental>,
                              std::move(done));
}

void ExchangeClient::providerStats(const StatsQuery &query, QObject *context,
                                   Callback<ProviderStats> done) const
{
    call<ProviderStats>(Op::ProviderStats, Wire::toJson(query), context,
                        &Wire::providerStatsFromJson, std::move(done));
}

void ExchangeClient::payoutQueue(const PayoutQuery &query, QObject *context,
                                 Callback<QList<Payout>> done) const
{
    call<QList<Payout>>(Op::SupportPayouts, Wire::toJson(query), context, &many<Payout>,
                        std::move(done));
}

void ExchangeClient::markPayoutPaid(const PayoutSettlement &settlement, QObject *context,
                                    Callback<Payout> done) const
{
    call<Payout>(Op::SupportPayoutPaid, Wire::toJson(settlement), context, &one<Payout>,
                 std::move(done));
}

void ExchangeClient::rejectPayout(const PayoutSettlement &settlement, QObject *context,
                                  Callback<Payout> done) const
{
    PayoutSettlement s = settlement;
    s.reference.clear(); // support.payoutRejected takes none
    call<Payout>(Op::SupportPayoutRejected, Wire::toJson(s), context, &one<Payout>,
                 std::move(done));
}

void ExchangeClient::searchAccounts(const AccountSearch &search, QObject *context,
                                    Callback<AccountSearchPage> done) const
{
    call<AccountSearchPage>(Op::SupportSearch, Wire::toJson(search), context,
                            &Wire::accountSearchPageFromJson, std::move(done));
}

void ExchangeClient::accountLedger(const LedgerPageQuery &query, QObject *context,
                                   Callback<LedgerPage> done) const
{
    call<LedgerPage>(Op::SupportLedger, Wire::toJson(query), context, &Wire::ledgerPageFromJson,
                     std::move(done));
}

void ExchangeClient::accountHistory(const HistoryQuery &query, QObject *context,
                                    Callback<HistoryPage> done) const
{
    call<HistoryPage>(Op::SupportHistory, Wire::toJson(query), context, &Wire::historyPageFromJson,
                      std::move(done));
}

void ExchangeClient::addNote(const NoteRequest &request, QObject *context,
                             Callback<SupportNote> done) const
{
    call<SupportNote>(Op::SupportNote, Wire::toJson(request), context, &one<SupportNote>,
                      std::move(done));
}

void ExchangeClient::auditLog(const AuditQuery &query, QObject *context,
                              Callback<AuditPage> done) const
{
    call<AuditPage>(Op::SupportAudit, Wire::toJson(query), context, &Wire::auditPageFromJson,
                    std::move(done));
}

void ExchangeClient::latePayments(QObject *context, Callback<QList<Payment>> done) const
{
    call<QList<Payment>>(Op::SupportLatePayments, {}, context, &many<Payment>, std::move(done));
}

void ExchangeClient::creditLatePayment(const LatePaymentDecision &decision, QObject *context,
                                       Callback<Payment> done) const
{
    LatePaymentDecision d = decision;
    d.reference.clear(); // support.creditPayment takes none
    call<Payment>(Op::SupportCreditPayment, Wire::toJson(d), context, &one<Payment>,
                  std::move(done));
}

void ExchangeClient::refundLatePayment(const LatePaymentDecision &decision, QObject *context,
                                       Callback<Payment> done) const
{
    call<Payment>(Op::SupportRefundPayment, Wire::toJson(decision), context, &one<Payment>,
                  std::move(done));
}

void ExchangeClient::pendingAdjustments(QObject *context,
                                        Callback<QList<PendingAdjustment>> done) const
{
    call<QList<PendingAdjustment>>(Op::SupportPending, {}, context, &many<PendingAdjustment>,
                                   std::move(done));
}

void ExchangeClient::approveAdjustment(const AdjustmentDecision &decision, QObject *context,
                                       Callback<PendingAdjustment> done) const
{
    call<PendingAdjustment>(Op::SupportApproveAdjustment, Wire::toJson(decision), context,
                            &one<PendingAdjustment>, std::move(done));
}

void ExchangeClient::declineAdjustment(const AdjustmentDecision &decision, QObject *context,
                                       Callback<PendingAdjustment> done) const
{
    call<PendingAdjustment>(Op::SupportDeclineAdjustment, Wire::toJson(decision), context,
                            &one<PendingAdjustment>, std::move(done));
}

} // namespace everx
