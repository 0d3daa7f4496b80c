// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The desk when the server goes, offscreen over the embedded sandbox with a connection the test
// drops and keeps down: the book and both charts carry a banner that says since when they are
// not live and counts down to the next attempt; the order ticket and top-ups are disabled with
// the reason shown; once the exchange is back and the fresh snapshots are in, everything
// un-marks. StaleBanner::text's wording is checked on its own, case by case.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"

#include "trading/stalebanner.h"
#include "views/deskstate.h"
#include "window/mainwindow.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QDateTime>
#include <QtCore/QStandardPaths>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>

using namespace Qt::StringLiterals;
using namespace everx;

class TestStaleBanner : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void text_data();
    void text();
    void deskMarksItselfWhileTheServerIsGone();
};

void TestStaleBanner::initTestCase()
{
    test::isolateSettings();
}

void TestStaleBanner::text_data()
{
    QTest::addColumn<qint64>("untilNextMs"); // -1: no attempt scheduled
    QTest::addColumn<bool>("connected");
    QTest::addColumn<QString>("tail");
    QTest::newRow("4.2 s to go") << qint64(4'200) << false << u" \u2014 reconnecting in 5 s"_s;
    QTest::newRow("1 s to go") << qint64(1'000) << false << u" \u2014 reconnecting in 1 s"_s;
    QTest::newRow("overdue") << qint64(-1) << false << u" \u2014 reconnecting\u2026"_s;
    QTest::newRow("connected, snapshots due")
        << qint64(3'000) << true << u" \u2014 resynchronising\u2026"_s;
}

void TestStaleBanner::text()
{
    QFETCH(qint64, untilNextMs);
    QFETCH(bool, connected);
    QFETCH(QString, tail);
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 since = now - 65'000;
    const QString sinceText = en.toString(
        QDateTime::fromMSecsSinceEpoch(since).toLocalTime().time(), QLocale::LongFormat);
    QCOMPARE(
        StaleBanner::describe(since, untilNextMs < 0 ? 0 : now + untilNextMs, now, connected, en),
        u"Not live since "_s + sinceText + tail);
}

void TestStaleBanner::deskMarksItselfWhileTheServerIsGone()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    session.setReconnectDelays(3'000, 3'000); // long enough to read the countdown
    session.setPingInterval(100); // a latency to show before the server goes
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_VERIFY_WITH_TIMEOUT(desk.balance().available > 0, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->bestAsk().has_value(), 5000);

    const QStringList views {u"orderBookLadder"_s, u"priceChart"_s, u"depthChart"_s};
    QList<StaleBanner *> banners;
    for (const QString &view : views) {
        auto *banner = window.findChild<StaleBanner *>(view + u"StaleBanner"_s);
        QVERIFY2(banner, qPrintable(view));
        QVERIFY(!banner->isVisible());
        banners.append(banner);
    }
    auto *place = window.findChild<QPushButton *>(u"ticketPlace"_s);
    auto *problem = window.findChild<QLabel *>(u"ticketProblem"_s);
    auto *price = window.findChild<QLineEdit *>(u"ticketPrice"_s);
    auto *topUp = window.findChild<QPushButton *>(u"walletTopUp"_s);
    auto *offline = window.findChild<QLabel *>(u"walletOffline"_s);
    QVERIFY(place && problem && price && topUp && offline);
    for (const char *dock : {"orderTicketDock", "walletDock"}) {
        if (auto *d = window.findChild<QDockWidget *>(QLatin1String(dock)))
            d->show();
    }
    price->setText(u"0.10"_s); // a bid far under the market, well within the balance
    QTRY_VERIFY(place->isEnabled());
    QVERIFY(topUp->isEnabled());
    QVERIFY(offline->isHidden());
    // The figures the ticket and the status bar show while live.
    const QStringList figures {u"ticketTax"_s, u"ticketTotal"_s, u"ticketBalanceAfter"_s,
                               u"statusAccount"_s, u"statusBalance"_s};
    QStringList live;
    for (const QString &name : figures) {
        auto *label = window.findChild<QLabel *>(name);
        QVERIFY2(label, qPrintable(name));
        QVERIFY(label->isEnabled());
        QVERIFY(label->toolTip().isEmpty());
        live.append(label->text());
    }
    QVERIFY(desk.taxBasisPoints() > 0); // the demo customer pays VAT
    QVERIFY2(live.at(0) != Money::format(0, window.locale()), qPrintable(live.at(0)));
    auto *latency = window.findChild<QLabel *>(u"statusLatency"_s);
    QVERIFY(latency);
    QTRY_VERIFY_WITH_TIMEOUT(!latency->text().isEmpty(), 5000); // the first ping's answer

    // The server goes and stays away.
    sandbox.reachable = false;
    const QString sinceText = QLocale().toString(QTime::currentTime(), QLocale::LongFormat);
    sandbox.dropConnection();
    QTRY_VERIFY(desk.isStale());
    for (StaleBanner *banner : std::as_const(banners)) {
        QTRY_VERIFY(banner->isVisible());
        QVERIFY2(banner->text().startsWith(u"Not live since "_s), qPrintable(banner->text()));
        QCOMPARE(banner->width(), banner->parentWidget()->width());
    }
    QVERIFY2(banners.first()->text().contains(banners.first()->locale().toString(
                 QDateTime::fromMSecsSinceEpoch(desk.staleSinceMs()).toLocalTime().time(),
                 QLocale::LongFormat)),
             qPrintable(banners.first()->text() + u" / "_s + sinceText));
    // The countdown to the next attempt, which moves on.
    QTRY_VERIFY_WITH_TIMEOUT(banners.first()->text().contains(u"reconnecting in"_s), 5000);
    QVERIFY(session.nextAttemptMs() > 0);
    // Orders and top-ups wait, and say why.
    QVERIFY(!place->isEnabled());
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().startsWith(u"Offline"_s), qPrintable(problem->text()));
    QVERIFY(!topUp->isEnabled());
    QVERIFY(offline->isVisible());
    QVERIFY(!offline->text().isEmpty());
    // The last known figures stay, greyed, dated: no tax of $0.00, no account signed out, and no
    // latency of a connection there is not.
    const QString asOf =
        QLocale().toString(QDateTime::fromMSecsSinceEpoch(desk.staleSinceMs()).toLocalTime().time(),
                           QLocale::ShortFormat);
    for (qsizetype i = 0; i < figures.size(); ++i) {
        auto *label = window.findChild<QLabel *>(figures.at(i));
        QCOMPARE(label->text(), live.at(i));
        QVERIFY2(!label->isEnabled(), qPrintable(figures.at(i)));
        QVERIFY2(label->toolTip().startsWith(u"As of "_s + asOf), qPrintable(label->toolTip()));
    }
    QVERIFY2(latency->text().isEmpty(), qPrintable(latency->text()));

    // Back: after the fresh snapshots everything un-marks.
    sandbox.reachable = true;
    session.connectToExchange(); // "Reconnect now", rather than wait out the countdown
    QTRY_VERIFY_WITH_TIMEOUT(!desk.isStale(), 10'000);
    QCOMPARE(session.state(), ClientSession::State::SignedIn);
    for (StaleBanner *banner : std::as_const(banners))
        QTRY_VERIFY(!banner->isVisible());
    QTRY_VERIFY(place->isEnabled());
    QVERIFY(!problem->isVisible());
    QVERIFY(topUp->isEnabled());
    QVERIFY(offline->isHidden());
    for (qsizetype i = 0; i < figures.size(); ++i) {
        auto *label = window.findChild<QLabel *>(figures.at(i));
        QVERIFY2(label->isEnabled(), qPrintable(figures.at(i)));
        QVERIFY(label->toolTip().isEmpty());
    }
}

QTEST_MAIN(TestStaleBanner)
#include "tst_stalebanner.moc"
