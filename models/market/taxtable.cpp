// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/taxtable.h"

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

// Two ASCII letters upper-cased ("de" -> "DE"); empty if code is anything else, so that
// non-ASCII letters (Turkish dotless i upper-cases to I) cannot alias a real code.
QString normalizedCountry(QStringView code)
{
    if (code.size() != 2)
        return {};
    QString upper;
    for (const QChar c : code) {
        const char16_t u = c.unicode();
        if (u >= u'a' && u <= u'z')
            upper += QChar(u - u'a' + u'A');
        else if (u >= u'A' && u <= u'Z')
            upper += c;
        else
            return {};
    }
    return upper;
}

} // namespace

std::optional<TaxTable> TaxTable::fromJson(const QByteArray &json, QString *error)
{
    const std::optional<DataFile::Header> header = DataFile::parse(json, true, error);
    if (!header)
        return std::nullopt;
    const QJsonObject &root = header->root;
    TaxTable table;
    table.m_source = header->source;
    table.m_asOf = header->asOf;
    const QJsonValue rates = root.value(u"rates");
    if (!rates.isObject() || rates.toObject().isEmpty()) {
        DataFile::fail(
            error,
            QStringLiteral("rates: expected a non-empty object, got %1")
                .arg(rates.isObject() ? QStringLiteral("an empty object") : Json::describe(rates)));
        return std::nullopt;
    }

    const QJsonObject rows = rates.toObject();
    // A row is named by its key: QJsonObject sorts keys, so a position would not be the file's.
    for (auto it = rows.constBegin(); it != rows.constEnd(); ++it) {
        const QString code = it.key();
        const QString where = QStringLiteral("rates[\"%1\"]").arg(code);
        // The file spells codes as ISO 3166-1 does, in capitals, so that "de" and "DE" cannot
        // both appear; lookups are case-insensitive.
        if (code.size() != 2 || normalizedCountry(code) != code) {
            DataFile::fail(
                error,
                QStringLiteral("%1: country code: expected two ASCII capital letters (ISO 3166-1 "
                               "alpha-2)")
                    .arg(where));
            return std::nullopt;
        }
        const std::optional<qint64> bp = Json::wholeNumber(it.value());
        if (!bp || *bp < 0 || *bp > 10'000) {
            DataFile::fail(
                error,
                QStringLiteral("%1: rate: expected basis points, an integer from 0 to 10000, got "
                               "%2")
                    .arg(where, Json::describe(it.value())));
            return std::nullopt;
        }
        table.m_rates.insert(code, int(*bp));
    }
    if (error)
        error->clear();
    return table;
}

std::optional<TaxTable> TaxTable::load(const QString &path, QString *error)
{
    return DataFile::load<TaxTable>(path, error, &TaxTable::fromJson);
}

const TaxTable &TaxTable::builtIn()
{
    // Initialised once, thread-safe (C++11 magic statics). Invalid built-in data is a
    // programming error caught by tst_taxfx, not a condition to recover from.
    static const TaxTable table = [] {
        QString error;
        std::optional<TaxTable> loaded = load(QStringLiteral(":/everx/tax_rates.json"), &error);
        if (!loaded)
            qFatal("Built-in tax table is invalid: %s", qUtf8Printable(error));
        return std::move(*loaded);
    }();
    return table;
}

std::optional<int> TaxTable::basisPoints(QStringView countryCode) const
{
    const QString code = normalizedCountry(countryCode);
    const auto it = m_rates.constFind(code);
    if (code.isEmpty() || it == m_rates.constEnd())
        return std::nullopt;
    return *it;
}

QStringList TaxTable::countries() const
{
    QStringList codes = m_rates.keys();
    std::sort(codes.begin(), codes.end());
    return codes;
}

} // namespace everx
