// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "views/tablemodel.h"

#include <QtCore/QJsonObject>
#include <QtCore/QList>
#include <QtCore/QLocale>
#include <QtCore/QSet>

namespace everx {

// The trade tape of one GPU, newest first (docs/architecture.md "The desk"), fed by a
// "trades.<gpu>" channel (docs/protocol.md "Channels"): the snapshot's last 100 trades, then every
// new one.
//
// New trades insert their rows at the top as one block; past the cap the oldest rows at the
// bottom are removed. A fresh snapshot of the same GPU (after a gap or a reconnect) only adds
// the trades the tape does not have, by id. Only following another GPU resets the model.
//
// The side is a word (Buy, Sell, History) and AggressorRole; colouring it is the view's
// business (the model links no QtGui).
class TradeTapeModel final : public TableModel
{
    Q_OBJECT

public:
    enum Column { Time, Price, Gpus, Hours, Side, ColumnCount };
    // RawValueRole (TableModel): qint64 epoch ms, cents, GPUs, hours; TradeAggressor.
    enum Role {
        AggressorRole = RawValueRole + 1, // int TradeAggressor, for every column
        TradeIdRole, // qint64, for every column
    };
    static constexpr int DefaultMaximumRows = 500;

    explicit TradeTapeModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;

    // "Buy", "Sell", "History": who started the trade, in the user's language.
    static QString sideName(quint8 aggressor);

    // Money, numbers and times in the user's locale; a change repaints every row once.
    void setLocale(const QLocale &locale);

    QString gpu() const { return m_gpu; }
    // Follows another GPU: resets to no rows until its snapshot. No-op for the same one.
    void follow(const QString &gpu);
    // A snapshot of another GPU than the one followed resets the model to it; of the same GPU
    // it adds the trades not yet shown. Malformed trades are skipped.
    void applySnapshot(const QString &gpu, const QJsonObject &data);
    void applyDelta(const QJsonObject &data);
    void clear();

    // Beyond this many rows the oldest are removed. At least 1.
    void setMaximumRows(int rows);
    int maximumRows() const { return m_maxRows; }

    const Trade &trade(int row) const { return m_rows[row]; }

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
    // Adds trades not yet shown (any order); the newest ones go on top as one block.
    void add(QList<Trade> trades);
    void enforceCap();
    static QList<Trade> parse(const QJsonObject &data);

    QList<Trade> m_rows; // newest (highest id) first
    QSet<qint64> m_ids; // ids of m_rows
    QString m_gpu;
    int m_maxRows = DefaultMaximumRows;
    QLocale m_locale;
};

} // namespace everx
