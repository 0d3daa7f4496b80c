// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/allocator.h"

#include <QtCore/QFileInfo>

#include <dlfcn.h>

namespace everx {

QString mallocLibrary()
{
    // The definition the dynamic linker bound malloc to for the whole process: the first in
    // load order (a library linked before libc overrides it), not the one this file was
    // linked against.
    void *const symbol = dlsym(RTLD_DEFAULT, "malloc");
    Dl_info info {};
    if (!symbol || dladdr(symbol, &info) == 0 || !info.dli_fname)
        return QStringLiteral("unknown");
    return QFileInfo(QString::fromLocal8Bit(info.dli_fname)).fileName();
}

} // namespace everx
