// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The painted order book ladder: rows map to levels around a centred spread line, own bids are
// marked, clicks and keys activate levels, and a burst of book changes is painted once.

#include "trading/ladderview.h"
#include "views/openordersmodel.h"
#include "views/orderbookmodel.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QScrollBar>

using namespace everx;

namespace {
QJsonArray levels(std::initializer_list<std::pair<QString, qint64>> ls)
{
    QJsonArray a;
    for (const auto &[price, gpus] : ls)
        a.append(QJsonArray {price, gpus, gpus > 0 ? 1 : 0});
    return a;
}
QJsonObject book(QJsonArray bids, QJsonArray asks)
{
    return {{QStringLiteral("bids"), bids}, {QStringLiteral("asks"), asks}};
}
// A deep book: 40 asks from 5.40 down to 5.01, 40 bids from 4.99 down to 4.60.
QJsonObject deepBook()
{
    QJsonArray bids, asks;
    for (int i = 0; i < 40; ++i) {
        asks.append(QJsonArray {Money::toPlain(540 - i), 2, 1});
        bids.append(QJsonArray {Money::toPlain(499 - i), 3, 1});
    }
    return book(bids, asks);
}
QJsonObject orderEvent(const BidOrder &order)
{
    return {{QStringLiteral("type"), QStringLiteral("order")},
            {QStringLiteral("order"), Wire::toJson(order)}};
}
} // namespace

class TestLadderView : public QObject
{
    Q_OBJECT

private slots:
    void rowsMapAroundACentredSpread();
    void ownBidsAreMarked();
    void clicksAndKeysActivateLevels();
    void burstsArePaintedOnce();
    void userScrollStopsFollowingUntilHome();
    void currentLevelIsKeptByPrice();
    void askLevelsShowWhatOneServerTakes();
};

void TestLadderView::rowsMapAroundACentredSpread()
{
    OrderBookModel model;
    LadderView view;
    view.setBook(&model);
    view.resize(360, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    model.applySnapshot(QStringLiteral("h200"), deepBook());
    // The spread line ends up in the middle of the viewport once the repaint timer fires.
    QTRY_VERIFY(std::abs(view.spreadRect().center().y() - view.viewport()->height() / 2)
                <= view.spreadRect().height());
    const int lastAsk = model.firstBidRow() - 1;
    const int firstBid = model.firstBidRow();
    QCOMPARE(view.bookRowAt(view.bookRowRect(lastAsk).center().y()), lastAsk);
    QCOMPARE(view.bookRowAt(view.bookRowRect(firstBid).center().y()), firstBid);
    QCOMPARE(view.bookRowAt(view.spreadRect().center().y()), -1);
    // The spread line lies between the best ask and the best bid, one line each way.
    QCOMPARE(view.bookRowRect(lastAsk).bottom() + 1, view.spreadRect().top());
    QCOMPARE(view.spreadRect().bottom() + 1, view.bookRowRect(firstBid).top());
}

void TestLadderView::ownBidsAreMarked()
{
    OrderBookModel model;
    OpenOrdersModel orders;
    LadderView view;
    view.setBook(&model);
    view.setOwnOrders(&orders);
    model.applySnapshot(QStringLiteral("h200"), deepBook());
    BidOrder mine;
    mine.id = 9;
    mine.gpu = QStringLiteral("h200");
    mine.quantity = mine.remaining = 2;
    mine.limitCents = 495;
    mine.hours = 1;
    orders.applyEvent(orderEvent(mine));
    int row495 = -1, row496 = -1;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.level(row).price == 495)
            row495 = row;
        if (model.level(row).price == 496)
            row496 = row;
    }
    QCOMPARE(view.ownGpusAt(row495), qint64(2));
    QCOMPARE(view.ownGpusAt(row496), qint64(0));
    // Another GPU's bid at the same price is not this book's.
    BidOrder other = mine;
    other.id = 10;
    other.gpu = QStringLiteral("a100-sxm");
    orders.applyEvent(orderEvent(other));
    QCOMPARE(view.ownGpusAt(row495), qint64(2));
    // Once the bid is filled it leaves open orders and the marker goes.
    mine.remaining = 0;
    mine.state = OrderState::Filled;
    orders.applyEvent(orderEvent(mine));
    QCOMPARE(view.ownGpusAt(row495), qint64(0));
}

void TestLadderView::clicksAndKeysActivateLevels()
{
    OrderBookModel model;
    LadderView view;
    view.setBook(&model);
    view.resize(360, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    model.applySnapshot(QStringLiteral("h200"), deepBook());
    QTRY_VERIFY(view.spreadRect().top() > 0);
    QSignalSpy activated(&view, &LadderView::levelActivated);
    const int bestAsk = model.firstBidRow() - 1;
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.bookRowRect(bestAsk).center());
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated[0][0].toInt(), bestAsk);
    // A click on the spread line activates nothing.
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.spreadRect().center());
    QCOMPARE(activated.size(), 1);
    // Keyboard: Down twice from the best ask crosses the spread to the best bid's next level.
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.currentBookRow(), model.firstBidRow());
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.currentBookRow(), model.firstBidRow() + 1);
    QTest::keyClick(&view, Qt::Key_Return);
    QCOMPARE(activated.size(), 2);
    QCOMPARE(activated[1][0].toInt(), model.firstBidRow() + 1);
    QCOMPARE(model.level(activated[1][0].toInt()).price, Cents(498));
    // Up stops at the top.
    for (int i = 0; i < 200; ++i)
        QTest::keyClick(&view, Qt::Key_Up);
    QCOMPARE(view.currentBookRow(), 0);
}

void TestLadderView::burstsArePaintedOnce()
{
    OrderBookModel model;
    LadderView view;
    view.setBook(&model);
    view.resize(360, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    model.applySnapshot(QStringLiteral("h200"), deepBook());
    QTRY_VERIFY(view.paintCount() > 0);
    QTest::qWait(50); // let the snapshot's repaint settle
    const int before = view.paintCount();
    // 500 changes arriving together (one network read's worth) make one repaint, not 500.
    for (int i = 0; i < 500; ++i)
        model.applyDelta(book(levels({{Money::toPlain(499 - i % 40), 1 + i % 7}}), {}));
    QTRY_VERIFY(view.paintCount() > before);
    QTest::qWait(50);
    QVERIFY2(view.paintCount() - before <= 2,
             qPrintable(QString::number(view.paintCount() - before)));
}

void TestLadderView::userScrollStopsFollowingUntilHome()
{
    OrderBookModel model;
    LadderView view;
    view.setBook(&model);
    view.resize(360, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    model.applySnapshot(QStringLiteral("h200"), deepBook());
    QTRY_VERIFY(view.verticalScrollBar()->value() > 0); // centred on the spread
    QVERIFY(view.followsSpread());
    view.verticalScrollBar()->setValue(0); // as a wheel or a drag would
    QVERIFY(!view.followsSpread());
    // New levels do not pull the view back while the user looks elsewhere.
    model.applyDelta(book(levels({{QStringLiteral("5.00"), 4}}), {}));
    QTest::qWait(50);
    QCOMPARE(view.verticalScrollBar()->value(), 0);
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_Home);
    QVERIFY(view.followsSpread());
    QVERIFY(std::abs(view.spreadRect().center().y() - view.viewport()->height() / 2)
            <= view.spreadRect().height());
}

// A clicked level stays the current one by its price while levels above it come and go (its
// row moves), and is no longer current once it leaves the book.
void TestLadderView::currentLevelIsKeptByPrice()
{
    OrderBookModel model;
    LadderView view;
    view.setBook(&model);
    view.resize(360, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    model.applySnapshot(QStringLiteral("h200"), deepBook());
    const auto rowOf = [&model](Cents price) {
        for (int row = 0; row < model.rowCount(); ++row)
            if (model.level(row).price == price)
                return row;
        return -1;
    };
    view.centreOnSpread();
    QTRY_VERIFY(view.viewport()->rect().contains(view.bookRowRect(rowOf(505)).center()));
    QSignalSpy activated(&view, &LadderView::levelActivated);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.bookRowRect(rowOf(505)).center());
    QCOMPARE(activated.size(), 1);
    QCOMPARE(model.level(view.currentBookRow()).price, Cents(505));

    // An ask above it goes, two come: its row moves, the current level does not.
    model.applyDelta(book({}, levels({{QStringLiteral("5.40"), 0}})));
    QCOMPARE(model.level(view.currentBookRow()).price, Cents(505));
    model.applyDelta(book({}, levels({{QStringLiteral("5.50"), 1}, {QStringLiteral("5.45"), 1}})));
    QCOMPARE(model.level(view.currentBookRow()).price, Cents(505));
    // Bids below the spread change too (a buy takes the best bid's neighbours): still 5.05.
    model.applyDelta(book(levels({{QStringLiteral("4.99"), 0}, {QStringLiteral("5.00"), 2}}), {}));
    QCOMPARE(model.level(view.currentBookRow()).price, Cents(505));
    // Enter fills the ticket from that same level.
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_Return);
    QCOMPARE(activated.size(), 2);
    QCOMPARE(model.level(activated.last().at(0).toInt()).price, Cents(505));
    // The level is taken: nothing is current, rather than its neighbour.
    model.applyDelta(book({}, levels({{QStringLiteral("5.05"), 0}})));
    QCOMPARE(view.currentBookRow(), -1);
}

// Each ask level shows its block, the most GPUs one server offers at its price, beside its GPUs;
// a bid level shows nothing there.
void TestLadderView::askLevelsShowWhatOneServerTakes()
{
    OrderBookModel model;
    LadderView view;
    view.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    view.setBook(&model);
    const QJsonArray asks {QJsonArray {QStringLiteral("5.20"), 12, 2, 8},
                           QJsonArray {QStringLiteral("5.10"), 6, 3, 2}};
    model.applySnapshot(QStringLiteral("h200"), book(levels({{QStringLiteral("4.99"), 3}}), asks));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(view.cellText(0, OrderBookModel::Block), QStringLiteral("8"));
    QCOMPARE(view.cellText(1, OrderBookModel::Block), QStringLiteral("2"));
    QCOMPARE(view.cellText(1, OrderBookModel::Gpus), QStringLiteral("6"));
    QCOMPARE(view.cellText(1, OrderBookModel::Price), QStringLiteral("$5.10"));
    QVERIFY(view.cellText(2, OrderBookModel::Block).isEmpty()); // the bid
    QCOMPARE(view.cellText(2, OrderBookModel::Gpus), QStringLiteral("3"));
    // A delta that changes the block alone shows at once.
    BookChange delta;
    delta.asks.push_back({510, 6, 3, 5});
    model.applyDelta(delta);
    QCOMPARE(view.cellText(1, OrderBookModel::Block), QStringLiteral("5"));
}

QTEST_MAIN(TestLadderView)
#include "tst_ladderview.moc"
