// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QHash>
#include <QtCore/QtGlobal>

#include <map>
#include <vector>

namespace everx {

// Where whole placements are in one GPU's asks (docs/architecture.md "The market"): each active
// listing's idle GPUs at its price, the listings of each price level in time priority, each
// level's block (the most idle GPUs one listing offers at that price), and the listings of each
// cluster, kept up to date as the book changes, so that "N GPUs on one server at or below a
// price" and "N GPUs in one cluster" are found without walking the book.
//
// A listing's place in its level is the time its idle GPUs began to rest at that price: it keeps
// it while it has any idle there, and goes to the back when it comes back after none, or at a new
// price. Pure data structure, not thread-safe (the engine owns one per GPU on its thread).
class PlacementIndex final
{
public:
    // One listing's share of a placement.
    struct Leg
    {
        qint64 listingId = 0;
        qint32 gpus = 0;
        qint32 price = 0; // cents per GPU-hour, the listing's own
        bool operator==(const Leg &) const = default;
    };

    // A listing's idle GPUs now (0 takes it out), at its price, with its owner and its cluster
    // (0: none; a cluster is one provider's, named by the caller with a small positive number),
    // and how many of them are free for at least an hour from now (at most `idle`; -1: all of
    // them). Fewer are when a window reserved ahead on the listing begins within the hour.
    void set(qint64 listingId, qint64 owner, qint32 price, qint32 idle, qint32 cluster,
             qint32 freeForAnHour = -1);
    void remove(qint64 listingId) { set(listingId, 0, 0, 0, 0); }
    void clear();
    qint32 idle(qint64 listingId) const;

    // The most GPUs one listing offers at this price free for at least an hour; 0 for a price
    // with none.
    qint32 block(qint32 price) const;

    // The one listing that takes `gpus` whole, cheapest first, then earliest, at or below
    // maxPrice and not of excludedOwner (an account never trades with itself); nothing if none.
    std::vector<Leg> server(qint32 gpus, qint32 maxPrice, qint64 excludedOwner) const;
    // The cheapest `gpus` within one cluster, every leg at or below maxPrice, not of
    // excludedOwner: each cluster's cheapest listings (price, then time) summed, and of those the
    // cluster whose total is least (then the one whose first leg rests longest); nothing if none.
    std::vector<Leg> cluster(qint32 gpus, qint32 maxPrice, qint64 excludedOwner) const;
    // The cheapest `gpus` over any listings at or below maxPrice, price then time, not of
    // excludedOwner; nothing unless all of them are there.
    std::vector<Leg> any(qint32 gpus, qint32 maxPrice, qint64 excludedOwner) const;

    // Listings with idle GPUs, for checks: (price, listing) pairs, each level in time priority.
    std::vector<std::pair<qint32, qint64>> levels() const;

private:
    struct Entry
    {
        qint64 owner = 0;
        qint32 price = 0;
        qint32 idle = 0;
        qint32 cluster = 0;
        quint64 seq = 0; // time priority within the level
        qint32 block = 0; // of idle, those free for at least an hour
    };
    struct Level
    {
        std::vector<qint64> listings; // time priority
        qint32 block = 0; // valid unless stale
        bool stale = false;
    };

    void leave(qint64 listingId, const Entry &e);
    qint32 blockOf(Level &level) const;

    QHash<qint64, Entry> m_entries; // listings with idle GPUs
    mutable std::map<qint32, Level> m_levels; // by price; blocks recomputed lazily
    QHash<qint32, std::vector<qint64>> m_clusters; // cluster -> its listings with idle GPUs
    quint64 m_seq = 0;
};

} // namespace everx
