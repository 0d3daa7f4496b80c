// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/requests.h"

#include <QtCore/QByteArray>

namespace everx {

// A provider's statistics (provider.stats) as CSV (RFC 4180, UTF-8, CRLF), one row per day,
// oldest first: date (ISO 8601, UTC), earnings (USD, "12.34"), rented GPU-hours, listed
// GPU-hours (two decimals), utilisation (percent, two decimals). Machine-readable: the same
// in every language of the desk, so that a spreadsheet reads it as numbers.
namespace ProviderStatsCsv {
QByteArray toCsv(const ProviderStats &stats);
} // namespace ProviderStatsCsv

} // namespace everx
