// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Password hashes: scrypt from OpenSSL, salted, self-describing, verified in constant time.

#include "engine/passwordhasher.h"

#include <QtTest/QTest>

using namespace everx;

class TestPasswordHasher : public QObject
{
    Q_OBJECT

private slots:
    void verifiesTheRightPassword();
    void saltMakesEveryHashDifferent();
    void refusesMalformedEncodings_data();
    void refusesMalformedEncodings();
    void knownAnswer();
    void defaultCostIsStrong();
    void randomBytes();
};

void TestPasswordHasher::verifiesTheRightPassword()
{
    const QString hash = PasswordHasher::hash(QStringLiteral("correct horse ğüşiöç"), 6);
    QVERIFY(hash.startsWith(QStringLiteral("scrypt$6$8$1$")));
    QVERIFY(!hash.contains(QStringLiteral("correct horse")));
    QVERIFY(PasswordHasher::verify(QStringLiteral("correct horse ğüşiöç"), hash));
    QVERIFY(!PasswordHasher::verify(QStringLiteral("correct horse gusioc"), hash));
    QVERIFY(!PasswordHasher::verify(QString(), hash));
}

void TestPasswordHasher::saltMakesEveryHashDifferent()
{
    const QString a = PasswordHasher::hash(QStringLiteral("same password"), 4);
    const QString b = PasswordHasher::hash(QStringLiteral("same password"), 4);
    QVERIFY(a != b);
    QVERIFY(a.section(u'$', 4, 4) != b.section(u'$', 4, 4));
    QVERIFY(PasswordHasher::verify(QStringLiteral("same password"), a));
    QVERIFY(PasswordHasher::verify(QStringLiteral("same password"), b));
}

void TestPasswordHasher::refusesMalformedEncodings_data()
{
    QTest::addColumn<QString>("encoded");
    const QString good = PasswordHasher::hash(QStringLiteral("pw123456"), 4);
    QString wrongAlgo = good;
    wrongAlgo.replace(0, 6, QStringLiteral("bcrypt"));
    QTest::newRow("empty") << QString();
    QTest::newRow("plain text") << QStringLiteral("pw123456");
    QTest::newRow("other algorithm") << wrongAlgo;
    QTest::newRow("too few fields") << good.section(u'$', 0, 4);
    QTest::newRow("absurd cost") << QString(good).replace(QStringLiteral("scrypt$4$"),
                                                          QStringLiteral("scrypt$40$"));
    QTest::newRow("bad number") << QString(good).replace(QStringLiteral("scrypt$4$"),
                                                         QStringLiteral("scrypt$x$"));
    QTest::newRow("truncated hash") << good.left(good.size() - 8);
}

void TestPasswordHasher::refusesMalformedEncodings()
{
    QFETCH(QString, encoded);
    QVERIFY(!PasswordHasher::verify(QStringLiteral("pw123456"), encoded));
}

void TestPasswordHasher::knownAnswer()
{
    // RFC 7914 section 12, third vector: scrypt("pleaseletmein", "SodiumChloride", N=16384,
    // r=8, p=1), first 32 bytes (PBKDF2's output blocks do not depend on the length asked for).
    const QByteArray salt = QByteArrayLiteral("SodiumChloride");
    const QByteArray expected =
        QByteArray::fromHex("7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2");
    const QString encoded =
        QStringLiteral("scrypt$14$8$1$%1$%2")
            .arg(QString::fromLatin1(salt.toBase64()), QString::fromLatin1(expected.toBase64()));
    QVERIFY(PasswordHasher::verify(QStringLiteral("pleaseletmein"), encoded));
    QVERIFY(!PasswordHasher::verify(QStringLiteral("pleaseletmeIn"), encoded));
}

void TestPasswordHasher::defaultCostIsStrong()
{
    QCOMPARE(PasswordHasher::DefaultLog2N, 15);
    const QString hash = PasswordHasher::hash(QStringLiteral("production password"));
    QVERIFY(hash.startsWith(QStringLiteral("scrypt$15$8$1$")));
    QVERIFY(PasswordHasher::verify(QStringLiteral("production password"), hash));
    QVERIFY(PasswordHasher::hash(QStringLiteral("x"), 3).isEmpty()); // below the floor
}

void TestPasswordHasher::randomBytes()
{
    const QByteArray a = PasswordHasher::randomBytes(32), b = PasswordHasher::randomBytes(32);
    QCOMPARE(a.size(), 32);
    QVERIFY(a != b);
}

QTEST_GUILESS_MAIN(TestPasswordHasher)
#include "tst_passwordhasher.moc"
