// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/ledgercsv.h"

#include "views/ledgermodel.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QSaveFile>

namespace everx {

QString LedgerCsv::Error::message() const
{
    const QString where = QDir::toNativeSeparators(path);
    switch (code) {
    case Code::CannotOpen:
        return tr("Could not create %1: %2").arg(where, detail);
    case Code::WriteFailed:
        return tr("Could not write %1: %2").arg(where, detail);
    case Code::CommitFailed:
        return tr("Could not save %1: %2").arg(where, detail);
    }
    return detail;
}

QString LedgerCsv::field(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\r')
        && !text.contains(u'\n'))
        return text;
    QString quoted = text;
    quoted.replace(u'"', QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QString LedgerCsv::textField(const QString &text)
{
    static const QString formulaStarts = QStringLiteral("=+-@\t\r");
    if (!text.isEmpty() && formulaStarts.contains(text.front()))
        return field(u'\'' + text);
    return field(text);
}

QStringList LedgerCsv::header()
{
    QStringList names(ColumnCount);
    names[EntryId] = tr("Entry", "CSV column: the ledger entry's id");
    names[Time] = tr("Time (UTC)", "CSV column");
    names[Kind] = tr("Kind", "CSV column: of a ledger entry");
    names[Amount] = tr("Amount", "CSV column");
    names[CurrencyCode] = tr("Currency", "CSV column");
    names[Balance] = tr("Balance", "CSV column: of the entry's funds (available or held) after it");
    names[BucketColumn] =
        tr("Funds", "CSV column: the part of the balance an entry moves, available or held");
    names[Reference] = tr("Reference", "CSV column: what the entry refers to, in words");
    names[Memo] = tr("Memo", "CSV column");
    names[ReferenceId] = tr("Reference id", "CSV column: the order, rental or top-up's id");
    names[TransactionId] = tr("Transaction", "CSV column: the id of the entry's transaction");
    names[Hash] = tr("Hash", "CSV column: the entry's link in the ledger's hash chain");
    for (QString &name : names)
        name = field(name);
    return names;
}

QByteArray LedgerCsv::toCsv(const QList<LedgerEntry> &entries, const QLocale &locale,
                            const BalanceAfter &balanceAfter)
{
    QString out = header().join(u',') + QStringLiteral("\r\n");
    for (const LedgerEntry &e : entries) {
        QStringList row(ColumnCount);
        row[EntryId] = QString::number(e.id);
        row[Time] = QDateTime::fromMSecsSinceEpoch(e.timeMs, Qt::UTC).toString(Qt::ISODate);
        row[Kind] = field(LedgerModel::kindName(e.kind));
        // The ledger counts in the exchange's currency; a top-up's memo names what was paid.
        row[Amount] = Money::toPlain(e.amount);
        row[CurrencyCode] = Money::currencyCode(Currency::USD);
        const std::optional<Cents> balance =
            balanceAfter ? balanceAfter(e.id) : std::optional<Cents>();
        row[Balance] = balance ? Money::toPlain(*balance) : QString();
        row[BucketColumn] = field(LedgerModel::bucketName(e.bucket));
        row[Reference] = field(LedgerModel::referenceText(e));
        row[Memo] = textField(LedgerModel::memoText(e, locale));
        row[ReferenceId] = QString::number(e.refId);
        row[TransactionId] = QString::number(e.txId);
        row[Hash] = QString::fromLatin1(e.hash);
        out += row.join(u',') + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

std::optional<LedgerCsv::Error> LedgerCsv::write(const QString &path,
                                                 const QList<LedgerEntry> &entries,
                                                 const QLocale &locale,
                                                 const BalanceAfter &balanceAfter)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error {Error::Code::CannotOpen, path, file.errorString()};
    const QByteArray bytes = toCsv(entries, locale, balanceAfter);
    if (file.write(bytes) != bytes.size()) {
        const QString detail = file.errorString();
        file.cancelWriting();
        return Error {Error::Code::WriteFailed, path, detail};
    }
    if (!file.commit())
        return Error {Error::Code::CommitFailed, path, file.errorString()};
    return std::nullopt;
}

} // namespace everx
