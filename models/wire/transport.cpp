// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/transport.h"

namespace everx {

// Out of line, so that the vtable and the moc output live in this library's object file.
Transport::~Transport() = default;

} // namespace everx
