// everx-deskbench: what a busy book costs the desk. Replays seeded per-level book deltas into
// the ladder's model, with no view, with the painted LadderView and with a plain QTableView on
// the same model, delivered in bursts as network reads deliver them, and prints deltas per
// second, repaints and the time of one full repaint; then the same deltas into the desk's own
// models (DeskState) with the ladder, the depth chart and the candle chart all attached and
// shown, a candle update every 100 book deltas (as trades move the forming candle).
// --first-window instead times the desk's first window on a fresh sandbox: MainWindow built and
// wired as everx-desk --sandbox does, from construction (and from process start) to its first
// paint, and to the first book snapshot in its models. Not a test; run it offscreen:
//
//   QT_QPA_PLATFORM=offscreen build/tests/benchmarks/everx-deskbench [--deltas N] [--burst N]
//   QT_QPA_PLATFORM=offscreen build/tests/benchmarks/everx-deskbench --first-window

#include "common/mainwindow.h"
#include "market/gpucatalog.h"
#include "market/money.h"
#include "server/embeddedexchange.h"
#include "trading/depthchart.h"
#include "trading/ladderview.h"
#include "trading/pricechart.h"
#include "views/candlemodel.h"
#include "views/deskstate.h"
#include "views/orderbookmodel.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QRandomGenerator>
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

QJsonArray level(Cents price, qint64 gpus)
{
    return QJsonArray {Money::toPlain(price), gpus, gpus > 0 ? 1 : 0};
}

QJsonObject snapshot()
{
    QJsonArray bids, asks;
    for (int i = 1; i <= Levels; ++i) {
        bids.append(level(Mid - i, 8));
        asks.append(level(Mid + i, 8));
    }
    return {{QStringLiteral("bids"), bids}, {QStringLiteral("asks"), asks}};
}

// One seeded delta: a level near the touch changes size, empties or appears.
QJsonObject delta(QRandomGenerator &rng)
{
    const bool bid = rng.bounded(2) == 0;
    const Cents price = bid ? Mid - 1 - rng.bounded(40) : Mid + 1 + rng.bounded(40);
    const qint64 gpus = rng.bounded(5) == 0 ? 0 : 1 + rng.bounded(16);
    QJsonObject d;
    d.insert(bid ? QStringLiteral("bids") : QStringLiteral("asks"),
             QJsonArray {level(price, gpus)});
    return d;
}

struct Run
{
    double seconds = 0;
    int paints = -1; // -1: not counted
};

// Applies `deltas` deltas in bursts of `burst`, letting the event loop run (and views paint)
// between bursts, as between two network reads.
Run replay(OrderBookModel &model, int deltas, int burst, const std::function<int()> &paints,
           const std::function<void(int)> &each = nullptr)
{
    QRandomGenerator rng(7);
    model.applySnapshot(QStringLiteral("h100-sxm"), snapshot());
    QCoreApplication::processEvents();
    const int paintsBefore = paints ? paints() : 0;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < deltas; i += burst) {
        for (int j = 0; j < burst && i + j < deltas; ++j) {
            model.applyDelta(delta(rng));
            if (each)
                each(i + j);
        }
        QCoreApplication::processEvents();
    }
    Run run;
    run.seconds = double(timer.nsecsElapsed()) / 1e9;
    if (paints)
        run.paints = paints() - paintsBefore;
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
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return false;
    }
};

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
    options.timeScale = 60;
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
    qint64 paintedNs = -1, bookNs = -1;
    PaintCounter counter;
    window.installEventFilter(&counter);
    QObject::connect(desk.orderBook(), &QAbstractItemModel::rowsInserted, &window, [&] {
        if (bookNs < 0)
            bookNs = clock.nsecsElapsed();
    });
    connector.connectToSandbox(false);
    window.show();
    while (clock.elapsed() < 300'000 && (paintedNs < 0 || bookNs < 0)) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
        if (paintedNs < 0 && counter.paints > 0)
            paintedNs = clock.nsecsElapsed();
    }
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
    parser.addOptions({deltasOption, burstOption, firstWindowOption});
    parser.process(app);
    if (parser.isSet(firstWindowOption))
        return firstWindow();
    const int deltas = std::max(1, parser.value(deltasOption).toInt());
    const int burst = std::max(1, parser.value(burstOption).toInt());

    std::printf("%d levels a side, %d deltas in bursts of %d, platform %s\n", Levels, deltas, burst,
                qPrintable(QGuiApplication::platformName()));
    std::printf("%-22s %12s %10s %14s\n", "view", "deltas/s", "repaints", "full repaint");

    {
        OrderBookModel model;
        const Run run = replay(model, deltas, burst, nullptr);
        std::printf("%-22s %12.0f %10s %14s\n", "model only", deltas / run.seconds, "-", "-");
    }
    {
        OrderBookModel model;
        LadderView ladder;
        ladder.setBook(&model);
        ladder.resize(360, 600);
        ladder.show();
        const Run run = replay(model, deltas, burst, [&ladder] { return ladder.paintCount(); });
        std::printf("%-22s %12.0f %10d %11.1f us\n", "LadderView (painted)", deltas / run.seconds,
                    run.paints, repaintMicros(ladder.viewport()));
    }
    {
        OrderBookModel model;
        QTableView table;
        table.setModel(&model);
        table.verticalHeader()->hide();
        table.resize(360, 600);
        table.show();
        PaintCounter counter;
        table.viewport()->installEventFilter(&counter);
        const Run run = replay(model, deltas, burst, [&counter] { return counter.paints; });
        std::printf("%-22s %12.0f %10d %11.1f us\n", "QTableView", deltas / run.seconds, run.paints,
                    repaintMicros(table.viewport()));
    }
    {
        // The desk's own models, with everything that draws the book and the candles attached.
        ClientSession session;
        DeskState desk(session, GpuCatalog::builtIn());
        const qint64 hour = 3'600'000, start = 1'795'996'800'000;
        QJsonArray candles;
        for (int i = 0; i < 24; ++i)
            candles.append(candle(start + i * hour, Mid + (i % 7) - 3));
        desk.candles()->applySnapshot(QStringLiteral("h100-sxm"), CandleInterval::Hour,
                                      {{QStringLiteral("candles"), candles}});
        QWidget window;
        LadderView ladder(&window);
        ladder.setBook(desk.orderBook());
        ladder.setGeometry(0, 0, 360, 600);
        DepthChart depth(desk.orderBook(), &window);
        depth.setGeometry(360, 0, 380, 380);
        PriceChart chart(desk, &window);
        chart.setGeometry(740, 0, 820, 380);
        window.resize(1560, 600);
        window.show();
        PaintCounter depthPaints, chartPaints;
        depth.installEventFilter(&depthPaints);
        chart.chartView()->viewport()->installEventFilter(&chartPaints);
        const Run run = replay(
            *desk.orderBook(), deltas, burst, [&ladder] { return ladder.paintCount(); },
            [&desk](int i) {
                if (i % 100 == 99)
                    desk.candles()->applyDelta(
                        {{QStringLiteral("candles"),
                          QJsonArray {candle(start + 23 * hour, Mid + (i / 100) % 9 - 4)}}});
            });
        std::printf("%-22s %12.0f %10d %14s\n", "ladder+depth+candles", deltas / run.seconds,
                    run.paints + depthPaints.paints + chartPaints.paints, "-");
    }
    return 0;
}
