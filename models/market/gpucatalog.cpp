// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/gpucatalog.h"

#include "market/datafile.h"
#include "market/jsonreader.h"
#include "market/marketrules.h"

#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>
#include <QtCore/QSet>

#include <cmath>
#include <limits>

namespace everx {

namespace {

// A positive whole number or null (an unpublished fact: never 0, which would rank as slowest).
std::optional<int> positiveIntOrNull(JsonReader &row, QAnyStringView key)
{
    const std::optional<qint64> n =
        row.integer(key, 1, std::numeric_limits<int>::max(), JsonReader::Presence::Required, true);
    return n ? std::optional<int>(int(*n)) : std::nullopt;
}

// A string that must be there; allowEmpty: "" is accepted; nullable: null reads as empty.
QString text(JsonReader &row, QAnyStringView key, bool allowEmpty, bool nullable = false)
{
    return row.string(key, JsonReader::DefaultMaxLength, allowEmpty, JsonReader::Presence::Required,
                      nullable);
}

// Ids are stable keys in the protocol and the database: lower-case ASCII letters, digits and
// inner hyphens ("h100-sxm").
bool isValidId(QStringView id)
{
    if (id.isEmpty() || id.front() == u'-' || id.back() == u'-')
        return false;
    for (const QChar c : id) {
        const char16_t u = c.unicode();
        if (!((u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'-'))
            return false;
    }
    return true;
}

} // namespace

std::optional<GpuCatalog> GpuCatalog::fromJson(const QByteArray &json, QString *error)
{
    const std::optional<DataFile::Header> header = DataFile::parse(json, false, error);
    if (!header)
        return std::nullopt;
    const QJsonObject &root = header->root;
    GpuCatalog catalog;
    catalog.m_source = header->source;
    const QJsonValue gpus = root.value(u"gpus");
    if (!gpus.isArray() || gpus.toArray().isEmpty()) {
        DataFile::fail(
            error,
            QStringLiteral("gpus: expected a non-empty array, got %1")
                .arg(gpus.isArray() ? QStringLiteral("an empty array") : Json::describe(gpus)));
        return std::nullopt;
    }

    const QJsonArray rows = gpus.toArray();
    QSet<QString> ids;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QString where = QStringLiteral("gpus[%1]").arg(i);
        if (!rows.at(i).isObject()) {
            DataFile::fail(error,
                           QStringLiteral("%1: expected an object, got %2")
                               .arg(where, Json::describe(rows.at(i))));
            return std::nullopt;
        }
        // Every known key must be present, null where the value may be unknown.
        JsonReader row(rows.at(i).toObject(), where);
        GpuModel gpu;
        gpu.id = text(row, u"id", false);
        if (!row.failed() && !isValidId(gpu.id))
            row.fail(u"id",
                     QStringLiteral("\"%1\" is not a slug of lower-case ASCII letters, digits "
                                    "and hyphens")
                         .arg(gpu.id));
        if (!row.failed() && ids.contains(gpu.id))
            row.fail(u"id", QStringLiteral("duplicate id \"%1\"").arg(gpu.id));
        if (!row.failed())
            row.setWhere(QStringLiteral("%1 (id \"%2\")").arg(where, gpu.id));

        gpu.name = text(row, u"name", false);
        gpu.architecture = text(row, u"architecture", false);
        gpu.vendor = text(row, u"vendor", false);
        gpu.memoryGb =
            int(row.integer(u"memoryGb", 1, std::numeric_limits<int>::max()).value_or(0));
        gpu.memoryType = text(row, u"memoryType", true, true);
        // Unpublished facts are null, never 0: a 0 would rank as the slowest GPU.
        gpu.bandwidthGBs = positiveIntOrNull(row, u"bandwidthGBs");
        gpu.bf16DenseTflops = positiveIntOrNull(row, u"bf16DenseTflops");
        // A figure names its document; "not published" may say where one looked, or be null.
        gpu.bf16DenseTflopsSource = text(row, u"bf16DenseTflopsSource", true, true);
        if (!row.failed() && gpu.bf16DenseTflops && gpu.bf16DenseTflopsSource.trimmed().isEmpty())
            row.fail(u"bf16DenseTflopsSource",
                     QStringLiteral("a TFLOPS figure needs its source: the document, its date or "
                                    "version, and its table"));
        gpu.formFactor = text(row, u"formFactor", false);
        gpu.interconnect = text(row, u"interconnect", false);
        gpu.fromPriceCents = row.integer(u"fromPriceCents", 1, Money::MaxAmount).value_or(0);
        // At most what one listing may offer: a server's GPUs are one listing on the exchange.
        gpu.serverGpus =
            int(row.integer(u"serverGpus", 1, MarketRules::MaxGpusPerListing).value_or(1));
        gpu.serverGpusSource = text(row, u"serverGpusSource", false);
        gpu.seedFullTrain1Gpu = positiveIntOrNull(row, u"seedFullTrain1Gpu");
        gpu.seedFullTrain8Gpu = positiveIntOrNull(row, u"seedFullTrain8Gpu");
        gpu.seedQloraBase = positiveIntOrNull(row, u"seedQloraBase");
        gpu.seedLora16Base = positiveIntOrNull(row, u"seedLora16Base");
        if (row.failed()) {
            DataFile::fail(error, row.error());
            return std::nullopt;
        }
        ids.insert(gpu.id);
        catalog.m_gpus.append(std::move(gpu));
    }
    if (error)
        error->clear();
    return catalog;
}

std::optional<GpuCatalog> GpuCatalog::load(const QString &path, QString *error)
{
    return DataFile::load<GpuCatalog>(path, error, &GpuCatalog::fromJson);
}

const GpuCatalog &GpuCatalog::builtIn()
{
    // Initialised once, thread-safe (C++11 magic statics). Invalid built-in data is a
    // programming error caught by tst_gpucatalog, not a condition to recover from.
    static const GpuCatalog catalog = [] {
        QString error;
        std::optional<GpuCatalog> loaded = load(QStringLiteral(":/everx/gpus.json"), &error);
        if (!loaded)
            qFatal("Built-in GPU catalog is invalid: %s", qUtf8Printable(error));
        return std::move(*loaded);
    }();
    return catalog;
}

qsizetype GpuCatalog::indexOf(QStringView id) const
{
    // Fifteen rows: a linear scan beats hashing here.
    for (qsizetype i = 0; i < m_gpus.size(); ++i) {
        if (m_gpus.at(i).id == id)
            return i;
    }
    return -1;
}

const GpuModel *GpuCatalog::find(QStringView id) const
{
    const qsizetype i = indexOf(id);
    return i < 0 ? nullptr : &m_gpus.at(i);
}

QString GpuCatalog::displayName(const QString &id) const
{
    const GpuModel *gpu = find(id);
    return gpu ? gpu->name : id;
}

} // namespace everx
