// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sandbox/sandbox.h"

#include "engine/passwordhasher.h"

#include <QtCore/QLoggingCategory>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <span>

namespace everx {

// Refusals log at debug level, off unless asked for (everx-exchanged --verbose).
Q_LOGGING_CATEGORY(lcSandbox, "everx.exchange.sandbox", QtInfoMsg)

namespace {

using MarketRules::DayMs;

constexpr int ProviderCount = 12;
constexpr int CustomerCount = 30;
const char *const ProviderCountries[] = {"TR", "ID", "DE", "US"};
const char *const CustomerCountries[] = {"US", "DE", "ID", "TR", "GB", "FR",
                                         "NL", "JP", "SG", "IN", "ES", "PL"};

// Synthetic customers' money: generous, and topped up again when it runs low, so that their
// orders are refused for funds only now and then. In the currency of the top-up, minor units.
constexpr qint64 InitialTopUpMinor = 2'500'000; // 25,000.00
constexpr qint64 RefillTopUpMinor = 2'000'000; // 20,000.00
constexpr Cents LowBalanceCents = 500'000; // 5,000.00 USD available
constexpr qint64 DemoTopUpCents = 500'000; // the demo customer's 5,000.00 USD at first start
constexpr int MaxOpenBidsPerCustomer = 6;
constexpr int OpeningBidsPerGpu = 3; // at first start
constexpr int OpeningWindows = 3000; // reserved ahead at first start, over every GPU

// The price process: an Ornstein-Uhlenbeck process on the log of the mid price, reverting to
// log(fromPrice x 1.05) with a half-life of three days and a stationary standard deviation of
// 6 %: about 0.8 % an hour and 3.6 % a day, so that charts move while prices stay plausible for
// weeks (a 25 % excursion is almost four standard deviations, half or double the price eleven).
constexpr double MeanPremium = 1.05;
constexpr double HalfLifeHours = 72.0;
constexpr double StationarySd = 0.06;

// Backfill rhythm: trades per hour of a GPU at average activity is 6 x sqrt(3.00 USD / its seed
// price), clamped: an H100 SXM (2.88) about 6, an RTX 4090 (0.33) about 18, a B300 (8.99)
// about 3.5. Over 42 days and 15 GPUs that makes about 120,000 trades.
constexpr double ReferencePriceCents = 300.0;
constexpr double TradesPerHourAtReference = 6.0;
constexpr double MinTradesPerHour = 2.0;
constexpr double MaxTradesPerHour = 20.0;
constexpr double PeakActivity = 1.45; // the diurnal factor's maximum, for thinning

// Live steps: a handful of engine operations each, committed together.
constexpr int MinOpsPerStep = 3;
constexpr int MaxOpsPerStep = 8;

// Sizes and durations of orders, skewed small and short as most workloads are: whole GPUs and
// whole hours with weights. The backfill draws from the same hours and from the sizes that live
// fills have, so that volume bars keep their scale where the history ends and live trading begins.
struct Weighted
{
    int value;
    int weight;
};
constexpr Weighted QuantityTable[] = {{1, 30}, {2, 22}, {3, 6}, {4, 18}, {6, 4}, {8, 20}};
// Live orders split over several listings and partly filled, so two thirds of live trades are of
// a single GPU; the backfill's prints follow that shape rather than the orders' sizes.
constexpr Weighted HistoryQuantityTable[] = {{1, 55}, {2, 20}, {3, 7}, {4, 9},
                                             {5, 2},  {6, 3},  {8, 4}};
constexpr Weighted HoursTable[] = {{1, 26}, {2, 24}, {3, 14}, {4, 12},
                                   {6, 9},  {8, 7},  {12, 5}, {24, 3}};
// Runs planned ahead are jobs: more GPUs, for longer.
constexpr Weighted WindowQuantityTable[] = {{1, 10}, {2, 15}, {4, 30}, {8, 45}};
constexpr Weighted WindowHoursTable[] = {{4, 30}, {8, 30}, {12, 20}, {24, 15}, {48, 5}};

QString syntheticEmail(const char *kind, int n)
{
    return QStringLiteral("%1-%2@sandbox.everx.cloud").arg(QLatin1StringView(kind)).arg(n);
}

QString regionFor(const QString &country)
{
    if (country == u"TR")
        return QStringLiteral("tr-istanbul");
    if (country == u"ID")
        return QStringLiteral("id-jakarta");
    if (country == u"US")
        return QStringLiteral("us-east");
    return QStringLiteral("eu-frankfurt");
}

Currency currencyFor(const QString &country)
{
    if (country == u"GB")
        return Currency::GBP;
    static const QStringList euro {QStringLiteral("DE"), QStringLiteral("FR"), QStringLiteral("NL"),
                                   QStringLiteral("ES")};
    return euro.contains(country) ? Currency::EUR : Currency::USD;
}

// Multiplier of the trade rate at a time: busier in the overlap of the European afternoon and
// the American morning (peak 15:00 UTC), quieter at weekends. Averages about 0.91 over a week.
double activityAt(qint64 timeMs)
{
    const double hourOfDay = double(timeMs % DayMs) / double(MarketRules::HourMs);
    const qint64 day = timeMs / DayMs;
    const bool weekend = (day + 3) % 7 >= 5; // 1970-01-01 was a Thursday (3 with Monday 0)
    const double diurnal =
        1.0 + 0.45 * std::cos(2.0 * std::numbers::pi * (hourOfDay - 15.0) / 24.0);
    return diurnal * (weekend ? 0.7 : 1.0);
}

double uniform(QRandomGenerator &rng, double from, double to)
{
    return from + (to - from) * rng.generateDouble();
}

// A standard normal draw (Box-Muller); 1 - u keeps the logarithm's argument in (0, 1].
double gaussian(QRandomGenerator &rng)
{
    const double u1 = 1.0 - rng.generateDouble();
    const double u2 = rng.generateDouble();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

int pickWeighted(QRandomGenerator &rng, std::span<const Weighted> table)
{
    int total = 0;
    for (const Weighted &row : table)
        total += row.weight;
    int r = int(rng.bounded(total));
    for (const Weighted &row : table) {
        if (r < row.weight)
            return row.value;
        r -= row.weight;
    }
    return table.back().value;
}

qint32 drawQuantity(QRandomGenerator &rng)
{
    return pickWeighted(rng, QuantityTable);
}

qint32 drawHistoryQuantity(QRandomGenerator &rng)
{
    return pickWeighted(rng, HistoryQuantityTable);
}

qint32 drawHours(QRandomGenerator &rng)
{
    return pickWeighted(rng, HoursTable);
}

double meanLog(const GpuModel &gpu)
{
    return std::log(double(std::max<Cents>(1, gpu.fromPriceCents)) * MeanPremium);
}

// The exact discretisation of the OU process over any step dt, so that the process at "now" does
// not depend on how often it was sampled: x' = mu + (x - mu) e^(-theta dt)
// + sd sqrt(1 - e^(-2 theta dt)) Z, where sd is the stationary standard deviation.
double evolve(QRandomGenerator &rng, double x, double mu, qint64 dtMs)
{
    if (dtMs <= 0)
        return x;
    const double theta = std::log(2.0) / HalfLifeHours;
    const double decay = std::exp(-theta * double(dtMs) / double(MarketRules::HourMs));
    return mu + (x - mu) * decay + StationarySd * std::sqrt(1.0 - decay * decay) * gaussian(rng);
}

// Refusals are part of a market (funds run out, a server is rented, a bid's expiry raced the
// clock): logged for debugging, never fatal.
template<typename T>
bool accepted(const Result<T> &result, const char *what)
{
    if (!result)
        qCDebug(lcSandbox) << what << "refused:" << errorCodeName(result.code())
                           << result.error().message;
    return result.ok();
}

// One rounding from the process's double state to cents: to the nearest cent, then into the
// engine's price range.
Cents toCents(double logPrice)
{
    const double price = std::exp(logPrice);
    return std::clamp<Cents>(qRound64(price), 1, MarketRules::MaxPriceCents);
}

} // namespace

QString Sandbox::demoEmail(Role role)
{
    switch (role) {
    case Role::Customer:
        return QStringLiteral("customer@sandbox.everx.cloud");
    case Role::Provider:
        return QStringLiteral("provider@sandbox.everx.cloud");
    case Role::Support:
        return QStringLiteral("support@sandbox.everx.cloud");
    }
    return {};
}

QString Sandbox::secondSupportEmail()
{
    return QStringLiteral("support2@sandbox.everx.cloud");
}

QString Sandbox::applicantEmail()
{
    return QStringLiteral("applicant@sandbox.everx.cloud");
}

Sandbox::Sandbox(ExchangeEngine &engine, const SandboxOptions &options, QObject *parent)
    : QObject(parent)
    , m_engine(engine)
    , m_options(options)
    , m_rng(options.seed)
    , m_timer(this) // a child, so that it follows the sandbox to another thread
{
    m_timer.setInterval(std::max(1, options.stepIntervalMs));
    connect(&m_timer, &QTimer::timeout, this, &Sandbox::step);
}

Sandbox::~Sandbox()
{
    stop();
}

qint64 Sandbox::demoAccount(Role role) const
{
    return m_demo[int(role)];
}

Cents Sandbox::mid(const QString &gpu) const
{
    const auto it = m_logMid.constFind(gpu);
    return it == m_logMid.cend() ? 0 : toCents(*it);
}

void Sandbox::start()
{
    if (!m_prepared)
        qCWarning(lcSandbox) << "start() before prepare(): the market steps once prepared";
    m_timer.start();
}

void Sandbox::stop()
{
    m_timer.stop();
}

// --- random draws --------------------------------------------------------------------------

QString Sandbox::drawGpu()
{
    // Cheap GPUs trade more often, in the proportions of the backfill.
    const double r = uniform(m_rng, 0.0, m_totalActivity);
    double acc = 0;
    const QList<GpuModel> &gpus = m_engine.catalog().gpus();
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        acc += m_activity[i];
        if (r < acc)
            return gpus[i].id;
    }
    return gpus.last().id;
}

// --- the price process -----------------------------------------------------------------------

void Sandbox::advanceProcess(qint64 toMs)
{
    if (toMs <= m_processMs)
        return;
    for (const GpuModel &g : m_engine.catalog().gpus()) {
        double &x = m_logMid[g.id];
        x = evolve(m_rng, x, meanLog(g), toMs - m_processMs);
    }
    m_processMs = toMs;
}

// --- time ----------------------------------------------------------------------------------------

// ExchangeEngine does not expose its clock, so the sandbox learns the engine's time from the
// timestamps of what its operations return (accounts, orders, listings, cancellations, stops):
// each is the clock's now at that operation. Between operations this lags by at most one step.
void Sandbox::noteTime(qint64 timeMs)
{
    m_nowMs = std::max(m_nowMs, timeMs);
}

// --- prepare -----------------------------------------------------------------------------------

std::optional<qint64> Sandbox::findOrCreate(const NewAccount &account,
                                            const AccountProfile &profile, QString *error)
{
    if (const std::optional<Account> a = m_engine.accountByEmail(account.email)) {
        if (a->role != account.role) {
            if (error)
                *error = QStringLiteral("%1 exists with another role").arg(account.email);
            return std::nullopt;
        }
        noteTime(a->createdMs); // the clock is at least there
        return a->id;
    }
    const Result<Account> a = m_engine.createAccount(account, profile);
    if (!a) {
        if (error)
            *error = QStringLiteral("cannot create %1: %2").arg(account.email, a.error().message);
        return std::nullopt;
    }
    noteTime(a->createdMs);
    return a->id;
}

bool Sandbox::hasLedgerEntries(qint64 accountId)
{
    return !m_engine.database().entries(accountId, 0, 1).isEmpty();
}

bool Sandbox::prepare(QString *error)
{
    if (m_prepared)
        return true;
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        qCWarning(lcSandbox) << "prepare:" << message;
        return false;
    };
    if (!m_engine.isOpen())
        return fail(QStringLiteral("the exchange is not open"));
    const QList<GpuModel> &gpus = m_engine.catalog().gpus();
    if (gpus.isEmpty())
        return fail(QStringLiteral("the GPU catalog is empty"));

    // Activity of each GPU, for the backfill's rate and the live customers' choice of GPU.
    m_activity.clear();
    m_totalActivity = 0;
    for (const GpuModel &g : gpus) {
        const double rate = TradesPerHourAtReference
            * std::sqrt(ReferencePriceCents / double(std::max<Cents>(1, g.fromPriceCents)));
        m_activity.append(std::clamp(rate, MinTradesPerHour, MaxTradesPerHour));
        m_totalActivity += m_activity.last();
    }

    // A first start is an exchange without any trade: it backfills history. Later starts seed
    // the price process from each GPU's last trade, so that it continues where the market stood.
    const bool firstStart = m_engine.database().trades(QString(), 0, 1).isEmpty();
    // Progress: accounts, funding, each GPU's history and storing it (first start), listings.
    const int total = 3 + (firstStart ? int(gpus.size()) + 1 : 0);
    int done = 0;

    // Accounts: found again by email on later starts. Synthetic accounts get a random password
    // from the system generator (not the seeded one, which must replay the market): nobody signs
    // in as them.
    m_nowMs = m_engine.lastActivityMs();
    QString message;
    const QString demoPassword = QString::fromLatin1(DemoPassword);
    const QString germany = QStringLiteral("DE");
    struct Demo
    {
        Role role;
        AccountProfile profile;
    };
    const Demo demos[] = {
        {Role::Customer, {QStringLiteral("Dewi Lestari"), {}}},
        {Role::Provider, {QStringLiteral("Jonas Weber"), QStringLiteral("Rheinland GPU Hosting")}},
        {Role::Support, {QStringLiteral("Lena Vogel"), {}}},
    };
    for (const Demo &demo : demos) {
        const std::optional<qint64> id = findOrCreate(
            {demoEmail(demo.role), demoPassword, demo.role, germany}, demo.profile, &message);
        if (!id)
            return fail(message);
        m_demo[int(demo.role)] = *id;
    }
    const std::optional<qint64> secondSupport =
        findOrCreate({secondSupportEmail(), demoPassword, Role::Support, germany},
                     {QStringLiteral("Budi Santoso"), {}}, &message);
    if (!secondSupport)
        return fail(message);
    m_secondSupport = *secondSupport;
    // A provider's application for support to decide, signed up as the desk signs up.
    if (firstStart && !m_engine.accountByEmail(applicantEmail())) {
        SignUpRequest application;
        application.email = applicantEmail();
        application.password = demoPassword;
        application.role = Role::Provider;
        application.country = QStringLiteral("TR");
        application.name = QStringLiteral("Ayşe Demir");
        application.company = QStringLiteral("Anadolu Bulut Bilişim");
        const Result<ExchangeEngine::SignUpOutcome> made = m_engine.signUp(
            application, PasswordHasher::hash(demoPassword, m_engine.passwordLog2N()));
        // Its address confirmed at once: the sandbox's own code, for its own mailbox.
        const Result<Account> a = made ? m_engine.verifyEmail(made->account.id, made->code)
                                       : Result<Account>(made.error());
        if (!a)
            return fail(QStringLiteral("demo application refused: %1").arg(a.error().message));
        noteTime(a->createdMs);
    }
    const auto secret = [] {
        return QString::number(QRandomGenerator::system()->generate64(), 16)
            + QString::number(QRandomGenerator::system()->generate64(), 16);
    };
    m_providers.clear();
    for (int i = 0; i < ProviderCount; ++i) {
        const QString country =
            QLatin1StringView(ProviderCountries[i % std::size(ProviderCountries)]);
        const std::optional<qint64> id = findOrCreate(
            {syntheticEmail("provider", i + 1), secret(), Role::Provider, country}, {}, &message);
        if (!id)
            return fail(message);
        m_providers.append(*id);
    }
    m_customers.clear();
    for (int i = 0; i < CustomerCount; ++i) {
        const QString country =
            QLatin1StringView(CustomerCountries[i % std::size(CustomerCountries)]);
        const std::optional<qint64> id = findOrCreate(
            {syntheticEmail("customer", i + 1), secret(), Role::Customer, country}, {}, &message);
        if (!id)
            return fail(message);
        m_customers.append(*id);
    }
    Q_EMIT preparing(++done, total);

    // Money, once: an account with any ledger entry was funded before (or has traded).
    const qint64 demoCustomer = m_demo[int(Role::Customer)];
    if (!hasLedgerEntries(demoCustomer)) {
        const Result<TopUp> t = m_engine.topUp(demoCustomer, Currency::USD, DemoTopUpCents);
        if (!t)
            return fail(QStringLiteral("demo top-up refused: %1").arg(t.error().message));
    }
    for (int i = 0; i < m_customers.size(); ++i) {
        if (hasLedgerEntries(m_customers[i]))
            continue;
        const QString country =
            QLatin1StringView(CustomerCountries[i % std::size(CustomerCountries)]);
        const Result<TopUp> t =
            m_engine.topUp(m_customers[i], currencyFor(country), InitialTopUpMinor);
        if (!t)
            return fail(QStringLiteral("top-up refused: %1").arg(t.error().message));
    }
    // Something for support to do at first start: the second agent's goodwill credit to the
    // demo customer, above the dual-control threshold, waits for the first agent's approval.
    if (firstStart && m_engine.pendingAdjustments().isEmpty()) {
        const Cents goodwill = std::max<Cents>(75'000, m_engine.dualControlThreshold() + 100);
        const Result<AdjustmentOutcome> asked = m_engine.requestAdjustment(
            m_secondSupport, demoCustomer, goodwill,
            QStringLiteral("Goodwill credit: a GPU node failed during a 24-hour rental"
                           " (ticket 4711)"));
        if (!asked)
            return fail(QStringLiteral("demo adjustment refused: %1").arg(asked.error().message));
    }
    Q_EMIT preparing(++done, total);

    if (firstStart) {
        if (!backfill(&message, [this, &done, total] { Q_EMIT preparing(++done, total); }))
            return fail(message);
    } else {
        seedFromTrades();
    }
    m_processMs = m_nowMs;

    if (!listAll(&message))
        return fail(message);
    if (firstStart && !backfillDemoProvider(&message))
        return fail(message);
    // At first start, customers' bids under every GPU's offers, so that the desk opens on
    // two-sided books rather than waiting for the simulation to bid.
    if (firstStart) {
        for (const GpuModel &g : gpus)
            for (int i = 0; i < OpeningBidsPerGpu; ++i)
                placeLimitBid(g.id);
        // And the windows customers have planned already, so that the next two weeks have a
        // shape; one commit for all of them.
        m_engine.beginBatch();
        for (int i = 0; i < OpeningWindows; ++i)
            reserveWindow();
        m_engine.commitBatch();
    }
    m_prepared = true;
    Q_EMIT preparing(total, total);
    qCInfo(lcSandbox) << "sandbox market prepared:" << m_providers.size() << "providers,"
                      << m_customers.size() << "customers," << m_engine.listings().size()
                      << "listings";
    return true;
}

bool Sandbox::backfill(QString *error, const std::function<void()> &partDone)
{
    const QList<GpuModel> &gpus = m_engine.catalog().gpus();
    const qint64 endMs = m_nowMs; // no trade may be later than the engine's now
    const qint64 startMs = endMs - qint64(std::max(0, m_options.backfillDays)) * DayMs;
    QList<Trade> trades;
    trades.reserve(
        qsizetype(m_totalActivity * 0.95 * double(endMs - startMs) / double(MarketRules::HourMs)));
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const GpuModel &g = gpus[i];
        const double mu = meanLog(g);
        // Start from a draw of the stationary distribution, so that GPUs do not all begin at
        // their mean.
        double x = mu + StationarySd * gaussian(m_rng);
        qint64 t = startMs;
        qint64 processAt = startMs;
        // A Poisson process with rate activity x activityAt(t), by thinning: candidates at the
        // peak rate, each kept with probability activityAt / peak.
        const double peakPerMs = m_activity[i] * PeakActivity / double(MarketRules::HourMs);
        for (;;) {
            t += qint64(std::ceil(-std::log(1.0 - m_rng.generateDouble()) / peakPerMs));
            if (t > endMs)
                break;
            if (m_rng.generateDouble() * PeakActivity >= activityAt(t))
                continue;
            x = evolve(m_rng, x, mu, t - processAt);
            processAt = t;
            // A print at the ask (a buyer took it) or at the bid, half a spread of 0.3 to 2 %
            // away from the mid.
            const double halfSpread = uniform(m_rng, 0.003, 0.02);
            Trade trade;
            trade.gpu = g.id;
            trade.priceCents = toCents(x + (m_rng.bounded(2) ? halfSpread : -halfSpread));
            trade.quantity = drawHistoryQuantity(m_rng);
            trade.hours = drawHours(m_rng);
            trade.timeMs = t;
            trades.append(trade);
        }
        // The process continues from here at now, so that live trading joins the chart.
        m_logMid[g.id] = evolve(m_rng, x, mu, endMs - processAt);
        partDone();
    }
    // Ids are assigned in list order: time order, GPUs in catalog order within a millisecond.
    std::stable_sort(trades.begin(), trades.end(),
                     [](const Trade &a, const Trade &b) { return a.timeMs < b.timeMs; });
    const Result<qsizetype> stored = m_engine.recordHistory(trades);
    if (!stored) {
        if (error)
            *error = QStringLiteral("the history was refused: %1").arg(stored.error().message);
        return false;
    }
    partDone();
    qCInfo(lcSandbox) << "backfilled" << *stored << "trades over" << m_options.backfillDays
                      << "days";
    return true;
}

void Sandbox::seedFromTrades()
{
    // One query for the last day's trades gives the last price of every GPU that traded in it; a
    // GPU without any looks further back on its own, and one that never traded starts at its mean.
    QHash<QString, Cents> last;
    for (const Trade &t : m_engine.database().trades(QString(), m_nowMs - DayMs))
        last.insert(t.gpu, t.priceCents);
    for (const GpuModel &g : m_engine.catalog().gpus()) {
        if (!last.contains(g.id)) {
            const QList<Trade> older = m_engine.database().trades(g.id, 0);
            if (!older.isEmpty())
                last.insert(g.id, older.last().priceCents);
        }
        const auto it = last.constFind(g.id);
        m_logMid[g.id] = it == last.cend() ? meanLog(g) : std::log(double(*it));
    }
}

// The synthetic providers' servers: for every GPU 4 to 12 servers, more for the busier (cheaper)
// ones, dealt round-robin over the providers so that each has a mix. PCIe cards come in servers
// of 4 or 8, the others as 8-GPU boards. The plan depends on the catalog only, so a later start
// can tell what is listed already.
QList<Sandbox::PlannedServer> Sandbox::serverPlan() const
{
    QList<PlannedServer> plan;
    const QList<GpuModel> &gpus = m_engine.catalog().gpus();
    const double maxActivity = *std::max_element(m_activity.cbegin(), m_activity.cend());
    int k = 0;
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const int servers = 4 + int(std::lround(8.0 * m_activity[i] / maxActivity));
        for (int s = 0; s < servers; ++s, ++k) {
            // Servers of 1, 2, 4 and 8 GPUs, so that the books keep blocks of every size: SXM
            // boards mostly in 8-GPU servers, PCIe cards mostly in smaller ones.
            const bool pcie = gpus[i].formFactor == u"PCIe";
            static constexpr qint32 SxmSizes[] = {8, 8, 4, 8, 2, 8, 1, 8};
            static constexpr qint32 PcieSizes[] = {4, 1, 8, 2, 4, 1, 2, 8};
            const qint32 size =
                pcie ? PcieSizes[s % std::size(PcieSizes)] : SxmSizes[s % std::size(SxmSizes)];
            plan.append({k % ProviderCount, gpus[i].id, size, k});
        }
    }
    return plan;
}

bool Sandbox::listAll(QString *error)
{
    const auto list = [&](qint64 provider, const QString &gpu, qint32 count, Cents price,
                          const QString &region, const QString &endpoint) {
        const Result<Listing> l =
            m_engine.addListing(provider, {gpu, count, region, endpoint, price});
        if (!l) {
            if (error)
                *error = QStringLiteral("listing refused: %1").arg(l.error().message);
            return false;
        }
        noteTime(l->createdMs);
        return true;
    };

    // What each synthetic provider has listed already, per GPU; they never remove listings, so
    // this tells which planned servers a first start did not get to.
    QHash<qint64, QHash<QString, int>> listed;
    for (const Listing &l : m_engine.listings())
        ++listed[l.providerId][l.gpu];
    for (const PlannedServer &s : serverPlan()) {
        const qint64 provider = m_providers[s.provider];
        int &have = listed[provider][s.gpu];
        if (have > 0) {
            --have;
            continue;
        }
        const QString country =
            QLatin1StringView(ProviderCountries[s.provider % std::size(ProviderCountries)]);
        const Cents price = toCents(m_logMid.value(s.gpu) + uniform(m_rng, 0.005, 0.04));
        if (!list(provider, s.gpu, s.gpus, price, regionFor(country),
                  QStringLiteral("ssh gpu@203.0.113.%1").arg(1 + s.serial % 254)))
            return false;
    }

    if (!listClusters(error))
        return false;

    // The demo provider's two servers, near the market, once: a demo provider with a listing or
    // with earnings has been set up before.
    const qint64 demo = m_demo[int(Role::Provider)];
    if (m_engine.listings(demo).isEmpty() && !hasLedgerEntries(demo)) {
        const struct
        {
            const char *gpu;
            qint32 count;
        } servers[] = {{"h100-sxm", 8}, {"rtx-4090", 4}};
        for (const auto &s : servers) {
            const QString gpu = QLatin1StringView(s.gpu);
            if (!m_engine.catalog().find(gpu))
                continue; // a custom catalog without it
            const Cents price = toCents(m_logMid.value(gpu) + 0.01);
            if (!list(demo, gpu, s.count, price, QStringLiteral("eu-frankfurt"),
                      QStringLiteral("ssh demo@198.51.100.7")))
                return false;
        }
    }
    return true;
}

bool Sandbox::listClusters(QString *error)
{
    // Two providers' clusters of 8-GPU servers on InfiniBand at 400 Gb/s, for orders that want
    // more GPUs than one server has (placement "cluster"), listed once: a provider with a
    // listing in the cluster has them all.
    const struct
    {
        int provider;
        const char *gpu;
        int servers;
        const char *name;
    } clusters[] = {{0, "h100-sxm", 4, "h100-ib-1"}, {1, "mi300x", 2, "mi300x-ib-1"}};
    for (const auto &c : clusters) {
        const QString gpu = QLatin1StringView(c.gpu);
        const QString name = QLatin1StringView(c.name);
        const qint64 provider = m_providers[c.provider];
        if (!m_engine.catalog().find(gpu))
            continue; // a custom catalog without it
        const QList<Listing> have = m_engine.listings(provider);
        if (std::any_of(have.cbegin(), have.cend(),
                        [&](const Listing &l) { return l.cluster == name; }))
            continue;
        const QString country =
            QLatin1StringView(ProviderCountries[c.provider % std::size(ProviderCountries)]);
        for (int i = 0; i < c.servers; ++i) {
            const Cents price = toCents(m_logMid.value(gpu) + uniform(m_rng, 0.01, 0.03));
            const Result<Listing> l =
                m_engine.addListing(provider,
                                    {gpu, 8, regionFor(country),
                                     QStringLiteral("ssh gpu@192.0.2.%1").arg(10 + i), price});
            const Result<Listing> joined = l
                ? m_engine.setListingCluster(provider, {l->id, name, Fabric::InfiniBand, 400})
                : Result<Listing>(l.error());
            if (!joined) {
                if (error)
                    *error =
                        QStringLiteral("cluster listing refused: %1").arg(joined.error().message);
                return false;
            }
            noteTime(joined->createdMs);
        }
    }
    return true;
}

bool Sandbox::backfillDemoProvider(QString *error)
{
    const qint64 demo = m_demo[int(Role::Provider)];
    const QList<Listing> listings = m_engine.listings(demo);
    if (listings.isEmpty() || m_options.backfillDays <= 0)
        return true;
    QRandomGenerator rng(m_options.seed ^ 0x9e3779b9u);
    // At most five weeks, ending an hour before now: every rental has ended and been billed.
    const qint64 endMs = m_nowMs - MarketRules::HourMs;
    const qint64 startMs = endMs - qint64(std::min(m_options.backfillDays, 35)) * DayMs;
    QList<Rental> rentals;
    for (const Listing &l : listings) {
        // One rental at a time per server: an idle gap (3 h on average), then a rental of the
        // live market's hours, of most of the server's GPUs, near its price.
        qint64 t = startMs;
        for (;;) {
            t += qint64(std::ceil(-std::log(1.0 - rng.generateDouble()) * 3.0
                                  * double(MarketRules::HourMs)));
            const qint32 hours = drawHours(rng);
            if (t + qint64(hours) * MarketRules::HourMs > endMs)
                break;
            Rental r;
            r.listingId = l.id;
            r.gpus = std::clamp<qint32>(
                qint32(l.gpuCount) - qint32(rng.bounded(l.gpuCount / 2 + 1)), 1, l.gpuCount);
            r.hours = hours;
            r.priceCents =
                std::clamp<Cents>(qRound64(double(l.askCents) * uniform(rng, 0.94, 1.03)), 1,
                                  MarketRules::MaxPriceCents);
            r.startedMs = t;
            rentals.append(r);
            t += qint64(hours) * MarketRules::HourMs;
        }
    }
    const Result<qsizetype> stored = m_engine.recordHostedHistory(demo, rentals);
    if (!stored) {
        if (error)
            *error = QStringLiteral("the demo provider's history was refused: %1")
                         .arg(stored.error().message);
        return false;
    }
    // A payout paid a week's earnings ago, and one waiting for support.
    const Cents earnings = m_engine.balance(demo).earnings;
    if (earnings < 4 * MarketRules::MinPayoutCents)
        return true; // a history too short to pay anything out
    const Result<Payout> paid = m_engine.requestPayout(demo, earnings / 2 / 100 * 100);
    const Result<Payout> settled = paid
        ? m_engine.markPayoutPaid(m_demo[int(Role::Support)], paid->id,
                                  QStringLiteral("SANDBOX-TRANSFER-0001"),
                                  QStringLiteral("monthly payout, bank transfer sent"))
        : paid;
    const Result<Payout> waiting =
        settled ? m_engine.requestPayout(demo, earnings / 4 / 100 * 100) : settled;
    if (!waiting) {
        if (error)
            *error = QStringLiteral("the demo provider's payouts were refused: %1")
                         .arg(waiting.error().message);
        return false;
    }
    qCInfo(lcSandbox) << "backfilled" << *stored << "rentals of the demo provider";
    return true;
}

// --- the live market -----------------------------------------------------------------------------

void Sandbox::step()
{
    if (!m_prepared)
        return;
    advanceProcess(m_nowMs);
    // The step's operations and due events commit together: one sync of the database a step
    // instead of one an operation, during which the exchange answers nobody. If that commit
    // fails the engine undoes the whole step, as it undoes a failed batch of requests.
    m_engine.beginBatch();
    const int ops = MinOpsPerStep + int(m_rng.bounded(MaxOpsPerStep - MinOpsPerStep + 1));
    for (int i = 0; i < ops; ++i)
        operate();
    m_engine.advance();
    m_engine.commitBatch();
    Q_EMIT stepped();
}

void Sandbox::operate()
{
    const int dice = int(m_rng.bounded(100));
    if (dice < 30)
        reprice();
    else if (dice < 55)
        buyNow();
    else if (dice < 73)
        placeLimitBid();
    else if (dice < 80)
        reserveWindow();
    else if (dice < 90)
        cancelOldBid(m_customers[m_rng.bounded(int(m_customers.size()))]);
    else if (dice < 95)
        stopRental();
    else
        pauseOrResume();
}

void Sandbox::reprice()
{
    // A provider moves one server's ask to 0.5 to 4 % above the process's mid.
    const QList<Listing> listings =
        m_engine.listings(m_providers[m_rng.bounded(int(m_providers.size()))]);
    if (listings.isEmpty())
        return;
    const Listing &l = listings[m_rng.bounded(int(listings.size()))];
    const Cents price = toCents(m_logMid.value(l.gpu) + uniform(m_rng, 0.005, 0.04));
    if (price == l.askCents)
        return;
    accepted(m_engine.repriceListing(l.providerId, l.id, price), "reprice");
}

void Sandbox::pauseOrResume()
{
    // Paused servers come back whenever picked; an active one goes into maintenance one time in
    // five, so that about a tenth of the servers are paused at a time.
    const QList<Listing> listings =
        m_engine.listings(m_providers[m_rng.bounded(int(m_providers.size()))]);
    if (listings.isEmpty())
        return;
    const Listing &l = listings[m_rng.bounded(int(listings.size()))];
    if (l.state == ListingState::Paused)
        accepted(m_engine.resumeListing(l.providerId, l.id), "resume");
    else if (m_rng.bounded(5) == 0)
        accepted(m_engine.pauseListing(l.providerId, l.id), "pause");
}

qint64 Sandbox::fundedCustomer()
{
    const int i = int(m_rng.bounded(int(m_customers.size())));
    const qint64 customer = m_customers[i];
    if (m_engine.balance(customer).available < LowBalanceCents) {
        const QString country =
            QLatin1StringView(CustomerCountries[i % std::size(CustomerCountries)]);
        accepted(m_engine.topUp(customer, currencyFor(country), RefillTopUpMinor), "top-up");
    }
    return customer;
}

void Sandbox::buyNow()
{
    // Takes the best offers up to a cap 1 to 5 % above the mid.
    const qint64 customer = fundedCustomer();
    const QString gpu = drawGpu();
    BidRequest r;
    r.gpu = gpu;
    r.kind = OrderKind::BuyNow;
    r.quantity = drawQuantity(m_rng);
    r.hours = drawHours(m_rng);
    r.limitCents = toCents(m_logMid.value(gpu) + uniform(m_rng, 0.01, 0.05));
    r.placement = drawPlacement(r.quantity);
    const Result<OrderPlaced> p = m_engine.placeBid(customer, r);
    if (accepted(p, "buy now"))
        noteTime(p->order.createdMs);
}

void Sandbox::placeLimitBid(const QString &onGpu)
{
    // A bid 0.5 to 4 % under the mid, good for two to twelve hours; a customer with several bids
    // open withdraws its oldest instead.
    const qint64 customer = fundedCustomer();
    if (m_engine.openOrders(customer).size() >= MaxOpenBidsPerCustomer) {
        cancelOldBid(customer);
        return;
    }
    // Demand follows the market's weights, but a book left without bids gets the next one half
    // the time, so that every GPU shows a two-sided market on the desk.
    QString gpu = onGpu.isEmpty() ? drawGpu() : onGpu;
    if (onGpu.isEmpty() && m_rng.bounded(2) == 0) {
        QStringList gpus = m_logMid.keys();
        gpus.sort(); // QHash order differs per process; a seeded sandbox must not
        for (const QString &candidate : std::as_const(gpus)) {
            const OrderBook *book = m_engine.book(candidate);
            if (book && book->depth(Side::Bid, 3).size() < 3) {
                gpu = candidate;
                break;
            }
        }
    }
    BidRequest r;
    r.gpu = gpu;
    r.kind = OrderKind::Limit;
    r.quantity = drawQuantity(m_rng);
    r.hours = drawHours(m_rng);
    r.limitCents = toCents(m_logMid.value(gpu) - uniform(m_rng, 0.005, 0.04));
    if (!onGpu.isEmpty()) {
        // An opening bid rests: on a 33-cent GPU, 0.5 % under the mid can round onto the ask.
        const OrderBook *book = m_engine.book(gpu);
        if (book && book->bestAsk() && r.limitCents >= *book->bestAsk())
            r.limitCents = *book->bestAsk() - 1;
    }
    // The sandbox's idea of now lags the clock by up to a step; an hour's margin keeps the
    // expiry in the future.
    r.expiresMs = m_nowMs + 2 * MarketRules::HourMs + qint64(m_rng.bounded(10 * 60)) * 60'000;
    // An opening bid rests in the book, so that every GPU shows bids; others may want a server.
    if (onGpu.isEmpty())
        r.placement = drawPlacement(r.quantity);
    const Result<OrderPlaced> p = m_engine.placeBid(customer, r);
    if (accepted(p, "bid"))
        noteTime(p->order.createdMs);
}

void Sandbox::reserveWindow()
{
    // A run planned ahead: a start in the next 14 days, drawn as work is done (busier in the
    // European afternoon and American morning, quieter at night and at weekends), bought whole at
    // a cap 2 to 6 % above the mid. So the windows fill where demand is, and what the next two
    // weeks would cost has the shape of a real market's: cheaper at night and at weekends.
    const qint64 firstStart = (m_nowMs / MarketRules::HourMs + 2) * MarketRules::HourMs;
    qint64 start = 0;
    for (int tries = 0; tries < 8 && start == 0; ++tries) {
        const qint64 candidate = firstStart
            + qint64(m_rng.bounded(MarketRules::WindowDays * 24 - 2)) * MarketRules::HourMs;
        if (m_rng.generateDouble() * 1.45 < activityAt(candidate))
            start = candidate;
    }
    if (start == 0)
        return;
    const qint64 customer = fundedCustomer();
    const QString gpu = drawGpu();
    BidRequest r;
    r.gpu = gpu;
    r.kind = OrderKind::BuyNow;
    r.quantity = pickWeighted(m_rng, WindowQuantityTable);
    r.hours = pickWeighted(m_rng, WindowHoursTable);
    r.limitCents = toCents(m_logMid.value(gpu) + uniform(m_rng, 0.02, 0.06));
    r.placement = drawPlacement(r.quantity);
    r.startMs = start;
    const Result<OrderPlaced> p = m_engine.placeBid(customer, r);
    if (accepted(p, "window"))
        noteTime(p->order.createdMs);
}

Placement Sandbox::drawPlacement(qint32 gpus)
{
    // A single GPU is a single GPU anywhere. Of larger orders, half are jobs on one server, one
    // in six wants a cluster, the rest (data-parallel work) takes GPUs from anywhere.
    if (gpus <= 1)
        return Placement::Any;
    const int dice = int(m_rng.bounded(6));
    return dice < 3 ? Placement::Server : dice == 3 ? Placement::Cluster : Placement::Any;
}

void Sandbox::cancelOldBid(qint64 customer)
{
    // The oldest open bid of the customer, if it has rested half an hour.
    const QList<BidOrder> open = m_engine.openOrders(customer);
    if (open.isEmpty() || m_nowMs - open.first().createdMs < 30 * 60'000)
        return;
    const Result<BidOrder> c = m_engine.cancelOrder(customer, open.first().id);
    if (accepted(c, "cancel"))
        noteTime(c->closedMs);
}

void Sandbox::stopRental()
{
    // A job finished early: its customer stops the rental, and the GPUs return to the book.
    const qint64 customer = m_customers[m_rng.bounded(int(m_customers.size()))];
    const QList<Rental> rentals = m_engine.runningRentals(customer);
    if (rentals.isEmpty())
        return;
    const Rental &r = rentals[m_rng.bounded(int(rentals.size()))];
    const Result<Rental> s = m_engine.stopRental(customer, r.id);
    if (accepted(s, "stop"))
        noteTime(s->endedMs);
}

} // namespace everx
