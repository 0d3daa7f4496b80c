// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// HashingPool: passwords verified on the pool's threads, the outcome delivered on the owner's
// thread, and a fixed bound on what may wait.

#include "engine/hashingpool.h"
#include "engine/passwordhasher.h"

#include <QtCore/QThread>
#include <QtTest/QtTest>

using namespace everx;

class TestHashingPool : public QObject
{
    Q_OBJECT

private slots:
    void verifiesOffTheCallingThread();
    void refusesBeyondItsBound();
    void dropsTheOutcomeForAGoneContext();
};

void TestHashingPool::verifiesOffTheCallingThread()
{
    HashingPool pool({2, 4});
    const QString encoded = PasswordHasher::hash(QStringLiteral("correct horse"), 12);
    QVERIFY(!encoded.isEmpty());
    QList<bool> outcomes;
    QList<QThread *> threads;
    for (const QString &password : {QStringLiteral("correct horse"), QStringLiteral("wrong")}) {
        QVERIFY(pool.verify(password, encoded, this, [&](bool verified) {
            outcomes.append(verified);
            threads.append(QThread::currentThread());
        }));
    }
    QCOMPARE(pool.pending(), 2);
    QVERIFY(outcomes.isEmpty()); // never called before the event loop runs
    QTRY_COMPARE_WITH_TIMEOUT(outcomes.size(), 2, 10'000);
    QCOMPARE(outcomes.count(true), 1);
    QCOMPARE(threads.count(QThread::currentThread()), 2);
    QCOMPARE(pool.pending(), 0);
}

void TestHashingPool::refusesBeyondItsBound()
{
    HashingPool pool({1, 2});
    QCOMPARE(pool.capacity(), 3);
    const QString encoded = PasswordHasher::hash(QStringLiteral("correct horse"), 14);
    int answered = 0;
    for (int i = 0; i < 3; ++i)
        QVERIFY(pool.verify(QStringLiteral("x"), encoded, this, [&](bool) { ++answered; }));
    QVERIFY(!pool.verify(QStringLiteral("x"), encoded, this, [&](bool) { ++answered; }));
    QTRY_COMPARE_WITH_TIMEOUT(answered, 3, 10'000);
    // Room again once they are done.
    QVERIFY(pool.verify(QStringLiteral("x"), encoded, this, [&](bool) { ++answered; }));
    QTRY_COMPARE_WITH_TIMEOUT(answered, 4, 10'000);
}

void TestHashingPool::dropsTheOutcomeForAGoneContext()
{
    HashingPool pool({1, 1});
    const QString encoded = PasswordHasher::hash(QStringLiteral("correct horse"), 10);
    auto context = std::make_unique<QObject>();
    bool called = false;
    QVERIFY(pool.verify(QStringLiteral("x"), encoded, context.get(), [&](bool) { called = true; }));
    context.reset();
    QTRY_COMPARE_WITH_TIMEOUT(pool.pending(), 0, 10'000);
    QVERIFY(!called);
}

QTEST_GUILESS_MAIN(TestHashingPool)
#include "tst_hashingpool.moc"
