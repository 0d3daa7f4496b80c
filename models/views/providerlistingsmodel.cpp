// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/providerlistingsmodel.h"

#include "market/marketrules.h"
#include "wire/vocabulary.h"

namespace everx {

namespace {

constexpr TableModel::ColumnTitle ProviderListingsTitles[] = {
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "GPU", ""),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "Price", "per GPU-hour"),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "Vs best offer",
                       "a listing's price minus the best offer of its GPU"),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "State", ""),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "Earnings",
                       "what a listing has earned to date"),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "GPUs", ""),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "Rented",
                       "GPUs of a listing that are rented"),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "Idle",
                       "GPUs of a listing that are not rented"),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "Region", ""),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "Cluster",
                       "servers of one provider joined by a fast network"),
    QT_TRANSLATE_NOOP3("everx::ProviderListingsModel", "Endpoint", "access details of a server"),
};
static_assert(std::size(ProviderListingsTitles) == ProviderListingsModel::ColumnCount);

} // namespace

ProviderListingsModel::ProviderListingsModel(const GpuCatalog &catalog, QObject *parent)
    : AccountRecordsModel<Listing>(
        ProviderListingsTitles, AccountEvent::Listing,
        [](const Listing &l) { return l.state != ListingState::Removed; }, parent)
    , m_catalog(catalog)
{ }

std::optional<Cents> ProviderListingsModel::priceFor(PriceRule rule, qint64 value,
                                                     std::optional<Cents> bestAsk)
{
    std::optional<Cents> price;
    switch (rule) {
    case PriceRule::Fixed:
        price = value;
        break;
    case PriceRule::BestAsk:
        price = bestAsk;
        break;
    case PriceRule::BestAskMinusPercent:
        if (bestAsk && value >= 0 && value <= MarketRules::MaxBasisPoints)
            price = *bestAsk - Money::basisPoints(*bestAsk, int(value));
        break;
    case PriceRule::BestAskMinusAmount:
        if (bestAsk && value >= 0)
            price = *bestAsk - value;
        break;
    }
    if (!price || *price < MarketRules::MinPriceCents || *price > MarketRules::MaxPriceCents)
        return std::nullopt;
    return price;
}

QString ProviderListingsModel::fabricName(Fabric fabric)
{
    // Product names, the same in every language.
    switch (fabric) {
    case Fabric::None:
        break;
    case Fabric::InfiniBand:
        return QStringLiteral("InfiniBand");
    case Fabric::RoCE:
        return QStringLiteral("RoCE");
    case Fabric::Ethernet:
        return QStringLiteral("Ethernet");
    }
    return {};
}

namespace {

QString stateText(ListingState state)
{
    switch (state) {
    case ListingState::Active:
        return ProviderListingsModel::tr("Active", "listing state");
    case ListingState::Paused:
        return ProviderListingsModel::tr("Paused", "listing state");
    case ListingState::Removed:
        return ProviderListingsModel::tr("Removed", "listing state");
    }
    return {};
}

} // namespace

QVariant ProviderListingsModel::roleData(int row, int column, int role) const
{
    if (role == ListingIdRole)
        return record(row).id;
    if (role == Qt::TextAlignmentRole) {
        const bool number = column != Gpu && column != State && column != Region
            && column != Cluster && column != Endpoint;
        return number ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    }
    return {};
}

QVariant ProviderListingsModel::cell(int row, int column, bool raw) const
{
    const Listing &l = record(row);
    switch (column) {
    case Gpu:
        return raw ? l.gpu : m_catalog.displayName(l.gpu);
    case Gpus:
        return raw ? QVariant(l.gpuCount) : QVariant(locale().toString(l.gpuCount));
    case Rented:
        return raw ? QVariant(l.rentedGpus) : QVariant(locale().toString(l.rentedGpus));
    case Idle: {
        const qint32 idle = l.gpuCount - l.rentedGpus;
        return raw ? QVariant(idle) : QVariant(locale().toString(idle));
    }
    case Price:
        return raw ? QVariant(l.askCents) : QVariant(Money::format(l.askCents, locale()));
    case VsBestAsk: {
        const std::optional<Cents> best = m_bestAsk.value(l.gpu);
        if (!best)
            return raw ? QVariant() : QVariant(QStringLiteral("–"));
        const Cents diff = l.askCents - *best;
        if (raw)
            return diff;
        if (diff == 0)
            return tr("at best", "a listing priced at the best offer");
        const QString amount = Money::format(diff < 0 ? -diff : diff, locale());
        return (diff > 0 ? QStringLiteral("+") : QStringLiteral("−")) + amount;
    }
    case State:
        return raw ? QVariant(int(l.state)) : QVariant(stateText(l.state));
    case Region:
        return l.region;
    case Cluster:
        if (raw || l.cluster.isEmpty())
            return l.cluster;
        //: a cluster's name, its network (InfiniBand, RoCE, Ethernet) and the network's speed
        return tr("%1 (%2, %3 Gb/s)")
            .arg(l.cluster, fabricName(l.fabric), locale().toString(l.fabricGbps));
    case Endpoint:
        return l.endpoint;
    case Earnings: {
        const Cents e = m_earnings.value(l.id);
        return raw ? QVariant(e) : QVariant(Money::format(e, locale()));
    }
    }
    return {};
}

void ProviderListingsModel::setBestAsk(const QString &gpu, std::optional<Cents> ask)
{
    const auto known = m_bestAsk.constFind(gpu);
    if (known != m_bestAsk.cend() && *known == ask)
        return;
    m_bestAsk.insert(gpu, ask);
    for (int row = 0; row < rowCount(); ++row) {
        if (record(row).gpu == gpu)
            Q_EMIT dataChanged(index(row, VsBestAsk), index(row, VsBestAsk));
    }
}

void ProviderListingsModel::setEarnings(const QList<ListingEarnings> &earnings)
{
    for (const ListingEarnings &e : earnings) {
        if (m_earnings.value(e.listingId, -1) == e.earningsCents)
            continue;
        m_earnings.insert(e.listingId, e.earningsCents);
        if (const int row = rowOf(e.listingId); row >= 0)
            Q_EMIT dataChanged(index(row, Earnings), index(row, Earnings));
    }
}

} // namespace everx
