// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The provider workspace's models: ProviderListingsModel (the account channel's listings by
// exact rows, the distance from the best offer and the earnings per listing by dataChanged of
// their rows only, and the bulk reprice rules), HostedRentalsModel, PayoutsModel and the
// statistics' CSV. Every model under QAbstractItemModelTester.

#include "views/hostedrentalsmodel.h"
#include "views/payoutsmodel.h"
#include "views/providerlistingsmodel.h"
#include "views/providerstatscsv.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;
using namespace Qt::StringLiterals;
using Rule = ProviderListingsModel::PriceRule;

namespace {

Listing listing(qint64 id, const QString &gpu, Cents price,
                ListingState state = ListingState::Active)
{
    Listing l;
    l.id = id;
    l.providerId = 2;
    l.gpu = gpu;
    l.gpuCount = 8;
    l.rentedGpus = 3;
    l.region = u"eu-frankfurt"_s;
    l.endpoint = u"ssh gpu@203.0.113.7"_s;
    l.askCents = price;
    l.state = state;
    return l;
}

QJsonObject listingEvent(const Listing &l)
{
    return Wire::accountEvent(QString(AccountEvent::Listing), Wire::wrap(l));
}

} // namespace

class TestProviderListingsModel : public QObject
{
    Q_OBJECT

private slots:
    void followsTheChannelByExactRows();
    void distanceFromTheBestOffer();
    void earningsPerListing();
    void clusterColumn();
    void repriceColumnsComeFirst();
    void priceFor_data();
    void priceFor();
    void hostedRentals();
    void payouts();
    void statsCsv();
};

void TestProviderListingsModel::repriceColumnsComeFirst()
{
    // What decides a reprice shows first, before the server's details, as the view shows them.
    ProviderListingsModel model(GpuCatalog::builtIn());
    QStringList headers;
    for (int column = 0; column < model.columnCount(); ++column)
        headers << model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
    QCOMPARE(
        headers,
        QStringList({u"GPU"_s, u"Price"_s, u"Vs best offer"_s, u"State"_s, u"Earnings"_s, u"GPUs"_s,
                     u"Rented"_s, u"Idle"_s, u"Region"_s, u"Cluster"_s, u"Endpoint"_s}));
}

void TestProviderListingsModel::followsTheChannelByExactRows()
{
    ProviderListingsModel model(GpuCatalog::builtIn());
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    AccountSnapshot snapshot;
    snapshot.listings = {listing(1, u"h100-sxm"_s, 295), listing(2, u"rtx-4090"_s, 33),
                         listing(3, u"h200"_s, 400, ListingState::Removed)};
    model.applySnapshot(Wire::toJson(snapshot));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(0, ProviderListingsModel::Gpu)).toString(), u"H100 SXM"_s);
    QCOMPARE(model.data(model.index(0, ProviderListingsModel::Idle)).toString(), u"5"_s);
    QCOMPARE(model.data(model.index(0, ProviderListingsModel::Price)).toString(), u"$2.95"_s);
    QCOMPARE(model.data(model.index(1, ProviderListingsModel::State)).toString(), u"Active"_s);

    // A new listing: one row at the end. A paused one: its row changes. A removed one: exactly
    // its row goes.
    inserted.clear();
    model.applyEvent(listingEvent(listing(4, u"a100-sxm"_s, 150)));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted[0][1].toInt(), 2);
    changed.clear();
    model.applyEvent(listingEvent(listing(1, u"h100-sxm"_s, 295, ListingState::Paused)));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed[0][0].toModelIndex().row(), 0);
    QCOMPARE(model.data(model.index(0, ProviderListingsModel::State)).toString(), u"Paused"_s);
    model.applyEvent(listingEvent(listing(2, u"rtx-4090"_s, 33, ListingState::Removed)));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed[0][1].toInt(), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.rowOf(4), 1);
    // Other events are not listings.
    model.applyEvent(Wire::accountEvent(QString(AccountEvent::Balance), Wire::wrap(Balance {})));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(reset.size(), 0);
}

void TestProviderListingsModel::distanceFromTheBestOffer()
{
    ProviderListingsModel model(GpuCatalog::builtIn());
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.upsert(listing(1, u"h100-sxm"_s, 295));
    model.upsert(listing(2, u"rtx-4090"_s, 33));
    model.upsert(listing(3, u"h100-sxm"_s, 280));
    const QModelIndex first = model.index(0, ProviderListingsModel::VsBestAsk);
    QCOMPARE(model.data(first).toString(), u"–"_s);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setBestAsk(u"h100-sxm"_s, 280);
    QCOMPARE(changed.size(), 2); // the two H100 rows, not the RTX one
    QCOMPARE(changed[0][0].toModelIndex().row(), 0);
    QCOMPARE(changed[1][0].toModelIndex().row(), 2);
    QCOMPARE(model.data(first).toString(), u"+$0.15"_s);
    QCOMPARE(model.data(first, ProviderListingsModel::RawValueRole).toLongLong(), 15);
    QCOMPARE(model.data(model.index(2, ProviderListingsModel::VsBestAsk)).toString(), u"at best"_s);
    changed.clear();
    model.setBestAsk(u"h100-sxm"_s, 280); // the same: nothing to repaint
    QCOMPARE(changed.size(), 0);
    model.setBestAsk(u"h100-sxm"_s, 300);
    QCOMPARE(model.data(first).toString(), u"−$0.05"_s);
    model.setBestAsk(u"h100-sxm"_s, std::nullopt);
    QCOMPARE(model.data(first).toString(), u"–"_s);
}

void TestProviderListingsModel::earningsPerListing()
{
    ProviderListingsModel model(GpuCatalog::builtIn());
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.upsert(listing(1, u"h100-sxm"_s, 295));
    model.upsert(listing(2, u"rtx-4090"_s, 33));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setEarnings({{1, 12'345}, {2, 0}, {9, 500}});
    QCOMPARE(changed.size(), 2);
    QCOMPARE(model.data(model.index(0, ProviderListingsModel::Earnings)).toString(), u"$123.45"_s);
    changed.clear();
    model.setEarnings({{1, 12'345}, {2, 100}});
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed[0][0].toModelIndex().row(), 1);
}

// A listing in a cluster shows its name, fabric and speed; one joining or leaving a cluster (a
// listing event) changes its row.
void TestProviderListingsModel::clusterColumn()
{
    ProviderListingsModel model(GpuCatalog::builtIn());
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.headerData(ProviderListingsModel::Cluster, Qt::Horizontal, Qt::DisplayRole)
                 .toString(),
             u"Cluster"_s);
    Listing l = listing(1, u"h100-sxm"_s, 295);
    model.upsert(l);
    const QModelIndex cell = model.index(0, ProviderListingsModel::Cluster);
    QVERIFY(model.data(cell).toString().isEmpty());
    l.cluster = u"fra-pod-1"_s;
    l.fabric = Fabric::InfiniBand;
    l.fabricGbps = 3200;
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.applyEvent(listingEvent(l));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(cell).toString(), u"fra-pod-1 (InfiniBand, 3,200 Gb/s)"_s);
    QCOMPARE(model.data(cell, ProviderListingsModel::RawValueRole).toString(), u"fra-pod-1"_s);
    l.cluster.clear();
    l.fabric = Fabric::None;
    l.fabricGbps = 0;
    model.applyEvent(listingEvent(l));
    QVERIFY(model.data(cell).toString().isEmpty());
    QCOMPARE(ProviderListingsModel::fabricName(Fabric::RoCE), u"RoCE"_s);
    QCOMPARE(ProviderListingsModel::fabricName(Fabric::Ethernet), u"Ethernet"_s);
}

void TestProviderListingsModel::priceFor_data()
{
    QTest::addColumn<int>("rule");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<std::optional<Cents>>("best");
    QTest::addColumn<std::optional<Cents>>("price");
    const std::optional<Cents> none;
    QTest::newRow("fixed") << int(Rule::Fixed) << qint64(250) << none << std::optional<Cents>(250);
    QTest::newRow("fixed, zero") << int(Rule::Fixed) << qint64(0) << none << none;
    QTest::newRow("fixed, too high") << int(Rule::Fixed) << qint64(100'001) << none << none;
    QTest::newRow("best") << int(Rule::BestAsk) << qint64(0) << std::optional<Cents>(295)
                          << std::optional<Cents>(295);
    QTest::newRow("best, none") << int(Rule::BestAsk) << qint64(0) << none << none;
    QTest::newRow("minus 2%") << int(Rule::BestAskMinusPercent) << qint64(200)
                              << std::optional<Cents>(295) << std::optional<Cents>(289);
    // 2.5 % of 2.90 is 7.25 cents: half to even gives 7.
    QTest::newRow("minus 2.5%") << int(Rule::BestAskMinusPercent) << qint64(250)
                                << std::optional<Cents>(290) << std::optional<Cents>(283);
    QTest::newRow("minus 100%") << int(Rule::BestAskMinusPercent) << qint64(10'000)
                                << std::optional<Cents>(295) << none;
    QTest::newRow("minus 0.10") << int(Rule::BestAskMinusAmount) << qint64(10)
                                << std::optional<Cents>(295) << std::optional<Cents>(285);
    QTest::newRow("minus all") << int(Rule::BestAskMinusAmount) << qint64(295)
                               << std::optional<Cents>(295) << none;
    QTest::newRow("minus, none") << int(Rule::BestAskMinusAmount) << qint64(10) << none << none;
    QTest::newRow("minus negative")
        << int(Rule::BestAskMinusAmount) << qint64(-10) << std::optional<Cents>(295) << none;
}

void TestProviderListingsModel::priceFor()
{
    QFETCH(int, rule);
    QFETCH(qint64, value);
    QFETCH(std::optional<Cents>, best);
    QFETCH(std::optional<Cents>, price);
    QCOMPARE(ProviderListingsModel::priceFor(Rule(rule), value, best), price);
}

void TestProviderListingsModel::hostedRentals()
{
    HostedRentalsModel model(GpuCatalog::builtIn());
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    HostedRental r {9, 4, u"h100-sxm"_s, 2, 300, 3, 1, 1795996800000, 0, RentalState::Running, 540};
    model.merge({r});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, HostedRentalsModel::HoursBilled)).toString(), u"1 of 3"_s);
    QCOMPARE(model.data(model.index(0, HostedRentalsModel::Earned)).toString(), u"$5.40"_s);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    r.hoursBilled = 2;
    r.earnedCents = 1'080;
    HostedRental older = r;
    older.id = 3;
    model.merge({r, older});
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(0, HostedRentalsModel::Earned)).toString(), u"$10.80"_s);
}

void TestProviderListingsModel::payouts()
{
    PayoutsModel model;
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Payout p {5, 2, 12'000, PayoutState::Requested, {}, {}, 1795996800000, 0, 0};
    model.merge({p});
    QCOMPARE(model.data(model.index(0, PayoutsModel::State)).toString(), u"Requested"_s);
    QCOMPARE(model.data(model.index(0, PayoutsModel::Amount)).toString(), u"$120.00"_s);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    p.state = PayoutState::Paid;
    p.reference = u"T-1"_s;
    p.settledMs = 1795996900000;
    model.applyEvent(Wire::accountEvent(QString(AccountEvent::Payout), Wire::wrap(p)));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(inserted.size(), 0);
    QCOMPARE(model.data(model.index(0, PayoutsModel::State)).toString(), u"Paid"_s);
    QCOMPARE(model.data(model.index(0, PayoutsModel::Reference)).toString(), u"T-1"_s);
    Payout next {6, 2, 100, PayoutState::Requested, {}, {}, 1795996900000, 0, 0};
    model.applyEvent(Wire::accountEvent(QString(AccountEvent::Payout), Wire::wrap(next)));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.rowCount(), 2);
}

void TestProviderListingsModel::statsCsv()
{
    ProviderStats s;
    s.days = {{1795996800000, 1'080, 4, 11'520, 208}, {1796083200000, 0, 0, 50, 0}};
    const QString csv = QString::fromUtf8(ProviderStatsCsv::toCsv(s));
    QCOMPARE(csv,
             u"date,earnings_usd,rented_gpu_hours,listed_gpu_hours,utilisation_percent\r\n"
             "2026-11-30,10.80,4,192.00,2.08\r\n"
             "2026-12-01,0.00,0,0.83,0.00\r\n"_s);
}

QTEST_GUILESS_MAIN(TestProviderListingsModel)
#include "tst_providerlistingsmodel.moc"
