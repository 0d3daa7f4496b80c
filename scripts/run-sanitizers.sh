#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds the suite with AddressSanitizer and UndefinedBehaviorSanitizer (clang 14, build-sanitize/:
# scripts/configure-sanitizers.sh) and runs every compiled test under them; any report fails the
# test. Only the suite's targets (everx_tests: no benchmarks, no desk). Assumes the packages are
# installed (run-tests.sh) and EVERX_TEST_PG_URL is set if the PostgreSQL tests should run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/configure-sanitizers.sh
cmake --build build-sanitize -j"${EVERX_JOBS:-2}" --target everx_tests

export QT_QPA_PLATFORM=offscreen
# Leaks are checked: a test that ends with memory no one can reach fails. What system libraries
# keep until the process exits is listed, each with its reason, in tests/sanitizers/lsan.supp.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-14/bin/llvm-symbolizer}
# Sanitized tests run a few times slower: a longer timeout than the plain suite's, Qt Test's
# per-function watchdog (5 min by default) raised to match, and the random stream shortened
# (the plain suite runs the full 120,000 operations; here the point is the memory checks, and
# the invariants checked after every operation cost far more under the sanitizers).
export QTEST_FUNCTION_TIMEOUT=${QTEST_FUNCTION_TIMEOUT:-900000}
export EVERX_RANDOM_OPS=${EVERX_RANDOM_OPS:-5000}
# Three at a time on two cores: the longest sanitized suites wait on the disk (synchronous
# commits), on PostgreSQL or on a server process as much as they compute.
ctest --test-dir build-sanitize -L compiled --output-on-failure --timeout 900 -j"${EVERX_TEST_JOBS:-3}"
