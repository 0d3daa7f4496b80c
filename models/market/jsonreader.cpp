// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/jsonreader.h"

#include <QtCore/QJsonArray>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace everx {

std::optional<qint64> Json::wholeNumber(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d != std::trunc(d) || std::fabs(d) > double(MaxExactInteger))
        return std::nullopt;
    // toInteger() is exact where the parser kept an integer; the double check above bounds it.
    const qint64 n = value.toInteger();
    if (n > MaxExactInteger || n < -MaxExactInteger)
        return std::nullopt;
    return n;
}

QString Json::describe(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 17);
    case QJsonValue::String:
        // Hostile input may be long: a message quotes only its start.
        return QStringLiteral("the string \"%1\"")
            .arg(value.toString().size() > 40 ? value.toString().left(40) + u'\u2026'
                                              : value.toString());
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

JsonReader::JsonReader(const QJsonObject &object, QString where)
    : m_object(object)
    , m_where(std::move(where))
    , m_seen(object.size(), false)
{ }

void JsonReader::fail(QAnyStringView key, const QString &problem)
{
    if (failed())
        return;
    m_error = m_where.isEmpty() ? QString() : m_where + QStringLiteral(": ");
    m_error += key.toString() + QStringLiteral(": ") + problem;
}

QJsonObject::const_iterator JsonReader::find(QAnyStringView key) const
{
    const QJsonObject::const_iterator it = key.visit([this](auto view) {
        if constexpr (std::is_same_v<decltype(view), QUtf8StringView>) {
            // Keys are ASCII (the code's literals): as Latin-1 they need no conversion.
            const bool ascii =
                std::all_of(view.begin(), view.end(), [](char c) { return uchar(c) < 0x80; });
            return ascii ? m_object.constFind(QLatin1StringView(view.data(), view.size()))
                         : m_object.constFind(view.toString());
        } else {
            return m_object.constFind(view);
        }
    });
    if (it != m_object.constEnd())
        m_seen[it - m_object.constBegin()] = true;
    return it;
}

QJsonValue JsonReader::value(QAnyStringView key) const
{
    const QJsonObject::const_iterator it = find(key);
    return it != m_object.constEnd() ? it.value() : QJsonValue(QJsonValue::Undefined);
}

QString JsonReader::unknownKey() const
{
    const auto unseen = std::find(m_seen.cbegin(), m_seen.cend(), false);
    return unseen == m_seen.cend() ? QString()
                                   : (m_object.constBegin() + (unseen - m_seen.cbegin())).key();
}

std::optional<QJsonValue> JsonReader::present(QAnyStringView key, Presence presence)
{
    const QJsonObject::const_iterator it = find(key);
    if (failed())
        return std::nullopt;
    if (it == m_object.constEnd()) {
        if (presence == Presence::Required)
            fail(key, QStringLiteral("missing"));
        return std::nullopt;
    }
    return it.value();
}

QString JsonReader::string(QAnyStringView key, qsizetype maxLength, bool allowEmpty,
                           Presence presence, bool nullable)
{
    const std::optional<QJsonValue> value = present(key, presence);
    if (!value || (nullable && value->isNull()))
        return {};
    if (!value->isString()) {
        fail(key, QStringLiteral("expected a string, got %1").arg(Json::describe(*value)));
        return {};
    }
    const QString s = value->toString();
    if (s.size() > maxLength) {
        fail(key,
             QStringLiteral("expected at most %1 characters, got %2").arg(maxLength).arg(s.size()));
        return {};
    }
    if (!allowEmpty && s.trimmed().isEmpty()) {
        fail(key, QStringLiteral("must not be empty"));
        return {};
    }
    return s;
}

std::optional<qint64> JsonReader::integer(QAnyStringView key, qint64 min, qint64 max,
                                          Presence presence, bool nullable)
{
    const std::optional<QJsonValue> value = present(key, presence);
    if (!value || (nullable && value->isNull()))
        return std::nullopt;
    const std::optional<qint64> n = Json::wholeNumber(*value);
    if (!n || *n < min || *n > max) {
        fail(
            key,
            QStringLiteral("expected %1 from %2 to %3, got %4")
                .arg(nullable ? QStringLiteral("null or an integer") : QStringLiteral("an integer"))
                .arg(min)
                .arg(max)
                .arg(Json::describe(*value)));
        return std::nullopt;
    }
    return n;
}

qint64 JsonReader::integerOr(QAnyStringView key, qint64 fallback, qint64 min, qint64 max,
                             Presence presence)
{
    return integer(key, min, max, presence).value_or(fallback);
}

bool JsonReader::boolean(QAnyStringView key, Presence presence)
{
    const std::optional<QJsonValue> value = present(key, presence);
    if (!value)
        return false;
    if (!value->isBool()) {
        fail(key, QStringLiteral("expected true or false, got %1").arg(Json::describe(*value)));
        return false;
    }
    return value->toBool();
}

QJsonObject JsonReader::object(QAnyStringView key, Presence presence)
{
    const std::optional<QJsonValue> value = present(key, presence);
    if (!value)
        return {};
    if (!value->isObject()) {
        fail(key, QStringLiteral("expected an object, got %1").arg(Json::describe(*value)));
        return {};
    }
    return value->toObject();
}

QJsonArray JsonReader::array(QAnyStringView key, Presence presence)
{
    const std::optional<QJsonValue> value = present(key, presence);
    if (!value)
        return {};
    if (!value->isArray()) {
        fail(key, QStringLiteral("expected an array, got %1").arg(Json::describe(*value)));
        return {};
    }
    return value->toArray();
}

} // namespace everx
