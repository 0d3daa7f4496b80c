// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sizing/modelpreset.h"

#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>
#include <QtCore/QSet>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace everx {

namespace {

struct Document
{
    QList<ModelPreset> presets;
    QString source;
};

// A JSON number that is a whole number in [min, max] (JSON has only doubles; the bounds keep
// it below 2^53, where doubles are exact).
std::optional<qint64> wholeNumber(const QJsonValue &value, qint64 min, qint64 max)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d != std::trunc(d) || d < double(min) || d > double(max))
        return std::nullopt;
    return qint64(d);
}

// Preset ids are what people type after --model: lower-case ASCII letters, digits, dots and
// inner hyphens ("qwen2.5-72b").
bool isValidName(QStringView id)
{
    if (id.isEmpty() || id.front() == u'-' || id.back() == u'-')
        return false;
    for (const QChar c : id) {
        const char16_t u = c.unicode();
        if (!((u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'-' || u == u'.'))
            return false;
    }
    return true;
}

std::optional<Document> parse(const QByteArray &json, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(QStringLiteral("not valid JSON at offset %1: %2")
                        .arg(parseError.offset)
                        .arg(parseError.errorString()));
    const QJsonObject root = document.object();
    if (!document.isObject() || wholeNumber(root.value(u"version"), 1, 1) != 1)
        return fail(QStringLiteral("version: expected an object with \"version\": 1"));
    Document result;
    result.source = root.value(u"source").toString();
    if (result.source.trimmed().isEmpty())
        return fail(QStringLiteral("source: expected a non-empty string"));
    const QJsonArray rows = root.value(u"models").toArray();
    if (rows.isEmpty())
        return fail(QStringLiteral("models: expected a non-empty array"));

    QSet<QString> names; // ids and aliases share one namespace: --model must be unambiguous
    for (qsizetype i = 0; i < rows.size(); ++i) {
        QString where = QStringLiteral("models[%1]").arg(i);
        const QJsonObject row = rows.at(i).toObject();
        if (!rows.at(i).isObject())
            return fail(where + QStringLiteral(": expected an object"));
        ModelPreset preset;
        preset.id = row.value(u"id").toString();
        if (!isValidName(preset.id))
            return fail(where
                        + QStringLiteral(": id: expected lower-case letters, digits, dots and "
                                         "hyphens"));
        where += QStringLiteral(" (id \"%1\")").arg(preset.id);
        preset.name = row.value(u"name").toString();
        preset.source = row.value(u"source").toString();
        if (preset.name.trimmed().isEmpty() || preset.source.trimmed().isEmpty())
            return fail(where + QStringLiteral(": name and source must be non-empty strings"));
        if (!row.value(u"aliases").isArray())
            return fail(where + QStringLiteral(": aliases: expected an array"));
        for (const QJsonValue &alias : row.value(u"aliases").toArray()) {
            if (!isValidName(alias.toString()))
                return fail(where + QStringLiteral(": aliases: each must be a valid name"));
            preset.aliases.append(alias.toString());
        }
        for (const QString &name : QStringList {preset.id} + preset.aliases) {
            if (names.contains(name))
                return fail(where + QStringLiteral(": the name \"%1\" is taken").arg(name));
            names.insert(name);
        }

        // Every shape field is required and positive: a preset is a complete shape.
        Sizing::ModelShape &s = preset.shape;
        const struct
        {
            const char16_t *key;
            int *field;
        } fields[] = {
            {u"layers", &s.layers},   {u"hidden", &s.hidden},   {u"heads", &s.heads},
            {u"kvHeads", &s.kvHeads}, {u"headDim", &s.headDim}, {u"intermediate", &s.intermediate},
            {u"vocab", &s.vocab},     {u"experts", &s.experts},
        };
        for (const auto &f : fields) {
            const QString key = QString::fromUtf16(f.key);
            const std::optional<qint64> n = wholeNumber(row.value(key), 1, 16'777'216);
            if (!n)
                return fail(where
                            + QStringLiteral(": %1: expected a whole number from 1 to "
                                             "16777216")
                                  .arg(key));
            *f.field = int(*n);
        }
        const std::optional<qint64> parameters =
            wholeNumber(row.value(u"parameters"), 1, Sizing::MaxParameters);
        if (!parameters)
            return fail(where + QStringLiteral(": parameters: expected a positive whole number"));
        s.parameters = *parameters;
        if (!row.value(u"tiedEmbeddings").isBool())
            return fail(where + QStringLiteral(": tiedEmbeddings: expected true or false"));
        s.tiedEmbeddings = row.value(u"tiedEmbeddings").toBool();
        // The same consistency rules as a shape typed on the command line (KV heads divide
        // heads, bounds).
        if (const QString problem = Sizing::validate(s, Sizing::Workload {}); !problem.isEmpty())
            return fail(where + QStringLiteral(": ") + problem);
        result.presets.append(std::move(preset));
    }
    if (error)
        error->clear();
    return result;
}

const Document &builtInDocument()
{
    // Initialised once, thread-safe (magic statics). Invalid built-in data is a programming
    // error that tst_sizing catches, not a condition to recover from.
    static const Document document = [] {
        QFile file(QStringLiteral(":/everx/model_presets.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("Built-in model presets are missing");
        QString error;
        std::optional<Document> parsed = parse(file.readAll(), &error);
        if (!parsed)
            qFatal("Built-in model presets are invalid: %s", qUtf8Printable(error));
        return std::move(*parsed);
    }();
    return document;
}

} // namespace

bool ModelPreset::isNamed(QStringView text) const
{
    if (text.compare(id, Qt::CaseInsensitive) == 0)
        return true;
    for (const QString &alias : aliases) {
        if (text.compare(alias, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

std::optional<QList<ModelPreset>> ModelPreset::fromJson(const QByteArray &json, QString *error)
{
    std::optional<Document> document = parse(json, error);
    if (!document)
        return std::nullopt;
    return std::move(document->presets);
}

const QList<ModelPreset> &ModelPreset::builtIn()
{
    return builtInDocument().presets;
}

QString ModelPreset::builtInSource()
{
    return builtInDocument().source;
}

const ModelPreset *ModelPreset::find(const QList<ModelPreset> &presets, QStringView text)
{
    // Fourteen rows: a linear scan is plenty.
    for (const ModelPreset &preset : presets) {
        if (preset.isNamed(text.trimmed()))
            return &preset;
    }
    return nullptr;
}

std::optional<ModelPreset::InferredShape> ModelPreset::inferShape(const Sizing::ModelShape &known,
                                                                  const QList<ModelPreset> &presets)
{
    if (known.parameters <= 0)
        return std::nullopt;
    // The family: nearest in size, of the same kind (dense or mixture of experts) if any is.
    const ModelPreset *family = nullptr;
    double nearest = std::numeric_limits<double>::infinity();
    for (const bool sameKindOnly : {true, false}) {
        for (const ModelPreset &preset : presets) {
            if (sameKindOnly && (preset.shape.experts > 1) != (known.experts > 1))
                continue;
            const double distance =
                std::abs(std::log(double(known.parameters) / double(preset.shape.parameters)));
            if (distance < nearest) {
                nearest = distance;
                family = &preset;
            }
        }
        if (family)
            break;
    }
    if (!family)
        return std::nullopt;
    const Sizing::ModelShape &f = family->shape;
    const int group = f.heads / f.kvHeads; // query heads per KV head (presets: a divisor)
    const auto scaled = [&f](int value, qint64 hidden) {
        return int(std::max<qint64>(1, std::llround(double(value) * double(hidden) / f.hidden)));
    };
    const auto shapeAt = [&](int hidden, int layers) {
        Sizing::ModelShape s = known;
        s.hidden = hidden;
        s.layers = layers;
        if (s.headDim <= 0)
            s.headDim = f.headDim;
        if (s.heads <= 0) {
            s.kvHeads = s.kvHeads > 0 ? s.kvHeads : std::max(1, scaled(f.kvHeads, hidden));
            s.heads = s.kvHeads * group;
        } else if (s.kvHeads <= 0) {
            s.kvHeads = s.heads % group == 0 ? s.heads / group : s.heads;
        }
        if (s.intermediate <= 0)
            s.intermediate = scaled(f.intermediate, hidden);
        if (s.vocab <= 0)
            s.vocab = f.vocab;
        s.tiedEmbeddings = f.tiedEmbeddings;
        return s;
    };
    // The count of a candidate; an overflow (0) counts as too large, so that the count only
    // grows along the search.
    const auto countOf = [](const Sizing::ModelShape &s) {
        const qint64 n = Sizing::estimateParameters(s);
        return n > 0 ? n : std::numeric_limits<qint64>::max();
    };
    // The smallest x in [1, max] whose count reaches the known one, or its predecessor if
    // that is nearer.
    const auto solve = [&](int max, const std::function<Sizing::ModelShape(int)> &at) {
        int low = 1, high = max;
        while (low < high) {
            const int mid = low + (high - low) / 2;
            if (countOf(at(mid)) >= known.parameters)
                high = mid;
            else
                low = mid + 1;
        }
        if (low > 1
            && known.parameters - countOf(at(low - 1)) < countOf(at(low)) - known.parameters)
            --low;
        return at(low);
    };
    constexpr int MaxHidden = 1 << 20; // far past any model; keeps the counts in 64 bits
    constexpr int MaxLayers = 10'000;
    InferredShape result;
    result.family = family;
    if (known.hidden > 0 && known.layers > 0)
        result.shape = shapeAt(known.hidden, known.layers);
    else if (known.hidden > 0)
        result.shape = solve(MaxLayers, [&](int layers) { return shapeAt(known.hidden, layers); });
    else
        result.shape = solve(MaxHidden, [&](int hidden) {
            return shapeAt(hidden, known.layers > 0 ? known.layers : scaled(f.layers, hidden));
        });
    return result;
}

} // namespace everx
