#pragma once

#include "market/marketrecords.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QList>
#include <QtCore/QString>

#include <optional>

namespace everx {

// The ledger as CSV (RFC 4180): a header row, then one row per entry in the order given, lines
// ending in CRLF, UTF-8. Values are machine forms, so a spreadsheet or script reads them in any
// locale: times ISO 8601 in UTC ("2026-03-01T10:00:00Z"), amounts plain numbers with two
// decimals ("4.19", "-25.00"), kind and bucket as the protocol names them. A field with a comma,
// a double quote, CR or LF is quoted and its quotes doubled.
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
    static QStringList header();
    static QByteArray toCsv(const QList<LedgerEntry> &entries);
    // Writes through QSaveFile: the file appears complete or not at all, and an existing file is
    // replaced only once the new one is fully written. nullopt on success.
    static std::optional<Error> write(const QString &path, const QList<LedgerEntry> &entries);
};

} // namespace everx
