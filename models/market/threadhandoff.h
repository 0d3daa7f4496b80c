// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QMetaObject>
#include <QtCore/QObject>
#include <QtCore/QRunnable>
#include <QtCore/QThreadPool>

#include <utility>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define EVERX_THREAD_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define EVERX_THREAD_SANITIZER 1
#endif
#ifdef EVERX_THREAD_SANITIZER
#include <sanitizer/tsan_interface.h>
#endif

namespace everx {

// Hand-overs between threads that ThreadSanitizer cannot see by itself (docs/testing.md
// "ThreadSanitizer"). Qt hands a queued call or a queued signal to another thread under its own
// locks, in Qt's compiled code, which is not instrumented: ThreadSanitizer never learns that what
// the posting thread wrote happens before the call runs, and reports every object a call carries
// as a data race. These say so explicitly, on a channel (any address both threads know). Without
// ThreadSanitizer they compile to nothing.
namespace ThreadHandoff {

// Everything this thread did so far happens before a later acquire() of the channel elsewhere.
inline void release([[maybe_unused]] const void *channel)
{
#ifdef EVERX_THREAD_SANITIZER
    __tsan_release(const_cast<void *>(channel));
#endif
}

inline void acquire([[maybe_unused]] const void *channel)
{
#ifdef EVERX_THREAD_SANITIZER
    __tsan_acquire(const_cast<void *>(channel));
#endif
}

// A call handed to another thread. Qt's invokeMethod() moves the call into the object it posts;
// that move is the last write of the posting thread to it, so each move releases the call's own
// address as it ends, and the call acquires it before it runs (or is dropped) elsewhere.
template<typename F>
class Call
{
public:
    explicit Call(F f)
        : m_f(std::move(f))
    {
        release(this);
    }
    Call(Call &&other) noexcept
        : m_f(std::move(other.m_f))
    {
        release(this);
    }
    Call(const Call &) = delete;
    Call &operator=(const Call &) = delete;
    Call &operator=(Call &&) = delete;
    ~Call() { acquire(this); }

    // Qt may destroy the call on either thread, whichever drops it last: what it did here
    // happens before its destructor there.
    void operator()()
    {
        acquire(this);
        m_f();
        release(this);
    }

private:
    F m_f;
};

// Calls `f` later on `context`'s thread (a queued call), after everything this thread did before
// posting it. Dropped, as any queued call, if `context` is deleted first.
template<typename F>
void post(QObject *context, F f)
{
    QMetaObject::invokeMethod(context, Call<F>(std::move(f)), Qt::QueuedConnection);
}

// The same, and waits until it has run (Qt::BlockingQueuedConnection); what it did happens before
// this returns.
template<typename F>
void postAndWait(QObject *context, F f)
{
    auto run = [context, call = std::move(f)]() mutable {
        call();
        release(context);
    };
    QMetaObject::invokeMethod(context, Call<decltype(run)>(std::move(run)),
                              Qt::BlockingQueuedConnection);
    acquire(context);
}

// Runs `f` on one of the pool's threads, after everything this thread did before starting it.
// QThreadPool hands its tasks over under its own locks, as the event loop does queued calls.
template<typename F>
void start(QThreadPool &pool, F f)
{
    class Task final : public QRunnable
    {
    public:
        explicit Task(F task)
            : m_f(std::move(task))
        { }
        ~Task() override { acquire(this); }
        void run() override
        {
            acquire(this);
            m_f();
        }

    private:
        F m_f;
    };
    auto *task = new Task(std::move(f)); // the pool deletes it once it has run
    release(task);
    pool.start(task);
}

} // namespace ThreadHandoff

} // namespace everx
