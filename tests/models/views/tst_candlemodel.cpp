// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// CandleModel: one row per candle, the forming one updated in place, new ones appended, a cap,
// a snapshot of the same series merged row by row; never a reset on live updates.

#include "views/candlemodel.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

namespace {
constexpr qint64 Hour = 3'600'000;
constexpr qint64 T0 = 1'767'225'600'000; // 2026-01-01 00:00 UTC

QJsonObject candles(std::initializer_list<Candle> cs)
{
    QJsonArray a;
    for (const Candle &c : cs)
        a.append(Wire::toJson(c));
    return {{QStringLiteral("candles"), a}};
}

Candle candle(int hour, Cents open, Cents high, Cents low, Cents close, qint64 volume)
{
    return Candle {T0 + hour * Hour, open, high, low, close, volume};
}

qint64 raw(const QAbstractItemModel &model, int row, int column)
{
    return model.index(row, column).data(Qt::UserRole + 1).toLongLong();
}
} // namespace

class TestCandleModel : public QObject
{
    Q_OBJECT

private slots:
    void candleSnapshotFillsRows();
    void formingCandleUpdatesInPlace();
    void newCandleIsAppended();
    void candleCapDropsTheOldest();
    void sameSeriesSnapshotIsMerged();
    void nearestRowFollowsCandleMiddles();
};
void TestCandleModel::candleSnapshotFillsRows()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    model.follow(QStringLiteral("h100-sxm"), CandleInterval::Hour);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    // Out of order on the wire: rows come sorted by time anyway.
    model.applySnapshot(
        QStringLiteral("h100-sxm"), CandleInterval::Hour,
        candles({candle(1, 420, 430, 410, 425, 12), candle(0, 400, 421, 399, 420, 7),
                 candle(2, 425, 426, 415, 418, 3)}));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(inserted.size(), 1); // one block into the empty model
    QCOMPARE(raw(model, 0, CandleModel::Time), T0);
    QCOMPARE(raw(model, 2, CandleModel::Time), T0 + 2 * Hour);
    QCOMPARE(raw(model, 1, CandleModel::High), qint64(430));
    QCOMPARE(raw(model, 1, CandleModel::Volume), qint64(12));
    QCOMPARE(model.index(1, CandleModel::Close).data().toString(), QStringLiteral("$4.25"));
    QCOMPARE(model.index(0, CandleModel::Low).data().toString(), QStringLiteral("$3.99"));
    QCOMPARE(model.candle(2), candle(2, 425, 426, 415, 418, 3));
    QCOMPARE(model.rowOf(T0 + Hour), 1);
    QCOMPARE(model.rowOf(T0 + Hour / 2), -1);
}
void TestCandleModel::formingCandleUpdatesInPlace()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(
        QStringLiteral("h100-sxm"), CandleInterval::Hour,
        candles({candle(0, 400, 421, 399, 420, 7), candle(1, 420, 430, 410, 425, 12)}));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.applyDelta(candles({candle(1, 420, 440, 410, 438, 15)}));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 1);
    QCOMPARE(changed.first().at(1).toModelIndex().row(), 1);
    QCOMPARE(model.candle(1), candle(1, 420, 440, 410, 438, 15));
    QCOMPARE(inserted.size(), 0);
    QCOMPARE(removed.size(), 0);
    QCOMPARE(reset.size(), 0);
    // The same values again change nothing.
    model.applyDelta(candles({candle(1, 420, 440, 410, 438, 15)}));
    QCOMPARE(changed.size(), 1);
    // A late trade's older candle is updated where it is.
    model.applyDelta(candles({candle(0, 400, 421, 390, 420, 9)}));
    QCOMPARE(changed.size(), 2);
    QCOMPARE(changed.last().at(0).toModelIndex().row(), 0);
    QCOMPARE(model.candle(0).low, Cents(390));
    QCOMPARE(reset.size(), 0);
}
void TestCandleModel::newCandleIsAppended()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(
        QStringLiteral("h100-sxm"), CandleInterval::Hour,
        candles({candle(0, 400, 421, 399, 420, 7), candle(1, 420, 430, 410, 425, 12)}));
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // The forming candle closes and the next one opens in the same push.
    model.applyDelta(
        candles({candle(1, 420, 430, 410, 427, 13), candle(2, 427, 427, 427, 427, 1)}));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 2);
    QCOMPARE(inserted.first().at(2).toInt(), 2);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.candle(2).startMs, T0 + 2 * Hour);
    QCOMPARE(model.candle(1).close, Cents(427));
    QCOMPARE(reset.size(), 0);
}
void TestCandleModel::candleCapDropsTheOldest()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMaximumRows(3);
    // A snapshot beyond the cap keeps the newest.
    model.applySnapshot(QStringLiteral("h100-sxm"), CandleInterval::Hour,
                        candles({candle(0, 1, 1, 1, 1, 1), candle(1, 2, 2, 2, 2, 1),
                                 candle(2, 3, 3, 3, 3, 1), candle(3, 4, 4, 4, 4, 1)}));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.candle(0).startMs, T0 + Hour);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.applyDelta(candles({candle(4, 5, 5, 5, 5, 1)}));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 0);
    QCOMPARE(removed.first().at(2).toInt(), 0);
    QCOMPARE(model.candle(0).startMs, T0 + 2 * Hour);
    QCOMPARE(model.candle(2).startMs, T0 + 4 * Hour);
    QCOMPARE(reset.size(), 0);
    // Lowering the cap trims at once.
    model.setMaximumRows(1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.candle(0).startMs, T0 + 4 * Hour);
}
void TestCandleModel::sameSeriesSnapshotIsMerged()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(
        QStringLiteral("h100-sxm"), CandleInterval::Hour,
        candles({candle(0, 1, 1, 1, 1, 1), candle(1, 2, 2, 2, 2, 1), candle(2, 3, 3, 3, 3, 1)}));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // After a gap: the first candle fell out of the server's window, the last changed, two
    // more formed.
    model.applySnapshot(QStringLiteral("h100-sxm"), CandleInterval::Hour,
                        candles({candle(1, 2, 2, 2, 2, 1), candle(2, 3, 4, 3, 4, 2),
                                 candle(3, 4, 4, 4, 4, 1), candle(4, 5, 5, 5, 5, 1)}));
    QCOMPARE(reset.size(), 0);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.candle(0).startMs, T0 + Hour);
    QCOMPARE(model.candle(1), candle(2, 3, 4, 3, 4, 2));
    QCOMPARE(model.candle(3).startMs, T0 + 4 * Hour);
    // Another interval is another series: a reset.
    model.applySnapshot(QStringLiteral("h100-sxm"), CandleInterval::Day,
                        candles({Candle {T0, 1, 5, 1, 5, 6}}));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.interval(), CandleInterval::Day);
}
void TestCandleModel::nearestRowFollowsCandleMiddles()
{
    CandleModel model;
    model.applySnapshot(
        QStringLiteral("h100-sxm"), CandleInterval::Hour,
        candles({candle(0, 1, 1, 1, 1, 1), candle(1, 2, 2, 2, 2, 1), candle(5, 3, 3, 3, 3, 1)}));
    QCOMPARE(model.nearestRow(T0 - Hour), 0);
    QCOMPARE(model.nearestRow(T0 + Hour / 4), 0);
    QCOMPARE(model.nearestRow(T0 + Hour + Hour / 2), 1);
    QCOMPARE(model.nearestRow(T0 + 2 * Hour), 1);
    QCOMPARE(model.nearestRow(T0 + 4 * Hour + Hour / 4), 2);
    QCOMPARE(model.nearestRow(T0 + 9 * Hour), 2);
    QCOMPARE(model.lowerBound(T0 + 2 * Hour), 2);
    CandleModel empty;
    QCOMPARE(empty.nearestRow(T0), -1);
}

QTEST_GUILESS_MAIN(TestCandleModel)
#include "tst_candlemodel.moc"
