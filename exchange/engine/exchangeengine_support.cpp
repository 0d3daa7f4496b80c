// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Support's workspace in the engine: a direct adjustment, adjustments under dual control, notes,
// and the audit of an account being opened. Part of ExchangeEngine (exchangeengine.h); each
// operation validates completely before it changes anything and writes its audit record in the
// same transaction as what it does, through the engine's begin() and commit().

#include "engine/exchangeengine.h"

#include "market/textrules.h"

namespace everx {

using namespace MarketRules;

namespace {

// A reason or note as stored: trimmed, 1 to maxLength characters, several lines allowed.
std::optional<Error> textRefusal(const QString &text, qsizetype maxLength, const QString &what)
{
    if (text.isEmpty() || text.size() > maxLength)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("%1 needs 1 to %2 characters").arg(what).arg(maxLength));
    if (const QString problem = TextRules::problem(text, TextRules::Lines::Many);
        !problem.isEmpty())
        return err(ErrorCode::InvalidArgument, QStringLiteral("%1: %2").arg(what, problem));
    return std::nullopt;
}

} // namespace

std::optional<Error> ExchangeEngine::adjustmentRefusal(qint64 target, Cents delta,
                                                       const QString &why) const
{
    const auto t = m_accounts.constFind(target);
    if (t == m_accounts.cend() || t->role == Role::Support)
        return err(ErrorCode::UnknownAccount,
                   QStringLiteral("no customer or provider account %1").arg(target));
    if (auto e = textRefusal(why, MaxReasonLength, QStringLiteral("an adjustment's reason")))
        return e;
    if (delta == 0 || delta > MaxAdjustmentCents || delta < -MaxAdjustmentCents)
        return err(ErrorCode::InvalidArgument,
                   QStringLiteral("the adjustment amount is out of range"));
    if (m_ledger.balance(target, Bucket::Available) + delta < 0)
        return err(ErrorCode::InsufficientFunds,
                   QStringLiteral("the adjustment would make the available balance negative"));
    return std::nullopt;
}

std::optional<Error> ExchangeEngine::checkAdjustment(qint64 actor, qint64 target, Cents delta,
                                                     const QString &why)
{
    advance();
    if (auto e = checkActor(actor, {Role::Support}))
        return e;
    return adjustmentRefusal(target, delta, why);
}

Result<Balance> ExchangeEngine::adjustBalance(qint64 actor, qint64 target, Cents delta,
                                              const QString &reason)
{
    const QString why = reason.trimmed();
    if (auto e = checkAdjustment(actor, target, delta, why))
        return *e;

    begin();
    AuditRecord audit {
        ++m_lastAuditId, m_now,
        actor,           QStringLiteral("adjustment"),
        target,          QStringLiteral("%1 USD: %2").arg(Money::toPlain(delta), why)};
    audit.amount = delta;
    audit.reason = why;
    post(
        QStringLiteral("adjustment"), audit.id, why,
        {{target, Bucket::Available, delta}, {Ledger::SystemAccount, Bucket::Adjustments, -delta}});
    m_newAudit.append(audit);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the adjustment could not be stored"));
    return balance(target);
}

Result<AdjustmentOutcome> ExchangeEngine::requestAdjustment(qint64 actor, qint64 target,
                                                            Cents delta, const QString &reason)
{
    const QString why = reason.trimmed();
    if (auto e = checkAdjustment(actor, target, delta, why))
        return *e;
    // The agent's day is the UTC day of the exchange's clock.
    const qint64 now = m_clock.nowMs();
    const qint64 dayStart = now - now % DayMs;
    const Cents size = delta < 0 ? -delta : delta;
    const bool dual = size > m_dualControlThreshold
        || m_db.adjustedBy(actor, dayStart) + size > m_agentDailyLimit;
    if (!dual) {
        const Result<Balance> applied = adjustBalance(actor, target, delta, why);
        if (!applied)
            return applied.error();
        return AdjustmentOutcome {*applied, std::nullopt};
    }

    begin();
    PendingAdjustment p;
    p.id = ++m_lastAdjustmentId;
    p.accountId = target;
    p.amountCents = delta;
    p.reason = why;
    p.requestedBy = actor;
    p.requestedMs = m_now;
    AuditRecord requested {++m_lastAuditId,
                           m_now,
                           actor,
                           QStringLiteral("adjustment_requested"),
                           target,
                           QStringLiteral("%1 USD: %2 (adjustment %3 waits for a second agent)")
                               .arg(Money::toPlain(delta), why)
                               .arg(p.id)};
    requested.amount = delta;
    requested.reason = why;
    requested.adjustmentId = p.id;
    m_newAudit.append(requested);
    m_dirtyAdjustments.insert(p.id, p);
    m_pendingAdjustments.insert(p.id, p);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the adjustment could not be stored"));
    return AdjustmentOutcome {balance(target), p};
}

Result<PendingAdjustment> ExchangeEngine::approveAdjustment(qint64 actor, qint64 adjustmentId,
                                                            const QString &reason)
{
    return decideAdjustment(actor, adjustmentId, reason, true);
}

Result<PendingAdjustment> ExchangeEngine::declineAdjustment(qint64 actor, qint64 adjustmentId,
                                                            const QString &reason)
{
    return decideAdjustment(actor, adjustmentId, reason, false);
}

Result<PendingAdjustment> ExchangeEngine::decideAdjustment(qint64 actor, qint64 adjustmentId,
                                                           const QString &reason, bool approve)
{
    advance();
    if (auto e = checkActor(actor, {Role::Support}))
        return *e;
    const auto it = m_pendingAdjustments.constFind(adjustmentId);
    if (it == m_pendingAdjustments.cend()) {
        if (m_db.adjustment(adjustmentId))
            return err(ErrorCode::InvalidState,
                       QStringLiteral("adjustment %1 was already decided").arg(adjustmentId));
        return err(ErrorCode::UnknownAdjustment,
                   QStringLiteral("no adjustment %1").arg(adjustmentId));
    }
    PendingAdjustment p = *it;
    if (p.requestedBy == actor) {
        // The refused attempt is audited too: a requester trying to pass their own adjustment
        // is what dual control exists to show (docs/protocol.md "Operations").
        begin();
        AuditRecord refused {
            ++m_lastAuditId,
            m_now,
            actor,
            approve ? QStringLiteral("adjustment_approval_refused")
                    : QStringLiteral("adjustment_decline_refused"),
            p.accountId,
            QStringLiteral("%1 USD (adjustment %2): its requester may not decide it")
                .arg(Money::toPlain(p.amountCents))
                .arg(p.id)};
        refused.amount = p.amountCents;
        refused.adjustmentId = p.id;
        refused.requestedBy = p.requestedBy;
        m_newAudit.append(refused);
        if (!commit())
            return err(ErrorCode::Storage, QStringLiteral("the refusal could not be stored"));
        return err(ErrorCode::SecondAgentRequired,
                   QStringLiteral("adjustment %1 needs a second agent: its requester may not"
                                  " decide it")
                       .arg(adjustmentId));
    }
    const QString why = reason.trimmed();
    if (auto e = textRefusal(why, MaxReasonLength, QStringLiteral("a decision's reason")))
        return *e;
    // Approval applies it as a direct adjustment would be, so the same checks (the balance may
    // have moved since it was asked for); a refused approval leaves it pending.
    if (approve) {
        if (auto e = adjustmentRefusal(p.accountId, p.amountCents, p.reason))
            return *e;
    }

    begin();
    p.state = approve ? AdjustmentState::Approved : AdjustmentState::Declined;
    p.decidedBy = actor;
    p.decidedMs = m_now;
    p.decisionReason = why;
    AuditRecord audit {++m_lastAuditId,
                       m_now,
                       actor,
                       approve ? QStringLiteral("adjustment_approved")
                               : QStringLiteral("adjustment_declined"),
                       p.accountId,
                       QStringLiteral("%1 USD: %2 (adjustment %3 asked for by agent %4: %5)")
                           .arg(Money::toPlain(p.amountCents), why)
                           .arg(p.id)
                           .arg(p.requestedBy)
                           .arg(p.reason)};
    audit.amount = p.amountCents;
    audit.reason = why;
    audit.adjustmentId = p.id;
    audit.requestedBy = p.requestedBy;
    m_newAudit.append(audit);
    // The ledger's entries of an approved adjustment refer to the approval's audit record, so
    // that they count towards no agent's daily total of direct adjustments.
    if (approve)
        post(QStringLiteral("adjustment"), audit.id, p.reason,
             {{p.accountId, Bucket::Available, p.amountCents},
              {Ledger::SystemAccount, Bucket::Adjustments, -p.amountCents}});
    m_dirtyAdjustments.insert(p.id, p);
    m_pendingAdjustments.remove(p.id);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the decision could not be stored"));
    return p;
}

QList<PendingAdjustment> ExchangeEngine::pendingAdjustments() const
{
    QList<PendingAdjustment> out = m_pendingAdjustments.values();
    std::sort(out.begin(), out.end(),
              [](const PendingAdjustment &a, const PendingAdjustment &b) { return a.id < b.id; });
    // The second agent decides on who is concerned, not on bare ids.
    for (PendingAdjustment &p : out) {
        const Account account = m_accounts.value(p.accountId);
        p.accountEmail = account.email;
        p.accountName = account.name;
        const Account requester = m_accounts.value(p.requestedBy);
        p.requesterName = requester.name.isEmpty() ? requester.email : requester.name;
    }
    return out;
}

Result<SupportNote> ExchangeEngine::addNote(qint64 actor, qint64 target, const QString &text)
{
    advance();
    if (auto e = checkActor(actor, {Role::Support}))
        return *e;
    if (!m_accounts.contains(target))
        return err(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(target));
    const QString note = text.trimmed();
    if (auto e = textRefusal(note, MaxNoteLength, QStringLiteral("a note")))
        return *e;

    begin();
    const SupportNote n {++m_lastNoteId, target, actor, m_now, note};
    m_newNotes.append(n);
    m_newAudit.append({++m_lastAuditId, m_now, actor, QStringLiteral("note"), target, note});
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the note could not be stored"));
    return n;
}

Result<AuditRecord> ExchangeEngine::recordAccountOpened(qint64 actor, qint64 target)
{
    advance();
    if (auto e = checkActor(actor, {Role::Support}))
        return *e;
    if (!m_accounts.contains(target))
        return err(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(target));

    begin();
    const AuditRecord audit {++m_lastAuditId, m_now,    actor, QStringLiteral("account_opened"),
                             target,          QString()};
    m_newAudit.append(audit);
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the audit record could not be stored"));
    return audit;
}

} // namespace everx
