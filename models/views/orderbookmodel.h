// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/money.h"
#include "views/tablemodel.h"

#include <QtCore/QJsonObject>
#include <QtCore/QLocale>

#include <optional>
#include <vector>

namespace everx {

// One GPU's order book as a ladder: ask levels above, highest first, then bid levels, highest
// first, so that the spread sits between the last ask row and the first bid row
// (docs/architecture.md "The desk"). Fed by a "book.<gpu>" channel: a snapshot, then per-level
// deltas.
//
// A new level inserts its row, a level that empties removes its row, a changed level emits
// dataChanged for its row. The cumulative column (and the depth fractions) of a side change
// with any of its levels: one dataChanged of that side's column per delta, after all its
// levels. Never a reset after the first snapshot of a GPU, so a view keeps its scroll.
//
// Each side is kept worst price first, so that a level near the touch, where most deltas
// land, moves only the few levels behind it. At a crossed moment (between two deltas, a bid
// at or above an ask) the rows are still every ask, then every bid.
class OrderBookModel final : public TableModel
{
    Q_OBJECT

public:
    enum Column { Price, Gpus, Cumulative, Orders, Block, ColumnCount };
    // RawValueRole (TableModel): cents, GPUs.
    enum Role {
        IsAskRole = RawValueRole + 1, // bool: an ask row (else a bid row)
        DepthFractionRole, // double 0..1: cumulative GPUs / the side's total, for size bars
    };
    enum class Side { Bid, Ask };
    struct Level
    {
        Side side;
        Cents price;
        qint64 gpus;
        qint32 orders;
        qint32 block = 0; // asks only: the most idle GPUs one listing offers at this price
    };

    explicit OrderBookModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;

    void setLocale(const QLocale &locale);
    QString gpu() const { return m_gpu; }

    // A snapshot of another GPU (or the first) resets the model; a fresh snapshot of the same
    // GPU after a gap is applied level by level. Malformed levels are skipped.
    void applySnapshot(const QString &gpu, const QJsonObject &data);
    void applyDelta(const BookChange &change);
    void applyDelta(const QJsonObject &data); // read with Wire::bookChange()
    void clear();

    std::optional<Cents> bestBid() const;
    std::optional<Cents> bestAsk() const;
    std::optional<Cents> spread() const;
    // The best price for `gpus` GPUs on one server: the cheapest ask level whose block is `gpus`
    // or more (docs/protocol.md "Placements"); nullopt when no level's is.
    std::optional<Cents> bestAskForOneServer(qint64 gpus) const;
    const Level &level(int row) const
    {
        return row < m_firstBid ? m_asks[size_t(row)]
                                : m_bids[m_bids.size() - 1 - size_t(row - m_firstBid)];
    }
    // GPUs from the best price of the row's side up to and including the row.
    qint64 cumulative(int row) const;
    // The row where the ask side ends and the bid side starts (= the number of ask rows).
    int firstBidRow() const { return m_firstBid; }

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
    // Sets one level and emits its row's signals; returns whether anything changed. The
    // cumulative column's dataChanged is the caller's (cumulativeChanged), once per delta.
    bool setLevel(Side side, Cents price, qint64 gpus, qint32 orders, qint32 block);
    void cumulativeChanged(Side side);
    // Applies the levels of one side of a snapshot or delta; returns whether any changed.
    bool applyLevels(Side side, const std::vector<BookLevelChange> &levels);

    // Worst price first: asks by price descending (their rows in order), bids by price
    // ascending (their rows in reverse), so the best of each side is its last element.
    std::vector<Level> m_asks;
    std::vector<Level> m_bids;
    mutable std::vector<qint64> m_cumulative; // by row; empty when it needs recomputing
    int m_firstBid = 0; // == m_asks.size()
    QString m_gpu;
    QLocale m_locale;
};

} // namespace everx
