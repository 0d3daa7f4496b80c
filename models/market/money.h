// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QLocale>
#include <QtCore/QString>
#include <QtCore/QStringView>

#include <optional>

namespace everx {

// Amounts of money are 64-bit integers of minor units (cents); never floating point.
using Cents = qint64;

// The 128-bit intermediate for amount x rate. __int128 is a GCC/Clang extension;
// __extension__ keeps -pedantic quiet about it in every file that includes this header.
__extension__ typedef __int128 Int128;

// The three currencies a balance can be topped up in. Balances themselves are in USD.
enum class Currency : quint8 { USD, EUR, GBP };

// The one parser, formatter and rounding place for money (docs/architecture.md "Money and the
// ledger").
//
// Rounding: every division of money rounds half to even ("banker's rounding"), here and only
// here. Half-to-even has no upward bias over many operations, which matters for a ledger that
// posts millions of fee and tax entries. Intermediate products use 128-bit integers, so
// amount x rate cannot overflow before the division.
class Money final
{
public:
    Money() = delete;

    // Largest amount any operation may carry: 10^15 cents (10 trillion USD). Far beyond any
    // real balance, far below the 64-bit limit, so sums of many amounts cannot overflow.
    static constexpr Cents MaxAmount = 1'000'000'000'000'000LL;

    // num / den rounded half to even; den must be positive.
    static qint64 divRoundHalfEven(Int128 num, qint64 den);
    // amount * mul / div rounded half to even, with a 128-bit intermediate; div must be positive.
    static Cents mulDiv(Cents amount, qint64 mul, qint64 div);
    // amount * basisPoints / 10000 rounded half to even (1 bp = 0.01 %).
    static Cents basisPoints(Cents amount, int basisPoints);
    // Converts minor units of a foreign currency to USD cents at a rate given in USD per unit
    // times 10^6 (micro-dollars per unit): 1.0842 USD per EUR is 1'084'200.
    static Cents convert(qint64 foreignMinor, qint64 usdPerUnitMicros);

    // Parses a plain decimal amount with at most two decimals: "8.99", "-0.05", "1,234.50"
    // in the C locale, or "8,99" and "1.234,50" in a locale whose separators they are.
    // Rejects empty text, letters, more than two decimals (off the cent grid), group separators
    // where the locale would not put them ("8,99" in English is not 899 dollars) and amounts
    // beyond MaxAmount. Surrounding white space is ignored.
    static std::optional<Cents> parse(QStringView text, const QLocale &locale = QLocale::c());
    // Why parse() refused a text, for a message that names the rule the user broke.
    enum class ParseError : quint8 {
        None,
        Empty, // nothing but white space
        NotANumber, // letters, symbols, a lone sign or separator, misplaced grouping
        TooManyDecimals, // more than two decimals: off the cent grid ("3.055")
        WrongDecimalSign, // another locale's decimal sign ("4.05" in Indonesian, "4,05" in English)
        TooLarge, // beyond MaxAmount
    };
    // parse(), saying in *error why a text is refused (None when it parses). A text that reads
    // only with the other decimal sign ('.' for ',', or ',' for '.') is WrongDecimalSign.
    static std::optional<Cents> parse(QStringView text, const QLocale &locale, ParseError *error);

    // "8.99", "-0.05": machine form, C locale, no grouping, for files and the protocol.
    static QString toPlain(Cents amount);
    // The machine form back, as the protocol writes money: an optional '-', ASCII digits,
    // then optionally '.' and one or two digits; nothing else (no white space, '+', grouping,
    // other digits or lone separators), and at most MaxAmount either way. It reads every book
    // level the desk receives, so it allocates nothing.
    static std::optional<Cents> parsePlain(QStringView text);
    // The amount for people, in the locale's own pattern: en "$8.99", id "US$8,99",
    // tr "$8,99" (the seeds' forms), with the locale's digit grouping. The C locale formats as
    // en_US ("$8.99"), not as Qt's "8.99$". A negative amount takes the locale's minus sign
    // where QLocale puts it ("US$-8,99" in Indonesian), never accounting parentheses: English
    // and Turkish write "-$8.99" and "-$8,99".
    static QString format(Cents amount, const QLocale &locale, Currency currency = Currency::USD);
    // The symbol a locale writes for a currency (USD is "US$" in Indonesian, "$" in Turkish).
    static QString symbol(Currency currency, const QLocale &locale);

    static QString currencyCode(Currency currency);
    static std::optional<Currency> currencyFromCode(QStringView code);
};

} // namespace everx
