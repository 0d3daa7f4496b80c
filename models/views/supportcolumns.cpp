// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/supportcolumns.h"

#include "market/marketrules.h"

#include "market/gpucatalog.h"
#include "market/money.h"
#include "views/ledgermodel.h"
#include "views/timetext.h"
#include "wire/wirecodec.h"

namespace everx::SupportColumns {

namespace {

QVariant when(qint64 ms, const QLocale &locale)
{
    return ms > 0 ? TimeText::shortDateTime(ms, locale) : QString();
}

QVariant number(qint64 n, const QLocale &locale)
{
    return locale.toString(n);
}

QVariant money(Cents cents, const QLocale &locale)
{
    return Money::format(cents, locale);
}

QString gpuName(const QString &gpu)
{
    return GpuCatalog::builtIn().displayName(gpu);
}

QString orderStateText(OrderState state)
{
    switch (state) {
    case OrderState::Open:
        return QCoreApplication::translate("everx::SupportTableModel", "open", "order state");
    case OrderState::Filled:
        return QCoreApplication::translate("everx::SupportTableModel", "filled", "order state");
    case OrderState::Cancelled:
        return QCoreApplication::translate("everx::SupportTableModel", "cancelled", "order state");
    case OrderState::Expired:
        return QCoreApplication::translate("everx::SupportTableModel", "expired", "order state");
    }
    return {};
}

QString rentalStateText(RentalState state)
{
    switch (state) {
    case RentalState::Running:
        return QCoreApplication::translate("everx::SupportTableModel", "running", "rental state");
    case RentalState::Ended:
        return QCoreApplication::translate("everx::SupportTableModel", "ended", "rental state");
    case RentalState::Stopped:
        return QCoreApplication::translate("everx::SupportTableModel", "stopped", "rental state");
    case RentalState::Reserved:
        return QCoreApplication::translate("everx::SupportTableModel", "reserved", "rental state");
    case RentalState::Cancelled:
        return QCoreApplication::translate("everx::SupportTableModel", "cancelled", "rental state");
    }
    return {};
}

QString listingStateText(ListingState state)
{
    switch (state) {
    case ListingState::Active:
        return QCoreApplication::translate("everx::SupportTableModel", "active", "listing state");
    case ListingState::Paused:
        return QCoreApplication::translate("everx::SupportTableModel", "paused", "listing state");
    case ListingState::Removed:
        return QCoreApplication::translate("everx::SupportTableModel", "removed", "listing state");
    }
    return {};
}

// The columns a rental's every listing shows: its number, GPU, GPUs and price.
SupportColumn<Rental> rentalNumber()
{
    return {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Rental"),
            [](const Rental &r, const QLocale &l) { return number(r.id, l); },
            [](const Rental &r) {
                return QVariant(r.id);
            }};
}

SupportColumn<Rental> rentalGpu()
{
    return {QT_TRANSLATE_NOOP("everx::SupportTableModel", "GPU"),
            [](const Rental &r, const QLocale &) { return QVariant(gpuName(r.gpu)); },
            [](const Rental &r) {
                return QVariant(r.gpu);
            }};
}

SupportColumn<Rental> rentalGpus()
{
    return {QT_TRANSLATE_NOOP("everx::SupportTableModel", "GPUs"),
            [](const Rental &r, const QLocale &l) { return number(r.gpus, l); },
            [](const Rental &r) {
                return QVariant(r.gpus);
            }};
}

SupportColumn<Rental> rentalPrice()
{
    return {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Price"),
            [](const Rental &r, const QLocale &l) { return money(r.priceCents, l); },
            [](const Rental &r) {
                return QVariant(r.priceCents);
            }};
}

} // namespace

QString accountStateText(AccountState state)
{
    switch (state) {
    case AccountState::Active:
        return QCoreApplication::translate("everx::SupportTableModel", "active", "account state");
    case AccountState::Pending:
        return QCoreApplication::translate("everx::SupportTableModel", "pending approval",
                                           "account state: a provider's application");
    case AccountState::Suspended:
        return QCoreApplication::translate("everx::SupportTableModel", "suspended",
                                           "account state");
    case AccountState::Rejected:
        return QCoreApplication::translate("everx::SupportTableModel", "rejected",
                                           "account state: a provider's application");
    case AccountState::Unverified:
        return QCoreApplication::translate("everx::SupportTableModel", "email not confirmed",
                                           "account state: signed up, the address not confirmed");
    }
    return {};
}

QString roleText(Role role)
{
    switch (role) {
    case Role::Customer:
        return QCoreApplication::translate("everx::SupportTableModel", "customer", "account role");
    case Role::Provider:
        return QCoreApplication::translate("everx::SupportTableModel", "provider", "account role");
    case Role::Support:
        return QCoreApplication::translate("everx::SupportTableModel", "support", "account role");
    }
    return {};
}

QString actionText(const QString &action)
{
    if (action == u"account_opened")
        return QCoreApplication::translate("everx::SupportTableModel", "Account opened");
    if (action == u"adjustment")
        return QCoreApplication::translate("everx::SupportTableModel", "Adjustment");
    if (action == u"adjustment_requested")
        return QCoreApplication::translate("everx::SupportTableModel", "Adjustment requested");
    if (action == u"adjustment_approved")
        return QCoreApplication::translate("everx::SupportTableModel", "Adjustment approved");
    if (action == u"adjustment_declined")
        return QCoreApplication::translate("everx::SupportTableModel", "Adjustment declined");
    if (action == u"adjustment_approval_refused")
        return QCoreApplication::translate("everx::SupportTableModel",
                                           "Approval refused: the requester's own adjustment");
    if (action == u"adjustment_decline_refused")
        return QCoreApplication::translate("everx::SupportTableModel",
                                           "Decline refused: the requester's own adjustment");
    if (action == u"note")
        return QCoreApplication::translate("everx::SupportTableModel", "Note");
    if (action == u"suspend")
        return QCoreApplication::translate("everx::SupportTableModel", "Account suspended");
    if (action == u"reactivate")
        return QCoreApplication::translate("everx::SupportTableModel", "Account reactivated");
    if (action == u"application_approved")
        return QCoreApplication::translate("everx::SupportTableModel", "Application approved");
    if (action == u"application_rejected")
        return QCoreApplication::translate("everx::SupportTableModel", "Application rejected");
    if (action == u"payout_paid")
        return QCoreApplication::translate("everx::SupportTableModel", "Payout paid");
    if (action == u"payout_rejected")
        return QCoreApplication::translate("everx::SupportTableModel", "Payout rejected");
    if (action == u"payment_credited")
        return QCoreApplication::translate("everx::SupportTableModel", "Late payment credited");
    if (action == u"payment_refunded")
        return QCoreApplication::translate("everx::SupportTableModel", "Late payment refunded");
    return action;
}

QString auditDetailText(const AuditRecord &a, const QLocale &locale)
{
    if (!a.hasFields())
        return a.detail; // a record from before the fields were stored, or a note's own text
    const QString amount = a.amount != 0 ? Money::format(a.amount, locale, a.currency) : QString();
    const QString adjustment = locale.toString(a.adjustmentId);
    const QString reason = a.reason;
    if (a.action == u"adjustment")
        return QCoreApplication::translate("everx::SupportTableModel", "%1: %2",
                                           "an adjustment: its amount, then its reason")
            .arg(amount, reason);
    if (a.action == u"adjustment_requested")
        return QCoreApplication::translate("everx::SupportTableModel",
                                           "%1: %2 (adjustment %3 waits for a second agent)")
            .arg(amount, reason, adjustment);
    if (a.action == u"adjustment_approved" || a.action == u"adjustment_declined")
        return QCoreApplication::translate(
                   "everx::SupportTableModel", "%1: %2 (adjustment %3 asked for by agent %4)",
                   "an adjustment decided: its amount, the decision's reason, its number, who "
                   "asked for it")
            .arg(amount, reason, adjustment, locale.toString(a.requestedBy));
    if (a.action == u"adjustment_approval_refused" || a.action == u"adjustment_decline_refused")
        return QCoreApplication::translate("everx::SupportTableModel",
                                           "%1 (adjustment %2): its requester may not decide it")
            .arg(amount, adjustment);
    if (a.action == u"suspend")
        return QCoreApplication::translate(
                   "everx::SupportTableModel", "%1, %2: %3",
                   "a suspension: bids cancelled, listings paused, its reason")
            .arg(QCoreApplication::translate("everx::SupportTableModel", "%n bid(s) cancelled", "",
                                             a.bidsCancelled),
                 QCoreApplication::translate("everx::SupportTableModel", "%n listing(s) paused", "",
                                             a.listingsPaused),
                 reason);
    if (a.action == u"payout_paid")
        return QCoreApplication::translate("everx::SupportTableModel",
                                           "Payout %1 of %2 paid, reference %3: %4")
            .arg(locale.toString(a.payoutId), amount, a.reference, reason);
    if (a.action == u"payout_rejected")
        return QCoreApplication::translate("everx::SupportTableModel",
                                           "Payout %1 of %2 rejected: %3")
            .arg(locale.toString(a.payoutId), amount, reason);
    if (a.action == u"payment_credited")
        return QCoreApplication::translate("everx::SupportTableModel",
                                           "Late payment %1 credited %2: %3")
            .arg(locale.toString(a.paymentId), amount, reason);
    if (a.action == u"payment_refunded")
        return QCoreApplication::translate("everx::SupportTableModel",
                                           "Late payment %1 of %2 refunded, reference %3: %4")
            .arg(locale.toString(a.paymentId), amount, a.reference, reason);
    if (a.action == u"reactivate" || a.action == u"application_approved"
        || a.action == u"application_rejected")
        return reason;
    // An action this desk does not know: what it carries, in the user's forms.
    QStringList parts;
    if (!amount.isEmpty())
        parts << amount;
    if (!reason.isEmpty())
        parts << reason;
    return parts.isEmpty() ? a.detail : parts.join(u": ");
}

QString adjustmentAccountText(const PendingAdjustment &a, const QLocale &locale)
{
    if (a.accountEmail.isEmpty())
        return locale.toString(a.accountId);
    if (a.accountName.isEmpty())
        return a.accountEmail;
    return QCoreApplication::translate("everx::SupportTableModel", "%1 <%2>",
                                       "an account: its display name, then its email")
        .arg(a.accountName, a.accountEmail);
}

QString adjustmentStateText(AdjustmentState state)
{
    switch (state) {
    case AdjustmentState::Pending:
        return QCoreApplication::translate("everx::SupportTableModel", "pending",
                                           "adjustment state");
    case AdjustmentState::Approved:
        return QCoreApplication::translate("everx::SupportTableModel", "approved",
                                           "adjustment state");
    case AdjustmentState::Declined:
        return QCoreApplication::translate("everx::SupportTableModel", "declined",
                                           "adjustment state");
    }
    return {};
}

QList<SupportColumn<Account>> accounts()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Account"),
         [](const Account &a, const QLocale &l) { return number(a.id, l); },
         [](const Account &a) {
             return QVariant(a.id);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Email"),
         [](const Account &a, const QLocale &) { return QVariant(a.email); },
         [](const Account &a) {
             return QVariant(a.email);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Name"),
         [](const Account &a, const QLocale &) { return QVariant(a.name); },
         [](const Account &a) {
             return QVariant(a.name);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Company"),
         [](const Account &a, const QLocale &) { return QVariant(a.company); },
         [](const Account &a) {
             return QVariant(a.company);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Role"),
         [](const Account &a, const QLocale &) { return QVariant(roleText(a.role)); },
         [](const Account &a) {
             return QVariant(Wire::roleName(a.role));
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "State"),
         [](const Account &a, const QLocale &) { return QVariant(accountStateText(a.state)); },
         [](const Account &a) {
             return QVariant(Wire::accountStateName(a.state));
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Country"),
         [](const Account &a, const QLocale &) { return QVariant(a.country); },
         [](const Account &a) {
             return QVariant(a.country);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Since"),
         [](const Account &a, const QLocale &l) { return when(a.createdMs, l); },
         [](const Account &a) {
             return QVariant(a.createdMs);
         }},
    };
}

QList<SupportColumn<LedgerEntry>> ledger()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Entry"),
         [](const LedgerEntry &e, const QLocale &l) { return number(e.id, l); },
         [](const LedgerEntry &e) {
             return QVariant(e.id);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Time"),
         [](const LedgerEntry &e, const QLocale &l) { return when(e.timeMs, l); },
         [](const LedgerEntry &e) {
             return QVariant(e.timeMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Kind"),
         [](const LedgerEntry &e, const QLocale &) {
             return QVariant(LedgerModel::kindName(e.kind));
         },
         [](const LedgerEntry &e) {
             return QVariant(e.kind);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Bucket"),
         [](const LedgerEntry &e, const QLocale &) {
             return QVariant(LedgerModel::bucketName(e.bucket));
         },
         [](const LedgerEntry &e) {
             return QVariant(int(e.bucket));
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Amount"),
         [](const LedgerEntry &e, const QLocale &l) { return money(e.amount, l); },
         [](const LedgerEntry &e) {
             return QVariant(e.amount);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Memo"),
         [](const LedgerEntry &e, const QLocale &l) {
             return QVariant(LedgerModel::memoText(e, l));
         },
         [](const LedgerEntry &e) {
             return QVariant(e.memo);
         }},
    };
}

QList<SupportColumn<BidOrder>> orders()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Order"),
         [](const BidOrder &o, const QLocale &l) { return number(o.id, l); },
         [](const BidOrder &o) {
             return QVariant(o.id);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "GPU"),
         [](const BidOrder &o, const QLocale &) { return QVariant(gpuName(o.gpu)); },
         [](const BidOrder &o) {
             return QVariant(o.gpu);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "GPUs"),
         [](const BidOrder &o, const QLocale &l) { return number(o.quantity, l); },
         [](const BidOrder &o) {
             return QVariant(o.quantity);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Filled"),
         [](const BidOrder &o, const QLocale &l) { return number(o.filled, l); },
         [](const BidOrder &o) {
             return QVariant(o.filled);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Price"),
         [](const BidOrder &o, const QLocale &l) { return money(o.limitCents, l); },
         [](const BidOrder &o) {
             return QVariant(o.limitCents);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Hours"),
         [](const BidOrder &o, const QLocale &l) { return number(o.hours, l); },
         [](const BidOrder &o) {
             return QVariant(o.hours);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "State"),
         [](const BidOrder &o, const QLocale &) { return QVariant(orderStateText(o.state)); },
         [](const BidOrder &o) {
             return QVariant(Wire::orderStateName(o.state));
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Placed"),
         [](const BidOrder &o, const QLocale &l) { return when(o.createdMs, l); },
         [](const BidOrder &o) {
             return QVariant(o.createdMs);
         }},
    };
}

QList<SupportColumn<Rental>> rentals()
{
    return {
        rentalNumber(),
        rentalGpu(),
        rentalGpus(),
        rentalPrice(),
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Hours billed"),
         [](const Rental &r, const QLocale &l) {
             return QVariant(QCoreApplication::translate("everx::SupportTableModel", "%1 of %2",
                                                         "hours billed of hours")
                                 .arg(l.toString(r.hoursBilled), l.toString(r.hours)));
         },
         [](const Rental &r) {
             return QVariant(r.hoursBilled);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "State"),
         [](const Rental &r, const QLocale &) { return QVariant(rentalStateText(r.state)); },
         [](const Rental &r) {
             return QVariant(Wire::rentalStateName(r.state));
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Started"),
         [](const Rental &r, const QLocale &l) { return when(r.startedMs, l); },
         [](const Rental &r) {
             return QVariant(r.startedMs);
         }},
    };
}

QList<SupportColumn<Rental>> reservations()
{
    return {
        rentalNumber(),
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Starts"),
         [](const Rental &r, const QLocale &l) { return when(r.startedMs, l); },
         [](const Rental &r) {
             return QVariant(r.startedMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Hours"),
         [](const Rental &r, const QLocale &l) { return number(r.hours, l); },
         [](const Rental &r) {
             return QVariant(r.hours);
         }},
        rentalGpu(),
        rentalGpus(),
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Listing"),
         [](const Rental &r, const QLocale &l) { return number(r.listingId, l); },
         [](const Rental &r) {
             return QVariant(r.listingId);
         }},
        rentalPrice(),
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Held"),
         [](const Rental &r, const QLocale &l) {
             return money(MarketRules::unbilledRemainder(r), l);
         },
         [](const Rental &r) {
             return QVariant(MarketRules::unbilledRemainder(r));
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Cancellation fee"),
         [](const Rental &r, const QLocale &l) { return money(r.cancelFeeCents, l); },
         [](const Rental &r) {
             return QVariant(r.cancelFeeCents);
         }},
    };
}

QList<SupportColumn<Listing>> listings()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Listing"),
         [](const Listing &x, const QLocale &l) { return number(x.id, l); },
         [](const Listing &x) {
             return QVariant(x.id);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "GPU"),
         [](const Listing &x, const QLocale &) { return QVariant(gpuName(x.gpu)); },
         [](const Listing &x) {
             return QVariant(x.gpu);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "GPUs"),
         [](const Listing &x, const QLocale &l) { return number(x.gpuCount, l); },
         [](const Listing &x) {
             return QVariant(x.gpuCount);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Rented"),
         [](const Listing &x, const QLocale &l) { return number(x.rentedGpus, l); },
         [](const Listing &x) {
             return QVariant(x.rentedGpus);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Price"),
         [](const Listing &x, const QLocale &l) { return money(x.askCents, l); },
         [](const Listing &x) {
             return QVariant(x.askCents);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "State"),
         [](const Listing &x, const QLocale &) { return QVariant(listingStateText(x.state)); },
         [](const Listing &x) {
             return QVariant(Wire::listingStateName(x.state));
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Region"),
         [](const Listing &x, const QLocale &) { return QVariant(x.region); },
         [](const Listing &x) {
             return QVariant(x.region);
         }},
    };
}

QList<SupportColumn<SessionRow>> sessions()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Started"),
         [](const SessionRow &s, const QLocale &l) { return when(s.session.startedMs, l); },
         [](const SessionRow &s) {
             return QVariant(s.session.startedMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Last seen"),
         [](const SessionRow &s, const QLocale &l) { return when(s.session.lastSeenMs, l); },
         [](const SessionRow &s) {
             return QVariant(s.session.lastSeenMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Expires"),
         [](const SessionRow &s, const QLocale &l) { return when(s.session.expiresMs, l); },
         [](const SessionRow &s) {
             return QVariant(s.session.expiresMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Address"),
         [](const SessionRow &s, const QLocale &) { return QVariant(s.session.address); },
         [](const SessionRow &s) {
             return QVariant(s.session.address);
         }},
    };
}

QList<SupportColumn<SignInFailureRow>> signInFailures()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Time"),
         [](const SignInFailureRow &f, const QLocale &l) { return when(f.failure.timeMs, l); },
         [](const SignInFailureRow &f) {
             return QVariant(f.failure.timeMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Email"),
         [](const SignInFailureRow &f, const QLocale &) { return QVariant(f.failure.email); },
         [](const SignInFailureRow &f) {
             return QVariant(f.failure.email);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Address"),
         [](const SignInFailureRow &f, const QLocale &) { return QVariant(f.failure.address); },
         [](const SignInFailureRow &f) {
             return QVariant(f.failure.address);
         }},
    };
}

QList<SupportColumn<SupportNote>> notes()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Time"),
         [](const SupportNote &n, const QLocale &l) { return when(n.timeMs, l); },
         [](const SupportNote &n) {
             return QVariant(n.timeMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Agent"),
         [](const SupportNote &n, const QLocale &l) { return number(n.agentId, l); },
         [](const SupportNote &n) {
             return QVariant(n.agentId);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Note"),
         [](const SupportNote &n, const QLocale &) { return QVariant(n.text); },
         [](const SupportNote &n) {
             return QVariant(n.text);
         }},
    };
}

QList<SupportColumn<AuditRecord>> audit()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Record"),
         [](const AuditRecord &a, const QLocale &l) { return number(a.id, l); },
         [](const AuditRecord &a) {
             return QVariant(a.id);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Time"),
         [](const AuditRecord &a, const QLocale &l) { return when(a.timeMs, l); },
         [](const AuditRecord &a) {
             return QVariant(a.timeMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Agent"),
         [](const AuditRecord &a, const QLocale &l) { return number(a.actorId, l); },
         [](const AuditRecord &a) {
             return QVariant(a.actorId);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Account"),
         [](const AuditRecord &a, const QLocale &l) { return number(a.targetId, l); },
         [](const AuditRecord &a) {
             return QVariant(a.targetId);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Action"),
         [](const AuditRecord &a, const QLocale &) { return QVariant(actionText(a.action)); },
         [](const AuditRecord &a) {
             return QVariant(a.action);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Detail"),
         [](const AuditRecord &a, const QLocale &l) { return QVariant(auditDetailText(a, l)); },
         [](const AuditRecord &a) {
             return QVariant(a.detail);
         }},
    };
}

QList<SupportColumn<PendingAdjustment>> adjustments()
{
    return {
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Adjustment"),
         [](const PendingAdjustment &a, const QLocale &l) { return number(a.id, l); },
         [](const PendingAdjustment &a) {
             return QVariant(a.id);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Account"),
         [](const PendingAdjustment &a, const QLocale &l) {
             return QVariant(adjustmentAccountText(a, l));
         },
         [](const PendingAdjustment &a) {
             return QVariant(a.accountId);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Amount"),
         [](const PendingAdjustment &a, const QLocale &l) { return money(a.amountCents, l); },
         [](const PendingAdjustment &a) {
             return QVariant(a.amountCents);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Reason"),
         [](const PendingAdjustment &a, const QLocale &) { return QVariant(a.reason); },
         [](const PendingAdjustment &a) {
             return QVariant(a.reason);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Asked by"),
         [](const PendingAdjustment &a, const QLocale &l) {
             return a.requesterName.isEmpty() ? number(a.requestedBy, l)
                                              : QVariant(a.requesterName);
         },
         [](const PendingAdjustment &a) {
             return QVariant(a.requestedBy);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "Asked at"),
         [](const PendingAdjustment &a, const QLocale &l) { return when(a.requestedMs, l); },
         [](const PendingAdjustment &a) {
             return QVariant(a.requestedMs);
         }},
        {QT_TRANSLATE_NOOP("everx::SupportTableModel", "State"),
         [](const PendingAdjustment &a, const QLocale &) {
             return QVariant(adjustmentStateText(a.state));
         },
         [](const PendingAdjustment &a) {
             return QVariant(Wire::adjustmentStateName(a.state));
         }},
    };
}

} // namespace everx::SupportColumns
