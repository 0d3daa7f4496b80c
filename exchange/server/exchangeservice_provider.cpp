// ExchangeService's handlers of the provider workspace and payouts (exchangeservice.h). Roles,
// ownership and states are the engine's to check; these read the request and encode the answer.
#include "server/exchangeservice.h"

#include "server/serverconnection.h"

#include "wire/wirecodec.h"

namespace everx {

namespace {

// The engine's answer as a reply: encode(value), or its error as it stands.
template<typename T, typename Encode>
Result<Reply> answerWith(const Result<T> &result, Encode encode)
{
    if (!result)
        return result.error();
    return encode(*result);
}

} // namespace

Result<Reply> ExchangeService::payoutRequest(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutRequest> request = Wire::payoutRequestFromJson(args);
    if (!request)
        return request.error();
    return answerWith(m_engine.requestPayout(c.accountId(), request->amountCents),
                      [](const Payout &p) { return Wire::wrap(p); });
}

Result<Reply> ExchangeService::payoutList(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutQuery> query = Wire::payoutQueryFromJson(args, Op::PayoutList);
    if (!query)
        return query.error();
    return answerWith(m_engine.providerPayouts(c.accountId(), *query),
                      [](const QList<Payout> &list) { return Wire::wrapList(list); });
}

Result<Reply> ExchangeService::providerRentals(ServerConnection &c, const QJsonObject &args)
{
    const Result<RentalPage> page = Wire::rentalPageFromJson(args);
    if (!page)
        return page.error();
    return answerWith(m_engine.hostedRentals(c.accountId(), *page),
                      [](const QList<HostedRental> &list) { return Wire::wrapList(list); });
}

Result<Reply> ExchangeService::providerStats(ServerConnection &c, const QJsonObject &args)
{
    const Result<StatsQuery> query = Wire::statsQueryFromJson(args);
    if (!query)
        return query.error();
    return answerWith(m_engine.providerStats(c.accountId(), *query),
                      [](const ProviderStats &s) { return Wire::toJson(s); });
}

Result<Reply> ExchangeService::supportPayouts(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutQuery> query = Wire::payoutQueryFromJson(args, Op::SupportPayouts);
    if (!query)
        return query.error();
    return answerWith(m_engine.payoutQueue(c.accountId(), *query),
                      [](const QList<Payout> &list) { return Wire::wrapList(list); });
}

Result<Reply> ExchangeService::supportPayoutPaid(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutSettlement> request =
        Wire::payoutSettlementFromJson(args, Op::SupportPayoutPaid);
    if (!request)
        return request.error();
    return answerWith(m_engine.markPayoutPaid(c.accountId(), request->payoutId, request->reference,
                                              request->reason),
                      [](const Payout &p) { return Wire::wrap(p); });
}

Result<Reply> ExchangeService::supportPayoutRejected(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutSettlement> request =
        Wire::payoutSettlementFromJson(args, Op::SupportPayoutRejected);
    if (!request)
        return request.error();
    return answerWith(m_engine.rejectPayout(c.accountId(), request->payoutId, request->reason),
                      [](const Payout &p) { return Wire::wrap(p); });
}

} // namespace everx
