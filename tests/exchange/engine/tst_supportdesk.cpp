// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Support's workspace in the engine and its database: dual control of adjustments (threshold,
// daily total, the second agent, exactly once), notes, the audit of an opened account, search,
// the paged reads and one account's chain check, and the migration of a version-4 database.

#include "fixtures/enginefixture.h"
#include "fixtures/schemafixture.h"

#include "engine/ledgerverifier.h"

#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>

using namespace everx;
using namespace everx::test;
using namespace Qt::StringLiterals;

namespace {

const QString Reason = QStringLiteral("goodwill: node failure, ticket 12");

// The engine's adjustments-related state: balances, the queue and the audit trail.
QString dualControlFingerprint(ExchangeEngine &e)
{
    QStringList out {stateFingerprint(e)};
    for (const PendingAdjustment &p : e.pendingAdjustments())
        out << QStringLiteral("pending %1 %2 %3").arg(p.id).arg(p.accountId).arg(p.amountCents);
    for (const AuditRecord &a : e.database().auditPage(0, 0, 0, 0, 0, 0, 1000, nullptr))
        out << QStringLiteral("audit %1 %2").arg(a.id).arg(a.action);
    return out.join(u'\n');
}

} // namespace

class TestSupportDesk : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void threshold_data();
    void threshold();
    void dailyTotal();
    void requesterCannotDecide();
    void approvalAppliesOnce();
    void declineMovesNothing();
    void refusedApprovalStaysPending();
    void notesAndOpeningsAreAudited();
    void refusalsChangeNothing();
    void search();
    void searchByNameAndCompany_data();
    void searchByNameAndCompany();
    void searchByState();
    void ledgerPageAndAccountChain();
    void historyPages();
    void migratesVersion4();
    void auditFieldsSurviveRestart();
    void auditRowsOfVersion13StillRead();
    void auditPagesBeforeAnId();
};

void TestSupportDesk::threshold_data()
{
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<bool>("pending");
    QTest::newRow("under") << qint64(49'999) << false;
    QTest::newRow("at the threshold") << qint64(50'000) << false;
    QTest::newRow("above") << qint64(50'001) << true;
    QTest::newRow("debit above") << qint64(-60'000) << true;
    QTest::newRow("debit under") << qint64(-100) << false;
}

void TestSupportDesk::threshold()
{
    QFETCH(qint64, amount);
    QFETCH(bool, pending);
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    QVERIFY(e.topUp(customer, Currency::USD, 100'000).ok());
    const Cents before = e.balance(customer).available;

    const Result<AdjustmentOutcome> r = e.requestAdjustment(agent, customer, amount, Reason);
    QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
    QCOMPARE(r->pending.has_value(), pending);
    QCOMPARE(e.balance(customer).available, pending ? before : before + amount);
    QCOMPARE(r->balance.available, e.balance(customer).available);
    QCOMPARE(e.pendingAdjustments().size(), pending ? 1 : 0);
    if (pending) {
        QCOMPARE(r->pending->amountCents, amount);
        QCOMPARE(r->pending->requestedBy, agent);
        QCOMPARE(r->pending->state, AdjustmentState::Pending);
        QCOMPARE(e.database().audit(customer).last().action, u"adjustment_requested"_s);
    } else {
        QCOMPARE(e.database().audit(customer).last().action, u"adjustment"_s);
    }
    QVERIFY(e.checkInvariants().isEmpty());
}

void TestSupportDesk::dailyTotal()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const qint64 other = f.newAccount(QStringLiteral("s2@x.io"), Role::Support);
    // Four of 450.00 USD make 1,800.00: within the default 2,000.00 a day.
    for (int i = 0; i < 4; ++i) {
        const Result<AdjustmentOutcome> r = e.requestAdjustment(agent, customer, 45'000, Reason);
        QVERIFY(r.ok());
        QVERIFY(!r->pending);
    }
    // Debits count as much as credits: 1,800.00 + 250.00 is past the limit.
    const Result<AdjustmentOutcome> past = e.requestAdjustment(agent, customer, -25'000, Reason);
    QVERIFY(past.ok());
    QVERIFY(past->pending);
    QCOMPARE(e.balance(customer).available, 180'000);
    // Another agent's day is their own.
    const Result<AdjustmentOutcome> theirs = e.requestAdjustment(other, customer, 25'000, Reason);
    QVERIFY(theirs.ok());
    QVERIFY(!theirs->pending);
    // An approval by the other agent counts towards neither agent's direct total.
    QVERIFY(e.approveAdjustment(other, past->pending->id, QStringLiteral("checked")).ok());
    QCOMPARE(e.database().adjustedBy(other, T0 - T0 % MarketRules::DayMs), 25'000);
    // A new day (UTC) starts a new total.
    f.clock.advance(MarketRules::DayMs);
    const Result<AdjustmentOutcome> tomorrow = e.requestAdjustment(agent, customer, 45'000, Reason);
    QVERIFY(tomorrow.ok());
    QVERIFY(!tomorrow->pending);
}

void TestSupportDesk::requesterCannotDecide()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const Result<AdjustmentOutcome> r = e.requestAdjustment(agent, customer, 90'000, Reason);
    QVERIFY(r.ok() && r->pending);
    const QString before = stateFingerprint(e);
    const QList<PendingAdjustment> pending = e.pendingAdjustments();
    QCOMPARE(e.approveAdjustment(agent, r->pending->id, QStringLiteral("mine")).code(),
             ErrorCode::SecondAgentRequired);
    QCOMPARE(e.declineAdjustment(agent, r->pending->id, QStringLiteral("mine")).code(),
             ErrorCode::SecondAgentRequired);
    // Nothing moved and the adjustment still waits; each refused attempt is audited, by whom.
    QCOMPARE(stateFingerprint(e), before);
    QCOMPARE(e.pendingAdjustments().size(), pending.size());
    QCOMPARE(e.pendingAdjustments().first().state, AdjustmentState::Pending);
    QStringList actions;
    for (const AuditRecord &a : e.database().audit(customer)) {
        actions << a.action;
        QCOMPARE(a.actorId, agent);
    }
    QCOMPARE(actions,
             (QStringList {u"adjustment_requested"_s, u"adjustment_approval_refused"_s,
                           u"adjustment_decline_refused"_s}));
}

void TestSupportDesk::approvalAppliesOnce()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const qint64 second = f.newAccount(QStringLiteral("s2@x.io"), Role::Support);
    const Result<AdjustmentOutcome> r = e.requestAdjustment(agent, customer, 75'000, Reason);
    QVERIFY(r.ok() && r->pending);
    const qint64 id = r->pending->id;
    QCOMPARE(e.balance(customer).available, 0);

    const Result<PendingAdjustment> approved =
        e.approveAdjustment(second, id, QStringLiteral("ticket checked"));
    QVERIFY2(approved.ok(), qPrintable(approved ? QString() : approved.error().message));
    QCOMPARE(approved->state, AdjustmentState::Approved);
    QCOMPARE(approved->decidedBy, second);
    QCOMPARE(e.balance(customer).available, 75'000);
    QVERIFY(e.pendingAdjustments().isEmpty());

    const QString after = dualControlFingerprint(e);
    QCOMPARE(e.approveAdjustment(second, id, QStringLiteral("again")).code(),
             ErrorCode::InvalidState);
    QCOMPARE(e.declineAdjustment(second, id, QStringLiteral("late")).code(),
             ErrorCode::InvalidState);
    QCOMPARE(dualControlFingerprint(e), after);
    QCOMPARE(e.approveAdjustment(second, id + 100, QStringLiteral("none")).code(),
             ErrorCode::UnknownAdjustment);

    // Once, also across a restart: the decision is durable and the queue stays empty.
    QVERIFY(f.reopen());
    QCOMPARE(f.engine->balance(customer).available, 75'000);
    QVERIFY(f.engine->pendingAdjustments().isEmpty());
    QCOMPARE(f.engine->approveAdjustment(second, id, QStringLiteral("after restart")).code(),
             ErrorCode::InvalidState);
    const std::optional<PendingAdjustment> stored = f.engine->database().adjustment(id);
    QVERIFY(stored);
    QCOMPARE(stored->state, AdjustmentState::Approved);
    QCOMPARE(stored->decisionReason, u"ticket checked"_s);
    QCOMPARE(LedgerVerifier::verify(f.engine->database(), true).ok, true);
    QStringList actions;
    for (const AuditRecord &a : f.engine->database().audit(customer))
        actions << a.action;
    QCOMPARE(actions, (QStringList {u"adjustment_requested"_s, u"adjustment_approved"_s}));
}

void TestSupportDesk::declineMovesNothing()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const qint64 second = f.newAccount(QStringLiteral("s2@x.io"), Role::Support);
    const Result<AdjustmentOutcome> r = e.requestAdjustment(agent, customer, 75'000, Reason);
    QVERIFY(r.ok() && r->pending);
    const qsizetype entries = e.database().entries(customer).size();
    QCOMPARE(e.declineAdjustment(second, r->pending->id, QStringLiteral("   ")).code(),
             ErrorCode::InvalidArgument); // a reason is mandatory
    const Result<PendingAdjustment> declined =
        e.declineAdjustment(second, r->pending->id, QStringLiteral("no ticket"));
    QVERIFY(declined.ok());
    QCOMPARE(declined->state, AdjustmentState::Declined);
    QCOMPARE(e.balance(customer).available, 0);
    QCOMPARE(e.database().entries(customer).size(), entries);
    QCOMPARE(e.approveAdjustment(second, r->pending->id, QStringLiteral("changed my mind")).code(),
             ErrorCode::InvalidState);
    QCOMPARE(e.database().audit(customer).last().action, u"adjustment_declined"_s);
}

void TestSupportDesk::refusedApprovalStaysPending()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const qint64 second = f.newAccount(QStringLiteral("s2@x.io"), Role::Support);
    QVERIFY(e.topUp(customer, Currency::USD, 80'000).ok());
    const Result<AdjustmentOutcome> r = e.requestAdjustment(agent, customer, -70'000, Reason);
    QVERIFY(r.ok() && r->pending);
    // The customer spends meanwhile: the debit no longer fits, and waits on.
    QVERIFY(e.adjustBalance(agent, customer, -20'000, QStringLiteral("chargeback")).ok());
    const QString before = dualControlFingerprint(e);
    QCOMPARE(e.approveAdjustment(second, r->pending->id, QStringLiteral("ok")).code(),
             ErrorCode::InsufficientFunds);
    QCOMPARE(dualControlFingerprint(e), before);
    QCOMPARE(e.pendingAdjustments().size(), 1);
}

void TestSupportDesk::notesAndOpeningsAreAudited()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const Result<AuditRecord> opened = e.recordAccountOpened(agent, customer);
    QVERIFY(opened.ok());
    QCOMPARE(opened->action, u"account_opened"_s);
    QCOMPARE(opened->actorId, agent);
    QCOMPARE(opened->targetId, customer);
    QCOMPARE(opened->timeMs, T0);
    const Result<SupportNote> note =
        e.addNote(agent, customer, QStringLiteral("Called about invoice 7.\nResolved."));
    QVERIFY(note.ok());
    const QList<SupportNote> notes = e.database().notes(customer);
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes[0].text, u"Called about invoice 7.\nResolved."_s);
    QCOMPARE(notes[0].agentId, agent);
    const QList<AuditRecord> audit = e.database().audit(customer);
    QCOMPARE(audit.size(), 2);
    QCOMPARE(audit[1].action, u"note"_s);
    // The audit listing filters by agent, account and time.
    qint64 total = 0;
    QCOMPARE(e.database().auditPage(agent, 0, 0, 0, 0, 0, 50, &total).size(), 2);
    QCOMPARE(total, 2);
    QCOMPARE(e.database().auditPage(customer, 0, 0, 0, 0, 0, 50, &total).size(), 0);
    QCOMPARE(e.database().auditPage(0, customer, T0 + 1, 0, 0, 0, 50, &total).size(), 0);
    QCOMPARE(e.database().auditPage(0, customer, T0, T0 + 1, 0, 0, 50, &total).size(), 2);
    QCOMPARE(e.database().auditPage(0, customer, 0, 0, 0, 1, 50, &total).first().action,
             u"account_opened"_s); // newest first: the second is the oldest
}

void TestSupportDesk::refusalsChangeNothing()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 provider = f.newAccount(QStringLiteral("p@x.io"), Role::Provider);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const QString before = dualControlFingerprint(e);
    QCOMPARE(e.requestAdjustment(customer, customer, 90'000, Reason).code(), ErrorCode::Forbidden);
    QCOMPARE(e.requestAdjustment(agent, agent, 90'000, Reason).code(), ErrorCode::UnknownAccount);
    QCOMPARE(e.requestAdjustment(agent, customer, 90'000, QString()).code(),
             ErrorCode::InvalidArgument);
    QCOMPARE(e.requestAdjustment(agent, customer, -90'000, Reason).code(),
             ErrorCode::InsufficientFunds);
    QCOMPARE(e.addNote(provider, customer, QStringLiteral("x")).code(), ErrorCode::Forbidden);
    QCOMPARE(e.addNote(agent, customer, QStringLiteral(" \n ")).code(), ErrorCode::InvalidArgument);
    QCOMPARE(e.addNote(agent, customer, QString(MarketRules::MaxNoteLength + 1, u'x')).code(),
             ErrorCode::InvalidArgument);
    QCOMPARE(e.addNote(agent, customer, QStringLiteral("bidi \u202e")).code(),
             ErrorCode::InvalidArgument);
    QCOMPARE(e.addNote(agent, 9999, QStringLiteral("x")).code(), ErrorCode::UnknownAccount);
    QCOMPARE(e.recordAccountOpened(customer, provider).code(), ErrorCode::Forbidden);
    QCOMPARE(e.approveAdjustment(provider, 1, QStringLiteral("x")).code(), ErrorCode::Forbidden);
    QCOMPARE(dualControlFingerprint(e), before);
    QVERIFY(e.database().notes(customer).isEmpty());
}

void TestSupportDesk::search()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 alice = f.newAccount(QStringLiteral("alice.m@example.com"), Role::Customer);
    f.newAccount(QStringLiteral("bob@example.com"), Role::Provider);
    const qint64 under = f.newAccount(QStringLiteral("a_b@x.io"), Role::Customer);
    f.newAccount(QStringLiteral("axb@x.io"), Role::Customer);
    Database &db = e.database();
    qint64 total = 0;
    QCOMPARE(db.searchAccounts(QStringLiteral("ALICE"), std::nullopt, 0, 50, &total),
             QList<qint64> {alice});
    QCOMPARE(total, 1);
    QCOMPARE(db.searchAccounts(QStringLiteral("example"), std::nullopt, 0, 50, &total).size(), 2);
    QCOMPARE(total, 2);
    // LIKE's own characters are literal: "_" matches an underscore, not any character.
    QCOMPARE(db.searchAccounts(QStringLiteral("a_b"), std::nullopt, 0, 50, &total),
             QList<qint64> {under});
    QCOMPARE(db.searchAccounts(QStringLiteral("%"), std::nullopt, 0, 50, &total).size(), 0);
    // An id is an exact match.
    QVERIFY(db.searchAccounts(QString::number(alice), std::nullopt, 0, 50, &total).contains(alice));
    // Pages: the total counts every match.
    const QList<qint64> first = db.searchAccounts(QStringLiteral("@"), std::nullopt, 0, 3, &total);
    const QList<qint64> second = db.searchAccounts(QStringLiteral("@"), std::nullopt, 3, 3, &total);
    QCOMPARE(total, 4);
    QCOMPARE(first.size(), 3);
    QCOMPARE(second.size(), 1);
    QVERIFY(!first.contains(second[0]));
}

void TestSupportDesk::searchByNameAndCompany_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QStringList>("found"); // emails, by id
    QTest::newRow("part of a name") << u"yu Lest"_s << QStringList {u"ayu@x.io"_s};
    QTest::newRow("a name in another case") << u"DEWI"_s << QStringList {u"gpu@x.io"_s};
    QTest::newRow("part of a company") << u"nusa gp"_s << QStringList {u"gpu@x.io"_s};
    QTest::newRow("a company in another case") << u"KOMPUT"_s << QStringList {u"gpu@x.io"_s};
    QTest::newRow("email, name and company alike")
        << u"ari"_s << QStringList {u"ayu@x.io"_s, u"gpu@x.io"_s, u"ari@x.io"_s};
    QTest::newRow("no one") << u"lestarix"_s << QStringList {};
    // Case and accents fold on both engines alike (SQLite's LOWER() changed ASCII only).
    QTest::newRow("a Turkish capital, lower-cased") << u"şahin"_s << QStringList {u"tr@x.io"_s};
    QTest::newRow("without its cedilla") << u"SAHIN"_s << QStringList {u"tr@x.io"_s};
    QTest::newRow("a dotless i as i") << u"yilmaz"_s << QStringList {u"tr@x.io"_s};
    QTest::newRow("a dotted capital I") << u"istanbul"_s << QStringList {u"tr@x.io"_s};
    QTest::newRow("all in Turkish capitals")
        << u"İSTANBUL BULUT A.Ş"_s << QStringList {u"tr@x.io"_s};
    QTest::newRow("never across two fields") << u"x.io yilmaz"_s << QStringList {};
}

// Support finds an account by part of its display name or its provider's company, not only of
// its email; a match in any of them counts once.
void TestSupportDesk::searchByNameAndCompany()
{
    QFETCH(QString, query);
    QFETCH(QStringList, found);
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const auto signUp = [&e](const QString &email, Role role, const QString &name,
                             const QString &company) {
        const auto a =
            e.signUp({email, u"correct horse battery"_s, role, u"ID"_s, name, company}, u"hash"_s);
        if (!a) {
            qWarning() << email << a.error().message;
            return qint64(0);
        }
        // The address confirmed with the code it would have been mailed.
        return e.verifyEmail(a->account.id, a->code) ? a->account.id : qint64(0);
    };
    QVERIFY(signUp(u"ayu@x.io"_s, Role::Customer, u"Ayu Lestari"_s, QString()));
    QVERIFY(signUp(u"gpu@x.io"_s, Role::Provider, u"Dewi Sari"_s, u"Nusa GPU Komputasi"_s));
    QVERIFY(f.newAccount(u"ari@x.io"_s, Role::Customer)); // no name: found by its email
    QVERIFY(signUp(u"tr@x.io"_s, Role::Provider, u"Şahin Yılmaz"_s, u"İstanbul Bulut A.Ş."_s));
    QMap<qint64, QString> emails;
    for (const QString &email : {u"ayu@x.io"_s, u"gpu@x.io"_s, u"ari@x.io"_s, u"tr@x.io"_s})
        emails.insert(e.accountByEmail(email)->id, email);

    qint64 total = -1;
    const QList<qint64> ids = e.database().searchAccounts(query, std::nullopt, 0, 50, &total);
    QStringList got;
    for (const qint64 id : ids)
        got << emails.value(id);
    QCOMPARE(got, found);
    QCOMPARE(total, found.size());
}

// A blank query with a state lists every account in it (support's pending applications); with a
// query, the state narrows its matches.
void TestSupportDesk::searchByState()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const auto signUp = [&e](const QString &email, Role role) {
        const auto a = e.signUp({email, u"correct horse battery"_s, role, u"TR"_s, u"Ad"_s,
                                 role == Role::Provider ? u"Firma"_s : QString()},
                                u"hash"_s);
        if (!a) {
            qWarning() << email << a.error().message;
            return qint64(0);
        }
        // The address confirmed with the code it would have been mailed.
        return e.verifyEmail(a->account.id, a->code) ? a->account.id : qint64(0);
    };
    const qint64 first = signUp(u"p1@x.io"_s, Role::Provider);
    const qint64 customer = signUp(u"c1@x.io"_s, Role::Customer);
    const qint64 second = signUp(u"p2@x.io"_s, Role::Provider);
    QVERIFY(first && customer && second);
    QCOMPARE(e.account(first)->state, AccountState::Pending);
    Database &db = e.database();
    qint64 total = 0;
    QCOMPARE(db.searchAccounts(QString(), AccountState::Pending, 0, 50, &total),
             (QList<qint64> {first, second}));
    QCOMPARE(total, 2);
    QCOMPARE(db.searchAccounts(QString(), AccountState::Pending, 1, 1, &total),
             QList<qint64> {second});
    QCOMPARE(total, 2);
    QCOMPARE(db.searchAccounts(u"x.io"_s, AccountState::Active, 0, 50, &total),
             QList<qint64> {customer});
    QCOMPARE(db.searchAccounts(u"p2"_s, AccountState::Pending, 0, 50, &total),
             QList<qint64> {second});
    QVERIFY(db.searchAccounts(QString(), AccountState::Suspended, 0, 50, &total).isEmpty());
    QCOMPARE(total, 0);
}

void TestSupportDesk::ledgerPageAndAccountChain()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 other = f.newAccount(QStringLiteral("o@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    QVERIFY(e.topUp(customer, Currency::USD, 10'000).ok());
    QVERIFY(e.topUp(other, Currency::USD, 10'000).ok());
    QVERIFY(e.adjustBalance(agent, customer, 500, Reason).ok());
    QVERIFY(e.topUp(customer, Currency::USD, 2'000).ok());
    Database &db = e.database();
    qint64 total = 0;
    const QList<LedgerEntry> all = db.entriesPage(customer, QString(), 0, 50, &total);
    QCOMPARE(total, 3);
    QVERIFY(all[0].id > all[1].id && all[1].id > all[2].id); // newest first
    const QList<LedgerEntry> adjustments =
        db.entriesPage(customer, QStringLiteral("adjustment"), 0, 50, &total);
    QCOMPARE(total, 1);
    QCOMPARE(adjustments[0].amount, 500);
    QCOMPARE(db.entriesPage(customer, QString(), 1, 1, &total)[0].id, all[1].id);

    LedgerReport r = LedgerVerifier::verifyAccount(db, customer);
    QVERIFY2(r.ok, qPrintable(r.problem));
    QCOMPARE(r.entries, 3);
    // An altered amount of this account's is named; another account's part still verifies.
    QSqlQuery q(QSqlDatabase::database(db.connectionName()));
    QVERIFY(q.exec(QStringLiteral("UPDATE ledger_entries SET amount_cents = amount_cents + 1"
                                  " WHERE id = %1")
                       .arg(all[1].id)));
    r = LedgerVerifier::verifyAccount(db, customer);
    QVERIFY(!r.ok);
    QCOMPARE(r.badEntry, all[1].id);
    QVERIFY(LedgerVerifier::verifyAccount(db, other).ok);
}

void TestSupportDesk::historyPages()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 provider = f.newAccount(QStringLiteral("p@x.io"), Role::Provider);
    QVERIFY(e.topUp(customer, Currency::USD, 100'000).ok());
    QVERIFY(e.addListing(provider,
                         {QStringLiteral("h100-sxm"), 4, QStringLiteral("eu"),
                          QStringLiteral("ssh p"), 300})
                .ok());
    const auto bought =
        e.placeBid(customer, {QStringLiteral("h100-sxm"), OrderKind::BuyNow, 1, 1, 300, 0, {}});
    QVERIFY(bought.ok());
    const auto open =
        e.placeBid(customer, {QStringLiteral("h200"), OrderKind::Limit, 1, 1, 100, 0, {}});
    QVERIFY(open.ok());
    f.clock.advance(2 * MarketRules::HourMs);
    e.advance(); // the rental ends: history, not open
    Database &db = e.database();
    qint64 total = 0;
    const QList<BidOrder> orders = db.ordersPage(customer, 0, 50, &total);
    QCOMPARE(total, 2);
    QCOMPARE(orders[0].id, open->order.id); // newest first
    QCOMPARE(orders[1].state, OrderState::Filled);
    QCOMPARE(db.rentalsPage(customer, 0, 50, &total).size(), 1);
    QCOMPARE(db.rentalsPage(provider, 0, 50, &total)[0].state, RentalState::Ended);
    QCOMPARE(total, 1);
}

void TestSupportDesk::migratesVersion4()
{
    // A version-4 database with data in it: today's engine makes one, then everything schema 7
    // added is taken away again, as a database of the engine before it would be.
    EngineFixture f;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const qint64 second = f.newAccount(QStringLiteral("s2@x.io"), Role::Support);
    QVERIFY(f.engine->topUp(customer, Currency::USD, 12'345).ok());
    QVERIFY(f.engine->database().insertSession(
        {QByteArray(32, 'h'), customer, T0, T0, T0 + MarketRules::DayMs, QString()}));
    {
        QSqlQuery q(QSqlDatabase::database(f.engine->database().connectionName()));
        QStringList statements = test::statementsBackToSchema4();
        statements << QStringLiteral("UPDATE schema_version SET version = 4");
        for (const QString &sql : statements)
            QVERIFY2(q.exec(sql), qPrintable(sql + QStringLiteral(": ") + q.lastError().text()));
    }
    f.engine->close();
    QVERIFY(f.reopen());
    ExchangeEngine &e = *f.engine;
    QCOMPARE(e.database().schemaVersion(), Database::SchemaVersion);
    QCOMPARE(e.balance(customer).available, 12'345);
    QCOMPARE(e.accountByEmail(QStringLiteral("c@x.io"))->id, customer);
    const std::optional<StoredSession> kept = e.database().session(QByteArray(32, 'h'));
    QVERIFY(kept);
    QCOMPARE(kept->address, QString());
    // The new parts work on the migrated database.
    QVERIFY(e.addNote(agent, customer, QStringLiteral("migrated")).ok());
    const Result<AdjustmentOutcome> r = e.requestAdjustment(agent, customer, 60'000, Reason);
    QVERIFY(r.ok() && r->pending);
    QVERIFY(e.approveAdjustment(second, r->pending->id, QStringLiteral("ok")).ok());
    QCOMPARE(e.balance(customer).available, 72'345);
    QVERIFY(e.database().insertSignInFailure(
        {QStringLiteral("c@x.io"), customer, QStringLiteral("192.0.2.1"), T0}));
    QCOMPARE(e.database().signInFailures(customer, 10).size(), 1);
    qint64 total = 0;
    QCOMPARE(e.database().searchAccounts(QStringLiteral("c@x"), std::nullopt, 0, 10, &total),
             QList<qint64> {customer});
}

void TestSupportDesk::auditFieldsSurviveRestart()
{
    // Each record carries what it was about, so that the desk words it in its user's language;
    // the fields are stored, not only the server's English detail.
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    const qint64 second = f.newAccount(QStringLiteral("s2@x.io"), Role::Support);
    QVERIFY(e.topUp(customer, Currency::USD, 10'000).ok());
    QVERIFY(e.requestAdjustment(agent, customer, -1'650, Reason).ok());
    const Result<AdjustmentOutcome> big = e.requestAdjustment(agent, customer, 75'000, Reason);
    QVERIFY(big.ok() && big->pending);
    const qint64 id = big->pending->id;
    QCOMPARE(e.approveAdjustment(agent, id, QStringLiteral("mine")).code(),
             ErrorCode::SecondAgentRequired);
    QVERIFY(e.approveAdjustment(second, id, QStringLiteral("ticket checked")).ok());
    QVERIFY(e.suspendAccount(agent, customer, QStringLiteral("chargeback")).ok());
    QVERIFY(e.addNote(agent, customer, QStringLiteral("called them")).ok());

    const auto check = [&](ExchangeEngine &engine) {
        const QList<AuditRecord> audit = engine.database().audit(customer);
        QCOMPARE(audit.size(), 6);
        QCOMPARE(audit[0].action, u"adjustment"_s);
        QCOMPARE(audit[0].amount, -1'650);
        QCOMPARE(audit[0].currency, Currency::USD);
        QCOMPARE(audit[0].reason, Reason);
        QCOMPARE(audit[0].adjustmentId, 0);
        QCOMPARE(audit[1].action, u"adjustment_requested"_s);
        QCOMPARE(audit[1].amount, 75'000);
        QCOMPARE(audit[1].adjustmentId, id);
        QCOMPARE(audit[2].action, u"adjustment_approval_refused"_s);
        QCOMPARE(audit[2].adjustmentId, id);
        QCOMPARE(audit[2].requestedBy, agent);
        QCOMPARE(audit[2].reason, QString());
        QCOMPARE(audit[3].action, u"adjustment_approved"_s);
        QCOMPARE(audit[3].amount, 75'000);
        QCOMPARE(audit[3].reason, u"ticket checked"_s);
        QCOMPARE(audit[3].adjustmentId, id);
        QCOMPARE(audit[3].requestedBy, agent);
        QCOMPARE(audit[4].action, u"suspend"_s);
        QCOMPARE(audit[4].reason, u"chargeback"_s);
        QCOMPARE(audit[4].bidsCancelled, 0);
        QCOMPARE(audit[5].action, u"note"_s);
        QVERIFY(!audit[5].hasFields()); // the note is the detail itself
        QCOMPARE(audit[5].detail, u"called them"_s);
    };
    check(e);
    QVERIFY(f.reopen());
    check(*f.engine);
}

void TestSupportDesk::auditRowsOfVersion13StillRead()
{
    // A record written before schema 14 has no fields: it reads with none, its detail as it was,
    // and records written after the migration have theirs.
    EngineFixture f;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    QVERIFY(f.engine->requestAdjustment(agent, customer, 500, Reason).ok());
    {
        QSqlQuery q(QSqlDatabase::database(f.engine->database().connectionName()));
        QStringList statements = test::statementsBackToSchema13();
        statements << QStringLiteral("UPDATE schema_version SET version = 13");
        for (const QString &sql : statements)
            QVERIFY2(q.exec(sql), qPrintable(sql + QStringLiteral(": ") + q.lastError().text()));
    }
    f.engine->close();
    QVERIFY(f.reopen());
    ExchangeEngine &e = *f.engine;
    QCOMPARE(e.database().schemaVersion(), Database::SchemaVersion);
    QVERIFY(e.requestAdjustment(agent, customer, 700, Reason).ok());
    const QList<AuditRecord> audit = e.database().audit(customer);
    QCOMPARE(audit.size(), 2);
    QVERIFY(!audit[0].hasFields());
    QCOMPARE(audit[0].detail, u"5.00 USD: "_s + Reason);
    QCOMPARE(audit[1].amount, 700);
    QCOMPARE(audit[1].reason, Reason);
}

void TestSupportDesk::auditPagesBeforeAnId()
{
    EngineFixture f;
    ExchangeEngine &e = *f.engine;
    const qint64 customer = f.newAccount(QStringLiteral("c@x.io"), Role::Customer);
    const qint64 agent = f.newAccount(QStringLiteral("s1@x.io"), Role::Support);
    for (int i = 0; i < 5; ++i)
        QVERIFY(e.addNote(agent, customer, QStringLiteral("note %1").arg(i)).ok());
    const auto ids = [](const QList<AuditRecord> &records) {
        QList<qint64> out;
        for (const AuditRecord &a : records)
            out << a.id;
        return out;
    };
    qint64 total = 0;
    const QList<qint64> all = ids(e.database().auditPage(0, customer, 0, 0, 0, 0, 50, &total));
    QCOMPARE(all.size(), 5);
    QVERIFY(std::is_sorted(all.rbegin(), all.rend())); // newest first
    // Only records older than the cursor, newest first; the total is the filter's, not the rest.
    QCOMPARE(ids(e.database().auditPage(0, customer, 0, 0, all[1], 0, 2, &total)),
             (QList<qint64> {all[2], all[3]}));
    QCOMPARE(total, 5);
    QCOMPARE(ids(e.database().auditPage(0, customer, 0, 0, all[4], 0, 2, &total)),
             QList<qint64> {});
}

QTEST_GUILESS_MAIN(TestSupportDesk)
#include "tst_supportdesk.moc"
