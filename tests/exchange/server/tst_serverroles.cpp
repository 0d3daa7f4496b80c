// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Every operation as every role, and as a stranger to the object: the server answers what the
// role and ownership allow, whatever the client shows.

#include "fixtures/serverfixture.h"

using namespace everx;
using namespace everx::test;

class TestServerRoles : public QObject
{
    Q_OBJECT

private slots:
    void operationAsRole_data();
    void operationAsRole();
};

namespace {
enum Actor { Anonymous, Customer, Stranger, Provider, OtherProvider, Support };
}

void TestServerRoles::operationAsRole_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("args"); // JSON, with ORDER, RENTAL, LISTING, CUSTOMER placeholders
    QTest::addColumn<int>("actor");
    QTest::addColumn<QString>("expected"); // error code, or "" for success

    const QString place = QStringLiteral(
        R"({"clientOrderId":"r1","gpu":"h200","kind":"limit","gpus":1,"hours":1,"price":"1.00"})");
    const QString listing = QStringLiteral(
        R"({"gpu":"h200","gpus":2,"region":"eu","endpoint":"ssh x","price":"5.00"})");
    struct Row
    {
        const char *op;
        QString args;
        int actor;
        const char *expected;
    };
    const QList<Row> rows = {
        {"hello", QStringLiteral("{}"), Anonymous, ""},
        {"ping", QStringLiteral("{}"), Anonymous, ""},
        {"auth.logout", QStringLiteral("{}"), Anonymous, "unauthenticated"},
        {"auth.demo", QStringLiteral(R"({"role":"customer"})"), Anonymous, "forbidden"},
        {"account.get", QStringLiteral("{}"), Anonymous, "unauthenticated"},
        {"account.get", QStringLiteral("{}"), Customer, ""},
        {"account.get", QStringLiteral("{}"), Support, ""},
        {"wallet.quote", QStringLiteral(R"({"currency":"EUR","amount":"10.00"})"), Anonymous, ""},
        {"wallet.topup", QStringLiteral(R"({"currency":"EUR","amount":"10.00"})"), Anonymous,
         "unauthenticated"},
        {"wallet.topup", QStringLiteral(R"({"currency":"EUR","amount":"10.00"})"), Customer, ""},
        {"wallet.topup", QStringLiteral(R"({"currency":"EUR","amount":"10.00"})"), Provider, ""},
        {"wallet.topup", QStringLiteral(R"({"currency":"EUR","amount":"10.00"})"), Support,
         "forbidden"},
        {"wallet.ledger", QStringLiteral("{}"), Anonymous, "unauthenticated"},
        {"wallet.ledger", QStringLiteral("{}"), Customer, ""},
        {"order.place", place, Anonymous, "unauthenticated"},
        {"order.place", place, Customer, ""},
        {"order.place", place, Provider, ""},
        {"order.place", place, Support, "forbidden"},
        {"order.cancel", QStringLiteral(R"({"orderId":ORDER})"), Anonymous, "unauthenticated"},
        {"order.cancel", QStringLiteral(R"({"orderId":ORDER})"), Customer, ""},
        {"order.cancel", QStringLiteral(R"({"orderId":ORDER})"), Stranger, "not_owner"},
        {"order.cancel", QStringLiteral(R"({"orderId":ORDER})"), OtherProvider, "not_owner"},
        {"order.cancel", QStringLiteral(R"({"orderId":ORDER})"), Support, "forbidden"},
        {"order.list", QStringLiteral("{}"), Anonymous, "unauthenticated"},
        {"order.list", QStringLiteral("{}"), Customer, ""},
        {"rental.list", QStringLiteral("{}"), Provider, ""},
        {"rental.stop", QStringLiteral(R"({"rentalId":RENTAL})"), Anonymous, "unauthenticated"},
        {"rental.stop", QStringLiteral(R"({"rentalId":RENTAL})"), Customer, ""},
        {"rental.stop", QStringLiteral(R"({"rentalId":RENTAL})"), Stranger, "not_owner"},
        {"rental.stop", QStringLiteral(R"({"rentalId":RENTAL})"), Provider, "not_owner"},
        {"rental.stop", QStringLiteral(R"({"rentalId":RENTAL})"), Support, "forbidden"},
        {"listing.add", listing, Anonymous, "unauthenticated"},
        {"listing.add", listing, Customer, "forbidden"},
        {"listing.add", listing, Provider, ""},
        {"listing.add", listing, Support, "forbidden"},
        {"listing.reprice", QStringLiteral(R"({"listingId":LISTING,"price":"3.50"})"), Provider,
         ""},
        {"listing.reprice", QStringLiteral(R"({"listingId":LISTING,"price":"3.50"})"),
         OtherProvider, "not_owner"},
        {"listing.reprice", QStringLiteral(R"({"listingId":LISTING,"price":"3.50"})"), Customer,
         "forbidden"},
        {"listing.pause", QStringLiteral(R"({"listingId":LISTING})"), Provider, ""},
        {"listing.pause", QStringLiteral(R"({"listingId":LISTING})"), OtherProvider, "not_owner"},
        {"listing.pause", QStringLiteral(R"({"listingId":LISTING})"), Support, "forbidden"},
        {"listing.resume", QStringLiteral(R"({"listingId":LISTING})"), OtherProvider, "not_owner"},
        {"listing.remove", QStringLiteral(R"({"listingId":LISTING})"), OtherProvider, "not_owner"},
        {"listing.remove", QStringLiteral(R"({"listingId":LISTING})"), Provider,
         "listing_has_rentals"},
        {"listing.list", QStringLiteral("{}"), Customer, "forbidden"},
        {"listing.list", QStringLiteral("{}"), Provider, ""},
        {"support.account", QStringLiteral(R"({"accountId":CUSTOMER})"), Anonymous,
         "unauthenticated"},
        {"support.account", QStringLiteral(R"({"accountId":CUSTOMER})"), Customer, "forbidden"},
        {"support.account", QStringLiteral(R"({"accountId":CUSTOMER})"), Provider, "forbidden"},
        {"support.account", QStringLiteral(R"({"accountId":CUSTOMER})"), Support, ""},
        {"support.adjust",
         QStringLiteral(R"({"accountId":CUSTOMER,"amount":"1.00","reason":"goodwill"})"), Customer,
         "forbidden"},
        {"support.adjust",
         QStringLiteral(R"({"accountId":CUSTOMER,"amount":"1.00","reason":"goodwill"})"), Support,
         ""},
        {"support.adjust",
         QStringLiteral(R"({"accountId":CUSTOMER,"amount":"900.00","reason":"goodwill"})"), Support,
         ""},
        {"support.search", QStringLiteral(R"({"query":"x.io"})"), Anonymous, "unauthenticated"},
        {"support.search", QStringLiteral(R"({"query":"x.io"})"), Customer, "forbidden"},
        {"support.search", QStringLiteral(R"({"query":"x.io"})"), Provider, "forbidden"},
        {"support.search", QStringLiteral(R"({"query":"x.io"})"), Support, ""},
        {"support.ledger", QStringLiteral(R"({"accountId":CUSTOMER})"), Customer, "forbidden"},
        {"support.ledger", QStringLiteral(R"({"accountId":CUSTOMER})"), Support, ""},
        {"support.ledger", QStringLiteral(R"({"accountId":999999})"), Support, "unknown_account"},
        {"support.history", QStringLiteral(R"({"accountId":CUSTOMER,"kind":"rentals"})"), Provider,
         "forbidden"},
        {"support.history", QStringLiteral(R"({"accountId":CUSTOMER,"kind":"rentals"})"), Support,
         ""},
        {"support.note", QStringLiteral(R"({"accountId":CUSTOMER,"text":"hi"})"), Customer,
         "forbidden"},
        {"support.note", QStringLiteral(R"({"accountId":CUSTOMER,"text":"hi"})"), Support, ""},
        {"support.audit", QStringLiteral("{}"), Customer, "forbidden"},
        {"support.audit", QStringLiteral("{}"), Support, ""},
        {"support.pending", QStringLiteral("{}"), Provider, "forbidden"},
        {"support.pending", QStringLiteral("{}"), Support, ""},
        {"support.approveAdjustment", QStringLiteral(R"({"adjustmentId":1,"reason":"ok"})"),
         Customer, "forbidden"},
        {"support.approveAdjustment", QStringLiteral(R"({"adjustmentId":1,"reason":"ok"})"),
         Support, "unknown_adjustment"},
        {"support.declineAdjustment", QStringLiteral(R"({"adjustmentId":1,"reason":"no"})"),
         Provider, "forbidden"},
        {"support.verify", QStringLiteral("{}"), Provider, "forbidden"},
        {"support.verify", QStringLiteral("{}"), Support, ""},
        {"auth.signup",
         QStringLiteral(R"({"email":"n@x.io","password":"a long passphrase","name":"N",)"
                        R"("country":"DE","role":"customer"})"),
         Anonymous, "signup_closed"}, // a server's default
        {"auth.verify",
         QStringLiteral(R"({"email":"n@x.io","password":"a long passphrase","code":"123456"})"),
         Anonymous, "authentication_failed"},
        {"auth.verify",
         QStringLiteral(R"({"email":"n@x.io","password":"a long passphrase","code":"12345"})"),
         Anonymous, "invalid_argument"},
        {"auth.logoutAll", QStringLiteral("{}"), Anonymous, "unauthenticated"},
        {"auth.logoutAll", QStringLiteral("{}"), Customer, ""},
        {"account.password",
         QStringLiteral(R"({"current":"correct horse","password":"a long passphrase"})"), Anonymous,
         "unauthenticated"},
        {"support.suspend", QStringLiteral(R"({"accountId":CUSTOMER,"reason":"fraud"})"), Anonymous,
         "unauthenticated"},
        {"support.suspend", QStringLiteral(R"({"accountId":CUSTOMER,"reason":"fraud"})"), Customer,
         "forbidden"},
        {"support.suspend", QStringLiteral(R"({"accountId":CUSTOMER,"reason":"fraud"})"), Provider,
         "forbidden"},
        {"support.suspend", QStringLiteral(R"({"accountId":CUSTOMER,"reason":"fraud"})"), Support,
         ""},
        {"support.reactivate", QStringLiteral(R"({"accountId":CUSTOMER,"reason":"ok"})"), Stranger,
         "forbidden"},
        {"support.reactivate", QStringLiteral(R"({"accountId":CUSTOMER,"reason":"ok"})"), Support,
         "invalid_state"},
        {"support.application",
         QStringLiteral(R"({"accountId":CUSTOMER,"decision":"approve","reason":"ok"})"), Provider,
         "forbidden"},
        {"support.application",
         QStringLiteral(R"({"accountId":CUSTOMER,"decision":"approve","reason":"ok"})"), Support,
         "invalid_state"},
        {"payout.request", QStringLiteral(R"({"amount":"1.00"})"), Anonymous, "unauthenticated"},
        {"payout.request", QStringLiteral(R"({"amount":"1.00"})"), Customer, "forbidden"},
        {"payout.request", QStringLiteral(R"({"amount":"1.00"})"), Provider, ""},
        {"payout.request", QStringLiteral(R"({"amount":"1.00"})"), OtherProvider,
         "insufficient_funds"},
        {"payout.request", QStringLiteral(R"({"amount":"1.00"})"), Support, "forbidden"},
        {"payout.list", QStringLiteral("{}"), Provider, ""},
        {"payout.list", QStringLiteral("{}"), Customer, "forbidden"},
        {"provider.rentals", QStringLiteral("{}"), Anonymous, "unauthenticated"},
        {"provider.rentals", QStringLiteral("{}"), Provider, ""},
        {"provider.rentals", QStringLiteral("{}"), Customer, "forbidden"},
        {"provider.rentals", QStringLiteral("{}"), Support, "forbidden"},
        {"provider.stats", QStringLiteral(R"({"days":30})"), Provider, ""},
        {"provider.stats", QStringLiteral(R"({"days":30})"), Customer, "forbidden"},
        {"support.payouts", QStringLiteral(R"({"state":"requested"})"), Support, ""},
        {"support.payouts", QStringLiteral(R"({"state":"requested"})"), Provider, "forbidden"},
        {"support.payoutPaid",
         QStringLiteral(R"({"payoutId":PAYOUT,"reference":"T-1","reason":"sent"})"), Support, ""},
        {"support.payoutPaid",
         QStringLiteral(R"({"payoutId":PAYOUT,"reference":"T-1","reason":"sent"})"), Provider,
         "forbidden"},
        {"support.payoutPaid",
         QStringLiteral(R"({"payoutId":PAYOUT,"reference":"T-1","reason":"sent"})"), Customer,
         "forbidden"},
        {"support.payoutRejected", QStringLiteral(R"({"payoutId":PAYOUT,"reason":"no"})"), Support,
         ""},
        {"support.payoutRejected", QStringLiteral(R"({"payoutId":PAYOUT,"reason":"no"})"), Provider,
         "forbidden"},
        {"support.payoutRejected", QStringLiteral(R"({"payoutId":999,"reason":"no"})"), Support,
         "unknown_payout"},
        {"subscribe", QStringLiteral(R"({"channel":"account"})"), Anonymous, "unauthenticated"},
        {"subscribe", QStringLiteral(R"({"channel":"account"})"), Customer, ""},
        {"subscribe", QStringLiteral(R"({"channel":"book.h200"})"), Anonymous, ""},
    };
    static const char *const names[] = {"anonymous", "customer",       "stranger",
                                        "provider",  "other provider", "support"};
    for (const Row &r : rows)
        QTest::addRow("%s as %s", r.op, names[r.actor])
            << QString::fromLatin1(r.op) << r.args << r.actor << QString::fromLatin1(r.expected);
}

void TestServerRoles::operationAsRole()
{
    QFETCH(QString, op);
    QFETCH(QString, args);
    QFETCH(int, actor);
    QFETCH(QString, expected);

    ServerFixture f;
    ExchangeEngine &e = f.service->engine();
    const qint64 customer = f.account(QStringLiteral("customer@x.io"), Role::Customer);
    const qint64 stranger = f.account(QStringLiteral("stranger@x.io"), Role::Customer);
    const qint64 provider = f.account(QStringLiteral("provider@x.io"), Role::Provider);
    const qint64 other = f.account(QStringLiteral("other@x.io"), Role::Provider);
    f.account(QStringLiteral("support@x.io"), Role::Support);
    for (const qint64 id : {customer, stranger, provider, other})
        QVERIFY(e.topUp(id, Currency::USD, 100'000).ok());
    const auto listing = e.addListing(
        provider,
        {QStringLiteral("h100-sxm"), 2, QStringLiteral("eu"), QStringLiteral("ssh p"), 300});
    const auto rental =
        e.placeBid(customer, {QStringLiteral("h100-sxm"), OrderKind::BuyNow, 1, 2, 300, 0, {}});
    const auto order =
        e.placeBid(customer, {QStringLiteral("h200"), OrderKind::Limit, 1, 1, 100, 0, {}});
    QVERIFY(listing.ok() && rental.ok() && order.ok() && rental->rentals.size() == 1);
    const auto payout = e.requestPayout(provider, 100);
    QVERIFY(payout.ok());

    QString json = args;
    json.replace(QStringLiteral("ORDER"), QString::number(order->order.id))
        .replace(QStringLiteral("RENTAL"), QString::number(rental->rentals[0].id))
        .replace(QStringLiteral("LISTING"), QString::number(listing->id))
        .replace(QStringLiteral("CUSTOMER"), QString::number(customer))
        .replace(QStringLiteral("PAYOUT"), QString::number(payout->id));

    RawClient client(f);
    QVERIFY(client.waitConnected());
    static const char *const emails[] = {nullptr,         "customer@x.io", "stranger@x.io",
                                         "provider@x.io", "other@x.io",    "support@x.io"};
    if (actor != Anonymous)
        QVERIFY(client.login(QString::fromLatin1(emails[actor])));
    const QString before = stateFingerprint(e);
    const QJsonObject reply = client.call(op, QJsonDocument::fromJson(json.toUtf8()).object());
    QVERIFY2(!reply.isEmpty(), "no reply");
    QCOMPARE(RawClient::errorCode(reply), expected);
    if (!expected.isEmpty())
        QCOMPARE(stateFingerprint(e), before); // a refusal changes nothing
}

QTEST_GUILESS_MAIN(TestServerRoles)
#include "tst_serverroles.moc"
