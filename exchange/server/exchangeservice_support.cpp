// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Support's workspace behind the protocol (docs/protocol.md "Operations"): search, the inspector,
// paged ledger, history and audit, notes, adjustments under dual control and the ledger's full
// verification (support.verify). Part of ExchangeService (exchangeservice.h). Reads are checked
// for the support role here; every change is checked again by the engine, which also writes its
// audit record.

#include "server/exchangeservice.h"

#include "market/threadhandoff.h"

#include "engine/ledgerverifier.h"
#include "server/serverconnection.h"

#include "wire/wirecodec.h"

namespace everx {

using namespace MarketRules;

namespace {

// How many recent failed sign-ins the inspector shows.
constexpr int InspectorSignInFailures = 50;

} // namespace

std::optional<Error> ExchangeService::supportOnly(const ServerConnection &c) const
{
    const std::optional<Account> me = m_engine.account(c.accountId());
    if (!me || me->role != Role::Support)
        return err(ErrorCode::Forbidden, QStringLiteral("support staff only"));
    return std::nullopt;
}

template<typename Query>
Result<Query> ExchangeService::supportQuery(const ServerConnection &c, const QJsonObject &args,
                                            Result<Query> (*read)(const QJsonObject &)) const
{
    if (auto e = supportOnly(c))
        return *e;
    return read(args);
}

template<typename Query>
Result<Query> ExchangeService::supportAccountQuery(const ServerConnection &c,
                                                   const QJsonObject &args,
                                                   Result<Query> (*read)(const QJsonObject &)) const
{
    Result<Query> query = supportQuery(c, args, read);
    if (query && !m_engine.account(query->accountId))
        return err(ErrorCode::UnknownAccount,
                   QStringLiteral("no account %1").arg(query->accountId));
    return query;
}

Result<Reply> ExchangeService::supportSearch(ServerConnection &c, const QJsonObject &args)
{
    const Result<AccountSearch> request = supportQuery(c, args, Wire::accountSearchFromJson);
    if (!request)
        return request.error();
    AccountSearchPage page;
    const QList<qint64> ids = m_engine.database().searchAccounts(
        request->query, request->state, request->page.offset, request->page.limit, &page.total);
    for (const qint64 id : ids) {
        if (const std::optional<Account> a = m_engine.account(id))
            page.accounts.append(*a);
    }
    return Wire::toJson(page);
}

Result<Reply> ExchangeService::supportAccount(ServerConnection &c, const QJsonObject &args)
{
    if (auto e = supportOnly(c))
        return *e;
    const Result<AccountLookup> lookup = Wire::accountLookupFromJson(args);
    if (!lookup)
        return lookup.error();
    const std::optional<Account> a = lookup->accountId ? m_engine.account(lookup->accountId)
                                                       : m_engine.accountByEmail(lookup->email);
    if (!a)
        return err(ErrorCode::UnknownAccount, QStringLiteral("no such account"));
    // Opening an account is audited before anything about it is answered.
    if (const Result<AuditRecord> opened = m_engine.recordAccountOpened(c.accountId(), a->id);
        !opened)
        return opened.error();
    Database &db = m_engine.database();
    AccountInspection i;
    i.account = *a;
    i.balance = m_engine.balance(a->id);
    i.orders = m_engine.openOrders(a->id);
    i.rentals = m_engine.runningRentals(a->id);
    i.listings = m_engine.listings(a->role == Role::Provider ? a->id : -1);
    i.entries = db.entries(a->id, 0, 1000);
    i.audit = db.audit(a->id);
    i.sessions = m_sessions->sessionsOf(a->id);
    i.signInFailures = db.signInFailures(a->id, InspectorSignInFailures);
    i.notes = db.notes(a->id);
    i.adjustments = db.adjustments(a->id, false);
    return Wire::toJson(i);
}

Result<Reply> ExchangeService::supportLedger(ServerConnection &c, const QJsonObject &args)
{
    const Result<LedgerPageQuery> request =
        supportAccountQuery(c, args, Wire::ledgerPageQueryFromJson);
    if (!request)
        return request.error();
    Database &db = m_engine.database();
    LedgerPage page;
    page.entries = db.entriesPage(request->accountId, request->kind, request->page.offset,
                                  request->page.limit, &page.total);
    const LedgerReport r = LedgerVerifier::verifyAccount(db, request->accountId);
    page.chain = ChainCheck {r.entries, r.ok, r.badEntry, r.badAccount, r.problem};
    return Wire::toJson(page);
}

Result<Reply> ExchangeService::supportHistory(ServerConnection &c, const QJsonObject &args)
{
    const Result<HistoryQuery> request = supportAccountQuery(c, args, Wire::historyQueryFromJson);
    if (!request)
        return request.error();
    Database &db = m_engine.database();
    HistoryPage page;
    if (request->kind == HistoryKind::Orders) {
        page.orders = db.ordersPage(request->accountId, request->page.offset, request->page.limit,
                                    &page.total);
    } else {
        page.rentals = db.rentalsPage(request->accountId, request->page.offset, request->page.limit,
                                      &page.total);
        // Access details are the listing's; a running rental's are current in memory.
        for (Rental &r : page.rentals) {
            if (const std::optional<Rental> running = m_engine.runningRental(r.id))
                r = *running;
        }
    }
    return Wire::toJson(page);
}

Result<Reply> ExchangeService::supportNote(ServerConnection &c, const QJsonObject &args)
{
    const Result<NoteRequest> request = Wire::noteRequestFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.addNote(c.accountId(), request->accountId, request->text),
                 [](const SupportNote &n) { return Wire::wrap(n); });
}

Result<Reply> ExchangeService::supportAudit(ServerConnection &c, const QJsonObject &args)
{
    const Result<AuditQuery> request = supportQuery(c, args, Wire::auditQueryFromJson);
    if (!request)
        return request.error();
    AuditPage page;
    page.audit = m_engine.database().auditPage(
        request->agentId, request->accountId, request->fromMs, request->toMs, request->beforeId,
        request->page.offset, request->page.limit, &page.total);
    return Wire::toJson(page);
}

Result<Reply> ExchangeService::supportPending(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::SupportPending); !none)
        return none.error();
    if (auto e = supportOnly(c))
        return *e;
    return Wire::wrapList(m_engine.pendingAdjustments());
}

Result<Reply> ExchangeService::supportAdjust(ServerConnection &c, const QJsonObject &args)
{
    const Result<Adjustment> request = Wire::adjustmentFromJson(args);
    if (!request)
        return request.error();
    return reply(m_engine.requestAdjustment(c.accountId(), request->accountId, request->amountCents,
                                            request->reason),
                 [](const AdjustmentOutcome &o) { return Wire::toJson(o); });
}

Result<Reply> ExchangeService::supportApproveAdjustment(ServerConnection &c,
                                                        const QJsonObject &args)
{
    const Result<AdjustmentDecision> request =
        Wire::adjustmentDecisionFromJson(args, Op::SupportApproveAdjustment);
    if (!request)
        return request.error();
    return reply(m_engine.approveAdjustment(c.accountId(), request->adjustmentId, request->reason),
                 [](const PendingAdjustment &a) { return Wire::wrap(a); });
}

Result<Reply> ExchangeService::supportDeclineAdjustment(ServerConnection &c,
                                                        const QJsonObject &args)
{
    const Result<AdjustmentDecision> request =
        Wire::adjustmentDecisionFromJson(args, Op::SupportDeclineAdjustment);
    if (!request)
        return request.error();
    return reply(m_engine.declineAdjustment(c.accountId(), request->adjustmentId, request->reason),
                 [](const PendingAdjustment &a) { return Wire::wrap(a); });
}

Result<Reply> ExchangeService::supportVerify(ServerConnection &c, const QJsonObject &args)
{
    if (const Result<bool> none = Wire::noArgumentsFromJson(args, Op::SupportVerify); !none)
        return none.error();
    if (m_engine.account(c.accountId())->role != Role::Support)
        return err(ErrorCode::Forbidden, QStringLiteral("support staff only"));
    const auto toCheck = [](const LedgerReport &r) {
        return Wire::toJson(ChainCheck {r.entries, r.ok, r.badEntry, r.badAccount, r.problem});
    };
    const Database::Options database = m_engine.databaseOptions();
    if (database.location == u":memory:") // no other connection sees it: verify here
        return toCheck(LedgerVerifier::verify(m_engine.database(), true));
    if (m_verifying)
        return err(ErrorCode::RateLimited,
                   QStringLiteral("a verification of the ledger is already running"));
    // A full verification reads every entry: on a read-only connection of its own, on a thread
    // of its own, so that matching and pushes go on meanwhile.
    m_verifying = true;
    const PendingReply to = deferReply();
    ThreadHandoff::start(m_verifier, [this, database, key = m_engine.ledgerKey(), to, toCheck] {
        const LedgerReport report = LedgerVerifier::verifyDatabase(database, key);
        ThreadHandoff::post(this, [this, report, to, toCheck] {
            settleInFlight();
            m_verifying = false;
            if (report.ok && m_engine.isOpen())
                m_engine.recordCheckpoint(report.lastEntryId, report.lastHash);
            if (!report.ok)
                qCCritical(lcService).noquote() << "the ledger does not verify:" << report.problem;
            answer(to, toCheck(report));
        });
    });
    return QJsonObject();
}

} // namespace everx
