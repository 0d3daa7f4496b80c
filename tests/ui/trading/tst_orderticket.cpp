// The order ticket against the embedded sandbox: what it shows as the total of a bid is what the
// exchange holds for the order it places, to the cent, whatever the numbers.

#include "fixtures/sandboxfixture.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "trading/orderticket.h"
#include "views/deskstate.h"
#include "wire/clientsession.h"

#include <QtTest/QTest>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QSpinBox>

using namespace Qt::StringLiterals;
using namespace everx;

class TestOrderTicket : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void totalIsTheEnginesHold_data();
    void totalIsTheEnginesHold();

private:
    std::unique_ptr<test::SandboxFixture> m_sandbox;
    std::unique_ptr<DeskState> m_desk;
    std::unique_ptr<OrderTicket> m_ticket;
};

void TestOrderTicket::initTestCase()
{
    m_sandbox = std::make_unique<test::SandboxFixture>();
    QVERIFY(m_sandbox->start()); // quiet: only this test trades
    ClientSession &session = m_sandbox->session;
    m_desk = std::make_unique<DeskState>(session, GpuCatalog::builtIn());
    m_ticket = std::make_unique<OrderTicket>(session, *m_desk);
    m_ticket->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    m_ticket->show();
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(m_desk->balance().available > 0, 5000);
    m_desk->selectGpu(u"h100-sxm"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_desk->orderBook()->bestAsk().has_value(), 5000);
}

void TestOrderTicket::cleanupTestCase()
{
    m_ticket.reset();
    m_desk.reset();
    m_sandbox.reset();
}

void TestOrderTicket::totalIsTheEnginesHold_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("hours");
    QTest::addColumn<QString>("price");
    // Bids well under the market, so that they rest and keep their hold. The demo customer is
    // in Germany: 19 % VAT, rounded half to even per GPU-hour.
    QTest::newRow("2 x 3 h at 1.25") << 2 << 3 << u"1.25"_s;
    QTest::newRow("1 x 1 h at 0.50: a tie") << 1 << 1 << u"0.50"_s;
    QTest::newRow("7 x 24 h at 0.99") << 7 << 24 << u"0.99"_s;
    QTest::newRow("3 x 720 h at 0.03") << 3 << MarketRules::MaxHours << u"0.03"_s;
    QTest::newRow("64 x 10 h at 0.07") << 64 << 10 << u"0.07"_s;
}

void TestOrderTicket::totalIsTheEnginesHold()
{
    QFETCH(int, gpus);
    QFETCH(int, hours);
    QFETCH(QString, price);
    OrderTicket &ticket = *m_ticket;
    auto *bid = ticket.findChild<QRadioButton *>(u"ticketBid"_s);
    auto *gpuBox = ticket.findChild<QSpinBox *>(u"ticketGpus"_s);
    auto *hourBox = ticket.findChild<QSpinBox *>(u"ticketHours"_s);
    auto *priceEdit = ticket.findChild<QLineEdit *>(u"ticketPrice"_s);
    auto *place = ticket.findChild<QPushButton *>(u"ticketPlace"_s);
    auto *total = ticket.findChild<QLabel *>(u"ticketTotal"_s);
    QVERIFY(bid && gpuBox && hourBox && priceEdit && place && total);

    bid->setChecked(true);
    gpuBox->setValue(gpus);
    hourBox->setValue(hours);
    priceEdit->setText(price);
    const std::optional<OrderTicket::Order> order = ticket.order();
    QVERIFY(order);
    QVERIFY(place->isEnabled());
    const QString shownTotal = total->text();
    const qsizetype ordersBefore = m_desk->openOrders()->rowCount();

    place->click();
    QMessageBox *confirmation = nullptr;
    QTRY_VERIFY((confirmation = ticket.findChild<QMessageBox *>(u"ticketConfirmation"_s)));
    confirmation->button(QMessageBox::Yes)->click();
    QTRY_COMPARE_WITH_TIMEOUT(m_desk->openOrders()->rowCount(), ordersBefore + 1, 5000);

    // The order the exchange made of it, and what it holds.
    std::optional<BidOrder> placed;
    for (int row = 0; row < m_desk->openOrders()->rowCount(); ++row) {
        const BidOrder o = m_desk->openOrders()->record(row);
        if (o.quantity == gpus && o.hours == hours && o.limitCents == order->price)
            placed = o;
    }
    QVERIFY(placed);
    QCOMPARE(placed->heldCents, order->cost.total);
    QCOMPARE(shownTotal, Money::format(placed->heldCents, ticket.locale()));
}

QTEST_MAIN(TestOrderTicket)
#include "tst_orderticket.moc"
