// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The requests of docs/protocol.md "Operations" to and from JSON (wirecodec.h): encoded by the
// client, decoded by the server as hostile input.

#include "wire/wirecodec_p.h"

#include "wire/protocol.h"
#include "wire/vocabulary.h"

#include <algorithm>

namespace everx::Wire {

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

namespace {

// A window's start: "now" (or none) is 0, else epoch ms (order.place, market.quote).
qint64 readStart(WireReader &r)
{
    if (r.has(Key::Start) && r.value(Key::Start).isString()) {
        if (r.text(Key::Start, 8) != QLatin1StringView("now") && !r.failed())
            r.fail(Key::Start, QStringLiteral("expected \"now\" or a start in epoch ms"));
        return 0;
    }
    return r.number(Key::Start, 1, Json::MaxExactInteger, WireReader::Presence::Optional);
}

} // namespace

QJsonObject toJson(const BidRequest &request)
{
    QJsonObject o {{Key::ClientOrderId, request.clientOrderId},
                   {Key::Gpu, request.gpu},
                   {Key::Kind, orderKindName(request.kind)},
                   {Key::Placement, nameOf(PlacementNames, request.placement)},
                   {Key::Gpus, request.quantity},
                   {Key::Hours, request.hours},
                   {Key::Price, money(request.limitCents)}};
    if (request.expiresMs != 0)
        o.insert(Key::ExpiresAt, request.expiresMs);
    if (request.startMs != 0)
        o.insert(Key::Start, request.startMs);
    return o;
}

Result<BidRequest> bidRequestFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::OrderPlace);
    BidRequest b;
    b.clientOrderId = r.text(Key::ClientOrderId, MarketRules::MaxClientOrderIdLength);
    b.gpu = r.text(Key::Gpu, MarketRules::MaxGpuIdLength);
    b.kind = r.name(Key::Kind, OrderKindNames);
    b.placement = r.name(Key::Placement, PlacementNames, Placement::Any);
    b.quantity = qint32(r.number(Key::Gpus, 1, MarketRules::MaxGpusPerOrder));
    b.hours = qint32(r.number(Key::Hours, 1, MarketRules::MaxHours));
    b.limitCents = r.money(Key::Price);
    b.expiresMs =
        r.number(Key::ExpiresAt, 0, Json::MaxExactInteger, WireReader::Presence::Optional);
    b.startMs = readStart(r); // "now" (or none) buys from now
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

namespace {

// A cluster's name, fabric and speed: all three, or (no cluster) none of them.
void writeCluster(QJsonObject &o, const QString &cluster, Fabric fabric, qint32 gbps)
{
    if (cluster.isEmpty())
        return;
    o.insert(Key::Cluster, cluster);
    o.insert(Key::Fabric, nameOf(FabricNames, fabric));
    o.insert(Key::Gbps, gbps);
}

// Reads what writeCluster wrote; a cluster needs a fabric (not "none") and a speed.
void readCluster(WireReader &r, QString *cluster, Fabric *fabric, qint32 *gbps)
{
    *cluster =
        r.text(Key::Cluster, MarketRules::MaxClusterNameLength, WireReader::Presence::Optional);
    if (cluster->isEmpty()) {
        *fabric = r.name(Key::Fabric, FabricNames, Fabric::None);
        if (*fabric != Fabric::None)
            r.fail(Key::Fabric, QStringLiteral("a fabric belongs to a cluster; name the cluster"));
        *gbps = qint32(r.number(Key::Gbps, 0, 0, WireReader::Presence::Optional));
        return;
    }
    *fabric = r.name(Key::Fabric, FabricNames);
    if (*fabric == Fabric::None)
        r.fail(Key::Fabric, QStringLiteral("a cluster's fabric is infiniband, roce or ethernet"));
    *gbps = qint32(r.number(Key::Gbps, 1, MarketRules::MaxFabricGbps));
}

} // namespace

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

QJsonObject toJson(const ListingCluster &request)
{
    QJsonObject o {{Key::ListingId, request.listingId}, {Key::Cluster, request.cluster}};
    writeCluster(o, request.cluster, request.fabric, request.fabricGbps);
    return o;
}

Result<ListingCluster> listingClusterFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::ListingCluster);
    ListingCluster c;
    c.listingId = r.id(Key::ListingId);
    // Required, and empty to leave the cluster.
    if (!r.has(Key::Cluster))
        r.fail(Key::Cluster, QStringLiteral("missing: a cluster's name, or \"\" to leave one"));
    readCluster(r, &c.cluster, &c.fabric, &c.fabricGbps);
    return r.request(c);
}

QJsonObject toJson(const QuoteRequest &request)
{
    QJsonObject o {{Key::Gpu, request.gpu},
                   {Key::Gpus, request.quantity},
                   {Key::Hours, request.hours},
                   {Key::Placement, nameOf(PlacementNames, request.placement)}};
    if (request.startMs != 0)
        o.insert(Key::Start, request.startMs);
    return o;
}

Result<QuoteRequest> quoteRequestFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::MarketQuote);
    QuoteRequest q;
    q.gpu = r.text(Key::Gpu, MarketRules::MaxGpuIdLength);
    q.quantity = qint32(r.number(Key::Gpus, 1, MarketRules::MaxGpusPerOrder));
    q.hours = qint32(r.number(Key::Hours, 1, MarketRules::MaxHours));
    q.placement = r.name(Key::Placement, PlacementNames, Placement::Any);
    q.startMs = readStart(r);
    return r.request(q);
}

QJsonObject toJson(const WindowsRequest &request)
{
    QJsonObject o {{Key::Gpu, request.gpu},
                   {Key::Gpus, request.quantity},
                   {Key::Hours, request.hours},
                   {Key::Placement, nameOf(PlacementNames, request.placement)}};
    if (request.fromMs != 0)
        o.insert(Key::From, request.fromMs);
    if (request.days != 0)
        o.insert(Key::Days, request.days);
    return o;
}

Result<WindowsRequest> windowsRequestFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::MarketWindows);
    WindowsRequest q;
    q.gpu = r.text(Key::Gpu, MarketRules::MaxGpuIdLength);
    q.quantity = qint32(r.number(Key::Gpus, 1, MarketRules::MaxGpusPerOrder));
    q.hours = qint32(r.number(Key::Hours, 1, MarketRules::MaxHours));
    q.placement = r.name(Key::Placement, PlacementNames, Placement::Any);
    // Whether the first start is on the hour and ahead is the engine's to say: it knows the time.
    q.fromMs = r.number(Key::From, 1, Json::MaxExactInteger, WireReader::Presence::Optional);
    q.days =
        qint32(r.number(Key::Days, 1, MarketRules::WindowDays, WireReader::Presence::Optional));
    return r.request(q);
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

QJsonObject toJson(const EmailVerification &verification)
{
    return {{Key::Email, verification.email},
            {Key::Password, verification.password},
            {Key::Code, verification.code}};
}

Result<EmailVerification> emailVerificationFromJson(const QJsonObject &args)
{
    WireReader r = requestReader(args, Op::AuthVerify);
    EmailVerification v;
    v.email = r.text(Key::Email, MarketRules::MaxEmailLength);
    v.password = r.secret(Key::Password, MarketRules::MaxPasswordLength);
    v.code = r.text(Key::Code, MarketRules::VerificationCodeDigits);
    const bool digits = v.code.size() == MarketRules::VerificationCodeDigits
        && std::all_of(v.code.cbegin(), v.code.cend(),
                       [](QChar c) { return c >= u'0' && c <= u'9'; });
    if (!r.failed() && !digits)
        r.fail(Key::Code,
               QStringLiteral("expected %1 digits").arg(MarketRules::VerificationCodeDigits));
    return r.request(v);
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

QJsonObject toJson(const LatePaymentDecision &decision)
{
    QJsonObject o {{Key::PaymentId, decision.paymentId}, {Key::Reason, decision.reason}};
    if (!decision.reference.isEmpty())
        o.insert(Key::Reference, decision.reference);
    return o;
}

Result<LatePaymentDecision> latePaymentDecisionFromJson(const QJsonObject &args,
                                                        QLatin1StringView op)
{
    WireReader r = requestReader(args, op);
    LatePaymentDecision d;
    d.paymentId = r.id(Key::PaymentId);
    if (op == Op::SupportRefundPayment)
        d.reference = r.text(Key::Reference, MarketRules::MaxPayoutReferenceLength);
    d.reason = r.lines(Key::Reason, MarketRules::MaxReasonLength);
    return r.request(d);
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

// Support's workspace (docs/protocol.md "Operations").

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
    if (query.beforeId != 0)
        o.insert(Key::BeforeId, query.beforeId);
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
    q.beforeId = r.number(Key::BeforeId, 1, Json::MaxExactInteger, WireReader::Presence::Optional);
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

} // namespace everx::Wire
