#pragma once

#include "market/marketrules.h"
#include "market/money.h"
#include "wire/exchangeclient.h"

#include <QtCore/QLocale>
#include <QtCore/QPointer>
#include <QtWidgets/QWidget>

#include <memory>

namespace everx {

class ClientSession;
class DeskState;
namespace Ui {
class OrderTicket;
}

// The order ticket (docs/architecture.md "The desk"): buy now or bid; GPUs, hours, price; the
// subtotal, tax, total and the balance after, live as the user types; validation messages in place;
// and a confirmation that echoes all of it before anything is sent. Buy now takes the best offers
// up to the price typed (the cap); a bid rests at its price.
//
// Tax is the signed-in account's country rate from the tax table; the figures come from
// MarketRules::orderCost, the function the exchange computes the bid's hold with.
//
// The form is orderticket.ui; this class keeps what is dynamic: the limits of GPUs and hours
// (MarketRules), the figures, the problem and the price in the ticket's locale.
class OrderTicket final : public QWidget
{
    Q_OBJECT

public:
    OrderTicket(ClientSession &session, DeskState &desk, QWidget *parent = nullptr);
    ~OrderTicket() override;

    // Fills the ticket from a ladder level: its price, and the GPUs from the best price up to it.
    void fill(Cents price, qint64 gpus);
    // Fills the whole ticket for gpu (the workload wizard's "Bid for this"): selects gpu in the
    // desk (the ticket trades the desk's GPU), bid or buy now, GPUs, hours and price. The price
    // stays when gpu's book arrives, instead of being replaced by its best offer.
    void prefill(const QString &gpu, qint64 gpus, int hours, Cents price, bool bid);

    // What the ticket would send, if valid; else nullopt and the reason in *problem.
    struct Order
    {
        bool buyNow = false;
        QString gpu;
        int gpus = 0;
        int hours = 0;
        Cents price = 0;
        MarketRules::OrderCost cost; // what it holds: the exchange's own arithmetic
    };
    std::optional<Order> order(QString *problem = nullptr) const;

Q_SIGNALS:
    // The exchange's answer to a placed order: a result or an error, for the status bar.
    void placed(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    void recompute();
    void submit();
    void send(const Order &order);
    // A price as the user would type it in the ticket's locale ("4.41", "4,41").
    QString editText(Cents price) const;

    std::unique_ptr<Ui::OrderTicket> m_ui;
    QPointer<ClientSession> m_session; // sign-in state
    ExchangeClient m_client; // places the orders
    DeskState &m_desk;
    QLocale m_priceLocale; // the locale the price's text is written in
    bool m_priceFromBook = true; // the next offer to show in a new book sets the price
    QString m_keepPriceFor; // a prefill priced this GPU before its book arrived
};

} // namespace everx
