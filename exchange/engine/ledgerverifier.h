// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/database.h"

#include <QtCore/QString>

#include <optional>

namespace everx {

// What a verification of the ledger found: how far the chain was checked and, on a mismatch, the
// first bad entry or account and one sentence for the operator.
struct LedgerReport
{
    bool ok = false;
    qint64 entries = 0; // entries whose link and MAC were checked
    qint64 firstChecked = 0; // the first of them (after the checkpoint); 0 if none
    qint64 lastEntryId = 0; // the chain's head as verified
    QByteArray lastHash;
    bool fromCheckpoint = false; // the chain was checked from a checkpoint, not from the start
    qint64 badEntry = 0; // the first entry that does not verify (0: none named)
    std::optional<qint64> badAccount; // the first account whose balance or hold is wrong
    QString problem; // empty when ok
};

// Checks the ledger as stored, through one Database (the engine's at start, or a read-only
// connection of its own for a verification beside a running engine):
//  1. the chain: every entry's link to the one before and its HMAC with the key, from the last
//     checkpoint whose seal verifies (or from the first entry: full);
//  2. every transaction sums to zero;
//  3. every stored balance equals the sum of its entries, and every entry's (account, bucket)
//     has its balance;
//  4. every open bid holds bidHold() of what remains, and each account's held balance equals
//     its open bids plus the unbilled hours of its running rentals; no account's balance in any
//     bucket is negative (available, held, earnings, payout pending);
//  5. each provider's payout pending balance equals the sum of its requested payouts.
// Balances and holds are always recomputed from every entry; only the chain's MACs start at
// the checkpoint. Threading: the Database's thread.
class LedgerVerifier final
{
public:
    LedgerVerifier() = delete;

    static LedgerReport verify(Database &db, bool full);
    // A full verification on a read-only connection of its own, in one read snapshot, so that
    // it runs on any thread beside the engine that writes the same database (not for
    // ":memory:", which no other connection sees).
    static LedgerReport verifyDatabase(Database::Options options, const QByteArray &key);
    // One account's part of the ledger, for support's inspector, by the same rules: each of its
    // entries links to the entry before it in the chain and verifies with the key (rule 1, for
    // these entries only), and each of its stored balances equals the sum of its entries
    // (rule 3). O(its entries); on the Database's thread.
    static LedgerReport verifyAccount(Database &db, qint64 accountId);
};

} // namespace everx
