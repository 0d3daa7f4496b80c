// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The data of docs/protocol.md "Channels" to and from JSON (wirecodec.h): book levels, the
// account channel's snapshot and events, notifications.

#include "wire/wirecodec_p.h"

#include "wire/vocabulary.h"

namespace everx::Wire {

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
            if (levelFromJson(v, &l.price, &l.gpus, &l.orders, &l.block))
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

QJsonObject sessionEventData(const QString &reason)
{
    return reason.isEmpty() ? QJsonObject() : QJsonObject {{Key::Reason, reason}};
}

std::optional<QString> sessionEventReasonFromJson(const QJsonObject &data, QString *error)
{
    WireReader r(data, QStringLiteral("event"));
    const QString reason =
        r.lines(Key::Reason, MarketRules::MaxReasonLength, WireReader::Presence::Optional);
    return r.finish(reason, error);
}

} // namespace everx::Wire
