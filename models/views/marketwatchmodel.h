// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/gpucatalog.h"
#include "market/marketrecords.h"
#include "views/tablemodel.h"

#include <QtCore/QJsonObject>
#include <QtCore/QLocale>
#include <QtCore/QSet>
#include <QtCore/QTimer>

namespace everx {

// Every GPU of the catalog with its live market: best bid, best ask, last, 24h change, 24h
// volume, memory and BF16 TFLOPS (docs/architecture.md "The desk"). One row per catalog GPU, in
// catalog order, for the model's whole life: rows never move, so a view's selection and scroll
// survive every update.
//
// Fed by the "ticker" channel (docs/protocol.md). Updates change the state at once; the views
// are told (dataChanged, for the rows that changed only) at most once per frame, so a busy
// market does not repaint the table hundreds of times a second.
class MarketWatchModel final : public TableModel
{
    Q_OBJECT

public:
    enum Column { Gpu, Bid, Ask, Last, Change24h, Volume24h, Memory, Bf16, ColumnCount };
    // RawValueRole (TableModel): numbers to sort on, cents, basis points, GB, ...
    enum Role {
        GpuIdRole = RawValueRole + 1, // the catalog id, for every column
    };

    explicit MarketWatchModel(const GpuCatalog &catalog, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;

    // Numbers and money in the user's locale; a change repaints everything once.
    void setLocale(const QLocale &locale);

    void applySnapshot(const QJsonObject &data);
    void applyDelta(const QJsonObject &data);
    // Drops every live figure (the connection is gone): the view shows dashes, not stale prices.
    void clearMarket();

    int rowOf(const QString &gpu) const { return int(m_catalog.indexOf(gpu)); }
    TickerEntry ticker(int row) const { return m_tickers.value(row); }
    // Frame interval of the coalescing, in ms (tests set 0 for immediate signals).
    void setFrameInterval(int ms) { m_frame.setInterval(ms); }

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
    void apply(const QJsonObject &data);
    void markChanged(int row);
    void flush();

    const GpuCatalog &m_catalog;
    QList<TickerEntry> m_tickers; // by row
    QLocale m_locale;
    QSet<int> m_dirty;
    QTimer m_frame;
};

} // namespace everx
