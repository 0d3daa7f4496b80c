#pragma once

// Shared by the engine suites: an engine on a throw-away SQLite database with a manual clock,
// demo accounts, and a seeded stream of random operations.

#include "exchange/exchangeengine.h"

#include <QtCore/QDateTime>
#include <QtCore/QRandomGenerator>
#include <QtCore/QTemporaryDir>
#include <QtTest/QTest>

#include <memory>

namespace everx::test {

// 2026-11-30 00:00 UTC: every suite starts at the same instant.
inline constexpr qint64 T0 = 1'795'996'800'000;

struct EngineFixture
{
    ManualClock clock {T0};
    QTemporaryDir dir;
    std::unique_ptr<ExchangeEngine> engine;
    QString path;

    // location: empty for a SQLite file in a temporary folder, or a PostgreSQL URL.
    explicit EngineFixture(bool durable = false, const QString &location = {})
    {
        path = location.isEmpty() ? dir.filePath(QStringLiteral("x.db")) : location;
        reopen(durable);
    }

    bool reopen(bool durable = false, int feeBp = 1000)
    {
        engine = std::make_unique<ExchangeEngine>(clock);
        ExchangeEngine::Options o;
        o.database.location = path;
        o.database.durable = durable;
        o.platformFeeBp = feeBp;
        o.passwordLog2N = 4; // fast hashes for tests; the default is 2^15
        QString error;
        const bool ok = engine->open(o, &error);
        if (!ok)
            qWarning() << "engine did not open:" << error;
        return ok;
    }

    qint64 newAccount(const QString &email, Role role,
                      const QString &country = QStringLiteral("DE"))
    {
        auto a = engine->createAccount({email, QStringLiteral("correct horse"), role, country});
        if (!a) {
            qWarning() << "account" << email << a.error().message;
            return 0;
        }
        return a->id;
    }

    qint64 funded(const QString &email, Cents usd, const QString &country = QStringLiteral("DE"))
    {
        const qint64 id = newAccount(email, Role::Customer, country);
        if (id && usd > 0)
            engine->topUp(id, Currency::USD, usd);
        return id;
    }

    qint64 list(qint64 provider, const QString &gpu, qint32 count, Cents price)
    {
        auto l = engine->addListing(
            provider,
            {gpu, count, QStringLiteral("eu-central"), QStringLiteral("ssh gpu@10.0.0.1"), price});
        return l ? l->id : 0;
    }

    Result<Placement> bid(qint64 account, const QString &gpu, qint32 gpus, qint32 hours,
                          Cents price, OrderKind kind = OrderKind::Limit,
                          const QString &clientId = {})
    {
        BidRequest r;
        r.gpu = gpu;
        r.kind = kind;
        r.quantity = gpus;
        r.hours = hours;
        r.limitCents = price;
        r.clientOrderId = clientId;
        return engine->placeBid(account, r);
    }

    void advanceHours(double hours)
    {
        clock.advance(qint64(hours * Clock::HourMs));
        engine->advance();
    }
};

// A comparable picture of everything that must survive a restart, and that a refused operation
// must leave alone.
inline QString stateFingerprint(ExchangeEngine &e)
{
    QStringList out;
    auto balances = e.ledger().balances();
    QList<quint64> keys = balances.keys();
    std::sort(keys.begin(), keys.end());
    for (const quint64 k : keys)
        out << QStringLiteral("bal %1/%2=%3")
                   .arg(Ledger::accountOf(k))
                   .arg(int(Ledger::bucketOf(k)))
                   .arg(balances[k]);
    for (const BidOrder &o : e.openOrders())
        out << QStringLiteral(
                   "order %1 acct %2 %3 q%4 r%5 f%6 p%7 h%8 tax%9 exp%10 held%11 st%12 coid%13")
                   .arg(o.id)
                   .arg(o.accountId)
                   .arg(o.gpu)
                   .arg(o.quantity)
                   .arg(o.remaining)
                   .arg(o.filled)
                   .arg(o.limitCents)
                   .arg(o.hours)
                   .arg(o.taxBp)
                   .arg(o.expiresMs)
                   .arg(o.heldCents)
                   .arg(int(o.state))
                   .arg(o.clientOrderId);
    for (const Rental &r : e.runningRentals())
        out << QStringLiteral(
                   "rental %1 o%2 c%3 l%4 p%5 %6 g%7 $%8 h%9 b%10 tax%11 fee%12 t%13 st%14")
                   .arg(r.id)
                   .arg(r.orderId)
                   .arg(r.customerId)
                   .arg(r.listingId)
                   .arg(r.providerId)
                   .arg(r.gpu)
                   .arg(r.gpus)
                   .arg(r.priceCents)
                   .arg(r.hours)
                   .arg(r.hoursBilled)
                   .arg(r.taxBp)
                   .arg(r.feeBp)
                   .arg(r.startedMs)
                   .arg(int(r.state));
    for (const Listing &l : e.listings()) {
        out << QStringLiteral("listing %1 p%2 %3 n%4 %5 %6 $%7 st%8 rented%9")
                   .arg(l.id)
                   .arg(l.providerId)
                   .arg(l.gpu)
                   .arg(l.gpuCount)
                   .arg(l.region, l.endpoint)
                   .arg(l.askCents)
                   .arg(int(l.state))
                   .arg(l.rentedGpus);
        for (const AskSlice &s : e.askSlices(l.id))
            out << QStringLiteral("  slice %1 q%2").arg(s.id).arg(s.quantity);
    }
    for (const GpuModel &g : e.catalog().gpus()) {
        const OrderBook *b = e.book(g.id);
        for (const Side side : {Side::Bid, Side::Ask})
            for (const RestingOrder &r : b->orders(side))
                out << QStringLiteral("book %1 %2 id%3 o%4 $%5 q%6")
                           .arg(g.id)
                           .arg(side == Side::Bid ? u'B' : u'A')
                           .arg(r.id)
                           .arg(r.owner)
                           .arg(r.price)
                           .arg(r.quantity);
    }
    out << QStringLiteral("ledger last %1 %2")
               .arg(e.ledger().lastEntryId())
               .arg(QString::fromLatin1(e.ledger().lastHash()));
    return out.join(u'\n');
}

// Seeded random operations from many accounts over a few GPUs: valid ones mostly, and a share
// of invalid ones that must be refused without changing anything.
class RandomTrader
{
public:
    struct Stats
    {
        qint64 ops = 0, accepted = 0, refused = 0, invalidProbes = 0, trades = 0;
    };

    RandomTrader(EngineFixture &f, quint32 seed)
        : m_f(f)
        , m_rng(seed)
    { }

    void setUp(int customers = 24, int providers = 8)
    {
        for (int i = 0; i < customers; ++i) {
            const QString country = i % 3 == 0 ? QStringLiteral("US")
                : i % 3 == 1                   ? QStringLiteral("DE")
                                               : QStringLiteral("ID");
            const qint64 id =
                m_f.newAccount(QStringLiteral("c%1@example.com").arg(i), Role::Customer, country);
            m_customers.append(id);
            m_f.engine->topUp(id, Currency::USD, 200'000 + m_rng.bounded(2'000'000));
        }
        for (int i = 0; i < providers; ++i) {
            const qint64 id = m_f.newAccount(QStringLiteral("p%1@example.com").arg(i),
                                             Role::Provider, QStringLiteral("TR"));
            m_providers.append(id);
            m_f.engine->topUp(id, Currency::USD, 100'000);
        }
    }

    // One random operation. Returns true if the engine accepted it.
    bool step()
    {
        ++m_stats.ops;
        ExchangeEngine &e = *m_f.engine;
        const QString gpu = m_gpus[m_rng.bounded(int(m_gpus.size()))];
        const Cents mid = 200 + 25 * m_rng.bounded(8); // prices cluster so that books cross
        int dice = m_rng.bounded(100);
        // Keep the market's size steady, as real traders do: when many bids rest or many
        // listings exist, cancel and remove more. Otherwise the state grows with the stream.
        if (e.openOrders().size() > 120 && dice < 40)
            dice = 45;
        if (e.listings().size() > 40 && dice >= 50 && dice < 58)
            dice = 60;
        bool ok = false;
        if (dice < 4) {
            ok = e.topUp(anyTrader(), Currency(m_rng.bounded(3)), 1 + m_rng.bounded(500'000)).ok();
        } else if (dice < 30) {
            BidRequest r {gpu,
                          OrderKind::Limit,
                          1 + qint32(m_rng.bounded(8)),
                          1 + qint32(m_rng.bounded(12)),
                          mid + qint32(m_rng.bounded(61)) - 30,
                          0,
                          {}};
            if (m_rng.bounded(4) == 0)
                r.expiresMs = m_f.clock.nowMs() + 1 + m_rng.bounded(6 * Clock::HourMs);
            if (m_rng.bounded(5) == 0)
                r.clientOrderId = QStringLiteral("k%1").arg(m_rng.bounded(400));
            ok = e.placeBid(anyTrader(), r).ok();
        } else if (dice < 40) {
            BidRequest r {gpu,
                          OrderKind::BuyNow,
                          1 + qint32(m_rng.bounded(10)),
                          1 + qint32(m_rng.bounded(8)),
                          mid + qint32(m_rng.bounded(80)),
                          0,
                          {}};
            ok = e.placeBid(anyTrader(), r).ok();
        } else if (dice < 50) {
            const QList<BidOrder> open = e.openOrders();
            if (!open.isEmpty()) {
                const BidOrder &o = open[m_rng.bounded(int(open.size()))];
                // Mostly the owner; now and then a stranger, which must be refused.
                ok = e.cancelOrder(m_rng.bounded(10) == 0 ? anyTrader() : o.accountId, o.id).ok();
            }
        } else if (dice < 58) {
            ok = e.addListing(anyProvider(),
                              {gpu, 1 + qint32(m_rng.bounded(8)), QStringLiteral("eu"),
                               QStringLiteral("ssh h"), mid + qint32(m_rng.bounded(61)) - 30})
                     .ok();
        } else if (dice < 68) {
            const QList<Listing> ls = e.listings();
            if (!ls.isEmpty()) {
                const Listing &l = ls[m_rng.bounded(int(ls.size()))];
                const qint64 who = m_rng.bounded(10) == 0 ? anyProvider() : l.providerId;
                switch (m_rng.bounded(4)) {
                case 0:
                    ok = e.repriceListing(who, l.id, mid + qint32(m_rng.bounded(61)) - 30).ok();
                    break;
                case 1:
                    ok = e.pauseListing(who, l.id).ok();
                    break;
                case 2:
                    ok = e.resumeListing(who, l.id).ok();
                    break;
                default:
                    ok = e.removeListing(who, l.id).ok();
                    break;
                }
            }
        } else if (dice < 74) {
            const QList<Rental> rs = e.runningRentals();
            if (!rs.isEmpty()) {
                const Rental &r = rs[m_rng.bounded(int(rs.size()))];
                ok = e.stopRental(m_rng.bounded(10) == 0 ? anyTrader() : r.customerId, r.id).ok();
            }
        } else if (dice < 90) {
            m_f.clock.advance(m_rng.bounded(90 * 60'000));
            e.advance();
            ok = true;
        } else {
            ok = invalidProbe();
        }
        const qint32 trades = qint32(e.takeChanges().trades.size());
        m_stats.trades += trades;
        ok ? ++m_stats.accepted : ++m_stats.refused;
        return ok;
    }

    // An operation that must be refused; it checks that nothing changed and returns false.
    bool invalidProbe()
    {
        ++m_stats.invalidProbes;
        ExchangeEngine &e = *m_f.engine;
        m_f.engine->advance(); // let due events run first, so that only the probe is compared
        const QString before = stateFingerprint(e);
        bool accepted = false;
        switch (m_rng.bounded(8)) {
        case 0:
            accepted =
                e.placeBid(anyTrader(),
                           {QStringLiteral("no-such-gpu"), OrderKind::Limit, 1, 1, 100, 0, {}})
                    .ok();
            break;
        case 1:
            accepted =
                e.placeBid(anyTrader(),
                           {m_gpus[0], OrderKind::Limit, -qint32(m_rng.bounded(5)), 1, 100, 0, {}})
                    .ok();
            break;
        case 2:
            accepted =
                e.placeBid(anyTrader(), {m_gpus[0], OrderKind::Limit, 1, 0, 100, 0, {}}).ok();
            break;
        case 3:
            accepted =
                e.placeBid(
                     anyTrader(),
                     {m_gpus[0], OrderKind::Limit, 1, 1, ExchangeEngine::MaxPriceCents + 1, 0, {}})
                    .ok();
            break;
        case 4:
            accepted =
                e.placeBid(anyTrader(), {m_gpus[1], OrderKind::Limit, 1024, 720, 99'999, 0, {}})
                    .ok();
            break; // never affordable
        case 5:
            accepted = e.topUp(anyTrader(), Currency::EUR, -100).ok();
            break;
        case 6:
            accepted = e.addListing(anyTrader(),
                                    {m_gpus[0], 0, QStringLiteral("eu"), QStringLiteral("x"), 100})
                           .ok();
            break;
        default:
            accepted = e.cancelOrder(anyTrader(), 1'000'000'000).ok();
            break;
        }
        if (accepted || stateFingerprint(e) != before)
            m_probeFailures
                << QStringLiteral("probe changed state or was accepted at op %1").arg(m_stats.ops);
        return false;
    }

    const Stats &stats() const { return m_stats; }
    const QStringList &probeFailures() const { return m_probeFailures; }

private:
    qint64 anyTrader()
    {
        // Providers bid too now and then, so that self-trade prevention is exercised.
        if (m_rng.bounded(8) == 0)
            return anyProvider();
        return m_customers[m_rng.bounded(int(m_customers.size()))];
    }
    qint64 anyProvider() { return m_providers[m_rng.bounded(int(m_providers.size()))]; }

    EngineFixture &m_f;
    QRandomGenerator m_rng;
    QList<qint64> m_customers, m_providers;
    const QStringList m_gpus {QStringLiteral("h100-sxm"), QStringLiteral("a100-sxm"),
                              QStringLiteral("rtx-4090")};
    Stats m_stats;
    QStringList m_probeFailures;
};

} // namespace everx::test
