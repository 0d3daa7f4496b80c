// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// libFuzzer target: everx-size's command line and the model presets document, as a user (or a
// script) may give them. Input: a first byte, then
// - even: the arguments, one a line, parsed by SizingCommandLine as everx-size's main does; a
//   request it accepts is computed (SizingReport) and written as text and as JSON;
// - odd: a presets document for ModelPreset::fromJson; each preset it accepts has its shape
//   inferred from its parameter count alone, in the proportions of the others.
// No property beyond "no crash, no sanitizer report" (float-to-integer overflow included):
// sizing is arithmetic on numbers a user types.

#include "fuzzcheck.h"

#include "market/gpucatalog.h"
#include "sizing/modelpreset.h"
#include "sizing/sizingcommandline.h"
#include "sizing/sizingjsonwriter.h"
#include "sizing/sizingreport.h"
#include "sizing/sizingtextwriter.h"

#include <QtCore/QCoreApplication>

#include <cstdint>

using namespace everx;

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    everx::fuzz::quietMessages();
    new QCoreApplication(*argc, *argv); // QCommandLineParser wants one; lives with the process
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray rest(reinterpret_cast<const char *>(data) + 1, qsizetype(size) - 1);
    if (data[0] % 2 == 1) {
        const std::optional<QList<ModelPreset>> presets = ModelPreset::fromJson(rest);
        if (!presets)
            return 0;
        for (const ModelPreset &preset : *presets) {
            Sizing::ModelShape known;
            known.parameters = preset.shape.parameters;
            (void)ModelPreset::inferShape(known, *presets);
        }
        return 0;
    }
    QStringList arguments {QStringLiteral("everx-size")};
    arguments += QString::fromUtf8(rest).split(u'\n');
    SizingCommandLine commandLine;
    QString error;
    const std::optional<SizingRequest> request = commandLine.parse(arguments, &error);
    if (!request)
        return 0;
    const GpuCatalog &catalog = GpuCatalog::builtIn();
    switch (request->action) {
    case SizingRequest::Action::Help:
        (void)commandLine.helpText();
        return 0;
    case SizingRequest::Action::Version:
        return 0;
    case SizingRequest::Action::MaxModel:
        (void)SizingJsonWriter::maxModel(catalog);
        (void)SizingTextWriter::maxModel(catalog);
        return 0;
    case SizingRequest::Action::Size:
        break;
    }
    const std::optional<SizingReport> report = SizingReport::compute(*request, catalog, &error);
    if (!report)
        return 0;
    (void)SizingJsonWriter::report(*report);
    (void)SizingTextWriter::report(*report);
    return 0;
}
