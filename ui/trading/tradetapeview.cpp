// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/tradetapeview.h"

#include "trading/marketcolors.h"

#include "views/tradetapemodel.h"

#include <QtCore/QEvent>
#include <QtCore/QIdentityProxyModel>
#include <QtWidgets/QHeaderView>

namespace everx {

namespace {
// Colours the price and the side of each trade by who started it, in the view's palette.
class SideColorProxy final : public QIdentityProxyModel
{
public:
    explicit SideColorProxy(QWidget *view)
        : QIdentityProxyModel(view)
        , m_view(view)
    { }

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role != Qt::ForegroundRole
            || (index.column() != TradeTapeModel::Price && index.column() != TradeTapeModel::Side))
            return QIdentityProxyModel::data(index, role);
        const QPalette palette = m_view->palette();
        switch (QIdentityProxyModel::data(index, TradeTapeModel::AggressorRole).toInt()) {
        case BuyerAggressor:
            return MarketColors::up(palette);
        case SellerAggressor:
            return MarketColors::down(palette);
        default:
            return MarketColors::neutral(palette);
        }
    }

private:
    QWidget *m_view; // the parent: outlives the proxy
};
} // namespace

TradeTapeView::TradeTapeView(TradeTapeModel *model, QWidget *parent)
    : QTableView(parent)
{
    setObjectName(QStringLiteral("tradeTape"));
    auto *proxy = new SideColorProxy(this);
    proxy->setSourceModel(model);
    setModel(proxy);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    setWordWrap(false);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    // Fitted to a few rows, not all 500 on every new trade.
    horizontalHeader()->setResizeContentsPrecision(32);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    retranslateUi();
}

TradeTapeView::~TradeTapeView() = default;

void TradeTapeView::retranslateUi()
{
    setWindowTitle(tr("Trades", "the trade tape"));
    setAccessibleName(tr("Trade tape"));
}

void TradeTapeView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        viewport()->update();
    QTableView::changeEvent(event);
}

} // namespace everx
