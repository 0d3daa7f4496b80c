// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>

QT_BEGIN_NAMESPACE
class QTextStream;
QT_END_NAMESPACE

namespace everx {

// The ledger commands of everx-exchanged, which run instead of the server and exit
// (docs/security.md, "The ledger").
//
// Exit statuses: 0 done; 1 the database or the key cannot be read; 3 the ledger does not verify
// (the same status as a server that refuses to start on its ledger).
class LedgerCommands final
{
public:
    LedgerCommands() = delete;

    static constexpr int LedgerRefused = 3;

    // --verify-ledger: the whole chain with the key, every balance and hold recomputed, on a
    // read-only connection in one snapshot (safe beside a running server). Never makes a key.
    static int verify(const QString &location, const QString &keyFile, QTextStream &out);
    // --rekey-ledger: a database from before the key (chain format 1) has its unkeyed chain
    // verified from the first entry and then keyed, in one transaction; the key is created if
    // there is none. A database already keyed is left alone.
    static int rekey(const QString &location, const QString &keyFile, QTextStream &out);
};

} // namespace everx
