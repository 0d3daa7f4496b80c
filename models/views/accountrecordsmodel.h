// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "views/recordtablemodel.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonObject>
#include <QtCore/QLatin1StringView>

namespace everx {

// The live records of one kind from the private "account" channel (docs/architecture.md "The
// desk"): the snapshot's live records become the rows, then each event of that kind inserts or
// updates its record while it is live and removes its row once it is not (an order filled or
// cancelled, a rental ended, a listing removed, a top-up credited or expired).
template<typename T>
class AccountRecordsModel : public RecordTableModel<T>
{
public:
    // The "account" channel: a snapshot, or an event of any type (others are ignored).
    void applySnapshot(const QJsonObject &data)
    {
        QList<T> live;
        for (const T &r : Wire::unwrapEach<T>(data)) {
            if (m_isLive(r))
                live.append(r);
        }
        this->replaceAll(live);
    }

    void applyEvent(const QJsonObject &event)
    {
        if (Wire::accountEventType(event) != m_eventType)
            return;
        const std::optional<T> r = Wire::unwrap<T>(event);
        if (!r)
            return;
        if (m_isLive(*r))
            this->upsert(*r);
        else
            this->remove(r->id);
    }

protected:
    // `eventType`: the events that carry a T (AccountEvent); `isLive`: whether a record has a row.
    AccountRecordsModel(std::span<const TableModel::ColumnTitle> titles,
                        QLatin1StringView eventType, bool (*isLive)(const T &), QObject *parent)
        : RecordTableModel<T>(titles, parent)
        , m_eventType(eventType)
        , m_isLive(isLive)
    { }

private:
    QLatin1StringView m_eventType;
    bool (*m_isLive)(const T &);
};

} // namespace everx
