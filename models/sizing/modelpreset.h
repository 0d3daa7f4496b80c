#pragma once

#include "sizing/sizing.h"

#include <QtCore/QByteArray>
#include <QtCore/QList>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <optional>

namespace everx {

// The shape of a common open model (Llama 2 and 3.x, Mistral, Mixtral, Qwen2.5, Gemma 2), for
// the sizing model. The presets are data, resources/model_presets.json, built in as
// ":/everx/model_presets.json"; each row carries the source of its numbers.
struct ModelPreset
{
    QString id; // "llama-3.1-70b": what --model takes
    QString name; // "Llama 3.1 70B"
    QStringList aliases; // other names --model accepts: "llama-3.3-70b"
    Sizing::ModelShape shape;
    QString source;

    // Whether text names this preset: its id or an alias, case-insensitive.
    bool isNamed(QStringView text) const;

    // Parses and validates a presets document as a whole; on failure nullopt and, if error is
    // given, a message naming the row and field at fault.
    static std::optional<QList<ModelPreset>> fromJson(const QByteArray &json,
                                                      QString *error = nullptr);
    // The presets shipped with the program; loaded once, thread-safe.
    static const QList<ModelPreset> &builtIn();
    // The built-in document's own "source" note.
    static QString builtInSource();
    // The preset named text (id or alias) in presets, or nullptr.
    static const ModelPreset *find(const QList<ModelPreset> &presets, QStringView text);
    static const ModelPreset *find(QStringView text) { return find(builtIn(), text); }
};

} // namespace everx
