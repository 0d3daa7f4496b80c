// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The engine under a long seeded stream of random operations from many accounts, with the
// invariants of docs/architecture.md "Money and the ledger" checked after every single operation.

#include "fixtures/enginefixture.h"

#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;

class TestRandomized : public QObject
{
    Q_OBJECT

private slots:
    void invariantsHoldAfterEveryOperation_data();
    void invariantsHoldAfterEveryOperation();
};

void TestRandomized::invariantsHoldAfterEveryOperation_data()
{
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<int>("operations");
    // Seeds are fixed so that a failure can be replayed; EVERX_RANDOM_OPS raises the count.
    const int ops = qEnvironmentVariableIsSet("EVERX_RANDOM_OPS")
        ? qEnvironmentVariableIntValue("EVERX_RANDOM_OPS")
        : 100'000;
    QTest::newRow("seed 1") << quint32(1) << ops;
    QTest::newRow("seed 20261130") << quint32(20261130) << ops / 5;
}

void TestRandomized::invariantsHoldAfterEveryOperation()
{
    QFETCH(quint32, seed);
    QFETCH(int, operations);

    EngineFixture f;
    RandomTrader trader(f, seed);
    trader.setUp();
    QVERIFY(f.engine->checkInvariants().isEmpty());

    for (int i = 0; i < operations; ++i) {
        trader.step();
        const QStringList problems = f.engine->checkInvariants() + trader.placementProblems();
        if (!problems.isEmpty())
            QFAIL(qPrintable(QStringLiteral("after operation %1 (seed %2): %3")
                                 .arg(i + 1)
                                 .arg(seed)
                                 .arg(problems.mid(0, 5).join(QStringLiteral("; ")))));
        // The database agrees with memory: balances recomputed from the entries themselves.
        if ((i + 1) % 10'000 == 0) {
            const QHash<quint64, Cents> fromEntries = f.engine->database().balancesFromEntries();
            Cents sum = 0;
            for (auto it = fromEntries.cbegin(); it != fromEntries.cend(); ++it) {
                sum += it.value();
                QCOMPARE(it.value(), f.engine->ledger().balances().value(it.key()));
            }
            QCOMPARE(sum, Cents(0));
        }
    }
    QVERIFY2(trader.probeFailures().isEmpty(), qPrintable(trader.probeFailures().join(u'\n')));

    const auto &s = trader.stats();
    // The stream must have exercised the market, not just refused everything.
    QVERIFY2(s.trades > operations / 50,
             qPrintable(QStringLiteral("only %1 trades").arg(s.trades)));
    QVERIFY(s.accepted > operations / 2);
    QVERIFY(s.invalidProbes > 0);
    // Orders for one server or one cluster filled whole, and buy-nows found none.
    QVERIFY2(s.wholePlacements > operations / 500,
             qPrintable(QStringLiteral("only %1 whole placements").arg(s.wholePlacements)));
    QVERIFY(s.noPlacement > 0);

    qint64 bad = 0;
    const qint64 chained = f.engine->database().verifyChain(&bad);
    QVERIFY2(chained > 0, qPrintable(QStringLiteral("hash chain broken at entry %1").arg(bad)));
    QCOMPARE(chained, f.engine->ledger().lastEntryId());
    qInfo("seed %u: %lld ops, %lld accepted, %lld refused, %lld probes, %lld trades, %lld whole"
          " placements, %lld entries",
          seed, s.ops, s.accepted, s.refused, s.invalidProbes, s.trades, s.wholePlacements,
          chained);
}

QTEST_GUILESS_MAIN(TestRandomized)
#include "tst_randomized.moc"
