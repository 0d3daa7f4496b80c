// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

// What the files of ExchangeEngine (exchangeengine.cpp and exchangeengine_<topic>.cpp) share, and
// nothing else includes.

#include <QtCore/QLoggingCategory>

namespace everx {

Q_DECLARE_LOGGING_CATEGORY(lcEngine)

} // namespace everx
