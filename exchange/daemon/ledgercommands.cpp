// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "daemon/ledgercommands.h"

#include "engine/database.h"
#include "engine/ledgerkey.h"
#include "engine/ledgerverifier.h"

#include <QtCore/QTextStream>

namespace everx {

int LedgerCommands::verify(const QString &location, const QString &keyFile, QTextStream &out)
{
    QString error;
    const std::optional<QByteArray> key = LedgerKey::load(keyFile, &error);
    if (!key) {
        out << "everx-exchanged: " << error << '\n';
        return 1;
    }
    Database::Options options;
    options.location = location;
    const LedgerReport report = LedgerVerifier::verifyDatabase(options, *key);
    if (!report.ok) {
        out << "the ledger does not verify: " << report.problem << '\n';
        if (report.badEntry)
            out << "first bad entry: " << report.badEntry << '\n';
        if (report.badAccount)
            out << "first bad account: " << *report.badAccount << '\n';
        return report.problem.startsWith(u"the ledger could not be read") ? 1 : LedgerRefused;
    }
    out << "the ledger verifies: " << report.entries
        << " entries chained with the key; every balance and hold matches its entries\n";
    return 0;
}

int LedgerCommands::rekey(const QString &location, const QString &keyFile, QTextStream &out)
{
    QString error;
    const std::optional<LedgerKey::Loaded> key = LedgerKey::loadOrCreate(keyFile, &error);
    if (!key) {
        out << "everx-exchanged: " << error << '\n';
        return 1;
    }
    Database db;
    Database::Options options;
    options.location = location;
    if (!db.open(options, &error)) {
        out << "everx-exchanged: cannot open the database: " << error << '\n';
        return 1;
    }
    db.setLedgerKey(key->key);
    if (db.chainFormat() == Database::KeyedChain) {
        out << "the ledger's chain is already keyed; nothing to do\n";
        return 0;
    }
    if (!db.rekeyChain(&error)) {
        out << error << '\n';
        return LedgerRefused;
    }
    if (key->created)
        out << "created the ledger key " << keyFile << '\n';
    out << "the ledger's chain is keyed with " << keyFile << '\n';
    return 0;
}

} // namespace everx
