#pragma once

#include <QtCore/QString>
#include <QtCore/QStringView>

namespace everx {

// What a new password must be (docs/protocol.md "Limits"): MinNewPasswordLength to
// MaxPasswordLength characters and not one of the common passwords of the built-in list
// (resources/common_passwords.txt, ":/everx/common_passwords.txt"), compared without regard to
// case. The server holds auth.signup, account.password and --add-support to it (weak_password);
// the desk's sign-up form checks the same rule before it sends, to say so in place.
//
// Threading: any (the list is read once, thread-safely).
namespace PasswordRules {

enum class Problem : quint8 { None, TooShort, TooLong, Common };

Problem check(QStringView password);
// For the server's error message (English; the desk says it in the user's language).
QString describe(Problem problem);
// How many passwords the built-in list has (for a test that it loaded).
qsizetype commonCount();

} // namespace PasswordRules

} // namespace everx
