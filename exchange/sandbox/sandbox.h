// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "engine/exchangeengine.h"

#include <QtCore/QObject>
#include <QtCore/QRandomGenerator>
#include <QtCore/QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace everx {

// scrypt cost for sandbox exchanges, whose accounts all have published passwords.
inline constexpr int SandboxPasswordLog2N = 10;

struct SandboxOptions
{
    quint32 seed = 20261130; // the same seed replays the same market
    // Exchange hours per real hour: 60 bills a rental hour a real minute. The exchange's one clock
    // runs this much faster than real time (ScaledClock), for every view of the sandbox alike.
    int timeScale = 60;
    static constexpr int MaxTimeScale = 3600;
    int backfillDays = 42; // weeks of history at first start
    int stepIntervalMs = 1000; // real time between simulation steps
};

// The sandbox market (docs/architecture.md "The sandbox"): demo accounts (a customer, a provider, a
// support agent), synthetic providers listing around the seeds' prices, synthetic customers bidding
// and buying, a seeded mean-reverting price process per GPU, and backfilled history.
//
// It drives the engine through its public operations only, so everything it does is real
// exchange activity: validated, ledgered, persisted. Lives on the engine's thread.
class Sandbox final : public QObject
{
    Q_OBJECT

public:
    static constexpr const char *DemoPassword = "sandbox-demo";
    static QString demoEmail(Role role); // "customer@sandbox.everx.cloud", ...
    // The second demo support agent (same password), so that dual control can be tried: it has
    // asked for an adjustment at first start that the first agent may approve.
    static QString secondSupportEmail(); // "support2@sandbox.everx.cloud"
    // A provider's application waiting for support at first start (the demo password signs in
    // to it, pending until an agent approves it): "applicant@sandbox.everx.cloud".
    static QString applicantEmail();

    Sandbox(ExchangeEngine &engine, const SandboxOptions &options, QObject *parent = nullptr);
    ~Sandbox() override;

    // First start: creates the demo and synthetic accounts, funds them, lists the synthetic
    // providers' servers and backfills history. Later starts find all of it in the database and
    // only resume. Returns false with a message if the engine refuses.
    bool prepare(QString *error = nullptr);
    bool isPrepared() const { return m_prepared; }

    // Runs step() every stepIntervalMs of real time until stop().
    void start();
    void stop();
    // One simulation step: the price process moves, some synthetic providers reprice, pause or
    // resume, some synthetic customers bid, buy now or cancel. Tests call it directly.
    void step();

    qint64 demoAccount(Role role) const;
    qint64 secondSupportAgent() const { return m_secondSupport; }
    // The price process's current mid for a GPU, in cents.
    Cents mid(const QString &gpu) const;

Q_SIGNALS:
    // After every step that called the engine: the service publishes the engine's changes.
    void stepped();
    // While prepare() runs: `done` of `total` parts (accounts, funding, each GPU's history,
    // storing it, listings), so that a first start, which backfills weeks of history, can show
    // how far it is. The last one has done == total.
    void preparing(int done, int total);

private:
    // One server of a synthetic provider: provider index, GPU, GPU count, serial (endpoint).
    struct PlannedServer
    {
        int provider = 0;
        QString gpu;
        qint32 gpus = 0;
        int serial = 0;
    };

    std::optional<qint64> findOrCreate(const NewAccount &account, const AccountProfile &profile,
                                       QString *error);
    bool hasLedgerEntries(qint64 accountId);
    // Generates and stores weeks of history; partDone() after each GPU's and after storing.
    bool backfill(QString *error, const std::function<void()> &partDone);
    void seedFromTrades();
    QList<PlannedServer> serverPlan() const;
    bool listAll(QString *error);
    // The demo provider's past: weeks of rentals on its listings and their earnings, one payout
    // paid and one waiting for support. Once, at first start; from its own seeded generator, so
    // that the market's stream is the same with or without it.
    // Lists the two providers' clusters, once.
    bool listClusters(QString *error);
    bool backfillDemoProvider(QString *error);
    void advanceProcess(qint64 toMs);
    void noteTime(qint64 timeMs);
    QString drawGpu();
    qint64 fundedCustomer();
    void operate();
    void reprice();
    void pauseOrResume();
    void buyNow();
    // A limit bid on onGpu (an opening bid, kept under the offers), or on a GPU drawn by demand
    // (favouring books short of bids).
    void placeLimitBid(const QString &onGpu = {});
    void reserveWindow();
    // The placement a simulated order of this many GPUs wants.
    Placement drawPlacement(qint32 gpus);
    void cancelOldBid(qint64 customer);
    void stopRental();

    ExchangeEngine &m_engine;
    SandboxOptions m_options;
    QRandomGenerator m_rng;
    QTimer m_timer;
    bool m_prepared = false;
    QHash<QString, double> m_logMid; // per GPU: log of the mid price (the process's state)
    qint64 m_processMs = 0; // the time m_logMid stands at
    // The engine's time as last seen in an operation's result (the engine has no clock getter).
    qint64 m_nowMs = 0;
    QList<double> m_activity; // per catalog index: backfill trades per hour at average activity
    double m_totalActivity = 0;
    QList<qint64> m_providers;
    QList<qint64> m_customers;
    qint64 m_demo[3] = {0, 0, 0};
    qint64 m_secondSupport = 0;
};

} // namespace everx
