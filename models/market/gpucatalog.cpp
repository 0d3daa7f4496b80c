#include "market/gpucatalog.h"

#include "market/datafile.h"

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

// Reads the fields of one JSON object, keeping the first error, which names where (the row)
// and the field. Every known key must be present, null where the value may be unknown, so that
// a misspelt key is an error rather than a silently unknown fact; unknown keys are ignored.
class FieldReader
{
public:
    FieldReader(const QJsonObject &object, QString where)
        : m_object(object)
        , m_where(std::move(where))
    { }

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    void setWhere(QString where) { m_where = std::move(where); }

    void fail(QStringView key, const QString &problem)
    {
        if (failed())
            return;
        m_error = m_where.isEmpty() ? QString() : m_where + QStringLiteral(": ");
        m_error += key.toString() + QStringLiteral(": ") + problem;
    }

    // A string; nullable: null reads as empty; allowEmpty: "" is accepted.
    QString string(QStringView key, bool allowEmpty, bool nullable = false)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) {
            fail(key, QStringLiteral("missing"));
            return {};
        }
        if (nullable && value.isNull())
            return {};
        if (!value.isString()) {
            fail(key, QStringLiteral("expected a string, got %1").arg(DataFile::describe(value)));
            return {};
        }
        const QString s = value.toString();
        if (!allowEmpty && s.trimmed().isEmpty())
            fail(key, QStringLiteral("must not be empty"));
        return s;
    }

    // A whole number in [min, max]; nullable: null reads as nullopt without error.
    std::optional<qint64> integer(QStringView key, qint64 min, qint64 max, bool nullable = false)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) {
            fail(key, QStringLiteral("missing"));
            return std::nullopt;
        }
        if (nullable && value.isNull())
            return std::nullopt;
        const std::optional<qint64> n = DataFile::wholeNumber(value);
        if (!n || *n < min || *n > max) {
            fail(key,
                 QStringLiteral("expected %1 from %2 to %3, got %4")
                     .arg(nullable ? QStringLiteral("null or an integer")
                                   : QStringLiteral("an integer"))
                     .arg(min)
                     .arg(max)
                     .arg(DataFile::describe(value)));
            return std::nullopt;
        }
        return n;
    }

    std::optional<int> positiveIntOrNull(QStringView key)
    {
        const auto n = integer(key, 1, std::numeric_limits<int>::max(), true);
        return n ? std::optional<int>(int(*n)) : std::nullopt;
    }

private:
    QJsonObject m_object;
    QString m_where;
    QString m_error;
};

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
                .arg(gpus.isArray() ? QStringLiteral("an empty array") : DataFile::describe(gpus)));
        return std::nullopt;
    }

    const QJsonArray rows = gpus.toArray();
    QSet<QString> ids;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QString where = QStringLiteral("gpus[%1]").arg(i);
        if (!rows.at(i).isObject()) {
            DataFile::fail(error,
                           QStringLiteral("%1: expected an object, got %2")
                               .arg(where, DataFile::describe(rows.at(i))));
            return std::nullopt;
        }
        FieldReader row(rows.at(i).toObject(), where);
        GpuModel gpu;
        gpu.id = row.string(u"id", false);
        if (!row.failed() && !isValidId(gpu.id))
            row.fail(u"id",
                     QStringLiteral("\"%1\" is not a slug of lower-case ASCII letters, digits "
                                    "and hyphens")
                         .arg(gpu.id));
        if (!row.failed() && ids.contains(gpu.id))
            row.fail(u"id", QStringLiteral("duplicate id \"%1\"").arg(gpu.id));
        if (!row.failed())
            row.setWhere(QStringLiteral("%1 (id \"%2\")").arg(where, gpu.id));

        gpu.name = row.string(u"name", false);
        gpu.architecture = row.string(u"architecture", false);
        gpu.vendor = row.string(u"vendor", false);
        gpu.memoryGb =
            int(row.integer(u"memoryGb", 1, std::numeric_limits<int>::max()).value_or(0));
        gpu.memoryType = row.string(u"memoryType", true, true);
        // Unpublished facts are null, never 0: a 0 would rank as the slowest GPU.
        gpu.bandwidthGBs = row.positiveIntOrNull(u"bandwidthGBs");
        gpu.bf16DenseTflops = row.positiveIntOrNull(u"bf16DenseTflops");
        gpu.formFactor = row.string(u"formFactor", false);
        gpu.interconnect = row.string(u"interconnect", false);
        gpu.fromPriceCents = row.integer(u"fromPriceCents", 1, Money::MaxAmount).value_or(0);
        gpu.seedFullTrain1Gpu = row.positiveIntOrNull(u"seedFullTrain1Gpu");
        gpu.seedFullTrain8Gpu = row.positiveIntOrNull(u"seedFullTrain8Gpu");
        gpu.seedQloraBase = row.positiveIntOrNull(u"seedQloraBase");
        gpu.seedLora16Base = row.positiveIntOrNull(u"seedLora16Base");
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
