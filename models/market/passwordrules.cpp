// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/passwordrules.h"

#include "market/marketrules.h"
#include "market/textrules.h"

#include <QtCore/QFile>
#include <QtCore/QSet>

#include <algorithm>

namespace everx::PasswordRules {

namespace {

const QSet<QString> &commonPasswords()
{
    static const QSet<QString> list = [] {
        QSet<QString> out;
        QFile file(QStringLiteral(":/everx/common_passwords.txt"));
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            return out;
        const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
        for (const QString &line : lines) {
            const QString word = line.trimmed();
            if (!word.isEmpty() && !word.startsWith(u'#'))
                out.insert(word.toLower());
        }
        return out;
    }();
    return list;
}

} // namespace

Problem check(QStringView password, QStringView email)
{
    if (password.size() > MarketRules::MaxPasswordLength)
        return Problem::TooLong;
    const QList<uint> codePoints = password.toUcs4();
    bool visible = false;
    for (const char32_t c : codePoints)
        visible = visible || (!TextRules::isInvisible(c) && !QChar::isSpace(c));
    if (!visible)
        return Problem::Blank;
    if (password.size() < MarketRules::MinNewPasswordLength)
        return Problem::TooShort;
    const QString folded = password.toString().toCaseFolded();
    if (std::all_of(codePoints.cbegin(), codePoints.cend(), [&codePoints](uint c) {
            return QChar::toCaseFolded(char32_t(c)) == QChar::toCaseFolded(char32_t(codePoints[0]));
        }))
        return Problem::Repeated;
    if (!email.isEmpty()) {
        const QString mailbox = TextRules::mailboxName(email);
        if (mailbox.size() >= MinMailboxNameInPassword
            && folded.normalized(QString::NormalizationForm_KC).contains(mailbox))
            return Problem::HoldsEmail;
    }
    if (commonPasswords().contains(password.toString().toLower()))
        return Problem::Common;
    return Problem::None;
}

QString describe(Problem problem)
{
    switch (problem) {
    case Problem::None:
        return {};
    case Problem::TooShort:
        return QStringLiteral("the password needs at least %1 characters")
            .arg(MarketRules::MinNewPasswordLength);
    case Problem::TooLong:
        return QStringLiteral("the password may have at most %1 characters")
            .arg(MarketRules::MaxPasswordLength);
    case Problem::Common:
        return QStringLiteral("this password is one of the most common ones; choose another");
    case Problem::Blank:
        return QStringLiteral("the password is only spaces or invisible characters");
    case Problem::Repeated:
        return QStringLiteral("the password is one character repeated");
    case Problem::HoldsEmail:
        return QStringLiteral("the password holds the name of your email address");
    }
    return {};
}

qsizetype commonCount()
{
    return commonPasswords().size();
}

} // namespace everx::PasswordRules
