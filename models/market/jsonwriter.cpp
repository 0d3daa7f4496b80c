// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/jsonwriter.h"

#include <QtCore/QCborValue>
#include <QtCore/QLocale>

#include <charconv>
#include <cmath>

namespace everx {

void JsonWriter::beforeValue()
{
    if (std::exchange(m_afterKey, false))
        return;
    if (!std::exchange(m_first, false))
        m_out += u',';
}

void JsonWriter::beginObject()
{
    beforeValue();
    m_out += u'{';
    m_first = true;
}

void JsonWriter::endObject()
{
    m_out += u'}';
    m_first = false;
}

void JsonWriter::beginArray()
{
    beforeValue();
    m_out += u'[';
    m_first = true;
}

void JsonWriter::endArray()
{
    m_out += u']';
    m_first = false;
}

void JsonWriter::key(QLatin1StringView name)
{
    value(name);
    m_out += u':';
    m_afterKey = true;
}

void JsonWriter::key(QStringView name)
{
    value(name);
    m_out += u':';
    m_afterKey = true;
}

void JsonWriter::value(qint64 number)
{
    beforeValue();
    char digits[24];
    const auto end = std::to_chars(std::begin(digits), std::end(digits), number).ptr;
    m_out += QLatin1StringView(digits, end);
}

void JsonWriter::value(bool flag)
{
    beforeValue();
    m_out += flag ? QLatin1StringView("true") : QLatin1StringView("false");
}

void JsonWriter::value(double number)
{
    beforeValue();
    if (!std::isfinite(number))
        m_out += QLatin1StringView("null");
    else
        m_out += QString::number(number, 'g', QLocale::FloatingPointShortest);
}

void JsonWriter::value(QStringView text)
{
    beforeValue();
    string(text);
}

void JsonWriter::value(QLatin1StringView text)
{
    beforeValue();
    string(text);
}

void JsonWriter::null()
{
    beforeValue();
    m_out += QLatin1StringView("null");
}

void JsonWriter::raw(QStringView json)
{
    beforeValue();
    m_out += json;
}

void JsonWriter::value(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        null();
        return;
    case QJsonValue::Bool:
        value(v.toBool());
        return;
    case QJsonValue::Double: {
        // A QJsonValue keeps a whole number it was given as an integer, and QJsonDocument
        // writes that in full (1000000000000000, not 1e+15).
        const QCborValue cbor = QCborValue::fromJsonValue(v);
        if (cbor.isInteger())
            value(cbor.toInteger());
        else
            value(cbor.toDouble());
        return;
    }
    case QJsonValue::String:
        value(v.toString());
        return;
    case QJsonValue::Array:
        value(v.toArray());
        return;
    case QJsonValue::Object:
        value(v.toObject());
        return;
    }
}

void JsonWriter::value(const QJsonObject &object)
{
    beginObject();
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        key(it.key());
        value(it.value());
    }
    endObject();
}

void JsonWriter::value(const QJsonArray &array)
{
    beginArray();
    for (const QJsonValue &element : array)
        value(element);
    endArray();
}

namespace {

template<typename Char>
void escaped(QString &out, const Char *begin, const Char *end)
{
    static constexpr char hex[] = "0123456789abcdef";
    out += u'"';
    const Char *plain = begin; // the start of a run that needs no escape
    for (const Char *p = begin; p != end; ++p) {
        const char16_t c = char16_t(*p);
        if (c >= 0x20 && c != u'"' && c != u'\\')
            continue;
        if constexpr (sizeof(Char) == 1)
            out += QLatin1StringView(reinterpret_cast<const char *>(plain), p - plain);
        else
            out += QStringView(plain, p);
        plain = p + 1;
        out += u'\\';
        switch (c) {
        case u'"':
        case u'\\':
            out += QChar(c);
            break;
        case u'\b':
            out += u'b';
            break;
        case u'\f':
            out += u'f';
            break;
        case u'\n':
            out += u'n';
            break;
        case u'\r':
            out += u'r';
            break;
        case u'\t':
            out += u't';
            break;
        default:
            out += QLatin1StringView("u00");
            out += QLatin1Char(hex[c >> 4]);
            out += QLatin1Char(hex[c & 0xf]);
            break;
        }
    }
    if constexpr (sizeof(Char) == 1)
        out += QLatin1StringView(reinterpret_cast<const char *>(plain), end - plain);
    else
        out += QStringView(plain, end);
    out += u'"';
}

} // namespace

void JsonWriter::string(QStringView text)
{
    escaped(m_out, text.utf16(), text.utf16() + text.size());
}

void JsonWriter::string(QLatin1StringView text)
{
    const auto *begin = reinterpret_cast<const uchar *>(text.data());
    escaped(m_out, begin, begin + text.size());
}

} // namespace everx
