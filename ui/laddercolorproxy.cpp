#include "laddercolorproxy.h"

#include "models/orderbookmodel.h"

#include <QtGui/QColor>

namespace everx {

QVariant LadderColorProxy::data(const QModelIndex &index, int role) const
{
    if (role == Qt::ForegroundRole && index.column() == OrderBookModel::Price) {
        const bool ask = QIdentityProxyModel::data(index, OrderBookModel::IsAskRole).toBool();
        return ask ? QColor(0xc6, 0x28, 0x28) : QColor(0x2e, 0x7d, 0x32);
    }
    return QIdentityProxyModel::data(index, role);
}

} // namespace everx
