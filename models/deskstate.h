#pragma once

#include "marketwatchmodel.h"
#include "openordersmodel.h"
#include "orderbookmodel.h"
#include "rentalsmodel.h"

#include <QtCore/QObject>
#include <QtCore/QPointer>

namespace everx {

class ClientSession;

// What the desk shows, kept in step with the exchange: it subscribes the session to the ticker,
// the signed-in account's channel and the selected GPU's book, and feeds each channel to its
// item model. Views bind to the models; nothing here knows about widgets.
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

    // The GPU whose book (and later chart and tape) the desk follows.
    void selectGpu(const QString &gpu);
    QString selectedGpu() const { return m_gpu; }

    Balance balance() const { return m_balance; }
    void setLocale(const QLocale &locale);

Q_SIGNALS:
    void balanceChanged(const everx::Balance &balance);
    // "fill", "rental_started", "rental_ended", "low_balance", with the server's text.
    void notification(const QString &kind, const QString &text);

private:
    void onSnapshot(const QString &channel, qint64 seq, const QJsonObject &data);
    void onDelta(const QString &channel, qint64 seq, const QString &type, const QJsonObject &data);
    void setBalance(const QJsonObject &json);

    QPointer<ClientSession> m_session;
    MarketWatchModel m_marketWatch;
    OrderBookModel m_orderBook;
    OpenOrdersModel m_openOrders;
    RentalsModel m_rentals;
    QString m_gpu;
    Balance m_balance;
};

} // namespace everx
