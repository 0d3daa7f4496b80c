#include "views/ledgercsv.h"

#include "wire/wirecodec.h"

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
    return {QStringLiteral("id"),   QStringLiteral("time"),   QStringLiteral("tx"),
            QStringLiteral("kind"), QStringLiteral("bucket"), QStringLiteral("amount"),
            QStringLiteral("ref"),  QStringLiteral("memo"),   QStringLiteral("hash")};
}

QByteArray LedgerCsv::toCsv(const QList<LedgerEntry> &entries)
{
    QString out = header().join(u',') + QStringLiteral("\r\n");
    for (const LedgerEntry &e : entries) {
        const QStringList row {
            QString::number(e.id),
            QDateTime::fromMSecsSinceEpoch(e.timeMs, Qt::UTC).toString(Qt::ISODate),
            QString::number(e.txId),
            field(e.kind),
            Wire::bucketName(e.bucket),
            Money::toPlain(e.amount),
            QString::number(e.refId),
            textField(e.memo),
            QString::fromLatin1(e.hash),
        };
        out += row.join(u',') + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

std::optional<LedgerCsv::Error> LedgerCsv::write(const QString &path,
                                                 const QList<LedgerEntry> &entries)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error {Error::Code::CannotOpen, path, file.errorString()};
    const QByteArray bytes = toCsv(entries);
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
