// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The market watch: fixed rows, live figures from the ticker channel, raw values to sort on,
// updates as dataChanged of the rows that changed (never a reset), coalesced to frame rate.

#include "views/marketwatchmodel.h"

#include <QtCore/QJsonArray>
#include <QtCore/QSortFilterProxyModel>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;

namespace {
QJsonObject entry(const char *gpu, const char *bid, const char *ask, const char *last,
                  qint64 change, qint64 volume)
{
    return {
        {QStringLiteral("gpu"), QString::fromLatin1(gpu)},
        {QStringLiteral("bid"), bid ? QJsonValue(QString::fromLatin1(bid)) : QJsonValue()},
        {QStringLiteral("ask"), ask ? QJsonValue(QString::fromLatin1(ask)) : QJsonValue()},
        {QStringLiteral("last"), last ? QJsonValue(QString::fromLatin1(last)) : QJsonValue()},
        {QStringLiteral("open24h"), last ? QJsonValue(QString::fromLatin1(last)) : QJsonValue()},
        {QStringLiteral("change24hBp"), change == 0 ? QJsonValue() : QJsonValue(change)},
        {QStringLiteral("volume24h"), volume}};
}
QJsonObject ticker(std::initializer_list<QJsonObject> entries)
{
    QJsonArray a;
    for (const QJsonObject &e : entries)
        a.append(e);
    return {{QStringLiteral("gpus"), a}};
}
} // namespace

class TestMarketWatchModel : public QObject
{
    Q_OBJECT

private slots:
    void everyGpuHasARow();
    void snapshotAndDeltaUpdateOnlyTheirRows();
    void sortsOnRawValues();
    void formatsInTheLocale_data();
    void formatsInTheLocale();
    void burstsAreCoalesced();
    void malformedEntriesChangeNothing();
};

void TestMarketWatchModel::everyGpuHasARow()
{
    MarketWatchModel model(GpuCatalog::builtIn());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 15);
    QCOMPARE(model.columnCount(), int(MarketWatchModel::ColumnCount));
    const int h200 = model.rowOf(QStringLiteral("h200"));
    QCOMPARE(model.index(h200, MarketWatchModel::Gpu).data().toString(), QStringLiteral("H200"));
    QCOMPARE(
        model.index(h200, MarketWatchModel::Memory).data(MarketWatchModel::RawValueRole).toInt(),
        141);
    QCOMPARE(model.index(h200, MarketWatchModel::Bf16).data(MarketWatchModel::RawValueRole).toInt(),
             989);
    // Unpublished figures are unknown, not zero (every built-in GPU has a figure now).
    const std::optional<GpuCatalog> unpublished = GpuCatalog::fromJson(
        R"({"version":1,"source":"s","gpus":[{"id":"x1","name":"X1","architecture":"A",
        "vendor":"V","memoryGb":48,"memoryType":null,"bandwidthGBs":null,"bf16DenseTflops":null,
        "bf16DenseTflopsSource":null,"formFactor":"PCIe","interconnect":"PCIe",
        "fromPriceCents":100,"serverGpus":8,"serverGpusSource":"s","seedFullTrain1Gpu":null,
        "seedFullTrain8Gpu":null,"seedQloraBase":null,"seedLora16Base":null}]})");
    QVERIFY(unpublished);
    MarketWatchModel x1(*unpublished);
    QVERIFY(!x1.index(0, MarketWatchModel::Bf16).data(MarketWatchModel::RawValueRole).isValid());
    QCOMPARE(x1.index(0, MarketWatchModel::Bf16).data().toString(),
             QStringLiteral("not published"));
    // No market yet: dashes, not zeros.
    QCOMPARE(model.index(h200, MarketWatchModel::Ask).data().toString(), QStringLiteral("\u2014"));
}

void TestMarketWatchModel::snapshotAndDeltaUpdateOnlyTheirRows()
{
    MarketWatchModel model(GpuCatalog::builtIn());
    model.setFrameInterval(0);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.applySnapshot(ticker({entry("h200", "4.10", "4.19", "4.15", 125, 340),
                                entry("rtx-4090", nullptr, "0.33", nullptr, 0, 0)}));
    QCOMPARE(changed.size(), 2);
    const int h200 = model.rowOf(QStringLiteral("h200"));
    QCOMPARE(
        model.index(h200, MarketWatchModel::Ask).data(MarketWatchModel::RawValueRole).toLongLong(),
        419);
    QCOMPARE(model.index(h200, MarketWatchModel::Change24h).data().toString(),
             QStringLiteral("+1.25%"));
    changed.clear();
    model.applyDelta(ticker({entry("h200", "4.11", "4.19", "4.15", 125, 341)}));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed[0][0].toModelIndex().row(), h200);
    QCOMPARE(changed[0][1].toModelIndex().row(), h200);
    // An unchanged entry signals nothing.
    changed.clear();
    model.applyDelta(ticker({entry("h200", "4.11", "4.19", "4.15", 125, 341)}));
    QCOMPARE(changed.size(), 0);
    QCOMPARE(reset.size(), 0);
    // A lost connection shows dashes again.
    model.clearMarket();
    QCOMPARE(model.index(h200, MarketWatchModel::Bid).data().toString(), QStringLiteral("\u2014"));
    QCOMPARE(reset.size(), 0);
}

void TestMarketWatchModel::sortsOnRawValues()
{
    MarketWatchModel model(GpuCatalog::builtIn());
    model.setFrameInterval(0);
    model.applySnapshot(ticker({entry("h200", "4.10", "4.19", "4.15", 0, 10),
                                entry("rtx-4090", "0.30", "0.33", "0.31", 0, 10),
                                entry("a100-sxm", "1.70", "17.90", "1.75", 0, 10)}));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(MarketWatchModel::RawValueRole);
    proxy.sort(MarketWatchModel::Ask, Qt::DescendingOrder);
    // As text "17.90" < "4.19"; as cents 1790 > 419. (Rows with no offer sort apart from the
    // priced ones; only the order among these three is asserted.)
    QStringList order;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const QString id =
            proxy.index(row, MarketWatchModel::Gpu).data(MarketWatchModel::GpuIdRole).toString();
        if (id == u"a100-sxm" || id == u"h200" || id == u"rtx-4090")
            order << id;
    }
    QCOMPARE(order,
             (QStringList {QStringLiteral("a100-sxm"), QStringLiteral("h200"),
                           QStringLiteral("rtx-4090")}));
}

void TestMarketWatchModel::formatsInTheLocale_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("ask");
    QTest::addColumn<QString>("volume");
    QTest::addColumn<QString>("change"); // the percent sign where the locale writes it
    QTest::newRow("en") << QLocale(QLocale::English, QLocale::UnitedStates)
                        << QStringLiteral("$8.99") << QStringLiteral("12,345")
                        << QStringLiteral("+1.50%");
    QTest::newRow("id") << QLocale(QLocale::Indonesian, QLocale::Indonesia)
                        << QStringLiteral("US$8,99") << QStringLiteral("12.345")
                        << QStringLiteral("+1,50%");
    QTest::newRow("tr") << QLocale(QLocale::Turkish, QLocale::Turkey) << QStringLiteral("$8,99")
                        << QStringLiteral("12.345") << QStringLiteral("+%1,50");
}

void TestMarketWatchModel::formatsInTheLocale()
{
    QFETCH(QLocale, locale);
    QFETCH(QString, ask);
    QFETCH(QString, volume);
    QFETCH(QString, change);
    MarketWatchModel model(GpuCatalog::builtIn());
    model.setFrameInterval(0);
    model.applySnapshot(ticker({entry("b300", "8.90", "8.99", "8.95", 150, 12345)}));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setLocale(locale);
    QCOMPARE(changed.size(), 1); // one repaint of everything, not a reset
    const int row = model.rowOf(QStringLiteral("b300"));
    QCOMPARE(model.index(row, MarketWatchModel::Ask).data().toString(), ask);
    QCOMPARE(model.index(row, MarketWatchModel::Volume24h).data().toString(), volume);
    QCOMPARE(model.index(row, MarketWatchModel::Change24h).data().toString(), change);
}

void TestMarketWatchModel::burstsAreCoalesced()
{
    MarketWatchModel model(GpuCatalog::builtIn());
    model.setFrameInterval(16);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    // Three hundred updates of one row within a frame: the state follows at once, the views
    // hear of it once.
    for (int i = 1; i <= 300; ++i)
        model.applyDelta(
            ticker({entry("h200", "4.10", qPrintable(Money::toPlain(400 + i)), "4.15", 0, i)}));
    QCOMPARE(model.ticker(model.rowOf(QStringLiteral("h200"))).ask, std::optional<Cents>(700));
    QCOMPARE(changed.size(), 0);
    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.size(), 1);
}

void TestMarketWatchModel::malformedEntriesChangeNothing()
{
    MarketWatchModel model(GpuCatalog::builtIn());
    model.setFrameInterval(0);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QJsonObject bad = entry("h200", "4.10", "4.19", "4.15", 0, 1);
    bad.insert(QStringLiteral("ask"), 4.19); // money as a number is refused
    model.applyDelta(ticker({bad, entry("no-such-gpu", "1.00", "1.00", "1.00", 0, 1)}));
    QCOMPARE(changed.size(), 0);
    QVERIFY(!model.ticker(model.rowOf(QStringLiteral("h200"))).ask);
}

QTEST_GUILESS_MAIN(TestMarketWatchModel)
#include "tst_marketwatchmodel.moc"
