#pragma once

#include <QtCore/QIdentityProxyModel>

namespace everx {

// Colours an order book's rows for the ladder view: offers (asks) red, bids green, from the
// model's IsAskRole. Colour is the view's business; the model stays free of QtGui.
class LadderColorProxy final : public QIdentityProxyModel
{
    Q_OBJECT

public:
    using QIdentityProxyModel::QIdentityProxyModel;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
};

} // namespace everx
