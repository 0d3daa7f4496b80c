// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QAnyStringView>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>
#include <QtCore/QString>
#include <QtCore/QVarLengthArray>

#include <optional>

namespace everx {

// JSON numbers and values as the project reads them, from data files and from the wire alike.
namespace Json {

// Every whole number that JSON carries exactly: |n| < 2^53 (JSON has only doubles).
inline constexpr qint64 MaxExactInteger = (qint64(1) << 53) - 1;

// A JSON number that is a whole number with |n| <= MaxExactInteger: "17" and "1e3" are; "17.5",
// "\"17\"", 1e300 and NaN are not.
std::optional<qint64> wholeNumber(const QJsonValue &value);
// How a value reads in a message: "null", "the string \"x\"", "12.5", "an object", ...
QString describe(const QJsonValue &value);

} // namespace Json

// Reads the fields of one JSON object, keeping the first error, which names where the object
// is and the field: "gpus[3]: memoryGb: expected an integer from 1 to 2147483647, got 0", or
// "order: price: missing". A misspelt key is an error, never a silently absent value; keys the
// reader is not asked about are ignored unless the caller asks unknownKey(). After a failure every
// read returns a default, so that a record is read as a straight list of fields and checked once at
// the end (finish()).
class JsonReader
{
public:
    enum class Presence : quint8 {
        Required, // missing is an error
        Optional, // missing reads as the default
    };

    JsonReader(const QJsonObject &object, QString where);

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    QString where() const { return m_where; }
    void setWhere(QString where) { m_where = std::move(where); }
    // Records the first problem; later ones are dropped.
    void fail(QAnyStringView key, const QString &problem);

    bool has(QAnyStringView key) const { return find(key) != m_object.constEnd(); }
    QJsonValue value(QAnyStringView key) const;
    // The first key (in sorted order) that no read asked about; empty when every key was. Who
    // reads hostile input refuses such a key: a field it does not know is never ignored.
    QString unknownKey() const;

    // A string of at most maxLength UTF-16 units; allowEmpty: "" (or only blanks) is accepted;
    // nullable: null reads as empty.
    QString string(QAnyStringView key, qsizetype maxLength = DefaultMaxLength,
                   bool allowEmpty = true, Presence presence = Presence::Required,
                   bool nullable = false);
    // A whole number in [min, max]; nullable: null reads as nullopt without an error. Missing
    // and Optional, or failed: nullopt.
    std::optional<qint64> integer(QAnyStringView key, qint64 min = -Json::MaxExactInteger,
                                  qint64 max = Json::MaxExactInteger,
                                  Presence presence = Presence::Required, bool nullable = false);
    // integer() with a default for the missing (Optional), null or failed.
    qint64 integerOr(QAnyStringView key, qint64 fallback, qint64 min = -Json::MaxExactInteger,
                     qint64 max = Json::MaxExactInteger, Presence presence = Presence::Required);
    bool boolean(QAnyStringView key, Presence presence = Presence::Required);
    QJsonObject object(QAnyStringView key, Presence presence = Presence::Required);
    QJsonArray array(QAnyStringView key, Presence presence = Presence::Required);

    // The record read, or nullopt and the first error in *error.
    template<typename Record>
    std::optional<Record> finish(Record record, QString *error = nullptr) const
    {
        if (failed()) {
            if (error)
                *error = m_error;
            return std::nullopt;
        }
        return record;
    }

    static constexpr qsizetype DefaultMaxLength = 1 << 20;

protected:
    // The value at key if present; records "missing" for a Required key that is absent.
    std::optional<QJsonValue> present(QAnyStringView key, Presence presence);

private:
    // The key's place in the object (constEnd() if absent), remembered as asked about. Keys are
    // looked up as they are given, without a QString: every field of every request is read here.
    QJsonObject::const_iterator find(QAnyStringView key) const;

    QJsonObject m_object;
    QString m_where;
    QString m_error;
    // Whether each of the object's keys (in its sorted order) was asked about.
    mutable QVarLengthArray<bool, 16> m_seen;
};

} // namespace everx
