// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeService's provider side (docs/protocol.md "Operations"): listings (listing.add,
// .reprice, .cluster, .pause, .resume, .remove, .list), the provider workspace (provider.rentals,
// provider.stats) and payouts (payout.request, payout.list, and support's payout queue and
// settlement). Part of the service (exchangeservice.h). Roles, ownership and states are the
// engine's to check; these read the request and encode the answer.

#include "server/exchangeservice.h"

#include "server/serverconnection.h"

#include "wire/wirecodec.h"

namespace everx {

Result<Reply> ExchangeService::listingAdd(ServerConnection &c, const QJsonObject &args)
{
    const Result<ListingRequest> request = Wire::listingRequestFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.addListing(c.accountId(), *request),
                 [](const Listing &l) { return Wire::wrap(l); });
}

Result<Reply> ExchangeService::listingReprice(ServerConnection &c, const QJsonObject &args)
{
    const Result<Reprice> request = Wire::repriceFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.repriceListing(c.accountId(), request->listingId, request->askCents),
                 [](const Listing &l) { return Wire::wrap(l); });
}

Result<Reply> ExchangeService::listingCluster(ServerConnection &c, const QJsonObject &args)
{
    const Result<ListingCluster> request = Wire::listingClusterFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.setListingCluster(c.accountId(), *request),
                 [](const Listing &l) { return Wire::wrap(l); });
}

ExchangeService::Handler ExchangeService::listingChange(ListingChange change)
{
    return [this, change](ServerConnection &c, const QJsonObject &args) -> Result<Reply> {
        const Result<qint64> id = Wire::listingIdFromJson(args);
        if (!id)
            return id.error();
        return reply((m_engine.*change)(c.accountId(), *id),
                     [](const Listing &l) { return Wire::wrap(l); });
    };
}

Result<Reply> ExchangeService::listingList(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::ListingList); !none)
        return none.error();
    if (m_engine.account(c.accountId())->role != Role::Provider)
        return err(ErrorCode::Forbidden, QStringLiteral("only providers have listings"));
    return Wire::wrapList(m_engine.listings(c.accountId()));
}

Result<Reply> ExchangeService::payoutRequest(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutRequest> request = Wire::payoutRequestFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.requestPayout(c.accountId(), request->amountCents),
                 [](const Payout &p) { return Wire::wrap(p); });
}

Result<Reply> ExchangeService::payoutList(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutQuery> query = Wire::payoutQueryFromJson(args, Op::PayoutList);
    if (!query)
        return query.error();
    return reply(m_engine.providerPayouts(c.accountId(), *query),
                 [](const QList<Payout> &list) { return Wire::wrapList(list); });
}

Result<Reply> ExchangeService::providerRentals(ServerConnection &c, const QJsonObject &args)
{
    const Result<RentalPage> page = Wire::rentalPageFromJson(args);
    if (!page)
        return page.error();
    return reply(m_engine.hostedRentals(c.accountId(), *page),
                 [](const QList<HostedRental> &list) { return Wire::wrapList(list); });
}

Result<Reply> ExchangeService::providerStats(ServerConnection &c, const QJsonObject &args)
{
    const Result<StatsQuery> query = Wire::statsQueryFromJson(args);
    if (!query)
        return query.error();
    return reply(m_engine.providerStats(c.accountId(), *query),
                 [](const ProviderStats &s) { return Wire::toJson(s); });
}

Result<Reply> ExchangeService::supportPayouts(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutQuery> query = Wire::payoutQueryFromJson(args, Op::SupportPayouts);
    if (!query)
        return query.error();
    return reply(m_engine.payoutQueue(c.accountId(), *query),
                 [](const QList<Payout> &list) { return Wire::wrapList(list); });
}

Result<Reply> ExchangeService::supportPayoutPaid(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutSettlement> request =
        Wire::payoutSettlementFromJson(args, Op::SupportPayoutPaid);
    if (!request)
        return request.error();
    return reply(m_engine.markPayoutPaid(c.accountId(), request->payoutId, request->reference,
                                         request->reason),
                 [](const Payout &p) { return Wire::wrap(p); });
}

Result<Reply> ExchangeService::supportPayoutRejected(ServerConnection &c, const QJsonObject &args)
{
    const Result<PayoutSettlement> request =
        Wire::payoutSettlementFromJson(args, Op::SupportPayoutRejected);
    if (!request)
        return request.error();
    return reply(m_engine.rejectPayout(c.accountId(), request->payoutId, request->reason),
                 [](const Payout &p) { return Wire::wrap(p); });
}

} // namespace everx
