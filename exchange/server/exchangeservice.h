#pragma once

#include "engine/exchangeengine.h"
#include "engine/marketdata.h"

#include "wire/protocol.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QHash>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QSet>
#include <QtCore/QTimer>

#include <deque>
#include <functional>
#include <memory>

namespace everx {

class ServerConnection;
class Sandbox;

// The exchange behind the protocol (docs/protocol.md): answers requests of every connection,
// enforces authentication and roles (the engine enforces them again), throttles failed logins,
// and publishes the public channels (books, trades, candles, ticker) and each account's private
// channel from the engine's changes. Owns the engine and the market data.
//
// Threading: lives on the exchange thread (the desk's embedded exchange thread, or the server's
// main thread), with every connection it serves.
class ExchangeService final : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        ExchangeEngine::Options engine;
        bool sandbox = false;
        QString serverName = QStringLiteral("everx-exchanged");
        int tickMs = 250; // how often due events run (real time)
        Cents lowBalanceCents = 1'000; // notify below 10.00 USD available
        qint64 tokenIdleMs = MarketRules::DayMs; // tokens expire after a day unused
        int loginFailuresPerEmail = 5;
        int loginFailuresPerPeer = 20;
        qint64 loginWindowMs = 15 * 60'000;
    };

    explicit ExchangeService(Clock &clock, QObject *parent = nullptr);
    ~ExchangeService() override;
    Q_DISABLE_COPY_MOVE(ExchangeService)

    bool open(const Options &options, QString *error = nullptr);
    void close();
    bool isOpen() const { return m_engine.isOpen(); }
    bool isSandbox() const { return m_options.sandbox; }

    ExchangeEngine &engine() { return m_engine; }
    MarketData &market() { return *m_market; }
    // The sandbox whose demo accounts auth.demo signs in as; not owned. Call it after the
    // sandbox's prepare(): it also reloads the market data, which the backfill wrote past.
    bool setSandbox(Sandbox *sandbox, QString *error = nullptr);

    // Called by connections.
    void handle(ServerConnection &connection, const Protocol::Frame &request);
    void connectionClosed(ServerConnection &connection);

    // Runs due events and publishes everything the engine changed since the last call. The
    // sandbox's steps and the tick timer call it; requests call it after every operation.
    void publishChanges();

    qsizetype subscriberCount(const QString &channel) const;
    qint64 channelSeq(const QString &channel) const;

private:
    struct ChannelState
    {
        qint64 seq = 0;
        QSet<ServerConnection *> subscribers;
    };
    struct Session
    {
        qint64 accountId = 0;
        qint64 lastUsed = 0; // monotonic ms
    };
    using Handler = std::function<QJsonObject(ServerConnection &, const QJsonObject &,
                                              std::optional<ErrorCode> *code, QString *message)>;
    using MemberHandler = QJsonObject (ExchangeService::*)(ServerConnection &, const QJsonObject &,
                                                           std::optional<ErrorCode> *, QString *);

    QJsonObject dispatch(ServerConnection &c, const QString &op, const QJsonObject &args,
                         std::optional<ErrorCode> *code, QString *message);
    QJsonObject hello(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                      QString *);
    QJsonObject ping(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                     QString *);
    QJsonObject login(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                      QString *);
    QJsonObject resume(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                       QString *);
    QJsonObject demo(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                     QString *);
    QJsonObject logout(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                       QString *);
    QJsonObject accountGet(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                           QString *);
    QJsonObject walletQuote(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                            QString *);
    QJsonObject walletTopUp(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                            QString *);
    QJsonObject walletLedger(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                             QString *);
    QJsonObject orderPlace(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                           QString *);
    QJsonObject orderCancel(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                            QString *);
    QJsonObject orderList(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                          QString *);
    QJsonObject rentalList(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                           QString *);
    QJsonObject rentalStop(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                           QString *);
    QJsonObject listingAdd(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                           QString *);
    enum class ListingOp { Reprice, Pause, Resume, Remove };
    QJsonObject listingChange(ServerConnection &, const QJsonObject &, ListingOp,
                              std::optional<ErrorCode> *, QString *);
    QJsonObject listingList(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                            QString *);
    QJsonObject supportAccount(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                               QString *);
    QJsonObject supportAdjust(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                              QString *);
    QJsonObject supportVerify(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                              QString *);
    QJsonObject subscribe(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                          QString *);
    QJsonObject unsubscribe(ServerConnection &, const QJsonObject &, std::optional<ErrorCode> *,
                            QString *);

    QJsonObject signIn(ServerConnection &c, const Account &account);
    bool throttled(const QString &email, const QString &peer);
    void recordFailure(const QString &email, const QString &peer);
    QJsonObject rentalJson(const Rental &rental, qint64 viewer) const;

    // Channels.
    bool validChannel(const QString &name) const;
    static QString privateChannel(qint64 accountId);
    static bool isPrivateChannel(const QString &internal);
    // The channel a connection's name stands for: its own account's for "account".
    static QString internalChannel(const QString &name, qint64 accountId);
    QJsonObject snapshot(const QString &channel, ServerConnection &c);
    void publish(const QString &channel, PushType type, const QJsonObject &data);
    QJsonObject bookSnapshot(const QString &gpu);
    void publishBook(const QString &gpu);
    void publishTicker(const QSet<QString> &gpus);
    void publishAccount(qint64 accountId, const QString &type, const QJsonObject &data);

    Clock &m_clock;
    Options m_options;
    ExchangeEngine m_engine;
    std::unique_ptr<MarketData> m_market;
    QPointer<Sandbox> m_sandbox;
    QHash<QString, Handler> m_handlers;
    QHash<QString, ChannelState> m_channels;
    QHash<QString, Session> m_sessions; // token -> session
    QHash<QString, std::deque<qint64>> m_failuresByEmail, m_failuresByPeer;
    // What the book channels last published, per GPU and side: price -> (gpus, orders).
    QHash<QString, std::array<QHash<qint32, QPair<qint64, qint32>>, 2>> m_publishedBooks;
    QHash<QString, TickerEntry> m_publishedTicker;
    QSet<qint64> m_lowBalanceNotified;
    QList<QPair<QPointer<ServerConnection>, QString>> m_pendingSnapshots; // sent after the reply
    QElapsedTimer m_monotonic;
    QTimer m_tick;
    qint64 m_lastPrune = 0;
};

} // namespace everx
