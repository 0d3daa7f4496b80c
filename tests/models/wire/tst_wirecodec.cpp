// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/wirecodec.h"

#include "wire/vocabulary.h"

#include <QtCore/QJsonDocument>
#include <QtTest/QtTest>

#include <functional>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {

Account sampleAccount()
{
    Account a;
    a.id = 3;
    a.email = u"ayşe@example.tr"_s;
    a.role = Role::Provider;
    a.country = u"TR"_s;
    a.passwordHash = u"scrypt$secret"_s;
    a.createdMs = 1795996800000;
    a.state = AccountState::Pending;
    a.name = u"Ayşe Yılmaz"_s;
    a.company = u"Anadolu GPU"_s;
    return a;
}

BidOrder sampleOrder()
{
    BidOrder o;
    o.id = 118;
    o.accountId = 3;
    o.clientOrderId = u"desk-7f3a-0001"_s;
    o.gpu = u"h100-sxm"_s;
    o.kind = OrderKind::BuyNow;
    o.quantity = 4;
    o.remaining = 1;
    o.filled = 3;
    o.limitCents = 310;
    o.hours = 2;
    o.taxBp = 1900;
    o.expiresMs = 1796000000000;
    o.state = OrderState::Cancelled;
    o.closeReason = u"cancelled"_s;
    o.createdMs = 1795996800000;
    o.closedMs = 1795996801234;
    o.heldCents = 7140;
    return o;
}

Rental sampleRental()
{
    Rental r;
    r.id = 61;
    r.orderId = 118;
    r.customerId = 3;
    r.listingId = 9;
    r.providerId = 2;
    r.gpu = u"h100-sxm"_s;
    r.gpus = 4;
    r.priceCents = 288;
    r.hours = 2;
    r.hoursBilled = 1;
    r.taxBp = 1900;
    r.feeBp = 1000;
    r.startedMs = 1795996800000;
    r.endedMs = 1796004000000;
    r.state = RentalState::Stopped;
    return r;
}

Rental sampleRentalWithAccess()
{
    Rental r = sampleRental();
    r.region = u"eu-central"_s;
    r.endpoint = u"ssh gpu@203.0.113.7"_s;
    return r;
}

Listing sampleListing()
{
    Listing l;
    l.id = 9;
    l.providerId = 2;
    l.gpu = u"rtx-4090"_s;
    l.gpuCount = 8;
    l.rentedGpus = 3;
    l.region = u"eu-central"_s;
    l.endpoint = u"ssh gpu@203.0.113.7"_s;
    l.askCents = 45;
    l.state = ListingState::Paused;
    l.createdMs = 1795990000000;
    return l;
}

Trade sampleTrade()
{
    Trade t;
    t.id = 77;
    t.gpu = u"a100-80g"_s;
    t.priceCents = 129;
    t.quantity = 2;
    t.hours = 12;
    t.aggressor = SellerAggressor;
    t.timeMs = 1795996800555;
    return t;
}

LedgerEntry sampleEntry()
{
    LedgerEntry e;
    e.id = 1001;
    e.txId = 400;
    e.timeMs = 1795996800000;
    e.bucket = Bucket::Held;
    e.amount = -2500;
    e.kind = u"release"_s;
    e.refId = 118;
    e.memo = u"order 118 cancelled"_s;
    e.hash = QByteArray(64, 'a');
    return e;
}

Candle sampleCandle()
{
    return Candle {1795996800000, 280, 310, 275, 301, 96};
}

TickerEntry sampleTicker()
{
    TickerEntry t;
    t.gpu = u"h100-sxm"_s;
    t.bid = 280;
    t.ask = 301;
    t.last = 290;
    t.open24h = 250;
    t.change24hBp = 1600;
    t.volume24h = 4200;
    return t;
}

// One decoder per record name, for the table-driven refusal tests.
bool decodeRecord(const QString &record, const QJsonObject &o, QString *error)
{
    if (record == u"account")
        return Wire::accountFromJson(o, error).has_value();
    if (record == u"balance")
        return Wire::balanceFromJson(o, error).has_value();
    if (record == u"order")
        return Wire::orderFromJson(o, error).has_value();
    if (record == u"rental")
        return Wire::rentalFromJson(o, error).has_value();
    if (record == u"listing")
        return Wire::listingFromJson(o, error).has_value();
    if (record == u"trade")
        return Wire::tradeFromJson(o, error).has_value();
    if (record == u"entry")
        return Wire::entryFromJson(o, error).has_value();
    if (record == u"candle")
        return Wire::candleFromJson(o, error).has_value();
    if (record == u"ticker")
        return Wire::tickerFromJson(o, error).has_value();
    if (record == u"payout")
        return Wire::payoutFromJson(o, error).has_value();
    if (record == u"hosted rental")
        return Wire::hostedRentalFromJson(o, error).has_value();
    qFatal("unknown record");
}

QList<std::pair<QString, QJsonObject>> sampleRecords()
{
    return {
        {u"account"_s, Wire::toJson(sampleAccount())},
        {u"balance"_s, Wire::toJson(Balance {1234, 56, 700, 300})},
        {u"payout"_s,
         Wire::toJson(Payout {4, 2, 5'000, PayoutState::Paid, u"T-1"_s, u"sent"_s, 1795996800000,
                              1795996900000, 3})},
        {u"hosted rental"_s,
         Wire::toJson(HostedRental {9, 4, u"h100-sxm"_s, 2, 300, 3, 2, 1795996800000, 0,
                                    RentalState::Running, 1'080})},
        {u"order"_s, Wire::toJson(sampleOrder())},
        {u"rental"_s, Wire::toJson(sampleRentalWithAccess())},
        {u"listing"_s, Wire::toJson(sampleListing())},
        {u"trade"_s, Wire::toJson(sampleTrade())},
        {u"entry"_s, Wire::toJson(sampleEntry())},
        {u"candle"_s, Wire::toJson(sampleCandle())},
        {u"ticker"_s, Wire::toJson(sampleTicker())},
    };
}

} // namespace

class TestWireCodec final : public QObject
{
    Q_OBJECT

private slots:
    void moneyToJson_data();
    void moneyToJson();
    void moneyFromJson_data();
    void moneyFromJson();
    void moneyRefuses_data();
    void moneyRefuses();
    void enumNames();
    void unknownEnumNamesRefused_data();
    void unknownEnumNamesRefused();
    void accountRoundTrip();
    void accountNeverCarriesPasswordHash();
    void balanceRoundTrip();
    void payoutRoundTrip();
    void hostedRentalHasNoCustomer();
    void providerStatsRoundTrip();
    void providerRequests_data();
    void providerRequests();
    void orderRoundTrip();
    void orderFieldNames();
    void rentalRoundTrip();
    void rentalAccessDetailsOnlyWhenGiven();
    void repliesAsTextCarryWhatTheirObjectsCarry_data();
    void repliesAsTextCarryWhatTheirObjectsCarry();
    void listingRoundTrip();
    void tradeRoundTrip_data();
    void tradeRoundTrip();
    void entryRoundTrip();
    void candleRoundTrip();
    void tickerRoundTrip();
    void tickerNulls();
    void levelRoundTrip();
    void levelRefuses_data();
    void levelRefuses();
    void missingFieldRefused_data();
    void missingFieldRefused();
    void mistypedFieldRefused_data();
    void mistypedFieldRefused();
    void extraFieldsIgnored();
};

void TestWireCodec::moneyToJson_data()
{
    QTest::addColumn<qint64>("cents");
    QTest::addColumn<QString>("text");
    QTest::newRow("4.19") << qint64(419) << u"4.19"_s;
    QTest::newRow("-25.00") << qint64(-2500) << u"-25.00"_s;
    QTest::newRow("0.00") << qint64(0) << u"0.00"_s;
    QTest::newRow("0.05") << qint64(5) << u"0.05"_s;
    QTest::newRow("max") << Money::MaxAmount << u"10000000000000.00"_s;
}

void TestWireCodec::moneyToJson()
{
    QFETCH(qint64, cents);
    QFETCH(QString, text);
    const QJsonValue value = Wire::money(cents);
    QVERIFY(value.isString()); // never a JSON number
    QCOMPARE(value.toString(), text);
    QCOMPARE(Wire::moneyFromJson(value), std::optional<Cents>(cents));
}

void TestWireCodec::moneyFromJson_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("cents");
    QTest::newRow("two decimals") << u"4.19"_s << qint64(419);
    QTest::newRow("one decimal") << u"4.1"_s << qint64(410);
    QTest::newRow("no decimals") << u"4"_s << qint64(400);
    QTest::newRow("negative") << u"-0.05"_s << qint64(-5);
    QTest::newRow("leading zero") << u"04.19"_s << qint64(419);
}

void TestWireCodec::moneyFromJson()
{
    QFETCH(QString, text);
    QFETCH(qint64, cents);
    QCOMPARE(Wire::moneyFromJson(QJsonValue(text)), std::optional<Cents>(cents));
}

void TestWireCodec::moneyRefuses_data()
{
    QTest::addColumn<QJsonValue>("value");
    QTest::newRow("number 4.19") << QJsonValue(4.19);
    QTest::newRow("number 4") << QJsonValue(4);
    QTest::newRow("three decimals") << QJsonValue(u"4.199"_s);
    QTest::newRow("letters") << QJsonValue(u"abc"_s);
    QTest::newRow("empty") << QJsonValue(u""_s);
    QTest::newRow("null") << QJsonValue(QJsonValue::Null);
    QTest::newRow("bool") << QJsonValue(true);
    QTest::newRow("grouping") << QJsonValue(u"1,234.50"_s);
    QTest::newRow("comma decimal") << QJsonValue(u"4,19"_s);
    QTest::newRow("white space") << QJsonValue(u" 4.19"_s);
    QTest::newRow("plus sign") << QJsonValue(u"+4.19"_s);
    QTest::newRow("trailing point") << QJsonValue(u"4."_s);
    QTest::newRow("leading point") << QJsonValue(u".5"_s);
    QTest::newRow("exponent") << QJsonValue(u"4e2"_s);
    QTest::newRow("currency") << QJsonValue(u"$4.19"_s);
    QTest::newRow("beyond MaxAmount") << QJsonValue(u"10000000000000.01"_s);
    QTest::newRow("array") << QJsonValue(QJsonArray {u"4.19"_s});
    QTest::newRow("minus alone") << QJsonValue(u"-"_s);
    QTest::newRow("Arabic-Indic digits") << QJsonValue(u"\u0664.\u0661\u0669"_s);
    QTest::newRow("trailing letter") << QJsonValue(u"4.1x"_s);
}

void TestWireCodec::moneyRefuses()
{
    QFETCH(QJsonValue, value);
    QVERIFY(!Wire::moneyFromJson(value).has_value());
}

void TestWireCodec::enumNames()
{
    // Every value has a name that reads back as itself; names are the protocol's.
    const QStringList roles {u"customer"_s, u"provider"_s, u"support"_s};
    for (const Role r : {Role::Customer, Role::Provider, Role::Support}) {
        QVERIFY(roles.contains(Wire::roleName(r)));
        QCOMPARE(Wire::roleFromName(Wire::roleName(r)), r);
    }
    QCOMPARE(Wire::orderKindName(OrderKind::Limit), u"limit"_s);
    QCOMPARE(Wire::orderKindName(OrderKind::BuyNow), u"buy_now"_s);
    for (const OrderKind k : {OrderKind::Limit, OrderKind::BuyNow})
        QCOMPARE(Wire::orderKindFromName(Wire::orderKindName(k)), k);
    const QStringList orderStates {u"open"_s, u"filled"_s, u"cancelled"_s, u"expired"_s};
    for (const OrderState s :
         {OrderState::Open, OrderState::Filled, OrderState::Cancelled, OrderState::Expired}) {
        QCOMPARE(Wire::orderStateName(s), orderStates.at(int(s)));
        QCOMPARE(Wire::orderStateFromName(Wire::orderStateName(s)), s);
    }
    const QStringList rentalStates {u"running"_s, u"ended"_s, u"stopped"_s};
    for (const RentalState s : {RentalState::Running, RentalState::Ended, RentalState::Stopped}) {
        QCOMPARE(Wire::rentalStateName(s), rentalStates.at(int(s)));
        QCOMPARE(Wire::rentalStateFromName(Wire::rentalStateName(s)), s);
    }
    const QStringList listingStates {u"active"_s, u"paused"_s, u"removed"_s};
    for (const ListingState s :
         {ListingState::Active, ListingState::Paused, ListingState::Removed}) {
        QCOMPARE(Wire::listingStateName(s), listingStates.at(int(s)));
        QCOMPARE(Wire::listingStateFromName(Wire::listingStateName(s)), s);
    }
    QCOMPARE(Wire::bucketName(Bucket::Available), u"available"_s);
    QCOMPARE(Wire::bucketName(Bucket::Held), u"held"_s);
    QSet<QString> bucketNames;
    for (const Bucket b : {Bucket::Available, Bucket::Held, Bucket::Earnings, Bucket::PayoutPending,
                           Bucket::ExternalFunding, Bucket::PlatformFees, Bucket::TaxPayable,
                           Bucket::Adjustments, Bucket::Payouts}) {
        QVERIFY(!Wire::bucketName(b).isEmpty());
        bucketNames.insert(Wire::bucketName(b));
        QCOMPARE(Wire::bucketFromName(Wire::bucketName(b)), b);
    }
    QCOMPARE(bucketNames.size(), 9);
    QCOMPARE(Wire::tradeSideName(BuyerAggressor), u"buy"_s);
    QCOMPARE(Wire::tradeSideName(SellerAggressor), u"sell"_s);
    QCOMPARE(Wire::tradeSideName(HistoryPrint), u"history"_s);
    for (const quint8 a : {quint8(BuyerAggressor), quint8(SellerAggressor), quint8(HistoryPrint)})
        QCOMPARE(Wire::tradeSideFromName(Wire::tradeSideName(a)), a);
}

void TestWireCodec::unknownEnumNamesRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("upper case") << u"Customer"_s;
    QTest::newRow("camel case") << u"buyNow"_s;
    QTest::newRow("padded") << u" open"_s;
    QTest::newRow("made up") << u"zombie"_s;
}

void TestWireCodec::unknownEnumNamesRefused()
{
    QFETCH(QString, name);
    QVERIFY(!Wire::roleFromName(name));
    QVERIFY(!Wire::orderKindFromName(name));
    QVERIFY(!Wire::orderStateFromName(name));
    QVERIFY(!Wire::rentalStateFromName(name));
    QVERIFY(!Wire::listingStateFromName(name));
    QVERIFY(!Wire::bucketFromName(name));
    QVERIFY(!Wire::tradeSideFromName(name));
}

void TestWireCodec::accountRoundTrip()
{
    const Account in = sampleAccount();
    QString error;
    const std::optional<Account> out = Wire::accountFromJson(Wire::toJson(in), &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->id, in.id);
    QCOMPARE(out->email, in.email);
    QCOMPARE(out->role, in.role);
    QCOMPARE(out->country, in.country);
    QCOMPARE(out->createdMs, in.createdMs);
    QCOMPARE(out->state, in.state);
    QCOMPARE(out->name, in.name);
    QCOMPARE(out->company, in.company);
    QVERIFY(out->passwordHash.isEmpty());
}

void TestWireCodec::accountNeverCarriesPasswordHash()
{
    const QJsonObject o = Wire::toJson(sampleAccount());
    const QStringList keys = o.keys();
    QCOMPARE(QSet<QString>(keys.cbegin(), keys.cend()),
             (QSet<QString> {u"id"_s, u"email"_s, u"role"_s, u"country"_s, u"createdAt"_s,
                             u"state"_s, u"name"_s, u"company"_s}));
    QVERIFY(!QJsonDocument(o).toJson().contains("secret"));
}

void TestWireCodec::balanceRoundTrip()
{
    const QJsonObject o = Wire::toJson(Balance {-1234, 56});
    QCOMPARE(o.value(u"available"_s), QJsonValue(u"-12.34"_s));
    QCOMPARE(o.value(u"held"_s), QJsonValue(u"0.56"_s));
    const std::optional<Balance> out = Wire::balanceFromJson(o);
    QVERIFY(out);
    QCOMPARE(out->available, -1234);
    QCOMPARE(out->held, 56);
}

void TestWireCodec::payoutRoundTrip()
{
    const Payout in {4,
                     2,
                     5'000,
                     PayoutState::Rejected,
                     {},
                     u"not verified\nyet"_s,
                     1795996800000,
                     1795996900000,
                     3};
    const QJsonObject o = Wire::toJson(in);
    QCOMPARE(o.value(u"amount"_s), QJsonValue(u"50.00"_s));
    QCOMPARE(o.value(u"state"_s), QJsonValue(u"rejected"_s));
    QString error;
    const std::optional<Payout> out = Wire::payoutFromJson(o, &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->id, in.id);
    QCOMPARE(out->providerId, in.providerId);
    QCOMPARE(out->amountCents, in.amountCents);
    QCOMPARE(out->state, in.state);
    QCOMPARE(out->reason, in.reason);
    QCOMPARE(out->requestedMs, in.requestedMs);
    QCOMPARE(out->settledMs, in.settledMs);
    QCOMPARE(out->agentId, in.agentId);
    QCOMPARE(Wire::unwrap<Payout>(Wire::wrap(in))->id, in.id);
    const std::optional<Balance> b = Wire::balanceFromJson(Wire::toJson(Balance {1, 2, 3, 4}));
    QVERIFY(b);
    QCOMPARE(b->earnings, Cents(3));
    QCOMPARE(b->payoutPending, Cents(4));
}

void TestWireCodec::hostedRentalHasNoCustomer()
{
    const HostedRental in {
        9, 4, u"h100-sxm"_s, 2, 300, 3, 2, 1795996800000, 0, RentalState::Running, 1'080};
    const QJsonObject o = Wire::toJson(in);
    QVERIFY(!o.contains(u"customerId"_s));
    QVERIFY(!o.contains(u"orderId"_s));
    QVERIFY(!o.contains(u"email"_s));
    QCOMPARE(o.value(u"earned"_s), QJsonValue(u"10.80"_s));
    const std::optional<QList<HostedRental>> out =
        Wire::unwrapList<HostedRental>(Wire::wrapList(QList<HostedRental> {in}));
    QVERIFY(out && out->size() == 1);
    QCOMPARE(out->at(0).earnedCents, Cents(1'080));
    QCOMPARE(out->at(0).hoursBilled, 2);
    QCOMPARE(out->at(0).listingId, qint64(4));
}

void TestWireCodec::providerStatsRoundTrip()
{
    ProviderStats in;
    in.days = {{1795996800000, 1'080, 4, 11'520, 208}, {1796083200000, 540, 2, 5'760, 208}};
    in.todayCents = 540;
    in.last7DaysCents = 1'620;
    in.last30DaysCents = 1'620;
    in.last90DaysCents = 2'160;
    in.days[1].rentedGpuMinutes = 90;
    in.listings = {{4, 1'620}};
    QString error;
    const std::optional<ProviderStats> out = Wire::providerStatsFromJson(Wire::toJson(in), &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->days.size(), 2);
    QCOMPARE(out->days[0].earningsCents, Cents(1'080));
    QCOMPARE(out->days[1].listedGpuMinutes, qint64(5'760));
    QCOMPARE(out->days[1].utilisationBp, 208);
    QCOMPARE(out->last7DaysCents, Cents(1'620));
    QCOMPARE(out->last90DaysCents, Cents(2'160));
    QCOMPARE(out->days[1].rentedGpuMinutes, qint64(90));
    QCOMPARE(out->listings.size(), 1);
    QCOMPARE(out->listings[0].earningsCents, Cents(1'620));
    QJsonObject bad = Wire::toJson(in);
    QJsonArray days = bad.value(u"days"_s).toArray();
    QJsonObject day = days[0].toObject();
    day.insert(u"utilisationBp"_s, 10'001);
    days[0] = day;
    bad.insert(u"days"_s, days);
    QVERIFY(!Wire::providerStatsFromJson(bad));
}

void TestWireCodec::providerRequests_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("args");
    QTest::addColumn<bool>("ok");
    QTest::newRow("request") << u"payout.request"_s << uR"({"amount":"12.50"})"_s << true;
    QTest::newRow("request, number") << u"payout.request"_s << uR"({"amount":12.5})"_s << false;
    QTest::newRow("request, extra")
        << u"payout.request"_s << uR"({"amount":"1.00","to":"x"})"_s << false;
    QTest::newRow("list, empty") << u"payout.list"_s << u"{}"_s << true;
    QTest::newRow("list, state") << u"payout.list"_s << uR"({"state":"paid"})"_s << true;
    QTest::newRow("list, bad state") << u"payout.list"_s << uR"({"state":"gone"})"_s << false;
    QTest::newRow("list, huge limit") << u"payout.list"_s << uR"({"limit":501})"_s << false;
    QTest::newRow("queue needs state") << u"support.payouts"_s << u"{}"_s << false;
    QTest::newRow("queue") << u"support.payouts"_s << uR"({"state":"requested","before":9})"_s
                           << true;
    QTest::newRow("paid") << u"support.payoutPaid"_s
                          << uR"({"payoutId":3,"reference":"T-1","reason":"sent"})"_s << true;
    QTest::newRow("paid, no reference")
        << u"support.payoutPaid"_s << uR"({"payoutId":3,"reason":"sent"})"_s << false;
    QTest::newRow("paid, id 0") << u"support.payoutPaid"_s
                                << uR"({"payoutId":0,"reference":"T","reason":"s"})"_s << false;
    QTest::newRow("rejected") << u"support.payoutRejected"_s << uR"({"payoutId":3,"reason":"no
proof"})"_s << true;
    QTest::newRow("rejected, reference")
        << u"support.payoutRejected"_s << uR"({"payoutId":3,"reference":"T","reason":"no"})"_s
        << false;
    QTest::newRow("rentals") << u"provider.rentals"_s << uR"({"before":10,"limit":5})"_s << true;
    QTest::newRow("rentals, negative") << u"provider.rentals"_s << uR"({"before":-1})"_s << false;
    QTest::newRow("stats 7") << u"provider.stats"_s << uR"({"days":7})"_s << true;
    QTest::newRow("stats 90") << u"provider.stats"_s << uR"({"days":90})"_s << true;
    QTest::newRow("stats 31") << u"provider.stats"_s << uR"({"days":31})"_s << false;
    QTest::newRow("stats none") << u"provider.stats"_s << u"{}"_s << false;
}

void TestWireCodec::providerRequests()
{
    QFETCH(QString, op);
    QFETCH(QString, args);
    QFETCH(bool, ok);
    const QJsonObject a = QJsonDocument::fromJson(args.toUtf8()).object();
    bool read = false;
    QString message;
    auto check = [&](const auto &result) {
        read = result.ok();
        message = read ? QString() : result.error().message;
    };
    if (op == Op::PayoutRequest)
        check(Wire::payoutRequestFromJson(a));
    else if (op == Op::PayoutList)
        check(Wire::payoutQueryFromJson(a, Op::PayoutList));
    else if (op == Op::SupportPayouts)
        check(Wire::payoutQueryFromJson(a, Op::SupportPayouts));
    else if (op == Op::SupportPayoutPaid)
        check(Wire::payoutSettlementFromJson(a, Op::SupportPayoutPaid));
    else if (op == Op::SupportPayoutRejected)
        check(Wire::payoutSettlementFromJson(a, Op::SupportPayoutRejected));
    else if (op == Op::ProviderRentals)
        check(Wire::rentalPageFromJson(a));
    else if (op == Op::ProviderStats)
        check(Wire::statsQueryFromJson(a));
    QVERIFY2(read == ok, qPrintable(message));
    if (!ok)
        QVERIFY2(message.startsWith(op), qPrintable(message));
}

void TestWireCodec::orderRoundTrip()
{
    const BidOrder in = sampleOrder();
    QString error;
    const std::optional<BidOrder> out = Wire::orderFromJson(Wire::toJson(in), &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->id, in.id);
    QCOMPARE(out->clientOrderId, in.clientOrderId);
    QCOMPARE(out->gpu, in.gpu);
    QCOMPARE(out->kind, in.kind);
    QCOMPARE(out->quantity, in.quantity);
    QCOMPARE(out->remaining, in.remaining);
    QCOMPARE(out->filled, in.filled);
    QCOMPARE(out->limitCents, in.limitCents);
    QCOMPARE(out->hours, in.hours);
    QCOMPARE(out->taxBp, in.taxBp);
    QCOMPARE(out->expiresMs, in.expiresMs);
    QCOMPARE(out->state, in.state);
    QCOMPARE(out->closeReason, in.closeReason);
    QCOMPARE(out->createdMs, in.createdMs);
    QCOMPARE(out->closedMs, in.closedMs);
    QCOMPARE(out->heldCents, in.heldCents);
}

void TestWireCodec::orderFieldNames()
{
    // The example of docs/protocol.md, read field by field.
    const QByteArray json = R"({"id":118,"clientOrderId":"desk-7f3a-0001","gpu":"h100-sxm",
        "kind":"buy_now","placement":"server","gpus":4,"remaining":0,"filled":4,"price":"3.10","hours":2,
        "taxBp":1900,"expiresAt":0,"state":"filled","reason":"filled","createdAt":1795996800000,
        "closedAt":1795996800000,"held":"0.00"})";
    QString error;
    const std::optional<BidOrder> o =
        Wire::orderFromJson(QJsonDocument::fromJson(json).object(), &error);
    QVERIFY2(o, qPrintable(error));
    QCOMPARE(o->kind, OrderKind::BuyNow);
    QCOMPARE(o->placement, Placement::Server);
    QCOMPARE(o->quantity, 4);
    QCOMPARE(o->limitCents, 310);
    QCOMPARE(o->state, OrderState::Filled);
    QCOMPARE(o->createdMs, 1795996800000);
    QCOMPARE(Wire::toJson(*o), QJsonDocument::fromJson(json).object());
}

void TestWireCodec::rentalRoundTrip()
{
    const Rental in = sampleRentalWithAccess();
    QString error;
    const std::optional<Rental> out = Wire::rentalFromJson(Wire::toJson(in), &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->id, in.id);
    QCOMPARE(out->orderId, in.orderId);
    QCOMPARE(out->customerId, in.customerId);
    QCOMPARE(out->listingId, in.listingId);
    QCOMPARE(out->providerId, in.providerId);
    QCOMPARE(out->gpu, in.gpu);
    QCOMPARE(out->gpus, in.gpus);
    QCOMPARE(out->priceCents, in.priceCents);
    QCOMPARE(out->hours, in.hours);
    QCOMPARE(out->hoursBilled, in.hoursBilled);
    QCOMPARE(out->taxBp, in.taxBp);
    QCOMPARE(out->feeBp, in.feeBp);
    QCOMPARE(out->startedMs, in.startedMs);
    QCOMPARE(out->endedMs, in.endedMs);
    QCOMPARE(out->state, in.state);
    QCOMPARE(out->region, u"eu-central"_s);
    QCOMPARE(out->endpoint, u"ssh gpu@203.0.113.7"_s);
}

void TestWireCodec::rentalAccessDetailsOnlyWhenGiven()
{
    const QJsonObject o = Wire::toJson(sampleRental());
    QVERIFY(!o.contains(u"region"_s));
    QVERIFY(!o.contains(u"endpoint"_s));
    const std::optional<Rental> read = Wire::rentalFromJson(o);
    QVERIFY(read);
    QVERIFY(read->region.isEmpty());
    QVERIFY(read->endpoint.isEmpty());

    QJsonObject bad = Wire::toJson(sampleRentalWithAccess());
    bad.insert(u"endpoint"_s, 5);
    QString error;
    QVERIFY(!Wire::rentalFromJson(bad, &error));
    QVERIFY2(error.contains(u"endpoint"_s), qPrintable(error));
}

void TestWireCodec::listingRoundTrip()
{
    const Listing in = sampleListing();
    QString error;
    const std::optional<Listing> out = Wire::listingFromJson(Wire::toJson(in), &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->id, in.id);
    QCOMPARE(out->providerId, in.providerId);
    QCOMPARE(out->gpu, in.gpu);
    QCOMPARE(out->gpuCount, in.gpuCount);
    QCOMPARE(out->rentedGpus, in.rentedGpus);
    QCOMPARE(out->region, in.region);
    QCOMPARE(out->endpoint, in.endpoint);
    QCOMPARE(out->askCents, in.askCents);
    QCOMPARE(out->state, in.state);
    QCOMPARE(out->createdMs, in.createdMs);
}

void TestWireCodec::tradeRoundTrip_data()
{
    QTest::addColumn<quint8>("aggressor");
    QTest::addColumn<QString>("side");
    QTest::newRow("buy") << quint8(BuyerAggressor) << u"buy"_s;
    QTest::newRow("sell") << quint8(SellerAggressor) << u"sell"_s;
    QTest::newRow("history") << quint8(HistoryPrint) << u"history"_s;
}

void TestWireCodec::tradeRoundTrip()
{
    QFETCH(quint8, aggressor);
    QFETCH(QString, side);
    Trade in = sampleTrade();
    in.aggressor = aggressor;
    const QJsonObject o = Wire::toJson(in);
    QCOMPARE(o.value(u"side"_s).toString(), side);
    QString error;
    const std::optional<Trade> out = Wire::tradeFromJson(o, &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->id, in.id);
    QCOMPARE(out->gpu, in.gpu);
    QCOMPARE(out->priceCents, in.priceCents);
    QCOMPARE(out->quantity, in.quantity);
    QCOMPARE(out->hours, in.hours);
    QCOMPARE(out->aggressor, in.aggressor);
    QCOMPARE(out->timeMs, in.timeMs);
}

void TestWireCodec::entryRoundTrip()
{
    const LedgerEntry in = sampleEntry();
    QString error;
    const std::optional<LedgerEntry> out = Wire::entryFromJson(Wire::toJson(in), &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->id, in.id);
    QCOMPARE(out->txId, in.txId);
    QCOMPARE(out->timeMs, in.timeMs);
    QCOMPARE(out->bucket, in.bucket);
    QCOMPARE(out->amount, in.amount);
    QCOMPARE(out->kind, in.kind);
    QCOMPARE(out->refId, in.refId);
    QCOMPARE(out->memo, in.memo);
    QCOMPARE(out->hash, in.hash);
}

void TestWireCodec::candleRoundTrip()
{
    const Candle in = sampleCandle();
    const QJsonObject o = Wire::toJson(in);
    QCOMPARE(o.value(u"o"_s), QJsonValue(u"2.80"_s));
    QCOMPARE(o.value(u"v"_s).toInteger(), 96);
    QString error;
    const std::optional<Candle> out = Wire::candleFromJson(o, &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(*out, in); // Candle has operator==: every field
}

void TestWireCodec::tickerRoundTrip()
{
    const TickerEntry in = sampleTicker();
    QString error;
    const std::optional<TickerEntry> out = Wire::tickerFromJson(Wire::toJson(in), &error);
    QVERIFY2(out, qPrintable(error));
    QCOMPARE(out->gpu, in.gpu);
    QCOMPARE(out->bid, in.bid);
    QCOMPARE(out->ask, in.ask);
    QCOMPARE(out->last, in.last);
    QCOMPARE(out->open24h, in.open24h);
    QCOMPARE(out->change24hBp, in.change24hBp);
    QCOMPARE(out->volume24h, in.volume24h);
}

void TestWireCodec::tickerNulls()
{
    TickerEntry in;
    in.gpu = u"l4"_s;
    const QJsonObject o = Wire::toJson(in);
    for (const QString &key : {u"bid"_s, u"ask"_s, u"last"_s, u"open24h"_s, u"change24hBp"_s})
        QVERIFY2(o.value(key).isNull(), qPrintable(key)); // present, null
    const std::optional<TickerEntry> out = Wire::tickerFromJson(o);
    QVERIFY(out);
    QCOMPARE(*out, in);
}

void TestWireCodec::levelRoundTrip()
{
    const QJsonArray a = Wire::level(288, 12, 3);
    QCOMPARE(a, (QJsonArray {u"2.88"_s, 12, 3}));
    Cents price = 0;
    qint64 gpus = 0;
    qint32 orders = 0;
    QVERIFY(Wire::levelFromJson(a, &price, &gpus, &orders));
    QCOMPARE(price, 288);
    QCOMPARE(gpus, 12);
    QCOMPARE(orders, 3);
    // gpus 0 removes the level in a delta.
    QVERIFY(Wire::levelFromJson(Wire::level(288, 0, 0), &price, &gpus, &orders));
    QCOMPARE(gpus, 0);
    // An ask level adds its block: the most GPUs one listing offers at the price.
    const QJsonArray ask = Wire::askLevel(288, 12, 3, 8);
    QCOMPARE(ask, (QJsonArray {u"2.88"_s, 12, 3, 8}));
    qint32 block = 0;
    QVERIFY(Wire::levelFromJson(ask, &price, &gpus, &orders, &block));
    QCOMPARE(gpus, 12);
    QCOMPARE(block, 8);
    // A bid level has none: its block reads as 0.
    block = 5;
    QVERIFY(Wire::levelFromJson(a, &price, &gpus, &orders, &block));
    QCOMPARE(block, 0);
}

void TestWireCodec::levelRefuses_data()
{
    QTest::addColumn<QJsonValue>("value");
    QTest::newRow("object") << QJsonValue(QJsonObject {{u"price"_s, u"2.88"_s}});
    QTest::newRow("two items") << QJsonValue(QJsonArray {u"2.88"_s, 12});
    QTest::newRow("five items") << QJsonValue(QJsonArray {u"2.88"_s, 12, 3, 4, 1});
    QTest::newRow("block over the level") << QJsonValue(QJsonArray {u"2.88"_s, 12, 3, 13});
    QTest::newRow("negative block") << QJsonValue(QJsonArray {u"2.88"_s, 12, 3, -1});
    QTest::newRow("block a fraction") << QJsonValue(QJsonArray {u"2.88"_s, 12, 3, 1.5});
    QTest::newRow("price number") << QJsonValue(QJsonArray {2.88, 12, 3});
    QTest::newRow("gpus string") << QJsonValue(QJsonArray {u"2.88"_s, u"12"_s, 3});
    QTest::newRow("gpus fraction") << QJsonValue(QJsonArray {u"2.88"_s, 1.5, 3});
    QTest::newRow("negative orders") << QJsonValue(QJsonArray {u"2.88"_s, 12, -3});
}

void TestWireCodec::levelRefuses()
{
    QFETCH(QJsonValue, value);
    Cents price = -1;
    QVERIFY(!Wire::levelFromJson(value, &price, nullptr, nullptr));
    QCOMPARE(price, -1); // untouched
}

void TestWireCodec::missingFieldRefused_data()
{
    QTest::addColumn<QString>("record");
    QTest::addColumn<QJsonObject>("json");
    QTest::addColumn<QString>("field");

    for (const auto &[record, json] : sampleRecords()) {
        for (const QString &field : json.keys()) {
            // Access details of a rental are for its two parties only: optional.
            if (record == u"rental" && (field == u"region" || field == u"endpoint"))
                continue;
            QTest::addRow("%s.%s", qPrintable(record), qPrintable(field))
                << record << json << field;
        }
    }
}

void TestWireCodec::missingFieldRefused()
{
    QFETCH(QString, record);
    QFETCH(QJsonObject, json);
    QFETCH(QString, field);

    QString error;
    QVERIFY(decodeRecord(record, json, &error)); // the complete record is fine
    json.remove(field);
    QVERIFY(!decodeRecord(record, json, &error));
    QVERIFY2(error.startsWith(record + u": "_s + field + u": "_s), qPrintable(error));
}

void TestWireCodec::mistypedFieldRefused_data()
{
    QTest::addColumn<QString>("record");
    QTest::addColumn<QJsonObject>("json");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");

    for (const auto &sample : sampleRecords()) {
        // Named, not a structured binding: clang 14 (the sanitizer build) cannot capture those.
        const QString &record = sample.first;
        const QJsonObject &json = sample.second;
        for (const QString &field : json.keys()) {
            const QJsonValue original = json.value(field);
            const auto row = [&](const char *what, const QJsonValue &value) {
                QTest::addRow("%s.%s %s", qPrintable(record), qPrintable(field), what)
                    << record << json << field << value;
            };
            if (original.isString()) {
                row("as number", QJsonValue(4.19)); // money as a number, or a name as one
                row("as object", QJsonValue(QJsonObject()));
            } else if (original.isDouble()) {
                row("as string", QJsonValue(original.toVariant().toString()));
                row("as fraction", QJsonValue(1.5));
                row("as bool", QJsonValue(true));
            }
            // Every field but the ticker's nullable ones refuses null.
            const bool nullable = record == u"ticker" && field != u"gpu" && field != u"volume24h";
            if (!nullable)
                row("as null", QJsonValue(QJsonValue::Null));
        }
    }
    // Enum names beyond the known ones, and money with three decimals.
    const auto records = sampleRecords();
    for (const auto &[record, json] : records) {
        for (const QString &field : {u"role"_s, u"kind"_s, u"state"_s, u"side"_s, u"bucket"_s}) {
            if (json.value(field).isString() && !(record == u"entry" && field == u"kind"))
                QTest::addRow("%s.%s unknown name", qPrintable(record), qPrintable(field))
                    << record << json << field << QJsonValue(u"bogus"_s);
        }
        for (const QString &field : json.keys()) {
            if (Wire::moneyFromJson(json.value(field)))
                QTest::addRow("%s.%s 3 decimals", qPrintable(record), qPrintable(field))
                    << record << json << field << QJsonValue(u"4.199"_s);
        }
    }
    QTest::addRow("order.gpus beyond 32 bits")
        << u"order"_s << Wire::toJson(sampleOrder()) << u"gpus"_s << QJsonValue(4294967296.0);
}

void TestWireCodec::mistypedFieldRefused()
{
    QFETCH(QString, record);
    QFETCH(QJsonObject, json);
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);

    QString error;
    QVERIFY(decodeRecord(record, json, &error));
    json.insert(field, value);
    QVERIFY(!decodeRecord(record, json, &error));
    QVERIFY2(error.startsWith(record + u": "_s + field + u": "_s), qPrintable(error));
}

void TestWireCodec::extraFieldsIgnored()
{
    QJsonObject o = Wire::toJson(sampleOrder());
    o.insert(u"futureField"_s, QJsonArray {1, 2});
    QVERIFY(Wire::orderFromJson(o));
}

void TestWireCodec::repliesAsTextCarryWhatTheirObjectsCarry_data()
{
    QTest::addColumn<bool>("filled");
    QTest::newRow("no rentals") << false;
    QTest::newRow("rentals, duplicate, escapes") << true;
}

// order.place's and order.cancel's replies are written as text without a QJsonObject: they
// must read back as the objects toJson() and wrap() build, member for member.
void TestWireCodec::repliesAsTextCarryWhatTheirObjectsCarry()
{
    QFETCH(bool, filled);
    OrderPlaced placement;
    placement.order = sampleOrder();
    if (filled) {
        placement.order.clientOrderId.clear();
        placement.order.closeReason = u"a \"reason\" with \\ escapes, Türkçe ı ş 😀"_s;
        placement.rentals = {sampleRental(), sampleRentalWithAccess()};
        placement.duplicate = true;
    }
    QJsonParseError error;
    const QJsonDocument placed = QJsonDocument::fromJson(Wire::json(placement).toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(placed.object(), Wire::toJson(placement));
    QString why;
    const std::optional<OrderPlaced> back = Wire::orderPlacedFromJson(placed.object(), &why);
    QVERIFY2(back, qPrintable(why));
    QCOMPARE(back->rentals.size(), placement.rentals.size());
    QCOMPARE(back->order.closeReason, placement.order.closeReason);

    const QJsonDocument cancelled =
        QJsonDocument::fromJson(Wire::jsonWrapped(placement.order).toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(cancelled.object(), Wire::wrap(placement.order));
}

QTEST_GUILESS_MAIN(TestWireCodec)
#include "tst_wirecodec.moc"
