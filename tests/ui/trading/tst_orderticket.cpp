// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The order ticket against the embedded sandbox: what it shows as the total of a bid is what the
// exchange holds for the order it places, to the cent, whatever the numbers. Its placement follows
// the GPUs; it shows the best price for N on one server from the book's blocks, which is what
// market.quote prices; a buy-now is confirmed with the quote's figures; one that fills nothing
// because the offer moved says so, never "Order placed", and asks again at the new price; a bid
// level fills only the price; another GPU starts at one hour.

#include "fixtures/sandboxfixture.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "trading/orderticket.h"
#include "views/deskstate.h"
#include "wire/clientsession.h"
#include "wire/exchangeclient.h"

#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QComboBox>
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
    void placementFollowsTheGpus();
    void bestPriceForOneServerIsTheQuotes();
    void buyNowIsConfirmedWithTheQuote();
    void nothingFilledSaysSoAndAsksAgain();
    void bidLevelFillsThePriceOnly();
    void anotherGpuStartsAtOneHour();
    void priceSaysWhichRuleFailed_data();
    void priceSaysWhichRuleFailed();

private:
    // market.quote of the ticket's account, now.
    PlacementQuote quote(int gpus, int hours, Placement placement);
    // Clicks "Place order…" and waits for the confirmation.
    QMessageBox *placeAndConfirmation();

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

PlacementQuote TestOrderTicket::quote(int gpus, int hours, Placement placement)
{
    std::optional<Result<PlacementQuote>> result;
    ExchangeClient(m_sandbox->session)
        .quote({u"h100-sxm"_s, gpus, hours, placement}, this,
               [&result](Result<PlacementQuote> r) { result = std::move(r); });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, 5000) || !*result)
        return {};
    return **result;
}

QMessageBox *TestOrderTicket::placeAndConfirmation()
{
    auto *place = m_ticket->findChild<QPushButton *>(u"ticketPlace"_s);
    if (!place || !place->isEnabled())
        return nullptr;
    place->click();
    QMessageBox *confirmation = nullptr;
    const bool shown = QTest::qWaitFor(
        [&] {
            confirmation = m_ticket->findChild<QMessageBox *>(u"ticketConfirmation"_s);
            return confirmation && confirmation->isVisible();
        },
        5000);
    return shown ? confirmation : nullptr;
}

void TestOrderTicket::placementFollowsTheGpus()
{
    OrderTicket &ticket = *m_ticket;
    auto *gpuBox = ticket.findChild<QSpinBox *>(u"ticketGpus"_s);
    auto *placement = ticket.findChild<QComboBox *>(u"ticketPlacement"_s);
    QVERIFY(gpuBox && placement);
    // Several GPUs: one server, all or none; one GPU: any.
    gpuBox->setValue(8);
    QCOMPARE(ticket.placement(), Placement::Server);
    QCOMPARE(placement->currentText(), u"One server"_s);
    gpuBox->setValue(1);
    QCOMPARE(ticket.placement(), Placement::Any);
    gpuBox->setValue(4);
    QCOMPARE(ticket.placement(), Placement::Server);
    // Once the user picks one, it stays.
    placement->setCurrentIndex(placement->findData(int(Placement::Cluster)));
    Q_EMIT placement->activated(placement->currentIndex()); // as a click on the item does
    gpuBox->setValue(1);
    QCOMPARE(ticket.placement(), Placement::Cluster);
    gpuBox->setValue(6);
    QCOMPARE(ticket.placement(), Placement::Cluster);
    QCOMPARE(ticket.order()->placement, Placement::Cluster);
    ticket.setPlacement(Placement::Server);
    QCOMPARE(ticket.order()->placement, Placement::Server);
}

void TestOrderTicket::bestPriceForOneServerIsTheQuotes()
{
    OrderTicket &ticket = *m_ticket;
    auto *gpuBox = ticket.findChild<QSpinBox *>(u"ticketGpus"_s);
    auto *best = ticket.findChild<QLabel *>(u"ticketBestOffer"_s);
    QVERIFY(gpuBox && best);
    const OrderBookModel &book = *m_desk->orderBook();
    gpuBox->setValue(1);
    QCOMPARE(best->text(), Money::format(*book.bestAsk(), ticket.locale()));
    for (const int gpus : {2, 4, 8}) {
        gpuBox->setValue(gpus);
        const std::optional<Cents> oneServer = book.bestAskForOneServer(gpus);
        const PlacementQuote q = quote(gpus, 1, Placement::Server);
        QCOMPARE(q.available, oneServer.has_value());
        const QString figure = oneServer ? Money::format(*oneServer, ticket.locale()) : u"none"_s;
        QCOMPARE(
            best->text(),
            u"%1; for %2 on one server: %3"_s.arg(Money::format(*book.bestAsk(), ticket.locale()),
                                                  QString::number(gpus), figure));
        // The book's blocks say what market.quote finds: its one leg is at that level's price.
        if (oneServer) {
            QCOMPARE(q.legs.size(), 1);
            QCOMPARE(q.legs.at(0).priceCents, *oneServer);
        }
    }
}

void TestOrderTicket::buyNowIsConfirmedWithTheQuote()
{
    OrderTicket &ticket = *m_ticket;
    ticket.findChild<QRadioButton *>(u"ticketBuyNow"_s)->setChecked(true);
    ticket.findChild<QSpinBox *>(u"ticketGpus"_s)->setValue(2);
    ticket.findChild<QSpinBox *>(u"ticketHours"_s)->setValue(1);
    ticket.setPlacement(Placement::Server);
    const PlacementQuote q = quote(2, 1, Placement::Server);
    QVERIFY(q.available);
    ticket.findChild<QLineEdit *>(u"ticketPrice"_s)->setText(Money::toPlain(q.highestCents));

    QSignalSpy placed(&ticket, &OrderTicket::placed);
    QMessageBox *confirmation = placeAndConfirmation();
    QVERIFY(confirmation);
    const QLocale l = ticket.locale();
    QVERIFY2(confirmation->text().contains(Money::format(q.totalCents, l)),
             qPrintable(confirmation->text()));
    QVERIFY(confirmation->text().contains(Money::format(q.averageCents, l)));
    QVERIFY(confirmation->text().contains(u"all on one server"_s));
    confirmation->button(QMessageBox::Yes)->click();
    QVERIFY(placed.wait(5000));
    QCOMPARE(placed.at(0).at(0).toString(), u"Order placed."_s);
}

void TestOrderTicket::nothingFilledSaysSoAndAsksAgain()
{
    OrderTicket &ticket = *m_ticket;
    ticket.findChild<QRadioButton *>(u"ticketBuyNow"_s)->setChecked(true);
    ticket.findChild<QSpinBox *>(u"ticketGpus"_s)->setValue(2);
    ticket.findChild<QSpinBox *>(u"ticketHours"_s)->setValue(1);
    ticket.setPlacement(Placement::Server);
    const PlacementQuote before = quote(2, 1, Placement::Server);
    QVERIFY(before.available);
    ticket.findChild<QLineEdit *>(u"ticketPrice"_s)->setText(Money::toPlain(before.highestCents));
    QSignalSpy placed(&ticket, &OrderTicket::placed);
    QMessageBox *confirmation = placeAndConfirmation();
    QVERIFY(confirmation);

    // While the confirmation is open, others take every server that offered 2 GPUs at that price.
    ClientSession other;
    other.setTransportFactory([this] { return m_sandbox->exchange.connectClient(); });
    other.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(other.state() == ClientSession::State::Connected, 5000);
    other.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(other.state() == ClientSession::State::SignedIn, 5000);
    PlacementQuote now = before;
    for (int i = 0; i < 100 && now.available && now.highestCents <= before.highestCents; ++i) {
        BidRequest take {u"h100-sxm"_s, OrderKind::BuyNow, 2, 1, before.highestCents, 0, {}};
        take.placement = Placement::Server;
        std::optional<Result<OrderPlaced>> taken;
        ExchangeClient(other).placeOrder(take, &other,
                                         [&taken](Result<OrderPlaced> r) { taken = std::move(r); });
        QTRY_VERIFY_WITH_TIMEOUT(taken.has_value(), 5000);
        QVERIFY2(*taken, qPrintable(taken->ok() ? QString() : taken->error().message));
        now = quote(2, 1, Placement::Server);
    }
    QVERIFY(!now.available || now.highestCents > before.highestCents);

    // Confirmed at the old price: nothing fills, and the ticket says so with the price now.
    confirmation->button(QMessageBox::Yes)->click();
    QVERIFY(placed.wait(5000));
    for (const QList<QVariant> &message : std::as_const(placed))
        QVERIFY2(!message.at(0).toString().contains(u"Order placed"_s),
                 qPrintable(message.at(0).toString()));
    auto *outcome = ticket.findChild<QLabel *>(u"ticketOutcome"_s);
    auto *retry = ticket.findChild<QPushButton *>(u"ticketRetry"_s);
    QVERIFY(outcome && retry);
    QVERIFY(outcome->isVisible());
    QVERIFY(retry->isVisible());
    const QLocale l = ticket.locale();
    if (now.available) {
        QCOMPARE(outcome->text(),
                 u"Nothing filled: the best offer is now %1 per GPU-hour."_s.arg(
                     Money::format(now.averageCents, l)));
        QCOMPARE(retry->text(), u"Buy at %1…"_s.arg(Money::format(now.averageCents, l)));
        // One click asks again: a confirmation at the new price.
        retry->click();
        QMessageBox *again = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((again = ticket.findChild<QMessageBox *>(u"ticketConfirmation"_s))
                                     && again->isVisible(),
                                 5000);
        QVERIFY2(again->text().contains(Money::format(now.totalCents, l)),
                 qPrintable(again->text()));
        again->button(QMessageBox::Cancel)->click();
    } else {
        QCOMPARE(outcome->text(), u"Nothing filled. No one server offers 2 GPUs now."_s);
    }
}

void TestOrderTicket::bidLevelFillsThePriceOnly()
{
    OrderTicket &ticket = *m_ticket;
    const OrderBookModel &book = *m_desk->orderBook();
    QTRY_VERIFY_WITH_TIMEOUT(book.bestBid().has_value() && book.bestAsk().has_value(), 5000);
    auto *gpuBox = ticket.findChild<QSpinBox *>(u"ticketGpus"_s);
    auto *priceEdit = ticket.findChild<QLineEdit *>(u"ticketPrice"_s);
    gpuBox->setValue(3);
    // The third bid level: other people's GPUs down to it are not this order's.
    const int bidRow = std::min(book.rowCount() - 1, book.firstBidRow() + 2);
    ticket.fillFromBook(bidRow);
    QCOMPARE(gpuBox->value(), 3);
    QCOMPARE(priceEdit->text(), Money::toPlain(book.level(bidRow).price));
    // An ask level: its price and the GPUs up to it.
    const int askRow = book.firstBidRow() - 1;
    ticket.fillFromBook(askRow);
    QCOMPARE(gpuBox->value(), int(book.cumulative(askRow)));
    QCOMPARE(priceEdit->text(), Money::toPlain(book.level(askRow).price));
}

// The wizard's 108 hours were sized for one GPU's job: another GPU starts at one hour, unless the
// user set hours for that GPU.
void TestOrderTicket::anotherGpuStartsAtOneHour()
{
    OrderTicket &ticket = *m_ticket;
    auto *hourBox = ticket.findChild<QSpinBox *>(u"ticketHours"_s);
    QVERIFY(hourBox);
    ticket.prefill(u"h100-sxm"_s, 8, 108, 419, true);
    QCOMPARE(hourBox->value(), 108);
    m_desk->selectGpu(u"l40s"_s);
    QCOMPARE(hourBox->value(), 1);
    hourBox->setValue(5); // as the user types
    m_desk->selectGpu(u"h100-sxm"_s);
    QCOMPARE(hourBox->value(), 1); // the wizard's hours were not the user's
    hourBox->setValue(12);
    m_desk->selectGpu(u"l40s"_s);
    QCOMPARE(hourBox->value(), 5);
    m_desk->selectGpu(u"h100-sxm"_s);
    QCOMPARE(hourBox->value(), 12);
    // A prefill for the GPU shown sets its hours again.
    ticket.prefill(u"h100-sxm"_s, 2, 24, 419, true);
    QCOMPARE(hourBox->value(), 24);
    QTRY_VERIFY_WITH_TIMEOUT(m_desk->orderBook()->bestAsk().has_value(), 5000);
}

void TestOrderTicket::priceSaysWhichRuleFailed_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("price");
    QTest::addColumn<QString>("problem");
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    const QLocale id(QLocale::Indonesian, QLocale::Indonesia);
    QTest::newRow("3.055: more than cents")
        << en << u"3.055"_s << u"Prices are in whole cents: at most two decimals, like 4.19."_s;
    QTest::newRow("-3: not positive")
        << en << u"-3"_s << u"The price must be above zero: at least $0.01 per GPU-hour."_s;
    QTest::newRow("0: not positive")
        << en << u"0"_s << u"The price must be above zero: at least $0.01 per GPU-hour."_s;
    QTest::newRow("abc: not a number")
        << en << u"abc"_s << u"Enter the price as a number, like 4.19."_s;
    QTest::newRow("id 4.05: the decimal sign")
        << id << u"4.05"_s << u"Use a comma for decimals: 4,05"_s;
    QTest::newRow("en 4,05: the decimal sign")
        << en << u"4,05"_s << u"Use a point for decimals: 4.05"_s;
    QTest::newRow("empty") << en << QString() << u"Enter a price per GPU-hour, like $4.19."_s;
    QTest::newRow("over the maximum")
        << en << u"1000.01"_s << u"The price can be at most $1,000.00 per GPU-hour."_s;
}

// "3.055", "-3", "abc" and an Indonesian "4.05" break different rules; the ticket names the one.
void TestOrderTicket::priceSaysWhichRuleFailed()
{
    QFETCH(QLocale, locale);
    QFETCH(QString, price);
    QFETCH(QString, problem);
    OrderTicket &ticket = *m_ticket;
    ticket.setLocale(locale);
    auto *priceEdit = ticket.findChild<QLineEdit *>(u"ticketPrice"_s);
    auto *shown = ticket.findChild<QLabel *>(u"ticketProblem"_s);
    auto *place = ticket.findChild<QPushButton *>(u"ticketPlace"_s);
    QVERIFY(priceEdit && shown && place);
    priceEdit->setText(price);
    QCOMPARE(shown->text(), problem);
    QVERIFY(!place->isEnabled());
    QString why;
    QVERIFY(!ticket.order(&why));
    QCOMPARE(why, problem);
    ticket.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
}

QTEST_MAIN(TestOrderTicket)
#include "tst_orderticket.moc"
