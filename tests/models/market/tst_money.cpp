// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/money.h"

#include <QtTest/QtTest>

#include <limits>

using namespace Qt::StringLiterals;
using everx::Cents;
using everx::Currency;
using everx::Money;

namespace {

const QLocale Indonesian(QLocale::Indonesian, QLocale::Indonesia);
const QLocale Turkish(QLocale::Turkish, QLocale::Turkey);
const QLocale EnglishUS(QLocale::English, QLocale::UnitedStates);
const QLocale EnglishUK(QLocale::English, QLocale::UnitedKingdom);
const QLocale German(QLocale::German, QLocale::Germany);

} // namespace

class TestMoney final : public QObject
{
    Q_OBJECT

private slots:
    void divRoundHalfEven_data();
    void divRoundHalfEven();
    void mulDivUses128BitIntermediate();
    void basisPoints_data();
    void basisPoints();
    void convert_data();
    void convert();
    void parse_data();
    void parse();
    void parseSaysWhy_data();
    void parseSaysWhy();
    void parsePlain_data();
    void parsePlain();
    void toPlain_data();
    void toPlain();
    void plainRoundTrip_data();
    void plainRoundTrip();
    void format_data();
    void format();
    void cLocaleFormatsAsUsEnglish();
    void formatMatchesQtCurrencyPattern_data();
    void formatMatchesQtCurrencyPattern();
    void symbol_data();
    void symbol();
    void currencyCodes_data();
    void currencyCodes();
};

void TestMoney::divRoundHalfEven_data()
{
    QTest::addColumn<qint64>("num");
    QTest::addColumn<qint64>("den");
    QTest::addColumn<qint64>("expected");

    // Ties go to the even neighbour, on both sides of zero.
    QTest::newRow("2.5 -> 2") << qint64(25) << qint64(10) << qint64(2);
    QTest::newRow("3.5 -> 4") << qint64(35) << qint64(10) << qint64(4);
    QTest::newRow("1.5 -> 2") << qint64(15) << qint64(10) << qint64(2);
    QTest::newRow("0.5 -> 0") << qint64(5) << qint64(10) << qint64(0);
    QTest::newRow("-2.5 -> -2") << qint64(-25) << qint64(10) << qint64(-2);
    QTest::newRow("-3.5 -> -4") << qint64(-35) << qint64(10) << qint64(-4);
    QTest::newRow("-1.5 -> -2") << qint64(-15) << qint64(10) << qint64(-2);
    QTest::newRow("-0.5 -> 0") << qint64(-5) << qint64(10) << qint64(0);
    // Not ties: to the nearest.
    QTest::newRow("2.6 -> 3") << qint64(26) << qint64(10) << qint64(3);
    QTest::newRow("2.4 -> 2") << qint64(24) << qint64(10) << qint64(2);
    QTest::newRow("-2.6 -> -3") << qint64(-26) << qint64(10) << qint64(-3);
    QTest::newRow("-2.4 -> -2") << qint64(-24) << qint64(10) << qint64(-2);
    QTest::newRow("1/3 -> 0") << qint64(1) << qint64(3) << qint64(0);
    QTest::newRow("2/3 -> 1") << qint64(2) << qint64(3) << qint64(1);
    QTest::newRow("-2/3 -> -1") << qint64(-2) << qint64(3) << qint64(-1);
    QTest::newRow("exact") << qint64(42) << qint64(7) << qint64(6);
    QTest::newRow("zero") << qint64(0) << qint64(7) << qint64(0);
    QTest::newRow("den 1") << qint64(-899) << qint64(1) << qint64(-899);
    QTest::newRow("just above a tie") << qint64(2'500'001) << qint64(1'000'000) << qint64(3);
    QTest::newRow("just below a tie") << qint64(3'499'999) << qint64(1'000'000) << qint64(3);
}

void TestMoney::divRoundHalfEven()
{
    QFETCH(qint64, num);
    QFETCH(qint64, den);
    QFETCH(qint64, expected);
    QCOMPARE(Money::divRoundHalfEven(num, den), expected);
}

void TestMoney::mulDivUses128BitIntermediate()
{
    // 10^15 x 10^9 overflows 64 bits; the 128-bit intermediate keeps the exact result.
    QCOMPARE(Money::mulDiv(Money::MaxAmount, 1'000'000'000, 1'000'000'000), Money::MaxAmount);
    QCOMPARE(Money::mulDiv(-Money::MaxAmount, 1'000'000'000, 1'000'000'000), -Money::MaxAmount);
    // A tie far beyond 64 bits: (10^15 x 10^9 + 5 x 10^8) / 10^9 = 10^15 + 0.5 -> even.
    const everx::Int128 tie = everx::Int128(Money::MaxAmount) * 1'000'000'000 + 500'000'000;
    QCOMPARE(Money::divRoundHalfEven(tie, 1'000'000'000), Money::MaxAmount);
    QCOMPARE(Money::divRoundHalfEven(tie + 1'000'000'000, 1'000'000'000), Money::MaxAmount + 2);
}

void TestMoney::basisPoints_data()
{
    QTest::addColumn<Cents>("amount");
    QTest::addColumn<int>("bp");
    QTest::addColumn<Cents>("expected");

    QTest::newRow("B300 at DE 19%: 170.81 -> 171") << Cents(899) << 1900 << Cents(171);
    QTest::newRow("B300 at ID 11%: 98.89 -> 99") << Cents(899) << 1100 << Cents(99);
    QTest::newRow("RTX 4090 at TR 20%: 6.6 -> 7") << Cents(33) << 2000 << Cents(7);
    QTest::newRow("tie 199.5 -> 200") << Cents(1050) << 1900 << Cents(200);
    QTest::newRow("tie 218.5 -> 218") << Cents(1150) << 1900 << Cents(218);
    QTest::newRow("tie 0.5 -> 0") << Cents(5) << 1000 << Cents(0);
    QTest::newRow("tie 1.5 -> 2") << Cents(15) << 1000 << Cents(2);
    QTest::newRow("negative tie -218.5 -> -218") << Cents(-1150) << 1900 << Cents(-218);
    QTest::newRow("negative -170.81 -> -171") << Cents(-899) << 1900 << Cents(-171);
    QTest::newRow("0 bp") << Cents(899) << 0 << Cents(0);
    QTest::newRow("10000 bp") << Cents(899) << 10'000 << Cents(899);
    QTest::newRow("CH 8.1%: 72.819 -> 73") << Cents(899) << 810 << Cents(73);
    QTest::newRow("max amount at 25%") << Money::MaxAmount << 2500 << Cents(250'000'000'000'000LL);
}

void TestMoney::basisPoints()
{
    QFETCH(Cents, amount);
    QFETCH(int, bp);
    QFETCH(Cents, expected);
    QCOMPARE(Money::basisPoints(amount, bp), expected);
}

void TestMoney::convert_data()
{
    QTest::addColumn<qint64>("foreignMinor");
    QTest::addColumn<qint64>("usdPerUnitMicros");
    QTest::addColumn<Cents>("expected");

    QTest::newRow("EUR 100.00 at 1.0842") << qint64(10'000) << qint64(1'084'200) << Cents(10'842);
    QTest::newRow("EUR 50.00 at 1.0842") << qint64(5'000) << qint64(1'084'200) << Cents(5'421);
    QTest::newRow("EUR 0.01 at 1.0842") << qint64(1) << qint64(1'084'200) << Cents(1);
    QTest::newRow("EUR 12.34 at 1.0842: 13.379 -> 13.38")
        << qint64(1'234) << qint64(1'084'200) << Cents(1'338);
    QTest::newRow("GBP 20.00 at 1.2685") << qint64(2'000) << qint64(1'268'500) << Cents(2'537);
    QTest::newRow("GBP 0.02 at 1.25: tie 2.5 -> 2") << qint64(2) << qint64(1'250'000) << Cents(2);
    QTest::newRow("EUR 0.05 at 1.1: tie 5.5 -> 6") << qint64(5) << qint64(1'100'000) << Cents(6);
    QTest::newRow("EUR 0.15 at 1.1: tie 16.5 -> 16")
        << qint64(15) << qint64(1'100'000) << Cents(16);
    QTest::newRow("USD identity") << qint64(899) << qint64(1'000'000) << Cents(899);
    QTest::newRow("refund EUR -50.00") << qint64(-5'000) << qint64(1'084'200) << Cents(-5'421);
}

void TestMoney::convert()
{
    QFETCH(qint64, foreignMinor);
    QFETCH(qint64, usdPerUnitMicros);
    QFETCH(Cents, expected);
    QCOMPARE(Money::convert(foreignMinor, usdPerUnitMicros), expected);
}

void TestMoney::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<Cents>("expected");

    const QLocale c = QLocale::c();
    QTest::newRow("C 8.99") << u"8.99"_s << c << true << Cents(899);
    QTest::newRow("C 8.9") << u"8.9"_s << c << true << Cents(890);
    QTest::newRow("C 8") << u"8"_s << c << true << Cents(800);
    QTest::newRow("C 0.01") << u"0.01"_s << c << true << Cents(1);
    QTest::newRow("C -0.05") << u"-0.05"_s << c << true << Cents(-5);
    QTest::newRow("C +8.99") << u"+8.99"_s << c << true << Cents(899);
    QTest::newRow("C 1,234.50") << u"1,234.50"_s << c << true << Cents(123'450);
    QTest::newRow("C 1234.50") << u"1234.50"_s << c << true << Cents(123'450);
    QTest::newRow("C 1,234,567.89") << u"1,234,567.89"_s << c << true << Cents(123'456'789);
    QTest::newRow("C white space") << u"  8.99\t"_s << c << true << Cents(899);
    QTest::newRow("C max") << u"10000000000000.00"_s << c << true << Money::MaxAmount;
    QTest::newRow("C -max") << u"-10000000000000"_s << c << true << -Money::MaxAmount;
    QTest::newRow("en_US 1,234.50") << u"1,234.50"_s << EnglishUS << true << Cents(123'450);
    QTest::newRow("id 8,99") << u"8,99"_s << Indonesian << true << Cents(899);
    QTest::newRow("id 1.234,50") << u"1.234,50"_s << Indonesian << true << Cents(123'450);
    QTest::newRow("id 1234,5") << u"1234,5"_s << Indonesian << true << Cents(123'450);
    QTest::newRow("tr 8,99") << u"8,99"_s << Turkish << true << Cents(899);
    QTest::newRow("tr 0,33") << u"0,33"_s << Turkish << true << Cents(33);
    QTest::newRow("tr 1.234,50") << u"1.234,50"_s << Turkish << true << Cents(123'450);
    QTest::newRow("tr -1.234,50") << u"-1.234,50"_s << Turkish << true << Cents(-123'450);

    QTest::newRow("empty") << QString() << c << false << Cents(0);
    QTest::newRow("blank") << u"   "_s << c << false << Cents(0);
    QTest::newRow("abc") << u"abc"_s << c << false << Cents(0);
    QTest::newRow("8.99 USD") << u"8.99 USD"_s << c << false << Cents(0);
    QTest::newRow("$8.99") << u"$8.99"_s << c << false << Cents(0);
    QTest::newRow("8.999") << u"8.999"_s << c << false << Cents(0);
    QTest::newRow("8.990") << u"8.990"_s << c << false << Cents(0);
    QTest::newRow("1e5") << u"1e5"_s << c << false << Cents(0);
    QTest::newRow("--1") << u"--1"_s << c << false << Cents(0);
    QTest::newRow("+-1") << u"+-1"_s << c << false << Cents(0);
    QTest::newRow("-") << u"-"_s << c << false << Cents(0);
    QTest::newRow(".") << u"."_s << c << false << Cents(0);
    QTest::newRow("8.99.1") << u"8.99.1"_s << c << false << Cents(0);
    QTest::newRow("8 99") << u"8 99"_s << c << false << Cents(0);
    QTest::newRow("over max by a cent") << u"10000000000000.01"_s << c << false << Cents(0);
    QTest::newRow("over max") << u"99999999999999999999999"_s << c << false << Cents(0);
    QTest::newRow("-over max") << u"-10000000000001"_s << c << false << Cents(0);
    // Another locale's decimal separator is not grouping: 8.99 is never 899 dollars.
    QTest::newRow("C 8,99") << u"8,99"_s << c << false << Cents(0);
    QTest::newRow("en_US 8,99") << u"8,99"_s << EnglishUS << false << Cents(0);
    QTest::newRow("id 8.99") << u"8.99"_s << Indonesian << false << Cents(0);
    QTest::newRow("tr 8.99") << u"8.99"_s << Turkish << false << Cents(0);
    QTest::newRow("C 1,2,3") << u"1,2,3"_s << c << false << Cents(0);
    QTest::newRow("C 12,34.50") << u"12,34.50"_s << c << false << Cents(0);
    QTest::newRow("C ,899") << u",899"_s << c << false << Cents(0);
    QTest::newRow("C 899,") << u"899,"_s << c << false << Cents(0);
    QTest::newRow("C grouping after decimal") << u"1.234,5"_s << c << false << Cents(0);
    QTest::newRow("id 8,99,1") << u"8,99,1"_s << Indonesian << false << Cents(0);
}

void TestMoney::parseSaysWhy_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<Money::ParseError>("error");

    using E = Money::ParseError;
    QTest::newRow("en 4.19") << u"4.19"_s << EnglishUS << E::None;
    QTest::newRow("en -3") << u"-3"_s << EnglishUS << E::None; // a number; the sign is the caller's
    QTest::newRow("empty") << QString() << EnglishUS << E::Empty;
    QTest::newRow("blank") << u"  "_s << EnglishUS << E::Empty;
    QTest::newRow("abc") << u"abc"_s << EnglishUS << E::NotANumber;
    QTest::newRow("-") << u"-"_s << EnglishUS << E::NotANumber;
    QTest::newRow("$4.19") << u"$4.19"_s << EnglishUS << E::NotANumber;
    QTest::newRow("en 1,2,3") << u"1,2,3"_s << EnglishUS << E::NotANumber;
    QTest::newRow("en 3.055") << u"3.055"_s << EnglishUS << E::TooManyDecimals;
    QTest::newRow("id 3,055") << u"3,055"_s << Indonesian << E::TooManyDecimals;
    QTest::newRow("id 4.05") << u"4.05"_s << Indonesian << E::WrongDecimalSign;
    QTest::newRow("tr 4.05") << u"4.05"_s << Turkish << E::WrongDecimalSign;
    QTest::newRow("en 4,05") << u"4,05"_s << EnglishUS << E::WrongDecimalSign;
    QTest::newRow("id 1.234,5") << u"1.234,5"_s << Indonesian << E::None;
    QTest::newRow("id 4.055: grouping") << u"4.055"_s << Indonesian << E::None;
    QTest::newRow("over max") << u"99999999999999999999"_s << EnglishUS << E::TooLarge;
}

void TestMoney::parseSaysWhy()
{
    QFETCH(QString, text);
    QFETCH(QLocale, locale);
    QFETCH(Money::ParseError, error);
    Money::ParseError why = Money::ParseError::TooLarge;
    const std::optional<Cents> parsed = Money::parse(text, locale, &why);
    QCOMPARE(int(why), int(error));
    QCOMPARE(parsed.has_value(), error == Money::ParseError::None);
    QCOMPARE(parsed, Money::parse(text, locale)); // one parser
}

void TestMoney::parse()
{
    QFETCH(QString, text);
    QFETCH(QLocale, locale);
    QFETCH(bool, valid);
    QFETCH(Cents, expected);

    const std::optional<Cents> parsed = Money::parse(text, locale);
    QCOMPARE(parsed.has_value(), valid);
    if (valid)
        QCOMPARE(*parsed, expected);
}

void TestMoney::parsePlain_data()
{
    // The protocol's form only: what parse forgives in typed input is refused here.
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<Cents>("expected");
    QTest::newRow("8.99") << u"8.99"_s << true << Cents(899);
    QTest::newRow("8.9") << u"8.9"_s << true << Cents(890);
    QTest::newRow("8") << u"8"_s << true << Cents(800);
    QTest::newRow("0.01") << u"0.01"_s << true << Cents(1);
    QTest::newRow("-0.05") << u"-0.05"_s << true << Cents(-5);
    QTest::newRow("-0") << u"-0"_s << true << Cents(0);
    QTest::newRow("leading zeros") << u"0004.19"_s << true << Cents(419);
    QTest::newRow("max") << u"10000000000000.00"_s << true << Money::MaxAmount;
    QTest::newRow("-max") << u"-10000000000000"_s << true << -Money::MaxAmount;
    QTest::newRow("many leading zeros") << u"0000000000000000000000001.5"_s << true << Cents(150);

    QTest::newRow("empty") << QString() << false << Cents(0);
    QTest::newRow("-") << u"-"_s << false << Cents(0);
    QTest::newRow(".") << u"."_s << false << Cents(0);
    QTest::newRow("-.5") << u"-.5"_s << false << Cents(0);
    QTest::newRow(".5") << u".5"_s << false << Cents(0);
    QTest::newRow("4.") << u"4."_s << false << Cents(0);
    QTest::newRow("+8.99") << u"+8.99"_s << false << Cents(0);
    QTest::newRow("--1") << u"--1"_s << false << Cents(0);
    QTest::newRow("leading space") << u" 8.99"_s << false << Cents(0);
    QTest::newRow("trailing space") << u"8.99 "_s << false << Cents(0);
    QTest::newRow("grouping") << u"1,234.50"_s << false << Cents(0);
    QTest::newRow("comma decimal") << u"8,99"_s << false << Cents(0);
    QTest::newRow("8.999") << u"8.999"_s << false << Cents(0);
    QTest::newRow("8.99.1") << u"8.99.1"_s << false << Cents(0);
    QTest::newRow("1e5") << u"1e5"_s << false << Cents(0);
    QTest::newRow("$8.99") << u"$8.99"_s << false << Cents(0);
    QTest::newRow("Arabic-Indic digits") << u"\u0664.\u0661\u0669"_s << false << Cents(0);
    QTest::newRow("full-width digit") << u"\uFF18"_s << false << Cents(0);
    QTest::newRow("over max by a cent") << u"10000000000000.01"_s << false << Cents(0);
    QTest::newRow("-over max by a cent") << u"-10000000000000.01"_s << false << Cents(0);
    QTest::newRow("over max") << u"99999999999999999999999"_s << false << Cents(0);
    QTest::newRow("a NUL inside") << u"8\0.99"_s << false << Cents(0);
}

void TestMoney::parsePlain()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(Cents, expected);
    const std::optional<Cents> parsed = Money::parsePlain(text);
    QCOMPARE(parsed.has_value(), valid);
    if (valid)
        QCOMPARE(*parsed, expected);
}

void TestMoney::toPlain_data()
{
    QTest::addColumn<Cents>("amount");
    QTest::addColumn<QString>("expected");

    QTest::newRow("8.99") << Cents(899) << u"8.99"_s;
    QTest::newRow("0.33") << Cents(33) << u"0.33"_s;
    QTest::newRow("0.05") << Cents(5) << u"0.05"_s;
    QTest::newRow("-0.05") << Cents(-5) << u"-0.05"_s;
    QTest::newRow("0.00") << Cents(0) << u"0.00"_s;
    QTest::newRow("1.00") << Cents(100) << u"1.00"_s;
    QTest::newRow("no grouping") << Cents(123'450) << u"1234.50"_s;
    QTest::newRow("max") << Money::MaxAmount << u"10000000000000.00"_s;
    QTest::newRow("-max") << -Money::MaxAmount << u"-10000000000000.00"_s;
    QTest::newRow("int64 min") << std::numeric_limits<Cents>::min() << u"-92233720368547758.08"_s;
}

void TestMoney::toPlain()
{
    QFETCH(Cents, amount);
    QFETCH(QString, expected);
    QCOMPARE(Money::toPlain(amount), expected);
}

void TestMoney::plainRoundTrip_data()
{
    QTest::addColumn<Cents>("amount");
    for (const Cents amount : {Cents(0), Cents(1), Cents(-1), Cents(899), Cents(-5), Cents(100),
                               Cents(123'450), Money::MaxAmount, -Money::MaxAmount})
        QTest::addRow("%lld", static_cast<long long>(amount)) << amount;
}

void TestMoney::plainRoundTrip()
{
    // Files and the protocol write toPlain and read parse (C locale): nothing may drift.
    QFETCH(Cents, amount);
    QCOMPARE(Money::parse(Money::toPlain(amount)), std::optional<Cents>(amount));
    QCOMPARE(Money::parsePlain(Money::toPlain(amount)), std::optional<Cents>(amount));
}

void TestMoney::format_data()
{
    QTest::addColumn<Cents>("amount");
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<Currency>("currency");
    QTest::addColumn<QString>("expected");

    const Currency usd = Currency::USD;
    // The seeds' own forms.
    QTest::newRow("id US$8,99 (seed)") << Cents(899) << Indonesian << usd << u"US$8,99"_s;
    QTest::newRow("tr $0,33 (seed)") << Cents(33) << Turkish << usd << u"$0,33"_s;
    QTest::newRow("id US$1,79") << Cents(179) << Indonesian << usd << u"US$1,79"_s;
    QTest::newRow("tr $4,19") << Cents(419) << Turkish << usd << u"$4,19"_s;
    QTest::newRow("en_US $8.99") << Cents(899) << EnglishUS << usd << u"$8.99"_s;
    QTest::newRow("en_US $0.05") << Cents(5) << EnglishUS << usd << u"$0.05"_s;
    QTest::newRow("en_US $0.00") << Cents(0) << EnglishUS << usd << u"$0.00"_s;
    // Grouping.
    QTest::newRow("en_US $1,234.50") << Cents(123'450) << EnglishUS << usd << u"$1,234.50"_s;
    QTest::newRow("id US$1.234,50") << Cents(123'450) << Indonesian << usd << u"US$1.234,50"_s;
    QTest::newRow("tr $1.234,50") << Cents(123'450) << Turkish << usd << u"$1.234,50"_s;
    QTest::newRow("en_US max") << Money::MaxAmount << EnglishUS << usd
                               << u"$10,000,000,000,000.00"_s;
    // Negative amounts in each locale's own negative currency pattern as Qt 6.4 (CLDR) has it,
    // the minus after the symbol in id_ID, but never accounting parentheses (Qt's en_US and
    // tr_TR pattern): one form of a negative amount, its minus first.
    QTest::newRow("en_US -8.99") << Cents(-899) << EnglishUS << usd << u"-$8.99"_s;
    QTest::newRow("en_US -0.05") << Cents(-5) << EnglishUS << usd << u"-$0.05"_s;
    QTest::newRow("en_US -4.01") << Cents(-401) << EnglishUS << usd << u"-$4.01"_s;
    QTest::newRow("en_US -354,014.64")
        << Cents(-35'401'464) << EnglishUS << usd << u"-$354,014.64"_s;
    QTest::newRow("tr -0.33") << Cents(-33) << Turkish << usd << u"-$0,33"_s;
    QTest::newRow("tr -1,556,522.01")
        << Cents(-155'652'201) << Turkish << usd << u"-$1.556.522,01"_s;
    QTest::newRow("id -1,556,522.01")
        << Cents(-155'652'201) << Indonesian << usd << u"US$-1.556.522,01"_s;
    QTest::newRow("id -8.99") << Cents(-899) << Indonesian << usd << u"US$-8,99"_s;
    QTest::newRow("de_DE -1234.50")
        << Cents(-123'450) << German << Currency::EUR << u"-1.234,50\u00A0\u20AC"_s;
    // EUR and GBP symbols.
    QTest::newRow("en_US EUR") << Cents(899) << EnglishUS << Currency::EUR << u"\u20AC8.99"_s;
    QTest::newRow("en_GB GBP") << Cents(899) << EnglishUK << Currency::GBP << u"\u00A38.99"_s;
    QTest::newRow("id GBP") << Cents(123'450) << Indonesian << Currency::GBP << u"\u00A31.234,50"_s;
    QTest::newRow("tr EUR") << Cents(33) << Turkish << Currency::EUR << u"\u20AC0,33"_s;
    QTest::newRow("de_DE EUR") << Cents(899) << German << Currency::EUR << u"8,99\u00A0\u20AC"_s;
}

void TestMoney::format()
{
    QFETCH(Cents, amount);
    QFETCH(QLocale, locale);
    QFETCH(Currency, currency);
    QFETCH(QString, expected);
    QCOMPARE(Money::format(amount, locale, currency), expected);
}

void TestMoney::cLocaleFormatsAsUsEnglish()
{
    QCOMPARE(Money::format(123'450, QLocale::c()), QStringLiteral("$1,234.50"));
    QCOMPARE(Money::format(-5, QLocale::c()), Money::format(-5, EnglishUS));
}

void TestMoney::formatMatchesQtCurrencyPattern_data()
{
    QTest::addColumn<Cents>("amount");
    QTest::addColumn<QLocale>("locale");

    // Amounts small enough that Qt's double formatting is exact: Money::format must place
    // symbol, sign and separators exactly as QLocale itself does, in any locale.
    const QList<QLocale> locales = {Indonesian,
                                    Turkish,
                                    EnglishUS,
                                    EnglishUK,
                                    German,
                                    QLocale(QLocale::French, QLocale::France),
                                    QLocale(QLocale::Japanese, QLocale::Japan),
                                    QLocale(QLocale::Hindi, QLocale::India)};
    for (const QLocale &locale : locales) {
        for (const Cents amount :
             {Cents(899), Cents(33), Cents(-899), Cents(123'450), Cents(-123'456'789)}) {
            QTest::addRow("%s %lld", qPrintable(locale.name()), static_cast<long long>(amount))
                << amount << locale;
        }
    }
}

void TestMoney::formatMatchesQtCurrencyPattern()
{
    QFETCH(Cents, amount);
    QFETCH(QLocale, locale);
    for (const Currency currency : {Currency::USD, Currency::EUR, Currency::GBP}) {
        const QString symbol = Money::symbol(currency, locale);
        QString qt = locale.toCurrencyString(double(amount) / 100.0, symbol, 2);
        // Except that parentheses are a minus sign (format_data()).
        if (qt.startsWith(u'(') && qt.endsWith(u')'))
            qt = locale.negativeSign() + qt.mid(1, qt.size() - 2);
        QCOMPARE(Money::format(amount, locale, currency), qt);
        QVERIFY(!Money::format(amount, locale, currency).contains(u'('));
    }
}

void TestMoney::symbol_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<Currency>("currency");
    QTest::addColumn<QString>("expected");

    QTest::newRow("id USD") << Indonesian << Currency::USD << u"US$"_s;
    QTest::newRow("tr USD") << Turkish << Currency::USD << u"$"_s;
    QTest::newRow("en_US USD") << EnglishUS << Currency::USD << u"$"_s;
    QTest::newRow("id EUR") << Indonesian << Currency::EUR << u"\u20AC"_s;
    QTest::newRow("en_US GBP") << EnglishUS << Currency::GBP << u"\u00A3"_s;
}

void TestMoney::symbol()
{
    QFETCH(QLocale, locale);
    QFETCH(Currency, currency);
    QFETCH(QString, expected);
    QCOMPARE(Money::symbol(currency, locale), expected);
}

void TestMoney::currencyCodes_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("known");
    QTest::addColumn<Currency>("currency");

    QTest::newRow("USD") << u"USD"_s << true << Currency::USD;
    QTest::newRow("EUR") << u"EUR"_s << true << Currency::EUR;
    QTest::newRow("GBP") << u"GBP"_s << true << Currency::GBP;
    QTest::newRow("CHF") << u"CHF"_s << false << Currency::USD;
    QTest::newRow("empty") << QString() << false << Currency::USD;
}

void TestMoney::currencyCodes()
{
    QFETCH(QString, code);
    QFETCH(bool, known);
    QFETCH(Currency, currency);

    const std::optional<Currency> parsed = Money::currencyFromCode(code);
    QCOMPARE(parsed.has_value(), known);
    if (known) {
        QCOMPARE(*parsed, currency);
        QCOMPARE(Money::currencyCode(currency), code);
    }
}

QTEST_GUILESS_MAIN(TestMoney)
#include "tst_money.moc"
