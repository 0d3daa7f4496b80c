// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/startcostchart.h"

#include "market/marketrules.h"
#include "market/money.h"
#include "trading/marketcolors.h"
#include "views/starttext.h"
#include "wire/clientsession.h"

#include <QtCharts/QBarSet>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QStackedBarSeries>
#include <QtCharts/QValueAxis>
#include <QtCore/QDateTime>
#include <QtCore/QEvent>
#include <QtGui/QFontMetrics>
#include <QtGui/QMouseEvent>
#include <QtWidgets/QLabel>
#include <QtWidgets/QVBoxLayout>

#include <cmath>

namespace everx {

namespace {

double dollars(Cents cents)
{
    return double(cents) / 100.0;
}

} // namespace

StartCostChart::StartCostChart(ClientSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(&session)
    , m_client(session)
{
    setObjectName(QStringLiteral("startCostChart"));
    m_readout = new QLabel(this);
    m_readout->setObjectName(QStringLiteral("startCostReadout"));
    m_readout->setWordWrap(true);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_chart = new QChart;
    m_chart->legend()->hide();
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setLocalizeNumbers(true);
    m_chart->setLocale(locale());
    // Two sets stacked: each start's total is in one of them, the cheapest start's in its own
    // colour; a start with nothing free has neither, a gap.
    m_series = new QStackedBarSeries;
    // Whole slots: neighbouring starts touch, so that a gap is only ever a start with nothing free.
    m_series->setBarWidth(1.0);
    m_costs = new QBarSet(QString());
    m_cheapestSet = new QBarSet(QString());
    m_series->append(m_costs);
    m_series->append(m_cheapestSet);
    m_chart->addSeries(m_series);
    // The starts are the bars' slots, 0 to 335; the days are labelled at their local midnights.
    m_days = new QCategoryAxis;
    m_days->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_money = new QValueAxis;
    m_money->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->addAxis(m_days, Qt::AlignBottom);
    m_chart->addAxis(m_money, Qt::AlignLeft);
    m_series->attachAxis(m_days);
    m_series->attachAxis(m_money);
    connect(m_chart, &QChart::plotAreaChanged, this, &StartCostChart::relabelDays);

    m_view = new QChartView(m_chart, this);
    m_view->setObjectName(QStringLiteral("startCostChartView"));
    m_view->setRenderHint(QPainter::Antialiasing, false); // crisp bars
    m_view->setMinimumHeight(120);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_readout);
    layout->addWidget(m_view, 1);

    // A start's whole column answers the pointer, not only its bar: 336 bars share a few hundred
    // pixels, and a cheap start's bar is the shortest.
    m_view->viewport()->setMouseTracking(true);
    m_view->viewport()->setCursor(Qt::PointingHandCursor);
    m_view->viewport()->installEventFilter(this);

    m_still.setSingleShot(true);
    m_still.setInterval(DebounceMs);
    connect(&m_still, &QTimer::timeout, this, &StartCostChart::ask);
    m_hourClock.setInterval(5000);
    connect(&m_hourClock, &QTimer::timeout, this, &StartCostChart::checkHour);
    m_hourClock.start();
    // The account's tax, and a connection that was not there, change the answer.
    connect(&session, &ClientSession::signedIn, this, &StartCostChart::askWhenStill);
    connect(&session, &ClientSession::signedOut, this, &StartCostChart::askWhenStill);
    connect(&session, &ClientSession::stateChanged, this, [this](ClientSession::State state) {
        if (state == ClientSession::State::Connected || state == ClientSession::State::SignedIn)
            askWhenStill();
    });

    applyPalette();
    retranslateUi();
    showWindows({});
}

StartCostChart::~StartCostChart() = default;

void StartCostChart::setRun(const QString &gpu, int gpus, int hours, Placement placement)
{
    if (m_run.gpu == gpu && m_run.quantity == gpus && m_run.hours == hours
        && m_run.placement == placement)
        return;
    m_run = WindowsRequest {};
    m_run.gpu = gpu;
    m_run.quantity = gpus;
    m_run.hours = hours;
    m_run.placement = placement;
    if (gpu.isEmpty()) {
        m_still.stop();
        showWindows({});
        return;
    }
    askWhenStill();
}

void StartCostChart::askWhenStill()
{
    if (!m_run.gpu.isEmpty())
        m_still.start(); // restarts: asks DebounceMs after the last change
}

void StartCostChart::ask()
{
    if (m_run.gpu.isEmpty())
        return;
    if (m_inFlight) {
        m_askAgain = true; // one at a time: the newest run goes when this one is back
        return;
    }
    m_inFlight = true;
    ++m_sent;
    const WindowsRequest asked = m_run;
    m_client.windows(asked, this, [this, asked](const Result<WindowsQuote> &quote) {
        m_inFlight = false;
        const bool current = asked.gpu == m_run.gpu && asked.quantity == m_run.quantity
            && asked.hours == m_run.hours && asked.placement == m_run.placement;
        if (m_askAgain || !current) {
            m_askAgain = false;
            ask();
            return;
        }
        if (!quote) {
            m_problem =
                tr("The exchange could not price the starts: %1").arg(quote.error().message);
            showWindows({});
            return;
        }
        m_problem.clear();
        showWindows(*quote);
    });
}

void StartCostChart::checkHour()
{
    if (m_run.gpu.isEmpty() || m_quote.windows.isEmpty() || !m_session)
        return;
    if (m_quote.windows.first().startMs != StartText::firstStart(m_session->exchangeNowMs()))
        askWhenStill();
}

void StartCostChart::showWindows(const WindowsQuote &quote)
{
    m_quote = quote;
    m_cheapest = -1;
    const qsizetype n = quote.windows.size();
    Cents highest = 0;
    Cents lowest = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const StartWindow &w = quote.windows[i];
        if (w.placements <= 0)
            continue;
        highest = std::max(highest, w.totalCents);
        lowest = lowest == 0 ? w.totalCents : std::min(lowest, w.totalCents);
        if (m_cheapest < 0 || w.totalCents < quote.windows[m_cheapest].totalCents)
            m_cheapest = int(i);
    }
    // The money axis runs from a little under the cheapest start to a little over the dearest:
    // starts that differ by a few per cent must look different. Round ticks (700, 710, 720, not
    // 703, 711, 719), cents where the whole range is a few dollars.
    const double lo = dollars(lowest), hi = dollars(highest);
    const double pad = std::max((hi - lo) * 0.25, hi * 0.01);
    m_money->setRange(highest > 0 ? std::max(0.0, lo - pad) : 0.0, highest > 0 ? hi + pad : 1.0);
    m_money->applyNiceNumbers();
    const QString format =
        m_money->max() - m_money->min() < 10 ? QStringLiteral("%.2f") : QStringLiteral("%.0f");
    if (m_money->labelFormat() != format)
        m_money->setLabelFormat(format);
    // Every bar reaches the floor at least: a bar under the axis crashes QChartView's press. A
    // start with nothing free is a bar of the floor's height (none seen); the cheapest is the
    // floor in the costs' colour with the rest stacked on it in its own.
    const qreal floor = m_money->min();
    QList<qreal> costs(n, floor);
    QList<qreal> cheapest(n, 0.0);
    for (qsizetype i = 0; i < n; ++i) {
        if (quote.windows[i].placements > 0 && i != m_cheapest)
            costs[i] = dollars(quote.windows[i].totalCents);
    }
    if (m_cheapest >= 0)
        cheapest[m_cheapest] = dollars(quote.windows[m_cheapest].totalCents) - floor;
    m_costs->remove(0, m_costs->count());
    m_costs->append(costs);
    m_cheapestSet->remove(0, m_cheapestSet->count());
    m_cheapestSet->append(cheapest);
    m_days->setRange(-0.5, std::max<qsizetype>(n, 1) - 0.5);
    relabelDays();
    showReadout();
}

void StartCostChart::relabelDays()
{
    for (const QString &label : m_days->categoriesLabels())
        m_days->remove(label);
    m_days->setStartValue(-0.5);
    const QList<StartWindow> &windows = m_quote.windows;
    if (windows.isEmpty())
        return;
    // The starts at a local midnight, each labelled with its day; every second or third day
    // when the chart is too narrow for all of them.
    QList<int> midnights;
    for (int i = 0; i < windows.size(); ++i) {
        const QTime t = QDateTime::fromMSecsSinceEpoch(windows[i].startMs).toLocalTime().time();
        if (t.hour() == 0)
            midnights.append(i);
    }
    const QLocale l = locale();
    // The widest a day's label gets (a long weekday, a two-digit day), and room between labels:
    // the axis elides a label wider than the space its neighbours leave it.
    const QDateTime wide(QDate(2026, 9, 30), QTime(12, 0));
    const qreal widest = QFontMetricsF(m_days->labelsFont())
                             .horizontalAdvance(StartText::dayText(wide.toMSecsSinceEpoch(), l))
        + 32;
    const qreal plot = std::max<qreal>(m_chart->plotArea().width(), 1);
    const qreal dayWidth = plot * 24 / std::max<qsizetype>(windows.size(), 1);
    const int step = std::max(1, int(std::ceil(widest / std::max<qreal>(dayWidth, 1))));
    for (int k = 0; k < midnights.size(); k += step) {
        const int i = midnights[k];
        m_days->append(StartText::dayText(windows[i].startMs, l), i - 0.5);
    }
}

int StartCostChart::startAt(const QPoint &viewportPos) const
{
    const QPointF inChart = m_chart->mapFromScene(m_view->mapToScene(viewportPos));
    if (!m_chart->plotArea().contains(inChart))
        return -1;
    const int index = qRound(m_chart->mapToValue(inChart, m_series).x());
    return index >= 0 && index < m_quote.windows.size() ? index : -1;
}

bool StartCostChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport()) {
        switch (event->type()) {
        case QEvent::MouseMove:
            showReadout(startAt(static_cast<QMouseEvent *>(event)->position().toPoint()));
            break;
        case QEvent::Leave:
            showReadout();
            break;
        case QEvent::MouseButtonRelease: {
            const auto *mouse = static_cast<QMouseEvent *>(event);
            const int index =
                mouse->button() == Qt::LeftButton ? startAt(mouse->position().toPoint()) : -1;
            if (index >= 0 && m_quote.windows[index].placements > 0)
                Q_EMIT startChosen(m_quote.windows[index].startMs);
            break;
        }
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

QPoint StartCostChart::barCentre(int index) const
{
    if (index < 0 || index >= m_quote.windows.size())
        return {};
    // Halfway up what is seen of it: from the axis's floor to its top.
    const qreal floor = m_money->min();
    const qreal height = std::max(m_costs->at(index) + m_cheapestSet->at(index), floor);
    const QPointF inChart = m_chart->mapToPosition(QPointF(index, (floor + height) / 2), m_series);
    return m_view->mapFromScene(m_chart->mapToScene(inChart));
}

QString StartCostChart::readout() const
{
    return m_readout->text();
}

void StartCostChart::showReadout(int hovered)
{
    const QLocale l = locale();
    QString text;
    if (!m_problem.isEmpty()) {
        text = m_problem;
    } else if (m_run.gpu.isEmpty()) {
        text = tr("Choose a GPU: the chart shows what the ticket's order costs at each start.");
    } else if (m_quote.windows.isEmpty()) {
        text = tr("Asking the exchange what each start costs…");
    } else if (hovered >= 0 && hovered < m_quote.windows.size()) {
        const StartWindow &w = m_quote.windows[hovered];
        text = w.placements > 0
            //: %1 a start ("Mon 7 Dec 10:00 (09:00 UTC)"), %2 the run's total with tax
            ? tr("Start %1: %2 in all, tax included. Click to choose it.")
                  .arg(StartText::text(w.startMs, l), Money::format(w.totalCents, l))
            : tr("Start %1: nothing is free for the whole run.").arg(StartText::text(w.startMs, l));
    } else if (m_cheapest < 0) {
        text = tr("No start in the next %n day(s) has the GPUs free for the whole run.", "",
                  MarketRules::WindowDays);
    } else {
        const StartWindow &w = m_quote.windows[m_cheapest];
        //: %1 a start ("Mon 7 Dec 10:00 (09:00 UTC)"), %2 the run's total with tax
        text = tr("Cheapest start: %1, %2 in all, tax included.")
                   .arg(StartText::text(w.startMs, l), Money::format(w.totalCents, l));
    }
    m_readout->setText(text);
}

void StartCostChart::applyPalette()
{
    const QPalette p = palette();
    MarketColors::styleChart(m_chart, p, {m_days, m_money});
    m_costs->setColor(MarketColors::neutral(p, 120));
    m_costs->setBorderColor(MarketColors::neutral(p, 120));
    m_cheapestSet->setColor(MarketColors::up(p));
    m_cheapestSet->setBorderColor(MarketColors::up(p));
}

void StartCostChart::retranslateUi()
{
    setWindowTitle(tr("Cost by start"));
    m_view->setAccessibleName(tr("Cost of the ticket's order at each start hour"));
    showReadout();
}

void StartCostChart::changeEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::LanguageChange:
        retranslateUi();
        break;
    case QEvent::LocaleChange:
        m_chart->setLocale(locale());
        relabelDays();
        showReadout();
        break;
    case QEvent::PaletteChange:
        applyPalette();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

} // namespace everx
