// everx-bench --mode durable: operations through the whole engine, each committed to the
// database (SQLite WAL with synchronous=FULL by default, or PostgreSQL with --database URL)
// before it counts as done: durable operations per second and latency percentiles.

#include "benchoptions.h"

#include "engine/exchangeengine.h"

#include <QtCore/QDateTime>
#include <QtCore/QElapsedTimer>
#include <QtCore/QLoggingCategory>
#include <QtCore/QRandomGenerator>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTextStream>
#include <QtCore/QUrl>

#include <algorithm>
#include <array>
#include <chrono>
#include <vector>

using namespace everx;

namespace {

enum Op { OpTopUp, OpBid, OpBuyNow, OpCancel, OpReprice, OpCount };
const char *const OpNames[OpCount] = {"top-up", "limit bid", "buy now", "cancel", "reprice"};

struct Series
{
    std::vector<qint64> ns;
    qint64 refused = 0;
};

qint64 percentile(const std::vector<qint64> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    const size_t i = std::min(sorted.size() - 1, size_t(p / 100.0 * double(sorted.size())));
    return sorted[i];
}

} // namespace

int runDurableBenchmark(const BenchOptions &options)
{
    QLoggingCategory::setFilterRules(QStringLiteral("everx.*.info=false"));
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString location =
        options.database.isEmpty() ? dir.filePath(QStringLiteral("bench.db")) : options.database;
    ManualClock clock(1'795'996'800'000);
    ExchangeEngine engine(clock);
    ExchangeEngine::Options o;
    o.database.location = location;
    o.database.durable = true;
    o.passwordLog2N = 4; // account set-up is not what is measured
    QString error;
    if (!engine.open(o, &error)) {
        QTextStream(stderr) << "everx-bench: cannot open " << location << ": " << error << '\n';
        return 1;
    }

    QRandomGenerator rng(quint32(options.seed));
    const QStringList gpus {QStringLiteral("h100-sxm"), QStringLiteral("a100-sxm"),
                            QStringLiteral("h200"), QStringLiteral("rtx-4090")};
    QList<qint64> customers, providers;
    QList<qint64> listingIds;
    const QString runTag = QString::number(QDateTime::currentMSecsSinceEpoch());
    for (int i = 0; i < 50; ++i) {
        auto c = engine.createAccount({QStringLiteral("c%1-%2@bench.io").arg(i).arg(runTag),
                                       QStringLiteral("benchmark"), Role::Customer,
                                       QStringLiteral("DE")});
        if (!c)
            return 1;
        customers.append(c->id);
        engine.topUp(c->id, Currency::USD, 50'000'000);
    }
    for (int i = 0; i < 10; ++i) {
        auto p = engine.createAccount({QStringLiteral("p%1-%2@bench.io").arg(i).arg(runTag),
                                       QStringLiteral("benchmark"), Role::Provider,
                                       QStringLiteral("TR")});
        if (!p)
            return 1;
        providers.append(p->id);
        // A deep book: each provider lists servers on every GPU at spread-out prices.
        for (const QString &gpu : gpus) {
            for (int k = 0; k < 5; ++k) {
                auto l = engine.addListing(p->id,
                                           {gpu, 8, QStringLiteral("eu"), QStringLiteral("ssh h"),
                                            Cents(300 + 7 * k + i)});
                if (l)
                    listingIds.append(l->id);
            }
        }
    }

    const qint64 ops = options.ops;
    std::array<Series, OpCount> series;
    for (Series &s : series)
        s.ns.reserve(size_t(ops));
    QList<qint64> open;
    QElapsedTimer wall;
    wall.start();
    for (qint64 i = 0; i < ops; ++i) {
        const int dice = int(rng.bounded(100));
        const Op op = dice < 5 ? OpTopUp
            : dice < 55        ? OpBid
            : dice < 70        ? OpBuyNow
            : dice < 92        ? OpCancel
                               : OpReprice;
        const qint64 who = customers[rng.bounded(int(customers.size()))];
        const QString gpu = gpus[rng.bounded(int(gpus.size()))];
        const auto t0 = std::chrono::steady_clock::now();
        bool ok = false;
        switch (op) {
        case OpTopUp:
            ok = engine.topUp(who, Currency::EUR, 10'000).ok();
            break;
        case OpBid: {
            auto r = engine.placeBid(who,
                                     {gpu,
                                      OrderKind::Limit,
                                      1 + qint32(rng.bounded(4)),
                                      2,
                                      Cents(250 + rng.bounded(60)),
                                      0,
                                      {}});
            ok = r.ok();
            if (ok && r->order.state == OrderState::Open)
                open.append(r->order.id);
            break;
        }
        case OpBuyNow:
            ok = engine
                     .placeBid(who,
                               {gpu, OrderKind::BuyNow, 1 + qint32(rng.bounded(3)), 1, 400, 0, {}})
                     .ok();
            break;
        case OpCancel:
            if (!open.isEmpty()) {
                const qint64 id = open.takeAt(rng.bounded(int(open.size())));
                const auto order = engine.openOrder(id);
                ok = order && engine.cancelOrder(order->accountId, id).ok();
            }
            break;
        case OpReprice: {
            const qint64 id = listingIds[rng.bounded(int(listingIds.size()))];
            const auto l = engine.listing(id);
            ok = l && engine.repriceListing(l->providerId, id, Cents(290 + rng.bounded(40))).ok();
            break;
        }
        case OpCount:
            break;
        }
        const qint64 ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::steady_clock::now() - t0)
                              .count();
        if (ok)
            series[op].ns.push_back(ns);
        else
            ++series[op].refused;
        // An hour passes now and then: rentals are billed and end, inside the measured ops.
        if (i % 200 == 199)
            clock.advance(MarketRules::HourMs);
    }
    const double seconds = double(wall.nsecsElapsed()) / 1e9;

    qint64 done = 0;
    std::vector<qint64> all;
    for (Series &s : series) {
        done += qint64(s.ns.size());
        all.insert(all.end(), s.ns.begin(), s.ns.end());
        std::sort(s.ns.begin(), s.ns.end());
    }
    std::sort(all.begin(), all.end());
    out << "everx-bench durable: " << ops << " operations, seed " << options.seed << ", "
        << engine.database().driverName() << " at "
        << (options.database.isEmpty() ? QStringLiteral("a temporary file")
                                       : QUrl(location).toString(QUrl::RemovePassword))
        << (engine.database().driverName() == u"QSQLITE" ? " (WAL, synchronous=FULL)" : "") << "\n";
    out << QStringLiteral("durable operations/s: %1 (%2 committed in %3 s)\n")
               .arg(double(done) / seconds, 0, 'f', 0)
               .arg(done)
               .arg(seconds, 0, 'f', 2);
    out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
               .arg(QStringLiteral("operation"), -12)
               .arg(QStringLiteral("count"), 8)
               .arg(QStringLiteral("p50 us"), 9)
               .arg(QStringLiteral("p90 us"), 9)
               .arg(QStringLiteral("p99 us"), 9)
               .arg(QStringLiteral("p99.9 us"), 9)
               .arg(QStringLiteral("max us"), 9);
    auto row = [&](const QString &name, const std::vector<qint64> &v) {
        out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                   .arg(name, -12)
                   .arg(qint64(v.size()), 8)
                   .arg(percentile(v, 50) / 1000, 9)
                   .arg(percentile(v, 90) / 1000, 9)
                   .arg(percentile(v, 99) / 1000, 9)
                   .arg(percentile(v, 99.9) / 1000, 9)
                   .arg(v.empty() ? 0 : v.back() / 1000, 9);
    };
    for (int op = 0; op < OpCount; ++op)
        row(QString::fromLatin1(OpNames[op]), series[size_t(op)].ns);
    row(QStringLiteral("all"), all);
    const QStringList problems = engine.checkInvariants();
    out << "invariants after the run: "
        << (problems.isEmpty() ? QStringLiteral("hold") : problems.join(u';')) << "\n";
    return problems.isEmpty() ? 0 : 1;
}
