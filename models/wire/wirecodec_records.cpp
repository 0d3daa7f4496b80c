// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The records of docs/protocol.md "Records" to and from JSON (wirecodec.h).

#include "wire/wirecodec_p.h"

namespace everx::Wire {

QJsonObject toJson(const Account &account)
{
    return {{Key::Id, account.id},
            {Key::Email, account.email},
            {Key::Role, roleName(account.role)},
            {Key::Country, account.country},
            {Key::CreatedAt, account.createdMs},
            {Key::State, accountStateName(account.state)},
            {Key::Name, account.name},
            {Key::Company, account.company}};
}

std::optional<Account> accountFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("account"));
    Account a;
    a.id = r.number(Key::Id);
    a.email = r.text(Key::Email);
    a.role = r.name(Key::Role, RoleNames);
    a.country = r.text(Key::Country);
    a.createdMs = r.number(Key::CreatedAt);
    a.state = r.name(Key::State, AccountStateNames);
    a.name = r.text(Key::Name, MarketRules::MaxNameLength);
    a.company = r.text(Key::Company, MarketRules::MaxNameLength);
    return r.finish(a, error);
}

QJsonObject toJson(const Balance &balance)
{
    return {{Key::Available, money(balance.available)},
            {Key::Held, money(balance.held)},
            {Key::Earnings, money(balance.earnings)},
            {Key::PayoutPending, money(balance.payoutPending)}};
}

std::optional<Balance> balanceFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("balance"));
    Balance b;
    b.available = r.money(Key::Available);
    b.held = r.money(Key::Held);
    b.earnings = r.money(Key::Earnings);
    b.payoutPending = r.money(Key::PayoutPending);
    return r.finish(b, error);
}

QJsonObject toJson(const Payout &payout)
{
    return {{Key::Id, payout.id},
            {Key::ProviderId, payout.providerId},
            {Key::Amount, money(payout.amountCents)},
            {Key::State, payoutStateName(payout.state)},
            {Key::Reference, payout.reference},
            {Key::Reason, payout.reason},
            {Key::RequestedAt, payout.requestedMs},
            {Key::SettledAt, payout.settledMs},
            {Key::AgentId, payout.agentId}};
}

std::optional<Payout> payoutFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("payout"));
    Payout p;
    p.id = r.number(Key::Id);
    p.providerId = r.number(Key::ProviderId);
    p.amountCents = r.money(Key::Amount);
    p.state = r.name(Key::State, PayoutStateNames);
    p.reference = r.text(Key::Reference, MarketRules::MaxPayoutReferenceLength);
    p.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength);
    p.requestedMs = r.number(Key::RequestedAt);
    p.settledMs = r.number(Key::SettledAt);
    p.agentId = r.number(Key::AgentId);
    return r.finish(p, error);
}

QJsonObject toJson(const HostedRental &rental)
{
    return {{Key::Id, rental.id},
            {Key::ListingId, rental.listingId},
            {Key::Gpu, rental.gpu},
            {Key::Gpus, rental.gpus},
            {Key::Price, money(rental.priceCents)},
            {Key::Hours, rental.hours},
            {Key::HoursBilled, rental.hoursBilled},
            {Key::StartedAt, rental.startedMs},
            {Key::EndedAt, rental.endedMs},
            {Key::State, rentalStateName(rental.state)},
            {Key::Earned, money(rental.earnedCents)}};
}

std::optional<HostedRental> hostedRentalFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("hosted rental"));
    HostedRental h;
    h.id = r.number(Key::Id);
    h.listingId = r.number(Key::ListingId);
    h.gpu = r.text(Key::Gpu);
    h.gpus = r.int32(Key::Gpus);
    h.priceCents = r.money(Key::Price);
    h.hours = r.int32(Key::Hours);
    h.hoursBilled = r.int32(Key::HoursBilled);
    h.startedMs = r.number(Key::StartedAt);
    h.endedMs = r.number(Key::EndedAt);
    h.state = r.name(Key::State, RentalStateNames);
    h.earnedCents = r.money(Key::Earned);
    return r.finish(h, error);
}

namespace {

QJsonObject toJson(const StatsDay &day)
{
    return {{Key::Day, day.dayMs},
            {Key::Earnings, money(day.earningsCents)},
            {Key::RentedGpuHours, day.rentedGpuHours},
            {Key::RentedGpuMinutes, day.rentedGpuMinutes},
            {Key::ListedGpuMinutes, day.listedGpuMinutes},
            {Key::UtilisationBp, day.utilisationBp}};
}

std::optional<StatsDay> statsDayFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("day"));
    StatsDay d;
    d.dayMs = r.number(Key::Day);
    d.earningsCents = r.money(Key::Earnings);
    d.rentedGpuHours = r.number(Key::RentedGpuHours, 0);
    d.rentedGpuMinutes = r.number(Key::RentedGpuMinutes, 0);
    d.listedGpuMinutes = r.number(Key::ListedGpuMinutes, 0);
    d.utilisationBp = qint32(r.number(Key::UtilisationBp, 0, MarketRules::MaxBasisPoints));
    return r.finish(d, error);
}

QJsonObject toJson(const ListingEarnings &l)
{
    return {{Key::ListingId, l.listingId}, {Key::Earnings, money(l.earningsCents)}};
}

std::optional<ListingEarnings> listingEarningsFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("listing"));
    ListingEarnings l;
    l.listingId = r.number(Key::ListingId);
    l.earningsCents = r.money(Key::Earnings);
    return r.finish(l, error);
}

} // namespace

QJsonObject toJson(const ProviderStats &stats)
{
    QJsonArray days, listings;
    for (const StatsDay &d : stats.days)
        days.append(toJson(d));
    for (const ListingEarnings &l : stats.listings)
        listings.append(toJson(l));
    return {{Key::Days, days},
            {Key::Today, money(stats.todayCents)},
            {Key::Last7Days, money(stats.last7DaysCents)},
            {Key::Last30Days, money(stats.last30DaysCents)},
            {Key::Last90Days, money(stats.last90DaysCents)},
            {Key::Listings, listings}};
}

std::optional<ProviderStats> providerStatsFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("stats"));
    ProviderStats s;
    s.days = r.records<StatsDay>(Key::Days, &statsDayFromJson);
    s.todayCents = r.money(Key::Today);
    s.last7DaysCents = r.money(Key::Last7Days);
    s.last30DaysCents = r.money(Key::Last30Days);
    s.last90DaysCents = r.money(Key::Last90Days);
    s.listings = r.records<ListingEarnings>(Key::Listings, &listingEarningsFromJson);
    return r.finish(s, error);
}

namespace {

constexpr auto orderFields = [](auto &out, const BidOrder &order) {
    out.field(Key::Id, order.id);
    out.field(Key::ClientOrderId, order.clientOrderId);
    out.field(Key::Gpu, order.gpu);
    out.field(Key::Kind, orderKindName(order.kind));
    out.field(Key::Placement, nameOf(PlacementNames, order.placement));
    out.field(Key::Gpus, order.quantity);
    out.field(Key::Remaining, order.remaining);
    out.field(Key::Filled, order.filled);
    out.field(Key::Price, money(order.limitCents));
    out.field(Key::Hours, order.hours);
    out.field(Key::TaxBp, order.taxBp);
    out.field(Key::ExpiresAt, order.expiresMs);
    out.field(Key::State, orderStateName(order.state));
    out.field(Key::Reason, order.closeReason);
    out.field(Key::CreatedAt, order.createdMs);
    out.field(Key::ClosedAt, order.closedMs);
    out.field(Key::Held, money(order.heldCents));
    // Only a window bid has a start.
    if (order.startMs != 0)
        out.field(Key::Start, order.startMs);
};

} // namespace

void writeRecord(JsonWriter &w, const BidOrder &order)
{
    writeObject(w, order, orderFields);
}

QJsonObject toJson(const BidOrder &order)
{
    return objectOf(order, orderFields);
}

std::optional<BidOrder> orderFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("order"));
    BidOrder b;
    b.id = r.number(Key::Id);
    b.clientOrderId = r.text(Key::ClientOrderId);
    b.gpu = r.text(Key::Gpu);
    b.kind = r.name(Key::Kind, OrderKindNames);
    b.placement = r.name(Key::Placement, PlacementNames);
    b.quantity = r.int32(Key::Gpus);
    b.remaining = r.int32(Key::Remaining);
    b.filled = r.int32(Key::Filled);
    b.limitCents = r.money(Key::Price);
    b.hours = r.int32(Key::Hours);
    b.taxBp = r.int32(Key::TaxBp);
    b.expiresMs = r.number(Key::ExpiresAt);
    b.state = r.name(Key::State, OrderStateNames);
    b.closeReason = r.lines(Key::Reason);
    b.createdMs = r.number(Key::CreatedAt);
    b.closedMs = r.number(Key::ClosedAt);
    b.heldCents = r.money(Key::Held);
    b.startMs = r.number(Key::Start, 1, Json::MaxExactInteger, WireReader::Presence::Optional);
    return r.finish(b, error);
}

namespace {

constexpr auto rentalFields = [](auto &out, const Rental &rental) {
    out.field(Key::Id, rental.id);
    out.field(Key::OrderId, rental.orderId);
    out.field(Key::CustomerId, rental.customerId);
    out.field(Key::ListingId, rental.listingId);
    out.field(Key::ProviderId, rental.providerId);
    out.field(Key::Gpu, rental.gpu);
    out.field(Key::Gpus, rental.gpus);
    out.field(Key::Price, money(rental.priceCents));
    out.field(Key::Hours, rental.hours);
    out.field(Key::HoursBilled, rental.hoursBilled);
    out.field(Key::TaxBp, rental.taxBp);
    out.field(Key::FeeBp, rental.feeBp);
    out.field(Key::StartedAt, rental.startedMs);
    out.field(Key::EndedAt, rental.endedMs);
    out.field(Key::State, rentalStateName(rental.state));
    // A window's rental, reserved or cancelled before its start: when it starts, and what
    // cancelling it costs (reserved) or cost (cancelled).
    if (rental.state == RentalState::Reserved || rental.state == RentalState::Cancelled) {
        out.field(Key::StartsAt, rental.startedMs);
        out.field(Key::CancelFee, money(rental.cancelFeeCents));
    }
    // Access details only where the sender set them (for the rental's two parties).
    if (!rental.region.isEmpty())
        out.field(Key::Region, rental.region);
    if (!rental.endpoint.isEmpty())
        out.field(Key::Endpoint, rental.endpoint);
};

} // namespace

void writeRecord(JsonWriter &w, const Rental &rental)
{
    writeObject(w, rental, rentalFields);
}

QJsonObject toJson(const Rental &rental)
{
    return objectOf(rental, rentalFields);
}

std::optional<Rental> rentalFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("rental"));
    Rental x;
    x.id = r.number(Key::Id);
    x.orderId = r.number(Key::OrderId);
    x.customerId = r.number(Key::CustomerId);
    x.listingId = r.number(Key::ListingId);
    x.providerId = r.number(Key::ProviderId);
    x.gpu = r.text(Key::Gpu);
    x.gpus = r.int32(Key::Gpus);
    x.priceCents = r.money(Key::Price);
    x.hours = r.int32(Key::Hours);
    x.hoursBilled = r.int32(Key::HoursBilled);
    x.taxBp = r.int32(Key::TaxBp);
    x.feeBp = r.int32(Key::FeeBp);
    x.startedMs = r.number(Key::StartedAt);
    x.endedMs = r.number(Key::EndedAt);
    x.state = r.name(Key::State, RentalStateNames);
    if (x.state == RentalState::Reserved || x.state == RentalState::Cancelled) {
        const qint64 startsAt = r.number(Key::StartsAt);
        x.cancelFeeCents = r.money(Key::CancelFee);
        if (!r.failed() && startsAt != x.startedMs)
            r.fail(Key::StartsAt, QStringLiteral("a window starts when it is started"));
    }
    // Optional: absent for anyone but the rental's customer and provider.
    x.region = r.text(Key::Region, MarketRules::MaxRegionLength, WireReader::Presence::Optional);
    x.endpoint = r.endpoint(Key::Endpoint, WireReader::Presence::Optional);
    return r.finish(x, error);
}

QJsonObject toJson(const Listing &listing)
{
    QJsonObject o {{Key::Id, listing.id},
                   {Key::ProviderId, listing.providerId},
                   {Key::Gpu, listing.gpu},
                   {Key::Gpus, listing.gpuCount},
                   {Key::Rented, listing.rentedGpus},
                   {Key::Region, listing.region},
                   {Key::Endpoint, listing.endpoint},
                   {Key::Price, money(listing.askCents)},
                   {Key::State, listingStateName(listing.state)},
                   {Key::CreatedAt, listing.createdMs}};
    if (!listing.cluster.isEmpty()) {
        o.insert(Key::Cluster, listing.cluster);
        o.insert(Key::Fabric, nameOf(FabricNames, listing.fabric));
        o.insert(Key::Gbps, listing.fabricGbps);
    }
    return o;
}

std::optional<Listing> listingFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("listing"));
    Listing l;
    l.id = r.number(Key::Id);
    l.providerId = r.number(Key::ProviderId);
    l.gpu = r.text(Key::Gpu);
    l.gpuCount = r.int32(Key::Gpus);
    l.rentedGpus = r.int32(Key::Rented);
    l.region = r.text(Key::Region);
    l.endpoint = r.endpoint(Key::Endpoint);
    l.askCents = r.money(Key::Price);
    // A listing outside a cluster carries none of the three.
    l.cluster =
        r.text(Key::Cluster, MarketRules::MaxClusterNameLength, WireReader::Presence::Optional);
    if (!l.cluster.isEmpty()) {
        l.fabric = r.name(Key::Fabric, FabricNames);
        l.fabricGbps = qint32(r.number(Key::Gbps, 1, MarketRules::MaxFabricGbps));
    }
    l.state = r.name(Key::State, ListingStateNames);
    l.createdMs = r.number(Key::CreatedAt);
    return r.finish(l, error);
}

QJsonObject toJson(const Payment &payment)
{
    return {{Key::Id, payment.id},
            {Key::Reference, payment.reference},
            {Key::Currency, Money::currencyCode(payment.currency)},
            {Key::Amount, money(payment.amountMinor)},
            {Key::Rate, double(payment.rateMicros)},
            {Key::Credited, money(payment.creditedCents)},
            {Key::State, paymentStateName(payment.state)},
            {Key::CreatedAt, payment.createdMs},
            {Key::ExpiresAt, payment.expiresMs},
            {Key::SettledAt, payment.settledMs},
            {Key::LateAt, payment.lateMs},
            {Key::RefundReference, payment.refundReference},
            {Key::AgentId, payment.agentId}};
}

std::optional<Payment> paymentFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("payment"));
    Payment p;
    p.id = r.number(Key::Id);
    p.reference = r.text(Key::Reference, 64);
    p.currency = readCurrency(r);
    p.amountMinor = r.money(Key::Amount);
    p.rateMicros = r.number(Key::Rate, 1, Json::MaxExactInteger);
    p.creditedCents = r.money(Key::Credited);
    p.state = r.name(Key::State, PaymentStateNames);
    p.createdMs = r.number(Key::CreatedAt);
    p.expiresMs = r.number(Key::ExpiresAt);
    p.settledMs = r.number(Key::SettledAt);
    // Optional: servers from before late payments do not send them.
    p.lateMs = r.number(Key::LateAt, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    p.refundReference = r.text(Key::RefundReference, MarketRules::MaxPayoutReferenceLength,
                               WireReader::Presence::Optional);
    p.agentId = r.number(Key::AgentId, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    return r.finish(p, error);
}

QJsonObject toJson(const Trade &trade)
{
    return {{Key::Id, trade.id},
            {Key::Gpu, trade.gpu},
            {Key::Price, money(trade.priceCents)},
            {Key::Gpus, trade.quantity},
            {Key::Hours, trade.hours},
            {Key::Side, tradeSideName(trade.aggressor)},
            {Key::Time, trade.timeMs}};
}

std::optional<Trade> tradeFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("trade"));
    Trade t;
    t.id = r.number(Key::Id);
    t.gpu = r.text(Key::Gpu);
    t.priceCents = r.money(Key::Price);
    t.quantity = r.int32(Key::Gpus);
    t.hours = r.int32(Key::Hours);
    t.aggressor = r.name(Key::Side, TradeSideNames);
    t.timeMs = r.number(Key::Time);
    return r.finish(t, error);
}

QJsonObject toJson(const LedgerEntry &entry)
{
    return {{Key::Id, entry.id},
            {Key::Tx, entry.txId},
            {Key::Time, entry.timeMs},
            {Key::Bucket, bucketName(entry.bucket)},
            {Key::Amount, money(entry.amount)},
            {Key::Kind, entry.kind},
            {Key::Ref, entry.refId},
            {Key::Memo, entry.memo},
            {Key::Hash, QString::fromLatin1(entry.hash)}};
}

std::optional<LedgerEntry> entryFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("entry"));
    LedgerEntry e;
    e.id = r.number(Key::Id);
    e.txId = r.number(Key::Tx);
    e.timeMs = r.number(Key::Time);
    e.bucket = r.name(Key::Bucket, BucketNames);
    e.amount = r.money(Key::Amount);
    e.kind = r.text(Key::Kind);
    e.refId = r.number(Key::Ref);
    e.memo = r.lines(Key::Memo);
    e.hash = r.text(Key::Hash).toLatin1();
    return r.finish(e, error);
}

QJsonObject toJson(const Candle &candle)
{
    return {{Key::CandleStart, candle.startMs},      {Key::CandleOpen, money(candle.open)},
            {Key::CandleHigh, money(candle.high)},   {Key::CandleLow, money(candle.low)},
            {Key::CandleClose, money(candle.close)}, {Key::CandleVolume, candle.volume}};
}

std::optional<Candle> candleFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("candle"));
    Candle c;
    c.startMs = r.number(Key::CandleStart);
    c.open = r.money(Key::CandleOpen);
    c.high = r.money(Key::CandleHigh);
    c.low = r.money(Key::CandleLow);
    c.close = r.money(Key::CandleClose);
    c.volume = r.number(Key::CandleVolume);
    return r.finish(c, error);
}

QJsonObject toJson(const TickerEntry &entry)
{
    const auto optionalMoney = [](const std::optional<Cents> &cents) {
        return cents ? money(*cents) : QJsonValue(QJsonValue::Null);
    };
    return {{Key::Gpu, entry.gpu},
            {Key::Bid, optionalMoney(entry.bid)},
            {Key::Ask, optionalMoney(entry.ask)},
            {Key::Last, optionalMoney(entry.last)},
            {Key::Open24h, optionalMoney(entry.open24h)},
            {Key::Change24hBp,
             entry.change24hBp ? QJsonValue(*entry.change24hBp) : QJsonValue(QJsonValue::Null)},
            {Key::Volume24h, entry.volume24h}};
}

std::optional<TickerEntry> tickerFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("ticker"));
    TickerEntry t;
    t.gpu = r.text(Key::Gpu);
    t.bid = r.optionalMoney(Key::Bid);
    t.ask = r.optionalMoney(Key::Ask);
    t.last = r.optionalMoney(Key::Last);
    t.open24h = r.optionalMoney(Key::Open24h);
    const std::optional<qint64> change =
        r.integer(Key::Change24hBp, std::numeric_limits<qint32>::min(),
                  std::numeric_limits<qint32>::max(), WireReader::Presence::Required, true);
    t.change24hBp = change ? std::optional<qint32>(qint32(*change)) : std::nullopt;
    t.volume24h = r.number(Key::Volume24h);
    return r.finish(t, error);
}

QJsonObject toJson(const AuditRecord &record)
{
    QJsonObject o {{Key::Id, record.id},           {Key::Time, record.timeMs},
                   {Key::ActorId, record.actorId}, {Key::AccountId, record.targetId},
                   {Key::Action, record.action},   {Key::Detail, record.detail}};
    // The fields, each only where the action has it (additive: older clients read the detail).
    if (record.amount != 0) {
        o.insert(Key::Amount, money(record.amount));
        o.insert(Key::Currency, Money::currencyCode(record.currency));
    }
    const std::pair<QLatin1StringView, const QString *> texts[] = {
        {Key::Reason, &record.reason}, {Key::Reference, &record.reference}};
    for (const auto &t : texts) {
        if (!t.second->isEmpty())
            o.insert(t.first, *t.second);
    }
    const std::pair<QLatin1StringView, qint64> numbers[] = {
        {Key::AdjustmentId, record.adjustmentId},   {Key::PayoutId, record.payoutId},
        {Key::PaymentId, record.paymentId},         {Key::RequestedBy, record.requestedBy},
        {Key::BidsCancelled, record.bidsCancelled}, {Key::ListingsPaused, record.listingsPaused}};
    for (const auto &n : numbers) {
        if (n.second != 0)
            o.insert(n.first, n.second);
    }
    return o;
}

std::optional<AuditRecord> auditFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("audit"));
    AuditRecord a;
    a.id = r.number(Key::Id);
    a.timeMs = r.number(Key::Time);
    a.actorId = r.number(Key::ActorId);
    a.targetId = r.number(Key::AccountId, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    a.action = r.text(Key::Action);
    a.detail = r.lines(Key::Detail);
    constexpr auto Optional = WireReader::Presence::Optional;
    if (r.has(Key::Amount)) {
        a.amount = r.money(Key::Amount);
        a.currency = r.has(Key::Currency) ? readCurrency(r) : Currency::USD;
    }
    a.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength, Optional);
    a.reference = r.text(Key::Reference, MarketRules::MaxPayoutReferenceLength, Optional);
    a.adjustmentId = r.number(Key::AdjustmentId, 1, Json::MaxExactInteger, Optional);
    a.payoutId = r.number(Key::PayoutId, 1, Json::MaxExactInteger, Optional);
    a.paymentId = r.number(Key::PaymentId, 1, Json::MaxExactInteger, Optional);
    a.requestedBy = r.number(Key::RequestedBy, 1, Json::MaxExactInteger, Optional);
    a.bidsCancelled =
        qint32(r.number(Key::BidsCancelled, 0, std::numeric_limits<qint32>::max(), Optional));
    a.listingsPaused =
        qint32(r.number(Key::ListingsPaused, 0, std::numeric_limits<qint32>::max(), Optional));
    return r.finish(a, error);
}

QJsonArray level(Cents price, qint64 gpus, qint32 orders)
{
    return {money(price), gpus, orders};
}

QJsonArray askLevel(Cents price, qint64 gpus, qint32 orders, qint32 block)
{
    return {money(price), gpus, orders, block};
}

bool levelFromJson(const QJsonValue &value, Cents *price, qint64 *gpus, qint32 *orders,
                   qint32 *block)
{
    if (!value.isArray())
        return false;
    const QJsonArray a = value.toArray();
    if (a.size() != 3 && a.size() != 4)
        return false;
    const std::optional<Cents> p = moneyFromJson(a.at(0));
    const std::optional<qint64> g = Json::wholeNumber(a.at(1));
    const std::optional<qint64> n = Json::wholeNumber(a.at(2));
    if (!p || !g || !n || *g < 0 || *n < 0 || *n > std::numeric_limits<qint32>::max())
        return false;
    std::optional<qint64> b = 0;
    if (a.size() == 4) {
        b = Json::wholeNumber(a.at(3));
        // A block is at most the level's GPUs, and one listing's.
        if (!b || *b < 0 || *b > *g || *b > MarketRules::MaxGpusPerListing)
            return false;
    }
    if (price)
        *price = *p;
    if (gpus)
        *gpus = *g;
    if (orders)
        *orders = qint32(*n);
    if (block)
        *block = qint32(*b);
    return true;
}

// Support's records (docs/protocol.md "Operations").

QJsonObject toJson(const SupportNote &note)
{
    return {{Key::Id, note.id},
            {Key::AccountId, note.accountId},
            {Key::AgentId, note.agentId},
            {Key::Time, note.timeMs},
            {Key::Text, note.text}};
}

std::optional<SupportNote> noteFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("note"));
    SupportNote n;
    n.id = r.id(Key::Id);
    n.accountId = r.id(Key::AccountId);
    n.agentId = r.id(Key::AgentId);
    n.timeMs = r.number(Key::Time);
    n.text = r.lines(Key::Text, MarketRules::MaxNoteLength);
    return r.finish(n, error);
}

QJsonObject toJson(const PendingAdjustment &a)
{
    QJsonObject o {{Key::Id, a.id},
                   {Key::AccountId, a.accountId},
                   {Key::Amount, money(a.amountCents)},
                   {Key::Reason, a.reason},
                   {Key::RequestedBy, a.requestedBy},
                   {Key::RequestedAt, a.requestedMs},
                   {Key::State, adjustmentStateName(a.state)}};
    for (const auto &[key, text] : {std::pair {Key::AccountEmail, &a.accountEmail},
                                    std::pair {Key::AccountName, &a.accountName},
                                    std::pair {Key::RequesterName, &a.requesterName}}) {
        if (!text->isEmpty())
            o.insert(key, *text);
    }
    if (a.state != AdjustmentState::Pending) {
        o.insert(Key::DecidedBy, a.decidedBy);
        o.insert(Key::DecidedAt, a.decidedMs);
        o.insert(Key::Decision, a.decisionReason);
    }
    return o;
}

std::optional<PendingAdjustment> pendingAdjustmentFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("adjustment"));
    PendingAdjustment a;
    a.id = r.id(Key::Id);
    a.accountId = r.id(Key::AccountId);
    a.amountCents = r.money(Key::Amount);
    a.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength);
    a.requestedBy = r.id(Key::RequestedBy);
    a.requestedMs = r.number(Key::RequestedAt);
    a.state = r.name(Key::State, AdjustmentStateNames);
    a.accountEmail =
        r.text(Key::AccountEmail, MarketRules::MaxEmailLength, WireReader::Presence::Optional);
    a.accountName =
        r.text(Key::AccountName, MarketRules::MaxNameLength, WireReader::Presence::Optional);
    a.requesterName = r.text(Key::RequesterName, MarketRules::MaxEmailLength,
                             WireReader::Presence::Optional); // a name, or an email
    if (a.state != AdjustmentState::Pending) {
        a.decidedBy = r.id(Key::DecidedBy);
        a.decidedMs = r.number(Key::DecidedAt);
        a.decisionReason = r.lines(Key::Decision, MarketRules::MaxReasonLength);
    }
    return r.finish(a, error);
}

QJsonObject toJson(const SessionInfo &session)
{
    return {{Key::AccountId, session.accountId},
            {Key::StartedAt, session.startedMs},
            {Key::LastSeenAt, session.lastSeenMs},
            {Key::ExpiresAt, session.expiresMs},
            {Key::Address, session.address}};
}

std::optional<SessionInfo> sessionFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("session"));
    SessionInfo s;
    s.accountId = r.id(Key::AccountId);
    s.startedMs = r.number(Key::StartedAt);
    s.lastSeenMs = r.number(Key::LastSeenAt);
    s.expiresMs = r.number(Key::ExpiresAt);
    s.address = r.text(Key::Address, 64);
    return r.finish(s, error);
}

QJsonObject toJson(const SignInFailure &failure)
{
    return {{Key::Email, failure.email},
            {Key::AccountId, failure.accountId},
            {Key::Address, failure.address},
            {Key::Time, failure.timeMs}};
}

std::optional<SignInFailure> signInFailureFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QStringLiteral("signInFailure"));
    SignInFailure f;
    f.email = r.text(Key::Email, MarketRules::MaxEmailLength);
    f.accountId = r.number(Key::AccountId, 0, Json::MaxExactInteger);
    f.address = r.text(Key::Address, 64);
    f.timeMs = r.number(Key::Time);
    return r.finish(f, error);
}

} // namespace everx::Wire
