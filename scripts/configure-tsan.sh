#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Configures build-tsan/: clang 14 with ThreadSanitizer, for the suites that start threads
# (scripts/run-tsan.sh). A build of its own: ThreadSanitizer cannot be combined with
# AddressSanitizer, and its instrumentation of every memory access makes the rooms several times
# slower, so only the suites that run threads are built and run here.
#
# Rooms at -O1 with line tables, the suites' own code at -O0 (EVERX_TEST_COMPILE_OPTIONS), as in
# the other sanitizer build; warnings are gcc's to police.
set -euo pipefail
cd "$(dirname "$0")/.."
CC=clang-14 CXX=clang++-14 cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" \
    -DSANITIZERS=thread -DEVERX_WERROR=OFF >/dev/null
