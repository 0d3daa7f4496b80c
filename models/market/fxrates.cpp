// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/fxrates.h"

#include "market/datafile.h"
#include "market/jsonreader.h"

#include <QtCore/QFile>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>

#include <algorithm>
#include <cmath>

namespace everx {

namespace {

// USD per unit times 10^6 is exactly 10^6 for USD itself.
constexpr qint64 UsdMicros = 1'000'000;
// Upper bound of a quote: 1000 USD per unit, far above any currency's value, and low enough
// that Money::convert of any amount up to Money::MaxAmount stays within 64 bits.
constexpr qint64 MaxQuoteMicros = 1'000'000'000;

bool isCurrencyCode(QStringView code)
{
    return code.size() == 3 && std::all_of(code.begin(), code.end(), [](QChar c) {
               return c.unicode() >= u'A' && c.unicode() <= u'Z';
           });
}

} // namespace

std::optional<FxRates> FxRates::fromJson(const QByteArray &json, QString *error)
{
    const std::optional<DataFile::Header> header = DataFile::parse(json, true, error);
    if (!header)
        return std::nullopt;
    const QJsonObject &root = header->root;
    FxRates rates;
    rates.m_source = header->source;
    rates.m_asOf = header->asOf;
    const QJsonValue quotes = root.value(u"usdPerUnitMicros");
    if (!quotes.isObject()) {
        DataFile::fail(error,
                       QStringLiteral("usdPerUnitMicros: expected an object, got %1")
                           .arg(Json::describe(quotes)));
        return std::nullopt;
    }

    const QJsonObject rows = quotes.toObject();
    // A row is named by its key: QJsonObject sorts keys, so a position would not be the file's.
    for (auto it = rows.constBegin(); it != rows.constEnd(); ++it) {
        const QString code = it.key();
        const QString where = QStringLiteral("usdPerUnitMicros[\"%1\"]").arg(code);
        if (!isCurrencyCode(code)) {
            DataFile::fail(error,
                           QStringLiteral("%1: currency code: expected three ASCII capital letters "
                                          "(ISO 4217)")
                               .arg(where));
            return std::nullopt;
        }
        const std::optional<qint64> micros = Json::wholeNumber(it.value());
        if (!micros || *micros <= 0 || *micros > MaxQuoteMicros) {
            DataFile::fail(
                error,
                QStringLiteral("%1: quote: expected USD per unit times 10^6, an integer from 1 "
                               "to %2, got %3")
                    .arg(where)
                    .arg(MaxQuoteMicros)
                    .arg(Json::describe(it.value())));
            return std::nullopt;
        }
        // Quotes for currencies the program does not take are ignored, so that a newer file
        // still loads; USD, if listed, must be the identity.
        const std::optional<Currency> currency = Money::currencyFromCode(code);
        if (currency == Currency::USD && *micros != UsdMicros) {
            DataFile::fail(error,
                           QStringLiteral("%1: quote: USD is always %2, got %3")
                               .arg(where)
                               .arg(UsdMicros)
                               .arg(*micros));
            return std::nullopt;
        }
        if (currency && *currency != Currency::USD)
            rates.setQuote(*currency, *micros);
    }
    if (error)
        error->clear();
    return rates;
}

std::optional<FxRates> FxRates::load(const QString &path, QString *error)
{
    return DataFile::load<FxRates>(path, error, &FxRates::fromJson);
}

const FxRates &FxRates::builtIn()
{
    // Initialised once, thread-safe (C++11 magic statics). Invalid built-in data is a
    // programming error caught by tst_taxfx, not a condition to recover from.
    static const FxRates rates = [] {
        QString error;
        std::optional<FxRates> loaded = load(QStringLiteral(":/everx/fx_rates.json"), &error);
        if (!loaded)
            qFatal("Built-in FX rates are invalid: %s", qUtf8Printable(error));
        return std::move(*loaded);
    }();
    return rates;
}

std::optional<qint64> FxRates::usdPerUnitMicros(Currency currency) const
{
    qint64 micros = 0;
    switch (currency) {
    case Currency::USD:
        return UsdMicros;
    case Currency::EUR:
        micros = m_eur;
        break;
    case Currency::GBP:
        micros = m_gbp;
        break;
    }
    // 0 is "no quote" (a default-constructed table or a file without that currency).
    return micros > 0 ? std::optional<qint64>(micros) : std::nullopt;
}

void FxRates::setQuote(Currency currency, qint64 usdPerUnitMicros)
{
    Q_ASSERT_X(usdPerUnitMicros > 0, "FxRates::setQuote", "a quote must be positive");
    if (usdPerUnitMicros <= 0)
        return; // release builds: keep the previous quote rather than store a nonsense one
    switch (currency) {
    case Currency::USD:
        Q_ASSERT_X(usdPerUnitMicros == UsdMicros, "FxRates::setQuote", "USD is the identity");
        break;
    case Currency::EUR:
        m_eur = usdPerUnitMicros;
        break;
    case Currency::GBP:
        m_gbp = usdPerUnitMicros;
        break;
    }
}

} // namespace everx
