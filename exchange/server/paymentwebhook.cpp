// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/paymentwebhook.h"

#include "engine/exchangeengine.h"
#include "market/marketrules.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QLoggingCategory>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace everx {

Q_LOGGING_CATEGORY(lcPayments, "everx.exchange.payments")

namespace {

constexpr QLatin1StringView SignaturePrefix {"sha256="};
constexpr QLatin1StringView DuplicateKey {"duplicate"};
constexpr QLatin1StringView ErrorKey {"error"};
constexpr QLatin1StringView MessageKey {"message"};

Error refused(ErrorCode code, const QString &message)
{
    return Error {code, message};
}

QByteArray hmacSha256(const QByteArray &key, const QByteArray &data)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!HMAC(EVP_sha256(), key.constData(), int(key.size()),
              reinterpret_cast<const unsigned char *>(data.constData()), size_t(data.size()),
              digest, &length))
        return {};
    return QByteArray(reinterpret_cast<const char *>(digest), int(length));
}

} // namespace

QByteArray PaymentWebhook::sign(const QByteArray &secret, const QByteArray &timestamp,
                                const QByteArray &body)
{
    return QByteArray(SignaturePrefix.data(), SignaturePrefix.size())
        + hmacSha256(secret, timestamp + '.' + body).toHex();
}

Result<PaymentConfirmation> PaymentWebhook::verify(const QByteArray &secret,
                                                   const QByteArray &timestamp,
                                                   const QByteArray &signature,
                                                   const QByteArray &body, qint64 nowS)
{
    if (secret.size() < MinSecretBytes)
        return refused(ErrorCode::Forbidden, QStringLiteral("payments are not configured"));
    // The size first: no HMAC is computed over more than the largest body there is.
    if (body.size() > MarketRules::MaxWebhookBodyBytes)
        return refused(ErrorCode::InvalidArgument,
                       QStringLiteral("the body has more than %1 bytes")
                           .arg(MarketRules::MaxWebhookBodyBytes));
    // The timestamp is digits only: its bytes are signed as sent, so " 123" must not pass as 123.
    bool ok = !timestamp.isEmpty() && timestamp.size() <= 12;
    for (const char c : timestamp)
        ok = ok && c >= '0' && c <= '9';
    const qint64 sentS = ok ? timestamp.toLongLong(&ok) : 0;
    if (!ok)
        return refused(
            ErrorCode::Forbidden,
            QStringLiteral("%1 must be whole seconds since the epoch").arg(TimestampHeader));
    // Signature first, so that an unsigned request learns nothing about the window.
    const QByteArray expected = sign(secret, timestamp, body);
    if (signature.size() != expected.size()
        || CRYPTO_memcmp(signature.constData(), expected.constData(), size_t(expected.size())) != 0)
        return refused(ErrorCode::Forbidden, QStringLiteral("the signature does not match"));
    if (sentS < nowS - MarketRules::WebhookWindowS || sentS > nowS + MarketRules::WebhookWindowS)
        return refused(ErrorCode::Forbidden,
                       QStringLiteral("the timestamp is more than %1 s from the server's clock")
                           .arg(MarketRules::WebhookWindowS));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return refused(ErrorCode::InvalidArgument, QStringLiteral("the body is not a JSON object"));
    return Wire::paymentConfirmationFromJson(document.object());
}

PaymentWebhook::Response PaymentWebhook::handle(ExchangeEngine &engine, const QByteArray &secret,
                                                const QByteArray &timestamp,
                                                const QByteArray &signature, const QByteArray &body,
                                                qint64 nowS)
{
    auto failure = [](int status, const Error &error) {
        qCWarning(lcPayments).noquote()
            << "payment confirmation refused:" << errorCodeName(error.code) << error.message;
        return Response {status,
                         {{ErrorKey, errorCodeName(error.code)}, {MessageKey, error.message}}};
    };
    if (body.size() > MarketRules::MaxWebhookBodyBytes)
        return failure(413,
                       {ErrorCode::InvalidArgument,
                        QStringLiteral("the body has more than %1 bytes")
                            .arg(MarketRules::MaxWebhookBodyBytes)});
    const Result<PaymentConfirmation> confirmation =
        verify(secret, timestamp, signature, body, nowS);
    if (!confirmation)
        return failure(confirmation.code() == ErrorCode::Forbidden ? 401 : 400,
                       confirmation.error());
    const Result<PaymentReceipt> receipt = engine.confirmTopUp(*confirmation);
    if (!receipt) {
        switch (receipt.code()) {
        case ErrorCode::UnknownPayment:
            return failure(404, receipt.error());
        case ErrorCode::InvalidArgument:
        case ErrorCode::InvalidState:
            return failure(409, receipt.error());
        default:
            return failure(503, receipt.error());
        }
    }
    const bool late = receipt->payment.state == PaymentState::Late;
    if (!receipt->duplicate && late)
        qCWarning(lcPayments).noquote()
            << "payment" << receipt->payment.reference << "confirmed after it expired: kept as"
            << "late, for support to credit or refund";
    else if (!receipt->duplicate)
        qCInfo(lcPayments).noquote() << "payment" << receipt->payment.reference << "credited"
                                     << Money::toPlain(receipt->payment.creditedCents) << "USD to"
                                     << receipt->payment.accountId;
    QJsonObject out = Wire::wrap(receipt->payment);
    out.insert(DuplicateKey, receipt->duplicate);
    // Accepted, not credited: the processor need not retry, support decides.
    return Response {late ? 202 : 200, out};
}

} // namespace everx
