// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Requests and replies through the one codec: what a client encodes, a server decodes to the
// same record (and the reverse for replies); a request that does not read is refused as
// invalid_argument naming the operation and the field.

#include "market/marketrules.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonDocument>
#include <QtTest/QtTest>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {

QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

Account account()
{
    Account a;
    a.id = 3;
    a.email = u"de@customer.io"_s;
    a.role = Role::Customer;
    a.country = u"DE"_s;
    a.createdMs = 1'795'996'800'000;
    return a;
}

BidOrder order()
{
    BidOrder o;
    o.id = 118;
    o.clientOrderId = u"desk-1"_s;
    o.gpu = u"h100-sxm"_s;
    o.kind = OrderKind::Limit;
    o.quantity = 4;
    o.remaining = 2;
    o.filled = 2;
    o.limitCents = 310;
    o.hours = 2;
    o.taxBp = 1900;
    o.heldCents = 2 * 2 * 369;
    return o;
}

Rental rental()
{
    Rental r;
    r.id = 61;
    r.orderId = 118;
    r.customerId = 3;
    r.listingId = 9;
    r.providerId = 2;
    r.gpu = u"h100-sxm"_s;
    r.gpus = 2;
    r.priceCents = 288;
    r.hours = 2;
    r.hoursBilled = 1;
    r.taxBp = 1900;
    r.feeBp = 1000;
    r.region = u"eu-central"_s;
    r.endpoint = u"ssh gpu@203.0.113.7"_s;
    return r;
}

Listing listing()
{
    Listing l;
    l.id = 9;
    l.providerId = 2;
    l.gpu = u"h100-sxm"_s;
    l.gpuCount = 8;
    l.rentedGpus = 2;
    l.region = u"eu-central"_s;
    l.endpoint = u"ssh gpu@203.0.113.7"_s;
    l.askCents = 288;
    return l;
}

// The server's reader of every operation: nullopt when args read, else the refusal.
std::optional<Error> decodeRequest(QStringView op, const QJsonObject &args)
{
    std::optional<Error> error;
    const auto check = [&error](const auto &result) {
        if (!result)
            error = result.error();
    };
    if (op == Op::Hello)
        check(Wire::helloFromJson(args));
    else if (op == Op::AuthLogin)
        check(Wire::credentialsFromJson(args));
    else if (op == Op::AuthResume)
        check(Wire::resumeTokenFromJson(args));
    else if (op == Op::AuthDemo)
        check(Wire::demoRoleFromJson(args));
    else if (op == Op::WalletQuote || op == Op::WalletTopUp)
        check(Wire::topUpRequestFromJson(args));
    else if (op == Op::WalletLedger)
        check(Wire::ledgerQueryFromJson(args));
    else if (op == Op::OrderPlace)
        check(Wire::bidRequestFromJson(args));
    else if (op == Op::OrderCancel)
        check(Wire::orderIdFromJson(args));
    else if (op == Op::RentalStop)
        check(Wire::rentalIdFromJson(args));
    else if (op == Op::ListingAdd)
        check(Wire::listingRequestFromJson(args));
    else if (op == Op::ListingReprice)
        check(Wire::repriceFromJson(args));
    else if (op == Op::ListingCluster)
        check(Wire::listingClusterFromJson(args));
    else if (op == Op::MarketQuote)
        check(Wire::quoteRequestFromJson(args));
    else if (op == Op::MarketWindows)
        check(Wire::windowsRequestFromJson(args));
    else if (op == Op::ListingPause || op == Op::ListingResume || op == Op::ListingRemove)
        check(Wire::listingIdFromJson(args));
    else if (op == Op::SupportAccount)
        check(Wire::accountLookupFromJson(args));
    else if (op == Op::SupportAdjust)
        check(Wire::adjustmentFromJson(args));
    else if (op == Op::Subscribe || op == Op::Unsubscribe)
        check(Wire::channelFromJson(args));
    else if (op == Op::AuthSignup)
        check(Wire::signUpFromJson(args));
    else if (op == Op::AuthVerify)
        check(Wire::emailVerificationFromJson(args));
    else if (op == Op::AccountPassword)
        check(Wire::passwordChangeFromJson(args));
    else if (op == Op::SupportSuspend || op == Op::SupportReactivate)
        check(Wire::accountActionFromJson(args, QLatin1StringView(op.toLatin1())));
    else if (op == Op::SupportApplication)
        check(Wire::applicationDecisionFromJson(args));
    else if (op == Op::PayoutRequest)
        check(Wire::payoutRequestFromJson(args));
    else if (op == Op::PayoutList)
        check(Wire::payoutQueryFromJson(args, Op::PayoutList));
    else if (op == Op::SupportPayouts)
        check(Wire::payoutQueryFromJson(args, Op::SupportPayouts));
    else if (op == Op::SupportPayoutPaid)
        check(Wire::payoutSettlementFromJson(args, Op::SupportPayoutPaid));
    else if (op == Op::SupportPayoutRejected)
        check(Wire::payoutSettlementFromJson(args, Op::SupportPayoutRejected));
    else if (op == Op::ProviderRentals)
        check(Wire::rentalPageFromJson(args));
    else if (op == Op::ProviderStats)
        check(Wire::statsQueryFromJson(args));
    else if (op == Op::SupportSearch)
        check(Wire::accountSearchFromJson(args));
    else if (op == Op::SupportLedger)
        check(Wire::ledgerPageQueryFromJson(args));
    else if (op == Op::SupportHistory)
        check(Wire::historyQueryFromJson(args));
    else if (op == Op::SupportNote)
        check(Wire::noteRequestFromJson(args));
    else if (op == Op::SupportAudit)
        check(Wire::auditQueryFromJson(args));
    else if (op == Op::SupportApproveAdjustment || op == Op::SupportDeclineAdjustment)
        check(Wire::adjustmentDecisionFromJson(args, QLatin1StringView(op.toLatin1())));
    else if (op == Op::SupportCreditPayment)
        check(Wire::latePaymentDecisionFromJson(args, Op::SupportCreditPayment));
    else if (op == Op::SupportRefundPayment)
        check(Wire::latePaymentDecisionFromJson(args, Op::SupportRefundPayment));
    else if (op == Op::Ping || op == Op::AuthLogout || op == Op::AccountGet || op == Op::OrderList
             || op == Op::RentalList || op == Op::ListingList || op == Op::SupportVerify
             || op == Op::AuthLogoutAll || op == Op::SupportPending
             || op == Op::SupportLatePayments)
        check(Wire::noArgumentsFromJson(args, QLatin1StringView(op.toLatin1())));
    else
        error = Error {ErrorCode::Internal, u"no reader for "_s + op.toString()};
    return error;
}

// Arguments every reader accepts, by operation.
QJsonObject validArguments(QStringView op)
{
    if (op == Op::Hello)
        return parse(R"({"client":"everx-desk 1.0","protocol":1})");
    if (op == Op::AuthLogin)
        return parse(R"({"email":"a@b.io","password":"correct horse"})");
    if (op == Op::AuthResume)
        return parse(R"({"token":"abc"})");
    if (op == Op::AuthDemo)
        return parse(R"({"role":"customer"})");
    if (op == Op::WalletQuote || op == Op::WalletTopUp)
        return parse(R"({"currency":"EUR","amount":"10.00"})");
    if (op == Op::WalletLedger)
        return parse(R"({"after":0,"limit":10})");
    if (op == Op::ListingCluster)
        return parse(R"({"listingId":9,"cluster":"fra-1","fabric":"infiniband","gbps":400})");
    if (op == Op::MarketQuote)
        return parse(R"({"gpu":"h100-sxm","gpus":8,"hours":2,"placement":"server"})");
    if (op == Op::MarketWindows)
        return parse(
            R"({"gpu":"h100-sxm","gpus":8,"hours":60,"placement":"server","from":1796601600000,"days":7})");
    if (op == Op::OrderPlace)
        return parse(
            R"({"clientOrderId":"k","gpu":"h100-sxm","kind":"limit","gpus":1,"hours":1,"price":"3.00"})");
    if (op == Op::OrderCancel)
        return parse(R"({"orderId":1})");
    if (op == Op::RentalStop)
        return parse(R"({"rentalId":1})");
    if (op == Op::ListingAdd)
        return parse(
            R"({"gpu":"l4","gpus":2,"region":"eu","endpoint":"ssh gpu@203.0.113.7","price":"1.00"})");
    if (op == Op::ListingReprice)
        return parse(R"({"listingId":1,"price":"1.00"})");
    if (op == Op::ListingPause || op == Op::ListingResume || op == Op::ListingRemove)
        return parse(R"({"listingId":1})");
    if (op == Op::SupportAccount)
        return parse(R"({"email":"a@b.io"})");
    if (op == Op::SupportAdjust)
        return parse(R"({"accountId":3,"amount":"1.00","reason":"refund"})");
    if (op == Op::Subscribe || op == Op::Unsubscribe)
        return parse(R"({"channel":"ticker"})");
    if (op == Op::AuthSignup)
        return parse(
            R"({"email":"a@b.io","password":"a long passphrase","name":"Ayu","country":"ID","role":"provider","company":"Nusa"})");
    if (op == Op::AuthVerify)
        return parse(R"({"email":"a@b.io","password":"a long passphrase","code":"012345"})");
    if (op == Op::AccountPassword)
        return parse(R"({"current":"correct horse","password":"a long passphrase"})");
    if (op == Op::SupportSuspend || op == Op::SupportReactivate)
        return parse(R"({"accountId":3,"reason":"fraud"})");
    if (op == Op::SupportApplication)
        return parse(R"({"accountId":3,"decision":"approve","reason":"checked"})");
    if (op == Op::PayoutRequest)
        return parse(R"({"amount":"25.00"})");
    if (op == Op::PayoutList)
        return parse(R"({"state":"paid","before":9,"limit":10})");
    if (op == Op::SupportPayouts)
        return parse(R"({"state":"requested"})");
    if (op == Op::SupportPayoutPaid)
        return parse(R"({"payoutId":3,"reference":"SEPA-1","reason":"sent"})");
    if (op == Op::SupportPayoutRejected)
        return parse(R"({"payoutId":3,"reason":"no proof"})");
    if (op == Op::ProviderRentals)
        return parse(R"({"before":0,"limit":50})");
    if (op == Op::ProviderStats)
        return parse(R"({"days":30})");
    if (op == Op::SupportSearch)
        return parse(R"({"query":"a@b","offset":0,"limit":50})");
    if (op == Op::SupportLedger)
        return parse(R"({"accountId":3,"kind":"topup","offset":0,"limit":50})");
    if (op == Op::SupportHistory)
        return parse(R"({"accountId":3,"kind":"orders","offset":0,"limit":50})");
    if (op == Op::SupportNote)
        return parse(R"({"accountId":3,"text":"called"})");
    if (op == Op::SupportAudit)
        return parse(R"({"agentId":2,"accountId":3,"from":0,"to":5,"offset":0,"limit":50})");
    if (op == Op::SupportApproveAdjustment || op == Op::SupportDeclineAdjustment)
        return parse(R"({"adjustmentId":1,"reason":"checked"})");
    if (op == Op::SupportCreditPayment)
        return parse(R"({"paymentId":4,"reason":"paid 3 minutes late"})");
    if (op == Op::SupportRefundPayment)
        return parse(R"({"paymentId":4,"reference":"RF-77","reason":"customer asked"})");
    return {};
}

} // namespace

class TestRequestCodec : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void requestsRoundTrip();
    void requestRefusals_data();
    void requestRefusals();
    void placementsAndClusters();
    void placementRefusals_data();
    void placementRefusals();
    void repliesRoundTrip();
    void windowsRoundTrip();
    void supportRoundTrip();
    void accountChannelRoundTrip();
    void recordsUnderTheirKeys();
    void malformedRepliesAreRefused();
    void unknownFieldsAreRefused_data();
    void unknownFieldsAreRefused();
    void hostileTextIsRefused_data();
    void hostileTextIsRefused();
    void textIsNormalised();
};

void TestRequestCodec::requestsRoundTrip()
{
    const BidRequest bid {u"h100-sxm"_s,     OrderKind::Limit, 4, 12, 310,
                          1'796'000'000'000, u"desk-7f3a-1"_s};
    const Result<BidRequest> bidBack = Wire::bidRequestFromJson(Wire::toJson(bid));
    QVERIFY2(bidBack, qPrintable(bidBack ? QString() : bidBack.error().message));
    QCOMPARE(bidBack->gpu, bid.gpu);
    QCOMPARE(bidBack->kind, bid.kind);
    QCOMPARE(bidBack->quantity, bid.quantity);
    QCOMPARE(bidBack->hours, bid.hours);
    QCOMPARE(bidBack->limitCents, bid.limitCents);
    QCOMPARE(bidBack->expiresMs, bid.expiresMs);
    QCOMPARE(bidBack->clientOrderId, bid.clientOrderId);

    const ListingRequest add {u"l4"_s, 8, u"eu-west"_s, u"ssh l4@198.51.100.1"_s, 59};
    const Result<ListingRequest> addBack = Wire::listingRequestFromJson(Wire::toJson(add));
    QVERIFY(addBack);
    QCOMPARE(addBack->gpu, add.gpu);
    QCOMPARE(addBack->gpuCount, add.gpuCount);
    QCOMPARE(addBack->region, add.region);
    QCOMPARE(addBack->endpoint, add.endpoint);
    QCOMPARE(addBack->askCents, add.askCents);

    const Result<Reprice> reprice = Wire::repriceFromJson(Wire::toJson(Reprice {9, 301}));
    QVERIFY(reprice);
    QCOMPARE(reprice->listingId, 9);
    QCOMPARE(reprice->askCents, 301);

    const Result<TopUpRequest> topUp =
        Wire::topUpRequestFromJson(Wire::toJson(TopUpRequest {Currency::GBP, 3'333}));
    QVERIFY(topUp);
    QCOMPARE(topUp->currency, Currency::GBP);
    QCOMPARE(topUp->amountMinor, 3'333);

    const Result<LedgerQuery> page = Wire::ledgerQueryFromJson(Wire::toJson(LedgerQuery {41, 7}));
    QVERIFY(page);
    QCOMPARE(page->after, 41);
    QCOMPARE(page->limit, 7);
    const Result<LedgerQuery> defaults = Wire::ledgerQueryFromJson({});
    QVERIFY(defaults);
    QCOMPARE(defaults->after, 0);
    QCOMPARE(defaults->limit, LedgerQuery::DefaultLimit);

    const Result<AccountLookup> byId =
        Wire::accountLookupFromJson(Wire::toJson(AccountLookup {42, {}}));
    QVERIFY(byId);
    QCOMPARE(byId->accountId, 42);
    const Result<AccountLookup> byEmail =
        Wire::accountLookupFromJson(Wire::toJson(AccountLookup {0, u"x@y.io"_s}));
    QVERIFY(byEmail);
    QCOMPARE(byEmail->accountId, 0);
    QCOMPARE(byEmail->email, u"x@y.io"_s);

    const Result<Adjustment> adjust =
        Wire::adjustmentFromJson(Wire::toJson(Adjustment {3, -250, u"goodwill"_s}));
    QVERIFY(adjust);
    QCOMPARE(adjust->accountId, 3);
    QCOMPARE(adjust->amountCents, -250);
    QCOMPARE(adjust->reason, u"goodwill"_s);

    const Result<Credentials> login =
        Wire::credentialsFromJson(Wire::toJson(Credentials {u"a@b.io"_s, u"secret pw"_s}));
    QVERIFY(login);
    QCOMPARE(login->email, u"a@b.io"_s);
    QCOMPARE(login->password, u"secret pw"_s);

    const SignUpRequest signUp {u"ayu@b.io"_s, u"a long passphrase"_s, Role::Provider,
                                u"ID"_s,       u"Ayu Lestari"_s,       u"Nusa GPU"_s};
    const Result<SignUpRequest> signUpBack = Wire::signUpFromJson(Wire::toJson(signUp));
    QVERIFY(signUpBack);
    QCOMPARE(signUpBack->email, signUp.email);
    QCOMPARE(signUpBack->password, signUp.password);
    QCOMPARE(signUpBack->role, signUp.role);
    QCOMPARE(signUpBack->country, signUp.country);
    QCOMPARE(signUpBack->name, signUp.name);
    QCOMPARE(signUpBack->company, signUp.company);
    const Result<SignUpRequest> customer = Wire::signUpFromJson(Wire::toJson(
        SignUpRequest {u"c@b.io"_s, u"pw pw pw pw"_s, Role::Customer, u"DE"_s, u"C"_s, {}}));
    QVERIFY(customer);
    QVERIFY(customer->company.isEmpty());

    const Result<EmailVerification> verify = Wire::emailVerificationFromJson(
        Wire::toJson(EmailVerification {u"ayu@b.io"_s, u"a long passphrase"_s, u"012345"_s}));
    QVERIFY(verify);
    QCOMPARE(verify->code, u"012345"_s);
    QCOMPARE(verify->password, u"a long passphrase"_s);
    for (const QString &code :
         {u"12345"_s, u"1234567"_s, u"12 456"_s, u"\u0661\u0662\u0663\u0664\u0665\u0666"_s})
        QCOMPARE(Wire::emailVerificationFromJson(
                     Wire::toJson(EmailVerification {u"ayu@b.io"_s, u"pw"_s, code}))
                     .code(),
                 ErrorCode::InvalidArgument);
    const SignUpReceipt receipt {
        u"ayu@b.io"_s,
        Mail {u"ayu@b.io"_s, u"Your code"_s, u"Code: 012345\nThanks"_s, u"012345"_s}};
    const std::optional<SignUpReceipt> receiptBack =
        Wire::signUpReceiptFromJson(Wire::toJson(receipt));
    QVERIFY(receiptBack && receiptBack->sandboxMail);
    QCOMPARE(receiptBack->email, receipt.email);
    QCOMPARE(receiptBack->sandboxMail->text, receipt.sandboxMail->text);
    QCOMPARE(receiptBack->sandboxMail->code, u"012345"_s);
    QVERIFY(
        !Wire::signUpReceiptFromJson(Wire::toJson(SignUpReceipt {u"ayu@b.io"_s, {}}))->sandboxMail);

    const Result<PasswordChange> change =
        Wire::passwordChangeFromJson(Wire::toJson(PasswordChange {u"old pw"_s, u"new pw"_s}));
    QVERIFY(change);
    QCOMPARE(change->current, u"old pw"_s);
    QCOMPARE(change->replacement, u"new pw"_s);

    const Result<AccountAction> suspend = Wire::accountActionFromJson(
        Wire::toJson(AccountAction {5, u"fraud\nsee ticket 7"_s}), Op::SupportSuspend);
    QVERIFY(suspend);
    QCOMPARE(suspend->accountId, 5);
    QCOMPARE(suspend->reason, u"fraud\nsee ticket 7"_s);

    for (const bool approve : {true, false}) {
        const Result<ApplicationDecision> decision = Wire::applicationDecisionFromJson(
            Wire::toJson(ApplicationDecision {6, approve, u"checked"_s}));
        QVERIFY(decision);
        QCOMPARE(decision->accountId, 6);
        QCOMPARE(decision->approve, approve);
        QCOMPARE(decision->reason, u"checked"_s);
    }

    const Result<Hello> hello = Wire::helloFromJson(Wire::toJson(Hello {u"everx-desk/1"_s, 1}));
    QVERIFY(hello);
    QCOMPARE(hello->client, u"everx-desk/1"_s);
    QCOMPARE(hello->protocol, 1);

    QCOMPARE(*Wire::orderIdFromJson(Wire::orderRequest(118)), 118);
    QCOMPARE(*Wire::rentalIdFromJson(Wire::rentalRequest(61)), 61);
    QCOMPARE(*Wire::listingIdFromJson(Wire::listingRequest(9)), 9);
    QCOMPARE(*Wire::resumeTokenFromJson(Wire::resumeRequest(u"tok"_s)), u"tok"_s);
    QCOMPARE(*Wire::demoRoleFromJson(Wire::demoRequest(Role::Provider)), Role::Provider);
    QCOMPARE(*Wire::channelFromJson(Wire::channelRequest(Channel::book(u"l4"_s))),
             Channel::book(u"l4"_s));
}

void TestRequestCodec::requestRefusals_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<QString>("field");
    const auto place = [](const char *gpus, const char *price) {
        return QJsonDocument::fromJson(
                   QStringLiteral(
                       R"({"clientOrderId":"k","gpu":"h100-sxm","kind":"limit","gpus":%1,"hours":1,"price":%2})")
                       .arg(QLatin1StringView(gpus), QLatin1StringView(price))
                       .toUtf8())
            .object();
    };
    QTest::newRow("gpus as text") << QString(Op::OrderPlace) << place("\"2\"", "\"3.00\"")
                                  << u"gpus"_s;
    QTest::newRow("gpus fractional")
        << QString(Op::OrderPlace) << place("1.5", "\"3.00\"") << u"gpus"_s;
    QTest::newRow("gpus past the limit")
        << QString(Op::OrderPlace) << place("1025", "\"3.00\"") << u"gpus"_s;
    QTest::newRow("price as a number")
        << QString(Op::OrderPlace) << place("1", "3.00") << u"price"_s;
    QTest::newRow("price off the cent grid")
        << QString(Op::OrderPlace) << place("1", "\"3.001\"") << u"price"_s;
    QTest::newRow("unknown kind")
        << QString(Op::OrderPlace)
        << parse(
               R"({"clientOrderId":"k","gpu":"h100-sxm","kind":"market","gpus":1,"hours":1,"price":"3.00"})")
        << u"kind"_s;
    QTest::newRow("no client order id")
        << QString(Op::OrderPlace)
        << parse(R"({"gpu":"h100-sxm","kind":"limit","gpus":1,"hours":1,"price":"3.00"})")
        << u"clientOrderId"_s;
    QTest::newRow("listing gpus past a server")
        << QString(Op::ListingAdd)
        << parse(R"({"gpu":"l4","gpus":257,"region":"eu","endpoint":"ssh x","price":"1.00"})")
        << u"gpus"_s;
    QTest::newRow("cancel id zero")
        << QString(Op::OrderCancel) << parse(R"({"orderId":0})") << u"orderId"_s;
    QTest::newRow("stop id text") << QString(Op::RentalStop) << parse(R"({"rentalId":"7"})")
                                  << u"rentalId"_s;
    QTest::newRow("top-up in bitcoin")
        << QString(Op::WalletTopUp) << parse(R"({"currency":"BTC","amount":"1.00"})")
        << u"currency"_s;
    QTest::newRow("ledger limit") << QString(Op::WalletLedger) << parse(R"({"limit":100000})")
                                  << u"limit"_s;
    QTest::newRow("reason too long")
        << QString(Op::SupportAdjust)
        << QJsonObject {{u"accountId"_s, 3},
                        {u"amount"_s, u"1.00"_s},
                        {u"reason"_s, QString(MarketRules::MaxReasonLength + 1, u'x')}}
        << u"reason"_s;
    QTest::newRow("login wrong types")
        << QString(Op::AuthLogin) << parse(R"({"email":5,"password":true})") << u"email"_s;
    QTest::newRow("demo role") << QString(Op::AuthDemo) << parse(R"({"role":"admin"})")
                               << u"role"_s;
    QTest::newRow("channel not text")
        << QString(Op::Subscribe) << parse(R"({"channel":[]})") << u"channel"_s;
}

void TestRequestCodec::requestRefusals()
{
    QFETCH(QString, op);
    QFETCH(QJsonObject, args);
    QFETCH(QString, field);
    std::optional<Error> error;
    const auto check = [&error](const auto &result) {
        if (!result)
            error = result.error();
    };
    if (op == Op::OrderPlace)
        check(Wire::bidRequestFromJson(args));
    else if (op == Op::ListingAdd)
        check(Wire::listingRequestFromJson(args));
    else if (op == Op::OrderCancel)
        check(Wire::orderIdFromJson(args));
    else if (op == Op::RentalStop)
        check(Wire::rentalIdFromJson(args));
    else if (op == Op::WalletTopUp)
        check(Wire::topUpRequestFromJson(args));
    else if (op == Op::WalletLedger)
        check(Wire::ledgerQueryFromJson(args));
    else if (op == Op::SupportAdjust)
        check(Wire::adjustmentFromJson(args));
    else if (op == Op::AuthLogin)
        check(Wire::credentialsFromJson(args));
    else if (op == Op::AuthDemo)
        check(Wire::demoRoleFromJson(args));
    else if (op == Op::Subscribe)
        check(Wire::channelFromJson(args));
    QVERIFY(error);
    QCOMPARE(error->code, ErrorCode::InvalidArgument);
    QVERIFY2(error->message.contains(u": "_s + field + u": "_s), qPrintable(error->message));
}

void TestRequestCodec::repliesRoundTrip()
{
    const OrderPlaced placement {order(), {rental()}, true};
    const std::optional<OrderPlaced> p = Wire::orderPlacedFromJson(Wire::toJson(placement));
    QVERIFY(p);
    QCOMPARE(p->order.id, 118);
    QCOMPARE(p->order.heldCents, order().heldCents);
    QCOMPARE(p->rentals.size(), 1);
    QCOMPARE(p->rentals.at(0).endpoint, rental().endpoint);
    QVERIFY(p->duplicate);

    TopUp topUp;
    topUp.currency = Currency::EUR;
    topUp.amountMinor = 10'000;
    topUp.rateMicros = 1'084'200;
    topUp.creditedCents = 10'842;
    topUp.balance = {12'345, 678};
    const std::optional<TopUp> t = Wire::topUpFromJson(Wire::toJson(topUp));
    QVERIFY(t);
    QCOMPARE(t->currency, Currency::EUR);
    QCOMPARE(t->rateMicros, 1'084'200);
    QCOMPARE(t->creditedCents, 10'842);
    QCOMPARE(t->balance.available, 12'345);
    const std::optional<Quote> q = Wire::quoteFromJson(Wire::toJson(Quote(topUp)));
    QVERIFY(q);
    QCOMPARE(q->amountMinor, 10'000);

    const std::optional<SignIn> s =
        Wire::signInFromJson(Wire::toJson(SignIn {u"tok"_s, account(), 1900}));
    QVERIFY(s);
    QCOMPARE(s->token, u"tok"_s);
    QCOMPARE(s->account.email, account().email);
    QCOMPARE(s->taxBp, 1900);
    const std::optional<SignIn> resumed =
        Wire::resumeReplyFromJson(Wire::resumeReply(account(), 2000));
    QVERIFY(resumed);
    QCOMPARE(resumed->account.email, account().email);
    QCOMPARE(resumed->taxBp, 2000);
    // A rate beyond 100 % is no rate.
    QVERIFY(!Wire::resumeReplyFromJson(Wire::resumeReply(account(), 10'001)));

    const std::optional<AccountSummary> summary =
        Wire::accountSummaryFromJson(Wire::toJson(AccountSummary {account(), {100, 20, 0, 0}}));
    QVERIFY(summary);
    QCOMPARE(summary->balance.held, 20);

    AccountInspection inspection;
    inspection.account = account();
    inspection.orders = {order()};
    inspection.rentals = {rental()};
    inspection.listings = {listing()};
    inspection.audit = {AuditRecord {1, 2, 3, u"adjustment"_s, 4, u"1.00 USD: goodwill"_s}};
    const std::optional<AccountInspection> i = Wire::inspectionFromJson(Wire::toJson(inspection));
    QVERIFY(i);
    QCOMPARE(i->orders.size(), 1);
    QCOMPARE(i->listings.at(0).gpuCount, 8);
    QCOMPARE(i->audit.at(0).detail, u"1.00 USD: goodwill"_s);
    QCOMPARE(i->audit.at(0).targetId, 4);
    QVERIFY(!i->audit.at(0).hasFields());

    // An audit record's fields come and go as they were; hostile ones refuse the record.
    AuditRecord refund {5, 2, 3, u"payment_refunded"_s, 4, u"late payment ..."_s};
    refund.amount = 10'050;
    refund.currency = Currency::EUR;
    refund.reason = u"paid twice"_s;
    refund.paymentId = 8;
    refund.reference = u"RF-1"_s;
    const QJsonObject refundJson = Wire::toJson(refund);
    QVERIFY(!refundJson.contains(u"payoutId"_s));
    const std::optional<AuditRecord> refundBack = Wire::auditFromJson(refundJson);
    QVERIFY(refundBack);
    QCOMPARE(refundBack->amount, 10'050);
    QCOMPARE(refundBack->currency, Currency::EUR);
    QCOMPARE(refundBack->reason, u"paid twice"_s);
    QCOMPARE(refundBack->paymentId, 8);
    QCOMPARE(refundBack->reference, u"RF-1"_s);
    const std::pair<QString, QJsonValue> hostile[] = {
        {u"amount"_s, u"1.234"_s},
        {u"amount"_s, 5},
        {u"currency"_s, u"XYZ"_s},
        {u"paymentId"_s, 0},
        {u"payoutId"_s, -2},
        {u"adjustmentId"_s, 1.5},
        {u"requestedBy"_s, u"7"_s},
        {u"bidsCancelled"_s, -1},
        {u"reason"_s, QString(501, u'x')},
        {u"reference"_s, u"a\u202eb"_s},
    };
    for (const auto &[key, value] : hostile) {
        QJsonObject o = refundJson;
        o.insert(key, value);
        QVERIFY2(!Wire::auditFromJson(o), qPrintable(key));
    }

    const std::optional<ChainCheck> check = Wire::chainCheckFromJson(
        Wire::toJson(ChainCheck {120, false, 77, std::nullopt, u"entry 77 does not verify"_s}));
    QVERIFY(check);
    QCOMPARE(check->entries, 120);
    QVERIFY(!check->ok);
    QCOMPARE(check->badEntry, 77);
    QCOMPARE(check->badAccount, std::nullopt);
    QCOMPARE(check->problem, u"entry 77 does not verify"_s);
    const std::optional<ChainCheck> account = Wire::chainCheckFromJson(
        Wire::toJson(ChainCheck {120, false, 0, 12, u"account 12 holds 5 cents"_s}));
    QVERIFY(account);
    QCOMPARE(account->badAccount, std::optional<qint64>(12));
    const std::optional<ChainCheck> good =
        Wire::chainCheckFromJson(Wire::toJson(ChainCheck {120, true, 0, std::nullopt, {}}));
    QVERIFY(good && good->ok && !good->badAccount && good->problem.isEmpty());

    const ServerInfo info {u"everx-exchanged 0.1"_s, 1, QString(ServerMode::Sandbox), 5, 60,
                           {u"h100-sxm"_s, u"l4"_s}};
    const std::optional<ServerInfo> back = Wire::serverInfoFromJson(Wire::toJson(info));
    QVERIFY(back);
    QCOMPARE(back->mode, info.mode);
    QCOMPARE(back->clockRate, 60);
    QCOMPARE(back->gpus, info.gpus);
}

void TestRequestCodec::supportRoundTrip()
{
    // Requests, with their pages.
    const Result<AccountSearch> search = Wire::accountSearchFromJson(
        Wire::toJson(AccountSearch {u"alice"_s, {50, 25}, std::nullopt}));
    QVERIFY(search);
    QCOMPARE(search->query, u"alice"_s);
    QCOMPARE(search->page.offset, 50);
    QCOMPARE(search->page.limit, 25);
    const Result<AccountSearch> defaults = Wire::accountSearchFromJson({{u"query"_s, u"a"_s}});
    QVERIFY(defaults);
    QCOMPARE(defaults->page.limit, PageRequest::DefaultLimit);
    QVERIFY(!Wire::accountSearchFromJson({{u"query"_s, u"a"_s}, {u"offset"_s, -1}}));
    // By state: the query may then be blank (every pending application); a state the protocol
    // does not have, or neither a query nor a state, is refused.
    const Result<AccountSearch> waiting = Wire::accountSearchFromJson(
        Wire::toJson(AccountSearch {QString(), {0, 50}, AccountState::Pending}));
    QVERIFY(waiting);
    QCOMPARE(waiting->state, AccountState::Pending);
    QVERIFY(waiting->query.isEmpty());
    QVERIFY(!defaults->state);
    QCOMPARE(Wire::accountSearchFromJson({{u"state"_s, u"dormant"_s}}).code(),
             ErrorCode::InvalidArgument);
    QCOMPARE(Wire::accountSearchFromJson({{u"state"_s, 1}}).code(), ErrorCode::InvalidArgument);
    QCOMPARE(Wire::accountSearchFromJson({{u"query"_s, u"  "_s}}).code(),
             ErrorCode::InvalidArgument);
    QCOMPARE(Wire::accountSearchFromJson({}).code(), ErrorCode::InvalidArgument);
    const Result<HistoryQuery> history =
        Wire::historyQueryFromJson(Wire::toJson(HistoryQuery {7, HistoryKind::Rentals, {0, 10}}));
    QVERIFY(history);
    QCOMPARE(history->kind, HistoryKind::Rentals);
    QVERIFY(!Wire::historyQueryFromJson({{u"accountId"_s, 7}, {u"kind"_s, u"trades"_s}}));
    AuditQuery aq;
    aq.agentId = 3;
    aq.toMs = 1000;
    const Result<AuditQuery> audit = Wire::auditQueryFromJson(Wire::toJson(aq));
    QVERIFY(audit);
    QCOMPARE(audit->agentId, 3);
    QCOMPARE(audit->accountId, 0);
    QCOMPARE(audit->toMs, 1000);
    QCOMPARE(audit->beforeId, 0);
    aq.beforeId = 41;
    QCOMPARE(Wire::auditQueryFromJson(Wire::toJson(aq))->beforeId, 41);
    for (const QJsonValue &bad : {QJsonValue(0), QJsonValue(-1), QJsonValue(1.5),
                                  QJsonValue(u"41"_s), QJsonValue(QJsonValue::Null)})
        QCOMPARE(Wire::auditQueryFromJson({{u"beforeId"_s, bad}}).code(),
                 ErrorCode::InvalidArgument);
    const Result<AdjustmentDecision> decision = Wire::adjustmentDecisionFromJson(
        Wire::toJson(AdjustmentDecision {9, u"checked\nticket 4"_s}), Op::SupportDeclineAdjustment);
    QVERIFY(decision);
    QCOMPARE(decision->adjustmentId, 9);
    QCOMPARE(decision->reason, u"checked\nticket 4"_s);

    // Replies.
    PendingAdjustment p;
    p.id = 9;
    p.accountId = 7;
    p.amountCents = -60'000;
    p.reason = u"chargeback"_s;
    p.requestedBy = 2;
    p.requestedMs = 1000;
    const std::optional<AdjustmentOutcome> pending =
        Wire::adjustmentOutcomeFromJson(Wire::toJson(AdjustmentOutcome {{5, 0}, p}));
    QVERIFY(pending && pending->pending);
    QCOMPARE(pending->pending->amountCents, -60'000);
    QCOMPARE(pending->pending->state, AdjustmentState::Pending);
    const std::optional<AdjustmentOutcome> applied =
        Wire::adjustmentOutcomeFromJson(Wire::toJson(AdjustmentOutcome {{5, 0}, std::nullopt}));
    QVERIFY(applied && !applied->pending);
    QCOMPARE(applied->balance.available, 5);
    p.state = AdjustmentState::Approved;
    p.decidedBy = 3;
    p.decidedMs = 2000;
    p.decisionReason = u"ok"_s;
    const std::optional<PendingAdjustment> decided = Wire::unwrap<PendingAdjustment>(Wire::wrap(p));
    QVERIFY(decided);
    QCOMPARE(decided->decidedBy, 3);
    QCOMPARE(decided->decisionReason, u"ok"_s);
    QVERIFY(decided->accountEmail.isEmpty()); // left out: the ids stand alone
    // Who is concerned, for the second agent: the account's email and name, the requester's.
    p.accountEmail = u"ayse@example.com"_s;
    p.accountName = u"Ay\u015fe Y\u0131lmaz"_s;
    p.requesterName = u"Budi Santoso"_s;
    const std::optional<PendingAdjustment> named = Wire::unwrap<PendingAdjustment>(Wire::wrap(p));
    QVERIFY(named);
    QCOMPARE(named->accountEmail, p.accountEmail);
    QCOMPARE(named->accountName, p.accountName);
    QCOMPARE(named->requesterName, p.requesterName);
    // A hostile name is refused, not shown.
    QJsonObject hostile = Wire::toJson(p);
    hostile.insert(u"accountName"_s, u"Ay\u202ese"_s); // a bidi override
    QVERIFY(!Wire::pendingAdjustmentFromJson(hostile));

    AccountInspection inspection;
    inspection.account = account();
    inspection.sessions = {SessionInfo {1, 10, 20, 30, u"192.0.2.1"_s}};
    inspection.signInFailures = {SignInFailure {u"a@b.io"_s, 0, u"192.0.2.9"_s, 40}};
    inspection.notes = {SupportNote {1, 2, 3, 50, u"called\ntwice"_s}};
    inspection.adjustments = {p};
    const std::optional<AccountInspection> i = Wire::inspectionFromJson(Wire::toJson(inspection));
    QVERIFY(i);
    QCOMPARE(i->sessions.at(0).address, u"192.0.2.1"_s);
    QCOMPARE(i->sessions.at(0).lastSeenMs, 20);
    QCOMPARE(i->signInFailures.at(0).accountId, 0);
    QCOMPARE(i->notes.at(0).text, u"called\ntwice"_s);
    QCOMPARE(i->adjustments.at(0).state, AdjustmentState::Approved);

    LedgerPage ledger;
    ledger.total = 3;
    ledger.chain = ChainCheck {3, true, 0, std::nullopt, {}};
    const std::optional<LedgerPage> l = Wire::ledgerPageFromJson(Wire::toJson(ledger));
    QVERIFY(l);
    QCOMPARE(l->total, 3);
    QVERIFY(l->chain.ok);
    const std::optional<AccountSearchPage> page =
        Wire::accountSearchPageFromJson(Wire::toJson(AccountSearchPage {{account()}, 120}));
    QVERIFY(page);
    QCOMPARE(page->total, 120);
    QCOMPARE(page->accounts.size(), 1);
}

void TestRequestCodec::accountChannelRoundTrip()
{
    AccountSnapshot snapshot;
    snapshot.account = account();
    snapshot.balance = {500'000, 0};
    snapshot.rentals = {rental()};
    const std::optional<AccountSnapshot> s = Wire::accountSnapshotFromJson(Wire::toJson(snapshot));
    QVERIFY(s);
    QCOMPARE(s->balance.available, 500'000);
    QCOMPARE(s->rentals.at(0).region, rental().region);

    const QJsonObject event = Wire::accountEvent(AccountEvent::Order, Wire::wrap(order()));
    QCOMPARE(Wire::accountEventType(event), QString(AccountEvent::Order));
    QCOMPARE(Wire::unwrap<BidOrder>(event)->id, 118);

    Notification n;
    n.kind = NotificationKind::RentalStarted;
    n.text = u"2 x h100-sxm rented for 2 h"_s;
    n.rental = rental();
    const std::optional<Notification> back =
        Wire::notificationFromJson(Wire::accountEvent(AccountEvent::Notification, Wire::toJson(n)));
    QVERIFY(back);
    QCOMPARE(back->kind, n.kind);
    QCOMPARE(back->text, n.text);
    QVERIFY(back->rental && !back->trade && !back->balance);
}

void TestRequestCodec::recordsUnderTheirKeys()
{
    QCOMPARE(Wire::wrap(order()).keys(), QStringList {u"order"_s});
    QCOMPARE(Wire::wrapList(QList<BidOrder> {order()}).keys(), QStringList {u"orders"_s});
    QCOMPARE(Wire::wrap(LedgerEntry()).keys(), QStringList {u"entry"_s});
    QCOMPARE(Wire::wrapList(QList<TickerEntry>()).keys(), QStringList {u"gpus"_s});
    // Strict lists refuse a bad element; lenient ones skip it.
    QJsonObject mixed = Wire::wrapList(QList<BidOrder> {order(), order()});
    QJsonArray orders = mixed.value(u"orders"_s).toArray();
    orders.replace(0, QJsonObject {{u"id"_s, u"x"_s}});
    mixed.insert(u"orders"_s, orders);
    QString error;
    QVERIFY(!Wire::unwrapList<BidOrder>(mixed, &error));
    QVERIFY2(error.contains(u"orders: [0]"_s), qPrintable(error));
    QCOMPARE(Wire::unwrapEach<BidOrder>(mixed).size(), 1);
}

void TestRequestCodec::malformedRepliesAreRefused()
{
    QString error;
    QVERIFY(!Wire::orderPlacedFromJson(parse(R"({"order":{},"rentals":[],"duplicate":false})"),
                                       &error));
    QVERIFY2(error.startsWith(u"order.place: order: "_s), qPrintable(error));
    QVERIFY(!Wire::signInFromJson(parse(R"({"token":"","account":{}})"), &error));
    QVERIFY(!Wire::quoteFromJson(
        parse(R"({"currency":"XYZ","amount":"1.00","rate":1,"credited":"1.00"})"), &error));
    QVERIFY2(error.contains(u"currency"_s), qPrintable(error));
}

void TestRequestCodec::placementsAndClusters()
{
    BidRequest bid {u"h100-sxm"_s, OrderKind::BuyNow, 8, 2, 320, 0, u"desk-1"_s};
    bid.placement = Placement::Server;
    QCOMPARE(Wire::toJson(bid).value(u"placement"_s).toString(), u"server"_s);
    const Result<BidRequest> back = Wire::bidRequestFromJson(Wire::toJson(bid));
    QVERIFY(back);
    QCOMPARE(back->placement, Placement::Server);
    // Without the field an order takes its GPUs from anywhere, as orders always did.
    QJsonObject args = Wire::toJson(bid);
    args.remove(u"placement"_s);
    QCOMPARE(Wire::bidRequestFromJson(args)->placement, Placement::Any);

    const ListingCluster join {9, u"fra-1"_s, Fabric::InfiniBand, 400};
    const Result<ListingCluster> joined = Wire::listingClusterFromJson(Wire::toJson(join));
    QVERIFY(joined);
    QCOMPARE(joined->listingId, 9);
    QCOMPARE(joined->cluster, u"fra-1"_s);
    QCOMPARE(joined->fabric, Fabric::InfiniBand);
    QCOMPARE(joined->fabricGbps, 400);
    // Leaving: the name empty, and no fabric.
    const Result<ListingCluster> left =
        Wire::listingClusterFromJson(parse(R"({"listingId":9,"cluster":""})"));
    QVERIFY(left);
    QVERIFY(left->cluster.isEmpty());
    QCOMPARE(left->fabric, Fabric::None);

    const QuoteRequest quote {u"mi300x"_s, 16, 72, Placement::Cluster};
    const Result<QuoteRequest> quoted = Wire::quoteRequestFromJson(Wire::toJson(quote));
    QVERIFY(quoted);
    QCOMPARE(quoted->gpu, quote.gpu);
    QCOMPARE(quoted->quantity, 16);
    QCOMPARE(quoted->hours, 72);
    QCOMPARE(quoted->placement, Placement::Cluster);
}

void TestRequestCodec::placementRefusals_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::newRow("unknown placement")
        << QString(Op::OrderPlace)
        << QByteArray(R"({"clientOrderId":"k","gpu":"h100-sxm","kind":"limit","gpus":8,)"
                      R"("hours":2,"price":"3.00","placement":"rack"})")
        << u"placement"_s;
    QTest::newRow("placement a number")
        << QString(Op::MarketQuote)
        << QByteArray(R"({"gpu":"h100-sxm","gpus":8,"hours":2,"placement":1})") << u"placement"_s;
    QTest::newRow("windows of no days")
        << QString(Op::MarketWindows)
        << QByteArray(R"({"gpu":"h100-sxm","gpus":8,"hours":2,"days":0})") << u"days"_s;
    QTest::newRow("windows of 15 days")
        << QString(Op::MarketWindows)
        << QByteArray(R"({"gpu":"h100-sxm","gpus":8,"hours":2,"days":15})") << u"days"_s;
    QTest::newRow("windows from a text")
        << QString(Op::MarketWindows)
        << QByteArray(R"({"gpu":"h100-sxm","gpus":8,"hours":2,"from":"monday"})") << u"from"_s;
    QTest::newRow("windows from before the epoch")
        << QString(Op::MarketWindows)
        << QByteArray(R"({"gpu":"h100-sxm","gpus":8,"hours":2,"from":-3600000})") << u"from"_s;
    QTest::newRow("quote of no GPUs")
        << QString(Op::MarketQuote)
        << QByteArray(R"({"gpu":"h100-sxm","gpus":0,"hours":2,"placement":"any"})") << u"gpus"_s;
    QTest::newRow("cluster without a fabric")
        << QString(Op::ListingCluster)
        << QByteArray(R"({"listingId":9,"cluster":"fra-1","gbps":400})") << u"fabric"_s;
    QTest::newRow("cluster on no fabric")
        << QString(Op::ListingCluster)
        << QByteArray(R"({"listingId":9,"cluster":"fra-1","fabric":"none","gbps":400})")
        << u"fabric"_s;
    QTest::newRow("fabric without a cluster")
        << QString(Op::ListingCluster)
        << QByteArray(R"({"listingId":9,"cluster":"","fabric":"roce","gbps":100})") << u"fabric"_s;
    QTest::newRow("speed beyond any fabric")
        << QString(Op::ListingCluster)
        << QByteArray(R"({"listingId":9,"cluster":"fra-1","fabric":"roce","gbps":3201})")
        << u"gbps"_s;
    QTest::newRow("cluster name missing")
        << QString(Op::ListingCluster) << QByteArray(R"({"listingId":9})") << u"cluster"_s;
}

void TestRequestCodec::placementRefusals()
{
    QFETCH(QString, op);
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    const std::optional<Error> error = decodeRequest(op, parse(json.constData()));
    QVERIFY(error);
    QCOMPARE(error->code, ErrorCode::InvalidArgument);
    QVERIFY2(error->message.contains(u": "_s + field + u": "_s), qPrintable(error->message));
}

void TestRequestCodec::windowsRoundTrip()
{
    const qint64 monday = 1'796'601'600'000;
    const qint64 hour = MarketRules::HourMs;
    WindowsRequest request {u"h100-sxm"_s, 8, 60, Placement::Server, monday, 7};
    const Result<WindowsRequest> back = Wire::windowsRequestFromJson(Wire::toJson(request));
    QVERIFY(back);
    QCOMPARE(back->fromMs, monday);
    QCOMPARE(back->days, 7);
    QCOMPARE(back->placement, Placement::Server);
    // Without a start or days: both left out, and read back as "the next hour" and "all".
    request.fromMs = 0;
    request.days = 0;
    QVERIFY(!Wire::toJson(request).contains(u"from"_s));
    QVERIFY(!Wire::toJson(request).contains(u"days"_s));
    QCOMPARE(Wire::windowsRequestFromJson(Wire::toJson(request))->fromMs, 0);

    WindowsQuote q {u"h100-sxm"_s, 8, 60, Placement::Server, 1900, {}};
    q.windows = {{monday, 2, 48'000, 9'120, 57'120}, {monday + hour, 0, 0, 0, 0}};
    const QJsonObject json = Wire::toJson(q);
    // A start with no placement has no price on the wire.
    QVERIFY(!json.value(u"windows"_s).toArray().at(1).toObject().contains(u"total"_s));
    QString error;
    const std::optional<WindowsQuote> read = Wire::windowsQuoteFromJson(json, &error);
    QVERIFY2(read, qPrintable(error));
    QCOMPARE(*read, q);

    const auto refused = [&](const WindowsQuote &bad) {
        QString why;
        return !Wire::windowsQuoteFromJson(Wire::toJson(bad), &why) && !why.isEmpty();
    };
    WindowsQuote bad = q;
    bad.windows[0].totalCents += 1; // not subtotal + tax
    QVERIFY(refused(bad));
    bad = q;
    bad.windows[0].startMs += 1; // not on the hour
    bad.windows[1].startMs += 1;
    QVERIFY(refused(bad));
    bad = q;
    bad.windows[1].startMs += hour; // a gap
    QVERIFY(refused(bad));
    bad = q;
    std::swap(bad.windows[0], bad.windows[1]); // out of order
    QVERIFY(refused(bad));
    bad = q;
    bad.windows.clear();
    for (qint64 i = 0; i <= MarketRules::WindowDays * 24; ++i)
        bad.windows.append({monday + i * hour, 0, 0, 0, 0});
    QVERIFY(refused(bad));
    bad.windows.removeLast();
    QVERIFY(!refused(bad)); // 336 is the most
}

void TestRequestCodec::unknownFieldsAreRefused_data()
{
    QTest::addColumn<QString>("op");
    for (const QLatin1StringView op : Op::All)
        QTest::newRow(op.data()) << QString(op);
}

void TestRequestCodec::unknownFieldsAreRefused()
{
    QFETCH(QString, op);
    QJsonObject args = validArguments(op);
    const std::optional<Error> valid = decodeRequest(op, args);
    QVERIFY2(!valid, qPrintable(valid ? valid->message : QString()));
    args.insert(u"isAdmin"_s, true);
    const std::optional<Error> error = decodeRequest(op, args);
    QVERIFY(error);
    QCOMPARE(error->code, ErrorCode::InvalidArgument);
    QVERIFY2(error->message.contains(u"isAdmin: unknown field"_s), qPrintable(error->message));
}

void TestRequestCodec::hostileTextIsRefused_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("accepted");
    // Every text field of every request, with a value that is fine there.
    const QList<std::tuple<QLatin1StringView, QString, QString>> fields {
        {Op::Hello, u"client"_s, u"desk"_s},
        {Op::AuthLogin, u"email"_s, u"a@b.io"_s},
        {Op::AuthResume, u"token"_s, u"abc"_s},
        {Op::OrderPlace, u"clientOrderId"_s, u"k"_s},
        {Op::OrderPlace, u"gpu"_s, u"h100-sxm"_s},
        {Op::ListingAdd, u"gpu"_s, u"l4"_s},
        {Op::ListingAdd, u"region"_s, u"eu"_s},
        {Op::ListingAdd, u"endpoint"_s, u"ssh gpu@203.0.113.7"_s},
        {Op::SupportAccount, u"email"_s, u"a@b.io"_s},
        {Op::SupportAdjust, u"reason"_s, u"refund"_s},
        {Op::Subscribe, u"channel"_s, u"ticker"_s},
        {Op::AuthSignup, u"email"_s, u"a@b.io"_s},
        {Op::AuthSignup, u"name"_s, u"Ayu"_s},
        {Op::AuthSignup, u"company"_s, u"Nusa"_s},
        {Op::AuthSignup, u"country"_s, u"ID"_s},
        {Op::AuthVerify, u"email"_s, u"a@b.io"_s},
        {Op::SupportSuspend, u"reason"_s, u"fraud"_s},
        {Op::SupportApplication, u"reason"_s, u"checked"_s},
        {Op::SupportPayoutPaid, u"reference"_s, u"SEPA-1"_s},
        {Op::SupportPayoutPaid, u"reason"_s, u"sent"_s},
        {Op::SupportPayoutRejected, u"reason"_s, u"no proof"_s},
        {Op::SupportSearch, u"query"_s, u"a@b"_s},
        {Op::SupportApproveAdjustment, u"reason"_s, u"checked"_s},
        {Op::SupportCreditPayment, u"reason"_s, u"late"_s},
        {Op::SupportRefundPayment, u"reference"_s, u"RF-77"_s},
        {Op::SupportRefundPayment, u"reason"_s, u"asked"_s},
    };
    const QList<std::pair<const char *, QString>> hostile {
        {"NUL", QString(QChar(0))},  {"ESC", u"\x1b[2J"_s},       {"DEL", u"\x7f"_s},
        {"C1 CSI", u"\u009b"_s},     {"RLO U+202E", u"\u202e"_s}, {"LRE U+202A", u"\u202a"_s},
        {"FSI U+2068", u"\u2068"_s}, {"PDI U+2069", u"\u2069"_s}, {"CR", u"\r"_s},
        {"LSEP", u"\u2028"_s},
    };
    for (const auto &[op, field, fine] : fields) {
        for (const auto &[name, bad] : hostile)
            QTest::addRow("%s %s %s", op.data(), qPrintable(field), name)
                << QString(op) << field << (fine + bad) << false;
        // A line feed: refused where one line is expected, allowed in a reason.
        QTest::addRow("%s %s line feed", op.data(), qPrintable(field))
            << QString(op) << field << (fine + u"\nmore"_s) << (field == u"reason");
    }
}

void TestRequestCodec::hostileTextIsRefused()
{
    QFETCH(QString, op);
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QJsonObject args = validArguments(op);
    args.insert(field, value);
    const std::optional<Error> error = decodeRequest(op, args);
    if (accepted) {
        QVERIFY2(!error, qPrintable(error ? error->message : QString()));
        return;
    }
    QVERIFY(error);
    QCOMPARE(error->code, ErrorCode::InvalidArgument);
    QVERIFY2(error->message.contains(u": "_s + field + u": "_s), qPrintable(error->message));
}

void TestRequestCodec::textIsNormalised()
{
    QJsonObject args = validArguments(QString(Op::ListingAdd));
    args.insert(u"region"_s, u"Zu\u0308rich"_s);
    const Result<ListingRequest> listing = Wire::listingRequestFromJson(args);
    QVERIFY(listing);
    QCOMPARE(listing->region, u"Z\u00fcrich"_s);
    // A password is taken as given: its hash was made of those very characters.
    const Result<Credentials> login = Wire::credentialsFromJson(
        {{u"email"_s, u"a@b.io"_s}, {u"password"_s, u"pa\u0308ss\tword"_s}});
    QVERIFY(login);
    QCOMPARE(login->password, u"pa\u0308ss\tword"_s);
}

QTEST_GUILESS_MAIN(TestRequestCodec)
#include "tst_requestcodec.moc"
