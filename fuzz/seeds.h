// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

// The seed requests of both fuzz targets: one well-formed request for every operation, built
// with the wire codec (so a seed never drifts from the protocol), with arguments that mean
// something on fuzz_service's exchange (account 1 is its customer, listing 1 its provider's).

#include "wire/protocol.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QList>

namespace everx::fuzz {

inline const QString SeedGpu = QStringLiteral("h100-sxm");
inline const QString SeedPassword = QStringLiteral("correct horse");

struct SeedRequest
{
    int connection = 0; // fuzz_service: 0 customer, 1 provider, 2 support
    QLatin1StringView op;
    QJsonObject args;
};

inline BidRequest seedBuyNow()
{
    return {SeedGpu, OrderKind::BuyNow, 4, 2, 3'10, 0, QStringLiteral("desk-0001")};
}

inline BidRequest seedLimitBid()
{
    return {SeedGpu, OrderKind::Limit, 2, 3, 2'50, 0, QStringLiteral("desk-0002")};
}

inline QList<SeedRequest> seedRequests()
{
    const QString gpu = SeedGpu;
    return {
        {0, Op::Hello, Wire::toJson(Hello {QStringLiteral("EverX Desk 0.1.0"), Protocol::Version})},
        {0, Op::Ping, {}},
        {0, Op::AuthLogin,
         Wire::toJson(Credentials {QStringLiteral("customer@fuzz.test"), SeedPassword})},
        {0, Op::AuthResume, Wire::resumeRequest(QStringLiteral("AAAA"))},
        {0, Op::AuthDemo, Wire::demoRequest(Role::Customer)},
        {0, Op::AuthLogout, {}},
        {0, Op::AuthSignup,
         Wire::toJson(SignUpRequest {QStringLiteral("new@fuzz.test"),
                                     QStringLiteral("violet meadow 42"),
                                     Role::Customer,
                                     QStringLiteral("DE"),
                                     QStringLiteral("Ayu"),
                                     {}})},
        {0, Op::AuthVerify,
         Wire::toJson(EmailVerification {QStringLiteral("new@fuzz.test"),
                                         QStringLiteral("violet meadow 42"),
                                         QStringLiteral("123456")})},
        {0, Op::AccountGet, {}},
        {0, Op::WalletQuote, Wire::toJson(TopUpRequest {Currency::EUR, 100'00})},
        {0, Op::WalletTopUp, Wire::toJson(TopUpRequest {Currency::USD, 250'00})},
        {0, Op::WalletLedger, Wire::toJson(LedgerQuery {0, 50})},
        {0, Op::OrderPlace, Wire::toJson(seedBuyNow())},
        {0, Op::OrderCancel, Wire::orderRequest(1)},
        {0, Op::OrderList, {}},
        {0, Op::RentalList, {}},
        {0, Op::RentalStop, Wire::rentalRequest(1)},
        {1, Op::ListingAdd,
         Wire::toJson(ListingRequest {gpu, 4, QStringLiteral("us-east"),
                                      QStringLiteral("ssh root@198.51.100.4"), 3'05})},
        {1, Op::ListingReprice, Wire::toJson(Reprice {1, 2'95})},
        {1, Op::ListingPause, Wire::listingRequest(1)},
        {1, Op::ListingResume, Wire::listingRequest(1)},
        {1, Op::ListingRemove, Wire::listingRequest(1)},
        {1, Op::ListingList, {}},
        {2, Op::SupportAccount, Wire::toJson(AccountLookup {1, {}})},
        {2, Op::SupportAdjust, Wire::toJson(Adjustment {1, -5'00, QStringLiteral("refund")})},
        {2, Op::SupportVerify, {}},
        {0, Op::Subscribe, Wire::channelRequest(Channel::book(gpu))},
        {0, Op::Unsubscribe, Wire::channelRequest(Channel::book(gpu))},
        {0, Op::MarketQuote, Wire::toJson(QuoteRequest {gpu, 8, 2, Placement::Server})},
        {1, Op::ListingCluster,
         Wire::toJson(ListingCluster {1, QStringLiteral("fra-1"), Fabric::InfiniBand, 400})},
        {2, Op::SupportLatePayments, {}},
        {2, Op::SupportCreditPayment,
         Wire::toJson(LatePaymentDecision {1, {}, QStringLiteral("paid 3 minutes late")})},
        {2, Op::SupportRefundPayment,
         Wire::toJson(LatePaymentDecision {1, QStringLiteral("RF-2026-0042"),
                                           QStringLiteral("the customer paid twice")})},
    };
}

} // namespace everx::fuzz
