// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Sessions survive a restart of the exchange: tokens are stored hashed in the engine's database
// with their account, creation, last use and expiry; a signed-out or expired token is refused
// after a restart as before it. On SQLite, and on PostgreSQL when EVERX_TEST_PG_URL is set.

#include "fixtures/pgfixture.h"
#include "fixtures/serverfixture.h"

#include "server/sessionstore.h"

#include <QtCore/QCryptographicHash>
#include <QtSql/QSqlQuery>

using namespace Qt::StringLiterals;
using namespace everx;
using namespace everx::test;

class TestSessionStore : public QObject
{
    Q_OBJECT

private:
    QString m_pgUrl;
    QTemporaryDir m_keyDir; // the PostgreSQL server's ledger key
    ManualClock m_sessionClock {T0};
    // A server on SQLite, or on PostgreSQL (emptied first) for the "PostgreSQL" rows.
    std::unique_ptr<ServerFixture> server(bool postgres, qint64 idleMs = MarketRules::DayMs);
    static QString tokenOf(const QJsonObject &loginReply);
    static QString resumedEmail(ServerFixture &f, const QString &token);

private slots:
    void initTestCase();
    void backends_data();
    void aTokenIsStoredOnlyAsItsHash_data() { backends_data(); }
    void aTokenIsStoredOnlyAsItsHash();
    void aSessionSurvivesARestart_data() { backends_data(); }
    void aSessionSurvivesARestart();
    void aSignedOutTokenIsRefusedAfterARestart_data() { backends_data(); }
    void aSignedOutTokenIsRefusedAfterARestart();
    void anExpiredTokenIsRefusedAfterARestart_data() { backends_data(); }
    void anExpiredTokenIsRefusedAfterARestart();
    void lastUseIsStoredSoThatARestartKeepsIt_data() { backends_data(); }
    void lastUseIsStoredSoThatARestartKeepsIt();
    void pruningDeletesExpiredRows_data() { backends_data(); }
    void pruningDeletesExpiredRows();
    void cleanup();
};

void TestSessionStore::initTestCase()
{
    m_pgUrl = test::pgUrl();
}

void TestSessionStore::cleanup()
{
    m_sessionClock.set(T0);
    if (!m_pgUrl.isEmpty())
        dropExchangeTables(m_pgUrl);
}

void TestSessionStore::backends_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("SQLite") << false;
    QTest::newRow("PostgreSQL") << true;
}

std::unique_ptr<ServerFixture> TestSessionStore::server(bool postgres, qint64 idleMs)
{
    if (postgres && !dropExchangeTables(m_pgUrl))
        return nullptr;
    auto f = std::make_unique<ServerFixture>(
        false, [&](ExchangeService::Options &o, ExchangeServer::Options &) {
            o.tokenIdleMs = idleMs;
            o.sessionClock = &m_sessionClock;
            o.pruneIntervalMs = 3'600'000; // the tests call prune() themselves
            if (postgres) {
                o.engine.database.location = m_pgUrl;
                o.engine.ledgerKeyFile = m_keyDir.filePath(u"ledger.key"_s);
            }
        });
    if (!f->service->isOpen())
        return nullptr;
    f->account(u"c@x.io"_s, Role::Customer);
    return f;
}

QString TestSessionStore::tokenOf(const QJsonObject &loginReply)
{
    return RawClient::result(loginReply).value(u"token"_s).toString();
}

QString TestSessionStore::resumedEmail(ServerFixture &f, const QString &token)
{
    RawClient client(f);
    if (!client.waitConnected())
        return u"(not connected)"_s;
    const QJsonObject reply = client.call(u"auth.resume"_s, {{u"token"_s, token}});
    if (!RawClient::errorCode(reply).isEmpty())
        return RawClient::errorCode(reply);
    return RawClient::result(reply).value(u"account"_s).toObject().value(u"email"_s).toString();
}

#define SERVER_OR_SKIP(f, postgres, ...)                                                           \
    EVERX_SKIP_WITHOUT_POSTGRES(postgres);                                                         \
    auto f = server(postgres __VA_OPT__(, ) __VA_ARGS__);                                          \
    QVERIFY(f)

void TestSessionStore::aTokenIsStoredOnlyAsItsHash()
{
    QFETCH(bool, postgres);
    SERVER_OR_SKIP(f, postgres);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    const QString token = tokenOf(client.call(
        u"auth.login"_s, {{u"email"_s, u"c@x.io"_s}, {u"password"_s, u"correct horse"_s}}));
    QVERIFY(token.size() >= 40);
    QSqlQuery q(QSqlDatabase::database(f->service->engine().database().connectionName(), false));
    QVERIFY(q.exec(u"SELECT token_hash, account_id, created_ms, last_seen_ms, expires_ms FROM"
                   " sessions"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(),
             QString::fromLatin1(
                 QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256).toHex()));
    QVERIFY(q.value(0).toString() != token);
    QCOMPARE(q.value(1).toLongLong(), f->service->engine().accountByEmail(u"c@x.io"_s)->id);
    QCOMPARE(q.value(2).toLongLong(), T0);
    QCOMPARE(q.value(3).toLongLong(), T0);
    QCOMPARE(q.value(4).toLongLong(), T0 + MarketRules::DayMs);
    QVERIFY(!q.next()); // one session, one row
}

void TestSessionStore::aSessionSurvivesARestart()
{
    QFETCH(bool, postgres);
    SERVER_OR_SKIP(f, postgres);
    QString token;
    {
        RawClient client(*f);
        QVERIFY(client.waitConnected());
        token = tokenOf(client.call(
            u"auth.login"_s, {{u"email"_s, u"c@x.io"_s}, {u"password"_s, u"correct horse"_s}}));
        QVERIFY(!token.isEmpty());
    }
    QVERIFY(f->restart());
    QCOMPARE(f->service->sessionCount(), 0); // nothing in memory: the database answers
    QCOMPARE(resumedEmail(*f, token), u"c@x.io"_s);
    QCOMPARE(f->service->sessionCount(), 1);
    // The resumed session is a session like any: it answers requests.
    RawClient again(*f);
    QVERIFY(again.waitConnected());
    QVERIFY(RawClient::errorCode(again.call(u"auth.resume"_s, {{u"token"_s, token}})).isEmpty());
    QVERIFY(RawClient::errorCode(again.call(u"account.get"_s)).isEmpty());
    // A token that was never issued opens nothing, before or after a restart.
    // (Its last character changed: to 'A', or to 'B' where it was 'A', which it is one time in
    // sixteen, since the last of 43 base64url characters carries four bits.)
    const QString forged = token.left(token.size() - 1) + (token.endsWith(u'A') ? u'B' : u'A');
    QCOMPARE(resumedEmail(*f, forged), u"authentication_failed"_s);
}

void TestSessionStore::aSignedOutTokenIsRefusedAfterARestart()
{
    QFETCH(bool, postgres);
    SERVER_OR_SKIP(f, postgres);
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    const QString token = tokenOf(client.call(
        u"auth.login"_s, {{u"email"_s, u"c@x.io"_s}, {u"password"_s, u"correct horse"_s}}));
    QVERIFY(RawClient::errorCode(client.call(u"auth.logout"_s)).isEmpty());
    QVERIFY(f->restart());
    QCOMPARE(resumedEmail(*f, token), u"authentication_failed"_s);
}

void TestSessionStore::anExpiredTokenIsRefusedAfterARestart()
{
    QFETCH(bool, postgres);
    SERVER_OR_SKIP(f, postgres, 60'000);
    QString fresh, stale;
    {
        RawClient a(*f), b(*f);
        QVERIFY(a.waitConnected() && b.waitConnected());
        stale = tokenOf(a.call(u"auth.login"_s,
                               {{u"email"_s, u"c@x.io"_s}, {u"password"_s, u"correct horse"_s}}));
        m_sessionClock.advance(40'000);
        fresh = tokenOf(b.call(u"auth.login"_s,
                               {{u"email"_s, u"c@x.io"_s}, {u"password"_s, u"correct horse"_s}}));
    }
    QVERIFY(f->restart());
    m_sessionClock.advance(30'000); // 70 s after the first sign-in, 30 s after the second
    QCOMPARE(resumedEmail(*f, stale), u"authentication_failed"_s);
    QCOMPARE(resumedEmail(*f, fresh), u"c@x.io"_s);
}

void TestSessionStore::lastUseIsStoredSoThatARestartKeepsIt()
{
    // Used 50 s after its sign-in, a 60 s session lives until 110 s: also after a restart.
    QFETCH(bool, postgres);
    SERVER_OR_SKIP(f, postgres, 60'000);
    QString token;
    {
        RawClient client(*f);
        QVERIFY(client.waitConnected());
        token = tokenOf(client.call(
            u"auth.login"_s, {{u"email"_s, u"c@x.io"_s}, {u"password"_s, u"correct horse"_s}}));
        m_sessionClock.advance(50'000);
        QVERIFY(RawClient::errorCode(client.call(u"account.get"_s)).isEmpty());
    }
    QVERIFY(f->restart()); // a clean stop writes the last use
    m_sessionClock.advance(50'000);
    QCOMPARE(resumedEmail(*f, token), u"c@x.io"_s);
    // Resumed at 100 s: alive until 160 s; prune() stores that too, so a crash keeps it.
    m_sessionClock.advance(50'000);
    f->service->prune();
    QCOMPARE(f->service->sessionCount(), 1);
    f->server.reset();
    f->service->engine().close(); // like a crash: nothing more is written
    QVERIFY(f->restart());
    m_sessionClock.advance(9'000); // 159 s
    QCOMPARE(resumedEmail(*f, token), u"c@x.io"_s);
}

void TestSessionStore::pruningDeletesExpiredRows()
{
    QFETCH(bool, postgres);
    SERVER_OR_SKIP(f, postgres, 60'000);
    Database &db = f->service->engine().database();
    // Stored by an earlier run, never used since: pruning finds it in the database alone.
    const StoredSession old {QByteArray(32, 'o'), 1, T0 - 100'000, T0 - 100'000, T0 - 40'000, {}};
    QVERIFY(db.insertSession(old));
    RawClient client(*f);
    QVERIFY(client.waitConnected());
    const QString token = tokenOf(client.call(
        u"auth.login"_s, {{u"email"_s, u"c@x.io"_s}, {u"password"_s, u"correct horse"_s}}));
    QVERIFY(db.session(old.tokenHash).has_value());
    f->service->prune();
    QVERIFY(!db.session(old.tokenHash).has_value());
    QVERIFY(db.session(SessionStore::key(token)).has_value());
    QCOMPARE(f->service->sessionCount(), 1);
    m_sessionClock.advance(61'000);
    f->service->prune();
    QCOMPARE(f->service->sessionCount(), 0);
    QVERIFY(!db.session(SessionStore::key(token)).has_value());
    QCOMPARE(RawClient::errorCode(client.call(u"account.get"_s)), u"unauthenticated"_s);
}

QTEST_GUILESS_MAIN(TestSessionStore)
#include "tst_sessionstore.moc"
