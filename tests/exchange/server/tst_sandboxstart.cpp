// The sandbox's start-up, shared by the desk's embedded exchange and everx-exchanged --sandbox:
// a first start prepares and runs the market; a second start on a clock that reads earlier than
// the database's last activity moves the clock past it instead of writing history backwards.

#include "server/exchangeservice.h"
#include "server/sandboxstart.h"

#include "engine/clock.h"

#include <QtCore/QDateTime>
#include <QtCore/QTemporaryDir>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

class TestSandboxStart : public QObject
{
    Q_OBJECT

private slots:
    void firstStartPreparesAndRuns();
    void restartBehindTheDatabaseMovesTheClockForward();
    void closedServiceIsRefused();
};

namespace {
ExchangeService::Options serviceOptions(const QTemporaryDir &dir)
{
    ExchangeService::Options o;
    o.sandbox = true;
    o.engine.database.location = dir.filePath(QStringLiteral("sandbox.db"));
    o.engine.passwordLog2N = SandboxPasswordLog2N;
    return o;
}

SandboxOptions sandboxOptions()
{
    SandboxOptions o;
    o.backfillDays = 1; // keep the first start short
    o.stepIntervalMs = 20;
    return o;
}
} // namespace

void TestSandboxStart::firstStartPreparesAndRuns()
{
    QTemporaryDir dir;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    ScaledClock clock(now, now, 60);
    ExchangeService service(clock);
    QVERIFY(service.open(serviceOptions(dir)));
    QString error;
    QList<std::pair<int, int>> progress;
    const std::unique_ptr<Sandbox> sandbox =
        startSandbox(service, clock, sandboxOptions(), &error, [&progress](int done, int total) {
            progress.append({done, total});
        });
    QVERIFY2(sandbox, qPrintable(error));
    QVERIFY(sandbox->isPrepared());
    // Every part reported once, in order, ending at the total: accounts, funding, each GPU's
    // history, storing it, listings.
    const int total = 3 + int(service.engine().catalog().gpus().size()) + 1;
    QCOMPARE(progress.size(), total);
    for (qsizetype i = 0; i < progress.size(); ++i)
        QCOMPARE(progress[i], std::make_pair(int(i + 1), total));
    // The demo customer exists and the service signs in as it (auth.demo needs the sandbox).
    QVERIFY(service.engine().accountByEmail(Sandbox::demoEmail(Role::Customer)));
    QCOMPARE(service.engine().accountByEmail(Sandbox::demoEmail(Role::Customer))->id,
             sandbox->demoAccount(Role::Customer));
    // Started: the simulation steps on its timer.
    QSignalSpy stepped(sandbox.get(), &Sandbox::stepped);
    QVERIFY(stepped.wait(5000));
    sandbox->stop();
    service.close();
}

void TestSandboxStart::restartBehindTheDatabaseMovesTheClockForward()
{
    QTemporaryDir dir;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 last = 0;
    {
        // An hour a second: the first run records activity well ahead of real time.
        ScaledClock clock(now + 10 * MarketRules::HourMs, now, 3600);
        ExchangeService service(clock);
        QVERIFY(service.open(serviceOptions(dir)));
        const auto sandbox = startSandbox(service, clock, sandboxOptions());
        QVERIFY(sandbox);
        last = service.engine().lastActivityMs();
        sandbox->stop();
        service.close();
    }
    QVERIFY(last > now + 9 * MarketRules::HourMs);
    // The second run's clock starts at real time: behind what the database saw.
    ScaledClock clock(now, now, 60);
    QVERIFY(clock.nowMs() < last);
    ExchangeService service(clock);
    QVERIFY(service.open(serviceOptions(dir)));
    QString error;
    QList<std::pair<int, int>> progress;
    const auto sandbox =
        startSandbox(service, clock, sandboxOptions(), &error, [&progress](int done, int total) {
            progress.append({done, total});
        });
    QVERIFY2(sandbox, qPrintable(error));
    QVERIFY2(clock.nowMs() > last, "the clock must continue after the database's last activity");
    // No history to backfill on a later start: accounts, funding, listings.
    QCOMPARE(progress, (QList<std::pair<int, int>> {{1, 3}, {2, 3}, {3, 3}}));
    sandbox->stop();
    service.close();
}

void TestSandboxStart::closedServiceIsRefused()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    ScaledClock clock(now, now, 60);
    ExchangeService service(clock); // never opened: the engine refuses every operation
    QString error;
    QVERIFY(!startSandbox(service, clock, sandboxOptions(), &error));
    QVERIFY2(error.startsWith(u"the sandbox did not start"), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestSandboxStart)
#include "tst_sandboxstart.moc"
