// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrules.h"
#include "market/money.h"
#include "wire/exchangeclient.h"

#include <QtCore/QHash>
#include <QtCore/QLocale>
#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtWidgets/QWidget>

#include <memory>

namespace everx {

class ClientSession;
class DeskState;
namespace Ui {
class OrderTicket;
}

// The order ticket (docs/architecture.md "The desk"): buy now or bid; GPUs, hours, placement,
// price; the best offer and the best price for the GPUs on one server (from the ask levels'
// blocks); the subtotal, tax, total and the balance after, live as the user types; validation
// messages in place; and a confirmation that echoes all of it before anything is sent. A bid rests
// at its price. Buy now is priced by market.quote for its placement before the confirmation opens:
// the confirmation shows the quote's average price and totals, and the order goes with the quote's
// highest price as its cap. A buy-now that fills nothing (the offer moved meanwhile, reason
// no_placement) says so, with the best offer now, and one click asks again at it; nothing then says
// "Order placed".
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
    // Fills the ticket from a row of the desk's order book: an ask gives its price and the GPUs
    // up to it (fill()); a bid only its price, for its GPUs are other people's.
    void fillFromBook(int bookRow);
    // Where the order's GPUs may come from. Until the user (or this) chooses one, it follows the
    // GPUs: one server for several, any for one.
    void setPlacement(Placement placement);
    Placement placement() const;
    // Fills the whole ticket for gpu (the workload wizard's "Bid for this"): selects gpu in the
    // desk (the ticket trades the desk's GPU), bid or buy now, GPUs, hours and price. The price
    // stays when gpu's book arrives, instead of being replaced by its best offer.
    void prefill(const QString &gpu, qint64 gpus, int hours, Cents price, bool bid);

    // When the order starts (docs/protocol.md "Windows ahead"): 0 for now (the default), or a
    // whole hour from the next one to MarketRules::WindowDays days ahead on the exchange's clock.
    // The Start field offers those only: setStart() of any other moment changes nothing and
    // returns false.
    bool setStart(qint64 startMs);
    qint64 start() const;
    // The ticket's run as the cost-by-start chart prices it: GPU, GPUs, hours and placement.
    struct Run
    {
        QString gpu;
        int gpus = 0;
        int hours = 0;
        Placement placement = Placement::Any;
        bool operator==(const Run &) const = default;
    };
    Run run() const;

    // What the ticket would send, if valid; else nullopt and the reason in *problem.
    struct Order
    {
        bool buyNow = false;
        QString gpu;
        int gpus = 0;
        int hours = 0;
        Placement placement = Placement::Any;
        Cents price = 0;
        qint64 startMs = 0; // 0: now
        MarketRules::OrderCost cost; // what it holds: the exchange's own arithmetic
    };
    std::optional<Order> order(QString *problem = nullptr) const;
    // What placing the order sends (order.place).
    static BidRequest bidRequest(const Order &order);

Q_SIGNALS:
    // The exchange's answer to a placed order: a result or an error, for the status bar.
    void placed(const QString &message);
    // The GPU, GPUs, hours or placement changed (run()).
    void runChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    void recompute();
    void showBestOffer();
    void retranslatePlacements();
    // The Start field's hours, from the next one on the exchange's clock; kept when the next
    // hour has not moved. A chosen start that has passed falls back to now, and says so.
    void refreshStarts();
    // "Starts now." or "Starts Mon 7 Dec 10:00 (09:00 UTC).", for the confirmation.
    QString startWords(qint64 startMs) const;
    qint64 exchangeNowMs() const;
    void emitRunChanged();
    // Sets the hours as the ticket's own choice, not the user's.
    void setHours(int hours);
    void submit();
    // Buy now: asks market.quote for the order's placement, then confirms with its figures.
    void quoteThenConfirm(const Order &order);
    void confirm(const Order &order, const std::optional<PlacementQuote> &quote);
    void send(const Order &order);
    // A buy-now filled nothing: says so, with the placement's best offer now and a button that
    // asks again at it.
    void nothingFilled(const Order &order);
    void showOutcome(const QString &text, const QString &retry = {});
    // "no one server offers 8 GPUs now" and its kin, for the order's placement.
    QString noPlacementText(const Order &order) const;
    // What to say of a price that does not read, by the rule it broke.
    QString priceProblem(Money::ParseError why) const;
    // A price as the user would type it in the ticket's locale ("4.41", "4,41").
    QString editText(Cents price) const;

    std::unique_ptr<Ui::OrderTicket> m_ui;
    QPointer<ClientSession> m_session; // sign-in state
    ExchangeClient m_client; // places the orders
    DeskState &m_desk;
    QLocale m_priceLocale; // the locale the price's text is written in
    bool m_priceFromBook = true; // the next offer to show in a new book sets the price
    QString m_keepPriceFor; // a prefill priced this GPU before its book arrived
    bool m_placementChosen = false; // the user chose a placement: it no longer follows the GPUs
    std::optional<Order> m_retry; // the buy-now the retry button asks again for
    // Hours the user set for a GPU, by GPU id: a new GPU starts at one hour unless the user set
    // hours for it (another GPU's hours, or the wizard's, are not a choice for this one).
    QHash<QString, int> m_typedHours;
    bool m_settingHours = false; // the ticket, not the user, sets the hours
    qint64 m_firstStart = 0; // the Start field's first hour, 0 before it is filled
    QTimer *m_startsClock = nullptr; // checks for a new next hour
    Run m_lastRun; // what runChanged() last said
};

} // namespace everx
