#include "wire/wirecodec.h"

#include <QtCore/QRegularExpression>

#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace everx::Wire {

namespace {

// The one table per enum: name <-> value. Names are the wire's (docs/protocol.md).
template<typename Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, QStringView>, N>;

constexpr NameTable<Role, 3> RoleNames {{
    {Role::Customer, u"customer"},
    {Role::Provider, u"provider"},
    {Role::Support, u"support"},
}};
constexpr NameTable<OrderKind, 2> OrderKindNames {{
    {OrderKind::Limit, u"limit"},
    {OrderKind::BuyNow, u"buy_now"},
}};
constexpr NameTable<OrderState, 4> OrderStateNames {{
    {OrderState::Open, u"open"},
    {OrderState::Filled, u"filled"},
    {OrderState::Cancelled, u"cancelled"},
    {OrderState::Expired, u"expired"},
}};
constexpr NameTable<RentalState, 3> RentalStateNames {{
    {RentalState::Running, u"running"},
    {RentalState::Ended, u"ended"},
    {RentalState::Stopped, u"stopped"},
}};
constexpr NameTable<ListingState, 3> ListingStateNames {{
    {ListingState::Active, u"active"},
    {ListingState::Paused, u"paused"},
    {ListingState::Removed, u"removed"},
}};
// Clients see only their own available and held buckets; the system buckets have names too so
// that support tools can show any entry.
constexpr NameTable<Bucket, 6> BucketNames {{
    {Bucket::Available, u"available"},
    {Bucket::Held, u"held"},
    {Bucket::ExternalFunding, u"external_funding"},
    {Bucket::PlatformFees, u"platform_fees"},
    {Bucket::TaxPayable, u"tax_payable"},
    {Bucket::Adjustments, u"adjustments"},
}};
constexpr NameTable<quint8, 3> TradeSideNames {{
    {BuyerAggressor, u"buy"},
    {SellerAggressor, u"sell"},
    {HistoryPrint, u"history"},
}};

template<typename Enum, std::size_t N>
QString nameOf(const NameTable<Enum, N> &table, Enum value)
{
    for (const auto &[v, name] : table) {
        if (v == value)
            return name.toString();
    }
    return {}; // a value outside the enum (a corrupt row): the reader refuses the empty name
}

template<typename Enum, std::size_t N>
std::optional<Enum> valueOf(const NameTable<Enum, N> &table, QStringView name)
{
    for (const auto &[v, n] : table) {
        if (n == name)
            return v;
    }
    return std::nullopt;
}

// Every whole number on the wire is below 2^53 in magnitude (docs/protocol.md "Values").
constexpr double MaxExactInteger = 9007199254740992.0;

std::optional<qint64> wholeNumber(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d != std::trunc(d) || std::fabs(d) >= MaxExactInteger)
        return std::nullopt;
    return value.toInteger();
}

// Reads one record's fields, keeping the first error; the error names the record and the field
// ("order.price: ..."), which is what a developer looking at a log needs.
class FieldReader final
{
public:
    FieldReader(const QJsonObject &object, const char *record)
        : m_object(object)
        , m_record(record)
    { }

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }

    void fail(QStringView key, const QString &problem)
    {
        if (failed())
            return;
        m_error =
            QString::fromLatin1(m_record) + u'.' + key.toString() + QStringLiteral(": ") + problem;
    }

    bool has(QStringView key) const { return m_object.contains(key); }

    qint64 integer(QStringView key, qint64 min = -qint64(MaxExactInteger) + 1,
                   qint64 max = qint64(MaxExactInteger) - 1)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) {
            fail(key, QStringLiteral("missing"));
            return 0;
        }
        const std::optional<qint64> n = wholeNumber(value);
        if (!n) {
            fail(key, QStringLiteral("must be an integer"));
            return 0;
        }
        if (*n < min || *n > max) {
            fail(key, QStringLiteral("out of range"));
            return 0;
        }
        return *n;
    }

    qint32 int32(QStringView key)
    {
        return qint32(
            integer(key, std::numeric_limits<qint32>::min(), std::numeric_limits<qint32>::max()));
    }

    QString string(QStringView key)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) {
            fail(key, QStringLiteral("missing"));
            return {};
        }
        if (!value.isString()) {
            fail(key, QStringLiteral("must be a string"));
            return {};
        }
        return value.toString();
    }

    Cents money(QStringView key)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined()) {
            fail(key, QStringLiteral("missing"));
            return 0;
        }
        const std::optional<Cents> cents = moneyFromJson(value);
        if (!cents) {
            fail(key, QStringLiteral("must be money: a string with at most two decimals"));
            return 0;
        }
        return *cents;
    }

    // Money or null; a missing key is an error all the same (a misspelt key is not "unknown").
    std::optional<Cents> optionalMoney(QStringView key)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isNull())
            return std::nullopt;
        return money(key);
    }

    template<typename Enum, std::size_t N>
    Enum name(QStringView key, const NameTable<Enum, N> &table)
    {
        const QString text = string(key);
        if (failed())
            return table.front().first;
        const std::optional<Enum> value = valueOf(table, text);
        if (!value) {
            fail(key, QStringLiteral("unknown value \"%1\"").arg(text));
            return table.front().first;
        }
        return *value;
    }

    // Reports the result: the record, or nullopt and *error.
    template<typename Record>
    std::optional<Record> finish(Record record, QString *error) const
    {
        if (failed()) {
            if (error)
                *error = m_error;
            return std::nullopt;
        }
        return record;
    }

private:
    const QJsonObject &m_object;
    const char *m_record;
    QString m_error;
};

const QString KId = QStringLiteral("id");
const QString KGpu = QStringLiteral("gpu");
const QString KGpus = QStringLiteral("gpus");
const QString KPrice = QStringLiteral("price");
const QString KHours = QStringLiteral("hours");
const QString KTaxBp = QStringLiteral("taxBp");
const QString KState = QStringLiteral("state");
const QString KCreatedAt = QStringLiteral("createdAt");
const QString KRegion = QStringLiteral("region");
const QString KEndpoint = QStringLiteral("endpoint");

} // namespace

QString roleName(Role role)
{
    return nameOf(RoleNames, role);
}

std::optional<Role> roleFromName(QStringView name)
{
    return valueOf(RoleNames, name);
}

QString orderKindName(OrderKind kind)
{
    return nameOf(OrderKindNames, kind);
}

std::optional<OrderKind> orderKindFromName(QStringView name)
{
    return valueOf(OrderKindNames, name);
}

QString orderStateName(OrderState state)
{
    return nameOf(OrderStateNames, state);
}

std::optional<OrderState> orderStateFromName(QStringView name)
{
    return valueOf(OrderStateNames, name);
}

QString rentalStateName(RentalState state)
{
    return nameOf(RentalStateNames, state);
}

std::optional<RentalState> rentalStateFromName(QStringView name)
{
    return valueOf(RentalStateNames, name);
}

QString listingStateName(ListingState state)
{
    return nameOf(ListingStateNames, state);
}

std::optional<ListingState> listingStateFromName(QStringView name)
{
    return valueOf(ListingStateNames, name);
}

QString bucketName(Bucket bucket)
{
    return nameOf(BucketNames, bucket);
}

std::optional<Bucket> bucketFromName(QStringView name)
{
    return valueOf(BucketNames, name);
}

QString tradeSideName(quint8 aggressor)
{
    return nameOf(TradeSideNames, aggressor);
}

std::optional<quint8> tradeSideFromName(QStringView name)
{
    return valueOf(TradeSideNames, name);
}

QJsonValue money(Cents cents)
{
    return Money::toPlain(cents);
}

std::optional<Cents> moneyFromJson(const QJsonValue &value)
{
    // A string, never a number (a double cannot hold every amount of cents), in the plain
    // machine form only: no white space, signs other than '-', grouping or lone separators,
    // which Money::parse would forgive in typed input.
    if (!value.isString())
        return std::nullopt;
    static const QRegularExpression plain(QStringLiteral(R"(\A-?[0-9]+(\.[0-9]{1,2})?\z)"));
    const QString text = value.toString();
    if (!plain.match(text).hasMatch())
        return std::nullopt;
    return Money::parse(text); // also refuses amounts beyond Money::MaxAmount
}

QJsonObject toJson(const Account &account)
{
    return {{KId, account.id},
            {QStringLiteral("email"), account.email},
            {QStringLiteral("role"), roleName(account.role)},
            {QStringLiteral("country"), account.country},
            {KCreatedAt, account.createdMs}};
}

std::optional<Account> accountFromJson(const QJsonObject &o, QString *error)
{
    FieldReader r(o, "account");
    Account a;
    a.id = r.integer(KId);
    a.email = r.string(u"email");
    a.role = r.name(u"role", RoleNames);
    a.country = r.string(u"country");
    a.createdMs = r.integer(KCreatedAt);
    return r.finish(a, error);
}

QJsonObject toJson(const Balance &balance)
{
    return {{QStringLiteral("available"), money(balance.available)},
            {QStringLiteral("held"), money(balance.held)}};
}

std::optional<Balance> balanceFromJson(const QJsonObject &o, QString *error)
{
    FieldReader r(o, "balance");
    Balance b;
    b.available = r.money(u"available");
    b.held = r.money(u"held");
    return r.finish(b, error);
}

QJsonObject toJson(const BidOrder &order)
{
    return {{KId, order.id},
            {QStringLiteral("clientOrderId"), order.clientOrderId},
            {KGpu, order.gpu},
            {QStringLiteral("kind"), orderKindName(order.kind)},
            {KGpus, order.quantity},
            {QStringLiteral("remaining"), order.remaining},
            {QStringLiteral("filled"), order.filled},
            {KPrice, money(order.limitCents)},
            {KHours, order.hours},
            {KTaxBp, order.taxBp},
            {QStringLiteral("expiresAt"), order.expiresMs},
            {KState, orderStateName(order.state)},
            {QStringLiteral("reason"), order.closeReason},
            {KCreatedAt, order.createdMs},
            {QStringLiteral("closedAt"), order.closedMs},
            {QStringLiteral("held"), money(order.heldCents)}};
}

std::optional<BidOrder> orderFromJson(const QJsonObject &o, QString *error)
{
    FieldReader r(o, "order");
    BidOrder b;
    b.id = r.integer(KId);
    b.clientOrderId = r.string(u"clientOrderId");
    b.gpu = r.string(KGpu);
    b.kind = r.name(u"kind", OrderKindNames);
    b.quantity = r.int32(KGpus);
    b.remaining = r.int32(u"remaining");
    b.filled = r.int32(u"filled");
    b.limitCents = r.money(KPrice);
    b.hours = r.int32(KHours);
    b.taxBp = r.int32(KTaxBp);
    b.expiresMs = r.integer(u"expiresAt");
    b.state = r.name(KState, OrderStateNames);
    b.closeReason = r.string(u"reason");
    b.createdMs = r.integer(KCreatedAt);
    b.closedMs = r.integer(u"closedAt");
    b.heldCents = r.money(u"held");
    return r.finish(b, error);
}

QJsonObject toJson(const Rental &rental, const QString &region, const QString &endpoint)
{
    QJsonObject o {{KId, rental.id},
                   {QStringLiteral("orderId"), rental.orderId},
                   {QStringLiteral("customerId"), rental.customerId},
                   {QStringLiteral("listingId"), rental.listingId},
                   {QStringLiteral("providerId"), rental.providerId},
                   {KGpu, rental.gpu},
                   {KGpus, rental.gpus},
                   {KPrice, money(rental.priceCents)},
                   {KHours, rental.hours},
                   {QStringLiteral("hoursBilled"), rental.hoursBilled},
                   {KTaxBp, rental.taxBp},
                   {QStringLiteral("feeBp"), rental.feeBp},
                   {QStringLiteral("startedAt"), rental.startedMs},
                   {QStringLiteral("endedAt"), rental.endedMs},
                   {KState, rentalStateName(rental.state)}};
    // Access details only for the rental's two parties: the server passes them for those.
    if (!region.isEmpty())
        o.insert(KRegion, region);
    if (!endpoint.isEmpty())
        o.insert(KEndpoint, endpoint);
    return o;
}

std::optional<Rental> rentalFromJson(const QJsonObject &o, QString *error, QString *region,
                                     QString *endpoint)
{
    FieldReader r(o, "rental");
    Rental x;
    x.id = r.integer(KId);
    x.orderId = r.integer(u"orderId");
    x.customerId = r.integer(u"customerId");
    x.listingId = r.integer(u"listingId");
    x.providerId = r.integer(u"providerId");
    x.gpu = r.string(KGpu);
    x.gpus = r.int32(KGpus);
    x.priceCents = r.money(KPrice);
    x.hours = r.int32(KHours);
    x.hoursBilled = r.int32(u"hoursBilled");
    x.taxBp = r.int32(KTaxBp);
    x.feeBp = r.int32(u"feeBp");
    x.startedMs = r.integer(u"startedAt");
    x.endedMs = r.integer(u"endedAt");
    x.state = r.name(KState, RentalStateNames);
    // Optional: absent for anyone but the rental's customer and provider.
    const QString regionText = r.has(KRegion) ? r.string(KRegion) : QString();
    const QString endpointText = r.has(KEndpoint) ? r.string(KEndpoint) : QString();
    std::optional<Rental> result = r.finish(x, error);
    if (result) {
        if (region)
            *region = regionText;
        if (endpoint)
            *endpoint = endpointText;
    }
    return result;
}

QJsonObject toJson(const Listing &listing)
{
    return {{KId, listing.id},
            {QStringLiteral("providerId"), listing.providerId},
            {KGpu, listing.gpu},
            {KGpus, listing.gpuCount},
            {QStringLiteral("rented"), listing.rentedGpus},
            {KRegion, listing.region},
            {KEndpoint, listing.endpoint},
            {KPrice, money(listing.askCents)},
            {KState, listingStateName(listing.state)},
            {KCreatedAt, listing.createdMs}};
}

std::optional<Listing> listingFromJson(const QJsonObject &o, QString *error)
{
    FieldReader r(o, "listing");
    Listing l;
    l.id = r.integer(KId);
    l.providerId = r.integer(u"providerId");
    l.gpu = r.string(KGpu);
    l.gpuCount = r.int32(KGpus);
    l.rentedGpus = r.int32(u"rented");
    l.region = r.string(KRegion);
    l.endpoint = r.string(KEndpoint);
    l.askCents = r.money(KPrice);
    l.state = r.name(KState, ListingStateNames);
    l.createdMs = r.integer(KCreatedAt);
    return r.finish(l, error);
}

QJsonObject toJson(const Trade &trade)
{
    return {{KId, trade.id},
            {KGpu, trade.gpu},
            {KPrice, money(trade.priceCents)},
            {KGpus, trade.quantity},
            {KHours, trade.hours},
            {QStringLiteral("side"), tradeSideName(trade.aggressor)},
            {QStringLiteral("time"), trade.timeMs}};
}

std::optional<Trade> tradeFromJson(const QJsonObject &o, QString *error)
{
    FieldReader r(o, "trade");
    Trade t;
    t.id = r.integer(KId);
    t.gpu = r.string(KGpu);
    t.priceCents = r.money(KPrice);
    t.quantity = r.int32(KGpus);
    t.hours = r.int32(KHours);
    t.aggressor = r.name(u"side", TradeSideNames);
    t.timeMs = r.integer(u"time");
    return r.finish(t, error);
}

QJsonObject toJson(const LedgerEntry &entry)
{
    return {{KId, entry.id},
            {QStringLiteral("tx"), entry.txId},
            {QStringLiteral("time"), entry.timeMs},
            {QStringLiteral("bucket"), bucketName(entry.bucket)},
            {QStringLiteral("amount"), money(entry.amount)},
            {QStringLiteral("kind"), entry.kind},
            {QStringLiteral("ref"), entry.refId},
            {QStringLiteral("memo"), entry.memo},
            {QStringLiteral("hash"), QString::fromLatin1(entry.hash)}};
}

std::optional<LedgerEntry> entryFromJson(const QJsonObject &o, QString *error)
{
    FieldReader r(o, "entry");
    LedgerEntry e;
    e.id = r.integer(KId);
    e.txId = r.integer(u"tx");
    e.timeMs = r.integer(u"time");
    e.bucket = r.name(u"bucket", BucketNames);
    e.amount = r.money(u"amount");
    e.kind = r.string(u"kind");
    e.refId = r.integer(u"ref");
    e.memo = r.string(u"memo");
    e.hash = r.string(u"hash").toLatin1();
    return r.finish(e, error);
}

QJsonObject toJson(const Candle &candle)
{
    return {{QStringLiteral("t"), candle.startMs},      {QStringLiteral("o"), money(candle.open)},
            {QStringLiteral("h"), money(candle.high)},  {QStringLiteral("l"), money(candle.low)},
            {QStringLiteral("c"), money(candle.close)}, {QStringLiteral("v"), candle.volume}};
}

std::optional<Candle> candleFromJson(const QJsonObject &o, QString *error)
{
    FieldReader r(o, "candle");
    Candle c;
    c.startMs = r.integer(u"t");
    c.open = r.money(u"o");
    c.high = r.money(u"h");
    c.low = r.money(u"l");
    c.close = r.money(u"c");
    c.volume = r.integer(u"v");
    return r.finish(c, error);
}

QJsonObject toJson(const TickerEntry &entry)
{
    const auto optionalMoney = [](const std::optional<Cents> &cents) {
        return cents ? money(*cents) : QJsonValue(QJsonValue::Null);
    };
    return {{KGpu, entry.gpu},
            {QStringLiteral("bid"), optionalMoney(entry.bid)},
            {QStringLiteral("ask"), optionalMoney(entry.ask)},
            {QStringLiteral("last"), optionalMoney(entry.last)},
            {QStringLiteral("open24h"), optionalMoney(entry.open24h)},
            {QStringLiteral("change24hBp"),
             entry.change24hBp ? QJsonValue(*entry.change24hBp) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("volume24h"), entry.volume24h}};
}

std::optional<TickerEntry> tickerFromJson(const QJsonObject &o, QString *error)
{
    FieldReader r(o, "ticker");
    TickerEntry t;
    t.gpu = r.string(KGpu);
    t.bid = r.optionalMoney(u"bid");
    t.ask = r.optionalMoney(u"ask");
    t.last = r.optionalMoney(u"last");
    t.open24h = r.optionalMoney(u"open24h");
    if (o.value(u"change24hBp").isNull())
        t.change24hBp = std::nullopt;
    else
        t.change24hBp = r.int32(u"change24hBp");
    t.volume24h = r.integer(u"volume24h");
    return r.finish(t, error);
}

QJsonArray level(Cents price, qint64 gpus, qint32 orders)
{
    return {money(price), gpus, orders};
}

bool levelFromJson(const QJsonValue &value, Cents *price, qint64 *gpus, qint32 *orders)
{
    if (!value.isArray())
        return false;
    const QJsonArray a = value.toArray();
    if (a.size() != 3)
        return false;
    const std::optional<Cents> p = moneyFromJson(a.at(0));
    const std::optional<qint64> g = wholeNumber(a.at(1));
    const std::optional<qint64> n = wholeNumber(a.at(2));
    if (!p || !g || !n || *g < 0 || *n < 0 || *n > std::numeric_limits<qint32>::max())
        return false;
    if (price)
        *price = *p;
    if (gpus)
        *gpus = *g;
    if (orders)
        *orders = qint32(*n);
    return true;
}

} // namespace everx::Wire
