// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// MainWindow, when the exchange ends the account's session by support's decision
// (docs/protocol.md "Session events"): a suspension, or a provider's rejected application. The
// session has signed out already and the desk's models have cleared the account's figures
// (DeskState, the ledger, the notifications); this says why. Part of the window
// (mainwindow.h), in a file of its own.

#include "window/mainwindow.h"

#include "views/notificationsmodel.h"

#include <QtWidgets/QMessageBox>

namespace everx {

namespace {

// Support's reason may hold up to MarketRules::MaxReasonLength characters on many lines: the
// box shows at most this many lines of at most this many characters, so that it stays on a
// 1280x800 screen, and the whole reason under "Show Details..." when that cut something.
constexpr int ShownReasonLines = 6;
constexpr qsizetype ShownReasonLineLength = 160;

QString shownReason(const QString &reason, bool *cut)
{
    QStringList lines;
    *cut = false;
    for (const QString &line : reason.split(u'\n')) {
        const QString text = line.trimmed();
        if (text.isEmpty())
            continue;
        if (lines.size() == ShownReasonLines) {
            *cut = true;
            break;
        }
        const bool longLine = text.size() > ShownReasonLineLength;
        lines.append(longLine ? text.left(ShownReasonLineLength) + u'\u2026' : text);
        *cut = *cut || longLine;
    }
    return lines.join(u'\n');
}

} // namespace

void MainWindow::showSignedOutBySupport(AccountState state, const QString &reason)
{
    const bool suspended = state == AccountState::Suspended;
    bool cut = false;
    const QString shown = shownReason(reason, &cut);
    const QString text = suspended ? tr("Your account was suspended by support.")
                                   : tr("Support rejected your provider application.");
    QString details;
    if (suspended && !shown.isEmpty())
        details = tr("Support's reason: %1").arg(shown) + QStringLiteral("\n\n");
    details += suspended ? tr("You are signed out. The account's open bids were cancelled and its "
                              "listings paused; running rentals run to their end. Contact "
                              "support to have it reactivated.")
                         : tr("You are signed out, and this account cannot sign in again. "
                              "Support can tell you why.");
    const QString status = suspended && !shown.isEmpty()
        ? tr("Your account was suspended by support: %1").arg(reason.simplified())
        : text;
    showMessage(status);
    m_notifications->add(NotificationsModel::SessionEnded, status);

    // One box at a time: a second event (another desk's, a rejection after all) replaces it.
    if (!m_signedOutBox) {
        m_signedOutBox = new QMessageBox(this);
        m_signedOutBox->setObjectName(QStringLiteral("signedOutBySupportMessage"));
        m_signedOutBox->setAttribute(Qt::WA_DeleteOnClose);
        m_signedOutBox->setIcon(QMessageBox::Warning);
        m_signedOutBox->setStandardButtons(QMessageBox::Ok);
    }
    m_signedOutBox->setWindowTitle(suspended ? tr("Account suspended")
                                             : tr("Application rejected"));
    m_signedOutBox->setText(text);
    m_signedOutBox->setInformativeText(details);
    m_signedOutBox->setDetailedText(cut ? reason : QString());
    m_signedOutBox->open();
}

} // namespace everx
