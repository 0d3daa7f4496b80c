// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "wire/exchangeclient.h"

#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtWidgets/QWidget>

#include <optional>

class QBarSet;
class QCategoryAxis;
class QChart;
class QChartView;
class QLabel;
class QStackedBarSeries;
class QValueAxis;

namespace everx {

class ClientSession;

// "Cost by start" (docs/protocol.md "Windows ahead"): what the order ticket's run (GPU, GPUs,
// hours, placement) would cost in all, tax included, at each start hour of the next
// MarketRules::WindowDays days, as market.windows prices it: one bar a start, no bar where no
// placement is free over the whole window, the cheapest start in the market's "up" colour and
// named above the chart with its total. Hovering a start's column names the start and its total;
// clicking it chooses the start (startChosen), which the window gives to the ticket.
//
// It asks once the run has been still for DebounceMs, one request at a time: a change while one
// is out is asked for when it comes back, and an answer for another run than the one shown now
// is dropped. It asks again when the exchange's next hour moves and after a sign-in (the tax is
// the account's).
class StartCostChart final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int DebounceMs = 300;

    explicit StartCostChart(ClientSession &session, QWidget *parent = nullptr);
    ~StartCostChart() override;

    // The run to price; an empty gpu clears the chart.
    void setRun(const QString &gpu, int gpus, int hours, Placement placement);
    // Shows market.windows's answer (setRun()'s, as it comes back).
    void showWindows(const WindowsQuote &quote);

    const WindowsQuote &windows() const { return m_quote; }
    // The cheapest start with a free placement (the earliest of equal ones); -1 when none.
    int cheapestIndex() const { return m_cheapest; }
    QString readout() const;
    QChartView *chartView() const { return m_view; }
    QStackedBarSeries *series() const { return m_series; }
    QBarSet *costSet() const { return m_costs; }
    QBarSet *cheapestSet() const { return m_cheapestSet; }
    // Its floor is where every bar starts to be seen: a start with nothing free reaches it only.
    QValueAxis *moneyAxis() const { return m_money; }
    // The middle of start index's bar in the view's viewport: where a pointer clicks it.
    QPoint barCentre(int index) const;
    // How many market.windows requests were sent, and whether one is out now.
    int requestsSent() const { return m_sent; }
    bool isAsking() const { return m_inFlight; }

Q_SIGNALS:
    // The user clicked the bar of this start (epoch ms, on the hour).
    void startChosen(qint64 startMs);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // The start whose column is under a point of the viewport; -1 outside the plot.
    int startAt(const QPoint &viewportPos) const;
    void ask();
    void askWhenStill();
    void checkHour();
    void relabelDays();
    void applyPalette();
    void retranslateUi();
    void showReadout(int hovered = -1);

    QPointer<ClientSession> m_session;
    ExchangeClient m_client;
    WindowsRequest m_run; // the run shown; gpu empty: none
    WindowsQuote m_quote;
    int m_cheapest = -1;
    QString m_problem; // the last request's failure, shown instead of the figures
    bool m_inFlight = false;
    bool m_askAgain = false; // the run changed while a request was out
    int m_sent = 0;
    QTimer m_still; // the debounce
    QTimer m_hourClock; // checks whether the exchange's next hour moved

    QLabel *m_readout = nullptr;
    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
    QStackedBarSeries *m_series = nullptr;
    QBarSet *m_costs = nullptr;
    QBarSet *m_cheapestSet = nullptr;
    QCategoryAxis *m_days = nullptr;
    QValueAxis *m_money = nullptr;
};

} // namespace everx
