// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/gpucatalog.h"
#include "market/marketrecords.h"
#include "market/requests.h"
#include "views/accountrecordsmodel.h"

#include <QtCore/QHash>
#include <QtCore/QJsonObject>

#include <optional>

namespace everx {

// A provider's listings (the provider workspace), live from the "account" channel: the
// snapshot's listings, then "listing" events (a removed listing leaves its row). Beside each
// listing's own fields: its distance from the best ask of its GPU (setBestAsk, from the ticker)
// and what it has earned to date (setEarnings, from provider.stats). A listing in a cluster shows
// the cluster's name, fabric and speed. Each of those changes emits
// dataChanged for the rows of that GPU or listing only.
class ProviderListingsModel final : public AccountRecordsModel<Listing>
{
    Q_OBJECT

public:
    // What decides a reprice comes first (GPU, price, its distance from the best offer, state,
    // earnings), so that it shows without scrolling; the server's details follow.
    enum Column {
        Gpu,
        Price,
        VsBestAsk,
        State,
        Earnings,
        Gpus,
        Rented,
        Idle,
        Region,
        Cluster,
        Endpoint,
        ColumnCount
    };
    enum Role { ListingIdRole = RawValueRole + 1 };

    // How a reprice sets the price, against the best ask of the listing's GPU.
    enum class PriceRule { Fixed, BestAsk, BestAskMinusPercent, BestAskMinusAmount };
    // The price a rule gives: Fixed is `value` (cents); BestAsk the best ask; minus a percent
    // (`value` in basis points, Money::basisPoints' rounding) or an amount (cents). Nullopt when
    // the rule needs a best ask and there is none, or the result is out of MarketRules' range.
    static std::optional<Cents> priceFor(PriceRule rule, qint64 value,
                                         std::optional<Cents> bestAsk);
    // A cluster's fabric as people name it ("InfiniBand"); empty for none.
    static QString fabricName(Fabric fabric);

    explicit ProviderListingsModel(const GpuCatalog &catalog, QObject *parent = nullptr);

    void setBestAsk(const QString &gpu, std::optional<Cents> ask);
    std::optional<Cents> bestAsk(const QString &gpu) const { return m_bestAsk.value(gpu); }
    void setEarnings(const QList<ListingEarnings> &earnings);
    Cents earnings(qint64 listingId) const { return m_earnings.value(listingId); }

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;

    const GpuCatalog &m_catalog;
    QHash<QString, std::optional<Cents>> m_bestAsk;
    QHash<qint64, Cents> m_earnings;
};

} // namespace everx
