// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/notificationsmodel.h"

#include "views/timetext.h"
#include "wire/vocabulary.h"

#include <algorithm>
#include <utility>

namespace everx {

namespace {

constexpr TableModel::ColumnTitle NotificationsTitles[] = {
    QT_TRANSLATE_NOOP3("everx::NotificationsModel", "Time", ""),
    QT_TRANSLATE_NOOP3("everx::NotificationsModel", "Kind", "of notification"),
    QT_TRANSLATE_NOOP3("everx::NotificationsModel", "Notification", ""),
};
static_assert(std::size(NotificationsTitles) == NotificationsModel::ColumnCount);

} // namespace

NotificationsModel::NotificationsModel(QObject *parent)
    : TableModel(NotificationsTitles, parent)
{ }

NotificationsModel::~NotificationsModel() = default;

int NotificationsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QString NotificationsModel::kindText(const QString &kind)
{
    if (kind == NotificationKind::Fill)
        return tr("Fill", "notification kind: a bid of the account was filled");
    if (kind == NotificationKind::RentalStarted)
        return tr("Rental started");
    if (kind == NotificationKind::RentalEnded)
        return tr("Rental ended");
    if (kind == NotificationKind::RentalReserved)
        return tr("Window reserved", "notification kind: GPUs reserved for a window ahead");
    if (kind == NotificationKind::ReservationReminder)
        return tr("Window starts soon",
                  "notification kind: a reserved window starts in a day or"
                  " an hour");
    if (kind == NotificationKind::ReservationCancelled)
        return tr("Reservation cancelled",
                  "notification kind: a window reserved ahead was cancelled before its start");
    if (kind == NotificationKind::LowBalance)
        return tr("Low balance", "notification kind: the available balance is low");
    if (kind == NotificationKind::TopUpPending)
        return tr("Top-up pending", "notification kind: a top-up waits for its payment");
    if (kind == NotificationKind::TopUpCredited)
        return tr("Top-up credited", "notification kind: a paid top-up reached the balance");
    if (kind == NotificationKind::TopUpExpired)
        return tr("Top-up expired", "notification kind: a top-up was not paid in time");
    if (kind == NotificationKind::TopUpLate)
        return tr("Top-up paid late",
                  "notification kind: paid after it expired; support credits or refunds it");
    if (kind == NotificationKind::TopUpRefunded)
        return tr("Top-up refunded", "notification kind: support refunded a late payment");
    if (kind == NotificationKind::ApplicationApproved)
        return tr("Application approved",
                  "notification kind: support approved the provider's application");
    if (kind == NotificationKind::ApplicationRejected)
        return tr("Application rejected",
                  "notification kind: support rejected the provider's application");
    if (kind == SessionEnded)
        return tr("Signed out", "notification kind: the exchange ended the session");
    return kind;
}

QVariant NotificationsModel::roleData(int row, int column, int role) const
{
    const Entry &e = m_entries[row];
    switch (role) {
    case UnreadRole:
        return e.unread;
    case Qt::ToolTipRole:
        return column == Text ? QVariant(e.text) : QVariant();
    }
    return {};
}

QVariant NotificationsModel::cell(int row, int column, bool raw) const
{
    const Entry &e = m_entries[row];
    switch (column) {
    case Time:
        return raw ? QVariant(e.time.toMSecsSinceEpoch())
                   : QVariant(TimeText::shortDateTime(e.time.toMSecsSinceEpoch(), m_locale));
    case Kind:
        return raw ? e.kind : kindText(e.kind);
    case Text:
        return e.text;
    }
    return {};
}

void NotificationsModel::add(const QString &kind, const QString &text)
{
    addAt(m_nowMs ? QDateTime::fromMSecsSinceEpoch(m_nowMs(), Qt::UTC)
                  : QDateTime::currentDateTimeUtc(),
          kind, text);
}

void NotificationsModel::addAt(const QDateTime &time, const QString &kind, const QString &text)
{
    // Almost always row 0; a notification older than some shown goes below them.
    const auto at = std::find_if(m_entries.cbegin(), m_entries.cend(),
                                 [&time](const Entry &e) { return e.time <= time; });
    const int row = int(at - m_entries.cbegin());
    if (row >= m_capacity)
        return; // older than everything the model keeps
    beginInsertRows({}, row, row);
    m_entries.insert(row, Entry {time, kind, text, true});
    ++m_unread;
    endInsertRows();
    trimToCapacity();
    Q_EMIT unreadCountChanged(m_unread);
}

void NotificationsModel::markAllRead()
{
    if (m_unread == 0)
        return;
    int first = -1;
    int last = -1;
    for (int row = 0; row < m_entries.size(); ++row) {
        if (!m_entries[row].unread)
            continue;
        m_entries[row].unread = false;
        if (first < 0)
            first = row;
        last = row;
    }
    m_unread = 0;
    Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1), {UnreadRole});
    Q_EMIT unreadCountChanged(0);
}

void NotificationsModel::clear()
{
    if (m_entries.isEmpty())
        return;
    beginRemoveRows({}, 0, int(m_entries.size()) - 1);
    m_entries.clear();
    endRemoveRows();
    if (std::exchange(m_unread, 0) != 0)
        Q_EMIT unreadCountChanged(0);
}

void NotificationsModel::restore(const QList<Entry> &entries)
{
    // Those that arrived since the sign-in (newer than every kept one) stay above them.
    QList<Entry> rows;
    for (const Entry &e : std::as_const(m_entries)) {
        if (entries.isEmpty() || e.time > entries.first().time)
            rows.append(e);
    }
    for (const Entry &e : entries) {
        if (rows.size() >= m_capacity)
            break;
        rows.append(e);
    }
    beginResetModel(); // a load at sign-in, not a refresh: there is no selection to keep
    m_entries = std::move(rows);
    m_unread = int(std::count_if(m_entries.cbegin(), m_entries.cend(),
                                 [](const Entry &e) { return e.unread; }));
    endResetModel();
    Q_EMIT unreadCountChanged(m_unread);
}

void NotificationsModel::setCapacity(int rows)
{
    m_capacity = std::max(1, rows);
    const int before = m_unread;
    trimToCapacity();
    if (m_unread != before)
        Q_EMIT unreadCountChanged(m_unread);
}

void NotificationsModel::trimToCapacity()
{
    if (m_entries.size() <= m_capacity)
        return;
    beginRemoveRows({}, m_capacity, int(m_entries.size()) - 1);
    while (m_entries.size() > m_capacity) {
        if (m_entries.constLast().unread)
            --m_unread;
        m_entries.removeLast();
    }
    endRemoveRows();
}

void NotificationsModel::setLocale(const QLocale &locale)
{
    m_locale = locale;
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0, Time), index(rowCount() - 1, Time));
}

void NotificationsModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0, Kind), index(rowCount() - 1, Kind));
}

} // namespace everx
