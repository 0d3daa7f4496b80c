// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// What the desk remembers from one launch to the next, each launch a new DeskState, model and
// DeskMemory on the same (temporary) settings and data folders: the selected GPU, the chart's
// interval, and each account's last notifications, which the next account never sees.

#include "fixtures/testsettings.h"

#include "market/gpucatalog.h"
#include "views/deskstate.h"
#include "views/notificationsmodel.h"
#include "window/deskmemory.h"
#include "wire/clientsession.h"

#include <QtCore/QFile>
#include <QtCore/QSettings>
#include <QtCore/QTemporaryDir>
#include <QtTest/QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {
QTemporaryDir dataDir; // the app data folder of every launch

// One launch of the desk, without a window or a connection.
struct Launch
{
    ClientSession session;
    DeskState desk {session, GpuCatalog::builtIn()};
    NotificationsModel notifications;
    DeskMemory memory {desk, session, notifications, dataDir.path()};

    void signIn(qint64 accountId)
    {
        Account account;
        account.id = accountId;
        Q_EMIT session.signedIn(account);
    }
};
} // namespace

class TestDeskMemory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void gpuAndIntervalComeBack();
    void notificationsComeBackForTheirAccount();
    void foreignSettingsAreIgnored();
    void aBurstIsOneWrite();
};

void TestDeskMemory::initTestCase()
{
    test::isolateSettings(u"EverXCloudTestMemory"_s);
    QVERIFY(dataDir.isValid());
}

void TestDeskMemory::gpuAndIntervalComeBack()
{
    {
        Launch first;
        first.desk.selectGpu(u"l40s"_s);
        first.desk.setCandleInterval(CandleInterval::FiveMinutes);
    }
    Launch second;
    QCOMPARE(second.desk.selectedGpu(), u"l40s"_s);
    QCOMPARE(second.desk.candleInterval(), CandleInterval::FiveMinutes);
}

void TestDeskMemory::notificationsComeBackForTheirAccount()
{
    const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-3600);
    {
        Launch first;
        first.signIn(41);
        first.notifications.addAt(t0, u"fill"_s, u"filled 2 x l40s"_s);
        first.notifications.addAt(t0.addSecs(60), u"rental_started"_s, u"rental 7"_s);
        first.notifications.markAllRead();
        first.notifications.addAt(t0.addSecs(120), u"low_balance"_s, u"low"_s);
        // Signing out empties the list (the window's doing) before the sign-out is heard.
        first.notifications.clear();
        Q_EMIT first.session.signedOut();
    }
    {
        // Another account signs in: none of them.
        Launch other;
        other.signIn(42);
        QCOMPARE(other.notifications.rowCount(), 0);
    }
    {
        Launch second;
        QCOMPARE(second.notifications.rowCount(), 0); // nobody signed in yet
        second.signIn(41);
        QCOMPARE(second.notifications.rowCount(), 3);
        QCOMPARE(second.notifications.entry(0).kind, u"low_balance"_s);
        QVERIFY(second.notifications.entry(0).unread);
        QCOMPARE(second.notifications.entry(1).text, u"rental 7"_s);
        QVERIFY(!second.notifications.entry(1).unread);
        QCOMPARE(second.notifications.entry(2).time, t0);
        QCOMPARE(second.notifications.unreadCount(), 1);
        // At most the model's capacity is kept; quitting writes what was pending.
        second.notifications.setCapacity(2);
        second.notifications.addAt(t0.addSecs(180), u"fill"_s, u"newest"_s);
    }
    Launch third;
    third.notifications.setCapacity(200);
    third.signIn(41);
    QCOMPARE(third.notifications.rowCount(), 2);
    QCOMPARE(third.notifications.entry(0).text, u"newest"_s);
}

void TestDeskMemory::foreignSettingsAreIgnored()
{
    {
        QSettings settings;
        settings.setValue(u"desk/gpu"_s, u"no-such-gpu"_s);
        settings.setValue(u"desk/candleInterval"_s, u"7m"_s);
    }
    QFile garbage(dataDir.filePath(u"notifications-43.json"_s));
    QVERIFY(garbage.open(QIODevice::WriteOnly));
    garbage.write("[{\"time\": \"x\"}, 5, {\"kind\": \"fill\", \"time\": -1}, {");
    garbage.close();
    Launch launch;
    QVERIFY(launch.desk.selectedGpu().isEmpty());
    QCOMPARE(launch.desk.candleInterval(), CandleInterval::Hour);
    launch.signIn(43);
    QCOMPARE(launch.notifications.rowCount(), 0);
}

// A burst of notifications (fills, a market moving) is written once, after SaveDelayMs, not once
// each on the GUI thread.
void TestDeskMemory::aBurstIsOneWrite()
{
    Launch launch;
    launch.signIn(44);
    const QString path = launch.memory.notificationsPath(44);
    const auto written = [&path] {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    QTRY_VERIFY(!written().isEmpty()); // the sign-in's write
    const QDateTime t0 = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < 50; ++i)
        launch.notifications.addAt(t0.addSecs(i), u"fill"_s, u"fill %1"_s.arg(i));
    // Not yet: the event loop has not run since.
    QVERIFY(!written().contains("fill 49"));
    QTRY_VERIFY_WITH_TIMEOUT(written().contains("fill 49"), 5000);
    QVERIFY(written().contains("fill 0"));
}

QTEST_GUILESS_MAIN(TestDeskMemory)
#include "tst_deskmemory.moc"
