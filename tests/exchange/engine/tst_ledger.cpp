// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The double-entry ledger: balanced transactions only, and a keyed hash chain that exposes edits.

#include "engine/ledger.h"

#include <QtCore/QMessageAuthenticationCode>
#include <QtTest/QTest>

using namespace everx;

class TestLedger : public QObject
{
    Q_OBJECT

private slots:
    void refusesUnbalancedTransactions_data();
    void refusesUnbalancedTransactions();
    void postsBalancedTransaction();
    void chainLinksEveryEntry();
    void hashCoversEveryField_data();
    void hashCoversEveryField();
    void restoreContinuesTheChain();
    void chainIsAnHmacWithTheKey();
    void checkpointIsSealedWithTheKey();
};

namespace {
const QByteArray Key(32, 'k');
}

void TestLedger::refusesUnbalancedTransactions_data()
{
    QTest::addColumn<QList<Cents>>("amounts");
    QTest::newRow("one cent off") << QList<Cents> {1000, -999};
    QTest::newRow("single line") << QList<Cents> {5};
    QTest::newRow("empty") << QList<Cents> {};
    QTest::newRow("all zero") << QList<Cents> {0, 0};
    QTest::newRow("three lines off") << QList<Cents> {100, 200, -299};
}

void TestLedger::refusesUnbalancedTransactions()
{
    QFETCH(QList<Cents>, amounts);
    Ledger ledger;
    QVERIFY(ledger.post(1, QStringLiteral("topup"), 1, {},
                        {{1, Bucket::Available, 500}, {0, Bucket::ExternalFunding, -500}}));
    ledger.takePending();
    const auto balancesBefore = ledger.balances();
    const QByteArray hashBefore = ledger.lastHash();
    QList<LedgerLine> lines;
    for (qsizetype i = 0; i < amounts.size(); ++i)
        lines.append({qint64(i + 1), Bucket::Available, amounts[i]});
    QVERIFY(!ledger.post(2, QStringLiteral("bad"), 2, {}, lines));
    QCOMPARE(ledger.balances(), balancesBefore);
    QCOMPARE(ledger.lastHash(), hashBefore);
    QCOMPARE(ledger.pendingCount(), 0);
}

void TestLedger::postsBalancedTransaction()
{
    Ledger ledger;
    QVERIFY(ledger.post(10, QStringLiteral("capture"), 7, QStringLiteral("hour 1 of 3"),
                        {{1, Bucket::Held, -714},
                         {2, Bucket::Available, 540},
                         {0, Bucket::PlatformFees, 60},
                         {0, Bucket::TaxPayable, 114},
                         {3, Bucket::Available, 0}}));
    QCOMPARE(ledger.total(), Cents(0));
    QCOMPARE(ledger.balance(1, Bucket::Held), Cents(-714));
    QCOMPARE(ledger.balance(2, Bucket::Available), Cents(540));
    QCOMPARE(ledger.bucketTotal(Bucket::TaxPayable), Cents(114));
    const QList<LedgerEntry> entries = ledger.takePending();
    QCOMPARE(entries.size(), 4); // the zero line is dropped
    for (const LedgerEntry &e : entries) {
        QCOMPARE(e.txId, entries.first().txId);
        QCOMPARE(e.kind, QStringLiteral("capture"));
        QCOMPARE(e.refId, qint64(7));
        QCOMPARE(e.timeMs, qint64(10));
    }
    QCOMPARE(ledger.pendingCount(), 0);
}

void TestLedger::chainLinksEveryEntry()
{
    Ledger ledger;
    ledger.setKey(Key);
    for (int i = 0; i < 5; ++i)
        QVERIFY(
            ledger.post(i, QStringLiteral("topup"), i, {},
                        {{1, Bucket::Available, 100 + i}, {0, Bucket::ExternalFunding, -100 - i}}));
    const QList<LedgerEntry> entries = ledger.takePending();
    QCOMPARE(entries.size(), 10);
    QByteArray prev = Ledger::genesisHash();
    for (const LedgerEntry &e : entries) {
        QCOMPARE(e.prevHash, prev);
        QCOMPARE(e.hash, Ledger::entryHash(Key, prev, e));
        QCOMPARE(e.hash.size(), 64);
        prev = e.hash;
    }
    QCOMPARE(ledger.lastHash(), prev);
    QCOMPARE(ledger.lastEntryId(), qint64(10));
}

void TestLedger::hashCoversEveryField_data()
{
    QTest::addColumn<int>("field");
    for (int i = 0; i < 9; ++i)
        QTest::addRow("field %d", i) << i;
}

void TestLedger::hashCoversEveryField()
{
    QFETCH(int, field);
    LedgerEntry e {42,
                   7,
                   1000,
                   3,
                   Bucket::Held,
                   -714,
                   QStringLiteral("capture"),
                   9,
                   QStringLiteral("hour 1"),
                   Ledger::genesisHash(),
                   {}};
    const QByteArray original = Ledger::entryHash(Key, e.prevHash, e);
    switch (field) {
    case 0:
        e.id += 1;
        break;
    case 1:
        e.txId += 1;
        break;
    case 2:
        e.timeMs += 1;
        break;
    case 3:
        e.accountId += 1;
        break;
    case 4:
        e.bucket = Bucket::Available;
        break;
    case 5:
        e.amount += 1;
        break;
    case 6:
        e.kind = QStringLiteral("release");
        break;
    case 7:
        e.refId += 1;
        break;
    default:
        e.memo = QStringLiteral("hour 2");
        break;
    }
    QVERIFY(Ledger::entryHash(Key, e.prevHash, e) != original);
    QVERIFY(Ledger::entryHash(Key, QByteArray(64, 'f'), e)
            != Ledger::entryHash(Key, e.prevHash, e));
}

void TestLedger::restoreContinuesTheChain()
{
    Ledger a;
    a.setKey(Key);
    QVERIFY(a.post(1, QStringLiteral("topup"), 1, {},
                   {{1, Bucket::Available, 500}, {0, Bucket::ExternalFunding, -500}}));
    a.takePending();
    Ledger b;
    b.setKey(Key);
    b.restore(a.balances(), a.lastEntryId(), 1, a.lastHash());
    QVERIFY(a.post(2, QStringLiteral("topup"), 1, {},
                   {{1, Bucket::Available, 70}, {0, Bucket::ExternalFunding, -70}}));
    QVERIFY(b.post(2, QStringLiteral("topup"), 1, {},
                   {{1, Bucket::Available, 70}, {0, Bucket::ExternalFunding, -70}}));
    const QList<LedgerEntry> ea = a.takePending(), eb = b.takePending();
    QCOMPARE(eb.size(), ea.size());
    for (qsizetype i = 0; i < ea.size(); ++i) {
        QCOMPARE(eb[i].id, ea[i].id);
        QCOMPARE(eb[i].hash, ea[i].hash);
    }
    QCOMPARE(b.balance(1, Bucket::Available), Cents(570));
}

void TestLedger::chainIsAnHmacWithTheKey()
{
    // Whoever can write the database but lacks the key cannot recompute a link: the hash is
    // HMAC-SHA256 keyed with it, not a plain SHA-256 anyone can redo.
    Ledger ledger;
    ledger.setKey(Key);
    QVERIFY(ledger.post(5, QStringLiteral("topup"), 1, QStringLiteral("memo"),
                        {{1, Bucket::Available, 500}, {0, Bucket::ExternalFunding, -500}}));
    const LedgerEntry e = ledger.takePending().constFirst();
    const QByteArray text = "1|1|5|1|0|500|topup|1|4:memo";
    QCOMPARE(e.hash,
             QMessageAuthenticationCode::hash(Ledger::genesisHash() + text, Key,
                                              QCryptographicHash::Sha256)
                 .toHex());
    QVERIFY(e.hash != Ledger::unkeyedEntryHash(e.prevHash, e));
    QVERIFY(e.hash != Ledger::entryHash(QByteArray(32, 'x'), e.prevHash, e));
    QCOMPARE(
        Ledger::unkeyedEntryHash(e.prevHash, e),
        QCryptographicHash::hash(Ledger::genesisHash() + text, QCryptographicHash::Sha256).toHex());

    // Negative numbers, 64-bit fields and a memo whose UTF-8 is longer than its characters: the
    // length before the memo counts its bytes. Stored chains are verified against this text.
    const QString memo = QStringLiteral("\u00f6deme \u20ac"); // "ödeme €", 10 bytes
    const LedgerEntry wide {9'000'000'000'001,
                            77,
                            1'795'996'800'000,
                            12,
                            Bucket::Payouts,
                            -123'456,
                            QStringLiteral("payout"),
                            -1,
                            memo,
                            QByteArray(64, 'c'),
                            {}};
    const QByteArray wideText =
        "9000000000001|77|1795996800000|12|14|-123456|payout|-1|10:" + memo.toUtf8();
    QCOMPARE(
        Ledger::entryHash(Key, wide.prevHash, wide),
        QMessageAuthenticationCode::hash(wide.prevHash + wideText, Key, QCryptographicHash::Sha256)
            .toHex());
    QCOMPARE(
        Ledger::unkeyedEntryHash(wide.prevHash, wide),
        QCryptographicHash::hash(wide.prevHash + wideText, QCryptographicHash::Sha256).toHex());
}

void TestLedger::checkpointIsSealedWithTheKey()
{
    const QByteArray hash(64, 'a');
    const QByteArray mac = Ledger::checkpointMac(Key, 10, hash);
    QCOMPARE(mac.size(), 64);
    QVERIFY(mac != Ledger::checkpointMac(Key, 11, hash));
    QVERIFY(mac != Ledger::checkpointMac(Key, 10, QByteArray(64, 'b')));
    QVERIFY(mac != Ledger::checkpointMac(QByteArray(32, 'x'), 10, hash));
    // Against Qt's own HMAC, with the key changing between calls (each thread keeps a context
    // keyed with the last key it saw).
    const auto expected = [&hash](const QByteArray &key, qint64 id) {
        return QMessageAuthenticationCode::hash("checkpoint|" + QByteArray::number(id) + '|' + hash,
                                                key, QCryptographicHash::Sha256)
            .toHex();
    };
    // A key longer than a block (64 bytes) is hashed first; one of a block exactly is not.
    const QByteArray other(20, 'o'), longKey(100, 'L'), block(64, 'B'), pastBlock(65, 'P');
    for (int round = 0; round < 2; ++round) {
        QCOMPARE(Ledger::checkpointMac(Key, 10, hash), expected(Key, 10));
        QCOMPARE(Ledger::checkpointMac(other, 10, hash), expected(other, 10));
        QCOMPARE(Ledger::checkpointMac(longKey, 12, hash), expected(longKey, 12));
        QCOMPARE(Ledger::checkpointMac(block, 13, hash), expected(block, 13));
        QCOMPARE(Ledger::checkpointMac(pastBlock, 14, hash), expected(pastBlock, 14));
    }
    QCOMPARE(mac, expected(Key, 10));
}

QTEST_GUILESS_MAIN(TestLedger)
#include "tst_ledger.moc"
