// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/fxrates.h"
#include "market/money.h"
#include "market/taxtable.h"

#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <functional>

using namespace Qt::StringLiterals;
using everx::Cents;
using everx::Currency;
using everx::FxRates;
using everx::Money;
using everx::TaxTable;

namespace {

using Edit = std::function<void(QJsonObject &)>;

QJsonObject validTaxDocument()
{
    return QJsonObject {{u"version"_s, 1},
                        {u"source"_s, u"test"_s},
                        {u"asOf"_s, u"2026-11-01"_s},
                        {u"rates"_s, QJsonObject {{u"DE"_s, 1900}, {u"US"_s, 0}}}};
}

QJsonObject validFxDocument()
{
    return QJsonObject {
        {u"version"_s, 1},
        {u"source"_s, u"test"_s},
        {u"asOf"_s, u"2026-11-01"_s},
        {u"usdPerUnitMicros"_s, QJsonObject {{u"EUR"_s, 1'084'200}, {u"GBP"_s, 1'268'500}}}};
}

QByteArray edited(QJsonObject document, const Edit &edit)
{
    edit(document);
    return QJsonDocument(document).toJson();
}

QByteArray taxWith(const Edit &edit)
{
    return edited(validTaxDocument(), edit);
}

QByteArray fxWith(const Edit &edit)
{
    return edited(validFxDocument(), edit);
}

// Sets one entry of the named map ("rates" or "usdPerUnitMicros") of the document.
Edit entry(const QString &map, const QString &key, const QJsonValue &value)
{
    return [=](QJsonObject &document) {
        QJsonObject entries = document.value(map).toObject();
        entries.insert(key, value);
        document.insert(map, entries);
    };
}

Edit field(const QString &key, const QJsonValue &value)
{
    return [=](QJsonObject &document) {
        document.insert(key, value);
    };
}

Edit without(const QString &key)
{
    return [=](QJsonObject &document) {
        document.remove(key);
    };
}

const QStringList Eu27 = {u"AT"_s, u"BE"_s, u"BG"_s, u"HR"_s, u"CY"_s, u"CZ"_s, u"DK"_s,
                          u"EE"_s, u"FI"_s, u"FR"_s, u"DE"_s, u"GR"_s, u"HU"_s, u"IE"_s,
                          u"IT"_s, u"LV"_s, u"LT"_s, u"LU"_s, u"MT"_s, u"NL"_s, u"PL"_s,
                          u"PT"_s, u"RO"_s, u"SK"_s, u"SI"_s, u"ES"_s, u"SE"_s};

} // namespace

class TestTaxFx final : public QObject
{
    Q_OBJECT

private slots:
    // Tax table
    void builtInTaxRates_data();
    void builtInTaxRates();
    void builtInTaxCoversEu27();
    void builtInTaxProvenance();
    void taxLookupIsCaseInsensitive_data();
    void taxLookupIsCaseInsensitive();
    void taxUnknownCountry_data();
    void taxUnknownCountry();
    void taxOnAPrice_data();
    void taxOnAPrice();
    void taxAcceptsValidDocuments_data();
    void taxAcceptsValidDocuments();
    void taxRefusesInvalidDocuments_data();
    void taxRefusesInvalidDocuments();
    void taxLoadsFromFile();

    // FX rates
    void builtInFxQuotes();
    void fxWithoutQuotes();
    void fxSetQuote();
    void topUpConversion_data();
    void topUpConversion();
    void fxAcceptsValidDocuments_data();
    void fxAcceptsValidDocuments();
    void fxRefusesInvalidDocuments_data();
    void fxRefusesInvalidDocuments();
    void fxLoadReportsMissingFile();
};

void TestTaxFx::builtInTaxRates_data()
{
    QTest::addColumn<QString>("country");
    QTest::addColumn<int>("basisPoints");

    QTest::newRow("DE VAT 19%") << u"DE"_s << 1900;
    QTest::newRow("FR VAT 20%") << u"FR"_s << 2000;
    QTest::newRow("NL VAT 21%") << u"NL"_s << 2100;
    QTest::newRow("HU VAT 27%") << u"HU"_s << 2700;
    QTest::newRow("LU VAT 17%") << u"LU"_s << 1700;
    QTest::newRow("FI VAT 25.5%") << u"FI"_s << 2550;
    QTest::newRow("GB VAT 20%") << u"GB"_s << 2000;
    QTest::newRow("NO MVA 25%") << u"NO"_s << 2500;
    QTest::newRow("CH MWST 8.1%") << u"CH"_s << 810;
    QTest::newRow("US no federal sales tax") << u"US"_s << 0;
    QTest::newRow("CA GST 5%") << u"CA"_s << 500;
    QTest::newRow("AU GST 10%") << u"AU"_s << 1000;
    QTest::newRow("ID PPN 11%") << u"ID"_s << 1100;
    QTest::newRow("TR KDV 20%") << u"TR"_s << 2000;
    QTest::newRow("JP consumption tax 10%") << u"JP"_s << 1000;
    QTest::newRow("SG GST 9%") << u"SG"_s << 900;
    QTest::newRow("IN GST 18%") << u"IN"_s << 1800;
    QTest::newRow("KR VAT 10%") << u"KR"_s << 1000;
}

void TestTaxFx::builtInTaxRates()
{
    QFETCH(QString, country);
    QFETCH(int, basisPoints);
    QCOMPARE(TaxTable::builtIn().basisPoints(country), std::optional<int>(basisPoints));
    QVERIFY(TaxTable::builtIn().contains(country));
}

void TestTaxFx::builtInTaxCoversEu27()
{
    const TaxTable &table = TaxTable::builtIn();
    for (const QString &country : Eu27) {
        const std::optional<int> bp = table.basisPoints(country);
        QVERIFY2(bp, qPrintable(country));
        // EU standard rates are at least 15 % by directive 2006/112/EC, and none exceeds 27 %.
        QVERIFY2(*bp >= 1500 && *bp <= 2700, qPrintable(country));
    }
    const QStringList countries = table.countries();
    QVERIFY(countries.size() >= 27 + 13);
    QVERIFY(std::is_sorted(countries.cbegin(), countries.cend()));
    QCOMPARE(countries.first(), u"AT"_s);
    QVERIFY(countries.contains(u"KR"_s));
}

void TestTaxFx::builtInTaxProvenance()
{
    const TaxTable &table = TaxTable::builtIn();
    QCOMPARE(table.asOf(), QDate(2026, 11, 1));
    QVERIFY(!table.source().isEmpty());
    // A zero rate is a claim; the source says why.
    QVERIFY(table.source().contains(u"federal sales tax"_s));
    QCOMPARE(&TaxTable::builtIn(), &table); // loaded once
}

void TestTaxFx::taxLookupIsCaseInsensitive_data()
{
    QTest::addColumn<QString>("country");
    QTest::addColumn<int>("basisPoints");

    QTest::newRow("de") << u"de"_s << 1900;
    QTest::newRow("De") << u"De"_s << 1900;
    QTest::newRow("dE") << u"dE"_s << 1900;
    QTest::newRow("tr") << u"tr"_s << 2000;
    QTest::newRow("id") << u"id"_s << 1100;
}

void TestTaxFx::taxLookupIsCaseInsensitive()
{
    QFETCH(QString, country);
    QFETCH(int, basisPoints);
    QCOMPARE(TaxTable::builtIn().basisPoints(country), std::optional<int>(basisPoints));
}

void TestTaxFx::taxUnknownCountry_data()
{
    QTest::addColumn<QString>("country");

    QTest::newRow("XX") << u"XX"_s;
    QTest::newRow("empty") << QString();
    QTest::newRow("one letter") << u"D"_s;
    QTest::newRow("alpha-3") << u"DEU"_s;
    QTest::newRow("with space") << u"DE "_s;
    QTest::newRow("digits") << u"12"_s;
    // Unicode upper-cases dotless i to I: "dı" must not become "DI" (nor "ıd" become "ID").
    QTest::newRow("dotless i") << u"\u0131d"_s;
}

void TestTaxFx::taxUnknownCountry()
{
    QFETCH(QString, country);
    QCOMPARE(TaxTable::builtIn().basisPoints(country), std::nullopt);
    QVERIFY(!TaxTable::builtIn().contains(country));
}

void TestTaxFx::taxOnAPrice_data()
{
    QTest::addColumn<QString>("country");
    QTest::addColumn<Cents>("price");
    QTest::addColumn<Cents>("tax");

    // The seeds' prices exclude tax; EverXCloud adds it as merchant of record.
    QTest::newRow("B300 in DE") << u"DE"_s << Cents(899) << Cents(171);
    QTest::newRow("B300 in ID") << u"ID"_s << Cents(899) << Cents(99);
    QTest::newRow("RTX 4090 in TR") << u"TR"_s << Cents(33) << Cents(7);
    QTest::newRow("H100 SXM in US") << u"US"_s << Cents(288) << Cents(0);
    QTest::newRow("H200 in CH: 33.939 -> 34") << u"CH"_s << Cents(419) << Cents(34);
}

void TestTaxFx::taxOnAPrice()
{
    QFETCH(QString, country);
    QFETCH(Cents, price);
    QFETCH(Cents, tax);
    const std::optional<int> bp = TaxTable::builtIn().basisPoints(country);
    QVERIFY(bp);
    QCOMPARE(Money::basisPoints(price, *bp), tax);
}

void TestTaxFx::taxAcceptsValidDocuments_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("deBasisPoints");

    QTest::newRow("valid") << QJsonDocument(validTaxDocument()).toJson() << 1900;
    QTest::newRow("unknown keys are ignored")
        << taxWith(field(u"comment"_s, u"reviewed"_s)) << 1900;
    QTest::newRow("0 bp") << taxWith(entry(u"rates"_s, u"DE"_s, 0)) << 0;
    QTest::newRow("10000 bp") << taxWith(entry(u"rates"_s, u"DE"_s, 10'000)) << 10'000;
    QTest::newRow("whole number 1900.0")
        << QByteArray(R"({"version":1,"source":"s","asOf":"2026-11-01","rates":{"DE":1900.0}})")
        << 1900;
}

void TestTaxFx::taxAcceptsValidDocuments()
{
    QFETCH(QByteArray, json);
    QFETCH(int, deBasisPoints);
    QString error = u"stale"_s;
    const std::optional<TaxTable> table = TaxTable::fromJson(json, &error);
    QVERIFY2(table, qPrintable(error));
    QVERIFY(error.isEmpty());
    QCOMPARE(table->basisPoints(u"de"), std::optional<int>(deBasisPoints));
    QCOMPARE(table->asOf(), QDate(2026, 11, 1));
}

void TestTaxFx::taxRefusesInvalidDocuments_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("mentions");

    const QString rates = u"rates"_s;
    QTest::newRow("not JSON") << QByteArray("{") << QStringList {u"JSON"_s};
    QTest::newRow("array") << QByteArray("[]") << QStringList {u"object"_s};
    QTest::newRow("version 2") << taxWith(field(u"version"_s, 2)) << QStringList {u"version"_s};
    QTest::newRow("version missing")
        << taxWith(without(u"version"_s)) << QStringList {u"version"_s};
    QTest::newRow("source missing") << taxWith(without(u"source"_s)) << QStringList {u"source"_s};
    QTest::newRow("source empty") << taxWith(field(u"source"_s, u""_s))
                                  << QStringList {u"source"_s};
    QTest::newRow("asOf missing") << taxWith(without(u"asOf"_s)) << QStringList {u"asOf"_s};
    QTest::newRow("asOf month 13")
        << taxWith(field(u"asOf"_s, u"2026-13-01"_s)) << QStringList {u"asOf"_s};
    QTest::newRow("asOf 30 February")
        << taxWith(field(u"asOf"_s, u"2026-02-30"_s)) << QStringList {u"asOf"_s};
    QTest::newRow("asOf unpadded")
        << taxWith(field(u"asOf"_s, u"2026-11-1"_s)) << QStringList {u"asOf"_s};
    QTest::newRow("asOf German") << taxWith(field(u"asOf"_s, u"01.11.2026"_s))
                                 << QStringList {u"asOf"_s};
    QTest::newRow("asOf with time")
        << taxWith(field(u"asOf"_s, u"2026-11-01T00:00:00Z"_s)) << QStringList {u"asOf"_s};
    QTest::newRow("asOf a number")
        << taxWith(field(u"asOf"_s, 20261101)) << QStringList {u"asOf"_s};
    QTest::newRow("rates missing") << taxWith(without(rates)) << QStringList {rates};
    QTest::newRow("rates empty") << taxWith(field(rates, QJsonObject())) << QStringList {rates};
    QTest::newRow("rates an array")
        << taxWith(field(rates, QJsonArray {1900})) << QStringList {rates};
    QTest::newRow("code alpha-3") << taxWith(entry(rates, u"DEU"_s, 1900))
                                  << QStringList {u"rates[\"DEU\"]"_s, u"country code"_s};
    QTest::newRow("code one letter")
        << taxWith(entry(rates, u"D"_s, 1900)) << QStringList {u"rates[\"D\"]"_s, u"country"_s};
    QTest::newRow("code lower case")
        << taxWith(entry(rates, u"fr"_s, 2000)) << QStringList {u"rates[\"fr\"]"_s, u"country"_s};
    QTest::newRow("code digits") << taxWith(entry(rates, u"12"_s, 2000))
                                 << QStringList {u"rates[\"12\"]"_s, u"country"_s};
    QTest::newRow("code non-ASCII")
        << taxWith(entry(rates, u"\u00C4\u00D6"_s, 2000)) << QStringList {u"country code"_s};
    QTest::newRow("rate above 100%")
        << taxWith(entry(rates, u"DE"_s, 10'001)) << QStringList {u"rates[\"DE\"]"_s, u"rate"_s};
    QTest::newRow("rate negative")
        << taxWith(entry(rates, u"DE"_s, -1)) << QStringList {u"rates[\"DE\"]"_s, u"rate"_s};
    QTest::newRow("rate in percent")
        << taxWith(entry(rates, u"DE"_s, 19.5)) << QStringList {u"rates[\"DE\"]"_s, u"rate"_s};
    QTest::newRow("rate a string")
        << taxWith(entry(rates, u"DE"_s, u"1900"_s)) << QStringList {u"rates[\"DE\"]"_s, u"rate"_s};
    QTest::newRow("rate null") << taxWith(entry(rates, u"DE"_s, QJsonValue()))
                               << QStringList {u"rates[\"DE\"]"_s, u"rate"_s};
}

void TestTaxFx::taxRefusesInvalidDocuments()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, mentions);
    QString error;
    QVERIFY(!TaxTable::fromJson(json, &error));
    for (const QString &mention : mentions)
        QVERIFY2(error.contains(mention), qPrintable(u"\"%1\" not in: %2"_s.arg(mention, error)));
    QVERIFY(!TaxTable::fromJson(json));
}

void TestTaxFx::taxLoadsFromFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"tax_rates.json"_s);
    QString error;
    QVERIFY(!TaxTable::load(path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));

    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(validTaxDocument()).toJson());
    file.close();
    const std::optional<TaxTable> table = TaxTable::load(path, &error);
    QVERIFY2(table, qPrintable(error));
    QCOMPARE(table->countries(), (QStringList {u"DE"_s, u"US"_s}));
    QCOMPARE(table->source(), u"test"_s);
}

void TestTaxFx::builtInFxQuotes()
{
    const FxRates &fx = FxRates::builtIn();
    QCOMPARE(fx.usdPerUnitMicros(Currency::USD), std::optional<qint64>(1'000'000));
    QCOMPARE(fx.usdPerUnitMicros(Currency::EUR), std::optional<qint64>(1'084'200));
    QCOMPARE(fx.usdPerUnitMicros(Currency::GBP), std::optional<qint64>(1'268'500));
    QCOMPARE(fx.asOf(), QDate(2026, 11, 1));
    QVERIFY(fx.source().contains(u"sandbox"_s));
    QCOMPARE(&FxRates::builtIn(), &fx); // loaded once
}

void TestTaxFx::fxWithoutQuotes()
{
    const FxRates fx;
    QCOMPARE(fx.usdPerUnitMicros(Currency::USD), std::optional<qint64>(1'000'000));
    QCOMPARE(fx.usdPerUnitMicros(Currency::EUR), std::nullopt);
    QCOMPARE(fx.usdPerUnitMicros(Currency::GBP), std::nullopt);
}

void TestTaxFx::fxSetQuote()
{
    FxRates fx;
    fx.setQuote(Currency::EUR, 1'100'000);
    QCOMPARE(fx.usdPerUnitMicros(Currency::EUR), std::optional<qint64>(1'100'000));
    QCOMPARE(fx.usdPerUnitMicros(Currency::GBP), std::nullopt);
    fx.setQuote(Currency::GBP, 1'250'000);
    QCOMPARE(fx.usdPerUnitMicros(Currency::GBP), std::optional<qint64>(1'250'000));
    QCOMPARE(fx.usdPerUnitMicros(Currency::EUR), std::optional<qint64>(1'100'000));
}

void TestTaxFx::topUpConversion_data()
{
    QTest::addColumn<Currency>("currency");
    QTest::addColumn<QString>("typed"); // as typed in the top-up dialog, Indonesian locale
    QTest::addColumn<Cents>("usdCents");
    QTest::addColumn<QString>("shown");

    QTest::newRow("EUR 50") << Currency::EUR << u"50"_s << Cents(5'421) << u"US$54,21"_s;
    QTest::newRow("EUR 1.000,00") << Currency::EUR << u"1.000,00"_s << Cents(108'420)
                                  << u"US$1.084,20"_s;
    QTest::newRow("EUR 12,34: 13.379 -> 13.38")
        << Currency::EUR << u"12,34"_s << Cents(1'338) << u"US$13,38"_s;
    QTest::newRow("GBP 20") << Currency::GBP << u"20"_s << Cents(2'537) << u"US$25,37"_s;
    QTest::newRow("USD 8,99") << Currency::USD << u"8,99"_s << Cents(899) << u"US$8,99"_s;
}

void TestTaxFx::topUpConversion()
{
    QFETCH(Currency, currency);
    QFETCH(QString, typed);
    QFETCH(Cents, usdCents);
    QFETCH(QString, shown);

    const QLocale indonesian(QLocale::Indonesian, QLocale::Indonesia);
    const std::optional<Cents> amount = Money::parse(typed, indonesian);
    QVERIFY(amount);
    const std::optional<qint64> quote = FxRates::builtIn().usdPerUnitMicros(currency);
    QVERIFY(quote);
    const Cents usd = Money::convert(*amount, *quote);
    QCOMPARE(usd, usdCents);
    QCOMPARE(Money::format(usd, indonesian), shown);
}

void TestTaxFx::fxAcceptsValidDocuments_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<qint64>("eur");
    QTest::addColumn<qint64>("gbp"); // 0: no quote

    const QString quotes = u"usdPerUnitMicros"_s;
    QTest::newRow("valid") << QJsonDocument(validFxDocument()).toJson() << qint64(1'084'200)
                           << qint64(1'268'500);
    QTest::newRow("unknown keys are ignored")
        << fxWith(field(u"comment"_s, u"x"_s)) << qint64(1'084'200) << qint64(1'268'500);
    QTest::newRow("other currencies are ignored")
        << fxWith(entry(quotes, u"CHF"_s, 1'130'000)) << qint64(1'084'200) << qint64(1'268'500);
    QTest::newRow("USD as identity")
        << fxWith(entry(quotes, u"USD"_s, 1'000'000)) << qint64(1'084'200) << qint64(1'268'500);
    QTest::newRow("no GBP quote") << fxWith([&](QJsonObject &d) {
        QJsonObject q = d.value(quotes).toObject();
        q.remove(u"GBP"_s);
        d.insert(quotes, q);
    }) << qint64(1'084'200) << qint64(0);
}

void TestTaxFx::fxAcceptsValidDocuments()
{
    QFETCH(QByteArray, json);
    QFETCH(qint64, eur);
    QFETCH(qint64, gbp);
    QString error = u"stale"_s;
    const std::optional<FxRates> fx = FxRates::fromJson(json, &error);
    QVERIFY2(fx, qPrintable(error));
    QVERIFY(error.isEmpty());
    QCOMPARE(fx->usdPerUnitMicros(Currency::EUR), std::optional<qint64>(eur));
    QCOMPARE(fx->usdPerUnitMicros(Currency::GBP),
             gbp ? std::optional<qint64>(gbp) : std::optional<qint64>());
    QCOMPARE(fx->usdPerUnitMicros(Currency::USD), std::optional<qint64>(1'000'000));
}

void TestTaxFx::fxRefusesInvalidDocuments_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("mentions");

    const QString quotes = u"usdPerUnitMicros"_s;
    const QString eur = u"usdPerUnitMicros[\"EUR\"]"_s;
    QTest::newRow("not JSON") << QByteArray("nope") << QStringList {u"JSON"_s};
    QTest::newRow("version 0") << fxWith(field(u"version"_s, 0)) << QStringList {u"version"_s};
    QTest::newRow("source a number") << fxWith(field(u"source"_s, 1)) << QStringList {u"source"_s};
    QTest::newRow("asOf bad") << fxWith(field(u"asOf"_s, u"2026-11-31"_s))
                              << QStringList {u"asOf"_s};
    QTest::newRow("asOf missing") << fxWith(without(u"asOf"_s)) << QStringList {u"asOf"_s};
    QTest::newRow("quotes missing") << fxWith(without(quotes)) << QStringList {quotes};
    QTest::newRow("quotes an array") << fxWith(field(quotes, QJsonArray())) << QStringList {quotes};
    QTest::newRow("quote 0") << fxWith(entry(quotes, u"EUR"_s, 0)) << QStringList {eur, u"quote"_s};
    QTest::newRow("quote negative")
        << fxWith(entry(quotes, u"EUR"_s, -1'084'200)) << QStringList {eur, u"quote"_s};
    QTest::newRow("quote as a rate")
        << fxWith(entry(quotes, u"EUR"_s, 1.0842)) << QStringList {eur, u"quote"_s};
    QTest::newRow("quote a string")
        << fxWith(entry(quotes, u"EUR"_s, u"1084200"_s)) << QStringList {eur, u"quote"_s};
    QTest::newRow("quote null") << fxWith(entry(quotes, u"EUR"_s, QJsonValue()))
                                << QStringList {eur, u"quote"_s};
    QTest::newRow("quote absurd") << fxWith(entry(quotes, u"EUR"_s, 1e12))
                                  << QStringList {eur, u"quote"_s};
    QTest::newRow("USD not identity")
        << fxWith(entry(quotes, u"USD"_s, 999'999)) << QStringList {u"\"USD\""_s, u"quote"_s};
    QTest::newRow("code lower case")
        << fxWith(entry(quotes, u"chf"_s, 1'130'000)) << QStringList {u"\"chf\""_s, u"currency"_s};
    QTest::newRow("code too long")
        << fxWith(entry(quotes, u"EURO"_s, 1'084'200)) << QStringList {u"\"EURO\""_s};
}

void TestTaxFx::fxRefusesInvalidDocuments()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, mentions);
    QString error;
    QVERIFY(!FxRates::fromJson(json, &error));
    for (const QString &mention : mentions)
        QVERIFY2(error.contains(mention), qPrintable(u"\"%1\" not in: %2"_s.arg(mention, error)));
    QVERIFY(!FxRates::fromJson(json));
}

void TestTaxFx::fxLoadReportsMissingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"fx_rates.json"_s);
    QString error;
    QVERIFY(!FxRates::load(path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestTaxFx)
#include "tst_taxfx.moc"
