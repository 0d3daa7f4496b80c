#pragma once

#include "market/fxrates.h"
#include "market/marketrecords.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>

#include <optional>

namespace everx {

// The records of docs/protocol.md "Records" to and from JSON. Money is a string with two
// decimals ("4.19"); times are epoch ms; enums are lower-case names. fromJson functions refuse a
// missing or mistyped field (nullopt, and *error names the field); extra fields are ignored.
namespace Wire {

QString roleName(Role role);
std::optional<Role> roleFromName(QStringView name);
QString orderKindName(OrderKind kind);
std::optional<OrderKind> orderKindFromName(QStringView name);
QString orderStateName(OrderState state);
std::optional<OrderState> orderStateFromName(QStringView name);
QString rentalStateName(RentalState state);
std::optional<RentalState> rentalStateFromName(QStringView name);
QString listingStateName(ListingState state);
std::optional<ListingState> listingStateFromName(QStringView name);
QString bucketName(Bucket bucket);
std::optional<Bucket> bucketFromName(QStringView name);
QString tradeSideName(quint8 aggressor); // "buy", "sell", "history"
std::optional<quint8> tradeSideFromName(QStringView name);

// Money: "4.19". moneyFromJson accepts only a string with at most two decimals.
QJsonValue money(Cents cents);
std::optional<Cents> moneyFromJson(const QJsonValue &value);

// Account: never the password hash.
QJsonObject toJson(const Account &account);
std::optional<Account> accountFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Balance &balance);
std::optional<Balance> balanceFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const BidOrder &order);
std::optional<BidOrder> orderFromJson(const QJsonObject &o, QString *error = nullptr);
// region and endpoint are added by the server for the rental's customer and provider only.
QJsonObject toJson(const Rental &rental, const QString &region = {}, const QString &endpoint = {});
std::optional<Rental> rentalFromJson(const QJsonObject &o, QString *error = nullptr,
                                     QString *region = nullptr, QString *endpoint = nullptr);
QJsonObject toJson(const Listing &listing);
std::optional<Listing> listingFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Trade &trade);
std::optional<Trade> tradeFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const LedgerEntry &entry);
std::optional<LedgerEntry> entryFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const Candle &candle);
std::optional<Candle> candleFromJson(const QJsonObject &o, QString *error = nullptr);
QJsonObject toJson(const TickerEntry &entry);
std::optional<TickerEntry> tickerFromJson(const QJsonObject &o, QString *error = nullptr);
// A book level: [price, gpus, orders].
QJsonArray level(Cents price, qint64 gpus, qint32 orders);
bool levelFromJson(const QJsonValue &value, Cents *price, qint64 *gpus, qint32 *orders);

} // namespace Wire
} // namespace everx
