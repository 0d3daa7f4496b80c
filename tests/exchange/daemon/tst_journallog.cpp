// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// JournalLog: sd-daemon priority prefixes on every line when stderr is the journal's stream
// (JOURNAL_STREAM names it), nothing of the sort elsewhere. The installed handler is checked end
// to end on the real server in tst_exchanged.

#include "daemon/journallog.h"

#include <QtCore/QTemporaryFile>
#include <QtTest/QTest>

#include <sys/stat.h>

using namespace everx;

class TestJournalLog : public QObject
{
    Q_OBJECT

private slots:
    void priorities_data();
    void priorities();
    void everyLineIsPrefixed();
    void streamMatchesOnlyItsFile();
};

void TestJournalLog::priorities_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("priority");
    QTest::newRow("debug") << int(QtDebugMsg) << 7;
    QTest::newRow("info") << int(QtInfoMsg) << 6;
    QTest::newRow("warning") << int(QtWarningMsg) << 4;
    QTest::newRow("critical") << int(QtCriticalMsg) << 3;
    QTest::newRow("fatal") << int(QtFatalMsg) << 2;
}

void TestJournalLog::priorities()
{
    QFETCH(int, type);
    QFETCH(int, priority);
    QCOMPARE(JournalLog::priority(QtMsgType(type)), priority);
    QCOMPARE(JournalLog::journalLine(QtMsgType(type), "everx.exchange.server", QStringLiteral("x")),
             '<' + QByteArray::number(priority) + ">everx.exchange.server: x\n");
}

void TestJournalLog::everyLineIsPrefixed()
{
    QCOMPARE(JournalLog::journalLine(QtCriticalMsg, "everx.exchanged",
                                     QStringLiteral("first\nsecond \u00fc")),
             QByteArray("<3>everx.exchanged: first\n<3>everx.exchanged: second \xc3\xbc\n"));
    // Qt's uncategorised messages carry no category name.
    QCOMPARE(JournalLog::journalLine(QtWarningMsg, "default", QStringLiteral("plain")),
             QByteArray("<4>plain\n"));
    QCOMPARE(JournalLog::journalLine(QtInfoMsg, nullptr, QStringLiteral("plain")),
             QByteArray("<6>plain\n"));
}

void TestJournalLog::streamMatchesOnlyItsFile()
{
    QTemporaryFile a, b;
    QVERIFY(a.open());
    QVERIFY(b.open());
    struct stat st = {};
    QCOMPARE(::fstat(a.handle(), &st), 0);
    const QByteArray mine =
        QByteArray::number(qulonglong(st.st_dev)) + ':' + QByteArray::number(qulonglong(st.st_ino));
    QVERIFY(JournalLog::streamMatches(mine, a.handle()));
    QVERIFY(!JournalLog::streamMatches(mine, b.handle()));
    QVERIFY(!JournalLog::streamMatches(QByteArray(), a.handle()));
    QVERIFY(!JournalLog::streamMatches("garbage", a.handle()));
    QVERIFY(
        !JournalLog::streamMatches(":" + QByteArray::number(qulonglong(st.st_ino)), a.handle()));
    QVERIFY(!JournalLog::streamMatches(mine, -1));
}

QTEST_GUILESS_MAIN(TestJournalLog)
#include "tst_journallog.moc"
