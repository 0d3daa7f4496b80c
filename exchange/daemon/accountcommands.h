// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>

QT_BEGIN_NAMESPACE
class QTextStream;
QT_END_NAMESPACE

namespace everx {

// The account commands of everx-exchanged, which run instead of the server and exit. Support
// accounts are made here and only here: auth.signup never makes one (docs/protocol.md).
//
// Exit statuses: 0 done; 1 the database cannot be opened or the account stored; 2 the request is
// refused (a weak password, a taken email, an unknown country).
class AccountCommands final
{
public:
    AccountCommands() = delete;

    // --add-support EMAIL: a support account with that password (PasswordRules) and country;
    // prints its id.
    static int addSupport(const QString &location, const QString &keyFile, const QString &email,
                          const QString &password, const QString &country, QTextStream &out);
};

} // namespace everx
