// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/datafile.h"

#include "market/jsonreader.h"

#include <QtCore/QFile>
#include <QtCore/QJsonDocument>

namespace everx {

std::optional<DataFile::Header> DataFile::parse(const QByteArray &json, bool withDate,
                                                QString *error)
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
    Header header;
    header.root = document.object();
    const QJsonValue version = header.root.value(u"version");
    if (Json::wholeNumber(version) != 1) {
        fail(error, QStringLiteral("version: expected 1, got %1").arg(Json::describe(version)));
        return std::nullopt;
    }
    const QJsonValue source = header.root.value(u"source");
    header.source = source.toString();
    if (!source.isString() || header.source.trimmed().isEmpty()) {
        fail(error,
             QStringLiteral("source: expected a non-empty string, got %1")
                 .arg(Json::describe(source)));
        return std::nullopt;
    }
    if (withDate) {
        const QJsonValue asOf = header.root.value(u"asOf");
        header.asOf = isoDate(asOf);
        if (!header.asOf.isValid()) {
            fail(error,
                 QStringLiteral("asOf: expected a date \"YYYY-MM-DD\", got %1")
                     .arg(Json::describe(asOf)));
            return std::nullopt;
        }
    }
    return header;
}

std::optional<QByteArray> DataFile::read(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        fail(error, QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()));
        return std::nullopt;
    }
    return file.readAll();
}

QDate DataFile::isoDate(const QJsonValue &value)
{
    const QString s = value.toString();
    if (!value.isString() || s.size() != 10 || s.at(4) != u'-' || s.at(7) != u'-')
        return {};
    return QDate::fromString(s, Qt::ISODate);
}

bool DataFile::fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace everx
