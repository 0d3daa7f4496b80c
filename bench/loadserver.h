// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QProcess>
#include <QtCore/QString>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUrl>

#include <memory>

// everx-loadgen's server: an everx-exchanged --sandbox it starts itself (a free loopback port, a
// generated self-signed certificate, a database and ledger key in a temporary folder; stopped
// at the end), and what /proc says about a server process, whichever started it.
//
// Threading: the main thread only.
namespace everx::loadgen {

struct ServerStart
{
    QString program; // everx-exchanged
    int sessions = 200; // the per-address connection cap is raised to hold them all
    int requestRate = 50; // per connection and second (--request-rate)
    QString timeScale = QStringLiteral("60");
    QString database; // empty: SQLite in the temporary folder
};

class LocalServer
{
public:
    LocalServer() = default;
    ~LocalServer(); // stops the server if it still runs
    LocalServer(const LocalServer &) = delete;
    LocalServer &operator=(const LocalServer &) = delete;

    // Generates the certificate, starts the server and waits until its port takes connections
    // (the sandbox backfills its history first). False with *error on failure.
    bool start(const ServerStart &start, QString *error);
    void stop();

    QUrl url() const { return m_url; }
    QByteArray fingerprint() const { return m_fingerprint; } // lower-case hex SHA-256
    qint64 pid() const;
    // The server's own output (stdout and stderr), for a failure's message.
    QString log() const;

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_process;
    QUrl m_url;
    QByteArray m_fingerprint;
};

// What /proc/PID tells of a process; zeros when it cannot be read.
struct ProcessSample
{
    qint64 cpuTicks = 0; // utime + stime, in clock ticks (sysconf(_SC_CLK_TCK))
    qint64 rssKiB = 0; // VmRSS
    qint64 hwmKiB = 0; // VmHWM, the peak resident size
    // The main thread (on the server, the exchange thread) from /proc/PID/schedstat:
    // nanoseconds it ran, and nanoseconds it was runnable but waited for a CPU.
    qint64 mainRunNs = 0;
    qint64 runDelayNs = 0;
};
ProcessSample sampleProcess(qint64 pid);
double ticksPerSecond();

// A self-signed certificate's fingerprint (the pin) from its PEM file; empty if unreadable.
QByteArray certificateFingerprint(const QString &pemFile);

} // namespace everx::loadgen
