// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/notificationsdock.h"

#include "trading/timecolumn.h"

#include "views/notificationsmodel.h"
#include "wire/vocabulary.h"

#include <QtCore/QEvent>
#include <QtCore/QSettings>
#include <QtWidgets/QApplication>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QStyle>
#include <QtWidgets/QStyledItemDelegate>
#include <QtWidgets/QSystemTrayIcon>
#include <QtWidgets/QTableView>
#include <QtWidgets/QVBoxLayout>

namespace everx {

namespace {

const QString KeyDesktop = QStringLiteral("notifications/desktop");

// Unread rows in bold; the model has no fonts (it links no GUI).
class UnreadDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(NotificationsModel::UnreadRole).toBool())
            option->font.setBold(true);
    }
};

} // namespace

NotificationsDock::NotificationsDock(NotificationsModel &model, QWidget *parent)
    : QDockWidget(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("notificationsDock")); // saveState() keys docks by object name
    auto *content = new QWidget(this);
    m_view = new QTableView(content);
    m_view->setObjectName(QStringLiteral("notificationsView"));
    m_view->setModel(&model);
    // Unread rows are bold (UnreadDelegate), and new ones come unread.
    TimeColumn::fit(m_view, NotificationsModel::Time)->setBoldRows(true);
    TimeColumn::fitWords(m_view, NotificationsModel::Kind, [] {
        QStringList words {NotificationsModel::kindText(NotificationsModel::SessionEnded)};
        for (const QLatin1StringView kind : NotificationKind::All)
            words << NotificationsModel::kindText(kind);
        return words;
    })->setBoldRows(true);
    m_view->setItemDelegate(new UnreadDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    m_markRead = new QPushButton(content);
    m_markRead->setObjectName(QStringLiteral("markAllRead"));
    m_desktop = new QCheckBox(content);
    m_desktop->setObjectName(QStringLiteral("desktopNotifications"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_markRead);
    row->addWidget(m_desktop);
    row->addStretch();
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    layout->addLayout(row);
    setWidget(content);

    m_desktopOn = QSettings().value(KeyDesktop, true).toBool();
    m_desktop->setChecked(m_desktopOn);
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(this);
        m_tray->setObjectName(QStringLiteral("notificationsTray"));
        const QIcon icon = QApplication::windowIcon();
        m_tray->setIcon(icon.isNull() ? style()->standardIcon(QStyle::SP_MessageBoxInformation)
                                      : icon);
        m_tray->setVisible(m_desktopOn);
        // A click on the message or the icon brings the list up.
        const auto reveal = [this] {
            show();
            raise();
            if (QWidget *top = window()) {
                top->showNormal();
                top->activateWindow();
            }
        };
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, reveal);
        connect(m_tray, &QSystemTrayIcon::activated, this, reveal);
    } else {
        m_desktop->hide(); // nothing to turn on or off
    }

    connect(m_markRead, &QPushButton::clicked, &model, &NotificationsModel::markAllRead);
    connect(m_desktop, &QCheckBox::toggled, this, &NotificationsDock::setDesktopNotifications);
    connect(&model, &NotificationsModel::unreadCountChanged, this, &NotificationsDock::updateTitle);
    connect(&model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) { onRowsInserted(first, last); });
    model.setLocale(locale());
    retranslateUi();
}

NotificationsDock::~NotificationsDock() = default;

void NotificationsDock::setDesktopNotifications(bool on)
{
    if (m_desktopOn != on) {
        m_desktopOn = on;
        QSettings().setValue(KeyDesktop, on);
    }
    m_desktop->setChecked(on);
    if (m_tray)
        m_tray->setVisible(on);
}

void NotificationsDock::onRowsInserted(int first, int last)
{
    if (!m_tray || !m_desktopOn)
        return;
    for (int row = first; row <= last; ++row) {
        const NotificationsModel::Entry &e = m_model.entry(row);
        const QSystemTrayIcon::MessageIcon icon = e.kind == NotificationKind::LowBalance
            ? QSystemTrayIcon::Warning
            : QSystemTrayIcon::Information;
        m_tray->showMessage(NotificationsModel::kindText(e.kind), e.text, icon, TrayMessageMs);
    }
}

void NotificationsDock::updateTitle()
{
    const int unread = m_model.unreadCount();
    setWindowTitle(unread > 0 ? tr("Notifications (%n)", "unread notifications", unread)
                              : tr("Notifications"));
    m_markRead->setEnabled(unread > 0);
    if (m_tray)
        m_tray->setToolTip(windowTitle());
}

void NotificationsDock::retranslateUi()
{
    m_markRead->setText(tr("&Mark all read"));
    m_desktop->setText(tr("Show on the des&ktop"));
    m_model.retranslate();
    updateTitle();
}

void NotificationsDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        m_model.setLocale(locale()); // times in the user's locale
    QDockWidget::changeEvent(event);
}

} // namespace everx
