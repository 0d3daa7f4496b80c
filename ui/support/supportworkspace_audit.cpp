// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// SupportWorkspace's audit log: searched by agent, account and time, paged by cursor.

#include "support/supportworkspace.h"

#include "wire/clientsession.h"

#include "ui_supportworkspace.h"

#include <QtWidgets/QPushButton>

namespace everx {

namespace {

// An id typed into a filter: empty is "any" (0); anything else must be a positive number.
std::optional<qint64> filterId(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return 0;
    bool ok = false;
    const qint64 id = t.toLongLong(&ok);
    return ok && id > 0 ? std::optional<qint64>(id) : std::nullopt;
}

} // namespace

void SupportWorkspace::setUpAuditLog()
{
    connect(m_ui->auditSearchButton, &QPushButton::clicked, this, &SupportWorkspace::searchAudit);
    connect(m_ui->nextAuditButton, &QPushButton::clicked, this, &SupportWorkspace::nextAuditPage);
    connect(m_ui->prevAuditButton, &QPushButton::clicked, this,
            &SupportWorkspace::previousAuditPage);
}

void SupportWorkspace::searchAudit()
{
    m_auditBefore = 0;
    m_auditCursors.clear();
    m_auditPage.offset = 0;
    loadAudit();
}

void SupportWorkspace::nextAuditPage()
{
    if (m_audit.rowCount() == 0)
        return;
    m_auditCursors.append(m_auditBefore);
    // The page shown is newest first: its last row is the oldest record shown.
    m_auditBefore = m_audit.record(m_audit.rowCount() - 1).id;
    m_auditPage.offset += PageSize;
    loadAudit();
}

void SupportWorkspace::previousAuditPage()
{
    if (m_auditCursors.isEmpty())
        return;
    m_auditBefore = m_auditCursors.takeLast();
    m_auditPage.offset = std::max<qint64>(0, m_auditPage.offset - PageSize);
    loadAudit();
}

void SupportWorkspace::loadAudit()
{
    const std::optional<qint64> agent = filterId(m_ui->auditAgentEdit->text());
    const std::optional<qint64> account = filterId(m_ui->auditAccountEdit->text());
    if (!agent || !account) {
        showStatus(tr("An agent or account is its number, or empty for any."));
        return;
    }
    AuditQuery query;
    query.agentId = *agent;
    query.accountId = *account;
    if (m_ui->auditSinceCheck->isChecked())
        query.fromMs = m_ui->auditFromEdit->dateTime().toMSecsSinceEpoch();
    if (m_ui->auditUntilCheck->isChecked())
        query.toMs = m_ui->auditToEdit->dateTime().toMSecsSinceEpoch();
    query.beforeId = m_auditBefore;
    query.page = {0, PageSize};
    m_client.auditLog(query, this, [this](Result<AuditPage> page) {
        if (!page)
            return showError(page.error());
        m_audit.replaceAll(page->audit);
        m_auditPage.total = page->total;
        updatePaging();
        // The last page: no record before its last row (a full page may still be the last one,
        // which the next page then shows empty).
        m_ui->nextAuditButton->setEnabled(m_ui->nextAuditButton->isEnabled()
                                          && page->audit.size() == PageSize);
        Q_EMIT answered();
    });
}

void SupportWorkspace::resetAuditDates()
{
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(m_session.exchangeNowMs());
    m_ui->auditFromEdit->setDateTime(now.addDays(-7));
    m_ui->auditToEdit->setDateTime(now);
}

} // namespace everx
