// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QString>
#include <QtCore/QStringList>

namespace everx {

// TLS certificate helpers for everx-exchanged (OpenSSL).
class Certificates final
{
public:
    Certificates() = delete;

    // Writes a self-signed certificate (ECDSA P-256, SHA-256, valid `days` days from now) for
    // the given host names and IP addresses (subjectAltName; the first is also the CN) and its
    // private key, both PEM. The key file is created with mode 0600. Refuses to overwrite.
    static bool generateSelfSigned(const QString &certificatePath, const QString &keyPath,
                                   const QStringList &hosts, int days, QString *error);
    // SHA-256 of a PEM certificate's DER form, as lower-case hex; what the desk pins.
    static QByteArray fingerprintOfPem(const QByteArray &pem);
};

} // namespace everx
