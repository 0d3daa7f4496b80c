// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/money.h"

#include <cstdlib>
#include <iterator>

namespace everx {

qint64 Money::divRoundHalfEven(Int128 num, qint64 den)
{
    Q_ASSERT(den > 0);
    Int128 q = num / den;
    Int128 r = num % den; // same sign as num (C++ truncates toward zero)
    const Int128 twiceAbsR = (r < 0 ? -r : r) * 2;
    if (twiceAbsR > den || (twiceAbsR == den && (q % 2) != 0))
        q += (num < 0) ? -1 : 1;
    return static_cast<qint64>(q);
}

Cents Money::mulDiv(Cents amount, qint64 mul, qint64 div)
{
    return divRoundHalfEven(static_cast<Int128>(amount) * mul, div);
}

Cents Money::basisPoints(Cents amount, int bp)
{
    return mulDiv(amount, bp, 10'000);
}

Cents Money::convert(qint64 foreignMinor, qint64 usdPerUnitMicros)
{
    return mulDiv(foreignMinor, usdPerUnitMicros, 1'000'000);
}

std::optional<Cents> Money::parse(QStringView text, const QLocale &locale)
{
    return parse(text, locale, nullptr);
}

std::optional<Cents> Money::parse(QStringView text, const QLocale &locale, ParseError *error)
{
    ParseError ignored;
    ParseError &why = error ? *error : ignored;
    why = ParseError::None;
    const auto refuse = [&why](ParseError e) -> std::optional<Cents> {
        why = e;
        return std::nullopt;
    };
    text = text.trimmed();
    if (text.isEmpty())
        return refuse(ParseError::Empty);
    // Read with the other decimal sign, would it be an amount? Then that sign is the fault.
    const auto otherSign = [&]() -> std::optional<Cents> {
        const QChar own = locale.decimalPoint().front();
        const QChar other = own == u'.' ? u',' : u'.';
        if (!text.contains(other))
            return std::nullopt;
        QString swapped = text.toString();
        swapped.replace(other, own);
        return parse(swapped, locale, nullptr);
    };
    bool negative = false;
    if (text.front() == u'-' || text.front() == locale.negativeSign().front()) {
        negative = true;
        text = text.mid(1);
    } else if (text.front() == u'+') {
        text = text.mid(1);
    }
    if (text.isEmpty())
        return refuse(ParseError::NotANumber);

    const QChar decimal = locale.decimalPoint().front();
    const QChar group =
        locale.groupSeparator().isEmpty() ? QChar() : locale.groupSeparator().front();
    qint64 units = 0;
    QString shape; // the integer part as typed: 'd' per digit, 's' per group separator
    int decimals = -1; // -1: no decimal separator seen yet
    qint64 fraction = 0;
    bool anyDigit = false;
    for (const QChar c : text) {
        if (c.isDigit()) {
            const int d = c.digitValue();
            anyDigit = true;
            if (decimals >= 0) {
                if (++decimals > 2)
                    return refuse(otherSign() ? ParseError::WrongDecimalSign
                                              : ParseError::TooManyDecimals); // off the cent grid
                fraction = fraction * 10 + d;
            } else {
                units = units * 10 + d;
                shape += u'd';
                if (units > MaxAmount / 100)
                    return refuse(ParseError::TooLarge);
            }
        } else if (c == decimal && decimals < 0) {
            decimals = 0;
        } else if (!group.isNull() && c == group && decimals < 0) {
            shape += u's';
        } else {
            return refuse(otherSign() ? ParseError::WrongDecimalSign : ParseError::NotANumber);
        }
    }
    if (!anyDigit)
        return refuse(ParseError::NotANumber);
    // Group separators must stand where the locale puts them. Otherwise a decimal separator of
    // another locale reads as grouping: "8,99" in English or "8.99" in Indonesian would be 899
    // dollars rather than 8.99. Typing no separators at all ("1234.50") is always fine.
    if (shape.contains(u's')) {
        QLocale grouped = locale; // the C locale omits grouping by default; parse accepts it
        grouped.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
        QString expected;
        for (const QChar c : grouped.toString(units)) {
            if (c == group)
                expected += u's';
            else if (!c.isLowSurrogate()) // a digit outside the BMP is one digit
                expected += u'd';
        }
        if (shape != expected)
            return refuse(otherSign() ? ParseError::WrongDecimalSign : ParseError::NotANumber);
    }
    if (decimals == 1)
        fraction *= 10;
    const Cents cents = units * 100 + fraction;
    if (cents > MaxAmount)
        return refuse(ParseError::TooLarge);
    return negative ? -cents : cents;
}

QString Money::toPlain(Cents amount)
{
    // Written from the last digit back into one buffer, and copied into the string once: every
    // price of every reply, book level and ledger line goes through here, and building it from
    // QString::number() pieces took four allocations.
    quint64 units = amount < 0 ? quint64(0) - quint64(amount) : quint64(amount);
    const unsigned cents = unsigned(units % 100);
    units /= 100;
    char16_t text[22]; // '-', at most 18 digits of units, '.', two of cents
    char16_t *const end = std::end(text);
    char16_t *p = end;
    *--p = char16_t(u'0' + cents % 10);
    *--p = char16_t(u'0' + cents / 10);
    *--p = u'.';
    do {
        *--p = char16_t(u'0' + units % 10);
        units /= 10;
    } while (units != 0);
    if (amount < 0)
        *--p = u'-';
    return QString(reinterpret_cast<const QChar *>(p), qsizetype(end - p));
}

std::optional<Cents> Money::parsePlain(QStringView text)
{
    const auto digit = [&text](qsizetype i) {
        return i < text.size() && text[i] >= u'0' && text[i] <= u'9';
    };
    qsizetype i = 0;
    const bool negative = !text.isEmpty() && text[0] == u'-';
    if (negative)
        ++i;
    if (!digit(i))
        return std::nullopt;
    Cents units = 0;
    for (; digit(i); ++i) {
        units = units * 10 + (text[i].unicode() - u'0');
        if (units > MaxAmount / 100)
            return std::nullopt; // and no overflow on a long run of digits
    }
    Cents fraction = 0;
    if (i < text.size() && text[i] == u'.') {
        ++i;
        if (!digit(i))
            return std::nullopt;
        fraction = (text[i++].unicode() - u'0') * 10;
        if (digit(i))
            fraction += text[i++].unicode() - u'0';
    }
    if (i != text.size())
        return std::nullopt;
    const Cents cents = units * 100 + fraction;
    if (cents > MaxAmount)
        return std::nullopt;
    return negative ? -cents : cents;
}

QString Money::symbol(Currency currency, const QLocale &locale)
{
    switch (currency) {
    case Currency::USD:
        // CLDR: Indonesian writes "US$" for the dollar; English (US) and Turkish write "$".
        return locale.language() == QLocale::Indonesian ? QStringLiteral("US$")
                                                        : QStringLiteral("$");
    case Currency::EUR:
        return QStringLiteral("\u20AC");
    case Currency::GBP:
        return QStringLiteral("\u00A3");
    }
    return {};
}

QString Money::format(Cents amount, const QLocale &locale, Currency currency)
{
    // The C locale (no language chosen, as in tests and services) writes "4.30$": people read
    // US English there.
    if (locale.language() == QLocale::C)
        return format(amount, QLocale(QLocale::English, QLocale::UnitedStates), currency);
    const quint64 abs = amount < 0 ? quint64(0) - quint64(amount) : quint64(amount);
    const QString number = locale.toString(qulonglong(abs / 100)) + locale.decimalPoint()
        + locale.toString(qulonglong(abs % 100)).rightJustified(2, locale.zeroDigit().front());
    // Let the locale place the symbol and the sign: format the integer 1 (or -1) with the
    // symbol, then put our exactly formatted number where the 1 stands.
    QString pattern =
        locale.toCurrencyString(qlonglong(amount < 0 ? -1 : 1), symbol(currency, locale));
    // Accounting parentheses (Qt's English and Turkish negative pattern) read as a positive
    // amount to many, and in a ledger beside "-$4.01" as a third spelling: a negative amount is
    // the locale's positive pattern after its minus sign instead ("-$4.01", "-$0,33").
    if (amount < 0 && pattern.startsWith(u'(') && pattern.endsWith(u')'))
        pattern =
            locale.negativeSign() + locale.toCurrencyString(qlonglong(1), symbol(currency, locale));
    const qsizetype one = pattern.lastIndexOf(locale.toString(1));
    if (one < 0)
        return (amount < 0 ? locale.negativeSign() : QString()) + symbol(currency, locale) + number;
    pattern.replace(one, locale.toString(1).size(), number);
    return pattern;
}

QString Money::currencyCode(Currency currency)
{
    switch (currency) {
    case Currency::USD:
        return QStringLiteral("USD");
    case Currency::EUR:
        return QStringLiteral("EUR");
    case Currency::GBP:
        return QStringLiteral("GBP");
    }
    return {};
}

std::optional<Currency> Money::currencyFromCode(QStringView code)
{
    if (code == u"USD")
        return Currency::USD;
    if (code == u"EUR")
        return Currency::EUR;
    if (code == u"GBP")
        return Currency::GBP;
    return std::nullopt;
}

} // namespace everx
