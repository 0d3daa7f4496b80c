#pragma once

#include "exchange/embeddedexchange.h"
#include "models/clientsession.h"

#include <QtCore/QTemporaryDir>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

namespace everx::test {

// The desk's embedded sandbox exchange for a test: a temporary database with three days of
// history, and a client session that reaches it through the in-process transport. In a quiet
// market the simulation steps once a minute, so that only the test trades and prices hold
// still; a live one steps as the desk's does.
//
// Members are destroyed in reverse: the session before the exchange before the folder.
struct SandboxFixture
{
    enum class Market { Quiet, Live };

    QTemporaryDir dir;
    EmbeddedExchange exchange;
    ClientSession session;

    // Starts the exchange and points the session at it; true once the exchange is ready.
    bool start(Market market = Market::Quiet)
    {
        EmbeddedExchange::Options o;
        o.databasePath = dir.filePath(QStringLiteral("sandbox.db"));
        o.sandbox.backfillDays = 3;
        if (market == Market::Quiet)
            o.sandbox.stepIntervalMs = 60'000;
        QSignalSpy ready(&exchange, &EmbeddedExchange::ready);
        exchange.start(o);
        if (!ready.wait(60'000))
            return false;
        session.setTransportFactory([this] { return exchange.connectClient(); });
        return true;
    }
};

} // namespace everx::test
