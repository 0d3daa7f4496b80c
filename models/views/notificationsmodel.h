// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "views/tablemodel.h"

#include <QtCore/QDateTime>
#include <QtCore/QList>
#include <QtCore/QLocale>
#include <QtCore/QString>

#include <functional>

namespace everx {

// The desk's notifications (docs/architecture.md "The desk"): fills, rentals started and ended, low
// balance, as the account channel brings them (DeskState::notification). Newest first; each arrives
// unread until markAllRead(). At most capacity() rows: the oldest go, by exact row removals, and a
// new one is an exact row insertion, never a reset.
//
// The kinds are the protocol's words ("fill", "rental_started", ...) shown in the user's
// language; the text is the server's. Threading: the GUI thread.
class NotificationsModel final : public TableModel
{
    Q_OBJECT

public:
    enum Column { Time, Kind, Text, ColumnCount };
    // The desk's own kind, beside the protocol's: the exchange refused to resume the session.
    static constexpr QLatin1StringView SessionEnded {"session_ended"};
    // RawValueRole (TableModel): time, ms since the epoch; kind, the protocol's word.
    enum Role {
        UnreadRole = RawValueRole + 1, // bool; views show unread rows in bold
    };
    static constexpr int DefaultCapacity = 200;

    struct Entry
    {
        QDateTime time;
        QString kind;
        QString text;
        bool unread = true;
    };

    explicit NotificationsModel(QObject *parent = nullptr);
    ~NotificationsModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;

    // A notification that arrives now, by the clock set below.
    void add(const QString &kind, const QString &text);
    // The clock add() stamps with, in epoch ms: the exchange's (ClientSession::exchangeNowMs),
    // so that notifications read on the same clock as rentals and the ledger. The wall clock
    // until set.
    void setClock(std::function<qint64()> nowMs) { m_nowMs = std::move(nowMs); }
    // One at a given time; it goes above every older one (and above ones of the same time).
    void addAt(const QDateTime &time, const QString &kind, const QString &text);
    const Entry &entry(int row) const { return m_entries[row]; }

    int unreadCount() const { return m_unread; }
    void markAllRead();
    // Removes every row (a sign-out: the next account must not see them).
    void clear();
    // Replaces the rows with entries kept from an earlier run, newest first: those beyond
    // capacity() are dropped. The rows newer than the newest of them stay on top.
    void restore(const QList<Entry> &entries);
    const QList<Entry> &entries() const { return m_entries; }

    void setCapacity(int rows);
    int capacity() const { return m_capacity; }

    // Dates in the user's locale; a change repaints every row once.
    void setLocale(const QLocale &locale);
    // The kinds' words and the headers again, after QEvent::LanguageChange.
    void retranslate();
    // "Fill", "Rental started", ... in the current language; an unknown kind as it came.
    static QString kindText(const QString &kind);

Q_SIGNALS:
    void unreadCountChanged(int count);

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
    void trimToCapacity();

    QList<Entry> m_entries; // row order: newest first
    int m_unread = 0;
    int m_capacity = DefaultCapacity;
    std::function<qint64()> m_nowMs;
    QLocale m_locale;
};

} // namespace everx
