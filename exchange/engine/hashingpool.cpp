// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/hashingpool.h"

#include "market/threadhandoff.h"

#include "engine/passwordhasher.h"

#include <QtCore/QPointer>

namespace everx {

HashingPool::HashingPool(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{
    m_options.threads = std::max(1, m_options.threads);
    m_options.maxQueued = std::max(0, m_options.maxQueued);
    m_pool.setMaxThreadCount(m_options.threads);
    m_pool.setObjectName(QStringLiteral("everx-hashing"));
}

HashingPool::~HashingPool()
{
    m_pool.clear();
    m_pool.waitForDone();
}

bool HashingPool::verify(const QString &password, const QString &encoded, QObject *context,
                         Done done)
{
    if (m_pending >= capacity())
        return false;
    ++m_pending;
    // The worker posts the outcome back to this object's thread; a queued call to an object
    // that is gone by then is dropped by Qt, and the pool outlives its workers (destructor).
    ThreadHandoff::start(m_pool,
                         [this, password, encoded, target = QPointer<QObject>(context),
                          callback = std::move(done)]() mutable {
                             const bool verified = PasswordHasher::verify(password, encoded);
                             ThreadHandoff::post(
                                 this, [this, verified, target, deliver = std::move(callback)] {
                                     --m_pending;
                                     if (target)
                                         deliver(verified);
                                 });
                         });
    return true;
}

bool HashingPool::hash(const QString &password, int log2N, QObject *context, Hashed done)
{
    if (m_pending >= capacity())
        return false;
    ++m_pending;
    ThreadHandoff::start(m_pool,
                         [this, password, log2N, target = QPointer<QObject>(context),
                          callback = std::move(done)]() mutable {
                             const QString encoded = PasswordHasher::hash(password, log2N);
                             ThreadHandoff::post(
                                 this, [this, encoded, target, deliver = std::move(callback)] {
                                     --m_pending;
                                     if (target)
                                         deliver(encoded);
                                 });
                         });
    return true;
}

} // namespace everx
