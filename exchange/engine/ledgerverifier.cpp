// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/ledgerverifier.h"

#include "engine/ledger.h"
#include "market/marketrules.h"

#include <QtCore/QLoggingCategory>
#include <QtCore/QMap>

#include <algorithm>

namespace everx {

Q_LOGGING_CATEGORY(lcVerifier, "everx.exchange.ledger")

namespace {

QString bucketName(Bucket bucket)
{
    switch (bucket) {
    case Bucket::Available:
        return QStringLiteral("available");
    case Bucket::Held:
        return QStringLiteral("held");
    case Bucket::Earnings:
        return QStringLiteral("earnings");
    case Bucket::PayoutPending:
        return QStringLiteral("payout pending");
    case Bucket::ExternalFunding:
        return QStringLiteral("external funding");
    case Bucket::PlatformFees:
        return QStringLiteral("platform fees");
    case Bucket::TaxPayable:
        return QStringLiteral("tax payable");
    case Bucket::Adjustments:
        return QStringLiteral("adjustments");
    case Bucket::Payouts:
        return QStringLiteral("payouts");
    }
    return QString::number(int(bucket));
}

LedgerReport refused(LedgerReport report, const QString &problem)
{
    report.ok = false;
    report.problem = problem;
    return report;
}

} // namespace

LedgerReport LedgerVerifier::verify(Database &db, bool full)
{
    LedgerReport report;
    const int format = db.chainFormat();
    if (format != Database::KeyedChain)
        return refused(report,
                       QStringLiteral("the ledger's chain is in the unkeyed format %1 of earlier"
                                      " versions; run everx-exchanged --rekey-ledger once to"
                                      " verify it and key it")
                           .arg(format));

    // 1. The chain, from a checkpoint whose seal verifies.
    qint64 after = 0;
    QByteArray prev = Ledger::genesisHash();
    if (!full) {
        if (const std::optional<Database::Checkpoint> cp = db.lastCheckpoint()) {
            // Sealed with the key; a checkpoint that does not verify (forged, or another key) is
            // no reason to trust anything: check the whole chain instead.
            if (cp->mac == Ledger::checkpointMac(db.ledgerKey(), cp->entryId, cp->hash)) {
                const std::optional<LedgerEntry> at = db.entry(cp->entryId);
                if (!at) {
                    report.badEntry = cp->entryId;
                    return refused(report,
                                   QStringLiteral("entry %1, verified at a checkpoint, is missing")
                                       .arg(cp->entryId));
                }
                // The entry itself too: the walk below starts after it.
                if (at->hash != cp->hash
                    || Ledger::entryHash(db.ledgerKey(), at->prevHash, *at) != cp->hash) {
                    report.badEntry = cp->entryId;
                    return refused(report,
                                   QStringLiteral("entry %1 changed since it was verified at a"
                                                  " checkpoint")
                                       .arg(cp->entryId));
                }
                after = cp->entryId;
                prev = cp->hash;
                report.fromCheckpoint = true;
            } else {
                qCWarning(lcVerifier) << "the checkpoint at entry" << cp->entryId
                                      << "does not verify with this key; checking the whole chain";
            }
        }
    }
    const Database::ChainWalk walk = db.walkChain(after, prev);
    report.entries = walk.count;
    report.firstChecked = walk.count > 0 || walk.badEntry ? after + 1 : 0;
    report.lastEntryId = walk.lastEntryId;
    report.lastHash = walk.lastHash;
    if (walk.failed)
        return refused(report,
                       QStringLiteral("the ledger could not be read: %1").arg(walk.problem));
    if (walk.badEntry != 0) {
        report.badEntry = walk.badEntry;
        return refused(report, walk.problem);
    }

    // 2. Every transaction balances (this names an altered amount before any balance does).
    if (const qint64 unbalanced = db.firstUnbalancedEntry(); unbalanced != 0) {
        report.badEntry = unbalanced;
        return refused(report,
                       QStringLiteral("entry %1 belongs to a transaction whose entries do not sum"
                                      " to zero")
                           .arg(unbalanced));
    }

    // 3. Stored balances against their entries, in account order so that the first is named.
    const QHash<quint64, Cents> fromEntries = db.balancesFromEntries();
    const QHash<quint64, Cents> stored = db.storedBalances();
    QList<quint64> keys = fromEntries.keys();
    for (auto it = stored.cbegin(); it != stored.cend(); ++it) {
        if (!fromEntries.contains(it.key()))
            keys.append(it.key());
    }
    std::sort(keys.begin(), keys.end());
    Cents total = 0;
    for (const quint64 key : std::as_const(keys)) {
        const Cents expected = fromEntries.value(key, 0);
        total += expected;
        const auto it = stored.constFind(key);
        if (it == stored.cend() || it.value() != expected) {
            report.badAccount = Ledger::accountOf(key);
            return refused(report,
                           QStringLiteral("account %1: the %2 balance is %3 cents but its entries"
                                          " make %4")
                               .arg(Ledger::accountOf(key))
                               .arg(bucketName(Ledger::bucketOf(key)))
                               .arg(it == stored.cend() ? QStringLiteral("missing")
                                                        : QString::number(it.value()))
                               .arg(expected));
        }
        if (Ledger::accountOf(key) != Ledger::SystemAccount && expected < 0) {
            report.badAccount = Ledger::accountOf(key);
            return refused(report,
                           QStringLiteral("account %1: the %2 balance is negative (%3)")
                               .arg(Ledger::accountOf(key))
                               .arg(bucketName(Ledger::bucketOf(key)))
                               .arg(expected));
        }
    }
    if (total != 0)
        return refused(report, QStringLiteral("the ledger sums to %1 cents, not 0").arg(total));

    // 4. Holds: what open bids and unbilled rental hours keep, per account.
    QHash<qint64, Cents> expectedHeld;
    const QList<BidOrder> orders = db.openOrders();
    for (const BidOrder &o : orders) {
        const Cents hold = MarketRules::bidHold(o.remaining, o.hours, o.limitCents, o.taxBp);
        if (o.heldCents != hold) {
            report.badAccount = o.accountId;
            return refused(report,
                           QStringLiteral("account %1: open order %2 holds %3 cents but"
                                          " %4 GPUs for %5 h at %6 cents make %7")
                               .arg(o.accountId)
                               .arg(o.id)
                               .arg(o.heldCents)
                               .arg(o.remaining)
                               .arg(o.hours)
                               .arg(o.limitCents)
                               .arg(hold));
        }
        expectedHeld[o.accountId] += hold;
    }
    const QList<Rental> rentals = db.runningRentals();
    for (const Rental &r : rentals)
        expectedHeld[r.customerId] += MarketRules::unbilledRemainder(r);
    QList<qint64> accounts = expectedHeld.keys();
    for (const quint64 key : std::as_const(keys)) {
        if (Ledger::bucketOf(key) == Bucket::Held && !expectedHeld.contains(Ledger::accountOf(key)))
            accounts.append(Ledger::accountOf(key));
    }
    std::sort(accounts.begin(), accounts.end());
    for (const qint64 account : std::as_const(accounts)) {
        const Cents held = fromEntries.value(Ledger::key(account, Bucket::Held), 0);
        const Cents expected = expectedHeld.value(account, 0);
        if (held != expected) {
            report.badAccount = account;
            return refused(report,
                           QStringLiteral("account %1 holds %2 cents, but its open bids"
                                          " and unbilled rental hours make %3")
                               .arg(account)
                               .arg(held)
                               .arg(expected));
        }
    }

    // 5. Payouts: what each provider's payout pending bucket holds is its requested payouts.
    const QHash<qint64, Cents> requested = db.requestedPayoutTotals();
    QList<qint64> providers = requested.keys();
    for (const quint64 key : std::as_const(keys)) {
        if (Ledger::bucketOf(key) == Bucket::PayoutPending
            && !requested.contains(Ledger::accountOf(key)))
            providers.append(Ledger::accountOf(key));
    }
    std::sort(providers.begin(), providers.end());
    for (const qint64 account : std::as_const(providers)) {
        const Cents pending = fromEntries.value(Ledger::key(account, Bucket::PayoutPending), 0);
        if (pending != requested.value(account, 0)) {
            report.badAccount = account;
            return refused(report,
                           QStringLiteral("account %1 has %2 cents of payouts pending, but its"
                                          " requested payouts make %3")
                               .arg(account)
                               .arg(pending)
                               .arg(requested.value(account, 0)));
        }
    }
    report.ok = true;
    return report;
}

LedgerReport LedgerVerifier::verifyDatabase(Database::Options options, const QByteArray &key)
{
    options.readOnly = true;
    Database db;
    QString error;
    if (!db.open(options, &error))
        return refused({}, QStringLiteral("the ledger could not be read: %1").arg(error));
    db.setLedgerKey(key);
    if (!db.beginSnapshot())
        return refused({}, QStringLiteral("the ledger could not be read: %1").arg(db.lastError()));
    const LedgerReport report = verify(db, true);
    db.rollback();
    return report;
}

LedgerReport LedgerVerifier::verifyAccount(Database &db, qint64 accountId)
{
    LedgerReport report;
    const int format = db.chainFormat();
    qint64 after = 0;
    QMap<Bucket, Cents>
        sums; // ordered, so that the first wrong bucket is named the same way each time
    for (;;) {
        const QList<LedgerEntry> page = db.entries(accountId, after, 1000);
        for (const LedgerEntry &e : page) {
            const std::optional<QByteArray> prev = db.hashBefore(e.id);
            if (!prev)
                return refused(
                    report, QStringLiteral("the ledger could not be read: %1").arg(db.lastError()));
            if (*prev != e.prevHash) {
                report.badEntry = e.id;
                return refused(report,
                               QStringLiteral("entry %1 does not link to the entry before it (an"
                                              " entry was altered, removed or inserted)")
                                   .arg(e.id));
            }
            const QByteArray expected = format == Database::UnkeyedChain
                ? Ledger::unkeyedEntryHash(e.prevHash, e)
                : Ledger::entryHash(db.ledgerKey(), e.prevHash, e);
            if (expected != e.hash) {
                report.badEntry = e.id;
                return refused(report,
                               QStringLiteral("entry %1 does not verify: it was altered,"
                                              " or the chain was keyed with another key")
                                   .arg(e.id));
            }
            if (report.firstChecked == 0)
                report.firstChecked = e.id;
            report.lastEntryId = e.id;
            report.lastHash = e.hash;
            ++report.entries;
            sums[e.bucket] += e.amount;
        }
        if (page.size() < 1000)
            break;
        after = page.last().id;
    }
    const QHash<quint64, Cents> stored = db.storedBalances();
    for (auto it = stored.cbegin(); it != stored.cend(); ++it) {
        if (Ledger::accountOf(it.key()) == accountId && !sums.contains(Ledger::bucketOf(it.key())))
            sums.insert(Ledger::bucketOf(it.key()), 0);
    }
    for (auto it = sums.cbegin(); it != sums.cend(); ++it) {
        const Cents have = stored.value(Ledger::key(accountId, it.key()), 0);
        if (have != it.value()) {
            report.badAccount = accountId;
            return refused(report,
                           QStringLiteral("account %1: the %2 balance is %3 cents but its"
                                          " entries make %4")
                               .arg(accountId)
                               .arg(bucketName(it.key()))
                               .arg(have)
                               .arg(it.value()));
        }
    }
    report.ok = true;
    return report;
}

} // namespace everx
