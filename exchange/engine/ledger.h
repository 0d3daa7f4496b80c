// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"

#include <QtCore/QByteArray>
#include <QtCore/QHash>
#include <QtCore/QList>
#include <QtCore/QString>

namespace everx {

struct LedgerLine
{
    qint64 accountId = 0;
    Bucket bucket = Bucket::Available;
    Cents amount = 0;
};

// In-memory double-entry ledger: balances per (account, bucket), and the keyed hash chain.
// post() refuses a transaction whose lines do not sum to zero. Entries posted are kept as
// pending until the engine takes them to write them in the same database transaction as the
// operation that posted them.
class Ledger final
{
public:
    static constexpr qint64 SystemAccount = 0;

    Ledger();

    // The chain's key (LedgerKey): every entry posted from now on is chained with it.
    void setKey(const QByteArray &key) { m_key = key; }

    // Posts one balanced transaction; returns false (and changes nothing) if the lines do not
    // sum to zero or are empty. Zero-amount lines are dropped.
    bool post(qint64 timeMs, const QString &kind, qint64 refId, const QString &memo,
              const QList<LedgerLine> &lines);

    Cents balance(qint64 accountId, Bucket bucket) const
    {
        return m_balances.value(key(accountId, bucket), 0);
    }
    // Sum over every (account, bucket): zero whenever every transaction balanced.
    Cents total() const;
    // Sum of one bucket over every account.
    Cents bucketTotal(Bucket bucket) const;
    const QHash<quint64, Cents> &balances() const { return m_balances; }

    QList<LedgerEntry> takePending();
    qsizetype pendingCount() const { return m_pending.size(); }

    // Restores the state read back from the database.
    void restore(const QHash<quint64, Cents> &balances, qint64 lastEntryId, qint64 lastTxId,
                 const QByteArray &lastHash);
    void clear();

    qint64 lastEntryId() const { return m_lastEntryId; }
    QByteArray lastHash() const { return m_lastHash; }

    static quint64 key(qint64 accountId, Bucket bucket)
    {
        return (quint64(accountId) << 8) | quint64(bucket);
    }
    static qint64 accountOf(quint64 key) { return qint64(key >> 8); }
    static Bucket bucketOf(quint64 key) { return Bucket(key & 0xFF); }

    // HMAC-SHA256 (hex) with the ledger key over the previous hash and the entry's canonical
    // text: the chain lets support verify that history was not altered, and without the key
    // (kept outside the database) nobody can recompute it after altering an entry.
    static QByteArray entryHash(const QByteArray &key, const QByteArray &prevHash,
                                const LedgerEntry &entry);
    // The chain of databases from before the key (chain format 1): plain SHA-256, which anyone
    // can recompute. Read only to verify such a chain once before keying it.
    static QByteArray unkeyedEntryHash(const QByteArray &prevHash, const LedgerEntry &entry);
    // What a verified checkpoint stores beside the entry's id and hash, so that a checkpoint
    // cannot be forged to skip the verification of what follows it.
    static QByteArray checkpointMac(const QByteArray &key, qint64 entryId, const QByteArray &hash);
    static QByteArray genesisHash() { return QByteArray(64, '0'); }

private:
    QHash<quint64, Cents> m_balances;
    QList<LedgerEntry> m_pending;
    qint64 m_lastEntryId = 0;
    qint64 m_lastTxId = 0;
    QByteArray m_lastHash;
    QByteArray m_key;
};

} // namespace everx
