// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QThreadPool>

#include <functional>

namespace everx {

// Verifies and hashes passwords (PasswordHasher::verify and ::hash, scrypt: some 30 MiB and tens of
// milliseconds each) on threads of its own, so that the exchange thread, its matching, billing and
// pushes, never waits for a hash.
//
// Bounded: at most `threads` verifications run at once and at most `maxQueued` wait; verify()
// refuses anything beyond (the caller answers rate_limited), so that a burst of sign-ins costs
// a fixed amount of memory and CPU however large it is.
//
// Threading: owned by and used from one thread (the exchange thread); `done` runs on that thread,
// through its event loop, and only while `context` lives. The destructor waits for the
// verifications that run and drops those that wait.
class HashingPool final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int threads = 2; // verifications at once
        int maxQueued = 32; // waiting for a thread, beyond those that run
    };
    using Done = std::function<void(bool verified)>;
    using Hashed = std::function<void(const QString &encoded)>; // empty: hashing failed

    explicit HashingPool(const Options &options, QObject *parent = nullptr);
    ~HashingPool() override;
    Q_DISABLE_COPY_MOVE(HashingPool)

    // Starts verifying password against encoded (PasswordHasher's form); false, and done is never
    // called, when the pool is full.
    bool verify(const QString &password, const QString &encoded, QObject *context, Done done);
    // Starts hashing a new password (PasswordHasher::hash at that cost), under the same bounds;
    // false, and done is never called, when the pool is full.
    bool hash(const QString &password, int log2N, QObject *context, Hashed done);
    // Verifications submitted and not yet delivered (running, waiting or in the event queue).
    int pending() const { return m_pending; }
    int capacity() const { return m_options.threads + m_options.maxQueued; }

private:
    Options m_options;
    QThreadPool m_pool;
    int m_pending = 0;
};

} // namespace everx
