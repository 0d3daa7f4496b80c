// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/gpumodel.h"

#include <QtCore/QList>
#include <QtCore/QString>

#include <optional>

namespace everx {

// The GPU catalog, loaded from JSON data (resources/gpus.json, built in as
// ":/everx/gpus.json") and validated as a whole: a file with one bad row is refused.
class GpuCatalog final
{
public:
    GpuCatalog() = default;

    // Parses and validates a catalog document; on failure returns nullopt and, if error is
    // given, a message naming the row and field at fault.
    static std::optional<GpuCatalog> fromJson(const QByteArray &json, QString *error = nullptr);
    static std::optional<GpuCatalog> load(const QString &path, QString *error = nullptr);
    // The catalog shipped with the program; loaded once, thread-safe.
    static const GpuCatalog &builtIn();

    const QList<GpuModel> &gpus() const { return m_gpus; }
    qsizetype size() const { return m_gpus.size(); }
    // Index of the GPU with this id, or -1.
    qsizetype indexOf(QStringView id) const;
    const GpuModel *find(QStringView id) const;
    // The GPU's name for people ("H100 SXM"); the id itself if the catalog does not know it.
    QString displayName(const QString &id) const;

    QString source() const { return m_source; }

private:
    QList<GpuModel> m_gpus;
    QString m_source;
};

} // namespace everx
