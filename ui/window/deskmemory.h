// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QString>
#include <QtCore/QTimer>

namespace everx {

class ClientSession;
class DeskState;
class NotificationsModel;

// What the desk remembers from one launch to the next: the selected GPU and the chart's interval
// (QSettings desk/gpu and desk/candleInterval), and each account's last notifications (a JSON
// file per account in the app data folder, at most NotificationsModel::capacity() of them, read
// back when that account signs in, so that the next account never sees them).
//
// Constructed by the desk's main(), after the window: it selects the remembered GPU at once.
// Ownership: refers to the desk, the session and the model, which outlive it (the main window
// owns it). Threading: the GUI thread. A change of the notifications is written at most once
// every SaveDelayMs (a burst of fills is one write, not one each), and before a sign-out empties
// the list, and at exit.
class DeskMemory final : public QObject
{
    Q_OBJECT

public:
    // dataDir: where the notifications' files go; empty: the app data location.
    DeskMemory(DeskState &desk, ClientSession &session, NotificationsModel &notifications,
               const QString &dataDir = {}, QObject *parent = nullptr);
    ~DeskMemory() override;
    Q_DISABLE_COPY_MOVE(DeskMemory)

    // Where an account's notifications are kept.
    QString notificationsPath(qint64 accountId) const;

    static constexpr int SaveDelayMs = 1000;

private:
    void loadNotifications(qint64 accountId);
    // Writes the notifications within SaveDelayMs; flushSave() writes a pending one now.
    void scheduleSave();
    void flushSave();
    void saveNotifications();

    DeskState &m_desk;
    QPointer<ClientSession> m_session;
    NotificationsModel &m_notifications;
    QString m_dataDir;
    qint64 m_accountId = 0; // whose notifications the model shows; 0 before a sign-in
    QTimer m_saveTimer; // single shot: a pending write
};

} // namespace everx
