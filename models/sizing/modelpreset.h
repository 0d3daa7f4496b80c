// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

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

    // A whole shape for a model known only in part (a parameter count, perhaps some widths),
    // in the proportions of its family: the preset nearest in parameter count on a log scale
    // (a mixture of experts is matched with one). The known fields are kept; the free width
    // (hidden, else layers) is chosen so that the Llama-style count of the result
    // (Sizing::estimateParameters()) is nearest the known count, and the other unknown
    // fields scale with it as in the family: layers and MLP width in proportion to hidden,
    // the family's head dim, query heads per KV head, vocabulary and embedding tying. For
    // LoRA adapter widths, where the widths matter and the count alone does not give them.
    // nullopt without a positive parameter count or presets.
    struct InferredShape
    {
        Sizing::ModelShape shape;
        const ModelPreset *family = nullptr; // in the presets given
    };
    static std::optional<InferredShape> inferShape(const Sizing::ModelShape &known,
                                                   const QList<ModelPreset> &presets);
    static std::optional<InferredShape> inferShape(const Sizing::ModelShape &known)
    {
        return inferShape(known, builtIn());
    }
};

} // namespace everx
