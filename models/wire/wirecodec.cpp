#include "wire/wirecodec.h"

#include "market/jsonreader.h"
#include "market/jsonwriter.h"
#include "market/marketrules.h"
#include "market/textrules.h"
#include "wire/protocol.h"
#include "wire/vocabulary.h"

#include <QtCore/QStringList>

#include <array>
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
constexpr NameTable<AccountState, 4> AccountStateNames {{
    {AccountState::Active, u"active"},
    {AccountState::Pending, u"pending"},
    {AccountState::Suspended, u"suspended"},
    {AccountState::Rejected, u"rejected"},
}};
// support.application's decision.
constexpr NameTable<bool, 2> DecisionNames {{
    {true, u"approve"},
    {false, u"reject"},
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
constexpr NameTable<PaymentState, 3> PaymentStateNames {{
    {PaymentState::Pending, u"pending"},
    {PaymentState::Credited, u"credited"},
    {PaymentState::Expired, u"expired"},
}};
// Clients see only their own available and held buckets; the system buckets have names too so
// that support tools can show any entry.
constexpr NameTable<Bucket, 9> BucketNames {{
    {Bucket::Available, u"available"},
    {Bucket::Held, u"held"},
    {Bucket::Earnings, u"earnings"},
    {Bucket::PayoutPending, u"payout_pending"},
    {Bucket::ExternalFunding, u"external_funding"},
    {Bucket::PlatformFees, u"platform_fees"},
    {Bucket::TaxPayable, u"tax_payable"},
    {Bucket::Adjustments, u"adjustments"},
    {Bucket::Payouts, u"payouts"},
}};
constexpr NameTable<PayoutState, 3> PayoutStateNames {{
    {PayoutState::Requested, u"requested"},
    {PayoutState::Paid, u"paid"},
    {PayoutState::Rejected, u"rejected"},
}};
constexpr NameTable<AdjustmentState, 3> AdjustmentStateNames {{
    {AdjustmentState::Pending, u"pending"},
    {AdjustmentState::Approved, u"approved"},
    {AdjustmentState::Declined, u"declined"},
}};
constexpr NameTable<HistoryKind, 2> HistoryKindNames {{
    {HistoryKind::Orders, u"orders"},
    {HistoryKind::Rentals, u"rentals"},
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

// Keys of the protocol's records, requests and replies (docs/protocol.md "Records" and
// "Operations"): each spelled here once.
namespace Key {
constexpr QLatin1StringView Id {"id"};
constexpr QLatin1StringView Gpu {"gpu"};
constexpr QLatin1StringView Gpus {"gpus"};
constexpr QLatin1StringView Price {"price"};
constexpr QLatin1StringView Hours {"hours"};
constexpr QLatin1StringView TaxBp {"taxBp"};
constexpr QLatin1StringView State {"state"};
constexpr QLatin1StringView CreatedAt {"createdAt"};
constexpr QLatin1StringView Region {"region"};
constexpr QLatin1StringView Endpoint {"endpoint"};
constexpr QLatin1StringView Email {"email"};
constexpr QLatin1StringView Password {"password"};
constexpr QLatin1StringView Role {"role"};
constexpr QLatin1StringView Country {"country"};
constexpr QLatin1StringView Available {"available"};
constexpr QLatin1StringView Held {"held"};
constexpr QLatin1StringView ClientOrderId {"clientOrderId"};
constexpr QLatin1StringView Kind {"kind"};
constexpr QLatin1StringView Remaining {"remaining"};
constexpr QLatin1StringView Filled {"filled"};
constexpr QLatin1StringView ExpiresAt {"expiresAt"};
constexpr QLatin1StringView Reason {"reason"};
constexpr QLatin1StringView ClosedAt {"closedAt"};
constexpr QLatin1StringView OrderId {"orderId"};
constexpr QLatin1StringView CustomerId {"customerId"};
constexpr QLatin1StringView ListingId {"listingId"};
constexpr QLatin1StringView ProviderId {"providerId"};
constexpr QLatin1StringView RentalId {"rentalId"};
constexpr QLatin1StringView HoursBilled {"hoursBilled"};
constexpr QLatin1StringView FeeBp {"feeBp"};
constexpr QLatin1StringView StartedAt {"startedAt"};
constexpr QLatin1StringView EndedAt {"endedAt"};
constexpr QLatin1StringView Rented {"rented"};
constexpr QLatin1StringView Side {"side"};
constexpr QLatin1StringView Time {"time"};
constexpr QLatin1StringView Tx {"tx"};
constexpr QLatin1StringView Bucket {"bucket"};
constexpr QLatin1StringView Amount {"amount"};
constexpr QLatin1StringView Ref {"ref"};
constexpr QLatin1StringView Memo {"memo"};
constexpr QLatin1StringView Hash {"hash"};
constexpr QLatin1StringView CandleStart {"t"};
constexpr QLatin1StringView CandleOpen {"o"};
constexpr QLatin1StringView CandleHigh {"h"};
constexpr QLatin1StringView CandleLow {"l"};
constexpr QLatin1StringView CandleClose {"c"};
constexpr QLatin1StringView CandleVolume {"v"};
constexpr QLatin1StringView Bid {"bid"};
constexpr QLatin1StringView Ask {"ask"};
constexpr QLatin1StringView Last {"last"};
constexpr QLatin1StringView Open24h {"open24h"};
constexpr QLatin1StringView Change24hBp {"change24hBp"};
constexpr QLatin1StringView Volume24h {"volume24h"};
constexpr QLatin1StringView ActorId {"actorId"};
constexpr QLatin1StringView Action {"action"};
constexpr QLatin1StringView Detail {"detail"};
constexpr QLatin1StringView Client {"client"};
constexpr QLatin1StringView Protocol {"protocol"};
constexpr QLatin1StringView Server {"server"};
constexpr QLatin1StringView Mode {"mode"};
constexpr QLatin1StringView Token {"token"};
constexpr QLatin1StringView Currency {"currency"};
constexpr QLatin1StringView Rate {"rate"};
constexpr QLatin1StringView Credited {"credited"};
constexpr QLatin1StringView After {"after"};
constexpr QLatin1StringView Limit {"limit"};
constexpr QLatin1StringView Duplicate {"duplicate"};
constexpr QLatin1StringView AccountId {"accountId"};
constexpr QLatin1StringView Ok {"ok"};
constexpr QLatin1StringView BadEntry {"badEntry"};
constexpr QLatin1StringView BadAccount {"badAccount"};
constexpr QLatin1StringView Problem {"problem"};
constexpr QLatin1StringView Channel {"channel"};
constexpr QLatin1StringView Bids {"bids"};
constexpr QLatin1StringView Asks {"asks"};
constexpr QLatin1StringView Type {"type"};
constexpr QLatin1StringView Text {"text"};
constexpr QLatin1StringView Reference {"reference"};
constexpr QLatin1StringView SettledAt {"settledAt"};
constexpr QLatin1StringView Name {"name"};
constexpr QLatin1StringView Company {"company"};
constexpr QLatin1StringView Current {"current"};
constexpr QLatin1StringView Decision {"decision"};
constexpr QLatin1StringView Earnings {"earnings"};
constexpr QLatin1StringView PayoutPending {"payoutPending"};
constexpr QLatin1StringView RequestedAt {"requestedAt"};
constexpr QLatin1StringView AgentId {"agentId"};
constexpr QLatin1StringView PayoutId {"payoutId"};
constexpr QLatin1StringView Before {"before"};
constexpr QLatin1StringView Earned {"earned"};
constexpr QLatin1StringView Days {"days"};
constexpr QLatin1StringView Day {"day"};
constexpr QLatin1StringView RentedGpuHours {"rentedGpuHours"};
constexpr QLatin1StringView ListedGpuMinutes {"listedGpuMinutes"};
constexpr QLatin1StringView UtilisationBp {"utilisationBp"};
constexpr QLatin1StringView Today {"today"};
constexpr QLatin1StringView Last7Days {"last7Days"};
constexpr QLatin1StringView Last30Days {"last30Days"};
constexpr QLatin1StringView Listings {"listings"};
// Support's workspace.
constexpr QLatin1StringView Query {"query"};
constexpr QLatin1StringView Offset {"offset"};
constexpr QLatin1StringView Total {"total"};
constexpr QLatin1StringView Chain {"chain"};
constexpr QLatin1StringView From {"from"};
constexpr QLatin1StringView To {"to"};
constexpr QLatin1StringView RequestedBy {"requestedBy"};
constexpr QLatin1StringView DecidedBy {"decidedBy"};
constexpr QLatin1StringView DecidedAt {"decidedAt"};
constexpr QLatin1StringView LastSeenAt {"lastSeenAt"};
constexpr QLatin1StringView Address {"address"};
constexpr QLatin1StringView AdjustmentId {"adjustmentId"};
} // namespace Key

// The one JSON reader (market/jsonreader.h) with the wire's own values: money, names and
// nested records.
class WireReader final : public JsonReader
{
public:
    using JsonReader::JsonReader;

    qint64 number(QAnyStringView key, qint64 min = -Json::MaxExactInteger,
                  qint64 max = Json::MaxExactInteger, Presence presence = Presence::Required,
                  qint64 fallback = 0)
    {
        return integer(key, min, max, presence).value_or(fallback);
    }

    qint32 int32(QAnyStringView key, qint32 min = std::numeric_limits<qint32>::min(),
                 qint32 max = std::numeric_limits<qint32>::max())
    {
        return qint32(number(key, min, max));
    }

    // Ids are positive (docs/protocol.md "Values").
    qint64 id(QAnyStringView key) { return number(key, 1, Json::MaxExactInteger); }

    // Text as TextRules allow it (refused naming the field), NFC-normalised. Every text field
    // of every request and record is read here, but passwords (secret()).
    QString text(QAnyStringView key, qsizetype maxLength = DefaultMaxLength,
                 Presence presence = Presence::Required,
                 TextRules::Lines lines = TextRules::Lines::One)
    {
        const QString s = string(key, maxLength, true, presence);
        if (const QString problem = TextRules::problem(s, lines); !problem.isEmpty()) {
            fail(key, problem);
            return {};
        }
        return TextRules::normalized(s);
    }

    // Several lines allowed: reasons, notes, memos.
    QString lines(QAnyStringView key, qsizetype maxLength = DefaultMaxLength,
                  Presence presence = Presence::Required)
    {
        return text(key, maxLength, presence, TextRules::Lines::Many);
    }

    // A password, as given: no normalisation (a stored hash was made of the very bytes), no
    // character rules (any character may be part of a secret).
    QString secret(QAnyStringView key, qsizetype maxLength)
    {
        return string(key, maxLength, true, Presence::Required);
    }

    // A listing's endpoint in the documented format (TextRules::endpointProblem); an Optional
    // one may be absent.
    QString endpoint(QAnyStringView key, Presence presence = Presence::Required)
    {
        const QString s = text(key, MarketRules::MaxEndpointLength, presence);
        if (failed() || (s.isEmpty() && presence == Presence::Optional))
            return s;
        if (const QString problem = TextRules::endpointProblem(s); !problem.isEmpty()) {
            fail(key, problem);
            return {};
        }
        return s;
    }

    Cents money(QAnyStringView key)
    {
        const std::optional<QJsonValue> v = present(key, Presence::Required);
        if (!v)
            return 0;
        const std::optional<Cents> cents = moneyFromJson(*v);
        if (!cents) {
            fail(key,
                 QStringLiteral("expected money as a string with at most two decimals, "
                                "like \"4.19\", got %1")
                     .arg(Json::describe(*v)));
            return 0;
        }
        return *cents;
    }

    // Money or null; a missing key is an error all the same (a misspelt key is not "unknown").
    std::optional<Cents> optionalMoney(QAnyStringView key)
    {
        if (value(key).isNull())
            return std::nullopt;
        return money(key);
    }

    template<typename Enum, std::size_t N>
    Enum name(QAnyStringView key, const NameTable<Enum, N> &table)
    {
        const QString given = text(key, 64);
        if (failed())
            return table.front().first;
        const std::optional<Enum> v = valueOf(table, given);
        if (!v) {
            QStringList names;
            for (const auto &entry : table)
                names.append(entry.second.toString());
            fail(key,
                 QStringLiteral("expected one of %1, got %2")
                     .arg(names.join(QStringLiteral(", ")), Json::describe(value(key))));
            return table.front().first;
        }
        return *v;
    }

    template<typename T>
    T record(QAnyStringView key, std::optional<T> (*read)(const QJsonObject &, QString *))
    {
        const QJsonObject o = object(key);
        if (failed())
            return T();
        QString problem;
        const std::optional<T> r = read(o, &problem);
        if (!r) {
            fail(key, problem);
            return T();
        }
        return *r;
    }

    template<typename T>
    QList<T> records(QAnyStringView key, std::optional<T> (*read)(const QJsonObject &, QString *))
    {
        const QJsonArray a = array(key);
        QList<T> out;
        out.reserve(a.size());
        for (qsizetype i = 0; i < a.size() && !failed(); ++i) {
            QString problem;
            const std::optional<T> r = read(a.at(i).toObject(), &problem);
            if (r)
                out.append(*r);
            else
                fail(key, QStringLiteral("[%1]: %2").arg(i).arg(problem));
        }
        return out;
    }

    // A request as read: the request, or invalid_argument naming the operation and the field,
    // also for a field the request does not have (a misspelt optional field would otherwise
    // be silently ignored).
    template<typename T>
    Result<T> request(T value) const
    {
        if (failed())
            return Error {ErrorCode::InvalidArgument, error()};
        if (const QString unknown = unknownKey(); !unknown.isEmpty())
            return Error {ErrorCode::InvalidArgument,
                          QStringLiteral("%1: %2: unknown field").arg(where(), unknown.left(64))};
        return value;
    }
};

// Readers of requests name the operation; readers of records name the record.
WireReader requestReader(const QJsonObject &args, QLatin1StringView op)
{
    return WireReader(args, QString(op));
}

template<typename T>
QJsonArray arrayOf(const QList<T> &records)
{
    QJsonArray out;
    for (const T &r : records)
        out.append(toJson(r));
    return out;
}

// A record's fields are listed once, in a template over where they go: into a QJsonObject
// (toJson()) or straight into JSON text (json(), for the replies sent most).
struct ObjectFields
{
    QJsonObject object;
    void field(QLatin1StringView key, const QJsonValue &value) { object.insert(key, value); }
    template<typename T>
    void record(QLatin1StringView key, const T &r)
    {
        object.insert(key, toJson(r));
    }
    template<typename T>
    void records(QLatin1StringView key, const QList<T> &rs)
    {
        object.insert(key, arrayOf(rs));
    }
};

void writeRecord(JsonWriter &w, const BidOrder &order);
void writeRecord(JsonWriter &w, const Rental &rental);

struct TextFields
{
    JsonWriter &writer;
    template<typename T>
    void field(QLatin1StringView key, const T &value)
    {
        writer.field(key, value);
    }
    template<typename T>
    void record(QLatin1StringView key, const T &r)
    {
        writer.key(key);
        writeRecord(writer, r);
    }
    template<typename T>
    void records(QLatin1StringView key, const QList<T> &rs)
    {
        writer.key(key);
        writer.beginArray();
        for (const T &r : rs)
            writeRecord(writer, r);
        writer.endArray();
    }
};

template<typename Fields, typename T>
QJsonObject objectOf(const T &record, Fields fields)
{
    ObjectFields out;
    fields(out, record);
    return std::move(out.object);
}

template<typename Fields, typename T>
void writeObject(JsonWriter &w, const T &record, Fields fields)
{
    w.beginObject();
    TextFields out {w};
    fields(out, record);
    w.endObject();
}

// The key of a record type in wrap() and wrapList(), and its reader.
template<typename T>
struct RecordKeys;
#define EVERX_RECORD_KEYS(Type, one, many, reader)                                                 \
    template<>                                                                                     \
    struct RecordKeys<Type>                                                                        \
    {                                                                                              \
        static constexpr QLatin1StringView One {one};                                              \
        static constexpr QLatin1StringView Many {many};                                            \
        static std::optional<Type> read(const QJsonObject &o, QString *error)                      \
        {                                                                                          \
            return reader(o, error);                                                               \
        }                                                                                          \
    };

} // namespace

QString paymentStateName(PaymentState state)
{
    return nameOf(PaymentStateNames, state);
}

QString roleName(Role role)
{
    return nameOf(RoleNames, role);
}

QString accountStateName(AccountState state)
{
    return nameOf(AccountStateNames, state);
}

std::optional<AccountState> accountStateFromName(QStringView name)
{
    return valueOf(AccountStateNames, name);
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

QString payoutStateName(PayoutState state)
{
    return nameOf(PayoutStateNames, state);
}

QString tradeSideName(quint8 aggressor)
{
    return nameOf(TradeSideNames, aggressor);
}

std::optional<quint8> tradeSideFromName(QStringView name)
{
    return valueOf(TradeSideNames, name);
}

QString money(Cents cents)
{
    return Money::toPlain(cents);
}

std::optional<Cents> moneyFromJson(const QJsonValue &value)
{
    // A string, never a number (a double cannot hold every amount of cents), in the plain
    // machine form only (Money::parsePlain): no white space, signs other than '-', grouping or
    // lone separators, which Money::parse would forgive in typed input.
    if (!value.isString())
        return std::nullopt;
    return Money::parsePlain(value.toString());
}

// --- records ------------------------------------------------------------------------------

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
    s.listings = r.records<ListingEarnings>(Key::Listings, &listingEarningsFromJson);
    return r.finish(s, error);
}

namespace {

constexpr auto orderFields = [](auto &out, const BidOrder &order) {
    out.field(Key::Id, order.id);
    out.field(Key::ClientOrderId, order.clientOrderId);
    out.field(Key::Gpu, order.gpu);
    out.field(Key::Kind, orderKindName(order.kind));
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
};

void writeRecord(JsonWriter &w, const BidOrder &order)
{
    writeObject(w, order, orderFields);
}

} // namespace

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
    // Access details only where the sender set them (for the rental's two parties).
    if (!rental.region.isEmpty())
        out.field(Key::Region, rental.region);
    if (!rental.endpoint.isEmpty())
        out.field(Key::Endpoint, rental.endpoint);
};

void writeRecord(JsonWriter &w, const Rental &rental)
{
    writeObject(w, rental, rentalFields);
}

} // namespace

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
    // Optional: absent for anyone but the rental's customer and provider.
    x.region = r.text(Key::Region, MarketRules::MaxRegionLength, WireReader::Presence::Optional);
    x.endpoint = r.endpoint(Key::Endpoint, WireReader::Presence::Optional);
    return r.finish(x, error);
}

QJsonObject toJson(const Listing &listing)
{
    return {{Key::Id, listing.id},
            {Key::ProviderId, listing.providerId},
            {Key::Gpu, listing.gpu},
            {Key::Gpus, listing.gpuCount},
            {Key::Rented, listing.rentedGpus},
            {Key::Region, listing.region},
            {Key::Endpoint, listing.endpoint},
            {Key::Price, money(listing.askCents)},
            {Key::State, listingStateName(listing.state)},
            {Key::CreatedAt, listing.createdMs}};
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
    l.state = r.name(Key::State, ListingStateNames);
    l.createdMs = r.number(Key::CreatedAt);
    return r.finish(l, error);
}

namespace {
everx::Currency readCurrency(WireReader &r)
{
    const QString code = r.text(Key::Currency, 3);
    const std::optional<everx::Currency> currency = Money::currencyFromCode(code);
    if (!r.failed() && !currency)
        r.fail(Key::Currency, QStringLiteral("unknown currency \"%1\"").arg(code));
    return currency.value_or(everx::Currency::USD);
}
} // namespace

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
            {Key::SettledAt, payment.settledMs}};
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
    return {{Key::Id, record.id},           {Key::Time, record.timeMs},
            {Key::ActorId, record.actorId}, {Key::AccountId, record.targetId},
            {Key::Action, record.action},   {Key::Detail, record.detail}};
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
    return r.finish(a, error);
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
    const std::optional<qint64> g = Json::wholeNumber(a.at(1));
    const std::optional<qint64> n = Json::wholeNumber(a.at(2));
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

// --- records under their keys -------------------------------------------------------------------

namespace {
EVERX_RECORD_KEYS(Account, "account", "accounts", accountFromJson)
EVERX_RECORD_KEYS(Balance, "balance", "balances", balanceFromJson)
EVERX_RECORD_KEYS(BidOrder, "order", "orders", orderFromJson)
EVERX_RECORD_KEYS(Rental, "rental", "rentals", rentalFromJson)
EVERX_RECORD_KEYS(Listing, "listing", "listings", listingFromJson)
EVERX_RECORD_KEYS(Trade, "trade", "trades", tradeFromJson)
EVERX_RECORD_KEYS(LedgerEntry, "entry", "entries", entryFromJson)
EVERX_RECORD_KEYS(Candle, "candle", "candles", candleFromJson)
EVERX_RECORD_KEYS(TickerEntry, "ticker", "gpus", tickerFromJson)
EVERX_RECORD_KEYS(AuditRecord, "audit", "audit", auditFromJson)
EVERX_RECORD_KEYS(Payment, "payment", "payments", paymentFromJson)
EVERX_RECORD_KEYS(Payout, "payout", "payouts", payoutFromJson)
EVERX_RECORD_KEYS(HostedRental, "rental", "rentals", hostedRentalFromJson)
EVERX_RECORD_KEYS(SupportNote, "note", "notes", noteFromJson)
EVERX_RECORD_KEYS(PendingAdjustment, "adjustment", "adjustments", pendingAdjustmentFromJson)
EVERX_RECORD_KEYS(SessionInfo, "session", "sessions", sessionFromJson)
EVERX_RECORD_KEYS(SignInFailure, "signInFailure", "signInFailures", signInFailureFromJson)
#undef EVERX_RECORD_KEYS
} // namespace

template<typename T>
QJsonObject wrap(const T &record)
{
    return {{RecordKeys<T>::One, toJson(record)}};
}

template<typename T>
QJsonArray array(const QList<T> &records)
{
    return arrayOf(records);
}

template<typename T>
QJsonObject wrapList(const QList<T> &records)
{
    return {{RecordKeys<T>::Many, arrayOf(records)}};
}

template<typename T>
std::optional<T> unwrap(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString());
    const T record = r.record<T>(RecordKeys<T>::One, &RecordKeys<T>::read);
    return r.finish(record, error);
}

template<typename T>
std::optional<QList<T>> unwrapList(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString());
    const QList<T> records = r.records<T>(RecordKeys<T>::Many, &RecordKeys<T>::read);
    return r.finish(records, error);
}

template<typename T>
QList<T> unwrapEach(const QJsonObject &o)
{
    QList<T> out;
    const QJsonArray a = o.value(RecordKeys<T>::Many).toArray();
    out.reserve(a.size());
    for (const QJsonValue &v : a) {
        if (const std::optional<T> r = RecordKeys<T>::read(v.toObject(), nullptr))
            out.append(*r);
    }
    return out;
}

#define EVERX_INSTANTIATE(Type)                                                                    \
    template QJsonObject wrap<Type>(const Type &);                                                 \
    template QJsonArray array<Type>(const QList<Type> &);                                          \
    template QJsonObject wrapList<Type>(const QList<Type> &);                                      \
    template std::optional<Type> unwrap<Type>(const QJsonObject &, QString *);                     \
    template std::optional<QList<Type>> unwrapList<Type>(const QJsonObject &, QString *);          \
    template QList<Type> unwrapEach<Type>(const QJsonObject &);
EVERX_INSTANTIATE(Account)
EVERX_INSTANTIATE(Balance)
EVERX_INSTANTIATE(BidOrder)
EVERX_INSTANTIATE(Rental)
EVERX_INSTANTIATE(Listing)
EVERX_INSTANTIATE(Trade)
EVERX_INSTANTIATE(LedgerEntry)
EVERX_INSTANTIATE(Candle)
EVERX_INSTANTIATE(TickerEntry)
EVERX_INSTANTIATE(AuditRecord)
EVERX_INSTANTIATE(Payment)
EVERX_INSTANTIATE(Payout)
EVERX_INSTANTIATE(HostedRental)
EVERX_INSTANTIATE(SupportNote)
EVERX_INSTANTIATE(PendingAdjustment)
EVERX_INSTANTIATE(SessionInfo)
EVERX_INSTANTIATE(SignInFailure)
#undef EVERX_INSTANTIATE

// --- requests -----------------------------------------------------------------------------------

QJsonObject toJson(const Hello &hello)
{
    return {{Key::Client, hello.client}, {Key::Protocol, hello.protocol}};
}

Result<bool> noArgumentsFromJson(const QJsonObject &args, QLatin1StringView op)
{
    return requestReader(args, op).request(true);
}

Result<Hello> helloFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::Hello);
    Hello h;
    h.client = r.text(Key::Client, 256, WireReader::Presence::Optional);
    // Absent: the server's own version, so that the check after it passes.
    h.protocol =
        int(r.number(Key::Protocol, 1, 1000, WireReader::Presence::Optional, Protocol::Version));
    return r.request(h);
}

QJsonObject toJson(const Credentials &credentials)
{
    return {{Key::Email, credentials.email}, {Key::Password, credentials.password}};
}

Result<Credentials> credentialsFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::AuthLogin);
    Credentials c;
    c.email = r.text(Key::Email, MarketRules::MaxEmailLength);
    c.password = r.secret(Key::Password, MarketRules::MaxPasswordLength);
    return r.request(c);
}

QJsonObject resumeRequest(const QString &token)
{
    return {{Key::Token, token}};
}

Result<QString> resumeTokenFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::AuthResume);
    const QString token = r.text(Key::Token, 128);
    return r.request(token);
}

QJsonObject demoRequest(Role role)
{
    return {{Key::Role, roleName(role)}};
}

Result<Role> demoRoleFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::AuthDemo);
    const Role role = r.name(Key::Role, RoleNames);
    return r.request(role);
}

QJsonObject toJson(const TopUpRequest &request)
{
    return {{Key::Currency, Money::currencyCode(request.currency)},
            {Key::Amount, money(request.amountMinor)}};
}

Result<TopUpRequest> topUpRequestFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::WalletTopUp);
    TopUpRequest t;
    const QString code = r.text(Key::Currency, 3);
    t.amountMinor = r.money(Key::Amount);
    const std::optional<everx::Currency> currency = Money::currencyFromCode(code);
    if (!r.failed() && !currency)
        r.fail(Key::Currency,
               QStringLiteral("expected USD, EUR or GBP, got %1")
                   .arg(Json::describe(args.value(Key::Currency))));
    t.currency = currency.value_or(everx::Currency::USD);
    return r.request(t);
}

QJsonObject toJson(const PaymentConfirmation &confirmation)
{
    return {{Key::Reference, confirmation.reference},
            {Key::Currency, Money::currencyCode(confirmation.currency)},
            {Key::Amount, money(confirmation.amountMinor)}};
}

Result<PaymentConfirmation> paymentConfirmationFromJson(const QJsonObject &body)
{
    WireReader r(body, QStringLiteral("payment confirmation"));
    PaymentConfirmation c;
    c.reference = r.text(Key::Reference, 64);
    c.currency = readCurrency(r);
    c.amountMinor = r.money(Key::Amount);
    return r.request(c);
}

QJsonObject toJson(const LedgerQuery &query)
{
    return {{Key::After, query.after}, {Key::Limit, query.limit}};
}

Result<LedgerQuery> ledgerQueryFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::WalletLedger);
    LedgerQuery q;
    q.after = r.number(Key::After, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    q.limit = int(r.number(Key::Limit, 1, LedgerQuery::MaxLimit, WireReader::Presence::Optional,
                           LedgerQuery::DefaultLimit));
    return r.request(q);
}

QJsonObject toJson(const BidRequest &request)
{
    QJsonObject o {{Key::ClientOrderId, request.clientOrderId},
                   {Key::Gpu, request.gpu},
                   {Key::Kind, orderKindName(request.kind)},
                   {Key::Gpus, request.quantity},
                   {Key::Hours, request.hours},
                   {Key::Price, money(request.limitCents)}};
    if (request.expiresMs != 0)
        o.insert(Key::ExpiresAt, request.expiresMs);
    return o;
}

Result<BidRequest> bidRequestFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::OrderPlace);
    BidRequest b;
    b.clientOrderId = r.text(Key::ClientOrderId, MarketRules::MaxClientOrderIdLength);
    b.gpu = r.text(Key::Gpu, MarketRules::MaxGpuIdLength);
    b.kind = r.name(Key::Kind, OrderKindNames);
    b.quantity = qint32(r.number(Key::Gpus, 1, MarketRules::MaxGpusPerOrder));
    b.hours = qint32(r.number(Key::Hours, 1, MarketRules::MaxHours));
    b.limitCents = r.money(Key::Price);
    b.expiresMs =
        r.number(Key::ExpiresAt, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    return r.request(b);
}

QJsonObject orderRequest(qint64 orderId)
{
    return {{Key::OrderId, orderId}};
}

Result<qint64> orderIdFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::OrderCancel);
    const qint64 id = r.id(Key::OrderId);
    return r.request(id);
}

QJsonObject rentalRequest(qint64 rentalId)
{
    return {{Key::RentalId, rentalId}};
}

Result<qint64> rentalIdFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::RentalStop);
    const qint64 id = r.id(Key::RentalId);
    return r.request(id);
}

QJsonObject listingRequest(qint64 listingId)
{
    return {{Key::ListingId, listingId}};
}

Result<qint64> listingIdFromJson(const QJsonObject &args)
{
    WireReader r(args, QStringLiteral("listing"));
    const qint64 id = r.id(Key::ListingId);
    return r.request(id);
}

QJsonObject toJson(const ListingRequest &request)
{
    return {{Key::Gpu, request.gpu},
            {Key::Gpus, request.gpuCount},
            {Key::Region, request.region},
            {Key::Endpoint, request.endpoint},
            {Key::Price, money(request.askCents)}};
}

Result<ListingRequest> listingRequestFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::ListingAdd);
    ListingRequest l;
    l.gpu = r.text(Key::Gpu, MarketRules::MaxGpuIdLength);
    l.gpuCount = qint32(r.number(Key::Gpus, 1, MarketRules::MaxGpusPerListing));
    l.region = r.text(Key::Region, MarketRules::MaxRegionLength);
    l.endpoint = r.endpoint(Key::Endpoint);
    l.askCents = r.money(Key::Price);
    return r.request(l);
}

QJsonObject toJson(const Reprice &request)
{
    return {{Key::ListingId, request.listingId}, {Key::Price, money(request.askCents)}};
}

Result<Reprice> repriceFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::ListingReprice);
    Reprice p;
    p.listingId = r.id(Key::ListingId);
    p.askCents = r.money(Key::Price);
    return r.request(p);
}

QJsonObject toJson(const AccountLookup &lookup)
{
    if (lookup.accountId != 0)
        return {{Key::AccountId, lookup.accountId}};
    return {{Key::Email, lookup.email}};
}

Result<AccountLookup> accountLookupFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::SupportAccount);
    AccountLookup l;
    l.accountId =
        r.number(Key::AccountId, 1, Json::MaxExactInteger, WireReader::Presence::Optional);
    l.email = r.text(Key::Email, MarketRules::MaxEmailLength, WireReader::Presence::Optional);
    return r.request(l);
}

QJsonObject toJson(const Adjustment &adjustment)
{
    return {{Key::AccountId, adjustment.accountId},
            {Key::Amount, money(adjustment.amountCents)},
            {Key::Reason, adjustment.reason}};
}

Result<Adjustment> adjustmentFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::SupportAdjust);
    Adjustment a;
    a.accountId = r.id(Key::AccountId);
    a.amountCents = r.money(Key::Amount);
    a.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength);
    return r.request(a);
}

QJsonObject toJson(const SignUpRequest &request)
{
    QJsonObject o {{Key::Email, request.email},
                   {Key::Password, request.password},
                   {Key::Name, request.name},
                   {Key::Country, request.country},
                   {Key::Role, roleName(request.role)}};
    if (!request.company.isEmpty())
        o.insert(Key::Company, request.company);
    return o;
}

Result<SignUpRequest> signUpFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::AuthSignup);
    SignUpRequest a;
    a.email = r.text(Key::Email, MarketRules::MaxEmailLength);
    // Its length is the engine's to judge (weak_password), up to what a frame may sensibly hold.
    a.password = r.secret(Key::Password, MarketRules::MaxPasswordLength + 1);
    a.name = r.text(Key::Name, MarketRules::MaxNameLength).trimmed();
    a.country = r.text(Key::Country, 8);
    a.role = r.name(Key::Role, RoleNames);
    a.company =
        r.text(Key::Company, MarketRules::MaxNameLength, WireReader::Presence::Optional).trimmed();
    return r.request(a);
}

QJsonObject toJson(const PasswordChange &change)
{
    return {{Key::Current, change.current}, {Key::Password, change.replacement}};
}

Result<PasswordChange> passwordChangeFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::AccountPassword);
    PasswordChange c;
    c.current = r.secret(Key::Current, MarketRules::MaxPasswordLength);
    c.replacement = r.secret(Key::Password, MarketRules::MaxPasswordLength + 1);
    return r.request(c);
}

QJsonObject toJson(const AccountAction &action)
{
    return {{Key::AccountId, action.accountId}, {Key::Reason, action.reason}};
}

Result<AccountAction> accountActionFromJson(const QJsonObject &args, QLatin1StringView op)
{
    WireReader r = requestReader(args, op);
    AccountAction a;
    a.accountId = r.id(Key::AccountId);
    a.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength);
    return r.request(a);
}

QJsonObject toJson(const ApplicationDecision &decision)
{
    return {{Key::AccountId, decision.accountId},
            {Key::Decision, nameOf(DecisionNames, decision.approve)},
            {Key::Reason, decision.reason}};
}

Result<ApplicationDecision> applicationDecisionFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::SupportApplication);
    ApplicationDecision d;
    d.accountId = r.id(Key::AccountId);
    d.approve = r.name(Key::Decision, DecisionNames);
    d.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength);
    return r.request(d);
}

QJsonObject toJson(const PayoutRequest &request)
{
    return {{Key::Amount, money(request.amountCents)}};
}

Result<PayoutRequest> payoutRequestFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::PayoutRequest);
    PayoutRequest p;
    p.amountCents = r.money(Key::Amount);
    return r.request(p);
}

QJsonObject toJson(const PayoutQuery &query)
{
    QJsonObject o {{Key::Before, query.before}, {Key::Limit, query.limit}};
    if (query.state)
        o.insert(Key::State, payoutStateName(*query.state));
    return o;
}

Result<PayoutQuery> payoutQueryFromJson(const QJsonObject &args, QLatin1StringView op)
{
    WireReader r = requestReader(args, op);
    PayoutQuery q;
    // The queue is always of one state; a provider's own list may be filtered by one.
    const bool queue = op == Op::SupportPayouts;
    if (queue || args.contains(Key::State))
        q.state = r.name(Key::State, PayoutStateNames);
    q.before = r.number(Key::Before, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    q.limit = int(r.number(Key::Limit, 1, MarketRules::MaxPageSize, WireReader::Presence::Optional,
                           MarketRules::DefaultPageSize));
    return r.request(q);
}

QJsonObject toJson(const PayoutSettlement &settlement)
{
    QJsonObject o {{Key::PayoutId, settlement.payoutId}, {Key::Reason, settlement.reason}};
    if (!settlement.reference.isEmpty())
        o.insert(Key::Reference, settlement.reference);
    return o;
}

Result<PayoutSettlement> payoutSettlementFromJson(const QJsonObject &args, QLatin1StringView op)
{
    WireReader r = requestReader(args, op);
    PayoutSettlement s;
    s.payoutId = r.id(Key::PayoutId);
    if (op == Op::SupportPayoutPaid)
        s.reference = r.text(Key::Reference, MarketRules::MaxPayoutReferenceLength);
    s.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength);
    return r.request(s);
}

QJsonObject toJson(const RentalPage &page)
{
    return {{Key::Before, page.before}, {Key::Limit, page.limit}};
}

Result<RentalPage> rentalPageFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::ProviderRentals);
    RentalPage p;
    p.before = r.number(Key::Before, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    p.limit = int(r.number(Key::Limit, 1, MarketRules::MaxPageSize, WireReader::Presence::Optional,
                           MarketRules::DefaultPageSize));
    return r.request(p);
}

QJsonObject toJson(const StatsQuery &query)
{
    return {{Key::Days, query.days}};
}

Result<StatsQuery> statsQueryFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::ProviderStats);
    StatsQuery q;
    q.days = int(r.number(Key::Days, 7, 90));
    if (!r.failed() && q.days != 7 && q.days != 30 && q.days != 90)
        r.fail(Key::Days, QStringLiteral("expected 7, 30 or 90, got %1").arg(q.days));
    return r.request(q);
}

QJsonObject channelRequest(const QString &channel)
{
    return {{Key::Channel, channel}};
}

Result<QString> channelFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::Subscribe);
    const QString channel = r.text(Key::Channel, 64);
    return r.request(channel);
}

// --- replies ------------------------------------------------------------------------------------

QJsonObject toJson(const ServerInfo &info)
{
    return {{Key::Server, info.server},
            {Key::Protocol, info.protocol},
            {Key::Mode, info.mode},
            {Key::Time, info.timeMs},
            {Key::Gpus, QJsonArray::fromStringList(info.gpus)}};
}

std::optional<ServerInfo> serverInfoFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::Hello));
    ServerInfo i;
    i.server = r.text(Key::Server);
    i.protocol = int(r.number(Key::Protocol, 0, 1000));
    i.mode = r.text(Key::Mode, 16);
    i.timeMs = r.number(Key::Time);
    for (const QJsonValue &gpu : r.array(Key::Gpus))
        i.gpus.append(gpu.toString());
    return r.finish(i, error);
}

QJsonObject pingReply(qint64 timeMs)
{
    return {{Key::Time, timeMs}};
}

QJsonObject toJson(const SignIn &signIn)
{
    return {{Key::Token, signIn.token}, {RecordKeys<Account>::One, toJson(signIn.account)}};
}

std::optional<SignIn> signInFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::AuthLogin));
    SignIn s;
    s.token = r.string(Key::Token, 128, false);
    s.account = r.record<Account>(RecordKeys<Account>::One, &accountFromJson);
    return r.finish(s, error);
}

QJsonObject toJson(const AccountSummary &summary)
{
    return {{RecordKeys<Account>::One, toJson(summary.account)},
            {RecordKeys<Balance>::One, toJson(summary.balance)}};
}

std::optional<AccountSummary> accountSummaryFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::AccountGet));
    AccountSummary s;
    s.account = r.record<Account>(RecordKeys<Account>::One, &accountFromJson);
    s.balance = r.record<Balance>(RecordKeys<Balance>::One, &balanceFromJson);
    return r.finish(s, error);
}

QJsonObject toJson(const Quote &quote)
{
    return {{Key::Currency, Money::currencyCode(quote.currency)},
            {Key::Amount, money(quote.amountMinor)},
            {Key::Rate, double(quote.rateMicros)},
            {Key::Credited, money(quote.creditedCents)}};
}

namespace {
Quote readQuote(WireReader &r)
{
    Quote q;
    q.currency = readCurrency(r);
    q.amountMinor = r.money(Key::Amount);
    q.rateMicros = r.number(Key::Rate, 1, Json::MaxExactInteger);
    q.creditedCents = r.money(Key::Credited);
    return q;
}
} // namespace

std::optional<Quote> quoteFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::WalletQuote));
    const Quote q = readQuote(r);
    return r.finish(q, error);
}

QJsonObject toJson(const TopUp &topUp)
{
    QJsonObject o = toJson(static_cast<const Quote &>(topUp));
    o.insert(RecordKeys<Balance>::One, toJson(topUp.balance));
    return o;
}

std::optional<TopUp> topUpFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::WalletTopUp));
    TopUp t;
    static_cast<Quote &>(t) = readQuote(r);
    t.balance = r.record<Balance>(RecordKeys<Balance>::One, &balanceFromJson);
    return r.finish(t, error);
}

namespace {

constexpr auto placementFields = [](auto &out, const Placement &placement) {
    out.records(RecordKeys<Rental>::Many, placement.rentals);
    out.record(RecordKeys<BidOrder>::One, placement.order);
    out.field(Key::Duplicate, placement.duplicate);
};

} // namespace

QJsonObject toJson(const Placement &placement)
{
    return objectOf(placement, placementFields);
}

QString json(const Placement &placement)
{
    JsonWriter w(1024);
    writeObject(w, placement, placementFields);
    return w.take();
}

QString jsonWrapped(const BidOrder &order)
{
    JsonWriter w(512);
    w.beginObject();
    w.key(RecordKeys<BidOrder>::One);
    writeRecord(w, order);
    w.endObject();
    return w.take();
}

std::optional<Placement> placementFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::OrderPlace));
    Placement p;
    p.order = r.record<BidOrder>(RecordKeys<BidOrder>::One, &orderFromJson);
    p.rentals = r.records<Rental>(RecordKeys<Rental>::Many, &rentalFromJson);
    p.duplicate = r.boolean(Key::Duplicate);
    return r.finish(p, error);
}

QJsonObject toJson(const AccountInspection &inspection)
{
    return {{RecordKeys<Account>::One, toJson(inspection.account)},
            {RecordKeys<Balance>::One, toJson(inspection.balance)},
            {RecordKeys<BidOrder>::Many, arrayOf(inspection.orders)},
            {RecordKeys<Rental>::Many, arrayOf(inspection.rentals)},
            {RecordKeys<Listing>::Many, arrayOf(inspection.listings)},
            {RecordKeys<LedgerEntry>::Many, arrayOf(inspection.entries)},
            {RecordKeys<AuditRecord>::Many, arrayOf(inspection.audit)},
            {RecordKeys<SessionInfo>::Many, arrayOf(inspection.sessions)},
            {RecordKeys<SignInFailure>::Many, arrayOf(inspection.signInFailures)},
            {RecordKeys<SupportNote>::Many, arrayOf(inspection.notes)},
            {RecordKeys<PendingAdjustment>::Many, arrayOf(inspection.adjustments)}};
}

std::optional<AccountInspection> inspectionFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::SupportAccount));
    AccountInspection i;
    i.account = r.record<Account>(RecordKeys<Account>::One, &accountFromJson);
    i.balance = r.record<Balance>(RecordKeys<Balance>::One, &balanceFromJson);
    i.orders = r.records<BidOrder>(RecordKeys<BidOrder>::Many, &orderFromJson);
    i.rentals = r.records<Rental>(RecordKeys<Rental>::Many, &rentalFromJson);
    i.listings = r.records<Listing>(RecordKeys<Listing>::Many, &listingFromJson);
    i.entries = r.records<LedgerEntry>(RecordKeys<LedgerEntry>::Many, &entryFromJson);
    i.audit = r.records<AuditRecord>(RecordKeys<AuditRecord>::Many, &auditFromJson);
    i.sessions = r.records<SessionInfo>(RecordKeys<SessionInfo>::Many, &sessionFromJson);
    i.signInFailures =
        r.records<SignInFailure>(RecordKeys<SignInFailure>::Many, &signInFailureFromJson);
    i.notes = r.records<SupportNote>(RecordKeys<SupportNote>::Many, &noteFromJson);
    i.adjustments = r.records<PendingAdjustment>(RecordKeys<PendingAdjustment>::Many,
                                                 &pendingAdjustmentFromJson);
    return r.finish(i, error);
}

QJsonObject toJson(const ChainCheck &check)
{
    QJsonObject o {{RecordKeys<LedgerEntry>::Many, check.entries},
                   {Key::Ok, check.ok},
                   {Key::BadEntry, check.badEntry}};
    if (check.badAccount)
        o.insert(Key::BadAccount, *check.badAccount);
    if (!check.problem.isEmpty())
        o.insert(Key::Problem, check.problem);
    return o;
}

std::optional<ChainCheck> chainCheckFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::SupportVerify));
    ChainCheck c;
    c.entries = r.number(RecordKeys<LedgerEntry>::Many, 0, Json::MaxExactInteger);
    c.ok = r.boolean(Key::Ok);
    c.badEntry = r.number(Key::BadEntry, 0, Json::MaxExactInteger);
    if (o.contains(Key::BadAccount))
        c.badAccount = r.number(Key::BadAccount, 0, Json::MaxExactInteger);
    c.problem = r.text(Key::Problem, WireReader::DefaultMaxLength, WireReader::Presence::Optional);
    return r.finish(c, error);
}

// --- channel data -------------------------------------------------------------------------------

QJsonObject bookData(const QJsonArray &bids, const QJsonArray &asks)
{
    return {{Key::Bids, bids}, {Key::Asks, asks}};
}

QJsonArray bookBids(const QJsonObject &data)
{
    return data.value(Key::Bids).toArray();
}

QJsonArray bookAsks(const QJsonObject &data)
{
    return data.value(Key::Asks).toArray();
}

BookChange bookChange(const QJsonObject &data)
{
    const auto read = [](const QJsonArray &levels) {
        std::vector<BookLevelChange> out;
        out.reserve(size_t(levels.size()));
        for (const QJsonValue &v : levels) {
            BookLevelChange l;
            if (levelFromJson(v, &l.price, &l.gpus, &l.orders))
                out.push_back(l);
        }
        return out;
    };
    BookChange change;
    change.bids = read(bookBids(data));
    change.asks = read(bookAsks(data));
    return change;
}

QJsonObject toJson(const AccountSnapshot &snapshot)
{
    return {{RecordKeys<Account>::One, toJson(snapshot.account)},
            {RecordKeys<Balance>::One, toJson(snapshot.balance)},
            {RecordKeys<BidOrder>::Many, arrayOf(snapshot.orders)},
            {RecordKeys<Rental>::Many, arrayOf(snapshot.rentals)},
            {RecordKeys<Listing>::Many, arrayOf(snapshot.listings)},
            {RecordKeys<Payment>::Many, arrayOf(snapshot.payments)}};
}

std::optional<AccountSnapshot> accountSnapshotFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(everx::Channel::AccountName));
    AccountSnapshot s;
    s.account = r.record<Account>(RecordKeys<Account>::One, &accountFromJson);
    s.balance = r.record<Balance>(RecordKeys<Balance>::One, &balanceFromJson);
    s.orders = r.records<BidOrder>(RecordKeys<BidOrder>::Many, &orderFromJson);
    s.rentals = r.records<Rental>(RecordKeys<Rental>::Many, &rentalFromJson);
    s.listings = r.records<Listing>(RecordKeys<Listing>::Many, &listingFromJson);
    // Optional: a server from before paid top-ups sends none.
    if (o.contains(RecordKeys<Payment>::Many))
        s.payments = r.records<Payment>(RecordKeys<Payment>::Many, &paymentFromJson);
    return r.finish(s, error);
}

QJsonObject accountEvent(const QString &type, const QJsonObject &payload)
{
    QJsonObject event = payload;
    event.insert(Key::Type, type);
    return event;
}

QString accountEventType(const QJsonObject &event)
{
    return event.value(Key::Type).toString();
}

QJsonObject toJson(const Notification &notification)
{
    QJsonObject o {{Key::Kind, notification.kind}, {Key::Text, notification.text}};
    if (notification.trade)
        o.insert(RecordKeys<Trade>::One, toJson(*notification.trade));
    if (notification.rental)
        o.insert(RecordKeys<Rental>::One, toJson(*notification.rental));
    if (notification.balance)
        o.insert(RecordKeys<Balance>::One, toJson(*notification.balance));
    if (notification.payment)
        o.insert(RecordKeys<Payment>::One, toJson(*notification.payment));
    return o;
}

std::optional<Notification> notificationFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(AccountEvent::Notification));
    Notification n;
    n.kind = r.text(Key::Kind, 64, WireReader::Presence::Optional);
    n.text = r.lines(Key::Text, WireReader::DefaultMaxLength, WireReader::Presence::Optional);
    // The record it is about, when it reads; a notification without one still says its text.
    if (const auto t = tradeFromJson(o.value(RecordKeys<Trade>::One).toObject()))
        n.trade = t;
    if (const auto x = rentalFromJson(o.value(RecordKeys<Rental>::One).toObject()))
        n.rental = x;
    if (const auto b = balanceFromJson(o.value(RecordKeys<Balance>::One).toObject()))
        n.balance = b;
    if (const auto p = paymentFromJson(o.value(RecordKeys<Payment>::One).toObject()))
        n.payment = p;
    return r.finish(n, error);
}

// --- support's workspace ------------------------------------------------------------------------

QString adjustmentStateName(AdjustmentState state)
{
    return nameOf(AdjustmentStateNames, state);
}

QString historyKindName(HistoryKind kind)
{
    return nameOf(HistoryKindNames, kind);
}

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

namespace {

void insertPage(QJsonObject &o, const PageRequest &page)
{
    o.insert(Key::Offset, page.offset);
    o.insert(Key::Limit, page.limit);
}

PageRequest readPage(WireReader &r)
{
    PageRequest p;
    p.offset = r.number(Key::Offset, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    p.limit = int(r.number(Key::Limit, 1, MarketRules::MaxPageLimit, WireReader::Presence::Optional,
                           PageRequest::DefaultLimit));
    return p;
}

} // namespace

QJsonObject toJson(const AccountSearch &search)
{
    QJsonObject o {{Key::Query, search.query}};
    if (search.state)
        o.insert(Key::State, accountStateName(*search.state));
    insertPage(o, search.page);
    return o;
}

Result<AccountSearch> accountSearchFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::SupportSearch);
    AccountSearch s;
    s.query = r.text(Key::Query, MarketRules::MaxSearchLength, WireReader::Presence::Optional);
    s.page = readPage(r);
    const QString stateName = r.text(Key::State, 16, WireReader::Presence::Optional);
    if (!r.failed() && args.contains(Key::State)) {
        s.state = accountStateFromName(stateName);
        if (!s.state)
            return Error {
                ErrorCode::InvalidArgument,
                QStringLiteral("%1: state: not an account state").arg(QString(Op::SupportSearch))};
    }
    if (!r.failed() && s.query.trimmed().isEmpty() && !s.state)
        return Error {
            ErrorCode::InvalidArgument,
            QStringLiteral("%1: query: empty, and no state").arg(QString(Op::SupportSearch))};
    return r.request(s);
}

QJsonObject toJson(const LedgerPageQuery &query)
{
    QJsonObject o {{Key::AccountId, query.accountId}, {Key::Kind, query.kind}};
    insertPage(o, query.page);
    return o;
}

Result<LedgerPageQuery> ledgerPageQueryFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::SupportLedger);
    LedgerPageQuery q;
    q.accountId = r.id(Key::AccountId);
    q.kind = r.text(Key::Kind, 32, WireReader::Presence::Optional);
    q.page = readPage(r);
    return r.request(q);
}

QJsonObject toJson(const HistoryQuery &query)
{
    QJsonObject o {{Key::AccountId, query.accountId}, {Key::Kind, historyKindName(query.kind)}};
    insertPage(o, query.page);
    return o;
}

Result<HistoryQuery> historyQueryFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::SupportHistory);
    HistoryQuery q;
    q.accountId = r.id(Key::AccountId);
    q.kind = r.name(Key::Kind, HistoryKindNames);
    q.page = readPage(r);
    return r.request(q);
}

QJsonObject toJson(const NoteRequest &request)
{
    return {{Key::AccountId, request.accountId}, {Key::Text, request.text}};
}

Result<NoteRequest> noteRequestFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::SupportNote);
    NoteRequest n;
    n.accountId = r.id(Key::AccountId);
    n.text = r.lines(Key::Text, MarketRules::MaxNoteLength);
    return r.request(n);
}

QJsonObject toJson(const AuditQuery &query)
{
    QJsonObject o;
    if (query.agentId != 0)
        o.insert(Key::AgentId, query.agentId);
    if (query.accountId != 0)
        o.insert(Key::AccountId, query.accountId);
    if (query.fromMs != 0)
        o.insert(Key::From, query.fromMs);
    if (query.toMs != 0)
        o.insert(Key::To, query.toMs);
    insertPage(o, query.page);
    return o;
}

Result<AuditQuery> auditQueryFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::SupportAudit);
    AuditQuery q;
    q.agentId = r.number(Key::AgentId, 1, Json::MaxExactInteger, WireReader::Presence::Optional);
    q.accountId =
        r.number(Key::AccountId, 1, Json::MaxExactInteger, WireReader::Presence::Optional);
    q.fromMs = r.number(Key::From, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    q.toMs = r.number(Key::To, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    q.page = readPage(r);
    return r.request(q);
}

QJsonObject toJson(const AdjustmentDecision &decision)
{
    return {{Key::AdjustmentId, decision.adjustmentId}, {Key::Reason, decision.reason}};
}

Result<AdjustmentDecision> adjustmentDecisionFromJson(const QJsonObject &args, QLatin1StringView op)
{
    WireReader r = requestReader(args, op);
    AdjustmentDecision d;
    d.adjustmentId = r.id(Key::AdjustmentId);
    d.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength);
    return r.request(d);
}

QJsonObject toJson(const AccountSearchPage &page)
{
    return {{RecordKeys<Account>::Many, arrayOf(page.accounts)}, {Key::Total, page.total}};
}

std::optional<AccountSearchPage> accountSearchPageFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::SupportSearch));
    AccountSearchPage p;
    p.accounts = r.records<Account>(RecordKeys<Account>::Many, &accountFromJson);
    p.total = r.number(Key::Total, 0, Json::MaxExactInteger);
    return r.finish(p, error);
}

QJsonObject toJson(const LedgerPage &page)
{
    return {{RecordKeys<LedgerEntry>::Many, arrayOf(page.entries)},
            {Key::Total, page.total},
            {Key::Chain, toJson(page.chain)}};
}

std::optional<LedgerPage> ledgerPageFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::SupportLedger));
    LedgerPage p;
    p.entries = r.records<LedgerEntry>(RecordKeys<LedgerEntry>::Many, &entryFromJson);
    p.total = r.number(Key::Total, 0, Json::MaxExactInteger);
    p.chain = r.record<ChainCheck>(Key::Chain, &chainCheckFromJson);
    return r.finish(p, error);
}

QJsonObject toJson(const HistoryPage &page)
{
    return {{RecordKeys<BidOrder>::Many, arrayOf(page.orders)},
            {RecordKeys<Rental>::Many, arrayOf(page.rentals)},
            {Key::Total, page.total}};
}

std::optional<HistoryPage> historyPageFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::SupportHistory));
    HistoryPage p;
    p.orders = r.records<BidOrder>(RecordKeys<BidOrder>::Many, &orderFromJson);
    p.rentals = r.records<Rental>(RecordKeys<Rental>::Many, &rentalFromJson);
    p.total = r.number(Key::Total, 0, Json::MaxExactInteger);
    return r.finish(p, error);
}

QJsonObject toJson(const AuditPage &page)
{
    return {{RecordKeys<AuditRecord>::Many, arrayOf(page.audit)}, {Key::Total, page.total}};
}

std::optional<AuditPage> auditPageFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::SupportAudit));
    AuditPage p;
    p.audit = r.records<AuditRecord>(RecordKeys<AuditRecord>::Many, &auditFromJson);
    p.total = r.number(Key::Total, 0, Json::MaxExactInteger);
    return r.finish(p, error);
}

QJsonObject toJson(const AdjustmentOutcome &outcome)
{
    QJsonObject o {{RecordKeys<Balance>::One, toJson(outcome.balance)}};
    if (outcome.pending)
        o.insert(RecordKeys<PendingAdjustment>::One, toJson(*outcome.pending));
    return o;
}

std::optional<AdjustmentOutcome> adjustmentOutcomeFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::SupportAdjust));
    AdjustmentOutcome out;
    out.balance = r.record<Balance>(RecordKeys<Balance>::One, &balanceFromJson);
    if (o.contains(RecordKeys<PendingAdjustment>::One))
        out.pending = r.record<PendingAdjustment>(RecordKeys<PendingAdjustment>::One,
                                                  &pendingAdjustmentFromJson);
    return r.finish(out, error);
}

} // namespace everx::Wire
