// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/requests.h"
#include "views/providerlistingsmodel.h"

#include <QtWidgets/QDialog>

#include <functional>
#include <memory>

namespace Ui {
class RepriceDialog;
}

namespace everx {

// Reprices one or several listings (the provider workspace): to a price, to the best offer of
// each listing's GPU (the workspace gives other providers' best, never one's own), or to the best
// offer minus a percentage or an amount (ProviderListingsModel::priceFor). The preview lists each
// listing's new price; listings the rule gives no price for (no offer for their GPU) are left out
// and said so. OK emits submitted() with the reprices; the workspace sends them.
class RepriceDialog final : public QDialog
{
    Q_OBJECT

public:
    using BestAsk = std::function<std::optional<Cents>(const QString &gpu)>;
    using Rule = ProviderListingsModel::PriceRule;

    RepriceDialog(const QList<Listing> &listings, const GpuCatalog &catalog, BestAsk bestAsk,
                  QWidget *parent = nullptr);
    ~RepriceDialog() override;

    void setRule(Rule rule);
    // What OK would send now: one reprice per listing the rule prices.
    QList<Reprice> reprices() const;

Q_SIGNALS:
    void submitted(const QList<everx::Reprice> &reprices);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fillRules();
    void updatePreview();
    // The value field read for the rule: cents, or basis points for a percentage.
    std::optional<qint64> value() const;

    std::unique_ptr<::Ui::RepriceDialog> m_ui;
    QList<Listing> m_listings;
    const GpuCatalog &m_catalog;
    BestAsk m_bestAsk;
};

} // namespace everx
