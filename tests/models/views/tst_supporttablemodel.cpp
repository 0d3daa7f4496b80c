// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// SupportTableModel with every column table of the support workspace (SupportColumns): pages
// replace rows exactly (inserts, removes, dataChanged; never a reset), ids and raw values for
// sorting, money and times in the model's locale. Under QAbstractItemModelTester.

#include "views/ledgermodel.h"
#include "views/supportcolumns.h"
#include "views/timetext.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>

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
    void ledgerInTheChosenLocale_data();
    void ledgerInTheChosenLocale();
    void auditDetailFromItsFields();
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

void TestSupportTableModel::ledgerInTheChosenLocale_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("day"); // how the locale writes 4 December 2026, day first
    QTest::newRow("Turkish") << QLocale(QLocale::Turkish, QLocale::Turkey) << u"4.12.2026"_s;
    QTest::newRow("Indonesian") << QLocale(QLocale::Indonesian, QLocale::Indonesia)
                                << u"04/12/26"_s;
}

void TestSupportTableModel::ledgerInTheChosenLocale()
{
    // "12/4/26 5:29 AM" read as 12 April in Turkish: times, money and words follow the locale
    // the model is given, in the ledger and the audit log alike.
    QFETCH(QLocale, locale);
    QFETCH(QString, day);
    const qint64 ms = QDateTime(QDate(2026, 12, 4), QTime(5, 29)).toMSecsSinceEpoch();
    LedgerEntry e;
    e.id = 1;
    e.timeMs = ms;
    e.kind = u"hold"_s;
    e.bucket = Bucket::Held;
    e.amount = -1'650;
    SupportLedgerModel ledger(SupportColumns::ledger());
    QAbstractItemModelTester tester(&ledger,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    ledger.upsert(e);
    QSignalSpy changed(&ledger, &QAbstractItemModel::dataChanged);
    ledger.setLocale(locale);
    QCOMPARE(changed.size(), 1); // one repaint of every row
    const QString time = ledger.index(0, 1).data().toString();
    QVERIFY2(time.startsWith(day), qPrintable(time));
    QCOMPARE(time, TimeText::shortDateTime(ms, locale));
    QCOMPARE(ledger.index(0, 1).data(SupportLedgerModel::RawValueRole).toLongLong(), ms);
    // Words, not the protocol's codes: the customer's ledger's words for kinds and buckets.
    QCOMPARE(ledger.index(0, 2).data().toString(), LedgerModel::kindName(u"hold"));
    QCOMPARE(ledger.index(0, 2).data().toString(), u"Hold"_s);
    QCOMPARE(ledger.index(0, 2).data(SupportLedgerModel::RawValueRole).toString(), u"hold"_s);
    QCOMPARE(ledger.index(0, 3).data().toString(), u"Held"_s);
    // Every kind the engine posts and every bucket, the exchange's own side's too, has words.
    for (const QString &kind : {u"topup"_s, u"hold"_s, u"capture"_s, u"release"_s,
                                u"price_improvement"_s, u"adjustment"_s, u"payout_request"_s,
                                u"payout_paid"_s, u"payout_rejected"_s, u"history"_s})
        QVERIFY2(LedgerModel::kindName(kind) != kind, qPrintable(kind));
    QCOMPARE(LedgerModel::kindName(u"something_new"), u"something_new"_s);
    for (Bucket b : {Bucket::Available, Bucket::Held, Bucket::Earnings, Bucket::PayoutPending,
                     Bucket::ExternalFunding, Bucket::PlatformFees, Bucket::TaxPayable,
                     Bucket::Adjustments, Bucket::Payouts})
        QVERIFY2(LedgerModel::bucketName(b) != Wire::bucketName(b),
                 qPrintable(Wire::bucketName(b)));
    QCOMPARE(ledger.index(0, 4).data().toString(), Money::format(-1'650, locale));
    QVERIFY(ledger.index(0, 4).data().toString().contains(u"16,50"_s));

    AuditLogModel audit(SupportColumns::audit());
    audit.setLocale(locale);
    AuditRecord a {7, ms, 3, u"adjustment"_s, 2, u"-16.50 USD: refund"_s};
    a.amount = -1'650;
    a.reason = u"refund"_s;
    audit.upsert(a);
    QCOMPARE(audit.index(0, 1).data().toString(), time);
    QCOMPARE(audit.index(0, 4).data().toString(), u"Adjustment"_s);
    QCOMPARE(audit.index(0, 5).data().toString(), Money::format(-1'650, locale) + u": refund"_s);
}

void TestSupportTableModel::auditDetailFromItsFields()
{
    const QLocale turkish(QLocale::Turkish, QLocale::Turkey);
    AuditRecord paid {1, T0, 3, u"payout_paid"_s, 2, u"payout 1234 of 5.08 USD paid"_s};
    paid.amount = 508;
    paid.payoutId = 1234;
    paid.reference = u"SEPA-77"_s;
    paid.reason = u"batch"_s;
    const QString text = SupportColumns::auditDetailText(paid, turkish);
    QVERIFY2(!text.contains(u"USD"_s) && !text.contains(u"5.08"_s), qPrintable(text));
    QVERIFY(text.contains(Money::format(508, turkish)));
    QVERIFY(text.contains(turkish.toString(1234))); // the locale's digit grouping
    QVERIFY(text.contains(u"SEPA-77"_s) && text.contains(u"batch"_s));

    // A refund is in the currency paid.
    AuditRecord refunded {2, T0, 3, u"payment_refunded"_s, 2, {}};
    refunded.amount = 10'000;
    refunded.currency = Currency::EUR;
    refunded.paymentId = 9;
    refunded.reference = u"re_1"_s;
    refunded.reason = u"asked"_s;
    QVERIFY(SupportColumns::auditDetailText(refunded, turkish)
                .contains(Money::format(10'000, turkish, Currency::EUR)));

    AuditRecord suspended {3, T0, 3, u"suspend"_s, 2, u"2 bids cancelled, 1 listings paused: x"_s};
    suspended.reason = u"chargeback"_s;
    suspended.bidsCancelled = 2;
    suspended.listingsPaused = 1;
    QCOMPARE(SupportColumns::auditDetailText(suspended, turkish),
             u"2 bid(s) cancelled, 1 listing(s) paused: chargeback"_s);

    // Without fields (a record from before they were stored, or a note): the server's detail.
    const AuditRecord old {4, T0, 3, u"adjustment"_s, 2, u"1.00 USD: goodwill"_s};
    QCOMPARE(SupportColumns::auditDetailText(old, turkish), u"1.00 USD: goodwill"_s);
    const AuditRecord note {5, T0, 3, u"note"_s, 2, u"called them"_s};
    QCOMPARE(SupportColumns::auditDetailText(note, turkish), u"called them"_s);
    // An action this desk does not know: what it carries, in the locale's forms.
    AuditRecord unknown {6, T0, 3, u"something_new"_s, 2, u"English prose"_s};
    unknown.amount = 250;
    unknown.reason = u"why"_s;
    QCOMPARE(SupportColumns::auditDetailText(unknown, turkish),
             Money::format(250, turkish) + u": why"_s);
}

QTEST_GUILESS_MAIN(TestSupportTableModel)
#include "tst_supporttablemodel.moc"
