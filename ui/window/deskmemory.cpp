// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/deskmemory.h"

#include "market/candleinterval.h"
#include "market/gpucatalog.h"
#include "views/deskstate.h"
#include "views/notificationsmodel.h"
#include "wire/clientsession.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QSaveFile>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>

namespace everx {

namespace {
const QString GpuKey = QStringLiteral("desk/gpu");
const QString IntervalKey = QStringLiteral("desk/candleInterval");
// A kept file larger than this is not ours: 200 notifications of a few hundred bytes each.
constexpr qint64 MaxNotificationsFileBytes = 4 * 1024 * 1024;
} // namespace

DeskMemory::DeskMemory(DeskState &desk, ClientSession &session, NotificationsModel &notifications,
                       const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_desk(desk)
    , m_session(&session)
    , m_notifications(notifications)
    , m_dataDir(dataDir.isEmpty()
                    ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                    : dataDir)
{
    QSettings settings;
    if (const auto interval = CandleIntervals::fromName(settings.value(IntervalKey).toString()))
        desk.setCandleInterval(*interval);
    // Only a GPU the catalog knows: the settings file is the user's to edit.
    const QString gpu = settings.value(GpuKey).toString();
    if (GpuCatalog::builtIn().find(gpu))
        desk.selectGpu(gpu);
    connect(&desk, &DeskState::selectedGpuChanged, this,
            [](const QString &selected) { QSettings().setValue(GpuKey, selected); });
    connect(&desk, &DeskState::candleIntervalChanged, this, [](CandleInterval interval) {
        QSettings().setValue(IntervalKey, CandleIntervals::name(interval));
    });

    connect(&session, &ClientSession::signedIn, this,
            [this](const Account &account) { loadNotifications(account.id); });
    connect(&session, &ClientSession::signedOut, this, [this] { m_accountId = 0; });
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(SaveDelayMs);
    connect(&m_saveTimer, &QTimer::timeout, this, &DeskMemory::saveNotifications);
    connect(&notifications, &QAbstractItemModel::rowsInserted, this, &DeskMemory::scheduleSave);
    // Rows go when the oldest make room (kept) or when a sign-out empties the list, which the
    // window does before this hears of the sign-out: that is no reason to forget them, so what
    // was pending is written while the rows are still there.
    connect(&notifications, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) {
                if (first == 0 && last == m_notifications.rowCount() - 1)
                    flushSave();
            });
    connect(&notifications, &QAbstractItemModel::rowsRemoved, this, [this] {
        if (m_notifications.rowCount() > 0)
            scheduleSave();
    });
    connect(&notifications, &QAbstractItemModel::dataChanged, this, &DeskMemory::scheduleSave);
    if (session.state() == ClientSession::State::SignedIn)
        loadNotifications(session.account().id);
}

DeskMemory::~DeskMemory()
{
    flushSave();
}

QString DeskMemory::notificationsPath(qint64 accountId) const
{
    return m_dataDir + QStringLiteral("/notifications-%1.json").arg(accountId);
}

void DeskMemory::loadNotifications(qint64 accountId)
{
    flushSave(); // the last account's, if any
    m_accountId = 0; // no saving while the kept ones are read in
    QList<NotificationsModel::Entry> kept;
    QFile file(notificationsPath(accountId));
    if (file.size() <= MaxNotificationsFileBytes && file.open(QIODevice::ReadOnly)) {
        // Newest first, as saved; anything malformed is skipped, not trusted.
        const QJsonArray entries = QJsonDocument::fromJson(file.readAll()).array();
        for (const QJsonValue &value : entries) {
            const QJsonObject o = value.toObject();
            const QDateTime time = QDateTime::fromMSecsSinceEpoch(
                qint64(o.value(QStringLiteral("time")).toDouble(-1)), Qt::UTC);
            const QString kind = o.value(QStringLiteral("kind")).toString();
            if (o.value(QStringLiteral("time")).toDouble(-1) < 0 || kind.isEmpty()
                || (!kept.isEmpty() && time > kept.last().time))
                continue;
            kept.append({time, kind, o.value(QStringLiteral("text")).toString(),
                         o.value(QStringLiteral("unread")).toBool()});
            if (kept.size() >= m_notifications.capacity())
                break;
        }
    }
    if (!kept.isEmpty())
        m_notifications.restore(kept);
    m_accountId = accountId;
    scheduleSave();
}

void DeskMemory::scheduleSave()
{
    if (m_accountId != 0 && !m_saveTimer.isActive())
        m_saveTimer.start();
}

void DeskMemory::flushSave()
{
    if (m_saveTimer.isActive()) {
        m_saveTimer.stop();
        saveNotifications();
    }
}

void DeskMemory::saveNotifications()
{
    if (m_accountId == 0)
        return;
    QJsonArray entries;
    for (const NotificationsModel::Entry &e : m_notifications.entries()) {
        entries.append(QJsonObject {{QStringLiteral("time"), double(e.time.toMSecsSinceEpoch())},
                                    {QStringLiteral("kind"), e.kind},
                                    {QStringLiteral("text"), e.text},
                                    {QStringLiteral("unread"), e.unread}});
    }
    const QString path = notificationsPath(m_accountId);
    QDir().mkpath(QFileInfo(path).absolutePath());
    // Whole or not at all: a crash mid-write keeps the last complete file.
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(QJsonDocument(entries).toJson(QJsonDocument::Compact));
        file.commit();
    }
}

} // namespace everx
