// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/placementindex.h"

#include <algorithm>

namespace everx {

void PlacementIndex::set(qint64 listingId, qint64 owner, qint32 price, qint32 idle, qint32 cluster,
                         qint32 freeForAnHour)
{
    const qint32 block = freeForAnHour < 0 ? idle : std::min(freeForAnHour, idle);
    const auto it = m_entries.find(listingId);
    if (it != m_entries.end()) {
        Entry &e = *it;
        if (idle > 0 && e.price == price && e.owner == owner && e.cluster == cluster) {
            // The same level: the listing keeps its place; only the block may change.
            Level &level = m_levels[price];
            if (block > e.block) {
                if (!level.stale)
                    level.block = std::max(level.block, block);
            } else if (block < e.block && e.block == level.block) {
                level.stale = true; // it may have been the only one that large
            }
            e.idle = idle;
            e.block = block;
            return;
        }
        leave(listingId, e);
        m_entries.erase(it);
    }
    if (idle <= 0)
        return;
    m_entries.insert(listingId, Entry {owner, price, idle, cluster, ++m_seq, block});
    Level &level = m_levels[price];
    level.listings.push_back(listingId);
    if (!level.stale)
        level.block = std::max(level.block, block);
    if (cluster != 0)
        m_clusters[cluster].push_back(listingId);
}

void PlacementIndex::leave(qint64 listingId, const Entry &e)
{
    const auto level = m_levels.find(e.price);
    if (level != m_levels.end()) {
        std::vector<qint64> &ids = level->second.listings;
        ids.erase(std::find(ids.begin(), ids.end(), listingId));
        if (ids.empty())
            m_levels.erase(level);
        else if (e.block == level->second.block)
            level->second.stale = true;
    }
    if (e.cluster != 0) {
        const auto c = m_clusters.find(e.cluster);
        if (c != m_clusters.end()) {
            c->erase(std::find(c->begin(), c->end(), listingId));
            if (c->empty())
                m_clusters.erase(c);
        }
    }
}

void PlacementIndex::clear()
{
    m_entries.clear();
    m_levels.clear();
    m_clusters.clear();
}

qint32 PlacementIndex::idle(qint64 listingId) const
{
    const auto it = m_entries.constFind(listingId);
    return it == m_entries.cend() ? 0 : it->idle;
}

qint32 PlacementIndex::blockOf(Level &level) const
{
    if (level.stale) {
        level.block = 0;
        for (const qint64 id : level.listings)
            level.block = std::max(level.block, m_entries.value(id).block);
        level.stale = false;
    }
    return level.block;
}

qint32 PlacementIndex::block(qint32 price) const
{
    const auto it = m_levels.find(price);
    return it == m_levels.end() ? 0 : blockOf(it->second);
}

std::vector<PlacementIndex::Leg> PlacementIndex::server(qint32 gpus, qint32 maxPrice,
                                                        qint64 excludedOwner) const
{
    for (auto it = m_levels.begin(); it != m_levels.end() && it->first <= maxPrice; ++it) {
        if (blockOf(it->second) < gpus)
            continue;
        for (const qint64 id : it->second.listings) {
            const Entry &e = *m_entries.constFind(id);
            if (e.block >= gpus && e.owner != excludedOwner)
                return {Leg {id, gpus, it->first}};
        }
    }
    return {};
}

std::vector<PlacementIndex::Leg> PlacementIndex::any(qint32 gpus, qint32 maxPrice,
                                                     qint64 excludedOwner) const
{
    std::vector<Leg> legs;
    qint32 left = gpus;
    for (auto it = m_levels.begin(); it != m_levels.end() && it->first <= maxPrice && left > 0;
         ++it) {
        for (const qint64 id : it->second.listings) {
            const Entry &e = *m_entries.constFind(id);
            if (e.owner == excludedOwner)
                continue;
            const qint32 take = std::min(left, e.idle);
            legs.push_back({id, take, it->first});
            left -= take;
            if (left == 0)
                break;
        }
    }
    if (left > 0)
        legs.clear();
    return legs;
}

std::vector<PlacementIndex::Leg> PlacementIndex::cluster(qint32 gpus, qint32 maxPrice,
                                                         qint64 excludedOwner) const
{
    std::vector<Leg> best;
    qint64 bestCost = 0;
    quint64 bestSeq = 0;
    struct Candidate
    {
        qint64 id;
        const Entry *entry;
    };
    std::vector<Candidate> members;
    for (auto c = m_clusters.cbegin(); c != m_clusters.cend(); ++c) {
        members.clear();
        for (const qint64 id : *c) {
            const Entry &e = *m_entries.constFind(id);
            if (e.owner != excludedOwner && e.price <= maxPrice)
                members.push_back({id, &e});
        }
        std::sort(members.begin(), members.end(), [](const Candidate &a, const Candidate &b) {
            return a.entry->price != b.entry->price ? a.entry->price < b.entry->price
                                                    : a.entry->seq < b.entry->seq;
        });
        std::vector<Leg> legs;
        qint32 left = gpus;
        qint64 cost = 0;
        for (const Candidate &m : members) {
            const qint32 take = std::min(left, m.entry->idle);
            legs.push_back({m.id, take, m.entry->price});
            cost += qint64(take) * m.entry->price;
            left -= take;
            if (left == 0)
                break;
        }
        if (left > 0)
            continue;
        const quint64 seq = members.front().entry->seq;
        if (best.empty() || cost < bestCost || (cost == bestCost && seq < bestSeq)) {
            best = std::move(legs);
            bestCost = cost;
            bestSeq = seq;
        }
    }
    return best;
}

std::vector<std::pair<qint32, qint64>> PlacementIndex::levels() const
{
    std::vector<std::pair<qint32, qint64>> out;
    for (const auto &[price, level] : m_levels) {
        for (const qint64 id : level.listings)
            out.emplace_back(price, id);
    }
    return out;
}

} // namespace everx
