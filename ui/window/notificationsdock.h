// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtWidgets/QDockWidget>

class QCheckBox;
class QPushButton;
class QSystemTrayIcon;
class QTableView;

namespace everx {

class NotificationsModel;

// The notifications dock (docs/architecture.md "The desk"): the list, newest first and unread in
// bold, "Mark all read", and a title that counts the unread ones. Where the desktop has a system
// tray, each new notification is also shown as a tray message unless the user turned that off
// (QSettings notifications/desktop, on by default).
class NotificationsDock final : public QDockWidget
{
    Q_OBJECT

public:
    // How long a notification stays in the system tray's balloon.
    static constexpr int TrayMessageMs = 8000;

    explicit NotificationsDock(NotificationsModel &model, QWidget *parent = nullptr);
    ~NotificationsDock() override;

    bool desktopNotifications() const { return m_desktopOn; }
    void setDesktopNotifications(bool on);
    // Null where there is no system tray.
    QSystemTrayIcon *trayIcon() const { return m_tray; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateTitle();
    void onRowsInserted(int first, int last);

    NotificationsModel &m_model;
    QTableView *m_view = nullptr;
    QPushButton *m_markRead = nullptr;
    QCheckBox *m_desktop = nullptr;
    QSystemTrayIcon *m_tray = nullptr;
    bool m_desktopOn = true;
};

} // namespace everx
