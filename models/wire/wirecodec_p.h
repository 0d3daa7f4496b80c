// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

// What the parts of the wire codec share (wirecodec.cpp and wirecodec_*.cpp): the names of
// enums, the keys of the records, requests and replies, the one reader and the writers. Private
// to the codec: nothing outside models/wire/wirecodec*.cpp includes it.

#include "wire/wirecodec.h"

#include "market/jsonreader.h"
#include "market/jsonwriter.h"
#include "market/marketrules.h"
#include "market/textrules.h"

#include <QtCore/QStringList>

#include <array>
#include <limits>
#include <utility>

namespace everx::Wire {

// The one table per enum: name <-> value. Names are the wire's (docs/protocol.md).
template<typename Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, QStringView>, N>;

inline constexpr NameTable<Role, 3> RoleNames {{
    {Role::Customer, u"customer"},
    {Role::Provider, u"provider"},
    {Role::Support, u"support"},
}};
inline constexpr NameTable<AccountState, 5> AccountStateNames {{
    {AccountState::Active, u"active"},
    {AccountState::Pending, u"pending"},
    {AccountState::Suspended, u"suspended"},
    {AccountState::Rejected, u"rejected"},
    {AccountState::Unverified, u"unverified"},
}};
// support.application's decision.
inline constexpr NameTable<bool, 2> DecisionNames {{
    {true, u"approve"},
    {false, u"reject"},
}};
inline constexpr NameTable<OrderKind, 2> OrderKindNames {{
    {OrderKind::Limit, u"limit"},
    {OrderKind::BuyNow, u"buy_now"},
}};
inline constexpr NameTable<Placement, 3> PlacementNames {{
    {Placement::Any, u"any"},
    {Placement::Server, u"server"},
    {Placement::Cluster, u"cluster"},
}};
// A listing outside a cluster has none; the wire names only a cluster's fabric.
inline constexpr NameTable<Fabric, 4> FabricNames {{
    {Fabric::None, u"none"},
    {Fabric::InfiniBand, u"infiniband"},
    {Fabric::RoCE, u"roce"},
    {Fabric::Ethernet, u"ethernet"},
}};
inline constexpr NameTable<OrderState, 4> OrderStateNames {{
    {OrderState::Open, u"open"},
    {OrderState::Filled, u"filled"},
    {OrderState::Cancelled, u"cancelled"},
    {OrderState::Expired, u"expired"},
}};
inline constexpr NameTable<RentalState, 5> RentalStateNames {{
    {RentalState::Running, u"running"},
    {RentalState::Ended, u"ended"},
    {RentalState::Stopped, u"stopped"},
    {RentalState::Reserved, u"reserved"},
    {RentalState::Cancelled, u"cancelled"},
}};
inline constexpr NameTable<ListingState, 3> ListingStateNames {{
    {ListingState::Active, u"active"},
    {ListingState::Paused, u"paused"},
    {ListingState::Removed, u"removed"},
}};
inline constexpr NameTable<PaymentState, 5> PaymentStateNames {{
    {PaymentState::Pending, u"pending"},
    {PaymentState::Credited, u"credited"},
    {PaymentState::Expired, u"expired"},
    {PaymentState::Late, u"late"},
    {PaymentState::Refunded, u"refunded"},
}};
// Clients see only their own available and held buckets; the system buckets have names too so
// that support tools can show any entry.
inline constexpr NameTable<Bucket, 9> BucketNames {{
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
inline constexpr NameTable<PayoutState, 3> PayoutStateNames {{
    {PayoutState::Requested, u"requested"},
    {PayoutState::Paid, u"paid"},
    {PayoutState::Rejected, u"rejected"},
}};
inline constexpr NameTable<AdjustmentState, 3> AdjustmentStateNames {{
    {AdjustmentState::Pending, u"pending"},
    {AdjustmentState::Approved, u"approved"},
    {AdjustmentState::Declined, u"declined"},
}};
inline constexpr NameTable<HistoryKind, 2> HistoryKindNames {{
    {HistoryKind::Orders, u"orders"},
    {HistoryKind::Rentals, u"rentals"},
}};
inline constexpr NameTable<quint8, 3> TradeSideNames {{
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
inline constexpr QLatin1StringView Id {"id"};
inline constexpr QLatin1StringView Gpu {"gpu"};
inline constexpr QLatin1StringView Gpus {"gpus"};
inline constexpr QLatin1StringView Price {"price"};
inline constexpr QLatin1StringView Hours {"hours"};
inline constexpr QLatin1StringView TaxBp {"taxBp"};
inline constexpr QLatin1StringView State {"state"};
inline constexpr QLatin1StringView CreatedAt {"createdAt"};
inline constexpr QLatin1StringView Region {"region"};
inline constexpr QLatin1StringView Endpoint {"endpoint"};
inline constexpr QLatin1StringView Email {"email"};
inline constexpr QLatin1StringView Password {"password"};
inline constexpr QLatin1StringView Role {"role"};
inline constexpr QLatin1StringView Country {"country"};
inline constexpr QLatin1StringView Available {"available"};
inline constexpr QLatin1StringView Held {"held"};
inline constexpr QLatin1StringView ClientOrderId {"clientOrderId"};
inline constexpr QLatin1StringView Kind {"kind"};
inline constexpr QLatin1StringView Remaining {"remaining"};
inline constexpr QLatin1StringView Filled {"filled"};
inline constexpr QLatin1StringView ExpiresAt {"expiresAt"};
inline constexpr QLatin1StringView Reason {"reason"};
inline constexpr QLatin1StringView ClosedAt {"closedAt"};
inline constexpr QLatin1StringView OrderId {"orderId"};
inline constexpr QLatin1StringView CustomerId {"customerId"};
inline constexpr QLatin1StringView ListingId {"listingId"};
inline constexpr QLatin1StringView ProviderId {"providerId"};
inline constexpr QLatin1StringView RentalId {"rentalId"};
inline constexpr QLatin1StringView HoursBilled {"hoursBilled"};
inline constexpr QLatin1StringView FeeBp {"feeBp"};
inline constexpr QLatin1StringView StartedAt {"startedAt"};
inline constexpr QLatin1StringView EndedAt {"endedAt"};
inline constexpr QLatin1StringView Rented {"rented"};
inline constexpr QLatin1StringView Side {"side"};
inline constexpr QLatin1StringView Time {"time"};
inline constexpr QLatin1StringView ClockRate {"clockRate"};
inline constexpr QLatin1StringView Tx {"tx"};
inline constexpr QLatin1StringView Bucket {"bucket"};
inline constexpr QLatin1StringView Amount {"amount"};
inline constexpr QLatin1StringView Ref {"ref"};
inline constexpr QLatin1StringView Memo {"memo"};
inline constexpr QLatin1StringView Hash {"hash"};
inline constexpr QLatin1StringView CandleStart {"t"};
inline constexpr QLatin1StringView CandleOpen {"o"};
inline constexpr QLatin1StringView CandleHigh {"h"};
inline constexpr QLatin1StringView CandleLow {"l"};
inline constexpr QLatin1StringView CandleClose {"c"};
inline constexpr QLatin1StringView CandleVolume {"v"};
inline constexpr QLatin1StringView Bid {"bid"};
inline constexpr QLatin1StringView Ask {"ask"};
inline constexpr QLatin1StringView Last {"last"};
inline constexpr QLatin1StringView Open24h {"open24h"};
inline constexpr QLatin1StringView Change24hBp {"change24hBp"};
inline constexpr QLatin1StringView Volume24h {"volume24h"};
inline constexpr QLatin1StringView ActorId {"actorId"};
inline constexpr QLatin1StringView Action {"action"};
inline constexpr QLatin1StringView Detail {"detail"};
inline constexpr QLatin1StringView Client {"client"};
inline constexpr QLatin1StringView Protocol {"protocol"};
inline constexpr QLatin1StringView Server {"server"};
inline constexpr QLatin1StringView Mode {"mode"};
inline constexpr QLatin1StringView Token {"token"};
inline constexpr QLatin1StringView Currency {"currency"};
inline constexpr QLatin1StringView Rate {"rate"};
inline constexpr QLatin1StringView Credited {"credited"};
inline constexpr QLatin1StringView After {"after"};
inline constexpr QLatin1StringView Limit {"limit"};
inline constexpr QLatin1StringView Duplicate {"duplicate"};
inline constexpr QLatin1StringView AccountId {"accountId"};
inline constexpr QLatin1StringView Ok {"ok"};
inline constexpr QLatin1StringView BadEntry {"badEntry"};
inline constexpr QLatin1StringView BadAccount {"badAccount"};
inline constexpr QLatin1StringView Problem {"problem"};
inline constexpr QLatin1StringView Channel {"channel"};
inline constexpr QLatin1StringView Bids {"bids"};
inline constexpr QLatin1StringView Asks {"asks"};
inline constexpr QLatin1StringView Type {"type"};
inline constexpr QLatin1StringView Text {"text"};
inline constexpr QLatin1StringView Reference {"reference"};
inline constexpr QLatin1StringView SettledAt {"settledAt"};
inline constexpr QLatin1StringView Name {"name"};
inline constexpr QLatin1StringView Company {"company"};
inline constexpr QLatin1StringView Current {"current"};
inline constexpr QLatin1StringView Decision {"decision"};
inline constexpr QLatin1StringView Earnings {"earnings"};
inline constexpr QLatin1StringView PayoutPending {"payoutPending"};
inline constexpr QLatin1StringView RequestedAt {"requestedAt"};
inline constexpr QLatin1StringView AgentId {"agentId"};
inline constexpr QLatin1StringView PayoutId {"payoutId"};
inline constexpr QLatin1StringView PaymentId {"paymentId"};
inline constexpr QLatin1StringView LateAt {"lateAt"};
inline constexpr QLatin1StringView RefundReference {"refundReference"};
inline constexpr QLatin1StringView Before {"before"};
inline constexpr QLatin1StringView Earned {"earned"};
inline constexpr QLatin1StringView Days {"days"};
inline constexpr QLatin1StringView Day {"day"};
inline constexpr QLatin1StringView RentedGpuHours {"rentedGpuHours"};
inline constexpr QLatin1StringView RentedGpuMinutes {"rentedGpuMinutes"};
inline constexpr QLatin1StringView ListedGpuMinutes {"listedGpuMinutes"};
inline constexpr QLatin1StringView UtilisationBp {"utilisationBp"};
inline constexpr QLatin1StringView Today {"today"};
inline constexpr QLatin1StringView Last7Days {"last7Days"};
inline constexpr QLatin1StringView Last30Days {"last30Days"};
inline constexpr QLatin1StringView Last90Days {"last90Days"};
inline constexpr QLatin1StringView Listings {"listings"};
// Support's workspace.
inline constexpr QLatin1StringView Query {"query"};
inline constexpr QLatin1StringView Offset {"offset"};
inline constexpr QLatin1StringView BeforeId {"beforeId"};
inline constexpr QLatin1StringView Total {"total"};
// Placements and clusters.
inline constexpr QLatin1StringView Placement {"placement"};
inline constexpr QLatin1StringView Cluster {"cluster"};
inline constexpr QLatin1StringView Fabric {"fabric"};
inline constexpr QLatin1StringView Gbps {"gbps"};
inline constexpr QLatin1StringView Legs {"legs"};
inline constexpr QLatin1StringView Average {"average"};
inline constexpr QLatin1StringView Highest {"highest"};
inline constexpr QLatin1StringView Subtotal {"subtotal"};
inline constexpr QLatin1StringView Tax {"tax"};
inline constexpr QLatin1StringView Chain {"chain"};
inline constexpr QLatin1StringView From {"from"};
// Windows ahead.
inline constexpr QLatin1StringView Windows {"windows"};
inline constexpr QLatin1StringView Start {"start"};
inline constexpr QLatin1StringView Placements {"placements"};
inline constexpr QLatin1StringView StartsAt {"startsAt"};
inline constexpr QLatin1StringView CancelFee {"cancelFee"};
inline constexpr QLatin1StringView To {"to"};
inline constexpr QLatin1StringView RequestedBy {"requestedBy"};
inline constexpr QLatin1StringView AccountEmail {"accountEmail"};
inline constexpr QLatin1StringView AccountName {"accountName"};
inline constexpr QLatin1StringView RequesterName {"requesterName"};
inline constexpr QLatin1StringView DecidedBy {"decidedBy"};
inline constexpr QLatin1StringView DecidedAt {"decidedAt"};
inline constexpr QLatin1StringView LastSeenAt {"lastSeenAt"};
inline constexpr QLatin1StringView Address {"address"};
inline constexpr QLatin1StringView AdjustmentId {"adjustmentId"};
inline constexpr QLatin1StringView BidsCancelled {"bidsCancelled"};
inline constexpr QLatin1StringView ListingsPaused {"listingsPaused"};
// Email ownership.
inline constexpr QLatin1StringView Code {"code"};
inline constexpr QLatin1StringView Subject {"subject"};
inline constexpr QLatin1StringView SandboxMail {"sandboxMail"};
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

    // An optional name: `fallback` when the key is absent.
    template<typename Enum, std::size_t N>
    Enum name(QAnyStringView key, const NameTable<Enum, N> &table, Enum fallback)
    {
        return has(key) ? name(key, table) : fallback;
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
inline WireReader requestReader(const QJsonObject &args, QLatin1StringView op)
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

// A record's currency code, refused unless it is one the exchange takes.
everx::Currency readCurrency(WireReader &r);

} // namespace everx::Wire
