// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The wallet's models: the ledger loaded by pages and then incrementally (rows inserted at the
// top, never a reset while the account stays), the filter, the CSV export and the invoice
// arithmetic. A scripted exchange serves wallet.ledger over an in-process transport.

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "views/deskstate.h"
#include "views/invoice.h"
#include "views/ledgercsv.h"
#include "views/ledgerfiltermodel.h"
#include "views/ledgermodel.h"
#include "wire/clientsession.h"
#include "wire/inprocesstransport.h"
#include "wire/protocol.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QAbstractItemModelTester>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {

constexpr qint64 Customer = 3;
constexpr qint64 Provider = 4;

// Noon, local time, on a day of March 2026: filters work on local dates.
qint64 localNoon(int day)
{
    return QDateTime(QDate(2026, 3, day), QTime(12, 0)).toMSecsSinceEpoch();
}

LedgerEntry entry(qint64 id, const QString &kind, Cents amount, qint64 ref = 0,
                  const QString &memo = {}, Bucket bucket = Bucket::Available, int day = 1)
{
    LedgerEntry e;
    e.id = id;
    e.txId = id;
    e.timeMs = localNoon(day);
    e.accountId = Customer;
    e.bucket = bucket;
    e.amount = amount;
    e.kind = kind;
    e.refId = ref;
    e.memo = memo;
    e.hash = QByteArray(64, 'a');
    return e;
}

// The exchange's side: hello, demo sign-in (customer or provider), logout, subscriptions with
// snapshots, and wallet.ledger from per-account lists. Ledger requests are recorded and, while
// holdLedger is set, kept unanswered until release().
class LedgerServer final : public QObject
{
    Q_OBJECT

public:
    struct Request
    {
        qint64 id = 0;
        QJsonObject args;
    };

    Transport *connectClient()
    {
        auto [client, server] = InProcessTransport::createPair();
        server->setParent(this);
        m_end = server;
        connect(server, &Transport::textReceived, this, &LedgerServer::onText);
        return client;
    }

    // A balance push on the account channel, as the exchange sends after every posting.
    void pushBalance(Cents available)
    {
        m_end->sendText(
            Protocol::encodePush(u"account"_s, ++m_accountSeq, PushType::Delta,
                                 {{u"type"_s, u"balance"_s},
                                  {u"balance"_s, Wire::toJson(Balance {available, 0, 0, 0})}}));
    }

    void release()
    {
        const QList<Request> held = std::exchange(m_held, {});
        for (const Request &r : held)
            answerLedger(r);
    }

    QHash<qint64, QList<LedgerEntry>> ledgers; // account id -> entries, ascending ids
    QList<QJsonObject> ledgerRequests;
    bool holdLedger = false;
    qint64 account = 0;

private:
    void reply(qint64 id, const QJsonObject &result)
    {
        m_end->sendText(Protocol::encodeResult(id, result));
    }

    void onText(const QString &text)
    {
        const std::optional<Protocol::Frame> f = Protocol::decode(text);
        QVERIFY(f);
        if (f->op == u"hello") {
            reply(f->id,
                  {{u"server"_s, u"scripted"_s},
                   {u"protocol"_s, 1},
                   {u"mode"_s, u"sandbox"_s},
                   {u"time"_s, qint64(1'795'996'800'000)},
                   {u"gpus"_s, QJsonArray {}}});
        } else if (f->op == u"auth.demo") {
            const bool provider = f->args.value(u"role"_s).toString() == u"provider";
            account = provider ? Provider : Customer;
            Account a;
            a.id = account;
            a.email = provider ? u"provider@example.com"_s : u"customer@example.com"_s;
            a.role = provider ? Role::Provider : Role::Customer;
            a.country = u"DE"_s;
            reply(f->id,
                  {{u"token"_s, u"t"_s}, {u"account"_s, Wire::toJson(a)}, {u"taxBp"_s, 1900}});
        } else if (f->op == u"auth.logout" || f->op == u"unsubscribe") {
            reply(f->id, {});
        } else if (f->op == u"subscribe") {
            const QString channel = f->args.value(u"channel"_s).toString();
            reply(f->id, {{u"channel"_s, channel}});
            QJsonObject data;
            if (channel == u"account") {
                m_accountSeq = 10;
                data = {{u"balance"_s, Wire::toJson(Balance {100, 0, 0, 0})},
                        {u"orders"_s, QJsonArray {}},
                        {u"rentals"_s, QJsonArray {}},
                        {u"listings"_s, QJsonArray {}}};
            } else {
                data = {{u"gpus"_s, QJsonArray {}}};
            }
            m_end->sendText(Protocol::encodePush(channel, 10, PushType::Snapshot, data));
        } else if (f->op == u"wallet.ledger") {
            ledgerRequests.append(f->args);
            if (holdLedger)
                m_held.append({f->id, f->args});
            else
                answerLedger({f->id, f->args});
        }
    }

    void answerLedger(const Request &r)
    {
        const qint64 after = r.args.value(u"after"_s).toInteger();
        const qint64 limit = r.args.value(u"limit"_s).toInteger(200);
        QJsonArray out;
        for (const LedgerEntry &e : ledgers.value(account)) {
            if (e.id > after && out.size() < limit)
                out.append(Wire::toJson(e));
        }
        reply(r.id, {{u"entries"_s, out}});
    }

    QPointer<Transport> m_end;
    qint64 m_accountSeq = 10;
    QList<Request> m_held;
};

struct Fixture
{
    LedgerServer server;
    ClientSession session;
    DeskState desk {session, GpuCatalog::builtIn()};

    Fixture()
    {
        session.setTransportFactory([this] { return server.connectClient(); });
        session.setPingInterval(0);
    }
    bool signIn(Role role = Role::Customer)
    {
        if (session.state() == ClientSession::State::Disconnected) {
            session.connectToExchange();
            if (!QTest::qWaitFor(
                    [this] { return session.state() == ClientSession::State::Connected; }, 5000))
                return false;
        }
        session.loginDemo(role);
        return QTest::qWaitFor([this] { return session.state() == ClientSession::State::SignedIn; },
                               5000);
    }
};

QList<LedgerEntry> topUps(qint64 first, qint64 last)
{
    QList<LedgerEntry> out;
    for (qint64 id = first; id <= last; ++id)
        out.append(entry(id, u"topup"_s, 100 * id, Customer, u"USD %1 at 1000000"_s.arg(id)));
    return out;
}

} // namespace

class TestLedgerModel : public QObject
{
    Q_OBJECT

private slots:
    void pagingLoadsTheWholeLedgerNewestFirst();
    void newEntriesAreInsertedWithoutReset();
    void refreshesCoalesce();
    void anotherAccountStartsAfresh();
    void wordsForPeople();
    void filters();
    void csvQuotesAndExactMoney();
    void csvFailureLeavesNoFile();
    void invoiceArithmetic_data();
    void invoiceArithmetic();
    void invoiceFromTheLedger();
};

void TestLedgerModel::pagingLoadsTheWholeLedgerNewestFirst()
{
    Fixture f;
    f.server.ledgers[Customer] = topUps(1, 23);
    LedgerModel model(f.session, &f.desk);
    model.setPageSize(5);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(&model, &LedgerModel::loaded);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(f.signIn());
    QVERIFY(loaded.wait(5000));
    QCOMPARE(model.rowCount(), 23);
    // Pages of 5 after the last id seen: 0, 5, 10, 15, 20 (the short page ends it).
    QList<qint64> afters;
    for (const QJsonObject &args : std::as_const(f.server.ledgerRequests)) {
        afters << args.value(u"after"_s).toInteger();
        QCOMPARE(args.value(u"limit"_s).toInteger(), 5);
    }
    QCOMPARE(afters, (QList<qint64> {0, 5, 10, 15, 20}));
    for (int row = 0; row < 23; ++row)
        QCOMPARE(model.index(row, 0).data(LedgerModel::EntryIdRole).toLongLong(), 23 - row);
    QCOMPARE(model.rowOf(23), 0);
    QCOMPARE(model.rowOf(1), 22);
    QCOMPARE(model.index(0, LedgerModel::Amount).data(LedgerModel::RawValueRole).toLongLong(),
             2300);
    // The Balance column is money: the funds' balance after each entry (1 + ... + 23 dollars).
    QCOMPARE(model.index(0, LedgerModel::Balance).data(LedgerModel::RawValueRole).toLongLong(),
             27'600);
    QCOMPARE(model.index(0, LedgerModel::Balance).data().toString(),
             Money::format(27'600, model.locale()));
    QCOMPARE(model.index(22, LedgerModel::Balance).data().toString(),
             Money::format(100, model.locale()));
    QCOMPARE(model.index(0, LedgerModel::BucketColumn).data().toString(), u"Available"_s);
    QCOMPARE(model.balanceAfter(2), std::optional<Cents>(300));
    QCOMPARE(model.balanceAfter(99), std::nullopt);
    QCOMPARE(reset.size(), 0);
    QVERIFY(!model.isLoading());
}

void TestLedgerModel::newEntriesAreInsertedWithoutReset()
{
    Fixture f;
    f.server.ledgers[Customer] = topUps(1, 3);
    LedgerModel model(f.session, &f.desk);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(&model, &LedgerModel::loaded);
    QVERIFY(f.signIn());
    QTRY_COMPARE(model.rowCount(), 3);
    QTRY_VERIFY(!model.isLoading());
    const QPersistentModelIndex newest = model.index(0, LedgerModel::Memo);

    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    f.server.ledgers[Customer] += topUps(4, 5);
    const qsizetype requestsBefore = f.server.ledgerRequests.size();
    loaded.clear();
    f.server.pushBalance(1'000); // the desk's balance changes: the model asks for what is new
    QVERIFY(loaded.wait(5000));
    QCOMPARE(f.server.ledgerRequests.size(), requestsBefore + 1);
    QCOMPARE(f.server.ledgerRequests.last().value(u"after"_s).toInteger(), 3);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(changed.size(), 0);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted[0][1].toInt(), 0);
    QCOMPARE(inserted[0][2].toInt(), 1);
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.index(0, 0).data(LedgerModel::EntryIdRole).toLongLong(), 5);
    QCOMPARE(model.index(1, 0).data(LedgerModel::EntryIdRole).toLongLong(), 4);
    // The row that was on top moved down with its entry: selections and scroll stay put.
    QCOMPARE(newest.row(), 2);
    QCOMPARE(newest.data(LedgerModel::EntryIdRole).toLongLong(), 3);

    // Nothing new: a refresh inserts nothing.
    loaded.clear();
    model.refresh();
    QVERIFY(loaded.wait(5000));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.rowCount(), 5);
}

void TestLedgerModel::refreshesCoalesce()
{
    Fixture f;
    f.server.ledgers[Customer] = topUps(1, 2);
    LedgerModel model(f.session, &f.desk);
    QSignalSpy loaded(&model, &LedgerModel::loaded);
    QVERIFY(f.signIn());
    QVERIFY(loaded.wait(5000));
    f.server.holdLedger = true;
    const qsizetype before = f.server.ledgerRequests.size();
    f.server.ledgers[Customer] += topUps(3, 4);
    model.refresh();
    QTRY_COMPARE(f.server.ledgerRequests.size(), before + 1);
    QVERIFY(model.isLoading());
    // Three more balance changes while the first request is out: one request follows it, not
    // three.
    model.refresh();
    model.refresh();
    model.refresh();
    QTest::qWait(50);
    QCOMPARE(f.server.ledgerRequests.size(), before + 1);
    f.server.holdLedger = false;
    loaded.clear();
    f.server.release();
    QVERIFY(loaded.wait(5000));
    QCOMPARE(f.server.ledgerRequests.size(), before + 2);
    QCOMPARE(f.server.ledgerRequests.last().value(u"after"_s).toInteger(), 4);
    QCOMPARE(model.rowCount(), 4);
}

void TestLedgerModel::anotherAccountStartsAfresh()
{
    Fixture f;
    f.server.ledgers[Customer] = topUps(1, 4);
    LedgerEntry earning = entry(9, u"capture"_s, 540, 7, u"hour 1 of 2"_s);
    earning.accountId = Provider;
    f.server.ledgers[Provider] = {earning};
    LedgerModel model(f.session, &f.desk);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(f.signIn());
    QTRY_COMPARE(model.rowCount(), 4);
    QCOMPARE(model.accountId(), Customer);

    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    f.session.logout();
    QTRY_COMPARE(model.rowCount(), 0);
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.accountId(), 0);
    const qsizetype before = f.server.ledgerRequests.size();
    QVERIFY(f.signIn(Role::Provider));
    QTRY_COMPARE(model.rowCount(), 1);
    QCOMPARE(model.accountId(), Provider);
    QCOMPARE(model.entry(0).id, 9);
    // The provider's first page starts from the beginning. (A request of the customer's sent
    // before the sign-out may still reach the server after it: under the sanitizers it did.)
    const QList<QJsonObject> since = f.server.ledgerRequests.mid(before);
    QVERIFY(std::any_of(since.cbegin(), since.cend(), [](const QJsonObject &args) {
        return args.value(u"after"_s).toInteger() == 0;
    }));
}

void TestLedgerModel::wordsForPeople()
{
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    const LedgerEntry topUp = entry(1, u"topup"_s, 10'842, Customer, u"EUR 100.00 at 1084200"_s);
    QCOMPARE(LedgerModel::memoText(topUp, en), u"Paid \u20AC100.00 at 1 EUR = 1.0842 USD"_s);
    QCOMPARE(LedgerModel::referenceText(topUp), QString()); // an instant top-up: no payment
    // A payment's top-up: its reference is the payment's, the memo reads as before.
    const QString pay = u"pay_abcdefghijklmnopqrstuvwxyz"_s;
    const LedgerEntry paid = entry(1, u"topup"_s, 10'842, 3, u"EUR 100.00 at 1084200 "_s + pay);
    QCOMPARE(LedgerModel::memoText(paid, en), u"Paid €100.00 at 1 EUR = 1.0842 USD"_s);
    QCOMPARE(LedgerModel::referenceText(paid), pay);
    QCOMPARE(LedgerModel::paymentReference(paid), pay);
    // Hostile memos are shown as they came, never read as a reference.
    for (const QString &memo : {u"EUR 100.00 at 1084200 pay_x"_s,
                                u"EUR 100.00 at 1084200 pay_abcdefghijklmnopqrstuvwxyz\n"_s,
                                u"EUR 100.00 at 1084200 PAY_ABCDEFGHIJKLMNOPQRSTUVWXYZ"_s}) {
        const LedgerEntry odd = entry(1, u"topup"_s, 10'842, 3, memo);
        QCOMPARE(LedgerModel::referenceText(odd), QString());
        QCOMPARE(LedgerModel::memoText(odd, en), memo);
    }
    QCOMPARE(LedgerModel::paymentReference(entry(2, u"adjustment"_s, 5, 3, pay)), QString());
    const LedgerEntry capture = entry(2, u"capture"_s, -714, 7, u"hour 2 of 3"_s, Bucket::Held);
    QCOMPARE(LedgerModel::memoText(capture, en), u"Hour 2 of 3"_s);
    QCOMPARE(LedgerModel::referenceText(capture), u"Rental 7"_s);
    QCOMPARE(LedgerModel::rentalOf(capture), std::optional<qint64>(7));
    // An order's release refers to the order; a rental's early stop to the rental.
    const LedgerEntry orderRelease = entry(3, u"release"_s, 500, 12);
    QCOMPARE(LedgerModel::rentalOf(orderRelease), std::nullopt);
    QCOMPARE(LedgerModel::referenceText(orderRelease), u"Order 12"_s);
    const LedgerEntry stopped = entry(4, u"release"_s, 1428, 7, u"stopped early"_s);
    QCOMPARE(LedgerModel::rentalOf(stopped), std::optional<qint64>(7));
    QCOMPARE(LedgerModel::kindName(u"capture"), u"Hourly billing"_s);
    QCOMPARE(LedgerModel::rateText(1'084'200, en), u"1.0842"_s);
    QCOMPARE(LedgerModel::rateText(1'264'375, en), u"1.264375"_s);
    QCOMPARE(LedgerModel::rateText(1'000'000, QLocale(QLocale::Turkish)), u"1,0000"_s);
}

void TestLedgerModel::filters()
{
    Fixture f;
    f.server.ledgers[Customer] = {
        entry(1, u"topup"_s, 50'000, 9, u"USD 500.00 at 1000000 pay_qrstuvwxyz234567abcdefghij"_s,
              Bucket::Available, 1),
        entry(2, u"hold"_s, -2'142, 20, {}, Bucket::Available, 2),
        entry(3, u"hold"_s, 2'142, 20, {}, Bucket::Held, 2),
        entry(4, u"capture"_s, -714, 7, u"hour 1 of 3"_s, Bucket::Held, 2),
        entry(5, u"capture"_s, -714, 7, u"hour 2 of 3"_s, Bucket::Held, 3),
        entry(6, u"adjustment"_s, -2'500, 31, u"refund, \"goodwill\""_s, Bucket::Available, 5),
    };
    LedgerModel model(f.session, &f.desk);
    model.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    LedgerFilterModel filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester tester(&filter,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(f.signIn());
    QTRY_COMPARE(filter.rowCount(), 6);
    const auto ids = [&filter] {
        QList<qint64> out;
        for (const LedgerEntry &e : filter.entries())
            out << e.id;
        return out;
    };
    QCOMPARE(ids(), (QList<qint64> {6, 5, 4, 3, 2, 1}));

    filter.setKinds({u"capture"_s});
    QCOMPARE(ids(), (QList<qint64> {5, 4}));
    filter.setKinds({u"capture"_s, u"topup"_s});
    QCOMPARE(ids(), (QList<qint64> {5, 4, 1}));
    filter.setKinds({});

    filter.setDateRange(QDate(2026, 3, 2), QDate(2026, 3, 3)); // both ends included
    QCOMPARE(ids(), (QList<qint64> {5, 4, 3, 2}));
    filter.setDateRange(QDate(2026, 3, 3), QDate());
    QCOMPARE(ids(), (QList<qint64> {6, 5}));
    filter.setDateRange({}, QDate(2026, 3, 1));
    QCOMPARE(ids(), (QList<qint64> {1}));
    filter.setDateRange({}, {});

    filter.setSearchText(u"GOODWILL"_s); // the memo, in any case
    QCOMPARE(ids(), (QList<qint64> {6}));
    filter.setSearchText(u"rental 7"_s); // the reference as shown
    QCOMPARE(ids(), (QList<qint64> {5, 4}));
    filter.setSearchText(u"21.42"_s); // the amount, plain or as shown ("$21.42", "-$21.42")
    QCOMPARE(ids(), (QList<qint64> {3, 2}));
    filter.setSearchText(u"PAY_QRSTUV"_s); // a top-up's payment reference, as shown
    QCOMPARE(ids(), (QList<qint64> {1}));
    filter.setSearchText(u"hourly"_s); // the kind in words
    QCOMPARE(ids(), (QList<qint64> {5, 4}));
    filter.setKinds({u"hold"_s});
    filter.setSearchText({});
    filter.setDateRange(QDate(2026, 3, 2), QDate(2026, 3, 2));
    QCOMPARE(ids(), (QList<qint64> {3, 2}));

    // Sorting is on raw values: the amount column sorts as numbers, not as text.
    filter.setKinds({});
    filter.setDateRange({}, {});
    filter.sort(LedgerModel::Amount, Qt::AscendingOrder);
    QCOMPARE(ids(), (QList<qint64> {6, 2, 5, 4, 3, 1})); // equal amounts keep the source order
}

void TestLedgerModel::csvQuotesAndExactMoney()
{
    QList<LedgerEntry> entries {
        entry(6, u"adjustment"_s, -2'500, 31, u"refund, \"goodwill\"\r\nsecond line"_s),
        entry(5, u"capture"_s, -419, 7, u"hour 1 of 1"_s, Bucket::Held),
        entry(1, u"topup"_s, 10'842, 3, u"EUR 100.00 at 1084200 pay_abcdefghijklmnopqrstuvwxyz"_s),
    };
    entries[0].timeMs = QDateTime(QDate(2026, 3, 5), QTime(9, 30, 15), Qt::UTC).toMSecsSinceEpoch();
    entries[1].timeMs = QDateTime(QDate(2026, 3, 2), QTime(10, 0), Qt::UTC).toMSecsSinceEpoch();
    entries[2].timeMs =
        QDateTime(QDate(2026, 3, 1), QTime(23, 59, 59), Qt::UTC).toMSecsSinceEpoch();
    const QString hash = QString(64, u'a');
    // What the Wallet shows (kind, bucket, reference and memo in words; the memo's figures in the
    // locale), the raw ids in their own columns, amounts plain beside their currency.
    const QLocale locale(QLocale::English, QLocale::UnitedStates);
    const QByteArray expected =
        (u"Entry,Time (UTC),Kind,Amount,Currency,Balance,Funds,Reference,Memo,Reference id,"_s
         + u"Transaction,Hash\r\n"_s
         + u"6,2026-03-05T09:30:15Z,Adjustment,-25.00,USD,,Available,Adjustment 31,"_s
         + u"\"refund, \"\"goodwill\"\"\r\nsecond line\",31,6,"_s + hash + u"\r\n"_s
         + u"5,2026-03-02T10:00:00Z,Hourly billing,-4.19,USD,,Held,Rental 7,Hour 1 of 1,7,5,"_s
         + hash + u"\r\n"_s + u"1,2026-03-01T23:59:59Z,Top-up,108.42,USD,108.42,Available,"_s
         + u"pay_abcdefghijklmnopqrstuvwxyz,Paid \u20ac100.00 at 1 EUR = 1.0842 USD,3,1,"_s + hash
         + u"\r\n"_s)
            .toUtf8();
    // The balance after an entry where the caller knows it (the model holds the whole ledger).
    const auto balanceAfter = [](qint64 id) {
        return id == 1 ? std::optional<Cents>(10'842) : std::nullopt;
    };
    QCOMPARE(LedgerCsv::toCsv(entries, locale, balanceAfter), expected);
    QCOMPARE(LedgerCsv::field(u"plain"_s), u"plain"_s);
    // Free text that a spreadsheet would run as a formula is defused; plain text is not touched.
    QCOMPARE(LedgerCsv::textField(u"=HYPERLINK(\"http://x\")"_s),
             u"\"'=HYPERLINK(\"\"http://x\"\")\""_s);
    QCOMPARE(LedgerCsv::textField(u"@SUM(A1)"_s), u"'@SUM(A1)"_s);
    QCOMPARE(LedgerCsv::textField(u"-5 goodwill"_s), u"'-5 goodwill"_s);
    QCOMPARE(LedgerCsv::textField(u"goodwill, -5"_s), u"\"goodwill, -5\""_s);
    QCOMPARE(LedgerCsv::field(u"a\"b"_s), u"\"a\"\"b\""_s);
    QCOMPARE(LedgerCsv::field(u"a\nb"_s), u"\"a\nb\""_s);

    QTemporaryDir dir;
    const QString path = dir.filePath(u"ledger.csv"_s);
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("old contents");
    old.close();
    QCOMPARE(LedgerCsv::write(path, entries, locale, balanceAfter).has_value(), false);
    QFile back(path);
    QVERIFY(back.open(QIODevice::ReadOnly));
    QCOMPARE(back.readAll(), expected);
}

void TestLedgerModel::csvFailureLeavesNoFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"missing/ledger.csv"_s);
    const std::optional<LedgerCsv::Error> error =
        LedgerCsv::write(path, topUps(1, 2), QLocale::c());
    QVERIFY(error.has_value());
    QCOMPARE(error->code, LedgerCsv::Error::Code::CannotOpen);
    QVERIFY(error->message().contains(QDir::toNativeSeparators(path)));
    QVERIFY(!QFile::exists(path));
    QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());
}

void TestLedgerModel::invoiceArithmetic_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<qint64>("price");
    QTest::addColumn<int>("hours");
    QTest::addColumn<int>("taxBp");
    QTest::addColumn<qint64>("subtotal");
    QTest::addColumn<qint64>("tax");
    QTest::addColumn<qint64>("total");

    // Tax is rounded half to even per GPU-hour, then multiplied, as ExchangeEngine::captureHour
    // takes it: never on the total.
    QTest::newRow("1 GPU 4.19, 1 h, DE 19 %") << 1 << 419LL << 1 << 1900 << 419LL << 80LL << 499LL;
    QTest::newRow("2 GPUs 1.25, 3 h, 19 %") << 2 << 125LL << 3 << 1900 << 750LL << 144LL << 894LL;
    QTest::newRow("half to even: 0.5 cent rounds to 0")
        << 8 << 5LL << 10 << 1000 << 400LL << 0LL << 400LL;
    QTest::newRow("half to even: 1.5 cents round to 2")
        << 1 << 15LL << 1 << 1000 << 15LL << 2LL << 17LL;
    QTest::newRow("half to even: 2.5 cents round to 2")
        << 3 << 25LL << 4 << 1000 << 300LL << 24LL << 324LL;
    QTest::newRow("8.25 %") << 4 << 299LL << 5 << 825 << 5'980LL << 500LL << 6'480LL;
    QTest::newRow("no tax") << 8 << 310LL << 2 << 0 << 4'960LL << 0LL << 4'960LL;
    QTest::newRow("large") << 1024 << 99'999LL << 720 << 2000 << 73'727'262'720LL
                           << 14'745'600'000LL << 88'472'862'720LL;
}

void TestLedgerModel::invoiceArithmetic()
{
    QFETCH(int, gpus);
    QFETCH(qint64, price);
    QFETCH(int, hours);
    QFETCH(int, taxBp);
    QFETCH(qint64, subtotal);
    QFETCH(qint64, tax);
    QFETCH(qint64, total);
    const Invoice invoice = Invoice::compute(gpus, price, hours, taxBp);
    QCOMPARE(invoice.subtotal, subtotal);
    QCOMPARE(invoice.tax, tax);
    QCOMPARE(invoice.total, total);

    // The same figures from a ledger that billed the rental hour by hour as the engine does.
    Rental r;
    r.id = 7;
    r.gpu = u"h100-sxm"_s;
    r.gpus = gpus;
    r.priceCents = price;
    r.hours = hours;
    r.taxBp = taxBp;
    r.startedMs = localNoon(2);
    QList<LedgerEntry> ledger;
    for (int hour = 0; hour < std::min(hours, 50); ++hour) {
        const Cents perHour = Cents(gpus) * price + Cents(gpus) * Money::basisPoints(price, taxBp);
        LedgerEntry e = entry(10 + hour, u"capture"_s, -perHour, r.id,
                              u"hour %1 of %2"_s.arg(hour + 1).arg(hours), Bucket::Held);
        e.timeMs = r.startedMs + hour * MarketRules::HourMs;
        ledger.append(e);
    }
    const std::optional<Invoice> billed = Invoice::build(r.id, ledger, r);
    QVERIFY(billed);
    QCOMPARE(billed->hoursBilled, std::min(hours, 50));
    QVERIFY(billed->matchesLedger());
    QCOMPARE(billed->charged, billed->total);
    if (hours <= 50)
        QCOMPARE(billed->total, total);
}

void TestLedgerModel::invoiceFromTheLedger()
{
    // Rental 7: 2 GPUs at 3.00, 19 % tax (0.57 per GPU-hour), 5 hours booked; billed three
    // hours, then stopped early: two hours (14.28) released.
    Rental r;
    r.id = 7;
    r.gpu = u"h100-sxm"_s;
    r.gpus = 2;
    r.priceCents = 300;
    r.hours = 5;
    r.taxBp = 1900;
    r.startedMs = localNoon(2);
    QList<LedgerEntry> ledger {
        entry(1, u"hold"_s, 3'570, 20, {}, Bucket::Held), // order 20's hold: not the rental
        entry(2, u"capture"_s, -714, 7, u"hour 1 of 5"_s, Bucket::Held),
        entry(3, u"capture"_s, -714, 7, u"hour 2 of 5"_s, Bucket::Held),
        entry(4, u"capture"_s, -900, 8, u"hour 1 of 1"_s, Bucket::Held), // another rental
        entry(5, u"capture"_s, -714, 7, u"hour 3 of 5"_s, Bucket::Held),
        entry(6, u"release"_s, -1'428, 7, u"stopped early"_s, Bucket::Held),
        entry(7, u"release"_s, 1'428, 7, u"stopped early"_s, Bucket::Available),
        entry(8, u"release"_s, 7, 7, {}, Bucket::Available), // order 7's release
    };
    ledger[1].timeMs = r.startedMs; // hour 0 is billed when the rental starts
    ledger[2].timeMs = r.startedMs + MarketRules::HourMs;
    ledger[4].timeMs = r.startedMs + 2 * MarketRules::HourMs;

    const std::optional<Invoice> invoice = Invoice::build(7, ledger, r);
    QVERIFY(invoice);
    QVERIFY(invoice->termsKnown);
    QCOMPARE(invoice->hoursBilled, 3);
    QCOMPARE(invoice->hoursBooked, 5);
    QCOMPARE(invoice->subtotal, Cents(1'800));
    QCOMPARE(invoice->tax, Cents(342));
    QCOMPARE(invoice->total, Cents(2'142));
    QCOMPARE(invoice->charged, Cents(2'142));
    QCOMPARE(invoice->released, Cents(1'428));
    QVERIFY(invoice->matchesLedger());
    QCOMPARE(invoice->periodStartMs, r.startedMs);
    QCOMPARE(invoice->periodEndMs, r.startedMs + 3 * MarketRules::HourMs);

    const QLocale en(QLocale::English, QLocale::UnitedStates);
    const QString text = invoice->toPlainText(en);
    QVERIFY2(text.contains(u"Subtotal: $18.00"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Tax (19%): $3.42"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Total: $21.42"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Price per GPU-hour: $3.00"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Hours billed: 3 of 5 booked"_s), qPrintable(text));
    const QString html = invoice->toHtml(en);
    QVERIFY(html.contains(u"$21.42"_s));
    QVERIFY(html.startsWith(u"<!DOCTYPE html>"_s));

    // Without the rental's record: what the ledger charged, and the period it billed.
    const std::optional<Invoice> bare = Invoice::build(7, ledger);
    QVERIFY(bare);
    QVERIFY(!bare->termsKnown);
    QCOMPARE(bare->total, Cents(2'142));
    QCOMPARE(bare->hoursBilled, 3);
    QCOMPARE(bare->periodStartMs, r.startedMs);

    // A ledger that bills this account nothing for a rental (its provider's) gives no invoice.
    LedgerEntry earning = entry(9, u"capture"_s, 540, 11, u"hour 1 of 2"_s, Bucket::Available);
    QCOMPARE(Invoice::build(11, {earning}).has_value(), false);
    QCOMPARE(Invoice::percentText(825, en), u"8.25%"_s);
    QCOMPARE(Invoice::percentText(1900, en), u"19%"_s);
}

QTEST_GUILESS_MAIN(TestLedgerModel)
#include "tst_ledgermodel.moc"
