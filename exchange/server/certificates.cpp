// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/certificates.h"

#include <QtCore/QFile>
#include <QtNetwork/QHostAddress>
#include <QtNetwork/QSslCertificate>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>

namespace everx {

namespace {

template<typename T, void (*Free)(T *)>
struct Deleter
{
    void operator()(T *p) const { Free(p); }
};
using PKey = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using Cert = std::unique_ptr<X509, Deleter<X509, X509_free>>;
using Bio = std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>>;

QByteArray readBio(BIO *bio)
{
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    return QByteArray(data, qsizetype(size));
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace

bool Certificates::generateSelfSigned(const QString &certificatePath, const QString &keyPath,
                                      const QStringList &hosts, int days, QString *error)
{
    if (hosts.isEmpty() || days < 1 || days > 3650)
        return fail(error, QStringLiteral("a certificate needs a host name and 1 to 3650 days"));
    if (QFile::exists(certificatePath) || QFile::exists(keyPath))
        return fail(error,
                    QStringLiteral("%1 or %2 exists already; not overwriting")
                        .arg(certificatePath, keyPath));

    PKey key(EVP_EC_gen("P-256"));
    Cert cert(X509_new());
    if (!key || !cert)
        return fail(error, QStringLiteral("OpenSSL could not make a key"));
    X509_set_version(cert.get(), 2);
    unsigned char serial[16];
    RAND_bytes(serial, sizeof serial);
    serial[0] &= 0x7F; // positive
    BIGNUM *bn = BN_bin2bn(serial, sizeof serial, nullptr);
    BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
    BN_free(bn);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), long(days) * 24 * 3600);
    X509_set_pubkey(cert.get(), key.get());
    X509_NAME *name = X509_get_subject_name(cert.get());
    const QByteArray cn = hosts.first().toUtf8();
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
                               reinterpret_cast<const unsigned char *>(cn.constData()), -1, -1, 0);
    X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8,
                               reinterpret_cast<const unsigned char *>("EverX exchange"), -1, -1,
                               0);
    X509_set_issuer_name(cert.get(), name);

    QStringList san;
    for (const QString &h : hosts)
        san << (QHostAddress(h).isNull() ? QStringLiteral("DNS:") : QStringLiteral("IP:")) + h;
    const QByteArray sanText = san.join(u',').toUtf8();
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert.get(), cert.get(), nullptr, nullptr, 0);
    for (const auto &[nid, value] :
         {std::pair<int, QByteArray> {NID_subject_alt_name, sanText},
          {NID_basic_constraints, QByteArrayLiteral("critical,CA:FALSE")},
          {NID_key_usage, QByteArrayLiteral("critical,digitalSignature")},
          {NID_ext_key_usage, QByteArrayLiteral("serverAuth")}}) {
        X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.constData());
        if (!ext)
            return fail(error,
                        QStringLiteral("OpenSSL refused the certificate extension %1").arg(nid));
        X509_add_ext(cert.get(), ext, -1);
        X509_EXTENSION_free(ext);
    }
    if (X509_sign(cert.get(), key.get(), EVP_sha256()) == 0)
        return fail(error, QStringLiteral("OpenSSL could not sign the certificate"));

    Bio certBio(BIO_new(BIO_s_mem())), keyBio(BIO_new(BIO_s_mem()));
    if (!PEM_write_bio_X509(certBio.get(), cert.get())
        || !PEM_write_bio_PrivateKey(keyBio.get(), key.get(), nullptr, nullptr, 0, nullptr,
                                     nullptr))
        return fail(error, QStringLiteral("OpenSSL could not write PEM"));

    QFile keyFile(keyPath);
    if (!keyFile.open(QIODevice::WriteOnly | QIODevice::NewOnly)
        || !keyFile.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)
        || keyFile.write(readBio(keyBio.get())) < 0 || !keyFile.flush())
        return fail(error,
                    QStringLiteral("cannot write %1: %2").arg(keyPath, keyFile.errorString()));
    QFile certFile(certificatePath);
    if (!certFile.open(QIODevice::WriteOnly | QIODevice::NewOnly)
        || certFile.write(readBio(certBio.get())) < 0 || !certFile.flush())
        return fail(
            error,
            QStringLiteral("cannot write %1: %2").arg(certificatePath, certFile.errorString()));
    return true;
}

QByteArray Certificates::fingerprintOfPem(const QByteArray &pem)
{
    const QList<QSslCertificate> certs = QSslCertificate::fromData(pem, QSsl::Pem);
    return certs.isEmpty() ? QByteArray()
                           : certs.first().digest(QCryptographicHash::Sha256).toHex();
}

} // namespace everx
