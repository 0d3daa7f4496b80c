// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>

namespace everx {

class GpuCatalog;
struct SizingReport;

// everx-size's text output, for people at a terminal: the per-GPU breakdown in bytes and GB,
// the GPUs of the catalog with the counts they need, the run's hours and cost, and the notes.
// English, numbers grouped as en_US; "unknown" where the inputs do not determine a figure.
class SizingTextWriter final
{
public:
    SizingTextWriter() = delete;

    static QString report(const SizingReport &report);
    // --max-model: the quick rules' largest model per GPU beside the seeds' published figures.
    static QString maxModel(const GpuCatalog &catalog);
};

} // namespace everx
