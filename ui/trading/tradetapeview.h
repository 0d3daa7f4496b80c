// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtWidgets/QTableView>

namespace everx {

class TradeTapeModel;

// The selected GPU's trade tape (docs/architecture.md "The desk"): newest trade on top, price and
// side in green for buyers, red for sellers, faded for the sandbox's history prints. The colours
// come from the palette (MarketColors), so light and dark themes both read. Read-only.
class TradeTapeView final : public QTableView
{
    Q_OBJECT

public:
    explicit TradeTapeView(TradeTapeModel *model, QWidget *parent = nullptr);
    ~TradeTapeView() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
};

} // namespace everx
