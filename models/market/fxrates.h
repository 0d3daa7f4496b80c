// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"

#include <QtCore/QDate>
#include <QtCore/QString>

#include <optional>

namespace everx {

// The exchange's quotes for converting top-ups to USD, from JSON data
// (resources/fx_rates.json, built in as ":/everx/fx_rates.json") with source and date.
// A quote is USD per one unit of the currency, times 10^6 (see Money::convert).
class FxRates final
{
public:
    FxRates() = default;

    static std::optional<FxRates> fromJson(const QByteArray &json, QString *error = nullptr);
    static std::optional<FxRates> load(const QString &path, QString *error = nullptr);
    static const FxRates &builtIn();

    // USD is always 1'000'000; nullopt for a currency without a quote.
    std::optional<qint64> usdPerUnitMicros(Currency currency) const;
    void setQuote(Currency currency, qint64 usdPerUnitMicros); // must be > 0

    QString source() const { return m_source; }
    QDate asOf() const { return m_asOf; }

private:
    qint64 m_eur = 0;
    qint64 m_gbp = 0;
    QString m_source;
    QDate m_asOf;
};

} // namespace everx
