#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds the libFuzzer targets (fuzz/, clang with ASan and UBSan, in build-sanitize/) and runs each
# for a while, starting from its seed corpus fuzz/corpus/<target>/. The corpus a run grows is
# kept in build-sanitize/corpus/<target>/ (a later run goes on from it); a crash, a sanitizer report
# or a broken property saves its input in build-sanitize/artifacts/ and fails the script.
#
# Usage: scripts/fuzz.sh [seconds per target (default 60)] [target...]
#   CI:        scripts/fuzz.sh 60
#   long run:  scripts/fuzz.sh 3600 fuzz_service      (hours: pass -jobs=N through FUZZ_ARGS)
#   replay:    build-sanitize/fuzz/fuzz_service build-sanitize/artifacts/fuzz_service/crash-...
#   new seeds: build-sanitize/fuzz/<target> -merge=1 fuzz/corpus/<target> build-sanitize/corpus/<target>
# Prints, for each target, the executions, their rate and the corpus size.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_frame fuzz_service)

# The fuzz targets are built in build-sanitize/ (clang, ASan, UBSan, coverage in every room:
# scripts/configure-sanitizers.sh), beside the sanitized suite; only the targets asked for and
# the rooms they link are built here.
scripts/configure-sanitizers.sh
cmake --build build-sanitize -j"${EVERX_JOBS:-2}" --target "${targets[@]}"

export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-14/bin/llvm-symbolizer}
status=0
for target in "${targets[@]}"; do
    corpus=build-sanitize/corpus/$target
    artifacts=build-sanitize/artifacts/$target/
    mkdir -p "$corpus" "$artifacts"
    log=build-sanitize/$target.log
    # A finding ends the run with a non-zero status; the rest of the targets still run.
    if ! build-sanitize/fuzz/"$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts" ${FUZZ_ARGS:-} \
        "$corpus" "fuzz/corpus/$target" >"$log" 2>&1; then
        status=1
        echo "$target: FOUND A PROBLEM (log: $log, input: $artifacts)"
        grep -E -m 20 'ERROR|property violated|runtime error|SUMMARY|^    #[0-9] ' "$log" || true
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    echo "$target: ${runs:-?} executions in ${seconds} s (${rate:-?}/s), corpus" \
        "$(ls "$corpus" | wc -l) inputs ($(du -sk "$corpus" | cut -f1) KB)," \
        "seeds $(ls "fuzz/corpus/$target" | wc -l)"
done
exit $status
