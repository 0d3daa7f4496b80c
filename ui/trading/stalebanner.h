// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QLocale>
#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtWidgets/QLabel>

namespace everx {

class ClientSession;
class DeskState;

// A banner across the top of a market view (the book ladder, the price and depth charts) while
// what it shows may be out of date (DeskState::isStale()): "Not live since 14:03:21 —
// reconnecting in 4 s", then "resynchronising…" until the fresh snapshots are in, then it hides.
// The view underneath keeps its last figures, marked rather than blanked.
//
// It sits on its target as a child, keeps to the target's width (an event filter on resizes),
// and counts down once a second while shown. Object name: the target's + "StaleBanner".
class StaleBanner final : public QLabel
{
    Q_OBJECT

public:
    StaleBanner(ClientSession &session, DeskState &desk, QWidget *target);
    ~StaleBanner() override;

    // The banner's words: stale since sinceMs (epoch ms), the next attempt at nextAttemptMs
    // (0: none scheduled), the connection up again (waiting for snapshots) or not.
    static QString describe(qint64 sinceMs, qint64 nextAttemptMs, qint64 nowMs, bool connected,
                            const QLocale &locale);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void place();

    QPointer<ClientSession> m_session;
    DeskState &m_desk;
    QWidget *m_target; // the parent
    QTimer m_tick;
};

} // namespace everx
