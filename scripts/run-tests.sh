#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One command on a fresh Debian 12 machine: installs the packages, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
# The engine's SQL is also tested on PostgreSQL (QPSQL), on a local cluster on loopback.
export EVERX_TEST_PG_URL="${EVERX_TEST_PG_URL:-$(scripts/start-postgres.sh)}"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build --output-on-failure --timeout 600 -j"${EVERX_TEST_JOBS:-2}"
