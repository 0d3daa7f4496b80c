// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The wire codec (wirecodec.h): names of enums, money, and records under their keys. Records,
// requests, replies and channel data are in wirecodec_records.cpp, _requests.cpp, _replies.cpp
// and _channels.cpp; what they share is in wirecodec_p.h.

#include "wire/wirecodec_p.h"

namespace everx::Wire {

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

QString adjustmentStateName(AdjustmentState state)
{
    return nameOf(AdjustmentStateNames, state);
}

QString historyKindName(HistoryKind kind)
{
    return nameOf(HistoryKindNames, kind);
}

everx::Currency readCurrency(WireReader &r)
{
    const QString code = r.text(Key::Currency, 3);
    const std::optional<everx::Currency> currency = Money::currencyFromCode(code);
    if (!r.failed() && !currency)
        r.fail(Key::Currency, QStringLiteral("unknown currency \"%1\"").arg(code));
    return currency.value_or(everx::Currency::USD);
}

// --- records under their keys -------------------------------------------------------------------

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

} // namespace everx::Wire
