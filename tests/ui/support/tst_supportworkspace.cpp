// The support workspace on the embedded sandbox, driven by object names as agents would: the
// first agent finds the demo customer by part of its email and opens it (an audit record
// appears), adjusts above the dual-control threshold (it waits), may not approve it; the second
// demo agent approves it in their queue, and the balance moves once.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"
#include "sandbox/sandbox.h"

#include "market/gpucatalog.h"
#include "support/adjustmentdialog.h"
#include "support/reasondialog.h"
#include "support/supportworkspace.h"
#include "views/deskstate.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"

#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QPushButton>
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
    queue->selectRow(rowWith(queue, 2, Amount));
    child<QPushButton>(&w, "approveButton")->click();
    QVERIFY(answerReasonDialog(&w, u"my own"_s));
    QTRY_VERIFY2_WITH_TIMEOUT(status->text().startsWith(u"Refused"_s), qPrintable(status->text()),
                              5000);
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
    queue2->selectRow(row);
    child<QPushButton>(&w2, "approveButton")->click();
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

QTEST_MAIN(TestSupportWorkspace)
#include "tst_supportworkspace.moc"
