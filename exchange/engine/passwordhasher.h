// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QString>

namespace everx {

// Password hashes with OpenSSL's scrypt (RFC 7914) and a random 16-byte salt; the server keeps
// only the encoded hash, never the password (docs/architecture.md "The protocol and sessions").
//
// Encoded form: "scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>", so that the cost can be
// raised later without invalidating stored hashes: verify() reads the parameters it was made
// with. Default cost N = 2^15, r = 8, p = 1 (32 MiB, the OWASP recommendation's order); tests
// pass a lower log2 N to stay fast.
class PasswordHasher final
{
public:
    PasswordHasher() = delete;

    static constexpr int DefaultLog2N = 15;

    // Empty on failure (OpenSSL refused the parameters or had no randomness).
    static QString hash(const QString &password, int log2N = DefaultLog2N);
    // Constant-time comparison; false for a malformed encoding.
    static bool verify(const QString &password, const QString &encoded);
    // Cryptographically random bytes from OpenSSL; empty on failure.
    static QByteArray randomBytes(int count);
};

} // namespace everx
