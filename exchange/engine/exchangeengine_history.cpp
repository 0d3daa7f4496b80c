// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// ExchangeEngine's history for the sandbox's backfill: past trades (for charts) and past rentals on
// a provider's listings (for its statistics), stored without the orders, books and holds of live
// ones; and the time of the last activity, which a restarted sandbox clock must not run behind.

#include "engine/exchangeengine.h"

#include <algorithm>

namespace everx {

using namespace MarketRules;

Result<qsizetype> ExchangeEngine::recordHistory(QList<Trade> trades)
{
    if (!m_open)
        return err(ErrorCode::Storage, QStringLiteral("the exchange is closed"));
    const qint64 now = m_clock.nowMs();
    for (const Trade &t : std::as_const(trades)) {
        if (!book(t.gpu) || t.priceCents < MinPriceCents || t.priceCents > MaxPriceCents
            || t.quantity < 1 || t.hours < 1 || t.timeMs > now)
            return err(ErrorCode::InvalidArgument, QStringLiteral("not a valid historic trade"));
    }
    begin();
    for (Trade &t : trades) {
        t.id = ++m_lastTradeId;
        t.orderId = t.listingId = t.rentalId = 0;
        t.aggressor = HistoryPrint;
        m_newTrades.append(t);
    }
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the history could not be stored"));
    return trades.size();
}

Result<qsizetype> ExchangeEngine::recordHostedHistory(qint64 providerId, QList<Rental> rentals)
{
    advance();
    if (auto e = checkActor(providerId, {Role::Provider}))
        return *e;
    const qint64 now = m_clock.nowMs();
    for (const Rental &r : std::as_const(rentals)) {
        const auto l = m_listings.constFind(r.listingId);
        if (l == m_listings.cend() || l->providerId != providerId || r.gpus < 1
            || r.gpus > l->gpuCount || r.hours < 1 || r.hours > MaxHours
            || r.priceCents < MinPriceCents || r.priceCents > MaxPriceCents || r.startedMs < 0
            || r.startedMs + qint64(r.hours) * HourMs > now)
            return err(ErrorCode::InvalidArgument, QStringLiteral("not a valid past rental"));
    }
    std::stable_sort(rentals.begin(), rentals.end(),
                     [](const Rental &a, const Rental &b) { return a.startedMs < b.startedMs; });
    begin();
    for (Rental &r : rentals) {
        Listing &l = m_listings[r.listingId];
        r.id = ++m_lastRentalId;
        r.orderId = 0;
        r.customerId = 0;
        r.providerId = providerId;
        r.gpu = l.gpu;
        r.hoursBilled = r.hours;
        r.taxBp = 0;
        r.feeBp = m_feeBp;
        r.endedMs = r.startedMs + qint64(r.hours) * HourMs;
        r.state = RentalState::Ended;
        if (r.startedMs < l.createdMs) {
            l.createdMs = r.startedMs;
            touchListing(l);
        }
        const Cents earned = earnedSoFar(r);
        const Cents fee = hourSplit(r).platformFee * r.hours;
        m_now = r.endedMs;
        post(QStringLiteral("history"), r.id,
             QStringLiteral("%1 h of %2 x %3").arg(r.hours).arg(r.gpus).arg(r.gpu),
             {{providerId, Bucket::Earnings, earned},
              {Ledger::SystemAccount, Bucket::PlatformFees, fee},
              {Ledger::SystemAccount, Bucket::ExternalFunding, -(earned + fee)}});
        m_dirtyRentals.insert(r.id, r); // history: stored, not announced as a live change
    }
    m_now = now;
    if (!commit())
        return err(ErrorCode::Storage, QStringLiteral("the history could not be stored"));
    return rentals.size();
}

qint64 ExchangeEngine::lastActivityMs()
{
    return m_db.lastActivityMs();
}

} // namespace everx
