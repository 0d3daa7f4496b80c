// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "loadserver.h"

#include "wire/websockettransport.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QThread>
#include <QtNetwork/QSslCertificate>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>

#include <unistd.h>

namespace everx::loadgen {

namespace {

// A port nobody listens on now (the kernel's choice); the server binds it a moment later.
quint16 freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

bool portAccepts(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    return socket.waitForConnected(200);
}

} // namespace

LocalServer::~LocalServer()
{
    stop();
}

bool LocalServer::start(const ServerStart &start, QString *error)
{
    m_dir = std::make_unique<QTemporaryDir>();
    if (!m_dir->isValid()) {
        *error = QStringLiteral("no temporary folder");
        return false;
    }
    const QString cert = m_dir->filePath(QStringLiteral("cert.pem"));
    const QString key = m_dir->filePath(QStringLiteral("key.pem"));
    QProcess generate;
    generate.start(start.program,
                   {QStringLiteral("--generate-cert"), QStringLiteral("127.0.0.1"),
                    QStringLiteral("--cert"), cert, QStringLiteral("--key"), key});
    if (!generate.waitForFinished(60'000) || generate.exitCode() != 0) {
        *error = QStringLiteral("%1 --generate-cert failed: %2")
                     .arg(start.program, QString::fromLocal8Bit(generate.readAllStandardError()));
        return false;
    }
    m_fingerprint = certificateFingerprint(cert);
    const quint16 port = freePort();
    if (port == 0 || m_fingerprint.isEmpty()) {
        *error = QStringLiteral("no free port, or the certificate cannot be read");
        return false;
    }
    const QString database =
        start.database.isEmpty() ? m_dir->filePath(QStringLiteral("exchange.db")) : start.database;
    const QStringList arguments {
        QStringLiteral("--sandbox"),
        QStringLiteral("--time-scale"),
        start.timeScale,
        QStringLiteral("--listen"),
        QStringLiteral("127.0.0.1"),
        QStringLiteral("--port"),
        QString::number(port),
        QStringLiteral("--cert"),
        cert,
        QStringLiteral("--key"),
        key,
        QStringLiteral("--database"),
        database,
        QStringLiteral("--ledger-key"),
        m_dir->filePath(QStringLiteral("ledger.key")),
        QStringLiteral("--no-admin"),
        // Every session comes from 127.0.0.1 and signs in as the one demo customer.
        QStringLiteral("--max-connections-per-address"),
        QString::number(start.sessions + 16),
        QStringLiteral("--max-open-orders"),
        QStringLiteral("1000000"),
        QStringLiteral("--request-rate"),
        QString::number(start.requestRate),
    };
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setStandardOutputFile(m_dir->filePath(QStringLiteral("server.log")));
    m_process->start(start.program, arguments);
    if (!m_process->waitForStarted(10'000)) {
        *error =
            QStringLiteral("%1 did not start: %2").arg(start.program, m_process->errorString());
        return false;
    }
    // The sandbox backfills weeks of history before it listens.
    QElapsedTimer waited;
    waited.start();
    while (!portAccepts(port)) {
        if (m_process->state() != QProcess::Running || waited.elapsed() > 300'000) {
            *error = QStringLiteral("the server did not come up:\n%1").arg(log());
            return false;
        }
        QThread::msleep(200);
    }
    m_url = QUrl(QStringLiteral("wss://127.0.0.1:%1").arg(port));
    return true;
}

void LocalServer::stop()
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->terminate(); // SIGTERM: the server commits and closes its database
    if (!m_process->waitForFinished(30'000)) {
        m_process->kill();
        m_process->waitForFinished(5'000);
    }
}

qint64 LocalServer::pid() const
{
    return m_process ? m_process->processId() : 0;
}

QString LocalServer::log() const
{
    if (!m_dir)
        return {};
    QFile file(m_dir->filePath(QStringLiteral("server.log")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLocal8Bit(file.readAll().right(4000));
}

ProcessSample sampleProcess(qint64 pid)
{
    ProcessSample s;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (stat.open(QIODevice::ReadOnly)) {
        const QByteArray line = stat.readAll();
        // Fields after the command, which is in parentheses and may hold spaces: state is
        // field 3, utime 14 and stime 15.
        const QList<QByteArray> f = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (f.size() > 12)
            s.cpuTicks = f[11].toLongLong() + f[12].toLongLong();
    }
    QFile schedstat(QStringLiteral("/proc/%1/schedstat").arg(pid));
    if (schedstat.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> f = schedstat.readAll().split(' ');
        s.mainRunNs = f.value(0).toLongLong();
        s.runDelayNs = f.value(1).toLongLong();
    }
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (status.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : status.readAll().split('\n')) {
            const auto kib = [&line] {
                return line.mid(6).trimmed().split(' ').value(0).toLongLong();
            };
            if (line.startsWith("VmRSS:"))
                s.rssKiB = kib();
            else if (line.startsWith("VmHWM:"))
                s.hwmKiB = kib();
        }
    }
    return s;
}

double ticksPerSecond()
{
    return double(sysconf(_SC_CLK_TCK));
}

QByteArray certificateFingerprint(const QString &pemFile)
{
    const QList<QSslCertificate> certificates = QSslCertificate::fromPath(pemFile);
    return certificates.isEmpty() ? QByteArray()
                                  : WebSocketTransport::fingerprint(certificates.first());
}

} // namespace everx::loadgen
