// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeService's orders (docs/protocol.md "Operations"): a customer's bids (order.place,
// order.cancel, order.list), the rentals they become (rental.list, rental.stop), and what a
// placement would cost now (market.quote). Part of the service (exchangeservice.h). The engine
// checks roles, ownership and states; these read the request and encode the answer.

#include "server/exchangeservice.h"

#include "server/serverconnection.h"

#include "wire/wirecodec.h"

namespace everx {

Result<Reply> ExchangeService::orderPlace(ServerConnection &c, const QJsonObject &args)
{
    const Result<BidRequest> request = Wire::bidRequestFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.placeBid(c.accountId(), *request),
                 [](const OrderPlaced &p) { return Reply::text(Wire::json(p)); });
}

Result<Reply> ExchangeService::orderCancel(ServerConnection &c, const QJsonObject &args)
{
    const Result<qint64> id = Wire::orderIdFromJson(args);
    if (!id)
        return id.error();
    return reply(m_engine.cancelOrder(c.accountId(), *id),
                 [](const BidOrder &o) { return Reply::text(Wire::jsonWrapped(o)); });
}

Result<Reply> ExchangeService::orderList(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::OrderList); !none)
        return none.error();
    return Wire::wrapList(m_engine.openOrders(c.accountId()));
}

Result<Reply> ExchangeService::rentalList(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::RentalList); !none)
        return none.error();
    // As customer or provider: a party to each, so with their access details.
    return Wire::wrapList(m_engine.runningRentals(c.accountId()));
}

Result<Reply> ExchangeService::rentalStop(ServerConnection &c, const QJsonObject &args)
{
    const Result<qint64> id = Wire::rentalIdFromJson(args);
    if (!id)
        return id.error();
    return reply(m_engine.stopRental(c.accountId(), *id),
                 [](const Rental &r) { return Wire::wrap(r); });
}

Result<Reply> ExchangeService::marketQuote(ServerConnection &c, const QJsonObject &args)
{
    const Result<QuoteRequest> request = Wire::quoteRequestFromJson(args);
    if (!request)
        return request.error();
    // Anyone may ask; a signed-in account is quoted without its own listings, with its tax.
    return reply(m_engine.quote(c.accountId(), *request),
                 [](const PlacementQuote &q) { return Wire::toJson(q); });
}

Result<Reply> ExchangeService::marketWindows(ServerConnection &c, const QJsonObject &args)
{
    const Result<WindowsRequest> request = Wire::windowsRequestFromJson(args);
    if (!request)
        return request.error();
    // Anyone may ask, as for market.quote.
    return reply(m_engine.windows(c.accountId(), *request),
                 [](const WindowsQuote &q) { return Wire::toJson(q); });
}

} // namespace everx
