#include "market/passwordrules.h"

#include "market/marketrules.h"

#include <QtCore/QFile>
#include <QtCore/QSet>

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

Problem check(QStringView password)
{
    if (password.size() < MarketRules::MinNewPasswordLength)
        return Problem::TooShort;
    if (password.size() > MarketRules::MaxPasswordLength)
        return Problem::TooLong;
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
    }
    return {};
}

qsizetype commonCount()
{
    return commonPasswords().size();
}

} // namespace everx::PasswordRules
