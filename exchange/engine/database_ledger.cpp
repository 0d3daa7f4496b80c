// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Database's ledger (docs/architecture.md "Money and the ledger"): entries and balances as
// stored, the walk that verifies the hash chain, its checkpoints, and the re-keying of an unkeyed
// chain.

#include "engine/database.h"
#include "engine/database_p.h"

#include <QtSql/QSqlError>

namespace everx {

using namespace DatabasePrivate;

namespace {

const QString EntryColumns = QStringLiteral(
    "id, tx_id, time_ms, account_id, bucket, amount_cents, kind, ref_id, memo, prev_hash, hash");

LedgerEntry readEntry(const QSqlQuery &q)
{
    LedgerEntry e;
    e.id = q.value(0).toLongLong();
    e.txId = q.value(1).toLongLong();
    e.timeMs = q.value(2).toLongLong();
    e.accountId = q.value(3).toLongLong();
    e.bucket = Bucket(q.value(4).toInt());
    e.amount = q.value(5).toLongLong();
    e.kind = q.value(6).toString();
    e.refId = q.value(7).toLongLong();
    e.memo = q.value(8).toString();
    e.prevHash = q.value(9).toString().toLatin1();
    e.hash = q.value(10).toString().toLatin1();
    return e;
}

} // namespace

QList<LedgerEntry> Database::entries(qint64 accountId, qint64 afterId, int limit)
{
    QList<LedgerEntry> out;
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM ledger_entries WHERE account_id = ? AND id > ?"
                             " ORDER BY id LIMIT ?")
                  .arg(EntryColumns));
    q.bindValue(0, accountId);
    q.bindValue(1, afterId);
    q.bindValue(2, limit);
    if (q.exec()) {
        while (q.next())
            out.append(readEntry(q));
    }
    return out;
}

QList<LedgerEntry> Database::entriesPage(qint64 accountId, const QString &kind, qint64 offset,
                                         int limit, qint64 *total)
{
    QList<LedgerEntry> out;
    readPage(EntryColumns, QStringLiteral("ledger_entries"),
             QStringLiteral("account_id = ? AND (kind = ? OR ? = '')"),
             {accountId, text(kind), text(kind)}, QStringLiteral("id DESC"), offset, limit, total,
             [&out](const QSqlQuery &q) { out.append(readEntry(q)); });
    return out;
}

std::optional<QByteArray> Database::hashBefore(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT hash FROM ledger_entries WHERE id < ? ORDER BY id DESC"
                             " LIMIT 1"));
    q.bindValue(0, id);
    if (!exec(q))
        return std::nullopt;
    if (q.next())
        return q.value(0).toString().toLatin1();
    return Ledger::genesisHash();
}

qint64 Database::verifyChain(qint64 *badEntry)
{
    const ChainWalk walk = walkChain(0, Ledger::genesisHash());
    if (walk.failed || walk.badEntry != 0) {
        if (badEntry)
            *badEntry = walk.badEntry;
        return -1;
    }
    return walk.count;
}

Database::ChainWalk Database::walkChain(qint64 afterId, const QByteArray &prevHash, int format)
{
    ChainWalk walk;
    walk.lastEntryId = afterId;
    walk.lastHash = prevHash;
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT %1 FROM ledger_entries WHERE id > ? ORDER BY id").arg(EntryColumns));
    q.bindValue(0, afterId);
    if (!q.exec()) {
        walk.failed = true;
        walk.problem = q.lastError().text();
        return walk;
    }
    while (q.next()) {
        const LedgerEntry e = readEntry(q);
        if (e.prevHash != walk.lastHash) {
            walk.badEntry = e.id;
            walk.problem = walk.lastEntryId == 0
                ? QStringLiteral("entry %1 does not link to the start of the chain").arg(e.id)
                : QStringLiteral("entry %1 does not link to entry %2 (an entry was altered,"
                                 " removed or inserted between them)")
                      .arg(e.id)
                      .arg(walk.lastEntryId);
            return walk;
        }
        const QByteArray expected = format == UnkeyedChain
            ? Ledger::unkeyedEntryHash(walk.lastHash, e)
            : Ledger::entryHash(m_key, walk.lastHash, e);
        if (expected != e.hash) {
            walk.badEntry = e.id;
            walk.problem = QStringLiteral("entry %1 does not verify: it was altered, or the"
                                          " chain was keyed with another key")
                               .arg(e.id);
            return walk;
        }
        walk.lastEntryId = e.id;
        walk.lastHash = e.hash;
        ++walk.count;
    }
    return walk;
}

std::optional<LedgerEntry> Database::entry(qint64 id)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("SELECT %1 FROM ledger_entries WHERE id = ?").arg(EntryColumns));
    q.bindValue(0, id);
    if (q.exec() && q.next())
        return readEntry(q);
    return std::nullopt;
}

QHash<quint64, Cents> Database::storedBalances()
{
    QHash<quint64, Cents> out;
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT account_id, bucket, amount_cents FROM balances"))) {
        while (q.next())
            out.insert(Ledger::key(q.value(0).toLongLong(), Bucket(q.value(1).toInt())),
                       q.value(2).toLongLong());
    }
    return out;
}

qint64 Database::firstUnbalancedEntry()
{
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT MIN(id) FROM ledger_entries WHERE tx_id = (SELECT MIN(tx_id)"
                              " FROM (SELECT tx_id FROM ledger_entries GROUP BY tx_id HAVING"
                              " SUM(amount_cents) <> 0) AS unbalanced)"))
        && q.next())
        return q.value(0).toLongLong();
    return 0;
}

int Database::chainFormat()
{
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT format FROM ledger_chain")) && q.next())
        return q.value(0).toInt();
    return 0;
}

std::optional<Database::Checkpoint> Database::lastCheckpoint()
{
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT entry_id, hash, mac, verified_ms FROM ledger_checkpoints"
                              " ORDER BY entry_id DESC LIMIT 1"))
        && q.next())
        return Checkpoint {q.value(0).toLongLong(), q.value(1).toString().toLatin1(),
                           q.value(2).toString().toLatin1(), q.value(3).toLongLong()};
    return std::nullopt;
}

bool Database::insertCheckpoint(const Checkpoint &c)
{
    QSqlQuery q(connection());
    q.prepare(QStringLiteral("INSERT INTO ledger_checkpoints (entry_id, hash, mac, verified_ms)"
                             " VALUES (?, ?, ?, ?) ON CONFLICT (entry_id) DO NOTHING"));
    q.bindValue(0, c.entryId);
    q.bindValue(1, QString::fromLatin1(c.hash));
    q.bindValue(2, QString::fromLatin1(c.mac));
    q.bindValue(3, c.verifiedMs);
    return exec(q);
}

bool Database::rekeyChain(QString *problem)
{
    QSqlDatabase db = connection();
    const ChainWalk walk = walkChain(0, Ledger::genesisHash(), UnkeyedChain);
    if (walk.failed || walk.badEntry != 0) {
        if (problem)
            *problem =
                QStringLiteral("the unkeyed chain does not verify, so it is not re-keyed: %1")
                    .arg(walk.problem);
        return false;
    }
    if (!db.transaction()) {
        if (problem)
            *problem = db.lastError().text();
        return false;
    }
    QSqlQuery read(db);
    read.setForwardOnly(true);
    bool ok =
        read.exec(QStringLiteral("SELECT %1 FROM ledger_entries ORDER BY id").arg(EntryColumns));
    QList<LedgerEntry> all;
    while (ok && read.next())
        all.append(readEntry(read));
    read = QSqlQuery(db);
    QSqlQuery update(db);
    update.prepare(
        QStringLiteral("UPDATE ledger_entries SET prev_hash = ?, hash = ? WHERE id = ?"));
    QByteArray prev = Ledger::genesisHash();
    for (LedgerEntry &e : all) {
        if (!ok)
            break;
        e.prevHash = prev;
        e.hash = Ledger::entryHash(m_key, prev, e);
        update.bindValue(0, QString::fromLatin1(e.prevHash));
        update.bindValue(1, QString::fromLatin1(e.hash));
        update.bindValue(2, e.id);
        ok = exec(update);
        prev = e.hash;
    }
    QSqlQuery format(db);
    ok = ok && format.exec(QStringLiteral("UPDATE ledger_chain SET format = %1").arg(KeyedChain));
    ok = ok && format.exec(QStringLiteral("DELETE FROM ledger_checkpoints"));
    if (!ok || !db.commit()) {
        if (problem)
            *problem = m_lastError.isEmpty() ? db.lastError().text() : m_lastError;
        db.rollback();
        return false;
    }
    qCInfo(lcDatabase) << "re-keyed the ledger chain:" << all.size() << "entries";
    return true;
}

QHash<quint64, Cents> Database::balancesFromEntries()
{
    QHash<quint64, Cents> out;
    QSqlQuery q(connection());
    if (q.exec(QStringLiteral("SELECT account_id, bucket, SUM(amount_cents) FROM ledger_entries"
                              " GROUP BY account_id, bucket"))) {
        while (q.next())
            out.insert(Ledger::key(q.value(0).toLongLong(), Bucket(q.value(1).toInt())),
                       q.value(2).toLongLong());
    }
    return out;
}

} // namespace everx
