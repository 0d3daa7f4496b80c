#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds the Debian packages (everx-desk, everx-exchanged) from build/: configures it for the
# /usr layout, builds what changed, and runs cpack. Prints the paths of the .deb files.
# Install them with apt-get install ./build/everx-desk_*.deb (apt resolves the dependencies).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/CMakeCache.txt ] || scripts/build.sh
cmake -S . -B build -DCMAKE_INSTALL_PREFIX=/usr >/dev/null
cmake --build build -j"${EVERX_JOBS:-2}" >/dev/null
(cd build && cpack --config CPackConfig.cmake >cpack.log) || {
    cat build/cpack.log
    exit 1
}
ls "$PWD"/build/everx-*.deb
