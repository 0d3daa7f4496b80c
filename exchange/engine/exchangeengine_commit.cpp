// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's transactions (docs/architecture.md "Persistence and group commit"): an
// operation's begin and commit, a batch's group commit and its hand-off to the database's writer,
// the ledger's postings, the records made dirty and written at commit, and the reload from the
// database after a commit that failed.

#include "engine/exchangeengine.h"
#include "engine/exchangeengine_p.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QLoggingCategory>

namespace everx {

using namespace MarketRules;

void ExchangeEngine::begin()
{
    m_now = m_clock.nowMs();
    beginTransaction();
}

void ExchangeEngine::beginTransaction()
{
    if (!m_inBatch) {
        // The batch handed off first: this operation read what it did.
        if (!settleHandOff())
            m_handOffFailed = true;
        m_db.begin();
    } else if (!m_batchOpen) {
        if (m_batchPipelined)
            m_db.beginDeferred(); // the connection may still be the writer's
        else
            m_db.begin();
        m_batchOpen = true;
    }
}

void ExchangeEngine::beginBatch(BatchCommit commit)
{
    Q_ASSERT(!m_inBatch);
    // A batch that waits for its commit builds on durable state only: the one handed off settles
    // first, and a failure reloads now, before anything of this batch happens.
    if (commit == BatchCommit::Wait && !settleHandOff())
        reloadDurable();
    m_inBatch = true;
    m_batchPipelined = commit == BatchCommit::Pipelined;
    m_batchOpen = false;
    m_batchFailed = false;
    m_batchWriteNanos = 0;
}

bool ExchangeEngine::commitBatch()
{
    Q_ASSERT(m_inBatch);
    m_inBatch = false;
    // This batch built on the one handed off: if that one failed, so does this.
    if (!settleHandOff()) {
        m_batchOpen = false;
        reloadDurable();
        return false;
    }
    if (!std::exchange(m_batchOpen, false))
        return !m_batchFailed; // nothing was written
    if (m_batchPipelined && !m_batchFailed) {
        m_db.handOff();
        // Its changes are complete: the caller takes them now, and holds what it builds of them.
        m_changes.entries.append(std::exchange(m_uncommittedEntries, {}));
        return true;
    }
    QElapsedTimer timer;
    timer.start();
    const bool ok = !m_batchFailed && m_db.commit();
    return finishCommit(ok, m_batchWriteNanos + timer.nsecsElapsed());
}

bool ExchangeEngine::settleHandOff()
{
    if (!m_db.handedOff())
        return true;
    qint64 nanos = 0;
    const bool ok = m_db.settle(&nanos);
    if (m_commitObserver)
        m_commitObserver(nanos / 1000, ok);
    m_settled = ok;
    if (!ok)
        qCCritical(lcEngine) << "commit failed (of a batch handed off to the writer):"
                             << m_db.lastError();
    return ok;
}

std::optional<bool> ExchangeEngine::settle(bool wait)
{
    Q_ASSERT(!m_inBatch);
    const bool failed = (wait || m_db.written()) && !settleHandOff();
    // Found failed by an operation outside a batch, whose commit then reloads: in case it did
    // not commit, reload here.
    if (std::exchange(m_handOffFailed, false) || failed)
        reloadDurable();
    return takeSettled();
}

void ExchangeEngine::post(const QString &kind, qint64 refId, const QString &memo,
                          const QList<LedgerLine> &lines)
{
    const bool balanced = m_ledger.post(m_now, kind, refId, memo, lines);
    Q_ASSERT_X(balanced, "ExchangeEngine::post", "unbalanced ledger transaction");
    Q_UNUSED(balanced);
    for (const LedgerLine &line : lines) {
        if (line.accountId != Ledger::SystemAccount)
            m_changes.accounts.insert(line.accountId);
    }
}

bool ExchangeEngine::commit()
{
    QElapsedTimer timer;
    timer.start();
    const bool written = writeDirty();
    if (m_inBatch) {
        // Durable only when the batch commits; a failed write fails the whole batch.
        m_batchFailed = m_batchFailed || !written;
        m_batchWriteNanos += timer.nsecsElapsed();
        return true;
    }
    const bool ok = !std::exchange(m_handOffFailed, false) && written && m_db.commit();
    return finishCommit(ok, timer.nsecsElapsed());
}

bool ExchangeEngine::writeDirty()
{
    bool ok = true;
    QSet<quint64> balanceKeys;
    const QList<LedgerEntry> entries = m_ledger.takePending();
    for (const LedgerEntry &e : entries) {
        ok = ok && m_db.insertEntry(e);
        balanceKeys.insert(Ledger::key(e.accountId, e.bucket));
    }
    for (const quint64 key : std::as_const(balanceKeys))
        ok = ok && m_db.upsertBalance(key, m_ledger.balances().value(key));
    for (const qint64 id : std::as_const(m_dirtyAccounts))
        ok = ok && m_db.upsertAccount(m_accounts.value(id));
    for (const qint64 id : std::as_const(m_dirtyListings)) {
        const auto it = m_listings.constFind(id);
        ok = ok && m_db.upsertListing(it != m_listings.cend() ? *it : m_removedListings.value(id));
    }
    for (const BidOrder &o : std::as_const(m_dirtyOrders))
        ok = ok && m_db.upsertOrder(m_orders.value(o.id, o));
    for (const Rental &r : std::as_const(m_dirtyRentals))
        ok = ok && m_db.upsertRental(m_rentals.value(r.id, r));
    for (const Payment &p : std::as_const(m_dirtyPayments))
        ok = ok && m_db.upsertPayment(p);
    for (const Payout &p : std::as_const(m_dirtyPayouts))
        ok = ok && m_db.upsertPayout(p);
    for (const qint64 id : std::as_const(m_deletedAsks))
        ok = ok && m_db.deleteAsk(id);
    for (const qint64 id : std::as_const(m_dirtyAsks)) {
        const auto it = m_asks.constFind(id);
        if (it != m_asks.cend())
            ok = ok && m_db.upsertAsk(*it);
    }
    for (const Trade &t : std::as_const(m_newTrades))
        ok = ok && m_db.insertTrade(t);
    for (const AuditRecord &a : std::as_const(m_newAudit))
        ok = ok && m_db.insertAudit(a);
    for (const SupportNote &n : std::as_const(m_newNotes))
        ok = ok && m_db.insertNote(n);
    for (const PendingAdjustment &a : std::as_const(m_dirtyAdjustments))
        ok = ok && m_db.upsertAdjustment(a);
    m_uncommittedEntries.append(entries);
    clearDirty();
    return ok;
}

void ExchangeEngine::clearDirty()
{
    m_dirtyAccounts.clear();
    m_dirtyListings.clear();
    m_dirtyOrders.clear();
    m_dirtyRentals.clear();
    m_dirtyPayments.clear();
    m_dirtyPayouts.clear();
    m_dirtyAsks.clear();
    m_deletedAsks.clear();
    m_newTrades.clear();
    m_newAudit.clear();
    m_newNotes.clear();
    m_dirtyAdjustments.clear();
    m_removedListings.clear();
}

bool ExchangeEngine::finishCommit(bool ok, qint64 nanos)
{
    if (m_commitObserver)
        m_commitObserver(nanos / 1000, ok);
    if (ok) {
        m_changes.entries.append(std::exchange(m_uncommittedEntries, {}));
        return true;
    }
    qCCritical(lcEngine) << "commit failed, reloading state from the database:" << m_db.lastError();
    reloadDurable();
    return false;
}

void ExchangeEngine::reloadDurable()
{
    // The database refused: undo in memory by reading back what is durable.
    m_uncommittedEntries.clear();
    m_db.rollback();
    QString error;
    if (!loadState(&error)) {
        // Nothing trustworthy is left in memory: refuse everything until reopened.
        qCCritical(lcEngine) << "reload failed, the exchange closes:" << error;
        m_open = false;
        resetMemory();
    }
    m_changes = {};
}

void ExchangeEngine::touchOrder(const BidOrder &o)
{
    m_dirtyOrders.insert(o.id, o);
    m_changes.orders.append(o);
}

void ExchangeEngine::touchListing(const Listing &l)
{
    m_dirtyListings.insert(l.id);
    if (const qsizetype i = m_catalog->indexOf(l.gpu);
        i >= 0 && size_t(i) < m_windowOffersStale.size()) {
        m_windowOffersStale[size_t(i)] = 1;
        m_windowMarketReady[size_t(i)] = 0;
    }
    m_changes.listings.append(l);
}

void ExchangeEngine::touchRental(const Rental &r)
{
    m_dirtyRentals.insert(r.id, r);
    m_changes.rentals.append(r);
}

void ExchangeEngine::touchPayment(const Payment &p)
{
    m_dirtyPayments.insert(p.id, p);
    m_changes.payments.append(p);
}

void ExchangeEngine::touchPayout(const Payout &p)
{
    m_dirtyPayouts.insert(p.id, p);
    m_changes.payouts.append(p);
}

} // namespace everx
