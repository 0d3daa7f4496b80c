// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-bench --mode takeover: what a server that takes over a database pays before it serves.
// It fills the database (SQLite, or PostgreSQL with --database URL) through the engine until
// its ledger has --ops entries or more, with customers bidding and buying, rentals billed and
// ended hour by hour, then opens it as a new server would: once with the chain written since
// the last checkpoint to verify (a primary's whole run), and --repeat times more with the chain
// checkpointed at its head (every balance and hold is recomputed from the entries each time).

#include "benchoptions.h"

#include "engine/exchangeengine.h"

#include <QtCore/QDateTime>
#include <QtCore/QElapsedTimer>
#include <QtCore/QRandomGenerator>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTextStream>
#include <QtCore/QUrl>

#include <algorithm>
#include <memory>
#include <vector>

using namespace everx;

namespace {

ExchangeEngine::Options takeoverOptions(const QString &location, const QTemporaryDir &dir,
                                        const QString &keyFile)
{
    ExchangeEngine::Options o;
    o.database.location = location;
    o.database.durable = false; // the fill is not what is measured
    o.passwordLog2N = 4;
    o.ledgerKeyFile = keyFile.isEmpty() ? dir.filePath(QStringLiteral("ledger.key")) : keyFile;
    return o;
}

// Customers trade until the ledger's head reaches `entries`; returns false if the engine
// refused its set-up.
bool fill(ExchangeEngine &engine, ManualClock &clock, qint64 entries, quint64 seed)
{
    QRandomGenerator rng {quint32(seed)};
    const QStringList gpus {QStringLiteral("h100-sxm"), QStringLiteral("a100-sxm"),
                            QStringLiteral("h200"), QStringLiteral("rtx-4090")};
    const QString runTag = QString::number(QDateTime::currentMSecsSinceEpoch());
    QList<qint64> customers;
    for (int i = 0; i < 200; ++i) {
        auto c = engine.createAccount({QStringLiteral("t%1-%2@bench.io").arg(i).arg(runTag),
                                       QStringLiteral("benchmark"), Role::Customer,
                                       QStringLiteral("DE")});
        if (!c)
            return false;
        customers.append(c->id);
        engine.topUp(c->id, Currency::USD, 5'000'000);
    }
    for (int i = 0; i < 20; ++i) {
        auto p = engine.createAccount({QStringLiteral("tp%1-%2@bench.io").arg(i).arg(runTag),
                                       QStringLiteral("benchmark"), Role::Provider,
                                       QStringLiteral("TR")});
        if (!p)
            return false;
        for (const QString &gpu : gpus)
            engine.addListing(
                p->id, {gpu, 8, QStringLiteral("eu"), QStringLiteral("ssh h"), Cents(300 + 5 * i)});
    }
    QList<qint64> open;
    for (qint64 i = 0; engine.ledger().lastEntryId() < entries; ++i) {
        const qint64 who = customers[rng.bounded(int(customers.size()))];
        const QString gpu = gpus[rng.bounded(int(gpus.size()))];
        const int dice = int(rng.bounded(100));
        if (dice < 5) {
            engine.topUp(who, Currency::EUR, 100'000);
        } else if (dice < 50) {
            auto r = engine.placeBid(who,
                                     {gpu,
                                      OrderKind::Limit,
                                      1 + qint32(rng.bounded(4)),
                                      2,
                                      Cents(250 + rng.bounded(60)),
                                      0,
                                      {}});
            if (r.ok() && r->order.state == OrderState::Open)
                open.append(r->order.id);
        } else if (dice < 75) {
            engine.placeBid(who,
                            {gpu,
                             OrderKind::BuyNow,
                             1 + qint32(rng.bounded(3)),
                             1 + qint32(rng.bounded(3)),
                             400,
                             0,
                             {}});
        } else if (!open.isEmpty()) {
            const qint64 id = open.takeAt(rng.bounded(int(open.size())));
            if (const auto order = engine.openOrder(id))
                engine.cancelOrder(order->accountId, id);
        }
        // An hour passes now and then: rentals are billed and end, as on a live exchange.
        if (i % 100 == 99)
            clock.advance(MarketRules::HourMs);
    }
    return true;
}

} // namespace

int runTakeoverBenchmark(const BenchOptions &options)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QTemporaryDir dir;
    const QString location =
        options.database.isEmpty() ? dir.filePath(QStringLiteral("bench.db")) : options.database;
    const ExchangeEngine::Options o = takeoverOptions(location, dir, {});
    ManualClock clock(1'795'996'800'000);

    qint64 before = 0, after = 0;
    QElapsedTimer fillTime;
    {
        ExchangeEngine primary(clock);
        QString error;
        if (!primary.open(o, &error)) {
            err << "everx-bench: cannot open " << location << ": " << error << '\n';
            return 1;
        }
        before = primary.ledger().lastEntryId();
        fillTime.start();
        if (!fill(primary, clock, options.ops, options.seed)) {
            err << "everx-bench: the engine refused the set-up\n";
            return 1;
        }
        after = primary.ledger().lastEntryId();
        primary.close();
    }

    // A new server each time, as a standby that takes over is.
    const auto openOnce = [&](LedgerReport *report) -> qint64 {
        ExchangeEngine next(clock);
        QElapsedTimer t;
        t.start();
        QString error;
        if (!next.open(o, &error)) {
            err << "everx-bench: the takeover failed: " << error << '\n';
            return -1;
        }
        const qint64 ns = t.nsecsElapsed();
        if (report)
            *report = next.ledgerReport();
        next.close();
        return ns;
    };
    LedgerReport first;
    const qint64 firstNs = openOnce(&first);
    if (firstNs < 0)
        return 1;
    std::vector<qint64> ns;
    for (int i = 0; i < std::max(1, options.repeat); ++i) {
        const qint64 n = openOnce(nullptr);
        if (n < 0)
            return 1;
        ns.push_back(n);
    }
    std::sort(ns.begin(), ns.end());

    const auto ms = [](qint64 n) {
        return QString::number(double(n) / 1e6, 'f', 1);
    };
    out << "everx-bench takeover: a ledger of " << after << " entries (" << (after - before)
        << " written now in " << QString::number(double(fillTime.elapsed()) / 1000, 'f', 1)
        << " s), seed " << options.seed << ", "
        << (location.startsWith(u"postgres") ? QUrl(location).toString(QUrl::RemovePassword)
                                             : QStringLiteral("SQLite at a temporary file"))
        << "\n";
    out << "open after the primary's run, chain of " << first.entries
        << " entries verified since the checkpoint: " << ms(firstNs) << " ms\n";
    out << "open with the chain checkpointed at its head, " << ns.size() << " opens: p50 "
        << ms(ns[ns.size() / 2]) << " ms, max " << ms(ns.back()) << " ms\n";
    return 0;
}
