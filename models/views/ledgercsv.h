// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QList>
#include <QtCore/QLocale>
#include <QtCore/QString>

#include <functional>
#include <optional>

namespace everx {

// The ledger as CSV (RFC 4180): a header row, then one row per entry in the order given, lines
// ending in CRLF, UTF-8. It says what the Wallet shows, with the header in the desk's language:
// kind, bucket, reference and memo in words (LedgerModel's, in the locale given), next to the raw
// ids (entry, transaction, reference) in their own columns. Times and amounts stay machine forms,
// so that a spreadsheet reads them as dates and numbers in any locale: times ISO 8601 in UTC
// ("2026-03-01T10:00:00Z"), amounts plain numbers with two decimals ("4.19", "-25.00") beside
// their currency's code. A field with a comma, a double quote, CR or LF is quoted and its quotes
// doubled.
class LedgerCsv final
{
    Q_DECLARE_TR_FUNCTIONS(everx::LedgerCsv)

public:
    LedgerCsv() = delete;

    struct Error
    {
        enum class Code {
            CannotOpen, // no such folder, no permission
            WriteFailed, // disk full, I/O error
            CommitFailed, // the finished file could not replace the target
        };
        Code code = Code::CannotOpen;
        QString path;
        QString detail; // the system's words
        // For people: what failed, where, and why.
        QString message() const;
    };

    static QString field(const QString &text);
    // A free-text field (a memo, a support agent's reason): as field(), and a text that a
    // spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is
    // written with a leading apostrophe, so that opening the file never runs it.
    static QString textField(const QString &text);
    enum Column {
        EntryId,
        Time,
        Kind,
        Amount,
        CurrencyCode,
        Balance,
        BucketColumn,
        Reference,
        Memo,
        ReferenceId,
        TransactionId,
        Hash,
        ColumnCount
    };
    // In the language of the translator installed now.
    static QStringList header();
    // The balance of an entry's funds after it (LedgerModel::balanceAfter); an empty cell where
    // it gives none.
    using BalanceAfter = std::function<std::optional<Cents>(qint64 entryId)>;
    // Memos, references and figures in them in the locale's form, as the Wallet shows them.
    static QByteArray toCsv(const QList<LedgerEntry> &entries, const QLocale &locale,
                            const BalanceAfter &balanceAfter = {});
    // Writes through QSaveFile: the file appears complete or not at all, and an existing file is
    // replaced only once the new one is fully written. nullopt on success.
    static std::optional<Error> write(const QString &path, const QList<LedgerEntry> &entries,
                                      const QLocale &locale, const BalanceAfter &balanceAfter = {});
};

} // namespace everx
