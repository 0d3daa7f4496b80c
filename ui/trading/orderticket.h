#pragma once

#include "market/marketrules.h"
#include "market/money.h"
#include "wire/exchangeclient.h"

#include <QtCore/QLocale>
#include <QtCore/QPointer>
#include <QtWidgets/QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QMessageBox;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace everx {

class ClientSession;
class DeskState;

// The order ticket (docs/architecture.md "The desk"): buy now or bid; GPUs, hours, price; the
// subtotal, tax, total and the balance after, live as the user types; validation messages in place;
// and a confirmation that echoes all of it before anything is sent. Buy now takes the best offers
// up to the price typed (the cap); a bid rests at its price.
//
// Tax is the signed-in account's country rate from the tax table; the figures come from
// MarketRules::orderCost, the function the exchange computes the bid's hold with.
class OrderTicket final : public QWidget
{
    Q_OBJECT

public:
    OrderTicket(ClientSession &session, DeskState &desk, QWidget *parent = nullptr);

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
    void retranslateUi();
    void recompute();
    void submit();
    void send(const Order &order);
    // A price as the user would type it in the ticket's locale ("4.41", "4,41").
    QString editText(Cents price) const;

    QPointer<ClientSession> m_session; // sign-in state
    ExchangeClient m_client; // places the orders
    DeskState &m_desk;
    QRadioButton *m_buyNow = nullptr;
    QRadioButton *m_bid = nullptr;
    QLabel *m_gpuLabel = nullptr;
    QLabel *m_gpu = nullptr;
    QLabel *m_gpusLabel = nullptr;
    QSpinBox *m_gpus = nullptr;
    QLabel *m_hoursLabel = nullptr;
    QSpinBox *m_hours = nullptr;
    QLabel *m_priceLabel = nullptr;
    QLineEdit *m_price = nullptr;
    QLocale m_priceLocale; // the locale m_price's text is written in
    QLabel *m_subtotalLabel = nullptr;
    QLabel *m_subtotal = nullptr;
    QLabel *m_taxLabel = nullptr;
    QLabel *m_tax = nullptr;
    QLabel *m_totalLabel = nullptr;
    QLabel *m_total = nullptr;
    QLabel *m_afterLabel = nullptr;
    QLabel *m_after = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_place = nullptr;
    bool m_priceFromBook = true; // the next offer to show in a new book sets the price
    QString m_keepPriceFor; // a prefill priced this GPU before its book arrived
};

} // namespace everx
