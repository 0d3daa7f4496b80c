// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/candleinterval.h"
#include "market/marketrecords.h"
#include "views/tablemodel.h"

#include <QtCore/QJsonObject>
#include <QtCore/QLocale>
#include <QtCore/QStringList>

#include <vector>

namespace everx {

// The candles of one GPU at one interval, oldest first, the forming one last (docs/architecture.md
// "The desk"), fed by a "candles.<gpu>.<interval>" channel (docs/protocol.md "Channels").
//
// Live updates never reset: a delta for a candle the model has emits dataChanged for its row, a
// new one inserts its row (normally at the end), and the oldest rows go once the cap is passed.
// A fresh snapshot of the same series (after a gap or a reconnect) is merged row by row. Only
// following another GPU or interval resets the model.
//
// Rows are kept sorted by start time and found by binary search; the forming candle, which
// nearly every delta touches, is checked first.
class CandleModel final : public TableModel
{
    Q_OBJECT

public:
    // RawValueRole (TableModel): qint64, the start in epoch ms, cents, GPU-hours.
    enum Column { Time, Open, High, Low, Close, Volume, ColumnCount };
    // The server sends up to 1,000 candles in a snapshot; live appends beyond drop the oldest.
    static constexpr int DefaultMaximumRows = 1000;

    explicit CandleModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;

    // Money, numbers and times in the user's locale; a change repaints every row once.
    void setLocale(const QLocale &locale);

    QString gpu() const { return m_gpu; }
    CandleInterval interval() const { return m_interval; }
    // Follows another series: resets to no rows until its snapshot. No-op for the same one.
    void follow(const QString &gpu, CandleInterval interval);
    // A snapshot of another series than the one followed resets the model to it; of the same
    // series it is merged. Malformed candles are skipped.
    void applySnapshot(const QString &gpu, CandleInterval interval, const QJsonObject &data);
    void applyDelta(const QJsonObject &data);
    void clear();

    // Live appends beyond this many rows remove the oldest. At least 1.
    void setMaximumRows(int rows);
    int maximumRows() const { return m_maxRows; }

    const Candle &candle(int row) const { return m_rows[size_t(row)]; }
    // The row of the candle that starts at startMs, or -1.
    int rowOf(qint64 startMs) const;
    // The first row whose candle starts at or after ms (rowCount() if none).
    int lowerBound(qint64 ms) const;
    // The row whose candle's middle is nearest to ms, or -1 without rows.
    int nearestRow(qint64 ms) const;

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
    void upsert(const Candle &candle);
    void emitRowChanged(int row);
    void enforceCap();
    static std::vector<Candle> parse(const QJsonObject &data);

    std::vector<Candle> m_rows; // by start time, ascending; unique starts
    QString m_gpu;
    CandleInterval m_interval = CandleInterval::Hour; // meaningful once m_gpu is set
    qint64 m_intervalMs = 0;
    int m_maxRows = DefaultMaximumRows;
    QLocale m_locale;
};

} // namespace everx
