// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>

namespace everx {

// The file name of the shared library whose malloc() this process calls: "libmimalloc.so.2" in
// a server built with mimalloc (EVERX_MIMALLOC), "libc.so.6" with glibc's, or the program's own
// name under a sanitizer that replaces malloc. What everx_build_info reports and the benchmarks
// print, since the engine's figures depend on it.
QString mallocLibrary();

} // namespace everx
