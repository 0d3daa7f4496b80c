// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "wire/protocol.h"

#include <QtCore/QString>
#include <QtCore/QStringView>

#include <optional>

namespace everx::Protocol {

// A book channel's delta push (book.<gpu>, docs/protocol.md "Channels"), read.
struct BookDelta
{
    QStringView channel; // into the text read: valid while it is
    qint64 seq = 0;
    BookChange change;
};

// Reads a book delta push straight from its text, without building a JSON document: a busy book
// sends the desk most of its frames, and Qt's JSON parser took most of the time each cost.
//
// It reads the frame only in the form a server writes it (Protocol::encodePush: compact, keys
// in order, no escapes, only ASCII, numbers as plain integers, every level valid) and returns
// nullopt for anything else, which is then decode()'s to read or refuse. What it accepts,
// decode() accepts as the same frame, and Wire::bookChange() reads its data as the same levels.
// maxBytes as for decode().
std::optional<BookDelta> decodeBookDelta(QStringView text,
                                         qsizetype maxBytes = MaxServerFrameBytes);

// The same, into *delta, whose levels' storage it reuses: a session reading delta after delta
// into one BookDelta allocates nothing once its lists are as long as a delta's. Returns whether
// it read the frame; if not, *delta holds nothing of use.
bool decodeBookDelta(QStringView text, BookDelta *delta, qsizetype maxBytes = MaxServerFrameBytes);

} // namespace everx::Protocol
