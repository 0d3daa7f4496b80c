// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// PendingTopUpsModel: the account's top-ups waiting for payment, from its private channel: the
// snapshot's payments, a "payment" event inserts a new one, a credited or expired one leaves its
// row exactly, never a reset; figures in the locale, raw values for sorting; and DeskState's
// notification text for the three top-up notifications.

#include "views/deskstate.h"
#include "views/pendingtopupsmodel.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {
Payment payment(qint64 id, PaymentState state = PaymentState::Pending)
{
    Payment p;
    p.id = id;
    p.reference = u"pay_%1aaaaaaaaaaaaaaaaaaaaaaaaa"_s.arg(id);
    p.accountId = 7;
    p.currency = Currency::EUR;
    p.amountMinor = 10'000 * id;
    p.rateMicros = 1'084'200;
    p.creditedCents = Money::convert(p.amountMinor, p.rateMicros);
    p.state = state;
    p.createdMs = 1'795'996'800'000;
    p.expiresMs = p.createdMs + 1'800'000;
    return p;
}

QJsonObject paymentEvent(const Payment &p)
{
    return Wire::accountEvent(QString(AccountEvent::Payment), Wire::wrap(p));
}
} // namespace

class TestPendingTopUpsModel : public QObject
{
    Q_OBJECT

private slots:
    void followsTheChannel();
    void notificationTexts();
};

void TestPendingTopUpsModel::followsTheChannel()
{
    PendingTopUpsModel model;
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // A snapshot: only pending ones are rows.
    AccountSnapshot snapshot;
    snapshot.payments = {payment(1), payment(2), payment(3, PaymentState::Credited)};
    model.applySnapshot(Wire::toJson(snapshot));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, PendingTopUpsModel::Reference).data().toString(), payment(1).reference);
    QCOMPARE(model.index(1, PendingTopUpsModel::Amount).data().toString(), u"\u20AC200.00"_s);
    QCOMPARE(model.index(1, PendingTopUpsModel::Amount).data(PendingTopUpsModel::RawValueRole),
             QVariant(qint64(20'000)));
    QCOMPARE(model.index(1, PendingTopUpsModel::Credited).data().toString(),
             Money::format(payment(2).creditedCents, model.locale()));
    QCOMPARE(model.index(0, 0).data(PendingTopUpsModel::ReferenceRole).toString(),
             payment(1).reference);

    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    model.applyEvent(paymentEvent(payment(4)));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.rowCount(), 3);
    // Credited: exactly its row goes.
    model.applyEvent(paymentEvent(payment(1, PaymentState::Credited)));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed.at(0).at(1).toInt(), 0);
    QCOMPARE(model.rowCount(), 2);
    model.applyEvent(paymentEvent(payment(4, PaymentState::Expired)));
    QCOMPARE(model.rowCount(), 1);
    // Other events and unreadable payments change nothing.
    model.applyEvent(
        Wire::accountEvent(QString(AccountEvent::Balance), Wire::wrap(Balance {1, 2, 0, 0})));
    QJsonObject broken = paymentEvent(payment(5));
    broken.insert(u"payment"_s, QJsonObject {{u"id"_s, 5}});
    model.applyEvent(broken);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, PendingTopUpsModel::Reference).data().toString(), payment(2).reference);
    QCOMPARE(reset.size(), 0); // rows inserted and removed exactly, never a reset
}

void TestPendingTopUpsModel::notificationTexts()
{
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    const Payment p = payment(2, PaymentState::Credited);
    Notification n;
    n.kind = QString(NotificationKind::TopUpCredited);
    n.text = u"server text"_s;
    n.payment = p;
    QCOMPARE(DeskState::notificationText(Wire::toJson(n), GpuCatalog::builtIn(), en),
             u"Top-up %1 credited: \u20AC200.00 paid, %2 added to your balance"_s.arg(
                 p.reference, Money::format(p.creditedCents, en)));
    n.kind = QString(NotificationKind::TopUpPending);
    QCOMPARE(DeskState::notificationText(Wire::toJson(n), GpuCatalog::builtIn(), en),
             u"Top-up %1 waits for your payment of \u20AC200.00"_s.arg(p.reference));
    n.kind = QString(NotificationKind::TopUpExpired);
    QCOMPARE(DeskState::notificationText(Wire::toJson(n), GpuCatalog::builtIn(), en),
             u"Top-up %1 expired: no payment of \u20AC200.00 arrived"_s.arg(p.reference));
    // Without its record: the server's words.
    n.payment.reset();
    QCOMPARE(DeskState::notificationText(Wire::toJson(n), GpuCatalog::builtIn(), en),
             u"server text"_s);
}

QTEST_MAIN(TestPendingTopUpsModel)
#include "tst_pendingtopupsmodel.moc"
