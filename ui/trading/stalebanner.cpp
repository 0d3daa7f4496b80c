// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/stalebanner.h"

#include "views/deskstate.h"
#include "wire/clientsession.h"

#include <QtCore/QDateTime>
#include <QtCore/QEvent>

#include <cmath>

namespace everx {

StaleBanner::StaleBanner(ClientSession &session, DeskState &desk, QWidget *target)
    : QLabel(target)
    , m_session(&session)
    , m_desk(desk)
    , m_target(target)
{
    setObjectName(target->objectName() + QStringLiteral("StaleBanner"));
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setMargin(6);
    setAutoFillBackground(true);
    // Amber on any theme: a warning, legible over the chart or the ladder it covers.
    setStyleSheet(QStringLiteral("background-color: rgba(255, 193, 7, 230); color: #212121;"));
    hide();
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &StaleBanner::refresh);
    connect(&desk, &DeskState::staleChanged, this, &StaleBanner::refresh);
    connect(&session, &ClientSession::stateChanged, this, &StaleBanner::refresh);
    connect(&session, &ClientSession::reconnectScheduled, this, &StaleBanner::refresh);
    target->installEventFilter(this);
    refresh();
}

StaleBanner::~StaleBanner() = default;

QString StaleBanner::describe(qint64 sinceMs, qint64 nextAttemptMs, qint64 nowMs, bool connected,
                              const QLocale &locale)
{
    const QString since =
        tr("Not live since %1")
            .arg(locale.toString(QDateTime::fromMSecsSinceEpoch(sinceMs).toLocalTime().time(),
                                 QLocale::LongFormat));
    if (connected)
        return tr("%1 \u2014 resynchronising\u2026").arg(since);
    if (nextAttemptMs <= 0)
        return tr("%1 \u2014 reconnecting\u2026").arg(since);
    const int seconds = int(std::ceil(double(std::max<qint64>(0, nextAttemptMs - nowMs)) / 1000));
    return tr("%1 \u2014 reconnecting in %n s", "", seconds).arg(since);
}

void StaleBanner::refresh()
{
    const bool stale = m_desk.isStale() && m_session;
    if (!stale) {
        m_tick.stop();
        hide();
        return;
    }
    const ClientSession::State state = m_session->state();
    const bool connected =
        state == ClientSession::State::Connected || state == ClientSession::State::SignedIn;
    setText(describe(m_desk.staleSinceMs(), m_session->nextAttemptMs(),
                     QDateTime::currentMSecsSinceEpoch(), connected, locale()));
    if (!m_tick.isActive())
        m_tick.start();
    place();
    show();
    raise();
}

void StaleBanner::place()
{
    setGeometry(0, 0, m_target->width(), heightForWidth(m_target->width()));
}

bool StaleBanner::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_target && event->type() == QEvent::Resize && isVisible())
        place();
    return QLabel::eventFilter(watched, event);
}

void StaleBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        refresh();
    QLabel::changeEvent(event);
}

} // namespace everx
