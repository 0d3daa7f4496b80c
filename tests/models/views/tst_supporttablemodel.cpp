// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// SupportTableModel with every column table of the support workspace (SupportColumns): pages
// replace rows exactly (inserts, removes, dataChanged; never a reset), ids and raw values for
// sorting, money and times in the model's locale. Under QAbstractItemModelTester.

#include "views/supportcolumns.h"

#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 T0 = 1'795'996'800'000; // 2026-11-30 00:00 UTC

Account account(qint64 id, const QString &email, Role role)
{
    Account a;
    a.id = id;
    a.email = email;
    a.role = role;
    a.country = u"DE"_s;
    a.createdMs = T0;
    return a;
}

template<typename T>
void exercise(SupportTableModel<T> &model, const QList<T> &page, const QList<T> &nextPage)
{
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.replaceAll(page);
    QCOMPARE(model.rowCount(), int(page.size()));
    for (int c = 0; c < model.columnCount(); ++c) {
        QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
        QVERIFY(model.index(0, c).data(SupportTableModel<T>::RawValueRole).isValid());
    }
    QCOMPARE(model.index(0, 0).data(SupportTableModel<T>::IdRole).toLongLong(), page[0].id);
    model.replaceAll(nextPage);
    QCOMPARE(model.rowCount(), int(nextPage.size()));
    model.clear();
    QCOMPARE(reset.size(), 0);
}

} // namespace

class TestSupportTableModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void accountsPageByPage();
    void pagesKeepTheAnswersOrder_data();
    void pagesKeepTheAnswersOrder();
    void everyColumnTable();
    void moneyAndWordsForPeople();
};

void TestSupportTableModel::accountsPageByPage()
{
    AccountSearchModel model(SupportColumns::accounts());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    const Account a = account(1, u"a@x.io"_s, Role::Customer);
    const Account b = account(2, u"b@x.io"_s, Role::Provider);
    const Account c = account(3, u"c@x.io"_s, Role::Support);
    model.replaceAll({a, b});
    QCOMPARE(model.rowCount(), 2);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    // The next page keeps b (its row updated in place), drops a and adds c.
    model.replaceAll({b, c});
    QCOMPARE(removed.size(), 1);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, 1).data().toString(), u"b@x.io"_s);
    QCOMPARE(model.index(1, 0).data(AccountSearchModel::IdRole).toLongLong(), 3);
    // Columns: account, email, name, company, role, state, country, since.
    QCOMPARE(model.index(1, 4).data(AccountSearchModel::RawValueRole).toString(), u"support"_s);
    QCOMPARE(model.index(1, 5).data(AccountSearchModel::RawValueRole).toString(), u"active"_s);
    QCOMPARE(model.index(1, 5).data().toString(), u"active"_s);
    QCOMPARE(model.headerData(5, Qt::Horizontal).toString(), u"State"_s);
}

void TestSupportTableModel::pagesKeepTheAnswersOrder_data()
{
    QTest::addColumn<QList<qint64>>("first");
    QTest::addColumn<QList<qint64>>("next");
    QTest::addColumn<QList<qint64>>("shown");
    // The audit log, newest first: three records, then the page after twelve more; then a new
    // record on top of the page; then one id repeated by a hostile answer.
    QTest::newRow("newer page") << QList<qint64> {3, 2, 1}
                                << QList<qint64> {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3}
                                << QList<qint64> {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3};
    QTest::newRow("new on top") << QList<qint64> {15, 14, 13, 4} << QList<qint64> {16, 15, 14, 13}
                                << QList<qint64> {16, 15, 14, 13};
    QTest::newRow("reversed") << QList<qint64> {1, 2, 3, 4} << QList<qint64> {4, 3, 2, 1}
                              << QList<qint64> {4, 3, 2, 1};
    QTest::newRow("repeated id") << QList<qint64> {2, 1} << QList<qint64> {3, 2, 3, 1}
                                 << QList<qint64> {3, 2, 1};
}

void TestSupportTableModel::pagesKeepTheAnswersOrder()
{
    QFETCH(QList<qint64>, first);
    QFETCH(QList<qint64>, next);
    QFETCH(QList<qint64>, shown);
    const auto records = [](const QList<qint64> &ids) {
        QList<AuditRecord> out;
        for (qint64 id : ids)
            out.append(AuditRecord {id, T0 + id, 1, u"note"_s, 2, {}});
        return out;
    };
    AuditLogModel model(SupportColumns::audit());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.replaceAll(records(first));
    model.replaceAll(records(next));
    QList<qint64> rows;
    for (int r = 0; r < model.rowCount(); ++r) {
        rows.append(model.index(r, 0).data(AuditLogModel::IdRole).toLongLong());
        QCOMPARE(model.rowOf(rows.last()), r);
    }
    QCOMPARE(rows, shown);
    QCOMPARE(reset.size(), 0);
}

void TestSupportTableModel::everyColumnTable()
{
    LedgerEntry e1, e2;
    e1.id = 10;
    e1.timeMs = T0;
    e1.kind = u"topup"_s;
    e1.amount = 1'000;
    e2 = e1;
    e2.id = 11;
    SupportLedgerModel ledger(SupportColumns::ledger());
    exercise<LedgerEntry>(ledger, {e1, e2}, {e2});

    BidOrder o;
    o.id = 5;
    o.gpu = u"h200"_s;
    o.state = OrderState::Filled;
    OrderHistoryModel orders(SupportColumns::orders());
    exercise<BidOrder>(orders, {o}, {});

    Rental r;
    r.id = 6;
    r.gpu = u"h100-sxm"_s;
    r.hours = 3;
    r.hoursBilled = 2;
    RentalHistoryModel rentals(SupportColumns::rentals());
    exercise<Rental>(rentals, {r}, {r});
    rentals.upsert(r);
    QCOMPARE(rentals.index(0, 4).data().toString(), u"2 of 3"_s);

    Listing l;
    l.id = 7;
    l.gpu = u"l4"_s;
    SupportListingsModel listings(SupportColumns::listings());
    exercise<Listing>(listings, {l}, {});

    SessionsModel sessions(SupportColumns::sessions());
    exercise<SessionRow>(sessions, {{1, {1, T0, T0, T0 + 1, u"192.0.2.1"_s}}}, {});

    SignInFailuresModel failures(SupportColumns::signInFailures());
    exercise<SignInFailureRow>(failures, {{1, {u"a@x.io"_s, 1, u"192.0.2.1"_s, T0}}}, {});

    SupportNotesModel notes(SupportColumns::notes());
    exercise<SupportNote>(notes, {{1, 2, 3, T0, u"called"_s}}, {});

    AuditLogModel audit(SupportColumns::audit());
    exercise<AuditRecord>(audit, {{1, T0, 3, u"note"_s, 2, u"called"_s}}, {});

    PendingAdjustment p;
    p.id = 4;
    p.amountCents = 60'000;
    PendingAdjustmentsModel pending(SupportColumns::adjustments());
    exercise<PendingAdjustment>(pending, {p}, {});
}

void TestSupportTableModel::moneyAndWordsForPeople()
{
    PendingAdjustmentsModel model(SupportColumns::adjustments());
    model.setLocale(QLocale(QLocale::Indonesian, QLocale::Indonesia));
    PendingAdjustment p;
    p.id = 4;
    p.accountId = 2;
    p.amountCents = 60'000;
    p.reason = u"goodwill"_s;
    model.upsert(p);
    QCOMPARE(model.index(0, 2).data(PendingAdjustmentsModel::RawValueRole).toLongLong(), 60'000);
    QCOMPARE(model.index(0, 2).data().toString(), Money::format(60'000, model.locale()));
    QCOMPARE(model.index(0, 6).data().toString(), u"pending"_s);
    QCOMPARE(model.index(0, 3).data(Qt::ToolTipRole).toString(), u"goodwill"_s);
    QCOMPARE(SupportColumns::actionText(u"account_opened"_s), u"Account opened"_s);
    QCOMPARE(SupportColumns::actionText(u"something_new"_s), u"something_new"_s);
    // Every action the engine audits has words of its own, not its protocol name.
    for (const QString &action :
         {u"account_opened"_s, u"adjustment"_s, u"adjustment_requested"_s, u"adjustment_approved"_s,
          u"adjustment_declined"_s, u"adjustment_approval_refused"_s,
          u"adjustment_decline_refused"_s, u"note"_s, u"suspend"_s, u"reactivate"_s,
          u"application_approved"_s, u"application_rejected"_s, u"payout_paid"_s,
          u"payout_rejected"_s}) {
        QVERIFY2(SupportColumns::actionText(action) != action, qPrintable(action));
    }
    QCOMPARE(SupportColumns::actionText(u"payout_paid"_s), u"Payout paid"_s);
}

QTEST_GUILESS_MAIN(TestSupportTableModel)
#include "tst_supporttablemodel.moc"
