// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QString>

#include <optional>

namespace everx {

// The secret that keys the ledger's chain (HMAC-SHA256, see Ledger::entryHash): 32 random bytes
// in a file of their own, outside the database, so that write access to the database is not
// enough to rewrite history and recompute the chain (docs/security.md, "The ledger").
//
// The file holds the raw bytes and nothing else. It must be readable by its owner only (mode
// 0600 or stricter): a key that anyone on the machine can read keys nothing, so such a file is
// refused rather than used.
//
// Threading: any; no state.
class LedgerKey final
{
public:
    LedgerKey() = delete;

    static constexpr int Size = 32; // bytes

    struct Loaded
    {
        QByteArray key;
        bool created = false; // the file did not exist and was made now
    };

    // Reads the key at path, or creates the file (and its folder) with a new random key when
    // there is none. nullopt with a message naming the file when it cannot be read or made, is
    // group or world accessible, or does not hold exactly Size bytes.
    static std::optional<Loaded> loadOrCreate(const QString &path, QString *error);
    // Reads an existing key only (for --verify-ledger: a verification never makes a key).
    static std::optional<QByteArray> load(const QString &path, QString *error);
};

} // namespace everx
