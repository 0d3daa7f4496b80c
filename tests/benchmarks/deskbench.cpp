// everx-deskbench: what a busy book costs the desk. Replays seeded per-level book deltas into
// the ladder's model, with no view, with the painted LadderView and with a plain QTableView on
// the same model, delivered in bursts as network reads deliver them, and prints deltas per
// second, repaints and the time of one full repaint. Not a test; run it offscreen:
//
//   QT_QPA_PLATFORM=offscreen build/tests/benchmarks/everx-deskbench [--deltas N] [--burst N]

#include "market/money.h"
#include "trading/ladderview.h"
#include "views/orderbookmodel.h"

#include <QtCore/QCommandLineParser>
#include <QtCore/QElapsedTimer>
#include <QtCore/QJsonArray>
#include <QtCore/QRandomGenerator>
#include <QtWidgets/QApplication>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QTableView>

#include <cstdio>
#include <functional>

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
Run replay(OrderBookModel &model, int deltas, int burst, const std::function<int()> &paints)
{
    QRandomGenerator rng(7);
    model.applySnapshot(QStringLiteral("h100-sxm"), snapshot());
    QCoreApplication::processEvents();
    const int paintsBefore = paints ? paints() : 0;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < deltas; i += burst) {
        for (int j = 0; j < burst && i + j < deltas; ++j)
            model.applyDelta(delta(rng));
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
    parser.addOptions({deltasOption, burstOption});
    parser.process(app);
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
    return 0;
}
