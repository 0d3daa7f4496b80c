// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>
#include <QtCore/QString>

#include <utility>

namespace everx {

// Compact JSON text written straight into a QString, the form a protocol frame is sent in, with
// no QJsonObject built on the way and no round trip through UTF-8: a record's fields go out as
// the record is read (wire/wirecodec.h's json()). The text is what QJsonDocument::toJson(Compact)
// writes for the same members in the same order: the same escapes (\", \\, \b, \f, \n, \r, \t,
// \u00xx for the other control characters, everything else as it is) and the same numbers
// (integers in full, other numbers in their shortest form, NaN and infinities as null).
//
// Members and elements are written in order: key() then one value inside an object, values alone
// inside an array. Nothing checks the nesting: the writer trusts its caller, which is code.
class JsonWriter
{
public:
    explicit JsonWriter(qsizetype reserve = 256) { m_out.reserve(reserve); }

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(QLatin1StringView name);
    void key(QStringView name);

    void value(qint64 number);
    void value(int number) { value(qint64(number)); }
    void value(bool flag);
    void value(double number);
    void value(QStringView text);
    void value(const QString &text) { value(QStringView(text)); }
    void value(QLatin1StringView text);
    void value(const QJsonValue &value);
    void value(const QJsonObject &object);
    void value(const QJsonArray &array);
    void null();
    // A value that is JSON text already.
    void raw(QStringView json);

    template<typename T>
    void field(QLatin1StringView name, const T &v)
    {
        key(name);
        value(v);
    }

    const QString &text() const { return m_out; }
    QString take() { return std::exchange(m_out, QString()); }

private:
    void beforeValue(); // the comma between two elements
    void string(QStringView text);
    void string(QLatin1StringView text);

    QString m_out;
    bool m_first = true; // nothing written yet in the open object or array
    bool m_afterKey = false; // a key was written; its value comes next
};

} // namespace everx
