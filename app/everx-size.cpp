// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-size: how much GPU memory an LLM workload needs, how many GPUs of each catalog model it
// takes, and with --tokens how long the run takes and what it costs at the catalog's prices.
// Scripts rely on the interface: the options, the JSON keys, exit status 2 on bad input with
// nothing on stdout. The parsing, the figures and both outputs live in models/sizing.

#include "everx/version.h"
#include "market/gpucatalog.h"
#include "sizing/sizingcommandline.h"
#include "sizing/sizingjsonwriter.h"
#include "sizing/sizingreport.h"
#include "sizing/sizingtextwriter.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QJsonDocument>
#include <QtCore/QTextStream>

using namespace everx;

namespace {

constexpr int ExitBadInput = 2;

// Bad input: one message on stderr, nothing on stdout.
int badInput(const QString &message)
{
    QTextStream err(stderr);
    err << QCoreApplication::applicationName() << QStringLiteral(": ") << message
        << QStringLiteral("\nTry '") << QCoreApplication::applicationName()
        << QStringLiteral(" --help'.\n");
    return ExitBadInput;
}

int writeOut(const QString &text)
{
    QTextStream(stdout) << text;
    return 0;
}

int writeOut(const QJsonObject &json)
{
    return writeOut(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Indented)));
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("everx-size"));
    QCoreApplication::setApplicationVersion(QStringLiteral(EVERX_VERSION));

    SizingCommandLine commandLine;
    QString error;
    const std::optional<SizingRequest> request =
        commandLine.parse(QCoreApplication::arguments(), &error);
    if (!request)
        return badInput(error);
    const GpuCatalog &catalog = GpuCatalog::builtIn();
    switch (request->action) {
    case SizingRequest::Action::Help:
        return writeOut(commandLine.helpText());
    case SizingRequest::Action::Version:
        return writeOut(QCoreApplication::applicationName() + u' '
                        + QCoreApplication::applicationVersion() + u'\n');
    case SizingRequest::Action::MaxModel:
        return request->json ? writeOut(SizingJsonWriter::maxModel(catalog))
                             : writeOut(SizingTextWriter::maxModel(catalog));
    case SizingRequest::Action::Size:
        break;
    }
    const std::optional<SizingReport> report = SizingReport::compute(*request, catalog, &error);
    if (!report)
        return badInput(error);
    return request->json ? writeOut(SizingJsonWriter::report(*report))
                         : writeOut(SizingTextWriter::report(*report));
}
