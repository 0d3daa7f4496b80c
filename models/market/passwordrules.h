// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>
#include <QtCore/QStringView>

namespace everx {

// What a new password must be (docs/protocol.md "Limits"): MinNewPasswordLength to
// MaxPasswordLength characters; not only whitespace and invisible characters
// (TextRules::isInvisible); not one character repeated (case aside); not holding the name of the
// account's mailbox (TextRules::mailboxName: the email's local part without its "+tag", of
// MinMailboxNameInPassword characters or more), case aside; and not one of the common passwords
// of the built-in list (resources/common_passwords.txt, ":/everx/common_passwords.txt"), compared
// without regard to case. The server holds auth.signup, account.password and --add-support to it
// (weak_password); the desk's sign-up form checks the same rule before it sends, to say so in
// place.
//
// Threading: any (the list is read once, thread-safely).
namespace PasswordRules {

enum class Problem : quint8 { None, TooShort, TooLong, Common, Blank, Repeated, HoldsEmail };

// A mailbox name shorter than this is not looked for in the password ("al" is in too many).
inline constexpr qsizetype MinMailboxNameInPassword = 3;

// email: the account's (empty: none to compare with).
Problem check(QStringView password, QStringView email = {});
// For the server's error message (English; the desk says it in the user's language).
QString describe(Problem problem);
// How many passwords the built-in list has (for a test that it loaded).
qsizetype commonCount();

} // namespace PasswordRules

} // namespace everx
