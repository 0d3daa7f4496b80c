// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "market/requests.h"

#include <QtCore/QByteArray>
#include <QtCore/QJsonObject>
#include <QtCore/QLatin1StringView>

namespace everx {

class ExchangeEngine;

// The payment processor's confirmation of a paid top-up (docs/security.md "Payments"): an HTTP
// POST whose body is {"reference", "currency", "amount"} (Wire::toJson(PaymentConfirmation)),
// with two headers:
//   X-EverX-Timestamp: the processor's time, whole seconds since the epoch (UTC)
//   X-EverX-Signature: "sha256=" and the lower-case hex HMAC-SHA256, keyed with the operator's
//                      payment secret, over the timestamp's digits, ".", and the body's bytes
// It is accepted only with a body of at most MarketRules::MaxWebhookBodyBytes (checked first, so
// that no HMAC is computed over more), a valid signature (compared in constant time), a timestamp
// within MarketRules::WebhookWindowS of now, a body that reads, and a currency and amount that
// match the payment's; then the engine credits it, once (ExchangeEngine::confirmTopUp). A repeated
// confirmation answers the same and credits nothing. A confirmation of an expired payment credits
// nothing either: the payment becomes late, for support to credit or refund.
//
// The admin listener's POST /payments/confirm and the sandbox's simulated processor both go
// through handle(), so the sandbox exercises exactly the path a real processor takes.
//
// Threading: handle() on the engine's thread; sign() and verify() anywhere (no state).
class PaymentWebhook final
{
public:
    PaymentWebhook() = delete;

    static constexpr QLatin1StringView Path {"/payments/confirm"};
    static constexpr QLatin1StringView TimestampHeader {"X-EverX-Timestamp"};
    static constexpr QLatin1StringView SignatureHeader {"X-EverX-Signature"};
    // The shortest secret an operator may configure: 32 bytes, an HMAC-SHA256 key's own size.
    static constexpr qsizetype MinSecretBytes = 32;

    // "sha256=<hex>" over timestamp + "." + body.
    static QByteArray sign(const QByteArray &secret, const QByteArray &timestamp,
                           const QByteArray &body);

    // The confirmation a signed request carries, or why it is refused: a bad or missing
    // signature or timestamp is Forbidden, an unreadable body InvalidArgument. nowS is the
    // server's wall clock, seconds since the epoch.
    static Result<PaymentConfirmation> verify(const QByteArray &secret, const QByteArray &timestamp,
                                              const QByteArray &signature, const QByteArray &body,
                                              qint64 nowS);

    // An HTTP answer: the status and a JSON body ({"payment": ..., "duplicate": ...} or
    // {"error": code, "message": ...}).
    struct Response
    {
        int status = 0;
        QJsonObject body;
    };
    // verify(), then ExchangeEngine::confirmTopUp: 200 with the payment (credited now, or a
    // duplicate); 202 with the payment for one that had expired (late now, or a duplicate: kept
    // for support, nothing credited); 413 for a body over MaxWebhookBodyBytes, 401 for a bad
    // signature or timestamp, 400 for a body that does not read, 404 for an unknown reference,
    // 409 for a wrong amount or currency, 503 when the engine cannot store it. Nothing changes
    // unless the answer is 200 or 202 and not a duplicate.
    static Response handle(ExchangeEngine &engine, const QByteArray &secret,
                           const QByteArray &timestamp, const QByteArray &signature,
                           const QByteArray &body, qint64 nowS);
};

} // namespace everx
