// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The desk's notifications: newest first, unread until marked read, capped by exact row
// removals; and fed for real by the sandbox, where buying GPU hours notifies the buyer.

#include "fixtures/sandboxfixture.h"
#include "server/embeddedexchange.h"

#include "market/money.h"
#include "views/deskstate.h"
#include "views/notificationsmodel.h"
#include "wire/clientsession.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

// 2024-01-01 00:00 UTC: in the past, so that add() (now) goes above.
const QDateTime T0 = QDateTime::fromMSecsSinceEpoch(1'704'067'200'000, Qt::UTC);

QStringList texts(const NotificationsModel &model)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out << model.index(row, NotificationsModel::Text).data().toString();
    return out;
}

} // namespace

class TestNotificationsModel : public QObject
{
    Q_OBJECT

private slots:
    void newestFirstAndUnread();
    void olderOnesGoBelow();
    void stampedByTheExchangesClock();
    void capRemovesTheOldestRows();
    void kindsInWords_data();
    void kindsInWords();
    void everyKindHasWords();
    void signOutClears();
    void fedByAFillOnTheSandbox();
    void textsFromTheRecords_data();
    void textsFromTheRecords();
};

void TestNotificationsModel::newestFirstAndUnread()
{
    NotificationsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy unread(&model, &NotificationsModel::unreadCountChanged);

    model.addAt(T0, QStringLiteral("fill"), QStringLiteral("filled 1 x h100-sxm at 2.88"));
    model.addAt(T0.addSecs(60), QStringLiteral("rental_started"),
                QStringLiteral("1 x h100-sxm rented for 1 h"));
    model.addAt(T0.addSecs(120), QStringLiteral("low_balance"),
                QStringLiteral("available balance is 9.00 USD"));
    QCOMPARE(texts(model),
             QStringList({QStringLiteral("available balance is 9.00 USD"),
                          QStringLiteral("1 x h100-sxm rented for 1 h"),
                          QStringLiteral("filled 1 x h100-sxm at 2.88")}));
    // Each one is a single row inserted at the top.
    QCOMPARE(inserted.size(), 3);
    for (const QList<QVariant> &args : inserted) {
        QCOMPARE(args.at(1).toInt(), 0);
        QCOMPARE(args.at(2).toInt(), 0);
    }
    QCOMPARE(reset.size(), 0);
    QCOMPARE(model.unreadCount(), 3);
    QCOMPARE(unread.constLast().at(0).toInt(), 3);
    QCOMPARE(model.index(0, 0).data(NotificationsModel::UnreadRole).toBool(), true);
    QCOMPARE(model.index(0, NotificationsModel::Time).data(NotificationsModel::RawValueRole),
             QVariant(T0.addSecs(120).toMSecsSinceEpoch()));
    QVERIFY(!model.index(0, NotificationsModel::Time).data().toString().isEmpty());

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.markAllRead();
    QCOMPARE(model.unreadCount(), 0);
    QCOMPARE(unread.constLast().at(0).toInt(), 0);
    QCOMPARE(changed.size(), 1);
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.index(row, 0).data(NotificationsModel::UnreadRole).toBool(), false);
    model.markAllRead(); // nothing left to mark
    QCOMPARE(changed.size(), 1);

    model.addAt(T0.addSecs(180), QStringLiteral("rental_ended"),
                QStringLiteral("rental of 1 x h100-sxm ended"));
    QCOMPARE(model.unreadCount(), 1);
    QCOMPARE(model.index(0, 0).data(NotificationsModel::UnreadRole).toBool(), true);
    QCOMPARE(model.index(1, 0).data(NotificationsModel::UnreadRole).toBool(), false);
}

void TestNotificationsModel::olderOnesGoBelow()
{
    NotificationsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.addAt(T0.addSecs(60), QStringLiteral("fill"), QStringLiteral("b"));
    model.addAt(T0.addSecs(120), QStringLiteral("fill"), QStringLiteral("c"));
    model.addAt(T0, QStringLiteral("fill"), QStringLiteral("a"));
    model.addAt(T0.addSecs(120), QStringLiteral("fill"), QStringLiteral("c2")); // same time: above
    QCOMPARE(texts(model),
             QStringList({QStringLiteral("c2"), QStringLiteral("c"), QStringLiteral("b"),
                          QStringLiteral("a")}));
    // add() is now: above everything from the past.
    model.add(QStringLiteral("fill"), QStringLiteral("now"));
    QCOMPARE(texts(model).constFirst(), QStringLiteral("now"));
}

// A notification reads on the clock of the rentals and the ledger beside it: the exchange's,
// which a sandbox runs 60 times faster than the wall clock.
void TestNotificationsModel::stampedByTheExchangesClock()
{
    NotificationsModel model;
    qint64 exchangeMs = T0.toMSecsSinceEpoch();
    model.setClock([&exchangeMs] { return exchangeMs; });
    model.add(QStringLiteral("fill"), QStringLiteral("first"));
    exchangeMs += 3'600'000; // an exchange hour later
    model.add(QStringLiteral("fill"), QStringLiteral("second"));
    QCOMPARE(model.entry(0).text, QStringLiteral("second"));
    QCOMPARE(model.entry(0).time, T0.addSecs(3600));
    QCOMPARE(model.entry(1).time, T0);
    QCOMPARE(model.index(1, NotificationsModel::Time).data(TableModel::RawValueRole).toLongLong(),
             T0.toMSecsSinceEpoch());
}

void TestNotificationsModel::capRemovesTheOldestRows()
{
    NotificationsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.capacity(), NotificationsModel::DefaultCapacity);
    model.setCapacity(3);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    for (int i = 0; i < 5; ++i)
        model.addAt(T0.addSecs(i), QStringLiteral("fill"), QString::number(i));
    QCOMPARE(texts(model),
             QStringList({QStringLiteral("4"), QStringLiteral("3"), QStringLiteral("2")}));
    QCOMPARE(model.unreadCount(), 3); // the dropped ones no longer count
    // Exactly the oldest row each time, never a reset.
    QCOMPARE(removed.size(), 2);
    for (const QList<QVariant> &args : removed) {
        QCOMPARE(args.at(1).toInt(), 3);
        QCOMPARE(args.at(2).toInt(), 3);
    }
    QCOMPARE(reset.size(), 0);
    // Older than everything kept: not shown at all.
    model.addAt(T0.addSecs(-10), QStringLiteral("fill"), QStringLiteral("ancient"));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.unreadCount(), 3);
    // A smaller cap trims at once.
    model.markAllRead();
    model.addAt(T0.addSecs(10), QStringLiteral("fill"), QStringLiteral("5"));
    model.setCapacity(1);
    QCOMPARE(texts(model), QStringList({QStringLiteral("5")}));
    QCOMPARE(model.unreadCount(), 1);
}

void TestNotificationsModel::kindsInWords_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("words");
    QTest::newRow("fill") << QStringLiteral("fill") << QStringLiteral("Fill");
    QTest::newRow("rental_started")
        << QStringLiteral("rental_started") << QStringLiteral("Rental started");
    QTest::newRow("rental_ended") << QStringLiteral("rental_ended")
                                  << QStringLiteral("Rental ended");
    QTest::newRow("low_balance") << QStringLiteral("low_balance") << QStringLiteral("Low balance");
    QTest::newRow("topup_pending")
        << QStringLiteral("topup_pending") << QStringLiteral("Top-up pending");
    QTest::newRow("topup_credited")
        << QStringLiteral("topup_credited") << QStringLiteral("Top-up credited");
    QTest::newRow("topup_expired")
        << QStringLiteral("topup_expired") << QStringLiteral("Top-up expired");
    QTest::newRow("topup_late") << QStringLiteral("topup_late")
                                << QStringLiteral("Top-up paid late");
    QTest::newRow("topup_refunded")
        << QStringLiteral("topup_refunded") << QStringLiteral("Top-up refunded");
    QTest::newRow("unknown") << QStringLiteral("audit") << QStringLiteral("audit");
}

void TestNotificationsModel::everyKindHasWords()
{
    // A kind the server sends is never shown to a person as its code.
    for (const QLatin1StringView kind : NotificationKind::All)
        QVERIFY2(NotificationsModel::kindText(QString(kind)) != QString(kind), kind.data());
}

void TestNotificationsModel::kindsInWords()
{
    QFETCH(QString, kind);
    QFETCH(QString, words);
    NotificationsModel model;
    model.addAt(T0, kind, QStringLiteral("text"));
    QCOMPARE(model.index(0, NotificationsModel::Kind).data().toString(), words);
    QCOMPARE(model.index(0, NotificationsModel::Kind).data(NotificationsModel::RawValueRole),
             QVariant(kind));
}

void TestNotificationsModel::signOutClears()
{
    NotificationsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.addAt(T0, QStringLiteral("fill"), QStringLiteral("a"));
    model.addAt(T0.addSecs(1), QStringLiteral("fill"), QStringLiteral("b"));
    QSignalSpy unread(&model, &NotificationsModel::unreadCountChanged);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.unreadCount(), 0);
    QCOMPARE(unread.size(), 1);
}

void TestNotificationsModel::fedByAFillOnTheSandbox()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start()); // a quiet market: only this test trades
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    NotificationsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    connect(&desk, &DeskState::notification, &model, &NotificationsModel::add);
    desk.selectGpu(QStringLiteral("h100-sxm"));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->bestAsk().has_value(), 5000);
    QCOMPARE(model.rowCount(), 0);

    // Buy one GPU-hour now at the best offer: the buyer hears of the fill and of the rental.
    std::optional<Protocol::Frame> placed;
    session.placeOrder(BidRequest {QStringLiteral("h100-sxm"),
                                   OrderKind::BuyNow,
                                   1,
                                   1,
                                   *Money::parse(Money::toPlain(*desk.orderBook()->bestAsk())),
                                   0,
                                   {}},
                       this, [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    QTRY_VERIFY_WITH_TIMEOUT(model.rowCount() >= 2, 5000);
    QStringList kinds;
    for (int row = 0; row < model.rowCount(); ++row)
        kinds << model.index(row, NotificationsModel::Kind)
                     .data(NotificationsModel::RawValueRole)
                     .toString();
    QVERIFY2(kinds.contains(QStringLiteral("fill")), qPrintable(kinds.join(u',')));
    QVERIFY2(kinds.contains(QStringLiteral("rental_started")), qPrintable(kinds.join(u',')));
    QCOMPARE(model.unreadCount(), model.rowCount());
    const QString fillText =
        model.index(kinds.indexOf(QStringLiteral("fill")), NotificationsModel::Text)
            .data()
            .toString();
    // In the desk's words, from the record: the catalog's name and the price in the locale.
    QVERIFY2(fillText.startsWith(QStringLiteral("1 GPU(s) of H100 SXM bought at $")),
             qPrintable(fillText));
    session.disconnectFromExchange();
}

void TestNotificationsModel::textsFromTheRecords_data()
{
    QTest::addColumn<QJsonObject>("data");
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("text");
    Trade t;
    t.id = 1;
    t.gpu = QStringLiteral("a100-sxm");
    t.priceCents = 123'456;
    t.quantity = 2;
    t.hours = 3;
    const QJsonObject fill {{QStringLiteral("kind"), QStringLiteral("fill")},
                            {QStringLiteral("text"), QStringLiteral("server words")},
                            {QStringLiteral("trade"), Wire::toJson(t)}};
    QTest::newRow("fill") << fill << u"en_US"_s
                          << u"2 GPU(s) of A100 SXM bought at $1,234.56 per GPU-hour"_s;
    // Money in the locale's format; untranslated here, so the English source text.
    QTest::newRow("fill, Indonesian number format")
        << fill << u"id_ID"_s << u"2 GPU(s) of A100 SXM bought at US$1.234,56 per GPU-hour"_s;
    Balance b;
    b.available = 850;
    QTest::newRow("low balance") << QJsonObject {{QStringLiteral("kind"),
                                                  QStringLiteral("low_balance")},
                                                 {QStringLiteral("balance"), Wire::toJson(b)}}
                                 << u"en_US"_s << u"Your available balance is low: $8.50"_s;
    // Without a readable record, the server's text.
    QTest::newRow("no record") << QJsonObject {{QStringLiteral("kind"), QStringLiteral("fill")},
                                               {QStringLiteral("text"), QStringLiteral("as sent")}}
                               << u"en_US"_s << u"as sent"_s;
}

void TestNotificationsModel::textsFromTheRecords()
{
    QFETCH(QJsonObject, data);
    QFETCH(QString, locale);
    QFETCH(QString, text);
    QCOMPARE(DeskState::notificationText(data, GpuCatalog::builtIn(), QLocale(locale)), text);
}

QTEST_GUILESS_MAIN(TestNotificationsModel)
#include "tst_notificationsmodel.moc"
