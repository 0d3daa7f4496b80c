#include "trading/orderticket.h"

#include "ui_orderticket.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "views/deskstate.h"
#include "wire/clientsession.h"

#include <QtCore/QEvent>
#include <QtWidgets/QMessageBox>

namespace everx {

OrderTicket::OrderTicket(ClientSession &session, DeskState &desk, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::OrderTicket>())
    , m_session(&session)
    , m_client(session)
    , m_desk(desk)
{
    m_ui->setupUi(this);
    m_ui->ticketGpus->setRange(1, MarketRules::MaxGpusPerOrder);
    m_ui->ticketHours->setRange(1, MarketRules::MaxHours);
    m_ui->ticketHours->setValue(1);

    connect(m_ui->ticketBuyNow, &QRadioButton::toggled, this, &OrderTicket::recompute);
    connect(m_ui->ticketGpus, &QSpinBox::valueChanged, this, &OrderTicket::recompute);
    connect(m_ui->ticketHours, &QSpinBox::valueChanged, this, &OrderTicket::recompute);
    m_priceLocale = locale();
    connect(m_ui->ticketPrice, &QLineEdit::textChanged, this, &OrderTicket::recompute);
    connect(m_ui->ticketPrice, &QLineEdit::returnPressed, this, &OrderTicket::submit);
    connect(m_ui->ticketPlace, &QPushButton::clicked, this, &OrderTicket::submit);
    connect(&desk, &DeskState::balanceChanged, this, &OrderTicket::recompute);
    connect(&session, &ClientSession::signedIn, this, &OrderTicket::recompute);
    connect(&desk, &DeskState::staleChanged, this, &OrderTicket::recompute);
    // A new GPU (the book resets, its levels follow): start from its best offer once it shows.
    // A prefill for that GPU has already priced the ticket: keep its price.
    connect(desk.orderBook(), &QAbstractItemModel::modelReset, this, [this] {
        m_priceFromBook = m_keepPriceFor.isEmpty() || m_desk.orderBook()->gpu() != m_keepPriceFor;
        m_keepPriceFor.clear();
        recompute();
    });
    connect(desk.orderBook(), &QAbstractItemModel::rowsInserted, this, [this] {
        const auto ask = m_desk.orderBook()->bestAsk();
        if (m_priceFromBook && ask) {
            m_priceFromBook = false;
            m_ui->ticketPrice->setText(editText(*ask));
        }
    });
    recompute();
}

OrderTicket::~OrderTicket() = default;

void OrderTicket::fill(Cents price, qint64 gpus)
{
    m_priceFromBook = false;
    m_ui->ticketPrice->setText(editText(price));
    m_ui->ticketGpus->setValue(int(std::clamp<qint64>(gpus, 1, m_ui->ticketGpus->maximum())));
    recompute();
}

void OrderTicket::prefill(const QString &gpu, qint64 gpus, int hours, Cents price, bool bid)
{
    m_desk.selectGpu(gpu);
    // Until gpu's book is shown, its arrival (a reset) would start the price from its offer.
    if (m_desk.orderBook()->gpu() != gpu)
        m_keepPriceFor = gpu;
    else
        m_keepPriceFor.clear();
    (bid ? m_ui->ticketBid : m_ui->ticketBuyNow)->setChecked(true);
    m_ui->ticketHours->setValue(
        std::clamp(hours, m_ui->ticketHours->minimum(), m_ui->ticketHours->maximum()));
    fill(price, gpus);
}

std::optional<OrderTicket::Order> OrderTicket::order(QString *problem) const
{
    auto refuse = [problem](const QString &why) -> std::optional<Order> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    // First: while the connection is down the ticket shows no stale "sign in" advice.
    if (m_desk.isStale())
        return refuse(tr("Offline: the connection to the exchange dropped. Orders can be placed "
                         "again once the desk is live."));
    if (!m_session || m_session->state() != ClientSession::State::SignedIn)
        return refuse(tr("Sign in to trade."));
    if (m_desk.selectedGpu().isEmpty())
        return refuse(tr("Choose a GPU in the market watch."));
    const std::optional<Cents> price = Money::parse(m_ui->ticketPrice->text(), locale());
    if (!price || *price < MarketRules::MinPriceCents)
        return refuse(tr("Enter a price per GPU-hour, like %1.").arg(Money::format(419, locale())));
    if (*price > MarketRules::MaxPriceCents)
        return refuse(tr("The price can be at most %1 per GPU-hour.")
                          .arg(Money::format(MarketRules::MaxPriceCents, locale())));
    Order o;
    o.buyNow = m_ui->ticketBuyNow->isChecked();
    o.gpu = m_desk.selectedGpu();
    o.gpus = m_ui->ticketGpus->value();
    o.hours = m_ui->ticketHours->value();
    o.price = *price;
    o.cost = MarketRules::orderCost(o.gpus, o.hours, o.price, m_desk.taxBasisPoints());
    if (o.cost.total > m_desk.balance().available)
        return refuse(tr("This needs %1; %2 is available. Top up, or ask for fewer GPUs or hours.")
                          .arg(Money::format(o.cost.total, locale()),
                               Money::format(m_desk.balance().available, locale())));
    return o;
}

void OrderTicket::recompute()
{
    m_ui->ticketGpu->setText(GpuCatalog::builtIn().displayName(m_desk.selectedGpu()));
    QString problem;
    const std::optional<Order> o = order(&problem);
    // The figures show whenever the price reads, even if the balance does not cover them.
    const std::optional<Cents> price = Money::parse(m_ui->ticketPrice->text(), locale());
    if (price && *price > 0) {
        const MarketRules::OrderCost cost = MarketRules::orderCost(
            m_ui->ticketGpus->value(), m_ui->ticketHours->value(), *price, m_desk.taxBasisPoints());
        m_ui->ticketSubtotal->setText(Money::format(cost.subtotal, locale()));
        m_ui->ticketTax->setText(Money::format(cost.tax, locale()));
        m_ui->ticketTotal->setText(Money::format(cost.total, locale()));
        m_ui->ticketBalanceAfter->setText(
            Money::format(m_desk.balance().available - cost.total, locale()));
    } else {
        for (QLabel *l :
             {m_ui->ticketSubtotal, m_ui->ticketTax, m_ui->ticketTotal, m_ui->ticketBalanceAfter})
            l->setText(QStringLiteral("\u2014"));
    }
    m_ui->ticketProblem->setText(o ? QString() : problem);
    m_ui->ticketProblem->setVisible(!o);
    m_ui->ticketPlace->setEnabled(o.has_value());
}

void OrderTicket::submit()
{
    const std::optional<Order> o = order();
    if (!o)
        return;
    const QLocale l = locale();
    // One plural per message: the hours are their own ("3 hours", "1 jam").
    const QString gpu = GpuCatalog::builtIn().displayName(o->gpu);
    const QString hours = tr("%n hour(s)", "", o->hours);
    const QString what = o->buyNow
        //: %1 is the GPU's name, %2 a number of hours ("3 hours"), %3 the highest price
        ? tr("Buy now %n GPU(s) of %1 for %2 at the best offers up to %3 per GPU-hour.", "",
             o->gpus)
              .arg(gpu, hours, Money::format(o->price, l))
        //: %1 is the GPU's name, %2 a number of hours ("3 hours"), %3 the bid's price
        : tr("Bid for %n GPU(s) of %1 for %2 at %3 per GPU-hour.", "", o->gpus)
              .arg(gpu, hours, Money::format(o->price, l));
    auto *confirm = new QMessageBox(
        QMessageBox::Question, tr("Confirm order"),
        what + u'\n' + u'\n'
            + tr("Subtotal %1\nTax %2\nTotal held %3\nBalance after %4\nPrices "
                 "exclude tax; rentals are billed hourly.")
                  .arg(Money::format(o->cost.subtotal, l), Money::format(o->cost.tax, l),
                       Money::format(o->cost.total, l),
                       Money::format(m_desk.balance().available - o->cost.total, l)),
        QMessageBox::Yes | QMessageBox::Cancel, this);
    confirm->setObjectName(QStringLiteral("ticketConfirmation"));
    confirm->setAttribute(Qt::WA_DeleteOnClose);
    confirm->setDefaultButton(QMessageBox::Cancel);
    connect(confirm, &QMessageBox::finished, this, [this, order = *o](int result) {
        if (result == QMessageBox::Yes)
            send(order);
    });
    confirm->open();
}

void OrderTicket::send(const Order &o)
{
    BidRequest request;
    request.gpu = o.gpu;
    request.kind = o.buyNow ? OrderKind::BuyNow : OrderKind::Limit;
    request.quantity = o.gpus;
    request.hours = o.hours;
    request.limitCents = o.price;
    m_client.placeOrder(request, this, [this](const Result<OrderPlaced> &placement) {
        if (placement)
            Q_EMIT placed(tr("Order placed."));
        else
            Q_EMIT placed(tr("Order refused: %1").arg(placement.error().message));
    });
}

QString OrderTicket::editText(Cents price) const
{
    return Money::toPlain(price).replace(u'.', locale().decimalPoint());
}

void OrderTicket::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        recompute();
    }
    if (event->type() == QEvent::LocaleChange) {
        // The price was typed or filled in the last locale; the new one may read "4.41" as
        // nothing (Turkish, Indonesian). Say the same price in the new locale's words.
        const std::optional<Cents> price = Money::parse(m_ui->ticketPrice->text(), m_priceLocale);
        m_priceLocale = locale();
        if (price)
            m_ui->ticketPrice->setText(editText(*price));
        recompute();
    }
    QWidget::changeEvent(event);
}

} // namespace everx
