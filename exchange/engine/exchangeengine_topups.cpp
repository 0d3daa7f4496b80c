// ExchangeEngine's money in (docs/architecture.md "Trust and operations"): a top-up's quote at
// today's rate, the instant top-up of the sandbox, tests and tools, and paid top-ups: a pending
// payment with a random reference, credited when the payment processor confirms it, or expired
// (an event of the clock's, in exchangeengine_rentals.cpp's processEvent()).

#include "engine/exchangeengine.h"

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

// The memo keeps what was paid and the quoted rate, in a fixed machine-readable form.
QString topUpMemo(const Quote &q)
{
    return QStringLiteral("%1 %2 at %3")
        .arg(Money::currencyCode(q.currency), Money::toPlain(q.amountMinor))
        .arg(q.rateMicros);
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
    switch (found->state) {
    case PaymentState::Credited:
        return PaymentReceipt {*found, balance(found->accountId), true};
    case PaymentState::Expired:
        return err(ErrorCode::InvalidState,
                   QStringLiteral("payment %1 expired unpaid").arg(found->reference));
    case PaymentState::Pending:
        break;
    }
    begin();
    Payment p = *found;
    p.state = PaymentState::Credited;
    p.settledMs = m_now;
    post(QStringLiteral("topup"), p.accountId,
         topUpMemo({p.currency, p.amountMinor, p.rateMicros, p.creditedCents}),
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
