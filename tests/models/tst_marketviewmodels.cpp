// The market views' models: candles (one row per candle, the forming one updated in place, new
// ones appended, a cap) and the trade tape (newest first, a cap), both without resets on live
// updates; and DeskState following a GPU's trades and candles at the chosen interval on the
// embedded sandbox.

#include "exchange/embeddedexchange.h"
#include "tests/sandboxfixture.h"

#include "models/candlemodel.h"
#include "models/clientsession.h"
#include "models/deskstate.h"
#include "models/tradetapemodel.h"
#include "models/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QTemporaryDir>
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

class TestMarketViewModels : public QObject
{
    Q_OBJECT

private slots:
    void candleSnapshotFillsRows();
    void formingCandleUpdatesInPlace();
    void newCandleIsAppended();
    void candleCapDropsTheOldest();
    void sameSeriesSnapshotIsMerged();
    void nearestRowFollowsCandleMiddles();
    void tapeIsNewestFirst();
    void tapeCapDropsTheOldest();
    void tapeSnapshotAfterAGapFillsHoles();
    void deskFollowsTradesAndCandles();
};

void TestMarketViewModels::candleSnapshotFillsRows()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    model.follow(QStringLiteral("h100-sxm"), QStringLiteral("1h"));
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    // Out of order on the wire: rows come sorted by time anyway.
    model.applySnapshot(
        QStringLiteral("h100-sxm"), QStringLiteral("1h"),
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
    QCOMPARE(CandleModel::intervalMs(u"5m"), qint64(300'000));
    QCOMPARE(CandleModel::intervalMs(u"2h"), qint64(0));
}

void TestMarketViewModels::formingCandleUpdatesInPlace()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(
        QStringLiteral("h100-sxm"), QStringLiteral("1h"),
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

void TestMarketViewModels::newCandleIsAppended()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(
        QStringLiteral("h100-sxm"), QStringLiteral("1h"),
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

void TestMarketViewModels::candleCapDropsTheOldest()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMaximumRows(3);
    // A snapshot beyond the cap keeps the newest.
    model.applySnapshot(QStringLiteral("h100-sxm"), QStringLiteral("1h"),
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

void TestMarketViewModels::sameSeriesSnapshotIsMerged()
{
    CandleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applySnapshot(
        QStringLiteral("h100-sxm"), QStringLiteral("1h"),
        candles({candle(0, 1, 1, 1, 1, 1), candle(1, 2, 2, 2, 2, 1), candle(2, 3, 3, 3, 3, 1)}));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // After a gap: the first candle fell out of the server's window, the last changed, two
    // more formed.
    model.applySnapshot(QStringLiteral("h100-sxm"), QStringLiteral("1h"),
                        candles({candle(1, 2, 2, 2, 2, 1), candle(2, 3, 4, 3, 4, 2),
                                 candle(3, 4, 4, 4, 4, 1), candle(4, 5, 5, 5, 5, 1)}));
    QCOMPARE(reset.size(), 0);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.candle(0).startMs, T0 + Hour);
    QCOMPARE(model.candle(1), candle(2, 3, 4, 3, 4, 2));
    QCOMPARE(model.candle(3).startMs, T0 + 4 * Hour);
    // Another interval is another series: a reset.
    model.applySnapshot(QStringLiteral("h100-sxm"), QStringLiteral("1d"),
                        candles({Candle {T0, 1, 5, 1, 5, 6}}));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.interval(), QStringLiteral("1d"));
}

void TestMarketViewModels::nearestRowFollowsCandleMiddles()
{
    CandleModel model;
    model.applySnapshot(
        QStringLiteral("h100-sxm"), QStringLiteral("1h"),
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

void TestMarketViewModels::tapeIsNewestFirst()
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
    QCOMPARE(model.index(4, TradeTapeModel::Side).data().toString(), QStringLiteral("History"));
    QCOMPARE(model.index(4, TradeTapeModel::Price).data(TradeTapeModel::AggressorRole).toInt(),
             int(HistoryPrint));
    QCOMPARE(raw(model, 0, TradeTapeModel::Time), T0 + 5000);
    QCOMPARE(model.index(0, TradeTapeModel::Time).data().toString(),
             QDateTime::fromMSecsSinceEpoch(T0 + 5000).time().toString(QStringLiteral("HH:mm:ss")));
    QCOMPARE(model.trade(0).id, qint64(5));
}

void TestMarketViewModels::tapeCapDropsTheOldest()
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

void TestMarketViewModels::tapeSnapshotAfterAGapFillsHoles()
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

void TestMarketViewModels::deskFollowsTradesAndCandles()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start(test::SandboxFixture::Market::Live));
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    QAbstractItemModelTester t1(desk.candles(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(desk.tradeTape(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    QCOMPARE(desk.candleInterval(), QStringLiteral("1h"));

    const auto subscribed = [&session] {
        QStringList channels = session.channels();
        channels.sort();
        return channels;
    };
    desk.selectGpu(QStringLiteral("h100-sxm"));
    QCOMPARE(subscribed(),
             (QStringList {QStringLiteral("book.h100-sxm"), QStringLiteral("candles.h100-sxm.1h"),
                           QStringLiteral("ticker"), QStringLiteral("trades.h100-sxm")}));
    // Three days of backfill: hourly candles, and a tape of the GPU's trades.
    QTRY_VERIFY_WITH_TIMEOUT(desk.candles()->rowCount() > 24, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.tradeTape()->rowCount() > 0, 5000);
    QCOMPARE(desk.candles()->gpu(), QStringLiteral("h100-sxm"));
    QCOMPARE(desk.candles()->interval(), QStringLiteral("1h"));
    for (int row = 0; row < desk.candles()->rowCount(); ++row)
        QCOMPARE(desk.candles()->candle(row).startMs % Hour, qint64(0));
    QCOMPARE(desk.tradeTape()->trade(0).gpu, QStringLiteral("h100-sxm"));
    QVERIFY(desk.tradeTape()->trade(0).id
            > desk.tradeTape()->trade(desk.tradeTape()->rowCount() - 1).id);

    // Another interval: only the candle channel changes.
    QSignalSpy intervalChanged(&desk, &DeskState::candleIntervalChanged);
    QSignalSpy candleReset(desk.candles(), &QAbstractItemModel::modelReset);
    desk.setCandleInterval(QStringLiteral("1d"));
    QCOMPARE(intervalChanged.size(), 1);
    QCOMPARE(desk.candleInterval(), QStringLiteral("1d"));
    QCOMPARE(subscribed(),
             (QStringList {QStringLiteral("book.h100-sxm"), QStringLiteral("candles.h100-sxm.1d"),
                           QStringLiteral("ticker"), QStringLiteral("trades.h100-sxm")}));
    QCOMPARE(candleReset.size(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(desk.candles()->rowCount() >= 3, 5000);
    QCOMPARE(desk.candles()->interval(), QStringLiteral("1d"));
    for (int row = 0; row < desk.candles()->rowCount(); ++row)
        QCOMPARE(desk.candles()->candle(row).startMs % (24 * Hour), qint64(0));
    // Not an interval: ignored.
    desk.setCandleInterval(QStringLiteral("2h"));
    QCOMPARE(desk.candleInterval(), QStringLiteral("1d"));
    QCOMPARE(intervalChanged.size(), 1);

    // Another GPU: its book, trades and candles at the same interval, none of the old one's.
    desk.selectGpu(QStringLiteral("rtx-4090"));
    QCOMPARE(subscribed(),
             (QStringList {QStringLiteral("book.rtx-4090"), QStringLiteral("candles.rtx-4090.1d"),
                           QStringLiteral("ticker"), QStringLiteral("trades.rtx-4090")}));
    QTRY_VERIFY_WITH_TIMEOUT(desk.tradeTape()->rowCount() > 0, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.candles()->rowCount() >= 3, 5000);
    QCOMPARE(desk.candles()->gpu(), QStringLiteral("rtx-4090"));
    QCOMPARE(desk.tradeTape()->gpu(), QStringLiteral("rtx-4090"));
    for (int row = 0; row < desk.tradeTape()->rowCount(); ++row)
        QCOMPARE(desk.tradeTape()->trade(row).gpu, QStringLiteral("rtx-4090"));
}

QTEST_GUILESS_MAIN(TestMarketViewModels)
#include "tst_marketviewmodels.moc"
