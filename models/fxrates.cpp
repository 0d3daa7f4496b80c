#include "fxrates.h"

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

bool isCurrencyCode(QStringView code)
{
    return code.size() == 3 && std::all_of(code.begin(), code.end(), [](QChar c) {
               return c.unicode() >= u'A' && c.unicode() <= u'Z';
           });
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace

std::optional<FxRates> FxRates::fromJson(const QByteArray &json, QString *error)
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
    FxRates rates;
    const QJsonValue source = root.value(u"source");
    rates.m_source = source.toString();
    if (!source.isString() || rates.m_source.trimmed().isEmpty()) {
        fail(error,
             QStringLiteral("source: expected a non-empty string, got %1").arg(describe(source)));
        return std::nullopt;
    }
    const QJsonValue asOf = root.value(u"asOf");
    rates.m_asOf = isoDate(asOf);
    if (!rates.m_asOf.isValid()) {
        fail(error,
             QStringLiteral("asOf: expected a date \"YYYY-MM-DD\", got %1").arg(describe(asOf)));
        return std::nullopt;
    }
    const QJsonValue quotes = root.value(u"usdPerUnitMicros");
    if (!quotes.isObject()) {
        fail(error,
             QStringLiteral("usdPerUnitMicros: expected an object, got %1").arg(describe(quotes)));
        return std::nullopt;
    }

    const QJsonObject rows = quotes.toObject();
    // A row is named by its key: QJsonObject sorts keys, so a position would not be the file's.
    for (auto it = rows.constBegin(); it != rows.constEnd(); ++it) {
        const QString code = it.key();
        const QString where = QStringLiteral("usdPerUnitMicros[\"%1\"]").arg(code);
        if (!isCurrencyCode(code)) {
            fail(error,
                 QStringLiteral("%1: currency code: expected three ASCII capital letters "
                                "(ISO 4217)")
                     .arg(where));
            return std::nullopt;
        }
        const std::optional<qint64> micros = wholeNumber(it.value());
        if (!micros || *micros <= 0 || *micros > MaxQuoteMicros) {
            fail(error,
                 QStringLiteral("%1: quote: expected USD per unit times 10^6, an integer from 1 "
                                "to %2, got %3")
                     .arg(where)
                     .arg(MaxQuoteMicros)
                     .arg(describe(it.value())));
            return std::nullopt;
        }
        // Quotes for currencies the program does not take are ignored, so that a newer file
        // still loads; USD, if listed, must be the identity.
        const std::optional<Currency> currency = Money::currencyFromCode(code);
        if (currency == Currency::USD && *micros != UsdMicros) {
            fail(error,
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
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        fail(error, QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()));
        return std::nullopt;
    }
    QString message;
    auto rates = fromJson(file.readAll(), &message);
    if (!rates)
        fail(error, path + QStringLiteral(": ") + message);
    return rates;
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
