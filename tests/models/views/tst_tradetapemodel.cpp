// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// TradeTapeModel: the trade tape, newest first, capped, a snapshot after a gap filling the holes;
// never a reset on live updates.

#include "views/tradetapemodel.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

namespace {
constexpr qint64 Hour = 3'600'000;
constexpr qint64 T0 = 1'767'225'600'000; // 2026-01-01 00:00 UTC

Trade trade(qint64 id, Cents price, quint8 aggressor = BuyerAggressor)
{
    Trade t;
    t.id = id;
    t.gpu = QStringLiteral("h100-sxm");
    t.priceCents = price;
    t.quantity = 2;
    t.hours = 3;
    t.aggressor = aggressor;
    t.timeMs = T0 + id * 1000;
    return t;
}

QJsonObject trades(const QList<Trade> &ts)
{
    QJsonArray a;
    for (const Trade &t : ts)
        a.append(Wire::toJson(t));
    return {{QStringLiteral("trades"), a}};
}

QList<qint64> tapeIds(const TradeTapeModel &model)
{
    QList<qint64> ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids.append(model.index(row, 0).data(TradeTapeModel::TradeIdRole).toLongLong());
    return ids;
}

qint64 raw(const QAbstractItemModel &model, int row, int column)
{
    return model.index(row, column).data(Qt::UserRole + 1).toLongLong();
}
} // namespace

class TestTradeTapeModel : public QObject
{
    Q_OBJECT

private slots:
    void tapeIsNewestFirst();
    void tapeCapDropsTheOldest();
    void tapeSnapshotAfterAGapFillsHoles();
};
void TestTradeTapeModel::tapeIsNewestFirst()
{
    TradeTapeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    model.follow(QStringLiteral("h100-sxm"));
    // The snapshot lists the newest last; the tape shows it first.
    model.applySnapshot(
        QStringLiteral("h100-sxm"),
        trades({trade(1, 400, HistoryPrint), trade(2, 410, SellerAggressor), trade(3, 405)}));
    QCOMPARE(tapeIds(model), (QList<qint64> {3, 2, 1}));
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // A delta lists new trades oldest first: they go on top as one block, the newest first.
    model.applyDelta(trades({trade(4, 406), trade(5, 407, SellerAggressor)}));
    QCOMPARE(tapeIds(model), (QList<qint64> {5, 4, 3, 2, 1}));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 0);
    QCOMPARE(inserted.first().at(2).toInt(), 1);
    QCOMPARE(reset.size(), 0);
    // A repeated trade is not shown twice.
    model.applyDelta(trades({trade(5, 407, SellerAggressor)}));
    QCOMPARE(model.rowCount(), 5);

    QCOMPARE(model.index(0, TradeTapeModel::Price).data().toString(), QStringLiteral("$4.07"));
    QCOMPARE(model.index(0, TradeTapeModel::Gpus).data().toString(), QStringLiteral("2"));
    QCOMPARE(model.index(0, TradeTapeModel::Hours).data().toString(), QStringLiteral("3 h"));
    QCOMPARE(model.index(0, TradeTapeModel::Side).data().toString(), QStringLiteral("Sell"));
    QCOMPARE(model.index(1, TradeTapeModel::Side).data().toString(), QStringLiteral("Buy"));
    QCOMPARE(model.index(4, TradeTapeModel::Side).data().toString(), QStringLiteral("Earlier"));
    QCOMPARE(model.index(4, TradeTapeModel::Price).data(TradeTapeModel::AggressorRole).toInt(),
             int(HistoryPrint));
    QCOMPARE(raw(model, 0, TradeTapeModel::Time), T0 + 5000);
    QCOMPARE(model.index(0, TradeTapeModel::Time).data().toString(),
             QDateTime::fromMSecsSinceEpoch(T0 + 5000).time().toString(QStringLiteral("HH:mm:ss")));
    QCOMPARE(model.trade(0).id, qint64(5));
}
void TestTradeTapeModel::tapeCapDropsTheOldest()
{
    TradeTapeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.maximumRows(), 500);
    model.setMaximumRows(4);
    model.applySnapshot(QStringLiteral("h100-sxm"),
                        trades({trade(1, 400), trade(2, 401), trade(3, 402)}));
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.applyDelta(trades({trade(4, 403), trade(5, 404), trade(6, 405)}));
    QCOMPARE(tapeIds(model), (QList<qint64> {6, 5, 4, 3}));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 4);
    QCOMPARE(removed.first().at(2).toInt(), 5);
    QCOMPARE(reset.size(), 0);
    // A burst bigger than the whole tape keeps the newest.
    QList<Trade> burst;
    for (qint64 id = 7; id <= 20; ++id)
        burst.append(trade(id, 400));
    model.applyDelta(trades(burst));
    QCOMPARE(tapeIds(model), (QList<qint64> {20, 19, 18, 17}));
    QCOMPARE(reset.size(), 0);
}
void TestTradeTapeModel::tapeSnapshotAfterAGapFillsHoles()
{
    TradeTapeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(QStringLiteral("h100-sxm"), trades({trade(1, 400), trade(2, 401)}));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // Trade 3 was in the push that went missing; the fresh snapshot has it and a newer one.
    model.applyDelta(trades({trade(4, 403)}));
    model.applySnapshot(
        QStringLiteral("h100-sxm"),
        trades({trade(1, 400), trade(2, 401), trade(3, 402), trade(4, 403), trade(5, 404)}));
    QCOMPARE(tapeIds(model), (QList<qint64> {5, 4, 3, 2, 1}));
    QCOMPARE(reset.size(), 0);
    // Another GPU: a reset.
    model.applySnapshot(QStringLiteral("rtx-4090"), trades({trade(9, 100)}));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(tapeIds(model), (QList<qint64> {9}));
}

QTEST_GUILESS_MAIN(TestTradeTapeModel)
#include "tst_tradetapemodel.moc"
