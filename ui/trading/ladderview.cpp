// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/ladderview.h"

#include "views/openordersmodel.h"
#include "views/orderbookmodel.h"

#include <QtGui/QKeyEvent>
#include <QtGui/QMouseEvent>
#include <QtGui/QPainter>
#include <QtWidgets/QScrollBar>
#include <QtWidgets/QToolTip>

namespace everx {

namespace {
constexpr int RepaintIntervalMs = 16; // one frame at 60 Hz
constexpr int MarkerWidth = 14;

// Column boundaries as fractions of the width after the marker: price, GPUs, cumulative, orders,
// and (asks only) the most GPUs one server offers at the level.
constexpr double ColumnStops[] = {0.0, 0.18, 0.32, 0.50, 0.68, 1.0};

QColor askColor(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128 ? QColor(0xef, 0x53, 0x50)
                                                           : QColor(0xc6, 0x28, 0x28);
}

QRect columnRect(int width, int index, int height)
{
    const int body = width - MarkerWidth;
    return QRect(MarkerWidth + int(body * ColumnStops[index]), 0,
                 int(body * (ColumnStops[index + 1] - ColumnStops[index])) - 6, height);
}

QColor bidColor(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128 ? QColor(0x66, 0xbb, 0x6a)
                                                           : QColor(0x2e, 0x7d, 0x32);
}
} // namespace

// The column titles, above the viewport, in the same columns as the levels.
class LadderHeader final : public QWidget
{
public:
    explicit LadderHeader(QWidget *parent)
        : QWidget(parent)
    {
        setAttribute(Qt::WA_TransparentForMouseEvents);
    }
    QStringList titles;

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.fillRect(rect(), palette().color(QPalette::Button));
        p.setPen(palette().color(QPalette::ButtonText));
        QFont font = p.font();
        font.setBold(true);
        p.setFont(font);
        for (int i = 0; i < titles.size(); ++i) {
            const QRect cell = columnRect(width(), i, height());
            p.drawText(cell, Qt::AlignRight | Qt::AlignVCenter,
                       p.fontMetrics().elidedText(titles[i], Qt::ElideRight, cell.width()));
        }
    }
};

LadderView::LadderView(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    setObjectName(QStringLiteral("orderBookLadder"));
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    viewport()->setMouseTracking(true);
    viewport()->setAutoFillBackground(true);
    viewport()->setBackgroundRole(QPalette::Base);
    m_repaint.setSingleShot(true);
    m_repaint.setInterval(RepaintIntervalMs);
    connect(&m_repaint, &QTimer::timeout, this, &LadderView::repaintNow);
    m_header = new LadderHeader(this);
    setViewportMargins(0, lineHeight(), 0, 0);
    retranslateUi();
}

LadderView::~LadderView() = default;

void LadderView::setBook(OrderBookModel *book)
{
    if (m_book)
        m_book->disconnect(this);
    m_book = book;
    if (book) {
        // Every structural or data change only marks the ladder dirty; see scheduleRepaint().
        for (auto signal : {&OrderBookModel::rowsInserted, &OrderBookModel::rowsRemoved})
            connect(book, signal, this, &LadderView::scheduleRepaint);
        connect(book, &OrderBookModel::dataChanged, this, &LadderView::scheduleRepaint);
        connect(book, &OrderBookModel::modelReset, this, [this] {
            m_current.reset();
            m_follow = true;
            rebuildOwn();
            scheduleRepaint();
        });
    }
    rebuildOwn();
    scheduleRepaint();
}

void LadderView::setOwnOrders(OpenOrdersModel *orders)
{
    if (m_orders)
        m_orders->disconnect(this);
    m_orders = orders;
    if (orders) {
        for (auto signal : {&OpenOrdersModel::rowsInserted, &OpenOrdersModel::rowsRemoved})
            connect(orders, signal, this, &LadderView::rebuildOwn);
        connect(orders, &OpenOrdersModel::dataChanged, this, &LadderView::rebuildOwn);
        connect(orders, &OpenOrdersModel::modelReset, this, &LadderView::rebuildOwn);
    }
    rebuildOwn();
}

void LadderView::rebuildOwn()
{
    m_own.clear();
    if (m_orders && m_book) {
        for (int row = 0; row < m_orders->rowCount(); ++row) {
            const BidOrder &order = m_orders->record(row);
            if (order.gpu == m_book->gpu())
                m_own[order.limitCents] += order.remaining;
        }
    }
    scheduleRepaint();
}

qint64 LadderView::ownGpusAt(int bookRow) const
{
    if (!m_book || bookRow < 0 || bookRow >= m_book->rowCount())
        return 0;
    const OrderBookModel::Level &level = m_book->level(bookRow);
    return level.side == OrderBookModel::Side::Bid ? m_own.value(level.price) : 0;
}

int LadderView::lineHeight() const
{
    return fontMetrics().height() + 6;
}

int LadderView::lineCount() const
{
    // Header-less: asks, the spread line, bids. An empty book still shows the spread line.
    return (m_book ? m_book->rowCount() : 0) + 1;
}

int LadderView::lineOf(int bookRow) const
{
    return bookRow < m_book->firstBidRow() ? bookRow : bookRow + 1;
}

int LadderView::bookRowOfLine(int line) const
{
    if (!m_book || line < 0 || line >= lineCount())
        return -1;
    const int spreadLine = m_book->firstBidRow();
    if (line == spreadLine)
        return -1;
    return line < spreadLine ? line : line - 1;
}

int LadderView::bookRowAt(int y) const
{
    const int line = (y + verticalScrollBar()->value()) / lineHeight();
    return y < 0 ? -1 : bookRowOfLine(line);
}

QRect LadderView::bookRowRect(int bookRow) const
{
    if (!m_book || bookRow < 0 || bookRow >= m_book->rowCount())
        return {};
    return QRect(0, lineOf(bookRow) * lineHeight() - verticalScrollBar()->value(),
                 viewport()->width(), lineHeight());
}

QRect LadderView::spreadRect() const
{
    const int line = m_book ? m_book->firstBidRow() : 0;
    return QRect(0, line * lineHeight() - verticalScrollBar()->value(), viewport()->width(),
                 lineHeight());
}

void LadderView::setCurrentBookRow(int bookRow)
{
    if (!m_book || bookRow < 0 || bookRow >= m_book->rowCount())
        return;
    m_current = LevelKey {m_book->level(bookRow).side, m_book->level(bookRow).price};
    const QRect rect = bookRowRect(bookRow);
    if (rect.top() < 0 || rect.bottom() > viewport()->height()) {
        m_follow = false;
        m_programmaticScroll = true;
        verticalScrollBar()->setValue(lineOf(bookRow) * lineHeight() - viewport()->height() / 2);
        m_programmaticScroll = false;
    }
    viewport()->update();
}

int LadderView::currentBookRow() const
{
    if (!m_book || !m_current)
        return -1;
    for (int row = 0; row < m_book->rowCount(); ++row) {
        const OrderBookModel::Level &level = m_book->level(row);
        if (level.side == m_current->side && level.price == m_current->price)
            return row;
    }
    return -1;
}

void LadderView::centreOnSpread()
{
    m_follow = true;
    updateScrollRange();
    viewport()->update();
}

void LadderView::scheduleRepaint()
{
    if (!m_repaint.isActive())
        m_repaint.start();
}

void LadderView::repaintNow()
{
    updateScrollRange();
    viewport()->update();
}

void LadderView::updateScrollRange()
{
    QScrollBar *bar = verticalScrollBar();
    const int total = lineCount() * lineHeight();
    m_programmaticScroll = true;
    bar->setPageStep(viewport()->height());
    bar->setSingleStep(lineHeight());
    bar->setRange(0, std::max(0, total - viewport()->height()));
    if (m_follow) {
        const int spreadMiddle = spreadRect().top() + bar->value() + lineHeight() / 2;
        bar->setValue(spreadMiddle - viewport()->height() / 2);
    }
    m_programmaticScroll = false;
}

void LadderView::scrollContentsBy(int, int)
{
    if (!m_programmaticScroll)
        m_follow = false; // the user scrolled: stop following the spread until Home
    viewport()->update();
}

void LadderView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    const QRect port = viewport()->geometry();
    m_header->setGeometry(port.x(), port.y() - lineHeight(), port.width(), lineHeight());
    updateScrollRange();
}

QSize LadderView::sizeHint() const
{
    return QSize(fontMetrics().horizontalAdvance(QLatin1Char('0')) * 40, lineHeight() * 24);
}

void LadderView::paintEvent(QPaintEvent *)
{
    ++m_paints;
    QPainter p(viewport());
    const QPalette pal = palette();
    const int lh = lineHeight();
    const int width = viewport()->width();
    const int scroll = verticalScrollBar()->value();
    const QLocale loc = locale();
    auto column = [&](int i) {
        return columnRect(width, i, lh);
    };

    const int first = std::max(0, scroll / lh);
    const int last = std::min(lineCount() - 1, (scroll + viewport()->height()) / lh);
    const int current = currentBookRow();
    for (int line = first; line <= last; ++line) {
        const int y = line * lh - scroll;
        const int row = bookRowOfLine(line);
        if (row < 0) { // the spread line
            p.fillRect(0, y, width, lh, pal.color(QPalette::AlternateBase));
            p.setPen(pal.color(QPalette::Text));
            const std::optional<Cents> spread = m_book ? m_book->spread() : std::nullopt;
            QString text;
            if (spread) {
                const Cents mid = (*m_book->bestBid() + *m_book->bestAsk()) / 2;
                text = tr("Spread %1 (%2 %)")
                           .arg(Money::format(*spread, loc),
                                loc.toString(mid > 0 ? 100.0 * double(*spread) / double(mid) : 0.0,
                                             'f', 2));
            } else if (m_book && m_book->bestAsk()) {
                text = tr("No bids");
            } else if (m_book && m_book->bestBid()) {
                text = tr("No offers");
            } else {
                text = tr("Empty book");
            }
            p.drawText(QRect(0, y, width, lh), Qt::AlignCenter, text);
            continue;
        }
        const OrderBookModel::Level &level = m_book->level(row);
        const bool ask = level.side == OrderBookModel::Side::Ask;
        const QColor sideColor = ask ? askColor(pal) : bidColor(pal);
        // The size bar grows from the right edge with the cumulative depth of its side.
        const double fraction =
            m_book->data(m_book->index(row, 0), OrderBookModel::DepthFractionRole).toDouble();
        QColor bar = sideColor;
        bar.setAlpha(row == m_hover ? 70 : 45);
        const double barWidth = (width - MarkerWidth) * fraction;
        p.fillRect(QRectF(width - barWidth, y, barWidth, lh), bar);
        if (row == current) {
            QColor highlight = pal.color(QPalette::Highlight);
            highlight.setAlpha(90);
            p.fillRect(0, y, width, lh, highlight);
        }
        const qint64 own = ownGpusAt(row);
        if (own > 0) { // a filled disc in the marker column
            p.setRenderHint(QPainter::Antialiasing);
            p.setBrush(pal.color(QPalette::Highlight));
            p.setPen(Qt::NoPen);
            const int d = std::min(MarkerWidth - 4, lh - 6);
            p.drawEllipse(QRect(3, y + (lh - d) / 2, d, d));
            p.setRenderHint(QPainter::Antialiasing, false);
        }
        QFont font = p.font();
        font.setBold(own > 0);
        p.setFont(font);
        for (int c = 0; c < OrderBookModel::ColumnCount; ++c) {
            p.setPen(c == OrderBookModel::Price ? sideColor : pal.color(QPalette::Text));
            p.drawText(column(c).translated(0, y), Qt::AlignRight | Qt::AlignVCenter,
                       cellText(row, c));
        }
        font.setBold(false);
        p.setFont(font);
    }
}

QString LadderView::cellText(int bookRow, int column) const
{
    if (!m_book || bookRow < 0 || bookRow >= m_book->rowCount())
        return {};
    const OrderBookModel::Level &level = m_book->level(bookRow);
    const QLocale loc = locale();
    switch (column) {
    case OrderBookModel::Price:
        return Money::format(level.price, loc);
    case OrderBookModel::Gpus:
        return loc.toString(level.gpus);
    case OrderBookModel::Cumulative:
        return loc.toString(m_book->cumulative(bookRow));
    case OrderBookModel::Orders:
        return loc.toString(level.orders);
    case OrderBookModel::Block:
        // What one server can take at this price; a bid has no such figure.
        return level.side == OrderBookModel::Side::Ask ? loc.toString(level.block) : QString();
    }
    return {};
}

void LadderView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    const int row = bookRowAt(event->position().toPoint().y());
    if (row < 0)
        return;
    m_current = LevelKey {m_book->level(row).side, m_book->level(row).price};
    viewport()->update();
    Q_EMIT levelActivated(row);
}

void LadderView::mouseMoveEvent(QMouseEvent *event)
{
    const int row = bookRowAt(event->position().toPoint().y());
    if (row != m_hover) {
        m_hover = row;
        viewport()->update();
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void LadderView::leaveEvent(QEvent *event)
{
    m_hover = -1;
    viewport()->update();
    QAbstractScrollArea::leaveEvent(event);
}

void LadderView::keyPressEvent(QKeyEvent *event)
{
    const int rows = m_book ? m_book->rowCount() : 0;
    const int page = std::max(1, viewport()->height() / lineHeight() - 1);
    // With no current level, the first step lands next to the spread.
    const int current = currentBookRow();
    const int from = current >= 0 ? current : (m_book ? m_book->firstBidRow() : 0);
    switch (event->key()) {
    case Qt::Key_Up:
        setCurrentBookRow(current >= 0 ? std::max(0, from - 1) : from - 1);
        break;
    case Qt::Key_Down:
        setCurrentBookRow(current >= 0 ? std::min(rows - 1, from + 1) : from);
        break;
    case Qt::Key_PageUp:
        setCurrentBookRow(std::max(0, from - page));
        break;
    case Qt::Key_PageDown:
        setCurrentBookRow(std::min(rows - 1, from + page));
        break;
    case Qt::Key_Home:
        centreOnSpread();
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (current >= 0 && current < rows)
            Q_EMIT levelActivated(current);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool LadderView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_book) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int row = bookRowAt(help->pos().y());
        if (row < 0) {
            QToolTip::hideText();
            return true;
        }
        const OrderBookModel::Level &level = m_book->level(row);
        const QLocale loc = locale();
        QString text = (level.side == OrderBookModel::Side::Ask
                            ? tr("%n GPU(s) offered at %1 per GPU-hour", "", int(level.gpus))
                            : tr("%n GPU(s) bid at %1 per GPU-hour", "", int(level.gpus)))
                           .arg(Money::format(level.price, loc));
        if (level.side == OrderBookModel::Side::Ask)
            text += QLatin1Char('\n')
                + tr("At most %n GPU(s) of them on one server", "", int(level.block));
        if (const qint64 own = ownGpusAt(row))
            text += QLatin1Char('\n') + tr("%n GPU(s) of them are your bids", "", int(own));
        QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void LadderView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    if (event->type() == QEvent::FontChange)
        setViewportMargins(0, lineHeight(), 0, 0);
    if (event->type() == QEvent::LocaleChange || event->type() == QEvent::FontChange
        || event->type() == QEvent::PaletteChange)
        scheduleRepaint();
    QAbstractScrollArea::changeEvent(event);
}

void LadderView::retranslateUi()
{
    setAccessibleName(tr("Order book ladder"));
    setAccessibleDescription(
        tr("Offers above, bids below. Enter fills the order ticket with the current level."));
    static_cast<LadderHeader *>(m_header)->titles = {
        tr("Price"), tr("GPUs"), tr("Total"), tr("Orders"),
        tr("One server", "the most GPUs one server offers at an ask level")};
    m_header->update();
    viewport()->update();
}

} // namespace everx
