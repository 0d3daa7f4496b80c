// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "sizing/sizingrequest.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <optional>

namespace everx {

// everx-size's command line: the options, their --help text (inputs, assumptions and the
// source of every formula), and the parser from arguments to a typed SizingRequest or one
// message saying what is wrong. No output and no exit here: main() decides what to print.
//
// The options and their names are an interface that scripts rely on.
class SizingCommandLine final
{
    Q_DISABLE_COPY_MOVE(SizingCommandLine)

public:
    SizingCommandLine();

    // arguments as QCoreApplication::arguments() gives them, the program's name first. nullopt
    // with *error set on bad input: an unknown option, a value out of range, a shape that
    // contradicts itself. Help and version are actions, not errors.
    std::optional<SizingRequest> parse(const QStringList &arguments, QString *error);

    // The whole --help text, usage and options included, for stdout.
    QString helpText() const;
    // The description part of the help: inputs, assumptions, sources, output, an example.
    static QString description();

private:
    QCommandLineParser m_parser;
};

} // namespace everx
