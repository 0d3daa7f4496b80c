// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "views/supporttablemodel.h"

namespace everx {

// Rows without an id of their own get one by their place in the answer.
struct SessionRow
{
    qint64 id = 0;
    SessionInfo session;
};
struct SignInFailureRow
{
    qint64 id = 0;
    SignInFailure failure;
};

// The columns of each of the support workspace's listings (SupportTableModel), defined once.
namespace SupportColumns {
QList<SupportColumn<Account>> accounts();
QList<SupportColumn<LedgerEntry>> ledger();
QList<SupportColumn<BidOrder>> orders();
QList<SupportColumn<Rental>> rentals();
// An account's reserved windows (as customer or as provider): when each starts, for how long, on
// which listing, what it holds and what cancelling it now would cost.
QList<SupportColumn<Rental>> reservations();
QList<SupportColumn<Listing>> listings();
QList<SupportColumn<SessionRow>> sessions();
QList<SupportColumn<SignInFailureRow>> signInFailures();
QList<SupportColumn<SupportNote>> notes();
QList<SupportColumn<AuditRecord>> audit();
QList<SupportColumn<PendingAdjustment>> adjustments();

// Words for people, in the model's context: a role, an account's state, an audit record's
// action, an adjustment's state (the protocol's word for anything this desk does not know).
QString roleText(Role role);
QString accountStateText(AccountState state);
QString actionText(const QString &action);
QString adjustmentStateText(AdjustmentState state);
// An audit record's detail for people, from its fields (docs/protocol.md "Records"): amounts in
// the locale's money, words in the user's language; the server's detail for a record without
// fields (older records, notes).
QString auditDetailText(const AuditRecord &a, const QLocale &locale);
// The account of an adjustment for people: its name and email as the server gave them, else its
// number.
QString adjustmentAccountText(const PendingAdjustment &a, const QLocale &locale);
} // namespace SupportColumns

using AccountSearchModel = SupportTableModel<Account>;
using SupportLedgerModel = SupportTableModel<LedgerEntry>;
using OrderHistoryModel = SupportTableModel<BidOrder>;
using RentalHistoryModel = SupportTableModel<Rental>;
using SupportListingsModel = SupportTableModel<Listing>;
using SessionsModel = SupportTableModel<SessionRow>;
using SignInFailuresModel = SupportTableModel<SignInFailureRow>;
using SupportNotesModel = SupportTableModel<SupportNote>;
using AuditLogModel = SupportTableModel<AuditRecord>;
using PendingAdjustmentsModel = SupportTableModel<PendingAdjustment>;

} // namespace everx
