// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/passwordhasher.h"

#include <QtCore/QStringList>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

namespace everx {

namespace {

constexpr int SaltBytes = 16;
constexpr int HashBytes = 32;
constexpr quint64 R = 8;
constexpr quint64 P = 1;

QByteArray derive(const QByteArray &password, const QByteArray &salt, int log2N, quint64 r,
                  quint64 p)
{
    QByteArray out(HashBytes, Qt::Uninitialized);
    const quint64 n = quint64(1) << log2N;
    // maxmem: 128 * N * r * p plus slack; OpenSSL's default cap (32 MiB) is too tight for N=2^15.
    const quint64 maxmem = 128 * n * r * p + (1u << 20);
    if (EVP_PBE_scrypt(password.constData(), size_t(password.size()),
                       reinterpret_cast<const unsigned char *>(salt.constData()),
                       size_t(salt.size()), n, r, p, maxmem,
                       reinterpret_cast<unsigned char *>(out.data()), size_t(out.size()))
        != 1)
        return {};
    return out;
}

} // namespace

QByteArray PasswordHasher::randomBytes(int count)
{
    QByteArray bytes(count, Qt::Uninitialized);
    if (RAND_bytes(reinterpret_cast<unsigned char *>(bytes.data()), count) != 1)
        return {};
    return bytes;
}

QString PasswordHasher::hash(const QString &password, int log2N)
{
    if (log2N < 4 || log2N > 20)
        return {};
    const QByteArray salt = randomBytes(SaltBytes);
    if (salt.isEmpty())
        return {};
    const QByteArray key = derive(password.toUtf8(), salt, log2N, R, P);
    if (key.isEmpty())
        return {};
    return QStringLiteral("scrypt$%1$%2$%3$%4$%5")
        .arg(log2N)
        .arg(R)
        .arg(P)
        .arg(QString::fromLatin1(salt.toBase64()), QString::fromLatin1(key.toBase64()));
}

bool PasswordHasher::verify(const QString &password, const QString &encoded)
{
    const QStringList parts = encoded.split(u'$');
    if (parts.size() != 6 || parts[0] != u"scrypt")
        return false;
    bool ok1 = false, ok2 = false, ok3 = false;
    const int log2N = parts[1].toInt(&ok1);
    const quint64 r = parts[2].toULongLong(&ok2);
    const quint64 p = parts[3].toULongLong(&ok3);
    if (!ok1 || !ok2 || !ok3 || log2N < 4 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16)
        return false;
    const QByteArray salt = QByteArray::fromBase64(parts[4].toLatin1());
    const QByteArray expected = QByteArray::fromBase64(parts[5].toLatin1());
    if (salt.size() < 8 || expected.size() != HashBytes)
        return false;
    const QByteArray actual = derive(password.toUtf8(), salt, log2N, r, p);
    return actual.size() == expected.size()
        && CRYPTO_memcmp(actual.constData(), expected.constData(), size_t(actual.size())) == 0;
}

} // namespace everx
