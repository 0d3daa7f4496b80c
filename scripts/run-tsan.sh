#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# ThreadSanitizer over the suites that start threads (build-tsan/: scripts/configure-tsan.sh): the
# hashing pool, the in-process transports, the database's writer and checkpointer, group commit
# and the service, the I/O threads, the desk's embedded exchange, and everx-loadgen at a small
# scale, twice against one sandbox server (both programs built with ThreadSanitizer; the server is
# started by the test's script: a process started by QProcess from a ThreadSanitizer program
# trips clang 14's runtime in fork). Any report fails:
# every process, the servers the tests start included, writes its reports into
# build-tsan/tsan-reports/, which must stay empty. Assumes the packages are installed
# (run-tests.sh) and EVERX_TEST_PG_URL is set if the PostgreSQL suites should run on it too.
set -euo pipefail
cd "$(dirname "$0")/.."
suites=(tst_hashingpool tst_inprocesstransport tst_database tst_sqlitewalbuffer tst_postgres
        tst_exchangeservice tst_exchangeserver tst_sessionintegration tst_serverinput
        tst_embeddedexchange)
scripts/configure-tsan.sh
cmake --build build-tsan -j"${EVERX_JOBS:-2}" --target "${suites[@]}" everx-exchanged everx-loadgen

reports=$PWD/build-tsan/tsan-reports
rm -rf "$reports"
mkdir -p "$reports"
export QT_QPA_PLATFORM=offscreen
# history_size: the longer history a report needs to name both accesses of a busy thread.
export TSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/tsan.supp log_path=$reports/report \
second_deadlock_stack=1 history_size=4 halt_on_error=0 ${TSAN_OPTIONS:-}"
# Each access is several times slower: a longer timeout, Qt Test's watchdog raised to match.
export QTEST_FUNCTION_TIMEOUT=${QTEST_FUNCTION_TIMEOUT:-900000}
pattern="^($(IFS='|'; echo "${suites[*]}")|loadgen_runs_twice_against_one_server)\$"
status=0
ctest --test-dir build-tsan -R "$pattern" --output-on-failure --timeout 900 \
    -j"${EVERX_TEST_JOBS:-2}" || status=1
if compgen -G "$reports/report.*" >/dev/null; then
    echo "ThreadSanitizer reported:"
    cat "$reports"/report.*
    status=1
fi
exit $status
