#include "trading/orderticket.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "views/deskstate.h"
#include "wire/clientsession.h"

#include <QtCore/QEvent>
#include <QtWidgets/QButtonGroup>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QVBoxLayout>

namespace everx {

OrderTicket::OrderTicket(ClientSession &session, DeskState &desk, QWidget *parent)
    : QWidget(parent)
    , m_session(&session)
    , m_client(session)
    , m_desk(desk)
{
    setObjectName(QStringLiteral("orderTicket"));
    m_buyNow = new QRadioButton(this);
    m_buyNow->setObjectName(QStringLiteral("ticketBuyNow"));
    m_bid = new QRadioButton(this);
    m_bid->setObjectName(QStringLiteral("ticketBid"));
    m_buyNow->setChecked(true);
    auto *kinds = new QButtonGroup(this);
    kinds->addButton(m_buyNow);
    kinds->addButton(m_bid);
    auto *kindRow = new QHBoxLayout;
    kindRow->addWidget(m_buyNow);
    kindRow->addWidget(m_bid);
    kindRow->addStretch();

    m_gpu = new QLabel(this);
    m_gpu->setObjectName(QStringLiteral("ticketGpu"));
    m_gpus = new QSpinBox(this);
    m_gpus->setObjectName(QStringLiteral("ticketGpus"));
    m_gpus->setRange(1, MarketRules::MaxGpusPerOrder);
    m_hours = new QSpinBox(this);
    m_hours->setObjectName(QStringLiteral("ticketHours"));
    m_hours->setRange(1, MarketRules::MaxHours);
    m_hours->setValue(1);
    m_price = new QLineEdit(this);
    m_price->setObjectName(QStringLiteral("ticketPrice"));
    m_price->setClearButtonEnabled(true);
    for (QLabel **value : {&m_subtotal, &m_tax, &m_total, &m_after}) {
        *value = new QLabel(this);
        (*value)->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    m_subtotal->setObjectName(QStringLiteral("ticketSubtotal"));
    m_tax->setObjectName(QStringLiteral("ticketTax"));
    m_total->setObjectName(QStringLiteral("ticketTotal"));
    m_after->setObjectName(QStringLiteral("ticketBalanceAfter"));
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("ticketProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_place = new QPushButton(this);
    m_place->setObjectName(QStringLiteral("ticketPlace"));
    m_place->setDefault(true);

    auto *form = new QFormLayout;
    m_gpuLabel = new QLabel(this);
    m_gpusLabel = new QLabel(this);
    m_hoursLabel = new QLabel(this);
    m_priceLabel = new QLabel(this);
    m_subtotalLabel = new QLabel(this);
    m_taxLabel = new QLabel(this);
    m_totalLabel = new QLabel(this);
    m_afterLabel = new QLabel(this);
    m_gpusLabel->setBuddy(m_gpus);
    m_hoursLabel->setBuddy(m_hours);
    m_priceLabel->setBuddy(m_price);
    form->addRow(m_gpuLabel, m_gpu);
    form->addRow(m_gpusLabel, m_gpus);
    form->addRow(m_hoursLabel, m_hours);
    form->addRow(m_priceLabel, m_price);
    form->addRow(m_subtotalLabel, m_subtotal);
    form->addRow(m_taxLabel, m_tax);
    form->addRow(m_totalLabel, m_total);
    form->addRow(m_afterLabel, m_after);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(kindRow);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_place);
    layout->addStretch();
    setTabOrder(m_buyNow, m_bid);
    setTabOrder(m_bid, m_gpus);
    setTabOrder(m_gpus, m_hours);
    setTabOrder(m_hours, m_price);
    setTabOrder(m_price, m_place);

    connect(m_buyNow, &QRadioButton::toggled, this, &OrderTicket::recompute);
    connect(m_gpus, &QSpinBox::valueChanged, this, &OrderTicket::recompute);
    connect(m_hours, &QSpinBox::valueChanged, this, &OrderTicket::recompute);
    m_priceLocale = locale();
    connect(m_price, &QLineEdit::textChanged, this, &OrderTicket::recompute);
    connect(m_price, &QLineEdit::returnPressed, this, &OrderTicket::submit);
    connect(m_place, &QPushButton::clicked, this, &OrderTicket::submit);
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
            m_price->setText(editText(*ask));
        }
    });
    retranslateUi();
}

void OrderTicket::fill(Cents price, qint64 gpus)
{
    m_priceFromBook = false;
    m_price->setText(editText(price));
    m_gpus->setValue(int(std::clamp<qint64>(gpus, 1, m_gpus->maximum())));
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
    (bid ? m_bid : m_buyNow)->setChecked(true);
    m_hours->setValue(std::clamp(hours, m_hours->minimum(), m_hours->maximum()));
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
    const std::optional<Cents> price = Money::parse(m_price->text(), locale());
    if (!price || *price < MarketRules::MinPriceCents)
        return refuse(tr("Enter a price per GPU-hour, like %1.").arg(Money::format(419, locale())));
    if (*price > MarketRules::MaxPriceCents)
        return refuse(tr("The price can be at most %1 per GPU-hour.")
                          .arg(Money::format(MarketRules::MaxPriceCents, locale())));
    Order o;
    o.buyNow = m_buyNow->isChecked();
    o.gpu = m_desk.selectedGpu();
    o.gpus = m_gpus->value();
    o.hours = m_hours->value();
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
    m_gpu->setText(GpuCatalog::builtIn().displayName(m_desk.selectedGpu()));
    QString problem;
    const std::optional<Order> o = order(&problem);
    // The figures show whenever the price reads, even if the balance does not cover them.
    const std::optional<Cents> price = Money::parse(m_price->text(), locale());
    if (price && *price > 0) {
        const MarketRules::OrderCost cost = MarketRules::orderCost(
            m_gpus->value(), m_hours->value(), *price, m_desk.taxBasisPoints());
        m_subtotal->setText(Money::format(cost.subtotal, locale()));
        m_tax->setText(Money::format(cost.tax, locale()));
        m_total->setText(Money::format(cost.total, locale()));
        m_after->setText(Money::format(m_desk.balance().available - cost.total, locale()));
    } else {
        for (QLabel *l : {m_subtotal, m_tax, m_total, m_after})
            l->setText(QStringLiteral("\u2014"));
    }
    m_problem->setText(o ? QString() : problem);
    m_problem->setVisible(!o);
    m_place->setEnabled(o.has_value());
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
    m_client.placeOrder(request, this, [this](const Result<Placement> &placement) {
        if (placement)
            Q_EMIT placed(tr("Order placed."));
        else
            Q_EMIT placed(tr("Order refused: %1").arg(placement.error().message));
    });
}

void OrderTicket::retranslateUi()
{
    m_buyNow->setText(tr("&Buy now", "take the best offers at once"));
    m_bid->setText(tr("B&id", "place a bid at your price"));
    m_gpuLabel->setText(tr("GPU"));
    m_gpusLabel->setText(tr("&GPUs"));
    m_hoursLabel->setText(tr("&Hours"));
    m_priceLabel->setText(tr("&Price per GPU-hour"));
    m_subtotalLabel->setText(tr("Subtotal"));
    m_taxLabel->setText(tr("Tax"));
    m_totalLabel->setText(tr("Total"));
    m_afterLabel->setText(tr("Balance after"));
    m_place->setText(tr("Place order\u2026"));
    m_price->setAccessibleName(tr("Price per GPU-hour"));
    recompute();
}

QString OrderTicket::editText(Cents price) const
{
    return Money::toPlain(price).replace(u'.', locale().decimalPoint());
}

void OrderTicket::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    if (event->type() == QEvent::LocaleChange) {
        // The price was typed or filled in the last locale; the new one may read "4.41" as
        // nothing (Turkish, Indonesian). Say the same price in the new locale's words.
        const std::optional<Cents> price = Money::parse(m_price->text(), m_priceLocale);
        m_priceLocale = locale();
        if (price)
            m_price->setText(editText(*price));
        recompute();
    }
    QWidget::changeEvent(event);
}

} // namespace everx
