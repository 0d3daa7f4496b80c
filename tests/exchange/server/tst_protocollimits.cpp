// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Every limit of docs/protocol.md "Limits" is the figure the code enforces. The table below names
// each row of the document's table (by its first cell) with the figures its limit states, taken
// from the constants and defaults the enforcing code reads (MarketRules, Protocol, the service's
// and the server's Options{}): a figure changed in the code and not in the document, or the
// other way round, fails, and so does a row on one side only. Where a limit is cheap to reach
// here (passwords, emails, names, codes, text fields, pages, the IPv6 /64), the row also drives
// the code at the figure and one past it; the others are reached by the suites named beside them.

#include "engine/exchangeengine.h"
#include "market/passwordrules.h"
#include "market/textrules.h"
#include "server/exchangeserver.h"
#include "server/exchangeservice.h"

#include "wire/protocol.h"
#include "wire/vocabulary.h"
#include "wire/websockettransport.h"
#include "wire/wirecodec.h"

#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QRegularExpression>
#include <QtTest/QTest>

#include <functional>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

using MarketRules::DayMs;
using MarketRules::HourMs;
constexpr qint64 MinuteMs = 60'000;

struct Limit
{
    const char *what; // the row's first cell, as the document spells it
    QList<double> figures; // every figure of its limit cell, in the document's units
    std::function<void()> enforced; // drives the code at the figure; empty: other suites do
};

// The service's and the server's defaults, as everx-exchanged starts from them.
const ExchangeService::Options Service;
const ExchangeServer::Options Server;

QJsonObject signUp(const QString &email, const QString &password, const QString &name)
{
    return Wire::toJson(SignUpRequest {email, password, Role::Customer, u"DE"_s, name, QString()});
}

// An address of a local part of `local` characters and `total` in all: a domain of labels of 63
// characters and a last one, "xx".
QString emailOf(int local, int total)
{
    int left = total - local - 1;
    QString domain;
    while (left > 63 + 1 + 2) {
        domain += QString(63, u'd') + u'.';
        left -= 64;
    }
    domain += QString(left - 3, u'd') + u".xx"_s;
    return QString(local, u'a') + u'@' + domain;
}

const QList<Limit> &limits()
{
    static const QList<Limit> table = {
        {"frame size, client to server", {double(Protocol::MaxFrameBytes)}, {}}, // tst_serverinput
        {"frame size, server to client",
         {double(Protocol::MaxServerFrameBytes) / (1024 * 1024)},
         {}},
        {"request rate",
         {double(Service.requestsPerSecond), double(Protocol::RequestBurst),
          double(Protocol::SnapshotBytesPerRequest)},
         [] {
             QCOMPARE(Protocol::RequestBurst, 2 * Service.requestsPerSecond);
         }},
        {"subscriptions", {double(Protocol::MaxSubscriptions)}, {}}, // tst_exchangeservice
        // tst_serverguards and tst_exchangedguards drive these.
        {"bytes waiting to be sent, per connection",
         {double(MarketRules::MaxQueuedBytes) / (1024 * 1024)},
         {}},
        {"a subscription while bytes wait",
         {double(Protocol::MaxQueuedBytesForSnapshot) / 1024},
         {}},
        {"watchers without a sign-in",
         {double(MarketRules::maxAnonymousConnections(MarketRules::MaxConnections)),
          double(MarketRules::AnonymousConnectionsPercent)},
         {}},
        {"wrong current passwords, per session (`account.password`)",
         {double(MarketRules::PasswordChangeFailuresPerSession)},
         {}},
        {"admin listener requests",
         {double(MarketRules::AdminMaxHeadBytes) / 1024, MarketRules::AdminHeadTimeoutMs / 1000.0,
          double(MarketRules::AdminMaxBodyBytes) / 1024, MarketRules::AdminBodyTimeoutMs / 1000.0},
         {}}, // tst_adminserver
        {"admin listener connections", {double(MarketRules::AdminMaxConnections)}, {}},
        {"a failed accept (out of file descriptors)", {double(MarketRules::AcceptRetryMs)}, {}},
        {"late payments in support's queue (`support.latePayments`)",
         {double(MarketRules::MaxPageSize)},
         {}}, // tst_latepayments
        // tst_requestcodec and tst_placements drive these.
        {"cluster name", {1, double(MarketRules::MaxClusterNameLength)}, {}},
        {"cluster fabric speed", {1, double(MarketRules::MaxFabricGbps)}, {}},
        {"failed sign-ins, per email",
         {double(Service.signInFreeFailures), Service.signInFirstDelayMs / 1000.0,
          2 * Service.signInFirstDelayMs / 1000.0, 4 * Service.signInFirstDelayMs / 1000.0,
          Service.signInMaxDelayMs / 1000.0},
         {}}, // tst_sessionintegration
        {"failed sign-ins, per address",
         {double(Service.signInFailuresPerAddress), double(Service.signInWindowMs / MinuteMs), 64},
         [] {
             // One /64: two addresses in it are one, the next /64 another.
             const auto key = [](const char *a) {
                 return WebSocketTransport::addressKey(QHostAddress(QString::fromLatin1(a)));
             };
             QCOMPARE(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff::9"));
             QVERIFY(key("2001:db8:1:2::1") != key("2001:db8:1:3::1"));
         }},
        {"sign-ins, per address", {double(Service.signInsPerAddressPerMinute)}, {}},
        {"sign-ins being verified",
         {double(Service.hashing.threads), double(Service.hashing.maxQueued)},
         {}},
        {"open orders", {double(Service.engine.maxOpenOrders)}, {}}, // tst_exchangeengine
        {"sign-ups",
         {double(Service.signInsPerAddressPerMinute), double(Service.hashing.threads),
          double(Service.hashing.maxQueued)},
         {}}, // tst_serveraccounts
        {"new passwords (`auth.signup`, `account.password`)",
         {double(MarketRules::MinNewPasswordLength), double(MarketRules::MaxPasswordLength),
          double(PasswordRules::MinMailboxNameInPassword)},
         [] {
             using P = PasswordRules::Problem;
             const qsizetype min = MarketRules::MinNewPasswordLength;
             const qsizetype max = MarketRules::MaxPasswordLength;
             const auto phrase = [](qsizetype n) {
                 QString s;
                 for (qsizetype i = 0; i < n; ++i)
                     s += QChar(char16_t(u'a' + (i * 7) % 26));
                 return s;
             };
             QCOMPARE(PasswordRules::check(phrase(min)), P::None);
             QCOMPARE(PasswordRules::check(phrase(min - 1)), P::TooShort);
             QCOMPARE(PasswordRules::check(phrase(max)), P::None);
             QCOMPARE(PasswordRules::check(phrase(max + 1)), P::TooLong);
             const QString mailbox(PasswordRules::MinMailboxNameInPassword, u'q');
             QCOMPARE(PasswordRules::check(mailbox + phrase(min), mailbox + u"@x.io"_s),
                      P::HoldsEmail);
             QCOMPARE(PasswordRules::check(mailbox.chopped(1) + phrase(min),
                                           mailbox.chopped(1) + u"@x.io"_s),
                      P::None);
         }},
        {"email",
         {double(MarketRules::MaxEmailLength), 64},
         [] {
             QVERIFY(!TextRules::canonicalEmail(emailOf(64, 80)).isEmpty());
             QVERIFY(TextRules::canonicalEmail(emailOf(65, 80)).isEmpty());
             const int max = int(MarketRules::MaxEmailLength);
             QCOMPARE(TextRules::canonicalEmail(emailOf(60, max)).size(), max);
             QVERIFY(TextRules::canonicalEmail(emailOf(60, max + 1)).isEmpty());
         }},
        {"display name, company",
         {1, double(MarketRules::MaxNameLength), double(TextRules::MaxCombiningMarks)},
         [] {
             const auto accepted = [](const QString &name) {
                 return Wire::signUpFromJson(signUp(u"a@x.io"_s, u"violet meadow 42"_s, name)).ok();
             };
             QVERIFY(accepted(QString(MarketRules::MaxNameLength, u'n')));
             QVERIFY(!accepted(QString(MarketRules::MaxNameLength + 1, u'n')));
             // The wire takes a blank name; the engine's rules refuse it.
             QVERIFY(!TextRules::nameProblem(QString()).isEmpty());
             QVERIFY(!TextRules::nameProblem(u"\u200b"_s).isEmpty());
             QString marks = u"e"_s;
             for (int i = 0; i < TextRules::MaxCombiningMarks; ++i)
                 marks += QChar(0x0301 + i);
             QVERIFY(TextRules::nameProblem(marks).isEmpty());
             QVERIFY(!TextRules::nameProblem(marks + QChar(0x0330)).isEmpty());
         }},
        {"confirmation code (`auth.verify`)",
         {double(MarketRules::VerificationCodeDigits),
          double(MarketRules::VerificationCodeLifeMs / HourMs),
          double(MarketRules::MaxVerificationFailures)},
         [] {
             const auto read = [](const QString &code) {
                 return Wire::emailVerificationFromJson(
                            Wire::toJson(EmailVerification {u"a@x.io"_s, u"pw"_s, code}))
                     .ok();
             };
             const int digits = MarketRules::VerificationCodeDigits;
             QVERIFY(read(QString(digits, u'7')));
             QVERIFY(!read(QString(digits - 1, u'7')));
             QVERIFY(!read(QString(digits + 1, u'7')));
         }},
        {"mails about one address",
         {MarketRules::MailIntervalMs / 1000.0, MarketRules::MailIntervalMs / 1000.0},
         {}}, // tst_serveraccounts
        {"reasons (`support.*`)", {1, double(MarketRules::MaxReasonLength)}, {}},
        {"connections per address", {double(Server.maxConnectionsPerAddress), 64}, {}},
        {"connections in total", {double(Server.maxConnections)}, {}},
        {"sign-in grace", {Service.signInGraceMs / 1000.0}, {}},
        {"keepalive", {Service.keepaliveIntervalMs / 1000.0}, {}},
        {"session idle", {double(Service.tokenIdleMs / HourMs)}, {}},
        {"request timeout (client)", {Protocol::RequestTimeoutMs / 1000.0}, {}},
        {"WebSocket handshake", {Server.handshakeTimeoutMs / 1000.0}, {}},
        {"ledger verifications (`support.verify`)", {}, {}}, // tst_supportservice
        {"support pages (`support.search`, `.ledger`, `.history`, `.audit`)",
         {1, double(MarketRules::MaxPageLimit), double(PageRequest::DefaultLimit), 0, 1},
         [] {
             const auto page = [](int limit) {
                 return Wire::auditQueryFromJson({{u"limit"_s, limit}}).ok();
             };
             QVERIFY(page(1));
             QVERIFY(page(MarketRules::MaxPageLimit));
             QVERIFY(!page(0));
             QVERIFY(!page(MarketRules::MaxPageLimit + 1));
             const auto before = [](qint64 id) {
                 return Wire::auditQueryFromJson({{u"beforeId"_s, id}}).ok();
             };
             QVERIFY(before(1));
             QVERIFY(!before(0));
         }},
        // Whether it is on the hour and within the days: tst_reservations.
        {"a window's `start` (`order.place`)",
         {MarketRules::WindowDays},
         [] {
             const auto start = [](const QJsonValue &v) {
                 return Wire::bidRequestFromJson({{u"clientOrderId"_s, u"x"_s},
                                                  {u"gpu"_s, u"h100-sxm"_s},
                                                  {u"kind"_s, u"limit"_s},
                                                  {u"gpus"_s, 8},
                                                  {u"hours"_s, 24},
                                                  {u"price"_s, u"3.00"_s},
                                                  {u"start"_s, v}});
             };
             QCOMPARE(start(u"now"_s)->startMs, qint64(0));
             QCOMPARE(start(qint64(1796119200000))->startMs, qint64(1796119200000));
             for (const QJsonValue &bad : {QJsonValue(u"later"_s), QJsonValue(0), QJsonValue(-1),
                                           QJsonValue(true), QJsonValue(1.5)}) {
                 const Result<BidRequest> r = start(bad);
                 QVERIFY(!r);
                 QCOMPARE(r.error().code, ErrorCode::InvalidArgument);
             }
         }},
        // Whether the first start is on the hour and within the days: tst_placementprotocol.
        {"`market.windows`",
         {MarketRules::WindowDays, 1, MarketRules::WindowDays, MarketRules::WindowDays},
         [] {
             const auto days = [](int n) {
                 return Wire::windowsRequestFromJson({{u"gpu"_s, u"h100-sxm"_s},
                                                      {u"gpus"_s, 8},
                                                      {u"hours"_s, 24},
                                                      {u"days"_s, n}})
                     .ok();
             };
             QVERIFY(days(1));
             QVERIFY(days(MarketRules::WindowDays));
             QVERIFY(!days(0));
             QVERIFY(!days(MarketRules::WindowDays + 1));
         }},
        {"search query",
         {1, double(MarketRules::MaxSearchLength)},
         [] {
             const auto search = [](const QString &query) {
                 return Wire::accountSearchFromJson({{u"query"_s, query}}).ok();
             };
             QVERIFY(search(QString(MarketRules::MaxSearchLength, u's')));
             QVERIFY(!search(QString(MarketRules::MaxSearchLength + 1, u's')));
         }},
        {"note",
         {1, double(MarketRules::MaxNoteLength)},
         [] { // an empty note: the engine refuses it (exchangeengine_support.cpp), not driven here
             const auto note = [](const QString &text) {
                 return Wire::noteRequestFromJson({{u"accountId"_s, 1}, {u"text"_s, text}}).ok();
             };
             QVERIFY(note(QString(MarketRules::MaxNoteLength, u'n')));
             QVERIFY(!note(QString(MarketRules::MaxNoteLength + 1, u'n')));
         }},
        {"reason (adjustment, approval, decline)", {1, double(MarketRules::MaxReasonLength)}, {}},
        {"dual control: one adjustment",
         {Service.engine.dualControlThresholdCents / 100.0},
         {}}, // tst_supportdesk
        {"dual control: an agent's day", {Service.engine.agentDailyLimitCents / 100.0}, {}},
        {"failed sign-ins kept for support",
         {double(MarketRules::SignInFailureRetentionMs / DayMs)},
         {}},
        {"book and ticker publications", {double(Service.marketDataIntervalMs), 0}, {}},
        {"group commit batch",
         {double(Service.maxBatchRequests), Service.maxBatchMicros / 1000.0,
          Service.maxSaturatedBatchMicros / 1000.0},
         {}},
        {"top-up amount", {0.01, MarketRules::MaxTopUpMinor / 100.0}, {}}, // tst_topups
        {"top-ups waiting for payment", {double(MarketRules::MaxPendingTopUps)}, {}},
        {"a pending top-up's life", {double(MarketRules::TopUpExpiryMs / MinuteMs)}, {}},
        {"payment webhook timestamp", {double(MarketRules::WebhookWindowS)}, {}},
        {"payment webhook body", {double(MarketRules::MaxWebhookBodyBytes)}, {}},
        {"payout amount",
         {MarketRules::MinPayoutCents / 100.0, MarketRules::MaxAdjustmentCents / 100.0},
         {}}, // tst_payouts
        {"payouts waiting to be settled", {double(MarketRules::MaxRequestedPayouts)}, {}},
        {"payout reference", {1, double(MarketRules::MaxPayoutReferenceLength)}, {}},
        {"pages of `payout.list`, `support.payouts`, `provider.rentals`",
         {1, double(MarketRules::MaxPageSize), double(MarketRules::DefaultPageSize)},
         {}},
    };
    return table;
}

// The document's rows: first cell -> its limit cell.
QHash<QString, QString> documentRows(QString *error)
{
    QFile file(QStringLiteral(EVERX_PROTOCOL_DOC));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = file.errorString();
        return {};
    }
    const QString text = QString::fromUtf8(file.readAll());
    const qsizetype start = text.indexOf(u"\n## Limits\n"_s);
    const qsizetype end = text.indexOf(u"\n## "_s, start + 1);
    QHash<QString, QString> rows;
    for (const QString &line : text.mid(start, end - start).split(u'\n')) {
        if (!line.startsWith(u"| "_s) || line.startsWith(u"| what |"_s))
            continue;
        const QStringList cells = line.mid(2, line.size() - 4).split(u" | "_s);
        if (cells.size() >= 2)
            rows.insert(cells.at(0), cells.at(1));
    }
    return rows;
}

// The figures of a limit cell: numbers not part of a word (IPv6's 6 is not one), thousands
// separators and a final comma aside.
QList<double> figuresOf(const QString &cell)
{
    static const QRegularExpression number(u"(?<![\\w.,/-])\\d(?:[\\d,]*\\d)?(?:\\.\\d+)?"_s);
    static const QRegularExpression prefix(u"(?<=/)\\d+"_s); // an IPv6 prefix: /64
    QList<double> out;
    for (const QRegularExpression *re : {&number, &prefix}) {
        auto it = re->globalMatch(cell);
        while (it.hasNext())
            out.append(it.next().captured().remove(u',').toDouble());
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestProtocolLimits : public QObject
{
    Q_OBJECT

private slots:
    void everyRowHasItsFigures();
    void enforced_data();
    void enforced();
};

void TestProtocolLimits::everyRowHasItsFigures()
{
    QString error;
    const QHash<QString, QString> rows = documentRows(&error);
    QVERIFY2(!rows.isEmpty(), qPrintable(u"docs/protocol.md has no Limits table: "_s + error));
    QSet<QString> known;
    for (const Limit &limit : limits()) {
        const QString what = QString::fromUtf8(limit.what);
        known.insert(what);
        QVERIFY2(rows.contains(what),
                 qPrintable(u"docs/protocol.md \"Limits\" has no row \""_s + what + u'"'));
        QList<double> expected = limit.figures;
        std::sort(expected.begin(), expected.end());
        const QList<double> stated = figuresOf(rows.value(what));
        const auto show = [](const QList<double> &figures) {
            QStringList out;
            for (const double f : figures)
                out.append(QString::number(f, 'g', 12));
            return out.join(u", "_s);
        };
        QVERIFY2(stated == expected,
                 qPrintable(u"\""_s + what + u"\": the document states "_s + show(stated)
                            + u", the code enforces "_s + show(expected)));
    }
    for (auto it = rows.cbegin(); it != rows.cend(); ++it)
        QVERIFY2(known.contains(it.key()),
                 qPrintable(u"docs/protocol.md \"Limits\" has a row this test does not check: \""_s
                            + it.key() + u'"'));
}

void TestProtocolLimits::enforced_data()
{
    QTest::addColumn<int>("index");
    for (qsizetype i = 0; i < limits().size(); ++i) {
        if (limits().at(i).enforced)
            QTest::newRow(limits().at(i).what) << int(i);
    }
}

void TestProtocolLimits::enforced()
{
    QFETCH(int, index);
    limits().at(index).enforced();
}

QTEST_GUILESS_MAIN(TestProtocolLimits)
#include "tst_protocollimits.moc"
