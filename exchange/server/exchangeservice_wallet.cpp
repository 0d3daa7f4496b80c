// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeService's wallet (docs/protocol.md "Operations"): wallet.quote, wallet.topup and
// wallet.ledger, the payment processor's confirmation of a top-up, and support's queue of late
// payments (support.latePayments, support.creditPayment, support.refundPayment). Part of the
// service (exchangeservice.h).

#include "server/exchangeservice.h"

#include "server/serverconnection.h"

#include "wire/wirecodec.h"

#include <QtCore/QDateTime>

namespace everx {

using namespace MarketRules;

Result<Reply> ExchangeService::walletQuote(ServerConnection &, const QJsonObject &args)
{
    const Result<TopUpRequest> request = Wire::topUpRequestFromJson(args);
    const std::optional<qint64> rate =
        request ? FxRates::builtIn().usdPerUnitMicros(request->currency) : std::nullopt;
    if (!rate || request->amountMinor <= 0 || request->amountMinor > MaxTopUpMinor)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a quote needs USD, EUR or GBP and an amount from 0.01 to %1")
                       .arg(Money::toPlain(MaxTopUpMinor)));
    return Wire::toJson(Quote {request->currency, request->amountMinor, *rate,
                               Money::convert(request->amountMinor, *rate)});
}

Result<Reply> ExchangeService::walletTopUp(ServerConnection &c, const QJsonObject &args)
{
    const Result<TopUpRequest> request = Wire::topUpRequestFromJson(args);
    if (!request)
        return request.error();
    // Money enters only against a payment: this asks for one and credits nothing.
    if (!paymentsEnabled())
        return err(ErrorCode::InvalidState,
                   QStringLiteral("this exchange takes no top-ups: its operator has "
                                  "configured no payment processor"));
    return reply(m_engine.requestTopUp(c.accountId(), request->currency, request->amountMinor),
                 [](const Payment &p) { return Wire::wrap(p); });
}

PaymentWebhook::Response ExchangeService::confirmPayment(const QByteArray &timestamp,
                                                         const QByteArray &signature,
                                                         const QByteArray &body)
{
    settleInFlight();
    const PaymentWebhook::Response response = PaymentWebhook::handle(
        m_engine, m_paymentSecret, timestamp, signature, body, QDateTime::currentSecsSinceEpoch());
    publishChanges();
    return response;
}

Result<Reply> ExchangeService::walletLedger(ServerConnection &c, const QJsonObject &args)
{
    const Result<LedgerQuery> query = Wire::ledgerQueryFromJson(args);
    if (!query)
        return query.error();
    return Wire::wrapList(m_engine.database().entries(c.accountId(), query->after, query->limit));
}

Result<Reply> ExchangeService::supportLatePayments(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::SupportLatePayments); !none)
        return none.error();
    return reply(m_engine.latePayments(c.accountId()),
                 [](const QList<Payment> &list) { return Wire::wrapList(list); });
}

Result<Reply> ExchangeService::supportCreditPayment(ServerConnection &c, const QJsonObject &args)
{
    const Result<LatePaymentDecision> request =
        Wire::latePaymentDecisionFromJson(args, Op::SupportCreditPayment);
    if (!request)
        return request.error();
    return reply(m_engine.creditLatePayment(c.accountId(), request->paymentId, request->reason),
                 [](const Payment &p) { return Wire::wrap(p); });
}

Result<Reply> ExchangeService::supportRefundPayment(ServerConnection &c, const QJsonObject &args)
{
    const Result<LatePaymentDecision> request =
        Wire::latePaymentDecisionFromJson(args, Op::SupportRefundPayment);
    if (!request)
        return request.error();
    return reply(m_engine.refundLatePayment(c.accountId(), request->paymentId, request->reference,
                                            request->reason),
                 [](const Payment &p) { return Wire::wrap(p); });
}

} // namespace everx
