// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/clock.h"

#include <QtCore/QDateTime>

namespace everx {

Clock::~Clock() = default;

qint64 SystemClock::nowMs() const
{
    return QDateTime::currentMSecsSinceEpoch();
}

ScaledClock::ScaledClock(qint64 originMs, qint64 realOriginMs, int factor)
    : m_origin(originMs)
    , m_realOrigin(realOriginMs)
    , m_factor(factor < 1 ? 1 : factor)
{ }

void ScaledClock::rebase(qint64 originMs)
{
    m_origin = originMs;
    m_realOrigin = QDateTime::currentMSecsSinceEpoch();
}

qint64 ScaledClock::nowMs() const
{
    return m_origin + (QDateTime::currentMSecsSinceEpoch() - m_realOrigin) * m_factor;
}

} // namespace everx
