// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The support workspace on the embedded sandbox, driven by object names as agents would: the
// first agent finds the demo customer by part of its email and opens it (an audit record
// appears), adjusts above the dual-control threshold (it waits), may not approve it; the second
// demo agent approves it in their queue, and the balance moves once. An agent suspends a
// customer with an open bid (the bid is cancelled, its hold released, its sign-in refused) and
// reactivates it; approves a provider's application found by part of its company; marks the
// sandbox's requested payout paid with the transfer's reference.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"
#include "sandbox/sandbox.h"

#include "market/gpucatalog.h"
#include "support/adjustmentdialog.h"
#include "support/reasondialog.h"
#include "support/supportworkspace.h"
#include "views/deskstate.h"
#include "views/ledgermodel.h"
#include "views/supportcolumns.h"
#include "views/timetext.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"

#include "market/marketrules.h"
#include "market/money.h"

#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDateTimeEdit>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QTableView>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {

constexpr Cents Amount = 81'234; // above the default threshold of 500.00 USD

template<typename T>
T *child(QWidget *parent, const char *name)
{
    return parent->findChild<T *>(QString::fromLatin1(name));
}

// The row of a view whose column holds raw value `value` (-1: none).
int rowWith(QTableView *view, int column, const QVariant &value)
{
    QAbstractItemModel *m = view->model();
    for (int r = 0; r < m->rowCount(); ++r) {
        if (m->index(r, column).data(Qt::UserRole + 1) == value)
            return r;
    }
    return -1;
}

// Fills the open reason dialog of `owner` and presses OK.
bool answerReasonDialog(QWidget *owner, const QString &text)
{
    ReasonDialog *dialog = nullptr;
    for (int waited = 0; waited < 5000 && !dialog; waited += 20) {
        for (ReasonDialog *d : owner->findChildren<ReasonDialog *>()) {
            if (d->isVisible())
                dialog = d;
        }
        if (!dialog)
            QTest::qWait(20);
    }
    if (!dialog)
        return false;
    dialog->findChild<QPlainTextEdit *>(u"reasonEdit"_s)->setPlainText(text);
    QPushButton *ok =
        dialog->findChild<QDialogButtonBox *>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
    if (!ok->isEnabled())
        return false;
    ok->click();
    return true;
}

// The open reason dialog of `owner`, or nullptr after 5 s.
ReasonDialog *openReasonDialog(QWidget *owner)
{
    for (int waited = 0; waited < 5000; waited += 20) {
        for (ReasonDialog *d : owner->findChildren<ReasonDialog *>()) {
            if (d->isVisible())
                return d;
        }
        QTest::qWait(20);
    }
    return nullptr;
}

std::optional<AccountInspection> inspect(ExchangeClient client, QObject *context,
                                         const AccountLookup &lookup)
{
    std::optional<AccountInspection> out;
    bool answered = false;
    client.inspectAccount(lookup, context, [&](Result<AccountInspection> i) {
        answered = true;
        if (i)
            out = *i;
    });
    for (int waited = 0; waited < 5000 && !answered; waited += 20)
        QTest::qWait(20);
    return out;
}

// Signs a new session in with the sandbox's demo password: signed in, or the refusal's code.
struct SignInOutcome
{
    bool signedIn = false;
    ErrorCode refusal = ErrorCode::Internal;
};
SignInOutcome signInAs(ClientSession &session, test::SandboxFixture &f, const QString &email)
{
    session.setTransportFactory([&f]() -> Transport * { return f.exchange.connectClient(); });
    session.connectToExchange();
    QSignalSpy in(&session, &ClientSession::signedIn);
    QSignalSpy failed(&session, &ClientSession::signInFailed);
    for (int waited = 0; waited < 10'000 && session.state() != ClientSession::State::Connected;
         waited += 20)
        QTest::qWait(20);
    session.login(email, QString::fromLatin1(Sandbox::DemoPassword));
    for (int waited = 0; waited < 10'000 && in.isEmpty() && failed.isEmpty(); waited += 20)
        QTest::qWait(20);
    if (!failed.isEmpty())
        return {false, failed.first().at(0).value<ErrorCode>()};
    return {!in.isEmpty(), ErrorCode::Internal};
}

// Opens `accountId` in the workspace as an agent does: search by `query`, Return on the row.
bool openFromSearch(SupportWorkspace &w, const QString &query, qint64 accountId)
{
    child<QLineEdit>(&w, "searchEdit")->setText(query);
    child<QPushButton>(&w, "searchButton")->click();
    QTableView *results = child<QTableView>(&w, "resultsView");
    int row = -1;
    for (int waited = 0; waited < 5000 && (row = rowWith(results, 0, accountId)) < 0; waited += 20)
        QTest::qWait(20);
    if (row < 0)
        return false;
    results->setFocus();
    results->setCurrentIndex(results->model()->index(row, 0));
    QTest::keyClick(results, Qt::Key_Return);
    for (int waited = 0; waited < 5000 && w.inspectedAccount() != accountId; waited += 20)
        QTest::qWait(20);
    return w.inspectedAccount() == accountId;
}

// Signs the fixture's session in as the first demo support agent.
bool signInAgent(test::SandboxFixture &f)
{
    f.session.connectToExchange();
    for (int waited = 0; waited < 10'000 && f.session.state() != ClientSession::State::Connected;
         waited += 20)
        QTest::qWait(20);
    f.session.loginDemo(Role::Support);
    for (int waited = 0; waited < 5000 && f.session.state() != ClientSession::State::SignedIn;
         waited += 20)
        QTest::qWait(20);
    return f.session.state() == ClientSession::State::SignedIn;
}

// An agent's workspace on the fixture's session.
struct AgentDesk
{
    explicit AgentDesk(test::SandboxFixture &f)
        : desk(f.session, GpuCatalog::builtIn())
        , w(f.session, desk)
    { }
    DeskState desk;
    SupportWorkspace w;
};

Balance balanceOf(ExchangeClient client, QObject *context, qint64 accountId)
{
    std::optional<Balance> out;
    client.inspectAccount(AccountLookup {accountId, {}}, context,
                          [&out](Result<AccountInspection> i) {
                              if (i)
                                  out = i->balance;
                          });
    for (int waited = 0; waited < 5000 && !out; waited += 20)
        QTest::qWait(20);
    return out.value_or(Balance {-1, -1}); // no answer: a balance no account has
}

} // namespace

class TestSupportWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void findOpenAdjustAndApproveBySecondAgent();
    void suspendCancelsBidsAndRefusesSignIn();
    void inspectorListsReservations();
    void approveApplicationFoundByCompany();
    void markPayoutPaid();
    void inspectorFollowsSearchAndSelection();
    void inspectorKeepsItsSizeAndShowsLedgerRows();
    void followsTheChosenLocale();
    void auditLogPagesByCursor();
    void auditDatesFollowTheExchangesClock();
};

void TestSupportWorkspace::initTestCase()
{
    test::isolateSettings();
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestSupportWorkspace::findOpenAdjustAndApproveBySecondAgent()
{
    test::SandboxFixture f;
    QVERIFY(f.start());
    ClientSession &first = f.session;
    DeskState desk(first, GpuCatalog::builtIn());
    SupportWorkspace w(first, desk);
    w.show();
    first.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(first.state() == ClientSession::State::Connected, 10'000);
    first.loginDemo(Role::Support);
    QTRY_VERIFY_WITH_TIMEOUT(first.state() == ClientSession::State::SignedIn, 5000);
    const qint64 firstAgent = first.account().id;

    // Find the demo customer by part of its email, and open it.
    child<QLineEdit>(&w, "searchEdit")->setText(u"customer@sand"_s);
    child<QPushButton>(&w, "searchButton")->click();
    QTableView *results = child<QTableView>(&w, "resultsView");
    QTRY_COMPARE_WITH_TIMEOUT(results->model()->rowCount(), 1, 5000);
    QCOMPARE(results->model()->index(0, 1).data().toString(), u"customer@sandbox.everx.cloud"_s);
    results->setFocus();
    results->setCurrentIndex(results->model()->index(0, 0));
    QTest::keyClick(results, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(w.inspectedAccount() != 0, 5000);
    const qint64 customer = w.inspectedAccount();
    QVERIFY(child<QLabel>(&w, "profileLabel")->text().contains(u"customer@sandbox.everx.cloud"_s));
    // The opening is in the account's audit, by this agent.
    QTableView *audit = child<QTableView>(&w, "accountAuditView");
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(audit, 4, u"account_opened"_s) >= 0, 5000);
    QCOMPARE(audit->model()
                 ->index(rowWith(audit, 4, u"account_opened"_s), 2)
                 .data(Qt::UserRole + 1)
                 .toLongLong(),
             firstAgent);

    const Cents before = balanceOf(ExchangeClient(first), &w, customer).available;

    // Adjust above the threshold: it waits for a second agent.
    child<QPushButton>(&w, "adjustButton")->click();
    AdjustmentDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = w.findChild<AdjustmentDialog *>()) != nullptr, 5000);
    QPushButton *ok =
        dialog->findChild<QDialogButtonBox *>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled()); // amount and reason are mandatory
    dialog->findChild<QLineEdit *>(u"amountEdit"_s)->setText(u"812.34"_s);
    QVERIFY(!ok->isEnabled());
    dialog->findChild<QPlainTextEdit *>(u"reasonEdit"_s)
        ->setPlainText(u"Refund of a failed node, ticket 9001"_s);
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog->amountCents(), Amount);
    ok->click();
    QLabel *status = child<QLabel>(&w, "statusLabel");
    QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"waits for a second support agent"_s), 5000);
    QCOMPARE(balanceOf(ExchangeClient(first), &w, customer).available, before);

    // In the queue; its requester may not approve it.
    QTableView *queue = child<QTableView>(&w, "pendingView");
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(queue, 2, Amount) >= 0, 5000);
    QPushButton *approve = child<QPushButton>(&w, "approveButton");
    QPushButton *decline = child<QPushButton>(&w, "declineButton");
    QVERIFY(!approve->isEnabled()); // nothing selected
    queue->selectRow(rowWith(queue, 2, Amount));
    for (QPushButton *b : {approve, decline}) {
        QVERIFY(!b->isEnabled());
        QVERIFY(b->toolTip().contains(u"second support agent"_s));
    }
    // Asked for all the same (another client), the server refuses it and audits the attempt.
    std::optional<ErrorCode> own;
    const qint64 pendingId =
        queue->model()->index(rowWith(queue, 2, Amount), 0).data(Qt::UserRole + 1).toLongLong();
    ExchangeClient(first).approveAdjustment(
        AdjustmentDecision {pendingId, u"my own"_s}, &w,
        [&own](Result<PendingAdjustment> r) { own = r ? ErrorCode::Internal : r.code(); });
    QTRY_VERIFY_WITH_TIMEOUT(own.has_value(), 5000);
    QCOMPARE(*own, ErrorCode::SecondAgentRequired);
    QCOMPARE(balanceOf(ExchangeClient(first), &w, customer).available, before);

    // The second demo agent approves it.
    ClientSession second;
    second.setTransportFactory([&f]() -> Transport * { return f.exchange.connectClient(); });
    DeskState secondDesk(second, GpuCatalog::builtIn());
    SupportWorkspace w2(second, secondDesk);
    w2.show();
    second.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(second.state() == ClientSession::State::Connected, 10'000);
    second.login(Sandbox::secondSupportEmail(), QString::fromLatin1(Sandbox::DemoPassword));
    QTRY_VERIFY_WITH_TIMEOUT(second.state() == ClientSession::State::SignedIn, 5000);
    QVERIFY(second.account().id != firstAgent);
    w2.refreshPending();
    QTableView *queue2 = child<QTableView>(&w2, "pendingView");
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(queue2, 2, Amount) >= 0, 5000);
    const int row = rowWith(queue2, 2, Amount);
    const qint64 adjustment = queue2->model()->index(row, 0).data(Qt::UserRole + 1).toLongLong();
    // The queue names the account and the requester, not their numbers.
    QVERIFY2(queue2->model()->index(row, 1).data().toString().contains(
                 u"customer@sandbox.everx.cloud"_s),
             qPrintable(queue2->model()->index(row, 1).data().toString()));
    QCOMPARE(queue2->model()->index(row, 1).data(Qt::UserRole + 1).toLongLong(), customer);
    const QString requester = queue2->model()->index(row, 4).data().toString();
    QVERIFY2(requester == first.account().name || requester == first.account().email,
             qPrintable(requester));
    queue2->selectRow(row);
    QVERIFY(child<QPushButton>(&w2, "approveButton")->isEnabled());
    QVERIFY(child<QPushButton>(&w2, "approveButton")->toolTip().isEmpty());
    child<QPushButton>(&w2, "approveButton")->click();
    // Before approving, the second agent sees the amount, the account, who asked, when, and
    // the whole reason.
    ReasonDialog *approval = openReasonDialog(&w2);
    QVERIFY(approval);
    const QString prompt = approval->findChild<QLabel *>(u"promptLabel"_s)->text();
    for (const QString &part :
         {Money::format(Amount, w2.locale()), u"customer@sandbox.everx.cloud"_s, requester,
          u"Refund of a failed node, ticket 9001"_s}) {
        QVERIFY2(prompt.contains(part), qPrintable(prompt + u" lacks "_s + part));
    }
    QVERIFY(answerReasonDialog(&w2, u"Ticket 9001 checked"_s));
    QLabel *status2 = child<QLabel>(&w2, "statusLabel");
    QTRY_VERIFY2_WITH_TIMEOUT(status2->text().contains(u"approved"_s), qPrintable(status2->text()),
                              5000);
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(queue2, 2, Amount) < 0, 5000);

    // The balance moved once; a second approval is refused and moves nothing.
    QCOMPARE(balanceOf(ExchangeClient(second), &w2, customer).available, before + Amount);
    std::optional<ErrorCode> again;
    ExchangeClient(second).approveAdjustment(
        AdjustmentDecision {adjustment, u"again"_s}, &w2,
        [&again](Result<PendingAdjustment> r) { again = r ? ErrorCode::Internal : r.code(); });
    QTRY_VERIFY_WITH_TIMEOUT(again.has_value(), 5000);
    QCOMPARE(*again, ErrorCode::InvalidState);
    QCOMPARE(balanceOf(ExchangeClient(second), &w2, customer).available, before + Amount);
}

void TestSupportWorkspace::suspendCancelsBidsAndRefusesSignIn()
{
    test::SandboxFixture f;
    QVERIFY(f.start());
    const QString email = Sandbox::demoEmail(Role::Customer);
    // The customer bids far below the market: the bid rests, with its hold.
    ClientSession customer;
    QVERIFY(signInAs(customer, f, email).signedIn);
    const qint64 customerId = customer.account().id;
    std::optional<OrderPlaced> placed;
    ExchangeClient(customer).placeOrder(
        BidRequest {u"h100-sxm"_s, OrderKind::Limit, 1, 1, 50, 0, {}}, &customer,
        [&placed](Result<OrderPlaced> p) {
            if (p)
                placed = *p;
        });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QCOMPARE(placed->order.state, OrderState::Open);
    QVERIFY(placed->order.heldCents > 0);

    AgentDesk a(f);
    SupportWorkspace &w = a.w;
    w.show();
    QVERIFY(signInAgent(f));
    const Balance before = balanceOf(ExchangeClient(f.session), &w, customerId);
    QVERIFY(before.held >= placed->order.heldCents);
    QVERIFY(openFromSearch(w, u"customer@sand"_s, customerId));
    QLabel *state = child<QLabel>(&w, "stateLabel");
    QPushButton *suspend = child<QPushButton>(&w, "suspendButton");
    QPushButton *reactivate = child<QPushButton>(&w, "reactivateButton");
    QCOMPARE(state->text(), u"State: active"_s);
    QVERIFY(suspend->isEnabled());
    QVERIFY(!reactivate->isEnabled());
    QVERIFY(!child<QPushButton>(&w, "approveApplicationButton")->isVisible());

    // Without a reason, nothing can be sent.
    suspend->click();
    ReasonDialog *dialog = openReasonDialog(&w);
    QVERIFY(dialog);
    QPushButton *ok =
        dialog->findChild<QDialogButtonBox *>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    QVERIFY(!dialog->findChild<QLineEdit *>(u"referenceEdit"_s)->isVisible());
    dialog->findChild<QPlainTextEdit *>(u"reasonEdit"_s)->setPlainText(u"Chargeback fraud"_s);
    QVERIFY(ok->isEnabled());
    ok->click();
    QLabel *status = child<QLabel>(&w, "statusLabel");
    QTRY_VERIFY2_WITH_TIMEOUT(status->text().contains(u"suspended"_s), qPrintable(status->text()),
                              5000);
    QTRY_COMPARE_WITH_TIMEOUT(state->text(), u"State: suspended"_s, 5000);
    QVERIFY(!suspend->isEnabled());
    QVERIFY(reactivate->isEnabled());

    // The bid is cancelled in the inspector's history, and its hold is back.
    QTableView *orders = child<QTableView>(&w, "ordersView");
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(orders, 0, placed->order.id) >= 0
                                 && orders->model()
                                         ->index(rowWith(orders, 0, placed->order.id), 6)
                                         .data(Qt::UserRole + 1)
                                         .toString()
                                     == u"cancelled"_s,
                             5000);
    const std::optional<AccountInspection> after =
        inspect(ExchangeClient(f.session), &w, AccountLookup {customerId, {}});
    QVERIFY(after);
    QCOMPARE(after->balance.held, before.held - placed->order.heldCents);
    QCOMPARE(after->balance.available, before.available + placed->order.heldCents);
    QVERIFY(after->orders.isEmpty()); // no open order left
    QVERIFY(std::any_of(after->audit.cbegin(), after->audit.cend(), [](const AuditRecord &r) {
        return r.action == u"suspend"_s && r.detail.contains(u"Chargeback fraud"_s);
    }));

    // Its sign-in is refused, and the session it had can do nothing.
    ClientSession again;
    const SignInOutcome refused = signInAs(again, f, email);
    QVERIFY(!refused.signedIn);
    QCOMPARE(refused.refusal, ErrorCode::AccountSuspended);
    std::optional<ErrorCode> cancelled;
    ExchangeClient(customer).openOrders(&customer, [&cancelled](Result<QList<BidOrder>> r) {
        cancelled = r ? ErrorCode::Internal : r.code();
    });
    QTRY_VERIFY_WITH_TIMEOUT(cancelled.has_value(), 5000);
    QVERIFY(*cancelled != ErrorCode::Internal);

    // Reactivated, it signs in again.
    reactivate->click();
    QVERIFY(answerReasonDialog(&w, u"Chargeback withdrawn by the bank"_s));
    QTRY_VERIFY2_WITH_TIMEOUT(status->text().contains(u"reactivated"_s), qPrintable(status->text()),
                              5000);
    QTRY_COMPARE_WITH_TIMEOUT(state->text(), u"State: active"_s, 5000);
    QVERIFY(suspend->isEnabled());
    QVERIFY(!reactivate->isEnabled());
    ClientSession back;
    QVERIFY(signInAs(back, f, email).signedIn);
}

void TestSupportWorkspace::inspectorListsReservations()
{
    test::SandboxFixture f;
    QVERIFY(f.start());
    // The customer reserves two windows ahead, the later one first.
    ClientSession customer;
    QVERIFY(signInAs(customer, f, Sandbox::demoEmail(Role::Customer)).signedIn);
    const qint64 customerId = customer.account().id;
    const qint64 hour = MarketRules::hoursTaken(customer.exchangeNowMs(), 0).startMs;
    QList<Rental> reserved;
    for (const qint64 start : {hour + 3 * MarketRules::DayMs, hour + MarketRules::DayMs}) {
        BidRequest bid {u"h100-sxm"_s, OrderKind::BuyNow, 2, 6, 1'000, 0, {}};
        bid.startMs = start;
        std::optional<Result<OrderPlaced>> placed;
        ExchangeClient(customer).placeOrder(bid, &customer,
                                            [&placed](Result<OrderPlaced> p) { placed = p; });
        QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
        QVERIFY(placed->ok());
        QVERIFY(!(*placed)->rentals.isEmpty());
        for (const Rental &r : (*placed)->rentals) {
            QCOMPARE(r.state, RentalState::Reserved);
            reserved.append(r);
        }
    }

    AgentDesk a(f);
    SupportWorkspace &w = a.w;
    w.show();
    QVERIFY(signInAgent(f));
    QVERIFY(openFromSearch(w, u"customer@sand"_s, customerId));
    QTableView *view = child<QTableView>(&w, "reservationsView");
    QAbstractItemModel *model = view->model();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), int(reserved.size()), 5000);
    // Soonest first, each with its start, hours, listing, what it holds and what cancelling costs.
    constexpr int Raw = Qt::UserRole + 1;
    qint64 previous = 0;
    for (const Rental &r : std::as_const(reserved)) {
        const int row = rowWith(view, 0, r.id);
        QVERIFY2(row >= 0, qPrintable(QString::number(r.id)));
        const auto at = [&](int column) {
            return model->index(row, column);
        };
        QCOMPARE(at(1).data(Raw).toLongLong(), r.startedMs);
        QCOMPARE(at(1).data().toString(), TimeText::shortDateTime(r.startedMs, w.locale()));
        QCOMPARE(at(2).data(Raw).toInt(), 6);
        QCOMPARE(at(4).data(Raw).toInt(), r.gpus);
        QCOMPARE(at(5).data(Raw).toLongLong(), r.listingId);
        QCOMPARE(at(7).data(Raw).toLongLong(), MarketRules::unbilledRemainder(r));
        QCOMPARE(at(8).data(Raw).toLongLong(), r.cancelFeeCents);
        QVERIFY(r.cancelFeeCents > 0);
        QCOMPARE(at(8).data().toString(), Money::format(r.cancelFeeCents, w.locale()));
    }
    for (int row = 0; row < model->rowCount(); ++row) {
        const qint64 start = model->index(row, 1).data(Raw).toLongLong();
        QVERIFY(start >= previous);
        previous = start;
    }
    QCOMPARE(model->index(0, 1).data(Raw).toLongLong(), hour + MarketRules::DayMs);

    // Cancelled by its customer, it leaves the list when the account is opened again.
    std::optional<Result<Rental>> cancelled;
    ExchangeClient(customer).stopRental(reserved.first().id, &customer,
                                        [&cancelled](Result<Rental> r) { cancelled = r; });
    QTRY_VERIFY_WITH_TIMEOUT(cancelled.has_value(), 5000);
    QVERIFY(cancelled->ok());
    child<QPushButton>(&w, "refreshAccountButton")->click();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), int(reserved.size()) - 1, 5000);
    QCOMPARE(rowWith(view, 0, reserved.first().id), -1);
}

void TestSupportWorkspace::approveApplicationFoundByCompany()
{
    test::SandboxFixture f;
    QVERIFY(f.start());
    // A provider signs up: pending until support decides.
    ClientSession applicant;
    applicant.setTransportFactory([&f]() -> Transport * { return f.exchange.connectClient(); });
    applicant.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(applicant.state() == ClientSession::State::Connected, 10'000);
    std::optional<SignUpReceipt> receipt;
    QObject::connect(&applicant, &ClientSession::signUpSent, &applicant,
                     [&receipt](const SignUpReceipt &r) { receipt = r; });
    applicant.signUp(SignUpRequest {u"dewi@nusa-gpu.example"_s, u"violet meadow 42"_s,
                                    Role::Provider, u"ID"_s, u"Dewi Sari"_s,
                                    u"Nusa GPU Komputasi"_s});
    // The sandbox hands back the code it would have mailed; it confirms the address.
    QTRY_VERIFY_WITH_TIMEOUT(receipt && receipt->sandboxMail, 10'000);
    applicant.verifyEmail({receipt->email, u"violet meadow 42"_s, receipt->sandboxMail->code});
    QTRY_VERIFY_WITH_TIMEOUT(applicant.state() == ClientSession::State::SignedIn, 10'000);
    const qint64 provider = applicant.account().id;
    QCOMPARE(applicant.account().state, AccountState::Pending);

    AgentDesk a(f);
    SupportWorkspace &w = a.w;
    w.show();
    QVERIFY(signInAgent(f));

    // Listed with every application waiting, with its name, company and state.
    QPushButton *pending = child<QPushButton>(&w, "pendingApplicationsButton");
    pending->click();
    QTableView *results = child<QTableView>(&w, "resultsView");
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(results, 0, provider) >= 0, 5000);
    const QAbstractItemModel *m = results->model();
    for (int row = 0; row < m->rowCount(); ++row)
        QCOMPARE(m->index(row, 5).data().toString(), u"pending approval"_s);
    const int row = rowWith(results, 0, provider);
    QCOMPARE(m->index(row, 2).data().toString(), u"Dewi Sari"_s);
    QCOMPARE(m->index(row, 3).data().toString(), u"Nusa GPU Komputasi"_s);
    QCOMPARE(m->headerData(5, Qt::Horizontal).toString(), u"State"_s);

    // Found by part of its company, in another case; its name and company are shown.
    QVERIFY(openFromSearch(w, u"nusa gpu"_s, provider));
    QVERIFY(child<QLabel>(&w, "identityLabel")->text().contains(u"Nusa GPU Komputasi"_s));
    QCOMPARE(child<QLabel>(&w, "stateLabel")->text(), u"State: pending approval"_s);
    QPushButton *approve = child<QPushButton>(&w, "approveApplicationButton");
    QVERIFY(approve->isVisible());
    QVERIFY(child<QPushButton>(&w, "rejectApplicationButton")->isVisible());
    QVERIFY(!child<QPushButton>(&w, "suspendButton")->isEnabled()); // decided, not suspended

    approve->click();
    QVERIFY(answerReasonDialog(&w, u"Company registration checked"_s));
    QLabel *status = child<QLabel>(&w, "statusLabel");
    QTRY_VERIFY2_WITH_TIMEOUT(status->text().contains(u"approved"_s), qPrintable(status->text()),
                              5000);
    QTRY_COMPARE_WITH_TIMEOUT(child<QLabel>(&w, "stateLabel")->text(), u"State: active"_s, 5000);
    QVERIFY(!approve->isVisible());
    QVERIFY(child<QPushButton>(&w, "suspendButton")->isEnabled());
    const std::optional<AccountInspection> i =
        inspect(ExchangeClient(f.session), &w, AccountLookup {provider, {}});
    QVERIFY(i);
    QCOMPARE(i->account.state, AccountState::Active);
    QVERIFY(std::any_of(i->audit.cbegin(), i->audit.cend(), [](const AuditRecord &r) {
        return r.action == u"application_approved"_s;
    }));
    // Decided: no longer among the applications waiting.
    pending->click();
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(results, 0, provider) < 0, 5000);
}

void TestSupportWorkspace::markPayoutPaid()
{
    test::SandboxFixture f;
    QVERIFY(f.start());
    AgentDesk a(f);
    SupportWorkspace &w = a.w;
    w.show();
    QVERIFY(signInAgent(f));
    const std::optional<AccountInspection> before = inspect(
        ExchangeClient(f.session), &w, AccountLookup {0, Sandbox::demoEmail(Role::Provider)});
    QVERIFY(before);
    const qint64 provider = before->account.id;
    QVERIFY(before->balance.payoutPending > 0);

    // The sandbox's waiting payout is in the queue, by its provider and amount.
    w.refreshPending();
    QTableView *queue = child<QTableView>(&w, "payoutsView");
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(queue, 1, provider) >= 0, 5000);
    const int row = rowWith(queue, 1, provider);
    QCOMPARE(queue->model()->index(row, 2).data(Qt::UserRole + 1).toLongLong(),
             before->balance.payoutPending);
    const qint64 payout = queue->model()->index(row, 0).data(Qt::UserRole + 1).toLongLong();

    // Its provider opens from the queue, with what waits to be paid out.
    queue->setFocus();
    queue->setCurrentIndex(queue->model()->index(row, 0));
    QTest::keyClick(queue, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(w.inspectedAccount(), provider, 5000);
    QLabel *balances = child<QLabel>(&w, "balancesLabel");
    QVERIFY2(balances->text().contains(u"payout pending "_s
                                       + Money::format(before->balance.payoutPending, w.locale())),
             qPrintable(balances->text()));
    child<QTabWidget>(&w, "workspaceTabs")->setCurrentWidget(child<QWidget>(&w, "pendingTab"));

    // Nothing selected: the agent is told to pick one.
    QLabel *status = child<QLabel>(&w, "statusLabel");
    queue->clearSelection();
    child<QPushButton>(&w, "markPaidButton")->click();
    QVERIFY(status->text().contains(u"Select a payout"_s));

    // The reference and the reason are both mandatory.
    queue->selectRow(row);
    child<QPushButton>(&w, "markPaidButton")->click();
    ReasonDialog *dialog = openReasonDialog(&w);
    QVERIFY(dialog);
    QPushButton *ok =
        dialog->findChild<QDialogButtonBox *>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
    QLineEdit *reference = dialog->findChild<QLineEdit *>(u"referenceEdit"_s);
    QVERIFY(reference->isVisible());
    QCOMPARE(reference->maxLength(), int(MarketRules::MaxPayoutReferenceLength));
    dialog->findChild<QPlainTextEdit *>(u"reasonEdit"_s)->setPlainText(u"Monthly payout"_s);
    QVERIFY(!ok->isEnabled());
    reference->setText(u"  "_s);
    QVERIFY(!ok->isEnabled());
    reference->setText(u"SEPA-2026-12-0042"_s);
    QVERIFY(ok->isEnabled());
    ok->click();
    QTRY_VERIFY2_WITH_TIMEOUT(
        status->text().contains(u"marked paid, reference SEPA-2026-12-0042"_s),
        qPrintable(status->text()), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(rowWith(queue, 0, payout) < 0, 5000);
    // The inspector, open on the provider, shows it settled.
    QTRY_VERIFY2_WITH_TIMEOUT(
        balances->text().contains(u"payout pending "_s + Money::format(0, w.locale())),
        qPrintable(balances->text()), 5000);

    // The ledger moved it out: nothing pending, one payout_paid entry of that amount.
    const std::optional<AccountInspection> after =
        inspect(ExchangeClient(f.session), &w, AccountLookup {provider, {}});
    QVERIFY(after);
    QCOMPARE(after->balance.payoutPending, 0);
    QCOMPARE(after->balance.earnings, before->balance.earnings);
    std::optional<LedgerPage> paid;
    ExchangeClient(f.session).accountLedger(LedgerPageQuery {provider, u"payout_paid"_s, {0, 50}},
                                            &w, [&paid](Result<LedgerPage> p) {
                                                if (p)
                                                    paid = *p;
                                            });
    QTRY_VERIFY_WITH_TIMEOUT(paid.has_value(), 5000);
    const auto ofThisPayout =
        std::count_if(paid->entries.cbegin(), paid->entries.cend(), [&](const LedgerEntry &e) {
            return e.refId == payout && e.amount == -before->balance.payoutPending;
        });
    QCOMPARE(ofThisPayout, 1);
    QVERIFY(paid->chain.ok);

    // Settled once: a second settlement is refused.
    std::optional<ErrorCode> again;
    ExchangeClient(f.session).markPayoutPaid(
        PayoutSettlement {payout, u"SEPA-again"_s, u"again"_s}, &w,
        [&again](Result<Payout> r) { again = r ? ErrorCode::Internal : r.code(); });
    QTRY_VERIFY_WITH_TIMEOUT(again.has_value(), 5000);
    QCOMPARE(*again, ErrorCode::InvalidState);
}

// A new search empties the inspector and turns its actions off; one click on a result opens it.
void TestSupportWorkspace::inspectorFollowsSearchAndSelection()
{
    test::SandboxFixture f;
    QVERIFY(f.start());
    QVERIFY(signInAgent(f));
    AgentDesk a(f);
    SupportWorkspace &w = a.w;
    w.show();
    QTableView *results = child<QTableView>(&w, "resultsView");
    QPushButton *adjust = child<QPushButton>(&w, "adjustButton");
    QPushButton *suspend = child<QPushButton>(&w, "suspendButton");
    const auto clickRow = [results](int row) {
        const QRect cell = results->visualRect(results->model()->index(row, 1));
        QTest::mouseClick(results->viewport(), Qt::LeftButton, {}, cell.center());
    };
    const auto searchFor = [&w, results](const QString &query) {
        child<QLineEdit>(&w, "searchEdit")->setText(query);
        child<QPushButton>(&w, "searchButton")->click();
        for (int waited = 0; waited < 5000
             && (results->model()->rowCount() != 1
                 || results->model()->index(0, 1).data().toString() != query);
             waited += 20)
            QTest::qWait(20);
        return results->model()->rowCount() == 1;
    };

    const QString customer = Sandbox::demoEmail(Role::Customer);
    QVERIFY(searchFor(customer));
    clickRow(0);
    QTRY_VERIFY_WITH_TIMEOUT(w.inspectedAccount() != 0, 5000);
    QVERIFY(child<QLabel>(&w, "profileLabel")->text().contains(customer));
    QVERIFY(adjust->isEnabled());
    QVERIFY(suspend->isEnabled());

    const QString provider = Sandbox::demoEmail(Role::Provider);
    child<QLineEdit>(&w, "searchEdit")->setText(provider);
    child<QPushButton>(&w, "searchButton")->click();
    QCOMPARE(w.inspectedAccount(), 0);
    QVERIFY(!adjust->isEnabled());
    QVERIFY(!suspend->isEnabled());
    QVERIFY(child<QLabel>(&w, "profileLabel")->text().isEmpty());
    QCOMPARE(child<QTableView>(&w, "ledgerView")->model()->rowCount(), 0);
    QVERIFY(searchFor(provider));
    QCOMPARE(w.inspectedAccount(), 0); // the results alone open nothing

    clickRow(0);
    QTRY_VERIFY_WITH_TIMEOUT(w.inspectedAccount() != 0, 5000);
    QCOMPARE(w.inspectedAccount(),
             results->model()->index(0, 0).data(Qt::UserRole + 1).toLongLong());
    QVERIFY(child<QLabel>(&w, "profileLabel")->text().contains(provider));
    QVERIFY(adjust->isEnabled());
}

// Opening an account leaves the workspace's minimum size (what the docks around it are laid out
// by) as it was, and the ledger shows several rows, even in a small window.
void TestSupportWorkspace::inspectorKeepsItsSizeAndShowsLedgerRows()
{
    test::SandboxFixture f;
    QVERIFY(f.start());
    QVERIFY(signInAgent(f));
    AgentDesk a(f);
    SupportWorkspace &w = a.w;
    w.resize(800, 500);
    w.show();
    const QSize before = w.minimumSizeHint();
    const qint64 provider = [&f] {
        ClientSession s;
        return signInAs(s, f, Sandbox::demoEmail(Role::Provider)).signedIn ? s.account().id : 0;
    }();
    QVERIFY(provider != 0);
    QVERIFY(openFromSearch(w, Sandbox::demoEmail(Role::Provider), provider));
    QTableView *ledger = child<QTableView>(&w, "ledgerView");
    QTRY_VERIFY_WITH_TIMEOUT(ledger->model()->rowCount() > 0, 5000);
    QVERIFY(!child<QLabel>(&w, "balancesLabel")->text().isEmpty());
    QCOMPARE(w.minimumSizeHint(), before);
    QVERIFY2(ledger->viewport()->height() >= SupportWorkspace::LedgerRowsShown
                     * ledger->verticalHeader()->defaultSectionSize(),
             qPrintable(QString::number(ledger->viewport()->height())));
}

void TestSupportWorkspace::followsTheChosenLocale()
{
    // The desk's language changes while the workspace is open: the main window tells its
    // widgets the new locale (a LocaleChange), and every listing follows it.
    test::SandboxFixture f;
    QVERIFY(f.start());
    QVERIFY(signInAgent(f));
    AgentDesk a(f);
    SupportWorkspace &w = a.w;
    w.show();
    const QString customer = Sandbox::demoEmail(Role::Customer);
    const qint64 customerId = inspect(ExchangeClient(f.session), &w, {0, customer})->account.id;
    QVERIFY(openFromSearch(w, customer, customerId));
    QAbstractItemModel *ledger = child<QTableView>(&w, "ledgerView")->model();
    QTRY_VERIFY_WITH_TIMEOUT(ledger->rowCount() > 0, 5000);
    QAbstractItemModel *audit = child<QTableView>(&w, "accountAuditView")->model();
    QTRY_VERIFY_WITH_TIMEOUT(audit->rowCount() > 0, 5000);

    const QLocale turkish(QLocale::Turkish, QLocale::Turkey);
    w.setLocale(turkish);
    const qint64 ms = ledger->index(0, 1).data(Qt::UserRole + 1).toLongLong();
    QCOMPARE(ledger->index(0, 1).data().toString(), TimeText::shortDateTime(ms, turkish));
    QCOMPARE(ledger->index(0, 1).data().toString().section(u' ', 0, 0),
             QDateTime::fromMSecsSinceEpoch(ms).toString(u"d.MM.yyyy"_s)); // day first
    const QString kind = ledger->index(0, 2).data(Qt::UserRole + 1).toString();
    QCOMPARE(ledger->index(0, 2).data().toString(), LedgerModel::kindName(kind));
    QVERIFY(ledger->index(0, 2).data().toString() != kind);
    QCOMPARE(ledger->index(0, 4).data().toString(),
             Money::format(ledger->index(0, 4).data(Qt::UserRole + 1).toLongLong(), turkish));
    const qint64 opened = audit->index(0, 1).data(Qt::UserRole + 1).toLongLong();
    QCOMPARE(audit->index(0, 1).data().toString(), TimeText::shortDateTime(opened, turkish));
    QCOMPARE(audit->index(0, 4).data().toString(),
             SupportColumns::actionText(audit->index(0, 4).data(Qt::UserRole + 1).toString()));

    // The ledger's kind filter lists words, and still filters by the code.
    QComboBox *kinds = child<QComboBox>(&w, "ledgerKindCombo");
    QVERIFY(kinds->count() > 1);
    for (int i = 1; i < kinds->count(); ++i)
        QCOMPARE(kinds->itemText(i), LedgerModel::kindName(kinds->itemData(i).toString()));
    const int item = kinds->findData(kind);
    QVERIFY(item > 0);
    QVERIFY(kinds->itemText(item) != kind);
    kinds->setCurrentIndex(item);
    Q_EMIT kinds->activated(item);
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (int r = 0; r < ledger->rowCount(); ++r) {
                if (ledger->index(r, 2).data(Qt::UserRole + 1).toString() != kind)
                    return false;
            }
            return ledger->rowCount() > 0;
        }(),
        5000);
    // The audit log's bounds are written as its times.
    QCOMPARE(child<QDateTimeEdit>(&w, "auditFromEdit")->displayFormat(),
             TimeText::shortDateTimeFormat(turkish));
    // A change of locale keeps the kind chosen.
    w.setLocale(QLocale(QLocale::Indonesian, QLocale::Indonesia));
    QCOMPARE(kinds->currentData().toString(), kind);
}

void TestSupportWorkspace::auditLogPagesByCursor()
{
    // A record written while the agent reads the first page of the audit log is not on the next
    // page, and the next page repeats nothing of the first.
    test::SandboxFixture f;
    QVERIFY(f.start());
    QVERIFY(signInAgent(f));
    AgentDesk a(f);
    SupportWorkspace &w = a.w;
    w.show();
    ExchangeClient client(f.session);
    const qint64 customer =
        inspect(client, &w, {0, Sandbox::demoEmail(Role::Customer)})->account.id;
    const auto note = [&](const QString &text) {
        bool done = false;
        client.addNote(NoteRequest {customer, text}, &w,
                       [&done](const Result<SupportNote> &) { done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(done, 5000);
    };
    for (int i = 0; i < SupportWorkspace::PageSize + 3; ++i)
        note(u"note %1"_s.arg(i));

    QTableView *view = child<QTableView>(&w, "auditView");
    QAbstractItemModel *model = view->model();
    const auto ids = [model] {
        QList<qint64> out;
        for (int r = 0; r < model->rowCount(); ++r)
            out << model->index(r, 0).data(Qt::UserRole + 1).toLongLong();
        return out;
    };
    child<QLineEdit>(&w, "auditAccountEdit")->setText(QString::number(customer));
    QSignalSpy answered(&w, &SupportWorkspace::answered);
    child<QPushButton>(&w, "auditSearchButton")->click();
    QVERIFY(answered.wait(5000));
    const QList<qint64> first = ids();
    QCOMPARE(first.size(), SupportWorkspace::PageSize);
    QVERIFY(std::is_sorted(first.rbegin(), first.rend())); // newest first

    note(u"meanwhile"_s);
    QPushButton *next = child<QPushButton>(&w, "nextAuditButton");
    QVERIFY(next->isEnabled());
    next->click();
    QVERIFY(answered.wait(5000));
    const QList<qint64> second = ids();
    QVERIFY(!second.isEmpty());
    QVERIFY(second.first() < first.last()); // nothing repeated, the new record not here
    QCOMPARE(second.first(), first.last() - 1); // and nothing skipped

    QPushButton *previous = child<QPushButton>(&w, "prevAuditButton");
    QVERIFY(previous->isEnabled());
    previous->click();
    QVERIFY(answered.wait(5000));
    QCOMPARE(ids().mid(1), first.mid(0, SupportWorkspace::PageSize - 1)); // the newest on top
    QVERIFY(!previous->isEnabled());
}

void TestSupportWorkspace::auditDatesFollowTheExchangesClock()
{
    // The sandbox runs its clock 60 times faster: once it is minutes ahead of the wall clock, the
    // audit log's default week ends at the exchange's now, which stamps the records.
    test::SandboxFixture f;
    QVERIFY(f.start());
    QVERIFY(signInAgent(f));
    QTRY_VERIFY_WITH_TIMEOUT(
        f.session.exchangeNowMs() - QDateTime::currentMSecsSinceEpoch() > 5 * 60'000, 30'000);
    AgentDesk a(f);
    const auto *to = child<QDateTimeEdit>(&a.w, "auditToEdit");
    const auto *from = child<QDateTimeEdit>(&a.w, "auditFromEdit");
    const qint64 shown = to->dateTime().toMSecsSinceEpoch();
    QVERIFY2(qAbs(shown - f.session.exchangeNowMs()) < 2 * 60'000,
             qPrintable(to->dateTime().toString(Qt::ISODate)));
    QVERIFY(shown - QDateTime::currentMSecsSinceEpoch() > 3 * 60'000);
    QCOMPARE(from->dateTime(), to->dateTime().addDays(-7));
}

QTEST_MAIN(TestSupportWorkspace)
#include "tst_supportworkspace.moc"
