// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-deskbench: what a busy book costs the desk. It replays what the desk receives from a
// server whose book churns near the touch: "book.<gpu>" push frames as text, built before any
// clock starts, each handed to the desk's ClientSession as a WebSocket read would hand it, and
// through it to DeskState and OrderBookModel, delivered in bursts with the event loop (and the
// views' repaints) between them. Rows: the frames' reading alone (as the session reads a book
// delta, and with Qt's JSON parser for comparison) and the model alone (the parts), then the whole
// path with no view, with the painted LadderView, with a plain QTableView, and with the ladder, the
// depth chart and the candle chart all attached and shown (a candle push after every 100 book
// deltas, as trades move the forming candle). It prints deltas (push frames) per second, repaints
// and the time of one full repaint.
// --first-window instead times the desk's first window on a fresh sandbox: MainWindow built and
// wired as everx-desk --sandbox does, from construction (and from process start) to its first
// paint, and to the first book snapshot in its models. Not a test; run it offscreen:
//
//   QT_QPA_PLATFORM=offscreen build/bench/everx-deskbench [--deltas N] [--burst N]
//                                                                    [--only ROW]
//   QT_QPA_PLATFORM=offscreen build/bench/everx-deskbench --first-window

#include "benchwait.h"

#include "market/gpucatalog.h"
#include "market/money.h"
#include "server/embeddedexchange.h"
#include "trading/depthchart.h"
#include "trading/ladderview.h"
#include "trading/pricechart.h"
#include "views/candlemodel.h"
#include "views/deskstate.h"
#include "views/orderbookmodel.h"
#include "window/mainwindow.h"
#include "wire/bookpush.h"
#include "wire/clientsession.h"
#include "wire/protocol.h"
#include "wire/serverconnector.h"
#include "wire/transport.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QLoggingCategory>
#include <QtCore/QRandomGenerator>
#include <QtCore/QSet>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimer>
#include <QtWidgets/QApplication>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QTableView>

#include <cstdio>
#include <functional>
#include <memory>
#include <unistd.h>

using namespace everx;

namespace {
constexpr int Levels = 200; // per side
constexpr Cents Mid = 300; // $3.00
const QString Gpu = QStringLiteral("h100-sxm");
constexpr qint64 Hour = 3'600'000, Start = 1'795'996'800'000;

// A day of hourly candles around Mid, and the forming one's update.
QJsonObject candle(qint64 t, Cents close)
{
    return {{QStringLiteral("t"), t},
            {QStringLiteral("o"), Money::toPlain(Mid)},
            {QStringLiteral("h"), Money::toPlain(std::max(Mid, close) + 5)},
            {QStringLiteral("l"), Money::toPlain(std::min(Mid, close) - 5)},
            {QStringLiteral("c"), Money::toPlain(close)},
            {QStringLiteral("v"), 64}};
}

// What the server pushes while a book churns near its touch, as the frame text the desk reads
// (ExchangeService::publishBook's shape: per side, the levels that changed, gpus 0 removing
// one), built before any clock starts. A delta carries one level most often and up to five
// when an order crossed several (60 % one, 25 % two, 10 % three, 5 % five; 1.6 on average).
struct Stream
{
    QString bookSnapshot;
    QString candleSnapshot;
    QList<QString> bookDeltas; // seq 2, 3, ...
    QList<QString> candleDeltas; // the forming candle, seq 2, 3, ...
    qint64 levels = 0; // in all book deltas
};

Stream makeStream(int deltas)
{
    Stream s;
    QRandomGenerator rng(7);
    QJsonArray bids, asks;
    for (int i = 1; i <= Levels; ++i) {
        bids.append(Wire::level(Mid - i, 8, 1));
        asks.append(Wire::level(Mid + i, 8, 1));
    }
    const QString book = Channel::book(Gpu);
    s.bookSnapshot = Protocol::encodePush(book, 1, PushType::Snapshot, Wire::bookData(bids, asks));
    s.bookDeltas.reserve(deltas);
    for (int i = 0; i < deltas; ++i) {
        const quint32 r = rng.bounded(100);
        const int count = r < 60 ? 1 : r < 85 ? 2 : r < 95 ? 3 : 5;
        QJsonArray changed[2];
        QSet<Cents> seen;
        for (int k = 0; k < count; ++k) {
            // Bids below Mid, asks above, within 40 cents of it: never crossed.
            const bool bid = rng.bounded(2) == 0;
            const Cents price = bid ? Mid - 1 - rng.bounded(40) : Mid + 1 + rng.bounded(40);
            if (seen.contains(price))
                continue; // a delta names a price once
            seen.insert(price);
            const qint64 gpus = rng.bounded(5) == 0 ? 0 : 1 + rng.bounded(16);
            changed[bid ? 0 : 1].append(Wire::level(price, gpus, gpus > 0 ? 1 + gpus / 4 : 0));
            ++s.levels;
        }
        s.bookDeltas.append(Protocol::encodePush(book, 2 + i, PushType::Delta,
                                                 Wire::bookData(changed[0], changed[1])));
    }
    QJsonArray candles;
    for (int i = 0; i < 24; ++i)
        candles.append(candle(Start + i * Hour, Mid + (i % 7) - 3));
    const QString channel = Channel::candles(Gpu, CandleInterval::Hour);
    s.candleSnapshot = Protocol::encodePush(channel, 1, PushType::Snapshot,
                                            {{QStringLiteral("candles"), candles}});
    for (int i = 0; i < deltas / 100; ++i)
        s.candleDeltas.append(
            Protocol::encodePush(channel, 2 + i, PushType::Delta,
                                 {{QStringLiteral("candles"),
                                   QJsonArray {candle(Start + 23 * Hour, Mid + i % 9 - 4)}}}));
    return s;
}

// The exchange's end of the desk's connection, scripted: it answers hello and every
// subscription (with the stream's snapshot for the book and the candles), and hands the
// session the frames it is given as a WebSocket read would, each a textReceived().
class ScriptedServer final : public Transport
{
public:
    explicit ScriptedServer(const Stream &stream)
        : m_stream(stream)
    { }
    void open() override
    {
        QMetaObject::invokeMethod(this, &Transport::connected, Qt::QueuedConnection);
    }
    void close(int, const QString &) override { }
    void sendText(const QString &text) override
    {
        const std::optional<Protocol::Frame> f = Protocol::decode(text);
        if (!f || f->kind != Protocol::FrameKind::Request)
            return;
        QList<QString> replies;
        if (f->op == Op::Hello) {
            replies.append(
                Protocol::encodeResult(f->id,
                                       Wire::toJson(ServerInfo {QStringLiteral("bench"),
                                                                Protocol::Version,
                                                                QStringLiteral("sandbox"),
                                                                Start,
                                                                1,
                                                                {Gpu}})));
        } else {
            replies.append(Protocol::encodeResult(f->id, f->args));
            const Result<QString> channel = Wire::channelFromJson(f->args);
            if (f->op == Op::Subscribe && channel && *channel == Channel::book(Gpu))
                replies.append(m_stream.bookSnapshot);
            else if (f->op == Op::Subscribe && channel
                     && *channel == Channel::candles(Gpu, CandleInterval::Hour))
                replies.append(m_stream.candleSnapshot);
        }
        // Later, as a server's reply comes: never from inside the session's send.
        QMetaObject::invokeMethod(
            this,
            [this, replies] {
                for (const QString &r : replies)
                    Q_EMIT textReceived(r);
            },
            Qt::QueuedConnection);
    }
    bool isConnected() const override { return true; }
    QString peer() const override { return QStringLiteral("bench"); }
    void deliver(const QString &frame) { Q_EMIT textReceived(frame); }

private:
    const Stream &m_stream;
};

// A session and the desk's models, connected to a ScriptedServer and following Gpu's book, its
// candles, trades and the ticker, with the snapshots in.
struct Desk
{
    explicit Desk(const Stream &stream)
        : desk(session, GpuCatalog::builtIn())
    {
        session.setTransportFactory(
            [this, &stream] { return server = new ScriptedServer(stream); });
        desk.selectGpu(Gpu);
        session.connectToExchange();
        QElapsedTimer wait;
        wait.start();
        while ((desk.orderBook()->rowCount() == 0 || desk.candles()->rowCount() == 0)
               && wait.elapsed() < 10'000)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
        if (desk.orderBook()->rowCount() != 2 * Levels)
            qFatal("the bench's desk did not get its book snapshot");
    }
    ClientSession session;
    DeskState desk;
    ScriptedServer *server = nullptr; // owned by the session
};

struct Run
{
    double seconds = 0;
    int paints = -1; // -1: not counted
};

// Hands the desk the stream's book deltas (and a candle update after every 100) in bursts of
// `burst` frames, letting the event loop run (and views paint) between bursts, as between two
// network reads. Timed: the session's decoding and sequence check of every frame, the desk's
// dispatch, the models' updates, and whatever the views do in the event loop.
Run replay(Desk &d, const Stream &s, int burst, bool candles, const std::function<int()> &paints)
{
    QCoreApplication::processEvents();
    const int paintsBefore = paints ? paints() : 0;
    const qsizetype n = s.bookDeltas.size();
    QElapsedTimer timer;
    timer.start();
    for (qsizetype i = 0; i < n; i += burst) {
        for (qsizetype j = i; j < i + burst && j < n; ++j) {
            d.server->deliver(s.bookDeltas[j]);
            if (candles && j % 100 == 99)
                d.server->deliver(s.candleDeltas[j / 100]);
        }
        QCoreApplication::processEvents();
    }
    Run run;
    run.seconds = double(timer.nsecsElapsed()) / 1e9;
    if (paints)
        run.paints = paints() - paintsBefore;
    if (d.desk.orderBook()->rowCount() == 0)
        qFatal("the bench's deltas did not reach the book");
    return run;
}

// Microseconds of one full synchronous repaint, averaged.
double repaintMicros(QWidget *viewport)
{
    constexpr int Rounds = 200;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < Rounds; ++i)
        viewport->repaint();
    return double(timer.nsecsElapsed()) / 1e3 / Rounds;
}

class PaintCounter final : public QObject
{
public:
    int paints = 0;
    std::function<void()> onFirstPaint;
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && ++paints == 1 && onFirstPaint)
            onFirstPaint();
        return false;
    }
};

// Milliseconds since this process started (its start time in /proc/self/stat, against the
// system's uptime); -1 if unreadable.
double msSinceProcessStart()
{
    QFile stat(QStringLiteral("/proc/self/stat"));
    QFile uptime(QStringLiteral("/proc/uptime"));
    if (!stat.open(QIODevice::ReadOnly) || !uptime.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    const QList<QByteArray> f = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (f.size() < 20)
        return -1;
    const double started = f[19].toDouble() / double(sysconf(_SC_CLK_TCK)); // field 22
    const double now = uptime.readAll().split(' ').value(0).toDouble();
    return (now - started) * 1000.0;
}

// The desk's first window on a fresh sandbox, wired as app/everx-desk.cpp wires it.
int firstWindow()
{
    QElapsedTimer clock;
    clock.start();
    const double beforeMs = msSinceProcessStart();
    QTemporaryDir dir;
    EmbeddedExchange::Options options;
    options.databasePath = dir.filePath(QStringLiteral("sandbox.db"));
    options.sandbox.timeScale = 60;
    std::unique_ptr<EmbeddedExchange> exchange;
    ClientSession session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    connector.setSandbox(
        [&exchange, &options]() -> ClientSession::TransportFactory {
            exchange = std::make_unique<EmbeddedExchange>();
            exchange->start(options);
            return [ex = exchange.get()] {
                return ex->connectClient();
            };
        },
        [&exchange] { exchange.reset(); });
    // Each time taken where it happens, the loop between asleep (bench::waitFor).
    qint64 paintedNs = -1, bookNs = -1;
    PaintCounter counter;
    window.installEventFilter(&counter);
    counter.onFirstPaint = [&] {
        paintedNs = clock.nsecsElapsed();
    };
    QObject::connect(desk.orderBook(), &QAbstractItemModel::rowsInserted, &window, [&] {
        if (bookNs < 0)
            bookNs = clock.nsecsElapsed();
    });
    connector.connectToSandbox(false);
    window.show();
    bench::waitFor([&] { return paintedNs >= 0 && bookNs >= 0; }, 300'000);
    std::printf("first window (MainWindow on a fresh sandbox, platform %s):\n",
                qPrintable(QGuiApplication::platformName()));
    std::printf("  first paint: %.1f ms from construction, %.1f ms from process start\n",
                double(paintedNs) / 1e6, beforeMs + double(paintedNs) / 1e6);
    std::printf("  first book snapshot in its models: %.1f ms from construction (the sandbox "
                "prepares its market first)\n",
                double(bookNs) / 1e6);
    return paintedNs >= 0 ? 0 : 1;
}
} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("What a busy order book costs the desk's model and views."));
    parser.addHelpOption();
    const QCommandLineOption deltasOption(QStringLiteral("deltas"),
                                          QStringLiteral("Book deltas to replay (default 200000)."),
                                          QStringLiteral("n"), QStringLiteral("200000"));
    const QCommandLineOption burstOption(QStringLiteral("burst"),
                                         QStringLiteral("Deltas per event-loop turn (default 20)."),
                                         QStringLiteral("n"), QStringLiteral("20"));
    const QCommandLineOption firstWindowOption(
        QStringLiteral("first-window"),
        QStringLiteral("Time the desk's first window on a fresh sandbox instead."));
    const QCommandLineOption onlyOption(
        QStringLiteral("only"),
        QStringLiteral("Run one row, for a profiler: decode, apply, model, ladder, table or desk."),
        QStringLiteral("row"));
    parser.addOptions({deltasOption, burstOption, firstWindowOption, onlyOption});
    parser.process(app);
    if (parser.isSet(firstWindowOption))
        return firstWindow();
    const int deltas = std::max(1, parser.value(deltasOption).toInt());
    const int burst = std::max(1, parser.value(burstOption).toInt());
    const QString only = parser.value(onlyOption);
    const auto want = [&only](const char *row) {
        return only.isEmpty() || only == QLatin1StringView(row);
    };

    QLoggingCategory::setFilterRules(QStringLiteral("everx.*.info=false\neverx.*.debug=false"));
    const Stream stream = makeStream(deltas);
    std::printf("%d levels a side; %d book deltas (%.2f levels each on average) in bursts of %d; "
                "platform %s\n",
                Levels, deltas, double(stream.levels) / deltas, burst,
                qPrintable(QGuiApplication::platformName()));
    std::printf("timed: the server's push frames as text (built before the clock) through "
                "ClientSession (decode, sequence check), DeskState and OrderBookModel, with the "
                "views' repaints; the first two rows time parts of that path alone\n");
    std::printf("%-22s %12s %10s %14s\n", "view", "deltas/s", "repaints", "full repaint");

    if (want("decode")) {
        // The frames' reading alone: as ClientSession reads a book delta (decodeBookDelta), and
        // as it reads any other frame (decode, Qt's JSON parser), for comparison.
        QElapsedTimer timer;
        timer.start();
        qint64 read = 0;
        for (const QString &frame : stream.bookDeltas)
            read += Protocol::decodeBookDelta(frame).has_value();
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        timer.restart();
        qint64 decoded = 0;
        for (const QString &frame : stream.bookDeltas)
            decoded += Protocol::decode(frame, nullptr, Protocol::MaxServerFrameBytes).has_value();
        const double jsonSeconds = double(timer.nsecsElapsed()) / 1e9;
        if (read != deltas || decoded != deltas)
            qFatal("the bench's frames do not decode");
        std::printf("%-22s %12.0f %10s %14s\n", "book deltas read", deltas / seconds, "-", "-");
        std::printf("%-22s %12.0f %10s %14s\n", "frames as JSON", deltas / jsonSeconds, "-", "-");
    }
    if (want("apply")) {
        // The model alone, given the read deltas.
        std::vector<BookChange> changes;
        changes.reserve(size_t(deltas));
        for (const QString &frame : stream.bookDeltas)
            changes.push_back(Protocol::decodeBookDelta(frame)->change);
        OrderBookModel model;
        model.applySnapshot(Gpu, Protocol::decode(stream.bookSnapshot)->data);
        QElapsedTimer timer;
        timer.start();
        for (const BookChange &change : changes)
            model.applyDelta(change);
        std::printf("%-22s %12.0f %10s %14s\n", "applyDelta only",
                    deltas / (double(timer.nsecsElapsed()) / 1e9), "-", "-");
    }
    if (want("model")) {
        Desk d(stream);
        const Run run = replay(d, stream, burst, false, nullptr);
        std::printf("%-22s %12.0f %10s %14s\n", "model only", deltas / run.seconds, "-", "-");
    }
    if (want("ladder")) {
        Desk d(stream);
        LadderView ladder;
        ladder.setBook(d.desk.orderBook());
        ladder.resize(360, 600);
        ladder.show();
        const Run run = replay(d, stream, burst, false, [&ladder] { return ladder.paintCount(); });
        std::printf("%-22s %12.0f %10d %11.1f us\n", "LadderView (painted)", deltas / run.seconds,
                    run.paints, repaintMicros(ladder.viewport()));
    }
    if (want("table")) {
        Desk d(stream);
        QTableView table;
        table.setModel(d.desk.orderBook());
        table.verticalHeader()->hide();
        table.resize(360, 600);
        table.show();
        PaintCounter counter;
        table.viewport()->installEventFilter(&counter);
        const Run run = replay(d, stream, burst, false, [&counter] { return counter.paints; });
        std::printf("%-22s %12.0f %10d %11.1f us\n", "QTableView", deltas / run.seconds, run.paints,
                    repaintMicros(table.viewport()));
    }
    if (want("desk")) {
        // The desk's own models, with everything that draws the book and the candles attached.
        Desk d(stream);
        QWidget window;
        LadderView ladder(&window);
        ladder.setBook(d.desk.orderBook());
        ladder.setGeometry(0, 0, 360, 600);
        DepthChart depth(d.desk.orderBook(), &window);
        depth.setGeometry(360, 0, 380, 380);
        PriceChart chart(d.desk, &window);
        chart.setGeometry(740, 0, 820, 380);
        window.resize(1560, 600);
        window.show();
        PaintCounter depthPaints, chartPaints;
        depth.installEventFilter(&depthPaints);
        chart.chartView()->viewport()->installEventFilter(&chartPaints);
        const Run run = replay(d, stream, burst, true, [&ladder] { return ladder.paintCount(); });
        std::printf("%-22s %12.0f %10d %14s\n", "ladder+depth+candles", deltas / run.seconds,
                    run.paints + depthPaints.paints + chartPaints.paints, "-");
    }
    return 0;
}
