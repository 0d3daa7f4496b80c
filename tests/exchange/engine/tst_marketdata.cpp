// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Candles, the trade tape and the 24-hour ticker computed from trades (exchange/marketdata.h).

#include "fixtures/enginefixture.h"

#include "engine/marketdata.h"

#include <QtCore/QDateTime>
#include <QtCore/QTimeZone>
#include <QtTest/QTest>

using namespace everx;
using namespace everx::test;

Q_DECLARE_METATYPE(everx::Candle)
Q_DECLARE_METATYPE(QList<everx::Candle>)

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 DayMs = 24 * MarketRules::HourMs;
const QString Gpu = QStringLiteral("h100-sxm");

Trade trade(qint64 timeMs, Cents price, qint32 quantity = 1, qint32 hours = 1,
            const QString &gpu = Gpu)
{
    Trade t;
    t.gpu = gpu;
    t.priceCents = price;
    t.quantity = quantity;
    t.hours = hours;
    t.timeMs = timeMs;
    return t;
}

Candle candle(qint64 startMs, Cents o, Cents h, Cents l, Cents c, qint64 v)
{
    return Candle {startMs, o, h, l, c, v};
}

QString describe(const QList<Candle> &candles)
{
    QStringList out;
    for (const Candle &c : candles)
        out << QStringLiteral("[t%1 o%2 h%3 l%4 c%5 v%6]")
                   .arg(c.startMs - T0)
                   .arg(c.open)
                   .arg(c.high)
                   .arg(c.low)
                   .arg(c.close)
                   .arg(c.volume);
    return out.join(u' ');
}

QString describe(const Trade &t)
{
    return QStringLiteral("%1 %2 %3 $%4 q%5 h%6 o%7 l%8 r%9 a%10")
        .arg(t.id)
        .arg(t.gpu)
        .arg(t.timeMs)
        .arg(t.priceCents)
        .arg(t.quantity)
        .arg(t.hours)
        .arg(t.orderId)
        .arg(t.listingId)
        .arg(t.rentalId)
        .arg(int(t.aggressor));
}

// The hand-made sequence of candlesData(): around the UTC midnight T0, across minute, five-minute,
// hour and day boundaries. Volume is GPUs x hours.
QList<Trade> handMadeTrades()
{
    return {
        trade(T0 - 1, 300, 1, 2), // 23:59:59.999 the day before: v2
        trade(T0, 310, 2, 3), // 00:00:00.000: v6
        trade(T0 + MinuteMs - 1, 290, 1, 1), // still the first minute: v1
        trade(T0 + MinuteMs, 305, 4, 2), // v8
        trade(T0 + 5 * MinuteMs - 1, 320, 1, 1), // last ms of the first five minutes: v1
        trade(T0 + 5 * MinuteMs, 315, 2, 2), // v4
        trade(T0 + MarketRules::HourMs, 330, 1, 4), // v4
        trade(T0 + DayMs + 5, 280, 8, 24), // the next day: v192
    };
}

} // namespace

class TestMarketData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void intervals();
    void candles_data();
    void candles();
    void utcAlignment();
    void formingCandleUpdatedInPlace();
    void candleLimit();
    void otherGpusAndUnknownGpus();
    void prune();
    void tape();
    void tickerNulls();
    void tickerFields();
    void tickerWindowEdge();
    void tickerChangeRounding_data();
    void tickerChangeRounding();
    void loadEqualsIncrementalAdds();
};

void TestMarketData::intervals()
{
    QCOMPARE(MarketData::retentionMs(CandleInterval::Minute), 3 * DayMs);
    QCOMPARE(MarketData::retentionMs(CandleInterval::FiveMinutes), 14 * DayMs);
    QCOMPARE(MarketData::retentionMs(CandleInterval::Hour), 90 * DayMs);
    QCOMPARE(MarketData::retentionMs(CandleInterval::Day), 3 * 365 * DayMs);
}

void TestMarketData::candles_data()
{
    QTest::addColumn<int>("interval");
    QTest::addColumn<QList<Candle>>("expected");

    const qint64 m = MinuteMs, h = MarketRules::HourMs;
    QTest::newRow("1m") << int(CandleInterval::Minute)
                        << QList<Candle> {candle(T0 - m, 300, 300, 300, 300, 2),
                                          candle(T0, 310, 310, 290, 290, 7),
                                          candle(T0 + m, 305, 305, 305, 305, 8),
                                          candle(T0 + 4 * m, 320, 320, 320, 320, 1),
                                          candle(T0 + 5 * m, 315, 315, 315, 315, 4),
                                          candle(T0 + h, 330, 330, 330, 330, 4),
                                          candle(T0 + DayMs, 280, 280, 280, 280, 192)};
    QTest::newRow("5m") << int(CandleInterval::FiveMinutes)
                        << QList<Candle> {candle(T0 - 5 * m, 300, 300, 300, 300, 2),
                                          candle(T0, 310, 320, 290, 320, 16),
                                          candle(T0 + 5 * m, 315, 315, 315, 315, 4),
                                          candle(T0 + h, 330, 330, 330, 330, 4),
                                          candle(T0 + DayMs, 280, 280, 280, 280, 192)};
    QTest::newRow("1h") << int(CandleInterval::Hour)
                        << QList<Candle> {candle(T0 - h, 300, 300, 300, 300, 2),
                                          candle(T0, 310, 320, 290, 315, 20),
                                          candle(T0 + h, 330, 330, 330, 330, 4),
                                          candle(T0 + DayMs, 280, 280, 280, 280, 192)};
    QTest::newRow("1d") << int(CandleInterval::Day)
                        << QList<Candle> {candle(T0 - DayMs, 300, 300, 300, 300, 2),
                                          candle(T0, 310, 330, 290, 330, 24),
                                          candle(T0 + DayMs, 280, 280, 280, 280, 192)};
}

void TestMarketData::candles()
{
    QFETCH(int, interval);
    QFETCH(QList<Candle>, expected);
    const auto iv = CandleInterval(interval);

    MarketData md(GpuCatalog::builtIn());
    MarketData::PerInterval<Candle> landed {};
    for (const Trade &t : handMadeTrades()) {
        landed = md.addTrade(t);
        // What addTrade reports is the candle the trade landed in, as it stands now: the forming
        // one.
        QCOMPARE(landed[size_t(interval)], md.candles(Gpu, iv).last());
    }
    const QList<Candle> actual = md.candles(Gpu, iv);
    QVERIFY2(actual == expected,
             qPrintable(describe(actual) + QStringLiteral("\n vs ") + describe(expected)));
}

void TestMarketData::utcAlignment()
{
    // Every candle starts on its interval in UTC: a 1d candle at 00:00 UTC, whatever the local
    // time zone of the machine.
    MarketData md(GpuCatalog::builtIn());
    const qint64 odd = T0 + 13 * MarketRules::HourMs + 47 * MinuteMs + 13'457; // 13:47:13.457 UTC
    md.addTrade(trade(odd, 100));
    const qint64 expectedStart[] = {T0 + 13 * MarketRules::HourMs + 47 * MinuteMs,
                                    T0 + 13 * MarketRules::HourMs + 45 * MinuteMs,
                                    T0 + 13 * MarketRules::HourMs, T0};
    for (int i = 0; i < int(CandleIntervals::Count); ++i) {
        const QList<Candle> c = md.candles(Gpu, CandleInterval(i));
        QCOMPARE(c.size(), 1);
        QCOMPARE(c.first().startMs, expectedStart[i]);
    }
    const QDateTime dayStart = QDateTime::fromMSecsSinceEpoch(
        md.candles(Gpu, CandleInterval::Day).first().startMs, QTimeZone::utc());
    QCOMPARE(dayStart.time(), QTime(0, 0));
    QCOMPARE(dayStart.date(), QDate(2026, 11, 30));

    // The last millisecond of a UTC day and the first of the next land in different day candles.
    MarketData edge(GpuCatalog::builtIn());
    edge.addTrade(trade(T0 + DayMs - 1, 100));
    edge.addTrade(trade(T0 + DayMs, 200));
    const QList<Candle> days = edge.candles(Gpu, CandleInterval::Day);
    QCOMPARE(days.size(), 2);
    QCOMPARE(days[0], candle(T0, 100, 100, 100, 100, 1));
    QCOMPARE(days[1], candle(T0 + DayMs, 200, 200, 200, 200, 1));
}

void TestMarketData::formingCandleUpdatedInPlace()
{
    MarketData md(GpuCatalog::builtIn());
    md.addTrade(trade(T0 + 1'000, 300, 1, 1));
    auto landed = md.addTrade(trade(T0 + 2'000, 340, 2, 2));
    QCOMPARE(landed[CandleIntervals::index(CandleInterval::Minute)],
             candle(T0, 300, 340, 300, 340, 5));
    landed = md.addTrade(trade(T0 + 3'000, 280, 1, 3));
    QCOMPARE(landed[CandleIntervals::index(CandleInterval::Minute)],
             candle(T0, 300, 340, 280, 280, 8));
    QCOMPARE(md.candles(Gpu, CandleInterval::Minute),
             QList<Candle> {landed[CandleIntervals::index(CandleInterval::Minute)]});

    // The next minute opens a new forming candle and leaves the closed one as it was.
    landed = md.addTrade(trade(T0 + MinuteMs, 290, 1, 1));
    QCOMPARE(landed[CandleIntervals::index(CandleInterval::Minute)],
             candle(T0 + MinuteMs, 290, 290, 290, 290, 1));
    QCOMPARE(landed[CandleIntervals::index(CandleInterval::Hour)],
             candle(T0, 300, 340, 280, 290, 9));
    const QList<Candle> minutes = md.candles(Gpu, CandleInterval::Minute);
    QCOMPARE(minutes.size(), 2);
    QCOMPARE(minutes[0], candle(T0, 300, 340, 280, 280, 8));
    QCOMPARE(md.candles(Gpu, CandleInterval::Hour).size(), 1);
}

void TestMarketData::candleLimit()
{
    MarketData md(GpuCatalog::builtIn());
    for (int i = 0; i < 1'500; ++i)
        md.addTrade(trade(T0 + i * MinuteMs, 100 + i % 7));
    QCOMPARE(md.candles(Gpu, CandleInterval::Minute).size(), 1'000); // the default maximum
    const QList<Candle> three = md.candles(Gpu, CandleInterval::Minute, 3);
    QCOMPARE(three.size(), 3);
    QCOMPARE(three.first().startMs, T0 + 1'497 * MinuteMs); // oldest first
    QCOMPARE(three.last().startMs, T0 + 1'499 * MinuteMs); // the forming one last
    QVERIFY(md.candles(Gpu, CandleInterval::Minute, 0).isEmpty());
}

void TestMarketData::otherGpusAndUnknownGpus()
{
    MarketData md(GpuCatalog::builtIn());
    md.addTrade(trade(T0, 100, 1, 1, QStringLiteral("rtx-4090")));
    md.addTrade(trade(T0, 500, 1, 1, Gpu));
    QCOMPARE(md.candles(QStringLiteral("rtx-4090"), CandleInterval::Hour),
             QList<Candle> {candle(T0, 100, 100, 100, 100, 1)});
    QCOMPARE(md.candles(Gpu, CandleInterval::Hour),
             QList<Candle> {candle(T0, 500, 500, 500, 500, 1)});
    QVERIFY(md.candles(QStringLiteral("b200"), CandleInterval::Hour).isEmpty());

    // A GPU outside the catalog is not charted (and does not allocate a series).
    const auto landed = md.addTrade(trade(T0, 100, 1, 1, QStringLiteral("no-such-gpu")));
    QCOMPARE(landed[CandleIntervals::index(CandleInterval::Day)], Candle {});
    QVERIFY(md.candles(QStringLiteral("no-such-gpu"), CandleInterval::Day).isEmpty());
    QVERIFY(md.recentTrades(QStringLiteral("no-such-gpu")).isEmpty());
}

void TestMarketData::prune()
{
    MarketData md(GpuCatalog::builtIn());
    const qint64 now = T0;
    const qint64 times[] = {
        now - 3 * DayMs - MinuteMs, // older than the 1m retention by one minute
        now - 3 * DayMs, // exactly at the 1m retention: kept
        now - 15 * DayMs, // past 5m, within 1h
        now - 91 * DayMs, // past 1h, within 1d
        now - 3 * 365 * DayMs - DayMs, // past every retention
        now - 10 * MinuteMs,
    };
    std::vector<qint64> sorted(std::begin(times), std::end(times));
    std::sort(sorted.begin(), sorted.end());
    for (const qint64 t : sorted)
        md.addTrade(trade(t, 100));
    QCOMPARE(md.candles(Gpu, CandleInterval::Minute).size(), 6);

    md.prune(now);
    const auto starts = [&](CandleInterval i) {
        QList<qint64> out;
        for (const Candle &c : md.candles(Gpu, i, 100'000))
            out << (now - c.startMs) / MinuteMs; // minutes before now
        return out;
    };
    QCOMPARE(starts(CandleInterval::Minute), (QList<qint64> {3 * 1440, 10}));
    QCOMPARE(starts(CandleInterval::FiveMinutes), (QList<qint64> {3 * 1440 + 5, 3 * 1440, 10}));
    QCOMPARE(starts(CandleInterval::Hour),
             (QList<qint64> {15 * 1440, 3 * 1440 + 60, 3 * 1440, 60}));
    QCOMPARE(starts(CandleInterval::Day),
             (QList<qint64> {91 * 1440, 15 * 1440, 4 * 1440, 3 * 1440, 1440}));
    // Pruning again at the same time changes nothing; later, more goes.
    md.prune(now);
    QCOMPARE(md.candles(Gpu, CandleInterval::Minute).size(), 2);
    md.prune(now + DayMs);
    QCOMPARE(md.candles(Gpu, CandleInterval::Minute).size(), 1);
    // The tape is not a chart: it keeps its trades whatever their age.
    QCOMPARE(md.recentTrades(Gpu).size(), 6);
}

void TestMarketData::tape()
{
    MarketData md(GpuCatalog::builtIn());
    for (int i = 0; i < 150; ++i) {
        Trade t = trade(T0 + i * 1'000, 100 + i);
        t.id = i + 1;
        md.addTrade(t);
    }
    const QList<Trade> tape = md.recentTrades(Gpu);
    QCOMPARE(tape.size(), MarketData::TapeSize);
    QCOMPARE(tape.first().id, 51); // oldest first
    QCOMPARE(tape.last().id, 150); // newest last
    for (qsizetype i = 1; i < tape.size(); ++i)
        QCOMPARE(tape[i].id, tape[i - 1].id + 1);
    const QList<Trade> five = md.recentTrades(Gpu, 5);
    QCOMPARE(five.size(), 5);
    QCOMPARE(five.first().id, 146);
    QCOMPARE(five.last().priceCents, 249);
    QCOMPARE(md.recentTrades(Gpu, 1'000).size(), MarketData::TapeSize);
    md.prune(T0 + DayMs);
    QCOMPARE(md.recentTrades(Gpu).size(), MarketData::TapeSize);
    QVERIFY(md.recentTrades(QStringLiteral("b200")).isEmpty());
}

void TestMarketData::tickerNulls()
{
    MarketData md(GpuCatalog::builtIn());
    // Nothing at all: every price null, no volume.
    TickerEntry t = md.ticker(Gpu, nullptr, T0);
    QCOMPARE(t.gpu, Gpu);
    QVERIFY(!t.bid && !t.ask && !t.last && !t.open24h && !t.change24hBp);
    QCOMPARE(t.volume24h, 0);

    // An empty book gives null bid and ask; a one-sided book one of them.
    OrderBook book;
    t = md.ticker(Gpu, &book, T0);
    QVERIFY(!t.bid && !t.ask);
    book.add(Side::Ask, 1, 7, 310, 4);
    t = md.ticker(Gpu, &book, T0);
    QVERIFY(!t.bid);
    QCOMPARE(t.ask, Cents(310));
    book.add(Side::Bid, 2, 8, 290, 1);
    book.add(Side::Bid, 3, 8, 295, 1);
    t = md.ticker(Gpu, &book, T0);
    QCOMPARE(t.bid, Cents(295));
    QCOMPARE(t.ask, Cents(310));

    // A trade older than the window: last is known, the 24-hour figures are not.
    md.addTrade(trade(T0 - 2 * DayMs, 333, 2, 5));
    t = md.ticker(Gpu, &book, T0);
    QCOMPARE(t.last, Cents(333));
    QVERIFY(!t.open24h);
    QVERIFY(!t.change24hBp);
    QCOMPARE(t.volume24h, 0);
    // Another GPU's ticker is untouched.
    t = md.ticker(QStringLiteral("b200"), nullptr, T0);
    QVERIFY(!t.last);
}

void TestMarketData::tickerFields()
{
    MarketData md(GpuCatalog::builtIn());
    const qint64 now = T0 + 17 * MarketRules::HourMs + 123;
    md.addTrade(trade(now - 25 * MarketRules::HourMs, 400, 8, 8)); // before the window
    md.addTrade(trade(now - 23 * MarketRules::HourMs, 410, 1, 2)); // first in the window: open24h
    md.addTrade(trade(now - MarketRules::HourMs, 425, 2, 3));
    md.addTrade(trade(now - 1, 430, 4, 1)); // last
    const TickerEntry t = md.ticker(Gpu, nullptr, now);
    QCOMPARE(t.last, Cents(430));
    QCOMPARE(t.open24h, Cents(410));
    QCOMPARE(t.change24hBp, 488); // 20 / 410 = 487.8 bp
    QCOMPARE(t.volume24h, 2 + 6 + 4); // GPU-hours in the window

    // A day and a minute later the window has moved past all of them (a minute, because the
    // window's far edge has the granularity of the 1m candles).
    const TickerEntry later = md.ticker(Gpu, nullptr, now + DayMs + MinuteMs);
    QCOMPARE(later.last, Cents(430));
    QVERIFY(!later.open24h);
    QCOMPARE(later.volume24h, 0);

    // A falling market gives a negative change.
    md.addTrade(trade(now + 1, 369, 1, 1));
    QCOMPARE(md.ticker(Gpu, nullptr, now + 1).change24hBp, -1000); // (369 - 410) / 410
}

void TestMarketData::tickerWindowEdge()
{
    // The window (now - 24h, now] is read from 1m candles. A candle that ends before the window
    // opens does not count; one that overlaps it counts whole (documented edge granularity).
    const qint64 now = T0 + 12 * MarketRules::HourMs;
    MarketData before(GpuCatalog::builtIn());
    before.addTrade(trade(now - DayMs - 1, 300)); // its minute ends 1 ms before the window opens
    QVERIFY(!before.ticker(Gpu, nullptr, now).open24h);

    MarketData inside(GpuCatalog::builtIn());
    inside.addTrade(trade(now - DayMs + 1, 300, 2, 2)); // the window's first millisecond
    inside.addTrade(trade(now, 330)); // the window's last
    const TickerEntry t = inside.ticker(Gpu, nullptr, now);
    QCOMPARE(t.open24h, Cents(300));
    QCOMPARE(t.last, Cents(330));
    QCOMPARE(t.change24hBp, 1000);
    QCOMPARE(t.volume24h, 5);
}

void TestMarketData::tickerChangeRounding_data()
{
    QTest::addColumn<Cents>("open");
    QTest::addColumn<Cents>("last");
    QTest::addColumn<int>("changeBp");
    QTest::newRow("exact") << Cents(400) << Cents(401) << 25;
    QTest::newRow("unchanged") << Cents(400) << Cents(400) << 0;
    QTest::newRow("tie 312.5 to even 312") << Cents(32) << Cents(33) << 312;
    QTest::newRow("tie 937.5 to even 938") << Cents(32) << Cents(35) << 938;
    QTest::newRow("tie -312.5 to even -312") << Cents(32) << Cents(31) << -312;
    QTest::newRow("tie -937.5 to even -938") << Cents(32) << Cents(29) << -938;
    QTest::newRow("33.33 down") << Cents(300) << Cents(301) << 33;
    QTest::newRow("66.67 up") << Cents(300) << Cents(302) << 67;
    QTest::newRow("-3333.33") << Cents(3) << Cents(2) << -3333;
    QTest::newRow("doubling") << Cents(288) << Cents(576) << 10'000;
}

void TestMarketData::tickerChangeRounding()
{
    QFETCH(Cents, open);
    QFETCH(Cents, last);
    QFETCH(int, changeBp);
    MarketData md(GpuCatalog::builtIn());
    md.addTrade(trade(T0 - 2 * MarketRules::HourMs, open));
    md.addTrade(trade(T0 - MarketRules::HourMs, last));
    const TickerEntry t = md.ticker(Gpu, nullptr, T0);
    QCOMPARE(t.open24h, open);
    QCOMPARE(t.last, last);
    QCOMPARE(t.change24hBp, changeBp);
}

void TestMarketData::loadEqualsIncrementalAdds()
{
    EngineFixture f;
    // 100 days of seeded history over three GPUs, then some live trades on top.
    QRandomGenerator rng(7);
    const QStringList gpus {Gpu, QStringLiteral("rtx-4090"), QStringLiteral("b300")};
    QList<Trade> history;
    qint64 t = T0 - 100 * DayMs;
    while (true) {
        t += 1 + rng.bounded(int(40 * MinuteMs));
        if (t > T0 - MarketRules::HourMs)
            break;
        history << trade(t, 50 + rng.bounded(500), 1 + qint32(rng.bounded(8)),
                         1 + qint32(rng.bounded(24)), gpus[rng.bounded(3)]);
    }
    QVERIFY(f.engine->recordHistory(history).ok());
    const qint64 provider = f.newAccount(QStringLiteral("p@example.com"), Role::Provider);
    const qint64 customer = f.funded(QStringLiteral("c@example.com"), 10'000'000);
    QVERIFY(f.list(provider, Gpu, 8, 300));
    f.clock.advance(MinuteMs);
    QVERIFY(f.bid(customer, Gpu, 3, 2, 300, OrderKind::BuyNow).ok());
    f.clock.advance(5 * MinuteMs);
    QVERIFY(f.bid(customer, Gpu, 2, 1, 310, OrderKind::BuyNow).ok());
    const qint64 now = f.clock.nowMs();

    const QList<Trade> all = f.engine->database().trades(QString(), 0);
    QCOMPARE(all.size(), history.size() + 2);
    MarketData incremental(f.engine->catalog());
    for (const Trade &trade : all)
        incremental.addTrade(trade);
    incremental.prune(now);

    MarketData loaded(f.engine->catalog());
    QString error;
    QVERIFY2(loaded.load(f.engine->database(), now, &error), qPrintable(error));

    for (const QString &gpu : gpus) {
        for (int i = 0; i < int(CandleIntervals::Count); ++i) {
            const auto iv = CandleInterval(i);
            const QList<Candle> a = loaded.candles(gpu, iv, 1'000'000);
            const QList<Candle> b = incremental.candles(gpu, iv, 1'000'000);
            QVERIFY2(!a.isEmpty(), qPrintable(gpu));
            QCOMPARE(a.size(), b.size());
            QVERIFY2(a == b, qPrintable(gpu + u' ' + CandleIntervals::name(iv)));
            // Retention holds after a load: nothing older than the interval keeps.
            QVERIFY(a.first().startMs >= now - MarketData::retentionMs(iv));
        }
        const QList<Trade> ta = loaded.recentTrades(gpu), tb = incremental.recentTrades(gpu);
        QCOMPARE(ta.size(), MarketData::TapeSize);
        QCOMPARE(ta.size(), tb.size());
        for (qsizetype i = 0; i < ta.size(); ++i)
            QCOMPARE(describe(ta[i]), describe(tb[i]));
        QCOMPARE(loaded.ticker(gpu, f.engine->book(gpu), now),
                 incremental.ticker(gpu, f.engine->book(gpu), now));
    }
    // The live trades are on the tape and in the ticker, at the taken ask.
    const TickerEntry h100 = loaded.ticker(Gpu, f.engine->book(Gpu), now);
    QCOMPARE(h100.last, Cents(300));
    QCOMPARE(h100.ask, Cents(300));
    QCOMPARE(loaded.recentTrades(Gpu).last().aggressor, quint8(BuyerAggressor));
    // Loading again rebuilds rather than adds.
    QVERIFY(loaded.load(f.engine->database(), now, &error));
    QCOMPARE(loaded.candles(Gpu, CandleInterval::Day, 1'000),
             incremental.candles(Gpu, CandleInterval::Day, 1'000));
}

QTEST_GUILESS_MAIN(TestMarketData)
#include "tst_marketdata.moc"
