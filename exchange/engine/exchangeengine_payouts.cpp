// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Provider payouts: part of ExchangeEngine (exchangeengine.h), kept apart from the market's
// operations. Every step is one balanced ledger transaction, committed with the payout's row
// (and, for support's steps, the audit record) in the engine's transaction.
#include "engine/exchangeengine.h"

#include "market/textrules.h"

#include <algorithm>

namespace everx {

using namespace MarketRules;

namespace {

// Support's reason, as support.adjust takes it: trimmed, 1 to MaxReasonLength characters.
std::optional<Error> reasonProblem(const QString &why)
{
    if (why.isEmpty() || why.size() > MaxReasonLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("settling a payout needs a reason of 1 to %1 characters")
                       .arg(MaxReasonLength));
    if (const QString problem = TextRules::problem(why, TextRules::Lines::Many); !problem.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("reason: ") + problem);
    return std::nullopt;
}

int pageLimit(int limit)
{
    return std::clamp(limit, 1, MaxPageSize);
}

} // namespace

Result<Payout> ExchangeEngine::requestPayout(qint64 actor, Cents amountCents)
{
    advance();
    if (auto e = checkActor(actor, {Role::Provider}))
        return *e;
    if (amountCents < MinPayoutCents || amountCents > MaxAdjustmentCents)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a payout is for %1 to %2 USD")
                       .arg(Money::toPlain(MinPayoutCents), Money::toPlain(MaxAdjustmentCents)));
    const Cents earnings = m_ledger.balance(actor, Bucket::Earnings);
    if (amountCents > earnings)
        return err(ErrorCode::InsufficientFunds,
                   QStringLiteral("a payout of %1 USD asks for more than the %2 USD earned")
                       .arg(Money::toPlain(amountCents), Money::toPlain(earnings)));
    qsizetype waiting = 0;
    for (const Payout &p : std::as_const(m_payouts))
        waiting += p.providerId == actor ? 1 : 0;
    if (waiting >= MaxRequestedPayouts)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("%1 payouts are already waiting to be paid").arg(waiting));

    begin();
    Payout p;
    p.id = ++m_lastPayoutId;
    p.providerId = actor;
    p.amountCents = amountCents;
    p.requestedMs = m_now;
    post(QStringLiteral("payout_request"), p.id, QString(),
         {{actor, Bucket::Earnings, -amountCents}, {actor, Bucket::PayoutPending, amountCents}});
    m_payouts.insert(p.id, p);
    touchPayout(p);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the payout could not be stored"));
    return p;
}

Result<Payout> ExchangeEngine::payoutToSettle(qint64 actor, qint64 payoutId, const QString &reason)
{
    advance();
    if (auto e = checkActor(actor, {Role::Support}))
        return *e;
    const auto it = m_payouts.constFind(payoutId);
    if (it == m_payouts.cend()) {
        if (!m_db.payout(payoutId))
            return err(ErrorCode::UnknownPayout, QStringLiteral("no payout %1").arg(payoutId));
        return err(ErrorCode::InvalidState,
                   QStringLiteral("payout %1 is already settled").arg(payoutId));
    }
    if (auto e = reasonProblem(reason))
        return *e;
    return *it;
}

void ExchangeEngine::settlePayout(qint64 actor, Payout p, PayoutState state,
                                  const QString &reference, const QString &reason)
{
    begin();
    p.state = state;
    p.reference = reference;
    p.reason = reason;
    p.settledMs = m_now;
    p.agentId = actor;
    const bool paid = state == PayoutState::Paid;
    AuditRecord audit {++m_lastAuditId,
                       m_now,
                       actor,
                       paid ? QStringLiteral("payout_paid") : QStringLiteral("payout_rejected"),
                       p.providerId,
                       paid ? QStringLiteral("payout %1 of %2 USD paid, reference %3: %4")
                                  .arg(p.id)
                                  .arg(Money::toPlain(p.amountCents), reference, reason)
                            : QStringLiteral("payout %1 of %2 USD rejected: %3")
                                  .arg(p.id)
                                  .arg(Money::toPlain(p.amountCents), reason)};
    audit.amount = p.amountCents;
    audit.reason = reason;
    audit.payoutId = p.id;
    audit.reference = reference;
    if (paid)
        post(QStringLiteral("payout_paid"), p.id, reference,
             {{p.providerId, Bucket::PayoutPending, -p.amountCents},
              {Ledger::SystemAccount, Bucket::Payouts, p.amountCents}});
    else
        post(QStringLiteral("payout_rejected"), p.id, reason,
             {{p.providerId, Bucket::PayoutPending, -p.amountCents},
              {p.providerId, Bucket::Earnings, p.amountCents}});
    m_newAudit.append(audit);
    m_payouts.remove(p.id);
    touchPayout(p);
}

Result<Payout> ExchangeEngine::markPayoutPaid(qint64 actor, qint64 payoutId,
                                              const QString &reference, const QString &reason)
{
    const QString why = reason.trimmed();
    const QString ref = reference.trimmed();
    const Result<Payout> found = payoutToSettle(actor, payoutId, why);
    if (!found)
        return found.error();
    if (ref.isEmpty() || ref.size() > MaxPayoutReferenceLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("a paid payout needs the transfer's reference, 1 to %1"
                                  " characters")
                       .arg(MaxPayoutReferenceLength));
    if (const QString problem = TextRules::problem(ref); !problem.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("reference: ") + problem);
    settlePayout(actor, *found, PayoutState::Paid, ref, why);
    const Payout result = m_dirtyPayouts.value(payoutId);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the payout could not be stored"));
    return result;
}

Result<Payout> ExchangeEngine::rejectPayout(qint64 actor, qint64 payoutId, const QString &reason)
{
    const QString why = reason.trimmed();
    const Result<Payout> found = payoutToSettle(actor, payoutId, why);
    if (!found)
        return found.error();
    settlePayout(actor, *found, PayoutState::Rejected, QString(), why);
    const Payout result = m_dirtyPayouts.value(payoutId);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the payout could not be stored"));
    return result;
}

Result<QList<Payout>> ExchangeEngine::providerPayouts(qint64 actor, const PayoutQuery &query)
{
    if (auto e = checkActor(actor, {Role::Provider}))
        return *e;
    return m_db.payouts(actor, query.state, query.before, pageLimit(query.limit));
}

Result<QList<Payout>> ExchangeEngine::payoutQueue(qint64 actor, const PayoutQuery &query)
{
    if (auto e = checkActor(actor, {Role::Support}))
        return *e;
    return m_db.payouts(0, query.state, query.before, pageLimit(query.limit));
}

QList<Payout> ExchangeEngine::requestedPayouts(qint64 providerId) const
{
    QList<Payout> out;
    for (const Payout &p : std::as_const(m_payouts)) {
        if (providerId == 0 || p.providerId == providerId)
            out.append(p);
    }
    std::sort(out.begin(), out.end(), [](const Payout &a, const Payout &b) { return a.id < b.id; });
    return out;
}

} // namespace everx
