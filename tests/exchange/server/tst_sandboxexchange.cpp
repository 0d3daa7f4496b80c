// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The sandbox's exchange, set up one way for the desk's embedded exchange and for everx-exchanged
// --sandbox: a first start prepares and runs the market on a clock of its own; a second start
// whose clock reads earlier than the database's last activity moves the clock past it instead of
// writing history backwards.

#include "server/sandboxexchange.h"

#include <QtCore/QDateTime>
#include <QtCore/QTemporaryDir>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

class TestSandboxExchange : public QObject
{
    Q_OBJECT

private slots:
    void firstStartPreparesAndRuns();
    void restartBehindTheDatabaseMovesTheClockForward();
    void databaseThatCannotOpenIsRefused();
};

namespace {
SandboxExchange::Options options(const QString &database, int timeScale = 60)
{
    SandboxExchange::Options o;
    o.service.engine.database.location = database;
    o.sandbox.backfillDays = 1; // keep the first start short
    o.sandbox.stepIntervalMs = 20;
    o.sandbox.timeScale = timeScale;
    return o;
}
} // namespace

void TestSandboxExchange::firstStartPreparesAndRuns()
{
    QTemporaryDir dir;
    SandboxExchange exchange;
    QString error;
    QList<std::pair<int, int>> progress;
    QVERIFY2(exchange.open(options(dir.filePath(QStringLiteral("sandbox.db"))), &error,
                           [&progress](int done, int total) {
                               progress.append({done, total});
                           }),
             qPrintable(error));
    QVERIFY(exchange.market() && exchange.market()->isPrepared());
    // Every part reported once, in order, ending at the total: accounts, funding, each GPU's
    // history, storing it, listings.
    const ExchangeEngine &engine = exchange.service().engine();
    const int total = 3 + int(engine.catalog().gpus().size()) + 1;
    QCOMPARE(progress.size(), total);
    for (qsizetype i = 0; i < progress.size(); ++i)
        QCOMPARE(progress[i], std::make_pair(int(i + 1), total));
    // Sandbox mode (auth.demo signs in as the demo customer), with the demo passwords hashed
    // cheaply.
    QVERIFY(exchange.service().options().sandbox);
    QCOMPARE(exchange.service().options().engine.passwordLog2N, SandboxPasswordLog2N);
    QVERIFY(engine.accountByEmail(Sandbox::demoEmail(Role::Customer)));
    QCOMPARE(engine.accountByEmail(Sandbox::demoEmail(Role::Customer))->id,
             exchange.market()->demoAccount(Role::Customer));
    // One clock: the exchange's runs the time scale faster than real time.
    const qint64 realBefore = QDateTime::currentMSecsSinceEpoch();
    const qint64 before = exchange.clock().nowMs();
    QTest::qWait(200);
    const qint64 realElapsed = QDateTime::currentMSecsSinceEpoch() - realBefore;
    QVERIFY(exchange.clock().nowMs() - before >= 60 * (realElapsed - 20));

    // Started: the simulation steps on its timer.
    QSignalSpy stepped(exchange.market(), &Sandbox::stepped);
    QVERIFY(stepped.wait(5000));
    exchange.close();
    QVERIFY(!exchange.market());
}

void TestSandboxExchange::restartBehindTheDatabaseMovesTheClockForward()
{
    QTemporaryDir dir;
    const QString database = dir.filePath(QStringLiteral("sandbox.db"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 last = 0;
    {
        // Ten hours a real second: the first run records activity well ahead of real time.
        SandboxExchange exchange;
        QVERIFY(exchange.open(options(database, 36'000)));
        QSignalSpy stepped(exchange.market(), &Sandbox::stepped);
        QTRY_VERIFY(exchange.clock().nowMs() > now + 2 * MarketRules::HourMs);
        QVERIFY(stepped.count() > 0 || stepped.wait(2000));
        last = exchange.service().engine().lastActivityMs();
    }
    QVERIFY(last > QDateTime::currentMSecsSinceEpoch() + MarketRules::HourMs);
    // The second run's clock starts at real time: behind what the database saw.
    SandboxExchange exchange;
    QString error;
    QList<std::pair<int, int>> progress;
    QVERIFY2(exchange.open(options(database), &error,
                           [&progress](int done, int total) {
                               progress.append({done, total});
                           }),
             qPrintable(error));
    QVERIFY2(exchange.clock().nowMs() > last,
             "the clock must continue after the database's last activity");
    // No history to backfill on a later start: accounts, funding, listings.
    QCOMPARE(progress, (QList<std::pair<int, int>> {{1, 3}, {2, 3}, {3, 3}}));
}

void TestSandboxExchange::databaseThatCannotOpenIsRefused()
{
    QTemporaryDir dir;
    QFile blocker(dir.filePath(QStringLiteral("file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    SandboxExchange exchange;
    QString error;
    // A folder that cannot exist: a file stands where it would be.
    QVERIFY(!exchange.open(options(dir.filePath(QStringLiteral("file/sandbox.db"))), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!exchange.market());
}

QTEST_GUILESS_MAIN(TestSandboxExchange)
#include "tst_sandboxexchange.moc"
