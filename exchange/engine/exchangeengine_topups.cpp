// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's money in (docs/architecture.md "Trust and operations"): a top-up's quote at
// today's rate, the instant top-up of the sandbox, tests and tools, and paid top-ups: a pending
// payment with a random reference, credited when the payment processor confirms it, or expired
// (an event of the clock's, in exchangeengine_rentals.cpp's processEvent()); a confirmation after
// the expiry makes it late, and support credits it or marks it refunded.

#include "engine/exchangeengine.h"

#include "market/textrules.h"

namespace everx {

using namespace MarketRules;

namespace {

// "pay_" and 26 characters of RFC 4648 base32 (lower case) over 128 random bits: unguessable,
// and safe to read aloud or paste into a bank transfer's reference field.
QString newPaymentReference()
{
    const QByteArray bytes = PasswordHasher::randomBytes(16);
    if (bytes.size() != 16)
        return {};
    static constexpr char Alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
    QString out = QStringLiteral("pay_");
    quint32 buffer = 0;
    int bits = 0;
    for (const char byte : bytes) {
        buffer = (buffer << 8) | quint8(byte);
        bits += 8;
        while (bits >= 5) {
            out.append(QLatin1Char(Alphabet[(buffer >> (bits - 5)) & 31]));
            bits -= 5;
        }
    }
    if (bits > 0)
        out.append(QLatin1Char(Alphabet[(buffer << (5 - bits)) & 31]));
    return out;
}

// The memo keeps what was paid and the quoted rate, in a fixed machine-readable form, and the
// payment's reference when a payment paid it: the one id the customer's bank statement, the
// processor and support share (docs/protocol.md "Operations").
QString topUpMemo(const Quote &q, const QString &reference = {})
{
    QString memo = QStringLiteral("%1 %2 at %3")
                       .arg(Money::currencyCode(q.currency), Money::toPlain(q.amountMinor))
                       .arg(q.rateMicros);
    if (!reference.isEmpty())
        memo += u' ' + reference;
    return memo;
}

// Support's reason for a decision on a late payment: 1 to MaxReasonLength characters, the text
// rules' several lines.
std::optional<Error> lateReasonProblem(const QString &why)
{
    if (why.isEmpty() || why.size() > MaxReasonLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a decision on a late payment needs a reason of 1 to %1"
                                  " characters")
                       .arg(MaxReasonLength));
    if (const QString problem = TextRules::problem(why, TextRules::Lines::Many); !problem.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("reason: ") + problem);
    return std::nullopt;
}

} // namespace

Result<Quote> ExchangeEngine::quoteTopUp(Currency currency, qint64 amountMinor) const
{
    if (amountMinor <= 0 || amountMinor > MaxTopUpMinor)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a top-up must be between 0.01 and %1")
                       .arg(Money::toPlain(MaxTopUpMinor)));
    const std::optional<qint64> rate = m_fx->usdPerUnitMicros(currency);
    if (!rate)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("no quote for %1").arg(Money::currencyCode(currency)));
    const Cents usd = Money::convert(amountMinor, *rate);
    if (usd <= 0)
        return err(ErrorCode::InvalidArgument, QStringLiteral("the amount converts to nothing"));
    return Quote {currency, amountMinor, *rate, usd};
}

Result<Quote> ExchangeEngine::quoteTopUpFor(qint64 actor, Currency currency, qint64 amountMinor)
{
    advance();
    if (auto e = checkActor(actor, {Role::Customer, Role::Provider}))
        return *e;
    return quoteTopUp(currency, amountMinor);
}

Result<TopUp> ExchangeEngine::topUp(qint64 actor, Currency currency, qint64 amountMinor)
{
    const Result<Quote> q = quoteTopUpFor(actor, currency, amountMinor);
    if (!q)
        return q.error();
    begin();
    post(QStringLiteral("topup"), actor, topUpMemo(*q),
         {{actor, Bucket::Available, q->creditedCents},
          {Ledger::SystemAccount, Bucket::ExternalFunding, -q->creditedCents}});
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the top-up could not be stored"));
    return TopUp {*q, balance(actor)};
}

Result<Payment> ExchangeEngine::requestTopUp(qint64 actor, Currency currency, qint64 amountMinor)
{
    const Result<Quote> q = quoteTopUpFor(actor, currency, amountMinor);
    if (!q)
        return q.error();
    qsizetype waiting = 0;
    for (const Payment &p : std::as_const(m_payments))
        waiting += p.accountId == actor ? 1 : 0;
    if (waiting >= MaxPendingTopUps)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("%1 top-ups are already waiting for their payment").arg(waiting));
    Payment p;
    p.reference = newPaymentReference();
    if (p.reference.isEmpty() || m_paymentByReference.contains(p.reference))
        return err(ErrorCode::Internal, QStringLiteral("no randomness for a payment reference"));
    begin();
    p.id = ++m_lastPaymentId;
    p.accountId = actor;
    p.currency = q->currency;
    p.amountMinor = q->amountMinor;
    p.rateMicros = q->rateMicros;
    p.creditedCents = q->creditedCents;
    p.createdMs = m_now;
    p.expiresMs = m_now + TopUpExpiryMs;
    m_payments.insert(p.id, p);
    m_paymentByReference.insert(p.reference, p.id);
    m_events.insert({p.expiresMs, EventKind::PaymentExpiry, p.id});
    touchPayment(p);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the top-up could not be stored"));
    return p;
}

Result<PaymentReceipt> ExchangeEngine::confirmTopUp(const PaymentConfirmation &confirmation)
{
    advance(); // a payment due to expire by now has expired
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    const auto pending = m_paymentByReference.constFind(confirmation.reference);
    const std::optional<Payment> found = pending != m_paymentByReference.cend()
        ? std::optional<Payment>(m_payments.value(*pending))
        : m_db.paymentByReference(confirmation.reference);
    if (!found)
        return err(ErrorCode::UnknownPayment,
                   QStringLiteral("no payment has the reference \"%1\"")
                       .arg(confirmation.reference.left(64)));
    if (found->currency != confirmation.currency || found->amountMinor != confirmation.amountMinor)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("payment %1 is for %2 %3, not %4 %5")
                       .arg(found->reference, Money::currencyCode(found->currency),
                            Money::toPlain(found->amountMinor),
                            Money::currencyCode(confirmation.currency),
                            Money::toPlain(confirmation.amountMinor)));
    // A late one the database does not show as late yet (its batch is still being written).
    const std::optional<Payment> late = m_latePayments.contains(found->id)
        ? std::optional<Payment>(m_latePayments.value(found->id))
        : std::nullopt;
    switch (late ? PaymentState::Late : found->state) {
    case PaymentState::Credited:
    case PaymentState::Refunded:
        return PaymentReceipt {*found, balance(found->accountId), true};
    case PaymentState::Late:
        return PaymentReceipt {late.value_or(*found), balance(found->accountId), true};
    case PaymentState::Expired: {
        // Paid after all, but after the customer was told it expired (and may have paid again):
        // nothing is credited by itself. Support credits it or has it refunded.
        begin();
        Payment p = *found;
        p.state = PaymentState::Late;
        p.lateMs = m_now;
        m_latePayments.insert(p.id, p);
        touchPayment(p);
        if (!commit())
            return err(ErrorCode::Storage, QStringLiteral("the payment could not be stored"));
        return PaymentReceipt {p, balance(p.accountId), false};
    }
    case PaymentState::Pending:
        break;
    }
    begin();
    Payment p = *found;
    p.state = PaymentState::Credited;
    p.settledMs = m_now;
    post(QStringLiteral("topup"), p.id, // the entry refers to the payment it credits
         topUpMemo({p.currency, p.amountMinor, p.rateMicros, p.creditedCents}, p.reference),
         {{p.accountId, Bucket::Available, p.creditedCents},
          {Ledger::SystemAccount, Bucket::ExternalFunding, -p.creditedCents}});
    m_payments.remove(p.id);
    m_paymentByReference.remove(p.reference);
    m_events.erase({p.expiresMs, EventKind::PaymentExpiry, p.id});
    touchPayment(p);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the payment could not be stored"));
    return PaymentReceipt {p, balance(p.accountId), false};
}

Result<QList<Payment>> ExchangeEngine::latePayments(qint64 actor) const
{
    if (auto e = checkActor(actor, {Role::Support}))
        return *e;
    QList<Payment> out = m_latePayments.values();
    std::sort(out.begin(), out.end(),
              [](const Payment &a, const Payment &b) { return a.id < b.id; });
    if (out.size() > MaxPageSize)
        out.resize(MaxPageSize);
    return out;
}

Result<Payment> ExchangeEngine::latePaymentToDecide(qint64 actor, qint64 paymentId,
                                                    const QString &reason)
{
    advance();
    if (auto e = checkActor(actor, {Role::Support}))
        return *e;
    const auto it = m_latePayments.constFind(paymentId);
    if (it == m_latePayments.cend()) {
        if (m_payments.contains(paymentId) || m_db.payment(paymentId))
            return err(ErrorCode::InvalidState,
                       QStringLiteral("payment %1 is not a late one").arg(paymentId));
        return err(ErrorCode::UnknownPayment, QStringLiteral("no payment %1").arg(paymentId));
    }
    if (auto e = lateReasonProblem(reason))
        return *e;
    return *it;
}

Result<Payment> ExchangeEngine::creditLatePayment(qint64 actor, qint64 paymentId,
                                                  const QString &reason)
{
    const QString why = reason.trimmed();
    const Result<Payment> found = latePaymentToDecide(actor, paymentId, why);
    if (!found)
        return found.error();
    begin();
    Payment p = *found;
    p.state = PaymentState::Credited;
    p.settledMs = m_now;
    p.agentId = actor;
    // As a confirmation in time credits it: at the rate quoted when it was asked for.
    post(QStringLiteral("topup"), p.id, // the entry refers to the payment it credits
         topUpMemo({p.currency, p.amountMinor, p.rateMicros, p.creditedCents}, p.reference),
         {{p.accountId, Bucket::Available, p.creditedCents},
          {Ledger::SystemAccount, Bucket::ExternalFunding, -p.creditedCents}});
    AuditRecord credited {++m_lastAuditId,
                          m_now,
                          actor,
                          QStringLiteral("payment_credited"),
                          p.accountId,
                          QStringLiteral("late payment %1 of %2 %3 credited %4 USD: %5")
                              .arg(p.reference, Money::currencyCode(p.currency),
                                   Money::toPlain(p.amountMinor), Money::toPlain(p.creditedCents),
                                   why)};
    credited.amount = p.creditedCents; // USD: what the account received
    credited.reason = why;
    credited.paymentId = p.id;
    m_newAudit.append(credited);
    m_latePayments.remove(p.id);
    touchPayment(p);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the payment could not be stored"));
    return p;
}

Result<Payment> ExchangeEngine::refundLatePayment(qint64 actor, qint64 paymentId,
                                                  const QString &reference, const QString &reason)
{
    const QString why = reason.trimmed();
    const QString ref = reference.trimmed();
    const Result<Payment> found = latePaymentToDecide(actor, paymentId, why);
    if (!found)
        return found.error();
    if (ref.isEmpty() || ref.size() > MaxPayoutReferenceLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a refund needs the processor's reference, 1 to %1 characters")
                       .arg(MaxPayoutReferenceLength));
    if (const QString problem = TextRules::problem(ref); !problem.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("reference: ") + problem);
    begin();
    Payment p = *found;
    p.state = PaymentState::Refunded;
    p.settledMs = m_now;
    p.refundReference = ref;
    p.agentId = actor;
    // Nothing moves: the money never entered the ledger, and the processor paid it back.
    AuditRecord refunded {++m_lastAuditId,
                          m_now,
                          actor,
                          QStringLiteral("payment_refunded"),
                          p.accountId,
                          QStringLiteral("late payment %1 of %2 %3 refunded, reference %4: %5")
                              .arg(p.reference, Money::currencyCode(p.currency),
                                   Money::toPlain(p.amountMinor), ref, why)};
    refunded.amount = p.amountMinor; // in the currency paid: nothing entered the ledger
    refunded.currency = p.currency;
    refunded.reason = why;
    refunded.paymentId = p.id;
    refunded.reference = ref;
    m_newAudit.append(refunded);
    m_latePayments.remove(p.id);
    touchPayment(p);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the payment could not be stored"));
    return p;
}

QList<Payment> ExchangeEngine::pendingTopUps(qint64 accountId) const
{
    QList<Payment> out;
    for (const Payment &p : std::as_const(m_payments)) {
        if (accountId == 0 || p.accountId == accountId)
            out.append(p);
    }
    std::sort(out.begin(), out.end(),
              [](const Payment &a, const Payment &b) { return a.id < b.id; });
    return out;
}

} // namespace everx
