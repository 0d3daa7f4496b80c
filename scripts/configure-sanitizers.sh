#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Configures build-sanitize/: clang 14 with AddressSanitizer and UndefinedBehaviorSanitizer
# (-fno-sanitize-recover: a report fails the program), every room instrumented for libFuzzer's
# coverage, the suite and the fuzz targets. One build serves scripts/run-sanitizers.sh (the
# suite under the sanitizers) and scripts/fuzz.sh (the fuzz targets), so CI compiles the rooms
# once for both.
#
# Rooms at -O1 with line tables: the code under test runs at a useful speed and a report names
# its lines. The suites' own code at -O0, as in every build (EVERX_TEST_COMPILE_OPTIONS; with
# clang and the sanitizers, tst_mainwindow.cpp takes 9.7 s of CPU against 17.6 s at -O1).
# Warnings are gcc's to police (CI's -Werror build of build/): clang's differ, and a new one
# must not stop the sanitizers or the fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."
CC=clang-14 CXX=clang++-14 cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" \
    -DSANITIZERS=address,undefined -DEVERX_FUZZ=ON -DEVERX_WERROR=OFF >/dev/null
