#pragma once

#include "views/candlemodel.h"
#include "views/marketwatchmodel.h"
#include "views/openordersmodel.h"
#include "views/orderbookmodel.h"
#include "views/rentalsmodel.h"
#include "views/tradetapemodel.h"

#include "wire/vocabulary.h"

#include <QtCore/QObject>
#include <QtCore/QPointer>

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
    CandleModel *candles() { return &m_candles; }
    TradeTapeModel *tradeTape() { return &m_tradeTape; }

    // The GPU whose book, trade tape and candles the desk follows.
    void selectGpu(const QString &gpu);
    QString selectedGpu() const { return m_gpu; }
    // The candles' interval, hourly at first.
    void setCandleInterval(CandleInterval interval);
    CandleInterval candleInterval() const { return m_interval; }

    Balance balance() const { return m_balance; }
    // The signed-in account's tax rate (TaxTable, by its country), in basis points; 0 when no
    // one is signed in. Every price the desk shows with tax (the ticket, the wizard's run cost)
    // uses it with MarketRules' arithmetic.
    int taxBasisPoints() const;
    void setLocale(const QLocale &locale);
    // A notification of the account channel in the desk's language, from its record: "2 GPUs of
    // H100 SXM bought at $2.98 per GPU-hour". The server's own (English) text when the record is
    // missing or unreadable.
    static QString notificationText(const QJsonObject &data, const GpuCatalog &catalog,
                                    const QLocale &locale);

Q_SIGNALS:
    void balanceChanged(const everx::Balance &balance);
    // A NotificationKind ("fill", "rental_started", ...), with its text in the desk's language.
    void notification(const QString &kind, const QString &text);
    void candleIntervalChanged(everx::CandleInterval interval);
    // selectGpu() switched to another GPU: every view of "the GPU" follows.
    void selectedGpuChanged(const QString &gpu);

private:
    void onSnapshot(const QString &channel, qint64 seq, const QJsonObject &data);
    void onDelta(const QString &channel, qint64 seq, PushType type, const QJsonObject &data);
    void setBalance(const std::optional<Balance> &balance);

    QPointer<ClientSession> m_session;
    MarketWatchModel m_marketWatch;
    OrderBookModel m_orderBook;
    OpenOrdersModel m_openOrders;
    RentalsModel m_rentals;
    CandleModel m_candles;
    TradeTapeModel m_tradeTape;
    const GpuCatalog &m_catalog;
    QLocale m_locale;
    QString m_gpu;
    CandleInterval m_interval = CandleInterval::Hour;
    Balance m_balance;
};

} // namespace everx
