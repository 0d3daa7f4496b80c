#include "taxtable.h"

#include <QtCore/QFile>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>

#include <algorithm>
#include <cmath>

namespace everx {

namespace {

QString describe(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 17);
    case QJsonValue::String:
        return QStringLiteral("the string \"%1\"").arg(value.toString());
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

// A JSON number that is a whole number (JSON has only doubles; 2^53 bounds the exact ones).
std::optional<qint64> wholeNumber(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d != std::trunc(d) || std::fabs(d) > 9007199254740992.0)
        return std::nullopt;
    return value.toInteger();
}

// "2026-11-01" exactly: ISO 8601 calendar date, no time, no other spelling.
QDate isoDate(const QJsonValue &value)
{
    const QString s = value.toString();
    if (!value.isString() || s.size() != 10 || s.at(4) != u'-' || s.at(7) != u'-')
        return {};
    return QDate::fromString(s, Qt::ISODate);
}

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

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace

std::optional<TaxTable> TaxTable::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        fail(error,
             QStringLiteral("not valid JSON at offset %1: %2")
                 .arg(parseError.offset)
                 .arg(parseError.errorString()));
        return std::nullopt;
    }
    if (!document.isObject()) {
        fail(error, QStringLiteral("the document must be a JSON object"));
        return std::nullopt;
    }
    const QJsonObject root = document.object();

    const QJsonValue version = root.value(u"version");
    if (wholeNumber(version) != 1) {
        fail(error, QStringLiteral("version: expected 1, got %1").arg(describe(version)));
        return std::nullopt;
    }
    TaxTable table;
    const QJsonValue source = root.value(u"source");
    table.m_source = source.toString();
    if (!source.isString() || table.m_source.trimmed().isEmpty()) {
        fail(error,
             QStringLiteral("source: expected a non-empty string, got %1").arg(describe(source)));
        return std::nullopt;
    }
    const QJsonValue asOf = root.value(u"asOf");
    table.m_asOf = isoDate(asOf);
    if (!table.m_asOf.isValid()) {
        fail(error,
             QStringLiteral("asOf: expected a date \"YYYY-MM-DD\", got %1").arg(describe(asOf)));
        return std::nullopt;
    }
    const QJsonValue rates = root.value(u"rates");
    if (!rates.isObject() || rates.toObject().isEmpty()) {
        fail(error,
             QStringLiteral("rates: expected a non-empty object, got %1")
                 .arg(rates.isObject() ? QStringLiteral("an empty object") : describe(rates)));
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
            fail(error,
                 QStringLiteral("%1: country code: expected two ASCII capital letters (ISO 3166-1 "
                                "alpha-2)")
                     .arg(where));
            return std::nullopt;
        }
        const std::optional<qint64> bp = wholeNumber(it.value());
        if (!bp || *bp < 0 || *bp > 10'000) {
            fail(error,
                 QStringLiteral("%1: rate: expected basis points, an integer from 0 to 10000, got "
                                "%2")
                     .arg(where, describe(it.value())));
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
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        fail(error, QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()));
        return std::nullopt;
    }
    QString message;
    auto table = fromJson(file.readAll(), &message);
    if (!table)
        fail(error, path + QStringLiteral(": ") + message);
    return table;
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
