#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Installs the Debian 12 (bookworm) packages EverX Desk builds, runs and tests with, on a
# minimal system: apt-get --no-install-recommends installs exactly these and their Depends.
# Idempotent: does nothing when everything is already installed. Uses sudo when not run as root.
# --list prints the packages, one a line, and installs nothing (scripts/check-packages.sh, run
# by the test suite, checks that the list covers everything the build and the scripts use).
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config clang-format git
    qt6-base-dev qt6-base-dev-tools qt6-websockets-dev qt6-charts-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    libqt6opengl6-dev   # Qt6Charts' CMake config needs Qt6OpenGL; qt6-charts-dev only recommends it
    libqt6sql6-sqlite libqt6sql6-psql libqt6svg6 libgl-dev libssl-dev
    libsqlite3-dev libpq-dev   # the engine's buffered writes use SQLite's and libpq's own API (engine/database_writebuffer.cpp)
    libmimalloc-dev            # the server's and the benchmarks' malloc (CMakeLists.txt: EVERX_MIMALLOC)
    libcurl4-openssl-dev       # the server's mail: SMTP with STARTTLS (exchange/server/smtpmailer.h)
    postgresql postgresql-client
    xvfb xauth imagemagick xdotool                # scripts/screenshots.sh: the desk under Xvfb, shots, keys
    python3-websockets                            # scripts/probe-access.py: an attacker's view
    python3-aiosmtpd                              # the mail tests' SMTP server on loopback (tst_servermail)
    desktop-file-utils appstream systemd man-db   # the packaging checks (scripts/check-dist.sh)
    dpkg-dev file                                 # cpack: dpkg-shlibdeps, and file to find ELF
    lintian                                       # the packages' checks (scripts/check-lintian.sh)
    lld                                           # the linker (CMakeLists.txt: EVERX_USE_LLD)
    clang-14 libclang-rt-14-dev llvm-14           # scripts/fuzz.sh: libFuzzer, its sanitizers, symbolized reports
)

if [ "${1:-}" = "--list" ]; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep "install ok installed" >/dev/null || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "Installing: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
