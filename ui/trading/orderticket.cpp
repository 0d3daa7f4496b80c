// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/orderticket.h"

#include "ui_orderticket.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "views/deskstate.h"
#include "views/orderbookmodel.h"
#include "views/starttext.h"
#include "wire/clientsession.h"

#include <QtCore/QDateTime>
#include <QtCore/QEvent>
#include <QtCore/QScopedValueRollback>
#include <QtWidgets/QAbstractItemView>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QScrollBar>

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
    for (const Placement p : {Placement::Any, Placement::Server, Placement::Cluster})
        m_ui->ticketPlacement->addItem(QString(), int(p));
    retranslatePlacements();
    // Now, or a whole hour ahead: the field offers only the starts the exchange takes, and
    // moves on with the exchange's clock (a sandbox's runs faster than the wall's).
    m_ui->ticketStart->addItem(QString(), qint64(0));
    refreshStarts();
    m_startsClock = new QTimer(this);
    m_startsClock->setInterval(5000);
    connect(m_startsClock, &QTimer::timeout, this, &OrderTicket::refreshStarts);
    m_startsClock->start();
    connect(&session, &ClientSession::stateChanged, this, &OrderTicket::refreshStarts);
    connect(m_ui->ticketStart, &QComboBox::currentIndexChanged, this, &OrderTicket::recompute);
    m_ui->ticketOutcome->hide();
    m_ui->ticketRetry->hide();

    connect(m_ui->ticketBuyNow, &QRadioButton::toggled, this, &OrderTicket::recompute);
    // The placement follows the GPUs until the user picks one: a customer who rents 8 GPUs for a
    // training run expects them in one server, where they talk over NVLink (or Infinity Fabric);
    // spread over servers, or continents, the job does not run. So several GPUs default to one
    // server (all or none); one GPU to any, which is the same GPU and rests in the book as a bid.
    // Spreading a data-parallel job over servers is then a choice the user makes, never a default.
    connect(m_ui->ticketGpus, &QSpinBox::valueChanged, this, [this](int gpus) {
        if (!m_placementChosen)
            m_ui->ticketPlacement->setCurrentIndex(m_ui->ticketPlacement->findData(
                int(gpus > 1 ? Placement::Server : Placement::Any)));
        recompute();
    });
    connect(m_ui->ticketPlacement, &QComboBox::activated, this,
            [this] { m_placementChosen = true; });
    connect(m_ui->ticketPlacement, &QComboBox::currentIndexChanged, this, &OrderTicket::recompute);
    connect(m_ui->ticketRetry, &QPushButton::clicked, this, [this] {
        if (m_retry)
            quoteThenConfirm(*m_retry);
    });
    connect(m_ui->ticketHours, &QSpinBox::valueChanged, this, [this](int hours) {
        if (!m_settingHours && !m_desk.selectedGpu().isEmpty())
            m_typedHours.insert(m_desk.selectedGpu(), hours);
        recompute();
    });
    // Another GPU is another order: 108 hours sized for one GPU's job say nothing about the next.
    connect(&desk, &DeskState::selectedGpuChanged, this,
            [this](const QString &gpu) { setHours(m_typedHours.value(gpu, 1)); });
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
    // The best offers move with the book.
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(desk.orderBook(), signal, this, &OrderTicket::showBestOffer);
    connect(desk.orderBook(), &QAbstractItemModel::dataChanged, this, &OrderTicket::showBestOffer);
    connect(desk.orderBook(), &QAbstractItemModel::modelReset, this, &OrderTicket::showBestOffer);
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

void OrderTicket::fillFromBook(int bookRow)
{
    const OrderBookModel *book = m_desk.orderBook();
    if (bookRow < 0 || bookRow >= book->rowCount())
        return;
    const OrderBookModel::Level &level = book->level(bookRow);
    if (level.side == OrderBookModel::Side::Ask) {
        fill(level.price, book->cumulative(bookRow));
        return;
    }
    // A bid level: what others pay is a price to bid at; their GPUs are not this order's.
    m_priceFromBook = false;
    m_ui->ticketPrice->setText(editText(level.price));
    recompute();
}

void OrderTicket::setPlacement(Placement placement)
{
    m_placementChosen = true;
    m_ui->ticketPlacement->setCurrentIndex(m_ui->ticketPlacement->findData(int(placement)));
}

bool OrderTicket::setStart(qint64 startMs)
{
    refreshStarts();
    const int index = m_ui->ticketStart->findData(startMs);
    if (index < 0)
        return false;
    m_ui->ticketStart->setCurrentIndex(index);
    return true;
}

qint64 OrderTicket::start() const
{
    return m_ui->ticketStart->currentData().toLongLong();
}

qint64 OrderTicket::exchangeNowMs() const
{
    return m_session ? m_session->exchangeNowMs() : QDateTime::currentMSecsSinceEpoch();
}

void OrderTicket::refreshStarts()
{
    QComboBox *field = m_ui->ticketStart;
    const qint64 now = exchangeNowMs();
    const qint64 first = StartText::firstStart(now);
    const QLocale l = locale();
    field->setItemText(0, StartText::fieldText(0, l));
    if (first != m_firstStart) {
        const qint64 chosen = start();
        const QSignalBlocker quiet(field);
        // Item 0 is "Now"; the hours follow it.
        while (field->count() > 1)
            field->removeItem(field->count() - 1);
        for (const qint64 s : StartText::starts(now))
            field->addItem(StartText::text(s, l), s);
        m_firstStart = first;
        // The list as wide as its longest start, whatever the width the ticket gives the field.
        field->view()->setMinimumWidth(field->view()->sizeHintForColumn(0)
                                       + field->view()->verticalScrollBar()->sizeHint().width());
        const int index = field->findData(chosen);
        field->setCurrentIndex(std::max(index, 0));
        if (index < 0) {
            // The chosen hour has passed: the order would start now, which the user must see.
            showOutcome(tr("The start you chose has passed: the order starts now unless you "
                           "choose another."));
        }
        recompute();
    }
}

QString OrderTicket::startWords(qint64 startMs) const
{
    if (startMs == 0)
        return tr("Starts now.", "an order's rental");
    //: %1 the start's day and hour, and the same in UTC ("Mon 7 Dec 10:00 (09:00 UTC)")
    return tr("Starts %1.", "an order's rental").arg(StartText::text(startMs, locale()));
}

OrderTicket::Run OrderTicket::run() const
{
    return {m_desk.selectedGpu(), m_ui->ticketGpus->value(), m_ui->ticketHours->value(),
            placement()};
}

void OrderTicket::emitRunChanged()
{
    const Run now = run();
    if (now == m_lastRun)
        return;
    m_lastRun = now;
    Q_EMIT runChanged();
}

void OrderTicket::setHours(int hours)
{
    const QScopedValueRollback guard(m_settingHours, true);
    m_ui->ticketHours->setValue(
        std::clamp(hours, m_ui->ticketHours->minimum(), m_ui->ticketHours->maximum()));
}

Placement OrderTicket::placement() const
{
    return Placement(m_ui->ticketPlacement->currentData().toInt());
}

void OrderTicket::retranslatePlacements()
{
    m_ui->ticketPlacement->setItemText(0, tr("Any servers", "an order's placement"));
    m_ui->ticketPlacement->setItemText(1, tr("One server", "an order's placement"));
    m_ui->ticketPlacement->setItemText(2, tr("One cluster", "an order's placement"));
    m_ui->ticketPlacement->setItemData(
        0,
        tr("The GPUs may come from several servers, even far apart: for jobs that need no fast "
           "link between GPUs."),
        Qt::ToolTipRole);
    m_ui->ticketPlacement->setItemData(
        1, tr("All the GPUs from one server, or none: for a model split over GPUs."),
        Qt::ToolTipRole);
    m_ui->ticketPlacement->setItemData(
        2, tr("All the GPUs from servers of one provider's cluster, or none."), Qt::ToolTipRole);
}

void OrderTicket::prefill(const QString &gpu, qint64 gpus, int hours, Cents price, bool bid)
{
    m_placementChosen = false; // the new GPU count sets the placement
    m_desk.selectGpu(gpu);
    // Until gpu's book is shown, its arrival (a reset) would start the price from its offer.
    if (m_desk.orderBook()->gpu() != gpu)
        m_keepPriceFor = gpu;
    else
        m_keepPriceFor.clear();
    (bid ? m_ui->ticketBid : m_ui->ticketBuyNow)->setChecked(true);
    setHours(hours);
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
    Money::ParseError why = Money::ParseError::None;
    const std::optional<Cents> price = Money::parse(m_ui->ticketPrice->text(), locale(), &why);
    if (!price)
        return refuse(priceProblem(why));
    if (*price < MarketRules::MinPriceCents)
        return refuse(tr("The price must be above zero: at least %1 per GPU-hour.")
                          .arg(Money::format(MarketRules::MinPriceCents, locale())));
    if (*price > MarketRules::MaxPriceCents)
        return refuse(tr("The price can be at most %1 per GPU-hour.")
                          .arg(Money::format(MarketRules::MaxPriceCents, locale())));
    Order o;
    o.buyNow = m_ui->ticketBuyNow->isChecked();
    o.gpu = m_desk.selectedGpu();
    o.gpus = m_ui->ticketGpus->value();
    o.hours = m_ui->ticketHours->value();
    o.placement = placement();
    o.price = *price;
    o.startMs = start();
    if (o.startMs != 0 && !StartText::isOffered(o.startMs, exchangeNowMs()))
        return refuse(tr("The start must be a whole hour from the next one to %n day(s) ahead: "
                         "choose another.",
                         "", MarketRules::WindowDays));
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
    // Offline, the figures are the last known ones (balance, tax rate, price): kept, greyed and
    // dated, rather than blanked or recomputed from nothing.
    const QString asOf = m_desk.asOfText(locale());
    for (QLabel *l : {m_ui->ticketSubtotal, m_ui->ticketTax, m_ui->ticketTotal,
                      m_ui->ticketBalanceAfter, m_ui->ticketBestOffer}) {
        l->setEnabled(asOf.isEmpty());
        l->setToolTip(asOf);
    }
    m_ui->ticketProblem->setText(o ? QString() : problem);
    m_ui->ticketProblem->setVisible(!o);
    m_ui->ticketPlace->setEnabled(o.has_value());
    showBestOffer();
    emitRunChanged();
}

void OrderTicket::showBestOffer()
{
    const OrderBookModel *book = m_desk.orderBook();
    const std::optional<Cents> best = book->bestAsk();
    const int gpus = m_ui->ticketGpus->value();
    if (!best) {
        m_ui->ticketBestOffer->setText(tr("No offers"));
        return;
    }
    if (gpus <= 1) {
        m_ui->ticketBestOffer->setText(Money::format(*best, locale()));
        return;
    }
    // The cheapest ask level one of whose servers can take all the GPUs.
    const std::optional<Cents> oneServer = book->bestAskForOneServer(gpus);
    m_ui->ticketBestOffer->setText(
        //: %1 the best offer; %2 the best price for the GPUs on one server, or "none"
        tr("%1; for %n on one server: %2", "", gpus)
            .arg(Money::format(*best, locale()),
                 oneServer ? Money::format(*oneServer, locale())
                           : tr("none", "no server offers that many GPUs")));
}

void OrderTicket::submit()
{
    const std::optional<Order> o = order();
    if (!o)
        return;
    if (o->buyNow)
        quoteThenConfirm(*o);
    else
        confirm(*o, std::nullopt);
}

QString OrderTicket::noPlacementText(const Order &o) const
{
    switch (o.placement) {
    case Placement::Server:
        return tr("No one server offers %n GPU(s) now.", "", o.gpus);
    case Placement::Cluster:
        return tr("No one cluster offers %n GPU(s) now.", "", o.gpus);
    case Placement::Any:
        break;
    }
    return tr("Fewer than %n GPU(s) are offered now.", "", o.gpus);
}

void OrderTicket::quoteThenConfirm(const Order &o)
{
    showOutcome({});
    m_ui->ticketPlace->setEnabled(false); // until the quote is in
    m_client.quote(
        {o.gpu, o.gpus, o.hours, o.placement, o.startMs}, this,
        [this, o](const Result<PlacementQuote> &quote) {
            recompute();
            if (!quote) {
                showOutcome(
                    tr("The exchange could not price this order: %1").arg(quote.error().message));
                return;
            }
            if (!quote->available) {
                m_retry = o;
                showOutcome(noPlacementText(o), tr("Ask again"));
                return;
            }
            confirm(o, *quote);
        });
}

void OrderTicket::confirm(const Order &o, const std::optional<PlacementQuote> &quote)
{
    const QLocale l = locale();
    // One plural per message: the hours are their own ("3 hours", "1 jam").
    const QString gpu = GpuCatalog::builtIn().displayName(o.gpu);
    const QString hours = tr("%n hour(s)", "", o.hours);
    QString where;
    switch (o.placement) {
    case Placement::Any:
        where = tr("from any servers", "where the GPUs come from");
        break;
    case Placement::Server:
        where = tr("all on one server", "where the GPUs come from");
        break;
    case Placement::Cluster:
        where = tr("all in one cluster", "where the GPUs come from");
        break;
    }
    QString text;
    Order sent = o;
    if (quote) {
        // The quote's prices, leg by leg: the cap is its dearest leg, the hold its total.
        sent.price = quote->highestCents;
        sent.cost = {quote->subtotalCents, quote->taxCents, quote->totalCents};
        //: %1 is the GPU's name, %2 a number of hours ("3 hours"), %3 where the GPUs come from
        text = tr("Buy now %n GPU(s) of %1 for %2, %3.", "", o.gpus).arg(gpu, hours, where) + u'\n'
            + u'\n'
            + tr("Average price %1 per GPU-hour (at most %2), from %n server(s)", "",
                 int(quote->legs.size()))
                  .arg(Money::format(quote->averageCents, l),
                       Money::format(quote->highestCents, l));
    } else {
        //: %1 is the GPU's name, %2 a number of hours ("3 hours"), %3 the bid's price, %4 where
        //: the GPUs come from
        text = tr("Bid for %n GPU(s) of %1 for %2 at %3 per GPU-hour, %4.", "", o.gpus)
                   .arg(gpu, hours, Money::format(o.price, l), where);
    }
    text += u' ' + startWords(o.startMs);
    text += u'\n'
        + tr("Subtotal %1\nTax %2\nTotal held %3\nBalance after %4\nPrices "
             "exclude tax; rentals are billed hourly.")
              .arg(Money::format(sent.cost.subtotal, l), Money::format(sent.cost.tax, l),
                   Money::format(sent.cost.total, l),
                   Money::format(m_desk.balance().available - sent.cost.total, l));
    auto *confirmation = new QMessageBox(QMessageBox::Question, tr("Confirm order"), text,
                                         QMessageBox::Yes | QMessageBox::Cancel, this);
    confirmation->setObjectName(QStringLiteral("ticketConfirmation"));
    confirmation->setAttribute(Qt::WA_DeleteOnClose);
    confirmation->setDefaultButton(QMessageBox::Cancel);
    connect(confirmation, &QMessageBox::finished, this, [this, sent](int result) {
        if (result == QMessageBox::Yes)
            send(sent);
    });
    confirmation->open();
}

BidRequest OrderTicket::bidRequest(const Order &o)
{
    BidRequest request;
    request.gpu = o.gpu;
    request.kind = o.buyNow ? OrderKind::BuyNow : OrderKind::Limit;
    request.quantity = o.gpus;
    request.hours = o.hours;
    request.limitCents = o.price;
    request.placement = o.placement;
    request.startMs = o.startMs;
    return request;
}

void OrderTicket::send(const Order &o)
{
    const BidRequest request = bidRequest(o);
    showOutcome({});
    m_client.placeOrder(request, this, [this, o](const Result<OrderPlaced> &placement) {
        if (!placement) {
            const QString text = tr("Order refused: %1").arg(placement.error().message);
            showOutcome(text);
            Q_EMIT placed(text);
            return;
        }
        const BidOrder &order = placement->order;
        // A buy-now that took nothing (no whole placement within its cap any more) placed nothing.
        if (order.kind == OrderKind::BuyNow && order.filled == 0) {
            nothingFilled(o);
            return;
        }
        const QString text = order.kind == OrderKind::BuyNow && order.filled < order.quantity
            ? tr("Order placed: %1 of %n GPU(s) filled; the rest is released.", "", order.quantity)
                  .arg(locale().toString(order.filled))
            : tr("Order placed.");
        showOutcome(text);
        Q_EMIT placed(text);
    });
}

void OrderTicket::nothingFilled(const Order &o)
{
    m_retry = o;
    // What the placement costs now, to say and to ask again at.
    m_client.quote(
        {o.gpu, o.gpus, o.hours, o.placement}, this,
        [this, o](const Result<PlacementQuote> &quote) {
            QString text;
            if (quote && quote->available) {
                const QString now = Money::format(quote->averageCents, locale());
                text = tr("Nothing filled: the best offer is now %1 per GPU-hour.").arg(now);
                m_priceFromBook = false;
                m_ui->ticketPrice->setText(editText(quote->highestCents));
                showOutcome(text, tr("Buy at %1…").arg(now));
            } else {
                text = tr("Nothing filled.") + u' ' + noPlacementText(o);
                showOutcome(text, tr("Ask again"));
            }
            Q_EMIT placed(text);
        });
}

void OrderTicket::showOutcome(const QString &text, const QString &retry)
{
    m_ui->ticketOutcome->setText(text);
    m_ui->ticketOutcome->setVisible(!text.isEmpty());
    m_ui->ticketRetry->setText(retry);
    m_ui->ticketRetry->setVisible(!retry.isEmpty());
}

QString OrderTicket::priceProblem(Money::ParseError why) const
{
    const QString example = editText(419);
    switch (why) {
    case Money::ParseError::NotANumber:
        return tr("Enter the price as a number, like %1.").arg(example);
    case Money::ParseError::TooManyDecimals:
        return tr("Prices are in whole cents: at most two decimals, like %1.").arg(example);
    case Money::ParseError::WrongDecimalSign: {
        // The user's amount, with this locale's decimal sign.
        const QChar own = locale().decimalPoint().front();
        QString fixed = m_ui->ticketPrice->text().trimmed();
        fixed.replace(own == u'.' ? u',' : u'.', own);
        return own == u',' ? tr("Use a comma for decimals: %1").arg(fixed)
                           : tr("Use a point for decimals: %1", "the decimal sign '.'").arg(fixed);
    }
    case Money::ParseError::TooLarge:
        return tr("The price can be at most %1 per GPU-hour.")
            .arg(Money::format(MarketRules::MaxPriceCents, locale()));
    case Money::ParseError::Empty:
    case Money::ParseError::None:
        break;
    }
    return tr("Enter a price per GPU-hour, like %1.").arg(Money::format(419, locale()));
}

QString OrderTicket::editText(Cents price) const
{
    return Money::toPlain(price).replace(u'.', locale().decimalPoint());
}

void OrderTicket::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslatePlacements();
        m_firstStart = 0; // the starts' words anew
        refreshStarts();
        recompute();
    }
    if (event->type() == QEvent::LocaleChange) {
        m_firstStart = 0;
        refreshStarts();
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
