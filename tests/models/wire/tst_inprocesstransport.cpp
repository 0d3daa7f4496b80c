// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/inprocesstransport.h"

#include "market/threadhandoff.h"
#include "wire/protocol.h"

#include <QtCore/QThread>
#include <QtTest/QtTest>

#include <atomic>
#include <memory>

using namespace Qt::StringLiterals;
using everx::InProcessTransport;

namespace {

// Runs the server end of a pair in its own thread, like the embedded exchange, and deletes it
// there when the test ends.
class ServerThread final
{
public:
    ServerThread() { m_thread.start(); }
    ~ServerThread()
    {
        m_thread.quit();
        m_thread.wait();
    }
    Q_DISABLE_COPY_MOVE(ServerThread)

    // Moves `end` into the thread; it is deleted there when the thread finishes.
    void adopt(InProcessTransport *end)
    {
        end->moveToThread(&m_thread);
        // Deleted where it lives; a Call, so that ThreadSanitizer sees this thread's writes to
        // it happen before (models/market/threadhandoff.h).
        QObject::connect(&m_thread, &QThread::finished, end,
                         everx::ThreadHandoff::Call([end] { delete end; }));
    }
    QThread *thread() { return &m_thread; }

private:
    QThread m_thread;
};

} // namespace

class TestInProcessTransport final : public QObject
{
    Q_OBJECT

private slots:
    void framesArriveInOrderAcrossThreads();
    void serverEndIsOpenFromTheStart();
    void closePropagatesToBothEnds();
    void framesBeforeCloseArriveBeforeDisconnect();
    void nothingArrivesAfterClose();
    void destroyingOneEndDisconnectsTheOther();
    void openOnOrphanedEnd();
    void simultaneousCloseReportsOnce();
    void oversizedFramesAreDelivered();
    void peerName();
};

void TestInProcessTransport::framesArriveInOrderAcrossThreads()
{
    ServerThread worker;
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> clientOwner(client);
    std::atomic<int> wrongThread {0};
    QThread *const serverThread = worker.thread();
    // Echo from the server's thread. A direct connection runs the lambda in the thread that
    // emits textReceived(), so this also checks that the server end emits in its own thread.
    connect(
        server, &everx::Transport::textReceived, server,
        [server = server, serverThread, &wrongThread](const QString &frame) {
            if (QThread::currentThread() != serverThread)
                ++wrongThread;
            server->sendText(u"echo "_s + frame);
        },
        Qt::DirectConnection);
    worker.adopt(server);

    QSignalSpy connected(client, &everx::Transport::connected);
    QSignalSpy received(client, &everx::Transport::textReceived);
    std::atomic<int> clientWrongThread {0};
    connect(
        client, &everx::Transport::textReceived, this,
        [&clientWrongThread] {
            if (QThread::currentThread() != QCoreApplication::instance()->thread())
                ++clientWrongThread;
        },
        Qt::DirectConnection);
    QVERIFY(!client->isConnected());
    client->open();
    QVERIFY(connected.wait());
    QVERIFY(client->isConnected());

    constexpr int Count = 2000;
    for (int i = 0; i < Count; ++i)
        client->sendText(QString::number(i));
    QTRY_COMPARE_WITH_TIMEOUT(received.size(), Count, 10'000);

    for (int i = 0; i < Count; ++i)
        QCOMPARE(received.at(i).at(0).toString(), u"echo "_s + QString::number(i));
    QCOMPARE(wrongThread.load(), 0);
    QCOMPARE(clientWrongThread.load(), 0);
}

void TestInProcessTransport::serverEndIsOpenFromTheStart()
{
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client), s(server);
    QVERIFY(server->isConnected());
    QVERIFY(!client->isConnected());
    QSignalSpy serverConnected(server, &everx::Transport::connected);
    server->open(); // nothing to do on the server end
    QSignalSpy received(client, &everx::Transport::textReceived);
    server->sendText(u"early"_s); // e.g. a greeting before the client called open()
    QVERIFY(received.wait());
    QCOMPARE(received.at(0).at(0).toString(), u"early"_s);
    QCOMPARE(serverConnected.size(), 0);
}

void TestInProcessTransport::closePropagatesToBothEnds()
{
    ServerThread worker;
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client);
    // The server end's disconnected() is emitted in the worker thread; a lambda with this test
    // as context takes it over to the test's thread (QSignalSpy is not for other threads).
    QList<std::pair<int, QString>> serverDisconnected;
    connect(server, &everx::Transport::disconnected, this,
            [&serverDisconnected](int code, const QString &reason) {
                serverDisconnected.append({code, reason});
            });
    worker.adopt(server);
    QSignalSpy connected(client, &everx::Transport::connected);
    QSignalSpy clientDisconnected(client, &everx::Transport::disconnected);
    client->open();
    QVERIFY(connected.wait());

    client->close(4000, u"bye"_s);
    QVERIFY(!client->isConnected()); // at once, before the event loop runs
    QTRY_COMPARE(clientDisconnected.size(), 1);
    QTRY_COMPARE(serverDisconnected.size(), 1);
    QCOMPARE(clientDisconnected.at(0).at(0).toInt(), 4000);
    QCOMPARE(clientDisconnected.at(0).at(1).toString(), u"bye"_s);
    QCOMPARE(serverDisconnected.at(0).first, 4000);
    QCOMPARE(serverDisconnected.at(0).second, u"bye"_s);
    client->close(); // a second close does nothing
    QTest::qWait(20);
    QCOMPARE(clientDisconnected.size(), 1);
}

void TestInProcessTransport::framesBeforeCloseArriveBeforeDisconnect()
{
    ServerThread worker;
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client);
    // The server answers "go" with three frames and a close, all from its own thread.
    connect(server, &everx::Transport::textReceived, server, [server = server] {
        server->sendText(u"1"_s);
        server->sendText(u"2"_s);
        server->sendText(u"3"_s);
        server->close(1009, u"too big"_s);
    });
    worker.adopt(server);

    QStringList events;
    connect(client, &everx::Transport::textReceived, this,
            [&events](const QString &frame) { events << frame; });
    connect(client, &everx::Transport::disconnected, this,
            [&events](int code, const QString &) { events << u"closed %1"_s.arg(code); });
    QSignalSpy connected(client, &everx::Transport::connected);
    client->open();
    QVERIFY(connected.wait());
    client->sendText(u"go"_s);
    QTRY_COMPARE(events.size(), 4);
    QCOMPARE(events, (QStringList {u"1"_s, u"2"_s, u"3"_s, u"closed 1009"_s}));
}

void TestInProcessTransport::nothingArrivesAfterClose()
{
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client), s(server);
    QSignalSpy connected(client, &everx::Transport::connected);
    client->open();
    QVERIFY(connected.wait());
    QSignalSpy serverReceived(server, &everx::Transport::textReceived);
    QSignalSpy clientReceived(client, &everx::Transport::textReceived);
    QSignalSpy serverDisconnected(server, &everx::Transport::disconnected);
    server->sendText(u"in flight"_s); // posted before the close: dropped, the client closed
    client->close();
    client->sendText(u"after close"_s);
    server->sendText(u"after close"_s);
    QVERIFY(serverDisconnected.wait());
    QTest::qWait(20);
    QCOMPARE(serverReceived.size(), 0);
    QCOMPARE(clientReceived.size(), 0);
    QVERIFY(!server->isConnected());
}

void TestInProcessTransport::destroyingOneEndDisconnectsTheOther()
{
    auto worker = std::make_unique<ServerThread>();
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client);
    worker->adopt(server);
    QSignalSpy connected(client, &everx::Transport::connected);
    QSignalSpy disconnected(client, &everx::Transport::disconnected);
    client->open();
    QVERIFY(connected.wait());
    worker.reset(); // the thread finishes and deletes the server end there
    QVERIFY(disconnected.wait());
    QCOMPARE(disconnected.at(0).at(0).toInt(), 1001);
    QVERIFY(!client->isConnected());
    client->sendText(u"into the void"_s); // no crash, nothing happens
}

void TestInProcessTransport::openOnOrphanedEnd()
{
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client);
    delete server;
    QSignalSpy connected(client, &everx::Transport::connected);
    QSignalSpy error(client, &everx::Transport::errorOccurred);
    QSignalSpy disconnected(client, &everx::Transport::disconnected);
    client->open();
    QCOMPARE(disconnected.size(), 0); // queued, like a socket's
    QVERIFY(disconnected.wait());
    QCOMPARE(error.size(), 1);
    QCOMPARE(connected.size(), 0);
    QVERIFY(!client->isConnected());
    QTest::qWait(20);
    QCOMPARE(disconnected.size(), 1);
}

void TestInProcessTransport::simultaneousCloseReportsOnce()
{
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client), s(server);
    QSignalSpy connected(client, &everx::Transport::connected);
    client->open();
    QVERIFY(connected.wait());
    QSignalSpy clientDisconnected(client, &everx::Transport::disconnected);
    QSignalSpy serverDisconnected(server, &everx::Transport::disconnected);
    client->close(1000, u"client"_s);
    server->close(1008, u"server"_s);
    QTRY_COMPARE(clientDisconnected.size(), 1);
    QTRY_COMPARE(serverDisconnected.size(), 1);
    QTest::qWait(20);
    QCOMPARE(clientDisconnected.size(), 1);
    QCOMPARE(serverDisconnected.size(), 1);
    // The client closed first: its close reached the server before the server's own.
    QCOMPARE(clientDisconnected.at(0).at(1).toString(), u"client"_s);
    QCOMPARE(serverDisconnected.at(0).at(1).toString(), u"client"_s);
}

void TestInProcessTransport::oversizedFramesAreDelivered()
{
    // The in-process transport does not enforce Protocol::MaxFrameBytes; the server's
    // connection does, for every transport (see inprocesstransport.h).
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client), s(server);
    QSignalSpy connected(client, &everx::Transport::connected);
    client->open();
    QVERIFY(connected.wait());
    QSignalSpy received(server, &everx::Transport::textReceived);
    const QString big(everx::Protocol::MaxFrameBytes + 1, u'x');
    client->sendText(big);
    QVERIFY(received.wait());
    QCOMPARE(received.at(0).at(0).toString().size(), big.size());
}

void TestInProcessTransport::peerName()
{
    auto [client, server] = InProcessTransport::createPair();
    std::unique_ptr<InProcessTransport> c(client), s(server);
    QCOMPARE(client->peer(), u"in-process"_s);
    QCOMPARE(server->peer(), u"in-process"_s);
}

QTEST_GUILESS_MAIN(TestInProcessTransport)
#include "tst_inprocesstransport.moc"
