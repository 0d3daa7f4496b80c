// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The error codes of both ends: one name per code, and exactly the codes docs/protocol.md lists.

#include "market/errors.h"

#include <QtCore/QFile>
#include <QtCore/QRegularExpression>
#include <QtCore/QSet>
#include <QtTest/QtTest>

using namespace Qt::StringLiterals;
using everx::AllErrorCodes;
using everx::ErrorCode;
using everx::errorCodeFromName;
using everx::errorCodeName;

namespace {

// The codes of the "## Errors" table of docs/protocol.md: every `name` in a row's first cell.
QStringList documentedCodes(QString *problem)
{
    QFile file(QStringLiteral(EVERX_PROTOCOL_DOC));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *problem = file.errorString();
        return {};
    }
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    const qsizetype start = lines.indexOf(u"## Errors"_s);
    if (start < 0) {
        *problem = u"no \"## Errors\" section"_s;
        return {};
    }
    static const QRegularExpression code(u"`([a-z_]+)`"_s);
    QStringList codes;
    for (qsizetype i = start + 1; i < lines.size() && !lines.at(i).startsWith(u"## "); ++i) {
        const QString &line = lines.at(i);
        if (!line.startsWith(u'|'))
            continue;
        const QString firstCell = line.section(u'|', 1, 1);
        for (auto it = code.globalMatch(firstCell); it.hasNext();)
            codes.append(it.next().captured(1));
    }
    return codes;
}

} // namespace

class TestErrors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCodeRoundTrips();
    void namesAreUnique();
    void unknownNamesAreRefused_data();
    void unknownNamesAreRefused();
    void namesMatchTheProtocolDocument();
};

void TestErrors::everyCodeRoundTrips()
{
    for (const ErrorCode code : AllErrorCodes) {
        const QString name = errorCodeName(code);
        QVERIFY2(!name.isEmpty(), qPrintable(QString::number(int(code))));
        QCOMPARE(errorCodeFromName(name), std::optional<ErrorCode>(code));
    }
}

void TestErrors::namesAreUnique()
{
    QSet<QString> names;
    for (const ErrorCode code : AllErrorCodes)
        names.insert(errorCodeName(code));
    QCOMPARE(names.size(), qsizetype(std::size(AllErrorCodes)));
}

void TestErrors::unknownNamesAreRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("upper case") << u"INVALID_ARGUMENT"_s;
    QTest::newRow("padded") << u" forbidden"_s;
    QTest::newRow("a newer server's") << u"quota_exceeded"_s;
}

void TestErrors::unknownNamesAreRefused()
{
    QFETCH(QString, name);
    QCOMPARE(errorCodeFromName(name), std::nullopt);
}

void TestErrors::namesMatchTheProtocolDocument()
{
    QString problem;
    const QStringList documented = documentedCodes(&problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QSet<QString> inCode;
    for (const ErrorCode code : AllErrorCodes)
        inCode.insert(errorCodeName(code));
    const QSet<QString> inDoc(documented.cbegin(), documented.cend());
    QCOMPARE(documented.size(), inDoc.size()); // the table names each code once
    for (const QString &name : inCode)
        QVERIFY2(inDoc.contains(name), qPrintable(name + u" is not in docs/protocol.md"_s));
    for (const QString &name : inDoc)
        QVERIFY2(inCode.contains(name), qPrintable(name + u" is documented but not a code"_s));
}

QTEST_GUILESS_MAIN(TestErrors)
#include "tst_errors.moc"
