// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "daemon/accountcommands.h"

#include "engine/clock.h"
#include "engine/exchangeengine.h"
#include "market/passwordrules.h"

#include <QtCore/QTextStream>

namespace everx {

int AccountCommands::addSupport(const QString &location, const QString &keyFile,
                                const QString &email, const QString &password,
                                const QString &country, QTextStream &out)
{
    if (const auto problem = PasswordRules::check(password);
        problem != PasswordRules::Problem::None) {
        out << "everx-exchanged: " << PasswordRules::describe(problem) << '\n';
        return 2;
    }
    SystemClock clock;
    ExchangeEngine engine(clock);
    ExchangeEngine::Options options;
    options.database.location = location;
    options.ledgerKeyFile = keyFile;
    QString error;
    if (!engine.open(options, &error)) {
        out << "everx-exchanged: cannot open the database: " << error << '\n';
        return 1;
    }
    NewAccount request;
    request.email = email;
    request.password = password;
    request.role = Role::Support;
    request.country = country;
    const Result<Account> made = engine.createAccount(request);
    if (!made) {
        out << "everx-exchanged: " << errorCodeName(made.code()) << ": " << made.error().message
            << '\n';
        return made.code() == ErrorCode::Storage ? 1 : 2;
    }
    out << made->id << '\n';
    return 0;
}

} // namespace everx
