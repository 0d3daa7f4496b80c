// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QJsonObject>

namespace everx {

class GpuCatalog;
struct SizingReport;

// everx-size's JSON output, for scripts: bytes and counts as integers, null where the inputs
// do not determine a figure, money as plain decimal strings ("12.34", as in the protocol).
// The keys are an interface; --help lists them.
class SizingJsonWriter final
{
public:
    SizingJsonWriter() = delete;

    static QJsonObject report(const SizingReport &report);
    // --max-model --json.
    static QJsonObject maxModel(const GpuCatalog &catalog);
};

} // namespace everx
