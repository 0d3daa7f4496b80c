// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"
#include "views/orderbookmodel.h"

#include <QtCore/QHash>
#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtWidgets/QAbstractScrollArea>

#include <optional>

namespace everx {

class OpenOrdersModel;

// The order book ladder (docs/architecture.md "The desk"), painted by hand: a busy book changes
// many times a second and a QTableView repaint per change cannot keep up. Asks above, highest
// first; a spread row; bids below. Each level shows its price, GPUs, cumulative GPUs and order
// count over a size bar, and a marker where the account has its own bid; an ask level also shows
// the most GPUs one server offers at its price (its block: what a "server" order can take there).
//
// Repaints are coalesced: model signals only mark the ladder dirty, and one timer repaints at
// most once per frame (16 ms). The spread row stays in the middle of the view until the user
// scrolls; Home (or the "centre" of the context menu) brings it back.
//
// Keyboard: Up/Down move the current level, Page Up/Down by a page, Enter or Space activates it
// (fills the order ticket), Home re-centres on the spread.
class LadderView final : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit LadderView(QWidget *parent = nullptr);
    ~LadderView() override;

    void setBook(OrderBookModel *book);
    // Own bids are marked at their price when their GPU is the book's.
    void setOwnOrders(OpenOrdersModel *orders);

    // Book row (OrderBookModel row) shown at a viewport y, or -1 (spread row, empty space).
    int bookRowAt(int y) const;
    // Viewport rectangle of a book row.
    QRect bookRowRect(int bookRow) const;
    // The spread row's viewport rectangle.
    QRect spreadRect() const;
    // The text a book row shows in a column (OrderBookModel::Column); empty for a bid's block.
    QString cellText(int bookRow, int column) const;
    // GPUs of the account's own open bids at a book row's price (0: none).
    qint64 ownGpusAt(int bookRow) const;
    // The current level's row: the level is kept by side and price, so that it stays the same
    // level as others come and go above it; -1 when none is current or it left the book.
    int currentBookRow() const;
    void setCurrentBookRow(int bookRow);
    // Scrolls so that the spread row is in the middle, and keeps it there as the book moves.
    void centreOnSpread();
    bool followsSpread() const { return m_follow; }
    // How many times the viewport was painted; for the coalescing test and diagnostics.
    int paintCount() const { return m_paints; }

    QSize sizeHint() const override;

Q_SIGNALS:
    // A level was clicked or activated by keyboard: the ticket takes its price (and, for an ask,
    // the GPUs up to it).
    void levelActivated(int bookRow);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // Ladder line of a book row: asks keep their row, bids come after the spread line.
    int lineOf(int bookRow) const;
    int bookRowOfLine(int line) const;
    int lineCount() const;
    int lineHeight() const;
    void scheduleRepaint();
    void repaintNow();
    void updateScrollRange();
    void rebuildOwn();
    void retranslateUi();

    QPointer<OrderBookModel> m_book;
    QPointer<OpenOrdersModel> m_orders;
    QHash<Cents, qint64> m_own; // own bid GPUs by price, for the book's GPU
    QTimer m_repaint;
    QWidget *m_header = nullptr; // column titles above the viewport
    struct LevelKey
    {
        OrderBookModel::Side side;
        Cents price;
    };
    std::optional<LevelKey> m_current; // the clicked or keyed level, by price, not by row
    int m_hover = -1;
    int m_paints = 0;
    bool m_follow = true; // keep the spread centred
    bool m_programmaticScroll = false;
};

} // namespace everx
