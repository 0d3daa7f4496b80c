// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"
#include "sizing/sizing.h"

#include <QtCore/QStringList>

#include <optional>

namespace everx {

struct ModelPreset;

// One everx-size question, typed: what SizingCommandLine::parse() reads from the options, and
// what SizingReport::compute() answers.
struct SizingRequest
{
    enum class Action { Size, MaxModel, Help, Version };
    Action action = Action::Size;
    bool json = false; // the answer as one JSON object instead of text

    // The model: a preset's shape (preset set) with the fields given over it, completed by
    // Sizing::completeShape().
    const ModelPreset *preset = nullptr; // built in, never owned
    Sizing::ModelShape shape;
    Sizing::ParameterOrigin parameterOrigin = Sizing::ParameterOrigin::Unknown;
    Sizing::Workload workload;
    // What was filled in for the user (head dim, KV heads, a counted or estimated parameter
    // count), one line each, first in the notes.
    QStringList derived;

    // The run: tokens to train on, or to process in inference; 0 is no run.
    qint64 tokens = 0;
    double mfu = Sizing::DefaultMfu; // model FLOPs utilisation, (0, 1]
    std::optional<Cents> price; // per GPU-hour for every GPU; unset: each one's "from" price
};

} // namespace everx
