// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's reads for support's workspace (schema v7): notes, adjustments under dual control,
// the search for accounts, the audit log, and what an agent adjusted in a day.

#include "engine/database.h"
#include "engine/database_p.h"

#include "market/textrules.h"

namespace everx {

using namespace DatabasePrivate;

namespace {

// LIKE's own characters taken literally (ESCAPE '!'), and the pattern "contains".
QString containsPattern(const QString &query)
{
    QString out;
    out.reserve(query.size() + 2);
    out.append(u'%');
    for (const QChar c : query) {
        if (c == u'%' || c == u'_' || c == u'!')
            out.append(u'!');
        out.append(c);
    }
    out.append(u'%');
    return out;
}

const QString NoteColumns = QStringLiteral("id, account_id, agent_id, time_ms, text");

const QString AdjustmentColumns =
    QStringLiteral("id, account_id, amount_cents, reason, requested_by, requested_ms, state,"
                   " decided_by, decided_ms, decision_reason");

PendingAdjustment readAdjustment(const QSqlQuery &q)
{
    PendingAdjustment a;
    a.id = q.value(0).toLongLong();
    a.accountId = q.value(1).toLongLong();
    a.amountCents = q.value(2).toLongLong();
    a.reason = q.value(3).toString();
    a.requestedBy = q.value(4).toLongLong();
    a.requestedMs = q.value(5).toLongLong();
    a.state = AdjustmentState(q.value(6).toInt());
    a.decidedBy = q.value(7).toLongLong();
    a.decidedMs = q.value(8).toLongLong();
    a.decisionReason = q.value(9).toString();
    return a;
}

const QString AuditColumns = QStringLiteral(
    "id, time_ms, actor_id, action, target_id, detail, amount_cents, currency, reason,"
    " adjustment_id, payout_id, payment_id, reference, requested_by, bids_cancelled,"
    " listings_paused");

AuditRecord readAudit(const QSqlQuery &q)
{
    AuditRecord a {q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                   q.value(3).toString(),   q.value(4).toLongLong(), q.value(5).toString()};
    a.amount = q.value(6).toLongLong();
    const int currency = q.value(7).toInt();
    a.currency =
        currency >= 0 && currency <= int(Currency::GBP) ? Currency(currency) : Currency::USD;
    a.reason = q.value(8).toString();
    a.adjustmentId = q.value(9).toLongLong();
    a.payoutId = q.value(10).toLongLong();
    a.paymentId = q.value(11).toLongLong();
    a.reference = q.value(12).toString();
    a.requestedBy = q.value(13).toLongLong();
    a.bidsCancelled = q.value(14).toInt();
    a.listingsPaused = q.value(15).toInt();
    return a;
}

} // namespace

QList<SupportNote> Database::notes(qint64 accountId)
{
    QList<SupportNote> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM support_notes WHERE account_id = ? ORDER BY id DESC")
                  .arg(NoteColumns));
    q.bindValue(0, accountId);
    if (exec(q)) {
        while (q.next())
            out.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                        q.value(3).toLongLong(), q.value(4).toString()});
    }
    return out;
}

QList<PendingAdjustment> Database::adjustments(qint64 accountId, bool pendingOnly)
{
    QList<PendingAdjustment> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM pending_adjustments WHERE (account_id = ? OR ? = 0)"
                             " AND (state = %2 OR ? = 0) ORDER BY id DESC")
                  .arg(AdjustmentColumns)
                  .arg(int(AdjustmentState::Pending)));
    q.bindValue(0, accountId);
    q.bindValue(1, accountId);
    q.bindValue(2, pendingOnly ? 1 : 0);
    if (exec(q)) {
        while (q.next())
            out.append(readAdjustment(q));
    }
    return out;
}

std::optional<PendingAdjustment> Database::adjustment(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(
        QStringLiteral("SELECT %1 FROM pending_adjustments WHERE id = ?").arg(AdjustmentColumns));
    q.bindValue(0, id);
    if (exec(q) && q.next())
        return readAdjustment(q);
    return std::nullopt;
}

QList<AuditRecord> Database::audit(qint64 targetId)
{
    QList<AuditRecord> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM audit_log WHERE target_id = ? ORDER BY id")
                  .arg(AuditColumns));
    q.bindValue(0, targetId);
    if (q.exec()) {
        while (q.next())
            out.append(readAudit(q));
    }
    return out;
}

QList<qint64> Database::searchAccounts(const QString &query, std::optional<AccountState> state,
                                       qint64 offset, int limit, qint64 *total)
{
    // A match anywhere in the text (LIKE '%...%') cannot use a B-tree index on either engine:
    // search scans the accounts, which support's volume allows. A blank query matches all
    // ('%%'); a state of -1 any state.
    bool isId = false;
    const qint64 id = query.trimmed().toLongLong(&isId);
    const QString pattern = containsPattern(searchFolded(query.trimmed()));
    // An address (even one the rules refuse, such as a mixed-script double) also finds the
    // accounts it looks like; anything else matches by text only (no key is "\x01").
    const QString lookalike =
        query.contains(u'@') ? lookalikeKey(query.trimmed().toLower()) : QStringLiteral("\x01");
    const int wanted = state ? int(*state) : -1;
    QList<qint64> out;
    readPage(QStringLiteral("id"), QStringLiteral("accounts"),
             QStringLiteral("(? < 0 OR state = ?) AND (id = ? OR search_text LIKE ? ESCAPE '!'"
                            " OR lookalike_key = ?)"),
             {wanted, wanted, isId ? id : qint64(-1), pattern, lookalike}, QStringLiteral("id"),
             offset, limit, total,
             [&out](const QSqlQuery &q) { out.append(q.value(0).toLongLong()); });
    return out;
}

qint64 Database::accountIdByEmail(const QString &email)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT id FROM accounts WHERE email = ?"));
    q.bindValue(0, email);
    if (!exec(q))
        return -1;
    return q.next() ? q.value(0).toLongLong() : 0;
}

QList<AuditRecord> Database::auditPage(qint64 actorId, qint64 targetId, qint64 fromMs, qint64 toMs,
                                       qint64 beforeId, qint64 offset, int limit, qint64 *total)
{
    QList<AuditRecord> out;
    readPage(
        AuditColumns, QStringLiteral("audit_log"),
        QStringLiteral("(actor_id = ? OR ? = 0) AND (target_id = ? OR ? = 0)"
                       " AND time_ms >= ? AND (time_ms < ? OR ? = 0)"),
        {actorId, actorId, targetId, targetId, fromMs, toMs, toMs}, QStringLiteral("id DESC"),
        offset, limit, total, [&out](const QSqlQuery &q) { out.append(readAudit(q)); },
        beforeId > 0 ? QStringLiteral("id < ?") : QString(),
        beforeId > 0 ? QVariantList {beforeId} : QVariantList {});
    return out;
}

Cents Database::adjustedBy(qint64 actorId, qint64 sinceMs)
{
    // The customer side of each direct adjustment (the system side mirrors it).
    QSqlQuery q(connection());
    q.prepare(QStringLiteral(
        "SELECT COALESCE(SUM(ABS(e.amount_cents)), 0) FROM ledger_entries e JOIN audit_log a ON"
        " a.id = e.ref_id WHERE e.kind = 'adjustment' AND e.account_id <> 0 AND a.action ="
        " 'adjustment' AND a.actor_id = ? AND e.time_ms >= ?"));
    q.bindValue(0, actorId);
    q.bindValue(1, sinceMs);
    if (exec(q) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

} // namespace everx
