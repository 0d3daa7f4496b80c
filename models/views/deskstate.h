// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "views/candlemodel.h"
#include "views/marketwatchmodel.h"
#include "views/openordersmodel.h"
#include "views/orderbookmodel.h"
#include "views/pendingtopupsmodel.h"
#include "views/rentalsmodel.h"
#include "views/tradetapemodel.h"

#include "wire/vocabulary.h"

#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QSet>
#include <QtCore/QTimer>

namespace everx {

class ClientSession;

// What the desk shows, kept in step with the exchange: it subscribes the session to the ticker,
// the signed-in account's channel and the selected GPU's book, trades and candles (at the chosen
// interval), and feeds each channel to its item model. Switching the GPU or the interval
// unsubscribes the channels of the old one. After a sequence gap the session subscribes again;
// the models merge the fresh snapshot row by row, so views keep their state. Views bind to the
// models; nothing here knows about widgets.
//
// Threading: the session's (GUI) thread.
class DeskState final : public QObject
{
    Q_OBJECT

public:
    DeskState(ClientSession &session, const GpuCatalog &catalog, QObject *parent = nullptr);
    ~DeskState() override;

    MarketWatchModel *marketWatch() { return &m_marketWatch; }
    OrderBookModel *orderBook() { return &m_orderBook; }
    OpenOrdersModel *openOrders() { return &m_openOrders; }
    RentalsModel *rentals() { return &m_rentals; }
    PendingTopUpsModel *pendingTopUps() { return &m_pendingTopUps; }
    CandleModel *candles() { return &m_candles; }
    TradeTapeModel *tradeTape() { return &m_tradeTape; }

    // The GPU whose book, trade tape and candles the desk follows.
    void selectGpu(const QString &gpu);
    QString selectedGpu() const { return m_gpu; }
    // The candles' interval, hourly at first.
    void setCandleInterval(CandleInterval interval);
    CandleInterval candleInterval() const { return m_interval; }

    Balance balance() const { return m_balance; }

    // Whether what the desk shows may be out of date: from the moment a connection that was up
    // drops until, after reconnecting, every channel the desk follows (ticker, account, the
    // selected GPU's book, trades and candles) has sent its fresh snapshot. Books and charts say
    // so, and orders and top-ups wait meanwhile.
    bool isStale() const { return m_staleSinceMs != 0; }
    // When it went stale, epoch ms (wall clock); 0 while live or before the first connection.
    qint64 staleSinceMs() const { return m_staleSinceMs; }
    // For figures kept while stale (a balance, a total): "As of 14:05: ...", the time the desk
    // went stale on the local clock; empty while live.
    QString asOfText(const QLocale &locale) const;
    // The signed-in account's tax rate, as the exchange said at sign-in, in basis points; 0 when
    // no one is signed in (while stale: the last signed-in account's, which resumes). Every price
    // the desk shows with tax (the ticket, the wizard's run cost) uses it with MarketRules'
    // arithmetic.
    int taxBasisPoints() const;
    void setLocale(const QLocale &locale);
    // A notification of the account channel in the desk's language, from its record: "2 GPUs of
    // H100 SXM bought at $2.98 per GPU-hour". The server's own (English) text when the record is
    // missing or unreadable.
    static QString notificationText(const QJsonObject &data, const GpuCatalog &catalog,
                                    const QLocale &locale);
    // An order's fills that arrive together (one buy taking several offers) are told once, with
    // the GPUs bought in all of them: fills of one order within this window of the first.
    static constexpr int FillWindowMs = 250;
    // "24 GPUs of H200 bought at $4.41 to $4.45 per GPU-hour": GPUs bought in one order's fills,
    // at the lowest and highest price of them (one price when they are equal).
    static QString fillsText(const QString &gpu, qint64 gpus, Cents lowest, Cents highest,
                             const GpuCatalog &catalog, const QLocale &locale);

Q_SIGNALS:
    void balanceChanged(const everx::Balance &balance);
    // A top-up's payment as the account channel reports it: asked for, credited or expired.
    void paymentChanged(const everx::Payment &payment);
    // A NotificationKind ("fill", "rental_started", ...), with its text in the desk's language.
    void notification(const QString &kind, const QString &text);
    void candleIntervalChanged(everx::CandleInterval interval);
    // isStale() changed.
    void staleChanged(bool stale);
    // selectGpu() switched to another GPU: every view of "the GPU" follows.
    void selectedGpuChanged(const QString &gpu);

private:
    void onSnapshot(const QString &channel, qint64 seq, const QJsonObject &data);
    void onDelta(const QString &channel, qint64 seq, PushType type, const QJsonObject &data);
    void setBalance(const std::optional<Balance> &balance);
    void onStateChanged();
    // The channels the desk follows now.
    QSet<QString> followedChannels() const;
    // Un-marks stale once connected and every followed channel has its fresh snapshot.
    void checkResynchronised();
    // Adds a fill to its order's pending report (see FillWindowMs).
    void addFill(const Trade &trade);
    void reportFills();

    QPointer<ClientSession> m_session;
    MarketWatchModel m_marketWatch;
    OrderBookModel m_orderBook;
    OpenOrdersModel m_openOrders;
    RentalsModel m_rentals;
    PendingTopUpsModel m_pendingTopUps;
    CandleModel m_candles;
    TradeTapeModel m_tradeTape;
    const GpuCatalog &m_catalog;
    QLocale m_locale;
    QString m_gpu;
    QString m_bookChannel; // Channel::book(m_gpu), compared with every push
    CandleInterval m_interval = CandleInterval::Hour;
    Balance m_balance;
    bool m_hadConnection = false; // a connection was up once: its loss makes the desk stale
    qint64 m_staleSinceMs = 0;
    QSet<QString> m_fresh; // channels with a snapshot since the last reconnection
    struct Fills
    {
        QString gpu;
        qint64 gpus = 0;
        Cents lowest = 0;
        Cents highest = 0;
    };
    QList<std::pair<qint64, Fills>> m_fills; // per order id, in the order the first fills came
    QTimer *m_fillTimer = nullptr; // single shot: FillWindowMs after an order's first fill
};

} // namespace everx
