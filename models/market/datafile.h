// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QDate>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>
#include <QtCore/QString>

#include <optional>

namespace everx {

// What the data documents of resources/ (GPU catalog, tax rates, FX quotes) have in common:
// a JSON object with "version": 1 and a non-empty "source", most with an "asOf" date; and the
// checks their loaders share. Every failure fills *error with a message naming the field.
class DataFile final
{
public:
    DataFile() = delete;

    struct Header
    {
        QJsonObject root;
        QString source;
        QDate asOf; // invalid unless asked for
    };

    static std::optional<Header> parse(const QByteArray &json, bool withDate, QString *error);

    // Reads a file or a ":/" resource and hands its bytes to fromJson; a message is prefixed
    // with the path.
    template<typename T, typename FromJson>
    static std::optional<T> load(const QString &path, QString *error, FromJson fromJson)
    {
        const std::optional<QByteArray> bytes = read(path, error);
        if (!bytes)
            return std::nullopt;
        QString message;
        std::optional<T> value = fromJson(*bytes, &message);
        if (!value)
            fail(error, path + QStringLiteral(": ") + message);
        return value;
    }
    static std::optional<QByteArray> read(const QString &path, QString *error);

    // Numbers and descriptions of wrong values: market/jsonreader.h (Json::).
    // "2026-11-01" exactly: ISO 8601 calendar date, no time, no other spelling.
    static QDate isoDate(const QJsonValue &value);
    // Sets *error (if given) and returns false.
    static bool fail(QString *error, const QString &message);
};

} // namespace everx
