// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QDate>
#include <QtCore/QHash>
#include <QtCore/QString>

#include <optional>

namespace everx {

// Tax rates by country (ISO 3166-1 alpha-2), in basis points (1900 = 19 %), from JSON data
// (resources/tax_rates.json, built in as ":/everx/tax_rates.json") with its source and date.
class TaxTable final
{
public:
    TaxTable() = default;

    static std::optional<TaxTable> fromJson(const QByteArray &json, QString *error = nullptr);
    static std::optional<TaxTable> load(const QString &path, QString *error = nullptr);
    static const TaxTable &builtIn();

    // Rate for a country code ("DE", case-insensitive); nullopt for a country not in the table.
    std::optional<int> basisPoints(QStringView countryCode) const;
    bool contains(QStringView countryCode) const { return basisPoints(countryCode).has_value(); }
    QStringList countries() const; // sorted codes

    QString source() const { return m_source; }
    QDate asOf() const { return m_asOf; }

private:
    QHash<QString, int> m_rates;
    QString m_source;
    QDate m_asOf;
};

} // namespace everx
