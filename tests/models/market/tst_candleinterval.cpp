// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The candle intervals both ends use: names on the wire and lengths.

#include "market/candleinterval.h"

#include <QtTest/QtTest>

using namespace Qt::StringLiterals;
using everx::CandleInterval;
namespace CandleIntervals = everx::CandleIntervals;

class TestCandleInterval : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesAndLengths_data();
    void namesAndLengths();
    void unknownNames_data();
    void unknownNames();
    void allInOrder();
};

void TestCandleInterval::namesAndLengths_data()
{
    QTest::addColumn<CandleInterval>("interval");
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("lengthMs");
    QTest::newRow("1m") << CandleInterval::Minute << u"1m"_s << qint64(60'000);
    QTest::newRow("5m") << CandleInterval::FiveMinutes << u"5m"_s << qint64(300'000);
    QTest::newRow("1h") << CandleInterval::Hour << u"1h"_s << qint64(3'600'000);
    QTest::newRow("1d") << CandleInterval::Day << u"1d"_s << qint64(86'400'000);
}

void TestCandleInterval::namesAndLengths()
{
    QFETCH(CandleInterval, interval);
    QFETCH(QString, name);
    QFETCH(qint64, lengthMs);
    QCOMPARE(CandleIntervals::name(interval), name);
    QCOMPARE(CandleIntervals::fromName(name), std::optional<CandleInterval>(interval));
    QCOMPARE(CandleIntervals::lengthMs(interval), lengthMs);
}

void TestCandleInterval::unknownNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("2m") << u"2m"_s;
    QTest::newRow("upper case") << u"1M"_s;
    QTest::newRow("spelt out") << u"hour"_s;
}

void TestCandleInterval::unknownNames()
{
    QFETCH(QString, name);
    QCOMPARE(CandleIntervals::fromName(name), std::nullopt);
}

void TestCandleInterval::allInOrder()
{
    qint64 previous = 0;
    for (std::size_t i = 0; i < CandleIntervals::Count; ++i) {
        const CandleInterval interval = CandleIntervals::All[i];
        QCOMPARE(CandleIntervals::index(interval), i);
        QVERIFY(CandleIntervals::lengthMs(interval) > previous);
        previous = CandleIntervals::lengthMs(interval);
    }
}

QTEST_GUILESS_MAIN(TestCandleInterval)
#include "tst_candleinterval.moc"
