// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The replies of docs/protocol.md "Operations" to and from JSON (wirecodec.h): encoded by the
// server, decoded by the client.

#include "wire/wirecodec_p.h"

#include "wire/vocabulary.h"

namespace everx::Wire {

QJsonObject toJson(const ServerInfo &info)
{
    return {{Key::Server, info.server},       {Key::Protocol, info.protocol},
            {Key::Mode, info.mode},           {Key::Time, info.timeMs},
            {Key::ClockRate, info.clockRate}, {Key::Gpus, QJsonArray::fromStringList(info.gpus)}};
}

std::optional<ServerInfo> serverInfoFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::Hello));
    ServerInfo i;
    i.server = r.text(Key::Server);
    i.protocol = int(r.number(Key::Protocol, 0, 1000));
    i.mode = r.text(Key::Mode, 16);
    i.timeMs = r.number(Key::Time);
    // Optional: a server of an earlier build runs at real time.
    i.clockRate = int(
        r.number(Key::ClockRate, 1, ServerInfo::MaxClockRate, JsonReader::Presence::Optional, 1));
    for (const QJsonValue &gpu : r.array(Key::Gpus))
        i.gpus.append(gpu.toString());
    return r.finish(i, error);
}

QJsonObject pingReply(qint64 timeMs)
{
    return {{Key::Time, timeMs}};
}

qint64 pingTimeFromJson(const QJsonObject &o)
{
    WireReader r(o, QString(Op::Ping));
    const qint64 time = r.number(Key::Time, 0);
    return r.failed() ? 0 : time;
}

QJsonObject toJson(const Mail &mail)
{
    return {{Key::To, mail.to},
            {Key::Subject, mail.subject},
            {Key::Text, mail.text},
            {Key::Code, mail.code}};
}

std::optional<Mail> mailFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Key::SandboxMail));
    Mail m;
    m.to = r.text(Key::To, MarketRules::MaxEmailLength);
    m.subject = r.text(Key::Subject, 256);
    m.text = r.lines(Key::Text, 4096);
    m.code = r.string(Key::Code, MarketRules::VerificationCodeDigits, true);
    return r.finish(m, error);
}

QJsonObject toJson(const SignUpReceipt &receipt)
{
    QJsonObject o {{Key::Email, receipt.email}};
    if (receipt.sandboxMail)
        o.insert(Key::SandboxMail, toJson(*receipt.sandboxMail));
    return o;
}

std::optional<SignUpReceipt> signUpReceiptFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::AuthSignup));
    SignUpReceipt s;
    s.email = r.text(Key::Email, MarketRules::MaxEmailLength);
    if (r.has(Key::SandboxMail))
        s.sandboxMail = r.record<Mail>(Key::SandboxMail, &mailFromJson);
    return r.finish(s, error);
}

QJsonObject toJson(const SignIn &signIn)
{
    return {{Key::Token, signIn.token},
            {RecordKeys<Account>::One, toJson(signIn.account)},
            {Key::TaxBp, signIn.taxBp}};
}

std::optional<SignIn> signInFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::AuthLogin));
    SignIn s;
    s.token = r.string(Key::Token, 128, false);
    s.account = r.record<Account>(RecordKeys<Account>::One, &accountFromJson);
    s.taxBp = r.int32(Key::TaxBp, 0, MarketRules::MaxBasisPoints);
    return r.finish(s, error);
}

QJsonObject resumeReply(const Account &account, qint32 taxBp)
{
    return {{RecordKeys<Account>::One, toJson(account)}, {Key::TaxBp, taxBp}};
}

std::optional<SignIn> resumeReplyFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::AuthResume));
    SignIn s;
    s.account = r.record<Account>(RecordKeys<Account>::One, &accountFromJson);
    s.taxBp = r.int32(Key::TaxBp, 0, MarketRules::MaxBasisPoints);
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

QJsonObject toJson(const PlacementQuote &quote)
{
    QJsonArray legs;
    for (const PlacementQuote::Leg &leg : quote.legs)
        legs.append(QJsonObject {{Key::ListingId, leg.listingId},
                                 {Key::Gpus, leg.gpus},
                                 {Key::Price, money(leg.priceCents)},
                                 {Key::Region, leg.region},
                                 {Key::Cluster, leg.cluster}});
    return {{Key::Available, quote.available},           {Key::Legs, legs},
            {Key::Average, money(quote.averageCents)},   {Key::Highest, money(quote.highestCents)},
            {Key::Subtotal, money(quote.subtotalCents)}, {Key::Tax, money(quote.taxCents)},
            {Key::Total, money(quote.totalCents)},       {Key::TaxBp, quote.taxBp}};
}

std::optional<PlacementQuote> placementQuoteFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::MarketQuote));
    PlacementQuote q;
    q.available = r.boolean(Key::Available);
    q.legs = r.records<PlacementQuote::Leg>(Key::Legs, [](const QJsonObject &leg, QString *why) {
        WireReader l(leg, QStringLiteral("leg"));
        PlacementQuote::Leg x;
        x.listingId = l.id(Key::ListingId);
        x.gpus = qint32(l.number(Key::Gpus, 1, MarketRules::MaxGpusPerListing));
        x.priceCents = l.money(Key::Price);
        x.region = l.text(Key::Region, MarketRules::MaxRegionLength);
        x.cluster = l.text(Key::Cluster, MarketRules::MaxClusterNameLength);
        return l.finish(x, why);
    });
    q.averageCents = r.money(Key::Average);
    q.highestCents = r.money(Key::Highest);
    q.subtotalCents = r.money(Key::Subtotal);
    q.taxCents = r.money(Key::Tax);
    q.totalCents = r.money(Key::Total);
    q.taxBp = r.int32(Key::TaxBp, 0, MarketRules::MaxBasisPoints);
    if (!r.failed() && q.available == q.legs.isEmpty())
        r.fail(Key::Legs, QStringLiteral("a quote has legs exactly when it is available"));
    return r.finish(q, error);
}

QJsonObject toJson(const WindowsQuote &quote)
{
    QJsonArray windows;
    for (const StartWindow &w : quote.windows) {
        QJsonObject o {{Key::Start, w.startMs}, {Key::Placements, w.placements}};
        if (w.placements > 0) {
            o.insert(Key::Subtotal, money(w.subtotalCents));
            o.insert(Key::Tax, money(w.taxCents));
            o.insert(Key::Total, money(w.totalCents));
        }
        windows.append(o);
    }
    return {{Key::Gpu, quote.gpu},     {Key::Gpus, quote.quantity},
            {Key::Hours, quote.hours}, {Key::Placement, nameOf(PlacementNames, quote.placement)},
            {Key::TaxBp, quote.taxBp}, {Key::Windows, windows}};
}

std::optional<WindowsQuote> windowsQuoteFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::MarketWindows));
    WindowsQuote q;
    q.gpu = r.text(Key::Gpu, MarketRules::MaxGpuIdLength);
    q.quantity = qint32(r.number(Key::Gpus, 1, MarketRules::MaxGpusPerOrder));
    q.hours = qint32(r.number(Key::Hours, 1, MarketRules::MaxHours));
    q.placement = r.name(Key::Placement, PlacementNames, Placement::Any);
    q.taxBp = r.int32(Key::TaxBp, 0, MarketRules::MaxBasisPoints);
    q.windows = r.records<StartWindow>(Key::Windows, [](const QJsonObject &window, QString *why) {
        WireReader w(window, QStringLiteral("window"));
        StartWindow x;
        x.startMs = w.number(Key::Start, 0);
        x.placements = w.int32(Key::Placements, 0);
        if (x.placements > 0) {
            x.subtotalCents = w.money(Key::Subtotal);
            x.taxCents = w.money(Key::Tax);
            x.totalCents = w.money(Key::Total);
            if (!w.failed() && x.totalCents != x.subtotalCents + x.taxCents)
                w.fail(Key::Total, QStringLiteral("the total is the subtotal and the tax"));
        }
        if (!w.failed() && x.startMs % MarketRules::HourMs != 0)
            w.fail(Key::Start, QStringLiteral("a window starts on the hour"));
        return w.finish(x, why);
    });
    // One window an hour, in order: what the chart draws is a row of hours.
    for (qsizetype i = 1; i < q.windows.size() && !r.failed(); ++i)
        if (q.windows[i].startMs != q.windows[i - 1].startMs + MarketRules::HourMs)
            r.fail(Key::Windows, QStringLiteral("the windows start an hour apart, in order"));
    if (q.windows.size() > MarketRules::WindowDays * 24 && !r.failed())
        r.fail(Key::Windows,
               QStringLiteral("at most %1 windows").arg(MarketRules::WindowDays * 24));
    return r.finish(q, error);
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

constexpr auto orderPlacedFields = [](auto &out, const OrderPlaced &placed) {
    out.records(RecordKeys<Rental>::Many, placed.rentals);
    out.record(RecordKeys<BidOrder>::One, placed.order);
    out.field(Key::Duplicate, placed.duplicate);
};

} // namespace

QJsonObject toJson(const OrderPlaced &placed)
{
    return objectOf(placed, orderPlacedFields);
}

QString json(const OrderPlaced &placed)
{
    JsonWriter w(1024);
    writeObject(w, placed, orderPlacedFields);
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

std::optional<OrderPlaced> orderPlacedFromJson(const QJsonObject &o, QString *error)
{
    WireReader r(o, QString(Op::OrderPlace));
    OrderPlaced p;
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

// Support's workspace (docs/protocol.md "Operations").

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
