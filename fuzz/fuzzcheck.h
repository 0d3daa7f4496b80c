// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

// What the fuzz targets share: a failed property is a crash that libFuzzer records with the
// input that caused it, and Qt's own messages stay quiet (a fuzz run logs millions of refusals).

#include <QtCore/QByteArray>
#include <QtCore/QString>
#include <QtCore/QtGlobal>

#include <cstdio>
#include <cstdlib>

namespace everx::fuzz {

// Aborts with `what` (and a detail) when a property does not hold: libFuzzer saves the input.
inline void require(bool holds, const char *what, const QString &detail = {})
{
    if (holds)
        return;
    std::fprintf(stderr, "property violated: %s %s\n", what, detail.toUtf8().constData());
    std::abort();
}

// Drops debug, info and warning messages; critical and fatal still reach stderr (a fatal one
// aborts, which libFuzzer reports as a crash).
inline void quietMessages()
{
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &text) {
        if (type == QtCriticalMsg || type == QtFatalMsg)
            std::fprintf(stderr, "%s\n", text.toUtf8().constData());
    });
}

// With EVERX_FUZZ_WRITE_SEEDS=<dir> set, writes the target's seed corpus into dir and exits, so
// that the seeds come from the wire codec itself; otherwise returns.
inline void writeSeedsIfAsked(void (*writeSeeds)(const QString &dir))
{
    const QString dir = qEnvironmentVariable("EVERX_FUZZ_WRITE_SEEDS");
    if (dir.isEmpty())
        return;
    writeSeeds(dir);
    std::exit(0);
}

} // namespace everx::fuzz
