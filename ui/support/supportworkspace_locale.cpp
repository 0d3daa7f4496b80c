// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// SupportWorkspace in its user's locale and language: every listing, the inspector's profile and
// balances, and the ledger's kind filter.

#include "support/supportworkspace.h"

#include "ui_supportworkspace.h"

#include "market/money.h"
#include "views/ledgermodel.h"
#include "views/timetext.h"

#include <algorithm>

namespace everx {

void SupportWorkspace::applyLocale()
{
    const QLocale l = locale();
    m_results.setLocale(l);
    m_ledger.setLocale(l);
    m_orders.setLocale(l);
    m_rentals.setLocale(l);
    m_reservations.setLocale(l);
    m_listings.setLocale(l);
    m_sessions.setLocale(l);
    m_failures.setLocale(l);
    m_notes.setLocale(l);
    m_accountAudit.setLocale(l);
    m_pending.setLocale(l);
    m_payouts.setLocale(l);
    m_latePayments.setLocale(l);
    m_audit.setLocale(l);
    QStringList kinds;
    for (int i = 1; i < m_ui->ledgerKindCombo->count(); ++i)
        kinds << m_ui->ledgerKindCombo->itemData(i).toString();
    fillLedgerKinds(kinds);
    // The audit log's bounds read as the listings' times do.
    for (QDateTimeEdit *edit : {m_ui->auditFromEdit, m_ui->auditToEdit})
        edit->setDisplayFormat(TimeText::shortDateTimeFormat(l));
    showProfile();
    updatePaging();
}

void SupportWorkspace::fillLedgerKinds(const QStringList &kinds)
{
    // Words for people; the filter still asks by code (the item's data).
    QComboBox *combo = m_ui->ledgerKindCombo;
    const QString current = combo->currentData().toString();
    combo->clear();
    combo->addItem(tr("All kinds"), QString());
    for (const QString &kind : kinds)
        combo->addItem(LedgerModel::kindName(kind), kind);
    combo->setCurrentIndex(std::max(0, combo->findData(current)));
}

void SupportWorkspace::showProfile()
{
    if (m_account.id == 0)
        return;
    const Account &a = m_account;
    m_ui->profileLabel->setText(tr("Account %1: %2, %3, %4, since %5")
                                    .arg(locale().toString(a.id), a.email,
                                         SupportColumns::roleText(a.role), a.country,
                                         TimeText::shortDateTime(a.createdMs, locale())));
    const Balance &b = m_balance;
    // A provider's earnings and what waits to be paid out are its own buckets (not spendable).
    m_ui->balancesLabel->setText(
        a.role == Role::Provider
            ? tr("Available %1, held %2, earnings %3, payout pending %4")
                  .arg(Money::format(b.available, locale()), Money::format(b.held, locale()),
                       Money::format(b.earnings, locale()),
                       Money::format(b.payoutPending, locale()))
            : tr("Available %1, held %2")
                  .arg(Money::format(b.available, locale()), Money::format(b.held, locale())));
}

} // namespace everx
