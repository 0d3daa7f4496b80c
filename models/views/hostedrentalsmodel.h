// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/gpucatalog.h"
#include "market/requests.h"
#include "views/recordtablemodel.h"

namespace everx {

// Rentals on a provider's hardware, running and ended (provider.rentals): GPUs, started, hours
// billed and earnings so far; nothing about the customer. The workspace merges each page it
// fetches (rows by id: a rental billed again updates its row).
class HostedRentalsModel final : public RecordTableModel<HostedRental>
{
    Q_OBJECT

public:
    enum Column { Gpu, Gpus, Started, HoursBilled, Earned, State, ColumnCount };

    explicit HostedRentalsModel(const GpuCatalog &catalog, QObject *parent = nullptr);

    // Inserts or updates every rental of a page.
    void merge(const QList<HostedRental> &rentals);

private:
    QVariant cell(int row, int column, bool raw) const override;

    const GpuCatalog &m_catalog;
};

} // namespace everx
